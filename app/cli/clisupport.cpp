#include "app/cli/clisupport.h"

#include "model/design/projectfile.h"
#include "model/io/outputtarget.h"
#include "model/io/standardoutput.h"
#include "model/version.h"

#include <QtGlobal>

#include <algorithm>

#if defined(Q_OS_UNIX)
#include <unistd.h>
#endif

namespace keyscope::cli {

void print(std::FILE *stream, const QByteArray &text)
{
    if (stream == stdout) {
        model::writeStandardOutput(text);
        return;
    }
    std::fwrite(text.constData(), 1, size_t(text.size()), stream);
    std::fflush(stream);
}

void print(std::FILE *stream, const QString &text)
{
    print(stream, text.toUtf8());
}

int finishStandardOutput(int exitCode)
{
    const auto reason = model::standardOutputError();
    if (!reason)
        return exitCode;
    print(stderr,
          QStringLiteral("keyscope: error: cannot write to standard output: %1\n").arg(*reason));
    return exitCode == kExitOk || exitCode == kExitFailed ? kExitFile : exitCode;
}

std::optional<int> refuseInputAsOutput(const QString &output, const QStringList &inputs)
{
    const auto reason = model::inputWrittenOver(output, inputs);
    if (!reason)
        return std::nullopt;
    print(stderr,
          QStringLiteral("keyscope: error: ") + output + QStringLiteral(": ") + *reason + u'\n');
    return kExitFile;
}

std::optional<QString> ParsedOptions::value(const QString &name) const
{
    const auto it = values.find(name);
    if (it == values.end() || it->second.isEmpty())
        return std::nullopt;
    return it->second.last();
}

QStringList ParsedOptions::all(const QString &name) const
{
    const auto it = values.find(name);
    return it == values.end() ? QStringList() : it->second;
}

std::variant<ParsedOptions, QString> parseOptions(const QStringList &args,
                                                  const std::vector<OptionSpec> &specs)
{
    ParsedOptions result;
    QStringList unknown;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString &arg = args.at(i);
        if (arg == QLatin1String("-h")) {
            result.values[QStringLiteral("--help")] = QStringList {QString()};
            continue;
        }
        if (!arg.startsWith(QLatin1String("--")) || arg == QLatin1String("--")) {
            if (arg.startsWith(QLatin1Char('-')) && arg.size() > 1)
                unknown << arg;
            else
                result.positionals << arg;
            continue;
        }
        QString name = arg;
        std::optional<QString> inlineValue;
        const qsizetype equals = arg.indexOf(QLatin1Char('='));
        if (equals > 0) {
            name = arg.left(equals);
            inlineValue = arg.mid(equals + 1);
        }
        const auto spec = std::find_if(specs.begin(), specs.end(),
                                       [&](const OptionSpec &s) { return s.name == name; });
        if (spec == specs.end()) {
            unknown << arg;
            continue;
        }
        QString value;
        if (spec->takesValue) {
            if (inlineValue)
                value = *inlineValue;
            else if (i + 1 < args.size() && !args.at(i + 1).startsWith(QLatin1String("--")))
                value = args.at(++i);
            else
                return QStringLiteral("argument %1: expected one argument").arg(name);
        } else if (inlineValue) {
            return QStringLiteral("argument %1: ignored explicit argument '%2'")
                .arg(name, *inlineValue);
        }
        QStringList &values = result.values[name];
        if (!spec->repeatable)
            values.clear();
        values << value;
    }
    if (!unknown.isEmpty())
        return QStringLiteral("Unknown options: %1").arg(unknown.join(u", "));
    return result;
}

QString shortUsage(const QString &help, const QString &command)
{
    const qsizetype blank = help.indexOf(u"\n\n");
    const QString synopsis = blank < 0 ? help : help.left(blank + 1);
    return synopsis + QStringLiteral("To see help text, you can run:\n\n  keyscope ") + command
        + QStringLiteral(" --help\n");
}

