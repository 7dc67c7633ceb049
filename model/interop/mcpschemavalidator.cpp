// The rules of the DynamoDB MCP server's schema validator (repo_generation_tool/core:
// schema_validator.py, gsi_validator.py, range_query_validator.py, key_template_parser.py,
// filter_expression_validator.py), with its messages, so Keyscope refuses what the assistant's
// code generator refuses and says the same. Keyscope adds what it needs to build a design: the
// entity's own templates name fields, multi-attribute GSI keys have at most four attributes, and
// consistent_read is not asked of a GSI.
#include "model/interop/mcpschema.h"

#include "model/interop/mcpschemaparts.h"
#include "model/io/suggestion.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>

namespace keyscope::model {

namespace mcpvalidate {

using mcp::pythonTypeName;
using Problem = McpSchema::Problem;

const QStringList kReturnTypes {"single_entity", "entity_list", "success_flag", "mixed_data",
                                "void"};
const QStringList kParameterTypes {"string", "integer", "boolean", "entity"};
const QStringList kRangeConditions {"begins_with", "between", ">", "<", ">=", "<="};

// "Did you mean 'string'? Valid options: ..." (Keyscope's one "did you mean" rule).
QString enumSuggestion(const QString &value, const QStringList &valid)
{
    const QString options = QStringLiteral("Valid options: ") + valid.join(QStringLiteral(", "));
    const QString closest = closestMatch(value, valid);
    return closest.isEmpty() ? options
                             : QStringLiteral("Did you mean '%1'? %2").arg(closest, options);
}

QString sortedList(QStringList names)
{
    names.sort();
    return names.join(QStringLiteral(", "));
}

class SchemaValidator
{
public:
    std::vector<Problem> run(const QJsonObject &root);

private:
    void add(const QString &path, const QString &message, const QString &suggestion = {})
    {
        for (const Problem &p : m_problems) {
            if (p.path == path && p.message == message)
                return; // the assistant checks a main-table range query twice
        }
        m_problems.push_back({path, message, suggestion});
    }
    void required(const QJsonObject &object, const QStringList &names, const QString &path);
    void isString(const QJsonObject &object, const QString &name, const QString &path);
    void enumField(const QJsonObject &object, const QString &name, const QStringList &valid,
                   const QString &path);
    void table(const QJsonValue &value, const QString &path);
    void entities(const QJsonValue &value, const QString &path);
    void entity(const QString &name, const QJsonValue &value, const QString &path);
    void fields(const QJsonValue &value, const QString &path);
    void field(const QJsonValue &value, const QString &path, QSet<QString> &names);
    void patterns(const QJsonValue &value, const QString &path, const QString &entity);
    void pattern(const QJsonValue &value, const QString &path, const QString &entity,
                 QSet<QString> &names);
    void parameter(const QJsonValue &value, const QString &path, QSet<QString> &names);
    void rangeQuery(const QJsonObject &pattern, const QString &path, qsizetype hashCount);
    void gsiConfiguration(const QJsonObject &table, const QString &path);
    void gsiKey(const QJsonObject &gsi, const QString &member, const QString &path);
    void entityGsi(const QJsonObject &entity, const QString &path,
                   const std::map<QString, QJsonObject> &gsis);
    void gsiMappings(const QJsonObject &entity, const QString &path, const QStringList &fields,
                     const std::map<QString, QJsonObject> &gsis);
    void gsiPattern(const QJsonObject &pattern, const QString &path, const QStringList &fields,
                    const QStringList &keyFields, const std::map<QString, QJsonObject> &gsis);
    void templateText(const QJsonValue &value, const QStringList &fields, const QString &path);

