// The project reader's entity types: their attributes, counts, key templates and writes, read.
#include "model/design/fileformat/projectreader.h"

#include "model/design/fileformat/names.h"
#include "model/io/suggestion.h"

#include "model/design/populator.h"
#include "model/design/projectfile.h"
#include "model/design/valuegenerator.h"

#include <QHash>
#include <QJsonArray>
#include <QLocale>
#include <QRegularExpression>
#include <QSet>

namespace keyscope::model::fileformat {

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

} // namespace keyscope::model::fileformat
