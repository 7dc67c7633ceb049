// The main window's panels (MainWindow): the docks, the notice bar and the status bar.

#include "ui/animation/traceplayer.h"
#include "ui/capacity/capacitypanel.h"
#include "ui/checks/findingfixbutton.h"
#include "ui/checks/findinglistmodel.h"
#include "ui/collection/collectionpane.h"
#include "ui/collection/collectionview.h"
#include "ui/collection/keyorderexplainer.h"
#include "ui/document/document.h"
#include "ui/document/populationprogress.h"
#include "ui/editors/entitieseditor.h"
#include "ui/editors/keytemplatespanel.h"
#include "ui/editors/tableeditor.h"
#include "ui/patterns/patternspanel.h"
#include "ui/query/codepanel.h"
#include "ui/query/querybuilder.h"
#include "ui/query/queryrunner.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/tracedisplay.h"
#include "ui/trace/tracepanel.h"
#include "ui/widgets/detailview.h"
#include "ui/widgets/wrappinglist.h"

#include <QDockWidget>
#include <QHBoxLayout>
#include <QLabel>
#include <QListView>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <limits>

namespace keyscope::ui {

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

} // namespace keyscope::ui
