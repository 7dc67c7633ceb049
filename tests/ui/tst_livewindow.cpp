// The Live Endpoint window with a scripted fake endpoint: listing and describing tables,
// loading a partition into a new project (also after an error part-way), the push
// confirmation (typing the table name when it holds items), and verify side by side with the
// differing rows highlighted.

#include "model/design/projectfile.h"
#include "model/query/queryengine.h"
#include "model/value/dynamojson.h"
#include "tests/fakedynamotransport.h"
#include "tests/support/testpaths.h"
#include "ui/document/document.h"
#include "ui/live/livewindow.h"
#include "ui/live/pushconfirmdialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QGroupBox>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QtTest>

#include <mutex>

using namespace keyscope;
using namespace keyscope::model;
using namespace keyscope::model::live;
using keyscope::tests::FakeDynamoTransport;

namespace {

// Worker threads share one scripted endpoint.
struct SharedFake
{
    std::mutex mutex;
    FakeDynamoTransport fake;
};

class Delegate : public LiveTransport
{
public:
    explicit Delegate(SharedFake *shared)
        : m_shared(shared)
    { }
    HttpResponse send(const HttpRequest &request, int timeoutMs) override
    {
        std::lock_guard lock(m_shared->mutex);
        return m_shared->fake.send(request, timeoutMs);
    }

private:
    SharedFake *m_shared;
};

QJsonObject tableJson(const QString &name)
{
    return QJsonDocument::fromJson(
               QStringLiteral(
                   "{\"TableName\": \"%1\", \"TableStatus\": \"ACTIVE\", \"ItemCount\": 3,"
                   "\"AttributeDefinitions\": [{\"AttributeName\": \"PK\", \"AttributeType\": "
                   "\"S\"},"
                   "{\"AttributeName\": \"SK\", \"AttributeType\": \"S\"}],"
                   "\"KeySchema\": [{\"AttributeName\": \"PK\", \"KeyType\": \"HASH\"},"
                   "{\"AttributeName\": \"SK\", \"KeyType\": \"RANGE\"}]}")
                   .arg(name)
                   .toUtf8())
        .object();
}

QJsonObject item(int i)
{
    return QJsonObject {
        {QStringLiteral("PK"), QJsonObject {{QStringLiteral("S"), QStringLiteral("P")}}},
        {QStringLiteral("SK"),
         QJsonObject {
             {QStringLiteral("S"), QStringLiteral("S%1").arg(i, 3, 10, QLatin1Char('0'))}}}};
}

} // namespace

class TestLiveWindow : public QObject
{
    Q_OBJECT

    SharedFake m_shared;
    std::unique_ptr<ui::Document> m_document;
    std::unique_ptr<ui::LiveWindow> m_window;

    template<typename T>
    T *find(const char *name)
    {
        T *widget = m_window->findChild<T *>(QString::fromLatin1(name));
        Q_ASSERT(widget);
        return widget;
    }

    void setHandler(FakeDynamoTransport::Handler handler)
    {
        std::lock_guard lock(m_shared.mutex);
        m_shared.fake = FakeDynamoTransport();
        m_shared.fake.handler = std::move(handler);
    }

    int sentCount(const QString &operation)
    {
        std::lock_guard lock(m_shared.mutex);
        return m_shared.fake.count(operation);
    }

    // KEYSCOPE_SCREENSHOT_DIR=dir saves what the window shows, to look at it.
    void screenshot(const QString &name)
    {
        const QString dir = qEnvironmentVariable("KEYSCOPE_SCREENSHOT_DIR");
        if (!dir.isEmpty())
            m_window->grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png"));
    }

