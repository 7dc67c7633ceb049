#include "model/design/projectfile.h"
#include "tests/support/testpaths.h"
#include "ui/document/document.h"
#include "ui/editors/attributelistmodel.h"
#include "ui/editors/entitieseditor.h"
#include "ui/editors/entitylistmodel.h"
#include "ui/editors/keytemplateedit.h"
#include "ui/editors/keytemplatespanel.h"
#include "ui/patterns/patterneditor.h"
#include "ui/patterns/patternlistmodel.h"
#include "ui/patterns/patternspanel.h"
#include "ui/query/querybuilder.h"
#include "ui/settings/settings.h"
#include "ui/shell/mainwindow.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>

using namespace keyscope;

namespace {

const QString kPatternName = QStringLiteral("Customer and latest 5 orders");

// The e2e pattern as a person writes it by hand: only what differs from the defaults.
const char *kHandPattern = R"json({
      "name": "Customer and latest 5 orders",
      "keyCondition": "PK = :pk",
      "values": {":pk": "CUST#{CustomerId}"},
      "parent": "Customer",
      "scanIndexForward": false,
      "limit": 6,
      "expect": {
        "entityTypes": ["Customer", "Order"],
        "parentFirst": true,
        "orderBy": {"attribute": "OrderDate", "descending": true},
        "count": 6
      }
    })json";

const char *kOtherPatterns = R"json({
      "name": "Orders oldest first",
      "description": "Forward from the first order.\nThe profile sorts after them.",
      "keyCondition": "PK = :pk AND begins_with(SK, :o)",
      "values": {":pk": "CUST#{CustomerId}", ":o": {"S": "ORDER#"}},
      "parent": "Customer",
      "parentIndex": 1,
      "expect": {"entityTypes": ["Order", "Customer"], "orderBy": {"attribute": "OrderDate"}, "x-note": "kept"}
    },
    {
      "name": "A customer's profile",
      "keyCondition": "PK = :pk AND SK = :p",
      "values": {":pk": "CUST#{CustomerId}", ":p": {"S": "PROFILE"}},
      "parent": "Customer",
      "parentIndex": 2,
      "expect": {"entityTypes": ["Customer"], "count": 1}
    })json";

// A customer's profile sorts after its orders ('P' > 'O'): reading backward, the customer
// comes first, then its orders newest first.
QByteArray shopJson(const QString &patterns)
{
    return QStringLiteral(R"json({
  "keyscope": 1,
  "name": "Shop",
  "seed": 5,
  "table": {
    "TableName": "Shop",
    "AttributeDefinitions": [
      {"AttributeName": "PK", "AttributeType": "S"},
      {"AttributeName": "SK", "AttributeType": "S"}
    ],
    "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}]
  },
  "entities": [
    {
      "name": "Customer",
      "color": "#4E79A7",
      "count": 3,
      "attributes": [{"name": "CustomerId", "type": "S", "generator": {"kind": "pattern", "pattern": "c-####"}}],
      "keys": {"PK": "CUST#{CustomerId}", "SK": "PROFILE"}
    },
    {
      "name": "Order",
      "color": "#F28E2B",
      "parent": "Customer",
      "count": [8, 12],
      "attributes": [
        {
          "name": "OrderDate",
          "type": "timestamp",
          "generator": {"kind": "timestamp", "start": "2025-01-01T00:00:00Z", "step": "1d", "perParent": true}
        }
      ],
      "keys": {"PK": "CUST#{Customer.CustomerId}", "SK": "ORDER#{OrderDate|iso8601}"}
    }
  ],
  "accessPatterns": [%1]
})json")
        .arg(patterns)
        .toUtf8();
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

bool settle(ui::Document &document)
{
    return QTest::qWaitFor(
        [&] { return !document.isBusy() && document.resultsRevision() == document.revision(); },
        10000);
}

// The panel as the main window feeds it.
void connectPanel(ui::Document &document, ui::PatternsPanel &panel)
{
    panel.setDocument(&document);
    QObject::connect(&document, &ui::Document::patternsReady, &panel, [&] {
        panel.setResults(document.patternResults(), document.project().accessPatterns,
                         document.populationError());
    });
}

QStringList patternNames(const ui::Document &document)
{
    QStringList names;
    for (const auto &pattern : document.project().accessPatterns)
        names << pattern.name;
    return names;
}

QStringList listedNames(const ui::PatternsPanel &panel)
{
    QStringList names;
    for (int row = 0; row < panel.model()->rowCount(); ++row)
        names << panel.model()->index(row).data().toString();
    return names;
}

template<typename T>
T *child(QWidget *root, const char *name)
{
    return root->findChild<T *>(QString::fromLatin1(name));
}

void setChecked(QListWidget *list, const QString &text, bool checked)
{
    const auto items = list->findItems(text, Qt::MatchExactly);
    QVERIFY2(!items.isEmpty(), qPrintable(text));
    items.front()->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
}

// Fills the open form with the e2e pattern, the way a user does: name, parent type (the form
// offers its key template for :pk), the first customer, backward, Limit 6, expectations.
void fillCustomerAndLatestOrders(ui::PatternEditor *editor)
{
    QTest::keyClicks(editor->nameEdit(), kPatternName);
    QComboBox *parent = editor->parentCombo();
    parent->setCurrentIndex(parent->findData(QStringLiteral("Customer")));
    editor->parentIndexSpin()->setValue(1);
    QCOMPARE(editor->templateText(QStringLiteral(":pk")), QStringLiteral("CUST#{CustomerId}"));
    child<QCheckBox>(editor->builder(), "scanIndexForward")->setChecked(false);
    child<QSpinBox>(editor->builder(), "limit")->setValue(6);
    setChecked(editor->entityTypesList(), QStringLiteral("Customer"), true);
    setChecked(editor->entityTypesList(), QStringLiteral("Order"), true);
    editor->countKindCombo()->setCurrentIndex(1); // exactly
    editor->countSpin()->setValue(6);
    editor->orderAttributeCombo()->setCurrentIndex(
        editor->orderAttributeCombo()->findData(QStringLiteral("OrderDate")));
    editor->orderDirectionCombo()->setCurrentIndex(1); // descending
    editor->parentPlaceCombo()->setCurrentIndex(1);    // is the first result
}

class TestWindow : public ui::MainWindow
{
public:
    using ui::MainWindow::MainWindow;
    QString savePath;

protected:
    QMessageBox::StandardButton askSaveChanges() override { return QMessageBox::Discard; }
    QString askSavePath() override { return savePath; }
    QString askOpenPath() override { return {}; }
    QString askProjectName() override { return QStringLiteral("Shop"); }
    bool askRestoreRecovery(const ui::Autosaver::Recovery &) override { return false; }
    void showError(const QString &title, const QString &text) override
    {
        qWarning("%s: %s", qPrintable(title), qPrintable(text));
    }
};

} // namespace

