#include "../support/manualclock.h"
#include "model/design/projectfile.h"
#include "model/query/tracetimeline.h"
#include "model/version.h"
#include "tests/support/testpaths.h"
#include "ui/animation/traceplayer.h"
#include "ui/capacity/capacitypanel.h"
#include "ui/checks/findinglistmodel.h"
#include "ui/collection/collectionlayout.h"
#include "ui/collection/collectionmodel.h"
#include "ui/collection/collectionpane.h"
#include "ui/collection/collectionrows.h"
#include "ui/collection/collectionview.h"
#include "ui/collection/keyorderexplainer.h"
#include "ui/document/document.h"
#include "ui/editors/entitieseditor.h"
#include "ui/editors/entitylistmodel.h"
#include "ui/editors/keytemplateedit.h"
#include "ui/editors/keytemplatespanel.h"
#include "ui/examples/examplecatalog.h"
#include "ui/examples/examplegallery.h"
#include "ui/help/manualbrowser.h"
#include "ui/help/userguide.h"
#include "ui/patterns/patternlistmodel.h"
#include "ui/query/codepanel.h"
#include "ui/query/querybuilder.h"
#include "ui/shell/documentlifecycle.h"
#include "ui/shell/instancechannel.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/shortcutsdialog.h"
#include "ui/trace/timelinestrip.h"
#include "ui/trace/tracepanel.h"
#include <QLineEdit>
#include <QListView>
#include <QTabWidget>
#include <QTableView>
#include <QTextCharFormat>

#include <QAbstractItemModelTester>
#include <QAbstractScrollArea>
#include <QAction>
#include <QAnimationDriver>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>
#include <QTimer>
#include <QUrl>

#include "model/design/projectfile.h"
#include "model/query/tracetimeline.h"
#include "ui/animation/traceplayer.h"
#include "ui/collection/collectionview.h"
#include "ui/trace/tracepanel.h"
#include <QUndoStack>

using namespace keyscope;

namespace {

const QString kExamples = keyscope::testsupport::sourcePath("/resources/examples");
const QString kIot = keyscope::testsupport::testDataPath("/ui/iot.keyscope.json");

// Answers the window's questions as the test says, and counts them.
class TestWindow : public ui::MainWindow
{
public:
    using ui::MainWindow::MainWindow;

    QMessageBox::StandardButton saveAnswer = QMessageBox::Cancel;
    QString projectNameAnswer;
    QString savePath;
    QStringList
        asked; // "name" and "path" in the order asked, with the name when asked for the path
    bool restoreAnswer = true;
    int saveQuestions = 0;
    int restoreQuestions = 0;
    QStringList errors;

protected:
    QMessageBox::StandardButton askSaveChanges() override
    {
        ++saveQuestions;
        return saveAnswer;
    }
    QString askProjectName() override
    {
        asked << QStringLiteral("name");
        return projectNameAnswer;
    }
    QString askSavePath() override
    {
        asked << QStringLiteral("path for ") + document()->project().name;
        return savePath;
    }
    QString askOpenPath() override { return {}; }
    bool askRestoreRecovery(const ui::Autosaver::Recovery &) override
    {
        ++restoreQuestions;
        return restoreAnswer;
    }
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

QString firstSortKey(const ui::MainWindow &window)
{
    const ui::CollectionModel *model = window.collectionPane()->model();
    return model->index(0, ui::CollectionModel::SortKeyColumn).data().toString();
}

QAction *action(const QWidget &window, const char *name)
{
    return window.findChild<QAction *>(QString::fromLatin1(name));
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void opensExampleAndShowsVerdicts();
    void panelTemplateEditResortsAndUndoRestores();
    void capacityPanelComesForwardWithItsFiguresWhole();
    void helpListsEveryShortcutAndNamesTheBuild();
    void helpShowsTheUserGuide();
    void secondLaunchHandsItsFilesToTheWindow();
    void exportsTheDesignDocumentOfTheOpenDesign();
    void titleShowsFileAndModifiedMark();
    void closingWithChangesAsks();
    void saveAsWritesAndRecordsRecentFile();
    void docksAreRestoredBetweenRuns();
    void recoveryIsOfferedAfterACrash();
    void findingsListMostSevereFirst();
    void themeCanBeOverridden();
    void standardShortcutsAndAccessibleNames();
    void selectedPatternAnimatesItsTrace();
    void presenterModeShowsOnlyCollectionAndCaption();
    void presenterModeCountsStepsInLargeType();
    void presenterNeverDropsAKeyPress();
    void traversalShowsOnTheCollectionTheQueryReads();
    void selectingAFindingShowsItsTemplateAndItem();
    void findingIsMarkedHoweverTheTemplateChanged_data();
    void findingIsMarkedHoweverTheTemplateChanged();
    void newProjectStartsClean();
    void firstSaveAsksForAName();
    void exampleGalleryShowsTheOpenExample();
    void designPanelsFitWithoutHorizontalScrolling_data();
    void designPanelsFitWithoutHorizontalScrolling();
    void explanationsWrapAtSpaces();
    void windowFromALargerScreenIsFittedToThisOne();
    void collectionSaysItShowsTheLastValidTemplate();
    void narrationNeverRunsIntoTheSummary_data();
    void narrationNeverRunsIntoTheSummary();
    void patternAndFindingTitlesWrapInsteadOfScrolling();
    void concernedItemsAreCountedInASentence_data();
    void concernedItemsAreCountedInASentence();
    void collectionShowsEnoughRowsByDefault_data();
    void collectionShowsEnoughRowsByDefault();
    void checksPanelCollapsesWhenNothingIsFound();
    void exportHeadingNamesAnUnnamedDesignByItsFile();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ui::Settings> m_settings;
    std::unique_ptr<TestWindow> makeWindow();
    // A window of `size`, shown, with the example ("/iot/after") open and its results in;
    // null if any of that fails.
    std::unique_ptr<TestWindow> shownExample(const QSize &size, const QString &example);
};

std::unique_ptr<TestWindow> TestMainWindow::shownExample(const QSize &size, const QString &example)
{
    auto window = makeWindow();
    window->resize(size);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get())
        || !window->openExample(kExamples + example + QStringLiteral(".keyscope.json"))
        || !settle(window->document()))
        return nullptr;
    return window;
}

void TestMainWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestMainWindow::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_settings = std::make_unique<ui::Settings>(m_dir->filePath(QStringLiteral("settings.ini")));
}

void TestMainWindow::cleanup()
{
    m_settings.reset();
    m_dir.reset();
}

std::unique_ptr<TestWindow> TestMainWindow::makeWindow()
{
    auto window = std::make_unique<TestWindow>(m_settings.get(), kExamples);
    window->autosaver()->setRecoveryPath(m_dir->filePath(QStringLiteral("recovery.keyscope.json")));
    return window;
}

void TestMainWindow::selectedPatternAnimatesItsTrace()
{
    m_settings->setReducedMotion(true); // steps jump: the test sets positions, never waits
    auto window = makeWindow();
    QVERIFY(window->openExample(kExamples + QStringLiteral("/iot/after.keyscope.json")));
    QVERIFY(settle(window->document()));

    // The first pattern is selected: its traversal is on the collection view.
    ui::CollectionView *view = window->collectionPane()->view();
    QVERIFY(view->timeline());
    const model::TraceTimeline &timeline = *view->timeline();
    QCOMPARE(timeline.summary().count, qint64(11));
    // Backward read: the Device (the parent, last row of its collection) is result #1.
    QCOMPARE(timeline.summary().parentResultNumber, quint32(1));

    // Playback keys drive the one player: Ctrl+R restarts at the partition lookup, Right steps.
    auto *panel = window->findChild<ui::TracePanel *>();
    QVERIFY(panel);
    window->findChild<QAction *>(QStringLiteral("actionRestart"))->trigger();
    window->findChild<QAction *>(QStringLiteral("actionPlayPause"))->trigger(); // pause
    window->findChild<QAction *>(QStringLiteral("actionRestart"))->trigger();
    window->findChild<QAction *>(QStringLiteral("actionPlayPause"))->trigger();
    const QString first = panel->narration();
    window->findChild<QAction *>(QStringLiteral("actionStepForward"))->trigger();
    QVERIFY(panel->narration() != first);
    window->findChild<QAction *>(QStringLiteral("actionGoToEnd"))->trigger();
    QVERIFY2(panel->narration().contains(QStringLiteral("Limit 11")),
             qPrintable(panel->narration()));

    // Two rows selected: the explainer names the byte that orders them ('#' < 'D').
    const model::Partition *partition
        = window->document()->table()->store()->findPartition(timeline.trace().partitionKey);
    QVERIFY(partition && timeline.summary().parentRow);
    const model::ItemId device = partition->entries[*timeline.summary().parentRow].item;
    const model::ItemId reading = partition->entries.front().item;
    emit view->twoRowsSelected(device, reading);
    auto *explainer = window->findChild<ui::KeyOrderExplainer *>();
    QVERIFY(explainer);
    QVERIFY2(explainer->explanation().sentence.contains(QStringLiteral("'#' (0x23) < 'D' (0x44)")),
             qPrintable(explainer->explanation().sentence));

    // The pattern's query is in the code panel and the builder; running it from the builder
    // animates the same traversal again.
    auto *code = window->findChild<ui::CodePanel *>();
    QVERIFY(code);
    QVERIFY2(code->currentSnippet().contains(QStringLiteral("aws dynamodb query")),
             qPrintable(code->currentSnippet()));
    auto *builder = window->findChild<ui::QueryBuilder *>();
    QVERIFY(builder && builder->isValid());
    view->setTimeline(nullptr);
    emit builder->runRequested();
    QVERIFY(view->timeline());
    QCOMPARE(view->timeline()->summary().count, qint64(11));
}

