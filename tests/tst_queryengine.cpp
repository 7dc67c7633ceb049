// Query as DynamoDB answers it, checked against a brute-force oracle written here from the
// documented semantics (filter all items, sort with AttributeValue::compareKeys, then apply
// ExclusiveStartKey, Limit, the 1 MB page and the filter). The oracle shares no code with the
// engine's sorted partitions, seeks or byte encodings.

#include "model/query/queryengine.h"
#include "model/table/table.h"
#include "model/table/tabledefinition.h"
#include "model/value/dynamojson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTest>

#include <algorithm>
#include <functional>
#include <memory>
#include <random>

using namespace keyscope::model;

Q_DECLARE_METATYPE(keyscope::model::AttributeValue)

namespace {

// ---------------------------------------------------------------------------------------------
// Helpers

QJsonObject jsonObject(const QString &json)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json.toUtf8(), &error);
    if (!doc.isObject())
        qFatal("bad test JSON (%s): %s", qPrintable(error.errorString()), qPrintable(json));
    return doc.object();
}

Item itemFrom(const QString &json)
{
    QString error;
    const auto item = dynamojson::itemFromJson(jsonObject(json), &error);
    if (!item)
        qFatal("bad test item %s: %s", qPrintable(json), qPrintable(error));
    return *item;
}

std::vector<Item> itemsFrom(const QString &jsonArray)
{
    const QJsonDocument doc = QJsonDocument::fromJson(jsonArray.toUtf8());
    if (!doc.isArray())
        qFatal("bad test item array: %s", qPrintable(jsonArray));
    std::vector<Item> items;
    for (const QJsonValue &v : doc.array()) {
        QString error;
        const auto item = dynamojson::itemFromJson(v, &error);
        if (!item)
            qFatal("bad test item: %s", qPrintable(error));
        items.push_back(*item);
    }
    return items;
}

QString toText(const Item &item)
{
    return QString::fromUtf8(
        QJsonDocument(dynamojson::itemToJson(item)).toJson(QJsonDocument::Compact));
}

QString toText(const std::optional<Item> &item)
{
    return item ? toText(*item) : QStringLiteral("<none>");
}

QStringList toText(const std::vector<Item> &items)
{
    QStringList out;
    for (const Item &item : items)
        out << toText(item);
    return out;
}

AttributeValue S(const QString &s) { return AttributeValue::string(s); }
AttributeValue N(const QString &n)
{
    QString error;
    const auto number = Number::parse(n, &error);
    if (!number)
        qFatal("bad test number %s: %s", qPrintable(n), qPrintable(error));
    return AttributeValue::number(*number);
}
AttributeValue B(const QByteArray &hex) { return AttributeValue::binary(QByteArray::fromHex(hex)); }

TableDefinition definitionFrom(const QString &json)
{
    QString error;
    auto definition = TableDefinition::fromJson(jsonObject(json), &error);
    if (!definition)
        qFatal("bad test table %s: %s", qPrintable(json), qPrintable(error));
    return *definition;
}

// "pk:S,sk:N" -> AttributeDefinitions; "pk:HASH,sk:RANGE" -> KeySchema.
QString jsonList(const QString &spec, const char *second)
{
    QStringList out;
    for (const QString &entry : spec.split(u',', Qt::SkipEmptyParts)) {
        const QStringList p = entry.split(u':');
        out << QStringLiteral(R"({"AttributeName":"%1","%2":"%3"})")
                   .arg(p[0], QLatin1String(second), p[1]);
    }
    return QLatin1Char('[') + out.join(u',') + QLatin1Char(']');
}

QString tableJson(const QString &defs, const QString &keys, const QString &extra = {})
{
    return QStringLiteral(R"({"TableName":"T","AttributeDefinitions":%1,"KeySchema":%2%3})")
        .arg(jsonList(defs, "AttributeType"), jsonList(keys, "KeyType"),
             extra.isEmpty() ? QString() : QLatin1Char(',') + extra);
}

QString indexJson(const QString &name, const QString &keys, const QString &projection,
                  const QStringList &nonKey = {})
{
    QString p = QStringLiteral(R"({"ProjectionType":"%1")").arg(projection);
    if (!nonKey.isEmpty())
        p += QStringLiteral(R"(,"NonKeyAttributes":["%1"])").arg(nonKey.join(u"\",\""));
    p += QLatin1Char('}');
    return QStringLiteral(R"({"IndexName":"%1","KeySchema":%2,"Projection":%3})")
        .arg(name, jsonList(keys, "KeyType"), p);
}

std::unique_ptr<Table> makeTable(const QString &definitionJson, const std::vector<Item> &items)
{
    auto table = std::make_unique<Table>(definitionFrom(definitionJson));
    const auto result = table->putItems(items);
    if (auto *error = std::get_if<Table::ItemError>(&result))
        qFatal("test item %lld rejected: %s", qlonglong(error->index), qPrintable(error->message));
    return table;
}

QueryRequest request(const QString &keyCondition, const std::map<QString, AttributeValue> &values,
                     const std::map<QString, QString> &names = {})
{
    QueryRequest r;
    r.keyConditionExpression = keyCondition;
    r.expressionAttributeValues = values;
    if (!names.empty())
        r.expressionAttributeNames = names;
    return r;
}

QueryResponse run(const Table &table, const QueryRequest &r)
{
    auto result = QueryEngine::query(table, r);
    if (auto *error = std::get_if<QueryError>(&result))
        qFatal("unexpected query error for '%s': %s", qPrintable(r.keyConditionExpression),
               qPrintable(error->message));
    return std::get<QueryResponse>(std::move(result));
}

QString errorOf(const Table &table, const QueryRequest &r)
{
    auto result = QueryEngine::query(table, r);
    if (auto *error = std::get_if<QueryError>(&result))
        return error->message;
    return QStringLiteral("<no error>");
}

// Runs every page, feeding LastEvaluatedKey back as ExclusiveStartKey.
std::vector<QueryResponse> allPages(const Table &table, QueryRequest r, int maxPages = 10000)
{
    std::vector<QueryResponse> pages;
    while (int(pages.size()) < maxPages) {
        pages.push_back(run(table, r));
        if (!pages.back().lastEvaluatedKey)
            break;
        r.exclusiveStartKey = pages.back().lastEvaluatedKey;
    }
    return pages;
}

// ---------------------------------------------------------------------------------------------
// The oracle

struct StoreSpec
{
    std::vector<KeyAttribute> hash;
    std::vector<KeyAttribute> range;
    std::vector<KeyAttribute> tableKeys;
    bool wholeItems = true;
    QSet<QString> projected;
    QStringList lastKeyNames; // store keys then table keys
};

StoreSpec storeSpec(const TableDefinition &d, const QString &indexName)
{
    StoreSpec spec;
    spec.tableKeys = d.keys.all();
    if (indexName.isEmpty()) {
        spec.hash = d.keys.hash;
        spec.range = d.keys.range;
    } else {
        const IndexDefinition *index = d.index(indexName);
        spec.hash = index->keys.hash;
        spec.range = index->keys.range;
        spec.wholeItems = index->projection == ProjectionType::All;
        for (const auto &k : d.keys.all())
            spec.projected.insert(k.name);
        for (const auto &k : index->keys.all())
            spec.projected.insert(k.name);
        for (const auto &n : index->nonKeyAttributes)
            spec.projected.insert(n);
    }
    for (const auto &k : spec.hash)
        spec.lastKeyNames << k.name;
    for (const auto &k : spec.range)
        spec.lastKeyNames << k.name;
    for (const auto &k : spec.tableKeys) {
        if (!spec.lastKeyNames.contains(k.name))
            spec.lastKeyNames << k.name;
    }
    return spec;
}

Item projectItem(const StoreSpec &spec, const Item &item)
{
    if (spec.wholeItems)
        return item;
    Item out;
    for (const auto &[name, value] : item) {
        if (spec.projected.contains(name))
            out.emplace(name, value);
    }
    return out;
}

bool satisfies(const AttributeValue &v, const RangeCondition &c)
{
    const int cmp = AttributeValue::compareKeys(v, c.value);
    switch (c.op) {
    case SortKeyOperator::Equal:
        return cmp == 0;
    case SortKeyOperator::Less:
        return cmp < 0;
    case SortKeyOperator::LessOrEqual:
        return cmp <= 0;
    case SortKeyOperator::Greater:
        return cmp > 0;
    case SortKeyOperator::GreaterOrEqual:
        return cmp >= 0;
    case SortKeyOperator::Between:
        return cmp >= 0 && AttributeValue::compareKeys(v, c.upper) <= 0;
    case SortKeyOperator::BeginsWith:
        return v.bytes().startsWith(c.value.bytes());
    }
    return false;
}

// The table's items after PutItem semantics: a later write of the same primary key replaces.
std::vector<Item> deduplicate(const TableDefinition &d, const std::vector<Item> &written)
{
    std::vector<Item> items;
    for (const Item &item : written) {
        bool replaced = false;
        for (Item &existing : items) {
            bool same = true;
            for (const auto &k : d.keys.all())
                same = same && AttributeValue::compareKeys(existing.at(k.name), item.at(k.name)) == 0;
            if (same) {
                existing = item;
                replaced = true;
                break;
            }
        }
        if (!replaced)
            items.push_back(item);
    }
    return items;
}

struct OracleRequest
{
    QString indexName;
    std::vector<AttributeValue> hash;
    std::vector<RangeCondition> range;
    bool forward = true;
    std::optional<qint64> limit;
    std::optional<Item> exclusiveStartKey;
    std::function<bool(const Item &)> filter;
};

struct OracleResult
{
    std::vector<Item> items; // projected by the index
    qint64 count = 0;
    qint64 scannedCount = 0;
    std::optional<Item> lastEvaluatedKey;
    quint64 bytesRead = 0;
    qint64 matching = 0; // rows satisfying the key condition (whole partition)
};

// Order of two rows: the store's RANGE values in order, then the table's primary key.
int compareRows(const StoreSpec &spec, const Item &a, const Item &b)
{
    for (const auto &k : spec.range) {
        if (int c = AttributeValue::compareKeys(a.at(k.name), b.at(k.name)))
            return c;
    }
    for (const auto &k : spec.tableKeys) {
        if (int c = AttributeValue::compareKeys(a.at(k.name), b.at(k.name)))
            return c;
    }
    return 0;
}

OracleResult oracleQuery(const TableDefinition &d, const std::vector<Item> &items,
                         const OracleRequest &q)
{
    const StoreSpec spec = storeSpec(d, q.indexName);
    std::vector<const Item *> rows;
    for (const Item &item : items) {
        bool inStore = true;
        for (const auto &k : spec.hash)
            inStore = inStore && item.count(k.name);
        for (const auto &k : spec.range)
            inStore = inStore && item.count(k.name);
        if (!inStore)
            continue;
        bool match = true;
        for (std::size_t i = 0; i < spec.hash.size(); ++i)
            match = match && AttributeValue::compareKeys(item.at(spec.hash[i].name), q.hash[i]) == 0;
        for (const RangeCondition &c : q.range)
            match = match && satisfies(item.at(c.attribute), c);
        if (match)
            rows.push_back(&item);
    }
    std::sort(rows.begin(), rows.end(),
              [&](const Item *a, const Item *b) { return compareRows(spec, *a, *b) < 0; });
    if (!q.forward)
        std::reverse(rows.begin(), rows.end());

    OracleResult result;
    result.matching = qint64(rows.size());
    std::size_t i = 0;
    if (q.exclusiveStartKey) {
        while (i < rows.size()) {
            const int c = compareRows(spec, *rows[i], *q.exclusiveStartKey);
            if (q.forward ? c > 0 : c < 0)
                break;
            ++i;
        }
    }
    const Item *lastRead = nullptr;
    for (; i < rows.size(); ++i) {
        if (q.limit && result.scannedCount == *q.limit)
            break;
        if (result.bytesRead >= QueryEngine::kPageBytes)
            break;
        const Item entry = projectItem(spec, *rows[i]);
        result.bytesRead += quint64(itemSizeBytes(entry));
        ++result.scannedCount;
        lastRead = rows[i];
        // An LSI fetches what the filter needs from the table; a GSI filter sees the entry only.
        const bool localIndex = !q.indexName.isEmpty() && !d.index(q.indexName)->isGlobal();
        if (!q.filter || q.filter(localIndex ? *rows[i] : entry)) {
            ++result.count;
            result.items.push_back(entry);
        }
    }
    const bool limitReached = q.limit && result.scannedCount == *q.limit;
    if (lastRead && (limitReached || result.bytesRead >= QueryEngine::kPageBytes)) {
        Item key;
        for (const QString &name : spec.lastKeyNames)
            key.emplace(name, lastRead->at(name));
        result.lastEvaluatedKey = key;
    }
    return result;
}

// ---------------------------------------------------------------------------------------------
// Trace invariants: returns a description of the first violation, or an empty string.

