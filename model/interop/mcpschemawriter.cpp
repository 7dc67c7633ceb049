#include "model/interop/mcpschema.h"
#include "model/interop/mcpschemaparts.h"

#include <QJsonArray>

namespace keyscope::model {

namespace mcpwriter {

QJsonValue keyNames(const std::vector<KeyAttribute> &keys)
{
    if (keys.size() == 1)
        return keys.front().name;
    QJsonArray names;
    for (const KeyAttribute &key : keys)
        names.append(key.name);
    return names;
}

QJsonObject tableConfig(const Project &project, const QJsonObject &kept)
{
    QJsonObject config = kept.value(QLatin1String("table_config")).toObject();
    config.insert(QStringLiteral("table_name"), project.table.tableName);
    config.insert(QStringLiteral("partition_key"), keyNames(project.table.keys.hash));
    if (project.table.keys.hasRange())
        config.insert(QStringLiteral("sort_key"), keyNames(project.table.keys.range));
    else
        config.remove(QStringLiteral("sort_key"));
    return config;
}

QString projectionName(ProjectionType projection)
{
    switch (projection) {
    case ProjectionType::KeysOnly:
        return QStringLiteral("KEYS_ONLY");
    case ProjectionType::Include:
        return QStringLiteral("INCLUDE");
    case ProjectionType::All:
        break;
    }
    return QStringLiteral("ALL");
}

// The kept list while it names the table's indexes, else the indexes as they are now.
QJsonArray gsiList(const Project &project, const QJsonObject &kept)
{
    const QJsonArray was = kept.value(QLatin1String("gsi_list")).toArray();
    QJsonArray now;
    for (const IndexDefinition &index : project.table.indexes) {
        QJsonObject gsi;
        for (const QJsonValue &value : was) {
            if (value.toObject().value(QLatin1String("name")).toString() == index.name)
                gsi = value.toObject();
        }
        gsi.insert(QStringLiteral("name"), index.name);
        gsi.insert(QStringLiteral("partition_key"), keyNames(index.keys.hash));
        if (!index.keys.range.empty())
            gsi.insert(QStringLiteral("sort_key"), keyNames(index.keys.range));
        if (gsi.contains(QLatin1String("projection")) || index.projection != ProjectionType::All)
            gsi.insert(QStringLiteral("projection"), projectionName(index.projection));
        if (index.projection == ProjectionType::Include)
            gsi.insert(QStringLiteral("included_attributes"),
                       QJsonArray::fromStringList(index.nonKeyAttributes));
        now.append(gsi);
    }
    return now;
}

QString fieldType(const AttributeSpec &attribute)
{
    switch (attribute.type) {
    case AttributeKind::N:
        return attribute.generator.kind == GeneratorSpec::Kind::Sequence
                || attribute.generator.kind == GeneratorSpec::Kind::IntegerRange
            ? QStringLiteral("integer")
            : QStringLiteral("decimal");
    case AttributeKind::Bool:
        return QStringLiteral("boolean");
    case AttributeKind::S:
    case AttributeKind::B:
    case AttributeKind::Timestamp:
        break;
    }
    return QStringLiteral("string");
}

// An entity type added in Keyscope: its attributes as fields.
QJsonObject newEntity(const EntityType &entity)
{
    QJsonArray fields;
    for (const AttributeSpec &attribute : entity.attributes)
        fields.append(QJsonObject {{QStringLiteral("name"), attribute.name},
                                   {QStringLiteral("type"), fieldType(attribute)},
                                   {QStringLiteral("required"), true}});
    return {{QStringLiteral("entity_type"), entity.name.toUpper()},
            {QStringLiteral("fields"), fields},
            {QStringLiteral("access_patterns"), QJsonArray()}};
}

// Sets `member` to the entity's template for a single-attribute key (a key written from a
// field of its own name has no template, and keeps what it had).
void setTemplate(QJsonObject &json, const QString &member, const EntityType &entity,
                 const std::vector<KeyAttribute> &keys)
{
    if (keys.size() != 1)
        return;
    const auto it = entity.keys.find(keys.front().name);
    if (it == entity.keys.end())
        return;
    // A child the import placed in its parent's collection names the parent's attributes
    // ("{Org.org_id}"); the schema names its own field of that name.
    QString text = it->second;
    if (!entity.parent.isEmpty())
        text.replace(u'{' + entity.parent + u'.', QStringLiteral("{"));
    json.insert(member, text);
}

void setMappings(QJsonObject &json, const EntityType &entity, const TableDefinition &table)
{
    QJsonArray mappings = json.value(QLatin1String("gsi_mappings")).toArray();
    for (const IndexDefinition &index : table.indexes) {
        qsizetype at = -1;
        for (qsizetype i = 0; i < mappings.size(); ++i) {
            if (mappings.at(i).toObject().value(QLatin1String("name")).toString() == index.name)
                at = i;
        }
        QJsonObject mapping = at >= 0 ? mappings.at(at).toObject() : QJsonObject();
        setTemplate(mapping, QStringLiteral("pk_template"), entity, index.keys.hash);
        setTemplate(mapping, QStringLiteral("sk_template"), entity, index.keys.range);
        if (!mapping.contains(QLatin1String("pk_template")))
            continue;
        mapping.insert(QStringLiteral("name"), index.name);
        if (at >= 0)
            mappings.replace(at, mapping);
        else
            mappings.append(mapping);
    }
    if (!mappings.isEmpty())
        json.insert(QStringLiteral("gsi_mappings"), mappings);
}

// An access pattern added in Keyscope, as a Query of its entity type.
QJsonObject newQuery(const AccessPattern &pattern, int id)
{
    QJsonArray parameters;
    for (const auto &[name, value] : pattern.values)
        parameters.append(QJsonObject {{QStringLiteral("name"), name.mid(1)},
                                       {QStringLiteral("type"), QStringLiteral("string")}});
    QJsonObject json {{QStringLiteral("pattern_id"), id},
                      {QStringLiteral("name"), pattern.name},
                      {QStringLiteral("description"), pattern.description},
                      {QStringLiteral("operation"), QStringLiteral("Query")},
                      {QStringLiteral("parameters"), parameters},
                      {QStringLiteral("return_type"), QStringLiteral("entity_list")}};
    if (!pattern.indexName.isEmpty())
        json.insert(QStringLiteral("index_name"), pattern.indexName);
    return json;
}

// The entity's patterns: the kept ones still in the project, in their order, then new ones.
QJsonArray entityPatterns(const Project &project, const EntityType &entity, const QJsonObject &kept,
                          int &nextId)
{
    // A Query stays while its access pattern does (or, kept not run, in the operations).
    QList<QJsonObject> queries;
    for (const AccessPattern &pattern : project.accessPatterns)
        queries << pattern.extra.value(QLatin1String(McpSchema::kExtraMember)).toObject();
    const QJsonObject projectKept
        = project.extra.value(QLatin1String(McpSchema::kExtraMember)).toObject();
    for (const QJsonValue &operation : projectKept.value(QLatin1String("operations")).toArray()) {
        QJsonObject json = operation.toObject();
        json.remove(QStringLiteral("entity"));
        queries << json;
    }
    QJsonArray out;
    for (const QJsonValue &value : kept.value(QLatin1String("access_patterns")).toArray()) {
        const bool query
            = value.toObject().value(QLatin1String("operation")).toString() == u"Query";
        if (!query || queries.contains(value.toObject()))
            out.append(value);
    }
    for (const AccessPattern &pattern : project.accessPatterns) {
        const bool mine = pattern.expect.entityTypes.value(0) == entity.name
            || (pattern.expect.entityTypes.isEmpty() && &entity == &project.entities.front());
        if (mine && !pattern.extra.contains(QLatin1String(McpSchema::kExtraMember)))
            out.append(newQuery(pattern, nextId++));
    }
    return out;
}

QJsonObject entityJson(const Project &project, const EntityType &entity, int &nextId)
{
    const QJsonObject kept = entity.extra.value(QLatin1String(McpSchema::kExtraMember)).toObject();
    QJsonObject json = kept.isEmpty() ? newEntity(entity) : kept;
    setTemplate(json, QStringLiteral("pk_template"), entity, project.table.keys.hash);
    setTemplate(json, QStringLiteral("sk_template"), entity, project.table.keys.range);
    setMappings(json, entity, project.table);
    json.insert(QStringLiteral("access_patterns"), entityPatterns(project, entity, kept, nextId));
    return json;
}

// One past the highest pattern_id the project keeps.
int nextPatternId(const Project &project)
{
    int highest = 0;
    for (const EntityType &entity : project.entities) {
        const QJsonObject kept
            = entity.extra.value(QLatin1String(McpSchema::kExtraMember)).toObject();
        for (const QJsonValue &pattern : kept.value(QLatin1String("access_patterns")).toArray())
            highest
                = std::max(highest, pattern.toObject().value(QLatin1String("pattern_id")).toInt());
    }
    return highest + 1;
}

} // namespace mcpwriter

QByteArray McpSchema::serialize(const Project &project)
{
    const QJsonObject kept = project.extra.value(QLatin1String(kExtraMember)).toObject();
    QJsonObject entities;
    int nextId = mcpwriter::nextPatternId(project);
    for (const EntityType &entity : project.entities)
        entities.insert(entity.name, mcpwriter::entityJson(project, entity, nextId));
    QJsonObject table {{QStringLiteral("table_config"), mcpwriter::tableConfig(project, kept)},
                       {QStringLiteral("entities"), entities}};
    const QJsonArray gsis = mcpwriter::gsiList(project, kept);
    if (!gsis.isEmpty() || kept.contains(QLatin1String("gsi_list")))
        table.insert(QStringLiteral("gsi_list"), gsis);
    // Other tables whose entity types this one's patterns name go along, as the import kept
    // them, and first: the assistant's validator knows the entity types of the tables before.
    QJsonArray tables = kept.value(QLatin1String("referenced_tables")).toArray();
    tables.append(table);
    QJsonObject root {{QStringLiteral("tables"), tables}};
    if (kept.contains(QLatin1String("cross_table_access_patterns")))
        root.insert(QStringLiteral("cross_table_access_patterns"),
                    kept.value(QLatin1String("cross_table_access_patterns")));
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

} // namespace keyscope::model
