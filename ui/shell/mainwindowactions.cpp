// The main window's menus and their actions (with their shortcuts). The panels exist already;
// the actions drive them, the document lifecycle and the player.

#include "model/version.h"
#include "ui/help/userguide.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/shortcutsdialog.h"

#include "ui/animation/traceplayer.h"
#include "ui/collection/collectionpane.h"
#include "ui/collection/collectionview.h"
#include "ui/compare/comparemode.h"
#include "ui/document/document.h"
#include "ui/editors/entitieseditor.h"
#include "ui/icons/actionicon.h"
#include "ui/recovery/inferactions.h"
#include "ui/recovery/inferoffer.h"
#include "ui/shell/appearance.h"
#include "ui/shell/documentlifecycle.h"
#include "ui/shell/emptydesign.h"
#include "ui/shell/interopactions.h"
#include "ui/teach/predictbar.h"
#include "ui/teach/predictmode.h"
#include "ui/trace/tracepanel.h"

#include <QActionGroup>
#include <QDockWidget>
#include <QMenuBar>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>
#include <QUndoStack>

namespace keyscope::ui {

namespace {

// The freedesktop icon name an action is drawn with (its icon is redrawn when the palette
// changes, so that Keyscope's own line icons follow the theme).
constexpr const char *kIconName = "keyscopeIconName";

} // namespace

void MainWindow::setActionIcon(QAction *action, const QString &name)
{
    action->setProperty(kIconName, name);
    action->setIcon(actionIcon(name, palette()));
}

void MainWindow::refreshActionIcons()
{
    for (QAction *action : findChildren<QAction *>()) {
        const QString name = action->property(kIconName).toString();
        if (!name.isEmpty())
            action->setIcon(actionIcon(name, palette()));
    }
}

void MainWindow::createToolBar(std::initializer_list<QAction *> actions)
{
    // The main actions, icons only (their names and shortcuts in the tooltips), as in Kate and
    // Qt Creator. View > Toolbar hides it; its place survives restarts with the docks.
    static const QHash<QString, QString> icons {
        {QStringLiteral("actionNew"), QStringLiteral("document-new")},
        {QStringLiteral("actionOpen"), QStringLiteral("document-open")},
        {QStringLiteral("actionSave"), QStringLiteral("document-save")},
        {QStringLiteral("actionUndo"), QStringLiteral("edit-undo")},
        {QStringLiteral("actionRedo"), QStringLiteral("edit-redo")},
        {QStringLiteral("actionImportAny"), QStringLiteral("document-import")},
        {QStringLiteral("actionExportDiagram"), QStringLiteral("document-export")},
        {QStringLiteral("actionCompareSideBySide"), QStringLiteral("view-split-left-right")},
        {QStringLiteral("actionPresenterMode"), QStringLiteral("view-presentation")},
        {QStringLiteral("actionPredict"), QStringLiteral("predict")},
    };
    m_toolBar = addToolBar(tr("Main Toolbar"));
    m_toolBar->setObjectName(QStringLiteral("MainToolBar"));
    m_toolBar->setMovable(false);
    m_toolBar->setFloatable(false);
    m_toolBar->setIconSize(QSize(20, 20));
    m_toolBar->setToolButtonStyle(Qt::ToolButtonIconOnly);
    for (QAction *action : actions) {
        if (!action) {
            m_toolBar->addSeparator();
            continue;
        }
        if (const QString icon = icons.value(action->objectName()); !icon.isEmpty())
            setActionIcon(action, icon);
        QString tip = action->text().remove(QLatin1Char('&')).remove(QStringLiteral("…"));
        if (!action->shortcut().isEmpty())
            tip += QStringLiteral(" (%1)").arg(
                action->shortcut().toString(QKeySequence::NativeText));
        action->setToolTip(tip);
        m_toolBar->addAction(action);
    }
    QAction *toggle = m_toolBar->toggleViewAction();
    toggle->setText(tr("&Toolbar"));
    toggle->setObjectName(QStringLiteral("actionToggleToolbar"));
    m_viewMenu->insertAction(m_viewMenu->actions().value(0), toggle);
}

// The actions the tool bar and the empty-design page show again.
struct MainWindow::MenuActions
{
    QAction *newAction = nullptr;
    QAction *open = nullptr;
    QAction *example = nullptr;
    QAction *save = nullptr;
    QAction *saveAs = nullptr;
    QAction *exportDiagram = nullptr;
    QAction *undo = nullptr;
    QAction *redo = nullptr;
    QAction *copyImage = nullptr;
};

void MainWindow::createActions()
{
    MenuActions actions;
    createFileMenu(actions);
    createEditMenu(actions);
    createViewMenu();
    createThemeMenu();
    QMenu *playback = createPlaybackMenu();
    createCompareMode();
    createToolBar({actions.newAction, actions.open, actions.save, nullptr, actions.undo,
                   actions.redo, nullptr, m_interop->importAction(), actions.exportDiagram, nullptr,
                   m_compare->toggleAction(), m_presenterAction, m_predictAction});
    setActionIcon(actions.example, QStringLiteral("document-open"));
    setActionIcon(actions.saveAs, QStringLiteral("document-save"));
    setActionIcon(actions.copyImage, QStringLiteral("edit-copy"));

    createDesignMenu(playback, actions);
    createHelpMenu();
}

void MainWindow::createFileMenu(MenuActions &actions)
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    const auto fileAction = [file](const QString &text, const char *name, const QKeySequence &key,
                                   auto *receiver, auto slot) {
        QAction *action = file->addAction(text, receiver, slot);
        action->setObjectName(QLatin1String(name));
        action->setShortcut(key);
        return action;
    };
    actions.newAction
        = fileAction(tr("&New"), "actionNew", QKeySequence::New, this, &MainWindow::newProject);
    actions.open = fileAction(tr("&Open…"), "actionOpen", QKeySequence::Open, m_lifecycle,
                              &DocumentLifecycle::openDialog);
    actions.example = fileAction(tr("Open &Example…"), "actionOpenExample",
                                 QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O), this,
                                 &MainWindow::showExampleGallery);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    m_recentMenu->setObjectName(QStringLiteral("menuRecent"));
    m_lifecycle->fillRecentMenu(m_recentMenu);
    file->addSeparator();
    actions.save
        = fileAction(tr("&Save"), "actionSave", QKeySequence::Save, this, &MainWindow::save);
    actions.saveAs
        = fileAction(tr("Save &As…"), "actionSaveAs",
                     QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), this, &MainWindow::saveAs);
    file->addSeparator();
    QAction *import = file->addAction(tr("&Import Table and Items…"), m_lifecycle,
                                      &DocumentLifecycle::importDialog);
    import->setObjectName(QStringLiteral("actionImport"));
    import->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I));
    QAction *beforeQuit = file->addSeparator();
    m_interop = new InteropActions(this, m_document, file, import, beforeQuit);
    m_interop->hooks().showError
        = [this](const QString &title, const QString &text) { showError(title, text); };
    actions.exportDiagram = new QAction(tr("&Export Diagram…"), this);
    connect(actions.exportDiagram, &QAction::triggered, this, [this] { showExportDialog(); });
    actions.exportDiagram->setObjectName(QStringLiteral("actionExportDiagram"));
    actions.exportDiagram->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    actions.exportDiagram->setStatusTip(
        tr("Save the collection diagram at the current step as SVG, PNG, PDF or Markdown"));
    file->insertAction(beforeQuit, actions.exportDiagram);
    auto *exportDocument = new QAction(tr("Export Design &Document…"), this);
    connect(exportDocument, &QAction::triggered, this, [this] { showDesignDocumentDialog(); });
    exportDocument->setObjectName(QStringLiteral("actionExportDesignDocument"));
    exportDocument->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_D));
    exportDocument->setStatusTip(tr("Write the design document a review reads: Markdown with a "
                                    "diagram per access pattern, or one HTML page"));
    file->insertAction(beforeQuit, exportDocument);
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setObjectName(QStringLiteral("actionQuit"));
    // Some platforms bind no Quit key; Ctrl+Q works everywhere.
    QList<QKeySequence> quitKeys = QKeySequence::keyBindings(QKeySequence::Quit);
    if (!quitKeys.contains(QKeySequence(Qt::CTRL | Qt::Key_Q)))
        quitKeys << QKeySequence(Qt::CTRL | Qt::Key_Q);
    quit->setShortcuts(quitKeys);
    quit->setMenuRole(QAction::QuitRole);
}

