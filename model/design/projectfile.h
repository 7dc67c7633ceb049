#pragma once

#include "model/design/project.h"
#include "model/io/ioerror.h"
#include "model/io/itemsreader.h"

#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <optional>
#include <variant>
#include <vector>

namespace keyscope::model {

// The `*.keyscope.json` project file, format version 1 (Project::kFormatVersion):
//
//   {
//     "keyscope": 1,                       // required: the format version
//     "name": "IoT", "description": "...", "seed": 7,
//     "table": { create-table JSON: TableName, AttributeDefinitions, KeySchema, indexes },
//     "entities": [{
//       "name": "Reading", "color": "#F28E2B", "parent": "Device",
//       "count": 25 or [25, 40],           // per parent (in total for a root type)
//       "attributes": [{"name": "Ts", "type": "S|N|B|BOOL|timestamp",
//                       "generator": {"kind": "timestamp", "start": "2024-01-01T00:00:00Z",
//                                     "step": "15m", "perParent": true},
//                       "mutable": false, "exposedInUrl": false}],
//       "keys": {"PK": "DEVICE#{Device.DeviceId}", "SK": "#READING#{Ts|iso8601}"}
//     }],
//     "accessPatterns": [{
//       "name": "...", "description": "...", "index": "GSI1", "keyCondition": "PK = :pk",
//       "filter": "...", "names": {"#n": "Name"},
//       "values": {":pk": "DEVICE#{DeviceId}" (a key template) or {"S": "..."} (DynamoDB JSON)},
//       "parent": "Device", "parentIndex": 0, "scanIndexForward": false, "limit": 11,
//       "expect": {"entityTypes": ["Device", "Reading"], "parentFirst": true,
//                  "orderBy": {"attribute": "Ts", "descending": true},
//                  "count": 11, "minCount": 1}
//     }],
//     "items": [DynamoDB JSON items], "view": {app settings}
//   }
//
// Loading reports every problem in the file, each with its JSON path and how to fix it.
// Members this version does not know are kept (Project/EntityType/... `extra`,
// PatternExpectation::orderByExtra, Project::tableJson) and written back, so tools and newer
// Keyscopes can add members that survive a save. An unknown member that looks like a misspelt
// known one whose correct spelling is absent ("colour", "keyConditionExpression") is an error;
// members named "x-..." are never questioned.
//
// Generators: constant {value}; sequence {start = 1, step = 1, perParent}; integerRange {min,
// max}; choice {choices}; names; timestamp {start, step} or {random: true, min, max}, plus
// perParent; uuid4; ksuid and ulid (optional time as for timestamp); pattern {pattern}.
// Instants are ISO-8601 strings or epoch milliseconds, durations "15m" or milliseconds.
// ValueGenerator::create judges each well-formed generator against its attribute's type.
class ProjectFile
{
public:
    static constexpr const char *kSuffix = ".keyscope.json";

    // Reads and checks `path`. JSON syntax errors come back as one error with line and column;
    // otherwise every problem found, section by section (root, table, entities, parents and key
    // templates, access patterns, items), each with its JSON path (`entities[2].keys.SK`) and
    // what to do about it. A file from a newer format version gives that one error only.
    static std::variant<Project, std::vector<IoError>> read(const QString &path);
    static std::variant<Project, std::vector<IoError>> parse(const QByteArray &data,
                                                             const QString &source);
    static std::variant<Project, std::vector<IoError>> fromJson(const QJsonDocument &document,
                                                                const QString &source);
    // The project whose hand-written items itemsreader::readItemsMember read as they were
    // parsed (the rest of the file in split.rest); nullopt when the rest does not parse on its
    // own: parse the whole data then. parse() and read() take this way by themselves.
    static std::optional<std::variant<Project, std::vector<IoError>>>
    fromItemsMember(const itemsreader::ItemsMember &split, const QString &source);

    // The file's JSON. Member order of the written file is fixed (see serialize); the
    // QJsonObject itself orders keys alphabetically.
    static QJsonObject toJson(const Project &project);
    // The file's bytes: 2-space indentation, a container on one line when it fits in 120
    // columns and nests at most three levels, members in a fixed order (known members first, in
    // the order above; table members in create-table order; key templates in key-schema order;
    // unknown members alphabetically after them), a trailing newline, no timestamps. Equal
    // projects give equal bytes, and a file in this form is saved byte for byte as it was read.
    static QByteArray serialize(const Project &project);
    // Writes atomically (QSaveFile): the old file stays intact if anything fails. The
    // directory must exist.
    static std::optional<IoError> write(const Project &project, const QString &path);

    // Instants in generator specs: an ISO-8601 string with a zone ("2024-01-01T00:00:00Z",
    // "2024-01-01T02:00:00+02:00", or a date "2024-01-01" for midnight UTC) or a number of
    // milliseconds since 1970-01-01T00:00:00Z. Written back as ISO-8601 UTC, with milliseconds
    // only when they are not zero.
    static std::optional<qint64> parseInstant(const QJsonValue &json, QString *error = nullptr);
    static QString formatInstant(qint64 msSinceEpoch);
    // Durations (timestamp steps): milliseconds as a number, or a string of integer+unit parts
    // ("15m", "1h30m", "-1d", "250ms"; units d, h, m, s, ms). Written with the largest unit
    // that divides the value exactly ("15m"), milliseconds as a plain number.
    static std::optional<qint64> parseDuration(const QJsonValue &json, QString *error = nullptr);
    static QJsonValue formatDuration(qint64 ms);

    static QString generatorKindName(GeneratorSpec::Kind kind);
    static std::optional<GeneratorSpec::Kind> generatorKindFromName(const QString &name);
    static QString attributeKindName(AttributeKind kind);
    static std::optional<AttributeKind> attributeKindFromName(const QString &name);
};

} // namespace keyscope::model
