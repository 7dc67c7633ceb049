#pragma once

#include "model/design/keytemplate.h"
#include "model/design/project.h"
#include "model/design/random.h"

#include <QString>
#include <QStringList>

#include <variant>
#include <vector>

namespace keyscope::model {

// Where in the population a value is being generated.
struct GenerationContext
{
    qint64 ordinal = 0;         // index of the item among all items of its entity type
    qint64 ordinalInParent = 0; // index among the siblings under the same parent
    qint64 nowMs = 0;           // the instant ids (KSUID, ULID) carry when no timestamp applies
};

// Produces one attribute's values from its GeneratorSpec.
//
// What each kind makes, by attribute type (anything else is refused by create()):
//   constant      the text, read as the attribute's type: S as is, N a DynamoDB number,
//                 B base64, BOOL "true"/"false", timestamp ISO-8601 with Z or an offset (or a
//                 bare date, taken as UTC midnight)
//   choice        one of the texts, uniformly, each read like a constant
//   sequence      start + ordinal * step (ordinalInParent with perParent): N, or S as decimal
//   integerRange  uniform in [min, max]: N, or S as decimal
//   names         one of builtinNames(), uniformly: S
//   timestamp     instant = start + ordinal * step ms (ordinalInParent with perParent), or
//                 uniform in [min, max] when random. Timestamp and S attributes get ISO-8601 UTC
//                 text, N attributes epoch seconds; instantMs is always set. The precision is
//                 fixed per generator so values of one attribute never mix formats (which would
//                 break their byte order, 'Z' > '.'): whole seconds "2023-07-10T14:48:00Z" when
//                 start and step (or min and max) are whole seconds, and then random instants are
//                 drawn as whole seconds too; otherwise milliseconds "2023-07-10T14:48:00.250Z"
//                 and fractional epoch seconds (1688999280.25).
//   uuid4         S, random
//   ksuid, ulid   S. Their time: uniform in [min, max] when random; start + ordinal * step ms
//                 when start > 1 (start 0 or 1, the default, means "not set"); otherwise
//                 context.nowMs + ordinal * step (ordinalInParent with perParent). So ids made in
//                 population order sort in that order (KSUID only to the second). ULIDs are
//                 monotonic within a millisecond: when the time equals the previous value's, the
//                 random part is the previous one plus one instead of a fresh draw.
//   pattern       S: '#' digit, 'A' uppercase letter, 'a' lowercase letter, '*' letter or digit
//                 (0-9A-Za-z), '\' writes the next character as is; anything else as is.
// Random draws happen only for what a value needs, in a fixed order, so the same seed and the
// same sequence of contexts give the same values on every machine.
class ValueGenerator
{
public:
    // Checks the spec against the attribute's type; the error says what is wrong and how to
    // fix it ("integerRange needs min <= max (got min 10, max 3)").
    static std::variant<ValueGenerator, QString> create(const AttributeSpec &attribute);

    TemplateInput next(Random &random, const GenerationContext &context);

    const AttributeSpec &attribute() const { return m_attribute; }

private:
    TemplateInput instantValue(qint64 ms) const;
    qint64 idInstantMs(Random &random, const GenerationContext &context) const;

    AttributeSpec m_attribute;
    std::vector<TemplateInput> m_values; // constant (one), choice, names: read once by create()
    bool m_wholeSeconds = true;          // timestamp precision
    qint64 m_lastUlidMs = -1;            // ULIDs are monotonic within one millisecond
    QByteArray m_lastUlidRandom;
};

// The built-in surname list for the Names generator; includes DeBrie, Dean, Dern, VanDyke.
const QStringList &builtinNames();

// The generator kinds whose values an attribute of `type` holds, in the editors' order.
std::vector<GeneratorSpec::Kind> generatorKindsFor(AttributeKind type);
// The generator a new attribute of `type`, or one whose type changed under its generator, gets:
// a sequence for numbers, a timestamp for instants, a pattern for strings.
GeneratorSpec::Kind defaultGeneratorKind(AttributeKind type);

// "constant", "integerRange", ...: the spelling used in project files and error messages.
QString generatorKindName(GeneratorSpec::Kind kind);

// An instant as ISO-8601 UTC: "2023-07-10T14:48:00Z", or with milliseconds
// "2023-07-10T14:48:00.250Z". Years 0000..9999; instants outside are clamped.
QString formatIsoInstant(qint64 unixMs, bool withMilliseconds);

} // namespace keyscope::model
