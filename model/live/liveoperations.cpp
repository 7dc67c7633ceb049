#include "model/live/liveoperations.h"

#include "model/interop/itemsformats.h"
#include "model/io/ioerror.h"

#include "model/value/dynamojson.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>

#include <cmath>
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

LiveError bound(const QString &operation, const QString &what)
{
    LiveError error;
    error.kind = LiveError::Kind::Bound;
    error.operation = operation;
    error.message = what;
    return error;
}

LiveError cancelledError(const QString &operation)
{
    LiveError error;
    error.kind = LiveError::Kind::Cancelled;
    error.operation = operation;
    error.message = QStringLiteral("cancelled");
    return error;
}

QString grouped(qint64 number)
{
    return QLocale(QLocale::English).toString(number);
}

// A value as the endpoint wrote it ("1e+30", "\"7\"").
QString jsonText(const QJsonValue &value)
{
    const QByteArray array = QJsonDocument(QJsonArray {value}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(array.mid(1, array.size() - 2));
}

// A number of an answer as DynamoDB's API types it: Integer (Count, ScannedCount) is a whole
// number from 0 to 2,147,483,647, Long (ItemCount, TableSizeBytes) one below 2^63. Anything
// else is refused before it becomes a qint64 (a double past the range would not convert).
std::variant<qint64, QString> wholeNumber(const QJsonValue &value, const QString &path, bool isLong)
{
    if (!value.isDouble())
        return path + QStringLiteral(" is ") + jsonText(value) + QStringLiteral(", not a number");
    const double number = value.toDouble();
    const bool inRange
        = number >= 0 && (isLong ? number < 9223372036854775808.0 : number <= 2147483647.0);
    if (!inRange || number != std::floor(number))
        return path + QStringLiteral(" is ") + jsonText(value)
            + QStringLiteral(" (DynamoDB's is a whole number from 0 to ")
            + (isLong ? QStringLiteral("9,223,372,036,854,775,807)")
                      : QStringLiteral("2,147,483,647)"));
    return qint64(number);
}

struct PageCounts
{
    qint64 count = 0;
    qint64 scanned = 0;
};

// Count and ScannedCount of a Query or Scan page (0 when missing); Count never exceeds
// ScannedCount, as the filter only drops items.
std::variant<PageCounts, QString> pageCounts(const QJsonObject &page)
{
    PageCounts counts;
    const std::pair<QString, qint64 *> members[]
        = {{QStringLiteral("Count"), &counts.count},
           {QStringLiteral("ScannedCount"), &counts.scanned}};
    for (const auto &[name, target] : members) {
        if (!page.contains(name))
            continue;
        auto number = wholeNumber(page.value(name), name, false);
        if (auto *what = std::get_if<QString>(&number))
            return *what;
        *target = std::get<qint64>(number);
    }
    if (page.contains(QLatin1String("Count")) && page.contains(QLatin1String("ScannedCount"))
        && counts.count > counts.scanned)
        return QStringLiteral("Count %1 is more than ScannedCount %2")
            .arg(QString::number(counts.count), QString::number(counts.scanned));
    return counts;
}

// Follows one read's pages: a LastEvaluatedKey (LastEvaluatedTableName) seen before would make
// the read loop for ever, and LiveOperations::kMaxPages and kMaxReadMinutes bound it.
class PageGuard
{
public:
    PageGuard(const DynamoClient &client, QString operation, QString keyName)
        : m_client(client)
        , m_operation(std::move(operation))
        , m_keyName(std::move(keyName))
        , m_start(client.now())
    { }

    // After page `page` (from 1) ended with `key` (named in the message as `shown`, when
    // given): the error that stops the read, or nothing to go on.
    std::optional<LiveError> next(int page, const QByteArray &key, const QString &shown = {})
    {
        const QByteArray digest = QCryptographicHash::hash(key, QCryptographicHash::Sha256);
        const auto [seen, added] = m_seen.emplace(digest, page);
        if (!added)
            return malformed(
                m_client, m_operation,
                QStringLiteral("page %1 repeats the %2 of page %3")
                        .arg(QString::number(page), m_keyName, QString::number(seen->second))
                    + (shown.isEmpty()
                           ? QString()
                           : QStringLiteral(" ('") + escapeControls(shown) + QStringLiteral("')"))
                    + QStringLiteral(", so reading on would never end"));
        if (page >= LiveOperations::kMaxPages)
            return bound(m_operation,
                         QStringLiteral("stopped reading after %1 pages of %2 answers from %3: "
                                        "Keyscope reads at most %1 pages (about 100 GB at "
                                        "DynamoDB's 1 MB a page) in one go; narrow the query")
                             .arg(grouped(page), m_operation, m_client.endpointName()));
        if (m_start.msecsTo(m_client.now()) > qint64(LiveOperations::kMaxReadMinutes) * 60000)
            return bound(m_operation,
                         QStringLiteral("stopped reading after %1 minutes of %2 answers from %3 "
                                        "(%4 pages): Keyscope reads for at most %1 minutes in "
                                        "one go; narrow the query")
                             .arg(QString::number(LiveOperations::kMaxReadMinutes), m_operation,
                                  m_client.endpointName(), grouped(page)));
        return std::nullopt;
    }

private:
    const DynamoClient &m_client;
    QString m_operation;
    QString m_keyName;
    QDateTime m_start;
    std::map<QByteArray, int> m_seen; // SHA-256 of each key -> its page
};

// Adds one Query or Scan page to `read`: its items (up to `maxItems` in all), Count and
// ScannedCount. The error when the page is malformed.
std::optional<LiveError> takePage(const DynamoClient &client, const QString &operation,
                                  const QJsonObject &page, bool countOnly, qint64 maxItems,
                                  ReadResult &read)
{
    const QJsonValue items = page.value(QLatin1String("Items"));
    if (!items.isArray() && !(countOnly && page.contains(QLatin1String("Count"))))
        return malformed(client, operation, QStringLiteral("no Items array"));
    const auto counts = pageCounts(page);
    if (auto *what = std::get_if<QString>(&counts))
        return malformed(client, operation, *what);
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
        if (!item)
            return malformed(client, operation,
                             QStringLiteral("Items[%1]%2: %3")
                                 .arg(QString::number(i),
                                      path.isEmpty() ? QString() : QLatin1Char('.') + path,
                                      message));
        read.items.push_back(std::move(*item));
        ++taken;
    }
    const qint64 pageCount = countOnly ? std::get<PageCounts>(counts).count : taken;
    read.count += pageCount;
    read.pageCounts.push_back(pageCount);
    read.scannedCount += std::get<PageCounts>(counts).scanned;
    return std::nullopt;
}

} // namespace

