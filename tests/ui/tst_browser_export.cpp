// Exports seen by a browser (issue 5, quality bars): Debian's headless Chromium opens the
// animated SVG of the IoT example, paused at chosen times through the Web Animations API
// (a test copy of the file gets a small script; the export itself has none), and a static SVG
// export, which is also rendered by Qt's SVG renderer and compared with the PNG export of the
// same step.
//
// Chromium is required: without it every test here fails and says how to install it.
// KEYSCOPE_CHROMIUM overrides the browser's path.

#include "tests/support/chromium.h"
#include "tests/support/testpaths.h"
#include "ui/collection/collectionlayout.h"
#include "ui/collection/collectionrenderer.h"
#include "ui/collection/collectionstyle.h"
#include "ui/export/animatedsvg.h"
#include "ui/export/diagramexporter.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPainter>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

using namespace keyscope;
using namespace keyscope::ui;

namespace {

const QString kProject
    = keyscope::testsupport::sourcePath("/resources/examples/iot/after.keyscope.json");
const QString kPattern = QStringLiteral("Device and its 10 newest readings");

using keyscope::testsupport::findChromium;

bool near(QRgb a, QRgb b, int tolerance)
{
    return std::abs(qRed(a) - qRed(b)) <= tolerance && std::abs(qGreen(a) - qGreen(b)) <= tolerance
        && std::abs(qBlue(a) - qBlue(b)) <= tolerance;
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

bool writeAll(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

int runExport(const QStringList &args, QByteArray *err)
{
    QProcess process;
    process.start(keyscope::testsupport::keyscopeBinary(),
                  QStringList {QStringLiteral("export")} + args);
    if (!process.waitForFinished(120000))
        return -1;
    *err = process.readAllStandardError();
    return process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
}

// A copy of an animated SVG whose animations stand still at `ms`, and which lists its visible
// text in a <metadata id="probe"> element (for --dump-dom).
QByteArray pausedAt(const QByteArray &svg, qint64 ms)
{
    const QByteArray script = R"(<script>
for (const a of document.getAnimations()) { a.pause(); a.currentTime = )"
        + QByteArray::number(ms) + R"(; }
const texts = [...document.querySelectorAll('text')]
    .filter(t => getComputedStyle(t).visibility === 'visible').map(t => t.textContent);
const m = document.createElementNS('http://www.w3.org/2000/svg', 'metadata');
m.id = 'probe';
m.textContent = JSON.stringify({animations: document.getAnimations().length, texts});
document.documentElement.appendChild(m);
</script>
</svg>
)";
    QByteArray copy = svg;
    const qsizetype end = copy.lastIndexOf("</svg>");
    return end < 0 ? QByteArray() : copy.left(end) + script;
}

// The text of every <text> element of a static SVG export, in document order.
QStringList svgTexts(const QByteArray &svg)
{
    QStringList texts;
    qsizetype pos = 0;
    while ((pos = svg.indexOf("<text", pos)) >= 0) {
        const qsizetype open = svg.indexOf('>', pos);
        const qsizetype close = svg.indexOf("</text>", open);
        if (open < 0 || close < 0)
            break;
        QString text = QString::fromUtf8(svg.mid(open + 1, close - open - 1));
        text.replace(QStringLiteral("&lt;"), QStringLiteral("<"))
            .replace(QStringLiteral("&gt;"), QStringLiteral(">"))
            .replace(QStringLiteral("&quot;"), QStringLiteral("\""))
            .replace(QStringLiteral("&amp;"), QStringLiteral("&"));
        texts << text;
        pos = close;
    }
    return texts;
}

// Share of the reference's flat pixels (5x5 uniform neighbourhoods: fills, rules, badge
// interiors, away from glyph edges) that the other render matches.
double flatAgreement(const QImage &reference, const QImage &other, int tolerance, qint64 *flatOut)
{
    qint64 flat = 0;
    qint64 same = 0;
    for (int y = 2; y + 2 < reference.height(); ++y) {
        for (int x = 2; x + 2 < reference.width(); ++x) {
            const QRgb centre = reference.pixel(x, y);
            bool uniform = true;
            for (int dy = -2; dy <= 2 && uniform; ++dy)
                for (int dx = -2; dx <= 2 && uniform; ++dx)
                    uniform = reference.pixel(x + dx, y + dy) == centre;
            if (!uniform)
                continue;
            ++flat;
            same += near(other.pixel(x, y), centre, tolerance);
        }
    }
    if (flatOut)
        *flatOut = flat;
    return flat ? double(same) / double(flat) : 0.0;
}

// Pixels of the result badges' green (interiors), and how many of them the other image has.
std::pair<int, int> badgePixels(const QImage &reference, const QImage &other)
{
    const QRgb green = CollectionStyle::exportStyle().returned.rgb();
    int count = 0;
    int matching = 0;
    for (int y = 1; y + 1 < reference.height(); ++y) {
        for (int x = 1; x + 1 < reference.width(); ++x) {
            const auto isGreen
                = [&](int px, int py) { return near(reference.pixel(px, py), green, 2); };
            if (!isGreen(x, y) || !isGreen(x - 1, y) || !isGreen(x + 1, y) || !isGreen(x, y - 1)
                || !isGreen(x, y + 1))
                continue;
            ++count;
            matching += near(other.pixel(x, y), green, 12);
        }
    }
    return {count, matching};
}

} // namespace

class TestBrowserExport : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void animatedSvgPlaysTheTraversal();
    void animatedSvgShowsEachStepsText();
    void reducedMotionShowsTheFinalState();
    void staticSvgRendersLikeThePng();
    void designDocumentDiagramsOpenInChromium();

private:
    bool chromium(const QStringList &args, QByteArray *out = nullptr);
    QImage screenshot(const QString &file, const QSize &size);
    QJsonObject probe(const QString &file);

