// `keyscope infer IN [IN...] [-o OUT.keyscope.json] [--json] [--table NAME]`

#include "app/cli/infercommand.h"

#include "app/cli/clisupport.h"
#include "app/cli/interopinputs.h"
#include "model/design/projectfile.h"
#include "model/design/recovery/keyschemaguess.h"
#include "model/design/recovery/recoveryrun.h"
#include "model/io/wording.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace keyscope::cli {

namespace {

using namespace keyscope::model;
using namespace keyscope::model::recovery;

const QString kInferHelp = QStringLiteral(
    "usage: keyscope infer IN [IN...] [-o OUT.keyscope.json] [--json] [--table NAME]\n"
    "\n"
    "Recovers a design from items: groups them by the shape of their key values (literal\n"
    "prefixes such as ORDER#, separators, and the typed parts between them: integers and\n"
    "their padding, ISO-8601 and display dates, epoch times, UUIDs, KSUIDs, ULIDs, hex,\n"
    "upper/lower/mixed-case text) across the table's keys and every index key, and turns\n"
    "each group into an entity type with key templates. Placeholders name the items' own\n"
    "attributes where one holds the same value (ORDER#{OrderDate}#{OrderId}); parents come\n"
    "from shared partition values; generators reproduce the values' ranges and formats, so\n"
    "the recovered design populates to as many items as you like once you give its entity\n"
    "types a count. The inferred entity types describe the items without generating any:\n"
    "every item is kept exactly as it is, and the checks read them.\n"
    "\n"
    "IN is any file `keyscope convert` reads: a Keyscope project, a NoSQL Workbench model\n"
    "(facets name the entity types), a CloudFormation template or create-table JSON with\n"
    "items files, scan output, a batch-write request, a JSON array of items, CSV. Items\n"
    "without a table take their keys from attributes named PK/SK (pk/sk, PartitionKey/\n"
    "SortKey, HashKey/RangeKey, id).\n"
    "\n"
    "Prints a report: each entity type with its templates, how sure the inference is and\n"
    "why (how many items match, which do not), and the items that match no entity type.\n"
    "Run `keyscope check` on the result to see what the design and the items get wrong.\n"
    "\n"
    "Options:\n"
    "  -o, --output OUT  Write the project with the inferred entity types and every\n"
    "                    item to OUT (a *.keyscope.json project).\n"
    "  --json            Print the report as JSON.\n"
    "  --table NAME      Pick one table of a Workbench model or CloudFormation template.\n"
    "  --help            Show this help.\n"
    "\n"
    "Exit codes:\n"
    "  0    inferred (the report says how much)\n"
    "  252  command-line mistake (unknown option, several tables without --table)\n"
    "  255  an input could not be read or is invalid, items without recognisable keys, or\n"
    "       the output could not be written\n");

const QString kInferUsage = shortUsage(kInferHelp, QStringLiteral("infer"));

} // namespace

int runInferCommand(const QStringList &args)
{
    auto parsed = parseInputsCommand(args,
                                     {{QStringLiteral("--output"), true},
                                      {QStringLiteral("--json"), false},
                                      {QStringLiteral("--table"), true}},
                                     kInferUsage, kInferHelp);
    if (const int *exitCode = std::get_if<int>(&parsed))
        return *exitCode;
    const ParsedOptions &options = std::get<ParsedOptions>(parsed);
    const QString out = options.value(QStringLiteral("--output")).value_or(QString());
    const QString table = options.value(QStringLiteral("--table")).value_or(QString());
    if (!out.isEmpty()) {
        if (auto exitCode = refuseInputAsOutput(out, options.positionals))
            return *exitCode;
    }
    auto read = readInteropInputs(options.positionals, table, kInferUsage);
    if (const int *exitCode = std::get_if<int>(&read))
        return *exitCode;
    InteropInputs &inputs = std::get<InteropInputs>(read);

    Project project;
    RecoveryOptions recoveryOptions;
    if (inputs.projects.empty()) {
        QString why;
        auto keys = guessTableKeys(inputs.looseItems, &why);
        if (!keys) {
            print(stderr,
                  QStringLiteral("keyscope: error: %1: cannot tell the table's keys: %2. "
                                 "Give the table as well (create-table JSON, a CloudFormation "
                                 "template or a project) before the items files.\n")
                      .arg(options.positionals.join(u", "), why));
            return kExitFile;
        }
        project.table = *keys;
        project.table.tableName = !table.isEmpty() ? table : inputs.looseTable;
        project.name = project.table.tableName;
        project.items = std::move(inputs.looseItems);
    } else if (inputs.projects.size() > 1) {
        return usageError(kInferUsage,
                          QStringLiteral("%1 has %2 tables (%3): pick one with --table NAME")
                              .arg(inputs.designPath)
                              .arg(inputs.projects.size())
                              .arg(listedNames(inputs.tableNames)));
    } else {
        project = std::move(inputs.projects.front());
        recoveryOptions.hints = std::move(inputs.hints.front());
    }

    Progress progress;
    recoveryOptions.progress = [&progress](qsizetype done, qsizetype total) {
        progress.update(QStringLiteral("inferring"), done, total);
        return true;
    };
    const InferredProject inferred = inferProject(project, recoveryOptions);
    progress.finish();

    if (options.has(QStringLiteral("--json"))) {
        QJsonObject json
            = DesignRecovery::reportJson(inferred.result, project.items, project.table);
        if (!out.isEmpty())
            json.insert(QStringLiteral("output"), out);
        print(stdout, QJsonDocument(json).toJson(QJsonDocument::Indented));
    } else {
        print(stdout, DesignRecovery::report(inferred.result, project.items, project.table));
    }
    if (!out.isEmpty()) {
        if (auto error = ProjectFile::write(inferred.project, out)) {
            print(stderr, QStringLiteral("keyscope: error: %1\n").arg(error->toString()));
            return kExitFile;
        }
        print(stderr, QStringLiteral("keyscope: wrote %1\n").arg(out));
    }
    return kExitOk;
}

} // namespace keyscope::cli
