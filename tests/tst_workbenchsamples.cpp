// Public NoSQL Workbench models (tests/data/workbench, sources in its README) open whole: every
// table, every sample item (malformed ones repaired or left out with a note naming the path), and
// one type hint per facet naming the facet's items. Plus the same tolerance for the other items
// importers: one bad item never loses a file.

#include "model/interop/interopfile.h"
#include "model/interop/itemsformats.h"
#include "model/interop/workbenchmodel.h"
#include "model/io/itemsfile.h"
#include "model/value/dynamojson.h"
#include "tests/support/testpaths.h"

#include "tests/support/fixtures.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <set>

using namespace keyscope::model;
using keyscope::model::recovery::TypeHint;

namespace {

const QString kSamples = keyscope::testsupport::testDataPath("/workbench/");
const QString kInterop = keyscope::testsupport::testDataPath("/interop/");

InteropFile::Input readInput(const QString &path)
{
    auto read = InteropFile::read(path);
    if (auto *error = std::get_if<IoError>(&read))
        qFatal("%s", qPrintable(error->toString()));
    return std::get<InteropFile::Input>(std::move(read));
}

InteropFile::Input parseInput(const QByteArray &data, const QString &source,
                              const TableDefinition &itemsTable = {})
{
    auto read = InteropFile::parse(data, source, {}, itemsTable);
    if (auto *error = std::get_if<IoError>(&read))
        qFatal("%s", qPrintable(error->toString()));
    return std::get<InteropFile::Input>(std::move(read));
}

QStringList notesWith(const QStringList &notes, const QString &text)
{
    QStringList found;
    for (const QString &note : notes) {
        if (note.contains(text))
            found << note;
    }
    return found;
}

QString text(const AttributeValue &value)
{
    return QString::fromUtf8(
        QJsonDocument(dynamojson::valueToJson(value)).toJson(QJsonDocument::Compact));
}

QString valueOf(const Item &item, const QString &name)
{
    const auto it = item.find(name);
    return it == item.end() ? QString() : it->second.displayText();
}

const TypeHint *hint(const std::vector<TypeHint> &hints, const QString &name)
{
    for (const TypeHint &candidate : hints) {
        if (candidate.name == name)
            return &candidate;
    }
    return nullptr;
}

using keyscope::testsupport::pkSkTable;

} // namespace

class TestWorkbenchSamples : public QObject
{
    Q_OBJECT

private slots:
    void everyFixtureIsTested();
    void opens_data();
    void opens();
    void facetHints_data();
    void facetHints();
    void aliasTypoNoted();
    void malformedItemsRepaired_data();
    void malformedItemsRepaired();
    void tableDataFacetsByAttributesAndPrefix();
    void typeAttributeNamesTheFacet();
    void badWorkbenchItemsLeftOut_data();
    void badWorkbenchItemsLeftOut();
    void notesNameTablesFacetsAndItems();
    void plainTopLevelValueRepaired();
    void batchWriteBadItemsLeftOut();
    void scanBadItemLeftOutAndPlainJsonRepaired();
    void csvBadRowLeftOut();
    void csvPlainJsonInMapCell();
    void unfitItemsLeftOut();
    void manyNotesAreCounted();
    void loadingForAQueryStillRefuses();
};

// A fixture added to tests/data/workbench without a row in opens_data would go untested: the
// list below is opens_data's.
void TestWorkbenchSamples::everyFixtureIsTested()
{
    const QStringList files
        = QDir(kSamples).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    QVERIFY(files.size() >= 8);
    const QStringList listed {
        "an-online-shop-facets.json", "bank-payments.json",      "cart-table.json",
        "complaint-management.json",  "connected-vehicles.json", "device-state-log.json",
        "game-player-profiles.json",  "hotel-reservations.json", "phone-billing.json",
        "recurring-payments.json",    "session-management.json"};
    QCOMPARE(files, listed);
}

