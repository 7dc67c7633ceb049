// Export benchmarks (issue 5): a 200-row collection diagram to SVG (target under 100 ms) and the
// animated SVG of a 100-step traversal of it (target under 500 ms, under 300 KB). File sizes
// are reported as counters. The project is tests/data/export/long-trace.keyscope.json: one
// Device and 199 Readings; "Warm readings" reads 90 of them forward through a filter.

#include "tests/support/testpaths.h"
#include "ui/export/animatedsvg.h"
#include "ui/export/diagramexporter.h"

#include <QGuiApplication>
#include <QImage>

#include <benchmark/benchmark.h>

using namespace keyscope::ui;

namespace {

const QString kProject = keyscope::testsupport::testDataPath("/export/long-trace.keyscope.json");
const QString kPattern = QStringLiteral("Warm readings");

std::unique_ptr<ExportDiagram> diagram(std::optional<int> step = std::nullopt)
{
    auto created = ExportDiagram::create(kProject, kPattern, step);
    if (auto *error = std::get_if<ExportError>(&created)) {
        qFatal("%s", qPrintable(error->message));
        return nullptr;
    }
    return std::move(std::get<std::unique_ptr<ExportDiagram>>(created));
}

// The diagram is built once (loading and running the pattern is not export work).
void BM_StaticSvg200Rows(benchmark::State &state)
{
    auto d = diagram();
    QByteArray svg;
    for (auto _ : state) {
        svg = d->toSvg();
        benchmark::DoNotOptimize(svg.data());
    }
    state.counters["rows"] = 200;
    state.counters["bytes"] = double(svg.size());
}

void BM_StaticPng200Rows(benchmark::State &state)
{
    auto d = diagram();
    for (auto _ : state) {
        QImage image = d->toImage(1.0);
        benchmark::DoNotOptimize(image.bits());
    }
}

void BM_AnimatedSvg100Steps(benchmark::State &state)
{
    auto d = diagram();
    QByteArray svg;
    for (auto _ : state) {
        svg = animatedSvg(*d, QStringLiteral("bench"));
        benchmark::DoNotOptimize(svg.data());
    }
    state.counters["steps"] = d->stepCount();
    state.counters["bytes"] = double(svg.size());
    if (svg.isEmpty())
        state.SkipWithError("animatedSvg failed");
}

// The whole command's work: load, populate, run, then animate.
void BM_AnimatedSvg100StepsFromFile(benchmark::State &state)
{
    QByteArray svg;
    for (auto _ : state) {
        auto d = diagram();
        svg = animatedSvg(*d, QStringLiteral("bench"));
        benchmark::DoNotOptimize(svg.data());
    }
    state.counters["bytes"] = double(svg.size());
}

// The README's picture: the IoT example's backward Query (40 rows, 20 steps).
void BM_AnimatedSvgIotExample(benchmark::State &state)
{
    auto created = ExportDiagram::create(
        keyscope::testsupport::sourcePath("/resources/examples/iot/after.keyscope.json"),
        QStringLiteral("Device and its 10 newest readings"), std::nullopt);
    auto &d = std::get<std::unique_ptr<ExportDiagram>>(created);
    QByteArray svg;
    for (auto _ : state) {
        svg = animatedSvg(*d, QStringLiteral("bench"));
        benchmark::DoNotOptimize(svg.data());
    }
    state.counters["steps"] = d->stepCount();
    state.counters["bytes"] = double(svg.size());
}

} // namespace

BENCHMARK(BM_StaticSvg200Rows)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_StaticPng200Rows)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AnimatedSvg100Steps)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AnimatedSvg100StepsFromFile)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AnimatedSvgIotExample)->Unit(benchmark::kMillisecond);

int main(int argc, char **argv)
{
    // Painting text needs a GUI application; no display is needed.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
