// The project reader's outline: the document's top level (format version, seed, table, prices,
// view) and its hand-written items.
#include "model/design/fileformat/projectreader.h"

#include "model/cost/prices.h"
#include "model/design/fileformat/names.h"

#include "model/table/keyroles.h"
#include "model/value/dynamojson.h"

#include <QJsonArray>

#include <algorithm>

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
