#include "model/query/tracetimeline.h"

#include "model/expression/sortkeyoperatortext.h"
#include "model/query/queryengine.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace keyscope::model {

QString keyValueText(const AttributeValue &value)
{
    switch (value.type()) {
    case AttributeValue::Type::S:
        return value.asString();
    case AttributeValue::Type::N:
        return value.asNumber().toString();
    case AttributeValue::Type::B:
        return QStringLiteral("0x") + QString::fromLatin1(value.bytes().toHex()).toUpper();
    case AttributeValue::Type::Null:
        return {};
    default:
        return value.debugString();
    }
}

namespace {

// S values are quoted in sentences so that a key with spaces or a trailing '#' reads as one.
QString quotedValue(const AttributeValue &value)
{
    if (value.type() == AttributeValue::Type::S)
        return QLatin1Char('\'') + value.asString() + QLatin1Char('\'');
    return keyValueText(value);
}

const std::vector<KeyAttribute> &rowKeyAttributes(const IndexStore &store)
{
    return store.keys().hasRange() ? store.keys().range : store.keys().hash;
}

QString quotedRowKey(const Table &table, const IndexStore &store, ItemId item)
{
    QStringList parts;
    for (const auto &attribute : rowKeyAttributes(store))
        parts << quotedValue(table.attribute(item, attribute.name));
    return parts.join(QStringLiteral(" | "));
}

// "'USER#' range", "'A' to 'B' range", "SK < 'X' range".
QString rangeName(const RangeCondition &c)
{
    switch (c.op) {
    case SortKeyOperator::BeginsWith:
        return QStringLiteral("%1 range").arg(quotedValue(c.value));
    case SortKeyOperator::Between:
        return QStringLiteral("%1 to %2 range").arg(quotedValue(c.value), quotedValue(c.upper));
    default:
        return QStringLiteral("%1 %2 %3 range")
            .arg(c.attribute, sortKeyOperatorText(c.op), quotedValue(c.value));
    }
}

// What a probe compares its row with, and the words for the three outcomes. The engine's
// seek targets are byte bounds (successor(v) for "> v"); the words name the value the user wrote.
struct SeekWords
{
    QString target;
    QString less = QStringLiteral("<");
    QString equal = QStringLiteral("=");
    QString greater = QStringLiteral(">");
};

SeekWords seekWords(const QueryTrace &trace, const Table &table, const IndexStore &store,
                    const TimelineOptions &options)
{
    SeekWords w;
    const std::optional<RangeCondition> &c = trace.sortCondition;
    switch (trace.seekTarget) {
    case SeekTarget::ExclusiveStartKey: {
        w.target = QStringLiteral("the ExclusiveStartKey");
        if (options.exclusiveStartKey) {
            QStringList parts;
            for (const auto &attribute : rowKeyAttributes(store)) {
                const auto it = options.exclusiveStartKey->find(attribute.name);
                if (it != options.exclusiveStartKey->end())
                    parts << quotedValue(it->second);
            }
            if (!parts.isEmpty())
                w.target = parts.join(QStringLiteral(" | "));
        }
        break;
    }
    case SeekTarget::LowerBound:
        if (!c || c->op == SortKeyOperator::Less || c->op == SortKeyOperator::LessOrEqual) {
            w.target = QStringLiteral("the start of the partition");
        } else {
            w.target = quotedValue(c->value);
            if (c->op == SortKeyOperator::Greater) {
                w.less = QStringLiteral("<=");
                w.equal = QStringLiteral(">");
            }
        }
        break;
    case SeekTarget::UpperBound:
        if (!c || c->op == SortKeyOperator::Greater || c->op == SortKeyOperator::GreaterOrEqual) {
            w.target = QStringLiteral("the end of the partition");
        } else if (c->op == SortKeyOperator::BeginsWith) {
            w.target = QStringLiteral("the end of %1\u2026").arg(quotedValue(c->value));
            w.equal = w.greater = QStringLiteral(">=");
        } else if (c->op == SortKeyOperator::Less) {
            w.target = quotedValue(c->value);
        } else {
            w.target = quotedValue(c->op == SortKeyOperator::Between ? c->upper : c->value);
            w.less = QStringLiteral("<=");
            w.equal = QStringLiteral(">");
        }
        break;
    }
    Q_UNUSED(table);
    return w;
}

// The attributes a LastEvaluatedKey holds: the table's key, then the index's own key.
std::vector<QString> lastKeyNames(const Table &table, const IndexStore &store)
{
    std::vector<QString> names;
    const auto add = [&](const std::vector<KeyAttribute> &attributes) {
        for (const auto &a : attributes) {
            if (std::find(names.begin(), names.end(), a.name) == names.end())
                names.push_back(a.name);
        }
    };
    add(table.definition().keys.hash);
    add(table.definition().keys.range);
    add(store.keys().hash);
    add(store.keys().range);
    return names;
}

QString lastKeyText(const Table &table, const IndexStore &store, ItemId item)
{
    QStringList parts;
    for (const QString &name : lastKeyNames(table, store))
        parts << QStringLiteral("%1: %2").arg(name, quotedValue(table.attribute(item, name)));
    return QLatin1Char('{') + parts.join(QStringLiteral(", ")) + QLatin1Char('}');
}

} // namespace