void TestWorkbenchSamples::opens_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("description");
    QTest::addColumn<QStringList>("tables");
    QTest::addColumn<QList<int>>("items");   // per table
    QTest::addColumn<QList<int>>("indexes"); // GSIs per table
    QTest::addColumn<int>("facets");         // entity types of the first table
    QTest::addColumn<int>("repairs");        // notes about plain JSON read as DynamoDB values

    const QString v1 = QStringLiteral("NoSQL Workbench model (version 1.0)");
    const QString v2 = QStringLiteral("NoSQL Workbench model (version 2.0)");
    const QString v3 = QStringLiteral("NoSQL Workbench model (version 3.0)");
    QTest::newRow("online shop, 1.0 facets")
        << "an-online-shop-facets.json" << v1 << QStringList {"OnlineShop"} << QList<int> {20}
        << QList<int> {2} << 9 << 0;
    QTest::newRow("device state log, 1.0 table data")
        << "device-state-log.json" << v1 << QStringList {"DeviceStateLog"} << QList<int> {11}
        << QList<int> {0} << 0 << 0;
    QTest::newRow("connected vehicles, 3.0, malformed M")
        << "connected-vehicles.json" << v3 << QStringList {"Connected_Vehicle"} << QList<int> {12}
        << QList<int> {0} << 2 << 8;
    QTest::newRow("game player profiles, 3.0, malformed M")
        << "game-player-profiles.json" << v3 << QStringList {"game-player-profiles"}
        << QList<int> {7} << QList<int> {0} << 6 << 5;
    QTest::newRow("complaint management, 3.0, 3 GSIs")
        << "complaint-management.json" << v3 << QStringList {"Complaint_management_system"}
        << QList<int> {9} << QList<int> {3} << 0 << 0;
    QTest::newRow("session management, 3.0, inverted GSI")
        << "session-management.json" << v3 << QStringList {"session_store"} << QList<int> {6}
        << QList<int> {1} << 0 << 0;
    QTest::newRow("recurring payments, 3.0 facets, INCLUDE GSIs")
        << "recurring-payments.json" << v3 << QStringList {"ReoccuringPayments"} << QList<int> {2}
        << QList<int> {2} << 2 << 0;
    QTest::newRow("bank, 2.0, two tables")
        << "bank-payments.json" << v2 << QStringList {"PaymentScheduler", "TransactionHistory"}
        << QList<int> {4, 2} << QList<int> {1, 2} << 0 << 0;
    QTest::newRow("phone billing, 2.0 by OneTable")
        << "phone-billing.json" << v2 << QStringList {"data"} << QList<int> {7} << QList<int> {1}
        << 0 << 0;
    QTest::newRow("hotel reservations, 2.0 by OneTable")
        << "hotel-reservations.json" << v2 << QStringList {"data"} << QList<int> {5}
        << QList<int> {1} << 0 << 0;
    QTest::newRow("cart, early") << "cart-table.json"
                                 << QStringLiteral("NoSQL Workbench model (early, no version)")
                                 << QStringList {"CartTable"} << QList<int> {5} << QList<int> {1}
                                 << 0 << 0;
}

void TestWorkbenchSamples::opens()
{
    QFETCH(QString, file);
    QFETCH(QString, description);
    QFETCH(QStringList, tables);
    QFETCH(QList<int>, items);
    QFETCH(QList<int>, indexes);
    QFETCH(int, facets);
    QFETCH(int, repairs);
    const auto input = readInput(kSamples + file);
    QCOMPARE(input.kind, InteropFile::Kind::Workbench);
    QCOMPARE(input.description, description);
    QCOMPARE(input.tableNames, tables);
    QCOMPARE(input.projects.size(), std::size_t(tables.size()));
    QCOMPARE(input.hints.size(), input.projects.size());
    for (qsizetype t = 0; t < tables.size(); ++t) {
        const Project &project = input.projects[size_t(t)];
        QCOMPARE(project.table.tableName, tables.at(t));
        QCOMPARE(int(project.items.size()), items.at(t));
        QCOMPARE(int(project.table.indexes.size()), indexes.at(t));
        // Every item keeps the table's whole primary key.
        for (const Item &item : project.items) {
            for (const auto &key : project.table.keys.all())
                QVERIFY(item.count(key.name));
        }
    }
    QCOMPARE(int(input.projects.front().entities.size()), facets);
    QCOMPARE(int(input.hints.front().size()), facets);
    // Facets still become count-0 entity types.
    for (const EntityType &entity : input.projects.front().entities)
        QCOMPARE(entity.countMax, 0);
    const QStringList repaired = notesWith(input.notes, QStringLiteral("read as one"));
    QCOMPARE(int(repaired.size()), repairs);
    for (const QString &note : repaired) {
        QVERIFY2(note.startsWith(kSamples + file + QStringLiteral(": table '")), qPrintable(note));
        QVERIFY2(note.endsWith(u')') && note.contains(QLatin1String(" (at DataModel[0].")),
                 qPrintable(note));
    }
    QCOMPARE(notesWith(input.notes, QStringLiteral("left out")), QStringList());
}