class TestPatternEditor : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void formLoadsEveryMemberAndOkChangesNothing();
    void everyExamplePatternSurvivesTheForm_data();
    void everyExamplePatternSurvivesTheForm();
    void formValidatesBeforeOk_data();
    void formValidatesBeforeOk();
    void controlsAndTypedConditionStayInSync();
    void everyControlIsNamedAndReachable();
    void panelEditsAreOneUndoStepEach();
    void keyboardAndContextMenu();
    void editRerunsTheVerdict();
    void queryBuilderSavesAsPattern();
    void appAndHandWrittenPatternsSaveTheSameBytes();
    void minimalPatternSavesTheSameBytes();
    void designAndPatternFromNewProjectWithoutATextEditor();
    void formGrowsWithItsVerdict();
    void rateFieldsValidate_data();
    void rateFieldsValidate();
    void rateAndConsistencyAreOneUndoStepAndSaved();
    void consistentReadOnAGlobalIndexIsAProblem();
    void formFitsASmallScreen();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_shop; // the shop with three patterns
};

void TestPatternEditor::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestPatternEditor::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_shop = m_dir->filePath(QStringLiteral("shop.keyscope.json"));
    QVERIFY(writeFile(m_shop,
                      shopJson(QString::fromUtf8(kHandPattern) + QStringLiteral(",\n    ")
                               + QString::fromUtf8(kOtherPatterns))));
}

void TestPatternEditor::formLoadsEveryMemberAndOkChangesNothing()
{
    ui::Document document;
    QVERIFY(document.open(m_shop).empty());
    QVERIFY(settle(document));
    for (int i = 0; i < 3; ++i) {
        const model::AccessPattern &original = document.project().accessPatterns[size_t(i)];
        ui::PatternEditor editor(document.project(), document.population(), document.table());
        editor.setPattern(original);
        QVERIFY2(editor.problem().isEmpty(), qPrintable(editor.problem()));
        QVERIFY(editor.okButton()->isEnabled());
        QVERIFY2(editor.verdict().startsWith(QLatin1String("Passes")),
                 qPrintable(editor.verdict()));
        // Nothing the form shows or keeps differs from the file: saving it unchanged writes
        // the same pattern.
        const auto out = model::ProjectFile::toJson([&] {
            model::Project project = document.project();
            project.accessPatterns[size_t(i)] = editor.pattern();
            return project;
        }());
        QCOMPARE(out, model::ProjectFile::toJson(document.project()));
    }

    ui::PatternEditor editor(document.project(), document.population(), document.table());
    editor.setPattern(document.project().accessPatterns[1]);
    QCOMPARE(editor.nameEdit()->text(), QStringLiteral("Orders oldest first"));
    QCOMPARE(editor.parentCombo()->currentData().toString(), QStringLiteral("Customer"));
    QCOMPARE(editor.parentIndexSpin()->value(), 2);
    QCOMPARE(editor.templateText(QStringLiteral(":pk")), QStringLiteral("CUST#{CustomerId}"));
    QCOMPARE(editor.templateText(QStringLiteral(":o")), QString());
    QCOMPARE(child<QComboBox>(editor.builder(), "sortOperator")->currentText(),
             QStringLiteral("begins_with"));
    QCOMPARE(child<QLineEdit>(editor.builder(), "sortValue")->text(), QStringLiteral("ORDER#"));
    QCOMPARE(editor.orderAttributeCombo()->currentData().toString(), QStringLiteral("OrderDate"));
    QCOMPARE(editor.orderDirectionCombo()->currentIndex(), 0);
    QCOMPARE(editor.pattern().expect.extra.value(QStringLiteral("x-note")).toString(),
             QStringLiteral("kept"));

    // The query the builder shows reads the second customer's partition.
    const model::PatternResult &result = document.patternResults()[1];
    QCOMPARE(editor.builder()->request().expressionAttributeValues->at(QStringLiteral(":pk")),
             result.request.expressionAttributeValues->at(QStringLiteral(":pk")));
}

void TestPatternEditor::everyExamplePatternSurvivesTheForm_data()
{
    QTest::addColumn<QString>("path");
    const QDir examples(keyscope::testsupport::sourcePath("/resources/examples"));
    for (const QString &folder : examples.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QDir dir(examples.filePath(folder));
        for (const QString &file : dir.entryList({QStringLiteral("*.keyscope.json")}))
            QTest::newRow(qPrintable(folder + QLatin1Char('/') + file)) << dir.filePath(file);
    }
}

// Every pattern of every example, opened in the form and saved unchanged, is the same pattern;
// the form accepts it unless DynamoDB would reject its query.
void TestPatternEditor::everyExamplePatternSurvivesTheForm()
{
    QFETCH(QString, path);
    ui::Document document;
    QVERIFY(document.open(path).empty());
    QVERIFY(settle(document));
    QVERIFY(!document.project().accessPatterns.empty());
    for (size_t i = 0; i < document.project().accessPatterns.size(); ++i) {
        const model::AccessPattern &original = document.project().accessPatterns[i];
        ui::PatternEditor editor(document.project(), document.population(), document.table());
        editor.setPattern(original);
        model::Project edited = document.project();
        edited.accessPatterns[i] = editor.pattern();
        QCOMPARE(model::ProjectFile::toJson(edited),
                 model::ProjectFile::toJson(document.project()));
        const model::PatternResult &result = document.patternResults()[i];
        QVERIFY2(editor.problem().isEmpty() || result.error,
                 qPrintable(original.name + QStringLiteral(": ") + editor.problem()));
        QCOMPARE(editor.verdict().startsWith(QLatin1String("Passes")), result.passed);
    }
}

void TestPatternEditor::formValidatesBeforeOk_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("keyCondition"); // typed into the builder; empty: as loaded
    QTest::addColumn<int>("count");            // exactly this many; -1: any
    QTest::addColumn<QString>("problem");      // the start of the message; empty: OK enabled

    QTest::newRow("fine") << "Orders, new name"
                          << "" << -1 << "";
    QTest::newRow("empty name") << "   "
                                << "" << -1 << "Give the pattern a name.";
    QTest::newRow("duplicate name") << "A customer's profile"
                                    << "" << -1 << "Another access pattern is already named";
    QTest::newRow("own name is fine") << "Orders oldest first"
                                      << "" << -1 << "";
    QTest::newRow("invalid expression") << "Orders"
                                        << "PK = :pk AND" << -1
                                        << "The query is not valid: Invalid "
                                           "KeyConditionExpression";
    QTest::newRow("unknown key attribute") << "Orders"
                                           << "Id = :pk" << -1 << "The query is not valid:";
    QTest::newRow("count over limit")
        << "Orders"
        << "" << 20 << "The expected count 20 is more than the Limit 10";
}

