#pragma once

#include "model/design/recovery/designrecovery.h"

#include <QAbstractTableModel>

namespace keyscope::ui {

// The proposals of a design recovery under review, one row each: a checkbox (accept or keep
// the items hand-written) with the editable entity name, the item count, how sure, the key
// templates and why. Holds the user's decisions beside the result.
class ProposalModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Name, Items, Confidence, Templates, Reason, ColumnCount };

    explicit ProposalModel(QObject *parent = nullptr);

    // A new result (after a merge): decisions start from `decisions` (one per proposal, or
    // empty for accept all under the proposals' names).
    void setResult(model::recovery::RecoveryResult result,
                   std::vector<model::recovery::DesignRecovery::Decision> decisions = {});
    const model::recovery::RecoveryResult &result() const { return m_result; }
    // One per proposal; the name is the one shown (the proposal's, or what the user typed).
    const std::vector<model::recovery::DesignRecovery::Decision> &decisions() const
    {
        return m_decisions;
    }
    bool isAccepted(int row) const;
    QString name(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // "SK = READING#{ReadingNo}; GSI1SK = …"
    static QString templatesText(const model::recovery::EntityProposal &proposal);

signals:
    void decisionsChanged();

private:
    model::recovery::RecoveryResult m_result;
    std::vector<model::recovery::DesignRecovery::Decision> m_decisions;
};

} // namespace keyscope::ui
