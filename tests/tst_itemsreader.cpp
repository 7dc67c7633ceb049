// The streaming items reader (model/io/itemsreader): for every shape and every odd file it
// gives exactly what the QJsonDocument path gives (items, their paths, notes, counts, errors),
// reads a large file into the table with a fraction of the memory, reports progress and can be
// cancelled without writing anything.

#include "model/design/projectfile.h"
#include "model/interop/interopfile.h"
#include "model/io/itemsfile.h"
#include "model/io/itemsreader.h"
#include "model/io/jsonfile.h"
#include "model/value/dynamojson.h"
#include "tests/support/fixtures.h"
#include "tests/support/testpaths.h"

#include <QDirIterator>
#include <QFile>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace keyscope::model;

namespace {

TableDefinition readingsDefinition()
{
    return keyscope::testsupport::tableFromJson(R"({
        "TableName": "Readings",
        "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
                                 {"AttributeName": "SK", "AttributeType": "N"},
                                 {"AttributeName": "Status", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                      {"AttributeName": "SK", "KeyType": "RANGE"}],
        "GlobalSecondaryIndexes": [{"IndexName": "ByStatus",
            "KeySchema": [{"AttributeName": "Status", "KeyType": "HASH"}],
            "Projection": {"ProjectionType": "KEYS_ONLY"}}],
        "BillingMode": "PAY_PER_REQUEST"})");
}

// Everything a reader of Contents can see, as text.
QString describe(const std::variant<ItemsFile::Contents, IoError> &result)
{
    if (const auto *error = std::get_if<IoError>(&result))
        return QStringLiteral("error: ") + error->toString();
    const auto &contents = std::get<ItemsFile::Contents>(result);
    QStringList lines;
    lines << QStringLiteral("shape %1 table %2 deletes %3 deleted %4")
                 .arg(ItemsFile::shapeName(contents.shape), contents.tableName)
                 .arg(contents.deleteRequests)
                 .arg(contents.deleted);
    for (std::size_t i = 0; i < contents.items.size(); ++i)
        lines << contents.paths.value(qsizetype(i)) + QStringLiteral(" = ")
                + QString::fromUtf8(QJsonDocument(dynamojson::itemToJson(contents.items[i]))
                                        .toJson(QJsonDocument::Compact));
    for (const QString &note : contents.notes)
        lines << QStringLiteral("note: ") + note;
    return lines.join(u'\n');
}

QString describe(const std::variant<ItemsFile::LoadResult, IoError> &result, const Table &table)
{
    if (const auto *error = std::get_if<IoError>(&result))
        return QStringLiteral("error: %1 (items: %2)")
            .arg(error->toString())
            .arg(table.itemCount());
    const auto &load = std::get<ItemsFile::LoadResult>(result);
    QStringList lines;
    lines << QStringLiteral("shape %1 written %2 replaced %3 items %4 notes %5")
                 .arg(ItemsFile::shapeName(load.shape))
                 .arg(load.written)
                 .arg(load.replaced)
                 .arg(table.itemCount())
                 .arg(load.notes.join(u'|'));
    // Every item the table holds, in each store's order, with its size and attribute order.
    for (const QString &store : {QString(), QStringLiteral("ByStatus")}) {
        QStringList partitions;
        for (const Partition &partition : table.store(store)->partitions()) {
            QStringList entries;
            for (const PartitionEntry &entry : partition.entries) {
                const Item item = table.item(entry.item);
                QStringList names;
                for (const auto &[name, value] : item)
                    names << name;
                entries << QString::fromUtf8(QJsonDocument(dynamojson::itemToJson(item))
                                                 .toJson(QJsonDocument::Compact))
                        + QStringLiteral(" size %1 names %2")
                              .arg(table.itemSize(entry.item))
                              .arg(names.join(u','));
            }
            partitions << entries.join(u'\n');
        }
        partitions.sort(); // partitions come in no meaningful order
        lines << QStringLiteral("store %1:").arg(store) << partitions;
    }
    return lines.join(u'\n');
}

