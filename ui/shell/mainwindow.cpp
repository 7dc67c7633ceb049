#include "ui/shell/mainwindow.h"
#include "ui/export/exportdialog.h"

#include "model/design/projectfile.h"
#include "model/query/queryengine.h"
#include "model/query/tracetimeline.h"
#include "model/value/dynamojson.h"
#include "ui/animation/traceplayer.h"
#include "ui/checks/findinglistmodel.h"
#include "ui/collection/collectionmodel.h"
#include "ui/collection/collectionstyle.h"
#include "ui/collection/collectionview.h"
#include "ui/collection/keyorderexplainer.h"
#include "ui/compare/comparemode.h"
#include "ui/document/document.h"
#include "ui/editors/entitieseditor.h"
#include "ui/editors/tableeditor.h"
#include "ui/examples/examplegallery.h"
#include "ui/patterns/patternlistmodel.h"
#include "ui/query/codepanel.h"
#include "ui/query/querybuilder.h"
#include "ui/query/queryrunner.h"
#include "ui/shell/appearance.h"
#include "ui/shell/collectionpane.h"
#include "ui/shell/interopactions.h"
#include "ui/shell/statusicon.h"
#include "ui/trace/tracepanel.h"

#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QListView>
#include <QLocale>
#include <QMenuBar>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QRegularExpression>
#include <QScreen>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>

namespace keyscope::ui {

namespace {

// A read-only, scrollable explanation under a list; it shares the panel with the list through a
// splitter so long explanations never squeeze the list to nothing.
QPlainTextEdit *detailView(QWidget *parent, const QString &accessibleName)
{
    auto *view = new QPlainTextEdit(parent);
    view->setReadOnly(true);
    view->setFrameShape(QFrame::NoFrame);
    view->setBackgroundRole(QPalette::Window);
    view->viewport()->setBackgroundRole(QPalette::Window);
    view->setAccessibleName(accessibleName);
    view->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    return view;
}

QSplitter *listAndDetail(QWidget *parent, QWidget *list, QWidget *detail)
{
    auto *splitter = new QSplitter(Qt::Vertical, parent);
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(list);
    splitter->addWidget(detail);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    return splitter;
}

QWidget *panel(QWidget *parent, std::initializer_list<QWidget *> widgets, int stretchIndex)
{
    auto *content = new QWidget(parent);
    auto *layout = new QVBoxLayout(content);
    layout->setContentsMargins(6, 4, 6, 6);
    layout->setSpacing(4);
    int i = 0;
    for (QWidget *widget : widgets)
        layout->addWidget(widget, i++ == stretchIndex ? 1 : 0);
    return content;
}

QString valueText(const model::AttributeValue &value)
{
    return QString::fromUtf8(
        QJsonDocument(model::dynamojson::valueToJson(value)).toJson(QJsonDocument::Compact));
}

// English plurals without a translation file ("1 warning", "2 warnings").
QString counted(qsizetype n, const QString &singular, const QString &plural)
{
    return QStringLiteral("%1 %2").arg(QLocale().toString(qlonglong(n)),
                                       n == 1 ? singular : plural);
}

} // namespace

MainWindow::MainWindow(Settings *settings, const QString &examplesDirectory, QWidget *parent)
    : QMainWindow(parent)
    , m_settings(settings)
    , m_examplesDirectory(examplesDirectory)
    , m_document(new Document(this))
    , m_autosaver(new Autosaver(m_document, this))
{
    setObjectName(QStringLiteral("MainWindow"));
    setAccessibleName(tr("Keyscope"));
    resize(1280, 800);
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);
    m_autosaver->setIntervalSeconds(m_settings->autosaveIntervalSeconds());

    createPanels();
    createActions();
    createStatusBar();
    m_defaultState = saveState();

    connect(m_document, &Document::projectChanged, this, &MainWindow::refreshEntities);
    connect(m_document, &Document::projectChanged, this, &MainWindow::updateTitle);
    connect(m_document, &Document::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_document, &Document::filePathChanged, this, &MainWindow::updateTitle);
    connect(m_document, &Document::populationReady, this, &MainWindow::populationReady);
    connect(m_document, &Document::populationFailed, this, [this](const QString &message) {
        statusBar()->showMessage(tr("Cannot populate: %1").arg(message));
    });
    connect(m_document, &Document::patternsReady, this, &MainWindow::patternsReady);
    connect(m_document, &Document::checksReady, this, &MainWindow::checksReady);
    connect(m_document, &Document::busyChanged, this, [this](bool busy) {
        // Only work that takes a while earns a progress bar; quick recomputes would flicker.
        if (busy) {
            m_progressDelay->start();
        } else {
            m_progressDelay->stop();
            m_progress->hide();
        }
    });
    connect(m_document, &Document::progressChanged, m_progress, &QProgressBar::setValue);
    connect(m_autosaver, &Autosaver::autosaveFailed, this, [this](const QString &message) {
        statusBar()->showMessage(tr("Autosave failed: %1").arg(message), 8000);
    });
    connect(m_settings, &Settings::autosaveIntervalChanged, m_autosaver,
            &Autosaver::setIntervalSeconds);
    connect(m_settings, &Settings::recentFilesChanged, this, &MainWindow::updateRecentMenu);

    refreshEntities();
    updateTitle();
}

MainWindow::~MainWindow()
{
    // The panels observe the document, which is an older child: they must go first.
    qDeleteAll(findChildren<QDockWidget *>(Qt::FindDirectChildrenOnly));
}

// --- Panels ---

QDockWidget *MainWindow::addPanel(const QString &objectName, const QString &title, QWidget *content,
                                  Qt::DockWidgetArea area)
{
    auto *dock = new QDockWidget(title, this);
    dock->setObjectName(objectName);
    dock->setAccessibleName(title);
    dock->setWidget(content);
    dock->setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable
                      | QDockWidget::DockWidgetFloatable);
    addDockWidget(area, dock);
    return dock;
}

QDockWidget *MainWindow::dock(const QString &objectName) const
{
    return findChild<QDockWidget *>(objectName);
}

