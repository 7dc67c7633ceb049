#pragma once

#include <QString>

namespace keyscope::model {

// A DynamoDB ValidationException: message is DynamoDB's text verbatim.
struct ValidationError
{
    QString message;
    // 0-based character offset of the offending token for syntax errors, otherwise -1.
    int position = -1;
    // Which request parameter the error came from ("KeyConditionExpression", "FilterExpression",
    // "ProjectionExpression", "ExpressionAttributeNames", "ExpressionAttributeValues"), or empty.
    QString expression;
};

} // namespace keyscope::model
