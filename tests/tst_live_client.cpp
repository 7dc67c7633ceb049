// The live-endpoint client and operations against a scripted fake endpoint: error parsing,
// retries with backoff on throttling, paging, the item cap, cancel, a table that vanishes
// mid-load, BatchWriteItem with UnprocessedItems, DescribeTable, and verify.

#include "model/live/cleartextendpoint.h"
#include "model/live/dynamoclient.h"
#include "model/live/liveoperations.h"
#include "model/live/liveverify.h"
#include "model/table/table.h"
#include "model/value/dynamojson.h"
#include "tests/fakedynamotransport.h"
#include "tests/support/fixtures.h"

#include <QJsonArray>
#include <QtTest>

using namespace keyscope::model;
using namespace keyscope::model::live;
using keyscope::tests::FakeDynamoTransport;
using Failure = HttpResponse::Failure;

namespace {

using keyscope::testsupport::localConnection;

QJsonObject item(const QString &pk, const QString &sk, int n = 0)
{
    return QJsonObject {
        {QStringLiteral("PK"), QJsonObject {{QStringLiteral("S"), pk}}},
        {QStringLiteral("SK"), QJsonObject {{QStringLiteral("S"), sk}}},
        {QStringLiteral("N"), QJsonObject {{QStringLiteral("N"), QString::number(n)}}}};
}

QJsonObject keyOf(const QJsonObject &item)
{
    return QJsonObject {{QStringLiteral("PK"), item.value(QLatin1String("PK"))},
                        {QStringLiteral("SK"), item.value(QLatin1String("SK"))}};
}

// A partition of `count` items answered `pageSize` at a time, as DynamoDB pages a Query.
FakeDynamoTransport::Handler pagedPartition(int count, int pageSize)
{
    return [=](const QString &operation, const QJsonObject &body) {
        if (operation != QLatin1String("Query") && operation != QLatin1String("Scan"))
            return FakeDynamoTransport::error(400, QStringLiteral("UnknownOperationException"),
                                              operation);
        int start = 0;
        if (body.contains(QLatin1String("ExclusiveStartKey")))
            start = body.value(QLatin1String("ExclusiveStartKey"))
                        .toObject()
                        .value(QLatin1String("SK"))
                        .toObject()
                        .value(QLatin1String("S"))
                        .toString()
                        .mid(5)
                        .toInt()
                + 1;
        QJsonArray items;
        for (int i = start; i < std::min(count, start + pageSize); ++i)
            items.append(item(QStringLiteral("P"),
                              QStringLiteral("ITEM#%1").arg(i, 3, 10, QLatin1Char('0')), i));
        QJsonObject page {{QStringLiteral("Items"), items},
                          {QStringLiteral("Count"), items.size()},
                          {QStringLiteral("ScannedCount"), items.size()}};
        if (start + pageSize < count)
            page.insert(QStringLiteral("LastEvaluatedKey"), keyOf(items.last().toObject()));
        return FakeDynamoTransport::ok(page);
    };
}

QueryRequest partitionQuery()
{
    QueryRequest request;
    request.tableName = QStringLiteral("T");
    request.keyConditionExpression = QStringLiteral("PK = :pk");
    request.expressionAttributeValues = std::map<QString, AttributeValue> {
        {QStringLiteral(":pk"), AttributeValue::string(QStringLiteral("P"))}};
    return request;
}

TableDefinition simpleTable()
{
    QString error;
    auto definition = TableDefinition::fromJson(
        QJsonObject {
            {QStringLiteral("TableName"), QStringLiteral("T")},
            {QStringLiteral("AttributeDefinitions"),
             QJsonArray {QJsonObject {{QStringLiteral("AttributeName"), QStringLiteral("PK")},
                                      {QStringLiteral("AttributeType"), QStringLiteral("S")}},
                         QJsonObject {{QStringLiteral("AttributeName"), QStringLiteral("SK")},
                                      {QStringLiteral("AttributeType"), QStringLiteral("S")}}}},
            {QStringLiteral("KeySchema"),
             QJsonArray {QJsonObject {{QStringLiteral("AttributeName"), QStringLiteral("PK")},
                                      {QStringLiteral("KeyType"), QStringLiteral("HASH")}},
                         QJsonObject {{QStringLiteral("AttributeName"), QStringLiteral("SK")},
                                      {QStringLiteral("KeyType"), QStringLiteral("RANGE")}}}}},
        &error);
    Q_ASSERT(definition);
    return *definition;
}

} // namespace