void MainWindow::createPanels()
{
    m_collection = new CollectionPane(this);
    m_collection->setAccessibleName(tr("Collection"));
    setCentralWidget(m_collection);
    // Bottom panels sit under the collection only; the side panels run full height.
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);

    // Entities & templates: the entity editor (attributes, generators, key templates with live
    // previews) and the table editor. The population's seed sits with the table: both decide
    // what the collection holds.
    auto *seedRow = new QWidget(this);
    auto *seedLayout = new QHBoxLayout(seedRow);
    seedLayout->setContentsMargins(0, 0, 0, 0);
    m_seed = new QSpinBox(seedRow);
    m_seed->setRange(0, std::numeric_limits<int>::max());
    m_seed->setAccessibleName(tr("Random seed"));
    m_seed->setKeyboardTracking(true);
    auto *seedLabel = new QLabel(tr("&Seed:"), seedRow);
    seedLabel->setBuddy(m_seed);
    seedLayout->addWidget(seedLabel);
    seedLayout->addWidget(m_seed);
    seedLayout->addStretch(1);
    connect(m_seed, &QSpinBox::valueChanged, this, [this](int value) {
        if (!m_refreshingEntities)
            m_document->setSeed(quint64(value));
    });
    connect(m_seed, &QSpinBox::editingFinished, m_document, &Document::finishEditing);
    m_seed->setToolTip(tr("The random seed of the population: the same seed gives the same "
                          "items on every machine"));
    m_entitiesEditor = new EntitiesEditor(m_document, this);
    m_tableEditor = new TableEditor(m_document, this);
    connect(m_entitiesEditor, &EntitiesEditor::message, this,
            [this](const QString &text) { statusBar()->showMessage(text, 5000); });
    auto *designTabs = new QTabWidget(this);
    designTabs->setAccessibleName(tr("Design"));
    designTabs->setDocumentMode(true);
    designTabs->addTab(m_entitiesEditor, tr("&Entities"));
    designTabs->addTab(panel(this, {m_tableEditor, seedRow}, 0), tr("&Table"));
    addPanel(QStringLiteral("EntitiesDock"), tr("Entities & Templates"), designTabs,
             Qt::LeftDockWidgetArea);

    // Access patterns: pass/fail with the explanation of the selected one.
    m_patternModel = new PatternListModel(this);
    m_patternSummary = new QLabel(this);
    m_patternList = new QListView(this);
    m_patternList->setModel(m_patternModel);
    m_patternList->setAccessibleName(tr("Access patterns"));
    m_patternList->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_patternList->setUniformItemSizes(true);
    m_patternDetail = detailView(this, tr("Access pattern explanation"));
    connect(m_patternList->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &MainWindow::patternSelected);
    auto *patterns = addPanel(
        QStringLiteral("PatternsDock"), tr("Access Patterns"),
        panel(this, {m_patternSummary, listAndDetail(this, m_patternList, m_patternDetail)}, 1),
        Qt::RightDockWidgetArea);

    // Checks: findings, most severe first.
    m_findingModel = new FindingListModel(this);
    m_findingSummary = new QLabel(this);
    m_findingSummary->setWordWrap(true);
    m_findingList = new QListView(this);
    m_findingList->setModel(m_findingModel);
    m_findingList->setAccessibleName(tr("Design check findings"));
    m_findingList->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_findingList->setUniformItemSizes(true);
    m_findingDetail = detailView(this, tr("Finding explanation"));
    m_findingConcern = new QLabel(this);
    m_findingConcern->setWordWrap(true);
    m_findingConcern->setAccessibleName(tr("Items the finding concerns"));
    connect(m_findingList->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &MainWindow::findingSelected);
    connect(m_collection->view(), &CollectionView::partitionChanged, this,
            &MainWindow::updateConcernLabel);
    auto *checks
        = addPanel(QStringLiteral("ChecksDock"), tr("Checks"),
                   panel(this,
                         {m_findingSummary, listAndDetail(this, m_findingList, m_findingDetail),
                          m_findingConcern},
                         1),
                   Qt::RightDockWidgetArea);
    splitDockWidget(patterns, checks, Qt::Vertical);

    // Query & trace: transport, narration and the request of the Query being animated. One
    // player (one clock) drives the collection view.
    m_player = new TracePlayer(this);
    m_player->setReducedMotion(m_settings->reducedMotion());
    connect(m_settings, &Settings::reducedMotionChanged, m_player, &TracePlayer::setReducedMotion);
    connect(m_player, &TracePlayer::positionChanged, m_collection->view(),
            &CollectionView::setTimelineState);
    m_tracePanel = new TracePanel(m_player, this);
    auto *query = addPanel(QStringLiteral("QueryDock"), tr("Query and Trace"), m_tracePanel,
                           Qt::BottomDockWidgetArea);

    // Why this order: Ctrl+click two rows and their keys are compared byte by byte.
    m_explainer = new KeyOrderExplainer(this);
    m_explainer->setAccessibleName(tr("Why this order"));
    auto *explainerDock = addPanel(QStringLiteral("ExplainerDock"), tr("Why This Order"),
                                   m_explainer, Qt::BottomDockWidgetArea);
    connect(m_collection->view(), &CollectionView::twoRowsSelected, this,
            [this, explainerDock](model::ItemId first, model::ItemId second) {
                if (const CollectionRows *rows = m_collection->view()->rows()) {
                    m_explainer->setItems(*rows, first, second);
                    explainerDock->show();
                    explainerDock->raise();
                }
            });

    // Query builder: any query on the current table, by controls or typed; running it animates
    // its traversal like a pattern's. The code panel follows the page being shown.
    m_builder = new QueryBuilder(this);
    m_runner = new QueryRunner(this);
    m_runner->setDocument(m_document);
    m_codePanel = new CodePanel(this);
    auto *builderDock = addPanel(QStringLiteral("BuilderDock"), tr("Query Builder"), m_builder,
                                 Qt::BottomDockWidgetArea);
    auto *code
        = addPanel(QStringLiteral("CodeDock"), tr("Code"), m_codePanel, Qt::BottomDockWidgetArea);
    connect(m_builder, &QueryBuilder::requestChanged, m_runner, &QueryRunner::setRequest);
    connect(m_builder, &QueryBuilder::runRequested, this, [this] {
        if (m_builder->isValid())
            m_runner->setRequest(m_builder->request()); // runs page 1
    });
    connect(m_runner, &QueryRunner::pageRequested, m_codePanel, &CodePanel::setRequest);
    connect(m_runner, &QueryRunner::resultReady, this,
            [this, query](std::shared_ptr<const model::QueryResponse> response,
                          std::shared_ptr<const model::Table>) {
                const model::QueryRequest request = m_runner->pageRequest();
                m_tracePanel->setRequestText(tr("Query built in the Query Builder (page %1)\n  "
                                                "KeyConditionExpression: %2")
                                                 .arg(m_runner->page())
                                                 .arg(request.keyConditionExpression));
                showTrace(request, *response, std::nullopt);
                query->raise();
            });
    connect(m_runner, &QueryRunner::failed, this, [this](const model::QueryError &error) {
        statusBar()->showMessage(tr("%1: %2").arg(error.type, error.message), 8000);
    });
    tabifyDockWidget(query, builderDock);
    tabifyDockWidget(query, code);
    tabifyDockWidget(query, explainerDock);
    query->raise();

    resizeDocks({dock(QStringLiteral("EntitiesDock")), patterns}, {330, 330}, Qt::Horizontal);
    resizeDocks({patterns, checks}, {330, 300}, Qt::Vertical);
    resizeDocks({query}, {190}, Qt::Vertical);
}

