#include "model/live/liveworkflows.h"

#include "model/value/dynamojson.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace keyscope::model::live {

QString describeKeys(const KeySchema &keys)
{
    QStringList parts;
    for (const auto &k : keys.hash)
        parts << QStringLiteral("%1 (%2, HASH)").arg(k.name, AttributeValue::typeName(k.type));
    for (const auto &k : keys.range)
        parts << QStringLiteral("%1 (%2, RANGE)").arg(k.name, AttributeValue::typeName(k.type));
    return parts.join(u", ");
}

bool sameKeys(const KeySchema &a, const KeySchema &b)
{
    return describeKeys(a) == describeKeys(b);
}

QString keyText(const TableDefinition &definition, const QString &indexName, const Item &item)
{
    std::vector<KeyAttribute> keys;
    if (const IndexDefinition *index = definition.index(indexName))
        keys = index->keys.all();
    for (const auto &k : definition.keys.all())
        keys.push_back(k);
    QStringList parts;
    QStringList seen;
    for (const auto &k : keys) {
        if (seen.contains(k.name))
            continue;
        seen << k.name;
        const auto it = item.find(k.name);
        if (it == item.end())
            continue;
        const AttributeValue &value = it->second;
        const QString shown = value.type() == AttributeValue::Type::S ? value.asString()
            : value.type() == AttributeValue::Type::N                 ? value.asNumber().toString()
                                                                      : value.debugString();
        parts << k.name + u'=' + shown;
    }
    return parts.join(u' ');
}

namespace {

// A JSON object typed into the form; `what` names the field in the error.
std::variant<QJsonObject, QString> objectFrom(const QString &text, const QString &what,
                                              const QString &example)
{
    QJsonParseError parseError;
    const QJsonDocument json = QJsonDocument::fromJson(text.toUtf8(), &parseError);
    if (!json.isObject())
        return what + QStringLiteral(": ") + parseError.errorString()
            + QStringLiteral(" (write them as ") + example + u')';
    return json.object();
}

} // namespace

std::variant<QueryRequest, QString> partitionRequest(const PartitionForm &form)
{
    QueryRequest request;
    request.tableName = form.tableName;
    request.indexName = form.indexName.trimmed();
    request.keyConditionExpression = form.keyConditionExpression;
    if (!form.filterExpression.trimmed().isEmpty())
        request.filterExpression = form.filterExpression;
    request.scanIndexForward = form.scanIndexForward;
    if (form.limit > 0)
        request.limit = form.limit;

    if (!form.expressionAttributeNames.trimmed().isEmpty()) {
        auto object = objectFrom(form.expressionAttributeNames, QStringLiteral("Names"),
                                 QStringLiteral("{\"#n\": \"Name\"}"));
        if (auto *error = std::get_if<QString>(&object))
            return *error;
        std::map<QString, QString> names;
        const QJsonObject &json = std::get<QJsonObject>(object);
        for (auto it = json.begin(); it != json.end(); ++it) {
            if (!it.value().isString())
                return QStringLiteral("Names: ") + it.key() + QStringLiteral(": expected a string");
            names.emplace(it.key(), it.value().toString());
        }
        if (!names.empty())
            request.expressionAttributeNames = std::move(names);
    }

    auto object = objectFrom(form.expressionAttributeValues, QStringLiteral("Values"),
                             QStringLiteral("{\":pk\": {\"S\": \"value\"}}"));
    if (auto *error = std::get_if<QString>(&object))
        return *error;
    std::map<QString, AttributeValue> values;
    const QJsonObject &json = std::get<QJsonObject>(object);
    for (auto it = json.begin(); it != json.end(); ++it) {
        QString message;
        auto value = dynamojson::valueFromJson(it.value(), &message);
        if (!value)
            return QStringLiteral("Values: ") + it.key() + QStringLiteral(": ") + message;
        values.emplace(it.key(), *value);
    }
    if (!values.empty())
        request.expressionAttributeValues = std::move(values);
    return request;
}

Project partitionProject(const QueryRequest &request, const TableDefinition &definition,
                         const QString &endpoint, std::vector<Item> items)
{
    Project project;
    project.name = request.tableName + QStringLiteral(" (loaded from ") + endpoint + u')';
    project.description = QStringLiteral("One partition of ") + request.tableName
        + QStringLiteral(" on ") + endpoint
        + QStringLiteral(", read with the access pattern below.");
    project.table = definition;
    project.tableJson = definition.toJson();
    project.items = ItemList(items);
    AccessPattern pattern;
    pattern.name = QStringLiteral("Loaded partition");
    pattern.description = QStringLiteral("The Query that loaded these items.");
    pattern.indexName = request.indexName;
    pattern.keyConditionExpression = request.keyConditionExpression;
    pattern.filterExpression = request.filterExpression;
    if (request.expressionAttributeNames)
        pattern.names = *request.expressionAttributeNames;
    if (request.expressionAttributeValues) {
        for (const auto &[name, value] : *request.expressionAttributeValues)
            pattern.values[name] = PatternValue {QString(), value};
    }
    pattern.scanIndexForward = request.scanIndexForward;
    pattern.limit = request.limit;
    project.accessPatterns.push_back(std::move(pattern));
    return project;
}

PushCheck checkPush(LiveOperations &operations, const TableDefinition &definition,
                    const QString &endpoint, qint64 items)
{
    PushCheck check;
    check.plan
        = {endpoint, definition.tableName, items, false, false, describeKeys(definition.keys)};
    auto described = operations.describeTable(definition.tableName);
    if (auto *error = std::get_if<LiveError>(&described)) {
        if (error->code != QLatin1String("ResourceNotFoundException"))
            check.error = *error;
        return check;
    }
    check.plan.tableExists = true;
    const KeySchema &keys = std::get<TableDescription>(described).definition.keys;
    if (!sameKeys(keys, definition.keys)) {
        check.existingKeys = describeKeys(keys);
        return check;
    }
    auto has = operations.hasItems(definition.tableName);
    if (auto *error = std::get_if<LiveError>(&has))
        check.error = *error;
    else
        check.plan.tableHasItems = std::get<bool>(has);
    return check;
}

PushResult push(LiveOperations &operations, const PushPlan &plan, const TableDefinition &definition,
                const QJsonObject &tableJson, const ItemList &items,
                const LiveProgress &progress)
{
    PushResult result;
    if (!plan.tableExists) {
        auto created = operations.createTable(definition, tableJson);
        if (auto *error = std::get_if<LiveError>(&created)) {
            result.createError = *error;
            return result;
        }
    }
    result.write = operations.batchWrite(definition.tableName, items, progress);
    return result;
}

} // namespace keyscope::model::live
