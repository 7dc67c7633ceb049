// Loading items and table definitions from the files users already have (model/io): every
// accepted shape, PutItem replacement, and errors that point at the file, line, column or JSON
// path a user has to fix.

#include "model/io/itemsfile.h"
#include "model/io/jsonfile.h"
#include "model/io/tabledefinitionfile.h"
#include "model/query/queryengine.h"
#include "model/value/dynamojson.h"
#include "tests/support/fixtures.h"

#include <QDir>
#include <QFile>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace keyscope::model;

namespace {

const char *const kTableJson = R"({
    "TableName": "Readings",
    "AttributeDefinitions": [
        {"AttributeName": "PK", "AttributeType": "S"},
        {"AttributeName": "SK", "AttributeType": "N"}
    ],
    "KeySchema": [
        {"AttributeName": "PK", "KeyType": "HASH"},
        {"AttributeName": "SK", "KeyType": "RANGE"}
    ],
    "BillingMode": "PAY_PER_REQUEST"
})";

TableDefinition readingsDefinition()
{
    return keyscope::testsupport::tableFromJson(QByteArray(kTableJson));
}

// The sort keys (SK) of a partition in query order, and one attribute of each item.
QStringList partitionContents(const Table &table, const QString &pk, const QString &attribute)
{
    QueryRequest request;
    request.keyConditionExpression = QStringLiteral("PK = :pk");
    request.expressionAttributeValues
        = std::map<QString, AttributeValue> {{QStringLiteral(":pk"), AttributeValue::string(pk)}};
    auto result = QueryEngine::query(table, request);
    if (auto *error = std::get_if<QueryError>(&result))
        return {QStringLiteral("error: ") + error->message};
    QStringList out;
    for (const Item &item : std::get<QueryResponse>(result).items) {
        QString row = item.at(QStringLiteral("SK")).asNumber().toString();
        const auto it = item.find(attribute);
        if (it != item.end())
            row += QLatin1Char('=') + it->second.debugString();
        out << row;
    }
    return out;
}

} // namespace

class TestItemsFile : public QObject
{
    Q_OBJECT

private slots:
    void init();

    void shapes_data();
    void shapes();
    void repeatedKeyReplaces();
    void deleteRequestRemovesEarlierPut();
    void deleteRequestRemovesEveryEarlierPutOfItsKey();
    void batchPicksTheDefinedTable();

    void malformedJson_data();
    void malformedJson();
    void missingFile();
    void badValueNamesPath_data();
    void badValueNamesPath();
    void invalidItemNamesIndex_data();
    void invalidItemNamesIndex();
    void unknownShape();

    void tableDefinitionShapes_data();
    void tableDefinitionShapes();
    void tableDefinitionErrors();

private:
    QString write(const QString &name, const QByteArray &contents);
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestItemsFile::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

QString TestItemsFile::write(const QString &name, const QByteArray &contents)
{
    const QString path = m_dir->filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    file.write(contents);
    return path;
}

void TestItemsFile::shapes_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<int>("shape");
    QTest::addColumn<QStringList>("partitionA");

    QTest::newRow("batch-write-item request")
        << QByteArray(R"({"Readings": [
            {"PutRequest": {"Item": {"PK": {"S": "a"}, "SK": {"N": "2"}}}},
            {"PutRequest": {"Item": {"PK": {"S": "a"}, "SK": {"N": "10"}}}},
            {"PutRequest": {"Item": {"PK": {"S": "b"}, "SK": {"N": "1"}}}}]})")
        << int(ItemsFile::Shape::BatchWriteRequest) << QStringList {"2", "10"};
    QTest::newRow("batch-write-item --cli-input-json")
        << QByteArray(R"({"RequestItems": {"Readings": [
            {"PutRequest": {"Item": {"PK": {"S": "a"}, "SK": {"N": "-1"}}}}]}})")
        << int(ItemsFile::Shape::BatchWriteRequest) << QStringList {"-1"};
    QTest::newRow("scan output") << QByteArray(
        R"({"Items": [{"PK": {"S": "a"}, "SK": {"N": "1.50"}},
                                     {"PK": {"S": "a"}, "SK": {"N": "0.5"}}],
                          "Count": 2, "ScannedCount": 2, "ConsumedCapacity": null})")
                                 << int(ItemsFile::Shape::ScanOutput) << QStringList {"0.5", "1.5"};
    QTest::newRow("array of items") << QByteArray(
        R"([{"PK": {"S": "a"}, "SK": {"N": "3"}}, {"PK": {"S": "c"}, "SK": {"N": "1"}}])")
                                    << int(ItemsFile::Shape::ItemArray) << QStringList {"3"};
    QTest::newRow("empty array") << QByteArray("[]") << int(ItemsFile::Shape::ItemArray)
                                 << QStringList {};
    // A table really named "Items": its PutRequests are a batch, not scan output.
    QTest::newRow("batch for a table named Items")
        << QByteArray(
               R"({"Items": [{"PutRequest": {"Item": {"PK": {"S": "a"}, "SK": {"N": "7"}}}}]})")
        << int(ItemsFile::Shape::BatchWriteRequest) << QStringList {"7"};
}

