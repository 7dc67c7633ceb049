// File > Import… / Export Table As… / Export Items As… on the real main window.

#include "model/interop/interopfile.h"
#include "tests/support/runkeyscope.h"
#include "tests/support/testpaths.h"
#include "tests/support/tinyfilesystem.h"
#include "ui/collection/collectionmodel.h"
#include "ui/collection/collectionpane.h"
#include "ui/document/document.h"
#include "ui/patterns/keptoperationslist.h"
#include "ui/patterns/patternspanel.h"
#include "ui/settings/settings.h"
#include "ui/shell/interopactions.h"
#include "ui/shell/mainwindow.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QMenu>
#include <QListWidget>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace keyscope;

namespace {

const QString kExamples = keyscope::testsupport::sourcePath("/resources/examples");
const QString kIot = keyscope::testsupport::testDataPath("/ui/iot.keyscope.json");
const QString kInterop = keyscope::testsupport::testDataPath("/interop/");
const QString kMcp = keyscope::testsupport::testDataPath("/mcp/");

// The generator choices of an entity type's attribute (empty when it draws no choice).
QStringList choicesOf(const model::Project &project, const QString &entity, const QString &name)
{
    for (const model::EntityType &type : project.entities) {
        for (const model::AttributeSpec &attribute : type.attributes) {
            if (type.name == entity && attribute.name == name
                && attribute.generator.kind == model::GeneratorSpec::Kind::Choice)
                return attribute.generator.choices;
        }
    }
    return {};
}

class TestWindow : public ui::MainWindow
{
public:
    using ui::MainWindow::MainWindow;
    QStringList errors;

protected:
    QMessageBox::StandardButton askSaveChanges() override { return QMessageBox::Discard; }
    void showError(const QString &title, const QString &text) override
    {
        errors << title + QStringLiteral(": ") + text;
    }
};

bool settle(ui::Document *document)
{
    return QTest::qWaitFor(
        [&] { return !document->isBusy() && document->resultsRevision() == document->revision(); },
        10000);
}

} // namespace

class TestInteropActions : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init();
    void cleanup();
    void menuHasTheActions();
    void importWorkbenchChoosesATable();
    void importAllTablesSavesEach();
    void importItemsIsOneUndoStep();
    void importErrorShowsThePath();
    void importSchemaReadsUsageDataBesideIt();
    void importSchemaRefusesBadUsageData();
    void importNotesAreTheChosenTables_data();
    void importNotesAreTheChosenTables();
    void keptOperationsListedUnderThePatterns();
    void tableChooserNamesWhatEachTableHolds();
    void exportsTableAndItems();
    void exportsMcpFormatsAsTheCliDoes_data();
    void exportsMcpFormatsAsTheCliDoes();
    void mcpExportOnAFullDiskKeepsTheOldFile();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ui::Settings> m_settings;
    std::unique_ptr<TestWindow> m_window;
    QStringList m_offered;
    QStringList m_notes;
    QString m_importPath;
};

void TestInteropActions::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_settings = std::make_unique<ui::Settings>(m_dir->filePath(QStringLiteral("settings.ini")));
    m_window = std::make_unique<TestWindow>(m_settings.get(), kExamples);
    m_window->autosaver()->setRecoveryPath(
        m_dir->filePath(QStringLiteral("recovery.keyscope.json")));
    m_offered.clear();
    m_notes.clear();
    auto &hooks = m_window->interop()->hooks();
    hooks.askImportPath = [this] { return m_importPath; };
    hooks.chooseTable = [this](const QStringList &choices) {
        m_offered = choices;
        return choices.at(choices.size() - 2); // the last table
    };
    hooks.showNotes = [this](const QString &, const QString &text) { m_notes << text; };
}

void TestInteropActions::cleanup()
{
    m_window.reset();
    m_settings.reset();
    m_dir.reset();
}

void TestInteropActions::menuHasTheActions()
{
    QMenu *file = m_window->menuBar()->findChild<QMenu *>();
    QVERIFY(file);
    QStringList texts;
    for (QAction *action : file->actions())
        texts << action->text();
    QVERIFY(texts.contains(QStringLiteral("&Import…")));
    QVERIFY(texts.contains(QStringLiteral("Export &Table As…")));
    QVERIFY(texts.contains(QStringLiteral("Export It&ems As…")));
    QCOMPARE(m_window->interop()->importAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_I));
    const auto *table = m_window->findChild<QAction *>(QStringLiteral("actionExportTable"));
    const auto *items = m_window->findChild<QAction *>(QStringLiteral("actionExportItems"));
    QVERIFY(table && items && !table->shortcut().isEmpty() && !items->shortcut().isEmpty());
}

