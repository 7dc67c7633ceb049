#include "ui/shell/mainwindow.h"
#include "ui/export/exportdialog.h"

#include "model/query/tracetimeline.h"
#include "ui/animation/traceplayer.h"
#include "ui/capacity/capacitypanel.h"
#include "ui/checks/findingfixbutton.h"
#include "ui/checks/findinglistmodel.h"
#include "ui/collection/collectionmodel.h"
#include "ui/collection/collectionpane.h"
#include "ui/collection/collectionstyle.h"
#include "ui/collection/collectionview.h"
#include "ui/collection/keyorderexplainer.h"
#include "ui/compare/comparemode.h"
#include "ui/document/document.h"
#include "ui/document/populationprogress.h"
#include "ui/editors/entitieseditor.h"
#include "ui/editors/keytemplatespanel.h"
#include "ui/editors/tableeditor.h"
#include "ui/patterns/patternlistmodel.h"
#include "ui/patterns/patternspanel.h"
#include "ui/query/codepanel.h"
#include "ui/query/querybuilder.h"
#include "ui/query/queryrunner.h"
#include "ui/recovery/inferdialog.h"
#include "ui/shell/appearance.h"
#include "ui/shell/documentlifecycle.h"
#include "ui/shell/interopactions.h"
#include "ui/shell/screenfit.h"
#include "ui/shell/tracedisplay.h"
#include "ui/trace/timelinestrip.h"
#include "ui/trace/tracepanel.h"
#include "ui/widgets/counted.h"
#include "ui/widgets/detailview.h"
#include "ui/widgets/textentrykeys.h"
#include "ui/widgets/wrappinglist.h"

#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QLocale>
#include <QMenuBar>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QProcess>
#include <QProgressBar>
#include <QRegularExpression>
#include <QScreen>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>
#include <QWindow>

namespace keyscope::ui {

PatternListModel *MainWindow::patternModel() const
{
    return m_patterns->model();
}

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
    qApp->installEventFilter(new TextEntryKeys(this));
    m_autosaver->setIntervalSeconds(m_settings->autosaveIntervalSeconds());
    m_lifecycle
        = new DocumentLifecycle(this, m_document, m_autosaver, m_settings, m_examplesDirectory);
    DocumentLifecycle::Hooks &hooks = m_lifecycle->hooks();
    hooks.askSaveChanges = [this] { return askSaveChanges(); };
    hooks.askProjectName = [this] { return askProjectName(); };
    hooks.askSavePath = [this] { return askSavePath(); };
    hooks.askOpenPath = [this] { return askOpenPath(); };
    hooks.askRestoreRecovery
        = [this](const Autosaver::Recovery &recovery) { return askRestoreRecovery(recovery); };
    hooks.showError = [this](const QString &title, const QString &text) { showError(title, text); };
    hooks.showStatus = [this](const QString &message, int timeout) {
        statusBar()->showMessage(message, timeout);
    };