    QString m_chromium;
    QTemporaryDir m_dir;
    QByteArray m_animated;
    std::unique_ptr<ExportDiagram> m_diagram; // fitted to all frames, as the animation is
    std::vector<AnimationFrame> m_frames;
};

void TestBrowserExport::initTestCase()
{
    m_chromium = findChromium();
    if (m_chromium.isEmpty())
        QFAIL("Chromium is not installed, and these tests need it (they do not skip). Install "
              "Debian's package: `make deps` (or `apt-get install chromium`); set "
              "KEYSCOPE_CHROMIUM to use another Chromium binary.");
    QVERIFY(m_dir.isValid());

    const QString out = m_dir.filePath(QStringLiteral("iot.svg"));
    QByteArray err;
    QCOMPARE(runExport({kProject, QStringLiteral("--pattern"), kPattern,
                        QStringLiteral("--animated"), QStringLiteral("-o"), out},
                       &err),
             0);
    m_animated = readAll(out);
    QVERIFY(!m_animated.isEmpty());
    QVERIFY(!m_animated.contains("<script"));

    auto created = ExportDiagram::create(kProject, kPattern, std::nullopt);
    QVERIFY(std::holds_alternative<std::unique_ptr<ExportDiagram>>(created));
    m_diagram = std::move(std::get<std::unique_ptr<ExportDiagram>>(created));
    fitAllFrames(*m_diagram);
    m_frames = animationFrames(*m_diagram->timeline());
}

bool TestBrowserExport::chromium(const QStringList &args, QByteArray *out)
{
    QTemporaryDir profile; // its own profile: tests may run in parallel
    QProcess process;
    // --no-sandbox: the tests run as root in CI, where Chromium's sandbox refuses to start.
    process.start(m_chromium,
                  QStringList {QStringLiteral("--headless"), QStringLiteral("--no-sandbox"),
                               QStringLiteral("--disable-gpu"), QStringLiteral("--hide-scrollbars"),
                               QStringLiteral("--no-first-run"),
                               QStringLiteral("--disable-dev-shm-usage"),
                               QStringLiteral("--force-device-scale-factor=1"),
                               QStringLiteral("--user-data-dir=") + profile.path()}
                      + args);
    if (!process.waitForFinished(120000)) {
        process.kill();
        process.waitForFinished();
        qWarning("chromium timed out");
        return false;
    }
    if (out)
        *out = process.readAllStandardOutput();
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        qWarning("chromium failed: %s", process.readAllStandardError().constData());
        return false;
    }
    return true;
}

