#pragma once

#include "model/io/itemsfile.h"

#include <QHash>
#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <utility>
#include <vector>

namespace keyscope::model {

// Where an imported item stands, as a user names it: "table 'Shop', facet 'Orders', item 3
// (PK 'ORDER#1')". Item numbers count from 1; the key is shown when the item has one.
struct ItemPlace
{
    QString table;                                 // empty: not named
    QString facet;                                 // empty: the table's own items
    qsizetype index = 0;                           // 0-based position in its list
    std::vector<std::pair<QString, QString>> keys; // key attribute and its value as text
    QString path; // where the file holds it: "DataModel[0].TableFacets[1].TableData[2]"

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
    static QString leftOut(const QString &source, const ItemPlace &place, const QString &valuePath,
                           const QString &why);
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
           const QHash<QString, QString> &aliasToKey);
};

} // namespace keyscope::model
