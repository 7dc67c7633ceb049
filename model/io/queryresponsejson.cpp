#include "model/io/queryresponsejson.h"

#include "model/value/dynamojson.h"

namespace keyscope::model {

OrderedJson QueryResponseJson::itemToJson(const Item &item)
{
    OrderedJson json = OrderedJson::object();
    for (const auto &[name, value] : item)
        json.insert(name, OrderedJson::fromQJson(dynamojson::valueToJson(value)));
    return json;
}

OrderedJson QueryResponseJson::consumedCapacityToJson(const ConsumedCapacity &capacity)
{
    const auto units = [](double value) {
        OrderedJson json = OrderedJson::object();
        json.insert(QStringLiteral("CapacityUnits"), OrderedJson::floating(value));
        return json;
    };
    OrderedJson json = OrderedJson::object();
    json.insert(QStringLiteral("TableName"), OrderedJson::string(capacity.tableName));
    json.insert(QStringLiteral("CapacityUnits"), OrderedJson::floating(capacity.capacityUnits));
    if (capacity.perIndex) {
        json.insert(QStringLiteral("Table"), units(capacity.tableUnits));
        if (!capacity.indexName.isEmpty()) {
            OrderedJson indexes = OrderedJson::object();
            indexes.insert(capacity.indexName, units(capacity.indexUnits));
            json.insert(capacity.indexIsGlobal ? QStringLiteral("GlobalSecondaryIndexes")
                                               : QStringLiteral("LocalSecondaryIndexes"),
                        indexes);
        }
    }
    return json;
}

OrderedJson QueryResponseJson::toJson(const QueryResponse &response)
{
    OrderedJson json = OrderedJson::object();
    if (!response.countOnly) {
        OrderedJson items = OrderedJson::array();
        for (const Item &item : response.items)
            items.append(itemToJson(item));
        json.insert(QStringLiteral("Items"), items);
    }
    json.insert(QStringLiteral("Count"), OrderedJson::integer(response.count));
    json.insert(QStringLiteral("ScannedCount"), OrderedJson::integer(response.scannedCount));
    if (response.lastEvaluatedKey)
        json.insert(QStringLiteral("LastEvaluatedKey"), itemToJson(*response.lastEvaluatedKey));
    if (response.consumedCapacity)
        json.insert(QStringLiteral("ConsumedCapacity"),
                    consumedCapacityToJson(*response.consumedCapacity));
    return json;
}

} // namespace keyscope::model