    std::vector<Problem> m_problems;
    QSet<QString> m_entityNames; // every table's so far, as the assistant keeps them
    QSet<qint64> m_patternIds;
};

void SchemaValidator::required(const QJsonObject &object, const QStringList &names,
                               const QString &path)
{
    for (const QString &name : names) {
        if (!object.contains(name))
            add(path + u'.' + name, QStringLiteral("Missing required field '%1'").arg(name),
                QStringLiteral("Add '%1' field to %2").arg(name, path));
    }
}

void SchemaValidator::isString(const QJsonObject &object, const QString &name, const QString &path)
{
    if (object.contains(name) && !object.value(name).isString())
        add(path + u'.' + name,
            QStringLiteral("Field '%1' must be str, got %2")
                .arg(name, pythonTypeName(object.value(name))),
            QStringLiteral("Change %1 to str type").arg(name));
}

void SchemaValidator::enumField(const QJsonObject &object, const QString &name,
                                const QStringList &valid, const QString &path)
{
    if (!object.contains(name))
        return;
    const QJsonValue value = object.value(name);
    if (!value.isString()) {
        add(path + u'.' + name,
            QStringLiteral("Field '%1' must be a string, got %2").arg(name, pythonTypeName(value)),
            QStringLiteral("Change %1 to a string value").arg(name));
    } else if (!valid.contains(value.toString())) {
        add(path + u'.' + name, QStringLiteral("Invalid %1 value '%2'").arg(name, value.toString()),
            enumSuggestion(value.toString(), valid));
    }
}

std::vector<Problem> SchemaValidator::run(const QJsonObject &root)
{
    if (!root.contains(QLatin1String("tables"))) {
        add(QStringLiteral("root.tables"), QStringLiteral("Missing required field 'tables'"),
            QStringLiteral("Add 'tables' field to root"));
        return m_problems;
    }
    const QJsonValue tables = root.value(QLatin1String("tables"));
    if (!tables.isArray()) {
        add(QStringLiteral("tables"), QStringLiteral("tables must be an array"),
            QStringLiteral("Change tables to a JSON array"));
        return m_problems;
    }
    if (tables.toArray().isEmpty()) {
        add(QStringLiteral("tables"), QStringLiteral("tables cannot be empty"),
            QStringLiteral("Add at least one table definition"));
        return m_problems;
    }
    const QJsonArray list = tables.toArray();
    for (qsizetype i = 0; i < list.size(); ++i)
        table(list.at(i), QStringLiteral("tables[%1]").arg(i));
    // The GSI checks run after the structure checks, over every table, as the assistant's do.
    for (qsizetype i = 0; i < list.size(); ++i) {
        if (list.at(i).isObject())
            gsiConfiguration(list.at(i).toObject(), QStringLiteral("tables[%1]").arg(i));
    }
    return m_problems;
}

void SchemaValidator::table(const QJsonValue &value, const QString &path)
{
    if (!value.isObject()) {
        add(path, QStringLiteral("Table must be an object"),
            QStringLiteral("Change table to a JSON object"));
        return;
    }
    const QJsonObject table = value.toObject();
    required(table, {QStringLiteral("table_config"), QStringLiteral("entities")}, path);
    if (table.contains(QLatin1String("table_config"))) {
        const QString configPath = path + QStringLiteral(".table_config");
        const QJsonValue config = table.value(QLatin1String("table_config"));
        if (!config.isObject()) {
            add(configPath, QStringLiteral("table_config must be an object"),
                QStringLiteral("Change table_config to a JSON object"));
        } else {
            const QStringList names {QStringLiteral("table_name"), QStringLiteral("partition_key")};
            required(config.toObject(), names, configPath);
            for (const QString &name : names)
                isString(config.toObject(), name, configPath);
        }
    }
    if (table.contains(QLatin1String("entities")))
        entities(table.value(QLatin1String("entities")), path + QStringLiteral(".entities"));
}

void SchemaValidator::entities(const QJsonValue &value, const QString &path)
{
    if (!value.isObject()) {
        add(path, QStringLiteral("entities must be an object"),
            QStringLiteral("Change entities to a JSON object"));
        return;
    }
    const QJsonObject entities = value.toObject();
    if (entities.isEmpty()) {
        add(path, QStringLiteral("entities cannot be empty"),
            QStringLiteral("Add at least one entity definition"));
        return;
    }
    for (auto it = entities.begin(); it != entities.end(); ++it) {
        if (m_entityNames.contains(it.key()))
            add(path + u'.' + it.key(),
                QStringLiteral("Duplicate entity name '%1' across tables").arg(it.key()),
                QStringLiteral("Entity names must be unique across all tables"));
        m_entityNames.insert(it.key());
    }
    for (auto it = entities.begin(); it != entities.end(); ++it)
        entity(it.key(), it.value(), path + u'.' + it.key());
}

void SchemaValidator::entity(const QString &name, const QJsonValue &value, const QString &path)
{
    if (!value.isObject()) {
        add(path, QStringLiteral("Entity '%1' must be an object").arg(name),
            QStringLiteral("Change %1 to a JSON object").arg(name));
        return;
    }
    const QJsonObject entity = value.toObject();
    required(
        entity,
        {QStringLiteral("entity_type"), QStringLiteral("pk_template"), QStringLiteral("fields")},
        path);
    isString(entity, QStringLiteral("entity_type"), path);
    isString(entity, QStringLiteral("pk_template"), path);
    if (!entity.value(QLatin1String("sk_template")).isNull())
        isString(entity, QStringLiteral("sk_template"), path);
    if (entity.contains(QLatin1String("fields")))
        fields(entity.value(QLatin1String("fields")), path + QStringLiteral(".fields"));
    if (entity.contains(QLatin1String("access_patterns")))
        patterns(entity.value(QLatin1String("access_patterns")),
                 path + QStringLiteral(".access_patterns"), name);
}

void SchemaValidator::fields(const QJsonValue &value, const QString &path)
{
    if (!value.isArray()) {
        add(path, QStringLiteral("fields must be an array"),
            QStringLiteral("Change fields to a JSON array"));
        return;
    }
    if (value.toArray().isEmpty()) {
        add(path, QStringLiteral("fields cannot be empty"),
            QStringLiteral("Add at least one field definition"));
        return;
    }
    QSet<QString> names;
    const QJsonArray list = value.toArray();
    for (qsizetype i = 0; i < list.size(); ++i)
        field(list.at(i), path + QStringLiteral("[%1]").arg(i), names);
}

void SchemaValidator::field(const QJsonValue &value, const QString &path, QSet<QString> &names)
{
    if (!value.isObject()) {
        add(path, QStringLiteral("Field must be an object"),
            QStringLiteral("Change field to a JSON object"));
        return;
    }
    const QJsonObject field = value.toObject();
    required(field, {QStringLiteral("name"), QStringLiteral("type"), QStringLiteral("required")},
             path);
    if (field.contains(QLatin1String("name"))) {
        const QString name = field.value(QLatin1String("name")).toString();
        if (names.contains(name))
            add(path + QStringLiteral(".name"),
                QStringLiteral("Duplicate field name '%1'").arg(name),
                QStringLiteral("Field names must be unique within an entity"));
        names.insert(name);
    }
    enumField(field, QStringLiteral("type"), mcp::fieldTypes(), path);
    if (field.value(QLatin1String("type")).toString() == u"array"
        && !field.contains(QLatin1String("item_type")))
        add(path + QStringLiteral(".item_type"),
            QStringLiteral("Array fields must specify item_type"),
            QStringLiteral("Add 'item_type' property for array fields"));
    if (field.contains(QLatin1String("required"))
        && !field.value(QLatin1String("required")).isBool())
        add(path + QStringLiteral(".required"),
            QStringLiteral("Field 'required' must be bool, got %1")
                .arg(pythonTypeName(field.value(QLatin1String("required")))),
            QStringLiteral("Change required to bool type"));
}

void SchemaValidator::patterns(const QJsonValue &value, const QString &path, const QString &entity)
{
    if (!value.isArray()) {
        add(path, QStringLiteral("access_patterns must be an array"),
            QStringLiteral("Change access_patterns to a JSON array"));
        return;
    }
    QSet<QString> names;
    const QJsonArray list = value.toArray();
    for (qsizetype i = 0; i < list.size(); ++i)
        pattern(list.at(i), path + QStringLiteral("[%1]").arg(i), entity, names);
}

void SchemaValidator::pattern(const QJsonValue &value, const QString &path, const QString &entity,
                              QSet<QString> &names)
{
    if (!value.isObject()) {
        add(path, QStringLiteral("Access pattern must be an object"),
            QStringLiteral("Change access pattern to a JSON object"));
        return;
    }
    const QJsonObject pattern = value.toObject();
    required(pattern,
             {QStringLiteral("pattern_id"), QStringLiteral("name"), QStringLiteral("description"),
              QStringLiteral("operation"), QStringLiteral("return_type")},
             path);
    if (pattern.contains(QLatin1String("pattern_id"))) {
        const QJsonValue id = pattern.value(QLatin1String("pattern_id"));
        if (pythonTypeName(id) != u"int")
            add(path + QStringLiteral(".pattern_id"),
                QStringLiteral("pattern_id must be an integer, got %1").arg(pythonTypeName(id)),
                QStringLiteral("Change pattern_id to an integer"));
        else if (m_patternIds.contains(qint64(id.toDouble())))
            add(path + QStringLiteral(".pattern_id"),
                QStringLiteral("Duplicate pattern_id %1").arg(qint64(id.toDouble())),
                QStringLiteral("Pattern IDs must be unique across all tables and entities"));
        else
            m_patternIds.insert(qint64(id.toDouble()));
    }
    if (pattern.contains(QLatin1String("name"))) {
        const QString name = pattern.value(QLatin1String("name")).toString();
        if (names.contains(name))
            add(path + QStringLiteral(".name"),
                QStringLiteral("Duplicate pattern name '%1' in entity '%2'").arg(name, entity),
                QStringLiteral("Pattern names must be unique within an entity"));
        names.insert(name);
    }
    enumField(pattern, QStringLiteral("operation"), mcp::operations(), path);
    enumField(pattern, QStringLiteral("return_type"), kReturnTypes, path);
    if (pattern.contains(QLatin1String("parameters"))) {
        const QString parametersPath = path + QStringLiteral(".parameters");
        const QJsonValue parameters = pattern.value(QLatin1String("parameters"));
        if (!parameters.isArray()) {
            add(parametersPath, QStringLiteral("parameters must be an array"),
                QStringLiteral("Change parameters to a JSON array"));
        } else {
            QSet<QString> parameterNames;
            const QJsonArray list = parameters.toArray();
            for (qsizetype i = 0; i < list.size(); ++i)
                parameter(list.at(i), parametersPath + QStringLiteral("[%1]").arg(i),
                          parameterNames);
        }
    }
    if (pattern.contains(QLatin1String("range_condition"))
        && pattern.value(QLatin1String("index_name")).toString().isEmpty())
        rangeQuery(pattern, path, 1);
}

void SchemaValidator::parameter(const QJsonValue &value, const QString &path, QSet<QString> &names)
{
    if (!value.isObject()) {
        add(path, QStringLiteral("Parameter must be an object"),
            QStringLiteral("Change parameter to a JSON object"));
        return;
    }
    const QJsonObject parameter = value.toObject();
    required(parameter, {QStringLiteral("name"), QStringLiteral("type")}, path);
    if (parameter.contains(QLatin1String("name"))) {
        const QString name = parameter.value(QLatin1String("name")).toString();
        if (names.contains(name))
            add(path + QStringLiteral(".name"),
                QStringLiteral("Duplicate parameter name '%1'").arg(name),
                QStringLiteral("Parameter names must be unique within an access pattern"));
        names.insert(name);
    }
    enumField(parameter, QStringLiteral("type"), kParameterTypes, path);
    if (parameter.value(QLatin1String("type")).toString() != u"entity")
        return;
    if (!parameter.contains(QLatin1String("entity_type"))) {
        add(path + QStringLiteral(".entity_type"),
            QStringLiteral("Entity parameters must specify entity_type"),
            QStringLiteral("Add 'entity_type' property for entity parameters"));
    } else if (const QString type = parameter.value(QLatin1String("entity_type")).toString();
               !m_entityNames.contains(type)) {
        add(path + QStringLiteral(".entity_type"),
            QStringLiteral("Unknown entity type '%1'").arg(type),
            QStringLiteral("Use one of: ") + sortedList(m_entityNames.values()));
    }
}

// A range condition: a known operator, the partition key's parameters and one range value (two
// for between), on a Query.
void SchemaValidator::rangeQuery(const QJsonObject &pattern, const QString &path,
                                 qsizetype hashCount)
{
    const QJsonValue condition = pattern.value(QLatin1String("range_condition"));
    if (condition.isNull() || condition.toString().isEmpty())
        return;
    if (!condition.isString()) {
        add(path + QStringLiteral(".range_condition"),
            QStringLiteral("range_condition must be a string, got %1")
                .arg(pythonTypeName(condition)),
            QStringLiteral("Provide range_condition as a string value"));
        return;
    }
    const QString op = condition.toString();
    if (!kRangeConditions.contains(op)) {
        add(path + QStringLiteral(".range_condition"),
            QStringLiteral("Invalid range_condition '%1'").arg(op),
            QStringLiteral("Valid range_condition values: ") + sortedList(kRangeConditions));
        return;
    }
    const QJsonArray parameters = pattern.value(QLatin1String("parameters")).toArray();
    const bool between = op == u"between";
    const qsizetype expected = hashCount + (between ? 2 : 1);
    const qsizetype count = parameters.size();
    if (count == 0) {
        add(path + QStringLiteral(".parameters"),
            QStringLiteral("Access patterns with range_condition must have parameters"),
            QStringLiteral("Add parameters for partition key and range conditions"));
    } else if (count != expected) {
        const QString what = between ? QStringLiteral("partition key + 2 range values")
                                     : QStringLiteral("partition key + 1 range value");
        add(path + QStringLiteral(".parameters"),
            QStringLiteral("Range condition '%1' requires exactly %2 parameters (%3), got %4")
                .arg(op)
                .arg(expected)
                .arg(what)
                .arg(count),
            count < expected ? QStringLiteral("Add %1 more parameters").arg(expected - count)
                             : QStringLiteral("Remove %1 parameters").arg(count - expected));
    }
    const QString operation = pattern.value(QLatin1String("operation")).toString();
    if (operation != u"Query")
        add(path + QStringLiteral(".operation"),
            QStringLiteral("Range conditions require 'Query' operation, got '%1'").arg(operation),
            QStringLiteral("Change operation to 'Query' or remove range_condition"));
}

// Keyscope's reading of a GSI key: one name or a list of one to four (multi-attribute keys).
void SchemaValidator::gsiKey(const QJsonObject &gsi, const QString &member, const QString &path)
{
    const QJsonValue value = gsi.value(member);
    if (value.isUndefined() || (member == u"sort_key" && value.isNull()))
        return;
    const QJsonArray names = value.toArray();
    const bool namesOnly = std::all_of(names.begin(), names.end(),
                                       [](const QJsonValue &name) { return name.isString(); });
    if (value.isString()
        || (value.isArray() && namesOnly && !names.isEmpty()
            && names.size() <= McpSchema::kMaxKeyAttributes))
        return;
    add(path + u'.' + member,
        QStringLiteral("%1 must be an attribute name or a list of 1 to %2 names (a "
                       "multi-attribute key), got %3")
            .arg(member)
            .arg(McpSchema::kMaxKeyAttributes)
            .arg(value.isArray() ? QStringLiteral("a list of %1").arg(names.size())
                                 : pythonTypeName(value)),
        QStringLiteral("A GSI key has at most %1 partition key and %1 sort key attributes")
            .arg(McpSchema::kMaxKeyAttributes));
}

void SchemaValidator::gsiConfiguration(const QJsonObject &table, const QString &path)
{
    const QJsonValue gsiList = table.value(QLatin1String("gsi_list"));
    const QString listPath = path + QStringLiteral(".gsi_list");
    std::map<QString, QJsonObject> gsis;
    if (mcp::isTruthy(gsiList)) {
        if (!gsiList.isArray()) {
            add(listPath, QStringLiteral("gsi_list must be an array"),
                QStringLiteral("Change gsi_list to a JSON array"));
            return;
        }
        const QJsonArray list = gsiList.toArray();
        const size_t before = m_problems.size();
        for (qsizetype j = 0; j < list.size(); ++j) {
            const QString gsiPath = listPath + QStringLiteral("[%1]").arg(j);
            const QJsonObject gsi = list.at(j).toObject();
            if (!list.at(j).isObject()) {
                add(gsiPath, QStringLiteral("GSI definition must be an object"),
                    QStringLiteral("Ensure GSI has name, partition_key, and sort_key fields"));
                continue;
            }
            QStringList missing;
            for (const QString &name : {QStringLiteral("name"), QStringLiteral("partition_key")}) {
                if (!gsi.contains(name))
                    missing << name;
            }
            if (!missing.isEmpty()) {
                const QString names = missing.join(QStringLiteral(", "));
                add(gsiPath, QStringLiteral("GSI definition missing required fields: ") + names,
                    QStringLiteral("Add missing fields: ") + names);
                continue;
            }
            gsiKey(gsi, QStringLiteral("partition_key"), gsiPath);
            gsiKey(gsi, QStringLiteral("sort_key"), gsiPath);
        }
        if (m_problems.size() != before)
            return;
        for (qsizetype j = 0; j < list.size(); ++j) {
            const QString name = list.at(j).toObject().value(QLatin1String("name")).toString();
            if (gsis.count(name))
                add(listPath + QStringLiteral("[%1].name").arg(j),
                    QStringLiteral("Duplicate GSI name '%1' found in table").arg(name),
                    QStringLiteral("GSI names must be unique within a table. Choose a different "
                                   "name for GSI '%1'")
                        .arg(name));
            gsis[name] = list.at(j).toObject();
        }
    }
    const QJsonObject entities = table.value(QLatin1String("entities")).toObject();
    for (auto it = entities.begin(); it != entities.end(); ++it) {
        if (it.value().isObject())
            entityGsi(it.value().toObject(), path + QStringLiteral(".entities.") + it.key(), gsis);
    }
}

void SchemaValidator::entityGsi(const QJsonObject &entity, const QString &path,
                                const std::map<QString, QJsonObject> &gsis)
{
    if (entity.contains(QLatin1String("fields"))
        && !entity.value(QLatin1String("fields")).isArray()) {
        add(path + QStringLiteral(".fields"), QStringLiteral("Entity fields must be an array"),
            QStringLiteral("Change fields to a JSON array"));
        return;
    }
    QStringList fields;
    for (const QJsonValue &field : entity.value(QLatin1String("fields")).toArray()) {
        if (field.toObject().contains(QLatin1String("name")))
            fields << field.toObject().value(QLatin1String("name")).toString();
    }
    // Keyscope's addition: the entity's own templates name its fields too.
    for (const QString &member : {QStringLiteral("pk_template"), QStringLiteral("sk_template")}) {
        if (entity.value(member).isString())
            templateText(entity.value(member), fields, path + u'.' + member);
    }
    gsiMappings(entity, path, fields, gsis);
    const QJsonArray patterns = entity.value(QLatin1String("access_patterns")).toArray();
    QStringList keyFields;
    for (const QString &member : {QStringLiteral("pk_template"), QStringLiteral("sk_template")})
        keyFields += mcp::templateFields(entity.value(member).toString());
    for (qsizetype k = 0; k < patterns.size(); ++k) {
        if (patterns.at(k).isObject())
            gsiPattern(patterns.at(k).toObject(),
                       path + QStringLiteral(".access_patterns[%1]").arg(k), fields, keyFields,
                       gsis);
    }
}

void SchemaValidator::gsiMappings(const QJsonObject &entity, const QString &path,
                                  const QStringList &fields,
                                  const std::map<QString, QJsonObject> &gsis)
{
    const QJsonValue mappings = entity.value(QLatin1String("gsi_mappings"));
    const QString mappingsPath = path + QStringLiteral(".gsi_mappings");
    if (!mcp::isTruthy(mappings))
        return;
    if (!mappings.isArray()) {
        add(mappingsPath, QStringLiteral("GSI mappings must be an array"),
            QStringLiteral("Change gsi_mappings to a JSON array"));
        return;
    }
    QStringList gsiNames;
    for (const auto &[name, gsi] : gsis)
        gsiNames << name;
    const QJsonArray list = mappings.toArray();
    std::vector<qsizetype> valid;
    for (qsizetype j = 0; j < list.size(); ++j) {
        const QString mappingPath = mappingsPath + QStringLiteral("[%1]").arg(j);
        const QJsonObject mapping = list.at(j).toObject();
        QStringList missing;
        for (const QString &name : {QStringLiteral("name"), QStringLiteral("pk_template")}) {
            if (!mapping.contains(name))
                missing << name;
        }
        if (!list.at(j).isObject())
            add(mappingPath, QStringLiteral("GSI mapping must be an object"),
                QStringLiteral("Ensure GSI mapping has name, pk_template, and sk_template fields"));
        else if (!missing.isEmpty())
            add(mappingPath,
                QStringLiteral("GSI mapping missing required fields: ")
                    + missing.join(QStringLiteral(", ")),
                QStringLiteral("Add missing fields: ") + missing.join(QStringLiteral(", ")));
        else
            valid.push_back(j);
    }
    for (const qsizetype j : valid) {
        const QString name = list.at(j).toObject().value(QLatin1String("name")).toString();
        if (!gsis.count(name))
            add(mappingsPath + QStringLiteral("[%1].name").arg(j),
                QStringLiteral("GSI '%1' referenced in entity mapping but not found in table "
                               "gsi_list")
                    .arg(name),
                gsiNames.isEmpty()
                    ? QStringLiteral("Define GSI in table gsi_list before referencing it in "
                                     "entity mappings")
                    : QStringLiteral("Use one of the available GSI names: ")
                        + sortedList(gsiNames));
    }
    for (const qsizetype j : valid) {
        const QJsonObject mapping = list.at(j).toObject();
        const QString mappingPath = mappingsPath + QStringLiteral("[%1]").arg(j);
        templateText(mapping.value(QLatin1String("pk_template")), fields,
                     mappingPath + QStringLiteral(".pk_template"));
        if (!mapping.value(QLatin1String("sk_template")).isNull()
            && mapping.contains(QLatin1String("sk_template")))
            templateText(mapping.value(QLatin1String("sk_template")), fields,
                         mappingPath + QStringLiteral(".sk_template"));
    }
}

void SchemaValidator::gsiPattern(const QJsonObject &pattern, const QString &path,
                                 const QStringList &fields, const QStringList &keyFields,
                                 const std::map<QString, QJsonObject> &gsis)
{
    const QString index = pattern.value(QLatin1String("index_name")).toString();
    qsizetype hashCount = 1;
    if (!index.isEmpty()) {
        QStringList gsiNames;
        for (const auto &[name, gsi] : gsis)
            gsiNames << name;
        if (!gsis.count(index))
            add(path + QStringLiteral(".index_name"),
                QStringLiteral("Access pattern references unknown GSI '%1'").arg(index),
                gsiNames.isEmpty()
                    ? QStringLiteral("Define GSI in table gsi_list before referencing it in "
                                     "access patterns")
                    : QStringLiteral("Use one of the available GSI names: ")
                        + sortedList(gsiNames));
        else
            hashCount = std::max<qsizetype>(
                1, mcp::keyNames(gsis.at(index).value(QLatin1String("partition_key"))).size());
    }
    rangeQuery(pattern, path, hashCount);
    if (pattern.contains(QLatin1String("filter_expression")))
        mcp::validateFilterExpression(
            pattern, path, fields, keyFields,
            [this](const QString &at, const QString &message, const QString &suggestion) {
                add(at, message, suggestion);
            });
    const QJsonValue consistent = pattern.value(QLatin1String("consistent_read"));
    if (!consistent.isUndefined() && !consistent.isNull() && !consistent.isBool())
        add(path + QStringLiteral(".consistent_read"),
            QStringLiteral("Field 'consistent_read' must be bool, got %1")
                .arg(pythonTypeName(consistent)),
            QStringLiteral("Change consistent_read to bool type"));
    else if (consistent.toBool() && !index.isEmpty())
        add(path + QStringLiteral(".consistent_read"),
            QStringLiteral("Consistent reads are not supported on global secondary indexes"),
            QStringLiteral("Remove consistent_read, or query the table instead of %1").arg(index));
}

// The assistant's key_template_parser: syntax first, then each {parameter} among the fields.
// A list (a multi-attribute key's templates) is checked element by element.
void SchemaValidator::templateText(const QJsonValue &value, const QStringList &fields,
                                   const QString &path)
{
    if (value.isArray()) {
        const QJsonArray list = value.toArray();
        for (qsizetype i = 0; i < list.size(); ++i)
            templateText(list.at(i), fields, path + QStringLiteral("[%1]").arg(i));
        return;
    }
    if (!value.isString()) {
        add(path, QStringLiteral("Template must be a string"),
            QStringLiteral("Provide a valid string template"));
        return;
    }
    const QString text = value.toString();
    if (text.trimmed().isEmpty()) {
        add(path, QStringLiteral("Template cannot be empty"),
            QStringLiteral("Provide a non-empty template string"));
        return;
    }
    const size_t before = m_problems.size();
    const qsizetype open = text.count(u'{');
    const qsizetype close = text.count(u'}');
    if (open != close)
        add(path,
            QStringLiteral("Unmatched braces in template: %1 opening, %2 closing")
                .arg(open)
                .arg(close),
            QStringLiteral("Ensure all { have matching } braces"));
    static const QRegularExpression empty(QStringLiteral("\\{\\s*\\}"));
    if (empty.match(text).hasMatch())
        add(path, QStringLiteral("Template contains empty parameter placeholders {}"),
            QStringLiteral("Provide parameter names inside braces like {field_name}"));
    static const QRegularExpression invalid(QStringLiteral("\\{([^}]*[^\\w}][^}]*)\\}"),
                                            QRegularExpression::UseUnicodePropertiesOption);
    QStringList invalidNames;
    for (auto it = invalid.globalMatch(text); it.hasNext();)
        invalidNames << it.next().captured(1);
    if (!invalidNames.isEmpty())
        add(path,
            QStringLiteral("Template contains invalid parameter names: ")
                + invalidNames.join(QStringLiteral(", ")),
            QStringLiteral("Parameter names should only contain letters, numbers, and "
                           "underscores"));
    if (m_problems.size() != before)
        return;
    for (const QString &name : mcp::templateFields(text)) {
        if (!fields.contains(name))
            add(path + u'.' + name,
                QStringLiteral("Template parameter '%1' not found in entity fields").arg(name),
                QStringLiteral("Use one of the available fields: ") + sortedList(fields));
    }
}

} // namespace mcpvalidate

std::vector<McpSchema::Problem> McpSchema::validate(const QJsonObject &root)
{
    return mcpvalidate::SchemaValidator().run(root);
}

} // namespace keyscope::model
