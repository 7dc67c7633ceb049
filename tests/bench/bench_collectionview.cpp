// Painting the collection diagram of a 1,000,000-row partition, one frame per iteration:
// layout (virtualised: only visible rows) plus the shared renderer into a 1200x800 QImage, at
// row detail, compact bars, and the whole-collection density strip. The frame budget is 8 ms.

#include "model/design/populator.h"
#include "model/query/queryengine.h"
#include "model/query/tracetimeline.h"
#include "model/table/table.h"
#include "ui/collection/collectionrenderer.h"

#include <QGuiApplication>
#include <QImage>
#include <QJsonDocument>
#include <QPainter>

#include <benchmark/benchmark.h>

using namespace keyscope;
using namespace keyscope::model;
using namespace keyscope::ui;

namespace {

constexpr int kRows = 1'000'000;
constexpr int kChildren = 24; // per parent: 40,000 parents, 960,000 children

struct Fixture
{
    std::shared_ptr<const Table> table;
    Population population;
    std::unique_ptr<CollectionRows> rows;
    std::unique_ptr<TraceTimeline> timeline;
};

Fixture &fixture()
{
    static Fixture f = [] {
        Fixture f;
        const QByteArray json = R"({"TableName":"Big",
            "AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"},
                                    {"AttributeName":"SK","AttributeType":"S"}],
            "KeySchema":[{"AttributeName":"PK","KeyType":"HASH"},
                         {"AttributeName":"SK","KeyType":"RANGE"}]})";
        QString error;
        auto definition = TableDefinition::fromJson(QJsonDocument::fromJson(json).object(), &error);
        auto table = std::make_shared<Table>(*definition);
        std::vector<Item> items;
        items.reserve(kRows);
        f.population.entityOf.reserve(kRows);
        f.population.parentOf.reserve(kRows);
        const AttributeValue pk = AttributeValue::string(QStringLiteral("TENANT#1"));
        qint64 parent = -1;
        for (int i = 0; i < kRows; ++i) {
            const int group = i / (kChildren + 1);
            const int child = i % (kChildren + 1);
            const QString sk = child == 0
                ? QStringLiteral("G%1").arg(group, 6, 10, QLatin1Char('0'))
                : QStringLiteral("G%1#R%2")
                      .arg(group, 6, 10, QLatin1Char('0'))
                      .arg(child, 3, 10, QLatin1Char('0'));
            items.push_back(
                Item {{QStringLiteral("PK"), pk},
                      {QStringLiteral("SK"), AttributeValue::string(sk)},
                      {QStringLiteral("Value"),
                       AttributeValue::number(*Number::parse(QString::number(i % 97), nullptr))}});
            if (child == 0)
                parent = i;
            f.population.entityOf.push_back(child == 0 ? 0 : 1 + (group / 5000) % 2);
            f.population.parentOf.push_back(child == 0 ? -1 : parent);
        }
        table->putItems(items);
        f.table = table;
        f.rows = std::make_unique<CollectionRows>(
            f.table, QString(), QByteArray(), &f.population,
            std::vector<CollectionRows::EntityInfo> {{QStringLiteral("Group"), QColor("#4E79A7")},
                                                     {QStringLiteral("Reading"), QColor("#F28E2B")},
                                                     {QStringLiteral("Event"), QColor("#59A14F")}});

        QueryRequest request;
        request.keyConditionExpression = QStringLiteral("PK = :pk AND begins_with(SK, :g)");
        request.expressionAttributeValues = std::map<QString, AttributeValue> {
            {QStringLiteral(":pk"), pk},
            {QStringLiteral(":g"), AttributeValue::string(QStringLiteral("G020000"))}};
        request.limit = 100;
        auto result = QueryEngine::query(*f.table, request);
        f.timeline
            = std::make_unique<TraceTimeline>(std::get<QueryResponse>(result).trace, *f.table);
        return f;
    }();
    return f;
}

// Collapsed bands of six neighbouring partitions and a design finding concerning every 7th row
// (143,000 rows): what the window draws with the Checks panel's finding selected.
struct Marks
{
    PartitionBands bands;
    std::vector<qsizetype> concerned;
};

