#pragma once

#include "model/value/attributevalue.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <optional>

namespace keyscope::model::dynamojson {

// DynamoDB JSON: {"S": "..."}, {"N": "42"}, {"B": "<base64>"}, {"BOOL": true}, {"NULL": true},
// {"L": [...]}, {"M": {...}}, {"SS": [...]}, {"NS": [...]}, {"BS": [...]}.
// On bad input returns nullopt, sets *error to DynamoDB's message for it and *errorPath to
// where it is, relative to the value (".Tags.L[2].N"; empty for the value itself).
std::optional<AttributeValue> valueFromJson(const QJsonValue &json, QString *error = nullptr,
                                            QString *errorPath = nullptr);
QJsonObject valueToJson(const AttributeValue &value);

// An item: {"Attr": {"S": "..."}, ...}. *errorPath starts with the attribute name ("Temp.N").
std::optional<Item> itemFromJson(const QJsonValue &json, QString *error = nullptr,
                                 QString *errorPath = nullptr);
QJsonObject itemToJson(const Item &item);

// L from a JSON array, M from a JSON object (anything else: an empty M), each element read by
// read(element, place), where place is "[i]" or ".name", its path in the container; nullopt as
// soon as a read gives nullopt.
template<typename Read>
std::optional<AttributeValue> containerFromJson(const QJsonValue &json, Read &&read)
{
    if (json.isArray()) {
        AttributeValue::List elements;
        const QJsonArray array = json.toArray();
        for (qsizetype i = 0; i < array.size(); ++i) {
            auto value = read(array.at(i), QStringLiteral("[%1]").arg(i));
            if (!value)
                return std::nullopt;
            elements.push_back(std::move(*value));
        }
        return AttributeValue::list(std::move(elements));
    }
    AttributeValue::Map members;
    const QJsonObject object = json.toObject();
    for (auto it = object.begin(); it != object.end(); ++it) {
        auto value = read(it.value(), u'.' + it.key());
        if (!value)
            return std::nullopt;
        members[it.key()] = std::move(*value);
    }
    return AttributeValue::map(std::move(members));
}

} // namespace keyscope::model::dynamojson
