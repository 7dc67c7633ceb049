#include "model/interop/interopjson.h"
#include "model/interop/mcpdatamodel.h"
#include "model/interop/mcpdatamodelparts.h"
#include "model/io/jsonwriter.h"
#include "model/io/tabledefinitionfile.h"
#include "model/value/dynamojson.h"

#include <QJsonArray>

namespace keyscope::model {

namespace mcpdmwriter {

QJsonObject createTable(const Project &project)
{
    return QJsonDocument::fromJson(JsonWriter::write(interopjson::createTableJson(project)))
        .object();
}

// The table as the file gave it while it still describes the project's table, else as
// create-table JSON.
QJsonObject tableJson(const Project &project)
{
    const QJsonObject kept = project.extra.value(QLatin1String(McpDataModel::kExtraMember))
                                 .toObject()
                                 .value(QLatin1String("table"))
                                 .toObject();
    auto definition = TableDefinitionFile::fromDocument(QJsonDocument(kept), QString());
    if (kept.isEmpty() || !std::holds_alternative<TableDefinition>(definition))
        return createTable(project);
    const Project keptProject
        = interopjson::projectForTable(std::get<TableDefinition>(definition), kept);
    return createTable(keptProject) == createTable(project) ? kept : createTable(project);
}

QJsonArray putRequests(const ItemList &items)
{
    QJsonArray requests;
    for (size_t i = 0; i < items.size(); ++i)
        requests.append(QJsonObject {
            {QStringLiteral("PutRequest"),
             QJsonObject {{QStringLiteral("Item"), dynamojson::itemToJson(items[i])}}}});
    return requests;
}

// A Query pattern: the imported one while its command line still makes the same pattern.
QJsonObject queryPattern(const AccessPattern &pattern, const QString &table, qsizetype number)
{
    const QJsonObject kept
        = pattern.extra.value(QLatin1String(McpDataModel::kExtraMember)).toObject();
    const QString current = mcpdm::implementationOf(pattern, table);
    QSet<QString> names;
    auto imported = mcpdm::patternFromImplementation(kept, names);
    if (const auto *was = std::get_if<AccessPattern>(&imported);
        was && mcpdm::implementationOf(*was, table) == current)
        return kept;
    QJsonObject out = kept;
    if (out.isEmpty())
        out.insert(QStringLiteral("pattern"), QString::number(number));
    out.insert(QStringLiteral("description"),
               pattern.description.isEmpty() ? pattern.name : pattern.description);
    out.insert(QStringLiteral("table"), table);
    if (pattern.indexName.isEmpty())
        out.remove(QStringLiteral("index"));
    else
        out.insert(QStringLiteral("index"), pattern.indexName);
    out.insert(QStringLiteral("dynamodb_operation"), QStringLiteral("Query"));
    out.insert(QStringLiteral("implementation"), current);
    return out;
}

} // namespace mcpdmwriter

QByteArray McpDataModel::serialize(const Project &project, const ItemList &items)
{
    const QString table = project.table.tableName;
    QJsonArray patterns;
    for (size_t i = 0; i < project.accessPatterns.size(); ++i)
        patterns.append(
            mcpdmwriter::queryPattern(project.accessPatterns[i], table, qsizetype(i) + 1));
    // Only a data model's operations: a schema keeps its own shape of them.
    const QJsonObject kept = project.extra.value(QLatin1String(kExtraMember)).toObject();
    if (kept.contains(QLatin1String("table"))) {
        for (const QJsonValue &operation : kept.value(QLatin1String("operations")).toArray())
            patterns.append(operation);
    }
    const QJsonObject root {
        {QStringLiteral("tables"), QJsonArray {mcpdmwriter::tableJson(project)}},
        {QStringLiteral("items"), QJsonObject {{table, mcpdmwriter::putRequests(items)}}},
        {QStringLiteral("access_patterns"), patterns}};
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

} // namespace keyscope::model
