#include "model/table/tabledefinition.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

namespace keyscope::model {

namespace {

constexpr int kMaxLocalIndexes = 5;
constexpr int kMaxGlobalIndexes = 20;
constexpr int kMaxMultiKeyAttributes = 4;

const QString kInvalidDefinition = QStringLiteral("One or more parameter values were invalid: ");

// The value a "Value '...'" message quotes: a string as is, anything else as JSON (5, true).
QString valueText(const QJsonValue &json)
{
    if (json.isString() || json.isUndefined())
        return json.toString();
    return QString::fromUtf8(
        QJsonDocument(QJsonArray {json}).toJson(QJsonDocument::Compact).chopped(1).mid(1));
}

struct Reader
{
    QString *error;
    bool failed = false;

    bool fail(const QString &message)
    {
        if (!failed && error)
            *error = message;
        failed = true;
        return false;
    }
};

// Reads a KeySchema array: HASH elements first, then RANGE. `path` names it in errors.
bool readKeySchema(const QJsonValue &json, const QString &path,
                   const QHash<QString, AttributeValue::Type> &types,
                   const QStringList &definedNames, bool allowMulti, KeySchema &out,
                   QSet<QString> &used, Reader &reader)
{
    if (!json.isArray() || json.toArray().isEmpty())
        return reader.fail(QStringLiteral("%1 is missing or empty: it must list the key "
                                          "attributes, e.g. [{\"AttributeName\": \"PK\", "
                                          "\"KeyType\": \"HASH\"}]")
                               .arg(path));
    const QJsonArray array = json.toArray();
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QJsonObject element = array.at(i).toObject();
        const QString name = element.value(QLatin1String("AttributeName")).toString();
        const QJsonValue keyTypeJson = element.value(QLatin1String("KeyType"));
        const QString keyType = keyTypeJson.toString();
        if (name.isEmpty())
            return reader.fail(QStringLiteral("%1[%2].AttributeName is missing").arg(path).arg(i));
        if (keyType != QLatin1String("HASH") && keyType != QLatin1String("RANGE"))
            return reader.fail(QStringLiteral("1 validation error detected: Value '")
                               + valueText(keyTypeJson)
                               + QStringLiteral("' at '%1[%2].keyType' failed to satisfy "
                                                "constraint: Member must satisfy enum value set: "
                                                "[HASH, RANGE]")
                                     .arg(path)
                                     .arg(i));
        if (i == 0 && keyType != QLatin1String("HASH"))
            return reader.fail(
                QStringLiteral("Invalid KeySchema: The first KeySchemaElement is not a HASH key "
                               "type"));
        if (keyType == QLatin1String("HASH") && !out.range.empty())
            return reader.fail(QStringLiteral("Invalid KeySchema: %1 lists a HASH key after a "
                                              "RANGE key; all HASH keys come first")
                                   .arg(path));
        if (!types.contains(name))
            return reader.fail(kInvalidDefinition
                               + QStringLiteral("Some index key attributes are not defined in "
                                                "AttributeDefinitions. Keys: [%1], "
                                                "AttributeDefinitions: [%2]")
                                     .arg(name, definedNames.join(u", ")));
        if (out.contains(name))
            return reader.fail(kInvalidDefinition
                               + QStringLiteral("%1 names attribute %2 twice").arg(path, name));
        used.insert(name);
        KeyAttribute attribute {name, types.value(name)};
        (keyType == QLatin1String("HASH") ? out.hash : out.range).push_back(attribute);
    }
    const std::size_t maxEach = allowMulti ? kMaxMultiKeyAttributes : 1;
    if (out.hash.size() > maxEach || out.range.size() > maxEach) {
        return reader.fail(
            allowMulti
                ? kInvalidDefinition
                    + QStringLiteral("%1 has more than %2 HASH or %2 RANGE attributes")
                          .arg(path)
                          .arg(kMaxMultiKeyAttributes)
                : QStringLiteral("Invalid KeySchema: %1 may have one HASH and at most one RANGE "
                                 "key (multi-attribute keys are for global secondary indexes "
                                 "only)")
                      .arg(path));
    }
    return true;
}

bool readProjection(const QJsonValue &json, const QString &indexName, IndexDefinition &index,
                    Reader &reader)
{
    const QJsonObject projection = json.toObject();
    const QString type = projection.value(QLatin1String("ProjectionType")).toString();
    if (type == QLatin1String("ALL") || (type.isEmpty() && json.isUndefined())) {
        index.projection = ProjectionType::All;
    } else if (type == QLatin1String("KEYS_ONLY")) {
        index.projection = ProjectionType::KeysOnly;
    } else if (type == QLatin1String("INCLUDE")) {
        index.projection = ProjectionType::Include;
    } else {
        return reader.fail(QStringLiteral("1 validation error detected: Value '%1' at "
                                          "'projection.projectionType' of index %2 failed to "
                                          "satisfy constraint: Member must satisfy enum value "
                                          "set: [ALL, INCLUDE, KEYS_ONLY]")
                               .arg(type, indexName));
    }
    const QJsonValue nonKey = projection.value(QLatin1String("NonKeyAttributes"));
    if (index.projection == ProjectionType::Include) {
        if (!nonKey.isArray() || nonKey.toArray().isEmpty())
            return reader.fail(kInvalidDefinition
                               + QStringLiteral("ProjectionType is INCLUDE, but NonKeyAttributes "
                                                "is not specified"));
        for (const QJsonValue &name : nonKey.toArray())
            index.nonKeyAttributes << name.toString();
    } else if (!nonKey.isUndefined()) {
        return reader.fail(kInvalidDefinition
                           + QStringLiteral("ProjectionType is %1, but NonKeyAttributes is "
                                            "specified")
                                 .arg(type));
    }
    return true;
}

QString projectionTypeName(ProjectionType type)
{
    switch (type) {
    case ProjectionType::KeysOnly:
        return QStringLiteral("KEYS_ONLY");
    case ProjectionType::Include:
        return QStringLiteral("INCLUDE");
    case ProjectionType::All:
        return QStringLiteral("ALL");
    }
    return {};
}

QJsonArray keySchemaToJson(const KeySchema &keys)
{
    QJsonArray array;
    for (const auto &k : keys.hash)
        array.append(QJsonObject {{"AttributeName", k.name}, {"KeyType", "HASH"}});
    for (const auto &k : keys.range)
        array.append(QJsonObject {{"AttributeName", k.name}, {"KeyType", "RANGE"}});
    return array;
}

// The attribute types AttributeDefinitions declares, and their names in declaration order (for
// deterministic error texts).
struct DefinedAttributes
{
    QHash<QString, AttributeValue::Type> types;
    QStringList names;
};

bool readAttributeDefinition(const QJsonObject &d, qsizetype i, DefinedAttributes &defined,
                             Reader &reader)
{
    const QString name = d.value(QLatin1String("AttributeName")).toString();
    const QJsonValue typeJson = d.value(QLatin1String("AttributeType"));
    const QString type = typeJson.toString();
    if (name.isEmpty())
        return reader.fail(
            QStringLiteral("AttributeDefinitions[%1].AttributeName is missing").arg(i));
    if (type != QLatin1String("S") && type != QLatin1String("N") && type != QLatin1String("B"))
        return reader.fail(QStringLiteral("1 validation error detected: Value '")
                           + valueText(typeJson)
                           + QStringLiteral("' at 'attributeDefinitions.%1.member.attributeType' "
                                            "failed to satisfy constraint: Member must satisfy "
                                            "enum value set: [B, N, S]")
                                 .arg(i + 1));
    if (defined.types.contains(name))
        return reader.fail(kInvalidDefinition
                           + QStringLiteral("Cannot have two attributes with the same name. "
                                            "Attribute name: %1")
                                 .arg(name));
    defined.types.insert(name, *AttributeValue::typeFromName(type));
    defined.names << name;
    return true;
}

bool readAttributeDefinitions(const QJsonValue &definitions, DefinedAttributes &defined,
                              Reader &reader)
{
    if (!definitions.isArray())
        return reader.fail(QStringLiteral("AttributeDefinitions is missing: list every key "
                                          "attribute with its type, e.g. [{\"AttributeName\": "
                                          "\"PK\", \"AttributeType\": \"S\"}]"));
    const QJsonArray definitionArray = definitions.toArray();
    for (qsizetype i = 0; i < definitionArray.size(); ++i) {
        if (!readAttributeDefinition(definitionArray.at(i).toObject(), i, defined, reader))
            return false;
    }
    return true;
}

// A local secondary index shares the table's hash key and has a range key of its own.
bool checkLocalIndex(const TableDefinition &table, const IndexDefinition &index, Reader &reader)
{
    if (!table.keys.hasRange())
        return reader.fail(kInvalidDefinition
                           + QStringLiteral("Table KeySchema does not have a range key, which is "
                                            "required when specifying a LocalSecondaryIndex"));
    if (index.keys.hash.front().name != table.keys.hash.front().name)
        return reader.fail(
            kInvalidDefinition
            + QStringLiteral("Index KeySchema does not have the same leading hash "
                             "key as table KeySchema for index: %1. index hash "
                             "key: %2, table hash key: %3")
                  .arg(index.name, index.keys.hash.front().name, table.keys.hash.front().name));
    if (!index.keys.hasRange())
        return reader.fail(kInvalidDefinition
                           + QStringLiteral("Index KeySchema for local secondary index %1 must "
                                            "have a RANGE key")
                                 .arg(index.name));
    return true;
}

bool readIndex(const QJsonObject &object, const QString &member, qsizetype i,
               IndexDefinition::Kind kind, const DefinedAttributes &defined, TableDefinition &table,
               QSet<QString> &used, Reader &reader)
{
    IndexDefinition index;
    index.kind = kind;
    index.name = object.value(QLatin1String("IndexName")).toString();
    if (index.name.isEmpty())
        return reader.fail(QStringLiteral("%1[%2].IndexName is missing").arg(member).arg(i));
    if (table.index(index.name))
        return reader.fail(kInvalidDefinition
                           + QStringLiteral("Duplicate index name: %1").arg(index.name));
    const QString path = QStringLiteral("%1[%2].KeySchema").arg(member).arg(i);
    if (!readKeySchema(object.value(QLatin1String("KeySchema")), path, defined.types, defined.names,
                       kind == IndexDefinition::Kind::Global, index.keys, used, reader))
        return false;
    if (kind == IndexDefinition::Kind::Local && !checkLocalIndex(table, index, reader))
        return false;
    if (!readProjection(object.value(QLatin1String("Projection")), index.name, index, reader))
        return false;
    table.indexes.push_back(std::move(index));
    return true;
}

bool readIndexes(const QJsonObject &root, const char *member, IndexDefinition::Kind kind,
                 const DefinedAttributes &defined, TableDefinition &table, QSet<QString> &used,
                 Reader &reader)
{
    const QJsonArray array = root.value(QLatin1String(member)).toArray();
    for (qsizetype i = 0; i < array.size(); ++i) {
        if (!readIndex(array.at(i).toObject(), QLatin1String(member), i, kind, defined, table, used,
                       reader))
            return false;
    }
    return true;
}

// DynamoDB's limits on index counts, and every defined attribute used by some key.
bool checkIndexCountsAndUse(const TableDefinition &table, const DefinedAttributes &defined,
                            const QSet<QString> &used, Reader &reader)
{
    int locals = 0;
    int globals = 0;
    for (const auto &index : table.indexes)
        (index.isGlobal() ? globals : locals)++;
    if (locals > kMaxLocalIndexes)
        return reader.fail(kInvalidDefinition
                           + QStringLiteral("Too many local secondary indexes: %1 (at most %2)")
                                 .arg(locals)
                                 .arg(kMaxLocalIndexes));
    if (globals > kMaxGlobalIndexes)
        return reader.fail(kInvalidDefinition
                           + QStringLiteral("Too many global secondary indexes: %1 (at most %2)")
                                 .arg(globals)
                                 .arg(kMaxGlobalIndexes));
    if (used.size() != defined.types.size())
        return reader.fail(kInvalidDefinition
                           + QStringLiteral("Number of attributes in KeySchema does not exactly "
                                            "match number of attributes defined in "
                                            "AttributeDefinitions"));
    return true;
}

} // namespace

