#pragma once

#include "model/value/number.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <map>
#include <memory>
#include <optional>
#include <variant>
#include <vector>

namespace keyscope::model {

class AttributeValue;
// An item: attribute name -> value, ordered by name so output is deterministic.
using Item = std::map<QString, AttributeValue>;

// One DynamoDB attribute value of any type. Cheap to copy: lists and maps are shared.
class AttributeValue
{
public:
    enum class Type : quint8 { Null, Bool, S, N, B, L, M, SS, NS, BS };
    using List = std::vector<AttributeValue>;
    using Map = Item;

    AttributeValue() = default; // NULL
    static AttributeValue null() { return {}; }
    static AttributeValue boolean(bool value);
    static AttributeValue string(const QString &value);
    static AttributeValue stringUtf8(QByteArray utf8);
    static AttributeValue number(const Number &value);
    static AttributeValue binary(QByteArray bytes);
    static AttributeValue list(List elements);
    static AttributeValue map(Map members);
    // Sets keep their elements as given; equality ignores order. Callers validate non-empty
    // and no duplicates (dynamojson does).
    static AttributeValue stringSet(List elements);
    static AttributeValue numberSet(List elements);
    static AttributeValue binarySet(List elements);

    Type type() const { return m_type; }
    bool isNull() const { return m_type == Type::Null; }
    // S, N or B: the only types allowed in a key.
    bool isKeyType() const { return m_type == Type::S || m_type == Type::N || m_type == Type::B; }
    bool isSet() const { return m_type == Type::SS || m_type == Type::NS || m_type == Type::BS; }

    bool asBool() const;             // BOOL
    const QByteArray &bytes() const; // S: UTF-8 bytes, B: raw bytes; empty otherwise
    QString asString() const;        // S decoded from UTF-8
    const Number &asNumber() const;  // N
    const List &elements() const;    // L, SS, NS, BS; empty otherwise
    const Map &members() const;      // M; empty otherwise

    // The bytes that order key values: S raw UTF-8, B raw bytes, N Number::sortableBytes().
    // Only meaningful for key types; memcmp order of two values of one type is DynamoDB's order.
    QByteArray sortableBytes() const;

    // DynamoDB's key order for two values of the same key type (S, N or B).
    static int compareKeys(const AttributeValue &a, const AttributeValue &b);

    // Equality as DynamoDB's "=" sees it: same type and value; N by value; sets ignore order.
    bool operator==(const AttributeValue &other) const;
    bool operator!=(const AttributeValue &other) const { return !(*this == other); }

    // Bytes the value (not its name) counts toward item size.
    qint64 sizeBytes() const;

    // The type's DynamoDB name: "S", "N", "B", "BOOL", "NULL", "L", "M", "SS", "NS", "BS".
    static QString typeName(Type type);
    static std::optional<Type> typeFromName(QStringView name);
    QString typeName() const { return typeName(m_type); }

    // Short human-readable form used in error messages and traces: {S:abc}, {N:42}, {B:AAE=}.
    QString debugString() const;

    // The value as a person reads it in a cell or a sentence: S as is, N canonical, B as base64,
    // BOOL true/false, NULL null; lists, maps and sets in their debugString() form.
    QString displayText() const;

private:
    Type m_type = Type::Null;
    std::variant<std::monostate, bool, QByteArray, Number, std::shared_ptr<const List>,
                 std::shared_ptr<const Map>>
        m_data;
};

// Item size as DynamoDB counts it: per attribute, UTF-8 bytes of the name plus the value.
qint64 itemSizeBytes(const Item &item);

// Maximum item size: 400 KB.
inline constexpr qint64 kMaxItemSizeBytes = 409600;

// DynamoDB's item-size rule, one for every source of items (a table, an items file, CSV, a
// scan, a project's hand-written items, Workbench table data, a population): an item of more
// than kMaxItemSizeBytes is refused with DynamoDB's message, "Item size has exceeded the
// maximum allowed size". nullopt when an item of `sizeBytes` fits.
std::optional<QString> itemSizeError(qint64 sizeBytes);

} // namespace keyscope::model
