#include "ui/collection/partitionbands.h"

#include "model/query/tracetimeline.h"
#include "ui/collection/collectionlabels.h"

#include <QCryptographicHash>
#include <QFontMetricsF>

#include <algorithm>
#include <numeric>

namespace keyscope::ui {

QByteArray PartitionOrder::hashOf(const QByteArray &partitionKey)
{
    return QCryptographicHash::hash(partitionKey, QCryptographicHash::Md5);
}

PartitionOrder::PartitionOrder(const model::IndexStore *store)
{
    if (!store)
        return;
    const auto &partitions = store->partitions();
    const int n = int(partitions.size());
    std::vector<QByteArray> hashes(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i)
        hashes[size_t(i)] = hashOf(partitions[size_t(i)].key);
    m_order.resize(size_t(n));
    std::iota(m_order.begin(), m_order.end(), 0);
    std::sort(m_order.begin(), m_order.end(), [&](int a, int b) {
        if (const int c = hashes[size_t(a)].compare(hashes[size_t(b)]))
            return c < 0;
        return partitions[size_t(a)].key < partitions[size_t(b)].key;
    });
    m_positions.assign(size_t(n), -1);
    m_hashes.reserve(size_t(n));
    for (int position = 0; position < n; ++position) {
        m_positions[size_t(m_order[size_t(position)])] = position;
        m_hashes.push_back(hashes[size_t(m_order[size_t(position)])]);
    }
}

int PartitionOrder::positionOf(int partition) const
{
    return partition >= 0 && partition < int(m_positions.size()) ? m_positions[size_t(partition)]
                                                                 : -1;
}

PartitionBands PartitionBands::around(const model::Table &table, const model::IndexStore &store,
                                      const PartitionOrder &order, int partition, int perSide,
                                      const model::Population *population, int entityCount,
                                      const std::vector<qsizetype> *concernedPerPartition)
{
    PartitionBands bands;
    bands.total = order.count();
    bands.position = order.positionOf(partition);
    if (bands.position < 0 || perSide <= 0)
        return bands;
    const auto band = [&](int position) {
        const int index = order.partitionAt(position);
        const model::Partition &p = store.partitions()[size_t(index)];
        PartitionBand b;
        b.key = p.key;
        b.itemCount = qsizetype(p.entries.size());
        b.hash = QString::fromLatin1(order.hashAt(position).toHex().left(8));
        if (concernedPerPartition && index < int(concernedPerPartition->size()))
            b.concerned = (*concernedPerPartition)[size_t(index)];
        if (!p.entries.empty()) {
            QStringList values;
            for (const auto &k : store.keys().hash)
                values << model::keyValueText(table.attribute(p.entries.front().item, k.name));
            b.label = values.join(QStringLiteral(" | "));
        }
        b.entityCounts.assign(size_t(entityCount) + 1, 0);
        const auto known = model::ItemId(population ? population->entityOf.size() : 0);
        for (const auto &e : p.entries) {
            const int entity = e.item < known ? population->entityOf[e.item] : -1;
            ++b.entityCounts[entity >= 0 && entity < entityCount ? size_t(entity)
                                                                 : size_t(entityCount)];
        }
        return b;
    };
    const int first = std::max(0, bands.position - perSide);
    const int last = std::min(bands.total - 1, bands.position + perSide);
    for (int position = first; position < bands.position; ++position)
        bands.before.push_back(band(position));
    for (int position = bands.position + 1; position <= last; ++position)
        bands.after.push_back(band(position));
    bands.moreBefore = first;
    bands.moreAfter = bands.total - 1 - last;
    return bands;
}

PartitionBandTexts PartitionBandTexts::fit(const PartitionBand &band, const QStringList &facts,
                                           double pillWidth, const QFontMetricsF &mono,
                                           const QFontMetricsF &small, double width)
{
    PartitionBandTexts t;
    t.key = CollectionLabels::elideKey(band.label, mono, width);
    double room = width - mono.horizontalAdvance(t.key) - 12;
    t.pill = pillWidth > 0 && pillWidth + 8 <= room;
    if (t.pill)
        room -= pillWidth + 8;
    t.facts = CollectionLabels::wholeParts(facts, QStringLiteral("  \u00b7  "), small, room);
    if (!t.facts.isEmpty())
        room -= small.horizontalAdvance(t.facts) + 12;
    const QString hash = QStringLiteral("md5 %1\u2026").arg(band.hash);
    if (small.horizontalAdvance(hash) <= room)
        t.hash = hash;
    return t;
}

} // namespace keyscope::ui