void MainWindow::createActions()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *newAction = file->addAction(tr("&New"), this, &MainWindow::newProject);
    newAction->setObjectName(QStringLiteral("actionNew"));
    newAction->setShortcut(QKeySequence::New);
    QAction *open = file->addAction(tr("&Open…"), this, &MainWindow::openDialog);
    open->setObjectName(QStringLiteral("actionOpen"));
    open->setShortcut(QKeySequence::Open);
    QAction *example = file->addAction(tr("Open &Example…"), this, &MainWindow::showExampleGallery);
    example->setObjectName(QStringLiteral("actionOpenExample"));
    example->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    m_recentMenu->setObjectName(QStringLiteral("menuRecent"));
    updateRecentMenu();
    file->addSeparator();
    QAction *saveAction = file->addAction(tr("&Save"), this, &MainWindow::save);
    saveAction->setObjectName(QStringLiteral("actionSave"));
    saveAction->setShortcut(QKeySequence::Save);
    QAction *saveAsAction = file->addAction(tr("Save &As…"), this, &MainWindow::saveAs);
    saveAsAction->setObjectName(QStringLiteral("actionSaveAs"));
    saveAsAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    file->addSeparator();
    QAction *import
        = file->addAction(tr("&Import Table and Items…"), this, &MainWindow::importDialog);
    import->setObjectName(QStringLiteral("actionImport"));
    import->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I));
    QAction *beforeQuit = file->addSeparator();
    m_interop = new InteropActions(this, m_document, file, import, beforeQuit);
    m_interop->hooks().showError
        = [this](const QString &title, const QString &text) { showError(title, text); };
    QAction *exportAction = new QAction(tr("&Export Diagram…"), this);
    connect(exportAction, &QAction::triggered, this, [this] { showExportDialog(); });
    exportAction->setObjectName(QStringLiteral("actionExportDiagram"));
    exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    exportAction->setStatusTip(
        tr("Save the collection diagram at the current step as SVG, PNG, PDF or Markdown"));
    file->insertAction(beforeQuit, exportAction);
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setObjectName(QStringLiteral("actionQuit"));
    // Some platforms bind no Quit key; Ctrl+Q works everywhere.
    QList<QKeySequence> quitKeys = QKeySequence::keyBindings(QKeySequence::Quit);
    if (!quitKeys.contains(QKeySequence(Qt::CTRL | Qt::Key_Q)))
        quitKeys << QKeySequence(Qt::CTRL | Qt::Key_Q);
    quit->setShortcuts(quitKeys);
    quit->setMenuRole(QAction::QuitRole);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    QAction *undo = m_document->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setObjectName(QStringLiteral("actionUndo"));
    undo->setShortcuts(QKeySequence::Undo);
    QAction *redo = m_document->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setObjectName(QStringLiteral("actionRedo"));
    // Ctrl+Shift+Z everywhere, plus the platform's own (Ctrl+Y on Windows).
    QList<QKeySequence> redoKeys {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z)};
    for (const QKeySequence &key : QKeySequence::keyBindings(QKeySequence::Redo)) {
        if (!redoKeys.contains(key))
            redoKeys << key;
    }
    redo->setShortcuts(redoKeys);
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    QAction *copyImage
        = edit->addAction(tr("Copy as &Image"), this, [this] { copyDiagram(false); });
    copyImage->setObjectName(QStringLiteral("actionCopyAsImage"));
    copyImage->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    copyImage->setStatusTip(tr("Copy the collection diagram at the current step as an image"));
    QAction *copySvg = edit->addAction(tr("Copy as &SVG"), this, [this] { copyDiagram(true); });
    copySvg->setObjectName(QStringLiteral("actionCopyAsSvg"));
    copySvg->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_C));
    copySvg->setStatusTip(tr("Copy the collection diagram at the current step as SVG"));

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    int number = 1;
    for (const char *name :
         {"EntitiesDock", "PatternsDock", "ChecksDock", "QueryDock", "CodeDock"}) {
        QDockWidget *panelDock = dock(QString::fromLatin1(name));
        QAction *toggle = panelDock->toggleViewAction();
        toggle->setText(panelDock->windowTitle().replace(QLatin1Char('&'), QLatin1String("&&")));
        toggle->setObjectName(QStringLiteral("actionToggle") + QString::fromLatin1(name));
        toggle->setShortcut(QKeySequence(Qt::ALT | Qt::SHIFT | Qt::Key(Qt::Key_0 + number++)));
        m_viewMenu->addAction(toggle);
    }
    QAction *focusCollection = m_viewMenu->addAction(tr("&Collection"), this, [this] {
        m_collection->itemsView()->setFocus(Qt::ShortcutFocusReason);
    });
    focusCollection->setObjectName(QStringLiteral("actionFocusCollection"));
    focusCollection->setShortcut(QKeySequence(Qt::ALT | Qt::SHIFT | Qt::Key_0));
    const auto concernAction
        = [this](const QString &text, const char *name, const QKeySequence &key, auto slot) {
              QAction *action = m_viewMenu->addAction(text, this, slot);
              action->setObjectName(QString::fromLatin1(name));
              action->setShortcut(key);
              return action;
          };
    concernAction(tr("&Next Concerned Item"), "actionNextConcerned", QKeySequence(Qt::Key_F8),
                  [this] { goToConcerned(true); });
    concernAction(tr("Pre&vious Concerned Item"), "actionPreviousConcerned",
                  QKeySequence(Qt::SHIFT | Qt::Key_F8), [this] { goToConcerned(false); });
    concernAction(tr("Next Partition (Hash Order)"), "actionNextPartition",
                  QKeySequence(Qt::ALT | Qt::Key_PageDown),
                  [this] { m_collection->view()->stepPartition(1); });
    concernAction(tr("Previous Partition (Hash Order)"), "actionPreviousPartition",
                  QKeySequence(Qt::ALT | Qt::Key_PageUp),
                  [this] { m_collection->view()->stepPartition(-1); });
    QAction *resetLayoutAction
        = m_viewMenu->addAction(tr("Reset &Layout"), this, &MainWindow::resetLayout);
    resetLayoutAction->setObjectName(QStringLiteral("actionResetLayout"));
    m_viewMenu->addSeparator();

    QMenu *theme = m_viewMenu->addMenu(tr("&Theme"));
    m_themeGroup = new QActionGroup(this);
    const struct
    {
        Settings::Theme theme;
        QString text;
        const char *name;
    } themes[] = {{Settings::Theme::System, tr("Follow &System"), "actionThemeSystem"},
                  {Settings::Theme::Light, tr("&Light"), "actionThemeLight"},
                  {Settings::Theme::Dark, tr("&Dark"), "actionThemeDark"}};
    for (const auto &entry : themes) {
        QAction *action = theme->addAction(entry.text);
        action->setObjectName(QString::fromLatin1(entry.name));
        action->setCheckable(true);
        action->setData(int(entry.theme));
        m_themeGroup->addAction(action);
    }
    connect(m_themeGroup, &QActionGroup::triggered, this, [this](QAction *action) {
        m_settings->setTheme(Settings::Theme(action->data().toInt()));
    });
    connect(m_settings, &Settings::themeChanged, this, [this](Settings::Theme theme) {
        applyTheme(theme);
        updateThemeActions();
        refreshEntities(); // its quiet rows carry palette colours
    });
    updateThemeActions();
    m_reducedMotion = m_viewMenu->addAction(tr("Reduced &Motion"));
    m_reducedMotion->setObjectName(QStringLiteral("actionReducedMotion"));
    m_reducedMotion->setCheckable(true);
    m_reducedMotion->setChecked(m_settings->reducedMotion());
    m_reducedMotion->setToolTip(tr("Animations jump to their end instead of moving"));
    connect(m_reducedMotion, &QAction::toggled, m_settings, &Settings::setReducedMotion);
    connect(m_settings, &Settings::reducedMotionChanged, m_reducedMotion, &QAction::setChecked);

    // Playback: the keys of a media player. Text fields keep Space and the arrows (they claim
    // them through ShortcutOverride); everywhere else they drive the animation.
    QMenu *playback = menuBar()->addMenu(tr("&Playback"));
    const auto playbackAction
        = [&](const QString &text, const QKeySequence &key, const QString &name, auto slot) {
              QAction *action = playback->addAction(text, m_player, slot);
              action->setShortcut(key);
              action->setObjectName(name);
              return action;
          };
    playbackAction(tr("&Play / Pause"), QKeySequence(Qt::Key_Space),
                   QStringLiteral("actionPlayPause"), &TracePlayer::togglePlayPause);
    playbackAction(tr("Step &Forward"), QKeySequence(Qt::Key_Right),
                   QStringLiteral("actionStepForward"), &TracePlayer::stepForward);
    playbackAction(tr("Step &Back"), QKeySequence(Qt::Key_Left), QStringLiteral("actionStepBack"),
                   &TracePlayer::stepBack);
    playbackAction(tr("&Restart"), QKeySequence(Qt::CTRL | Qt::Key_R),
                   QStringLiteral("actionRestart"), &TracePlayer::restart);
    playbackAction(tr("Go to &End"), QKeySequence(Qt::CTRL | Qt::Key_End),
                   QStringLiteral("actionGoToEnd"), &TracePlayer::goToEnd);

    playback->addSeparator();
    QAction *exportStep
        = playback->addAction(tr("E&xport Current Step…"), this, [this] { showExportDialog(); });
    exportStep->setObjectName(QStringLiteral("actionExportCurrentStep"));
    exportStep->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    exportStep->setToolTip(tr("Export the diagram at this step (Ctrl+Shift+E)"));
    m_tracePanel->addTransportAction(exportStep);
    m_presenterAction = playback->addAction(tr("P&resenter Mode"));
    m_presenterAction->setObjectName(QStringLiteral("actionPresenterMode"));
    m_presenterAction->setCheckable(true);
    m_presenterAction->setShortcut(QKeySequence(Qt::Key_F5));
    connect(m_presenterAction, &QAction::toggled, this, &MainWindow::setPresenting);
    // Esc leaves presenter mode; it is enabled only then, so dialogs and editors keep it.
    auto *leavePresenter = new QAction(this);
    leavePresenter->setObjectName(QStringLiteral("actionLeavePresenterMode"));
    leavePresenter->setShortcut(QKeySequence(Qt::Key_Escape));
    leavePresenter->setEnabled(false);
    connect(leavePresenter, &QAction::triggered, this,
            [this] { m_presenterAction->setChecked(false); });
    connect(m_presenterAction, &QAction::toggled, leavePresenter, &QAction::setEnabled);
    // Shortcuts keep working while the menu bar is hidden in presenter mode.
    addActions(playback->actions());
    addAction(leavePresenter);

    // View > Compare Side by Side: the same pattern on a second design, on the same clock.
    m_compare = new CompareMode(this, m_document, m_collection, m_player, m_tracePanel, m_settings,
                                m_examplesDirectory);
    connect(m_compare, &CompareMode::failed, this, &MainWindow::showError);
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_compare->toggleAction());

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *about = help->addAction(tr("&About Keyscope"), this, [this] {
        QMessageBox::about(this, tr("About Keyscope"),
                           tr("<b>Keyscope</b><p>See how DynamoDB orders your items: design "
                              "sort keys, populate collections, and check access patterns.</p>"));
    });
    about->setObjectName(QStringLiteral("actionAbout"));
    about->setMenuRole(QAction::AboutRole);
}