const Marks &marks()
{
    static const Marks m = [] {
        Marks m;
        for (int i = 0; i < 3; ++i) {
            PartitionBand band;
            band.key = QByteArray("TENANT#") + QByteArray::number(i + 2);
            band.label = QString::fromLatin1(band.key);
            band.hash = QStringLiteral("0123abcd");
            band.itemCount = 1000 * (i + 1);
            band.concerned = i * 10;
            band.entityCounts = {40, 900, 60, 0};
            m.bands.before.push_back(band);
            m.bands.after.push_back(band);
        }
        m.bands.position = 3;
        m.bands.total = 40;
        m.bands.moreBefore = 0;
        m.bands.moreAfter = 33;
        for (qsizetype r = 0; r < kRows; r += 7)
            m.concerned.push_back(r);
        return m;
    }();
    return m;
}

void paintFrames(benchmark::State &state, double zoom, bool withTrace, bool withMarks = false)
{
    Fixture &f = fixture();
    const CollectionStyle style = CollectionStyle::exportStyle();
    CollectionRenderState render;
    render.rows = f.rows.get();
    if (withTrace) {
        render.timeline = f.timeline.get();
        render.step = f.timeline->stepCount() / 2; // mid-sweep
        render.transition = 0.5;
    }
    if (withMarks) {
        render.bands = &marks().bands;
        render.concernedRows = &marks().concerned;
        render.concernedTotal = qsizetype(marks().concerned.size());
    }
    const QSize size(1200, 800);
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    double scroll = 0;
    const double middle = double(kRows) / 2 * style.rowHeight * zoom;
    qint64 frames = 0;
    for (auto _ : state) {
        // Scroll a little every frame, as a user dragging through the middle would.
        scroll = middle + double(frames % 200) * 37;
        const CollectionLayout layout(
            CollectionRenderer::layoutParams(style, render, QSizeF(size), zoom, scroll));
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setRenderHint(QPainter::TextAntialiasing);
        CollectionRenderer::paint(painter, layout, render, style);
        painter.end();
        benchmark::DoNotOptimize(image.constBits());
        ++frames;
    }
    state.counters["rows"] = kRows;
    state.counters["frames_per_s"]
        = benchmark::Counter(double(frames), benchmark::Counter::kIsRate);
}

void BM_PaintRowDetail(benchmark::State &state)
{
    paintFrames(state, 1.0, false);
}
void BM_PaintRowDetailWithTrace(benchmark::State &state)
{
    paintFrames(state, 1.0, true);
}
void BM_PaintRowDetailWithBandsAndFinding(benchmark::State &state)
{
    paintFrames(state, 1.0, true, true);
}

void BM_PaintOverviewWithBandsAndFinding(benchmark::State &state)
{
    paintFrames(state, 0.0, true, true);
}

void BM_PaintCompactBars(benchmark::State &state)
{
    paintFrames(state, 0.25, false);
}
void BM_PaintOverviewDensity(benchmark::State &state)
{
    paintFrames(state, 0.0, true);
}

} // namespace

BENCHMARK(BM_PaintRowDetail)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PaintRowDetailWithTrace)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PaintRowDetailWithBandsAndFinding)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PaintOverviewWithBandsAndFinding)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PaintCompactBars)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PaintOverviewDensity)->Unit(benchmark::kMillisecond);

int main(int argc, char **argv)
{
    // Painting text needs a GUI application; no display is needed.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    fixture(); // build the million rows before timing
    // KEYSCOPE_SCREENSHOT_DIR: also save the overview and detail frames, to look at them.
    if (const QByteArray dir = qgetenv("KEYSCOPE_SCREENSHOT_DIR"); !dir.isEmpty()) {
        const CollectionStyle style = CollectionStyle::exportStyle();
        CollectionRenderState render;
        render.rows = fixture().rows.get();
        render.timeline = fixture().timeline.get();
        for (const double zoom : {0.0, 1.0}) {
            const CollectionLayout probe(
                CollectionRenderer::layoutParams(style, render, QSizeF(1200, 800), zoom, 0));
            const double scroll = zoom == 0.0 ? 0.0
                                              : probe.rowTop(fixture().timeline->trace().rangeBegin)
                    - probe.rowsRect().top() - 200;
            const CollectionLayout layout(
                CollectionRenderer::layoutParams(style, render, QSizeF(1200, 800), zoom, scroll));
            QImage image(1200, 800, QImage::Format_ARGB32_Premultiplied);
            QPainter painter(&image);
            painter.setRenderHint(QPainter::Antialiasing);
            CollectionRenderer::paint(painter, layout, render, style);
            painter.end();
            image.save(QString::fromLocal8Bit(dir)
                       + (zoom == 0.0 ? QStringLiteral("/million-overview.png")
                                      : QStringLiteral("/million-detail.png")));
        }
    }
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
