#include "model/design/fileformat/projectreader.h"

#include "model/cost/prices.h"
#include "model/design/fileformat/names.h"
#include "model/io/suggestion.h"

#include "model/design/populator.h"
#include "model/design/projectfile.h"
#include "model/design/valuegenerator.h"
#include "model/table/keyroles.h"
#include "model/value/dynamojson.h"

#include <QHash>
#include <QJsonArray>
#include <QLocale>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace keyscope::model::fileformat {

using Kind = GeneratorSpec::Kind;

std::optional<Project> ProjectReader::read(const QJsonDocument &document,
                                           const ItemList *streamedItems)
{
    if (!document.isObject()) {
        m_reader.error({},
                       QStringLiteral("expected a Keyscope project: a JSON object that starts "
                                      "with {\"keyscope\": 1, ...}"));
        return std::nullopt;
    }
    ObjectReader root(m_reader, document.object(), {});
    if (!readFormatVersion(root))
        return std::nullopt;
    m_project.name = root.string(QStringLiteral("name")).value_or(QString());
    m_project.description = root.string(QStringLiteral("description")).value_or(QString());
    readSeed(root);
    readTable(root);
    readEntities(root);
    readAccessPatterns(root);
    readItems(root, streamedItems);
    if (const auto prices = root.object(QStringLiteral("prices"))) {
        m_project.prices = *prices;
        for (const auto &[path, message] : PriceTable::problems(*prices, QStringLiteral("prices")))
            m_reader.error(path, message);
    }
    if (const auto view = root.object(QStringLiteral("view")))
        m_project.view = *view;
    m_project.extra = root.extra(
        QStringList {QStringLiteral("keyscope"), QStringLiteral("name"),
                     QStringLiteral("description"), QStringLiteral("seed"), QStringLiteral("table"),
                     QStringLiteral("entities"), QStringLiteral("accessPatterns"),
                     QStringLiteral("items"), QStringLiteral("prices"), QStringLiteral("view")});
    if (m_reader.hasErrors())
        return std::nullopt;
    return std::move(m_project);
}

// "keyscope": the format version, one this Keyscope reads. False (reported) when it is not.
bool ProjectReader::readFormatVersion(ObjectReader &root)
{
    const QJsonValue version = root.take(QStringLiteral("keyscope"));
    if (version.isUndefined()) {
        const bool looksLikeTable = root.has(QStringLiteral("KeySchema"))
            || root.has(QStringLiteral("TableName")) || root.has(QStringLiteral("Table"));
        m_reader.error(QStringLiteral("keyscope"),
                       looksLikeTable
                           ? QStringLiteral("missing: this looks like a table definition, not a "
                                            "Keyscope project; a project starts with "
                                            "{\"keyscope\": 1, ...} and holds the table "
                                            "definition in \"table\"")
                           : QStringLiteral("missing: a Keyscope project starts with "
                                            "{\"keyscope\": 1, ...} (the format version)"));
        return false;
    }
    if (!isInteger(version) || version.toDouble() < 1) {
        m_reader.error(QStringLiteral("keyscope"),
                       QStringLiteral("expected the format version, a positive integer such as "
                                      "1, found %1")
                           .arg(describe(version)));
        return false;
    }
    const qint64 fileVersion = qint64(version.toDouble());
    if (fileVersion > Project::kFormatVersion) {
        // Everything else may mean something different in a newer format: stop here.
        m_reader.error(QStringLiteral("keyscope"),
                       QStringLiteral("written by a newer Keyscope (version %1); this one reads "
                                      "version %2. Open it with a newer Keyscope")
                           .arg(fileVersion)
                           .arg(Project::kFormatVersion));
        return false;
    }
    m_project.version = int(fileVersion);
    return true;
}

// "seed": a non-negative integer, as a JSON number up to 2^53 or as a string of digits.
void ProjectReader::readSeed(ObjectReader &root)
{
    const QJsonValue seed = root.take(QStringLiteral("seed"));
    if (seed.isString()) {
        bool ok = false;
        m_project.seed = seed.toString().toULongLong(&ok);
        if (!ok)
            m_reader.error(
                QStringLiteral("seed"),
                QStringLiteral("expected a non-negative integer, found %1").arg(describe(seed)));
    } else if (seed.isDouble() && seed.toDouble() > 9007199254740992.0) {
        m_reader.error(QStringLiteral("seed"),
                       QStringLiteral("is above 9007199254740992, too large for a JSON number "
                                      "to hold exactly; write it as a string of digits, e.g. "
                                      "\"18446744073709551615\""));
    } else if (!seed.isUndefined()) {
        if (const auto value
            = ObjectReader::checkInteger(m_reader, QStringLiteral("seed"), seed, 0))
            m_project.seed = quint64(*value);
    }
}

