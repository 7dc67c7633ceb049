// The project reader's entity checks: parent chains, and key templates against the table's keys.
#include "model/design/fileformat/projectreader.h"

#include "model/design/fileformat/names.h"
#include "model/io/suggestion.h"

#include "model/design/projectfile.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace keyscope::model::fileformat {

namespace {

// Settles every entity type's parent chain: whether it ends at a root, and its ancestors.
// Linear in the number of types: one index by name, and each chain walked once (a type whose
// parent is settled takes its result and ancestors from it).
class ParentChains
{
public:
    ParentChains(Reader &reader, const std::vector<EntityType> &entities,
                 std::vector<EntityInfo> &info)
        : m_reader(reader)
        , m_entities(entities)
        , m_info(info)
        , m_state(entities.size(), State::Unvisited)
    {
        for (std::size_t i = 0; i < m_entities.size(); ++i) {
            const QString &name = m_entities[i].name;
            if (!m_byName.contains(name)) {
                m_byName.insert(name, i);
                m_names << name;
            }
        }
    }

    void settleAll()
    {
        for (std::size_t i = 0; i < m_entities.size(); ++i)
            settle(i);
    }

private:
    enum class State { Unvisited, Walking, Settled };

    // Settles `start` and every unsettled type above it.
    void settle(std::size_t start)
    {
        std::vector<std::size_t> walk;
        std::optional<std::size_t> current = start;
        bool ok = true;
        while (current) {
            if (m_state[*current] == State::Settled) {
                ok = m_info[*current].chainOk;
                break;
            }
            if (m_state[*current] == State::Walking) {
                reportCycle(walk, *current);
                ok = false;
                break;
            }
            m_state[*current] = State::Walking;
            walk.push_back(*current);
            current = nextUp(*current, ok);
        }
        settleWalk(walk, ok);
    }

    // The type above `index`, or nullopt where the walk ends: at a root, or at a broken link
    // (reported; `ok` becomes false).
    std::optional<std::size_t> nextUp(std::size_t index, bool &ok)
    {
        const EntityType &entity = m_entities[index];
        EntityInfo &info = m_info[index];
        if (!info.chainOk) {
            ok = false;
            return std::nullopt;
        }
        if (entity.parent.isEmpty())
            return std::nullopt; // a root
        const QString parentPath = memberPath(info.path, QStringLiteral("parent"));
        if (entity.parent == entity.name) {
            m_reader.error(parentPath,
                           QStringLiteral("%1 names itself as its parent; a root "
                                          "type has no \"parent\"")
                               .arg(entity.name));
            info.chainOk = false;
            ok = false;
            return std::nullopt;
        }
        const auto parent = m_byName.constFind(entity.parent);
        if (parent == m_byName.constEnd()) {
            QStringList others = m_names;
            others.removeAll(entity.name);
            m_reader.error(
                parentPath,
                QStringLiteral("parent '%1' names no entity type%2 (entity types: "
                               "%3)")
                    .arg(entity.parent, didYouMean(entity.parent, others), listOrNone(others)));
            info.chainOk = false;
            ok = false;
            return std::nullopt;
        }
        return *parent;
    }

    // A cycle: the types from `current` on in the walk. Reported once, at the type that closes
    // it when that is where the walk began.
    void reportCycle(const std::vector<std::size_t> &walk, std::size_t current)
    {
        const auto from = std::find(walk.begin(), walk.end(), current);
        QStringList cycle;
        for (auto it = from; it != walk.end(); ++it)
            cycle << m_entities[*it].name;
        QStringList sorted = cycle;
        sorted.sort();
        const QString key = sorted.join(u',');
        if (m_reportedCycle.contains(key))
            return;
        m_reportedCycle.insert(key);
        const std::size_t at = *from;
        m_reader.error(memberPath(m_info[at].path, QStringLiteral("parent")),
                       QStringLiteral("the parents form a cycle (%1 -> %2); one of "
                                      "them must be a root type without \"parent\"")
                           .arg(someOf(cycle, QStringLiteral(" -> ")), m_entities[at].name));
    }

