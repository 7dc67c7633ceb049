#include "model/table/itemcodec.h"

#include <algorithm>
#include <cstring>

namespace keyscope::model {

quint32 NameTable::intern(const QString &name)
{
    auto it = m_ids.constFind(name);
    if (it != m_ids.constEnd())
        return it.value();
    const quint32 id = quint32(m_names.size());
    m_names.push_back(name);
    m_ids.insert(name, id);
    return id;
}

quint32 NameTable::intern(const QString &name, quint32 slot)
{
    auto &recent = m_recent[slot % kRecentSlots];
    if (recent.first == name)
        return recent.second;
    const quint32 id = intern(name);
    recent = {name, id};
    return id;
}

quint32 NameTable::intern(std::string_view utf8, quint32 slot)
{
    auto &recent = m_recentUtf8[slot % kRecentSlots];
    if (!recent.first.empty() && recent.first == utf8)
        return recent.second;
    const quint32 id = intern(QString::fromUtf8(utf8.data(), qsizetype(utf8.size())));
    recent = {std::string(utf8), id};
    return id;
}

qint64 NameTable::find(const QString &name) const
{
    auto it = m_ids.constFind(name);
    return it == m_ids.constEnd() ? -1 : qint64(it.value());
}

char *Arena::allocate(qsizetype size)
{
    if (size > m_left) {
        const qsizetype chunk = std::max(size, kChunkSize);
        m_chunks.push_back(std::make_unique_for_overwrite<char[]>(size_t(chunk)));
        m_next = m_chunks.back().get();
        m_left = chunk;
        m_reserved += chunk;
    }
    char *result = m_next;
    m_next += size;
    m_left -= size;
    return result;
}

namespace itemcodec {

namespace {

using Type = AttributeValue::Type;

void putVarint(std::string &out, quint64 value)
{
    while (value >= 0x80) {
        out.push_back(char(quint8(value) | 0x80));
        value >>= 7;
    }
    out.push_back(char(value));
}

quint64 getVarint(const char *&p)
{
    quint64 value = 0;
    int shift = 0;
    while (true) {
        const quint8 byte = quint8(*p++);
        value |= quint64(byte & 0x7f) << shift;
        if (!(byte & 0x80))
            return value;
        shift += 7;
    }
}

void encodeValue(const AttributeValue &value, NameTable &names, std::string &out);

void putBytes(std::string &out, const QByteArray &bytes)
{
    putVarint(out, quint64(bytes.size()));
    out.append(bytes.constData(), size_t(bytes.size()));
}

// Containers carry their byte length up front so find() can skip them without decoding.
template<typename Body>
void putContainer(std::string &out, Body body)
{
    std::string content;
    body(content);
    putVarint(out, quint64(content.size()));
    out.append(content);
}

void encodeValue(const AttributeValue &value, NameTable &names, std::string &out)
{
    out.push_back(char(value.type()));
    switch (value.type()) {
    case Type::Null:
        break;
    case Type::Bool:
        out.push_back(char(value.asBool() ? 1 : 0));
        break;
    case Type::S:
    case Type::B:
        putBytes(out, value.bytes());
        break;
    case Type::N:
        putBytes(out, value.asNumber().sortableBytes());
        break;
    case Type::L:
    case Type::SS:
    case Type::NS:
    case Type::BS:
        putContainer(out, [&](std::string &content) {
            putVarint(content, quint64(value.elements().size()));
            for (const auto &e : value.elements())
                encodeValue(e, names, content);
        });
        break;
    case Type::M:
        putContainer(out, [&](std::string &content) {
            putVarint(content, quint64(value.members().size()));
            for (const auto &[name, member] : value.members()) {
                putVarint(content, names.intern(name));
                encodeValue(member, names, content);
            }
        });
        break;
    }
}

AttributeValue decodeValue(const char *&p, const NameTable &names)
{
    const Type type = Type(quint8(*p++));
    switch (type) {
    case Type::Null:
        return AttributeValue::null();
    case Type::Bool:
        return AttributeValue::boolean(*p++ != 0);
    case Type::S:
    case Type::B:
    case Type::N: {
        const qsizetype length = qsizetype(getVarint(p));
        const char *bytes = p;
        p += length;
        if (type == Type::S)
            return AttributeValue::stringUtf8(QByteArray(bytes, length));
        if (type == Type::B)
            return AttributeValue::binary(QByteArray(bytes, length));
        return AttributeValue::number(
            Number::fromSortableBytes(QByteArrayView(bytes, length)).value_or(Number()));
    }
    case Type::L:
    case Type::SS:
    case Type::NS:
    case Type::BS: {
        getVarint(p); // byte length
        const quint64 count = getVarint(p);
        AttributeValue::List elements;
        elements.reserve(count);
        for (quint64 i = 0; i < count; ++i)
            elements.push_back(decodeValue(p, names));
        if (type == Type::L)
            return AttributeValue::list(std::move(elements));
        if (type == Type::SS)
            return AttributeValue::stringSet(std::move(elements));
        if (type == Type::NS)
            return AttributeValue::numberSet(std::move(elements));
        return AttributeValue::binarySet(std::move(elements));
    }
    case Type::M: {
        getVarint(p);
        const quint64 count = getVarint(p);
        Item members;
        for (quint64 i = 0; i < count; ++i) {
            const quint32 nameId = quint32(getVarint(p));
            members.emplace_hint(members.end(), names.name(nameId), decodeValue(p, names));
        }
        return AttributeValue::map(std::move(members));
    }
    }
    return {};
}

void skipValue(const char *&p)
{
    const Type type = Type(quint8(*p++));
    switch (type) {
    case Type::Null:
        return;
    case Type::Bool:
        ++p;
        return;
    default: {
        const qsizetype length = qsizetype(getVarint(p));
        p += length;
    }
    }
}

} // namespace

void encode(const Item &item, NameTable &names, std::string &out)
{
    putVarint(out, quint64(item.size()));
    quint32 position = 0;
    for (const auto &[name, value] : item) {
        putVarint(out, names.intern(name, position++));
        encodeValue(value, names, out);
    }
}

void ScalarItemEncoder::clear()
{
    m_attributes.clear();
    m_values.clear();
    m_sizeBytes = 0;
}

void ScalarItemEncoder::add(std::string_view name, quint32 slot, Type type,
                            std::string_view payload, qint64 valueSize)
{
    const quint32 offset = quint32(m_values.size());
    m_values.push_back(char(type));
    if (type == Type::S || type == Type::N)
        putVarint(m_values, payload.size());
    m_values.append(payload);
    m_attributes.push_back({m_names.intern(name, slot), offset, quint32(m_values.size()) - offset});
    m_sizeBytes += qint64(name.size()) + valueSize;
}

void ScalarItemEncoder::string(std::string_view name, quint32 slot, std::string_view utf8)
{
    add(name, slot, Type::S, utf8, qint64(utf8.size()));
}

void ScalarItemEncoder::number(std::string_view name, quint32 slot, const Number &number)
{
    const QByteArray bytes = number.sortableBytes();
    add(name, slot, Type::N, std::string_view(bytes.constData(), size_t(bytes.size())),
        number.storageSize());
}

void ScalarItemEncoder::boolean(std::string_view name, quint32 slot, bool value)
{
    const char byte = value ? 1 : 0;
    add(name, slot, Type::Bool, std::string_view(&byte, 1), 1);
}

void ScalarItemEncoder::null(std::string_view name, quint32 slot)
{
    add(name, slot, Type::Null, {}, 1);
}

bool ScalarItemEncoder::finish(std::string &out)
{
    // Name order (QString order), as encode() writes an Item: decode() appends in that order.
    const auto before = [&](const Attribute &a, const Attribute &b) {
        return a.nameId != b.nameId && m_names.name(a.nameId) < m_names.name(b.nameId);
    };
    if (!std::is_sorted(m_attributes.begin(), m_attributes.end(), before))
        std::sort(m_attributes.begin(), m_attributes.end(), before);
    for (std::size_t i = 1; i < m_attributes.size(); ++i) {
        if (m_attributes[i].nameId == m_attributes[i - 1].nameId)
            return false;
    }
    out.clear();
    putVarint(out, m_attributes.size());
    for (const Attribute &a : m_attributes) {
        putVarint(out, a.nameId);
        out.append(m_values, a.offset, a.length);
    }
    return true;
}

Item decode(const char *data, qsizetype size, const NameTable &names)
{
    Q_UNUSED(size);
    const char *p = data;
    Item item;
    const quint64 count = getVarint(p);
    for (quint64 i = 0; i < count; ++i) {
        const quint32 nameId = quint32(getVarint(p));
        // Encoded in name order, so each insert lands at the end.
        item.emplace_hint(item.end(), names.name(nameId), decodeValue(p, names));
    }
    return item;
}

void transcode(std::string_view encoded, const NameTable &from, NameTable &to, std::string &out)
{
    const char *p = encoded.data();
    const quint64 count = getVarint(p);
    putVarint(out, count);
    for (quint64 i = 0; i < count; ++i) {
        const quint32 nameId = quint32(getVarint(p));
        putVarint(out, to.intern(from.name(nameId), quint32(i)));
        const Type type = Type(quint8(*p));
        if (type == Type::L || type == Type::M || type == Type::SS || type == Type::NS
            || type == Type::BS) {
            // Names inside maps change their ids, and so the containers' byte lengths.
            encodeValue(decodeValue(p, from), to, out);
            continue;
        }
        const char *value = p;
        skipValue(p);
        out.append(value, size_t(p - value));
    }
}

Located find(const char *data, qsizetype size, quint32 nameId)
{
    Q_UNUSED(size);
    const char *p = data;
    const quint64 count = getVarint(p);
    for (quint64 i = 0; i < count; ++i) {
        const quint32 id = quint32(getVarint(p));
        if (id != nameId) {
            skipValue(p);
            continue;
        }
        Located located;
        located.found = true;
        located.type = Type(quint8(*p));
        if (located.type == Type::S || located.type == Type::N || located.type == Type::B) {
            const char *q = p + 1;
            located.length = qsizetype(getVarint(q));
            located.payload = q;
        } else {
            located.payload = p;
        }
        return located;
    }
    return {};
}

AttributeValue decodeValue(const Located &located, const NameTable &names)
{
    if (!located.found)
        return {};
    switch (located.type) {
    case Type::S:
        return AttributeValue::stringUtf8(QByteArray(located.payload, located.length));
    case Type::B:
        return AttributeValue::binary(QByteArray(located.payload, located.length));
    case Type::N:
        return AttributeValue::number(
            Number::fromSortableBytes(QByteArrayView(located.payload, located.length))
                .value_or(Number()));
    default: {
        const char *p = located.payload;
        return decodeValue(p, names);
    }
    }
}

} // namespace itemcodec

} // namespace keyscope::model
