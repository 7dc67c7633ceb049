#include "model/table/table.h"

#include "model/table/keyencoding.h"

#include <algorithm>
#include <cstring>
#include <limits>

namespace keyscope::model {

namespace {

constexpr qsizetype kMaxPartitionKeyBytes = 2048;
constexpr qsizetype kMaxSortKeyBytes = 1024;

const QString kInvalid = QStringLiteral("One or more parameter values were invalid: ");

// Key size limits count the bytes DynamoDB stores: UTF-8 for S, raw for B, the number's
// storage size for N.
qsizetype keySize(const AttributeValue &value)
{
    return value.type() == AttributeValue::Type::N ? value.asNumber().storageSize()
                                                   : value.bytes().size();
}

// Two entries' sort keys as unsigned bytes, a prefix first: negative, zero or positive.
inline int compareSortKeys(const PartitionEntry &a, const PartitionEntry &b)
{
    const int c = std::memcmp(a.key, b.key, std::min(a.keyLength, b.keyLength));
    if (c != 0 || a.keyLength == b.keyLength)
        return c;
    return a.keyLength < b.keyLength ? -1 : 1;
}

inline bool lessBytes(const char *a, quint32 al, const char *b, quint32 bl)
{
    const int c = std::memcmp(a, b, std::min(al, bl));
    return c < 0 || (c == 0 && al < bl);
}

} // namespace

const Partition *IndexStore::findPartition(QByteArrayView partitionKey) const
{
    auto it = m_partitionIndex.constFind(partitionKey.toByteArray());
    return it == m_partitionIndex.constEnd() ? nullptr : &m_partitions[it.value()];
}

qsizetype IndexStore::entryCount() const
{
    qsizetype count = 0;
    for (const auto &p : m_partitions)
        count += qsizetype(p.entries.size());
    return count;
}

Table::Table(TableDefinition definition)
    : m_definition(std::move(definition))
{
    m_tableStore.m_keys = m_definition.keys;
    m_indexStores.resize(m_definition.indexes.size());
    for (std::size_t i = 0; i < m_definition.indexes.size(); ++i) {
        const IndexDefinition &index = m_definition.indexes[i];
        m_indexStores[i].m_name = index.name;
        m_indexStores[i].m_definition = &index;
        m_indexStores[i].m_keys = index.keys;
        if (index.projection != ProjectionType::All) {
            QSet<QString> &projected = m_indexStores[i].m_projectedAttributes;
            for (const auto &k : m_definition.keys.all())
                projected.insert(k.name);
            for (const auto &k : index.keys.all())
                projected.insert(k.name);
            for (const auto &name : index.nonKeyAttributes)
                projected.insert(name);
        }
    }
    internKeyNames();
    // Index key errors name the alphabetically first index (as DynamoDB does).
    for (std::size_t i = 0; i < m_definition.indexes.size(); ++i)
        m_indexesByName.push_back(&m_definition.indexes[i]);
    std::sort(m_indexesByName.begin(), m_indexesByName.end(),
              [](const IndexDefinition *a, const IndexDefinition *b) { return a->name < b->name; });
}

void Table::internKeyNames()
{
    const auto intern = [this](const std::vector<KeyAttribute> &keys) {
        std::vector<quint32> ids;
        for (const auto &k : keys)
            ids.push_back(m_names.intern(k.name));
        return ids;
    };
    m_hashNameIds = intern(m_definition.keys.hash);
    m_rangeNameIds = intern(m_definition.keys.range);
    m_tableStore.m_hashIds = m_hashNameIds;
    m_tableStore.m_rangeIds = m_rangeNameIds;
    for (IndexStore &store : m_indexStores) {
        store.m_hashIds = intern(store.m_keys.hash);
        store.m_rangeIds = intern(store.m_keys.range);
    }
}

bool Table::shareNames(const NameTable &names)
{
    const auto agree = [&] {
        const qsizetype common = std::min(m_names.size(), names.size());
        for (qsizetype id = 0; id < common; ++id) {
            if (m_names.name(quint32(id)) != names.name(quint32(id)))
                return false;
        }
        return true;
    };
    if (!agree()) {
        if (!m_items.empty())
            return false;
        // Nothing is stored yet: take the items' names, and the keys' ids among them.
        m_names = names;
        internKeyNames();
    }
    for (qsizetype id = m_names.size(); id < names.size(); ++id)
        m_names.intern(names.name(quint32(id)));
    return true;
}

std::optional<QString> Table::validate(const Item &item, quint32 *sizeBytes) const
{
    const auto checkTableKey = [&](const KeyAttribute &key, bool isHash) -> std::optional<QString> {
        auto it = item.find(key.name);
        if (it == item.end())
            return kInvalid + QStringLiteral("Missing the key %1 in the item").arg(key.name);
        const AttributeValue &value = it->second;
        if (value.type() != key.type)
            return kInvalid
                + QStringLiteral("Type mismatch for key %1 expected: %2 actual: %3")
                      .arg(key.name, AttributeValue::typeName(key.type), value.typeName());
        if (value.type() != AttributeValue::Type::N && value.bytes().isEmpty())
            return QStringLiteral("One or more parameter values are not valid. The AttributeValue "
                                  "for a key attribute cannot contain an empty %1 value. Key: %2")
                .arg(value.type() == AttributeValue::Type::S ? u"string" : u"binary", key.name);
        if (isHash && keySize(value) > kMaxPartitionKeyBytes)
            return kInvalid
                + QStringLiteral("Size of hashkey has exceeded the maximum size limit of2048 "
                                 "bytes");
        if (!isHash && keySize(value) > kMaxSortKeyBytes)
            return kInvalid
                + QStringLiteral("Aggregated size of all range keys has exceeded the size "
                                 "limit of 1024 bytes");
        return std::nullopt;
    };
    for (const auto &k : m_definition.keys.hash) {
        if (auto error = checkTableKey(k, true))
            return error;
    }
    for (const auto &k : m_definition.keys.range) {
        if (auto error = checkTableKey(k, false))
            return error;
    }
    for (const IndexDefinition *index : m_indexesByName) {
        const auto checkIndexKey
            = [&](const KeyAttribute &k, qsizetype maxBytes) -> std::optional<QString> {
            auto it = item.find(k.name);
            if (it == item.end())
                return std::nullopt; // sparse: the item is simply not in this index
            const AttributeValue &value = it->second;
            if (value.type() != k.type)
                return kInvalid
                    + QStringLiteral("Type mismatch for Index Key %1 Expected: %2 Actual: %3 "
                                     "IndexName: %4")
                          .arg(k.name, AttributeValue::typeName(k.type), value.typeName(),
                               index->name);
            if (value.type() != AttributeValue::Type::N && value.bytes().isEmpty())
                return QStringLiteral("One or more parameter values are not valid. A value "
                                      "specified for a secondary index key is not supported. The "
                                      "AttributeValue for a key attribute cannot contain an "
                                      "empty %1 value. IndexName: %2, IndexKey: %3")
                    .arg(value.type() == AttributeValue::Type::S ? u"string" : u"binary",
                         index->name, k.name);
            if (keySize(value) > maxBytes)
                return kInvalid
                    + QStringLiteral("Size limit exceeded for Index Key %1 Actual Size: %2 "
                                     "bytes Max Size: %3 bytes IndexName: %4")
                          .arg(k.name)
                          .arg(keySize(value))
                          .arg(maxBytes)
                          .arg(index->name);
            return std::nullopt;
        };
        for (const auto &k : index->keys.hash) {
            if (auto error = checkIndexKey(k, kMaxPartitionKeyBytes))
                return error;
        }
        for (const auto &k : index->keys.range) {
            if (auto error = checkIndexKey(k, kMaxSortKeyBytes))
                return error;
        }
    }
    const qint64 size = itemSizeBytes(item);
    if (sizeBytes)
        *sizeBytes = quint32(std::min<qint64>(size, std::numeric_limits<quint32>::max()));
    return itemSizeError(size);
}

std::variant<Table::LoadResult, Table::ItemError> Table::putItems(const std::vector<Item> &items)
{
    if (auto error = appendItems(items)) {
        discardAppended();
        return *error;
    }
    return finishAppending();
}

std::variant<Table::LoadResult, Table::ItemError> Table::putItems(const ItemList &items)
{
    if (m_items.capacity() < m_items.size() + items.size())
        m_items.reserve(std::max(m_items.size() + items.size(), 2 * m_items.capacity()));
    std::string scratch;
    const NameTable *names = nullptr;
    bool shared = false; // whether items encoded against `names` are stored where they lie
    qsizetype sharedBytes = 0;
    for (std::size_t i = 0; i < items.size(); ++i) {
        const ItemList::Encoded item = items.encoded(i);
        if (item.names != names) {
            names = item.names;
            shared = shareNames(*names);
        }
        std::string_view bytes = item.bytes;
        if (!shared) {
            scratch.clear();
            itemcodec::transcode(item.bytes, *item.names, m_names, scratch);
            bytes = scratch;
        }
        if (auto error = append(bytes, item.sizeBytes, shared)) {
            discardAppended();
            return ItemError {qsizetype(i), *error};
        }
        sharedBytes += shared ? qsizetype(bytes.size()) : 0;
    }
    if (sharedBytes > 0) {
        m_sharedItems.push_back(items); // keeps the bytes the stored items point into
        m_sharedBytes += sharedBytes;
    }
    return finishAppending();
}

std::optional<Table::ItemError> Table::appendItems(const std::vector<Item> &items)
{
    if (!m_appending) {
        m_appending = true;
        m_appendBase = m_items.size();
    }
    std::vector<quint32> sizes(items.size());
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (auto error = validate(items[i], &sizes[i]))
            return ItemError {qsizetype(i), *error};
    }
    // Geometric growth: this runs once a piece of a large file, and an exact reserve each time
    // would copy the whole vector again for every piece.
    if (m_items.capacity() < m_items.size() + items.size())
        m_items.reserve(std::max(m_items.size() + items.size(), 2 * m_items.capacity()));
    std::string scratch;
    for (std::size_t i = 0; i < items.size(); ++i) {
        scratch.clear();
        itemcodec::encode(items[i], m_names, scratch);
        store(scratch.data(), qsizetype(scratch.size()), sizes[i], false);
    }
    return std::nullopt;
}

