#pragma once

#include "model/design/accesspatternrunner.h"
#include "model/query/queryrequest.h"
#include "model/query/tracetimeline.h"
#include "ui/export/diagramexporter.h"

#include <QObject>

#include <memory>
#include <optional>

namespace keyscope::ui {

class CodePanel;
class CollectionPane;
class CompareMode;
class Document;
class QueryBuilder;
class Settings;
class TracePanel;
class TracePlayer;

// The Query being shown: feeds one traversal to the collection pane (switching to the
// collection it reads), the trace panel, the player (one clock), side-by-side mode, the Query
// Builder and the code panel; and answers what is shown as an export source.
class TraceDisplay : public QObject
{
    Q_OBJECT

public:
    struct Panels
    {
        CollectionPane *collection = nullptr;
        TracePanel *tracePanel = nullptr;
        TracePlayer *player = nullptr;
        QueryBuilder *builder = nullptr;
        CodePanel *codePanel = nullptr;
        CompareMode *compare = nullptr;
    };

    TraceDisplay(Document *document, Settings *settings, const Panels &panels,
                 QObject *parent = nullptr);

    // An access pattern's verdict (null clears): its request as text, its Query loaded into the
    // builder and the code panel without running it, its traversal played.
    void showPattern(const model::PatternResult *result);
    // A page of the Query Builder's query.
    void showBuilderPage(const model::QueryRequest &request, const model::QueryResponse &response,
                         int page);

    // What the collection pane shows (with the Query's marks when it shows the collection the
    // Query read) as an export source; nullopt when there is no collection.
    std::optional<ExportDiagram::Source> diagramSource(const QString &fallbackName) const;
    // The player's step when it plays `source`'s (or, side by side, `other`'s) traversal; -1
    // when it plays neither.
    int playerStepFor(const ExportDiagram::Source &source,
                      const std::optional<ExportDiagram::Source> &other) const;

signals:
    // A Query's traversal is showing (null timeline: none), played by the player; predict mode
    // makes its lesson from it.
    void traceShown(std::shared_ptr<const model::TraceTimeline> timeline,
                    const model::QueryRequest &request, const QString &patternName);

private:
    // A new project: nothing of the previous one's Query stays (builder fields, code, the trace
    // and its player, the index and collection chosen in the collection pane).
    void projectReset();
    // Shows a Query's traversal in the collection and the trace panel, and plays it.
    // patternName: the access pattern it answers (empty for a Query Builder query).
    void showTrace(const model::QueryRequest &request, const model::QueryResponse &response,
                   std::optional<model::ItemId> parentItem, const QString &patternName);
    void clear(const model::QueryRequest &request, const QString &patternName);
    QString requestText(const model::PatternResult &result) const;

    Document *m_document;
    Settings *m_settings;
    Panels m_panels;
    // The Query drawn in the collection (for export): its timeline, request and pattern.
    std::shared_ptr<const model::TraceTimeline> m_shownTimeline;
    std::optional<model::QueryRequest> m_shownRequest;
    QString m_shownPattern;
    QString m_shownPatternDescription;
};

} // namespace keyscope::ui
