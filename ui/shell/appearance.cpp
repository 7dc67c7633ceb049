#include "ui/shell/appearance.h"

#include "ui/theme.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>

namespace keyscope::ui {

namespace {

// The app's palettes set the 3D shades Fusion draws bevels with, links, and disabled text too.
struct Shades
{
    QRgb link;
    QRgb light;
    QRgb midlight;
    QRgb mid;
    QRgb dark;
    QRgb shadow;
    QRgb disabledText;
};

struct AppColors
{
    PaletteColors palette;
    Shades shades;
};

QPalette appPalette(const AppColors &colors)
{
    QPalette p = makePalette(colors.palette);
    p.setColor(QPalette::BrightText, Qt::white);
    p.setColor(QPalette::Link, QColor(colors.shades.link));
    p.setColor(QPalette::Light, QColor(colors.shades.light));
    p.setColor(QPalette::Midlight, QColor(colors.shades.midlight));
    p.setColor(QPalette::Mid, QColor(colors.shades.mid));
    p.setColor(QPalette::Dark, QColor(colors.shades.dark));
    p.setColor(QPalette::Shadow, QColor(colors.shades.shadow));
    const QColor disabled(colors.shades.disabledText);
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    p.setColor(QPalette::Disabled, QPalette::Base, QColor(colors.palette.window));
    p.setColor(QPalette::Disabled, QPalette::Highlight, disabled);
    return p;
}

} // namespace

// Palette: window, base, text, alternate base, button, highlight, highlighted text, tool tip,
// placeholder; then link, light, midlight, mid, dark, shadow, disabled text.
QPalette lightPalette()
{
    return appPalette(
        {{0xf4f5f7, 0xffffff, 0x1f2328, 0xf2f4f7, 0xfafbfc, 0x2f6feb, 0xffffff, 0xfffff4, 0x6a737d},
         {0x1f5fd6, 0xffffff, 0xe6e8eb, 0xc8ccd1, 0xa0a6ad, 0x70767d, 0x9aa0a6}});
}

QPalette darkPalette()
{
    return appPalette(
        {{0x26282c, 0x1c1d20, 0xe3e5e8, 0x232529, 0x303338, 0x3d7be0, 0xffffff, 0x33363b, 0x9298a0},
         {0x7aaaff, 0x3c3f45, 0x34373c, 0x202225, 0x161719, 0x0c0c0d, 0x6c7178}});
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
