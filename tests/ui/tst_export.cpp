// Static diagram export (issue 5, first slice): ExportDiagram paints through the one
// collection renderer onto QImage, QSvgGenerator and QPdfWriter; `keyscope export` writes the
// files. Exports are checked by reading them back.

#include "tests/support/testpaths.h"
#include "ui/collection/collectionrenderer.h"
#include "ui/collection/collectionstyle.h"
#include "ui/export/comparediagram.h"
#include "ui/export/diagramexporter.h"
#include "ui/export/diagramlegend.h"

#include <QFile>
#include <QImage>
#include <QLocale>
#include <QPainter>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace keyscope::ui;

namespace {

const QString kProject
    = keyscope::testsupport::sourcePath("/resources/examples/iot/after.keyscope.json");
const QString kPattern = QStringLiteral("Device and its 10 newest readings");
const QString kShop = keyscope::testsupport::testDataPath("/export/shop.keyscope.json");
const QString kShopPattern = QStringLiteral("Open orders, six at a time");
const QString kBefore
    = keyscope::testsupport::sourcePath("/resources/examples/iot/before.keyscope.json");

std::unique_ptr<ExportDiagram> diagram(std::optional<int> step = std::nullopt)
{
    auto created = ExportDiagram::create(kProject, kPattern, step);
    if (auto *error = std::get_if<ExportError>(&created)) {
        qWarning("%s", qPrintable(error->message));
        return nullptr;
    }
    return std::move(std::get<std::unique_ptr<ExportDiagram>>(created));
}

bool near(QRgb a, QRgb b, int tolerance)
{
    return std::abs(qRed(a) - qRed(b)) <= tolerance && std::abs(qGreen(a) - qGreen(b)) <= tolerance
        && std::abs(qBlue(a) - qBlue(b)) <= tolerance;
}

struct Run
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

Run runKeyscope(const QStringList &args)
{
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("QT_QPA_PLATFORM"));
    env.remove(QStringLiteral("DISPLAY"));
    env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    process.setProcessEnvironment(env);
    process.start(keyscope::testsupport::keyscopeBinary(), args);
    if (!process.waitForFinished(120000))
        return {};
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            process.readAllStandardOutput(), process.readAllStandardError()};
}

Run runExport(const QStringList &args)
{
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    // The command must choose the offscreen platform by itself.
    env.remove(QStringLiteral("QT_QPA_PLATFORM"));
    env.remove(QStringLiteral("DISPLAY"));
    env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    process.setProcessEnvironment(env);
    process.start(keyscope::testsupport::keyscopeBinary(),
                  QStringList {QStringLiteral("export")} + args);
    if (!process.waitForFinished(120000))
        return {};
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            process.readAllStandardOutput(), process.readAllStandardError()};
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

class TestExport : public QObject
{
    Q_OBJECT

private slots:
    void svgMatchesImageAwayFromText();
    void captionNarratesTheStep();
    void svgIsDeterministicAndKeepsText();
    void pdfIsOnePageOfTheDiagram();
    void cliFormatsAndScale();
    void svgAtEveryStepIsWellFormed();
    void cliStepsDiffer();
    void cliExample();
    void cliHelpListsOptionsAndExamples();
    void cliErrors_data();
    void cliErrors();

    void legendNamesEntitiesAndTheMarksMade();
    void legendIsDrawnAndCanBeLeftOut();
    void headingNamesTheDesignThePatternAndTheQuery();
    void darkThemeIsItsOwnExportStyle();
    void cliBackgroundTransparentOrColour();
    void longKeysElidedWithFullKeyInSvgTitle();
    void markdownTableOfFatesAndResults();
    void markdownAtAStepAndDeterministic();
    void markdownTakesCollectionsTooLongForAPicture();
    void bigCollectionDrawsTheRowsTheQueryTouched();
    void rowWindowOptions();
    void explainCommand();
    void explainCommandErrors_data();
    void explainCommandErrors();
    void compareDrawsBothDesigns();
    void cliCompareFilesAndExamples();
    void cliQueryOptions();
    void cliQueryOptionErrors_data();
    void cliQueryOptionErrors();
    void pdfTextIsExtractable();
};

void TestExport::svgMatchesImageAwayFromText()
{
    auto d = diagram();
    QVERIFY(d);
    const QImage image = d->toImage(1.0).convertToFormat(QImage::Format_RGB32);
    QCOMPARE(image.size(), d->logicalSize().toSize());

    QSvgRenderer renderer(d->toSvg());
    QVERIFY(renderer.isValid());
    // The SVG's width and height are in mm; its viewBox is the diagram's logical size.
    QCOMPARE(renderer.viewBoxF().size(), d->logicalSize());
    QImage svg(image.size(), QImage::Format_RGB32);
    svg.fill(Qt::white);
    {
        QPainter painter(&svg);
        painter.setRenderHint(QPainter::Antialiasing);
        renderer.render(&painter);
    }

    // Result badges are filled with the export style's "returned" green: every pixel of that
    // exact colour in the image render (badge interiors, away from text edges) must be that
    // green in the SVG render too, and there must be plenty of them (10 results).
    const QColor green = CollectionStyle::exportStyle().returned;
    int badgePixels = 0;
    int matching = 0;
    for (int y = 1; y + 1 < image.height(); ++y) {
        for (int x = 1; x + 1 < image.width(); ++x) {
            // Interior pixels only: the pixel and its four neighbours are all badge green.
            const auto isGreen
                = [&](int px, int py) { return near(image.pixel(px, py), green.rgb(), 2); };
            if (!isGreen(x, y) || !isGreen(x - 1, y) || !isGreen(x + 1, y) || !isGreen(x, y - 1)
                || !isGreen(x, y + 1))
                continue;
            ++badgePixels;
            if (near(svg.pixel(x, y), green.rgb(), 12))
                ++matching;
        }
    }
    QVERIFY2(badgePixels > 100, qPrintable(QString::number(badgePixels)));
    QVERIFY2(matching >= badgePixels * 95 / 100,
             qPrintable(QStringLiteral("%1 of %2").arg(matching).arg(badgePixels)));

    // The background and the caption band's rule agree across the two renders.
    QVERIFY(near(svg.pixel(2, image.height() - 2), image.pixel(2, image.height() - 2), 8));
    // Away from text (flat 5x5 neighbourhoods in the image render: fills, rules, chips) the
    // two renders agree.
    qint64 flat = 0;
    qint64 same = 0;
    for (int y = 2; y + 2 < image.height(); ++y) {
        for (int x = 2; x + 2 < image.width(); ++x) {
            const QRgb centre = image.pixel(x, y);
            bool uniform = true;
            for (int dy = -2; dy <= 2 && uniform; ++dy)
                for (int dx = -2; dx <= 2 && uniform; ++dx)
                    uniform = image.pixel(x + dx, y + dy) == centre;
            if (!uniform)
                continue;
            ++flat;
            same += near(svg.pixel(x, y), centre, 16);
        }
    }
    QVERIFY2(flat > qint64(image.width()) * image.height() / 4,
             qPrintable(QString::number(double(flat) / (image.width() * image.height()))));
    QVERIFY2(same >= flat * 99 / 100, qPrintable(QString::number(double(same) / flat)));
}

void TestExport::captionNarratesTheStep()
{
    auto first = diagram(0);
    auto last = diagram();
    QVERIFY(first && last);
    QVERIFY(first->stepCount() > 2);
    QVERIFY(!first->caption().isEmpty());
    QVERIFY(first->caption() != last->caption());
    QVERIFY2(last->caption().contains(QStringLiteral("Count 11")), qPrintable(last->caption()));
    QVERIFY(first->toImage() != last->toImage());
}

