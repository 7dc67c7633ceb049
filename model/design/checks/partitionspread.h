#pragma once

// How a rate, or a collection's items, spread over a store's partition key values: the estimate
// hot-partition and lsi-collection-limit rest on (designchecker.h). The populated items say how
// a key's values relate to the items: one value for all of them (a literal), one per item, one
// per parent (or grandparent, ...) item, or a set that does not grow with the items (a choice
// such as STATUS#OPEN / STATUS#CLOSED). The first three scale to the declared growth
// (countPerParent); a bounded set stays as populated.

#include "model/design/populator.h"

#include <QString>

#include <vector>

namespace keyscope::model::checks {

struct PartitionSpread
{
    enum class Kind {
        One,      // every member has the same value
        PerItem,  // each member its own value: as many values as members at maturity
        PerOwner, // one value per ancestor item (the parent, ...): as many as that type's items
        Bounded,  // a set of values that does not grow with the members
    };
    Kind kind = Kind::One;
    QString value;         // the busiest value ("STATUS#OPEN"): a rate's largest share falls on it
    QString owner;         // PerItem / PerOwner: the entity type whose items have one value each
    double partitions = 1; // values at maturity (Bounded, One: the values seen)
    double share = 1;      // the busiest value's share of the members (1 / partitions but Bounded)
    qint64 onBusiest = 0;  // members seen on the busiest value
    qint64 members = 0;    // members seen

    // "one value for every Ticket", "one per Customer (100,000 at maturity)", ...
    QString described(const QString &memberType) const;
};

// The members (population indexes of one entity type, each with its partition key value as
// text) and whether the key is written without a placeholder. `mature` holds each entity type's
// item count at maturity (indexed like Project::entities).
struct SpreadInput
{
    std::vector<qint64> members;
    std::vector<QString> values;
    bool literal = false;
};

PartitionSpread estimateSpread(const SpreadInput &input, const Project &project,
                               const Population &population, const std::vector<double> &mature);

// Shards that bring `need` units per second under `limit` per partition with 20% headroom,
// rounded up to a power of two (at least 2): 1,830 WCU/s under 1,000 -> 4.
int shardCount(double need, double limit);

// "1,830", "0.5", "12.3": a rate or a unit count as messages show it (grouped, at most one
// decimal, none for whole numbers or above 100).
QString rateText(double value);
// "$12.34", "$0.05", "$1,204" (whole dollars from $1,000 up).
QString dollarText(double value);

} // namespace keyscope::model::checks