void ProjectReader::readTable(ObjectReader &root)
{
    const auto table = root.object(
        QStringLiteral("table"),
        QStringLiteral("the table definition, as `aws dynamodb create-table --cli-input-json` "
                       "takes it: {\"TableName\": ..., \"AttributeDefinitions\": [...], "
                       "\"KeySchema\": [...]}"));
    if (!table)
        return;
    m_project.tableJson = *table;
    QString error;
    auto definition = TableDefinition::fromJson(*table, &error);
    if (!definition) {
        m_reader.error(QStringLiteral("table"), error);
        return;
    }
    m_project.table = std::move(*definition);
    m_tableOk = true;
}

AttributeSpec ProjectReader::readAttribute(const QJsonObject &json, const QString &path)
{
    AttributeSpec attribute;
    ObjectReader in(m_reader, json, path);
    if (const auto name = in.string(QStringLiteral("name"),
                                    QStringLiteral("the attribute's name, e.g. \"DeviceId\""))) {
        attribute.name = *name;
        if (const auto problem = nameProblem(*name))
            m_reader.error(in.pathOf(QStringLiteral("name")), *problem);
    }
    bool typeKnown = false;
    if (const auto type = in.string(QStringLiteral("type"),
                                    QStringLiteral("the attribute's type, one of S, N, B, BOOL, "
                                                   "timestamp"))) {
        if (const auto kind = ProjectFile::attributeKindFromName(*type)) {
            attribute.type = *kind;
            typeKnown = true;
        } else {
            static const QHash<QString, QString> synonyms = {
                {QStringLiteral("string"), QStringLiteral("S")},
                {QStringLiteral("number"), QStringLiteral("N")},
                {QStringLiteral("binary"), QStringLiteral("B")},
                {QStringLiteral("boolean"), QStringLiteral("BOOL")},
                {QStringLiteral("bool"), QStringLiteral("BOOL")},
                {QStringLiteral("datetime"), QStringLiteral("timestamp")},
                {QStringLiteral("date"), QStringLiteral("timestamp")},
                {QStringLiteral("time"), QStringLiteral("timestamp")},
            };
            QString hint;
            if (synonyms.contains(type->toLower()))
                hint = QStringLiteral("; did you mean '%1'?").arg(synonyms.value(type->toLower()));
            else
                hint = didYouMean(*type, attributeKindNames());
            m_reader.error(in.pathOf(QStringLiteral("type")),
                           QStringLiteral("unknown type '%1'%2 (valid types: %3)")
                               .arg(*type, hint, attributeKindNames().join(QStringLiteral(", "))));
        }
    }
    const qsizetype errorsBefore = m_reader.errorCount();
    if (const auto generator
        = in.object(QStringLiteral("generator"),
                    QStringLiteral("how values are made, e.g. "
                                   "{\"kind\": \"sequence\", \"start\": 1}"))) {
        attribute.generator
            = readGenerator(m_reader, *generator, in.pathOf(QStringLiteral("generator")),
                            attribute.type, typeKnown);
        // What the file says is well-formed: let the generator itself judge the combination
        // (a kind that cannot make the attribute's type, ...), as population will.
        if (typeKnown && m_reader.errorCount() == errorsBefore) {
            const auto created = ValueGenerator::create(attribute);
            if (const auto *error = std::get_if<QString>(&created))
                m_reader.error(in.pathOf(QStringLiteral("generator")), *error);
        }
    }
    attribute.isMutable = in.boolean(QStringLiteral("mutable")).value_or(false);
    attribute.exposedInUrl = in.boolean(QStringLiteral("exposedInUrl")).value_or(false);
    attribute.extra = in.extra(QStringList {QStringLiteral("name"), QStringLiteral("type"),
                                            QStringLiteral("generator"), QStringLiteral("mutable"),
                                            QStringLiteral("exposedInUrl")});
    return attribute;
}

