#include "model/design/keypreview.h"
#include "model/design/projectfile.h"
#include "tests/support/testpaths.h"
#include "ui/document/document.h"
#include "ui/editors/attributelistmodel.h"
#include "ui/editors/entitieseditor.h"
#include "ui/editors/entitylistmodel.h"
#include "ui/editors/generatorform.h"
#include "ui/editors/indexlistmodel.h"
#include "ui/editors/keytemplateedit.h"
#include "ui/editors/keytemplatespanel.h"
#include "ui/editors/tableeditor.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTest>

#include <QToolButton>
#include <QUndoStack>
#include <memory>

using namespace keyscope;
using model::AttributeValue;

namespace {

const QString kIot = keyscope::testsupport::testDataPath("/ui/iot.keyscope.json");
const QString kReadingSk = QStringLiteral("#READING#{Ts|iso8601}");

bool settle(ui::Document &document)
{
    return QTest::qWaitFor(
        [&] { return !document.isBusy() && document.resultsRevision() == document.revision(); },
        10000);
}

QString readingTemplate(const ui::Document &document, const QString &key = QStringLiteral("SK"))
{
    const model::EntityType *reading = document.project().entity(QStringLiteral("Reading"));
    if (!reading)
        return {};
    const auto found = reading->keys.find(key);
    return found != reading->keys.end() ? found->second : QString();
}

// The sort key of the first item in the first device's item collection (sort-key order).
QString firstSortKey(const ui::Document &document)
{
    const auto table = document.table();
    const auto population = document.population();
    if (!table || !population || population->items.empty())
        return {};
    const AttributeValue pk = population->items.front().at(QStringLiteral("PK"));
    const model::Partition *partition = table->store()->findPartition(pk.sortableBytes());
    if (!partition || partition->entries.empty())
        return {};
    return table->attribute(partition->entries.front().item, QStringLiteral("SK")).asString();
}

template<typename T>
T *findByAccessibleName(QWidget *root, const QString &name)
{
    for (T *child : root->findChildren<T *>()) {
        if (child->accessibleName() == name)
            return child;
    }
    return nullptr;
}

void saveScreenshot(QWidget &widget, const QString &name)
{
    const QString dir = qEnvironmentVariable("KEYSCOPE_SCREENSHOT_DIR");
    if (!dir.isEmpty())
        widget.grab().save(QDir(dir).filePath(name));
}

// The IoT design opened in `document` and shown in an entities editor on Reading (null when
// it cannot be).
std::unique_ptr<ui::EntitiesEditor> readingEditor(ui::Document &document)
{
    if (!document.open(kIot).empty() || !settle(document))
        return nullptr;
    auto editor = std::make_unique<ui::EntitiesEditor>(&document);
    editor->resize(560, 720);
    editor->show();
    if (!QTest::qWaitForWindowExposed(editor.get())
        || !editor->setCurrentEntity(QStringLiteral("Reading")))
        return nullptr;
    return editor;
}

} // namespace

class TestEditors : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void highlightColoursPartsAndMarksTheErrorColumn_data();
    void highlightColoursPartsAndMarksTheErrorColumn();
    void typingATemplateChangesTheKeysAndUndoRestores();
    void findingSpanIsMarkedUntilTheTextChanges();
    void undoKeysInATemplateFieldDriveTheDocument();
    void invalidTemplateShowsItsColumnAndKeepsTheProject();
    void keyFromAnAttributeOfItsNameIsNoError();
    void previewShowsHowEachPartWasMade();
    void entityListEditsAreUndoable();
    void keyboardRemovesRenamesAndAdds();
    void attributeEditsFollowIntoTemplates();
    void typeChangeGivesAGeneratorOfThatType();
    void templateGoesLiveWhenItsAttributeArrives();
    void unknownPlaceholderOffersQuickFixes();
    void tableEditorAddsAndEditsIndexes();
    void tableEditorRefusesInvalidDefinitions();
    void modelsPassTheTester();
    void everyControlIsReachableAndNamed();
    void screenshots();
    void writesAndGrowthAreUndoableAndSaved();
    void writesAndGrowthRefuseWhatTheFileRefuses();
    void updatedAttributesFollowRenameAndRemoval();
    void entityTabsFitTheNarrowestPanel();
};

void TestEditors::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestEditors::highlightColoursPartsAndMarksTheErrorColumn_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("errorColumn");
    QTest::addColumn<QString>("placeholders"); // characters coloured as names, in order
    QTest::addColumn<QString>("filters");      // characters coloured as filters, in order

    QTest::newRow("literal only") << "DEVICE#" << 0 << ""
                                  << "";
    QTest::newRow("placeholder") << "ORG#{OrgName}" << 0 << "OrgName"
                                 << "";
    QTest::newRow("filters") << "#READING#{Ts|iso8601}" << 0 << "Ts"
                             << "|iso8601";
    QTest::newRow("two placeholders") << "{A|pad:5}#{B}" << 0 << "AB"
                                      << "|pad:5";
    QTest::newRow("escaped braces") << "{{x}}#{Id}" << 0 << "Id"
                                    << "";
    QTest::newRow("error") << "#READING#{Ts|padd:5}" << 14 << "Ts"
                           << "|padd:5";
}

void TestEditors::highlightColoursPartsAndMarksTheErrorColumn()
{
    QFETCH(QString, text);
    QFETCH(int, errorColumn);
    QFETCH(QString, placeholders);
    QFETCH(QString, filters);

    const QPalette palette = QApplication::palette();
    const auto ranges = ui::KeyTemplateEdit::highlight(text, palette, errorColumn);
    // Colours: the placeholder name's and the filter's; compare by what they cover.
    QColor nameColor;
    QColor filterColor;
    QString names;
    QString filtered;
    int underlined = -1;
    for (const auto &range : ranges) {
        QVERIFY(range.start >= 0 && range.start + range.length <= text.size());
        if (range.format.underlineStyle() == QTextCharFormat::WaveUnderline) {
            underlined = range.start + 1;
            continue;
        }
        const QString covered = text.mid(range.start, range.length);
        if (covered.startsWith(u'|')) {
            filtered += covered;
            filterColor = range.format.foreground().color();
        } else if (covered != QLatin1String("{") && covered != QLatin1String("}")) {
            names += covered;
            nameColor = range.format.foreground().color();
        }
    }
    QCOMPARE(names, placeholders);
    QCOMPARE(filtered, filters);
    if (!filters.isEmpty())
        QVERIFY(nameColor != filterColor);
    QCOMPARE(underlined, errorColumn > 0 ? errorColumn : -1);
}