void TestPatternEditor::formValidatesBeforeOk()
{
    QFETCH(QString, name);
    QFETCH(QString, keyCondition);
    QFETCH(int, count);
    QFETCH(QString, problem);

    ui::Document document;
    QVERIFY(document.open(m_shop).empty());
    QVERIFY(settle(document));
    ui::PatternEditor editor(document.project(), document.population(), document.table());
    editor.setPattern(document.project().accessPatterns[1]);
    editor.setTakenNames({kPatternName, QStringLiteral("A customer's profile")});
    child<QSpinBox>(editor.builder(), "limit")->setValue(10);
    editor.nameEdit()->setText(name);
    if (!keyCondition.isEmpty()) {
        auto *expression = child<QLineEdit>(editor.builder(), "keyConditionExpression");
        expression->selectAll();
        QTest::keyClicks(expression, keyCondition);
    }
    if (count >= 0) {
        editor.countKindCombo()->setCurrentIndex(1);
        editor.countSpin()->setValue(count);
    }
    QVERIFY2(problem.isEmpty() ? editor.problem().isEmpty() : editor.problem().startsWith(problem),
             qPrintable(editor.problem()));
    QCOMPARE(editor.okButton()->isEnabled(), problem.isEmpty());
    // OK does nothing while there is a problem.
    QSignalSpy accepted(&editor, &QDialog::accepted);
    editor.okButton()->click();
    QCOMPARE(accepted.count(), problem.isEmpty() ? 1 : 0);
}

void TestPatternEditor::controlsAndTypedConditionStayInSync()
{
    ui::Document document;
    QVERIFY(document.open(m_shop).empty());
    QVERIFY(settle(document));
    ui::PatternEditor editor(document.project(), document.population(), document.table());
    editor.setPattern(document.project().accessPatterns[0]);
    ui::QueryBuilder *builder = editor.builder();
    auto *op = child<QComboBox>(builder, "sortOperator");
    auto *value = child<QLineEdit>(builder, "sortValue");
    auto *expression = child<QLineEdit>(builder, "keyConditionExpression");

    // Controls write the expression; the template for :pk stays.
    op->setCurrentIndex(op->findText(QStringLiteral("begins_with")));
    QTest::keyClicks(value, QStringLiteral("ORDER#"));
    QCOMPARE(expression->text(), QStringLiteral("PK = :pk AND begins_with(SK, :sk)"));
    model::AccessPattern pattern = editor.pattern();
    QCOMPARE(pattern.keyConditionExpression, expression->text());
    QCOMPARE(pattern.values.at(QStringLiteral(":pk")).templateText,
             QStringLiteral("CUST#{CustomerId}"));
    QCOMPARE(pattern.values.at(QStringLiteral(":sk")).literal,
             std::optional(model::AttributeValue::string(QStringLiteral("ORDER#"))));

    // Typing the expression sets the controls.
    expression->selectAll();
    QTest::keyClicks(expression, QStringLiteral("PK = :pk AND SK > :sk"));
    QCOMPARE(op->currentText(), QStringLiteral(">"));
    QCOMPARE(editor.pattern().keyConditionExpression, QStringLiteral("PK = :pk AND SK > :sk"));

    // Choosing another partition in the builder makes :pk a literal; a template puts it back.
    auto *partition = child<QComboBox>(builder, "partition");
    const model::AttributeValue first
        = builder->request().expressionAttributeValues->at(QStringLiteral(":pk"));
    int other = 0;
    while (partition->itemText(other) == first.displayText())
        ++other;
    partition->setCurrentIndex(other);
    QCOMPARE(editor.templateText(QStringLiteral(":pk")), QString());
    QVERIFY(editor.pattern().values.at(QStringLiteral(":pk")).literal.has_value());
    editor.setTemplateText(QStringLiteral(":pk"), QStringLiteral("CUST#{CustomerId}"));
    QCOMPARE(builder->request().expressionAttributeValues->at(QStringLiteral(":pk")), first);
    QCOMPARE(partition->currentText(), first.displayText());

    // A template that does not render says why, and OK waits.
    editor.setTemplateText(QStringLiteral(":pk"), QStringLiteral("CUST#{CustomerNo}"));
    QVERIFY2(editor.problem().startsWith(QLatin1String("Value :pk:")),
             qPrintable(editor.problem()));
    QVERIFY(!editor.okButton()->isEnabled());
}

void TestPatternEditor::everyControlIsNamedAndReachable()
{
    ui::Document document;
    QVERIFY(document.open(m_shop).empty());
    QVERIFY(settle(document));
    ui::PatternEditor editor(document.project(), document.population(), document.table());
    editor.setPattern(document.project().accessPatterns[0]);
    editor.show();
    editor.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&editor));
    editor.nameEdit()->setFocus();
    QSet<QWidget *> visited;
    for (int i = 0; i < 60 && QApplication::focusWidget(); ++i) {
        visited.insert(QApplication::focusWidget());
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    }
    const QList<QWidget *> controls {editor.nameEdit(),
                                     editor.descriptionEdit(),
                                     editor.parentCombo(),
                                     editor.parentIndexSpin(),
                                     editor.rateEdit(),
                                     editor.averageRateEdit(),
                                     child<QCheckBox>(editor.builder(), "consistentRead"),
                                     child<QLineEdit>(editor.builder(), "keyConditionExpression"),
                                     child<QCheckBox>(editor.builder(), "scanIndexForward"),
                                     child<QSpinBox>(editor.builder(), "limit"),
                                     editor.valuesTable(),
                                     editor.entityTypesList(),
                                     editor.countKindCombo(),
                                     editor.countSpin(),
                                     editor.orderAttributeCombo(),
                                     editor.orderDirectionCombo(),
                                     editor.parentPlaceCombo()};
    for (QWidget *control : controls) {
        QVERIFY2(visited.contains(control), qPrintable(control->objectName()));
        QVERIFY2(!control->accessibleName().isEmpty(), qPrintable(control->objectName()));
    }
    QVERIFY(visited.contains(editor.okButton()));
}