int usageError(const QString &usage, const QString &message)
{
    print(stderr, usage + QStringLiteral("\nkeyscope: error: ") + message + QLatin1Char('\n'));
    return kExitUsage;
}

int fileError(const model::IoError &error)
{
    print(stderr, QStringLiteral("keyscope: error: %1\n").arg(error.toString()));
    return kExitFile;
}

std::variant<ParsedOptions, int> parseCommand(const QStringList &args,
                                              std::vector<OptionSpec> specs, const QString &usage,
                                              const QString &help)
{
    const auto hasSpec = [&specs](const QString &name) {
        return std::any_of(specs.begin(), specs.end(),
                           [&name](const OptionSpec &spec) { return spec.name == name; });
    };
    for (const QString &name : {QStringLiteral("--help"), QStringLiteral("--version")}) {
        if (!hasSpec(name))
            specs.push_back({name, false});
    }
    QStringList normalized = args;
    if (hasSpec(QStringLiteral("--output"))) {
        for (QString &arg : normalized) {
            if (arg == u"-o")
                arg = QStringLiteral("--output");
            else if (arg.startsWith(u"-o") && !arg.startsWith(u"--"))
                arg = QStringLiteral("--output=") + arg.mid(arg.startsWith(u"-o=") ? 3 : 2);
        }
    }
    auto parsed = parseOptions(normalized, specs);
    if (auto *message = std::get_if<QString>(&parsed))
        return usageError(usage, *message);
    ParsedOptions &options = std::get<ParsedOptions>(parsed);
    if (options.has(QStringLiteral("--help"))) {
        print(stdout, help);
        return kExitOk;
    }
    if (options.has(QStringLiteral("--version"))) {
        print(stdout, QStringLiteral("keyscope %1\n").arg(model::versionString()));
        return kExitOk;
    }
    return std::move(options);
}

std::variant<std::optional<quint64>, QString> parseSeed(const ParsedOptions &options)
{
    const auto text = options.value(QStringLiteral("--seed"));
    if (!text)
        return std::optional<quint64>();
    bool ok = false;
    const quint64 seed = text->trimmed().toULongLong(&ok);
    if (!ok || text->trimmed().startsWith(QLatin1Char('+')))
        return QStringLiteral("argument --seed: invalid value: '%1' (a whole number from 0 to "
                              "18446744073709551615)")
            .arg(*text);
    return std::optional<quint64>(seed);
}

std::optional<QString> fileArgumentProblem(const QStringList &positionals,
                                           QStringList missingOptions)
{
    if (positionals.isEmpty())
        missingOptions.prepend(QStringLiteral("FILE"));
    if (!missingOptions.isEmpty())
        return QStringLiteral("the following arguments are required: ")
            + missingOptions.join(u", ");
    if (positionals.size() > 1)
        return QStringLiteral("unrecognized arguments: ") + positionals.mid(1).join(u' ');
    return std::nullopt;
}

std::variant<FileCommand, int> parseFileCommand(const QStringList &args,
                                                std::vector<OptionSpec> specs, const QString &usage,
                                                const QString &help, const QStringList &required)
{
    auto parsed = parseCommand(args, std::move(specs), usage, help);
    if (const int *exitCode = std::get_if<int>(&parsed))
        return *exitCode;
    FileCommand command {std::get<ParsedOptions>(std::move(parsed)), QString(), std::nullopt};
    const QStringList &positionals = command.options.positionals;
    QStringList missing;
    for (const QString &option : required) {
        if (!command.options.has(option))
            missing << option;
    }
    if (const auto problem = fileArgumentProblem(positionals, missing))
        return usageError(usage, *problem);
    auto seed = parseSeed(command.options);
    if (auto *message = std::get_if<QString>(&seed))
        return usageError(usage, *message);
    command.file = positionals.first();
    command.seed = std::get<std::optional<quint64>>(seed);
    return command;
}

