#pragma once

#include <QIcon>

namespace keyscope::ui {

// Small round status badges drawn at run time (sharp at every device pixel ratio, readable on
// light and dark palettes): a tick, a cross, "!" and "i".
enum class StatusIconKind { Pass, Fail, Error, Warning, Info };

QIcon statusIcon(StatusIconKind kind);
// A rounded square in an entity type's colour.
QIcon colorChipIcon(const QColor &color);

} // namespace keyscope::ui
