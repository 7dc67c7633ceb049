#include "model/design/recovery/recoveryrun.h"
#include "model/interop/interopfile.h"
#include "model/interop/interopjson.h"
#include "model/interop/mcpdatamodel.h"
#include "model/interop/mcpdatamodelparts.h"
#include "model/io/itemsfile.h"
#include "model/io/tabledefinitionfile.h"
#include "model/io/wording.h"

#include <QJsonArray>

namespace keyscope::model {

namespace mcpdmreader {

using mcpdm::Failure;

QString refusal(const std::vector<McpDataModel::Problem> &problems)
{
    QString text = problems.front().message;
    if (problems.size() > 1) {
        QStringList more;
        for (size_t i = 1; i < problems.size(); ++i)
            more << problems[i].path + QStringLiteral(": ") + problems[i].message;
        text += QStringLiteral("; and %1 more (the assistant's own checks): %2")
                    .arg(problems.size() - 1)
                    .arg(more.join(QStringLiteral("; ")));
    }
    return text;
}

// The table's PutRequest items; those that do not fit the table are left out with a note.
std::variant<ItemList, Failure> tableItems(const QJsonObject &root, const TableDefinition &table,
                                           const QString &source, QStringList &notes)
{
    const QJsonValue requests
        = root.value(QLatin1String("items")).toObject().value(table.tableName);
    if (requests.isUndefined())
        return ItemList();
    const QJsonDocument batch(QJsonObject {{table.tableName, requests}});
    auto read = ItemsFile::fromDocument(batch, source, table, ItemsFile::BadItems::LeaveOut);
    if (auto *error = std::get_if<IoError>(&read))
        return Failure {QStringLiteral("items.") + error->path, error->message};
    ItemsFile::Contents contents = std::get<ItemsFile::Contents>(std::move(read));
    if (!contents.items.empty()) {
        if (auto error = InteropFile::leaveOutUnfitItems(contents, table, source))
            return Failure {QStringLiteral("items.") + error->path, error->message};
    }
    for (const QString &note : contents.notes)
        notes << note;
    return std::move(contents.items);
}

std::variant<Project, Failure> readTable(const QJsonObject &root, qsizetype index,
                                         const QString &source, QStringList &notes)
{
    const QString path = QStringLiteral("tables[%1]").arg(index);
    const QJsonObject tableJson
        = root.value(QLatin1String("tables")).toArray().at(index).toObject();
    auto definition = TableDefinitionFile::fromDocument(QJsonDocument(tableJson), source);
    if (auto *error = std::get_if<IoError>(&definition))
        return Failure {error->path.isEmpty() ? path : path + u'.' + error->path, error->message};
    const TableDefinition &table = std::get<TableDefinition>(definition);
    auto items = tableItems(root, table, source, notes);
    if (auto *failure = std::get_if<Failure>(&items))
        return *failure;
    Project project = interopjson::projectForTable(table, tableJson);
    project.name = table.tableName;
    project.description = QStringLiteral("Imported from the AWS DynamoDB MCP data model %1 (%2)")
                              .arg(source.section(u'/', -1), path);
    project.items = std::get<ItemList>(std::move(items));
    if (!project.items.empty())
        project = recovery::inferProject(project).project;
    return project;
}

std::optional<Failure> addPatterns(Project &project, const QJsonObject &root, const QString &source,
                                   QStringList &notes)
{
    mcpdm::PatternSink sink {source, &notes, {}, {}};
    const QJsonArray patterns = root.value(QLatin1String("access_patterns")).toArray();
    for (qsizetype i = 0; i < patterns.size(); ++i) {
        const QJsonObject pattern = patterns.at(i).toObject();
        if (pattern.value(QLatin1String("table")).toString() != project.table.tableName)
            continue;
        if (auto failure = mcpdm::convertPattern(
                project, pattern, QStringLiteral("access_patterns[%1]").arg(i), sink))
            return failure;
    }
    QJsonObject extra {{QStringLiteral("table"), project.tableJson}};
    if (!sink.operations.isEmpty())
        extra.insert(QStringLiteral("operations"), sink.operations);
    project.extra.insert(QLatin1String(McpDataModel::kExtraMember), extra);
    return std::nullopt;
}

// The patterns no table takes (no "table", or one the file does not define).
void noteTablelessPatterns(const QJsonObject &root, const QStringList &tableNames,
                           const QString &source, QStringList &notes)
{
    const QJsonArray patterns = root.value(QLatin1String("access_patterns")).toArray();
    for (qsizetype i = 0; i < patterns.size(); ++i) {
        const QJsonObject pattern = patterns.at(i).toObject();
        const QString table = pattern.value(QLatin1String("table")).toString();
        if (tableNames.contains(table))
            continue;
        const QString reason = pattern.value(QLatin1String("reason")).toString();
        notes << QStringLiteral("%1: access_patterns[%2]: pattern %3 (\"%4\"): not run, %5")
                     .arg(source)
                     .arg(i)
                     .arg(pattern.value(QLatin1String("pattern")).toVariant().toString(),
                          pattern.value(QLatin1String("description")).toString(),
                          table.isEmpty() ? QStringLiteral("no table")
                                  + (reason.isEmpty() ? QString() : QStringLiteral(": ") + reason)
                                          : QStringLiteral("the file has no table %1").arg(table));
    }
}

} // namespace mcpdmreader

bool McpDataModel::looksLike(const QJsonDocument &document)
{
    const QJsonObject root = document.object();
    const QJsonArray tables = root.value(QLatin1String("tables")).toArray();
    if (!tables.isEmpty() && tables.at(0).toObject().contains(QLatin1String("table_config")))
        return false;
    return root.contains(QLatin1String("tables"))
        && (root.contains(QLatin1String("items")) || root.contains(QLatin1String("access_patterns"))
            || tables.at(0).toObject().contains(QLatin1String("KeySchema")));
}

std::variant<McpSchema::Import, IoError> McpDataModel::fromDocument(const QJsonDocument &document,
                                                                    const QString &source,
                                                                    const QString &table)
{
    const auto fail = [&](const QString &path, const QString &message) {
        return IoError {source, 0, 0, path, message};
    };
    if (!document.isObject())
        return fail(QStringLiteral("root"), QStringLiteral("Input must be a dictionary"));
    const QJsonObject root = document.object();
    const std::vector<Problem> problems = validate(root);
    if (!problems.empty())
        return fail(problems.front().path, mcpdmreader::refusal(problems));
    McpSchema::Import result;
    const QJsonArray tables = root.value(QLatin1String("tables")).toArray();
    for (const QJsonValue &value : tables)
        result.tableNames << value.toObject().value(QLatin1String("TableName")).toString();
    if (!table.isEmpty() && !result.tableNames.contains(table))
        return fail(QStringLiteral("tables"),
                    QStringLiteral("the data model has no table \"%1\"; its tables: %2")
                        .arg(table, listedNames(result.tableNames)));
    for (qsizetype i = 0; i < tables.size(); ++i) {
        if (!table.isEmpty() && result.tableNames.at(i) != table)
            continue;
        auto read = mcpdmreader::readTable(root, i, source, result.notes);
        if (auto *failure = std::get_if<mcpdm::Failure>(&read))
            return fail(failure->path, failure->message);
        Project &project = std::get<Project>(read);
        if (auto failure = mcpdmreader::addPatterns(project, root, source, result.notes))
            return fail(failure->path, failure->message);
        result.projects.push_back(std::move(project));
    }
    mcpdmreader::noteTablelessPatterns(root, result.tableNames, source, result.notes);
    return result;
}

} // namespace keyscope::model
