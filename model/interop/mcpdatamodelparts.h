#pragma once

// The pieces of McpDataModel's import (model/interop/mcpdatamodel.h) its files share.

#include "model/design/project.h"
#include "model/interop/mcpoperations.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QSet>
#include <QString>
#include <QStringList>

#include <optional>
#include <variant>

namespace keyscope::model::mcpdm {

struct Failure
{
    QString path;
    QString message;
};

// One table's access patterns as they are converted, and where to say what was done.
struct PatternSink
{
    QString source;
    QStringList *notes = nullptr;
    QJsonArray operations; // the patterns that are not Queries, as the file gives them
    QSet<QString> names;   // the access patterns' names so far
};

// Converts one access pattern of `project`'s table: a Query into an access pattern (its
// implementation read with `keyscope query`'s parser), anything else kept in
// sink.operations with a note (keys checked against the table, Scans with what they read).
std::optional<Failure> convertPattern(Project &project, const QJsonObject &pattern,
                                      const QString &path, PatternSink &sink);

// The access pattern an `aws dynamodb query` command line makes (named and described from
// `pattern`), or why it does not parse or run.
std::variant<AccessPattern, QString> patternFromImplementation(const QJsonObject &pattern,
                                                               QSet<QString> &names);
// An access pattern as the `aws dynamodb query` command line that runs it on `table`; values
// given by a template (not a literal) are written as the template's text.
QString implementationOf(const AccessPattern &pattern, const QString &table);

// A data model's access pattern that is not run (not a Query, or one with no implementation):
// the key its --key or --item gives, checked against the table, or what a Scan costs.
KeptOperation keptOperation(const Project &project, const QJsonObject &pattern);

} // namespace keyscope::model::mcpdm