    // Everything walked shares the outcome; ancestors come from the settled parent.
    void settleWalk(const std::vector<std::size_t> &walk, bool ok)
    {
        for (auto it = walk.rbegin(); it != walk.rend(); ++it) {
            const std::size_t index = *it;
            m_state[index] = State::Settled;
            EntityInfo &info = m_info[index];
            info.chainOk = info.chainOk && ok;
            info.ancestors.clear();
            const QString &parentName = m_entities[index].parent;
            if (info.chainOk && !parentName.isEmpty()) {
                const std::size_t parent = m_byName.value(parentName);
                info.ancestors.reserve(m_info[parent].ancestors.size() + 1);
                info.ancestors << parentName << m_info[parent].ancestors;
            }
        }
    }

    Reader &m_reader;
    const std::vector<EntityType> &m_entities;
    std::vector<EntityInfo> &m_info;
    std::vector<State> m_state;
    QHash<QString, std::size_t> m_byName;
    QStringList m_names;
    QSet<QString> m_reportedCycle;
};

} // namespace

void ProjectReader::checkParents()
{
    ParentChains(m_reader, m_project.entities, m_info).settleAll();
}

void ProjectReader::checkKeys(std::size_t index)
{
    for (const auto &[attribute, text] : m_project.entities[index].keys)
        checkKeyTemplate(index, attribute, text);
    if (!m_tableOk)
        return;
    checkKeyAttributeTypes(index);
    checkPrimaryKey(index);
    checkIndexKeys(index);
}

namespace {

// The entity type has the key, by a template or an attribute of its name.
bool provides(const EntityType &entity, const QString &key)
{
    return entity.keys.count(key) > 0 || findAttribute(entity, key) != nullptr;
}

} // namespace

// A key template: for a key attribute, parsed, its placeholders resolved, its output of the
// key's type.
void ProjectReader::checkKeyTemplate(std::size_t index, const QString &attribute,
                                     const QString &text)
{
    const EntityType &entity = m_project.entities[index];
    const EntityInfo &info = m_info[index];
    const TableDefinition &table = m_project.table;
    const QStringList keyNames = table.allKeyAttributeNames();
    const QString path = info.keyPaths.value(attribute);
    if (m_tableOk && !keyNames.contains(attribute)) {
        m_reader.error(path,
                       QStringLiteral("%1 is not a key attribute of the table or of any "
                                      "index%2 (key attributes: %3); a key template "
                                      "only makes sense for a key, other attributes "
                                      "go in \"attributes\"")
                           .arg(attribute, didYouMean(attribute, keyNames), listOrNone(keyNames)));
        return;
    }
    if (findAttribute(entity, attribute)) {
        m_reader.error(path,
                       QStringLiteral("%1 is both an attribute of %2 and a key "
                                      "template; keep one (the template overwrites "
                                      "the generated value)")
                           .arg(attribute, entity.name));
    }
    const auto parsed = parseTemplate(m_reader, path, text);
    if (!parsed)
        return;
    // Placeholders must name attributes the item (or its ancestors) has.
    QStringList problems;
    const AttributeSpec *single = nullptr;
    for (const QString &placeholder : parsed->placeholders()) {
        QString why;
        const AttributeSpec *resolved = info.chainOk || !placeholder.contains(u'.')
            ? resolvePlaceholder(m_project, entity, info.ancestors, placeholder, &why)
            : nullptr;
        if (!resolved && !why.isEmpty())
            problems << why;
        single = resolved;
    }
    for (const QString &problem : problems)
        m_reader.error(path, QStringLiteral("in template \"%1\": %2").arg(text, problem));
    if (!m_tableOk || !problems.isEmpty())
        return;
    const auto keyType = keyTypeOf(table, attribute);
    if (!keyType)
        return;
    const auto &parts = parsed->parts();
    const bool isSingle = parts.size() == 1 && parts.front().isPlaceholder;
    if (*keyType == AttributeValue::Type::N) {
        static const QRegularExpression nonNumeric(QStringLiteral("[^0-9.eE+-]"));
        for (const auto &part : parts) {
            if (!part.isPlaceholder && part.text.contains(nonNumeric)) {
                m_reader.error(path,
                               QStringLiteral("in template \"%1\": %2 is %3 key, but the "
                                              "template writes the text '%4' at column %5; "
                                              "an N key's template is one placeholder over a "
                                              "number, e.g. {Seq} or {Ts|epochms}")
                                   .arg(text, attribute, keyTypeName(*keyType), part.text)
                                   .arg(part.column));
                break;
            }
        }
    } else if (*keyType == AttributeValue::Type::B) {
        if (!isSingle || !single || single->type != AttributeKind::B
            || !parts.front().filters.empty())
            m_reader.error(path,
                           QStringLiteral("in template \"%1\": %2 is a binary (B) key; "
                                          "its template must be exactly one "
                                          "placeholder over a B attribute, e.g. "
                                          "{Hash}")
                               .arg(text, attribute));
    }
}

