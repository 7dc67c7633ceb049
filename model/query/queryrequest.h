#pragma once

#include "model/query/querytrace.h"
#include "model/table/table.h"
#include "model/value/attributevalue.h"

#include <QString>

#include <map>
#include <optional>
#include <vector>

namespace keyscope::model {

// A Query request, as the DynamoDB API (and `aws dynamodb query`) takes it.
struct QueryRequest
{
    QString tableName; // empty: the table the engine was given
    QString indexName; // empty: the table itself
    QString keyConditionExpression;
    std::optional<QString> filterExpression;
    std::optional<QString> projectionExpression;
    std::optional<std::map<QString, QString>> expressionAttributeNames;
    std::optional<std::map<QString, AttributeValue>> expressionAttributeValues;
    bool scanIndexForward = true;
    std::optional<qint64> limit;
    std::optional<Item> exclusiveStartKey;
    std::optional<QString> select; // ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES, SPECIFIC_ATTRIBUTES, COUNT
    bool consistentRead = false;
    QString returnConsumedCapacity; // TOTAL, INDEXES, NONE (empty = NONE)
};

struct ConsumedCapacity
{
    QString tableName;
    double capacityUnits = 0;  // total
    double tableUnits = 0;     // on the table (a table query, or LSI fetches)
    QString indexName;         // empty for a table query
    bool indexIsGlobal = false;
    double indexUnits = 0;
    bool perIndex = false;     // ReturnConsumedCapacity=INDEXES
};

struct QueryResponse
{
    std::vector<ItemId> itemIds; // returned items in result order
    std::vector<Item> items;     // the same, projected; empty for Select=COUNT or when not asked
    bool countOnly = false;      // Select=COUNT: the response has no Items member
    qint64 count = 0;
    qint64 scannedCount = 0;
    std::optional<Item> lastEvaluatedKey;
    std::optional<ConsumedCapacity> consumedCapacity;
    QueryTrace trace;
};

struct QueryError
{
    QString type = QStringLiteral("ValidationException");
    QString message;
    int position = -1;  // offset in the expression for syntax errors
    QString parameter;  // which request member, when known ("KeyConditionExpression", ...)
};

} // namespace keyscope::model
