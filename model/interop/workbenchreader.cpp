#include "model/interop/workbenchmodel.h"

#include "model/interop/workbenchformat.h"

#include "model/design/populator.h"
#include "model/design/projectfile.h"
#include "model/interop/interopjson.h"
#include "model/io/importnotes.h"
#include "model/io/itemsfile.h"
#include "model/io/jsonfile.h"
#include "model/io/jsonwriter.h"
#include "model/io/wording.h"
#include "model/value/dynamojson.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QLocale>
#include <QRegularExpression>
#include <QSet>

namespace keyscope::model {

namespace workbench {

// A facet alias such as "CUSTOMER#<id>" as a key template "CUSTOMER#{id}" and its placeholder
// names; nullopt when it has no <name> part or holds characters templates reserve.
std::optional<std::pair<QString, QStringList>>
templateFromAlias(const QString &alias, const QHash<QString, QString> &declared,
                  const KeyPair &keys)
{
    // <name> as Workbench users write placeholders, {name} as Keyscope's export writes them.
    static const QRegularExpression part(
        QStringLiteral("<([A-Za-z_][A-Za-z0-9_-]*)>|\\{([A-Za-z_][A-Za-z0-9_-]*)\\}"));
    static const QRegularExpression plainPlaceholders(
        QStringLiteral("^([^{}\\\\|]|\\{[A-Za-z_][A-Za-z0-9_-]*\\})*$"));
    if (!plainPlaceholders.match(alias).hasMatch())
        return std::nullopt;
    QString text;
    QStringList names;
    qsizetype last = 0;
    for (auto it = part.globalMatch(alias); it.hasNext();) {
        const auto match = it.next();
        const QString name = match.captured(1).isEmpty() ? match.captured(2) : match.captured(1);
        if (name == keys.hash.name || (keys.range && name == keys.range->name))
            return std::nullopt;
        const QString type = declared.value(name, QStringLiteral("S"));
        if (type != u"S" && type != u"N")
            return std::nullopt;
        text += alias.mid(last, match.capturedStart() - last) + u'{' + name + u'}';
        last = match.capturedEnd();
        if (!names.contains(name))
            names << name;
    }
    if (names.isEmpty())
        return std::nullopt;
    return std::pair {text + alias.mid(last), names};
}

} // namespace workbench

namespace {

using namespace workbench;

const QString kWhatIsAModel = QStringLiteral(
    "a NoSQL Workbench data model is an object {\"ModelName\": ..., \"ModelMetadata\": {...}, "
    "\"DataModel\": [{\"TableName\": ..., \"KeyAttributes\": {\"PartitionKey\": {...}}, ...}]} "
    "(Data modeler > Export data model)");

struct Failure
{
    QString path;
    QString message;
};

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

std::variant<KeyAttr, Failure> readKeyAttribute(const QJsonValue &json, const QString &path)
{
    if (!json.isObject())
        return Failure {path,
                        QStringLiteral("expected {\"AttributeName\": \"PK\", \"AttributeType\": "
                                       "\"S\"}")};
    const QJsonObject object = json.toObject();
    const QString name = object.value(QLatin1String("AttributeName")).toString();
    const QJsonValue typeJson = object.value(QLatin1String("AttributeType"));
    const QString type = typeJson.toString();
    if (name.isEmpty())
        return Failure {path + QStringLiteral(".AttributeName"),
                        QStringLiteral("missing or not a string: name the key attribute")};
    if (type != u"S" && type != u"N" && type != u"B")
        return Failure {path + QStringLiteral(".AttributeType"),
                        QStringLiteral("a key attribute's type is S, N or B, found ")
                            + JsonFile::foundText(typeJson)};
    return KeyAttr {name, type};
}

std::variant<KeyPair, Failure> readKeyAttributes(const QJsonValue &json, const QString &path)
{
    if (!json.isObject())
        return Failure {path,
                        QStringLiteral("missing or not an object: expected {\"PartitionKey\": "
                                       "{\"AttributeName\": ..., \"AttributeType\": ...}, "
                                       "\"SortKey\": {...}}")};
    const QJsonObject object = json.toObject();
    KeyPair pair;
    auto hash = readKeyAttribute(object.value(QLatin1String("PartitionKey")),
                                 path + QStringLiteral(".PartitionKey"));
    if (auto *failure = std::get_if<Failure>(&hash))
        return *failure;
    pair.hash = std::get<KeyAttr>(hash);
    if (object.contains(QLatin1String("SortKey"))) {
        auto range = readKeyAttribute(object.value(QLatin1String("SortKey")),
                                      path + QStringLiteral(".SortKey"));
        if (auto *failure = std::get_if<Failure>(&range))
            return *failure;
        pair.range = std::get<KeyAttr>(range);
    }
    return pair;
}

QJsonArray keySchemaJson(const KeyPair &keys)
{
    QJsonArray schema {QJsonObject {{"AttributeName", keys.hash.name}, {"KeyType", "HASH"}}};
    if (keys.range)
        schema.append(QJsonObject {{"AttributeName", keys.range->name}, {"KeyType", "RANGE"}});
    return schema;
}

// DynamoDB JSON, read leniently (plain JSON inside an M or L is repaired, see
// ItemsFile::valueFromJsonLeniently). Early files hold plain JSON values, read as the
// attribute's declared type; so are plain values in versioned files, which hold DynamoDB JSON,
// with a repair noted, except an object of one upper-case member ({"STRING": "x"}): a value of a
// type DynamoDB does not have, whose intent is not clear.
std::optional<AttributeValue> plainValue(const QJsonValue &json, const QString &declared,
                                         bool versioned, std::vector<ItemsFile::Repair> *repairs,
                                         QString *error, QString *errorPath)
{
    const QJsonObject object = json.toObject();
    if (json.isObject() && object.size() == 1 && AttributeValue::typeFromName(object.begin().key()))
        return ItemsFile::valueFromJsonLeniently(json, repairs, error, errorPath);
    if (!versioned)
        return interopjson::valueFromPlainJson(json, declared, error, errorPath);
    static const QRegularExpression typeLike(QStringLiteral("^[A-Z]+$"));
    if (json.isObject() && object.size() == 1 && typeLike.match(object.begin().key()).hasMatch())
        return dynamojson::valueFromJson(json, error, errorPath);
    auto value = interopjson::valueFromPlainJson(json, declared, error, errorPath);
    if (value) {
        const QString found = json.isString() ? QStringLiteral("a string")
            : json.isDouble()                 ? QStringLiteral("a number")
            : json.isBool()                   ? QStringLiteral("true or false")
            : json.isNull()                   ? QStringLiteral("null")
            : json.isArray()                  ? QStringLiteral("an array")
                                              : QStringLiteral("an object");
        repairs->push_back({{}, QStringLiteral("%1 as %2").arg(found, value->typeName())});
    }
    return value;
}

QByteArray completeKeyIdentity(const Item &item, const KeySchema &keys)
{
    QByteArray identity;
    for (const auto &attribute : keys.all()) {
        const auto it = item.find(attribute.name);
        if (it == item.end())
            return {};
        identity += char(it->second.type());
        identity += it->second.sortableBytes().toHex();
        identity += ':';
    }
    return identity;
}

struct TableContext
{
    QString source;
    QString path; // "DataModel[0]"
    QStringList *notes;
    QString tableName;
    qsizetype *leftOut; // sample items left out
};

// What the model says about a facet's items, for its TypeHint.
struct FacetInfo
{
    QString facetName;                   // as the model spells it
    QString entityName;                  // the entity type it became
    std::map<QString, QString> aliases;  // key attribute -> alias, where they differ
    std::map<QString, QString> prefixes; // key attribute -> literal start of its alias template
    QStringList attributes;              // NonKeyAttributes
    QSet<QString> names;                 // attributes and alias placeholders
};

std::variant<Item, Failure> readItem(const QJsonValue &json, const QString &path,
                                     const QHash<QString, QString> &declared,
                                     const QHash<QString, QString> &aliasToKey, bool versioned,
                                     std::vector<ItemsFile::Repair> *repairs)
{
    if (!json.isObject())
        return Failure {path, QStringLiteral("expected an item: {\"PK\": {\"S\": \"...\"}, ...}")};
    Item item;
    const QJsonObject object = json.toObject();
    for (auto it = object.begin(); it != object.end(); ++it) {
        QString name = it.key();
        // 1.0 facets may name key attributes by their alias.
        if (!declared.contains(name) && aliasToKey.contains(name)
            && !object.contains(aliasToKey[name]))
            name = aliasToKey[name];
        QString error;
        QString errorPath;
        std::vector<ItemsFile::Repair> found;
        auto value
            = plainValue(it.value(), declared.value(name), versioned, &found, &error, &errorPath);
        if (!value)
            return Failure {path + QLatin1Char('.') + it.key() + errorPath, error};
        for (ItemsFile::Repair &repair : found)
            repairs->push_back({it.key() + repair.path, repair.what});
        item[name] = std::move(*value);
    }
    return item;
}

// Why an item does not fit the table's keys, as DynamoDB would say it.
std::optional<Failure> keyFailure(const Item &item, const TableDefinition &table,
                                  const QString &path)
{
    for (const auto &index : table.indexes) {
        for (const auto &key : index.keys.all()) {
            const auto found = item.find(key.name);
            if (found != item.end() && found->second.type() != key.type)
                return Failure {path + u'.' + key.name,
                                QStringLiteral("One or more parameter values were invalid: "
                                               "Type mismatch for Index Key %1 Expected: %2 "
                                               "Actual: %3 IndexName: %4")
                                    .arg(key.name, AttributeValue::typeName(key.type),
                                         found->second.typeName(), index.name)};
        }
    }
    for (const auto &key : table.keys.all()) {
        const auto found = item.find(key.name);
        if (found == item.end())
            return Failure {path,
                            QStringLiteral("One or more parameter values were invalid: Missing "
                                           "the key %1 in the item")
                                .arg(key.name)};
        if (found->second.type() != key.type)
            return Failure {
                path + u'.' + key.name,
                QStringLiteral("One or more parameter values were invalid: Type "
                               "mismatch for key %1 expected: %2 actual: %3")
                    .arg(key.name, AttributeValue::typeName(key.type), found->second.typeName())};
    }
    return std::nullopt;
}

struct TableRead
{
    Project project;
    std::vector<FacetInfo> facets; // per entity type made from a facet
    std::vector<int> itemFacet;    // per item: the facet whose TableData held it, or -1
};

// Declared attribute types, for early files' plain values and for entity attributes.
std::variant<QHash<QString, QString>, Failure>
readDeclaredTypes(const QJsonObject &tableJson, const KeyPair &keys, const QString &at)
{
    QHash<QString, QString> declared;
    declared.insert(keys.hash.name, keys.hash.type);
    if (keys.range)
        declared.insert(keys.range->name, keys.range->type);
    const QJsonValue nonKeyJson = tableJson.value(kNonKeyAttributes);
    if (!nonKeyJson.isUndefined() && !nonKeyJson.isArray())
        return Failure {at,
                        QStringLiteral("expected an array of {\"AttributeName\", "
                                       "\"AttributeType\"}")};
    const QJsonArray nonKey = nonKeyJson.toArray();
    for (qsizetype i = 0; i < nonKey.size(); ++i) {
        const QString path = QStringLiteral("%1[%2]").arg(at).arg(i);
        if (nonKey.at(i).isString()) { // early files list names only
            declared.insert(nonKey.at(i).toString(), QStringLiteral("S"));
            continue;
        }
        const QJsonObject attribute = nonKey.at(i).toObject();
        const QString name = attribute.value(QLatin1String("AttributeName")).toString();
        if (name.isEmpty())
            return Failure {path + QStringLiteral(".AttributeName"),
                            QStringLiteral("missing or not a string")};
        const QJsonValue typeJson = attribute.value(QLatin1String("AttributeType"));
        const QString type = typeJson.toString();
        if (!AttributeValue::typeFromName(type))
            return Failure {path + QStringLiteral(".AttributeType"),
                            QStringLiteral("unknown type ") + JsonFile::foundText(typeJson)
                                + QStringLiteral(" (valid: S, N, B, BOOL, NULL, L, M, SS, NS, "
                                                 "BS)")};
        declared.insert(name, type);
    }
    return declared;
}

// The table as create-table JSON: its keys, GSIs and billing settings.
std::variant<QJsonObject, Failure> createTableJson(const QJsonObject &tableJson,
                                                   const QString &tableName, const KeyPair &keys,
                                                   const QString &base)
{
    const auto at = [&](const QString &member) { return base + QLatin1Char('.') + member; };
    QJsonObject create;
    create.insert(QStringLiteral("TableName"), tableName);
    QJsonArray definitions;
    QSet<QString> defined;
    const auto define = [&](const KeyAttr &attribute) {
        if (defined.contains(attribute.name))
            return;
        defined.insert(attribute.name);
        definitions.append(
            QJsonObject {{"AttributeName", attribute.name}, {"AttributeType", attribute.type}});
    };
    define(keys.hash);
    if (keys.range)
        define(*keys.range);
    create.insert(QStringLiteral("KeySchema"), keySchemaJson(keys));
    const QJsonValue gsiJson = tableJson.value(kGsis);
    if (!gsiJson.isUndefined() && !gsiJson.isArray())
        return Failure {at(kGsis), QStringLiteral("expected an array of indexes")};
    QJsonArray gsis;
    const QJsonArray gsiArray = gsiJson.toArray();
    for (qsizetype i = 0; i < gsiArray.size(); ++i) {
        const QString path = QStringLiteral("%1[%2]").arg(at(kGsis)).arg(i);
        const QJsonObject index = gsiArray.at(i).toObject();
        const QString name = index.value(QLatin1String("IndexName")).toString();
        if (name.isEmpty())
            return Failure {path + QStringLiteral(".IndexName"),
                            QStringLiteral("missing or empty")};
        auto indexKeys
            = readKeyAttributes(index.value(kKeyAttributes), path + u'.' + kKeyAttributes);
        if (auto *failure = std::get_if<Failure>(&indexKeys))
            return *failure;
        const KeyPair pair = std::get<KeyPair>(indexKeys);
        define(pair.hash);
        if (pair.range)
            define(*pair.range);
        QJsonObject projection = index.value(QLatin1String("Projection")).toObject();
        if (projection.isEmpty())
            projection.insert(QStringLiteral("ProjectionType"), QStringLiteral("ALL"));
        gsis.append(QJsonObject {
            {"IndexName", name}, {"KeySchema", keySchemaJson(pair)}, {"Projection", projection}});
    }
    create.insert(QStringLiteral("AttributeDefinitions"), definitions);
    if (!gsis.isEmpty())
        create.insert(kGsis, gsis);
    const QString billing = tableJson.value(QLatin1String("BillingMode")).toString();
    if (!billing.isEmpty())
        create.insert(QStringLiteral("BillingMode"), billing);
    const QJsonObject capacity = tableJson.value(kCapacity).toObject();
    if (billing != u"PAY_PER_REQUEST" && capacity.contains(QLatin1String("ProvisionedThroughput")))
        create.insert(QStringLiteral("ProvisionedThroughput"),
                      capacity.value(QLatin1String("ProvisionedThroughput")));
    return create;
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

struct FacetRead
{
    EntityType entity;
    FacetInfo info;
};

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

// Sample items as a model holds them: the table's TableData (-1) or a 1.0 facet's.
struct TableDataRead
{
    QJsonArray items;
    QString path;
    int facet;         // -1: the table's TableData
    QString facetName; // as the model spells it
};

// An item of the table data as a note names it.
ItemPlace placeOf(const TableDataRead &data, qsizetype i, const TableContext &context,
                  const TableDefinition &table, const QHash<QString, QString> &aliasToKey)
{
    QStringList keyNames;
    for (const KeyAttribute &key : table.keys.all())
        keyNames << key.name;
    return {context.tableName, data.facetName, i,
            ImportNotes::keysOf(data.items.at(i), keyNames, aliasToKey),
            data.path + u'[' + QString::number(i) + u']'};
}

// A failure's path inside the item ("Count.N" of "DataModel[0].TableData[1].Count.N").
QString pathInItem(const QString &path, const QString &itemPath)
{
    if (!path.startsWith(itemPath))
        return path;
    const QString rest = path.mid(itemPath.size());
    return rest.startsWith(u'.') ? rest.mid(1) : rest;
}

// Table data become hand-written items. A bad item is left out with a note; the rest is read.
void readItems(const std::vector<TableDataRead> &tableData, const QHash<QString, QString> &declared,
               const QHash<QString, QString> &aliasToKey, bool versioned,
               const TableContext &context, TableRead *read)
{
    Project &project = read->project;
    for (const TableDataRead &data : tableData) {
        for (qsizetype i = 0; i < data.items.size(); ++i) {
            const QString itemPath = QStringLiteral("%1[%2]").arg(data.path).arg(i);
            std::vector<ItemsFile::Repair> repairs;
            auto item
                = readItem(data.items.at(i), itemPath, declared, aliasToKey, versioned, &repairs);
            std::optional<Failure> failure;
            if (auto *bad = std::get_if<Failure>(&item))
                failure = *bad;
            else
                failure = keyFailure(std::get<Item>(item), project.table, itemPath);
            if (!failure) {
                if (auto error = itemSizeError(itemSizeBytes(std::get<Item>(item))))
                    failure = Failure {itemPath, *error};
            }
            if (failure || !repairs.empty()) {
                const ItemPlace place = placeOf(data, i, context, project.table, aliasToKey);
                context.notes->append(
                    failure ? ImportNotes::leftOut(context.source, place,
                                                   pathInItem(failure->path, itemPath),
                                                   failure->message)
                            : ImportNotes::repaired(context.source, place, repairs));
            }
            if (failure) {
                ++*context.leftOut;
                continue;
            }
            project.items.push_back(std::move(std::get<Item>(item)));
            read->itemFacet.push_back(data.facet);
        }
    }
}

// What Keyscope does not use survives in x-workbench.
// ModelName follows the project's name, DateLastModified the export.
QJsonObject unusedMembers(const QJsonObject &root, const QJsonObject &tableJson)
{
    QJsonObject model = root;
    model.remove(kDataModel);
    model.remove(QStringLiteral("ModelName"));
    QJsonObject storedMetadata = model.value(kModelMetadata).toObject();
    storedMetadata.remove(QStringLiteral("DateLastModified"));
    storedMetadata.remove(QStringLiteral("Description"));
    storedMetadata.remove(QStringLiteral("Version"));
    if (model.contains(kModelMetadata))
        model.insert(kModelMetadata, storedMetadata);
    QJsonObject table = tableJson;
    for (const QString &known : QStringList {
             QStringLiteral("TableName"), kKeyAttributes, kTableFacets, kGsis, kTableData,
             QStringLiteral("BillingMode"), QString::fromLatin1(WorkbenchModel::kProjectMember)})
        table.remove(known);
    return QJsonObject {{"model", model}, {"table", table}};
}

std::variant<TableRead, Failure> readTable(const QJsonObject &root, const QJsonObject &tableJson,
                                           const TableContext &context)
{
    const QString &base = context.path;
    const auto at = [&](const QString &member) { return base + QLatin1Char('.') + member; };
    TableRead read;
    Project &project = read.project;

    const QString tableName = tableJson.value(QLatin1String("TableName")).toString();
    const bool versioned = root.value(kModelMetadata).toObject().contains(QLatin1String("Version"));
    if (tableName.isEmpty())
        return Failure {at(QStringLiteral("TableName")), QStringLiteral("missing or empty")};
    auto keysRead = readKeyAttributes(tableJson.value(kKeyAttributes), at(kKeyAttributes));
    if (auto *failure = std::get_if<Failure>(&keysRead))
        return *failure;
    const KeyPair keys = std::get<KeyPair>(keysRead);
    auto declaredRead = readDeclaredTypes(tableJson, keys, at(kNonKeyAttributes));
    if (auto *failure = std::get_if<Failure>(&declaredRead))
        return *failure;
    const QHash<QString, QString> declared = std::get<QHash<QString, QString>>(declaredRead);

    auto create = createTableJson(tableJson, tableName, keys, base);
    if (auto *failure = std::get_if<Failure>(&create))
        return *failure;
    QString tableError;
    auto definition = TableDefinition::fromJson(std::get<QJsonObject>(create), &tableError);
    if (!definition)
        return Failure {base, tableError};
    project.table = *definition;
    project.tableJson = std::get<QJsonObject>(create);

    // Facets become entity types.
    QHash<QString, QString> aliasToKey;
    const QJsonValue facetsJson = tableJson.value(kTableFacets);
    if (!facetsJson.isUndefined() && !facetsJson.isArray())
        return Failure {at(kTableFacets), QStringLiteral("expected an array of facets")};
    const QJsonArray facets = facetsJson.toArray();
    QSet<QString> entityNames;
    std::vector<TableDataRead> tableData; // 1.0: items per facet, with path
    for (qsizetype i = 0; i < facets.size(); ++i) {
        const QString path = QStringLiteral("%1[%2]").arg(at(kTableFacets)).arg(i);
        if (!facets.at(i).isObject())
            return Failure {path,
                            QStringLiteral("expected a facet {\"FacetName\": ..., "
                                           "\"KeyAttributeAlias\": {...}}")};
        const QJsonObject facet = facets.at(i).toObject();
        if (facet.value(kTableData).isArray() && !facet.value(kTableData).toArray().isEmpty())
            tableData.push_back({facet.value(kTableData).toArray(), path + u'.' + kTableData,
                                 int(i), facet.value(QLatin1String("FacetName")).toString()});
        FacetRead facetRead
            = readFacet(facet, int(i), keys, declared, &entityNames, &aliasToKey, context);
        read.facets.push_back(std::move(facetRead.info));
        project.entities.push_back(std::move(facetRead.entity));
    }

    // The table's items (2.0, 3.0), then each facet's (1.0).
    if (tableJson.value(kTableData).isArray())
        tableData.insert(tableData.begin(),
                         {tableJson.value(kTableData).toArray(), at(kTableData), -1, {}});
    else if (!tableJson.value(kTableData).isUndefined())
        return Failure {at(kTableData), QStringLiteral("expected an array of items")};
    readItems(tableData, declared, aliasToKey, versioned, context, &read);

    project.extra.insert(QLatin1String(WorkbenchModel::kExtraMember),
                         unusedMembers(root, tableJson));
    const QJsonObject metadata = root.value(kModelMetadata).toObject();
    project.name = root.value(QLatin1String("ModelName")).toString();
    if (project.name.isEmpty())
        project.name = tableName;
    project.description = metadata.value(QLatin1String("Description")).toString();
    return read;
}

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

// A table as NoSQL Workbench can hold it: GSIs with one partition and one sort key, no LSIs.
QJsonObject workbenchView(TableDefinition table)
{
    std::vector<IndexDefinition> kept;
    for (IndexDefinition index : table.indexes) {
        if (!index.isGlobal())
            continue;
        index.keys.hash.resize(1);
        if (index.keys.range.size() > 1)
            index.keys.range.resize(1);
        kept.push_back(index);
    }
    table.indexes = kept;
    return table.toJson();
}

// The table carries a Keyscope project: it wins, except where the model was changed since.
std::variant<Project, Failure> mergeEmbedded(Project fromModel, const QJsonObject &embedded,
                                             const TableContext &context)
{
    const QString path = context.path + u'.' + QLatin1String(WorkbenchModel::kProjectMember);
    auto read = ProjectFile::fromJson(QJsonDocument(embedded), context.source);
    if (auto *errors = std::get_if<std::vector<IoError>>(&read)) {
        const IoError &first = errors->front();
        return Failure {
            first.path.isEmpty() ? path : path + u'.' + first.path,
            first.message
                + (errors->size() > 1
                       ? QStringLiteral(" (and %1 more problems)").arg(errors->size() - 1)
                       : QString())};
    }
    Project project = std::get<Project>(std::move(read));
    if (workbenchView(project.table) != workbenchView(fromModel.table)) {
        context.notes->append(IoError {context.source, 0, 0,
                                       QStringLiteral("table '") + context.tableName + u'\'',
                                       QStringLiteral("its keys or indexes were changed in NoSQL "
                                                      "Workbench; using the model's table")}
                                  .toString());
        project.table = fromModel.table;
        project.tableJson = fromModel.tableJson;
    }
    for (EntityType &entity : fromModel.entities) {
        if (!project.entity(entity.name)) {
            context.notes->append(QStringLiteral("%1: facet \"%2\" was added in NoSQL Workbench: "
                                                 "it becomes an entity type")
                                      .arg(context.source, entity.name));
            project.entities.push_back(std::move(entity));
        }
    }
    // Items: the model's table data are the populated collection; what differs from it was
    // added or edited in NoSQL Workbench and becomes hand-written.
    QHash<QByteArray, std::size_t> populated; // key -> index in the population
    auto population = Populator::populate(project);
    auto *items = std::get_if<Population>(&population);
    if (items) {
        for (std::size_t i = 0; i < items->items.size(); ++i)
            populated.insert(completeKeyIdentity(items->items[i], project.table.keys), i);
    }
    qsizetype added = 0;
    for (const Item &item : fromModel.items) {
        const auto it = populated.constFind(completeKeyIdentity(item, project.table.keys));
        if (it != populated.constEnd() && items->items[*it] == item)
            continue;
        project.items.push_back(item);
        ++added;
    }
    if (added > 0)
        context.notes->append(
            (added == 1 ? QStringLiteral("%1: %2 of the table data differs from the populated "
                                         "collection: kept as a hand-written item")
                        : QStringLiteral("%1: %2 of the table data differ from the populated "
                                         "collection: kept as hand-written items"))
                .arg(context.source,
                     counted(added, QStringLiteral("item"), QStringLiteral("items"))));
    project.extra.insert(QLatin1String(WorkbenchModel::kExtraMember),
                         fromModel.extra.value(QLatin1String(WorkbenchModel::kExtraMember)));
    return project;
}

} // namespace

bool WorkbenchModel::looksLike(const QJsonDocument &document)
{
    const QJsonObject root = document.object();
    return root.value(kDataModel).isArray()
        || (root.contains(QLatin1String("ModelName")) && root.contains(kModelMetadata));
}

namespace {

// A model's path in the words of its author: "DataModel[1].TableFacets[0].KeyAttributeAlias" is
// "table 'Shop', facet 'Orders', KeyAttributeAlias". Tables, facets, indexes, items and
// declared attributes are named (or counted from 1); the member that follows stays as the file
// spells it, so it can be found.
QString placeInWords(const QJsonObject &root, const QString &path)
{
    static const QRegularExpression step(QStringLiteral("^(\\w+)\\[(\\d+)\\]$"));
    struct Kind
    {
        QLatin1String member;
        QLatin1String noun;
        QLatin1String nameMember;
    };
    static const Kind kinds[]
        = {{QLatin1String("DataModel"), QLatin1String("table"), QLatin1String("TableName")},
           {QLatin1String("TableFacets"), QLatin1String("facet"), QLatin1String("FacetName")},
           {QLatin1String("GlobalSecondaryIndexes"), QLatin1String("index"),
            QLatin1String("IndexName")},
           {QLatin1String("NonKeyAttributes"), QLatin1String("attribute"),
            QLatin1String("AttributeName")},
           {QLatin1String("TableData"), QLatin1String("item"), QLatin1String()}};
    QStringList words;
    QJsonValue current = root;
    const QStringList parts = path.split(u'.');
    qsizetype p = 0;
    for (; p < parts.size(); ++p) {
        const auto match = step.match(parts[p]);
        const auto kind = std::find_if(std::begin(kinds), std::end(kinds), [&](const Kind &k) {
            return k.member == match.captured(1);
        });
        if (!match.hasMatch() || kind == std::end(kinds))
            break;
        const qsizetype index = match.captured(2).toLongLong();
        current = current.toObject().value(kind->member).toArray().at(index);
        const QString name = current.toObject().value(kind->nameMember).toString();
        words << QString(kind->noun) + u' '
                + (name.isEmpty() ? QString::number(index + 1) : u'\'' + name + u'\'');
    }
    if (words.isEmpty())
        return path;
    if (p < parts.size())
        words << parts.mid(p).join(u'.');
    return words.join(QStringLiteral(", "));
}

// The model's outline: an object with a non-empty DataModel array of tables.
std::optional<Failure> checkModelShape(const QJsonDocument &document)
{
    if (!document.isObject())
        return Failure {{}, QStringLiteral("expected an object, found an array: ") + kWhatIsAModel};
    const QJsonObject root = document.object();
    if (!root.contains(kDataModel))
        return Failure {kDataModel, QStringLiteral("missing: ") + kWhatIsAModel};
    if (!root.value(kDataModel).isArray())
        return Failure {kDataModel,
                        QStringLiteral("expected an array of tables: ") + kWhatIsAModel};
    if (root.value(kDataModel).toArray().isEmpty())
        return Failure {kDataModel,
                        QStringLiteral("the model has no tables; add one in NoSQL "
                                       "Workbench before exporting")};
    if (root.contains(kModelMetadata) && !root.value(kModelMetadata).isObject())
        return Failure {kModelMetadata, QStringLiteral("expected an object")};
    return std::nullopt;
}

// ModelMetadata.Version, with a note when it is newer than Keyscope knows.
void readModelVersion(const QJsonObject &root, const QString &source,
                      WorkbenchModel::Import &result)
{
    const QJsonValue version
        = root.value(kModelMetadata).toObject().value(QLatin1String("Version"));
    result.version
        = version.isDouble() ? QString::number(version.toDouble(), 'f', 1) : version.toString();
    static const QStringList known {QStringLiteral("1.0"), QStringLiteral("2.0"),
                                    QStringLiteral("3.0")};
    if (!result.version.isEmpty() && !known.contains(result.version))
        result.notes << IoError {source,
                                 0,
                                 0,
                                 {},
                                 QStringLiteral("the model's version, ") + result.version
                                     + QStringLiteral(", is newer than the versions Keyscope "
                                                      "knows (1.0, 2.0, 3.0); reading it as 3.0")}
                            .toString();
}

// Every table's name; the table asked for (if any) must be one of them.
std::optional<Failure> readTableNames(const QJsonArray &tables, const QString &table,
                                      WorkbenchModel::Import &result)
{
    for (qsizetype i = 0; i < tables.size(); ++i) {
        const QString path = QStringLiteral("DataModel[%1]").arg(i);
        if (!tables.at(i).isObject())
            return Failure {path,
                            QStringLiteral("expected a table object {\"TableName\": ..., "
                                           "\"KeyAttributes\": {...}}")};
        result.tableNames << tables.at(i).toObject().value(QLatin1String("TableName")).toString();
    }
    if (!table.isEmpty() && !result.tableNames.contains(table))
        return Failure {kDataModel,
                        QStringLiteral("the model has no table \"%1\"; its tables: %2")
                            .arg(table, listedNames(result.tableNames))};
    return std::nullopt;
}

// A table read from the model alone: it must be a valid project (anything that is not is
// reported by its path).
std::optional<Failure> addModelProject(TableRead &tableRead, const TableContext &context,
                                       WorkbenchModel::Import &result)
{
    Project &read = tableRead.project;
    auto check = ProjectFile::fromJson(QJsonDocument(ProjectFile::toJson(read)), context.source);
    if (auto *errors = std::get_if<std::vector<IoError>>(&check))
        return Failure {context.path,
                        errors->front().path + QStringLiteral(": ") + errors->front().message};
    result.hints.push_back(facetHints(tableRead));
    result.projects.push_back(std::move(read));
    return std::nullopt;
}

// One table as a project: the Keyscope project it carries, else what the model says of it.
std::optional<Failure> readModelTable(const QJsonObject &root, const QJsonObject &tableJson,
                                      const TableContext &context, bool severalTables,
                                      WorkbenchModel::Import &result)
{
    auto table = readTable(root, tableJson, context);
    if (auto *failure = std::get_if<Failure>(&table))
        return *failure;
    TableRead &tableRead = std::get<TableRead>(table);
    Project &read = tableRead.project;
    if (severalTables)
        read.name = QStringLiteral("%1 — %2").arg(read.name, context.tableName);
    const QJsonValue embedded = tableJson.value(QLatin1String(WorkbenchModel::kProjectMember));
    if (embedded.isObject()) {
        auto merged = mergeEmbedded(read, embedded.toObject(), context);
        if (auto *failure = std::get_if<Failure>(&merged))
            return *failure;
        result.projects.push_back(std::get<Project>(std::move(merged)));
        result.hints.emplace_back(); // its entity types are Keyscope's own
        return std::nullopt;
    }
    if (!embedded.isUndefined())
        return Failure {context.path + u'.' + QLatin1String(WorkbenchModel::kProjectMember),
                        QStringLiteral("expected a Keyscope project object")};
    return addModelProject(tableRead, context, result);
}

std::variant<WorkbenchModel::Import, Failure> readModel(const QJsonObject &root,
                                                        const QString &source, const QString &table)
{
    WorkbenchModel::Import result;
    readModelVersion(root, source, result);
    const QJsonArray tables = root.value(kDataModel).toArray();
    if (auto failure = readTableNames(tables, table, result))
        return *failure;
    for (qsizetype i = 0; i < tables.size(); ++i) {
        if (!table.isEmpty() && result.tableNames.at(i) != table)
            continue;
        TableContext context {source, QStringLiteral("DataModel[%1]").arg(i), &result.notes,
                              result.tableNames.at(i), &result.leftOut};
        if (auto failure
            = readModelTable(root, tables.at(i).toObject(), context, tables.size() > 1, result))
            return *failure;
    }
    return result;
}

} // namespace

std::variant<WorkbenchModel::Import, IoError>
WorkbenchModel::fromDocument(const QJsonDocument &document, const QString &source,
                             const QString &table)
{
    const auto fail = [&](const Failure &failure) {
        return IoError {source, 0, 0, placeInWords(document.object(), failure.path),
                        failure.message};
    };
    if (auto failure = checkModelShape(document))
        return fail(*failure);
    auto read = readModel(document.object(), source, table);
    if (auto *failure = std::get_if<Failure>(&read))
        return fail(*failure);
    return std::get<Import>(std::move(read));
}
} // namespace keyscope::model
