#pragma once

#include "model/table/table.h"

#include <QString>

#include <memory>

namespace keyscope::app {

struct DesignLoadResult
{
    std::shared_ptr<model::Table> table; // null on error
    qsizetype replaced = 0;              // writes that replaced an item with the same key
    QString error;                       // file, position and what is wrong
};

// Reads a create-table definition and an items file (batch-write-item request, scan output or
// a JSON array of items) into a table.
DesignLoadResult loadDesign(const QString &tablePath, const QString &itemsPath);

} // namespace keyscope::app