EntityType ProjectReader::readEntity(const QJsonObject &json, const QString &path, EntityInfo &info)
{
    EntityType entity;
    ObjectReader in(m_reader, json, path);
    if (const auto name = in.string(QStringLiteral("name"),
                                    QStringLiteral("the entity type's name, e.g. \"Device\""))) {
        entity.name = *name;
        if (const auto problem = nameProblem(*name))
            m_reader.error(in.pathOf(QStringLiteral("name")), *problem);
    }
    if (const auto color = in.string(QStringLiteral("color"))) {
        entity.color = *color;
        static const QRegularExpression rgb(QStringLiteral("^#[0-9A-Fa-f]{6}$"));
        if (!rgb.match(*color).hasMatch())
            m_reader.error(in.pathOf(QStringLiteral("color")),
                           QStringLiteral("expected a colour as \"#RRGGBB\" (e.g. \"#4E79A7\"), "
                                          "found \"%1\"")
                               .arg(*color));
    }
    entity.parent = in.string(QStringLiteral("parent")).value_or(QString());
    readEntityCount(in.take(QStringLiteral("count")), in.pathOf(QStringLiteral("count")), entity);
    if (const auto attributes = in.array(QStringLiteral("attributes")))
        readEntityAttributes(*attributes, in.pathOf(QStringLiteral("attributes")), entity, info);
    if (const auto keys = in.object(QStringLiteral("keys")))
        readEntityKeys(*keys, in.pathOf(QStringLiteral("keys")), entity, info);
    if (const auto count = in.integer(QStringLiteral("countPerParent"), 0))
        entity.countPerParent = *count;
    if (const auto writes = in.object(QStringLiteral("writes")))
        entity.writes = readWrites(*writes, in.pathOf(QStringLiteral("writes")), entity);
    entity.extra = in.extra(
        QStringList {QStringLiteral("name"), QStringLiteral("color"), QStringLiteral("parent"),
                     QStringLiteral("count"), QStringLiteral("attributes"), QStringLiteral("keys"),
                     QStringLiteral("countPerParent"), QStringLiteral("writes")});
    return entity;
}

// A count above what one population may hold is refused here, quoting the number as written
// (it would not fit the int it is kept in anyway).
bool ProjectReader::countOverLimit(const QString &path, qint64 n)
{
    if (n <= Populator::kMaxItems)
        return false;
    m_reader.error(path,
                   QStringLiteral("%1 items is more than Keyscope populates (at most %2 "
                                  "items in all); lower the count")
                       .arg(QLocale(QLocale::English).toString(n),
                            QLocale(QLocale::English).toString(Populator::kMaxItems)));
    return true;
}

// "count": a number of items (25) or a range [min, max].
void ProjectReader::readEntityCount(const QJsonValue &count, const QString &countPath,
                                    EntityType &entity)
{
    if (count.isDouble()) {
        if (const auto n = ObjectReader::checkInteger(m_reader, countPath, count, 0);
            n && !countOverLimit(countPath, *n))
            entity.countMin = entity.countMax = int(*n);
    } else if (count.isArray()) {
        readEntityCountRange(count.toArray(), countPath, entity);
    } else if (!count.isUndefined()) {
        m_reader.error(countPath,
                       QStringLiteral("expected a count (25) or a range [min, max] "
                                      "([25, 40]), found %1")
                           .arg(describe(count)));
    }
}

void ProjectReader::readEntityCountRange(const QJsonArray &range, const QString &countPath,
                                         EntityType &entity)
{
    if (range.size() != 2) {
        m_reader.error(countPath,
                       QStringLiteral("expected [min, max] (two integers, e.g. "
                                      "[25, 40]), found an array of %1")
                           .arg(range.size()));
        return;
    }
    const auto min
        = ObjectReader::checkInteger(m_reader, elementPath(countPath, 0), range.at(0), 0);
    const auto max
        = ObjectReader::checkInteger(m_reader, elementPath(countPath, 1), range.at(1), 0);
    if (!min || !max || countOverLimit(elementPath(countPath, 0), *min)
        || countOverLimit(elementPath(countPath, 1), *max))
        return;
    entity.countMin = int(*min);
    entity.countMax = int(*max);
    if (*min > *max)
        m_reader.error(countPath,
                       QStringLiteral("countMin %1 is greater than countMax %2: write "
                                      "[%2, %1]")
                           .arg(*min)
                           .arg(*max));
}

// "attributes": each read, names unique within the type.
void ProjectReader::readEntityAttributes(const QJsonArray &attributes,
                                         const QString &attributesPath, EntityType &entity,
                                         EntityInfo &info)
{
    QSet<QString> seen;
    for (qsizetype i = 0; i < attributes.size(); ++i) {
        const QString attributePath = elementPath(attributesPath, i);
        if (!attributes.at(i).isObject()) {
            m_reader.error(attributePath,
                           QStringLiteral("expected an attribute object {\"name\": ..., "
                                          "\"type\": ..., \"generator\": {...}}, found %1")
                               .arg(describe(attributes.at(i))));
            continue;
        }
        AttributeSpec attribute = readAttribute(attributes.at(i).toObject(), attributePath);
        if (!attribute.name.isEmpty()) {
            if (seen.contains(attribute.name))
                m_reader.error(memberPath(attributePath, QStringLiteral("name")),
                               QStringLiteral("%1 already has an attribute named %2")
                                   .arg(entity.name, attribute.name));
            seen.insert(attribute.name);
            info.attributePaths.insert(attribute.name,
                                       memberPath(attributePath, QStringLiteral("type")));
        }
        entity.attributes.push_back(std::move(attribute));
    }
}

