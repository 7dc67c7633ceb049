// Static diagram export (issue 5, first slice): ExportDiagram paints through the one
// collection renderer onto QImage, QSvgGenerator and QPdfWriter; `keyscope export` writes the
// files. Exports are checked by reading them back.

#include "ui/collection/collectionstyle.h"
#include "ui/export/diagramexporter.h"

#include <QFile>
#include <QImage>
#include <QPainter>
#include <QProcess>
#include <QRegularExpression>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>

using namespace keyscope::ui;

namespace {

const QString kProject
    = QStringLiteral(KEYSCOPE_SOURCE_DIR "/resources/examples/iot/after.keyscope.json");
const QString kPattern = QStringLiteral("Device and its 10 newest readings");

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

Run runExport(const QStringList &args)
{
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    // The command must choose the offscreen platform by itself.
    env.remove(QStringLiteral("QT_QPA_PLATFORM"));
    env.remove(QStringLiteral("DISPLAY"));
    env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    process.setProcessEnvironment(env);
    process.start(QStringLiteral(KEYSCOPE_BINARY), QStringList {QStringLiteral("export")} + args);
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
    void cliStepsDiffer();
    void cliExample();
    void cliErrors_data();
    void cliErrors();
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
        << 252 << QStringLiteral("--format svg|png|pdf");
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

QTEST_MAIN(TestExport)
#include "tst_export.moc"
