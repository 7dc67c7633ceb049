#pragma once

#include "model/live/liveworkflows.h"
#include "ui/widgets/counted.h"

#include <QDialog>

class QLineEdit;
class QPushButton;

namespace keyscope::ui {

using model::live::PushPlan;

// Asks before anything is written: names the endpoint and the table; when the table already
// holds items, Push stays disabled until the table's name is typed exactly. Cancel is the
// default button.
class PushConfirmDialog : public QDialog
{
    Q_OBJECT

public:
    explicit PushConfirmDialog(const PushPlan &plan, QWidget *parent = nullptr);

    QPushButton *pushButton() const { return m_push; }
    QLineEdit *nameEdit() const { return m_name; } // null unless the table has items

private:
    QPushButton *m_push = nullptr;
    QLineEdit *m_name = nullptr;
};

} // namespace keyscope::ui
