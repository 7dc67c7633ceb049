#include "model/io/itemsfile.h"

#include "model/io/itemsentries.h"
#include "model/io/itemsreader.h"
#include "model/io/jsonfile.h"
#include "model/io/wording.h"
#include "model/value/dynamojson.h"
#include "model/value/jsonnumbertext.h"
#include "model/value/number.h"

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
    if (base.isEmpty())
        return rest;
    if (rest.startsWith(QLatin1Char('[')))
        return base + rest;
    return base + QLatin1Char('.') + rest;
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
            const QString text = jsonNumberText(number);
            auto parsed = Number::parse(text);
            if (!parsed)
                return fail(path,
                            QStringLiteral("the number %1 is out of DynamoDB's range").arg(text));
            return AttributeValue::number(*parsed);
        }
        case QJsonValue::Array:
        case QJsonValue::Object:
            return dynamojson::containerFromJson(
                json, [&](const QJsonValue &element, const QString &place) {
                    const QString at = path + place;
                    return looksTyped(element) ? typed(element, at) : plain(element, at);
                });
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

namespace itemsentries {

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

std::variant<Layout, IoError> decide(const Root &root, const TableDefinition &definition,
                                     const QString &source)
{
    const auto fail = [&](const QString &path, const QString &message) {
        return IoError {source, 0, 0, path, message};
    };
    Layout layout;
    if (root.isArray) {
        layout.shape = ItemsFile::Shape::ItemArray;
        return layout;
    }
    const std::vector<Member> *members = &root.members;
    QString rootPath;
    if (root.members.size() == 1 && root.members.front().key == u"RequestItems"
        && root.members.front().isObject) {
        members = &root.inner;
        rootPath = QStringLiteral("RequestItems.");
        layout.wrapped = true;
    }
    const auto find = [&](const QString &key) -> const Member * {
        for (const Member &member : *members) {
            if (member.key == key)
                return &member;
        }
        return nullptr;
    };
    const Member *items = find(QStringLiteral("Items"));
    if (rootPath.isEmpty() && items && items->isArray
        && !(root.itemsIsNonEmpty && root.itemsFirstLooksLikeWriteRequest)) {
        layout.shape = ItemsFile::Shape::ScanOutput;
        layout.memberKey = QStringLiteral("Items");
        layout.arrayPath = QStringLiteral("Items");
        return layout;
    }
    layout.shape = ItemsFile::Shape::BatchWriteRequest;
    if (members->empty())
        return fail({}, QStringLiteral("the object is empty: ") + kShapes);
    for (const Member &member : *members) {
        if (!member.isArray)
            return fail(rootPath + member.key,
                        QStringLiteral("expected an array of write requests: ") + kShapes);
    }
    QString table;
    if (find(definition.tableName)) {
        table = definition.tableName;
    } else if (members->size() == 1) {
        table = members->front().key;
        if (!definition.tableName.isEmpty())
            layout.notes << QStringLiteral("%1: the requests are for table \"%2\"; "
                                           "loading them into \"%3\"")
                                .arg(source, table, definition.tableName);
    } else {
        QStringList keys;
        for (const Member &member : *members)
            keys << member.key;
        return fail({},
                    QStringLiteral("no write requests for table \"%1\"; the file "
                                   "has requests for: %2")
                        .arg(definition.tableName, keys.join(u", ")));
    }
    for (const Member &member : *members) {
        if (member.key != table)
            layout.notes << QStringLiteral("%1: skipped the requests for table \"%2\"")
                                .arg(source, member.key);
    }
    layout.tableName = table;
    layout.memberKey = table;
    layout.arrayPath = rootPath + table;
    return layout;
}

Entries::Entries(const Layout &layout, const TableDefinition &definition, const QString &source,
                 ItemsFile::BadItems badItems, ItemsFile::Contents &contents, bool deletes)
    : m_layout(layout)
    , m_definition(definition)
    , m_source(source)
    , m_leaveOut(badItems == ItemsFile::BadItems::LeaveOut)
    , m_deletes(deletes)
    , m_contents(contents)
{
    m_contents.paths = ItemPaths(pathPrefix(), pathSuffix());
    put = [this](Item &&item, qsizetype index) {
        m_contents.items.push_back(std::move(item));
        m_contents.paths.append(index);
        added();
    };
}

ItemsFile::LoadResult loadResult(const ItemsFile::Contents &contents,
                                 const Table::LoadResult &written)
{
    return {contents.shape,          written.written,  written.replaced,
            contents.deleteRequests, contents.deleted, contents.notes};
}

// An item's path is "<array>[<index>]", then ".PutRequest.Item" in a batch request.
QString Entries::pathPrefix() const
{
    return m_layout.arrayPath + QLatin1Char('[');
}

QString Entries::pathSuffix() const
{
    return m_layout.shape == ItemsFile::Shape::BatchWriteRequest
        ? QStringLiteral("].PutRequest.Item")
        : QStringLiteral("]");
}

QString Entries::itemPath(qsizetype index) const
{
    return pathPrefix() + QString::number(index) + pathSuffix();
}

void Entries::accept(Item &&item, qsizetype index)
{
    put(std::move(item), index);
}

void Entries::added()
{
    if (m_keysTracked) {
        const size_t index = m_contents.items.size() - 1;
        track(m_contents.items.attributes(index, m_keyNames), qsizetype(index));
    }
}

void Entries::track(const Item &key, qsizetype index)
{
    const QByteArray identity = primaryKeyIdentity(key, m_definition.keys);
    if (!identity.isEmpty())
        m_putsByKey[identity].push_back(index);
}

// Only a file with DeleteRequests needs the items' keys: they are gathered at the first one.
void Entries::trackKeys()
{
    if (m_keysTracked)
        return;
    m_keysTracked = true;
    for (const auto &attribute : m_definition.keys.all())
        m_keyNames << attribute.name;
    for (size_t i = 0; i < m_contents.items.size(); ++i)
        track(m_contents.items.attributes(i, m_keyNames), qsizetype(i));
}

ItemPlace Entries::placeOf(qsizetype index, const QJsonValue &itemJson, const QString &path) const
{
    const bool batch = m_layout.shape == ItemsFile::Shape::BatchWriteRequest;
    QStringList keyNames;
    for (const KeyAttribute &key : m_definition.keys.all())
        keyNames << key.name;
    ItemPlace place {batch ? m_layout.tableName : QString(),
                     {},
                     index,
                     ImportNotes::keysOf(itemJson, keyNames),
                     path};
    if (batch)
        place.noun = QStringLiteral("request");
    return place;
}

std::optional<IoError> Entries::deleteRequest(const QJsonValue &request, qsizetype index)
{
    const QString entryPath = QStringLiteral("%1[%2]").arg(m_layout.arrayPath).arg(index);
    const QJsonValue keyJson = request.toObject().value(QLatin1String("Key"));
    const QString keyPath = entryPath + QStringLiteral(".DeleteRequest.Key");
    const auto badRequest = [&](const QString &at, const QString &inside,
                                const QString &message) -> std::optional<IoError> {
        if (!m_leaveOut)
            return IoError {m_source, 0, 0, joinPath(at, inside), message};
        ++m_contents.leftOut;
        m_contents.notes << ImportNotes::leftOut(m_source, placeOf(index, keyJson, at), inside,
                                                 message, QStringLiteral("DeleteRequest"));
        return std::nullopt;
    };
    if (keyJson.isUndefined())
        return badRequest(entryPath + QStringLiteral(".DeleteRequest"), {},
                          QStringLiteral("missing \"Key\""));
    QString message;
    QString path;
    auto key = dynamojson::itemFromJson(keyJson, &message, &path);
    if (!key)
        return badRequest(keyPath, path, message);
    const QByteArray identity = primaryKeyIdentity(*key, m_definition.keys);
    if (identity.isEmpty() || key->size() != m_definition.keys.all().size())
        return badRequest(keyPath, {},
                          QStringLiteral("The provided key element does not match the schema"));
    ++m_contents.deleteRequests;
    trackKeys();
    // Every earlier put of that key is gone: the last one replaced the others, and the delete
    // removes it.
    const auto it = m_putsByKey.find(identity);
    if (it != m_putsByKey.end()) {
        m_removed.resize(m_contents.items.size(), false);
        for (const qsizetype put : *it)
            m_removed[size_t(put)] = true;
        m_contents.deleted += it->size();
        m_putsByKey.erase(it);
    }
    return std::nullopt;
}

std::optional<IoError> Entries::entry(const QJsonValue &json, qsizetype index)
{
    const QString entryPath = QStringLiteral("%1[%2]").arg(m_layout.arrayPath).arg(index);
    QJsonValue itemJson = json;
    QString itemPath = entryPath;
    // Refuses the file, or leaves the entry out with a note naming it in words.
    const auto refuse = [&](const QString &at, const QString &inside,
                            const QString &message) -> std::optional<IoError> {
        if (!m_leaveOut)
            return IoError {m_source, 0, 0, joinPath(at, inside), message};
        ++m_contents.leftOut;
        m_contents.notes << ImportNotes::leftOut(m_source, placeOf(index, itemJson, at), inside,
                                                 message);
        return std::nullopt;
    };
    if (m_layout.shape == ItemsFile::Shape::BatchWriteRequest) {
        const QJsonObject request = json.toObject();
        if (request.size() == 1 && request.value(kPutRequest).isObject()) {
            itemJson = request.value(kPutRequest).toObject().value(QLatin1String("Item"));
            itemPath = entryPath + QStringLiteral(".PutRequest.Item");
            if (itemJson.isUndefined())
                return refuse(entryPath + QStringLiteral(".PutRequest"), {},
                              QStringLiteral("missing \"Item\""));
        } else if (request.size() == 1 && request.value(kDeleteRequest).isObject()) {
            if (!m_deletes) {
                m_needsItems = true;
                return std::nullopt;
            }
            return deleteRequest(request.value(kDeleteRequest), index);
        } else {
            return refuse(entryPath, {},
                          QStringLiteral("expected {\"PutRequest\": {\"Item\": {...}}} or "
                                         "{\"DeleteRequest\": {\"Key\": {...}}}"));
        }
    }
    QString message;
    QString path;
    std::vector<ItemsFile::Repair> repairs;
    auto item = m_leaveOut ? ItemsFile::itemFromJsonLeniently(itemJson, &repairs, &message, &path)
                           : dynamojson::itemFromJson(itemJson, &message, &path);
    if (!item)
        return refuse(itemPath, path, message);
    if (!repairs.empty())
        m_contents.notes << ImportNotes::repaired(m_source, placeOf(index, itemJson, itemPath),
                                                  repairs);
    accept(std::move(*item), index);
    return std::nullopt;
}

void Entries::finish()
{
    ItemsFile::Contents &contents = m_contents;
    if (contents.deleted > 0) {
        const auto kept = [&](size_t i) { return i >= m_removed.size() || !m_removed[i]; };
        contents.items = contents.items.keeping(kept);
        contents.paths.keepOnly([&](qsizetype i) { return kept(size_t(i)); });
    }
    contents.items.squeeze();
    if (contents.deleteRequests > 0)
        contents.notes << QStringLiteral("%1: applied %2: %3 put earlier in the file %4 removed")
                              .arg(m_source,
                                   counted(contents.deleteRequests, QStringLiteral("DeleteRequest"),
                                           QStringLiteral("DeleteRequests")),
                                   counted(contents.deleted, QStringLiteral("item"),
                                           QStringLiteral("items")),
                                   contents.deleted == 1 ? QStringLiteral("was")
                                                         : QStringLiteral("were"));
}

} // namespace itemsentries

