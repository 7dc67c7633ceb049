#include "model/design/populator.h"

#include "model/design/keytemplate.h"
#include "model/design/random.h"
#include "model/design/valuegenerator.h"

#include <QCryptographicHash>
#include <QHash>
#include <QLocale>

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

std::variant<Population, PopulationError>
Populator::populate(const Project &project, std::optional<quint64> seed, const Progress &progress)
{
    const quint64 baseSeed = seed.value_or(project.seed);
    const auto &entities = project.entities;
    const QHash<QString, AttributeValue::Type> keyTypeOf = keyTypes(project.table);

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

    // Parents before children: repeatedly take the types whose parent is placed.
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

    // How many items each type makes, so progress can be reported against a total. Counting
    // stops as soon as the total passes the limit, so a count of a billion costs nothing.
    std::vector<std::vector<int>> counts(entities.size()); // per parent item (or one for roots)
    std::vector<qint64> itemsOfType(entities.size(), 0);
    qint64 total = qint64(project.items.size());
    qint64 attributeSlots = 0; // attributes of all generated items, for the memory estimate
    for (int e : order) {
        const EntityType &entity = entities[size_t(e)];
        Random countRandom(streamSeed(baseSeed, entity.name + QStringLiteral("#count")));
        const qint64 parents
            = plans[size_t(e)].parent < 0 ? 1 : itemsOfType[size_t(plans[size_t(e)].parent)];
        counts[size_t(e)].reserve(size_t(std::min(parents, kMaxItems)));
        for (qint64 p = 0; p < parents; ++p) {
            const int n = int(
                countRandom.range(entity.countMin, std::max(entity.countMin, entity.countMax)));
            counts[size_t(e)].push_back(n);
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
        attributeSlots
            += itemsOfType[size_t(e)] * qint64(entity.attributes.size() + entity.keys.size());
    }
    total -= qint64(project.items.size());
    if (const qint64 memory = physicalMemory(); memory > 0) {
        const qint64 needed = total * kBytesPerItem + attributeSlots * kBytesPerAttribute;
        if (needed > memory / 10 * 8) {
            const auto gib = [](qint64 bytes) {
                return QString::number(double(bytes) / double(1LL << 30), 'f', 1);
            };
            return PopulationError {
                QStringLiteral("entities"),
                QStringLiteral("populating %1 items needs about %2 GiB of memory and this machine "
                               "has %3 GiB; lower the counts")
                    .arg(QLocale(QLocale::English).toString(total), gib(needed), gib(memory)),
                {}};
        }
    }

    Population population;
    population.items.reserve(size_t(total) + project.items.size());
    population.entityOf.reserve(size_t(total) + project.items.size());
    population.parentOf.reserve(size_t(total) + project.items.size());

    // Inputs of items other types read through "Parent.Attr" placeholders.
    std::vector<std::vector<std::vector<TemplateInput>>> parentInputs(entities.size());
    std::vector<std::vector<qint64>> itemIndexOf(entities.size());

    qint64 done = 0;
    for (int e : order) {
        const EntityType &entity = entities[size_t(e)];
        EntityPlan &plan = plans[size_t(e)];
        Random random(streamSeed(baseSeed, entity.name));
        const int parentType = plan.parent;
        const qint64 parentCount = qint64(counts[size_t(e)].size());
        qint64 ordinal = 0;
        std::vector<TemplateInput> inputs(entity.attributes.size());
        for (qint64 p = 0; p < parentCount; ++p) {
            for (int sibling = 0; sibling < counts[size_t(e)][size_t(p)]; ++sibling, ++ordinal) {
                GenerationContext context;
                context.ordinal = ordinal;
                context.ordinalInParent = sibling;
                context.nowMs = kDefaultNowMs;
                Item item;
                for (std::size_t a = 0; a < entity.attributes.size(); ++a) {
                    inputs[a] = plan.generators[a].next(random, context);
                    item.emplace(entity.attributes[a].name, inputs[a].value);
                }
                // A placeholder names an own attribute, or "Type.Attr" of an ancestor.
                const auto lookup = [&](const QString &name) -> std::optional<TemplateInput> {
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
                    int type = parentType;
                    qint64 at = p; // position of the ancestor among its type's items
                    while (type >= 0) {
                        const EntityType &ancestor = entities[size_t(type)];
                        if (ancestor.name == typeName) {
                            for (std::size_t a = 0; a < ancestor.attributes.size(); ++a) {
                                if (ancestor.attributes[a].name == attribute)
                                    return parentInputs[size_t(type)][size_t(at)][a];
                            }
                            return std::nullopt;
                        }
                        const qint64 itemIndex = itemIndexOf[size_t(type)][size_t(at)];
                        const qint64 grand = population.parentOf[size_t(itemIndex)];
                        if (grand < 0)
                            break;
                        const int grandType = plans[size_t(type)].parent;
                        // Position of the grandparent among its type's items.
                        const auto &indices = itemIndexOf[size_t(grandType)];
                        at = qint64(std::lower_bound(indices.begin(), indices.end(), grand)
                                    - indices.begin());
                        type = grandType;
                    }
                    return std::nullopt;
                };
                for (const auto &[attribute, keyTemplate] : plan.keys) {
                    auto rendered = keyTemplate.render(lookup, false);
                    if (auto *error = std::get_if<TemplateError>(&rendered))
                        return PopulationError {
                            entityPath(e) + QStringLiteral(".keys.") + attribute, error->message,
                            templatePlace(entities[size_t(e)], attribute)};
                    AttributeValue value = std::get<KeyTemplate::Rendered>(rendered).value;
                    const auto wanted = keyTypeOf.constFind(attribute);
                    if (wanted != keyTypeOf.constEnd() && *wanted != value.type()) {
                        QString typeError;
                        auto coerced = coerceKeyValue(value, *wanted, attribute, &typeError);
                        if (!coerced)
                            return PopulationError {
                                entityPath(e) + QStringLiteral(".keys.") + attribute, typeError,
                                templatePlace(entities[size_t(e)], attribute)};
                        value = std::move(*coerced);
                    }
                    item.insert_or_assign(attribute, std::move(value));
                }
                const qint64 parentItem
                    = parentType < 0 ? -1 : itemIndexOf[size_t(parentType)][size_t(p)];
                itemIndexOf[size_t(e)].push_back(qint64(population.items.size()));
                if (plan.isParent)
                    parentInputs[size_t(e)].push_back(inputs);
                population.items.push_back(std::move(item));
                population.entityOf.push_back(e);
                population.parentOf.push_back(parentItem);
                ++done;
                if (progress && (done & 0xFFFF) == 0)
                    progress(done, total);
            }
        }
    }
    population.generatedCount = population.size();
    for (const Item &item : project.items) {
        population.items.push_back(item);
        population.entityOf.push_back(-1);
        population.parentOf.push_back(-1);
    }
    if (progress)
        progress(total, total);
    return population;
}

} // namespace keyscope::model