    bool waitIdle()
    {
        QSignalSpy finished(m_window.get(), &ui::LiveWindow::jobFinished);
        return finished.wait(10000);
    }

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void init()
    {
        m_document = std::make_unique<ui::Document>();
        m_window
            = std::make_unique<ui::LiveWindow>(m_document.get(), [this](const std::atomic_bool *) {
                  return std::unique_ptr<LiveTransport>(new Delegate(&m_shared));
              });
        m_window->setEnvironment({{QStringLiteral("AWS_ACCESS_KEY_ID"), QStringLiteral("k")},
                                  {QStringLiteral("AWS_SECRET_ACCESS_KEY"), QStringLiteral("s")}},
                                 QDir::tempPath() + QStringLiteral("/keyscope-no-home"));
        find<QLineEdit>("endpointEdit")->setText(QStringLiteral("http://127.0.0.1:8000"));
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }

    void cleanup()
    {
        m_window.reset();
        m_document.reset();
    }

    void listAndDescribe()
    {
        setHandler([](const QString &operation, const QJsonObject &body) {
            if (operation == QLatin1String("ListTables"))
                return FakeDynamoTransport::ok(
                    {{QStringLiteral("TableNames"),
                      QJsonArray {QStringLiteral("Alpha"), QStringLiteral("Beta")}}});
            return FakeDynamoTransport::ok(
                {{QStringLiteral("Table"),
                  tableJson(body.value(QLatin1String("TableName")).toString())}});
        });
        QTest::mouseClick(find<QPushButton>("connectButton"), Qt::LeftButton);
        QVERIFY(waitIdle());
        auto *list = find<QListWidget>("tableList");
        QCOMPARE(list->count(), 2);
        QCOMPARE(list->item(1)->text(), QStringLiteral("Beta"));
        list->setCurrentRow(1);
        QVERIFY(waitIdle());
        const QString description = find<QPlainTextEdit>("descriptionView")->toPlainText();
        QVERIFY2(description.contains(QLatin1String("Beta (ACTIVE)")), qPrintable(description));
        QVERIFY(description.contains(QLatin1String("PK (S, HASH), SK (S, RANGE)")));
        QCOMPARE(find<QLineEdit>("keyConditionEdit")->text(), QStringLiteral("PK = :pk"));
        QCOMPARE(find<QLineEdit>("valuesEdit")->text(), QStringLiteral("{\":pk\":{\"S\":\"\"}}"));
        screenshot(QStringLiteral("live-browse"));
    }

    void serviceErrorShown()
    {
        setHandler([](const QString &, const QJsonObject &) {
            return FakeDynamoTransport::error(
                400, QStringLiteral("UnrecognizedClientException"),
                QStringLiteral("The security token included in the request is invalid."));
        });
        QTest::mouseClick(find<QPushButton>("connectButton"), Qt::LeftButton);
        QVERIFY(waitIdle());
        QCOMPARE(m_window->statusText(),
                 QStringLiteral(
                     "An error occurred (UnrecognizedClientException) when calling the ListTables "
                     "operation: The security token included in the request is invalid."));
    }

    void noCredentialsIsExplained()
    {
        m_window->setEnvironment({}, QDir::tempPath() + QStringLiteral("/keyscope-no-home"));
        QTest::mouseClick(find<QPushButton>("connectButton"), Qt::LeftButton);
        QVERIFY(m_window->statusText().startsWith(QLatin1String("no AWS credentials found")));
        QVERIFY(!m_window->isBusy());
        // Typed-in credentials for the session work instead.
        setHandler([](const QString &, const QJsonObject &) {
            return FakeDynamoTransport::ok({{QStringLiteral("TableNames"), QJsonArray {}}});
        });
        find<QGroupBox>("typedInBox")->setChecked(true);
        find<QLineEdit>("accessKeyEdit")->setText(QStringLiteral("TYPED"));
        find<QLineEdit>("secretKeyEdit")->setText(QStringLiteral("secret"));
        QTest::mouseClick(find<QPushButton>("connectButton"), Qt::LeftButton);
        QVERIFY(waitIdle());
        std::lock_guard lock(m_shared.mutex);
        QVERIFY(m_shared.fake.sent.front()
                    .request.header("Authorization")
                    .contains("Credential=TYPED/"));
    }

