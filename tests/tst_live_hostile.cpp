// An endpoint that misbehaves on purpose, against the live client and operations: paging that
// never ends (a repeated LastEvaluatedKey or LastEvaluatedTableName, endless new keys, a read
// that takes hours), numbers outside DynamoDB's own limits, an UnprocessedItems list longer than
// the request, an answer past the response size bound, and an IPv6 literal endpoint.
// (tst_live_dynalite runs the same faults end to end over HTTP.)

#include "model/live/dynamoclient.h"
#include "model/live/liveoperations.h"
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

QJsonObject key(const QString &sk)
{
    return QJsonObject {
        {QStringLiteral("PK"), QJsonObject {{QStringLiteral("S"), QStringLiteral("P")}}},
        {QStringLiteral("SK"), QJsonObject {{QStringLiteral("S"), sk}}}};
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

// An empty page that says there is more, from `lastKey`.
HttpResponse emptyPage(const QJsonObject &lastKey)
{
    return FakeDynamoTransport::ok({{QStringLiteral("Items"), QJsonArray {}},
                                    {QStringLiteral("Count"), 0},
                                    {QStringLiteral("ScannedCount"), 0},
                                    {QStringLiteral("LastEvaluatedKey"), lastKey}});
}

// A table's description with its key.
QJsonObject keyedTable()
{
    return QJsonDocument::fromJson(R"({"TableName": "T", "TableStatus": "ACTIVE",
        "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}]})")
        .object();
}

// Ends a run that would otherwise never end (before the bounds existed), so such a test fails
// instead of hanging.
HttpResponse runawayGuard()
{
    return FakeDynamoTransport::error(400, QStringLiteral("RunawayGuard"),
                                      QStringLiteral("the test stopped an endless read"));
}

} // namespace

class TestLiveHostile : public QObject
{
    Q_OBJECT

    FakeDynamoTransport m_transport;
    std::unique_ptr<DynamoClient> m_client;

private slots:
    void init()
    {
        m_transport = FakeDynamoTransport();
        m_client
            = std::make_unique<DynamoClient>(m_transport, keyscope::testsupport::localConnection());
        m_client->setSleeper([](int) {});
        m_client->setRandom([] { return 0.5; });
    }

    void repeatedLastEvaluatedKey_data()
    {
        QTest::addColumn<QStringList>("keys"); // the LastEvaluatedKey of each page, in a cycle
        QTest::addColumn<QString>("expected");
        QTest::newRow("the same key")
            << QStringList {"A"} << "page 2 repeats the LastEvaluatedKey of page 1";
        QTest::newRow("a cycle of three")
            << QStringList {"A", "B", "C"} << "page 4 repeats the LastEvaluatedKey of page 1";
    }
    void repeatedLastEvaluatedKey()
    {
        QFETCH(QStringList, keys);
        QFETCH(QString, expected);
        int calls = 0;
        m_transport.handler = [&](const QString &, const QJsonObject &) {
            if (++calls > 1000)
                return runawayGuard();
            return emptyPage(key(keys.at((calls - 1) % keys.size())));
        };
        LiveOperations operations(*m_client);
        const ReadResult read = operations.queryAll(partitionQuery());
        QVERIFY(read.error);
        QCOMPARE(read.error->kind, LiveError::Kind::Malformed);
        QVERIFY2(read.error->toString().contains(expected), qPrintable(read.error->toString()));
        QVERIFY2(read.error->toString().startsWith(
                     QLatin1String("http://127.0.0.1:8000 answered the Query request")),
                 qPrintable(read.error->toString()));
        QCOMPARE(calls, int(keys.size()) + 1);
    }

    void repeatedLastEvaluatedTableName()
    {
        int calls = 0;
        m_transport.handler = [&](const QString &, const QJsonObject &) {
            if (++calls > 1000)
                return runawayGuard();
            return FakeDynamoTransport::ok(
                {{QStringLiteral("TableNames"), QJsonArray {}},
                 {QStringLiteral("LastEvaluatedTableName"), QStringLiteral("Again")}});
        };
        LiveOperations operations(*m_client);
        auto result = operations.listTables();
        QVERIFY(std::holds_alternative<LiveError>(result));
        const QString message = std::get<LiveError>(result).toString();
        QVERIFY2(message.contains(QLatin1String("page 2 repeats the LastEvaluatedTableName of "
                                                "page 1 ('Again')")),
                 qPrintable(message));
        QCOMPARE(calls, 2);
    }