QString traceProblem(const Table &table, const QueryRequest &r, const QueryResponse &response)
{
    const QueryTrace &t = response.trace;
    const IndexStore *store = table.store(r.indexName);
    const Partition *partition = store->findPartition(t.partitionKey);
    if (t.forward != r.scanIndexForward)
        return QStringLiteral("trace direction");
    if (!partition) {
        if (t.partitionFound || !t.visits.empty() || !t.probes.empty() || response.count
            || response.scannedCount || response.lastEvaluatedKey)
            return QStringLiteral("no partition, yet something was read");
        if (t.stop != StopReason::NoPartition)
            return QStringLiteral("stop reason for a missing partition");
        return {};
    }
    const auto &entries = partition->entries;
    const quint32 n = quint32(entries.size());
    if (!t.partitionFound || t.partitionSize != n)
        return QStringLiteral("partition size");

    // The probes are one binary search over [0, n) that ends where the sweep starts.
    quint32 low = 0;
    quint32 high = n;
    for (const SeekProbe &p : t.probes) {
        if (p.low != low || p.high != high)
            return QStringLiteral("probe window [%1,%2) expected [%3,%4)")
                .arg(p.low).arg(p.high).arg(low).arg(high);
        if (p.position != low + (high - low) / 2)
            return QStringLiteral("probe not at the middle of its window");
        if (p.wentRight)
            low = p.position + 1;
        else
            high = p.position;
    }
    if (low != high)
        return QStringLiteral("binary search did not converge (%1,%2)").arg(low).arg(high);
    const qint64 expectedStart = r.scanIndexForward ? qint64(low) : qint64(low) - 1;
    const quint32 start = expectedStart < 0 ? QueryTrace::kNoRow : quint32(expectedStart);
    if (t.startPosition != start)
        return QStringLiteral("startPosition %1, the search ended at %2")
            .arg(t.startPosition).arg(start);

    // Visits: consecutive rows from startPosition in the query direction.
    const qint64 step = r.scanIndexForward ? 1 : -1;
    qint64 expected = expectedStart;
    quint32 returned = 0;
    qint64 read = 0;
    quint64 bytes = 0;
    std::vector<ItemId> returnedIds;
    std::optional<quint32> lastReadPosition;
    for (std::size_t i = 0; i < t.visits.size(); ++i) {
        const TraceVisit &v = t.visits[i];
        if (qint64(v.position) != expected || expected < 0 || expected >= qint64(n))
            return QStringLiteral("visit %1 at row %2, expected %3").arg(i).arg(v.position).arg(expected);
        expected += step;
        const bool last = i + 1 == t.visits.size();
        switch (v.fate) {
        case ItemFate::Returned:
            ++returned;
            if (v.resultNumber != returned)
                return QStringLiteral("resultNumber %1, expected %2").arg(v.resultNumber).arg(returned);
            returnedIds.push_back(entries[v.position].item);
            [[fallthrough]];
        case ItemFate::Filtered:
            ++read;
            bytes += v.sizeBytes;
            if (v.pageBytes != bytes)
                return QStringLiteral("pageBytes not cumulative");
            if (v.position < t.rangeBegin || v.position >= t.rangeEnd)
                return QStringLiteral("read row %1 outside [rangeBegin, rangeEnd)").arg(v.position);
            lastReadPosition = v.position;
            break;
        case ItemFate::OutsideRange:
            if (!last || t.stop != StopReason::EndOfRange)
                return QStringLiteral("OUTSIDE_KEY_RANGE is not the final visit");
            if (v.position >= t.rangeBegin && v.position < t.rangeEnd)
                return QStringLiteral("OUTSIDE_KEY_RANGE row inside the range");
            break;
        case ItemFate::LimitReached:
            if (!last || t.stop != StopReason::Limit || !r.limit || read != *r.limit)
                return QStringLiteral("LIMIT fate misplaced");
            break;
        case ItemFate::PageFull:
            if (!last || t.stop != StopReason::PageFull || bytes < QueryEngine::kPageBytes)
                return QStringLiteral("PAGE fate misplaced");
            break;
        }
    }
    if (returned != response.count || qint64(returned) != t.count)
        return QStringLiteral("Count %1 but %2 RETURNED visits").arg(response.count).arg(returned);
    if (read != response.scannedCount || read != t.scannedCount)
        return QStringLiteral("ScannedCount %1 but %2 rows read").arg(response.scannedCount).arg(read);
    if (bytes != t.bytesRead)
        return QStringLiteral("bytesRead");
    if (returnedIds != response.itemIds)
        return QStringLiteral("itemIds differ from the RETURNED rows");
    if (t.stop == StopReason::EndOfPartition && expected >= 0 && expected < qint64(n))
        return QStringLiteral("END_OF_PARTITION before the partition's end");
    // LastEvaluatedKey is the key of the last row read, exactly when Limit or the page stopped.
    const bool stoppedEarly = t.stop == StopReason::Limit || t.stop == StopReason::PageFull;
    if (bool(response.lastEvaluatedKey) != (stoppedEarly && lastReadPosition.has_value()))
        return QStringLiteral("LastEvaluatedKey presence vs stop reason %1").arg(stopReasonName(t.stop));
    if (t.lastEvaluatedPosition != (response.lastEvaluatedKey ? lastReadPosition : std::nullopt))
        return QStringLiteral("lastEvaluatedPosition is not the last row read");
    if (response.lastEvaluatedKey) {
        const ItemId id = entries[*t.lastEvaluatedPosition].item;
        for (const auto &[name, value] : *response.lastEvaluatedKey) {
            if (!(table.attribute(id, name) == value))
                return QStringLiteral("LastEvaluatedKey %1 is not the key of row %2")
                    .arg(name).arg(*t.lastEvaluatedPosition);
        }
    }
    return {};
}

// ---------------------------------------------------------------------------------------------
// Random values

struct Rng
{
    explicit Rng(quint32 seed) : engine(seed) {}
    std::mt19937 engine;
    int below(int n) { return std::uniform_int_distribution<int>(0, n - 1)(engine); }
    bool chance(int percent) { return below(100) < percent; }
    template<typename T>
    const T &pick(const std::vector<T> &v) { return v[std::size_t(below(int(v.size())))]; }
};

AttributeValue randomString(Rng &rng)
{
    static const std::vector<QString> pieces{
        "a", "b", "ab", "A", "Z", "#", "0", "9", "-", "é", "ß", "z",
        QString(QChar(0xFF5E)), QString(QChar(0xE000)), QString::fromUcs4(U"\U0001F600"),
        QString(QChar(0x7F))};
    QString s;
    const int length = 1 + rng.below(4);
    for (int i = 0; i < length; ++i)
        s += rng.pick(pieces);
    return S(s);
}

AttributeValue randomNumber(Rng &rng)
{
    switch (rng.below(6)) {
    case 0:
        return N(QString::number(rng.below(41) - 20));
    case 1: // same value, several spellings
        return N(rng.pick(std::vector<QString>{"100", "100.0", "1E2", "0100", "-0", "0", "1.50",
                                               "1.5", "15E-1"}));
    case 2:
        return N(QStringLiteral("%1%2.%3").arg(rng.chance(40) ? "-" : "").arg(rng.below(100)).arg(rng.below(1000)));
    default: {
        QString digits = QString::number(1 + rng.below(9));
        const int more = rng.below(12);
        for (int i = 0; i < more; ++i)
            digits += QString::number(rng.below(10));
        const int exponent = rng.chance(20) ? rng.below(230) - 120 : rng.below(21) - 10;
        return N(QStringLiteral("%1%2E%3").arg(rng.chance(40) ? "-" : "", digits).arg(exponent));
    }
    }
}

AttributeValue randomBinary(Rng &rng)
{
    static const std::vector<char> bytes{'\x00', '\x01', '\x7f', '\x80', '\xfe', '\xff', 'a', 'b'};
    QByteArray b;
    const int length = 1 + rng.below(4);
    for (int i = 0; i < length; ++i)
        b.append(rng.chance(75) ? rng.pick(bytes) : char(rng.below(256)));
    return AttributeValue::binary(b);
}

AttributeValue randomOfType(Rng &rng, AttributeValue::Type type)
{
    switch (type) {
    case AttributeValue::Type::S:
        return randomString(rng);
    case AttributeValue::Type::N:
        return randomNumber(rng);
    default:
        return randomBinary(rng);
    }
}

// Random values from a small per-attribute pool, so equal keys (and replacements) happen.
struct Pool
{
    std::vector<AttributeValue> values;
    AttributeValue take(Rng &rng) const { return rng.pick(values); }
};

Pool makePool(Rng &rng, AttributeValue::Type type, int size)
{
    Pool pool;
    for (int i = 0; i < size; ++i)
        pool.values.push_back(randomOfType(rng, type));
    return pool;
}

QString typeLetter(AttributeValue::Type t) { return AttributeValue::typeName(t); }

const char *opText(SortKeyOperator op)
{
    switch (op) {
    case SortKeyOperator::Equal: return "=";
    case SortKeyOperator::Less: return "<";
    case SortKeyOperator::LessOrEqual: return "<=";
    case SortKeyOperator::Greater: return ">";
    case SortKeyOperator::GreaterOrEqual: return ">=";
    default: return "?";
    }
}

// Builds the KeyConditionExpression text for hash equalities and range conditions, using
// #names and :values throughout. Comparisons are written flipped (":v > #k") half the time.
void buildKeyCondition(const StoreSpec &spec, const std::vector<AttributeValue> &hash,
                       const std::vector<RangeCondition> &range, Rng *rng, QueryRequest &r)
{
    std::map<QString, QString> names = r.expressionAttributeNames.value_or(std::map<QString, QString>{});
    std::map<QString, AttributeValue> values = r.expressionAttributeValues.value_or(std::map<QString, AttributeValue>{});
    QStringList parts;
    for (std::size_t i = 0; i < hash.size(); ++i) {
        const QString n = QStringLiteral("#h%1").arg(i);
        const QString v = QStringLiteral(":h%1").arg(i);
        names[n] = spec.hash[i].name;
        values[v] = hash[i];
        parts << (rng && rng->chance(30) ? v + " = " + n : n + " = " + v);
    }
    for (std::size_t i = 0; i < range.size(); ++i) {
        const RangeCondition &c = range[i];
        const QString n = QStringLiteral("#r%1").arg(i);
        const QString v = QStringLiteral(":r%1").arg(i);
        names[n] = c.attribute;
        values[v] = c.value;
        switch (c.op) {
        case SortKeyOperator::Between:
            values[v + "hi"] = c.upper;
            parts << QStringLiteral("%1 BETWEEN %2 AND %2hi").arg(n, v);
            break;
        case SortKeyOperator::BeginsWith:
            parts << QStringLiteral("begins_with(%1, %2)").arg(n, v);
            break;
        default: {
            static const std::map<QString, QString> flipped{{"=", "="}, {"<", ">"}, {"<=", ">="},
                                                            {">", "<"}, {">=", "<="}};
            const QString op = QLatin1String(opText(c.op));
            parts << (rng && rng->chance(30) ? QStringLiteral("%1 %2 %3").arg(v, flipped.at(op), n)
                                             : QStringLiteral("%1 %2 %3").arg(n, op, v));
        }
        }
    }
    r.keyConditionExpression = parts.join(QStringLiteral(" AND "));
    r.expressionAttributeNames = names;
    r.expressionAttributeValues = values;
}

QString describe(const OracleRequest &q)
{
    QStringList parts;
    for (const auto &h : q.hash)
        parts << h.debugString();
    for (const auto &c : q.range) {
        const QString op = c.op == SortKeyOperator::Between      ? QStringLiteral("BETWEEN")
                           : c.op == SortKeyOperator::BeginsWith ? QStringLiteral("begins_with")
                                                                 : QLatin1String(opText(c.op));
        parts << QStringLiteral("%1 %2 %3%4").arg(c.attribute, op, c.value.debugString(),
                                                  c.op == SortKeyOperator::Between ? " AND " + c.upper.debugString() : QString());
    }
    return QStringLiteral("[%1] %2 %3 limit=%4 filter=%5")
        .arg(q.indexName, parts.join(u", "), q.forward ? "fwd" : "bwd")
        .arg(q.limit ? QString::number(*q.limit) : QStringLiteral("-"))
        .arg(bool(q.filter));
}

// Compares one engine page with the oracle page; returns a problem description or empty.
QString comparePage(const Table &table, const std::vector<Item> &items, const QueryRequest &r,
                    const OracleRequest &q, const QueryResponse &response)
{
    const OracleResult expected = oracleQuery(table.definition(), items, q);
    const QStringList got = toText(response.items);
    const QStringList want = toText(expected.items);
    if (!response.countOnly && got != want)
        return QStringLiteral("Items differ:\n  engine %1\n  oracle %2").arg(got.join(u' '), want.join(u' '));
    if (response.countOnly && !response.items.empty())
        return QStringLiteral("COUNT returned items");
    if (response.count != expected.count)
        return QStringLiteral("Count %1, oracle %2").arg(response.count).arg(expected.count);
    if (response.scannedCount != expected.scannedCount)
        return QStringLiteral("ScannedCount %1, oracle %2").arg(response.scannedCount).arg(expected.scannedCount);
    if (toText(response.lastEvaluatedKey) != toText(expected.lastEvaluatedKey))
        return QStringLiteral("LastEvaluatedKey %1, oracle %2")
            .arg(toText(response.lastEvaluatedKey), toText(expected.lastEvaluatedKey));
    if (response.trace.bytesRead != expected.bytesRead)
        return QStringLiteral("bytes read %1, oracle %2").arg(response.trace.bytesRead).arg(expected.bytesRead);
    if (response.trace.partitionFound
        && qint64(response.trace.rangeEnd - response.trace.rangeBegin) != expected.matching)
        return QStringLiteral("key range holds %1 rows, oracle %2")
            .arg(response.trace.rangeEnd - response.trace.rangeBegin).arg(expected.matching);
    if (const QString problem = traceProblem(table, r, response); !problem.isEmpty())
        return QStringLiteral("trace: ") + problem;
    return {};
}

int g_pageFullStops = 0; // pages the 1 MB limit ended, across the randomized test

// Pages through the whole query on both sides.
QString compareAllPages(const Table &table, const std::vector<Item> &items, QueryRequest r,
                        OracleRequest q, int *pageCount = nullptr)
{
    for (int page = 0; page < 5000; ++page) {
        auto result = QueryEngine::query(table, r);
        if (auto *error = std::get_if<QueryError>(&result))
            return QStringLiteral("query error: %1 (%2)").arg(error->message, r.keyConditionExpression);
        const QueryResponse &response = std::get<QueryResponse>(result);
        if (response.trace.stop == StopReason::PageFull)
            ++g_pageFullStops;
        if (QString problem = comparePage(table, items, r, q, response); !problem.isEmpty())
            return QStringLiteral("page %1 of %2: %3").arg(page + 1).arg(describe(q), problem);
        if (!response.lastEvaluatedKey) {
            if (pageCount)
                *pageCount = page + 1;
            return {};
        }
        r.exclusiveStartKey = response.lastEvaluatedKey;
        q.exclusiveStartKey = response.lastEvaluatedKey;
    }
    return QStringLiteral("more than 5000 pages");
}

RangeCondition cond(const QString &attribute, SortKeyOperator op, const AttributeValue &v,
                    const AttributeValue &upper = {})
{
    RangeCondition c;
    c.attribute = attribute;
    c.op = op;
    c.value = v;
    c.upper = upper;
    return c;
}

// A one-partition table whose sort keys are the given values (pk "p"), plus another partition.
struct SortKeyFixture
{
    std::vector<Item> items;
    std::unique_ptr<Table> table;
};

SortKeyFixture sortKeyFixture(AttributeValue::Type type)
{
    std::vector<AttributeValue> keys;
    switch (type) {
    case AttributeValue::Type::S:
        for (const QString &s : {QStringLiteral("a"), QStringLiteral("ab"), QStringLiteral("abc"),
                                 QStringLiteral("abd"), QStringLiteral("b"), QStringLiteral("B"),
                                 QStringLiteral("#x"), QStringLiteral("10"), QStringLiteral("2"),
                                 QStringLiteral("é"), QStringLiteral("éa"), QString(QChar(0xFF5E)),
                                 QString::fromUcs4(U"\U0001F600"), QStringLiteral("a b"),
                                 QStringLiteral("aa"), QStringLiteral("z")})
            keys.push_back(S(s));
        break;
    case AttributeValue::Type::N:
        for (const char *n : {"-99.1", "-10.1", "-9.9", "-9", "-1.01", "-1", "-0.9", "-0.1",
                              "-0.09", "-0.01", "0", "0.01", "0.09", "0.1", "0.9", "1", "1.1",
                              "1.9", "9", "9.1", "10.1", "10.9", "99.1", "1E+100", "-1E-100"})
            keys.push_back(N(QLatin1String(n)));
        break;
    default:
        for (const char *hex : {"00", "0000", "0001", "01", "7f", "7f00", "7fff", "80", "8000",
                                "80ff", "fe", "ff", "ff00", "ffff", "61", "6162"})
            keys.push_back(B(hex));
        break;
    }
    SortKeyFixture f;
    int i = 0;
    for (const AttributeValue &k : keys) {
        f.items.push_back(Item{{"pk", S("p")}, {"sk", k}, {"i", N(QString::number(i++))}});
        f.items.push_back(Item{{"pk", S("q")}, {"sk", k}});
    }
    f.table = makeTable(tableJson("pk:S,sk:" + typeLetter(type), "pk:HASH,sk:RANGE"), f.items);
    return f;
}

} // namespace

