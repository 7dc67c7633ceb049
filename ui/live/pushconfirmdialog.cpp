#include "ui/live/pushconfirmdialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace keyscope::ui {

PushConfirmDialog::PushConfirmDialog(const PushPlan &plan, QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Push to %1").arg(plan.endpoint));
    auto *layout = new QVBoxLayout(this);
    const QString what = plan.tableExists
        ? tr("Write %1 into the existing table <b>%2</b> on <b>%3</b>?")
              .arg(counted(plan.items, tr("item"), tr("items")), plan.table.toHtmlEscaped(),
                   plan.endpoint.toHtmlEscaped())
        : tr("Create table <b>%1</b> (%2) on <b>%3</b> and write %4?")
              .arg(plan.table.toHtmlEscaped(), plan.keys.toHtmlEscaped(),
                   plan.endpoint.toHtmlEscaped(), counted(plan.items, tr("item"), tr("items")));
    auto *text = new QLabel(what, this);
    text->setWordWrap(true);
    text->setObjectName(QStringLiteral("pushPlanLabel"));
    layout->addWidget(text);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_push = buttons->addButton(tr("&Push"), QDialogButtonBox::AcceptRole);
    m_push->setObjectName(QStringLiteral("pushConfirmButton"));
    m_push->setAutoDefault(false);
    buttons->button(QDialogButtonBox::Cancel)->setDefault(true);

    if (plan.tableHasItems) {
        auto *warning = new QLabel(
            tr("The table already holds items: the project's items will be mixed with them, "
               "and items with the same key replaced. Type the table's name to write into it "
               "anyway:"),
            this);
        warning->setWordWrap(true);
        layout->addWidget(warning);
        m_name = new QLineEdit(this);
        m_name->setObjectName(QStringLiteral("confirmTableEdit"));
        m_name->setAccessibleName(tr("Table name to confirm"));
        m_name->setPlaceholderText(plan.table);
        layout->addWidget(m_name);
        m_push->setEnabled(false);
        const QString table = plan.table;
        connect(m_name, &QLineEdit::textChanged, this,
                [this, table](const QString &text) { m_push->setEnabled(text == table); });
    }
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

} // namespace keyscope::ui
