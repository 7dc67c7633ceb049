#pragma once

#include "model/table/itemcodec.h"
#include "model/table/itemlist.h"
#include "model/table/tabledefinition.h"

#include <QByteArrayView>
#include <QHash>
#include <QSet>

#include <variant>
#include <vector>

namespace keyscope::model {

using ItemId = quint32;

// One row of a sorted partition: the comparable bytes of its sort key and the item it is.
// Sort keys compare as unsigned bytes (memcmp): S as UTF-8, B raw, N via Number::sortableBytes,
// multi-attribute keys as an order-preserving tuple encoding (keyencoding.h).
struct PartitionEntry
{
    const char *key = nullptr;
    quint32 keyLength = 0;
    ItemId item = 0;

    QByteArrayView sortKey() const { return QByteArrayView(key, keyLength); }
};

// One item collection: every entry sharing a partition key value, ascending by sort key.
// Equal index sort keys are ordered by the table's primary key (partition key bytes, then
// sort key order); DynamoDB leaves that order undefined, Keyscope makes it deterministic.
struct Partition
{
    QByteArray key; // comparable bytes of the partition key (tuple-encoded if multi-attribute)
    std::vector<PartitionEntry> entries;
};

class Table;

// The table itself, or one of its secondary indexes: partitions of sorted entries.
class IndexStore
{
public:
    // Empty for the table itself.
    const QString &name() const { return m_name; }
    const IndexDefinition *definition() const { return m_definition; }
    const KeySchema &keys() const { return m_keys; }
    bool isTable() const { return m_definition == nullptr; }
    bool isMultiAttribute() const { return m_keys.hash.size() > 1 || m_keys.range.size() > 1; }

    const Partition *findPartition(QByteArrayView partitionKey) const;
    // Partitions in no meaningful order (DynamoDB places them by hash).
    const std::vector<Partition> &partitions() const { return m_partitions; }
    qsizetype entryCount() const;
    // Whether an entry carries the whole item (the table, or an index projecting ALL).
    bool carriesWholeItems() const
    {
        return !m_definition || m_definition->projection == ProjectionType::All;
    }
    // Attributes an entry of a KEYS_ONLY or INCLUDE index carries: table keys, index keys and
    // the INCLUDE list. Empty when carriesWholeItems().
    const QSet<QString> &projectedAttributes() const { return m_projectedAttributes; }
    // Size of an item's index entry (its projection) for a KEYS_ONLY or INCLUDE index, kept from
    // load time so a Query sweep need not decode items. Only meaningful when
    // !carriesWholeItems() and the item is in this index.
    quint32 projectedSize(ItemId id) const { return m_projectedSizes[id]; }

private:
    friend class Table;
    QString m_name;
    const IndexDefinition *m_definition = nullptr;
    KeySchema m_keys;
    std::vector<Partition> m_partitions;
    QHash<QByteArray, quint32> m_partitionIndex;
    Arena m_keyArena;               // tuple-encoded keys of multi-attribute indexes
    std::vector<quint32> m_hashIds; // interned names of the key attributes
    std::vector<quint32> m_rangeIds;
    QSet<QString> m_projectedAttributes;
    std::vector<quint32> m_projectedSizes; // by ItemId; KEYS_ONLY / INCLUDE indexes only
};

// A table's items and its sorted stores. Items are kept encoded (itemcodec.h) so a million
// small items stay compact; a seek in a partition is a binary search, reading k rows is O(k).
class Table
{
public:
    explicit Table(TableDefinition definition);
    Table(const Table &) = delete;
    Table &operator=(const Table &) = delete;

    const TableDefinition &definition() const { return m_definition; }