class TestLiveClient : public QObject
{
    Q_OBJECT

    FakeDynamoTransport m_transport;
    std::unique_ptr<DynamoClient> m_client;
    std::vector<int> m_sleeps;

private slots:
    void init()
    {
        m_transport = FakeDynamoTransport();
        m_sleeps.clear();
        m_client = std::make_unique<DynamoClient>(m_transport, localConnection());
        m_client->setSleeper([this](int ms) { m_sleeps.push_back(ms); });
        m_client->setRandom([] { return 0.5; });
    }

    void serviceErrorKeepsCodeAndMessage()
    {
        m_transport.handler = [](const QString &, const QJsonObject &) {
            return FakeDynamoTransport::error(400, QStringLiteral("ResourceNotFoundException"),
                                              QStringLiteral("Requested resource not found"));
        };
        LiveOperations operations(*m_client);
        auto result = operations.describeTable(QStringLiteral("Nope"));
        QVERIFY(std::holds_alternative<LiveError>(result));
        const LiveError error = std::get<LiveError>(result);
        QCOMPARE(error.kind, LiveError::Kind::Service);
        QCOMPARE(error.code, QStringLiteral("ResourceNotFoundException"));
        QCOMPARE(error.toString(),
                 QStringLiteral("An error occurred (ResourceNotFoundException) when calling the "
                                "DescribeTable operation: Requested resource not found"));
        QCOMPARE(m_transport.sent.size(), size_t(1)); // not retried
        QCOMPARE(m_transport.sent[0].body.value(QLatin1String("TableName")).toString(),
                 QStringLiteral("Nope"));
    }

    void wrongCredentials()
    {
        m_transport.handler = [](const QString &, const QJsonObject &) {
            return FakeDynamoTransport::error(
                400, QStringLiteral("UnrecognizedClientException"),
                QStringLiteral("The security token included in the request is invalid."));
        };
        LiveOperations operations(*m_client);
        auto result = operations.listTables();
        QVERIFY(std::holds_alternative<LiveError>(result));
        QCOMPARE(std::get<LiveError>(result).toString(),
                 QStringLiteral("An error occurred (UnrecognizedClientException) when calling the "
                                "ListTables operation: The security token included in the "
                                "request is invalid."));
        QCOMPARE(m_transport.sent.size(), size_t(1));
    }

    void errorTypeFromHeaderAndCapitalMessage()
    {
        m_transport.handler = [](const QString &, const QJsonObject &) {
            HttpResponse response
                = FakeDynamoTransport::raw(403, R"({"Message": "Signature expired"})");
            response.headers.emplace_back("x-amzn-ErrorType",
                                          "InvalidSignatureException:http://internal");
            return response;
        };
        auto result = m_client->call(QStringLiteral("ListTables"), {});
        const LiveError error = std::get<LiveError>(result);
        QCOMPARE(error.code, QStringLiteral("InvalidSignatureException"));
        QCOMPARE(error.message, QStringLiteral("Signature expired"));
    }

    void throttlingIsRetriedWithBackoff()
    {
        int calls = 0;
        m_transport.handler = [&](const QString &, const QJsonObject &) {
            if (++calls <= 3)
                return FakeDynamoTransport::error(
                    400, QStringLiteral("ProvisionedThroughputExceededException"),
                    QStringLiteral("The level of configured provisioned throughput for the table "
                                   "was exceeded."));
            return FakeDynamoTransport::ok({{QStringLiteral("TableNames"), QJsonArray {}}});
        };
        LiveOperations operations(*m_client);
        auto result = operations.listTables();
        QVERIFY(std::holds_alternative<QStringList>(result));
        QCOMPARE(calls, 4);
        // 50 ms base doubling, half fixed + half jitter (0.5): 37, 75, 150.
        QCOMPARE(m_sleeps, (std::vector<int> {37, 75, 150}));
        // Each attempt is signed anew.
        QVERIFY(!m_transport.sent[0].request.header("Authorization").isEmpty());
    }

