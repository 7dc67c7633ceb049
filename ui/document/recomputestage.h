#pragma once

// One stage of Document's background recompute (internal to document.cpp, documentrecompute.cpp).

#include "model/cost/costreport.h"
#include "model/design/accesspatternrunner.h"
#include "model/design/designchecker.h"
#include "model/design/populator.h"
#include "model/table/table.h"

#include <QString>

#include <memory>
#include <vector>

namespace keyscope::ui::detail {

// One stage of a background recompute, delivered to the GUI thread through QFutureWatcher.
struct RecomputeStage
{
    enum class Kind { Population, Patterns, Checks, Cost };
    Kind kind = Kind::Population;
    quint64 revision = 0;
    std::shared_ptr<const model::Population> population;
    std::shared_ptr<const model::Table> table;
    QString error;
    std::shared_ptr<const std::vector<model::PatternResult>> patterns;
    std::shared_ptr<const std::vector<model::Finding>> findings;
    std::shared_ptr<const model::CostReport> cost;
};

} // namespace keyscope::ui::detail
