#pragma once

#include <QPalette>

namespace keyscope::ui {

// A fixed light palette for exported images (PNG/SVG), independent of the desktop theme.
QPalette exportPalette();

} // namespace keyscope::ui