void Table::store(const char *data, qsizetype size, qint64 sizeBytes, bool inPlace)
{
    const char *stored = data;
    if (!inPlace) {
        char *copy = m_arena.allocate(size);
        std::memcpy(copy, data, size_t(size));
        stored = copy;
    }
    m_items.push_back(StoredItem {
        stored, quint32(size),
        quint32(std::min<qint64>(sizeBytes, std::numeric_limits<quint32>::max())), true});
}

bool Table::acceptsEncoded(const char *data, qsizetype size, qint64 sizeBytes) const
{
    using Type = AttributeValue::Type;
    // A number's storage size is at most 22 bytes, under every key limit.
    const auto fits = [](const itemcodec::Located &at, qsizetype maxBytes) {
        return at.type == Type::N || (at.length > 0 && at.length <= maxBytes);
    };
    // An index key may be absent (sparse: the item is not in that index); a table key may not.
    const auto keysFit = [&](const std::vector<KeyAttribute> &keys, const std::vector<quint32> &ids,
                             qsizetype maxBytes, bool sparse) {
        for (std::size_t i = 0; i < keys.size(); ++i) {
            const auto at = itemcodec::find(data, size, ids[i]);
            if (!at.found && sparse)
                continue;
            if (!at.found || at.type != keys[i].type || !fits(at, maxBytes))
                return false;
        }
        return true;
    };
    if (!keysFit(m_definition.keys.hash, m_hashNameIds, kMaxPartitionKeyBytes, false)
        || !keysFit(m_definition.keys.range, m_rangeNameIds, kMaxSortKeyBytes, false))
        return false;
    for (const IndexStore &index : m_indexStores) {
        if (!keysFit(index.m_keys.hash, index.m_hashIds, kMaxPartitionKeyBytes, true)
            || !keysFit(index.m_keys.range, index.m_rangeIds, kMaxSortKeyBytes, true))
            return false;
    }
    return sizeBytes <= kMaxItemSizeBytes;
}

