#include "model/expression/conditionexpression.h"

namespace keyscope::model {

namespace {

using Type = AttributeValue::Type;
using NodeKind = ConditionNode::Kind;

void collectPaths(const ConditionNode &node, std::vector<DocumentPath> &out)
{
    if (node.kind == NodeKind::Path) {
        out.push_back(node.path);
        return;
    }
    for (const ConditionNode &child : node.children)
        collectPaths(child, out);
}

// The operand's value in item; nullopt when the attribute is missing or size() has no answer.
std::optional<AttributeValue> operandValue(const ConditionNode &node, const Item &item)
{
    switch (node.kind) {
    case NodeKind::Path:
        if (const AttributeValue *found = node.path.resolve(item))
            return *found;
        return std::nullopt;
    case NodeKind::Value:
        return node.value;
    case NodeKind::Function:
        if (node.op == QLatin1String("size") && node.children.size() == 1) {
            const auto arg = operandValue(node.children.front(), item);
            if (!arg)
                return std::nullopt;
            if (const auto size = ConditionExpression::sizeOf(*arg))
                return AttributeValue::number(Number::fromInt(*size));
        }
        return std::nullopt;
    default:
        return std::nullopt;
    }
}

bool isOrdered(Type type)
{
    return type == Type::S || type == Type::N || type == Type::B;
}

// Ordering comparison; only S, N and B of the same type compare, anything else is false.
std::optional<int> order(const AttributeValue &a, const AttributeValue &b)
{
    if (a.type() != b.type() || !isOrdered(a.type()))
        return std::nullopt;
    return AttributeValue::compareKeys(a, b);
}

bool compare(const QString &op, const std::optional<AttributeValue> &a,
             const std::optional<AttributeValue> &b)
{
    if (op == QLatin1String("<>")) {
        // A missing attribute is unequal to anything (DynamoDB's NE).
        return !a || !b || *a != *b;
    }
    if (!a || !b)
        return false;
    if (op == QLatin1String("="))
        return *a == *b;
    const auto c = order(*a, *b);
    if (!c)
        return false;
    if (op == QLatin1String("<"))
        return *c < 0;
    if (op == QLatin1String("<="))
        return *c <= 0;
    if (op == QLatin1String(">"))
        return *c > 0;
    if (op == QLatin1String(">="))
        return *c >= 0;
    return false;
}

bool beginsWith(const std::optional<AttributeValue> &value,
                const std::optional<AttributeValue> &prefix)
{
    if (!value || !prefix || value->type() != prefix->type())
        return false;
    if (value->type() != Type::S && value->type() != Type::B)
        return false;
    return value->bytes().startsWith(prefix->bytes());
}

bool contains(const std::optional<AttributeValue> &haystack,
              const std::optional<AttributeValue> &needle)
{
    if (!haystack || !needle)
        return false;
    switch (haystack->type()) {
    case Type::S:
    case Type::B:
        // Substring (S) or byte subsequence (B) of the same type.
        return needle->type() == haystack->type() && haystack->bytes().contains(needle->bytes());
    case Type::SS:
    case Type::NS:
    case Type::BS:
    case Type::L:
        for (const AttributeValue &element : haystack->elements()) {
            if (element == *needle)
                return true;
        }
        return false;
    default:
        return false;
    }
}

bool evaluateNode(const ConditionNode &node, const Item &item)
{
    switch (node.kind) {
    case NodeKind::And:
        for (const ConditionNode &child : node.children) {
            if (!evaluateNode(child, item))
                return false;
        }
        return true;
    case NodeKind::Or:
        for (const ConditionNode &child : node.children) {
            if (evaluateNode(child, item))
                return true;
        }
        return false;
    case NodeKind::Not:
        return !evaluateNode(node.children.front(), item);
    case NodeKind::Compare:
        return compare(node.op, operandValue(node.children[0], item),
                       operandValue(node.children[1], item));
    case NodeKind::Between: {
        const auto v = operandValue(node.children[0], item);
        const auto lo = operandValue(node.children[1], item);
        const auto hi = operandValue(node.children[2], item);
        if (!v || !lo || !hi)
            return false;
        const auto c1 = order(*lo, *v);
        const auto c2 = order(*v, *hi);
        return c1 && c2 && *c1 <= 0 && *c2 <= 0;
    }
    case NodeKind::In: {
        const auto v = operandValue(node.children[0], item);
        if (!v)
            return false;
        for (size_t i = 1; i < node.children.size(); ++i) {
            const auto candidate = operandValue(node.children[i], item);
            if (candidate && *candidate == *v)
                return true;
        }
        return false;
    }
    case NodeKind::Function: {
        const QString &name = node.op;
        if (name == QLatin1String("attribute_exists"))
            return operandValue(node.children[0], item).has_value();
        if (name == QLatin1String("attribute_not_exists"))
            return !operandValue(node.children[0], item).has_value();
        if (name == QLatin1String("attribute_type")) {
            const auto v = operandValue(node.children[0], item);
            const auto t = operandValue(node.children[1], item);
            return v && t && t->type() == Type::S && v->typeName() == t->asString();
        }
        if (name == QLatin1String("begins_with"))
            return beginsWith(operandValue(node.children[0], item),
                              operandValue(node.children[1], item));
        if (name == QLatin1String("contains"))
            return contains(operandValue(node.children[0], item),
                            operandValue(node.children[1], item));
        return false;
    }
    default:
        return false;
    }
}

} // namespace

ConditionExpression::ConditionExpression(ConditionNode root)
    : m_root(std::move(root))
{
    collectPaths(m_root, m_paths);
}

bool ConditionExpression::evaluate(const Item &item) const
{
    return evaluateNode(m_root, item);
}

std::optional<qint64> ConditionExpression::sizeOf(const AttributeValue &value)
{
    switch (value.type()) {
    case Type::S: {
        // DynamoDB counts a String's UTF-16 code units: one per UTF-8 sequence, two for a
        // four-byte one (a character outside the BMP is a surrogate pair).
        qint64 units = 0;
        for (const char byte : value.bytes()) {
            const auto b = quint8(byte);
            if ((b & 0xC0) != 0x80)
                units += b >= 0xF0 ? 2 : 1;
        }
        return units;
    }
    case Type::B:
        return value.bytes().size();
    case Type::SS:
    case Type::NS:
    case Type::BS:
    case Type::L:
        return qint64(value.elements().size());
    case Type::M:
        return qint64(value.members().size());
    default:
        return std::nullopt;
    }
}

} // namespace keyscope::model
