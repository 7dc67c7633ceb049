// Design > Infer Entity Types…: the review dialog, applying it as one undo step, and the bar
// that offers it after an items-only import. Written against what holds for any recovery that
// groups items by their key shape (READING#1..#9 and ORDER#1..#5 make Reading and Order);
// where a specific shape is needed (a parent and its child) the result is built by hand.

#include "model/design/projectfile.h"
#include "model/design/recovery/designrecovery.h"
#include "model/value/dynamojson.h"
#include "tests/support/testpaths.h"
#include "ui/document/document.h"
#include "ui/recovery/inferactions.h"
#include "ui/recovery/inferdialog.h"
#include "ui/recovery/inferoffer.h"
#include "ui/recovery/proposalmodel.h"
#include "ui/settings/settings.h"
#include "ui/shell/interopactions.h"
#include "ui/shell/mainwindow.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QFile>
#include <QJsonArray>
#include <QLineEdit>
#include <QPushButton>
#include <QSet>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QUndoStack>

#include <functional>

using namespace keyscope;
using model::recovery::DesignRecovery;
using model::recovery::EntityProposal;
using model::recovery::InferredKey;
using model::recovery::RecoveryResult;

namespace {

const QString kExamples = keyscope::testsupport::sourcePath("/resources/examples");

class TestWindow : public ui::MainWindow
{
public:
    using ui::MainWindow::MainWindow;
    // Answers the review; the default accepts every proposal as it is.
    std::function<bool(ui::InferDialog &)> review = [](ui::InferDialog &) { return true; };
    int reviews = 0;
    QStringList informations;
    QStringList errors;
    QString savePath;

protected:
    QMessageBox::StandardButton askSaveChanges() override { return QMessageBox::Discard; }
    QString askProjectName() override { return QStringLiteral("Inferred"); }
    QString askSavePath() override { return savePath; }
    bool askReviewProposals(ui::InferDialog &dialog) override
    {
        ++reviews;
        return review(dialog);
    }
    void showInformation(const QString &title, const QString &text) override
    {
        informations << title + QStringLiteral(": ") + text;
    }
    void showError(const QString &title, const QString &text) override
    {
        errors << title + QStringLiteral(": ") + text;
    }
};

model::Item item(const QString &pk, const QString &sk)
{
    return {{QStringLiteral("PK"), model::AttributeValue::string(pk)},
            {QStringLiteral("SK"), model::AttributeValue::string(sk)}};
}

// Readings READING#1..#9 in the DEVICE#1 collection and orders ORDER#1..#5 of a customer,
// written by hand: no entity types.
model::Project handWritten()
{
    model::Project project;
    project.name = QStringLiteral("Hand-written");
    QString error;
    project.table
        = *model::TableDefinition::fromJson(QJsonDocument::fromJson(R"({"TableName": "App",
            "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
                                     {"AttributeName": "SK", "AttributeType": "S"}],
            "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                          {"AttributeName": "SK", "KeyType": "RANGE"}]})")
                                                .object(),
                                            &error);
    project.tableJson = project.table.toJson();
    for (int i = 1; i <= 9; ++i)
        project.items.push_back(
            item(QStringLiteral("DEVICE#1"), QStringLiteral("READING#%1").arg(i)));
    for (int i = 1; i <= 5; ++i)
        project.items.push_back(
            item(QStringLiteral("CUSTOMER#7"), QStringLiteral("ORDER#%1").arg(i)));
    return project;
}

QStringList entityNames(const model::Project &project)
{
    QStringList names;
    for (const model::EntityType &entity : project.entities)
        names << entity.name;
    names.sort();
    return names;
}

QStringList proposalNames(const ui::InferDialog &dialog)
{
    QStringList names;
    for (int row = 0; row < dialog.model()->rowCount(); ++row)
        names << dialog.model()->name(row);
    names.sort();
    return names;
}

int rowNamed(const ui::InferDialog &dialog, const QString &name)
{
    for (int row = 0; row < dialog.model()->rowCount(); ++row) {
        if (dialog.model()->name(row) == name)
            return row;
    }
    return -1;
}

qsizetype itemsWithPrefix(const model::Project &project, const QString &prefix)
{
    qsizetype n = 0;
    for (const model::Item &values : project.items) {
        const auto sk = values.find(QStringLiteral("SK"));
        if (sk != values.end() && sk->second.asString().startsWith(prefix))
            ++n;
    }
    return n;
}

