// End-to-end checks of `keyscope query`: runs the real binary on fixtures in tests/data/cli/ and
// checks what a user of `aws dynamodb query` would look at: the JSON on stdout (items, order,
// counts, pagination keys, capacity, member order, number form), stderr and the exit code.

#include "tests/support/runkeyscope.h"
#include "tests/support/testpaths.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

const QString kDataDir = keyscope::testsupport::testDataPath("/cli");

QString fixture(const QString &name)
{
    return kDataDir + QLatin1Char('/') + name;
}

QStringList saas()
{
    return {QStringLiteral("query"), QStringLiteral("--table-definition"),
            fixture(QStringLiteral("saas-table.json")), QStringLiteral("--items"),
            fixture(QStringLiteral("saas-items.json"))};
}

QStringList iot()
{
    return {QStringLiteral("query"), QStringLiteral("--table-definition"),
            fixture(QStringLiteral("iot-table.json")), QStringLiteral("--items"),
            fixture(QStringLiteral("iot-items.json"))};
}

const QString kOrgValues = QStringLiteral(R"({":pk": {"S": "ORG#MCDONALDS"}})");

// The value of one attribute of each item: "SK" -> ["#TEAM#Fries", ...].
QStringList attributeValues(const QJsonArray &items, const QString &name)
{
    QStringList out;
    for (const auto &item : items) {
        const QJsonObject value = item.toObject().value(name).toObject();
        out << (value.contains(QLatin1String("S")) ? value.value(QLatin1String("S")).toString()
                                                   : value.value(QLatin1String("N")).toString());
    }
    return out;
}

} // namespace

class TestCli : public QObject
{
    Q_OBJECT

private slots:
    void itemsInKeyOrder_data();
    void itemsInKeyOrder();
    void canonicalNumbers();
    void memberOrderAndIndentation();
    void paginationFeedsLastEvaluatedKeyBack_data();
    void paginationFeedsLastEvaluatedKeyBack();
    void limitEqualToRemainingStillReturnsKey();
    void selectCountHasNoItems();
    void consumedCapacity_data();
    void consumedCapacity();
    void traceMatchesItems();
    void traceOfSeekAndStop();
    void validationErrors_data();
    void validationErrors();
    void usageErrors_data();
    void usageErrors();
    void badFiles_data();
    void badFiles();
    void jsonArgumentsFromFiles();
    void repeatedKeyLastWins();
    void helpAndVersion();

private:
    struct Result
    {
        int exitCode = -1;
        QByteArray out;
        QString err;
        QJsonObject json; // stdout parsed, when it is a JSON object
    };
    static Result run(const QStringList &args, const QString &workingDirectory = {});
};

TestCli::Result TestCli::run(const QStringList &args, const QString &workingDirectory)
{
    keyscope::testsupport::CliOptions options;
    options.workingDirectory = workingDirectory;
    options.timeoutMs = 60000;
    const keyscope::testsupport::CliResult r = keyscope::testsupport::runKeyscope(args, options);
    return {r.exitCode, r.out, r.err, r.json()};
}

