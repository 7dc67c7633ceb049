#pragma once

// The pieces of McpSchema's import (model/interop/mcpschema.h) its files share.

#include "model/design/project.h"
#include "model/interop/mcpoperations.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace keyscope::model::mcp {

const QStringList &fieldTypes(); // string, integer, decimal, boolean, array, object, uuid
const QStringList &operations(); // GetItem, PutItem, ..., BatchWriteItem

// Python's name of a JSON value's type, as the assistant's messages write it ("int", "str").
QString pythonTypeName(const QJsonValue &value);
// The {field} names of a template, each once, in order.
QStringList templateFields(const QString &text);
// The literal text before a template's first placeholder, as a template ("PROJECT#").
QString literalPrefix(const QString &text);
// A template, or a multi-attribute key's list of templates, as texts.
QStringList templateTexts(const QJsonValue &value);
// A GSI key: one attribute name or a list of them.
QStringList keyNames(const QJsonValue &value);
// What Python's `if value:` takes as true (a non-empty list, string or object; true; non-zero).
bool isTruthy(const QJsonValue &value);

// Receives a schema problem: its JSON path, the message and the suggestion.
using ProblemSink
    = std::function<void(const QString &path, const QString &message, const QString &suggestion)>;
// The assistant's checks of a pattern's structured filter_expression (a string passes).
void validateFilterExpression(const QJsonObject &pattern, const QString &path,
                              const QStringList &fields, const QStringList &keyFields,
                              const ProblemSink &add);

// How an entity's field is used by its keys, which decides its generator (see fieldAttribute).
enum class FieldRole {
    Plain,
    Identifier, // the item's whole identity (partition key, constant sort key): 1, 2, 3, ...
    Partition,  // shared by the items of a partition: one of a few values
    SortOrder,  // part of a sort key: values that tell items apart and sort by time
};

// The number of items a root entity type gets, and the number of distinct values a partition
// field takes (so the identifier entity's items and the items pointing at them meet).
inline constexpr int kIdentifiedCount = 5;
inline constexpr int kPartitionedCount = 20;

// A field as a typed attribute with a generator that suits its name, type and role; nullopt for
// types Keyscope does not generate (array, object).
std::optional<AttributeSpec> fieldAttribute(const QJsonObject &field, FieldRole role);

struct TableContext
{
    QString source;
    QString path; // "tables[0]"
    QStringList *notes = nullptr;
    void note(const QString &at, const QString &text) const;
};

// Converts one entity's access patterns: Queries into `project.accessPatterns`, everything else
// into `operations` (kept in the project's x-mcp member), with notes.
void convertPatterns(Project &project, const EntityType &entity, const QJsonObject &entityJson,
                     const QString &entityPath, const TableContext &context,
                     QJsonArray &operations);

// A schema operation that is not run (GetItem, PutItem, a Scan, a Query that cannot run): the
// key it uses, and what is wrong with it (the parameters its key needs and lacks, why a Query
// cannot run, what a Scan costs).
KeptOperation keptOperation(const Project &project, const EntityType &entity,
                            const QJsonObject &json);

} // namespace keyscope::model::mcp
