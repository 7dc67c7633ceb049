#pragma once

#include "model/expression/conditionexpression.h"
#include "model/expression/keyconditionschema.h"
#include "model/expression/projectionexpression.h"
#include "model/expression/validationerror.h"
#include "model/value/attributevalue.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <map>
#include <optional>
#include <variant>
#include <vector>

namespace keyscope::model {

// The expression parameters of one Query request: everything DynamoDB checks before it looks the
// table up.
struct QueryExpressionText
{
    QString keyConditionExpression;
    std::optional<QString> filterExpression;
    std::optional<QString> projectionExpression;
    std::optional<std::map<QString, QString>> names;         // ExpressionAttributeNames
    std::optional<std::map<QString, AttributeValue>> values; // ExpressionAttributeValues
    // "Conditions can be of length 1 or 2 only" is a check DynamoDB makes without the table. Its
    // text predates multi-attribute keys, which allow one condition per key attribute (up to 8):
    // the caller passes the most key attributes any schema of the table has (2 for plain keys),
    // and matchKeyCondition() applies the queried schema's own ceiling.
    std::size_t maxKeyConditions = 2;
};

// The expressions plus the key schema they are checked against.
struct QueryExpressionsInput : QueryExpressionText
{
    KeyConditionSchema schema; // of the table or index queried
    // For "Key attributes must be scalars ..." on nested filter paths DynamoDB checks the table's
    // key attributes and then the key attributes of every index. When tableKeyAttributes is empty
    // the queried schema's attributes stand in for the table's.
    QStringList tableKeyAttributes;
    QStringList indexKeyAttributes;
};

// One key condition as DynamoDB's legacy KeyConditions see it: EQ, LT, LE, GT, GE, BETWEEN or
// BEGINS_WITH with its values, the attribute on the left.
struct KeyConditionTerm
{
    QString attribute;
    QString op;
    std::vector<AttributeValue> values;
};

// Phase 1 result: the expressions parsed, resolved and shaped, not yet checked against a schema.
struct QueryExpressionSyntax
{
    std::vector<KeyConditionTerm> keyTerms; // in source order
    std::optional<ConditionExpression> filter;
    std::optional<ProjectionExpression> projection;
};

struct ParsedQueryExpressions
{
    KeyCondition keyCondition;
    std::optional<ConditionExpression> filter;
    std::optional<ProjectionExpression> projection;
};

// Phase 1 (no table needed), reporting the first error in DynamoDB's order:
//   1. ExpressionAttributeNames / ExpressionAttributeValues empty or with malformed keys;
//   2. per expression, in the order KeyCondition, Filter, Projection: empty expression, syntax
//      error, then meaning (redundant parentheses, unknown or misused function, reserved word,
//      undefined name/value, operand count/type);
//   3. names, then values, supplied but unused;
//   4. the key condition's shape (operators, one condition per key, nesting);
//   5. value types allowed per operator, number of conditions (up to maxKeyConditions).
std::variant<QueryExpressionSyntax, ValidationError>
parseQueryExpressionSyntax(const QueryExpressionText &input);

// Called by matchKeyCondition() once per key attribute of the queried schema, HASH attributes
// first, before that attribute's condition is looked at. DynamoDB validates ExclusiveStartKey
// here, interleaved with the key condition. Returns the error to report, if any.
using KeyAttributeCheck
    = std::function<std::optional<ValidationError>(const KeyAttribute &key, bool isHash)>;

// Phase 2: the key condition against the queried schema. First the number of conditions against
// the schema's ceiling, then per key attribute (HASH then RANGE): `check`, "Query key condition not
// supported" for a second condition on a hash-only schema, missing condition, value type, then the
// operator (HASH must be EQ; only the last RANGE condition may be other than EQ).
std::variant<KeyCondition, ValidationError>
matchKeyCondition(const std::vector<KeyConditionTerm> &terms, const KeyConditionSchema &schema,
                  const KeyAttributeCheck &check = {});

// Phase 3a: the filter naming a key attribute of the queried schema ("Filter Expression can only
// contain non-primary key attributes").
std::optional<ValidationError> checkFilterKeyAttributes(const ConditionExpression &filter,
                                                        const KeyConditionSchema &schema);

// Phase 3b: the filter reaching inside a key attribute: the table's keys, then every index's
// ("Key attributes must be scalars ...").
std::optional<ValidationError> checkFilterNestedKeyPaths(const ConditionExpression &filter,
                                                         const QStringList &tableKeyAttributes,
                                                         const QStringList &indexKeyAttributes);

// All phases in order, for a request without ExclusiveStartKey. DynamoDB's request-level checks
// between them (table and index lookup, ExclusiveStartKey, Select) belong to the caller.
std::variant<ParsedQueryExpressions, ValidationError>
parseQueryExpressions(const QueryExpressionsInput &input);

} // namespace keyscope::model
