// One table of a NoSQL Workbench model read as a project: its keys, declared attribute types,
// create-table JSON and what Keyscope keeps of the rest.
#include "model/interop/workbenchreaderparts.h"

#include "model/interop/workbenchmodel.h"
#include "model/io/jsonfile.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QSet>

namespace keyscope::model::workbench::detail {

namespace {

std::variant<KeyAttr, Failure> readKeyAttribute(const QJsonValue &json, const QString &path)
{
    if (!json.isObject())
        return Failure {path,
                        QStringLiteral("expected {\"AttributeName\": \"PK\", \"AttributeType\": "
                                       "\"S\"}")};
    const QJsonObject object = json.toObject();
    const QString name = object.value(QLatin1String("AttributeName")).toString();
    const QJsonValue typeJson = object.value(QLatin1String("AttributeType"));
    const QString type = typeJson.toString();
    if (name.isEmpty())
        return Failure {path + QStringLiteral(".AttributeName"),
                        QStringLiteral("missing or not a string: name the key attribute")};
    if (type != u"S" && type != u"N" && type != u"B")
        return Failure {path + QStringLiteral(".AttributeType"),
                        QStringLiteral("a key attribute's type is S, N or B, found ")
                            + JsonFile::foundText(typeJson)};
    return KeyAttr {name, type};
}

std::variant<KeyPair, Failure> readKeyAttributes(const QJsonValue &json, const QString &path)
{
    if (!json.isObject())
        return Failure {path,
                        QStringLiteral("missing or not an object: expected {\"PartitionKey\": "
                                       "{\"AttributeName\": ..., \"AttributeType\": ...}, "
                                       "\"SortKey\": {...}}")};
    const QJsonObject object = json.toObject();
    KeyPair pair;
    auto hash = readKeyAttribute(object.value(QLatin1String("PartitionKey")),
                                 path + QStringLiteral(".PartitionKey"));
    if (auto *failure = std::get_if<Failure>(&hash))
        return *failure;
    pair.hash = std::get<KeyAttr>(hash);
    if (object.contains(QLatin1String("SortKey"))) {
        auto range = readKeyAttribute(object.value(QLatin1String("SortKey")),
                                      path + QStringLiteral(".SortKey"));
        if (auto *failure = std::get_if<Failure>(&range))
            return *failure;
        pair.range = std::get<KeyAttr>(range);
    }
    return pair;
}

QJsonArray keySchemaJson(const KeyPair &keys)
{
    QJsonArray schema {QJsonObject {{"AttributeName", keys.hash.name}, {"KeyType", "HASH"}}};
    if (keys.range)
        schema.append(QJsonObject {{"AttributeName", keys.range->name}, {"KeyType", "RANGE"}});
    return schema;
}

// Declared attribute types, for early files' plain values and for entity attributes.
std::variant<QHash<QString, QString>, Failure>
readDeclaredTypes(const QJsonObject &tableJson, const KeyPair &keys, const QString &at)
{
    QHash<QString, QString> declared;
    declared.insert(keys.hash.name, keys.hash.type);
    if (keys.range)
        declared.insert(keys.range->name, keys.range->type);
    const QJsonValue nonKeyJson = tableJson.value(kNonKeyAttributes);
    if (!nonKeyJson.isUndefined() && !nonKeyJson.isArray())
        return Failure {at,
                        QStringLiteral("expected an array of {\"AttributeName\", "
                                       "\"AttributeType\"}")};
    const QJsonArray nonKey = nonKeyJson.toArray();
    for (qsizetype i = 0; i < nonKey.size(); ++i) {
        const QString path = QStringLiteral("%1[%2]").arg(at).arg(i);
        if (nonKey.at(i).isString()) { // early files list names only
            declared.insert(nonKey.at(i).toString(), QStringLiteral("S"));
            continue;
        }
        const QJsonObject attribute = nonKey.at(i).toObject();
        const QString name = attribute.value(QLatin1String("AttributeName")).toString();
        if (name.isEmpty())
            return Failure {path + QStringLiteral(".AttributeName"),
                            QStringLiteral("missing or not a string")};
        const QJsonValue typeJson = attribute.value(QLatin1String("AttributeType"));
        const QString type = typeJson.toString();
        if (!AttributeValue::typeFromName(type))
            return Failure {path + QStringLiteral(".AttributeType"),
                            QStringLiteral("unknown type ") + JsonFile::foundText(typeJson)
                                + QStringLiteral(" (valid: S, N, B, BOOL, NULL, L, M, SS, NS, "
                                                 "BS)")};
        declared.insert(name, type);
    }
    return declared;
}

// The table as create-table JSON: its keys, GSIs and billing settings.
std::variant<QJsonObject, Failure> createTableJson(const QJsonObject &tableJson,
                                                   const QString &tableName, const KeyPair &keys,
                                                   const QString &base)
{
    const auto at = [&](const QString &member) { return base + QLatin1Char('.') + member; };
    QJsonObject create;
    create.insert(QStringLiteral("TableName"), tableName);
    QJsonArray definitions;
    QSet<QString> defined;
    const auto define = [&](const KeyAttr &attribute) {
        if (defined.contains(attribute.name))
            return;
        defined.insert(attribute.name);
        definitions.append(
            QJsonObject {{"AttributeName", attribute.name}, {"AttributeType", attribute.type}});
    };
    define(keys.hash);
    if (keys.range)
        define(*keys.range);
    create.insert(QStringLiteral("KeySchema"), keySchemaJson(keys));
    const QJsonValue gsiJson = tableJson.value(kGsis);
    if (!gsiJson.isUndefined() && !gsiJson.isArray())
        return Failure {at(kGsis), QStringLiteral("expected an array of indexes")};
    QJsonArray gsis;
    const QJsonArray gsiArray = gsiJson.toArray();
    for (qsizetype i = 0; i < gsiArray.size(); ++i) {
        const QString path = QStringLiteral("%1[%2]").arg(at(kGsis)).arg(i);
        const QJsonObject index = gsiArray.at(i).toObject();
        const QString name = index.value(QLatin1String("IndexName")).toString();
        if (name.isEmpty())
            return Failure {path + QStringLiteral(".IndexName"),
                            QStringLiteral("missing or empty")};
        auto indexKeys
            = readKeyAttributes(index.value(kKeyAttributes), path + u'.' + kKeyAttributes);
        if (auto *failure = std::get_if<Failure>(&indexKeys))
            return *failure;
        const KeyPair pair = std::get<KeyPair>(indexKeys);
        define(pair.hash);
        if (pair.range)
            define(*pair.range);
        QJsonObject projection = index.value(QLatin1String("Projection")).toObject();
        if (projection.isEmpty())
            projection.insert(QStringLiteral("ProjectionType"), QStringLiteral("ALL"));
        gsis.append(QJsonObject {
            {"IndexName", name}, {"KeySchema", keySchemaJson(pair)}, {"Projection", projection}});
    }
    create.insert(QStringLiteral("AttributeDefinitions"), definitions);
    if (!gsis.isEmpty())
        create.insert(kGsis, gsis);
    const QString billing = tableJson.value(QLatin1String("BillingMode")).toString();
    if (!billing.isEmpty())
        create.insert(QStringLiteral("BillingMode"), billing);
    const QJsonObject capacity = tableJson.value(kCapacity).toObject();
    if (billing != u"PAY_PER_REQUEST" && capacity.contains(QLatin1String("ProvisionedThroughput")))
        create.insert(QStringLiteral("ProvisionedThroughput"),
                      capacity.value(QLatin1String("ProvisionedThroughput")));
    return create;
}

// What Keyscope does not use survives in x-workbench.
// ModelName follows the project's name, DateLastModified the export.
QJsonObject unusedMembers(const QJsonObject &root, const QJsonObject &tableJson)
{
    QJsonObject model = root;
    model.remove(kDataModel);
    model.remove(QStringLiteral("ModelName"));
    QJsonObject storedMetadata = model.value(kModelMetadata).toObject();
    storedMetadata.remove(QStringLiteral("DateLastModified"));
    storedMetadata.remove(QStringLiteral("Description"));
    storedMetadata.remove(QStringLiteral("Version"));
    if (model.contains(kModelMetadata))
        model.insert(kModelMetadata, storedMetadata);
    QJsonObject table = tableJson;
    for (const QString &known : QStringList {
             QStringLiteral("TableName"), kKeyAttributes, kTableFacets, kGsis, kTableData,
             QStringLiteral("BillingMode"), QString::fromLatin1(WorkbenchModel::kProjectMember)})
        table.remove(known);
    return QJsonObject {{"model", model}, {"table", table}};
}

} // namespace

std::variant<TableRead, Failure> readTable(const QJsonObject &root, const QJsonObject &tableJson,
                                           const TableContext &context)
{
    const QString &base = context.path;
    const auto at = [&](const QString &member) { return base + QLatin1Char('.') + member; };
    TableRead read;
    Project &project = read.project;

    const QString tableName = tableJson.value(QLatin1String("TableName")).toString();
    const bool versioned = root.value(kModelMetadata).toObject().contains(QLatin1String("Version"));
    if (tableName.isEmpty())
        return Failure {at(QStringLiteral("TableName")), QStringLiteral("missing or empty")};
    auto keysRead = readKeyAttributes(tableJson.value(kKeyAttributes), at(kKeyAttributes));
    if (auto *failure = std::get_if<Failure>(&keysRead))
        return *failure;
    const KeyPair keys = std::get<KeyPair>(keysRead);
    auto declaredRead = readDeclaredTypes(tableJson, keys, at(kNonKeyAttributes));
    if (auto *failure = std::get_if<Failure>(&declaredRead))
        return *failure;
    const QHash<QString, QString> declared = std::get<QHash<QString, QString>>(declaredRead);

    auto create = createTableJson(tableJson, tableName, keys, base);
    if (auto *failure = std::get_if<Failure>(&create))
        return *failure;
    QString tableError;
    auto definition = TableDefinition::fromJson(std::get<QJsonObject>(create), &tableError);
    if (!definition)
        return Failure {base, tableError};
    project.table = *definition;
    project.tableJson = std::get<QJsonObject>(create);

    // Facets become entity types.
    QHash<QString, QString> aliasToKey;
    const QJsonValue facetsJson = tableJson.value(kTableFacets);
    if (!facetsJson.isUndefined() && !facetsJson.isArray())
        return Failure {at(kTableFacets), QStringLiteral("expected an array of facets")};
    const QJsonArray facets = facetsJson.toArray();
    QSet<QString> entityNames;
    std::vector<TableDataRead> tableData; // 1.0: items per facet, with path
    for (qsizetype i = 0; i < facets.size(); ++i) {
        const QString path = QStringLiteral("%1[%2]").arg(at(kTableFacets)).arg(i);
        if (!facets.at(i).isObject())
            return Failure {path,
                            QStringLiteral("expected a facet {\"FacetName\": ..., "
                                           "\"KeyAttributeAlias\": {...}}")};
        const QJsonObject facet = facets.at(i).toObject();
        if (facet.value(kTableData).isArray() && !facet.value(kTableData).toArray().isEmpty())
            tableData.push_back({facet.value(kTableData).toArray(), path + u'.' + kTableData,
                                 int(i), facet.value(QLatin1String("FacetName")).toString()});
        FacetRead facetRead
            = readFacet(facet, int(i), keys, declared, &entityNames, &aliasToKey, context);
        read.facets.push_back(std::move(facetRead.info));
        project.entities.push_back(std::move(facetRead.entity));
    }

    // The table's items (2.0, 3.0), then each facet's (1.0).
    if (tableJson.value(kTableData).isArray())
        tableData.insert(tableData.begin(),
                         {tableJson.value(kTableData).toArray(), at(kTableData), -1, {}});
    else if (!tableJson.value(kTableData).isUndefined())
        return Failure {at(kTableData), QStringLiteral("expected an array of items")};
    readItems(tableData, declared, aliasToKey, versioned, context, &read);

    project.extra.insert(QLatin1String(WorkbenchModel::kExtraMember),
                         unusedMembers(root, tableJson));
    const QJsonObject metadata = root.value(kModelMetadata).toObject();
    project.name = root.value(QLatin1String("ModelName")).toString();
    if (project.name.isEmpty())
        project.name = tableName;
    project.description = metadata.value(QLatin1String("Description")).toString();
    return read;
}

} // namespace keyscope::model::workbench::detail
