#pragma once

#include <QWidget>

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
};

} // namespace keyscope::ui
