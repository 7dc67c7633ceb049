// zoneless-timestamp, delimiter-in-value, prefix-overlap, signed-pad, mixed-width.
#include "model/design/checks/checksupport.h"

namespace keyscope::model::checks {

void checkTemplates(const CheckContext &context, std::vector<Finding> &findings)
{
    // TODO(issue 13, helper h13a)
    (void)context;
    (void)findings;
}

} // namespace keyscope::model::checks