    createPanels();
    createActions();
    m_traces = new TraceDisplay(
        m_document, m_settings,
        {m_collection, m_tracePanel, m_player, m_builder, m_codePanel, m_compare}, this);
    connect(m_traces, &TraceDisplay::traceShown, this, &MainWindow::predictTrace);
    createStatusBar();
    fitChecksToFindings(); // nothing is found before the first check
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
    connect(m_autosaver, &Autosaver::autosaveFailed, this, [this](const QString &message) {
        statusBar()->showMessage(tr("Autosave failed: %1").arg(message), 8000);
    });
    connect(m_settings, &Settings::autosaveIntervalChanged, m_autosaver,
            &Autosaver::setIntervalSeconds);
    connect(m_settings, &Settings::recentFilesChanged, this,
            [this] { m_lifecycle->fillRecentMenu(m_recentMenu); });

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

// Entities & templates: the entity editor (attributes, generators, key templates with live
// previews) and the table editor. The population's seed sits with the table: both decide what
// the collection holds.
void MainWindow::createDesignPanel()
{
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
    addTemplateNoticeBar();
    auto *designTabs = new QTabWidget(this);
    designTabs->setAccessibleName(tr("Design"));
    designTabs->setDocumentMode(true);
    designTabs->addTab(m_entitiesEditor, tr("&Entities"));
    designTabs->addTab(panelContent(this, {m_tableEditor, seedRow}, 0), tr("&Table"));
    addPanel(QStringLiteral("EntitiesDock"), tr("Entities & Templates"), designTabs,
             Qt::LeftDockWidgetArea);
}

// Checks: findings, most severe first.
QDockWidget *MainWindow::createChecksPanel()
{
    m_findingModel = new FindingListModel(this);
    m_findingSummary = new QLabel(this);
    makeSummaryLabel(m_findingSummary);
    m_findingList = new QListView(this);
    m_findingList->setModel(m_findingModel);
    m_findingList->setAccessibleName(tr("Design check findings"));
    m_findingList->setEditTriggers(QAbstractItemView::NoEditTriggers);
    makeWrappingList(m_findingList);
    m_findingDetail = detailView(this, tr("Finding explanation"));
    m_findingConcern = new QLabel(this);
    m_findingConcern->setWordWrap(true);
    m_findingConcern->setAccessibleName(tr("Items the finding concerns"));
    connect(m_findingList->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &MainWindow::findingSelected);
    connect(m_collection->view(), &CollectionView::partitionChanged, this,
            &MainWindow::updateConcernLabel);
    return addPanel(
        QStringLiteral("ChecksDock"), tr("Checks"),
        panelContent(this,
                     {m_findingSummary,
                      m_findingBody = listAndDetail(this, m_findingList, m_findingDetail),
                      m_findingConcern, m_findingFix = new FindingFixButton(m_document, this)},
                     1),
        Qt::RightDockWidgetArea);
}

// The bottom panels, tabbed: Query and Trace, Why This Order, Query Builder, Code. Returns the
// Query and Trace panel.
QDockWidget *MainWindow::createQueryPanels()
{
    // Query & trace: transport, narration and the request of the Query being animated. One
    // player (one clock) drives the collection view.
    m_player = new TracePlayer(this);
    m_player->setReducedMotion(m_settings->reducedMotion());
    connect(m_settings, &Settings::reducedMotionChanged, m_player, &TracePlayer::setReducedMotion);
    connect(m_player, &TracePlayer::positionChanged, m_collection->view(),
            &CollectionView::setTimelineState);
    connect(m_player, &TracePlayer::jumped, m_collection->view(), &CollectionView::revealStep);
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
    // Scrolls rather than holding the bottom panels (tabbed together) at its full height.
    auto *builderScroll = new QScrollArea(this);
    builderScroll->setWidget(m_builder);
    builderScroll->setWidgetResizable(true);
    builderScroll->setFrameShape(QFrame::NoFrame);
    auto *builderDock = addPanel(QStringLiteral("BuilderDock"), tr("Query Builder"), builderScroll,
                                 Qt::BottomDockWidgetArea);
    auto *code
        = addPanel(QStringLiteral("CodeDock"), tr("Code"), m_codePanel, Qt::BottomDockWidgetArea);
    // A finished change runs in place (the builder stays in front while the user composes);
    // Run also brings the trace to the front.
    connect(m_builder, &QueryBuilder::requestCommitted, m_runner, &QueryRunner::setRequest);
    connect(m_builder, &QueryBuilder::runRequested, this, [this, query] {
        if (!m_builder->isValid())
            return;
        m_runner->setRequest(m_builder->request()); // runs page 1
        query->raise();
    });
    connect(m_builder, &QueryBuilder::saveAsPatternRequested, this,
            [this] { m_patterns->newPatternFromQuery(m_builder->request()); });
    connect(m_runner, &QueryRunner::pageRequested, m_codePanel, &CodePanel::setRequest);
    connect(m_runner, &QueryRunner::resultReady, this,
            [this](std::shared_ptr<const model::QueryResponse> response,
                   std::shared_ptr<const model::Table>) {
                m_traces->showBuilderPage(m_runner->pageRequest(), *response, m_runner->page());
            });
    connect(m_runner, &QueryRunner::failed, this, [this](const model::QueryError &error) {
        statusBar()->showMessage(tr("%1: %2").arg(error.type, error.message), 8000);
    });
    tabifyDockWidget(query, builderDock);
    tabifyDockWidget(query, code);
    tabifyDockWidget(query, explainerDock);
    query->raise();
    return query;
}

// Capacity: what the design costs, beside the Query panels (its tables want the width).
void MainWindow::createCapacityPanel(QDockWidget *tabbedWith)
{
    m_capacity = new CapacityPanel(this);
    m_capacity->setDocument(m_document);
    // Scrolls, as the Query Builder does, rather than hold the bottom panels at its full height.
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(m_capacity);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    QDockWidget *capacity = addPanel(QStringLiteral("CapacityDock"), tr("Capacity"), scroll,
                                     Qt::BottomDockWidgetArea);
    tabifyDockWidget(tabbedWith, capacity);
    tabbedWith->raise();
    connect(capacity, &QDockWidget::visibilityChanged, this,
            [this](bool shown) { fitBottomPanelsToCapacity(shown); });
}

void MainWindow::fitBottomPanelsToCapacity(bool capacityShown)
{
    QDockWidget *capacity = dock(QStringLiteral("CapacityDock"));
    if (capacityShown && !capacity->isFloating() && capacity->height() < kCapacityPanelHeight) {
        // The tab that was in front kept its height; those behind it keep older, smaller ones.
        int before = capacity->height();
        for (QDockWidget *panel : tabifiedDockWidgets(capacity))
            before = std::max(before, panel->height());
        m_bottomHeightBeforeCapacity = before;
        resizeDocks({capacity}, {kCapacityPanelHeight}, Qt::Vertical);
    } else if (!capacityShown && m_bottomHeightBeforeCapacity > 0) {
        // The size resizeDocks takes is the tab group's, tab bar included; a panel's height is
        // that less the tab bar, as Capacity's own shows.
        const int tabBar = std::max(0, kCapacityPanelHeight - capacity->height());
        const int before = std::exchange(m_bottomHeightBeforeCapacity, 0) + tabBar;
        // After the switch of tabs, when the tab now in front has its place.
        QTimer::singleShot(0, this, [this, capacity, before] {
            for (QDockWidget *panel : tabifiedDockWidgets(capacity)) {
                if (!panel->visibleRegion().isEmpty())
                    resizeDocks({panel}, {before}, Qt::Vertical);
            }
        });
    }
}

QAction *MainWindow::panelToggle(QDockWidget *panel)
{
    // Checked while the panel is open, as QDockWidget's own toggle; but a panel behind another's
    // tab is brought forward, not closed unseen.
    QAction *own = panel->toggleViewAction();
    auto *toggle = new QAction(own->text(), this);
    toggle->setCheckable(true);
    toggle->setChecked(own->isChecked());
    connect(own, &QAction::toggled, toggle, &QAction::setChecked);
    connect(toggle, &QAction::triggered, this, [panel, own, toggle] {
        // A panel behind another's tab is open but out of sight (nothing of it is drawn).
        if (own->isChecked() && !panel->visibleRegion().isEmpty()) {
            panel->close();
        } else {
            panel->show();
            panel->raise();
        }
        toggle->setChecked(own->isChecked());
    });
    return toggle;
}

void MainWindow::createPanels()
{
    m_collection = new CollectionPane(this);
    m_collection->setAccessibleName(tr("Collection"));
    setCentralWidget(m_collection);
    // Bottom panels sit under the collection only; the side panels run full height.
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);

