#pragma once

#include "model/design/populator.h"
#include "model/design/project.h"

#include <QStringList>

#include <vector>

namespace keyscope::model {

// One simulated update of a mutable attribute and what the design does with it.
struct SimulatedUpdate
{
    qint64 item = -1;  // population index
    QString attribute; // the mutable attribute that changed
    AttributeValue before;
    AttributeValue after;
    // Table key attributes whose value changed. Key attributes cannot be updated in place:
    // DynamoDB needs a delete of the old item and a put of the new one, and a failure between
    // the two loses or duplicates the item.
    QStringList tableKeysChanged;
    // Indexes whose key changed: DynamoDB moves the entry itself on UpdateItem; the index
    // re-sorts, the table does not.
    QStringList indexesMoved;

    bool needsDeleteAndCreate() const { return !tableKeysChanged.isEmpty(); }
};

struct UpdateSimulation
{
    Population population; // the items after the updates (keys re-rendered)
    std::vector<SimulatedUpdate> updates;
};

// Bumps the mutable attributes of a share of the items (timestamps move later by up to a week,
// numbers grow, other values are regenerated) and re-renders their keys. Deterministic for a
// seed.
class UpdateSimulator
{
public:
    static UpdateSimulation simulate(const Project &project, const Population &population,
                                     double share = 0.1, quint64 seed = 1);
};

} // namespace keyscope::model