    struct LoadResult
    {
        qsizetype written = 0;  // items given
        qsizetype replaced = 0; // writes whose primary key already existed (PutItem replaces)
    };
    struct ItemError
    {
        qsizetype index = -1; // position of the item in the batch
        QString message;      // DynamoDB's ValidationException text
    };
    // Writes the items in order as PutItem would. Every item is validated first; if any is
    // invalid nothing is written and the first error is returned.
    std::variant<LoadResult, ItemError> putItems(const std::vector<Item> &items);
    // The same for items kept encoded (their bytes are re-keyed to this table's names, not
    // decoded).
    std::variant<LoadResult, ItemError> putItems(const ItemList &items);
    // putItems in pieces, for a file read as it is parsed: appendItems validates and encodes a
    // piece (an invalid item writes nothing of that piece) but leaves the sorted stores stale;
    // finishAppending() sorts them once and counts the writes since the first appendItems;
    // discardAppended() takes all of those writes back. Nothing else may be called in between.
    std::optional<ItemError> appendItems(const std::vector<Item> &items);
    // One item at a time, for a reader that encodes items itself (itemcodec, with names()):
    // checked as appendItems checks it; DynamoDB's message when the table refuses it.
    std::optional<QString> appendEncoded(std::string_view encoded, qint64 sizeBytes);
    NameTable &names() { return m_names; }
    LoadResult finishAppending();
    void discardAppended();

    // Checks an item as PutItem would (keys present, key types, sizes, index keys, 400 KB).
    // *sizeBytes receives the item's size when it is valid.
    std::optional<QString> validate(const Item &item, quint32 *sizeBytes = nullptr) const;

    qsizetype itemCount() const { return m_liveCount; }
    Item item(ItemId id) const;
    qint64 itemSize(ItemId id) const { return m_items[id].sizeBytes; }
    AttributeValue attribute(ItemId id, const QString &name) const;
    // The primary key attributes of an item.
    Item primaryKey(ItemId id) const;
    // Comparable bytes of one of an item's key attributes (S, N or B), empty view if absent.
    QByteArrayView keyAttributeBytes(ItemId id, const QString &name) const;
    // Orders two items by the table's primary key: partition key bytes, then sort key.
    int compareTablePrimaryKey(ItemId a, ItemId b) const;

    // The table's store for an empty name, an index's store otherwise; null if no such index.
    const IndexStore *store(const QString &indexName = {}) const;
    const NameTable &names() const { return m_names; }

    // Bytes held for items and sorted entries (for the memory benchmark).
    qsizetype memoryBytes() const;

private:
    struct StoredItem
    {
        const char *data = nullptr;
        quint32 size = 0;      // encoded bytes
        quint32 sizeBytes = 0; // DynamoDB item size
        bool live = true;
    };

    // The key attributes' ids in m_names (interned).
    void internKeyNames();
    // Whether items encoded against `names` mean the same here, so their bytes can be stored
    // where they lie; an empty table takes `names` over to make it so.
    bool shareNames(const NameTable &names);
    // Whether an encoded item passes validate(); validate() of the decoded item words why not.
    bool acceptsEncoded(const char *data, qsizetype size, qint64 sizeBytes) const;
    // appendEncoded(); inPlace stores a pointer to the bytes (kept alive by m_sharedItems).
    std::optional<QString> append(std::string_view encoded, qint64 sizeBytes, bool inPlace);
    void store(const char *data, qsizetype size, qint64 sizeBytes, bool inPlace);
    // Locates a key attribute's comparable bytes in a stored item.
    QByteArrayView keyBytes(ItemId id, quint32 nameId, bool *found = nullptr) const;
    // The entry (partition bytes, sort key) of an item in a store; false if sparse.
    // partitionKey points into the item, or into scratch for a multi-attribute key.
    bool entryFor(IndexStore &store, ItemId id, QByteArray &scratch, QByteArrayView *partitionKey,
                  PartitionEntry *entry);
    void rebuildStores();
    void sortStore(IndexStore &store);

    TableDefinition m_definition;
    NameTable m_names;
    Arena m_arena;
    std::vector<ItemList> m_sharedItems; // lists whose items are stored where they lie
    qsizetype m_sharedBytes = 0;
    std::vector<StoredItem> m_items;
    qsizetype m_liveCount = 0;
    std::size_t m_appendBase = 0; // m_items.size() before the pending appendItems pieces
    bool m_appending = false;
    std::vector<quint32> m_hashNameIds; // interned ids of the table's key attributes
    std::vector<quint32> m_rangeNameIds;
    IndexStore m_tableStore;
    std::vector<IndexStore> m_indexStores;
    std::vector<const IndexDefinition *> m_indexesByName; // alphabetical
};

} // namespace keyscope::model
