#include "ui/compare/comparemode.h"

#include "model/design/designrun.h"
#include "model/design/projectfile.h"
#include "ui/animation/traceplayer.h"
#include "ui/collection/collectionmodel.h"
#include "ui/collection/collectionpane.h"
#include "ui/collection/collectionstyle.h"
#include "ui/collection/collectionview.h"
#include "ui/compare/comparedialog.h"
#include "ui/compare/comparepane.h"
#include "ui/document/document.h"
#include "ui/examples/examplecatalog.h"
#include "ui/settings/settings.h"
#include "ui/trace/timelinestrip.h"
#include "ui/trace/tracepanel.h"

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QLabel>
#include <QMainWindow>
#include <QSplitter>
#include <QStatusBar>
#include <QToolBar>
#include <QVBoxLayout>

namespace keyscope::ui {

namespace {

const model::PatternResult *patternNamed(const Document &document, const QString &name)
{
    for (const model::PatternResult &result : document.patternResults()) {
        if (result.name == name)
            return &result;
    }
    return nullptr;
}

// Shows the item collection a Query reads, then hands the pane its traversal.
void showTraversal(CollectionPane *pane, const model::Table &table,
                   const model::QueryRequest &request,
                   std::shared_ptr<const model::TraceTimeline> timeline)
{
    const model::QueryTrace &trace = timeline->trace();
    const model::IndexStore *store = table.store(request.indexName);
    if (store && store->keys().hash.size() == 1) {
        if (const model::Partition *partition = store->findPartition(trace.partitionKey);
            partition && !partition->entries.empty()) {
            pane->showCollection(
                request.indexName,
                CollectionModel::displayText(table.attribute(partition->entries.front().item,
                                                             store->keys().hash.front().name)));
        }
    }
    CollectionView *view = pane->view();
    view->setIndexName(request.indexName);
    view->setPartition(trace.partitionKey);
    view->setTimeline(std::move(timeline));
}

} // namespace

CompareMode::CompareMode(QMainWindow *window, Document *document, CollectionPane *collection,
                         TracePlayer *player, TracePanel *tracePanel, Settings *settings,
                         const QString &examplesDirectory)
    : QObject(window)
    , m_window(window)
    , m_document(document)
    , m_collection(collection)
    , m_player(player)
    , m_tracePanel(tracePanel)
    , m_settings(settings)
    , m_examplesDirectory(examplesDirectory)
{
    m_toggle = new QAction(tr("Compare Side by &Side…"), this);
    m_toggle->setObjectName(QStringLiteral("actionCompareSideBySide"));
    m_toggle->setCheckable(true);
    m_toggle->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    m_toggle->setToolTip(tr("Play the same access pattern on two designs (before and after), in "
                            "step"));
    connect(m_toggle, &QAction::triggered, this, [this](bool checked) {
        if (checked) {
            if (!enterInteractive()) {
                const QSignalBlocker blocker(m_toggle);
                m_toggle->setChecked(false);
            }
        } else {
            leave();
        }
    });

    // Esc leaves, enabled only while comparing (and not presenting, where Esc leaves presenter
    // mode first), so dialogs and editors keep their Esc.
    m_leave = new QAction(tr("Leave Side by Side"), this);
    m_leave->setObjectName(QStringLiteral("actionLeaveCompareMode"));
    m_leave->setShortcut(QKeySequence(Qt::Key_Escape));
    m_leave->setEnabled(false);
    connect(m_leave, &QAction::triggered, this, &CompareMode::leave);
    m_window->addAction(m_leave);

    m_presenterAction = m_window->findChild<QAction *>(QStringLiteral("actionPresenterMode"));
    if (m_presenterAction)
        connect(m_presenterAction, &QAction::toggled, this, &CompareMode::setPresenting);

    // Another project is another comparison: leave rather than pair unrelated designs.
    connect(m_document, &Document::projectReset, this, [this] {
        m_examplePath.clear();
        if (isActive()) {
            leave();
            m_window->statusBar()->showMessage(
                tr("Left side-by-side mode: another project was opened."), 5000);
        }
    });
    connect(m_document, &Document::projectChanged, this, &CompareMode::updateTitles);
    connect(m_document, &Document::filePathChanged, this, &CompareMode::updateTitles);
}

CompareMode::~CompareMode() = default;

void CompareMode::ensureCatalog() const
{
    if (m_catalog)
        return;
    m_catalog = new ExampleCatalog(const_cast<CompareMode *>(this));
    m_catalog->load(m_examplesDirectory);
}

QString CompareMode::suggestedSecondDesign() const
{
    if (m_examplePath.isEmpty())
        return {};
    ensureCatalog();
    return CompareDialog::siblingOf(*m_catalog, m_examplePath);
}

QString CompareMode::askSecondDesign()
{
    CompareDialog dialog(m_examplesDirectory, m_document->displayName(), m_examplePath, m_window);
    return dialog.exec() == QDialog::Accepted ? dialog.selectedPath() : QString();
}

bool CompareMode::enterInteractive()
{
    const QString path = askSecondDesign();
    return !path.isEmpty() && enter(path);
}

bool CompareMode::enter(const QString &secondPath)
{
    auto read = model::ProjectFile::read(secondPath);
    if (auto *errors = std::get_if<std::vector<model::IoError>>(&read)) {
        QStringList lines;
        for (const model::IoError &error : *errors)
            lines << error.toString();
        emit failed(tr("Cannot compare with %1").arg(QFileInfo(secondPath).fileName()),
                    lines.isEmpty() ? secondPath : lines.join(QLatin1Char('\n')));
        return false;
    }
    if (isActive())
        leave();

    m_secondaryPath = secondPath;
    m_secondaryReady = false;
    m_secondary = new Document(this);
    buildPanes();
    // The window's collection moves into the left half; the splitter takes the centre.
    makeRoom(true);
    swapCentralWidget(m_collection, m_central,
                      [this] { m_primaryPane->setCollectionPane(m_collection); });
    connectPanes();

    m_secondary->setProject(std::move(std::get<model::Project>(read)));
    updateTitles();
    m_secondaryPane->setMessage(tr("Populating…"));
    if (m_presenterAction)
        setPresenting(m_presenterAction->isChecked());
    showSecondary();
    announceEntered();
    return true;
}

// Two panes side by side in a splitter, above the shared timeline strip.
void CompareMode::buildPanes()
{
    m_container = new QSplitter(Qt::Horizontal);
    m_container->setObjectName(QStringLiteral("CompareSideBySide"));
    m_container->setAccessibleName(tr("Side by side"));
    m_container->setChildrenCollapsible(false);
    m_primaryPane = new ComparePane(m_container);
    m_primaryPane->setObjectName(QStringLiteral("ComparePrimary"));
    m_secondaryPane = new ComparePane(m_container);
    m_secondaryPane->setObjectName(QStringLiteral("CompareSecondary"));
    m_secondaryCollection = new CollectionPane;
    m_secondaryCollection->setAccessibleName(tr("Second design's collection"));
    m_secondaryPane->setCollectionPane(m_secondaryCollection);
    m_container->addWidget(m_primaryPane);
    m_container->addWidget(m_secondaryPane);
    m_container->setStretchFactor(0, 1);
    m_container->setStretchFactor(1, 1);
    m_central = new QWidget;
    m_central->setObjectName(QStringLiteral("CompareCentral"));
    // However wide the two halves would like to be, the window keeps its size: they share it.
    m_central->setMinimumSize(1, 1);
    auto *layout = new QVBoxLayout(m_central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_container, 1);
    m_strip = new TimelineStrip(m_player, m_central);
    layout->addWidget(m_strip);
}

// One clock: the player's position goes to both panes, each mapping it onto its own timeline,
// instead of straight to the window's view; the second design's run fills its pane.
void CompareMode::connectPanes()
{
    disconnect(m_player, &TracePlayer::positionChanged, m_collection->view(),
               &CollectionView::setTimelineState);
    m_connections << connect(m_player, &TracePlayer::positionChanged, m_primaryPane,
                             &ComparePane::setPosition);
    m_connections << connect(m_player, &TracePlayer::positionChanged, m_secondaryPane,
                             &ComparePane::setPosition);
    m_connections << connect(m_player, &TracePlayer::jumped, m_secondaryCollection->view(),
                             &CollectionView::revealStep);
    m_connections << connect(m_secondary, &Document::populationReady, this,
                             &CompareMode::secondaryPopulated);
    m_connections << connect(
        m_secondary, &Document::populationFailed, this, [this](const QString &message) {
            m_secondaryPane->setMessage(tr("This design does not populate: %1").arg(message));
        });
    m_connections << connect(m_secondary, &Document::patternsReady, this, [this] {
        m_secondaryReady = true;
        showSecondary();
    });
    m_connections << connect(m_settings, &Settings::reducedMotionChanged, m_secondaryCollection,
                             [this](bool) { showSecondary(); });
}

// The toggle checked, focus on the collection, and how to leave in the status bar.
void CompareMode::announceEntered()
{
    {
        const QSignalBlocker blocker(m_toggle);
        m_toggle->setChecked(true);
    }
    m_leave->setEnabled(!(m_presenterAction && m_presenterAction->isChecked()));
    m_collection->view()->setFocus(Qt::OtherFocusReason);
    m_window->statusBar()->showMessage(tr("Comparing with %1. Esc or Ctrl+Shift+D leaves.")
                                           .arg(QFileInfo(m_secondaryPath).fileName()),
                                       5000);
    emit activeChanged(true);
}

void CompareMode::leave()
{
    if (!isActive())
        return;
    for (const QMetaObject::Connection &connection : std::as_const(m_connections))
        disconnect(connection);
    m_connections.clear();

    QWidget *central = m_central;
    swapCentralWidget(m_central, m_collection,
                      [this] { m_primaryPane->setCollectionPane(nullptr); });
    m_collection->show();
    connect(m_player, &TracePlayer::positionChanged, m_collection->view(),
            &CollectionView::setTimelineState);
    delete central; // the panes, the strip and the second design's collection
    m_central = nullptr;
    m_container = nullptr;
    m_strip = nullptr;
    makeRoom(false);
    if (m_presenterAction && m_presenterAction->isChecked())
        showWindowCaption(true);
    m_primaryPane = nullptr;
    m_secondaryPane = nullptr;
    m_secondaryCollection = nullptr;
    delete m_secondary;
    m_secondary = nullptr;
    m_secondaryTimeline.reset();

    // The player goes back to the window's own Query, at the step it was showing.
    if (m_player->timeline() != m_primaryTimeline.get()) {
        const int step = m_player->currentStep();
        m_tracePanel->setTimeline(m_primaryTimeline);
        m_player->setTimeline(m_primaryTimeline);
        if (m_primaryTimeline && step >= 0 && step < m_primaryTimeline->stepCount())
            m_player->goToStep(step);
        else
            m_player->goToEnd();
    } else {
        m_collection->view()->setTimelineState(m_player->currentStep(),
                                               m_player->currentTransition());
    }
    {
        const QSignalBlocker blocker(m_toggle);
        m_toggle->setChecked(false);
    }
    m_leave->setEnabled(false);
    m_collection->view()->setFocus(Qt::OtherFocusReason);
    emit activeChanged(false);
}

void CompareMode::swapCentralWidget(QWidget *from, QWidget *to,
                                    const std::function<void()> &between)
{
    // The docks keep their sizes: the centre changes, not the panels around it (a new central
    // widget would otherwise be laid out from its size hint and leave the rest to the docks).
    QList<QDockWidget *> docks;
    QList<int> widths;
    QList<int> heights;
    for (QDockWidget *dock : m_window->findChildren<QDockWidget *>()) {
        if (dock->isVisible() && !dock->isFloating()) {
            docks << dock;
            widths << dock->width();
            heights << dock->height();
        }
    }
    QWidget *taken = m_window->takeCentralWidget();
    Q_ASSERT(taken == from);
    Q_UNUSED(taken);
    between();
    m_window->setCentralWidget(to);
    to->show();
    m_window->resizeDocks(docks, widths, Qt::Horizontal);
    m_window->resizeDocks(docks, heights, Qt::Vertical);
}

void CompareMode::makeRoom(bool room)
{
    CollectionView *view = m_collection->view();
    m_collection->setOrderNoteVisible(!room);
    if (room) {
        m_stateBefore = m_window->saveState();
        for (QDockWidget *dock :
             m_window->findChildren<QDockWidget *>(Qt::FindDirectChildrenOnly)) {
            if (!dock->isFloating())
                dock->hide();
        }
        // The toolbar too: its height is a row of each half (the menus and keys stay).
        for (QToolBar *toolBar : m_window->findChildren<QToolBar *>(Qt::FindDirectChildrenOnly))
            toolBar->hide();
        m_bandsBefore = view->bandsPerSide();
        view->setBandsPerSide(1);
        if (m_secondaryCollection) {
            m_secondaryCollection->setOrderNoteVisible(false);
            m_secondaryCollection->view()->setBandsPerSide(1);
        }
    } else {
        view->setBandsPerSide(m_bandsBefore);
        if (!m_stateBefore.isEmpty())
            m_window->restoreState(m_stateBefore);
        m_stateBefore.clear();
    }
}

QString CompareMode::exampleLabel(const QString &path, QString *relative) const
{
    ensureCatalog();
    const QString clean = QDir::cleanPath(path);
    for (const ExampleCatalog::Entry &entry : m_catalog->entries()) {
        for (const ExampleCatalog::Variant &variant : entry.variants) {
            if (QDir::cleanPath(variant.path) == clean) {
                if (relative)
                    *relative = QDir(m_examplesDirectory).relativeFilePath(variant.path);
                return variant.label;
            }
        }
    }
    return {};
}

QString CompareMode::exportLabel(bool secondary) const
{
    const QString path = secondary ? m_secondaryPath
        : m_examplePath.isEmpty()  ? m_document->filePath()
                                   : m_examplePath;
    const QString label = path.isEmpty() ? QString() : exampleLabel(path, nullptr);
    if (!label.isEmpty())
        return label;
    return secondary ? tr("Right") : tr("Left");
}

std::optional<ExportDiagram::Source> CompareMode::secondarySource() const
{
    if (!isActive() || !m_secondaryCollection)
        return std::nullopt;
    const auto table = m_secondary->table();
    CollectionView *view = m_secondaryCollection->view();
    if (!table || !view->rows() || !view->rows()->store())
        return std::nullopt;
    ExportDiagram::Source source;
    source.table = table;
    source.population = m_secondary->population();
    source.entities = CollectionView::entitiesOf(m_secondary->project());
    source.indexName = view->indexName();
    source.partitionKey = view->rows()->partitionKey();
    source.projectName = m_secondary->project().name.isEmpty() ? m_secondary->displayName()
                                                               : m_secondary->project().name;
    if (m_secondaryTimeline && view->timeline() == m_secondaryTimeline.get()) {
        source.timeline = m_secondaryTimeline;
        source.request = m_request;
        source.patternName = m_patternName;
    }
    return source;
}

void CompareMode::updateTitles()
{
    if (!isActive())
        return;
    const auto title = [this](const QString &path, const QString &name, const QString &display,
                              ComparePane *pane) {
        QString relative;
        const QString label = path.isEmpty() ? QString() : exampleLabel(path, &relative);
        if (!label.isEmpty())
            pane->setTitle(label, QStringLiteral("%1 · %2").arg(relative, name));
        else
            pane->setTitle(name.isEmpty() ? display : name,
                           path.isEmpty() ? display : QFileInfo(path).fileName());
    };
    const QString primaryPath = m_examplePath.isEmpty() ? m_document->filePath() : m_examplePath;
    title(primaryPath, m_document->project().name, m_document->displayName(), m_primaryPane);
    title(m_secondaryPath, m_secondary->project().name, m_secondary->displayName(),
          m_secondaryPane);
}

void CompareMode::primaryTraceShown(const model::QueryRequest &request, const QString &patternName,
                                    std::shared_ptr<const model::TraceTimeline> timeline)
{
    m_request = request;
    m_patternName = patternName;
    m_primaryTimeline = std::move(timeline);
    if (!isActive())
        return;
    m_primaryPane->timelineChanged();
    showSecondary();
}

void CompareMode::secondaryPopulated()
{
    if (!isActive())
        return;
    if (auto population = m_secondary->population())
        m_secondaryCollection->setPopulation(population, m_secondary->project());
    m_secondaryCollection->setTable(m_secondary->table());
}

void CompareMode::showSecondary()
{
    if (!isActive())
        return;
    // The left pane: the window's own pattern verdict.
    if (const model::PatternResult *result
        = m_patternName.isEmpty() ? nullptr : patternNamed(*m_document, m_patternName))
        m_primaryPane->setVerdict(result->passed, result->explanation);
    else
        m_primaryPane->setVerdict(std::nullopt, {});
    m_primaryPane->setMessage(
        m_primaryTimeline || m_patternName.isEmpty()
            ? QString()
            : tr("The Query of “%1” does not run on this design.").arg(m_patternName));

    const auto clear = [this](const QString &message) {
        m_secondaryTimeline.reset();
        m_secondaryCollection->view()->setTimeline(nullptr);
        m_secondaryPane->setMessage(message);
        m_secondaryPane->timelineChanged();
        syncDriver(false);
    };
    const auto table = m_secondary->table();
    if (!table || !m_secondaryReady || !m_secondary->populationError().isEmpty()) {
        m_secondaryPane->setVerdict(std::nullopt, {});
        const QString error = m_secondary->populationError();
        clear(error.isEmpty() ? tr("Populating…")
                              : tr("This design does not populate: %1").arg(error));
        return;
    }
    const bool reduced = m_settings->reducedMotion();
    if (m_patternName.isEmpty()) {
        // A Query Builder query: the same request on this design's table.
        m_secondaryPane->setVerdict(std::nullopt, {});
        if (m_request.keyConditionExpression.isEmpty()) {
            clear(tr("Select an access pattern to compare the designs."));
            return;
        }
        auto answer = model::DesignRun::query(*table, m_request);
        if (const auto *error = std::get_if<model::DesignRunError>(&answer)) {
            clear(
                tr("The same query fails on this design: %1: %2").arg(error->type, error->message));
            return;
        }
        // The same timeline the window builds for its own collection (TraceDisplay::showTrace).
        m_secondaryTimeline
            = model::DesignRun::timeline(*table, std::get<model::DesignAnswer>(answer), reduced);
    } else {
        const model::PatternResult *result = patternNamed(*m_secondary, m_patternName);
        if (!result) {
            m_secondaryPane->setVerdict(std::nullopt, {});
            clear(tr("This design has no access pattern named “%1”.").arg(m_patternName));
            return;
        }
        m_secondaryPane->setVerdict(result->passed, result->explanation);
        if (!result->response) {
            clear(
                result->error
                    ? tr("Its Query fails: %1: %2").arg(result->error->type, result->error->message)
                    : tr("Its Query did not run."));
            return;
        }
        m_secondaryTimeline = model::DesignRun::timeline(*table, result->request, *result->response,
                                                         result->shownParent(), reduced);
        showTraversal(m_secondaryCollection, *table, result->request, m_secondaryTimeline);
        m_secondaryPane->setMessage(QString());
        m_secondaryPane->timelineChanged();
        syncDriver(true);
        return;
    }
    showTraversal(m_secondaryCollection, *table, m_request, m_secondaryTimeline);
    m_secondaryPane->setMessage(QString());
    m_secondaryPane->timelineChanged();
    syncDriver(true);
}

void CompareMode::syncDriver(bool restart)
{
    // The player plays the timeline with more steps, so neither pane runs out before the other.
    std::shared_ptr<const model::TraceTimeline> driver = m_primaryTimeline;
    if (m_secondaryTimeline && (!driver || m_secondaryTimeline->stepCount() > driver->stepCount()))
        driver = m_secondaryTimeline;
    if (m_player->timeline() != driver.get()) {
        m_tracePanel->setTimeline(driver);
        m_player->setTimeline(driver);
    } else if (!restart) {
        m_primaryPane->setPosition(m_player->currentStep(), m_player->currentTransition());
        m_secondaryPane->setPosition(m_player->currentStep(), m_player->currentTransition());
        return;
    }
    // A new pair of traversals plays from the start on both sides.
    if (m_settings->reducedMotion())
        m_player->goToEnd();
    else
        m_player->restart();
}

void CompareMode::setPresenting(bool presenting)
{
    m_leave->setEnabled(isActive() && !presenting);
    if (!isActive())
        return;
    m_primaryPane->setPresenting(presenting);
    m_secondaryPane->setPresenting(presenting);
    m_strip->setScale(presenting ? 1.6 : 1.0);
    CollectionView *view = m_secondaryCollection->view();
    if (presenting) {
        // The same large type as the window's own collection (MainWindow::setPresenting).
        QFont large = m_window->font();
        large.setPointSizeF(large.pointSizeF() * 1.4);
        m_secondaryCollection->setFont(large);
        view->setCollectionStyle(CollectionStyle::fromPalette(view->palette()).scaled(1.6));
    } else {
        m_secondaryCollection->setFont(QFont());
        view->useDesktopStyle();
    }
    showWindowCaption(false);
}

void CompareMode::showWindowCaption(bool show)
{
    // Each half narrates itself and the strip under both counts the steps; the window's single
    // caption and timeline would repeat one side only.
    for (QLabel *label : m_collection->findChildren<QLabel *>()) {
        if (label->accessibleName() == QLatin1String("Narration caption"))
            label->setVisible(show);
    }
    for (TimelineStrip *strip : m_collection->findChildren<TimelineStrip *>())
        strip->setVisible(show);
}

} // namespace keyscope::ui
