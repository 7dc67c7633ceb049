#pragma once

// What a design costs (issue 28), from the design itself: every access pattern's Query run on
// the populated design (pages, items and bytes read, RCU exactly as ConsumedCapacity reports
// it), every entity type's item sizes and the writes they cause in the table and its indexes,
// storage per table and index at the declared growth, priced on demand and provisioned.
// Presented by `keyscope cost` (costformat.h) and the app's Capacity panel.

#include "model/cost/prices.h"
#include "model/design/designrun.h"
#include "model/design/project.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <variant>
#include <vector>

namespace keyscope::model {

struct PatternCost
{
    QString name;
    QString index;          // empty: the table
    double rate = 0;        // peak requests per second (1 when the pattern declares none)
    double averageRate = 0; // requests per second over the month (the peak when not declared)
    bool rateAssumed = false;
    bool consistentRead = false;
    qint64 pages = 0;              // pages one request reads: until the Limit, or to the end
    qint64 itemsRead = 0;          // ScannedCount, summed over the pages
    qint64 itemsReturned = 0;      // Count, summed over the pages
    qint64 bytesRead = 0;          // item bytes read (index entries, and table fetches for an LSI)
    double rcuPerRequest = 0;      // ConsumedCapacity.CapacityUnits, summed over the pages
    double rcuPerSecond = 0;       // at the peak rate
    double monthlyOnDemand = 0;    // read request units at the average rate
    double monthlyProvisioned = 0; // RCU for the peak rate at the assumed utilisation
    QString error;        // why the pattern could not be costed (its Query does not run); figures 0
    QueryRequest request; // the first page's request, values rendered (for the checks)
};

// The write capacity one write of a kind takes: mean units over the entity's populated items.
struct WriteCost
{
    double rate = 0;       // writes per second of this kind, at peak
    double tableUnits = 0; // WCU in the table (1 KB units of the item)
    double indexUnits = 0; // WCU in the indexes (1 KB units of each projection written)
};

// One entity type's items, or the project's hand-written items ("Hand-written items", last).
struct EntityCost
{
    QString name;
    qint64 items = 0;           // populated items of this type
    qint64 itemsAtMaturity = 0; // at the declared growth (countPerParent), or populated
    double meanItemBytes = 0;   // DynamoDB's item size rules
    qint64 maxItemBytes = 0;
    double wcuPerWrite = 0; // WCU of one put in the table (mean over the items)
    // Index WCU per write: the declared mix of creates, updates and deletes weighted by their
    // rates (creates alone when no writes are declared).
    double indexWritesPerWrite = 0;
    QStringList indexes; // the indexes its items are projected into
    // Per index of `indexes`, the index WCU one write of each kind takes there (mean over the
    // items; their sum over the indexes is create/update/remove.indexUnits below).
    struct IndexWrites
    {
        QString index;
        double create = 0;
        double update = 0;
        double remove = 0;
    };
    std::vector<IndexWrites> indexWrites;
    WriteCost create;
    WriteCost update; // an update that changes an index key is a delete and a put there
    WriteCost remove;
    double writeRate = 0;       // creates + updates + deletes per second
    bool writesAssumed = false; // no "writes" declared: none counted
    double wcuPerSecond = 0;
    double monthlyOnDemand = 0;
    double monthlyProvisioned = 0;
};

struct StorageCost
{
    QString table;
    QString index;    // empty: the table itself
    qint64 items = 0; // at maturity
    double bytes = 0; // item (or projection) bytes plus 100 bytes per item
    double monthly = 0;
};

struct CostTotals
{
    double reads = 0; // on demand
    double writes = 0;
    double readsProvisioned = 0;
    double writesProvisioned = 0;
    double storage = 0;
    double onDemand = 0;    // reads + writes + storage
    double provisioned = 0; // readsProvisioned + writesProvisioned + storage
};

struct CostOptions
{
    std::optional<quint64> seed; // populate with this seed instead of the project's
    QString region;              // over the project's "prices" region
};

struct CostReport
{
    QString design; // the project's name
    PriceTable prices;
    std::vector<PatternCost> patterns;
    std::vector<EntityCost> entities;
    std::vector<StorageCost> storage;
    CostTotals totals;
    QString biggestCost;     // one sentence naming the single biggest monthly cost
    QStringList assumptions; // what the figures rest on that the design does not say

    // The report for a prepared design (DesignRun::prepare). The error is the price table's
    // (an unknown region without every figure given).
    static std::variant<CostReport, QString>
    compute(const Project &project, const PreparedDesign &design, const CostOptions &options = {});
    // Populates and builds the design first; DesignRunError's message when it cannot.
    static std::variant<CostReport, QString> compute(const Project &project,
                                                     const CostOptions &options = {});
};

// Read and write units as DynamoDB rounds them: 4 KB per RCU (half when eventually
// consistent), 1 KB per WCU, at least one unit.
double readUnits(qint64 bytes, bool consistentRead);
double writeUnits(qint64 bytes);

// DynamoDB's storage overhead per item, in the table and in each index.
inline constexpr qint64 kStorageOverheadBytes = 100;
// DynamoDB's limits on one partition (one partition key value) per second.
inline constexpr double kPartitionReadUnitsPerSecond = 3000;
inline constexpr double kPartitionWriteUnitsPerSecond = 1000;
// An item collection with a local secondary index may hold at most 10 GB.
inline constexpr qint64 kItemCollectionLimitBytes = 10LL * 1024 * 1024 * 1024;

} // namespace keyscope::model