void TestItemsFile::shapes()
{
    QFETCH(QByteArray, json);
    QFETCH(int, shape);
    QFETCH(QStringList, partitionA);

    Table table(readingsDefinition());
    auto result = ItemsFile::load(table, write(QStringLiteral("items.json"), json));
    if (auto *error = std::get_if<IoError>(&result))
        QFAIL(qPrintable(error->toString()));
    const auto &load = std::get<ItemsFile::LoadResult>(result);
    QCOMPARE(int(load.shape), shape);
    QCOMPARE(load.replaced, 0);
    QCOMPARE(partitionContents(table, QStringLiteral("a"), {}), partitionA);
}

void TestItemsFile::repeatedKeyReplaces()
{
    // 1, 1.0 and 01 are the same N key: PutItem replaces, the last write wins.
    const QByteArray json = R"({"Items": [
        {"PK": {"S": "a"}, "SK": {"N": "1"}, "V": {"S": "first"}},
        {"PK": {"S": "a"}, "SK": {"N": "2"}, "V": {"S": "other"}},
        {"PK": {"S": "a"}, "SK": {"N": "1.0"}, "V": {"S": "second"}},
        {"PK": {"S": "a"}, "SK": {"N": "01"}, "V": {"S": "last"}}]})";
    Table table(readingsDefinition());
    auto result = ItemsFile::load(table, write(QStringLiteral("items.json"), json));
    QVERIFY(std::holds_alternative<ItemsFile::LoadResult>(result));
    const auto &load = std::get<ItemsFile::LoadResult>(result);
    QCOMPARE(load.written, 4);
    QCOMPARE(load.replaced, 2);
    QCOMPARE(table.itemCount(), 2);
    QCOMPARE(partitionContents(table, QStringLiteral("a"), QStringLiteral("V")),
             (QStringList {"1={S:last}", "2={S:other}"}));
}

void TestItemsFile::deleteRequestRemovesEarlierPut()
{
    const QByteArray json = R"({"Readings": [
        {"PutRequest": {"Item": {"PK": {"S": "a"}, "SK": {"N": "1"}}}},
        {"PutRequest": {"Item": {"PK": {"S": "a"}, "SK": {"N": "2"}}}},
        {"DeleteRequest": {"Key": {"PK": {"S": "a"}, "SK": {"N": "1.0"}}}},
        {"DeleteRequest": {"Key": {"PK": {"S": "zz"}, "SK": {"N": "9"}}}}]})";
    Table table(readingsDefinition());
    auto result = ItemsFile::load(table, write(QStringLiteral("items.json"), json));
    QVERIFY(std::holds_alternative<ItemsFile::LoadResult>(result));
    const auto &load = std::get<ItemsFile::LoadResult>(result);
    QCOMPARE(load.deleteRequests, 2);
    QCOMPARE(load.deleted, 1);
    QCOMPARE(load.notes.size(), 1); // the user is told DeleteRequests were applied
    QVERIFY(load.notes.front().contains(QStringLiteral("DeleteRequest")));
    QCOMPARE(partitionContents(table, QStringLiteral("a"), {}), QStringList {"2"});

    // A Key that is not the primary key is DynamoDB's schema mismatch, with its path.
    const QByteArray badKey = R"({"Readings": [{"DeleteRequest": {"Key": {"PK": {"S": "a"}}}}]})";
    Table other(readingsDefinition());
    auto bad = ItemsFile::load(other, write(QStringLiteral("bad.json"), badKey));
    QVERIFY(std::holds_alternative<IoError>(bad));
    QCOMPARE(std::get<IoError>(bad).toString(),
             m_dir->filePath(QStringLiteral("bad.json"))
                 + QStringLiteral(": Readings[0].DeleteRequest.Key: The provided key element "
                                  "does not match the schema"));
}

