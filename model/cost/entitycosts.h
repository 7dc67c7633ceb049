#pragma once

// The write and storage side of the cost report (costreport.h): per entity type the sizes of
// its populated items and the write units a create, an update and a delete take in the table
// and in every index its items are projected into; storage per table and index at maturity;
// and the assumptions the report rests on.

#include "model/cost/costreport.h"

namespace keyscope::model::costing {

std::vector<EntityCost> entityCosts(const Project &project, const PreparedDesign &design,
                                    const PriceTable &prices);
std::vector<StorageCost> storageCosts(const Project &project, const PreparedDesign &design,
                                      const PriceTable &prices);
QStringList assumptions(const Project &project, const CostReport &report);

// Items of each entity type at maturity: a root type's countPerParent (its total), a child's
// its parent's times countPerParent; the populated count (or mean per parent) where none is
// declared. Indexed like Project::entities.
std::vector<double> itemsAtMaturity(const Project &project, const Population &population);

} // namespace keyscope::model::costing
