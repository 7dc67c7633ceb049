#pragma once

// Runs the built `keyscope` executable for the command-line end-to-end tests (tests/CMakeLists.txt
// gives its path to keyscopeBinary() and builds it before any test).

#include "tests/support/testpaths.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStringList>

namespace keyscope::testsupport {

struct CliResult
{
    int exitCode = -1; // -1: did not start, crashed or timed out
    QByteArray out;
    QString err;

    QString outText() const { return QString::fromUtf8(out); }
    // stdout parsed as a JSON object (empty when it is not one).
    QJsonObject json() const { return QJsonDocument::fromJson(out).object(); }
};

struct CliOptions
{
    QString workingDirectory; // empty: the test's own
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    QByteArray input;       // written to stdin
    bool closeInput = true; // false leaves stdin open (a prompt waits for an answer)
    int timeoutMs = 120000;
};

inline CliResult runKeyscope(const QStringList &args, const CliOptions &options = {})
{
    QProcess process;
    process.setProcessEnvironment(options.environment);
    if (!options.workingDirectory.isEmpty())
        process.setWorkingDirectory(options.workingDirectory);
    process.start(keyscope::testsupport::keyscopeBinary(), args);
    CliResult result;
    if (!process.waitForStarted())
        return result;
    if (!options.input.isEmpty())
        process.write(options.input);
    if (options.closeInput)
        process.closeWriteChannel();
    if (!process.waitForFinished(options.timeoutMs)) {
        process.kill();
        process.waitForFinished();
        return result;
    }
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.out = process.readAllStandardOutput();
    result.err = QString::fromUtf8(process.readAllStandardError());
    return result;
}

// A JSON file's top-level object (empty when unreadable or not an object).
inline QJsonObject readJsonObject(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

} // namespace keyscope::testsupport
