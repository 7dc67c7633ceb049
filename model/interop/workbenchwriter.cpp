#include "model/interop/workbenchmodel.h"

#include "model/design/projectfile.h"
#include "model/interop/workbenchformat.h"
#include "model/io/jsonwriter.h"
#include "model/value/dynamojson.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QLocale>
#include <QRegularExpression>
#include <QSet>

namespace keyscope::model {

namespace {

using namespace workbench;

OrderedJson keyAttributeJson(const KeyAttribute &key)
{
    OrderedJson out = OrderedJson::object();
    out.insert(QStringLiteral("AttributeName"), OrderedJson::string(key.name));
    out.insert(QStringLiteral("AttributeType"),
               OrderedJson::string(AttributeValue::typeName(key.type)));
    return out;
}

OrderedJson keyAttributesJson(const KeySchema &keys)
{
    OrderedJson out = OrderedJson::object();
    if (!keys.hash.empty())
        out.insert(QStringLiteral("PartitionKey"), keyAttributeJson(keys.hash.front()));
    if (!keys.range.empty())
        out.insert(QStringLiteral("SortKey"), keyAttributeJson(keys.range.front()));
    return out;
}

QString attributeTypeName(AttributeKind kind)
{
    switch (kind) {
    case AttributeKind::N:
        return QStringLiteral("N");
    case AttributeKind::B:
        return QStringLiteral("B");
    case AttributeKind::Bool:
        return QStringLiteral("BOOL");
    case AttributeKind::S:
    case AttributeKind::Timestamp:
        break;
    }
    return QStringLiteral("S");
}

void appendUnknown(OrderedJson &out, const QJsonObject &stored)
{
    for (auto it = stored.begin(); it != stored.end(); ++it) {
        if (!out.contains(it.key()))
            out.insert(it.key(), OrderedJson::fromQJson(it.value()));
    }
}

OrderedJson dataAccess(const QJsonObject &stored)
{
    if (stored.contains(QLatin1String("DataAccess")))
        return OrderedJson::fromQJson(stored.value(QLatin1String("DataAccess")));
    OrderedJson access = OrderedJson::object();
    access.insert(QStringLiteral("MySql"), OrderedJson::object());
    return access;
}

OrderedJson modelMetadata(const QJsonObject &storedMetadata, const Project &project,
                          const QDateTime &now)
{
    const QString date
        = QLocale::c().toString(now.toUTC(), QStringLiteral("MMM dd, yyyy, hh:mm AP"));
    OrderedJson metadata = OrderedJson::object();
    metadata.insert(QStringLiteral("Author"),
                    OrderedJson::string(storedMetadata.value(QLatin1String("Author")).toString()));
    metadata.insert(
        QStringLiteral("DateCreated"),
        OrderedJson::string(storedMetadata.contains(QLatin1String("DateCreated"))
                                ? storedMetadata.value(QLatin1String("DateCreated")).toString()
                                : date));
    metadata.insert(QStringLiteral("DateLastModified"), OrderedJson::string(date));
    metadata.insert(QStringLiteral("Description"), OrderedJson::string(project.description));
    metadata.insert(QStringLiteral("AWSService"),
                    OrderedJson::string(QStringLiteral("Amazon DynamoDB")));
    metadata.insert(QStringLiteral("Version"), OrderedJson::string(QStringLiteral("3.0")));
    appendUnknown(metadata, storedMetadata);
    return metadata;
}

// The table's NonKeyAttributes: every attribute not a table key, with the first type seen.
class NonKeyAttributes
{
public:
    explicit NonKeyAttributes(const QSet<QString> &tableKeys)
        : m_listed(tableKeys)
    { }

    void list(const QString &name, const QString &type)
    {
        if (m_listed.contains(name))
            return;
        m_listed.insert(name);
        OrderedJson attribute = OrderedJson::object();
        attribute.insert(QStringLiteral("AttributeName"), OrderedJson::string(name));
        attribute.insert(QStringLiteral("AttributeType"), OrderedJson::string(type));
        m_json.append(attribute);
    }