void MainWindow::createStatusBar()
{
    m_itemCount = new QLabel(this);
    m_itemCount->setAccessibleName(tr("Item count"));
    m_progress = new QProgressBar(this);
    m_progress->setAccessibleName(tr("Background work"));
    m_progress->setRange(0, 1000);
    m_progress->setMaximumWidth(160);
    m_progress->setTextVisible(false);
    m_progress->hide();
    m_progressDelay = new QTimer(this);
    m_progressDelay->setSingleShot(true);
    m_progressDelay->setInterval(250);
    connect(m_progressDelay, &QTimer::timeout, m_progress, &QWidget::show);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_itemCount);
}

void MainWindow::restoreLayout()
{
    const QByteArray geometry = m_settings->windowGeometry();
    if (!geometry.isEmpty()) {
        restoreGeometry(geometry);
    } else if (const QScreen *screen = this->screen()) {
        // First run: 1280x800, or the whole of a smaller screen.
        resize(size().boundedTo(screen->availableGeometry().size()));
    }
    const QByteArray state = m_settings->windowState();
    if (!state.isEmpty())
        restoreState(state);
}

void MainWindow::resetLayout()
{
    restoreState(m_defaultState);
    for (QDockWidget *panelDock : findChildren<QDockWidget *>())
        panelDock->show();
    dock(QStringLiteral("QueryDock"))->raise();
}

void MainWindow::updateThemeActions()
{
    const int current = int(m_settings->theme());
    for (QAction *action : m_themeGroup->actions())
        action->setChecked(action->data().toInt() == current);
}

// --- Files ---

void MainWindow::newProject()
{
    if (!maybeSave())
        return;
    m_document->newProject();
    statusBar()->showMessage(tr("New project"), 3000);
}

std::optional<model::QueryRequest> MainWindow::currentQuery() const
{
    if (!m_builder || !m_builder->isValid())
        return std::nullopt;
    return m_builder->request();
}

