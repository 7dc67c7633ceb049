#pragma once

#include "model/io/orderedjson.h"
#include "model/query/querytrace.h"
#include "model/table/table.h"

namespace keyscope::model {

// The documented JSON form of a QueryTrace (README, "Command line" > "--trace"). Traces hold
// row positions only; the table turns them into the keys a user recognises.
//
// {
//   "index": null | "<IndexName>",
//   "scanIndexForward": true,
//   "partition": {"key": {<partition key, DynamoDB JSON>}, "found": true, "size": 5},
//   "sortKeyCondition": {"attribute": "SK", "operator": "begins_with", "value": {...},
//                        "upper": {...} (BETWEEN only)}            (absent without one)
//   "rangeBegin": 1, "rangeEnd": 4,     rows [rangeBegin, rangeEnd) satisfy the key condition
//   "seek": {"target": "LOWER_BOUND" | "UPPER_BOUND" | "EXCLUSIVE_START_KEY",
//            "probes": [{"position": 2, "key": {...}, "comparison": -1 | 0 | 1,
//                        "direction": "RIGHT" | "LEFT", "window": [low, high]}],
//            "startPosition": 1 | null},
//   "visits": [{"position": 1, "key": {...}, "fate": "RETURNED", "resultNumber": 1,
//               "size": 120, "pageBytes": 120}],
//   "stopReason": "END_OF_KEY_RANGE",
//   "lastEvaluatedPosition": 3 | null,
//   "bytesRead": 360, "scannedCount": 3, "count": 2
// }
// A row's "key" is its sort key in the queried table or index (every RANGE attribute of a
// multi-attribute key); for an index the row also carries "primaryKey", the table's key that
// breaks ties. Stores without a sort key show the partition key instead.
class TraceJson
{
public:
    static OrderedJson toJson(const QueryTrace &trace, const Table &table);
};

} // namespace keyscope::model