// `keyscope doc` on every built-in example (issue 29): one page shows every diagram the
// documents link, as <img> elements, and records each one's size once the page has loaded; an
// SVG Chromium cannot read has no size.
void TestBrowserExport::designDocumentDiagramsOpenInChromium()
{
    const QDir examples(keyscope::testsupport::sourcePath("/resources/examples"));
    QStringList images;
    for (const QString &folder : examples.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QString project = examples.filePath(folder + QStringLiteral("/after.keyscope.json"));
        if (!QFileInfo::exists(project))
            continue;
        const QString out
            = m_dir.filePath(QStringLiteral("docs/") + folder + QStringLiteral(".md"));
        QProcess doc;
        doc.start(keyscope::testsupport::keyscopeBinary(),
                  {QStringLiteral("doc"), project, QStringLiteral("-o"), out});
        QVERIFY(doc.waitForFinished(120000));
        QVERIFY2(doc.exitCode() == 0, doc.readAllStandardError().constData());
        const QString markdown = QString::fromUtf8(readAll(out));
        const QRegularExpression link(QStringLiteral("\\]\\(([^)]+\\.svg)\\)"));
        for (auto it = link.globalMatch(markdown); it.hasNext();)
            images << it.next().captured(1);
    }
    QVERIFY(images.size() >= 20);
    QString page = QStringLiteral("<!DOCTYPE html><html><body>");
    for (const QString &image : images)
        page += QStringLiteral("<img src=\"%1\">").arg(image);
    page += QStringLiteral("<pre id=\"sizes\"></pre><script>window.onload = () => {"
                           "document.getElementById('sizes').textContent = "
                           "[...document.images].map(i => i.naturalWidth + 'x' + i.naturalHeight)"
                           ".join(' ');};</script></body></html>");
    const QString file = m_dir.filePath(QStringLiteral("docs/all.html"));
    QVERIFY(writeAll(file, page.toUtf8()));
    QByteArray dom;
    QVERIFY(chromium({QStringLiteral("--virtual-time-budget=10000"), QStringLiteral("--dump-dom"),
                      QUrl::fromLocalFile(file).toString()},
                     &dom));
    const qsizetype start = dom.indexOf("<pre id=\"sizes\">") + 16;
    const QStringList sizes
        = QString::fromUtf8(dom.mid(start, dom.indexOf("</pre>", start) - start))
              .split(QLatin1Char(' '), Qt::SkipEmptyParts);
    QCOMPARE(sizes.size(), images.size());
    for (qsizetype i = 0; i < sizes.size(); ++i) {
        const QStringList wh = sizes[i].split(QLatin1Char('x'));
        QVERIFY2(wh.size() == 2 && wh[0].toInt() > 300 && wh[1].toInt() > 100,
                 qPrintable(images[i] + QStringLiteral(": ") + sizes[i]));
    }
}

QImage TestBrowserExport::screenshot(const QString &file, const QSize &size)
{
    const QString png = file + QStringLiteral(".png");
    if (!chromium({QStringLiteral("--window-size=%1,%2").arg(size.width()).arg(size.height()),
                   QStringLiteral("--screenshot=") + png, QUrl::fromLocalFile(file).toString()}))
        return QImage();
    return QImage(png).convertToFormat(QImage::Format_RGB32);
}

QJsonObject TestBrowserExport::probe(const QString &file)
{
    QByteArray dom;
    if (!chromium({QStringLiteral("--dump-dom"), QUrl::fromLocalFile(file).toString()}, &dom))
        return {};
    const qsizetype start = dom.indexOf("<metadata id=\"probe\">");
    const qsizetype end = dom.indexOf("</metadata>", start);
    if (start < 0 || end < 0)
        return {};
    QByteArray json = dom.mid(start + 21, end - start - 21);
    json.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
    return QJsonDocument::fromJson(json).object();
}