QByteArray bigBatch(int count)
{
    QByteArray json = "{\"Readings\": [\n";
    for (int i = 0; i < count; ++i) {
        json += QStringLiteral("{\"PutRequest\": {\"Item\": {\"PK\": {\"S\": \"dev-%1\"}, \"SK\": "
                               "{\"N\": \"%2\"}, \"Temp\": {\"N\": \"21.%3\"}}}}%4\n")
                    .arg(i % 50)
                    .arg(i)
                    .arg(i % 10)
                    .arg(i + 1 < count ? "," : "")
                    .toUtf8();
    }
    return json + "]}\n";
}

// A project (its errors, or its file's bytes), as a user sees it.
QString describe(const std::variant<Project, std::vector<IoError>> &read)
{
    if (const auto *errors = std::get_if<std::vector<IoError>>(&read)) {
        QStringList lines;
        for (const IoError &error : *errors)
            lines << QStringLiteral("error: ") + error.toString();
        return lines.join(u'\n');
    }
    return QString::fromUtf8(ProjectFile::serialize(std::get<Project>(read)));
}

// The project as read through one document of the whole file.
std::variant<Project, std::vector<IoError>> projectThroughDocument(const QByteArray &data,
                                                                   const QString &source)
{
    auto document = JsonFile::parse(data, source);
    if (auto *error = std::get_if<IoError>(&document))
        return std::vector<IoError> {*error};
    return ProjectFile::fromJson(std::get<QJsonDocument>(document), source);
}

QByteArray projectWithItems(const QByteArray &items)
{
    return R"({"keyscope": 1, "name": "Readings",
  "table": {"TableName": "Readings",
            "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
                                     {"AttributeName": "SK", "AttributeType": "N"},
                                     {"AttributeName": "Status", "AttributeType": "S"}],
            "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                          {"AttributeName": "SK", "KeyType": "RANGE"}],
            "GlobalSecondaryIndexes": [{"IndexName": "ByStatus",
                "KeySchema": [{"AttributeName": "Status", "KeyType": "HASH"}],
                "Projection": {"ProjectionType": "KEYS_ONLY"}}],
            "BillingMode": "PAY_PER_REQUEST"},
  "items": )"
        + items + "\n}\n";
}

} // namespace

class TestItemsReader : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void sameAsDocument_data();
    void sameAsDocument();
    void surelyItemsInMemory_data();
    void surelyItemsInMemory();
    void largeFileGoesIntoTheTable();
    void progressAndCancel();
    void cancelledLoadWritesNothing();
    void projectItemsSameAsDocument_data();
    void projectItemsSameAsDocument();
    void everyProjectFileSameAsDocument();
    void largeProjectInterop();

private:
    QString write(const QByteArray &contents);
    std::unique_ptr<QTemporaryDir> m_dir;
    int m_files = 0;
};

void TestItemsReader::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

QString TestItemsReader::write(const QByteArray &contents)
{
    const QString path = m_dir->filePath(QStringLiteral("items%1.json").arg(++m_files));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    file.write(contents);
    return path;
}