    createDesignPanel();
    // Access patterns: pass/fail with the explanation of the selected one.
    m_patterns = new PatternsPanel(this);
    m_patterns->setDocument(m_document);
    connect(m_patterns, &PatternsPanel::currentPatternChanged, this, &MainWindow::patternSelected);
    auto *patterns = addPanel(QStringLiteral("PatternsDock"), tr("Access Patterns"), m_patterns,
                              Qt::RightDockWidgetArea);

    QDockWidget *checks = createChecksPanel();
    splitDockWidget(patterns, checks, Qt::Vertical);
    QDockWidget *query = createQueryPanels();
    createCapacityPanel(query);

    // The collection takes what the side panels leave: they start at their working width.
    resizeDocks({dock(QStringLiteral("EntitiesDock")), patterns}, {300, 270}, Qt::Horizontal);
    resizeDocks({patterns, checks}, {kPatternsPanelHeight, kChecksPanelHeight}, Qt::Vertical);
    resizeDocks({query}, {kQueryPanelHeight}, Qt::Vertical);
}

// Over the rows while a key template field holds text that does not parse yet: the collection
// shows the design's last valid template, and says so.
void MainWindow::addTemplateNoticeBar()
{
    auto *notice = new QLabel(this);
    notice->setObjectName(QStringLiteral("TemplateNoticeBar"));
    notice->setAccessibleName(tr("The collection shows the last valid template"));
    notice->setWordWrap(true);
    notice->setFrameShape(QFrame::StyledPanel);
    notice->setAutoFillBackground(true);
    notice->setBackgroundRole(QPalette::ToolTipBase);
    notice->setForegroundRole(QPalette::ToolTipText);
    notice->setContentsMargins(8, 4, 8, 4);
    notice->hide();
    m_collection->addBar(notice);
    connect(m_entitiesEditor->keyTemplates(), &KeyTemplatesPanel::pendingNoticeChanged, notice,
            [notice](const QString &text) {
                notice->setText(text);
                notice->setVisible(!text.isEmpty());
            });
}

