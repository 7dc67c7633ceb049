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

    // DynamoDB's expression limits ("Expression parameters" in its documented constraints).
    static constexpr int kMaxExpressionBytes = 4096; // any expression string, UTF-8
    static constexpr int kMaxPlaceholderBytes = 255; // one #name or :value key
    static constexpr int kMaxInOperands = 100;       // candidates of one IN
    // How deep parentheses, NOT and function calls may nest. Keyscope's own bound (DynamoDB
    // publishes none; its 4 KB limit allows about 4,000 parentheses): it keeps the recursive
    // parser, validator and evaluator far from the stack's end on any thread.
    static constexpr int kMaxNesting = 256;

    // Condition grammar (KeyConditionExpression, FilterExpression). Precedence, loosest first:
    // OR, AND, NOT, then comparisons / BETWEEN / IN / function calls, with parentheses.
    static std::variant<ConditionNode, SyntaxError> parseCondition(const QString &source);

    // Projection grammar: path (',' path)*.
    static std::variant<std::vector<RawPath>, SyntaxError> parseProjection(const QString &source);
};

} // namespace keyscope::model