void TestItemsReader::sameAsDocument_data()
{
    QTest::addColumn<QByteArray>("json");
    const auto row
        = [](const char *name, const char *json) { QTest::newRow(name) << QByteArray(json); };
    row("array", R"([{"PK": {"S": "a"}, "SK": {"N": "1"}}, {"PK": {"S": "a"}, "SK": {"N": "2"}}])");
    row("scan output, Count first",
        R"({"Count": 1, "ScannedCount": 1, "Items": [{"PK": {"S": "a"}, "SK": {"N": "1"}}]})");
    row("batch",
        R"({"Readings": [{"PutRequest": {"Item": {"PK": {"S": "a"}, "SK": {"N": "1"}}}}]})");
    row("wrapped batch",
        R"({"RequestItems": {"Readings": [{"PutRequest": {"Item": {"PK": {"S": "a"}, "SK": {"N": "1"}}}}]}})");
    row("our table second",
        R"({"Other": [{"PutRequest": {"Item": {"PK": {"S": "x"}, "SK": {"N": "9"}}}}], "Readings": [{"PutRequest": {"Item": {"PK": {"S": "a"}, "SK": {"N": "1"}}}}]})");
    row("another table only",
        R"({"Other": [{"PutRequest": {"Item": {"PK": {"S": "x"}, "SK": {"N": "9"}}}}]})");
    row("two other tables", R"({"A": [], "B": []})");
    row("a table named Items",
        R"({"Items": [{"PutRequest": {"Item": {"PK": {"S": "a"}, "SK": {"N": "1"}}}}]})");
    row("RequestItems and more",
        R"({"RequestItems": {"Readings": []}, "Items": [{"PK": {"S": "a"}, "SK": {"N": "1"}}]})");
    row("every type",
        R"([{"PK": {"S": "caf\u00e9 \"q\""}, "SK": {"N": "1.50"}, "B": {"B": "AAE="}, "T": {"BOOL": true}, "Z": {"NULL": true}, "SS": {"SS": ["b", "a"]}, "NS": {"NS": ["1", "2"]}, "BS": {"BS": ["AA==", "AQ=="]}, "L": {"L": [{"S": "x"}, {"M": {"k": {"N": "3"}}}]}, "M": {"M": {"in": {"L": []}}}}])");
    row("repeated attribute", R"([{"PK": {"S": "a"}, "SK": {"N": "1"}, "SK": {"N": "2"}}])");
    row("repeated top-level name",
        R"({"Readings": [], "Readings": [{"PutRequest": {"Item": {"PK": {"S": "a"}, "SK": {"N": "1"}}}}]})");
    row("bad number",
        R"({"Items": [{"PK": {"S": "a"}, "SK": {"N": "1"}}, {"PK": {"S": "a"}, "SK": {"N": "x"}}]})");
    row("duplicate in a set", R"([{"PK": {"S": "a"}, "SK": {"N": "1"}, "S": {"SS": ["a", "a"]}}])");
    row("plain JSON inside an M",
        R"([{"PK": {"S": "a"}, "SK": {"N": "1"}, "R": {"M": {"Gold": 5, "Tags": ["x", 2.5, null, true]}}}])");
    row("item not an object", R"([{"PK": {"S": "a"}, "SK": {"N": "1"}}, 42])");
    row("missing Item", R"({"Readings": [{"PutRequest": {}}]})");
    row("not a write request",
        R"({"Readings": [{"PutRequest": {"Item": {"PK": {"S": "a"}, "SK": {"N": "1"}}}, "X": 1}]})");
    row("delete requests",
        R"({"Readings": [{"PutRequest": {"Item": {"PK": {"S": "a"}, "SK": {"N": "1"}}}}, {"PutRequest": {"Item": {"PK": {"S": "b"}, "SK": {"N": "1"}}}}, {"DeleteRequest": {"Key": {"PK": {"S": "a"}, "SK": {"N": "1"}}}}]})");
    row("bad delete request", R"({"Readings": [{"DeleteRequest": {"Key": {"PK": {"S": "a"}}}}]})");
    row("syntax error late",
        R"([{"PK": {"S": "a"}, "SK": {"N": "x"}}, {"PK": {"S": "a"}, "SK": {"N": "1"}} {"PK": 1}])");
    row("bad literal in a skipped member",
        R"({"Items": [{"PK": {"S": "a"}, "SK": {"N": "1"}}], "Count": tru})");
    row("trailing text", R"([{"PK": {"S": "a"}, "SK": {"N": "1"}}] x)");
    row("unclosed", R"({"Items": [{"PK": {"S": "a"}, "SK": {"N": "1"}})");
    row("empty", "  \n");
    row("scalar", "42");
    row("empty object", "{}");
    row("not an array of requests", R"({"Readings": {"PK": {"S": "a"}}})");
    row("lone surrogate", R"([{"PK": {"S": "\ud800"}, "SK": {"N": "1"}}])");
    // Items of scalars are encoded straight into the table: the same items, sizes and errors.
    row("scalars of every kind",
        R"([{"PK": {"S": "a"}, "SK": {"N": "-0.00120"}, "On": {"BOOL": false}, "Off": {"BOOL": true}, "Z": {"NULL": true}, "E": {"S": ""}, "Status": {"S": "OK"}}])");
    row("non-ASCII attribute names",
        R"([{"PK": {"S": "a"}, "SK": {"N": "1"}, "\uff5e": {"S": "x"}, "\ud83d\ude00": {"S": "y"}, "caf\u00e9": {"N": "2"}, "Z": {"S": "z"}}])");
    row("a later item replaces an earlier one, scalar or not",
        R"({"Readings": [{"PutRequest": {"Item": {"PK": {"S": "a"}, "SK": {"N": "1"}, "V": {"N": "1"}}}}, {"PutRequest": {"Item": {"PK": {"S": "a"}, "SK": {"N": "1"}, "V": {"L": [{"N": "2"}]}}}}, {"PutRequest": {"Item": {"PK": {"S": "a"}, "SK": {"N": "1.0"}, "V": {"N": "3"}}}}, {"PutRequest": {"Item": {"PK": {"S": "b"}, "SK": {"N": "1"}, "V": {"M": {}}}}}, {"PutRequest": {"Item": {"PK": {"S": "b"}, "SK": {"N": "1"}, "V": {"S": "4"}}}}]})");
    row("missing sort key",
        R"([{"PK": {"S": "a"}, "SK": {"N": "1"}}, {"PK": {"S": "a"}, "T": {"N": "1"}}])");
    row("key of the wrong type", R"([{"PK": {"N": "1"}, "SK": {"N": "1"}}])");
    row("empty partition key", R"([{"PK": {"S": ""}, "SK": {"N": "1"}}])");
    row("index key of the wrong type",
        R"([{"PK": {"S": "a"}, "SK": {"N": "1"}, "Status": {"N": "1"}}])");
    row("empty index key", R"([{"PK": {"S": "a"}, "SK": {"N": "1"}, "Status": {"S": ""}}])");
    row("refused by the table, then invalid JSON-wise",
        R"([{"PK": {"N": "1"}, "SK": {"N": "1"}}, {"PK": {"S": "a"}, "SK": {"N": "y"}}])");
    const QByteArray longKey(2049, 'k');
    QTest::newRow("partition key over 2048 bytes")
        << QByteArray(R"([{"PK": {"S": ")" + longKey + R"("}, "SK": {"N": "1"}}])");
    QTest::newRow("index key over 2048 bytes") << QByteArray(
        R"([{"PK": {"S": "a"}, "SK": {"N": "1"}, "Status": {"S": ")" + longKey + R"("}}])");
    QTest::newRow("item over 400 KB")
        << QByteArray(R"([{"PK": {"S": "a"}, "SK": {"N": "1"}, "Big": {"S": ")"
                      + QByteArray(400 * 1024, 'x') + R"("}}])");
    row("big number in plain JSON",
        R"([{"PK": {"S": "a"}, "SK": {"N": "1"}, "M": {"M": {"n": 9007199254740993, "e": 1e400}}}])");
}

