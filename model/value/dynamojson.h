#pragma once

#include "model/value/attributevalue.h"

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

} // namespace keyscope::model::dynamojson
