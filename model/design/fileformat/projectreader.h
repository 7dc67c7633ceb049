#pragma once

// Reads a Keyscope project from its JSON document, collecting every problem with its path:
// the table, entity types (attributes, generators, key templates checked against the table's
// keys and the parent chain), access patterns and their expectations, hand-written items.

#include "model/design/fileformat/readerparts.h"
#include "model/design/project.h"

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
    void readTable(ObjectReader &root);
    void readEntities(ObjectReader &root);
    EntityType readEntity(const QJsonObject &json, const QString &path, EntityInfo &info);
    EntityWrites readWrites(const QJsonObject &json, const QString &path,
                            const EntityType &entity);
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
    void readExpectation(const QJsonObject &json, const QString &path, AccessPattern &pattern);
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