    const OrderedJson &json() const { return m_json; }

private:
    QSet<QString> m_listed;
    OrderedJson m_json = OrderedJson::array();
};

// An entity type as a facet; its attributes are listed in `nonKey`.
OrderedJson facetJson(const EntityType &entity, const TableDefinition &table,
                      const QSet<QString> &tableKeys, NonKeyAttributes *nonKey)
{
    const QJsonObject storedFacet
        = entity.extra.value(QLatin1String(WorkbenchModel::kExtraMember)).toObject();
    const QJsonObject storedAliases = storedFacet.value(kAlias).toObject();
    const auto alias = [&](const KeyAttribute &key, const char *member) {
        const QString stored = storedAliases.value(QLatin1String(member)).toString();
        const auto it = entity.keys.find(key.name);
        if (it == entity.keys.end())
            return stored.isEmpty() ? key.name : stored;
        // The alias the model had, while the template is still the one it gave.
        if (const auto converted = templateFromAlias(stored, {}, {});
            converted && converted->first == it->second)
            return stored;
        static const QRegularExpression whole(QStringLiteral("^\\{([A-Za-z_][A-Za-z0-9_-]*)\\}$"));
        const auto match = whole.match(it->second);
        return match.hasMatch() ? match.captured(1) : it->second;
    };
    OrderedJson aliases = OrderedJson::object();
    aliases.insert(QStringLiteral("PartitionKeyAlias"),
                   OrderedJson::string(alias(table.keys.hash.front(), "PartitionKeyAlias")));
    if (table.keys.hasRange())
        aliases.insert(QStringLiteral("SortKeyAlias"),
                       OrderedJson::string(alias(table.keys.range.front(), "SortKeyAlias")));
    OrderedJson attributes = OrderedJson::array();
    for (const AttributeSpec &attribute : entity.attributes) {
        if (tableKeys.contains(attribute.name)
            || attribute.extra.value(QLatin1String(WorkbenchModel::kExtraMember))
                   .toObject()
                   .value(QLatin1String("aliasOnly"))
                   .toBool())
            continue;
        attributes.append(OrderedJson::string(attribute.name));
        nonKey->list(attribute.name, attributeTypeName(attribute.type));
    }
    OrderedJson facet = OrderedJson::object();
    facet.insert(QStringLiteral("FacetName"), OrderedJson::string(entity.name));
    facet.insert(kAlias, aliases);
    facet.insert(kTableData, OrderedJson::array());
    facet.insert(kNonKeyAttributes, attributes);
    facet.insert(QStringLiteral("DataAccess"), dataAccess(storedFacet));
    appendUnknown(facet, storedFacet);
    return facet;
}

OrderedJson gsisJson(const TableDefinition &table)
{
    OrderedJson gsis = OrderedJson::array();
    for (const auto &index : table.indexes) {
        if (!index.isGlobal())
            continue; // NoSQL Workbench has no LSIs; they ride along in KeyscopeProject
        OrderedJson gsi = OrderedJson::object();
        gsi.insert(QStringLiteral("IndexName"), OrderedJson::string(index.name));
        gsi.insert(kKeyAttributes, keyAttributesJson(index.keys));
        OrderedJson projection = OrderedJson::object();
        projection.insert(QStringLiteral("ProjectionType"),
                          OrderedJson::string(index.projection == ProjectionType::All
                                                  ? QStringLiteral("ALL")
                                                  : index.projection == ProjectionType::KeysOnly
                                                  ? QStringLiteral("KEYS_ONLY")
                                                  : QStringLiteral("INCLUDE")));
        if (index.projection == ProjectionType::Include) {
            OrderedJson names = OrderedJson::array();
            for (const QString &name : index.nonKeyAttributes)
                names.append(OrderedJson::string(name));
            projection.insert(kNonKeyAttributes, names);
        }
        gsi.insert(QStringLiteral("Projection"), projection);
        gsis.append(gsi);
    }
    return gsis;
}

// BillingMode and, when provisioned, ProvisionedCapacitySettings (the stored settings' other
// members kept).
void insertBilling(OrderedJson *tableOut, const Project &project, const QJsonObject &storedTable)
{
    const QString billing = project.tableJson.value(QLatin1String("BillingMode")).toString();
    const bool provisioned = billing == u"PROVISIONED"
        || (billing.isEmpty()
            && project.tableJson.contains(QLatin1String("ProvisionedThroughput")));
    tableOut->insert(QStringLiteral("BillingMode"),
                     OrderedJson::string(provisioned ? QStringLiteral("PROVISIONED")
                                                     : QStringLiteral("PAY_PER_REQUEST")));
    if (!provisioned)
        return;
    QJsonObject capacity = storedTable.value(kCapacity).toObject();
    QJsonObject throughput
        = project.tableJson.value(QLatin1String("ProvisionedThroughput")).toObject();
    if (throughput.isEmpty())
        throughput = QJsonObject {{"ReadCapacityUnits", 5}, {"WriteCapacityUnits", 5}};
    capacity.insert(QStringLiteral("ProvisionedThroughput"), throughput);
    OrderedJson settings = OrderedJson::object();
    settings.insert(QStringLiteral("ProvisionedThroughput"), OrderedJson::fromQJson(throughput));
    appendUnknown(settings, capacity);
    tableOut->insert(kCapacity, settings);
}

} // namespace

OrderedJson WorkbenchModel::toJson(const Project &project, const ItemList &tableData,
                                   const QDateTime &now)
{
    const QJsonObject stored = project.extra.value(QLatin1String(kExtraMember)).toObject();
    const QJsonObject storedModel = stored.value(QLatin1String("model")).toObject();
    const QJsonObject storedTable = stored.value(QLatin1String("table")).toObject();
    const TableDefinition &table = project.table;
    QSet<QString> tableKeys;
    for (const auto &key : table.keys.all())
        tableKeys.insert(key.name);

    // Non-key attributes: the model's declared ones, the entity types', the items', and index
    // keys, each with the first type seen.
    NonKeyAttributes nonKey(tableKeys);
    for (const QJsonValue &declared : storedTable.value(kNonKeyAttributes).toArray()) {
        const QJsonObject object = declared.toObject();
        if (!object.value(QLatin1String("AttributeName")).toString().isEmpty())
            nonKey.list(object.value(QLatin1String("AttributeName")).toString(),
                        object.value(QLatin1String("AttributeType")).toString(QStringLiteral("S")));
    }
    for (const auto &index : table.indexes) {
        for (const auto &key : index.keys.all())
            nonKey.list(key.name, AttributeValue::typeName(key.type));
    }
    OrderedJson facets = OrderedJson::array();
    for (const EntityType &entity : project.entities)
        facets.append(facetJson(entity, table, tableKeys, &nonKey));
    OrderedJson data = OrderedJson::array();
    for (const Item &item : tableData) {
        for (const auto &[name, value] : item)
            nonKey.list(name, value.typeName());
        data.append(OrderedJson::fromQJson(dynamojson::itemToJson(item)));
    }

    OrderedJson tableOut = OrderedJson::object();
    tableOut.insert(QStringLiteral("TableName"), OrderedJson::string(table.tableName));
    tableOut.insert(kKeyAttributes, keyAttributesJson(table.keys));
    tableOut.insert(kNonKeyAttributes, nonKey.json());
    tableOut.insert(kTableFacets, facets);
    tableOut.insert(kGsis, gsisJson(table));
    tableOut.insert(kTableData, data);
    tableOut.insert(QStringLiteral("DataAccess"), dataAccess(storedTable));
    insertBilling(&tableOut, project, storedTable);
    QJsonObject unknownTable = storedTable;
    unknownTable.remove(kNonKeyAttributes);
    unknownTable.remove(kCapacity);
    appendUnknown(tableOut, unknownTable);
    QJsonObject keyscope = ProjectFile::toJson(project);
    QJsonObject extra = keyscope;
    extra.remove(QLatin1String(kExtraMember));
    tableOut.insert(QLatin1String(kProjectMember), OrderedJson::fromQJson(extra));

    OrderedJson root = OrderedJson::object();
    root.insert(QStringLiteral("ModelName"),
                OrderedJson::string(project.name.isEmpty() ? table.tableName : project.name));
    root.insert(kModelMetadata,
                modelMetadata(storedModel.value(kModelMetadata).toObject(), project, now));
    OrderedJson tables = OrderedJson::array();
    tables.append(tableOut);
    root.insert(kDataModel, tables);
    QJsonObject unknownModel = storedModel;
    unknownModel.remove(kModelMetadata);
    appendUnknown(root, unknownModel);
    return root;
}

QByteArray WorkbenchModel::serialize(const Project &project, const ItemList &tableData,
                                     const QDateTime &now)
{
    return JsonWriter::write(toJson(project, tableData, now), 2) + '\n';
}

} // namespace keyscope::model