void TestPatternEditor::panelEditsAreOneUndoStepEach()
{
    ui::Document document;
    QVERIFY(document.open(m_shop).empty());
    ui::PatternsPanel panel;
    QAbstractItemModelTester tester(panel.model());
    connectPanel(document, panel);
    QVERIFY(settle(document));
    QUndoStack *undo = document.undoStack();
    const QStringList original = patternNames(document);
    QCOMPARE(listedNames(panel), original);

    // Duplicate: right after the original, selected.
    panel.listView()->setCurrentIndex(panel.model()->index(1));
    QVERIFY(panel.duplicateAction()->isEnabled());
    panel.duplicateAction()->trigger();
    QCOMPARE(undo->count(), 1);
    QCOMPARE(patternNames(document).at(2), QStringLiteral("Orders oldest first (copy)"));
    QVERIFY(settle(document));
    QCOMPARE(panel.currentResult()->name, QStringLiteral("Orders oldest first (copy)"));
    QCOMPARE(document.project().accessPatterns[2].values.at(QStringLiteral(":pk")).templateText,
             QStringLiteral("CUST#{CustomerId}"));

    // Move up and down; the moved pattern stays selected; no move past the ends.
    panel.moveUpAction()->trigger();
    QCOMPARE(undo->count(), 2);
    QCOMPARE(patternNames(document).at(1), QStringLiteral("Orders oldest first (copy)"));
    QVERIFY(settle(document));
    QCOMPARE(panel.currentRow(), 1);
    panel.listView()->setCurrentIndex(panel.model()->index(0));
    QVERIFY(!panel.moveUpAction()->isEnabled());
    panel.moveDownAction()->trigger();
    QVERIFY(settle(document));
    QCOMPARE(patternNames(document).at(1), kPatternName);
    QCOMPARE(panel.currentRow(), 1);
    QCOMPARE(undo->count(), 3);

    // Delete: the selection moves to the next pattern, or the previous after the last.
    panel.deleteAction()->trigger();
    QCOMPARE(undo->count(), 4);
    QVERIFY(!patternNames(document).contains(kPatternName));
    QVERIFY(settle(document));
    QCOMPARE(panel.currentResult()->name, patternNames(document).at(1));
    panel.listView()->setCurrentIndex(panel.model()->index(panel.model()->rowCount() - 1));
    const QString beforeLast = patternNames(document).at(patternNames(document).size() - 2);
    panel.deleteAction()->trigger();
    QVERIFY(settle(document));
    QCOMPARE(panel.currentResult()->name, beforeLast);

    // Every step undoes on its own, back to the file's list.
    for (int i = 0; i < 5; ++i)
        undo->undo();
    QCOMPARE(patternNames(document), original);
    QVERIFY(settle(document));
    QCOMPARE(listedNames(panel), original);
    while (undo->canRedo())
        undo->redo();
    QCOMPARE(patternNames(document).size(), 2);
    QVERIFY(settle(document));

    // New: the form, then one step that adds it (selected once it has run).
    undo->clear();
    panel.newAction()->trigger();
    ui::PatternEditor *editor = panel.editor();
    QVERIFY(editor);
    QVERIFY(editor->isVisible());
    QVERIFY(!editor->okButton()->isEnabled()); // no name yet
    fillCustomerAndLatestOrders(editor);
    QVERIFY2(editor->problem().isEmpty(), qPrintable(editor->problem()));
    editor->okButton()->click();
    QCOMPARE(undo->count(), 1);
    QCOMPARE(patternNames(document).last(), kPatternName);
    // Listed and selected at once, as not run until the document has judged it.
    QCOMPARE(listedNames(panel), patternNames(document));
    QCOMPARE(panel.listView()->currentIndex().data().toString(), kPatternName);
    QVERIFY(!panel.listView()->currentIndex().data(ui::PatternListModel::RunRole).toBool());
    QVERIFY(!panel.currentResult());
    QVERIFY(settle(document));
    QVERIFY(panel.listView()->currentIndex().data(ui::PatternListModel::RunRole).toBool());
    QCOMPARE(panel.currentResult()->name, kPatternName);
    QVERIFY2(panel.currentResult()->passed, qPrintable(panel.currentResult()->explanation));

    // Edit: a rename through the form is one step, and the list follows it.
    panel.editAction()->trigger();
    editor = panel.editor();
    QVERIFY(editor);
    QCOMPARE(editor->nameEdit()->text(), kPatternName);
    editor->nameEdit()->setText(QStringLiteral("Latest orders"));
    editor->okButton()->click();
    QCOMPARE(undo->count(), 2);
    QVERIFY(settle(document));
    QCOMPARE(panel.currentResult()->name, QStringLiteral("Latest orders"));
    undo->undo();
    QCOMPARE(patternNames(document).last(), kPatternName);
    QVERIFY(settle(document));

    // Cancel changes nothing.
    panel.editAction()->trigger();
    panel.editor()->nameEdit()->setText(QStringLiteral("Something else"));
    panel.editor()->reject();
    QCOMPARE(patternNames(document).last(), kPatternName);
    QCOMPARE(undo->index(), 1);
}

void TestPatternEditor::keyboardAndContextMenu()
{
    ui::Document document;
    QVERIFY(document.open(m_shop).empty());
    ui::PatternsPanel panel;
    connectPanel(document, panel);
    panel.resize(360, 420);
    panel.show();
    panel.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&panel));
    QVERIFY(settle(document));
    QListView *list = panel.listView();
    list->setFocus();
    list->setCurrentIndex(panel.model()->index(1));

    // Every action is in the list's context menu, and none is window-wide.
    QCOMPARE(list->contextMenuPolicy(), Qt::ActionsContextMenu);
    for (QAction *a : {panel.newAction(), panel.editAction(), panel.duplicateAction(),
                       panel.moveUpAction(), panel.moveDownAction(), panel.deleteAction()}) {
        QVERIFY2(list->actions().contains(a), qPrintable(a->text()));
        QCOMPARE(a->shortcutContext(), Qt::WidgetWithChildrenShortcut);
        QVERIFY2(!a->shortcuts().isEmpty(), qPrintable(a->text()));
        QVERIFY(panel.toolBar()->widgetForAction(a));
    }
    // Toolbar buttons say what they do (an icon from the theme, else text).
    auto *newButton
        = qobject_cast<QToolButton *>(panel.toolBar()->widgetForAction(panel.newAction()));
    QVERIFY(newButton);
    QVERIFY(!newButton->icon().isNull() || !newButton->text().isEmpty());

    QTest::keyClick(list, Qt::Key_Delete);
    QCOMPARE(patternNames(document),
             QStringList({kPatternName, QStringLiteral("A customer's profile")}));
    // The row goes at once, before the verdicts are run again; the next one is selected.
    QCOMPARE(listedNames(panel), patternNames(document));
    QCOMPARE(list->currentIndex().data().toString(), QStringLiteral("A customer's profile"));
    QVERIFY(settle(document));
    QCOMPARE(panel.currentResult()->name, QStringLiteral("A customer's profile"));

    QTest::keyClick(list, Qt::Key_Up, Qt::AltModifier);
    QCOMPARE(patternNames(document),
             QStringList({QStringLiteral("A customer's profile"), kPatternName}));
    QVERIFY(settle(document));

    QTest::keyClick(list, Qt::Key_D, Qt::ControlModifier);
    QCOMPARE(patternNames(document).at(1), QStringLiteral("A customer's profile (copy)"));
    QVERIFY(settle(document));

    // Return, F2 and double-click open the form on the selected pattern; Insert a new one.
    QTest::keyClick(list, Qt::Key_F2);
    QTRY_VERIFY(panel.editor());
    panel.editor()->reject();
    QTRY_VERIFY(!panel.editor());
    QTest::keyClick(list, Qt::Key_Return);
    QVERIFY(panel.editor());
    QTRY_VERIFY(panel.editor()->isVisible());
    QCOMPARE(panel.editor()->nameEdit()->text(), panel.currentResult()->name);
    panel.editor()->reject();
    QTRY_VERIFY(!panel.editor());

    const QRect rect = list->visualRect(panel.model()->index(0));
    // Qt's item views take a double-click as the second press of a click pair.
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, rect.center());
    QTest::mouseDClick(list->viewport(), Qt::LeftButton, {}, rect.center());
    QTRY_VERIFY(panel.editor());
    QCOMPARE(panel.editor()->nameEdit()->text(), QStringLiteral("A customer's profile"));
    panel.editor()->reject();
    QTRY_VERIFY(!panel.editor());

    panel.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&panel));
    list->setFocus();
    QTest::keyClick(list, Qt::Key_Insert);
    QTRY_VERIFY(panel.editor());
    QVERIFY(panel.editor()->nameEdit()->text().isEmpty());
    panel.editor()->reject();
}