void TestMainWindow::selectingAFindingShowsItsTemplateAndItem()
{
    m_settings->setReducedMotion(true);
    auto window = shownExample(QSize(1500, 950), QStringLiteral("/padding/before"));
    QVERIFY(window);
    const auto &findings = window->document()->findings();
    QVERIFY(!findings.empty());
    const model::Finding finding = findings.front(); // selected first, most severe
    QCOMPARE(finding.id, QStringLiteral("unpadded-number"));
    QVERIFY(!finding.items.empty());
    QVERIFY(finding.hasTemplateSpan());
    // Choose it as a user would: from the list.
    auto *list = window->findChild<QListView *>();
    for (QListView *candidate : window->findChildren<QListView *>()) {
        if (candidate->accessibleName() == QLatin1String("Design check findings"))
            list = candidate;
    }
    list->setCurrentIndex(QModelIndex());
    list->setCurrentIndex(list->model()->index(0, 0));

    // The template part at fault is marked in the editor, with the cursor at its column.
    auto *editor = window->findChild<ui::EntitiesEditor *>();
    QVERIFY(editor);
    QCOMPARE(editor->currentEntity(), finding.entity);
    ui::KeyTemplateEdit *edit = editor->keyTemplates()->templateEdit(finding.keyAttribute);
    QVERIFY(edit);
    QCOMPARE(edit->text(), QStringLiteral("POST#{PostNo}"));
    QCOMPARE(edit->findingColumn(), finding.column);
    QCOMPARE(edit->findingLength(), finding.length);
    QCOMPARE(edit->selectedText(), QStringLiteral("{PostNo}"));
    QCOMPARE(edit->cursorPosition(), finding.column - 1);
    // Its marks are in the colouring the edit draws: a wave over exactly those characters.
    bool waved = false;
    for (const auto &range : ui::KeyTemplateEdit::highlight(
             edit->text(), edit->palette(), 0, edit->findingColumn(), edit->findingLength())) {
        if (range.format.underlineStyle() == QTextCharFormat::WaveUnderline)
            waved = range.start == finding.column - 1 && range.length == finding.length;
    }
    QVERIFY(waved);

    // Every concerned item is marked in the view, the first example selected.
    ui::CollectionView *view = window->collectionPane()->view();
    std::vector<model::ItemId> concerned;
    for (qint64 item : finding.concerned)
        concerned.push_back(model::ItemId(item));
    QCOMPARE(view->concernedItems(), concerned);
    const auto selected = view->selectedItems();
    QVERIFY(!selected.empty());
    QCOMPARE(qint64(selected.back()), finding.items.front());
    const ui::CollectionRows *rows = view->rows();
    qsizetype inPartition = 0;
    for (model::ItemId item : concerned)
        inPartition += rows->rowOf(item) >= 0 ? 1 : 0;
    QVERIFY(inPartition > 1);
    QCOMPARE(qsizetype(view->concernedRows().size()), inPartition);
    QLabel *count = nullptr;
    for (QLabel *label : window->findChildren<QLabel *>()) {
        if (label->accessibleName() == QLatin1String("Items the finding concerns"))
            count = label;
    }
    QVERIFY(count);
    QVERIFY2(count->text().startsWith(
                 QStringLiteral("The finding concerns %1 items").arg(concerned.size())),
             qPrintable(count->text()));
    QVERIFY2(count->text().contains(QStringLiteral(" %1 in this collection").arg(inPartition))
                 || count->text().contains(QStringLiteral("all in this collection")),
             qPrintable(count->text()));
    QVERIFY2(count->text().endsWith(QStringLiteral("F8 selects the next, Shift+F8 the previous.")),
             qPrintable(count->text()));
    // On screen: a concerned row that is not selected carries the concern bar; POST#1 (the only
    // Post in order) does not.
    view->setZoom(1.0);
    QApplication::processEvents();
    const QImage shot = view->viewport()->grab().toImage();
    const auto barColor = [&](qsizetype row) {
        const auto g = view->currentLayout().rowGeometry(row);
        return shot.pixelColor(QPoint(int(g.rect.left()) + 1, int(g.rect.center().y())));
    };
    const QColor concern = view->collectionStyle().concern;
    qsizetype markedRow = -1;
    qsizetype plainRow = -1;
    for (qsizetype r = 0; r < rows->rowCount() && r < view->currentLayout().endVisibleRow(); ++r) {
        const bool isConcerned
            = std::binary_search(view->concernedRows().begin(), view->concernedRows().end(), r);
        if (isConcerned && rows->itemAt(r) != selected.back() && markedRow < 0)
            markedRow = r;
        if (!isConcerned && rows->groupOfParentRow(r) < 0 && plainRow < 0)
            plainRow = r;
    }
    QVERIFY(markedRow >= 0 && plainRow >= 0);
    QCOMPARE(rows->sortKeyText(plainRow), QStringLiteral("POST#1"));
    const QColor marked = barColor(markedRow);
    QVERIFY2(std::abs(marked.red() - concern.red()) < 40
                 && std::abs(marked.green() - concern.green()) < 40
                 && std::abs(marked.blue() - concern.blue()) < 40,
             qPrintable(marked.name()));
    QVERIFY(barColor(plainRow) != marked);

    // F8 walks the concerned items in order; after the last of this partition it moves on to
    // the next partition holding one, and the collection list follows.
    const QByteArray first = view->partition();
    QAction *next = window->findChild<QAction *>(QStringLiteral("actionNextConcerned"));
    QVERIFY(next);
    QCOMPARE(next->shortcut(), QKeySequence(Qt::Key_F8));
    std::vector<qsizetype> visited;
    for (int i = 0; i < int(view->concernedRows().size()); ++i) {
        next->trigger();
        if (view->partition() != first)
            break;
        visited.push_back(rows->rowOf(view->selectedItems().back()));
    }
    QVERIFY(std::is_sorted(visited.begin(), visited.end()));
    for (qsizetype row : visited)
        QVERIFY(
            std::binary_search(view->concernedRows().begin(), view->concernedRows().end(), row));
    for (int i = 0; i < 3 && view->partition() == first; ++i)
        next->trigger();
    QVERIFY(view->partition() != first);
    QVERIFY(std::binary_search(concerned.begin(), concerned.end(), view->selectedItems().back()));
    QCOMPARE(window->collectionPane()->model()->partitionKey(
                 window->collectionPane()->model()->partition()),
             view->partition());
    window->findChild<QAction *>(QStringLiteral("actionPreviousConcerned"))->trigger();
    QCOMPARE(view->partition(), first);
}

void TestMainWindow::presenterModeShowsOnlyCollectionAndCaption()
{
    m_settings->setReducedMotion(true);
    auto window = makeWindow();
    window->show();
    QVERIFY(window->openExample(kExamples + QStringLiteral("/iot/after.keyscope.json")));
    QVERIFY(settle(window->document()));
    const double normalRow = window->collectionPane()->view()->collectionStyle().rowHeight;

    window->findChild<QAction *>(QStringLiteral("actionPresenterMode"))->trigger();
    QVERIFY(window->isFullScreen());
    QVERIFY(!window->menuBar()->isVisible());
    for (QDockWidget *dock : window->findChildren<QDockWidget *>())
        QVERIFY2(!dock->isVisible(), qPrintable(dock->objectName()));
    QLabel *caption = nullptr;
    for (QLabel *label : window->findChildren<QLabel *>()) {
        if (label->accessibleName() == QLatin1String("Narration caption"))
            caption = label;
    }
    QVERIFY(caption && caption->isVisible());
    QVERIFY(window->collectionPane()->view()->collectionStyle().rowHeight > normalRow * 1.5);
    // Stepping works from the keyboard with the menus hidden.
    window->findChild<QAction *>(QStringLiteral("actionRestart"))->trigger();
    window->findChild<QAction *>(QStringLiteral("actionPlayPause"))->trigger();
    const QString before = caption->text();
    QTest::keyClick(window.get(), Qt::Key_Right);
    QVERIFY(caption->text() != before);

    QTest::keyClick(window.get(), Qt::Key_Escape);
    QVERIFY(!window->isFullScreen());
    QVERIFY(window->menuBar()->isVisible());
    QVERIFY(!caption->isVisible());
    QVERIFY(window->dock(QStringLiteral("PatternsDock"))->isVisible());
    QCOMPARE(window->collectionPane()->view()->collectionStyle().rowHeight, normalRow);
}

