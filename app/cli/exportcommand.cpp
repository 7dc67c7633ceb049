// `keyscope export (FILE | --example ID) (--pattern NAME | QUERY OPTIONS) [--compare [FILE]]
//  [--step N|end] [--format svg|png|pdf|md|frames|html] [--animated] [--predict] [--scale S]
//  [--theme light|dark] [--background COLOR|transparent] [--no-legend] [--no-heading] [--seed N] -o
//  OUT`:
// the collection diagram of an access pattern's (or any Query's) traversal at one step; or the
// whole traversal as an animated SVG, as PNG frames or as a lesson page (HTML).

#include "app/cli/exportcommand.h"

#include "app/cli/clisupport.h"
#include "app/cli/queryarguments.h"
#include "app/cli/querycommand.h"
#include "model/io/suggestion.h"
#include "model/version.h"
#include "ui/examples/examplecatalog.h"
#include "ui/export/diagramexporter.h"

#include <QColor>

namespace keyscope::cli {

namespace {

const QString kExportHelp = QStringLiteral(
    "usage: keyscope export (FILE | --example ID) (--pattern NAME | QUERY OPTIONS)\n"
    "                       [--compare [FILE]] [--step N|end]\n"
    "                       [--format svg|png|pdf|md|frames|html] [--animated]\n"
    "                       [--predict] [--scale S]\n"
    "                       [--theme light|dark] [--background COLOR] [--no-legend]\n"
    "                       [--no-heading]\n"
    "                       [--rows auto|all|touched|FROM-TO] [--context N]\n"
    "                       [--seed N] -o OUT\n"
    "\n"
    "Loads a Keyscope project (*.keyscope.json), populates it, runs the access pattern NAME\n"
    "(or the Query the query options describe) and draws the item collection it reads at\n"
    "one step of its traversal, with a legend and the step's narration as a caption. Drawn\n"
    "with an export style (fixed colours per theme, DejaVu fonts) through the same renderer\n"
    "as the app, never the desktop theme. Needs no display.\n"
    "\n"
    "What to draw:\n"
    "  FILE              The project.\n"
    "  --example ID      A built-in example's \"after\" design instead of FILE (ids: %1).\n"
    "  --pattern NAME    The access pattern to draw.\n"
    "  QUERY OPTIONS     Instead of --pattern, any Query on the populated project, with the\n"
    "                    options of `keyscope query` (--key-condition-expression,\n"
    "                    --expression-attribute-values, --expression-attribute-names,\n"
    "                    --index-name, --filter-expression, --scan-index-forward |\n"
    "                    --no-scan-index-forward, --limit, --exclusive-start-key,\n"
    "                    --table-name, ...; see `keyscope query --help`).\n"
    "  --compare FILE    Before/after: draw FILE's run of the same pattern or Query beside\n"
    "                    the first (left \"Before\", right \"After\"), each with its title,\n"
    "                    legend and caption. With --example ID and no FILE: the example's\n"
    "                    before design beside its after design.\n"
    "  --seed N          Populate with seed N instead of the project's.\n"
    "  --step N|end      The traversal step, from 0 (default: end, the final state).\n"
    "\n"
    "How:\n"
    "  --format F        svg (text stays text), png, pdf (one vector page of the diagram's\n"
    "                    size, text extractable) or md (a Markdown table of the collection\n"
    "                    in sort-key order with each row's result number and fate).\n"
    "                    Default: from the extension of OUT (.svg .png .pdf .md .html).\n"
    "                    frames: the whole traversal as PNG files in the directory OUT,\n"
    "                    frame-000.png ... (one per step, the last is the final state) and\n"
    "                    frames.ffconcat, an index with durations for ffmpeg.\n"
    "                    html: a lesson page, one self-contained HTML file (.html) that\n"
    "                    plays the traversal in a browser, from disk or in an iframe:\n"
    "                    play/pause, step, scrub, speed, each step's narration, the\n"
    "                    legend and keys (Space, Left/Right, Page Up/Down, Home/End).\n"
    "                    With --compare, both designs play in step.\n"
    "  --animated        With svg: the whole traversal as one SVG that plays by itself and\n"
    "                    loops (CSS animation, no script), holding the final state 3 s.\n"
    "  --predict         With html: predict mode, as in the app: before each step the\n"
    "                    page asks what happens next, checks the answer, explains it\n"
    "                    and keeps the score.\n"
    "  --scale S         PNG pixels per diagram pixel, 0.1 to 16 (default 1; 2 for high-DPI\n"
    "                    screens); the PNG is at most 32767 pixels a side, 100 million in all.\n"
    "  --theme T         light (default) or dark: the export style's colours.\n"
    "  --background C    The page behind the diagram: transparent, white, or any colour\n"
    "                    (#RRGGBB or an SVG colour name). Default: white for the\n"
    "                    light theme, the dark theme's own page colour for dark.\n"
    "  --no-legend       Leave out the legend (entity colours and trace marks).\n"
    "  --no-heading      Leave out the heading under the legend: the design's and the\n"
    "                    pattern's names and the Query in one line.\n"
    "  --rows W          Which rows a picture draws (Markdown keeps every row):\n"
    "                    auto (default): every row up to 5000, else 'touched';\n"
    "                    touched: the rows the traversal touches (seek probes, rows\n"
    "                    read, the key condition's bounds, the page end), --context\n"
    "                    rows around the rows read and the bounds, the rows between\n"
    "                    elided with their count (\u22ee 41,203 rows above) and\n"
    "                    every row numbered (#41,204);\n"
    "                    all: every row (refused over 5000); FROM-TO: rows FROM to TO\n"
    "                    (1-based positions in the collection).\n"
    "  --context N       Rows kept around the rows read and the bounds (default 3).\n"
    "  -o, --output OUT  The file to write (atomically: an old OUT stays intact on failure;\n"
    "                    frames: all of them or none), or - for standard output.\n"
    "  --help            Show this help.\n"
    "\n"
    "Identical inputs give byte-identical SVG, Markdown and HTML (no timestamps or random\n"
    "ids).\n"
    "Sort and partition keys too long for their column are shortened with '…'; the SVG keeps\n"
    "each full key in a <title> (shown on hover, found by search).\n"
    "\n"
    "Exit codes:\n"
    "  0    the file was written\n"
    "  252  command-line mistake (unknown option, unknown pattern, step out of range)\n"
    "  254  the Query is rejected as DynamoDB would reject it\n"
    "  255  the project could not be read, populated or run, or OUT could not be written\n");

const QString kExportUsage = shortUsage(kExportHelp, QStringLiteral("export"));

// Options of `keyscope query` that do not apply to an export (its inputs and output).
const QStringList kQueryOnly = {QStringLiteral("--table-definition"),
                                QStringLiteral("--items"),
                                QStringLiteral("--project"),
                                QStringLiteral("--seed"),
                                QStringLiteral("--trace"),
                                QStringLiteral("--help"),
                                QStringLiteral("--version")};

// Marks a bare --compare (with --example: the example's before design).
const QString kExampleBefore = QStringLiteral("\x01before");

QString optionName(const QString &arg)
{
    const qsizetype equals = arg.indexOf(QLatin1Char('='));
    return equals > 0 ? arg.left(equals) : arg;
}

// -o is the one short option; the parser knows only long ones. Query options go to the
// query parser (`keyscope query`'s own), the rest to the export's.
void splitArguments(const QStringList &args, QStringList *exportArgs, QStringList *queryArgs)
{
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString &arg = args.at(i);
        if (arg == u"-o") {
            *exportArgs << QStringLiteral("--output");
            continue;
        }
        if (arg.startsWith(u"-o") && !arg.startsWith(u"--")) {
            *exportArgs << QStringLiteral("--output=") + arg.mid(2);
            continue;
        }
        const QString name = optionName(arg);
        const auto takesValue = name.startsWith(u"--") && !kQueryOnly.contains(name)
            ? QueryArgumentParser::optionTakesValue(name)
            : std::nullopt;
        if (takesValue) {
            *queryArgs << arg;
            if (*takesValue && !arg.contains(QLatin1Char('=')) && i + 1 < args.size())
                *queryArgs << args.at(++i);
            continue;
        }
        // A bare --compare (nothing or another option after it, -o included).
        if (arg == u"--compare" && (i + 1 == args.size() || args.at(i + 1).startsWith(u'-'))) {
            *exportArgs << QStringLiteral("--compare=") + kExampleBefore;
            continue;
        }
        *exportArgs << arg;
    }
}

// What to draw: FILE or --example, and --compare. An exit code on a mistake.
std::optional<int> readProjects(const ParsedOptions &options, const ui::ExampleCatalog &examples,
                                const QStringList &exampleIds, ui::ExportRequest *request)
{
    std::optional<QString> compare = options.value(QStringLiteral("--compare"));
    if (auto example = options.value(QStringLiteral("--example"))) {
        const int row = examples.rowOf(*example);
        const ui::ExampleCatalog::Entry *entry = examples.entry(row);
        if (!entry || !entry->after()) {
            const QString guess = model::closestMatch(*example, exampleIds);
            return usageError(kExportUsage,
                              QStringLiteral("unknown example '%1'%2 (choose from: %3)")
                                  .arg(*example,
                                       guess.isEmpty()
                                           ? QString()
                                           : QStringLiteral("; did you mean '%1'?").arg(guess),
                                       exampleIds.join(u", ")));
        }
        if (!options.positionals.isEmpty())
            return usageError(kExportUsage, QStringLiteral("give FILE or --example, not both"));
        request->projectPath = entry->after()->path;
        if (compare == kExampleBefore) {
            if (!entry->before())
                return usageError(kExportUsage,
                                  QStringLiteral("the example '%1' has no before design; "
                                                 "give --compare FILE")
                                      .arg(*example));
            // Before on the left, after on the right.
            request->projectPath = entry->before()->path;
            compare = entry->after()->path;
        }
    } else {
        if (const auto problem = fileArgumentProblem(options.positionals))
            return usageError(kExportUsage, *problem);
        request->projectPath = options.positionals.first();
    }
    if (compare == kExampleBefore)
        return usageError(kExportUsage,
                          QStringLiteral("argument --compare: expected a project FILE "
                                         "(a bare --compare needs --example)"));
    if (compare)
        request->compareProjectPath = *compare;

    return std::nullopt;
}

// --pattern, or query options checked as `keyscope query` checks them against the project.
std::optional<int> readQuery(const ParsedOptions &options, const QStringList &queryArgs,
                             ui::ExportRequest *request)
{
    const auto pattern = options.value(QStringLiteral("--pattern"));
    if (pattern && !queryArgs.isEmpty())
        return usageError(kExportUsage,
                          QStringLiteral("give --pattern or query options (%1), not both")
                              .arg(optionName(queryArgs.first())));
    if (!queryArgs.isEmpty()) {
        // `keyscope query`'s own parsing and checks, against the project.
        auto query = QueryArgumentParser::parse(
            queryArgs + QStringList {QStringLiteral("--project"), request->projectPath});
        if (auto *error = std::get_if<UsageError>(&query))
            return usageError(kExportUsage, error->message);
        model::QueryRequest built;
        if (auto failure = buildQueryRequest(std::get<QueryArguments>(query), built)) {
            print(stderr, failure->message);
            return failure->exitCode;
        }
        request->query = built;
    } else if (!pattern || pattern->isEmpty()) {
        return usageError(kExportUsage,
                          QStringLiteral("the following arguments are required: "
                                         "--pattern (or query options such as "
                                         "--key-condition-expression)"));
    } else {
        request->pattern = *pattern;
    }

    return std::nullopt;
}

// -o, --animated, --seed, --step, --format and --scale.
std::optional<int> readOutput(const ParsedOptions &options, ui::ExportRequest *request)
{
    const auto output = options.value(QStringLiteral("--output"));
    if (!output || output->isEmpty())
        return usageError(kExportUsage,
                          QStringLiteral("the following arguments are required: -o/--output"));
    request->outputPath = *output;
    request->animated = options.has(QStringLiteral("--animated"));
    request->predict = options.has(QStringLiteral("--predict"));

    auto seed = parseSeed(options);
    if (auto *message = std::get_if<QString>(&seed))
        return usageError(kExportUsage, *message);
    request->seed = std::get<std::optional<quint64>>(seed);

    if (auto step = options.value(QStringLiteral("--step")); step && *step != u"end") {
        bool ok = false;
        const int n = step->toInt(&ok);
        if (!ok || n < 0)
            return usageError(kExportUsage,
                              QStringLiteral("argument --step: expected a step number "
                                             "from 0, or 'end', got '%1'")
                                  .arg(*step));
        request->step = n;
    }
    if (auto format = options.value(QStringLiteral("--format"))) {
        request->format = ui::exportFormatNamed(*format);
        if (!request->format)
            return usageError(kExportUsage,
                              QStringLiteral("argument --format: invalid choice: '%1' "
                                             "(choose from 'svg', 'png', 'pdf', 'md', 'frames', "
                                             "'html')")
                                  .arg(*format));
    } else if (!ui::exportFormatForPath(request->outputPath)) {
        return usageError(kExportUsage,
                          QStringLiteral("cannot tell the format from '%1': use "
                                         "--format svg|png|pdf|md|frames|html")
                              .arg(request->outputPath));
    }
    if (auto scale = options.value(QStringLiteral("--scale"))) {
        bool ok = false;
        request->scale = scale->toDouble(&ok);
        if (!ok || !ui::imageScaleProblem(request->scale).isEmpty())
            return usageError(kExportUsage,
                              QStringLiteral("argument --scale: expected a number from %1 to %2, "
                                             "got '")
                                      .arg(ui::kMinImageScale)
                                      .arg(ui::kMaxImageScale)
                                  + *scale + u'\'');
    }
    return std::nullopt;
}

// --theme, --background, --no-legend, --rows and --context.
std::optional<int> readLook(const ParsedOptions &options, ui::ExportRequest *request)
{
    if (auto theme = options.value(QStringLiteral("--theme"))) {
        if (*theme != u"light" && *theme != u"dark")
            return usageError(kExportUsage,
                              QStringLiteral("argument --theme: invalid choice: '%1' "
                                             "(choose from 'light', 'dark')")
                                  .arg(*theme));
        request->look.dark = *theme == u"dark";
    }
    if (auto background = options.value(QStringLiteral("--background"))) {
        const QColor color = QColor::fromString(*background);
        if (!color.isValid())
            return usageError(kExportUsage,
                              QStringLiteral("argument --background: '%1' is not a colour "
                                             "(use transparent, white, #RRGGBB or an SVG "
                                             "colour name)")
                                  .arg(*background));
        request->look.background = color;
    }
    request->look.legend = !options.has(QStringLiteral("--no-legend"));
    request->look.heading = !options.has(QStringLiteral("--no-heading"));
    {
        int context = 3;
        if (auto text = options.value(QStringLiteral("--context"))) {
            bool ok = false;
            context = text->toInt(&ok);
            if (!ok || context < 0 || context > 1000)
                return usageError(kExportUsage,
                                  QStringLiteral("argument --context: expected a number "
                                                 "of rows from 0 to 1000, got '%1'")
                                      .arg(*text));
        }
        auto window = ui::parseRowWindow(
            options.value(QStringLiteral("--rows")).value_or(QStringLiteral("auto")), context);
        if (auto *message = std::get_if<QString>(&window))
            return usageError(kExportUsage, QStringLiteral("argument --rows: %1").arg(*message));
        request->look.rows = std::get<ui::RowWindow>(window);
    }

    return std::nullopt;
}

int exitCode(const ui::ExportError &error)
{
    switch (error.kind) {
    case ui::ExportError::Kind::None:
        return kExitOk;
    case ui::ExportError::Kind::Request:
        return usageError(kExportUsage, error.message);
    case ui::ExportError::Kind::Rejected:
        print(stderr, QStringLiteral("keyscope: error: %1\n").arg(error.message));
        return kExitService;
    case ui::ExportError::Kind::Input: {
        QString text;
        for (const QString &line : error.message.split(QLatin1Char('\n')))
            text += QStringLiteral("keyscope: error: ") + line + QLatin1Char('\n');
        print(stderr, text);
        return kExitFile;
    }
    case ui::ExportError::Kind::Output:
        print(stderr, QStringLiteral("keyscope: error: %1\n").arg(error.message));
        return kExitFile;
    }
    return kExitFile;
}

} // namespace

