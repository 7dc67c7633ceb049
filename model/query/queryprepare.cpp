// Preparing a Query: steps 1 to 12 in DynamoDB's order, and how items come back.

#include "model/query/queryengineparts.h"

namespace keyscope::model::queryinternal {

namespace {

// How items come back: the index entry's projection, then the ProjectionExpression.
void planProjection(const TableDefinition &definition, PreparedQuery &q)
{
    const IndexDefinition *index = q.index;
    const auto &expressions = q.expressions;
    IndexProjection &projection = q.projection;
    projection.definition = index;
    if (index && index->projection != ProjectionType::All) {
        for (const auto &name : definition.allKeyAttributeNames()) {
            if (definition.keys.contains(name) || index->keys.contains(name))
                projection.attributes.insert(name);
        }
        for (const auto &name : index->nonKeyAttributes)
            projection.attributes.insert(name);
    }
    // An LSI fetches attributes it does not carry from the table, at extra cost.
    if (index && !index->isGlobal() && !projection.carriesEverything()) {
        if (q.select == kSelectAll)
            q.fetchFromTable = true;
        if (expressions.projection) {
            for (const auto &name : expressions.projection->topLevelAttributes())
                q.fetchFromTable = q.fetchFromTable || !projection.carries(name);
        }
        if (expressions.filter) {
            for (const auto &path : expressions.filter->referencedPaths())
                q.fetchFromTable = q.fetchFromTable || !projection.carries(path.topLevelName());
        }
    }
    q.entryIsWholeItem = projection.carriesEverything() || q.fetchFromTable;
    // What a returned item starts from before any ProjectionExpression: ALL_PROJECTED_ATTRIBUTES
    // returns the index entry even when an LSI filter had to fetch the whole item.
    q.returnWholeItem
        = projection.carriesEverything() || (q.fetchFromTable && q.select != kSelectProjected);
}

// 3. The expressions: syntax, names and values, the key condition's shape. No table needed.
std::optional<QueryError> parseExpressions(const QueryRequest &request,
                                           const TableDefinition &definition, PreparedQuery &q)
{
    QueryExpressionText text;
    text.keyConditionExpression = request.keyConditionExpression;
    text.filterExpression = request.filterExpression;
    text.projectionExpression = request.projectionExpression;
    text.names = request.expressionAttributeNames;
    text.values = request.expressionAttributeValues;
    text.maxKeyConditions = maxKeyAttributes(definition);
    auto parsed = parseQueryExpressionSyntax(text);
    if (auto *error = std::get_if<ValidationError>(&parsed))
        return fromValidationError(*error);
    q.expressions = std::get<QueryExpressionSyntax>(std::move(parsed));
    return std::nullopt;
}

// 4. The table. 5. The index.
std::optional<QueryError> findTableAndIndex(const Table &table, const QueryRequest &request,
                                            PreparedQuery &q)
{
    const TableDefinition &definition = table.definition();
    if (!request.tableName.isEmpty() && !definition.tableName.isEmpty()
        && request.tableName != definition.tableName) {
        QueryError error;
        error.type = QStringLiteral("ResourceNotFoundException");
        error.message = QStringLiteral("Requested resource not found");
        return error;
    }
    const IndexStore *store = table.store(request.indexName);
    if (!store)
        return validation(QStringLiteral("The table does not have the specified index: %1")
                              .arg(request.indexName));
    const IndexDefinition *index = store->definition();
    q.store = store;
    q.index = index;
    if (index && index->isGlobal() && request.consistentRead)
        return validation(
            QStringLiteral("Consistent reads are not supported on global secondary indexes"));
    return std::nullopt;
}

// 7. The queried schema, one key attribute at a time: ExclusiveStartKey's value for it, then
// the key condition on it. Fills the prepared query's key, range and partition.
std::optional<QueryError> matchKey(const KeyConditionSchema &schema, const Item *start,
                                   PreparedQuery &q)
{
    const IndexStore *store = q.store;
    const KeySchema &storeKeys = store->keys();
    auto matched = matchKeyCondition(q.expressions.keyTerms, schema, startKeyCheckOf(start));
    if (auto *error = std::get_if<ValidationError>(&matched))
        return fromValidationError(*error);
    q.key = std::get<KeyCondition>(std::move(matched));
    if (auto error = checkKeyValues(storeKeys, q.key))
        return validation(*error);
    q.range = store->isMultiAttribute() ? tupleRange(q.key.range)
        : q.key.range.empty()           ? ByteRange {}
                                        : singleAttributeRange(q.key.range.front());
    q.partitionKey = partitionBytes(*store, q.key.hashValues);
    return std::nullopt;
}

} // namespace

// Steps 1 to 12, in DynamoDB's order: the first problem is the error.
std::variant<PreparedQuery, QueryError> prepare(const Table &table, const QueryRequest &request)
{
    const TableDefinition &definition = table.definition();
    PreparedQuery q;
    auto select = checkRequest(request);
    if (auto *error = std::get_if<QueryError>(&select))
        return *error;
    q.select = std::get<QString>(select);
    if (auto error = parseExpressions(request, definition, q))
        return *error;
    if (auto error = findTableAndIndex(table, request, q))
        return *error;
    q.startKeyNames = startKeyNamesOf(q.store->keys(), definition);
    // 6. ExclusiveStartKey holds exactly that many attributes.
    const Item *start = request.exclusiveStartKey ? &*request.exclusiveStartKey : nullptr;
    if (start && start->size() != std::size_t(q.startKeyNames.size()))
        return validation(kInvalidStartKey);
    KeyConditionSchema schema;
    schema.hash = q.store->keys().hash;
    schema.range = q.store->keys().range;
    if (auto error = matchKey(schema, start, q))
        return *error;
    if (start) {
        if (auto error = checkStartKey(*start, definition, q))
            return *error;
    }
    if (auto error = checkFilterAndSelect(definition, schema, q))
        return *error;
    planProjection(definition, q);
    return q;
}

} // namespace keyscope::model::queryinternal
