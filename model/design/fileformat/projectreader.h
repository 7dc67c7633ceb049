#pragma once

// Reads a Keyscope project from its JSON document, collecting every problem with its path:
// the table, entity types (attributes, generators, key templates checked against the table's
// keys and the parent chain), access patterns and their expectations, hand-written items.

#include "model/design/fileformat/readerparts.h"
#include "model/design/project.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <functional>
#include <optional>
#include <vector>

namespace keyscope::model::fileformat {

class ProjectReader
{
public:
    ProjectReader(Reader &reader)
        : m_reader(reader)
    { }

    // `streamedItems`, if given, are the file's hand-written items, read already (the
    // document's "items" is then an empty array): only their keys are checked here.
    std::optional<Project> read(const QJsonDocument &document,
                                const ItemList *streamedItems = nullptr);

private:
    bool readFormatVersion(ObjectReader &root);
    void readSeed(ObjectReader &root);
    void readTable(ObjectReader &root);
    void readEntities(ObjectReader &root);
    EntityType readEntity(const QJsonObject &json, const QString &path, EntityInfo &info);
    // readEntity() in its steps.
    bool countOverLimit(const QString &path, qint64 n);
    void readEntityCount(const QJsonValue &count, const QString &countPath, EntityType &entity);
    void readEntityCountRange(const QJsonArray &range, const QString &countPath,
                              EntityType &entity);
    void readEntityAttributes(const QJsonArray &attributes, const QString &attributesPath,
                              EntityType &entity, EntityInfo &info);
    void readEntityKeys(const QJsonObject &keys, const QString &keysPath, EntityType &entity,
                        EntityInfo &info);
    EntityWrites readWrites(const QJsonObject &json, const QString &path, const EntityType &entity);
    AttributeSpec readAttribute(const QJsonObject &json, const QString &path);
    void checkParents();
    void checkKeys(std::size_t index);
    // checkKeys() in its steps.
    void checkKeyTemplate(std::size_t index, const QString &attribute, const QString &text);
    void checkKeyAttributeTypes(std::size_t index);
    void checkPrimaryKey(std::size_t index);
    void checkIndexKeys(std::size_t index);
    void readAccessPatterns(ObjectReader &root);
    AccessPattern readAccessPattern(const QJsonObject &json, const QString &path);
    // readAccessPattern() in its steps.
    void readPatternIndex(ObjectReader &in, AccessPattern &pattern);
    void readPatternCondition(ObjectReader &in, AccessPattern &pattern);
    void readPatternParent(ObjectReader &in, AccessPattern &pattern);
    void checkPatternParentIndex(ObjectReader &in, const AccessPattern &pattern);
    void readPatternValues(const QJsonObject &values, const QString &valuesPath,
                           AccessPattern &pattern);
    void checkPatternValueTemplate(const QString &valuePath, const QString &text,
                                   const AccessPattern &pattern);
    void readExpectation(const QJsonObject &json, const QString &path, AccessPattern &pattern);
    // readExpectation() in its steps.
    void readExpectedTypes(const QJsonArray &types, const QString &typesPath,
                           PatternExpectation &expect);
    void checkOrderAttribute(const QString &attributePath, const PatternExpectation &expect);
    void readExpectedCounts(ObjectReader &in, AccessPattern &pattern);
    void readRates(ObjectReader &in, AccessPattern &pattern);
    void readItems(ObjectReader &root, const ItemList *streamedItems);
    void
    checkItemKeys(const QString &path,
                  const std::function<std::optional<AttributeValue>(const QString &)> &attribute,
                  const QStringList &keyNames);
    const EntityInfo *infoOf(const QString &entityName) const;

    Reader &m_reader;
    Project m_project;
    bool m_tableOk = false;
    std::vector<EntityInfo> m_info;
};

} // namespace keyscope::model::fileformat
