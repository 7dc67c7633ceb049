// The project reader's access patterns: index, condition, parent, values, rates and expectations.
#include "model/design/fileformat/projectreader.h"

#include "model/design/fileformat/names.h"
#include "model/io/suggestion.h"

#include "model/value/dynamojson.h"

#include <QJsonArray>
#include <QSet>

#include <algorithm>
#include <climits>

namespace keyscope::model::fileformat {

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

} // namespace keyscope::model::fileformat
