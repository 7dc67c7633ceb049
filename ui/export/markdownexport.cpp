#include "ui/export/markdownexport.h"

#include "model/value/keyorder.h"
#include "ui/export/diagramexporter.h"

#include <QLocale>
#include <QRegularExpression>

#include <algorithm>

namespace keyscope::ui {

namespace {

constexpr qsizetype kByteContext = 8; // bytes shown either side of the first difference

QString byteCell(const QByteArray &bytes, qsizetype i, bool strong)
{
    if (i >= bytes.size())
        return QStringLiteral("(end)");
    const auto b = quint8(bytes[i]);
    const QString hex = QStringLiteral("0x")
        + QString::number(b, 16).toUpper().rightJustified(2, QLatin1Char('0'));
    const QString cell = b >= 0x20 && b < 0x7F
        ? QStringLiteral("%1 %2").arg(markdownCode(QString(QLatin1Char(char(b)))), hex)
        : hex;
    return strong ? QStringLiteral("**%1**").arg(cell) : cell;
}

QString valueText(const model::AttributeValue &value)
{
    return model::keyValueText(value);
}

QString heading(int level, const QString &text)
{
    return QString(level, QLatin1Char('#')) + QLatin1Char(' ') + text + QStringLiteral("\n\n");
}

// "Query `PK = :pk` on the table, `:pk` = `A`, forward (ScanIndexForward true), Limit 5."
QString markdownRequestLine(const model::QueryRequest &request)
{
    QStringList parts;
    parts << QStringLiteral("Query %1 on %2")
                 .arg(markdownCode(request.keyConditionExpression),
                      request.indexName.isEmpty()
                          ? QStringLiteral("the table")
                          : QStringLiteral("index %1").arg(markdownCode(request.indexName)));
    if (request.expressionAttributeValues) {
        QStringList values;
        for (const auto &[name, value] : *request.expressionAttributeValues)
            values << QStringLiteral("%1 = %2").arg(markdownCode(name),
                                                    markdownCode(valueText(value)));
        if (!values.isEmpty())
            parts << values.join(QStringLiteral(", "));
    }
    if (request.filterExpression)
        parts << QStringLiteral("FilterExpression %1").arg(markdownCode(*request.filterExpression));
    parts << (request.scanIndexForward ? QStringLiteral("forward (ScanIndexForward true)")
                                       : QStringLiteral("backward (ScanIndexForward false)"));
    if (request.limit)
        parts << QStringLiteral("Limit %1").arg(*request.limit);
    if (request.exclusiveStartKey)
        parts << QStringLiteral("from an ExclusiveStartKey");
    return parts.join(QStringLiteral(", ")) + QStringLiteral(".\n\n");
}

// "Item collection `A`: 40 items in sort-key order, at step 3 of 18 (from 0)."
QString markdownCollectionLine(const CollectionRows &rows, const model::TraceTimeline *timeline,
                               int step)
{
    QString md = QStringLiteral("Item collection %1: %2 %3 in sort-key order")
                     .arg(markdownCode(rows.partitionLabel()))
                     .arg(rows.rowCount())
                     .arg(rows.rowCount() == 1 ? QStringLiteral("item") : QStringLiteral("items"));
    if (timeline && timeline->stepCount() > 0)
        md += step < 0 ? QStringLiteral(", after the whole Query")
                       : QStringLiteral(", at step %1 of %2 (from 0)")
                             .arg(step)
                             .arg(timeline->stepCount() - 1);
    return md + QStringLiteral(".\n\n");
}

// The table's sort key column: the names of the sort key (or of the partition key without one).
QString markdownSortHeader(const CollectionRows &rows)
{
    QStringList names;
    if (rows.store()) {
        const auto &keys = rows.store()->keys();
        for (const auto &key : keys.hasRange() ? keys.range : keys.hash)
            names << key.name;
    }
    return names.isEmpty() ? QStringLiteral("Sort key") : names.join(QStringLiteral(" | "));
}

// What happened to each row at the step shown: the visits made so far.
class MarkdownFates
{
public:
    MarkdownFates(const model::TraceTimeline *timeline, int step)
        : m_timeline(timeline)
        , m_finalState(step < 0 || (timeline && step == timeline->stepCount() - 1))
    {
        if (timeline && timeline->stepCount() > 0) {
            m_trace = &timeline->trace();
            m_visitsDone = step < 0 ? int(m_trace->visits.size()) : timeline->step(step).visitsDone;
        }
    }

