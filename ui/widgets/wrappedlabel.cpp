#include "ui/widgets/wrappedlabel.h"

#include <QResizeEvent>

#include <algorithm>

namespace keyscope::ui {

WrappedLabel::WrappedLabel(QWidget *parent)
    : QLabel(parent)
{
    setWordWrap(true);
}

QSize WrappedLabel::minimumSizeHint() const
{
    QSize size = QLabel::minimumSizeHint();
    if (width() > 0 && !text().isEmpty())
        size.setHeight(std::max(size.height(), heightForWidth(width())));
    return size;
}

void WrappedLabel::resizeEvent(QResizeEvent *event)
{
    QLabel::resizeEvent(event);
    if (event->size().width() != event->oldSize().width())
        updateGeometry(); // another width, another number of lines
}

} // namespace keyscope::ui
