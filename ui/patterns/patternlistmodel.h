#pragma once

#include "model/design/accesspatternrunner.h"

#include <QAbstractListModel>

#include <vector>

namespace keyscope::ui {

// The verdicts on a project's access patterns, one row each: name with a pass/fail badge,
// the explanation as tooltip and ExplanationRole.
class PatternListModel : public QAbstractListModel
{
    Q_OBJECT

public:
    enum Role { PassedRole = Qt::UserRole + 1, ExplanationRole, DescriptionRole };

    explicit PatternListModel(QObject *parent = nullptr);

    void setResults(std::vector<model::PatternResult> results,
                    std::vector<model::AccessPattern> patterns = {});
    const model::PatternResult *result(int row) const;
    int passedCount() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

private:
    std::vector<model::PatternResult> m_results;
    std::vector<model::AccessPattern> m_patterns;
};

} // namespace keyscope::ui