void TestWorkbenchSamples::facetHints_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("facet");
    QTest::addColumn<int>("count");
    QTest::addColumn<QString>("attribute");  // every item of the facet has it ...
    QTest::addColumn<QString>("startsWith"); // ... starting with this
    QTest::addColumn<QString>("aliases");    // "SK=alias" pairs, space-separated

    QTest::newRow("shop customer") << "an-online-shop-facets.json"
                                   << "customer" << 3 << "EntityType"
                                   << "customer"
                                   << "";
    QTest::newRow("shop warehouseItem") << "an-online-shop-facets.json"
                                        << "warehouseItem" << 3 << "EntityType"
                                        << "warehouseItem"
                                        << "";
    QTest::newRow("shop invoice") << "an-online-shop-facets.json"
                                  << "invoice" << 1 << "SK"
                                  << "i#"
                                  << "";
    QTest::newRow("vehicle") << "connected-vehicles.json"
                             << "Vehicle" << 6 << "PK"
                             << "VIN#"
                             << "";
    QTest::newRow("user") << "connected-vehicles.json"
                          << "User" << 6 << "PK"
                          << "ID#"
                          << "";
    QTest::newRow("equipments") << "game-player-profiles.json"
                                << "Equipments" << 2 << "SK"
                                << "EQUIPMENTS#"
                                << "PK=playerID SK=EQUIPMENTS#EquipID";
    QTest::newRow("metadata") << "game-player-profiles.json"
                              << "Metadata" << 1 << "Type"
                              << "Metadata"
                              << "PK=playerID SK=#METEADATA#playerID";
    QTest::newRow("receipts") << "recurring-payments.json"
                              << "Receipts" << 1 << "SK"
                              << "REC#"
                              << "PK=AccountId SK=ProcessedDate#SKU";
}

void TestWorkbenchSamples::facetHints()
{
    QFETCH(QString, file);
    QFETCH(QString, facet);
    QFETCH(int, count);
    QFETCH(QString, attribute);
    QFETCH(QString, startsWith);
    QFETCH(QString, aliases);
    const auto input = readInput(kSamples + file);
    const Project &project = input.projects.front();
    const TypeHint *found = hint(input.hints.front(), facet);
    QVERIFY(found);
    QCOMPARE(found->source, QStringLiteral("facet '%1'").arg(facet));
    QVERIFY(project.entity(facet)); // the hint names the entity type the facet became
    QCOMPARE(int(found->items.size()), count);
    for (qsizetype index : found->items) {
        QVERIFY(index >= 0 && index < qsizetype(project.items.size()));
        QVERIFY2(valueOf(project.items[size_t(index)], attribute).startsWith(startsWith),
                 qPrintable(valueOf(project.items[size_t(index)], attribute)));
    }
    QStringList pairs;
    for (const auto &[key, alias] : found->keyAliases)
        pairs << key + u'=' + alias;
    QCOMPARE(pairs.join(u' '), aliases);
    QVERIFY(!found->attributes.isEmpty());
    // No item is in two facets.
    std::set<qsizetype> seen;
    for (const TypeHint &other : input.hints.front()) {
        for (qsizetype index : other.items)
            QVERIFY(seen.insert(index).second);
    }
}

void TestWorkbenchSamples::malformedItemsRepaired_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("place");    // the first repair note's words for the item
    QTest::addColumn<QString>("notePath"); // and its path in the file
    QTest::addColumn<QString>("sk");       // the repaired item
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("value"); // its value as DynamoDB JSON

    QTest::newRow("plain JSON members of an M")
        << "connected-vehicles.json"
        << "table 'Connected_Vehicle', facet 'Vehicle', item 2 (PK 'VIN#WDDJK7DA4FF954840', "
           "SK 'FEATURE#AUTODRIVE'): attribute 'autonomous_driving', member 'is_enabled'"
        << "DataModel[0].TableFacets[0].TableData[1]"
        << "FEATURE#AUTODRIVE"
        << "autonomous_driving"
        << R"({"M":{"is_enabled":{"BOOL":true},"version":{"S":"v0.000.1 beta"}}})";
    QTest::newRow("nested plain objects and numbers")
        << "connected-vehicles.json"
        << "table 'Connected_Vehicle', facet 'Vehicle', item 2 (PK 'VIN#WDDJK7DA4FF954840', "
           "SK 'FEATURE#AUTODRIVE'): attribute 'autonomous_driving', member 'is_enabled'"
        << "DataModel[0].TableFacets[0].TableData[1]"
        << "FEATURE#MIRRORS"
        << "mirrors"
        << R"({"M":{"position":{"M":{"is_active":{"BOOL":false},"left":{"M":{"x":{"N":"59"},)"
           R"("y":{"N":"61"},"z":{"N":"76"}}},"right":{"M":{"x":{"N":"92"},"y":{"N":"18"},)"
           R"("z":{"N":"10"}}}}}}})";
    QTest::newRow("a member named M holding plain JSON")
        << "game-player-profiles.json"
        << "table 'game-player-profiles', facet 'Items', item 1 (PK 'player001', SK 'ITEMS#001'): "
           "attribute 'ItemAttributes', member 'M'"
        << "DataModel[0].TableFacets[2].TableData[0]"
        << "ITEMS#001"
        << "ItemAttributes"
        << R"({"M":{"M":{"M":{"HP":{"N":"50"}}}}})";
}