bool MainWindow::openFile(const QString &path)
{
    const auto errors = m_document->open(path);
    if (!errors.empty()) {
        QStringList lines;
        for (const model::IoError &error : errors)
            lines << error.toString();
        showError(tr("Cannot open %1").arg(QFileInfo(path).fileName()),
                  lines.join(QLatin1Char('\n')));
        if (!QFileInfo::exists(path))
            m_settings->removeRecentFile(path);
        return false;
    }
    m_settings->addRecentFile(path);
    statusBar()->showMessage(tr("Opened %1").arg(QDir::toNativeSeparators(path)), 4000);
    return true;
}

bool MainWindow::openExample(const QString &path)
{
    auto read = model::ProjectFile::read(path);
    if (auto *errors = std::get_if<std::vector<model::IoError>>(&read)) {
        showError(tr("Cannot open the example"),
                  errors->empty() ? path : errors->front().toString());
        return false;
    }
    m_document->setProject(std::move(std::get<model::Project>(read)));
    m_compare->setExamplePath(path);
    statusBar()->showMessage(tr("Opened the example “%1”").arg(m_document->project().name), 4000);
    return true;
}

bool MainWindow::importFiles(const QString &tablePath, const QString &itemsPath)
{
    const QString error = m_document->importTableAndItems(tablePath, itemsPath);
    if (!error.isEmpty()) {
        showError(tr("Cannot import"), error);
        return false;
    }
    statusBar()->showMessage(
        tr("Imported %1 and %2")
            .arg(QFileInfo(tablePath).fileName(), QFileInfo(itemsPath).fileName()),
        4000);
    return true;
}

void MainWindow::openDialog()
{
    if (!maybeSave())
        return;
    const QString path = askOpenPath();
    if (!path.isEmpty())
        openFile(path);
}

void MainWindow::importDialog()
{
    if (!maybeSave())
        return;
    const QString table = QFileDialog::getOpenFileName(
        this, tr("Import Table Definition (create-table or describe-table JSON)"), {},
        tr("JSON (*.json);;All files (*)"));
    if (table.isEmpty())
        return;
    const QString items = QFileDialog::getOpenFileName(
        this, tr("Import Items (batch-write-item, scan output or an array)"),
        QFileInfo(table).absolutePath(), tr("JSON (*.json);;All files (*)"));
    if (!items.isEmpty())
        importFiles(table, items);
}

void MainWindow::showExampleGallery()
{
    if (!maybeSave())
        return;
    ExampleGallery gallery(m_examplesDirectory, this);
    if (gallery.exec() == QDialog::Accepted && !gallery.selectedPath().isEmpty())
        openExample(gallery.selectedPath());
}

bool MainWindow::save()
{
    if (m_document->filePath().isEmpty())
        return saveAs();
    if (auto error = m_document->save()) {
        showError(tr("Cannot save"), error->toString());
        return false;
    }
    statusBar()->showMessage(tr("Saved %1").arg(m_document->displayName()), 3000);
    return true;
}

bool MainWindow::saveAs()
{
    QString path = askSavePath();
    if (path.isEmpty())
        return false;
    const QString suffix = QString::fromLatin1(model::ProjectFile::kSuffix);
    if (!path.endsWith(suffix) && !path.endsWith(QLatin1String(".json")))
        path += suffix;
    if (auto error = m_document->saveAs(path)) {
        showError(tr("Cannot save"), error->toString());
        return false;
    }
    m_settings->addRecentFile(path);
    statusBar()->showMessage(tr("Saved %1").arg(m_document->displayName()), 3000);
    return true;
}

bool MainWindow::maybeSave()
{
    if (!m_document->isModified())
        return true;
    switch (askSaveChanges()) {
    case QMessageBox::Save:
        return save();
    case QMessageBox::Discard:
        return true;
    default:
        return false;
    }
}

bool MainWindow::offerRecovery(bool lastSessionCrashed)
{
    const auto recovery = m_autosaver->pendingRecovery();
    if (!recovery)
        return false;
    if (!lastSessionCrashed || !askRestoreRecovery(*recovery)) {
        m_autosaver->discard();
        return false;
    }
    const QString error = m_autosaver->restore();
    if (!error.isEmpty()) {
        showError(tr("Cannot restore"), error);
        m_autosaver->discard();
        return false;
    }
    statusBar()->showMessage(
        tr("Restored unsaved changes from %1")
            .arg(QLocale().toString(recovery->savedAt.toLocalTime(), QLocale::ShortFormat)),
        6000);
    return true;
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    m_settings->setWindowGeometry(saveGeometry());
    m_settings->setWindowState(saveState());
    m_autosaver->discard();
    event->accept();
}

QMessageBox::StandardButton MainWindow::askSaveChanges()
{
    return QMessageBox::warning(
        this, tr("Unsaved Changes"),
        tr("Save the changes to “%1” before closing it?").arg(m_document->displayName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
}

QString MainWindow::askSavePath()
{
    QString suggestion = m_document->filePath();
    if (suggestion.isEmpty()) {
        QString base = m_document->project().name;
        base.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_-]+")), QStringLiteral("-"));
        suggestion = base.isEmpty() ? QStringLiteral("untitled") : base.toLower();
        suggestion += QString::fromLatin1(model::ProjectFile::kSuffix);
    }
    return QFileDialog::getSaveFileName(this, tr("Save Project"), suggestion,
                                        tr("Keyscope projects (*.keyscope.json);;All files (*)"));
}

QString MainWindow::askOpenPath()
{
    return QFileDialog::getOpenFileName(this, tr("Open Project"), {},
                                        tr("Keyscope projects (*.keyscope.json);;JSON (*.json);;"
                                           "All files (*)"));
}

bool MainWindow::askRestoreRecovery(const Autosaver::Recovery &recovery)
{
    const QString what = recovery.originalPath.isEmpty()
        ? tr("“%1”").arg(recovery.projectName)
        : QFileInfo(recovery.originalPath).fileName();
    return QMessageBox::question(
               this, tr("Restore Unsaved Changes?"),
               tr("Keyscope did not close properly last time. Restore the unsaved changes to %1 "
                  "(autosaved %2)?")
                   .arg(what,
                        QLocale().toString(recovery.savedAt.toLocalTime(), QLocale::ShortFormat)),
               QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes)
        == QMessageBox::Yes;
}

void MainWindow::showError(const QString &title, const QString &text)
{
    statusBar()->showMessage(title, 6000);
    QMessageBox box(QMessageBox::Warning, title, title, QMessageBox::Ok, this);
    box.setInformativeText(text.section(QLatin1Char('\n'), 0, 9));
    if (text.count(QLatin1Char('\n')) >= 10)
        box.setDetailedText(text);
    box.exec();
}

void MainWindow::updateTitle()
{
    setWindowTitle(tr("%1[*] — Keyscope").arg(m_document->displayName()));
    setWindowModified(m_document->isModified());
}

void MainWindow::updateRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = m_settings->recentFiles();
    int number = 1;
    for (const QString &path : files) {
        const QString text = number <= 9
            ? QStringLiteral("&%1  %2").arg(number).arg(QFileInfo(path).fileName())
            : QFileInfo(path).fileName();
        QAction *action = m_recentMenu->addAction(text, this, [this, path] {
            if (maybeSave())
                openFile(path);
        });
        action->setToolTip(QDir::toNativeSeparators(path));
        action->setStatusTip(QDir::toNativeSeparators(path));
        ++number;
    }
    if (!files.isEmpty())
        m_recentMenu->addSeparator();
    QAction *clear
        = m_recentMenu->addAction(tr("&Clear List"), m_settings, &Settings::clearRecentFiles);
    clear->setEnabled(!files.isEmpty());
    m_recentMenu->setEnabled(true);
}