void TestEditors::findingSpanIsMarkedUntilTheTextChanges()
{
    ui::Document document;
    QVERIFY(document.open(kIot).empty());
    QVERIFY(settle(document));
    ui::EntitiesEditor editor(&document);
    editor.resize(560, 720);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));

    // A design finding about "{Ts|iso8601}" (column 10, 12 characters) of Reading's SK.
    QVERIFY(editor.showKeyTemplate(QStringLiteral("Reading"), QStringLiteral("SK"), 10, 12));
    QCOMPARE(editor.currentEntity(), QStringLiteral("Reading"));
    ui::KeyTemplateEdit *sk = editor.keyTemplates()->templateEdit(QStringLiteral("SK"));
    QCOMPARE(sk->findingColumn(), 10);
    QCOMPARE(sk->findingLength(), 12);
    QVERIFY(sk->hasFocus());
    QCOMPARE(sk->selectedText(), QStringLiteral("{Ts|iso8601}"));
    QCOMPARE(sk->cursorPosition(), 9); // at the part's first character
    // The mark is an amber wave over exactly those characters, unlike an error's red one.
    const auto marks = [&](ui::KeyTemplateEdit *edit) {
        QList<QTextLayout::FormatRange> waves;
        for (const auto &range :
             ui::KeyTemplateEdit::highlight(edit->text(), edit->palette(), edit->errorColumn(),
                                            edit->findingColumn(), edit->findingLength())) {
            if (range.format.underlineStyle() == QTextCharFormat::WaveUnderline)
                waves << range;
        }
        return waves;
    };
    const auto waves = marks(sk);
    QCOMPARE(waves.size(), 1);
    QCOMPARE(waves.front().start, 9);
    QCOMPARE(waves.front().length, 12);
    QCOMPARE(waves.front().format.underlineColor(),
             ui::KeyTemplateEdit::findingColor(sk->palette()));
    const auto errorWaves = ui::KeyTemplateEdit::highlight(sk->text(), sk->palette(), 10);
    QVERIFY(std::none_of(errorWaves.begin(), errorWaves.end(), [&](const auto &range) {
        return range.format.underlineColor() == ui::KeyTemplateEdit::findingColor(sk->palette());
    }));
    // It stays when focus leaves (a selection would not).
    editor.entityView()->setFocus();
    QCOMPARE(sk->findingColumn(), 10);

    // Another finding moves the mark; a finding without a span clears it.
    QVERIFY(editor.showKeyTemplate(QStringLiteral("Reading"), QStringLiteral("PK"), 1, 7));
    ui::KeyTemplateEdit *pk = editor.keyTemplates()->templateEdit(QStringLiteral("PK"));
    QCOMPARE(pk->findingColumn(), 1);
    sk = editor.keyTemplates()->templateEdit(QStringLiteral("SK"));
    QCOMPARE(sk->findingColumn(), 0);
    QVERIFY(marks(sk).isEmpty());
    editor.clearFindingMarks();
    QCOMPARE(pk->findingColumn(), 0);

    // Editing the text drops the mark: it described the old text.
    QVERIFY(editor.showKeyTemplate(QStringLiteral("Reading"), QStringLiteral("SK"), 10, 12));
    sk = editor.keyTemplates()->templateEdit(QStringLiteral("SK"));
    sk->setFocus();
    sk->end(false);
    QTest::keyClicks(sk, QStringLiteral("#"));
    QCOMPARE(sk->findingColumn(), 0);
    QVERIFY(marks(sk).isEmpty());
}

// Ctrl+Z / Ctrl+Shift+Z in a template field undo and redo the design, each press one step,
// whether or not the window has an Edit > Undo action (the field's own undo must not eat any).
void TestEditors::undoKeysInATemplateFieldDriveTheDocument()
{
    ui::Document document;
    QVERIFY(document.open(kIot).empty());
    QVERIFY(settle(document));
    QWidget window;
    auto *layout = new QHBoxLayout(&window);
    auto *editor = new ui::EntitiesEditor(&document, &window);
    layout->addWidget(editor);
    // The main window's Edit menu: the document's undo actions with their shortcuts.
    QAction *undo = document.undoStack()->createUndoAction(&window);
    undo->setShortcut(QKeySequence::Undo);
    QAction *redo = document.undoStack()->createRedoAction(&window);
    redo->setShortcut(QKeySequence::Redo);
    window.addAction(undo);
    window.addAction(redo);
    window.resize(560, 720);
    window.show();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(editor->setCurrentEntity(QStringLiteral("Reading")));
    ui::KeyTemplateEdit *sk = editor->keyTemplates()->templateEdit(QStringLiteral("SK"));
    sk->setFocus();
    QTRY_VERIFY(sk->hasFocus());

    // Two edits, two undo steps (the field is left between them).
    sk->end(false);
    QTest::keyClicks(sk, QStringLiteral("#A"));
    document.finishEditing();
    QTest::keyClicks(sk, QStringLiteral("#B"));
    QCOMPARE(readingTemplate(document), kReadingSk + QStringLiteral("#A#B"));
    const int top = document.undoStack()->index();

    QTest::keySequence(sk, QKeySequence::Undo);
    QCOMPARE(document.undoStack()->index(), top - 1);
    QCOMPARE(sk->text(), kReadingSk + QStringLiteral("#A"));
    QTest::keySequence(sk, QKeySequence::Redo);
    QCOMPARE(document.undoStack()->index(), top);
    QCOMPARE(sk->text(), kReadingSk + QStringLiteral("#A#B"));
    // Undo after Redo: both presses count.
    QTest::keySequence(sk, QKeySequence::Undo);
    QCOMPARE(document.undoStack()->index(), top - 1);
    QTest::keySequence(sk, QKeySequence::Undo);
    QCOMPARE(document.undoStack()->index(), top - 2);
    QCOMPARE(sk->text(), kReadingSk);
    QCOMPARE(readingTemplate(document), kReadingSk);
    QVERIFY(sk->hasFocus());

    // Without the window's actions, the field still sends the keys to the document.
    window.removeAction(undo);
    window.removeAction(redo);
    QTest::keySequence(sk, QKeySequence::Redo);
    QCOMPARE(document.undoStack()->index(), top - 1);
    QCOMPARE(sk->text(), kReadingSk + QStringLiteral("#A"));
}

void TestEditors::typingATemplateChangesTheKeysAndUndoRestores()
{
    ui::Document document;
    QVERIFY(document.open(kIot).empty());
    QVERIFY(settle(document));
    // '#' (0x23) sorts before 'D' (0x44): the device's readings come first in its collection.
    QVERIFY2(firstSortKey(document).startsWith(QLatin1String("#READING#")),
             qPrintable(firstSortKey(document)));

    ui::EntitiesEditor editor(&document);
    editor.resize(560, 720);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    QVERIFY(editor.setCurrentEntity(QStringLiteral("Reading")));
    ui::KeyTemplateEdit *sk = editor.keyTemplates()->templateEdit(QStringLiteral("SK"));
    QVERIFY(sk);
    QCOMPARE(sk->text(), kReadingSk);

    const int steps = document.undoStack()->count();
    QSignalSpy populated(&document, &ui::Document::populationReady);
    sk->setFocus();
    sk->selectAll();
    // Intermediate states such as "READING#{Ts|" do not parse: they are not applied.
    QTest::keyClicks(sk, QStringLiteral("READING#{Ts|iso8601}"));
    QCOMPARE(readingTemplate(document), QStringLiteral("READING#{Ts|iso8601}"));
    QCOMPARE(sk->text(), QStringLiteral("READING#{Ts|iso8601}"));
    QCOMPARE(document.undoStack()->count(), steps + 1); // the burst is one undo step
    QVERIFY(editor.keyTemplates()->errorText(QStringLiteral("SK")).isEmpty());

    QVERIFY(populated.wait(10000));
    QVERIFY(settle(document));
    // 'D' (0x44) < 'R' (0x52): now the device leads its collection.
    QVERIFY2(firstSortKey(document).startsWith(QLatin1String("DEVICE#")),
             qPrintable(firstSortKey(document)));

    // Leaving the field ends the burst: the next typing is a new step.
    QTest::keyClick(sk, Qt::Key_Tab);
    sk->setFocus();
    sk->end(false);
    QTest::keyClick(sk, Qt::Key_Backspace);
    QTest::keyClick(sk, Qt::Key_Backspace); // "...|iso860" is not a filter: not applied
    QCOMPARE(readingTemplate(document), QStringLiteral("READING#{Ts|iso8601}"));
    QTest::keyClicks(sk, QStringLiteral("01}"));
    QCOMPARE(document.undoStack()->count(), steps + 1); // typed back to the applied text

    document.undoStack()->undo();
    QCOMPARE(readingTemplate(document), kReadingSk);
    QCOMPARE(sk->text(), kReadingSk); // undo puts the document's template back in the field
    QVERIFY(settle(document));
    QVERIFY(firstSortKey(document).startsWith(QLatin1String("#READING#")));
    document.undoStack()->redo();
    QCOMPARE(sk->text(), QStringLiteral("READING#{Ts|iso8601}"));
}

