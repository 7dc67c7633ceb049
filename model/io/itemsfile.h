#pragma once

#include "model/io/ioerror.h"
#include "model/table/table.h"
#include "model/value/attributevalue.h"

#include <QJsonDocument>
#include <QString>
#include <QStringList>

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

    struct Contents
    {
        Shape shape = Shape::ItemArray;
        QString tableName;       // batch shape: whose requests were taken
        std::vector<Item> items; // in file order, DeleteRequests already applied
        QStringList paths;       // JSON path of each item, e.g. "Items[3]"
        qsizetype deleteRequests = 0;
        qsizetype deleted = 0; // items put earlier in the file that a DeleteRequest removed
        QStringList notes;     // things the user may not expect (other tables skipped, ...)
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

    // `definition` picks the table in a batch file and identifies keys for DeleteRequests.
    static std::variant<Contents, IoError> read(const QString &path,
                                                const TableDefinition &definition);
    static std::variant<Contents, IoError> fromDocument(const QJsonDocument &document,
                                                        const QString &source,
                                                        const TableDefinition &definition);

    // Reads `path` and writes its items to `table` as PutItem would (same primary key: the
    // last one wins). An invalid item writes nothing and names the item's path.
    static std::variant<LoadResult, IoError> load(Table &table, const QString &path);
    static std::variant<LoadResult, IoError> put(Table &table, const Contents &contents,
                                                 const QString &source);

    static QString shapeName(Shape shape);
};

} // namespace keyscope::model
