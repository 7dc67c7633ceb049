#pragma once

#include "model/io/itemsfile.h"
#include "model/table/tabledefinition.h"
#include "model/value/attributevalue.h"

#include <QHash>
#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <utility>
#include <vector>

namespace keyscope::model {

// Where an imported item stands, as a user names it: "table 'Shop', facet 'Orders', item 3
// (PK 'ORDER#1')", "table 'T', request 2 (PK 'b')", "line 7 (PK 'a')". Numbers count from 1;
// the key is shown when the item has one.
struct ItemPlace
{
    QString table;                                 // empty: not named
    QString facet;                                 // empty: the table's own items
    qsizetype index = 0;                           // 0-based position in its list; -1: none
    std::vector<std::pair<QString, QString>> keys; // key attribute and its value as text
    QString path; // where the file holds it: "DataModel[0].TableFacets[1].TableData[2]"; empty
                  // when the words say it all (a CSV line)
    QString noun = QStringLiteral("item"); // "item", "request" (batch-write), "line" (CSV)

    QString inWords() const;
};

// The notes an import shows about one item, in words first; the JSON path comes last, to find
// the item in the file ("... (at DataModel[0].TableData[2].Count)").
class ImportNotes
{
public:
    // "model.json: table 'T', item 2 (PK 'b'): left out this item (the rest is imported):
    // attribute 'Count': <why> (at DataModel[0].TableData[1].Count.N)". valuePath is the
    // place inside the item, as dynamojson names it ("Count.N"); empty for the whole item.
    // `what` names what is left out when it is not an item ("DeleteRequest").
    static QString leftOut(const QString &source, const ItemPlace &place, const QString &valuePath,
                           const QString &why, const QString &what = QStringLiteral("item"));
    // "model.json: table 'T', item 1 (PK 'a'): attribute 'Count': plain JSON where a DynamoDB
    // value belongs, read as one (a string as N) (at DataModel[0].TableData[0])".
    static QString repaired(const QString &source, const ItemPlace &place,
                            const std::vector<ItemsFile::Repair> &repairs);
    // "Reward.M.Gold" -> "attribute 'Reward', member 'Gold'"; "Tags.L[0]" -> "attribute 'Tags',
    // element 1". A value's type name at the end ("Count.N") adds nothing.
    static QString valuePathInWords(const QString &valuePath);
    // The key values of an item as the file writes it ({"PK": {"S": "a"}}, or plain "a"),
    // under their own names or an alias naming them (1.0 facets).
    static std::vector<std::pair<QString, QString>>
    keysOf(const QJsonValue &item, const QStringList &keyNames,
           const QHash<QString, QString> &aliasToKey = {});
    // The same for an item already read.
    static std::vector<std::pair<QString, QString>> keysOf(const Item &item, const KeySchema &keys);
    // The place an items file's path names: "Items[3]" is item 4, "T[1].PutRequest.Item" is
    // table 'T', request 2, "line 7" is line 7. Keys are left for the caller to add.
    static ItemPlace placeAt(const QString &path);
};

} // namespace keyscope::model