void TestEditors::invalidTemplateShowsItsColumnAndKeepsTheProject()
{
    ui::Document document;
    QVERIFY(document.open(kIot).empty());
    QVERIFY(settle(document));
    ui::EntitiesEditor editor(&document);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    QVERIFY(editor.setCurrentEntity(QStringLiteral("Reading")));
    ui::KeyTemplateEdit *sk = editor.keyTemplates()->templateEdit(QStringLiteral("SK"));
    QVERIFY(sk);

    const int steps = document.undoStack()->count();
    QSignalSpy failed(&document, &ui::Document::populationFailed);
    sk->setFocus();
    sk->setSelection(13, 7); // "iso8601"
    QTest::keyClicks(sk, QStringLiteral("padd:5"));
    QCOMPARE(sk->text(), QStringLiteral("#READING#{Ts|padd:5}"));
    const QString error = editor.keyTemplates()->errorText(QStringLiteral("SK"));
    QVERIFY2(error.contains(QLatin1String("unknown filter 'padd' at column 14; did you mean "
                                          "'pad'?")),
             qPrintable(error));
    QCOMPARE(sk->errorColumn(), 14);
    QCOMPARE(readingTemplate(document), kReadingSk); // not applied
    QCOMPARE(document.undoStack()->count(), steps);
    QVERIFY(editor.keyTemplates()->previewText(QStringLiteral("SK")).contains(kReadingSk));

    // Another edit elsewhere does not throw the typed text away.
    document.setSeed(8);
    QVERIFY(settle(document));
    QCOMPARE(failed.count(), 0);
    QCOMPARE(sk->text(), QStringLiteral("#READING#{Ts|padd:5}"));
    QCOMPARE(sk->errorColumn(), 14);

    // An unknown attribute gets a suggestion; a type clash is refused too.
    // Pasted, so no valid prefix ("#READING#") is applied on the way.
    QApplication::clipboard()->setText(QStringLiteral("#READING#{Tss}"));
    sk->selectAll();
    QTest::keyClick(sk, Qt::Key_V, Qt::ControlModifier);
    QCOMPARE(sk->text(), QStringLiteral("#READING#{Tss}"));
    QVERIFY2(editor.keyTemplates()
                 ->errorText(QStringLiteral("SK"))
                 .contains(QLatin1String("unknown attribute 'Tss' at column 11; did you mean "
                                         "'Ts'?")),
             qPrintable(editor.keyTemplates()->errorText(QStringLiteral("SK"))));
    QCOMPARE(readingTemplate(document), kReadingSk);

    // The table's own keys need a template; emptying it is refused, not applied.
    sk->selectAll();
    QTest::keyClick(sk, Qt::Key_Delete);
    QVERIFY(!editor.keyTemplates()->errorText(QStringLiteral("SK")).isEmpty());
    QCOMPARE(readingTemplate(document), kReadingSk);

    // Fixing the text applies it and clears the error.
    QTest::keyClicks(sk, QStringLiteral("#READING#{Ts|epoch}"));
    QVERIFY(editor.keyTemplates()->errorText(QStringLiteral("SK")).isEmpty());
    QCOMPARE(sk->errorColumn(), 0);
    QCOMPARE(readingTemplate(document), QStringLiteral("#READING#{Ts|epoch}"));
    QVERIFY(settle(document));
    QCOMPARE(failed.count(), 0);
}

// A key with no template whose value is an attribute of the same name (as designs imported
// from AWS's modeling assistant and NoSQL Workbench are) is met: no error, and the panel says
// where the key comes from; an index key of that kind puts the items in the index.
void TestEditors::keyFromAnAttributeOfItsNameIsNoError()
{
    ui::Document document;
    QVERIFY(document.open(kIot).empty());
    QVERIFY(settle(document));
    model::Project project = document.project();
    model::TableDefinition table = project.table;
    model::IndexDefinition byModel;
    byModel.name = QStringLiteral("ByModel");
    byModel.keys.hash.push_back({QStringLiteral("Model"), model::AttributeValue::Type::S});
    table.indexes.push_back(byModel);
    document.setTableDefinition(table);
    model::EntityType device = *document.project().entity(QStringLiteral("Device"));
    device.attributes.push_back(model::newAttribute(QStringLiteral("SK")));
    device.keys.erase(QStringLiteral("SK"));
    QVERIFY(document.setEntity(QStringLiteral("Device"), device));
    QVERIFY(settle(document));
    ui::EntitiesEditor editor(&document);
    QVERIFY(editor.setCurrentEntity(QStringLiteral("Device")));
    ui::KeyTemplatesPanel *panel = editor.keyTemplates();
    QCOMPARE(panel->templateEdit(QStringLiteral("SK"))->text(), QString());
    QCOMPARE(panel->errorText(QStringLiteral("SK")), QString());
    QVERIFY2(panel->previewText(QStringLiteral("SK"))
                 .contains(QStringLiteral("the value of the attribute SK")),
             qPrintable(panel->previewText(QStringLiteral("SK"))));
    const QString model = panel->previewText(QStringLiteral("Model"));
    QVERIFY2(!model.contains(QStringLiteral("not in the index")), qPrintable(model));
    QVERIFY(model.contains(QStringLiteral("the value of the attribute Model")));
}

void TestEditors::previewShowsHowEachPartWasMade()
{
    ui::Document document;
    QVERIFY(document.open(kIot).empty());
    QVERIFY(settle(document));
    ui::EntitiesEditor editor(&document);
    QVERIFY(editor.setCurrentEntity(QStringLiteral("Reading")));
    ui::KeyTemplatesPanel *panel = editor.keyTemplates();

    // The first populated reading: Ts starts at 2024-06-01T00:00:00Z for each device.
    const QString sk = panel->previewText(QStringLiteral("SK"));
    QVERIFY2(sk.contains(QStringLiteral("→ #READING#2024-06-01T00:00:00Z")), qPrintable(sk));
    QVERIFY2(sk.contains(QLatin1String("#READING#")) && sk.contains(QLatin1String("literal")),
             qPrintable(sk));
    QVERIFY2(sk.contains(QLatin1String("{Ts|iso8601}")), qPrintable(sk));
    QVERIFY2(sk.contains(QStringLiteral("Ts 1717200000000 ms → iso8601 \"2024-06-01T00:00:00Z\"")),
             qPrintable(sk));

    // An ancestor's value comes from the reading's own device.
    const auto population = document.population();
    int firstReading = -1;
    for (int i = 0; i < population->size(); ++i) {
        if (document.project().entities[size_t(population->entityOf[size_t(i)])].name
            == QLatin1String("Reading")) {
            firstReading = i;
            break;
        }
    }
    QVERIFY(firstReading >= 0);
    const QString pk = population->items[size_t(firstReading)].at(QStringLiteral("PK")).asString();
    QVERIFY2(panel->previewText(QStringLiteral("PK")).contains(QStringLiteral("→ ") + pk),
             qPrintable(panel->previewText(QStringLiteral("PK"))));

    // A typed sample value changes the preview, not the project.
    const int steps = document.undoStack()->count();
    QVERIFY(panel->setSampleValue(QStringLiteral("Ts"), QStringLiteral("2024-01-01T00:00:00Z")));
    QVERIFY2(panel->previewText(QStringLiteral("SK"))
                 .contains(QStringLiteral("Ts 1704067200000 ms → iso8601 "
                                          "\"2024-01-01T00:00:00Z\"")),
             qPrintable(panel->previewText(QStringLiteral("SK"))));
    QCOMPARE(document.undoStack()->count(), steps);
    QVERIFY(!panel->setSampleValue(QStringLiteral("Ts"), QStringLiteral("yesterday")));
    // A date that does not exist: the date parser's reason, as `keyscope keys --set` gives it.
    QVERIFY(!panel->setSampleValue(QStringLiteral("Ts"), QStringLiteral("2024-02-30T00:00:00Z")));
    const auto *sampleError = panel->findChild<QLabel *>(QStringLiteral("sampleError"));
    QVERIFY(sampleError && !sampleError->isHidden());
    QCOMPARE(sampleError->text(),
             QStringLiteral("✗ '2024-02-30T00:00:00Z' is not a valid date and time"));
    panel->resetSampleValues();
    QVERIFY(panel->previewText(QStringLiteral("SK")).contains(QLatin1String("2024-06-01")));

    // Samples for an entity type not populated yet come from its generators.
    const auto samples
        = model::KeyPreview::samples(document.project(), nullptr, QStringLiteral("Reading"));
    QCOMPARE(samples.size(), size_t(4)); // Ts, Temperature, Device.DeviceId, Device.Model
    QCOMPARE(samples[2].name, QStringLiteral("Device.DeviceId"));
    QVERIFY(!samples[0].fromItem);
    QCOMPARE(samples[0].text, QStringLiteral("2024-06-01T00:00:00Z"));
}