    // New keys for ever, each page empty: stopped at the page bound.
    void pagesAreBounded()
    {
        int calls = 0;
        m_transport.handler = [&](const QString &, const QJsonObject &) {
            if (++calls > 3 * LiveOperations::kMaxPages)
                return runawayGuard();
            return emptyPage(key(QString::number(calls)));
        };
        LiveOperations operations(*m_client);
        const ReadResult read = operations.scanAll(QStringLiteral("T"));
        QVERIFY(read.error);
        QCOMPARE(read.error->kind, LiveError::Kind::Bound);
        QVERIFY2(read.error->toString().contains(
                     QLatin1String("stopped reading after 100,000 pages of Scan answers")),
                 qPrintable(read.error->toString()));
        QCOMPARE(read.pages, LiveOperations::kMaxPages);
        QVERIFY(read.lastEvaluatedKey);
    }

    // Every request takes a minute (as the client's clock tells): stopped at the time bound.
    void readTimeIsBounded()
    {
        QDateTime now = QDateTime(QDate(2024, 1, 1), QTime(12, 0), Qt::UTC);
        m_client->setClock([&] {
            now = now.addSecs(60);
            return now;
        });
        int calls = 0;
        m_transport.handler = [&](const QString &, const QJsonObject &) {
            if (++calls > 1000)
                return runawayGuard();
            return emptyPage(key(QString::number(calls)));
        };
        LiveOperations operations(*m_client);
        const ReadResult read = operations.queryAll(partitionQuery());
        QVERIFY(read.error);
        QCOMPARE(read.error->kind, LiveError::Kind::Bound);
        QVERIFY2(read.error->toString().contains(
                     QLatin1String("stopped reading after 60 minutes of Query answers")),
                 qPrintable(read.error->toString()));
        QVERIFY2(calls < 70, qPrintable(QString::number(calls)));
    }

    void numbersOutsideDynamoDbsLimits_data()
    {
        QTest::addColumn<QString>("operation");
        QTest::addColumn<QByteArray>("answer");
        QTest::addColumn<QString>("expected");
        const QString range = QStringLiteral(" (DynamoDB's is a whole number from 0 to ");
        QTest::newRow("ScannedCount 1e30")
            << "Query" << QByteArray(R"({"Items": [], "Count": 0, "ScannedCount": 1e30})")
            << "ScannedCount is 1e+30" + range + "2,147,483,647)";
        QTest::newRow("ScannedCount negative")
            << "Query" << QByteArray(R"({"Items": [], "Count": 0, "ScannedCount": -1})")
            << "ScannedCount is -1" + range + "2,147,483,647)";
        QTest::newRow("ScannedCount a fraction")
            << "Query" << QByteArray(R"({"Items": [], "Count": 0, "ScannedCount": 2.5})")
            << "ScannedCount is 2.5" + range + "2,147,483,647)";
        QTest::newRow("ScannedCount a string")
            << "Query" << QByteArray(R"({"Items": [], "Count": 0, "ScannedCount": "7"})")
            << "ScannedCount is \"7\", not a number";
        QTest::newRow("Count past 32 bits (Select COUNT)")
            << "Count" << QByteArray(R"({"Count": 3e9, "ScannedCount": 3e9})")
            << "Count is 3000000000" + range + "2,147,483,647)";
        QTest::newRow("Count above ScannedCount")
            << "Count" << QByteArray(R"({"Count": 5, "ScannedCount": 4})")
            << "Count 5 is more than ScannedCount 4";
        QTest::newRow("ItemCount 1e30")
            << "DescribeTable" << QByteArray(R"({"Table": {"ItemCount": 1e30}})")
            << "Table.ItemCount is 1e+30" + range + "9,223,372,036,854,775,807)";
        QTest::newRow("TableSizeBytes negative")
            << "DescribeTable" << QByteArray(R"({"Table": {"TableSizeBytes": -5}})")
            << "Table.TableSizeBytes is -5" + range + "9,223,372,036,854,775,807)";
        QTest::newRow("Scan Limit 1: Count 1e300")
            << "HasItems" << QByteArray(R"({"Items": [], "Count": 1e300})")
            << "Count is 1e+300" + range + "2,147,483,647)";
    }
    void numbersOutsideDynamoDbsLimits()
    {
        QFETCH(QString, operation);
        QFETCH(QByteArray, answer);
        QFETCH(QString, expected);
        m_transport.handler = [&](const QString &called, const QJsonObject &) {
            if (called == QLatin1String("DescribeTable")) {
                QJsonObject table = QJsonDocument::fromJson(answer).object();
                QJsonObject description = keyedTable();
                const QJsonObject extra = table.value(QLatin1String("Table")).toObject();
                for (auto it = extra.begin(); it != extra.end(); ++it)
                    description.insert(it.key(), it.value());
                return FakeDynamoTransport::ok({{QStringLiteral("Table"), description}});
            }
            return FakeDynamoTransport::raw(200, answer);
        };
        LiveOperations operations(*m_client);
        std::optional<LiveError> error;
        if (operation == QLatin1String("DescribeTable")) {
            auto result = operations.describeTable(QStringLiteral("T"));
            if (auto *e = std::get_if<LiveError>(&result))
                error = *e;
        } else if (operation == QLatin1String("HasItems")) {
            auto result = operations.hasItems(QStringLiteral("T"));
            if (auto *e = std::get_if<LiveError>(&result))
                error = *e;
        } else {
            QueryRequest request = partitionQuery();
            if (operation == QLatin1String("Count"))
                request.select = QStringLiteral("COUNT");
            error = operations.queryAll(request).error;
        }
        QVERIFY(error);
        QCOMPARE(error->kind, LiveError::Kind::Malformed);
        QVERIFY2(error->toString().contains(expected), qPrintable(error->toString()));
        QVERIFY2(error->toString().contains(QLatin1String("malformed response")),
                 qPrintable(error->toString()));
    }

