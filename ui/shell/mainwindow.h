#pragma once

#include "model/query/queryrequest.h"
#include "model/query/tracetimeline.h"
#include "ui/document/autosaver.h"
#include "ui/export/diagramexporter.h"
#include "ui/settings/settings.h"

#include <QMainWindow>
#include <QMessageBox>
#include <QSet>

#include <functional>

class QAction;
class QActionGroup;
class QDockWidget;
class QLabel;
class QListView;
class QMenu;
class QPlainTextEdit;
class QProgressBar;
class QSpinBox;
class QToolBar;

namespace keyscope::ui {

class FindingFixButton;
class InteropActions;
class InferActions;
class InferDialog;
class InferOffer;

class TimelineStrip;
class TracePanel;
class EntitiesEditor;
class QueryBuilder;
class QueryRunner;
class CodePanel;
class KeyOrderExplainer;
class TableEditor;
class UserGuide;
class TracePlayer;
class ExportDialog;

class CapacityPanel;
class CollectionPane;
class CompareMode;
class Document;
class DocumentLifecycle;
class EmptyDesign;
class FindingListModel;
class PatternListModel;
class PatternsPanel;
class PopulationProgress;
class PredictMode;
class TraceDisplay;

// Keyscope's main window: the document, its panels (docks whose layout survives restarts), the
// menus and the status bar. Dialogs that ask the user something go through the virtual ask*
// functions so tests can answer them.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    // `examplesDirectory` holds index.json and the example projects (":/examples" in the app).
    explicit MainWindow(Settings *settings, const QString &examplesDirectory,
                        QWidget *parent = nullptr);
    ~MainWindow() override;

    Document *document() const { return m_document; }
    Autosaver *autosaver() const { return m_autosaver; }
    CollectionPane *collectionPane() const { return m_collection; }
    PatternListModel *patternModel() const;
    PatternsPanel *patternsPanel() const { return m_patterns; }
    CapacityPanel *capacityPanel() const { return m_capacity; }
    FindingListModel *findingModel() const { return m_findingModel; }
    QDockWidget *dock(const QString &objectName) const;
    CompareMode *compareMode() const { return m_compare; }
    EmptyDesign *emptyDesign() const { return m_emptyDesign; }
    // File > Import…, Export Table As…, Export Items As….
    InteropActions *interop() const { return m_interop; }
    PopulationProgress *populationProgress() const { return m_progress; }
    // Design > Infer Entity Types… and the bar offering it after an items-only import.
    InferActions *inferActions() const { return m_infer; }
    InferOffer *inferOffer() const { return m_inferOffer; }
    // The Query Builder's query, nullopt while it is not valid (Live > Endpoint verifies it).
    std::optional<model::QueryRequest> currentQuery() const;

    // Opens a project file (recorded in Open Recent). Shows the problems and returns false when
    // it cannot be read.
    bool openFile(const QString &path);
    // Opens an example project as an untitled copy (Save asks where).
    bool openExample(const QString &path);
    bool importFiles(const QString &tablePath, const QString &itemsPath);
    // The files of a launch (`keyscope FILE...`, or a second launch's, handed over): a table
    // and an items file as one import; else the first here (after the save question) and each
    // other one in a Keyscope of its own. Brings the window to the front.
    void openLaunchFiles(const QStringList &absolutePaths);
    // How another Keyscope is started for a file (tests watch it instead).
    void setStartAnotherKeyscope(std::function<void(const QString &path)> start);
    void newProject();
    bool save();
    bool saveAs();
    // Asks Save/Discard/Cancel when there are unsaved changes; true when it is fine to go on.
    bool maybeSave();

    // Offers the recovery file left by a session that did not close cleanly. True when the
    // user restored it.
    bool offerRecovery(bool lastSessionCrashed);

    void restoreLayout();
    void showExampleGallery();

    // File > Export Diagram (and Playback > Export Current Step): the export dialog on the
    // collection showing, at the player's step. Non-blocking (open()); returns the dialog.
    ExportDialog *showExportDialog();
    // Help > User Guide: the bundled manual in its own window (one; raised when open).
    UserGuide *showUserGuide();
    // Help > About: the version, the Qt it runs on and was built with, and the build type.
    static QString aboutText();
    // File > Export Design Document: asks where, then exportDesignDocument.
    void showDesignDocumentDialog();
    // Writes the open design's document (keyscope doc) to `path` (.md with its assets folder,
    // or .html), with progress; false after telling the user why it could not.
    bool exportDesignDocument(const QString &path);
    // What the collection pane shows (with the Query drawn, at the player's step) as an export
    // source; nullopt when there is no collection.
    std::optional<ExportDiagram::Source> diagramSource() const;
    // Edit > Copy as Image / Copy as SVG: the diagram at the player's step (light export
    // style, legend) on the clipboard.
    void copyDiagram(bool asSvg);
    int playerStepFor(const ExportDiagram::Source &source,
                      const std::optional<ExportDiagram::Source> &other) const;

protected:
    void closeEvent(QCloseEvent *event) override;
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;

