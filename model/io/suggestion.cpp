#include "model/io/suggestion.h"

#include <algorithm>
#include <vector>

namespace keyscope::model {

int editDistance(const QString &a, const QString &b)
{
    const QString x = a.toLower();
    const QString y = b.toLower();
    std::vector<int> row(size_t(y.size()) + 1);
    for (qsizetype j = 0; j <= y.size(); ++j)
        row[size_t(j)] = int(j);
    for (qsizetype i = 1; i <= x.size(); ++i) {
        int diagonal = row[0];
        row[0] = int(i);
        for (qsizetype j = 1; j <= y.size(); ++j) {
            const int above = row[size_t(j)];
            const int cost = x[i - 1] == y[j - 1] ? 0 : 1;
            row[size_t(j)] = std::min({above + 1, row[size_t(j - 1)] + 1, diagonal + cost});
            diagonal = above;
        }
    }
    return row[size_t(y.size())];
}

QString closestMatch(const QString &word, const QStringList &candidates)
{
    if (word.isEmpty())
        return {};
    for (const QString &candidate : candidates) {
        if (candidate.compare(word, Qt::CaseInsensitive) == 0)
            return candidate;
    }
    const int allowed = word.size() <= 3 ? 1 : std::max(2, int(word.size() / 3));
    QString best;
    int bestDistance = allowed + 1;
    for (const QString &candidate : candidates) {
        const int distance = editDistance(word, candidate);
        if (distance < bestDistance) {
            best = candidate;
            bestDistance = distance;
        }
    }
    if (!best.isEmpty() || word.size() < 3)
        return best;
    QStringList prefixed;
    for (const QString &candidate : candidates) {
        if (candidate.startsWith(word, Qt::CaseInsensitive)
            || (candidate.size() >= 3 && word.startsWith(candidate, Qt::CaseInsensitive)))
            prefixed << candidate;
    }
    return prefixed.size() == 1 ? prefixed.first() : QString();
}

QString didYouMean(const QString &word, const QStringList &candidates)
{
    const QString best = closestMatch(word, candidates);
    return best.isEmpty() ? QString() : QStringLiteral("; did you mean '%1'?").arg(best);
}

} // namespace keyscope::model
