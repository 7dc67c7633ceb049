#include "ui/icons/actionicon.h"

#include <QDir>
#include <QFile>
#include <QIconEngine>
#include <QPainter>
#include <QPalette>
#include <QPixmap>
#include <QSvgRenderer>

#include <memory>

namespace keyscope::ui {

namespace {

// Paints the line icon at whatever size and device pixel ratio it is asked for.
class InkIconEngine : public QIconEngine
{
public:
    InkIconEngine(QByteArray svg, QColor ink, QColor disabledInk)
        : m_svg(std::move(svg))
        , m_ink(std::move(ink))
        , m_disabledInk(std::move(disabledInk))
    { }

    void paint(QPainter *painter, const QRect &rect, QIcon::Mode mode, QIcon::State) override
    {
        const QColor &ink = mode == QIcon::Disabled ? m_disabledInk : m_ink;
        QByteArray svg = m_svg;
        svg.replace("#000000", ink.name(QColor::HexRgb).toLatin1());
        QSvgRenderer renderer(svg);
        renderer.render(painter, QRectF(rect));
    }

    QPixmap pixmap(const QSize &size, QIcon::Mode mode, QIcon::State state) override
    {
        QPixmap pixmap(size);
        pixmap.fill(Qt::transparent);
        QPainter painter(&pixmap);
        painter.setRenderHint(QPainter::Antialiasing);
        paint(&painter, QRect(QPoint(0, 0), size), mode, state);
        return pixmap;
    }

    QIconEngine *clone() const override { return new InkIconEngine(m_svg, m_ink, m_disabledInk); }

private:
    QByteArray m_svg;
    QColor m_ink;
    QColor m_disabledInk;
};

QByteArray bundledSvg(const QString &name)
{
    QFile file(QStringLiteral(":/icons/%1.svg").arg(name));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

QIcon bundledIcon(const QString &name, const QColor &ink)
{
    QByteArray svg = bundledSvg(name);
    if (svg.isEmpty())
        return {};
    QColor disabled = ink;
    disabled.setAlphaF(0.38f);
    return QIcon(new InkIconEngine(std::move(svg), ink, disabled));
}

QIcon actionIcon(const QString &name, const QPalette &palette)
{
    if (QIcon::hasThemeIcon(name))
        return QIcon::fromTheme(name);
    return bundledIcon(name, palette.color(QPalette::Active, QPalette::WindowText));
}

QStringList bundledIconNames()
{
    QStringList names;
    for (const QString &file : QDir(QStringLiteral(":/icons")).entryList({QStringLiteral("*.svg")}))
        names << file.chopped(4);
    return names;
}

} // namespace keyscope::ui
