#include "model/design/projectfile.h"
#include "tests/support/testpaths.h"
#include "ui/document/autosaver.h"
#include "ui/document/document.h"

#include <QFile>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace keyscope;
using model::AttributeValue;

namespace {

const QString kIot = keyscope::testsupport::testDataPath("/ui/iot.keyscope.json");
const QString kReadingSk = QStringLiteral("#READING#{Ts|iso8601}");

// Waits until the document's derived state describes its current revision.
bool settle(ui::Document &document)
{
    if (!document.isBusy() && document.resultsRevision() == document.revision())
        return true;
    return QTest::qWaitFor(
        [&] { return !document.isBusy() && document.resultsRevision() == document.revision(); },
        10000);
}

// The first device's item collection, in sort-key order: "D" for the device, "R" per reading.
QString deviceCollectionShape(const ui::Document &document)
{
    const auto table = document.table();
    const auto population = document.population();
    if (!table || !population || population->items.empty())
        return {};
    const AttributeValue pk = population->items.front().at(QStringLiteral("PK"));
    const model::Partition *partition = table->store()->findPartition(pk.sortableBytes());
    if (!partition)
        return {};
    QString shape;
    for (const model::PartitionEntry &entry : partition->entries) {
        const QString sk = table->attribute(entry.item, QStringLiteral("SK")).asString();
        shape += sk.contains(QLatin1String("READING")) ? QLatin1Char('R') : QLatin1Char('D');
    }
    return shape;
}

QString readingTemplate(const ui::Document &document)
{
    const model::EntityType *reading = document.project().entity(QStringLiteral("Reading"));
    return reading ? reading->keys.at(QStringLiteral("SK")) : QString();
}

} // namespace

class TestDocument : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void backgroundPopulationDeliversResults();
    void keyTemplateEditResortsAndUndoRestores();
    void typingMergesIntoOneUndoStep();
    void renameFollowsReferencesAndMerges();
    void removeAndAddEntityRestoreExactly();
    void populationErrorIsReportedAndKeepsLastTable();
    void newerEditsCancelStaleWork();
    void saveMarksCleanAndUndoBackToSavedIsClean();
    void openReportsEveryProblem();
    void autosaveWritesRecoveryAndRestoreBringsEditsBack();
};

void TestDocument::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestDocument::backgroundPopulationDeliversResults()
{
    ui::Document document;
    QSignalSpy population(&document, &ui::Document::populationReady);
    QSignalSpy patterns(&document, &ui::Document::patternsReady);
    QSignalSpy checks(&document, &ui::Document::checksReady);
    QSignalSpy busy(&document, &ui::Document::busyChanged);
    QVERIFY(document.open(kIot).empty());
    QVERIFY(document.isBusy());
    QVERIFY(checks.wait(10000));
    QCOMPARE(population.count(), 1);
    QCOMPARE(patterns.count(), 1);
    QVERIFY(document.table());
    QCOMPARE(document.table()->itemCount(), document.population()->size());
    QVERIFY(document.table()->itemCount() > 3 * 25);
    QCOMPARE(document.patternResults().size(), size_t(2));
    for (const model::PatternResult &result : document.patternResults())
        QVERIFY2(result.passed, qPrintable(result.explanation));
    QVERIFY(QTest::qWaitFor([&] { return !document.isBusy(); }, 5000));
    QCOMPARE(busy.first().first().toBool(), true);
    QCOMPARE(busy.last().first().toBool(), false);
    QCOMPARE(document.resultsRevision(), document.revision());
    QVERIFY(!document.isModified());
    QCOMPARE(document.displayName(), QStringLiteral("iot.keyscope.json"));
}