// "keys": key attribute -> template text.
void ProjectReader::readEntityKeys(const QJsonObject &keys, const QString &keysPath,
                                   EntityType &entity, EntityInfo &info)
{
    for (auto it = keys.begin(); it != keys.end(); ++it) {
        const QString keyPath = memberPath(keysPath, it.key());
        if (!it.value().isString()) {
            m_reader.error(keyPath,
                           QStringLiteral("expected a key template string such as "
                                          "\"DEVICE#{DeviceId}\", found %1")
                               .arg(describe(it.value())));
            continue;
        }
        entity.keys[it.key()] = it.value().toString();
        info.keyPaths.insert(it.key(), keyPath);
    }
}

EntityWrites ProjectReader::readWrites(const QJsonObject &json, const QString &path,
                                       const EntityType &entity)
{
    EntityWrites writes;
    ObjectReader in(m_reader, json, path);
    writes.creates = in.number(QStringLiteral("creates"), 0).value_or(0);
    writes.updates = in.number(QStringLiteral("updates"), 0).value_or(0);
    writes.deletes = in.number(QStringLiteral("deletes"), 0).value_or(0);
    if (const auto names = in.array(QStringLiteral("updatedAttributes"))) {
        const QString namesPath = in.pathOf(QStringLiteral("updatedAttributes"));
        const QStringList known = attributeNames(entity);
        for (qsizetype i = 0; i < names->size(); ++i) {
            const QString name = names->at(i).toString();
            if (!names->at(i).isString())
                m_reader.error(elementPath(namesPath, i),
                               QStringLiteral("expected an attribute name, found %1")
                                   .arg(describe(names->at(i))));
            else if (!known.contains(name))
                m_reader.error(
                    elementPath(namesPath, i),
                    QStringLiteral("%1 has no attribute named %2%3 (attributes: %4)")
                        .arg(entity.name, name, didYouMean(name, known), listOrNone(known)));
            else
                writes.updatedAttributes << name;
        }
    }
    writes.extra
        = in.extra(QStringList {QStringLiteral("creates"), QStringLiteral("updates"),
                                QStringLiteral("deletes"), QStringLiteral("updatedAttributes")});
    return writes;
}

void ProjectReader::readEntities(ObjectReader &root)
{
    const auto entities = root.array(QStringLiteral("entities"));
    if (!entities)
        return;
    QSet<QString> names;
    for (qsizetype i = 0; i < entities->size(); ++i) {
        const QString path = elementPath(QStringLiteral("entities"), i);
        EntityInfo info;
        info.path = path;
        if (!entities->at(i).isObject()) {
            m_reader.error(path,
                           QStringLiteral("expected an entity type object {\"name\": ..., "
                                          "\"attributes\": [...], \"keys\": {...}}, "
                                          "found %1")
                               .arg(describe(entities->at(i))));
            info.chainOk = false;
            m_project.entities.emplace_back();
            m_info.push_back(info);
            continue;
        }
        EntityType entity = readEntity(entities->at(i).toObject(), path, info);
        if (!entity.name.isEmpty()) {
            if (names.contains(entity.name))
                m_reader.error(memberPath(path, QStringLiteral("name")),
                               QStringLiteral("another entity type is already named %1; names "
                                              "must be unique")
                                   .arg(entity.name));
            names.insert(entity.name);
        }
        m_project.entities.push_back(std::move(entity));
        m_info.push_back(std::move(info));
    }
    checkParents();
    for (std::size_t i = 0; i < m_project.entities.size(); ++i) {
        if (entities->at(qsizetype(i)).isObject())
            checkKeys(i);
    }
}

const EntityInfo *ProjectReader::infoOf(const QString &entityName) const
{
    for (std::size_t i = 0; i < m_project.entities.size(); ++i) {
        if (m_project.entities[i].name == entityName)
            return &m_info[i];
    }
    return nullptr;
}

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

