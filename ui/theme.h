#pragma once

#include <QPalette>

namespace keyscope::ui {

// The colours every palette Keyscope sets names (the app's light and dark, the exports' light
// and dark), so no role is left to what the platform derives from the window colour.
struct PaletteColors
{
    QRgb window;
    QRgb base;
    QRgb text;
    QRgb alternateBase;
    QRgb button;
    QRgb highlight;
    QRgb highlightedText;
    QRgb toolTipBase;
    QRgb placeholderText;
};
// A palette with those roles set (WindowText, Text, ButtonText and ToolTipText are `text`).
QPalette makePalette(const PaletteColors &colors);

// A fixed light palette for exported images (PNG/SVG), independent of the desktop theme.
QPalette exportPalette();
// The dark counterpart for exports (`--theme dark`): fixed colours, never the desktop's.
QPalette darkExportPalette();

} // namespace keyscope::ui
