#pragma once

// What the Query engine's parts share (internal to queryengine, querychecks, querykeyrange,
// queryprepare and querysweep.cpp): the prepared request, the key's byte range, their steps.

#include "model/expression/queryexpressions.h"
#include "model/query/queryengine.h"
#include "model/table/keyencoding.h"

#include <QSet>
#include <QString>

#include <optional>
#include <variant>
#include <vector>

namespace keyscope::model::queryinternal {

using keyencoding::compareBytes;

inline const QString kSelectAll = QStringLiteral("ALL_ATTRIBUTES");
inline const QString kSelectProjected = QStringLiteral("ALL_PROJECTED_ATTRIBUTES");
inline const QString kSelectSpecific = QStringLiteral("SPECIFIC_ATTRIBUTES");
inline const QString kSelectCount = QStringLiteral("COUNT");

inline const QString kInvalidStartKey = QStringLiteral("The provided starting key is invalid");
inline const QString kKeyElementMismatch
    = QStringLiteral("The provided key element does not match the "
                     "schema");

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

// The request's checks, in DynamoDB's order and wording (querychecks.cpp).
QueryError validation(const QString &message, const QString &parameter = {});
QueryError fromValidationError(const ValidationError &error);
std::size_t maxKeyAttributes(const TableDefinition &definition);
std::optional<QString> checkKeyValues(const KeySchema &keys, const KeyCondition &condition);
std::variant<QString, QueryError> checkRequest(const QueryRequest &request);
QStringList startKeyNamesOf(const KeySchema &storeKeys, const TableDefinition &definition);
std::optional<QueryError> checkStartKey(const Item &startKey, const TableDefinition &definition,
                                        PreparedQuery &q);
std::optional<QueryError> checkFilterAndSelect(const TableDefinition &definition,
                                               const KeyConditionSchema &schema,
                                               const PreparedQuery &q);
KeyAttributeCheck startKeyCheckOf(const Item *start);

// The key condition as sort-key bytes (querykeyrange.cpp).
ByteRange singleAttributeRange(const RangeCondition &c);
ByteRange tupleRange(const std::vector<RangeCondition> &conditions);
QByteArray partitionBytes(const IndexStore &store, const std::vector<AttributeValue> &hashValues);

// Steps 1 to 12 (queryprepare.cpp).
std::variant<PreparedQuery, QueryError> prepare(const Table &table, const QueryRequest &request);

// The partition sweep (querysweep.cpp).
SweepTotals sweep(const Table &table, const QueryRequest &request, const PreparedQuery &q,
                  QueryResponse &response);

} // namespace keyscope::model::queryinternal