void TestEditors::entityListEditsAreUndoable()
{
    ui::Document document;
    QVERIFY(document.open(kIot).empty());
    ui::EntityListModel model(&document);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 2);
    const int reading = model.rowOf(QStringLiteral("Reading"));
    QCOMPARE(model.index(reading, ui::EntityListModel::CountColumn).data().toString(),
             QStringLiteral("25–40"));
    QCOMPARE(model.index(reading, ui::EntityListModel::ParentColumn).data().toString(),
             QStringLiteral("Device"));

    QVERIFY(model.setData(model.index(reading, ui::EntityListModel::CountColumn), "10-12"));
    QCOMPARE(document.project().entity(QStringLiteral("Reading"))->countMin, 10);
    QCOMPARE(document.project().entity(QStringLiteral("Reading"))->countMax, 12);
    QVERIFY(model.setData(model.index(reading, ui::EntityListModel::ColorColumn), "#112233"));
    QCOMPARE(document.project().entity(QStringLiteral("Reading"))->color,
             QStringLiteral("#112233"));

    QSignalSpy rejected(&model, &ui::EntityListModel::editRejected);
    QVERIFY(!model.setData(model.index(reading, ui::EntityListModel::CountColumn), "many"));
    QVERIFY(!model.setData(model.index(reading, ui::EntityListModel::ColorColumn), "teal-ish"));
    // Device's parent cannot be its own child.
    QVERIFY(!model.setData(
        model.index(model.rowOf(QStringLiteral("Device")), ui::EntityListModel::ParentColumn),
        "Reading"));
    QVERIFY(!model.setData(model.index(reading, ui::EntityListModel::NameColumn), "Device"));
    QCOMPARE(rejected.count(), 4);

    // Two cell edits are two undo steps.
    document.undoStack()->undo();
    QCOMPARE(document.project().entity(QStringLiteral("Reading"))->color,
             QStringLiteral("#F28E2B"));
    QCOMPARE(document.project().entity(QStringLiteral("Reading"))->countMax, 12);
    document.undoStack()->undo();
    QCOMPARE(document.project().entity(QStringLiteral("Reading"))->countMax, 40);
    QCOMPARE(model.index(reading, ui::EntityListModel::CountColumn).data().toString(),
             QStringLiteral("25–40"));

    int low = 0;
    int high = 0;
    QVERIFY(ui::EntityListModel::parseCount(QStringLiteral(" 7 "), &low, &high));
    QCOMPARE(low, 7);
    QCOMPARE(high, 7);
    QVERIFY(ui::EntityListModel::parseCount(QStringLiteral("3..9"), &low, &high));
    QCOMPARE(high, 9);
    QVERIFY(!ui::EntityListModel::parseCount(QStringLiteral("9-3"), &low, &high));
}

void TestEditors::keyboardRemovesRenamesAndAdds()
{
    ui::Document document;
    QVERIFY(document.open(kIot).empty());
    ui::EntitiesEditor editor(&document);
    editor.show();
    editor.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&editor));
    QTableView *view = editor.entityView();
    QVERIFY(editor.setCurrentEntity(QStringLiteral("Reading")));
    view->setFocus();
    QVERIFY(view->hasFocus());

    QTest::keyClick(view, Qt::Key_Delete);
    QVERIFY(!document.project().entity(QStringLiteral("Reading")));
    QCOMPARE(editor.currentEntity(), QStringLiteral("Device"));
    document.undoStack()->undo();
    QVERIFY(document.project().entity(QStringLiteral("Reading")));

    // F2 renames; the templates that read the type follow it.
    QVERIFY(editor.setCurrentEntity(QStringLiteral("Device")));
    view->setFocus();
    QTest::keyClick(view, Qt::Key_F2);
    auto *nameEditor = qobject_cast<QLineEdit *>(QApplication::focusWidget());
    QVERIFY(nameEditor);
    nameEditor->selectAll();
    QTest::keyClicks(nameEditor, QStringLiteral("Sensor"));
    QTest::keyClick(nameEditor, Qt::Key_Return); // the delegate commits on the next event loop
    QTRY_VERIFY(document.project().entity(QStringLiteral("Sensor")));
    QCOMPARE(readingTemplate(document, QStringLiteral("PK")),
             QStringLiteral("DEVICE#{Sensor.DeviceId}"));
    QCOMPARE(editor.currentEntity(), QStringLiteral("Sensor"));
    document.undoStack()->undo();
    QVERIFY(document.project().entity(QStringLiteral("Device")));

    // Insert adds a type with a template for each table key, then edits its name.
    view->setFocus();
    QTest::keyClick(view, Qt::Key_Insert);
    const model::EntityType *added = document.project().entity(QStringLiteral("Entity"));
    QVERIFY(added);
    QCOMPARE(added->keys.at(QStringLiteral("PK")), QStringLiteral("ENTITY#{Id}"));
    QCOMPARE(editor.currentEntity(), QStringLiteral("Entity"));
    QVERIFY(qobject_cast<QLineEdit *>(QApplication::focusWidget()));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Escape);
}