std::variant<ItemsFile::Contents, IoError>
ItemsFile::fromDocument(const QJsonDocument &document, const QString &source,
                        const TableDefinition &definition, BadItems badItems)
{
    // The shape: what is at the top and which array holds the entries.
    itemsentries::Root root;
    root.isArray = document.isArray();
    const QJsonObject object = document.object();
    const auto membersOf = [](const QJsonObject &object) {
        std::vector<itemsentries::Member> members;
        for (auto it = object.begin(); it != object.end(); ++it)
            members.push_back({it.key(), it.value().isArray(), it.value().isObject()});
        return members;
    };
    root.members = membersOf(object);
    const QJsonObject inner = object.value(QLatin1String("RequestItems")).toObject();
    if (object.size() == 1)
        root.inner = membersOf(inner);
    const QJsonArray items = object.value(QLatin1String("Items")).toArray();
    root.itemsIsNonEmpty = !items.isEmpty();
    root.itemsFirstLooksLikeWriteRequest
        = !items.isEmpty() && itemsentries::looksLikeWriteRequest(items.at(0));
    auto decided = itemsentries::decide(root, definition, source);
    if (auto *error = std::get_if<IoError>(&decided))
        return *error;
    const auto &layout = std::get<itemsentries::Layout>(decided);
    const QJsonArray entries = root.isArray ? document.array()
        : layout.wrapped                    ? inner.value(layout.memberKey).toArray()
                                            : object.value(layout.memberKey).toArray();

    Contents contents;
    contents.shape = layout.shape;
    contents.tableName = layout.tableName;
    contents.notes = layout.notes;
    // Read every entry; DeleteRequests remove items put earlier in the file (the table starts
    // empty, so that is all they can do).
    itemsentries::Entries reader(layout, definition, source, badItems, contents, true);
    for (qsizetype i = 0; i < entries.size(); ++i) {
        if (auto error = reader.entry(entries.at(i), i))
            return *error;
    }
    reader.finish();
    return contents;
}

std::variant<ItemsFile::LoadResult, IoError> ItemsFile::put(Table &table, const Contents &contents,
                                                            const QString &source)
{
    auto written = table.putItems(contents.items);
    if (auto *error = std::get_if<Table::ItemError>(&written)) {
        const QString path = contents.paths.value(error->index);
        return IoError {source, 0, 0, path, error->message};
    }
    return itemsentries::loadResult(contents, std::get<Table::LoadResult>(written));
}

std::variant<ItemsFile::Contents, IoError>
ItemsFile::read(const QString &path, const TableDefinition &definition, BadItems badItems,
                const Progress &progress, bool *cancelled)
{
    return itemsreader::read(path, definition, badItems, progress, cancelled);
}

std::variant<ItemsFile::LoadResult, IoError>
ItemsFile::load(Table &table, const QString &path, const Progress &progress, bool *cancelled)
{
    return itemsreader::load(table, path, progress, cancelled);
}

} // namespace keyscope::model