void TestMainWindow::presenterModeCountsStepsInLargeType()
{
    m_settings->setReducedMotion(true);
    auto window = makeWindow();
    window->resize(1280, 800);
    window->show();
    QVERIFY(window->openExample(kExamples + QStringLiteral("/iot/after.keyscope.json")));
    QVERIFY(settle(window->document()));
    ui::CollectionPane *pane = window->collectionPane();
    QComboBox *combo = pane->findChild<QComboBox *>();
    QVERIFY(combo);
    const double normalFont = combo->font().pointSizeF();

    action(*window, "actionPresenterMode")->trigger();
    auto *strip = window->findChild<ui::TimelineStrip *>(QStringLiteral("PresenterTimeline"));
    QVERIFY(strip && strip->isVisible());
    QVERIFY(strip->lineRect().width() > window->width() / 2);
    const model::TraceTimeline *timeline = pane->view()->timeline();
    QVERIFY(timeline);
    action(*window, "actionRestart")->trigger();
    action(*window, "actionPlayPause")->trigger();
    QTest::keyClick(window.get(), Qt::Key_Right);
    QTest::keyClick(window.get(), Qt::Key_Right);
    QTest::keyClick(window.get(), Qt::Key_Right);
    QCOMPARE(strip->stepText(), QStringLiteral("Step 4 of %1").arg(timeline->stepCount()));
    QVERIFY(strip->progress() > 0 && strip->progress() < 1);
    // The clicker's keys: PageDown on, PageUp back, End to the end, Home to the start.
    QTest::keyClick(window.get(), Qt::Key_PageDown);
    QCOMPARE(strip->stepText(), QStringLiteral("Step 5 of %1").arg(timeline->stepCount()));
    QTest::keyClick(window.get(), Qt::Key_PageUp);
    QCOMPARE(strip->stepText(), QStringLiteral("Step 4 of %1").arg(timeline->stepCount()));
    QTest::keyClick(window.get(), Qt::Key_End);
    QCOMPARE(strip->progress(), 1.0);
    QTest::keyClick(window.get(), Qt::Key_Home);
    action(*window, "actionPlayPause")->trigger();
    QCOMPARE(strip->stepText(), QStringLiteral("Step 1 of %1").arg(timeline->stepCount()));

    // Large type beyond the rows: the collection's bar and note, the counter.
    QVERIFY(combo->font().pointSizeF() > normalFont * 1.3);
    QVERIFY(strip->findChild<QLabel *>()->font().pointSizeF() > normalFont * 1.5);
    // The rows start below the header and the bands above them, at any scroll.
    const ui::CollectionLayout &layout = pane->view()->currentLayout();
    for (const ui::CollectionLayout::Band &band : layout.bands()) {
        if (!band.after)
            QVERIFY(band.rect.bottom() <= layout.rowsRect().top() + 0.5);
    }
    QVERIFY(layout.rowsRect().height() >= 6 * layout.pitch());
    // The top row shows whole, not half under the bands, on entering and at every step.
    const auto topRowWhole = [&] {
        // (Scrolling is in whole pixels: a sliver of a pixel of the row above may show.)
        const ui::CollectionLayout &now = pane->view()->currentLayout();
        const double cut = now.rowsRect().top() - now.rowTop(now.firstVisibleRow());
        return cut <= 0.5 || cut >= now.pitch() - 1;
    };
    action(*window, "actionPresenterMode")->trigger();
    pane->view()->verticalScrollBar()->setValue(37); // not a whole number of rows
    action(*window, "actionPresenterMode")->trigger();
    QVERIFY(topRowWhole());
    for (int step = 0; step < timeline->stepCount(); ++step) {
        QTest::keyClick(window.get(), Qt::Key_Right);
        QVERIFY2(topRowWhole(), qPrintable(QStringLiteral("step %1").arg(step + 1)));
    }

    action(*window, "actionPresenterMode")->trigger();
    QVERIFY(!strip->isVisible());
    QCOMPARE(combo->font().pointSizeF(), normalFont);
    // Home is the collection's again: it selects the first row.
    QVERIFY(!action(*window, "actionPresenterRestart")->isEnabled());
}

using keyscope::testsupport::ManualClock;

void TestMainWindow::presenterNeverDropsAKeyPress()
{
    m_settings->setReducedMotion(false); // steps glide: presses come mid-glide
    auto window = makeWindow();
    window->show();
    QVERIFY(window->openExample(kExamples + QStringLiteral("/iot/after.keyscope.json")));
    QVERIFY(settle(window->document()));
    action(*window, "actionPresenterMode")->trigger();
    auto *player = window->findChild<ui::TracePlayer *>();
    QVERIFY(player && player->timeline() && player->timeline()->stepCount() > 6);
    ManualClock clock;
    player->goToStep(0);
    // Five Right presses 100 ms apart: five steps, none lost to a glide still in flight.
    for (int press = 0; press < 5; ++press) {
        QTest::keyClick(window.get(), Qt::Key_Right);
        clock.advanceBy(100);
    }
    for (int i = 0; i < 30 && player->isPlaying(); ++i)
        clock.advanceBy(100);
    QVERIFY(!player->isPlaying());
    QCOMPARE(player->currentStep(), 5);
    action(*window, "actionPresenterMode")->trigger();
}

void TestMainWindow::traversalShowsOnTheCollectionTheQueryReads()
{
    m_settings->setReducedMotion(true);
    auto window = makeWindow();
    window->resize(1280, 800);
    window->show();
    QVERIFY(window->openExample(kExamples + QStringLiteral("/iot/after.keyscope.json")));
    QVERIFY(settle(window->document()));
    ui::CollectionPane *pane = window->collectionPane();
    ui::CollectionView *view = pane->view();
    QVERIFY(view->timeline());
    const QByteArray read = view->timeline()->trace().partitionKey;
    QCOMPARE(view->partition(), read);
    QVERIFY(view->renderState().timeline);
    QVERIFY(pane->elsewhereBar()->isHidden());

    // Alt+PageDown looks at the next collection: the bar says the Query is elsewhere.
    view->setFocus();
    action(*window, "actionNextPartition")->trigger();
    QVERIFY(view->partition() != read);
    QVERIFY(pane->elsewhereBar()->isVisible());
    QVERIFY2(pane->elsewhereText().startsWith(QStringLiteral("Showing ") + pane->partitionText()),
             qPrintable(pane->elsewhereText()));

    // Selecting a pattern again shows its traversal where it reads, in view.
    QListView *patterns = nullptr;
    for (QListView *list : window->findChildren<QListView *>()) {
        if (list->accessibleName() == QLatin1String("Access patterns"))
            patterns = list;
    }
    QVERIFY(patterns && patterns->model()->rowCount() >= 2);
    patterns->setCurrentIndex(patterns->model()->index(1, 0));
    patterns->setCurrentIndex(patterns->model()->index(0, 0));
    QVERIFY(view->timeline());
    QCOMPARE(view->partition(), view->timeline()->trace().partitionKey);
    QVERIFY(view->renderState().timeline);
    QVERIFY(pane->elsewhereBar()->isHidden());

    // The bar's button brings the view back after looking elsewhere.
    action(*window, "actionNextPartition")->trigger();
    QVERIFY(pane->elsewhereBar()->isVisible());
    QTest::mouseClick(pane->elsewhereBar()->findChild<QPushButton *>(), Qt::LeftButton);
    QCOMPARE(view->partition(), view->timeline()->trace().partitionKey);
    QVERIFY(pane->elsewhereBar()->isHidden());
}

void TestMainWindow::opensExampleAndShowsVerdicts()
{
    auto window = makeWindow();
    QAbstractItemModelTester patternTester(window->patternModel());
    QAbstractItemModelTester findingTester(window->findingModel());
    QAbstractItemModelTester collectionTester(window->collectionPane()->model());
    QVERIFY(window->openExample(kExamples + QStringLiteral("/iot/before.keyscope.json")));
    QVERIFY(settle(window->document()));

    ui::PatternListModel *patterns = window->patternModel();
    QCOMPARE(patterns->rowCount(), 2);
    // The "before" design fails the newest-readings pattern and says why.
    const QModelIndex first = patterns->index(0);
    QVERIFY(!first.data(ui::PatternListModel::PassedRole).toBool());
    QVERIFY(!first.data(ui::PatternListModel::ExplanationRole).toString().isEmpty());
    QVERIFY(!first.data(Qt::DecorationRole).value<QIcon>().isNull());
    QCOMPARE(patterns->passedCount(), 1);

    // The collection shows a device's collection: device first ('D' < 'R').
    QVERIFY(window->collectionPane()->model()->rowCount() > 20);
    QVERIFY(firstSortKey(*window).startsWith(QLatin1String("DEVICE#")));
    bool counted = false;
    for (QLabel *label : window->findChildren<QLabel *>()) {
        if (label->accessibleName() == QLatin1String("Item count"))
            counted = label->text().contains(
                QLocale().toString(qlonglong(window->document()->table()->itemCount())));
    }
    QVERIFY(counted);
    QVERIFY(window->document()->filePath().isEmpty()); // an example opens untitled
}

void TestMainWindow::panelTemplateEditResortsAndUndoRestores()
{
    auto window = makeWindow();
    QVERIFY(window->openFile(kIot));
    QVERIFY(settle(window->document()));
    QVERIFY(firstSortKey(*window).startsWith(QLatin1String("#READING#")));

    // Edit the template in the Entities editor from the keyboard: select all, type.
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    auto *editor = window->findChild<ui::EntitiesEditor *>();
    QVERIFY(editor->showKeyTemplate(QStringLiteral("Reading"), QStringLiteral("SK")));
    ui::KeyTemplateEdit *sk = editor->keyTemplates()->templateEdit(QStringLiteral("SK"));
    QVERIFY(sk);
    QCOMPARE(sk->text(), QStringLiteral("#READING#{Ts|iso8601}"));
    sk->setFocus();
    sk->selectAll();
    QTest::keyClicks(sk, QStringLiteral("READING#{Ts|iso8601}"));
    QTest::keyClick(sk, Qt::Key_Return);
    QVERIFY(QTest::qWaitFor([&] { return window->document()->undoStack()->count() == 1; }, 2000));
    QVERIFY(settle(window->document()));
    QVERIFY(firstSortKey(*window).startsWith(QLatin1String("DEVICE#")));
    QVERIFY(window->isWindowModified());
    QCOMPARE(action(*window, "actionUndo")->text(),
             QStringLiteral("&Undo Edit SK Template of Reading"));

    action(*window, "actionUndo")->trigger();
    QVERIFY(settle(window->document()));
    QVERIFY(firstSortKey(*window).startsWith(QLatin1String("#READING#")));
    QVERIFY(!window->isWindowModified());
    sk = editor->keyTemplates()->templateEdit(QStringLiteral("SK"));
    QCOMPARE(sk->text(), QStringLiteral("#READING#{Ts|iso8601}"));

    action(*window, "actionRedo")->trigger();
    QVERIFY(settle(window->document()));
    QVERIFY(firstSortKey(*window).startsWith(QLatin1String("DEVICE#")));

    // The seed box: typing digits merges into one step.
    // The seed box sits in the Table tab (there is no Overview tab any more).
    QSpinBox *seed = nullptr;
    for (QSpinBox *box : window->findChildren<QSpinBox *>()) {
        if (box->accessibleName() == QLatin1String("Random seed"))
            seed = box;
    }
    QVERIFY(seed);
    auto *tabs = qobject_cast<QTabWidget *>(window->dock(QStringLiteral("EntitiesDock"))->widget());
    QVERIFY(tabs);
    QStringList tabNames;
    for (int i = 0; i < tabs->count(); ++i)
        tabNames << tabs->tabText(i);
    QCOMPARE(tabNames, QStringList({QStringLiteral("&Entities"), QStringLiteral("&Table")}));
    QVERIFY(tabs->widget(1)->isAncestorOf(seed));
    seed->setFocus();
    seed->selectAll();
    QTest::keyClicks(seed, QStringLiteral("123"));
    QCOMPARE(window->document()->project().seed, quint64(123));
    QCOMPARE(window->document()->undoStack()->count(), 2);
    window->document()->undoStack()->undo();
    QCOMPARE(window->document()->project().seed, quint64(7));
    window->saveAnswer = QMessageBox::Discard;
}

