#pragma once

#include <QJsonValue>
#include <QString>

#include <memory>
#include <utility>
#include <variant>
#include <vector>

namespace keyscope::model {

// A JSON value whose object members keep the order they were inserted in. QJsonObject sorts
// its keys, but the AWS CLI prints responses in the API's member order (Items, Count,
// ScannedCount, ...), and users diff our output against theirs.
class OrderedJson
{
public:
    enum class Kind { Null, Bool, Integer, Float, String, Array, Object };
    using Member = std::pair<QString, OrderedJson>;

    OrderedJson() = default; // null
    static OrderedJson boolean(bool value);
    static OrderedJson integer(qint64 value);
    // Written like Python's float repr: 0.5, 1.0, 2.5 (never "1").
    static OrderedJson floating(double value);
    static OrderedJson string(const QString &value);
    static OrderedJson array();
    static OrderedJson object();
    // Object members come out in QJsonObject's (alphabetical) order; integral doubles that
    // JSON held as plain integers stay integers.
    static OrderedJson fromQJson(const QJsonValue &value);

    Kind kind() const { return m_kind; }
    bool isNull() const { return m_kind == Kind::Null; }
    bool toBool() const { return m_bool; }
    qint64 toInteger() const { return m_integer; }
    double toDouble() const { return m_kind == Kind::Integer ? double(m_integer) : m_double; }
    const QString &toString() const { return m_string; }

    // Arrays.
    OrderedJson &append(OrderedJson value);
    const std::vector<OrderedJson> &elements() const { return m_elements; }

    // Objects: insert appends a new member or replaces an existing one in place.
    OrderedJson &insert(const QString &key, OrderedJson value);
    const std::vector<Member> &members() const { return m_members; }
    const OrderedJson *value(const QString &key) const;
    bool contains(const QString &key) const { return value(key) != nullptr; }

    qsizetype size() const;

private:
    explicit OrderedJson(Kind kind)
        : m_kind(kind)
    { }

    Kind m_kind = Kind::Null;
    bool m_bool = false;
    qint64 m_integer = 0;
    double m_double = 0;
    QString m_string;
    std::vector<OrderedJson> m_elements;
    std::vector<Member> m_members;
};

} // namespace keyscope::model
