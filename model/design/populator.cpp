#include "model/design/populator.h"

#include "model/design/keytemplate.h"
#include "model/design/random.h"
#include "model/design/valuegenerator.h"

#include <QCryptographicHash>
#include <QHash>
#include <QLocale>

#include <algorithm>

#include <unistd.h>

namespace keyscope::model {

namespace {

// A fixed instant ids and timestamps start from when a generator names none, so populations
// do not depend on the clock: 2024-01-01T00:00:00Z.
constexpr qint64 kDefaultNowMs = 1704067200000;

// Per-entity random streams: the project seed mixed with the entity's name.
quint64 streamSeed(quint64 seed, const QString &entity)
{
    const QByteArray digest = QCryptographicHash::hash(entity.toUtf8(), QCryptographicHash::Sha1);
    quint64 mix = 0;
    for (int i = 0; i < 8; ++i)
        mix = (mix << 8) | quint8(digest[i]);
    return seed ^ mix;
}

struct EntityPlan
{
    int index = -1;
    int parent = -1; // entity index
    std::vector<ValueGenerator> generators;
    std::vector<std::pair<QString, KeyTemplate>> keys;
    bool isParent = false; // some other entity names it as parent: keep its inputs for lookups
};

// The type each key attribute must have, from the table's and indexes' definitions.
QHash<QString, AttributeValue::Type> keyTypes(const TableDefinition &table)
{
    QHash<QString, AttributeValue::Type> types;
    for (const auto &k : table.keys.all())
        types.insert(k.name, k.type);
    for (const auto &index : table.indexes) {
        for (const auto &k : index.keys.all())
            types.insert(k.name, k.type);
    }
    return types;
}

QString templatePlace(const EntityType &entity, const QString &keyAttribute)
{
    return QStringLiteral("the %1 template of %2").arg(keyAttribute, entity.name);
}

QString entityPath(int entity)
{
    return QStringLiteral("entities[%1]").arg(entity);
}

} // namespace

QString populationItemName(const Project &project, const Population &population, qint64 item,
                           qint64 ordinal)
{
    if (item >= population.generatedCount)
        return QStringLiteral("hand-written item %1").arg(item - population.generatedCount + 1);
    const int entity = item >= 0 ? population.entityOf[size_t(item)] : -1;
    if (entity < 0 || entity >= int(project.entities.size()))
        return QStringLiteral("item %1").arg(item + 1);
    if (ordinal < 1)
        ordinal = 1
            + qint64(std::count(population.entityOf.begin(),
                                population.entityOf.begin() + qsizetype(item), entity));
    return project.entities[size_t(entity)].name + u' ' + QString::number(ordinal);
}

std::optional<AttributeValue> coerceKeyValue(const AttributeValue &value,
                                             AttributeValue::Type wanted, const QString &attribute,
                                             QString *error)
{
    if (value.type() == wanted)
        return value;
    if (wanted == AttributeValue::Type::S && value.type() == AttributeValue::Type::N)
        return AttributeValue::string(value.asNumber().toString());
    if (wanted == AttributeValue::Type::N && value.type() == AttributeValue::Type::S) {
        QString numberError;
        auto number = Number::parse(value.asString(), &numberError);
        if (number)
            return AttributeValue::number(*number);
        if (error)
            *error = QStringLiteral("the template makes '%1', but %2 is a number (N) key: %3")
                         .arg(value.asString(), attribute, numberError);
        return std::nullopt;
    }
    if (error)
        *error = QStringLiteral("the template makes a %1 value, but %2 is a %3 key")
                     .arg(value.typeName(), attribute, AttributeValue::typeName(wanted));
    return std::nullopt;
}

qint64 Populator::physicalMemory()
{
    // KEYSCOPE_MEMORY_BYTES caps what Keyscope assumes it may use (tests set it small).
    bool ok = false;
    const qint64 cap = qEnvironmentVariable("KEYSCOPE_MEMORY_BYTES").toLongLong(&ok);
    if (ok && cap > 0)
        return cap;
#if defined(_SC_PHYS_PAGES) && defined(_SC_PAGESIZE)
    const long pages = sysconf(_SC_PHYS_PAGES);
    const long pageSize = sysconf(_SC_PAGESIZE);
    if (pages > 0 && pageSize > 0)
        return qint64(pages) * qint64(pageSize);
#endif
    return 0;
}

namespace {

// One generator per attribute and one parsed template per key, per entity type; parents
// resolved to indexes.
std::variant<std::vector<EntityPlan>, PopulationError>
makePlans(const std::vector<EntityType> &entities)
{
    QHash<QString, int> entityIndex;
    for (int i = 0; i < int(entities.size()); ++i)
        entityIndex.insert(entities[size_t(i)].name, i);

    std::vector<EntityPlan> plans(entities.size());
    for (int i = 0; i < int(entities.size()); ++i) {
        const EntityType &entity = entities[size_t(i)];
        EntityPlan &plan = plans[size_t(i)];
        plan.index = i;
        if (!entity.parent.isEmpty()) {
            plan.parent = entityIndex.value(entity.parent, -1);
            if (plan.parent < 0)
                return PopulationError {
                    entityPath(i) + QStringLiteral(".parent"),
                    QStringLiteral("no entity type is named '%1'").arg(entity.parent),
                    QStringLiteral("the parent of %1").arg(entity.name)};
            plans[size_t(plan.parent)].isParent = true;
        }
        for (int a = 0; a < int(entity.attributes.size()); ++a) {
            auto generator = ValueGenerator::create(entity.attributes[size_t(a)]);
            if (auto *error = std::get_if<QString>(&generator))
                return PopulationError {
                    entityPath(i) + QStringLiteral(".attributes[%1].generator").arg(a), *error,
                    QStringLiteral("the generator of the %1 entity's %2 attribute")
                        .arg(entity.name, entity.attributes[size_t(a)].name)};
            plan.generators.push_back(std::move(std::get<ValueGenerator>(generator)));
        }
        for (const auto &[attribute, text] : entity.keys) {
            auto parsed = KeyTemplate::parse(text);
            if (auto *error = std::get_if<TemplateError>(&parsed))
                return PopulationError {entityPath(i) + QStringLiteral(".keys.") + attribute,
                                        error->message, templatePlace(entity, attribute)};
            plan.keys.emplace_back(attribute, std::move(std::get<KeyTemplate>(parsed)));
        }
    }
    return plans;
}

// Parents before children: repeatedly take the types whose parent is placed.
std::variant<std::vector<int>, PopulationError>
generationOrder(const std::vector<EntityType> &entities, const std::vector<EntityPlan> &plans)
{
    std::vector<int> order;
    std::vector<bool> placed(entities.size(), false);
    while (order.size() < entities.size()) {
        bool progressMade = false;
        for (int i = 0; i < int(entities.size()); ++i) {
            if (placed[size_t(i)])
                continue;
            const int parent = plans[size_t(i)].parent;
            if (parent >= 0 && !placed[size_t(parent)])
                continue;
            placed[size_t(i)] = true;
            order.push_back(i);
            progressMade = true;
        }
        if (!progressMade) {
            for (int i = 0; i < int(entities.size()); ++i) {
                if (!placed[size_t(i)])
                    return PopulationError {
                        entityPath(i) + QStringLiteral(".parent"),
                        QStringLiteral("'%1' is its own ancestor: parents "
                                       "form a cycle")
                            .arg(entities[size_t(i)].name),
                        QStringLiteral("the parent of %1").arg(entities[size_t(i)].name)};
            }
        }
    }
    return order;
}

struct ItemCounts
{
    std::vector<std::vector<int>> counts; // per type, per parent item (or one for roots)
    qint64 total = 0;                     // generated items
    qint64 attributeSlots = 0; // attributes of all generated items, for the memory estimate
};

// How many items each type makes, so progress can be reported against a total. Counting
// stops as soon as the total passes the limit, so a count of a billion costs nothing.
std::variant<ItemCounts, PopulationError> countItems(const Project &project,
                                                     const std::vector<EntityPlan> &plans,
                                                     const std::vector<int> &order,
                                                     quint64 baseSeed)
{
    const auto &entities = project.entities;
    const qint64 kMaxItems = Populator::kMaxItems;
    ItemCounts result;
    result.counts.resize(entities.size());
    std::vector<qint64> itemsOfType(entities.size(), 0);
    qint64 total = qint64(project.items.size());
    for (int e : order) {
        const EntityType &entity = entities[size_t(e)];
        Random countRandom(streamSeed(baseSeed, entity.name + QStringLiteral("#count")));
        const qint64 parents
            = plans[size_t(e)].parent < 0 ? 1 : itemsOfType[size_t(plans[size_t(e)].parent)];
        std::vector<int> &counts = result.counts[size_t(e)];
        counts.reserve(size_t(std::min(parents, kMaxItems)));
        for (qint64 p = 0; p < parents; ++p) {
            const int n = int(
                countRandom.range(entity.countMin, std::max(entity.countMin, entity.countMax)));
            counts.push_back(n);
            itemsOfType[size_t(e)] += n;
            if (total + itemsOfType[size_t(e)] > kMaxItems) {
                const QString perParent = entity.parent.isEmpty()
                    ? QString()
                    : QStringLiteral(" per %1").arg(entity.parent);
                return PopulationError {
                    entityPath(e) + QStringLiteral(".count"),
                    QStringLiteral("the population would hold more than %1 items (the most "
                                   "Keyscope populates) once %2 makes %3%4; lower the count")
                        .arg(QLocale(QLocale::English).toString(kMaxItems), entity.name,
                             entity.countMin == entity.countMax
                                 ? QLocale(QLocale::English).toString(entity.countMin)
                                 : QStringLiteral("%1 to %2")
                                       .arg(QLocale(QLocale::English).toString(entity.countMin),
                                            QLocale(QLocale::English).toString(entity.countMax)),
                             perParent),
                    {}};
            }
        }
        total += itemsOfType[size_t(e)];
        result.attributeSlots
            += itemsOfType[size_t(e)] * qint64(entity.attributes.size() + entity.keys.size());
    }
    result.total = total - qint64(project.items.size());
    return result;
}

// A population estimated to need more than 80% of the machine's memory is refused.
std::optional<PopulationError> memoryError(const ItemCounts &counts)
{
    const qint64 memory = Populator::physicalMemory();
    if (memory <= 0)
        return std::nullopt;
    const qint64 needed = counts.total * Populator::kBytesPerItem
        + counts.attributeSlots * Populator::kBytesPerAttribute;
    if (needed <= memory / 10 * 8)
        return std::nullopt;
    const auto gib
        = [](qint64 bytes) { return QString::number(double(bytes) / double(1LL << 30), 'f', 1); };
    return PopulationError {
        QStringLiteral("entities"),
        QStringLiteral("populating %1 items needs about %2 GiB of memory and this machine "
                       "has %3 GiB; lower the counts")
            .arg(QLocale(QLocale::English).toString(counts.total), gib(needed), gib(memory)),
        {}};
}

// The generation itself: every type's items under each of its parents, in order.
class Generation
{
public:
    Generation(const Project &project, std::vector<EntityPlan> &plans, Population &population)
        : m_entities(project.entities)
        , m_plans(plans)
        , m_population(population)
        , m_keyTypeOf(keyTypes(project.table))
        , m_parentInputs(project.entities.size())
        , m_itemIndexOf(project.entities.size())
    { }