void TestDocument::keyTemplateEditResortsAndUndoRestores()
{
    ui::Document document;
    QVERIFY(document.open(kIot).empty());
    QVERIFY(settle(document));
    const QString before = deviceCollectionShape(document);
    // '#' (0x23) sorts before 'D' (0x44): readings first, the device last.
    QVERIFY(before.endsWith(QLatin1String("RD")));
    QVERIFY(before.startsWith(QLatin1Char('R')));
    QVERIFY(document.patternResults().front().passed);

    QVERIFY(document.setKeyTemplate(QStringLiteral("Reading"), QStringLiteral("SK"),
                                    QStringLiteral("READING#{Ts|iso8601}")));
    QCOMPARE(document.undoStack()->count(), 1);
    QVERIFY(document.isModified());
    QVERIFY(settle(document));
    const QString after = deviceCollectionShape(document);
    // 'D' (0x44) < 'R' (0x52): the device now comes first, and the backward Limit 11 read
    // no longer reaches it.
    QVERIFY(after.startsWith(QLatin1String("DR")));
    QCOMPARE(after.size(), before.size());
    QVERIFY(!document.patternResults().front().passed);

    document.undoStack()->undo();
    QCOMPARE(readingTemplate(document), kReadingSk);
    QVERIFY(!document.isModified());
    QVERIFY(settle(document));
    QCOMPARE(deviceCollectionShape(document), before);
    QVERIFY(document.patternResults().front().passed);

    document.undoStack()->redo();
    QVERIFY(settle(document));
    QCOMPARE(deviceCollectionShape(document), after);
}

void TestDocument::typingMergesIntoOneUndoStep()
{
    ui::Document document;
    QVERIFY(document.open(kIot).empty());
    const QString typed = QStringLiteral("READING#{Ts}");
    for (int i = 1; i <= typed.size(); ++i)
        document.setKeyTemplate(QStringLiteral("Reading"), QStringLiteral("SK"), typed.left(i));
    QCOMPARE(document.undoStack()->count(), 1);
    QCOMPARE(readingTemplate(document), typed);

    // The same field again after the editor finished: a new step.
    document.finishEditing();
    document.setKeyTemplate(QStringLiteral("Reading"), QStringLiteral("SK"),
                            typed + QLatin1Char('Z'));
    QCOMPARE(document.undoStack()->count(), 2);
    // Another field in between also breaks the burst.
    document.setSeed(99);
    QCOMPARE(document.undoStack()->count(), 3);
    document.setSeed(990);
    QCOMPARE(document.undoStack()->count(), 3);

    document.undoStack()->undo();
    QCOMPARE(document.project().seed, quint64(7));
    document.undoStack()->undo();
    QCOMPARE(readingTemplate(document), typed);
    document.undoStack()->undo();
    QCOMPARE(readingTemplate(document), kReadingSk);
    QVERIFY(!document.isModified());

    // Typing something and deleting it back leaves nothing to undo.
    document.undoStack()->clear();
    document.setKeyTemplate(QStringLiteral("Reading"), QStringLiteral("SK"),
                            kReadingSk + QLatin1Char('x'));
    document.setKeyTemplate(QStringLiteral("Reading"), QStringLiteral("SK"), kReadingSk);
    QCOMPARE(document.undoStack()->count(), 0);
    QVERIFY(settle(document));
}

void TestDocument::renameFollowsReferencesAndMerges()
{
    ui::Document document;
    QVERIFY(document.open(kIot).empty());
    QVERIFY(document.renameEntity(QStringLiteral("Device"), QStringLiteral("Devic")));
    QVERIFY(document.renameEntity(QStringLiteral("Devic"), QStringLiteral("Sensor")));
    QVERIFY(!document.renameEntity(QStringLiteral("Sensor"), QStringLiteral("Reading")));
    QVERIFY(!document.renameEntity(QStringLiteral("Nope"), QStringLiteral("X")));
    QCOMPARE(document.undoStack()->count(), 1);
    const model::EntityType *reading = document.project().entity(QStringLiteral("Reading"));
    QCOMPARE(reading->parent, QStringLiteral("Sensor"));
    QCOMPARE(reading->keys.at(QStringLiteral("PK")), QStringLiteral("DEVICE#{Sensor.DeviceId}"));
    QCOMPARE(document.project().accessPatterns.front().parentEntity, QStringLiteral("Sensor"));
    QVERIFY(document.project().accessPatterns.front().expect.entityTypes.contains(
        QStringLiteral("Sensor")));
    QVERIFY(settle(document));
    QVERIFY(document.populationError().isEmpty());
    QVERIFY(document.patternResults().front().passed);

    document.undoStack()->undo();
    QVERIFY(document.project().entity(QStringLiteral("Device")));
    QCOMPARE(document.project().entity(QStringLiteral("Reading"))->keys.at(QStringLiteral("PK")),
             QStringLiteral("DEVICE#{Device.DeviceId}"));
}

