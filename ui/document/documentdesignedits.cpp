// Document's edits of the design: project, table, entity types, templates, access patterns.

#include "ui/document/documentdesign.h"

namespace keyscope::ui {

using model::AccessPattern;
using model::EntityType;
using model::Project;

namespace {

// Replaces "{Old." (an ancestor's attribute placeholder) with "{New.".
QString renamePlaceholders(QString text, const QString &from, const QString &to)
{
    return text.replace(QLatin1Char('{') + from + QLatin1Char('.'),
                        QLatin1Char('{') + to + QLatin1Char('.'));
}

} // namespace

int Document::entityIndex(const QString &name) const
{
    for (size_t i = 0; i < m_project.entities.size(); ++i) {
        if (m_project.entities[i].name == name)
            return int(i);
    }
    return -1;
}

void Document::setName(const QString &name)
{
    Design after = design();
    after.name = name;
    pushEdit(tr("Rename Project"), after, QStringLiteral("name"), QStringLiteral("name"));
}

void Document::setDescription(const QString &description)
{
    Design after = design();
    after.description = description;
    pushEdit(tr("Edit Description"), after, QStringLiteral("description"),
             QStringLiteral("description"));
}

void Document::setSeed(quint64 seed)
{
    Design after = design();
    after.seed = seed;
    pushEdit(tr("Change Seed"), after, QStringLiteral("seed"), QStringLiteral("seed"));
}

void Document::setTableDefinition(const model::TableDefinition &definition)
{
    Design after = design();
    after.table = definition;
    pushEdit(tr("Edit Table Definition"), after, QStringLiteral("table"), QStringLiteral("table"));
}

bool Document::addEntity(const model::EntityType &entity, int position)
{
    if (entity.name.isEmpty() || entityIndex(entity.name) >= 0)
        return false;
    Design after = design();
    if (position < 0 || position > int(after.entities.size()))
        position = int(after.entities.size());
    after.entities.insert(after.entities.begin() + position, entity);
    pushEdit(tr("Add Entity %1").arg(entity.name), after);
    return true;
}

bool Document::removeEntity(const QString &name)
{
    const int index = entityIndex(name);
    if (index < 0)
        return false;
    Design after = design();
    after.entities.erase(after.entities.begin() + index);
    pushEdit(tr("Remove Entity %1").arg(name), after);
    return true;
}

bool Document::renameEntity(const QString &from, const QString &to)
{
    const int index = entityIndex(from);
    if (index < 0 || to.isEmpty() || (to != from && entityIndex(to) >= 0))
        return false;
    Design after = design();
    for (EntityType &entity : after.entities) {
        if (entity.name == from)
            entity.name = to;
        if (entity.parent == from)
            entity.parent = to;
        for (auto &[attribute, text] : entity.keys)
            text = renamePlaceholders(text, from, to);
    }
    for (AccessPattern &pattern : after.accessPatterns) {
        if (pattern.parentEntity == from)
            pattern.parentEntity = to;
        for (QString &type : pattern.expect.entityTypes) {
            if (type == from)
                type = to;
        }
        for (auto &[placeholder, value] : pattern.values)
            value.templateText = renamePlaceholders(value.templateText, from, to);
    }
    pushEdit(tr("Rename Entity %1 to %2").arg(from, to), after,
             QStringLiteral("entity-name:") + from, QStringLiteral("entity-name:") + to);
    return true;
}

bool Document::setEntity(const QString &name, const model::EntityType &entity)
{
    const int index = entityIndex(name);
    if (index < 0 || entity.name.isEmpty()
        || (entity.name != name && entityIndex(entity.name) >= 0))
        return false;
    Design after = design();
    after.entities[size_t(index)] = entity;
    pushEdit(tr("Edit Entity %1").arg(entity.name), after, QStringLiteral("entity:") + name,
             QStringLiteral("entity:") + entity.name);
    return true;
}

bool Document::setEntityColor(const QString &entity, const QString &color)
{
    const int index = entityIndex(entity);
    if (index < 0)
        return false;
    Design after = design();
    after.entities[size_t(index)].color = color;
    const QString key = QStringLiteral("entity-color:") + entity;
    pushEdit(tr("Change Colour of %1").arg(entity), after, key, key);
    return true;
}

bool Document::setEntityCount(const QString &entity, int countMin, int countMax)
{
    const int index = entityIndex(entity);
    if (index < 0 || countMin < 0 || countMax < countMin)
        return false;
    Design after = design();
    after.entities[size_t(index)].countMin = countMin;
    after.entities[size_t(index)].countMax = countMax;
    const QString key = QStringLiteral("entity-count:") + entity;
    pushEdit(tr("Change Count of %1").arg(entity), after, key, key);
    return true;
}

bool Document::setEntityWrites(const QString &entity,
                               const std::optional<model::EntityWrites> &writes)
{
    const int index = entityIndex(entity);
    if (index < 0)
        return false;
    Design after = design();
    after.entities[size_t(index)].writes = writes;
    const QString key = QStringLiteral("entity-writes:") + entity;
    pushEdit(tr("Change Writes of %1").arg(entity), after, key, key);
    return true;
}

bool Document::setEntityCountPerParent(const QString &entity, std::optional<qint64> count)
{
    const int index = entityIndex(entity);
    if (index < 0 || (count && *count < 0))
        return false;
    Design after = design();
    after.entities[size_t(index)].countPerParent = count;
    const QString key = QStringLiteral("entity-growth:") + entity;
    pushEdit(tr("Change Count at Maturity of %1").arg(entity), after, key, key);
    return true;
}

bool Document::setEntityParent(const QString &entity, const QString &parent)
{
    const int index = entityIndex(entity);
    if (index < 0 || parent == entity || (!parent.isEmpty() && entityIndex(parent) < 0))
        return false;
    Design after = design();
    after.entities[size_t(index)].parent = parent;
    pushEdit(tr("Change Parent of %1").arg(entity), after);
    return true;
}

bool Document::setKeyTemplate(const QString &entity, const QString &keyAttribute,
                              const QString &templateText)
{
    const int index = entityIndex(entity);
    if (index < 0 || keyAttribute.isEmpty())
        return false;
    Design after = design();
    auto &keys = after.entities[size_t(index)].keys;
    if (templateText.isEmpty())
        keys.erase(keyAttribute);
    else
        keys[keyAttribute] = templateText;
    const QString key = QStringLiteral("key-template:%1/%2").arg(entity, keyAttribute);
    pushEdit(tr("Edit %1 Template of %2").arg(keyAttribute, entity), after, key, key);
    return true;
}

bool Document::patternNameTaken(const QString &name, int except) const
{
    for (size_t i = 0; i < m_project.accessPatterns.size(); ++i) {
        if (int(i) != except && m_project.accessPatterns[i].name == name)
            return true;
    }
    return false;
}

bool Document::addAccessPattern(const model::AccessPattern &pattern, int position)
{
    if (pattern.name.isEmpty() || patternNameTaken(pattern.name))
        return false;
    Design after = design();
    if (position < 0 || position > int(after.accessPatterns.size()))
        position = int(after.accessPatterns.size());
    after.accessPatterns.insert(after.accessPatterns.begin() + position, pattern);
    pushEdit(tr("Add Access Pattern %1").arg(pattern.name), after);
    return true;
}

bool Document::removeAccessPattern(int index)
{
    if (index < 0 || index >= int(m_project.accessPatterns.size()))
        return false;
    Design after = design();
    const QString name = after.accessPatterns[size_t(index)].name;
    after.accessPatterns.erase(after.accessPatterns.begin() + index);
    pushEdit(tr("Remove Access Pattern %1").arg(name), after);
    return true;
}

bool Document::applyFix(const model::DesignFix &fix, QString *why)
{
    auto fixed = model::applyFix(m_project, fix);
    if (auto *refused = std::get_if<QString>(&fixed)) {
        if (why)
            *why = *refused;
        return false;
    }
    const model::Project &project = std::get<model::Project>(fixed);
    pushEdit(tr("Apply Fix: %1").arg(fix.summary),
             Design {project.name, project.description, project.table, project.tableJson,
                     project.entities, project.seed, project.accessPatterns});
    return true;
}

bool Document::setAccessPattern(int index, const model::AccessPattern &pattern)
{
    if (index < 0 || index >= int(m_project.accessPatterns.size()) || pattern.name.isEmpty()
        || patternNameTaken(pattern.name, index))
        return false;
    Design after = design();
    after.accessPatterns[size_t(index)] = pattern;
    pushEdit(tr("Edit Access Pattern %1").arg(pattern.name), after);
    return true;
}

QString Document::duplicateAccessPattern(int index)
{
    if (index < 0 || index >= int(m_project.accessPatterns.size()))
        return {};
    model::AccessPattern copy = m_project.accessPatterns[size_t(index)];
    const QString base = copy.name;
    copy.name = tr("%1 (copy)").arg(base);
    for (int n = 2; patternNameTaken(copy.name); ++n)
        copy.name = tr("%1 (copy %2)").arg(base, QString::number(n));
    Design after = design();
    after.accessPatterns.insert(after.accessPatterns.begin() + index + 1, copy);
    pushEdit(tr("Duplicate Access Pattern %1").arg(base), after);
    return copy.name;
}

bool Document::moveAccessPattern(int from, int to)
{
    const int count = int(m_project.accessPatterns.size());
    if (from < 0 || from >= count || to < 0 || to >= count || from == to)
        return false;
    Design after = design();
    model::AccessPattern moved = after.accessPatterns[size_t(from)];
    after.accessPatterns.erase(after.accessPatterns.begin() + from);
    after.accessPatterns.insert(after.accessPatterns.begin() + to, std::move(moved));
    pushEdit(tr("Move Access Pattern %1").arg(m_project.accessPatterns[size_t(from)].name), after);
    return true;
}

} // namespace keyscope::ui
