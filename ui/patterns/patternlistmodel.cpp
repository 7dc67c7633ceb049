#include "ui/patterns/patternlistmodel.h"

#include "ui/icons/statusicon.h"

namespace keyscope::ui {

PatternListModel::PatternListModel(QObject *parent)
    : QAbstractListModel(parent)
{ }

void PatternListModel::setResults(std::vector<model::PatternResult> results,
                                  std::vector<model::AccessPattern> patterns)
{
    beginResetModel();
    m_results = std::move(results);
    m_patterns = std::move(patterns);
    endResetModel();
}

const model::PatternResult *PatternListModel::result(int row) const
{
    return row >= 0 && row < int(m_results.size()) ? &m_results[size_t(row)] : nullptr;
}

int PatternListModel::passedCount() const
{
    return int(std::count_if(m_results.begin(), m_results.end(),
                             [](const model::PatternResult &r) { return r.passed; }));
}

int PatternListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_results.size());
}

QVariant PatternListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const model::PatternResult &result = m_results[size_t(index.row())];
    const QString description = index.row() < int(m_patterns.size())
        ? m_patterns[size_t(index.row())].description
        : QString();
    switch (role) {
    case Qt::DisplayRole:
        return result.name;
    case Qt::DecorationRole:
        return statusIcon(result.passed ? StatusIconKind::Pass : StatusIconKind::Fail);
    case Qt::ToolTipRole:
        return result.explanation;
    case Qt::AccessibleTextRole:
        return (result.passed ? tr("Passes: %1") : tr("Fails: %1")).arg(result.name);
    case Qt::AccessibleDescriptionRole:
    case ExplanationRole:
        return result.explanation;
    case PassedRole:
        return result.passed;
    case DescriptionRole:
        return description;
    default:
        return {};
    }
}

QHash<int, QByteArray> PatternListModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractListModel::roleNames();
    names.insert(PassedRole, "passed");
    names.insert(ExplanationRole, "explanation");
    names.insert(DescriptionRole, "description");
    return names;
}

} // namespace keyscope::ui
