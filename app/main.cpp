// Dispatcher only: `keyscope query|check|populate|keys|explain ...` runs a CLI subcommand under
// QCoreApplication (`export` under QGuiApplication, offscreen without a display);
// no arguments or a file argument starts the GUI (or a headless demo when there is no display).

#include "app/cli/checkcommand.h"
#include "app/cli/clisupport.h"
#include "app/cli/completecommand.h"
#include "app/cli/convertcommand.h"
#include "app/cli/costcommand.h"
#include "app/cli/doccommand.h"
#include "app/cli/explaincommand.h"
#include "app/cli/exportcommand.h"
#include "app/cli/infercommand.h"
#include "app/cli/keyscommand.h"
#include "app/cli/livecommand.h"
#include "app/cli/populatecommand.h"
#include "app/cli/querycommand.h"
#include "app/gui/gui.h"
#include "model/io/unicodetext.h"
#include "model/version.h"

#include <QCoreApplication>
#include <QGuiApplication>
#include <QStringList>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

void printUsage(std::FILE *out)
{
    std::fputs(
        "Usage:\n"
        "  keyscope [FILE...]         Run the GUI, opening each FILE; while one runs on\n"
        "                             this display, hand the files to its window\n"
        "  keyscope --new-instance [FILE...]\n"
        "                             Run another GUI even if one is running\n"
        "  keyscope query [ARGS...]   Run a Query against a table file (or a populated\n"
        "                             project, --project FILE) and print results\n"
        "  keyscope check FILE        Run a project's design checks and access patterns\n"
        "                             (exit 0: all pass; 1: something fails)\n"
        "  keyscope cost FILE         What a design costs: RCU, WCU, storage and dollars\n"
        "                             per access pattern and entity type\n"
        "  keyscope populate FILE     Print a project's generated items as a\n"
        "                             batch-write-item request (DynamoDB JSON)\n"
        "  keyscope keys FILE --entity NAME\n"
        "                             Preview the keys an entity type gets, part by part\n"
        "  keyscope live tables|describe|load|push|verify --endpoint URL ...\n"
        "                             Browse a DynamoDB endpoint, load a partition, push a\n"
        "                             project's items, verify a query against the endpoint\n"
        "  keyscope export FILE --pattern NAME -o OUT\n"
        "                             Draw a pattern's traversal at one step as SVG, PNG,\n"
        "                             PDF or Markdown (no display needed)\n"
        "  keyscope doc FILE -o OUT.md  The design document: tables, key templates, every\n"
        "                             access pattern with its diagram, findings, cost\n"
        "  keyscope explain KEY1 KEY2 Why two sort keys sort as they do, byte by byte\n"
        "                             (Markdown)\n"
        "  keyscope convert IN... -o OUT [--to FORMAT]\n"
        "                             Convert projects, NoSQL Workbench models,\n"
        "                             CloudFormation, create-table and items files\n"
        "  keyscope infer IN... [-o OUT.keyscope.json]\n"
        "                             Recover entity types and key templates from the\n"
        "                             items of a model, scan export, CSV or project\n"
        "  keyscope --help            Show this help\n"
        "  keyscope --version         Show the version\n"
        "\n"
        "`keyscope COMMAND --help` describes a command's options, output and exit codes\n"
        "(0 success, 1 check/keys found a problem, 252 command-line mistake, 254 query\n"
        "rejected as DynamoDB would reject it, 255 unreadable or invalid input file).\n"
        "\n"
        "Without a display (DISPLAY/WAYLAND_DISPLAY unset) the GUI falls back to a headless\n"
        "demo; use `xvfb-run -a keyscope` to see the window.\n",
        out);
}

bool envSet(const char *name)
{
    const char *value = std::getenv(name);
    return value && *value;
}

// Options QGuiApplication/QApplication consume themselves (with one or two leading dashes).
bool isQtOption(const char *arg)
{
    static const char *const known[] = {
        "platform",
        "platformpluginpath",
        "platformtheme",
        "plugin",
        "qwindowgeometry",
        "qwindowtitle",
        "qwindowicon",
        "reverse",
        "style",
        "stylesheet",
        "widgetcount",
        "session",
        "display",
        "geometry",
        "name",
        "title",
        "visual",
        "ncols",
        "cmap",
        "nograb",
        "dograb",
        "sync",
        "qmljsdebugger",
    };
    const char *name = arg + (arg[1] == '-' ? 2 : 1);
    const char *end = std::strchr(name, '=');
    const size_t length = end ? size_t(end - name) : std::strlen(name);
    for (const char *option : known) {
        if (std::strlen(option) == length && !std::strncmp(name, option, length))
            return true;
    }
    return false;
}