std::optional<QString> Table::appendEncoded(std::string_view encoded, qint64 sizeBytes)
{
    return append(encoded, sizeBytes, false);
}

std::optional<QString> Table::append(std::string_view encoded, qint64 sizeBytes, bool inPlace)
{
    if (!m_appending) {
        m_appending = true;
        m_appendBase = m_items.size();
    }
    const qsizetype size = qsizetype(encoded.size());
    if (!acceptsEncoded(encoded.data(), size, sizeBytes)) {
        const Item item = itemcodec::decode(encoded.data(), size, m_names);
        if (auto error = validate(item))
            return error;
    }
    if (m_items.size() == m_items.capacity())
        m_items.reserve(std::max<std::size_t>(4096, 2 * m_items.capacity()));
    store(encoded.data(), size, sizeBytes, inPlace);
    return std::nullopt;
}

Table::LoadResult Table::finishAppending()
{
    const std::size_t before = m_appending ? m_appendBase : m_items.size();
    m_appending = false;
    const qsizetype liveBefore = m_liveCount;
    const qsizetype written = qsizetype(m_items.size() - before);
    m_liveCount += written;
    rebuildStores();
    LoadResult result;
    result.written = written;
    result.replaced = liveBefore + result.written - m_liveCount;
    return result;
}