void TestExport::svgIsDeterministicAndKeepsText()
{
    auto a = diagram();
    auto b = diagram();
    QVERIFY(a && b);
    const QByteArray svg = a->toSvg();
    QCOMPARE(svg, b->toSvg());
    QVERIFY(svg.contains("<text"));
    QVERIFY(svg.contains("#READING#"));
    QVERIFY(svg.contains("<title>Keyscope diagram</title>"));
}

void TestExport::pdfIsOnePageOfTheDiagram()
{
    auto d = diagram();
    QVERIFY(d);
    const QByteArray pdf = d->toPdf();
    QVERIFY(pdf.startsWith("%PDF"));
    QCOMPARE(pdf.count("/Type /Page\n") + pdf.count("/Type /Page "), 1);
    // MediaBox in points: 72 per 96 logical pixels.
    const QSizeF points = d->logicalSize() * 0.75;
    const QRegularExpression mediaBox(QStringLiteral("/MediaBox \\[0 0 ([0-9.]+) ([0-9.]+)\\]"));
    const auto match = mediaBox.match(QString::fromLatin1(pdf));
    QVERIFY(match.hasMatch());
    QCOMPARE(match.captured(1).toDouble(), points.width());
    QCOMPARE(match.captured(2).toDouble(), points.height());
}

void TestExport::cliFormatsAndScale()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString svg1 = dir.filePath(QStringLiteral("a.svg"));
    const QString svg2 = dir.filePath(QStringLiteral("b.svg"));
    const QString png = dir.filePath(QStringLiteral("a.png"));
    const QString pdf = dir.filePath(QStringLiteral("a.out"));
    for (const QString &out : {svg1, svg2}) {
        const Run run = runExport(
            {kProject, QStringLiteral("--pattern"), kPattern, QStringLiteral("-o"), out});
        QVERIFY2(run.exitCode == 0, run.err.constData());
    }
    QCOMPARE(readAll(svg1), readAll(svg2));
    QSvgRenderer renderer(svg1);
    QVERIFY(renderer.isValid());

    Run run = runExport({kProject, QStringLiteral("--pattern"), kPattern, QStringLiteral("--scale"),
                         QStringLiteral("2"), QStringLiteral("-o"), png});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QImage image(png);
    QCOMPARE(image.size(), (renderer.viewBoxF().size() * 2).toSize());
    // Opaque on the export style's light background.
    QCOMPARE(image.pixel(1, 1), CollectionStyle::exportStyle().headerBackground.rgb());
    QCOMPARE(image.pixelColor(image.width() - 1, image.height() - 1).alpha(), 255);

    run = runExport({kProject, QStringLiteral("--pattern"), kPattern, QStringLiteral("--format"),
                     QStringLiteral("pdf"), QStringLiteral("-o"), pdf});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY(readAll(pdf).startsWith("%PDF"));
}

void TestExport::svgAtEveryStepIsWellFormed()
{
    // Seek narration compares keys ("'DEVICE#d-9468' < the end of the partition"): the caption
    // goes into <desc> and must be escaped.
    auto first = diagram(0);
    QVERIFY(first);
    for (int step = 0; step < first->stepCount(); ++step) {
        auto d = diagram(step);
        const QByteArray svg = d->toSvg();
        QXmlStreamReader xml(svg);
        QString desc;
        while (!xml.atEnd()) {
            xml.readNext();
            if (xml.isStartElement() && xml.name() == u"desc")
                desc = xml.readElementText();
        }
        QVERIFY2(!xml.hasError(),
                 qPrintable(QStringLiteral("step %1: %2").arg(step).arg(xml.errorString())));
        QCOMPARE(desc, d->caption());
        QVERIFY2(QSvgRenderer(svg).isValid(), qPrintable(QString::number(step)));
    }
}

void TestExport::cliStepsDiffer()
{
    QTemporaryDir dir;
    const QString first = dir.filePath(QStringLiteral("first.svg"));
    const QString end = dir.filePath(QStringLiteral("end.svg"));
    Run run = runExport({kProject, QStringLiteral("--pattern"), kPattern, QStringLiteral("--step"),
                         QStringLiteral("0"), QStringLiteral("-o"), first});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    run = runExport({kProject, QStringLiteral("--pattern"), kPattern, QStringLiteral("--step"),
                     QStringLiteral("end"), QStringLiteral("-o"), end});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY(readAll(first) != readAll(end));
}

void TestExport::cliHelpListsOptionsAndExamples()
{
    const Run run = runExport({QStringLiteral("--help")});
    QCOMPARE(run.exitCode, 0);
    const QString help = QString::fromUtf8(run.out);
    for (const char *option : {"--theme T", "--background C", "--no-legend", "--compare FILE",
                               "--format F", "QUERY OPTIONS", "--seed N"})
        QVERIFY2(help.contains(QLatin1String(option)), option);
    // The example ids come from the built-in index.
    QVERIFY(help.contains(QStringLiteral("(ids: iot, library, saas, case,")));
    const Run top = runKeyscope({QStringLiteral("--help")});
    QVERIFY(top.out.contains("keyscope explain KEY1 KEY2"));
}

void TestExport::cliExample()
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("iot.png"));
    const Run run = runExport({QStringLiteral("--example"), QStringLiteral("iot"),
                               QStringLiteral("--pattern"), QStringLiteral("The Device alone"),
                               QStringLiteral("-o"), out});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY(!QImage(out).isNull());
}

