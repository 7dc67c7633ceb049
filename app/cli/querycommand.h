#pragma once

#include <QStringList>

// `keyscope query ...`: args are the arguments after "query" (argv[0] and "query" stripped).
// Returns the process exit code. Runs under a QCoreApplication (no display needed).
int runQueryCommand(const QStringList &args);
