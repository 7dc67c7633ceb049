#include "model/interop/mcpschema.h"

#include "model/design/projectfile.h"
#include "model/interop/mcpschemaparts.h"
#include "model/io/wording.h"

#include <QJsonArray>
#include <QSet>

namespace keyscope::model {

namespace mcpreader {

using mcp::FieldRole;
using mcp::TableContext;

struct McpFailure
{
    QString path;
    QString message;
};

const QString kWhatIsASchema = QStringLiteral(
    "an AWS DynamoDB MCP schema is an object {\"tables\": [{\"table_config\": {...}, "
    "\"entities\": {...}, \"gsi_list\": [...]}]}");

QString refusal(const std::vector<McpSchema::Problem> &problems)
{
    const auto line = [](const McpSchema::Problem &p) {
        return p.suggestion.isEmpty() ? p.message
                                      : p.message + QStringLiteral(" (") + p.suggestion + u')';
    };
    QString text = line(problems.front());
    if (problems.size() > 1) {
        QStringList more;
        for (size_t i = 1; i < problems.size(); ++i)
            more << problems[i].path + QStringLiteral(": ") + line(problems[i]);
        text += QStringLiteral("; and %1 more (the schema validator's own checks): %2")
                    .arg(problems.size() - 1)
                    .arg(more.join(QStringLiteral("; ")));
    }
    return text;
}

std::vector<KeyAttribute> keyAttributes(const QJsonValue &value)
{
    std::vector<KeyAttribute> keys;
    for (const QString &name : mcp::keyNames(value))
        keys.push_back({name, AttributeValue::Type::S});
    return keys;
}

ProjectionType projectionOf(const QString &text)
{
    if (text.compare(QLatin1String("KEYS_ONLY"), Qt::CaseInsensitive) == 0)
        return ProjectionType::KeysOnly;
    if (text.compare(QLatin1String("INCLUDE"), Qt::CaseInsensitive) == 0)
        return ProjectionType::Include;
    return ProjectionType::All;
}

TableDefinition tableDefinition(const QJsonObject &tableJson)
{
    const QJsonObject config = tableJson.value(QLatin1String("table_config")).toObject();
    TableDefinition table;
    table.tableName = config.value(QLatin1String("table_name")).toString();
    table.keys.hash = keyAttributes(config.value(QLatin1String("partition_key")));
    if (!config.value(QLatin1String("sort_key")).toString().isEmpty())
        table.keys.range = keyAttributes(config.value(QLatin1String("sort_key")));
    for (const QJsonValue &value : tableJson.value(QLatin1String("gsi_list")).toArray()) {
        const QJsonObject gsi = value.toObject();
        IndexDefinition index;
        index.name = gsi.value(QLatin1String("name")).toString();
        index.keys.hash = keyAttributes(gsi.value(QLatin1String("partition_key")));
        index.keys.range = keyAttributes(gsi.value(QLatin1String("sort_key")));
        index.projection = projectionOf(gsi.value(QLatin1String("projection")).toString());
        if (index.projection == ProjectionType::Include)
            index.nonKeyAttributes = mcp::keyNames(gsi.value(QLatin1String("included_attributes")));
        table.indexes.push_back(index);
    }
    return table;
}

// Every template of an entity that writes a key attribute: the table's and its GSI mappings',
// as (key attribute, template) pairs; a multi-attribute key's list pairs name by name.
std::vector<std::pair<QString, QString>> entityTemplates(const QJsonObject &entity,
                                                         const TableDefinition &table)
{
    std::vector<std::pair<QString, QString>> out;
    const auto pair = [&](const std::vector<KeyAttribute> &keys, const QJsonValue &templates) {
        const QStringList texts = mcp::templateTexts(templates);
        if (texts.size() == qsizetype(keys.size())) {
            for (size_t i = 0; i < keys.size(); ++i)
                out.emplace_back(keys[i].name, texts.at(qsizetype(i)));
        }
    };
    pair(table.keys.hash, entity.value(QLatin1String("pk_template")));
    if (table.keys.hasRange() && entity.value(QLatin1String("sk_template")).isString())
        pair(table.keys.range, entity.value(QLatin1String("sk_template")));
    for (const QJsonValue &value : entity.value(QLatin1String("gsi_mappings")).toArray()) {
        const QJsonObject mapping = value.toObject();
        if (const IndexDefinition *index
            = table.index(mapping.value(QLatin1String("name")).toString())) {
            pair(index->keys.hash, mapping.value(QLatin1String("pk_template")));
            pair(index->keys.range, mapping.value(QLatin1String("sk_template")));
        }
    }
    return out;
}

bool isPartitionAttribute(const TableDefinition &table, const QString &name)
{
    const auto in = [&](const std::vector<KeyAttribute> &keys) {
        return std::any_of(keys.begin(), keys.end(),
                           [&](const KeyAttribute &k) { return k.name == name; });
    };
    if (in(table.keys.hash))
        return true;
    return std::any_of(table.indexes.begin(), table.indexes.end(),
                       [&](const IndexDefinition &index) { return in(index.keys.hash); });
}

// What each field does in the entity's keys: its whole identity when the table's key holds
// nothing else that varies, shared by a partition, or part of an order.
QHash<QString, FieldRole> fieldRoles(const QJsonObject &entity, const TableDefinition &table)
{
    QHash<QString, FieldRole> roles;
    const QStringList pkFields = mcp::templateFields(
        mcp::templateTexts(entity.value(QLatin1String("pk_template"))).join(QString()));
    const QStringList skFields = table.keys.hasRange()
        ? mcp::templateFields(entity.value(QLatin1String("sk_template")).toString())
        : QStringList {};
    // A sort key that repeats the partition key's fields (ORG#{org_id} / ORG#{org_id}) adds
    // nothing that varies.
    const bool identified = std::all_of(skFields.begin(), skFields.end(),
                                        [&](const QString &f) { return pkFields.contains(f); });
    for (const auto &[key, text] : entityTemplates(entity, table)) {
        const bool partition = isPartitionAttribute(table, key);
        for (const QString &field : mcp::templateFields(text)) {
            if (partition && !roles.contains(field))
                roles.insert(field, FieldRole::Partition);
            else if (!partition && roles.value(field) != FieldRole::Partition)
                roles.insert(field, FieldRole::SortOrder);
        }
    }
    // A field used directly as a GSI's partition key is shared too.
    for (const IndexDefinition &index : table.indexes) {
        for (const KeyAttribute &key : index.keys.hash) {
            if (!roles.contains(key.name))
                roles.insert(key.name, FieldRole::Partition);
        }
    }
    for (const QString &field : pkFields)
        roles.insert(field, identified ? FieldRole::Identifier : FieldRole::Partition);
    return roles;
}

class ProjectBuilder
{
public:
    ProjectBuilder(const QJsonObject &tableJson, const TableContext &context)
        : m_json(tableJson)
        , m_context(context)
        , m_table(tableDefinition(tableJson))
    { }
    std::variant<Project, McpFailure> build();

private:
    std::optional<McpFailure> addEntity(const QString &name, const QJsonObject &entity,
                                        qsizetype index);
    std::optional<McpFailure> setKey(EntityType &entity, const QJsonObject &fields,
                                     const QString &attribute, const QString &text,
                                     const QString &path);
    void setKeyTypes();
    void linkParents();