void TestWorkbenchSamples::malformedItemsRepaired()
{
    QFETCH(QString, file);
    QFETCH(QString, place);
    QFETCH(QString, notePath);
    QFETCH(QString, sk);
    QFETCH(QString, name);
    QFETCH(QString, value);
    const auto input = readInput(kSamples + file);
    const QStringList repaired = notesWith(input.notes, QStringLiteral("read as one"));
    QVERIFY(!repaired.isEmpty());
    QVERIFY2(repaired.front().startsWith(kSamples + file + ": " + place + ": plain JSON"),
             qPrintable(repaired.front()));
    QVERIFY2(repaired.front().endsWith(" (at " + notePath + ")"), qPrintable(repaired.front()));
    std::optional<Item> item;
    for (const Item &candidate : input.projects.front().items) {
        if (valueOf(candidate, QStringLiteral("SK")) == sk)
            item = candidate;
    }
    QVERIFY(item);
    QCOMPARE(text(item->at(name)), value);
}

// 2.0 and later keep the items in the table's TableData: a facet gets the items holding only its
// attributes (and one of them), whose keys start as its alias templates do.
void TestWorkbenchSamples::tableDataFacetsByAttributesAndPrefix()
{
    const auto v3 = readInput(kInterop + QStringLiteral("workbench-3.0.json"));
    const std::vector<TypeHint> &music = v3.hints.front();
    const Project &songs = v3.projects.front();
    QVERIFY(hint(music, "SongDetails") && hint(music, "Downloads"));
    QCOMPARE(hint(music, "SongDetails")->items, std::vector<qsizetype> {0});
    QCOMPARE(valueOf(songs.items[0], "Title"), QStringLiteral("Wait"));
    QCOMPARE(hint(music, "Downloads")->items, (std::vector<qsizetype> {1, 2}));
    QCOMPARE(hint(music, "Downloads")->keyAliases.at("SongId"), QStringLiteral("Song"));
    QCOMPARE(hint(music, "Downloads")->keyAliases.at("Metadata"), QStringLiteral("DownloadId"));
    QCOMPARE(hint(music, "Downloads")->attributes, QStringList {"DownloadTimestamp"});
    QVERIFY(v3.hints.at(1).empty()); // the Artists table has no facets

    const auto v2 = readInput(kInterop + QStringLiteral("workbench-2.0.json"));
    QCOMPARE(hint(v2.hints.front(), "Order")->items, (std::vector<qsizetype> {0, 1}));

    // The same model with an item whose SK does not start "ORDER#": no facet claims it.
    QFile file(kInterop + QStringLiteral("workbench-2.0.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QByteArray data = file.readAll();
    QVERIFY(data.contains("ORDER#2019-11-03"));
    data.replace("ORDER#2019-11-03", "RETURN#2019-11-03");
    const auto changed = parseInput(data, QStringLiteral("changed.json"));
    QCOMPARE(hint(changed.hints.front(), "Order")->items, std::vector<qsizetype> {0});
}

void TestWorkbenchSamples::typeAttributeNamesTheFacet()
{
    const QByteArray model = R"({"ModelName": "M", "ModelMetadata": {"Version": "3.0"},
      "DataModel": [{"TableName": "T",
        "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "S"},
                          "SortKey": {"AttributeName": "SK", "AttributeType": "S"}},
        "TableFacets": [
          {"FacetName": "Customer", "KeyAttributeAlias": {"PartitionKeyAlias": "CustomerId",
                                                          "SortKeyAlias": "SK"},
           "TableData": [], "NonKeyAttributes": ["Name", "Type"]},
          {"FacetName": "Order", "KeyAttributeAlias": {"PartitionKeyAlias": "CustomerId",
                                                       "SortKeyAlias": "OrderId"},
           "TableData": [], "NonKeyAttributes": ["Name", "Total", "Type"]}],
        "TableData": [
          {"PK": {"S": "C#1"}, "SK": {"S": "PROFILE"}, "Name": {"S": "Ada"}, "Type": {"S": "customer"}},
          {"PK": {"S": "C#1"}, "SK": {"S": "O#1"}, "Name": {"S": "Pens"}, "Type": {"S": "order"}},
          {"PK": {"S": "C#1"}, "SK": {"S": "O#2"}, "Name": {"S": "Ink"}, "Total": {"N": "3"}},
          {"PK": {"S": "C#1"}, "SK": {"S": "NOTE#1"}, "Text": {"S": "no facet lists Text"}}]}]})";
    const auto input = parseInput(model, QStringLiteral("typed.json"));
    const std::vector<TypeHint> &hints = input.hints.front();
    // Item 1 would fit Customer (fewer attributes), but its Type says order.
    QCOMPARE(hint(hints, "Customer")->items, std::vector<qsizetype> {0});
    QCOMPARE(hint(hints, "Order")->items, (std::vector<qsizetype> {1, 2}));
    QCOMPARE(hint(hints, "Order")->attributes, (QStringList {"Name", "Total", "Type"}));
    QCOMPARE(input.projects.front().items.size(), std::size_t(4)); // item 3 stays, unhinted
}

