#pragma once

#include "model/io/itemsfile.h"

#include <functional>
#include <optional>

namespace keyscope::model::itemsreader {

// Reads an items file as it is parsed (RapidJSON's SAX reader over the file, a few KB of
// buffer) instead of building a QJsonDocument of it: each entry of the chosen array is read,
// turned into an Item and handed on before the next one is parsed. A file the streaming pass
// cannot read exactly as ItemsFile::fromDocument would (a syntax error, whose message comes
// from JsonFile; a DeleteRequest while loading a table; duplicate top-level names, ...) is read
// through the document instead, so items, notes and errors are always the same.
//
// `progress` (may be empty) is called now and then with the bytes read so far and the file's
// size; returning false cancels: the result is then an IoError and *cancelled is set.
using Progress = ItemsFile::Progress;

std::variant<ItemsFile::Contents, IoError> read(const QString &path,
                                                const TableDefinition &definition,
                                                ItemsFile::BadItems badItems,
                                                const Progress &progress, bool *cancelled);

// Items held in memory (a file InteropFile read to tell its kind), read as they are parsed, when
// the document is items for certain and reads without an error: the same Contents as
// ItemsFile::fromDocument. nullopt otherwise: classify and read the document instead.
std::optional<ItemsFile::Contents> readSurelyItems(const QByteArray &data, const QString &source,
                                                   const TableDefinition &definition,
                                                   ItemsFile::BadItems badItems);

// A JSON object's array member of items (a Keyscope project's "items"), read as it is parsed
// (strict DynamoDB JSON items, as dynamojson::itemFromJson reads them), and the document
// without them: `"items": []` in the array's place, everything else as it was. nullopt when
// the data is not an object that parses without an error, has no such array, repeats a
// top-level name, or any entry is not an item: the caller reads the whole document then, and
// its messages are the same as ever. A cancel (progress returned false) sets *cancelled.
struct ItemsMember
{
    QByteArray rest;
    ItemList items;
    QStringList members; // the top-level names, in file order
};
std::optional<ItemsMember> readItemsMember(const QByteArray &data, QLatin1StringView member,
                                           const Progress &progress = {},
                                           bool *cancelled = nullptr);

// Writes the items straight into `table` in pieces (Table::appendItems); on any error or a
// cancel nothing is written.
std::variant<ItemsFile::LoadResult, IoError> load(Table &table, const QString &path,
                                                  const Progress &progress, bool *cancelled);

} // namespace keyscope::model::itemsreader
