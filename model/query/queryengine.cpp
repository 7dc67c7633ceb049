#include "model/query/queryengine.h"

#include "model/query/queryengineparts.h"

#include <algorithm>

namespace keyscope::model {

using queryinternal::kSelectCount;
using queryinternal::prepare;
using queryinternal::PreparedQuery;
using queryinternal::sweep;
using queryinternal::SweepTotals;

double QueryEngine::capacityUnits(quint64 bytes, bool consistentRead)
{
    const quint64 units = std::max<quint64>(1, (bytes + 4095) / 4096);
    return consistentRead ? double(units) : double(units) / 2.0;
}

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