void TestWorkbenchSamples::badWorkbenchItemsLeftOut_data()
{
    QTest::addColumn<QByteArray>("item");
    QTest::addColumn<QString>("place"); // the item and the place in it, in words
    QTest::addColumn<QString>("path");  // where the file holds it
    QTest::addColumn<QString>("why");
    QTest::newRow("not a number") << QByteArray(R"({"PK": {"S": "b"}, "N": {"N": "many"}})")
                                  << "item 2 (PK 'b'): left out this item (the rest is imported): "
                                     "attribute 'N'"
                                  << "DataModel[0].TableData[1].N.N"
                                  << "many";
    QTest::newRow("unknown type") << QByteArray(R"({"PK": {"S": "b"}, "X": {"STRING": "x"}})")
                                  << "item 2 (PK 'b'): left out this item (the rest is imported): "
                                     "attribute 'X'"
                                  << "DataModel[0].TableData[1].X"
                                  << "STRING";
    QTest::newRow("typed value with a bad payload inside an M")
        << QByteArray(R"({"PK": {"S": "b"}, "M": {"M": {"k": {"S": 5}}}})")
        << "item 2 (PK 'b'): left out this item (the rest is imported): attribute 'M', member 'k'"
        << "DataModel[0].TableData[1].M.M.k.S"
        << "expected a string";
    QTest::newRow("missing key") << QByteArray(R"({"Name": {"S": "b"}})")
                                 << "item 2: left out this item (the rest is imported): One"
                                 << "DataModel[0].TableData[1]"
                                 << "Missing the key PK";
    QTest::newRow("key type") << QByteArray(R"({"PK": {"N": "1"}})")
                              << "item 2 (PK '1'): left out this item (the rest is imported): "
                                 "attribute 'PK'"
                              << "DataModel[0].TableData[1].PK"
                              << "Type mismatch for key PK";
    QTest::newRow("index key type")
        << QByteArray(R"({"PK": {"S": "b"}, "G": {"N": "1"}})")
        << "item 2 (PK 'b'): left out this item (the rest is imported): attribute 'G'"
        << "DataModel[0].TableData[1].G"
        << "IndexName: ByG";
    QTest::newRow("not an object")
        << QByteArray(R"("b")") << "item 2: left out this item (the rest is imported): expected"
        << "DataModel[0].TableData[1]"
        << "expected an item";
}

void TestWorkbenchSamples::badWorkbenchItemsLeftOut()
{
    QFETCH(QByteArray, item);
    QFETCH(QString, place);
    QFETCH(QString, path);
    QFETCH(QString, why);
    const QByteArray model = R"({"ModelName": "M", "ModelMetadata": {"Version": "3.0"},
      "DataModel": [{"TableName": "T",
        "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "S"}},
        "GlobalSecondaryIndexes": [{"IndexName": "ByG", "KeyAttributes": {
            "PartitionKey": {"AttributeName": "G", "AttributeType": "S"}}}],
        "TableData": [{"PK": {"S": "a"}}, )"
        + item + R"(, {"PK": {"S": "c"}}]}]})";
    const auto input = parseInput(model, QStringLiteral("model.json"));
    const Project &project = input.projects.front();
    QCOMPARE(project.items.size(), std::size_t(2));
    QCOMPARE(valueOf(project.items[0], "PK"), QStringLiteral("a"));
    QCOMPARE(valueOf(project.items[1], "PK"), QStringLiteral("c"));
    QCOMPARE(input.notes.size(), qsizetype(1));
    QVERIFY2(input.notes.front().startsWith("model.json: table 'T', " + place),
             qPrintable(input.notes.front()));
    QVERIFY2(input.notes.front().contains(why), qPrintable(input.notes.front()));
    QVERIFY2(input.notes.front().endsWith(" (at " + path + ")"), qPrintable(input.notes.front()));
}

// Notes say which table, facet and item they are about, in words a user reads (items counted
// from 1, with their keys); the JSON path comes last, only to find the place in the file.
void TestWorkbenchSamples::notesNameTablesFacetsAndItems()
{
    const QByteArray model = R"({"ModelName": "M", "ModelMetadata": {"Version": "1.0"},
      "DataModel": [{"TableName": "Shop",
        "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "S"},
                          "SortKey": {"AttributeName": "SK", "AttributeType": "S"}},
        "NonKeyAttributes": [{"AttributeName": "Total", "AttributeType": "N"},
                             {"AttributeName": "Tags", "AttributeType": "SS"}],
        "TableFacets": [
          {"FacetName": "Customer", "KeyAttributeAlias": {"PartitionKeyAlias": "PK",
                                                          "SortKeyAlias": "SK"},
           "TableData": [{"PK": {"S": "CUSTOMER#1"}, "SK": {"S": "PROFILE"}}]},
          {"FacetName": "Orders", "KeyAttributeAlias": {"PartitionKeyAlias": "PK",
                                                        "SortKeyAlias": "SK"},
           "NonKeyAttributes": ["Total", "Tags"],
           "TableData": [
             {"PK": {"S": "CUSTOMER#1"}, "SK": {"S": "ORDER#1"}, "Total": {"N": "3"}},
             {"PK": {"S": "CUSTOMER#1"}, "SK": {"S": "ORDER#2"}, "Total": {"N": "lots"}},
             {"PK": {"S": "CUSTOMER#1"}, "SK": {"S": "ORDER#3"}, "Total": 4}]}]}]})";
    const auto input = parseInput(model, QStringLiteral("shop.json"));
    QCOMPARE(input.projects.front().items.size(), std::size_t(3));
    const QStringList leftOut = notesWith(input.notes, QStringLiteral("left out"));
    QCOMPARE(leftOut.size(), qsizetype(1));
    QCOMPARE(leftOut.front(),
             QStringLiteral("shop.json: table 'Shop', facet 'Orders', item 2 (PK 'CUSTOMER#1', SK "
                            "'ORDER#2'): left out this item (the rest is imported): attribute "
                            "'Total': ")
                 + leftOut.front().section(QStringLiteral("'Total': "), 1));
    QVERIFY2(leftOut.front().endsWith(" (at DataModel[0].TableFacets[1].TableData[1].Total.N)"),
             qPrintable(leftOut.front()));
    const QStringList repaired = notesWith(input.notes, QStringLiteral("read as one"));
    QCOMPARE(repaired.size(), qsizetype(1));
    QVERIFY2(repaired.front().startsWith("shop.json: table 'Shop', facet 'Orders', item 3 (PK "
                                         "'CUSTOMER#1', SK 'ORDER#3'): attribute 'Total': "),
             qPrintable(repaired.front()));
    const QStringList unsupported = notesWith(input.notes, QStringLiteral("of type SS"));
    QCOMPARE(unsupported.size(), qsizetype(1));
    QVERIFY2(unsupported.front().startsWith("shop.json: table 'Shop', facet 'Orders': attribute "
                                            "'Tags' of type SS is not an entity attribute"),
             qPrintable(unsupported.front()));
    // No note speaks of the file's structure before saying what it is about.
    for (const QString &note : input.notes)
        QVERIFY2(!note.section(QStringLiteral(" (at "), 0, 0).contains(QLatin1String("DataModel")),
                 qPrintable(note));
}