void TestPatternEditor::editRerunsTheVerdict()
{
    ui::Document document;
    QVERIFY(document.open(m_shop).empty());
    ui::PatternsPanel panel;
    connectPanel(document, panel);
    QVERIFY(settle(document));
    QVERIFY(panel.model()->index(0).data(ui::PatternListModel::PassedRole).toBool());

    // Forward instead of backward: the oldest orders come first, not the customer.
    panel.listView()->setCurrentIndex(panel.model()->index(0));
    panel.editAction()->trigger();
    ui::PatternEditor *editor = panel.editor();
    QVERIFY(editor->verdict().startsWith(QLatin1String("Passes")));
    child<QCheckBox>(editor->builder(), "scanIndexForward")->setChecked(true);
    QVERIFY2(editor->verdict().startsWith(QLatin1String("Fails")), qPrintable(editor->verdict()));
    QVERIFY(editor->okButton()->isEnabled()); // a failing pattern is still a pattern
    editor->okButton()->click();
    QVERIFY(document.project().accessPatterns[0].scanIndexForward);
    // The old verdict judged the old pattern: not shown while the new one runs.
    QVERIFY(!panel.model()->index(0).data(ui::PatternListModel::RunRole).toBool());
    QVERIFY(panel.model()->index(1).data(ui::PatternListModel::RunRole).toBool());
    QVERIFY(settle(document));
    QVERIFY(!panel.model()->index(0).data(ui::PatternListModel::PassedRole).toBool());
    QVERIFY(panel.model()
                ->index(0)
                .data(ui::PatternListModel::ExplanationRole)
                .toString()
                .contains(QLatin1String("first result")));
    document.undoStack()->undo();
    QVERIFY(settle(document));
    QVERIFY(panel.model()->index(0).data(ui::PatternListModel::PassedRole).toBool());
}

void TestPatternEditor::queryBuilderSavesAsPattern()
{
    ui::Settings settings(m_dir->filePath(QStringLiteral("settings.ini")));
    TestWindow window(&settings, QString());
    QVERIFY(window.openFile(m_shop));
    QVERIFY(settle(*window.document()));
    auto *builder = window.findChild<ui::QueryBuilder *>();
    QTRY_VERIFY(builder->isValid());
    auto *op = child<QComboBox>(builder, "sortOperator");
    op->setCurrentIndex(op->findText(QStringLiteral("begins_with")));
    QTest::keyClicks(child<QLineEdit>(builder, "sortValue"), QStringLiteral("ORDER#"));
    child<QSpinBox>(builder, "limit")->setValue(3);
    QVERIFY(builder->isValid());
    const model::QueryRequest query = builder->request();

    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.dock(QStringLiteral("BuilderDock"))->raise();
    auto *button = child<QPushButton>(builder, "saveAsPattern");
    QVERIFY(button);
    QTRY_VERIFY(button->isVisible());
    QCOMPARE(button->text(), QStringLiteral("Save as Access Pattern..."));
    QTest::mouseClick(button, Qt::LeftButton);
    ui::PatternEditor *editor = window.patternsPanel()->editor();
    QVERIFY(editor);
    QVERIFY(editor->isVisible());
    QCOMPARE(editor->builder()->request().keyConditionExpression, query.keyConditionExpression);
    QCOMPARE(editor->builder()->request().expressionAttributeValues,
             query.expressionAttributeValues);
    QCOMPARE(editor->builder()->request().limit, std::optional<qint64>(3));
    // The query-only controls are not part of a pattern.
    QVERIFY(!child<QPushButton>(editor->builder(), "run")->isVisible());
    QVERIFY(!child<QLineEdit>(editor->builder(), "projectionExpression")->isVisible());

    // Choosing the parent type finds the customer whose partition the query reads.
    editor->parentCombo()->setCurrentIndex(editor->parentCombo()->findData("Customer"));
    QCOMPARE(editor->templateText(QStringLiteral(":pk")), QStringLiteral("CUST#{CustomerId}"));
    QCOMPARE(editor->builder()->request().expressionAttributeValues,
             query.expressionAttributeValues);
    editor->nameEdit()->setText(QStringLiteral("Three oldest orders"));
    editor->okButton()->click();
    const model::AccessPattern &saved = window.document()->project().accessPatterns.back();
    QCOMPARE(saved.name, QStringLiteral("Three oldest orders"));
    QCOMPARE(saved.keyConditionExpression, query.keyConditionExpression);
    QCOMPARE(saved.limit, std::optional<qint64>(3));
    QCOMPARE(saved.parentEntity, QStringLiteral("Customer"));
    QVERIFY(settle(*window.document()));
    QCOMPARE(window.patternsPanel()->currentResult()->name, QStringLiteral("Three oldest orders"));
}

void TestPatternEditor::appAndHandWrittenPatternsSaveTheSameBytes()
{
    const QString handPath = m_dir->filePath(QStringLiteral("hand.keyscope.json"));
    const QString barePath = m_dir->filePath(QStringLiteral("bare.keyscope.json"));
    QVERIFY(writeFile(handPath, shopJson(QString::fromUtf8(kHandPattern))));
    QVERIFY(writeFile(barePath, shopJson(QString())));

    ui::Document hand;
    QVERIFY(hand.open(handPath).empty());
    const QString handSaved = m_dir->filePath(QStringLiteral("hand-saved.keyscope.json"));
    QVERIFY(!hand.saveAs(handSaved));

    ui::Document app;
    QVERIFY(app.open(barePath).empty());
    ui::PatternsPanel panel;
    connectPanel(app, panel);
    QVERIFY(settle(app));
    panel.newAction()->trigger();
    ui::PatternEditor *editor = panel.editor();
    QVERIFY(editor);
    fillCustomerAndLatestOrders(editor);
    QVERIFY2(editor->problem().isEmpty(), qPrintable(editor->problem()));
    editor->okButton()->click();
    const QString appSaved = m_dir->filePath(QStringLiteral("app-saved.keyscope.json"));
    QVERIFY(!app.saveAs(appSaved));

    const QByteArray expected = readFile(handSaved);
    QVERIFY(expected.contains("\"Customer and latest 5 orders\""));
    QCOMPARE(readFile(appSaved), expected);
}