// Requests apply in file order: a key put twice and then deleted is gone (the second put
// replaced the first), and a put after the delete stands. Each kept item keeps its own path.
void TestItemsFile::deleteRequestRemovesEveryEarlierPutOfItsKey()
{
    const QByteArray json = R"({"Readings": [
        {"PutRequest": {"Item": {"PK": {"S": "a"}, "SK": {"N": "1"}, "V": {"S": "first"}}}},
        {"PutRequest": {"Item": {"PK": {"S": "a"}, "SK": {"N": "1"}, "V": {"S": "second"}}}},
        {"PutRequest": {"Item": {"PK": {"S": "a"}, "SK": {"N": "2"}, "V": {"S": "other"}}}},
        {"DeleteRequest": {"Key": {"PK": {"S": "a"}, "SK": {"N": "1"}}}},
        {"PutRequest": {"Item": {"PK": {"S": "a"}, "SK": {"N": "3"}, "V": {"S": "later"}}}},
        {"PutRequest": {"Item": {"PK": {"S": "a"}, "SK": {"N": "1"}, "V": {"S": "after"}}}}]})";
    const QString path = write(QStringLiteral("order.json"), json);
    auto read = ItemsFile::read(path, readingsDefinition());
    QVERIFY(std::holds_alternative<ItemsFile::Contents>(read));
    const auto &contents = std::get<ItemsFile::Contents>(read);
    QCOMPARE(contents.deleteRequests, 1);
    QCOMPARE(contents.deleted, 2);
    QStringList values;
    for (const Item &item : contents.items)
        values << item.at(QStringLiteral("V")).asString();
    QCOMPARE(values, (QStringList {"other", "later", "after"}));
    QCOMPARE(contents.paths.toList(),
             (QStringList {"Readings[2].PutRequest.Item", "Readings[4].PutRequest.Item",
                           "Readings[5].PutRequest.Item"}));

    Table table(readingsDefinition());
    auto result = ItemsFile::load(table, path);
    QVERIFY(std::holds_alternative<ItemsFile::LoadResult>(result));
    QCOMPARE(std::get<ItemsFile::LoadResult>(result).deleted, 2);
    QCOMPARE(partitionContents(table, QStringLiteral("a"), QStringLiteral("V")),
             (QStringList {"1={S:after}", "2={S:other}", "3={S:later}"}));
}

void TestItemsFile::batchPicksTheDefinedTable()
{
    const QByteArray json = R"({"Other": [{"PutRequest": {"Item": {"X": {"S": "x"}}}}],
        "Readings": [{"PutRequest": {"Item": {"PK": {"S": "a"}, "SK": {"N": "5"}}}}]})";
    Table table(readingsDefinition());
    auto result = ItemsFile::load(table, write(QStringLiteral("items.json"), json));
    QVERIFY(std::holds_alternative<ItemsFile::LoadResult>(result));
    QCOMPARE(table.itemCount(), 1);
    QVERIFY(std::get<ItemsFile::LoadResult>(result).notes.join(u'\n').contains(
        QStringLiteral("skipped the requests for table \"Other\"")));

    const QByteArray neither = R"({"A": [], "B": []})";
    Table other(readingsDefinition());
    auto bad = ItemsFile::load(other, write(QStringLiteral("n.json"), neither));
    QVERIFY(std::holds_alternative<IoError>(bad));
    QVERIFY(std::get<IoError>(bad).message.contains(
        QStringLiteral("no write requests for table \"Readings\"")));
}

void TestItemsFile::malformedJson_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("message");

    QTest::newRow("missing comma between items")
        << QByteArray("{\n    \"Items\": [\n        {\"PK\": {\"S\": \"a\"}}\n"
                      "        {\"PK\": {\"S\": \"b\"}}\n    ]\n}\n")
        << 4 << 9 << "missing comma: expected ',' or ']' between array elements, found '{'";
    QTest::newRow("missing comma between members")
        << QByteArray("[{\"PK\": {\"S\": \"a\"}\n  \"SK\": {\"N\": \"1\"}}]") << 2 << 3
        << "missing comma: expected ',' or '}' after an object member, found '\"'";
    QTest::newRow("trailing comma") << QByteArray("[\n  {\"PK\": {\"S\": \"a\"}},\n]") << 3 << 1
                                    << "trailing comma: expected a value after ',', found ']'";
    QTest::newRow("missing colon")
        << QByteArray("[{\"PK\" {\"S\": \"a\"}}]") << 1 << 8
        << "missing colon: expected ':' after the member name, found '{'";
    QTest::newRow("truncated") << QByteArray("[{\"PK\": {\"S\": \"a\"}}") << 1 << 20
                               << "unexpected end of input: expected ',' or ']' (an array is not "
                                  "closed)";
    QTest::newRow("single quotes") << QByteArray("[{'PK': 1}]") << 1 << 3
                                   << "expected an object member name in double quotes, found '''";
    // Columns count characters, not UTF-8 bytes.
    QTest::newRow("column after non-ASCII")
        << QByteArray("[{\"PK\": {\"S\": \"\xc3\xa9\xc3\xa9\"} x}]") << 1 << 21
        << "missing comma: expected ',' or '}' after an object member, found 'x'";
    QTest::newRow("garbage after document") << QByteArray("[]\n]") << 2 << 1
                                            << "unexpected text after the end of the JSON "
                                               "document, found ']'";
    QTest::newRow("empty file") << QByteArray("\n") << 0 << 0
                                << "empty input: expected a JSON document";
}

