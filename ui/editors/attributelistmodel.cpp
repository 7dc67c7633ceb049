#include "ui/editors/attributelistmodel.h"

#include "model/design/keytemplate.h"
#include "model/design/projectfile.h"
#include "model/design/valuegenerator.h"
#include "ui/document/document.h"

#include <QColor>
#include <QGuiApplication>
#include <QPalette>

#include <algorithm>

namespace keyscope::ui {

using model::AttributeKind;
using model::AttributeSpec;
using model::GeneratorSpec;
using model::ProjectFile;

namespace {

constexpr GeneratorSpec::Kind kKinds[] = {
    GeneratorSpec::Kind::Constant, GeneratorSpec::Kind::Sequence, GeneratorSpec::Kind::IntegerRange,
    GeneratorSpec::Kind::Choice,   GeneratorSpec::Kind::Names,    GeneratorSpec::Kind::Timestamp,
    GeneratorSpec::Kind::Uuid4,    GeneratorSpec::Kind::Ksuid,    GeneratorSpec::Kind::Ulid,
    GeneratorSpec::Kind::Pattern,
};

constexpr AttributeKind kTypes[] = {AttributeKind::S, AttributeKind::N, AttributeKind::B,
                                    AttributeKind::Bool, AttributeKind::Timestamp};

bool hasInstants(GeneratorSpec::Kind kind)
{
    return kind == GeneratorSpec::Kind::Timestamp || kind == GeneratorSpec::Kind::Ksuid
        || kind == GeneratorSpec::Kind::Ulid;
}

// `text` with every {from...} placeholder reading `to` instead; unparseable text is kept.
QString renamePlaceholder(const QString &text, const QString &from, const QString &to)
{
    auto parsed = model::KeyTemplate::parse(text);
    const auto *keyTemplate = std::get_if<model::KeyTemplate>(&parsed);
    if (!keyTemplate)
        return text;
    QString out = text;
    const auto &parts = keyTemplate->parts();
    for (auto part = parts.rbegin(); part != parts.rend(); ++part) {
        if (!part->isPlaceholder || part->text != from)
            continue;
        const qsizetype at = out.indexOf(from, part->column); // after the '{'
        if (at >= 0)
            out.replace(at, from.size(), to);
    }
    return out;
}

// 2024-01-01T00:00:00Z: a start every new timestamp gets.
constexpr qint64 kDefaultStartMs = 1704067200000;

} // namespace

AttributeListModel::AttributeListModel(Document *document, QObject *parent)
    : QAbstractTableModel(parent)
    , m_document(document)
{
    connect(m_document, &Document::projectChanged, this, &AttributeListModel::projectChanged);
}

void AttributeListModel::setEntity(const QString &entity)
{
    if (entity == m_entity)
        return;
    beginResetModel();
    m_entity = entity;
    const model::EntityType *type = entityType();
    m_rows = type ? int(type->attributes.size()) : 0;
    endResetModel();
}

const model::EntityType *AttributeListModel::entityType() const
{
    return m_entity.isEmpty() ? nullptr : m_document->project().entity(m_entity);
}

void AttributeListModel::projectChanged()
{
    const model::EntityType *type = entityType();
    const int rows = type ? int(type->attributes.size()) : 0;
    if (rows != m_rows) {
        beginResetModel();
        m_rows = rows;
        endResetModel();
    } else if (rows > 0) {
        emit dataChanged(index(0, 0), index(rows - 1, ColumnCount - 1));
    }
}

int AttributeListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

int AttributeListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

const AttributeSpec *AttributeListModel::attribute(int row) const
{
    const model::EntityType *type = entityType();
    if (!type || row < 0 || row >= int(type->attributes.size()))
        return nullptr;
    return &type->attributes[size_t(row)];
}

QStringList AttributeListModel::typeNames()
{
    QStringList names;
    for (AttributeKind kind : kTypes)
        names << ProjectFile::attributeKindName(kind);
    return names;
}

QStringList AttributeListModel::generatorKindNames()
{
    QStringList names;
    for (GeneratorSpec::Kind kind : kKinds)
        names << model::generatorKindName(kind);
    return names;
}

GeneratorSpec AttributeListModel::generatorForType(const AttributeSpec &spec)
{
    if (generatorProblem(spec).isEmpty())
        return spec.generator;
    // Values written for the old type ("value" for a number) are dropped; a kind that makes
    // nothing the type holds (a pattern for a timestamp) gives way to the type's own.
    AttributeSpec fresh = spec;
    fresh.generator.constant.clear();
    fresh.generator.choices.clear();
    const std::vector<GeneratorSpec::Kind> kinds = model::generatorKindsFor(spec.type);
    const bool kept = std::find(kinds.begin(), kinds.end(), spec.generator.kind) != kinds.end();
    GeneratorSpec g
        = defaultsFor(kept ? spec.generator.kind : model::defaultGeneratorKind(spec.type), fresh);
    return g;
}

QString AttributeListModel::parametersSummary(const AttributeSpec &spec)
{
    const GeneratorSpec &g = spec.generator;
    const auto instant = [](qint64 ms) { return ProjectFile::formatInstant(ms); };
    const auto duration
        = [](qint64 ms) { return ProjectFile::formatDuration(ms).toVariant().toString(); };
    const QString perParent = g.perParent ? tr(", per parent") : QString();
    switch (g.kind) {
    case GeneratorSpec::Kind::Constant:
        return QStringLiteral("\"%1\"").arg(g.constant);
    case GeneratorSpec::Kind::Sequence:
        return tr("start %1, step %2").arg(g.start).arg(g.step) + perParent;
    case GeneratorSpec::Kind::IntegerRange:
        return tr("%1 to %2").arg(g.min).arg(g.max);
    case GeneratorSpec::Kind::Choice:
        return g.choices.join(QStringLiteral(" | "));
    case GeneratorSpec::Kind::Names:
        return tr("surnames (DeBrie, Dean, ...)");
    case GeneratorSpec::Kind::Timestamp:
        if (g.random)
            return tr("random %1 to %2").arg(instant(g.min), instant(g.max));
        return tr("from %1, every %2").arg(instant(g.start), duration(g.step)) + perParent;
    case GeneratorSpec::Kind::Uuid4:
        return tr("random, no time order");
    case GeneratorSpec::Kind::Ksuid:
    case GeneratorSpec::Kind::Ulid:
        if (g.random)
            return tr("time random %1 to %2").arg(instant(g.min), instant(g.max));
        if (g.start > 1)
            return tr("time from %1, every %2").arg(instant(g.start), duration(g.step));
        return tr("time in population order");
    case GeneratorSpec::Kind::Pattern:
        return g.pattern;
    }
    return {};
}

GeneratorSpec AttributeListModel::defaultsFor(GeneratorSpec::Kind kind, const AttributeSpec &spec)
{
    GeneratorSpec g = spec.generator;
    const GeneratorSpec::Kind was = g.kind;
    g.kind = kind;
    if (hasInstants(kind) != hasInstants(was)) {
        // Integers and instants do not mean the same thing; start afresh.
        g.random = false;
        g.start = hasInstants(kind) ? kDefaultStartMs : 1;
        g.step = hasInstants(kind) ? 3600 * 1000 : 1;
        g.min = hasInstants(kind) ? kDefaultStartMs : 0;
        g.max = hasInstants(kind) ? kDefaultStartMs + 86400000LL * 30 : 100;
        if (kind == GeneratorSpec::Kind::Ksuid || kind == GeneratorSpec::Kind::Ulid) {
            g.start = 1; // "not set": ids take their time from population order
            g.step = 1;
        }
    }
    switch (kind) {
    case GeneratorSpec::Kind::Constant:
        if (g.constant.isEmpty())
            g.constant = spec.type == AttributeKind::N  ? QStringLiteral("1")
                : spec.type == AttributeKind::Bool      ? QStringLiteral("true")
                : spec.type == AttributeKind::Timestamp ? QStringLiteral("2024-01-01T00:00:00Z")
                                                        : QStringLiteral("value");
        break;
    case GeneratorSpec::Kind::IntegerRange:
        if (g.max < g.min || (g.min == 0 && g.max == 0)) {
            g.min = 0;
            g.max = 100;
        }
        break;
    case GeneratorSpec::Kind::Choice:
        if (g.choices.isEmpty())
            g.choices = spec.type == AttributeKind::N ? QStringList {"1", "2", "3"}
                : spec.type == AttributeKind::Bool    ? QStringList {"true", "false"}
                                                      : QStringList {"A", "B", "C"};
        break;
    case GeneratorSpec::Kind::Pattern:
        if (g.pattern.isEmpty())
            g.pattern = QStringLiteral("AA-####");
        break;
    default:
        break;
    }
    return g;
}

QString AttributeListModel::generatorProblem(const AttributeSpec &spec)
{
    auto created = model::ValueGenerator::create(spec);
    if (const auto *error = std::get_if<QString>(&created))
        return *error;
    return {};
}

QVariant AttributeListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const AttributeSpec *spec = attribute(index.row());
    if (!spec)
        return {};
    const bool display = role == Qt::DisplayRole || role == Qt::EditRole;
    switch (index.column()) {
    case NameColumn:
        if (display)
            return spec->name;
        break;
    case TypeColumn:
        if (display)
            return ProjectFile::attributeKindName(spec->type);
        break;
    case GeneratorColumn:
        if (display)
            return model::generatorKindName(spec->generator.kind);
        if (role == Qt::ToolTipRole || role == Qt::ForegroundRole) {
            const QString problem = generatorProblem(*spec);
            if (problem.isEmpty())
                return {};
            return role == Qt::ToolTipRole ? QVariant(problem) : QVariant(QColor(0xc0, 0x20, 0x20));
        }
        break;
    case ParametersColumn:
        if (role == Qt::DisplayRole || role == Qt::ToolTipRole)
            return parametersSummary(*spec);
        break;
    case MutableColumn:
        if (role == Qt::CheckStateRole)
            return spec->isMutable ? Qt::Checked : Qt::Unchecked;
        if (role == Qt::ToolTipRole)
            return tr(
                "Changes after the item is created (such as UpdatedAt): never put it in a key");
        break;
    case UrlColumn:
        if (role == Qt::CheckStateRole)
            return spec->exposedInUrl ? Qt::Checked : Qt::Unchecked;
        if (role == Qt::ToolTipRole)
            return tr("Appears in URLs: keys built from it should not need percent-encoding");
        break;
    default:
        break;
    }
    return {};
}