// Each item as DynamoDB JSON text: what "the same item" means byte for byte.
QList<QByteArray> itemBytes(const model::Project &project)
{
    QList<QByteArray> bytes;
    for (const model::Item &values : project.items)
        bytes
            << QJsonDocument(model::dynamojson::itemToJson(values)).toJson(QJsonDocument::Compact);
    return bytes;
}

// A Device with one Reading child: the shape a parent/child recovery produces.
RecoveryResult deviceAndReadings()
{
    RecoveryResult result;
    EntityProposal device;
    device.entity.name = QStringLiteral("Device");
    device.entity.keys = {{QStringLiteral("PK"), QStringLiteral("DEVICE#{DeviceId}")},
                          {QStringLiteral("SK"), QStringLiteral("DEVICE#{DeviceId}")}};
    model::AttributeSpec id;
    id.name = QStringLiteral("DeviceId");
    device.entity.attributes = {id};
    device.nameSource = QStringLiteral("the prefix DEVICE#");
    device.items = {0};
    device.confidence = 1;
    device.reason = QStringLiteral("1 item whose SK starts 'DEVICE#'");
    InferredKey key;
    key.keyAttribute = QStringLiteral("SK");
    key.templateText = QStringLiteral("DEVICE#{DeviceId}");
    device.keys = {key};
    EntityProposal reading;
    reading.entity.name = QStringLiteral("Reading");
    reading.entity.parent = QStringLiteral("Device");
    reading.entity.keys = {{QStringLiteral("PK"), QStringLiteral("DEVICE#{Device.DeviceId}")},
                           {QStringLiteral("SK"), QStringLiteral("READING#{ReadingNo}")}};
    model::AttributeSpec no;
    no.name = QStringLiteral("ReadingNo");
    no.type = model::AttributeKind::N;
    reading.entity.attributes = {no};
    reading.nameSource = QStringLiteral("the prefix READING#");
    reading.items = {1, 2};
    reading.nearMisses = {3};
    reading.confidence = 0.67;
    reading.reason = QStringLiteral("2 of 3 items whose SK starts 'READING#' match");
    key.templateText = QStringLiteral("READING#{ReadingNo}");
    reading.keys = {key};
    result.proposals = {device, reading};
    result.groupOf = {0, 1, 1, -1};
    result.unmatched = {3};
    return result;
}

model::Project deviceProject()
{
    model::Project project = handWritten();
    project.items = {item(QStringLiteral("DEVICE#1"), QStringLiteral("DEVICE#1")),
                     item(QStringLiteral("DEVICE#1"), QStringLiteral("READING#1")),
                     item(QStringLiteral("DEVICE#1"), QStringLiteral("READING#2")),
                     item(QStringLiteral("DEVICE#1"), QStringLiteral("READING#x"))};
    return project;
}

bool showActive(QWidget &widget)
{
    widget.show();
    widget.activateWindow();
    return QTest::qWaitForWindowActive(&widget);
}

bool settle(ui::Document *document)
{
    return QTest::qWaitFor(
        [&] { return !document->isBusy() && document->resultsRevision() == document->revision(); },
        10000);
}

} // namespace

class TestInferDialog : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QApplication::setAttribute(Qt::AA_Use96Dpi);
    }
    void init();
    void cleanup();

    void acceptAllIsOneUndoStep();
    void rejectedProposalKeepsItsItems();
    void renameFollowsToTheChildren();
    void takenOrDuplicateNameRefusesApply();
    void mergeMakesOneProposal();
    void mergeTakesAnyNumberOfRows();
    void workbenchItemsStayAsImported();
    void keyboard();
    void detailsShowTheSelectedProposal();
    void nothingToInferSaysSo();
    void offerAfterItemsOnlyImport();
    void offerAfterWorkbenchImport();
    void workbenchFacetsListTheirItems();
    void noOfferForADesign();
    void offerDismissed();
    void savedAfterInferring();

private:
    QString writeProject(const model::Project &project);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ui::Settings> m_settings;
    std::unique_ptr<TestWindow> m_window;
};

void TestInferDialog::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_settings = std::make_unique<ui::Settings>(m_dir->filePath(QStringLiteral("settings.ini")));
    m_window = std::make_unique<TestWindow>(m_settings.get(), kExamples);
    m_window->autosaver()->setRecoveryPath(
        m_dir->filePath(QStringLiteral("recovery.keyscope.json")));
}

