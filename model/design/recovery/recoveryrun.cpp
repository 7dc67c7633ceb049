#include "model/design/recovery/recoveryrun.h"

namespace keyscope::model::recovery {

bool designOnlyInItems(const Project &project)
{
    if (project.items.empty())
        return false;
    for (const EntityType &entity : project.entities) {
        if (entity.countMax > 0)
            return false;
    }
    return true;
}

InferredProject inferProject(const Project &project, RecoveryOptions options)
{
    for (TypeHint &hint : DesignRecovery::hintsFrom(project)) {
        bool known = false;
        for (const TypeHint &given : options.hints)
            known = known || given.name == hint.name;
        if (!known)
            options.hints.push_back(std::move(hint));
    }
    InferredProject inferred;
    inferred.result = DesignRecovery::recover(project.table, project.items, options);
    inferred.project = DesignRecovery::apply(project, inferred.result);
    return inferred;
}

} // namespace keyscope::model::recovery
