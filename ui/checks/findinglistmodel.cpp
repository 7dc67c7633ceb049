#include "ui/checks/findinglistmodel.h"

#include "ui/icons/statusicon.h"
#include "ui/widgets/counted.h"

#include <algorithm>

namespace keyscope::ui {

using model::Finding;

FindingListModel::FindingListModel(QObject *parent)
    : QAbstractListModel(parent)
{ }

void FindingListModel::setFindings(std::vector<model::Finding> findings)
{
    // Severity enumerators are declared most severe first.
    std::stable_sort(findings.begin(), findings.end(), [](const Finding &a, const Finding &b) {
        return int(a.severity) < int(b.severity);
    });
    beginResetModel();
    m_findings = std::move(findings);
    endResetModel();
}

const model::Finding *FindingListModel::finding(int row) const
{
    return row >= 0 && row < int(m_findings.size()) ? &m_findings[size_t(row)] : nullptr;
}

int FindingListModel::count(model::Finding::Severity severity) const
{
    return int(std::count_if(m_findings.begin(), m_findings.end(),
                             [severity](const Finding &f) { return f.severity == severity; }));
}

int FindingListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_findings.size());
}

QVariant FindingListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Finding &finding = m_findings[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return finding.title;
    case Qt::DecorationRole:
        switch (finding.severity) {
        case Finding::Severity::Error:
            return statusIcon(StatusIconKind::Error);
        case Finding::Severity::Warning:
            return statusIcon(StatusIconKind::Warning);
        case Finding::Severity::Info:
            return statusIcon(StatusIconKind::Info);
        }
        return {};
    case Qt::ToolTipRole:
        return finding.fix.isEmpty() ? finding.explanation
                                     : finding.explanation + QStringLiteral("\n\n") + finding.fix;
    case Qt::AccessibleTextRole:
        return QStringLiteral("%1: %2").arg(Finding::severityName(finding.severity), finding.title);
    case Qt::AccessibleDescriptionRole:
    case ExplanationRole:
        return finding.explanation;
    case SeverityRole:
        return int(finding.severity);
    case FixRole:
        return finding.fix;
    case PathRole:
        return finding.path;
    case CheckIdRole:
        return finding.id;
    default:
        return {};
    }
}

namespace {

QString itemCount(qsizetype n)
{
    return counted(n, FindingListModel::tr("item"), FindingListModel::tr("items"));
}

} // namespace

QString concernSentence(const ConcernCounts &counts)
{
    const qsizetype elsewhere = counts.inStore - counts.inCollection;
    const qsizetype unstored = counts.total - counts.inStore;
    if (counts.total == counts.inCollection)
        return counts.total == 1
            ? FindingListModel::tr("The finding concerns 1 item, in this collection.")
            : FindingListModel::tr("The finding concerns %1, all in this collection.")
                  .arg(itemCount(counts.total));
    QStringList where;
    if (counts.inCollection > 0)
        where << FindingListModel::tr("%1 in this collection").arg(counts.inCollection);
    if (elsewhere > 0)
        where << (elsewhere == 1 ? FindingListModel::tr("1 in another collection")
                                 : FindingListModel::tr("%1 in other collections").arg(elsewhere));
    if (unstored > 0)
        where << FindingListModel::tr("%1 not stored in %2").arg(unstored).arg(counts.place);
    return FindingListModel::tr("The finding concerns %1: %2.")
        .arg(itemCount(counts.total), where.join(QStringLiteral(", ")));
}

} // namespace keyscope::ui
