#pragma once

// What the project reader's passes share (model/design/fileformat/): reading attribute values
// and generators (attributereader.cpp), and resolving key templates' placeholders against
// entity types and the table's keys (keyreferences.cpp).

#include "model/design/fileformat/jsonreader.h"
#include "model/design/keytemplate.h"
#include "model/design/project.h"

#include <QHash>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace keyscope::model::fileformat {

// A name a placeholder can refer to: no '.', braces, '|' or ':' (they mean something in a
// key template), not empty.
std::optional<QString> nameProblem(const QString &name);
// A JSON scalar as text (a string, a number written exactly, true/false); nullopt otherwise.
std::optional<QString> scalarText(const QJsonValue &value);
// A constant or choice value checked against the attribute's kind, as the text stored.
std::optional<QString> checkScalar(const QJsonValue &json, AttributeKind type, QString *error);
GeneratorSpec readGenerator(Reader &reader, const QJsonObject &json, const QString &path,
                            AttributeKind type, bool typeKnown);

std::optional<KeyTemplate> parseTemplate(Reader &reader, const QString &path, const QString &text);

// Entity types after the structural pass, with what the cross-checks need.
struct EntityInfo
{
    QString path;
    bool chainOk = true;   // the parent chain ends at a root (no unknown parent, no cycle)
    QStringList ancestors; // parent first
    QHash<QString, QString> keyPaths;       // key attribute -> JSON path of its template
    QHash<QString, QString> attributePaths; // attribute name -> JSON path of its type
};

const AttributeSpec *findAttribute(const EntityType &entity, const QString &name);
QStringList attributeNames(const EntityType &entity);
// Resolves a placeholder against `owner` (own attribute, or "Ancestor.Attribute"). On failure
// returns nullptr and says why.
const AttributeSpec *resolvePlaceholder(const Project &project, const EntityType &owner,
                                        const QStringList &ancestors, const QString &placeholder,
                                        QString *why);
QString keyTypeName(AttributeValue::Type type); // "a string (S)"
std::optional<AttributeValue::Type> keyTypeOf(const TableDefinition &table, const QString &name);
// What an attribute of `kind` stores as an item value; nullopt for BOOL (never a key).
std::optional<AttributeValue::Type> storedType(AttributeKind kind);
// "the table's partition key PK", "the sort key of index GSI1 (GSI1SK)".
QString keyRole(const TableDefinition &table, const QString &name);
// An example template for a missing table key, from the entity's name and first attribute.
QString exampleTemplate(const EntityType &entity);

} // namespace keyscope::model::fileformat