void TestCli::itemsInKeyOrder_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QStringList>("sortKeys");
    QTest::addColumn<int>("count");
    QTest::addColumn<int>("scannedCount");

    // '#' (0x23) < 'O' (0x4F) < 'U' (0x55): teams, then the org record, then users.
    QTest::newRow("whole partition, ascending")
        << (saas() << "--key-condition-expression"
                   << "PK = :pk"
                   << "--expression-attribute-values" << kOrgValues)
        << QStringList {"#TEAM#Fries", "#TEAM#Grimace",   "ORG#MCDONALDS",
                        "USER#BIRDIE", "USER#HAMBURGLAR", "USER#RONALD"}
        << 6 << 6;
    QTest::newRow("begins_with, descending")
        << (saas() << "--key-condition-expression"
                   << "PK = :pk AND begins_with(SK, :u)"
                   << "--expression-attribute-values"
                   << R"({":pk": {"S": "ORG#MCDONALDS"}, ":u": {"S": "USER#"}})"
                   << "--no-scan-index-forward")
        << QStringList {"USER#RONALD", "USER#HAMBURGLAR", "USER#BIRDIE"} << 3 << 3;
    QTest::newRow("flag order: last one wins")
        << (saas() << "--key-condition-expression"
                   << "PK = :pk AND begins_with(SK, :u)"
                   << "--expression-attribute-values"
                   << R"({":pk": {"S": "ORG#MCDONALDS"}, ":u": {"S": "USER#"}})"
                   << "--no-scan-index-forward"
                   << "--scan-index-forward")
        << QStringList {"USER#BIRDIE", "USER#HAMBURGLAR", "USER#RONALD"} << 3 << 3;
    QTest::newRow("filter counts after the read")
        << (saas()
            << "--key-condition-expression"
            << "PK = :pk AND begins_with(SK, :u)"
            << "--filter-expression"
            << "#r = :m"
            << "--expression-attribute-names"
            << R"({"#r": "Role"})"
            << "--expression-attribute-values"
            << R"({":pk": {"S": "ORG#MCDONALDS"}, ":u": {"S": "USER#"}, ":m": {"S": "member"}})")
        << QStringList {"USER#BIRDIE", "USER#HAMBURGLAR"} << 2 << 3;
    QTest::newRow("sort key range with a flipped operand")
        << (saas() << "--key-condition-expression"
                   << "PK = :pk AND :t < SK"
                   << "--expression-attribute-values"
                   << R"({":pk": {"S": "ORG#MCDONALDS"}, ":t": {"S": "ORG#MCDONALDS"}})")
        << QStringList {"USER#BIRDIE", "USER#HAMBURGLAR", "USER#RONALD"} << 3 << 3;
    QTest::newRow("global secondary index") << (saas() << "--index-name"
                                                       << "GSI1"
                                                       << "--key-condition-expression"
                                                       << "GSI1PK = :u"
                                                       << "--expression-attribute-values"
                                                       << R"({":u": {"S": "USER#KING"}})")
                                            << QStringList {"USER#KING"} << 1 << 1;
    QTest::newRow("unknown partition") << (saas() << "--key-condition-expression"
                                                  << "PK = :pk"
                                                  << "--expression-attribute-values"
                                                  << R"({":pk": {"S": "ORG#NOBODY"}})")
                                       << QStringList {} << 0 << 0;
    // Numbers sort by value (1700000000 < 1700000100 < ...), BETWEEN includes both ends.
    QTest::newRow("numeric BETWEEN")
        << (iot()
            << "--key-condition-expression"
            << "DeviceId = :d AND #t BETWEEN :a AND :b"
            << "--expression-attribute-names"
            << R"({"#t": "Timestamp"})"
            << "--expression-attribute-values"
            << R"({":d": {"S": "sensor-1"}, ":a": {"N": "1700000100"}, ":b": {"N": "17000003E2"}})")
        << QStringList {"1700000100", "1700000200", "1700000300"} << 3 << 3;
}

void TestCli::itemsInKeyOrder()
{
    QFETCH(QStringList, args);
    QFETCH(QStringList, sortKeys);
    QFETCH(int, count);
    QFETCH(int, scannedCount);

    const Result result = run(args);
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    const QJsonArray items = result.json.value(QLatin1String("Items")).toArray();
    const QString sortKey = args.contains(QStringLiteral("GSI1"))  ? QStringLiteral("GSI1PK")
        : args.contains(fixture(QStringLiteral("iot-items.json"))) ? QStringLiteral("Timestamp")
                                                                   : QStringLiteral("SK");
    QCOMPARE(attributeValues(items, sortKey), sortKeys);
    QCOMPARE(result.json.value(QLatin1String("Count")).toInt(-1), count);
    QCOMPARE(result.json.value(QLatin1String("ScannedCount")).toInt(-1), scannedCount);
    QVERIFY(!result.json.contains(QLatin1String("LastEvaluatedKey")));
    QVERIFY(!result.json.contains(QLatin1String("ConsumedCapacity")));
}

void TestCli::canonicalNumbers()
{
    const Result saasResult
        = run(saas() << "--key-condition-expression"
                     << "PK = :pk AND SK = :r"
                     << "--expression-attribute-values"
                     << R"({":pk": {"S": "ORG#MCDONALDS"}, ":r": {"S": "USER#RONALD"}})");
    QVERIFY2(saasResult.exitCode == 0, qPrintable(saasResult.err));
    // Stored as {"N": "00042"}; DynamoDB returns the canonical form.
    QVERIFY2(saasResult.out.contains("\"N\": \"42\""), saasResult.out.constData());
    QVERIFY(!saasResult.out.contains("00042"));

    const Result iotResult = run(iot() << "--key-condition-expression"
                                       << "DeviceId = :d"
                                       << "--expression-attribute-values"
                                       << R"({":d": {"S": "sensor-1"}})"
                                       // TEMP is a DynamoDB reserved word.
                                       << "--projection-expression"
                                       << "#temp"
                                       << "--expression-attribute-names"
                                       << R"({"#temp": "Temp"})");
    QVERIFY2(iotResult.exitCode == 0, qPrintable(iotResult.err));
    // Stored 20.0, 35.25, 1.5E1, 21.50, -0 (in Timestamp order).
    QCOMPARE(attributeValues(iotResult.json.value(QLatin1String("Items")).toArray(),
                             QStringLiteral("Temp")),
             (QStringList {"20", "35.25", "15", "21.5", "0"}));
}

void TestCli::memberOrderAndIndentation()
{
    const Result result = run(saas() << "--key-condition-expression"
                                     << "PK = :pk"
                                     << "--expression-attribute-values" << kOrgValues << "--limit"
                                     << "1"
                                     << "--return-consumed-capacity"
                                     << "TOTAL");
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    const QByteArray &out = result.out;
    // The AWS CLI's order (the API's member order), not QJsonObject's alphabetical one.
    const qsizetype items = out.indexOf("\"Items\"");
    const qsizetype count = out.indexOf("\"Count\"");
    const qsizetype scanned = out.indexOf("\"ScannedCount\"");
    const qsizetype lastKey = out.indexOf("\"LastEvaluatedKey\"");
    const qsizetype capacity = out.indexOf("\"ConsumedCapacity\"");
    QVERIFY(items >= 0);
    QVERIFY(items < count);
    QVERIFY(count < scanned);
    QVERIFY(scanned < lastKey);
    QVERIFY(lastKey < capacity);
    QVERIFY(out.indexOf("\"TableName\"") < out.indexOf("\"CapacityUnits\""));
    // 4-space indentation like `aws ... --output json`, one trailing newline.
    QVERIFY2(out.startsWith("{\n    \"Items\": [\n        {\n            \"PK\": {\n"
                            "                \"S\": \"ORG#MCDONALDS\"\n            },\n"),
             out.constData());
    QVERIFY(out.endsWith("}\n"));
    QVERIFY(out.contains("\n    \"Count\": 1,\n    \"ScannedCount\": 1,\n"));
    QVERIFY(out.contains("\"CapacityUnits\": 0.5\n"));
}

void TestCli::paginationFeedsLastEvaluatedKeyBack_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("limit");
    QTest::addColumn<QString>("sortKey");
    QTest::addColumn<QStringList>("expected");

    const QStringList allOrg {"#TEAM#Fries", "#TEAM#Grimace",   "ORG#MCDONALDS",
                              "USER#BIRDIE", "USER#HAMBURGLAR", "USER#RONALD"};
    QStringList reversed(allOrg.rbegin(), allOrg.rend());
    const QStringList orgQuery = saas() << "--key-condition-expression"
                                        << "PK = :pk"
                                        << "--expression-attribute-values" << kOrgValues;
    QTest::newRow("ascending, pages of 4") << orgQuery << 4 << "SK" << allOrg;
    QTest::newRow("ascending, pages of 1") << orgQuery << 1 << "SK" << allOrg;
    QTest::newRow("descending, pages of 4")
        << (QStringList(orgQuery) << "--no-scan-index-forward") << 4 << "SK" << reversed;
    QTest::newRow("numeric keys, descending, pages of 2")
        << (iot() << "--key-condition-expression"
                  << "DeviceId = :d"
                  << "--expression-attribute-values"
                  << R"({":d": {"S": "sensor-1"}})"
                  << "--no-scan-index-forward")
        << 2 << "Timestamp"
        << QStringList {"1700000400", "1700000300", "1700000200", "1700000100", "1700000000"};
}

void TestCli::paginationFeedsLastEvaluatedKeyBack()
{
    QFETCH(QStringList, args);
    QFETCH(int, limit);
    QFETCH(QString, sortKey);
    QFETCH(QStringList, expected);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QStringList seen;
    std::optional<QJsonObject> startKey;
    for (int page = 0; page < 20; ++page) {
        QStringList pageArgs = args;
        pageArgs << "--limit" << QString::number(limit);
        if (startKey) {
            // As users do with the AWS CLI: save LastEvaluatedKey, pass it back as
            // file://RELATIVE-PATH (resolved against the current directory).
            QFile file(dir.filePath(QStringLiteral("start-key.json")));
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(QJsonDocument(*startKey).toJson());
            file.close();
            pageArgs << "--exclusive-start-key"
                     << "file://start-key.json";
        }
        const Result result = run(pageArgs, dir.path());
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        const QStringList keys
            = attributeValues(result.json.value(QLatin1String("Items")).toArray(), sortKey);
        QVERIFY(keys.size() <= limit);
        QCOMPARE(result.json.value(QLatin1String("ScannedCount")).toInt(), keys.size());
        seen += keys;
        if (!result.json.contains(QLatin1String("LastEvaluatedKey")))
            break;
        const QJsonObject lastKey = result.json.value(QLatin1String("LastEvaluatedKey")).toObject();
        // LastEvaluatedKey is the last item read: the primary key of the page's last item.
        QVERIFY(!keys.isEmpty());
        QCOMPARE(attributeValues(QJsonArray {lastKey}, sortKey).front(), keys.back());
        startKey = lastKey;
    }
    QCOMPARE(seen, expected);
}

void TestCli::limitEqualToRemainingStillReturnsKey()
{
    // Exactly Limit items remain: DynamoDB does not look ahead, so the page still carries a
    // LastEvaluatedKey, and the next page is empty without one.
    const QStringList query = saas() << "--key-condition-expression"
                                     << "PK = :pk AND begins_with(SK, :t)"
                                     << "--expression-attribute-values"
                                     << R"({":pk": {"S": "ORG#MCDONALDS"}, ":t": {"S": "#TEAM#"}})";
    const Result first = run(QStringList(query) << "--limit"
                                                << "2");
    QVERIFY2(first.exitCode == 0, qPrintable(first.err));
    QCOMPARE(first.json.value(QLatin1String("Count")).toInt(), 2);
    const QJsonObject lastKey = first.json.value(QLatin1String("LastEvaluatedKey")).toObject();
    QCOMPARE(lastKey,
             QJsonDocument::fromJson(R"({"PK": {"S": "ORG#MCDONALDS"},
                                                  "SK": {"S": "#TEAM#Grimace"}})")
                 .object());

    const Result second
        = run(QStringList(query) << "--limit"
                                 << "2"
                                 << "--exclusive-start-key"
                                 << QString::fromUtf8(QJsonDocument(lastKey).toJson()));
    QVERIFY2(second.exitCode == 0, qPrintable(second.err));
    QCOMPARE(second.json.value(QLatin1String("Items")).toArray().size(), 0);
    QCOMPARE(second.json.value(QLatin1String("Count")).toInt(-1), 0);
    QVERIFY(!second.json.contains(QLatin1String("LastEvaluatedKey")));
}

void TestCli::selectCountHasNoItems()
{
    const Result result = run(saas() << "--key-condition-expression"
                                     << "PK = :pk"
                                     << "--expression-attribute-values" << kOrgValues << "--select"
                                     << "COUNT");
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    QVERIFY(!result.json.contains(QLatin1String("Items")));
    QVERIFY(!result.out.contains("\"Items\""));
    QCOMPARE(result.json.value(QLatin1String("Count")).toInt(), 6);
    QCOMPARE(result.json.value(QLatin1String("ScannedCount")).toInt(), 6);
    QVERIFY(result.out.startsWith("{\n    \"Count\": 6,"));
}

void TestCli::consumedCapacity_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QByteArray>("expected"); // the ConsumedCapacity member, as printed

    const QStringList orgQuery = saas() << "--key-condition-expression"
                                        << "PK = :pk"
                                        << "--expression-attribute-values" << kOrgValues;
    QTest::newRow("TOTAL, eventually consistent")
        << (QStringList(orgQuery) << "--return-consumed-capacity"
                                  << "TOTAL")
        << QByteArray("    \"ConsumedCapacity\": {\n        \"TableName\": \"SaaSApp\",\n"
                      "        \"CapacityUnits\": 0.5\n    }\n}\n");
    QTest::newRow("TOTAL, strongly consistent")
        << (QStringList(orgQuery) << "--return-consumed-capacity"
                                  << "TOTAL"
                                  << "--consistent-read")
        << QByteArray("    \"ConsumedCapacity\": {\n        \"TableName\": \"SaaSApp\",\n"
                      "        \"CapacityUnits\": 1.0\n    }\n}\n");
    QTest::newRow("INDEXES on the table")
        << (QStringList(orgQuery) << "--return-consumed-capacity"
                                  << "INDEXES")
        << QByteArray("    \"ConsumedCapacity\": {\n        \"TableName\": \"SaaSApp\",\n"
                      "        \"CapacityUnits\": 0.5,\n        \"Table\": {\n"
                      "            \"CapacityUnits\": 0.5\n        }\n    }\n}\n");
    QTest::newRow("INDEXES on a GSI")
        << (saas() << "--index-name"
                   << "GSI1"
                   << "--key-condition-expression"
                   << "GSI1PK = :u"
                   << "--expression-attribute-values"
                   << R"({":u": {"S": "USER#KING"}})"
                   << "--return-consumed-capacity"
                   << "INDEXES")
        << QByteArray("    \"ConsumedCapacity\": {\n        \"TableName\": \"SaaSApp\",\n"
                      "        \"CapacityUnits\": 0.5,\n        \"Table\": {\n"
                      "            \"CapacityUnits\": 0.0\n        },\n"
                      "        \"GlobalSecondaryIndexes\": {\n            \"GSI1\": {\n"
                      "                \"CapacityUnits\": 0.5\n            }\n        }\n"
                      "    }\n}\n");
    QTest::newRow("NONE") << (QStringList(orgQuery) << "--return-consumed-capacity"
                                                    << "NONE")
                          << QByteArray();
}

void TestCli::consumedCapacity()
{
    QFETCH(QStringList, args);
    QFETCH(QByteArray, expected);
    const Result result = run(args);
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    if (expected.isEmpty()) {
        QVERIFY(!result.json.contains(QLatin1String("ConsumedCapacity")));
        return;
    }
    QVERIFY2(result.out.endsWith(expected), result.out.constData());
}

void TestCli::traceMatchesItems()
{
    const Result result = run(
        saas() << "--key-condition-expression"
               << "PK = :pk AND begins_with(SK, :u)"
               << "--filter-expression"
               << "#r = :m"
               << "--expression-attribute-names"
               << R"({"#r": "Role"})"
               << "--expression-attribute-values"
               << R"({":pk": {"S": "ORG#MCDONALDS"}, ":u": {"S": "USER#"}, ":m": {"S": "member"}})"
               << "--limit"
               << "2"
               << "--trace");
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    QVERIFY(result.out.indexOf("\"ScannedCount\"") < result.out.indexOf("\"Trace\""));
    const QJsonObject trace = result.json.value(QLatin1String("Trace")).toObject();
    QVERIFY(!trace.isEmpty());

    const QJsonObject partition = trace.value(QLatin1String("partition")).toObject();
    QCOMPARE(partition.value(QLatin1String("found")).toBool(), true);
    QCOMPARE(partition.value(QLatin1String("size")).toInt(), 6);
    QCOMPARE(partition.value(QLatin1String("key")).toObject(),
             QJsonDocument::fromJson(R"({"PK": {"S": "ORG#MCDONALDS"}})").object());
    // USER# rows are positions 3..5 of the partition.
    QCOMPARE(trace.value(QLatin1String("rangeBegin")).toInt(), 3);
    QCOMPARE(trace.value(QLatin1String("rangeEnd")).toInt(), 6);
    QCOMPARE(
        trace.value(QLatin1String("seek")).toObject().value(QLatin1String("target")).toString(),
        QStringLiteral("LOWER_BOUND"));

    // Visits: BIRDIE (returned), HAMBURGLAR (returned), then the limit stops at RONALD.
    const QJsonArray visits = trace.value(QLatin1String("visits")).toArray();
    QStringList fates;
    QStringList keys;
    for (const auto &v : visits) {
        fates << v.toObject().value(QLatin1String("fate")).toString();
        keys << v.toObject()
                    .value(QLatin1String("key"))
                    .toObject()
                    .value(QLatin1String("SK"))
                    .toObject()
                    .value(QLatin1String("S"))
                    .toString();
    }
    QCOMPARE(fates, (QStringList {"RETURNED", "RETURNED", "STOPPED_BY_LIMIT"}));
    QCOMPARE(keys, (QStringList {"USER#BIRDIE", "USER#HAMBURGLAR", "USER#RONALD"}));

    // The trace agrees with the response.
    QStringList returned;
    qint64 bytes = 0;
    for (const auto &v : visits) {
        const QJsonObject visit = v.toObject();
        if (visit.value(QLatin1String("fate")).toString() == QLatin1String("RETURNED")) {
            QCOMPARE(visit.value(QLatin1String("resultNumber")).toInt(), returned.size() + 1);
            returned << visit.value(QLatin1String("key"))
                            .toObject()
                            .value(QLatin1String("SK"))
                            .toObject()
                            .value(QLatin1String("S"))
                            .toString();
        }
        bytes += visit.value(QLatin1String("size")).toInteger();
        if (visit.value(QLatin1String("size")).toInteger() > 0)
            QCOMPARE(visit.value(QLatin1String("pageBytes")).toInteger(), bytes);
    }
    QCOMPARE(
        returned,
        attributeValues(result.json.value(QLatin1String("Items")).toArray(), QStringLiteral("SK")));
    QCOMPARE(trace.value(QLatin1String("bytesRead")).toInteger(), bytes);
    QVERIFY(bytes > 0);
    QCOMPARE(trace.value(QLatin1String("count")).toInt(),
             result.json.value(QLatin1String("Count")).toInt());
    QCOMPARE(trace.value(QLatin1String("scannedCount")).toInt(),
             result.json.value(QLatin1String("ScannedCount")).toInt());
    QCOMPARE(trace.value(QLatin1String("stopReason")).toString(), QStringLiteral("LIMIT"));
    // LastEvaluatedKey is the row at lastEvaluatedPosition (HAMBURGLAR, position 4).
    QCOMPARE(trace.value(QLatin1String("lastEvaluatedPosition")).toInt(), 4);
    QCOMPARE(result.json.value(QLatin1String("LastEvaluatedKey"))
                 .toObject()
                 .value(QLatin1String("SK"))
                 .toObject()
                 .value(QLatin1String("S"))
                 .toString(),
             QStringLiteral("USER#HAMBURGLAR"));
}

void TestCli::traceOfSeekAndStop()
{
    // Without --trace there is no Trace member.
    const QStringList query = iot() << "--key-condition-expression"
                                    << "DeviceId = :d AND #t > :t"
                                    << "--expression-attribute-names"
                                    << R"({"#t": "Timestamp"})"
                                    << "--expression-attribute-values"
                                    << R"({":d": {"S": "sensor-1"}, ":t": {"N": "1700000250"}})"
                                    << "--no-scan-index-forward";
    const Result plain = run(query);
    QVERIFY2(plain.exitCode == 0, qPrintable(plain.err));
    QVERIFY(!plain.json.contains(QLatin1String("Trace")));

    const Result result = run(QStringList(query) << "--trace");
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    const QJsonObject trace = result.json.value(QLatin1String("Trace")).toObject();
    QCOMPARE(trace.value(QLatin1String("scanIndexForward")).toBool(true), false);
    const QJsonObject condition = trace.value(QLatin1String("sortKeyCondition")).toObject();
    QCOMPARE(condition.value(QLatin1String("operator")).toString(), QStringLiteral(">"));
    QCOMPARE(condition.value(QLatin1String("value")).toObject(),
             QJsonDocument::fromJson(R"({"N": "1700000250"})").object());
    const QJsonObject seek = trace.value(QLatin1String("seek")).toObject();
    QCOMPARE(seek.value(QLatin1String("target")).toString(), QStringLiteral("UPPER_BOUND"));
    // Descending with no upper bound starts at the last row.
    QCOMPARE(seek.value(QLatin1String("startPosition")).toInt(), 4);
    for (const auto &p : seek.value(QLatin1String("probes")).toArray()) {
        const QJsonObject probe = p.toObject();
        QVERIFY(probe.value(QLatin1String("key")).toObject().contains(QLatin1String("Timestamp")));
        QVERIFY(QStringList({"LEFT", "RIGHT"})
                    .contains(probe.value(QLatin1String("direction")).toString()));
    }
    const QJsonArray visits = trace.value(QLatin1String("visits")).toArray();
    QCOMPARE(visits.size(), 3); // 400, 300, then 200 is outside the range
    QCOMPARE(visits.last().toObject().value(QLatin1String("fate")).toString(),
             QStringLiteral("OUTSIDE_KEY_RANGE"));
    QCOMPARE(trace.value(QLatin1String("stopReason")).toString(),
             QStringLiteral("END_OF_KEY_RANGE"));
    QVERIFY(trace.value(QLatin1String("lastEvaluatedPosition")).isNull());
}

void TestCli::validationErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("stderrText");

    const QString prefix = QStringLiteral("\nAn error occurred (ValidationException) when calling "
                                          "the Query operation: ");
    QTest::newRow("BETWEEN low > high")
        << (saas() << "--key-condition-expression"
                   << "PK = :pk AND SK BETWEEN :a AND :b"
                   << "--expression-attribute-values"
                   << R"({":pk": {"S": "ORG#MCDONALDS"}, ":a": {"S": "b"}, ":b": {"S": "a"}})")
        << prefix
            + "Invalid KeyConditionExpression: The BETWEEN operator requires upper bound "
              "to be greater than or equal to lower bound; lower bound operand: "
              "AttributeValue: {S:b}, upper bound operand: AttributeValue: {S:a}\n";
    QTest::newRow("begins_with on N")
        << (iot() << "--key-condition-expression"
                  << "DeviceId = :d AND begins_with(#t, :p)"
                  << "--expression-attribute-names"
                  << R"({"#t": "Timestamp"})"
                  << "--expression-attribute-values"
                  << R"({":d": {"S": "sensor-1"}, ":p": {"N": "17"}})")
        << prefix
            + "Invalid KeyConditionExpression: Incorrect operand type for operator or "
              "function; operator or function: begins_with, operand type: N\n";
    QTest::newRow("OR in a key condition")
        << (saas() << "--key-condition-expression"
                   << "PK = :pk OR SK = :pk"
                   << "--expression-attribute-values" << kOrgValues)
        << prefix + "Invalid operator used in KeyConditionExpression: OR\n";
    QTest::newRow("unused value") << (saas()
                                      << "--key-condition-expression"
                                      << "PK = :pk"
                                      << "--expression-attribute-values"
                                      << R"({":pk": {"S": "ORG#MCDONALDS"}, ":s": {"S": "x"}})")
                                  << prefix
            + "Value provided in ExpressionAttributeValues unused in expressions: keys: "
              "{:s}\n";
    QTest::newRow("consistent read on a GSI")
        << (saas() << "--index-name"
                   << "GSI1"
                   << "--key-condition-expression"
                   << "GSI1PK = :u"
                   << "--expression-attribute-values"
                   << R"({":u": {"S": "USER#KING"}})"
                   << "--consistent-read")
        << prefix + "Consistent reads are not supported on global secondary indexes\n";
    QTest::newRow("bad number in a value") << (saas() << "--key-condition-expression"
                                                      << "PK = :pk"
                                                      << "--expression-attribute-values"
                                                      << R"({":pk": {"N": "abc"}})")
                                           << prefix
            + "ExpressionAttributeValues contains invalid value: The parameter cannot be "
              "converted to a numeric value: abc for key :pk\n";
    QTest::newRow("bad select") << (saas()
                                    << "--key-condition-expression"
                                    << "PK = :pk"
                                    << "--expression-attribute-values" << kOrgValues << "--select"
                                    << "EVERYTHING")
                                << prefix
            + "1 validation error detected: Value 'EVERYTHING' at 'select' failed to "
              "satisfy constraint: Member must satisfy enum value set: "
              "[SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES]\n";
    QTest::newRow("bad return-consumed-capacity")
        << (saas() << "--key-condition-expression"
                   << "PK = :pk"
                   << "--expression-attribute-values" << kOrgValues << "--return-consumed-capacity"
                   << "ALL")
        << prefix
            + "1 validation error detected: Value 'ALL' at 'returnConsumedCapacity' "
              "failed to satisfy constraint: Member must satisfy enum value set: "
              "[INDEXES, TOTAL, NONE]\n";
    QTest::newRow("wrong table name")
        << (saas() << "--table-name"
                   << "Other"
                   << "--key-condition-expression"
                   << "PK = :pk"
                   << "--expression-attribute-values" << kOrgValues)
        << QStringLiteral("\nAn error occurred (ResourceNotFoundException) when calling the "
                          "Query operation: Requested resource not found\n");
}

void TestCli::validationErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, stderrText);
    const Result result = run(args);
    QCOMPARE(result.exitCode, 254);
    QCOMPARE(result.err, stderrText);
    QVERIFY(result.out.isEmpty());
}

void TestCli::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("lastLine");

    QTest::newRow("missing key condition")
        << saas()
        << "keyscope: error: the following arguments are required: "
           "--key-condition-expression";
    QTest::newRow("missing everything")
        << QStringList {"query"}
        << "keyscope: error: the following arguments are required: --table-definition, "
           "--items, --key-condition-expression";
    QTest::newRow("unknown option") << (saas() << "--key-condition-expression"
                                               << "PK = :pk"
                                               << "--scan-forward")
                                    << "keyscope: error: Unknown options: --scan-forward";
    QTest::newRow("bad limit") << (saas() << "--key-condition-expression"
                                          << "PK = :pk"
                                          << "--limit"
                                          << "ten")
                               << "keyscope: error: argument --limit: invalid int value: 'ten'";
    QTest::newRow("option without its value")
        << (saas() << "--key-condition-expression")
        << "keyscope: error: argument --key-condition-expression: expected one argument";
}

void TestCli::usageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, lastLine);
    const Result result = run(args);
    QCOMPARE(result.exitCode, 252);
    QVERIFY2(result.err.startsWith(QStringLiteral("usage: keyscope query [options]\n")),
             qPrintable(result.err));
    QVERIFY2(result.err.endsWith(QLatin1Char('\n') + lastLine + QLatin1Char('\n')),
             qPrintable(result.err));
    QVERIFY(result.out.isEmpty());

    // Limit below 1 is caught before the request is sent, as botocore does.
    const Result zero = run(saas() << "--key-condition-expression"
                                   << "PK = :pk"
                                   << "--expression-attribute-values" << kOrgValues << "--limit"
                                   << "0");
    QCOMPARE(zero.exitCode, 252);
    QCOMPARE(zero.err,
             QStringLiteral("\nParameter validation failed:\nInvalid value for "
                            "parameter Limit, value: 0, valid min value: 1\n"));
}