void TestExport::cliErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    const QString out = QStringLiteral("unused.svg");
    QTest::newRow("unknown pattern")
        << QStringList {kProject, QStringLiteral("--pattern"), QStringLiteral("Nope"),
                        QStringLiteral("-o"), out}
        << 252 << QStringLiteral("'Device and its 10 newest readings', 'The Device alone'");
    QTest::newRow("step out of range") << QStringList {kProject,
                                                       QStringLiteral("--pattern"),
                                                       kPattern,
                                                       QStringLiteral("--step"),
                                                       QStringLiteral("9999"),
                                                       QStringLiteral("-o"),
                                                       out}
                                       << 252 << QStringLiteral("step 9999 is out of range");
    QTest::newRow("step not a number") << QStringList {kProject,
                                                       QStringLiteral("--pattern"),
                                                       kPattern,
                                                       QStringLiteral("--step"),
                                                       QStringLiteral("last"),
                                                       QStringLiteral("-o"),
                                                       out}
                                       << 252 << QStringLiteral("argument --step");
    QTest::newRow("no output") << QStringList {kProject, QStringLiteral("--pattern"), kPattern}
                               << 252 << QStringLiteral("-o/--output");
    QTest::newRow("unknown extension")
        << QStringList {kProject, QStringLiteral("--pattern"), kPattern, QStringLiteral("-o"),
                        QStringLiteral("out.gif")}
        << 252 << QStringLiteral("--format svg|png|pdf|md");
    QTest::newRow("bad theme") << QStringList {kProject,
                                               QStringLiteral("--pattern"),
                                               kPattern,
                                               QStringLiteral("--theme"),
                                               QStringLiteral("sepia"),
                                               QStringLiteral("-o"),
                                               out}
                               << 252 << QStringLiteral("argument --theme");
    QTest::newRow("bad background") << QStringList {kProject,
                                                    QStringLiteral("--pattern"),
                                                    kPattern,
                                                    QStringLiteral("--background"),
                                                    QStringLiteral("notacolour"),
                                                    QStringLiteral("-o"),
                                                    out}
                                    << 252 << QStringLiteral("argument --background");
    QTest::newRow("--rows all on a collection too long for a picture")
        << QStringList {keyscope::testsupport::testDataPath("/export/big.keyscope.json"),
                        QStringLiteral("--pattern"),
                        QStringLiteral("The first three"),
                        QStringLiteral("--rows"),
                        QStringLiteral("all"),
                        QStringLiteral("-o"),
                        out}
        << 252
        << QStringLiteral("PK = ALL has 5001 items; --rows all draws every row and stops at 5000");
    QTest::newRow("--rows all, animated")
        << QStringList {keyscope::testsupport::testDataPath("/export/big.keyscope.json"),
                        QStringLiteral("--pattern"),
                        QStringLiteral("The first three"),
                        QStringLiteral("--rows"),
                        QStringLiteral("all"),
                        QStringLiteral("--animated"),
                        QStringLiteral("-o"),
                        out}
        << 252
        << QStringLiteral("PK = ALL has 5001 items; --rows all draws every row and stops at 5000");
    QTest::newRow("a row window longer than a picture")
        << QStringList {keyscope::testsupport::testDataPath("/export/big.keyscope.json"),
                        QStringLiteral("--pattern"),
                        QStringLiteral("The first three"),
                        QStringLiteral("--rows"),
                        QStringLiteral("1-5001"),
                        QStringLiteral("-o"),
                        out}
        << 252 << QStringLiteral("the row window of the collection PK = ALL has 5001 rows");
    QTest::newRow("bad --rows") << QStringList {kProject,
                                                QStringLiteral("--pattern"),
                                                kPattern,
                                                QStringLiteral("--rows"),
                                                QStringLiteral("20-10"),
                                                QStringLiteral("-o"),
                                                out}
                                << 252 << QStringLiteral("argument --rows: --rows '20-10'");
    QTest::newRow("bad --context") << QStringList {kProject,
                                                   QStringLiteral("--pattern"),
                                                   kPattern,
                                                   QStringLiteral("--context"),
                                                   QStringLiteral("-1"),
                                                   QStringLiteral("-o"),
                                                   out}
                                   << 252 << QStringLiteral("argument --context");
    QTest::newRow("unknown example")
        << QStringList {QStringLiteral("--example"), QStringLiteral("iott"),
                        QStringLiteral("--pattern"), kPattern,
                        QStringLiteral("-o"),        out}
        << 252 << QStringLiteral("did you mean 'iot'?");
    QTest::newRow("bare --compare without --example")
        << QStringList {kProject, QStringLiteral("--compare"), QStringLiteral("--pattern"),
                        kPattern, QStringLiteral("-o"),        out}
        << 252 << QStringLiteral("a bare --compare needs --example");
    QTest::newRow("compare pattern missing")
        << QStringList {kProject, QStringLiteral("--compare"), kShop, QStringLiteral("--pattern"),
                        kPattern, QStringLiteral("-o"),        out}
        << 252 << QStringLiteral("no access pattern 'Device and its 10 newest readings' in");
    QTest::newRow("bad scale") << QStringList {kProject,
                                               QStringLiteral("--pattern"),
                                               kPattern,
                                               QStringLiteral("--scale"),
                                               QStringLiteral("0"),
                                               QStringLiteral("-o"),
                                               out}
                               << 252 << QStringLiteral("argument --scale");
    QTest::newRow("unreadable file")
        << QStringList {QStringLiteral("/nonexistent/x.keyscope.json"), QStringLiteral("--pattern"),
                        kPattern, QStringLiteral("-o"), out}
        << 255 << QStringLiteral("/nonexistent/x.keyscope.json");
}

void TestExport::cliErrors()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    QTemporaryDir dir;
    const QString cwd = QDir::currentPath();
    QDir::setCurrent(dir.path());
    const Run run = runExport(args);
    QDir::setCurrent(cwd);
    QCOMPARE(run.exitCode, exitCode);
    QVERIFY2(QString::fromUtf8(run.err).contains(message), run.err.constData());
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("unused.svg"))));
}

namespace {

std::unique_ptr<ExportDiagram> load(const QString &project, const QString &pattern,
                                    std::optional<int> step = std::nullopt,
                                    const ExportLook &look = {})
{
    auto created = ExportDiagram::load(project, pattern, std::nullopt, std::nullopt, step, look);
    if (auto *error = std::get_if<ExportError>(&created)) {
        qWarning("%s", qPrintable(error->message));
        return nullptr;
    }
    return std::move(std::get<std::unique_ptr<ExportDiagram>>(created));
}

// Pixels of exactly `color` (within tolerance) inside a band of rows.
int countColour(const QImage &image, const QColor &color, int top, int bottom, int tolerance = 3)
{
    int n = 0;
    for (int y = std::max(0, top); y < std::min(bottom, image.height()); ++y)
        for (int x = 0; x < image.width(); ++x)
            n += near(image.pixel(x, y), color.rgb(), tolerance);
    return n;
}

QStringList markdownRows(const QByteArray &markdown)
{
    QStringList rows;
    for (const QString &line : QString::fromUtf8(markdown).split(QLatin1Char('\n'))) {
        if (line.startsWith(QStringLiteral("| ")) && !line.startsWith(QStringLiteral("| Row")))
            rows << line;
    }
    return rows;
}

} // namespace

void TestExport::legendNamesEntitiesAndTheMarksMade()
{
    using Mark = DiagramLegend::Mark;
    const auto marks = [](const ExportDiagram &d) {
        QList<Mark> list;
        for (const auto &entry : d.legend().entries())
            list << entry.mark;
        return list;
    };
    auto shop = load(kShop, kShopPattern);
    QVERIFY(shop);
    // begins_with, a filter and Limit: every kind of mark is on the diagram, so in the legend.
    // The final state also draws the parent frames and the seek's path in the B-tree.
    QCOMPARE(marks(*shop),
             (QList<Mark> {Mark::Entity, Mark::Entity, Mark::Read, Mark::Returned, Mark::Filtered,
                           Mark::Reached, Mark::Bounds, Mark::PageEnd, Mark::LastEvaluatedKey,
                           Mark::Parent, Mark::SeekPath}));
    QCOMPARE(shop->legend().entries()[0].label, QStringLiteral("Customer"));
    QCOMPARE(shop->legend().entries()[1].color, QColor(QStringLiteral("#E15759")));
    QCOMPARE(shop->legend().entries()[7].label, QStringLiteral("Limit: the page ends"));

    // At a seek probe the picture draws the probe and nothing read yet: so does the legend.
    int probeStep = -1;
    for (int step = 0; step < shop->stepCount() && probeStep < 0; ++step) {
        if (shop->timeline()->step(step).kind == keyscope::model::TimelineStep::Kind::SeekProbe)
            probeStep = step;
    }
    QVERIFY(probeStep >= 0);
    auto probing = load(kShop, kShopPattern, probeStep);
    QVERIFY(probing);
    QVERIFY(marks(*probing).contains(Mark::Probe));
    QVERIFY(marks(*probing).contains(Mark::SeekPath));
    QVERIFY(!marks(*probing).contains(Mark::Returned));
    QVERIFY(!marks(*probing).contains(Mark::PageEnd));
    QVERIFY(!marks(*probing).contains(Mark::Cursor));

    // No filter and no sort-key condition: no filtered or bounds entries.
    auto iot = load(kProject, kPattern);
    QVERIFY(iot);
    QVERIFY(!marks(*iot).contains(Mark::Filtered));
    QVERIFY(!marks(*iot).contains(Mark::Bounds));
    QVERIFY(marks(*iot).contains(Mark::Returned));
    QVERIFY(marks(*iot).contains(Mark::LastEvaluatedKey));
}

