#pragma once

// The preview of an entity type's key templates, written once for the app's key templates
// panel and `keyscope keys`: the sample values a template reads (a populated item's, its
// ancestors', or typed ones), typed values read as their attribute's type, and each key
// rendered with how every part was produced.

#include "model/design/keytemplate.h"
#include "model/design/populator.h"
#include "model/design/project.h"

#include <QString>
#include <QStringList>

#include <map>
#include <optional>
#include <variant>
#include <vector>

namespace keyscope::model {

// One value a key template of an entity type can read: the entity's own attribute ("Ts") or an
// ancestor's ("Device.DeviceId").
struct SampleValue
{
    QString name;
    AttributeSpec spec;
    TemplateInput input;
    QString text;            // the value as a user reads and types it
    bool fromItem = false;   // taken from a populated item (else generated for the preview)
    bool overridden = false; // typed by the user (`keyscope keys --set`)
};

// Where a name a user types lives: an entity type (an index into Project::entities) and the
// attribute's spec; `name` is the sample's name ("Ts", or "Device.DeviceId" for an ancestor).
struct SampleAttribute
{
    int entity = -1;
    const AttributeSpec *spec = nullptr;
    QString name;
};

// One part of a rendered key: its trace, the attribute a placeholder reads and whether that
// value was typed (nullopt: a literal, or no value was found).
struct KeyPartView
{
    KeyTemplate::PartTrace trace;
    QString attribute;
    std::optional<bool> overridden;
};

// One key template of an entity type, rendered.
struct KeyView
{
    QString attribute;
    QStringList roles; // "table partition key", "GSI1 sort key"; empty: no key of the table
    QString templateText;
    std::optional<AttributeValue> value;
    std::optional<TemplateError> error; // parse, render or key-type error
    std::vector<KeyPartView> parts;
};

class KeyPreview
{
public:
    // The values the first populated item of `entity` (and its ancestors) holds. When the
    // population has no such item yet (a new entity, or a population that failed), each
    // attribute's generator makes its first value instead.
    static std::vector<SampleValue> samples(const Project &project, const Population *population,
                                            const QString &entity);
    // The values of populated item `item` and its ancestors only (no generated fallback).
    static std::vector<SampleValue> itemSamples(const Project &project,
                                                const Population &population, qint64 item);
    // The first generated item of entity type `entity`; -1 when there is none.
    static qint64 firstItemOf(const Population &population, int entity);

    // The entity type and its ancestors, nearest first (a cycle stops at the first repeat).
    static std::vector<int> lineage(const Project &project, int entity);
    // "Attr" (the entity's own, or "Entity.Attr") or "Type.Attr" of an ancestor; an empty
    // spec when no attribute has that name.
    static SampleAttribute resolve(const Project &project, int entity, const QString &name);
    // Every name resolve() takes, own attributes first: for "did you mean".
    static QStringList attributeNames(const Project &project, int entity);
    // Puts a typed value in place of the sample named `name` (or adds it), marked overridden.
    static void overrideSample(std::vector<SampleValue> &samples, const SampleAttribute &attribute,
                               const TemplateInput &input, const QString &text);

    // A typed value read as the attribute's type: S as is, N a number, B base64, BOOL
    // true/false, timestamp ISO-8601 or epoch milliseconds. The error says what to write (for
    // a timestamp, the date parser's own reason when it has one).
    static std::variant<TemplateInput, QString> inputFromText(const AttributeSpec &spec,
                                                              const QString &text);
    // A populated value as the generator handed it to the templates (instants included).
    static TemplateInput inputFromValue(const AttributeSpec &spec, const AttributeValue &value);
    static QString displayText(const AttributeValue &value);

    struct Result
    {
        std::optional<TemplateError> error; // parse or render error, with its column
        QString typeError;                  // the key's type refuses the value
        AttributeValue value;
        std::vector<KeyTemplate::PartTrace> trace;

        bool ok() const { return !error && typeError.isEmpty(); }
    };
    // Renders `text` with the samples; keyType (the key attribute's type in the table) checks
    // the value the way population does.
    static Result render(const QString &text, const std::vector<SampleValue> &samples,
                         std::optional<AttributeValue::Type> keyType, const QString &keyAttribute);

    // Every key template of `entity`, rendered with `samples`: the table's and indexes' keys
    // in key-schema order, then any others by name.
    static std::vector<KeyView> keys(const Project &project, const EntityType &entity,
                                     const std::vector<SampleValue> &samples);
};

} // namespace keyscope::model