void ProjectReader::readAccessPatterns(ObjectReader &root)
{
    const auto patterns = root.array(QStringLiteral("accessPatterns"));
    if (!patterns)
        return;
    QSet<QString> names;
    for (qsizetype i = 0; i < patterns->size(); ++i) {
        const QString path = elementPath(QStringLiteral("accessPatterns"), i);
        if (!patterns->at(i).isObject()) {
            m_reader.error(path,
                           QStringLiteral("expected an access pattern object {\"name\": "
                                          "..., \"keyCondition\": ..., ...}, found %1")
                               .arg(describe(patterns->at(i))));
            continue;
        }
        AccessPattern pattern = readAccessPattern(patterns->at(i).toObject(), path);
        if (!pattern.name.isEmpty()) {
            if (names.contains(pattern.name))
                m_reader.error(memberPath(path, QStringLiteral("name")),
                               QStringLiteral("another access pattern is already named \"%1\"; "
                                              "names must be unique")
                                   .arg(pattern.name));
            names.insert(pattern.name);
        }
        m_project.accessPatterns.push_back(std::move(pattern));
    }
}

AccessPattern ProjectReader::readAccessPattern(const QJsonObject &json, const QString &path)
{
    AccessPattern pattern;
    ObjectReader in(m_reader, json, path);
    pattern.name = in.string(QStringLiteral("name"),
                             QStringLiteral("the access pattern's name, e.g. \"Device and its "
                                            "10 newest readings\""))
                       .value_or(QString());
    pattern.description = in.string(QStringLiteral("description")).value_or(QString());
    readPatternIndex(in, pattern);
    readPatternCondition(in, pattern);
    readPatternParent(in, pattern);
    checkPatternParentIndex(in, pattern);
    if (const auto values = in.object(QStringLiteral("values")))
        readPatternValues(*values, in.pathOf(QStringLiteral("values")), pattern);
    pattern.scanIndexForward = in.boolean(QStringLiteral("scanIndexForward")).value_or(true);
    if (const auto limit = in.integer(QStringLiteral("limit"), 1))
        pattern.limit = *limit;
    pattern.consistentRead = in.boolean(QStringLiteral("consistentRead")).value_or(false);
    readRates(in, pattern);
    if (const auto expect = in.object(QStringLiteral("expect")))
        readExpectation(*expect, in.pathOf(QStringLiteral("expect")), pattern);
    pattern.extra = in.extra(QStringList {
        QStringLiteral("name"), QStringLiteral("description"), QStringLiteral("index"),
        QStringLiteral("keyCondition"), QStringLiteral("filter"), QStringLiteral("names"),
        QStringLiteral("values"), QStringLiteral("parent"), QStringLiteral("parentIndex"),
        QStringLiteral("scanIndexForward"), QStringLiteral("limit"),
        QStringLiteral("consistentRead"), QStringLiteral("rate"), QStringLiteral("averageRate"),
        QStringLiteral("expect")});
    return pattern;
}

// "index": a name of one of the table's indexes.
void ProjectReader::readPatternIndex(ObjectReader &in, AccessPattern &pattern)
{
    const auto index = in.string(QStringLiteral("index"));
    if (!index)
        return;
    pattern.indexName = *index;
    if (!m_tableOk || m_project.table.index(*index))
        return;
    QStringList indexes;
    for (const auto &definition : m_project.table.indexes)
        indexes << definition.name;
    m_reader.error(in.pathOf(QStringLiteral("index")),
                   indexes.isEmpty() ? QStringLiteral("the table has no index named %1 (it has no "
                                                      "indexes); leave \"index\" out to query the "
                                                      "table")
                                           .arg(*index)
                                     : QStringLiteral("the table has no index named %1%2 (indexes: "
                                                      "%3); leave \"index\" out to query the table")
                                           .arg(*index, didYouMean(*index, indexes),
                                                indexes.join(QStringLiteral(", "))));
}

// "keyCondition", "filter" and the "names" they use.
void ProjectReader::readPatternCondition(ObjectReader &in, AccessPattern &pattern)
{
    if (const auto condition = in.string(QStringLiteral("keyCondition"),
                                         QStringLiteral("the KeyConditionExpression, e.g. "
                                                        "\"PK = :pk\""))) {
        pattern.keyConditionExpression = *condition;
        if (condition->trimmed().isEmpty())
            m_reader.error(in.pathOf(QStringLiteral("keyCondition")),
                           QStringLiteral("is empty: a Query needs a key condition on the "
                                          "partition key, e.g. \"PK = :pk\""));
    }
    if (const auto filter = in.string(QStringLiteral("filter")))
        pattern.filterExpression = *filter;
    const auto names = in.object(QStringLiteral("names"));
    if (!names)
        return;
    for (auto it = names->begin(); it != names->end(); ++it) {
        if (!it.value().isString()) {
            m_reader.error(memberPath(in.pathOf(QStringLiteral("names")), it.key()),
                           QStringLiteral("expected the attribute name as a string, found %1")
                               .arg(describe(it.value())));
            continue;
        }
        pattern.names[it.key()] = it.value().toString();
    }
}

