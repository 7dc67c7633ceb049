#include "model/cost/costreport.h"
#include "tests/support/testpaths.h"
#include "ui/capacity/capacitypanel.h"
#include "ui/capacity/costtext.h"
#include "ui/document/document.h"
#include "ui/patterns/patterneditor.h"
#include "ui/patterns/patternspanel.h"
#include "ui/settings/settings.h"
#include "ui/shell/mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QPushButton>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace keyscope;
using Panel = ui::CapacityPanel;

namespace {

const QString kIot
    = keyscope::testsupport::sourcePath("/resources/examples/iot/after.keyscope.json");

bool settle(ui::Document &document)
{
    return QTest::qWaitFor(
        [&] { return !document.isBusy() && document.resultsRevision() == document.revision(); },
        10000);
}

QString cell(const QTableWidget *table, int row, int column)
{
    const QTableWidgetItem *item = table->item(row, column);
    return item ? item->text() : QStringLiteral("(no cell)");
}

int patternRow(const Panel &panel, const QString &name)
{
    for (int row = 0; row < panel.patternTable()->rowCount(); ++row) {
        if (cell(panel.patternTable(), row, Panel::PatternName) == name)
            return row;
    }
    return -1;
}

model::CostReport computed(const model::Project &project)
{
    auto report = model::CostReport::compute(project);
    if (auto *error = std::get_if<QString>(&report))
        qFatal("the cost report failed: %s", qPrintable(*error));
    return std::get<model::CostReport>(std::move(report));
}

} // namespace

class TestCapacityPanel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void moneyAndFiguresAreReadable_data();
    void moneyAndFiguresAreReadable();
    void showsTheReportOfTheIotExample();
    void editingARateUpdatesItsRowAndUndoRestores();
    void saysComputingAndWhyTheDesignDoesNotPopulate();
    void onlyTheLatestRevisionIsShown();
    void mainWindowHasTheCapacityPanel();
};

void TestCapacityPanel::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestCapacityPanel::moneyAndFiguresAreReadable_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("text");

    QTest::newRow("dollars, thousands") << "money" << 1234.564 << "$1,234.56";
    QTest::newRow("dollars, zero") << "money" << 0.0 << "$0.00";
    QTest::newRow("dollars, under a cent") << "money" << 0.0004 << "<$0.01";
    QTest::newRow("dollars, a million") << "money" << 1234567.0 << "$1,234,567.00";
    QTest::newRow("figure, half") << "figure" << 0.5 << "0.5";
    QTest::newRow("figure, thousands") << "figure" << 1250.0 << "1,250";
    QTest::newRow("figure, tiny") << "figure" << 0.0001 << "<0.01";
    QTest::newRow("figure, zero") << "figure" << 0.0 << "0";
    QTest::newRow("figure, two decimals") << "figure" << 12.254 << "12.25";
    QTest::newRow("bytes") << "bytes" << 512.0 << "512 B";
    QTest::newRow("kilobytes") << "bytes" << 1536.0 << "1.5 KB";
    QTest::newRow("gigabytes") << "bytes" << 3.0 * 1024 * 1024 * 1024 << "3 GB";
}

// Money as "$1,234.56"; a figure that is not zero never reads as zero.
void TestCapacityPanel::moneyAndFiguresAreReadable()
{
    QFETCH(QString, kind);
    QFETCH(double, value);
    QFETCH(QString, text);
    const QString shown = kind == QLatin1String("money") ? ui::CostText::money(value)
        : kind == QLatin1String("figure")                ? ui::CostText::figure(value)
                                                         : ui::CostText::bytes(value);
    QCOMPARE(shown, text);
}

