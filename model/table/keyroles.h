#pragma once

// The key roles and key types of a table definition, in key-schema order: the one reading of
// "what is this attribute a key of" that every wording (the keys preview, the checks, the
// project reader's messages) is made from.

#include "model/table/tabledefinition.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <utility>
#include <vector>

namespace keyscope::model {

struct KeyRole
{
    QString attribute;
    QString index; // empty: the table's own key
    bool sort = false;
    AttributeValue::Type type = AttributeValue::Type::S;

    // "table partition key", "GSI1 sort key".
    QString shortText() const;
};

// Table HASH, table RANGE, then each index's HASH and RANGE, in definition order.
std::vector<KeyRole> keyRoles(const TableDefinition &table);

// Each key attribute once, in key-schema order, with every role it plays in shortText form:
// {"PK", {"table partition key", "GSI1 sort key"}}.
std::vector<std::pair<QString, QStringList>> keyRoleTexts(const TableDefinition &table);

// The type a key attribute is declared with (the table's key first, then the indexes');
// nullopt when `name` is no key.
std::optional<AttributeValue::Type> keyType(const TableDefinition &table, const QString &name);

} // namespace keyscope::model
