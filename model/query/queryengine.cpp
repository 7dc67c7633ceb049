#include "model/query/queryengine.h"

#include "model/expression/queryexpressions.h"
#include "model/table/keyencoding.h"

#include <QSet>

#include <algorithm>
#include <cmath>

namespace keyscope::model {

namespace {

using keyencoding::compareBytes;

const QString kSelectAll = QStringLiteral("ALL_ATTRIBUTES");
const QString kSelectProjected = QStringLiteral("ALL_PROJECTED_ATTRIBUTES");
const QString kSelectSpecific = QStringLiteral("SPECIFIC_ATTRIBUTES");
const QString kSelectCount = QStringLiteral("COUNT");

const QString kInvalidStartKey = QStringLiteral("The provided starting key is invalid");
const QString kKeyElementMismatch = QStringLiteral("The provided key element does not match the "
                                                   "schema");

QueryError validation(const QString &message, const QString &parameter = {})
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

// The most key attributes any schema of the table has: how many key conditions a request may
// hold before the table is looked up.
std::size_t maxKeyAttributes(const TableDefinition &definition)
{
    std::size_t most = definition.keys.hash.size() + definition.keys.range.size();
    for (const IndexDefinition &index : definition.indexes)
        most = std::max(most, index.keys.hash.size() + index.keys.range.size());
    return most;
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

// Rows satisfying the key condition, as a half-open range of comparable sort-key bytes.
struct ByteRange
{
    QByteArray lower; // inclusive; empty = no lower bound (every key is >= "")
    QByteArray upper; // exclusive
    bool hasUpper = false;

    bool contains(QByteArrayView key) const
    {
        return compareBytes(key, lower) >= 0 && (!hasUpper || compareBytes(key, upper) < 0);
    }
};

void setUpper(ByteRange &range, const QByteArray &upper)
{
    // prefixEnd() returns empty when no byte string follows: then there is no upper bound.
    range.upper = upper;
    range.hasUpper = !upper.isEmpty();
}

ByteRange singleAttributeRange(const RangeCondition &c)
{
    ByteRange r;
    const QByteArray v = c.value.sortableBytes();
    switch (c.op) {
    case SortKeyOperator::Equal:
        r.lower = v;
        setUpper(r, keyencoding::successor(v));
        break;
    case SortKeyOperator::Less:
        setUpper(r, v);
        break;
    case SortKeyOperator::LessOrEqual:
        setUpper(r, keyencoding::successor(v));
        break;
    case SortKeyOperator::Greater:
        r.lower = keyencoding::successor(v);
        break;
    case SortKeyOperator::GreaterOrEqual:
        r.lower = v;
        break;
    case SortKeyOperator::Between:
        r.lower = v;
        setUpper(r, keyencoding::successor(c.upper.sortableBytes()));
        break;
    case SortKeyOperator::BeginsWith:
        r.lower = v;
        setUpper(r, keyencoding::prefixEnd(v));
        break;
    }
    return r;
}

// Multi-attribute keys are tuples (keyencoding.h): equalities on the leading components fix a
// prefix; the last condition bounds the next component within it.
ByteRange tupleRange(const std::vector<RangeCondition> &conditions)
{
    ByteRange r;
    if (conditions.empty())
        return r;
    QByteArray prefix;
    for (std::size_t i = 0; i + 1 < conditions.size(); ++i)
        keyencoding::appendComponent(prefix, conditions[i].value.sortableBytes());
    const RangeCondition &c = conditions.back();
    const auto component = [&](const AttributeValue &v) {
        QByteArray out = prefix;
        keyencoding::appendComponent(out, v.sortableBytes());
        return out;
    };
    const QByteArray v = component(c.value);
    const QByteArray prefixUpper = keyencoding::prefixEnd(prefix);
    switch (c.op) {
    case SortKeyOperator::Equal:
        r.lower = v;
        setUpper(r, keyencoding::prefixEnd(v));
        break;
    case SortKeyOperator::Less:
        r.lower = prefix;
        setUpper(r, v);
        break;
    case SortKeyOperator::LessOrEqual:
        r.lower = prefix;
        setUpper(r, keyencoding::prefixEnd(v));
        break;
    case SortKeyOperator::Greater:
        r.lower = keyencoding::prefixEnd(v);
        setUpper(r, prefixUpper);
        break;
    case SortKeyOperator::GreaterOrEqual:
        r.lower = v;
        setUpper(r, prefixUpper);
        break;
    case SortKeyOperator::Between:
        r.lower = v;
        setUpper(r, keyencoding::prefixEnd(component(c.upper)));
        break;
    case SortKeyOperator::BeginsWith: {
        QByteArray p = prefix;
        keyencoding::appendComponentPrefix(p, c.value.sortableBytes());
        r.lower = p;
        setUpper(r, keyencoding::prefixEnd(p));
        break;
    }
    }
    return r;
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

QByteArray partitionBytes(const IndexStore &store, const std::vector<AttributeValue> &hashValues)
{
    if (!store.isMultiAttribute())
        return hashValues.front().sortableBytes();
    return keyencoding::encodeTuple(hashValues);
}

// First row whose sort key is >= target (every row when target is empty), recording each probe.
quint32 seek(const Partition &partition, const QByteArray &target, bool unbounded,
             std::vector<SeekProbe> *probes)
{
    quint32 low = 0;
    quint32 high = quint32(partition.entries.size());
    while (low < high) {
        const quint32 mid = low + (high - low) / 2;
        const int c = unbounded ? -1 : compareBytes(partition.entries[mid].sortKey(), target);
        SeekProbe probe;
        probe.position = mid;
        probe.comparison = qint8(c);
        probe.low = low;
        probe.high = high;
        probe.wentRight = c < 0;
        if (probes)
            probes->push_back(probe);
        if (c < 0)
            low = mid + 1;
        else
            high = mid;
    }
    return low;
}

struct IndexProjection
{
    const IndexDefinition *definition = nullptr; // null: the table
    QSet<QString> attributes; // attribute names an index entry carries (not for ALL)

    bool carriesEverything() const
    {
        return !definition || definition->projection == ProjectionType::All;
    }
    bool carries(const QString &name) const
    {
        return carriesEverything() || attributes.contains(name);
    }
    Item project(const Item &item) const
    {
        if (carriesEverything())
            return item;
        Item out;
        for (const auto &[name, value] : item) {
            if (attributes.contains(name))
                out.emplace(name, value);
        }
        return out;
    }
};

} // namespace

double QueryEngine::capacityUnits(quint64 bytes, bool consistentRead)
{
    const quint64 units = std::max<quint64>(1, (bytes + 4095) / 4096);
    return consistentRead ? double(units) : double(units) / 2.0;
}

namespace {

// A request that passed every check, with what the sweep and the response need.
struct PreparedQuery
{
    QString select;
    QueryExpressionSyntax expressions;
    const IndexStore *store = nullptr;
    const IndexDefinition *index = nullptr; // null for the table
    QStringList startKeyNames;              // what a LastEvaluatedKey holds
    KeyCondition key;
    ByteRange range;
    QByteArray partitionKey;
    // ExclusiveStartKey's sort key in the store, and its table key (for index tie-breaks).
    QByteArray startSortKey;
    QByteArray startTablePartition;
    QByteArray startTableSort;
    IndexProjection projection;
    bool fetchFromTable = false;   // an LSI fetches attributes it does not carry
    bool entryIsWholeItem = false; // the filter sees the whole item
    bool returnWholeItem = false;  // results start from the whole item, before projection
};

// What the sweep read, for the capacity and the LastEvaluatedKey.
struct SweepTotals
{
    quint64 indexBytes = 0;
    quint64 fetchBytes = 0; // LSI: whole items fetched from the table
    std::optional<quint32> lastRead;
    const Partition *partition = nullptr;
};

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

// Where the sweep starts: the first row in the query's direction, with the seek's probes.
qint64 startRow(const Table &table, const QueryRequest &request, const PreparedQuery &q,
                const Partition &partition, QueryTrace &trace)
{
    const TableDefinition &definition = table.definition();
    const IndexStore *store = q.store;
    const ByteRange &range = q.range;
    const auto &entries = partition.entries;
    const quint32 n = quint32(entries.size());
    qint64 start;
    if (request.exclusiveStartKey) {
        trace.seekTarget = SeekTarget::ExclusiveStartKey;
        // Compare a row with the start key: sort key, then (indexes) the table's key.
        const auto compareToStart = [&](const PartitionEntry &e) {
            if (int c = compareBytes(e.sortKey(), q.startSortKey))
                return c;
            if (store->isTable())
                return 0;
            if (int c
                = compareBytes(table.keyAttributeBytes(e.item, definition.keys.hash.front().name),
                               q.startTablePartition))
                return c;
            if (!definition.keys.hasRange())
                return 0;
            return compareBytes(table.keyAttributeBytes(e.item, definition.keys.range.front().name),
                                q.startTableSort);
        };
        // Forward: first row after the key. Backward: last row before it.
        quint32 low = 0;
        quint32 high = n;
        while (low < high) {
            const quint32 mid = low + (high - low) / 2;
            const int c = compareToStart(entries[mid]);
            const bool right = request.scanIndexForward ? c <= 0 : c < 0;
            trace.probes.push_back(SeekProbe {mid, qint8(c), right, low, high});
            if (right)
                low = mid + 1;
            else
                high = mid;
        }
        start = request.scanIndexForward ? qint64(low) : qint64(low) - 1;
    } else if (request.scanIndexForward) {
        trace.seekTarget = SeekTarget::LowerBound;
        start = seek(partition, range.lower, false, &trace.probes);
    } else {
        trace.seekTarget = SeekTarget::UpperBound;
        start = qint64(seek(partition, range.upper, !range.hasUpper, &trace.probes)) - 1;
    }
    return start;
}

// Where the key condition's range lies in the partition found.
void sweepRange(const Partition &partition, const ByteRange &range, QueryTrace &trace)
{
    const quint32 n = quint32(partition.entries.size());
    trace.partitionFound = true;
    trace.partitionSize = n;
    trace.rangeBegin = seek(partition, range.lower, false, nullptr);
    trace.rangeEnd = range.hasUpper ? seek(partition, range.upper, false, nullptr) : n;
    if (trace.rangeEnd < trace.rangeBegin)
        trace.rangeEnd = trace.rangeBegin;
}

// One allocation for a Limit page: reads plus the stopping visit.
void reserveForLimit(qint64 limit, quint32 n, QueryTrace &trace, QueryResponse &response)
{
    if (limit > 0) {
        const std::size_t expected = std::size_t(std::min<qint64>(limit + 1, n));
        trace.visits.reserve(expected);
        response.itemIds.reserve(expected);
    }
}

// Limit and the 1 MB page end the page before the key condition is looked at: a page that read
// Limit items (or 1 MB) ends with a LastEvaluatedKey even when no further row would match
// (DynamoDB does not look ahead). True when the page ends at this row (its visit recorded).
bool pageEndsBefore(const PartitionEntry &entry, qint64 limit, const ByteRange &range,
                    TraceVisit &visit, QueryTrace &trace)
{
    StopReason stop;
    if (limit > 0 && trace.scannedCount == limit) {
        visit.fate = ItemFate::LimitReached;
        stop = StopReason::Limit;
    } else if (trace.bytesRead >= QueryEngine::kPageBytes) {
        visit.fate = ItemFate::PageFull;
        stop = StopReason::PageFull;
    } else if (!range.contains(entry.sortKey())) {
        visit.fate = ItemFate::OutsideRange;
        stop = StopReason::EndOfRange;
    } else {
        return false;
    }
    trace.visits.push_back(visit);
    trace.stop = stop;
    return true;
}

// Reads the row: its size counts toward the page and the capacity.
void readSweptRow(const Table &table, const PreparedQuery &q, const PartitionEntry &entry,
                  TraceVisit &visit, QueryTrace &trace, SweepTotals &totals)
{
    const IndexStore *store = q.store;
    // An index entry's size is its projection's (kept from load time: no decoding).
    const quint32 size = store->carriesWholeItems() ? quint32(table.itemSize(entry.item))
                                                    : store->projectedSize(entry.item);
    if (q.fetchFromTable)
        totals.fetchBytes += quint64(table.itemSize(entry.item));
    trace.bytesRead += size;
    totals.indexBytes += size;
    ++trace.scannedCount;
    totals.lastRead = visit.position;
    visit.sizeBytes = size;
    visit.pageBytes = trace.bytesRead;
}

// The filter keeps the row (a result) or leaves it out.
void filterSweptRow(const Table &table, const PreparedQuery &q, const PartitionEntry &entry,
                    TraceVisit &visit, QueryResponse &response)
{
    QueryTrace &trace = response.trace;
    bool passes = true;
    if (q.expressions.filter) {
        const Item whole = table.item(entry.item);
        passes = q.expressions.filter->evaluate(q.entryIsWholeItem ? whole
                                                                   : q.projection.project(whole));
    }
    if (passes) {
        ++trace.count;
        visit.fate = ItemFate::Returned;
        visit.resultNumber = quint32(trace.count);
        response.itemIds.push_back(entry.item);
    } else {
        visit.fate = ItemFate::Filtered;
    }
}

// Limit reached on the very last row, or the page filled on it: the page still ends with a
// LastEvaluatedKey (DynamoDB does not look ahead).
void stopAfterLastRow(qint64 limit, const SweepTotals &totals, QueryTrace &trace)
{
    if (trace.stop == StopReason::EndOfPartition && totals.lastRead) {
        if (limit > 0 && trace.scannedCount == limit)
            trace.stop = StopReason::Limit;
        else if (trace.bytesRead >= QueryEngine::kPageBytes)
            trace.stop = StopReason::PageFull;
    }
}

// The partition sweep: each row read, filtered or returned, until Limit, the 1 MB page, the
// end of the key condition's range or of the partition.
SweepTotals sweep(const Table &table, const QueryRequest &request, const PreparedQuery &q,
                  QueryResponse &response)
{
    QueryTrace &trace = response.trace;
    SweepTotals totals;
    const Partition *partition = q.store->findPartition(q.partitionKey);
    totals.partition = partition;
    if (!partition) {
        trace.stop = StopReason::NoPartition;
        trace.startPosition = QueryTrace::kNoRow;
        return totals;
    }
    const auto &entries = partition->entries;
    const quint32 n = quint32(entries.size());
    sweepRange(*partition, q.range, trace);
    const qint64 start = startRow(table, request, q, *partition, trace);
    trace.startPosition = start < 0 ? QueryTrace::kNoRow : quint32(start);
    const qint64 step = request.scanIndexForward ? 1 : -1;
    const qint64 limit = request.limit.value_or(-1);
    reserveForLimit(limit, n, trace, response);
    trace.stop = StopReason::EndOfPartition;
    for (qint64 pos = start; pos >= 0 && pos < qint64(n); pos += step) {
        const PartitionEntry &entry = entries[size_t(pos)];
        TraceVisit visit;
        visit.position = quint32(pos);
        if (pageEndsBefore(entry, limit, q.range, visit, trace))
            break;
        readSweptRow(table, q, entry, visit, trace, totals);
        filterSweptRow(table, q, entry, visit, response);
        trace.visits.push_back(visit);
    }
    stopAfterLastRow(limit, totals, trace);
    return totals;
}

} // namespace

std::variant<QueryResponse, QueryError>
QueryEngine::query(const Table &table, const QueryRequest &request, Options options)
{
    const TableDefinition &definition = table.definition();
    auto prepared = prepare(table, request);
    if (auto *error = std::get_if<QueryError>(&prepared))
        return *error;
    const PreparedQuery &q = std::get<PreparedQuery>(prepared);
    const IndexDefinition *index = q.index;

    QueryResponse response;
    QueryTrace &trace = response.trace;
    trace.indexName = request.indexName;
    trace.forward = request.scanIndexForward;
    trace.partitionKey = q.partitionKey;
    if (!q.key.range.empty() && !q.store->isMultiAttribute())
        trace.sortCondition = q.key.range.front();
    else if (!q.key.range.empty())
        trace.sortCondition = q.key.range.back();
    const SweepTotals totals = sweep(table, request, q, response);
    const std::optional<quint32> &lastRead = totals.lastRead;

    response.count = trace.count;
    response.scannedCount = trace.scannedCount;
    response.countOnly = q.select == kSelectCount;

    if ((trace.stop == StopReason::Limit || trace.stop == StopReason::PageFull) && lastRead) {
        trace.lastEvaluatedPosition = *lastRead;
        const ItemId id = totals.partition->entries[*lastRead].item;
        Item lastKey;
        for (const auto &name : q.startKeyNames)
            lastKey.emplace(name, table.attribute(id, name));
        response.lastEvaluatedKey = std::move(lastKey);
    }

    if (options.materializeItems && !response.countOnly) {
        response.items.reserve(response.itemIds.size());
        for (ItemId id : response.itemIds) {
            Item whole = table.item(id);
            Item base = q.returnWholeItem ? std::move(whole) : q.projection.project(whole);
            if (q.expressions.projection)
                response.items.push_back(q.expressions.projection->apply(base));
            else
                response.items.push_back(std::move(base));
        }
    }

    const QString returnCapacity = request.returnConsumedCapacity.isEmpty()
        ? QStringLiteral("NONE")
        : request.returnConsumedCapacity;
    if (returnCapacity != QLatin1String("NONE")) {
        ConsumedCapacity capacity;
        capacity.tableName = definition.tableName;
        capacity.perIndex = returnCapacity == QLatin1String("INDEXES");
        const double readUnits = capacityUnits(totals.indexBytes, request.consistentRead);
        if (index) {
            capacity.indexName = index->name;
            capacity.indexIsGlobal = index->isGlobal();
            capacity.indexUnits = readUnits;
            capacity.tableUnits = q.fetchFromTable && totals.fetchBytes > 0
                ? capacityUnits(totals.fetchBytes, request.consistentRead)
                : 0.0;
        } else {
            capacity.tableUnits = readUnits;
        }
        capacity.capacityUnits = capacity.tableUnits + capacity.indexUnits;
        response.consumedCapacity = capacity;
    }
    return response;
}

} // namespace keyscope::model