void MainWindow::createStatusBar()
{
    m_itemCount = new QLabel(this);
    m_itemCount->setAccessibleName(tr("Item count"));
    // "Populating 1,000,000 items… 43%" with Cancel, for work that takes a while.
    m_progress = new PopulationProgress(m_document, this);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_itemCount);
}

void MainWindow::restoreLayout()
{
    // First run: 1280x800, or the whole of a smaller screen.
    const QByteArray geometry = m_settings->windowGeometry();
    if (!geometry.isEmpty())
        restoreGeometry(geometry);
    const QByteArray state = m_settings->windowState();
    if (!state.isEmpty()) {
        restoreState(state);
        m_defaultHeightsPending = false; // the user's own
    }
    // A window last used on a larger screen comes back whole on this one: now, and again once
    // shown, when the window manager has told the size of its frame.
    fitToScreen(this);
    m_fitWhenShown = true;
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    if (m_defaultHeightsPending) {
        // Heights set before the first layout are lost to the panels' minimums.
        m_defaultHeightsPending = false;
        QTimer::singleShot(0, this, &MainWindow::applyDefaultHeights);
    }
    if (!m_fitWhenShown)
        return;
    m_fitWhenShown = false;
    QTimer::singleShot(0, this, [this] { fitToScreen(this); });
    if (QWindow *handle = windowHandle())
        connect(handle, &QWindow::screenChanged, this, [this] { fitToScreen(this); });
}

void MainWindow::resetLayout()
{
    restoreState(m_defaultState);
    for (QDockWidget *panelDock : findChildren<QDockWidget *>())
        panelDock->show();
    dock(QStringLiteral("QueryDock"))->raise();
    applyDefaultHeights();
}

// The bottom panels take what a two-line narration and summary need, so that playing a Query
// never resizes the collection; the collection keeps a screenful of rows (16 at 1280x800, 12 at
// 1024x700).
void MainWindow::applyDefaultHeights()
{
    resizeDocks({dock(QStringLiteral("QueryDock"))}, {kQueryPanelHeight}, Qt::Vertical);
    // Checks keeps to one line while nothing is found (its content's maximum height).
    resizeDocks({dock(QStringLiteral("PatternsDock")), dock(QStringLiteral("ChecksDock"))},
                {kPatternsPanelHeight, kChecksPanelHeight}, Qt::Vertical);
}

void MainWindow::updateThemeActions()
{
    const int current = int(m_settings->theme());
    for (QAction *action : m_themeGroup->actions())
        action->setChecked(action->data().toInt() == current);
}

// --- Files (DocumentLifecycle does the work; the window answers its questions) ---

void MainWindow::newProject()
{
    m_lifecycle->newProject();
}

std::optional<model::QueryRequest> MainWindow::currentQuery() const
{
    if (!m_builder || !m_builder->isValid())
        return std::nullopt;
    return m_builder->request();
}

bool MainWindow::openFile(const QString &path)
{
    return m_lifecycle->openFile(path);
}

bool MainWindow::openExample(const QString &path)
{
    return m_lifecycle->openExample(path);
}

bool MainWindow::importFiles(const QString &tablePath, const QString &itemsPath)
{
    return m_lifecycle->importFiles(tablePath, itemsPath);
}