class TestQueryEngine : public QObject
{
    Q_OBJECT

private slots:
    void sortKeyOperators_data();
    void sortKeyOperators();
    void randomizedDifferential_data();
    void randomizedDifferential();
    void pagination_data();
    void pagination();
    void filterWithLimit();
    void limitEqualToMatchingItems();
    void emptyResult();
    void select();
    void selectErrors_data();
    void selectErrors();
    void indexProjections();
    void projectionExpression();
    void consistentReadOnIndexes();
    void unknownIndex();
    void requestErrors_data();
    void requestErrors();
    void exclusiveStartKeyBeforeKeySchemaErrors();
    void memberConstraints_data();
    void memberConstraints();
    void validationOrder_data();
    void validationOrder();
    void exclusiveStartKeyErrors_data();
    void exclusiveStartKeyErrors();
    void onePage();
    void onePageExactBoundary();
    void capacity();
    void capacityShapes();
    void multiAttributeIndex_data();
    void multiAttributeIndex();
    void traceFates();
    void largePartition();
};

// ---------------------------------------------------------------------------------------------

void TestQueryEngine::sortKeyOperators_data()
{
    QTest::addColumn<int>("type");
    QTest::addColumn<int>("op");
    QTest::addColumn<AttributeValue>("value");
    QTest::addColumn<AttributeValue>("upper");
    QTest::addColumn<bool>("forward");

    const std::map<AttributeValue::Type, std::vector<AttributeValue>> operands{
        {AttributeValue::Type::S,
         {S("a"), S("ab"), S("aa0"), S("B"), S("é"), S("#"), S("~"), S("z"),
          S(QString(QChar(0xFF5E))), S(QString::fromUcs4(U"\U0001F600"))}},
        {AttributeValue::Type::N,
         {N("-1"), N("-1.005"), N("0"), N("0.1"), N("1E2"), N("-1E+125"), N("10.1"), N("1E-130")}},
        {AttributeValue::Type::B, {B("7f"), B("00"), B("80"), B("ff"), B("7f80"), B("61")}},
    };
    for (const auto &[type, values] : operands) {
        for (int op = 0; op <= int(SortKeyOperator::BeginsWith); ++op) {
            if (op == int(SortKeyOperator::BeginsWith) && type == AttributeValue::Type::N)
                continue;
            for (bool forward : {true, false}) {
                for (std::size_t i = 0; i < values.size(); ++i) {
                    AttributeValue upper;
                    if (op == int(SortKeyOperator::Between)) {
                        upper = values[(i + 3) % values.size()];
                        AttributeValue lower = values[i];
                        if (AttributeValue::compareKeys(lower, upper) > 0)
                            std::swap(lower, upper);
                        QTest::addRow("%s op%d %s %s..%s", qPrintable(AttributeValue::typeName(type)),
                                      op, forward ? "fwd" : "bwd", qPrintable(lower.debugString()),
                                      qPrintable(upper.debugString()))
                            << int(type) << op << lower << upper << forward;
                        continue;
                    }
                    QTest::addRow("%s op%d %s %s", qPrintable(AttributeValue::typeName(type)), op,
                                  forward ? "fwd" : "bwd", qPrintable(values[i].debugString()))
                        << int(type) << op << values[i] << upper << forward;
                }
            }
        }
    }
}

void TestQueryEngine::sortKeyOperators()
{
    QFETCH(int, type);
    QFETCH(int, op);
    QFETCH(AttributeValue, value);
    QFETCH(AttributeValue, upper);
    QFETCH(bool, forward);

    static std::map<int, SortKeyFixture> fixtures;
    if (!fixtures.count(type))
        fixtures.emplace(type, sortKeyFixture(AttributeValue::Type(type)));
    const SortKeyFixture &f = fixtures.at(type);

    OracleRequest q;
    q.hash = {S("p")};
    q.range = {cond("sk", SortKeyOperator(op), value, upper)};
    q.forward = forward;
    QueryRequest r;
    r.scanIndexForward = forward;
    r.returnConsumedCapacity = QStringLiteral("TOTAL");
    buildKeyCondition(storeSpec(f.table->definition(), {}), q.hash, q.range, nullptr, r);
    const QString problem = compareAllPages(*f.table, f.items, r, q);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));

    // The oracle is not vacuous: the result is in strictly monotonic key order.
    const QueryResponse response = run(*f.table, r);
    for (std::size_t i = 1; i < response.items.size(); ++i) {
        const int c = AttributeValue::compareKeys(response.items[i - 1].at("sk"),
                                                  response.items[i].at("sk"));
        QVERIFY(forward ? c < 0 : c > 0);
    }
}

// ---------------------------------------------------------------------------------------------

void TestQueryEngine::randomizedDifferential_data()
{
    QTest::addColumn<quint32>("seed");
    for (quint32 seed = 1; seed <= 24; ++seed)
        QTest::addRow("seed %u", seed) << seed;
}

void TestQueryEngine::randomizedDifferential()
{
    QFETCH(quint32, seed);
    Rng rng(seed * 7919u);
    const std::vector<AttributeValue::Type> types{AttributeValue::Type::S, AttributeValue::Type::N,
                                                  AttributeValue::Type::B};
    int queries = 0;
    int nonEmpty = 0;
    int multiPage = 0;
    for (int tableNumber = 0; tableNumber < 20; ++tableNumber) {
        // --- A random table: keys of random types, maybe an LSI, a GSI, a multi-attribute GSI.
        const auto hashType = rng.pick(types);
        const bool composite = rng.chance(85);
        const auto rangeType = rng.pick(types);
        const auto lType = rng.pick(types);
        const auto gType = rng.pick(types);
        const auto gsType = rng.pick(types);
        const auto r1Type = rng.pick(types);
        const auto r2Type = rng.pick(types);
        const bool hasLsi = composite && rng.chance(50);
        const bool gsiHasRange = rng.chance(70);
        static const QStringList projections{"ALL", "KEYS_ONLY", "INCLUDE"};
        const QString gProjection = projections[rng.below(3)];
        const QString lProjection = projections[rng.below(3)];
        const bool big = rng.chance(8); // items of tens of KB: exercises the 1 MB page

        QStringList defs{"pk:" + typeLetter(hashType)};
        QString keys = "pk:HASH";
        if (composite) {
            defs << "sk:" + typeLetter(rangeType);
            keys += ",sk:RANGE";
        }
        defs << "g:" + typeLetter(gType) << "h1:S" << "h2:N" << "r1:" + typeLetter(r1Type)
             << "r2:" + typeLetter(r2Type);
        if (gsiHasRange)
            defs << "gs:" + typeLetter(gsType);
        QStringList globals{
            indexJson("G", gsiHasRange ? "g:HASH,gs:RANGE" : "g:HASH", gProjection,
                      gProjection == "INCLUDE" ? QStringList{"f"} : QStringList{}),
            indexJson("M", "h1:HASH,h2:HASH,r1:RANGE,r2:RANGE", "ALL")};
        QString extra = QStringLiteral(R"("GlobalSecondaryIndexes":[%1])").arg(globals.join(u','));
        if (hasLsi) {
            defs << "l:" + typeLetter(lType);
            extra += QStringLiteral(R"(,"LocalSecondaryIndexes":[%1])")
                         .arg(indexJson("L", "pk:HASH,l:RANGE", lProjection,
                                        lProjection == "INCLUDE" ? QStringList{"s"} : QStringList{}));
        }
        const QString definitionJson = tableJson(defs.join(u','), keys, extra);

        const Pool pkPool = makePool(rng, hashType, 3);
        const Pool skPool = makePool(rng, rangeType, 10 + rng.below(20));
        const Pool gPool = makePool(rng, gType, 2);
        const Pool gsPool = makePool(rng, gsType, 6);
        const Pool lPool = makePool(rng, lType, 8);
        const Pool h1Pool{{S("x"), S("y")}};
        const Pool h2Pool{{N("1"), N("1.0"), N("2")}};
        const Pool r1Pool = makePool(rng, r1Type, 3);
        const Pool r2Pool = makePool(rng, r2Type, 5);
        const Pool fPool = makePool(rng, AttributeValue::Type::N, 6);
        const Pool sPool = makePool(rng, AttributeValue::Type::S, 6);

        std::vector<Item> written;
        const int itemCount = big ? 10 + rng.below(30) : rng.below(90);
        for (int i = 0; i < itemCount; ++i) {
            Item item{{"pk", pkPool.take(rng)}};
            if (composite)
                item.emplace("sk", skPool.take(rng));
            if (rng.chance(75))
                item.emplace("g", gPool.take(rng));
            if (gsiHasRange && rng.chance(75))
                item.emplace("gs", gsPool.take(rng));
            if (hasLsi && rng.chance(75))
                item.emplace("l", lPool.take(rng));
            if (rng.chance(85))
                item.emplace("h1", h1Pool.take(rng));
            if (rng.chance(85))
                item.emplace("h2", h2Pool.take(rng));
            if (rng.chance(85))
                item.emplace("r1", r1Pool.take(rng));
            if (rng.chance(85))
                item.emplace("r2", r2Pool.take(rng));
            if (rng.chance(70))
                item.emplace("f", fPool.take(rng));
            if (rng.chance(70))
                item.emplace("s", sPool.take(rng));
            if (big)
                item.emplace("payload", S(QString(60000 + rng.below(300000), u'x')));
            else if (rng.chance(30))
                item.emplace("payload", S(QString(rng.below(3000), u'y')));
            item.emplace("n", N(QString::number(i)));
            written.push_back(item);
        }
        const auto table = makeTable(definitionJson, written);
        const std::vector<Item> items = deduplicate(table->definition(), written);
        QCOMPARE(table->itemCount(), qsizetype(items.size()));

        // --- Random queries against the table and its indexes.
        for (int queryNumber = 0; queryNumber < 8; ++queryNumber) {
            QStringList stores{QString()};
            stores << "G" << "M";
            if (hasLsi)
                stores << "L";
            OracleRequest q;
            q.indexName = rng.pick(std::vector<QString>(stores.begin(), stores.end()));
            const StoreSpec spec = storeSpec(table->definition(), q.indexName);
            // Rows of the store, to draw realistic key values from.
            std::vector<const Item *> rows;
            for (const Item &item : items) {
                bool in = true;
                for (const auto &k : spec.hash)
                    in = in && item.count(k.name);
                for (const auto &k : spec.range)
                    in = in && item.count(k.name);
                if (in)
                    rows.push_back(&item);
            }
            const Item *anchor = rows.empty() || rng.chance(8) ? nullptr : rng.pick(rows);
            for (const auto &k : spec.hash)
                q.hash.push_back(anchor ? anchor->at(k.name) : randomOfType(rng, k.type));
            std::vector<const Item *> partitionRows;
            for (const Item *row : rows) {
                bool same = true;
                for (std::size_t i = 0; i < spec.hash.size(); ++i)
                    same = same && AttributeValue::compareKeys(row->at(spec.hash[i].name), q.hash[i]) == 0;
                if (same)
                    partitionRows.push_back(row);
            }
            const auto operand = [&](const KeyAttribute &k) {
                if (!partitionRows.empty() && rng.chance(60))
                    return rng.pick(partitionRows)->at(k.name);
                return randomOfType(rng, k.type);
            };
            if (!spec.range.empty() && rng.chance(75)) {
                const std::size_t conditions = 1 + std::size_t(rng.below(int(spec.range.size())));
                for (std::size_t i = 0; i < conditions; ++i) {
                    const KeyAttribute &k = spec.range[i];
                    if (i + 1 < conditions) { // leading conditions are equalities
                        const Item *row = partitionRows.empty() ? nullptr : rng.pick(partitionRows);
                        q.range.push_back(cond(k.name, SortKeyOperator::Equal,
                                               row ? row->at(k.name) : randomOfType(rng, k.type)));
                        continue;
                    }
                    int op = rng.below(7);
                    if (op == int(SortKeyOperator::BeginsWith) && k.type == AttributeValue::Type::N)
                        op = int(SortKeyOperator::Between);
                    RangeCondition c = cond(k.name, SortKeyOperator(op), operand(k));
                    if (c.op == SortKeyOperator::Between) {
                        c.upper = operand(k);
                        if (AttributeValue::compareKeys(c.value, c.upper) > 0)
                            std::swap(c.value, c.upper);
                    } else if (c.op == SortKeyOperator::BeginsWith && rng.chance(70)) {
                        // A real prefix of the operand (whole characters for S).
                        if (k.type == AttributeValue::Type::S) {
                            const QString s = c.value.asString();
                            const QList<uint> ucs4 = s.toUcs4();
                            const qsizetype len = 1 + rng.below(int(ucs4.size()));
                            c.value = S(QString::fromUcs4(reinterpret_cast<const char32_t *>(ucs4.constData()), len));
                        } else {
                            c.value = AttributeValue::binary(c.value.bytes().left(1 + rng.below(int(c.value.bytes().size()))));
                        }
                    }
                    q.range.push_back(c);
                }
            }
            q.forward = rng.chance(50);
            if (rng.chance(60))
                q.limit = 1 + rng.below(rng.chance(50) ? 4 : 15);

            QueryRequest r;
            r.indexName = q.indexName;
            r.scanIndexForward = q.forward;
            r.limit = q.limit;
            const bool isGlobal = q.indexName == "G" || q.indexName == "M";
            r.consistentRead = !isGlobal && rng.chance(30);
            buildKeyCondition(spec, q.hash, q.range, &rng, r);
            if (rng.chance(10))
                r.select = QStringLiteral("COUNT");
            // A filter on non-key attributes (f: N, s: S).
            const int filterKind = rng.chance(60) ? 0 : 1 + rng.below(5);
            auto names = *r.expressionAttributeNames;
            auto values = *r.expressionAttributeValues;
            switch (filterKind) {
            case 1: {
                const AttributeValue fv = fPool.take(rng);
                names["#f"] = "f";
                values[":fv"] = fv;
                r.filterExpression = "#f > :fv";
                q.filter = [fv](const Item &item) {
                    auto it = item.find("f");
                    return it != item.end() && it->second.type() == AttributeValue::Type::N
                           && AttributeValue::compareKeys(it->second, fv) > 0;
                };
                break;
            }
            case 2:
                names["#s"] = "s";
                r.filterExpression = "attribute_exists(#s)";
                q.filter = [](const Item &item) { return item.count("s") == 1; };
                break;
            case 3: {
                const AttributeValue prefix = S(sPool.take(rng).asString().left(1));
                names["#s"] = "s";
                values[":sp"] = prefix;
                r.filterExpression = "begins_with(#s, :sp)";
                q.filter = [prefix](const Item &item) {
                    auto it = item.find("s");
                    return it != item.end() && it->second.type() == AttributeValue::Type::S
                           && it->second.bytes().startsWith(prefix.bytes());
                };
                break;
            }
            case 4: {
                AttributeValue lo = fPool.take(rng);
                AttributeValue hi = fPool.take(rng);
                if (AttributeValue::compareKeys(lo, hi) > 0)
                    std::swap(lo, hi);
                names["#f"] = "f";
                values[":lo"] = lo;
                values[":hi"] = hi;
                r.filterExpression = "#f BETWEEN :lo AND :hi";
                q.filter = [lo, hi](const Item &item) {
                    auto it = item.find("f");
                    return it != item.end() && it->second.type() == AttributeValue::Type::N
                           && AttributeValue::compareKeys(it->second, lo) >= 0
                           && AttributeValue::compareKeys(it->second, hi) <= 0;
                };
                break;
            }
            case 5: {
                // size() of a String counts UTF-16 code units (s holds é, ß, U+FF5E, an emoji).
                const int length = 1 + rng.below(6);
                names["#s"] = "s";
                values[":n"] = N(QString::number(length));
                r.filterExpression = "size(#s) = :n";
                q.filter = [length](const Item &item) {
                    auto it = item.find("s");
                    return it != item.end() && it->second.type() == AttributeValue::Type::S
                           && it->second.asString().size() == length;
                };
                break;
            }
            default:
                break;
            }
            r.expressionAttributeNames = names;
            r.expressionAttributeValues = values;

            int pages = 0;
            const QString problem = compareAllPages(*table, items, r, q, &pages);
            QVERIFY2(problem.isEmpty(),
                     qPrintable(QStringLiteral("table %1 query %2 (%3): %4")
                                    .arg(tableNumber).arg(queryNumber)
                                    .arg(r.keyConditionExpression, problem)));
            ++queries;
            multiPage += pages > 1;
            // Non-paged run of the same query: did it find anything at all?
            QueryRequest unlimited = r;
            unlimited.limit.reset();
            unlimited.filterExpression.reset();
            unlimited.select.reset();
            if (auto *names2 = &*unlimited.expressionAttributeNames) {
                names2->erase("#f");
                names2->erase("#s");
            }
            if (auto *values2 = &*unlimited.expressionAttributeValues) {
                values2->erase(":fv");
                values2->erase(":sp");
                values2->erase(":lo");
                values2->erase(":hi");
                values2->erase(":n");
            }
            nonEmpty += run(*table, unlimited).scannedCount > 0;
        }
    }
    // The generator must produce meaningful queries, not only empty ones.
    QVERIFY2(nonEmpty * 2 > queries, qPrintable(QStringLiteral("%1 of %2 non-empty").arg(nonEmpty).arg(queries)));
    QVERIFY(multiPage > 0);
    // Across all seeds, some random pages must have been ended by the 1 MB limit.
    qInfo("seed %u: %d queries, %d non-empty, %d paged; 1 MB stops so far: %d", seed, queries,
          nonEmpty, multiPage, g_pageFullStops);
    if (seed == 24)
        QVERIFY(g_pageFullStops > 0);
}