// "parent" (an entity type) and "parentIndex" (which of its items).
void ProjectReader::readPatternParent(ObjectReader &in, AccessPattern &pattern)
{
    if (const auto parent = in.string(QStringLiteral("parent"))) {
        pattern.parentEntity = *parent;
        if (!m_project.entity(*parent)) {
            QStringList names;
            for (const auto &entity : m_project.entities)
                names << entity.name;
            names.removeDuplicates();
            m_reader.error(in.pathOf(QStringLiteral("parent")),
                           QStringLiteral("parent '%1' names no entity type%2 (entity types: %3)")
                               .arg(*parent, didYouMean(*parent, names), listOrNone(names)));
        }
    }
    pattern.parentIndex
        = int(std::min<qint64>(in.integer(QStringLiteral("parentIndex"), 0).value_or(0), INT_MAX));
    if (in.has(QStringLiteral("parentIndex")) && pattern.parentEntity.isEmpty())
        m_reader.error(in.pathOf(QStringLiteral("parentIndex")),
                       QStringLiteral("chooses which parent item to use, but the pattern has no "
                                      "\"parent\"; add \"parent\": \"<entity type>\""));
}

// A root parent type has at most countMax items: parentIndex must name one of them.
void ProjectReader::checkPatternParentIndex(ObjectReader &in, const AccessPattern &pattern)
{
    const EntityType *parentEntity
        = pattern.parentEntity.isEmpty() ? nullptr : m_project.entity(pattern.parentEntity);
    if (!parentEntity || !parentEntity->parent.isEmpty()
        || pattern.parentIndex < parentEntity->countMax)
        return;
    m_reader.error(in.pathOf(QStringLiteral("parentIndex")),
                   QStringLiteral("there %1 (its count), so index %2 names none; "
                                  "parentIndex counts from 0 (0..%3)")
                       .arg(parentEntity->countMax == 1
                                ? QStringLiteral("is at most 1 %1 item").arg(parentEntity->name)
                                : QStringLiteral("are at most %1 %2 items")
                                      .arg(parentEntity->countMax)
                                      .arg(parentEntity->name))
                       .arg(pattern.parentIndex)
                       .arg(std::max(0, parentEntity->countMax - 1)));
}

// "values": each a key template over the parent item or a DynamoDB JSON literal.
void ProjectReader::readPatternValues(const QJsonObject &values, const QString &valuesPath,
                                      AccessPattern &pattern)
{
    for (auto it = values.begin(); it != values.end(); ++it) {
        const QString valuePath = memberPath(valuesPath, it.key());
        PatternValue value;
        if (it.value().isString()) {
            value.templateText = it.value().toString();
            checkPatternValueTemplate(valuePath, value.templateText, pattern);
        } else if (it.value().isObject()) {
            QString error;
            QString errorPath;
            value.literal = dynamojson::valueFromJson(it.value(), &error, &errorPath);
            if (!value.literal)
                m_reader.error(valuePath + errorPath, error);
        } else {
            m_reader.error(valuePath,
                           QStringLiteral("expected a key template string (\"DEVICE#"
                                          "{DeviceId}\") or a DynamoDB JSON value "
                                          "({\"S\": \"DEVICE#d-0007\"}, {\"N\": \"42\"}), "
                                          "found %1")
                               .arg(describe(it.value())));
            continue;
        }
        pattern.values[it.key()] = std::move(value);
    }
}

// A value's template parses, and its placeholders name what the parent item has.
void ProjectReader::checkPatternValueTemplate(const QString &valuePath, const QString &text,
                                              const AccessPattern &pattern)
{
    const auto parsed = parseTemplate(m_reader, valuePath, text);
    if (!parsed || parsed->placeholders().isEmpty())
        return;
    if (pattern.parentEntity.isEmpty()) {
        m_reader.error(valuePath,
                       QStringLiteral("in template \"%1\": {%2} needs an item to "
                                      "take its value from; name its type with "
                                      "\"parent\" (and \"parentIndex\" for "
                                      "which one), or give a literal such as "
                                      "{\"S\": \"...\"}")
                           .arg(text, parsed->placeholders().front()));
        return;
    }
    const EntityType *parentEntity = m_project.entity(pattern.parentEntity);
    const EntityInfo *parentInfo = parentEntity ? infoOf(pattern.parentEntity) : nullptr;
    if (!parentEntity || !parentInfo)
        return;
    for (const QString &placeholder : parsed->placeholders()) {
        // The parent item's keys are readable too: ":pk": "{PK}".
        if (parentEntity->keys.count(placeholder))
            continue;
        QString why;
        if (!resolvePlaceholder(m_project, *parentEntity, parentInfo->ancestors, placeholder, &why))
            m_reader.error(valuePath, QStringLiteral("in template \"%1\": %2").arg(text, why));
    }
}

