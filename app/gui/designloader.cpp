#include "app/gui/designloader.h"

#include "model/value/dynamojson.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

namespace keyscope::app {

namespace {

std::optional<QJsonDocument> readJson(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    QJsonParseError parseError;
    const QByteArray bytes = file.readAll();
    QJsonDocument doc = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        const QByteArray before = bytes.left(parseError.offset);
        const int line = int(before.count('\n')) + 1;
        const int column = int(parseError.offset - before.lastIndexOf('\n'));
        *error = QStringLiteral("%1:%2:%3: %4").arg(path).arg(line).arg(column).arg(
            parseError.errorString());
        return std::nullopt;
    }
    return doc;
}

} // namespace

DesignLoadResult loadDesign(const QString &tablePath, const QString &itemsPath)
{
    DesignLoadResult result;
    auto tableJson = readJson(tablePath, &result.error);
    if (!tableJson)
        return result;
    QString error;
    auto definition = model::TableDefinition::fromJson(tableJson->object(), &error);
    if (!definition) {
        result.error = QStringLiteral("%1: %2").arg(tablePath, error);
        return result;
    }
    auto itemsJson = readJson(itemsPath, &result.error);
    if (!itemsJson)
        return result;
    QJsonArray array;
    QString arrayPath;
    if (itemsJson->isArray()) {
        array = itemsJson->array();
    } else if (itemsJson->object().contains(QLatin1String("Items"))) {
        array = itemsJson->object().value(QLatin1String("Items")).toArray();
        arrayPath = QStringLiteral("Items");
    } else {
        const QJsonObject root = itemsJson->object();
        for (auto it = root.begin(); it != root.end(); ++it) {
            for (const QJsonValue &request : it.value().toArray())
                array.append(request.toObject()
                                 .value(QLatin1String("PutRequest"))
                                 .toObject()
                                 .value(QLatin1String("Item")));
        }
        arrayPath = QStringLiteral("PutRequest.Item");
    }
    std::vector<model::Item> items;
    items.reserve(size_t(array.size()));
    for (qsizetype i = 0; i < array.size(); ++i) {
        QString path;
        auto item = model::dynamojson::itemFromJson(array.at(i), &error, &path);
        if (!item) {
            result.error = QStringLiteral("%1: item %2 (%3): %4").arg(itemsPath).arg(i).arg(path, error);
            return result;
        }
        items.push_back(std::move(*item));
    }
    auto table = std::make_shared<model::Table>(std::move(*definition));
    auto written = table->putItems(items);
    if (auto *itemError = std::get_if<model::Table::ItemError>(&written)) {
        result.error = QStringLiteral("%1: item %2: %3")
                           .arg(itemsPath)
                           .arg(itemError->index)
                           .arg(itemError->message);
        return result;
    }
    result.replaced = std::get<model::Table::LoadResult>(written).replaced;
    result.table = std::move(table);
    return result;
}

} // namespace keyscope::app
