#pragma once

#include <QDialog>

class QMenuBar;
class QTableWidget;

namespace keyscope::ui {

// Help > Keyboard Shortcuts: every action of the window's menus that has a shortcut, read from
// the actions themselves (so the list cannot drift from what the keys do), menu by menu, in
// the desktop's own key names.
class ShortcutsDialog : public QDialog
{
    Q_OBJECT

public:
    ShortcutsDialog(const QMenuBar *menus, QWidget *parent = nullptr);

    QTableWidget *table() const { return m_table; }

private:
    QTableWidget *m_table = nullptr;
};

} // namespace keyscope::ui
