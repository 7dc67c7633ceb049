#include "model/live/liveoperations.h"

#include "model/interop/itemsformats.h"

#include "model/value/dynamojson.h"

#include <QJsonArray>

#include <map>

namespace keyscope::model::live {

namespace {

LiveError malformed(const DynamoClient &client, const QString &operation, const QString &what)
{
    LiveError error;
    error.kind = LiveError::Kind::Malformed;
    error.operation = operation;
    error.message = QStringLiteral("%1 answered the %2 request with a malformed response: %3")
                        .arg(client.endpointName(), operation, what);
    return error;
}

QJsonObject itemJson(const Item &item)
{
    return dynamojson::itemToJson(item);
}

} // namespace

std::variant<QStringList, LiveError> LiveOperations::listTables()
{
    QStringList names;
    QString start;
    for (;;) {
        QJsonObject body;
        if (!start.isEmpty())
            body.insert(QStringLiteral("ExclusiveStartTableName"), start);
        auto result = m_client.call(QStringLiteral("ListTables"), body);
        if (auto *error = std::get_if<LiveError>(&result))
            return *error;
        const QJsonObject page = std::get<QJsonObject>(result);
        const QJsonValue tableNames = page.value(QLatin1String("TableNames"));
        if (!tableNames.isArray())
            return malformed(m_client, QStringLiteral("ListTables"),
                             QStringLiteral("no TableNames array"));
        for (const QJsonValue &name : tableNames.toArray())
            names << name.toString();
        start = page.value(QLatin1String("LastEvaluatedTableName")).toString();
        if (start.isEmpty())
            return names;
    }
}

std::variant<TableDescription, LiveError> LiveOperations::describeTable(const QString &table)
{
    const QString operation = QStringLiteral("DescribeTable");
    auto result = m_client.call(operation, QJsonObject {{QStringLiteral("TableName"), table}});
    if (auto *error = std::get_if<LiveError>(&result))
        return *error;
    const QJsonValue tableJson = std::get<QJsonObject>(result).value(QLatin1String("Table"));
    if (!tableJson.isObject())
        return malformed(m_client, operation, QStringLiteral("no Table object"));
    TableDescription description;
    description.raw = tableJson.toObject();
    QString error;
    auto definition = TableDefinition::fromJson(description.raw, &error);
    if (!definition)
        return malformed(m_client, operation,
                         QStringLiteral("the table's description cannot be read: %1").arg(error));
    description.definition = std::move(*definition);
    description.status = description.raw.value(QLatin1String("TableStatus")).toString();
    if (description.raw.contains(QLatin1String("ItemCount")))
        description.itemCount
            = qint64(description.raw.value(QLatin1String("ItemCount")).toDouble());
    if (description.raw.contains(QLatin1String("TableSizeBytes")))
        description.sizeBytes
            = qint64(description.raw.value(QLatin1String("TableSizeBytes")).toDouble());
    return description;
}

ItemList LiveOperations::uniqueByKey(const TableDefinition &definition, const ItemList &items)
{
    return ItemsFormats::uniqueByKey(items, definition.keys);
}

QJsonObject LiveOperations::queryToJson(const QueryRequest &request)
{
    QJsonObject body;
    body.insert(QStringLiteral("TableName"), request.tableName);
    if (!request.indexName.isEmpty())
        body.insert(QStringLiteral("IndexName"), request.indexName);
    body.insert(QStringLiteral("KeyConditionExpression"), request.keyConditionExpression);
    if (request.filterExpression)
        body.insert(QStringLiteral("FilterExpression"), *request.filterExpression);
    if (request.projectionExpression)
        body.insert(QStringLiteral("ProjectionExpression"), *request.projectionExpression);
    if (request.expressionAttributeNames) {
        QJsonObject names;
        for (const auto &[key, value] : *request.expressionAttributeNames)
            names.insert(key, value);
        body.insert(QStringLiteral("ExpressionAttributeNames"), names);
    }
    if (request.expressionAttributeValues) {
        QJsonObject values;
        for (const auto &[key, value] : *request.expressionAttributeValues)
            values.insert(key, dynamojson::valueToJson(value));
        body.insert(QStringLiteral("ExpressionAttributeValues"), values);
    }
    if (!request.scanIndexForward)
        body.insert(QStringLiteral("ScanIndexForward"), false);
    if (request.limit)
        body.insert(QStringLiteral("Limit"), double(*request.limit));
    if (request.exclusiveStartKey)
        body.insert(QStringLiteral("ExclusiveStartKey"), itemJson(*request.exclusiveStartKey));
    if (request.select)
        body.insert(QStringLiteral("Select"), *request.select);
    if (request.consistentRead)
        body.insert(QStringLiteral("ConsistentRead"), true);
    if (!request.returnConsumedCapacity.isEmpty())
        body.insert(QStringLiteral("ReturnConsumedCapacity"), request.returnConsumedCapacity);
    return body;
}

ReadResult LiveOperations::readAll(const QString &operation, QJsonObject body, qint64 maxItems,
                                   const LiveProgress &progress)
{
    ReadResult read;
    for (;;) {
        if (m_client.cancelled()) {
            LiveError error;
            error.kind = LiveError::Kind::Cancelled;
            error.operation = operation;
            error.message = QStringLiteral("cancelled");
            read.error = error;
            return read;
        }
        auto result = m_client.call(operation, body);
        if (auto *error = std::get_if<LiveError>(&result)) {
            read.error = *error;
            return read;
        }
        const QJsonObject page = std::get<QJsonObject>(result);
        const QJsonValue items = page.value(QLatin1String("Items"));
        const bool countOnly
            = body.value(QLatin1String("Select")).toString() == QLatin1String("COUNT");
        if (!items.isArray() && !(countOnly && page.contains(QLatin1String("Count")))) {
            read.error = malformed(m_client, operation, QStringLiteral("no Items array"));
            return read;
        }
        ++read.pages;
        const QJsonArray array = items.toArray();
        qint64 taken = 0;
        for (qsizetype i = 0; i < array.size(); ++i) {
            if (maxItems > 0 && qint64(read.items.size()) >= maxItems) {
                // The cap falls inside this page: stop after the last item kept.
                read.capped = true;
                break;
            }
            QString message;
            QString path;
            auto item = dynamojson::itemFromJson(array.at(i), &message, &path);
            if (!item) {
                read.error = malformed(
                    m_client, operation,
                    QStringLiteral("Items[%1]%2: %3")
                        .arg(i)
                        .arg(path.isEmpty() ? QString() : QLatin1Char('.') + path, message));
                return read;
            }
            read.items.push_back(std::move(*item));
            ++taken;
        }
        const qint64 pageCount
            = countOnly ? qint64(page.value(QLatin1String("Count")).toDouble()) : taken;
        read.count += pageCount;
        read.pageCounts.push_back(pageCount);
        read.scannedCount += qint64(page.value(QLatin1String("ScannedCount")).toDouble());
        const QJsonValue last = page.value(QLatin1String("LastEvaluatedKey"));
        std::optional<Item> lastKey;
        if (last.isObject()) {
            auto key = dynamojson::itemFromJson(last);
            if (!key) {
                read.error = malformed(m_client, operation,
                                       QStringLiteral("LastEvaluatedKey is not a key"));
                return read;
            }
            lastKey = std::move(*key);
        }
        if (read.capped) {
            // Continuing from the last item kept would need its key; the caller only needs to
            // know there is more.
            read.lastEvaluatedKey.reset();
            return read;
        }
        if (progress)
            progress(qint64(read.items.size()), -1);
        if (!lastKey) {
            read.lastEvaluatedKey.reset();
            return read;
        }
        if (maxItems > 0 && qint64(read.items.size()) >= maxItems) {
            read.capped = true;
            read.lastEvaluatedKey = lastKey;
            return read;
        }
        read.lastEvaluatedKey = lastKey;
        body.insert(QStringLiteral("ExclusiveStartKey"), last);
    }
}

ReadResult LiveOperations::queryAll(const QueryRequest &request, qint64 maxItems,
                                    const LiveProgress &progress)
{
    return readAll(QStringLiteral("Query"), queryToJson(request), maxItems, progress);
}

ReadResult LiveOperations::scanAll(const QString &table, qint64 maxItems,
                                   const LiveProgress &progress)
{
    return readAll(QStringLiteral("Scan"), QJsonObject {{QStringLiteral("TableName"), table}},
                   maxItems, progress);
}

std::variant<bool, LiveError> LiveOperations::hasItems(const QString &table)
{
    auto result = m_client.call(
        QStringLiteral("Scan"),
        QJsonObject {{QStringLiteral("TableName"), table}, {QStringLiteral("Limit"), 1}});
    if (auto *error = std::get_if<LiveError>(&result))
        return *error;
    const QJsonObject page = std::get<QJsonObject>(result);
    return page.value(QLatin1String("Count")).toDouble() > 0
        || page.value(QLatin1String("LastEvaluatedKey")).isObject();
}

QJsonObject LiveOperations::createTableJson(const TableDefinition &definition,
                                            const QJsonObject &tableJson)
{
    QJsonObject body = definition.toJson();
    // Billing: keep what the project says; on-demand otherwise (nothing to size for a test).
    const QString billing = tableJson.value(QLatin1String("BillingMode")).toString();
    const QJsonValue throughput = tableJson.value(QLatin1String("ProvisionedThroughput"));
    if (billing == QLatin1String("PROVISIONED") || (billing.isEmpty() && throughput.isObject())) {
        const QJsonObject units = throughput.isObject()
            ? throughput.toObject()
            : QJsonObject {{QStringLiteral("ReadCapacityUnits"), 5},
                           {QStringLiteral("WriteCapacityUnits"), 5}};
        body.insert(QStringLiteral("BillingMode"), QStringLiteral("PROVISIONED"));
        body.insert(QStringLiteral("ProvisionedThroughput"), units);
        // Each GSI needs its own throughput in provisioned mode.
        QJsonArray globals = body.value(QLatin1String("GlobalSecondaryIndexes")).toArray();
        for (qsizetype i = 0; i < globals.size(); ++i) {
            QJsonObject index = globals.at(i).toObject();
            index.insert(QStringLiteral("ProvisionedThroughput"), units);
            globals[i] = index;
        }
        if (!globals.isEmpty())
            body.insert(QStringLiteral("GlobalSecondaryIndexes"), globals);
    } else {
        body.insert(QStringLiteral("BillingMode"), QStringLiteral("PAY_PER_REQUEST"));
    }
    return body;
}

std::variant<TableDescription, LiveError>
LiveOperations::createTable(const TableDefinition &definition, const QJsonObject &tableJson,
                            int waitSeconds)
{
    auto created
        = m_client.call(QStringLiteral("CreateTable"), createTableJson(definition, tableJson));
    if (auto *error = std::get_if<LiveError>(&created))
        return *error;
    // Poll until ACTIVE: 0.1 s, doubling to 2 s.
    int delay = 100;
    int waited = 0;
    for (;;) {
        auto described = describeTable(definition.tableName);
        if (auto *error = std::get_if<LiveError>(&described))
            return *error;
        const TableDescription &description = std::get<TableDescription>(described);
        if (description.status == QLatin1String("ACTIVE") || description.status.isEmpty())
            return description;
        if (waited >= waitSeconds * 1000 || m_client.cancelled()) {
            LiveError error;
            error.kind
                = m_client.cancelled() ? LiveError::Kind::Cancelled : LiveError::Kind::Timeout;
            error.operation = QStringLiteral("DescribeTable");
            error.message = QStringLiteral("table %1 is still %2 after %3 s")
                                .arg(definition.tableName, description.status)
                                .arg(waited / 1000);
            return error;
        }
        m_client.sleep(delay);
        waited += delay;
        delay = std::min(delay * 2, 2000);
    }
}

WriteResult LiveOperations::batchWrite(const QString &table, const ItemList &items,
                                       const LiveProgress &progress, int maxUnprocessedRounds)
{
    WriteResult result;
    const RetryPolicy &policy = m_client.retryPolicy();
    for (size_t start = 0; start < items.size(); start += 25) {
        QJsonArray requests;
        for (size_t i = start; i < std::min(items.size(), start + 25); ++i)
            requests.append(
                QJsonObject {{QStringLiteral("PutRequest"),
                              QJsonObject {{QStringLiteral("Item"), itemJson(items[i])}}}});
        int stalled = 0;
        while (!requests.isEmpty()) {
            if (m_client.cancelled()) {
                LiveError error;
                error.kind = LiveError::Kind::Cancelled;
                error.operation = QStringLiteral("BatchWriteItem");
                error.message = QStringLiteral("cancelled");
                result.error = error;
                return result;
            }
            const qsizetype sent = requests.size();
            auto answer = m_client.call(
                QStringLiteral("BatchWriteItem"),
                QJsonObject {{QStringLiteral("RequestItems"), QJsonObject {{table, requests}}}});
            ++result.requests;
            if (auto *error = std::get_if<LiveError>(&answer)) {
                result.error = *error;
                return result;
            }
            const QJsonValue unprocessed = std::get<QJsonObject>(answer)
                                               .value(QLatin1String("UnprocessedItems"))
                                               .toObject()
                                               .value(table);
            requests = unprocessed.toArray();
            result.written += sent - requests.size();
            if (progress)
                progress(result.written, qint64(items.size()));
            if (requests.isEmpty())
                break;
            ++result.unprocessedRetries;
            stalled = requests.size() == sent ? stalled + 1 : 0;
            if (stalled >= maxUnprocessedRounds) {
                LiveError error;
                error.kind = LiveError::Kind::Service;
                error.code = QStringLiteral("ProvisionedThroughputExceededException");
                error.operation = QStringLiteral("BatchWriteItem");
                error.message = QStringLiteral("%1 items stayed unprocessed after %2 retries; "
                                               "the table's write capacity is too low")
                                    .arg(requests.size())
                                    .arg(stalled);
                result.error = error;
                return result;
            }
            // Back off as for throttling before re-sending what was not written.
            m_client.sleep(policy.delayMs(stalled + 1, 0.5));
        }
    }
    return result;
}

} // namespace keyscope::model::live
