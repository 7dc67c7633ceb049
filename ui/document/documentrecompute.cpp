// Document's background recompute: population, patterns, checks and cost, off the GUI thread.

#include "ui/document/document.h"
#include "ui/document/recomputestage.h"

#include "model/design/designrun.h"

#include <QFutureWatcher>
#include <QPromise>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

namespace keyscope::ui {

using model::Project;

using detail::RecomputeStage;

namespace {

constexpr int kTableShare = 850;
constexpr int kPatternsShare = 900;
constexpr int kChecksShare = 950;

RecomputeStage patternsStage(const Project &project, const model::PreparedDesign &design,
                             quint64 revision)
{
    RecomputeStage stage;
    stage.kind = RecomputeStage::Kind::Patterns;
    stage.revision = revision;
    stage.patterns = std::make_shared<const std::vector<model::PatternResult>>(
        model::AccessPatternRunner::runAll(project, *design.population, *design.table));
    return stage;
}

RecomputeStage checksStage(const Project &project, const model::PreparedDesign &design,
                           quint64 revision)
{
    RecomputeStage stage;
    stage.kind = RecomputeStage::Kind::Checks;
    stage.revision = revision;
    stage.findings = std::make_shared<const std::vector<model::Finding>>(
        model::DesignChecker::check(project, *design.population));
    return stage;
}

// What the design costs, on the design just populated (the Capacity panel).
RecomputeStage costStage(const Project &project, const model::PreparedDesign &design,
                         quint64 revision)
{
    RecomputeStage stage;
    stage.kind = RecomputeStage::Kind::Cost;
    stage.revision = revision;
    auto report = model::CostReport::compute(project, design);
    if (auto *error = std::get_if<QString>(&report))
        stage.error = *error;
    else
        stage.cost = std::make_shared<const model::CostReport>(
            std::move(std::get<model::CostReport>(report)));
    return stage;
}

// Runs on a pool thread; owns its copy of the project, touches nothing else.
void recompute(QPromise<RecomputeStage> &promise, std::shared_ptr<const Project> project,
               quint64 revision)
{
    promise.setProgressRange(0, 1000);
    promise.setProgressValue(0);
    RecomputeStage stage;
    stage.revision = revision;
    model::DesignRunObserver observer;
    observer.cancelled = [&promise] { return promise.isCanceled(); };
    observer.populating = [&promise](qint64 done, qint64 total) {
        // The text carries how many items are being made ("Populating 1,000,000").
        promise.setProgressValueAndText(
            total > 0 ? int(done * Document::kPopulateShare / total) : 0, QString::number(total));
    };
    observer.buildingTable = [&promise] { promise.setProgressValue(Document::kPopulateShare); };
    auto prepared = model::DesignRun::prepare(*project, {}, observer);
    if (auto *error = std::get_if<model::DesignRunError>(&prepared)) {
        if (error->stage == model::DesignRunError::Stage::Cancelled)
            return;
        // In the user's words ("the SK template of Reading"); the CLI shows the path.
        stage.error = error->inUserWords();
        promise.addResult(stage);
        return;
    }
    const auto &[population, table] = std::get<model::PreparedDesign>(prepared);
    stage.population = population;
    stage.table = table;
    promise.addResult(stage);
    promise.setProgressValue(kTableShare);

    // The stages that read the populated design, each sent as soon as it is done.
    using StageRun = RecomputeStage (*)(const Project &, const model::PreparedDesign &, quint64);
    const std::pair<StageRun, int> stages[]
        = {{patternsStage, kPatternsShare}, {checksStage, kChecksShare}, {costStage, 1000}};
    const model::PreparedDesign design {population, table};
    for (const auto &[run, share] : stages) {
        if (promise.isCanceled())
            return;
        RecomputeStage next = run(*project, design, revision);
        if (promise.isCanceled())
            return;
        promise.addResult(next);
        promise.setProgressValue(share);
    }
}

} // namespace

void Document::startRecompute()
{
    if (m_watcher) {
        // Stale work: stop listening, ask it to stop, and let it finish on its own.
        m_watcher->disconnect(this);
        m_watcher->future().cancel();
        m_watcher->deleteLater();
        m_watcher = nullptr;
    }
    m_runningRevision = m_revision;
    auto snapshot = std::make_shared<const Project>(m_project);
    auto *watcher = new QFutureWatcher<RecomputeStage>(this);
    m_watcher = watcher;
    connect(watcher, &QFutureWatcherBase::resultReadyAt, this, &Document::applyStage);
    connect(watcher, &QFutureWatcherBase::progressValueChanged, this, &Document::progressChanged);
    connect(watcher, &QFutureWatcherBase::progressTextChanged, this, [this](const QString &text) {
        m_populatingItems = text.toLongLong();
        emit populatingItemsChanged(m_populatingItems);
    });
    connect(watcher, &QFutureWatcherBase::finished, this, &Document::finishRecompute);
    m_populatingItems = 0;
    setBusy(true);
    emit progressChanged(0);
    watcher->setFuture(QtConcurrent::run(recompute, snapshot, m_revision));
}

void Document::cancelRecompute()
{
    // Once the population has arrived, the verdicts follow shortly: only populating stops.
    if (!m_watcher || !m_busy || m_resultsRevision == m_runningRevision)
        return;
    m_recomputeTimer->stop();
    m_watcher->disconnect(this);
    m_watcher->future().cancel();
    m_watcher->deleteLater();
    m_watcher = nullptr;
    // Like a population that failed: the last good collection stays, and no verdicts or
    // findings are claimed for a design that was not populated. The next edit starts over.
    m_resultsRevision = m_runningRevision;
    m_populationError = tr("Population cancelled; the collection shows the design before the "
                           "last change");
    m_patterns.clear();
    m_findings.clear();
    m_cost.reset();
    m_costError = m_populationError;
    m_costRevision = m_runningRevision;
    emit populationFailed(m_populationError);
    emit patternsReady();
    emit checksReady();
    emit costReady();
    emit progressChanged(1000);
    setBusy(false);
}

void Document::applyStage(int resultIndex)
{
    if (!m_watcher)
        return;
    const RecomputeStage stage = m_watcher->resultAt(resultIndex);
    if (stage.revision != m_runningRevision)
        return;
    switch (stage.kind) {
    case RecomputeStage::Kind::Population:
        m_resultsRevision = stage.revision;
        if (!stage.error.isEmpty()) {
            // Keep showing the last good table; the panels say why it is not current.
            m_populationError = stage.error;
            m_patterns.clear();
            m_findings.clear();
            m_cost.reset();
            m_costError = stage.error;
            m_costRevision = stage.revision;
            emit populationFailed(stage.error);
            emit patternsReady();
            emit checksReady();
            emit costReady();
            return;
        }
        m_populationError.clear();
        m_population = stage.population;
        m_table = stage.table;
        emit populationReady();
        break;
    case RecomputeStage::Kind::Patterns:
        m_patterns = *stage.patterns;
        emit patternsReady();
        break;
    case RecomputeStage::Kind::Checks:
        m_findings = *stage.findings;
        emit checksReady();
        break;
    case RecomputeStage::Kind::Cost:
        m_cost = stage.cost;
        m_costError = stage.error;
        m_costRevision = stage.revision;
        emit costReady();
        break;
    }
}

void Document::finishRecompute()
{
    if (sender() != m_watcher)
        return;
    emit progressChanged(1000);
    setBusy(false);
}

void Document::setBusy(bool busy)
{
    if (busy == m_busy)
        return;
    if (!busy)
        m_populatingItems = 0;
    m_busy = busy;
    emit busyChanged(busy);
}

} // namespace keyscope::ui