void TestExport::legendIsDrawnAndCanBeLeftOut()
{
    ExportLook noLegend;
    noLegend.legend = false;
    auto with = load(kShop, kShopPattern);
    auto without = load(kShop, kShopPattern, std::nullopt, noLegend);
    QVERIFY(with && without);
    QVERIFY(without->legend().isEmpty());
    QVERIFY2(with->logicalSize().height() >= without->logicalSize().height() + 30,
             qPrintable(QStringLiteral("%1 vs %2")
                            .arg(with->logicalSize().height())
                            .arg(without->logicalSize().height())));
    // The band under the collection: the Order swatch and the filter's red are drawn there
    // with the legend only.
    const QImage a = with->toImage().convertToFormat(QImage::Format_RGB32);
    const QImage b = without->toImage().convertToFormat(QImage::Format_RGB32);
    const int collectionBottom
        = int(CollectionRenderer::naturalSize(with->style(), with->rows().rowCount()).height());
    const QColor order(QStringLiteral("#E15759"));
    QVERIFY(countColour(a, order, collectionBottom + 2, collectionBottom + 60) > 40);
    QCOMPARE(countColour(b, order, collectionBottom + 2, b.height()), 0);
    QVERIFY(countColour(a, with->style().returned, collectionBottom + 2, collectionBottom + 60)
            > 40);

    // The legend is text in the SVG.
    const QByteArray svg = with->toSvg();
    QVERIFY(svg.contains(">read, dropped by the filter (struck)</text>"));
    QVERIFY(svg.contains(">key-condition bounds</text>"));
    QVERIFY(!without->toSvg().contains(">key-condition bounds</text>"));
}

// A hand-out says what it shows: the design's and the pattern's names, and the Query in one
// line, as text in the SVG (and wrapped, never cut, when wider than the diagram).
void TestExport::headingNamesTheDesignThePatternAndTheQuery()
{
    ExportLook noHeading;
    noHeading.heading = false;
    auto with = load(kShop, kShopPattern);
    auto without = load(kShop, kShopPattern, std::nullopt, noHeading);
    QVERIFY(with && without);
    QCOMPARE(with->titleLine(), with->projectName() + QStringLiteral(" · ") + kShopPattern);
    const QString query = with->queryLine();
    QVERIFY2(query.startsWith(QStringLiteral("Query ")), qPrintable(query));
    QVERIFY2(query.contains(with->source().request->keyConditionExpression), qPrintable(query));
    QVERIFY2(query.contains(QStringLiteral("Limit 6")), qPrintable(query));
    QVERIFY(with->logicalSize().height() >= without->logicalSize().height() + 30);

    // The SVG's text, its <text> elements joined by spaces (a line wider than the diagram
    // wraps into several).
    const auto textOf = [](const QByteArray &svg) {
        static const QRegularExpression element(QStringLiteral("<text[^>]*>([^<]*)</text>"));
        QStringList texts;
        for (const auto &match : element.globalMatch(QString::fromUtf8(svg)))
            texts << match.captured(1);
        return texts.join(u' ');
    };
    const QString svg = textOf(with->toSvg());
    const auto shown = [](const QString &svgText, const QString &text) {
        return svgText.contains(text.toHtmlEscaped());
    };
    QVERIFY2(shown(svg, with->titleLine()), qPrintable(with->titleLine()));
    QVERIFY2(shown(svg, query), qPrintable(query));
    const QString plain = textOf(without->toSvg());
    QVERIFY(!shown(plain, with->titleLine()));
    QVERIFY(!shown(plain, query));
}

void TestExport::darkThemeIsItsOwnExportStyle()
{
    ExportLook dark;
    dark.dark = true;
    auto light = load(kProject, kPattern);
    auto night = load(kProject, kPattern, std::nullopt, dark);
    QVERIFY(light && night);
    QVERIFY(night->style().dark);
    QCOMPARE(night->style().background, CollectionStyle::exportStyle(true).background);
    QVERIFY(night->style().background.lightnessF() < 0.2);
    QVERIFY(light->style().background.lightnessF() > 0.9);
    const QImage image = night->toImage();
    // The caption band's corner is the dark page; text is light.
    const QColor corner = image.pixelColor(2, image.height() - 2);
    QVERIFY2(corner.lightnessF() < 0.2, qPrintable(corner.name()));
    QCOMPARE(light->toImage().pixelColor(2, light->toImage().height() - 2),
             light->style().background);
    const QByteArray svg = night->toSvg();
    QVERIFY(svg.contains(night->style().background.name().toLatin1()));
    QVERIFY(svg.contains(night->style().text.name().toLatin1()));
    // None of the light style's surfaces or text.
    QVERIFY(!svg.contains(light->style().text.name().toLatin1()));
    QVERIFY(!svg.contains(light->style().headerBackground.name().toLatin1()));
    // Deterministic in both themes.
    QCOMPARE(svg, load(kProject, kPattern, std::nullopt, dark)->toSvg());

    // The command line picks it with --theme dark.
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("dark.png"));
    const Run run
        = runExport({kProject, QStringLiteral("--pattern"), kPattern, QStringLiteral("--theme"),
                     QStringLiteral("dark"), QStringLiteral("-o"), out});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QImage png(out);
    QCOMPARE(png.pixelColor(2, png.height() - 2), night->style().background);
}

void TestExport::cliBackgroundTransparentOrColour()
{
    QTemporaryDir dir;
    const QString transparent = dir.filePath(QStringLiteral("t.png"));
    const QString white = dir.filePath(QStringLiteral("w.png"));
    const QString theme = dir.filePath(QStringLiteral("d.png"));
    Run run = runExport({kProject, QStringLiteral("--pattern"), kPattern,
                         QStringLiteral("--background"), QStringLiteral("transparent"),
                         QStringLiteral("-o"), transparent});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    run = runExport({kProject, QStringLiteral("--pattern"), kPattern,
                     QStringLiteral("--background"), QStringLiteral("white"), QStringLiteral("-o"),
                     white});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    run = runExport({kProject, QStringLiteral("--pattern"), kPattern, QStringLiteral("-o"), theme});
    QVERIFY2(run.exitCode == 0, run.err.constData());

    const QImage t(transparent);
    const QImage w(white);
    const QImage d(theme);
    QVERIFY(t.hasAlphaChannel());
    // The page around the diagram (caption band corner) is see-through, the rows are not.
    QCOMPARE(t.pixelColor(2, t.height() - 2).alpha(), 0);
    QCOMPARE(t.pixelColor(t.width() / 2, 45).alpha(), 255);
    QCOMPARE(w.pixelColor(2, w.height() - 2), QColor(Qt::white));
    // The default light page is white too.
    QCOMPARE(d.pixelColor(2, d.height() - 2), QColor(Qt::white));
    QCOMPARE(d.pixelColor(2, d.height() - 2).alpha(), 255);
}

