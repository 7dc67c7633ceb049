#include "ui/editors/designpanel.h"

#include <QBoxLayout>
#include <QToolButton>

#include <algorithm>

namespace keyscope::ui {

namespace {

QSize designPanelSize(const QSize &hint, const QFontMetrics &metrics)
{
    // About 52 average characters; narrower panels scroll sideways or clip: the dock stops here.
    return {std::max(hint.width(), metrics.averageCharWidth() * 52), hint.height()};
}

} // namespace

QSize DesignPanel::sizeHint() const
{
    return designPanelSize(QWidget::sizeHint(), fontMetrics());
}

QSize DesignPanel::minimumSizeHint() const
{
    return designPanelSize(QWidget::minimumSizeHint(), fontMetrics());
}

QToolButton *DesignPanel::button(const QString &text, const QString &accessible, const QString &tip,
                                 QWidget *parent)
{
    auto *b = new QToolButton(parent);
    b->setText(text);
    b->setAccessibleName(accessible);
    b->setToolTip(tip);
    b->setToolButtonStyle(Qt::ToolButtonTextOnly);
    b->setFocusPolicy(Qt::StrongFocus);
    return b;
}

void DesignPanel::addButtonRow(QBoxLayout *layout, std::initializer_list<QToolButton *> buttons,
                               int spacing)
{
    auto *row = new QHBoxLayout;
    if (spacing >= 0)
        row->setSpacing(spacing);
    for (QToolButton *b : buttons)
        row->addWidget(b);
    row->addStretch();
    layout->addLayout(row);
}

} // namespace keyscope::ui
