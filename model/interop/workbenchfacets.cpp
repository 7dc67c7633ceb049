// A NoSQL Workbench model's facets as entity types, and as hints for design recovery.
#include "model/interop/workbenchreaderparts.h"

#include "model/interop/workbenchmodel.h"

#include <QRegularExpression>

namespace keyscope::model::workbench::detail {

namespace {

bool isPlainName(const QString &text)
{
    static const QRegularExpression name(QStringLiteral("^[A-Za-z_][A-Za-z0-9_-]*$"));
    return name.match(text).hasMatch();
}

// Entity type names may not hold the characters key templates use.
QString entityNameFrom(QString name, int index)
{
    for (QChar &c : name) {
        if (c == u'.' || c == u'{' || c == u'}' || c == u'|' || c == u':')
            c = u'_';
    }
    name = name.trimmed();
    return name.isEmpty() ? QStringLiteral("Facet%1").arg(index + 1) : name;
}

// A facet attribute of a declared type, as an entity attribute (Keyscope generates S, N, B and
// BOOL); nullopt for any other type.
std::optional<AttributeSpec> entityAttribute(const QString &name, const QString &type)
{
    AttributeSpec attribute;
    attribute.name = name;
    if (type == u"N") {
        attribute.type = AttributeKind::N;
    } else if (type == u"B") {
        attribute.type = AttributeKind::B;
        attribute.generator.kind = GeneratorSpec::Kind::Constant;
        attribute.generator.constant = QStringLiteral("AA==");
    } else if (type == u"BOOL") {
        attribute.type = AttributeKind::Bool;
        attribute.generator.kind = GeneratorSpec::Kind::Choice;
        attribute.generator.choices = {QStringLiteral("true"), QStringLiteral("false")};
    } else if (type == u"S" || type.isEmpty()) {
        attribute.type = AttributeKind::S;
    } else {
        return std::nullopt;
    }
    return attribute;
}

QString facetAttributeName(const QJsonValue &attribute)
{
    return attribute.isString()
        ? attribute.toString()
        : attribute.toObject().value(QLatin1String("AttributeName")).toString();
}

// The facet's entity type name, made unique among the model's.
QString uniqueEntityName(const QString &facetName, int i, QSet<QString> *entityNames)
{
    QString name = entityNameFrom(facetName, i);
    for (int n = 2; entityNames->contains(name); ++n)
        name = entityNameFrom(facetName, i) + QString::number(n);
    entityNames->insert(name);
    return name;
}

// Tableau 10, the palette of Keyscope's examples.
QString facetColor(int i)
{
    static const char *const colors[] = {"#4E79A7", "#F28E2B", "#E15759", "#76B7B2", "#59A14F",
                                         "#EDC948", "#B07AA1", "#FF9DA7", "#9C755F", "#BAB0AC"};
    return QLatin1String(colors[i % 10]);
}

// One facet's entity type as it is built, with the attributes added so far.
struct FacetBuilder
{
    const KeyPair &keys;
    const QHash<QString, QString> &declared;
    QHash<QString, QString> *aliasToKey;
    const TableContext &context;
    FacetRead read;
    QSet<QString> attributeNames;
    QSet<QString> fromAlias; // attributes only an alias names

    void addAttribute(const QString &attributeName, const QString &type)
    {
        if (attributeNames.contains(attributeName))
            return;
        auto attribute = entityAttribute(attributeName, type);
        if (!attribute) {
            noteUnusedType(attributeName, type);
            return;
        }
        attributeNames.insert(attributeName);
        read.entity.attributes.push_back(*attribute);
    }

    void noteUnusedType(const QString &attributeName, const QString &type) const
    {
        const FacetInfo &info = read.info;
        context.notes->append(IoError {
            context.source, 0, 0,
            QStringLiteral("table '") + context.tableName + QStringLiteral("', facet '")
                + (info.facetName.isEmpty() ? read.entity.name : info.facetName) + u'\'',
            QStringLiteral("attribute '") + attributeName + QStringLiteral("' of type ") + type
                + QStringLiteral(" is not an entity attribute (Keyscope generates S, "
                                 "N, B and BOOL); its values in the table data "
                                 "are kept")}
                                  .toString());
    }

