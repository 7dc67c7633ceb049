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

// Parsed templates of an entity type, and the mutable attributes it has.
struct EntityUpdatePlan
{
    std::vector<std::pair<QString, KeyTemplate>> keys;
    std::vector<int> mutableAttributes;
};

// One simulation: picks the items, bumps their mutable attributes and re-renders their keys.
class UpdateRun
{
public:
    UpdateRun(const Project &project, const Population &population, quint64 seed)
        : m_project(project)
        , m_population(population)
        , m_random(seed)
        , m_ordinal(population.size())
    {
        indexKeys();
        planEntities();
    }

    // Updates about `share` of the generated items; the updates, the changed items in `items`.
    std::vector<SimulatedUpdate> run(double share, std::map<size_t, Item> &items)
    {
        const quint64 threshold = quint64(std::clamp(share, 0.0, 1.0) * 1000000.0);
        for (qint64 i = 0; i < m_population.generatedCount; ++i) {
            const int e = m_population.entityOf[size_t(i)];
            if (e < 0 || m_plans[size_t(e)].mutableAttributes.empty())
                continue;
            if (m_random.next() % 1000000 >= threshold)
                continue;
            updateItem(i, e);
        }
        items = std::move(m_changed);
        return std::move(m_updates);
    }

private:
    void indexKeys()
    {
        for (const auto &k : m_project.table.keys.all())
            m_keyTypes.insert(k.name, k.type);
        for (const auto &index : m_project.table.indexes) {
            for (const auto &k : index.keys.all()) {
                m_keyTypes.insert(k.name, k.type);
                m_indexesOfKey[k.name] << index.name;
            }
        }
    }

    void planEntities()
    {
        m_plans.resize(m_project.entities.size());
        for (std::size_t e = 0; e < m_project.entities.size(); ++e) {
            const EntityType &entity = m_project.entities[e];
            for (int a = 0; a < int(entity.attributes.size()); ++a) {
                if (entity.attributes[size_t(a)].isMutable)
                    m_plans[e].mutableAttributes.push_back(a);
            }
            for (const auto &[attribute, text] : entity.keys) {
                auto parsed = KeyTemplate::parse(text);
                if (auto *t = std::get_if<KeyTemplate>(&parsed))
                    m_plans[e].keys.emplace_back(attribute, std::move(*t));
            }
        }
    }

    void updateItem(qint64 i, int e)
    {
        const EntityType &entity = m_project.entities[size_t(e)];
        Item &item = m_changed[size_t(i)] = m_population.items[size_t(i)];
        const Item before = item;
        for (int a : m_plans[size_t(e)].mutableAttributes) {
            const AttributeSpec &spec = entity.attributes[size_t(a)];
            const auto old = item.find(spec.name);
            const AttributeValue oldValue = old == item.end() ? AttributeValue() : old->second;
            auto next = bumped(spec, oldValue, m_random, m_ordinal++);
            if (!next)
                continue;
            item.insert_or_assign(spec.name, *next);
            SimulatedUpdate update;
            update.item = i;
            update.attribute = spec.name;
            update.before = oldValue;
            update.after = *next;
            // The attribute may itself be a key attribute, not only read by a template.
            if (m_project.table.keys.contains(spec.name))
                update.tableKeysChanged << spec.name;
            update.indexesMoved = m_indexesOfKey.value(spec.name);
            rerenderKeys(e, item, before, update);
            m_updates.push_back(std::move(update));
        }
    }

    // Placeholders read the item's own attributes, or an ancestor's as "Type.Attr" (as
    // updated so far).
    std::optional<TemplateInput> lookup(qint64 i, const Item &item, const QString &name) const
    {
        const qsizetype dot = name.indexOf(QLatin1Char('.'));
        const Item *source = &item;
        Item ancestor;
        QString attribute = name;
        if (dot >= 0) {
            source = nullptr;
            for (qint64 p = m_population.parentOf[size_t(i)]; p >= 0;
                 p = m_population.parentOf[size_t(p)]) {
                const int pe = m_population.entityOf[size_t(p)];
                if (pe >= 0 && m_project.entities[size_t(pe)].name == name.left(dot)) {
                    const auto it = m_changed.find(size_t(p));
                    ancestor = it != m_changed.end() ? it->second : m_population.items[size_t(p)];
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
    }

    // The templates that read the updated attribute, rendered again; the keys that change
    // are written to the item and noted in the update.
    void rerenderKeys(int e, Item &item, const Item &before, SimulatedUpdate &update)
    {
        const auto read = [&](const QString &name) { return lookup(update.item, item, name); };
        for (const auto &[keyAttribute, keyTemplate] : m_plans[size_t(e)].keys) {
            if (!keyTemplate.placeholders().contains(update.attribute))
                continue;
            const auto value = renderedKey(keyAttribute, keyTemplate, read);
            if (!value)
                continue;
            const auto was = before.find(keyAttribute);
            if (was != before.end() && was->second == *value)
                continue;
            item.insert_or_assign(keyAttribute, *value);
            if (m_project.table.keys.contains(keyAttribute)
                && !update.tableKeysChanged.contains(keyAttribute))
                update.tableKeysChanged << keyAttribute;
            for (const QString &index : m_indexesOfKey.value(keyAttribute)) {
                if (!update.indexesMoved.contains(index))
                    update.indexesMoved << index;
            }
        }
    }

    // The key's new value, of the key's declared type; nullopt if it does not render.
    std::optional<AttributeValue> renderedKey(const QString &keyAttribute,
                                              const KeyTemplate &keyTemplate,
                                              const KeyTemplate::Lookup &read) const
    {
        auto rendered = keyTemplate.render(read, false);
        if (!std::holds_alternative<KeyTemplate::Rendered>(rendered))
            return std::nullopt;
        AttributeValue value = std::get<KeyTemplate::Rendered>(rendered).value;
        if (!m_keyTypes.contains(keyAttribute))
            return value;
        auto coerced = coerceKeyValue(value, m_keyTypes.value(keyAttribute), keyAttribute, nullptr);
        if (!coerced)
            return std::nullopt;
        return std::move(*coerced);
    }

    const Project &m_project;
    const Population &m_population;
    Random m_random;
    qint64 m_ordinal;
    QHash<QString, AttributeValue::Type> m_keyTypes;
    QHash<QString, QStringList> m_indexesOfKey; // key attribute -> indexes it keys
    std::vector<EntityUpdatePlan> m_plans;
    std::map<size_t, Item> m_changed; // updated items, written back at the end
    std::vector<SimulatedUpdate> m_updates;
};

} // namespace

UpdateSimulation UpdateSimulator::simulate(const Project &project, const Population &population,
                                           double share, quint64 seed)
{
    UpdateSimulation simulation;
    simulation.population = population;
    std::map<size_t, Item> changed;
    simulation.updates = UpdateRun(project, population, seed).run(share, changed);
    simulation.population.items.replace(changed);
    return simulation;
}

} // namespace keyscope::model
