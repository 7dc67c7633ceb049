// `keyscope check` with N failing access patterns (issue 27): the IoT "before" design with its
// failing pattern N times under other names, populated, its table built and every pattern run
// and diagnosed, as `check` does. The time grows linearly with N (it grew as N squared: 100
// patterns took 1 s, 400 took 15 s, 2,000 over a minute); the reported complexity says which.
#include "model/design/accesspatternrunner.h"
#include "model/design/populator.h"
#include "model/design/projectfile.h"
#include "tests/support/testpaths.h"

#include <benchmark/benchmark.h>

using namespace keyscope::model;

namespace {

Project failingCopies(qint64 count)
{
    auto read = ProjectFile::read(
        keyscope::testsupport::sourcePath("/resources/examples/iot/before.keyscope.json"));
    if (!std::holds_alternative<Project>(read))
        return Project();
    Project project = std::get<Project>(std::move(read));
    const AccessPattern failing = project.accessPatterns.front();
    project.accessPatterns.clear();
    for (qint64 i = 0; i < count; ++i) {
        AccessPattern copy = failing;
        copy.name = QStringLiteral("Pattern %1").arg(i + 1);
        project.accessPatterns.push_back(copy);
    }
    return project;
}

void BM_CheckFailingPatterns(benchmark::State &state)
{
    const Project project = failingCopies(state.range(0));
    if (project.accessPatterns.empty()) {
        state.SkipWithError("cannot read the IoT example");
        return;
    }
    qint64 failed = 0;
    for (auto _ : state) {
        const Population population = std::get<Population>(Populator::populate(project));
        const auto table = std::get<std::unique_ptr<Table>>(
            AccessPatternRunner::buildTable(project, population));
        const auto results = AccessPatternRunner::runAll(project, population, *table);
        failed = std::count_if(results.begin(), results.end(),
                               [](const PatternResult &r) { return !r.passed && r.fix; });
    }
    if (failed != state.range(0))
        state.SkipWithError("not every pattern failed with a fix");
    state.counters["failing"] = double(failed);
    state.SetComplexityN(state.range(0));
}
BENCHMARK(BM_CheckFailingPatterns)
    ->Arg(100)
    ->Arg(400)
    ->Arg(1600)
    ->Unit(benchmark::kMillisecond)
    ->Complexity();

} // namespace

BENCHMARK_MAIN();
