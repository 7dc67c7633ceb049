#include "ui/editors/indexlistmodel.h"

namespace keyscope::ui {

IndexListModel::IndexListModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

void IndexListModel::setIndexes(const std::vector<model::IndexDefinition> &indexes)
{
    if (indexes.size() != m_indexes.size()) {
        beginResetModel();
        m_indexes = indexes;
        endResetModel();
        return;
    }
    m_indexes = indexes;
    if (!m_indexes.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int IndexListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_indexes.size());
}

int IndexListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString IndexListModel::keysText(const std::vector<model::KeyAttribute> &keys)
{
    QStringList parts;
    for (const auto &key : keys)
        parts << QStringLiteral("%1 (%2)").arg(key.name, model::AttributeValue::typeName(key.type));
    return parts.isEmpty() ? QStringLiteral("—") : parts.join(QStringLiteral(" + "));
}

QString IndexListModel::projectionText(const model::IndexDefinition &index)
{
    switch (index.projection) {
    case model::ProjectionType::KeysOnly:
        return QStringLiteral("KEYS_ONLY");
    case model::ProjectionType::Include:
        return QStringLiteral("INCLUDE %1").arg(index.nonKeyAttributes.join(QStringLiteral(", ")));
    case model::ProjectionType::All:
        return QStringLiteral("ALL");
    }
    return {};
}

QVariant IndexListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const model::IndexDefinition &definition = m_indexes[size_t(index.row())];
    if (role == Qt::ToolTipRole && index.column() == KindColumn)
        return definition.isGlobal()
            ? tr("Global secondary index: its own partition key, up to 4 + 4 key "
                 "attributes")
            : tr("Local secondary index: the table's partition key, another sort key");
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case NameColumn:
        return definition.name;
    case KindColumn:
        return definition.isGlobal() ? QStringLiteral("GSI") : QStringLiteral("LSI");
    case HashColumn:
        return keysText(definition.keys.hash);
    case RangeColumn:
        return keysText(definition.keys.range);
    case ProjectionColumn:
        return projectionText(definition);
    default:
        return {};
    }
}

QVariant IndexListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case NameColumn:
        return tr("Index");
    case KindColumn:
        return tr("Kind");
    case HashColumn:
        return tr("Partition key");
    case RangeColumn:
        return tr("Sort key");
    case ProjectionColumn:
        return tr("Projection");
    default:
        return {};
    }
}

} // namespace keyscope::ui
