#include "model/live/liveverify.h"

#include "model/query/queryengine.h"

#include <algorithm>

namespace keyscope::model::live {

Item LiveVerifier::primaryKey(const TableDefinition &definition, const Item &item)
{
    Item key;
    for (const auto &attribute : definition.keys.all()) {
        const auto it = item.find(attribute.name);
        if (it != item.end())
            key.emplace(it->first, it->second);
    }
    return key;
}

VerifyResult LiveVerifier::verify(LiveOperations &operations, const Table &table,
                                  const QueryRequest &request, const LiveProgress &progress)
{
    VerifyResult result;
    result.endpoint = operations.queryAll(request, 0, progress);

    QueryRequest local = request;
    local.tableName.clear();
    for (;;) {
        auto page = QueryEngine::query(table, local);
        if (auto *error = std::get_if<QueryError>(&page)) {
            result.keyscopeError = *error;
            break;
        }
        QueryResponse &response = std::get<QueryResponse>(page);
        ++result.keyscopePages;
        result.keyscopeCount += response.count;
        result.keyscopeScannedCount += response.scannedCount;
        for (Item &item : response.items)
            result.keyscopeItems.push_back(std::move(item));
        if (!response.lastEvaluatedKey)
            break;
        local.exclusiveStartKey = response.lastEvaluatedKey;
    }

    const TableDefinition &definition = table.definition();
    const size_t rows = std::max(result.endpoint.items.size(), result.keyscopeItems.size());
    qint64 firstKeyDifference = -1;
    qint64 firstItemDifference = -1;
    for (size_t i = 0; i < rows; ++i) {
        VerifyResult::Row row;
        if (i < result.endpoint.items.size())
            row.endpoint = result.endpoint.items[i];
        if (i < result.keyscopeItems.size())
            row.keyscope = result.keyscopeItems[i];
        if (row.endpoint && row.keyscope) {
            row.sameKey
                = primaryKey(definition, *row.endpoint) == primaryKey(definition, *row.keyscope);
            row.sameItem = *row.endpoint == *row.keyscope;
        }
        if (!row.sameKey && firstKeyDifference < 0)
            firstKeyDifference = qint64(i);
        if (row.sameKey && !row.sameItem && firstItemDifference < 0)
            firstItemDifference = qint64(i);
        result.rows.push_back(std::move(row));
    }

    if (result.endpoint.error)
        result.differences
            << QStringLiteral("the endpoint failed: %1").arg(result.endpoint.error->toString());
    if (result.keyscopeError)
        result.differences << QStringLiteral("Keyscope rejected the query (%1): %2")
                                  .arg(result.keyscopeError->type, result.keyscopeError->message);
    if (result.endpoint.error || result.keyscopeError)
        return result;
    if (result.endpoint.count != result.keyscopeCount)
        result.differences << QStringLiteral("Count differs: the endpoint returned %1 items, "
                                             "Keyscope %2")
                                  .arg(result.endpoint.count)
                                  .arg(result.keyscopeCount);
    if (result.endpoint.scannedCount != result.keyscopeScannedCount)
        result.differences << QStringLiteral("ScannedCount differs: the endpoint read %1 items, "
                                             "Keyscope %2")
                                  .arg(result.endpoint.scannedCount)
                                  .arg(result.keyscopeScannedCount);
    if (firstKeyDifference >= 0 && result.endpoint.count == result.keyscopeCount)
        result.differences
            << QStringLiteral("order differs from result %1 on").arg(firstKeyDifference + 1);
    else if (firstKeyDifference >= 0)
        result.differences
            << QStringLiteral("results differ from result %1 on").arg(firstKeyDifference + 1);
    if (firstItemDifference >= 0)
        result.differences << QStringLiteral("result %1 has the same key but different "
                                             "attributes")
                                  .arg(firstItemDifference + 1);
    return result;
}

} // namespace keyscope::model::live