    void throttlingGivesUpAfterMaxAttempts()
    {
        m_transport.handler = [](const QString &, const QJsonObject &) {
            return FakeDynamoTransport::error(400, QStringLiteral("ThrottlingException"),
                                              QStringLiteral("Rate exceeded"));
        };
        m_client->setRetryPolicy({3, 10, 100});
        auto result = m_client->call(QStringLiteral("ListTables"), {});
        const LiveError error = std::get<LiveError>(result);
        QCOMPARE(error.code, QStringLiteral("ThrottlingException"));
        QCOMPARE(error.attempts, 3);
        QVERIFY(
            error.toString().endsWith(QLatin1String("Rate exceeded (gave up after 3 attempts)")));
        QCOMPARE(m_transport.sent.size(), size_t(3));
    }

    void serverErrorsAreRetriedValidationIsNot()
    {
        int calls = 0;
        m_transport.handler = [&](const QString &, const QJsonObject &) {
            return ++calls == 1
                ? FakeDynamoTransport::raw(503, "<html>Service Unavailable</html>")
                : FakeDynamoTransport::error(400, QStringLiteral("ValidationException"),
                                             QStringLiteral("bad"));
        };
        auto result = m_client->call(QStringLiteral("Query"), {});
        QCOMPARE(calls, 2);
        QCOMPARE(std::get<LiveError>(result).code, QStringLiteral("ValidationException"));
    }

    void endpointDown()
    {
        m_transport.handler = [](const QString &, const QJsonObject &) {
            return FakeDynamoTransport::failure(Failure::ConnectionRefused,
                                                QStringLiteral("Connection refused"));
        };
        auto result = m_client->call(QStringLiteral("ListTables"), {});
        const LiveError error = std::get<LiveError>(result);
        QCOMPARE(error.kind, LiveError::Kind::Unreachable);
        QCOMPARE(error.toString(),
                 QStringLiteral("cannot connect to http://127.0.0.1:8000: connection refused "
                                "(Connection refused); is the endpoint running and is the port "
                                "right?"));
        QCOMPARE(m_transport.sent.size(), size_t(1));
    }

    void timeout()
    {
        m_transport.handler = [](const QString &, const QJsonObject &) {
            return FakeDynamoTransport::failure(Failure::Timeout, QString());
        };
        const LiveError error = std::get<LiveError>(m_client->call(QStringLiteral("Scan"), {}));
        QCOMPARE(error.kind, LiveError::Kind::Timeout);
        QVERIFY(
            error.toString().contains(QLatin1String("did not answer the Scan request in time")));
    }

    void malformedResponses_data()
    {
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not json") << 200 << QByteArray("<html>hello</html>")
                                  << QStringLiteral("not DynamoDB JSON");
        QTest::newRow("truncated")
            << 200 << QByteArray(R"({"TableNames": ["a")") << QStringLiteral("not DynamoDB JSON");
        QTest::newRow("array") << 200 << QByteArray("[1]") << QStringLiteral("not an object");
        QTest::newRow("wrong shape")
            << 200 << QByteArray(R"({"Tables": []})") << QStringLiteral("no TableNames array");
        QTest::newRow("404 page") << 404 << QByteArray("Not Found")
                                  << QStringLiteral("HTTP 404 and no DynamoDB error: 'Not Found'");
    }

    void malformedResponses()
    {
        QFETCH(int, status);
        QFETCH(QByteArray, body);
        QFETCH(QString, expected);
        m_transport.handler = [&](const QString &, const QJsonObject &) {
            return FakeDynamoTransport::raw(status, body);
        };
        LiveOperations operations(*m_client);
        auto result = operations.listTables();
        QVERIFY(std::holds_alternative<LiveError>(result));
        const LiveError error = std::get<LiveError>(result);
        QCOMPARE(error.kind, LiveError::Kind::Malformed);
        QVERIFY2(error.toString().contains(expected), qPrintable(error.toString()));
        QVERIFY(error.toString().contains(QLatin1String("http://127.0.0.1:8000")));
    }