void TestEditors::attributeEditsFollowIntoTemplates()
{
    ui::Document document;
    QVERIFY(document.open(kIot).empty());
    ui::EntitiesEditor editor(&document);
    QVERIFY(editor.setCurrentEntity(QStringLiteral("Reading")));
    ui::AttributeListModel *attributes = editor.attributeModel();
    QCOMPARE(attributes->rowCount(), 2);
    QCOMPARE(attributes->index(0, ui::AttributeListModel::TypeColumn).data().toString(),
             QStringLiteral("timestamp"));
    QCOMPARE(attributes->index(0, ui::AttributeListModel::GeneratorColumn).data().toString(),
             QStringLiteral("timestamp"));
    QVERIFY(attributes->index(0, ui::AttributeListModel::ParametersColumn)
                .data()
                .toString()
                .contains(QLatin1String("2024-06-01T00:00:00Z")));

    // Renaming an attribute rewrites the entity's templates.
    QVERIFY(attributes->setData(attributes->index(0, ui::AttributeListModel::NameColumn), "At"));
    QCOMPARE(readingTemplate(document), QStringLiteral("#READING#{At|iso8601}"));
    QCOMPARE(editor.keyTemplates()->templateEdit(QStringLiteral("SK"))->text(),
             QStringLiteral("#READING#{At|iso8601}"));
    document.undoStack()->undo();
    QCOMPARE(readingTemplate(document), kReadingSk);

    QVERIFY(attributes->setData(attributes->index(0, ui::AttributeListModel::MutableColumn),
                                Qt::Checked, Qt::CheckStateRole));
    QVERIFY(document.project().entity(QStringLiteral("Reading"))->attributes[0].isMutable);

    // Switching the generator kind fills in parameters that make it valid.
    QVERIFY(attributes->setData(attributes->index(1, ui::AttributeListModel::GeneratorColumn),
                                "choice"));
    const auto &temperature = document.project().entity(QStringLiteral("Reading"))->attributes[1];
    QCOMPARE(temperature.generator.kind, model::GeneratorSpec::Kind::Choice);
    QVERIFY(ui::AttributeListModel::generatorProblem(temperature).isEmpty());

    // The generator form edits parameters and shows what the generator refuses.
    editor.attributeView()->setCurrentIndex(attributes->index(0, 0));
    ui::GeneratorForm *form = editor.generatorForm();
    auto *step = findByAccessibleName<QLineEdit>(form, QStringLiteral("Step"));
    QVERIFY(step);
    QCOMPARE(step->text(), QStringLiteral("15m"));
    step->setText(QStringLiteral("1h"));
    emit step->editingFinished();
    QCOMPARE(document.project().entity(QStringLiteral("Reading"))->attributes[0].generator.step,
             qint64(3600000));
    step->setText(QStringLiteral("an hour"));
    emit step->editingFinished();
    QVERIFY(!form->problemText().isEmpty());
    QCOMPARE(document.project().entity(QStringLiteral("Reading"))->attributes[0].generator.step,
             qint64(3600000));
}

// A string attribute made by a pattern turned into a timestamp gets a timestamp generator (it
// kept the pattern, and the design stopped populating); the form below the list offers the
// kinds a timestamp holds and switches among them, one undo step each.
void TestEditors::typeChangeGivesAGeneratorOfThatType()
{
    ui::Document document;
    QVERIFY(document.open(kIot).empty() && settle(document));
    ui::EntitiesEditor editor(&document);
    editor.resize(560, 720);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    QVERIFY(editor.setCurrentEntity(QStringLiteral("Device")));
    ui::AttributeListModel *attributes = editor.attributeModel();
    const auto deviceId
        = [&] { return document.project().entity(QStringLiteral("Device"))->attributes[0]; };
    QCOMPARE(deviceId().generator.kind, model::GeneratorSpec::Kind::Pattern);
    const int undoBefore = document.undoStack()->index();

    QVERIFY(attributes->setData(attributes->index(0, ui::AttributeListModel::TypeColumn),
                                QStringLiteral("N")));
    QCOMPARE(deviceId().type, model::AttributeKind::N);
    QCOMPARE(deviceId().generator.kind, model::GeneratorSpec::Kind::Sequence);
    QVERIFY(attributes->setData(attributes->index(0, ui::AttributeListModel::TypeColumn),
                                QStringLiteral("timestamp")));
    QCOMPARE(deviceId().generator.kind, model::GeneratorSpec::Kind::Timestamp);
    QVERIFY2(ui::AttributeListModel::generatorProblem(deviceId()).isEmpty(),
             qPrintable(ui::AttributeListModel::generatorProblem(deviceId())));
    QVERIFY(settle(document));
    QVERIFY(document.population() && !document.population()->items.empty());

    editor.attributeView()->setCurrentIndex(attributes->index(0, 0));
    auto *kind
        = findByAccessibleName<QComboBox>(editor.generatorForm(), QStringLiteral("Generator kind"));
    QVERIFY(kind && kind->isVisibleTo(editor.generatorForm()));
    QStringList offered;
    for (int i = 0; i < kind->count(); ++i)
        offered << kind->itemText(i);
    QCOMPARE(offered, QStringList({"constant", "choice", "timestamp"}));
    QCOMPARE(kind->currentText(), QStringLiteral("timestamp"));
    kind->setCurrentIndex(0);
    emit kind->activated(0);
    QCOMPARE(deviceId().generator.kind, model::GeneratorSpec::Kind::Constant);
    QVERIFY(ui::AttributeListModel::generatorProblem(deviceId()).isEmpty());
    QCOMPARE(document.undoStack()->index(), undoBefore + 3);
    document.undoStack()->undo();
    QCOMPARE(deviceId().generator.kind, model::GeneratorSpec::Kind::Timestamp);
}

void TestEditors::templateGoesLiveWhenItsAttributeArrives()
{
    // A template typed before its attribute exists is applied only up to the unknown
    // placeholder; the moment the attribute is added, the field's text is the design's.
    ui::Document document;
    const std::unique_ptr<ui::EntitiesEditor> editor = readingEditor(document);
    QVERIFY(editor);
    ui::KeyTemplateEdit *sk = editor->keyTemplates()->templateEdit(QStringLiteral("SK"));
    QVERIFY(sk);
    sk->setFocus();
    sk->selectAll();
    QTest::keyClicks(sk, QStringLiteral("#READING#{Seq}"));
    QCOMPARE(readingTemplate(document), QStringLiteral("#READING#"));
    QVERIFY(!editor->keyTemplates()->errorText(QStringLiteral("SK")).isEmpty());

    model::EntityType reading = *document.project().entity(QStringLiteral("Reading"));
    model::AttributeSpec seq;
    seq.name = QStringLiteral("Seq");
    seq.type = model::AttributeKind::N;
    seq.generator.kind = model::GeneratorSpec::Kind::IntegerRange;
    seq.generator.min = 1;
    seq.generator.max = 99999;
    reading.attributes.push_back(seq);
    QVERIFY(document.setEntity(QStringLiteral("Reading"), reading));
    QTRY_COMPARE(readingTemplate(document), QStringLiteral("#READING#{Seq}"));
    QCOMPARE(sk->text(), QStringLiteral("#READING#{Seq}"));
    QVERIFY(editor->keyTemplates()->errorText(QStringLiteral("SK")).isEmpty());
}

void TestEditors::unknownPlaceholderOffersQuickFixes()
{
    ui::Document document;
    const std::unique_ptr<ui::EntitiesEditor> editor = readingEditor(document);
    QVERIFY(editor);
    ui::KeyTemplateEdit *sk = editor->keyTemplates()->templateEdit(QStringLiteral("SK"));
    QVERIFY(sk);
    const auto fix = [&](const QString &text) -> QPushButton * {
        for (QPushButton *button : editor->keyTemplates()->findChildren<QPushButton *>()) {
            if (button->isVisible() && button->text() == text)
                return button;
        }
        return nullptr;
    };

    // DeviceId is the parent's: the fix names it through the parent.
    sk->setFocus();
    sk->selectAll();
    QTest::keyClicks(sk, QStringLiteral("#READING#{DeviceId|upper}"));
    QPushButton *useParent = fix(QStringLiteral("Use {Device.DeviceId}"));
    QVERIFY(useParent);
    QVERIFY(fix(QStringLiteral("Add attribute DeviceId")));
    QTest::mouseClick(useParent, Qt::LeftButton);
    QCOMPARE(sk->text(), QStringLiteral("#READING#{Device.DeviceId|upper}"));
    QCOMPARE(readingTemplate(document), QStringLiteral("#READING#{Device.DeviceId|upper}"));
    QVERIFY(!fix(QStringLiteral("Use {Device.DeviceId}")));

    // Nobody has Batch: the fix adds it to Reading, and the template goes live.
    sk->setFocus();
    sk->selectAll();
    QTest::keyClicks(sk, QStringLiteral("#READING#{Batch}"));
    QVERIFY(!fix(QStringLiteral("Use {Device.Batch}")));
    QPushButton *add = fix(QStringLiteral("Add attribute Batch"));
    QVERIFY(add);
    QTest::mouseClick(add, Qt::LeftButton);
    const model::EntityType *reading = document.project().entity(QStringLiteral("Reading"));
    QVERIFY(std::any_of(reading->attributes.begin(), reading->attributes.end(),
                        [](const model::AttributeSpec &a) { return a.name == u"Batch"; }));
    QTRY_COMPARE(readingTemplate(document), QStringLiteral("#READING#{Batch}"));
    QVERIFY(editor->keyTemplates()->errorText(QStringLiteral("SK")).isEmpty());
}

