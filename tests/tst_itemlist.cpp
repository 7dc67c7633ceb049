// ItemList: the encoded, shared sequence a project's and a population's items live in. What a
// user would notice if it were wrong: an item read back differently from how it was written
// (a number, a nested map, a set), an undo step or a background run seeing an edit made after
// it was taken, items lost or reordered by a delete, and a table loaded from the list holding
// other items (or another refusal) than the same items loaded one by one.

#include "model/table/itemlist.h"
#include "model/table/table.h"
#include "model/value/dynamojson.h"
#include "support/fixtures.h"

#include <QJsonDocument>
#include <QtTest>

using namespace keyscope::model;
using keyscope::testsupport::pkSkTable;

namespace {

Item itemOf(const char *json)
{
    QString error;
    const auto item = dynamojson::itemFromJson(QJsonDocument::fromJson(json).object(), &error);
    if (!item)
        qFatal("bad item in test: %s", qPrintable(error));
    return *item;
}

Item keyed(const QString &pk, const QString &sk)
{
    return {{QStringLiteral("PK"), AttributeValue::string(pk)},
            {QStringLiteral("SK"), AttributeValue::string(sk)}};
}

QStringList sortKeys(const ItemList &items)
{
    QStringList out;
    for (const Item &item : items)
        out << item.at(QStringLiteral("SK")).asString();
    return out;
}

QString text(const Item &item)
{
    return QString::fromUtf8(
        QJsonDocument(dynamojson::itemToJson(item)).toJson(QJsonDocument::Compact));
}

} // namespace

class TestItemList : public QObject
{
    Q_OBJECT

private slots:
    void readsBackWhatWasWritten_data();
    void readsBackWhatWasWritten();
    void copiesDoNotSeeLaterEdits();
    void editsKeepOrder();
    void equality();
    void tableFromListMatchesTableFromItems();
    void tableFromListRefusesAsPutItemDoes();
    void manyItemsAcrossBlocks();
    void tableKeepsSharedItemsAlive();
};

void TestItemList::readsBackWhatWasWritten_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::newRow("scalars") << QByteArray(
        R"({"PK":{"S":"ORG#1"},"SK":{"S":"USER#é𝄞"},"N":{"N":"-12.50"},"T":{"BOOL":true},"Z":{"NULL":true}})");
    QTest::newRow("binary") << QByteArray(
        R"({"PK":{"S":"a"},"SK":{"S":"b"},"Blob":{"B":"AAEC/w=="}})");
    QTest::newRow("nested maps and lists") << QByteArray(
        R"({"PK":{"S":"a"},"SK":{"S":"b"},"M":{"M":{"inner":{"M":{"x":{"N":"1"}}},"L":{"L":[{"S":"x"},{"M":{"y":{"BOOL":false}}}]}}}})");
    QTest::newRow("sets") << QByteArray(
        R"({"PK":{"S":"a"},"SK":{"S":"b"},"SS":{"SS":["b","a"]},"NS":{"NS":["10","2"]},"BS":{"BS":["AQ=="]}})");
    QTest::newRow("keys only") << QByteArray(R"({"PK":{"S":"a"},"SK":{"S":"b"}})");
}

void TestItemList::readsBackWhatWasWritten()
{
    QFETCH(QByteArray, json);
    const Item item = itemOf(json);
    ItemList list;
    list.push_back(keyed("p", "first"));
    list.push_back(item);
    QCOMPARE(list.size(), std::size_t(2));
    QCOMPARE(text(list[1]), text(item));
    QVERIFY(list[1] == item);
    QCOMPARE(list.sizeBytes(1), itemSizeBytes(item));
    QVERIFY(list.attribute(1, QStringLiteral("SK")) == item.at(QStringLiteral("SK")));
    QVERIFY(!list.attribute(1, QStringLiteral("Missing")));
    QVERIFY(!list.attribute(0, QStringLiteral("N"))); // a name another item holds
    QVERIFY(list.toVector() == (std::vector<Item> {keyed("p", "first"), item}));
}

void TestItemList::copiesDoNotSeeLaterEdits()
{
    ItemList original {keyed("p", "1"), keyed("p", "2"), keyed("p", "3")};
    const ItemList snapshot = original; // an undo step, a background run's copy
    original.push_back(keyed("p", "4"));
    original.set(0, keyed("p", "one"));
    original.erase(1);
    QCOMPARE(sortKeys(snapshot), (QStringList {"1", "2", "3"}));
    QCOMPARE(sortKeys(original), (QStringList {"one", "3", "4"}));

    ItemList grown = snapshot;
    grown.append(original);
    QCOMPARE(sortKeys(grown), (QStringList {"1", "2", "3", "one", "3", "4"}));
    grown.truncate(3);
    QCOMPARE(sortKeys(grown), sortKeys(snapshot));
    QCOMPARE(sortKeys(original), (QStringList {"one", "3", "4"}));
}