// At 1024x700 the Capacity panel, asked for from the View menu (or its shortcut) while the
// Query panel has the bottom tab, comes forward and shows its figures whole; the Query panel gets
// its height back when it is raised again. Pressing the toggle with Capacity in front closes it.
void TestMainWindow::capacityPanelComesForwardWithItsFiguresWhole()
{
    auto window = shownExample(QSize(1024, 700), QStringLiteral("/iot/after"));
    QVERIFY(window);
    QDockWidget *capacity = window->dock(QStringLiteral("CapacityDock"));
    QDockWidget *query = window->dock(QStringLiteral("QueryDock"));
    // Seen: some of it is drawn (a panel behind another's tab is open but out of sight).
    const auto seen = [](QWidget *panel) { return !panel->visibleRegion().isEmpty(); };
    QVERIFY(seen(query) && !seen(capacity));
    const int queryHeight = query->height();
    QAction *toggle = action(*window, "actionToggleCapacityDock");
    QVERIFY(toggle->isChecked()); // open, behind the Query tab
    toggle->trigger();
    QVERIFY(QTest::qWaitFor([&] { return seen(capacity); }, 2000));
    QVERIFY(toggle->isChecked());
    QVERIFY(QTest::qWaitFor([&] { return window->capacityPanel()->report() != nullptr; }, 10000));
    QTableWidget *reads = window->capacityPanel()->patternTable();
    QVERIFY(QTest::qWaitFor(
        [&] {
            const QRect last = reads->visualRect(reads->model()->index(reads->rowCount() - 1, 0));
            const QPoint bottom = reads->viewport()->mapTo(capacity, last.bottomLeft());
            return reads->rowCount() == 2 && reads->viewport()->rect().contains(last)
                && capacity->rect().contains(bottom);
        },
        2000));
    query->raise();
    QVERIFY(QTest::qWaitFor([&] { return query->height() == queryHeight; }, 2000));
    toggle->trigger(); // behind the tab again: forward again
    QVERIFY(QTest::qWaitFor([&] { return seen(capacity); }, 2000));
    toggle->trigger(); // in front: closed
    QVERIFY(QTest::qWaitFor([&] { return !seen(capacity); }, 2000));
    QVERIFY(!toggle->isChecked());
    // Another bottom panel takes its place.
    QVERIFY(QTest::qWaitFor(
        [&] {
            return seen(query) || seen(window->dock(QStringLiteral("BuilderDock")))
                || seen(window->dock(QStringLiteral("CodeDock")))
                || seen(window->dock(QStringLiteral("ExplainerDock")));
        },
        2000));
}

// Help > Keyboard Shortcuts lists every shortcut of the menus from the actions themselves;
// Help > About names the version, the Qt version and the build.
void TestMainWindow::helpListsEveryShortcutAndNamesTheBuild()
{
    auto window = makeWindow();
    QAction *list = action(*window, "actionKeyboardShortcuts");
    QVERIFY(list);
    QCOMPARE(list->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_F1));
    list->trigger();
    auto *dialog = window->findChild<ui::ShortcutsDialog *>();
    QVERIFY(dialog);
    QTableWidget *table = dialog->table();
    QHash<QString, QString> keysOf;
    for (int row = 0; row < table->rowCount(); ++row)
        keysOf.insert(table->item(row, 1)->text(), table->item(row, 2)->text());
    int withShortcut = 0;
    for (QAction *menu : window->menuBar()->actions()) {
        for (QAction *a : menu->menu()->actions()) {
            if (a->shortcut().isEmpty() || a->menu())
                continue;
            ++withShortcut;
            QString text = a->text();
            text.replace(QStringLiteral("&&"), QStringLiteral("\x01")).remove(QLatin1Char('&'));
            text.replace(QStringLiteral("\x01"), QStringLiteral("&"));
            QVERIFY2(keysOf.value(text).contains(a->shortcut().toString(QKeySequence::NativeText)),
                     qPrintable(text));
        }
    }
    QVERIFY(withShortcut > 20);
    QCOMPARE(keysOf.value(QStringLiteral("Export Design Document…")),
             QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_D).toString(QKeySequence::NativeText));
    const QString about = ui::MainWindow::aboutText();
    QVERIFY(about.contains(QStringLiteral("Keyscope ") + keyscope::model::versionString()));
    QVERIFY(about.contains(QStringLiteral("Qt ") + QLatin1String(qVersion())));
    QVERIFY(about.contains(keyscope::model::buildType() + QStringLiteral(" build")));
    QVERIFY(!keyscope::model::buildType().isEmpty());
}

// Help > User Guide (F1) opens the bundled manual at its contents, in one window that comes
// back to the front when asked again.
void TestMainWindow::helpShowsTheUserGuide()
{
    auto window = makeWindow();
    QAction *guide = action(*window, "actionUserGuide");
    QVERIFY(guide);
    QCOMPARE(guide->shortcut(), QKeySequence(QKeySequence::HelpContents));
    guide->trigger();
    auto *shown = window->findChild<ui::UserGuide *>();
    QVERIFY(shown);
    QVERIFY(shown->isVisible());
    QCOMPARE(shown->browser()->source(), ui::ManualBrowser::contentsUrl());
    QCOMPARE(shown->browser()->pageTitle(), QStringLiteral("Keyscope User Guide"));
    QVERIFY(shown->browser()->toPlainText().contains(QStringLiteral("What a design costs")));
    shown->close();
    guide->trigger();
    QCOMPARE(window->findChildren<ui::UserGuide *>().size(), 1);
    QVERIFY(shown->isVisible());
}

// A second `keyscope FILE...` on the same display hands its files to the running window and
// exits: the first opens here, each other one in a Keyscope of its own. The running side takes
// over a socket that a crashed Keyscope left behind.
void TestMainWindow::secondLaunchHandsItsFilesToTheWindow()
{
    QTemporaryDir runtime; // the user's runtime folder, as the second launch sees it too
    const QByteArray oldRuntime = qgetenv("XDG_RUNTIME_DIR");
    const QByteArray oldDisplay = qgetenv("DISPLAY");
    qputenv("XDG_RUNTIME_DIR", QFile::encodeName(runtime.path()));
    qputenv("DISPLAY", ":73"); // names the socket only: both sides run offscreen
    const QString name = ui::InstanceChannel::defaultName();
    QVERIFY2(name.startsWith(runtime.path()), qPrintable(name));
    {
        QFile stale(name);
        QVERIFY(stale.open(QIODevice::WriteOnly));
    }
    auto window = makeWindow();
    window->show();
    ui::InstanceChannel channel(name);
    QVERIFY2(channel.listen(), qPrintable(channel.errorString()));
    connect(&channel, &ui::InstanceChannel::filesReceived, window.get(),
            &ui::MainWindow::openLaunchFiles);
    QStringList started;
    window->setStartAnotherKeyscope([&started](const QString &path) { started << path; });
    const QString first = m_dir->filePath(QStringLiteral("first.keyscope.json"));
    const QString second = m_dir->filePath(QStringLiteral("second.keyscope.json"));
    QVERIFY(QFile::copy(kIot, first) && QFile::copy(kIot, second));

    QProcess launch;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir->filePath(QStringLiteral("config")));
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    launch.setProcessEnvironment(env);
    launch.setWorkingDirectory(m_dir->path()); // relative names become the launch's own
    launch.start(keyscope::testsupport::keyscopeBinary(),
                 {QStringLiteral("first.keyscope.json"), QStringLiteral("second.keyscope.json")});
    QTRY_COMPARE_WITH_TIMEOUT(launch.state(), QProcess::NotRunning, 20000);
    qputenv("XDG_RUNTIME_DIR", oldRuntime);
    qputenv("DISPLAY", oldDisplay);
    QCOMPARE(launch.exitStatus(), QProcess::NormalExit);
    QCOMPARE(launch.exitCode(), 0);
    QCOMPARE(window->document()->filePath(), first);
    QCOMPARE(started, QStringList {second});
    QVERIFY(window->windowTitle().contains(QStringLiteral("first.keyscope.json")));
}