void TestInteropActions::importWorkbenchChoosesATable()
{
    m_importPath = kInterop + QStringLiteral("workbench-3.0.json");
    m_window->interop()->importAction()->trigger();
    QCOMPARE(m_offered.size(), 3);
    QCOMPARE(m_offered.at(0),
             QStringLiteral("MusicCollection (SongDetails, Downloads; 0 access patterns)"));
    QVERIFY2(m_offered.at(1).startsWith(QStringLiteral("Artists (")), qPrintable(m_offered.at(1)));
    QCOMPARE(m_offered.at(2), ui::InteropActions::allTablesChoice(2));
    QVERIFY2(m_window->errors.isEmpty(), qPrintable(m_window->errors.join('\n')));
    ui::Document *document = m_window->document();
    QCOMPARE(document->project().table.tableName, QStringLiteral("Artists"));
    QVERIFY(document->filePath().isEmpty()); // a new untitled project
    QVERIFY(settle(document));
    QCOMPARE(m_window->collectionPane()->model()->rowCount(), 1);

    // The other table, with the note about its SS attribute.
    m_window->interop()->hooks().chooseTable
        = [](const QStringList &tables) { return tables.first(); };
    QVERIFY(m_window->interop()->importFile(m_importPath));
    QCOMPARE(document->project().entities.size(), 2u);
    QVERIFY(m_notes.join(' ').contains(QStringLiteral("attribute 'Genres' of type SS")));
    QVERIFY(settle(document));
    QCOMPARE(m_window->collectionPane()->model()->rowCount(), 3);
}

void TestInteropActions::importAllTablesSavesEach()
{
    auto &hooks = m_window->interop()->hooks();
    hooks.chooseTable = [](const QStringList &choices) { return choices.last(); };
    const QString folder = m_dir->filePath(QStringLiteral("tables"));
    QVERIFY(QDir().mkpath(folder));
    hooks.askDirectory = [folder] { return folder; };
    QVERIFY(m_window->interop()->importFile(kInterop + QStringLiteral("workbench-3.0.json")));
    QCOMPARE(QDir(folder).entryList(QDir::Files, QDir::Name),
             (QStringList {"Artists.keyscope.json", "MusicCollection.keyscope.json"}));
    QCOMPARE(m_window->document()->filePath(),
             QDir(folder).filePath("MusicCollection.keyscope.json"));
    QVERIFY(!m_window->document()->isModified());
    // Again into the same folder: refused, nothing overwritten.
    QVERIFY(!m_window->interop()->importFile(kInterop + QStringLiteral("workbench-3.0.json")));
    QVERIFY(
        m_window->errors.last().contains(QStringLiteral("already exists; choose another folder")));
}

void TestInteropActions::importItemsIsOneUndoStep()
{
    QVERIFY(m_window->openFile(kIot));
    ui::Document *document = m_window->document();
    QVERIFY(settle(document));
    const std::size_t before = document->project().items.size();
    const qsizetype populated = document->population()->size();
    QFile csv(m_dir->filePath(QStringLiteral("more.csv")));
    QVERIFY(csv.open(QIODevice::WriteOnly));
    csv.write("PK,SK,Model\nDEVICE#new-1,DEVICE#new-1,X\nDEVICE#new-2,DEVICE#new-2,Y\n");
    csv.close();
    m_importPath = csv.fileName();
    m_window->interop()->importAction()->trigger();
    QVERIFY2(m_window->errors.isEmpty(), qPrintable(m_window->errors.join('\n')));
    QCOMPARE(document->project().items.size(), before + 2);
    QCOMPARE(document->undoStack()->undoText(), QStringLiteral("Import 2 items from more.csv"));
    QVERIFY(settle(document));
    QCOMPARE(document->population()->size(), populated + 2);
    document->undoStack()->undo();
    QCOMPARE(document->project().items.size(), before);
    QVERIFY(settle(document));
    QCOMPARE(document->population()->size(), populated);
    document->undoStack()->redo();
    QCOMPARE(document->project().items.back().at(QStringLiteral("Model")).asString(),
             QStringLiteral("Y"));
}

