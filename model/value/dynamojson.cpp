#include "model/value/dynamojson.h"

#include <QJsonArray>
#include <QStringList>

#include <algorithm>

namespace keyscope::model::dynamojson {

namespace {

using Type = AttributeValue::Type;

struct Failure
{
    QString message;
    QString path;
};

std::optional<AttributeValue> parseValue(const QJsonValue &json, Failure &failure);

QString setNoun(Type type)
{
    switch (type) {
    case Type::SS:
        return QStringLiteral("string");
    case Type::NS:
        return QStringLiteral("number");
    default:
        return QStringLiteral("binary");
    }
}

std::optional<QByteArray> decodeBase64(const QJsonValue &json, Failure &failure)
{
    if (!json.isString()) {
        failure.message = QStringLiteral("Invalid type for B: expected a base64 string");
        return std::nullopt;
    }
    const QByteArray text = json.toString().toLatin1();
    auto decoded = QByteArray::fromBase64Encoding(text, QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded) {
        failure.message = QStringLiteral("Invalid base64: \"%1\"").arg(json.toString());
        return std::nullopt;
    }
    return *decoded;
}

std::optional<AttributeValue> parseScalar(Type type, const QJsonValue &json, Failure &failure)
{
    switch (type) {
    case Type::S:
        if (!json.isString()) {
            failure.message = QStringLiteral("Invalid type for S: expected a string");
            return std::nullopt;
        }
        return AttributeValue::string(json.toString());
    case Type::N: {
        if (!json.isString()) {
            failure.message = QStringLiteral("Invalid type for N: expected a string such as "
                                             "\"42\"");
            return std::nullopt;
        }
        QString error;
        auto number = Number::parse(json.toString(), &error);
        if (!number) {
            failure.message = error;
            return std::nullopt;
        }
        return AttributeValue::number(*number);
    }
    case Type::B: {
        auto bytes = decodeBase64(json, failure);
        if (!bytes)
            return std::nullopt;
        return AttributeValue::binary(*bytes);
    }
    default:
        return std::nullopt;
    }
}

std::optional<AttributeValue> parseSet(Type type, const QJsonValue &json, Failure &failure)
{
    const QString name = AttributeValue::typeName(type);
    if (!json.isArray()) {
        failure.message = QStringLiteral("Invalid type for %1: expected an array").arg(name);
        return std::nullopt;
    }
    const QJsonArray array = json.toArray();
    if (array.isEmpty()) {
        // DynamoDB's texts: "An string set  may not be empty" (sic, double space included) and
        // "An number set  may not be empty", but binary sets have their own wording.
        failure.message = type == Type::BS
            ? QStringLiteral("One or more parameter values were invalid: Binary sets should not "
                             "be empty")
            : QStringLiteral("One or more parameter values were invalid: An %1 set  may not be "
                             "empty")
                  .arg(setNoun(type));
        return std::nullopt;
    }
    const Type elementType = type == Type::SS ? Type::S : type == Type::NS ? Type::N : Type::B;
    AttributeValue::List elements;
    elements.reserve(size_t(array.size()));
    // Every element is converted first; DynamoDB reports a bad number or base64 text before it
    // looks for duplicates.
    for (qsizetype i = 0; i < array.size(); ++i) {
        auto element = parseScalar(elementType, array.at(i), failure);
        if (!element) {
            failure.path = QStringLiteral(".%1[%2]").arg(name).arg(i) + failure.path;
            return std::nullopt;
        }
        elements.push_back(std::move(*element));
    }
    for (size_t i = 1; i < elements.size(); ++i) {
        if (std::find(elements.begin(), elements.begin() + qsizetype(i), elements[i])
            == elements.begin() + qsizetype(i))
            continue;
        // DynamoDB's texts, quirks included: SS and BS list the input as given ("]of type BS" has
        // no space), NS does not list it.
        QStringList given;
        for (const auto &v : array)
            given << v.toString();
        const QString listed
            = QLatin1Char('[') + given.join(QStringLiteral(", ")) + QLatin1Char(']');
        if (type == Type::SS)
            failure.message = QStringLiteral("One or more parameter values were invalid: Input "
                                             "collection %1 contains duplicates.")
                                  .arg(listed);
        else if (type == Type::BS)
            failure.message = QStringLiteral("One or more parameter values were invalid: Input "
                                             "collection %1of type BS contains duplicates.")
                                  .arg(listed);
        else
            failure.message = QStringLiteral("One or more parameter values were invalid: "
                                             "Input collection contains duplicates");
        failure.path = QStringLiteral(".%1[%2]").arg(name).arg(i);
        return std::nullopt;
    }
    if (type == Type::SS)
        return AttributeValue::stringSet(std::move(elements));
    if (type == Type::NS)
        return AttributeValue::numberSet(std::move(elements));
    return AttributeValue::binarySet(std::move(elements));
}

std::optional<Item> parseMap(const QJsonValue &json, Failure &failure)
{
    if (!json.isObject()) {
        failure.message = QStringLiteral("Invalid type: expected an object of attributes");
        return std::nullopt;
    }
    const QJsonObject object = json.toObject();
    Item item;
    for (auto it = object.begin(); it != object.end(); ++it) {
        auto value = parseValue(it.value(), failure);
        if (!value) {
            failure.path = QLatin1Char('.') + it.key() + failure.path;
            return std::nullopt;
        }
        item.emplace(it.key(), std::move(*value));
    }
    return item;
}

// {"TYPE": value}, taken apart.
struct TypedJson
{
    Type type;
    QString key;
    QJsonValue inner;
};

// The attribute value's one member and its type; nullopt (with the message) when the JSON is not
// an object of exactly one known type.
std::optional<TypedJson> typedJsonOf(const QJsonValue &json, Failure &failure)
{
    if (!json.isObject()) {
        failure.message = QStringLiteral("An attribute value must be an object such as "
                                         "{\"S\": \"text\"}");
        return std::nullopt;
    }
    const QJsonObject object = json.toObject();
    if (object.isEmpty()) {
        failure.message = QStringLiteral("Supplied AttributeValue is empty, must contain exactly "
                                         "one of the supported datatypes");
        return std::nullopt;
    }
    if (object.size() > 1) {
        failure.message = QStringLiteral("Supplied AttributeValue has more than one datatypes "
                                         "set, must contain exactly one of the supported "
                                         "datatypes");
        return std::nullopt;
    }
    const QString key = object.begin().key();
    const auto type = AttributeValue::typeFromName(key);
    if (!type) {
        failure.message = QStringLiteral("Unknown attribute value type \"%1\"; expected one of "
                                         "S, N, B, BOOL, NULL, L, M, SS, NS, BS")
                              .arg(key);
        return std::nullopt;
    }
    return TypedJson {*type, key, object.begin().value()};
}

std::optional<AttributeValue> parseBoolValue(const QJsonValue &inner, Failure &failure)
{
    if (!inner.isBool()) {
        failure.message = QStringLiteral("Invalid type for BOOL: expected true or false");
        return std::nullopt;
    }
    return AttributeValue::boolean(inner.toBool());
}

std::optional<AttributeValue> parseNullValue(const QJsonValue &inner, Failure &failure)
{
    if (!inner.isBool() || !inner.toBool()) {
        failure.message = QStringLiteral("One or more parameter values were invalid: Null "
                                         "attribute value types must have the value of true");
        return std::nullopt;
    }
    return AttributeValue::null();
}

std::optional<AttributeValue> parseListValue(const QJsonValue &inner, Failure &failure)
{
    if (!inner.isArray()) {
        failure.message = QStringLiteral("Invalid type for L: expected an array");
        return std::nullopt;
    }
    const QJsonArray array = inner.toArray();
    AttributeValue::List elements;
    elements.reserve(size_t(array.size()));
    for (qsizetype i = 0; i < array.size(); ++i) {
        auto element = parseValue(array.at(i), failure);
        if (!element) {
            failure.path = QStringLiteral(".L[%1]").arg(i) + failure.path;
            return std::nullopt;
        }
        elements.push_back(std::move(*element));
    }
    return AttributeValue::list(std::move(elements));
}

std::optional<AttributeValue> parseMapValue(const QJsonValue &inner, Failure &failure)
{
    auto members = parseMap(inner, failure);
    if (!members) {
        failure.path = QStringLiteral(".M") + failure.path;
        return std::nullopt;
    }
    return AttributeValue::map(std::move(*members));
}

std::optional<AttributeValue> parseTypedValue(Type type, const QJsonValue &inner, Failure &failure)
{
    switch (type) {
    case Type::S:
    case Type::N:
    case Type::B:
        return parseScalar(type, inner, failure);
    case Type::Bool:
        return parseBoolValue(inner, failure);
    case Type::Null:
        return parseNullValue(inner, failure);
    case Type::L:
        return parseListValue(inner, failure);
    case Type::M:
        return parseMapValue(inner, failure);
    case Type::SS:
    case Type::NS:
    case Type::BS:
        return parseSet(type, inner, failure);
    }
    return std::nullopt;
}

std::optional<AttributeValue> parseValue(const QJsonValue &json, Failure &failure)
{
    auto typed = typedJsonOf(json, failure);
    if (!typed)
        return std::nullopt;
    auto result = parseTypedValue(typed->type, typed->inner, failure);
    // A failure inside a list, map or set already names its path.
    if (!result && failure.path.isEmpty())
        failure.path = QLatin1Char('.') + typed->key;
    return result;
}

} // namespace

std::optional<AttributeValue> valueFromJson(const QJsonValue &json, QString *error,
                                            QString *errorPath)
{
    Failure failure;
    auto value = parseValue(json, failure);
    if (!value) {
        if (error)
            *error = failure.message;
        if (errorPath)
            *errorPath = failure.path;
    }
    return value;
}

QJsonObject valueToJson(const AttributeValue &value)
{
    const QString name = value.typeName();
    switch (value.type()) {
    case Type::Null:
        return {{name, true}};
    case Type::Bool:
        return {{name, value.asBool()}};
    case Type::S:
        return {{name, value.asString()}};
    case Type::N:
        return {{name, value.asNumber().toString()}};
    case Type::B:
        return {{name, QString::fromLatin1(value.bytes().toBase64())}};
    case Type::M:
        return {{name, itemToJson(value.members())}};
    case Type::L: {
        QJsonArray array;
        for (const auto &e : value.elements())
            array.append(valueToJson(e));
        return {{name, array}};
    }
    case Type::SS:
    case Type::NS:
    case Type::BS: {
        QJsonArray array;
        for (const auto &e : value.elements()) {
            if (e.type() == Type::S)
                array.append(e.asString());
            else if (e.type() == Type::N)
                array.append(e.asNumber().toString());
            else
                array.append(QString::fromLatin1(e.bytes().toBase64()));
        }
        return {{name, array}};
    }
    }
    return {};
}

std::optional<Item> itemFromJson(const QJsonValue &json, QString *error, QString *errorPath)
{
    Failure failure;
    auto item = parseMap(json, failure);
    if (!item) {
        if (error)
            *error = failure.message;
        if (errorPath)
            *errorPath
                = failure.path.startsWith(QLatin1Char('.')) ? failure.path.mid(1) : failure.path;
    }
    return item;
}

QJsonObject itemToJson(const Item &item)
{
    QJsonObject object;
    for (const auto &[name, value] : item)
        object.insert(name, valueToJson(value));
    return object;
}

} // namespace keyscope::model::dynamojson