// File > Export Design Document writes the design as the window holds it, unsaved edits
// included, as `keyscope doc` would; the open file is left alone.
void TestMainWindow::exportsTheDesignDocumentOfTheOpenDesign()
{
    auto window = makeWindow();
    QVERIFY(window->openFile(kIot));
    QVERIFY(settle(window->document()));
    QVERIFY(action(*window, "actionExportDesignDocument"));
    QCOMPARE(action(*window, "actionExportDesignDocument")->shortcut(),
             QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_D));
    window->document()->setName(QStringLiteral("Sensors, reviewed"));
    QVERIFY(window->document()->setKeyTemplate(QStringLiteral("Reading"), QStringLiteral("SK"),
                                               QStringLiteral("READING#{Ts|iso8601}")));
    const QString path = m_dir->filePath(QStringLiteral("review/sensors.md"));
    QVERIFY(window->exportDesignDocument(path));
    QFile markdown(path);
    QVERIFY(markdown.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(markdown.readAll());
    QVERIFY(text.startsWith(QStringLiteral("# Sensors, reviewed\n")));
    QVERIFY(text.contains(QStringLiteral("`READING#{Ts\\|iso8601}`"))); // the unsaved template
    QVERIFY(text.contains(QStringLiteral("**FAIL**")));                 // which breaks the pattern
    QVERIFY(
        QFileInfo::exists(m_dir->filePath(QStringLiteral("review/sensors.assets/pattern-1.svg"))));
    QVERIFY(window->isWindowModified());
    QVERIFY(window->exportDesignDocument(m_dir->filePath(QStringLiteral("sensors.html"))));
    QFile html(m_dir->filePath(QStringLiteral("sensors.html")));
    QVERIFY(html.open(QIODevice::ReadOnly));
    QVERIFY(html.readAll().contains("<svg"));
    window->saveAnswer = QMessageBox::Discard;
}

void TestMainWindow::titleShowsFileAndModifiedMark()
{
    auto window = makeWindow();
    QVERIFY(window->openFile(kIot));
    QCOMPARE(window->windowTitle(), QStringLiteral("iot.keyscope.json[*] — Keyscope"));
    QVERIFY(!window->isWindowModified());
    window->document()->setSeed(3);
    QVERIFY(window->isWindowModified());
    window->document()->undoStack()->undo();
    QVERIFY(!window->isWindowModified());
    window->newProject();
    QCOMPARE(window->windowTitle(), QStringLiteral("Untitled[*] — Keyscope"));
}

void TestMainWindow::closingWithChangesAsks()
{
    auto window = makeWindow();
    window->show();
    QVERIFY(window->openFile(kIot));
    QVERIFY(window->close()); // unmodified: no question
    QCOMPARE(window->saveQuestions, 0);

    window->show();
    window->document()->setSeed(11);
    window->saveAnswer = QMessageBox::Cancel;
    QVERIFY(!window->close());
    QCOMPARE(window->saveQuestions, 1);
    QVERIFY(window->isVisible());
    QCOMPARE(window->document()->project().seed, quint64(11));

    // New and Open ask too.
    window->newProject();
    QCOMPARE(window->saveQuestions, 2);
    QCOMPARE(window->document()->project().seed, quint64(11));

    window->saveAnswer = QMessageBox::Discard;
    QVERIFY(window->close());
    QCOMPARE(window->saveQuestions, 3);
}

void TestMainWindow::saveAsWritesAndRecordsRecentFile()
{
    auto window = makeWindow();
    QVERIFY(window->openExample(kExamples + QStringLiteral("/iot/after.keyscope.json")));
    window->document()->setSeed(5);
    window->savePath = m_dir->filePath(QStringLiteral("mine"));
    window->saveAnswer = QMessageBox::Save;
    // Untitled: Save goes through Save As; the suffix is added.
    action(*window, "actionSave")->trigger();
    const QString saved = m_dir->filePath(QStringLiteral("mine.keyscope.json"));
    QVERIFY(QFile::exists(saved));
    QCOMPARE(window->document()->filePath(), saved);
    QVERIFY(!window->isWindowModified());
    QCOMPARE(m_settings->recentFiles().value(0), saved);
    // The desktop's recent files list it too, as a Keyscope project (test mode's data folder).
    QFile xbel(QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation)
               + QStringLiteral("/recently-used.xbel"));
    QVERIFY(xbel.open(QIODevice::ReadOnly));
    const QByteArray desktop = xbel.readAll();
    QVERIFY2(desktop.contains("href=\"" + QUrl::fromLocalFile(saved).toEncoded() + '"')
                 && desktop.contains("application/x-keyscope-project+json")
                 && desktop.contains("name=\"Keyscope\""),
             desktop.constData());
    auto *recent = window->findChild<QMenu *>(QStringLiteral("menuRecent"));
    QVERIFY(recent->actions().size() >= 3); // the file, a separator, Clear List
    QCOMPARE(recent->actions().first()->toolTip(), QDir::toNativeSeparators(saved));
    QCOMPARE(recent->actions().first()->text(), QStringLiteral("&1  mine.keyscope.json"));
    // Two recent files of one name say where each lies.
    QVERIFY(QDir(m_dir->path()).mkpath(QStringLiteral("other & co")));
    const QString twin = m_dir->filePath(QStringLiteral("other & co/mine.keyscope.json"));
    QVERIFY(QFile::copy(saved, twin));
    QVERIFY(window->openFile(twin));
    recent->aboutToShow();
    QCOMPARE(recent->actions().at(0)->text(),
             QStringLiteral("&1  mine.keyscope.json — ")
                 + QDir::toNativeSeparators(m_dir->filePath(QStringLiteral("other && co"))));
    QCOMPARE(recent->actions().at(1)->text(),
             QStringLiteral("&2  mine.keyscope.json — ") + QDir::toNativeSeparators(m_dir->path()));
    QVERIFY(window->openFile(saved));

    // A file that cannot be read is reported with its problems and leaves the project as it was.
    QVERIFY(!window->openFile(m_dir->filePath(QStringLiteral("missing.keyscope.json"))));
    QCOMPARE(window->errors.size(), 1);
    QCOMPARE(window->document()->filePath(), saved);
}

void TestMainWindow::docksAreRestoredBetweenRuns()
{
    {
        auto window = makeWindow();
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window.get()));
        for (const char *name : {"EntitiesDock", "PatternsDock", "ChecksDock", "QueryDock",
                                 "BuilderDock", "CodeDock", "ExplainerDock"})
            QVERIFY2(window->dock(QString::fromLatin1(name)), name);
        QVERIFY(window->dock(QStringLiteral("ChecksDock"))->isVisible());
        action(*window, "actionToggleChecksDock")->trigger();
        QVERIFY(!window->dock(QStringLiteral("ChecksDock"))->isVisible());
        QVERIFY(window->close());
    }
    auto window = makeWindow();
    window->restoreLayout();
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QVERIFY(!window->dock(QStringLiteral("ChecksDock"))->isVisible());
    QVERIFY(window->dock(QStringLiteral("PatternsDock"))->isVisible());
    action(*window, "actionResetLayout")->trigger();
    QVERIFY(window->dock(QStringLiteral("ChecksDock"))->isVisible());
}

void TestMainWindow::recoveryIsOfferedAfterACrash()
{
    {
        auto window = makeWindow();
        QVERIFY(window->openFile(kIot));
        window->document()->setKeyTemplate(QStringLiteral("Reading"), QStringLiteral("SK"),
                                           QStringLiteral("READING#{Ts|iso8601}"));
        QVERIFY(window->autosaver()->saveNow());
        // No close(): the process "crashes" here.
    }
    {
        auto window = makeWindow();
        QVERIFY(window->offerRecovery(true));
        QCOMPARE(window->restoreQuestions, 1);
        QCOMPARE(window->document()
                     ->project()
                     .entity(QStringLiteral("Reading"))
                     ->keys.at(QStringLiteral("SK")),
                 QStringLiteral("READING#{Ts|iso8601}"));
        QCOMPARE(window->document()->filePath(), kIot);
        QVERIFY(window->isWindowModified());
        QVERIFY(settle(window->document()));
        QVERIFY(firstSortKey(*window).startsWith(QLatin1String("DEVICE#")));
        // Crash again before saving: the recovered work is still there next time.
    }
    {
        auto window = makeWindow();
        window->restoreAnswer = false;
        QVERIFY(!window->offerRecovery(true));
        QCOMPARE(window->restoreQuestions, 1);
        // Declined: the file is gone, nothing is offered again.
        QVERIFY(!window->autosaver()->pendingRecovery());
        QVERIFY(!window->offerRecovery(true));
        QCOMPARE(window->restoreQuestions, 1);
    }
}

void TestMainWindow::findingsListMostSevereFirst()
{
    auto window = makeWindow();
    QVERIFY(window->openExample(kExamples + QStringLiteral("/padding/overflow.keyscope.json")));
    QVERIFY(settle(window->document()));
    ui::FindingListModel *findings = window->findingModel();
    QVERIFY(findings->rowCount() > 0);
    QCOMPARE(size_t(findings->rowCount()), window->document()->findings().size());
    int previous = -1;
    for (int row = 0; row < findings->rowCount(); ++row) {
        const QModelIndex index = findings->index(row);
        const int severity = index.data(ui::FindingListModel::SeverityRole).toInt();
        QVERIFY(severity >= previous);
        previous = severity;
        QVERIFY(!index.data().toString().isEmpty());
        QVERIFY(!index.data(Qt::DecorationRole).value<QIcon>().isNull());
    }
    QCOMPARE(findings->index(0).data(ui::FindingListModel::SeverityRole).toInt(),
             int(model::Finding::Severity::Error));
}

void TestMainWindow::themeCanBeOverridden()
{
    auto window = makeWindow();
    const auto lightness
        = [] { return QApplication::palette().color(QPalette::Window).lightness(); };
    action(*window, "actionThemeDark")->trigger();
    QCOMPARE(m_settings->theme(), ui::Settings::Theme::Dark);
    QVERIFY(lightness() < 80);
    QVERIFY(action(*window, "actionThemeDark")->isChecked());
    action(*window, "actionThemeLight")->trigger();
    QVERIFY(lightness() > 200);
    action(*window, "actionThemeSystem")->trigger();
    QCOMPARE(m_settings->theme(), ui::Settings::Theme::System);

    action(*window, "actionReducedMotion")->trigger();
    QVERIFY(m_settings->reducedMotion());
}

