#include "model/io/orderedjson.h"

#include <QJsonArray>
#include <QJsonObject>

#include <cmath>

namespace keyscope::model {

OrderedJson OrderedJson::boolean(bool value)
{
    OrderedJson json(Kind::Bool);
    json.m_bool = value;
    return json;
}

OrderedJson OrderedJson::integer(qint64 value)
{
    OrderedJson json(Kind::Integer);
    json.m_integer = value;
    return json;
}

OrderedJson OrderedJson::floating(double value)
{
    OrderedJson json(Kind::Float);
    json.m_double = value;
    return json;
}

OrderedJson OrderedJson::string(const QString &value)
{
    OrderedJson json(Kind::String);
    json.m_string = value;
    return json;
}

OrderedJson OrderedJson::array()
{
    return OrderedJson(Kind::Array);
}

OrderedJson OrderedJson::object()
{
    return OrderedJson(Kind::Object);
}

OrderedJson OrderedJson::fromQJson(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        return {};
    case QJsonValue::Bool:
        return boolean(value.toBool());
    case QJsonValue::Double: {
        const double d = value.toDouble();
        if (std::trunc(d) == d && std::abs(d) < 9007199254740992.0)
            return integer(qint64(d));
        return floating(d);
    }
    case QJsonValue::String:
        return string(value.toString());
    case QJsonValue::Array: {
        OrderedJson json = array();
        const QJsonArray source = value.toArray();
        json.m_elements.reserve(size_t(source.size()));
        for (const auto &element : source)
            json.m_elements.push_back(fromQJson(element));
        return json;
    }
    case QJsonValue::Object: {
        OrderedJson json = object();
        const QJsonObject source = value.toObject();
        json.m_members.reserve(size_t(source.size()));
        for (auto it = source.begin(); it != source.end(); ++it)
            json.m_members.emplace_back(it.key(), fromQJson(it.value()));
        return json;
    }
    }
    return {};
}

OrderedJson &OrderedJson::append(OrderedJson value)
{
    m_kind = Kind::Array;
    m_elements.push_back(std::move(value));
    return *this;
}

OrderedJson &OrderedJson::insert(const QString &key, OrderedJson value)
{
    m_kind = Kind::Object;
    for (auto &member : m_members) {
        if (member.first == key) {
            member.second = std::move(value);
            return *this;
        }
    }
    m_members.emplace_back(key, std::move(value));
    return *this;
}

const OrderedJson *OrderedJson::value(const QString &key) const
{
    for (const auto &member : m_members) {
        if (member.first == key)
            return &member.second;
    }
    return nullptr;
}

qsizetype OrderedJson::size() const
{
    if (m_kind == Kind::Array)
        return qsizetype(m_elements.size());
    if (m_kind == Kind::Object)
        return qsizetype(m_members.size());
    return 0;
}

} // namespace keyscope::model
