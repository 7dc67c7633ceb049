#pragma once

// Internal to ItemsFile and ItemsReader: how a file's top level picks the array of entries, and
// how one entry becomes an item, shared by the streaming reader and the QJsonDocument path so
// both give the same items, notes and errors.

#include "model/io/importnotes.h"
#include "model/io/itemsfile.h"

#include <QHash>

#include <functional>

namespace keyscope::model::itemsentries {

// A member of the top-level object (or of the object inside {"RequestItems": ...}).
struct Member
{
    QString key;
    bool isArray = false;
    bool isObject = false;
};

// What the shape decision needs to know of a file, from a document or from a streaming pass.
struct Root
{
    bool isArray = false;
    std::vector<Member> members;  // in QJsonObject order (sorted by key)
    std::vector<Member> inner;    // members of "RequestItems" when it is the only member
    bool itemsIsNonEmpty = false; // a top-level "Items" array has an element
    bool itemsFirstLooksLikeWriteRequest = false;
};

struct Layout
{
    ItemsFile::Shape shape = ItemsFile::Shape::ItemArray;
    bool wrapped = false; // the array is a member of "RequestItems"
    QString memberKey;    // the member holding the array; empty for a top-level array
    QString tableName;    // batch shape
    QString arrayPath;    // JSON path of the array, the prefix of every item path
    QStringList notes;
};

// {"PutRequest": {"Item": {...}}} or {"DeleteRequest": {"Key": {...}}}.
bool looksLikeWriteRequest(const QJsonValue &value);

std::variant<Layout, IoError> decide(const Root &root, const TableDefinition &definition,
                                     const QString &source);

// Reads the entries of the chosen array one by one into `contents` (notes, counters) and hands
// each valid item to `put` with its position in the array.
class Entries
{
public:
    // put(item, index) takes an item; `deletes` says whether DeleteRequests can be applied
    // (they remove items put earlier, so the items must still be at hand: contents.items).
    Entries(const Layout &layout, const TableDefinition &definition, const QString &source,
            ItemsFile::BadItems badItems, ItemsFile::Contents &contents, bool deletes);

    // One entry as QJsonValue; an IoError when the file is refused.
    std::optional<IoError> entry(const QJsonValue &json, qsizetype index);
    // A valid item (strictly DynamoDB JSON) read by a faster path than entry().
    void accept(Item &&item, qsizetype index);
    // An item was appended to contents.items (by `put`, or by a sink that encodes items itself).
    void added();
    // Applies the DeleteRequests to contents.items; adds their note.
    void finish();

    // Whether a DeleteRequest was met while `deletes` is false (then nothing more was read).
    bool needsItems() const { return m_needsItems; }
    QString itemPath(qsizetype index) const;

    std::function<void(Item &&, qsizetype)> put; // default: contents.items and contents.paths

private:
    std::optional<IoError> deleteRequest(const QJsonValue &request, qsizetype index);
    // Where entry `index` stands, in words (itemJson gives its keys), for a note.
    ItemPlace placeOf(qsizetype index, const QJsonValue &itemJson, const QString &path) const;
    QString pathPrefix() const;
    QString pathSuffix() const;
    void trackKeys();
    void track(const Item &key, qsizetype index);

    const Layout &m_layout;
    const TableDefinition &m_definition;
    QString m_source;
    bool m_leaveOut = false;
    bool m_deletes = true;
    bool m_needsItems = false;
    ItemsFile::Contents &m_contents;
    // From the first DeleteRequest on: primary key -> the puts of it in contents.items.
    bool m_keysTracked = false;
    QStringList m_keyNames;
    QHash<QByteArray, std::vector<qsizetype>> m_putsByKey;
    std::vector<bool> m_removed; // by index in contents.items; shorter when the rest are kept
};

// What loading `contents` into a table reports, once the table has taken them.
ItemsFile::LoadResult loadResult(const ItemsFile::Contents &contents,
                                 const Table::LoadResult &written);

} // namespace keyscope::model::itemsentries