void TestMainWindow::standardShortcutsAndAccessibleNames()
{
    auto window = makeWindow();
    const struct
    {
        const char *action;
        QKeySequence key;
    } expected[] = {
        {"actionNew", QKeySequence(QKeySequence::New)},
        {"actionOpen", QKeySequence(QKeySequence::Open)},
        {"actionSave", QKeySequence(QKeySequence::Save)},
        {"actionSaveAs", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)},
        {"actionUndo", QKeySequence(QKeySequence::Undo)},
        {"actionRedo", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z)},
        {"actionQuit", QKeySequence(Qt::CTRL | Qt::Key_Q)},
        {"actionExportDiagram", QKeySequence(Qt::CTRL | Qt::Key_E)},
        {"actionExportCurrentStep", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E)},
        {"actionCopyAsImage", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C)},
        {"actionCopyAsSvg", QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_C)},
    };
    for (const auto &entry : expected) {
        QAction *a = action(*window, entry.action);
        QVERIFY2(a, entry.action);
        QVERIFY2(a->shortcuts().contains(entry.key), entry.action);
    }
    // Every export that is offered works from the keyboard.
    for (QAction *a : window->findChildren<QAction *>()) {
        if (a->text().contains(QLatin1String("Export")))
            QVERIFY2(!a->shortcut().isEmpty() && !a->objectName().isEmpty(), qPrintable(a->text()));
    }
    // No two enabled window-wide actions share a shortcut (panels' own, e.g. Del, are local;
    // Esc leaves presenter or side-by-side mode, each enabled only in its mode).
    QMap<QKeySequence, QString> owners;
    for (QAction *a : window->findChildren<QAction *>()) {
        if (!a->isEnabled()
            || (a->shortcutContext() != Qt::WindowShortcut
                && a->shortcutContext() != Qt::ApplicationShortcut))
            continue;
        for (const QKeySequence &key : a->shortcuts()) {
            QVERIFY2(!owners.contains(key),
                     qPrintable(key.toString() + QStringLiteral(": ") + owners.value(key)
                                + QStringLiteral(" and ") + a->text()));
            owners.insert(key, a->text());
        }
    }
    for (QWidget *widget : window->findChildren<QWidget *>()) {
        if (qobject_cast<QAbstractItemView *>(widget) || qobject_cast<QComboBox *>(widget)
            || qobject_cast<QAbstractSpinBox *>(widget)) {
            if (widget->parent() && qobject_cast<QComboBox *>(widget->parent()->parent()))
                continue; // a combo box's own popup list
            if (qobject_cast<QHeaderView *>(widget))
                continue; // part of its view
            QVERIFY2(!widget->accessibleName().isEmpty(), widget->metaObject()->className());
        }
    }

    // Ctrl+Z reaches the undo stack from anywhere in the window.
    QVERIFY(window->openFile(kIot));
    window->show();
    QApplication::setActiveWindow(window.get());
    QVERIFY(QTest::qWaitForWindowActive(window.get()));
    window->document()->setSeed(8);
    QTest::keyClick(window.get(), Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(window->document()->project().seed, quint64(7));
    QTest::keyClick(window.get(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(window->document()->project().seed, quint64(8));
    window->saveAnswer = QMessageBox::Discard;
}

int main(int argc, char **argv)
{
    QCoreApplication::setAttribute(Qt::AA_Use96Dpi);
    QApplication app(argc, argv);
    TestMainWindow test;
    return QTest::qExec(&test, argc, argv);
}

void TestMainWindow::findingIsMarkedHoweverTheTemplateChanged_data()
{
    QTest::addColumn<QString>("how");
    QTest::newRow("backspace") << QStringLiteral("backspace");
    QTest::newRow("select and delete") << QStringLiteral("delete");
    QTest::newRow("select and cut") << QStringLiteral("cut");
}

// Taking |pad:5 out of POST#{PostNo|pad:5} raises unpadded-number; its span ({PostNo}) is
// marked in the field being edited, whichever way the text went.
void TestMainWindow::findingIsMarkedHoweverTheTemplateChanged()
{
    QFETCH(QString, how);
    m_settings->setReducedMotion(true);
    auto window = shownExample(QSize(1500, 950), QStringLiteral("/padding/after"));
    QVERIFY(window);
    auto *editor = window->findChild<ui::EntitiesEditor *>();
    QVERIFY(editor->setCurrentEntity(QStringLiteral("Post")));
    ui::KeyTemplateEdit *edit = editor->keyTemplates()->templateEdit(QStringLiteral("SK"));
    QVERIFY(edit);
    QCOMPARE(edit->text(), QStringLiteral("POST#{PostNo|pad:5}"));
    window->activateWindow();
    edit->setFocus(Qt::OtherFocusReason);
    QTRY_VERIFY(edit->hasFocus());
    const int bar = int(edit->text().indexOf(u'|'));
    if (how == QLatin1String("backspace")) {
        edit->setCursorPosition(bar + 6);
        for (int i = 0; i < 6; ++i)
            QTest::keyClick(edit, Qt::Key_Backspace);
    } else {
        edit->setSelection(bar, 6);
        if (how == QLatin1String("delete"))
            QTest::keyClick(edit, Qt::Key_Delete);
        else
            QTest::keySequence(edit, QKeySequence::Cut);
    }
    QCOMPARE(edit->text(), QStringLiteral("POST#{PostNo}"));
    QVERIFY(settle(window->document()));
    const model::Finding *finding = nullptr;
    for (const model::Finding &f : window->document()->findings()) {
        if (f.id == QLatin1String("unpadded-number"))
            finding = &f;
    }
    QVERIFY(finding && finding->hasTemplateSpan());
    QCOMPARE(finding->column, 6); // {PostNo}
    QTRY_COMPARE(edit->findingColumn(), finding->column);
    QCOMPARE(edit->findingLength(), finding->length);
    QVERIFY(edit->hasFocus()); // marking does not take the user out of the field
    QCOMPARE(edit->cursorPosition(), bar);
}

void TestMainWindow::newProjectStartsClean()
{
    m_settings->setReducedMotion(true);
    auto window = makeWindow();
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QVERIFY(window->openExample(kExamples + QStringLiteral("/iot/after.keyscope.json")));
    QVERIFY(settle(window->document()));
    // Leave traces of work everywhere: a builder query with a sort-key value, another
    // collection chosen, the pattern's trace playing, a status message.
    auto *builder = window->findChild<ui::QueryBuilder *>();
    auto *value = builder->findChild<QLineEdit *>(QStringLiteral("sortValue"));
    auto *op = builder->findChild<QComboBox *>(QStringLiteral("sortOperator"));
    op->setCurrentIndex(op->findText(QStringLiteral("begins_with")));
    value->setText(QStringLiteral("READING#"));
    emit builder->runRequested();
    ui::CollectionPane *pane = window->collectionPane();
    QVERIFY(pane->model()->partitionCount() > 1);
    QVERIFY(pane->showCollection(QString(), pane->model()->partitionLabel(1).section(u' ', 0, 0)));
    const QString chosen = pane->partitionText();
    auto *player = window->findChild<ui::TracePlayer *>();
    QVERIFY(player->timeline());

    window->saveAnswer = QMessageBox::Discard;
    window->newProject();
    QVERIFY(settle(window->document()));
    QTest::qWait(50);

    // A sensible table: PK and SK, both strings, named so that "Order of: Table …" reads well.
    const model::TableDefinition &table = window->document()->project().table;
    QCOMPARE(table.keys.hash.size(), size_t(1));
    QCOMPARE(table.keys.range.size(), size_t(1));
    QCOMPARE(table.keys.hash.front().name, QStringLiteral("PK"));
    QCOMPARE(table.keys.range.front().name, QStringLiteral("SK"));
    QCOMPARE(table.keys.hash.front().type, model::AttributeValue::Type::S);
    QCOMPARE(table.keys.range.front().type, model::AttributeValue::Type::S);
    QVERIFY(table.tableName != QLatin1String("Table"));
    for (QComboBox *combo : pane->findChildren<QComboBox *>())
        QVERIFY2(!combo->currentText().contains(QLatin1String("Table Table")),
                 qPrintable(combo->currentText()));

    // Nothing of the IoT project survives.
    QVERIFY(value->text().isEmpty());
    QCOMPARE(op->currentIndex(), 0);
    for (QLineEdit *edit : builder->findChildren<QLineEdit *>())
        QVERIFY2(!edit->text().contains(QLatin1String("DEVICE"))
                     && !edit->text().contains(QLatin1String("READING")),
                 qPrintable(edit->objectName() + QStringLiteral(": ") + edit->text()));
    QVERIFY(pane->indexName().isEmpty());
    QVERIFY(pane->partitionText() != chosen);
    QVERIFY(!player->timeline());
    QVERIFY(!pane->view()->timeline());
    QVERIFY(window->findChild<ui::TracePanel *>()->narration().isEmpty());
    const QString status = window->statusBar()->currentMessage();
    QVERIFY2(!status.contains(QLatin1String("Exception")) && !status.contains(QLatin1String("IoT")),
             qPrintable(status));
    QCOMPARE(window->patternModel()->rowCount(), 0);
    QCOMPARE(window->findingModel()->rowCount(), 0);
    QCOMPARE(window->windowTitle(), QStringLiteral("Untitled[*] — Keyscope"));
}

void TestMainWindow::firstSaveAsksForAName()
{
    auto window = makeWindow();
    window->newProject();
    QVERIFY(settle(window->document()));
    QVERIFY(window->document()->isUnnamed());

    // Cancelling the name cancels the save.
    window->projectNameAnswer.clear();
    window->savePath = m_dir->filePath(QStringLiteral("never"));
    QVERIFY(!window->save());
    QCOMPARE(window->asked, QStringList {QStringLiteral("name")});

    // The name comes first; the Save dialog is asked with it in place (it offers a file named
    // after it), and the saved project carries it.
    window->asked.clear();
    window->projectNameAnswer = QStringLiteral("Orders");
    window->savePath = m_dir->filePath(QStringLiteral("orders"));
    QVERIFY(window->save());
    QCOMPARE(window->asked,
             (QStringList {QStringLiteral("name"), QStringLiteral("path for Orders")}));
    QCOMPARE(window->document()->project().name, QStringLiteral("Orders"));
    QVERIFY(!window->isWindowModified());
    QCOMPARE(window->windowTitle(), QStringLiteral("orders.keyscope.json[*] — Keyscope"));
    QVERIFY(!window->windowTitle().contains(QLatin1String("Untitled")));
    auto read = model::ProjectFile::read(m_dir->filePath(QStringLiteral("orders.keyscope.json")));
    QVERIFY(std::holds_alternative<model::Project>(read));
    QCOMPARE(std::get<model::Project>(read).name, QStringLiteral("Orders"));

    // Saved once: Save As asks only where.
    window->asked.clear();
    window->savePath = m_dir->filePath(QStringLiteral("copy"));
    QVERIFY(window->saveAs());
    QCOMPARE(window->asked, QStringList {QStringLiteral("path for Orders")});

    // The name offered by the Save dialog is made from the project's name.
    ui::Document named;
    named.setName(QStringLiteral("Sales Orders"));
    QWidget host;
    ui::Autosaver autosaver(&named);
    ui::DocumentLifecycle lifecycle(&host, &named, &autosaver, m_settings.get(), kExamples);
    QCOMPARE(lifecycle.suggestedSavePath(), QStringLiteral("sales-orders.keyscope.json"));
}

void TestMainWindow::exampleGalleryShowsTheOpenExample()
{
    auto window = makeWindow();
    QVERIFY(window->openExample(kExamples + QStringLiteral("/tickets/before.keyscope.json")));
    QVERIFY(settle(window->document()));
    QString current;
    QTimer::singleShot(0, window.get(), [&] {
        auto *gallery = qobject_cast<ui::ExampleGallery *>(QApplication::activeModalWidget());
        if (!gallery)
            return;
        current = gallery->list()->currentIndex().data(ui::ExampleCatalog::IdRole).toString();
        gallery->reject();
    });
    window->showExampleGallery();
    QCOMPARE(current, QStringLiteral("tickets"));
}

void TestMainWindow::designPanelsFitWithoutHorizontalScrolling_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<QString>("example");
    QTest::newRow("1280x800 saas") << QSize(1280, 800) << QStringLiteral("saas/after");
    QTest::newRow("1280x800 hierarchy")
        << QSize(1280, 800) << QStringLiteral("hierarchy/restaurants");
    QTest::newRow("1280x800 timestamps") << QSize(1280, 800) << QStringLiteral("timestamps/after");
    QTest::newRow("1280x800 tickets") << QSize(1280, 800) << QStringLiteral("tickets/after");
    QTest::newRow("1024x700 saas") << QSize(1024, 700) << QStringLiteral("saas/after");
    QTest::newRow("1024x700 tickets") << QSize(1024, 700) << QStringLiteral("tickets/after");
}

// The Entities tab (key templates and sample values, attributes) and the Table tab show their
// content whole at the default window size: no horizontal scroll bar anywhere in the dock.
void TestMainWindow::designPanelsFitWithoutHorizontalScrolling()
{
    QFETCH(QSize, size);
    QFETCH(QString, example);
    auto window = makeWindow();
    window->resize(size);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QVERIFY(window->openExample(kExamples + u'/' + example + QStringLiteral(".keyscope.json")));
    QVERIFY(settle(window->document()));
    QDockWidget *dock = window->dock(QStringLiteral("EntitiesDock"));
    QVERIFY(dock && dock->isVisible());
    auto *editor = window->findChild<ui::EntitiesEditor *>();
    const QString grabDir = qEnvironmentVariable("KEYSCOPE_GRAB_DIR");
    const auto check = [&](const QString &what) {
        QCoreApplication::processEvents();
        QTest::qWait(20);
        if (!grabDir.isEmpty())
            window->grab().save(QStringLiteral("%1/design-%2-%3x%4-%5.png")
                                    .arg(grabDir, QString(example).replace(u'/', u'-'))
                                    .arg(size.width())
                                    .arg(size.height())
                                    .arg(what));
        for (QAbstractScrollArea *area : dock->findChildren<QAbstractScrollArea *>()) {
            if (!area->isVisible())
                continue;
            const QString where = what + QStringLiteral(": ") + area->objectName() + u' '
                + area->accessibleName() + u' '
                + QString::fromLatin1(area->metaObject()->className());
            QVERIFY2(!area->horizontalScrollBar()->isVisible(), qPrintable(where));
            // Content as wide as the view at most (a hidden scroll bar would just clip it).
            if (auto *scroll = qobject_cast<QScrollArea *>(area); scroll && scroll->widget())
                QVERIFY2(scroll->widget()->width() <= scroll->viewport()->width(),
                         qPrintable(where
                                    + QStringLiteral(" %1 > %2")
                                          .arg(scroll->widget()->width())
                                          .arg(scroll->viewport()->width())));
            // A table's columns fit its width (none cut off at the right edge).
            if (auto *table = qobject_cast<QTableView *>(area))
                QVERIFY2(table->horizontalHeader()->length() <= table->viewport()->width(),
                         qPrintable(where
                                    + QStringLiteral(" %1 > %2")
                                          .arg(table->horizontalHeader()->length())
                                          .arg(table->viewport()->width())));
        }
    };
    auto *designTabs = qobject_cast<QTabWidget *>(dock->widget());
    QVERIFY(designTabs);
    auto *entityTabs = editor->findChild<QTabWidget *>();
    QVERIFY(entityTabs);
    for (int row = 0; row < editor->entityModel()->rowCount(); ++row) {
        editor->entityView()->setCurrentIndex(editor->entityModel()->index(row, 0));
        entityTabs->setCurrentIndex(0);
        check(QStringLiteral("templates%1").arg(row));
        entityTabs->setCurrentIndex(1);
        check(QStringLiteral("attributes%1").arg(row));
    }
    designTabs->setCurrentIndex(1);
    check(QStringLiteral("table"));
}

void TestMainWindow::explanationsWrapAtSpaces()
{
    auto window = makeWindow();
    int views = 0;
    for (QPlainTextEdit *view : window->findChildren<QPlainTextEdit *>()) {
        if (!view->accessibleName().contains(QLatin1String("xplanation")))
            continue;
        ++views;
        QCOMPARE(view->wordWrapMode(), QTextOption::WordWrap);
        // A key longer than the view stays one word: it is never cut inside.
        view->setPlainText(QStringLiteral("The key ORG#ACME#USER#0042#PROFILE#MAIN sorts first."));
        QTextDocument *document = view->document();
        document->setTextWidth(120);
        const QTextBlock block = document->firstBlock();
        const QTextLayout *layout = block.layout();
        const int start = int(block.text().indexOf(QLatin1String("ORG#")));
        const int end = start + int(QStringLiteral("ORG#ACME#USER#0042#PROFILE#MAIN").size());
        for (int i = 0; i < layout->lineCount(); ++i) {
            const QTextLine line = layout->lineAt(i);
            const int lineEnd = line.textStart() + line.textLength();
            QVERIFY2(!(line.textStart() > start && line.textStart() < end)
                         && !(lineEnd > start && lineEnd < end),
                     qPrintable(QStringLiteral("line %1 breaks inside the key").arg(i)));
        }
    }
    QVERIFY(views >= 1);
}

// A window last used on a larger screen opens whole on this one (the offscreen test screen is
// 800x600): nothing of it, frame included, is off screen, and its panels are within it.
void TestMainWindow::windowFromALargerScreenIsFittedToThisOne()
{
    {
        auto window = makeWindow();
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window.get()));
        window->setGeometry(QRect(40, 40, 1280, 800));
        QTRY_COMPARE(window->size(), QSize(1280, 800));
        QVERIFY(window->close());
    }
    auto window = makeWindow();
    window->restoreLayout();
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    const QRect available = window->screen()->availableGeometry();
    QTRY_VERIFY2(available.contains(window->frameGeometry()),
                 qPrintable(QStringLiteral("frame %1,%2 %3x%4 on a %5x%6 screen")
                                .arg(window->frameGeometry().x())
                                .arg(window->frameGeometry().y())
                                .arg(window->frameGeometry().width())
                                .arg(window->frameGeometry().height())
                                .arg(available.width())
                                .arg(available.height())));
    for (const char *name : {"EntitiesDock", "PatternsDock", "ChecksDock", "QueryDock"}) {
        const QDockWidget *panel = window->dock(QString::fromLatin1(name));
        QVERIFY2(panel && panel->isVisible(), name);
        const QRect inWindow(panel->mapTo(window.get(), QPoint(0, 0)), panel->size());
        QTRY_VERIFY2(window->rect().contains(inWindow),
                     qPrintable(QStringLiteral("%1 at %2,%3 %4x%5 in a %6x%7 window")
                                    .arg(panel->objectName())
                                    .arg(inWindow.x())
                                    .arg(inWindow.y())
                                    .arg(inWindow.width())
                                    .arg(inWindow.height())
                                    .arg(window->width())
                                    .arg(window->height())));
    }
}