void TestInteropActions::importErrorShowsThePath()
{
    m_importPath = kInterop + QStringLiteral("bad-key-model.json");
    const QString before = m_window->document()->project().table.tableName;
    m_window->interop()->importAction()->trigger();
    QCOMPARE(m_window->errors.size(), 1);
    QVERIFY2(m_window->errors.front().contains(QStringLiteral(
                 "bad-key-model.json: table 'Bad', KeyAttributes.PartitionKey.AttributeType")),
             qPrintable(m_window->errors.front()));
    QCOMPARE(m_window->document()->project().table.tableName, before); // nothing changed

    // Items that do not fit the open table: refused whole, nothing on the undo stack.
    QVERIFY(m_window->openFile(kIot));
    const std::size_t items = m_window->document()->project().items.size();
    const int steps = m_window->document()->undoStack()->count();
    QFile csv(m_dir->filePath(QStringLiteral("nosk.csv")));
    QVERIFY(csv.open(QIODevice::WriteOnly));
    csv.write("PK (S),Model (S)\nDEVICE#1,X\n");
    csv.close();
    QVERIFY(!m_window->interop()->importFile(csv.fileName()));
    QCOMPARE(m_window->errors.size(), 2);
    QVERIFY2(m_window->errors.last().contains(
                 QStringLiteral("nosk.csv: line 2 (PK 'DEVICE#1'): One or more parameter "
                                "values were invalid: Missing the key SK")),
             qPrintable(m_window->errors.last()));
    QCOMPARE(m_window->document()->project().items.size(), items);
    QCOMPARE(m_window->document()->undoStack()->count(), steps);
}

// A schema.json with usage_data.json beside it, as the assistant writes them: the usage data's
// values seed the generators, as `keyscope convert schema.json` does.
void TestInteropActions::importSchemaReadsUsageDataBesideIt()
{
    QVERIFY(QFile::copy(kMcp + "deals_schema.json", m_dir->filePath("schema.json")));
    QVERIFY(QFile::copy(kMcp + "usage/deals_usage_data.json", m_dir->filePath("usage_data.json")));
    m_window->interop()->hooks().chooseTable = [](const QStringList &choices) {
        return choices.at(2); // Brands
    };
    QVERIFY(m_window->interop()->importFile(m_dir->filePath("schema.json")));
    const model::Project &project = m_window->document()->project();
    QCOMPARE(project.table.tableName, QStringLiteral("Brands"));
    QCOMPARE(choicesOf(project, "Brand", "brand_name"), QStringList({"Acme", "Acme Ltd"}));
    QVERIFY2(m_notes.join('\n').contains(QStringLiteral(
                 "entities.Brand: brand_name, description draw from the usage data's values")),
             qPrintable(m_notes.join('\n')));
}

void TestInteropActions::importSchemaRefusesBadUsageData()
{
    QVERIFY(QFile::copy(kMcp + "deals_schema.json", m_dir->filePath("schema.json")));
    QVERIFY(QFile::copy(kMcp + "usage/invalid/invalid_field_names.json",
                        m_dir->filePath("usage_data.json")));
    const QString before = m_window->document()->project().table.tableName;
    QVERIFY(!m_window->interop()->importFile(m_dir->filePath("schema.json")));
    QCOMPARE(m_window->errors.size(), 1);
    QVERIFY2(m_window->errors.front().contains(QStringLiteral(
                 "usage_data.json: entities.Brand.sample_data.brand_nam: Unknown field "
                 "'brand_nam' for entity Brand; did you mean 'brand_name'?")),
             qPrintable(m_window->errors.front()));
    QCOMPARE(m_window->document()->project().table.tableName, before);
}

void TestInteropActions::importNotesAreTheChosenTables_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("table");
    QTest::addColumn<QString>("note");  // a line of the notes shown
    QTest::addColumn<QString>("other"); // a note on another table, not shown
    QTest::newRow("schema") << "deals_schema.json"
                            << "Deals"
                            << "• tables[0].entities.Deal.access_patterns[0]: GetItem "
                               "get_deal_by_id kept, not run (Keyscope runs Queries): key "
                               "deal_id = {deal_id}"
                            << "get_user_by_id";
    QTest::newRow("data model") << "datamodel/shop_data_model.json"
                                << "ShopTable"
                                << "• access_patterns[5]: UpdateItem (pattern 6, \"Mark an order "
                                   "shipped\"): kept, not run (Keyscope runs Queries); the key "
                                   "lacks the sort key sk"
                                << "Get a product";
}

