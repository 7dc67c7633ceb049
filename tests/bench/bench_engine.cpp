// Engine benchmarks named by the foundation issue:
// - loading 1,000,000 items into one partition against a bare std::sort of their sort keys;
// - a Query reading 100 items from a 1,000,000-item partition (seek + read + trace);
// - memory per stored item against the raw attribute bytes.
#include "model/query/queryengine.h"
#include "model/table/table.h"

#include <benchmark/benchmark.h>

#include <QJsonDocument>

#include <algorithm>
#include <random>
#include <string>

using namespace keyscope::model;

namespace {

constexpr int kItems = 1'000'000;

TableDefinition deviceTable()
{
    const auto json = QJsonDocument::fromJson(R"({
        "TableName": "Readings",
        "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
                                 {"AttributeName": "SK", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                      {"AttributeName": "SK", "KeyType": "RANGE"}]})");
    QString error;
    return *TableDefinition::fromJson(json.object(), &error);
}

// 40-byte sort keys "READING#" + 32 hex digits, in random order, all in one partition.
const std::vector<std::string> &sortKeys()
{
    static const std::vector<std::string> keys = [] {
        std::mt19937_64 random(42);
        std::vector<std::string> out;
        out.reserve(kItems);
        static const char hex[] = "0123456789abcdef";
        for (int i = 0; i < kItems; ++i) {
            std::string key = "READING#";
            for (int j = 0; j < 32; ++j)
                key.push_back(hex[random() & 15]);
            out.push_back(std::move(key));
        }
        return out;
    }();
    return keys;
}

// Three attributes: PK, SK (40 bytes) and a number.
const std::vector<Item> &items()
{
    static const std::vector<Item> all = [] {
        std::vector<Item> out;
        out.reserve(kItems);
        const AttributeValue pk = AttributeValue::string(QStringLiteral("DEVICE#0001"));
        const QString pkName = QStringLiteral("PK");
        const QString skName = QStringLiteral("SK");
        const QString tempName = QStringLiteral("Temp");
        int i = 0;
        for (const std::string &key : sortKeys()) {
            Item item;
            item.emplace(pkName, pk);
            item.emplace(skName, AttributeValue::stringUtf8(QByteArray::fromStdString(key)));
            item.emplace(tempName, AttributeValue::number(Number::fromInt(150 + i++ % 200)));
            out.push_back(std::move(item));
        }
        return out;
    }();
    return all;
}

void BM_StdSortSortKeys(benchmark::State &state)
{
    for (auto _ : state) {
        state.PauseTiming();
        std::vector<std::string> keys = sortKeys();
        state.ResumeTiming();
        std::sort(keys.begin(), keys.end());
        benchmark::DoNotOptimize(keys.data());
    }
    state.SetItemsProcessed(state.iterations() * kItems);
}
BENCHMARK(BM_StdSortSortKeys)->Unit(benchmark::kMillisecond)->Iterations(3);

void BM_LoadOnePartitionTimed(benchmark::State &state)
{
    const std::vector<Item> &all = items();
    for (auto _ : state) {
        auto table = std::make_unique<Table>(deviceTable());
        auto result = table->putItems(all);
        benchmark::DoNotOptimize(result);
        state.PauseTiming();
        table.reset();
        state.ResumeTiming();
    }
    state.SetItemsProcessed(state.iterations() * kItems);
}
BENCHMARK(BM_LoadOnePartitionTimed)->Unit(benchmark::kMillisecond)->Iterations(3);

const Table &loadedTable()
{
    static const Table *table = [] {
        auto *t = new Table(deviceTable());
        t->putItems(items());
        return t;
    }();
    return *table;
}

// A Query whose key condition selects ~100 rows somewhere in the partition; Limit 100 makes it
// read exactly 100.
void runQuery100(benchmark::State &state, bool materialize, bool forward)
{
    const Table &table = loadedTable();
    const auto &entries = table.store()->partitions().front().entries;
    std::mt19937 random(7);
    QueryRequest request;
    request.keyConditionExpression = QStringLiteral("PK = :pk AND SK BETWEEN :a AND :b");
    request.limit = 100;
    request.scanIndexForward = forward;
    std::vector<std::map<QString, AttributeValue>> valueSets;
    for (int i = 0; i < 64; ++i) {
        const std::size_t at = random() % (entries.size() - 200);
        std::map<QString, AttributeValue> values;
        values.emplace(QStringLiteral(":pk"), AttributeValue::string(QStringLiteral("DEVICE#0001")));
        values.emplace(QStringLiteral(":a"),
                       AttributeValue::stringUtf8(entries[at].sortKey().toByteArray()));
        values.emplace(QStringLiteral(":b"),
                       AttributeValue::stringUtf8(entries[at + 150].sortKey().toByteArray()));
        valueSets.push_back(std::move(values));
    }
    QueryEngine::Options options;
    options.materializeItems = materialize;
    std::size_t next = 0;
    for (auto _ : state) {
        request.expressionAttributeValues = valueSets[next++ % valueSets.size()];
        auto response = QueryEngine::query(table, request, options);
        if (!std::holds_alternative<QueryResponse>(response)) {
            state.SkipWithError("query failed");
            return;
        }
        const auto &r = std::get<QueryResponse>(response);
        if (r.scannedCount != 100) {
            state.SkipWithError("query did not read 100 items");
            return;
        }
        benchmark::DoNotOptimize(r.trace.visits.data());
    }
}

void BM_Query100FromMillion(benchmark::State &state)
{
    runQuery100(state, false, true);
}
BENCHMARK(BM_Query100FromMillion)->Unit(benchmark::kMicrosecond)->Repetitions(5)->ReportAggregatesOnly(true);

void BM_Query100FromMillionBackward(benchmark::State &state)
{
    runQuery100(state, false, false);
}
BENCHMARK(BM_Query100FromMillionBackward)->Unit(benchmark::kMicrosecond)->Repetitions(5)->ReportAggregatesOnly(true);

void BM_Query100FromMillionWithItems(benchmark::State &state)
{
    runQuery100(state, true, true);
}
BENCHMARK(BM_Query100FromMillionWithItems)->Unit(benchmark::kMicrosecond)->Repetitions(5)->ReportAggregatesOnly(true);

// Bytes the store holds per item, against the raw attribute bytes (names + values).
void BM_MemoryPerItem(benchmark::State &state)
{
    const Table &table = loadedTable();
    qint64 raw = 0;
    for (const Item &item : items())
        raw += itemSizeBytes(item);
    for (auto _ : state)
        benchmark::DoNotOptimize(table.memoryBytes());
    const double rawPerItem = double(raw) / kItems;
    const double storedPerItem = double(table.memoryBytes()) / kItems;
    state.counters["raw_bytes_per_item"] = rawPerItem;
    state.counters["stored_bytes_per_item"] = storedPerItem;
    state.counters["budget_bytes_per_item"] = 2 * rawPerItem + 64;
}
BENCHMARK(BM_MemoryPerItem)->Iterations(1);

} // namespace

BENCHMARK_MAIN();