    // More unprocessed requests than were sent would be re-sent for ever, one more each time.
    void unprocessedItemsLongerThanTheRequest()
    {
        int calls = 0;
        m_transport.handler = [&](const QString &, const QJsonObject &body) {
            if (++calls > 100)
                return runawayGuard();
            QJsonArray requests = body.value(QLatin1String("RequestItems"))
                                      .toObject()
                                      .value(QLatin1String("T"))
                                      .toArray();
            requests.append(requests.first());
            return FakeDynamoTransport::ok({{QStringLiteral("UnprocessedItems"),
                                             QJsonObject {{QStringLiteral("T"), requests}}}});
        };
        std::vector<Item> items;
        for (int i = 0; i < 3; ++i)
            items.push_back(*dynamojson::itemFromJson(key(QString::number(i))));
        LiveOperations operations(*m_client);
        const WriteResult result = operations.batchWrite(QStringLiteral("T"), items);
        QVERIFY(result.error);
        QCOMPARE(result.error->kind, LiveError::Kind::Malformed);
        QVERIFY2(result.error->toString().contains(QLatin1String(
                     "UnprocessedItems holds 4 requests for T, more than the 3 sent")),
                 qPrintable(result.error->toString()));
        QCOMPARE(calls, 1);
    }

    // What a transport reports when an answer passes the size bound.
    void answerPastTheSizeBound()
    {
        static_assert(LiveTransport::kMaxResponseBytes == 16 * 1024 * 1024);
        m_transport.handler = [](const QString &, const QJsonObject &) {
            return FakeDynamoTransport::failure(Failure::TooLarge, QString());
        };
        const LiveError error
            = std::get<LiveError>(m_client->call(QStringLiteral("ListTables"), {}));
        QCOMPARE(error.kind, LiveError::Kind::Bound);
        QCOMPARE(error.toString(),
                 QStringLiteral("http://127.0.0.1:8000 answered the ListTables request with more "
                                "than 16 MiB; Keyscope stopped reading there, as DynamoDB's "
                                "answers are at most a few MB. Is it a DynamoDB endpoint?"));
        QCOMPARE(m_transport.sent.size(), size_t(1)); // not retried
    }

    // The URL and the signed Host header of an IPv6 literal keep its brackets.
    void ipv6LiteralEndpoint_data()
    {
        QTest::addColumn<QString>("endpoint");
        QTest::addColumn<QString>("host");
        QTest::addColumn<QString>("url");
        QTest::newRow("::1 with a port") << "http://[::1]:8000"
                                         << "[::1]:8000"
                                         << "http://[::1]:8000/";
        QTest::newRow("default port") << "https://[2001:db8::5]"
                                      << "[2001:db8::5]"
                                      << "https://[2001:db8::5]/";
        QTest::newRow("IPv4 unchanged") << "http://127.0.0.1:8000"
                                        << "127.0.0.1:8000"
                                        << "http://127.0.0.1:8000/";
    }
    void ipv6LiteralEndpoint()
    {
        QFETCH(QString, endpoint);
        QFETCH(QString, host);
        QFETCH(QString, url);
        LiveConnection connection = keyscope::testsupport::localConnection();
        connection.endpoint = QUrl(endpoint);
        DynamoClient client(m_transport, connection);
        const HttpRequest request = client.buildRequest(QStringLiteral("ListTables"), {});
        QCOMPARE(QString::fromLatin1(request.header("Host")), host);
        QCOMPARE(request.url(), url);
        QVERIFY(request.header("Authorization").contains("SignedHeaders=content-type;host;"));
    }
};

QTEST_GUILESS_MAIN(TestLiveHostile)
#include "tst_live_hostile.moc"