void TestMainWindow::collectionShowsEnoughRowsByDefault_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<int>("rows");
    // The screen less a window manager's title bar.
    QTest::newRow("1280x800") << QSize(1280, 776) << 16;
    QTest::newRow("1024x700") << QSize(1024, 676) << 12;
}

// The collection is the subject of the window: at the default layout it shows a screenful of
// rows, whole, not six or seven.
void TestMainWindow::collectionShowsEnoughRowsByDefault()
{
    QFETCH(QSize, size);
    QFETCH(int, rows);
    auto window = shownExample(size, QStringLiteral("/iot/after"));
    QVERIFY(window);
    QCoreApplication::processEvents();
    const ui::CollectionLayout &layout = window->collectionPane()->view()->currentLayout();
    const int shown = int(layout.rowsRect().height() / layout.pitch());
    QVERIFY2(shown >= rows, qPrintable(QStringLiteral("%1 rows shown").arg(shown)));
}

void TestMainWindow::concernedItemsAreCountedInASentence_data()
{
    QTest::addColumn<int>("total");
    QTest::addColumn<int>("inCollection");
    QTest::addColumn<int>("inStore");
    QTest::addColumn<QString>("expected");
    QTest::newRow("one") << 1 << 1 << 1
                         << QStringLiteral("The finding concerns 1 item, in this collection.");
    QTest::newRow("all here") << 4 << 4 << 4
                              << QStringLiteral("The finding concerns 4 items, all in this "
                                                "collection.");
    QTest::newRow("spread") << 10 << 4 << 10
                            << QStringLiteral("The finding concerns 10 items: 4 in this "
                                              "collection, 6 in other collections.");
    // Items with one key: only the last is stored (it was "10 items concerned (1 in this
    // collection, 1 in this table)").
    QTest::newRow("replaced") << 10 << 1 << 1
                              << QStringLiteral("The finding concerns 10 items: 1 in this "
                                                "collection, 9 not stored in the table.");
    QTest::newRow("elsewhere only") << 2 << 0 << 1
                                    << QStringLiteral("The finding concerns 2 items: 1 in another "
                                                      "collection, 1 not stored in the table.");
}

