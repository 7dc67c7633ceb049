#pragma once

#include <QLabel>

namespace keyscope::ui {

// A word-wrapped label that asks its layout for the height its text needs at its width, so that
// in a panel too short for it the labels below move down (and the panel grows) instead of being
// drawn over it. QLabel's own minimum is one line, whatever the text wraps to.
class WrappedLabel : public QLabel
{
public:
    explicit WrappedLabel(QWidget *parent = nullptr);

    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;
};

} // namespace keyscope::ui
