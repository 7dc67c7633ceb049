#include "model/expression/sortkeyoperatortext.h"

namespace keyscope::model {

QString sortKeyOperatorText(SortKeyOperator op)
{
    switch (op) {
    case SortKeyOperator::Equal:
        return QStringLiteral("=");
    case SortKeyOperator::Less:
        return QStringLiteral("<");
    case SortKeyOperator::LessOrEqual:
        return QStringLiteral("<=");
    case SortKeyOperator::Greater:
        return QStringLiteral(">");
    case SortKeyOperator::GreaterOrEqual:
        return QStringLiteral(">=");
    case SortKeyOperator::Between:
        return QStringLiteral("BETWEEN");
    case SortKeyOperator::BeginsWith:
        return QStringLiteral("begins_with");
    }
    return {};
}

} // namespace keyscope::model
