#pragma once

#include "model/design/project.h"
#include "model/io/ioerror.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <variant>
#include <vector>

namespace keyscope::model {

// The `schema.json` of AWS's DynamoDB MCP server (github.com/awslabs/mcp,
// src/dynamodb-mcp-server, repo_generation_tool): the file its code generator reads.
//
//   {"tables": [{
//      "table_config": {"table_name", "partition_key", "sort_key"?},
//      "gsi_list": [{"name", "partition_key": NAME | [NAME, ...], "sort_key"?: NAME | [...],
//                    "projection"?: "ALL" | "KEYS_ONLY" | "INCLUDE", "included_attributes"?}],
//      "entities": {"Name": {
//          "entity_type", "pk_template": "ORG#{org_id}", "sk_template"?,
//          "fields": [{"name", "type": string|integer|decimal|boolean|array|object|uuid,
//                      "required", "item_type"?}],
//          "gsi_mappings": [{"name", "pk_template", "sk_template"?}],
//          "access_patterns": [{"pattern_id", "name", "description", "operation",
//                               "parameters": [{"name", "type", "entity_type"?}],
//                               "return_type", "index_name"?, "range_condition"?,
//                               "filter_expression"?, "consistent_read"?}]}}}],
//    "cross_table_access_patterns"?: [...]}
//
// Each table becomes a project: the table and its GSIs (a key given as a list of up to four
// names is a multi-attribute key; its mapping's template may then be a list too), one entity
// type per entity (its templates as key templates, its fields as attributes with generators
// that suit their names and types), and one access pattern per Query. The other operations
// are kept in the project's "x-mcp" member and listed in the notes with their key templates
// checked; Scans are flagged. The schema itself is kept in "x-mcp" members (project, entity
// types, patterns) for the way back.
//
// A schema the assistant's own validator refuses is refused with the same facts, each with its
// JSON path ("tables[0].entities.User.fields[1].type: Invalid type value 'strng'; did you mean
// 'string'? ...").
class McpSchema
{
public:
    static constexpr const char *kExtraMember = "x-mcp";
    static constexpr int kMaxKeyAttributes = 4; // per HASH or RANGE side of a GSI key

    struct Problem
    {
        QString path;       // "tables[0].entities.User.fields[1].type"
        QString message;    // "Invalid type value 'strng'"
        QString suggestion; // "Did you mean 'string'? Valid options: string, integer, ..."
    };

    struct Import
    {
        QStringList tableNames;        // every table, in file order
        std::vector<Project> projects; // the tables asked for, in file order
        QStringList notes;             // "FILE: PATH: what was done"
    };

    // An object whose "tables" is an array of objects holding "table_config" or "entities".
    static bool looksLike(const QJsonDocument &document);

    // Every problem the assistant's validator reports, in its order (empty: valid).
    static std::vector<Problem> validate(const QJsonObject &root);

    // `table` picks one table by name; empty takes every table.
    static std::variant<Import, IoError>
    fromDocument(const QJsonDocument &document, const QString &source, const QString &table = {});

    // The project as a schema of one table (after the tables whose entity types its patterns
    // name, as the import kept them): what the import kept, with the entity types' current key
    // templates; entity types and access patterns added in Keyscope are written
    // from the design (a new pattern as a Query of its entity type, by name, index and the
    // placeholders of its values). Imported again, it gives the same project.
    static QByteArray serialize(const Project &project);
};

} // namespace keyscope::model
