#pragma once

#include "model/interop/mcpschema.h"
#include "model/io/ioerror.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

#include <variant>
#include <vector>

namespace keyscope::model {

// The `dynamodb_data_model.json` of AWS's DynamoDB MCP server (github.com/awslabs/mcp,
// src/dynamodb-mcp-server, prompts/json_generation_guide.md): what its validation step runs
// against DynamoDB Local.
//
//   {"tables": [create-table JSON, GSIs with up to four HASH and four RANGE key entries],
//    "items": {"TableName": [{"PutRequest": {"Item": {...}}}]},
//    "access_patterns": [{"pattern", "description", "table", "index", "dynamodb_operation",
//                         "implementation": "aws dynamodb query ...", "reason"}]}
//
// Each table becomes a project: the table and its indexes, its items as hand-written items,
// entity types inferred from the items' key prefixes (a type whose sort key sits with others
// under one partition key is their parent), and one access pattern per Query (its
// `implementation` read by `keyscope query`'s own parser, model/query/queryoptions.h). The
// other operations are kept in the project's "x-mcp" member and listed in the notes with
// their keys checked against the table; Scans are flagged with what they read. The file's
// own members are kept in "x-mcp" for the way back.
//
// A file the assistant refuses is refused with the assistant's facts, each with its JSON path:
// its validation tool's ("Missing required keys in data model: ['items']", "Command must start
// with 'aws dynamodb'") and its CDK generator's (cdk_generator/models.py: "tables[0].KeySchema
// must contain exactly one HASH key, found 2").
class McpDataModel
{
public:
    using Problem = McpSchema::Problem;
    static constexpr const char *kExtraMember = "x-mcp";

    // An object with "tables" (create-table objects), "items" or "access_patterns".
    static bool looksLike(const QJsonDocument &document);

    // The assistant's checks, each table's first problem (as its validator stops there), then
    // those across tables and the access patterns (empty: valid).
    static std::vector<Problem> validate(const QJsonObject &root);

    // `table` picks one table by name; empty takes every table.
    static std::variant<McpSchema::Import, IoError>
    fromDocument(const QJsonDocument &document, const QString &source, const QString &table = {});

    // The project as a data model of one table: its table, `items` as PutRequests, its Query
    // access patterns as `aws dynamodb query` command lines (the imported one where the
    // pattern is unchanged) and the other operations the import kept. Imported again, it gives
    // the same project.
    static QByteArray serialize(const Project &project, const ItemList &items);
};

} // namespace keyscope::model
