#pragma once

#include "model/table/itemlist.h"
#include "model/table/tabledefinition.h"
#include "model/value/attributevalue.h"

#include <QString>

#include <optional>
#include <vector>

namespace keyscope::model::recovery {

// The table keys of items that came without a table (a scan export, a CSV, a JSON array):
// the attributes every item holds as S, N or B, named as key attributes usually are
// (PK/SK, pk/sk, PartitionKey/SortKey, HashKey/RangeKey, hk/rk, or "id" alone). nullopt when
// no attribute qualifies; *why then says what was looked for, for the error message.
std::optional<TableDefinition> guessTableKeys(const ItemList &items, QString *why);

} // namespace keyscope::model::recovery
