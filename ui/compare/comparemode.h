#pragma once

#include "model/query/queryrequest.h"
#include "model/query/tracetimeline.h"
#include "ui/export/diagramexporter.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <functional>
#include <memory>

class QAction;
class QMainWindow;
class QSplitter;

namespace keyscope::ui {

class CollectionPane;
class ComparePane;
class Document;
class ExampleCatalog;
class Settings;
class TimelineStrip;
class TracePanel;
class TracePlayer;

// Side-by-side mode: the same access pattern on two designs (before/after), animated in step.
//
// The window's own collection pane moves into the left half; the right half shows a second
// design, loaded read-only into its own Document (populated and judged off the GUI thread like
// the first). Selecting an access pattern runs the pattern of the same name on both. One clock
// drives both: the window's TracePlayer plays the longer timeline, and each pane shows the same
// step index on its own timeline (the shorter one holds its last step), so Space, the arrows,
// Ctrl+R, Ctrl+End and the scrubber move both.
//
// It takes the room it needs: the dock panels hide while it is on and come back exactly as they
// were (the window's dock state is kept and restored); the window itself never changes size.
//
// Wiring (main window): create it after the panels and the player, put toggleAction() in a menu,
// call setExamplePath() when an example is opened and primaryTraceShown() whenever a Query's
// traversal is shown (or cleared) in the collection.
class CompareMode : public QObject
{
    Q_OBJECT

public:
    CompareMode(QMainWindow *window, Document *document, CollectionPane *collection,
                TracePlayer *player, TracePanel *tracePanel, Settings *settings,
                const QString &examplesDirectory);
    ~CompareMode() override;

    // View > Compare Side by Side (Ctrl+Shift+D), checkable: asks for the second design.
    QAction *toggleAction() const { return m_toggle; }

    bool isActive() const { return m_container != nullptr; }
    // Compares the open project with a project file. False (and failed()) when it cannot be read.
    bool enter(const QString &secondPath);
    // Asks which design to compare with (the example's sibling by default), then enters.
    bool enterInteractive();
    void leave();

    // The example file the open project was opened from; cleared when another project opens.
    void setExamplePath(const QString &path) { m_examplePath = path; }
    QString examplePath() const { return m_examplePath; }
    // The design the dialog offers first: the other half of the example's before/after pair.
    QString suggestedSecondDesign() const;

    // The window showed a Query's traversal (timeline null: none). patternName is the access
    // pattern's name, empty for a query from the Query Builder (run on both designs as is).
    void primaryTraceShown(const model::QueryRequest &request, const QString &patternName,
                           std::shared_ptr<const model::TraceTimeline> timeline);

    // The second design's collection as an export source (its traversal when it shows one),
    // for the before/after export; nullopt when inactive or it has no collection yet.
    std::optional<ExportDiagram::Source> secondarySource() const;
    const model::TraceTimeline *secondaryTimeline() const { return m_secondaryTimeline.get(); }
    // What a before/after picture calls each half: the example variant's label ("Before",
    // "After: ..."), else "Left" and "Right" (the panes' places).
    QString exportLabel(bool secondary) const;

    ComparePane *primaryPane() const { return m_primaryPane; }
    TimelineStrip *timelineStrip() const { return m_strip; }
    ComparePane *secondaryPane() const { return m_secondaryPane; }
    Document *secondaryDocument() const { return m_secondary; }

signals:
    void activeChanged(bool active);
    void failed(const QString &title, const QString &text);

protected:
    // The second design, chosen by the user; empty cancels.
    virtual QString askSecondDesign();

private:
    void swapCentralWidget(QWidget *from, QWidget *to, const std::function<void()> &between);
    void ensureCatalog() const;
    QString exampleLabel(const QString &path, QString *relative) const;
    void updateTitles();
    void buildPanes();
    void connectPanes();
    void announceEntered();
    void secondaryPopulated();
    void showSecondary();
    // restart: a new traversal arrived, play both from the start.
    void syncDriver(bool restart);
    void setPresenting(bool presenting);
    // Room for the halves: docks hidden, one band a side, no order note; false puts it back.
    void makeRoom(bool room);
    void showWindowCaption(bool show);

    QMainWindow *m_window;
    Document *m_document;
    CollectionPane *m_collection;
    TracePlayer *m_player;
    TracePanel *m_tracePanel;
    Settings *m_settings;
    QString m_examplesDirectory;
    mutable ExampleCatalog *m_catalog = nullptr;

    QAction *m_toggle;
    QAction *m_leave;
    QPointer<QAction> m_presenterAction;

    QString m_examplePath;
    model::QueryRequest m_request;
    QString m_patternName;
    std::shared_ptr<const model::TraceTimeline> m_primaryTimeline;

    // While active:
    QWidget *m_central = nullptr; // the halves and the timeline strip under them
    QSplitter *m_container = nullptr;
    TimelineStrip *m_strip = nullptr;
    QByteArray m_stateBefore; // the docks as they were on entering
    int m_bandsBefore = 3;
    ComparePane *m_primaryPane = nullptr;
    ComparePane *m_secondaryPane = nullptr;
    CollectionPane *m_secondaryCollection = nullptr;
    Document *m_secondary = nullptr;
    QString m_secondaryPath;
    bool m_secondaryReady = false; // its patterns have been run
    std::shared_ptr<const model::TraceTimeline> m_secondaryTimeline;
    QList<QMetaObject::Connection> m_connections;
};

} // namespace keyscope::ui