void TestExport::longKeysElidedWithFullKeyInSvgTitle()
{
    // One partition's rows share their partition key (named once in the header): the sort key
    // takes that column's width, so the shop's 59-character keys are drawn whole.
    auto whole = load(kShop, kShopPattern);
    QVERIFY(whole);
    QVERIFY(whole->elidedKeys().empty());
    QVERIFY(whole->toSvg().contains(
        ">ORDER#0001#WAREHOUSE-NORTH-EAST#EXPRESS-DELIVERY-REQUESTED</text>"));

    // Keys too long for the whole row (the B-tree and the attributes yield to them first) are
    // shortened, the whole key in the SVG's <title>.
    QTemporaryDir dir;
    QByteArray json = readAll(kShop);
    json.replace(
        "EXPRESS-DELIVERY-REQUESTED",
        "EXPRESS-DELIVERY-REQUESTED-BEFORE-NOON-AT-THE-SIDE-DOOR-SIGNED-FOR-BY-A-NEIGHBOUR");
    const QString longer = dir.filePath(QStringLiteral("shop.keyscope.json"));
    {
        QFile file(longer);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(json);
    }
    auto d = load(longer, kShopPattern);
    QVERIFY(d);
    const auto elided = d->elidedKeys();
    QCOMPARE(int(elided.size()), 12); // the 12 orders; the customer's key fits
    QCOMPARE(
        elided.front().second,
        QStringLiteral("ORDER#0001#WAREHOUSE-NORTH-EAST#EXPRESS-DELIVERY-REQUESTED-BEFORE-NOON-AT-"
                       "THE-SIDE-DOOR-SIGNED-FOR-BY-A-NEIGHBOUR"));
    // Shortened: the prefix and the id that orders it stay.
    const QString front = elided.front().first;
    QVERIFY2(front.contains(QChar(0x2026)), qPrintable(front));
    QVERIFY2(front.startsWith(QStringLiteral("ORDER#0001#")), qPrintable(front));
    QVERIFY2(elided.front().second.endsWith(front.section(QChar(0x2026), 1)), qPrintable(front));

    const QByteArray svg = d->toSvg();
    QCOMPARE(svg, load(longer, kShopPattern)->toSvg());
    QVERIFY(QSvgRenderer(svg).isValid());
    // Each elided key's <text> sits in a group whose <title> is the full key.
    QXmlStreamReader xml(svg);
    QStringList titled;
    QString pendingTitle;
    int depth = 0;
    int titleDepth = -1;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            ++depth;
            if (xml.name() == u"title" && depth > 2) {
                pendingTitle = xml.readElementText();
                titleDepth = depth - 1;
                --depth;
            } else if (xml.name() == u"text" && !pendingTitle.isEmpty()
                       && depth == titleDepth + 1) {
                const QString shown = xml.readElementText();
                --depth;
                // Keys (other shortened labels have titles too).
                if (pendingTitle.startsWith(QStringLiteral("ORDER#"))) {
                    QVERIFY2(shown.contains(QChar(0x2026)), qPrintable(shown));
                    QVERIFY2(pendingTitle.startsWith(shown.section(QChar(0x2026), 0, 0)),
                             qPrintable(pendingTitle));
                    QVERIFY2(pendingTitle.endsWith(shown.section(QChar(0x2026), 1)),
                             qPrintable(pendingTitle));
                    titled << pendingTitle;
                }
                pendingTitle.clear();
            }
        } else if (xml.isEndElement()) {
            --depth;
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QCOMPARE(titled.size(), 12);
    QCOMPARE(
        titled.last(),
        QStringLiteral("ORDER#0012#WAREHOUSE-NORTH-EAST#EXPRESS-DELIVERY-REQUESTED-BEFORE-NOON-AT-"
                       "THE-SIDE-DOOR-SIGNED-FOR-BY-A-NEIGHBOUR"));
    // Keys that fit have no title.
    QVERIFY(!svg.contains("<title>CUSTOMER#"));
}

void TestExport::markdownTableOfFatesAndResults()
{
    QTemporaryDir dir;
    const QString byExtension = dir.filePath(QStringLiteral("iot.md"));
    const QString byFormat = dir.filePath(QStringLiteral("iot.txt"));
    Run run = runExport(
        {kProject, QStringLiteral("--pattern"), kPattern, QStringLiteral("-o"), byExtension});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    run = runExport({kProject, QStringLiteral("--pattern"), kPattern, QStringLiteral("--format"),
                     QStringLiteral("md"), QStringLiteral("-o"), byFormat});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QByteArray md = readAll(byExtension);
    QCOMPARE(readAll(byFormat), md);

    const QString text = QString::fromUtf8(md);
    QVERIFY(text.startsWith(
        QStringLiteral("# IoT devices and readings (after): Device and its 10 newest readings\n")));
    QVERIFY(text.contains(QStringLiteral("backward (ScanIndexForward false), Limit 11.")));
    QVERIFY(text.contains(QStringLiteral("Count 11, ScannedCount 11")));
    const QStringList rows = markdownRows(md);
    QCOMPARE(rows.size(), 40); // every row of the collection, in sort-key order
    QCOMPARE(rows.last(),
             QStringLiteral("| 39 | `DEVICE#d-9468` | Device (parent of 39) | #1 | "
                            "returned |"));
    QCOMPARE(rows[29],
             QStringLiteral("| 29 | `#READING#2024-06-01T07:15:00Z` | Reading | #11 | "
                            "returned, LastEvaluatedKey |"));
    QCOMPARE(rows[28],
             QStringLiteral("| 28 | `#READING#2024-06-01T07:00:00Z` | Reading |  | "
                            "beyond Limit (not read) |"));
    QVERIFY(rows[0].endsWith(QStringLiteral("beyond Limit (not read) |")));

    // Filtered rows and the key condition's bounds in the shop design.
    auto shop = load(kShop, kShopPattern);
    QVERIFY(shop);
    const QStringList shopRows = markdownRows(shop->toMarkdown());
    QCOMPARE(shopRows.size(), 13);
    QVERIFY2(shopRows[0].endsWith(QStringLiteral("| Customer (parent of 12) |  | not read "
                                                 "(outside the key condition) |")),
             qPrintable(shopRows[0]));
    QVERIFY2(shopRows[1].endsWith(QStringLiteral("| Order |  | filtered (read, not returned) |")),
             qPrintable(shopRows[1]));
    QVERIFY2(shopRows[2].endsWith(QStringLiteral("| Order | #1 | returned |")),
             qPrintable(shopRows[2]));
    QVERIFY(shopRows[12].endsWith(QStringLiteral("| beyond Limit (not read) |")));
    // Keys are code spans, whole (Markdown is not elided).
    QVERIFY(shopRows[1].contains(
        QStringLiteral("`ORDER#0001#WAREHOUSE-NORTH-EAST#EXPRESS-DELIVERY-REQUESTED`")));
    QVERIFY(shop->toMarkdown().contains("FilterExpression `#s = :open`"));
}

void TestExport::markdownTakesCollectionsTooLongForAPicture()
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("big.md"));
    const Run run = runExport({keyscope::testsupport::testDataPath("/export/big.keyscope.json"),
                               QStringLiteral("--pattern"), QStringLiteral("The first three"),
                               QStringLiteral("-o"), out});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QStringList rows = markdownRows(readAll(out));
    QCOMPARE(rows.size(), 5001);
    QCOMPARE(rows[2],
             QStringLiteral("| 2 | `ITEM#00003` | Item | #3 | returned, LastEvaluatedKey |"));
}

namespace {

// The texts of an SVG's <text> elements, in document order.
QStringList svgTexts(const QByteArray &svg)
{
    QStringList texts;
    QXmlStreamReader reader(svg);
    while (!reader.atEnd()) {
        if (reader.readNext() == QXmlStreamReader::StartElement && reader.name() == u"text")
            texts << reader.readElementText(QXmlStreamReader::IncludeChildElements);
    }
    return texts;
}

// The big fixture with `count` items (ITEM#000001...) and a Query for seven rows in the middle.
QString writeBigProject(const QString &dir, int count)
{
    QByteArray json = readAll(keyscope::testsupport::testDataPath("/export/big.keyscope.json"));
    json.replace("\"count\": 5001", "\"count\": " + QByteArray::number(count));
    json.replace("{N|pad:5}", "{N|pad:6}");
    json.replace("\"accessPatterns\": [",
                 "\"accessPatterns\": [\n{\"name\": \"Seven in the middle\", \"keyCondition\": "
                 "\"PK = :pk AND SK BETWEEN :a AND :b\", \"values\": {\":pk\": {\"S\": \"ALL\"}, "
                 "\":a\": {\"S\": \"ITEM#041204\"}, \":b\": {\"S\": \"ITEM#041210\"}}},");
    const QString path = dir + QStringLiteral("/bigger.keyscope.json");
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(json) != json.size())
        return {};
    return path;
}

QString thousands(qint64 n)
{
    return QLocale(QLocale::English).toString(n);
}

} // namespace

