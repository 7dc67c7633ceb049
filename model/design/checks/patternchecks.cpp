// parent-side, limit-before-filter, page-size.
#include "model/design/checks/checksupport.h"

namespace keyscope::model::checks {

void checkPatterns(const CheckContext &context, std::vector<Finding> &findings)
{
    // TODO(issue 13, helper h13b)
    (void)context;
    (void)findings;
}

} // namespace keyscope::model::checks