void TestDocument::removeAndAddEntityRestoreExactly()
{
    ui::Document document;
    QVERIFY(document.open(kIot).empty());
    QVERIFY(settle(document));
    const qsizetype all = document.table()->itemCount();
    const QJsonObject original = model::ProjectFile::toJson(document.project());

    QVERIFY(document.removeEntity(QStringLiteral("Reading")));
    QVERIFY(!document.removeEntity(QStringLiteral("Reading")));
    QCOMPARE(document.project().entities.size(), size_t(1));
    QVERIFY(settle(document));
    QCOMPARE(document.table()->itemCount(), 3);

    document.undoStack()->undo();
    QCOMPARE(model::ProjectFile::toJson(document.project()), original);
    QVERIFY(settle(document));
    QCOMPARE(document.table()->itemCount(), all);

    model::EntityType alarm;
    alarm.name = QStringLiteral("Alarm");
    alarm.parent = QStringLiteral("Device");
    alarm.countMin = alarm.countMax = 2;
    alarm.keys = {{QStringLiteral("PK"), QStringLiteral("DEVICE#{Device.DeviceId}")},
                  {QStringLiteral("SK"), QStringLiteral("ALARM#{Seq|pad:3}")}};
    model::AttributeSpec seq;
    seq.name = QStringLiteral("Seq");
    seq.type = model::AttributeKind::N;
    seq.generator.perParent = true;
    alarm.attributes.push_back(seq);
    QVERIFY(document.addEntity(alarm));
    QVERIFY(!document.addEntity(alarm));
    QVERIFY(settle(document));
    QVERIFY2(document.populationError().isEmpty(), qPrintable(document.populationError()));
    QCOMPARE(document.table()->itemCount(), all + 6);
    document.undoStack()->undo();
    QCOMPARE(model::ProjectFile::toJson(document.project()), original);
}

void TestDocument::populationErrorIsReportedAndKeepsLastTable()
{
    ui::Document document;
    QVERIFY(document.open(kIot).empty());
    QVERIFY(settle(document));
    const auto table = document.table();
    QSignalSpy failed(&document, &ui::Document::populationFailed);
    document.setKeyTemplate(QStringLiteral("Reading"), QStringLiteral("SK"),
                            QStringLiteral("#READING#{Nope}"));
    QVERIFY(settle(document));
    QCOMPARE(failed.count(), 1);
    QVERIFY(document.populationError().contains(QLatin1String("Nope")));
    // Where, in the user's words rather than the JSON path.
    QVERIFY2(document.populationError().startsWith(QLatin1String("the SK template of Reading: ")),
             qPrintable(document.populationError()));
    QCOMPARE(document.table(), table);
    QVERIFY(document.patternResults().empty());

    document.undoStack()->undo();
    QVERIFY(settle(document));
    QVERIFY(document.populationError().isEmpty());
    QCOMPARE(document.patternResults().size(), size_t(2));
}

void TestDocument::newerEditsCancelStaleWork()
{
    ui::Document document;
    QVERIFY(document.open(kIot).empty());
    QSignalSpy population(&document, &ui::Document::populationReady);
    for (quint64 seed = 1; seed <= 20; ++seed) {
        document.finishEditing();
        document.setSeed(seed);
        QTest::qWait(3);
    }
    QVERIFY(settle(document));
    QVERIFY(population.count() < 20);
    QCOMPARE(document.resultsRevision(), document.revision());
    QCOMPARE(document.project().seed, quint64(20));
    QCOMPARE(document.undoStack()->count(), 20);

    // What arrived is the population of seed 20.
    const auto expected = model::Populator::populate(document.project());
    QCOMPARE(std::get<model::Population>(expected).items, document.population()->items);
}

