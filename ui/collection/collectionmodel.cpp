#include "ui/collection/collectionmodel.h"

#include <QFontDatabase>
#include <QLocale>

#include <algorithm>

namespace keyscope::ui {

using model::AttributeValue;

CollectionModel::CollectionModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

void CollectionModel::setTable(std::shared_ptr<const model::Table> table)
{
    beginResetModel();
    m_table = std::move(table);
    m_indexName.clear();
    rebuildPartitionOrder();
    endResetModel();
    emit partitionsChanged();
}

void CollectionModel::setIndexName(const QString &indexName)
{
    beginResetModel();
    m_indexName = indexName;
    rebuildPartitionOrder();
    endResetModel();
    emit partitionsChanged();
}

const model::IndexStore *CollectionModel::store() const
{
    return m_table ? m_table->store(m_indexName) : nullptr;
}

void CollectionModel::rebuildPartitionOrder()
{
    m_partitionOrder.clear();
    const model::IndexStore *s = store();
    if (!s) {
        m_partition = -1;
        return;
    }
    const auto &partitions = s->partitions();
    for (int i = 0; i < int(partitions.size()); ++i)
        m_partitionOrder.push_back(i);
    std::stable_sort(m_partitionOrder.begin(), m_partitionOrder.end(), [&](int a, int b) {
        return partitions[size_t(a)].entries.size() > partitions[size_t(b)].entries.size();
    });
    m_partition = m_partitionOrder.empty() ? -1 : 0;
}

QString CollectionModel::partitionLabel(int partition) const
{
    const model::IndexStore *s = store();
    if (!s || partition < 0 || partition >= partitionCount())
        return {};
    const model::Partition &p = s->partitions()[size_t(m_partitionOrder[size_t(partition)])];
    if (p.entries.empty())
        return {};
    const QString count = p.entries.size() == 1
        ? QStringLiteral("1 item")
        : QStringLiteral("%1 items").arg(QLocale().toString(qlonglong(p.entries.size())));
    return QStringLiteral("%1  (%2)").arg(keyText(p.entries.front().item, s->keys().hash), count);
}

QByteArray CollectionModel::partitionKey(int partition) const
{
    const model::IndexStore *s = store();
    if (!s || partition < 0 || partition >= partitionCount())
        return {};
    return s->partitions()[size_t(m_partitionOrder[size_t(partition)])].key;
}

void CollectionModel::setPartition(int partition)
{
    if (partition == m_partition)
        return;
    beginResetModel();
    m_partition = partition;
    endResetModel();
}

const model::Partition *CollectionModel::currentPartition() const
{
    const model::IndexStore *s = store();
    if (!s || m_partition < 0 || m_partition >= partitionCount())
        return nullptr;
    return &s->partitions()[size_t(m_partitionOrder[size_t(m_partition)])];
}

int CollectionModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid())
        return 0;
    const model::Partition *p = currentPartition();
    return p ? int(p->entries.size()) : 0;
}

int CollectionModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString CollectionModel::displayText(const AttributeValue &value)
{
    return value.displayText();
}

QString CollectionModel::keyText(model::ItemId item,
                                 const std::vector<model::KeyAttribute> &keys) const
{
    QStringList parts;
    for (const auto &k : keys)
        parts << displayText(m_table->attribute(item, k.name));
    return parts.join(QStringLiteral(" | "));
}

QVariant CollectionModel::data(const QModelIndex &index, int role) const
{
    const model::Partition *p = currentPartition();
    if (!p || !index.isValid() || index.row() >= int(p->entries.size()))
        return {};
    const model::IndexStore *s = store();
    const model::ItemId item = p->entries[size_t(index.row())].item;
    if (role == Qt::FontRole
        && (index.column() == SortKeyColumn || index.column() == PartitionKeyColumn))
        return QFontDatabase::systemFont(QFontDatabase::FixedFont);
    if (role == Qt::TextAlignmentRole
        && (index.column() == PositionColumn || index.column() == SizeColumn))
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    switch (index.column()) {
    case PositionColumn:
        return index.row() + 1;
    case PartitionKeyColumn:
        return keyText(item, s->keys().hash);
    case SortKeyColumn:
        return keyText(item, s->keys().range);
    case AttributesColumn: {
        QStringList parts;
        for (const auto &[name, value] : m_table->item(item)) {
            if (s->keys().contains(name))
                continue;
            parts << name + QLatin1Char('=') + displayText(value);
        }
        return parts.join(QStringLiteral(", "));
    }
    case SizeColumn:
        return QLocale().toString(qlonglong(m_table->itemSize(item)));
    }
    return {};
}

QVariant CollectionModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    const model::IndexStore *s = store();
    const auto names = [](const std::vector<model::KeyAttribute> &keys) {
        QStringList out;
        for (const auto &k : keys)
            out << k.name;
        return out.join(QStringLiteral(", "));
    };
    switch (section) {
    case PositionColumn:
        return tr("#");
    case PartitionKeyColumn:
        return s ? tr("Partition key (%1)").arg(names(s->keys().hash)) : tr("Partition key");
    case SortKeyColumn:
        return s && s->keys().hasRange() ? tr("Sort key (%1)").arg(names(s->keys().range))
                                         : tr("Sort key");
    case AttributesColumn:
        return tr("Other attributes");
    case SizeColumn:
        return tr("Bytes");
    }
    return {};
}

} // namespace keyscope::ui
