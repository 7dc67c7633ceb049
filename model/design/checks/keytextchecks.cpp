// stray-key-text: hand-written key values holding what a person typed by accident or a tool
// left unfilled: leading or trailing white space, control characters (a tab at the end of a
// sort key), placeholders no one replaced ("<sub_feature>", "${date}"), two keys glued into one
// ("EQUIPMENTS#001EQUIPMENTS#002"), and a part that is a garbled copy of an attribute of the
// same item ("REC#12023-05-28T14:15:39.24#..." beside ProcessedDate "2023-05-28T14:15:39.247Z").

#include "model/design/checks/checksupport.h"

#include <QRegularExpression>

#include <algorithm>
#include <map>
#include <vector>

namespace keyscope::model::checks {

namespace {

QString visible(const QString &text)
{
    QString out;
    for (const QChar c : text) {
        if (c == u'\t')
            out += QStringLiteral("\\t");
        else if (c == u'\n')
            out += QStringLiteral("\\n");
        else if (c == u'\r')
            out += QStringLiteral("\\r");
        else if (c.unicode() < 0x20 || c.unicode() == 0x7F)
            out += QStringLiteral("\\x%1").arg(c.unicode(), 2, 16, QLatin1Char('0'));
        else
            out += c;
    }
    return out;
}

// What is wrong with a key text, or empty.
QString problemOf(const QString &text)
{
    static const QRegularExpression placeholder(
        QStringLiteral(R"(<[A-Za-z_][A-Za-z0-9_ -]*>|\$\{[A-Za-z_][A-Za-z0-9_.]*\})"));
    for (const QChar c : text) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7F)
            return QStringLiteral("a control character");
    }
    if (!text.isEmpty() && (text.front().isSpace() || text.back().isSpace()))
        return QStringLiteral("white space at its start or end");
    if (const auto match = placeholder.match(text); match.hasMatch())
        return QStringLiteral("the unfilled placeholder %1").arg(match.captured(0));
    return {};
}

// "EQUIPMENTS#001EQUIPMENTS#002": the key's leading prefix (a word and its separator) again,
// glued to the text before it, as when two keys were pasted into one cell.
QString gluedKeys(const QString &text)
{
    qsizetype end = 0;
    while (end < text.size() && text.at(end).isLetterOrNumber())
        ++end;
    if (end < 3 || end >= text.size() || !QStringLiteral("#|").contains(text.at(end)))
        return {};
    const QString prefix = text.left(end + 1);
    for (qsizetype at = text.indexOf(prefix, prefix.size()); at > 0;
         at = text.indexOf(prefix, at + 1)) {
        if (text.at(at - 1).isLetterOrNumber())
            return QStringLiteral("two keys glued together ('%1' again after '%2')")
                .arg(prefix, text.mid(prefix.size(), at - prefix.size()));
    }
    return {};
}

// Longest common substring of two short texts.
qsizetype commonRun(const QString &a, const QString &b)
{
    std::vector<qsizetype> previous(size_t(b.size()) + 1, 0);
    std::vector<qsizetype> current(previous.size(), 0);
    qsizetype best = 0;
    for (qsizetype i = 1; i <= a.size(); ++i) {
        for (qsizetype j = 1; j <= b.size(); ++j) {
            current[size_t(j)] = a.at(i - 1) == b.at(j - 1) ? previous[size_t(j - 1)] + 1 : 0;
            best = std::max(best, current[size_t(j)]);
        }
        std::swap(previous, current);
    }
    return best;
}

