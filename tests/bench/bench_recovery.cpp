// Design recovery benchmark named by issue 12: recovering a 1,000,000-item table takes under
// 3 s. The table is the IoT design with three keys (PK, SK and an index's GSI1PK): devices and
// their readings, as a scan export of a real table would hold them.
#include "model/design/populator.h"
#include "model/design/recovery/designrecovery.h"

#include <benchmark/benchmark.h>

#include <QJsonDocument>

using namespace keyscope::model;
using namespace keyscope::model::recovery;

namespace {

Project iotProject(int devices)
{
    Project project;
    const auto json = QJsonDocument::fromJson(R"({
        "TableName": "IoT",
        "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
                                 {"AttributeName": "SK", "AttributeType": "S"},
                                 {"AttributeName": "GSI1PK", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                      {"AttributeName": "SK", "KeyType": "RANGE"}],
        "GlobalSecondaryIndexes": [{"IndexName": "GSI1",
            "KeySchema": [{"AttributeName": "GSI1PK", "KeyType": "HASH"},
                          {"AttributeName": "SK", "KeyType": "RANGE"}],
            "Projection": {"ProjectionType": "ALL"}}]})");
    QString error;
    project.table = *TableDefinition::fromJson(json.object(), &error);
    project.seed = 42;

    EntityType device;
    device.name = QStringLiteral("Device");
    AttributeSpec id;
    id.name = QStringLiteral("DeviceId");
    id.type = AttributeKind::N;
    id.generator.kind = GeneratorSpec::Kind::Sequence;
    AttributeSpec model;
    model.name = QStringLiteral("Model");
    model.generator.kind = GeneratorSpec::Kind::Choice;
    model.generator.choices
        = {QStringLiteral("TH100"), QStringLiteral("TH200"), QStringLiteral("AQ10")};
    device.attributes = {id, model};
    device.keys = {{QStringLiteral("PK"), QStringLiteral("DEVICE#{DeviceId|pad:4}")},
                   {QStringLiteral("SK"), QStringLiteral("DEVICE#{DeviceId|pad:4}")},
                   {QStringLiteral("GSI1PK"), QStringLiteral("MODEL#{Model}")}};
    device.countMin = device.countMax = devices;

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
                    {QStringLiteral("SK"), QStringLiteral("#READING#{Ts|iso8601}")},
                    {QStringLiteral("GSI1PK"), QStringLiteral("DAY#{Ts|date}")}};
    project.entities = {device, reading};
    return project;
}

void recoverItems(benchmark::State &state, int devices)
{
    const Project project = iotProject(devices);
    auto populated = Populator::populate(project);
    if (!std::holds_alternative<Population>(populated)) {
        state.SkipWithError("population failed");
        return;
    }
    const ItemList items = std::move(std::get<Population>(populated).items);
    size_t proposals = 0;
    for (auto _ : state) {
        const RecoveryResult result = DesignRecovery::recover(project.table, items);
        proposals = result.proposals.size();
        benchmark::DoNotOptimize(result);
    }
    if (proposals != 2)
        state.SkipWithError("expected Device and Reading back");
    state.counters["items"] = double(items.size());
}

void BM_Recover100k(benchmark::State &state)
{
    recoverItems(state, 100);
}
BENCHMARK(BM_Recover100k)->Unit(benchmark::kMillisecond)->Iterations(3);

void BM_Recover1M(benchmark::State &state)
{
    recoverItems(state, 1000);
}
BENCHMARK(BM_Recover1M)->Unit(benchmark::kMillisecond)->Iterations(3);

} // namespace

BENCHMARK_MAIN();
