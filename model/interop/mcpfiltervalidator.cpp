// The assistant's filter_expression rules (repo_generation_tool/core/
// filter_expression_validator.py), with its messages.
#include "model/interop/mcpschemaparts.h"

#include "model/io/suggestion.h"

namespace keyscope::model::mcp {

namespace mcpfilter {

const QStringList kFilterOperators {"=", "<>", "<", "<=", ">", ">=", "between", "in"};
const QStringList kFilterFunctions {"attribute_exists", "attribute_not_exists", "begins_with",
                                    "contains", "size"};

QString sortedNames(QStringList names)
{
    names.sort();
    return names.join(QStringLiteral(", "));
}

class FilterValidator
{
public:
    explicit FilterValidator(const ProblemSink &add)
        : m_add(add)
    { }
    void expression(const QJsonObject &pattern, const QString &path, const QStringList &fields,
                    const QStringList &keyFields);

private:
    void checkCondition(const QJsonObject &condition, const QString &path,
                        const QStringList &fields, const QStringList &keyFields,
                        const QString &operation);
    void comparison(const QJsonObject &condition, const QString &path, const QString &op);

    const ProblemSink &m_add;
};

// The assistant's filter_expression: {"conditions": [{"field", "operator" | "function", "param",
// "param2", "params"}], "logical_operator": "AND" | "OR"}; a string is taken as written.
void FilterValidator::expression(const QJsonObject &pattern, const QString &path,
                                 const QStringList &fields, const QStringList &keyFields)
{
    const QJsonValue filter = pattern.value(QLatin1String("filter_expression"));
    const QString filterPath = path + QStringLiteral(".filter_expression");
    if (filter.isString() || filter.isNull())
        return;
    const QString operation = pattern.value(QLatin1String("operation")).toString();
    if (operation != u"Query" && operation != u"Scan") {
        m_add(
            filterPath,
            QStringLiteral("Filter expressions are only valid for Query and Scan operations, "
                           "got '%1'")
                .arg(operation),
            QStringLiteral("Change operation to one of: Query, Scan, or remove filter_expression"));
        return;
    }
    const QJsonArray conditions = filter.toObject().value(QLatin1String("conditions")).toArray();
    if (conditions.isEmpty()) {
        m_add(filterPath + QStringLiteral(".conditions"),
              QStringLiteral("filter_expression.conditions must be a non-empty list"),
              QStringLiteral("Add at least one filter condition"));
        return;
    }
    const QJsonValue logical = filter.toObject().value(QLatin1String("logical_operator"));
    if (!logical.isUndefined() && !logical.isNull() && logical.toString() != u"AND"
        && logical.toString() != u"OR")
        m_add(filterPath + QStringLiteral(".logical_operator"),
              QStringLiteral("Invalid logical_operator '%1'").arg(logical.toString()),
              QStringLiteral("Valid logical operators: AND, OR"));
    for (qsizetype i = 0; i < conditions.size(); ++i)
        checkCondition(conditions.at(i).toObject(),
                       filterPath + QStringLiteral(".conditions[%1]").arg(i), fields, keyFields,
                       operation);
}

void FilterValidator::checkCondition(const QJsonObject &condition, const QString &path,
                                     const QStringList &fields, const QStringList &keyFields,
                                     const QString &operation)
{
    const QString field = condition.value(QLatin1String("field")).toString();
    if (field.isEmpty()) {
        m_add(path + QStringLiteral(".field"),
              QStringLiteral("Filter condition must have a non-empty string field"),
              QStringLiteral("Add a field name referencing an entity field"));
        return;
    }
    if (!fields.contains(field)) {
        const QString closest = closestMatch(field, fields);
        m_add(path + QStringLiteral(".field"),
              QStringLiteral("Field '%1' not found in entity fields").arg(field),
              (closest.isEmpty() ? QString() : QStringLiteral("Did you mean '%1'? ").arg(closest))
                  + QStringLiteral("Available fields: ") + sortedNames(fields));
        return;
    }
    if (keyFields.contains(field) && operation == u"Query") {
        m_add(path + QStringLiteral(".field"),
              QStringLiteral("Cannot filter on key attribute '%1' in a Query operation").arg(field),
              QStringLiteral("For Query, key attributes must be in KeyConditionExpression, not "
                             "FilterExpression"));
        return;
    }
    const QString op = condition.value(QLatin1String("operator")).toString();
    const QString function = condition.value(QLatin1String("function")).toString();
    if (!op.isEmpty() && !function.isEmpty() && function != u"size") {
        m_add(path,
              QStringLiteral("Only one of 'operator' or 'function' is allowed (except for 'size' "
                             "which requires both)"),
              QStringLiteral("Remove either 'operator' or 'function', or use function='size' with "
                             "an operator"));
        return;
    }
    if (op.isEmpty() && function.isEmpty()) {
        m_add(path, QStringLiteral("Filter condition must have either 'operator' or 'function'"),
              QStringLiteral("Add 'operator' (%1) or 'function' (%2)")
                  .arg(sortedNames(kFilterOperators), sortedNames(kFilterFunctions)));
        return;
    }
    if (!function.isEmpty() && !kFilterFunctions.contains(function)) {
        m_add(path + QStringLiteral(".function"),
              QStringLiteral("Invalid function '%1'").arg(function),
              QStringLiteral("Valid functions: ") + sortedNames(kFilterFunctions));
    } else if (function == u"size" && op.isEmpty()) {
        m_add(path, QStringLiteral("'size' function requires an 'operator' field"),
              QStringLiteral("Add operator like '>', '>=', '<', '<=', '=', '<>', 'between'"));
    } else if (function == u"contains" || function == u"begins_with") {
        if (condition.value(QLatin1String("param")).toString().isEmpty())
            m_add(path, QStringLiteral("'%1' function requires 'param' field").arg(function),
                  QStringLiteral("Add param referencing a parameter name"));
    } else if (function.isEmpty() || function == u"size") {
        comparison(condition, path, op);
    }
}

void FilterValidator::comparison(const QJsonObject &condition, const QString &path,
                                 const QString &op)
{
    const auto missing = [&](const char *member) {
        return condition.value(QLatin1String(member)).toString().isEmpty();
    };
    if (!kFilterOperators.contains(op)) {
        m_add(path + QStringLiteral(".operator"), QStringLiteral("Invalid operator '%1'").arg(op),
              QStringLiteral("Valid operators: ") + sortedNames(kFilterOperators));
    } else if (op == u"between") {
        if (missing("param"))
            m_add(path, QStringLiteral("'between' operator requires 'param' field"),
                  QStringLiteral("Add param for the lower bound value"));
        if (missing("param2"))
            m_add(path, QStringLiteral("'between' operator requires 'param2' field"),
                  QStringLiteral("Add param2 for the upper bound value"));
    } else if (op == u"in") {
        if (condition.value(QLatin1String("params")).toArray().isEmpty())
            m_add(path, QStringLiteral("'in' operator requires a non-empty 'params' array"),
                  QStringLiteral("Add params array, e.g. \"params\": [\"value1\", \"value2\"]"));
    } else if (missing("param")) {
        m_add(path, QStringLiteral("'%1' operator requires 'param' field").arg(op),
              QStringLiteral("Add param referencing a parameter name"));
    }
}

} // namespace mcpfilter

void validateFilterExpression(const QJsonObject &pattern, const QString &path,
                              const QStringList &fields, const QStringList &keyFields,
                              const ProblemSink &add)
{
    mcpfilter::FilterValidator(add).expression(pattern, path, fields, keyFields);
}

} // namespace keyscope::model::mcp
