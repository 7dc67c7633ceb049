#pragma once

#include "model/design/accesspatternrunner.h"

#include <QAbstractListModel>

#include <vector>

namespace keyscope::ui {

// The project's access patterns, one row each: name with a pass/fail badge, the explanation as
// tooltip and ExplanationRole. Rows are the patterns as they stand; a verdict is matched by
// name, so a pattern added or renamed a moment ago shows as not run until its verdict arrives.
class PatternListModel : public QAbstractListModel
{
    Q_OBJECT

public:
    enum Role { PassedRole = Qt::UserRole + 1, ExplanationRole, DescriptionRole, RunRole };

    explicit PatternListModel(QObject *parent = nullptr);

    // Verdicts with the patterns they judge (without patterns: one row per verdict).
    void setResults(std::vector<model::PatternResult> results,
                    std::vector<model::AccessPattern> patterns = {});
    // The patterns after an edit, before their verdicts: the rows follow at once.
    void setPatterns(std::vector<model::AccessPattern> patterns);
    // The verdict shown in a row; null while the pattern has not run.
    const model::PatternResult *result(int row) const;
    int passedCount() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

private:
    QString rowName(int row) const;

    std::vector<model::PatternResult> m_results;
    std::vector<model::AccessPattern> m_patterns; // the rows
    std::vector<model::AccessPattern> m_judged;   // the patterns the verdicts judged
};

} // namespace keyscope::ui