void MainWindow::createEditMenu(MenuActions &actions)
{
    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    actions.undo = m_document->undoStack()->createUndoAction(this, tr("&Undo"));
    actions.undo->setObjectName(QStringLiteral("actionUndo"));
    actions.undo->setShortcuts(QKeySequence::Undo);
    actions.redo = m_document->undoStack()->createRedoAction(this, tr("&Redo"));
    actions.redo->setObjectName(QStringLiteral("actionRedo"));
    // Ctrl+Shift+Z everywhere, plus the platform's own (Ctrl+Y on Windows).
    QList<QKeySequence> redoKeys {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z)};
    for (const QKeySequence &key : QKeySequence::keyBindings(QKeySequence::Redo)) {
        if (!redoKeys.contains(key))
            redoKeys << key;
    }
    actions.redo->setShortcuts(redoKeys);
    edit->addAction(actions.undo);
    edit->addAction(actions.redo);
    edit->addSeparator();
    actions.copyImage = edit->addAction(tr("Copy as &Image"), this, [this] { copyDiagram(false); });
    actions.copyImage->setObjectName(QStringLiteral("actionCopyAsImage"));
    actions.copyImage->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    actions.copyImage->setStatusTip(
        tr("Copy the collection diagram at the current step as an image"));
    QAction *copySvg = edit->addAction(tr("Copy as &SVG"), this, [this] { copyDiagram(true); });
    copySvg->setObjectName(QStringLiteral("actionCopyAsSvg"));
    copySvg->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_C));
    copySvg->setStatusTip(tr("Copy the collection diagram at the current step as SVG"));
}