    void listTablesFollowsPages()
    {
        m_transport.handler = [](const QString &, const QJsonObject &body) {
            if (!body.contains(QLatin1String("ExclusiveStartTableName")))
                return FakeDynamoTransport::ok(
                    {{QStringLiteral("TableNames"),
                      QJsonArray {QStringLiteral("A"), QStringLiteral("B")}},
                     {QStringLiteral("LastEvaluatedTableName"), QStringLiteral("B")}});
            return FakeDynamoTransport::ok(
                {{QStringLiteral("TableNames"), QJsonArray {QStringLiteral("C")}}});
        };
        LiveOperations operations(*m_client);
        auto result = operations.listTables();
        QCOMPARE(std::get<QStringList>(result),
                 (QStringList {QStringLiteral("A"), QStringLiteral("B"), QStringLiteral("C")}));
        QCOMPARE(
            m_transport.sent[1].body.value(QLatin1String("ExclusiveStartTableName")).toString(),
            QStringLiteral("B"));
    }

    void queryAllPages()
    {
        m_transport.handler = pagedPartition(25, 10);
        LiveOperations operations(*m_client);
        std::vector<qint64> progress;
        QueryRequest request = partitionQuery();
        request.scanIndexForward = false;
        request.limit = 10;
        const ReadResult read = operations.queryAll(
            request, 0, [&](qint64 done, qint64) { progress.push_back(done); });
        QVERIFY(!read.error);
        QCOMPARE(read.items.size(), size_t(25));
        QCOMPARE(read.pages, 3);
        QCOMPARE(read.pageCounts, (std::vector<qint64> {10, 10, 5}));
        QCOMPARE(read.count, 25);
        QCOMPARE(read.scannedCount, 25);
        QCOMPARE(progress, (std::vector<qint64> {10, 20, 25}));
        QCOMPARE(read.items[24].at(QStringLiteral("SK")).asString(), QStringLiteral("ITEM#024"));
        // The request as sent: DynamoDB JSON, Limit and direction, then the previous page's key.
        const QJsonObject first = m_transport.sent[0].body;
        QCOMPARE(first.value(QLatin1String("KeyConditionExpression")).toString(),
                 QStringLiteral("PK = :pk"));
        QCOMPARE(first.value(QLatin1String("ExpressionAttributeValues")).toObject(),
                 (QJsonObject {{QStringLiteral(":pk"),
                                QJsonObject {{QStringLiteral("S"), QStringLiteral("P")}}}}));
        QCOMPARE(first.value(QLatin1String("ScanIndexForward")).toBool(true), false);
        QCOMPARE(first.value(QLatin1String("Limit")).toInt(), 10);
        QVERIFY(!first.contains(QLatin1String("ExclusiveStartKey")));
        QCOMPARE(m_transport.sent[2].body.value(QLatin1String("ExclusiveStartKey")).toObject(),
                 keyOf(item(QStringLiteral("P"), QStringLiteral("ITEM#019"))));
    }

    void itemCapStopsReading()
    {
        m_transport.handler = pagedPartition(100, 10);
        LiveOperations operations(*m_client);
        const ReadResult read = operations.queryAll(partitionQuery(), 15);
        QVERIFY(!read.error);
        QVERIFY(read.capped);
        QCOMPARE(read.items.size(), size_t(15));
        QCOMPARE(m_transport.count(QStringLiteral("Query")), 2); // no third page
        // A cap on a page boundary stops without reading on.
        init();
        m_transport.handler = pagedPartition(100, 10);
        LiveOperations again(*m_client);
        const ReadResult exact = again.queryAll(partitionQuery(), 20);
        QVERIFY(exact.capped);
        QCOMPARE(exact.items.size(), size_t(20));
        QCOMPARE(m_transport.count(QStringLiteral("Query")), 2);
    }