QVariant AttributeListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case NameColumn:
        return tr("Attribute");
    case TypeColumn:
        return tr("Type");
    case GeneratorColumn:
        return tr("Generator");
    case ParametersColumn:
        return tr("Parameters");
    case MutableColumn:
        return tr("Mutable");
    case UrlColumn:
        return tr("In URL");
    default:
        return {};
    }
}

Qt::ItemFlags AttributeListModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    Qt::ItemFlags flags = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    switch (index.column()) {
    case NameColumn:
    case TypeColumn:
    case GeneratorColumn:
        flags |= Qt::ItemIsEditable;
        break;
    case MutableColumn:
    case UrlColumn:
        flags |= Qt::ItemIsUserCheckable;
        break;
    default:
        break;
    }
    return flags;
}

bool AttributeListModel::replace(const model::EntityType &entity)
{
    const bool accepted = m_document->setEntity(m_entity, entity);
    // One cell edit is one undo step.
    m_document->finishEditing();
    return accepted;
}

bool AttributeListModel::setAttribute(int row, const AttributeSpec &spec)
{
    const model::EntityType *type = entityType();
    if (!type || row < 0 || row >= int(type->attributes.size()))
        return false;
    if (spec.name.isEmpty()) {
        emit editRejected(tr("An attribute needs a name"));
        return false;
    }
    for (int i = 0; i < int(type->attributes.size()); ++i) {
        if (i != row && type->attributes[size_t(i)].name == spec.name) {
            emit editRejected(tr("%1 already has an attribute %2").arg(m_entity, spec.name));
            return false;
        }
    }
    model::EntityType entity = *type;
    const QString oldName = entity.attributes[size_t(row)].name;
    entity.attributes[size_t(row)] = spec;
    // The entity's own templates, and the attributes its updates change, follow a renamed
    // attribute.
    if (oldName != spec.name) {
        for (auto &[key, text] : entity.keys)
            text = renamePlaceholder(text, oldName, spec.name);
        if (entity.writes) {
            for (QString &name : entity.writes->updatedAttributes) {
                if (name == oldName)
                    name = spec.name;
            }
        }
    }
    return replace(entity);
}

