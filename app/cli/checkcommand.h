#pragma once

#include <QStringList>

namespace keyscope::cli {

// `keyscope check ...`: args are the arguments after "check". Returns the process exit code.
// Runs under a QCoreApplication (no display needed).
int runCheckCommand(const QStringList &args);

} // namespace keyscope::cli
