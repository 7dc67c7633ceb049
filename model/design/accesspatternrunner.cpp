#include "model/design/accesspatternrunner.h"

#include "model/design/keytemplate.h"
#include "model/design/ordercomparison.h"
#include "model/design/patterndiagnosis.h"
#include "model/value/keyorder.h"

namespace keyscope::model {

namespace {

QString entityName(const Project &project, const Population &population, qint64 item)
{
    const int e = item >= 0 && item < population.size() ? population.entityOf[size_t(item)] : -1;
    return e < 0 ? QStringLiteral("hand-written item") : project.entities[size_t(e)].name;
}

QString shortValue(const AttributeValue &v)
{
    switch (v.type()) {
    case AttributeValue::Type::S:
        return QStringLiteral("'%1'").arg(v.asString());
    case AttributeValue::Type::N:
        return v.asNumber().toString();
    case AttributeValue::Type::Null:
        return QStringLiteral("(missing)");
    default:
        return v.debugString();
    }
}

PatternResult failed(PatternResult result, const QString &why, qint64 offending = -1)
{
    result.passed = false;
    result.explanation = why;
    result.offendingItem = offending;
    return result;
}

} // namespace

std::variant<std::unique_ptr<Table>, QString>
AccessPatternRunner::buildTable(const Project &project, const Population &population)
{
    auto table = std::make_unique<Table>(project.table);
    auto written = table->putItems(population.items);
    if (auto *error = std::get_if<Table::ItemError>(&written)) {
        const qint64 i = error->index;
        const QString where = i < population.generatedCount
            ? QStringLiteral("generated ") + populationItemName(project, population, i)
            : QStringLiteral("items[%1]").arg(i - population.generatedCount);
        return QStringLiteral("%1: %2").arg(where, error->message);
    }
    return table;
}

namespace {

// The item whose attributes a pattern's values read, or why there is none.
std::optional<QString> findParent(const Project &project, const Population &population,
                                  const AccessPattern &pattern, PatternResult &result,
                                  std::optional<Item> &parent)
{
    if (pattern.parentEntity.isEmpty())
        return std::nullopt;
    int entity = -1;
    for (int i = 0; i < int(project.entities.size()); ++i) {
        if (project.entities[size_t(i)].name == pattern.parentEntity)
            entity = i;
    }
    if (entity < 0)
        return QStringLiteral("No entity type is named '%1'.").arg(pattern.parentEntity);
    qint64 seen = 0;
    for (qint64 i = 0; i < population.generatedCount; ++i) {
        if (population.entityOf[size_t(i)] != entity)
            continue;
        if (seen++ == pattern.parentIndex) {
            result.parentItem = i;
            result.parentHasChildren = std::any_of(
                project.entities.begin(), project.entities.end(),
                [&](const EntityType &type) { return type.parent == pattern.parentEntity; });
            parent = population.items[size_t(i)];
            return std::nullopt;
        }
    }
    return QStringLiteral("The pattern takes %1 #%2, but the population has only %3.")
        .arg(pattern.parentEntity)
        .arg(pattern.parentIndex + 1)
        .arg(seen);
}

// The pattern's :values, templates rendered against the parent, or why one cannot be.
std::optional<QString> renderValues(const Project &project, const Population &population,
                                    const AccessPattern &pattern, const PatternResult &result,
                                    const std::optional<Item> &parent,
                                    std::map<QString, AttributeValue> &values)
{
    for (const auto &[placeholder, value] : pattern.values) {
        if (value.literal) {
            values.emplace(placeholder, *value.literal);
            continue;
        }
        auto parsed = KeyTemplate::parse(value.templateText);
        if (auto *error = std::get_if<TemplateError>(&parsed))
            return QStringLiteral("Value %1: %2").arg(placeholder, error->message);
        // Placeholders read the parent item (its keys included), or one of its ancestors as
        // "Type.Attr".
        const auto lookup = [&](const QString &name) -> std::optional<TemplateInput> {
            if (!parent)
                return std::nullopt;
            const Item *source = &*parent;
            Item ancestor;
            QString attribute = name;
            const qsizetype dot = name.indexOf(QLatin1Char('.'));
            if (dot >= 0) {
                source = nullptr;
                attribute = name.mid(dot + 1);
                for (qint64 p = result.parentItem; p >= 0; p = population.parentOf[size_t(p)]) {
                    if (entityName(project, population, p) == name.left(dot)) {
                        ancestor = population.items[size_t(p)];
                        source = &ancestor;
                        break;
                    }
                }
                if (!source)
                    return std::nullopt;
            }
            auto it = source->find(attribute);
            if (it == source->end())
                return std::nullopt;
            return TemplateInput {it->second, std::nullopt};
        };
        auto rendered = std::get<KeyTemplate>(parsed).render(lookup);
        if (auto *error = std::get_if<TemplateError>(&rendered))
            return QStringLiteral("Value %1: %2").arg(placeholder, error->message);
        values.emplace(placeholder, std::get<KeyTemplate::Rendered>(rendered).value);
    }
    return std::nullopt;
}

// What the judging steps share: the run's items and how to describe them.
struct Judge
{
    const Project &project;
    const Population &population;
    const Table &table;
    const AccessPattern &pattern;
    PatternResult &result;
    QString sortKeyName;
    OrderComparison order;