void Table::discardAppended()
{
    if (m_appending)
        m_items.resize(m_appendBase);
    m_appending = false;
}

Item Table::item(ItemId id) const
{
    const StoredItem &s = m_items[id];
    return itemcodec::decode(s.data, s.size, m_names);
}

AttributeValue Table::attribute(ItemId id, const QString &name) const
{
    const qint64 nameId = m_names.find(name);
    if (nameId < 0)
        return {};
    const StoredItem &s = m_items[id];
    return itemcodec::decodeValue(itemcodec::find(s.data, s.size, quint32(nameId)), m_names);
}

Item Table::primaryKey(ItemId id) const
{
    Item key;
    for (const auto &k : m_definition.keys.all())
        key.emplace(k.name, attribute(id, k.name));
    return key;
}

const IndexStore *Table::store(const QString &indexName) const
{
    if (indexName.isEmpty())
        return &m_tableStore;
    for (const auto &s : m_indexStores) {
        if (s.m_name == indexName)
            return &s;
    }
    return nullptr;
}

qsizetype Table::memoryBytes() const
{
    qsizetype total = m_arena.bytesReserved() + m_sharedBytes
        + qsizetype(m_items.capacity() * sizeof(StoredItem));
    const auto addStore = [&](const IndexStore &s) {
        total += s.m_keyArena.bytesReserved();
        total += qsizetype(s.m_partitions.capacity() * sizeof(Partition));
        for (const auto &p : s.m_partitions)
            total += qsizetype(p.entries.capacity() * sizeof(PartitionEntry)) + p.key.capacity();
    };
    addStore(m_tableStore);
    for (const auto &s : m_indexStores)
        addStore(s);
    return total;
}

QByteArrayView Table::keyAttributeBytes(ItemId id, const QString &name) const
{
    const qint64 nameId = m_names.find(name);
    return nameId < 0 ? QByteArrayView() : keyBytes(id, quint32(nameId));
}

QByteArrayView Table::keyBytes(ItemId id, quint32 nameId, bool *found) const
{
    const StoredItem &s = m_items[id];
    const itemcodec::Located located = itemcodec::find(s.data, s.size, nameId);
    if (found)
        *found = located.found;
    return QByteArrayView(located.payload, located.length);
}

bool Table::entryFor(IndexStore &store, ItemId id, QByteArray &scratch,
                     QByteArrayView *partitionKey, PartitionEntry *entry)
{
    entry->item = id;
    bool found = false;
    if (!store.isMultiAttribute()) {
        const QByteArrayView hash = keyBytes(id, store.m_hashIds.front(), &found);
        if (!found)
            return false;
        *partitionKey = hash;
        if (!store.m_rangeIds.empty()) {
            const QByteArrayView range = keyBytes(id, store.m_rangeIds.front(), &found);
            if (!found)
                return false;
            entry->key = range.data();
            entry->keyLength = quint32(range.size());
        } else {
            entry->key = ""; // hash-only: every entry has the same, empty, sort key
            entry->keyLength = 0;
        }
        return true;
    }
    // A multi-attribute key: its attributes' bytes as one tuple; false if one is missing.
    const auto tuple = [&](const std::vector<quint32> &nameIds) {
        scratch.clear();
        for (quint32 nameId : nameIds) {
            const QByteArrayView bytes = keyBytes(id, nameId, &found);
            if (!found)
                return false;
            keyencoding::appendComponent(scratch, bytes);
        }
        return true;
    };
    if (!tuple(store.m_rangeIds))
        return false;
    char *stored = store.m_keyArena.allocate(std::max<qsizetype>(scratch.size(), 1));
    std::memcpy(stored, scratch.constData(), size_t(scratch.size()));
    entry->key = stored;
    entry->keyLength = quint32(scratch.size());
    if (!tuple(store.m_hashIds))
        return false;
    *partitionKey = scratch;
    return true;
}