void TestItemsReader::sameAsDocument()
{
    QFETCH(QByteArray, json);
    const QString path = write(json);
    const TableDefinition definition = readingsDefinition();
    for (const auto badItems : {ItemsFile::BadItems::Refuse, ItemsFile::BadItems::LeaveOut}) {
        const auto streamed = ItemsFile::read(path, definition, badItems);
        auto document = JsonFile::read(path);
        const auto expected = std::holds_alternative<IoError>(document)
            ? std::variant<ItemsFile::Contents, IoError>(std::get<IoError>(document))
            : ItemsFile::fromDocument(std::get<QJsonDocument>(document), path, definition,
                                      badItems);
        QCOMPARE(describe(streamed), describe(expected));
    }
    Table streamedTable(definition);
    const auto loaded = ItemsFile::load(streamedTable, path);
    Table expectedTable(definition);
    const auto contents = ItemsFile::read(path, definition);
    const auto put = std::holds_alternative<IoError>(contents)
        ? std::variant<ItemsFile::LoadResult, IoError>(std::get<IoError>(contents))
        : ItemsFile::put(expectedTable, std::get<ItemsFile::Contents>(contents), path);
    QCOMPARE(describe(loaded, streamedTable), describe(put, expectedTable));
}

// InteropFile (convert, infer, the app's Open of any file) reads items it holds in memory
// without a document when they can be nothing else: then exactly as fromDocument reads them.
void TestItemsReader::surelyItemsInMemory_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<bool>("streamed");
    const auto row = [](const char *name, const char *json, bool streamed) {
        QTest::newRow(name) << QByteArray(json) << streamed;
    };
    row("array", R"([{"PK": {"S": "a"}, "SK": {"N": "1"}}, {"PK": {"S": "b"}, "SK": {"N": "2"}}])",
        true);
    row("scan output",
        R"({"Items": [{"PK": {"S": "a"}, "SK": {"N": "1"}}], "Count": 1, "ScannedCount": 1})",
        true);
    row("batch of one table",
        R"({"Readings": [{"PutRequest": {"Item": {"PK": {"S": "a"}, "SK": {"N": "1"}}}}]})", true);
    row("wrapped batch",
        R"({"RequestItems": {"Readings": [{"PutRequest": {"Item": {"PK": {"S": "a"}, "SK": {"N": "1"}}}}]}})",
        true);
    row("array with an item left out",
        R"([{"PK": {"S": "a"}, "SK": {"N": "1"}}, {"PK": {"S": "a"}}])", true);
    row("batch of two tables",
        R"({"Other": [1], "Readings": [{"PutRequest": {"Item": {"PK": {"S": "a"}, "SK": {"N": "1"}}}}]})",
        false);
    row("batch whose first entry is not a request",
        R"({"Readings": [{"X": 1}, {"PutRequest": {"Item": {"PK": {"S": "a"}, "SK": {"N": "1"}}}}]})",
        false);
    row("a Keyscope project", R"({"keyscope": 1, "Items": [{"PK": {"S": "a"}, "SK": {"N": "1"}}]})",
        false);
    row("a Workbench model",
        R"({"ModelName": "m", "ModelMetadata": {}, "Items": [{"PK": {"S": "a"}, "SK": {"N": "1"}}]})",
        false);
    row("a Workbench data model",
        R"({"DataModel": [{"PutRequest": {"Item": {"PK": {"S": "a"}, "SK": {"N": "1"}}}}]})",
        false);
    row("create-table JSON",
        R"({"TableName": "Readings", "KeySchema": [], "Items": [{"PK": {"S": "a"}, "SK": {"N": "1"}}]})",
        false);
    row("describe-table output", R"({"Table": {"Items": [{"PK": {"S": "a"}, "SK": {"N": "1"}}]}})",
        false);
    row("a CloudFormation template",
        R"({"Resources": {}, "Items": [{"PK": {"S": "a"}, "SK": {"N": "1"}}]})", false);
    row("a syntax error", R"([{"PK": {"S": "a"}, "SK": {"N": "1"}} x])", false);
    row("scan output with an invalid item left out",
        R"({"Items": [{"PK": {"S": "a"}, "SK": {"N": "x"}}]})", true);
}