void TestItemsFile::malformedJson()
{
    QFETCH(QByteArray, json);
    QFETCH(int, line);
    QFETCH(int, column);
    QFETCH(QString, message);

    const QString path = write(QStringLiteral("items.json"), json);
    Table table(readingsDefinition());
    auto result = ItemsFile::load(table, path);
    QVERIFY(std::holds_alternative<IoError>(result));
    const IoError &error = std::get<IoError>(result);
    QCOMPARE(error.message, message);
    QCOMPARE(error.line, line);
    QCOMPARE(error.column, column);
    const QString expected = line > 0
        ? QStringLiteral("%1:%2:%3: %4").arg(path).arg(line).arg(column).arg(message)
        : QStringLiteral("%1: %2").arg(path, message);
    QCOMPARE(error.toString(), expected);
}

void TestItemsFile::missingFile()
{
    Table table(readingsDefinition());
    const QString path = m_dir->filePath(QStringLiteral("nope.json"));
    auto result = ItemsFile::load(table, path);
    QVERIFY(std::holds_alternative<IoError>(result));
    QCOMPARE(std::get<IoError>(result).toString(),
             path + QStringLiteral(": cannot read the file: No such file or directory"));
}

void TestItemsFile::badValueNamesPath_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expected"); // after "items.json: "

    QTest::newRow("scan output, bad N")
        << QByteArray(R"({"Items": [{"PK": {"S": "a"}, "SK": {"N": "1"}},
                                     {"PK": {"S": "a"}, "SK": {"N": "2"}},
                                     {"PK": {"S": "a"}, "SK": {"N": "3"}},
                                     {"PK": {"S": "a"}, "SK": {"N": "4"}, "Temp": {"N": "abc"}}]})")
        << "Items[3].Temp.N: The parameter cannot be converted to a numeric value: abc";
    QTest::newRow("batch, bad N")
        << QByteArray(
               R"({"Readings": [{"PutRequest": {"Item": {"PK": {"S": "a"}, "SK": {"N": "1x"}}}}]})")
        << "Readings[0].PutRequest.Item.SK.N: The parameter cannot be converted to a numeric "
           "value: 1x";
    QTest::newRow("array, nested list") << QByteArray(
        R"([{"PK": {"S": "a"}, "SK": {"N": "1"}, "Tags": {"L": [{"S": "x"}, {"N": "NaN"}]}}])")
                                        << "[0].Tags.L[1].N: The parameter cannot be converted to "
                                           "a numeric value: NaN";
    QTest::newRow("too many digits")
        << QByteArray(
               R"([{"PK": {"S": "a"}, "SK": {"N": "123456789012345678901234567890123456789"}}])")
        << "[0].SK.N: Attempting to store more than 38 significant digits in a Number";
    QTest::newRow("empty string set")
        << QByteArray(R"([{"PK": {"S": "a"}, "SK": {"N": "1"}, "Tags": {"SS": []}}])")
        << "[0].Tags.SS: One or more parameter values were invalid: An string set  may not be "
           "empty";
    QTest::newRow("batch entry of the wrong shape") << QByteArray(
        R"({"Readings": [{"PutRequest": {"Item": {"PK": {"S": "a"}, "SK": {"N": "1"}}}}, {"Put": {}}]})")
                                                    << "Readings[1]: expected {\"PutRequest\": "
                                                       "{\"Item\": {...}}} or {\"DeleteRequest\": "
                                                       "{\"Key\": {...}}}";
}