    void addAliasAttribute(const QString &name, const QString &type)
    {
        if (!attributeNames.contains(name))
            fromAlias.insert(name);
        addAttribute(name, type);
    }

    // "CUSTOMER#<id>": a template with a placeholder per <name>.
    void addTemplateAlias(const KeyAttr &key, const std::pair<QString, QStringList> &converted)
    {
        for (const QString &name : converted.second) {
            addAliasAttribute(name, declared.value(name, QStringLiteral("S")));
            read.info.names.insert(name);
        }
        const QString prefix = converted.first.left(converted.first.indexOf(u'{'));
        if (!prefix.isEmpty())
            read.info.prefixes[key.name] = prefix;
        read.entity.keys[key.name] = converted.first;
    }

    // A key's alias: a plain attribute name, a template, or nothing Keyscope can use.
    void addAliasKey(const QJsonObject &aliases, const KeyAttr &key, const char *member)
    {
        const QString alias = aliases.value(QLatin1String(member)).toString();
        if (!alias.isEmpty() && alias != key.name) {
            aliasToKey->insert(alias, key.name);
            read.info.aliases[key.name] = alias;
        }
        const bool otherKey = alias == keys.hash.name || (keys.range && alias == keys.range->name);
        const QString aliasType = declared.value(alias, key.type);
        if (!alias.isEmpty() && !otherKey && isPlainName(alias)
            && (aliasType == u"S" || aliasType == u"N" || aliasType == u"B")) {
            addAliasAttribute(alias, aliasType);
            read.entity.keys[key.name] = QLatin1Char('{') + alias + QLatin1Char('}');
        } else if (const auto converted = templateFromAlias(alias, declared, keys)) {
            addTemplateAlias(key, *converted);
        } else {
            addAttribute(key.name, key.type); // the key is an attribute of its own
        }
    }

