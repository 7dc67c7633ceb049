#include "ui/editors/keypreview.h"

#include "model/design/projectfile.h"
#include "model/design/valuegenerator.h"

#include <QJsonValue>
#include <QObject>

#include <cmath>

namespace keyscope::ui {

using model::AttributeKind;
using model::AttributeSpec;
using model::AttributeValue;
using model::EntityType;
using model::GeneratorSpec;
using model::TemplateInput;

namespace {

// Ids (KSUID, ULID) carry this instant when no timestamp applies, as in population.
constexpr qint64 kPreviewNowMs = 1704067200000;

bool isTimestamp(const AttributeSpec &spec)
{
    return spec.type == AttributeKind::Timestamp
        || spec.generator.kind == GeneratorSpec::Kind::Timestamp;
}

int entityIndex(const model::Project &project, const QString &name)
{
    for (size_t i = 0; i < project.entities.size(); ++i) {
        if (project.entities[i].name == name)
            return int(i);
    }
    return -1;
}

// A populated item belongs to `entity` only if it carries every attribute the type has: the
// population may describe an older revision whose entity indexes differ.
bool itemMatches(const model::Item &item, const EntityType &entity)
{
    for (const AttributeSpec &spec : entity.attributes) {
        if (!item.count(spec.name))
            return false;
    }
    return true;
}

void addEntitySamples(std::vector<SampleValue> &out, const EntityType &entity,
                      const QString &prefix, const model::Item *item)
{
    for (const AttributeSpec &spec : entity.attributes) {
        SampleValue sample;
        sample.name = prefix.isEmpty() ? spec.name : prefix + u'.' + spec.name;
        sample.spec = spec;
        const auto found = item ? item->find(spec.name) : model::Item::const_iterator();
        if (item && found != item->end()) {
            sample.input = KeyPreview::inputFromValue(spec, found->second);
            sample.fromItem = true;
        } else {
            auto generator = model::ValueGenerator::create(spec);
            if (auto *valid = std::get_if<model::ValueGenerator>(&generator)) {
                model::Random random(1);
                model::GenerationContext context;
                context.nowMs = kPreviewNowMs;
                sample.input = valid->next(random, context);
            }
        }
        sample.text = KeyPreview::displayText(sample.input.value);
        out.push_back(std::move(sample));
    }
}

} // namespace

std::vector<SampleValue> KeyPreview::samples(const model::Project &project,
                                             const model::Population *population,
                                             const QString &entityName)
{
    std::vector<SampleValue> out;
    const int index = entityIndex(project, entityName);
    if (index < 0)
        return out;
    const EntityType &entity = project.entities[size_t(index)];

    qint64 item = -1;
    if (population) {
        for (qint64 i = 0; i < population->generatedCount; ++i) {
            if (population->entityOf[size_t(i)] == index
                && itemMatches(population->items[size_t(i)], entity)) {
                item = i;
                break;
            }
        }
    }
    addEntitySamples(out, entity, {}, item >= 0 ? &population->items[size_t(item)] : nullptr);

    // Ancestors, nearest first; a cycle stops at the first repeat.
    QStringList seen {entity.name};
    QString parentName = entity.parent;
    qint64 parentItem = item >= 0 ? population->parentOf[size_t(item)] : -1;
    while (!parentName.isEmpty() && !seen.contains(parentName)) {
        const EntityType *parent = project.entity(parentName);
        if (!parent)
            break;
        seen << parentName;
        const model::Item *values = nullptr;
        if (parentItem >= 0 && itemMatches(population->items[size_t(parentItem)], *parent))
            values = &population->items[size_t(parentItem)];
        addEntitySamples(out, *parent, parent->name, values);
        parentName = parent->parent;
        parentItem = parentItem >= 0 ? population->parentOf[size_t(parentItem)] : -1;
    }
    return out;
}

TemplateInput KeyPreview::inputFromValue(const AttributeSpec &spec, const AttributeValue &value)
{
    TemplateInput input {value, std::nullopt};
    if (!isTimestamp(spec))
        return input;
    if (value.type() == AttributeValue::Type::S) {
        input.instantMs = model::ProjectFile::parseInstant(QJsonValue(value.asString()));
    } else if (value.type() == AttributeValue::Type::N) {
        // N timestamps hold epoch seconds, possibly with a fraction.
        bool ok = false;
        const double seconds = value.asNumber().toString().toDouble(&ok);
        if (ok)
            input.instantMs = qint64(std::llround(seconds * 1000.0));
    }
    return input;
}

std::variant<TemplateInput, QString> KeyPreview::inputFromText(const AttributeSpec &spec,
                                                               const QString &text)
{
    switch (spec.type) {
    case AttributeKind::S:
        return TemplateInput {AttributeValue::string(text), std::nullopt};
    case AttributeKind::N: {
        QString error;
        auto number = model::Number::parse(text.trimmed(), &error);
        if (!number)
            return QObject::tr("'%1' is not a number (%2 is N): %3").arg(text, spec.name, error);
        return inputFromValue(spec, AttributeValue::number(*number));
    }
    case AttributeKind::B: {
        auto decoded = QByteArray::fromBase64Encoding(text.toLatin1(),
                                                      QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded)
            return QObject::tr("'%1' is not base64 (%2 is B)").arg(text, spec.name);
        return TemplateInput {AttributeValue::binary(*decoded), std::nullopt};
    }
    case AttributeKind::Bool:
        if (text == QLatin1String("true") || text == QLatin1String("false"))
            return TemplateInput {AttributeValue::boolean(text == QLatin1String("true")),
                                  std::nullopt};
        return QObject::tr("'%1' is not true or false (%2 is BOOL)").arg(text, spec.name);
    case AttributeKind::Timestamp: {
        bool isInteger = false;
        const qint64 ms = text.trimmed().toLongLong(&isInteger);
        const auto instant = isInteger
            ? std::optional<qint64>(ms)
            : model::ProjectFile::parseInstant(QJsonValue(text.trimmed()));
        if (!instant)
            return QObject::tr("'%1' is not a timestamp: write ISO-8601 such as "
                               "2024-01-01T00:00:00Z, or epoch milliseconds")
                .arg(text);
        return TemplateInput {
            AttributeValue::string(model::formatIsoInstant(*instant, *instant % 1000 != 0)),
            *instant};
    }
    }
    return QString();
}

QString KeyPreview::displayText(const AttributeValue &value)
{
    return value.displayText();
}

KeyPreview::Result KeyPreview::render(const QString &text, const std::vector<SampleValue> &samples,
                                      std::optional<AttributeValue::Type> keyType,
                                      const QString &keyAttribute)
{
    Result result;
    auto parsed = model::KeyTemplate::parse(text);
    if (auto *error = std::get_if<model::TemplateError>(&parsed)) {
        result.error = *error;
        return result;
    }
    const auto &keyTemplate = std::get<model::KeyTemplate>(parsed);
    const auto lookup = [&](const QString &name) -> std::optional<TemplateInput> {
        for (const SampleValue &sample : samples) {
            if (sample.name == name)
                return sample.input;
        }
        return std::nullopt;
    };
    auto rendered = keyTemplate.render(lookup, true);
    if (auto *error = std::get_if<model::TemplateError>(&rendered)) {
        result.error = *error;
        return result;
    }
    auto &value = std::get<model::KeyTemplate::Rendered>(rendered);
    result.value = value.value;
    result.trace = std::move(value.trace);
    if (keyType && *keyType != result.value.type()) {
        auto coerced
            = model::coerceKeyValue(result.value, *keyType, keyAttribute, &result.typeError);
        if (coerced)
            result.value = *coerced;
    }
    return result;
}

} // namespace keyscope::ui
