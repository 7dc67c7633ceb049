#pragma once

#include "model/design/designchecker.h"

#include <QAbstractListModel>

#include <vector>

namespace keyscope::ui {

// Design check findings, most severe first (errors, warnings, notes; stable within a severity),
// each with a severity badge, its title, and explanation + fix as tooltip.
class FindingListModel : public QAbstractListModel
{
    Q_OBJECT

public:
    enum Role { SeverityRole = Qt::UserRole + 1, ExplanationRole, FixRole, PathRole, CheckIdRole };

    explicit FindingListModel(QObject *parent = nullptr);

    void setFindings(std::vector<model::Finding> findings);
    const model::Finding *finding(int row) const;
    int count(model::Finding::Severity severity) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    std::vector<model::Finding> m_findings;
};

// Where the items a finding concerns are, as a sentence under the Checks list: "The finding
// concerns 10 items: 1 in this collection, 9 not stored in the table." `place` names the store
// showing ("the table", "index GSI1").
struct ConcernCounts
{
    qsizetype total = 0;
    qsizetype inCollection = 0; // in the collection showing
    qsizetype inStore = 0;      // in the table or index showing, this collection included
    QString place;
};
QString concernSentence(const ConcernCounts &counts);

} // namespace keyscope::ui
