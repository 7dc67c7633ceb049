#pragma once

// The live workflows the `keyscope live` commands and the app's Live Endpoint window share:
// the request a "load partition" form describes, the project a loaded partition becomes, the
// check before a push and the push itself, and how keys are written in both.

#include "model/design/project.h"
#include "model/live/liveoperations.h"
#include "model/query/queryrequest.h"
#include "model/table/tabledefinition.h"

#include <QString>

#include <optional>
#include <variant>
#include <vector>

namespace keyscope::model::live {

// "PK (S, HASH), SK (S, RANGE)".
QString describeKeys(const KeySchema &keys);
// The same key attributes, in the same roles, with the same types.
bool sameKeys(const KeySchema &a, const KeySchema &b);
// "PK=DEVICE#1 SK=#READING#..." : the index's keys, then the table's (each once).
QString keyText(const TableDefinition &definition, const QString &indexName, const Item &item);

// The "load partition" form as typed: values and names as JSON text.
struct PartitionForm
{
    QString tableName;
    QString indexName;
    QString keyConditionExpression;
    QString filterExpression;          // empty: none
    QString expressionAttributeNames;  // {"#n": "Name"}; empty: none
    QString expressionAttributeValues; // {":pk": {"S": "x"}}; empty: none
    bool scanIndexForward = true;
    int limit = 0; // per page; 0: none
};
// The Query the form describes, or what is wrong ("Values: ...", "Names: ...").
std::variant<QueryRequest, QString> partitionRequest(const PartitionForm &form);

// The project a partition read from `endpoint` becomes: the table as described, the items
// read, and the Query that read them as its access pattern "Loaded partition" (index, key
// condition, filter, names, values, direction and Limit all kept).
Project partitionProject(const QueryRequest &request, const TableDefinition &definition,
                         const QString &endpoint, std::vector<Item> items);

// What a push will do, for the confirmation.
struct PushPlan
{
    QString endpoint;
    QString table;
    qint64 items = 0;
    bool tableExists = false;
    bool tableHasItems = false;
    QString keys; // "PK (S, HASH), SK (S, RANGE)"
};

// What the endpoint says about the table a push writes to.
struct PushCheck
{
    PushPlan plan;
    QString existingKeys;           // the existing table's keys when they differ (else empty)
    std::optional<LiveError> error; // any error but ResourceNotFoundException

    bool keysDiffer() const { return !existingKeys.isEmpty(); }
};
// DescribeTable (not found: the push creates the table), and when it exists with the same keys,
// whether it already holds items.
PushCheck checkPush(LiveOperations &operations, const TableDefinition &definition,
                    const QString &endpoint, qint64 items);
// Creates the table when the plan says it does not exist, then writes every item.
struct PushResult
{
    std::optional<LiveError> createError; // CreateTable failed: nothing was written
    WriteResult write;
};
PushResult push(LiveOperations &operations, const PushPlan &plan, const TableDefinition &definition,
                const QJsonObject &tableJson, const ItemList &items,
                const LiveProgress &progress = {});

} // namespace keyscope::model::live