    // Entity type e's items under its parent item p (its p-th parent among its type's items).
    std::optional<PopulationError> generate(int e, qint64 p, int count, qint64 *ordinal,
                                            Random &random, std::vector<TemplateInput> &inputs,
                                            const std::function<void()> &itemDone)
    {
        const EntityType &entity = m_entities[size_t(e)];
        EntityPlan &plan = m_plans[size_t(e)];
        const int parentType = plan.parent;
        for (int sibling = 0; sibling < count; ++sibling, ++*ordinal) {
            GenerationContext context;
            context.ordinal = *ordinal;
            context.ordinalInParent = sibling;
            context.nowMs = kDefaultNowMs;
            Item item;
            for (std::size_t a = 0; a < entity.attributes.size(); ++a) {
                inputs[a] = plan.generators[a].next(random, context);
                item.emplace(entity.attributes[a].name, inputs[a].value);
            }
            const auto lookup = [&](const QString &name) { return input(e, p, inputs, name); };
            if (auto error = renderKeys(e, lookup, &item))
                return error;
            if (auto error = sizeError(e, *ordinal, item))
                return error;
            const qint64 parentItem
                = parentType < 0 ? -1 : m_itemIndexOf[size_t(parentType)][size_t(p)];
            m_itemIndexOf[size_t(e)].push_back(qint64(m_population.items.size()));
            if (plan.isParent)
                m_parentInputs[size_t(e)].push_back(inputs);
            m_population.items.push_back(std::move(item));
            m_population.entityOf.push_back(e);
            m_population.parentOf.push_back(parentItem);
            itemDone();
        }
        return std::nullopt;
    }

private:
    // An item over DynamoDB's 400 KB is refused at the first one, before the rest are made
    // (a 50 MB constant would otherwise fill the memory).
    std::optional<PopulationError> sizeError(int e, qint64 ordinal, const Item &item) const
    {
        const qint64 size = itemSizeBytes(item);
        const auto error = itemSizeError(size);
        if (!error)
            return std::nullopt;
        const EntityType &entity = m_entities[size_t(e)];
        QString largest;
        qint64 largestSize = -1;
        for (const auto &[name, value] : item) {
            if (value.sizeBytes() > largestSize) {
                largest = name;
                largestSize = value.sizeBytes();
            }
        }
        const QLocale english(QLocale::English);
        return PopulationError {
            entityPath(e),
            *error
                + QStringLiteral(": %1 %2 takes %3 bytes, more than DynamoDB's %4 (400 KB); its "
                                 "largest attribute, %5, takes %6 bytes: make it smaller")
                      .arg(entity.name, QString::number(ordinal + 1), english.toString(size),
                           english.toString(kMaxItemSizeBytes), largest,
                           english.toString(largestSize)),
            QStringLiteral("the %1 items").arg(entity.name)};
    }