// ---------------------------------------------------------------------------------------------

void TestQueryEngine::pagination_data()
{
    QTest::addColumn<QString>("index");
    QTest::addColumn<bool>("forward");
    QTest::addColumn<int>("limit");
    QTest::addColumn<bool>("withRange");
    for (const QString &index : {QString(), QStringLiteral("G"), QStringLiteral("GH"), QStringLiteral("L")}) {
        for (bool forward : {true, false}) {
            for (int limit = 1; limit <= 7; ++limit) {
                for (bool withRange : {false, true}) {
                    QTest::addRow("%s %s limit %d%s", index.isEmpty() ? "table" : qPrintable(index),
                                  forward ? "fwd" : "bwd", limit, withRange ? " range" : "")
                        << index << forward << limit << withRange;
                }
            }
        }
    }
}

void TestQueryEngine::pagination()
{
    QFETCH(QString, index);
    QFETCH(bool, forward);
    QFETCH(int, limit);
    QFETCH(bool, withRange);

    // 23 items in partition "p" (and some in "q"); the GSI "G" keys on (g, gs) with only four gs
    // values, so most of its rows tie and ExclusiveStartKey must carry the table key to resume.
    std::vector<Item> written;
    for (int i = 0; i < 23; ++i) {
        written.push_back(Item{{"pk", S("p")},
                               {"sk", N(QString::number((i * 37) % 23 - 11))},
                               {"g", S("G")},
                               {"gs", N(QString::number(i % 4))},
                               {"l", S(QString(QChar(u'a' + (i % 5))))},
                               {"v", N(QString::number(i))}});
        if (i % 3 == 0)
            written.push_back(Item{{"pk", S("q")}, {"sk", N(QString::number(i))}, {"g", S("G")},
                                   {"gs", N("1")}, {"l", S("c")}});
    }
    const auto table = makeTable(
        tableJson("pk:S,sk:N,g:S,gs:N,l:S", "pk:HASH,sk:RANGE",
                  QStringLiteral(R"("GlobalSecondaryIndexes":[%1,%2],"LocalSecondaryIndexes":[%3])")
                      .arg(indexJson("G", "g:HASH,gs:RANGE", "KEYS_ONLY"),
                           indexJson("GH", "g:HASH", "ALL"),
                           indexJson("L", "pk:HASH,l:RANGE", "ALL"))),
        written);
    const std::vector<Item> items = deduplicate(table->definition(), written);

    OracleRequest q;
    q.indexName = index;
    q.forward = forward;
    const StoreSpec spec = storeSpec(table->definition(), index);
    q.hash = {index.startsWith(u'G') ? S("G") : S("p")};
    if (withRange) {
        if (index == "G")
            q.range = {cond("gs", SortKeyOperator::Between, N("1"), N("2"))};
        else if (index == "L")
            q.range = {cond("l", SortKeyOperator::GreaterOrEqual, S("b"))};
        else if (index.isEmpty())
            q.range = {cond("sk", SortKeyOperator::Less, N("5"))};
    }
    const OracleResult full = oracleQuery(table->definition(), items, q);
    QVERIFY(full.count > 7);

    QueryRequest r;
    r.indexName = index;
    r.scanIndexForward = forward;
    r.limit = limit;
    buildKeyCondition(spec, q.hash, q.range, nullptr, r);
    q.limit = limit;
    int pages = 0;
    const QString problem = compareAllPages(*table, items, r, q, &pages);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));

    // Concatenated pages reproduce the full order; when the last page is exactly full it still
    // carries a LastEvaluatedKey, so one more (empty) page follows.
    const auto all = allPages(*table, r);
    std::vector<Item> concatenated;
    for (const auto &page : all) {
        QVERIFY(page.scannedCount <= limit);
        concatenated.insert(concatenated.end(), page.items.begin(), page.items.end());
    }
    QCOMPARE(toText(concatenated), toText(full.items));
    const qint64 n = full.count;
    QCOMPARE(qint64(all.size()), n / limit + 1);
    QCOMPARE(all.back().scannedCount, n % limit);
}

// ---------------------------------------------------------------------------------------------

void TestQueryEngine::filterWithLimit()
{
    // f: 5, 1, 5, 1, 1 for sk 1..5; the filter keeps f > 2.
    std::vector<Item> items;
    const int f[] = {5, 1, 5, 1, 1};
    for (int i = 1; i <= 5; ++i)
        items.push_back(Item{{"pk", S("p")}, {"sk", N(QString::number(i))}, {"f", N(QString::number(f[i - 1]))}});
    const auto table = makeTable(tableJson("pk:S,sk:N", "pk:HASH,sk:RANGE"), items);
    QueryRequest r = request("pk = :p", {{":p", S("p")}, {":two", N("2")}});
    r.filterExpression = "f > :two";
    r.limit = 2;
    r.returnConsumedCapacity = "TOTAL";

    const QueryResponse page1 = run(*table, r);
    QCOMPARE(page1.count, 1);
    QCOMPARE(page1.scannedCount, 2);
    QCOMPARE(toText(page1.items), QStringList{toText(items[0])});
    // LastEvaluatedKey is the last item READ (sk 2), although the filter dropped it.
    QCOMPARE(toText(page1.lastEvaluatedKey), toText(Item{{"pk", S("p")}, {"sk", N("2")}}));
    QCOMPARE(page1.trace.visits.back().fate, ItemFate::LimitReached);
    QCOMPARE(page1.trace.visits[1].fate, ItemFate::Filtered);

    r.exclusiveStartKey = page1.lastEvaluatedKey;
    const QueryResponse page2 = run(*table, r);
    QCOMPARE(page2.count, 1);
    QCOMPARE(page2.scannedCount, 2);
    QCOMPARE(toText(page2.lastEvaluatedKey), toText(Item{{"pk", S("p")}, {"sk", N("4")}}));

    r.exclusiveStartKey = page2.lastEvaluatedKey;
    const QueryResponse page3 = run(*table, r);
    QCOMPARE(page3.count, 0);
    QCOMPARE(page3.scannedCount, 1);
    QVERIFY(!page3.lastEvaluatedKey);
    QVERIFY(page3.items.empty());

    // An empty page (everything filtered) still ends with LastEvaluatedKey when Limit stopped it.
    r.exclusiveStartKey = Item{{"pk", S("p")}, {"sk", N("3")}};
    const QueryResponse empty = run(*table, r);
    QCOMPARE(empty.count, 0);
    QCOMPARE(empty.scannedCount, 2);
    QCOMPARE(toText(empty.lastEvaluatedKey), toText(Item{{"pk", S("p")}, {"sk", N("5")}}));

    // The filter does not change the capacity: it is charged on what was read.
    QueryRequest unfiltered = request("pk = :p", {{":p", S("p")}});
    unfiltered.returnConsumedCapacity = "TOTAL";
    QueryRequest filtered = unfiltered;
    filtered.filterExpression = "f > :big";
    filtered.expressionAttributeValues->emplace(":big", N("100"));
    const QueryResponse a = run(*table, unfiltered);
    const QueryResponse b = run(*table, filtered);
    QCOMPARE(b.count, 0);
    QCOMPARE(b.scannedCount, 5);
    QCOMPARE(b.consumedCapacity->capacityUnits, a.consumedCapacity->capacityUnits);
}

void TestQueryEngine::limitEqualToMatchingItems()
{
    std::vector<Item> items;
    for (int i = 1; i <= 5; ++i) {
        items.push_back(Item{{"pk", S("p")}, {"sk", N(QString::number(i))}});
        items.push_back(Item{{"pk", S("r")}, {"sk", N(QString::number(i))}});
    }
    const auto table = makeTable(tableJson("pk:S,sk:N", "pk:HASH,sk:RANGE"), items);

    // Three items match; Limit 3 reads all three and still returns LastEvaluatedKey ...
    QueryRequest r = request("pk = :p AND sk <= :three", {{":p", S("p")}, {":three", N("3")}});
    r.limit = 3;
    const QueryResponse page = run(*table, r);
    QCOMPARE(page.count, 3);
    QCOMPARE(toText(page.lastEvaluatedKey), toText(Item{{"pk", S("p")}, {"sk", N("3")}}));
    QCOMPARE(page.trace.stop, StopReason::Limit);
    QCOMPARE(page.trace.visits.back().fate, ItemFate::LimitReached);
    // ... and the next page is empty and final.
    r.exclusiveStartKey = page.lastEvaluatedKey;
    const QueryResponse next = run(*table, r);
    QCOMPARE(next.count, 0);
    QCOMPARE(next.scannedCount, 0);
    QVERIFY(!next.lastEvaluatedKey);
    QCOMPARE(next.trace.stop, StopReason::EndOfRange);
    QVERIFY(!next.items.size());

    // Limit above the match count: no LastEvaluatedKey.
    r.exclusiveStartKey.reset();
    r.limit = 4;
    const QueryResponse roomy = run(*table, r);
    QCOMPARE(roomy.count, 3);
    QVERIFY(!roomy.lastEvaluatedKey);
    QCOMPARE(roomy.trace.stop, StopReason::EndOfRange);

    // Limit equal to the whole partition, backward.
    QueryRequest whole = request("pk = :p", {{":p", S("p")}});
    whole.limit = 5;
    whole.scanIndexForward = false;
    const QueryResponse all = run(*table, whole);
    QCOMPARE(all.count, 5);
    QCOMPARE(toText(all.lastEvaluatedKey), toText(Item{{"pk", S("p")}, {"sk", N("1")}}));
    QCOMPARE(all.trace.stop, StopReason::Limit);
    whole.exclusiveStartKey = all.lastEvaluatedKey;
    const QueryResponse after = run(*table, whole);
    QCOMPARE(after.count, 0);
    QVERIFY(!after.lastEvaluatedKey);
    QCOMPARE(after.trace.stop, StopReason::EndOfPartition);
    QVERIFY(after.trace.visits.empty());

    // Select=COUNT keeps LastEvaluatedKey and has no Items.
    QueryRequest count = r;
    count.limit = 2;
    count.select = "COUNT";
    const QueryResponse counted = run(*table, count);
    QVERIFY(counted.countOnly);
    QVERIFY(counted.items.empty());
    QCOMPARE(counted.count, 2);
    QCOMPARE(toText(counted.lastEvaluatedKey), toText(Item{{"pk", S("p")}, {"sk", N("2")}}));
}

void TestQueryEngine::emptyResult()
{
    const auto table = makeTable(tableJson("pk:S,sk:S", "pk:HASH,sk:RANGE"),
                                 {Item{{"pk", S("p")}, {"sk", S("a")}}});
    QueryRequest r = request("pk = :p", {{":p", S("nobody")}});
    r.returnConsumedCapacity = "TOTAL";
    const QueryResponse none = run(*table, r);
    QCOMPARE(none.count, 0);
    QCOMPARE(none.scannedCount, 0);
    QVERIFY(none.items.empty());
    QVERIFY(!none.countOnly);
    QVERIFY(!none.lastEvaluatedKey);
    QCOMPARE(none.trace.stop, StopReason::NoPartition);
    QCOMPARE(none.consumedCapacity->capacityUnits, 0.5);

    QueryRequest out = request("pk = :p AND sk > :a", {{":p", S("p")}, {":a", S("a")}});
    out.returnConsumedCapacity = "TOTAL";
    out.consistentRead = true;
    const QueryResponse nothing = run(*table, out);
    QCOMPARE(nothing.count, 0);
    QCOMPARE(nothing.trace.stop, StopReason::EndOfPartition);
    QCOMPARE(nothing.consumedCapacity->capacityUnits, 1.0);
}

// ---------------------------------------------------------------------------------------------

namespace {

std::unique_ptr<Table> projectionTable()
{
    return makeTable(
        tableJson("pk:S,sk:S,g:S,gs:N,l:N", "pk:HASH,sk:RANGE",
                  QStringLiteral(R"("GlobalSecondaryIndexes":[%1,%2,%3],"LocalSecondaryIndexes":[%4])")
                      .arg(indexJson("GK", "g:HASH,gs:RANGE", "KEYS_ONLY"),
                           indexJson("GI", "g:HASH", "INCLUDE", {"x", "missing"}),
                           indexJson("GA", "g:HASH,gs:RANGE", "ALL"),
                           indexJson("LK", "pk:HASH,l:RANGE", "KEYS_ONLY"))),
        itemsFrom(R"([
            {"pk":{"S":"p"},"sk":{"S":"1"},"g":{"S":"G"},"gs":{"N":"2"},"l":{"N":"9"},
             "x":{"S":"x1"},"y":{"S":"y1"},"m":{"M":{"a":{"N":"1"}}}},
            {"pk":{"S":"p"},"sk":{"S":"2"},"g":{"S":"G"},"gs":{"N":"1"},"l":{"N":"8"},
             "y":{"S":"y2"}}])"));
}

} // namespace

