#include "model/interop/interopjson.h"

#include "model/io/atomicfile.h"

#include "model/value/dynamojson.h"
#include "model/value/number.h"

#include <QFile>
#include <QJsonArray>
#include <QLocale>

#include <cmath>
#include <cstdio>

namespace keyscope::model::interopjson {

QString foundText(const QJsonValue &json)
{
    switch (json.type()) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return json.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double:
        return QString::number(json.toDouble(), 'g', QLocale::FloatingPointShortest);
    case QJsonValue::String: {
        const QString text = json.toString();
        return u'"' + (text.size() > 40 ? text.left(37) + QStringLiteral("...") : text) + u'"';
    }
    case QJsonValue::Array:
        return QStringLiteral("an array");
    case QJsonValue::Object:
        return QStringLiteral("an object");
    case QJsonValue::Undefined:
        break;
    }
    return QStringLiteral("nothing");
}

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
        QString text = std::floor(value) == value && std::fabs(value) < 9007199254740992.0
            ? QString::number(qint64(value))
            : QString::number(value, 'g', 17);
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
    case QJsonValue::Array: {
        AttributeValue::List elements;
        const QJsonArray array = json.toArray();
        for (qsizetype i = 0; i < array.size(); ++i) {
            QString innerPath;
            auto value = valueFromPlainJson(array.at(i), {}, error, &innerPath);
            if (!value) {
                if (errorPath)
                    *errorPath = QStringLiteral("[%1]").arg(i) + innerPath;
                return std::nullopt;
            }
            elements.push_back(std::move(*value));
        }
        return AttributeValue::list(std::move(elements));
    }
    case QJsonValue::Object: {
        AttributeValue::Map members;
        const QJsonObject object = json.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            QString innerPath;
            auto value = valueFromPlainJson(it.value(), {}, error, &innerPath);
            if (!value) {
                if (errorPath)
                    *errorPath = QLatin1Char('.') + it.key() + innerPath;
                return std::nullopt;
            }
            members[it.key()] = std::move(*value);
        }
        return AttributeValue::map(std::move(members));
    }
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

std::optional<IoError> writeFile(const QString &path, const QByteArray &bytes)
{
    if (path == u"-") {
        std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stdout);
        std::fflush(stdout);
        return std::nullopt;
    }
    if (auto reason = writeFileAtomically(path, bytes))
        return IoError {path, 0, 0, {}, QStringLiteral("cannot write: ") + *reason};
    return std::nullopt;
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