bool KeySchema::contains(const QString &name) const
{
    for (const auto &k : hash) {
        if (k.name == name)
            return true;
    }
    for (const auto &k : range) {
        if (k.name == name)
            return true;
    }
    return false;
}

std::vector<KeyAttribute> KeySchema::all() const
{
    std::vector<KeyAttribute> result = hash;
    result.insert(result.end(), range.begin(), range.end());
    return result;
}

std::optional<TableDefinition> TableDefinition::fromJson(const QJsonObject &json, QString *error)
{
    Reader reader {error};
    TableDefinition table;
    // Accept the describe-table output shape too: {"Table": {...}}.
    const QJsonObject root
        = json.contains(QLatin1String("Table")) && json.value(QLatin1String("Table")).isObject()
        ? json.value(QLatin1String("Table")).toObject()
        : json;
    table.tableName = root.value(QLatin1String("TableName")).toString();
    DefinedAttributes defined;
    if (!readAttributeDefinitions(root.value(QLatin1String("AttributeDefinitions")), defined,
                                  reader))
        return std::nullopt;
    QSet<QString> used;
    if (!readKeySchema(root.value(QLatin1String("KeySchema")), QStringLiteral("KeySchema"),
                       defined.types, defined.names, false, table.keys, used, reader))
        return std::nullopt;
    if (!readIndexes(root, "LocalSecondaryIndexes", IndexDefinition::Kind::Local, defined, table,
                     used, reader)
        || !readIndexes(root, "GlobalSecondaryIndexes", IndexDefinition::Kind::Global, defined,
                        table, used, reader))
        return std::nullopt;
    if (!checkIndexCountsAndUse(table, defined, used, reader))
        return std::nullopt;
    return table;
}

