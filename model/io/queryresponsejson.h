#pragma once

#include "model/io/orderedjson.h"
#include "model/query/queryrequest.h"

namespace keyscope::model {

// A QueryResponse in the shape and member order `aws dynamodb query` prints: Items (absent for
// Select=COUNT), Count, ScannedCount, LastEvaluatedKey (when present), ConsumedCapacity (when
// asked for). Botocore builds its output in the API model's member order, so that order is
// what users see and diff against.
class QueryResponseJson
{
public:
    static OrderedJson toJson(const QueryResponse &response);
    static OrderedJson consumedCapacityToJson(const ConsumedCapacity &capacity);
    // An item in DynamoDB JSON, attributes in name order.
    static OrderedJson itemToJson(const Item &item);
};

} // namespace keyscope::model
