// The whole traversal as an animated SVG (`keyscope export --animated`) and as PNG frames
// (`--format frames`). How the animated SVG looks in a browser is tst_browser_export's job;
// here: determinism, no script, size, the frame files and their index, the errors.

#include "tests/support/testpaths.h"
#include "ui/export/animatedsvg.h"
#include "ui/export/diagramexporter.h"
#include "ui/export/framesequence.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace keyscope::ui;

namespace {

const QString kProject
    = keyscope::testsupport::sourcePath("/resources/examples/iot/after.keyscope.json");
const QString kPattern = QStringLiteral("Device and its 10 newest readings");
const QString kLongProject
    = keyscope::testsupport::testDataPath("/export/long-trace.keyscope.json");

struct Run
{
    int exitCode = -1;
    QByteArray err;
};

Run runExport(const QStringList &args)
{
    QProcess process;
    process.start(keyscope::testsupport::keyscopeBinary(),
                  QStringList {QStringLiteral("export")} + args);
    if (!process.waitForFinished(120000))
        return {};
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            process.readAllStandardError()};
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

std::unique_ptr<ExportDiagram> diagram(const QString &project, const QString &pattern)
{
    auto created = ExportDiagram::create(project, pattern, std::nullopt);
    if (auto *error = std::get_if<ExportError>(&created)) {
        qWarning("%s", qPrintable(error->message));
        return nullptr;
    }
    return std::move(std::get<std::unique_ptr<ExportDiagram>>(created));
}

} // namespace

class TestAnimatedExport : public QObject
{
    Q_OBJECT

private slots:
    void animatedSvgIsDeterministicAndScriptFree();
    void animatedSvgTimesEveryStep();
    void composedFramesMatchWholeFrames_data();
    void composedFramesMatchWholeFrames();
    void hundredStepsStaySmall();
    void framesAreTheStepsInOrder();
    void framesReplaceStaleFrames();
    void errors_data();
    void errors();
};

void TestAnimatedExport::animatedSvgIsDeterministicAndScriptFree()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QByteArray outputs[2];
    for (int i = 0; i < 2; ++i) {
        const QString out = dir.filePath(QStringLiteral("a%1.svg").arg(i));
        const Run run = runExport({kProject, QStringLiteral("--pattern"), kPattern,
                                   QStringLiteral("--animated"), QStringLiteral("-o"), out});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        outputs[i] = readAll(out);
    }
    const QByteArray &svg = outputs[0];
    QCOMPARE(outputs[1], svg);
    QVERIFY(svg.startsWith("<?xml"));
    QVERIFY(!svg.contains("<script"));
    QVERIFY(!svg.contains("javascript"));
    QVERIFY(svg.contains("animation-iteration-count:infinite"));
    QVERIFY(svg.contains("prefers-reduced-motion"));
    QVERIFY(svg.contains("<title>Keyscope: Device and its 10 newest readings</title>"));
    // Text stays text: the sort keys, and the result numbers.
    QVERIFY(svg.contains(">#READING#2024-06-01T09:30:00Z</text>"));
    QVERIFY(svg.contains(">11</text>"));
    // Each element is stored once: the static base is not repeated per step.
    QCOMPARE(svg.count(">#READING#2024-06-01T00:00:00Z</text>"), 1);

    // The same calls in-process give the same bytes.
    auto d = diagram(kProject, kPattern);
    QVERIFY(d);
    QCOMPARE(animatedSvg(*d, QStringLiteral("Keyscope: ") + kPattern), svg);
}