void TestDocument::saveMarksCleanAndUndoBackToSavedIsClean()
{
    QTemporaryDir dir;
    ui::Document document;
    QSignalSpy modified(&document, &ui::Document::modifiedChanged);
    QVERIFY(document.open(kIot).empty());
    document.setSeed(42);
    QVERIFY(document.isModified());
    QCOMPARE(modified.count(), 1);
    const QString path = dir.filePath(QStringLiteral("saved.keyscope.json"));
    QVERIFY(!document.saveAs(path));
    QVERIFY(!document.isModified());
    QCOMPARE(document.filePath(), path);
    QCOMPARE(document.displayName(), QStringLiteral("saved.keyscope.json"));
    auto read = model::ProjectFile::read(path);
    QCOMPARE(std::get<model::Project>(read).seed, quint64(42));

    document.undoStack()->undo();
    QVERIFY(document.isModified());
    document.undoStack()->redo();
    QVERIFY(!document.isModified());

    document.newProject();
    QVERIFY(document.filePath().isEmpty());
    QVERIFY(document.project().entities.empty());
    QVERIFY(!document.isModified());
    QCOMPARE(document.undoStack()->count(), 0);
    QVERIFY(document.save().has_value()); // untitled: needs Save As
    QVERIFY(settle(document));
}

void TestDocument::openReportsEveryProblem()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bad.keyscope.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"keyscope": 1, "seed": "x", "entities": [{"name": "A", "colour": "#fff"}]})");
    file.close();
    ui::Document document;
    QVERIFY(document.open(kIot).empty());
    const auto errors = document.open(path);
    QVERIFY(errors.size() >= 2);
    QCOMPARE(document.filePath(), kIot);
}

void TestDocument::autosaveWritesRecoveryAndRestoreBringsEditsBack()
{
    QTemporaryDir dir;
    const QString recoveryPath = dir.filePath(QStringLiteral("recovery.keyscope.json"));
    {
        ui::Document document;
        ui::Autosaver autosaver(&document);
        autosaver.setRecoveryPath(recoveryPath);
        autosaver.setIntervalSeconds(1);
        QVERIFY(document.open(kIot).empty());
        QVERIFY(!autosaver.saveNow()); // nothing to save while unmodified
        QVERIFY(!QFile::exists(recoveryPath));

        document.setKeyTemplate(QStringLiteral("Reading"), QStringLiteral("SK"),
                                QStringLiteral("READING#{Ts|iso8601}"));
        QSignalSpy autosaved(&autosaver, &ui::Autosaver::autosaved);
        QVERIFY(autosaved.wait(3000)); // the timer, not saveNow
        QVERIFY(QFile::exists(recoveryPath));
        // The document dies without saving: a crash, as far as the file is concerned.
    }
    {
        ui::Document document;
        ui::Autosaver autosaver(&document);
        autosaver.setRecoveryPath(recoveryPath);
        const auto pending = autosaver.pendingRecovery();
        QVERIFY(pending);
        QCOMPARE(pending->originalPath, kIot);
        QVERIFY(pending->savedAt.isValid());

        QVERIFY(autosaver.restore().isEmpty());
        QCOMPARE(readingTemplate(document), QStringLiteral("READING#{Ts|iso8601}"));
        QCOMPARE(document.filePath(), kIot);
        QVERIFY(document.isModified());
        QVERIFY(!document.project().extra.contains(QStringLiteral("x-keyscope-recovery")));
        QVERIFY(settle(document));
        QVERIFY(deviceCollectionShape(document).startsWith(QLatin1String("DR")));

        // Saving (here: elsewhere) ends the need for the recovery file.
        QVERIFY(!document.saveAs(dir.filePath(QStringLiteral("kept.keyscope.json"))));
        QVERIFY(!QFile::exists(recoveryPath));
        QVERIFY(!autosaver.pendingRecovery());
    }
}

QTEST_MAIN(TestDocument)
#include "tst_document.moc"
