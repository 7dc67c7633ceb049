// The checks that follow from what a design costs (issue 28): lsi-collection-limit,
// gsi-projection-cost and scan-like-query here, hot-partition in hotpartition.cpp; all read
// the cost report of the populated design (model/cost/costreport.h).
#include "model/cost/entitycosts.h"
#include "model/design/accesspatternrunner.h"
#include "model/design/checks/costsupport.h"
#include "model/design/keytemplate.h"
#include "model/design/patterndiagnosis.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>

#include <cmath>
#include <map>

namespace keyscope::model::checks {

// A projection change saving less than this a month is not worth a finding.
inline constexpr double kMinimumMonthlySaving = 1.0;
// scan-like-query: ScannedCount at least this many times Count, and at least this many items
// read and dropped per request.
inline constexpr qint64 kScanRatio = 4;
inline constexpr qint64 kScanWasted = 10;

const EntityCost *CostContext::entityCost(const QString &name) const
{
    for (const EntityCost &cost : report.entities) {
        if (cost.name == name)
            return &cost;
    }
    return nullptr;
}

const PatternCost *CostContext::patternCost(const QString &name) const
{
    for (const PatternCost &cost : report.patterns) {
        if (cost.name == name)
            return &cost;
    }
    return nullptr;
}

QStringList CostContext::hashAttributes(const QString &index) const
{
    QStringList names;
    if (const IndexStore *store = table().store(index)) {
        for (const KeyAttribute &key : store->keys().hash)
            names << key.name;
    }
    return names;
}

QString CostContext::partitionText(qint64 item, const QStringList &hash) const
{
    QStringList parts;
    for (const QString &name : hash) {
        const auto value = checks.attribute(item, name);
        if (!value)
            return QString();
        parts << CheckContext::valueText(*value);
    }
    return parts.join(QStringLiteral(" + "));
}

PartitionSpread CostContext::itemSpread(int entity, const QString &index) const
{
    const QStringList hash = hashAttributes(index);
    SpreadInput input;
    if (hash.isEmpty())
        return estimateSpread(input, checks.project, checks.population, mature);
    const EntityType &type = checks.project.entities[std::size_t(entity)];
    const auto text = type.keys.find(hash.front());
    if (text != type.keys.end()) {
        const auto parsed = KeyTemplate::parse(text->second);
        const auto *keyTemplate = std::get_if<KeyTemplate>(&parsed);
        input.literal = keyTemplate && keyTemplate->placeholders().isEmpty();
    }
    for (qint64 item : checks.itemsOfEntity[std::size_t(entity)]) {
        QString value = partitionText(item, hash);
        if (value.isEmpty())
            continue; // not in this (sparse) index
        input.members.push_back(item);
        input.values.push_back(std::move(value));
    }
    return estimateSpread(input, checks.project, checks.population, mature);
}

QString storeWords(const QString &index)
{
    return index.isEmpty() ? QStringLiteral("the table") : index;
}

namespace {

QString gigabytes(double bytes)
{
    return QLocale(QLocale::English).toString(bytes / double(1LL << 30), 'f', 1)
        + QStringLiteral(" GB");
}

// One item collection at maturity: the entity types whose items share its partition key
// value, how many of each, and their bytes in the table and in the local secondary indexes.
struct Collection
{
    QString value;                             // an example partition key value
    std::vector<std::pair<int, double>> types; // entity type, items at maturity
    double tableBytes = 0;
    double indexBytes = 0;
    int largest = -1; // the type taking the most bytes
    double largestBytes = 0;
};

// Mean bytes of an entity type's entry in a local secondary index, over all its items (an
// item the sparse index does not hold counts 0).
double meanEntryBytes(const CostContext &context, int entity, const IndexStore &store)
{
    const auto &items = context.checks.itemsOfEntity[std::size_t(entity)];
    if (items.empty())
        return 0;
    std::vector<bool> held(std::size_t(context.checks.population.size()));
    for (const Partition &partition : store.partitions()) {
        for (const PartitionEntry &entry : partition.entries)
            held[entry.item] = true;
    }
    double bytes = 0;
    for (qint64 item : items) {
        if (item < qint64(held.size()) && held[std::size_t(item)])
            bytes += store.carriesWholeItems() ? double(context.table().itemSize(ItemId(item)))
                                               : double(store.projectedSize(ItemId(item)));
    }
    return bytes / double(items.size());
}

// Which collection an entity type's items fall in: the one of their owner type, or of the
// value they all share; and how many of its items one collection holds at maturity.
std::pair<QString, double> collectionOf(const PartitionSpread &spread, double mature,
                                        const QString &type)
{
    switch (spread.kind) {
    case PartitionSpread::Kind::PerItem:
        return {QStringLiteral("per ") + type, 1};
    case PartitionSpread::Kind::PerOwner:
        return {QStringLiteral("per ") + spread.owner, mature / spread.partitions};
    default:
        return {QStringLiteral("value ") + spread.value, mature * spread.share};
    }
}

std::map<QString, Collection> collections(const CostContext &context,
                                          const std::vector<const IndexStore *> &locals)
{
    std::map<QString, Collection> groups;
    const auto &entities = context.checks.project.entities;
    for (std::size_t e = 0; e < entities.size(); ++e) {
        const EntityCost *cost = context.entityCost(entities[e].name);
        if (!cost || cost->items == 0 || context.checks.isInferred(int(e)))
            continue;
        const PartitionSpread spread = context.itemSpread(int(e), QString());
        const auto [key, count] = collectionOf(spread, context.mature[e], entities[e].name);
        double entry = 0;
        for (const IndexStore *store : locals)
            entry += meanEntryBytes(context, int(e), *store);
        Collection &group = groups[key];
        if (group.value.isEmpty())
            group.value = spread.value;
        group.types.emplace_back(int(e), count);
        group.tableBytes += count * cost->meanItemBytes;
        group.indexBytes += count * entry;
        if (count * (cost->meanItemBytes + entry) > group.largestBytes) {
            group.largestBytes = count * (cost->meanItemBytes + entry);
            group.largest = int(e);
        }
    }
    return groups;
}

// "A, B and C"
QString inWords(QStringList parts)
{
    const QString last = parts.takeLast();
    return parts.isEmpty() ? last
                           : parts.join(QStringLiteral(", ")) + QStringLiteral(" and ") + last;
}

Finding collectionFinding(const CostContext &context, const Collection &group,
                          const QStringList &indexes)
{
    const auto &entities = context.checks.project.entities;
    const EntityType &largest = entities[std::size_t(group.largest)];
    const QString hash = context.hashAttributes(QString()).front();
    const double total = group.tableBytes + group.indexBytes;
    Finding f
        = findingOf(QStringLiteral("lsi-collection-limit"), Finding::Severity::Error, largest.name,
                    hash, QStringLiteral("entities[%1].keys.%2").arg(group.largest).arg(hash));
    if (const KeySite *site = context.checks.site(group.largest, hash))
        markTemplate(f, *site);
    QStringList held;
    for (const auto &[type, count] : group.types)
        held << rateText(count) + u' ' + entities[std::size_t(type)].name
                + (std::llround(count) == 1 ? QStringLiteral(" item") : QStringLiteral(" items"));
    const QString names = listedNames(indexes);
    f.title = QStringLiteral("The item collection '") + group.value + QStringLiteral("' reaches ")
        + gigabytes(total)
        + QStringLiteral(" at maturity, over the 10 GB a table with a local "
                         "secondary index allows");
    f.explanation = QStringLiteral("With the local secondary index ") + names
        + QStringLiteral(", all the items of one ") + hash
        + QStringLiteral(" value and their entries in ") + names
        + QStringLiteral(" (an item collection) must fit in 10 GB. At the declared growth one "
                         "collection, such as '")
        + group.value + QStringLiteral("', holds ") + inWords(held) + QStringLiteral(": ")
        + gigabytes(group.tableBytes) + QStringLiteral(" of items and ")
        + gigabytes(group.indexBytes) + QStringLiteral(" of index entries, ") + gigabytes(total)
        + QStringLiteral(". Past 10 GB DynamoDB refuses every write to it with "
                         "ItemCollectionSizeLimitExceededException (\"The total size of an item "
                         "collection has exceeded the maximum limit of 10 gigabytes\").");
    f.fix = QStringLiteral("Make ") + names
        + QStringLiteral(" a global secondary index on the same keys: a GSI has no item "
                         "collection limit. Or split the collection with a partition key that "
                         "grows with it (a time bucket or a shard in ")
        + hash + QStringLiteral(": at the declared growth each collection must be split at least ")
        + QString::number(qint64(std::ceil(total / double(kItemCollectionLimitBytes))))
        + QStringLiteral(" ways to stay under 10 GB).");
    return f;
}

void checkCollections(const CostContext &context, std::vector<Finding> &findings)
{
    std::vector<const IndexStore *> locals;
    QStringList names;
    for (const IndexDefinition &index : context.checks.project.table.indexes) {
        const IndexStore *store = context.table().store(index.name);
        if (!index.isGlobal() && store) {
            locals.push_back(store);
            names << index.name;
        }
    }
    if (locals.empty())
        return;
    const Collection *biggest = nullptr;
    const auto groups = collections(context, locals);
    for (const auto &[key, group] : groups) {
        if (!biggest
            || group.tableBytes + group.indexBytes > biggest->tableBytes + biggest->indexBytes)
            biggest = &group;
    }
    if (biggest && biggest->largest >= 0
        && biggest->tableBytes + biggest->indexBytes > double(kItemCollectionLimitBytes))
        findings.push_back(collectionFinding(context, *biggest, names));
}

// "table.GlobalSecondaryIndexes[0]": where the index is in the project file.
QString indexPath(const Project &project, const QString &name)
{
    int n = 0;
    for (const IndexDefinition &index : project.table.indexes) {
        if (index.name == name)
            return (index.isGlobal() ? QStringLiteral("table.GlobalSecondaryIndexes[%1]")
                                     : QStringLiteral("table.LocalSecondaryIndexes[%1]"))
                .arg(n);
        if (index.isGlobal() == project.table.index(name)->isGlobal())
            ++n;
    }
    return QStringLiteral("table");
}

QString projectionJson(const IndexDefinition &index)
{
    QJsonObject projection;
    switch (index.projection) {
    case ProjectionType::All:
        projection.insert(QStringLiteral("ProjectionType"), QStringLiteral("ALL"));
        break;
    case ProjectionType::KeysOnly:
        projection.insert(QStringLiteral("ProjectionType"), QStringLiteral("KEYS_ONLY"));
        break;
    case ProjectionType::Include:
        projection.insert(QStringLiteral("ProjectionType"), QStringLiteral("INCLUDE"));
        projection.insert(QStringLiteral("NonKeyAttributes"),
                          QJsonArray::fromStringList(index.nonKeyAttributes));
        break;
    }
    return QString::fromUtf8(QJsonDocument(projection).toJson(QJsonDocument::Compact));
}

DesignFix keysOnlyFix(const IndexDefinition &index)
{
    FixChange change;
    change.kind = FixChange::Kind::IndexProjection;
    change.index = index.name;
    change.before = projectionJson(index);
    change.after = QStringLiteral(R"({"ProjectionType":"KEYS_ONLY"})");
    return DesignFix {QStringLiteral("Project only the keys into ") + index.name, {change}};
}

// The cost report of the design with the fix made, on the same items.
std::optional<CostReport> reportWith(const CostContext &context, const DesignFix &fix)
{
    auto edited = applyFix(context.checks.project, fix);
    if (!std::holds_alternative<Project>(edited))
        return std::nullopt;
    const Project &project = std::get<Project>(edited);
    auto built = AccessPatternRunner::buildTable(project, context.checks.population);
    if (!std::holds_alternative<std::unique_ptr<Table>>(built))
        return std::nullopt;
    PreparedDesign design {context.design.population,
                           std::move(std::get<std::unique_ptr<Table>>(built))};
    auto report = CostReport::compute(project, design);
    if (!std::holds_alternative<CostReport>(report))
        return std::nullopt;
    return std::get<CostReport>(std::move(report));
}

double storageOf(const CostReport &report, const QString &index)
{
    for (const StorageCost &row : report.storage) {
        if (row.index == index)
            return row.monthly;
    }
    return 0;
}

Finding projectionFinding(const CostContext &context, const IndexDefinition &index,
                          const CostReport &keysOnly)
{
    const CostTotals &now = context.report.totals;
    const double saving = now.onDemand - keysOnly.totals.onDemand;
    const double storage = storageOf(context.report, index.name) - storageOf(keysOnly, index.name);
    const double writes = now.writes - keysOnly.totals.writes;
    Finding f = findingOf(QStringLiteral("gsi-projection-cost"), Finding::Severity::Warning,
                          QString(), QString(), indexPath(context.checks.project, index.name));
    f.index = index.name;
    f.scopeNote = QStringLiteral("about the index ") + index.name;
    const QString what = index.projection == ProjectionType::All
        ? QStringLiteral("every attribute (ALL)")
        : QStringLiteral("INCLUDE ") + index.nonKeyAttributes.join(QStringLiteral(", "));
    f.title = index.name + QStringLiteral(" projects ") + what
        + QStringLiteral(" but no access pattern reads it: KEYS_ONLY saves ") + dollarText(saving)
        + QStringLiteral(" a month");
    f.explanation = QStringLiteral("No access pattern Queries ") + index.name
        + QStringLiteral(", yet every write of an item it holds copies ") + what
        + QStringLiteral(" into it. At the declared writes and growth, keeping only the table's "
                         "and the index's keys saves ")
        + dollarText(saving) + QStringLiteral(" a month on demand (") + dollarText(storage)
        + QStringLiteral(" of storage, ") + dollarText(writes)
        + QStringLiteral(" of index writes; ")
        + dollarText(now.provisioned - keysOnly.totals.provisioned)
        + QStringLiteral(" provisioned). An access pattern carries no ProjectionExpression, so "
                         "one that Queries an index is taken to read all it projects.");
    f.fix = QStringLiteral("Project KEYS_ONLY into ") + index.name
        + QStringLiteral(" (or INCLUDE only what its readers need). DynamoDB cannot change an "
                         "index's projection in place: delete the index and create it again "
                         "with the new projection (UpdateTable).");
    f.edit = keysOnlyFix(index);
    return f;
}

void checkProjections(const CostContext &context, std::vector<Finding> &findings)
{
    const Project &project = context.checks.project;
    if (project.accessPatterns.empty())
        return; // the design says nothing about its reads
    for (const IndexDefinition &index : project.table.indexes) {
        if (!index.isGlobal() || index.projection == ProjectionType::KeysOnly)
            continue;
        const bool read = std::any_of(
            project.accessPatterns.begin(), project.accessPatterns.end(),
            [&](const AccessPattern &pattern) { return pattern.indexName == index.name; });
        if (read)
            continue;
        const auto keysOnly = reportWith(context, keysOnlyFix(index));
        if (keysOnly
            && context.report.totals.onDemand - keysOnly->totals.onDemand >= kMinimumMonthlySaving)
            findings.push_back(projectionFinding(context, index, *keysOnly));
    }
}

bool saysLimitBeforeFilter(const std::vector<Finding> &findings, const QString &path)
{
    return std::any_of(findings.begin(), findings.end(), [&](const Finding &f) {
        return f.id == QLatin1String("limit-before-filter") && f.path == path;
    });
}

Finding scanFinding(const CostContext &context, const AccessPattern &pattern,
                    const PatternCost &cost)
{
    const double perItem = double(cost.bytesRead) / double(cost.itemsRead);
    const double needed = cost.itemsReturned > 0
        ? readUnits(qint64(std::ceil(perItem * double(cost.itemsReturned))), cost.consistentRead)
        : 0;
    const PriceTable &prices = context.report.prices;
    const double monthly = (cost.rcuPerRequest - needed) * cost.averageRate
        * PriceTable::kSecondsPerMonth / 1e6 * prices.readRequestUnitsPerMillion.value;
    Finding f;
    f.id = QStringLiteral("scan-like-query");
    f.severity = Finding::Severity::Warning;
    f.path = patternPath(context.checks.project, pattern);
    f.index = pattern.indexName;
    f.scopeNote = QStringLiteral("about the access pattern '") + pattern.name + QLatin1Char('\'');
    f.title = QStringLiteral("'") + pattern.name + QStringLiteral("' reads ")
        + rateText(double(cost.itemsRead)) + QStringLiteral(" items to return ")
        + rateText(double(cost.itemsReturned));
    f.explanation = QStringLiteral("The FilterExpression ") + *pattern.filterExpression
        + QStringLiteral(" runs after the read: each request reads ")
        + rateText(double(cost.itemsRead)) + QStringLiteral(" items (ScannedCount) and keeps ")
        + rateText(double(cost.itemsReturned))
        + QStringLiteral(" (Count), and DynamoDB charges for every item read: ")
        + rateText(cost.rcuPerRequest)
        + QStringLiteral(" RCU per request where reading only the "
                         "items it returns would take ")
        + rateText(needed) + QStringLiteral(". At ")
        + (cost.rateAssumed
               ? QStringLiteral("an assumed 1 request per second")
               : rateText(cost.averageRate) + QStringLiteral(" requests per second on average"))
        + QStringLiteral(" that is ") + dollarText(monthly)
        + QStringLiteral(" a month on demand for items the filter drops.");
    f.fix = QStringLiteral("Let the key do the filter's work: put the filtered attribute in the "
                           "sort key (after the parent's prefix, so begins_with reads only the "
                           "matching items), or Query a global secondary index keyed on it (a "
                           "sparse one when only the matching items need to be in it).");
    return f;
}

void checkScanLike(const CostContext &context, std::vector<Finding> &findings)
{
    std::vector<Finding> found;
    for (const AccessPattern &pattern : context.checks.project.accessPatterns) {
        const PatternCost *cost = context.patternCost(pattern.name);
        if (!pattern.filterExpression || !cost || !cost->error.isEmpty())
            continue;
        const qint64 read = cost->itemsRead;
        const qint64 kept = cost->itemsReturned;
        if (read < kScanRatio * kept || read - kept < kScanWasted
            || saysLimitBeforeFilter(findings, patternPath(context.checks.project, pattern)))
            continue;
        found.push_back(scanFinding(context, pattern, *cost));
    }
    findings.insert(findings.end(), found.begin(), found.end());
}

} // namespace

void checkCosts(const CheckContext &context, std::vector<Finding> &findings)
{
    const Project &project = context.project;
    if (context.population.size() > kTrialItems)
        return;
    PreparedDesign design;
    design.table = context.patternTable();
    if (!design.table)
        return;
    // The checks' own population, not a copy: the design lives while the checks run.
    design.population
        = std::shared_ptr<const Population>(&context.population, [](const Population *) {});
    const auto computed = CostReport::compute(project, design);
    if (!std::holds_alternative<CostReport>(computed))
        return;
    const CostContext costs {context, std::get<CostReport>(computed), design,
                             costing::itemsAtMaturity(project, context.population)};
    checkHotPartitions(costs, findings);
    checkCollections(costs, findings);
    checkProjections(costs, findings);
    checkScanLike(costs, findings);
}

} // namespace keyscope::model::checks
