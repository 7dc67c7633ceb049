#pragma once

#include "model/design/recovery/designrecovery.h"

#include <QStringList>

namespace keyscope::model::recovery {

// What an importer's hints say that their own items contradict: a facet whose key alias spells
// a constant prefix (upper case, up to its last '#') that its items nearly but not quite write ("#METEADATA#playerID" while the items' SK
// start "#METADATA#"), a typo on one side or the other. One note per facet and key, naming the
// source, the alias, what the items write and an example item's key.
QStringList hintNotes(const std::vector<TypeHint> &hints, const ItemList &items,
                      const QString &source);

} // namespace keyscope::model::recovery