void ProjectReader::readRates(ObjectReader &in, AccessPattern &pattern)
{
    pattern.rate = in.number(QStringLiteral("rate"), 0);
    pattern.averageRate = in.number(QStringLiteral("averageRate"), 0);
    if (pattern.rate && pattern.averageRate && *pattern.averageRate > *pattern.rate)
        m_reader.error(in.pathOf(QStringLiteral("averageRate")),
                       QStringLiteral("%1 requests per second is above the peak \"rate\" %2: "
                                      "the average cannot exceed the peak; raise \"rate\" or "
                                      "lower \"averageRate\"")
                           .arg(*pattern.averageRate)
                           .arg(*pattern.rate));
}

void ProjectReader::readExpectation(const QJsonObject &json, const QString &path,
                                    AccessPattern &pattern)
{
    PatternExpectation &expect = pattern.expect;
    ObjectReader in(m_reader, json, path);
    if (const auto types = in.array(QStringLiteral("entityTypes")))
        readExpectedTypes(*types, in.pathOf(QStringLiteral("entityTypes")), expect);
    expect.parentFirst = in.boolean(QStringLiteral("parentFirst"));
    if (expect.parentFirst && *expect.parentFirst && pattern.parentEntity.isEmpty())
        m_reader.error(in.pathOf(QStringLiteral("parentFirst")),
                       QStringLiteral("expects the parent item first, but the pattern has no "
                                      "\"parent\"; add \"parent\": \"<entity type>\""));
    if (const auto orderBy = in.object(QStringLiteral("orderBy"))) {
        ObjectReader order(m_reader, *orderBy, in.pathOf(QStringLiteral("orderBy")));
        if (const auto attribute = order.string(
                QStringLiteral("attribute"),
                QStringLiteral("the attribute the results are ordered by, e.g. \"Ts\""))) {
            expect.orderAttribute = *attribute;
            checkOrderAttribute(order.pathOf(QStringLiteral("attribute")), expect);
        }
        expect.orderAscending = !order.boolean(QStringLiteral("descending")).value_or(false);
        expect.orderByExtra
            = order.extra(QStringList {QStringLiteral("attribute"), QStringLiteral("descending")});
    }
    readExpectedCounts(in, pattern);
    expect.extra = in.extra(QStringList {QStringLiteral("entityTypes"),
                                         QStringLiteral("parentFirst"), QStringLiteral("orderBy"),
                                         QStringLiteral("count"), QStringLiteral("minCount")});
}

// "entityTypes": names of entity types that may come back.
void ProjectReader::readExpectedTypes(const QJsonArray &types, const QString &typesPath,
                                      PatternExpectation &expect)
{
    QStringList entityNames;
    for (const auto &entity : m_project.entities)
        entityNames << entity.name;
    entityNames.removeDuplicates();
    for (qsizetype i = 0; i < types.size(); ++i) {
        const QString typePath = elementPath(typesPath, i);
        if (!types.at(i).isString()) {
            m_reader.error(typePath,
                           QStringLiteral("expected an entity type name, found %1")
                               .arg(describe(types.at(i))));
            continue;
        }
        const QString name = types.at(i).toString();
        if (!m_project.entity(name))
            m_reader.error(typePath,
                           QStringLiteral("'%1' names no entity type%2 (entity types: %3)")
                               .arg(name, didYouMean(name, entityNames), listOrNone(entityNames)));
        expect.entityTypes << name;
    }
}

// The attribute must exist on some entity type that may come back.
void ProjectReader::checkOrderAttribute(const QString &attributePath,
                                        const PatternExpectation &expect)
{
    const QString &attribute = expect.orderAttribute;
    QStringList candidates;
    bool found = false;
    for (const auto &entity : m_project.entities) {
        if (!expect.entityTypes.isEmpty() && !expect.entityTypes.contains(entity.name))
            continue;
        const QStringList names = attributeNames(entity);
        for (const QString &name : names) {
            if (!candidates.contains(name))
                candidates << name;
        }
        if (names.contains(attribute) || entity.keys.count(attribute))
            found = true;
    }
    if (!found && !m_project.entities.empty())
        m_reader.error(
            attributePath,
            QStringLiteral("no %1 has an attribute %2%3 (attributes: %4)")
                .arg(expect.entityTypes.isEmpty() ? QStringLiteral("entity type")
                                                  : expect.entityTypes.join(QStringLiteral(" or ")),
                     attribute, didYouMean(attribute, candidates), listOrNone(candidates)));
}

