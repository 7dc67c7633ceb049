#pragma once

#include "model/query/queryrequest.h"

#include <QString>

#include <optional>
#include <variant>

namespace keyscope::model {

// The request options of `aws dynamodb query` as a command line gives them (JSON arguments
// not yet read). `keyscope query` and the `implementation` command lines of AWS's DynamoDB
// modeling assistant are both read through this one parser.
struct QueryOptions
{
    std::optional<QString> tableName;
    std::optional<QString> indexName;
    std::optional<QString> keyConditionExpression;
    std::optional<QString> filterExpression;
    std::optional<QString> projectionExpression;
    std::optional<QString> expressionAttributeNames;  // inline JSON or file://PATH
    std::optional<QString> expressionAttributeValues; // inline JSON or file://PATH
    std::optional<QString> exclusiveStartKey;         // inline JSON or file://PATH
    std::optional<QString> select;
    std::optional<QString> returnConsumedCapacity;
    std::optional<qint64> limit;
    bool scanIndexForward = true;
    bool consistentRead = false;

    // Whether `name` ("--limit") is one of the options above, and whether it takes a value.
    static std::optional<bool> takesValue(const QString &name);
    // Sets a known option; an argparse-worded message for a bad value ("argument --limit:
    // invalid int value: 'x'").
    std::optional<QString> set(const QString &name, const QString &value);

    // An `aws dynamodb query ...` command line (the AWS CLI's global options such as
    // --region or --output are allowed and play no part); the error says what is wrong.
    static std::variant<QueryOptions, QString> fromCommandLine(const QString &text);
};

// Why options do not make a request, sorted by who would refuse them.
struct QueryOptionFailure
{
    enum class Kind {
        Argument,  // an inline JSON argument is malformed (the AWS CLI's usage error)
        ParamFile, // a file:// argument cannot be read or parsed
        Parameter, // botocore's "Parameter validation failed"
        Service,   // DynamoDB's error: `type` names it (ValidationException)
    };
    Kind kind = Kind::Parameter;
    QString type;
    QString message;
};

// The request the options make: JSON arguments read (file://PATH relative to the current
// directory) and checked as the AWS CLI and DynamoDB check them.
std::optional<QueryOptionFailure> buildQueryRequest(const QueryOptions &options,
                                                    QueryRequest &request);

} // namespace keyscope::model
