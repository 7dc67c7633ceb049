#pragma once

#include "model/expression/keyconditionschema.h" // KeyAttribute
#include "model/value/attributevalue.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace keyscope::model {

enum class ProjectionType { KeysOnly, Include, All };

// A key schema: HASH attributes then RANGE attributes. A table or LSI has one HASH and at most
// one RANGE; a GSI may have up to 4 of each (multi-attribute keys, November 2025).
struct KeySchema
{
    std::vector<KeyAttribute> hash;
    std::vector<KeyAttribute> range;

    bool hasRange() const { return !range.empty(); }
    bool contains(const QString &name) const;
    std::vector<KeyAttribute> all() const;
};

struct IndexDefinition
{
    enum class Kind { Local, Global };

    QString name;
    Kind kind = Kind::Global;
    KeySchema keys;
    ProjectionType projection = ProjectionType::All;
    QStringList nonKeyAttributes; // INCLUDE only

    bool isGlobal() const { return kind == Kind::Global; }
};

// A table as `aws dynamodb create-table --cli-input-json` describes it. Members that do not
// change ordering or results (ProvisionedThroughput, BillingMode, Tags, ...) are ignored.
class TableDefinition
{
public:
    // Reads the create-table JSON shape. On error returns nullopt and sets *error.
    static std::optional<TableDefinition> fromJson(const QJsonObject &json, QString *error);
    QJsonObject toJson() const;

    QString tableName;
    KeySchema keys;
    std::vector<IndexDefinition> indexes;

    const IndexDefinition *index(const QString &name) const;
    // Names of the table's key attributes and of every index's key attributes.
    QStringList allKeyAttributeNames() const;
};

} // namespace keyscope::model
