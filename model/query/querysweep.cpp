// The partition sweep: the seek to the first row, then each row read, filtered or returned.

#include "model/query/queryengineparts.h"

#include <algorithm>

namespace keyscope::model::queryinternal {

namespace {

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

} // namespace

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

} // namespace keyscope::model::queryinternal
