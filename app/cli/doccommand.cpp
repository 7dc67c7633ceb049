// `keyscope doc (FILE | --example ID) -o OUT [--format md|html] [--seed N]`: the document a
// design review reads, with each access pattern's diagram (ui/export/designdocumentexport.h).

#include "app/cli/doccommand.h"

#include "app/cli/clisupport.h"
#include "model/io/suggestion.h"
#include "ui/examples/examplecatalog.h"
#include "ui/export/designdocumentexport.h"

namespace keyscope::cli {

namespace {

const QString kDocHelp = QStringLiteral(
    "usage: keyscope doc (FILE | --example ID) -o OUT [--format md|html] [--seed N]\n"
    "\n"
    "Writes the document a design review reads: the table and its indexes; each entity\n"
    "type with its key templates (and an example key from the populated items), its\n"
    "attributes and how their values are made; the access patterns in one table (index,\n"
    "key condition, direction, Limit, verdict, items read, RCU per request, and the rate\n"
    "and monthly cost where the design gives them), then each pattern with its Query, its\n"
    "verdict and its diagram at the last step; the check findings with their fixes; and\n"
    "the cost when the design declares rates or writes. The same design gives the same\n"
    "bytes.\n"
    "\n"
    "Options:\n"
    "  FILE              The project (*.keyscope.json).\n"
    "  --example ID      A built-in example's \"after\" design instead of FILE (ids: %1).\n"
    "  -o, --output OUT  The document. Markdown (OUT.md): each diagram is an SVG in\n"
    "                    OUT.assets/ beside it (pattern-1.svg, ...), linked, so the\n"
    "                    document renders on GitHub, GitLab and in any Markdown tool.\n"
    "                    HTML (OUT.html): one page with the diagrams inline, nothing\n"
    "                    fetched, printable on A4 or Letter. Written whole or not at all.\n"
    "  --format F        md or html (default: from the extension of OUT; .html is HTML).\n"
    "  --seed N          Populate with seed N instead of the project's.\n"
    "  --help            Show this help.\n"
    "\n"
    "Exit codes:\n"
    "  0    the document was written\n"
    "  252  command-line mistake (unknown or missing option, bad value)\n"
    "  255  the project could not be read, is invalid or does not populate, or the\n"
    "       document could not be written\n");

QStringList exampleIds(const ui::ExampleCatalog &examples)
{
    QStringList ids;
    for (const auto &entry : examples.entries())
        ids << entry.id;
    return ids;
}

std::variant<QString, int> projectPath(const ParsedOptions &options, const QString &usage,
                                       const ui::ExampleCatalog &examples)
{
    const auto example = options.value(QStringLiteral("--example"));
    if (!example) {
        if (const auto problem = fileArgumentProblem(options.positionals))
            return usageError(usage, *problem);
        return options.positionals.first();
    }
    if (!options.positionals.isEmpty())
        return usageError(usage, QStringLiteral("give FILE or --example, not both"));
    const ui::ExampleCatalog::Entry *entry = examples.entry(examples.rowOf(*example));
    const QStringList ids = exampleIds(examples);
    if (!entry || !entry->after())
        return usageError(
            usage,
            QStringLiteral("unknown example '%1'%2 (choose from: %3)")
                .arg(*example, model::didYouMean(*example, ids), ids.join(QStringLiteral(", "))));
    return entry->after()->path;
}

// -o OUT, --format (from OUT's extension by default) and --seed.
std::optional<int> readOutput(const ParsedOptions &options, const QString &usage,
                              ui::DesignDocumentRequest &request)
{
    request.outputPath = options.value(QStringLiteral("--output")).value_or(QString());
    if (request.outputPath.isEmpty())
        return usageError(usage,
                          QStringLiteral("the following arguments are required: -o/--output"));
    const bool htmlName = request.outputPath.endsWith(QStringLiteral(".html"), Qt::CaseInsensitive);
    const QString format = options.value(QStringLiteral("--format"))
                               .value_or(htmlName ? QStringLiteral("html") : QStringLiteral("md"));
    if (format != QLatin1String("md") && format != QLatin1String("html"))
        return usageError(usage,
                          QStringLiteral("argument --format: invalid choice: '%1' "
                                         "(choose from 'md', 'html')")
                              .arg(format));
    request.html = format == QLatin1String("html");
    auto seed = parseSeed(options);
    if (auto *problem = std::get_if<QString>(&seed))
        return usageError(usage, *problem);
    request.seed = std::get<std::optional<quint64>>(seed);
    return refuseInputAsOutput(request.outputPath, {request.projectPath});
}

int writeDocument(ui::DesignDocumentRequest request)
{
    Progress progress;
    request.progress = [&progress](const QString &step) { progress.stage(step); };
    auto built = ui::buildDesignDocument(request);
    progress.finish();
    std::optional<QString> error;
    if (auto *why = std::get_if<QString>(&built))
        error = *why;
    else
        error = ui::writeDesignDocument(std::get<ui::DesignDocumentFiles>(built),
                                        {request.projectPath});
    if (error) {
        print(stderr, QStringLiteral("keyscope: error: %1\n").arg(*error));
        return kExitFile;
    }
    print(stderr, QStringLiteral("keyscope: wrote %1\n").arg(request.outputPath));
    return kExitOk;
}

} // namespace

int runDocCommand(const QStringList &args)
{
    ui::ExampleCatalog examples;
    examples.load(QStringLiteral(":/examples"));
    const QString help = kDocHelp.arg(exampleIds(examples).join(QStringLiteral(", ")));
    const QString usage = shortUsage(help, QStringLiteral("doc"));
    auto parsed = parseCommand(args,
                               {{QStringLiteral("--example"), true},
                                {QStringLiteral("--output"), true},
                                {QStringLiteral("--format"), true},
                                {QStringLiteral("--seed"), true}},
                               usage, help);
    if (const int *exitCode = std::get_if<int>(&parsed))
        return *exitCode;
    const ParsedOptions &options = std::get<ParsedOptions>(parsed);
    auto project = projectPath(options, usage, examples);
    if (const int *exitCode = std::get_if<int>(&project))
        return *exitCode;
    ui::DesignDocumentRequest request;
    request.projectPath = std::get<QString>(project);
    if (auto exitCode = readOutput(options, usage, request))
        return *exitCode;
    return writeDocument(request);
}

} // namespace keyscope::cli
