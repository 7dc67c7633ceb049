#pragma once

#include "model/design/accesspatternrunner.h"
#include "model/design/designfix.h"
#include "model/design/fixtrials.h"

#include <QString>

#include <optional>

namespace keyscope::model {

// Why a failing access pattern fails, in design terms, and the change that makes it pass.
// Candidate changes come from the design: the sort-key template of the types the pattern reads
// (a '#' before the children's prefix, pad, invert, iso8601, upper), what the pattern looks an
// item up by, a time-ordered id generator, a local index by the order attribute, the Limit,
// the direction. Each is tried on a fresh population (when the design has at most
// kTrialItems items) and the first that makes the pattern pass without breaking a passing one
// is kept; a larger design gets the first candidate, marked as not tried. When every candidate
// was tried and none made the pattern pass, none is offered: the diagnosis says that no
// automatic fix was found and what to change by hand.
// `trials` holds the run's results and the fixes already tried for its other failing patterns.
void diagnosePattern(const Project &project, const Population &population, const Table &table,
                     const AccessPattern &pattern, PatternResult &result, FixTrials &trials);

// The most items a design may have for its candidate fixes to be tried on a population.
constexpr qint64 kTrialItems = 200'000;

} // namespace keyscope::model