// Versioned models hold DynamoDB JSON; a plain value is read as its declared type, noted.
void TestWorkbenchSamples::plainTopLevelValueRepaired()
{
    const QByteArray model = R"({"ModelName": "M", "ModelMetadata": {"Version": "2.0"},
      "DataModel": [{"TableName": "T",
        "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "S"}},
        "NonKeyAttributes": [{"AttributeName": "Count", "AttributeType": "N"}],
        "TableData": [{"PK": {"S": "a"}, "Count": "7"}]}]})";
    const auto input = parseInput(model, QStringLiteral("model.json"));
    QCOMPARE(text(input.projects.front().items.front().at("Count")),
             QStringLiteral(R"({"N":"7"})"));
    QCOMPARE(input.notes.size(), qsizetype(1));
    QVERIFY2(input.notes.front().startsWith("model.json: table 'T', item 1 (PK 'a'): attribute "
                                            "'Count': plain JSON")
                 && input.notes.front().contains("a string as N")
                 && input.notes.front().endsWith(" (at DataModel[0].TableData[0])"),
             qPrintable(input.notes.front()));
}

void TestWorkbenchSamples::batchWriteBadItemsLeftOut()
{
    const QByteArray batch = R"({"T": [
        {"PutRequest": {"Item": {"PK": {"S": "a"}, "SK": {"S": "1"}}}},
        {"PutRequest": {"Item": {"PK": {"S": "b"}, "SK": {"S": "1"}, "Temp": {"N": "hot"}}}},
        {"PutRequest": {}},
        {"Shout": {}},
        {"DeleteRequest": {"Key": {"PK": {"S": "z"}}}},
        {"PutRequest": {"Item": {"PK": {"S": "c"}, "SK": {"S": "1"},
                                 "Tags": {"L": ["red", {"S": "blue"}]}}}}]})";
    const auto input = parseInput(batch, QStringLiteral("batch.json"), pkSkTable());
    QCOMPARE(input.items.items.size(), std::size_t(2));
    QCOMPARE(input.items.paths.toList(),
             (QStringList {"T[0].PutRequest.Item", "T[5].PutRequest.Item"}));
    QCOMPARE(text(input.items.items[1].at("Tags")),
             QStringLiteral(R"({"L":[{"S":"red"},{"S":"blue"}]})"));
    const QStringList &notes = input.notes;
    // Requests are named as a user counts them, with their keys; the JSON path comes last.
    const auto noteStarting = [&](const QString &start) {
        const QStringList found = notesWith(notes, start);
        return found.size() == 1 ? found.front() : QString();
    };
    QVERIFY2(noteStarting("batch.json: table 'T', request 2 (PK 'b', SK '1'): left out this item "
                          "(the rest is imported): attribute 'Temp': ")
                 .endsWith("(at T[1].PutRequest.Item.Temp.N)"),
             qPrintable(notes.join(u'\n')));
    QVERIFY2(noteStarting("batch.json: table 'T', request 3: left out this item")
                 .endsWith("missing \"Item\" (at T[2].PutRequest)"),
             qPrintable(notes.join(u'\n')));
    QVERIFY2(!noteStarting("batch.json: table 'T', request 4: left out this item").isEmpty(),
             qPrintable(notes.join(u'\n')));
    QVERIFY2(noteStarting("batch.json: table 'T', request 5 (PK 'z'): left out this DeleteRequest")
                 .endsWith("(at T[4].DeleteRequest.Key)"),
             qPrintable(notes.join(u'\n')));
    QVERIFY2(noteStarting("batch.json: table 'T', request 6 (PK 'c', SK '1'): attribute 'Tags', "
                          "element 1: plain JSON")
                 .endsWith("(at T[5].PutRequest.Item)"),
             qPrintable(notes.join(u'\n')));
    for (const QString &note : notes)
        QVERIFY2(!note.startsWith("batch.json: T["), qPrintable(note));
}