// Attributes used directly as keys (no template) must have the key's type.
void ProjectReader::checkKeyAttributeTypes(std::size_t index)
{
    const EntityType &entity = m_project.entities[index];
    const EntityInfo &info = m_info[index];
    const TableDefinition &table = m_project.table;
    for (const auto &attribute : entity.attributes) {
        const auto keyType = keyTypeOf(table, attribute.name);
        if (!keyType || entity.keys.count(attribute.name))
            continue;
        const auto stored = storedType(attribute.type);
        if (stored != keyType) {
            m_reader.error(info.attributePaths.value(attribute.name),
                           QStringLiteral("%1 is %2, %3, but the attribute's type is %4; make "
                                          "them match")
                               .arg(attribute.name, keyRole(table, attribute.name),
                                    keyTypeName(*keyType),
                                    ProjectFile::attributeKindName(attribute.type)));
        }
    }
}

// Every item is written to the table, so it needs the table's whole primary key.
void ProjectReader::checkPrimaryKey(std::size_t index)
{
    const EntityType &entity = m_project.entities[index];
    const EntityInfo &info = m_info[index];
    const TableDefinition &table = m_project.table;
    const QString keysPath = memberPath(info.path, QStringLiteral("keys"));
    for (const auto &key : table.keys.all()) {
        if (provides(entity, key.name))
            continue;
        const bool hash = std::any_of(table.keys.hash.begin(), table.keys.hash.end(),
                                      [&](const KeyAttribute &k) { return k.name == key.name; });
        QString message
            = QStringLiteral("%1 has no template for %2 %3")
                  .arg(entity.name.isEmpty() ? QStringLiteral("the entity type") : entity.name,
                       hash ? QStringLiteral("the table's partition key")
                            : QStringLiteral("the table's sort key"),
                       key.name);
        if (entity.parent.isEmpty())
            message += QStringLiteral("; every item needs the whole primary key: add \"%1\": "
                                      "\"%2\" (or an attribute named %1)")
                           .arg(key.name, exampleTemplate(entity));
        else if (hash)
            message += QStringLiteral("; every item needs the whole primary key. To keep it in "
                                      "its parent's item collection, repeat the parent's "
                                      "partition key with {%1.<attribute>} placeholders")
                           .arg(entity.parent);
        else
            message += QStringLiteral("; every item needs the whole primary key, and its sort "
                                      "key must tell it apart from the %1 item it sits next to")
                           .arg(entity.parent);
        m_reader.error(keysPath, message);
    }
}

// An index key template is only useful if the entity has all of that index's keys.
void ProjectReader::checkIndexKeys(std::size_t index)
{
    const EntityType &entity = m_project.entities[index];
    const EntityInfo &info = m_info[index];
    const TableDefinition &table = m_project.table;
    const QStringList keyNames = table.allKeyAttributeNames();
    for (const auto &[attribute, text] : entity.keys) {
        if (table.keys.contains(attribute) || !keyNames.contains(attribute))
            continue;
        QStringList incomplete;
        bool appearsSomewhere = false;
        for (const auto &definition : table.indexes) {
            if (!definition.keys.contains(attribute))
                continue;
            QStringList missing;
            for (const auto &k : definition.keys.all()) {
                if (!provides(entity, k.name))
                    missing << k.name;
            }
            if (missing.isEmpty())
                appearsSomewhere = true;
            else
                incomplete << QStringLiteral("%1 (missing %2)")
                                  .arg(definition.name, missing.join(QStringLiteral(", ")));
        }
        if (!appearsSomewhere && !incomplete.isEmpty())
            m_reader.error(
                info.keyPaths.value(attribute),
                QStringLiteral("%1 has a template for %2 but not the other keys of "
                               "index %3, so its items never appear in it; add the "
                               "missing templates or remove this one")
                    .arg(entity.name, attribute, incomplete.join(QStringLiteral(", index "))));
    }
}

} // namespace keyscope::model::fileformat
