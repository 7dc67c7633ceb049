#include "ui/collection/collectionrows.h"

#include "model/query/tracetimeline.h"

#include <algorithm>

namespace keyscope::ui {

CollectionRows::CollectionRows(std::shared_ptr<const model::Table> table, const QString &indexName,
                               const QByteArray &partitionKey, const model::Population *population,
                               std::vector<EntityInfo> entities)
    : m_table(std::move(table))
    , m_indexName(indexName)
    , m_entities(std::move(entities))
{
    if (!m_table)
        return;
    m_store = m_table->store(indexName);
    if (!m_store)
        return;
    m_partition = chosenPartition(partitionKey);
    if (!m_partition)
        return;
    indexRowsByItem();
    m_rowEntity.assign(m_partition->entries.size(), kNoEntity);
    if (!population)
        return;
    findRowEntities(*population);
    findParentGroups(*population);
}

// The partition of that key; without one, the largest.
const model::Partition *CollectionRows::chosenPartition(const QByteArray &partitionKey) const
{
    if (!partitionKey.isEmpty())
        return m_store->findPartition(partitionKey);
    const model::Partition *largest = nullptr;
    for (const auto &p : m_store->partitions()) {
        if (!largest || p.entries.size() > largest->entries.size())
            largest = &p;
    }
    return largest;
}

void CollectionRows::indexRowsByItem()
{
    const auto &entries = m_partition->entries;
    model::ItemId maxItem = 0;
    for (const auto &e : entries)
        maxItem = std::max(maxItem, e.item);
    m_rowOfItem.assign(size_t(maxItem) + 1, -1);
    for (qsizetype r = 0; r < qsizetype(entries.size()); ++r)
        m_rowOfItem[entries[size_t(r)].item] = qint32(r);
}

void CollectionRows::findRowEntities(const model::Population &population)
{
    const auto &entries = m_partition->entries;
    const auto populationSize = model::ItemId(population.entityOf.size());
    for (qsizetype r = 0; r < qsizetype(entries.size()); ++r) {
        const model::ItemId item = entries[size_t(r)].item;
        if (item < populationSize) {
            const int e = population.entityOf[item];
            if (e >= 0 && e < int(kNoEntity))
                m_rowEntity[size_t(r)] = quint8(e);
        }
    }
}

// Parent groups: every row whose parent item is also in this collection.
void CollectionRows::findParentGroups(const model::Population &population)
{
    const auto &entries = m_partition->entries;
    const qsizetype n = qsizetype(entries.size());
    std::vector<int> groupOfParentItemRow(size_t(n), -1);
    const auto parentCount = model::ItemId(population.parentOf.size());
    for (qsizetype r = 0; r < n; ++r) {
        const model::ItemId item = entries[size_t(r)].item;
        if (item >= parentCount || population.parentOf[item] < 0)
            continue;
        const qsizetype parentRow = rowOf(model::ItemId(population.parentOf[item]));
        if (parentRow < 0)
            continue;
        int &g = groupOfParentItemRow[size_t(parentRow)];
        if (g < 0) {
            g = int(m_groups.size());
            m_groups.push_back(newParentGroup(population, parentRow, r));
        }
        ParentGroup &group = m_groups[size_t(g)];
        group.lastChildRow = r;
        ++group.childCount;
    }
    std::sort(m_groups.begin(), m_groups.end(), [](const ParentGroup &a, const ParentGroup &b) {
        return std::min(a.parentRow, a.firstChildRow) < std::min(b.parentRow, b.firstChildRow);
    });
    m_parentRows.reserve(m_groups.size());
    for (int g = 0; g < int(m_groups.size()); ++g)
        m_parentRows.emplace_back(m_groups[size_t(g)].parentRow, g);
    std::sort(m_parentRows.begin(), m_parentRows.end());
}

// A group of the parent at parentRow, from its first child's row; its depth is how many
// ancestors the parent itself has.
CollectionRows::ParentGroup CollectionRows::newParentGroup(const model::Population &population,
                                                           qsizetype parentRow,
                                                           qsizetype firstChildRow) const
{
    ParentGroup group;
    group.parentRow = parentRow;
    group.firstChildRow = firstChildRow;
    const auto parentCount = model::ItemId(population.parentOf.size());
    qint64 ancestor = population.parentOf[m_partition->entries[size_t(parentRow)].item];
    while (ancestor >= 0 && model::ItemId(ancestor) < parentCount) {
        ++group.depth;
        ancestor = population.parentOf[size_t(ancestor)];
    }
    return group;
}

int CollectionRows::partitionCount() const
{
    return m_store ? int(m_store->partitions().size()) : 0;
}

qsizetype CollectionRows::rowOf(model::ItemId item) const
{
    return item < m_rowOfItem.size() ? m_rowOfItem[item] : -1;
}

QColor CollectionRows::entityColor(qsizetype row) const
{
    const quint8 e = m_rowEntity[size_t(row)];
    return e < m_entities.size() ? m_entities[e].color : QColor();
}

QString CollectionRows::entityName(qsizetype row) const
{
    const quint8 e = m_rowEntity[size_t(row)];
    return e < m_entities.size() ? m_entities[e].name : QString();
}

int CollectionRows::groupOfParentRow(qsizetype row) const
{
    const auto it = std::lower_bound(m_parentRows.begin(), m_parentRows.end(),
                                     std::pair<qsizetype, int>(row, -1));
    return it != m_parentRows.end() && it->first == row ? it->second : -1;
}

QString CollectionRows::sortKeyText(qsizetype row) const
{
    return model::rowKeyText(*m_table, *m_store, itemAt(row));
}

QString CollectionRows::partitionKeyText(qsizetype row) const
{
    QStringList parts;
    for (const auto &k : m_store->keys().hash)
        parts << model::keyValueText(m_table->attribute(itemAt(row), k.name));
    return parts.join(QStringLiteral(" | "));
}

QString CollectionRows::tableKeyText(qsizetype row) const
{
    const model::IndexStore *table = m_table->store(QString());
    if (!table)
        return {};
    QStringList parts;
    for (const auto &k : table->keys().hash)
        parts << model::keyValueText(m_table->attribute(itemAt(row), k.name));
    for (const auto &k : table->keys().range)
        parts << model::keyValueText(m_table->attribute(itemAt(row), k.name));
    return parts.join(QStringLiteral(" | "));
}

qsizetype CollectionRows::longest(QString (CollectionRows::*text)(qsizetype) const) const
{
    const qsizetype n = rowCount();
    constexpr qsizetype kSample = 4096;
    const qsizetype stride = std::max<qsizetype>(1, n / kSample);
    qsizetype longest = 0;
    for (qsizetype row = 0; row < n; row += stride)
        longest = std::max(longest, (this->*text)(row).size());
    if (n > 0)
        longest = std::max(longest, (this->*text)(n - 1).size());
    return longest;
}

qsizetype CollectionRows::longestSortKey() const
{
    if (m_longestSortKey < 0)
        m_longestSortKey = longest(&CollectionRows::sortKeyText);
    return m_longestSortKey;
}

qsizetype CollectionRows::longestTableKey() const
{
    if (m_longestTableKey < 0)
        m_longestTableKey = hasTableKeyColumn() ? longest(&CollectionRows::tableKeyText) : 0;
    return m_longestTableKey;
}

QString CollectionRows::partitionLabel() const
{
    if (!m_partition || m_partition->entries.empty())
        return {};
    QStringList names;
    for (const auto &k : m_store->keys().hash)
        names << k.name;
    return QStringLiteral("%1 = %2").arg(names.join(QStringLiteral(" | ")), partitionKeyText(0));
}

QStringList CollectionRows::attributeTexts(qsizetype row, const QStringList &only) const
{
    QStringList out;
    const model::Item item = m_table->item(itemAt(row));
    const model::TableDefinition &definition = m_table->definition();
    for (const auto &[name, value] : item) {
        if (only.isEmpty()) {
            if (definition.keys.contains(name) || m_store->keys().contains(name))
                continue;
        } else if (!only.contains(name)) {
            continue;
        }
        out << name + QLatin1Char('=') + model::keyValueText(value);
    }
    return out;
}

model::AttributeValue CollectionRows::sortKeyValue(qsizetype row) const
{
    const auto &range = m_store->keys().range;
    if (range.empty())
        return m_table->attribute(itemAt(row), m_store->keys().hash.front().name);
    return m_table->attribute(itemAt(row), range.front().name);
}

} // namespace keyscope::ui
