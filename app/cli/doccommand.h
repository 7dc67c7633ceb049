#pragma once

#include <QStringList>

namespace keyscope::cli {

// `keyscope doc (FILE | --example ID) -o OUT [--format md|html] [--seed N]`: the design
// document. Runs under a QGuiApplication (the diagrams are painted). Returns the exit code.
int runDocCommand(const QStringList &args);

} // namespace keyscope::cli