// One table of several: the notes are that table's, as `keyscope convert --table` gives them,
// under the file's name once rather than before every note.
void TestInteropActions::importNotesAreTheChosenTables()
{
    QFETCH(QString, file);
    QFETCH(QString, table);
    QFETCH(QString, note);
    QFETCH(QString, other);
    m_window->interop()->hooks().chooseTable = [&](const QStringList &choices) {
        return choices.filter(QRegularExpression('^' + table + "\\b")).value(0);
    };
    QVERIFY(m_window->interop()->importFile(kMcp + file));
    QCOMPARE(m_window->document()->project().table.tableName, table);
    QCOMPARE(m_notes.size(), 1);
    QVERIFY2(!m_notes.front().contains(other), qPrintable(m_notes.front()));
    const QStringList lines = m_notes.front().split('\n');
    QCOMPARE(lines.first(), QStringLiteral("Notes on %1:").arg(kMcp + file));
    QVERIFY2(lines.contains(note), qPrintable(m_notes.front()));
}

// The schema's GetItem and PutItem, which Keyscope does not run, stay listed under the access
// patterns after the import's notes are gone, each explained when chosen; the list goes with
// the project that had them.
void TestInteropActions::keptOperationsListedUnderThePatterns()
{
    m_window->interop()->hooks().chooseTable = [](const QStringList &choices) {
        return choices.value(0); // Deals
    };
    QVERIFY(m_window->interop()->importFile(kMcp + "deals_schema.json"));
    QVERIFY(settle(m_window->document()));
    ui::KeptOperationsList *kept = m_window->patternsPanel()->keptOperations();
    QListWidget *rows = kept->listWidget();
    QCOMPARE(rows->count(), 2);
    QCOMPARE(rows->item(0)->text(), QStringLiteral("GetItem get_deal_by_id"));
    QCOMPARE(rows->item(1)->text(), QStringLiteral("PutItem create_deal"));
    QVERIFY(kept->isVisibleTo(m_window.get()));
    rows->setCurrentRow(0);
    const QString detail
        = m_window->patternsPanel()->findChild<QPlainTextEdit *>()->toPlainText();
    QVERIFY2(detail.startsWith("GetItem get_deal_by_id (entity type Deal).\nIt uses the key "
                               "deal_id = {deal_id}.\n"),
             qPrintable(detail));

    QVERIFY(m_window->openFile(kIot));
    QVERIFY(settle(m_window->document()));
    QCOMPARE(rows->count(), 0);
    QVERIFY(!kept->isVisibleTo(m_window.get()));
}

// Each table of several with its entity types and access patterns, so the user can tell which
// one holds the design they mean.
void TestInteropActions::tableChooserNamesWhatEachTableHolds()
{
    QVERIFY(m_window->interop()->importFile(kMcp + "deals_schema.json"));
    QCOMPARE(m_offered,
             (QStringList {"Deals (Deal; 3 access patterns)", "Users (User; 0 access patterns)",
                           "Brands (Brand; 0 access patterns)",
                           "UserWatches (UserWatch; 3 access patterns)",
                           ui::InteropActions::allTablesChoice(4)}));
    QCOMPARE(m_window->document()->project().table.tableName, QStringLiteral("UserWatches"));
}

