#pragma once

#include "model/query/tracetimeline.h"
#include "model/table/table.h"

#include <QString>

#include <optional>

namespace keyscope::model {

// The keys of the collection a Query read, by row (0-based position in the partition), for the
// lesson's prompts and explanations.
class CollectionKeys
{
public:
    CollectionKeys(const Table &table, const QueryTrace &trace);

    quint32 rowCount() const { return m_partition ? quint32(m_partition->entries.size()) : 0; }
    bool hasRow(quint32 row) const { return row < rowCount(); }
    ItemId item(quint32 row) const { return m_partition->entries[row].item; }
    std::optional<quint32> rowOf(ItemId item) const;
    // The row's key as text ("DEVICE#d-0001"), quoted for sentences ("'DEVICE#d-0001'").
    QString text(quint32 row) const;
    QString quoted(quint32 row) const;
    // The row's sort key as one value, when the store has a single sort key attribute.
    std::optional<AttributeValue> value(quint32 row) const;
    // A single-attribute sort key value of an item (the ExclusiveStartKey), if it has one.
    std::optional<AttributeValue> valueIn(const Item &item) const;

    const Table &table() const { return m_table; }

private:
    const Table &m_table;
    const IndexStore *m_store = nullptr;
    const Partition *m_partition = nullptr;
};

// S values quoted as in the narration ('USER#'), others as keyValueText.
QString quotedKeyValue(const AttributeValue &value);

} // namespace keyscope::model
