#include "model/cost/entitycosts.h"

#include "model/design/keytemplate.h"
#include "model/io/wording.h"

#include <QSet>

#include <cmath>
#include <functional>

namespace keyscope::model::costing {

namespace {

constexpr double kBytesPerGb = 1024.0 * 1024.0 * 1024.0;

// Which items each secondary index holds (an item without the index's keys is not in it).
struct IndexHolding
{
    const IndexStore *store = nullptr;
    std::vector<bool> holds; // by ItemId
};

std::vector<IndexHolding> indexHoldings(const Table &table, qsizetype items)
{
    std::vector<IndexHolding> holdings;
    for (const IndexDefinition &index : table.definition().indexes) {
        IndexHolding holding {table.store(index.name), std::vector<bool>(std::size_t(items))};
        if (!holding.store)
            continue;
        for (const Partition &partition : holding.store->partitions()) {
            for (const PartitionEntry &entry : partition.entries) {
                if (qsizetype(entry.item) < items)
                    holding.holds[entry.item] = true;
            }
        }
        holdings.push_back(std::move(holding));
    }
    return holdings;
}

qint64 projectedSize(const Table &table, const IndexStore &store, ItemId id)
{
    return store.carriesWholeItems() ? table.itemSize(id) : qint64(store.projectedSize(id));
}

// The attributes an update of the entity changes: those declared, else the mutable ones.
QSet<QString> updatedAttributes(const EntityType &entity)
{
    QSet<QString> changed;
    if (entity.writes && !entity.writes->updatedAttributes.isEmpty()) {
        for (const QString &name : entity.writes->updatedAttributes)
            changed.insert(name);
        return changed;
    }
    for (const AttributeSpec &attribute : entity.attributes) {
        if (attribute.isMutable)
            changed.insert(attribute.name);
    }
    return changed;
}

// Whether an update changes one of the index's key values for this entity's items.
bool updateMovesKey(const EntityType &entity, const IndexStore &store, const QSet<QString> &changed)
{
    std::vector<KeyAttribute> keys = store.keys().hash;
    keys.insert(keys.end(), store.keys().range.begin(), store.keys().range.end());
    for (const KeyAttribute &key : keys) {
        if (changed.contains(key.name))
            return true;
        const auto text = entity.keys.find(key.name);
        if (text == entity.keys.end())
            continue;
        const auto parsed = KeyTemplate::parse(text->second);
        if (!std::holds_alternative<KeyTemplate>(parsed))
            continue;
        for (const QString &placeholder : std::get<KeyTemplate>(parsed).placeholders()) {
            if (changed.contains(placeholder))
                return true;
        }
    }
    return false;
}

// Index write units an update of one item takes: a delete and a put when its key moves, one
// write when it changes an attribute the index carries, nothing otherwise.
double updateIndexUnits(const IndexStore &store, const QSet<QString> &changed, bool keyMoves,
                        double units)
{
    if (keyMoves)
        return 2 * units;
    if (store.carriesWholeItems())
        return units;
    for (const QString &name : changed) {
        if (store.projectedAttributes().contains(name))
            return units;
    }
    return 0;
}

struct EntityScan
{
    std::vector<ItemId> items;
    qint64 totalBytes = 0;
    qint64 maxBytes = 0;
    double createTable = 0;
    double createIndex = 0;
    double updateIndex = 0;
    QStringList indexes;
    std::vector<double> createPerIndex; // by holding
    std::vector<double> updatePerIndex;
};

EntityScan scanEntity(const Project &project, const PreparedDesign &design, int entityIndex,
                      const std::vector<IndexHolding> &holdings)
{
    // entityIndex -1: the hand-written items, whose updates are not described.
    const EntityType *entity
        = entityIndex >= 0 ? &project.entities[std::size_t(entityIndex)] : nullptr;
    const Population &population = *design.population;
    const Table &table = *design.table;
    const QSet<QString> changed = entity ? updatedAttributes(*entity) : QSet<QString>();
    std::vector<bool> moves;
    for (const IndexHolding &holding : holdings)
        moves.push_back(entity && updateMovesKey(*entity, *holding.store, changed));
    EntityScan scan;
    scan.createPerIndex.assign(holdings.size(), 0);
    scan.updatePerIndex.assign(holdings.size(), 0);
    for (qsizetype i = 0; i < population.size(); ++i) {
        if (population.entityOf[std::size_t(i)] != entityIndex)
            continue;
        const ItemId id = ItemId(i);
        const qint64 size = table.itemSize(id);
        scan.items.push_back(id);
        scan.totalBytes += size;
        scan.maxBytes = std::max(scan.maxBytes, size);
        scan.createTable += writeUnits(size);
        for (std::size_t k = 0; k < holdings.size(); ++k) {
            if (!holdings[k].holds[std::size_t(i)])
                continue;
            const double units = writeUnits(projectedSize(table, *holdings[k].store, id));
            const double update = updateIndexUnits(*holdings[k].store, changed, moves[k], units);
            scan.createIndex += units;
            scan.updateIndex += update;
            scan.createPerIndex[k] += units;
            scan.updatePerIndex[k] += update;
            if (!scan.indexes.contains(holdings[k].store->name()))
                scan.indexes << holdings[k].store->name();
        }
    }
    return scan;
}

void priceWrites(EntityCost &cost, const PriceTable &prices)
{
    const auto units = [](const WriteCost &w) { return w.rate * (w.tableUnits + w.indexUnits); };
    cost.wcuPerSecond = units(cost.create) + units(cost.update) + units(cost.remove);
    cost.monthlyOnDemand = cost.wcuPerSecond * PriceTable::kSecondsPerMonth / 1e6
        * prices.writeRequestUnitsPerMillion.value;
    cost.monthlyProvisioned = cost.wcuPerSecond / prices.utilisation * prices.wcuHour.value
        * PriceTable::kHoursPerMonth;
    const double rate = cost.writeRate;
    cost.indexWritesPerWrite = rate > 0
        ? (cost.create.rate * cost.create.indexUnits + cost.update.rate * cost.update.indexUnits
           + cost.remove.rate * cost.remove.indexUnits)
            / rate
        : cost.create.indexUnits;
}

EntityCost entityCost(const Project &project, const PreparedDesign &design, int entityIndex,
                      const std::vector<IndexHolding> &holdings, double atMaturity)
{
    const EntityType *entity
        = entityIndex >= 0 ? &project.entities[std::size_t(entityIndex)] : nullptr;
    const EntityScan scan = scanEntity(project, design, entityIndex, holdings);
    EntityCost cost;
    cost.name = entity ? entity->name : QStringLiteral("Hand-written items");
    cost.items = qint64(scan.items.size());
    cost.itemsAtMaturity = qint64(std::llround(atMaturity));
    cost.indexes = scan.indexes;
    if (cost.items > 0) {
        const double n = double(cost.items);
        cost.meanItemBytes = double(scan.totalBytes) / n;
        cost.maxItemBytes = scan.maxBytes;
        cost.wcuPerWrite = scan.createTable / n;
        cost.create = {0, scan.createTable / n, scan.createIndex / n};
        cost.update = {0, scan.createTable / n, scan.updateIndex / n};
        cost.remove = {0, scan.createTable / n, scan.createIndex / n};
        for (std::size_t k = 0; k < holdings.size(); ++k) {
            if (scan.createPerIndex[k] > 0)
                cost.indexWrites.push_back({holdings[k].store->name(), scan.createPerIndex[k] / n,
                                            scan.updatePerIndex[k] / n,
                                            scan.createPerIndex[k] / n});
        }
    }
    cost.writesAssumed = !entity || !entity->writes;
    if (!cost.writesAssumed) {
        cost.create.rate = entity->writes->creates;
        cost.update.rate = entity->writes->updates;
        cost.remove.rate = entity->writes->deletes;
        cost.writeRate = entity->writes->total();
    }
    return cost;
}

} // namespace

std::vector<double> itemsAtMaturity(const Project &project, const Population &population)
{
    const std::size_t n = project.entities.size();
    std::vector<double> populated(n, 0);
    for (int entity : population.entityOf) {
        if (entity >= 0 && std::size_t(entity) < n)
            populated[std::size_t(entity)] += 1;
    }
    std::vector<double> mature(n, -1);
    std::function<double(std::size_t, int)> at = [&](std::size_t e, int depth) -> double {
        if (mature[e] >= 0)
            return mature[e];
        const EntityType &entity = project.entities[e];
        const auto parent
            = std::find_if(project.entities.begin(), project.entities.end(),
                           [&](const EntityType &t) { return t.name == entity.parent; });
        double count = populated[e];
        if (parent != project.entities.end() && depth < int(n)) {
            const std::size_t p = std::size_t(parent - project.entities.begin());
            const double perParent = entity.countPerParent
                ? double(*entity.countPerParent)
                : (populated[p] > 0 ? populated[e] / populated[p] : 0);
            count = at(p, depth + 1) * perParent;
        } else if (entity.countPerParent) {
            count = double(*entity.countPerParent);
        }
        return mature[e] = count;
    };
    for (std::size_t e = 0; e < n; ++e)
        at(e, 0);
    return mature;
}

std::vector<EntityCost> entityCosts(const Project &project, const PreparedDesign &design,
                                    const PriceTable &prices)
{
    const auto holdings = indexHoldings(*design.table, design.population->size());
    const auto mature = itemsAtMaturity(project, *design.population);
    std::vector<EntityCost> costs;
    for (std::size_t e = 0; e < project.entities.size(); ++e) {
        EntityCost cost = entityCost(project, design, int(e), holdings, mature[e]);
        priceWrites(cost, prices);
        costs.push_back(std::move(cost));
    }
    const qsizetype handWritten = design.population->size() - design.population->generatedCount;
    if (handWritten > 0) {
        EntityCost cost = entityCost(project, design, -1, holdings, double(handWritten));
        priceWrites(cost, prices);
        costs.push_back(std::move(cost));
    }
    return costs;
}

namespace {

// Bytes and items of one store at maturity: each entity type's populated mean scaled to its
// count at maturity, hand-written items as they are.
struct StoreTally
{
    double items = 0;
    double bytes = 0;
};

StoreTally tallyStore(const Project &project, const PreparedDesign &design,
                      const IndexHolding *holding, const std::vector<double> &mature)
{
    const Population &population = *design.population;
    const Table &table = *design.table;
    const std::size_t types = project.entities.size();
    std::vector<double> count(types, 0), bytes(types, 0), populated(types, 0);
    StoreTally tally;
    for (qsizetype i = 0; i < population.size(); ++i) {
        const int e = population.entityOf[std::size_t(i)];
        if (e >= 0)
            populated[std::size_t(e)] += 1;
        if (holding && !holding->holds[std::size_t(i)])
            continue;
        const qint64 size = holding ? projectedSize(table, *holding->store, ItemId(i))
                                    : table.itemSize(ItemId(i));
        if (e < 0) { // hand-written: no growth declared
            tally.items += 1;
            tally.bytes += double(size + kStorageOverheadBytes);
            continue;
        }
        count[std::size_t(e)] += 1;
        bytes[std::size_t(e)] += double(size + kStorageOverheadBytes);
    }
    for (std::size_t e = 0; e < types; ++e) {
        if (populated[e] <= 0 || count[e] <= 0)
            continue;
        const double scale = mature[e] / populated[e];
        tally.items += count[e] * scale;
        tally.bytes += bytes[e] * scale;
    }
    return tally;
}

StorageCost storageRow(const QString &table, const QString &index, const StoreTally &tally,
                       const PriceTable &prices)
{
    return StorageCost {table, index, qint64(std::llround(tally.items)), tally.bytes,
                        tally.bytes / kBytesPerGb * prices.storageGbMonth.value};
}

} // namespace

std::vector<StorageCost> storageCosts(const Project &project, const PreparedDesign &design,
                                      const PriceTable &prices)
{
    const auto mature = itemsAtMaturity(project, *design.population);
    const QString table = project.table.tableName;
    std::vector<StorageCost> rows;
    rows.push_back(
        storageRow(table, QString(), tallyStore(project, design, nullptr, mature), prices));
    for (const IndexHolding &holding : indexHoldings(*design.table, design.population->size()))
        rows.push_back(storageRow(table, holding.store->name(),
                                  tallyStore(project, design, &holding, mature), prices));
    return rows;
}

} // namespace keyscope::model::costing