void TestWorkbenchSamples::scanBadItemLeftOutAndPlainJsonRepaired()
{
    const QByteArray scan = R"({"Items": [
        {"PK": {"S": "a"}, "SK": {"S": "1"}, "Reward": {"M": {"Gold": 100, "XP": {"N": "5"}}}},
        {"PK": {"S": "b"}, "SK": {"S": "1"}, "Flag": {"BOOL": "yes"}},
        {"PK": {"S": "c"}, "SK": {"S": "1"}}], "Count": 3, "ScannedCount": 3})";
    const auto input = parseInput(scan, QStringLiteral("scan.json"), pkSkTable());
    QCOMPARE(input.items.items.size(), std::size_t(2));
    QCOMPARE(text(input.items.items[0].at("Reward")),
             QStringLiteral(R"({"M":{"Gold":{"N":"100"},"XP":{"N":"5"}}})"));
    QCOMPARE(input.notes.size(), qsizetype(2));
    QVERIFY2(input.notes.at(0).startsWith("scan.json: item 1 (PK 'a', SK '1'): attribute "
                                          "'Reward', member 'Gold': plain JSON")
                 && input.notes.at(0).contains("a number as N"),
             qPrintable(input.notes.at(0)));
    QVERIFY2(input.notes.at(1).startsWith("scan.json: item 2 (PK 'b', SK '1'): left out this "
                                          "item (the rest is imported): attribute 'Flag'")
                 && input.notes.at(1).endsWith("(at Items[1].Flag.BOOL)"),
             qPrintable(input.notes.at(1)));
}

void TestWorkbenchSamples::csvBadRowLeftOut()
{
    const QByteArray csv = "PK (S),SK (S),Temp (N)\na,1,20\nb,1,hot\nc,1,21,extra\nd,1,22\n";
    const auto input = parseInput(csv, QStringLiteral("items.csv"), pkSkTable());
    QCOMPARE(input.items.items.size(), std::size_t(2));
    QCOMPARE(input.items.paths.toList(), (QStringList {"line 2", "line 5"}));
    QCOMPARE(input.notes.size(), qsizetype(2));
    QVERIFY2(input.notes.at(0).startsWith("items.csv:3:5: column \"Temp (N)\": \"hot\" is not a "
                                          "number")
                 && input.notes.at(0).endsWith("left out this row (the rest is imported)"),
             qPrintable(input.notes.at(0)));
    QVERIFY2(input.notes.at(1).startsWith("items.csv:4:"), qPrintable(input.notes.at(1)));
    // The strict reader, used where a bad row must stop the load, still refuses.
    auto strict = ItemsFormats::fromCsv(csv, QStringLiteral("items.csv"), pkSkTable());
    QVERIFY(std::holds_alternative<IoError>(strict));
}

void TestWorkbenchSamples::csvPlainJsonInMapCell()
{
    const QByteArray csv = "PK (S),SK (S),Reward (M)\na,1,\"{\"\"Gold\"\": 100}\"\n";
    const auto input = parseInput(csv, QStringLiteral("items.csv"), pkSkTable());
    QCOMPARE(input.items.items.size(), std::size_t(1));
    QCOMPARE(text(input.items.items[0].at("Reward")),
             QStringLiteral(R"({"M":{"Gold":{"N":"100"}}})"));
    QCOMPARE(input.notes.size(), qsizetype(1));
    QVERIFY2(input.notes.front().startsWith("items.csv: line 2 (PK 'a', SK '1'): attribute "
                                            "'Reward', member 'Gold': plain JSON"),
             qPrintable(input.notes.front()));
}

