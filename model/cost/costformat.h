#pragma once

// The cost report as `keyscope cost` writes it: Markdown that pastes into a design document
// and renders as tables, or JSON ({"patterns", "entities", "storage", "totals", "prices",
// "assumptions"}). The figures' text forms are shared with the app's Capacity panel.

#include "model/cost/costreport.h"
#include "model/io/orderedjson.h"

#include <QByteArray>
#include <QString>

namespace keyscope::model {

QByteArray costMarkdown(const CostReport &report);
OrderedJson costJson(const CostReport &report);

// "$1,234.56"; "<$0.01" for a cost above nothing that rounds to 0; "$0.00" for nothing.
QString formatMoney(double dollars);
// "812 B", "3.4 KB", "1.2 GB" (1 KB = 1,024 bytes, as DynamoDB sizes items).
QString formatBytes(double bytes);
// Capacity units and rates: "0.5", "12", "1,250.5", without trailing zeros.
QString formatUnits(double units);

} // namespace keyscope::model
