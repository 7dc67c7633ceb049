#include "ui/export/diagramlegend.h"

#include <QFontMetricsF>
#include <QPainter>

#include <QPainterPath>

#include <set>

namespace keyscope::ui {

namespace {

constexpr double kPadding = 8;
constexpr double kLineHeight = 20;
constexpr double kSwatchWidth = 26;
constexpr double kSwatchGap = 6;
constexpr double kEntryGap = 18;

QColor withAlphaOf(QColor c, double alpha)
{
    c.setAlphaF(float(alpha));
    return c;
}

} // namespace

DiagramLegend::DiagramLegend(const CollectionStyle &style, const CollectionRows *rows,
                             const std::set<quint8> &entities, const std::set<TraceMark> &marks,
                             model::StopReason stop)
    : m_style(style)
{
    if (rows) {
        // Entity types of the rows drawn, in the project's order.
        for (size_t i = 0; i < rows->entities().size(); ++i) {
            if (entities.count(quint8(i)))
                m_entries.push_back(
                    {Mark::Entity, rows->entities()[i].name, rows->entities()[i].color});
        }
    }
    const auto add = [&](Mark mark, const QString &label) {
        if (marks.count(mark))
            m_entries.push_back({mark, label, {}});
    };
    add(Mark::Read, QStringLiteral("read by the Query"));
    add(Mark::Returned, QStringLiteral("returned as result #n"));
    add(Mark::Filtered, QStringLiteral("read, dropped by the filter (struck)"));
    add(Mark::Reached, QStringLiteral("reached, not read (the page or range ends)"));
    add(Mark::Bounds, QStringLiteral("key-condition bounds"));
    add(Mark::PageEnd,
        stop == model::StopReason::Limit ? QStringLiteral("Limit: the page ends")
                                         : QStringLiteral("1 MB: the page ends"));
    add(Mark::LastEvaluatedKey, QStringLiteral("LastEvaluatedKey row"));
    add(Mark::Parent, QStringLiteral("parent item and its children"));
    add(Mark::SeekPath, QStringLiteral("B-tree path of the seek"));
    add(Mark::Probe, QStringLiteral("seek probe (binary search)"));
    add(Mark::Cursor, QStringLiteral("sweep cursor"));
}

double DiagramLegend::entryWidth(const Entry &entry) const
{
    return kSwatchWidth + kSwatchGap
        + QFontMetricsF(m_style.textFont).horizontalAdvance(entry.label);
}

std::vector<DiagramLegend::Placed> DiagramLegend::layout(const QRectF &rect) const
{
    std::vector<Placed> placed;
    const double left = rect.left() + kPadding;
    const double right = rect.right() - kPadding;
    double x = left;
    double y = rect.top() + kPadding;
    for (const Entry &entry : m_entries) {
        const double w = entryWidth(entry);
        if (x > left && x + w > right) {
            x = left;
            y += kLineHeight;
        }
        placed.push_back({&entry, QRectF(x, y, w, kLineHeight)});
        x += w + kEntryGap;
    }
    return placed;
}

double DiagramLegend::heightForWidth(double width) const
{
    if (m_entries.empty())
        return 0;
    const auto placed = layout(QRectF(0, 0, width, 0));
    return placed.back().box.bottom() + kPadding;
}

void DiagramLegend::paintSwatch(QPainter &p, const Entry &entry, const QRectF &s) const
{
    const CollectionStyle &style = m_style;
    const QPointF c = s.center();
    switch (entry.mark) {
    case Mark::Entity:
        p.setPen(Qt::NoPen);
        p.setBrush(entry.color);
        p.drawRoundedRect(QRectF(c.x() - 5, c.y() - 7, 10, 14), 2.5, 2.5);
        break;
    case Mark::Returned:
    case Mark::Filtered:
    case Mark::Reached:
        paintRoundSwatch(p, entry.mark, s);
        break;
    case Mark::Read:
    case Mark::Bounds:
    case Mark::LastEvaluatedKey:
    case Mark::Parent:
    case Mark::Cursor:
        paintRowSwatch(p, entry.mark, s);
        break;
    case Mark::PageEnd:
        p.setPen(QPen(style.stop, 2.4));
        p.drawLine(QPointF(s.left(), c.y()), QPointF(s.right(), c.y()));
        break;
    case Mark::SeekPath:
        p.setPen(QPen(style.probe, 1.6));
        p.setBrush(withAlphaOf(style.probe, 0.30));
        p.drawRoundedRect(QRectF(c.x() - 9, c.y() - 6, 18, 12), 2, 2);
        break;
    case Mark::Probe: {
        QPainterPath arrow;
        arrow.moveTo(c.x() - 6, c.y() - 7);
        arrow.lineTo(c.x() + 6, c.y());
        arrow.lineTo(c.x() - 6, c.y() + 7);
        arrow.closeSubpath();
        p.fillPath(arrow, style.probe);
        break;
    }
    }
}

// The marks drawn as a row's gutter draws them: a result badge, a struck circle, a dashed one.
void DiagramLegend::paintRoundSwatch(QPainter &p, Mark mark, const QRectF &s) const
{
    const CollectionStyle &style = m_style;
    const QPointF c = s.center();
    if (mark == Mark::Returned) {
        p.setPen(Qt::NoPen);
        p.setBrush(style.returned);
        const QRectF badge(c.x() - 8, c.y() - 8, 16, 16);
        p.drawRoundedRect(badge, 8, 8);
        QFont f = style.smallFont;
        f.setBold(true);
        p.setFont(f);
        p.setPen(Qt::white);
        p.drawText(badge, Qt::AlignCenter, QStringLiteral("1"));
    } else if (mark == Mark::Filtered) {
        const QRectF circle(c.x() - 7, c.y() - 7, 14, 14);
        p.setPen(QPen(style.filtered, 1.6));
        p.setBrush(style.rowBackground);
        p.drawEllipse(circle);
        const QRectF x = circle.adjusted(4, 4, -4, -4);
        p.drawLine(x.topLeft(), x.bottomRight());
        p.drawLine(x.topRight(), x.bottomLeft());
        p.drawLine(QPointF(s.left(), c.y()), QPointF(circle.left() - 1, c.y()));
        p.drawLine(QPointF(circle.right() + 1, c.y()), QPointF(s.right(), c.y()));
    } else {
        p.setPen(QPen(style.stop, 1.4, Qt::DashLine));
        p.setBrush(Qt::NoBrush);
        p.drawEllipse(QRectF(c.x() - 7, c.y() - 7, 14, 14));
    }
}

// The marks drawn over a whole row: read, the bounds, the LastEvaluatedKey, a parent's frame,
// the sweep cursor.
void DiagramLegend::paintRowSwatch(QPainter &p, Mark mark, const QRectF &s) const
{
    const CollectionStyle &style = m_style;
    const QRectF row(s.left(), s.center().y() - 8, s.width(), 16);
    switch (mark) {
    case Mark::Read:
        p.setPen(QPen(style.gridLine, 1));
        p.setBrush(style.rowBackground);
        p.drawRect(row);
        p.fillRect(row, style.read);
        break;
    case Mark::Bounds:
        p.fillRect(row, style.boundFill);
        p.setPen(QPen(style.bound, 1.6, Qt::DashLine));
        p.drawLine(QPointF(s.left(), row.top()), QPointF(s.right(), row.top()));
        p.drawLine(QPointF(s.left(), row.bottom()), QPointF(s.right(), row.bottom()));
        break;
    case Mark::LastEvaluatedKey:
    case Mark::Cursor:
        p.setPen(mark == Mark::Cursor ? QPen(style.cursor, 2.2) : QPen(style.stop, 1.4));
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(row.adjusted(1, 1, -1, -1), 3, 3);
        break;
    case Mark::Parent:
        p.setPen(QPen(style.parentFrame, 1.4));
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(row.adjusted(1, 1, -8, -1), 4, 4);
        p.drawLine(QPointF(s.right() - 3, row.top() + 2), QPointF(s.right() - 3, row.bottom() - 2));
        break;
    default:
        break;
    }
}

void DiagramLegend::paint(QPainter &painter, const QRectF &rect) const
{
    if (m_entries.empty())
        return;
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    const QFontMetricsF metrics(m_style.textFont);
    for (const Placed &placed : layout(rect)) {
        const QRectF swatch(placed.box.left(), placed.box.top(), kSwatchWidth, placed.box.height());
        painter.save();
        paintSwatch(painter, *placed.entry, swatch);
        painter.restore();
        painter.setFont(m_style.textFont);
        painter.setPen(m_style.text);
        painter.drawText(QRectF(swatch.right() + kSwatchGap, placed.box.top(),
                                metrics.horizontalAdvance(placed.entry->label) + 2,
                                placed.box.height()),
                         Qt::AlignLeft | Qt::AlignVCenter, placed.entry->label);
    }
    painter.restore();
}

} // namespace keyscope::ui
