#pragma once

#include <QStringList>

namespace keyscope::cli {

// `keyscope __complete examples|patterns FILE|entities FILE`, for the shell completion scripts
// (resources/desktop/): one name per line, nothing (and exit 0) when FILE cannot be read.
int runCompleteCommand(const QStringList &args);

} // namespace keyscope::cli
