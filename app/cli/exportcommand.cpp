// `keyscope export FILE --pattern NAME [--step N|end] [--format svg|png|pdf|frames] [--animated]
// [--scale S] -o OUT`: the collection diagram of an access pattern's traversal at one step, as a
// file; or the whole traversal as an animated SVG or as PNG frames.

#include "app/cli/exportcommand.h"

#include "app/cli/clisupport.h"
#include "model/version.h"
#include "ui/export/diagramexporter.h"

namespace keyscope::cli {

namespace {

const QString kUsage = QStringLiteral(
    "usage: keyscope export (FILE | --example iot) --pattern NAME [--step N|end]\n"
    "                       [--format svg|png|pdf|frames] [--animated] [--scale S]\n"
    "                       -o OUT\n"
    "To see help text, you can run:\n"
    "\n"
    "  keyscope export --help\n");

const QString kHelp = QStringLiteral(
    "usage: keyscope export (FILE | --example iot) --pattern NAME [--step N|end]\n"
    "                       [--format svg|png|pdf|frames] [--animated] [--scale S]\n"
    "                       -o OUT\n"
    "\n"
    "Loads a Keyscope project (*.keyscope.json), populates it, runs the access pattern NAME\n"
    "and draws the item collection it reads at one step of its traversal, with the step's\n"
    "narration as a caption. Drawn with the export style (light, DejaVu fonts) through the\n"
    "same renderer as the app. Needs no display.\n"
    "\n"
    "Options:\n"
    "  --example iot   Use the built-in IoT example (after.keyscope.json) instead of FILE.\n"
    "  --pattern NAME  The access pattern to draw (required).\n"
    "  --step N|end    The traversal step, from 0 (default: end, the final state).\n"
    "  --format F      svg (text stays text), png or pdf (one page of the diagram's size).\n"
    "                  Default: from the extension of OUT.\n"
    "                  frames: the whole traversal as PNG files in the directory OUT,\n"
    "                  frame-000.png ... (one per step, the last is the final state) and\n"
    "                  frames.ffconcat, an index with durations for ffmpeg.\n"
    "  --animated      With svg: the whole traversal as one SVG that plays by itself and\n"
    "                  loops (CSS animation, no script), holding the final state 3 s.\n"
    "  --scale S       PNG pixels per diagram pixel (default 1; 2 for high-DPI screens).\n"
    "  -o, --output OUT  The file to write.\n"
    "  --help          Show this help.\n"
    "\n"
    "Identical inputs give byte-identical SVG (no timestamps or random ids).\n"
    "\n"
    "Exit codes:\n"
    "  0    the file was written\n"
    "  252  command-line mistake (unknown option, unknown pattern, step out of range)\n"
    "  255  the project could not be read, populated or run, or OUT could not be written\n");

const QStringList kExamples = {QStringLiteral("iot")};

} // namespace

int runExportCommand(const QStringList &args)
{
    // -o is the one short option; the parser knows only long ones.
    QStringList normalized;
    for (const QString &arg : args) {
        if (arg == u"-o")
            normalized << QStringLiteral("--output");
        else if (arg.startsWith(u"-o") && !arg.startsWith(u"--"))
            normalized << QStringLiteral("--output=") + arg.mid(2);
        else
            normalized << arg;
    }
    auto parsed = parseOptions(normalized,
                               {{QStringLiteral("--pattern"), true},
                                {QStringLiteral("--step"), true},
                                {QStringLiteral("--format"), true},
                                {QStringLiteral("--scale"), true},
                                {QStringLiteral("--output"), true},
                                {QStringLiteral("--example"), true},
                                {QStringLiteral("--animated"), false},
                                {QStringLiteral("--help"), false},
                                {QStringLiteral("--version"), false}});
    if (auto *message = std::get_if<QString>(&parsed))
        return usageError(kUsage, *message);
    const ParsedOptions &options = std::get<ParsedOptions>(parsed);
    if (options.has(QStringLiteral("--help"))) {
        print(stdout, kHelp);
        return kExitOk;
    }
    if (options.has(QStringLiteral("--version"))) {
        print(stdout, QStringLiteral("keyscope %1\n").arg(model::versionString()));
        return kExitOk;
    }

    ui::ExportRequest request;
    if (auto example = options.value(QStringLiteral("--example"))) {
        if (!kExamples.contains(*example))
            return usageError(kUsage,
                              QStringLiteral("unknown example '%1' (choose from: %2)")
                                  .arg(*example, kExamples.join(u", ")));
        if (!options.positionals.isEmpty())
            return usageError(kUsage, QStringLiteral("give FILE or --example, not both"));
        request.projectPath = QStringLiteral(":/examples/%1/after.keyscope.json").arg(*example);
    } else {
        if (options.positionals.isEmpty())
            return usageError(kUsage, QStringLiteral("the following arguments are required: FILE"));
        if (options.positionals.size() > 1)
            return usageError(kUsage,
                              QStringLiteral("unrecognized arguments: %1")
                                  .arg(options.positionals.mid(1).join(u' ')));
        request.projectPath = options.positionals.first();
    }

    const auto pattern = options.value(QStringLiteral("--pattern"));
    if (!pattern || pattern->isEmpty())
        return usageError(kUsage,
                          QStringLiteral("the following arguments are required: --pattern"));
    request.pattern = *pattern;
    const auto output = options.value(QStringLiteral("--output"));
    if (!output || output->isEmpty())
        return usageError(kUsage,
                          QStringLiteral("the following arguments are required: -o/--output"));
    request.outputPath = *output;
    request.animated = options.has(QStringLiteral("--animated"));

    if (auto step = options.value(QStringLiteral("--step")); step && *step != u"end") {
        bool ok = false;
        const int n = step->toInt(&ok);
        if (!ok || n < 0)
            return usageError(kUsage,
                              QStringLiteral("argument --step: expected a step number "
                                             "from 0, or 'end', got '%1'")
                                  .arg(*step));
        request.step = n;
    }
    if (auto format = options.value(QStringLiteral("--format"))) {
        request.format = ui::exportFormatNamed(*format);
        if (!request.format)
            return usageError(kUsage,
                              QStringLiteral("argument --format: invalid choice: '%1' "
                                             "(choose from 'svg', 'png', 'pdf', 'frames')")
                                  .arg(*format));
    } else if (!ui::exportFormatForPath(request.outputPath)) {
        return usageError(kUsage,
                          QStringLiteral("cannot tell the format from '%1': use "
                                         "--format svg|png|pdf|frames")
                              .arg(request.outputPath));
    }
    if (auto scale = options.value(QStringLiteral("--scale"))) {
        bool ok = false;
        request.scale = scale->toDouble(&ok);
        if (!ok || !(request.scale > 0) || request.scale > 16)
            return usageError(kUsage,
                              QStringLiteral("argument --scale: expected a number "
                                             "above 0 and at most 16, got '%1'")
                                  .arg(*scale));
    }

    const ui::ExportError error = ui::exportDiagram(request);
    switch (error.kind) {
    case ui::ExportError::Kind::None:
        return kExitOk;
    case ui::ExportError::Kind::Request:
        return usageError(kUsage, error.message);
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

} // namespace keyscope::cli
