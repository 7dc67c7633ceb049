// `keyscope cost FILE [--seed N] [--json] [--region R] [-o OUT]`: the capacity and the monthly
// cost of a design, from its access patterns run on its populated items (model/cost/).

#include "app/cli/costcommand.h"

#include "app/cli/clisupport.h"
#include "model/cost/costformat.h"
#include "model/io/atomicfile.h"
#include "model/io/jsonwriter.h"

namespace keyscope::cli {

namespace {

using namespace keyscope::model;

const QString kCostHelp = QStringLiteral(
    "usage: keyscope cost FILE [--seed N] [--json] [--region R] [-o OUT]\n"
    "\n"
    "What a design costs and where it runs hot. Populates the project, runs each access\n"
    "pattern's Query on the items (every page until the pattern's Limit, or to the end)\n"
    "and reports, per access pattern, the pages, items and bytes one request reads and its\n"
    "RCU exactly as ConsumedCapacity reports it (item sizes summed per page before the\n"
    "4 KB rounding; half for eventually consistent reads), the RCU per second at the\n"
    "pattern's \"rate\", and the monthly cost on demand and provisioned. Per entity type:\n"
    "the mean and largest item size, the WCU of one write (1 KB units) and the writes it\n"
    "causes in each index its items are projected into, at its declared \"writes\". Storage\n"
    "per table and index at the declared growth (\"countPerParent\"), with DynamoDB's\n"
    "100 bytes per item. Totals on demand beside provisioned, and the biggest cost.\n"
    "\n"
    "Figures the design does not give are assumed and listed under Assumptions: a pattern\n"
    "without \"rate\" runs once a second, an entity type without \"writes\" is not written.\n"
    "A month is 730 hours. Prices: us-east-1 unless --region or the project's \"prices\"\n"
    "member says otherwise (built in: %1).\n"
    "\n"
    "Options:\n"
    "  --json          JSON instead of Markdown: {\"design\", \"patterns\", \"entities\",\n"
    "                  \"storage\", \"totals\", \"biggestCost\", \"prices\", \"assumptions\"}.\n"
    "  --region R      Price the design in region R.\n"
    "  --seed N        Populate with seed N instead of the project's \"seed\".\n"
    "  -o, --output OUT\n"
    "                  Write the report to OUT (written whole or not at all) instead of\n"
    "                  standard output.\n"
    "  --help          Show this help.\n"
    "\n"
    "Exit codes:\n"
    "  0    the report was written\n"
    "  252  command-line mistake (unknown or missing option, bad value, unknown region)\n"
    "  255  the project could not be read, is invalid or does not populate\n");

QString costHelp()
{
    return kCostHelp.arg(PriceTable::builtInRegions().join(QStringLiteral(", ")));
}

int writeReport(const QByteArray &bytes, const QString &out)
{
    if (out.isEmpty()) {
        print(stdout, bytes);
        return kExitOk;
    }
    if (auto error = writeFileAtomically(out, bytes)) {
        print(stderr, QStringLiteral("keyscope: error: %1\n").arg(*error));
        return kExitFile;
    }
    print(stderr, QStringLiteral("keyscope: wrote %1\n").arg(out));
    return kExitOk;
}

} // namespace

int runCostCommand(const QStringList &args)
{
    const QString help = costHelp();
    const QString usage = shortUsage(help, QStringLiteral("cost"));
    auto parsed = parseFileCommand(args,
                                   {{QStringLiteral("--json"), false},
                                    {QStringLiteral("--region"), true},
                                    {QStringLiteral("--seed"), true},
                                    {QStringLiteral("--output"), true}},
                                   usage, help);
    if (const int *exitCode = std::get_if<int>(&parsed))
        return *exitCode;
    const FileCommand &command = std::get<FileCommand>(parsed);
    const ParsedOptions &options = command.options;
    const QString out = options.value(QStringLiteral("--output")).value_or(QString());
    const QString region = options.value(QStringLiteral("--region")).value_or(QString());
    if (!region.isEmpty() && !PriceTable::builtIn(region))
        return usageError(usage, std::get<QString>(PriceTable::forProject({}, region)));
    if (!out.isEmpty()) {
        if (auto exitCode = refuseInputAsOutput(out, {command.file}))
            return *exitCode;
    }
    auto loaded = loadProject(command.file);
    if (auto *exitCode = std::get_if<int>(&loaded))
        return *exitCode;
    const Project &project = std::get<Project>(loaded);

    Progress progress;
    auto prepared = DesignRun::prepare(project, command.seed, observer(progress));
    progress.finish();
    if (auto *error = std::get_if<DesignRunError>(&prepared)) {
        print(stderr,
              QStringLiteral("keyscope: error: %1: %2\n").arg(command.file, error->withPath()));
        return kExitFile;
    }
    CostOptions costOptions;
    costOptions.region = region;
    auto report = CostReport::compute(project, std::get<PreparedDesign>(prepared), costOptions);
    if (auto *error = std::get_if<QString>(&report)) {
        print(stderr,
              QStringLiteral("keyscope: error: %1: prices: %2\n").arg(command.file, *error));
        return kExitFile;
    }
    const CostReport &cost = std::get<CostReport>(report);
    const QByteArray bytes = options.has(QStringLiteral("--json"))
        ? JsonWriter::write(costJson(cost)) + '\n'
        : costMarkdown(cost);
    return writeReport(bytes, out);
}

} // namespace keyscope::cli