void TestItemList::editsKeepOrder()
{
    ItemList list;
    for (int i = 0; i < 10; ++i)
        list.push_back(keyed("p", QString::number(i)));
    list.replace({{2, keyed("p", "two")}, {7, keyed("p", "seven")}});
    QCOMPARE(sortKeys(list),
             (QStringList {"0", "1", "two", "3", "4", "5", "6", "seven", "8", "9"}));
    list.erase(3, 4);
    QCOMPARE(sortKeys(list), (QStringList {"0", "1", "two", "seven", "8", "9"}));
    QCOMPARE(sortKeys(list.mid(1, 3)), (QStringList {"1", "two", "seven"}));
    QCOMPARE(sortKeys(list.keeping([](std::size_t i) { return i % 2 == 0; })),
             (QStringList {"0", "two", "8"}));
    list.push_back(keyed("p", "end")); // after edits that share bytes
    QCOMPARE(sortKeys(list), (QStringList {"0", "1", "two", "seven", "8", "9", "end"}));
    QVERIFY(list.back() == keyed("p", "end"));
    list.clear();
    QVERIFY(list.empty());
}

void TestItemList::equality()
{
    const ItemList a {keyed("p", "1"), keyed("p", "2")};
    ItemList b;
    b.push_back(keyed("p", "1"));
    b.push_back(keyed("p", "2"));
    QVERIFY(a == b); // different bytes, the same items
    b.set(1, keyed("p", "3"));
    QVERIFY(!(a == b));
    QVERIFY(!(a == a.mid(0, 1)));
}

void TestItemList::tableFromListMatchesTableFromItems()
{
    // Items of two lists with their own name tables (the ids differ), nested names included.
    ItemList list;
    list.push_back(itemOf(R"({"PK":{"S":"a"},"SK":{"S":"2"},"Zeta":{"M":{"Alpha":{"N":"1"}}}})"));
    ItemList other;
    other.push_back(itemOf(
        R"({"Alpha":{"S":"x"},"PK":{"S":"a"},"SK":{"S":"1"},"L":{"L":[{"M":{"Deep":{"NULL":true}}}]}})"));
    other.push_back(itemOf(R"({"PK":{"S":"a"},"SK":{"S":"2"},"Replaced":{"BOOL":true}})"));
    list.append(other);

    Table fromList(pkSkTable());
    Table fromItems(pkSkTable());
    const auto a = fromList.putItems(list);
    const auto b = fromItems.putItems(list.toVector());
    QCOMPARE(std::get<Table::LoadResult>(a).replaced, 1);
    QCOMPARE(std::get<Table::LoadResult>(b).replaced, 1);
    QCOMPARE(fromList.itemCount(), qsizetype(2));
    const auto &left = fromList.store()->partitions().front().entries;
    const auto &right = fromItems.store()->partitions().front().entries;
    QCOMPARE(left.size(), right.size());
    for (std::size_t i = 0; i < left.size(); ++i) {
        QCOMPARE(text(fromList.item(left[i].item)), text(fromItems.item(right[i].item)));
        QCOMPARE(fromList.itemSize(left[i].item), fromItems.itemSize(right[i].item));
    }
}

void TestItemList::tableFromListRefusesAsPutItemDoes()
{
    const ItemList list {keyed("p", "1"),
                         Item {{QStringLiteral("PK"), AttributeValue::string("p")}}};
    Table fromList(pkSkTable());
    Table fromItems(pkSkTable());
    const auto a = fromList.putItems(list);
    const auto b = fromItems.putItems(list.toVector());
    QVERIFY(std::holds_alternative<Table::ItemError>(a));
    QCOMPARE(std::get<Table::ItemError>(a).index, std::get<Table::ItemError>(b).index);
    QCOMPARE(std::get<Table::ItemError>(a).message, std::get<Table::ItemError>(b).message);
    QCOMPARE(fromList.itemCount(), qsizetype(0)); // nothing written
}

