#pragma once

// The names the project file uses for generator kinds and attribute kinds, and list text for
// messages.

#include "model/design/project.h"

#include <QString>
#include <QStringList>

namespace keyscope::model::fileformat {

QStringList kindNames();          // "constant", "sequence", ...
QStringList attributeKindNames(); // "S", "N", "B", "BOOL", "timestamp"
// At most a few names of a long list, so a message stays a sentence: "A, B, C, … (2,000 in
// all)".
QString someOf(const QStringList &names, const QString &separator = QStringLiteral(", "));
QString listOrNone(const QStringList &names); // "none" for an empty list

} // namespace keyscope::model::fileformat