void TestInteropActions::exportsTableAndItems()
{
    QVERIFY(m_window->openFile(kIot));
    ui::Document *document = m_window->document();
    QVERIFY(settle(document));
    using Format = model::InteropFile::Format;
    auto &hooks = m_window->interop()->hooks();
    // Through the dialog: the filter picks the format, the suffix is added.
    hooks.askExportPath = [this](const QString &, const QStringList &filters, QString *filter) {
        *filter = filters.at(2);
        return m_dir->filePath(QStringLiteral("table"));
    };
    m_window->findChild<QAction *>(QStringLiteral("actionExportTable"))->trigger();
    auto yaml = model::InteropFile::read(m_dir->filePath(QStringLiteral("table.yaml")));
    QVERIFY(std::holds_alternative<model::InteropFile::Input>(yaml));
    QCOMPARE(std::get<model::InteropFile::Input>(yaml).projects.at(0).table.toJson(),
             document->project().table.toJson());

    hooks.askExportPath = [this](const QString &, const QStringList &filters, QString *filter) {
        *filter = filters.at(0); // batch-write
        return m_dir->filePath(QStringLiteral("items.json"));
    };
    m_window->findChild<QAction *>(QStringLiteral("actionExportItems"))->trigger();
    const qsizetype count = document->population()->size();
    const QStringList files
        = QDir(m_dir->path()).entryList({"items*.json"}, QDir::Files, QDir::Name);
    QCOMPARE(files.size(), (count + 24) / 25);

    // A directory that does not exist: an error, nothing written.
    QVERIFY(!m_window->interop()->exportItems(m_dir->filePath(QStringLiteral("missing/items.csv")),
                                              Format::Csv));
    QCOMPARE(m_window->errors.size(), 1);
    QVERIFY(m_window->errors.front().startsWith(QStringLiteral("Cannot export the items: ")));
}

void TestInteropActions::exportsMcpFormatsAsTheCliDoes_data()
{
    QTest::addColumn<QString>("cliFormat");
    QTest::addColumn<QString>("filterStart");
    QTest::newRow("schema") << "mcp-schema"
                            << "AWS DynamoDB MCP schema.json";
    QTest::newRow("data model") << "mcp-data-model"
                                << "AWS DynamoDB MCP dynamodb_data_model.json";
}

// Export Table As… offers both MCP formats and writes what `keyscope convert --to` writes.
void TestInteropActions::exportsMcpFormatsAsTheCliDoes()
{
    QFETCH(QString, cliFormat);
    QFETCH(QString, filterStart);
    QVERIFY(m_window->openFile(kIot));
    QVERIFY(settle(m_window->document()));
    QStringList offered;
    m_window->interop()->hooks().askExportPath
        = [&](const QString &, const QStringList &filters, QString *filter) {
              offered = filters;
              for (const QString &each : filters) {
                  if (each.startsWith(filterStart))
                      *filter = each;
              }
              return m_dir->filePath(QStringLiteral("exported"));
          };
    m_window->findChild<QAction *>(QStringLiteral("actionExportTable"))->trigger();
    QVERIFY2(m_window->errors.isEmpty(), qPrintable(m_window->errors.join('\n')));
    QVERIFY2(offered.filter(filterStart).size() == 1, qPrintable(offered.join('\n')));
    QFile written(m_dir->filePath(QStringLiteral("exported.json")));
    QVERIFY(written.open(QIODevice::ReadOnly));
    const auto cli
        = testsupport::runKeyscope({QStringLiteral("convert"), kIot, QStringLiteral("--to"),
                                    cliFormat, QStringLiteral("-o"), QStringLiteral("-")});
    QCOMPARE(cli.exitCode, 0);
    QVERIFY(cli.out.size() > 100);
    QCOMPARE(written.readAll(), cli.out);
}

void TestInteropActions::mcpExportOnAFullDiskKeepsTheOldFile()
{
    testsupport::TinyFileSystem fs(64);
    if (!fs.isMounted())
        QSKIP(qPrintable(fs.skipReason()));
    QVERIFY(m_window->openFile(kIot));
    QVERIFY(settle(m_window->document()));
    const QByteArray old("{\"old\": \"model\"}\n");
    QVERIFY(fs.put(QStringLiteral("dynamodb_data_model.json"), old));
    fs.fill();
    const QString path = fs.path(QStringLiteral("dynamodb_data_model.json"));
    QString chosen;
    m_window->interop()->hooks().askExportPath
        = [&](const QString &, const QStringList &filters, QString *filter) {
              chosen = filters.filter(QStringLiteral("dynamodb_data_model.json")).value(0);
              *filter = chosen;
              return path;
          };
    m_window->findChild<QAction *>(QStringLiteral("actionExportTable"))->trigger();
    QVERIFY(!chosen.isEmpty());
    QCOMPARE(m_window->errors.size(), 1);
    QVERIFY2(m_window->errors.front().contains(QLatin1String("No space left on device")),
             qPrintable(m_window->errors.front()));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), old);
    QCOMPARE(fs.files(), QStringList {QStringLiteral("dynamodb_data_model.json")});
}

QTEST_MAIN(TestInteropActions)
#include "tst_interopactions.moc"
