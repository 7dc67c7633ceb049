// The query builder (controls and typed KeyConditionExpression in sync, DynamoDB's errors), the
// runner (pages of the IoT example) and the code panel (snippets, copy). Set
// KEYSCOPE_GRAB_DIR to also write PNGs of the widgets there.

#include "model/codegen/codesnippets.h"
#include "model/io/itemsfile.h"
#include "model/io/tabledefinitionfile.h"
#include "model/value/dynamojson.h"
#include "tests/support/fixtures.h"
#include "tests/support/testpaths.h"
#include "ui/query/codepanel.h"
#include "ui/query/errorlabel.h"
#include "ui/query/querybuilder.h"
#include "ui/query/queryrunner.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>

using namespace keyscope::model;
using keyscope::ui::CodePanel;
using keyscope::ui::ErrorLabel;
using keyscope::ui::QueryBuilder;
using keyscope::ui::QueryRunner;

Q_DECLARE_METATYPE(keyscope::model::QueryRequest)
Q_DECLARE_METATYPE(keyscope::model::QueryError)

namespace {

std::shared_ptr<const Table> loadTable(const QString &tablePath, const QString &itemsPath)
{
    auto definition = TableDefinitionFile::read(tablePath);
    if (!std::holds_alternative<TableDefinition>(definition))
        return {};
    auto table = std::make_shared<Table>(std::get<TableDefinition>(definition));
    if (!std::holds_alternative<ItemsFile::LoadResult>(ItemsFile::load(*table, itemsPath)))
        return {};
    return table;
}

std::shared_ptr<const Table> iot()
{
    const QString dir = keyscope::testsupport::sourcePath("/resources/examples/iot/");
    return loadTable(dir + QStringLiteral("table.json"), dir + QStringLiteral("items.json"));
}

std::shared_ptr<const Table> saas()
{
    const QString dir = keyscope::testsupport::testDataPath("/cli/");
    return loadTable(dir + QStringLiteral("saas-table.json"),
                     dir + QStringLiteral("saas-items.json"));
}

// A table whose key attributes are reserved words, the sort key a number.
std::shared_ptr<const Table> reservedNumbers()
{
    const QByteArray json = R"({"TableName":"Events",
        "AttributeDefinitions":[{"AttributeName":"Year","AttributeType":"S"},
                                {"AttributeName":"Date","AttributeType":"N"}],
        "KeySchema":[{"AttributeName":"Year","KeyType":"HASH"},
                     {"AttributeName":"Date","KeyType":"RANGE"}]})";
    std::vector<Item> items;
    for (int i = 0; i < 5; ++i)
        items.push_back(
            Item {{QStringLiteral("Year"), AttributeValue::string(QStringLiteral("2026"))},
                  {QStringLiteral("Date"), AttributeValue::number(Number::fromInt(20260101 + i))}});
    return keyscope::testsupport::tableWith(keyscope::testsupport::tableFromJson(json), items);
}

template<typename T>
T *child(QWidget *parent, const char *name)
{
    T *widget = parent->findChild<T *>(QLatin1String(name));
    if (!widget)
        qFatal("no child %s", name);
    return widget;
}

QString valuesJson(const QueryRequest &request)
{
    return QString::fromUtf8(
        QJsonDocument(dynamojson::itemToJson(request.expressionAttributeValues.value_or(Item {})))
            .toJson(QJsonDocument::Compact));
}

void grab(QWidget *widget, const QString &name)
{
    const QString dir = qEnvironmentVariable("KEYSCOPE_GRAB_DIR");
    if (dir.isEmpty())
        return;
    QCoreApplication::processEvents(); // let layouts settle after the last change
    widget->grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png"));
}

// The partition with the most items in the IoT example, by counting the items file.
QString largestIotPartition(const Table &table)
{
    const Partition *largest = nullptr;
    for (const Partition &p : table.store()->partitions()) {
        if (!largest || p.entries.size() > largest->entries.size()
            || (p.entries.size() == largest->entries.size() && p.key < largest->key))
            largest = &p;
    }
    return QString::fromUtf8(largest->key);
}

} // namespace

class TestQueryBuilder : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void defaultsToTheLargestPartition();
    void controlsWriteTheExpression_data();
    void controlsWriteTheExpression();
    void optionsGoIntoTheRequest();
    void typedExpressionSetsTheControls();
    void flippedOperandsSetTheControls();
    void invalidOperatorShowsDynamoDbsMessage();
    void syntaxErrorUnderlinesThePosition();
    void unusedValueIsReportedUnderTheValues();
    void requestLevelErrorShowsUnderTheOptions();
    void reservedNamesAndNumbers();
    void badNumberInAControl();
    void switchingToAGlobalIndex();
    void setRequestLoadsAnAccessPattern();
    void runShortcut();
    void runsOnlyAFinishedQuery();
    void resetForgetsThePreviousProject();
    void runnerForgetsTheRequestOfAnotherProject();
    void runnerReturnsIotResultsAndPages();
    void runnerReportsFailures();
    void codePanelShowsAndCopies();
    void keyboardReachesEveryControl();
};

void TestQueryBuilder::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    qRegisterMetaType<QueryRequest>();
    qRegisterMetaType<QueryError>();
}

