#pragma once

#include "model/table/table.h"

#include <QAbstractTableModel>

#include <memory>

namespace keyscope::ui {

// The rows of one item collection (a partition of the table or of an index) in sort-key order,
// top = smallest, as a table model. Items are decoded only when a row is shown, so a
// million-row partition costs nothing until it scrolls into view.
class CollectionModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        PositionColumn,
        PartitionKeyColumn,
        SortKeyColumn,
        AttributesColumn,
        SizeColumn,
        ColumnCount
    };

    explicit CollectionModel(QObject *parent = nullptr);

    void setTable(std::shared_ptr<const model::Table> table);
    const model::Table *table() const { return m_table.get(); }

    // Empty for the table itself.
    void setIndexName(const QString &indexName);
    QString indexName() const { return m_indexName; }
    const model::IndexStore *store() const;

    // Partitions of the current store, largest first (DynamoDB itself places them by hash).
    int partitionCount() const { return int(m_partitionOrder.size()); }
    QString partitionLabel(int partition) const;
    // Comparable bytes of a partition's key (as QueryTrace::partitionKey holds them).
    QByteArray partitionKey(int partition) const;
    void setPartition(int partition);
    int partition() const { return m_partition; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // How a value reads in a cell: S as text, N canonical, B as base64.
    static QString displayText(const model::AttributeValue &value);

signals:
    void partitionsChanged();

private:
    const model::Partition *currentPartition() const;
    QString keyText(model::ItemId item, const std::vector<model::KeyAttribute> &keys) const;
    void rebuildPartitionOrder();

    std::shared_ptr<const model::Table> m_table;
    QString m_indexName;
    std::vector<int> m_partitionOrder;
    int m_partition = -1;
};

} // namespace keyscope::ui