    // Plain HTTP to another machine is sent only once the checkbox confirms it.
    void plainHttpToAnotherMachineAsksFirst()
    {
        setHandler([](const QString &, const QJsonObject &) {
            return FakeDynamoTransport::ok({{QStringLiteral("TableNames"), QJsonArray {}}});
        });
        auto *check = find<QCheckBox>("plainHttpCheck");
        auto *warning = find<QLabel>("plainHttpWarning");
        QVERIFY(!check->isVisible() && !warning->isVisible()); // 127.0.0.1: this machine
        find<QLineEdit>("endpointEdit")->setText(QStringLiteral("http://192.168.1.20:8000"));
        QVERIFY(check->isVisible() && warning->isVisible());
        QVERIFY2(warning->text().contains(QLatin1String("security token")),
                 qPrintable(warning->text()));
        screenshot(QStringLiteral("live-plain-http"));
        QTest::mouseClick(find<QPushButton>("connectButton"), Qt::LeftButton);
        QVERIFY(!m_window->isBusy());
        QVERIFY2(m_window->statusText().contains(QLatin1String("Nothing was sent")),
                 qPrintable(m_window->statusText()));
        QCOMPARE(sentCount(QStringLiteral("ListTables")), 0);

        check->setChecked(true);
        QTest::mouseClick(find<QPushButton>("connectButton"), Qt::LeftButton);
        QVERIFY(waitIdle());
        QCOMPARE(sentCount(QStringLiteral("ListTables")), 1);

        // Another endpoint needs its own confirmation; https needs none.
        find<QLineEdit>("endpointEdit")->setText(QStringLiteral("http://10.0.0.7:8000"));
        QVERIFY(!check->isChecked());
        find<QLineEdit>("endpointEdit")->setText(QStringLiteral("https://10.0.0.7:8000"));
        QVERIFY(!check->isVisible());
    }

    void loadPartitionKeepsWhatWasRead()
    {
        int queries = 0;
        setHandler([&queries](const QString &operation, const QJsonObject &body) {
            if (operation == QLatin1String("ListTables"))
                return FakeDynamoTransport::ok(
                    {{QStringLiteral("TableNames"), QJsonArray {QStringLiteral("T")}}});
            if (operation == QLatin1String("DescribeTable"))
                return FakeDynamoTransport::ok(
                    {{QStringLiteral("Table"), tableJson(QStringLiteral("T"))}});
            if (++queries == 3) // the table is deleted while the third page is read
                return FakeDynamoTransport::error(400, QStringLiteral("ResourceNotFoundException"),
                                                  QStringLiteral("Requested resource not found"));
            const int start
                = body.contains(QLatin1String("ExclusiveStartKey")) ? (queries - 1) * 10 : 0;
            QJsonArray items;
            for (int i = start; i < start + 10; ++i)
                items.append(item(i));
            return FakeDynamoTransport::ok({{QStringLiteral("Items"), items},
                                            {QStringLiteral("Count"), 10},
                                            {QStringLiteral("ScannedCount"), 10},
                                            {QStringLiteral("LastEvaluatedKey"), items.last()}});
        });
        QTest::mouseClick(find<QPushButton>("connectButton"), Qt::LeftButton);
        QVERIFY(waitIdle());
        find<QListWidget>("tableList")->setCurrentRow(0);
        QVERIFY(waitIdle());
        find<QLineEdit>("valuesEdit")->setText(QStringLiteral("{\":pk\": {\"S\": \"P\"}}"));
        QSignalSpy loaded(m_window.get(), &ui::LiveWindow::projectLoaded);
        QTest::mouseClick(find<QPushButton>("loadButton"), Qt::LeftButton);
        QVERIFY2(m_window->isBusy(), qPrintable(m_window->statusText()));
        QVERIFY(find<QPushButton>("cancelButton")->isEnabled());
        QVERIFY(waitIdle());
        QCOMPARE(loaded.count(), 1);
        const Project project = loaded.at(0).at(0).value<Project>();
        QCOMPARE(project.items.size(), size_t(20));
        QCOMPARE(project.table.tableName, QStringLiteral("T"));
        QCOMPARE(project.accessPatterns.size(), size_t(1));
        QVERIFY2(m_window->statusText().contains(QLatin1String("ResourceNotFoundException")),
                 qPrintable(m_window->statusText()));
        QVERIFY(
            m_window->statusText().contains(QLatin1String("opened the 20 items read before it")));
        // The project is valid as a file.
        QVERIFY(std::holds_alternative<Project>(
            ProjectFile::parse(ProjectFile::serialize(project), QStringLiteral("x"))));
    }