// Everything at its default: no parent, a literal value, forward, no Limit, no expectations.
void TestPatternEditor::minimalPatternSavesTheSameBytes()
{
    const QString barePath = m_dir->filePath(QStringLiteral("bare.keyscope.json"));
    QVERIFY(writeFile(barePath, shopJson(QString())));
    ui::Document app;
    QVERIFY(app.open(barePath).empty());
    ui::PatternsPanel panel;
    connectPanel(app, panel);
    QVERIFY(settle(app));
    panel.newAction()->trigger();
    ui::PatternEditor *editor = panel.editor();
    QVERIFY(editor);
    QTest::keyClicks(editor->nameEdit(), QStringLiteral("Largest partition"));
    QVERIFY2(editor->problem().isEmpty(), qPrintable(editor->problem()));
    // The form starts on the largest partition, as the Query Builder does.
    const model::AttributeValue pk
        = editor->builder()->request().expressionAttributeValues->at(QStringLiteral(":pk"));
    editor->okButton()->click();
    const QString appSaved = m_dir->filePath(QStringLiteral("app-saved.keyscope.json"));
    QVERIFY(!app.saveAs(appSaved));

    const QString handPath = m_dir->filePath(QStringLiteral("hand.keyscope.json"));
    QVERIFY(writeFile(handPath,
                      shopJson(QStringLiteral(R"json({"name": "Largest partition",
        "keyCondition": "PK = :pk", "values": {":pk": {"S": "%1"}}})json")
                                   .arg(pk.asString()))));
    ui::Document hand;
    QVERIFY(hand.open(handPath).empty());
    const QString handSaved = m_dir->filePath(QStringLiteral("hand-saved.keyscope.json"));
    QVERIFY(!hand.saveAs(handSaved));
    const QByteArray expected = readFile(handSaved);
    QVERIFY(expected.contains(pk.asString().toUtf8()));
    QCOMPARE(readFile(appSaved), expected);
}

void TestPatternEditor::designAndPatternFromNewProjectWithoutATextEditor()
{
    ui::Settings settings(m_dir->filePath(QStringLiteral("settings.ini")));
    TestWindow window(&settings, QString());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.newProject();
    ui::Document *document = window.document();
    QVERIFY(document->project().entities.empty());
    auto *entities = window.findChild<ui::EntitiesEditor *>();
    QVERIFY(entities);
    ui::EntityListModel *entityModel = entities->entityModel();

    // Add an entity type with the editor's button, name it, then its attribute and templates.
    const auto addEntity = [&](const QString &name) {
        QToolButton *add = nullptr;
        for (QToolButton *button : entities->findChildren<QToolButton *>()) {
            if (button->accessibleName() == QLatin1String("Add entity type"))
                add = button;
        }
        if (add)
            QTest::mouseClick(add, Qt::LeftButton);
        else
            entities->addEntity();
        if (QWidget *nameEditor = QApplication::focusWidget();
            qobject_cast<QLineEdit *>(nameEditor))
            QTest::keyClick(nameEditor, Qt::Key_Escape);
        const int row = entityModel->rowCount() - 1;
        return entityModel->setData(entityModel->index(row, ui::EntityListModel::NameColumn), name);
    };
    const auto typeTemplate = [&](const QString &key, const QString &text) {
        ui::KeyTemplateEdit *edit = entities->keyTemplates()->templateEdit(key);
        QVERIFY(edit);
        edit->setFocus();
        edit->selectAll();
        QTest::keyClicks(edit, text);
        QTest::keyClick(edit, Qt::Key_Tab);
    };

    QVERIFY(addEntity(QStringLiteral("Customer")));
    QVERIFY(entities->setCurrentEntity(QStringLiteral("Customer")));
    int row = entityModel->rowOf(QStringLiteral("Customer"));
    QVERIFY(entityModel->setData(entityModel->index(row, ui::EntityListModel::CountColumn), "3"));
    ui::AttributeListModel *attributes = entities->attributeModel();
    QVERIFY(attributes->setData(attributes->index(0, ui::AttributeListModel::NameColumn),
                                "CustomerId"));
    typeTemplate(QStringLiteral("PK"), QStringLiteral("CUST#{CustomerId}"));
    typeTemplate(QStringLiteral("SK"), QStringLiteral("PROFILE"));

    QVERIFY(addEntity(QStringLiteral("Order")));
    QVERIFY(entities->setCurrentEntity(QStringLiteral("Order")));
    row = entityModel->rowOf(QStringLiteral("Order"));
    QVERIFY(entityModel->setData(entityModel->index(row, ui::EntityListModel::ParentColumn),
                                 "Customer"));
    QVERIFY(entityModel->setData(entityModel->index(row, ui::EntityListModel::CountColumn), "8"));
    QVERIFY(
        attributes->setData(attributes->index(0, ui::AttributeListModel::NameColumn), "OrderDate"));
    QVERIFY(
        attributes->setData(attributes->index(0, ui::AttributeListModel::TypeColumn), "timestamp"));
    QVERIFY(attributes->setData(attributes->index(0, ui::AttributeListModel::GeneratorColumn),
                                "timestamp"));
    typeTemplate(QStringLiteral("PK"), QStringLiteral("CUST#{Customer.CustomerId}"));
    typeTemplate(QStringLiteral("SK"), QStringLiteral("ORDER#{OrderDate}"));

    QVERIFY(settle(*document));
    QVERIFY2(document->populationError().isEmpty(), qPrintable(document->populationError()));
    const model::EntityType *order = document->project().entity(QStringLiteral("Order"));
    QVERIFY(order);
    QCOMPARE(order->keys.at(QStringLiteral("SK")), QStringLiteral("ORDER#{OrderDate}"));
    QCOMPARE(order->parent, QStringLiteral("Customer"));
    QCOMPARE(document->population()->size(), qsizetype(3 + 3 * 8));

    // The pattern, from the panel's New button.
    ui::PatternsPanel *panel = window.patternsPanel();
    QTest::mouseClick(panel->toolBar()->widgetForAction(panel->newAction()), Qt::LeftButton);
    ui::PatternEditor *editor = panel->editor();
    QVERIFY(editor);
    fillCustomerAndLatestOrders(editor);
    QVERIFY2(editor->verdict().startsWith(QLatin1String("Passes")), qPrintable(editor->verdict()));
    QTest::mouseClick(editor->okButton(), Qt::LeftButton);
    QVERIFY(settle(*document));
    QCOMPARE(panel->model()->rowCount(), 1);
    QCOMPARE(panel->currentResult()->name, kPatternName);
    QVERIFY2(panel->currentResult()->passed, qPrintable(panel->currentResult()->explanation));
    QCOMPARE(panel->currentResult()->response->itemIds.size(), size_t(6));

    // Edit > Undo removes it, Redo brings it back.
    QAction *undo = window.findChild<QAction *>(QStringLiteral("actionUndo"));
    QVERIFY(undo);
    QVERIFY(undo->text().contains(kPatternName));
    undo->trigger();
    QVERIFY(document->project().accessPatterns.empty());
    QVERIFY(settle(*document));
    QCOMPARE(panel->model()->rowCount(), 0);
    document->undoStack()->redo();
    QCOMPARE(document->project().accessPatterns.size(), size_t(1));
    const model::AccessPattern made = document->project().accessPatterns.front();

    // Saved and opened again: the same pattern, still passing.
    window.savePath = m_dir->filePath(QStringLiteral("made.keyscope.json"));
    QVERIFY(window.saveAs());
    window.newProject();
    QVERIFY(document->project().accessPatterns.empty());
    QVERIFY(window.openFile(window.savePath));
    QCOMPARE(document->project().accessPatterns.size(), size_t(1));
    const model::AccessPattern &reopened = document->project().accessPatterns.front();
    QCOMPARE(reopened.name, made.name);
    QCOMPARE(reopened.keyConditionExpression, QStringLiteral("PK = :pk"));
    QCOMPARE(reopened.values.at(QStringLiteral(":pk")).templateText,
             QStringLiteral("CUST#{CustomerId}"));
    QCOMPARE(reopened.parentEntity, QStringLiteral("Customer"));
    QCOMPARE(reopened.parentIndex, 0);
    QVERIFY(!reopened.scanIndexForward);
    QCOMPARE(reopened.limit, std::optional<qint64>(6));
    QCOMPARE(reopened.expect.entityTypes, QStringList({"Customer", "Order"}));
    QCOMPARE(reopened.expect.parentFirst, std::optional<bool>(true));
    QCOMPARE(reopened.expect.orderAttribute, QStringLiteral("OrderDate"));
    QVERIFY(!reopened.expect.orderAscending);
    QCOMPARE(reopened.expect.count, std::optional<qint64>(6));
    QVERIFY(settle(*document));
    QVERIFY(panel->model()->index(0).data(ui::PatternListModel::PassedRole).toBool());
}

