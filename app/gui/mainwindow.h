#pragma once

#include "model/table/table.h"

#include <QMainWindow>

#include <memory>

class QComboBox;
class QLabel;
class QTableView;

namespace keyscope::ui {
class CollectionModel;
}

namespace keyscope::app {

// For now: open a table definition and its items, and list an item collection in the order
// DynamoDB keeps it (table or any index). The full visualizer replaces this window later.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);

    // Loads a table definition and its items; on failure shows the error and keeps what was open.
    bool openFiles(const QString &tablePath, const QString &itemsPath);
    void openExample(const QString &name);

private:
    void openDialog();
    void showTable(std::shared_ptr<const model::Table> table, const QString &title,
                   qsizetype replaced);
    void refillPartitions();

    ui::CollectionModel *m_model = nullptr;
    QTableView *m_view = nullptr;
    QComboBox *m_indexBox = nullptr;
    QComboBox *m_partitionBox = nullptr;
    QLabel *m_orderNote = nullptr;
};

} // namespace keyscope::app