void MainWindow::openLaunchFiles(const QStringList &absolutePaths)
{
    if (isMinimized())
        showNormal();
    raise();
    activateWindow();
    if (absolutePaths.isEmpty())
        return;
    const auto isProject = [](const QString &path) {
        return path.endsWith(QLatin1String(".keyscope.json"), Qt::CaseInsensitive);
    };
    if (absolutePaths.size() == 2 && !isProject(absolutePaths[0]) && !isProject(absolutePaths[1])) {
        if (maybeSave())
            importFiles(absolutePaths[0], absolutePaths[1]);
        return;
    }
    for (qsizetype i = 1; i < absolutePaths.size(); ++i) {
        if (m_startAnother)
            m_startAnother(absolutePaths[i]);
        else
            QProcess::startDetached(QCoreApplication::applicationFilePath(),
                                    {QStringLiteral("--new-instance"), absolutePaths[i]});
    }
    const QString first = absolutePaths.first();
    if (isProject(first)) {
        if (maybeSave())
            openFile(first);
        return;
    }
    // A Workbench model, a template...: may ask which table, so once the window shows.
    QTimer::singleShot(0, this, [this, first] { interop()->importFile(first); });
}

void MainWindow::setStartAnotherKeyscope(std::function<void(const QString &)> start)
{
    m_startAnother = std::move(start);
}

void MainWindow::showExampleGallery()
{
    m_lifecycle->showExampleGallery();
}

bool MainWindow::save()
{
    return m_lifecycle->save();
}

bool MainWindow::saveAs()
{
    return m_lifecycle->saveAs();
}

bool MainWindow::maybeSave()
{
    return m_lifecycle->maybeSave();
}

bool MainWindow::offerRecovery(bool lastSessionCrashed)
{
    return m_lifecycle->offerRecovery(lastSessionCrashed);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    // The layout to come back to is the user's own, not presenter mode's or side by side's.
    if (m_presenterAction->isChecked())
        m_presenterAction->setChecked(false);
    m_compare->leave();
    m_settings->setWindowGeometry(saveGeometry());
    m_settings->setWindowState(saveState());
    m_autosaver->discard();
    event->accept();
}

void MainWindow::changeEvent(QEvent *event)
{
    QMainWindow::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        refreshActionIcons(); // Keyscope's own icons are drawn in the palette's text colour
}

