#include "model/design/fixtrials.h"

#include "model/design/populator.h"

namespace keyscope::model {

namespace {

bool isPatternChange(FixChange::Kind kind)
{
    switch (kind) {
    case FixChange::Kind::PatternDirection:
    case FixChange::Kind::PatternKeyCondition:
    case FixChange::Kind::PatternFilter:
    case FixChange::Kind::PatternValue:
    case FixChange::Kind::PatternLimit:
    case FixChange::Kind::PatternIndex:
        return true;
    default:
        return false;
    }
}

// Two fixes with the same changes do the same to the design, whatever their summaries say.
QString changesKey(const DesignFix &fix)
{
    QStringList fields;
    for (const FixChange &change : fix.changes)
        fields << FixChange::kindName(change.kind) << change.entity << change.key
               << change.attribute << change.pattern << change.valueName << change.index
               << change.before << change.after;
    return fields.join(QChar(0x1f));
}

} // namespace

FixTrials::FixTrials(const Project &project, const Population &population, const Table &table,
                     const std::vector<PatternResult> &results)
    : m_project(project)
    , m_population(population)
    , m_table(table)
    , m_withoutPatterns(project)
{
    m_withoutPatterns.accessPatterns.clear();
    m_passedBefore.resize(project.accessPatterns.size());
    for (std::size_t i = 0; i < project.accessPatterns.size(); ++i) {
        m_placeOf.insert(project.accessPatterns[i].name, qsizetype(i));
        m_passedBefore[i] = i < results.size() && results[i].passed;
    }
}

bool FixTrials::changesOnly(const DesignFix &fix, const QString &pattern) const
{
    return std::all_of(fix.changes.begin(), fix.changes.end(), [&](const FixChange &change) {
        return isPatternChange(change.kind) && change.pattern == pattern;
    });
}

FixTrial FixTrials::tryFix(const DesignFix &fix, const AccessPattern &pattern)
{
    if (changesOnly(fix, pattern.name))
        return tryOnPattern(fix, pattern);
    const DesignTrial &design = tryOnDesign(fix);
    FixTrial trial;
    trial.applied = design.applied;
    trial.why = design.why;
    trial.broken = design.broken;
    const qsizetype place = m_placeOf.value(pattern.name, -1);
    trial.passes = place >= 0 && design.passes[size_t(place)];
    return trial;
}

FixTrial FixTrials::tryOnPattern(const DesignFix &fix, const AccessPattern &pattern)
{
    FixTrial trial;
    Project alone = m_withoutPatterns;
    alone.accessPatterns.push_back(pattern);
    auto fixed = applyFix(alone, fix);
    if (auto *why = std::get_if<QString>(&fixed)) {
        trial.why = *why;
        return trial;
    }
    const Project &after = std::get<Project>(fixed);
    trial.applied = true;
    trial.passes
        = AccessPatternRunner::run(after, m_population, m_table, after.accessPatterns.front())
              .passed;
    return trial;
}

const FixTrials::DesignTrial &FixTrials::tryOnDesign(const DesignFix &fix)
{
    const QString key = changesKey(fix);
    const auto known = m_designTrials.constFind(key);
    if (known != m_designTrials.constEnd())
        return *known;
    DesignTrial &trial = m_designTrials[key];
    trial.passes.resize(m_project.accessPatterns.size());
    auto fixed = applyFix(m_project, fix);
    if (auto *why = std::get_if<QString>(&fixed)) {
        trial.why = *why;
        return trial;
    }
    const Project &after = std::get<Project>(fixed);
    auto populated = Populator::populate(after);
    if (auto *error = std::get_if<PopulationError>(&populated)) {
        trial.why = error->message;
        return trial;
    }
    const Population &population = std::get<Population>(populated);
    auto built = AccessPatternRunner::buildTable(after, population);
    if (auto *error = std::get_if<QString>(&built)) {
        trial.why = *error;
        return trial;
    }
    const Table &table = *std::get<std::unique_ptr<Table>>(built);
    trial.applied = true;
    for (const AccessPattern &pattern : after.accessPatterns) {
        const qsizetype place = m_placeOf.value(pattern.name, -1);
        if (place < 0)
            continue;
        const bool passes = AccessPatternRunner::run(after, population, table, pattern).passed;
        trial.passes[size_t(place)] = passes;
        if (!passes && m_passedBefore[size_t(place)])
            ++trial.broken;
    }
    return trial;
}

} // namespace keyscope::model
