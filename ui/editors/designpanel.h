#pragma once

#include <QWidget>

#include <initializer_list>

class QBoxLayout;
class QToolButton;

namespace keyscope::ui {

// What the design panels (Entities & Templates, Table) share: one width, wide enough for an
// attribute row (name, type, generator, its parameters) or an index's two key columns side by
// side, so the dock never scrolls them sideways; and their text-only tool buttons.
class DesignPanel : public QWidget
{
public:
    using QWidget::QWidget;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    static QToolButton *button(const QString &text, const QString &accessible, const QString &tip,
                               QWidget *parent);
    // A row of `buttons`, left-aligned, appended to `layout`; `spacing` < 0 keeps the style's.
    static void addButtonRow(QBoxLayout *layout, std::initializer_list<QToolButton *> buttons,
                             int spacing = -1);
};

} // namespace keyscope::ui