    // A placeholder names an own attribute, or "Type.Attr" of an ancestor.
    std::optional<TemplateInput> input(int e, qint64 p, const std::vector<TemplateInput> &inputs,
                                       const QString &name) const
    {
        const EntityType &entity = m_entities[size_t(e)];
        const qsizetype dot = name.indexOf(QLatin1Char('.'));
        if (dot < 0) {
            for (std::size_t a = 0; a < entity.attributes.size(); ++a) {
                if (entity.attributes[a].name == name)
                    return inputs[a];
            }
            return std::nullopt;
        }
        const QString typeName = name.left(dot);
        const QString attribute = name.mid(dot + 1);
        int type = m_plans[size_t(e)].parent;
        qint64 at = p; // position of the ancestor among its type's items
        while (type >= 0) {
            const EntityType &ancestor = m_entities[size_t(type)];
            if (ancestor.name == typeName) {
                for (std::size_t a = 0; a < ancestor.attributes.size(); ++a) {
                    if (ancestor.attributes[a].name == attribute)
                        return m_parentInputs[size_t(type)][size_t(at)][a];
                }
                return std::nullopt;
            }
            const qint64 itemIndex = m_itemIndexOf[size_t(type)][size_t(at)];
            const qint64 grand = m_population.parentOf[size_t(itemIndex)];
            if (grand < 0)
                break;
            const int grandType = m_plans[size_t(type)].parent;
            // Position of the grandparent among its type's items.
            const auto &indices = m_itemIndexOf[size_t(grandType)];
            at = qint64(std::lower_bound(indices.begin(), indices.end(), grand) - indices.begin());
            type = grandType;
        }
        return std::nullopt;
    }