// One keyframe per step boundary: the loop lasts the timeline plus the hold, and an element
// that shows during one step only (its narration caption) switches at that step's bounds.
void TestAnimatedExport::animatedSvgTimesEveryStep()
{
    auto d = diagram(kProject, kPattern);
    QVERIFY(d);
    const QByteArray svg = animatedSvg(*d, QStringLiteral("t"));
    const keyscope::model::TraceTimeline &timeline = *d->timeline();
    const qint64 total = timeline.totalDuration() + kAnimationHoldMs;
    QVERIFY(svg.contains("animation-duration:" + QByteArray::number(double(total) / 1000) + "s;"));

    // The caption of a step in the middle: find its group's animation and check its times.
    const int step = timeline.stepCount() / 2;
    const QString caption = timeline.step(step).narration.toHtmlEscaped();
    const qsizetype at = svg.indexOf('>' + caption.toUtf8() + "</text>");
    QVERIFY2(at > 0, qPrintable(caption));
    const qsizetype groupStart = svg.lastIndexOf("<g class=\"", at);
    const QByteArray classes
        = svg.mid(groupStart + 10, svg.indexOf('"', groupStart + 10) - groupStart - 10);
    const QRegularExpression animated(QStringLiteral("\\ba(\\d+)\\b"));
    const auto match = animated.match(QString::fromLatin1(classes));
    QVERIFY2(match.hasMatch(), classes.constData());
    const QByteArray n = match.captured(1).toLatin1();
    // Hidden unless animated: without animation the picture is the final state.
    QVERIFY(svg.contains(".a" + n + "{animation-name:k" + n + ";visibility:hidden}\n"));
    const QByteArray name = "@keyframes k" + n + '{';
    const qsizetype rule = svg.indexOf(name);
    QVERIFY(rule > 0);
    const QByteArray keyframes
        = svg.mid(rule + name.size(), svg.indexOf("}\n", rule) - rule - name.size());
    const auto pct = [total](qint64 ms) {
        QByteArray text = QByteArray::number(100.0 * double(ms) / double(total), 'f', 3);
        while (text.endsWith('0'))
            text.chop(1);
        if (text.endsWith('.'))
            text.chop(1);
        return text + '%';
    };
    // Shown from the step's start to its end; hidden before and after (the class's value).
    const qint64 start = timeline.step(step).startMs;
    const qint64 end = start + timeline.step(step).durationMs;
    QCOMPARE(keyframes, pct(end) + "{visibility:hidden}" + pct(start) + "{visibility:visible}");
}

void TestAnimatedExport::composedFramesMatchWholeFrames_data()
{
    QTest::addColumn<QString>("project");
    QTest::addColumn<QString>("pattern");
    QTest::newRow("backward, Limit") << kProject << kPattern;
    QTest::newRow("one item") << kProject << QStringLiteral("The Device alone");
    QTest::newRow("filter, 200 rows") << kLongProject << QStringLiteral("Warm readings");
    QTest::newRow("index") << keyscope::testsupport::sourcePath(
        "/resources/examples/tickets/after.keyscope.json")
                           << QStringLiteral("Most recently updated tickets first");
    QTest::newRow("other example")
        << keyscope::testsupport::sourcePath("/resources/examples/orders/after.keyscope.json")
        << QStringLiteral("A user's orders, newest first");
}

// Composing frames from rows painted alone gives the bytes that painting every frame whole
// gives.
void TestAnimatedExport::composedFramesMatchWholeFrames()
{
    QFETCH(QString, project);
    QFETCH(QString, pattern);
    auto d = diagram(project, pattern);
    QVERIFY(d);
    QString error;
    bool wasComposed = false;
    const QByteArray composed
        = animatedSvg(*d, pattern, &error, kAnimationHoldMs, false, &wasComposed);
    QVERIFY2(!composed.isEmpty(), qPrintable(error));
    QVERIFY(wasComposed); // not the fallback to whole frames
    const QByteArray whole = animatedSvg(*d, pattern, &error, kAnimationHoldMs, true);
    QVERIFY2(!whole.isEmpty(), qPrintable(error));
    QCOMPARE(composed, whole);
}

void TestAnimatedExport::hundredStepsStaySmall()
{
    auto d = diagram(kLongProject, QStringLiteral("Warm readings"));
    QVERIFY(d);
    QVERIFY2(d->stepCount() >= 100, qPrintable(QString::number(d->stepCount())));
    const QByteArray svg = animatedSvg(*d, QStringLiteral("Warm readings"));
    QVERIFY(!svg.isEmpty());
    d->setStep(-1);
    const qsizetype oneFrame = d->toSvg().size();
    qInfo("animated SVG of %d steps over 200 rows: %lld bytes (one static frame: %lld)",
          d->stepCount(), qlonglong(svg.size()), qlonglong(oneFrame));
    QVERIFY2(svg.size() < 300 * 1024, qPrintable(QString::number(svg.size())));
    QVERIFY(svg.size() < oneFrame); // smaller than one static frame of QSvgGenerator
    // Filtered rows are struck through in their own step's group: the trace has some.
    QVERIFY(d->timeline()->summary().scannedCount > d->timeline()->summary().count);
}