// Screenshots at two times show the cursor on the rows the timeline reads then; the last
// frame shows the final result numbers.
void TestBrowserExport::animatedSvgPlaysTheTraversal()
{
    const model::TraceTimeline &timeline = *m_diagram->timeline();
    std::vector<int> visits;
    for (int i = 0; i < timeline.stepCount(); ++i) {
        if (timeline.step(i).kind == model::TimelineStep::Kind::Visit)
            visits.push_back(i);
    }
    QVERIFY(visits.size() >= 6);

    // Where rows are: the layout of the diagram at its natural size, as ExportDiagram draws it.
    const CollectionStyle style = CollectionStyle::exportStyle();
    const qsizetype rowCount = qsizetype(timeline.trace().partitionSize);
    CollectionLayout::Params params = CollectionRenderer::layoutParams(
        style, CollectionRenderState {}, CollectionRenderer::naturalSize(style, rowCount), 1.0, 0);
    params.rowCount = rowCount;
    const CollectionLayout layout(params);
    const double left = layout.rowsRect().left();
    const QSize size = m_diagram->logicalSize().toSize();

    // The sweep cursor's arrow sits left of the rows: the centre of its pixels.
    const auto cursorY = [&](const QImage &image) {
        double sum = 0;
        int n = 0;
        for (int y = 0; y < image.height(); ++y) {
            for (int x = int(left) - 14; x <= int(left) - 3; ++x) {
                if (near(image.pixel(x, y), style.cursor.rgb(), 40)) {
                    sum += y;
                    ++n;
                }
            }
        }
        return n >= 20 ? sum / n : -1.0;
    };

    std::vector<double> ys;
    for (const int step : {visits[0], visits[5]}) {
        const model::TimelineStep &s = timeline.step(step);
        // Once the cursor has glided there (the first 60% of the step).
        const qint64 ms = s.startMs + s.durationMs * 8 / 10;
        const QString file = m_dir.filePath(QStringLiteral("at-%1.svg").arg(ms));
        QVERIFY(writeAll(file, pausedAt(m_animated, ms)));
        const QImage shot = screenshot(file, size);
        QVERIFY2(!shot.isNull(), "no screenshot");
        QCOMPARE(shot.size(), size);
        const double y = cursorY(shot);
        const double expected = layout.rowCenterY(qsizetype(s.row));
        QVERIFY2(std::abs(y - expected) <= 3,
                 qPrintable(QStringLiteral("step %1 at %2 ms: cursor at y %3, row %4 is at y %5")
                                .arg(step)
                                .arg(ms)
                                .arg(y)
                                .arg(s.row)
                                .arg(expected)));
        ys.push_back(y);
    }
    QVERIFY2(std::abs(ys[0] - ys[1]) >= 4 * style.rowHeight, "the cursor did not move");

    // Between two rows the cursor glides, as in the app: a third into the move it is between
    // the row it left and the row it goes to.
    {
        const int step = visits[5];
        const model::TimelineStep &s = timeline.step(step);
        const qint64 ms
            = s.startMs + qint64(double(s.durationMs) * model::TraceTimeline::kTransitionShare / 2);
        const QString file = m_dir.filePath(QStringLiteral("glide-%1.svg").arg(ms));
        QVERIFY(writeAll(file, pausedAt(m_animated, ms)));
        const double y = cursorY(screenshot(file, size));
        const double from = layout.rowCenterY(qsizetype(timeline.step(step - 1).row));
        const double to = layout.rowCenterY(qsizetype(s.row));
        QVERIFY2(std::min(from, to) + 3 < y && y < std::max(from, to) - 3,
                 qPrintable(QStringLiteral("cursor at y %1, between rows at %2 and %3?")
                                .arg(y)
                                .arg(from)
                                .arg(to)));
    }

    // The last frame (the final state, held before the loop starts over): the result badges of
    // the final state, where Qt paints them, and no cursor.
    const qint64 end = m_frames.back().startMs + m_frames.back().durationMs - 100;
    const QString file = m_dir.filePath(QStringLiteral("end.svg"));
    QVERIFY(writeAll(file, pausedAt(m_animated, end)));
    const QImage shot = screenshot(file, size);
    QVERIFY(!shot.isNull());
    m_diagram->setStep(-1);
    const QImage reference = m_diagram->toImage(1.0).convertToFormat(QImage::Format_RGB32);
    QCOMPARE(reference.size(), shot.size());
    const auto [badges, matching] = badgePixels(reference, shot);
    QVERIFY2(badges > 100, qPrintable(QString::number(badges)));
    QVERIFY2(matching >= badges * 95 / 100,
             qPrintable(QStringLiteral("%1 of %2").arg(matching).arg(badges)));
    QCOMPARE(cursorY(shot), -1.0);

    // Early in the traversal there are no badges yet.
    const QString early = m_dir.filePath(QStringLiteral("early.svg"));
    QVERIFY(writeAll(early, pausedAt(m_animated, 10)));
    const QImage first = screenshot(early, size);
    QVERIFY(!first.isNull());
    const auto [badges0, matching0] = badgePixels(reference, first);
    Q_UNUSED(badges0);
    QVERIFY2(matching0 < badges / 20, qPrintable(QString::number(matching0)));
}

