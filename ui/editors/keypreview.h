#pragma once

#include "model/design/keytemplate.h"
#include "model/design/populator.h"
#include "model/design/project.h"

#include <QString>

#include <optional>
#include <variant>
#include <vector>

namespace keyscope::ui {

// One value a key template of an entity type can read: the entity's own attribute ("Ts") or an
// ancestor's ("Device.DeviceId").
struct SampleValue
{
    QString name;
    model::AttributeSpec spec;
    model::TemplateInput input;
    QString text;            // the value as a user reads and types it
    bool fromItem = false;   // taken from a populated item (else generated for the preview)
    bool overridden = false; // typed by the user
};

// The live preview of key templates: sample values and what a template makes of them.
// Pure logic over the model (no widgets), so the editor and its tests share it.
class KeyPreview
{
public:
    // The values the first populated item of `entity` (and its ancestors) holds. When the
    // population has no such item yet (a new entity, or a population that failed), each
    // attribute's generator makes its first value instead.
    static std::vector<SampleValue> samples(const model::Project &project,
                                            const model::Population *population,
                                            const QString &entity);

    // A typed value read as the attribute's type: S as is, N a number, B base64, BOOL
    // true/false, timestamp ISO-8601 or epoch milliseconds. The error says what to write.
    static std::variant<model::TemplateInput, QString>
    inputFromText(const model::AttributeSpec &spec, const QString &text);
    // A populated value as the generator handed it to the templates (instants included).
    static model::TemplateInput inputFromValue(const model::AttributeSpec &spec,
                                               const model::AttributeValue &value);
    static QString displayText(const model::AttributeValue &value);

    struct Result
    {
        std::optional<model::TemplateError> error; // parse or render error, with its column
        QString typeError;                         // the key's type refuses the value
        model::AttributeValue value;
        std::vector<model::KeyTemplate::PartTrace> trace;

        bool ok() const { return !error && typeError.isEmpty(); }
    };
    // Renders `text` with the samples; keyType (the key attribute's type in the table) checks
    // the value the way population does.
    static Result render(const QString &text, const std::vector<SampleValue> &samples,
                         std::optional<model::AttributeValue::Type> keyType,
                         const QString &keyAttribute);
};

} // namespace keyscope::ui
