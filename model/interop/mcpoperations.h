#pragma once

// The operations an AWS DynamoDB MCP import keeps without running them: GetItem, PutItem,
// UpdateItem, DeleteItem, batches, transactions and Scans (Keyscope runs Queries), and Queries
// that could not be made into access patterns. They stay in the project's "x-mcp" member, so
// an export gives them back; this lists them beside the access patterns, each key checked.

#include "model/design/project.h"
#include "model/table/table.h"

#include <QString>

#include <vector>

namespace keyscope::model {

struct KeptOperation
{
    QString operation; // "GetItem", "Scan", ... as the file names it
    QString name;      // the schema's name ("get_user_by_id"), or a data model's "3: Get a user"
    QString entity;    // the schema entity type it belongs to; empty in a data model
    QString detail;    // the key it reads or writes ("key pk = USER#{user_id}"), or what it reads
    QString problem;   // what is wrong with it (a key that lacks a part, a Scan), or empty
};

// Every operation the project keeps from an MCP file, in the file's order; empty for a project
// that did not come from one. A Scan's cost is counted on `populated` when given (the table the
// project populates), else on the file's own items.
std::vector<KeptOperation> keptOperations(const Project &project, const Table *populated = nullptr);

// What a Scan of `itemCount` items of `bytes` in all reads and costs, in words.
QString scanCost(qint64 itemCount, qint64 bytes);

} // namespace keyscope::model