// --- Panels' content ---

void MainWindow::refreshEntities()
{
    const model::Project &project = m_document->project();
    m_refreshingEntities = true;
    m_seed->setValue(int(qMin<quint64>(project.seed, quint64(m_seed->maximum()))));
    m_refreshingEntities = false;
}

void MainWindow::populationReady()
{
    if (auto population = m_document->population())
        m_collection->setPopulation(population, m_document->project());
    m_collection->setTable(m_document->table());
    {
        // A new table keeps the builder's query without running it: the selected pattern
        // drives the animation until the user runs a query of their own.
        const QSignalBlocker blocker(m_builder);
        m_builder->setTable(m_document->table());
    }
    m_codePanel->setTableName(m_document->project().table.tableName);
    showStatusCounts();
}

void MainWindow::showStatusCounts()
{
    const auto table = m_document->table();
    if (!table) {
        m_itemCount->clear();
        return;
    }
    const qsizetype collections = qsizetype(table->store()->partitions().size());
    m_itemCount->setText(tr("%1 in %2")
                             .arg(counted(table->itemCount(), tr("item"), tr("items")),
                                  counted(collections, tr("collection"), tr("collections"))));
}

void MainWindow::patternsReady()
{
    const QString selected = m_patternList->currentIndex().data().toString();
    m_patternModel->setResults(m_document->patternResults(), m_document->project().accessPatterns);
    const int total = m_patternModel->rowCount();
    const int passed = m_patternModel->passedCount();
    if (!m_document->populationError().isEmpty())
        m_patternSummary->setText(tr("Not run: the project does not populate."));
    else if (total == 0)
        m_patternSummary->setText(tr("No access patterns in this project."));
    else if (passed == total)
        m_patternSummary->setText(total == 1 ? tr("The pattern passes.")
                                             : tr("All %1 patterns pass.").arg(total));
    else
        m_patternSummary->setText(tr("%1 of %2 fail.").arg(total - passed).arg(total));
    int row = 0;
    for (int i = 0; i < total; ++i) {
        if (m_patternModel->index(i).data().toString() == selected)
            row = i;
    }
    if (total > 0)
        m_patternList->setCurrentIndex(m_patternModel->index(row));
    else
        patternSelected();
}

void MainWindow::patternSelected()
{
    const model::PatternResult *result
        = m_patternModel->result(m_patternList->currentIndex().row());
    if (!result) {
        m_patternDetail->clear();
        m_tracePanel->setRequestText(QString());
        m_tracePanel->setTimeline(nullptr);
        m_player->setTimeline(nullptr);
        m_compare->primaryTraceShown({}, {}, nullptr);
        return;
    }
    m_patternDetail->setPlainText(result->explanation);

    const model::QueryRequest &request = result->request;
    QStringList lines;
    lines << tr("Query %1%2")
                 .arg(m_document->project().table.tableName,
                      request.indexName.isEmpty() ? QString()
                                                  : tr(" index %1").arg(request.indexName));
    lines << QStringLiteral("  KeyConditionExpression: %1").arg(request.keyConditionExpression);
    if (request.filterExpression)
        lines << QStringLiteral("  FilterExpression: %1").arg(*request.filterExpression);
    if (request.expressionAttributeNames) {
        for (const auto &[name, attribute] : *request.expressionAttributeNames)
            lines << QStringLiteral("  %1 = %2").arg(name, attribute);
    }
    if (request.expressionAttributeValues) {
        for (const auto &[name, value] : *request.expressionAttributeValues)
            lines << QStringLiteral("  %1 = %2").arg(name, valueText(value));
    }
    lines << QStringLiteral("  ScanIndexForward: %1")
                 .arg(request.scanIndexForward ? QStringLiteral("true") : QStringLiteral("false"));
    if (request.limit)
        lines << QStringLiteral("  Limit: %1").arg(*request.limit);
    lines << QString();
    const auto table = m_document->table();
    if (result->error) {
        lines << tr("%1: %2").arg(result->error->type, result->error->message);
    } else if (result->response && table) {
        const model::QueryResponse &response = *result->response;
        lines << tr("Count %1 · ScannedCount %2 · %3")
                     .arg(response.count)
                     .arg(response.scannedCount)
                     .arg(response.lastEvaluatedKey ? tr("LastEvaluatedKey returned")
                                                    : tr("no LastEvaluatedKey"));
        const model::IndexStore *store = table->store(request.indexName);
        const QString sortKey
            = store && !store->keys().range.empty() ? store->keys().range.front().name : QString();
        int number = 1;
        for (model::ItemId id : response.itemIds) {
            const QString key = sortKey.isEmpty()
                ? QString()
                : CollectionModel::displayText(table->attribute(id, sortKey));
            lines << QStringLiteral("  %1. %2%3")
                         .arg(number, 2)
                         .arg(key,
                              qint64(id) == result->offendingItem
                                  ? tr("   ← breaks the expectation")
                                  : QString());
            if (++number > 200) {
                lines << tr("  … %1 more").arg(response.itemIds.size() - 200);
                break;
            }
        }
    }
    m_tracePanel->setRequestText(lines.join(QLatin1Char('\n')));
    {
        // Load the pattern's query into the builder and the code panel without running it twice.
        const QSignalBlocker blocker(m_builder);
        m_builder->setRequest(request);
    }
    m_codePanel->setRequest(request);

    if (result->response && table) {
        showTrace(request, *result->response,
                  result->parentItem >= 0
                      ? std::optional<model::ItemId>(model::ItemId(result->parentItem))
                      : std::nullopt,
                  result->name);
        m_shownPattern = result->name;
        for (const model::AccessPattern &pattern : m_document->project().accessPatterns) {
            if (pattern.name == result->name)
                m_shownPatternDescription = pattern.description;
        }
    } else {
        m_tracePanel->setTimeline(nullptr);
        m_player->setTimeline(nullptr);
        m_compare->primaryTraceShown(request, result->name, nullptr);
    }
}