void TestInferDialog::cleanup()
{
    m_window.reset();
    m_settings.reset();
    m_dir.reset();
}

QString TestInferDialog::writeProject(const model::Project &project)
{
    const QString path = m_dir->filePath(QStringLiteral("items.keyscope.json"));
    if (auto error = model::ProjectFile::write(project, path))
        qWarning() << error->toString();
    return path;
}

void TestInferDialog::acceptAllIsOneUndoStep()
{
    QVERIFY(m_window->openFile(writeProject(handWritten())));
    ui::Document *document = m_window->document();
    const QJsonObject before = model::ProjectFile::toJson(document->project());
    QStringList offered;
    m_window->review = [&](ui::InferDialog &dialog) {
        offered = proposalNames(dialog);
        return dialog.okButton()->isEnabled();
    };
    auto *action = m_window->findChild<QAction *>(QStringLiteral("actionInferEntityTypes"));
    QVERIFY(action);
    QVERIFY(!action->shortcut().isEmpty());
    action->trigger();
    QCOMPARE(m_window->reviews, 1);
    QCOMPARE(offered, (QStringList {QStringLiteral("Order"), QStringLiteral("Reading")}));
    QCOMPARE(entityNames(document->project()), offered);
    // The types describe the items; every item stays exactly as it was, none is generated.
    QCOMPARE(itemBytes(document->project()), itemBytes(handWritten()));
    for (const model::EntityType &entity : document->project().entities)
        QCOMPARE(entity.countMax, 0);
    // Told apart in the collection: each has a colour of its own.
    QSet<QString> colours;
    for (const model::EntityType &entity : document->project().entities)
        colours.insert(entity.color);
    QCOMPARE(colours.size(), 2);
    QVERIFY(!colours.contains(QString()));
    QVERIFY(document->isModified());
    QCOMPARE(document->undoStack()->count(), 1);
    const QJsonObject after = model::ProjectFile::toJson(document->project());

    document->undoStack()->undo();
    QCOMPARE(model::ProjectFile::toJson(document->project()), before);
    QCOMPARE(document->project().items.size(), size_t(14));
    document->undoStack()->redo();
    QCOMPARE(model::ProjectFile::toJson(document->project()), after);
    QVERIFY(settle(document));
}

void TestInferDialog::rejectedProposalKeepsItsItems()
{
    QVERIFY(m_window->openFile(writeProject(handWritten())));
    ui::Document *document = m_window->document();
    QString summary;
    m_window->review = [&](ui::InferDialog &dialog) {
        const int order = rowNamed(dialog, QStringLiteral("Order"));
        if (order < 0)
            return false;
        // Space on the row (any cell) unticks it.
        dialog.view()->setCurrentIndex(dialog.model()->index(order, ui::ProposalModel::Reason));
        QTest::keyClick(dialog.view(), Qt::Key_Space);
        summary = dialog.summaryText();
        return !dialog.model()->isAccepted(order);
    };
    QVERIFY(m_window->inferActions()->infer());
    QCOMPARE(entityNames(document->project()), QStringList {QStringLiteral("Reading")});
    QCOMPARE(itemBytes(document->project()), itemBytes(handWritten()));
    QVERIFY2(summary.contains(QStringLiteral("5 items of the unticked")), qPrintable(summary));
}

void TestInferDialog::renameFollowsToTheChildren()
{
    const model::Project project = deviceProject();
    m_window->document()->setProject(project);
    m_window->review = [&](ui::InferDialog &dialog) {
        if (!showActive(dialog))
            return false;
        dialog.view()->setCurrentIndex(dialog.model()->index(0, ui::ProposalModel::Items));
        QTest::keyClick(dialog.view(), Qt::Key_F2);
        auto *editor = qobject_cast<QLineEdit *>(QApplication::focusWidget());
        if (!editor)
            return false;
        editor->selectAll();
        QTest::keyClicks(editor, QStringLiteral("Sensor"));
        QTest::keyClick(editor, Qt::Key_Return);
        // The delegate commits the name once back in the event loop.
        return QTest::qWaitFor([&] { return dialog.model()->name(0) == QStringLiteral("Sensor"); })
            && dialog.problem().isEmpty();
    };
    QVERIFY(m_window->inferActions()->review(deviceAndReadings(), m_window->document()->project()));
    const model::Project &after = m_window->document()->project();
    QCOMPARE(entityNames(after),
             (QStringList {QStringLiteral("Reading"), QStringLiteral("Sensor")}));
    const model::EntityType *reading = after.entity(QStringLiteral("Reading"));
    QVERIFY(reading);
    QCOMPARE(reading->parent, QStringLiteral("Sensor"));
    QCOMPARE(reading->keys.at(QStringLiteral("PK")), QStringLiteral("DEVICE#{Sensor.DeviceId}"));
    // Every item stays, the near miss that matched no proposal too.
    QCOMPARE(itemBytes(after), itemBytes(project));
    QCOMPARE(itemsWithPrefix(after, QStringLiteral("READING#x")), 1);
}

