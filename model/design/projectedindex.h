#pragma once

#include "model/design/accesspatternrunner.h"
#include "model/design/designfix.h"

#include <optional>

namespace keyscope::model {

// For a pattern whose items do not fit one 1 MB page: a global secondary index on the table's
// own partition and sort key that projects only what the pattern reads (KEYS_ONLY, or INCLUDE
// of its orderBy attribute and the attributes its filter names), and the pattern moved to it.
// Its entries are a fraction of the items' size, so a page holds many more. Nothing for a
// pattern that already reads an index, or whose filter does not parse.
std::optional<DesignFix> projectedIndexFix(const Project &project, const AccessPattern &pattern,
                                           const PatternResult &result);

} // namespace keyscope::model