// A part of a key (between '#' or '|') that copies another attribute of the item but not
// exactly: the same text with a few characters added or cut at its ends. Parts and values of
// 12 to 64 characters only (times, ids, addresses), and never when the part equals one of the
// item's values.
QString garbledCopy(const QString &text, const Item &item, const QStringList &keys)
{
    static const QRegularExpression separators(QStringLiteral("[#|]"));
    std::vector<std::pair<QString, QString>> values; // attribute, value
    for (const auto &[name, value] : item) {
        if (value.type() == AttributeValue::Type::S && !keys.contains(name))
            values.emplace_back(name, value.asString());
    }
    for (const QString &part : text.split(separators, Qt::SkipEmptyParts)) {
        if (part.size() < 12 || part.size() > 64)
            continue;
        if (std::any_of(values.begin(), values.end(),
                        [&](const auto &v) { return v.second == part; }))
            continue;
        for (const auto &[name, value] : values) {
            if (value.size() < 12 || value.size() > 64 || value.size() == part.size()
                || std::abs(value.size() - part.size()) > 3)
                continue;
            const qsizetype longer = std::max(value.size(), part.size());
            if (!part.contains(QStringView(value).left(8))
                && !value.contains(QStringView(part).left(8)))
                continue;
            if (commonRun(part, value) >= longer - 3)
                return QStringLiteral("'%1', a garbled copy of the item's %2 ('%3')")
                    .arg(part, name, value);
        }
    }
    return {};
}

} // namespace

void checkKeyText(const CheckContext &context, std::vector<Finding> &findings)
{
    const Population &population = context.population;
    const QStringList keys = context.project.table.allKeyAttributeNames();
    // (key attribute, problem) -> the items
    std::map<std::pair<QString, QString>, std::vector<qint64>> groups;
    for (qint64 i = population.generatedCount; i < population.size(); ++i) {
        const Item &item = population.items[size_t(i)];
        for (const QString &key : keys) {
            const auto found = item.find(key);
            if (found == item.end() || found->second.type() != AttributeValue::Type::S)
                continue;
            QString problem = problemOf(found->second.asString());
            if (problem.isEmpty())
                problem = gluedKeys(found->second.asString());
            if (problem.isEmpty())
                problem = garbledCopy(found->second.asString(), item, keys);
            if (!problem.isEmpty())
                groups[{key, problem}].push_back(i);
        }
    }
    for (const auto &[where, items] : groups) {
        const auto &[key, problem] = where;
        const qint64 first = items.front();
        const QString text = context.keyValue(first, key).asString();
        Finding f;
        f.id = QStringLiteral("stray-key-text");
        f.severity = Finding::Severity::Warning;
        f.attribute = key;
        f.path = QStringLiteral("items[%1]").arg(first - population.generatedCount);
        f.items = {first};
        setConcerned(f, items);
        f.title = QStringLiteral("%1 '%2' holds %3").arg(key, visible(text), problem);
        f.explanation = (items.size() == 1 ? QStringLiteral("%1 has %2 in %3: %4.")
                                           : QStringLiteral("%1 have %2 in %3, for example %4."))
                            .arg(counted(qint64(items.size()), QStringLiteral("hand-written item"),
                                         QStringLiteral("hand-written items")),
                                 problem, key, visible(context.describeItem(first)))
            + QStringLiteral(" DynamoDB keeps key text byte for byte: a Query for the key as "
                             "people write it does not find the item, begins_with and range "
                             "conditions treat the stray characters as part of the key, and two "
                             "items that look alike have different keys.");
        const QString which
            = items.size() == 1 ? QStringLiteral("this item") : QStringLiteral("these items");
        if (problem.startsWith(QLatin1String("two keys glued")))
            f.fix = QStringLiteral("Split %1 of %2 into the keys it joins, one item each, and "
                                   "check the code or sheet that wrote it.")
                        .arg(key, which);
        else if (problem.contains(QLatin1String("a garbled copy of")))
            f.fix = QStringLiteral("Write %1 of %2 from the attribute's value exactly (one "
                                   "function that formats both), so a Query for the value as "
                                   "the item holds it finds the item.")
                        .arg(key, which);
        else
            f.fix = QStringLiteral("Correct %1 of %2 (trim it, or fill in the value the "
                                   "placeholder stands for), and check the code or sheet that "
                                   "wrote it.")
                        .arg(key, which);
        f.scopeNote = QStringLiteral("About the hand-written items' key values, not a key "
                                     "template.");
        findings.push_back(std::move(f));
    }
}

} // namespace keyscope::model::checks
