#include "model/teach/tracequestions.h"

#include "model/expression/sortkeyoperatortext.h"
#include "model/value/keyorder.h"

#include <QLocale>

#include <algorithm>

namespace keyscope::model {

namespace {

QString rowChoiceId(quint32 row)
{
    return QStringLiteral("row:%1").arg(row);
}

// "SK >= 'USER#'", "SK BETWEEN 'a' AND 'b'", "begins_with(SK, 'USER#')".
QString conditionText(const RangeCondition &c)
{
    switch (c.op) {
    case SortKeyOperator::BeginsWith:
        return QStringLiteral("begins_with(%1, %2)").arg(c.attribute, quotedKeyValue(c.value));
    case SortKeyOperator::Between:
        return QStringLiteral("%1 BETWEEN %2 AND %3")
            .arg(c.attribute, quotedKeyValue(c.value), quotedKeyValue(c.upper));
    default:
        return QStringLiteral("%1 %2 %3")
            .arg(c.attribute, sortKeyOperatorText(c.op), quotedKeyValue(c.value));
    }
}

// The bound of a key condition the sweep meets last in its direction, if it has one.
std::optional<AttributeValue> farBound(const RangeCondition &c, bool forward)
{
    using Op = SortKeyOperator;
    if (c.op == Op::Equal || c.op == Op::BeginsWith)
        return c.value;
    if (c.op == Op::Between)
        return forward ? c.upper : c.value;
    const bool upperBound = c.op == Op::Less || c.op == Op::LessOrEqual;
    if (upperBound == forward)
        return c.value;
    return std::nullopt;
}

Choice fateChoice(const QString &id)
{
    static const std::map<QString, QString> texts {
        {QStringLiteral("returned"), QStringLiteral("Returned")},
        {QStringLiteral("filtered"), QStringLiteral("Read, then filtered out")},
        {QStringLiteral("outside"), QStringLiteral("Outside the key condition: stop")},
        {QStringLiteral("limit"), QStringLiteral("Beyond Limit: stop")},
        {QStringLiteral("page"), QStringLiteral("The 1 MB page is full: stop")},
    };
    return Choice {id, texts.at(id), std::nullopt};
}

QString fateId(ItemFate fate)
{
    switch (fate) {
    case ItemFate::Returned:
        return QStringLiteral("returned");
    case ItemFate::Filtered:
        return QStringLiteral("filtered");
    case ItemFate::OutsideRange:
        return QStringLiteral("outside");
    case ItemFate::LimitReached:
        return QStringLiteral("limit");
    case ItemFate::PageFull:
        return QStringLiteral("page");
    }
    return {};
}

QString lowerFirst(QString text)
{
    if (!text.isEmpty() && !(text.size() > 1 && text[1].isUpper()))
        text[0] = text[0].toLower();
    return text;
}

} // namespace

TraceQuestions::TraceQuestions(const TraceTimeline &timeline, const CollectionKeys &keys,
                               const LessonOptions &options)
    : m_timeline(timeline)
    , m_trace(timeline.trace())
    , m_keys(keys)
    , m_options(options)
{ }

std::vector<Question> TraceQuestions::build() const
{
    std::vector<Question> out;
    if (auto parent = parentPlace())
        out.push_back(std::move(*parent));
    for (int step = 0; step < m_timeline.stepCount(); ++step)
        addStepQuestions(step, out);
    return out;
}

void TraceQuestions::addStepQuestions(int step, std::vector<Question> &out) const
{
    const TimelineStep &s = m_timeline.step(step);
    switch (s.kind) {
    case TimelineStep::Kind::PartitionLookup:
        break;
    case TimelineStep::Kind::SeekProbe: {
        const SeekProbe &probe = m_trace.probes[size_t(s.probeIndex)];
        if (s.probeIndex == 0 && probe.high >= probe.low + 3) // a window worth a guess
            out.push_back(probeRow(step, probe));
        out.push_back(seekDirection(step, probe));
        break;
    }
    case TimelineStep::Kind::SweepStart:
        if (m_keys.hasRow(s.row) && m_keys.rowCount() > 1) // one row leaves nothing to guess
            out.push_back(firstRow(step));
        break;
    case TimelineStep::Kind::Visit:
    case TimelineStep::Kind::Stop:
        if (s.visitIndex == 1 && m_keys.hasRow(m_trace.visits[1].position))
            out.push_back(nextRow(step, m_trace.visits[0].position, m_trace.visits[1].position));
        if (s.visitIndex >= 0 && fateWorthAsking(s.visitIndex))
            out.push_back(fate(step, m_trace.visits[size_t(s.visitIndex)]));
        if (s.kind == TimelineStep::Kind::Stop && m_trace.partitionFound)
            out.push_back(pageEnd(step));
        break;
    }
}

bool TraceQuestions::fateWorthAsking(int visitIndex) const
{
    const auto &visits = m_trace.visits;
    const TraceVisit &visit = visits[size_t(visitIndex)];
    if (!m_keys.hasRow(visit.position))
        return false;
    // A long sweep of rows alike asks about the first few, every fourth, each row whose fate
    // differs from the one before, and the last two.
    const int last = int(visits.size()) - 1;
    return visitIndex < 3 || visitIndex % 4 == 0 || visitIndex >= last - 1
        || visit.fate != visits[size_t(visitIndex - 1)].fate;
}

std::vector<Choice> TraceQuestions::rowChoices(std::vector<quint32> rows) const
{
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    std::vector<Choice> choices;
    for (quint32 row : rows) {
        if (m_keys.hasRow(row))
            choices.push_back(Choice {rowChoiceId(row), m_keys.text(row), row});
    }
    return choices;
}

QString TraceQuestions::directionWords() const
{
    return m_trace.forward ? QStringLiteral("going forward (ascending)")
                           : QStringLiteral("going backward (descending)");
}

std::optional<AttributeValue> TraceQuestions::seekTargetValue() const
{
    using Op = SortKeyOperator;
    const std::optional<RangeCondition> &c = m_trace.sortCondition;
    switch (m_trace.seekTarget) {
    case SeekTarget::ExclusiveStartKey:
        if (const auto &start = m_timeline.options().exclusiveStartKey)
            return m_keys.valueIn(*start);
        return std::nullopt;
    case SeekTarget::LowerBound:
        if (!c || c->op == Op::Less || c->op == Op::LessOrEqual)
            return std::nullopt;
        return c->value;
    case SeekTarget::UpperBound:
        if (!c || c->op == Op::Greater || c->op == Op::GreaterOrEqual)
            return std::nullopt;
        return c->op == Op::Between ? c->upper : c->value;
    }
    return std::nullopt;
}

QString TraceQuestions::seekTargetWords() const
{
    if (const auto value = seekTargetValue()) {
        const bool prefixEnd = m_trace.seekTarget == SeekTarget::UpperBound
            && m_trace.sortCondition->op == SortKeyOperator::BeginsWith;
        return prefixEnd ? QStringLiteral("the end of %1\u2026").arg(quotedKeyValue(*value))
                         : quotedKeyValue(*value);
    }
    switch (m_trace.seekTarget) {
    case SeekTarget::ExclusiveStartKey:
        return QStringLiteral("the ExclusiveStartKey");
    case SeekTarget::LowerBound:
        return QStringLiteral("the start of the partition");
    case SeekTarget::UpperBound:
        return QStringLiteral("the end of the partition");
    }
    return {};
}

std::optional<Question> TraceQuestions::parentPlace() const
{
    const auto &parentItem = m_timeline.options().parentItem;
    const std::optional<quint32> row = parentItem ? m_keys.rowOf(*parentItem) : std::nullopt;
    if (!row)
        return std::nullopt;
    const quint32 number = m_timeline.summary().parentResultNumber;
    Question q;
    q.kind = QuestionKind::ParentPlace;
    q.step = 0;
    q.rows = {*row};
    q.prompt = QStringLiteral("Before the Query runs: where will the parent %1 sit among the "
                              "results?")
                   .arg(m_keys.quoted(*row));
    q.choices
        = {{QStringLiteral("first"), QStringLiteral("First (result #1)"), std::nullopt},
           {QStringLiteral("between"), QStringLiteral("Among the others"), std::nullopt},
           {QStringLiteral("last"), QStringLiteral("Last"), std::nullopt},
           {QStringLiteral("none"), QStringLiteral("Not returned by this page"), std::nullopt}};
    q.answer = number == 0                ? QStringLiteral("none")
        : number == 1                     ? QStringLiteral("first")
        : qint64(number) == m_trace.count ? QStringLiteral("last")
                                          : QStringLiteral("between");
    // The row read next to the parent shows the byte that put it there.
    const int v = m_timeline.visitIndexOfRow(*row);
    std::optional<quint32> neighbour;
    if (v > 0)
        neighbour = m_trace.visits[size_t(v - 1)].position;
    else if (v == 0 && m_trace.visits.size() > 1)
        neighbour = m_trace.visits[1].position;
    else if (!m_trace.visits.empty())
        neighbour = m_trace.visits.back().position;
    const auto a = m_keys.value(*row);
    const auto b = neighbour ? m_keys.value(*neighbour) : std::nullopt;
    QString order
        = a && b && *neighbour != *row ? explainKeyOrder(*a, *b) + QStringLiteral("; ") : QString();
    const QString place = number > 0
        ? QStringLiteral("the parent is result #%1 of %2").arg(number).arg(m_trace.count)
        : QStringLiteral("this page does not return the parent");
    q.explanation = order + QStringLiteral("%1, %2").arg(directionWords(), place);
    return q;
}

Question TraceQuestions::probeRow(int step, const SeekProbe &probe) const
{
    Question q;
    q.kind = QuestionKind::ProbeRow;
    q.step = step;
    q.prompt = QStringLiteral("The seek looks for %1 with a binary search over rows %2 to %3. "
                              "Which row does its first probe land on?")
                   .arg(seekTargetWords())
                   .arg(probe.low + 1)
                   .arg(probe.high);
    const quint32 last = probe.high > probe.low ? probe.high - 1 : probe.low;
    q.choices = rowChoices(
        {probe.low, probe.low + (probe.position - probe.low) / 2, probe.position, last});
    q.answer = rowChoiceId(probe.position);
    for (const Choice &c : q.choices)
        q.rows.push_back(*c.row);
    q.explanation = QStringLiteral("A binary search probes the middle of its window, rows %1 to "
                                   "%2: row %3, %4")
                        .arg(probe.low + 1)
                        .arg(probe.high)
                        .arg(probe.position + 1)
                        .arg(m_keys.quoted(probe.position));
    return q;
}

Question TraceQuestions::seekDirection(int step, const SeekProbe &probe) const
{
    Question q;
    q.kind = QuestionKind::SeekDirection;
    q.step = step;
    q.rows = {probe.position};
    q.prompt = QStringLiteral("The probe reads %1; the seek looks for %2. Which way does the "
                              "search go?")
                   .arg(m_keys.quoted(probe.position), seekTargetWords());
    q.choices
        = {{QStringLiteral("left"), QStringLiteral("Left: to the rows before it"), std::nullopt},
           {QStringLiteral("right"), QStringLiteral("Right: to the rows after it"), std::nullopt}};
    q.answer = probe.wentRight ? QStringLiteral("right") : QStringLiteral("left");
    const auto row = m_keys.value(probe.position);
    const auto target = seekTargetValue();
    if (row && target && row->type() == target->type())
        q.explanation = explainKeyOrder(*row, *target)
            + QStringLiteral(", so the search goes %1").arg(q.answer);
    else
        q.explanation = m_timeline.step(step).narration;
    return q;
}

Question TraceQuestions::firstRow(int step) const
{
    const quint32 start = m_trace.startPosition;
    Question q;
    q.kind = QuestionKind::FirstRow;
    q.step = step;
    q.prompt = QStringLiteral("The seek is done. Which row does the cursor read first?");
    const quint32 last = m_keys.rowCount() - 1;
    const quint32 rangeLast = m_trace.rangeEnd > 0 ? m_trace.rangeEnd - 1 : 0;
    q.choices = rowChoices({start, m_trace.rangeBegin, rangeLast, 0, last});
    if (q.choices.size() < 3)
        q.choices = rowChoices({start, start > 0 ? start - 1 : start + 2, start + 1, 0, last});
    q.answer = rowChoiceId(start);
    for (const Choice &c : q.choices)
        q.rows.push_back(*c.row);
    QString where;
    if (m_trace.seekTarget == SeekTarget::ExclusiveStartKey)
        where = QStringLiteral("the row after the ExclusiveStartKey");
    else if (m_trace.sortCondition)
        where = QStringLiteral("the %1 row inside %2")
                    .arg(m_trace.forward ? QStringLiteral("first") : QStringLiteral("last"),
                         conditionText(*m_trace.sortCondition));
    else
        where = QStringLiteral("the %1 row of the item collection")
                    .arg(m_trace.forward ? QStringLiteral("first") : QStringLiteral("last"));
    q.explanation = QStringLiteral("%1, the sweep starts at %2: %3")
                        .arg(directionWords(), where, m_keys.quoted(start));
    q.explanation[0] = q.explanation[0].toUpper();
    return q;
}

Question TraceQuestions::nextRow(int step, quint32 from, quint32 to) const
{
    Question q;
    q.kind = QuestionKind::NextRow;
    q.step = step;
    q.prompt = QStringLiteral("The cursor has read %1. Which row does it read next?")
                   .arg(m_keys.quoted(from));
    // The rows on either side; at the collection's edge, the row one further instead.
    const quint32 before = from > 0 ? from - 1 : from + 2;
    const quint32 after = m_keys.hasRow(from + 1) ? from + 1 : (from >= 2 ? from - 2 : from);
    q.choices = rowChoices({before, after, to});
    q.answer = rowChoiceId(to);
    q.rows = {from};
    for (const Choice &c : q.choices)
        q.rows.push_back(*c.row);
    q.explanation = QStringLiteral("Going %1, the cursor moves to the row %2 %3: %4")
                        .arg(m_trace.forward ? QStringLiteral("forward (ascending)")
                                             : QStringLiteral("backward (descending)"),
                             m_trace.forward ? QStringLiteral("after") : QStringLiteral("before"),
                             m_keys.quoted(from), m_keys.quoted(to));
    return q;
}

Question TraceQuestions::fate(int step, const TraceVisit &visit) const
{
    Question q;
    q.kind = QuestionKind::Fate;
    q.step = step;
    q.rows = {visit.position};
    q.prompt = QStringLiteral("The cursor reaches %1. What happens to it?")
                   .arg(m_keys.quoted(visit.position));
    std::vector<QString> ids {QStringLiteral("returned")};
    if (m_timeline.options().filterExpression)
        ids.push_back(QStringLiteral("filtered"));
    if (m_trace.sortCondition)
        ids.push_back(QStringLiteral("outside"));
    if (m_options.limit)
        ids.push_back(QStringLiteral("limit"));
    ids.push_back(QStringLiteral("page"));
    q.answer = fateId(visit.fate);
    if (std::find(ids.begin(), ids.end(), q.answer) == ids.end())
        ids.push_back(q.answer);
    for (const QString &id : ids)
        q.choices.push_back(fateChoice(id));
    q.explanation = fateExplanation(visit);
    return q;
}

QString TraceQuestions::fateExplanation(const TraceVisit &visit) const
{
    const QString key = m_keys.quoted(visit.position);
    const auto &filter = m_timeline.options().filterExpression;
    const int read = m_timeline.visitIndexOfRow(visit.position) + 1;
    switch (visit.fate) {
    case ItemFate::Returned: {
        QStringList why {QStringLiteral("%1 is inside the key condition").arg(key)};
        if (m_options.limit)
            why << QStringLiteral("it is read %1 of Limit %2").arg(read).arg(*m_options.limit);
        if (filter && !filter->isEmpty())
            why << QStringLiteral("%1 holds for it").arg(*filter);
        return why.join(QStringLiteral(", "))
            + QStringLiteral(": result #%1").arg(visit.resultNumber);
    }
    case ItemFate::Filtered:
        return QStringLiteral("%1 is read (ScannedCount counts it), then %2 is false for it: "
                              "filtered out")
            .arg(key, filter && !filter->isEmpty() ? *filter : QStringLiteral("the filter"));
    case ItemFate::OutsideRange:
        return outsideExplanation(visit);
    case ItemFate::LimitReached:
        return QStringLiteral("Limit %1: %2 rows are already read, so the page ends before %3")
            .arg(m_options.limit ? *m_options.limit : m_trace.scannedCount)
            .arg(m_trace.scannedCount)
            .arg(key);
    case ItemFate::PageFull:
        return QStringLiteral("The page already holds %1 bytes, the 1 MB it may read, so it ends "
                              "before %2")
            .arg(QLocale::c().toString(qulonglong(m_trace.bytesRead)), key);
    }
    return {};
}

QString TraceQuestions::outsideExplanation(const TraceVisit &visit) const
{
    const RangeCondition &c = *m_trace.sortCondition;
    const QString tail = QStringLiteral("%1 is outside %2, so the sweep stops")
                             .arg(m_keys.quoted(visit.position), conditionText(c));
    const auto row = m_keys.value(visit.position);
    const auto bound = farBound(c, m_trace.forward);
    if (!row || !bound || row->type() != bound->type())
        return tail;
    return explainKeyOrder(*row, *bound) + QStringLiteral("; ") + tail;
}

Question TraceQuestions::pageEnd(int step) const
{
    Question q;
    q.kind = QuestionKind::PageEnd;
    q.step = step;
    q.prompt = QStringLiteral("Where does the page end: which row's key is its LastEvaluatedKey?");
    std::vector<quint32> rows;
    for (const TraceVisit &visit : m_trace.visits)
        rows.push_back(visit.position);
    // The last row read and the row after it are the plausible ends.
    if (rows.size() > 2)
        rows.erase(rows.begin(), rows.end() - 2);
    if (m_trace.lastEvaluatedPosition)
        rows.push_back(*m_trace.lastEvaluatedPosition);
    if (rows.empty() && m_keys.rowCount() > 0) // nothing read: the row the seek found
        rows.push_back(std::min(m_trace.startPosition, m_keys.rowCount() - 1));
    q.choices = rowChoices(rows);
    for (const Choice &c : q.choices)
        q.rows.push_back(*c.row);
    q.choices.push_back(Choice {QStringLiteral("done"),
                                QStringLiteral("None: the Query is complete"), std::nullopt});
    q.answer = m_trace.lastEvaluatedPosition ? rowChoiceId(*m_trace.lastEvaluatedPosition)
                                             : QStringLiteral("done");
    const QString narration = m_timeline.step(step).narration;
    q.explanation = m_trace.lastEvaluatedPosition
        ? narration
        : QStringLiteral("No LastEvaluatedKey: ") + lowerFirst(narration);
    return q;
}

} // namespace keyscope::model
