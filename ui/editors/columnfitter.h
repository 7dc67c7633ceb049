#pragma once

#include <QList>
#include <QObject>

class QTableView;

namespace keyscope::ui {

// Keeps a table's columns within its width, never a sideways scroll bar: when they do not fit,
// the optional columns are hidden in the order given (each shows what the form under the table
// shows in full), and come back when the table is wide enough again.
class ColumnFitter : public QObject
{
    Q_OBJECT

public:
    ColumnFitter(QTableView *view, QList<int> optionalColumns);

    // Fits now (after the model's content changed; resizes are followed by themselves).
    void fit();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void scheduleFit();

    QTableView *m_view;
    QList<int> m_optional;
    bool m_scheduled = false;
};

} // namespace keyscope::ui