QString rowKeyText(const Table &table, const IndexStore &store, ItemId item)
{
    QStringList parts;
    for (const auto &attribute : rowKeyAttributes(store))
        parts << keyValueText(table.attribute(item, attribute.name));
    return parts.join(QStringLiteral(" | "));
}

QString partitionKeyText(const Table &table, const IndexStore &store, const QByteArray &bytes)
{
    if (const Partition *p = store.findPartition(bytes); p && !p->entries.empty()) {
        QStringList parts;
        for (const auto &attribute : store.keys().hash)
            parts << keyValueText(table.attribute(p->entries.front().item, attribute.name));
        return parts.join(QStringLiteral(" | "));
    }
    if (store.keys().hash.size() == 1) {
        switch (store.keys().hash.front().type) {
        case AttributeValue::Type::S:
            return QString::fromUtf8(bytes);
        case AttributeValue::Type::N:
            if (auto number = Number::fromSortableBytes(bytes))
                return number->toString();
            break;
        default:
            break;
        }
    }
    return QStringLiteral("0x") + QString::fromLatin1(bytes.toHex()).toUpper();
}

// Names rows of the partition the query read: by their keys, or "row N" past its end.
struct TraceTimeline::Rows
{
    const Table &table;
    const IndexStore &store;
    const Partition *partition; // null when the partition key matched none

    std::optional<ItemId> item(quint32 row) const
    {
        if (!partition || row >= partition->entries.size())
            return std::nullopt;
        return partition->entries[row].item;
    }
    QString text(quint32 row) const
    {
        const auto found = item(row);
        return found ? rowKeyText(table, store, *found) : QStringLiteral("row %1").arg(row + 1);
    }
    QString quotedText(quint32 row) const
    {
        const auto found = item(row);
        return found ? quotedRowKey(table, store, *found) : QStringLiteral("row %1").arg(row + 1);
    }
};

TraceTimeline::TraceTimeline(const QueryTrace &trace, const Table &table,
                             const TimelineOptions &options)
    : m_trace(trace)
    , m_options(options)
{
    const IndexStore *store = table.store(trace.indexName);
    if (!store)
        return;
    const Rows rows {table, *store,
                     trace.partitionFound ? store->findPartition(trace.partitionKey) : nullptr};
    addPartitionLookup(rows);
    if (trace.partitionFound) {
        addSeekProbes(rows);
        addSweepStart(rows);
        addVisits(rows);
    }
    addStop(rows);
    summarize(rows);
}