int Table::compareTablePrimaryKey(ItemId a, ItemId b) const
{
    const QByteArrayView pa = keyBytes(a, m_hashNameIds.front());
    const QByteArrayView pb = keyBytes(b, m_hashNameIds.front());
    if (int c = keyencoding::compareBytes(pa, pb))
        return c;
    if (m_rangeNameIds.empty())
        return 0;
    return keyencoding::compareBytes(keyBytes(a, m_rangeNameIds.front()),
                                     keyBytes(b, m_rangeNameIds.front()));
}

void Table::sortStore(IndexStore &store)
{
    for (Partition &p : store.m_partitions) {
        auto &entries = p.entries;
        if (store.isTable()) {
            // Equal primary keys end up adjacent, oldest write first.
            std::sort(entries.begin(), entries.end(),
                      [](const PartitionEntry &a, const PartitionEntry &b) {
                          const int c = compareSortKeys(a, b);
                          return c != 0 ? c < 0 : a.item < b.item;
                      });
        } else {
            std::sort(entries.begin(), entries.end(),
                      [this](const PartitionEntry &a, const PartitionEntry &b) {
                          const int c = compareSortKeys(a, b);
                          return c != 0 ? c < 0 : compareTablePrimaryKey(a.item, b.item) < 0;
                      });
        }
    }
}

void Table::rebuildStores()
{
    const auto fill = [this](IndexStore &store) {
        store.m_partitions.clear();
        store.m_partitionIndex.clear();
        store.m_keyArena = Arena();
        QByteArray scratch;
        QByteArray lastKey;
        quint32 lastPartition = 0;
        bool haveLast = false;
        for (ItemId id = 0; id < ItemId(m_items.size()); ++id) {
            if (!m_items[id].live)
                continue;
            PartitionEntry entry;
            QByteArrayView partitionKey;
            if (!entryFor(store, id, scratch, &partitionKey, &entry))
                continue;
            // Items of one partition usually arrive together: skip the hash lookup then.
            if (!haveLast || partitionKey != QByteArrayView(lastKey)) {
                lastKey = partitionKey.toByteArray();
                auto it = store.m_partitionIndex.constFind(lastKey);
                if (it == store.m_partitionIndex.constEnd()) {
                    lastPartition = quint32(store.m_partitions.size());
                    store.m_partitions.push_back(Partition {lastKey, {}});
                    store.m_partitionIndex.insert(lastKey, lastPartition);
                } else {
                    lastPartition = it.value();
                }
                haveLast = true;
            }
            store.m_partitions[lastPartition].entries.push_back(entry);
        }
        // What the entries grew into ahead is given back: a third of a large table's entries.
        for (Partition &p : store.m_partitions)
            p.entries.shrink_to_fit();
        sortStore(store);
    };

    fill(m_tableStore);
    // A later write of the same primary key replaces the earlier one.
    for (Partition &p : m_tableStore.m_partitions) {
        auto &entries = p.entries;
        std::size_t out = 0;
        for (std::size_t i = 0; i < entries.size(); ++i) {
            const bool sameAsNext = i + 1 < entries.size()
                && entries[i].keyLength == entries[i + 1].keyLength
                && std::memcmp(entries[i].key, entries[i + 1].key, entries[i].keyLength) == 0;
            if (sameAsNext) {
                m_items[entries[i].item].live = false;
                --m_liveCount;
                continue;
            }
            entries[out++] = entries[i];
        }
        entries.resize(out);
    }
    for (IndexStore &store : m_indexStores) {
        fill(store);
        if (store.carriesWholeItems())
            continue;
        // Items never change once written (a rewrite is a new item), so only new items need
        // their projected size computed.
        for (ItemId id = ItemId(store.m_projectedSizes.size()); id < ItemId(m_items.size()); ++id) {
            qint64 size = 0;
            if (m_items[id].live) {
                Item projected = item(id);
                std::erase_if(projected, [&](const auto &attribute) {
                    return !store.m_projectedAttributes.contains(attribute.first);
                });
                size = itemSizeBytes(projected);
            }
            store.m_projectedSizes.push_back(quint32(size));
        }
    }
}

} // namespace keyscope::model