    void tableVanishesMidLoad()
    {
        int calls = 0;
        const auto pages = pagedPartition(30, 10);
        m_transport.handler = [&](const QString &operation, const QJsonObject &body) {
            if (++calls == 3)
                return FakeDynamoTransport::error(400, QStringLiteral("ResourceNotFoundException"),
                                                  QStringLiteral("Requested resource not found"));
            return pages(operation, body);
        };
        LiveOperations operations(*m_client);
        const ReadResult read = operations.queryAll(partitionQuery());
        QVERIFY(read.error);
        QCOMPARE(read.error->code, QStringLiteral("ResourceNotFoundException"));
        QCOMPARE(read.items.size(), size_t(20)); // what was read stays
        QCOMPARE(read.items[19].at(QStringLiteral("SK")).asString(), QStringLiteral("ITEM#019"));
        QVERIFY(read.lastEvaluatedKey); // where to resume
    }

    void cancelKeepsWhatWasRead()
    {
        std::atomic_bool cancel = false;
        m_client->setCancelFlag(&cancel);
        m_transport.handler = pagedPartition(50, 10);
        LiveOperations operations(*m_client);
        const ReadResult read = operations.queryAll(partitionQuery(), 0, [&](qint64 done, qint64) {
            if (done >= 20)
                cancel = true;
        });
        QVERIFY(read.error);
        QCOMPARE(read.error->kind, LiveError::Kind::Cancelled);
        QCOMPARE(read.items.size(), size_t(20));
        QCOMPARE(m_transport.count(QStringLiteral("Query")), 2);
    }

    void malformedItemInPage()
    {
        m_transport.handler = [](const QString &, const QJsonObject &) {
            return FakeDynamoTransport::ok(
                {{QStringLiteral("Items"),
                  QJsonArray {
                      item(QStringLiteral("P"), QStringLiteral("A")),
                      QJsonObject {{QStringLiteral("PK"),
                                    QJsonObject {{QStringLiteral("N"), QStringLiteral("abc")}}}}}},
                 {QStringLiteral("Count"), 2}});
        };
        LiveOperations operations(*m_client);
        const ReadResult read = operations.queryAll(partitionQuery());
        QVERIFY(read.error);
        QCOMPARE(read.error->kind, LiveError::Kind::Malformed);
        QVERIFY2(read.error->message.contains(QLatin1String("Items[1].PK")),
                 qPrintable(read.error->message));
        QCOMPARE(read.items.size(), size_t(1));
    }

    void batchWriteIn25sWithUnprocessedItems()
    {
        int calls = 0;
        std::vector<int> sizes;
        m_transport.handler = [&](const QString &operation, const QJsonObject &body) {
            if (operation != QLatin1String("BatchWriteItem"))
                return FakeDynamoTransport::error(400, QStringLiteral("ValidationException"),
                                                  operation);
            const QJsonArray requests = body.value(QLatin1String("RequestItems"))
                                            .toObject()
                                            .value(QLatin1String("T"))
                                            .toArray();
            sizes.push_back(int(requests.size()));
            QJsonObject answer {{QStringLiteral("UnprocessedItems"), QJsonObject {}}};
            if (++calls == 1) { // the first call leaves 5 items unwritten
                QJsonArray rest;
                for (qsizetype i = 20; i < requests.size(); ++i)
                    rest.append(requests.at(i));
                answer.insert(QStringLiteral("UnprocessedItems"),
                              QJsonObject {{QStringLiteral("T"), rest}});
            }
            return FakeDynamoTransport::ok(answer);
        };
        std::vector<Item> items;
        for (int i = 0; i < 60; ++i)
            items.push_back(
                *dynamojson::itemFromJson(item(QStringLiteral("P"), QStringLiteral("S%1").arg(i))));
        LiveOperations operations(*m_client);
        std::vector<qint64> progress;
        const WriteResult result
            = operations.batchWrite(QStringLiteral("T"), items, [&](qint64 done, qint64 total) {
                  QCOMPARE(total, 60);
                  progress.push_back(done);
              });
        QVERIFY(!result.error);
        QCOMPARE(result.written, 60);
        QCOMPARE(sizes, (std::vector<int> {25, 5, 25, 10}));
        QCOMPARE(result.unprocessedRetries, 1);
        QCOMPARE(progress, (std::vector<qint64> {20, 25, 50, 60}));
        QCOMPARE(m_sleeps.size(), size_t(1)); // backed off before re-sending
        // The re-sent requests are the unprocessed ones.
        QCOMPARE(m_transport.sent[1]
                     .body.value(QLatin1String("RequestItems"))
                     .toObject()
                     .value(QLatin1String("T"))
                     .toArray()
                     .first()
                     .toObject()
                     .value(QLatin1String("PutRequest"))
                     .toObject()
                     .value(QLatin1String("Item"))
                     .toObject()
                     .value(QLatin1String("SK"))
                     .toObject()
                     .value(QLatin1String("S"))
                     .toString(),
                 QStringLiteral("S20"));
    }

