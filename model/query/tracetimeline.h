#pragma once

#include "model/query/querytrace.h"
#include "model/table/table.h"

#include <QString>

#include <optional>
#include <vector>

namespace keyscope::model {

// One thing the traversal animation shows, with the sentence that narrates it.
struct TimelineStep
{
    enum class Kind : quint8 {
        PartitionLookup, // the partition key is hashed to its item collection
        SeekProbe,       // one probe of the binary search (the B-tree seek)
        SweepStart,      // the cursor is placed on the first row it reads
        Visit,           // the cursor reads one row: returned or filtered
        Stop,            // the page ends: end of range / partition, Limit, 1 MB
    };

    Kind kind = Kind::PartitionLookup;
    qint64 startMs = 0;
    qint64 durationMs = 0;
    // The first part of the step during which things move (cursor glides, marker lands); the
    // rest is dwell. Zero under reduced motion: the step's state appears at once.
    qint64 transitionMs = 0;
    QString narration;
    // A short caption drawn beside the step's row on the diagram: "> 'USER#' · go left",
    // "#2", "filtered", "Limit 10 · LastEvaluatedKey".
    QString marker;

    quint32 row = QueryTrace::kNoRow; // probe row, visited row, start row, or the stopping row
    int probeIndex = -1;              // SeekProbe: index into QueryTrace::probes
    int visitIndex = -1;              // Visit (and a Stop caused by a visit): QueryTrace::visits
    // Cumulative state once this step is shown: probes landed and visits made so far (this
    // step's included). A renderer needs nothing else to draw any step.
    int probesDone = 0;
    int visitsDone = 0;
};

// What the page came to, for the narration panel's last line.
struct TimelineSummary
{
    qint64 count = 0;
    qint64 scannedCount = 0;
    quint64 bytesRead = 0;
    std::optional<double> consumedCapacity; // RCU, when the caller knows it
    // Where the parent item (TimelineOptions::parentItem) sits in the partition, and its result
    // number when it was returned (0 otherwise).
    std::optional<quint32> parentRow;
    quint32 parentResultNumber = 0;
    QString text; // "Count 10, ScannedCount 11, 0.5 RCU. The parent DEVICE#d-0001 is result #1."
};

struct TimelineOptions
{
    // Durations are divided by speed (2.0 plays twice as fast). A player may instead keep
    // speed 1 here and scale its own clock.
    double speed = 1.0;
    // Zero-length transitions: each step's state appears at once (steps jump).
    bool reducedMotion = false;
    // Named in the narration of filtered rows: "Filtered out: USER#BOB (Temp > :t is false)".
    std::optional<QString> filterExpression;
    // The request's ExclusiveStartKey, named in the seek narration.
    std::optional<Item> exclusiveStartKey;
    // The item the access pattern is about; the summary says where it landed.
    std::optional<ItemId> parentItem;
    std::optional<double> consumedCapacity;
};

// A Query trace as a sequence of timed steps. Pure: the animation is a function of
// (timeline, time), so play, pause, step, scrub and export-at-step are all "set the time".
class TraceTimeline
{
public:
    static constexpr qint64 kLookupMs = 500;
    static constexpr qint64 kProbeMs = 500;
    static constexpr qint64 kSweepStartMs = 400;
    static constexpr qint64 kVisitMs = 250;
    static constexpr qint64 kStopMs = 800;
    // Share of a step spent moving; the rest is dwell.
    static constexpr double kTransitionShare = 0.6;

    TraceTimeline() = default;
    // The table is read for keys only during construction; the timeline keeps a copy of the
    // trace and no reference to the table.
    TraceTimeline(const QueryTrace &trace, const Table &table, const TimelineOptions &options = {});

    const QueryTrace &trace() const { return m_trace; }
    const TimelineOptions &options() const { return m_options; }
    const std::vector<TimelineStep> &steps() const { return m_steps; }
    int stepCount() const { return int(m_steps.size()); }
    const TimelineStep &step(int index) const { return m_steps[size_t(index)]; }
    const TimelineSummary &summary() const { return m_summary; }

    qint64 totalDuration() const { return m_total; }
    qint64 startOf(int stepIndex) const;
    // The time at which a step has finished moving: where "step forward" lands.
    qint64 settledTime(int stepIndex) const;

    struct Position
    {
        int step = -1;         // -1 only for an empty timeline
        double progress = 0;   // 0..1 through the whole step
        double transition = 0; // 0..1 through the step's transition (1 under reduced motion)
    };
    // The step showing at a time. A step owns [startOf, startOf + duration); times before 0
    // clamp to the first step's start, times at or past the end to the last step's end.
    Position stepAt(qint64 ms) const;

    // The visit that reached a row (visits are monotonic in row), or -1.
    int visitIndexOfRow(quint32 row) const;

private:
    struct Rows;

    // The constructor's steps, in the order the timeline plays them.
    void addPartitionLookup(const Rows &rows);
    void addSeekProbes(const Rows &rows);
    void addSweepStart(const Rows &rows);
    void addVisits(const Rows &rows);
    void addStop(const Rows &rows);
    void summarize(const Rows &rows);
    void add(TimelineStep step, qint64 baseMs);

    QueryTrace m_trace;
    TimelineOptions m_options;
    std::vector<TimelineStep> m_steps;
    TimelineSummary m_summary;
    qint64 m_total = 0;
};

// How a key value reads in narration and on screen: S as text, N canonical, B as hex.
QString keyValueText(const AttributeValue &value);
// A row's key in a store: its RANGE attributes (or HASH ones without a sort key), joined by
// " | " when there are several.
QString rowKeyText(const Table &table, const IndexStore &store, ItemId item);
// The partition key a trace looked up, as text ("DEVICE#d-0001"); hex for undecodable tuples.
QString partitionKeyText(const Table &table, const IndexStore &store, const QByteArray &bytes);

} // namespace keyscope::model