void TestEditors::tableEditorAddsAndEditsIndexes()
{
    ui::Document document;
    QVERIFY(document.open(kIot).empty());
    QVERIFY(settle(document));
    ui::TableEditor editor(&document);
    ui::EntitiesEditor entities(&document);
    QVERIFY(entities.setCurrentEntity(QStringLiteral("Reading")));
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));

    auto *addGsi
        = findByAccessibleName<QToolButton>(&editor, QStringLiteral("Add global secondary index"));
    QVERIFY(addGsi);
    const int steps = document.undoStack()->count();
    QTest::mouseClick(addGsi, Qt::LeftButton);
    const model::IndexDefinition *gsi = document.project().table.index(QStringLiteral("GSI1"));
    QVERIFY(gsi);
    QVERIFY(gsi->isGlobal());
    QCOMPARE(gsi->keys.hash.front().name, QStringLiteral("GSI1PK"));
    QCOMPARE(document.undoStack()->count(), steps + 1);
    QVERIFY(editor.errorText().isEmpty());
    // The entity editor now offers templates for the index keys.
    QVERIFY(entities.keyTemplates()->templateEdit(QStringLiteral("GSI1PK")));
    QVERIFY(entities.keyTemplates()->templateEdit(QStringLiteral("GSI1SK")));

    // A multi-attribute partition key: a second HASH attribute.
    auto *hash2 = findByAccessibleName<QLineEdit>(
        &editor, QStringLiteral("Index partition key attribute 2"));
    QVERIFY(hash2);
    hash2->setText(QStringLiteral("Region"));
    emit hash2->editingFinished();
    gsi = document.project().table.index(QStringLiteral("GSI1"));
    QCOMPARE(gsi->keys.hash.size(), size_t(2));
    QCOMPARE(gsi->keys.hash[1].name, QStringLiteral("Region"));
    QCOMPARE(document.undoStack()->count(), steps + 2);

    // Projection INCLUDE with attributes.
    auto *projection = findByAccessibleName<QComboBox>(&editor, QStringLiteral("Projection"));
    auto *include = findByAccessibleName<QLineEdit>(&editor, QStringLiteral("Included attributes"));
    QVERIFY(projection && include);
    include->setText(QStringLiteral("Temperature, Model"));
    projection->setCurrentIndex(projection->findData(int(model::ProjectionType::Include)));
    emit projection->activated(projection->currentIndex());
    gsi = document.project().table.index(QStringLiteral("GSI1"));
    QCOMPARE(gsi->projection, model::ProjectionType::Include);
    QCOMPARE(gsi->nonKeyAttributes, QStringList({"Temperature", "Model"}));

    // Undo goes back step by step, and the editor follows.
    document.undoStack()->undo();
    document.undoStack()->undo();
    QCOMPARE(document.project().table.index(QStringLiteral("GSI1"))->keys.hash.size(), size_t(1));
    QCOMPARE(hash2->text(), QString());
    document.undoStack()->undo();
    QVERIFY(!document.project().table.index(QStringLiteral("GSI1")));
    QCOMPARE(editor.indexModel()->rowCount(), 0);
    QVERIFY(!entities.keyTemplates()->templateEdit(QStringLiteral("GSI1PK")));

    // An LSI shares the partition key.
    editor.addLocalIndex();
    const model::IndexDefinition *lsi = document.project().table.index(QStringLiteral("LSI1"));
    QVERIFY(lsi);
    QVERIFY(!lsi->isGlobal());
    QCOMPARE(lsi->keys.hash.front().name, QStringLiteral("PK"));
    QCOMPARE(lsi->keys.range.front().name, QStringLiteral("LSI1SK"));
    QVERIFY(settle(document));
}

void TestEditors::tableEditorRefusesInvalidDefinitions()
{
    ui::Document document;
    QVERIFY(document.open(kIot).empty());
    ui::TableEditor editor(&document);
    editor.addGlobalIndex();
    const QJsonObject valid = document.project().table.toJson();
    const int steps = document.undoStack()->count();

    // INCLUDE without attributes: create-table's own message, nothing applied.
    auto *projection = findByAccessibleName<QComboBox>(&editor, QStringLiteral("Projection"));
    projection->setCurrentIndex(projection->findData(int(model::ProjectionType::Include)));
    emit projection->activated(projection->currentIndex());
    QVERIFY2(editor.errorText().contains(QLatin1String("NonKeyAttributes is not specified")),
             qPrintable(editor.errorText()));
    QCOMPARE(document.project().table.toJson(), valid);
    QCOMPARE(document.undoStack()->count(), steps);
    QCOMPARE(editor.draft().indexes.front().projection, model::ProjectionType::Include);

    // The draft stays while the user fixes it.
    auto *include = findByAccessibleName<QLineEdit>(&editor, QStringLiteral("Included attributes"));
    include->setText(QStringLiteral("Model"));
    emit include->editingFinished();
    QVERIFY(editor.errorText().isEmpty());
    QCOMPARE(document.project().table.index(QStringLiteral("GSI1"))->nonKeyAttributes,
             QStringList {QStringLiteral("Model")});

    // One attribute, two types.
    auto *hash1 = findByAccessibleName<QLineEdit>(
        &editor, QStringLiteral("Index partition key attribute 1"));
    auto *type1 = findByAccessibleName<QComboBox>(
        &editor, QStringLiteral("Index partition key attribute 1 type"));
    type1->setCurrentIndex(type1->findText(QStringLiteral("N")));
    hash1->setText(QStringLiteral("SK"));
    emit hash1->editingFinished();
    QVERIFY2(editor.errorText().contains(QLatin1String("SK is S in the table but N in GSI1")),
             qPrintable(editor.errorText()));

    // Five HASH attributes would be too many; the form stops at four.
    QCOMPARE(
        findByAccessibleName<QLineEdit>(&editor, QStringLiteral("Index partition key attribute 5")),
        nullptr);
    model::TableDefinition five = document.project().table;
    for (int i = 0; i < 4; ++i)
        five.indexes.front().keys.hash.push_back(
            {QStringLiteral("H%1").arg(i), AttributeValue::Type::S});
    QVERIFY(ui::TableEditor::validate(five).contains(QLatin1String("more than 4 HASH")));

    // Undo loads the document's table back, dropping the invalid draft.
    document.undoStack()->undo();
    QVERIFY(editor.errorText().isEmpty());
    QCOMPARE(hash1->text(), QStringLiteral("GSI1PK"));
}