    const QJsonObject &m_json;
    const TableContext &m_context;
    TableDefinition m_table;
    Project m_project;
    QHash<QString, QHash<QString, QString>> m_fieldTypes; // entity -> field -> MCP type
};

std::variant<Project, McpFailure> ProjectBuilder::build()
{
    m_project.name = m_table.tableName;
    m_project.description = QStringLiteral("Imported from the AWS DynamoDB MCP schema %1 (%2)")
                                .arg(m_context.source.section(u'/', -1), m_context.path);
    const QJsonObject entities = m_json.value(QLatin1String("entities")).toObject();
    qsizetype index = 0;
    for (auto it = entities.begin(); it != entities.end(); ++it, ++index) {
        if (auto failure = addEntity(it.key(), it.value().toObject(), index))
            return *failure;
    }
    setKeyTypes();
    linkParents();
    m_project.table = m_table;
    m_project.tableJson = m_table.toJson();
    QJsonArray operations;
    for (size_t i = 0; i < m_project.entities.size(); ++i) {
        const EntityType entity = m_project.entities[i];
        mcp::convertPatterns(m_project, entity, entities.value(entity.name).toObject(),
                             m_context.path + QStringLiteral(".entities.") + entity.name, m_context,
                             operations);
    }
    QJsonObject extra {
        {QStringLiteral("table_config"), m_json.value(QLatin1String("table_config"))}};
    if (m_json.contains(QLatin1String("gsi_list")))
        extra.insert(QStringLiteral("gsi_list"), m_json.value(QLatin1String("gsi_list")));
    if (!operations.isEmpty())
        extra.insert(QStringLiteral("operations"), operations);
    m_project.extra.insert(QLatin1String(McpSchema::kExtraMember), extra);
    return m_project;
}

std::optional<McpFailure> ProjectBuilder::addEntity(const QString &name, const QJsonObject &json,
                                                    qsizetype index)
{
    const QString path = m_context.path + QStringLiteral(".entities.") + name;
    EntityType entity;
    entity.name = name;
    entity.color = entityColour(index);
    const QHash<QString, FieldRole> roles = fieldRoles(json, m_table);
    const bool identified = !roles.isEmpty()
        && std::any_of(roles.begin(), roles.end(),
                       [](FieldRole r) { return r == FieldRole::Identifier; });
    entity.countMin = entity.countMax = identified ? mcp::kIdentifiedCount : mcp::kPartitionedCount;
    QJsonObject fields;
    const QJsonArray fieldList = json.value(QLatin1String("fields")).toArray();
    for (qsizetype i = 0; i < fieldList.size(); ++i) {
        const QJsonObject field = fieldList.at(i).toObject();
        const QString fieldName = field.value(QLatin1String("name")).toString();
        fields.insert(fieldName, field);
        m_fieldTypes[name].insert(fieldName, field.value(QLatin1String("type")).toString());
        if (auto attribute = mcp::fieldAttribute(field, roles.value(fieldName, FieldRole::Plain)))
            entity.attributes.push_back(std::move(*attribute));
        else
            m_context.note(path + QStringLiteral(".fields[%1]").arg(i),
                           QStringLiteral("%1 is an %2: not generated (Keyscope generates "
                                          "string, number and boolean attributes)")
                               .arg(fieldName, field.value(QLatin1String("type")).toString()));
    }
    if (!m_table.keys.hasRange() && json.value(QLatin1String("sk_template")).isString())
        m_context.note(path + QStringLiteral(".sk_template"),
                       QStringLiteral("ignored: table %1 has no sort key").arg(m_table.tableName));
    for (const auto &[attribute, text] : entityTemplates(json, m_table)) {
        if (auto failure = setKey(entity, fields, attribute, text, path))
            return failure;
    }
    // Kept whole, its access_patterns in their order, for the way back (mcpschemawriter.cpp).
    entity.extra.insert(QLatin1String(McpSchema::kExtraMember), json);
    m_project.entities.push_back(std::move(entity));
    return std::nullopt;
}

// A key attribute's template: "{field}" for a field of the key's own name is the attribute
// itself; any other template is a key template.
std::optional<McpFailure> ProjectBuilder::setKey(EntityType &entity, const QJsonObject &fields,
                                                 const QString &attribute, const QString &text,
                                                 const QString &path)
{
    if (fields.contains(attribute)) {
        if (text == u'{' + attribute + u'}')
            return std::nullopt;
        return McpFailure {path,
                           QStringLiteral("%1 is a key attribute and a field of %2, but its "
                                          "template \"%3\" writes another value than the field; "
                                          "an item holds one value per attribute: rename the "
                                          "field or the key attribute")
                               .arg(attribute, entity.name, text)};
    }
    const auto existing = entity.keys.find(attribute);
    if (existing != entity.keys.end() && existing->second != text)
        return McpFailure {path,
                           QStringLiteral("%1 gets two templates, \"%2\" and \"%3\"; an item "
                                          "holds one value per attribute")
                               .arg(attribute, existing->second, text)};
    entity.keys[attribute] = text;
    return std::nullopt;
}

// A key attribute is a number (N) when an entity writes it from an integer or decimal field
// alone ("{score}", or the field itself); otherwise a string (S).
void ProjectBuilder::setKeyTypes()
{
    QSet<QString> numeric;
    for (const EntityType &entity : m_project.entities) {
        const QHash<QString, QString> &types = m_fieldTypes.value(entity.name);
        const auto isNumber = [&](const QString &field) {
            const QString type = types.value(field);
            return type == u"integer" || type == u"decimal";
        };
        for (const QString &name : m_table.allKeyAttributeNames()) {
            const auto key = entity.keys.find(name);
            const QString text = key == entity.keys.end() ? QString() : key->second;
            const QStringList used = mcp::templateFields(text);
            if ((key == entity.keys.end() && isNumber(name))
                || (used.size() == 1 && text == u'{' + used.front() + u'}'
                    && isNumber(used.front())))
                numeric.insert(name);
        }
    }
    const auto type = [&](std::vector<KeyAttribute> &keys) {
        for (KeyAttribute &key : keys)
            key.type
                = numeric.contains(key.name) ? AttributeValue::Type::N : AttributeValue::Type::S;
    };
    type(m_table.keys.hash);
    type(m_table.keys.range);
    for (IndexDefinition &index : m_table.indexes) {
        type(index.keys.hash);
        type(index.keys.range);
    }
}

// `child`, stored in the collection of `parent`: its keys name the parent's attributes
// ("{Org.org_id}") instead of its own copies, which it drops, and its count is per parent (the
// table's total staying about the same).
void adopt(EntityType &child, const QString &parent, const QStringList &shared)
{
    child.parent = parent;
    for (auto &[attribute, text] : child.keys) {
        for (const QString &field : shared)
            text.replace(u'{' + field + u'}', u'{' + parent + u'.' + field + u'}');
    }
    std::erase_if(child.attributes,
                  [&](const AttributeSpec &attribute) { return shared.contains(attribute.name); });
    child.countMin = child.countMax = std::max(1, child.countMin / mcp::kIdentifiedCount);
}

// A parent stored with its children in one item collection: an entity whose sort key template
// is its partition key template's twin (ORG#{org_id} / ORG#{org_id}) is the parent of each
// entity with that partition key template and a sort key of another literal prefix
// (ORG#{org_id} / PROJECT#{project_id}). mcpschemawriter.cpp writes the children's templates
// back as the schema gave them, so a round trip changes nothing.
void ProjectBuilder::linkParents()
{
    if (m_table.keys.hash.size() != 1 || m_table.keys.range.size() != 1)
        return;
    const QString pk = m_table.keys.hash.front().name;
    const QString sk = m_table.keys.range.front().name;
    const auto keyOf = [](const EntityType &entity, const QString &attribute) {
        const auto it = entity.keys.find(attribute);
        return it == entity.keys.end() ? QString() : it->second;
    };
    for (const EntityType &parent : m_project.entities) {
        const QString partition = keyOf(parent, pk);
        const QStringList shared = mcp::templateFields(partition);
        if (shared.isEmpty() || keyOf(parent, sk) != partition || !parent.parent.isEmpty())
            continue;
        for (EntityType &child : m_project.entities) {
            const QString sortKey = keyOf(child, sk);
            if (&child != &parent && child.parent.isEmpty() && keyOf(child, pk) == partition
                && !sortKey.isEmpty()
                && mcp::literalPrefix(sortKey) != mcp::literalPrefix(partition))
                adopt(child, parent.name, shared);
        }
    }
}

std::variant<Project, McpFailure> readTable(const QJsonObject &tableJson,
                                            const TableContext &context)
{
    auto built = ProjectBuilder(tableJson, context).build();
    if (auto *failure = std::get_if<McpFailure>(&built))
        return *failure;
    Project &project = std::get<Project>(built);
    // The result must be a valid project; report anything that is not by its path.
    auto check = ProjectFile::fromJson(QJsonDocument(ProjectFile::toJson(project)), context.source);
    if (auto *errors = std::get_if<std::vector<IoError>>(&check))
        return McpFailure {context.path,
                           QStringLiteral("Keyscope cannot build a design from this table: ")
                               + errors->front().path + QStringLiteral(": ")
                               + errors->front().message};
    return std::move(project);
}

// The other tables whose entities this table's patterns take as parameters ("entity_type"):
// kept, so the table written back alone still names entity types that exist.
void keepReferencedTables(Project &project, const QJsonArray &tables, qsizetype self)
{
    QSet<QString> referenced;
    const QJsonObject own = tables.at(self).toObject().value(QLatin1String("entities")).toObject();
    for (const QJsonValue &entity : own) {
        for (const QJsonValue &pattern :
             entity.toObject().value(QLatin1String("access_patterns")).toArray()) {
            for (const QJsonValue &parameter :
                 pattern.toObject().value(QLatin1String("parameters")).toArray()) {
                const QString type
                    = parameter.toObject().value(QLatin1String("entity_type")).toString();
                if (!type.isEmpty() && !own.contains(type))
                    referenced.insert(type);
            }
        }
    }
    QJsonArray kept;
    for (qsizetype j = 0; j < tables.size(); ++j) {
        const QJsonObject entities
            = tables.at(j).toObject().value(QLatin1String("entities")).toObject();
        const bool holds
            = std::any_of(referenced.begin(), referenced.end(),
                          [&](const QString &name) { return entities.contains(name); });
        if (j != self && holds)
            kept.append(tables.at(j));
    }
    if (kept.isEmpty())
        return;
    QJsonObject extra = project.extra.value(QLatin1String(McpSchema::kExtraMember)).toObject();
    extra.insert(QStringLiteral("referenced_tables"), kept);
    project.extra.insert(QLatin1String(McpSchema::kExtraMember), extra);
}

} // namespace mcpreader

bool McpSchema::looksLike(const QJsonDocument &document)
{
    const QJsonArray tables = document.object().value(QLatin1String("tables")).toArray();
    if (tables.isEmpty() || !tables.at(0).isObject())
        return false;
    const QJsonObject first = tables.at(0).toObject();
    return first.contains(QLatin1String("table_config"))
        || first.contains(QLatin1String("entities"));
}

std::variant<McpSchema::Import, IoError>
McpSchema::fromDocument(const QJsonDocument &document, const QString &source, const QString &table)
{
    const auto fail = [&](const QString &path, const QString &message) {
        return IoError {source, 0, 0, path, message};
    };
    if (!document.isObject())
        return fail(QStringLiteral("root"),
                    QStringLiteral("Schema must be a JSON object: ") + mcpreader::kWhatIsASchema);
    const std::vector<Problem> problems = validate(document.object());
    if (!problems.empty())
        return fail(problems.front().path, mcpreader::refusal(problems));
    Import result;
    const QJsonArray tables = document.object().value(QLatin1String("tables")).toArray();
    for (const QJsonValue &value : tables)
        result.tableNames << value.toObject()
                                 .value(QLatin1String("table_config"))
                                 .toObject()
                                 .value(QLatin1String("table_name"))
                                 .toString();
    if (!table.isEmpty() && !result.tableNames.contains(table))
        return fail(QStringLiteral("tables"),
                    QStringLiteral("the schema has no table \"%1\"; its tables: %2")
                        .arg(table, listedNames(result.tableNames)));
    if (document.object().contains(QLatin1String("cross_table_access_patterns")))
        result.notes << QStringLiteral("%1: cross_table_access_patterns: kept, not run (Keyscope "
                                       "runs one table's Queries)")
                            .arg(source);
    for (qsizetype i = 0; i < tables.size(); ++i) {
        if (!table.isEmpty() && result.tableNames.at(i) != table)
            continue;
        const mcp::TableContext context {source, QStringLiteral("tables[%1]").arg(i),
                                         &result.notes};
        auto read = mcpreader::readTable(tables.at(i).toObject(), context);
        if (auto *failure = std::get_if<mcpreader::McpFailure>(&read))
            return fail(failure->path, failure->message);
        Project &project = std::get<Project>(read);
        mcpreader::keepReferencedTables(project, tables, i);
        if (document.object().contains(QLatin1String("cross_table_access_patterns"))) {
            QJsonObject extra = project.extra.value(QLatin1String(kExtraMember)).toObject();
            extra.insert(QStringLiteral("cross_table_access_patterns"),
                         document.object().value(QLatin1String("cross_table_access_patterns")));
            project.extra.insert(QLatin1String(kExtraMember), extra);
        }
        result.projects.push_back(std::move(project));
    }
    return result;
}

} // namespace keyscope::model