void TestItemsReader::surelyItemsInMemory()
{
    QFETCH(QByteArray, json);
    QFETCH(bool, streamed);
    const TableDefinition definition = readingsDefinition();
    const QString source = QStringLiteral("items.json");
    const auto fast
        = itemsreader::readSurelyItems(json, source, definition, ItemsFile::BadItems::LeaveOut);
    QCOMPARE(fast.has_value(), streamed);
    if (!fast)
        return;
    const auto expected = ItemsFile::fromDocument(QJsonDocument::fromJson(json), source, definition,
                                                  ItemsFile::BadItems::LeaveOut);
    QCOMPARE(describe(*fast), describe(expected));
}

void TestItemsReader::largeFileGoesIntoTheTable()
{
    const QString path = write(bigBatch(20000));
    Table table(readingsDefinition());
    const auto loaded = ItemsFile::load(table, path);
    QVERIFY(std::holds_alternative<ItemsFile::LoadResult>(loaded));
    QCOMPARE(std::get<ItemsFile::LoadResult>(loaded).written, 20000);
    QCOMPARE(table.itemCount(), 20000);
    const IndexStore *store = table.store();
    QCOMPARE(store->partitions().size(), std::size_t(50));
    // Every piece of the file ends up sorted together: SK ascending in each partition.
    const Partition *partition = store->findPartition(QByteArrayView("dev-7"));
    QVERIFY(partition);
    QCOMPARE(partition->entries.size(), std::size_t(400));
    QCOMPARE(table.attribute(partition->entries.front().item, QStringLiteral("SK"))
                 .asNumber()
                 .toString(),
             QStringLiteral("7"));
    QCOMPARE(
        table.attribute(partition->entries.back().item, QStringLiteral("SK")).asNumber().toString(),
        QStringLiteral("19957"));
}

