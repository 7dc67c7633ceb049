#pragma once

#include "model/design/accesspatternrunner.h"
#include "model/design/designfix.h"

#include <QHash>
#include <QString>

#include <vector>

namespace keyscope::model {

// What applying a fix does to the project's patterns, on a population made with the project's
// seed.
struct FixTrial
{
    bool applied = false; // the fix could be made and the fixed design populates
    bool passes = false;  // the pattern it was tried for passes afterwards
    int broken = 0;       // patterns that passed before and fail afterwards
    QString why;          // why it could not be applied
};

// The candidate fixes of one run's failing patterns, tried on the design. A fix that changes
// only the pattern it was made for cannot change the population, the table or another
// pattern's result, so it is tried on that pattern alone against the run's own population. A
// fix that changes the design is tried once per run (every pattern on a fresh population of
// the fixed design), however many failing patterns propose it. So diagnosing N failing copies
// of a pattern takes time linear in N, not quadratic.
class FixTrials
{
public:
    // `results`: every pattern of `project` as run on `population` and `table`, in order.
    FixTrials(const Project &project, const Population &population, const Table &table,
              const std::vector<PatternResult> &results);

    FixTrial tryFix(const DesignFix &fix, const AccessPattern &pattern);

private:
    struct DesignTrial
    {
        bool applied = false;
        QString why;
        int broken = 0;
        std::vector<bool> passes; // by the pattern's place in the project
    };

    bool changesOnly(const DesignFix &fix, const QString &pattern) const;
    FixTrial tryOnPattern(const DesignFix &fix, const AccessPattern &pattern);
    const DesignTrial &tryOnDesign(const DesignFix &fix);

    const Project &m_project;
    const Population &m_population;
    const Table &m_table;
    Project m_withoutPatterns; // the project with no access patterns, to add one to
    std::vector<bool> m_passedBefore;
    QHash<QString, qsizetype> m_placeOf;        // pattern name -> place in the project
    QHash<QString, DesignTrial> m_designTrials; // by the fix's changes
};

} // namespace keyscope::model
