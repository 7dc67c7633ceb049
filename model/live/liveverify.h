#pragma once

#include "model/live/liveoperations.h"
#include "model/query/queryrequest.h"
#include "model/table/table.h"

#include <optional>
#include <vector>

namespace keyscope::model::live {

// One Query run on the endpoint and in Keyscope's engine, all pages each, side by side.
struct VerifyResult
{
    struct Row
    {
        std::optional<Item> endpoint; // the item at this result position, if any
        std::optional<Item> keyscope;
        bool sameKey = false;  // both present, same primary key
        bool sameItem = false; // both present, equal items
    };

    ReadResult endpoint;
    std::vector<Item> keyscopeItems;
    qint64 keyscopeCount = 0;
    qint64 keyscopeScannedCount = 0;
    int keyscopePages = 0;
    std::optional<QueryError> keyscopeError;

    std::vector<Row> rows;
    QStringList differences; // one sentence per difference; empty: identical

    bool identical() const { return differences.isEmpty() && !endpoint.error && !keyscopeError; }
};

class LiveVerifier
{
public:
    // `request.tableName` names the endpoint's table; the engine queries `table` whatever its
    // name. Compares the items in order (primary key, then every attribute), Count and
    // ScannedCount.
    static VerifyResult verify(LiveOperations &operations, const Table &table,
                               const QueryRequest &request, const LiveProgress &progress = {});
    // The table's primary key of an item (for the side-by-side display).
    static Item primaryKey(const TableDefinition &definition, const Item &item);
};

} // namespace keyscope::model::live