void TestQueryEngine::select()
{
    const auto table = projectionTable();
    // Default on an index: ALL_PROJECTED_ATTRIBUTES.
    QueryRequest r = request("g = :g", {{":g", S("G")}});
    r.indexName = "GK";
    QCOMPARE(toText(run(*table, r).items),
             (QStringList{R"({"g":{"S":"G"},"gs":{"N":"1"},"pk":{"S":"p"},"sk":{"S":"2"}})",
                          R"({"g":{"S":"G"},"gs":{"N":"2"},"pk":{"S":"p"},"sk":{"S":"1"}})"}));
    r.select = "ALL_PROJECTED_ATTRIBUTES";
    QCOMPARE(run(*table, r).items.size(), std::size_t(2));
    QCOMPARE(run(*table, r).items[0].size(), std::size_t(4));

    // COUNT: counts, no Items, same capacity as reading them.
    r.select = "COUNT";
    r.returnConsumedCapacity = "TOTAL";
    const QueryResponse counted = run(*table, r);
    QVERIFY(counted.countOnly);
    QVERIFY(counted.items.empty());
    QCOMPARE(counted.count, 2);
    QCOMPARE(counted.scannedCount, 2);
    r.select.reset();
    QCOMPARE(run(*table, r).consumedCapacity->capacityUnits, counted.consumedCapacity->capacityUnits);

    // SPECIFIC_ATTRIBUTES with a ProjectionExpression (the default when one is given).
    QueryRequest specific = request("pk = :p", {{":p", S("p")}});
    specific.projectionExpression = "y, sk";
    QCOMPARE(toText(run(*table, specific).items),
             (QStringList{R"({"sk":{"S":"1"},"y":{"S":"y1"}})", R"({"sk":{"S":"2"},"y":{"S":"y2"}})"}));
    specific.select = "SPECIFIC_ATTRIBUTES";
    QCOMPARE(run(*table, specific).items.size(), std::size_t(2));

    // ALL_ATTRIBUTES on a table is the default.
    QueryRequest all = request("pk = :p AND sk = :one", {{":p", S("p")}, {":one", S("1")}});
    all.select = "ALL_ATTRIBUTES";
    QCOMPARE(run(*table, all).items.front().size(), std::size_t(8));

    // ALL_ATTRIBUTES on a KEYS_ONLY LSI fetches from the table (and costs table reads).
    QueryRequest lsi = request("pk = :p", {{":p", S("p")}});
    lsi.indexName = "LK";
    lsi.select = "ALL_ATTRIBUTES";
    lsi.returnConsumedCapacity = "INDEXES";
    const QueryResponse fetched = run(*table, lsi);
    QCOMPARE(fetched.items.size(), std::size_t(2));
    QCOMPARE(fetched.items[0].at("sk"), S("2")); // l 8 before l 9
    QCOMPARE(fetched.items[0].size(), std::size_t(6));
    QVERIFY(fetched.consumedCapacity->tableUnits > 0);
    QCOMPARE(fetched.consumedCapacity->capacityUnits,
             fetched.consumedCapacity->tableUnits + fetched.consumedCapacity->indexUnits);
}

void TestQueryEngine::selectErrors_data()
{
    QTest::addColumn<QString>("index");
    QTest::addColumn<QString>("select");
    QTest::addColumn<QString>("projection");
    QTest::addColumn<QString>("expected");

    QTest::newRow("SPECIFIC without projection")
        << "" << "SPECIFIC_ATTRIBUTES" << ""
        << "1 validation error detected: Must specify the AttributesToGet or ProjectionExpression "
           "when choosing to get SPECIFIC_ATTRIBUTES";
    QTest::newRow("COUNT with projection")
        << "" << "COUNT" << "y"
        << "1 validation error detected: Cannot specify the ProjectionExpression when choosing to "
           "get only the Count";
    QTest::newRow("ALL_ATTRIBUTES with projection")
        << "" << "ALL_ATTRIBUTES" << "y"
        << "Cannot specify the ProjectionExpression when choosing to get ALL_ATTRIBUTES";
    QTest::newRow("ALL_PROJECTED with projection")
        << "GK" << "ALL_PROJECTED_ATTRIBUTES" << "y"
        << "Cannot specify the ProjectionExpression when choosing to get ALL_PROJECTED_ATTRIBUTES";
    QTest::newRow("ALL_PROJECTED with projection on the table: projection error first")
        << "" << "ALL_PROJECTED_ATTRIBUTES" << "y"
        << "Cannot specify the ProjectionExpression when choosing to get ALL_PROJECTED_ATTRIBUTES";
    QTest::newRow("ALL_PROJECTED on the table")
        << "" << "ALL_PROJECTED_ATTRIBUTES" << ""
        << "ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName";
    QTest::newRow("unknown Select")
        << "" << "EVERYTHING" << ""
        << "1 validation error detected: Value 'EVERYTHING' at 'select' failed to satisfy "
           "constraint: Member must satisfy enum value set: [SPECIFIC_ATTRIBUTES, COUNT, "
           "ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES]";
    QTest::newRow("ALL_ATTRIBUTES on a KEYS_ONLY GSI")
        << "GK" << "ALL_ATTRIBUTES" << ""
        << "One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not "
           "supported for global secondary index GK because its projection type is not ALL";
    QTest::newRow("ALL_ATTRIBUTES on an INCLUDE GSI")
        << "GI" << "ALL_ATTRIBUTES" << ""
        << "One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not "
           "supported for global secondary index GI because its projection type is not ALL";
    QTest::newRow("Select conflicts come before the index lookup")
        << "Nope" << "SPECIFIC_ATTRIBUTES" << ""
        << "1 validation error detected: Must specify the AttributesToGet or ProjectionExpression "
           "when choosing to get SPECIFIC_ATTRIBUTES";
    QTest::newRow("unknown index after valid Select")
        << "Nope" << "ALL_PROJECTED_ATTRIBUTES" << ""
        << "The table does not have the specified index: Nope";
    QTest::newRow("ALL_ATTRIBUTES on an ALL GSI is fine") << "GA" << "ALL_ATTRIBUTES" << "" << "";
    QTest::newRow("ALL_ATTRIBUTES on a KEYS_ONLY LSI is fine") << "LK" << "ALL_ATTRIBUTES" << "" << "";
}

void TestQueryEngine::selectErrors()
{
    QFETCH(QString, index);
    QFETCH(QString, select);
    QFETCH(QString, projection);
    QFETCH(QString, expected);
    const auto table = projectionTable();
    QueryRequest r = index.startsWith(u'G') || index == "Nope" ? request("g = :g", {{":g", S("G")}})
                                            : request("pk = :p", {{":p", S("p")}});
    r.indexName = index;
    r.select = select;
    if (!projection.isEmpty())
        r.projectionExpression = projection;
    QCOMPARE(errorOf(*table, r), expected.isEmpty() ? QStringLiteral("<no error>") : expected);
}

void TestQueryEngine::indexProjections()
{
    const auto table = projectionTable();
    QueryRequest r = request("g = :g", {{":g", S("G")}});
    r.indexName = "GI";
    // INCLUDE: table keys, index keys and the listed attributes that exist.
    QCOMPARE(toText(run(*table, r).items),
             (QStringList{R"({"g":{"S":"G"},"pk":{"S":"p"},"sk":{"S":"1"},"x":{"S":"x1"}})",
                          R"({"g":{"S":"G"},"pk":{"S":"p"},"sk":{"S":"2"}})"}));
    r.indexName = "GA";
    const QueryResponse all = run(*table, r);
    QCOMPARE(all.items.size(), std::size_t(2));
    QCOMPARE(all.items[0].at("sk"), S("2")); // gs 1 first
    QCOMPARE(all.items[1].size(), std::size_t(8));

    // LastEvaluatedKey of an index query: index keys plus the table's primary key.
    r.indexName = "GK";
    r.limit = 1;
    QCOMPARE(toText(run(*table, r).lastEvaluatedKey),
             QStringLiteral(R"({"g":{"S":"G"},"gs":{"N":"1"},"pk":{"S":"p"},"sk":{"S":"2"}})"));
    r.indexName = "LK";
    r.keyConditionExpression = "pk = :p";
    r.expressionAttributeValues = std::map<QString, AttributeValue>{{":p", S("p")}};
    QCOMPARE(toText(run(*table, r).lastEvaluatedKey),
             QStringLiteral(R"({"l":{"N":"8"},"pk":{"S":"p"},"sk":{"S":"2"}})"));

    // Index entry sizes (not whole items) are what a GSI query reads.
    QueryRequest keysOnly = request("g = :g", {{":g", S("G")}});
    keysOnly.indexName = "GK";
    const QueryResponse k = run(*table, keysOnly);
    quint64 expectedBytes = 0;
    for (const Item &item : k.items)
        expectedBytes += quint64(itemSizeBytes(item));
    QCOMPARE(k.trace.bytesRead, expectedBytes);
}

void TestQueryEngine::projectionExpression()
{
    const auto table = projectionTable();
    QueryRequest r = request("pk = :p", {{":p", S("p")}}, {{"#m", "m"}});
    r.projectionExpression = "#m.a, x, nothing";
    QCOMPARE(toText(run(*table, r).items),
             (QStringList{R"({"m":{"M":{"a":{"N":"1"}}},"x":{"S":"x1"}})", R"({})"}));
    // A ProjectionExpression does not reduce what is read (or charged).
    r.returnConsumedCapacity = "TOTAL";
    QueryRequest plain = request("pk = :p", {{":p", S("p")}});
    plain.returnConsumedCapacity = "TOTAL";
    QCOMPARE(run(*table, r).trace.bytesRead, run(*table, plain).trace.bytesRead);
}

void TestQueryEngine::consistentReadOnIndexes()
{
    const auto table = projectionTable();
    QueryRequest r = request("g = :g", {{":g", S("G")}});
    r.indexName = "GA";
    r.consistentRead = true;
    QCOMPARE(errorOf(*table, r),
             QStringLiteral("Consistent reads are not supported on global secondary indexes"));
    QueryRequest lsi = request("pk = :p", {{":p", S("p")}});
    lsi.indexName = "LK";
    lsi.consistentRead = true;
    lsi.returnConsumedCapacity = "TOTAL";
    QCOMPARE(run(*table, lsi).consumedCapacity->capacityUnits, 1.0);
}

void TestQueryEngine::unknownIndex()
{
    const auto table = projectionTable();
    QueryRequest r = request("g = :g", {{":g", S("G")}});
    r.indexName = "Nope";
    QCOMPARE(errorOf(*table, r), QStringLiteral("The table does not have the specified index: Nope"));
    QueryRequest other = request("pk = :p", {{":p", S("p")}});
    other.tableName = "Other";
    auto result = QueryEngine::query(*table, other);
    QVERIFY(std::holds_alternative<QueryError>(result));
    QCOMPARE(std::get<QueryError>(result).type, QStringLiteral("ResourceNotFoundException"));
    QCOMPARE(std::get<QueryError>(result).message, QStringLiteral("Requested resource not found"));
}

void TestQueryEngine::requestErrors_data()
{
    QTest::addColumn<QString>("keyCondition");
    QTest::addColumn<QString>("values");
    QTest::addColumn<int>("limit");
    QTest::addColumn<QString>("expected");

    QTest::newRow("Limit 0") << "pk = :p" << R"({":p":{"S":"p"}})" << 0
                             << "1 validation error detected: Value at 'Limit' failed to satisfy "
                                "constraint: Member must have value greater than or equal to 1";
    QTest::newRow("Limit -1") << "pk = :p" << R"({":p":{"S":"p"}})" << -1
                              << "1 validation error detected: Value at 'Limit' failed to satisfy "
                                 "constraint: Member must have value greater than or equal to 1";
    QTest::newRow("hash value over 2048 bytes")
        << "pk = :p" << QStringLiteral(R"({":p":{"S":"%1"}})").arg(QString(2049, u'p')) << 1
        << "One or more parameter values were invalid: Size of hashkey has exceeded the maximum "
           "size limit of2048 bytes";
    QTest::newRow("hash value of 2048 bytes") << "pk = :p"
        << QStringLiteral(R"({":p":{"S":"%1"}})").arg(QString(2048, u'p')) << 1 << "";
    QTest::newRow("sort value over 1024 bytes")
        << "pk = :p AND sk = :s"
        << QStringLiteral(R"({":p":{"S":"p"},":s":{"S":"%1"}})").arg(QString(342, QChar(0x20AC)))
        << 1
        << "One or more parameter values were invalid: Aggregated size of all range keys has "
           "exceeded the size limit of 1024 bytes";
    QTest::newRow("empty hash value")
        << "pk = :p" << R"({":p":{"S":""}})" << 1
        << "One or more parameter values are not valid. The AttributeValue for a key attribute "
           "cannot contain an empty string value. Key: pk";
    QTest::newRow("empty sort value")
        << "pk = :p AND sk < :s" << R"({":p":{"S":"p"},":s":{"S":""}})" << 1
        << "One or more parameter values are not valid. The AttributeValue for a key attribute "
           "cannot contain an empty string value. Key: sk";
    QTest::newRow("BETWEEN reversed")
        << "pk = :p AND sk BETWEEN :b AND :a" << R"({":p":{"S":"p"},":a":{"S":"a"},":b":{"S":"b"}})"
        << 1
        << "Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be "
           "greater than or equal to lower bound; lower bound operand: AttributeValue: {S:b}, "
           "upper bound operand: AttributeValue: {S:a}";
    QTest::newRow("wrong value type")
        << "pk = :p AND sk > :s" << R"({":p":{"S":"p"},":s":{"N":"1"}})" << 1
        << "One or more parameter values were invalid: Condition parameter type does not match "
           "schema type";
    QTest::newRow("missing partition key condition")
        << "sk = :s" << R"({":s":{"S":"p"}})" << 1
        << "Query condition missed key schema element: pk";
}

void TestQueryEngine::requestErrors()
{
    QFETCH(QString, keyCondition);
    QFETCH(QString, values);
    QFETCH(int, limit);
    QFETCH(QString, expected);
    const auto table = makeTable(tableJson("pk:S,sk:S", "pk:HASH,sk:RANGE"),
                                 {Item{{"pk", S("p")}, {"sk", S("a")}}});
    const Item v = itemFrom(values);
    QueryRequest r = request(keyCondition, std::map<QString, AttributeValue>(v.begin(), v.end()));
    r.limit = limit;
    QCOMPARE(errorOf(*table, r), expected.isEmpty() ? QStringLiteral("<no error>") : expected);
}