void TestExport::bigCollectionDrawsTheRowsTheQueryTouched()
{
    QTemporaryDir dir;
    const QString project = writeBigProject(dir.path(), 100000);
    QVERIFY(!project.isEmpty());
    const QString out = dir.filePath(QStringLiteral("big.svg"));
    const Run run = runExport({project, QStringLiteral("--pattern"),
                               QStringLiteral("Seven in the middle"), QStringLiteral("-o"), out});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QByteArray svg = readAll(out);
    QVERIFY2(svg.size() < 600 * 1024, QByteArray::number(svg.size()).constData());
    QVERIFY(QSvgRenderer(svg).isValid());
    const QStringList texts = svgTexts(svg);

    // Each returned row: its sort key, its place in the collection and its result number.
    for (int i = 0; i < 7; ++i) {
        const QString key = QStringLiteral("ITEM#%1").arg(41204 + i, 6, 10, QLatin1Char('0'));
        const qsizetype at = texts.indexOf(key);
        QVERIFY2(at >= 0, qPrintable(key));
        const QString position = QLatin1Char('#') + thousands(41204 + i);
        const qsizetype place = texts.indexOf(position, at);
        QVERIFY2(place > at && place < at + 6, qPrintable(position));
        QCOMPARE(texts.value(place + 1), QString::number(i + 1));
    }
    // A row far from the Query is left out.
    QVERIFY(!texts.contains(QStringLiteral("ITEM#000100")));

    // The elision marks count the rows left out: above the first touched row, below the last,
    // and between the seek's probes; with the rows drawn they make up the whole collection.
    auto diagram = load(project, QStringLiteral("Seven in the middle"), std::nullopt);
    QVERIFY(diagram);
    const keyscope::model::QueryTrace &trace = diagram->timeline()->trace();
    // Each probe keeps its own row; the bounds keep 3 rows of context on either side.
    qsizetype lowest = qsizetype(trace.rangeBegin) - 4, end = qsizetype(trace.rangeEnd) + 4;
    for (const keyscope::model::SeekProbe &probe : trace.probes) {
        lowest = std::min(lowest, qsizetype(probe.position));
        end = std::max(end, qsizetype(probe.position) + 1);
    }
    QVERIFY(texts.contains(QStringLiteral("seek probe 1")));
    const qsizetype above = lowest;
    const qsizetype below = 100000 - end;
    QVERIFY(
        texts.contains(QStringLiteral("\u22ee %1 rows above (#1\u2013#%1)").arg(thousands(above))));
    QVERIFY(texts.contains(QStringLiteral("\u22ee %1 rows below (#%2\u2013#100,000)")
                               .arg(thousands(below), thousands(100000 - below + 1))));
    static const QRegularExpression mark(QStringLiteral(
        "^\u22ee ([0-9,]+) rows? (above|below|between) \\(#([0-9,]+)\u2013#([0-9,]+)\\)$"));
    qsizetype elided = 0;
    int between = 0;
    for (const QString &text : texts) {
        const QRegularExpressionMatch m = mark.match(text);
        if (!m.hasMatch())
            continue;
        const qsizetype count = m.captured(1).remove(QLatin1Char(',')).toLongLong();
        QCOMPARE(m.captured(4).remove(QLatin1Char(',')).toLongLong()
                     - m.captured(3).remove(QLatin1Char(',')).toLongLong() + 1,
                 count);
        elided += count;
        between += m.captured(2) == u"between";
    }
    QVERIFY2(between > 0, "the seek's distant probes are separated by elisions");
    QCOMPARE(elided + diagram->drawnRowCount(), qsizetype(100000));
    QVERIFY(diagram->drawnRowCount() < 300);

    // The PNG of the same diagram: as tall as the rows drawn, not the collection.
    const QString png = dir.filePath(QStringLiteral("big.png"));
    QCOMPARE(runExport({project, QStringLiteral("--pattern"), QStringLiteral("Seven in the middle"),
                        QStringLiteral("-o"), png})
                 .exitCode,
             0);
    const QImage image(png);
    QVERIFY(!image.isNull());
    QVERIFY2(image.height() < 300 * 24 + 400, QByteArray::number(image.height()).constData());
    if (const QString keep = qEnvironmentVariable("KEYSCOPE_KEEP_EXPORT"); !keep.isEmpty())
        image.save(keep);
}

void TestExport::rowWindowOptions()
{
    QTemporaryDir dir;
    const QString big = keyscope::testsupport::testDataPath("/export/big.keyscope.json");
    // Auto: 5001 rows draw the three read with 3 rows after them and the rows the seek
    // probed (its first probe halves the partition, #2,501, the later ones nearer the start,
    // the rows between them elided); the rest below is elided.
    const QString out = dir.filePath(QStringLiteral("auto.svg"));
    Run run = runExport({big, QStringLiteral("--pattern"), QStringLiteral("The first three"),
                         QStringLiteral("-o"), out});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QStringList texts = svgTexts(readAll(out));
    for (int i = 1; i <= 6; ++i)
        QVERIFY(texts.contains(QStringLiteral("ITEM#0000%1").arg(i)));
    QVERIFY(texts.contains(QStringLiteral("ITEM#02501")));
    QVERIFY(texts.contains(QStringLiteral("\u22ee 2,500 rows below (#2,502\u2013#5,001)")));
    QVERIFY(!texts.join(QString()).contains(QStringLiteral("rows above")));
    // Byte-identical again.
    const QString again = dir.filePath(QStringLiteral("again.svg"));
    QCOMPARE(runExport({big, QStringLiteral("--pattern"), QStringLiteral("The first three"),
                        QStringLiteral("-o"), again})
                 .exitCode,
             0);
    QCOMPARE(readAll(again), readAll(out));

    // --context widens the window; FROM-TO draws exactly those rows.
    const QString wide = dir.filePath(QStringLiteral("wide.svg"));
    run = runExport({big, QStringLiteral("--pattern"), QStringLiteral("The first three"),
                     QStringLiteral("--context"), QStringLiteral("10"), QStringLiteral("-o"),
                     wide});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY(svgTexts(readAll(wide)).contains(QStringLiteral("ITEM#00013")));
    QVERIFY(!texts.contains(QStringLiteral("ITEM#00013")));
    const QString range = dir.filePath(QStringLiteral("range.svg"));
    run = runExport({big, QStringLiteral("--pattern"), QStringLiteral("The first three"),
                     QStringLiteral("--rows"), QStringLiteral("2001-2010"), QStringLiteral("-o"),
                     range});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    texts = svgTexts(readAll(range));
    QVERIFY(texts.contains(QStringLiteral("\u22ee 2,000 rows above (#1\u2013#2,000)")));
    QVERIFY(texts.contains(QStringLiteral("\u22ee 2,991 rows below (#2,011\u2013#5,001)")));
    QVERIFY(texts.contains(QStringLiteral("ITEM#02001")));
    QVERIFY(texts.contains(QStringLiteral("ITEM#02010")));
    QVERIFY(!texts.contains(QStringLiteral("ITEM#02011")));

    // A small collection stays whole under auto, and --rows touched windows it anyway.
    const QString small = dir.filePath(QStringLiteral("small.svg"));
    QCOMPARE(
        runExport({kProject, QStringLiteral("--pattern"), kPattern, QStringLiteral("-o"), small})
            .exitCode,
        0);
    QVERIFY(!svgTexts(readAll(small)).join(QString()).contains(QStringLiteral("\u22ee")));
}