void TestQueryBuilder::defaultsToTheLargestPartition()
{
    const auto table = iot();
    QVERIFY(table);
    QueryBuilder builder;
    QSignalSpy changed(&builder, &QueryBuilder::requestChanged);
    builder.setTable(table);

    auto *partition = child<QComboBox>(&builder, "partition");
    QCOMPARE(partition->currentIndex(), 0);
    QCOMPARE(partition->currentText(), largestIotPartition(*table));
    for (int i = 1; i < partition->count(); ++i) {
        const auto size = [&](int row) {
            return table->store()->findPartition(partition->itemText(row).toUtf8())->entries.size();
        };
        QVERIFY(size(i - 1) >= size(i));
    }
    QCOMPARE(child<QComboBox>(&builder, "sortOperator")->currentIndex(), 0);
    QVERIFY(!child<QLineEdit>(&builder, "sortValue")->isEnabled());
    QCOMPARE(child<QComboBox>(&builder, "index")->count(), 1);
    QCOMPARE(child<QComboBox>(&builder, "index")->currentText(), QStringLiteral("IoT (table)"));

    QVERIFY(builder.isValid());
    QCOMPARE(changed.count(), 1);
    const QueryRequest r = builder.request();
    QCOMPARE(r.tableName, QStringLiteral("IoT"));
    QCOMPARE(r.keyConditionExpression, QStringLiteral("PK = :pk"));
    QCOMPARE(child<QLineEdit>(&builder, "keyConditionExpression")->text(),
             QStringLiteral("PK = :pk"));
    QCOMPARE(r.expressionAttributeValues->at(QStringLiteral(":pk")),
             AttributeValue::string(largestIotPartition(*table)));
    QVERIFY(!r.expressionAttributeNames);
    QVERIFY(!r.limit);
    QVERIFY(r.scanIndexForward);
    QCOMPARE(changed.first().first().value<QueryRequest>().keyConditionExpression,
             QStringLiteral("PK = :pk"));
    QCOMPARE(child<QLabel>(&builder, "partitionCount")->text(),
             QStringLiteral("%1 items")
                 .arg(table->store()
                          ->findPartition(largestIotPartition(*table).toUtf8())
                          ->entries.size()));
}

void TestQueryBuilder::controlsWriteTheExpression_data()
{
    QTest::addColumn<int>("op");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("upper");
    QTest::addColumn<QString>("expression");
    QTest::addColumn<QString>("values");
    QTest::newRow("=") << 1 << "DEVICE#D-7731"
                       << ""
                       << "PK = :pk AND SK = :sk"
                       << R"({":pk":{"S":"DEVICE#D-7731"},":sk":{"S":"DEVICE#D-7731"}})";
    QTest::newRow("<") << 2 << "#READING#2026"
                       << ""
                       << "PK = :pk AND SK < :sk"
                       << R"({":pk":{"S":"DEVICE#D-7731"},":sk":{"S":"#READING#2026"}})";
    QTest::newRow(">=") << 5 << "#READING#2026-11-02"
                        << ""
                        << "PK = :pk AND SK >= :sk"
                        << R"({":pk":{"S":"DEVICE#D-7731"},":sk":{"S":"#READING#2026-11-02"}})";
    QTest::newRow("BETWEEN")
        << 6 << "#READING#2026-11-01"
        << "#READING#2026-11-02"
        << "PK = :pk AND SK BETWEEN :sk1 AND :sk2"
        << R"({":pk":{"S":"DEVICE#D-7731"},":sk1":{"S":"#READING#2026-11-01"},":sk2":{"S":"#READING#2026-11-02"}})";
    QTest::newRow("begins_with") << 7 << "#READING#"
                                 << ""
                                 << "PK = :pk AND begins_with(SK, :sk)"
                                 << R"({":pk":{"S":"DEVICE#D-7731"},":sk":{"S":"#READING#"}})";
}

void TestQueryBuilder::controlsWriteTheExpression()
{
    QFETCH(int, op);
    QFETCH(QString, value);
    QFETCH(QString, upper);
    QFETCH(QString, expression);
    QFETCH(QString, values);

    QueryBuilder builder;
    builder.setTable(iot());
    builder.show();
    QVERIFY(QTest::qWaitForWindowExposed(&builder));
    QSignalSpy changed(&builder, &QueryBuilder::requestChanged);

    auto *partition = child<QComboBox>(&builder, "partition");
    partition->setCurrentIndex(partition->findText(QStringLiteral("DEVICE#D-7731")));
    QVERIFY(partition->currentIndex() >= 0);
    child<QComboBox>(&builder, "sortOperator")->setCurrentIndex(op);
    auto *valueEdit = child<QLineEdit>(&builder, "sortValue");
    QVERIFY(valueEdit->isEnabled());
    QCOMPARE(child<QLineEdit>(&builder, "sortUpper")->isVisible(), op == 6);
    valueEdit->setFocus();
    QTest::keyClicks(valueEdit, value);
    if (!upper.isEmpty())
        QTest::keyClicks(child<QLineEdit>(&builder, "sortUpper"), upper);

    QVERIFY(builder.isValid());
    QCOMPARE(child<QLineEdit>(&builder, "keyConditionExpression")->text(), expression);
    const QueryRequest r = builder.request();
    QCOMPARE(r.keyConditionExpression, expression);
    QCOMPARE(valuesJson(r), values);
    QVERIFY(changed.count() >= 1);
    QCOMPARE(valuesJson(changed.last().first().value<QueryRequest>()), values);
}

