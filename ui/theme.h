#pragma once

#include <QPalette>

namespace keyscope::ui {

// A fixed light palette for exported images (PNG/SVG), independent of the desktop theme.
QPalette exportPalette();
// The dark counterpart for exports (`--theme dark`): fixed colours, never the desktop's.
QPalette darkExportPalette();

} // namespace keyscope::ui