    // Each key from its template, converted to the type its key attribute is defined with.
    template<typename Lookup>
    std::optional<PopulationError> renderKeys(int e, const Lookup &lookup, Item *item) const
    {
        for (const auto &[attribute, keyTemplate] : m_plans[size_t(e)].keys) {
            auto rendered = keyTemplate.render(lookup, false);
            if (auto *error = std::get_if<TemplateError>(&rendered))
                return PopulationError {entityPath(e) + QStringLiteral(".keys.") + attribute,
                                        error->message,
                                        templatePlace(m_entities[size_t(e)], attribute)};
            AttributeValue value = std::get<KeyTemplate::Rendered>(rendered).value;
            const auto wanted = m_keyTypeOf.constFind(attribute);
            if (wanted != m_keyTypeOf.constEnd() && *wanted != value.type()) {
                QString typeError;
                auto coerced = coerceKeyValue(value, *wanted, attribute, &typeError);
                if (!coerced)
                    return PopulationError {entityPath(e) + QStringLiteral(".keys.") + attribute,
                                            typeError,
                                            templatePlace(m_entities[size_t(e)], attribute)};
                value = std::move(*coerced);
            }
            item->insert_or_assign(attribute, std::move(value));
        }
        return std::nullopt;
    }

    const std::vector<EntityType> &m_entities;
    std::vector<EntityPlan> &m_plans;
    Population &m_population;
    const QHash<QString, AttributeValue::Type> m_keyTypeOf;
    // Inputs of items other types read through "Parent.Attr" placeholders.
    std::vector<std::vector<std::vector<TemplateInput>>> m_parentInputs;
    std::vector<std::vector<qint64>> m_itemIndexOf;
};

} // namespace

std::variant<Population, PopulationError>
Populator::populate(const Project &project, std::optional<quint64> seed, const Progress &progress)
{
    const quint64 baseSeed = seed.value_or(project.seed);
    const auto &entities = project.entities;
    auto planned = makePlans(entities);
    if (auto *error = std::get_if<PopulationError>(&planned))
        return *error;
    std::vector<EntityPlan> &plans = std::get<std::vector<EntityPlan>>(planned);
    auto ordered = generationOrder(entities, plans);
    if (auto *error = std::get_if<PopulationError>(&ordered))
        return *error;
    const std::vector<int> &order = std::get<std::vector<int>>(ordered);
    auto counted = countItems(project, plans, order, baseSeed);
    if (auto *error = std::get_if<PopulationError>(&counted))
        return *error;
    const ItemCounts &counts = std::get<ItemCounts>(counted);
    if (auto error = memoryError(counts))
        return *error;
    const qint64 total = counts.total;

    Population population;
    population.items.reserve(size_t(total)); // the hand-written items are shared, not copied
    population.entityOf.reserve(size_t(total) + project.items.size());
    population.parentOf.reserve(size_t(total) + project.items.size());
    Generation generation(project, plans, population);
    qint64 done = 0;
    const auto itemDone = [&] {
        ++done;
        if (progress && (done & 0xFFFF) == 0)
            progress(done, total);
    };
    for (int e : order) {
        const EntityType &entity = entities[size_t(e)];
        Random random(streamSeed(baseSeed, entity.name));
        const std::vector<int> &perParent = counts.counts[size_t(e)];
        qint64 ordinal = 0;
        std::vector<TemplateInput> inputs(entity.attributes.size());
        for (qint64 p = 0; p < qint64(perParent.size()); ++p) {
            if (auto error = generation.generate(e, p, perParent[size_t(p)], &ordinal, random,
                                                 inputs, itemDone))
                return *error;
        }
    }
    population.generatedCount = population.size();
    // The hand-written items are shared, not copied.
    population.items.append(project.items);
    population.entityOf.resize(population.items.size(), -1);
    population.parentOf.resize(population.items.size(), -1);
    if (progress)
        progress(total, total);
    return population;
}

} // namespace keyscope::model
