#pragma once

#include "model/expression/conditionexpression.h"
#include "model/expression/keyconditionschema.h"
#include "model/expression/projectionexpression.h"
#include "model/expression/validationerror.h"
#include "model/value/attributevalue.h"

#include <QString>
#include <QStringList>

#include <map>
#include <optional>
#include <variant>

namespace keyscope::model {

// The expression parameters of one Query request.
struct QueryExpressionsInput
{
    QString keyConditionExpression;
    std::optional<QString> filterExpression;
    std::optional<QString> projectionExpression;
    std::optional<std::map<QString, QString>> names;         // ExpressionAttributeNames
    std::optional<std::map<QString, AttributeValue>> values; // ExpressionAttributeValues
    KeyConditionSchema schema;                               // of the table or index queried
    // For "Key attributes must be scalars ..." on nested filter paths DynamoDB checks the table's
    // key attributes and then the key attributes of every index. When tableKeyAttributes is empty
    // the queried schema's attributes stand in for the table's.
    QStringList tableKeyAttributes;
    QStringList indexKeyAttributes;
};

struct ParsedQueryExpressions
{
    KeyCondition keyCondition;
    std::optional<ConditionExpression> filter;
    std::optional<ProjectionExpression> projection;
};

// Parses and validates KeyConditionExpression, FilterExpression and ProjectionExpression the way
// DynamoDB does, reporting the first error in DynamoDB's order:
//   1. ExpressionAttributeNames / ExpressionAttributeValues empty or with malformed keys;
//   2. per expression, in the order KeyCondition, Filter, Projection: empty expression, syntax
//      error, then meaning (redundant parentheses, unknown or misused function, reserved word,
//      undefined name/value, operand count/type);
//   3. names, then values, supplied but unused;
//   4. the key condition's shape (operators, one condition per key, nesting);
//   5. value types allowed per operator, number of conditions;
//   6. the key condition against the schema (missing key, type mismatch, unsupported operator);
//   7. the filter referencing a key attribute, or a nested path under any key attribute.
// Request-level checks DynamoDB makes between 6 and 7 (ExclusiveStartKey) belong to the caller.
std::variant<ParsedQueryExpressions, ValidationError>
parseQueryExpressions(const QueryExpressionsInput &input);

} // namespace keyscope::model
