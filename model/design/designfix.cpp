#include "model/design/designfix.h"

namespace keyscope::model {

QString FixChange::kindName(Kind kind)
{
    switch (kind) {
    case Kind::KeyTemplate:
        return QStringLiteral("key-template");
    case Kind::AttributeGenerator:
        return QStringLiteral("attribute-generator");
    case Kind::AttributeMutable:
        return QStringLiteral("attribute-mutable");
    case Kind::PatternDirection:
        return QStringLiteral("pattern-direction");
    case Kind::PatternKeyCondition:
        return QStringLiteral("pattern-key-condition");
    case Kind::PatternFilter:
        return QStringLiteral("pattern-filter");
    case Kind::PatternValue:
        return QStringLiteral("pattern-value");
    case Kind::PatternLimit:
        return QStringLiteral("pattern-limit");
    case Kind::PatternIndex:
        return QStringLiteral("pattern-index");
    }
    return QString();
}

std::variant<Project, QString> applyFix(const Project &project, const DesignFix &fix)
{
    // TODO(issue 13, helper h13b): make each change.
    (void)fix;
    return project;
}

} // namespace keyscope::model
