#include "model/design/projectedindex.h"

#include "model/expression/queryexpressions.h"

namespace keyscope::model {

std::optional<DesignFix> projectedIndexFix(const Project &project, const AccessPattern &pattern,
                                           const PatternResult &result)
{
    if (!pattern.indexName.isEmpty())
        return std::nullopt;
    const TableDefinition &table = project.table;
    QStringList keys;
    for (const KeyAttribute &key : table.keys.all())
        keys << key.name;
    QStringList include;
    if (!pattern.expect.orderAttribute.isEmpty())
        include << pattern.expect.orderAttribute;
    if (result.request.filterExpression) {
        QueryExpressionText text;
        text.keyConditionExpression = result.request.keyConditionExpression;
        text.filterExpression = result.request.filterExpression;
        text.names = result.request.expressionAttributeNames;
        text.values = result.request.expressionAttributeValues;
        const auto syntax = parseQueryExpressionSyntax(text);
        const auto *parsed = std::get_if<QueryExpressionSyntax>(&syntax);
        if (!parsed || !parsed->filter)
            return std::nullopt;
        for (const DocumentPath &path : parsed->filter->referencedPaths())
            include << path.topLevelName();
    }
    include.removeDuplicates();
    for (const QString &key : keys)
        include.removeAll(key);
    // A name no index of the table has: "SK-keys", "SK-keys-2", ...
    const QString base = (keys.size() > 1 ? keys.at(1) : keys.value(0)) + QStringLiteral("-keys");
    QString name = base;
    for (int n = 2; table.index(name); ++n)
        name = base + u'-' + QString::number(n);
    FixChange index;
    index.kind = FixChange::Kind::TableKeysIndex;
    index.after = name;
    index.attribute = include.join(u',');
    FixChange moved;
    moved.kind = FixChange::Kind::PatternIndex;
    moved.pattern = pattern.name;
    moved.after = name;
    const QString projection = include.isEmpty()
        ? QStringLiteral("KEYS_ONLY")
        : QStringLiteral("INCLUDE ") + include.join(QStringLiteral(", "));
    return DesignFix {QStringLiteral("Query a global secondary index %1 on the table's keys "
                                     "with projection %2")
                          .arg(name, projection),
                      {index, moved}};
}

} // namespace keyscope::model
