#include "model/io/tracejson.h"

#include "model/expression/sortkeyoperatortext.h"
#include "model/io/queryresponsejson.h"
#include "model/value/dynamojson.h"

namespace keyscope::model {

namespace {

OrderedJson valueJson(const AttributeValue &value)
{
    return OrderedJson::fromQJson(dynamojson::valueToJson(value));
}

// The row's key attributes in the store: its RANGE attributes, or HASH ones without a range.
OrderedJson rowKey(const Table &table, const IndexStore &store, ItemId id)
{
    const auto &attributes = store.keys().hasRange() ? store.keys().range : store.keys().hash;
    OrderedJson json = OrderedJson::object();
    for (const auto &attribute : attributes)
        json.insert(attribute.name, valueJson(table.attribute(id, attribute.name)));
    return json;
}

// The partition key looked up. Read it back from a row when the partition exists; otherwise
// decode the comparable bytes (single-attribute keys only; a tuple shows as hex).
OrderedJson partitionKey(const QueryTrace &trace, const Table &table, const IndexStore &store,
                         const Partition *partition)
{
    OrderedJson json = OrderedJson::object();
    const auto &hash = store.keys().hash;
    if (partition && !partition->entries.empty()) {
        const ItemId id = partition->entries.front().item;
        for (const auto &attribute : hash)
            json.insert(attribute.name, valueJson(table.attribute(id, attribute.name)));
        return json;
    }
    if (hash.size() == 1) {
        const QByteArray &bytes = trace.partitionKey;
        std::optional<AttributeValue> value;
        switch (hash.front().type) {
        case AttributeValue::Type::S:
            value = AttributeValue::stringUtf8(bytes);
            break;
        case AttributeValue::Type::B:
            value = AttributeValue::binary(bytes);
            break;
        case AttributeValue::Type::N:
            if (auto number = Number::fromSortableBytes(bytes))
                value = AttributeValue::number(*number);
            break;
        default:
            break;
        }
        if (value) {
            json.insert(hash.front().name, valueJson(*value));
            return json;
        }
    }
    json.insert(QStringLiteral("comparableBytes"),
                OrderedJson::string(QString::fromLatin1(trace.partitionKey.toHex())));
    return json;
}

// The trace's rows as JSON names them: position plus the row's key (and, in an index, the
// table key that orders ties).
struct TraceRows
{
    const Table &table;
    const IndexStore *store;
    const Partition *partition;

    std::optional<ItemId> entryItem(quint32 row) const
    {
        if (!partition || row >= partition->entries.size())
            return std::nullopt;
        return partition->entries[row].item;
    }

