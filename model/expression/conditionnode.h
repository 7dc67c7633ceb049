#pragma once

#include "model/expression/documentpath.h"
#include "model/value/attributevalue.h"

#include <QString>

#include <optional>
#include <vector>

namespace keyscope::model {

// One node of a parsed condition (FilterExpression / KeyConditionExpression) tree.
struct ConditionNode
{
    enum class Kind {
        // Operands
        Path,     // document path; rawPath as written, path once names are resolved
        Value,    // :placeholder; value once resolved
        Function, // name(args...): size as an operand, the others as conditions
        // Conditions
        Compare, // children: left, right; op: = <> < <= > >=
        Between, // children: operand, lower, upper
        In,      // children: operand, candidates...
        And,
        Or,
        Not,
    };

    // A path element exactly as written: identifier, #placeholder or [index].
    struct RawPathElement
    {
        QString text; // identifier or #placeholder; empty for an index
        int index = -1;
        bool placeholder = false;
        int position = 0;
    };

    Kind kind = Kind::Path;
    QString op; // comparator for Compare, function name for Function
    std::vector<ConditionNode> children;
    int position = 0;             // offset of the node's first token
    bool parenthesized = false;   // the node was written as ( node )
    bool redundantParens = false; // ... and the inside was already ( node ): (( node ))
    QString staticType; // a function's result type once checked: "N" for size, "BOOL" otherwise

    std::vector<RawPathElement> rawPath;
    DocumentPath path;

    QString placeholder;
    std::optional<AttributeValue> value;

    bool isOperand() const
    {
        return kind == Kind::Path || kind == Kind::Value || kind == Kind::Function;
    }
};

} // namespace keyscope::model