void MainWindow::createViewMenu()
{
    m_viewMenu = menuBar()->addMenu(tr("&View"));
    int number = 1;
    for (const char *name :
         {"EntitiesDock", "PatternsDock", "ChecksDock", "QueryDock", "CodeDock", "CapacityDock"}) {
        QDockWidget *panelDock = dock(QString::fromLatin1(name));
        QAction *toggle = panelToggle(panelDock);
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
}

void MainWindow::createThemeMenu()
{
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
}

// Playback: the keys of a media player. Text fields keep Space and the arrows (they claim
// them through ShortcutOverride); everywhere else they drive the animation. In predict mode they
// answer and go on instead (`predict`; null: nothing): the traversal waits for the predictions.
QMenu *MainWindow::createPlaybackMenu()
{
    QMenu *playback = menuBar()->addMenu(tr("&Playback"));
    const auto playbackAction
        = [&](const QString &text, const QKeySequence &key, const QString &name,
              void (TracePlayer::*slot)(), void (PredictMode::*predict)()) {
              QAction *action = playback->addAction(text, this, [this, slot, predict] {
                  if (!m_predict || !m_predict->isActive())
                      (m_player->*slot)();
                  else if (predict)
                      (m_predict->*predict)();
              });
              action->setShortcut(key);
              action->setObjectName(name);
              return action;
          };
    playbackAction(tr("&Play / Pause"), QKeySequence(Qt::Key_Space),
                   QStringLiteral("actionPlayPause"), &TracePlayer::togglePlayPause,
                   &PredictMode::enter);
    playbackAction(tr("Step &Forward"), QKeySequence(Qt::Key_Right),
                   QStringLiteral("actionStepForward"), &TracePlayer::stepForward,
                   &PredictMode::forward);
    playbackAction(tr("Step &Back"), QKeySequence(Qt::Key_Left), QStringLiteral("actionStepBack"),
                   &TracePlayer::stepBack, &PredictMode::back);
    playbackAction(tr("&Restart"), QKeySequence(Qt::CTRL | Qt::Key_R),
                   QStringLiteral("actionRestart"), &TracePlayer::restart, &PredictMode::restart);
    playbackAction(tr("Go to &End"), QKeySequence(Qt::CTRL | Qt::Key_End),
                   QStringLiteral("actionGoToEnd"), &TracePlayer::goToEnd, nullptr);

    playback->addSeparator();
    QAction *exportStep
        = playback->addAction(tr("E&xport Current Step…"), this, [this] { showExportDialog(); });
    exportStep->setObjectName(QStringLiteral("actionExportCurrentStep"));
    exportStep->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    exportStep->setToolTip(tr("Export the diagram at this step (Ctrl+Shift+E)"));
    setActionIcon(exportStep, QStringLiteral("document-export"));
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
    createPredictMode(playback);
    // Shortcuts keep working while the menu bar is hidden in presenter mode.
    addActions(playback->actions());
    addAction(leavePresenter);

    return playback;
}

void MainWindow::createPredictMode(QMenu *playback)
{
    auto *bar = new PredictBar(m_collection);
    m_collection->addBar(bar);
    m_predict = new PredictMode(m_player, m_collection->view(), bar, this);
    m_predictAction = playback->addAction(tr("Pre&dict"));
    m_predictAction->setObjectName(QStringLiteral("actionPredict"));
    m_predictAction->setCheckable(true);
    m_predictAction->setShortcut(QKeySequence(Qt::Key_F6));
    m_predictAction->setStatusTip(tr("Predict each step of the traversal before it plays"));
    connect(m_predictAction, &QAction::toggled, m_predict, &PredictMode::setActive);
    connect(m_predict, &PredictMode::activeChanged, this, [this](bool active) {
        const QSignalBlocker blocker(m_predictAction);
        m_predictAction->setChecked(active);
        updatePageKeys();
        // The note on byte order would answer "which sorts first" (side by side hides it too).
        m_collection->setOrderNoteVisible(!active && !m_compare->isActive());
        // The keys answer from the collection, as in presenter mode, not from a text field.
        if (active)
            m_collection->view()->setFocus(Qt::OtherFocusReason);
    });
    QAction *answer = playback->addAction(tr("&Answer / Continue"), m_predict, &PredictMode::enter);
    answer->setObjectName(QStringLiteral("actionPredictAnswer"));
    answer->setShortcuts({QKeySequence(Qt::Key_Return), QKeySequence(Qt::Key_Enter)});
    // A presenter's clicker sends Page Down / Page Up: the next choice, then on; the previous.
    auto *next = new QAction(this);
    next->setObjectName(QStringLiteral("actionPredictNext"));
    next->setShortcut(QKeySequence(Qt::Key_PageDown));
    connect(next, &QAction::triggered, m_predict, &PredictMode::forward);
    auto *previous = new QAction(this);
    previous->setObjectName(QStringLiteral("actionPredictPrevious"));
    previous->setShortcut(QKeySequence(Qt::Key_PageUp));
    connect(previous, &QAction::triggered, m_predict, &PredictMode::back);
    addActions({next, previous});
    m_predictKeys = {answer, next, previous};
    updatePageKeys();
}

void MainWindow::predictTrace(std::shared_ptr<const model::TraceTimeline> timeline,
                              const model::QueryRequest &request, const QString &patternName)
{
    model::LessonOptions options;
    options.title = patternName.isEmpty()
        ? m_document->displayName()
        : m_document->displayName() + QStringLiteral(" \u00b7 ") + patternName;
    options.limit = request.limit;
    m_predict->setTrace(std::move(timeline), m_document->table(), options);
}

void MainWindow::updatePageKeys()
{
    const bool predicting = m_predict && m_predict->isActive();
    const bool presenting = m_presenterAction && m_presenterAction->isChecked();
    for (QAction *key : std::as_const(m_predictKeys))
        key->setEnabled(predicting);
    for (QAction *key : std::as_const(m_presenterKeys)) {
        const bool page = key->shortcut() == QKeySequence(Qt::Key_PageDown)
            || key->shortcut() == QKeySequence(Qt::Key_PageUp);
        key->setEnabled(presenting && !(page && predicting));
    }
}

// View > Compare Side by Side: the same pattern on a second design, on the same clock.
void MainWindow::createCompareMode()
{
    m_compare = new CompareMode(this, m_document, m_collection, m_player, m_tracePanel, m_settings,
                                m_examplesDirectory);
    connect(m_compare, &CompareMode::failed, this, &MainWindow::showError);
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_compare->toggleAction());
    connect(m_lifecycle, &DocumentLifecycle::exampleOpened, m_compare,
            &CompareMode::setExamplePath);
}