bool AttributeListModel::addAttribute()
{
    const model::EntityType *type = entityType();
    if (!type)
        return false;
    model::EntityType entity = *type;
    QString name = QStringLiteral("Attribute");
    for (int n = 2; std::any_of(entity.attributes.begin(), entity.attributes.end(),
                                [&](const AttributeSpec &a) { return a.name == name; });
         ++n)
        name = QStringLiteral("Attribute%1").arg(n);
    entity.attributes.push_back(model::newAttribute(name));
    return replace(entity);
}

bool AttributeListModel::removeAttribute(int row)
{
    const model::EntityType *type = entityType();
    if (!type || row < 0 || row >= int(type->attributes.size()))
        return false;
    model::EntityType entity = *type;
    if (entity.writes)
        entity.writes->updatedAttributes.removeAll(entity.attributes[size_t(row)].name);
    entity.attributes.erase(entity.attributes.begin() + row);
    return replace(entity);
}

bool AttributeListModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    const AttributeSpec *current = attribute(index.row());
    if (!current)
        return false;
    AttributeSpec spec = *current;
    if (role == Qt::CheckStateRole) {
        const bool checked = value.toInt() == Qt::Checked;
        if (index.column() == MutableColumn)
            spec.isMutable = checked;
        else if (index.column() == UrlColumn)
            spec.exposedInUrl = checked;
        else
            return false;
        return setAttribute(index.row(), spec);
    }
    if (role != Qt::EditRole)
        return false;
    const QString text = value.toString().trimmed();
    switch (index.column()) {
    case NameColumn:
        spec.name = text;
        break;
    case TypeColumn: {
        const auto kind = ProjectFile::attributeKindFromName(text);
        if (!kind) {
            emit editRejected(tr("'%1' is not a type: use %2").arg(text, typeNames().join(u", ")));
            return false;
        }
        spec.type = *kind;
        spec.generator = generatorForType(spec);
        break;
    }
    case GeneratorColumn: {
        const auto kind = ProjectFile::generatorKindFromName(text);
        if (!kind) {
            emit editRejected(
                tr("'%1' is not a generator: use %2").arg(text, generatorKindNames().join(u", ")));
            return false;
        }
        spec.generator = defaultsFor(*kind, spec);
        break;
    }
    default:
        return false;
    }
    if (spec.name == current->name && spec.type == current->type
        && spec.generator.kind == current->generator.kind)
        return true;
    return setAttribute(index.row(), spec);
}

} // namespace keyscope::ui
