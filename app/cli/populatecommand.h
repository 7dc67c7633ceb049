#pragma once

#include <QStringList>

namespace keyscope::cli {

// `keyscope populate ...`: args are the arguments after "populate". Returns the process exit code.
// Runs under a QCoreApplication (no display needed).
int runPopulateCommand(const QStringList &args);

} // namespace keyscope::cli
