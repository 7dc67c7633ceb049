#pragma once

#include "model/query/queryrequest.h"

#include <variant>

namespace keyscope::model {

// Answers a Query as DynamoDB does, one page at a time, and records a QueryTrace of every step.
class QueryEngine
{
public:
    // One page holds at most 1 MB of items read (before filter and projection). The item that
    // reaches 1 MB is part of the page; the page then ends with a LastEvaluatedKey.
    static constexpr quint64 kPageBytes = 1048576;

    struct Options
    {
        // Decode and project the returned items into QueryResponse::items. The app animates
        // from itemIds and the trace and can leave this off.
        bool materializeItems = true;
    };

    static std::variant<QueryResponse, QueryError> query(const Table &table,
                                                         const QueryRequest &request,
                                                         Options options);
    static std::variant<QueryResponse, QueryError> query(const Table &table,
                                                         const QueryRequest &request)
    {
        return query(table, request, Options{});
    }

    // Read capacity for `bytes` read: whole 4 KB units, at least one; half for eventually
    // consistent reads.
    static double capacityUnits(quint64 bytes, bool consistentRead);
};

} // namespace keyscope::model
