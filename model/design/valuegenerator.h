#pragma once

#include "model/design/keytemplate.h"
#include "model/design/project.h"
#include "model/design/random.h"

#include <QString>

#include <variant>

namespace keyscope::model {

// Where in the population a value is being generated.
struct GenerationContext
{
    qint64 ordinal = 0;         // index of the item among all items of its entity type
    qint64 ordinalInParent = 0; // index among the siblings under the same parent
    qint64 nowMs = 0;           // the instant ids (KSUID, ULID) carry when no timestamp applies
};

// Produces one attribute's values from its GeneratorSpec.
class ValueGenerator
{
public:
    // Checks the spec against the attribute's type; the error says what is wrong and how to
    // fix it ("integerRange needs min <= max").
    static std::variant<ValueGenerator, QString> create(const AttributeSpec &attribute);

    TemplateInput next(Random &random, const GenerationContext &context);

private:
    AttributeSpec m_attribute;
    qint64 m_lastUlidMs = -1; // ULIDs are monotonic within one millisecond
    QByteArray m_lastUlidRandom;
};

// The built-in surname list for the Names generator; includes DeBrie, Dean, Dern, VanDyke.
const QStringList &builtinNames();

} // namespace keyscope::model
