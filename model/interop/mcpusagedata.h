#pragma once

#include "model/design/project.h"
#include "model/io/ioerror.h"

#include <QJsonDocument>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace keyscope::model {

// The `usage_data.json` AWS's DynamoDB MCP server reads beside a schema.json: realistic values
// per entity for its generated examples.
//
//   {"entities": {"User": {"sample_data": {"user_id": "user-001", ...},
//                          "access_pattern_data": {...}, "update_data": {...},
//                          "filter_values"?: {...}}}}
//
// Applied to projects imported from the schema: each entity type's attributes that are not part
// of a key template draw from the values given for them (a choice of the distinct values, in the
// order sample_data, access_pattern_data, update_data). Key placeholders keep their generators,
// so the items stay distinct. String and number attributes only.
class McpUsageData
{
public:
    // `allTables`: the projects hold every table of the schema (an entity missing from the
    // usage data is then an error, as in the assistant's validator). Notes say what was seeded.
    // An invalid file is refused with the JSON path and the reason.
    static std::optional<IoError> apply(const QJsonDocument &document, const QString &source,
                                        std::vector<Project> &projects, bool allTables,
                                        QStringList &notes);
};

} // namespace keyscope::model