    virtual QMessageBox::StandardButton askSaveChanges();
    virtual QString askProjectName();
    virtual QString askSavePath();
    virtual QString askOpenPath();
    virtual bool askRestoreRecovery(const Autosaver::Recovery &recovery);
    virtual void showError(const QString &title, const QString &text);
    virtual void showInformation(const QString &title, const QString &text);
    // Design > Infer Entity Types: the proposals for review; true when the user applies them.
    virtual bool askReviewProposals(InferDialog &dialog);

private:
    void createPanels();
    void createDesignPanel();
    QDockWidget *createChecksPanel();
    QDockWidget *createQueryPanels();
    void createCapacityPanel(QDockWidget *tabbedWith);
    // Capacity shown: the bottom panels grow to kCapacityPanelHeight; another tab shown: they
    // go back to the height they had.
    void fitBottomPanelsToCapacity(bool capacityShown);
    // The View menu's toggle of a panel: a panel behind another's tab is shown (raised) rather
    // than closed unseen.
    QAction *panelToggle(QDockWidget *panel);
    void addTemplateNoticeBar();
    void applyDefaultHeights();
    void createActions();
    // createActions() in its steps, one a menu (mainwindowactions.cpp).
    struct MenuActions;
    void createFileMenu(MenuActions &actions);
    void createEditMenu(MenuActions &actions);
    void createViewMenu();
    void createThemeMenu();
    QMenu *createPlaybackMenu();
    // Playback > Predict, its keys and its panel over the collection (mainwindowactions.cpp).
    void createPredictMode(QMenu *playback);
    // The Query showing becomes predict mode's lesson.
    void predictTrace(std::shared_ptr<const model::TraceTimeline> timeline,
                      const model::QueryRequest &request, const QString &patternName);
    // Page Up/Down belong to predict mode while it is on, else to presenter mode.
    void updatePageKeys();
    void createCompareMode();
    void createDesignMenu(QMenu *before, const MenuActions &actions);
    void createHelpMenu();
    void createStatusBar();
    void createToolBar(std::initializer_list<QAction *> actions);
    void setActionIcon(QAction *action, const QString &name);
    void refreshActionIcons();
    QDockWidget *addPanel(const QString &objectName, const QString &title, QWidget *content,
                          Qt::DockWidgetArea area);
    void resetLayout();
    void updateTitle();
    void updateThemeActions();
    void refreshEntities();
    void populationReady();
    void patternsReady();
    void checksReady();
    // With nothing found, the Checks panel takes one line and Access Patterns the rest.
    void fitChecksToFindings();
    void patternSelected();
    // Full screen, large type, only the collection and the narration as a caption; the
    // keyboard steps through the Query (Space, arrows). F5 or Esc leaves.
    void setPresenting(bool presenting);
    void createPresenterWidgets();
    void findingSelected();
    void goToConcerned(bool forward);
    void updateConcernLabel();
    void showStatusCounts();

    Settings *m_settings;
    QString m_examplesDirectory;
    Document *m_document;
    DocumentLifecycle *m_lifecycle = nullptr;
    TraceDisplay *m_traces = nullptr; // the Query shown in the collection, trace panel, player
    InteropActions *m_interop = nullptr;
    InferActions *m_infer = nullptr;
    InferOffer *m_inferOffer = nullptr;
    Autosaver *m_autosaver;

    CollectionPane *m_collection = nullptr;
    QSpinBox *m_seed = nullptr;
    bool m_refreshingEntities = false;
    PatternsPanel *m_patterns = nullptr;
    CapacityPanel *m_capacity = nullptr;
    int m_bottomHeightBeforeCapacity = 0; // 0: Capacity did not change it
    FindingListModel *m_findingModel = nullptr;
    QListView *m_findingList = nullptr;
    QWidget *m_findingBody = nullptr; // the list and the explanation
    QLabel *m_findingSummary = nullptr;
    QLabel *m_findingConcern = nullptr; // "12 items concerned (5 here) · F8 next"
    FindingFixButton *m_findingFix = nullptr;
    bool m_refreshingFindings = false; // re-selecting after a recheck: do not steal focus
    QPlainTextEdit *m_findingDetail = nullptr;
    TracePlayer *m_player = nullptr;
    TracePanel *m_tracePanel = nullptr;
    EntitiesEditor *m_entitiesEditor = nullptr;
    QueryBuilder *m_builder = nullptr;
    QueryRunner *m_runner = nullptr;
    CodePanel *m_codePanel = nullptr;
    KeyOrderExplainer *m_explainer = nullptr;
    TableEditor *m_tableEditor = nullptr;
    QLabel *m_caption = nullptr;
    TimelineStrip *m_presenterStrip = nullptr; // presenter mode: "Step 4 of 19" and a line
    QList<QAction *> m_presenterKeys;          // PageDown/PageUp, Home/End while presenting
    QAction *m_presenterAction = nullptr;      // presenter mode: the narration as a caption
    UserGuide *m_userGuide = nullptr;
    std::function<void(const QString &)> m_startAnother;
    PredictMode *m_predict = nullptr;          // Playback > Predict: questions before each step
    QAction *m_predictAction = nullptr;
    QList<QAction *> m_predictKeys;   // Enter, Page Down / Page Up while predicting
    CompareMode *m_compare = nullptr; // side by side: a second design in step
    QByteArray m_layoutBeforePresenting;
    QByteArray m_defaultState;
    static constexpr int kQueryPanelHeight = 170;
    // The bottom panels' height while Capacity is the one shown: its summary, a tab bar and a
    // table's header and first rows (they were a cut half row at 1024x700).
    static constexpr int kCapacityPanelHeight = 290;
    static constexpr int kPatternsPanelHeight = 330;
    static constexpr int kChecksPanelHeight = 300;
    bool m_defaultHeightsPending = true; // until shown, unless restoreLayout() restored them
    bool m_fitWhenShown = false;         // restoreLayout(): fit to the screen again once shown

    QMenu *m_recentMenu = nullptr;
    QMenu *m_viewMenu = nullptr;
    QToolBar *m_toolBar = nullptr;
    EmptyDesign *m_emptyDesign = nullptr; // covers the collection while the design is empty
    QActionGroup *m_themeGroup = nullptr;
    QAction *m_reducedMotion = nullptr;
    QLabel *m_itemCount = nullptr;
    PopulationProgress *m_progress = nullptr;
};

} // namespace keyscope::ui
