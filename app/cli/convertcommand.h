#pragma once

#include <QStringList>

namespace keyscope::cli {

// `keyscope convert IN... -o OUT [--to FORMAT]`: reads projects, NoSQL Workbench models,
// CloudFormation templates, create-table JSON and items files (format from their content) and
// writes any of them. Runs under a QCoreApplication.
int runConvertCommand(const QStringList &args);

} // namespace keyscope::cli