void TestItemsReader::progressAndCancel()
{
    const QByteArray json = bigBatch(5000);
    const QString path = write(json);
    qint64 last = -1;
    int calls = 0;
    bool cancelled = false;
    const auto contents = ItemsFile::read(
        path, readingsDefinition(), ItemsFile::BadItems::Refuse,
        [&](qint64 done, qint64 total) {
            ++calls;
            if (done < last || total != json.size())
                return false;
            last = done;
            return true;
        },
        &cancelled);
    QVERIFY(!cancelled);
    QVERIFY(std::holds_alternative<ItemsFile::Contents>(contents));
    QCOMPARE(std::get<ItemsFile::Contents>(contents).items.size(), std::size_t(5000));
    QVERIFY2(calls >= 4, qPrintable(QString::number(calls)));
    QVERIFY(last > json.size() / 2);

    const auto stopped = ItemsFile::read(
        path, readingsDefinition(), ItemsFile::BadItems::Refuse,
        [&](qint64 done, qint64) { return done < json.size() / 3; }, &cancelled);
    QVERIFY(cancelled);
    QVERIFY(std::holds_alternative<IoError>(stopped));
}

void TestItemsReader::cancelledLoadWritesNothing()
{
    const QString path = write(bigBatch(12000));
    Table table(readingsDefinition());
    bool cancelled = false;
    int calls = 0;
    const auto loaded = ItemsFile::load(
        table, path, [&](qint64, qint64) { return ++calls < 10; }, &cancelled);
    QVERIFY(cancelled);
    QVERIFY(std::holds_alternative<IoError>(loaded));
    QCOMPARE(table.itemCount(), 0);
    QVERIFY(table.store()->partitions().empty());
    // The table is still usable: the same file loads in full afterwards.
    const auto again = ItemsFile::load(table, path);
    QVERIFY(std::holds_alternative<ItemsFile::LoadResult>(again));
    QCOMPARE(table.itemCount(), 12000);
}