// Every figure the panel shows for the IoT example is the cost report's.
void TestCapacityPanel::showsTheReportOfTheIotExample()
{
    ui::Document document;
    QVERIFY(document.open(kIot).empty());
    Panel panel;
    panel.setDocument(&document);
    QVERIFY(settle(document));
    QVERIFY(!panel.isComputing());
    QVERIFY2(panel.statusText().isEmpty(), qPrintable(panel.statusText()));
    const model::CostReport expected = computed(document.project());
    QVERIFY(panel.report());
    const model::CostReport &shown = *panel.report();

    QTableWidget *patterns = panel.patternTable();
    QCOMPARE(patterns->rowCount(), int(expected.patterns.size()));
    QVERIFY(patterns->rowCount() >= 2);
    for (int row = 0; row < patterns->rowCount(); ++row) {
        const model::PatternCost &cost = expected.patterns[size_t(row)];
        QCOMPARE(shown.patterns[size_t(row)].rcuPerSecond, cost.rcuPerSecond);
        QCOMPARE(shown.patterns[size_t(row)].monthlyOnDemand, cost.monthlyOnDemand);
        QCOMPARE(cell(patterns, row, Panel::PatternName), cost.name);
        QCOMPARE(cell(patterns, row, Panel::PatternRate), ui::CostText::figure(cost.rate));
        QCOMPARE(cell(patterns, row, Panel::PatternPages), ui::CostText::count(cost.pages));
        QCOMPARE(cell(patterns, row, Panel::PatternItems), ui::CostText::count(cost.itemsRead));
        QCOMPARE(cell(patterns, row, Panel::PatternRcuPerRequest),
                 ui::CostText::figure(cost.rcuPerRequest));
        QCOMPARE(cell(patterns, row, Panel::PatternRcuPerSecond),
                 ui::CostText::figure(cost.rcuPerSecond));
        QCOMPARE(cell(patterns, row, Panel::PatternOnDemand),
                 ui::CostText::money(cost.monthlyOnDemand));
        QCOMPARE(cell(patterns, row, Panel::PatternProvisioned),
                 ui::CostText::money(cost.monthlyProvisioned));
    }
    QTableWidget *entities = panel.entityTable();
    QCOMPARE(entities->rowCount(), int(expected.entities.size()));
    for (int row = 0; row < entities->rowCount(); ++row) {
        const model::EntityCost &cost = expected.entities[size_t(row)];
        QCOMPARE(cell(entities, row, Panel::EntityName), cost.name);
        QCOMPARE(cell(entities, row, Panel::EntityMeanSize),
                 ui::CostText::bytes(cost.meanItemBytes));
        QCOMPARE(cell(entities, row, Panel::EntityWcuPerWrite),
                 ui::CostText::figure(cost.wcuPerWrite));
        QCOMPARE(cell(entities, row, Panel::EntityOnDemand),
                 ui::CostText::money(cost.monthlyOnDemand));
        QCOMPARE(cell(entities, row, Panel::EntityProvisioned),
                 ui::CostText::money(cost.monthlyProvisioned));
    }
    QTableWidget *storage = panel.storageTable();
    QCOMPARE(storage->rowCount(), int(expected.storage.size()));
    for (int row = 0; row < storage->rowCount(); ++row) {
        QCOMPARE(cell(storage, row, Panel::StorageSize),
                 ui::CostText::bytes(expected.storage[size_t(row)].bytes));
        QCOMPARE(cell(storage, row, Panel::StorageMonthly),
                 ui::CostText::money(expected.storage[size_t(row)].monthly));
    }
    QVERIFY2(panel.summaryLabel()->text().contains(ui::CostText::money(expected.totals.onDemand)),
             qPrintable(panel.summaryLabel()->text()));
    QVERIFY(
        panel.summaryLabel()->text().contains(ui::CostText::money(expected.totals.provisioned)));
    auto *biggest = panel.findChild<QLabel *>(QStringLiteral("capacityBiggestCost"));
    QVERIFY(biggest);
    QVERIFY(!expected.biggestCost.isEmpty());
    QCOMPARE(biggest->text(), expected.biggestCost);
    QVERIFY(panel.summaryLabel()->text().contains(expected.prices.region));
    QVERIFY(panel.pricesLabel()->text().contains(expected.prices.region));
    QVERIFY(panel.pricesLabel()->text().contains(expected.prices.readRequestUnitsPerMillion.asOf));
    QCOMPARE(panel.tabs()->tabText(Panel::AssumptionsTab),
             QStringLiteral("Assumptions (%1)").arg(expected.assumptions.size()));
    QVERIFY(!expected.assumptions.isEmpty());
    for (const QString &assumption : expected.assumptions)
        QVERIFY(panel.assumptionsLabel()->text().contains(assumption));
}

// A rate typed into the pattern form: that row's RCU per second and monthly costs follow once
// recomputed, "Computing…" meanwhile; undo brings the old figures back.
void TestCapacityPanel::editingARateUpdatesItsRowAndUndoRestores()
{
    ui::Document document;
    QVERIFY(document.open(kIot).empty());
    ui::PatternsPanel patterns;
    patterns.setDocument(&document);
    // As the main window feeds it.
    QObject::connect(&document, &ui::Document::patternsReady, &patterns, [&] {
        patterns.setResults(document.patternResults(), document.project().accessPatterns,
                            document.populationError());
    });
    Panel panel;
    panel.setDocument(&document);
    QVERIFY(settle(document));
    const QString name = document.project().accessPatterns[0].name;
    const int row = patternRow(panel, name);
    QVERIFY(row >= 0);
    const model::PatternCost before = panel.report()->patterns[size_t(row)];
    const QString rcuBefore = cell(panel.patternTable(), row, Panel::PatternRcuPerSecond);
    const QString provisionedBefore = cell(panel.patternTable(), row, Panel::PatternProvisioned);
    QCOMPARE(rcuBefore, ui::CostText::figure(before.rcuPerSecond));

    patterns.listView()->setCurrentIndex(patterns.listView()->model()->index(0, 0));
    patterns.editAction()->trigger();
    ui::PatternEditor *editor = patterns.editor();
    QVERIFY(editor);
    const double newRate = before.rate * 3;
    editor->rateEdit()->setText(ui::CostText::figure(newRate));
    editor->averageRateEdit()->setText(ui::CostText::figure(newRate));
    QVERIFY2(editor->problem().isEmpty(), qPrintable(editor->problem()));
    editor->okButton()->click();
    QVERIFY(panel.isComputing());
    QCOMPARE(panel.statusText(), QStringLiteral("Computing\u2026"));
    QVERIFY(settle(document));
    QVERIFY(!panel.isComputing());
    const QString rcuAfter = cell(panel.patternTable(), row, Panel::PatternRcuPerSecond);
    QCOMPARE(rcuAfter, ui::CostText::figure(before.rcuPerRequest * newRate));
    QVERIFY(rcuAfter != rcuBefore);
    QVERIFY(cell(panel.patternTable(), row, Panel::PatternProvisioned) != provisionedBefore);
    QCOMPARE(
        cell(panel.patternTable(), row, Panel::PatternOnDemand),
        ui::CostText::money(computed(document.project()).patterns[size_t(row)].monthlyOnDemand));

    document.undoStack()->undo();
    QVERIFY(settle(document));
    QCOMPARE(cell(panel.patternTable(), row, Panel::PatternRcuPerSecond), rcuBefore);
    QCOMPARE(cell(panel.patternTable(), row, Panel::PatternProvisioned), provisionedBefore);
}