// Design: what shapes the design itself (more commands join it as they come), before
// `before` in the menu bar.
void MainWindow::createDesignMenu(QMenu *before, const MenuActions &actions)
{
    QMenu *design
        = menuBar()->insertMenu(before->menuAction(), new QMenu(tr("&Design"), this))->menu();
    QAction *addEntity = design->addAction(tr("Add &Entity Type"), this, [this] {
        QDockWidget *entities = dock(QStringLiteral("EntitiesDock"));
        entities->show();
        entities->raise();
        if (auto *tabs = qobject_cast<QTabWidget *>(entities->widget()))
            tabs->setCurrentWidget(m_entitiesEditor);
        m_entitiesEditor->addEntity();
    });
    addEntity->setObjectName(QStringLiteral("actionAddEntityType"));
    addEntity->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    setActionIcon(addEntity, QStringLiteral("entity-add"));
    // Infer Entity Types: the design recovered from the hand-written items, for review.
    m_infer = new InferActions(this, m_document);
    InferActions::Hooks &inferHooks = m_infer->hooks();
    inferHooks.review = [this](InferDialog &dialog) { return askReviewProposals(dialog); };
    inferHooks.showInformation
        = [this](const QString &title, const QString &text) { showInformation(title, text); };
    inferHooks.status = [this](const QString &message) { statusBar()->showMessage(message, 8000); };
    design->addSeparator();
    design->addAction(m_infer->action());
    m_inferOffer = new InferOffer(m_document, m_infer->action(), m_collection);
    m_collection->addBar(m_inferOffer);
    m_emptyDesign
        = new EmptyDesign(m_document, m_collection,
                          {addEntity, actions.example, m_interop->importAction(), actions.open});
}

