#include "ui/recovery/proposalmodel.h"

#include <QLocale>

namespace keyscope::ui {

using model::recovery::DesignRecovery;
using model::recovery::EntityProposal;
using model::recovery::RecoveryResult;

ProposalModel::ProposalModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

void ProposalModel::setResult(RecoveryResult result,
                              std::vector<DesignRecovery::Decision> decisions)
{
    beginResetModel();
    m_result = std::move(result);
    decisions.resize(m_result.proposals.size());
    for (size_t i = 0; i < decisions.size(); ++i) {
        if (decisions[i].name.isEmpty())
            decisions[i].name = m_result.proposals[i].entity.name;
    }
    m_decisions = std::move(decisions);
    endResetModel();
    emit decisionsChanged();
}

bool ProposalModel::isAccepted(int row) const
{
    return row >= 0 && row < int(m_decisions.size()) && m_decisions[size_t(row)].accept;
}

QString ProposalModel::name(int row) const
{
    return row >= 0 && row < int(m_decisions.size()) ? m_decisions[size_t(row)].name : QString();
}

int ProposalModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_result.proposals.size());
}

int ProposalModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString ProposalModel::templatesText(const EntityProposal &proposal)
{
    QStringList keys;
    for (const auto &key : proposal.keys)
        keys << key.keyAttribute + QStringLiteral(" = ") + key.templateText;
    return keys.join(QStringLiteral("; "));
}

QVariant ProposalModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const EntityProposal &proposal = m_result.proposals[size_t(index.row())];
    const DesignRecovery::Decision &decision = m_decisions[size_t(index.row())];
    const auto column = Column(index.column());
    if (role == Qt::CheckStateRole && column == Name)
        return decision.accept ? Qt::Checked : Qt::Unchecked;
    if (role == Qt::TextAlignmentRole && (column == Items || column == Confidence))
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole) {
        switch (column) {
        case Name:
            return tr("Named from %1. Space accepts or rejects it, F2 renames it.")
                .arg(proposal.nameSource);
        case Templates:
            return templatesText(proposal);
        case Reason:
            return proposal.reason;
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole && role != Qt::EditRole)
        return {};
    switch (column) {
    case Name:
        return decision.name;
    case Items:
        return role == Qt::EditRole
            ? QVariant(qlonglong(proposal.items.size()))
            : QVariant(QLocale().toString(qlonglong(proposal.items.size())));
    case Confidence:
        return role == Qt::EditRole
            ? QVariant(proposal.confidence)
            : QVariant(QStringLiteral("%1%").arg(qRound(proposal.confidence * 100)));
    case Templates:
        return templatesText(proposal);
    case Reason:
        return proposal.reason;
    case ColumnCount:
        break;
    }
    return {};
}

bool ProposalModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)
        || index.column() != Name)
        return false;
    DesignRecovery::Decision &decision = m_decisions[size_t(index.row())];
    if (role == Qt::CheckStateRole) {
        const bool accept = Qt::CheckState(value.toInt()) == Qt::Checked;
        if (accept == decision.accept)
            return true;
        decision.accept = accept;
    } else if (role == Qt::EditRole) {
        // The user's own words, without stray spaces at the ends.
        const QString name = value.toString().trimmed();
        if (name.isEmpty())
            return false;
        if (name == decision.name)
            return true;
        decision.name = name;
    } else {
        return false;
    }
    emit dataChanged(index, index);
    emit decisionsChanged();
    return true;
}

Qt::ItemFlags ProposalModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags flags = QAbstractTableModel::flags(index);
    if (index.isValid() && index.column() == Name)
        flags |= Qt::ItemIsUserCheckable | Qt::ItemIsEditable;
    return flags;
}

QVariant ProposalModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case Name:
        return tr("Entity Type");
    case Items:
        return tr("Items");
    case Confidence:
        return tr("Sure");
    case Templates:
        return tr("Key Templates");
    case Reason:
        return tr("Why");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace keyscope::ui