    // NonKeyAttributes; an attribute an alias names too is then not the alias's alone.
    void addNonKeyAttributes(const QJsonArray &attributes)
    {
        for (const QJsonValue &attribute : attributes) {
            const QString attributeName = facetAttributeName(attribute);
            if (!attributeName.isEmpty()) {
                addAttribute(attributeName, declared.value(attributeName));
                read.info.attributes << attributeName;
                read.info.names.insert(attributeName);
            }
        }
        for (const QJsonValue &attribute : attributes)
            fromAlias.remove(facetAttributeName(attribute));
        for (AttributeSpec &attribute : read.entity.attributes) {
            if (fromAlias.contains(attribute.name))
                attribute.extra.insert(QLatin1String(WorkbenchModel::kExtraMember),
                                       QJsonObject {{"aliasOnly", true}});
        }
    }
};

// Attributes that name an item's type, as single-table designs write them.
const QStringList kTypeAttributes {QStringLiteral("Type"),        QStringLiteral("type"),
                                   QStringLiteral("EntityType"),  QStringLiteral("entityType"),
                                   QStringLiteral("entity_type"), QStringLiteral("__typename"),
                                   QStringLiteral("_type"),       QStringLiteral("Entity")};

// The facet a table-data item belongs to (2.0 and later keep all items in the table's
// TableData; NoSQL Workbench shows under a facet the items that meet its constraints, i.e. its
// key aliases and attribute list): the facet its type attribute names, else the facet with the
// fewest attributes that holds every non-key attribute of the item and at least one of its own
// (any item when it lists none) and whose alias templates' literal starts ("ORDER#" of
// "ORDER#<id>") begin the item's keys. -1 when none does.
int matchFacet(const std::vector<FacetInfo> &facets, const Item &item, const KeySchema &keys)
{
    for (const QString &name : kTypeAttributes) {
        const auto it = item.find(name);
        if (it == item.end() || it->second.type() != AttributeValue::Type::S)
            continue;
        const QString type = it->second.asString();
        for (std::size_t f = 0; f < facets.size(); ++f) {
            if (type.compare(facets[f].facetName, Qt::CaseInsensitive) == 0
                || type.compare(facets[f].entityName, Qt::CaseInsensitive) == 0)
                return int(f);
        }
    }
    QSet<QString> keyNames;
    for (const auto &key : keys.all())
        keyNames.insert(key.name);
    int best = -1;
    for (std::size_t f = 0; f < facets.size(); ++f) {
        const FacetInfo &facet = facets[f];
        bool fits = true;
        for (const auto &[keyName, prefix] : facet.prefixes) {
            const auto it = item.find(keyName);
            fits = fits && it != item.end() && it->second.type() == AttributeValue::Type::S
                && it->second.asString().startsWith(prefix);
        }
        bool holdsOwn = facet.attributes.isEmpty();
        for (const auto &[name, value] : item) {
            if (!fits)
                break;
            if (keyNames.contains(name))
                continue;
            fits = facet.names.contains(name);
            holdsOwn = holdsOwn || facet.attributes.contains(name);
        }
        if (fits && holdsOwn
            && (best < 0 || facet.attributes.size() < facets[size_t(best)].attributes.size()))
            best = int(f);
    }
    return best;
}

} // namespace

// One facet as an entity type: its key aliases become key templates (and attributes), its
// NonKeyAttributes attributes; what Keyscope does not use stays in x-workbench.
FacetRead readFacet(QJsonObject facet, int i, const KeyPair &keys,
                    const QHash<QString, QString> &declared, QSet<QString> *entityNames,
                    QHash<QString, QString> *aliasToKey, const TableContext &context)
{
    FacetBuilder builder {keys, declared, aliasToKey, context, {}, {}, {}};
    EntityType &entity = builder.read.entity;
    const QString facetName = facet.value(QLatin1String("FacetName")).toString();
    entity.name = uniqueEntityName(facetName, i, entityNames);
    builder.read.info.facetName = facetName;
    builder.read.info.entityName = entity.name;
    entity.countMin = entity.countMax = 0; // its items are the model's table data
    entity.color = facetColor(i);
    const QJsonObject aliases = facet.value(kAlias).toObject();
    builder.addAliasKey(aliases, keys.hash, "PartitionKeyAlias");
    if (keys.range)
        builder.addAliasKey(aliases, *keys.range, "SortKeyAlias");
    builder.addNonKeyAttributes(facet.value(kNonKeyAttributes).toArray());
    facet.remove(QStringLiteral("FacetName"));
    facet.remove(kNonKeyAttributes);
    facet.remove(kTableData);
    if (!facet.isEmpty())
        entity.extra.insert(QLatin1String(WorkbenchModel::kExtraMember), facet);
    return std::move(builder.read);
}

// Each facet as a hint: its name, aliases, attributes and items (its own TableData's in 1.0
// files, else the table data it matches).
std::vector<recovery::TypeHint> facetHints(const TableRead &read)
{
    std::vector<recovery::TypeHint> hints;
    for (const FacetInfo &facet : read.facets) {
        recovery::TypeHint hint;
        hint.name = facet.entityName;
        hint.source = QStringLiteral("facet '%1'").arg(facet.facetName);
        hint.keyAliases = facet.aliases;
        hint.attributes = facet.attributes;
        hints.push_back(std::move(hint));
    }
    if (hints.empty())
        return hints;
    const Project &project = read.project;
    for (std::size_t i = 0; i < project.items.size(); ++i) {
        int facet = i < read.itemFacet.size() ? read.itemFacet[i] : -1;
        if (facet < 0)
            facet = matchFacet(read.facets, project.items[i], project.table.keys);
        if (facet >= 0)
            hints[size_t(facet)].items.push_back(qsizetype(i));
    }
    return hints;
}

} // namespace keyscope::model::workbench::detail
