#include "model/io/itemsfile.h"

#include "model/io/jsonfile.h"
#include "model/value/dynamojson.h"
#include "model/value/number.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>

#include <cmath>

namespace keyscope::model {

namespace {

const QLatin1String kPutRequest("PutRequest");
const QLatin1String kDeleteRequest("DeleteRequest");

QString joinPath(const QString &base, const QString &rest)
{
    if (rest.isEmpty())
        return base;
    if (base.isEmpty())
        return rest;
    if (rest.startsWith(QLatin1Char('[')))
        return base + rest;
    return base + QLatin1Char('.') + rest;
}

// {"PutRequest": {"Item": ...}} or {"DeleteRequest": {"Key": ...}}: the write-request shape.
// Used to tell a batch for a table named "Items" from scan output.
bool looksLikeWriteRequest(const QJsonValue &value)
{
    const QJsonObject object = value.toObject();
    if (object.size() != 1)
        return false;
    if (object.contains(kPutRequest))
        return object.value(kPutRequest).toObject().contains(QLatin1String("Item"));
    if (object.contains(kDeleteRequest))
        return object.value(kDeleteRequest).toObject().contains(QLatin1String("Key"));
    return false;
}

// Identity of an item's primary key, for DeleteRequests; empty if a key attribute is missing
// or not a key type (such an item fails validation later anyway).
QByteArray primaryKeyIdentity(const Item &item, const KeySchema &keys)
{
    QByteArray identity;
    for (const auto &attribute : keys.all()) {
        const auto it = item.find(attribute.name);
        if (it == item.end() || !it->second.isKeyType())
            return {};
        const QByteArray bytes = it->second.sortableBytes();
        identity += char(it->second.type());
        identity += QByteArray::number(bytes.size());
        identity += ':';
        identity += bytes;
    }
    return identity;
}

// Lenient reading (ItemsFile::valueFromJsonLeniently). `path` is where the value being read
// sits, relative to the item ("Reward.M.Gold").
struct Lenient
{
    std::vector<ItemsFile::Repair> *repairs;
    QString *error;
    QString *errorPath;

    std::optional<AttributeValue> fail(const QString &path, const QString &message) const
    {
        if (error)
            *error = message;
        if (errorPath)
            *errorPath = path;
        return std::nullopt;
    }

    static bool looksTyped(const QJsonValue &json)
    {
        if (!json.isObject())
            return false;
        const QJsonObject object = json.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (AttributeValue::typeFromName(it.key()))
                return true;
        }
        return false;
    }

    static QString what(const QJsonValue &json)
    {
        switch (json.type()) {
        case QJsonValue::String:
            return QStringLiteral("a string as S");
        case QJsonValue::Double:
            return QStringLiteral("a number as N");
        case QJsonValue::Bool:
            return json.toBool() ? QStringLiteral("true as BOOL") : QStringLiteral("false as BOOL");
        case QJsonValue::Null:
            return QStringLiteral("null as NULL");
        case QJsonValue::Array:
            return QStringLiteral("an array as L");
        case QJsonValue::Object:
            return QStringLiteral("an object as M");
        case QJsonValue::Undefined:
            break;
        }
        return {};
    }

    // A value that must be DynamoDB JSON; an M's members and an L's elements are read leniently.
    std::optional<AttributeValue> typed(const QJsonValue &json, const QString &path) const
    {
        const QJsonObject object = json.toObject();
        if (json.isObject() && object.size() == 1) {
            const QString type = object.begin().key();
            const QJsonValue payload = object.begin().value();
            if (type == u"M" && payload.isObject()) {
                AttributeValue::Map members;
                const QJsonObject map = payload.toObject();
                for (auto it = map.begin(); it != map.end(); ++it) {
                    auto value = member(it.value(), path + QStringLiteral(".M.") + it.key());
                    if (!value)
                        return std::nullopt;
                    members[it.key()] = std::move(*value);
                }
                return AttributeValue::map(std::move(members));
            }
            if (type == u"L" && payload.isArray()) {
                AttributeValue::List elements;
                const QJsonArray list = payload.toArray();
                for (qsizetype i = 0; i < list.size(); ++i) {
                    auto value = member(list.at(i), path + QStringLiteral(".L[%1]").arg(i));
                    if (!value)
                        return std::nullopt;
                    elements.push_back(std::move(*value));
                }
                return AttributeValue::list(std::move(elements));
            }
        }
        QString message;
        QString inner;
        auto value = dynamojson::valueFromJson(json, &message, &inner);
        if (!value)
            return fail(path + inner, message);
        return value;
    }