void TestItemsFile::badValueNamesPath()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, expected);
    const QString path = write(QStringLiteral("items.json"), json);
    Table table(readingsDefinition());
    auto result = ItemsFile::load(table, path);
    QVERIFY(std::holds_alternative<IoError>(result));
    QCOMPARE(std::get<IoError>(result).toString(), path + QStringLiteral(": ") + expected);
    QCOMPARE(table.itemCount(), 0); // nothing is half-loaded
}

void TestItemsFile::invalidItemNamesIndex_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expected");

    QTest::newRow("missing sort key")
        << QByteArray(R"({"Items": [{"PK": {"S": "a"}, "SK": {"N": "1"}}, {"PK": {"S": "a"}}]})")
        << "Items[1]: One or more parameter values were invalid: Missing the key SK in the item";
    QTest::newRow("missing partition key in a batch")
        << QByteArray(R"({"Readings": [{"PutRequest": {"Item": {"SK": {"N": "1"}}}}]})")
        << "Readings[0].PutRequest.Item: One or more parameter values were invalid: Missing the "
           "key PK in the item";
    QTest::newRow("key of the wrong type")
        << QByteArray(
               R"([{"PK": {"S": "a"}, "SK": {"N": "1"}}, {"PK": {"S": "a"}, "SK": {"S": "1"}}])")
        << "[1]: One or more parameter values were invalid: Type mismatch for key SK expected: N "
           "actual: S";
    QTest::newRow("empty partition key")
        << QByteArray(R"([{"PK": {"S": ""}, "SK": {"N": "1"}}])")
        << "[0]: One or more parameter values are not valid. The AttributeValue for a key "
           "attribute cannot contain an empty string value. Key: PK";
}

void TestItemsFile::invalidItemNamesIndex()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, expected);
    const QString path = write(QStringLiteral("items.json"), json);
    Table table(readingsDefinition());
    auto result = ItemsFile::load(table, path);
    QVERIFY(std::holds_alternative<IoError>(result));
    QCOMPARE(std::get<IoError>(result).toString(), path + QStringLiteral(": ") + expected);
    QCOMPARE(table.itemCount(), 0);
}

void TestItemsFile::unknownShape()
{
    const QString path = write(QStringLiteral("items.json"), R"({"Readings": {"PK": {"S": "a"}}})");
    Table table(readingsDefinition());
    auto result = ItemsFile::load(table, path);
    QVERIFY(std::holds_alternative<IoError>(result));
    QVERIFY2(std::get<IoError>(result).toString().startsWith(
                 path + QStringLiteral(": Readings: expected an array of write requests")),
             qPrintable(std::get<IoError>(result).toString()));
}

void TestItemsFile::tableDefinitionShapes_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::newRow("create-table input") << QByteArray(kTableJson);
    QTest::newRow("describe-table output")
        << (QByteArray(R"({"Table": )") + QByteArray(kTableJson) + R"(, "TableStatus": "ACTIVE"})");
}

void TestItemsFile::tableDefinitionShapes()
{
    QFETCH(QByteArray, json);
    auto result = TableDefinitionFile::read(write(QStringLiteral("table.json"), json));
    if (auto *error = std::get_if<IoError>(&result))
        QFAIL(qPrintable(error->toString()));
    const TableDefinition &definition = std::get<TableDefinition>(result);
    QCOMPARE(definition.tableName, QStringLiteral("Readings"));
    QCOMPARE(definition.keys.hash.front().name, QStringLiteral("PK"));
    QCOMPARE(definition.keys.range.front().name, QStringLiteral("SK"));
    QCOMPARE(definition.keys.range.front().type, AttributeValue::Type::N);
}

void TestItemsFile::tableDefinitionErrors()
{
    const QString malformed
        = write(QStringLiteral("table.json"), "{\n  \"TableName\": \"T\"\n  \"KeySchema\": []\n}");
    auto result = TableDefinitionFile::read(malformed);
    QVERIFY(std::holds_alternative<IoError>(result));
    QCOMPARE(std::get<IoError>(result).toString(),
             malformed
                 + QStringLiteral(":3:3: missing comma: expected ',' or '}' after an "
                                  "object member, found '\"'"));

    const QString noDefinitions = write(QStringLiteral("t2.json"), R"({"TableName": "T"})");
    auto second = TableDefinitionFile::read(noDefinitions);
    QVERIFY(std::holds_alternative<IoError>(second));
    QVERIFY(std::get<IoError>(second).toString().startsWith(
        noDefinitions + QStringLiteral(": AttributeDefinitions is missing")));
}

QTEST_GUILESS_MAIN(TestItemsFile)

#include "tst_itemsfile.moc"
