#pragma once

#include "model/design/designfix.h"
#include "model/design/populator.h"
#include "model/design/project.h"
#include "model/query/queryengine.h"
#include "model/table/table.h"

#include <QString>

#include <map>
#include <optional>
#include <variant>
#include <vector>

namespace keyscope::model {

// The verdict on one access pattern: the real Query it ran, what came back, and why it passes
// or the first thing that breaks the expectation.
struct PatternResult
{
    QString name;
    bool passed = false;
    QString explanation;
    QueryRequest request; // with the values rendered from the parent item
    std::optional<QueryResponse> response;
    std::optional<QueryError> error; // the request itself was invalid
    qint64 parentItem = -1;          // population index of the item the values come from, if any
    bool parentHasChildren = false;  // that item's entity type is another type's parent
    qint64 offendingItem = -1;       // first returned item that breaks the expectation

    // The values' item when it is a parent (its type has children), to be shown as the parent
    // among the results; none when it is only one of them (a Customer picking its tenant's
    // Customers).
    std::optional<ItemId> shownParent() const
    {
        return parentItem >= 0 && parentHasChildren ? std::optional(ItemId(parentItem))
                                                    : std::nullopt;
    }

    // For a failing pattern: why, in design terms, and the change that makes it pass.
    QString diagnosis;            // which design fact caused the failure
    QString findingId;            // the check that explains it, when one does ("unpadded-number")
    std::optional<DesignFix> fix; // the exact change (template, direction, key condition, index)
};

// Runs a project's named access patterns against its populated table and judges them.
// The table must hold the population's items in order (ItemId = population index).
class AccessPatternRunner
{
public:
    static PatternResult run(const Project &project, const Population &population,
                             const Table &table, const AccessPattern &pattern);
    static std::vector<PatternResult> runAll(const Project &project, const Population &population,
                                             const Table &table);

    // The pattern's :values, its templates rendered against a parent item (a population index
    // of the pattern's parent type; -1 when it names none), or why one cannot be rendered.
    static std::variant<std::map<QString, AttributeValue>, QString>
    values(const Project &project, const Population &population, const AccessPattern &pattern,
           qint64 parentItem);

    // Builds the table a population is checked against.
    static std::variant<std::unique_ptr<Table>, QString> buildTable(const Project &project,
                                                                    const Population &population);
};

} // namespace keyscope::model