void TestAnimatedExport::framesAreTheStepsInOrder()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString out = dir.filePath(QStringLiteral("frames"));
    const Run run
        = runExport({kProject, QStringLiteral("--pattern"), kPattern, QStringLiteral("--format"),
                     QStringLiteral("frames"), QStringLiteral("--scale"), QStringLiteral("0.5"),
                     QStringLiteral("-o"), out});
    QVERIFY2(run.exitCode == 0, run.err.constData());

    auto d = diagram(kProject, kPattern);
    QVERIFY(d);
    fitAllFrames(*d);
    const auto frames = animationFrames(*d->timeline());
    const int count = int(frames.size());
    QCOMPARE(count, d->stepCount() + 1);
    const QStringList files
        = QDir(out).entryList({QStringLiteral("frame-*.png")}, QDir::Files, QDir::Name);
    QCOMPARE(files.size(), count);
    const QSize size = (d->logicalSize() * 0.5).toSize();
    for (const int i : {0, count / 2, count - 1}) {
        QCOMPARE(files[i], frameFileName(i, count));
        const QImage image(QDir(out).filePath(files[i]));
        QCOMPARE(image.size(), size);
        d->setStep(frames[size_t(i)].step);
        QVERIFY2(image.convertToFormat(QImage::Format_RGB32)
                     == d->toImage(0.5).convertToFormat(QImage::Format_RGB32),
                 qPrintable(files[i]));
    }
    QVERIFY(QImage(QDir(out).filePath(files.first())) != QImage(QDir(out).filePath(files.last())));

    // The index: every frame in order with its duration, the last listed twice for ffmpeg.
    const QStringList index
        = QString::fromUtf8(readAll(QDir(out).filePath(QStringLiteral("frames.ffconcat"))))
              .split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(index.first(), QStringLiteral("ffconcat version 1.0"));
    QStringList listed;
    double seconds = 0;
    for (const QString &line : index) {
        if (line.startsWith(QStringLiteral("file '")))
            listed << line.mid(6, line.size() - 7);
        else if (line.startsWith(QStringLiteral("duration ")))
            seconds += line.mid(9).toDouble();
    }
    QCOMPARE(listed.size(), count + 1);
    QCOMPARE(listed.mid(0, count), files);
    QCOMPARE(listed.last(), files.last());
    QCOMPARE(qRound64(seconds * 1000), d->timeline()->totalDuration() + kAnimationHoldMs);
}

void TestAnimatedExport::framesReplaceStaleFrames()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString stale = dir.filePath(QStringLiteral("frame-099.png"));
    const QString other = dir.filePath(QStringLiteral("notes.txt"));
    for (const QString &path : {stale, other}) {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("x");
    }
    const Run run = runExport({QStringLiteral("--example"), QStringLiteral("iot"),
                               QStringLiteral("--pattern"), QStringLiteral("The Device alone"),
                               QStringLiteral("--format"), QStringLiteral("frames"),
                               QStringLiteral("-o"), dir.path()});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY(!QFile::exists(stale));
    QVERIFY(QFile::exists(other));
    QVERIFY(QFile::exists(dir.filePath(QStringLiteral("frame-000.png"))));
}

void TestAnimatedExport::errors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    const QStringList base {kProject, QStringLiteral("--pattern"), kPattern};
    QTest::newRow("animated png") << base
            + QStringList {QStringLiteral("--animated"), QStringLiteral("-o"),
                           QStringLiteral("out.png")}
                                  << 252 << QStringLiteral("--animated writes SVG only");
    QTest::newRow("animated with a step")
        << base
            + QStringList {QStringLiteral("--animated"), QStringLiteral("--step"),
                           QStringLiteral("3"), QStringLiteral("-o"), QStringLiteral("out.svg")}
        << 252 << QStringLiteral("--step does not apply to --animated");
    QTest::newRow("frames without --format")
        << base + QStringList {QStringLiteral("-o"), QStringLiteral("framesdir")} << 252
        << QStringLiteral("--format svg|png|pdf|md|frames");
    QTest::newRow("frames into a file")
        << base
            + QStringList {QStringLiteral("--format"), QStringLiteral("frames"),
                           QStringLiteral("-o"), QStringLiteral("afile")}
        << 255 << QStringLiteral("afile: exists and is not a directory");
}

void TestAnimatedExport::errors()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    QTemporaryDir dir;
    const QString cwd = QDir::currentPath();
    QDir::setCurrent(dir.path());
    {
        QFile file(QStringLiteral("afile"));
        QVERIFY(file.open(QIODevice::WriteOnly));
    }
    const Run run = runExport(args);
    QDir::setCurrent(cwd);
    QCOMPARE(run.exitCode, exitCode);
    QVERIFY2(QString::fromUtf8(run.err).contains(message), run.err.constData());
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("out.svg"))));
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("out.png"))));
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("framesdir"))));
}

QTEST_MAIN(TestAnimatedExport)
#include "tst_animatedexport.moc"