    // An M's member or an L's element: DynamoDB JSON where it looks like it, else plain JSON.
    std::optional<AttributeValue> member(const QJsonValue &json, const QString &path) const
    {
        if (looksTyped(json))
            return typed(json, path);
        if (repairs)
            repairs->push_back({path, what(json)});
        return plain(json, path);
    }

    // Plain JSON; inside it, what looks like DynamoDB JSON is read as such.
    std::optional<AttributeValue> plain(const QJsonValue &json, const QString &path) const
    {
        switch (json.type()) {
        case QJsonValue::String:
            return AttributeValue::string(json.toString());
        case QJsonValue::Bool:
            return AttributeValue::boolean(json.toBool());
        case QJsonValue::Null:
            return AttributeValue::null();
        case QJsonValue::Double: {
            const double number = json.toDouble();
            const QString text = std::floor(number) == number && std::fabs(number) < 9.007e15
                ? QString::number(qint64(number))
                : QString::number(number, 'g', 17);
            auto parsed = Number::parse(text);
            if (!parsed)
                return fail(path,
                            QStringLiteral("the number %1 is out of DynamoDB's range").arg(text));
            return AttributeValue::number(*parsed);
        }
        case QJsonValue::Array: {
            AttributeValue::List elements;
            const QJsonArray array = json.toArray();
            for (qsizetype i = 0; i < array.size(); ++i) {
                const QString at = path + QStringLiteral("[%1]").arg(i);
                auto value
                    = looksTyped(array.at(i)) ? typed(array.at(i), at) : plain(array.at(i), at);
                if (!value)
                    return std::nullopt;
                elements.push_back(std::move(*value));
            }
            return AttributeValue::list(std::move(elements));
        }
        case QJsonValue::Object: {
            AttributeValue::Map members;
            const QJsonObject object = json.toObject();
            for (auto it = object.begin(); it != object.end(); ++it) {
                const QString at = path + u'.' + it.key();
                auto value = looksTyped(it.value()) ? typed(it.value(), at) : plain(it.value(), at);
                if (!value)
                    return std::nullopt;
                members[it.key()] = std::move(*value);
            }
            return AttributeValue::map(std::move(members));
        }
        case QJsonValue::Undefined:
            break;
        }
        return fail(path, QStringLiteral("missing value"));
    }
};

const QString kShapes = QStringLiteral(
    "expected a batch-write-item request {\"<Table>\": [{\"PutRequest\": {\"Item\": {...}}}]}, "
    "scan or query output {\"Items\": [...]}, or a JSON array of items");

} // namespace

QString ItemsFile::shapeName(Shape shape)
{
    switch (shape) {
    case Shape::BatchWriteRequest:
        return QStringLiteral("batch-write-item request");
    case Shape::ScanOutput:
        return QStringLiteral("scan/query output");
    case Shape::ItemArray:
        return QStringLiteral("array of items");
    }
    return {};
}

std::optional<AttributeValue> ItemsFile::valueFromJsonLeniently(const QJsonValue &json,
                                                                std::vector<Repair> *repairs,
                                                                QString *error, QString *errorPath)
{
    return Lenient {repairs, error, errorPath}.typed(json, {});
}

std::optional<Item> ItemsFile::itemFromJsonLeniently(const QJsonValue &json,
                                                     std::vector<Repair> *repairs, QString *error,
                                                     QString *errorPath)
{
    if (!json.isObject())
        return dynamojson::itemFromJson(json, error, errorPath);
    const Lenient lenient {repairs, error, errorPath};
    Item item;
    const QJsonObject object = json.toObject();
    for (auto it = object.begin(); it != object.end(); ++it) {
        auto value = lenient.typed(it.value(), it.key());
        if (!value)
            return std::nullopt;
        item[it.key()] = std::move(*value);
    }
    return item;
}

QString ItemsFile::repairNote(const QString &source, const QString &itemPath,
                              const std::vector<Repair> &repairs)
{
    if (repairs.empty())
        return {};
    const auto where = [&](const Repair &repair) { return joinPath(itemPath, repair.path); };
    QString note = IoError {source, 0, 0, where(repairs.front()),
                            QStringLiteral("plain JSON where a DynamoDB value belongs, read as "
                                           "one (%1)")
                                .arg(repairs.front().what)}
                       .toString();
    QStringList more;
    for (std::size_t i = 1; i < repairs.size(); ++i)
        more << QStringLiteral("%1 (%2)").arg(where(repairs[i]), repairs[i].what);
    if (!more.isEmpty())
        note += QStringLiteral("; also at ") + more.join(QStringLiteral(", "));
    return note;
}

