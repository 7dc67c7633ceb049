#pragma once

#include "model/design/project.h"
#include "model/design/recovery/designrecovery.h"

namespace keyscope::model::recovery {

// A NoSQL Workbench facet as imported: it generates nothing and carries the model's members.
// It names a type of the items, but is the importer's reading of the model, not a design.
bool isImportedFacet(const EntityType &entity);

// Whether a project's design lives only in its items: it has hand-written items and no entity
// type but imported facets. An entity type of the project's own says otherwise, whether it
// generates items or describes them (count 0, as inferred ones do). `keyscope convert` infers
// for such projects by default and the app offers to.
bool designOnlyInItems(const Project &project);

// The hints recovery over a project's items reads: the given ones (an importer's facets, which
// list their items), then those its count-0 entity types give that no given hint names.
std::vector<TypeHint> recoveryHints(const Project &project, std::vector<TypeHint> given);

// What an importer knew of the items' types, kept beside the imported project (the app's
// Design > Infer reads it later): the hints hold indexes into Project::items, so they are good
// only while every item keeps its primary key in its place.
struct ImportedHints
{
    std::vector<TypeHint> hints;
    qsizetype itemCount = 0;
    QByteArray keysDigest; // over the items' primary keys, in order

    static ImportedHints capture(const Project &project, std::vector<TypeHint> hints);
    // The hints if project's items still hold the captured keys in place, else none.
    std::vector<TypeHint> validFor(const Project &project) const;
};

// Recovery over a project's hand-written items with recoveryHints(project, options.hints),
// every proposal accepted.
struct InferredProject
{
    Project project;       // the project with the inferred entity types
    RecoveryResult result; // what was inferred, over the source project's items
};
InferredProject inferProject(const Project &project, RecoveryOptions options = {});

} // namespace keyscope::model::recovery
