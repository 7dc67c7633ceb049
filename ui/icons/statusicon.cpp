#include "ui/icons/statusicon.h"

#include <QHash>
#include <QPainter>
#include <QPainterPath>
#include <QPixmap>

namespace keyscope::ui {

namespace {

QColor badgeColor(StatusIconKind kind)
{
    switch (kind) {
    case StatusIconKind::Pass:
        return QColor(0x2e, 0x9e, 0x5b);
    case StatusIconKind::Fail:
    case StatusIconKind::Error:
        return QColor(0xd6, 0x3b, 0x3b);
    case StatusIconKind::Warning:
        return QColor(0xe0, 0x9a, 0x1a);
    case StatusIconKind::Info:
        break;
    }
    return QColor(0x3b, 0x7d, 0xd8);
}

// Paints at `side` device pixels; QIcon picks the size matching the screen's ratio.
QPixmap badge(StatusIconKind kind, int side)
{
    QPixmap pixmap(side, side);
    pixmap.fill(Qt::transparent);
    QPainter p(&pixmap);
    p.setRenderHint(QPainter::Antialiasing);
    const qreal s = side;
    p.setPen(Qt::NoPen);
    p.setBrush(badgeColor(kind));
    p.drawEllipse(QRectF(0.5, 0.5, s - 1, s - 1));
    QPen pen(Qt::white, qMax(1.5, s * 0.13), Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin);
    p.setPen(pen);
    p.setBrush(Qt::NoBrush);
    switch (kind) {
    case StatusIconKind::Pass: {
        QPainterPath tick;
        tick.moveTo(s * 0.28, s * 0.52);
        tick.lineTo(s * 0.44, s * 0.68);
        tick.lineTo(s * 0.73, s * 0.35);
        p.drawPath(tick);
        break;
    }
    case StatusIconKind::Fail:
    case StatusIconKind::Error:
        p.drawLine(QPointF(s * 0.33, s * 0.33), QPointF(s * 0.67, s * 0.67));
        p.drawLine(QPointF(s * 0.67, s * 0.33), QPointF(s * 0.33, s * 0.67));
        break;
    case StatusIconKind::Warning:
        p.drawLine(QPointF(s * 0.5, s * 0.25), QPointF(s * 0.5, s * 0.56));
        p.drawPoint(QPointF(s * 0.5, s * 0.74));
        break;
    case StatusIconKind::Info:
        p.drawPoint(QPointF(s * 0.5, s * 0.27));
        p.drawLine(QPointF(s * 0.5, s * 0.45), QPointF(s * 0.5, s * 0.74));
        break;
    }
    return pixmap;
}

} // namespace

QIcon statusIcon(StatusIconKind kind)
{
    static QHash<int, QIcon> cache;
    auto it = cache.find(int(kind));
    if (it != cache.end())
        return *it;
    QIcon icon;
    for (int side : {16, 20, 24, 32, 40, 48, 64}) {
        const QPixmap pixmap = badge(kind, side);
        icon.addPixmap(pixmap);
        // The badge keeps its colour on a selected row (styles would tint a generated one).
        icon.addPixmap(pixmap, QIcon::Selected);
    }
    cache.insert(int(kind), icon);
    return icon;
}

QIcon colorChipIcon(const QColor &color)
{
    QIcon icon;
    for (int side : {16, 24, 32, 48}) {
        QPixmap pixmap(side, side);
        pixmap.fill(Qt::transparent);
        QPainter p(&pixmap);
        p.setRenderHint(QPainter::Antialiasing);
        p.setPen(QPen(color.darker(130), side / 16.0));
        p.setBrush(color);
        const qreal inset = side * 0.15;
        p.drawRoundedRect(QRectF(inset, inset, side - 2 * inset, side - 2 * inset), side * 0.18,
                          side * 0.18);
        icon.addPixmap(pixmap);
        icon.addPixmap(pixmap, QIcon::Selected);
    }
    return icon;
}

} // namespace keyscope::ui
