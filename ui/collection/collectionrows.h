#pragma once

#include "model/design/populator.h"
#include "model/table/table.h"

#include <QColor>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

namespace keyscope::ui {

// The rows of one item collection (a partition of the table or of an index) as the collection
// view shows them: which item each row is, its entity type, and the parent/children groups.
// Built once per (table, index, partition); text is decoded only for rows being painted, so a
// million-row partition costs a few bytes per row.
class CollectionRows
{
public:
    static constexpr quint8 kNoEntity = 0xFF;

    // A parent item and the rows of its children in this collection (children need not be
    // contiguous; the bracket spans first..last).
    struct ParentGroup
    {
        qsizetype parentRow = -1;
        qsizetype firstChildRow = -1;
        qsizetype lastChildRow = -1;
        qsizetype childCount = 0;
        int depth = 0; // 0 for a root parent, 1 for a parent that is itself a child, ...
    };

    struct EntityInfo
    {
        QString name;
        QColor color;
    };

    CollectionRows() = default;
    // The rows of the partition with comparable key bytes `partitionKey` in the store `indexName`
    // (empty: the table). An empty key picks the largest partition. population and entities
    // are optional: without them rows have no entity colour and no parent groups.
    CollectionRows(std::shared_ptr<const model::Table> table, const QString &indexName,
                   const QByteArray &partitionKey, const model::Population *population,
                   std::vector<EntityInfo> entities);

    const model::Table *table() const { return m_table.get(); }
    const model::IndexStore *store() const { return m_store; }
    const model::Partition *partition() const { return m_partition; }
    const QString &indexName() const { return m_indexName; }
    QByteArray partitionKey() const { return m_partition ? m_partition->key : QByteArray(); }
    int partitionCount() const;

    qsizetype rowCount() const { return m_partition ? qsizetype(m_partition->entries.size()) : 0; }
    model::ItemId itemAt(qsizetype row) const { return m_partition->entries[size_t(row)].item; }
    // The row holding an item, or -1 when the item is not in this collection (sparse index).
    qsizetype rowOf(model::ItemId item) const;

    // Entity index per row (kNoEntity when unknown): the density strip colours from this.
    const std::vector<quint8> &rowEntities() const { return m_rowEntity; }
    const std::vector<EntityInfo> &entities() const { return m_entities; }
    QColor entityColor(qsizetype row) const;
    QString entityName(qsizetype row) const;

    // Parent groups sorted by their first row (min of parent and first child).
    const std::vector<ParentGroup> &parentGroups() const { return m_groups; }
    // Index into parentGroups() when the row is a parent item, -1 otherwise.
    int groupOfParentRow(qsizetype row) const;

    // Text shown for a row: its sort key (or partition key for stores without one), its
    // partition key, and its other attributes as "Name=value" pairs (keys left out).
    QString sortKeyText(qsizetype row) const;
    QString partitionKeyText(qsizetype row) const;
    QString partitionLabel() const; // "PK = DEVICE#d-0001"
    // Every row of one partition shares its partition key (the header names it once); in an
    // index the rows' own identity is the table's primary key, shown in a second key column.
    bool hasTableKeyColumn() const { return !m_indexName.isEmpty() && m_store; }
    QString tableKeyText(qsizetype row) const; // "PK | SK" of the table
    // The longest sort key text in characters (sampled on very large collections; cached).
    qsizetype longestSortKey() const;
    // The same for the table's key column of an index.
    qsizetype longestTableKey() const;
    QStringList attributeTexts(qsizetype row, const QStringList &only = {}) const;
    // The sort key as a key value (for the byte explainer); Null when the store has no sort key.
    model::AttributeValue sortKeyValue(qsizetype row) const;

private:
    const model::Partition *chosenPartition(const QByteArray &partitionKey) const;
    void indexRowsByItem();
    void findRowEntities(const model::Population &population);
    void findParentGroups(const model::Population &population);
    ParentGroup newParentGroup(const model::Population &population, qsizetype parentRow,
                               qsizetype firstChildRow) const;

    std::shared_ptr<const model::Table> m_table;
    QString m_indexName;
    const model::IndexStore *m_store = nullptr;
    const model::Partition *m_partition = nullptr;
    std::vector<EntityInfo> m_entities;
    std::vector<quint8> m_rowEntity;
    std::vector<qint32> m_rowOfItem; // by ItemId; -1 when absent
    std::vector<ParentGroup> m_groups;
    std::vector<std::pair<qsizetype, int>> m_parentRows; // (row, group) sorted by row
    // The longest of `text` over the rows, sampled on very large collections.
    qsizetype longest(QString (CollectionRows::*text)(qsizetype) const) const;

    mutable qsizetype m_longestSortKey = -1;
    mutable qsizetype m_longestTableKey = -1;
};

} // namespace keyscope::ui