void TestCli::badFiles_data()
{
    QTest::addColumn<QString>("tableFile");
    QTest::addColumn<QString>("itemsFile");
    QTest::addColumn<QString>("stderrText"); // after "keyscope: error: "

    const QString iotTable = fixture(QStringLiteral("iot-table.json"));
    QTest::newRow("malformed items") << iotTable << fixture(QStringLiteral("malformed-items.json"))
                                     << fixture(QStringLiteral("malformed-items.json"))
            + ":4:9: missing comma: expected ',' or ']' between array elements, found '{'";
    QTest::newRow("bad number") << iotTable << fixture(QStringLiteral("bad-number-items.json"))
                                << fixture(QStringLiteral("bad-number-items.json"))
            + ": Items[3].Temp.N: The parameter cannot be converted to a numeric value: abc";
    QTest::newRow("item without its sort key")
        << iotTable << fixture(QStringLiteral("missing-key-items.json"))
        << fixture(QStringLiteral("missing-key-items.json"))
            + ": [1]: One or more parameter values were invalid: Missing the key Timestamp in "
              "the item";
    QTest::newRow("missing items file") << iotTable << fixture(QStringLiteral("no-such-file.json"))
                                        << fixture(QStringLiteral("no-such-file.json"))
            + ": cannot read the file: No such file or directory";
    QTest::newRow("items file given as the table definition")
        << fixture(QStringLiteral("iot-items.json")) << fixture(QStringLiteral("iot-items.json"))
        << fixture(QStringLiteral("iot-items.json"))
            + ": AttributeDefinitions is missing: list every key attribute with its type, "
              "e.g. [{\"AttributeName\": \"PK\", \"AttributeType\": \"S\"}]";
}

