#include "model/expression/expressionvalidator.h"

#include "model/expression/reservedwords.h"

namespace keyscope::model {

namespace {

using Kind = ConditionNode::Kind;

void setFirst(std::optional<QString> &slot, const QString &message)
{
    if (!slot)
        slot = message;
}

// The operand's static type as DynamoDB's checker sees it: a value's type, a function's result
// type, nothing for a path.
QString typeOf(const ConditionNode &node)
{
    if (node.kind == Kind::Value && node.value)
        return node.value->typeName();
    if (node.kind == Kind::Function)
        return node.staticType;
    return {};
}

// A value's type only (BETWEEN's bound check ignores functions).
QString immediateTypeOf(const ConditionNode &node)
{
    return node.kind == Kind::Value && node.value ? node.value->typeName() : QString();
}

QString functionOperandTypeError(const QString &function, const QString &type)
{
    return QStringLiteral("Incorrect operand type for operator or function; operator or function: "
                          "%1, operand type: %2")
        .arg(function, type);
}

// The number of operands a function takes; 0 for a name that is not a function.
int functionArity(const QString &name)
{
    static const std::map<QString, int> arity = {
        {QStringLiteral("attribute_exists"), 1}, {QStringLiteral("attribute_not_exists"), 1},
        {QStringLiteral("attribute_type"), 2},   {QStringLiteral("begins_with"), 2},
        {QStringLiteral("contains"), 2},         {QStringLiteral("size"), 1},
    };
    const auto known = arity.find(name);
    return known == arity.end() ? 0 : known->second;
}

bool isExistenceFunction(const QString &name)
{
    return name == QLatin1String("attribute_exists")
        || name == QLatin1String("attribute_not_exists");
}

std::optional<QString> beginsWithProblem(const ConditionNode &node)
{
    for (const ConditionNode &arg : node.children) {
        const QString type = typeOf(arg);
        if (!type.isEmpty() && type != QLatin1String("S") && type != QLatin1String("B"))
            return functionOperandTypeError(node.op, type);
    }
    return std::nullopt;
}

// attribute_type's second operand: a string naming a DynamoDB type.
std::optional<QString> attributeTypeProblem(const ConditionNode &node)
{
    const ConditionNode &typeName = node.children[1];
    QString type = typeOf(typeName);
    if (type != QLatin1String("S")) {
        if (type.isEmpty())
            type = QStringLiteral("{NS,SS,L,BS,N,M,B,BOOL,NULL,S}");
        return functionOperandTypeError(node.op, type);
    }
    const QString wanted = typeName.value->asString();
    static const QStringList valid = {"S", "N", "B", "NULL", "SS", "BOOL", "L", "BS", "NS", "M"};
    if (!valid.contains(wanted))
        return QStringLiteral("Invalid attribute type name found; type: %1, valid "
                              "types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}")
            .arg(wanted);
    return std::nullopt;
}

std::optional<QString> sizeOperandProblem(const ConditionNode &node)
{
    const QString type = typeOf(node.children[0]);
    if (type == QLatin1String("N") || type == QLatin1String("BOOL")
        || type == QLatin1String("NULL"))
        return functionOperandTypeError(node.op, type);
    return std::nullopt;
}

// What is wrong with a function's operands (their count already right), if anything.
std::optional<QString> functionOperandProblem(const ConditionNode &node)
{
    const QString &name = node.op;
    if (isExistenceFunction(name)) {
        if (node.children[0].kind != Kind::Path)
            return QStringLiteral("Operator or function requires a document path; "
                                  "operator or function: ")
                + name;
        return std::nullopt;
    }
    if (name == QLatin1String("begins_with"))
        return beginsWithProblem(node);
    if (name == QLatin1String("attribute_type"))
        return attributeTypeProblem(node);
    if (name == QLatin1String("size"))
        return sizeOperandProblem(node);
    return std::nullopt; // contains
}

} // namespace

ExpressionValidator::ExpressionValidator(const std::map<QString, QString> &names,
                                         const std::map<QString, AttributeValue> &values)
    : m_names(names)
    , m_values(values)
{ }

std::optional<QString> ExpressionValidator::resolveCondition(ConditionNode &root)
{
    m_errors = {};
    visit(root, true);
    checkMisusedSize(root);
    for (const auto *slot : {&m_errors.parens, &m_errors.unknownFunction, &m_errors.misusedFunction,
                             &m_errors.reserved, &m_errors.condition}) {
        if (*slot)
            return *slot;
    }
    return std::nullopt;
}

std::optional<QString>
ExpressionValidator::resolveProjection(const std::vector<ExpressionParser::RawPath> &raw,
                                       std::vector<DocumentPath> &paths)
{
    m_errors = {};
    paths.clear();
    for (const auto &rawPath : raw)
        paths.push_back(resolvePath(rawPath));
    // Overlapping or conflicting paths: each path against every earlier one. An overlap (one path
    // is a prefix of the other, or both are equal) stops the scan; a conflict (a map key where the
    // other has a list index) keeps the last one found, as dynalite does.
    for (size_t i = 0; i < paths.size() && !m_errors.pathOverlap; ++i) {
        for (size_t j = 0; j < i && !m_errors.pathOverlap; ++j) {
            const auto &one = paths[j].elements();
            const auto &two = paths[i].elements();
            bool diverged = false;
            for (size_t k = 0; k < one.size() && k < two.size(); ++k) {
                if (one[k].isIndex() != two[k].isIndex()) {
                    m_errors.pathConflict
                        = QStringLiteral("Two document paths conflict with each other; must "
                                         "remove or rewrite one of these paths; path one: %1, "
                                         "path two: %2")
                              .arg(paths[j].toDebugList(), paths[i].toDebugList());
                    diverged = true;
                    break;
                }
                if (one[k] != two[k]) {
                    diverged = true;
                    break;
                }
            }
            if (!diverged) {
                m_errors.pathOverlap = QStringLiteral("Two document paths overlap with each other; "
                                                      "must remove or rewrite one of these paths; "
                                                      "path one: %1, path two: %2")
                                           .arg(paths[j].toDebugList(), paths[i].toDebugList());
            }
        }
    }
    for (const auto *slot : {&m_errors.reserved, &m_errors.attrNameVal, &m_errors.pathOverlap,
                             &m_errors.pathConflict}) {
        if (*slot)
            return *slot;
    }
    return std::nullopt;
}

void ExpressionValidator::checkReserved(const QString &name)
{
    if (ReservedWords::isReserved(name))
        setFirst(m_errors.reserved,
                 QStringLiteral("Attribute name is a reserved keyword; reserved keyword: ") + name);
}

std::optional<QString> ExpressionValidator::resolveName(const QString &placeholder)
{
    if (m_errors.attrNameVal)
        return std::nullopt;
    auto it = m_names.find(placeholder);
    if (it == m_names.end()) {
        m_errors.attrNameVal = QStringLiteral("An expression attribute name used in the document "
                                              "path is not defined; attribute name: ")
            + placeholder;
        return std::nullopt;
    }
    m_usedNames.insert(placeholder);
    return it->second;
}

DocumentPath ExpressionValidator::resolvePath(const ExpressionParser::RawPath &raw)
{
    std::vector<DocumentPath::Element> elements;
    for (const auto &element : raw) {
        if (element.index >= 0) {
            elements.push_back({QString(), element.index});
        } else if (element.placeholder) {
            // An undefined name leaves a null name; the error stops the request anyway.
            elements.push_back({resolveName(element.text).value_or(QString()), -1});
        } else {
            checkReserved(element.text);
            elements.push_back({element.text, -1});
        }
    }
    return DocumentPath(std::move(elements));
}

void ExpressionValidator::visit(ConditionNode &node, bool asCondition)
{
    switch (node.kind) {
    case Kind::Path:
        node.path = resolvePath(node.rawPath);
        break;
    case Kind::Value:
        if (!m_errors.attrNameVal) {
            auto it = m_values.find(node.placeholder);
            if (it == m_values.end()) {
                m_errors.attrNameVal
                    = QStringLiteral("An expression attribute value used in "
                                     "expression is not defined; attribute value: ")
                    + node.placeholder;
            } else {
                m_usedValues.insert(node.placeholder);
                node.value = it->second;
            }
        }
        break;
    case Kind::Function:
        visitOperands(node);
        checkFunction(node);
        if (asCondition)
            checkConditionErrors();
        break;
    case Kind::Compare:
        visitOperands(node);
        checkDistinct(node.op, node.children);
        checkConditionErrors();
        break;
    case Kind::Between:
        visitOperands(node);
        checkBetweenArgs(node.children[1], node.children[2]);
        checkConditionErrors();
        break;
    case Kind::In:
        visitOperands(node);
        checkConditionErrors();
        break;
    case Kind::And:
    case Kind::Or:
    case Kind::Not:
        for (ConditionNode &child : node.children) {
            visit(child, true);
            checkMisusedSize(child);
        }
        break;
    }
    if (node.redundantParens)
        setFirst(m_errors.parens, QStringLiteral("The expression has redundant parentheses;"));
}

void ExpressionValidator::visitOperands(ConditionNode &node)
{
    for (ConditionNode &operand : node.children)
        visit(operand, false);
    checkMisusedFunction(node.children);
}

void ExpressionValidator::checkFunction(ConditionNode &node)
{
    // Mirrors DynamoDB's checks and their short-circuits: once an unknown function or a wrong
    // operand count has been seen anywhere, later functions are not checked further.
    const QString &name = node.op;
    const auto &args = node.children;
    if (m_errors.unknownFunction)
        return;
    const int arity = functionArity(name);
    if (arity == 0) {
        m_errors.unknownFunction = QStringLiteral("Invalid function name; function: ") + name;
        return;
    }
    if (m_errors.operand)
        return;
    if (int(args.size()) != arity) {
        m_errors.operand = QStringLiteral("Incorrect number of operands for operator or function; "
                                          "operator or function: %1, number of operands: %2")
                               .arg(name)
                               .arg(args.size());
        return;
    }
    checkDistinct(name, args);
    if (m_errors.function)
        return;
    if (auto problem = functionOperandProblem(node)) {
        m_errors.function = *problem;
        return;
    }
    if (!isExistenceFunction(name))
        node.staticType
            = name == QLatin1String("size") ? QStringLiteral("N") : QStringLiteral("BOOL");
}

void ExpressionValidator::checkMisusedFunction(const std::vector<ConditionNode> &args)
{
    if (m_errors.misusedFunction)
        return;
    for (const ConditionNode &arg : args) {
        if (arg.kind == Kind::Function && arg.op != QLatin1String("size")) {
            m_errors.misusedFunction = QStringLiteral("The function is not allowed to be used this "
                                                      "way in an expression; function: ")
                + arg.op;
            return;
        }
    }
}

void ExpressionValidator::checkMisusedSize(const ConditionNode &node)
{
    // size() yields a number, so it cannot stand alone as a condition.
    if (node.kind == Kind::Function && node.op == QLatin1String("size"))
        setFirst(m_errors.misusedFunction,
                 QStringLiteral("The function is not allowed to be used "
                                "this way in an expression; function: size"));
}

void ExpressionValidator::checkDistinct(const QString &name, const std::vector<ConditionNode> &args)
{
    if (m_errors.distinct || args.size() != 2 || args[0].kind != Kind::Path
        || args[1].kind != Kind::Path || !(args[0].path == args[1].path))
        return;
    m_errors.distinct = QStringLiteral("The first operand must be distinct from the remaining "
                                       "operands for this operator or function; operator: %1, "
                                       "first operand: %2")
                            .arg(name, args[0].path.toDebugList());
}

void ExpressionValidator::checkBetweenArgs(const ConditionNode &lower, const ConditionNode &upper)
{
    if (m_errors.function)
        return;
    const QString lowerType = immediateTypeOf(lower);
    const QString upperType = immediateTypeOf(upper);
    if (lowerType.isEmpty() || upperType.isEmpty())
        return;
    const QString operands = QStringLiteral("lower bound operand: AttributeValue: %1, upper bound "
                                            "operand: AttributeValue: %2")
                                 .arg(lower.value->debugString(), upper.value->debugString());
    if (lowerType != upperType) {
        m_errors.function = QStringLiteral("The BETWEEN operator requires same data type for lower "
                                           "and upper bounds; ")
            + operands;
    } else if (lower.value->isKeyType()
               && AttributeValue::compareKeys(*lower.value, *upper.value) > 0) {
        m_errors.function
            = QStringLiteral("The BETWEEN operator requires upper bound to be greater "
                             "than or equal to lower bound; ")
            + operands;
    }
}

void ExpressionValidator::checkConditionErrors()
{
    if (m_errors.condition)
        return;
    for (const auto *slot :
         {&m_errors.attrNameVal, &m_errors.operand, &m_errors.distinct, &m_errors.function}) {
        if (*slot) {
            m_errors.condition = *slot;
            return;
        }
    }
}

} // namespace keyscope::model
