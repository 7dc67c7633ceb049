#pragma once

#include <QIcon>
#include <QString>

class QPalette;

namespace keyscope::ui {

// The icon of a main action: the desktop's icon theme first (Breeze, Adwaita...), else
// Keyscope's own line icon (resources/icons/NAME.svg) drawn in the palette's text colour, so it
// reads on light and dark themes alike. `name` is a freedesktop icon name ("document-save").
QIcon actionIcon(const QString &name, const QPalette &palette);
// Keyscope's own icon only (what actionIcon falls back to); null when there is none.
QIcon bundledIcon(const QString &name, const QColor &ink);
// The names Keyscope bundles a fallback for.
QStringList bundledIconNames();

} // namespace keyscope::ui
