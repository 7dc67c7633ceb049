// Pattern diagnosis's candidates for what the query reads: the lookup key, the Limit, the
// begins_with value, a type's prefix and a narrow index.
#include "model/design/patterndiagnosisparts.h"

#include "model/design/keytemplate.h"
#include "model/design/prefixsplit.h"
#include "model/design/projectedindex.h"

#include <QRegularExpression>

namespace keyscope::model::diagnosis {

namespace {

bool looksMutable(const AttributeSpec &attribute)
{
    static const QRegularExpression changing(
        QStringLiteral("(updated|modified|changed|status|state|lastlogin|version)"),
        QRegularExpression::CaseInsensitiveOption);
    return attribute.isMutable || changing.match(attribute.name).hasMatch();
}

} // namespace

void lookupKey(const Context &c, std::vector<Candidate> &out)
{
    const EntityType *entity = c.parent();
    if (!entity || c.sortKey.isEmpty() || !c.pattern.indexName.isEmpty())
        return;
    const QString before = c.keyOf(*entity);
    for (const auto &[name, value] : c.pattern.values) {
        const QRegularExpression equal(QStringLiteral("\\b") + c.sortKey
                                       + QStringLiteral("\\s*=\\s*")
                                       + QRegularExpression::escape(name) + QStringLiteral("\\b"));
        if (value.literal || before.isEmpty() || value.templateText == before
            || !equal.match(c.pattern.keyConditionExpression).hasMatch())
            continue;
        auto parsed = KeyTemplate::parse(before);
        if (!std::holds_alternative<KeyTemplate>(parsed))
            continue;
        const QStringList read = std::get<KeyTemplate>(parsed).placeholders();
        Candidate candidate;
        QStringList changing;
        for (const QString &attribute : read) {
            if (const AttributeSpec *spec = attributeOf(*entity, attribute);
                spec && looksMutable(*spec))
                changing << attribute;
        }
        if (!changing.isEmpty())
            candidate.findingId = QStringLiteral("mutable-in-key");
        candidate.diagnosis = entity->name + QStringLiteral("'s ") + c.sortKey
            + QStringLiteral(" is ") + quoted(before)
            + QStringLiteral(", but the pattern looks it up as ") + quoted(value.templateText)
            + QStringLiteral(": the key holds a value the caller does not know")
            + (changing.isEmpty() ? QString()
                                  : QStringLiteral(" and one that changes (")
                       + changing.join(QStringLiteral(", ")) + QLatin1Char(')'))
            + QStringLiteral(". Key the item by ") + quoted(value.templateText) + QLatin1Char('.');
        candidate.fix.summary
            = QStringLiteral("Key ") + entity->name + QStringLiteral(" as ") + value.templateText;
        candidate.fix.changes.push_back(
            keyChange(entity->name, c.sortKey, before, value.templateText));
        // Patterns that read the old key's order get a local index on it.
        const bool single = read.size() == 1 && before == placeholderText(read.front(), {});
        const AttributeSpec *spec = single ? attributeOf(*entity, read.front()) : nullptr;
        const QString key = spec && spec->type != AttributeKind::N && spec->type != AttributeKind::B
            ? read.front()
            : QStringLiteral("LSI1SK");
        const QString index = QStringLiteral("By") + (single ? read.front() : c.sortKey);
        bool indexed = false;
        for (const AccessPattern &other : c.project.accessPatterns) {
            if (&other == &c.pattern || !other.indexName.isEmpty()
                || !read.contains(other.expect.orderAttribute) || c.project.table.index(index)
                || c.project.table.allKeyAttributeNames().contains(key))
                continue;
            if (!indexed) {
                FixChange table;
                table.kind = FixChange::Kind::TableIndex;
                table.key = key;
                table.after = index;
                candidate.fix.changes.push_back(table);
                if (key != read.front() || !single)
                    candidate.fix.changes.push_back(
                        keyChange(entity->name, key, QString(), before));
                candidate.fix.summary += QStringLiteral(", and read by ")
                    + read.join(QStringLiteral(", ")) + QStringLiteral(" through the new index ")
                    + index;
                indexed = true;
            }
            candidate.fix.changes.push_back(
                patternChange(FixChange::Kind::PatternIndex, other.name, QString(), index));
            QString condition = other.keyConditionExpression;
            condition.replace(
                QRegularExpression(QStringLiteral("\\b") + c.sortKey + QStringLiteral("\\b")), key);
            if (condition != other.keyConditionExpression)
                candidate.fix.changes.push_back(
                    patternChange(FixChange::Kind::PatternKeyCondition, other.name,
                                  other.keyConditionExpression, condition));
        }
        out.push_back(std::move(candidate));
    }
}

void limitBeforeFilter(const Context &c, std::vector<Candidate> &out)
{
    if (!c.pattern.limit || !c.pattern.filterExpression || !c.result.response)
        return;
    const QueryResponse &response = *c.result.response;
    Candidate candidate;
    candidate.findingId = QStringLiteral("limit-before-filter");
    candidate.diagnosis = QStringLiteral("Limit %1 counts the items read before the filter: the "
                                         "query read %2 (ScannedCount) and the filter kept %3 "
                                         "(Count). Drop the Limit and paginate, or move the "
                                         "filtered value into the key.")
                              .arg(*c.pattern.limit)
                              .arg(response.scannedCount)
                              .arg(response.count);
    candidate.fix.summary
        = QStringLiteral("Drop Limit %1 and read every page").arg(*c.pattern.limit);
    candidate.fix.changes.push_back(patternChange(FixChange::Kind::PatternLimit, c.pattern.name,
                                                  QString::number(*c.pattern.limit), QString()));
    out.push_back(std::move(candidate));
}

void narrowBeginsWith(const Context &c, std::vector<Candidate> &out)
{
    const auto reach = beginsWithReach(c.project, c.population, c.pattern, c.result, c.sortKey);
    if (!reach)
        return;
    out.push_back({QStringLiteral("begins_with(%1, '%2') is meant for %3 items, but %4 keys "
                                  "start with '%5', which begins with '%2' too. End the value "
                                  "with the separator: '%6'.")
                       .arg(c.sortKey, reach->prefix, reach->reads, reach->other,
                            reach->otherPrefix, reach->narrowed),
                   QStringLiteral("prefix-overlap"), reach->fix});
}

void distinctPrefix(const Context &c, std::vector<Candidate> &out)
{
    const auto split = prefixSplit(c.project, c.population, c.pattern, c.result, c.sortKey);
    if (!split)
        return;
    out.push_back(
        {QStringLiteral("%1 and %2 both start %3 with '%4', so the key condition meant "
                        "for %1 returns %2 items too. Give %2 a prefix of its own: %5.")
             .arg(split->reads, split->other, c.sortKey, split->prefix, split->otherAfter),
         QStringLiteral("prefix-overlap"), split->fix});
}

void projectedIndex(const Context &c, std::vector<Candidate> &out)
{
    const PatternExpectation &expect = c.pattern.expect;
    if (c.pattern.limit || !c.result.response || !c.result.response->lastEvaluatedKey)
        return;
    const qint64 wanted = expect.count ? *expect.count : expect.minCount.value_or(0);
    const QueryResponse &response = *c.result.response;
    if (response.count >= wanted)
        return;
    auto fix = projectedIndexFix(c.project, c.pattern, c.result);
    if (!fix)
        return;
    out.push_back(
        {QStringLiteral("The 1 MB page ends after %1 items, where the pattern expects %2: "
                        "the items are too large for one page. An index that projects "
                        "only the keys (and what the pattern reads) holds them all.")
             .arg(response.count)
             .arg(wanted),
         QStringLiteral("page-size"), std::move(*fix)});
}

} // namespace keyscope::model::diagnosis
