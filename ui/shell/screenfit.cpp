#include "ui/shell/screenfit.h"

#include <QScreen>
#include <QStyle>
#include <QStyleOptionTitleBar>
#include <QWidget>

namespace keyscope::ui {

QRect fitOnScreen(const QRect &geometry, const QMargins &frame, const QRect &available,
                  const QSize &minimum)
{
    const QSize room = available.size().shrunkBy(frame);
    const QSize size = geometry.size().boundedTo(room).expandedTo(minimum);
    QRect outer = QRect(geometry.topLeft(), size).marginsAdded(frame);
    // Right and bottom first, so that a window larger than the screen keeps its title bar and
    // its left edge on screen.
    if (outer.right() > available.right())
        outer.moveRight(available.right());
    if (outer.bottom() > available.bottom())
        outer.moveBottom(available.bottom());
    if (outer.left() < available.left())
        outer.moveLeft(available.left());
    if (outer.top() < available.top())
        outer.moveTop(available.top());
    return outer.marginsRemoved(frame);
}

namespace {

QMargins frameOf(const QWidget *window)
{
    const QRect outer = window->frameGeometry();
    const QRect inner = window->geometry();
    const QMargins known(inner.left() - outer.left(), inner.top() - outer.top(),
                         outer.right() - inner.right(), outer.bottom() - inner.bottom());
    if (!known.isNull())
        return known;
    QStyleOptionTitleBar titleBar;
    titleBar.initFrom(window);
    return QMargins(0, window->style()->pixelMetric(QStyle::PM_TitleBarHeight, &titleBar, window),
                    0, 0);
}

} // namespace

void fitToScreen(QWidget *window)
{
    const QScreen *screen = window->screen();
    if (!screen || window->isMaximized() || window->isFullScreen())
        return;
    const QRect fitted = fitOnScreen(window->geometry(), frameOf(window),
                                     screen->availableGeometry(), window->minimumSizeHint());
    if (fitted != window->geometry())
        window->setGeometry(fitted);
}

} // namespace keyscope::ui
