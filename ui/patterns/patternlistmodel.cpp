#include "ui/patterns/patternlistmodel.h"

#include "model/design/projectfile.h"
#include "ui/icons/statusicon.h"

namespace keyscope::ui {

namespace {

// A pattern as the project file holds it: two patterns are the same when these are equal.
QJsonValue patternJson(const model::AccessPattern &pattern)
{
    model::Project project;
    project.accessPatterns = {pattern};
    return model::ProjectFile::toJson(project).value(QLatin1String("accessPatterns"));
}

const model::AccessPattern *named(const std::vector<model::AccessPattern> &patterns,
                                  const QString &name)
{
    for (const model::AccessPattern &pattern : patterns) {
        if (pattern.name == name)
            return &pattern;
    }
    return nullptr;
}

} // namespace

PatternListModel::PatternListModel(QObject *parent)
    : QAbstractListModel(parent)
{ }

void PatternListModel::setResults(std::vector<model::PatternResult> results,
                                  std::vector<model::AccessPattern> patterns)
{
    beginResetModel();
    m_results = std::move(results);
    m_patterns = std::move(patterns);
    m_judged = m_patterns;
    endResetModel();
}

void PatternListModel::setPatterns(std::vector<model::AccessPattern> patterns)
{
    // A verdict on an earlier version of a pattern is not shown for the new one.
    const auto stale = [&](const model::PatternResult &result) {
        const model::AccessPattern *judged = named(m_judged, result.name);
        const model::AccessPattern *now = named(patterns, result.name);
        return judged && now && patternJson(*judged) != patternJson(*now);
    };
    m_results.erase(std::remove_if(m_results.begin(), m_results.end(), stale), m_results.end());
    bool sameRows = patterns.size() == m_patterns.size();
    for (size_t i = 0; sameRows && i < patterns.size(); ++i)
        sameRows = patterns[i].name == m_patterns[i].name;
    if (sameRows) {
        m_patterns = std::move(patterns);
        if (!m_patterns.empty())
            emit dataChanged(index(0), index(int(m_patterns.size()) - 1));
        return;
    }
    beginResetModel();
    m_patterns = std::move(patterns);
    endResetModel();
}

QString PatternListModel::rowName(int row) const
{
    if (!m_patterns.empty())
        return m_patterns[size_t(row)].name;
    return m_results[size_t(row)].name;
}

const model::PatternResult *PatternListModel::result(int row) const
{
    if (row < 0 || row >= rowCount())
        return nullptr;
    if (m_patterns.empty())
        return &m_results[size_t(row)];
    // Usually the same place; after a move or an add, found by name.
    const QString name = rowName(row);
    if (row < int(m_results.size()) && m_results[size_t(row)].name == name)
        return &m_results[size_t(row)];
    for (const model::PatternResult &result : m_results) {
        if (result.name == name)
            return &result;
    }
    return nullptr;
}

int PatternListModel::passedCount() const
{
    int passed = 0;
    for (int row = 0; row < rowCount(); ++row) {
        const model::PatternResult *r = result(row);
        passed += r && r->passed ? 1 : 0;
    }
    return passed;
}

int PatternListModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid())
        return 0;
    return int(m_patterns.empty() ? m_results.size() : m_patterns.size());
}

QVariant PatternListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const QString name = rowName(index.row());
    const model::PatternResult *result = this->result(index.row());
    const QString description = index.row() < int(m_patterns.size())
        ? m_patterns[size_t(index.row())].description
        : QString();
    const QString explanation = result ? result->explanation : tr("Not run yet.");
    switch (role) {
    case Qt::DisplayRole:
        return name;
    case Qt::DecorationRole:
        if (!result)
            return statusIcon(StatusIconKind::Info);
        return statusIcon(result->passed ? StatusIconKind::Pass : StatusIconKind::Fail);
    case Qt::ToolTipRole:
        return explanation;
    case Qt::AccessibleTextRole:
        if (!result)
            return tr("Not run: %1").arg(name);
        return (result->passed ? tr("Passes: %1") : tr("Fails: %1")).arg(name);
    case Qt::AccessibleDescriptionRole:
    case ExplanationRole:
        return explanation;
    case PassedRole:
        return result && result->passed;
    case RunRole:
        return result != nullptr;
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
    names.insert(RunRole, "run");
    return names;
}

} // namespace keyscope::ui
