#include "model/interop/mcpusagedata.h"

#include "model/interop/mcpschema.h"
#include "model/interop/mcpschemaparts.h"
#include "model/io/suggestion.h"
#include "model/io/wording.h"

#include <QJsonArray>
#include <QJsonObject>

namespace keyscope::model {

namespace mcpusage {

const QStringList &requiredSections()
{
    static const QStringList sections {QStringLiteral("sample_data"),
                                       QStringLiteral("access_pattern_data"),
                                       QStringLiteral("update_data")};
    return sections;
}

struct UsageProblem
{
    QString path;
    QString message;
};

using Found = std::optional<UsageProblem>;

// Each imported entity type by name, with the schema's field names (kept in its x-mcp member).
struct SchemaEntity
{
    EntityType *entity = nullptr;
    QStringList fields;
    QStringList tableKeys; // every key attribute of the entity's table and its indexes
};

std::map<QString, SchemaEntity> schemaEntities(std::vector<Project> &projects)
{
    std::map<QString, SchemaEntity> out;
    for (Project &project : projects) {
        for (EntityType &entity : project.entities) {
            SchemaEntity &known = out[entity.name];
            known.entity = &entity;
            known.tableKeys = project.table.allKeyAttributeNames();
            const QJsonObject kept
                = entity.extra.value(QLatin1String(McpSchema::kExtraMember)).toObject();
            for (const QJsonValue &field : kept.value(QLatin1String("fields")).toArray())
                known.fields << field.toObject().value(QLatin1String("name")).toString();
        }
    }
    return out;
}

Found sectionProblem(const QJsonObject &entity, const QString &section, const QString &path,
                     const SchemaEntity &known, const QString &name)
{
    const QString at = path + u'.' + section;
    if (!entity.value(section).isObject())
        return UsageProblem {at, at + QStringLiteral(" must be an object")};
    const QJsonObject values = entity.value(section).toObject();
    if (values.isEmpty() && section != u"filter_values")
        return UsageProblem {at,
                             QStringLiteral("Empty %1 for entity %2: give at least one "
                                            "field's value")
                                 .arg(section, name)};
    if (section == u"filter_values")
        return std::nullopt;
    for (auto it = values.begin(); it != values.end(); ++it) {
        if (!known.fields.contains(it.key()))
            return UsageProblem {at + u'.' + it.key(),
                                 QStringLiteral("Unknown field '%1' for entity %2%3")
                                     .arg(it.key(), name, didYouMean(it.key(), known.fields))};
    }
    return std::nullopt;
}

Found entityProblem(const QJsonValue &value, const QString &name, const SchemaEntity &known)
{
    const QString path = QStringLiteral("entities.") + name;
    if (!value.isObject())
        return UsageProblem {path, path + QStringLiteral(" must be an object")};
    const QJsonObject entity = value.toObject();
    QStringList missing;
    for (const QString &section : requiredSections()) {
        if (!entity.contains(section))
            missing << section;
    }
    if (!missing.isEmpty())
        return UsageProblem {path,
                             QStringLiteral("Missing required sections for entity %1: %2")
                                 .arg(name, missing.join(QStringLiteral(", ")))};
    for (auto it = entity.begin(); it != entity.end(); ++it) {
        if (!requiredSections().contains(it.key()) && it.key() != u"filter_values")
            return UsageProblem {path + u'.' + it.key(),
                                 QStringLiteral("Unknown section '%1' for entity %2; the sections "
                                                "are sample_data, access_pattern_data, "
                                                "update_data and filter_values")
                                     .arg(it.key(), name)};
        if (auto found = sectionProblem(entity, it.key(), path, known, name))
            return found;
    }
    return std::nullopt;
}

Found rootProblem(const QJsonDocument &document, const std::map<QString, SchemaEntity> &known,
                  bool allTables)
{
    if (!document.isObject())
        return UsageProblem {QStringLiteral("root"),
                             QStringLiteral("Usage data must be an object "
                                            "{\"entities\": {...}}")};
    const QJsonObject root = document.object();
    QStringList unknownKeys = root.keys();
    unknownKeys.removeAll(QStringLiteral("entities"));
    if (!unknownKeys.isEmpty())
        return UsageProblem {QStringLiteral("root"),
                             QStringLiteral("Unknown top-level keys: %1; the only key is "
                                            "\"entities\"")
                                 .arg(unknownKeys.join(QStringLiteral(", ")))};
    if (!root.value(QLatin1String("entities")).isObject())
        return UsageProblem {QStringLiteral("entities"),
                             QStringLiteral("entities must be an object")};
    const QJsonObject entities = root.value(QLatin1String("entities")).toObject();
    QStringList schemaNames;
    for (const auto &[name, entity] : known)
        schemaNames << name;
    QStringList unknown;
    for (const QString &name : entities.keys()) {
        if (!known.count(name))
            unknown << name;
    }
    if (!unknown.isEmpty() && allTables)
        return UsageProblem {
            QStringLiteral("entities.") + unknown.front(),
            QStringLiteral("Unknown entities: %1; the schema's entities: %2")
                .arg(unknown.join(QStringLiteral(", ")), listedNames(schemaNames))};
    QStringList missing;
    for (const QString &name : schemaNames) {
        if (!entities.contains(name))
            missing << name;
    }
    if (!missing.isEmpty())
        return UsageProblem {QStringLiteral("entities"),
                             QStringLiteral("Missing required entities: %1")
                                 .arg(missing.join(QStringLiteral(", ")))};
    for (auto it = entities.begin(); it != entities.end(); ++it) {
        if (const auto entity = known.find(it.key()); entity != known.end()) {
            if (auto found = entityProblem(it.value(), it.key(), entity->second))
                return found;
        }
    }
    return std::nullopt;
}

// The attributes a key holds or a key template of the entity names: they keep their generators.
QSet<QString> keyFields(const EntityType &entity, const QStringList &tableKeys)
{
    QSet<QString> fields(tableKeys.begin(), tableKeys.end());
    for (const auto &[key, text] : entity.keys) {
        for (const QString &field : mcp::templateFields(text))
            fields.insert(field);
        fields.insert(key);
    }
    return fields;
}

// The distinct values given for `attribute` across the sections, as choice texts.
QStringList valuesFor(const QJsonObject &entity, const AttributeSpec &attribute)
{
    QStringList values;
    for (const QString &section : requiredSections()) {
        const QJsonValue value = entity.value(section).toObject().value(attribute.name);
        QString text;
        if (attribute.type == AttributeKind::S && value.isString())
            text = value.toString();
        else if (attribute.type == AttributeKind::N && value.isDouble())
            text = value.toVariant().toString();
        if (!text.isEmpty() && !values.contains(text))
            values << text;
    }
    return values;
}

QStringList seed(EntityType &entity, const QStringList &tableKeys, const QJsonObject &usage)
{
    const QSet<QString> keys = keyFields(entity, tableKeys);
    QStringList seeded;
    for (AttributeSpec &attribute : entity.attributes) {
        if (keys.contains(attribute.name))
            continue;
        const QStringList values = valuesFor(usage, attribute);
        if (values.isEmpty())
            continue;
        attribute.generator = GeneratorSpec {};
        attribute.generator.kind = GeneratorSpec::Kind::Choice;
        attribute.generator.choices = values;
        seeded << attribute.name;
    }
    return seeded;
}

} // namespace mcpusage

std::optional<IoError> McpUsageData::apply(const QJsonDocument &document, const QString &source,
                                           std::vector<Project> &projects, bool allTables,
                                           QStringList &notes)
{
    using namespace mcpusage;
    std::map<QString, SchemaEntity> known = schemaEntities(projects);
    if (auto found = rootProblem(document, known, allTables))
        return IoError {source, 0, 0, found->path, found->message};
    const QJsonObject entities = document.object().value(QLatin1String("entities")).toObject();
    for (auto &[name, entity] : known) {
        const QStringList seeded
            = seed(*entity.entity, entity.tableKeys, entities.value(name).toObject());
        if (!seeded.isEmpty())
            notes << QStringLiteral("%1: entities.%2: %3 draw from the usage data's values")
                         .arg(source, name, seeded.join(QStringLiteral(", ")));
    }
    return std::nullopt;
}

} // namespace keyscope::model
