#pragma once

#include <QStringList>

namespace keyscope::cli {

// `keyscope cost FILE [--seed N] [--json] [--region R] [-o OUT]`: what a design costs, per
// access pattern, entity type and store. Returns the process exit code.
int runCostCommand(const QStringList &args);

} // namespace keyscope::cli
