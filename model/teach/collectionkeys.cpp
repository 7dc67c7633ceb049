#include "model/teach/collectionkeys.h"

namespace keyscope::model {

QString quotedKeyValue(const AttributeValue &value)
{
    if (value.type() == AttributeValue::Type::S)
        return QLatin1Char('\'') + value.asString() + QLatin1Char('\'');
    return keyValueText(value);
}

CollectionKeys::CollectionKeys(const Table &table, const QueryTrace &trace)
    : m_table(table)
    , m_store(table.store(trace.indexName))
{
    if (m_store && trace.partitionFound)
        m_partition = m_store->findPartition(trace.partitionKey);
}

std::optional<quint32> CollectionKeys::rowOf(ItemId item) const
{
    for (quint32 row = 0; row < rowCount(); ++row) {
        if (m_partition->entries[row].item == item)
            return row;
    }
    return std::nullopt;
}

QString CollectionKeys::text(quint32 row) const
{
    if (!hasRow(row))
        return QStringLiteral("row %1").arg(row + 1);
    return rowKeyText(m_table, *m_store, item(row));
}

QString CollectionKeys::quoted(quint32 row) const
{
    if (const auto v = value(row))
        return quotedKeyValue(*v);
    return QLatin1Char('\'') + text(row) + QLatin1Char('\'');
}

std::optional<AttributeValue> CollectionKeys::value(quint32 row) const
{
    if (!hasRow(row) || m_store->keys().range.size() != 1)
        return std::nullopt;
    AttributeValue v = m_table.attribute(item(row), m_store->keys().range.front().name);
    if (!v.isKeyType())
        return std::nullopt;
    return v;
}

std::optional<AttributeValue> CollectionKeys::valueIn(const Item &item) const
{
    if (!m_store || m_store->keys().range.size() != 1)
        return std::nullopt;
    const auto it = item.find(m_store->keys().range.front().name);
    if (it == item.end() || !it->second.isKeyType())
        return std::nullopt;
    return it->second;
}

} // namespace keyscope::model
