// The DynamoDB MCP schema's access patterns: a Query becomes a Keyscope access pattern (its
// parameters and range_condition a key condition whose values are rendered from an item of the
// entity; filter_expression a FilterExpression; consistent_read ConsistentRead); every other
// operation is kept and listed, its key templates checked against its parameters.
#include "model/interop/mcpschemaparts.h"

#include "model/design/keytemplate.h"
#include "model/interop/mcpschema.h"

#include <QJsonArray>

namespace keyscope::model::mcp {

// The literal text before a template's first placeholder, as a template ("PROJECT#").
QString literalPrefix(const QString &text)
{
    const auto parsed = KeyTemplate::parse(text);
    const auto *keyTemplate = std::get_if<KeyTemplate>(&parsed);
    QString prefix;
    for (const KeyTemplate::Part &part :
         keyTemplate ? keyTemplate->parts() : std::vector<KeyTemplate::Part> {}) {
        if (part.isPlaceholder)
            break;
        prefix += part.text;
    }
    return prefix.replace(u'{', QStringLiteral("{{")).replace(u'}', QStringLiteral("}}"));
}

namespace mcppatterns {

// The template that gives `attribute` for the entity: its key template, or the attribute itself.
std::optional<QString> valueTemplate(const EntityType &entity, const QString &attribute)
{
    if (const auto key = entity.keys.find(attribute); key != entity.keys.end())
        return key->second;
    for (const AttributeSpec &spec : entity.attributes) {
        if (spec.name == attribute)
            return u'{' + attribute + u'}';
    }
    return std::nullopt;
}

QStringList parameterNames(const QJsonObject &pattern)
{
    QStringList names;
    for (const QJsonValue &value : pattern.value(QLatin1String("parameters")).toArray()) {
        if (value.toObject().value(QLatin1String("type")).toString() != u"entity")
            names << value.toObject().value(QLatin1String("name")).toString();
    }
    return names;
}

bool hasEntityParameter(const QJsonObject &pattern)
{
    const QJsonArray parameters = pattern.value(QLatin1String("parameters")).toArray();
    return std::any_of(parameters.begin(), parameters.end(), [](const QJsonValue &value) {
        return value.toObject().value(QLatin1String("type")).toString() == u"entity";
    });
}

// "its parameters do not give user_id, which the key needs", or empty.
QString missingParameters(const QJsonObject &pattern, const QStringList &templates)
{
    if (hasEntityParameter(pattern))
        return {};
    const QStringList given = parameterNames(pattern);
    QStringList missing;
    for (const QString &text : templates) {
        for (const QString &field : templateFields(text)) {
            if (!given.contains(field) && !missing.contains(field))
                missing << field;
        }
    }
    if (missing.isEmpty())
        return {};
    return QStringLiteral("its parameters (%1) do not give %2, which the key needs")
        .arg(given.isEmpty() ? QStringLiteral("none") : given.join(QStringLiteral(", ")),
             missing.join(QStringLiteral(", ")));
}

class QueryBuilder
{
public:
    QueryBuilder(const Project &project, const EntityType &entity, const QJsonObject &json)
        : m_project(project)
        , m_entity(entity)
        , m_json(json)
    { }
    // The pattern, or why it cannot be one.
    std::variant<AccessPattern, QString> build();
    QStringList keyTemplates() const { return m_keyTemplates; }

private:
    std::optional<QString> keyCondition(const KeySchema &keys, const QString &where);
    QString rangeCondition(const KeyAttribute &sortKey, const QString &range, const QString &value);
    QString filterExpression(const QJsonObject &filter);
    PatternValue filterValue(const QString &field, bool size) const;

