// A NoSQL Workbench model's sample items (its table data) as hand-written items.
#include "model/interop/workbenchreaderparts.h"

#include "model/interop/interopjson.h"
#include "model/io/importnotes.h"
#include "model/io/itemsfile.h"
#include "model/value/dynamojson.h"

#include <QRegularExpression>

namespace keyscope::model::workbench::detail {

namespace {

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

} // namespace

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

} // namespace keyscope::model::workbench::detail
