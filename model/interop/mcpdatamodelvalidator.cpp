// The checks AWS's DynamoDB MCP server makes of a dynamodb_data_model.json, with its messages:
// the validation tool's (server.py: required keys, `aws dynamodb` commands) and the CDK
// generator's (cdk_generator/models.py: DataModel.from_json), which names each JSON path.

#include "model/interop/mcpdatamodel.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>

namespace keyscope::model {

namespace mcpdmvalidate {

using Problem = McpDataModel::Problem;
using Found = std::optional<Problem>;
using AttributeTypes = QHash<QString, QString>;

Problem problemAt(const QString &path, const QString &message)
{
    return Problem {path, message, {}};
}

Found notObject(const QJsonValue &value, const QString &context)
{
    if (value.isObject())
        return std::nullopt;
    return problemAt(context, context + QStringLiteral(" must be an object"));
}

Found notString(const QJsonObject &object, const QString &field, const QString &context)
{
    if (object.value(field).isString())
        return std::nullopt;
    const QString path = context + u'.' + field;
    return problemAt(path, path + QStringLiteral(" must be a string"));
}

Found notArray(const QJsonObject &object, const QString &field, const QString &context)
{
    if (object.value(field).isArray())
        return std::nullopt;
    const QString path = context + u'.' + field;
    return problemAt(path, path + QStringLiteral(" must be an array"));
}

// Table and index names: DynamoDB's character set and length.
Found badName(const QString &name, const QString &path)
{
    static const QRegularExpression kName(QStringLiteral("^[a-zA-Z0-9_.-]+$"));
    if (name.size() < 3 || name.size() > 255)
        return problemAt(path,
                         QStringLiteral("%1 must be between 3 and 255 characters, found %2")
                             .arg(path)
                             .arg(name.size()));
    if (!kName.match(name).hasMatch())
        return problemAt(path,
                         path
                             + QStringLiteral(" must contain only letters, digits, and the "
                                              "characters _ (underscore), . (dot) and - "
                                              "(hyphen)"));
    return std::nullopt;
}

Found badAttributeName(const QString &name, const QString &path)
{
    if (name.size() >= 1 && name.size() <= 255)
        return std::nullopt;
    return problemAt(path,
                     QStringLiteral("%1 must be between 1 and 255 characters, found %2")
                         .arg(path)
                         .arg(name.size()));
}

Found attributeDefinitions(const QJsonArray &definitions, const QString &context,
                           AttributeTypes &types)
{
    for (qsizetype i = 0; i < definitions.size(); ++i) {
        const QString at = context + QStringLiteral(".AttributeDefinitions[%1]").arg(i);
        if (auto found = notObject(definitions.at(i), at))
            return found;
        const QJsonObject definition = definitions.at(i).toObject();
        if (auto found = notString(definition, QStringLiteral("AttributeName"), at))
            return found;
        const QString name = definition.value(QLatin1String("AttributeName")).toString();
        if (auto found = badAttributeName(name, at + QStringLiteral(".AttributeName")))
            return found;
        const QString type = definition.value(QLatin1String("AttributeType")).toString();
        if (!definition.value(QLatin1String("AttributeType")).isString()
            || !QStringList {QStringLiteral("S"), QStringLiteral("N"), QStringLiteral("B")}
                    .contains(type))
            return problemAt(at + QStringLiteral(".AttributeType"),
                             at + QStringLiteral(".AttributeType must be 'S', 'N', or 'B'"));
        types.insert(name, type);
    }
    return std::nullopt;
}

// A KeySchema's entries: objects naming a defined attribute with HASH or RANGE; counts them.
Found keyEntries(const QJsonArray &schema, const AttributeTypes &types, const QString &context,
                 int &hash, int &range)
{
    for (qsizetype i = 0; i < schema.size(); ++i) {
        const QString at = context + QStringLiteral(".KeySchema[%1]").arg(i);
        if (auto found = notObject(schema.at(i), at))
            return found;
        const QJsonObject element = schema.at(i).toObject();
        if (auto found = notString(element, QStringLiteral("AttributeName"), at))
            return found;
        const QString keyType = element.value(QLatin1String("KeyType")).toString();
        if (keyType != u"HASH" && keyType != u"RANGE")
            return problemAt(at + QStringLiteral(".KeyType"),
                             at + QStringLiteral(".KeyType must be 'HASH' or 'RANGE'"));
        const QString name = element.value(QLatin1String("AttributeName")).toString();
        if (!types.contains(name))
            return problemAt(at,
                             QStringLiteral("%1: AttributeName '%2' not found in "
                                            "AttributeDefinitions")
                                 .arg(at, name));
        ++(keyType == u"HASH" ? hash : range);
    }
    return std::nullopt;
}

Found tableKeySchema(const QJsonArray &schema, const AttributeTypes &types, const QString &context)
{
    int hash = 0;
    int range = 0;
    if (auto found = keyEntries(schema, types, context, hash, range))
        return found;
    const QString path = context + QStringLiteral(".KeySchema");
    if (hash > 1)
        return problemAt(
            path, path + QStringLiteral(" must contain exactly one HASH key, found %1").arg(hash));
    if (range > 1)
        return problemAt(
            path,
            path + QStringLiteral(" must contain at most one RANGE key, found %1").arg(range));
    if (hash == 0)
        return problemAt(path, path + QStringLiteral(" must contain exactly one HASH key"));
    return std::nullopt;
}

Found gsiKeySchema(const QJsonArray &schema, const AttributeTypes &types, const QString &context)
{
    int hash = 0;
    int range = 0;
    if (auto found = keyEntries(schema, types, context, hash, range))
        return found;
    const QString path = context + QStringLiteral(".KeySchema");
    const int most = McpSchema::kMaxKeyAttributes;
    if (hash == 0)
        return problemAt(path, path + QStringLiteral(" must contain at least one HASH key"));
    if (hash > most)
        return problemAt(path,
                         path
                             + QStringLiteral(" must contain at most %1 HASH keys, found %2")
                                   .arg(most)
                                   .arg(hash));
    if (range > most)
        return problemAt(path,
                         path
                             + QStringLiteral(" must contain at most %1 RANGE keys, found %2")
                                   .arg(most)
                                   .arg(range));
    return std::nullopt;
}

Found nonKeyAttributes(const QJsonArray &attributes, const QString &path)
{
    for (qsizetype i = 0; i < attributes.size(); ++i) {
        const QString at = path + QStringLiteral("[%1]").arg(i);
        if (!attributes.at(i).isString())
            return problemAt(at, at + QStringLiteral(" must be a string"));
        if (attributes.at(i).toString().isEmpty())
            return problemAt(at, at + QStringLiteral(" must not be empty"));
        if (auto found = badAttributeName(attributes.at(i).toString(), at))
            return found;
    }
    return std::nullopt;
}

Found projection(const QJsonObject &projection, const QString &context)
{
    const QString at = context + QStringLiteral(".Projection");
    const QString type
        = projection.value(QLatin1String("ProjectionType")).toString(QStringLiteral("ALL"));
    if (!QStringList {QStringLiteral("ALL"), QStringLiteral("KEYS_ONLY"), QStringLiteral("INCLUDE")}
             .contains(type))
        return problemAt(at + QStringLiteral(".ProjectionType"),
                         at
                             + QStringLiteral(".ProjectionType must be 'ALL', 'KEYS_ONLY', or "
                                              "'INCLUDE'"));
    const QString path = at + QStringLiteral(".NonKeyAttributes");
    const QJsonValue attributes = projection.value(QLatin1String("NonKeyAttributes"));
    if (!attributes.isUndefined() && !attributes.isArray())
        return problemAt(path, path + QStringLiteral(" must be an array"));
    if (type == u"INCLUDE" && attributes.toArray().isEmpty())
        return problemAt(path,
                         path + QStringLiteral(" is required when ProjectionType is INCLUDE"));
    if (type != u"INCLUDE" && !attributes.toArray().isEmpty())
        return problemAt(
            path, path + QStringLiteral(" is not allowed when ProjectionType is %1").arg(type));
    return nonKeyAttributes(attributes.toArray(), path);
}

Found globalIndex(const QJsonValue &value, const AttributeTypes &types, const QString &context)
{
    if (auto found = notObject(value, context))
        return found;
    const QJsonObject gsi = value.toObject();
    if (auto found = notString(gsi, QStringLiteral("IndexName"), context))
        return found;
    if (auto found = badName(gsi.value(QLatin1String("IndexName")).toString(),
                             context + QStringLiteral(".IndexName")))
        return found;
    if (auto found = notArray(gsi, QStringLiteral("KeySchema"), context))
        return found;
    if (auto found = gsiKeySchema(gsi.value(QLatin1String("KeySchema")).toArray(), types, context))
        return found;
    return projection(gsi.value(QLatin1String("Projection")).toObject(), context);
}

Found timeToLive(const QJsonValue &value, const QString &context)
{
    const QString at = context + QStringLiteral(".TimeToLiveSpecification");
    if (auto found = notObject(value, at))
        return found;
    const QJsonObject ttl = value.toObject();
    if (!ttl.value(QLatin1String("Enabled")).isBool())
        return problemAt(at + QStringLiteral(".Enabled"),
                         at + QStringLiteral(".Enabled must be a boolean"));
    if (!ttl.value(QLatin1String("Enabled")).toBool())
        return std::nullopt;
    if (auto found = notString(ttl, QStringLiteral("AttributeName"), at))
        return found;
    return badAttributeName(ttl.value(QLatin1String("AttributeName")).toString(),
                            at + QStringLiteral(".AttributeName"));
}

Found tableProblem(const QJsonValue &value, const QString &context)
{
    if (auto found = notObject(value, context))
        return found;
    const QJsonObject table = value.toObject();
    if (auto found = notString(table, QStringLiteral("TableName"), context))
        return found;
    if (auto found = badName(table.value(QLatin1String("TableName")).toString(),
                             context + QStringLiteral(".TableName")))
        return found;
    if (auto found = notArray(table, QStringLiteral("KeySchema"), context))
        return found;
    if (auto found = notArray(table, QStringLiteral("AttributeDefinitions"), context))
        return found;
    AttributeTypes types;
    if (auto found = attributeDefinitions(
            table.value(QLatin1String("AttributeDefinitions")).toArray(), context, types))
        return found;
    if (auto found
        = tableKeySchema(table.value(QLatin1String("KeySchema")).toArray(), types, context))
        return found;
    if (table.contains(QLatin1String("GlobalSecondaryIndexes"))) {
        if (auto found = notArray(table, QStringLiteral("GlobalSecondaryIndexes"), context))
            return found;
        const QJsonArray gsis = table.value(QLatin1String("GlobalSecondaryIndexes")).toArray();
        for (qsizetype i = 0; i < gsis.size(); ++i) {
            if (auto found
                = globalIndex(gsis.at(i), types,
                              context + QStringLiteral(".GlobalSecondaryIndexes[%1]").arg(i)))
                return found;
        }
    }
    if (table.contains(QLatin1String("TimeToLiveSpecification")))
        return timeToLive(table.value(QLatin1String("TimeToLiveSpecification")), context);
    return std::nullopt;
}

// Names listed more than once, each once, in first-seen order.
QStringList repeated(const QStringList &names)
{
    QStringList out;
    for (const QString &name : names) {
        if (names.count(name) > 1 && !out.contains(name))
            out << name;
    }
    return out;
}

void duplicateNames(const QJsonArray &tables, std::vector<Problem> &problems)
{
    QStringList tableNames;
    for (qsizetype i = 0; i < tables.size(); ++i) {
        const QJsonObject table = tables.at(i).toObject();
        tableNames << table.value(QLatin1String("TableName")).toString();
        QStringList gsiNames;
        for (const QJsonValue &gsi : table.value(QLatin1String("GlobalSecondaryIndexes")).toArray())
            gsiNames << gsi.toObject().value(QLatin1String("IndexName")).toString();
        if (const QStringList twice = repeated(gsiNames); !twice.isEmpty())
            problems.push_back(problemAt(
                QStringLiteral("tables[%1].GlobalSecondaryIndexes").arg(i),
                QStringLiteral("Table contains duplicate GSI names. table_name: '%1', gsi_names: "
                               "%2")
                    .arg(tableNames.back(), twice.join(QStringLiteral(", ")))));
    }
    if (const QStringList twice = repeated(tableNames); !twice.isEmpty())
        problems.push_back(problemAt(QStringLiteral("tables"),
                                     QStringLiteral("Data model contains duplicate table names. "
                                                    "table_names: %1")
                                         .arg(twice.join(QStringLiteral(", ")))));
}

void patternCommands(const QJsonArray &patterns, std::vector<Problem> &problems)
{
    for (qsizetype i = 0; i < patterns.size(); ++i) {
        const QJsonValue implementation
            = patterns.at(i).toObject().value(QLatin1String("implementation"));
        if (!implementation.isUndefined()
            && !implementation.toString().trimmed().startsWith(QLatin1String("aws dynamodb")))
            problems.push_back(
                problemAt(QStringLiteral("access_patterns[%1].implementation").arg(i),
                          QStringLiteral("Command must start with 'aws dynamodb'")));
    }
}

} // namespace mcpdmvalidate

std::vector<McpDataModel::Problem> McpDataModel::validate(const QJsonObject &root)
{
    using namespace mcpdmvalidate;
    std::vector<Problem> problems;
    QStringList missing;
    for (const char *key : {"tables", "items", "access_patterns"}) {
        if (!root.contains(QLatin1String(key)))
            missing << QStringLiteral("'%1'").arg(QLatin1String(key));
    }
    if (!missing.isEmpty())
        return {problemAt(QStringLiteral("root"),
                          QStringLiteral("Missing required keys in data model: [%1]")
                              .arg(missing.join(QStringLiteral(", "))))};
    if (!root.value(QLatin1String("tables")).isArray())
        return {problemAt(QStringLiteral("tables"),
                          QStringLiteral("Configuration \"tables\" property must be an array"))};
    const QJsonArray tables = root.value(QLatin1String("tables")).toArray();
    if (tables.isEmpty())
        return {problemAt(QStringLiteral("tables"),
                          QStringLiteral("Data model must contain at least one table"))};
    for (qsizetype i = 0; i < tables.size(); ++i) {
        if (auto found = tableProblem(tables.at(i), QStringLiteral("tables[%1]").arg(i)))
            problems.push_back(std::move(*found));
    }
    if (problems.empty())
        duplicateNames(tables, problems);
    patternCommands(root.value(QLatin1String("access_patterns")).toArray(), problems);
    return problems;
}

} // namespace keyscope::model