void TestQueryEngine::exclusiveStartKeyErrors_data()
{
    QTest::addColumn<QString>("index");
    QTest::addColumn<QString>("keyCondition");
    QTest::addColumn<QString>("startKey");
    QTest::addColumn<QString>("expected");

    const QString invalid = "The provided starting key is invalid";
    QTest::newRow("empty") << "" << "pk = :p" << "{}" << invalid;
    QTest::newRow("missing range key") << "" << "pk = :p" << R"({"pk":{"S":"p"}})" << invalid;
    QTest::newRow("unknown attribute")
        << "" << "pk = :p" << R"({"pk":{"S":"p"},"other":{"S":"1"}})" << invalid;
    QTest::newRow("extra attribute")
        << "" << "pk = :p" << R"({"pk":{"S":"p"},"sk":{"S":"1"},"x":{"S":"1"}})" << invalid;
    QTest::newRow("index key missing on a GSI query")
        << "G" << "g = :g" << R"({"pk":{"S":"p"},"sk":{"S":"1"}})" << invalid;
    QTest::newRow("table key missing on a GSI query")
        << "G" << "g = :g" << R"({"g":{"S":"G"},"gs":{"N":"1"},"pk":{"S":"p"}})" << invalid;
    QTest::newRow("wrong type")
        << "" << "pk = :p" << R"({"pk":{"S":"p"},"sk":{"N":"1"}})"
        << "The provided key element does not match the schema";
    QTest::newRow("wrong type of an index key")
        << "G" << "g = :g" << R"({"g":{"S":"G"},"gs":{"S":"1"},"pk":{"S":"p"},"sk":{"S":"1"}})"
        << "The provided key element does not match the schema";
    QTest::newRow("wrong type of the table key part on an index")
        << "G" << "g = :g" << R"({"g":{"S":"G"},"gs":{"N":"1"},"pk":{"S":"p"},"sk":{"N":"1"}})"
        << "The provided starting key is invalid: The provided key element does not match the "
           "schema";
    QTest::newRow("other partition, no range condition")
        << "" << "pk = :p" << R"({"pk":{"S":"other"},"sk":{"S":"1"}})"
        << "The provided starting key is outside query boundaries based on provided conditions";
    QTest::newRow("other GSI partition")
        << "G" << "g = :g" << R"({"g":{"S":"H"},"gs":{"N":"1"},"pk":{"S":"p"},"sk":{"S":"1"}})"
        << "The provided starting key is outside query boundaries based on provided conditions";
    QTest::newRow("range predicate")
        << "" << "pk = :p AND sk > :s" << R"({"pk":{"S":"p"},"sk":{"S":"1"}})"
        << "The provided starting key does not match the range key predicate";
    QTest::newRow("range predicate begins_with")
        << "" << "pk = :p AND begins_with(sk, :s)" << R"({"pk":{"S":"p"},"sk":{"S":"x"}})"
        << "The provided starting key does not match the range key predicate";
    QTest::newRow("range predicate checked before the partition")
        << "" << "pk = :p AND sk > :s" << R"({"pk":{"S":"other"},"sk":{"S":"1"}})"
        << "The provided starting key does not match the range key predicate";
    QTest::newRow("range satisfied, partition differs")
        << "" << "pk = :p AND sk > :s" << R"({"pk":{"S":"other"},"sk":{"S":"3"}})"
        << "The query can return at most one row and cannot be restarted";
    QTest::newRow("valid, between rows")
        << "" << "pk = :p AND sk > :s" << R"({"pk":{"S":"p"},"sk":{"S":"25"}})" << "";
    QTest::newRow("valid GSI key of a row that does not exist")
        << "G" << "g = :g" << R"({"g":{"S":"G"},"gs":{"N":"1.5"},"pk":{"S":"zz"},"sk":{"S":"0"}})"
        << "";
}

void TestQueryEngine::exclusiveStartKeyBeforeKeySchemaErrors()
{
    // DynamoDB walks the key schema once, checking ExclusiveStartKey and the key condition per
    // attribute (research notes section 0, step 7; dynalite tests recorded against AWS): a bad
    // start key for the hash attribute is reported before "missed key schema element".
    const auto table = makeTable(tableJson("pk:S,sk:S", "pk:HASH,sk:RANGE"),
                                 {Item{{"pk", S("p")}, {"sk", S("a")}}});
    QueryRequest r = request("sk = :s", {{":s", S("a")}});
    r.exclusiveStartKey = Item{{"pk", N("1")}, {"sk", S("a")}};
    QCOMPARE(errorOf(*table, r), QStringLiteral("The provided key element does not match the schema"));
    // A start key with the wrong attributes is checked before the key condition's value types.
    QueryRequest t = request("pk = :p", {{":p", N("1")}});
    t.exclusiveStartKey = Item{{"pk", S("p")}};
    QCOMPARE(errorOf(*table, t), QStringLiteral("The provided starting key is invalid"));
}

namespace {

// "Type: message" for anything but a ValidationException, so rows can tell the two apart.
QString typedErrorOf(const Table &table, const QueryRequest &r)
{
    auto result = QueryEngine::query(table, r);
    if (auto *error = std::get_if<QueryError>(&result)) {
        if (error->type != QLatin1String("ValidationException"))
            return error->type + QStringLiteral(": ") + error->message;
        return error->message;
    }
    return QStringLiteral("<no error>");
}

const QString kLimitConstraint = QStringLiteral(
    "Value at 'Limit' failed to satisfy constraint: Member must have value greater than or equal "
    "to 1");
QString capacityConstraint(const QString &value)
{
    return QStringLiteral("Value '%1' at 'returnConsumedCapacity' failed to satisfy constraint: "
                          "Member must satisfy enum value set: [INDEXES, TOTAL, NONE]")
        .arg(value);
}
QString selectConstraint(const QString &value)
{
    return QStringLiteral("Value '%1' at 'select' failed to satisfy constraint: Member must "
                          "satisfy enum value set: [SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, "
                          "ALL_PROJECTED_ATTRIBUTES]")
        .arg(value);
}

} // namespace

void TestQueryEngine::memberConstraints_data()
{
    QTest::addColumn<int>("limit"); // 0 = absent
    QTest::addColumn<QString>("capacity");
    QTest::addColumn<QString>("select"); // empty = absent
    QTest::addColumn<QString>("expected");

    QTest::newRow("capacity NONE") << 0 << "NONE" << "" << "<no error>";
    QTest::newRow("capacity empty") << 0 << "" << "" << "<no error>";
    QTest::newRow("capacity TOTAL") << 0 << "TOTAL" << "" << "<no error>";
    QTest::newRow("capacity INDEXES") << 0 << "INDEXES" << "" << "<no error>";
    QTest::newRow("capacity ALL")
        << 0 << "ALL" << "" << "1 validation error detected: " + capacityConstraint("ALL");
    QTest::newRow("capacity is case sensitive")
        << 0 << "total" << "" << "1 validation error detected: " + capacityConstraint("total");
    // Several at once: one message, "errors" in the plural, joined by "; " in DynamoDB's member
    // order (dynalite test recorded against AWS: limit, returnConsumedCapacity, select).
    QTest::newRow("Limit and capacity")
        << -1 << "ALL" << ""
        << "2 validation errors detected: " + kLimitConstraint + "; " + capacityConstraint("ALL");
    QTest::newRow("capacity and Select")
        << 0 << "ALL" << "EVERYTHING"
        << "2 validation errors detected: " + capacityConstraint("ALL") + "; "
               + selectConstraint("EVERYTHING");
    QTest::newRow("Limit and Select")
        << -1 << "" << "EVERYTHING"
        << "2 validation errors detected: " + kLimitConstraint + "; "
               + selectConstraint("EVERYTHING");
    QTest::newRow("all three")
        << -1 << "hi" << "hi"
        << "3 validation errors detected: " + kLimitConstraint + "; " + capacityConstraint("hi")
               + "; " + selectConstraint("hi");
}

void TestQueryEngine::memberConstraints()
{
    QFETCH(int, limit);
    QFETCH(QString, capacity);
    QFETCH(QString, select);
    QFETCH(QString, expected);
    const auto table = makeTable(tableJson("pk:S,sk:S", "pk:HASH,sk:RANGE"),
                                 {Item{{"pk", S("p")}, {"sk", S("a")}}});
    QueryRequest r = request("pk = :p", {{":p", S("p")}});
    if (limit != 0)
        r.limit = limit;
    r.returnConsumedCapacity = capacity;
    if (!select.isEmpty())
        r.select = select;
    QCOMPARE(typedErrorOf(*table, r), expected);
    // Member constraints come before everything else, the table lookup included.
    if (expected != QLatin1String("<no error>")) {
        r.tableName = "Other";
        r.keyConditionExpression = "pk = ";
        QCOMPARE(typedErrorOf(*table, r), expected);
    }
}

void TestQueryEngine::validationOrder_data()
{
    // One request with several problems at once: the one DynamoDB reports (research notes
    // section 0). Values :p (S p), :s (S 1), :n (N 1), :g (S G) are supplied when the
    // expressions use them. Table T: pk:S/sk:S with GSIs GK (g:S/gs:N, KEYS_ONLY) and GA (same
    // keys, ALL) and LSI LK (pk/l:N); table "hash" is a hash-only table (pk:S).
    QTest::addColumn<QString>("table");
    QTest::addColumn<QString>("tableName");
    QTest::addColumn<QString>("index");
    QTest::addColumn<QString>("keyCondition");
    QTest::addColumn<QString>("filter"); // empty = absent
    QTest::addColumn<QString>("select");
    QTest::addColumn<bool>("consistentRead");
    QTest::addColumn<QString>("startKey"); // empty = absent
    QTest::addColumn<QString>("expected");

    const QString invalid = "The provided starting key is invalid";
    const QString mismatch = "The provided key element does not match the schema";
    const QString typeMismatch = "One or more parameter values were invalid: Condition parameter "
                                 "type does not match schema type";
    const QString notFound = "ResourceNotFoundException: Requested resource not found";
    const QString keyFilter
        = "Filter Expression can only contain non-primary key attributes: Primary key attribute: ";
    const QString allOnGsi = "One or more parameter values were invalid: Select type "
                             "ALL_ATTRIBUTES is not supported for global secondary index GK "
                             "because its projection type is not ALL";
    auto row = [](const char *name, const QString &table, const QString &tableName,
                  const QString &index, const QString &keyCondition, const QString &filter,
                  const QString &select, bool consistentRead, const QString &startKey,
                  const QString &expected) {
        QTest::newRow(name) << table << tableName << index << keyCondition << filter << select
                            << consistentRead << startKey << expected;
    };

    // Phase 3 (no table needed) before the table lookup; the table before everything else.
    row("syntax error before the table", "", "Other", "", "pk = ", "", "", false, "",
        R"(Invalid KeyConditionExpression: Syntax error; token: "<EOF>", near: "= ")");
    row("undefined name before the table", "", "Other", "", "#k = :p", "", "", false, "",
        "Invalid KeyConditionExpression: An expression attribute name used in the document path "
        "is not defined; attribute name: #k");
    row("key condition shape before the table", "", "Other", "", "pk = :p OR sk = :s", "", "",
        false, "", "Invalid operator used in KeyConditionExpression: OR");
    row("three conditions before the table", "", "Other", "", "pk = :p AND sk = :s AND x = :s",
        "", "", false, "", "Conditions can be of length 1 or 2 only");
    row("Select conflict before the table", "", "Other", "", "pk = :p", "",
        "SPECIFIC_ATTRIBUTES", false, "",
        "1 validation error detected: Must specify the AttributesToGet or ProjectionExpression "
        "when choosing to get SPECIFIC_ATTRIBUTES");
    row("table before the index", "", "Other", "Nope", "g = :g", "", "", false, "", notFound);
    row("table before consistent read on a GSI", "", "Other", "GA", "g = :g", "", "", true, "",
        notFound);
    row("table before missed key schema element", "", "Other", "", "sk = :s", "", "", false, "",
        notFound);
    row("table before condition type", "", "Other", "", "pk = :n", "", "", false, "", notFound);
    row("table before ExclusiveStartKey", "", "Other", "", "pk = :p", "", "", false, "{}",
        notFound);
    row("table before filter on a key", "", "Other", "", "pk = :p", "sk = :s", "", false, "",
        notFound);
    row("expressions before the index", "", "", "Nope", "g = ", "", "", false, "",
        R"(Invalid KeyConditionExpression: Syntax error; token: "<EOF>", near: "= ")");
    row("index before ExclusiveStartKey", "", "", "Nope", "g = :g", "", "", false, "{}",
        "The table does not have the specified index: Nope");
    row("consistent read before ExclusiveStartKey", "", "", "GA", "g = :g", "", "", true, "{}",
        "Consistent reads are not supported on global secondary indexes");

    // Step 6: the attribute count, before the schema walk.
    row("count before the hash condition's type", "", "", "", "pk = :n", "", "", false,
        R"({"pk":{"S":"p"}})", invalid);
    row("count before missed key schema element", "", "", "", "sk = :s", "", "", false,
        R"({"pk":{"S":"p"},"sk":{"S":"1"},"x":{"S":"1"}})", invalid);

    // Step 7: per key attribute, hash then range, ExclusiveStartKey then the condition.
    row("hash start key type before missed hash", "", "", "", "sk = :s", "", "", false,
        R"({"pk":{"N":"1"},"sk":{"S":"1"}})", mismatch);
    row("hash start key missing before missed hash", "", "", "", "sk = :s", "", "", false,
        R"({"x":{"S":"p"},"sk":{"S":"1"}})", invalid);
    row("hash start key size before missed hash", "", "", "", "sk = :s", "", "", false,
        QStringLiteral(R"({"pk":{"S":"%1"},"sk":{"S":"1"}})").arg(QString(2049, u'p')),
        "One or more parameter values were invalid: Size of hashkey has exceeded the maximum "
        "size limit of2048 bytes");
    row("hash condition type before range start key", "", "", "", "pk = :n", "", "", false,
        R"({"pk":{"S":"p"},"sk":{"N":"1"}})", typeMismatch);
    row("hash not EQ before range start key", "", "", "", "pk > :p", "", "", false,
        R"({"pk":{"S":"p"},"sk":{"N":"1"}})", "Query key condition not supported");
    row("range start key missing before range condition type", "", "", "", "pk = :p AND sk > :n",
        "", "", false, R"({"pk":{"S":"p"},"x":{"S":"1"}})", invalid);
    row("range start key type before range condition type", "", "", "", "pk = :p AND sk > :n",
        "", "", false, R"({"pk":{"S":"p"},"sk":{"N":"1"}})", mismatch);
    row("range start key checked without a range condition", "", "", "", "pk = :p", "", "",
        false, R"({"pk":{"S":"p"},"sk":{"N":"1"}})", mismatch);
    row("range start key before condition on a non-key", "", "", "", "pk = :p AND x = :s", "",
        "", false, R"({"pk":{"S":"p"},"sk":{"N":"1"}})", mismatch);
    row("hash-only: start key before key condition not supported", "hash", "", "",
        "pk = :p AND x = :s", "", "", false, R"({"pk":{"N":"1"}})", mismatch);
    row("hash-only: key condition not supported", "hash", "", "", "pk = :p AND x = :s", "", "",
        false, R"({"pk":{"S":"p"}})", "Query key condition not supported");

    // Step 8: the table's key part on an index query, after the index's schema walk.
    row("index condition type before table key part", "", "", "GK", "g = :n", "", "", false,
        R"({"g":{"S":"G"},"gs":{"N":"1"},"pk":{"S":"p"},"sk":{"N":"1"}})", typeMismatch);
    row("index missed range before table key part", "", "", "GK", "g = :g AND x = :s", "", "",
        false, R"({"g":{"S":"G"},"gs":{"N":"1"},"pk":{"S":"p"},"sk":{"N":"1"}})",
        "Query condition missed key schema element: gs");
    row("index range start key missing (count right)", "", "", "GK", "g = :g", "", "", false,
        R"({"g":{"S":"G"},"x":{"N":"1"},"pk":{"S":"p"},"sk":{"S":"1"}})", invalid);
    row("table key missing (count right)", "", "", "GK", "g = :g", "", "", false,
        R"({"g":{"S":"G"},"gs":{"N":"1"},"pk":{"S":"p"},"x":{"S":"1"}})", invalid + ": " + mismatch);
    // Step 9 after step 8.
    row("table key part before query boundaries", "", "", "GK", "g = :g", "", "", false,
        R"({"g":{"S":"H"},"gs":{"N":"1"},"pk":{"S":"p"},"sk":{"N":"1"}})", invalid + ": " + mismatch);

    // Steps 9 to 12: start key against the conditions, filter on a key attribute, ALL_ATTRIBUTES
    // on a GSI, filter inside a key attribute.
    row("query boundaries before filter on a key", "", "", "", "pk = :p", "sk = :s", "", false,
        R"({"pk":{"S":"other"},"sk":{"S":"1"}})",
        "The provided starting key is outside query boundaries based on provided conditions");
    row("start key before ALL_ATTRIBUTES on a GSI", "", "", "GK", "g = :g", "", "ALL_ATTRIBUTES",
        false, "{}", invalid);
    row("missed key schema element before ALL_ATTRIBUTES on a GSI", "", "", "GK", "pk = :p", "",
        "ALL_ATTRIBUTES", false, "", "Query condition missed key schema element: g");
    row("filter on a key before ALL_ATTRIBUTES on a GSI", "", "", "GK", "g = :g", "gs = :n",
        "ALL_ATTRIBUTES", false, "", keyFilter + "gs");
    row("ALL_ATTRIBUTES on a GSI before filter inside a key", "", "", "GK", "g = :g",
        "pk.x = :g", "ALL_ATTRIBUTES", false, "", allOnGsi);
    row("filter inside a table key", "", "", "GA", "g = :g", "pk.x = :g", "", false, "",
        "Key attributes must be scalars; list random access '[]' and map lookup '.' are not "
        "allowed: Key: pk");
    row("filter on a table key of an index query is fine", "", "", "GA", "g = :g", "pk = :p", "",
        false, "", "<no error>");
    row("valid GSI start key", "", "", "GK", "g = :g", "", "", false,
        R"({"g":{"S":"G"},"gs":{"N":"1"},"pk":{"S":"p"},"sk":{"S":"2"}})", "<no error>");
}