// 1. The partition key hashed to its item collection.
void TraceTimeline::addPartitionLookup(const Rows &rows)
{
    const QueryTrace &trace = m_trace;
    TimelineStep step;
    step.kind = TimelineStep::Kind::PartitionLookup;
    QStringList hashNames;
    for (const auto &a : rows.store.keys().hash)
        hashNames << a.name;
    const QString key = QStringLiteral("%1 = '%2'")
                            .arg(hashNames.join(QStringLiteral(" | ")),
                                 partitionKeyText(rows.table, rows.store, trace.partitionKey));
    const QString where
        = rows.store.isTable() ? QString() : QStringLiteral(" in index %1").arg(rows.store.name());
    if (trace.partitionFound) {
        step.narration
            = QStringLiteral("Hash %1 to its item collection%2: %3 %4, in sort-key "
                             "order")
                  .arg(key, where, QLocale::c().toString(trace.partitionSize),
                       trace.partitionSize == 1 ? QStringLiteral("item") : QStringLiteral("items"));
    } else {
        step.narration = QStringLiteral("No item has %1%2: nothing to read").arg(key, where);
    }
    add(step, kLookupMs);
}

// 2. The binary search for where the sweep starts.
void TraceTimeline::addSeekProbes(const Rows &rows)
{
    const QueryTrace &trace = m_trace;
    const SeekWords words = seekWords(trace, rows.table, rows.store, m_options);
    for (int i = 0; i < int(trace.probes.size()); ++i) {
        const SeekProbe &probe = trace.probes[size_t(i)];
        TimelineStep step;
        step.kind = TimelineStep::Kind::SeekProbe;
        step.row = probe.position;
        step.probeIndex = i;
        const QString &op = probe.comparison < 0 ? words.less
            : probe.comparison == 0              ? words.equal
                                                 : words.greater;
        step.narration
            = QStringLiteral("Seek: %1 %2 %3, go %4")
                  .arg(rows.quotedText(probe.position), op, words.target,
                       probe.wentRight ? QStringLiteral("right") : QStringLiteral("left"));
        step.marker = QStringLiteral("%1 %2 \u00b7 go %3")
                          .arg(op, words.target,
                               probe.wentRight ? QStringLiteral("right") : QStringLiteral("left"));
        add(step, kProbeMs);
    }
}

// 3. Where the sweep starts, and which way it goes.
void TraceTimeline::addSweepStart(const Rows &rows)
{
    const QueryTrace &trace = m_trace;
    TimelineStep start;
    start.kind = TimelineStep::Kind::SweepStart;
    const bool startsOnRow = trace.startPosition < trace.partitionSize;
    const QString direction = trace.forward ? QStringLiteral("forward (ascending)")
                                            : QStringLiteral("backward (descending)");
    if (startsOnRow) {
        start.row = trace.startPosition;
        const QString verb = trace.seekTarget == SeekTarget::ExclusiveStartKey
            ? QStringLiteral("Continue after the ExclusiveStartKey at")
            : QStringLiteral("Start reading at");
        start.narration = QStringLiteral("%1 %2, going %3")
                              .arg(verb, rows.text(trace.startPosition), direction);
        start.marker
            = trace.forward ? QStringLiteral("start \u2193") : QStringLiteral("start \u2191");
    } else {
        start.narration = trace.forward
            ? QStringLiteral("The seek lands after the last row: nothing "
                             "to read")
            : QStringLiteral("The seek lands before the first row: "
                             "nothing to read");
    }
    add(start, kSweepStartMs);
}

// 4. Each row read: returned or filtered out.
void TraceTimeline::addVisits(const Rows &rows)
{
    const QueryTrace &trace = m_trace;
    const TimelineOptions &options = m_options;
    for (int i = 0; i < int(trace.visits.size()); ++i) {
        const TraceVisit &visit = trace.visits[size_t(i)];
        if (visit.fate != ItemFate::Returned && visit.fate != ItemFate::Filtered)
            break; // the stopping row is narrated by the Stop step
        TimelineStep step;
        step.kind = TimelineStep::Kind::Visit;
        step.row = visit.position;
        step.visitIndex = i;
        if (visit.fate == ItemFate::Returned) {
            step.narration = QStringLiteral("Read %1: result #%2")
                                 .arg(rows.text(visit.position))
                                 .arg(visit.resultNumber);
            step.marker = QStringLiteral("#%1").arg(visit.resultNumber);
        } else if (options.filterExpression && !options.filterExpression->isEmpty()) {
            step.narration = QStringLiteral("Filtered out: %1 (%2 is false)")
                                 .arg(rows.text(visit.position), *options.filterExpression);
        } else {
            step.narration = QStringLiteral("Filtered out: %1 (read, then dropped by the "
                                            "filter)")
                                 .arg(rows.text(visit.position));
        }
        if (visit.fate == ItemFate::Filtered)
            step.marker = QStringLiteral("filtered out");
        add(step, kVisitMs);
    }
}

