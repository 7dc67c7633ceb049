#pragma once

#include "model/table/table.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QTableView;

namespace keyscope::ui {

class CollectionModel;

// The central "Collection" area: which store (table or index) and which item collection, and
// the items in sort-key order. The items view is created in one place (createItemsView) so the
// custom-painted CollectionView can replace the table view there.
class CollectionPane : public QWidget
{
    Q_OBJECT

public:
    explicit CollectionPane(QWidget *parent = nullptr);

    // Shows a new table (a re-population), keeping the chosen index and item collection when
    // they still exist.
    void setTable(std::shared_ptr<const model::Table> table);
    // Switches to a store ("" = table) and the collection whose partition key reads `partition`
    // (as CollectionModel::displayText shows it). False when there is no such collection.
    bool showCollection(const QString &indexName, const QString &partition);

    QString indexName() const;
    QString partitionText() const;
    CollectionModel *model() const { return m_model; }
    QWidget *itemsView() const { return m_itemsView; }

private:
    QWidget *createItemsView();
    void indexChosen(int row);
    void refillPartitions();
    void selectPartition(const QString &text);

    CollectionModel *m_model;
    QComboBox *m_indexBox;
    QComboBox *m_partitionBox;
    QLabel *m_orderNote;
    QWidget *m_itemsView = nullptr;
    QTableView *m_tableView = nullptr;
    QString m_wantedPartition;
};

} // namespace keyscope::ui
