#include "model/design/updatesimulator.h"

#include "model/design/keytemplate.h"
#include "model/design/random.h"
#include "model/design/valuegenerator.h"

#include <QDateTime>
#include <QHash>

namespace keyscope::model {

namespace {

constexpr qint64 kMinuteMs = 60000;
constexpr qint64 kWeekMs = 7 * 86400000LL;

std::optional<qint64> instantOf(const AttributeValue &value)
{
    if (value.type() != AttributeValue::Type::S)
        return std::nullopt;
    QDateTime time = QDateTime::fromString(value.asString(), Qt::ISODateWithMs);
    if (!time.isValid())
        return std::nullopt;
    return time.toMSecsSinceEpoch();
}

// The new value of a mutable attribute: later timestamps, larger numbers, other values
// regenerated from the attribute's own generator.
std::optional<AttributeValue> bumped(const AttributeSpec &spec, const AttributeValue &value,
                                     Random &random, qint64 ordinal)
{
    if (spec.type == AttributeKind::Timestamp) {
        if (const auto ms = instantOf(value)) {
            const bool withMs = value.asString().contains(QLatin1Char('.'));
            qint64 later = *ms + random.range(kMinuteMs, kWeekMs);
            if (!withMs)
                later -= later % 1000;
            return AttributeValue::string(formatIsoInstant(later, withMs));
        }
    }
    if (spec.type == AttributeKind::N && value.type() == AttributeValue::Type::N) {
        qint64 n = 0;
        if (value.asNumber().toInt64(&n))
            return AttributeValue::number(Number::fromInt(n + random.range(1, 100)));
    }
    auto generator = ValueGenerator::create(spec);
    if (!std::holds_alternative<ValueGenerator>(generator))
        return std::nullopt;
    GenerationContext context;
    context.ordinal = ordinal;
    context.ordinalInParent = ordinal;
    return std::get<ValueGenerator>(generator).next(random, context).value;
}

} // namespace

UpdateSimulation UpdateSimulator::simulate(const Project &project, const Population &population,
                                           double share, quint64 seed)
{
    UpdateSimulation simulation;
    simulation.population = population;
    Population &updated = simulation.population;
    Random random(seed);

    QHash<QString, AttributeValue::Type> keyTypes;
    QHash<QString, QStringList> indexesOfKey; // key attribute -> indexes it keys
    for (const auto &k : project.table.keys.all())
        keyTypes.insert(k.name, k.type);
    for (const auto &index : project.table.indexes) {
        for (const auto &k : index.keys.all()) {
            keyTypes.insert(k.name, k.type);
            indexesOfKey[k.name] << index.name;
        }
    }

    // Parsed templates per entity, and the mutable attributes each reads.
    struct Plan
    {
        std::vector<std::pair<QString, KeyTemplate>> keys;
        std::vector<int> mutableAttributes;
    };
    std::vector<Plan> plans(project.entities.size());
    for (std::size_t e = 0; e < project.entities.size(); ++e) {
        const EntityType &entity = project.entities[e];
        for (int a = 0; a < int(entity.attributes.size()); ++a) {
            if (entity.attributes[size_t(a)].isMutable)
                plans[e].mutableAttributes.push_back(a);
        }
        for (const auto &[attribute, text] : entity.keys) {
            auto parsed = KeyTemplate::parse(text);
            if (auto *t = std::get_if<KeyTemplate>(&parsed))
                plans[e].keys.emplace_back(attribute, std::move(*t));
        }
    }

    const quint64 threshold = quint64(std::clamp(share, 0.0, 1.0) * 1000000.0);
    qint64 ordinal = population.size();
    std::map<size_t, Item> changed; // updated items, written back at the end
    for (qint64 i = 0; i < population.generatedCount; ++i) {
        const int e = population.entityOf[size_t(i)];
        if (e < 0 || plans[size_t(e)].mutableAttributes.empty())
            continue;
        if (random.next() % 1000000 >= threshold)
            continue;
        const EntityType &entity = project.entities[size_t(e)];
        Item &item = changed[size_t(i)] = population.items[size_t(i)];
        const Item before = item;
        for (int a : plans[size_t(e)].mutableAttributes) {
            const AttributeSpec &spec = entity.attributes[size_t(a)];
            const auto old = item.find(spec.name);
            const AttributeValue oldValue = old == item.end() ? AttributeValue() : old->second;
            auto next = bumped(spec, oldValue, random, ordinal++);
            if (!next)
                continue;
            item.insert_or_assign(spec.name, *next);

            SimulatedUpdate update;
            update.item = i;
            update.attribute = spec.name;
            update.before = oldValue;
            update.after = *next;
            // The attribute may itself be a key attribute, not only read by a template.
            if (project.table.keys.contains(spec.name))
                update.tableKeysChanged << spec.name;
            update.indexesMoved = indexesOfKey.value(spec.name);
            // Placeholders read the item's own attributes, or an ancestor's as "Type.Attr".
            const auto lookup = [&](const QString &name) -> std::optional<TemplateInput> {
                const qsizetype dot = name.indexOf(QLatin1Char('.'));
                const Item *source = &item;
                Item ancestor;
                QString attribute = name;
                if (dot >= 0) {
                    source = nullptr;
                    for (qint64 p = population.parentOf[size_t(i)]; p >= 0;
                         p = population.parentOf[size_t(p)]) {
                        const int pe = population.entityOf[size_t(p)];
                        if (pe >= 0 && project.entities[size_t(pe)].name == name.left(dot)) {
                            const auto it = changed.find(size_t(p));
                            ancestor = it != changed.end() ? it->second
                                                           : population.items[size_t(p)];
                            source = &ancestor;
                            break;
                        }
                    }
                    attribute = name.mid(dot + 1);
                }
                if (!source)
                    return std::nullopt;
                auto it = source->find(attribute);
                if (it == source->end())
                    return std::nullopt;
                return TemplateInput {it->second, instantOf(it->second)};
            };
            for (const auto &[keyAttribute, keyTemplate] : plans[size_t(e)].keys) {
                if (!keyTemplate.placeholders().contains(spec.name))
                    continue;
                auto rendered = keyTemplate.render(lookup, false);
                if (!std::holds_alternative<KeyTemplate::Rendered>(rendered))
                    continue;
                AttributeValue value = std::get<KeyTemplate::Rendered>(rendered).value;
                if (keyTypes.contains(keyAttribute)) {
                    auto coerced = coerceKeyValue(value, keyTypes.value(keyAttribute), keyAttribute,
                                                  nullptr);
                    if (!coerced)
                        continue;
                    value = std::move(*coerced);
                }
                const auto was = before.find(keyAttribute);
                if (was != before.end() && was->second == value)
                    continue;
                item.insert_or_assign(keyAttribute, value);
                if (project.table.keys.contains(keyAttribute)
                    && !update.tableKeysChanged.contains(keyAttribute))
                    update.tableKeysChanged << keyAttribute;
                for (const QString &index : indexesOfKey.value(keyAttribute)) {
                    if (!update.indexesMoved.contains(index))
                        update.indexesMoved << index;
                }
            }
            simulation.updates.push_back(std::move(update));
        }
    }
    updated.items.replace(changed);
    return simulation;
}

} // namespace keyscope::model
