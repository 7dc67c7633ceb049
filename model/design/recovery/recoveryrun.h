#pragma once

#include "model/design/project.h"
#include "model/design/recovery/designrecovery.h"

namespace keyscope::model::recovery {

// Whether a project's design lives only in its items: it has hand-written items and no entity
// type that generates any (none, or only count-0 ones such as imported Workbench facets).
// `keyscope convert` infers for such projects by default and the app offers to.
bool designOnlyInItems(const Project &project);

// Recovery over a project's hand-written items with the hints its count-0 entity types give
// (plus options.hints), every proposal accepted.
struct InferredProject
{
    Project project;       // the project with the inferred entity types
    RecoveryResult result; // what was inferred, over the source project's items
};
InferredProject inferProject(const Project &project, RecoveryOptions options = {});

} // namespace keyscope::model::recovery