void TestMainWindow::concernedItemsAreCountedInASentence()
{
    QFETCH(int, total);
    QFETCH(int, inCollection);
    QFETCH(int, inStore);
    QFETCH(QString, expected);
    QCOMPARE(ui::concernSentence({total, inCollection, inStore, QStringLiteral("the table")}),
             expected);
}

// At 1024x700 the access patterns' and the findings' titles are longer than their lists are
// wide: each wraps onto as many lines as it needs, with no sideways scrolling.
void TestMainWindow::patternAndFindingTitlesWrapInsteadOfScrolling()
{
    auto window = shownExample(QSize(1024, 676), QStringLiteral("/saas/before"));
    QVERIFY(window);
    int wrapped = 0;
    for (const char *name : {"Access patterns", "Design check findings"}) {
        QListView *list = nullptr;
        for (QListView *candidate : window->findChildren<QListView *>())
            if (candidate->accessibleName() == QLatin1String(name))
                list = candidate;
        QVERIFY2(list && list->model()->rowCount() > 0, name);
        QTest::qWait(20);
        QVERIFY2(!list->horizontalScrollBar()->isVisible(), name);
        for (int row = 0; row < list->model()->rowCount(); ++row) {
            const QModelIndex index = list->model()->index(row, 0);
            const QRect rect = list->visualRect(index);
            QVERIFY2(rect.right() < list->viewport()->width(), name);
            const int textWidth = list->fontMetrics().horizontalAdvance(index.data().toString());
            if (textWidth <= list->viewport()->width() - list->iconSize().width() - 16)
                continue;
            ++wrapped;
            QVERIFY2(rect.height() >= 2 * list->fontMetrics().lineSpacing(),
                     qPrintable(index.data().toString()));
        }
    }
    QVERIFY(wrapped >= 2); // the example's long titles did need wrapping
}

void TestMainWindow::narrationNeverRunsIntoTheSummary_data()
{
    QTest::addColumn<QSize>("size");
    QTest::newRow("1280x800") << QSize(1280, 776);
    QTest::newRow("1024x700") << QSize(1024, 676);
}

// The last step's narration ("Limit 11 reached: LastEvaluatedKey = {PK: ..., SK: ...}") takes
// two lines at 1024x700; the summary below it moves down instead of being drawn over it.
void TestMainWindow::narrationNeverRunsIntoTheSummary()
{
    QFETCH(QSize, size);
    auto window = shownExample(size, QStringLiteral("/iot/after"));
    QVERIFY(window);
    action(*window, "actionGoToEnd")->trigger();
    QLabel *narration = nullptr;
    QLabel *summary = nullptr;
    for (QLabel *label : window->findChildren<QLabel *>()) {
        if (label->accessibleName() == QLatin1String("Narration"))
            narration = label;
        else if (label->accessibleName() == QLatin1String("Summary"))
            summary = label;
    }
    QVERIFY(narration && summary);
    QTRY_VERIFY(narration->text().startsWith(QLatin1String("Limit 11 reached")));
    QTRY_VERIFY(narration->height() >= narration->heightForWidth(narration->width()));
    const int needed = narration->heightForWidth(narration->width());
    QVERIFY2(narration->height() >= needed,
             qPrintable(QStringLiteral("narration %1 px tall, its text needs %2")
                            .arg(narration->height())
                            .arg(needed)));
    QVERIFY2(summary->geometry().top() >= narration->geometry().bottom(),
             qPrintable(QStringLiteral("summary at %1, narration ends at %2")
                            .arg(summary->geometry().top())
                            .arg(narration->geometry().bottom())));
    QVERIFY(summary->height() >= summary->heightForWidth(summary->width()));
}

// While a key template field holds text that does not parse yet, the collection says that it
// shows the last valid template, and stops saying it the moment the text parses.
void TestMainWindow::collectionSaysItShowsTheLastValidTemplate()
{
    auto window = shownExample(QSize(1280, 776), QStringLiteral("/iot/after"));
    QVERIFY(window);
    auto *editor = window->findChild<ui::EntitiesEditor *>();
    QVERIFY(editor && editor->setCurrentEntity(QStringLiteral("Reading")));
    ui::KeyTemplateEdit *sk = editor->keyTemplates()->templateEdit(QStringLiteral("SK"));
    auto *notice = window->findChild<QLabel *>(QStringLiteral("TemplateNoticeBar"));
    QVERIFY(sk && notice);
    QVERIFY(!notice->isVisible());

    sk->setFocus();
    sk->selectAll();
    QTest::keyClicks(sk, QStringLiteral("#READING#{Seq}"));
    QVERIFY(notice->isVisible());
    QVERIFY2(notice->text().startsWith(QStringLiteral("The collection shows Reading's SK from its "
                                                      "last valid template, '#READING#': the "
                                                      "field's '#READING#{Seq}' does not parse "
                                                      "yet (unknown attribute 'Seq'")),
             qPrintable(notice->text()));

    model::EntityType reading = *window->document()->project().entity(QStringLiteral("Reading"));
    model::AttributeSpec seq;
    seq.name = QStringLiteral("Seq");
    seq.type = model::AttributeKind::N;
    seq.generator.kind = model::GeneratorSpec::Kind::Sequence;
    reading.attributes.push_back(seq);
    QVERIFY(window->document()->setEntity(QStringLiteral("Reading"), reading));
    QTRY_VERIFY(!notice->isVisible());
    // The design follows the field (applied a moment later, as the field's own edit).
    QTRY_COMPARE(window->document()
                     ->project()
                     .entity(QStringLiteral("Reading"))
                     ->keys.at(QStringLiteral("SK")),
                 QStringLiteral("#READING#{Seq}"));
}

// A panel with nothing to say gives its room away: with no findings the Checks panel is one
// line and Access Patterns takes the rest; a finding brings the list back at its working height.
void TestMainWindow::checksPanelCollapsesWhenNothingIsFound()
{
    auto window = shownExample(QSize(1280, 776), QStringLiteral("/iot/after"));
    QVERIFY(window);
    auto *checks = window->findChild<QDockWidget *>(QStringLiteral("ChecksDock"));
    auto *patterns = window->findChild<QDockWidget *>(QStringLiteral("PatternsDock"));
    QVERIFY(checks && patterns);
    QVERIFY(window->document()->findings().empty());
    QTRY_VERIFY2(checks->height() < 80, qPrintable(QString::number(checks->height())));
    QVERIFY2(patterns->height() > 4 * checks->height(),
             qPrintable(QStringLiteral("Access Patterns %1 px, Checks %2 px")
                            .arg(patterns->height())
                            .arg(checks->height())));
    auto *list = window->findChild<QListView *>();
    for (QListView *view : window->findChildren<QListView *>()) {
        if (view->accessibleName() == QLatin1String("Design check findings"))
            list = view;
    }
    QVERIFY(list && !list->isVisible());

    QVERIFY(window->openExample(kExamples + QStringLiteral("/iot/before.keyscope.json")));
    QVERIFY(settle(window->document()));
    QVERIFY(!window->document()->findings().empty());
    QTRY_VERIFY(list->isVisible());
    QTRY_VERIFY2(checks->height() >= 200, qPrintable(QString::number(checks->height())));
}

// A design without a name is headed in exports as the window title names it ("after.keyscope.json",
// "Untitled"), never by the title's own text ("Untitled[*] — Keyscope").
void TestMainWindow::exportHeadingNamesAnUnnamedDesignByItsFile()
{
    auto window = shownExample(QSize(1280, 776), QStringLiteral("/iot/after"));
    QVERIFY(window);
    window->document()->setName(QString());
    const auto source = window->diagramSource();
    QVERIFY(source);
    QCOMPARE(source->projectName, window->document()->displayName());
    QVERIFY2(!source->projectName.contains(QLatin1String("[*]"))
                 && !source->projectName.contains(QLatin1String("Keyscope")),
             qPrintable(source->projectName));
}
#include "tst_mainwindow.moc"
