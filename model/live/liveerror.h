#pragma once

#include <QString>

namespace keyscope::model::live {

// Why a call to the endpoint failed. Service errors carry DynamoDB's code and message
// (`__type` without its namespace, `message`); the other kinds say what went wrong on the way.
struct LiveError
{
    enum class Kind {
        Service,     // the endpoint answered with an error (code + message)
        Unreachable, // connection refused, host not found, network down
        Timeout,     // no answer within the timeout
        Malformed,   // an answer that is not DynamoDB's JSON protocol
        Cancelled,   // the user cancelled
        Setup,       // credentials, region or endpoint could not be resolved
        Bound,       // a bound Keyscope keeps was reached: pages, time or answer size
    };

    Kind kind = Kind::Service;
    QString code; // ResourceNotFoundException, ... (Service); empty otherwise
    QString message;
    QString operation; // Query, BatchWriteItem, ...
    int httpStatus = 0;
    int attempts = 1;

    // "An error occurred (ResourceNotFoundException) when calling the DescribeTable
    // operation: Requested resource not found", or "cannot reach http://...: ..."
    QString toString() const;
    bool isThrottling() const;
};

} // namespace keyscope::model::live
