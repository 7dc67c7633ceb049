#pragma once

#include <QStringList>

namespace keyscope::cli {

// `keyscope keys ...`: args are the arguments after "keys". Returns the process exit code.
// Runs under a QCoreApplication (no display needed).
int runKeysCommand(const QStringList &args);

} // namespace keyscope::cli
