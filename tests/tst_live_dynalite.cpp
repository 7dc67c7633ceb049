// Integration: `keyscope live` against dynalite (tests/live, npm, pinned in package-lock.json),
// started on 127.0.0.1 on a free port for this test and stopped afterwards. Pushes a populated
// project with an LSI and two GSIs, loads a partition back, verifies a set of queries (both
// directions, Limit, filters, projections, the LSI and the GSIs) with no difference, and checks
// the failures a user meets: a table that holds items, no confirmation, a missing table, an
// endpoint that is down, one that answers HTML, one that never answers, wrong credentials, a
// table deleted mid-load, pages that never end, an answer that never ends, and an endpoint on
// the IPv6 loopback address (tests/live/fake-endpoint.js plays all but the first).

#include "model/design/populator.h"
#include "model/design/projectfile.h"
#include "model/value/dynamojson.h"
#include "tests/support/runkeyscope.h"
#include "tests/support/testpaths.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace keyscope::model;

namespace {

const QString kLiveDir = keyscope::testsupport::sourcePath("/tests/live");
const QString kShop = keyscope::testsupport::testDataPath("/live/shop.keyscope.json");

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<missing>");
}

struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

} // namespace

class TestLiveDynalite : public QObject
{
    Q_OBJECT

    QString m_node;
    QProcess m_dynalite;
    QString m_endpoint;
    QTemporaryDir m_home; // HOME for keyscope: no ~/.aws of the machine gets in
    QTemporaryDir m_work;
    ItemList m_items; // the project's populated items, as pushed

    QProcessEnvironment environment() const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const char *name :
             {"AWS_PROFILE", "AWS_DEFAULT_PROFILE", "AWS_REGION", "AWS_DEFAULT_REGION",
              "AWS_SESSION_TOKEN", "AWS_SHARED_CREDENTIALS_FILE", "AWS_CONFIG_FILE"})
            env.remove(QString::fromLatin1(name));
        env.insert(QStringLiteral("HOME"), m_home.path());
        env.insert(QStringLiteral("AWS_ACCESS_KEY_ID"), QStringLiteral("keyscope-test"));
        env.insert(QStringLiteral("AWS_SECRET_ACCESS_KEY"), QStringLiteral("keyscope-test-secret"));
        return env;
    }

    Run keyscope(const QStringList &args, const QByteArray &input = {}, bool closeInput = true,
                 int timeoutMs = 120000)
    {
        keyscope::testsupport::CliOptions options;
        options.environment = environment();
        options.input = input;
        options.closeInput = closeInput;
        options.timeoutMs = timeoutMs;
        const keyscope::testsupport::CliResult r = keyscope::testsupport::runKeyscope(
            QStringList {QStringLiteral("live")} + args, options);
        return {r.exitCode, r.outText(), r.err};
    }

    // Starts a Node script that prints "PORT <n>"; returns the port, 0 on failure (`printed`
    // gets what the script printed instead, e.g. "ERROR EADDRNOTAVAIL").
    int startNode(QProcess &process, const QString &script, const QStringList &args = {},
                  QByteArray *printed = nullptr)
    {
        process.setWorkingDirectory(kLiveDir);
        process.start(m_node, QStringList {script} + args);
        if (!process.waitForStarted(10000))
            return 0;
        QByteArray line;
        QElapsedTimer clock;
        clock.start();
        while (!line.contains('\n') && clock.elapsed() < 30000) {
            process.waitForReadyRead(1000);
            line += process.readAllStandardOutput();
        }
        if (printed)
            *printed = line.trimmed();
        if (!line.startsWith("PORT "))
            return 0;
        return line.mid(5).trimmed().toInt();
    }

    static void stop(QProcess &process)
    {
        if (process.state() == QProcess::NotRunning)
            return;
        process.closeWriteChannel(); // the scripts exit when their stdin closes
        if (!process.waitForFinished(5000)) {
            process.terminate();
            if (!process.waitForFinished(5000))
                process.kill();
        }
    }

    std::vector<Item> pushedPartition(const QString &pk) const
    {
        std::vector<Item> items;
        for (const Item &item : m_items) {
            if (item.at(QStringLiteral("PK")).asString() == pk)
                items.push_back(item);
        }
        std::sort(items.begin(), items.end(), [](const Item &a, const Item &b) {
            return a.at(QStringLiteral("SK")).bytes() < b.at(QStringLiteral("SK")).bytes();
        });
        return items;
    }

