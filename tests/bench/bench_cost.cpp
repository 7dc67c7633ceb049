// The cost report (issue 28) on a prepared design: the IoT example with its device count raised
// to about N items, every pattern's pages read, every item's write units and every store's
// bytes tallied. What the app's Capacity panel and `keyscope cost` add after populating.
#include "model/cost/costreport.h"
#include "model/design/projectfile.h"
#include "tests/support/testpaths.h"

#include <benchmark/benchmark.h>

using namespace keyscope::model;

namespace {

std::optional<PreparedDesign> prepared(Project &project, qint64 items)
{
    auto read = ProjectFile::read(
        keyscope::testsupport::sourcePath("/resources/examples/iot/after.keyscope.json"));
    if (!std::holds_alternative<Project>(read))
        return std::nullopt;
    project = std::get<Project>(std::move(read));
    project.entities[0].countMin = project.entities[0].countMax = int(items / 33); // ~33 each
    auto design = DesignRun::prepare(project);
    if (!std::holds_alternative<PreparedDesign>(design))
        return std::nullopt;
    return std::get<PreparedDesign>(std::move(design));
}

void BM_CostReport(benchmark::State &state)
{
    Project project;
    const auto design = prepared(project, state.range(0));
    if (!design) {
        state.SkipWithError("cannot prepare the IoT example");
        return;
    }
    double total = 0;
    for (auto _ : state) {
        auto report = CostReport::compute(project, *design);
        total = std::get<CostReport>(report).totals.onDemand;
        benchmark::DoNotOptimize(total);
    }
    state.counters["items"] = double(design->population->size());
    state.SetComplexityN(state.range(0));
}
BENCHMARK(BM_CostReport)
    ->Arg(100'000)
    ->Arg(1'000'000)
    ->Unit(benchmark::kMillisecond)
    ->Complexity();

} // namespace

BENCHMARK_MAIN();
