#pragma once

// Writes a Keyscope project as the file holds it: members in a fixed order, unknown members
// kept, short arrays and objects on one line (2-space indentation, 120 columns).

#include "model/design/project.h"
#include "model/io/orderedjson.h"

#include <QByteArray>

namespace keyscope::model::fileformat {

// withItems false: "items" (when there are any) is an empty placeholder.
OrderedJson projectJson(const Project &project, bool withItems = true);
QByteArray serializeProject(const Project &project); // ends with a newline

} // namespace keyscope::model::fileformat
