#pragma once

#include "model/io/ioerror.h"
#include "model/io/itempaths.h"
#include "model/table/table.h"
#include "model/value/attributevalue.h"

#include <QJsonDocument>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>
#include <variant>
#include <vector>

namespace keyscope::model {

// Loads items from the files users already have, all in DynamoDB JSON:
//  - a batch-write-item request: {"<Table>": [{"PutRequest": {"Item": {...}}}, ...], ...},
//    optionally wrapped as {"RequestItems": {...}} (the --cli-input-json form), any length;
//  - scan or query output: {"Items": [...], "Count": ..., ...};
//  - a plain JSON array of items.
// Errors name the file and the JSON path of the bad value: `items.json: Items[3].Temp.N: ...`.
class ItemsFile
{
public:
    enum class Shape { BatchWriteRequest, ScanOutput, ItemArray };

    // What a bad item does to a file: refuse the whole file (loading a table for a query), or
    // leave the item out with a note naming the file, its path and why, and read the rest
    // (importing: `keyscope convert`, File > Import). Leaving out also repairs plain JSON inside
    // an M or L (see valueFromJsonLeniently).
    enum class BadItems { Refuse, LeaveOut };

    // A place where plain JSON stood for a DynamoDB value and was read as one.
    struct Repair
    {
        QString path; // relative to the item: "Reward.M.Gold", "Tags.L[2]"
        QString what; // "a number as N"
    };

    struct Contents
    {
        Shape shape = Shape::ItemArray;
        QString tableName; // batch shape: whose requests were taken
        ItemList items;    // in file order, DeleteRequests already applied
        ItemPaths paths;   // JSON path of each item, e.g. "Items[3]"
        qsizetype deleteRequests = 0;
        qsizetype deleted = 0; // items put earlier in the file that a DeleteRequest removed
        QStringList notes;     // things the user may not expect (other tables skipped, ...)
        // Entries left out (BadItems::LeaveOut, or by InteropFile::leaveOutUnfitItems): items,
        // CSV rows and DeleteRequests, each with a note.
        qsizetype leftOut = 0;
    };

    struct LoadResult
    {
        Shape shape = Shape::ItemArray;
        qsizetype written = 0;  // items written to the table
        qsizetype replaced = 0; // writes that replaced an item with the same primary key
        qsizetype deleteRequests = 0;
        qsizetype deleted = 0;
        QStringList notes;
    };

    // Told the bytes read so far and the file's size now and then; returning false cancels
    // (the result is an IoError saying so, and *cancelled is set).
    using Progress = std::function<bool(qint64 done, qint64 total)>;

    // `definition` picks the table in a batch file and identifies keys for DeleteRequests.
    // The file is read as it is parsed (itemsreader.h), never held as a QJsonDocument.
    static std::variant<Contents, IoError> read(const QString &path,
                                                const TableDefinition &definition,
                                                BadItems badItems = BadItems::Refuse,
                                                const Progress &progress = {},
                                                bool *cancelled = nullptr);
    static std::variant<Contents, IoError> fromDocument(const QJsonDocument &document,
                                                        const QString &source,
                                                        const TableDefinition &definition,
                                                        BadItems badItems = BadItems::Refuse);

    // DynamoDB JSON read as importers read it: where an M's member or an L's element must be a
    // DynamoDB value ({"S": "a"}) but is plain JSON, the intent is clear and it is read as one:
    // a string as S, a number as N, true/false as BOOL, null as NULL, an object as M, an array
    // as L (their members in turn DynamoDB values where they look like one, else plain). Each
    // such place goes into *repairs. An object holding a type name as a member ({"N": "x"}) is
    // meant as a DynamoDB value and must be a valid one. On failure *error and *errorPath are
    // as dynamojson::itemFromJson gives them ("Temp.N").
    static std::optional<Item> itemFromJsonLeniently(const QJsonValue &json,
                                                     std::vector<Repair> *repairs, QString *error,
                                                     QString *errorPath);
    static std::optional<AttributeValue> valueFromJsonLeniently(const QJsonValue &json,
                                                                std::vector<Repair> *repairs,
                                                                QString *error, QString *errorPath);
    // Reads `path` and writes its items to `table` as PutItem would (same primary key: the
    // last one wins). An invalid item writes nothing and names the item's path.
    // The items go into the table's store as they are read, in pieces.
    static std::variant<LoadResult, IoError> load(Table &table, const QString &path,
                                                  const Progress &progress = {},
                                                  bool *cancelled = nullptr);
    static std::variant<LoadResult, IoError> put(Table &table, const Contents &contents,
                                                 const QString &source);

    static QString shapeName(Shape shape);
};

} // namespace keyscope::model