std::variant<ParsedOptions, int> parseInputsCommand(const QStringList &args,
                                                    std::vector<OptionSpec> specs,
                                                    const QString &usage, const QString &help)
{
    auto parsed = parseCommand(args, std::move(specs), usage, help);
    if (auto *options = std::get_if<ParsedOptions>(&parsed);
        options && options->positionals.isEmpty())
        return usageError(usage, QStringLiteral("the following arguments are required: IN"));
    return parsed;
}

Progress::Progress()
{
    m_clock.start();
    bool ok = false;
    const qint64 after = qEnvironmentVariable("KEYSCOPE_PROGRESS_AFTER_MS").toLongLong(&ok);
    if (ok && after >= 0)
        m_afterMs = after;
#if defined(Q_OS_UNIX)
    m_terminal = isatty(fileno(stderr)) != 0;
#endif
}

bool Progress::due()
{
    const qint64 now = m_clock.elapsed();
    if (now < m_afterMs)
        return false;
    // At most a few lines a second on a terminal, one a second in a log.
    if (m_lastMs >= 0 && now - m_lastMs < (m_terminal ? 200 : 1000))
        return false;
    m_lastMs = now;
    return true;
}

void Progress::emitLine(const QString &line)
{
    if (m_terminal) {
        print(stderr, QStringLiteral("\r\033[Kkeyscope: ") + line);
        m_openLine = true;
    } else {
        print(stderr, QStringLiteral("keyscope: ") + line + QLatin1Char('\n'));
    }
    m_printed = true;
}

void Progress::update(const QString &what, qint64 done, qint64 total)
{
    // The last step is always shown once progress has been shown, so the count ends complete.
    const bool last = done >= total;
    if (!(last && m_printed && m_clock.elapsed() >= m_afterMs) && !due())
        return;
    const int percent = total > 0 ? int(done * 100 / total) : 100;
    emitLine(
        QStringLiteral("%1: %2 of %3 items (%4%)").arg(what).arg(done).arg(total).arg(percent));
}

void Progress::stage(const QString &what)
{
    if (m_clock.elapsed() < m_afterMs)
        return;
    m_lastMs = m_clock.elapsed();
    emitLine(what + QStringLiteral("..."));
}

void Progress::finish()
{
    if (m_openLine)
        print(stderr, QByteArray("\n"));
    m_openLine = false;
}

std::variant<model::Project, int> loadProject(const QString &path)
{
    auto read = model::ProjectFile::read(path);
    if (auto *errors = std::get_if<std::vector<model::IoError>>(&read)) {
        QString text;
        for (const model::IoError &error : *errors)
            text += QStringLiteral("keyscope: error: ") + error.toString() + QLatin1Char('\n');
        if (errors->size() > 1)
            text += QStringLiteral("keyscope: %1 problems in %2\n").arg(errors->size()).arg(path);
        print(stderr, text);
        return kExitFile;
    }
    return std::get<model::Project>(std::move(read));
}

std::variant<model::Population, int> populateProject(const QString &path,
                                                     const model::Project &project,
                                                     std::optional<quint64> seed,
                                                     Progress &progress)
{
    auto populated = model::DesignRun::populate(project, seed, observer(progress));
    progress.finish();
    if (auto *error = std::get_if<model::DesignRunError>(&populated)) {
        print(stderr,
              QStringLiteral("keyscope: error: ") + path + QStringLiteral(": ") + error->withPath()
                  + QLatin1Char('\n'));
        return kExitFile;
    }
    return std::get<model::Population>(std::move(populated));
}

model::DesignRunObserver observer(Progress &progress)
{
    model::DesignRunObserver observer;
    observer.populating = [&progress](qint64 done, qint64 total) {
        progress.update(QStringLiteral("populating"), done, total);
    };
    observer.buildingTable = [&progress] {
        progress.finish();
        progress.stage(QStringLiteral("building the table"));
    };
    return observer;
}

} // namespace keyscope::cli