void MainWindow::setPresenting(bool presenting)
{
    if (!m_caption) {
        m_caption = new QLabel(m_collection);
        m_caption->setWordWrap(true);
        m_caption->setAlignment(Qt::AlignCenter);
        m_caption->setAccessibleName(tr("Narration caption"));
        QFont font = m_caption->font();
        font.setPointSizeF(font.pointSizeF() * 1.8);
        m_caption->setFont(font);
        m_caption->setMargin(12);
        m_caption->setAutoFillBackground(true);
        m_collection->layout()->addWidget(m_caption);
        m_caption->hide();
        connect(m_player, &TracePlayer::stepChanged, m_caption,
                [this](int, const QString &narration) { m_caption->setText(narration); });
    }
    QSignalBlocker blocker(m_presenterAction);
    m_presenterAction->setChecked(presenting);
    CollectionView *view = m_collection->view();
    if (presenting) {
        m_layoutBeforePresenting = saveState();
        for (QDockWidget *dockWidget : findChildren<QDockWidget *>())
            dockWidget->hide();
        menuBar()->hide();
        statusBar()->hide();
        m_caption->setText(m_tracePanel->narration());
        m_caption->show();
        view->setCollectionStyle(CollectionStyle::fromPalette(view->palette()).scaled(1.6));
        showFullScreen();
        view->setFocus(Qt::OtherFocusReason);
    } else {
        m_caption->hide();
        menuBar()->show();
        statusBar()->show();
        view->useDesktopStyle();
        showNormal();
        if (!m_layoutBeforePresenting.isEmpty())
            restoreState(m_layoutBeforePresenting);
    }
}

void MainWindow::showTrace(const model::QueryRequest &request, const model::QueryResponse &response,
                           std::optional<model::ItemId> parentItem, const QString &patternName)
{
    const auto table = m_document->table();
    if (!table)
        return;
    // Show the collection the Query reads, then its traversal on it.
    const model::IndexStore *store = table->store(request.indexName);
    if (store && store->keys().hash.size() == 1) {
        if (const model::Partition *partition = store->findPartition(response.trace.partitionKey);
            partition && !partition->entries.empty()) {
            m_collection->showCollection(
                request.indexName,
                CollectionModel::displayText(table->attribute(partition->entries.front().item,
                                                              store->keys().hash.front().name)));
        }
    }
    model::TimelineOptions options;
    options.filterExpression = request.filterExpression;
    options.exclusiveStartKey = request.exclusiveStartKey;
    options.parentItem = parentItem;
    options.reducedMotion = m_settings->reducedMotion();
    if (response.consumedCapacity)
        options.consumedCapacity = response.consumedCapacity->capacityUnits;
    else
        options.consumedCapacity
            = model::QueryEngine::capacityUnits(response.trace.bytesRead, request.consistentRead);
    auto timeline = std::make_shared<const model::TraceTimeline>(response.trace, *table, options);
    m_shownTimeline = timeline;
    m_shownRequest = request;
    m_shownPattern.clear();
    m_shownPatternDescription.clear();
    CollectionView *view = m_collection->view();
    view->setIndexName(request.indexName);
    view->setPartition(response.trace.partitionKey);
    view->setTimeline(timeline);
    m_tracePanel->setTimeline(timeline);
    m_player->setTimeline(timeline);
    if (m_settings->reducedMotion())
        m_player->goToEnd();
    else
        m_player->restart();
    m_compare->primaryTraceShown(request, patternName, timeline);
}

void MainWindow::checksReady()
{
    m_findingModel->setFindings(m_document->findings());
    using Severity = model::Finding::Severity;
    const QString populationError = m_document->populationError();
    if (!populationError.isEmpty()) {
        m_findingSummary->setText(tr("The project does not populate: %1").arg(populationError));
    } else if (m_findingModel->rowCount() == 0) {
        m_findingSummary->setText(tr("No problems found."));
    } else {
        QStringList parts;
        if (int n = m_findingModel->count(Severity::Error))
            parts << counted(n, tr("error"), tr("errors"));
        if (int n = m_findingModel->count(Severity::Warning))
            parts << counted(n, tr("warning"), tr("warnings"));
        if (int n = m_findingModel->count(Severity::Info))
            parts << counted(n, tr("note"), tr("notes"));
        m_findingSummary->setText(parts.join(QLatin1String(", ")));
    }
    // Re-selecting after a recheck marks the items again, but while the user is editing the
    // design it leaves focus, the editor and the collection where they are.
    const QWidget *focus = QApplication::focusWidget();
    const QDockWidget *design = dock(QStringLiteral("EntitiesDock"));
    m_refreshingFindings = focus && design && design->isAncestorOf(focus);
    if (m_findingModel->rowCount() > 0)
        m_findingList->setCurrentIndex(m_findingModel->index(0));
    else
        findingSelected();
    m_refreshingFindings = false;
}

void MainWindow::goToConcerned(bool forward)
{
    CollectionView *view = m_collection->view();
    if (view->goToConcerned(forward))
        updateConcernLabel();
    else
        statusBar()->showMessage(tr("No item concerned by the selected finding"), 4000);
}

void MainWindow::updateConcernLabel()
{
    const model::Finding *finding = m_findingModel->finding(m_findingList->currentIndex().row());
    if (!finding || finding->concerned.empty()) {
        m_findingConcern->clear();
        return;
    }
    const CollectionView *view = m_collection->view();
    const qsizetype total = qsizetype(finding->concerned.size());
    QString text = total == 1 ? tr("1 item concerned") : tr("%1 items concerned").arg(total);
    text += tr(" (%1 in this collection, %2 in this %3)")
                .arg(view->concernedRows().size())
                .arg(view->concernedInStore())
                .arg(view->indexName().isEmpty() ? tr("table")
                                                 : tr("index %1").arg(view->indexName()));
    text += tr(" \u00b7 F8 next, Shift+F8 previous");
    m_findingConcern->setText(text);
}

