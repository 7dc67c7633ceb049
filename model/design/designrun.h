#pragma once

// One run of a design, written once for every caller (the document, the exporter, `keyscope
// query --project`, the CLI's populate step, the main window's trace and side-by-side mode):
//   project -> population -> table -> Query (a request or an access pattern) -> TraceTimeline
// with progress and cancel, and one error form that each presenter words its own way.

#include "model/design/populator.h"
#include "model/design/project.h"
#include "model/query/queryengine.h"
#include "model/query/tracetimeline.h"
#include "model/table/table.h"

#include <QString>

#include <functional>
#include <memory>
#include <optional>
#include <variant>

namespace keyscope::model {

struct DesignRunError
{
    enum class Stage {
        Population, // the project does not populate
        Table,      // the items do not fit the table
        Pattern,    // an access pattern's Query does not run
        Query,      // the Query is rejected as DynamoDB would reject it
        Cancelled,  // the observer asked to stop
    };
    Stage stage = Stage::Population;
    QString message;
    QString path;  // Population: the JSON path in the project ("entities[1].keys.SK")
    QString place; // Population: the path in the user's words ("the SK template of Reading")
    QString type;  // Query: DynamoDB's error type ("ValidationException")

    // "entities[1].keys.SK: MESSAGE" (the message alone when there is no path): the CLI's form,
    // after the file name.
    QString withPath() const;
    // "the SK template of Reading: MESSAGE" (the path when there is no place): the app's form.
    QString inUserWords() const;
};

// What a run reports while it works, and how it is stopped. Every member may be empty.
struct DesignRunObserver
{
    std::function<void(qint64 done, qint64 total)> populating;
    std::function<void()> buildingTable; // the population is made; the table is next
    std::function<bool()> cancelled;     // asked between steps and while populating
};

// A populated design and the table its items are in (ItemId = population index).
struct PreparedDesign
{
    std::shared_ptr<const Population> population;
    std::shared_ptr<const Table> table;
};

// One Query page that ran: the request as sent (an access pattern's values rendered), what
// came back, and the item the pattern is about.
struct DesignAnswer
{
    QueryRequest request;
    QueryResponse response;
    std::optional<ItemId> parentItem;
};

class DesignRun
{
public:
    static std::variant<Population, DesignRunError>
    populate(const Project &project, std::optional<quint64> seed = {},
             const DesignRunObserver &observer = {});
    static std::variant<std::unique_ptr<Table>, DesignRunError>
    buildTable(const Project &project, const Population &population);
    // populate + buildTable.
    static std::variant<PreparedDesign, DesignRunError>
    prepare(const Project &project, std::optional<quint64> seed = {},
            const DesignRunObserver &observer = {});

    // One Query page on a table.
    static std::variant<DesignAnswer, DesignRunError> query(const Table &table,
                                                            const QueryRequest &request);
    // An access pattern's Query on a prepared design; Stage::Pattern when it does not run.
    static std::variant<DesignAnswer, DesignRunError>
    pattern(const Project &project, const PreparedDesign &design, const AccessPattern &pattern);

    // The timeline every view and export plays for an answer: the filter and start key named,
    // the parent item placed, the capacity the response reports (or the engine's estimate).
    static TimelineOptions timelineOptions(const QueryRequest &request,
                                           const QueryResponse &response,
                                           std::optional<ItemId> parentItem, bool reducedMotion);
    static std::shared_ptr<const TraceTimeline>
    timeline(const Table &table, const QueryRequest &request, const QueryResponse &response,
             std::optional<ItemId> parentItem, bool reducedMotion);
    static std::shared_ptr<const TraceTimeline>
    timeline(const Table &table, const DesignAnswer &answer, bool reducedMotion);
};

} // namespace keyscope::model
