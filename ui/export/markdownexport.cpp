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

    if (const auto &request = m_source.request) {
        QStringList parts;
        parts << QStringLiteral("Query %1 on %2")
                     .arg(markdownCode(request->keyConditionExpression),
                          request->indexName.isEmpty()
                              ? QStringLiteral("the table")
                              : QStringLiteral("index %1").arg(markdownCode(request->indexName)));
        if (request->expressionAttributeValues) {
            QStringList values;
            for (const auto &[name, value] : *request->expressionAttributeValues)
                values << QStringLiteral("%1 = %2").arg(markdownCode(name),
                                                        markdownCode(valueText(value)));
            if (!values.isEmpty())
                parts << values.join(QStringLiteral(", "));
        }
        if (request->filterExpression)
            parts << QStringLiteral("FilterExpression %1")
                         .arg(markdownCode(*request->filterExpression));
        parts << (request->scanIndexForward ? QStringLiteral("forward (ScanIndexForward true)")
                                            : QStringLiteral("backward (ScanIndexForward false)"));
        if (request->limit)
            parts << QStringLiteral("Limit %1").arg(*request->limit);
        if (request->exclusiveStartKey)
            parts << QStringLiteral("from an ExclusiveStartKey");
        md += parts.join(QStringLiteral(", ")) + QStringLiteral(".\n\n");
    }

    md += QStringLiteral("Item collection %1: %2 %3 in sort-key order")
              .arg(markdownCode(rows.partitionLabel()))
              .arg(rows.rowCount())
              .arg(rows.rowCount() == 1 ? QStringLiteral("item") : QStringLiteral("items"));
    if (timeline && timeline->stepCount() > 0)
        md += m_step < 0 ? QStringLiteral(", after the whole Query")
                         : QStringLiteral(", at step %1 of %2 (from 0)")
                               .arg(m_step)
                               .arg(timeline->stepCount() - 1);
    md += QStringLiteral(".\n\n");
    if (const QString text = caption(); !text.isEmpty())
        md += QStringLiteral("> ") + markdownText(text) + QStringLiteral("\n\n");

    // Fates at the step shown: visits made so far.
    int visitsDone = 0;
    const model::QueryTrace *trace = nullptr;
    if (timeline && timeline->stepCount() > 0) {
        trace = &timeline->trace();
        visitsDone = m_step < 0 ? int(trace->visits.size()) : timeline->step(m_step).visitsDone;
    }
    const bool finalState = m_step < 0 || (timeline && m_step == timeline->stepCount() - 1);
    const QString sortHeader = [&] {
        QStringList names;
        if (rows.store()) {
            const auto &keys = rows.store()->keys();
            for (const auto &key : keys.hasRange() ? keys.range : keys.hash)
                names << key.name;
        }
        return names.isEmpty() ? QStringLiteral("Sort key") : names.join(QStringLiteral(" | "));
    }();

    md += QStringLiteral("| Row | %1 | Entity | Result | Fate |\n|---:|---|---|---:|---|\n")
              .arg(markdownText(sortHeader));
    for (qsizetype row = 0; row < rows.rowCount(); ++row) {
        QString result;
        QString fate;
        const int v = timeline ? timeline->visitIndexOfRow(quint32(row)) : -1;
        const bool inRange = trace && trace->partitionFound
            && (!trace->sortCondition
                || (row >= qsizetype(trace->rangeBegin) && row < qsizetype(trace->rangeEnd)));
        if (!trace || !trace->partitionFound) {
            fate = QString();
        } else if (v >= 0 && v < visitsDone) {
            const model::TraceVisit &visit = trace->visits[size_t(v)];
            switch (visit.fate) {
            case model::ItemFate::Returned:
                result = QStringLiteral("#%1").arg(visit.resultNumber);
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
            if (finalState && trace->lastEvaluatedPosition
                && *trace->lastEvaluatedPosition == quint32(row))
                fate += QStringLiteral(", LastEvaluatedKey");
        } else if (v >= 0) {
            fate = QStringLiteral("not read yet");
        } else if (!inRange) {
            fate = QStringLiteral("not read (outside the key condition)");
        } else if (finalState && trace->lastEvaluatedPosition
                   && (trace->forward ? row > qsizetype(*trace->lastEvaluatedPosition)
                                      : row < qsizetype(*trace->lastEvaluatedPosition))) {
            fate = trace->stop == model::StopReason::Limit
                ? QStringLiteral("beyond Limit (not read)")
                : QStringLiteral("beyond the 1 MB page (not read)");
        } else {
            fate = QStringLiteral("not read");
        }
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
