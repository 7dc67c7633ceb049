#include "app/cli/interopinputs.h"

#include "app/cli/clisupport.h"
#include "model/design/projectfile.h"
#include "model/interop/interopfile.h"
#include "model/interop/mcpdatamodel.h"
#include "model/interop/mcpschema.h"
#include "model/io/inputfile.h"

#include <QJsonDocument>

#include <optional>

namespace keyscope::cli {

using namespace keyscope::model;

namespace {

void printNotes(const QStringList &notes)
{
    for (const QString &note : notes)
        print(stderr, QStringLiteral("keyscope: note: %1\n").arg(note));
}

// An MCP schema's usage data (--usage-data, or usage_data.json beside the schema) seeds the
// generators of its projects; prints the error and returns the exit code when it is invalid.
std::optional<int> applyUsageData(InteropFile::Input &input, const QString &schemaPath,
                                  const std::optional<QString> &usageData, bool allTables)
{
    if (auto error = InteropFile::applyUsageData(input, schemaPath, usageData, allTables))
        return fileError(*error);
    return std::nullopt;
}

} // namespace

std::variant<InteropInputs, int> readInteropInputs(const QStringList &paths, const QString &table,
                                                   const QString &usage,
                                                   const std::optional<QString> &usageData)
{
    InteropInputs inputs;
    // The design input first (it gives items files their table), then the items files.
    std::optional<InteropFile::Input> design;
    // Items files read before the table was known; read again for it when there is one (a
    // CSV's bare key columns take the key types).
    std::vector<std::pair<QString, InteropFile::Input>> itemsInputs;
    for (const QString &path : paths) {
        auto read = InteropFile::read(path, table);
        if (auto *error = std::get_if<IoError>(&read))
            return fileError(*error);
        auto &input = std::get<InteropFile::Input>(read);
        if (input.kind == InteropFile::Kind::Items) {
            itemsInputs.emplace_back(path, std::move(input));
            continue;
        }
        if (design)
            return usageError(usage,
                              QStringLiteral("both %1 and %2 describe a table; give one "
                                             "table and any number of items files")
                                  .arg(inputs.designPath, path));
        if (auto exitCode = applyUsageData(input, path, usageData, table.isEmpty()))
            return *exitCode;
        printNotes(input.notes);
        if (input.leftOut > 0) {
            qsizetype kept = 0;
            for (const Project &project : input.projects)
                kept += qsizetype(project.items.size());
            inputs.leftOut.push_back({path, input.leftOut, kept});
        }
        design = std::move(input);
        inputs.designPath = path;
    }
    if (design) {
        inputs.projects = std::move(design->projects);
        inputs.tableNames = design->tableNames;
        inputs.hints = std::move(design->hints);
        inputs.hints.resize(inputs.projects.size());
    }
    for (auto &[path, firstRead] : itemsInputs) {
        InteropFile::Input input = std::move(firstRead);
        if (!inputs.projects.empty()) {
            const TableDefinition &definition = inputs.projects.front().table;
            auto read = InteropFile::read(path, {}, definition);
            if (auto *error = std::get_if<IoError>(&read))
                return fileError(*error);
            input = std::get<InteropFile::Input>(std::move(read));
            if (auto error
                = InteropFile::leaveOutUnfitItems(input.items, definition, path, &input.notes))
                return fileError(*error);
        }
        printNotes(input.notes);
        if (input.items.leftOut > 0)
            inputs.leftOut.push_back(
                {path, input.items.leftOut, qsizetype(input.items.items.size())});
        if (inputs.looseTable.isEmpty())
            inputs.looseTable = input.items.tableName;
        inputs.looseItems.append(input.items.items);
    }
    if (!inputs.projects.empty()) {
        for (Project &project : inputs.projects)
            project.items.append(inputs.looseItems);
        inputs.looseItems.clear();
    }
    return inputs;
}

std::variant<std::vector<Project>, int> loadDesigns(const QString &path, const QString &table,
                                                    const std::optional<QString> &usageData)
{
    if (!path.endsWith(QLatin1String(ProjectFile::kSuffix), Qt::CaseInsensitive)) {
        auto bytes = InputFile::read(path);
        const QByteArray *data = std::get_if<QByteArray>(&bytes);
        // Only a file that names "tables" is parsed twice (a large project is not).
        const auto isMcp = [](const QJsonDocument &document) {
            return McpSchema::looksLike(document) || McpDataModel::looksLike(document);
        };
        if (data && data->contains("\"tables\"") && isMcp(QJsonDocument::fromJson(*data))) {
            auto read = InteropFile::parse(*data, path, table);
            if (auto *error = std::get_if<IoError>(&read)) {
                print(stderr, QStringLiteral("keyscope: error: %1\n").arg(error->toString()));
                return kExitFile;
            }
            auto &input = std::get<InteropFile::Input>(read);
            if (auto exitCode = applyUsageData(input, path, usageData, table.isEmpty()))
                return *exitCode;
            printNotes(input.notes);
            return std::move(input.projects);
        }
    }
    if (!table.isEmpty()) {
        print(stderr,
              QStringLiteral("keyscope: error: %1: --table picks a table of an AWS "
                             "DynamoDB MCP schema; a Keyscope project has one table\n")
                  .arg(path));
        return kExitUsage;
    }
    auto project = loadProject(path);
    if (auto *exitCode = std::get_if<int>(&project))
        return *exitCode;
    std::vector<Project> projects;
    projects.push_back(std::get<Project>(std::move(project)));
    return projects;
}

} // namespace keyscope::cli