// A project's hand-written items are read as they are parsed, the rest of the file through a
// document: the same project, and the same messages in the same order, as reading the whole
// file through one document.
void TestItemsReader::projectItemsSameAsDocument_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<bool>("streamed"); // whether the items are read without the document
    const auto items = [](const char *name, const char *array, bool streamed) {
        QTest::newRow(name) << projectWithItems(array) << streamed;
    };
    const auto whole = [](const char *name, const char *json, bool streamed) {
        QTest::newRow(name) << QByteArray(json) << streamed;
    };
    items("none", "[]", true);
    items("two items",
          R"([{"PK": {"S": "a"}, "SK": {"N": "1"}}, {"PK": {"S": "a"}, "SK": {"N": "2"}}])", true);
    items(
        "every type",
        R"([{"PK": {"S": "caf\u00e9 \"q\""}, "SK": {"N": "1.50"}, "B": {"B": "AAE="}, "T": {"BOOL": true}, "Z": {"NULL": true}, "SS": {"SS": ["b", "a"]}, "NS": {"NS": ["1", "2"]}, "BS": {"BS": ["AA==", "AQ=="]}, "L": {"L": [{"S": "x"}, {"M": {"k": {"N": "3"}}}]}, "M": {"M": {"in": {"L": []}}}}])",
        true);
    items(
        "plain JSON inside an M",
        R"([{"PK": {"S": "a"}, "SK": {"N": "1"}, "R": {"M": {"Gold": 5, "Tags": ["x", 2.5, null, true]}}}])",
        false); // dynamojson refuses it, as the document path words
    items(
        "non-ASCII attribute names",
        R"([{"PK": {"S": "a"}, "SK": {"N": "1"}, "\uff5e": {"S": "x"}, "\ud83d\ude00": {"S": "y"}}])",
        true);
    // Key checks on streamed items: the same messages, an item's in the order of its names.
    items("missing sort key",
          R"([{"PK": {"S": "a"}, "SK": {"N": "1"}}, {"PK": {"S": "a"}, "T": {"N": "1"}}])", true);
    items("keys of the wrong types",
          R"([{"Status": {"N": "1"}, "SK": {"S": "x"}, "PK": {"N": "1"}}, {"SK": {"N": "1"}}])",
          true);
    items("a NULL key", R"([{"PK": {"NULL": true}, "SK": {"N": "1"}}])", true);
    // What only the document words: read through it.
    items("bad number",
          R"([{"PK": {"S": "a"}, "SK": {"N": "1"}}, {"PK": {"S": "a"}, "SK": {"N": "x"}}])", false);
    items("repeated attribute", R"([{"PK": {"S": "a"}, "SK": {"N": "1"}, "SK": {"N": "2"}}])",
          true);
    items("duplicate in a set",
          R"([{"PK": {"S": "a"}, "SK": {"N": "1"}, "S": {"SS": ["a", "a"]}}])", false);
    items("item not an object", R"([{"PK": {"S": "a"}, "SK": {"N": "1"}}, 42])", false);
    items("unknown type", R"([{"PK": {"S": "a"}, "SK": {"N": "1"}, "X": {"Q": "1"}}])", false);
    items("lone surrogate", R"([{"PK": {"S": "\ud800"}, "SK": {"N": "1"}}])", false);
    items("not an array", R"({"PK": {"S": "a"}})", false);
    items("syntax error in an item", R"([{"PK": {"S": "a"}, "SK": {"N": "1"}} {"PK": 1}])", false);
    whole(
        "items twice",
        R"({"keyscope": 1, "items": [], "table": {"TableName": "T", "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}], "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}]}, "items": [{"PK": {"S": "a"}}]})",
        false);
    whole(
        "items before the table",
        R"({"keyscope": 1, "items": [{"PK": {"S": "a"}}, {"Q": {"S": "b"}}], "table": {"TableName": "T", "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}], "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}]}})",
        true);
    whole(
        "items in another member only",
        R"({"keyscope": 1, "x-extra": {"items": [{"PK": {"S": "a"}}]}, "table": {"TableName": "T", "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}], "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}]}})",
        false);
    whole("items and a bad table",
          R"({"keyscope": 1, "table": {"TableName": "T"}, "items": [{"PK": {"S": "a"}}]})", true);
    whole("trailing text", R"({"keyscope": 1, "items": []} x)", false);
    whole("a syntax error after the items", R"({"keyscope": 1, "items": [], "name": })", false);
    whole("an array", R"([{"keyscope": 1, "items": []}])", false);
    whole("a newer version", R"({"keyscope": 99, "items": [{"PK": {"S": "a"}}]})", true);
}