    // The window reads the same Query `keyscope live load` reads, and the project keeps it all.
    void loadPartitionKeepsTheWholeQuery()
    {
        QJsonObject sent;
        setHandler([&sent](const QString &operation, const QJsonObject &body) {
            if (operation == QLatin1String("ListTables"))
                return FakeDynamoTransport::ok(
                    {{QStringLiteral("TableNames"), QJsonArray {QStringLiteral("T")}}});
            if (operation == QLatin1String("DescribeTable"))
                return FakeDynamoTransport::ok(
                    {{QStringLiteral("Table"), tableJson(QStringLiteral("T"))}});
            sent = body;
            return FakeDynamoTransport::ok({{QStringLiteral("Items"), QJsonArray {item(1)}},
                                            {QStringLiteral("Count"), 1},
                                            {QStringLiteral("ScannedCount"), 2}});
        });
        QTest::mouseClick(find<QPushButton>("connectButton"), Qt::LeftButton);
        QVERIFY(waitIdle());
        find<QListWidget>("tableList")->setCurrentRow(0);
        QVERIFY(waitIdle());
        find<QLineEdit>("keyConditionEdit")->setText(QStringLiteral("#p = :pk"));
        find<QLineEdit>("valuesEdit")->setText(QStringLiteral("{\":pk\": {\"S\": \"P\"}}"));
        find<QLineEdit>("filterEdit")->setText(QStringLiteral("attribute_exists(SK)"));
        find<QLineEdit>("namesEdit")->setText(QStringLiteral("{\"#p\": \"PK\"}"));
        find<QCheckBox>("backwardCheck")->setChecked(true);
        find<QSpinBox>("limitSpin")->setValue(5);
        QSignalSpy loaded(m_window.get(), &ui::LiveWindow::projectLoaded);
        QTest::mouseClick(find<QPushButton>("loadButton"), Qt::LeftButton);
        QVERIFY(waitIdle());
        QCOMPARE(loaded.count(), 1);
        QCOMPARE(sent.value(QLatin1String("FilterExpression")).toString(),
                 QStringLiteral("attribute_exists(SK)"));
        QCOMPARE(sent.value(QLatin1String("ExpressionAttributeNames")).toObject(),
                 (QJsonObject {{QStringLiteral("#p"), QStringLiteral("PK")}}));
        QCOMPARE(sent.value(QLatin1String("ScanIndexForward")), QJsonValue(false));
        QCOMPARE(sent.value(QLatin1String("Limit")).toInt(), 5);

        const Project project = loaded.at(0).at(0).value<Project>();
        QCOMPARE(project.accessPatterns.size(), size_t(1));
        const AccessPattern &pattern = project.accessPatterns.front();
        QCOMPARE(pattern.keyConditionExpression, QStringLiteral("#p = :pk"));
        QCOMPARE(pattern.filterExpression,
                 std::optional<QString>(QStringLiteral("attribute_exists(SK)")));
        QCOMPARE(pattern.names.at(QStringLiteral("#p")), QStringLiteral("PK"));
        QVERIFY(!pattern.scanIndexForward);
        QCOMPARE(pattern.limit, std::optional<qint64>(5));
        // A name that is not text is refused before anything is sent.
        find<QLineEdit>("namesEdit")->setText(QStringLiteral("{\"#p\": 1}"));
        QTest::mouseClick(find<QPushButton>("loadButton"), Qt::LeftButton);
        QVERIFY(!m_window->isBusy());
        QCOMPARE(m_window->statusText(), QStringLiteral("Names: #p: expected a string"));
    }