// A list of thousands of items, and one far larger than the rest, read back whole and in
// pieces: items stored in blocks are found at every boundary.
void TestItemList::manyItemsAcrossBlocks()
{
    ItemList list;
    std::vector<Item> expected;
    const QString big(3 << 20, QLatin1Char('x')); // larger than a block
    for (int i = 0; i < 6000; ++i) {
        Item item
            = keyed(QStringLiteral("p"), QStringLiteral("%1").arg(i, 5, 10, QLatin1Char('0')));
        item[QStringLiteral("Text")]
            = AttributeValue::string(i == 3000 ? big : QString(i % 700, QLatin1Char('a' + i % 26)));
        if (i % 2 == 0) {
            list.push_back(item);
        } else {
            // The path a file reader takes: bytes encoded against the list's names.
            std::string encoded;
            itemcodec::encode(item, list.names(), encoded);
            list.appendEncoded(encoded, itemSizeBytes(item));
        }
        expected.push_back(item);
    }
    list.squeeze();
    QCOMPARE(list.size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i) {
        QCOMPARE(text(list[i]), text(expected[i]));
        QCOMPARE(list.sizeBytes(i), itemSizeBytes(expected[i]));
        QCOMPARE(list.attribute(i, QStringLiteral("Text"))->asString(),
                 expected[i].at(QStringLiteral("Text")).asString());
    }
    QCOMPARE(text(list.attributes(3000, {QStringLiteral("SK"), QStringLiteral("Nope")})),
             QStringLiteral(R"({"SK":{"S":"03000"}})"));
    const ItemList middle = list.mid(2990, 20);
    QCOMPARE(text(middle[10]), text(expected[3000]));
    QCOMPARE(sortKeys(middle).first(), QStringLiteral("02990"));
    QCOMPARE(sortKeys(middle).last(), QStringLiteral("03009"));
}

// A table loaded from a list reads the list's bytes where they lie; it still answers after the
// list (and every copy of it) is gone, whatever order the items name their attributes in, and
// with items of two lists whose names differ.
void TestItemList::tableKeepsSharedItemsAlive()
{
    Table table(pkSkTable());
    {
        ItemList list;
        list.push_back(itemOf(R"({"Data":{"S":"d1"},"SK":{"S":"1"},"PK":{"S":"a"}})"));
        list.push_back(itemOf(R"({"SK":{"S":"2"},"Extra":{"N":"7"},"PK":{"S":"a"}})"));
        // Enough items for blocks of a megabyte: freed, those go back to the system at once,
        // so reading them after the list is gone would fault rather than find stale bytes.
        for (int i = 0; i < 4000; ++i) {
            Item item = keyed(QStringLiteral("b"), QString::number(i));
            item[QStringLiteral("Data")]
                = AttributeValue::string(QString(500, QLatin1Char('a' + i % 26)));
            list.push_back(item);
        }
        ItemList other;
        other.push_back(itemOf(R"({"PK":{"S":"a"},"Other":{"BOOL":true},"SK":{"S":"3"}})"));
        list.append(other);
        const auto loaded = table.putItems(list);
        QVERIFY(std::holds_alternative<Table::LoadResult>(loaded));
    }
    QCOMPARE(table.itemCount(), qsizetype(4003));
    const IndexStore &store = *table.store();
    const auto partitionOf = [&](const char *pk) -> const Partition & {
        for (const Partition &p : store.partitions()) {
            if (p.key == AttributeValue::string(QString::fromLatin1(pk)).sortableBytes())
                return p;
        }
        qFatal("no partition %s", pk);
    };
    for (const PartitionEntry &entry : partitionOf("b").entries) {
        const int i = table.attribute(entry.item, QStringLiteral("SK")).asString().toInt();
        QCOMPARE(table.attribute(entry.item, QStringLiteral("Data")).asString(),
                 QString(500, QLatin1Char('a' + i % 26)));
    }
    const auto &entries = partitionOf("a").entries;
    QCOMPARE(text(table.item(entries[0].item)),
             QStringLiteral(R"({"Data":{"S":"d1"},"PK":{"S":"a"},"SK":{"S":"1"}})"));
    QCOMPARE(text(table.item(entries[1].item)),
             QStringLiteral(R"({"Extra":{"N":"7"},"PK":{"S":"a"},"SK":{"S":"2"}})"));
    QCOMPARE(text(table.item(entries[2].item)),
             QStringLiteral(R"({"Other":{"BOOL":true},"PK":{"S":"a"},"SK":{"S":"3"}})"));
    QCOMPARE(table.attribute(entries[1].item, QStringLiteral("Extra")).asNumber().toString(),
             QStringLiteral("7"));
    // Later items, written one at a time, go in beside them.
    QVERIFY(std::holds_alternative<Table::LoadResult>(
        table.putItems(std::vector<Item> {keyed("a", "0")})));
    QCOMPARE(table.itemCount(), qsizetype(4004));
    const auto &after = partitionOf("a").entries;
    QCOMPARE(text(table.item(after[0].item)), QStringLiteral(R"({"PK":{"S":"a"},"SK":{"S":"0"}})"));
    QCOMPARE(text(table.item(after[3].item)),
             QStringLiteral(R"({"Other":{"BOOL":true},"PK":{"S":"a"},"SK":{"S":"3"}})"));
}

QTEST_APPLESS_MAIN(TestItemList)
#include "tst_itemlist.moc"
