#include "model/design/designchecker.h"

#include "model/design/checks/checksupport.h"
#include "model/design/checks/inferredtypes.h"

#include <algorithm>

namespace keyscope::model {

QString Finding::severityName(Severity severity)
{
    switch (severity) {
    case Severity::Error:
        return QStringLiteral("error");
    case Severity::Warning:
        return QStringLiteral("warning");
    case Severity::Info:
        return QStringLiteral("info");
    }
    return QString();
}

const QStringList &DesignChecker::checkIds()
{
    static const QStringList ids {
        QStringLiteral("unpadded-number"),
        QStringLiteral("pad-overflow"),
        QStringLiteral("pad-near-limit"),
        QStringLiteral("mixed-case"),
        QStringLiteral("unsortable-timestamp"),
        QStringLiteral("mutable-in-key"),
        QStringLiteral("random-id-order"),
        QStringLiteral("key-too-large"),
        QStringLiteral("empty-key"),
        QStringLiteral("duplicate-key"),
        QStringLiteral("invalid-item"),
        QStringLiteral("lowercase-ulid"),
        QStringLiteral("url-unsafe-key"),
        QStringLiteral("stray-key-text"),
        QStringLiteral("zoneless-timestamp"),
        QStringLiteral("delimiter-in-value"),
        QStringLiteral("prefix-overlap"),
        QStringLiteral("signed-pad"),
        QStringLiteral("mixed-width"),
        QStringLiteral("parent-side"),
        QStringLiteral("limit-before-filter"),
        QStringLiteral("page-size"),
        QStringLiteral("hot-partition"),
        QStringLiteral("lsi-collection-limit"),
        QStringLiteral("gsi-projection-cost"),
        QStringLiteral("scan-like-query"),
    };
    return ids;
}

namespace {

// Paths compare with their indexes as numbers: entities[2] before entities[10]; items[...]
// (hand-written) after the entities.
int comparePaths(const QString &a, const QString &b)
{
    qsizetype i = 0;
    qsizetype j = 0;
    while (i < a.size() && j < b.size()) {
        if (a.at(i).isDigit() && b.at(j).isDigit()) {
            qsizetype ie = i;
            qsizetype je = j;
            while (ie < a.size() && a.at(ie).isDigit())
                ++ie;
            while (je < b.size() && b.at(je).isDigit())
                ++je;
            const qint64 x = a.mid(i, ie - i).toLongLong();
            const qint64 y = b.mid(j, je - j).toLongLong();
            if (x != y)
                return x < y ? -1 : 1;
            i = ie;
            j = je;
            continue;
        }
        if (a.at(i) != b.at(j))
            return a.at(i) < b.at(j) ? -1 : 1;
        ++i;
        ++j;
    }
    if (i < a.size())
        return 1;
    if (j < b.size())
        return -1;
    return 0;
}

int pathRank(const QString &path)
{
    if (path.startsWith(QLatin1String("entities[")))
        return 0;
    if (path.startsWith(QLatin1String("items[")))
        return 2;
    return 1;
}

} // namespace

std::vector<Finding> DesignChecker::check(const Project &project, const Population &population,
                                          const CheckOptions &options)
{
    // Hand-written items are checked as items of the entity types inferred from them.
    const auto inferred = checks::inferItemTypes(project, population, options);
    const checks::CheckContext context(inferred ? inferred->project : project, population, options,
                                       inferred ? &inferred->itemTypes : nullptr);
    std::vector<Finding> findings;
    checks::checkMutableKeys(context, findings);
    checks::checkPadding(context, findings);
    checks::checkOrdering(context, findings);
    checks::checkRandomIdOrder(context, findings);
    checks::checkUrlSafety(context, findings);
    checks::checkKeyLimits(context, findings);
    checks::checkKeyText(context, findings);
    checks::checkHandWrittenCase(context, findings);
    checks::checkTemplates(context, findings);
    checks::checkPatterns(context, findings);
    // After checkPatterns: scan-like-query leaves out what limit-before-filter says.
    checks::checkCosts(context, findings);
    if (inferred) {
        checks::checkInferredParts(context, *inferred, findings);
        checks::describeItemFindings(context, *inferred, findings);
    }

    for (Finding &f : findings) {
        if (!f.keyAttribute.isEmpty())
            f.keyRole = checks::keyRole(project.table, f.keyAttribute);
        else if (f.scopeNote.isEmpty())
            // In the user's words (the JSON path stays in Finding::path).
            f.scopeNote = !f.entity.isEmpty() && !f.attribute.isEmpty()
                ? QStringLiteral("About %1 of %2, not a part of a key template.")
                      .arg(f.attribute, f.entity)
                : !f.entity.isEmpty()
                ? QStringLiteral("About %1 as a whole, not a part of a key template.").arg(f.entity)
                : QStringLiteral("About %1, not a part of a key template.").arg(f.path);
    }

    const auto idRank = [](const QString &id) { return checkIds().indexOf(id); };
    std::stable_sort(findings.begin(), findings.end(), [&](const Finding &a, const Finding &b) {
        if (a.severity != b.severity)
            return int(a.severity) < int(b.severity);
        if (pathRank(a.path) != pathRank(b.path))
            return pathRank(a.path) < pathRank(b.path);
        if (const int c = comparePaths(a.path, b.path))
            return c < 0;
        if (a.id != b.id)
            return idRank(a.id) < idRank(b.id);
        if (a.attribute != b.attribute)
            return a.attribute < b.attribute;
        return a.items < b.items;
    });
    return findings;
}

} // namespace keyscope::model
