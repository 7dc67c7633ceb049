#include "ui/shell/appearance.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>

namespace keyscope::ui {

namespace {

void setDisabled(QPalette &palette, const QColor &text, const QColor &base)
{
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        palette.setColor(QPalette::Disabled, role, text);
    palette.setColor(QPalette::Disabled, QPalette::Base, base);
    palette.setColor(QPalette::Disabled, QPalette::Highlight, text);
}

} // namespace

QPalette lightPalette()
{
    const QColor window(0xf4, 0xf5, 0xf7);
    const QColor base(0xff, 0xff, 0xff);
    const QColor text(0x1f, 0x23, 0x28);
    QPalette p(window);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0xf2, 0xf4, 0xf7));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0xfa, 0xfb, 0xfc));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::white);
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x6f, 0xeb));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x1f, 0x5f, 0xd6));
    p.setColor(QPalette::ToolTipBase, QColor(0xff, 0xff, 0xf4));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x6a, 0x73, 0x7d));
    p.setColor(QPalette::Light, Qt::white);
    p.setColor(QPalette::Midlight, QColor(0xe6, 0xe8, 0xeb));
    p.setColor(QPalette::Mid, QColor(0xc8, 0xcc, 0xd1));
    p.setColor(QPalette::Dark, QColor(0xa0, 0xa6, 0xad));
    p.setColor(QPalette::Shadow, QColor(0x70, 0x76, 0x7d));
    setDisabled(p, QColor(0x9a, 0xa0, 0xa6), window);
    return p;
}

QPalette darkPalette()
{
    const QColor window(0x26, 0x28, 0x2c);
    const QColor base(0x1c, 0x1d, 0x20);
    const QColor text(0xe3, 0xe5, 0xe8);
    QPalette p(window);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x23, 0x25, 0x29));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x30, 0x33, 0x38));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::white);
    p.setColor(QPalette::Highlight, QColor(0x3d, 0x7b, 0xe0));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x7a, 0xaa, 0xff));
    p.setColor(QPalette::ToolTipBase, QColor(0x33, 0x36, 0x3b));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x92, 0x98, 0xa0));
    p.setColor(QPalette::Light, QColor(0x3c, 0x3f, 0x45));
    p.setColor(QPalette::Midlight, QColor(0x34, 0x37, 0x3c));
    p.setColor(QPalette::Mid, QColor(0x20, 0x22, 0x25));
    p.setColor(QPalette::Dark, QColor(0x16, 0x17, 0x19));
    p.setColor(QPalette::Shadow, QColor(0x0c, 0x0c, 0x0d));
    setDisabled(p, QColor(0x6c, 0x71, 0x78), window);
    return p;
}

bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness()
        < palette.color(QPalette::WindowText).lightness();
}

void applyTheme(Settings::Theme theme)
{
    // Fusion draws consistently with any palette; a native style may ignore an override.
    if (theme != Settings::Theme::System && qApp->style()->name() != QLatin1String("fusion"))
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    switch (theme) {
    case Settings::Theme::Light:
        QApplication::setPalette(lightPalette());
        break;
    case Settings::Theme::Dark:
        QApplication::setPalette(darkPalette());
        break;
    case Settings::Theme::System:
        // An empty palette hands the application palette back to the platform theme, which
        // keeps following the desktop's colour scheme.
        QApplication::setPalette(QPalette());
        break;
    }
}

} // namespace keyscope::ui
