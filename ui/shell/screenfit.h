#pragma once

#include <QMargins>
#include <QRect>

class QWidget;

namespace keyscope::ui {

// Where a top-level window goes so that all of it, its frame included, lies on the available
// part of a screen: shrunk to fit (never below `minimum`), then moved in. `geometry` is the
// window without its frame, in screen coordinates, as QWidget::geometry() gives it.
QRect fitOnScreen(const QRect &geometry, const QMargins &frame, const QRect &available,
                  const QSize &minimum = QSize());

// Fits `window` (a top-level widget) to the screen it is on. Before the window manager has told
// the frame's size, a title bar of the style's height is assumed. Maximised and full-screen
// windows are left alone.
void fitToScreen(QWidget *window);

} // namespace keyscope::ui