void TestCli::badFiles()
{
    QFETCH(QString, tableFile);
    QFETCH(QString, itemsFile);
    QFETCH(QString, stderrText);
    const Result result = run({"query", "--table-definition", tableFile, "--items", itemsFile,
                               "--key-condition-expression", "DeviceId = :d",
                               "--expression-attribute-values", R"({":d": {"S": "sensor-1"}})"});
    QCOMPARE(result.exitCode, 255);
    QCOMPARE(result.err, QStringLiteral("keyscope: error: ") + stderrText + QLatin1Char('\n'));
    QVERIFY(result.out.isEmpty());
}

void TestCli::jsonArgumentsFromFiles()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const auto write = [&](const QString &name, const QByteArray &text) {
        QFile file(dir.filePath(name));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(text);
    };
    write(QStringLiteral("values.json"),
          "{\n  \":pk\": {\"S\": \"ORG#MCDONALDS\"},\n"
          "  \":u\": {\"S\": \"USER#\"}\n}\n");
    write(QStringLiteral("names.json"), R"({"#s": "SK"})");
    write(QStringLiteral("broken.json"),
          "{\n  \":pk\": {\"S\": \"ORG#MCDONALDS\"}\n  \":u\": 1\n}");

    const QStringList query = saas() << "--key-condition-expression"
                                     << "PK = :pk AND begins_with(#s, :u)";
    const Result ok = run(QStringList(query) << "--expression-attribute-values=file://values.json"
                                             << "--expression-attribute-names"
                                             << "file://" + dir.filePath("names.json"),
                          dir.path());
    QVERIFY2(ok.exitCode == 0, qPrintable(ok.err));
    QCOMPARE(ok.json.value(QLatin1String("Count")).toInt(), 3);

    // A malformed file names the file and the position (exit 255, like other file problems).
    const Result broken = run(QStringList(query) << "--expression-attribute-values"
                                                 << "file://broken.json"
                                                 << "--expression-attribute-names"
                                                 << R"({"#s": "SK"})",
                              dir.path());
    QCOMPARE(broken.exitCode, 255);
    QCOMPARE(broken.err,
             QStringLiteral("\nError parsing parameter '--expression-attribute-values': "
                            "Invalid JSON: broken.json:3:3: missing comma: expected "
                            "',' or '}' after an object member, found '\"'\n"));

    // Malformed inline JSON is a command-line mistake (exit 252) and says where.
    const Result inlineBroken = run(QStringList(query) << "--expression-attribute-values"
                                                       << R"({":pk": {"S": "x"} ":u": {"S": "y"}})"
                                                       << "--expression-attribute-names"
                                                       << R"({"#s": "SK"})");
    QCOMPARE(inlineBroken.exitCode, 252);
    QVERIFY2(inlineBroken.err.startsWith(
                 QStringLiteral("\nError parsing parameter '--expression-attribute-values': "
                                "Invalid JSON: line 1 column 20: missing comma")),
             qPrintable(inlineBroken.err));
}

void TestCli::repeatedKeyLastWins()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile file(dir.filePath(QStringLiteral("items.json")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    // 1700000000 and 17E8 are the same N key: the second write replaces the first.
    file.write(R"({"SensorReadings": [
        {"PutRequest": {"Item": {"DeviceId": {"S": "s"}, "Timestamp": {"N": "1700000000"}, "V": {"S": "old"}}}},
        {"PutRequest": {"Item": {"DeviceId": {"S": "s"}, "Timestamp": {"N": "17E8"}, "V": {"S": "new"}}}}]})");
    file.close();
    const Result result = run({"query", "--table-definition", fixture("iot-table.json"), "--items",
                               file.fileName(), "--key-condition-expression", "DeviceId = :d",
                               "--expression-attribute-values", R"({":d": {"S": "s"}})"});
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    QCOMPARE(
        attributeValues(result.json.value(QLatin1String("Items")).toArray(), QStringLiteral("V")),
        QStringList {"new"});
    QCOMPARE(attributeValues(result.json.value(QLatin1String("Items")).toArray(),
                             QStringLiteral("Timestamp")),
             QStringList {"1700000000"});
    // The user is told, on stderr, so stdout stays valid JSON.
    QCOMPARE(result.err,
             QStringLiteral("keyscope: note: %1: 1 of 2 items repeated a primary key "
                            "and replaced the earlier item (PutItem semantics)\n")
                 .arg(file.fileName()));
}

void TestCli::helpAndVersion()
{
    const Result help = run({"query", "--help"});
    QCOMPARE(help.exitCode, 0);
    QVERIFY(help.err.isEmpty());
    for (const char *option :
         {"--table-definition", "--items", "--table-name", "--index-name",
          "--key-condition-expression", "--filter-expression", "--projection-expression",
          "--expression-attribute-names", "--expression-attribute-values", "--scan-index-forward",
          "--no-scan-index-forward", "--limit", "--exclusive-start-key", "--select",
          "--consistent-read", "--no-consistent-read", "--return-consumed-capacity", "--trace",
          "file://"})
        QVERIFY2(help.out.contains(option), option);

    // --help wins even over an otherwise incomplete command line.
    QCOMPARE(run(saas() << "--help").exitCode, 0);

    const Result version = run({"query", "--version"});
    QCOMPARE(version.exitCode, 0);
    QVERIFY(version.out.startsWith("keyscope "));
    QCOMPARE(version.out, run({"--version"}).out);
}

QTEST_GUILESS_MAIN(TestCli)

#include "tst_cli.moc"