void TestInferDialog::takenOrDuplicateNameRefusesApply()
{
    model::Project project = deviceProject();
    model::EntityType existing;
    existing.name = QStringLiteral("Sensor"); // generates items: a proposal may not take its name
    project.entities.push_back(existing);
    ui::InferDialog dialog(deviceAndReadings(), project);
    QVERIFY(dialog.problem().isEmpty());
    QVERIFY(dialog.okButton()->isEnabled());
    QVERIFY(dialog.model()->setData(dialog.model()->index(1, ui::ProposalModel::Name),
                                    QStringLiteral("  Device "), Qt::EditRole));
    QCOMPARE(dialog.model()->name(1), QStringLiteral("Device"));
    QVERIFY(dialog.problem().contains(QStringLiteral("Device")));
    QVERIFY(!dialog.okButton()->isEnabled());
    // Enter does not apply a refused review.
    QVERIFY(showActive(dialog));
    QTest::keyClick(dialog.view(), Qt::Key_Return);
    QVERIFY(dialog.isVisible());
    QVERIFY(dialog.model()->setData(dialog.model()->index(1, ui::ProposalModel::Name),
                                    QStringLiteral("Sensor"), Qt::EditRole));
    QVERIFY(dialog.problem().contains(QStringLiteral("already")));
    // Unticked, the name does not matter.
    QVERIFY(dialog.model()->setData(dialog.model()->index(1, ui::ProposalModel::Name),
                                    Qt::Unchecked, Qt::CheckStateRole));
    QVERIFY(dialog.problem().isEmpty());
    QVERIFY(dialog.okButton()->isEnabled());
    // An empty name is refused by the model.
    QVERIFY(!dialog.model()->setData(dialog.model()->index(0, ui::ProposalModel::Name),
                                     QStringLiteral("  "), Qt::EditRole));
    QCOMPARE(dialog.model()->name(0), QStringLiteral("Device"));
}

