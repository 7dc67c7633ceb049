#include "model/design/project.h"

namespace keyscope::model {

const EntityType *Project::entity(const QString &name) const
{
    for (const auto &type : entities) {
        if (type.name == name)
            return &type;
    }
    return nullptr;
}

} // namespace keyscope::model