std::variant<QStringList, LiveError> LiveOperations::listTables()
{
    const QString operation = QStringLiteral("ListTables");
    PageGuard guard(m_client, operation, QStringLiteral("LastEvaluatedTableName"));
    QStringList names;
    QString start;
    for (int pages = 1;; ++pages) {
        QJsonObject body;
        if (!start.isEmpty())
            body.insert(QStringLiteral("ExclusiveStartTableName"), start);
        auto result = m_client.call(operation, body);
        if (auto *error = std::get_if<LiveError>(&result))
            return *error;
        const QJsonObject page = std::get<QJsonObject>(result);
        const QJsonValue tableNames = page.value(QLatin1String("TableNames"));
        if (!tableNames.isArray())
            return malformed(m_client, operation, QStringLiteral("no TableNames array"));
        for (const QJsonValue &name : tableNames.toArray()) {
            if (!name.isString())
                return malformed(m_client, operation,
                                 QStringLiteral("a table name is ") + jsonText(name));
            names << name.toString();
        }
        start = page.value(QLatin1String("LastEvaluatedTableName")).toString();
        if (start.isEmpty())
            return names;
        if (auto error = guard.next(pages, start.toUtf8(), start))
            return *error;
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
    const std::pair<QString, qint64 *> numbers[]
        = {{QStringLiteral("ItemCount"), &description.itemCount},
           {QStringLiteral("TableSizeBytes"), &description.sizeBytes}};
    for (const auto &[name, target] : numbers) {
        if (!description.raw.contains(name))
            continue;
        auto number
            = wholeNumber(description.raw.value(name), QStringLiteral("Table.") + name, true);
        if (auto *what = std::get_if<QString>(&number))
            return malformed(m_client, operation, *what);
        *target = std::get<qint64>(number);
    }
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
    PageGuard guard(m_client, operation, QStringLiteral("LastEvaluatedKey"));
    const bool countOnly = body.value(QLatin1String("Select")).toString() == QLatin1String("COUNT");
    for (;;) {
        if (m_client.cancelled()) {
            read.error = cancelledError(operation);
            return read;
        }
        auto result = m_client.call(operation, body);
        if (auto *error = std::get_if<LiveError>(&result)) {
            read.error = *error;
            return read;
        }
        const QJsonObject page = std::get<QJsonObject>(result);
        if ((read.error = takePage(m_client, operation, page, countOnly, maxItems, read)))
            return read;
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
        read.lastEvaluatedKey = lastKey;
        if (!lastKey)
            return read;
        if (maxItems > 0 && qint64(read.items.size()) >= maxItems) {
            read.capped = true;
            return read;
        }
        const QByteArray keyJson = QJsonDocument(last.toObject()).toJson(QJsonDocument::Compact);
        if ((read.error = guard.next(read.pages, keyJson)))
            return read;
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
    const auto counts = pageCounts(page);
    if (auto *what = std::get_if<QString>(&counts))
        return malformed(m_client, QStringLiteral("Scan"), *what);
    return std::get<PageCounts>(counts).count > 0
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
                result.error = cancelledError(QStringLiteral("BatchWriteItem"));
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
            if (requests.size() > sent) {
                // Re-sending them would never end: each round would come back longer.
                result.error = malformed(
                    m_client, QStringLiteral("BatchWriteItem"),
                    QStringLiteral("UnprocessedItems holds %1 requests for "
                                   "%2, more than the %3 sent")
                        .arg(QString::number(requests.size()), table, QString::number(sent)));
                return result;
            }
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