void MainWindow::findingSelected()
{
    const model::Finding *finding = m_findingModel->finding(m_findingList->currentIndex().row());
    CollectionView *view = m_collection->view();
    if (!finding) {
        m_findingDetail->clear();
        m_findingConcern->clear();
        view->setConcernedItems({});
        m_entitiesEditor->clearFindingMarks();
        return;
    }
    QString text = finding->explanation;
    if (!finding->fix.isEmpty())
        text += QStringLiteral("\n\n") + tr("Fix: %1").arg(finding->fix);
    if (finding->hasTemplateSpan()) {
        text += QStringLiteral("\n\n")
            + tr("Marked in the editor: %1 of %2 (%3), columns %4-%5.")
                  .arg(finding->keyAttribute, finding->entity, finding->keyRole)
                  .arg(finding->column)
                  .arg(finding->column + finding->length - 1);
    } else if (!finding->scopeNote.isEmpty()) {
        text += QStringLiteral("\n\n") + finding->scopeNote + u' '
            + tr("Nothing is marked in the template editor.");
    }
    m_findingDetail->setPlainText(text);

    // What the finding concerns: the template part in the editor, every concerned item in the
    // collection (in the store whose order it is about), the first example selected.
    const auto population = m_document->population();
    const auto table = m_document->table();
    std::vector<model::ItemId> items;
    if (population) {
        for (qint64 item : finding->concerned) {
            if (item >= 0 && item < qint64(population->items.size()))
                items.push_back(model::ItemId(item));
        }
    }
    if (!m_refreshingFindings) {
        if (finding->hasTemplateSpan())
            m_entitiesEditor->showKeyTemplate(finding->entity, finding->keyAttribute,
                                              finding->column, finding->length);
        else
            m_entitiesEditor->clearFindingMarks();
        const model::IndexStore *store = table ? table->store(finding->index) : nullptr;
        if (store && !finding->items.empty() && population
            && finding->items.front() < qint64(population->items.size())) {
            const model::ItemId item = model::ItemId(finding->items.front());
            const QString partitionKey = store->keys().hash.front().name;
            const auto value = table->attribute(item, partitionKey);
            if (value.isKeyType())
                m_collection->showCollection(finding->index, CollectionModel::displayText(value));
        }
    }
    view->setConcernedItems(std::move(items));
    if (!m_refreshingFindings && !finding->items.empty()) {
        const qsizetype row
            = view->rows() ? view->rows()->rowOf(model::ItemId(finding->items.front())) : -1;
        if (row >= 0)
            view->selectItem(model::ItemId(finding->items.front()));
        else
            view->goToConcerned(true);
    }
    updateConcernLabel();
}

std::optional<ExportDiagram::Source> MainWindow::diagramSource() const
{
    const auto table = m_document->table();
    CollectionView *view = m_collection->view();
    if (!table || !view->rows() || !view->rows()->store())
        return std::nullopt;
    ExportDiagram::Source source;
    source.table = table;
    source.population = m_document->population();
    source.entities = CollectionView::entitiesOf(m_document->project());
    source.indexName = view->indexName();
    source.partitionKey = view->rows()->partitionKey();
    source.projectName
        = m_document->project().name.isEmpty() ? windowTitle() : m_document->project().name;
    // The Query's marks only on the collection it read (the view may show another partition
    // or index while the player still holds the Query).
    const bool sameCollection = m_shownTimeline && m_shownRequest
        && m_shownRequest->indexName == view->indexName()
        && (!m_shownTimeline->trace().partitionFound
            || m_shownTimeline->trace().partitionKey == source.partitionKey);
    if (sameCollection && view->timeline() == m_shownTimeline.get()) {
        source.timeline = m_shownTimeline;
        source.request = m_shownRequest;
        source.patternName = m_shownPattern;
        source.patternDescription = m_shownPatternDescription;
    }
    return source;
}

int MainWindow::playerStepFor(const ExportDiagram::Source &source,
                              const std::optional<ExportDiagram::Source> &other) const
{
    // The player's step when it plays the traversal shown (in side-by-side mode it plays the
    // longer of the two).
    const model::TraceTimeline *playing = m_player->timeline();
    if (!playing)
        return -1;
    if (source.timeline && playing == source.timeline.get())
        return m_player->currentStep();
    if (other && other->timeline && playing == other->timeline.get())
        return m_player->currentStep();
    return -1;
}

ExportDialog *MainWindow::showExportDialog()
{
    auto source = diagramSource();
    if (!source) {
        showError(tr("Export Diagram"),
                  tr("There is no collection to export yet: open a project "
                     "or an example first."));
        return nullptr;
    }
    const auto other = m_compare->isActive() ? m_compare->secondarySource() : std::nullopt;
    const int step = playerStepFor(*source, other);
    QString name = source->patternName.isEmpty() ? source->projectName : source->patternName;
    name = name.toLower().replace(QRegularExpression(QStringLiteral("[^a-z0-9]+")),
                                  QStringLiteral("-"));
    name.remove(QRegularExpression(QStringLiteral("^-+|-+$")));
    if (name.isEmpty())
        name = QStringLiteral("diagram");
    if (step >= 0)
        name += QStringLiteral("-step-%1").arg(step);
    const QString directory = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    auto *dialog = new ExportDialog(*source, step >= 0 ? std::optional<int>(step) : std::nullopt,
                                    QDir(directory).filePath(name + QStringLiteral(".svg")), this);
    // Side-by-side mode: both designs, as one before/after diagram, by default.
    if (other)
        dialog->setCompare(*other, m_compare->exportLabel(false), m_compare->exportLabel(true));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        statusBar()->showMessage(tr("Exported %1").arg(QDir::toNativeSeparators(dialog->path())),
                                 5000);
    });
    dialog->open();
    return dialog;
}

void MainWindow::copyDiagram(bool asSvg)
{
    auto source = diagramSource();
    if (!source) {
        statusBar()->showMessage(tr("Nothing to copy: there is no collection yet."), 5000);
        return;
    }
    const auto other = m_compare->isActive() ? m_compare->secondarySource() : std::nullopt;
    const int step = playerStepFor(*source, other);
    // Each design at the player's step; the shorter traversal holds its last step.
    const auto stepOf = [step](const ExportDiagram::Source &s) -> std::optional<int> {
        const int steps = s.timeline ? s.timeline->stepCount() : 0;
        if (step < 0 || steps == 0)
            return std::nullopt;
        return std::min(step, steps - 1);
    };
    if (other) {
        const CompareDiagram both(ExportDiagram::fromSource(*source, stepOf(*source)),
                                  ExportDiagram::fromSource(*other, stepOf(*other)),
                                  m_compare->exportLabel(false), m_compare->exportLabel(true));
        QString limit = both.before().pictureLimitMessage();
        if (limit.isEmpty())
            limit = both.after().pictureLimitMessage();
        if (!limit.isEmpty()) {
            statusBar()->showMessage(tr("Not copied: %1").arg(limit), 8000);
            return;
        }
        QGuiApplication::clipboard()->setMimeData(asSvg ? ExportDialog::svgMimeData(both)
                                                        : ExportDialog::imageMimeData(both));
        statusBar()->showMessage(asSvg ? tr("Copied both designs side by side as SVG")
                                       : tr("Copied both designs side by side as an image"),
                                 3000);
        return;
    }
    const auto diagram = ExportDiagram::fromSource(*source, stepOf(*source));
    if (const QString limit = diagram->pictureLimitMessage(); !limit.isEmpty()) {
        statusBar()->showMessage(tr("Not copied: %1").arg(limit), 8000);
        return;
    }
    QGuiApplication::clipboard()->setMimeData(asSvg ? ExportDialog::svgMimeData(*diagram)
                                                    : ExportDialog::imageMimeData(*diagram));
    statusBar()->showMessage(
        asSvg ? tr("Copied the diagram as SVG") : tr("Copied the diagram as an image"), 3000);
}

} // namespace keyscope::ui