    const Project &m_project;
    const EntityType &m_entity;
    const QJsonObject &m_json;
    AccessPattern m_pattern;
    QStringList m_keyTemplates; // the partition key's, for the parameter check
};

std::variant<AccessPattern, QString> QueryBuilder::build()
{
    m_pattern.description = m_json.value(QLatin1String("description")).toString();
    m_pattern.indexName = m_json.value(QLatin1String("index_name")).toString();
    const IndexDefinition *index = m_project.table.index(m_pattern.indexName);
    const KeySchema &keys = index ? index->keys : m_project.table.keys;
    const QString where = index ? QStringLiteral("index ") + index->name
                                : QStringLiteral("table ") + m_project.table.tableName;
    if (auto why = keyCondition(keys, where))
        return *why;
    const QJsonValue filter = m_json.value(QLatin1String("filter_expression"));
    if (filter.isObject())
        m_pattern.filterExpression = filterExpression(filter.toObject());
    else if (filter.isString())
        m_pattern.filterExpression = filter.toString();
    m_pattern.consistentRead = m_json.value(QLatin1String("consistent_read")).toBool();
    m_pattern.parentEntity = m_entity.name;
    const QString returns = m_json.value(QLatin1String("return_type")).toString();
    if (returns == u"single_entity" || returns == u"entity_list")
        m_pattern.expect.entityTypes = QStringList {m_entity.name};
    m_pattern.extra.insert(QLatin1String(McpSchema::kExtraMember), m_json);
    return m_pattern;
}

// Equality on every partition key attribute, then the range condition on the sort key; each
// value is the entity's template for that attribute, rendered from one of its items.
std::optional<QString> QueryBuilder::keyCondition(const KeySchema &keys, const QString &where)
{
    QStringList parts;
    for (size_t i = 0; i < keys.hash.size(); ++i) {
        const QString attribute = keys.hash[i].name;
        const auto value = valueTemplate(m_entity, attribute);
        if (!value)
            return QStringLiteral("%1 has no value for %2, the partition key of %3 (give it a "
                                  "gsi_mappings entry or a field %2)")
                .arg(m_entity.name, attribute, where);
        const QString name = QStringLiteral("#pk%1").arg(i);
        const QString placeholder = QStringLiteral(":pk%1").arg(i);
        m_pattern.names[name] = attribute;
        m_pattern.values[placeholder] = PatternValue {*value, {}};
        m_keyTemplates << *value;
        parts << name + QStringLiteral(" = ") + placeholder;
    }
    const QString range = m_json.value(QLatin1String("range_condition")).toString();
    if (!range.isEmpty()) {
        if (!keys.hasRange())
            return QStringLiteral("its range_condition needs a sort key, and %1 has none")
                .arg(where);
        const KeyAttribute &sortKey = keys.range.front();
        const auto value = valueTemplate(m_entity, sortKey.name);
        if (!value)
            return QStringLiteral("%1 has no value for %2, the sort key of %3")
                .arg(m_entity.name, sortKey.name, where);
        parts << rangeCondition(sortKey, range, *value);
    }
    m_pattern.keyConditionExpression = parts.join(QStringLiteral(" AND "));
    return std::nullopt;
}

// begins_with takes the template's literal start ("PROJECT#"), between runs from there to the
// item's own key, the comparisons compare with the item's own key.
QString QueryBuilder::rangeCondition(const KeyAttribute &sortKey, const QString &range,
                                     const QString &value)
{
    m_pattern.names[QStringLiteral("#sk")] = sortKey.name;
    const QString prefix
        = sortKey.type == AttributeValue::Type::S ? literalPrefix(value) : QString();
    const QString low = prefix.isEmpty() ? value : prefix;
    if (range == u"begins_with") {
        m_pattern.values[QStringLiteral(":sk")] = PatternValue {low, {}};
        return QStringLiteral("begins_with(#sk, :sk)");
    }
    if (range == u"between") {
        m_pattern.values[QStringLiteral(":sk")] = PatternValue {low, {}};
        m_pattern.values[QStringLiteral(":sk2")] = PatternValue {value, {}};
        return QStringLiteral("#sk BETWEEN :sk AND :sk2");
    }
    m_pattern.values[QStringLiteral(":sk")] = PatternValue {value, {}};
    return QStringLiteral("#sk ") + range + QStringLiteral(" :sk");
}

// A filter value: the field of the same item ({status}), a number for size(), true for a
// boolean field, a sample string for a field Keyscope does not generate.
PatternValue QueryBuilder::filterValue(const QString &field, bool size) const
{
    if (size)
        return PatternValue {{}, AttributeValue::number(Number())};
    for (const AttributeSpec &spec : m_entity.attributes) {
        if (spec.name != field)
            continue;
        if (spec.type == AttributeKind::Bool)
            return PatternValue {{}, AttributeValue::boolean(true)};
        return PatternValue {u'{' + field + u'}', {}};
    }
    return PatternValue {{}, AttributeValue::string(QStringLiteral("sample"))};
}

QString QueryBuilder::filterExpression(const QJsonObject &filter)
{
    QStringList parts;
    const QJsonArray conditions = filter.value(QLatin1String("conditions")).toArray();
    for (qsizetype i = 0; i < conditions.size(); ++i) {
        const QJsonObject condition = conditions.at(i).toObject();
        const QString field = condition.value(QLatin1String("field")).toString();
        const QString name = QStringLiteral("#f%1").arg(i);
        const QString value = QStringLiteral(":f%1").arg(i);
        const QString function = condition.value(QLatin1String("function")).toString();
        const QString op = condition.value(QLatin1String("operator")).toString();
        m_pattern.names[name] = field;
        const auto bind = [&](const QString &placeholder) {
            m_pattern.values[placeholder] = filterValue(field, function == u"size");
            return placeholder;
        };
        const QString operand = function == u"size" ? QStringLiteral("size(%1)").arg(name) : name;
        if (function == u"attribute_exists" || function == u"attribute_not_exists") {
            parts << QStringLiteral("%1(%2)").arg(function, name);
        } else if (function == u"contains" || function == u"begins_with") {
            parts << QStringLiteral("%1(%2, %3)").arg(function, name, bind(value));
        } else if (op == u"between") {
            parts << QStringLiteral("%1 BETWEEN %2 AND %3")
                         .arg(operand, bind(value + u'a'), bind(value + u'b'));
        } else if (op == u"in") {
            QStringList list;
            const qsizetype count = condition.value(QLatin1String("params")).toArray().size();
            for (qsizetype j = 0; j < std::max<qsizetype>(1, count); ++j)
                list << bind(value + QStringLiteral("_%1").arg(j));
            parts << QStringLiteral("%1 IN (%2)").arg(operand, list.join(QStringLiteral(", ")));
        } else {
            parts << QStringLiteral("%1 %2 %3").arg(operand, op, bind(value));
        }
    }
    const bool any = filter.value(QLatin1String("logical_operator")).toString() == u"OR";
    return parts.join(any ? QStringLiteral(" OR ") : QStringLiteral(" AND "));
}

QString uniqueName(const Project &project, const QString &entity, const QString &name)
{
    const auto taken = [&](const QString &candidate) {
        return std::any_of(project.accessPatterns.begin(), project.accessPatterns.end(),
                           [&](const AccessPattern &p) { return p.name == candidate; });
    };
    return taken(name) ? entity + u'.' + name : name;
}

// "pk = ORG#{org_id}, sk = DETAILS"
QString primaryKeyText(const Project &project, const EntityType &entity, QStringList *templates)
{
    QStringList parts;
    for (const KeyAttribute &key : project.table.keys.all()) {
        const QString value = valueTemplate(entity, key.name).value_or(QStringLiteral("(none)"));
        *templates << value;
        parts << key.name + QStringLiteral(" = ") + value;
    }
    return parts.join(QStringLiteral(", "));
}

} // namespace mcppatterns

KeptOperation keptOperation(const Project &project, const EntityType &entity,
                            const QJsonObject &json)
{
    using namespace mcppatterns;
    KeptOperation kept {json.value(QLatin1String("operation")).toString(),
                        json.value(QLatin1String("name")).toString(),
                        entity.name,
                        {},
                        {}};
    if (kept.operation == u"Scan") {
        kept.detail = QStringLiteral("reads every item of table %1").arg(project.table.tableName);
        kept.problem = QStringLiteral("a Scan pays for every item of the table, whatever it "
                                      "returns; a Query on a key or an index reads only the "
                                      "partition it asks for");
        return kept;
    }
    if (kept.operation == u"Query") {
        QueryBuilder builder(project, entity, json);
        auto built = builder.build();
        if (const auto *why = std::get_if<QString>(&built))
            kept.problem = *why;
    }
    QStringList templates;
    kept.detail = QStringLiteral("key ") + primaryKeyText(project, entity, &templates);
    const bool writesItem = kept.operation == u"PutItem" || kept.operation == u"BatchWriteItem";
    if (kept.problem.isEmpty() && !writesItem)
        kept.problem = missingParameters(json, templates);
    return kept;
}

namespace mcppatterns {

void keepOperation(const Project &project, const EntityType &entity, const QJsonObject &json,
                   const QString &path, const TableContext &context)
{
    const KeptOperation kept = keptOperation(project, entity, json);
    if (kept.operation == u"Scan") {
        context.note(path,
                     QStringLiteral("Scan %1 %2 and pays for each one, whatever it returns; "
                                    "a Query on a key or an index reads only the partition "
                                    "it asks for")
                         .arg(kept.name, kept.detail));
        return;
    }
    context.note(path,
                 QStringLiteral("%1 %2 kept, not run (Keyscope runs Queries): %3%4")
                     .arg(kept.operation, kept.name, kept.detail,
                          kept.problem.isEmpty() ? QString() : QStringLiteral("; ") + kept.problem));
}

} // namespace mcppatterns

void convertPatterns(Project &project, const EntityType &entity, const QJsonObject &entityJson,
                     const QString &entityPath, const TableContext &context, QJsonArray &operations)
{
    const QJsonArray patterns = entityJson.value(QLatin1String("access_patterns")).toArray();
    for (qsizetype i = 0; i < patterns.size(); ++i) {
        const QJsonObject json = patterns.at(i).toObject();
        const QString path = entityPath + QStringLiteral(".access_patterns[%1]").arg(i);
        const QString name = json.value(QLatin1String("name")).toString();
        if (json.value(QLatin1String("operation")).toString() != u"Query") {
            mcppatterns::keepOperation(project, entity, json, path, context);
            QJsonObject kept = json;
            kept.insert(QStringLiteral("entity"), entity.name);
            operations.append(kept);
            continue;
        }
        mcppatterns::QueryBuilder builder(project, entity, json);
        auto built = builder.build();
        if (auto *why = std::get_if<QString>(&built)) {
            context.note(path, QStringLiteral("Query %1 kept, not run: %2").arg(name, *why));
            QJsonObject kept = json;
            kept.insert(QStringLiteral("entity"), entity.name);
            operations.append(kept);
            continue;
        }
        AccessPattern pattern = std::get<AccessPattern>(std::move(built));
        pattern.name = mcppatterns::uniqueName(project, entity.name, name);
        if (const QString check = mcppatterns::missingParameters(json, builder.keyTemplates());
            !check.isEmpty())
            context.note(
                path,
                QStringLiteral("Query %1 runs with values from a %2 item; ").arg(name, entity.name)
                    + check);
        project.accessPatterns.push_back(std::move(pattern));
    }
}

} // namespace keyscope::model::mcp