void TestCapacityPanel::saysComputingAndWhyTheDesignDoesNotPopulate()
{
    ui::Document document;
    QVERIFY(document.open(kIot).empty());
    Panel panel;
    panel.setDocument(&document);
    QVERIFY(settle(document));
    QVERIFY(panel.patternTable()->rowCount() > 0);

    // A template naming an attribute Reading does not have: nothing populates.
    QVERIFY(document.setKeyTemplate(QStringLiteral("Reading"), QStringLiteral("SK"),
                                    QStringLiteral("#READING#{Nope}")));
    QCOMPARE(panel.statusText(), QStringLiteral("Computing\u2026"));
    QVERIFY(settle(document));
    QVERIFY(!document.populationError().isEmpty());
    QCOMPARE(panel.statusText(), document.populationError());
    auto *status = panel.findChild<QLabel *>(QStringLiteral("capacityStatus"));
    QVERIFY(status);
    QCOMPARE(status->text(), document.populationError());
    QVERIFY(status->isVisibleTo(&panel));
    QCOMPARE(panel.patternTable()->rowCount(), 0);
    QVERIFY(!panel.report());

    document.undoStack()->undo();
    QVERIFY(settle(document));
    QVERIFY(panel.statusText().isEmpty());
    QVERIFY(!status->isVisibleTo(&panel));
    QVERIFY(panel.patternTable()->rowCount() > 0);
}

// Edits in quick succession: the figures shown are those of the design as it stands.
void TestCapacityPanel::onlyTheLatestRevisionIsShown()
{
    ui::Document document;
    QVERIFY(document.open(kIot).empty());
    Panel panel;
    panel.setDocument(&document);
    QVERIFY(settle(document));
    const model::PatternCost before = panel.report()->patterns[0];
    for (double rate : {1000.0, 2000.0, 3000.0}) {
        model::AccessPattern pattern = document.project().accessPatterns[0];
        pattern.rate = rate;
        pattern.averageRate = rate;
        QVERIFY(document.setAccessPattern(0, pattern));
        QTest::qWait(5);
    }
    QVERIFY(settle(document));
    QCOMPARE(document.costRevision(), document.revision());
    QCOMPARE(panel.report()->patterns[0].rate, 3000.0);
    QCOMPARE(cell(panel.patternTable(), 0, Panel::PatternRcuPerSecond),
             ui::CostText::figure(before.rcuPerRequest * 3000));
}

// View > Capacity shows and hides the panel, on a key no other action uses.
void TestCapacityPanel::mainWindowHasTheCapacityPanel()
{
    QTemporaryDir dir;
    ui::Settings settings(dir.filePath(QStringLiteral("settings.ini")));
    ui::MainWindow window(&settings, QString());
    QDockWidget *dock = window.dock(QStringLiteral("CapacityDock"));
    QVERIFY(dock);
    QVERIFY(dock->widget()->isAncestorOf(window.capacityPanel()));
    auto *toggle = window.findChild<QAction *>(QStringLiteral("actionToggleCapacityDock"));
    QVERIFY(toggle);
    QCOMPARE(toggle->text(), QStringLiteral("Capacity"));
    QVERIFY(!toggle->shortcut().isEmpty());
    for (QAction *action : window.findChildren<QAction *>()) {
        if (action != toggle)
            QVERIFY2(!action->shortcuts().contains(toggle->shortcut()), qPrintable(action->text()));
    }
    QVERIFY(window.openFile(kIot));
    QVERIFY(settle(*window.document()));
    QVERIFY(window.capacityPanel()->report());
}

QTEST_MAIN(TestCapacityPanel)
#include "tst_capacitypanel.moc"
