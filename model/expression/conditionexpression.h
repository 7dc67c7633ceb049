#pragma once

#include "model/expression/conditionnode.h"
#include "model/expression/documentpath.h"
#include "model/value/attributevalue.h"

#include <vector>

namespace keyscope::model {

// A validated condition (FilterExpression) with every name and value resolved, evaluated the way
// DynamoDB evaluates filters: a missing attribute or a type mismatch makes a comparison false
// rather than an error.
class ConditionExpression
{
public:
    ConditionExpression() = default;
    explicit ConditionExpression(ConditionNode root);

    bool evaluate(const Item &item) const;

    const ConditionNode &root() const { return m_root; }
    // Every document path the condition reads, in source order.
    const std::vector<DocumentPath> &referencedPaths() const { return m_paths; }

    // size() as DynamoDB computes it: UTF-16 code units of S ("é𝄞" is 3), bytes of B, element
    // count of sets, L and M; nullopt for N, BOOL and NULL (size() of those makes the enclosing
    // condition false).
    static std::optional<qint64> sizeOf(const AttributeValue &value);

private:
    ConditionNode m_root;
    std::vector<DocumentPath> m_paths;
};

} // namespace keyscope::model
