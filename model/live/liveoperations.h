#pragma once

#include "model/live/dynamoclient.h"
#include "model/query/queryrequest.h"
#include "model/table/tabledefinition.h"

#include <QJsonObject>
#include <QStringList>

#include <functional>
#include <optional>
#include <vector>

namespace keyscope::model::live {

// A table as DescribeTable reports it.
struct TableDescription
{
    TableDefinition definition;
    QString status;        // ACTIVE, CREATING, ...
    qint64 itemCount = -1; // DynamoDB's estimate (updated about every six hours)
    qint64 sizeBytes = -1;
    QJsonObject raw; // the "Table" member as received
};

// Items read by Query/Scan over every page. An error, a cancel or the item cap stops the
// reading and keeps what was read so far.
struct ReadResult
{
    std::vector<Item> items;
    qint64 count = 0;        // sum of the pages' Count
    qint64 scannedCount = 0; // sum of ScannedCount
    int pages = 0;
    std::vector<qint64> pageCounts;       // Count of each page
    bool capped = false;                  // stopped at maxItems with more to read
    std::optional<Item> lastEvaluatedKey; // where reading stopped (capped, cancelled or error)
    std::optional<LiveError> error;       // includes Cancelled
};

// Progress of a long operation: what was done so far, and the total when known (-1).
using LiveProgress = std::function<void(qint64 done, qint64 total)>;

struct WriteResult
{
    qint64 written = 0;
    int requests = 0;
    int unprocessedRetries = 0; // BatchWriteItem calls that re-sent UnprocessedItems
    std::optional<LiveError> error;
};

// The operations Keyscope runs against an endpoint, over a DynamoClient.
class LiveOperations
{
public:
    // Bounds of one read that follows LastEvaluatedKey (or LastEvaluatedTableName): at most
    // this many pages (about 100 GB at DynamoDB's 1 MB a page) and this many minutes, as the
    // client's clock tells.
    static constexpr int kMaxPages = 100000;
    static constexpr int kMaxReadMinutes = 60;

    explicit LiveOperations(DynamoClient &client)
        : m_client(client)
    { }

    // Every table name (ListTables, all pages).
    std::variant<QStringList, LiveError> listTables();
    std::variant<TableDescription, LiveError> describeTable(const QString &table);

    // Query or Scan, following LastEvaluatedKey until the end, `maxItems` items (0: no cap)
    // or a cancel. The request's Limit applies to each page.
    ReadResult queryAll(const QueryRequest &request, qint64 maxItems = 0,
                        const LiveProgress &progress = {});
    ReadResult scanAll(const QString &table, qint64 maxItems = 0,
                       const LiveProgress &progress = {});

    // Whether the table holds at least one item (a Scan with Limit 1; DescribeTable's
    // ItemCount lags by hours).
    std::variant<bool, LiveError> hasItems(const QString &table);

    // CreateTable from a definition (on-demand billing unless the project's table JSON says
    // otherwise), then waits until DescribeTable reports ACTIVE.
    std::variant<TableDescription, LiveError> createTable(const TableDefinition &definition,
                                                          const QJsonObject &tableJson = {},
                                                          int waitSeconds = 120);

    // BatchWriteItem in groups of 25, re-sending UnprocessedItems with backoff until they are
    // all written (or `maxUnprocessedRounds` rounds in a row make no progress).
    WriteResult batchWrite(const QString &table, const ItemList &items,
                           const LiveProgress &progress = {}, int maxUnprocessedRounds = 8);

    // Items as PutItem would leave them: a repeated primary key keeps the later item, at the
    // earlier one's position (BatchWriteItem refuses the same key twice in one request).
    static ItemList uniqueByKey(const TableDefinition &definition, const ItemList &items);

    // Request shapes of the DynamoDB JSON protocol.
    static QJsonObject queryToJson(const QueryRequest &request);
    static QJsonObject createTableJson(const TableDefinition &definition,
                                       const QJsonObject &tableJson);

private:
    ReadResult readAll(const QString &operation, QJsonObject body, qint64 maxItems,
                       const LiveProgress &progress);

    DynamoClient &m_client;
};

} // namespace keyscope::model::live
