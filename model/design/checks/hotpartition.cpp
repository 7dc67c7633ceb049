// hot-partition: one partition key value asked for more than a partition serves per second
// (3,000 RCU, 1,000 WCU), from the cost report's rates and how the key's values spread
// (partitionspread.h).
#include "model/design/accesspatternrunner.h"
#include "model/design/checks/costsupport.h"
#include "model/design/keytemplate.h"
#include "model/expression/queryexpressions.h"

#include <cmath>

namespace keyscope::model::checks {

namespace {

const QString kHotPartition = QStringLiteral("hot-partition");

// The attribute a writer hashes to choose the shard: the entity's own id.
QString shardSource(const EntityType &entity)
{
    const AttributeSpec *id = idAttribute(entity);
    return id ? id->name : QStringLiteral("the item's primary key");
}

QString sortKeyOf(const Table &table, const QString &index)
{
    const IndexStore *store = table.store(index);
    return store && store->keys().hasRange() ? store->keys().range.front().name
                                             : QStringLiteral("the sort key");
}

// RCU one request takes when it becomes `shards` Queries, one per suffix: each reads its share
// of the items (all of its Limit, so the merge can take the first ones), rounded per Query.
double fanInUnits(const PatternCost &cost, const AccessPattern &pattern, int shards)
{
    if (cost.itemsRead <= 0)
        return shards * readUnits(0, cost.consistentRead);
    const double perItem = double(cost.bytesRead) / double(cost.itemsRead);
    const double items = pattern.limit ? double(std::min(cost.itemsRead, *pattern.limit))
                                       : std::ceil(double(cost.itemsRead) / shards);
    return shards * readUnits(qint64(std::ceil(items * perItem)), cost.consistentRead);
}

// WCU per second an entity type's declared writes take in one store: the table with its local
// secondary indexes (they live in the table's partitions), or one global secondary index.
double storeWriteUnits(const CostContext &context, const EntityCost &cost, const QString &index)
{
    const auto perSecond = [&](double create, double update, double remove) {
        return cost.create.rate * create + cost.update.rate * update + cost.remove.rate * remove;
    };
    double wcu = index.isEmpty()
        ? perSecond(cost.create.tableUnits, cost.update.tableUnits, cost.remove.tableUnits)
        : 0;
    for (const EntityCost::IndexWrites &writes : cost.indexWrites) {
        const IndexDefinition *definition = context.checks.project.table.index(writes.index);
        const bool here
            = index.isEmpty() ? definition && !definition->isGlobal() : writes.index == index;
        if (here)
            wcu += perSecond(writes.create, writes.update, writes.remove);
    }
    return wcu;
}

// How the patterns that Query the store read a sharded key: N Queries merged by the sort key.
QString fanInText(const CostContext &context, const QString &index, const QString &value,
                  int shards)
{
    const QString sortKey = sortKeyOf(context.table(), index);
    QStringList readers;
    for (const AccessPattern &pattern : context.checks.project.accessPatterns) {
        const PatternCost *cost = context.patternCost(pattern.name);
        if (pattern.indexName != index || !cost || !cost->error.isEmpty())
            continue;
        readers << QStringLiteral("'") + pattern.name + QStringLiteral("' becomes ")
                + QString::number(shards) + QStringLiteral(" Queries merged by ") + sortKey
                + QStringLiteral(": about ") + rateText(fanInUnits(*cost, pattern, shards))
                + QStringLiteral(" RCU per request (") + rateText(cost->rcuPerRequest)
                + QStringLiteral(" now)");
    }
    const QString suffixes = QStringLiteral(" (") + value + QStringLiteral("#0 to ") + value
        + QLatin1Char('#') + QString::number(shards - 1) + QStringLiteral(")");
    if (readers.isEmpty())
        return QStringLiteral("A reader Queries each of the ") + QString::number(shards)
            + QStringLiteral(" suffixes") + suffixes + QStringLiteral(" and merges them by ")
            + sortKey + QLatin1Char('.');
    return QStringLiteral("Readers Query each suffix") + suffixes + QStringLiteral(": ")
        + readers.join(QStringLiteral("; ")) + QLatin1Char('.');
}

// "add an attribute Shard to Ticket, a hash of TicketId mod 4 written with each item, and key
// GSI1PK as STATUS#{Status}#{Shard}"
QString shardingText(const EntityType &entity, const QString &attribute, int shards)
{
    const auto key = entity.keys.find(attribute);
    const QString now = key == entity.keys.end() ? QString() : key->second;
    return QStringLiteral("add an attribute Shard to ") + entity.name
        + QStringLiteral(", a hash of ") + shardSource(entity) + QStringLiteral(" mod ")
        + QString::number(shards) + QStringLiteral(" written with each item, and key ") + attribute
        + QStringLiteral(" as ") + now + QStringLiteral("#{Shard}");
}

// " (STATUS#{Status})": the entity's template of the key attribute, when it has one.
QString templateWords(const EntityType &entity, const QString &attribute)
{
    const auto key = entity.keys.find(attribute);
    return key == entity.keys.end() ? QString()
                                    : QStringLiteral(" (") + key->second + QLatin1Char(')');
}

QString writesText(const EntityType &entity)
{
    const EntityWrites &writes = *entity.writes;
    return entity.name + QStringLiteral(" declares ") + rateText(writes.creates)
        + QStringLiteral(" creates, ") + rateText(writes.updates) + QStringLiteral(" updates and ")
        + rateText(writes.deletes) + QStringLiteral(" deletes per second");
}

const QString kSpreadAssumption = QStringLiteral(
    " The estimate assumes the load spreads over the values as the populated items do, and "
    "uniformly over the items (or parents) at maturity when each has a value of its own.");

Finding writeFinding(const CostContext &context, int entity, const QString &index,
                     const PartitionSpread &spread, double wcu)
{
    const EntityType &type = context.checks.project.entities[std::size_t(entity)];
    const QString attribute = context.hashAttributes(index).front();
    const double need = wcu * spread.share;
    const int shards = shardCount(need, kPartitionWriteUnitsPerSecond);
    Finding f = findingOf(kHotPartition, Finding::Severity::Error, type.name, attribute,
                          QStringLiteral("entities[%1].keys.%2").arg(entity).arg(attribute));
    if (const KeySite *site = context.checks.site(entity, attribute))
        markTemplate(f, *site);
    f.index = index;
    f.title = QStringLiteral("'") + spread.value + QStringLiteral("' on ") + storeWords(index)
        + QStringLiteral(" takes ") + rateText(need) + QStringLiteral(" WCU/s of ") + type.name
        + QStringLiteral(" writes, over the 1,000 one partition takes");
    f.explanation = writesText(type) + QStringLiteral(": ") + rateText(wcu)
        + QStringLiteral(" WCU/s in ") + storeWords(index) + QStringLiteral(". Its ") + attribute
        + templateWords(type, attribute) + QStringLiteral(" takes ") + spread.described(type.name)
        + QStringLiteral(", so '") + spread.value + QStringLiteral("' gets ") + rateText(need)
        + QStringLiteral(" WCU/s. DynamoDB writes at most 1,000 WCU/s to one partition key value; "
                         "the rest is throttled (ProvisionedThroughputExceededException), and a "
                         "global secondary index that falls behind throttles the table's writes "
                         "too.")
        + kSpreadAssumption;
    f.fix = QStringLiteral("Shard the key: ") + shardingText(type, attribute, shards)
        + QStringLiteral(". ") + QString::number(shards) + QStringLiteral(" shards (")
        + rateText(need)
        + QStringLiteral(" / 1,000 WCU/s with 20% headroom, rounded up to a "
                         "power of two) take about ")
        + rateText(need / shards) + QStringLiteral(" WCU/s each. ")
        + fanInText(context, index, spread.value, shards);
    for (qint64 item : context.checks.itemsOfEntity[std::size_t(entity)]) {
        if (f.items.size() < 3
            && context.partitionText(item, context.hashAttributes(index)) == spread.value)
            f.items.push_back(item);
    }
    return f;
}

// Writes: each entity type's declared writes, per store, on its busiest partition key value.
void hotWrites(const CostContext &context, std::vector<Finding> &findings)
{
    QStringList stores {QString()};
    for (const IndexDefinition &index : context.checks.project.table.indexes) {
        if (index.isGlobal())
            stores << index.name;
    }
    const auto &entities = context.checks.project.entities;
    for (const QString &index : stores) {
        for (std::size_t e = 0; e < entities.size(); ++e) {
            const EntityCost *cost = context.entityCost(entities[e].name);
            if (!cost || !entities[e].writes || context.checks.isInferred(int(e)))
                continue;
            const double wcu = storeWriteUnits(context, *cost, index);
            if (wcu <= kPartitionWriteUnitsPerSecond)
                continue; // even on one value it fits
            const PartitionSpread spread = context.itemSpread(int(e), index);
            if (spread.members > 0 && wcu * spread.share > kPartitionWriteUnitsPerSecond)
                findings.push_back(writeFinding(context, int(e), index, spread, wcu));
        }
    }
}

// The pattern's partition key value for one parent item (-1: none), empty if it does not
// render.
QString readValue(const CostContext &context, const AccessPattern &pattern, const QString &hash,
                  qint64 parent)
{
    auto values = AccessPatternRunner::values(context.checks.project, context.checks.population,
                                              pattern, parent);
    auto *rendered = std::get_if<std::map<QString, AttributeValue>>(&values);
    if (!rendered)
        return QString();
    QueryExpressionText text;
    text.keyConditionExpression = pattern.keyConditionExpression;
    if (!pattern.names.empty())
        text.names = pattern.names;
    text.values = *rendered;
    text.maxKeyConditions = 8;
    const auto parsed = parseQueryExpressionSyntax(text);
    if (const auto *syntax = std::get_if<QueryExpressionSyntax>(&parsed)) {
        for (const KeyConditionTerm &term : syntax->keyTerms) {
            if (term.attribute == hash && !term.values.empty())
                return CheckContext::valueText(term.values.front());
        }
    }
    return QString();
}

// How a pattern's requests spread: over the values its partition key takes for each item of
// its parent type (one value when it names none).
PartitionSpread readSpread(const CostContext &context, const AccessPattern &pattern,
                           const QString &hash)
{
    const auto &entities = context.checks.project.entities;
    int parentType = -1;
    for (std::size_t e = 0; e < entities.size(); ++e) {
        if (entities[e].name == pattern.parentEntity)
            parentType = int(e);
    }
    SpreadInput input;
    if (parentType < 0) {
        PartitionSpread one;
        one.value = readValue(context, pattern, hash, -1);
        one.members = 1;
        return one;
    }
    for (qint64 parent : context.checks.itemsOfEntity[std::size_t(parentType)]) {
        QString value = readValue(context, pattern, hash, parent);
        if (value.isEmpty())
            continue;
        input.members.push_back(parent);
        input.values.push_back(std::move(value));
    }
    return estimateSpread(input, context.checks.project, context.checks.population, context.mature);
}

// The entity types whose items are in the store under the pattern's partition key.
std::vector<int> typesRead(const CostContext &context, const AccessPattern &pattern,
                           const QString &hash)
{
    std::vector<int> types;
    const auto &entities = context.checks.project.entities;
    for (std::size_t e = 0; e < entities.size(); ++e) {
        const bool expected = pattern.expect.entityTypes.isEmpty()
            || pattern.expect.entityTypes.contains(entities[e].name);
        if (expected && entities[e].keys.count(hash) && !context.checks.isInferred(int(e)))
            types.push_back(int(e));
    }
    return types;
}

QString readFix(const CostContext &context, const AccessPattern &pattern, const PatternCost &cost,
                const PartitionSpread &spread, double need)
{
    const QString hash = context.hashAttributes(pattern.indexName).front();
    const int shards = shardCount(need, kPartitionReadUnitsPerSecond);
    const double perShard = cost.rate * spread.share * fanInUnits(cost, pattern, shards) / shards;
    if (perShard > kPartitionReadUnitsPerSecond)
        return QStringLiteral("Sharding cannot split it: each Query takes at least ")
            + rateText(readUnits(0, cost.consistentRead))
            + QStringLiteral(" RCU, so the requests alone fill one partition. Serve them from a "
                             "cache (DynamoDB Accelerator, DAX, or the application's own), or "
                             "read eventually consistent.");
    QStringList changes;
    for (int type : typesRead(context, pattern, hash))
        changes << shardingText(context.checks.project.entities[std::size_t(type)], hash, shards);
    return QStringLiteral("Shard the items it reads: ") + changes.join(QStringLiteral("; "))
        + QStringLiteral(". ") + QString::number(shards) + QStringLiteral(" shards (")
        + rateText(need)
        + QStringLiteral(" / 3,000 RCU/s with 20% headroom, rounded up to a "
                         "power of two) take about ")
        + rateText(perShard) + QStringLiteral(" RCU/s each. ")
        + fanInText(context, pattern.indexName, spread.value, shards);
}

Finding readFinding(const CostContext &context, const AccessPattern &pattern,
                    const PatternCost &cost, const PartitionSpread &spread)
{
    const double need = cost.rcuPerSecond * spread.share;
    Finding f;
    f.id = kHotPartition;
    f.severity = Finding::Severity::Warning;
    f.path = patternPath(context.checks.project, pattern);
    f.index = pattern.indexName;
    f.scopeNote = QStringLiteral("about the access pattern '") + pattern.name + QLatin1Char('\'');
    f.title = QStringLiteral("'") + pattern.name + QStringLiteral("' needs ") + rateText(need)
        + QStringLiteral(" RCU/s on '") + spread.value + QStringLiteral("' (")
        + storeWords(pattern.indexName) + QStringLiteral("), over the 3,000 one partition serves");
    f.explanation = QStringLiteral("At its declared ") + rateText(cost.rate)
        + QStringLiteral(" requests per second, each reading ") + rateText(double(cost.itemsRead))
        + QStringLiteral(" items for ") + rateText(cost.rcuPerRequest)
        + (cost.consistentRead ? QStringLiteral(" RCU (strongly consistent)")
                               : QStringLiteral(" RCU (eventually consistent: half)"))
        + QStringLiteral(", the pattern needs ") + rateText(cost.rcuPerSecond)
        + QStringLiteral(" RCU/s. Its partition key takes ")
        + spread.described(pattern.parentEntity.isEmpty() ? QStringLiteral("request")
                                                          : pattern.parentEntity)
        + QStringLiteral(", so '") + spread.value + QStringLiteral("' gets ") + rateText(need)
        + QStringLiteral(" RCU/s. DynamoDB reads at most 3,000 RCU/s from one partition key "
                         "value; the rest is throttled.")
        + kSpreadAssumption;
    f.fix = readFix(context, pattern, cost, spread, need);
    return f;
}

// Reads: each pattern with a declared rate, on its busiest partition key value.
void hotReads(const CostContext &context, std::vector<Finding> &findings)
{
    for (const AccessPattern &pattern : context.checks.project.accessPatterns) {
        const PatternCost *cost = context.patternCost(pattern.name);
        if (!cost || cost->rateAssumed || !cost->error.isEmpty()
            || cost->rcuPerSecond <= kPartitionReadUnitsPerSecond)
            continue;
        const QStringList hash = context.hashAttributes(pattern.indexName);
        if (hash.isEmpty())
            continue;
        const PartitionSpread spread = readSpread(context, pattern, hash.front());
        if (cost->rcuPerSecond * spread.share > kPartitionReadUnitsPerSecond)
            findings.push_back(readFinding(context, pattern, *cost, spread));
    }
}

} // namespace

void checkHotPartitions(const CostContext &context, std::vector<Finding> &findings)
{
    hotWrites(context, findings);
    hotReads(context, findings);
}

} // namespace keyscope::model::checks