    void describe(OrderedJson &row, quint32 pos) const
    {
        row.insert(QStringLiteral("position"), OrderedJson::integer(pos));
        if (auto id = entryItem(pos)) {
            row.insert(QStringLiteral("key"), rowKey(table, *store, *id));
            if (!store->isTable())
                row.insert(QStringLiteral("primaryKey"),
                           QueryResponseJson::itemToJson(table.primaryKey(*id)));
        }
    }
};

OrderedJson sortConditionJson(const RangeCondition &c)
{
    OrderedJson condition = OrderedJson::object();
    condition.insert(QStringLiteral("attribute"), OrderedJson::string(c.attribute));
    condition.insert(QStringLiteral("operator"), OrderedJson::string(sortKeyOperatorText(c.op)));
    condition.insert(QStringLiteral("value"), valueJson(c.value));
    if (c.op == SortKeyOperator::Between)
        condition.insert(QStringLiteral("upper"), valueJson(c.upper));
    return condition;
}

OrderedJson probeJson(const SeekProbe &probe, const TraceRows &rows)
{
    OrderedJson p = OrderedJson::object();
    rows.describe(p, probe.position);
    p.insert(QStringLiteral("comparison"), OrderedJson::integer(probe.comparison));
    p.insert(
        QStringLiteral("direction"),
        OrderedJson::string(probe.wentRight ? QStringLiteral("RIGHT") : QStringLiteral("LEFT")));
    OrderedJson window = OrderedJson::array();
    window.append(OrderedJson::integer(probe.low));
    window.append(OrderedJson::integer(probe.high));
    p.insert(QStringLiteral("window"), window);
    return p;
}

OrderedJson seekJson(const QueryTrace &trace, const TraceRows &rows)
{
    OrderedJson seek = OrderedJson::object();
    seek.insert(QStringLiteral("target"), OrderedJson::string(seekTargetName(trace.seekTarget)));
    OrderedJson probes = OrderedJson::array();
    for (const SeekProbe &probe : trace.probes)
        probes.append(probeJson(probe, rows));
    seek.insert(QStringLiteral("probes"), probes);
    seek.insert(QStringLiteral("startPosition"),
                trace.partitionFound && trace.startPosition < trace.partitionSize
                    ? OrderedJson::integer(trace.startPosition)
                    : OrderedJson());
    return seek;
}

OrderedJson visitsJson(const QueryTrace &trace, const TraceRows &rows)
{
    OrderedJson visits = OrderedJson::array();
    for (const TraceVisit &visit : trace.visits) {
        OrderedJson v = OrderedJson::object();
        rows.describe(v, visit.position);
        v.insert(QStringLiteral("fate"), OrderedJson::string(fateName(visit.fate)));
        v.insert(QStringLiteral("resultNumber"),
                 visit.fate == ItemFate::Returned ? OrderedJson::integer(visit.resultNumber)
                                                  : OrderedJson());
        v.insert(QStringLiteral("size"), OrderedJson::integer(visit.sizeBytes));
        v.insert(QStringLiteral("pageBytes"), OrderedJson::integer(qint64(visit.pageBytes)));
        visits.append(v);
    }
    return visits;
}

} // namespace

OrderedJson TraceJson::toJson(const QueryTrace &trace, const Table &table)
{
    OrderedJson json = OrderedJson::object();
    const IndexStore *store = table.store(trace.indexName);
    if (!store)
        store = table.store();
    const Partition *partition
        = trace.partitionFound ? store->findPartition(trace.partitionKey) : nullptr;
    const TraceRows rows {table, store, partition};
    json.insert(QStringLiteral("index"),
                trace.indexName.isEmpty() ? OrderedJson() : OrderedJson::string(trace.indexName));
    json.insert(QStringLiteral("scanIndexForward"), OrderedJson::boolean(trace.forward));
    OrderedJson partitionJson = OrderedJson::object();
    partitionJson.insert(QStringLiteral("key"), partitionKey(trace, table, *store, partition));
    partitionJson.insert(QStringLiteral("found"), OrderedJson::boolean(trace.partitionFound));
    partitionJson.insert(QStringLiteral("size"), OrderedJson::integer(trace.partitionSize));
    json.insert(QStringLiteral("partition"), partitionJson);
    if (trace.sortCondition)
        json.insert(QStringLiteral("sortKeyCondition"), sortConditionJson(*trace.sortCondition));
    json.insert(QStringLiteral("rangeBegin"), OrderedJson::integer(trace.rangeBegin));
    json.insert(QStringLiteral("rangeEnd"), OrderedJson::integer(trace.rangeEnd));
    json.insert(QStringLiteral("seek"), seekJson(trace, rows));
    json.insert(QStringLiteral("visits"), visitsJson(trace, rows));
    json.insert(QStringLiteral("stopReason"), OrderedJson::string(stopReasonName(trace.stop)));
    json.insert(QStringLiteral("lastEvaluatedPosition"),
                trace.lastEvaluatedPosition ? OrderedJson::integer(*trace.lastEvaluatedPosition)
                                            : OrderedJson());
    json.insert(QStringLiteral("bytesRead"), OrderedJson::integer(qint64(trace.bytesRead)));
    json.insert(QStringLiteral("scannedCount"), OrderedJson::integer(trace.scannedCount));
    json.insert(QStringLiteral("count"), OrderedJson::integer(trace.count));
    return json;
}

} // namespace keyscope::model
