#include "model/design/designrun.h"

#include "model/design/accesspatternrunner.h"

namespace keyscope::model {

namespace {

struct Cancelled
{ };

DesignRunError cancelledError()
{
    return {DesignRunError::Stage::Cancelled, QStringLiteral("cancelled"), {}, {}, {}};
}

bool isCancelled(const DesignRunObserver &observer)
{
    return observer.cancelled && observer.cancelled();
}

} // namespace

QString DesignRunError::withPath() const
{
    return path.isEmpty() ? message : path + QStringLiteral(": ") + message;
}

QString DesignRunError::inUserWords() const
{
    const QString where = place.isEmpty() ? path : place;
    return where.isEmpty() ? message : where + QStringLiteral(": ") + message;
}

std::variant<Population, DesignRunError> DesignRun::populate(const Project &project,
                                                             std::optional<quint64> seed,
                                                             const DesignRunObserver &observer)
{
    if (isCancelled(observer))
        return cancelledError();
    std::variant<Population, PopulationError> populated;
    try {
        populated = Populator::populate(project, seed, [&observer](qint64 done, qint64 total) {
            // The populator has no stop of its own: leave it from its progress report.
            if (isCancelled(observer))
                throw Cancelled {};
            if (observer.populating)
                observer.populating(done, total);
        });
    } catch (const Cancelled &) {
        return cancelledError();
    }
    if (isCancelled(observer))
        return cancelledError();
    if (auto *error = std::get_if<PopulationError>(&populated))
        return DesignRunError {
            DesignRunError::Stage::Population, error->message, error->path, error->place, {}};
    return std::get<Population>(std::move(populated));
}

std::variant<std::unique_ptr<Table>, DesignRunError>
DesignRun::buildTable(const Project &project, const Population &population)
{
    auto built = AccessPatternRunner::buildTable(project, population);
    if (auto *error = std::get_if<QString>(&built))
        return DesignRunError {DesignRunError::Stage::Table, *error, {}, {}, {}};
    return std::get<std::unique_ptr<Table>>(std::move(built));
}

std::variant<PreparedDesign, DesignRunError> DesignRun::prepare(const Project &project,
                                                                std::optional<quint64> seed,
                                                                const DesignRunObserver &observer)
{
    auto populated = populate(project, seed, observer);
    if (auto *error = std::get_if<DesignRunError>(&populated))
        return *error;
    PreparedDesign design;
    design.population
        = std::make_shared<const Population>(std::get<Population>(std::move(populated)));
    if (observer.buildingTable)
        observer.buildingTable();
    auto built = buildTable(project, *design.population);
    if (auto *error = std::get_if<DesignRunError>(&built))
        return *error;
    if (isCancelled(observer))
        return cancelledError();
    design.table = std::get<std::unique_ptr<Table>>(std::move(built));
    return design;
}

std::variant<DesignAnswer, DesignRunError> DesignRun::query(const Table &table,
                                                            const QueryRequest &request)
{
    auto answered = QueryEngine::query(table, request);
    if (auto *error = std::get_if<QueryError>(&answered))
        return DesignRunError {DesignRunError::Stage::Query, error->message, {}, {}, error->type};
    return DesignAnswer {request, std::get<QueryResponse>(std::move(answered)), std::nullopt};
}

std::variant<DesignAnswer, DesignRunError> DesignRun::pattern(const Project &project,
                                                              const PreparedDesign &design,
                                                              const AccessPattern &pattern)
{
    const PatternResult result
        = AccessPatternRunner::run(project, *design.population, *design.table, pattern);
    if (result.error || !result.response)
        return DesignRunError {DesignRunError::Stage::Pattern,
                               result.error ? result.error->message : result.explanation,
                               {},
                               {},
                               result.error ? result.error->type : QString()};
    DesignAnswer answer {result.request, *result.response, std::nullopt};
    answer.parentItem = result.shownParent();
    return answer;
}

TimelineOptions DesignRun::timelineOptions(const QueryRequest &request,
                                           const QueryResponse &response,
                                           std::optional<ItemId> parentItem, bool reducedMotion)
{
    TimelineOptions options;
    options.filterExpression = request.filterExpression;
    options.exclusiveStartKey = request.exclusiveStartKey;
    options.parentItem = parentItem;
    options.reducedMotion = reducedMotion;
    options.consumedCapacity = response.consumedCapacity
        ? response.consumedCapacity->capacityUnits
        : QueryEngine::capacityUnits(response.trace.bytesRead, request.consistentRead);
    return options;
}

std::shared_ptr<const TraceTimeline>
DesignRun::timeline(const Table &table, const QueryRequest &request, const QueryResponse &response,
                    std::optional<ItemId> parentItem, bool reducedMotion)
{
    return std::make_shared<const TraceTimeline>(
        response.trace, table, timelineOptions(request, response, parentItem, reducedMotion));
}

std::shared_ptr<const TraceTimeline>
DesignRun::timeline(const Table &table, const DesignAnswer &answer, bool reducedMotion)
{
    return timeline(table, answer.request, answer.response, answer.parentItem, reducedMotion);
}

} // namespace keyscope::model