QJsonObject TableDefinition::toJson() const
{
    QJsonObject json;
    json.insert(QStringLiteral("TableName"), tableName);
    QJsonArray definitions;
    QSet<QString> seen;
    const auto define = [&](const KeySchema &keys) {
        for (const auto &k : keys.all()) {
            if (seen.contains(k.name))
                continue;
            seen.insert(k.name);
            definitions.append(QJsonObject {{"AttributeName", k.name},
                                            {"AttributeType", AttributeValue::typeName(k.type)}});
        }
    };
    define(keys);
    for (const auto &index : indexes)
        define(index.keys);
    json.insert(QStringLiteral("AttributeDefinitions"), definitions);
    json.insert(QStringLiteral("KeySchema"), keySchemaToJson(keys));
    QJsonArray locals;
    QJsonArray globals;
    for (const auto &index : indexes) {
        QJsonObject projection {{"ProjectionType", projectionTypeName(index.projection)}};
        if (index.projection == ProjectionType::Include)
            projection.insert(QStringLiteral("NonKeyAttributes"),
                              QJsonArray::fromStringList(index.nonKeyAttributes));
        QJsonObject object {{"IndexName", index.name},
                            {"KeySchema", keySchemaToJson(index.keys)},
                            {"Projection", projection}};
        (index.isGlobal() ? globals : locals).append(object);
    }
    if (!locals.isEmpty())
        json.insert(QStringLiteral("LocalSecondaryIndexes"), locals);
    if (!globals.isEmpty())
        json.insert(QStringLiteral("GlobalSecondaryIndexes"), globals);
    return json;
}

const IndexDefinition *TableDefinition::index(const QString &name) const
{
    for (const auto &index : indexes) {
        if (index.name == name)
            return &index;
    }
    return nullptr;
}

QStringList TableDefinition::allKeyAttributeNames() const
{
    QStringList names;
    const auto add = [&](const KeySchema &schema) {
        for (const auto &k : schema.all()) {
            if (!names.contains(k.name))
                names << k.name;
        }
    };
    add(keys);
    for (const auto &index : indexes)
        add(index.keys);
    return names;
}

} // namespace keyscope::model
