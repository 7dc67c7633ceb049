#include "model/value/attributevalue.h"

#include <algorithm>
#include <cstring>

namespace keyscope::model {

namespace {

const QByteArray &emptyBytes()
{
    static const QByteArray empty;
    return empty;
}

const Number &zeroNumber()
{
    static const Number zero;
    return zero;
}

const AttributeValue::List &emptyList()
{
    static const AttributeValue::List empty;
    return empty;
}

const AttributeValue::Map &emptyMap()
{
    static const AttributeValue::Map empty;
    return empty;
}

int compareBytes(const QByteArray &a, const QByteArray &b)
{
    const qsizetype n = std::min(a.size(), b.size());
    const int c = n ? std::memcmp(a.constData(), b.constData(), size_t(n)) : 0;
    if (c != 0)
        return c < 0 ? -1 : 1;
    if (a.size() == b.size())
        return 0;
    return a.size() < b.size() ? -1 : 1;
}

// Sets compare as sets: same size and every element of one found in the other.
bool sameSet(const AttributeValue::List &a, const AttributeValue::List &b)
{
    if (a.size() != b.size())
        return false;
    for (const auto &x : a) {
        if (std::find(b.begin(), b.end(), x) == b.end())
            return false;
    }
    return true;
}

// UTF-8 length without converting: item sizes are computed for every item loaded.
qint64 utf8Length(const QString &text)
{
    qint64 bytes = 0;
    const QChar *p = text.constData();
    const QChar *end = p + text.size();
    for (; p < end; ++p) {
        const char16_t c = p->unicode();
        if (c < 0x80)
            bytes += 1;
        else if (c < 0x800)
            bytes += 2;
        else if (QChar::isHighSurrogate(c) && p + 1 < end && p[1].isLowSurrogate()) {
            bytes += 4;
            ++p;
        } else
            bytes += 3; // BMP, or a lone surrogate (encoded as U+FFFD, 3 bytes)
    }
    return bytes;
}

} // namespace

AttributeValue AttributeValue::boolean(bool value)
{
    AttributeValue v;
    v.m_type = Type::Bool;
    v.m_data = value;
    return v;
}

AttributeValue AttributeValue::string(const QString &value)
{
    return stringUtf8(value.toUtf8());
}

AttributeValue AttributeValue::stringUtf8(QByteArray utf8)
{
    AttributeValue v;
    v.m_type = Type::S;
    v.m_data = std::move(utf8);
    return v;
}

AttributeValue AttributeValue::number(const Number &value)
{
    AttributeValue v;
    v.m_type = Type::N;
    v.m_data = value;
    return v;
}

AttributeValue AttributeValue::binary(QByteArray bytes)
{
    AttributeValue v;
    v.m_type = Type::B;
    v.m_data = std::move(bytes);
    return v;
}

AttributeValue AttributeValue::list(List elements)
{
    AttributeValue v;
    v.m_type = Type::L;
    v.m_data = std::make_shared<const List>(std::move(elements));
    return v;
}

AttributeValue AttributeValue::map(Map members)
{
    AttributeValue v;
    v.m_type = Type::M;
    v.m_data = std::make_shared<const Map>(std::move(members));
    return v;
}

AttributeValue AttributeValue::stringSet(List elements)
{
    AttributeValue v = list(std::move(elements));
    v.m_type = Type::SS;
    return v;
}

AttributeValue AttributeValue::numberSet(List elements)
{
    AttributeValue v = list(std::move(elements));
    v.m_type = Type::NS;
    return v;
}

AttributeValue AttributeValue::binarySet(List elements)
{
    AttributeValue v = list(std::move(elements));
    v.m_type = Type::BS;
    return v;
}

bool AttributeValue::asBool() const
{
    const bool *b = std::get_if<bool>(&m_data);
    return b && *b;
}

const QByteArray &AttributeValue::bytes() const
{
    const QByteArray *b = std::get_if<QByteArray>(&m_data);
    return b ? *b : emptyBytes();
}

QString AttributeValue::asString() const
{
    return QString::fromUtf8(bytes());
}

const Number &AttributeValue::asNumber() const
{
    const Number *n = std::get_if<Number>(&m_data);
    return n ? *n : zeroNumber();
}

const AttributeValue::List &AttributeValue::elements() const
{
    const auto *l = std::get_if<std::shared_ptr<const List>>(&m_data);
    return l && *l ? **l : emptyList();
}

const AttributeValue::Map &AttributeValue::members() const
{
    const auto *m = std::get_if<std::shared_ptr<const Map>>(&m_data);
    return m && *m ? **m : emptyMap();
}

QByteArray AttributeValue::sortableBytes() const
{
    if (m_type == Type::N)
        return asNumber().sortableBytes();
    return bytes();
}

int AttributeValue::compareKeys(const AttributeValue &a, const AttributeValue &b)
{
    if (a.m_type == Type::N && b.m_type == Type::N)
        return a.asNumber().compare(b.asNumber());
    return compareBytes(a.bytes(), b.bytes());
}

bool AttributeValue::operator==(const AttributeValue &other) const
{
    if (m_type != other.m_type)
        return false;
    switch (m_type) {
    case Type::Null:
        return true;
    case Type::Bool:
        return asBool() == other.asBool();
    case Type::S:
    case Type::B:
        return bytes() == other.bytes();
    case Type::N:
        return asNumber() == other.asNumber();
    case Type::L:
        return elements() == other.elements();
    case Type::M:
        return members() == other.members();
    case Type::SS:
    case Type::NS:
    case Type::BS:
        return sameSet(elements(), other.elements());
    }
    return false;
}

qint64 AttributeValue::sizeBytes() const
{
    switch (m_type) {
    case Type::Null:
    case Type::Bool:
        return 1;
    case Type::S:
    case Type::B:
        return bytes().size();
    case Type::N:
        return asNumber().storageSize();
    case Type::SS:
    case Type::NS:
    case Type::BS: {
        qint64 total = 0;
        for (const auto &e : elements())
            total += e.sizeBytes();
        return total;
    }
    case Type::L: {
        // 3 bytes of overhead, plus 1 per element and the elements themselves.
        qint64 total = 3;
        for (const auto &e : elements())
            total += 1 + e.sizeBytes();
        return total;
    }
    case Type::M: {
        qint64 total = 3;
        for (const auto &[name, value] : members())
            total += 1 + utf8Length(name) + value.sizeBytes();
        return total;
    }
    }
    return 0;
}

QString AttributeValue::typeName(Type type)
{
    switch (type) {
    case Type::Null:
        return QStringLiteral("NULL");
    case Type::Bool:
        return QStringLiteral("BOOL");
    case Type::S:
        return QStringLiteral("S");
    case Type::N:
        return QStringLiteral("N");
    case Type::B:
        return QStringLiteral("B");
    case Type::L:
        return QStringLiteral("L");
    case Type::M:
        return QStringLiteral("M");
    case Type::SS:
        return QStringLiteral("SS");
    case Type::NS:
        return QStringLiteral("NS");
    case Type::BS:
        return QStringLiteral("BS");
    }
    return {};
}

std::optional<AttributeValue::Type> AttributeValue::typeFromName(QStringView name)
{
    static const Type all[] = {Type::Null, Type::Bool, Type::S,  Type::N,  Type::B,
                               Type::L,    Type::M,    Type::SS, Type::NS, Type::BS};
    for (Type t : all) {
        if (name == typeName(t))
            return t;
    }
    return std::nullopt;
}

QString AttributeValue::debugString() const
{
    const QString name = typeName();
    switch (m_type) {
    case Type::Null:
        return QStringLiteral("{NULL:true}");
    case Type::Bool:
        return QStringLiteral("{BOOL:%1}").arg(asBool() ? u"true" : u"false");
    case Type::S:
        return QStringLiteral("{S:%1}").arg(asString());
    case Type::N:
        return QStringLiteral("{N:%1}").arg(asNumber().toString());
    case Type::B:
        return QStringLiteral("{B:%1}").arg(QString::fromLatin1(bytes().toBase64()));
    default: {
        QStringList parts;
        if (m_type == Type::M) {
            for (const auto &[k, v] : members())
                parts << k + QLatin1Char('=') + v.debugString();
        } else {
            for (const auto &e : elements())
                parts << e.debugString();
        }
        return QStringLiteral("{%1:[%2]}").arg(name, parts.join(QLatin1Char(',')));
    }
    }
}

QString AttributeValue::displayText() const
{
    switch (m_type) {
    case Type::S:
        return asString();
    case Type::N:
        return asNumber().toString();
    case Type::B:
        return QString::fromLatin1(bytes().toBase64());
    case Type::Bool:
        return asBool() ? QStringLiteral("true") : QStringLiteral("false");
    case Type::Null:
        return QStringLiteral("null");
    default:
        return debugString();
    }
}

std::optional<QString> itemSizeError(qint64 sizeBytes)
{
    if (sizeBytes <= kMaxItemSizeBytes)
        return std::nullopt;
    return QStringLiteral("Item size has exceeded the maximum allowed size");
}

qint64 itemSizeBytes(const Item &item)
{
    qint64 total = 0;
    for (const auto &[name, value] : item)
        total += utf8Length(name) + value.sizeBytes();
    return total;
}

} // namespace keyscope::model