QString ItemsFile::leftOutNote(const QString &source, const QString &path, const QString &why)
{
    return IoError {source, 0, 0, path,
                    QStringLiteral("left out this item (the rest is imported): ") + why}
        .toString();
}

std::variant<ItemsFile::Contents, IoError>
ItemsFile::read(const QString &path, const TableDefinition &definition, BadItems badItems)
{
    auto document = JsonFile::read(path);
    if (auto *error = std::get_if<IoError>(&document))
        return *error;
    return fromDocument(std::get<QJsonDocument>(document), path, definition, badItems);
}

std::variant<ItemsFile::Contents, IoError>
ItemsFile::fromDocument(const QJsonDocument &document, const QString &source,
                        const TableDefinition &definition, BadItems badItems)
{
    Contents contents;
    const auto fail = [&](const QString &path, const QString &message) {
        return IoError {source, 0, 0, path, message};
    };
    const bool leaveOut = badItems == BadItems::LeaveOut;
    const auto leaveOutNote = [&](const QString &path, const QString &message) {
        contents.notes << leftOutNote(source, path, message);
    };

    // Decide the shape and find the array of entries to read.
    QJsonArray entries;
    QString arrayPath; // JSON path of `entries`, the prefix of every item path
    if (document.isArray()) {
        contents.shape = Shape::ItemArray;
        entries = document.array();
    } else {
        QJsonObject root = document.object();
        QString rootPath;
        if (root.size() == 1 && root.value(QLatin1String("RequestItems")).isObject()) {
            root = root.value(QLatin1String("RequestItems")).toObject();
            rootPath = QStringLiteral("RequestItems.");
        }
        const QJsonValue items = root.value(QLatin1String("Items"));
        const bool scanOutput = rootPath.isEmpty() && items.isArray()
            && !(items.toArray().size() > 0 && looksLikeWriteRequest(items.toArray().at(0)));
        if (scanOutput) {
            contents.shape = Shape::ScanOutput;
            entries = items.toArray();
            arrayPath = QStringLiteral("Items");
        } else {
            contents.shape = Shape::BatchWriteRequest;
            if (root.isEmpty())
                return fail({}, QStringLiteral("the object is empty: ") + kShapes);
            for (auto it = root.begin(); it != root.end(); ++it) {
                if (!it.value().isArray())
                    return fail(rootPath + it.key(),
                                QStringLiteral("expected an array of write requests: ") + kShapes);
            }
            QString table;
            if (root.contains(definition.tableName)) {
                table = definition.tableName;
            } else if (root.size() == 1) {
                table = root.begin().key();
                if (!definition.tableName.isEmpty())
                    contents.notes << QStringLiteral("%1: the requests are for table \"%2\"; "
                                                     "loading them into \"%3\"")
                                          .arg(source, table, definition.tableName);
            } else {
                return fail({},
                            QStringLiteral("no write requests for table \"%1\"; the file "
                                           "has requests for: %2")
                                .arg(definition.tableName, root.keys().join(u", ")));
            }
            for (const QString &other : root.keys()) {
                if (other != table)
                    contents.notes << QStringLiteral("%1: skipped the requests for table "
                                                     "\"%2\"")
                                          .arg(source, other);
            }
            contents.tableName = table;
            entries = root.value(table).toArray();
            arrayPath = rootPath + table;
        }
    }

    // Read every entry; DeleteRequests remove items put earlier in the file (the table starts
    // empty, so that is all they can do).
    QHash<QByteArray, qsizetype> lastByKey; // primary key -> index in contents.items
    std::vector<bool> removed;
    for (qsizetype i = 0; i < entries.size(); ++i) {
        const QString entryPath = QStringLiteral("%1[%2]").arg(arrayPath).arg(i);
        QJsonValue itemJson = entries.at(i);
        QString itemPath = entryPath;
        if (contents.shape == Shape::BatchWriteRequest) {
            const QJsonObject request = itemJson.toObject();
            if (request.size() == 1 && request.value(kPutRequest).isObject()) {
                itemJson = request.value(kPutRequest).toObject().value(QLatin1String("Item"));
                itemPath = entryPath + QStringLiteral(".PutRequest.Item");
                if (itemJson.isUndefined()) {
                    if (!leaveOut)
                        return fail(entryPath + QStringLiteral(".PutRequest"),
                                    QStringLiteral("missing \"Item\""));
                    leaveOutNote(entryPath + QStringLiteral(".PutRequest"),
                                 QStringLiteral("missing \"Item\""));
                    continue;
                }
            } else if (request.size() == 1 && request.value(kDeleteRequest).isObject()) {
                const QJsonValue keyJson
                    = request.value(kDeleteRequest).toObject().value(QLatin1String("Key"));
                const QString keyPath = entryPath + QStringLiteral(".DeleteRequest.Key");
                const auto badRequest = [&](const QString &path, const QString &message) {
                    if (leaveOut)
                        contents.notes << IoError {source, 0, 0, path,
                                                   QStringLiteral("left out this DeleteRequest "
                                                                  "(the rest is imported): ")
                                                       + message}
                                              .toString();
                    return fail(path, message);
                };
                if (keyJson.isUndefined()) {
                    auto error = badRequest(entryPath + QStringLiteral(".DeleteRequest"),
                                            QStringLiteral("missing \"Key\""));
                    if (!leaveOut)
                        return error;
                    continue;
                }
                QString message;
                QString path;
                auto key = dynamojson::itemFromJson(keyJson, &message, &path);
                if (!key) {
                    auto error = badRequest(joinPath(keyPath, path), message);
                    if (!leaveOut)
                        return error;
                    continue;
                }
                const QByteArray identity = primaryKeyIdentity(*key, definition.keys);
                if (identity.isEmpty() || key->size() != definition.keys.all().size()) {
                    auto error = badRequest(keyPath,
                                            QStringLiteral("The provided key element "
                                                           "does not match the schema"));
                    if (!leaveOut)
                        return error;
                    continue;
                }
                ++contents.deleteRequests;
                const auto it = lastByKey.find(identity);
                if (it != lastByKey.end()) {
                    removed[size_t(*it)] = true;
                    ++contents.deleted;
                    lastByKey.erase(it);
                }
                continue;
            } else {
                const QString message = QStringLiteral(
                    "expected {\"PutRequest\": {\"Item\": {...}}} or {\"DeleteRequest\": "
                    "{\"Key\": {...}}}");
                if (!leaveOut)
                    return fail(entryPath, message);
                leaveOutNote(entryPath, message);
                continue;
            }
        }
        QString message;
        QString path;
        std::vector<Repair> repairs;
        auto item = leaveOut ? itemFromJsonLeniently(itemJson, &repairs, &message, &path)
                             : dynamojson::itemFromJson(itemJson, &message, &path);
        if (!item) {
            if (!leaveOut)
                return fail(joinPath(itemPath, path), message);
            leaveOutNote(joinPath(itemPath, path), message);
            continue;
        }
        if (!repairs.empty())
            contents.notes << repairNote(source, itemPath, repairs);
        if (contents.deleteRequests > 0 || contents.shape == Shape::BatchWriteRequest) {
            const QByteArray identity = primaryKeyIdentity(*item, definition.keys);
            if (!identity.isEmpty())
                lastByKey.insert(identity, qsizetype(contents.items.size()));
        }
        contents.items.push_back(std::move(*item));
        contents.paths << itemPath;
        removed.push_back(false);
    }

    if (contents.deleted > 0) {
        std::vector<Item> kept;
        QStringList keptPaths;
        kept.reserve(contents.items.size() - size_t(contents.deleted));
        for (std::size_t i = 0; i < contents.items.size(); ++i) {
            if (!removed[i]) {
                kept.push_back(std::move(contents.items[i]));
                keptPaths << contents.paths.at(qsizetype(i));
            }
        }
        contents.items = std::move(kept);
        contents.paths = keptPaths;
    }
    if (contents.deleteRequests > 0)
        contents.notes << QStringLiteral("%1: applied %2 DeleteRequest(s): %3 item(s) put earlier "
                                         "in the file were removed")
                              .arg(source)
                              .arg(contents.deleteRequests)
                              .arg(contents.deleted);
    return contents;
}

std::variant<ItemsFile::LoadResult, IoError> ItemsFile::put(Table &table, const Contents &contents,
                                                            const QString &source)
{
    auto written = table.putItems(contents.items);
    if (auto *error = std::get_if<Table::ItemError>(&written)) {
        const QString path = error->index >= 0 && error->index < contents.paths.size()
            ? contents.paths.at(error->index)
            : QString();
        return IoError {source, 0, 0, path, error->message};
    }
    const auto &result = std::get<Table::LoadResult>(written);
    LoadResult load;
    load.shape = contents.shape;
    load.written = result.written;
    load.replaced = result.replaced;
    load.deleteRequests = contents.deleteRequests;
    load.deleted = contents.deleted;
    load.notes = contents.notes;
    return load;
}

std::variant<ItemsFile::LoadResult, IoError> ItemsFile::load(Table &table, const QString &path)
{
    auto contents = read(path, table.definition());
    if (auto *error = std::get_if<IoError>(&contents))
        return *error;
    return put(table, std::get<Contents>(contents), path);
}

} // namespace keyscope::model
