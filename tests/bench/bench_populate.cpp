// Population benchmark named by the modeling issue: generating 1,000,000 items must take at
// most 2x the time the engine needs to load the same items from memory.
#include "model/design/populator.h"
#include "model/table/table.h"

#include <benchmark/benchmark.h>

#include <QJsonDocument>

using namespace keyscope::model;

namespace {

// 1,000 devices with 1,000 readings each (plus the devices): the IoT design.
Project millionItemProject()
{
    Project project;
    const auto json = QJsonDocument::fromJson(R"({
        "TableName": "IoT",
        "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
                                 {"AttributeName": "SK", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                      {"AttributeName": "SK", "KeyType": "RANGE"}]})");
    QString error;
    project.table = *TableDefinition::fromJson(json.object(), &error);
    project.seed = 42;

    EntityType device;
    device.name = QStringLiteral("Device");
    AttributeSpec id;
    id.name = QStringLiteral("DeviceId");
    id.type = AttributeKind::N;
    id.generator.kind = GeneratorSpec::Kind::Sequence;
    device.attributes.push_back(id);
    device.keys = {{QStringLiteral("PK"), QStringLiteral("DEVICE#{DeviceId|pad:4}")},
                   {QStringLiteral("SK"), QStringLiteral("DEVICE#{DeviceId|pad:4}")}};
    device.countMin = device.countMax = 1000;

    EntityType reading;
    reading.name = QStringLiteral("Reading");
    reading.parent = QStringLiteral("Device");
    reading.countMin = reading.countMax = 999;
    AttributeSpec ts;
    ts.name = QStringLiteral("Ts");
    ts.type = AttributeKind::Timestamp;
    ts.generator.kind = GeneratorSpec::Kind::Timestamp;
    ts.generator.start = 1704067200000;
    ts.generator.step = 60000;
    ts.generator.perParent = true;
    AttributeSpec temp;
    temp.name = QStringLiteral("Temp");
    temp.type = AttributeKind::N;
    temp.generator.kind = GeneratorSpec::Kind::IntegerRange;
    temp.generator.min = 15;
    temp.generator.max = 30;
    reading.attributes = {ts, temp};
    reading.keys = {{QStringLiteral("PK"), QStringLiteral("DEVICE#{Device.DeviceId|pad:4}")},
                    {QStringLiteral("SK"), QStringLiteral("#READING#{Ts|iso8601}")}};
    project.entities = {device, reading};
    return project;
}

void BM_Populate1M(benchmark::State &state)
{
    const Project project = millionItemProject();
    for (auto _ : state) {
        auto population = Populator::populate(project);
        if (!std::holds_alternative<Population>(population)) {
            state.SkipWithError("population failed");
            return;
        }
        state.PauseTiming();
        const qsizetype items = std::get<Population>(population).size();
        population = Population();
        state.ResumeTiming();
        state.counters["items"] = double(items);
    }
}
BENCHMARK(BM_Populate1M)->Unit(benchmark::kMillisecond)->Iterations(3);

// The reference of the target: the engine loading the same items from memory as items
// (validated, encoded, sorted).
void BM_LoadPopulated1M(benchmark::State &state)
{
    const Project project = millionItemProject();
    const std::vector<Item> items
        = std::get<Population>(Populator::populate(project)).items.toVector();
    for (auto _ : state) {
        auto table = std::make_unique<Table>(project.table);
        auto result = table->putItems(items);
        benchmark::DoNotOptimize(result);
        state.PauseTiming();
        table.reset();
        state.ResumeTiming();
    }
    state.counters["items"] = double(items.size());
}
BENCHMARK(BM_LoadPopulated1M)->Unit(benchmark::kMillisecond)->Iterations(3);

// What the app does with a population: the table reads the population's encoded items where
// they lie (validated and sorted, not copied).
void BM_LoadPopulationList1M(benchmark::State &state)
{
    const Project project = millionItemProject();
    const Population population = std::get<Population>(Populator::populate(project));
    for (auto _ : state) {
        auto table = std::make_unique<Table>(project.table);
        auto result = table->putItems(population.items);
        benchmark::DoNotOptimize(result);
        state.PauseTiming();
        table.reset();
        state.ResumeTiming();
    }
    state.counters["items"] = double(population.size());
}
BENCHMARK(BM_LoadPopulationList1M)->Unit(benchmark::kMillisecond)->Iterations(3);

} // namespace

BENCHMARK_MAIN();
