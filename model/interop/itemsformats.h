#pragma once

#include "model/io/ioerror.h"
#include "model/io/itemsfile.h"
#include "model/table/tabledefinition.h"
#include "model/value/attributevalue.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <variant>
#include <vector>

namespace keyscope::model {

// Item files for other tools: batch-write-item requests in files of 25 (what one
// `aws dynamodb batch-write-item --request-items file://...` call takes), scan output, and CSV.
//
// CSV: one header row, then one item per row (RFC 4180 quoting; UTF-8). A header cell is
// `Name (T)` with T one of S, N, B, BOOL, NULL, L, M, SS, NS, BS, or a bare `Name`. Cells:
// S as is, N as a number, B as base64, BOOL `true`/`false`, NULL `true`, and for L, M, SS, NS,
// BS the DynamoDB JSON inside the type (`[{"S": "a"}]`, `{"k": {"N": "1"}}`, `["a", "b"]`).
// An empty cell means the item has no such attribute; a quoted empty cell ("") is an empty
// string. A bare header is typed by inference: a key attribute of the table takes its
// declared type, else N when every non-empty cell is a number, BOOL when every one is
// true/false, else S. Export always writes typed headers (an attribute holding values of two
// types gets two columns), so CSV -> Keyscope -> CSV round-trips exactly.
class ItemsFormats
{
public:
    static constexpr int kBatchSize = 25;

    // Requests of at most `chunk` puts each: {"<table>": [{"PutRequest": {"Item": ...}}, ...]},
    // one request per line.
    static std::vector<QByteArray> batchWriteChunks(const QString &tableName,
                                                    const ItemList &items,
                                                    int chunk = kBatchSize);
    // Where chunk i goes: `path` itself when there is one chunk, else `items-001.json`,
    // `items-002.json`, ... beside it (at least 3 digits).
    static QStringList batchFileNames(const QString &path, qsizetype count);
    // {"Items": [...], "Count": n, "ScannedCount": n} as `aws dynamodb scan` prints it.
    static QByteArray scanOutput(const ItemList &items);

    // Columns: the table's key attributes, then index keys, then the rest by name.
    static QByteArray toCsv(const ItemList &items, const TableDefinition &table);
    // Errors give the line and column of the cell and its column header. With
    // BadItems::LeaveOut a bad row is left out with a note ("items.csv:3:3: column ...; left
    // out this row") and plain JSON inside an L or M cell is read as DynamoDB values.
    static std::variant<ItemsFile::Contents, IoError>
    fromCsv(const QByteArray &data, const QString &source, const TableDefinition &table,
            ItemsFile::BadItems badItems = ItemsFile::BadItems::Refuse);

    // Keeps one item per primary key, the last one written, at the position of the first.
    static ItemList uniqueByKey(const ItemList &items, const KeySchema &keys);
};

} // namespace keyscope::model