    // The fate of a row; `result` gets its result number ("#3") when it was returned.
    QString ofRow(qsizetype row, QString *result) const
    {
        if (!m_trace || !m_trace->partitionFound)
            return QString();
        const int v = m_timeline ? m_timeline->visitIndexOfRow(quint32(row)) : -1;
        if (v >= 0 && v < m_visitsDone)
            return ofVisit(m_trace->visits[size_t(v)], row, result);
        if (v >= 0)
            return QStringLiteral("not read yet");
        const bool inRange = !m_trace->sortCondition
            || (row >= qsizetype(m_trace->rangeBegin) && row < qsizetype(m_trace->rangeEnd));
        if (!inRange)
            return QStringLiteral("not read (outside the key condition)");
        if (m_finalState && m_trace->lastEvaluatedPosition
            && (m_trace->forward ? row > qsizetype(*m_trace->lastEvaluatedPosition)
                                 : row < qsizetype(*m_trace->lastEvaluatedPosition)))
            return m_trace->stop == model::StopReason::Limit
                ? QStringLiteral("beyond Limit (not read)")
                : QStringLiteral("beyond the 1 MB page (not read)");
        return QStringLiteral("not read");
    }

private:
    QString ofVisit(const model::TraceVisit &visit, qsizetype row, QString *result) const
    {
        QString fate;
        switch (visit.fate) {
        case model::ItemFate::Returned:
            *result = QStringLiteral("#%1").arg(visit.resultNumber);
            fate = QStringLiteral("returned");
            break;
        case model::ItemFate::Filtered:
            fate = QStringLiteral("filtered (read, not returned)");
            break;
        case model::ItemFate::OutsideRange:
            fate = QStringLiteral("not read (outside the key condition; the sweep ends)");
            break;
        case model::ItemFate::LimitReached:
            fate = QStringLiteral("beyond Limit (not read)");
            break;
        case model::ItemFate::PageFull:
            fate = QStringLiteral("beyond the 1 MB page (not read)");
            break;
        }
        if (m_finalState && m_trace->lastEvaluatedPosition
            && *m_trace->lastEvaluatedPosition == quint32(row))
            fate += QStringLiteral(", LastEvaluatedKey");
        return fate;
    }

    const model::TraceTimeline *m_timeline;
    const model::QueryTrace *m_trace = nullptr;
    int m_visitsDone = 0;
    bool m_finalState;
};

} // namespace

QString explainKeysMarkdown(const model::AttributeValue &first, const model::AttributeValue &second)
{
    QString md = markdownText(model::explainKeyOrder(first, second)) + QStringLiteral(".\n");
    if (first.type() == model::AttributeValue::Type::N) {
        md += QStringLiteral("\nNumbers (N) compare by their value, not by their digits: %1 "
                             "and %2 as DynamoDB stores them.\n")
                  .arg(markdownCode(first.asNumber().toString()),
                       markdownCode(second.asNumber().toString()));
        return md;
    }
    const bool text = first.type() == model::AttributeValue::Type::S;
    md += text ? QStringLiteral("\nStrings (S) compare as unsigned UTF-8 bytes, one byte at a "
                                "time, from the left; a key that is a prefix of the other sorts "
                                "first.\n")
               : QStringLiteral("\nBinary values (B) compare as unsigned bytes, from the left; "
                                "a value that is a prefix of the other sorts first.\n");
    const QByteArray x = first.bytes();
    const QByteArray y = second.bytes();
    const qsizetype at = model::firstDifference(x, y);
    const qsizetype focus = at >= 0 ? at : std::min(x.size(), y.size());
    const qsizetype from = std::max<qsizetype>(0, focus - kByteContext);
    const qsizetype to = std::min(std::max(x.size(), y.size()), focus + kByteContext + 1);
    const auto shown = [text](const model::AttributeValue &v) {
        return text ? markdownCode(v.asString())
                    : markdownCode(QString::fromLatin1(v.bytes().toHex()).toUpper());
    };
    md += QStringLiteral("\n| Byte | %1 | %2 |\n|---:|---|---|\n").arg(shown(first), shown(second));
    if (from > 0)
        md += QStringLiteral("| … | | |\n");
    for (qsizetype i = from; i < to; ++i) {
        const bool deciding = i == focus;
        md += QStringLiteral("| %1 | %2 | %3 |\n")
                  .arg(deciding ? QStringLiteral("**%1**").arg(i + 1) : QString::number(i + 1),
                       byteCell(x, i, deciding), byteCell(y, i, deciding));
    }
    if (to < std::max(x.size(), y.size()))
        md += QStringLiteral("| … | | |\n");
    return md;
}

QString ExportDiagram::markdownSection() const
{
    const CollectionRows &rows = *m_rows;
    const model::TraceTimeline *timeline = m_source.timeline.get();
    QString md;
    if (!m_source.patternDescription.isEmpty())
        md += markdownText(m_source.patternDescription) + QStringLiteral("\n\n");
    if (const auto &request = m_source.request)
        md += markdownRequestLine(*request);
    md += markdownCollectionLine(rows, timeline, m_step);
    if (const QString text = caption(); !text.isEmpty())
        md += QStringLiteral("> ") + markdownText(text) + QStringLiteral("\n\n");

    const MarkdownFates fates(timeline, m_step);
    md += QStringLiteral("| Row | %1 | Entity | Result | Fate |\n|---:|---|---|---:|---|\n")
              .arg(markdownText(markdownSortHeader(rows)));
    for (qsizetype row = 0; row < rows.rowCount(); ++row) {
        QString result;
        const QString fate = fates.ofRow(row, &result);
        QString entity = markdownText(rows.entityName(row));
        if (const int group = rows.groupOfParentRow(row); group >= 0)
            entity += QStringLiteral(" (parent of %1)")
                          .arg(rows.parentGroups()[size_t(group)].childCount);
        md += QStringLiteral("| %1 | %2 | %3 | %4 | %5 |\n")
                  .arg(row)
                  .arg(markdownCode(rows.sortKeyText(row)), entity, result, fate);
    }
    return md;
}

QByteArray ExportDiagram::toMarkdown() const
{
    QString md = heading(
        1, QStringLiteral("%1: %2").arg(markdownText(projectName()), markdownText(subjectName())));
    md += markdownSection();
    return md.toUtf8();
}

} // namespace keyscope::ui
