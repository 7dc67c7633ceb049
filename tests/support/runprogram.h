#pragma once

// Runs a program a test checks Keyscope's files with (cmake, dpkg-deb, desktop-file-validate,
// man, ...) and keeps what it printed.

#include <QProcess>
#include <QProcessEnvironment>
#include <QStandardPaths>
#include <QStringList>

namespace keyscope::testsupport {

struct ProgramRun
{
    int exitCode = -1; // -1: did not start, crashed or timed out
    QString out;
    QString err;
};

// `env` empty: the test's own environment.
inline ProgramRun runProgram(const QString &program, const QStringList &args,
                             const QProcessEnvironment &env = {},
                             const QString &workingDirectory = {})
{
    QProcess process;
    if (!env.isEmpty())
        process.setProcessEnvironment(env);
    if (!workingDirectory.isEmpty())
        process.setWorkingDirectory(workingDirectory);
    process.start(program, args);
    ProgramRun result;
    if (!process.waitForFinished(240000))
        return result;
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.out = QString::fromUtf8(process.readAllStandardOutput());
    result.err = QString::fromUtf8(process.readAllStandardError());
    return result;
}

// A tool `make deps` installs; the test stops, saying so, when it is missing.
inline QString requiredTool(const char *name)
{
    const QString path = QStandardPaths::findExecutable(QLatin1String(name));
    if (path.isEmpty())
        qFatal("%s is not installed: run `make deps`", name);
    return path;
}

} // namespace keyscope::testsupport
