#pragma once

#include "model/expression/conditionnode.h"
#include "model/expression/expressionlexer.h"

#include <QString>

#include <variant>
#include <vector>

namespace keyscope::model {

// The syntax stage of DynamoDB's expression grammar. Produces an unresolved tree (names and
// values still as placeholders); meaning is checked afterwards by ExpressionValidator, because
// DynamoDB reports every syntax error before any other kind.
class ExpressionParser
{
public:
    struct SyntaxError
    {
        QString message; // Syntax error; token: "<tok>", near: "<near>"
        int position = 0;
    };
    using RawPath = std::vector<ConditionNode::RawPathElement>;

    // Condition grammar (KeyConditionExpression, FilterExpression). Precedence, loosest first:
    // OR, AND, NOT, then comparisons / BETWEEN / IN / function calls, with parentheses.
    static std::variant<ConditionNode, SyntaxError> parseCondition(const QString &source);

    // Projection grammar: path (',' path)*.
    static std::variant<std::vector<RawPath>, SyntaxError> parseProjection(const QString &source);
};

} // namespace keyscope::model
