#include "model/design/keypreview.h"

#include "model/design/projectfile.h"
#include "model/design/valuegenerator.h"
#include "model/table/keyroles.h"

#include <QJsonValue>

#include <algorithm>

#include <cmath>

namespace keyscope::model {

namespace {

// Ids (KSUID, ULID) carry this instant when no timestamp applies, as in population.
constexpr qint64 kPreviewNowMs = 1704067200000;

bool isTimestamp(const AttributeSpec &spec)
{
    return spec.type == AttributeKind::Timestamp
        || spec.generator.kind == GeneratorSpec::Kind::Timestamp;
}

int entityIndex(const Project &project, const QString &name)
{
    for (size_t i = 0; i < project.entities.size(); ++i) {
        if (project.entities[i].name == name)
            return int(i);
    }
    return -1;
}

// A populated item belongs to `entity` only if it carries every attribute the type has: the
// population may describe an older revision whose entity indexes differ.
bool itemMatches(const Item &item, const EntityType &entity)
{
    for (const AttributeSpec &spec : entity.attributes) {
        if (!item.count(spec.name))
            return false;
    }
    return true;
}

void addEntitySamples(std::vector<SampleValue> &out, const EntityType &entity,
                      const QString &prefix, const Item *item, bool generateMissing = true)
{
    for (const AttributeSpec &spec : entity.attributes) {
        const bool held = item && item->count(spec.name);
        if (!held && !generateMissing)
            continue;
        SampleValue sample;
        sample.name = prefix.isEmpty() ? spec.name : prefix + u'.' + spec.name;
        sample.spec = spec;
        const auto found = item ? item->find(spec.name) : Item::const_iterator();
        if (item && found != item->end()) {
            sample.input = KeyPreview::inputFromValue(spec, found->second);
            sample.fromItem = true;
        } else {
            auto generator = ValueGenerator::create(spec);
            if (auto *valid = std::get_if<ValueGenerator>(&generator)) {
                Random random(1);
                GenerationContext context;
                context.nowMs = kPreviewNowMs;
                sample.input = valid->next(random, context);
            }
        }
        sample.text = KeyPreview::displayText(sample.input.value);
        out.push_back(std::move(sample));
    }
}

} // namespace

std::vector<SampleValue> KeyPreview::samples(const Project &project, const Population *population,
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
    const std::optional<Item> sample
        = item >= 0 ? std::optional<Item>(population->items[size_t(item)]) : std::nullopt;
    addEntitySamples(out, entity, {}, sample ? &*sample : nullptr);

    // Ancestors, nearest first; a cycle stops at the first repeat.
    QStringList seen {entity.name};
    QString parentName = entity.parent;
    qint64 parentItem = item >= 0 ? population->parentOf[size_t(item)] : -1;
    while (!parentName.isEmpty() && !seen.contains(parentName)) {
        const EntityType *parent = project.entity(parentName);
        if (!parent)
            break;
        seen << parentName;
        std::optional<Item> values;
        if (parentItem >= 0) {
            values = population->items[size_t(parentItem)];
            if (!itemMatches(*values, *parent))
                values.reset();
        }
        addEntitySamples(out, *parent, parent->name, values ? &*values : nullptr);
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
        input.instantMs = ProjectFile::parseInstant(QJsonValue(value.asString()));
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
        auto number = Number::parse(text.trimmed(), &error);
        if (!number)
            return QStringLiteral("'%1' is not a number (%2 is N): %3").arg(text, spec.name, error);
        return inputFromValue(spec, AttributeValue::number(*number));
    }
    case AttributeKind::B: {
        auto decoded = QByteArray::fromBase64Encoding(text.toLatin1(),
                                                      QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded)
            return QStringLiteral("'%1' is not base64 (%2 is B)").arg(text, spec.name);
        return TemplateInput {AttributeValue::binary(*decoded), std::nullopt};
    }
    case AttributeKind::Bool:
        if (text == QLatin1String("true") || text == QLatin1String("false"))
            return TemplateInput {AttributeValue::boolean(text == QLatin1String("true")),
                                  std::nullopt};
        return QStringLiteral("'%1' is not true or false (%2 is BOOL)").arg(text, spec.name);
    case AttributeKind::Timestamp: {
        bool isInteger = false;
        const qint64 ms = text.trimmed().toLongLong(&isInteger);
        QString error;
        const auto instant = isInteger
            ? std::optional<qint64>(ms)
            : ProjectFile::parseInstant(QJsonValue(text.trimmed()), &error);
        if (!instant)
            return error.isEmpty() ? QStringLiteral("'%1' is not a timestamp: write ISO-8601 "
                                                    "such as 2024-01-01T00:00:00Z, or epoch "
                                                    "milliseconds")
                                         .arg(text)
                                   : error;
        // Stored as the generator stores timestamps: ISO-8601 UTC text, with the instant.
        return TemplateInput {
            AttributeValue::string(formatIsoInstant(*instant, *instant % 1000 != 0)), *instant};
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
    auto parsed = KeyTemplate::parse(text);
    if (auto *error = std::get_if<TemplateError>(&parsed)) {
        result.error = *error;
        return result;
    }
    const auto &keyTemplate = std::get<KeyTemplate>(parsed);
    const auto lookup = [&](const QString &name) -> std::optional<TemplateInput> {
        for (const SampleValue &sample : samples) {
            if (sample.name == name)
                return sample.input;
        }
        return std::nullopt;
    };
    auto rendered = keyTemplate.render(lookup, true);
    if (auto *error = std::get_if<TemplateError>(&rendered)) {
        result.error = *error;
        return result;
    }
    auto &value = std::get<KeyTemplate::Rendered>(rendered);
    result.value = value.value;
    result.trace = std::move(value.trace);
    if (keyType && *keyType != result.value.type()) {
        auto coerced = coerceKeyValue(result.value, *keyType, keyAttribute, &result.typeError);
        if (coerced)
            result.value = *coerced;
    }
    return result;
}

qint64 KeyPreview::firstItemOf(const Population &population, int entity)
{
    for (qint64 i = 0; i < population.generatedCount; ++i) {
        if (population.entityOf[size_t(i)] == entity)
            return i;
    }
    return -1;
}

std::vector<SampleValue> KeyPreview::itemSamples(const Project &project,
                                                 const Population &population, qint64 item)
{
    std::vector<SampleValue> out;
    for (qint64 at = item; at >= 0; at = population.parentOf[size_t(at)]) {
        const int entity = population.entityOf[size_t(at)];
        if (entity < 0 || entity >= int(project.entities.size()))
            break;
        const EntityType &type = project.entities[size_t(entity)];
        const Item values = population.items[size_t(at)];
        addEntitySamples(out, type, at == item ? QString() : type.name, &values, false);
    }
    return out;
}

std::vector<int> KeyPreview::lineage(const Project &project, int entity)
{
    std::vector<int> out {entity};
    for (int e = entity; !project.entities[size_t(e)].parent.isEmpty();) {
        const EntityType *parent = project.entity(project.entities[size_t(e)].parent);
        if (!parent)
            break;
        e = int(parent - project.entities.data());
        if (std::find(out.begin(), out.end(), e) != out.end())
            break; // a cycle: the project reader reports it
        out.push_back(e);
    }
    return out;
}

SampleAttribute KeyPreview::resolve(const Project &project, int entity, const QString &name)
{
    const qsizetype dot = name.indexOf(QLatin1Char('.'));
    const QString type = dot < 0 ? project.entities[size_t(entity)].name : name.left(dot);
    const QString attribute = dot < 0 ? name : name.mid(dot + 1);
    for (int e : lineage(project, entity)) {
        const EntityType &candidate = project.entities[size_t(e)];
        if (candidate.name != type)
            continue;
        for (const AttributeSpec &spec : candidate.attributes) {
            if (spec.name == attribute)
                return {e, &spec, e == entity ? spec.name : candidate.name + u'.' + spec.name};
        }
    }
    return {};
}

QStringList KeyPreview::attributeNames(const Project &project, int entity)
{
    QStringList names;
    for (int e : lineage(project, entity)) {
        for (const AttributeSpec &spec : project.entities[size_t(e)].attributes)
            names << (e == entity ? spec.name
                                  : project.entities[size_t(e)].name + u'.' + spec.name);
    }
    return names;
}

void KeyPreview::overrideSample(std::vector<SampleValue> &samples, const SampleAttribute &attribute,
                                const TemplateInput &input, const QString &text)
{
    auto it = std::find_if(samples.begin(), samples.end(),
                           [&attribute](const SampleValue &s) { return s.name == attribute.name; });
    if (it == samples.end()) {
        SampleValue sample;
        sample.name = attribute.name;
        sample.spec = *attribute.spec;
        it = samples.insert(samples.end(), std::move(sample));
    }
    it->input = input;
    it->text = text;
    it->overridden = true;
}

std::vector<KeyView> KeyPreview::keys(const Project &project, const EntityType &entity,
                                      const std::vector<SampleValue> &samples)
{
    const auto roles = keyRoleTexts(project.table);
    QStringList order;
    for (const auto &[name, r] : roles) {
        if (entity.keys.count(name))
            order << name;
    }
    for (const auto &[name, text] : entity.keys) {
        if (!order.contains(name))
            order << name;
    }
    std::vector<KeyView> keys;
    for (const QString &attribute : order) {
        KeyView view;
        view.attribute = attribute;
        view.templateText = entity.keys.at(attribute);
        for (const auto &[name, r] : roles) {
            if (name == attribute)
                view.roles = r;
        }
        Result result
            = render(view.templateText, samples, keyType(project.table, attribute), attribute);
        if (result.error) {
            view.error = result.error;
            keys.push_back(std::move(view));
            continue;
        }
        if (result.typeError.isEmpty())
            view.value = result.value;
        else
            view.error = TemplateError {result.typeError, 0, {}};
        const auto parsed = KeyTemplate::parse(view.templateText);
        const auto &parts = std::get<KeyTemplate>(parsed).parts();
        for (size_t p = 0; p < result.trace.size(); ++p) {
            KeyPartView part;
            part.trace = std::move(result.trace[p]);
            if (p < parts.size() && parts[p].isPlaceholder) {
                part.attribute = parts[p].text;
                for (const SampleValue &sample : samples) {
                    if (sample.name == part.attribute)
                        part.overridden = sample.overridden;
                }
            }
            view.parts.push_back(std::move(part));
        }
        keys.push_back(std::move(view));
    }
    return keys;
}

} // namespace keyscope::model