void TestInferDialog::mergeMakesOneProposal()
{
    const model::Project project = handWritten();
    const RecoveryResult result = DesignRecovery::recover(project.table, project.items);
    QCOMPARE(result.proposals.size(), size_t(2));
    ui::InferDialog dialog(result, project);
    QAbstractItemModelTester tester(dialog.model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(!dialog.mergeButton()->isEnabled());
    dialog.view()->selectAll();
    QVERIFY(dialog.mergeButton()->isEnabled());
    const QString upper = dialog.model()->name(0);
    QTest::mouseClick(dialog.mergeButton(), Qt::LeftButton);
    QCOMPARE(dialog.model()->rowCount(), 1);
    QCOMPARE(dialog.model()->name(0), upper);
    QCOMPARE(dialog.reviewed().proposals.front().items.size(), size_t(14));
    QCOMPARE(dialog.decisions().size(), size_t(1));
    QVERIFY(dialog.summaryText().startsWith(QStringLiteral("1 entity type for 14 items")));
    QVERIFY(!dialog.merge(0, 0));
}

// Rows whose keys share one template (three customers' carts, split by their names) merge in
// one step, however many are selected.
void TestInferDialog::mergeTakesAnyNumberOfRows()
{
    model::Project project = handWritten();
    for (int i = 1; i <= 4; ++i)
        project.items.push_back(
            item(QStringLiteral("CUSTOMER#7"), QStringLiteral("INVOICE#%1").arg(i)));
    const RecoveryResult result = DesignRecovery::recover(project.table, project.items);
    QCOMPARE(result.proposals.size(), size_t(3));
    ui::InferDialog dialog(result, project);
    QAbstractItemModelTester tester(dialog.model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    dialog.view()->selectAll();
    QVERIFY(dialog.mergeButton()->isEnabled());
    const QString upper = dialog.model()->name(0);
    QTest::mouseClick(dialog.mergeButton(), Qt::LeftButton);
    QCOMPARE(dialog.model()->rowCount(), 1);
    QCOMPARE(dialog.model()->name(0), upper);
    QCOMPARE(dialog.reviewed().proposals.front().items.size(), size_t(18));
    QCOMPARE(dialog.decisions().size(), size_t(1));
    QVERIFY(!dialog.merge(std::vector<int> {0}));
}

// AWS's game-player-profiles model: Infer > Apply keeps every imported item byte for byte
// (nothing regenerated, so no item moves to another player and no key is duplicated), in one
// undo step; the facets that wrote no sort key shape do not stay beside the inferred types.
void TestInferDialog::workbenchItemsStayAsImported()
{
    const QString path
        = keyscope::testsupport::testDataPath("/workbench/game-player-profiles.json");
    m_window->interop()->hooks().showNotes = [](const QString &, const QString &) {};
    QVERIFY(m_window->interop()->importFile(path));
    ui::Document *document = m_window->document();
    const model::Project imported = document->project();
    QVERIFY(entityNames(imported).contains(QStringLiteral("Items")));
    m_window->review = [](ui::InferDialog &dialog) { return dialog.okButton()->isEnabled(); };
    QVERIFY(m_window->inferActions()->infer());
    const model::Project &after = document->project();
    QCOMPARE(itemBytes(after), itemBytes(imported));
    for (const model::EntityType &entity : after.entities) {
        QCOMPARE(entity.countMax, 0);
        for (const model::KeyAttribute &key : after.table.keys.all())
            QVERIFY2(entity.keys.count(key.name)
                         || std::any_of(
                             entity.attributes.begin(), entity.attributes.end(),
                             [&](const model::AttributeSpec &a) { return a.name == key.name; }),
                     qPrintable(entity.name + QStringLiteral(" has no template for ") + key.name));
    }
    QVERIFY(!entityNames(after).contains(QStringLiteral("Items")));
    QVERIFY(!m_window->inferOffer()->isOffered());
    QVERIFY(settle(document));
    document->undoStack()->undo();
    QCOMPARE(entityNames(document->project()), entityNames(imported));
    QCOMPARE(itemBytes(document->project()), itemBytes(imported));
    QVERIFY(m_window->errors.isEmpty());
}

void TestInferDialog::keyboard()
{
    const model::Project project = deviceProject();
    {
        ui::InferDialog dialog(deviceAndReadings(), project);
        QVERIFY(showActive(dialog));
        QCOMPARE(QApplication::focusWidget(), dialog.view());
        dialog.view()->setCurrentIndex(dialog.model()->index(1, ui::ProposalModel::Templates));
        QTest::keyClick(dialog.view(), Qt::Key_Space);
        QVERIFY(!dialog.model()->isAccepted(1));
        QVERIFY(dialog.model()->isAccepted(0));
        QTest::keyClick(dialog.view(), Qt::Key_Space);
        QVERIFY(dialog.model()->isAccepted(1));
        // F2 edits the name whichever cell is current; Esc leaves the edit, not the dialog.
        QTest::keyClick(dialog.view(), Qt::Key_F2);
        auto *editor = qobject_cast<QLineEdit *>(QApplication::focusWidget());
        QVERIFY(editor);
        QCOMPARE(editor->text(), QStringLiteral("Reading"));
        QTest::keyClick(editor, Qt::Key_Escape);
        QTRY_VERIFY(!editor->isVisible());
        QVERIFY(dialog.isVisible());
        QCOMPARE(dialog.model()->name(1), QStringLiteral("Reading"));
        // Enter applies.
        QTest::keyClick(dialog.view(), Qt::Key_Return);
        QCOMPARE(dialog.QDialog::result(), int(QDialog::Accepted));
    }
    {
        ui::InferDialog dialog(deviceAndReadings(), project);
        QVERIFY(showActive(dialog));
        QTest::keyClick(dialog.view(), Qt::Key_Escape);
        QVERIFY(!dialog.isVisible());
        QCOMPARE(dialog.QDialog::result(), int(QDialog::Rejected));
    }
}

void TestInferDialog::detailsShowTheSelectedProposal()
{
    const model::Project project = deviceProject();
    ui::InferDialog dialog(deviceAndReadings(), project);
    QVERIFY(dialog.detailsText().contains(QStringLiteral("DEVICE#{DeviceId}")));
    dialog.view()->setCurrentIndex(dialog.model()->index(1, ui::ProposalModel::Name));
    const QString details = dialog.detailsText();
    QVERIFY2(details.contains(QStringLiteral("READING#{ReadingNo}")), qPrintable(details));
    QVERIFY(details.contains(QStringLiteral("Child of Device")));
    QVERIFY(details.contains(QStringLiteral("1 item shares the prefix")));
    // Renamed here, the parent is called by its new name.
    QVERIFY(dialog.model()->setData(dialog.model()->index(0, ui::ProposalModel::Name),
                                    QStringLiteral("Sensor"), Qt::EditRole));
    QVERIFY2(dialog.detailsText().contains(QStringLiteral("Child of Sensor")),
             qPrintable(dialog.detailsText()));
    QVERIFY(details.contains(QStringLiteral("ReadingNo")));
    QVERIFY(details.contains(QStringLiteral("number")));
    QVERIFY(details.contains(QStringLiteral("Near misses")));
    QVERIFY(details.contains(QStringLiteral("SK=READING#x")));
    QVERIFY(details.contains(QStringLiteral("67% sure")));
    QVERIFY2(dialog.summaryText().contains(QStringLiteral("1 item matches no entity type.")),
             qPrintable(dialog.summaryText()));
}

void TestInferDialog::nothingToInferSaysSo()
{
    m_window->inferActions()->action()->trigger();
    QCOMPARE(m_window->reviews, 0);
    QCOMPARE(m_window->informations.size(), 1);
    QVERIFY(m_window->informations.front().contains(QStringLiteral("no hand-written items")));

    m_window->document()->setProject(handWritten());
    QVERIFY(!m_window->inferActions()->review(RecoveryResult {}, m_window->document()->project()));
    QCOMPARE(m_window->reviews, 0);
    QCOMPARE(m_window->informations.size(), 2);
    QVERIFY(m_window->informations.back().contains(QStringLiteral("14 items")));
    QCOMPARE(m_window->document()->undoStack()->count(), 0);
}

void TestInferDialog::offerAfterItemsOnlyImport()
{
    ui::InferOffer *offer = m_window->inferOffer();
    QVERIFY(!offer->isOffered());
    QVERIFY(m_window->importFiles(kExamples + QStringLiteral("/iot/table.json"),
                                  kExamples + QStringLiteral("/iot/items.json")));
    QVERIFY(offer->isOffered());
    const qsizetype items = qsizetype(m_window->document()->project().items.size());
    QCOMPARE(offer->text(), QStringLiteral("These %1 items have no entity types.").arg(items));
    int reviews = 0;
    m_window->review = [&](ui::InferDialog &) { return ++reviews, false; };
    QTest::mouseClick(offer->inferButton(), Qt::LeftButton);
    QCOMPARE(reviews, 1);
    QVERIFY(!offer->isOffered()); // asked once: the offer has done its job
}

void TestInferDialog::offerAfterWorkbenchImport()
{
    // A NoSQL Workbench model: its facets describe the sample items without generating any.
    QVERIFY(m_window->interop()->importFile(
        keyscope::testsupport::testDataPath("/interop/workbench-2.0.json")));
    const model::Project &project = m_window->document()->project();
    QVERIFY(!project.entities.empty());
    QVERIFY(!project.items.empty());
    QVERIFY(m_window->inferOffer()->isOffered());
    QVERIFY(m_window->errors.isEmpty());
}

// AWS's connected-vehicles sample model: its facets Vehicle and User list which sample items
// are theirs, and their keys alone do not say (the prefixes differ item by item). Infer in the
// app reads the facets' lists as `keyscope infer` does, while the items are as imported.
void TestInferDialog::workbenchFacetsListTheirItems()
{
    const QString path = keyscope::testsupport::testDataPath("/workbench/connected-vehicles.json");
    QString notes; // the sample's malformed maps are repaired, with notes
    m_window->interop()->hooks().showNotes
        = [&](const QString &, const QString &text) { notes = text; };
    QVERIFY(m_window->interop()->importFile(path));
    QVERIFY2(notes.contains(QLatin1String("connected-vehicles.json")), qPrintable(notes));
    ui::Document *document = m_window->document();
    QStringList offered;
    m_window->review = [&](ui::InferDialog &dialog) {
        offered = proposalNames(dialog);
        offered.sort();
        return false;
    };
    QVERIFY(!m_window->inferActions()->infer());
    QCOMPARE(offered, (QStringList {QStringLiteral("User"), QStringLiteral("Vehicle")}));

    // Once an item is taken out, the lists no longer point at the right items: the facets
    // still name the types, and nothing is read from a stale list.
    model::Project edited = document->project();
    edited.items.erase(0);
    document->replaceDesignAndItems(edited, QStringLiteral("Delete an item"));
    QVERIFY(document->importedHints().validFor(document->project()).empty());
    offered.clear();
    QVERIFY(!m_window->inferActions()->infer());
    QVERIFY(!offered.isEmpty());
    QVERIFY2(offered != (QStringList {QStringLiteral("User"), QStringLiteral("Vehicle")}),
             qPrintable(offered.join(u' ')));
    // Undone, the items are as imported again and the lists count once more.
    document->undoStack()->undo();
    offered.clear();
    QVERIFY(!m_window->inferActions()->infer());
    QCOMPARE(offered, (QStringList {QStringLiteral("User"), QStringLiteral("Vehicle")}));
    QVERIFY(m_window->errors.isEmpty());
}

void TestInferDialog::noOfferForADesign()
{
    ui::InferOffer *offer = m_window->inferOffer();
    QVERIFY(m_window->openExample(kExamples + QStringLiteral("/iot/before.keyscope.json")));
    QVERIFY(!m_window->document()->project().entities.empty());
    QVERIFY(!offer->isOffered());
    // Items imported into a new project without entity types bring it.
    m_window->newProject();
    QVERIFY(!offer->isOffered());
    m_window->document()->addItems(handWritten().items, QStringLiteral("Import"));
    QVERIFY(offer->isOffered());
    QCOMPARE(offer->text(), QStringLiteral("These 14 items have no entity types."));
    // Inferred: entity types describe the items, the offer goes.
    QVERIFY(m_window->inferActions()->infer());
    QVERIFY(!offer->isOffered());
}

void TestInferDialog::offerDismissed()
{
    ui::InferOffer *offer = m_window->inferOffer();
    QVERIFY(m_window->openFile(writeProject(handWritten())));
    QVERIFY(offer->isOffered());
    QTest::mouseClick(offer->dismissButton(), Qt::LeftButton);
    QVERIFY(!offer->isOffered());
    m_window->document()->addItems({item(QStringLiteral("X"), QStringLiteral("ORDER#6"))},
                                   QStringLiteral("Import"));
    QVERIFY(!offer->isOffered()); // dismissed for this project
    QVERIFY(m_window->openFile(writeProject(handWritten())));
    QVERIFY(offer->isOffered()); // a file opened again brings it back
    QCOMPARE(m_window->reviews, 0);
}

void TestInferDialog::savedAfterInferring()
{
    // An unnamed project: the save asks for a name (askProjectName), then writes the design.
    m_window->document()->setProject(handWritten());
    m_window->document()->setName(QString());
    QVERIFY(m_window->inferActions()->infer());
    QVERIFY(m_window->document()->isModified());
    const QString path = m_dir->filePath(QStringLiteral("saved.keyscope.json"));
    m_window->savePath = path;
    QVERIFY(m_window->saveAs());
    QCOMPARE(m_window->document()->project().name, QStringLiteral("Inferred"));
    QVERIFY(!m_window->document()->isModified());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonArray entities = QJsonDocument::fromJson(file.readAll())
                                    .object()
                                    .value(QStringLiteral("entities"))
                                    .toArray();
    QStringList names;
    for (const QJsonValue &entity : entities)
        names << entity.toObject().value(QStringLiteral("name")).toString();
    names.sort();
    QCOMPARE(names, (QStringList {QStringLiteral("Order"), QStringLiteral("Reading")}));
    m_window->document()->undoStack()->undo();
    QVERIFY(m_window->document()->isModified());
}

QTEST_MAIN(TestInferDialog)
#include "tst_inferdialog.moc"