void TestEditors::modelsPassTheTester()
{
    ui::Document document;
    QVERIFY(document.open(kIot).empty());
    ui::EntitiesEditor editor(&document);
    ui::TableEditor table(&document);
    using Mode = QAbstractItemModelTester::FailureReportingMode;
    QAbstractItemModelTester entities(editor.entityModel(), Mode::QtTest);
    QAbstractItemModelTester attributes(editor.attributeModel(), Mode::QtTest);
    QAbstractItemModelTester indexes(table.indexModel(), Mode::QtTest);

    editor.addEntity();
    QVERIFY(editor.setCurrentEntity(QStringLiteral("Reading")));
    editor.attributeModel()->addAttribute();
    editor.attributeModel()->removeAttribute(0);
    editor.removeCurrentEntity();
    document.renameEntity(QStringLiteral("Device"), QStringLiteral("Sensor"));
    table.addGlobalIndex();
    table.addGlobalIndex();
    table.setCurrentIndexRow(0);
    table.removeCurrentIndex();
    while (document.undoStack()->canUndo())
        document.undoStack()->undo();
    while (document.undoStack()->canRedo())
        document.undoStack()->redo();
    document.newProject();
    QCOMPARE(editor.entityModel()->rowCount(), 0);
    QCOMPARE(editor.attributeModel()->rowCount(), 0);
    QCOMPARE(table.indexModel()->rowCount(), 0);
}

void TestEditors::everyControlIsReachableAndNamed()
{
    ui::Document document;
    QVERIFY(document.open(kIot).empty());
    QWidget window;
    auto *layout = new QHBoxLayout(&window);
    auto *entities = new ui::EntitiesEditor(&document, &window);
    auto *table = new ui::TableEditor(&document, &window);
    layout->addWidget(entities);
    layout->addWidget(table);
    window.resize(1100, 800);
    window.show();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(entities->setCurrentEntity(QStringLiteral("Reading")));
    table->setCurrentIndexRow(-1);
    table->addGlobalIndex();

    // Walk the Tab chain from the entity list and collect what it visits.
    entities->entityView()->setFocus();
    QSet<QWidget *> visited;
    QWidget *start = QApplication::focusWidget();
    QVERIFY(start);
    for (int i = 0; i < 200; ++i) {
        visited.insert(QApplication::focusWidget());
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        if (QApplication::focusWidget() == start)
            break;
    }
    QVERIFY(visited.contains(entities->keyTemplates()->templateEdit(QStringLiteral("SK"))));
    QVERIFY(visited.contains(entities->keyTemplates()->templateEdit(QStringLiteral("PK"))));
    QVERIFY(visited.contains(entities->keyTemplates()->sampleTable()));
    QVERIFY(visited.contains(table->indexView()));
    QVERIFY(visited.contains(
        findByAccessibleName<QLineEdit>(table, QStringLiteral("Index sort key attribute 4"))));

    // Every control that takes focus has an accessible name (or a label naming it).
    for (QWidget *widget : visited) {
        if (!widget || qobject_cast<QTabBar *>(widget))
            continue;
        QVERIFY2(
            !widget->accessibleName().isEmpty(),
            qPrintable(QStringLiteral("%1 %2").arg(
                QString::fromLatin1(widget->metaObject()->className()), widget->objectName())));
    }
}

void TestEditors::screenshots()
{
    ui::Document document;
    QVERIFY(document.open(kIot).empty());
    QVERIFY(settle(document));
    ui::EntitiesEditor entities(&document);
    entities.resize(520, 760);
    QVERIFY(entities.setCurrentEntity(QStringLiteral("Reading")));
    entities.show();
    QVERIFY(QTest::qWaitForWindowExposed(&entities));
    ui::KeyTemplateEdit *sk = entities.keyTemplates()->templateEdit(QStringLiteral("SK"));
    sk->setFocus();
    sk->setSelection(13, 7);
    QTest::keyClicks(sk, QStringLiteral("padd:5"));
    const QImage image = entities.grab().toImage();
    saveScreenshot(entities, QStringLiteral("entities-editor.png"));
    QVERIFY(!image.isNull());

    // The attributes of the selected type, with the generator of Ts.
    auto *tabs = entities.findChild<QTabWidget *>();
    QVERIFY(tabs);
    tabs->setCurrentIndex(1);
    entities.attributeView()->setCurrentIndex(entities.attributeModel()->index(0, 0));
    saveScreenshot(entities, QStringLiteral("entities-attributes.png"));
    tabs->setCurrentIndex(0);

    // Dark palette: the colouring stays readable.
    QPalette dark;
    dark.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
    dark.setColor(QPalette::WindowText, QColor(0xe0, 0xe0, 0xe0));
    dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    dark.setColor(QPalette::Text, QColor(0xe0, 0xe0, 0xe0));
    dark.setColor(QPalette::Button, QColor(0x3a, 0x3a, 0x3a));
    dark.setColor(QPalette::ButtonText, QColor(0xe0, 0xe0, 0xe0));
    dark.setColor(QPalette::PlaceholderText, QColor(0x90, 0x90, 0x90));
    entities.setPalette(dark);
    saveScreenshot(entities, QStringLiteral("entities-dark.png"));

    ui::TableEditor table(&document);
    table.resize(520, 640);
    table.show();
    QVERIFY(QTest::qWaitForWindowExposed(&table));
    table.addGlobalIndex();
    saveScreenshot(table, QStringLiteral("table-editor.png"));
}

namespace {

// The Writes & growth field named `name` in `editor`, its tab in front.
template<typename T>
T *loadField(ui::EntitiesEditor &editor, const char *name)
{
    T *field = editor.findChild<T *>(QString::fromLatin1(name));
    if (!field)
        return nullptr;
    auto *tabs = editor.findChild<QTabWidget *>();
    for (int i = 0; tabs && i < tabs->count(); ++i) {
        if (tabs->widget(i)->isAncestorOf(field))
            tabs->setCurrentIndex(i);
    }
    return field->isVisible() ? field : nullptr;
}

QJsonObject savedEntity(ui::Document &document, const QString &path, const QString &name)
{
    if (document.saveAs(path))
        return {};
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QJsonArray entities
        = QJsonDocument::fromJson(file.readAll()).object()[QStringLiteral("entities")].toArray();
    for (const QJsonValue &entity : entities) {
        if (entity[QStringLiteral("name")].toString() == name)
            return entity.toObject();
    }
    return {};
}

void typeInto(QLineEdit *edit, const QString &text)
{
    edit->setFocus();
    edit->selectAll();
    if (text.isEmpty())
        QTest::keyClick(edit, Qt::Key_Backspace);
    else
        QTest::keyClicks(edit, text);
    QTest::keyClick(edit, Qt::Key_Tab); // leaving the field ends the typing burst
}

} // namespace

