// The ordered JSON writer behind `keyscope query` output: it has to print what the AWS CLI
// prints (Python json.dumps, indent=4, ensure_ascii=False) so users can diff the two.

#include "model/io/jsonwriter.h"
#include "model/io/queryresponsejson.h"

#include <QTest>

using namespace keyscope::model;

class TestIoJsonWriter : public QObject
{
    Q_OBJECT

private slots:
    void floats_data();
    void floats();
    void insertionOrderAndIndentation();
    void escapes();
    void responseShape();
};

void TestIoJsonWriter::floats_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<QByteArray>("text");
    QTest::newRow("half") << 0.5 << QByteArray("0.5");
    QTest::newRow("one") << 1.0 << QByteArray("1.0");
    QTest::newRow("zero") << 0.0 << QByteArray("0.0");
    QTest::newRow("many units") << 128.5 << QByteArray("128.5");
    QTest::newRow("large") << 1e16 << QByteArray("1e+16");
}

void TestIoJsonWriter::floats()
{
    QFETCH(double, value);
    QFETCH(QByteArray, text);
    QCOMPARE(JsonWriter::formatFloat(value), text);
}

void TestIoJsonWriter::insertionOrderAndIndentation()
{
    OrderedJson root = OrderedJson::object();
    root.insert(QStringLiteral("Zeta"), OrderedJson::integer(1));
    root.insert(QStringLiteral("Alpha"), OrderedJson::array());
    OrderedJson inner = OrderedJson::object();
    inner.insert(QStringLiteral("b"), OrderedJson::boolean(true));
    inner.insert(QStringLiteral("a"), OrderedJson());
    root.insert(QStringLiteral("Mid"), inner);
    root.insert(QStringLiteral("Empty"), OrderedJson::object());
    root.insert(QStringLiteral("Zeta"), OrderedJson::integer(2)); // replaces in place
    QCOMPARE(JsonWriter::write(root),
             QByteArray("{\n    \"Zeta\": 2,\n    \"Alpha\": [],\n    \"Mid\": {\n"
                        "        \"b\": true,\n        \"a\": null\n    },\n"
                        "    \"Empty\": {}\n}"));
    QCOMPARE(JsonWriter::write(root, 0),
             QByteArray("{\"Zeta\": 2, \"Alpha\": [], \"Mid\": {\"b\": true, \"a\": null}, "
                        "\"Empty\": {}}"));
}

void TestIoJsonWriter::escapes()
{
    QCOMPARE(JsonWriter::quote(QStringLiteral("a\"b\\c\nd\te\x01")),
             QByteArray("\"a\\\"b\\\\c\\nd\\te\\u0001\""));
    // Non-ASCII stays raw UTF-8 (ensure_ascii=False), emoji included.
    QCOMPARE(JsonWriter::quote(QString::fromUtf8("\xc2\xbf\xf0\x9f\x98\x80")),
             QByteArray("\"\xc2\xbf\xf0\x9f\x98\x80\""));
}

void TestIoJsonWriter::responseShape()
{
    QueryResponse response;
    response.countOnly = true;
    response.count = 3;
    response.scannedCount = 5;
    ConsumedCapacity capacity;
    capacity.tableName = QStringLiteral("T");
    capacity.capacityUnits = 1;
    capacity.indexName = QStringLiteral("LSI1");
    capacity.indexIsGlobal = false;
    capacity.indexUnits = 0.5;
    capacity.tableUnits = 0.5;
    capacity.perIndex = true;
    response.consumedCapacity = capacity;
    QCOMPARE(JsonWriter::write(QueryResponseJson::toJson(response), 0),
             QByteArray("{\"Count\": 3, \"ScannedCount\": 5, \"ConsumedCapacity\": "
                        "{\"TableName\": \"T\", \"CapacityUnits\": 1.0, \"Table\": "
                        "{\"CapacityUnits\": 0.5}, \"LocalSecondaryIndexes\": {\"LSI1\": "
                        "{\"CapacityUnits\": 0.5}}}}"));
}

QTEST_GUILESS_MAIN(TestIoJsonWriter)

#include "tst_io_jsonwriter.moc"
