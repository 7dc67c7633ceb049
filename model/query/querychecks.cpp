// The Query request's checks, in DynamoDB's order and with its messages.

#include "model/query/queryengineparts.h"

namespace keyscope::model::queryinternal {

namespace {

// Member constraints (the request's shape, before anything else): DynamoDB reports every one that
// fails in one message, "N validation errors detected: ...; ...", in its member order (dynalite's
// test recorded against AWS: limit, returnConsumedCapacity, select).
std::optional<QueryError> memberConstraintError(const QueryRequest &request)
{
    QStringList problems;
    QString parameter;
    if (request.limit && *request.limit < 1) {
        // The wording AWS gives for Query today (older regions echoed the value:
        // "Value '0' at 'limit' ...").
        problems << QStringLiteral("Value at 'Limit' failed to satisfy constraint: Member must "
                                   "have value greater than or equal to 1");
        parameter = QStringLiteral("Limit");
    }
    const QString &capacity = request.returnConsumedCapacity;
    if (!capacity.isEmpty() && capacity != QLatin1String("INDEXES")
        && capacity != QLatin1String("TOTAL") && capacity != QLatin1String("NONE")) {
        problems << QStringLiteral("Value '%1' at 'returnConsumedCapacity' failed to satisfy "
                                   "constraint: Member must satisfy enum value set: [INDEXES, "
                                   "TOTAL, NONE]")
                        .arg(capacity);
        parameter = problems.size() == 1 ? QStringLiteral("ReturnConsumedCapacity") : QString();
    }
    if (request.select && *request.select != kSelectAll && *request.select != kSelectProjected
        && *request.select != kSelectSpecific && *request.select != kSelectCount) {
        problems << QStringLiteral("Value '%1' at 'select' failed to satisfy constraint: Member "
                                   "must satisfy enum value set: [SPECIFIC_ATTRIBUTES, COUNT, "
                                   "ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES]")
                        .arg(*request.select);
        parameter = problems.size() == 1 ? QStringLiteral("Select") : QString();
    }
    if (problems.isEmpty())
        return std::nullopt;
    return validation(QStringLiteral("%1 validation error%2 detected: %3")
                          .arg(problems.size())
                          .arg(problems.size() > 1 ? QStringLiteral("s") : QString())
                          .arg(problems.join(QStringLiteral("; "))),
                      parameter);
}

std::optional<QString> keySizeProblem(const AttributeValue &v, bool isHash)
{
    if (v.type() == AttributeValue::Type::N)
        return std::nullopt;
    if (isHash && v.bytes().size() > 2048)
        return QStringLiteral("One or more parameter values were invalid: Size of hashkey has "
                              "exceeded the maximum size limit of2048 bytes");
    if (!isHash && v.bytes().size() > 1024)
        return QStringLiteral("One or more parameter values were invalid: Aggregated size of "
                              "all range keys has exceeded the size limit of 1024 bytes");
    return std::nullopt;
}

// One key attribute's value in ExclusiveStartKey: its type, then its size.
std::optional<QString> checkStartKeyPiece(const AttributeValue &value, const KeyAttribute &key,
                                          bool isHash)
{
    if (value.type() != key.type)
        return kKeyElementMismatch;
    return keySizeProblem(value, isHash);
}

} // namespace

QueryError validation(const QString &message, const QString &parameter)
{
    QueryError error;
    error.message = message;
    error.parameter = parameter;
    return error;
}

QueryError fromValidationError(const ValidationError &error)
{
    QueryError e = validation(error.message, error.expression);
    e.position = error.position;
    return e;
}

// The most key attributes any schema of the table has: how many key conditions a request may
// hold before the table is looked up.
std::size_t maxKeyAttributes(const TableDefinition &definition)
{
    std::size_t most = definition.keys.hash.size() + definition.keys.range.size();
    for (const IndexDefinition &index : definition.indexes)
        most = std::max(most, index.keys.hash.size() + index.keys.range.size());
    return most;
}

// Key values in a key condition obey the same limits as stored keys.
std::optional<QString> checkKeyValues(const KeySchema &keys, const KeyCondition &condition)
{
    const auto check
        = [](const QString &name, const AttributeValue &v, bool isHash) -> std::optional<QString> {
        if (v.type() != AttributeValue::Type::N && v.bytes().isEmpty())
            return QStringLiteral("One or more parameter values are not valid. The AttributeValue "
                                  "for a key attribute cannot contain an empty %1 value. Key: %2")
                .arg(v.type() == AttributeValue::Type::B ? u"binary" : u"string", name);
        return keySizeProblem(v, isHash);
    };
    for (std::size_t i = 0; i < condition.hashValues.size() && i < keys.hash.size(); ++i) {
        if (auto e = check(keys.hash[i].name, condition.hashValues[i], true))
            return e;
    }
    for (const auto &c : condition.range) {
        if (c.op == SortKeyOperator::BeginsWith)
            continue; // an empty prefix is allowed
        if (auto e = check(c.attribute, c.value, false))
            return e;
        if (c.op == SortKeyOperator::Between) {
            if (auto e = check(c.attribute, c.upper, false))
                return e;
        }
    }
    return std::nullopt;
}

// Steps 1 and 2: member constraints, all reported at once, and the Select/ProjectionExpression
// conflicts (request-level: DynamoDB makes them before it looks the table and index up).
std::variant<QString, QueryError> checkRequest(const QueryRequest &request)
{
    if (auto error = memberConstraintError(request))
        return *error;
    const bool hasIndexName = !request.indexName.isEmpty();
    const bool hasProjection = request.projectionExpression.has_value();
    const QString select = request.select.value_or(
        hasProjection ? kSelectSpecific : (hasIndexName ? kSelectProjected : kSelectAll));
    if (select == kSelectSpecific && !hasProjection)
        return validation(QStringLiteral("1 validation error detected: Must specify the "
                                         "AttributesToGet or ProjectionExpression when choosing "
                                         "to get SPECIFIC_ATTRIBUTES"));
    if (hasProjection && select == kSelectCount)
        return validation(QStringLiteral("1 validation error detected: Cannot specify the "
                                         "ProjectionExpression when choosing to get only the "
                                         "Count"));
    if (hasProjection && select != kSelectSpecific)
        return validation(QStringLiteral("Cannot specify the ProjectionExpression when choosing "
                                         "to get %1")
                              .arg(select));
    if (select == kSelectProjected && !hasIndexName)
        return validation(QStringLiteral("ALL_PROJECTED_ATTRIBUTES can be used only when Querying "
                                         "using an IndexName"));

    return select;
}

// Attributes a LastEvaluatedKey (and so an ExclusiveStartKey) holds: the queried store's keys
// plus the table's primary key.
QStringList startKeyNamesOf(const KeySchema &storeKeys, const TableDefinition &definition)
{
    QStringList names;
    for (const auto *keys :
         {&storeKeys.hash, &storeKeys.range, &definition.keys.hash, &definition.keys.range}) {
        for (const KeyAttribute &k : *keys) {
            if (!names.contains(k.name))
                names << k.name;
        }
    }
    return names;
}

// Steps 8 and 9: the table's key part of ExclusiveStartKey (on an index query, the rest of
// it), then the start key against the key condition. Fills the prepared query's start keys.
std::optional<QueryError> checkStartKey(const Item &startKey, const TableDefinition &definition,
                                        PreparedQuery &q)
{
    const Item *start = &startKey;
    const KeySchema &storeKeys = q.store->keys();
    const IndexStore *store = q.store;
    const KeyCondition &key = q.key;
    const ByteRange &range = q.range;
    for (const auto *keys : {&definition.keys.hash, &definition.keys.range}) {
        for (const KeyAttribute &k : *keys) {
            const auto found = start->find(k.name);
            const std::optional<QString> problem = found == start->end()
                ? std::optional<QString>(kKeyElementMismatch)
                : checkStartKeyPiece(found->second, k, keys == &definition.keys.hash);
            if (problem)
                return validation(kInvalidStartKey + QStringLiteral(": ") + *problem);
        }
    }

    std::vector<AttributeValue> startHash;
    startHash.reserve(storeKeys.hash.size());
    for (const auto &k : storeKeys.hash)
        startHash.push_back(start->at(k.name));
    if (store->isMultiAttribute()) {
        for (const auto &k : storeKeys.range)
            keyencoding::appendComponent(q.startSortKey, start->at(k.name).sortableBytes());
    } else if (storeKeys.hasRange()) {
        q.startSortKey = start->at(storeKeys.range.front().name).sortableBytes();
    }
    const bool samePartition = partitionBytes(*store, startHash) == q.partitionKey;
    if (!key.range.empty()) {
        // With a range condition DynamoDB checks the range first.
        if (!range.contains(q.startSortKey))
            return validation(QStringLiteral("The provided starting key does not match the "
                                             "range key predicate"));
        if (!samePartition)
            return validation(QStringLiteral("The query can return at most one row and "
                                             "cannot be restarted"));
    } else if (!samePartition) {
        return validation(QStringLiteral("The provided starting key is outside query "
                                         "boundaries based on provided conditions"));
    }
    q.startTablePartition = start->at(definition.keys.hash.front().name).sortableBytes();
    if (definition.keys.hasRange())
        q.startTableSort = start->at(definition.keys.range.front().name).sortableBytes();
    return std::nullopt;
}

// Steps 10 to 12: the filter on a key attribute of the queried schema, ALL_ATTRIBUTES from a
// GSI that does not project everything, the filter reaching inside any key attribute.
std::optional<QueryError> checkFilterAndSelect(const TableDefinition &definition,
                                               const KeyConditionSchema &schema,
                                               const PreparedQuery &q)
{
    const auto &expressions = q.expressions;
    const IndexDefinition *index = q.index;
    const QString &select = q.select;
    // 10. The filter on a key attribute of the queried schema.
    if (expressions.filter) {
        if (auto error = checkFilterKeyAttributes(*expressions.filter, schema))
            return fromValidationError(*error);
    }

    // 11. ALL_ATTRIBUTES from a GSI that does not project everything.
    if (select == kSelectAll && index && index->isGlobal()
        && index->projection != ProjectionType::All)
        return validation(QStringLiteral("One or more parameter values were invalid: Select type "
                                         "ALL_ATTRIBUTES is not supported for global secondary "
                                         "index %1 because its projection type is not ALL")
                              .arg(index->name));

    // 12. The filter reaching inside any key attribute (the table's, then every index's).
    if (expressions.filter) {
        QStringList tableKeyAttributes;
        for (const auto *keys : {&definition.keys.hash, &definition.keys.range}) {
            for (const KeyAttribute &k : *keys)
                tableKeyAttributes << k.name;
        }
        QStringList indexKeyAttributes;
        for (const auto &i : definition.indexes) {
            for (const auto *keys : {&i.keys.hash, &i.keys.range}) {
                for (const KeyAttribute &k : *keys) {
                    if (!indexKeyAttributes.contains(k.name))
                        indexKeyAttributes << k.name;
                }
            }
        }
        if (auto error = checkFilterNestedKeyPaths(*expressions.filter, tableKeyAttributes,
                                                   indexKeyAttributes))
            return fromValidationError(*error);
    }

    return std::nullopt;
}

// ExclusiveStartKey's value for a key attribute (none without a start key).
KeyAttributeCheck startKeyCheckOf(const Item *start)
{
    if (!start)
        return {};
    return [start](const KeyAttribute &key, bool isHash) -> std::optional<ValidationError> {
        const auto found = start->find(key.name);
        if (found == start->end())
            return ValidationError {kInvalidStartKey, -1, {}};
        if (auto problem = checkStartKeyPiece(found->second, key, isHash))
            return ValidationError {*problem, -1, {}};
        return std::nullopt;
    };
}

} // namespace keyscope::model::queryinternal
