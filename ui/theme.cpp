#include "ui/theme.h"

#include <QColor>

namespace keyscope::ui {

QPalette exportPalette()
{
    const QColor window(0xf6, 0xf7, 0xf9);
    const QColor base(0xff, 0xff, 0xff);
    const QColor text(0x1f, 0x23, 0x28);
    const QColor highlight(0x2f, 0x6f, 0xeb);

    QPalette palette(window);
    palette.setColor(QPalette::Window, window);
    palette.setColor(QPalette::WindowText, text);
    palette.setColor(QPalette::Base, base);
    palette.setColor(QPalette::AlternateBase, QColor(0xee, 0xf1, 0xf5));
    palette.setColor(QPalette::Text, text);
    palette.setColor(QPalette::Button, window);
    palette.setColor(QPalette::ButtonText, text);
    palette.setColor(QPalette::Highlight, highlight);
    palette.setColor(QPalette::HighlightedText, base);
    palette.setColor(QPalette::ToolTipBase, base);
    palette.setColor(QPalette::ToolTipText, text);
    palette.setColor(QPalette::PlaceholderText, QColor(0x6a, 0x73, 0x7d));
    return palette;
}

QPalette darkExportPalette()
{
    const QColor window(0x16, 0x1b, 0x22);
    const QColor base(0x0d, 0x11, 0x17);
    const QColor text(0xe6, 0xed, 0xf3);
    const QColor highlight(0x38, 0x8b, 0xfd);

    QPalette palette(window);
    palette.setColor(QPalette::Window, window);
    palette.setColor(QPalette::WindowText, text);
    palette.setColor(QPalette::Base, base);
    palette.setColor(QPalette::AlternateBase, QColor(0x16, 0x1b, 0x22));
    palette.setColor(QPalette::Text, text);
    palette.setColor(QPalette::Button, window);
    palette.setColor(QPalette::ButtonText, text);
    palette.setColor(QPalette::Highlight, highlight);
    palette.setColor(QPalette::HighlightedText, base);
    palette.setColor(QPalette::ToolTipBase, window);
    palette.setColor(QPalette::ToolTipText, text);
    palette.setColor(QPalette::PlaceholderText, QColor(0x8b, 0x94, 0x9e));
    return palette;
}

} // namespace keyscope::ui