// Writes per second, the attributes an update changes and the count at maturity: each field is
// one undo step, written to the file, and undo empties it again.
void TestEditors::writesAndGrowthAreUndoableAndSaved()
{
    ui::Document document;
    auto editor = readingEditor(document);
    QVERIFY(editor);
    editor->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(editor.get()));
    const auto reading = [&] { return *document.project().entity(QStringLiteral("Reading")); };
    QVERIFY(!reading().writes && !reading().countPerParent);

    auto *creates = loadField<QLineEdit>(*editor, "entityCreates");
    auto *updates = loadField<QLineEdit>(*editor, "entityUpdates");
    auto *deletes = loadField<QLineEdit>(*editor, "entityDeletes");
    auto *updated = loadField<QListWidget>(*editor, "entityUpdatedAttributes");
    auto *count = loadField<QLineEdit>(*editor, "entityCountPerParent");
    QVERIFY(creates && updates && deletes && updated && count);
    for (QWidget *field :
         std::initializer_list<QWidget *> {creates, updates, deletes, updated, count})
        QVERIFY2(!field->accessibleName().isEmpty(), qPrintable(field->objectName()));
    QVERIFY(creates->text().isEmpty());

    const int steps = document.undoStack()->count();
    typeInto(creates, QStringLiteral("120"));
    QVERIFY(reading().writes);
    QCOMPARE(reading().writes->creates, 120.0);
    QCOMPARE(reading().writes->updates, 0.0);
    QCOMPARE(document.undoStack()->count(), steps + 1); // typing "120" is one step
    typeInto(updates, QStringLiteral("2.5"));
    QCOMPARE(reading().writes->updates, 2.5);
    QCOMPARE(document.undoStack()->count(), steps + 2);

    // The entity's attributes are offered; none checked means the mutable ones.
    QStringList offered;
    for (int row = 0; row < updated->count(); ++row)
        offered << updated->item(row)->text();
    QCOMPARE(offered, QStringList({QStringLiteral("Ts"), QStringLiteral("Temperature")}));
    updated->item(1)->setCheckState(Qt::Checked);
    QCOMPARE(reading().writes->updatedAttributes, QStringList {QStringLiteral("Temperature")});
    QCOMPARE(document.undoStack()->count(), steps + 3);

    typeInto(count, QStringLiteral("525600"));
    QCOMPARE(reading().countPerParent, std::optional<qint64>(525600));
    QCOMPARE(document.undoStack()->count(), steps + 4);

    const QJsonObject saved = savedEntity(
        document, QDir::temp().filePath(QStringLiteral("tst_editors_writes.keyscope.json")),
        QStringLiteral("Reading"));
    QCOMPARE(saved[QStringLiteral("countPerParent")].toInteger(), 525600);
    const QJsonObject writes = saved[QStringLiteral("writes")].toObject();
    QCOMPARE(writes[QStringLiteral("creates")].toDouble(), 120.0);
    QCOMPARE(writes[QStringLiteral("updates")].toDouble(), 2.5);
    QCOMPARE(writes[QStringLiteral("deletes")].toDouble(), 0.0);
    QCOMPARE(writes[QStringLiteral("updatedAttributes")].toArray(),
             QJsonArray {QStringLiteral("Temperature")});

    // Undo takes each step back and the fields follow.
    document.undoStack()->undo();
    QVERIFY(!reading().countPerParent);
    QVERIFY(count->text().isEmpty());
    document.undoStack()->undo();
    QVERIFY(reading().writes->updatedAttributes.isEmpty());
    QCOMPARE(updated->item(1)->checkState(), Qt::Unchecked);
    document.undoStack()->undo();
    document.undoStack()->undo();
    QVERIFY(!reading().writes);
    QVERIFY(creates->text().isEmpty());
    QVERIFY(updates->text().isEmpty());
    document.undoStack()->redo();
    QCOMPARE(creates->text(), QStringLiteral("120"));

    // Emptied again, no writes are declared.
    typeInto(creates, QString());
    QVERIFY(!reading().writes);
    QCOMPARE(document.undoStack()->count(), steps + 2);
}

void TestEditors::writesAndGrowthRefuseWhatTheFileRefuses()
{
    ui::Document document;
    auto editor = readingEditor(document);
    QVERIFY(editor);
    editor->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(editor.get()));
    auto *deletes = loadField<QLineEdit>(*editor, "entityDeletes");
    auto *count = loadField<QLineEdit>(*editor, "entityCountPerParent");
    auto *problem = editor->findChild<QLabel *>(QStringLiteral("entityLoadProblem"));
    QVERIFY(deletes && count && problem);
    const int steps = document.undoStack()->count();

    typeInto(deletes, QStringLiteral("-4"));
    QVERIFY(!document.project().entity(QStringLiteral("Reading"))->writes);
    QVERIFY(problem->isVisible());
    QVERIFY2(problem->text().contains(QLatin1String("Deletes per second: must be at least 0")),
             qPrintable(problem->text()));
    typeInto(deletes, QStringLiteral("4"));
    QVERIFY(!problem->isVisible());
    QCOMPARE(document.project().entity(QStringLiteral("Reading"))->writes->deletes, 4.0);

    // Typed live: "2" is a count, "2.5" is not; the design keeps the last count typed.
    typeInto(count, QStringLiteral("2.5"));
    QVERIFY2(problem->text().contains(QLatin1String("Count per parent at maturity: must be a "
                                                    "whole number, found 2.5")),
             qPrintable(problem->text()));
    QCOMPARE(document.project().entity(QStringLiteral("Reading"))->countPerParent,
             std::optional<qint64>(2));
    QCOMPARE(document.undoStack()->count(), steps + 2);
}

// The attributes an update changes are names the file checks: a renamed attribute is renamed
// there too, a removed one leaves the list, and the saved design opens again.
void TestEditors::updatedAttributesFollowRenameAndRemoval()
{
    ui::Document document;
    auto editor = readingEditor(document);
    QVERIFY(editor);
    model::EntityType reading = *document.project().entity(QStringLiteral("Reading"));
    reading.writes = model::EntityWrites {};
    reading.writes->updates = 3;
    reading.writes->updatedAttributes = QStringList {QStringLiteral("Temperature")};
    QVERIFY(document.setEntity(QStringLiteral("Reading"), reading));
    const auto updated = [&] {
        return document.project().entity(QStringLiteral("Reading"))->writes->updatedAttributes;
    };
    const QString path = QDir::temp().filePath(QStringLiteral("tst_editors_follow.keyscope.json"));

    ui::AttributeListModel *attributes = editor->attributeModel();
    QVERIFY(attributes->setData(attributes->index(1, ui::AttributeListModel::NameColumn),
                                QStringLiteral("Celsius"), Qt::EditRole));
    QCOMPARE(updated(), QStringList {QStringLiteral("Celsius")});
    QVERIFY(!document.saveAs(path));
    QVERIFY(std::holds_alternative<model::Project>(model::ProjectFile::read(path)));

    QVERIFY(attributes->removeAttribute(1));
    QVERIFY(updated().isEmpty());
    QCOMPARE(document.project().entity(QStringLiteral("Reading"))->writes->updates, 3.0);
    QVERIFY(!document.saveAs(path));
    QVERIFY(std::holds_alternative<model::Project>(model::ProjectFile::read(path)));
}

// At the narrowest the dock allows, every tab of the selected entity type shows its whole
// title: no scroll arrows, no title cut short.
void TestEditors::entityTabsFitTheNarrowestPanel()
{
    ui::Document document;
    QVERIFY(document.open(kIot).empty());
    ui::EntitiesEditor editor(&document);
    editor.resize(editor.minimumSizeHint().width(), 700);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    QCOMPARE(editor.width(), editor.minimumSizeHint().width());
    QVERIFY(editor.setCurrentEntity(QStringLiteral("Reading")));
    QTabBar *bar = nullptr;
    for (QTabWidget *tabs : editor.findChildren<QTabWidget *>()) {
        if (tabs->accessibleName() == QLatin1String("Selected entity type"))
            bar = tabs->tabBar();
    }
    QVERIFY(bar);
    QCOMPARE(bar->count(), 3);
    for (int i = 0; i < bar->count(); ++i) {
        const QRect tab = bar->tabRect(i);
        QVERIFY2(tab.right() < bar->width(),
                 qPrintable(QStringLiteral("%1 ends at %2, the bar at %3")
                                .arg(bar->tabText(i))
                                .arg(tab.right())
                                .arg(bar->width())));
        QVERIFY2(tab.width() >= bar->fontMetrics().horizontalAdvance(bar->tabText(i).remove(u'&')),
                 qPrintable(bar->tabText(i)));
    }
}

int main(int argc, char **argv)
{
    QCoreApplication::setAttribute(Qt::AA_Use96Dpi);
    QApplication app(argc, argv);
    TestEditors test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_editors.moc"
