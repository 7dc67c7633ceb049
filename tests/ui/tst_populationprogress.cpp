// A big population shows what it is doing ("Populating 1,000,000 items… 43%") and can be
// cancelled; the document keeps the collection it had.

#include "model/design/projectfile.h"
#include "tests/support/testpaths.h"
#include "ui/document/document.h"
#include "ui/document/populationprogress.h"

#include <QApplication>
#include <QLocale>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QToolButton>

using namespace keyscope;

namespace {

const QString kIot
    = keyscope::testsupport::sourcePath("/resources/examples/iot/after.keyscope.json");

model::Project iotWithDevices(int devices)
{
    auto read = model::ProjectFile::read(kIot);
    if (!std::holds_alternative<model::Project>(read))
        qFatal("cannot read the IoT example");
    model::Project project = std::get<model::Project>(std::move(read));
    for (model::EntityType &entity : project.entities) {
        if (entity.parent.isEmpty())
            entity.countMin = entity.countMax = devices;
    }
    return project;
}

bool settle(ui::Document &document)
{
    return QTest::qWaitFor(
        [&] { return !document.isBusy() && document.resultsRevision() == document.revision(); },
        20000);
}

} // namespace

class TestPopulationProgress : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void bigPopulationIsLabelledAndCancellable();
};

void TestPopulationProgress::bigPopulationIsLabelledAndCancellable()
{
    ui::Document document;
    ui::PopulationProgress progress(&document);
    progress.setDelay(0);
    progress.show();
    document.setProject(iotWithDevices(3));
    QVERIFY(settle(document));
    QVERIFY(progress.isHidden()); // done: nothing to show
    const auto small = document.population();
    QVERIFY(small && small->items.size() < 200);
    QVERIFY(!document.patternResults().empty());

    // About 650,000 readings: long enough to watch, and to cancel.
    document.setProject(iotWithDevices(20000));
    QVERIFY(QTest::qWaitFor([&] { return document.populatingItems() > 0; }, 10000));
    QVERIFY(QTest::qWaitFor([&] { return progress.isVisible(); }, 5000));
    const qint64 items = document.populatingItems();
    QVERIFY2(items > 500000, qPrintable(QString::number(items)));
    QVERIFY2(progress.text().startsWith(
                 QStringLiteral("Populating %1 items… ").arg(QLocale().toString(items))),
             qPrintable(progress.text()));
    QVERIFY(progress.text().endsWith(u'%'));
    QVERIFY(progress.cancelButton()->isVisible());
    if (const QString dir = qEnvironmentVariable("KEYSCOPE_SCREENSHOT_DIR"); !dir.isEmpty())
        progress.grab().save(dir + QStringLiteral("/population-progress.png"));

    QSignalSpy failed(&document, &ui::Document::populationFailed);
    QTest::mouseClick(progress.cancelButton(), Qt::LeftButton);
    QVERIFY(!document.isBusy());
    QVERIFY(progress.isHidden());
    QCOMPARE(failed.count(), 1);
    QVERIFY(document.populationError().contains(QStringLiteral("cancelled")));
    // Consistent: the collection it had, no verdicts claimed for the design not populated.
    QCOMPARE(document.population(), small);
    QVERIFY(document.patternResults().empty());
    QCOMPARE(document.resultsRevision(), document.revision());
    // Nothing late arrives from the cancelled work.
    QTest::qWait(300);
    QCOMPARE(document.population(), small);

    // The next change populates again.
    document.setProject(iotWithDevices(4));
    QVERIFY(settle(document));
    QVERIFY(document.populationError().isEmpty());
    QVERIFY(document.population() != small);
}

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    TestPopulationProgress test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_populationprogress.moc"
