#include "ui/editors/entitylistmodel.h"

#include "ui/document/document.h"
#include "ui/widgets/counted.h"

#include <QColor>
#include <QFont>
#include <QRegularExpression>

namespace keyscope::ui {

namespace {

// Whether `entity` is `candidate` or one of its ancestors: such a parent would make a cycle.
bool isAncestorOrSelf(const model::Project &project, const QString &entity, QString candidate)
{
    QStringList seen;
    while (!candidate.isEmpty() && !seen.contains(candidate)) {
        if (candidate == entity)
            return true;
        seen << candidate;
        const model::EntityType *type = project.entity(candidate);
        candidate = type ? type->parent : QString();
    }
    return false;
}

} // namespace

EntityListModel::EntityListModel(Document *document, QObject *parent)
    : QAbstractTableModel(parent)
    , m_document(document)
{
    for (const auto &entity : m_document->project().entities)
        m_names << entity.name;
    connect(m_document, &Document::projectChanged, this, &EntityListModel::projectChanged);
}

void EntityListModel::projectChanged()
{
    QStringList names;
    for (const auto &entity : m_document->project().entities)
        names << entity.name;
    if (names == m_names) {
        if (!m_names.isEmpty())
            emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
        return;
    }
    // A rename of one row keeps the rows (and the selection) in place.
    if (names.size() == m_names.size()) {
        int differing = 0;
        for (int i = 0; i < names.size(); ++i)
            differing += names[i] != m_names[i];
        if (differing == 1) {
            m_names = names;
            emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
            return;
        }
    }
    beginResetModel();
    m_names = names;
    endResetModel();
}

int EntityListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_names.size());
}

int EntityListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString EntityListModel::entityName(int row) const
{
    return row >= 0 && row < m_names.size() ? m_names.at(row) : QString();
}

int EntityListModel::rowOf(const QString &entity) const
{
    return int(m_names.indexOf(entity));
}

QString EntityListModel::countText(int countMin, int countMax)
{
    if (countMin == countMax)
        return QString::number(countMin);
    return QStringLiteral("%1–%2").arg(countMin).arg(countMax);
}

bool EntityListModel::parseCount(const QString &text, int *countMin, int *countMax)
{
    static const QRegularExpression pattern(
        QStringLiteral("^\\s*(\\d+)\\s*(?:(?:-|–|\\.\\.)\\s*(\\d+)\\s*)?$"));
    const auto match = pattern.match(text);
    if (!match.hasMatch())
        return false;
    bool ok = false;
    const int low = match.captured(1).toInt(&ok);
    if (!ok)
        return false;
    int high = low;
    if (match.hasCaptured(2)) {
        high = match.captured(2).toInt(&ok);
        if (!ok)
            return false;
    }
    if (high < low)
        return false;
    *countMin = low;
    *countMax = high;
    return true;
}

QVariant EntityListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const model::EntityType *entity = m_document->project().entity(m_names.at(index.row()));
    if (!entity)
        return {};
    if (role == EntityNameRole)
        return entity->name;
    switch (index.column()) {
    case NameColumn:
        if (role == Qt::DisplayRole || role == Qt::EditRole)
            return entity->name;
        if (role == Qt::ToolTipRole)
            return tr("%1: %2, %3")
                .arg(entity->name,
                     counted(qint64(entity->attributes.size()), tr("attribute"), tr("attributes")),
                     counted(qint64(entity->keys.size()), tr("key template"), tr("key templates")));
        break;
    case ColorColumn:
        if (role == Qt::DisplayRole || role == Qt::EditRole)
            return entity->color.toUpper();
        if (role == Qt::DecorationRole)
            return QColor::fromString(entity->color);
        if (role == Qt::FontRole) {
            QFont font;
            font.setStyleHint(QFont::Monospace);
            font.setFamily(QStringLiteral("monospace"));
            return font;
        }
        break;
    case CountColumn:
        if (role == Qt::DisplayRole || role == Qt::EditRole)
            return countText(entity->countMin, entity->countMax);
        if (role == Qt::ToolTipRole)
            return entity->parent.isEmpty()
                ? tr("How many %1 items in total (\"25\" or a range \"25-40\")").arg(entity->name)
                : tr("How many %1 items under each %2 (\"25\" or a range \"25-40\")")
                      .arg(entity->name, entity->parent);
        if (role == Qt::TextAlignmentRole)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case ParentColumn:
        if (role == Qt::DisplayRole)
            return entity->parent.isEmpty() ? tr("—") : entity->parent;
        if (role == Qt::EditRole)
            return entity->parent;
        if (role == Qt::ToolTipRole)
            return entity->parent.isEmpty()
                ? tr("A root type: no parent")
                : tr("Each %1 belongs to a %2").arg(entity->name, entity->parent);
        break;
    default:
        break;
    }
    return {};
}

QVariant EntityListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case NameColumn:
        return tr("Entity type");
    case ColorColumn:
        return tr("Colour");
    case CountColumn:
        return tr("Count");
    case ParentColumn:
        return tr("Parent");
    default:
        return {};
    }
}

Qt::ItemFlags EntityListModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable;
}

bool EntityListModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole
        || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    const QString name = m_names.at(index.row());
    const QString text = value.toString().trimmed();
    bool accepted = false;
    switch (index.column()) {
    case NameColumn:
        if (text == name)
            return true;
        accepted = m_document->renameEntity(name, text);
        if (!accepted)
            emit editRejected(text.isEmpty() ? tr("An entity type needs a name")
                                             : tr("'%1' is already an entity type").arg(text));
        break;
    case ColorColumn: {
        const QColor color = QColor::fromString(text);
        accepted = color.isValid()
            && m_document->setEntityColor(name, color.name(QColor::HexRgb).toUpper());
        if (!accepted)
            emit editRejected(tr("'%1' is not a colour: write #RRGGBB").arg(text));
        break;
    }
    case CountColumn: {
        int low = 0;
        int high = 0;
        accepted = parseCount(text, &low, &high) && m_document->setEntityCount(name, low, high);
        if (!accepted)
            emit editRejected(
                tr("'%1' is not a count: write a number (25) or a range (25-40)").arg(text));
        break;
    }
    case ParentColumn:
        accepted = !isAncestorOrSelf(m_document->project(), name, text)
            && m_document->setEntityParent(name, text);
        if (!accepted)
            emit editRejected(tr("'%1' cannot be the parent of %2").arg(text, name));
        break;
    default:
        break;
    }
    // One cell edit is one undo step.
    m_document->finishEditing();
    return accepted;
}

} // namespace keyscope::ui
