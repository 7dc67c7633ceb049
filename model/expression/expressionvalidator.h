#pragma once

#include "model/expression/conditionnode.h"
#include "model/expression/documentpath.h"
#include "model/expression/expressionparser.h"
#include "model/value/attributevalue.h"

#include <QString>

#include <map>
#include <optional>
#include <set>
#include <vector>

namespace keyscope::model {

// The meaning stage after parsing: resolves #names and :values, rejects reserved words and
// misused functions, and reports the first problem in DynamoDB's order (redundant parentheses,
// unknown function, misused function, reserved word, then the first condition with an undefined
// name/value, wrong operand count, non-distinct operands or wrong operand type). One validator
// serves all expressions of a request so unused names and values are tracked across them.
class ExpressionValidator
{
public:
    ExpressionValidator(const std::map<QString, QString> &names,
                        const std::map<QString, AttributeValue> &values);

    // Resolves root in place. Returns DynamoDB's message (without the "Invalid X: " prefix).
    std::optional<QString> resolveCondition(ConditionNode &root);
    std::optional<QString> resolveProjection(const std::vector<ExpressionParser::RawPath> &raw,
                                             std::vector<DocumentPath> &paths);

    const std::set<QString> &usedNames() const { return m_usedNames; }
    const std::set<QString> &usedValues() const { return m_usedValues; }

private:
    struct Errors
    {
        std::optional<QString> parens, unknownFunction, misusedFunction, reserved, condition;
        std::optional<QString> attrNameVal, operand, distinct, function;
        std::optional<QString> pathOverlap, pathConflict;
    };

    void visit(ConditionNode &node, bool asCondition);
    // Visits the operands of a comparison or function, then checks them for misused functions.
    void visitOperands(ConditionNode &node);
    DocumentPath resolvePath(const ExpressionParser::RawPath &raw);
    void checkReserved(const QString &name);
    std::optional<QString> resolveName(const QString &placeholder);
    void checkFunction(ConditionNode &node);
    void checkMisusedFunction(const std::vector<ConditionNode> &args);
    void checkMisusedSize(const ConditionNode &node);
    void checkDistinct(const QString &name, const std::vector<ConditionNode> &args);
    void checkBetweenArgs(const ConditionNode &lower, const ConditionNode &upper);
    void checkConditionErrors();

    const std::map<QString, QString> &m_names;
    const std::map<QString, AttributeValue> &m_values;
    std::set<QString> m_usedNames;
    std::set<QString> m_usedValues;
    Errors m_errors;
};

} // namespace keyscope::model