// "count" and "minCount": consistent with each other and with the pattern's limit.
void ProjectReader::readExpectedCounts(ObjectReader &in, AccessPattern &pattern)
{
    PatternExpectation &expect = pattern.expect;
    if (const auto count = in.integer(QStringLiteral("count"), 0))
        expect.count = *count;
    if (const auto minCount = in.integer(QStringLiteral("minCount"), 0))
        expect.minCount = *minCount;
    if (expect.count && expect.minCount && *expect.minCount > *expect.count)
        m_reader.error(in.pathOf(QStringLiteral("minCount")),
                       QStringLiteral("minCount %1 is greater than count %2; the pattern could "
                                      "never pass")
                           .arg(*expect.minCount)
                           .arg(*expect.count));
    if (!pattern.limit)
        return;
    const auto overLimit = [&](const QString &key, qint64 wanted) {
        m_reader.error(in.pathOf(key),
                       QStringLiteral("%1 %2 is more than the pattern's limit %3: a page "
                                      "holds at most %4, so it could never pass")
                           .arg(key)
                           .arg(wanted)
                           .arg(*pattern.limit)
                           .arg(*pattern.limit == 1
                                    ? QStringLiteral("1 item")
                                    : QStringLiteral("%1 items").arg(*pattern.limit)));
    };
    if (expect.count && *expect.count > *pattern.limit)
        overLimit(QStringLiteral("count"), *expect.count);
    else if (expect.minCount && *expect.minCount > *pattern.limit)
        overLimit(QStringLiteral("minCount"), *expect.minCount);
}

void ProjectReader::readItems(ObjectReader &root, const ItemList *streamedItems)
{
    const auto items = root.array(QStringLiteral("items"));
    if (!items)
        return;
    // The key attributes in name order: an item's wrong key types are reported in the order
    // of its attributes.
    QStringList keyNames;
    for (const KeyRole &role : keyRoles(m_project.table)) {
        if (!keyNames.contains(role.attribute))
            keyNames << role.attribute;
    }
    std::sort(keyNames.begin(), keyNames.end());
    if (streamedItems) {
        for (size_t i = 0; i < streamedItems->size(); ++i) {
            const QString path = elementPath(QStringLiteral("items"), qsizetype(i));
            checkItemKeys(
                path, [&](const QString &name) { return streamedItems->attribute(i, name); },
                keyNames);
            if (auto error = itemSizeError(streamedItems->sizeBytes(i)))
                m_reader.error(path, *error);
        }
        m_project.items = *streamedItems;
        return;
    }
    for (qsizetype i = 0; i < items->size(); ++i) {
        const QString path = elementPath(QStringLiteral("items"), i);
        QString error;
        QString errorPath;
        const auto item = dynamojson::itemFromJson(items->at(i), &error, &errorPath);
        if (!item) {
            m_reader.error(errorPath.isEmpty() ? path : memberPath(path, errorPath), error);
            continue;
        }
        checkItemKeys(
            path,
            [&](const QString &name) -> std::optional<AttributeValue> {
                const auto it = item->find(name);
                if (it == item->end())
                    return std::nullopt;
                return it->second;
            },
            keyNames);
        if (auto error = itemSizeError(itemSizeBytes(*item)))
            m_reader.error(path, *error);
        m_project.items.push_back(*item);
    }
}

// Every item needs the table's whole primary key, and key attributes of the key's type.
void ProjectReader::checkItemKeys(
    const QString &path,
    const std::function<std::optional<AttributeValue>(const QString &)> &attribute,
    const QStringList &keyNames)
{
    if (!m_tableOk)
        return;
    const TableDefinition &table = m_project.table;
    for (const auto &key : table.keys.all()) {
        if (!attribute(key.name))
            m_reader.error(path,
                           QStringLiteral("the item has no %1 (%2); every item "
                                          "needs the table's whole primary key")
                               .arg(key.name, keyRole(table, key.name)));
    }
    for (const QString &name : keyNames) {
        const auto keyType = keyTypeOf(table, name);
        const auto value = attribute(name);
        if (keyType && value && value->type() != *keyType)
            m_reader.error(
                memberPath(path, name),
                QStringLiteral("%1 is %2, %3, but the item's value is %4")
                    .arg(name, keyRole(table, name), keyTypeName(*keyType), value->typeName()));
    }
}

} // namespace keyscope::model::fileformat