void TestItemsReader::projectItemsSameAsDocument()
{
    QFETCH(QByteArray, json);
    QFETCH(bool, streamed);
    QCOMPARE(itemsreader::readItemsMember(json, QLatin1StringView("items")).has_value(), streamed);
    const QString source = QStringLiteral("design.keyscope.json");
    QCOMPARE(describe(ProjectFile::parse(json, source)),
             describe(projectThroughDocument(json, source)));
    const QString path = write(json);
    QCOMPARE(describe(ProjectFile::read(path)), describe(projectThroughDocument(json, path)));
}

// Every project file in the examples and the test data: the same project either way.
void TestItemsReader::everyProjectFileSameAsDocument()
{
    int files = 0;
    int withItems = 0;
    for (const QString &root : {keyscope::testsupport::sourcePath("/resources/examples"),
                                keyscope::testsupport::sourcePath("/tests/data")}) {
        QDirIterator it(root, {QStringLiteral("*.keyscope.json")}, QDir::Files,
                        QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            QFile file(path);
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray data = file.readAll();
            const auto streamed = ProjectFile::parse(data, path);
            QCOMPARE(describe(streamed), describe(projectThroughDocument(data, path)));
            ++files;
            if (const auto *project = std::get_if<Project>(&streamed);
                project && !project->items.empty())
                ++withItems;
        }
    }
    QVERIFY2(files > 50, qPrintable(QString::number(files)));
    QVERIFY2(withItems >= 4, qPrintable(QString::number(withItems)));
}

// convert, infer and the app's Open read a project with thousands of items the same way.
void TestItemsReader::largeProjectInterop()
{
    QByteArray array = "[";
    for (int i = 0; i < 5000; ++i)
        array += QStringLiteral("%1{\"PK\": {\"S\": \"dev-%2\"}, \"SK\": {\"N\": \"%3\"}, "
                                "\"Temp\": {\"N\": \"21.%4\"}}\n")
                     .arg(i ? "," : "")
                     .arg(i % 50)
                     .arg(i)
                     .arg(i % 10)
                     .toUtf8();
    const QByteArray json = projectWithItems(array + "]");
    const auto split = itemsreader::readItemsMember(json, QLatin1StringView("items"));
    QVERIFY(split);
    QCOMPARE(split->items.size(), std::size_t(5000));
    QVERIFY(split->rest.size() < 1000); // the rest of the file, without its items
    const auto input = InteropFile::parse(json, QStringLiteral("big.keyscope.json"));
    QVERIFY(std::holds_alternative<InteropFile::Input>(input));
    const auto &read = std::get<InteropFile::Input>(input);
    QCOMPARE(read.kind, InteropFile::Kind::KeyscopeProject);
    QCOMPARE(read.projects.size(), std::size_t(1));
    QCOMPARE(read.projects.front().items.size(), std::size_t(5000));
    QCOMPARE(read.projects.front().items[4999].at(QStringLiteral("SK")),
             AttributeValue::number(Number::parse(QStringLiteral("4999")).value()));
    QCOMPARE(describe(std::variant<Project, std::vector<IoError>>(read.projects.front())),
             describe(projectThroughDocument(json, QStringLiteral("big.keyscope.json"))));
}

QTEST_GUILESS_MAIN(TestItemsReader)
#include "tst_itemsreader.moc"
