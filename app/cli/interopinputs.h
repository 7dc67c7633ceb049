#pragma once

// Reading the inputs of `keyscope convert` and `keyscope infer`: at most one file describing
// a table (a project, a Workbench model, a CloudFormation template, create-table JSON) and any
// number of items files, whose items are read for that table and added as hand-written items.

#include "model/design/project.h"
#include "model/design/recovery/designrecovery.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <variant>
#include <vector>

namespace keyscope::cli {

struct InteropInputs
{
    std::vector<model::Project> projects; // one per table read, items files' items appended
    // Parallel to projects: what the input says of its items' types (Workbench facets).
    std::vector<std::vector<model::recovery::TypeHint>> hints;
    QString designPath;         // the input that described the table(s)
    QStringList tableNames;     // every table in that input
    model::ItemList looseItems; // items files' items when no input describes a table
    QString looseTable;         // the table name an items file gave (batch-write)
    // Per input that left out items (bad JSON items, CSV rows that fail, items that do not fit
    // the table, Workbench sample items), each with a note already printed.
    struct LeftOut
    {
        QString path;
        qsizetype count = 0; // left out
        qsizetype kept = 0;  // read
    };
    std::vector<LeftOut> leftOut;
};

// Items that do not fit the table are left out with a note (the rest is read). Prints notes
// and errors to stderr; returns the exit code on failure (kExitFile for a file
// that cannot be read, kExitUsage for two inputs that both describe a table).
// `usageData`: an AWS DynamoDB MCP schema's usage_data.json (--usage-data); without it, a
// usage_data.json beside the schema is read when there is one.
std::variant<InteropInputs, int> readInteropInputs(const QStringList &paths, const QString &table,
                                                   const QString &usage,
                                                   const std::optional<QString> &usageData = {});

// The designs `keyscope check` runs: a Keyscope project, or the tables of an AWS DynamoDB MCP
// schema (schema.json) or data model (dynamodb_data_model.json) imported as `keyscope convert`
// imports them (`table` picks one; the import's notes go to stderr). Prints errors to stderr;
// returns the exit code on failure (kExitFile for a file that cannot be read or is invalid,
// kExitUsage for --table on a project).
std::variant<std::vector<model::Project>, int>
loadDesigns(const QString &path, const QString &table,
            const std::optional<QString> &usageData = {});

} // namespace keyscope::cli
