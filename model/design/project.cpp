#include "model/design/project.h"

namespace keyscope::model {

AttributeSpec newAttribute(const QString &name)
{
    AttributeSpec spec;
    spec.name = name;
    spec.type = AttributeKind::S;
    spec.generator.kind = GeneratorSpec::Kind::Pattern;
    spec.generator.pattern = QStringLiteral("AA-####");
    return spec;
}

QString entityColour(qsizetype index)
{
    static const QStringList palette {"#4E79A7", "#F28E2B", "#E15759", "#76B7B2", "#59A14F",
                                      "#EDC948", "#B07AA1", "#FF9DA7", "#9C755F", "#BAB0AC"};
    return palette.at(int(index % palette.size()));
}

const EntityType *Project::entity(const QString &name) const
{
    for (const auto &type : entities) {
        if (type.name == name)
            return &type;
    }
    return nullptr;
}

} // namespace keyscope::model