QMessageBox::StandardButton MainWindow::askSaveChanges()
{
    return QMessageBox::warning(
        this, tr("Unsaved Changes"),
        tr("Save the changes to “%1” before closing it?").arg(m_document->displayName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
}

QString MainWindow::askProjectName()
{
    return QInputDialog::getText(this, tr("Name the Project"),
                                 tr("The project's name (the file is named after it):"),
                                 QLineEdit::Normal, QString());
}

QString MainWindow::askSavePath()
{
    return QFileDialog::getSaveFileName(this, tr("Save Project"), m_lifecycle->suggestedSavePath(),
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

void MainWindow::showInformation(const QString &title, const QString &text)
{
    QMessageBox::information(this, title, text);
}

bool MainWindow::askReviewProposals(InferDialog &dialog)
{
    return dialog.exec() == QDialog::Accepted;
}

void MainWindow::updateTitle()
{
    setWindowTitle(tr("%1[*] — Keyscope").arg(m_document->displayName()));
    setWindowModified(m_document->isModified());
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
    m_patterns->setResults(m_document->patternResults(), m_document->project().accessPatterns,
                           m_document->populationError());
}

void MainWindow::patternSelected()
{
    m_traces->showPattern(m_patterns->currentResult());
}

void MainWindow::createPresenterWidgets()
{
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
    m_presenterStrip = new TimelineStrip(m_player, m_collection);
    m_presenterStrip->setObjectName(QStringLiteral("PresenterTimeline"));
    m_presenterStrip->setScale(1.6);
    m_collection->layout()->addWidget(m_presenterStrip);
    m_presenterStrip->hide();
    // A presenter's clicker sends PageDown / PageUp; Home and End go to the ends of the Query.
    // Only while presenting: otherwise they move the selection in the collection.
    const auto key = [this](const QKeySequence &sequence, const char *name, auto slot) {
        auto *action = new QAction(this);
        action->setObjectName(QString::fromLatin1(name));
        action->setShortcut(sequence);
        action->setEnabled(false);
        connect(action, &QAction::triggered, m_player, slot);
        addAction(action);
        m_presenterKeys << action;
    };
    key(QKeySequence(Qt::Key_PageDown), "actionPresenterNext", &TracePlayer::stepForward);
    key(QKeySequence(Qt::Key_PageUp), "actionPresenterPrevious", &TracePlayer::stepBack);
    key(QKeySequence(Qt::Key_Home), "actionPresenterRestart", &TracePlayer::restart);
    key(QKeySequence(Qt::Key_End), "actionPresenterEnd", &TracePlayer::goToEnd);
}

void MainWindow::setPresenting(bool presenting)
{
    if (!m_caption)
        createPresenterWidgets();
    QSignalBlocker blocker(m_presenterAction);
    m_presenterAction->setChecked(presenting);
    updatePageKeys();
    CollectionView *view = m_collection->view();
    if (presenting) {
        m_layoutBeforePresenting = saveState();
        for (QDockWidget *dockWidget : findChildren<QDockWidget *>())
            dockWidget->hide();
        menuBar()->hide();
        m_toolBar->hide();
        statusBar()->hide();
        // Large type everywhere in the collection pane: its bar, its note, the caption.
        QFont large = font();
        large.setPointSizeF(large.pointSizeF() * 1.4);
        m_collection->setFont(large);
        m_caption->setText(m_tracePanel->narration());
        m_caption->show();
        m_presenterStrip->show();
        view->setCollectionStyle(CollectionStyle::fromPalette(view->palette()).scaled(1.6));
        showFullScreen();
        view->setFocus(Qt::OtherFocusReason);
    } else {
        m_caption->hide();
        m_presenterStrip->hide();
        m_collection->setFont(QFont());
        menuBar()->show();
        statusBar()->show();
        view->useDesktopStyle();
        showNormal();
        if (!m_layoutBeforePresenting.isEmpty())
            restoreState(m_layoutBeforePresenting);
    }
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
    fitChecksToFindings();
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

void MainWindow::fitChecksToFindings()
{
    const bool empty = m_findingModel->rowCount() == 0;
    if (empty == m_findingBody->isHidden())
        return;
    for (QWidget *part : {m_findingBody, static_cast<QWidget *>(m_findingConcern),
                          static_cast<QWidget *>(m_findingFix)})
        part->setVisible(!empty);
    QDockWidget *checks = dock(QStringLiteral("ChecksDock"));
    QWidget *content = checks->widget();
    if (empty) {
        content->layout()->activate();
        content->setMaximumHeight(content->sizeHint().height());
        return;
    }
    content->setMaximumHeight(QWIDGETSIZE_MAX);
    // Back to the working height the panel starts at.
    resizeDocks({dock(QStringLiteral("PatternsDock")), checks},
                {kPatternsPanelHeight, kChecksPanelHeight}, Qt::Vertical);
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
    const QString place
        = view->indexName().isEmpty() ? tr("the table") : tr("index %1").arg(view->indexName());
    m_findingConcern->setText(concernSentence({total, qsizetype(view->concernedRows().size()),
                                               view->concernedInStore(), place})
                              + tr(" F8 selects the next, Shift+F8 the previous."));
}

void MainWindow::findingSelected()
{
    const model::Finding *finding = m_findingModel->finding(m_findingList->currentIndex().row());
    CollectionView *view = m_collection->view();
    m_findingFix->setFinding(finding);
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
    if (m_refreshingFindings) {
        // The user is editing the design: mark the part in place, however the text changed.
        if (finding->hasTemplateSpan())
            m_entitiesEditor->markKeyTemplate(finding->entity, finding->keyAttribute,
                                              finding->column, finding->length);
        else
            m_entitiesEditor->clearFindingMarks();
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
    return m_traces->diagramSource(m_document->displayName());
}

int MainWindow::playerStepFor(const ExportDiagram::Source &source,
                              const std::optional<ExportDiagram::Source> &other) const
{
    return m_traces->playerStepFor(source, other);
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
        name += QStringLiteral("-step-%1").arg(step + 1); // as the player numbers it
    // The folder of the last export, else Documents (created on export when missing).
    QString directory = m_settings->lastExportFolder();
    if (directory.isEmpty())
        directory = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    auto *dialog = new ExportDialog(*source, step >= 0 ? std::optional<int>(step) : std::nullopt,
                                    QDir(directory).filePath(name + QStringLiteral(".svg")), this);
    // Side-by-side mode: both designs, as one before/after diagram, by default.
    if (other)
        dialog->setCompare(*other, m_compare->exportLabel(false), m_compare->exportLabel(true));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        m_settings->setLastExportFolder(QFileInfo(dialog->path()).absolutePath());
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