void TestQueryBuilder::optionsGoIntoTheRequest()
{
    QueryBuilder builder;
    builder.setTable(iot());
    QSignalSpy changed(&builder, &QueryBuilder::requestChanged);
    child<QSpinBox>(&builder, "limit")->setValue(3);
    child<QCheckBox>(&builder, "scanIndexForward")->setChecked(false);
    child<QCheckBox>(&builder, "consistentRead")->setChecked(true);
    auto *select = child<QComboBox>(&builder, "select");
    select->setCurrentIndex(select->findData(QStringLiteral("ALL_ATTRIBUTES")));
    // A filter with its own value, typed next to the key condition's.
    auto *values = child<QLineEdit>(&builder, "expressionAttributeValues");
    QString text = values->text();
    text.insert(text.size() - 1, QStringLiteral(R"(, ":min": {"N": "20"})"));
    child<QLineEdit>(&builder, "filterExpression")->setText(QStringLiteral("Reading > :min"));
    QVERIFY(!builder.isValid()); // :min not given yet
    values->setText(text);
    QVERIFY2(builder.isValid(), qPrintable(builder.errorMessage()));

    QueryRequest r = builder.request();
    QCOMPARE(r.limit, std::optional<qint64>(3));
    QVERIFY(!r.scanIndexForward);
    QVERIFY(r.consistentRead);
    QCOMPARE(r.select, std::optional<QString>(QStringLiteral("ALL_ATTRIBUTES")));
    QCOMPARE(r.filterExpression, std::optional<QString>(QStringLiteral("Reading > :min")));
    QCOMPARE(r.expressionAttributeValues->at(QStringLiteral(":min")),
             AttributeValue::number(Number::fromInt(20)));
    QCOMPARE(changed.last().first().value<QueryRequest>().limit, std::optional<qint64>(3));

    // A control edit rewrites the key condition's values and keeps the filter's.
    child<QComboBox>(&builder, "sortOperator")->setCurrentIndex(7);
    child<QLineEdit>(&builder, "sortValue")->setText(QStringLiteral("#READING#"));
    QVERIFY2(builder.isValid(), qPrintable(builder.errorMessage()));
    r = builder.request();
    QCOMPARE(r.keyConditionExpression, QStringLiteral("PK = :pk AND begins_with(SK, :sk)"));
    QCOMPARE(r.expressionAttributeValues->size(), std::size_t(3));
    QVERIFY(r.expressionAttributeValues->count(QStringLiteral(":min")));

    child<QSpinBox>(&builder, "limit")->setValue(0);
    QVERIFY(!builder.request().limit);
}