// 5. Why the sweep stopped.
void TraceTimeline::addStop(const Rows &rows)
{
    const QueryTrace &trace = m_trace;
    TimelineStep step;
    step.kind = TimelineStep::Kind::Stop;
    if (!trace.visits.empty()) {
        const TraceVisit &last = trace.visits.back();
        if (last.fate != ItemFate::Returned && last.fate != ItemFate::Filtered) {
            step.row = last.position;
            step.visitIndex = int(trace.visits.size()) - 1;
        }
    }
    if (step.row == QueryTrace::kNoRow && trace.lastEvaluatedPosition)
        step.row = *trace.lastEvaluatedPosition;
    const QString lek = trace.lastEvaluatedPosition && rows.item(*trace.lastEvaluatedPosition)
        ? lastKeyText(rows.table, rows.store, *rows.item(*trace.lastEvaluatedPosition))
        : QString();
    switch (trace.stop) {
    case StopReason::NoPartition:
        step.narration = QStringLiteral("Done: Count 0, nothing was read");
        break;
    case StopReason::EndOfRange: {
        const QString range = trace.sortCondition ? rangeName(*trace.sortCondition)
                                                  : QStringLiteral("The key range");
        const QString at = step.row != QueryTrace::kNoRow ? rows.text(step.row) : QString();
        step.narration = trace.forward ? QStringLiteral("%1 ends before %2").arg(range, at)
                                       : QStringLiteral("%1 begins after %2").arg(range, at);
        step.marker = QStringLiteral("outside the key condition: stop");
        break;
    }
    case StopReason::EndOfPartition:
        if (trace.scannedCount == 0 && trace.startPosition >= trace.partitionSize)
            step.narration = QStringLiteral("Done: no row matches the key condition");
        else
            step.narration = trace.forward
                ? QStringLiteral("End of the item collection: no row after "
                                 "the last one read")
                : QStringLiteral("Start of the item collection: no row "
                                 "before the last one read");
        break;
    case StopReason::Limit:
        step.narration = QStringLiteral("Limit %1 reached: LastEvaluatedKey = %2")
                             .arg(trace.scannedCount)
                             .arg(lek);
        step.marker = QStringLiteral("Limit %1 \u00b7 LastEvaluatedKey").arg(trace.scannedCount);
        break;
    case StopReason::PageFull:
        step.narration = QStringLiteral("1 MB page full (%1 bytes read): LastEvaluatedKey = %2")
                             .arg(QLocale::c().toString(qulonglong(trace.bytesRead)), lek);
        step.marker = QStringLiteral("1 MB page ends \u00b7 LastEvaluatedKey");
        break;
    }
    add(step, kStopMs);
}

