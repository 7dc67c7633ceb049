// The operations an AWS DynamoDB MCP import keeps without running them, listed from the
// project's "x-mcp" member with their keys checked (model/interop/mcpoperations.h).
#include "model/interop/mcpoperations.h"

#include "model/interop/mcpdatamodel.h"
#include "model/interop/mcpdatamodelparts.h"
#include "model/interop/mcpschemaparts.h"
#include "model/query/queryengine.h"

#include <QJsonArray>

namespace keyscope::model {

QString scanCost(qint64 itemCount, qint64 bytes)
{
    const double units = QueryEngine::capacityUnits(quint64(bytes), false);
    return QStringLiteral("here its %1 items, %2 bytes, %3 RCU eventually consistent; the read "
                          "grows with the table (a Query on a key reads only its partition)")
        .arg(itemCount)
        .arg(bytes)
        .arg(units);
}

namespace {

QString scanCostOf(const Table &table)
{
    qint64 bytes = 0;
    for (qsizetype id = 0; id < table.itemCount(); ++id)
        bytes += table.itemSize(ItemId(id));
    return scanCost(table.itemCount(), bytes);
}

} // namespace

std::vector<KeptOperation> keptOperations(const Project &project, const Table *populated)
{
    std::vector<KeptOperation> kept;
    const QJsonObject mcp
        = project.extra.value(QLatin1String(McpDataModel::kExtraMember)).toObject();
    for (const QJsonValue &value : mcp.value(QLatin1String("operations")).toArray()) {
        const QJsonObject json = value.toObject();
        const EntityType *entity = project.entity(json.value(QLatin1String("entity")).toString());
        if (json.contains(QLatin1String("dynamodb_operation")))
            kept.push_back(mcpdm::keptOperation(project, json));
        else if (entity)
            kept.push_back(mcp::keptOperation(project, *entity, json));
        else
            continue;
        if (kept.back().operation == u"Scan" && populated)
            kept.back().problem = scanCostOf(*populated);
    }
    return kept;
}

} // namespace keyscope::model
