#pragma once

#include <QStringList>

namespace keyscope::cli {

// `keyscope export ...`: args are the arguments after "export". Returns the process exit code.
// Runs under a QGuiApplication (fonts and painting); main() picks the offscreen platform when
// there is no display.
int runExportCommand(const QStringList &args);

} // namespace keyscope::cli