    void cancelKeepsWhatWasRead()
    {
        setHandler([](const QString &operation, const QJsonObject &body) {
            if (operation == QLatin1String("DescribeTable"))
                return FakeDynamoTransport::ok(
                    {{QStringLiteral("Table"), tableJson(QStringLiteral("T"))}});
            if (operation == QLatin1String("ListTables"))
                return FakeDynamoTransport::ok(
                    {{QStringLiteral("TableNames"), QJsonArray {QStringLiteral("T")}}});
            // An endless partition, one slow page of 5 at a time.
            QThread::msleep(30);
            const int start = body.value(QLatin1String("ExclusiveStartKey"))
                                  .toObject()
                                  .value(QLatin1String("SK"))
                                  .toObject()
                                  .value(QLatin1String("S"))
                                  .toString()
                                  .mid(1)
                                  .toInt()
                + 1;
            QJsonArray items;
            for (int i = start; i < start + 5; ++i)
                items.append(item(i));
            return FakeDynamoTransport::ok({{QStringLiteral("Items"), items},
                                            {QStringLiteral("Count"), 5},
                                            {QStringLiteral("ScannedCount"), 5},
                                            {QStringLiteral("LastEvaluatedKey"), items.last()}});
        });
        QTest::mouseClick(find<QPushButton>("connectButton"), Qt::LeftButton);
        QVERIFY(waitIdle());
        find<QListWidget>("tableList")->setCurrentRow(0);
        QVERIFY(waitIdle());
        QSignalSpy loaded(m_window.get(), &ui::LiveWindow::projectLoaded);
        QTest::mouseClick(find<QPushButton>("loadButton"), Qt::LeftButton);
        auto *progress = find<QProgressBar>("liveProgress");
        QTRY_VERIFY(progress->format().startsWith(QLatin1String("1"))); // 10, 15, ... items read
        QTest::keyClick(m_window.get(), Qt::Key_Escape);                // cancels, does not close
        QVERIFY(m_window->isVisible());
        QVERIFY(waitIdle());
        QCOMPARE(loaded.count(), 1);
        const Project project = loaded.at(0).at(0).value<Project>();
        QVERIFY(project.items.size() >= 10);
        QCOMPARE(project.items.size() % 5, size_t(0));
        QVERIFY2(m_window->statusText().startsWith(
                     QStringLiteral("Cancelled: opened the %1 items read before it")
                         .arg(project.items.size())),
                 qPrintable(m_window->statusText()));
        QVERIFY(!find<QPushButton>("cancelButton")->isEnabled());
    }