void TestWorkbenchSamples::unfitItemsLeftOut()
{
    const QByteArray scan = R"({"Items": [{"PK": {"S": "a"}, "SK": {"S": "1"}},
        {"PK": {"S": "b"}}, {"PK": {"S": "c"}, "SK": {"N": "1"}}, {"PK": {"S": "d"}, "SK": {"S": "1"}}]})";
    auto input = parseInput(scan, QStringLiteral("scan.json"), pkSkTable());
    QStringList notes;
    QVERIFY(!InteropFile::leaveOutUnfitItems(input.items, pkSkTable(), "scan.json", &notes));
    QCOMPARE(input.items.paths.toList(), (QStringList {"Items[0]", "Items[3]"}));
    QCOMPARE(notes.size(), qsizetype(2));
    QVERIFY2(notes.at(0).startsWith("scan.json: item 2 (PK 'b'): left out this item")
                 && notes.at(0).contains("SK") && notes.at(0).endsWith("(at Items[1])"),
             qPrintable(notes.at(0)));
    QVERIFY2(notes.at(1).startsWith("scan.json: item 3 (PK 'c', SK '1'): left out this item"),
             qPrintable(notes.at(1)));
    QCOMPARE(input.items.notes, notes);

    // When no item fits, the file is refused with the first item's reason.
    auto none = parseInput(R"({"Items": [{"PK": {"S": "b"}}]})", QStringLiteral("none.json"),
                           pkSkTable());
    const auto error = InteropFile::leaveOutUnfitItems(none.items, pkSkTable(), "none.json");
    QVERIFY(error);
    QCOMPARE(error->path, QStringLiteral("item 1 (PK 'b')"));
}

void TestWorkbenchSamples::manyNotesAreCounted()
{
    QByteArray scan = R"({"Items": [)";
    for (int i = 0; i < 500; ++i)
        scan += QByteArray(i ? "," : "") + R"({"PK": {"S": "p"}, "SK": {"N": "x"}})";
    scan += "]}";
    const auto input = parseInput(scan, QStringLiteral("scan.json"), pkSkTable());
    QVERIFY(input.items.items.empty());
    QCOMPARE(input.notes.size(), InteropFile::kMaxNotes + 1);
    QVERIFY2(input.notes.at(0).startsWith("scan.json: item 1 (PK 'p', SK 'x'): left out this item"),
             qPrintable(input.notes.at(0)));
    QCOMPARE(input.notes.back(), QStringLiteral("scan.json: 300 more notes like the ones above"));
}

// Loading items into a table for a query is not an import: a bad item still stops it.
void TestWorkbenchSamples::loadingForAQueryStillRefuses()
{
    const QJsonDocument document = QJsonDocument::fromJson(
        R"({"Items": [{"PK": {"S": "a"}, "SK": {"S": "1"}, "M": {"M": {"k": 1}}}]})");
    auto strict = ItemsFile::fromDocument(document, QStringLiteral("scan.json"), pkSkTable());
    QVERIFY(std::holds_alternative<IoError>(strict));
    QCOMPARE(std::get<IoError>(strict).path, QStringLiteral("Items[0].M.M.k"));
    auto lenient = ItemsFile::fromDocument(document, QStringLiteral("scan.json"), pkSkTable(),
                                           ItemsFile::BadItems::LeaveOut);
    QVERIFY(std::holds_alternative<ItemsFile::Contents>(lenient));
}

// game-player-profiles' facet Metadata has SortKeyAlias '#METEADATA#playerID' while its item
// writes '#METADATA#player001': the import says so, once, and of no other sample.
void TestWorkbenchSamples::aliasTypoNoted()
{
    const QDir samples(kSamples);
    for (const QString &file : samples.entryList({QStringLiteral("*.json")})) {
        const auto input = readInput(kSamples + file);
        const QStringList typos = notesWith(input.notes, QStringLiteral("a typo in the alias"));
        if (file != QLatin1String("game-player-profiles.json")) {
            QVERIFY2(typos.isEmpty(), qPrintable(file + u' ' + typos.join(u'\n')));
            continue;
        }
        QCOMPARE(typos.size(), qsizetype(1));
        QVERIFY2(typos.front().startsWith(kSamples + file
                                          + QStringLiteral(": facet 'Metadata': "
                                                           "its alias for SK, "
                                                           "'#METEADATA#playerID'")),
                 qPrintable(typos.front()));
        QVERIFY2(typos.front().contains(QLatin1String("its items write '#METADATA#'")),
                 qPrintable(typos.front()));
    }
}

QTEST_GUILESS_MAIN(TestWorkbenchSamples)
#include "tst_workbenchsamples.moc"
