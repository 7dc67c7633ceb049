#pragma once

#include "model/value/attributevalue.h"

#include <QByteArray>
#include <QHash>
#include <QString>

#include <array>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace keyscope::model {

// Attribute names interned to small ids so stored items do not repeat them.
class NameTable
{
public:
    quint32 intern(const QString &name);
    // Same, trying first the name last interned under `slot` (an attribute's position in its
    // item): items of one kind repeat their names in the same order, so most lookups skip
    // hashing.
    quint32 intern(const QString &name, quint32 slot);
    // Same, for a name read as UTF-8 from a file (no QString made when the slot matches).
    quint32 intern(std::string_view utf8, quint32 slot);
    // Id of a known name, or -1.
    qint64 find(const QString &name) const;
    const QString &name(quint32 id) const { return m_names[id]; }
    qsizetype size() const { return qsizetype(m_names.size()); }

private:
    QHash<QString, quint32> m_ids;
    std::vector<QString> m_names;
    static constexpr quint32 kRecentSlots = 16;
    std::array<std::pair<QString, quint32>, kRecentSlots> m_recent;
    std::array<std::pair<std::string, quint32>, kRecentSlots> m_recentUtf8;
};

// Append-only storage for encoded items: large chunks, so a million small items cost a few
// allocations instead of a million.
class Arena
{
public:
    char *allocate(qsizetype size);
    qsizetype bytesReserved() const { return m_reserved; }

private:
    static constexpr qsizetype kChunkSize = 4 << 20;
    std::vector<std::unique_ptr<char[]>> m_chunks;
    char *m_next = nullptr;
    qsizetype m_left = 0;
    qsizetype m_reserved = 0;
};

// A compact binary form of an item. Scalars are stored as their key bytes (S UTF-8, B raw,
// N Number::sortableBytes()), so a key's bytes can be compared where they lie.
//   item      := varint count, { varint nameId, value }*
//   value     := u8 type, payload
//   S, N, B   := varint length, bytes
//   BOOL      := u8 (0 or 1);  NULL := nothing
//   L, sets   := varint byteLength, varint count, value*
//   M         := varint byteLength, varint count, { varint nameId, value }*
namespace itemcodec {

void encode(const Item &item, NameTable &names, std::string &out);
// An item of scalar attributes (S, N, BOOL, NULL; B goes through an Item) given one by one, encoded
// without an Item in between (a reader of a large file). Attributes are stored in name order, as
// encode() stores them.
class ScalarItemEncoder
{
public:
    explicit ScalarItemEncoder(NameTable &names)
        : m_names(names)
    { }
    void clear();
    // `slot` is the attribute's position in its item (see NameTable::intern).
    void string(std::string_view name, quint32 slot, std::string_view utf8);
    void number(std::string_view name, quint32 slot, const Number &number);
    void boolean(std::string_view name, quint32 slot, bool value);
    void null(std::string_view name, quint32 slot);
    // The encoded item; false if a name was given twice.
    bool finish(std::string &out);
    // The item's DynamoDB size, as itemSizeBytes() counts it.
    qint64 sizeBytes() const { return m_sizeBytes; }

private:
    void add(std::string_view name, quint32 slot, AttributeValue::Type type,
             std::string_view payload, qint64 valueSize);
    struct Attribute
    {
        quint32 nameId;
        quint32 offset; // of the encoded value in m_values
        quint32 length;
    };
    NameTable &m_names;
    std::vector<Attribute> m_attributes;
    std::string m_values;
    qint64 m_sizeBytes = 0;
};
Item decode(const char *data, qsizetype size, const NameTable &names);
// Appends an item encoded against `from` to out, encoded against `to` (the same item).
void transcode(std::string_view encoded, const NameTable &from, NameTable &to, std::string &out);

// Where one top-level attribute's value lies in an encoded item.
struct Located
{
    AttributeValue::Type type = AttributeValue::Type::Null;
    const char *payload = nullptr; // S, N, B: the bytes; other types: the encoded value
    qsizetype length = 0;          // S, N, B: byte length
    bool found = false;
};
Located find(const char *data, qsizetype size, quint32 nameId);
// Decodes one value found by find().
AttributeValue decodeValue(const Located &located, const NameTable &names);

} // namespace itemcodec

} // namespace keyscope::model