    void confirmDialogNeedsTheTableName()
    {
        ui::PushPlan plan {QStringLiteral("http://127.0.0.1:8000"),
                           QStringLiteral("Orders"),
                           42,
                           true,
                           true,
                           QString()};
        ui::PushConfirmDialog dialog(plan);
        QVERIFY(!dialog.pushButton()->isEnabled());
        QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("pushPlanLabel"))
                    ->text()
                    .contains(QLatin1String("<b>Orders</b> on <b>http://127.0.0.1:8000</b>")));
        QTest::keyClicks(dialog.nameEdit(), QStringLiteral("orders"));
        QVERIFY(!dialog.pushButton()->isEnabled());
        dialog.nameEdit()->clear();
        QTest::keyClicks(dialog.nameEdit(), QStringLiteral("Orders"));
        QVERIFY(dialog.pushButton()->isEnabled());

        ui::PushConfirmDialog fresh({QStringLiteral("E"), QStringLiteral("New"), 3, false, false,
                                     QStringLiteral("PK (S, HASH)")});
        QVERIFY(fresh.pushButton()->isEnabled());
        QVERIFY(!fresh.nameEdit());
        QVERIFY(!fresh.pushButton()->isDefault());
    }

    void pushAsksFirst()
    {
        m_document->setProject(std::get<Project>(
            ProjectFile::read(keyscope::testsupport::testDataPath("/project/iot.keyscope.json"))));
        QTRY_VERIFY_WITH_TIMEOUT(m_document->population() != nullptr, 10000);
        const size_t expected = m_document->population()->items.size();
        bool created = false;
        setHandler([&created](const QString &operation, const QJsonObject &) {
            if (operation == QLatin1String("DescribeTable")) {
                if (!created)
                    return FakeDynamoTransport::error(
                        400, QStringLiteral("ResourceNotFoundException"), QStringLiteral("no"));
                return FakeDynamoTransport::ok(
                    {{QStringLiteral("Table"), tableJson(QStringLiteral("IoT"))}});
            }
            if (operation == QLatin1String("CreateTable")) {
                created = true;
                return FakeDynamoTransport::ok({});
            }
            return FakeDynamoTransport::ok({{QStringLiteral("UnprocessedItems"), QJsonObject {}}});
        });
        std::vector<ui::PushPlan> asked;
        bool answer = false;
        m_window->setConfirm([&](const ui::PushPlan &plan) {
            asked.push_back(plan);
            return answer;
        });
        QTest::mouseClick(find<QPushButton>("pushButton"), Qt::LeftButton);
        QVERIFY2(waitIdle(), qPrintable(m_window->statusText()));
        QCOMPARE(asked.size(), size_t(1));
        QCOMPARE(asked[0].endpoint, QStringLiteral("http://127.0.0.1:8000"));
        QCOMPARE(asked[0].table, QStringLiteral("IoT"));
        QVERIFY(!asked[0].tableExists);
        QCOMPARE(size_t(asked[0].items), expected);
        QCOMPARE(sentCount(QStringLiteral("CreateTable")), 0);
        QCOMPARE(sentCount(QStringLiteral("BatchWriteItem")), 0);
        QVERIFY(m_window->statusText().contains(QLatin1String("nothing was written")));

        answer = true;
        QTest::mouseClick(find<QPushButton>("pushButton"), Qt::LeftButton);
        QVERIFY(waitIdle()); // the check
        if (m_window->isBusy())
            QVERIFY(waitIdle()); // the write
        QTRY_VERIFY(!m_window->isBusy());
        QCOMPARE(sentCount(QStringLiteral("CreateTable")), 1);
        QCOMPARE(sentCount(QStringLiteral("BatchWriteItem")), int((expected + 24) / 25));
        QVERIFY2(
            m_window->statusText().contains(QStringLiteral("Wrote %1 items to IoT").arg(expected)),
            qPrintable(m_window->statusText()));
    }

    void verifyHighlightsDifferences()
    {
        m_document->setProject(std::get<Project>(
            ProjectFile::read(keyscope::testsupport::testDataPath("/project/iot.keyscope.json"))));
        QTRY_VERIFY_WITH_TIMEOUT(!m_document->patternResults().empty(), 10000);
        const PatternResult &pattern = m_document->patternResults().front();
        // The engine's own answer, all pages, with the first two results swapped.
        QueryRequest request = pattern.request;
        std::vector<Item> expected;
        for (;;) {
            auto page = QueryEngine::query(*m_document->table(), request);
            QVERIFY(std::holds_alternative<QueryResponse>(page));
            const QueryResponse &response = std::get<QueryResponse>(page);
            expected.insert(expected.end(), response.items.begin(), response.items.end());
            if (!response.lastEvaluatedKey)
                break;
            request.exclusiveStartKey = response.lastEvaluatedKey;
        }
        QVERIFY(expected.size() > 2);
        for (bool swap : {false, true}) {
            QJsonArray items;
            for (const Item &i : expected)
                items.append(dynamojson::itemToJson(i));
            if (swap) {
                const QJsonValue first = items.at(0);
                items[0] = items.at(1);
                items[1] = first;
            }
            setHandler([items](const QString &, const QJsonObject &) {
                return FakeDynamoTransport::ok({{QStringLiteral("Items"), items},
                                                {QStringLiteral("Count"), items.size()},
                                                {QStringLiteral("ScannedCount"), items.size()}});
            });
            find<QTabWidget>("liveTabs")->setCurrentIndex(1);
            QTest::mouseClick(find<QPushButton>("verifyButton"), Qt::LeftButton);
            QVERIFY(waitIdle());
            auto *view = find<QTableWidget>("verifyView");
            QCOMPARE(view->rowCount(), int(expected.size()));
            const QString summary = find<QLabel>("verifySummary")->text();
            if (!swap) {
                QVERIFY2(summary.startsWith(QStringLiteral("Same: %1 items").arg(expected.size())),
                         qPrintable(summary));
                QCOMPARE(view->item(0, 1)->text(), QStringLiteral("="));
                continue;
            }
            QVERIFY2(summary.startsWith(QLatin1String("DIFFERENT: order differs from result 1 on")),
                     qPrintable(summary));
            QCOMPARE(view->item(0, 1)->text(), QStringLiteral("≠"));
            QCOMPARE(view->item(0, 0)->background().color(), QColor(QStringLiteral("#F5B7B1")));
            QCOMPARE(view->item(2, 1)->text(), QStringLiteral("="));
            QCOMPARE(view->item(2, 0)->background().style(), Qt::NoBrush);
            QVERIFY(view->item(0, 0)->text().contains(QLatin1String("SK=")));
            QCOMPARE(view->item(0, 0)->text(), view->item(1, 2)->text());
            screenshot(QStringLiteral("live-verify"));
        }
    }

    void verifyRunsTheCurrentQuery()
    {
        m_document->setProject(std::get<Project>(
            ProjectFile::read(keyscope::testsupport::testDataPath("/project/iot.keyscope.json"))));
        QTRY_VERIFY_WITH_TIMEOUT(!m_document->patternResults().empty(), 10000);
        // The builder's query: the first pattern's, read forward with Limit 3.
        std::optional<QueryRequest> builder = m_document->patternResults().front().request;
        builder->scanIndexForward = true;
        builder->limit = 3;
        m_window->setCurrentQuery([&builder] { return builder; });
        auto *choice = find<QComboBox>("patternCombo");
        QCOMPARE(choice->itemText(0), QStringLiteral("Current query (Query Builder)"));
        QCOMPARE(choice->count(), int(m_document->patternResults().size()) + 1);

        QJsonObject sent;
        setHandler([&sent](const QString &operation, const QJsonObject &body) {
            if (operation == QLatin1String("Query"))
                sent = body;
            return FakeDynamoTransport::ok({{QStringLiteral("Items"), QJsonArray {}},
                                            {QStringLiteral("Count"), 0},
                                            {QStringLiteral("ScannedCount"), 0}});
        });
        find<QTabWidget>("liveTabs")->setCurrentIndex(1);
        choice->setCurrentIndex(0);
        QTest::mouseClick(find<QPushButton>("verifyButton"), Qt::LeftButton);
        QVERIFY(waitIdle());
        QCOMPARE(sent.value(QStringLiteral("ScanIndexForward")).toBool(true), true);
        QCOMPARE(sent.value(QStringLiteral("Limit")).toInt(), 3);
        QVERIFY(m_window->lastVerify());

        // A builder query DynamoDB would refuse is not sent.
        builder.reset();
        const int queries = sentCount(QStringLiteral("Query"));
        QTest::mouseClick(find<QPushButton>("verifyButton"), Qt::LeftButton);
        QVERIFY2(m_window->statusText().contains(QLatin1String("not valid")),
                 qPrintable(m_window->statusText()));
        QCOMPARE(sentCount(QStringLiteral("Query")), queries);
    }
};

QTEST_MAIN(TestLiveWindow)
#include "tst_livewindow.moc"