// A verdict that grows to several lines makes the form taller: every expected entity type stays
// in view (it squeezed the list to one row), the verdict shows whole, and the parent combo shows
// its entity type's name.
void TestPatternEditor::formGrowsWithItsVerdict()
{
    ui::Document document;
    QVERIFY(document
                .open(keyscope::testsupport::sourcePath(
                    "/resources/examples/saas/before.keyscope.json"))
                .empty());
    QVERIFY(settle(document));
    ui::PatternEditor editor(document.project(), document.population(), document.table());
    editor.setPattern(document.project().accessPatterns[0]);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    // None expected but the Org: the verdict names the unexpected Team and its key.
    QListWidget *types = editor.entityTypesList();
    for (int row = 0; row < types->count(); ++row)
        types->item(row)->setCheckState(row == 0 ? Qt::Checked : Qt::Unchecked);
    auto *verdict = editor.findChild<QLabel *>(QStringLiteral("verdict"));
    QVERIFY(verdict);
    const QString longVerdict = QStringLiteral(
        "Fails: result #2 is Team 'TEAM#DRIVE-THRU#001', which is not one of the expected types "
        "(Org); reading backward from 'ORG#MCDONALDS' meets the Org last, so the pattern never "
        "sees the items it expects in the order it expects them.");
    verdict->setText(longVerdict);
    QTRY_VERIFY2(verdict->height() >= verdict->heightForWidth(verdict->width()),
                 qPrintable(QStringLiteral("verdict %1 px tall, needs %2")
                                .arg(verdict->height())
                                .arg(verdict->heightForWidth(verdict->width()))));
    for (int row = 0; row < types->count(); ++row) {
        const QRect rect = types->visualItemRect(types->item(row));
        QVERIFY2(rect.bottom() < types->viewport()->height(), qPrintable(types->item(row)->text()));
    }
    QComboBox *parent = editor.parentCombo();
    QVERIFY(parent->width() >= parent->fontMetrics().horizontalAdvance(parent->currentText())
                + parent->iconSize().width());
}

void TestPatternEditor::rateFieldsValidate_data()
{
    QTest::addColumn<QString>("rate");    // typed into "Rate"
    QTest::addColumn<QString>("average"); // typed into "Average rate"
    QTest::addColumn<QString>("problem"); // the start of the message; empty: OK enabled

    QTest::newRow("none declared") << ""
                                   << ""
                                   << "";
    QTest::newRow("peak only") << "50"
                               << ""
                               << "";
    QTest::newRow("fractions") << "0.5"
                               << "0.25"
                               << "";
    QTest::newRow("average equals peak") << "12"
                                         << "12"
                                         << "";
    QTest::newRow("average without peak") << ""
                                          << "3"
                                          << "";
    QTest::newRow("not a number") << "fifty"
                                  << ""
                                  << "Rate: \u201cfifty\u201d is not a number";
    QTest::newRow("negative rate") << "-1"
                                   << ""
                                   << "Rate: must be at least 0";
    QTest::newRow("negative average") << "5"
                                      << "-2"
                                      << "Average rate: must be at least 0";
    QTest::newRow("average above peak") << "10"
                                        << "80"
                                        << "The average rate 80 requests per second is above "
                                           "the peak rate 10";
}

// The rate fields take what the project file takes: numbers of at least 0, the average at most
// the peak; anything else is shown as the form's problem and OK waits.
void TestPatternEditor::rateFieldsValidate()
{
    QFETCH(QString, rate);
    QFETCH(QString, average);
    QFETCH(QString, problem);

    ui::Document document;
    QVERIFY(document.open(m_shop).empty());
    QVERIFY(settle(document));
    ui::PatternEditor editor(document.project(), document.population(), document.table());
    editor.setPattern(document.project().accessPatterns[0]);
    auto *rateEdit = child<QLineEdit>(&editor, "patternRate");
    auto *averageEdit = child<QLineEdit>(&editor, "patternAverageRate");
    QVERIFY(rateEdit);
    QVERIFY(averageEdit);
    QTest::keyClicks(rateEdit, rate);
    QTest::keyClicks(averageEdit, average);
    QVERIFY2(problem.isEmpty() ? editor.problem().isEmpty() : editor.problem().startsWith(problem),
             qPrintable(editor.problem()));
    QCOMPARE(editor.okButton()->isEnabled(), problem.isEmpty());
    auto *problemLabel = editor.findChild<QWidget *>(QStringLiteral("patternProblem"));
    QVERIFY(problemLabel);
    QCOMPARE(problemLabel->isVisibleTo(&editor), !problem.isEmpty());
    if (problem.isEmpty()) {
        const model::AccessPattern pattern = editor.pattern();
        QCOMPARE(pattern.rate.has_value(), !rate.isEmpty());
        if (!rate.isEmpty())
            QCOMPARE(*pattern.rate, rate.toDouble());
        QCOMPARE(pattern.averageRate.has_value(), !average.isEmpty());
        if (!average.isEmpty())
            QCOMPARE(*pattern.averageRate, average.toDouble());
    }
}

