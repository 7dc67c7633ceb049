#include "model/doc/designdocument.h"

#include "model/cost/costformat.h"
#include "model/design/projectfile.h"
#include "model/io/wording.h"
#include "model/table/keyroles.h"

#include <QFileInfo>

namespace keyscope::model::doc {

namespace {

QString projectionText(const IndexDefinition &index)
{
    switch (index.projection) {
    case ProjectionType::KeysOnly:
        return QStringLiteral("KEYS_ONLY");
    case ProjectionType::Include:
        return QStringLiteral("INCLUDE ") + index.nonKeyAttributes.join(QStringLiteral(", "));
    case ProjectionType::All:
        break;
    }
    return QStringLiteral("ALL");
}

QString keyNames(const std::vector<KeyAttribute> &keys)
{
    QStringList names;
    for (const KeyAttribute &key : keys)
        names << key.name;
    return names.join(QStringLiteral(", "));
}

void tableSection(const Project &project, Document &d)
{
    const TableDefinition &table = project.table;
    d.heading(2, plain(QStringLiteral("Table")));
    d.paragraph(plain(QStringLiteral("Table ")) + code(table.tableName)
                + plain(QStringLiteral(": partition key ")) + code(keyNames(table.keys.hash))
                + (table.keys.hasRange()
                       ? plain(QStringLiteral(", sort key ")) + code(keyNames(table.keys.range))
                       : plain(QStringLiteral(", no sort key")))
                + plain(QStringLiteral(".")));
    if (table.indexes.empty())
        return;
    std::vector<std::vector<Inline>> rows;
    for (const IndexDefinition &index : table.indexes)
        rows.push_back(
            {code(index.name),
             plain(index.isGlobal() ? QStringLiteral("global") : QStringLiteral("local")),
             code(keyNames(index.keys.hash)),
             index.keys.hasRange() ? code(keyNames(index.keys.range)) : plain("none"),
             plain(projectionText(index))});
    d.table({plain("Index"), plain("Kind"), plain("Partition key"), plain("Sort key"),
             plain("Projection")},
            {}, rows);
}

QString generatorText(const AttributeSpec &attribute)
{
    using Kind = GeneratorSpec::Kind;
    const GeneratorSpec &g = attribute.generator;
    const QString perParent = g.perParent ? QStringLiteral(", again for each parent") : QString();
    switch (g.kind) {
    case Kind::Constant:
        return QStringLiteral("always %1").arg(g.constant);
    case Kind::Sequence:
        return QStringLiteral("%1, %2, ...%3").arg(g.start).arg(g.start + g.step).arg(perParent);
    case Kind::IntegerRange:
        return QStringLiteral("a whole number from %1 to %2").arg(g.min).arg(g.max);
    case Kind::Choice:
        return QStringLiteral("one of %1").arg(g.choices.join(QStringLiteral(", ")));
    case Kind::Pattern:
        return QStringLiteral("like %1").arg(g.pattern);
    case Kind::Timestamp:
        if (g.random)
            return QStringLiteral("a time from %1 to %2")
                .arg(ProjectFile::formatInstant(g.min), ProjectFile::formatInstant(g.max));
        return QStringLiteral("from %1, every %2%3")
            .arg(ProjectFile::formatInstant(g.start),
                 ProjectFile::formatDuration(g.step).toVariant().toString(), perParent);
    default:
        break;
    }
    return ProjectFile::generatorKindName(g.kind);
}

// The first populated item of an entity type, for example keys.
qint64 firstItemOf(const Population &population, std::size_t entity)
{
    for (std::size_t i = 0; i < population.entityOf.size(); ++i) {
        if (population.entityOf[i] == int(entity))
            return qint64(i);
    }
    return -1;
}

void entityKeys(const DesignDocumentParts &parts, std::size_t e, Document &d)
{
    const EntityType &entity = parts.project->entities[e];
    const qint64 first = firstItemOf(*parts.population, e);
    const Item example = first >= 0 ? parts.population->items.at(std::size_t(first)) : Item();
    std::vector<std::vector<Inline>> rows;
    for (const auto &[attribute, roles] : keyRoleTexts(parts.project->table)) {
        const auto text = entity.keys.find(attribute);
        if (text == entity.keys.end())
            continue;
        const auto value = example.find(attribute);
        rows.push_back({code(attribute), plain(roles.join(QStringLiteral(", "))),
                        code(text->second),
                        value == example.end() ? plain(QStringLiteral("-"))
                                               : code(value->second.displayText())});
    }
    d.table({plain("Key"), plain("Role"), plain("Template"), plain("Example")}, {}, rows);
}

void entityAttributes(const EntityType &entity, Document &d)
{
    std::vector<std::vector<Inline>> rows;
    for (const AttributeSpec &a : entity.attributes) {
        QStringList notes;
        if (a.isMutable)
            notes << QStringLiteral("changes after creation");
        if (a.exposedInUrl)
            notes << QStringLiteral("appears in URLs");
        rows.push_back({code(a.name), plain(ProjectFile::attributeKindName(a.type)),
                        plain(generatorText(a)), plain(notes.join(QStringLiteral("; ")))});
    }
    if (!rows.empty())
        d.table({plain("Attribute"), plain("Type"), plain("Values"), plain("Notes")}, {}, rows);
}

void entitySection(const DesignDocumentParts &parts, Document &d)
{
    d.heading(2, plain(QStringLiteral("Entity types")));
    for (std::size_t e = 0; e < parts.project->entities.size(); ++e) {
        const EntityType &entity = parts.project->entities[e];
        d.heading(3, plain(entity.name));
        const QString count = entity.countMin == entity.countMax
            ? counted(entity.countMin, QStringLiteral("item"), QStringLiteral("items"))
            : QStringLiteral("%1 to %2 items").arg(entity.countMin).arg(entity.countMax);
        d.paragraph(plain(entity.parent.isEmpty()
                              ? QStringLiteral("A root type: %1.").arg(count)
                              : QStringLiteral("%1 under each %2.").arg(count, entity.parent)));
        entityKeys(parts, e, d);
        entityAttributes(entity, d);
    }
}

} // namespace

QString patternDiagramPath(const QString &assetsFolder, std::size_t index)
{
    return QStringLiteral("%1/pattern-%2.svg").arg(assetsFolder).arg(index + 1);
}

QString assetsFolderFor(const QString &documentPath)
{
    QString base = QFileInfo(documentPath).fileName();
    const qsizetype dot = base.lastIndexOf(QLatin1Char('.'));
    if (dot > 0)
        base.truncate(dot);
    return base + QStringLiteral(".assets");
}

void patternSections(const DesignDocumentParts &parts, Document &d);
void keptSection(const DesignDocumentParts &parts, Document &d);
void findingSection(const DesignDocumentParts &parts, Document &d);
void costSection(const DesignDocumentParts &parts, Document &d);

Document designDocument(const DesignDocumentParts &parts)
{
    Document d;
    const Project &project = *parts.project;
    d.heading(1, plain(project.name.isEmpty() ? project.table.tableName : project.name));
    if (!project.description.isEmpty())
        d.paragraph(plain(project.description));
    tableSection(project, d);
    entitySection(parts, d);
    patternSections(parts, d);
    keptSection(parts, d);
    findingSection(parts, d);
    costSection(parts, d);
    return d;
}

} // namespace keyscope::model::doc
