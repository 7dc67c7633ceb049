#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

namespace keyscope::model {

// Standard output, written as files are: every write is checked, and the first failure (a full
// disk behind a redirect, a reader that went away) is kept until the program asks for it as it
// ends. "-" as an output path means standard output.

// Writes and flushes `bytes`; false when they did not all reach standard output.
bool writeStandardOutput(const QByteArray &bytes);

// Flushes standard output; the system's reason for the first write that failed ("No space
// left on device", "Broken pipe"), or nullopt when everything reached it.
std::optional<QString> standardOutputError();

// Writes `bytes` to `path` through AtomicFile, or to standard output when `path` is "-".
// nullopt on success, else the reason. A failed write to standard output is not returned: it
// is kept, and the program reports it once as it ends (standardOutputError).
std::optional<QString> writeOutput(const QString &path, const QByteArray &bytes);

// True when `path` means standard output ("-").
inline bool isStandardOutput(const QString &path)
{
    return path == QLatin1String("-");
}

} // namespace keyscope::model