    void batchWriteGivesUpWhenNothingProgresses()
    {
        m_transport.handler = [](const QString &, const QJsonObject &body) {
            return FakeDynamoTransport::ok(
                {{QStringLiteral("UnprocessedItems"), body.value(QLatin1String("RequestItems"))}});
        };
        std::vector<Item> items {
            *dynamojson::itemFromJson(item(QStringLiteral("P"), QStringLiteral("S")))};
        LiveOperations operations(*m_client);
        const WriteResult result = operations.batchWrite(QStringLiteral("T"), items, {}, 3);
        QVERIFY(result.error);
        QCOMPARE(result.written, 0);
        QVERIFY(result.error->message.contains(QLatin1String("1 items stayed unprocessed")));
        QCOMPARE(result.requests, 3);
    }

    void describeTableGivesDefinition()
    {
        m_transport.handler = [](const QString &, const QJsonObject &) {
            return FakeDynamoTransport::raw(200,
                                            R"({"Table": {"TableName": "T", "TableStatus": "ACTIVE",
                "ItemCount": 42, "TableSizeBytes": 1000,
                "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
                    {"AttributeName": "SK", "AttributeType": "S"}, {"AttributeName": "G", "AttributeType": "N"}],
                "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
                "GlobalSecondaryIndexes": [{"IndexName": "ByG", "IndexStatus": "ACTIVE",
                    "KeySchema": [{"AttributeName": "G", "KeyType": "HASH"}],
                    "Projection": {"ProjectionType": "KEYS_ONLY"}, "ItemCount": 3}]}})");
        };
        LiveOperations operations(*m_client);
        auto result = operations.describeTable(QStringLiteral("T"));
        QVERIFY(std::holds_alternative<TableDescription>(result));
        const TableDescription &description = std::get<TableDescription>(result);
        QCOMPARE(description.status, QStringLiteral("ACTIVE"));
        QCOMPARE(description.itemCount, 42);
        QCOMPARE(description.definition.tableName, QStringLiteral("T"));
        QVERIFY(description.definition.keys.hasRange());
        QVERIFY(description.definition.index(QStringLiteral("ByG")));
        QCOMPARE(description.definition.index(QStringLiteral("ByG"))->projection,
                 ProjectionType::KeysOnly);
    }

    void createTableWaitsForActive()
    {
        int describes = 0;
        m_transport.handler = [&](const QString &operation, const QJsonObject &body) {
            if (operation == QLatin1String("CreateTable"))
                return FakeDynamoTransport::ok({{QStringLiteral("TableDescription"), body}});
            QJsonObject table = simpleTable().toJson();
            table.insert(QStringLiteral("TableStatus"),
                         ++describes < 3 ? QStringLiteral("CREATING") : QStringLiteral("ACTIVE"));
            return FakeDynamoTransport::ok({{QStringLiteral("Table"), table}});
        };
        LiveOperations operations(*m_client);
        auto result = operations.createTable(simpleTable());
        QVERIFY(std::holds_alternative<TableDescription>(result));
        QCOMPARE(describes, 3);
        const QJsonObject sent = m_transport.sent[0].body;
        QCOMPARE(sent.value(QLatin1String("BillingMode")).toString(),
                 QStringLiteral("PAY_PER_REQUEST"));
        QCOMPARE(sent.value(QLatin1String("TableName")).toString(), QStringLiteral("T"));
        QCOMPARE(sent.value(QLatin1String("KeySchema")).toArray().size(), 2);
    }

    void createTableKeepsProvisionedBilling()
    {
        TableDefinition definition = simpleTable();
        IndexDefinition gsi;
        gsi.name = QStringLiteral("G");
        gsi.keys.hash.push_back({QStringLiteral("SK"), AttributeValue::Type::S});
        definition.indexes.push_back(gsi);
        const QJsonObject units {{QStringLiteral("ReadCapacityUnits"), 7},
                                 {QStringLiteral("WriteCapacityUnits"), 3}};
        const QJsonObject body = LiveOperations::createTableJson(
            definition,
            {{QStringLiteral("BillingMode"), QStringLiteral("PROVISIONED")},
             {QStringLiteral("ProvisionedThroughput"), units}});
        QCOMPARE(body.value(QLatin1String("BillingMode")).toString(),
                 QStringLiteral("PROVISIONED"));
        QCOMPARE(body.value(QLatin1String("ProvisionedThroughput")).toObject(), units);
        const QJsonObject index
            = body.value(QLatin1String("GlobalSecondaryIndexes")).toArray().first().toObject();
        QCOMPARE(index.value(QLatin1String("ProvisionedThroughput")).toObject(), units);
        QCOMPARE(index.value(QLatin1String("Projection"))
                     .toObject()
                     .value(QLatin1String("ProjectionType"))
                     .toString(),
                 QStringLiteral("ALL"));
        // Without billing settings: on demand, no throughput anywhere.
        const QJsonObject onDemand = LiveOperations::createTableJson(definition, {});
        QCOMPARE(onDemand.value(QLatin1String("BillingMode")).toString(),
                 QStringLiteral("PAY_PER_REQUEST"));
        QVERIFY(!onDemand.contains(QLatin1String("ProvisionedThroughput")));
    }

    void uniqueByKeyKeepsTheLaterItem()
    {
        std::vector<Item> items;
        for (const auto &[sk, n] : std::vector<std::pair<QString, int>> {
                 {QStringLiteral("A"), 1}, {QStringLiteral("B"), 2}, {QStringLiteral("A"), 3}})
            items.push_back(*dynamojson::itemFromJson(item(QStringLiteral("P"), sk, n)));
        const ItemList unique = LiveOperations::uniqueByKey(simpleTable(), items);
        QCOMPARE(unique.size(), size_t(2));
        QCOMPARE(unique[0].at(QStringLiteral("N")).asNumber().toString(), QStringLiteral("3"));
        QCOMPARE(unique[1].at(QStringLiteral("SK")).asString(), QStringLiteral("B"));
    }

    void verifyFindsOrderDifferences()
    {
        Table table(simpleTable());
        std::vector<Item> items;
        for (int i = 0; i < 5; ++i)
            items.push_back(*dynamojson::itemFromJson(
                item(QStringLiteral("P"), QStringLiteral("ITEM#%1").arg(i, 3, 10, QLatin1Char('0')),
                     i)));
        QVERIFY(std::holds_alternative<Table::LoadResult>(table.putItems(items)));

        m_transport.handler = pagedPartition(5, 2);
        LiveOperations operations(*m_client);
        QueryRequest request = partitionQuery();
        request.limit = 2;
        VerifyResult same = LiveVerifier::verify(operations, table, request);
        QVERIFY2(same.identical(), qPrintable(same.differences.join(u"; ")));
        QCOMPARE(same.rows.size(), size_t(5));
        QCOMPARE(same.keyscopePages, 3);

        // An endpoint that returns two items swapped and one extra attribute.
        m_transport.handler = [](const QString &, const QJsonObject &) {
            QJsonObject third = item(QStringLiteral("P"), QStringLiteral("ITEM#002"), 2);
            third.insert(QStringLiteral("X"),
                         QJsonObject {{QStringLiteral("S"), QStringLiteral("x")}});
            return FakeDynamoTransport::ok(
                {{QStringLiteral("Items"),
                  QJsonArray {item(QStringLiteral("P"), QStringLiteral("ITEM#001"), 1),
                              item(QStringLiteral("P"), QStringLiteral("ITEM#000"), 0), third,
                              item(QStringLiteral("P"), QStringLiteral("ITEM#003"), 3),
                              item(QStringLiteral("P"), QStringLiteral("ITEM#004"), 4)}},
                 {QStringLiteral("Count"), 5},
                 {QStringLiteral("ScannedCount"), 5}});
        };
        request.limit.reset();
        VerifyResult different = LiveVerifier::verify(operations, table, request);
        QVERIFY(!different.identical());
        QVERIFY(!different.rows[0].sameKey);
        QVERIFY(!different.rows[1].sameKey);
        QVERIFY(different.rows[2].sameKey && !different.rows[2].sameItem);
        QVERIFY(different.rows[3].sameItem);
        QCOMPARE(
            different.differences,
            (QStringList {QStringLiteral("order differs from result 1 on"),
                          QStringLiteral("result 3 has the same key but different attributes")}));

        // Fewer items on the endpoint: a count difference.
        m_transport.handler = pagedPartition(3, 10);
        VerifyResult fewer = LiveVerifier::verify(operations, table, request);
        QVERIFY(!fewer.identical());
        QCOMPARE(fewer.differences.first(),
                 QStringLiteral("Count differs: the endpoint returned 3 items, Keyscope 5"));
        QVERIFY(!fewer.rows[3].endpoint && fewer.rows[3].keyscope);
    }

    // `keyscope live` and the Live window warn before plain HTTP leaves this machine.
    void cleartextEndpoint_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<bool>("warned");
        QTest::newRow("https, AWS") << "https://dynamodb.eu-west-1.amazonaws.com" << false;
        QTest::newRow("https, another machine") << "https://10.0.0.5:8000" << false;
        QTest::newRow("127.0.0.1") << "http://127.0.0.1:8000" << false;
        QTest::newRow("127.255.0.9") << "http://127.255.0.9:8000" << false;
        QTest::newRow("localhost") << "http://localhost:8000" << false;
        QTest::newRow("LOCALHOST") << "HTTP://LOCALHOST:8000" << false;
        QTest::newRow("db.localhost") << "http://db.localhost:8000" << false;
        QTest::newRow("::1") << "http://[::1]:8000" << false;
        QTest::newRow("0:0:0:0:0:0:0:1") << "http://[0:0:0:0:0:0:0:1]:8000" << false;
        QTest::newRow("::ffff:127.0.0.1") << "http://[::ffff:127.0.0.1]:8000" << false;
        QTest::newRow("LAN address") << "http://192.168.1.20:8000" << true;
        QTest::newRow("128.0.0.1") << "http://128.0.0.1:8000" << true;
        QTest::newRow("127.0.0.1 inside a name") << "http://127.0.0.1.example.com:8000" << true;
        QTest::newRow("localhost inside a name") << "http://localhost.example.com:8000" << true;
        QTest::newRow("::2") << "http://[::2]:8000" << true;
        QTest::newRow("AWS over http") << "http://dynamodb.us-east-1.amazonaws.com" << true;
    }
    void cleartextEndpoint()
    {
        QFETCH(QString, url);
        QFETCH(bool, warned);
        const QString warning = cleartextEndpointWarning(QUrl(url));
        QCOMPARE(!warning.isEmpty(), warned);
        if (warned)
            QVERIFY2(warning.contains(QLatin1String("plain HTTP to another machine"))
                         && warning.contains(QLatin1String("security token")),
                     qPrintable(warning));
    }
};

QTEST_GUILESS_MAIN(TestLiveClient)
#include "tst_live_client.moc"