void TestQueryBuilder::typedExpressionSetsTheControls()
{
    QueryBuilder builder;
    builder.setTable(iot());
    QSignalSpy changed(&builder, &QueryBuilder::requestChanged);
    auto *values = child<QLineEdit>(&builder, "expressionAttributeValues");
    auto *expression = child<QLineEdit>(&builder, "keyConditionExpression");
    values->setText(QStringLiteral(
        R"({":d": {"S": "DEVICE#D-7731"}, ":from": {"S": "#READING#2026-11-01T09"}})"));
    expression->selectAll();
    expression->setFocus();
    QTest::keyClicks(expression, QStringLiteral("PK = :d AND SK > :from"));

    QVERIFY2(builder.isValid(), qPrintable(builder.errorMessage()));
    QCOMPARE(child<QComboBox>(&builder, "partition")->currentText(),
             QStringLiteral("DEVICE#D-7731"));
    QCOMPARE(child<QComboBox>(&builder, "sortOperator")->currentText(), QStringLiteral(">"));
    QCOMPARE(child<QLineEdit>(&builder, "sortValue")->text(),
             QStringLiteral("#READING#2026-11-01T09"));
    QCOMPARE(builder.request().keyConditionExpression, QStringLiteral("PK = :d AND SK > :from"));
    QCOMPARE(changed.last().first().value<QueryRequest>().keyConditionExpression,
             QStringLiteral("PK = :d AND SK > :from"));

    // BETWEEN fills both bounds.
    values->setText(QStringLiteral(
        R"({":d": {"S": "DEVICE#D-7731"}, ":a": {"S": "#READING#1"}, ":b": {"S": "#READING#3"}})"));
    expression->setText(QStringLiteral("PK = :d AND SK BETWEEN :a AND :b"));
    QVERIFY2(builder.isValid(), qPrintable(builder.errorMessage()));
    QCOMPARE(child<QComboBox>(&builder, "sortOperator")->currentText(), QStringLiteral("BETWEEN"));
    QCOMPARE(child<QLineEdit>(&builder, "sortValue")->text(), QStringLiteral("#READING#1"));
    QCOMPARE(child<QLineEdit>(&builder, "sortUpper")->text(), QStringLiteral("#READING#3"));

    // No sort condition clears the operator; then a control edit takes over the text again.
    values->setText(QStringLiteral(R"({":d": {"S": "DEVICE#D-7731"}})"));
    expression->setText(QStringLiteral("PK = :d"));
    QCOMPARE(child<QComboBox>(&builder, "sortOperator")->currentIndex(), 0);
    child<QComboBox>(&builder, "sortOperator")->setCurrentIndex(7);
    child<QLineEdit>(&builder, "sortValue")->setText(QStringLiteral("#"));
    QCOMPARE(expression->text(), QStringLiteral("PK = :pk AND begins_with(SK, :sk)"));
    QCOMPARE(valuesJson(builder.request()),
             QStringLiteral(R"({":pk":{"S":"DEVICE#D-7731"},":sk":{"S":"#"}})"));
}

void TestQueryBuilder::flippedOperandsSetTheControls()
{
    QueryBuilder builder;
    builder.setTable(iot());
    child<QLineEdit>(&builder, "expressionAttributeValues")
        ->setText(QStringLiteral(R"({":d": {"S": "DEVICE#D-7731"}, ":v": {"S": "#READING#"}})"));
    child<QLineEdit>(&builder, "keyConditionExpression")
        ->setText(QStringLiteral(":v <= SK AND PK = :d"));
    QVERIFY2(builder.isValid(), qPrintable(builder.errorMessage()));
    QCOMPARE(child<QComboBox>(&builder, "sortOperator")->currentText(), QStringLiteral(">="));
    QCOMPARE(child<QLineEdit>(&builder, "sortValue")->text(), QStringLiteral("#READING#"));
}

void TestQueryBuilder::invalidOperatorShowsDynamoDbsMessage()
{
    QueryBuilder builder;
    builder.setTable(iot());
    builder.show();
    QVERIFY(QTest::qWaitForWindowExposed(&builder));
    QSignalSpy changed(&builder, &QueryBuilder::requestChanged);
    QSignalSpy run(&builder, &QueryBuilder::runRequested);
    const QString before = child<QComboBox>(&builder, "partition")->currentText();
    child<QLineEdit>(&builder, "expressionAttributeValues")
        ->setText(QStringLiteral(R"({":pk": {"S": "DEVICE#D-7731"}, ":sk": {"S": "x"}})"));
    child<QLineEdit>(&builder, "keyConditionExpression")
        ->setText(QStringLiteral("PK = :pk OR SK = :sk"));

    QVERIFY(!builder.isValid());
    QCOMPARE(builder.errorMessage(),
             QStringLiteral("Invalid operator used in KeyConditionExpression: OR"));
    auto *error = child<ErrorLabel>(&builder, "keyConditionError");
    QVERIFY(error->isVisible());
    QCOMPARE(error->message(),
             QStringLiteral("Invalid operator used in KeyConditionExpression: OR"));
    QCOMPARE(error->tokenStart(), 9);
    QCOMPARE(error->tokenLength(), 2);
    QVERIFY(error->text().contains(
        QLatin1String("Invalid operator used in KeyConditionExpression: OR")));
    QCOMPARE(changed.count(), 0);
    // The controls keep the last good query; Run is off.
    QCOMPARE(child<QComboBox>(&builder, "partition")->currentText(), before);
    QVERIFY(!builder.runAction()->isEnabled());
    QVERIFY(!child<QPushButton>(&builder, "run")->isEnabled());
    builder.runAction()->trigger();
    QCOMPARE(run.count(), 0);
    grab(&builder, QStringLiteral("querybuilder-error"));

    // Fixing it clears the message and emits.
    child<QLineEdit>(&builder, "keyConditionExpression")
        ->setText(QStringLiteral("PK = :pk AND SK = :sk"));
    QVERIFY(builder.isValid());
    QVERIFY(!error->isVisible());
    QCOMPARE(changed.count(), 1);
}

void TestQueryBuilder::syntaxErrorUnderlinesThePosition()
{
    QueryBuilder builder;
    builder.setTable(iot());
    QSignalSpy changed(&builder, &QueryBuilder::requestChanged);
    child<QLineEdit>(&builder, "keyConditionExpression")->setText(QStringLiteral("PK = = :pk"));
    QVERIFY(!builder.isValid());
    QCOMPARE(builder.errorMessage(),
             QStringLiteral(
                 "Invalid KeyConditionExpression: Syntax error; token: \"=\", near: \"= = :pk\""));
    auto *error = child<ErrorLabel>(&builder, "keyConditionError");
    QCOMPARE(error->tokenStart(), 5);
    QCOMPARE(error->tokenLength(), 1);
    QCOMPARE(changed.count(), 0);
}

void TestQueryBuilder::unusedValueIsReportedUnderTheValues()
{
    QueryBuilder builder;
    builder.setTable(iot());
    child<QLineEdit>(&builder, "expressionAttributeValues")
        ->setText(QStringLiteral(R"({":pk": {"S": "DEVICE#D-7731"}, ":sk": {"S": "x"}})"));
    child<QLineEdit>(&builder, "keyConditionExpression")->setText(QStringLiteral("PK = :pk"));
    QVERIFY(!builder.isValid());
    QCOMPARE(builder.errorMessage(),
             QStringLiteral(
                 "Value provided in ExpressionAttributeValues unused in expressions: keys: {:sk}"));
    auto *error = child<ErrorLabel>(&builder, "attributesError");
    QCOMPARE(error->message(), builder.errorMessage());
    const QString values = child<QLineEdit>(&builder, "expressionAttributeValues")->text();
    QCOMPARE(values.mid(error->tokenStart(), error->tokenLength()), QStringLiteral(":sk"));

    // Malformed JSON is the CLI's complaint, before DynamoDB sees anything.
    child<QLineEdit>(&builder, "expressionAttributeValues")->setText(QStringLiteral(R"({":pk": )"));
    QVERIFY(!builder.isValid());
    QVERIFY2(builder.errorMessage().startsWith(QLatin1String(
                 "Error parsing parameter '--expression-attribute-values': Invalid JSON")),
             qPrintable(builder.errorMessage()));
}

void TestQueryBuilder::requestLevelErrorShowsUnderTheOptions()
{
    QueryBuilder builder;
    builder.setTable(iot());
    // TEMP is one of DynamoDB's reserved words.
    child<QLineEdit>(&builder, "projectionExpression")->setText(QStringLiteral("Temp"));
    QVERIFY(!builder.isValid());
    QCOMPARE(builder.errorMessage(),
             QStringLiteral("Invalid ProjectionExpression: Attribute name is a "
                            "reserved keyword; reserved keyword: Temp"));
    auto *filterError = child<ErrorLabel>(&builder, "filterError");
    QCOMPARE(filterError->tokenStart(), 0);
    QCOMPARE(filterError->tokenLength(), 4);
    child<QLineEdit>(&builder, "projectionExpression")->setText(QStringLiteral("SK, Reading"));
    QVERIFY2(builder.isValid(), qPrintable(builder.errorMessage()));
    auto *select = child<QComboBox>(&builder, "select");
    select->setCurrentIndex(select->findData(QStringLiteral("COUNT")));
    QVERIFY(!builder.isValid());
    auto *error = child<ErrorLabel>(&builder, "optionsError");
    QVERIFY(!error->message().isEmpty());
    QCOMPARE(error->message(), builder.errorMessage());
}

void TestQueryBuilder::reservedNamesAndNumbers()
{
    QueryBuilder builder;
    builder.setTable(reservedNumbers());
    QVERIFY2(builder.isValid(), qPrintable(builder.errorMessage()));
    QCOMPARE(builder.request().keyConditionExpression, QStringLiteral("#pk = :pk"));
    child<QComboBox>(&builder, "sortOperator")->setCurrentIndex(6);
    child<QLineEdit>(&builder, "sortValue")->setText(QStringLiteral("20260102"));
    child<QLineEdit>(&builder, "sortUpper")->setText(QStringLiteral("2.0260103e7"));
    QVERIFY2(builder.isValid(), qPrintable(builder.errorMessage()));
    const QueryRequest r = builder.request();
    QCOMPARE(r.keyConditionExpression, QStringLiteral("#pk = :pk AND #sk BETWEEN :sk1 AND :sk2"));
    QCOMPARE(r.expressionAttributeNames->at(QStringLiteral("#pk")), QStringLiteral("Year"));
    QCOMPARE(r.expressionAttributeNames->at(QStringLiteral("#sk")), QStringLiteral("Date"));
    QCOMPARE(r.expressionAttributeValues->at(QStringLiteral(":sk2")),
             AttributeValue::number(Number::fromInt(20260103)));
    QCOMPARE(child<QLineEdit>(&builder, "expressionAttributeNames")->text(),
             QStringLiteral(R"({"#pk": "Year", "#sk": "Date"})"));
}

void TestQueryBuilder::badNumberInAControl()
{
    QueryBuilder builder;
    builder.setTable(reservedNumbers());
    QSignalSpy changed(&builder, &QueryBuilder::requestChanged);
    child<QComboBox>(&builder, "sortOperator")->setCurrentIndex(4);
    child<QLineEdit>(&builder, "sortValue")->setText(QStringLiteral("soon"));
    QVERIFY(!builder.isValid());
    QCOMPARE(changed.count(), 0);
    auto *error = child<ErrorLabel>(&builder, "controlsError");
    QVERIFY(error->message().contains(QLatin1String("\"soon\"")));
    child<QLineEdit>(&builder, "sortValue")->setText(QStringLiteral("20260103"));
    QVERIFY(builder.isValid());
    QCOMPARE(builder.request().keyConditionExpression, QStringLiteral("#pk = :pk AND #sk > :sk"));
    QCOMPARE(changed.count(), 1);
}

void TestQueryBuilder::switchingToAGlobalIndex()
{
    const auto table = saas();
    QVERIFY(table);
    QueryBuilder builder;
    builder.setTable(table);
    auto *index = child<QComboBox>(&builder, "index");
    QCOMPARE(index->count(), 2);
    index->setCurrentIndex(index->findData(QStringLiteral("GSI1")));
    QVERIFY2(builder.isValid(), qPrintable(builder.errorMessage()));
    const QueryRequest r = builder.request();
    QCOMPARE(r.indexName, QStringLiteral("GSI1"));
    QCOMPARE(r.keyConditionExpression, QStringLiteral("GSI1PK = :pk"));
    auto *partition = child<QComboBox>(&builder, "partition");
    const IndexStore *gsi = table->store(QStringLiteral("GSI1"));
    QCOMPARE(partition->count(), int(gsi->partitions().size()));
    QCOMPARE(r.expressionAttributeValues->at(QStringLiteral(":pk")).asString(),
             partition->itemText(0));
    for (int i = 1; i < partition->count(); ++i) {
        QVERIFY(gsi->findPartition(partition->itemText(i - 1).toUtf8())->entries.size()
                >= gsi->findPartition(partition->itemText(i).toUtf8())->entries.size());
    }
    // ConsistentRead on a GSI is DynamoDB's error, not ours.
    child<QCheckBox>(&builder, "consistentRead")->setChecked(true);
    QVERIFY(!builder.isValid());
    QCOMPARE(builder.errorMessage(),
             QStringLiteral("Consistent reads are not supported on global secondary indexes"));
}

void TestQueryBuilder::setRequestLoadsAnAccessPattern()
{
    QueryBuilder builder;
    builder.setTable(saas());
    QSignalSpy changed(&builder, &QueryBuilder::requestChanged);
    QueryRequest r;
    r.indexName = QStringLiteral("GSI1");
    r.keyConditionExpression = QStringLiteral("GSI1PK = :u AND begins_with(GSI1SK, :p)");
    r.expressionAttributeValues
        = Item {{QStringLiteral(":u"), AttributeValue::string(QStringLiteral("USER#ALICE"))},
                {QStringLiteral(":p"), AttributeValue::string(QStringLiteral("ORG#"))}};
    r.limit = 2;
    r.scanIndexForward = false;
    r.returnConsumedCapacity = QStringLiteral("TOTAL");
    builder.setRequest(r);
    QVERIFY2(builder.isValid(), qPrintable(builder.errorMessage()));
    QCOMPARE(child<QComboBox>(&builder, "index")->currentData().toString(), QStringLiteral("GSI1"));
    QCOMPARE(child<QComboBox>(&builder, "partition")->currentText(), QStringLiteral("USER#ALICE"));
    QCOMPARE(child<QComboBox>(&builder, "sortOperator")->currentText(),
             QStringLiteral("begins_with"));
    QCOMPARE(child<QLineEdit>(&builder, "sortValue")->text(), QStringLiteral("ORG#"));
    QCOMPARE(child<QSpinBox>(&builder, "limit")->value(), 2);
    QVERIFY(!child<QCheckBox>(&builder, "scanIndexForward")->isChecked());
    r.tableName = builder.table()->definition().tableName;
    QCOMPARE(CodeSnippets::requestJson(builder.request()), CodeSnippets::requestJson(r));
    QCOMPARE(changed.count(), 1);
}

void TestQueryBuilder::runShortcut()
{
    QueryBuilder builder;
    builder.setTable(iot());
    builder.show();
    builder.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&builder));
    QSignalSpy run(&builder, &QueryBuilder::runRequested);
    auto *filter = child<QLineEdit>(&builder, "filterExpression");
    filter->setFocus();
    QTRY_VERIFY(filter->hasFocus());
    QTest::keyClick(filter, Qt::Key_Return, Qt::ControlModifier);
    QCOMPARE(run.count(), 1);
    QTest::mouseClick(child<QPushButton>(&builder, "run"), Qt::LeftButton);
    QCOMPARE(run.count(), 2);
}

// Composing does not run: not the operator alone, not a keystroke. Return, leaving the field,
// a pick from a list or a toggled option runs a complete query, once.
void TestQueryBuilder::runsOnlyAFinishedQuery()
{
    QueryBuilder builder;
    builder.setTable(iot());
    builder.show();
    builder.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&builder));
    QSignalSpy committed(&builder, &QueryBuilder::requestCommitted);
    auto *op = child<QComboBox>(&builder, "sortOperator");
    auto *value = child<QLineEdit>(&builder, "sortValue");
    auto *filter = child<QLineEdit>(&builder, "filterExpression");

    // begins_with chosen as a user does (the keyboard on the combo): its value comes next.
    op->setFocus();
    QTRY_VERIFY(op->hasFocus());
    while (op->currentText() != QLatin1String("begins_with"))
        QTest::keyClick(op, Qt::Key_Down);
    QVERIFY(builder.isValid());     // begins_with(SK, "") is a valid request...
    QVERIFY(!builder.isComplete()); // ...but not one the user has finished
    QCOMPARE(committed.count(), 0);

    value->setFocus();
    QTRY_VERIFY(value->hasFocus());
    QTest::keyClicks(value, QStringLiteral("#READING#"));
    QCOMPARE(committed.count(), 0);
    QVERIFY(builder.isComplete());
    QTest::keyClick(value, Qt::Key_Return);
    QCOMPARE(committed.count(), 1);
    const auto ran = committed.last().first().value<QueryRequest>();
    QCOMPARE(ran.keyConditionExpression, QStringLiteral("PK = :pk AND begins_with(SK, :sk)"));
    QVERIFY(valuesJson(ran).contains(QStringLiteral("#READING#")));
    // Leaving the field unchanged does not run it again.
    filter->setFocus();
    QTRY_VERIFY(filter->hasFocus());
    QCOMPARE(committed.count(), 1);

    // Emptied, the value is being composed again: leaving it does not run.
    value->setFocus();
    QTRY_VERIFY(value->hasFocus());
    value->selectAll();
    QTest::keyClick(value, Qt::Key_Delete);
    filter->setFocus();
    QTRY_VERIFY(filter->hasFocus());
    QCOMPARE(committed.count(), 1);

    // A toggled option runs a complete query.
    value->setText(QStringLiteral("#READING#"));
    QTest::mouseClick(child<QCheckBox>(&builder, "scanIndexForward"), Qt::LeftButton);
    QCOMPARE(committed.count(), 2);
    QVERIFY(!committed.last().first().value<QueryRequest>().scanIndexForward);
}

void TestQueryBuilder::resetForgetsThePreviousProject()
{
    QueryBuilder builder;
    builder.setTable(iot());
    auto *op = child<QComboBox>(&builder, "sortOperator");
    auto *value = child<QLineEdit>(&builder, "sortValue");
    op->setCurrentIndex(op->findText(QStringLiteral("begins_with")));
    value->setText(QStringLiteral("#READING#"));
    child<QLineEdit>(&builder, "filterExpression")
        ->setText(QStringLiteral("attribute_exists(Temp)"));
    child<QSpinBox>(&builder, "limit")->setValue(3);
    child<QCheckBox>(&builder, "scanIndexForward")->setChecked(false);

    builder.reset();
    QVERIFY(!builder.table());
    QVERIFY(!builder.isValid());
    for (QLineEdit *edit : builder.findChildren<QLineEdit *>()) {
        if (qobject_cast<QAbstractSpinBox *>(edit->parentWidget()))
            continue; // the Limit box says "none"
        QVERIFY2(edit->text().isEmpty(), qPrintable(edit->objectName() + u' ' + edit->text()));
    }
    QCOMPARE(op->currentIndex(), 0);
    QCOMPARE(child<QSpinBox>(&builder, "limit")->value(), 0);
    QVERIFY(child<QCheckBox>(&builder, "scanIndexForward")->isChecked());

    // The next table starts as the first one did: its largest partition, no sort-key condition.
    const auto table = saas();
    builder.setTable(table);
    QVERIFY(builder.isValid());
    QCOMPARE(op->currentIndex(), 0);
    QVERIFY(value->text().isEmpty());
    QCOMPARE(builder.request().keyConditionExpression, QStringLiteral("PK = :pk"));
    QCOMPARE(builder.request().tableName, table->definition().tableName);

    // A new design's table has no items to pick from: nothing to run, and no complaint yet.
    builder.reset();
    builder.setTable(std::make_shared<const Table>(table->definition()));
    QVERIFY(!builder.isValid());
    QVERIFY(!child<QPushButton>(&builder, "run")->isEnabled());
    for (ErrorLabel *label : builder.findChildren<ErrorLabel *>())
        QVERIFY2(label->message().isEmpty(),
                 qPrintable(label->objectName() + u' ' + label->message()));
    QVERIFY(child<QLineEdit>(&builder, "keyConditionExpression")->text().isEmpty());
    // Typing a value gives the query.
    child<QComboBox>(&builder, "partition")->setEditText(QStringLiteral("ORG#NEW"));
    QVERIFY(builder.isValid());
    QCOMPARE(builder.request().keyConditionExpression, QStringLiteral("PK = :pk"));
}

void TestQueryBuilder::runnerForgetsTheRequestOfAnotherProject()
{
    QueryRunner runner;
    QSignalSpy results(&runner, &QueryRunner::resultReady);
    QSignalSpy failed(&runner, &QueryRunner::failed);
    runner.setTable(iot());
    QueryRequest request;
    request.tableName = QStringLiteral("IoT");
    request.keyConditionExpression = QStringLiteral("PK = :pk");
    request.expressionAttributeValues
        = Item {{QStringLiteral(":pk"), AttributeValue::string(QStringLiteral("DEVICE#D-7731"))}};
    runner.setRequest(request);
    QCOMPARE(results.count(), 1);
    runner.clear();
    QVERIFY(!runner.hasRequest());
    QVERIFY(!runner.response());
    // Another project's table: the old request (naming table IoT) is not run on it.
    runner.setTable(saas());
    QCOMPARE(results.count(), 1);
    QCOMPARE(failed.count(), 0);
}

void TestQueryBuilder::runnerReturnsIotResultsAndPages()
{
    const auto table = iot();
    QueryBuilder builder;
    QueryRunner runner;
    connect(&builder, &QueryBuilder::requestChanged, &runner, &QueryRunner::setRequest);
    QSignalSpy results(&runner, &QueryRunner::resultReady);
    QSignalSpy pages(&runner, &QueryRunner::pageRequested);
    runner.setTable(table);
    QCOMPARE(results.count(), 0); // nothing to run yet
    builder.setTable(table);
    QCOMPARE(results.count(), 1);

    auto *partition = child<QComboBox>(&builder, "partition");
    partition->setCurrentIndex(partition->findText(QStringLiteral("DEVICE#D-7731")));
    child<QComboBox>(&builder, "sortOperator")->setCurrentIndex(7);
    child<QLineEdit>(&builder, "sortValue")->setText(QStringLiteral("#READING#"));
    auto response = results.last().at(0).value<std::shared_ptr<const QueryResponse>>();
    QVERIFY(response);
    QVERIFY(response->count >= 3);
    QCOMPARE(results.last().at(1).value<std::shared_ptr<const Table>>(), table);
    const qint64 all = response->count;
    for (const Item &item : response->items) {
        QCOMPARE(item.at(QStringLiteral("PK")).asString(), QStringLiteral("DEVICE#D-7731"));
        QVERIFY(item.at(QStringLiteral("SK")).asString().startsWith(QLatin1String("#READING#")));
    }

    // Pages of 2 until the readings run out, the last page without LastEvaluatedKey.
    QSignalSpy available(&runner, &QueryRunner::nextPageAvailableChanged);
    child<QSpinBox>(&builder, "limit")->setValue(2);
    QCOMPARE(runner.page(), 1);
    QVERIFY(runner.hasNextPage());
    QCOMPARE(available.count(), 1);
    qint64 seen = runner.response()->count;
    QStringList keys;
    for (const Item &item : runner.response()->items)
        keys << item.at(QStringLiteral("SK")).asString();
    while (runner.hasNextPage()) {
        const int before = runner.page();
        runner.nextPage();
        QCOMPARE(runner.page(), before + 1);
        QVERIFY(runner.pageRequest().exclusiveStartKey.has_value());
        QCOMPARE(pages.last().at(1).toInt(), runner.page());
        seen += runner.response()->count;
        for (const Item &item : runner.response()->items)
            keys << item.at(QStringLiteral("SK")).asString();
    }
    QCOMPARE(seen, all);
    QStringList sorted = keys;
    std::sort(sorted.begin(), sorted.end());
    QCOMPARE(keys, sorted);
    QVERIFY(!runner.request().exclusiveStartKey);
    const int pagesBefore = runner.page();
    runner.nextPage(); // nothing more
    QCOMPARE(runner.page(), pagesBefore);
    runner.run();
    QCOMPARE(runner.page(), 1);
}

void TestQueryBuilder::runnerReportsFailures()
{
    QueryRunner runner;
    runner.setTable(iot());
    QSignalSpy failed(&runner, &QueryRunner::failed);
    QueryRequest r;
    r.keyConditionExpression = QStringLiteral("SK = :v");
    r.expressionAttributeValues
        = Item {{QStringLiteral(":v"), AttributeValue::string(QStringLiteral("x"))}};
    runner.setRequest(r);
    QCOMPARE(failed.count(), 1);
    QCOMPARE(failed.first().first().value<QueryError>().message,
             QStringLiteral("Query condition missed key schema element: PK"));
    QVERIFY(!runner.response());
}

void TestQueryBuilder::codePanelShowsAndCopies()
{
    QueryBuilder builder;
    CodePanel panel;
    panel.resize(720, 320);
    panel.show();
    panel.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&panel));
    auto *copy = child<QPushButton>(&panel, "copy");
    QVERIFY(!copy->isEnabled());
    connect(&builder, &QueryBuilder::requestChanged, &panel, &CodePanel::setRequest);
    builder.setTable(iot());
    auto *partition = child<QComboBox>(&builder, "partition");
    partition->setCurrentIndex(partition->findText(QStringLiteral("DEVICE#D-7731")));
    child<QComboBox>(&builder, "sortOperator")->setCurrentIndex(7);
    child<QLineEdit>(&builder, "sortValue")->setText(QStringLiteral("#READING#"));
    QVERIFY(copy->isEnabled());

    const QString cli = QStringLiteral(R"(aws dynamodb query \
    --table-name IoT \
    --key-condition-expression 'PK = :pk AND begins_with(SK, :sk)' \
    --expression-attribute-values '{":pk": {"S": "DEVICE#D-7731"}, ":sk": {"S": "#READING#"}}'
)");
    QCOMPARE(panel.currentLanguage(), CodePanel::Language::AwsCli);
    QCOMPARE(child<QPlainTextEdit>(&panel, "awsCli")->toPlainText(), cli);
    QVERIFY(child<QPlainTextEdit>(&panel, "awsCli")->isReadOnly());
    QCOMPARE(child<QPlainTextEdit>(&panel, "python")->toPlainText(),
             CodeSnippets::python(builder.request()));

    QGuiApplication::clipboard()->clear();
    QSignalSpy copied(&panel, &CodePanel::copied);
    QTest::mouseClick(copy, Qt::LeftButton);
    QCOMPARE(copied.count(), 1);
    QCOMPARE(QGuiApplication::clipboard()->text(), cli);
    grab(&panel, QStringLiteral("codepanel"));

    // Ctrl+C in the Java tab with nothing selected copies the whole snippet.
    auto *tabs = child<QTabWidget>(&panel, "languages");
    tabs->setCurrentIndex(3);
    auto *java = child<QPlainTextEdit>(&panel, "java");
    java->setFocus();
    QTRY_VERIFY(java->hasFocus());
    QGuiApplication::clipboard()->clear();
    QTest::keyClick(java, Qt::Key_C, Qt::ControlModifier);
    QCOMPARE(QGuiApplication::clipboard()->text(), CodeSnippets::java(builder.request()));
    QVERIFY(QGuiApplication::clipboard()->text().contains(
        QLatin1String(".expressionAttributeValues(Map.of(")));
    grab(&panel, QStringLiteral("codepanel-java"));

    // With a selection, Ctrl+C copies just that.
    QTextCursor cursor = java->textCursor();
    cursor.movePosition(QTextCursor::Start);
    cursor.movePosition(QTextCursor::EndOfWord, QTextCursor::KeepAnchor);
    java->setTextCursor(cursor);
    QTest::keyClick(java, Qt::Key_C, Qt::ControlModifier);
    QCOMPARE(QGuiApplication::clipboard()->text(), QStringLiteral("import"));

    panel.clear();
    QVERIFY(java->toPlainText().isEmpty());
    QVERIFY(!copy->isEnabled());
}

void TestQueryBuilder::keyboardReachesEveryControl()
{
    QueryBuilder builder;
    builder.setTable(iot());
    builder.show();
    builder.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&builder));
    child<QComboBox>(&builder, "sortOperator")->setCurrentIndex(6); // shows the upper bound
    child<QLineEdit>(&builder, "sortValue")->setText(QStringLiteral("#READING#1"));
    child<QLineEdit>(&builder, "sortUpper")->setText(QStringLiteral("#READING#2"));
    QVERIFY(builder.isValid()); // else Run is disabled and out of the tab chain
    QSet<QString> reached;
    QWidget *first = child<QComboBox>(&builder, "index");
    first->setFocus();
    QTRY_VERIFY(first->hasFocus());
    QWidget *w = first;
    for (int i = 0; i < 500; ++i) {
        if (!w->accessibleName().isEmpty())
            reached << w->accessibleName();
        else if (w->parentWidget() && !w->parentWidget()->accessibleName().isEmpty())
            reached << w->parentWidget()->accessibleName(); // an editable combo's line edit
        w = w->nextInFocusChain();
        while (w && (!w->isVisible() || !w->isEnabled() || !(w->focusPolicy() & Qt::TabFocus)))
            w = w->nextInFocusChain();
        if (!w || w == first)
            break;
    }
    const QStringList expected = {"Index",
                                  "Partition key value",
                                  "Sort key operator",
                                  "Sort key value",
                                  "Sort key upper bound",
                                  "Filter expression",
                                  "Projection expression",
                                  "Limit",
                                  "Select",
                                  "Scan index forward",
                                  "Consistent read",
                                  "Run query",
                                  "Key condition expression",
                                  "Expression attribute names",
                                  "Expression attribute values"};
    for (const QString &name : expected)
        QVERIFY2(reached.contains(name), qPrintable(name));
}

QTEST_MAIN(TestQueryBuilder)
#include "tst_querybuilder.moc"