bool displayAvailable(int argc, char **argv)
{
#if defined(Q_OS_UNIX) && !defined(Q_OS_MACOS)
    if (envSet("DISPLAY") || envSet("WAYLAND_DISPLAY") || envSet("QT_QPA_PLATFORM"))
        return true;
    for (int i = 1; i < argc; ++i) { // an explicit -platform NAME also counts
        if (!std::strncmp(argv[i], "-platform", 9) || !std::strncmp(argv[i], "--platform", 10))
            return true;
    }
    return false;
#else
    Q_UNUSED(argc);
    Q_UNUSED(argv);
    return true;
#endif
}

// An argument that is not UTF-8 would be read with U+FFFD in place of its bytes, so two
// different keys given to `explain` (or two file names) would read as one. Refused as DynamoDB
// refuses such strings: 252, the command-line mistake of every command.
int refuseNonUtf8Arguments(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        const QByteArrayView arg(argv[i]);
        const qsizetype bad = keyscope::model::invalidUtf8At(arg);
        if (bad < 0)
            continue;
        std::fprintf(stderr,
                     "keyscope: error: argument %d (%s) is not UTF-8: byte %lld is 0x%02X. "
                     "Keys, names and file names are read as Unicode text, and DynamoDB refuses "
                     "strings that are not; give it as UTF-8\n",
                     i, qPrintable(keyscope::model::showBytes(arg)),
                     static_cast<long long>(bad + 1), unsigned(uchar(arg[bad])));
        return 252;
    }
    return 0;
}

int dispatch(int argc, char **argv)
{
    if (const int exitCode = refuseNonUtf8Arguments(argc, argv))
        return exitCode;
    const char *first = argc > 1 ? argv[1] : nullptr;

    if (first && (!std::strcmp(first, "--version") || !std::strcmp(first, "-v"))) {
        std::printf("keyscope %s\n", qPrintable(keyscope::model::versionString()));
        return 0;
    }
    if (first && (!std::strcmp(first, "--help") || !std::strcmp(first, "-h"))) {
        printUsage(stdout);
        return 0;
    }
    if (first && !std::strcmp(first, "query")) {
        QCoreApplication app(argc, argv);
        QCoreApplication::setApplicationName(QStringLiteral("keyscope"));
        return runQueryCommand(QCoreApplication::arguments().mid(2));
    }
    if (first && (!std::strcmp(first, "export") || !std::strcmp(first, "doc"))) {
        // Painting needs a QGuiApplication; without a display server use the offscreen platform.
        if (!envSet("DISPLAY") && !envSet("WAYLAND_DISPLAY") && !envSet("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        QGuiApplication app(argc, argv);
        QCoreApplication::setApplicationName(QStringLiteral("keyscope"));
        const QStringList args = QCoreApplication::arguments().mid(2);
        return !std::strcmp(first, "doc") ? keyscope::cli::runDocCommand(args)
                                          : keyscope::cli::runExportCommand(args);
    }
    static const struct
    {
        const char *name;
        int (*run)(const QStringList &);
    } designCommands[] = {
        {"check", keyscope::cli::runCheckCommand},
        {"cost", keyscope::cli::runCostCommand},
        {"__complete", keyscope::cli::runCompleteCommand}, // for the shell completion scripts
        {"populate", keyscope::cli::runPopulateCommand},
        {"keys", keyscope::cli::runKeysCommand},
        {"live", keyscope::cli::runLiveCommand},
        {"convert", keyscope::cli::runConvertCommand},
        {"infer", keyscope::cli::runInferCommand},
        {"explain", keyscope::cli::runExplainCommand},
    };
    for (const auto &command : designCommands) {
        if (first && !std::strcmp(first, command.name)) {
            QCoreApplication app(argc, argv);
            QCoreApplication::setApplicationName(QStringLiteral("keyscope"));
            return command.run(QCoreApplication::arguments().mid(2));
        }
    }
    for (int i = 1; i < argc; ++i) {
        const char *arg = argv[i];
        if (arg[0] == '-' && arg[1] != '\0' && !isQtOption(arg)
            && std::strcmp(arg, "--new-instance") != 0) {
            std::fprintf(stderr, "keyscope: unknown option '%s'\n\n", arg);
            printUsage(stderr);
            return 2;
        }
    }

    // No arguments or a file argument: the GUI.
    if (!displayAvailable(argc, argv)) {
        std::fputs("No display found (DISPLAY is not set); running the headless demo instead. "
                   "Use xvfb-run -a keyscope to see the window.\n",
                   stderr);
        return runHeadlessDemo();
    }
    return runGui(argc, argv);
}

} // namespace

int main(int argc, char **argv)
{
#if defined(Q_OS_UNIX)
    // A reader that went away (`keyscope populate P | head`) is a failed write to report, not a
    // signal that ends the process.
    std::signal(SIGPIPE, SIG_IGN);
#endif
    return keyscope::cli::finishStandardOutput(dispatch(argc, argv));
}
