#pragma once

#include <QStringList>

namespace keyscope::cli {

// `keyscope infer IN... [-o OUT.keyscope.json] [--json] [--table NAME]`: recovers entity
// types and key templates from the items of any file Keyscope imports, writes the project and
// reports what was inferred from what. Runs under a QCoreApplication.
int runInferCommand(const QStringList &args);

} // namespace keyscope::cli