private slots:
    void initTestCase()
    {
        m_node = QStandardPaths::findExecutable(QStringLiteral("node"));
        if (m_node.isEmpty())
            m_node = QStandardPaths::findExecutable(QStringLiteral("nodejs"));
        QVERIFY2(!m_node.isEmpty(),
                 "Node.js is not installed: run `make deps` (it installs nodejs "
                 "and npm, then dynalite with npm ci in tests/live)");
        if (!QFileInfo::exists(kLiveDir + QStringLiteral("/node_modules/dynalite/package.json"))) {
            // The test setup installs the pinned dynalite itself when `make deps` has not.
            QProcess npm;
            npm.setWorkingDirectory(kLiveDir);
            npm.start(QStringLiteral("npm"),
                      {QStringLiteral("ci"), QStringLiteral("--ignore-scripts"),
                       QStringLiteral("--no-audit"), QStringLiteral("--no-fund")});
            npm.waitForFinished(240000);
            QVERIFY2(
                QFileInfo::exists(kLiveDir + QStringLiteral("/node_modules/dynalite/package.json")),
                qPrintable(QStringLiteral("dynalite is not installed and `npm ci` in tests/live "
                                          "failed: %1; run `make deps`")
                               .arg(QString::fromUtf8(npm.readAllStandardError()))));
        }
        const int port = startNode(m_dynalite, QStringLiteral("start-dynalite.js"));
        QVERIFY2(port > 0,
                 qPrintable(QStringLiteral("dynalite did not start: %1")
                                .arg(QString::fromUtf8(m_dynalite.readAllStandardError()))));
        m_endpoint = QStringLiteral("http://127.0.0.1:%1").arg(port);

        auto project = ProjectFile::read(kShop);
        QVERIFY(std::holds_alternative<Project>(project));
        auto population = Populator::populate(std::get<Project>(project));
        QVERIFY(std::holds_alternative<Population>(population));
        m_items = std::get<Population>(population).items;
        QVERIFY(m_items.size() > 150);
    }

    void cleanupTestCase() { stop(m_dynalite); }

    void pushPopulatedProject()
    {
        // Without confirmation nothing is written.
        Run refused = keyscope({QStringLiteral("push"), QStringLiteral("--endpoint"), m_endpoint,
                                QStringLiteral("--project"), kShop});
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(
            refused.err.contains(QStringLiteral("About to create table Shop (PK (S, HASH), SK (S, "
                                                "RANGE)) on %1 and write %2 items.")
                                     .arg(m_endpoint)
                                     .arg(m_items.size())),
            qPrintable(refused.err));
        QVERIFY(refused.err.contains(QLatin1String("not confirmed")));
        Run tables = keyscope({QStringLiteral("tables"), QStringLiteral("--endpoint"), m_endpoint});
        QCOMPARE(tables.exitCode, 0);
        QVERIFY(!tables.out.contains(QLatin1String("\"Shop\"")));

        Run pushed = keyscope({QStringLiteral("push"), QStringLiteral("--endpoint"), m_endpoint,
                               QStringLiteral("--project"), kShop, QStringLiteral("--yes")});
        QVERIFY2(pushed.exitCode == 0, qPrintable(pushed.err));
        QVERIFY2(
            pushed.err.contains(
                QStringLiteral("Wrote %1 items to Shop on %2").arg(m_items.size()).arg(m_endpoint)),
            qPrintable(pushed.err));
    }

    void tablesAndDescribe()
    {
        Run tables = keyscope({QStringLiteral("tables"), QStringLiteral("--endpoint"), m_endpoint});
        QCOMPARE(tables.exitCode, 0);
        const QJsonObject list = QJsonDocument::fromJson(tables.out.toUtf8()).object();
        QVERIFY(list.value(QLatin1String("TableNames")).toArray().contains(QStringLiteral("Shop")));

        Run described
            = keyscope({QStringLiteral("describe"), QStringLiteral("--endpoint"), m_endpoint,
                        QStringLiteral("--table-name"), QStringLiteral("Shop")});
        QCOMPARE(described.exitCode, 0);
        const QJsonObject table = QJsonDocument::fromJson(described.out.toUtf8())
                                      .object()
                                      .value(QLatin1String("Table"))
                                      .toObject();
        QCOMPARE(table.value(QLatin1String("TableName")).toString(), QStringLiteral("Shop"));
        // (ItemCount is an estimate that lags, on dynalite as on AWS: not checked.)
        QCOMPARE(table.value(QLatin1String("GlobalSecondaryIndexes")).toArray().size(), 2);
        QCOMPARE(table.value(QLatin1String("LocalSecondaryIndexes")).toArray().size(), 1);
    }

    void loadPartitionBack()
    {
        const QString out = m_work.filePath(QStringLiteral("customer3.keyscope.json"));
        Run loaded
            = keyscope({QStringLiteral("load"), QStringLiteral("--endpoint"), m_endpoint,
                        QStringLiteral("--table-name"), QStringLiteral("Shop"),
                        QStringLiteral("--key-condition-expression"), QStringLiteral("PK = :pk"),
                        QStringLiteral("--expression-attribute-values"),
                        QStringLiteral("{\":pk\": {\"S\": \"CUSTOMER#003\"}}"),
                        QStringLiteral("--limit"), QStringLiteral("4"), QStringLiteral("-o"), out});
        QVERIFY2(loaded.exitCode == 0, qPrintable(loaded.err));
        const std::vector<Item> expected = pushedPartition(QStringLiteral("CUSTOMER#003"));
        QVERIFY(expected.size() >= 6);
        QVERIFY2(loaded.err.contains(QStringLiteral("Loaded %1 items (%2 pages")
                                         .arg(expected.size())
                                         .arg((expected.size() + 4) / 4)),
                 qPrintable(loaded.err));

        auto project = ProjectFile::read(out);
        QVERIFY(std::holds_alternative<Project>(project));
        const Project &p = std::get<Project>(project);
        QCOMPARE(p.table.tableName, QStringLiteral("Shop"));
        QVERIFY(p.table.index(QStringLiteral("ByUpdated")));
        QVERIFY(p.table.index(QStringLiteral("ByStatus")));
        QCOMPARE(p.items.size(), expected.size());
        for (size_t i = 0; i < expected.size(); ++i)
            QVERIFY2(p.items[i] == expected[i],
                     qPrintable(QStringLiteral("item %1 differs").arg(i)));
        QCOMPARE(p.accessPatterns.size(), size_t(1));
        QCOMPARE(p.accessPatterns[0].keyConditionExpression, QStringLiteral("PK = :pk"));
    }

    void loadWithCapAndItemsFile()
    {
        const QString items = m_work.filePath(QStringLiteral("items.json"));
        const QString definition = m_work.filePath(QStringLiteral("table.json"));
        Run loaded
            = keyscope({QStringLiteral("load"), QStringLiteral("--endpoint"), m_endpoint,
                        QStringLiteral("--table-name"), QStringLiteral("Shop"),
                        QStringLiteral("--key-condition-expression"), QStringLiteral("PK = :pk"),
                        QStringLiteral("--expression-attribute-values"),
                        QStringLiteral("{\":pk\": {\"S\": \"CUSTOMER#001\"}}"),
                        QStringLiteral("--no-scan-index-forward"), QStringLiteral("--max-items"),
                        QStringLiteral("5"), QStringLiteral("--items-out"), items,
                        QStringLiteral("--table-definition-out"), definition});
        QVERIFY2(loaded.exitCode == 0, qPrintable(loaded.err));
        QVERIFY(
            loaded.err.contains(QLatin1String("stopped at --max-items 5, the partition has more")));
        // `keyscope query` reads both files: the 5 newest keys of the partition.
        QProcess query;
        query.start(keyscope::testsupport::keyscopeBinary(),
                    {QStringLiteral("query"), QStringLiteral("--table-definition"), definition,
                     QStringLiteral("--items"), items, QStringLiteral("--key-condition-expression"),
                     QStringLiteral("PK = :pk"), QStringLiteral("--expression-attribute-values"),
                     QStringLiteral("{\":pk\": {\"S\": \"CUSTOMER#001\"}}"),
                     QStringLiteral("--no-scan-index-forward")});
        QVERIFY(query.waitForFinished());
        QCOMPARE(query.exitCode(), 0);
        const QJsonArray got = QJsonDocument::fromJson(query.readAllStandardOutput())
                                   .object()
                                   .value(QLatin1String("Items"))
                                   .toArray();
        const std::vector<Item> all = pushedPartition(QStringLiteral("CUSTOMER#001"));
        QCOMPARE(got.size(), 5);
        for (int i = 0; i < 5; ++i)
            QVERIFY(*dynamojson::itemFromJson(got.at(i)) == all[all.size() - 1 - size_t(i)]);
    }

    void verifyQueries_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("rows");
        const auto values = [](const char *json) { return QString::fromUtf8(json); };
        const QString kce = QStringLiteral("--key-condition-expression");
        const QString eav = QStringLiteral("--expression-attribute-values");
        const QString ean = QStringLiteral("--expression-attribute-names");
        QTest::newRow("partition forward, with unicode sort keys")
            << QStringList {kce, QStringLiteral("PK = :pk"), eav,
                            values("{\":pk\": {\"S\": \"CUSTOMER#001\"}}")}
            << -1;
        QTest::newRow("backward with Limit (pages of 3)")
            << QStringList {kce,
                            QStringLiteral("PK = :pk"),
                            eav,
                            values("{\":pk\": {\"S\": \"CUSTOMER#002\"}}"),
                            QStringLiteral("--no-scan-index-forward"),
                            QStringLiteral("--limit"),
                            QStringLiteral("3")}
            << -1;
        QTest::newRow("begins_with, filter, Limit") << QStringList {
            kce,
            QStringLiteral("PK = :pk AND begins_with(SK, :o)"),
            QStringLiteral("--filter-expression"),
            QStringLiteral("#t > :min OR #s = :open"),
            ean,
            values("{\"#t\": \"Total\", \"#s\": \"Status\"}"),
            eav,
            values("{\":pk\": {\"S\": \"CUSTOMER#004\"}, \":o\": {\"S\": \"ORDER#\"}, \":min\": "
                   "{\"N\": \"500\"}, \":open\": {\"S\": \"OPEN\"}}"),
            QStringLiteral("--limit"),
            QStringLiteral("4")} << -1;
        QTest::newRow("BETWEEN backward, projection")
            << QStringList {kce,
                            QStringLiteral("PK = :pk AND SK BETWEEN :a AND :b"),
                            eav,
                            values("{\":pk\": {\"S\": \"CUSTOMER#005\"}, \":a\": {\"S\": "
                                   "\"ORDER#0002\"}, \":b\": {\"S\": \"ORDER#0009\"}}"),
                            QStringLiteral("--no-scan-index-forward"),
                            QStringLiteral("--projection-expression"),
                            QStringLiteral("SK, #t"),
                            ean,
                            values("{\"#t\": \"Total\"}")}
            << 8;
        QTest::newRow("LSI newest first with Limit") << QStringList {
            QStringLiteral("--index-name"),
            QStringLiteral("ByUpdated"),
            kce,
            QStringLiteral("PK = :pk AND UpdatedAt < :t"),
            eav,
            values(
                "{\":pk\": {\"S\": \"CUSTOMER#003\"}, \":t\": {\"S\": \"2024-02-29T16:00:00Z\"}}"),
            QStringLiteral("--no-scan-index-forward"),
            QStringLiteral("--limit"),
            QStringLiteral("5")} << -1;
        QTest::newRow("GSI by tier and name")
            << QStringList {QStringLiteral("--index-name"),
                            QStringLiteral("GSI1"),
                            kce,
                            QStringLiteral("GSI1PK = :t"),
                            eav,
                            values("{\":t\": {\"S\": \"TIER#GOLD\"}}")}
            << -1;
        QTest::newRow("GSI number sort key, negative range, backward, filter, Limit")
            << QStringList {QStringLiteral("--index-name"),
                            QStringLiteral("ByStatus"),
                            kce,
                            QStringLiteral("#s = :s AND #t BETWEEN :a AND :b"),
                            ean,
                            values("{\"#s\": \"Status\", \"#t\": \"Total\"}"),
                            eav,
                            values("{\":s\": {\"S\": \"SHIPPED\"}, \":a\": {\"N\": \"-300\"}, "
                                   "\":b\": {\"N\": \"500\"}, \":three\": {\"N\": \"3\"}}"),
                            QStringLiteral("--filter-expression"),
                            QStringLiteral("OrderSeq > :three"),
                            QStringLiteral("--no-scan-index-forward"),
                            QStringLiteral("--limit"),
                            QStringLiteral("7")}
            << -1;
        // size() of a String counts UTF-16 code units. The notes' titles: "Gr\u00fc\u00dfe" is 5
        // units (7 UTF-8 bytes), two emoji 4 (a surrogate pair each; 8 bytes), "zz" 2.
        const QString notes = QStringLiteral("PK = :pk AND begins_with(SK, :note)");
        const QString filter = QStringLiteral("--filter-expression");
        QTest::newRow("size() of non-ASCII text in UTF-16 units")
            << QStringList {kce,
                            notes,
                            filter,
                            QStringLiteral("size(Title) < :n"),
                            eav,
                            values("{\":pk\": {\"S\": \"CUSTOMER#001\"}, \":note\": {\"S\": "
                                   "\"NOTE#\"}, \":n\": {\"N\": \"6\"}}")}
            << 3;
        QTest::newRow("size() of astral characters: a surrogate pair each")
            << QStringList {kce,
                            notes,
                            filter,
                            QStringLiteral("size(Title) = :n"),
                            eav,
                            values("{\":pk\": {\"S\": \"CUSTOMER#001\"}, \":note\": {\"S\": "
                                   "\"NOTE#\"}, \":n\": {\"N\": \"4\"}}")}
            << 1;
        QTest::newRow("Select COUNT")
            << QStringList {kce,
                            QStringLiteral("PK = :pk"),
                            eav,
                            values("{\":pk\": {\"S\": \"CUSTOMER#006\"}}"),
                            QStringLiteral("--select"),
                            QStringLiteral("COUNT")}
            << 0;
    }

    void verifyQueries()
    {
        QFETCH(QStringList, args);
        QFETCH(int, rows);
        Run verified = keyscope(QStringList {QStringLiteral("verify"), QStringLiteral("--endpoint"),
                                             m_endpoint, QStringLiteral("--project"), kShop}
                                + args);
        QVERIFY2(verified.exitCode == 0, qPrintable(verified.out + verified.err));
        QVERIFY2(verified.out.contains(QLatin1String("\nSame: ")), qPrintable(verified.out));
        QVERIFY(!verified.out.contains(QLatin1Char('!')));
        if (rows >= 0)
            QVERIFY2(verified.out.contains(QStringLiteral("Same: %1 items").arg(rows)),
                     qPrintable(verified.out));
        else
            QVERIFY2(!verified.out.contains(QLatin1String("Same: 0 items")),
                     qPrintable(verified.out));
    }

    void verifyShowsDifferences()
    {
        // Another seed populates other orders: the endpoint's partition is not Keyscope's.
        Run verified
            = keyscope({QStringLiteral("verify"), QStringLiteral("--endpoint"), m_endpoint,
                        QStringLiteral("--project"), kShop, QStringLiteral("--seed"),
                        QStringLiteral("99"), QStringLiteral("--key-condition-expression"),
                        QStringLiteral("PK = :pk"), QStringLiteral("--expression-attribute-values"),
                        QStringLiteral("{\":pk\": {\"S\": \"CUSTOMER#002\"}}")});
        QCOMPARE(verified.exitCode, 1);
        QVERIFY2(verified.out.contains(QLatin1String("DIFFERENT: ")), qPrintable(verified.out));
        QVERIFY(verified.out.contains(QLatin1String("\n! ")));
    }

    void pushRefusesTableWithItems()
    {
        Run refused = keyscope({QStringLiteral("push"), QStringLiteral("--endpoint"), m_endpoint,
                                QStringLiteral("--project"), kShop, QStringLiteral("--yes")});
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(refused.err.contains(
                     QStringLiteral("table Shop on %1 already holds items").arg(m_endpoint)),
                 qPrintable(refused.err));
        QVERIFY(refused.err.contains(QLatin1String("--confirm-table Shop")));
        Run wrongName = keyscope({QStringLiteral("push"), QStringLiteral("--endpoint"), m_endpoint,
                                  QStringLiteral("--project"), kShop, QStringLiteral("--yes"),
                                  QStringLiteral("--confirm-table"), QStringLiteral("shop")});
        QCOMPARE(wrongName.exitCode, 1);
        Run confirmed = keyscope({QStringLiteral("push"), QStringLiteral("--endpoint"), m_endpoint,
                                  QStringLiteral("--project"), kShop,
                                  QStringLiteral("--confirm-table"), QStringLiteral("Shop")},
                                 "yes\n");
        QVERIFY2(confirmed.exitCode == 0, qPrintable(confirmed.err));
        QVERIFY(confirmed.err.contains(
            QStringLiteral("About to write %1 items into the existing table Shop on %2")
                .arg(m_items.size())
                .arg(m_endpoint)));
    }

    void pushToAnotherTableAfterTypingYes()
    {
        Run pushed = keyscope({QStringLiteral("push"), QStringLiteral("--endpoint"), m_endpoint,
                               QStringLiteral("--project"), kShop, QStringLiteral("--table-name"),
                               QStringLiteral("ShopCopy")},
                              "yes\n");
        QVERIFY2(pushed.exitCode == 0, qPrintable(pushed.err));
        Run verified
            = keyscope({QStringLiteral("verify"), QStringLiteral("--endpoint"), m_endpoint,
                        QStringLiteral("--project"), kShop, QStringLiteral("--table-name"),
                        QStringLiteral("ShopCopy"), QStringLiteral("--key-condition-expression"),
                        QStringLiteral("PK = :pk"), QStringLiteral("--expression-attribute-values"),
                        QStringLiteral("{\":pk\": {\"S\": \"CUSTOMER#007\"}}")});
        QVERIFY2(verified.exitCode == 0, qPrintable(verified.out + verified.err));
    }

    void missingTable()
    {
        Run loaded
            = keyscope({QStringLiteral("load"), QStringLiteral("--endpoint"), m_endpoint,
                        QStringLiteral("--table-name"), QStringLiteral("Nope"),
                        QStringLiteral("--key-condition-expression"), QStringLiteral("PK = :pk"),
                        QStringLiteral("--expression-attribute-values"),
                        QStringLiteral("{\":pk\": {\"S\": \"x\"}}"), QStringLiteral("-o"),
                        m_work.filePath(QStringLiteral("nope.keyscope.json"))});
        QCOMPARE(loaded.exitCode, 254);
        QVERIFY2(
            loaded.err.contains(QLatin1String("An error occurred (ResourceNotFoundException) when "
                                              "calling the DescribeTable operation: ")),
            qPrintable(loaded.err));
        QVERIFY(!QFileInfo::exists(m_work.filePath(QStringLiteral("nope.keyscope.json"))));
    }

    void serviceValidationError()
    {
        Run verified = keyscope(
            {QStringLiteral("verify"), QStringLiteral("--endpoint"), m_endpoint,
             QStringLiteral("--project"), kShop, QStringLiteral("--key-condition-expression"),
             QStringLiteral("Total = :pk"), QStringLiteral("--expression-attribute-values"),
             QStringLiteral("{\":pk\": {\"S\": \"x\"}}")});
        QCOMPARE(verified.exitCode, 254);
        QVERIFY2(verified.err.contains(
                     QLatin1String("An error occurred (ValidationException) when calling "
                                   "the Query operation: ")),
                 qPrintable(verified.err));
    }

    void endpointDown()
    {
        QProcess server;
        const int port
            = startNode(server, QStringLiteral("fake-endpoint.js"), {QStringLiteral("html")});
        QVERIFY(port > 0);
        stop(server); // nothing listens on the port any more
        Run tables = keyscope({QStringLiteral("tables"), QStringLiteral("--endpoint"),
                               QStringLiteral("http://127.0.0.1:%1").arg(port)});
        QCOMPARE(tables.exitCode, 255);
        QVERIFY2(tables.err.contains(
                     QStringLiteral("cannot connect to http://127.0.0.1:%1: connection refused")
                         .arg(port)),
                 qPrintable(tables.err));
    }

    void malformedResponse()
    {
        QProcess server;
        const int port
            = startNode(server, QStringLiteral("fake-endpoint.js"), {QStringLiteral("html")});
        QVERIFY(port > 0);
        Run tables = keyscope({QStringLiteral("tables"), QStringLiteral("--endpoint"),
                               QStringLiteral("http://127.0.0.1:%1").arg(port)});
        stop(server);
        QCOMPARE(tables.exitCode, 255);
        QVERIFY2(tables.err.contains(QLatin1String("with something that is not DynamoDB JSON")),
                 qPrintable(tables.err));
        QVERIFY(tables.err.contains(QLatin1String("It works!")));
    }

    void timeout()
    {
        QProcess server;
        const int port
            = startNode(server, QStringLiteral("fake-endpoint.js"), {QStringLiteral("silent")});
        QVERIFY(port > 0);
        QElapsedTimer clock;
        clock.start();
        Run tables = keyscope({QStringLiteral("tables"), QStringLiteral("--endpoint"),
                               QStringLiteral("http://127.0.0.1:%1").arg(port),
                               QStringLiteral("--timeout"), QStringLiteral("1")});
        stop(server);
        QCOMPARE(tables.exitCode, 255);
        QVERIFY2(
            tables.err.contains(QLatin1String("did not answer the ListTables request in time")),
            qPrintable(tables.err));
        QVERIFY(clock.elapsed() < 20000);
    }

    void wrongCredentials()
    {
        QProcess server;
        const int port
            = startNode(server, QStringLiteral("fake-endpoint.js"), {QStringLiteral("forbidden")});
        QVERIFY(port > 0);
        Run tables = keyscope({QStringLiteral("tables"), QStringLiteral("--endpoint"),
                               QStringLiteral("http://127.0.0.1:%1").arg(port)});
        stop(server);
        QCOMPARE(tables.exitCode, 254);
        QVERIFY2(tables.err.contains(
                     QLatin1String("An error occurred (UnrecognizedClientException) when calling "
                                   "the ListTables operation: The security token included in the "
                                   "request is invalid.")),
                 qPrintable(tables.err));
    }

    void tableVanishesMidLoad()
    {
        QProcess server;
        const int port
            = startNode(server, QStringLiteral("fake-endpoint.js"), {QStringLiteral("vanish")});
        QVERIFY(port > 0);
        const QString out = m_work.filePath(QStringLiteral("gone.keyscope.json"));
        Run loaded = keyscope(
            {QStringLiteral("load"), QStringLiteral("--endpoint"),
             QStringLiteral("http://127.0.0.1:%1").arg(port), QStringLiteral("--table-name"),
             QStringLiteral("Gone"), QStringLiteral("--key-condition-expression"),
             QStringLiteral("PK = :pk"), QStringLiteral("--expression-attribute-values"),
             QStringLiteral("{\":pk\": {\"S\": \"P\"}}"), QStringLiteral("-o"), out});
        stop(server);
        QCOMPARE(loaded.exitCode, 254);
        QVERIFY2(
            loaded.err.contains(
                QStringLiteral("keyscope: error: wrote the 4 items read before the error to %1; "
                               "the partition is incomplete")
                    .arg(out)),
            qPrintable(loaded.err));
        QVERIFY(loaded.err.contains(
            QLatin1String("An error occurred (ResourceNotFoundException) when calling the "
                          "Query operation: Requested resource not found")));
        auto project = ProjectFile::read(out);
        QVERIFY(std::holds_alternative<Project>(project));
        QCOMPARE(std::get<Project>(project).items.size(), size_t(4));
        QCOMPARE(std::get<Project>(project).items[3].at(QStringLiteral("SK")).asString(),
                 QStringLiteral("ITEM#4"));
    }

    // A run that fails leaves an existing output as it was, even when it read nothing.
    void failedLoadKeepsTheExistingOutput()
    {
        QProcess server;
        const int port = startNode(server, QStringLiteral("fake-endpoint.js"),
                                   {QStringLiteral("vanish"), QStringLiteral("0")});
        QVERIFY(port > 0);
        const QString project = m_work.filePath(QStringLiteral("kept.keyscope.json"));
        const QString items = m_work.filePath(QStringLiteral("kept-items.json"));
        QVERIFY(QFile::copy(kShop, project));
        QFile itemsFile(items);
        QVERIFY(itemsFile.open(QIODevice::WriteOnly));
        itemsFile.write("{\"Items\": [{\"PK\": {\"S\": \"P\"}, \"SK\": {\"S\": \"A\"}}]}\n");
        itemsFile.close();
        const QByteArray projectBefore = readAll(project);
        const QByteArray itemsBefore = readAll(items);
        const QStringList query {QStringLiteral("--endpoint"),
                                 QStringLiteral("http://127.0.0.1:%1").arg(port),
                                 QStringLiteral("--table-name"),
                                 QStringLiteral("Gone"),
                                 QStringLiteral("--key-condition-expression"),
                                 QStringLiteral("PK = :pk"),
                                 QStringLiteral("--expression-attribute-values"),
                                 QStringLiteral("{\":pk\": {\"S\": \"P\"}}")};
        Run toProject = keyscope(QStringList {QStringLiteral("load")} + query
                                 + QStringList {QStringLiteral("-o"), project});
        Run toItems = keyscope(QStringList {QStringLiteral("load")} + query
                               + QStringList {QStringLiteral("--items-out"), items});
        stop(server);
        for (const Run &run : {toProject, toItems}) {
            QCOMPARE(run.exitCode, 254);
            QVERIFY2(run.err.contains(QLatin1String("Requested resource not found")),
                     qPrintable(run.err));
            QVERIFY2(run.err.contains(QLatin1String("was left as it was")), qPrintable(run.err));
        }
        QCOMPARE(readAll(project), projectBefore);
        QCOMPARE(readAll(items), itemsBefore);
    }

    // An endpoint that answers every page with the LastEvaluatedKey (LastEvaluatedTableName) of
    // the one before: each command stops at the second page instead of asking for ever.
    void repeatedPagesStop()
    {
        QProcess server;
        const int port
            = startNode(server, QStringLiteral("fake-endpoint.js"), {QStringLiteral("repeat")});
        const auto stopServer = qScopeGuard([&] { stop(server); });
        QVERIFY(port > 0);
        const QString endpoint = QStringLiteral("http://127.0.0.1:%1").arg(port);
        const QStringList query {QStringLiteral("--table-name"),
                                 QStringLiteral("Gone"),
                                 QStringLiteral("--key-condition-expression"),
                                 QStringLiteral("PK = :pk"),
                                 QStringLiteral("--expression-attribute-values"),
                                 QStringLiteral("{\":pk\": {\"S\": \"P\"}}")};
        const QString out = m_work.filePath(QStringLiteral("repeat.keyscope.json"));
        const std::vector<std::pair<QStringList, QString>> runs {
            {{QStringLiteral("tables")},
             QStringLiteral("answered the ListTables request with a malformed response: page 2 "
                            "repeats the LastEvaluatedTableName of page 1 ('Again')")},
            {QStringList {QStringLiteral("load"), QStringLiteral("-o"), out} + query,
             QStringLiteral("answered the Query request with a malformed response: page 2 "
                            "repeats the LastEvaluatedKey of page 1")},
            {QStringList {QStringLiteral("verify"), QStringLiteral("--project"), kShop} + query,
             QStringLiteral("answered the Query request with a malformed response: page 2 "
                            "repeats the LastEvaluatedKey of page 1")}};
        for (const auto &[args, expected] : runs) {
            QElapsedTimer clock;
            clock.start();
            Run run = keyscope(args + QStringList {QStringLiteral("--endpoint"), endpoint}, {},
                               true, 30000);
            QVERIFY2(run.exitCode == 255, qPrintable(args.first() + u' ' + run.err));
            QVERIFY2(run.err.contains(endpoint + u' ' + expected), qPrintable(run.err));
            QVERIFY(clock.elapsed() < 20000);
        }
    }

    // An answer that never ends is cut at 16 MiB, long before the timeout.
    void endlessAnswerIsCut()
    {
        QProcess server;
        const int port
            = startNode(server, QStringLiteral("fake-endpoint.js"), {QStringLiteral("endless")});
        QVERIFY(port > 0);
        QElapsedTimer clock;
        clock.start();
        Run tables = keyscope({QStringLiteral("tables"), QStringLiteral("--endpoint"),
                               QStringLiteral("http://127.0.0.1:%1").arg(port),
                               QStringLiteral("--timeout"), QStringLiteral("3")});
        stop(server);
        QCOMPARE(tables.exitCode, 255);
        QVERIFY2(tables.err.contains(
                     QStringLiteral("keyscope: error: http://127.0.0.1:%1 answered the ListTables "
                                    "request with more than 16 MiB; Keyscope stopped reading "
                                    "there")
                         .arg(port)),
                 qPrintable(tables.err));
        QVERIFY(clock.elapsed() < 3000);
    }

    // http://[::1]:PORT is reached, and the Host header Qt sends is the one that was signed.
    void ipv6LoopbackEndpoint()
    {
        QProcess server;
        QByteArray printed;
        const int port = startNode(server, QStringLiteral("fake-endpoint.js"),
                                   {QStringLiteral("host"), QStringLiteral("::1")}, &printed);
        if (port == 0 && printed.startsWith("ERROR EADDRNOTAVAIL"))
            QSKIP("this machine has no IPv6 loopback address (::1)");
        QVERIFY2(port > 0, printed.constData());
        Run tables = keyscope({QStringLiteral("tables"), QStringLiteral("--endpoint"),
                               QStringLiteral("http://[::1]:%1").arg(port)});
        stop(server);
        QVERIFY2(tables.exitCode == 0, qPrintable(tables.err));
        const QJsonArray names = QJsonDocument::fromJson(tables.out.toUtf8())
                                     .object()
                                     .value(QLatin1String("TableNames"))
                                     .toArray();
        QCOMPARE(names, QJsonArray {QStringLiteral("[::1]:%1").arg(port)});
    }

    void noCredentials()
    {
        QProcess process;
        QProcessEnvironment env = environment();
        env.remove(QStringLiteral("AWS_ACCESS_KEY_ID"));
        env.remove(QStringLiteral("AWS_SECRET_ACCESS_KEY"));
        process.setProcessEnvironment(env);
        process.start(keyscope::testsupport::keyscopeBinary(),
                      {QStringLiteral("live"), QStringLiteral("tables"),
                       QStringLiteral("--endpoint"), m_endpoint});
        QVERIFY(process.waitForFinished());
        QCOMPARE(process.exitCode(), 253);
        QVERIFY(process.readAllStandardError().contains("no AWS credentials found"));
    }
};

QTEST_GUILESS_MAIN(TestLiveDynalite)
#include "tst_live_dynalite.moc"
