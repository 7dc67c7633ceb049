#pragma once

// What the cost checks (hot-partition, lsi-collection-limit, gsi-projection-cost,
// scan-like-query) share: the cost report of the populated design and the table it ran on.

#include "model/cost/costreport.h"
#include "model/design/checks/checksupport.h"
#include "model/design/checks/partitionspread.h"

namespace keyscope::model::checks {

struct CostContext
{
    const CheckContext &checks;
    const CostReport &report;
    const PreparedDesign &design;
    std::vector<double> mature; // items of each entity type at maturity

    const Table &table() const { return *design.table; }
    const EntityCost *entityCost(const QString &name) const;
    const PatternCost *patternCost(const QString &name) const;
    // The store's partition key attributes ("" is the table).
    QStringList hashAttributes(const QString &index) const;
    // The item's value of those attributes as text ("STATUS#OPEN"; several joined by " + "),
    // empty when it has none (not in a sparse index).
    QString partitionText(qint64 item, const QStringList &hash) const;
    // How the items of an entity type spread over the store's partition key values.
    PartitionSpread itemSpread(int entity, const QString &index) const;
};

// "the table", "GSI1"
QString storeWords(const QString &index);

void checkHotPartitions(const CostContext &context, std::vector<Finding> &findings);

} // namespace keyscope::model::checks
