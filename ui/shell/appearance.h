#pragma once

#include "ui/settings/settings.h"

#include <QPalette>

namespace keyscope::ui {

// The application's light and dark palettes (Fusion-based, tuned for long key strings).
QPalette lightPalette();
QPalette darkPalette();
bool isDark(const QPalette &palette);

// Applies a theme to the running application. System hands the palette back to the platform
// (which follows the desktop's light/dark setting); Light and Dark override it.
void applyTheme(Settings::Theme theme);

} // namespace keyscope::ui