void TestQueryEngine::validationOrder()
{
    QFETCH(QString, table);
    QFETCH(QString, tableName);
    QFETCH(QString, index);
    QFETCH(QString, keyCondition);
    QFETCH(QString, filter);
    QFETCH(QString, select);
    QFETCH(bool, consistentRead);
    QFETCH(QString, startKey);
    QFETCH(QString, expected);
    const auto t = table == QLatin1String("hash")
                       ? makeTable(tableJson("pk:S", "pk:HASH"), {Item{{"pk", S("p")}}})
                       : projectionTable();
    const std::map<QString, AttributeValue> all{
        {":p", S("p")}, {":s", S("1")}, {":n", N("1")}, {":g", S("G")}};
    std::map<QString, AttributeValue> values;
    for (const auto &[name, value] : all) {
        if (keyCondition.contains(name) || filter.contains(name))
            values.emplace(name, value);
    }
    QueryRequest r = request(keyCondition, values);
    if (values.empty())
        r.expressionAttributeValues.reset();
    r.tableName = tableName;
    r.indexName = index;
    if (!filter.isEmpty())
        r.filterExpression = filter;
    if (!select.isEmpty())
        r.select = select;
    r.consistentRead = consistentRead;
    if (!startKey.isEmpty())
        r.exclusiveStartKey = itemFrom(startKey);
    QCOMPARE(typedErrorOf(*t, r), expected);
}

void TestQueryEngine::exclusiveStartKeyErrors()
{
    QFETCH(QString, index);
    QFETCH(QString, keyCondition);
    QFETCH(QString, startKey);
    QFETCH(QString, expected);
    std::vector<Item> items;
    for (int i = 1; i <= 4; ++i)
        items.push_back(Item{{"pk", S("p")}, {"sk", S(QString::number(i))}, {"g", S("G")},
                             {"gs", N(QString::number(i % 2 + 1))}});
    const auto table = makeTable(
        tableJson("pk:S,sk:S,g:S,gs:N", "pk:HASH,sk:RANGE",
                  QStringLiteral(R"("GlobalSecondaryIndexes":[%1])")
                      .arg(indexJson("G", "g:HASH,gs:RANGE", "ALL"))),
        items);
    std::map<QString, AttributeValue> values{{":p", S("p")}, {":g", S("G")}, {":s", S("2")}};
    for (auto it = values.begin(); it != values.end();) {
        if (!keyCondition.contains(it->first))
            it = values.erase(it);
        else
            ++it;
    }
    QueryRequest r = request(keyCondition, values);
    r.indexName = index;
    r.exclusiveStartKey = itemFrom(startKey);
    QCOMPARE(errorOf(*table, r), expected.isEmpty() ? QStringLiteral("<no error>") : expected);
    if (expected.isEmpty()) {
        // A valid start key resumes strictly after its position, whether or not a row has it.
        const QueryResponse response = run(*table, r);
        const OracleRequest q{index, {index.isEmpty() ? S("p") : S("G")},
                              keyCondition.contains(":s")
                                  ? std::vector<RangeCondition>{cond("sk", SortKeyOperator::Greater, S("2"))}
                                  : std::vector<RangeCondition>{},
                              true, std::nullopt, r.exclusiveStartKey, {}};
        const QString problem = comparePage(*table, items, r, q, response);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QVERIFY(response.count > 0);
    }
}

// ---------------------------------------------------------------------------------------------

namespace {

// An item of exactly `size` bytes in partition "p" with sort key i.
Item sizedItem(int i, qint64 size, const QString &pk = QStringLiteral("p"))
{
    Item item{{"pk", S(pk)}, {"sk", N(QString::number(i))}};
    const qint64 base = itemSizeBytes(item) + qint64(QByteArray("payload").size());
    item.emplace("payload", S(QString(size - base, u'x')));
    Q_ASSERT(itemSizeBytes(item) == size);
    return item;
}

} // namespace

void TestQueryEngine::onePage()
{
    // 25 items of 100,000 bytes: 10 items are 1,000,000 bytes (< 1 MB), the 11th crosses 1 MB,
    // is included, and the page stops after it.
    std::vector<Item> items;
    for (int i = 0; i < 25; ++i)
        items.push_back(sizedItem(i, 100000));
    const auto table = makeTable(tableJson("pk:S,sk:N", "pk:HASH,sk:RANGE"), items);
    QueryRequest r = request("pk = :p", {{":p", S("p")}});
    r.returnConsumedCapacity = "TOTAL";
    const QueryResponse first = run(*table, r);
    QCOMPARE(first.count, 11);
    QCOMPARE(first.scannedCount, 11);
    QCOMPARE(toText(first.lastEvaluatedKey), toText(Item{{"pk", S("p")}, {"sk", N("10")}}));
    QCOMPARE(first.trace.stop, StopReason::PageFull);
    QCOMPARE(first.trace.visits.back().fate, ItemFate::PageFull);
    QCOMPARE(first.trace.visits.back().position, 11u);
    QCOMPARE(first.trace.bytesRead, quint64(1100000));
    // ceil(1,100,000 / 4096) = 269 units, halved for an eventually consistent read.
    QCOMPARE(first.consumedCapacity->capacityUnits, 134.5);

    const auto pages = allPages(*table, r);
    QCOMPARE(pages.size(), std::size_t(3));
    QCOMPARE(pages[1].count, 11);
    QCOMPARE(pages[2].count, 3);
    QVERIFY(!pages[2].lastEvaluatedKey);

    // Backward, with a filter that drops everything: the page still stops at 1 MB read.
    r.scanIndexForward = false;
    r.filterExpression = "attribute_not_exists(payload)";
    const QueryResponse filtered = run(*table, r);
    QCOMPARE(filtered.count, 0);
    QCOMPARE(filtered.scannedCount, 11);
    QCOMPARE(toText(filtered.lastEvaluatedKey), toText(Item{{"pk", S("p")}, {"sk", N("14")}}));

    // Limit stops first when it comes first.
    QueryRequest limited = request("pk = :p", {{":p", S("p")}});
    limited.limit = 5;
    QCOMPARE(run(*table, limited).scannedCount, 5);
    QCOMPARE(run(*table, limited).trace.stop, StopReason::Limit);
}

void TestQueryEngine::onePageExactBoundary()
{
    // Items summing to exactly 1 MB after the 4th: the 4th is included and ends the page, with a
    // LastEvaluatedKey even though nothing else matches.
    std::vector<Item> items;
    for (int i = 0; i < 3; ++i)
        items.push_back(sizedItem(i, 262144));
    items.push_back(sizedItem(3, 262144));
    items.push_back(sizedItem(99, 1000, QStringLiteral("other")));
    const auto table = makeTable(tableJson("pk:S,sk:N", "pk:HASH,sk:RANGE"), items);
    QueryRequest r = request("pk = :p", {{":p", S("p")}});
    const QueryResponse page = run(*table, r);
    QCOMPARE(page.count, 4);
    QCOMPARE(page.trace.bytesRead, quint64(QueryEngine::kPageBytes));
    QCOMPARE(toText(page.lastEvaluatedKey), toText(Item{{"pk", S("p")}, {"sk", N("3")}}));
    QCOMPARE(page.trace.stop, StopReason::PageFull);
    r.exclusiveStartKey = page.lastEvaluatedKey;
    const QueryResponse next = run(*table, r);
    QCOMPARE(next.count, 0);
    QVERIFY(!next.lastEvaluatedKey);

    // One byte less in total: all four fit below 1 MB, no LastEvaluatedKey.
    items[0] = sizedItem(0, 262143);
    const auto smaller = makeTable(tableJson("pk:S,sk:N", "pk:HASH,sk:RANGE"), items);
    const QueryResponse all = run(*smaller, request("pk = :p", {{":p", S("p")}}));
    QCOMPARE(all.count, 4);
    QVERIFY(!all.lastEvaluatedKey);
}

void TestQueryEngine::capacity()
{
    // 10 items totalling 40.8 KB (41,779 bytes) round up to 44 KB: 11 units strongly
    // consistent, 5.5 eventually consistent.
    std::vector<Item> items;
    for (int i = 0; i < 10; ++i)
        items.push_back(sizedItem(i, i < 9 ? 4178 : 41779 - 9 * 4178));
    const auto table = makeTable(tableJson("pk:S,sk:N", "pk:HASH,sk:RANGE"), items);
    QueryRequest r = request("pk = :p", {{":p", S("p")}});
    r.returnConsumedCapacity = "TOTAL";
    QCOMPARE(run(*table, r).trace.bytesRead, quint64(41779));
    QCOMPARE(run(*table, r).consumedCapacity->capacityUnits, 5.5);
    r.consistentRead = true;
    QCOMPARE(run(*table, r).consumedCapacity->capacityUnits, 11.0);
    // NONE (or nothing) returns no ConsumedCapacity.
    r.returnConsumedCapacity = "NONE";
    QVERIFY(!run(*table, r).consumedCapacity);
    r.returnConsumedCapacity.clear();
    QVERIFY(!run(*table, r).consumedCapacity);

    QCOMPARE(QueryEngine::capacityUnits(0, false), 0.5);
    QCOMPARE(QueryEngine::capacityUnits(0, true), 1.0);
    QCOMPARE(QueryEngine::capacityUnits(4096, true), 1.0);
    QCOMPARE(QueryEngine::capacityUnits(4097, true), 2.0);
    QCOMPARE(QueryEngine::capacityUnits(16000, false), 2.0);
}

void TestQueryEngine::capacityShapes()
{
    // 8 items of 2,000 bytes in a GSI (ALL): 16,000 bytes -> 16 KB -> 2.0 RCU eventually
    // consistent, charged to the index; the table part is 0.
    std::vector<Item> items;
    for (int i = 0; i < 8; ++i) {
        Item item{{"pk", S(QString::number(i))}, {"sk", N("1")}, {"g", S("G")}};
        const qint64 base = itemSizeBytes(item) + 7;
        item.emplace("payload", S(QString(2000 - base, u'x')));
        QCOMPARE(itemSizeBytes(item), 2000);
        items.push_back(item);
    }
    const auto table = makeTable(
        tableJson("pk:S,sk:N,g:S", "pk:HASH,sk:RANGE",
                  QStringLiteral(R"("GlobalSecondaryIndexes":[%1])").arg(indexJson("G", "g:HASH", "ALL"))),
        items);
    QueryRequest r = request("g = :g", {{":g", S("G")}});
    r.indexName = "G";
    r.returnConsumedCapacity = "INDEXES";
    const ConsumedCapacity c = *run(*table, r).consumedCapacity;
    QCOMPARE(c.tableName, QStringLiteral("T"));
    QCOMPARE(c.capacityUnits, 2.0);
    QCOMPARE(c.tableUnits, 0.0);
    QCOMPARE(c.indexName, QStringLiteral("G"));
    QVERIFY(c.indexIsGlobal);
    QCOMPARE(c.indexUnits, 2.0);
    QVERIFY(c.perIndex);

    r.returnConsumedCapacity = "TOTAL";
    QVERIFY(!run(*table, r).consumedCapacity->perIndex);
    QCOMPARE(run(*table, r).consumedCapacity->capacityUnits, 2.0);

    // A table query: everything on the table.
    QueryRequest t = request("pk = :p", {{":p", S("3")}});
    t.returnConsumedCapacity = "INDEXES";
    const ConsumedCapacity tc = *run(*table, t).consumedCapacity;
    QCOMPARE(tc.capacityUnits, 0.5);
    QCOMPARE(tc.tableUnits, 0.5);
    QVERIFY(tc.indexName.isEmpty());
    QCOMPARE(tc.indexUnits, 0.0);

    // An empty GSI query still costs the minimum, on the index.
    r.expressionAttributeValues = std::map<QString, AttributeValue>{{":g", S("none")}};
    r.returnConsumedCapacity = "INDEXES";
    const ConsumedCapacity empty = *run(*table, r).consumedCapacity;
    QCOMPARE(empty.capacityUnits, 0.5);
    QCOMPARE(empty.indexUnits, 0.5);
    QCOMPARE(empty.tableUnits, 0.0);
}

// ---------------------------------------------------------------------------------------------

