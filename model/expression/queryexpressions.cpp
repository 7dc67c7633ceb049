#include "model/expression/queryexpressions.h"

#include "model/expression/expressionparser.h"
#include "model/expression/expressionvalidator.h"

#include <QRegularExpression>

#include <algorithm>
#include <set>

namespace keyscope::model {

namespace {

using Kind = ConditionNode::Kind;
using Type = AttributeValue::Type;

const QString kKeyCondition = QStringLiteral("KeyConditionExpression");
const QString kFilter = QStringLiteral("FilterExpression");
const QString kProjection = QStringLiteral("ProjectionExpression");

ValidationError error(const QString &message, const QString &expression = {}, int position = -1)
{
    return {message, position, expression};
}

using KeyTerm = KeyConditionTerm;

QString flippedComparison(const QString &op)
{
    // ":v < sk" reads as "sk > :v".
    if (op == QLatin1String("<"))
        return QStringLiteral(">");
    if (op == QLatin1String("<="))
        return QStringLiteral(">=");
    if (op == QLatin1String(">"))
        return QStringLiteral("<");
    if (op == QLatin1String(">="))
        return QStringLiteral("<=");
    return op;
}

QString legacyOperator(const ConditionNode &node, const QString &comparison)
{
    if (node.kind == Kind::Between)
        return QStringLiteral("BETWEEN");
    if (node.kind == Kind::Function)
        return QStringLiteral("BEGINS_WITH");
    static const std::map<QString, QString> names = {
        {QStringLiteral("="), QStringLiteral("EQ")},  {QStringLiteral("<"), QStringLiteral("LT")},
        {QStringLiteral("<="), QStringLiteral("LE")}, {QStringLiteral(">"), QStringLiteral("GT")},
        {QStringLiteral(">="), QStringLiteral("GE")},
    };
    return names.at(comparison);
}

// The shape rules for a key condition, checked top-down and left to right like DynamoDB.
std::optional<QString> collectKeyTerms(const ConditionNode &node, std::vector<KeyTerm> &terms)
{
    if (node.kind == Kind::Path || node.kind == Kind::Value)
        return std::nullopt;
    if (node.kind == Kind::Or)
        return QStringLiteral("Invalid operator used in KeyConditionExpression: OR");
    if (node.kind == Kind::Not)
        return QStringLiteral("Invalid operator used in KeyConditionExpression: NOT");
    if (node.kind == Kind::In)
        return QStringLiteral("Invalid operator used in KeyConditionExpression: IN");
    if (node.kind == Kind::Compare && node.op == QLatin1String("<>"))
        return QStringLiteral("Invalid operator used in KeyConditionExpression: <>");
    if (node.kind == Kind::Function) {
        if (node.op == QLatin1String("size"))
            return QStringLiteral("KeyConditionExpressions cannot contain nested operations");
        if (node.op != QLatin1String("begins_with"))
            return QStringLiteral("Invalid operator used in KeyConditionExpression: ") + node.op;
        if (node.children.front().kind != Kind::Path)
            return QStringLiteral("Invalid condition in KeyConditionExpression: begins_with "
                                  "operator must have the key attribute as its first operand");
    }
    if (node.kind == Kind::Between && node.children.front().kind != Kind::Path)
        return QStringLiteral("Invalid condition in KeyConditionExpression: BETWEEN operator must "
                              "have the key attribute as its first operand");

    std::optional<QString> attribute;
    size_t attributeIndex = 0;
    for (size_t i = 0; i < node.children.size(); ++i) {
        const ConditionNode &child = node.children[i];
        if (child.kind == Kind::Path) {
            if (attribute)
                return QStringLiteral("Invalid condition in KeyConditionExpression: Multiple "
                                      "attribute names used in one condition");
            if (child.path.isNested())
                return QStringLiteral(
                    "KeyConditionExpressions cannot have conditions on nested attributes");
            attribute = child.path.topLevelName();
            attributeIndex = i;
        } else if (child.kind != Kind::Value) {
            if (auto problem = collectKeyTerms(child, terms))
                return problem;
        }
    }
    if (node.kind == Kind::And)
        return std::nullopt;
    if (!attribute)
        return QStringLiteral("Invalid condition in KeyConditionExpression: No key attribute "
                              "specified");
    for (const KeyTerm &term : terms) {
        if (term.attribute == *attribute)
            return QStringLiteral(
                "KeyConditionExpressions must only contain one condition per key");
    }
    KeyTerm term;
    term.attribute = *attribute;
    const QString comparison = attributeIndex == 0 ? node.op : flippedComparison(node.op);
    term.op = legacyOperator(node, comparison);
    for (size_t i = 0; i < node.children.size(); ++i) {
        if (i != attributeIndex && node.children[i].value)
            term.values.push_back(*node.children[i].value);
    }
    terms.push_back(std::move(term));
    return std::nullopt;
}

// The value types each legacy operator accepts.
std::optional<QString> checkTermTypes(const std::vector<KeyTerm> &terms)
{
    static const std::set<Type> scalar = {Type::S, Type::N, Type::B};
    static const std::set<Type> equality
        = {Type::S, Type::N, Type::B, Type::SS, Type::NS, Type::BS};
    static const std::set<Type> prefix = {Type::S, Type::B};
    for (const KeyTerm &term : terms) {
        const std::set<Type> &allowed = term.op == QLatin1String("EQ") ? equality
            : term.op == QLatin1String("BEGINS_WITH")                  ? prefix
                                                                       : scalar;
        for (const AttributeValue &value : term.values) {
            if (!allowed.count(value.type()))
                return QStringLiteral(
                           "One or more parameter values were invalid: ComparisonOperator "
                           "%1 is not valid for %2 AttributeValue type")
                    .arg(term.op, value.typeName());
        }
    }
    return std::nullopt;
}

SortKeyOperator sortKeyOperator(const QString &op)
{
    if (op == QLatin1String("LT"))
        return SortKeyOperator::Less;
    if (op == QLatin1String("LE"))
        return SortKeyOperator::LessOrEqual;
    if (op == QLatin1String("GT"))
        return SortKeyOperator::Greater;
    if (op == QLatin1String("GE"))
        return SortKeyOperator::GreaterOrEqual;
    if (op == QLatin1String("BETWEEN"))
        return SortKeyOperator::Between;
    if (op == QLatin1String("BEGINS_WITH"))
        return SortKeyOperator::BeginsWith;
    return SortKeyOperator::Equal;
}

std::optional<QString> checkPlaceholderKeys(const QStringList &keys, const QString &parameter,
                                            QChar sigil)
{
    static const QRegularExpression namePattern(QStringLiteral("^#[0-9a-zA-Z_]+$"));
    static const QRegularExpression valuePattern(QStringLiteral("^:[0-9a-zA-Z_]+$"));
    const QRegularExpression &pattern = sigil == QLatin1Char('#') ? namePattern : valuePattern;
    if (keys.isEmpty())
        return parameter + QStringLiteral(" must not be empty");
    for (const QString &key : keys) {
        // DynamoDB: "Maximum length of any single expression attribute name or expression
        // attribute value: 255 bytes" (the placeholder, '#'/':' included). The text is the one
        // DynamoDB emulators reproduce.
        if (const qsizetype size = key.toUtf8().size();
            size > ExpressionParser::kMaxPlaceholderBytes)
            return parameter
                + QStringLiteral(" contains invalid key: The expression attribute map contains "
                                 "a key that is too long; size of key: ")
                + QString::number(size);
        if (!pattern.match(key).hasMatch())
            return QStringLiteral("%1 contains invalid key: Syntax error; key: \"%2\"")
                .arg(parameter, key);
    }
    return std::nullopt;
}

bool mentions(const ConditionExpression &filter, const QString &name, bool nestedOnly)
{
    for (const DocumentPath &path : filter.referencedPaths()) {
        if (path.topLevelName() == name && (!nestedOnly || path.isNested()))
            return true;
    }
    return false;
}

// DynamoDB: "The maximum length of any expression string is 4 KB" (UTF-8 bytes; the
// ConditionExpression a=b is 3 bytes). Checked before parsing, so no input of any size reaches
// the parser.
std::optional<QString> sizeProblem(const QString &expression)
{
    // Four bytes at most per UTF-16 unit pair: skip the count for short text.
    if (expression.size() * 3 <= ExpressionParser::kMaxExpressionBytes)
        return std::nullopt;
    const qsizetype size = expression.toUtf8().size();
    if (size <= ExpressionParser::kMaxExpressionBytes)
        return std::nullopt;
    return QStringLiteral("Expression size has exceeded the maximum allowed size; expression "
                          "size: ")
        + QString::number(size);
}

ValidationError tooManyConditions()
{
    return error(QStringLiteral("Conditions can be of length 1 or 2 only"), kKeyCondition);
}

template<typename Map>
QStringList placeholderKeysOf(const Map &map)
{
    QStringList keys;
    for (const auto &entry : map)
        keys << entry.first;
    return keys;
}

// The placeholders' own syntax, for each map given.
std::optional<ValidationError> checkPlaceholderMaps(const QueryExpressionText &input,
                                                    const QStringList &nameKeys,
                                                    const QStringList &valueKeys)
{
    if (input.names) {
        if (auto problem = checkPlaceholderKeys(
                nameKeys, QStringLiteral("ExpressionAttributeNames"), QLatin1Char('#')))
            return error(*problem, QStringLiteral("ExpressionAttributeNames"));
    }
    if (input.values) {
        if (auto problem = checkPlaceholderKeys(
                valueKeys, QStringLiteral("ExpressionAttributeValues"), QLatin1Char(':')))
            return error(*problem, QStringLiteral("ExpressionAttributeValues"));
    }
    return std::nullopt;
}

// An empty expression, or one over DynamoDB's size limit; checked before parsing.
std::optional<ValidationError> emptyOrTooLong(const QString &prefix, const QString &source,
                                              const QString &label)
{
    if (source.isEmpty())
        return error(prefix + QStringLiteral("The expression can not be empty;"), label);
    if (auto tooLong = sizeProblem(source))
        return error(prefix + *tooLong, label);
    return std::nullopt;
}

// A key condition or filter, parsed and its placeholders resolved; `label` names it in errors.
std::variant<ConditionNode, ValidationError>
parseQueryCondition(ExpressionValidator &validator, const QString &label, const QString &source)
{
    const QString prefix = QStringLiteral("Invalid ") + label + QStringLiteral(": ");
    if (auto problem = emptyOrTooLong(prefix, source, label))
        return *problem;
    auto parsed = ExpressionParser::parseCondition(source);
    if (auto *syntax = std::get_if<ExpressionParser::SyntaxError>(&parsed))
        return error(prefix + syntax->message, label, syntax->position);
    ConditionNode root = std::get<ConditionNode>(std::move(parsed));
    if (auto problem = validator.resolveCondition(root))
        return error(prefix + *problem, label);
    return root;
}

std::variant<ProjectionExpression, ValidationError>
parseQueryProjection(ExpressionValidator &validator, const QString &source)
{
    const QString prefix = QStringLiteral("Invalid ProjectionExpression: ");
    if (auto problem = emptyOrTooLong(prefix, source, kProjection))
        return *problem;
    auto parsed = ExpressionParser::parseProjection(source);
    if (auto *syntax = std::get_if<ExpressionParser::SyntaxError>(&parsed))
        return error(prefix + syntax->message, kProjection, syntax->position);
    std::vector<DocumentPath> paths;
    if (auto problem = validator.resolveProjection(
            std::get<std::vector<ExpressionParser::RawPath>>(parsed), paths))
        return error(prefix + *problem, kProjection);
    return ProjectionExpression(std::move(paths));
}

// DynamoDB refuses a name or value placeholder no expression uses.
std::optional<ValidationError> unusedPlaceholderError(const ExpressionValidator &validator,
                                                      const QStringList &nameKeys,
                                                      const QStringList &valueKeys)
{
    QStringList unusedNames, unusedValues;
    for (const QString &key : nameKeys) {
        if (!validator.usedNames().count(key))
            unusedNames << key;
    }
    for (const QString &key : valueKeys) {
        if (!validator.usedValues().count(key))
            unusedValues << key;
    }
    if (!unusedNames.isEmpty())
        return error(QStringLiteral("Value provided in ExpressionAttributeNames unused in "
                                    "expressions: keys: {%1}")
                         .arg(unusedNames.join(QStringLiteral(", "))),
                     QStringLiteral("ExpressionAttributeNames"));
    if (!unusedValues.isEmpty())
        return error(QStringLiteral("Value provided in ExpressionAttributeValues unused in "
                                    "expressions: keys: {%1}")
                         .arg(unusedValues.join(QStringLiteral(", "))),
                     QStringLiteral("ExpressionAttributeValues"));
    return std::nullopt;
}

// The key condition's terms, their value types and their count.
std::optional<ValidationError> readKeyTerms(const ConditionNode &keyRoot,
                                            std::size_t maxKeyConditions,
                                            std::vector<KeyTerm> &terms)
{
    if (auto problem = collectKeyTerms(keyRoot, terms))
        return error(*problem, kKeyCondition);
    if (auto problem = checkTermTypes(terms))
        return error(*problem, kKeyCondition);
    if (terms.empty() || terms.size() > std::max<std::size_t>(2, maxKeyConditions))
        return tooManyConditions();
    return std::nullopt;
}

} // namespace

std::variant<QueryExpressionSyntax, ValidationError>
parseQueryExpressionSyntax(const QueryExpressionText &input)
{
    static const std::map<QString, QString> noNames;
    static const std::map<QString, AttributeValue> noValues;
    const auto &names = input.names ? *input.names : noNames;
    const auto &values = input.values ? *input.values : noValues;
    const QStringList nameKeys = placeholderKeysOf(names);
    const QStringList valueKeys = placeholderKeysOf(values);
    if (auto problem = checkPlaceholderMaps(input, nameKeys, valueKeys))
        return *problem;

    ExpressionValidator validator(names, values);
    auto keyParsed = parseQueryCondition(validator, kKeyCondition, input.keyConditionExpression);
    if (auto *problem = std::get_if<ValidationError>(&keyParsed))
        return *problem;
    const ConditionNode keyRoot = std::get<ConditionNode>(std::move(keyParsed));
    QueryExpressionSyntax result;
    std::optional<ConditionNode> filterRoot;
    if (input.filterExpression) {
        auto filterParsed = parseQueryCondition(validator, kFilter, *input.filterExpression);
        if (auto *problem = std::get_if<ValidationError>(&filterParsed))
            return *problem;
        filterRoot = std::get<ConditionNode>(std::move(filterParsed));
    }
    if (input.projectionExpression) {
        auto projection = parseQueryProjection(validator, *input.projectionExpression);
        if (auto *problem = std::get_if<ValidationError>(&projection))
            return *problem;
        result.projection = std::get<ProjectionExpression>(std::move(projection));
    }
    if (auto problem = unusedPlaceholderError(validator, nameKeys, valueKeys))
        return *problem;
    if (auto problem = readKeyTerms(keyRoot, input.maxKeyConditions, result.keyTerms))
        return *problem;
    if (filterRoot)
        result.filter = ConditionExpression(std::move(*filterRoot));
    return result;
}

std::variant<KeyCondition, ValidationError>
matchKeyCondition(const std::vector<KeyConditionTerm> &terms, const KeyConditionSchema &schema,
                  const KeyAttributeCheck &check)
{
    const std::size_t keyCount = schema.hash.size() + schema.range.size();
    const std::size_t termCount = terms.size();
    // Multi-attribute keys raise the ceiling to one condition per key attribute.
    if (termCount == 0 || termCount > std::max<std::size_t>(2, keyCount))
        return tooManyConditions();
    auto findTerm = [&](const QString &name) -> const KeyTerm * {
        for (const KeyTerm &term : terms) {
            if (term.attribute == name)
                return &term;
        }
        return nullptr;
    };

    KeyCondition result;
    result.hashValues.reserve(schema.hash.size());
    std::size_t matched = 0;
    // One key attribute; DynamoDB walks the HASH attributes, then the RANGE ones.
    auto visit = [&](const KeyAttribute &key, bool isHash) -> std::optional<ValidationError> {
        if (check) {
            if (auto problem = check(key, isHash))
                return problem;
        }
        if (isHash && keyCount == 1 && termCount > 1)
            return error(QStringLiteral("Query key condition not supported"), kKeyCondition);
        const KeyTerm *term = findTerm(key.name);
        if (!term) {
            // A missing HASH attribute is always an error; a missing RANGE attribute only when
            // some condition is left over (on a non-key attribute, or on a later RANGE attribute:
            // multi-attribute keys allow no gaps).
            if (isHash || termCount > matched)
                return error(QStringLiteral("Query condition missed key schema element: ")
                                 + key.name,
                             kKeyCondition);
            return std::nullopt;
        }
        ++matched;
        for (const AttributeValue &value : term->values) {
            if (value.type() != key.type)
                return error(QStringLiteral("One or more parameter values were invalid: Condition "
                                            "parameter type does not match schema type"),
                             kKeyCondition);
        }
        if (isHash) {
            if (term->op != QLatin1String("EQ"))
                return error(QStringLiteral("Query key condition not supported"), kKeyCondition);
            result.hashValues.push_back(term->values.front());
            return std::nullopt;
        }
        // Only the last RANGE condition given may be something other than equality.
        if (term->op != QLatin1String("EQ") && termCount > matched)
            return error(QStringLiteral("Query key condition not supported"), kKeyCondition);
        RangeCondition range;
        range.attribute = key.name;
        range.op = sortKeyOperator(term->op);
        range.value = term->values.front();
        if (range.op == SortKeyOperator::Between)
            range.upper = term->values.at(1);
        result.range.push_back(std::move(range));
        return std::nullopt;
    };
    for (const KeyAttribute &key : schema.hash) {
        if (auto problem = visit(key, true))
            return *problem;
    }
    for (const KeyAttribute &key : schema.range) {
        if (auto problem = visit(key, false))
            return *problem;
    }
    return result;
}

std::optional<ValidationError> checkFilterKeyAttributes(const ConditionExpression &filter,
                                                        const KeyConditionSchema &schema)
{
    for (const auto *keys : {&schema.hash, &schema.range}) {
        for (const KeyAttribute &key : *keys) {
            if (mentions(filter, key.name, false))
                return error(QStringLiteral("Filter Expression can only contain non-primary key "
                                            "attributes: Primary key attribute: ")
                                 + key.name,
                             kFilter);
        }
    }
    return std::nullopt;
}

std::optional<ValidationError> checkFilterNestedKeyPaths(const ConditionExpression &filter,
                                                         const QStringList &tableKeyAttributes,
                                                         const QStringList &indexKeyAttributes)
{
    const auto scalars = [] {
        return QStringLiteral("Key attributes must be scalars; list random access '[]' and map "
                              "lookup '.' are not allowed: ");
    };
    for (const QString &key : tableKeyAttributes) {
        if (mentions(filter, key, true))
            return error(scalars() + QStringLiteral("Key: ") + key, kFilter);
    }
    for (const QString &key : indexKeyAttributes) {
        if (mentions(filter, key, true))
            return error(scalars() + QStringLiteral("IndexKey: ") + key, kFilter);
    }
    return std::nullopt;
}

std::variant<ParsedQueryExpressions, ValidationError>
parseQueryExpressions(const QueryExpressionsInput &input)
{
    QueryExpressionText text = input;
    text.maxKeyConditions
        = std::max(input.maxKeyConditions, input.schema.hash.size() + input.schema.range.size());
    auto syntax = parseQueryExpressionSyntax(text);
    if (auto *problem = std::get_if<ValidationError>(&syntax))
        return *problem;
    QueryExpressionSyntax &parsed = std::get<QueryExpressionSyntax>(syntax);

    auto key = matchKeyCondition(parsed.keyTerms, input.schema);
    if (auto *problem = std::get_if<ValidationError>(&key))
        return *problem;

    ParsedQueryExpressions result;
    result.keyCondition = std::get<KeyCondition>(std::move(key));
    if (parsed.filter) {
        if (auto problem = checkFilterKeyAttributes(*parsed.filter, input.schema))
            return *problem;
        QStringList tableKeys = input.tableKeyAttributes;
        if (tableKeys.isEmpty()) {
            for (const auto *keys : {&input.schema.hash, &input.schema.range}) {
                for (const KeyAttribute &k : *keys)
                    tableKeys << k.name;
            }
        }
        if (auto problem
            = checkFilterNestedKeyPaths(*parsed.filter, tableKeys, input.indexKeyAttributes))
            return *problem;
    }
    result.filter = std::move(parsed.filter);
    result.projection = std::move(parsed.projection);
    return result;
}

} // namespace keyscope::model
