#pragma once

// What the design commands (`keyscope check`, `populate`, `keys`, and `query --project`) share:
// exit codes, output, a small argparse-like option parser, progress on stderr, and loading
// and populating a project with every problem reported.

#include "model/design/designrun.h"
#include "model/design/populator.h"
#include "model/design/project.h"
#include "model/io/ioerror.h"

#include <QElapsedTimer>
#include <QString>
#include <QStringList>

#include <cstdio>
#include <map>
#include <optional>
#include <variant>
#include <vector>

namespace keyscope::cli {

// The AWS CLI's exit codes, used by every subcommand.
constexpr int kExitOk = 0;
constexpr int kExitFailed = 1;    // the command ran and its verdict is "no" (check, keys)
constexpr int kExitUsage = 252;   // command-line mistake
constexpr int kExitService = 254; // the query failed as DynamoDB would fail it
constexpr int kExitFile = 255;    // an input file could not be read, is malformed or invalid

// Standard output's writes are checked (model/io/standardoutput.h); finishStandardOutput reports
// a failure once, as the command ends.
void print(std::FILE *stream, const QByteArray &text);
void print(std::FILE *stream, const QString &text);

// A command's end: when a write to standard output failed (a full disk behind a redirect, a
// reader that went away), prints "keyscope: error: cannot write to standard output: REASON"
// and turns a success (or a check's verdict) into kExitFile. Returns the exit code to end with.
int finishStandardOutput(int exitCode);

// When `output` is one of the command's `inputs` (the same file, however it is named), prints
// "keyscope: error: OUT: is the input IN (the same file): writing it would replace the input;
// give another output file" and returns kExitFile; nullopt otherwise.
std::optional<int> refuseInputAsOutput(const QString &output, const QStringList &inputs);

// Options as the AWS CLI (argparse) takes them: `--opt VALUE` or `--opt=VALUE`, the last
// occurrence wins unless the option repeats (then every value is kept), unknown options are
// listed together, `-h` is `--help`.
struct OptionSpec
{
    QString name; // "--seed"
    bool takesValue = false;
    bool repeatable = false;
};

struct ParsedOptions
{
    QStringList positionals;
    std::map<QString, QStringList> values; // option -> values (flags: one empty value)

    bool has(const QString &name) const { return values.count(name) > 0; }
    std::optional<QString> value(const QString &name) const; // the last one
    QStringList all(const QString &name) const;
};

// On a mistake returns the message (without the "keyscope: error: " prefix).
std::variant<ParsedOptions, QString> parseOptions(const QStringList &args,
                                                  const std::vector<OptionSpec> &specs);

// What a mistake prints before its message, as argparse does: the synopsis (the help's first
// paragraph, "usage: keyscope check FILE ...\n"; or all of `help` when it is only that), then
// "To see help text, you can run:\n\n  keyscope COMMAND --help\n".
QString shortUsage(const QString &help, const QString &command);

// Prints "usage: ...\n...\nkeyscope: error: MESSAGE" to stderr; returns kExitUsage.
int usageError(const QString &usage, const QString &message);

// Prints "keyscope: error: " and the file error to stderr; returns kExitFile.
int fileError(const model::IoError &error);

// A subcommand's start: parses `args` with `specs` (plus --help and --version; when specs has
// --output, `-o OUT` and `-oOUT` mean `--output OUT`), prints the help or the version when
// asked, and reports a mistake with the usage. Returns the options to go on with, or the exit
// code to end with.
std::variant<ParsedOptions, int> parseCommand(const QStringList &args,
                                              std::vector<OptionSpec> specs, const QString &usage,
                                              const QString &help);

// Exactly one FILE among `positionals`, and no option missing (`missingOptions`: the required
// ones not given): argparse's message for what is wrong ("the following arguments are
// required: FILE, --entity", "unrecognized arguments: b.json"), or nullopt.
std::optional<QString> fileArgumentProblem(const QStringList &positionals,
                                           QStringList missingOptions = {});

// A design command's start (`keyscope populate FILE`, `keys FILE --entity NAME`): parseCommand,
// then exactly one FILE, every option in `required` given, and --seed. The options to go on
// with, or the exit code to end with (a mistake is reported with the usage).
struct FileCommand
{
    ParsedOptions options;
    QString file;
    std::optional<quint64> seed;
};
std::variant<FileCommand, int> parseFileCommand(const QStringList &args,
                                                std::vector<OptionSpec> specs, const QString &usage,
                                                const QString &help,
                                                const QStringList &required = {});

// An interop command's start (`keyscope infer IN...`, `convert IN...`): parseCommand, then at
// least one IN.
std::variant<ParsedOptions, int> parseInputsCommand(const QStringList &args,
                                                    std::vector<OptionSpec> specs,
                                                    const QString &usage, const QString &help);

// --seed N: a non-negative integer that fits 64 bits.
std::variant<std::optional<quint64>, QString> parseSeed(const ParsedOptions &options);

// Progress for work that may take a while: nothing is printed until the work has taken
// `KEYSCOPE_PROGRESS_AFTER_MS` (default 1000) milliseconds; then one line per step on
// stderr (rewritten in place with '\r' on a terminal), never on stdout.
class Progress
{
public:
    Progress();
    // "populating": 131072 of 1000000 items (13%)
    void update(const QString &what, qint64 done, qint64 total);
    // A step without a count ("building the table"), shown once the work is already slow.
    void stage(const QString &what);
    // Ends the current line if anything was printed.
    void finish();

private:
    bool due();
    void emitLine(const QString &line);

    QElapsedTimer m_clock;
    qint64 m_afterMs = 1000;
    qint64 m_lastMs = -1;
    bool m_terminal = false;
    bool m_printed = false;
    bool m_openLine = false; // a '\r' line waits for its newline
};

// Reads a project file; on failure prints every problem ("keyscope: error: FILE: PATH:
// MESSAGE") and returns kExitFile.
std::variant<model::Project, int> loadProject(const QString &path);

// Populates with progress; on failure prints the problem with its JSON path, returns kExitFile.
std::variant<model::Population, int> populateProject(const QString &path,
                                                     const model::Project &project,
                                                     std::optional<quint64> seed,
                                                     Progress &progress);

// A design run's progress on stderr: "populating: N of M items", then "building the table...".
model::DesignRunObserver observer(Progress &progress);

} // namespace keyscope::cli