// Once a step has landed, the text Chromium shows is the text of the static export of that step:
// the narration caption per step, the result numbers, the marker captions. While a probe is
// still landing, its caption is not shown yet, as in the app.
void TestBrowserExport::animatedSvgShowsEachStepsText()
{
    const model::TraceTimeline &timeline = *m_diagram->timeline();
    // (step, moment in the step: landed, or a third into its movement)
    std::vector<std::pair<int, bool>> steps {{0, true}, {2, true}, {2, false}};
    for (int i = 0; i < timeline.stepCount(); ++i) {
        if (timeline.step(i).kind == model::TimelineStep::Kind::Visit && steps.size() < 5)
            steps.emplace_back(i, true);
    }
    steps.emplace_back(timeline.stepCount() - 1, true); // the page stops: Limit
    steps.emplace_back(-1, true);                       // the final state, held
    QCOMPARE(timeline.step(2).kind, model::TimelineStep::Kind::SeekProbe);
    for (const auto &[step, landed] : steps) {
        const auto frame = std::find_if(m_frames.begin(), m_frames.end(),
                                        [step](const AnimationFrame &f) { return f.step == step; });
        QVERIFY(frame != m_frames.end());
        // The movement takes the first 60% of a step.
        const qint64 ms = frame->startMs + frame->durationMs * (landed ? 8 : 2) / 10;
        const QString file = m_dir.filePath(QStringLiteral("texts-%1.svg").arg(ms));
        QVERIFY(writeAll(file, pausedAt(m_animated, ms)));
        const QJsonObject result = probe(file);
        QVERIFY2(result.value(QStringLiteral("animations")).toInt() > 10,
                 "Chromium ran no CSS animations");
        QStringList shown;
        for (const QJsonValue &v : result.value(QStringLiteral("texts")).toArray())
            shown << v.toString();

        m_diagram->setStep(step);
        m_diagram->setTransition(landed ? 1.0 : 0.0);
        QStringList expected = svgTexts(m_diagram->toSvg());
        m_diagram->setTransition(1.0);
        QVERIFY(!expected.isEmpty());
        shown.sort();
        expected.sort();
        if (shown != expected) {
            for (const QString &t : expected) {
                if (!shown.contains(t))
                    qWarning() << "missing:" << t;
            }
            for (const QString &t : shown) {
                if (!expected.contains(t))
                    qWarning() << "extra:" << t;
            }
        }
        QVERIFY2(shown == expected,
                 qPrintable(QStringLiteral("step %1 at %2 ms").arg(step).arg(ms)));
        if (!landed)
            QVERIFY(!shown.contains(timeline.step(step).marker)); // the probe's caption
        if (step == -1) {
            for (int n = 1; n <= 11; ++n)
                QVERIFY2(shown.contains(QString::number(n)), qPrintable(QString::number(n)));
            QVERIFY(shown.join(u' ').contains(QStringLiteral("Count 11")));
        }
    }
}

