#include "ui/theme.h"

#include <QColor>

namespace keyscope::ui {

QPalette makePalette(const PaletteColors &colors)
{
    const QColor text(colors.text);
    QPalette palette {QColor(colors.window)};
    palette.setColor(QPalette::Window, QColor(colors.window));
    palette.setColor(QPalette::WindowText, text);
    palette.setColor(QPalette::Base, QColor(colors.base));
    palette.setColor(QPalette::AlternateBase, QColor(colors.alternateBase));
    palette.setColor(QPalette::Text, text);
    palette.setColor(QPalette::Button, QColor(colors.button));
    palette.setColor(QPalette::ButtonText, text);
    palette.setColor(QPalette::Highlight, QColor(colors.highlight));
    palette.setColor(QPalette::HighlightedText, QColor(colors.highlightedText));
    palette.setColor(QPalette::ToolTipBase, QColor(colors.toolTipBase));
    palette.setColor(QPalette::ToolTipText, text);
    palette.setColor(QPalette::PlaceholderText, QColor(colors.placeholderText));
    return palette;
}

// Window, base, text, alternate base, button, highlight, highlighted text, tool tip, placeholder.
QPalette exportPalette()
{
    return makePalette(
        {0xf6f7f9, 0xffffff, 0x1f2328, 0xeef1f5, 0xf6f7f9, 0x2f6feb, 0xffffff, 0xffffff, 0x6a737d});
}

QPalette darkExportPalette()
{
    return makePalette(
        {0x161b22, 0x0d1117, 0xe6edf3, 0x161b22, 0x161b22, 0x388bfd, 0x0d1117, 0x161b22, 0x8b949e});
}

} // namespace keyscope::ui