int runExportCommand(const QStringList &args)
{
    QStringList exportArgs;
    QStringList queryArgs;
    splitArguments(args, &exportArgs, &queryArgs);
    auto parsed = parseOptions(exportArgs,
                               {{QStringLiteral("--pattern"), true},
                                {QStringLiteral("--step"), true},
                                {QStringLiteral("--format"), true},
                                {QStringLiteral("--scale"), true},
                                {QStringLiteral("--output"), true},
                                {QStringLiteral("--example"), true},
                                {QStringLiteral("--compare"), true},
                                {QStringLiteral("--theme"), true},
                                {QStringLiteral("--background"), true},
                                {QStringLiteral("--no-legend"), false},
                                {QStringLiteral("--no-heading"), false},
                                {QStringLiteral("--rows"), true},
                                {QStringLiteral("--context"), true},
                                {QStringLiteral("--animated"), false},
                                {QStringLiteral("--predict"), false},
                                {QStringLiteral("--seed"), true},
                                {QStringLiteral("--help"), false},
                                {QStringLiteral("--version"), false}});
    if (auto *message = std::get_if<QString>(&parsed))
        return usageError(kExportUsage, *message);
    const ParsedOptions &options = std::get<ParsedOptions>(parsed);

    ui::ExampleCatalog examples;
    examples.load(QStringLiteral(":/examples"));
    QStringList exampleIds;
    for (const auto &entry : examples.entries())
        exampleIds << entry.id;

    if (options.has(QStringLiteral("--help"))) {
        print(stdout, kExportHelp.arg(exampleIds.join(u", ")));
        return kExitOk;
    }
    if (options.has(QStringLiteral("--version"))) {
        print(stdout, QStringLiteral("keyscope %1\n").arg(model::versionString()));
        return kExitOk;
    }

    ui::ExportRequest request;
    if (auto exit = readProjects(options, examples, exampleIds, &request))
        return *exit;
    if (auto exit = readQuery(options, queryArgs, &request))
        return *exit;
    if (auto exit = readOutput(options, &request))
        return *exit;
    if (auto exit = readLook(options, &request))
        return *exit;
    if (auto exit = refuseInputAsOutput(request.outputPath,
                                        {request.projectPath, request.compareProjectPath}))
        return *exit;
    return exitCode(ui::exportDiagram(request));
}

} // namespace keyscope::cli