// 6. The counts, and where the parent item is, when there is one.
void TraceTimeline::summarize(const Rows &rows)
{
    const QueryTrace &trace = m_trace;
    const TimelineOptions &options = m_options;
    m_summary.count = trace.count;
    m_summary.scannedCount = trace.scannedCount;
    m_summary.bytesRead = trace.bytesRead;
    m_summary.consumedCapacity = options.consumedCapacity;
    QString text
        = QStringLiteral("Count %1, ScannedCount %2").arg(trace.count).arg(trace.scannedCount);
    if (options.consumedCapacity)
        text += QStringLiteral(", %1 RCU")
                    .arg(QLocale::c().toString(*options.consumedCapacity, 'g', 6));
    text += QStringLiteral(", %1 bytes read.")
                .arg(QLocale::c().toString(qulonglong(trace.bytesRead)));
    if (options.parentItem) {
        const QString name = rowKeyText(rows.table, rows.store, *options.parentItem);
        std::optional<quint32> row;
        if (rows.partition) {
            for (quint32 r = 0; r < rows.partition->entries.size(); ++r) {
                if (rows.partition->entries[r].item == *options.parentItem) {
                    row = r;
                    break;
                }
            }
        }
        m_summary.parentRow = row;
        if (!row) {
            // The parent may lack this store's keys (an index it is not in): name it by the
            // table's primary key, which every item has.
            QStringList keys;
            for (const auto &key : rows.table.definition().keys.all())
                keys << key.name + u' '
                        + quotedValue(rows.table.attribute(*options.parentItem, key.name));
            text += QStringLiteral(" The parent item (%1) is not in this item collection.")
                        .arg(keys.join(QStringLiteral(", ")));
        } else {
            const int v = visitIndexOfRow(*row);
            const TraceVisit *visit = v >= 0 ? &trace.visits[size_t(v)] : nullptr;
            if (visit && visit->fate == ItemFate::Returned) {
                m_summary.parentResultNumber = visit->resultNumber;
                text += QStringLiteral(" The parent %1 is result #%2.")
                            .arg(name)
                            .arg(visit->resultNumber);
            } else if (visit && visit->fate == ItemFate::Filtered) {
                text += QStringLiteral(" The parent %1 was read, then filtered out.").arg(name);
            } else {
                text += QStringLiteral(" The parent %1 (row %2 of %3) was not read by this page.")
                            .arg(name)
                            .arg(*row + 1)
                            .arg(trace.partitionSize);
            }
        }
    }
    m_summary.text = text;
}

void TraceTimeline::add(TimelineStep step, qint64 baseMs)
{
    const double speed = m_options.speed > 0 ? m_options.speed : 1.0;
    step.startMs = m_total;
    step.durationMs = std::max<qint64>(1, qint64(std::llround(double(baseMs) / speed)));
    step.transitionMs = m_options.reducedMotion
        ? 0
        : qint64(std::llround(double(step.durationMs) * kTransitionShare));
    const TimelineStep *previous = m_steps.empty() ? nullptr : &m_steps.back();
    step.probesDone = (previous ? previous->probesDone : 0) + (step.probeIndex >= 0 ? 1 : 0);
    step.visitsDone
        = step.visitIndex >= 0 ? step.visitIndex + 1 : (previous ? previous->visitsDone : 0);
    m_total += step.durationMs;
    m_steps.push_back(std::move(step));
}

qint64 TraceTimeline::startOf(int stepIndex) const
{
    if (m_steps.empty())
        return 0;
    if (stepIndex < 0)
        return 0;
    if (stepIndex >= stepCount())
        return m_total;
    return m_steps[size_t(stepIndex)].startMs;
}

qint64 TraceTimeline::settledTime(int stepIndex) const
{
    if (m_steps.empty())
        return 0;
    stepIndex = std::clamp(stepIndex, 0, stepCount() - 1);
    const TimelineStep &s = m_steps[size_t(stepIndex)];
    return s.startMs + s.transitionMs;
}

TraceTimeline::Position TraceTimeline::stepAt(qint64 ms) const
{
    Position p;
    if (m_steps.empty())
        return p;
    if (ms >= m_total) {
        p.step = stepCount() - 1;
        p.progress = 1.0;
        p.transition = 1.0;
        return p;
    }
    ms = std::max<qint64>(ms, 0);
    const auto it = std::upper_bound(m_steps.begin(), m_steps.end(), ms,
                                     [](qint64 t, const TimelineStep &s) { return t < s.startMs; });
    p.step = int(it - m_steps.begin()) - 1;
    const TimelineStep &s = m_steps[size_t(p.step)];
    const qint64 into = ms - s.startMs;
    p.progress = double(into) / double(s.durationMs);
    p.transition = s.transitionMs > 0 ? std::min(1.0, double(into) / double(s.transitionMs)) : 1.0;
    return p;
}

int TraceTimeline::visitIndexOfRow(quint32 row) const
{
    const auto &visits = m_trace.visits;
    if (visits.empty())
        return -1;
    const bool forward = m_trace.forward;
    const auto it = std::lower_bound(visits.begin(), visits.end(), row,
                                     [forward](const TraceVisit &v, quint32 r) {
                                         return forward ? v.position < r : v.position > r;
                                     });
    if (it == visits.end() || it->position != row)
        return -1;
    return int(it - visits.begin());
}

} // namespace keyscope::model
