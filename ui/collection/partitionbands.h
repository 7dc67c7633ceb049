#pragma once

#include "model/design/populator.h"
#include "model/table/table.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <vector>

class QFontMetricsF;

namespace keyscope::ui {

// The order the collection view draws a store's partitions in: by a hash of the partition
// key, as DynamoDB places item collections. DynamoDB's own hash function is not public, so
// Keyscope uses its own stable one: MD5 of the partition key's comparable bytes (the UTF-8 of
// an S key, so `printf %s 'DEVICE#d-0001' | md5sum` gives the hash shown), ascending, ties by
// key bytes. The order only illustrates that partitions are not kept in key order; it is not
// where DynamoDB would put them.
class PartitionOrder
{
public:
    PartitionOrder() = default;
    explicit PartitionOrder(const model::IndexStore *store);

    static QByteArray hashOf(const QByteArray &partitionKey); // 16 bytes of MD5

    int count() const { return int(m_order.size()); }
    // Index into store->partitions() of the partition at `position` in hash order.
    int partitionAt(int position) const { return m_order[size_t(position)]; }
    // Position in hash order of the partition with index `partition`, -1 if none.
    int positionOf(int partition) const;
    const QByteArray &hashAt(int position) const { return m_hashes[size_t(position)]; }

private:
    std::vector<int> m_order;
    std::vector<int> m_positions;     // by partition index
    std::vector<QByteArray> m_hashes; // by position
};

// One collapsed partition as a band: what the view draws above and below the selected one.
struct PartitionBand
{
    QByteArray key; // comparable bytes (Partition::key)
    QString label;  // "DEVICE#d-0002" (partition key values, " | " between)
    QString hash;   // first 8 hex digits of the MD5
    qsizetype itemCount = 0;
    qsizetype concerned = 0; // items of the selected design finding in it
    // Items per entity index (CollectionRows::EntityInfo order); the last slot counts items of
    // no known entity type.
    std::vector<qsizetype> entityCounts;
};

// What a collapsed band says in `width` pixels right of its entity strip: its key first,
// shortened only when it cannot fit whole; then the concerned items' pill; then as many whole
// facts as fit; then the hash. What does not fit is left out from the end: the hash yields
// first, never the key.
struct PartitionBandTexts
{
    QString key;
    bool pill = false;
    QString facts;
    QString hash; // "md5 97911a5d…"; empty when left out

    static PartitionBandTexts fit(const PartitionBand &band, const QStringList &facts,
                                  double pillWidth, const QFontMetricsF &mono,
                                  const QFontMetricsF &small, double width);
};

// The partitions around the selected one in hash order: `before` in hash order (its last is
// the selected partition's predecessor), `after` likewise (its first is the successor).
struct PartitionBands
{
    std::vector<PartitionBand> before;
    std::vector<PartitionBand> after;
    int position = -1; // the selected partition's place in hash order (0-based)
    int total = 0;
    int moreBefore = 0; // partitions before the first band, not drawn
    int moreAfter = 0;

    // Up to `perSide` neighbours each way of the partition with index `partition` of the
    // store. concernedPerPartition (by partition index) may be null.
    static PartitionBands around(const model::Table &table, const model::IndexStore &store,
                                 const PartitionOrder &order, int partition, int perSide,
                                 const model::Population *population, int entityCount,
                                 const std::vector<qsizetype> *concernedPerPartition);
};

} // namespace keyscope::ui
