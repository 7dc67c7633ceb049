#include "model/interop/interopjson.h"

#include "model/value/dynamojson.h"
#include "model/value/jsonnumbertext.h"
#include "model/value/number.h"

#include <QJsonArray>

namespace keyscope::model::interopjson {

std::optional<AttributeValue> valueFromPlainJson(const QJsonValue &json, const QString &declared,
                                                 QString *error, QString *errorPath)
{
    const auto fail = [&](const QString &message) -> std::optional<AttributeValue> {
        if (error)
            *error = message;
        if (errorPath)
            errorPath->clear();
        return std::nullopt;
    };
    switch (json.type()) {
    case QJsonValue::Null:
        return AttributeValue::null();
    case QJsonValue::Bool:
        return AttributeValue::boolean(json.toBool());
    case QJsonValue::Double: {
        const double value = json.toDouble();
        const QString text = jsonNumberText(value);
        if (declared == u"S")
            return AttributeValue::string(text);
        auto number = Number::parse(text);
        if (!number)
            return fail(QStringLiteral("the number %1 is out of DynamoDB's range").arg(text));
        return AttributeValue::number(*number);
    }
    case QJsonValue::String: {
        const QString text = json.toString();
        if (declared == u"N") {
            QString why;
            auto number = Number::parse(text, &why);
            if (!number)
                return fail(
                    QStringLiteral("declared N, but \"%1\" is not a number: %2").arg(text, why));
            return AttributeValue::number(*number);
        }
        if (declared == u"B") {
            auto decoded = QByteArray::fromBase64Encoding(text.toLatin1(),
                                                          QByteArray::AbortOnBase64DecodingErrors);
            if (!decoded)
                return fail(QStringLiteral("declared B, but \"%1\" is not base64").arg(text));
            return AttributeValue::binary(*decoded);
        }
        if (declared == u"BOOL" && (text == u"true" || text == u"false"))
            return AttributeValue::boolean(text == u"true");
        return AttributeValue::string(text);
    }
    case QJsonValue::Array:
    case QJsonValue::Object:
        return dynamojson::containerFromJson(
            json, [&](const QJsonValue &element, const QString &place) {
                QString innerPath;
                auto value = valueFromPlainJson(element, {}, error, &innerPath);
                if (!value && errorPath)
                    *errorPath = place + innerPath;
                return value;
            });
    case QJsonValue::Undefined:
        break;
    }
    return fail(QStringLiteral("missing value"));
}

OrderedJson createTableJson(const Project &project)
{
    const QJsonObject definition = project.table.toJson();
    QJsonObject rest = project.tableJson;
    OrderedJson out = OrderedJson::object();
    for (const char *member : {"TableName", "AttributeDefinitions", "KeySchema",
                               "LocalSecondaryIndexes", "GlobalSecondaryIndexes"}) {
        const QString key = QLatin1String(member);
        rest.remove(key);
        if (definition.contains(key))
            out.insert(key, OrderedJson::fromQJson(definition.value(key)));
    }
    for (const char *member : {"BillingMode", "ProvisionedThroughput"}) {
        const QString key = QLatin1String(member);
        if (rest.contains(key))
            out.insert(key, OrderedJson::fromQJson(rest.take(key)));
    }
    for (auto it = rest.begin(); it != rest.end(); ++it) {
        if (!it.key().startsWith(QLatin1String("x-"))) // another tool's annotations
            out.insert(it.key(), OrderedJson::fromQJson(it.value()));
    }
    return out;
}

Project projectForTable(const TableDefinition &table, const QJsonObject &tableJson)
{
    Project project;
    project.name = table.tableName;
    project.table = table;
    project.tableJson = tableJson;
    return project;
}

} // namespace keyscope::model::interopjson
