// `keyscope convert IN [IN...] -o OUT [--to FORMAT] [--table NAME | --all-tables] [--seed N]`

#include "app/cli/convertcommand.h"

#include "app/cli/clisupport.h"
#include "app/cli/interopinputs.h"
#include "model/design/recovery/keyschemaguess.h"
#include "model/design/recovery/recoveryrun.h"
#include "model/interop/interopfile.h"
#include "model/interop/itemsformats.h"
#include "model/io/wording.h"

#include <QDateTime>
#include <QFileInfo>

namespace keyscope::cli {

namespace {

using namespace keyscope::model;

const QString kConvertHelp = QStringLiteral(
    "usage: keyscope convert IN [IN...] -o OUT [--to FORMAT] [--table NAME | --all-tables]\n"
    "                        [--seed N] [--no-infer] [--skip-invalid] [--usage-data FILE]\n"
    "\n"
    "Converts between Keyscope projects and the files other DynamoDB tools use. Each IN is\n"
    "recognised by its content:\n"
    "  a Keyscope project (*.keyscope.json); a NoSQL Workbench data model (versions 1.0,\n"
    "  2.0, 3.0 and early files without a version); a CloudFormation template with\n"
    "  AWS::DynamoDB::Table resources, JSON or YAML (short forms such as !Ref and !Sub are\n"
    "  read; a !Ref of a parameter takes its Default); an AWS DynamoDB MCP schema\n"
    "  (schema.json: its Query patterns become access patterns, the other operations are\n"
    "  listed in the notes) or data model (dynamodb_data_model.json: its tables, items and\n"
    "  Query patterns, entity types inferred from the items even with --no-infer);\n"
    "  create-table JSON or describe-table output; items: a\n"
    "  batch-write-item request, scan output, a JSON array of items, or CSV with a header\n"
    "  row.\n"
    "At most one IN describes a table; items files add hand-written items to it, in order.\n"
    "Writing a Keyscope project from items that no entity type generates (a Workbench\n"
    "model's sample data, scan output, CSV) infers entity types and key templates from\n"
    "them, as `keyscope infer` does: the types describe the items, which are kept as they\n"
    "are (the types generate none); --no-infer writes no entity types. Items\n"
    "alone take their table keys from attributes named PK/SK (pk/sk, PartitionKey/SortKey,\n"
    "HashKey/RangeKey, id).\n"
    "\n"
    "FORMAT (--to; by default from OUT's name: *.keyscope.json keyscope, *.yaml/*.yml\n"
    "cloudformation-yaml, *.csv csv):\n"
    "  keyscope             a Keyscope project\n"
    "  workbench            a NoSQL Workbench 3.0 model: entity types as facets, the\n"
    "                       populated items as TableData, the whole project in the table's\n"
    "                       \"KeyscopeProject\" member (read back by Keyscope, so nothing is\n"
    "                       lost)\n"
    "  cloudformation       a template with one AWS::DynamoDB::Table resource, JSON\n"
    "  cloudformation-yaml  the same in YAML\n"
    "  create-table         `aws dynamodb create-table --cli-input-json` input\n"
    "  batch-write          batch-write-item requests of at most 25 puts: OUT itself when\n"
    "                       the items fit in one request, else OUT-001.json, OUT-002.json...\n"
    "                       (each ready for `aws dynamodb batch-write-item --request-items\n"
    "                       file://OUT-001.json`)\n"
    "  scan                 `aws dynamodb scan` output, {\"Items\": [...], \"Count\": ...}\n"
    "  csv                  a header row of `Name (T)` columns, one item per row\n"
    "  mcp-schema           schema.json of AWS's DynamoDB MCP server (its code generator's\n"
    "                       input): what the import kept, with the current key templates\n"
    "  mcp-data-model       its dynamodb_data_model.json: the table, the items as\n"
    "                       PutRequests, Query patterns as `aws dynamodb query` lines\n"
    "Items formats and workbench write the populated collection (generated items, then the\n"
    "hand-written ones; one item per primary key).\n"
    "\n"
    "Options:\n"
    "  -o, --output OUT  Where to write (\"-\" for standard output, one-file formats only).\n"
    "  --to FORMAT       The output format (above).\n"
    "  --table NAME      Pick one table of a Workbench model, CloudFormation template,\n"
    "                    MCP schema or data model (by TableName, or by logical id).\n"
    "  --all-tables      Convert every table, each to OUT with \"-<TableName>\" before the\n"
    "                    extension (\"-2\", \"-3\"... after a name another table's file\n"
    "                    already has).\n"
    "  --seed N          Populate with seed N instead of the project's.\n"
    "  --usage-data FILE An AWS DynamoDB MCP schema's usage_data.json: the values it gives\n"
    "                    an entity's non-key attributes become their generators' choices.\n"
    "                    Without it, usage_data.json beside the schema is read if present.\n"
    "  --no-infer        Keep items as hand-written items when writing a project.\n"
    "  --skip-invalid    Convert the items that can be read when others cannot (bad JSON,\n"
    "                    CSV rows that fail, items that do not fit the table, over 400 KB);\n"
    "                    without it such a conversion writes nothing (exit 255).\n"
    "  --help            Show this help.\n"
    "\n"
    "Notes (tables skipped, values that could not be resolved) go to standard error.\n"
    "\n"
    "Exit codes:\n"
    "  0    written\n"
    "  252  command-line mistake (unknown option, no output, unknown format, several\n"
    "       tables without --table or --all-tables, two inputs that both describe a table)\n"
    "  255  an input could not be read or is invalid (with its line and column, or JSON\n"
    "       path), items would be left out (without --skip-invalid), or an output could not\n"
    "       be written\n");

const QString kConvertUsage = shortUsage(kConvertHelp, QStringLiteral("convert"));

QString suffixed(const QString &path, const QString &tableName)
{
    QString safe;
    for (const QChar c : tableName)
        safe += c.isLetterOrNumber() || c == u'-' || c == u'_' ? c : QChar(u'_');
    const QString lower = path.toLower();
    for (const char *suffix : {".keyscope.json", ".json", ".yaml", ".yml", ".csv"}) {
        if (lower.endsWith(QLatin1String(suffix))) {
            const qsizetype cut = path.size() - qsizetype(qstrlen(suffix));
            return path.left(cut) + u'-' + safe + path.mid(cut);
        }
    }
    return path + u'-' + safe;
}

// --to, else the output's suffix.
std::variant<InteropFile::Format, int> outputFormat(const ParsedOptions &options,
                                                    const QString &out)
{
    std::optional<InteropFile::Format> format;
    if (const auto to = options.value(QStringLiteral("--to"))) {
        format = InteropFile::formatFromName(*to);
        if (!format)
            return usageError(kConvertUsage,
                              QStringLiteral("argument --to: invalid choice: '%1' (choose "
                                             "from %2)")
                                  .arg(*to, InteropFile::formatNames().join(u", ")));
    } else {
        format = InteropFile::formatFromPath(out);
        if (!format)
            return usageError(kConvertUsage,
                              QStringLiteral("cannot tell the output format from '%1': "
                                             "add --to FORMAT (%2)")
                                  .arg(out, InteropFile::formatNames().join(u", ")));
    }
    return *format;
}

// Items alone become a project when their keys can be told (PK/SK...), so a scan export
// converts to a design; nullopt (with the error printed) when they cannot.
std::optional<Project> projectOfItems(ItemList &looseItems, const QString &tableName,
                                      const QStringList &inputNames)
{
    QString why;
    auto keys = recovery::guessTableKeys(looseItems, &why);
    if (!keys) {
        print(stderr,
              QStringLiteral("keyscope: error: %1: cannot tell the table's keys: %2. "
                             "Give the table as well (create-table JSON, a CloudFormation "
                             "template or a project) before the items files.\n")
                  .arg(inputNames.join(u", "), why));
        return std::nullopt;
    }
    Project project;
    project.table = *keys;
    project.table.tableName = tableName;
    project.name = project.table.tableName;
    project.items = std::move(looseItems);
    return project;
}

// Projects whose design is only in their items get entity types inferred from them.
// "the one item", "both items", "all 12 items", "10 of the 12 items".
QString describedItems(qsizetype described, qsizetype total)
{
    if (described == total)
        return total == 1 ? QStringLiteral("the one item")
            : total == 2  ? QStringLiteral("both items")
                          : QStringLiteral("all %1 items").arg(total);
    return QStringLiteral("%1 of the %2")
        .arg(described)
        .arg(counted(total, QStringLiteral("item"), QStringLiteral("items")));
}

void inferEntityTypes(std::vector<Project> &projects,
                      const std::vector<std::vector<recovery::TypeHint>> &hints)
{
    for (size_t p = 0; p < projects.size(); ++p) {
        Project &project = projects[p];
        if (!recovery::designOnlyInItems(project))
            continue;
        const qsizetype itemCount = qsizetype(project.items.size());
        recovery::RecoveryOptions recoveryOptions;
        if (p < hints.size())
            recoveryOptions.hints = hints[p];
        auto inferred = recovery::inferProject(project, recoveryOptions);
        const qsizetype described = itemCount - qsizetype(inferred.result.unmatched.size());
        const QString table = project.table.tableName.isEmpty() ? QStringLiteral("the table")
                                                                : project.table.tableName;
        print(stderr,
              QStringLiteral("keyscope: note: inferred %1 describing %2 of %3; every item is "
                             "kept as it is, and the types generate none (`keyscope infer` "
                             "reports what was inferred; --no-infer writes no entity types)\n")
                  .arg(counted(qint64(inferred.result.proposals.size()),
                               QStringLiteral("entity type"), QStringLiteral("entity types")),
                       describedItems(described, itemCount), table));
        project = std::move(inferred.project);
    }
}

// Items alone, written in an items format.
int writeItemsOnly(InteropFile::Format format, const QString &tableName, const ItemList &looseItems,
                   const QString &out, const QStringList &inputs)
{
    if (!InteropFile::isItemsFormat(format))
        return usageError(kConvertUsage,
                          QStringLiteral("--to %1 needs a table: give a project, a "
                                         "Workbench model, a CloudFormation template "
                                         "or create-table JSON as well")
                              .arg(InteropFile::formatName(format)));
    Project itemsOnly;
    itemsOnly.table.tableName = tableName;
    if (itemsOnly.table.tableName.isEmpty() && format == InteropFile::Format::BatchWrite)
        return usageError(kConvertUsage,
                          QStringLiteral("batch-write requests name their table: add "
                                         "--table NAME"));
    auto written = InteropFile::write(format, itemsOnly, looseItems, out,
                                      QDateTime::currentDateTimeUtc(), inputs);
    if (auto *error = std::get_if<IoError>(&written))
        return fileError(*error);
    if (out != u"-")
        print(
            stderr,
            QStringLiteral("keyscope: wrote %1\n").arg(std::get<QStringList>(written).join(u", ")));
    return kExitOk;
}

// Each project's file: OUT, or with several projects OUT with "-<TableName>" before the
// extension. Table names that make one file name (`a.b` and `a_b` both give `OUT-a_b.json`)
// get "-2", "-3"... after the later ones, with a note: no table replaces another's file.
QStringList projectTargets(const std::vector<Project> &projects, const QString &out)
{
    if (projects.size() == 1)
        return {out};
    QStringList targets;
    for (const Project &project : projects) {
        const QString name = project.table.tableName;
        QString target = suffixed(out, name);
        for (int n = 2; targets.contains(target, Qt::CaseInsensitive); ++n)
            target = suffixed(out, name + u'-' + QString::number(n));
        if (target != suffixed(out, name))
            print(stderr,
                  QStringLiteral("keyscope: note: the table %1 is written to %2: %3 is another "
                                 "table's file\n")
                      .arg(name, target, suffixed(out, name)));
        targets << target;
    }
    return targets;
}

// Each project (with its populated items where the format holds items), one file a project
// when there are several.
int writeProjects(InteropFile::Format format, std::vector<Project> &projects,
                  const QString &designPath, std::optional<quint64> seed, const QString &out,
                  const QStringList &inputs)
{
    const QStringList targets = projectTargets(projects, out);
    for (std::size_t p = 0; p < projects.size(); ++p) {
        const Project &project = projects[p];
        ItemList items;
        if (InteropFile::isItemsFormat(format) || format == InteropFile::Format::Workbench
            || format == InteropFile::Format::McpDataModel) {
            auto populated = InteropFile::populatedItems(project, designPath, seed);
            if (auto *error = std::get_if<IoError>(&populated))
                return fileError(*error);
            items = std::get<ItemList>(std::move(populated));
        }
        const QString &target = targets.at(qsizetype(p));
        if (target == u"-" && format == InteropFile::Format::BatchWrite
            && items.size() > std::size_t(ItemsFormats::kBatchSize))
            return usageError(kConvertUsage,
                              QStringLiteral("%1 items need %2 batch-write files: give a "
                                             "file name to -o instead of -")
                                  .arg(items.size())
                                  .arg((items.size() + 24) / 25));
        auto written = InteropFile::write(format, project, items, target,
                                          QDateTime::currentDateTimeUtc(), inputs);
        if (auto *error = std::get_if<IoError>(&written))
            return fileError(*error);
        if (target != u"-")
            print(stderr,
                  QStringLiteral("keyscope: wrote %1\n")
                      .arg(std::get<QStringList>(written).join(u", ")));
    }
    return kExitOk;
}

// A conversion that leaves items out says so in its exit status: it writes nothing unless
// --skip-invalid accepts that, and never when an input's every item was left out. kExitOk to go
// on.
int refuseLeftOut(const InteropInputs &inputs, bool skipInvalid)
{
    qsizetype total = 0;
    for (const InteropInputs::LeftOut &leftOut : inputs.leftOut) {
        if (leftOut.kept == 0)
            return fileError(IoError {
                leftOut.path,
                0,
                0,
                {},
                QStringLiteral("no item could be read (%1 left out, the notes above say why); "
                               "nothing was written")
                    .arg(counted(leftOut.count, QStringLiteral("item"), QStringLiteral("items")))});
        total += leftOut.count;
    }
    if (total == 0 || skipInvalid)
        return kExitOk;
    print(stderr,
          QStringLiteral("keyscope: error: %1 would be left out (the notes above say "
                         "which and why), so nothing was written: fix them, or pass "
                         "--skip-invalid to convert the rest\n")
              .arg(counted(total, QStringLiteral("item"), QStringLiteral("items"))));
    return kExitFile;
}

} // namespace

int runConvertCommand(const QStringList &args)
{
    auto parsed = parseInputsCommand(args,
                                     {{QStringLiteral("--output"), true},
                                      {QStringLiteral("--to"), true},
                                      {QStringLiteral("--table"), true},
                                      {QStringLiteral("--all-tables"), false},
                                      {QStringLiteral("--seed"), true},
                                      {QStringLiteral("--no-infer"), false},
                                      {QStringLiteral("--skip-invalid"), false},
                                      {QStringLiteral("--usage-data"), true}},
                                     kConvertUsage, kConvertHelp);
    if (const int *exitCode = std::get_if<int>(&parsed))
        return *exitCode;
    const ParsedOptions &options = std::get<ParsedOptions>(parsed);
    const QString out = options.value(QStringLiteral("--output")).value_or(QString());
    if (out.isEmpty())
        return usageError(kConvertUsage,
                          QStringLiteral("the following arguments are required: -o/--output"));
    auto seed = parseSeed(options);
    if (auto *message = std::get_if<QString>(&seed))
        return usageError(kConvertUsage, *message);
    auto formatRead = outputFormat(options, out);
    if (const int *exitCode = std::get_if<int>(&formatRead))
        return *exitCode;
    const InteropFile::Format format = std::get<InteropFile::Format>(formatRead);
    const QString table = options.value(QStringLiteral("--table")).value_or(QString());
    const bool allTables = options.has(QStringLiteral("--all-tables"));
    if (allTables && !table.isEmpty())
        return usageError(kConvertUsage,
                          QStringLiteral("argument --all-tables: not allowed with --table"));

    if (auto exitCode = refuseInputAsOutput(out, options.positionals))
        return *exitCode;
    auto read = readInteropInputs(options.positionals, table, kConvertUsage,
                                  options.value(QStringLiteral("--usage-data")));
    if (const int *exitCode = std::get_if<int>(&read))
        return *exitCode;
    InteropInputs &inputs = std::get<InteropInputs>(read);
    if (const int exitCode = refuseLeftOut(inputs, options.has(QStringLiteral("--skip-invalid"))))
        return exitCode;
    if (inputs.projects.size() > 1 && !allTables)
        return usageError(kConvertUsage,
                          QStringLiteral("%1 has %2 tables (%3): pick one with --table "
                                         "NAME, or convert each with --all-tables")
                              .arg(inputs.designPath)
                              .arg(inputs.projects.size())
                              .arg(listedNames(inputs.tableNames)));
    std::vector<Project> projects = std::move(inputs.projects);
    ItemList &looseItems = inputs.looseItems;
    const QString &looseTable = inputs.looseTable;
    const bool infer
        = format == InteropFile::Format::Keyscope && !options.has(QStringLiteral("--no-infer"));
    if (projects.empty() && format == InteropFile::Format::Keyscope) {
        auto project = projectOfItems(looseItems, !table.isEmpty() ? table : looseTable,
                                      options.positionals);
        if (!project)
            return kExitFile;
        projects.push_back(std::move(*project));
    }
    if (infer)
        inferEntityTypes(projects, inputs.hints);
    if (projects.empty())
        return writeItemsOnly(format, !table.isEmpty() ? table : looseTable, looseItems, out,
                              options.positionals);
    return writeProjects(format, projects, inputs.designPath,
                         std::get<std::optional<quint64>>(seed), out, options.positionals);
}

} // namespace keyscope::cli