// Rate, average rate and ConsistentRead: set in the form, one undo step with OK, written to the
// file, shown again when the form reopens, and undo puts the old pattern back.
void TestPatternEditor::rateAndConsistencyAreOneUndoStepAndSaved()
{
    ui::Document document;
    QVERIFY(document.open(m_shop).empty());
    ui::PatternsPanel panel;
    connectPanel(document, panel);
    QVERIFY(settle(document));
    QUndoStack *undo = document.undoStack();
    QCOMPARE(undo->count(), 0);
    const model::AccessPattern original = document.project().accessPatterns[0];
    QVERIFY(!original.rate && !original.averageRate && !original.consistentRead);

    panel.listView()->setCurrentIndex(panel.model()->index(0));
    panel.editAction()->trigger();
    ui::PatternEditor *editor = panel.editor();
    QVERIFY(editor);
    auto *rateEdit = child<QLineEdit>(editor, "patternRate");
    auto *averageEdit = child<QLineEdit>(editor, "patternAverageRate");
    auto *consistent = child<QCheckBox>(editor->builder(), "consistentRead");
    QVERIFY(rateEdit && averageEdit && consistent);
    QVERIFY(rateEdit->text().isEmpty());
    QVERIFY(consistent->isVisibleTo(editor));
    QTest::keyClicks(rateEdit, QStringLiteral("50"));
    QTest::keyClicks(averageEdit, QStringLiteral("12.5"));
    consistent->setChecked(true);
    QVERIFY2(editor->problem().isEmpty(), qPrintable(editor->problem()));
    editor->okButton()->click();
    QCOMPARE(undo->count(), 1);
    const model::AccessPattern &edited = document.project().accessPatterns[0];
    QCOMPARE(edited.rate, std::optional<double>(50));
    QCOMPARE(edited.averageRate, std::optional<double>(12.5));
    QVERIFY(edited.consistentRead);
    QVERIFY(settle(document));
    // A consistent read of the same partition still passes.
    QVERIFY2(panel.currentResult()->passed, qPrintable(panel.currentResult()->explanation));

    const QString saved = m_dir->filePath(QStringLiteral("rates.keyscope.json"));
    QVERIFY(!document.saveAs(saved));
    const QJsonObject json = QJsonDocument::fromJson(readFile(saved))
                                 .object()[QStringLiteral("accessPatterns")]
                                 .toArray()
                                 .at(0)
                                 .toObject();
    QCOMPARE(json.value(QStringLiteral("rate")).toDouble(), 50.0);
    QCOMPARE(json.value(QStringLiteral("averageRate")).toDouble(), 12.5);
    QCOMPARE(json.value(QStringLiteral("consistentRead")).toBool(), true);

    // The form shows what the pattern has.
    panel.editAction()->trigger();
    editor = panel.editor();
    QCOMPARE(child<QLineEdit>(editor, "patternRate")->text(), QStringLiteral("50"));
    QCOMPARE(child<QLineEdit>(editor, "patternAverageRate")->text(), QStringLiteral("12.5"));
    QVERIFY(child<QCheckBox>(editor->builder(), "consistentRead")->isChecked());
    // Emptied, the rate is no longer declared.
    child<QLineEdit>(editor, "patternRate")->clear();
    editor->okButton()->click();
    QCOMPARE(undo->count(), 2);
    QVERIFY(!document.project().accessPatterns[0].rate);
    QCOMPARE(document.project().accessPatterns[0].averageRate, std::optional<double>(12.5));

    undo->undo();
    QCOMPARE(document.project().accessPatterns[0].rate, std::optional<double>(50));
    undo->undo();
    const model::AccessPattern &restored = document.project().accessPatterns[0];
    QVERIFY(!restored.rate && !restored.averageRate && !restored.consistentRead);
    QCOMPARE(model::ProjectFile::toJson(document.project()), model::ProjectFile::toJson([&] {
                 model::Project project = document.project();
                 project.accessPatterns[0] = original;
                 return project;
             }()));
}

// DynamoDB refuses ConsistentRead on a global secondary index: the form says so before OK.
void TestPatternEditor::consistentReadOnAGlobalIndexIsAProblem()
{
    ui::Document document;
    QVERIFY(
        document
            .open(keyscope::testsupport::sourcePath("/resources/examples/case/after.keyscope.json"))
            .empty());
    QVERIFY(settle(document));
    const auto &patterns = document.project().accessPatterns;
    const auto byEmail = std::find_if(patterns.begin(), patterns.end(), [](const auto &pattern) {
        return pattern.indexName == QStringLiteral("ByEmail");
    });
    QVERIFY(byEmail != patterns.end());
    ui::PatternEditor editor(document.project(), document.population(), document.table());
    editor.setPattern(*byEmail);
    QVERIFY2(editor.problem().isEmpty(), qPrintable(editor.problem()));
    auto *consistent = child<QCheckBox>(editor.builder(), "consistentRead");
    QVERIFY(consistent);
    QVERIFY(consistent->isVisibleTo(&editor));
    QVERIFY(!consistent->toolTip().isEmpty());
    consistent->setChecked(true);
    QVERIFY2(editor.problem().contains(
                 QLatin1String("Consistent reads are not supported on global secondary indexes")),
             qPrintable(editor.problem()));
    QVERIFY(!editor.okButton()->isEnabled());
    consistent->setChecked(false);
    QVERIFY(editor.okButton()->isEnabled());
}

// On a 1024x700 screen the form gets about 900x500: the rates must not squeeze the expected
// entity types out of view, and nothing overlaps.
void TestPatternEditor::formFitsASmallScreen()
{
    ui::Document document;
    QVERIFY(document.open(m_shop).empty());
    QVERIFY(settle(document));
    ui::PatternEditor editor(document.project(), document.population(), document.table());
    editor.setPattern(document.project().accessPatterns[0]);
    editor.resize(900, 500);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    QTRY_COMPARE(editor.height(), std::max(500, editor.minimumSizeHint().height()));
    QVERIFY2(editor.height() <= 500,
             qPrintable(QString::number(editor.minimumSizeHint().height())));
    QListWidget *types = editor.entityTypesList();
    for (int row = 0; row < types->count(); ++row) {
        const QRect rect = types->visualItemRect(types->item(row));
        QVERIFY2(rect.bottom() < types->viewport()->height(), qPrintable(types->item(row)->text()));
    }
    const QRect list(types->mapTo(&editor, QPoint()), types->size());
    const QRect count(editor.countKindCombo()->mapTo(&editor, QPoint()),
                      editor.countKindCombo()->size());
    QVERIFY(!list.intersects(count));
    QVERIFY(editor.rateEdit()->isVisible());
}

QTEST_MAIN(TestPatternEditor)
#include "tst_patterneditor.moc"