    const std::vector<ItemId> &ids() const { return result.response->itemIds; }
    AttributeValue sortKey(qint64 item) const
    {
        return sortKeyName.isEmpty() ? AttributeValue()
                                     : table.attribute(ItemId(item), sortKeyName);
    }
    QString describe(qint64 item) const
    {
        const QString type = entityName(project, population, item);
        return sortKeyName.isEmpty() ? type
                                     : QStringLiteral("%1 %2").arg(type, shortValue(sortKey(item)));
    }
    QString direction() const
    {
        return pattern.scanIndexForward
            ? QStringLiteral("reading forward (ascending sort keys)")
            : QStringLiteral("reading backward (ScanIndexForward=false, "
                             "descending sort keys)");
    }
    // Each returns the failure, or nullopt when its part of the expectation holds.
    std::optional<PatternResult> types() const;
    std::optional<PatternResult> parentFirst() const;
    std::optional<PatternResult> orderBy() const;
    std::optional<PatternResult> count() const;
    PatternResult passed() const;
};

std::optional<PatternResult> Judge::types() const
{
    const PatternExpectation &expect = pattern.expect;
    for (std::size_t i = 0; i < ids().size(); ++i) {
        const ItemId id = ids()[i];
        if (!expect.entityTypes.isEmpty()
            && !expect.entityTypes.contains(entityName(project, population, id)))
            return failed(result,
                          QStringLiteral("Result #%1 is %2, which is not one of the expected "
                                         "types (%3).")
                              .arg(i + 1)
                              .arg(describe(id), expect.entityTypes.join(QStringLiteral(", "))),
                          id);
    }
    return std::nullopt;
}

std::optional<PatternResult> Judge::parentFirst() const
{
    const PatternExpectation &expect = pattern.expect;
    if (!expect.parentFirst || result.parentItem < 0)
        return std::nullopt;
    const bool isFirst = !ids().empty() && qint64(ids().front()) == result.parentItem;
    if (*expect.parentFirst && !isFirst) {
        const auto it = std::find(ids().begin(), ids().end(), ItemId(result.parentItem));
        QString why = ids().empty()
            ? QStringLiteral("The query returned nothing, so the %1 is not first.")
                  .arg(pattern.parentEntity)
            : QStringLiteral("The first result is %1, not the %2 %3.")
                  .arg(describe(ids().front()), pattern.parentEntity,
                       shortValue(sortKey(result.parentItem)));
        if (!ids().empty() && !sortKeyName.isEmpty())
            why += QStringLiteral(" Because %1, %2 reaches the %3 %4.")
                       .arg(explainKeyOrder(sortKey(ids().front()), sortKey(result.parentItem)),
                            direction(), pattern.parentEntity,
                            it == ids().end() ? QStringLiteral("only after the page ends")
                                              : QStringLiteral("later, as result #%1")
                                                    .arg(it - ids().begin() + 1));
        return failed(result, why, ids().empty() ? -1 : qint64(ids().front()));
    }
    if (!*expect.parentFirst && isFirst)
        return failed(result,
                      QStringLiteral("The %1 comes first, but the pattern wants it elsewhere.")
                          .arg(pattern.parentEntity),
                      result.parentItem);
    return std::nullopt;
}

std::optional<PatternResult> Judge::orderBy() const
{
    const PatternExpectation &expect = pattern.expect;
    if (expect.orderAttribute.isEmpty())
        return std::nullopt;
    if (!order.error.isEmpty())
        return failed(result, order.error);
    qint64 previous = -1;
    for (ItemId id : ids()) {
        if (qint64(id) == result.parentItem)
            continue;
        const AttributeValue value = table.attribute(id, expect.orderAttribute);
        if (previous >= 0) {
            const AttributeValue before = table.attribute(ItemId(previous), expect.orderAttribute);
            const std::optional<int> c = order.compare(before, value);
            if (c && (expect.orderAscending ? *c > 0 : *c < 0)) {
                QString why = QStringLiteral("%1 (%2 %3) comes before %4 (%2 %5), but the "
                                             "pattern wants %2 %6 (%7).")
                                  .arg(describe(previous), expect.orderAttribute,
                                       shortValue(before), describe(id), shortValue(value),
                                       expect.orderAscending ? QStringLiteral("ascending")
                                                             : QStringLiteral("descending"),
                                       order.description());
                if (!sortKeyName.isEmpty())
                    why += QStringLiteral(" The query returns them by sort key, %1: %2.")
                               .arg(direction(), explainKeyOrder(sortKey(previous), sortKey(id)));
                return failed(result, why, id);
            }
        }
        previous = id;
    }
    return std::nullopt;
}

std::optional<PatternResult> Judge::count() const
{
    const PatternExpectation &expect = pattern.expect;
    const qint64 count = qint64(ids().size());
    if (expect.count && count != *expect.count)
        return failed(result,
                      QStringLiteral("Returned %1 item%2; the pattern expects %3%4.")
                          .arg(count)
                          .arg(count == 1 ? "" : "s")
                          .arg(*expect.count)
                          .arg(result.response->lastEvaluatedKey
                                   ? QStringLiteral(" (the page ended early: more needs "
                                                    "another request)")
                                   : QString()));
    if (expect.minCount && count < *expect.minCount)
        return failed(result,
                      QStringLiteral("Returned %1 item%2; the pattern expects at least %3.")
                          .arg(count)
                          .arg(count == 1 ? "" : "s")
                          .arg(*expect.minCount));
    return std::nullopt;
}

PatternResult Judge::passed() const
{
    const PatternExpectation &expect = pattern.expect;
    PatternResult out = result;
    out.passed = true;
    const qint64 count = qint64(ids().size());
    QStringList parts;
    parts << QStringLiteral("Returned %1 item%2 in one request")
                 .arg(count)
                 .arg(count == 1 ? "" : "s");
    if (expect.parentFirst && *expect.parentFirst)
        parts << QStringLiteral("the %1 first").arg(pattern.parentEntity);
    if (!expect.orderAttribute.isEmpty())
        parts << QStringLiteral("then by %1 %2 (%3)")
                     .arg(expect.orderAttribute,
                          expect.orderAscending ? QStringLiteral("ascending")
                                                : QStringLiteral("descending"),
                          order.description());
    out.explanation = parts.join(QStringLiteral(", ")) + QLatin1Char('.');
    return out;
}

} // namespace

PatternResult AccessPatternRunner::run(const Project &project, const Population &population,
                                       const Table &table, const AccessPattern &pattern)
{
    PatternResult result;
    result.name = pattern.name;

    std::optional<Item> parent;
    if (auto why = findParent(project, population, pattern, result, parent))
        return failed(result, *why);

    QueryRequest &request = result.request;
    request.indexName = pattern.indexName;
    request.keyConditionExpression = pattern.keyConditionExpression;
    request.filterExpression = pattern.filterExpression;
    if (!pattern.names.empty())
        request.expressionAttributeNames = pattern.names;
    request.scanIndexForward = pattern.scanIndexForward;
    request.limit = pattern.limit;
    request.consistentRead = pattern.consistentRead;
    std::map<QString, AttributeValue> values;
    if (auto why = renderValues(project, population, pattern, result, parent, values))
        return failed(result, *why);
    if (!values.empty())
        request.expressionAttributeValues = values;

    QueryEngine::Options options;
    options.materializeItems = false;
    auto answer = QueryEngine::query(table, request, options);
    if (auto *error = std::get_if<QueryError>(&answer)) {
        result.error = *error;
        return failed(result,
                      QStringLiteral("DynamoDB would reject this query (%1): %2")
                          .arg(error->type, error->message));
    }
    result.response = std::get<QueryResponse>(answer);

    const IndexStore *store = table.store(pattern.indexName);
    Judge judge {
        project, population,
        table,   pattern,
        result,  store && store->keys().hasRange() ? store->keys().range.front().name : QString(),
        {}};
    if (!pattern.expect.orderAttribute.isEmpty()) {
        std::vector<AttributeValue> ordered;
        for (ItemId id : result.response->itemIds) {
            if (qint64(id) != result.parentItem)
                ordered.push_back(table.attribute(id, pattern.expect.orderAttribute));
        }
        judge.order = OrderComparison::choose(project, pattern, ordered);
    }
    for (auto step : {&Judge::types, &Judge::parentFirst, &Judge::orderBy, &Judge::count}) {
        if (auto failure = (judge.*step)())
            return *failure;
    }
    return judge.passed();
}

std::variant<std::map<QString, AttributeValue>, QString>
AccessPatternRunner::values(const Project &project, const Population &population,
                            const AccessPattern &pattern, qint64 parentItem)
{
    PatternResult result;
    result.parentItem = parentItem;
    std::optional<Item> parent;
    if (parentItem >= 0 && parentItem < population.size())
        parent = population.items[std::size_t(parentItem)];
    std::map<QString, AttributeValue> values;
    if (auto why = renderValues(project, population, pattern, result, parent, values))
        return *why;
    return values;
}

std::vector<PatternResult> AccessPatternRunner::runAll(const Project &project,
                                                       const Population &population,
                                                       const Table &table)
{
    std::vector<PatternResult> results;
    for (const AccessPattern &pattern : project.accessPatterns)
        results.push_back(run(project, population, table, pattern));
    // Every result first: a candidate fix must not break a pattern that passes.
    FixTrials trials(project, population, table, results);
    for (std::size_t i = 0; i < results.size(); ++i) {
        if (!results[i].passed)
            diagnosePattern(project, population, table, project.accessPatterns[i], results[i],
                            trials);
    }
    return results;
}

} // namespace keyscope::model
