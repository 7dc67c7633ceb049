#pragma once

#include "model/design/project.h"
#include "model/io/itemsfile.h"

#include <QString>

#include <variant>

namespace keyscope::ui {

// A create-table definition and an items file read as a project without entity types (the items
// become its hand-written items). Runs on any thread; `progress` may cancel (itemsfile.h), and
// *cancelled then says so. The error text names the file, position and problem.
std::variant<model::Project, QString>
readTableAndItems(const QString &tablePath, const QString &itemsPath,
                  const model::ItemsFile::Progress &progress = {}, bool *cancelled = nullptr);

} // namespace keyscope::ui