void TestExport::markdownAtAStepAndDeterministic()
{
    auto first = load(kProject, kPattern, 0);
    QVERIFY(first);
    const QByteArray md = first->toMarkdown();
    QCOMPARE(md, load(kProject, kPattern, 0)->toMarkdown());
    QVERIFY(md.contains("at step 0 of "));
    // Nothing has been read at the partition lookup.
    const QStringList rows = markdownRows(md);
    QCOMPARE(rows.size(), 40);
    for (const QString &row : rows) {
        QVERIFY2(row.endsWith(QStringLiteral("| not read yet |"))
                     || row.endsWith(QStringLiteral("| not read |")),
                 qPrintable(row));
    }
    QVERIFY(md != load(kProject, kPattern)->toMarkdown());
}

void TestExport::explainCommand()
{
    Run run = runKeyscope(
        {QStringLiteral("explain"), QStringLiteral("DeBrie"), QStringLiteral("Dean")});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QString text = QString::fromUtf8(run.out);
    QVERIFY(text.startsWith(
        QStringLiteral("'DeBrie' sorts before 'Dean': at byte 3, 'B' (0x42) \\< 'a' (0x61).\n")));
    QVERIFY(text.contains(QStringLiteral("| Byte | `DeBrie` | `Dean` |\n")));
    QVERIFY(text.contains(QStringLiteral("| **3** | **`B` 0x42** | **`a` 0x61** |\n")));
    QVERIFY(text.contains(QStringLiteral("| 5 | `i` 0x69 | (end) |\n")));
    // Order of the arguments does not change the verdict; output is the same for the same input.
    QCOMPARE(
        runKeyscope({QStringLiteral("explain"), QStringLiteral("DeBrie"), QStringLiteral("Dean")})
            .out,
        run.out);

    run = runKeyscope({QStringLiteral("explain"), QStringLiteral("10"), QStringLiteral("9"),
                       QStringLiteral("--type"), QStringLiteral("N")});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY(run.out.startsWith("9 sorts before 10: numbers compare by value."));

    // Prefix: the shorter key first.
    run = runKeyscope(
        {QStringLiteral("explain"), QStringLiteral("USER#BOB#2"), QStringLiteral("USER#BOB")});
    QVERIFY(run.out.startsWith("'USER#BOB' sorts before 'USER#BOB#2': it is a prefix of it."));
    QVERIFY(run.out.contains("| **9** | **`#` 0x23** | (end) |"));

    // Binary keys as base64; written to a file.
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("why.md"));
    run = runKeyscope({QStringLiteral("explain"), QStringLiteral("AAE="), QStringLiteral("AQA="),
                       QStringLiteral("--type"), QStringLiteral("B"), QStringLiteral("-o"), out});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY(run.out.isEmpty());
    QVERIFY(readAll(out).startsWith("0x0001 sorts before 0x0100: at byte 1, 0x00 \\< 0x01."));
}

void TestExport::explainCommandErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("one key") << QStringList {QStringLiteral("A")}
                             << QStringLiteral("required: KEY2");
    QTest::newRow("bad type") << QStringList {QStringLiteral("A"), QStringLiteral("B"),
                                              QStringLiteral("--type"), QStringLiteral("SS")}
                              << QStringLiteral("argument --type: invalid choice: 'SS'");
    QTest::newRow("not a number") << QStringList {QStringLiteral("1"), QStringLiteral("x1"),
                                                  QStringLiteral("--type"), QStringLiteral("N")}
                                  << QStringLiteral("KEY2: 'x1' is not a number");
    QTest::newRow("not base64") << QStringList {QStringLiteral("!!"), QStringLiteral("AA=="),
                                                QStringLiteral("--type"), QStringLiteral("B")}
                                << QStringLiteral("KEY1: '!!' is not base64");
}

void TestExport::explainCommandErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const Run run = runKeyscope(QStringList {QStringLiteral("explain")} + args);
    QCOMPARE(run.exitCode, 252);
    QVERIFY2(QString::fromUtf8(run.err).contains(message), run.err.constData());
}

void TestExport::compareDrawsBothDesigns()
{
    auto before = load(kBefore, kPattern);
    auto after = load(kProject, kPattern);
    QVERIFY(before && after);
    // Side by side names each design over its half, so the halves' headings keep only the
    // Query line: compare with the diagrams drawn alone that way.
    before->setTitleShown(false);
    after->setTitleShown(false);
    const QSizeF beforeSize = before->logicalSize();
    const QSizeF afterSize = after->logicalSize();
    const QImage afterAlone = after->toImage().convertToFormat(QImage::Format_RGB32);
    const QString beforeCaption = before->caption();
    const QString afterCaption = after->caption();
    QVERIFY(beforeCaption != afterCaption);
    const CompareDiagram compare(std::move(before), std::move(after));
    const QSizeF size = compare.logicalSize();
    QVERIFY(size.width() > beforeSize.width() + afterSize.width());
    QVERIFY(size.height() > std::max(beforeSize.height(), afterSize.height()));

    const QByteArray svg = compare.toSvg();
    QVERIFY(QSvgRenderer(svg).isValid());
    QVERIFY(svg.contains(">Before: IoT devices and readings (before)</text>"));
    QVERIFY(svg.contains(">After: IoT devices and readings (after)</text>"));
    // Both result sets are drawn: the before design's first result is a reading ('READING#'
    // sorts after 'DEVICE#', so the backward read misses the Device), the after design's the
    // Device.
    QVERIFY(svg.contains(">READING#2024-06-01T09:30:00Z</text>"));
    QVERIFY(svg.contains(">#READING#2024-06-01T09:30:00Z</text>"));
    QCOMPARE(svg, compare.toSvg());

    // The right panel is the after diagram, as drawn alone, under the titles.
    const QImage image = compare.toImage().convertToFormat(QImage::Format_RGB32);
    const int left = int(size.width() - afterSize.width());
    const int top = int(size.height() - std::max(beforeSize.height(), afterSize.height()));
    int same = 0;
    int total = 0;
    for (int y = 0; y < afterAlone.height(); y += 7) {
        for (int x = 0; x < afterAlone.width(); x += 7) {
            ++total;
            same += near(image.pixel(left + x, top + y), afterAlone.pixel(x, y), 8);
        }
    }
    QVERIFY2(same >= total * 98 / 100, qPrintable(QStringLiteral("%1 of %2").arg(same).arg(total)));

    const QString md = QString::fromUtf8(compare.toMarkdown());
    QVERIFY(md.contains(QStringLiteral("## Before: IoT devices and readings (before)\n")));
    QVERIFY(md.contains(QStringLiteral("## After: IoT devices and readings (after)\n")));
    QCOMPARE(md.count(QStringLiteral("| Row |")), 2);
    QVERIFY(md.indexOf(QStringLiteral("## Before")) < md.indexOf(QStringLiteral("## After")));
}

void TestExport::cliCompareFilesAndExamples()
{
    QTemporaryDir dir;
    const QString files = dir.filePath(QStringLiteral("files.svg"));
    const QString example = dir.filePath(QStringLiteral("example.svg"));
    Run run = runExport({kBefore, QStringLiteral("--compare"), kProject,
                         QStringLiteral("--pattern"), kPattern, QStringLiteral("-o"), files});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    run = runExport({QStringLiteral("--example"), QStringLiteral("iot"),
                     QStringLiteral("--compare"), QStringLiteral("--pattern"), kPattern,
                     QStringLiteral("-o"), example});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    // The example's siblings are the same two designs as the files.
    QCOMPARE(readAll(example), readAll(files));
    QVERIFY(readAll(files).contains(">Before: IoT devices and readings (before)</text>"));

    for (const QString &suffix :
         {QStringLiteral("png"), QStringLiteral("pdf"), QStringLiteral("md")}) {
        const QString out = dir.filePath(QStringLiteral("cmp.") + suffix);
        run = runExport({QStringLiteral("--example"), QStringLiteral("saas"),
                         QStringLiteral("--compare"), QStringLiteral("--pattern"),
                         QStringLiteral("Org and its teams"), QStringLiteral("-o"), out});
        QVERIFY2(run.exitCode == 0, run.err.constData());
    }
    // A bare --compare before -o: the example's before design, not a file named "-o".
    const QString beforeOutput = dir.filePath(QStringLiteral("before-o.svg"));
    run = runExport({QStringLiteral("--example"), QStringLiteral("iot"),
                     QStringLiteral("--pattern"), kPattern, QStringLiteral("--compare"),
                     QStringLiteral("-o"), beforeOutput});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QCOMPARE(readAll(beforeOutput), readAll(files));
    const QImage png(dir.filePath(QStringLiteral("cmp.png")));
    QVERIFY(png.width() > 1960);
    QVERIFY(readAll(dir.filePath(QStringLiteral("cmp.pdf"))).startsWith("%PDF"));
    const QByteArray md = readAll(dir.filePath(QStringLiteral("cmp.md")));
    QVERIFY(md.contains("## Before: SaaS"));
    QVERIFY(md.contains("## After: SaaS"));
}

