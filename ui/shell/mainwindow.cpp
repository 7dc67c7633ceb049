// The main window's assembly (panels, actions, document connections) and its layout.

#include "ui/shell/mainwindow.h"
#include "ui/animation/traceplayer.h"
#include "ui/collection/collectionpane.h"
#include "ui/document/document.h"
#include "ui/patterns/patternlistmodel.h"
#include "ui/patterns/patternspanel.h"
#include "ui/shell/documentlifecycle.h"
#include "ui/shell/screenfit.h"
#include "ui/shell/tracedisplay.h"
#include "ui/widgets/textentrykeys.h"

#include <QActionGroup>
#include <QApplication>
#include <QDockWidget>
#include <QScreen>
#include <QStatusBar>
#include <QTimer>
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

void MainWindow::changeEvent(QEvent *event)
{
    QMainWindow::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        refreshActionIcons(); // Keyscope's own icons are drawn in the palette's text colour
}

} // namespace keyscope::ui