QString MainWindow::aboutText()
{
    return tr("<b>Keyscope %1</b><p>See how DynamoDB orders your items: design sort keys, "
              "populate collections, check access patterns and what they cost.</p>"
              "<p>Qt %2 (built with Qt %3), %4 build.</p>")
        .arg(model::versionString(), QString::fromLatin1(qVersion()),
             QStringLiteral(QT_VERSION_STR), model::buildType());
}

UserGuide *MainWindow::showUserGuide()
{
    if (!m_userGuide)
        m_userGuide = new UserGuide(this);
    m_userGuide->show();
    m_userGuide->raise();
    m_userGuide->activateWindow();
    return m_userGuide;
}

void MainWindow::createHelpMenu()
{
    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *guide = help->addAction(tr("&User Guide"), this, &MainWindow::showUserGuide);
    guide->setObjectName(QStringLiteral("actionUserGuide"));
    guide->setShortcut(QKeySequence::HelpContents);
    QAction *shortcuts = help->addAction(tr("&Keyboard Shortcuts"), this, [this] {
        auto *dialog = new ShortcutsDialog(menuBar(), this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->open();
    });
    shortcuts->setObjectName(QStringLiteral("actionKeyboardShortcuts"));
    shortcuts->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_F1));
    QAction *about = help->addAction(tr("&About Keyscope"), this, [this] {
        QMessageBox::about(this, tr("About Keyscope"), aboutText());
    });
    about->setObjectName(QStringLiteral("actionAbout"));
    about->setMenuRole(QAction::AboutRole);
}

} // namespace keyscope::ui
