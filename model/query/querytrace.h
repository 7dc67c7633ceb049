#pragma once

#include "model/expression/keyconditionschema.h"
#include "model/value/attributevalue.h"

#include <QByteArray>
#include <QString>

#include <optional>
#include <vector>

namespace keyscope::model {

// What happened to one row the cursor reached, in traversal order.
enum class ItemFate : quint8 {
    Returned,     // read and returned: result number `resultNumber`
    Filtered,     // read, then dropped by the FilterExpression (still counted in ScannedCount)
    OutsideRange, // not read: beyond the key condition's bound, so the sweep ends here
    LimitReached, // not read: Limit items were already read
    PageFull,     // not read: the page already holds 1 MB
};

// One probe of the binary search that finds where the sweep starts (the B-tree seek).
struct SeekProbe
{
    quint32 position = 0; // row probed
    qint8 comparison = 0; // row's key against the seek target: -1 before, 0 equal, +1 after
    bool wentRight = false; // the search continued in the rows after this one
    quint32 low = 0;        // search window [low, high) before this probe
    quint32 high = 0;
};

struct TraceVisit
{
    quint32 position = 0;     // row in the partition (ascending order)
    ItemFate fate = ItemFate::Returned;
    quint32 resultNumber = 0; // 1-based, Returned only
    quint32 sizeBytes = 0;    // bytes read (index entry size for an index), 0 when not read
    quint64 pageBytes = 0;    // bytes read by this page so far, this row included
};

enum class SeekTarget : quint8 {
    LowerBound,        // forward: the first row at or after the key condition's lower bound
    UpperBound,        // backward: the last row at or before the key condition's upper bound
    ExclusiveStartKey, // continue after ExclusiveStartKey, in the query's direction
};

enum class StopReason : quint8 {
    NoPartition,   // no item has this partition key
    EndOfRange,    // the cursor reached a row outside the key condition
    EndOfPartition,
    Limit,         // Limit items were read: LastEvaluatedKey returned
    PageFull,      // 1 MB was read: LastEvaluatedKey returned
};

// Everything one Query page did, in order, as plain data. Rows are positions in the queried
// partition (of the table or index store); no item is copied. The app animates from this alone.
struct QueryTrace
{
    QString indexName;    // empty for the table
    bool forward = true;  // ScanIndexForward
    QByteArray partitionKey; // comparable bytes of the partition key looked up
    bool partitionFound = false;
    quint32 partitionSize = 0;

    // The key condition on the sort key as the user wrote it (after flipping operands).
    std::optional<RangeCondition> sortCondition;
    // Rows satisfying the key condition: [rangeBegin, rangeEnd).
    quint32 rangeBegin = 0;
    quint32 rangeEnd = 0;

    SeekTarget seekTarget = SeekTarget::LowerBound;
    std::vector<SeekProbe> probes;
    // The first row the sweep reads; partitionSize (forward) or -1 as UINT32_MAX (backward) when
    // there is none.
    quint32 startPosition = 0;

    std::vector<TraceVisit> visits;
    StopReason stop = StopReason::EndOfPartition;
    std::optional<quint32> lastEvaluatedPosition; // row whose key is LastEvaluatedKey

    quint64 bytesRead = 0;
    qint64 scannedCount = 0;
    qint64 count = 0;

    static constexpr quint32 kNoRow = 0xFFFFFFFFu;
};

QString fateName(ItemFate fate);
QString stopReasonName(StopReason reason);
QString seekTargetName(SeekTarget target);

} // namespace keyscope::model
