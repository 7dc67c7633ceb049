#pragma once

#include "model/expression/keyconditionschema.h"

#include <QString>

namespace keyscope::model {

// The operator as a key condition writes it: "=", "<", "<=", ">", ">=", "BETWEEN",
// "begins_with".
QString sortKeyOperatorText(SortKeyOperator op);

} // namespace keyscope::model
