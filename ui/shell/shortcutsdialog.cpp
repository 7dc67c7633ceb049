#include "ui/shell/shortcutsdialog.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMenu>
#include <QMenuBar>
#include <QTableWidget>
#include <QVBoxLayout>

namespace keyscope::ui {

namespace {

QString plainText(QString text)
{
    text.replace(QStringLiteral("&&"), QStringLiteral("\x01"));
    text.remove(QLatin1Char('&'));
    text.replace(QStringLiteral("\x01"), QStringLiteral("&"));
    return text;
}

// Each action with a shortcut, in menu order, submenus followed: {menu, action, keys}.
void collect(const QMenu *menu, const QString &path, std::vector<QStringList> &rows)
{
    for (QAction *action : menu->actions()) {
        if (action->menu()) {
            collect(action->menu(), path + QStringLiteral(" > ") + plainText(action->text()), rows);
            continue;
        }
        QStringList keys;
        for (const QKeySequence &key : action->shortcuts())
            keys << key.toString(QKeySequence::NativeText);
        if (!keys.isEmpty() && !action->text().isEmpty())
            rows.push_back({path, plainText(action->text()), keys.join(QStringLiteral(", "))});
    }
}

} // namespace

ShortcutsDialog::ShortcutsDialog(const QMenuBar *menus, QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Keyboard Shortcuts"));
    setObjectName(QStringLiteral("shortcutsDialog"));
    std::vector<QStringList> rows;
    for (QAction *top : menus->actions()) {
        if (top->menu())
            collect(top->menu(), plainText(top->text()), rows);
    }
    m_table = new QTableWidget(int(rows.size()), 3, this);
    m_table->setHorizontalHeaderLabels({tr("Menu"), tr("Command"), tr("Keys")});
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAccessibleName(tr("Keyboard shortcuts"));
    for (int row = 0; row < int(rows.size()); ++row) {
        for (int column = 0; column < 3; ++column)
            m_table->setItem(row, column, new QTableWidgetItem(rows[size_t(row)][column]));
    }
    m_table->resizeColumnsToContents();
    m_table->horizontalHeader()->setStretchLastSection(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_table);
    layout->addWidget(buttons);
    resize(620, 560);
}

} // namespace keyscope::ui
