#include "model/io/itemsfile.h"

#include "model/io/jsonfile.h"
#include "model/value/dynamojson.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>

namespace keyscope::model {

namespace {

const QLatin1String kPutRequest("PutRequest");
const QLatin1String kDeleteRequest("DeleteRequest");

QString joinPath(const QString &base, const QString &rest)
{
    if (rest.isEmpty())
        return base;
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

std::variant<ItemsFile::Contents, IoError> ItemsFile::read(const QString &path,
                                                           const TableDefinition &definition)
{
    auto document = JsonFile::read(path);
    if (auto *error = std::get_if<IoError>(&document))
        return *error;
    return fromDocument(std::get<QJsonDocument>(document), path, definition);
}

std::variant<ItemsFile::Contents, IoError>
ItemsFile::fromDocument(const QJsonDocument &document, const QString &source,
                        const TableDefinition &definition)
{
    Contents contents;
    const auto fail = [&](const QString &path, const QString &message) {
        return IoError {source, 0, 0, path, message};
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
                if (itemJson.isUndefined())
                    return fail(entryPath + QStringLiteral(".PutRequest"),
                                QStringLiteral("missing \"Item\""));
            } else if (request.size() == 1 && request.value(kDeleteRequest).isObject()) {
                const QJsonValue keyJson
                    = request.value(kDeleteRequest).toObject().value(QLatin1String("Key"));
                const QString keyPath = entryPath + QStringLiteral(".DeleteRequest.Key");
                if (keyJson.isUndefined())
                    return fail(entryPath + QStringLiteral(".DeleteRequest"),
                                QStringLiteral("missing \"Key\""));
                QString message;
                QString path;
                auto key = dynamojson::itemFromJson(keyJson, &message, &path);
                if (!key)
                    return fail(joinPath(keyPath, path), message);
                const QByteArray identity = primaryKeyIdentity(*key, definition.keys);
                if (identity.isEmpty() || key->size() != definition.keys.all().size())
                    return fail(keyPath,
                                QStringLiteral("The provided key element does not "
                                               "match the schema"));
                ++contents.deleteRequests;
                const auto it = lastByKey.find(identity);
                if (it != lastByKey.end()) {
                    removed[size_t(*it)] = true;
                    ++contents.deleted;
                    lastByKey.erase(it);
                }
                continue;
            } else {
                return fail(entryPath,
                            QStringLiteral("expected {\"PutRequest\": {\"Item\": "
                                           "{...}}} or {\"DeleteRequest\": {\"Key\": "
                                           "{...}}}"));
            }
        }
        QString message;
        QString path;
        auto item = dynamojson::itemFromJson(itemJson, &message, &path);
        if (!item)
            return fail(joinPath(itemPath, path), message);
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
