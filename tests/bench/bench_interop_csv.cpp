// CSV import of a large file (the reliability issue's 300,000 rows): the reader alone, bare
// headers (types inferred from every cell), the import as `convert` and File > Import run it
// (by content; `.csv` or another name), and the check that every row fits the table. Each
// should grow in proportion to the rows: compare the 30,000 and 300,000 figures.
#include "model/interop/interopfile.h"
#include "model/interop/itemsformats.h"

#include <benchmark/benchmark.h>

#include <QJsonDocument>
#include <QJsonObject>

using namespace keyscope::model;

namespace {

TableDefinition readingsTable()
{
    const auto json = QJsonDocument::fromJson(R"({
        "TableName": "IoT",
        "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
                                 {"AttributeName": "SK", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                      {"AttributeName": "SK", "KeyType": "RANGE"}]})");
    QString error;
    return *TableDefinition::fromJson(json.object(), &error);
}

// 1,000 rows per device; a quoted note with a comma every tenth row.
QByteArray readingsCsv(qint64 rows, bool typedHeaders)
{
    QByteArray csv = typedHeaders ? "PK (S),SK (S),Temp (N),Active (BOOL),Note (S)\n"
                                  : "PK,SK,Temp,Active,Note\n";
    csv.reserve(rows * 60);
    for (qint64 i = 0; i < rows; ++i) {
        csv += "DEVICE#" + QByteArray::number(i / 1000).rightJustified(4, '0') + ",READING#"
            + QByteArray::number(i).rightJustified(7, '0') + ',' + QByteArray::number(15 + i % 16)
            + '.' + QByteArray::number(i % 10) + ',' + (i % 2 ? "true" : "false") + ','
            + (i % 10 == 0 ? QByteArray("\"calibrated, ok\"") : QByteArray("ok")) + '\n';
    }
    return csv;
}

void reportRows(benchmark::State &state, const QByteArray &csv)
{
    state.SetItemsProcessed(state.iterations() * state.range(0));
    state.SetBytesProcessed(state.iterations() * csv.size());
}

void BM_CsvRead(benchmark::State &state)
{
    const QByteArray csv = readingsCsv(state.range(0), true);
    for (auto _ : state) {
        auto read = ItemsFormats::fromCsv(csv, QStringLiteral("items.csv"), {});
        if (!std::holds_alternative<ItemsFile::Contents>(read))
            state.SkipWithError("the CSV did not read");
        benchmark::DoNotOptimize(read);
    }
    reportRows(state, csv);
}

void BM_CsvReadBareHeaders(benchmark::State &state)
{
    const QByteArray csv = readingsCsv(state.range(0), false);
    const TableDefinition table = readingsTable();
    for (auto _ : state) {
        auto read = ItemsFormats::fromCsv(csv, QStringLiteral("items.csv"), table);
        if (!std::holds_alternative<ItemsFile::Contents>(read))
            state.SkipWithError("the CSV did not read");
        benchmark::DoNotOptimize(read);
    }
    reportRows(state, csv);
}

// Import by content: `source` is the file name (a .csv goes straight to the CSV reader).
void importCsv(benchmark::State &state, const QString &source)
{
    const QByteArray csv = readingsCsv(state.range(0), true);
    const TableDefinition table = readingsTable();
    for (auto _ : state) {
        auto read = InteropFile::parse(csv, source, {}, table);
        if (!std::holds_alternative<InteropFile::Input>(read))
            state.SkipWithError("the CSV did not import");
        benchmark::DoNotOptimize(read);
    }
    reportRows(state, csv);
}

void BM_CsvImport(benchmark::State &state)
{
    importCsv(state, QStringLiteral("items.csv"));
}

void BM_CsvImportOtherName(benchmark::State &state)
{
    importCsv(state, QStringLiteral("items.txt"));
}

void BM_CsvCheckItems(benchmark::State &state)
{
    const TableDefinition table = readingsTable();
    auto read = ItemsFormats::fromCsv(readingsCsv(state.range(0), true),
                                      QStringLiteral("items.csv"), table);
    const auto contents = std::get<ItemsFile::Contents>(read);
    for (auto _ : state) {
        auto error = InteropFile::checkItems(contents, table, QStringLiteral("items.csv"));
        if (error)
            state.SkipWithError("the items do not fit the table");
        benchmark::DoNotOptimize(error);
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
}

} // namespace

BENCHMARK(BM_CsvRead)->Arg(30000)->Arg(300000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CsvReadBareHeaders)->Arg(30000)->Arg(300000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CsvImport)->Arg(30000)->Arg(300000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CsvImportOtherName)->Arg(30000)->Arg(300000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CsvCheckItems)->Arg(30000)->Arg(300000)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