namespace {

std::vector<Item> multiAttributeItems()
{
    // RANGE (r1 S, r2 N): ("a", 9) < ("a", 10) < ("b", 1) ...
    return itemsFrom(R"([
        {"pk":{"S":"01"},"t":{"S":"T"},"u":{"N":"1"},"r1":{"S":"a"},"r2":{"N":"10"},"r3":{"B":"AA=="}},
        {"pk":{"S":"02"},"t":{"S":"T"},"u":{"N":"1"},"r1":{"S":"a"},"r2":{"N":"9"},"r3":{"B":"AA=="}},
        {"pk":{"S":"03"},"t":{"S":"T"},"u":{"N":"1"},"r1":{"S":"b"},"r2":{"N":"1"},"r3":{"B":"AA=="}},
        {"pk":{"S":"04"},"t":{"S":"T"},"u":{"N":"1"},"r1":{"S":"ab"},"r2":{"N":"-5"},"r3":{"B":"/w=="}},
        {"pk":{"S":"05"},"t":{"S":"T"},"u":{"N":"1"},"r1":{"S":"a"},"r2":{"N":"9"},"r3":{"B":"AAA="}},
        {"pk":{"S":"06"},"t":{"S":"T"},"u":{"N":"1"},"r1":{"S":"a"},"r2":{"N":"9"},"r3":{"B":"AA=="}},
        {"pk":{"S":"07"},"t":{"S":"T"},"u":{"N":"2"},"r1":{"S":"a"},"r2":{"N":"9"},"r3":{"B":"AA=="}},
        {"pk":{"S":"08"},"t":{"S":"U"},"u":{"N":"1"},"r1":{"S":"a"},"r2":{"N":"9"},"r3":{"B":"AA=="}},
        {"pk":{"S":"09"},"t":{"S":"T"},"u":{"N":"1.0"},"r1":{"S":"a\u0000"},"r2":{"N":"0"},"r3":{"B":"AA=="}},
        {"pk":{"S":"10"},"t":{"S":"T"},"u":{"N":"1"},"r1":{"S":"a"},"r2":{"N":"1E+100"},"r3":{"B":"AA=="}},
        {"pk":{"S":"11"},"t":{"S":"T"},"u":{"N":"1"},"r1":{"S":"a"},"r2":{"N":"-1E+100"},"r3":{"B":"AA=="}},
        {"pk":{"S":"12"},"t":{"S":"T"},"u":{"N":"1"},"r1":{"S":"b"},"r3":{"B":"AA=="}},
        {"pk":{"S":"13"},"t":{"S":"T"},"u":{"N":"1"},"r1":{"S":"ac"},"r2":{"N":"3"},"r3":{"B":"AAE="}},
        {"pk":{"S":"14"},"t":{"S":"T"},"u":{"N":"1"},"r1":{"S":"a"},"r2":{"N":"10"},"r3":{"B":"AP8="}}
    ])");
}

} // namespace

void TestQueryEngine::multiAttributeIndex_data()
{
    QTest::addColumn<QString>("keyCondition");
    QTest::addColumn<QString>("values");
    QTest::addColumn<bool>("forward");
    QTest::addColumn<QStringList>("expectedPk"); // hand-computed; the oracle checks the rest

    const QString tu = R"(":t":{"S":"T"},":u":{"N":"1"})";
    const auto v = [&](const QString &more = {}) {
        return QLatin1Char('{') + tu + (more.isEmpty() ? QString() : QLatin1Char(',') + more) + QLatin1Char('}');
    };
    QTest::newRow("hash only, forward")
        << "t = :t AND u = :u" << v() << true
        << QStringList{"11", "02", "06", "05", "01", "14", "10", "09", "04", "13", "03"};
    QTest::newRow("hash only, backward")
        << "t = :t AND u = :u" << v() << false
        << QStringList{"03", "13", "04", "09", "10", "14", "01", "05", "06", "02", "11"};
    QTest::newRow("r1 = a")
        << "t = :t AND u = :u AND r1 = :a" << v(R"(":a":{"S":"a"})") << true
        << QStringList{"11", "02", "06", "05", "01", "14", "10"};
    QTest::newRow("r1 = a AND r2 >= 9.0")
        << "t = :t AND u = :u AND r1 = :a AND r2 >= :n" << v(R"(":a":{"S":"a"},":n":{"N":"9.0"})")
        << true << QStringList{"02", "06", "05", "01", "14", "10"};
    QTest::newRow("r1 = a AND r2 > 9")
        << "t = :t AND u = :u AND r1 = :a AND r2 > :n" << v(R"(":a":{"S":"a"},":n":{"N":"9"})")
        << true << QStringList{"01", "14", "10"};
    QTest::newRow("r1 = a AND r2 < 10, backward")
        << "t = :t AND u = :u AND r1 = :a AND r2 < :n" << v(R"(":a":{"S":"a"},":n":{"N":"10"})")
        << false << QStringList{"05", "06", "02", "11"};
    QTest::newRow("r1 = a AND r2 <= 10")
        << "t = :t AND u = :u AND r1 = :a AND r2 <= :n" << v(R"(":a":{"S":"a"},":n":{"N":"10"})")
        << true << QStringList{"11", "02", "06", "05", "01", "14"};
    QTest::newRow("r1 = a AND r2 BETWEEN -1 AND 9")
        << "t = :t AND u = :u AND r1 = :a AND r2 BETWEEN :lo AND :hi"
        << v(R"(":a":{"S":"a"},":lo":{"N":"-1"},":hi":{"N":"9"})") << true
        << QStringList{"02", "06", "05"};
    QTest::newRow("r1 > a")
        << "t = :t AND u = :u AND r1 > :a" << v(R"(":a":{"S":"a"})") << true
        << QStringList{"09", "04", "13", "03"};
    QTest::newRow("r1 < ab")
        << "t = :t AND u = :u AND r1 < :a" << v(R"(":a":{"S":"ab"})") << true
        << QStringList{"11", "02", "06", "05", "01", "14", "10", "09"};
    QTest::newRow("r1 <= ab, backward")
        << "t = :t AND u = :u AND r1 <= :a" << v(R"(":a":{"S":"ab"})") << false
        << QStringList{"04", "09", "10", "14", "01", "05", "06", "02", "11"};
    QTest::newRow("r1 >= ab")
        << "t = :t AND u = :u AND r1 >= :a" << v(R"(":a":{"S":"ab"})") << true
        << QStringList{"04", "13", "03"};
    QTest::newRow("begins_with(r1, a)")
        << "t = :t AND u = :u AND begins_with(r1, :a)" << v(R"(":a":{"S":"a"})") << true
        << QStringList{"11", "02", "06", "05", "01", "14", "10", "09", "04", "13"};
    QTest::newRow("r1 BETWEEN a\\0 AND ab")
        << "t = :t AND u = :u AND r1 BETWEEN :lo AND :hi"
        << v(R"(":lo":{"S":"a\u0000"},":hi":{"S":"ab"})") << true << QStringList{"09", "04"};
    QTest::newRow("r1 = a AND r2 = 9 AND r3 begins_with 00")
        << "t = :t AND u = :u AND r1 = :a AND r2 = :n AND begins_with(r3, :b)"
        << v(R"(":a":{"S":"a"},":n":{"N":"9"},":b":{"B":"AA=="})") << true
        << QStringList{"02", "06", "05"};
    QTest::newRow("r1 = a AND r2 = 10 AND r3 > 00")
        << "t = :t AND u = :u AND r1 = :a AND r2 = :n AND r3 > :b"
        << v(R"(":a":{"S":"a"},":n":{"N":"10"},":b":{"B":"AA=="})") << true
        << QStringList{"14"};
    QTest::newRow("r1 = a AND r2 = 9 AND r3 = 00 (ties by table key)")
        << "t = :t AND u = :u AND r1 = :a AND r2 = :n AND r3 = :b"
        << v(R"(":a":{"S":"a"},":n":{"N":"9"},":b":{"B":"AA=="})") << false
        << QStringList{"06", "02"};
    QTest::newRow("other hash tuple")
        << "t = :t AND u = :u" << R"({":t":{"S":"T"},":u":{"N":"2"}})" << true << QStringList{"07"};
    QTest::newRow("no such hash tuple")
        << "t = :t AND u = :u" << R"({":t":{"S":"U"},":u":{"N":"2"}})" << true << QStringList{};
}

void TestQueryEngine::multiAttributeIndex()
{
    QFETCH(QString, keyCondition);
    QFETCH(QString, values);
    QFETCH(bool, forward);
    QFETCH(QStringList, expectedPk);

    const std::vector<Item> items = multiAttributeItems();
    const auto table = makeTable(
        tableJson("pk:S,t:S,u:N,r1:S,r2:N,r3:B", "pk:HASH",
                  QStringLiteral(R"("GlobalSecondaryIndexes":[%1])")
                      .arg(indexJson("M", "t:HASH,u:HASH,r1:RANGE,r2:RANGE,r3:RANGE", "ALL"))),
        items);
    const Item v = itemFrom(values);
    QueryRequest r = request(keyCondition, std::map<QString, AttributeValue>(v.begin(), v.end()));
    r.indexName = "M";
    r.scanIndexForward = forward;
    const QueryResponse response = run(*table, r);
    QStringList pks;
    for (const Item &item : response.items)
        pks << item.at("pk").asString();
    QCOMPARE(pks, expectedPk);
    QVERIFY2(traceProblem(*table, r, response).isEmpty(),
             qPrintable(traceProblem(*table, r, response)));

    // Every Limit pages through the same order, resuming from keys holding all five index
    // attributes plus pk.
    for (int limit = 1; limit <= 4; ++limit) {
        r.limit = limit;
        QStringList paged;
        for (const auto &page : allPages(*table, r)) {
            for (const Item &item : page.items)
                paged << item.at("pk").asString();
            if (page.lastEvaluatedKey)
                QCOMPARE(page.lastEvaluatedKey->size(), std::size_t(6));
        }
        QCOMPARE(paged, expectedPk);
    }
}

// ---------------------------------------------------------------------------------------------

void TestQueryEngine::traceFates()
{
    std::vector<Item> items;
    for (int i = 0; i < 10; ++i)
        items.push_back(Item{{"pk", S("p")}, {"sk", N(QString::number(i))}, {"f", N(QString::number(i % 2))}});
    const auto table = makeTable(tableJson("pk:S,sk:N", "pk:HASH,sk:RANGE"), items);

    // Forward from 3, filter odd f, key range ends after 6: 3..6 read, 7 is outside.
    QueryRequest r = request("pk = :p AND sk BETWEEN :lo AND :hi",
                             {{":p", S("p")}, {":lo", N("3")}, {":hi", N("6")}, {":one", N("1")}});
    r.filterExpression = "f = :one";
    QueryResponse response = run(*table, r);
    QCOMPARE(response.trace.seekTarget, SeekTarget::LowerBound);
    QCOMPARE(response.trace.startPosition, 3u);
    QCOMPARE(response.trace.rangeBegin, 3u);
    QCOMPARE(response.trace.rangeEnd, 7u);
    QStringList fates;
    for (const TraceVisit &v : response.trace.visits)
        fates << QStringLiteral("%1:%2").arg(v.position).arg(fateName(v.fate));
    QCOMPARE(fates, (QStringList{"3:RETURNED", "4:FILTERED", "5:RETURNED", "6:FILTERED",
                                 "7:OUTSIDE_KEY_RANGE"}));
    QCOMPARE(response.trace.visits[2].resultNumber, 2u);
    QCOMPARE(response.trace.stop, StopReason::EndOfRange);
    QVERIFY(!response.trace.lastEvaluatedPosition);
    QVERIFY(traceProblem(*table, r, response).isEmpty());

    // Backward with Limit 2: starts at 6, reads 6 and 5, 4 is stopped by the limit.
    r.scanIndexForward = false;
    r.limit = 2;
    response = run(*table, r);
    QCOMPARE(response.trace.seekTarget, SeekTarget::UpperBound);
    QCOMPARE(response.trace.startPosition, 6u);
    fates.clear();
    for (const TraceVisit &v : response.trace.visits)
        fates << QStringLiteral("%1:%2").arg(v.position).arg(fateName(v.fate));
    QCOMPARE(fates, (QStringList{"6:FILTERED", "5:RETURNED", "4:STOPPED_BY_LIMIT"}));
    QCOMPARE(response.trace.lastEvaluatedPosition, std::optional<quint32>(5));
    QCOMPARE(toText(response.lastEvaluatedKey), toText(Item{{"pk", S("p")}, {"sk", N("5")}}));
    QVERIFY(traceProblem(*table, r, response).isEmpty());

    // Resuming: the seek targets ExclusiveStartKey and starts just before it (backward).
    r.exclusiveStartKey = response.lastEvaluatedKey;
    response = run(*table, r);
    QCOMPARE(response.trace.seekTarget, SeekTarget::ExclusiveStartKey);
    QCOMPARE(response.trace.startPosition, 4u);
    fates.clear();
    for (const TraceVisit &v : response.trace.visits)
        fates << QStringLiteral("%1:%2").arg(v.position).arg(fateName(v.fate));
    QCOMPARE(fates, (QStringList{"4:FILTERED", "3:RETURNED", "2:STOPPED_BY_LIMIT"}));
    QVERIFY(traceProblem(*table, r, response).isEmpty());

    // Backward from the very start of the partition: no row to read.
    QueryRequest low = request("pk = :p AND sk < :zero", {{":p", S("p")}, {":zero", N("0")}});
    low.scanIndexForward = false;
    response = run(*table, low);
    QCOMPARE(response.trace.startPosition, QueryTrace::kNoRow);
    QVERIFY(response.trace.visits.empty());
    QCOMPARE(response.count, 0);
    QVERIFY(traceProblem(*table, low, response).isEmpty());
    // Forward past the end.
    QueryRequest high = request("pk = :p AND sk > :big", {{":p", S("p")}, {":big", N("100")}});
    response = run(*table, high);
    QCOMPARE(response.trace.startPosition, 10u);
    QVERIFY(response.trace.visits.empty());
    QVERIFY(traceProblem(*table, high, response).isEmpty());
    // The seek is logarithmic.
    QVERIFY(response.trace.probes.size() <= 4);
}

void TestQueryEngine::largePartition()
{
    // 200,000 items in one partition: the seek is logarithmic and a Limit page reads only Limit
    // rows, and a full paged read stays exact.
    std::vector<Item> items;
    items.reserve(200000);
    for (int i = 0; i < 200000; ++i)
        items.push_back(Item{{"pk", S("p")}, {"sk", N(QString::number(i * 3))}});
    const auto table = makeTable(tableJson("pk:S,sk:N", "pk:HASH,sk:RANGE"), items);
    QueryRequest r = request("pk = :p AND sk >= :v", {{":p", S("p")}, {":v", N("299998")}});
    r.limit = 3;
    const QueryResponse response = run(*table, r);
    QVERIFY(response.trace.probes.size() <= 18); // ceil(log2(200001))
    QCOMPARE(response.trace.visits.size(), std::size_t(4));
    QCOMPARE(response.items.front().at("sk"), N("300000"));
    QCOMPARE(response.trace.startPosition, 100000u);
    QVERIFY(traceProblem(*table, r, response).isEmpty());

    QueryRequest all = request("pk = :p", {{":p", S("p")}});
    all.scanIndexForward = false;
    QueryEngine::Options options;
    options.materializeItems = false;
    const auto result = QueryEngine::query(*table, all, options);
    const QueryResponse &page = std::get<QueryResponse>(result);
    QVERIFY(page.items.empty());
    QCOMPARE(table->attribute(page.itemIds.front(), "sk"), N("599997"));
    // 9-byte items: the 1 MB page ends at the item that reaches 1,048,576 bytes.
    QVERIFY(page.lastEvaluatedKey);
    QVERIFY(page.trace.bytesRead >= QueryEngine::kPageBytes);
    QVERIFY(page.trace.bytesRead - page.trace.visits[page.trace.visits.size() - 2].sizeBytes
            < QueryEngine::kPageBytes);
    QVERIFY(traceProblem(*table, all, page).isEmpty());
    qint64 total = 0;
    int pages = 0;
    while (true) {
        auto next = QueryEngine::query(*table, all, options);
        const QueryResponse &p = std::get<QueryResponse>(next);
        total += p.count;
        ++pages;
        if (!p.lastEvaluatedKey)
            break;
        all.exclusiveStartKey = p.lastEvaluatedKey;
    }
    QCOMPARE(total, 200000);
    QCOMPARE(pages, 2);
}

QTEST_GUILESS_MAIN(TestQueryEngine)
#include "tst_queryengine.moc"