// With prefers-reduced-motion the animated SVG stands still on the final state; so does the
// picture in viewers without CSS animation.
void TestBrowserExport::reducedMotionShowsTheFinalState()
{
    const QString file = m_dir.filePath(QStringLiteral("still.svg"));
    QVERIFY(writeAll(file, m_animated));
    const QSize size = m_diagram->logicalSize().toSize();
    const QString png = file + QStringLiteral(".png");
    QVERIFY(
        chromium({QStringLiteral("--force-prefers-reduced-motion"),
                  QStringLiteral("--window-size=%1,%2").arg(size.width()).arg(size.height()),
                  QStringLiteral("--screenshot=") + png, QUrl::fromLocalFile(file).toString()}));
    const QImage shot = QImage(png).convertToFormat(QImage::Format_RGB32);
    QCOMPARE(shot.size(), size);
    m_diagram->setStep(-1);
    const QImage reference = m_diagram->toImage(1.0).convertToFormat(QImage::Format_RGB32);
    const auto [badges, matching] = badgePixels(reference, shot);
    QVERIFY(badges > 100);
    QVERIFY2(matching >= badges * 95 / 100,
             qPrintable(QStringLiteral("%1 of %2").arg(matching).arg(badges)));
    qint64 flat = 0;
    const double agreement = flatAgreement(reference, shot, 16, &flat);
    QVERIFY2(agreement >= 0.98, qPrintable(QString::number(agreement)));
}

// A static SVG export opens in Chromium and in Qt's SVG renderer; both render it like the PNG
// export of the same step.
void TestBrowserExport::staticSvgRendersLikeThePng()
{
    for (const QString &step : {QStringLiteral("14"), QStringLiteral("end")}) {
        const QString svg = m_dir.filePath(QStringLiteral("static-%1.svg").arg(step));
        const QString png = m_dir.filePath(QStringLiteral("static-%1.png").arg(step));
        QByteArray err;
        for (const QString &out : {svg, png})
            QVERIFY2(runExport({kProject, QStringLiteral("--pattern"), kPattern,
                                QStringLiteral("--step"), step, QStringLiteral("-o"), out},
                               &err)
                         == 0,
                     err.constData());
        const QImage reference = QImage(png).convertToFormat(QImage::Format_RGB32);
        QVERIFY(!reference.isNull());

        const QImage browser = screenshot(svg, reference.size());
        QVERIFY2(!browser.isNull(), "Chromium did not render the SVG");
        QCOMPARE(browser.size(), reference.size());

        QSvgRenderer renderer(svg);
        QVERIFY(renderer.isValid());
        QImage qt(reference.size(), QImage::Format_RGB32);
        qt.fill(Qt::white);
        {
            QPainter painter(&qt);
            painter.setRenderHint(QPainter::Antialiasing);
            renderer.render(&painter);
        }

        for (const auto &[name, image] : {std::pair {QStringLiteral("Chromium"), browser},
                                          std::pair {QStringLiteral("Qt"), qt}}) {
            qint64 flat = 0;
            const double agreement = flatAgreement(reference, image, 16, &flat);
            QVERIFY(flat > qint64(reference.width()) * reference.height() / 4);
            QVERIFY2(agreement >= 0.98,
                     qPrintable(QStringLiteral("step %1, %2: %3 of the flat pixels agree")
                                    .arg(step, name)
                                    .arg(agreement)));
            const auto [badges, matching] = badgePixels(reference, image);
            QVERIFY2(matching >= badges * 95 / 100,
                     qPrintable(QStringLiteral("step %1, %2: %3 of %4 badge pixels")
                                    .arg(step, name)
                                    .arg(matching)
                                    .arg(badges)));
            // Text lands where the PNG has it: dark pixels of the PNG are dark in the render
            // too, within a pixel.
            int dark = 0;
            int covered = 0;
            for (int y = 1; y + 1 < reference.height(); ++y) {
                for (int x = 1; x + 1 < reference.width(); ++x) {
                    if (qGray(reference.pixel(x, y)) > 80)
                        continue;
                    ++dark;
                    bool found = false;
                    for (int dy = -1; dy <= 1 && !found; ++dy)
                        for (int dx = -1; dx <= 1 && !found; ++dx)
                            found = qGray(image.pixel(x + dx, y + dy)) < 160;
                    covered += found;
                }
            }
            QVERIFY(dark > 1000);
            QVERIFY2(covered >= dark * 9 / 10,
                     qPrintable(QStringLiteral("step %1, %2: %3 of %4 dark pixels")
                                    .arg(step, name)
                                    .arg(covered)
                                    .arg(dark)));
        }
    }
}

QTEST_MAIN(TestBrowserExport)
#include "tst_browser_export.moc"