void TestExport::cliQueryOptions()
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("q.md"));
    const QStringList query {
        kProject,
        QStringLiteral("--key-condition-expression"),
        QStringLiteral("PK = :pk AND begins_with(SK, :r)"),
        QStringLiteral("--expression-attribute-values"),
        QStringLiteral(R"({":pk": {"S": "DEVICE#d-9468"}, ":r": {"S": "#READING#"}})"),
        QStringLiteral("--limit"),
        QStringLiteral("4")};
    Run run = runExport(query + QStringList {QStringLiteral("-o"), out});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QByteArray md = readAll(out);
    QVERIFY(md.startsWith("# IoT devices and readings (after): Query\n"));
    QVERIFY(md.contains("Query `PK = :pk AND begins_with(SK, :r)` on the table"));
    const QStringList rows = markdownRows(md);
    QCOMPARE(rows.size(), 40);
    // Forward from the first reading: results 1 to 4, then Limit.
    QVERIFY2(rows[0].endsWith(QStringLiteral("| #1 | returned |")), qPrintable(rows[0]));
    QVERIFY(rows[3].endsWith(QStringLiteral("| #4 | returned, LastEvaluatedKey |")));
    QVERIFY(rows[4].endsWith(QStringLiteral("beyond Limit (not read) |")));
    QVERIFY(!md.contains("| #5 |"));

    // --no-scan-index-forward and --scan-index-forward=... go through keyscope query's parser;
    // file:// JSON too.
    QFile values(dir.filePath(QStringLiteral("values.json")));
    QVERIFY(values.open(QIODevice::WriteOnly));
    values.write(R"({":pk": {"S": "DEVICE#d-9468"}})");
    values.close();
    const QString backward = dir.filePath(QStringLiteral("b.md"));
    run = runExport({kProject, QStringLiteral("--key-condition-expression=PK = :pk"),
                     QStringLiteral("--expression-attribute-values"),
                     QStringLiteral("file://") + values.fileName(),
                     QStringLiteral("--no-scan-index-forward"), QStringLiteral("--limit"),
                     QStringLiteral("2"), QStringLiteral("-o"), backward});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QStringList back = markdownRows(readAll(backward));
    QVERIFY(back[39].endsWith(QStringLiteral("| #1 | returned |")));
    QVERIFY(back[38].endsWith(QStringLiteral("| #2 | returned, LastEvaluatedKey |")));

    // The same query draws as an SVG, and compares across two designs.
    const QString svg = dir.filePath(QStringLiteral("q.svg"));
    run = runExport(
        query + QStringList {QStringLiteral("--compare"), kBefore, QStringLiteral("-o"), svg});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY(QSvgRenderer(svg).isValid());
}

void TestExport::cliQueryOptionErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    const QString out = QStringLiteral("unused.svg");
    const QString kce = QStringLiteral("--key-condition-expression");
    QTest::newRow("pattern and query")
        << QStringList {kProject, QStringLiteral("--pattern"), kPattern,
                        kce,      QStringLiteral("PK = :pk"),  QStringLiteral("-o"),
                        out}
        << 252 << QStringLiteral("not both");
    QTest::newRow("query without key condition")
        << QStringList {kProject, QStringLiteral("--limit"), QStringLiteral("3"),
                        QStringLiteral("-o"), out}
        << 252 << QStringLiteral("required: --key-condition-expression");
    QTest::newRow("malformed JSON")
        << QStringList {kProject,
                        kce,
                        QStringLiteral("PK = :pk"),
                        QStringLiteral("--expression-attribute-values"),
                        QStringLiteral("{"),
                        QStringLiteral("-o"),
                        out}
        << 252 << QStringLiteral("Error parsing parameter '--expression-attribute-values'");
    QTest::newRow("bad limit") << QStringList {kProject,
                                               kce,
                                               QStringLiteral("PK = :pk"),
                                               QStringLiteral("--limit"),
                                               QStringLiteral("0"),
                                               QStringLiteral("-o"),
                                               out}
                               << 252 << QStringLiteral("valid min value: 1");
    QTest::newRow("rejected by DynamoDB")
        << QStringList {kProject, kce, QStringLiteral("PK = :pk"), QStringLiteral("-o"), out} << 254
        << QStringLiteral("ValidationException");
    QTest::newRow("query-only option") << QStringList {
        kProject, kce, QStringLiteral("PK = :pk"), QStringLiteral("--trace"), QStringLiteral("-o"),
        out} << 252 << QStringLiteral("--trace");
}

void TestExport::cliQueryOptionErrors()
{
    cliErrors();
}

void TestExport::pdfTextIsExtractable()
{
    const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
    const QString pdfinfo = QStandardPaths::findExecutable(QStringLiteral("pdfinfo"));
    QVERIFY2(!pdftotext.isEmpty() && !pdfinfo.isEmpty(),
             "pdftotext and pdfinfo (Debian poppler-utils, make deps) are needed");
    QTemporaryDir dir;
    const QString pdf = dir.filePath(QStringLiteral("iot.pdf"));
    const Run run
        = runExport({kProject, QStringLiteral("--pattern"), kPattern, QStringLiteral("-o"), pdf});
    QVERIFY2(run.exitCode == 0, run.err.constData());

    QProcess text;
    text.start(pdftotext, {QStringLiteral("-layout"), pdf, QStringLiteral("-")});
    QVERIFY(text.waitForFinished(60000));
    QCOMPARE(text.exitCode(), 0);
    const QString extracted = QString::fromUtf8(text.readAllStandardOutput());
    // Every sort key of the collection is text in the PDF, plus the legend and the caption.
    auto d = diagram();
    QVERIFY(d);
    for (qsizetype row = 0; row < d->rows().rowCount(); ++row)
        QVERIFY2(extracted.contains(d->rows().sortKeyText(row)),
                 qPrintable(d->rows().sortKeyText(row)));
    QVERIFY(extracted.contains(QStringLiteral("returned as result #n")));
    QVERIFY(extracted.contains(QStringLiteral("Count 11, ScannedCount 11")));

    QProcess info;
    info.start(pdfinfo, {pdf});
    QVERIFY(info.waitForFinished(60000));
    const QString details = QString::fromUtf8(info.readAllStandardOutput());
    QVERIFY2(details.contains(QRegularExpression(QStringLiteral("Pages:\\s+1\\n"))),
             qPrintable(details));
    const QSizeF points = d->logicalSize() * 0.75;
    const QString pageSize
        = QStringLiteral("Page size:\\s+%1 x %2 pts").arg(points.width()).arg(points.height());
    QVERIFY2(details.contains(QRegularExpression(pageSize)), qPrintable(details));
}

QTEST_MAIN(TestExport)
#include "tst_export.moc"
