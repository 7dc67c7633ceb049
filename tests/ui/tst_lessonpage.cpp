// The lesson page (`keyscope export ... --format html`, issue 30) in a real browser: Debian's
// headless Chromium opens the file from disk, driven through the DevTools protocol by
// tests/support/browserpage.mjs (Node, no npm package), which fails every request other than
// the file itself and reports it. The tests press keys and click as a student would and read
// what the page shows; what it should show comes from the engine (the static export's caption
// of each step, predict mode's Lesson and Score), never from text written here.
//
// Chromium and Node are required: without them every test here fails and says how to install
// them. KEYSCOPE_CHROMIUM overrides the browser's path.

#include "model/teach/lesson.h"
#include "tests/support/chromium.h"
#include "tests/support/testpaths.h"
#include "ui/export/animatedsvg.h"
#include "ui/export/diagramexporter.h"
#include "ui/export/lessonpage.h"

#include <QDir>
#include <QFile>
#include <QFont>
#include <QFontMetricsF>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>
#include <QXmlStreamReader>

using namespace keyscope;

namespace {

const QString kProject
    = keyscope::testsupport::sourcePath("/resources/examples/iot/after.keyscope.json");
const QString kPattern = QStringLiteral("Device and its 10 newest readings");

using keyscope::testsupport::findChromium;

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

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
    Run run;
    if (!process.waitForFinished(120000))
        return run;
    run.err = process.readAllStandardError();
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    return run;
}

QJsonObject key(const QString &name)
{
    return {{QStringLiteral("key"), name}};
}
QJsonObject eval(const QString &expression)
{
    return {{QStringLiteral("eval"), expression}};
}
QJsonObject waitFor(const QString &expression)
{
    return {{QStringLiteral("waitFor"), expression}};
}
QJsonObject click(const QString &selector)
{
    return {{QStringLiteral("click"), selector}};
}
// An eval or waitFor run in the page's iframe.
QJsonObject inFrame(QJsonObject action)
{
    action.insert(QStringLiteral("frame"), true);
    return action;
}

const QString kPosition = QStringLiteral("document.getElementById('position').textContent");
// The narration of the first design (the panel's first paragraph).
const QString kNarration = QStringLiteral("document.querySelector('.narration').textContent");

// The texts of the first diagram that are visible now (result badges, marker captions).
const QString kVisibleTexts = QStringLiteral(
    "[...document.querySelectorAll('svg.diagram text')]"
    ".filter(t => getComputedStyle(t).visibility === 'visible').map(t => t.textContent)");

QStringList sorted(const QJsonArray &array)
{
    QStringList list;
    for (const QJsonValue &v : array)
        list << v.toString();
    list.sort();
    return list;
}

const QString kLanded = QStringLiteral("!document.body.classList.contains('playing')");

// The iframe the manual tells teachers to paste into a course page (resources/manual/teaching.md).
QString manualIframeSnippet()
{
    const QString manual = QString::fromUtf8(
        readAll(keyscope::testsupport::sourcePath("/resources/manual/teaching.md")));
    const qsizetype start = manual.indexOf(QStringLiteral("<iframe"));
    const qsizetype end = manual.indexOf(QStringLiteral("</iframe>"), start);
    if (start < 0 || end < 0)
        return QString();
    return manual.mid(start, end + QStringLiteral("</iframe>").size() - start);
}

QString squashed(QString text)
{
    return text.remove(QRegularExpression(QStringLiteral("\\s")));
}

// The text of a PDF (page: 0 for every page), as pdftotext reads it, without whitespace: a
// line break where the print wrapped a line is no difference.
QString pdfText(const QString &pdf, int page = 0)
{
    QStringList args {QStringLiteral("-raw")};
    if (page > 0)
        args << QStringLiteral("-f") << QString::number(page) << QStringLiteral("-l")
             << QString::number(page);
    QProcess process;
    process.start(QStringLiteral("pdftotext"), args << pdf << QStringLiteral("-"));
    if (!process.waitForFinished(60000) || process.exitCode() != 0)
        return QString();
    return squashed(QString::fromUtf8(process.readAllStandardOutput()));
}

// The lesson data the page embeds.
QJsonObject pageData(const QByteArray &page)
{
    const QByteArray open = "<script type=\"application/json\" id=\"lesson-data\">";
    const qsizetype start = page.indexOf(open) + open.size();
    const qsizetype end = page.indexOf("</script>", start);
    return QJsonDocument::fromJson(page.mid(start, end - start)).object();
}

} // namespace

class TestLessonPage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void keyboardStepsThroughTheNarration();
    void playPausesAndScrubs();
    void reducedMotionJumpsToEachStep();
    void predictScoresRightAndWrongAnswers();
    void compareplaysBothDesignsInStep();
    void makesNoNetworkRequest();
    void carriesItsFonts();
    void identicalInputsGiveIdenticalBytes();
    void everyExampleExports();
    void fitsCommonWindows();
    void playsInTheManualsIframe();
    void printsTheStepShown_data();
    void printsTheStepShown();
    void refusesWhatDoesNotApply();

private:
    QJsonObject drive(const QString &file, const QJsonArray &actions, QSize size = {1280, 800},
                      bool reducedMotion = false,
                      const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment(),
                      const QString &embedded = QString());
    QString exportPage(const QString &name, const QStringList &extra = {});
    QString captionAt(int step, const QString &project = kProject) const;
    QStringList textsAt(int step) const;

    QString m_chromium;
    QString m_node;
    QTemporaryDir m_dir;
    QString m_page;
    QString m_predictPage;
    int m_steps = 0;
};

void TestLessonPage::initTestCase()
{
    m_chromium = findChromium();
    if (m_chromium.isEmpty())
        QFAIL("Chromium is not installed, and these tests need it (they do not skip). Install "
              "Debian's package: `make deps` (or `apt-get install chromium`); set "
              "KEYSCOPE_CHROMIUM to use another Chromium binary.");
    m_node = QStandardPaths::findExecutable(QStringLiteral("node"));
    if (m_node.isEmpty())
        QFAIL("Node.js is not installed, and these tests need it to drive Chromium: `make deps`.");
    QVERIFY(m_dir.isValid());
    m_page = exportPage(QStringLiteral("lesson.html"));
    m_predictPage = exportPage(QStringLiteral("predict.html"), {QStringLiteral("--predict")});
    QVERIFY(!m_page.isEmpty() && !m_predictPage.isEmpty());

    auto created = ui::ExportDiagram::create(kProject, kPattern, std::nullopt);
    QVERIFY(std::holds_alternative<std::unique_ptr<ui::ExportDiagram>>(created));
    m_steps = std::get<std::unique_ptr<ui::ExportDiagram>>(created)->stepCount();
    QVERIFY(m_steps > 10);
}

QString TestLessonPage::exportPage(const QString &name, const QStringList &extra)
{
    const QString out = m_dir.filePath(name);
    const Run run = runExport(QStringList {kProject, QStringLiteral("--pattern"), kPattern} + extra
                              + QStringList {QStringLiteral("-o"), out});
    if (run.exitCode != 0) {
        qWarning("export failed: %s", run.err.constData());
        return QString();
    }
    return out;
}

// The narration the static export draws under the diagram at a step (-1: the end).
QString TestLessonPage::captionAt(int step, const QString &project) const
{
    auto created = ui::ExportDiagram::create(project, kPattern,
                                             step < 0 ? std::nullopt : std::optional<int>(step));
    if (!std::holds_alternative<std::unique_ptr<ui::ExportDiagram>>(created))
        return QStringLiteral("(no diagram)");
    return std::get<std::unique_ptr<ui::ExportDiagram>>(created)->caption();
}

// The texts of the static SVG export of a step (-1: the end) drawn as the lesson page draws
// (no heading, no caption; one legend for every step), sorted.
QStringList TestLessonPage::textsAt(int step) const
{
    auto created = ui::ExportDiagram::load(kProject, kPattern, std::nullopt, std::nullopt,
                                           std::nullopt, ui::lessonLook({}));
    if (!std::holds_alternative<std::unique_ptr<ui::ExportDiagram>>(created))
        return {QStringLiteral("(no diagram)")};
    ui::ExportDiagram &diagram = *std::get<std::unique_ptr<ui::ExportDiagram>>(created);
    ui::fitAllFrames(diagram);
    diagram.setStep(step);
    const QByteArray svg = diagram.toSvg();
    QStringList texts;
    for (qsizetype pos = 0; (pos = svg.indexOf("<text", pos)) >= 0;) {
        const qsizetype open = svg.indexOf('>', pos);
        const qsizetype close = svg.indexOf("</text>", open);
        QXmlStreamReader reader("<t>" + svg.mid(open + 1, close - open - 1) + "</t>");
        reader.readNextStartElement();
        texts << reader.readElementText();
        pos = close;
    }
    texts.sort();
    return texts;
}

// Runs the actions on the page in Chromium; every test also checks that the page asked for
// nothing but itself and threw no error.
// `embedded`: a file the page loads in an iframe, let through as the page itself is.
QJsonObject TestLessonPage::drive(const QString &file, const QJsonArray &actions, QSize size,
                                  bool reducedMotion, const QProcessEnvironment &env,
                                  const QString &embedded)
{
    const QString script = m_dir.filePath(QStringLiteral("actions.json"));
    QFile out(script);
    if (!out.open(QIODevice::WriteOnly) || out.write(QJsonDocument(actions).toJson()) < 0)
        return {};
    out.close();
    QStringList args {keyscope::testsupport::sourcePath("/tests/support/browserpage.mjs"),
                      m_chromium,
                      QUrl::fromLocalFile(file).toString(),
                      script,
                      QStringLiteral("--width"),
                      QString::number(size.width()),
                      QStringLiteral("--height"),
                      QString::number(size.height())};
    if (reducedMotion)
        args << QStringLiteral("--reduced-motion");
    if (!embedded.isEmpty())
        args << QStringLiteral("--also") << QUrl::fromLocalFile(embedded).toString();
    QProcess node;
    node.setProcessEnvironment(env);
    node.start(m_node, args);
    if (!node.waitForFinished(150000)) {
        node.kill();
        node.waitForFinished();
        qWarning("the browser driver timed out");
        return {};
    }
    const QJsonObject result = QJsonDocument::fromJson(node.readAllStandardOutput()).object();
    if (result.contains(QStringLiteral("failure")) || node.exitCode() != 0)
        qWarning() << "driver:" << result.value(QStringLiteral("failure")).toString()
                   << node.readAllStandardError();
    const QJsonArray blocked = result.value(QStringLiteral("blocked")).toArray();
    const QJsonArray errors = result.value(QStringLiteral("errors")).toArray();
    if (!blocked.isEmpty() || !errors.isEmpty()) {
        qWarning() << "requests other than the page:" << blocked << "errors:" << errors;
        return {};
    }
    return result;
}

// Right and Page Down step forward, Left and Page Up back, Home and End jump; the narration of
// the step shown is the static export's caption of that step.
void TestLessonPage::keyboardStepsThroughTheNarration()
{
    const QString landed = QStringLiteral("!document.body.classList.contains('playing')");
    const QJsonArray actions {eval(kPosition),
                              eval(kNarration),
                              key(QStringLiteral("ArrowRight")),
                              waitFor(landed),
                              key(QStringLiteral("ArrowRight")),
                              waitFor(landed),
                              key(QStringLiteral("PageDown")),
                              waitFor(landed),
                              eval(kPosition),
                              eval(kNarration),
                              key(QStringLiteral("ArrowLeft")),
                              eval(kPosition),
                              key(QStringLiteral("PageUp")),
                              eval(kPosition),
                              eval(kNarration),
                              eval(kVisibleTexts),
                              key(QStringLiteral("End")),
                              eval(kPosition),
                              eval(kNarration),
                              eval(kVisibleTexts),
                              key(QStringLiteral("Home")),
                              eval(kPosition)};
    const QJsonObject result = drive(m_page, actions);
    const QJsonArray r = result.value(QStringLiteral("results")).toArray();
    QCOMPARE(r.size(), actions.size());
    QCOMPARE(r[0].toString(), QStringLiteral("Step 1/%1").arg(m_steps));
    QCOMPARE(r[1].toString(), captionAt(0));
    QCOMPARE(r[8].toString(), QStringLiteral("Step 4/%1").arg(m_steps));
    QCOMPARE(r[9].toString(), captionAt(3));
    QCOMPARE(r[11].toString(), QStringLiteral("Step 3/%1").arg(m_steps));
    QCOMPARE(r[13].toString(), QStringLiteral("Step 2/%1").arg(m_steps));
    QCOMPARE(r[14].toString(), captionAt(1));
    QCOMPARE(r[17].toString(), QStringLiteral("End"));
    QCOMPARE(r[18].toString(), captionAt(-1));
    QCOMPARE(r[21].toString(), QStringLiteral("Step 1/%1").arg(m_steps));
    // The picture follows: what it shows is the static export of the same step.
    QCOMPARE(sorted(r[15].toArray()), textsAt(1));
    QCOMPARE(sorted(r[19].toArray()), textsAt(-1));
    QVERIFY(textsAt(1) != textsAt(-1));
}

// Space plays and pauses; the slider scrubs; the speed list changes the pace; a button of the
// narration list jumps to its step.
void TestLessonPage::playPausesAndScrubs()
{
    const QString step = QStringLiteral("Number(document.getElementById('position').textContent"
                                        ".replace(/Step (\\d+).*/, '$1'))");
    const QJsonArray actions {
        key(QStringLiteral(" ")),
        waitFor(step + QStringLiteral(" >= 3")),
        key(QStringLiteral(" ")),
        eval(step),
        {QJsonObject {{QStringLiteral("wait"), 700}}},
        eval(step),
        eval(QStringLiteral("(() => { const s = document.getElementById('scrub'); "
                            "s.value = s.max; s.dispatchEvent(new Event('input')); "
                            "return document.getElementById('position').textContent; })()")),
        eval(QStringLiteral("document.querySelector('.transcript').open = true")),
        click(QStringLiteral(".goto[data-step=\"5\"]")),
        eval(kPosition),
        eval(kNarration)};
    const QJsonArray r = drive(m_page, actions).value(QStringLiteral("results")).toArray();
    QCOMPARE(r.size(), actions.size());
    QVERIFY(r[1].toBool());               // it played
    QCOMPARE(r[5].toInt(), r[3].toInt()); // and stood still once paused
    QCOMPARE(r[6].toString(), QStringLiteral("End"));
    QCOMPARE(r[9].toString(), QStringLiteral("Step 6/%1").arg(m_steps));
    QCOMPARE(r[10].toString(), captionAt(5));
}

// With prefers-reduced-motion a step shows at once, landed: no glide to wait for.
void TestLessonPage::reducedMotionJumpsToEachStep()
{
    const QString time
        = QStringLiteral("document.querySelector('svg.diagram').getAnimations({subtree: true})[0]"
                         ".currentTime");
    const QJsonArray actions {key(QStringLiteral("ArrowRight")), eval(kPosition), eval(time),
                              eval(QStringLiteral("document.body.classList.contains('playing')"))};
    const QJsonObject result = drive(m_page, actions, {1280, 800}, true);
    const QJsonArray r = result.value(QStringLiteral("results")).toArray();
    QCOMPARE(r.size(), actions.size());
    QCOMPARE(r[1].toString(), QStringLiteral("Step 2/%1").arg(m_steps));
    auto created = ui::ExportDiagram::create(kProject, kPattern, std::nullopt);
    const auto &diagram = *std::get<std::unique_ptr<ui::ExportDiagram>>(created);
    const model::TimelineStep &step = diagram.timeline()->step(1);
    QCOMPARE(qint64(r[2].toDouble()), ui::stepLandsAt({1, step.startMs, step.durationMs}) + 1);
    QCOMPARE(r[3].toBool(), false);
}

// Predict mode asks the app's questions (model::makeLesson) before their steps: a right answer
// by its number key, a wrong one by its button, a row question by clicking the row in the
// diagram; each shows the verdict and the question's explanation, and the score at the end is
// model::Score's summary of the same answers.
void TestLessonPage::predictScoresRightAndWrongAnswers()
{
    const QJsonObject data = pageData(readAll(m_predictPage));
    const QJsonArray questions = data.value(QStringLiteral("predict"))
                                     .toObject()
                                     .value(QStringLiteral("lesson"))
                                     .toObject()
                                     .value(QStringLiteral("questions"))
                                     .toArray();
    QVERIFY(questions.size() >= 3);

    // The same lesson, built as the app builds it.
    auto created = ui::ExportDiagram::create(kProject, kPattern, std::nullopt);
    const auto &diagram = *std::get<std::unique_ptr<ui::ExportDiagram>>(created);
    model::LessonOptions options;
    options.limit = diagram.source().request->limit;
    const model::Lesson lesson
        = model::makeLesson(*diagram.timeline(), *diagram.source().table, options);
    QCOMPARE(qsizetype(lesson.questions.size()), questions.size());
    for (qsizetype i = 0; i < questions.size(); ++i) {
        const QJsonObject q = questions[i].toObject();
        QCOMPARE(q.value(QStringLiteral("prompt")).toString(), lesson.questions[size_t(i)].prompt);
        QCOMPARE(q.value(QStringLiteral("explanation")).toString(),
                 lesson.questions[size_t(i)].explanation);
    }

    // Question 1 right (its number key), question 2 wrong (its button), then the first question
    // whose choices are rows: answered by clicking the right row in the diagram.
    const model::Question &first = lesson.questions[0];
    const model::Question &second = lesson.questions[1];
    const auto indexOf = [](const model::Question &q, const QString &id) {
        for (size_t c = 0; c < q.choices.size(); ++c) {
            if (q.choices[c].id == id)
                return int(c);
        }
        return -1;
    };
    const int right = indexOf(first, first.answer);
    int wrong = -1;
    for (size_t c = 0; c < second.choices.size() && wrong < 0; ++c) {
        if (second.choices[c].id != second.answer)
            wrong = int(c);
    }
    QVERIFY(right >= 0 && wrong >= 0);
    int rowQuestion = -1;
    for (size_t i = 2; i < lesson.questions.size() && rowQuestion < 0; ++i) {
        const model::Question &q = lesson.questions[i];
        if (const model::Choice *c = q.choice(q.answer); c && c->row)
            rowQuestion = int(i);
    }
    QVERIFY(rowQuestion >= 2);
    const model::Question &third = lesson.questions[size_t(rowQuestion)];

    const QString prompt
        = QStringLiteral("document.querySelector('#question .prompt').textContent");
    const QString verdict
        = QStringLiteral("document.querySelector('#question .verdict').textContent + '|' + "
                         "document.querySelector('#question .explanation').textContent + '|' + "
                         "document.getElementById('score').textContent");
    // Skips what lies between: answers every question before the row question with choice 1.
    QJsonArray actions {
        eval(prompt),
        key(QString::number(right + 1)),
        eval(verdict),
        key(QStringLiteral("ArrowRight")),
        eval(prompt),
        click(QStringLiteral(".question .choices li:nth-child(%1) button").arg(wrong + 1)),
        eval(verdict),
        key(QStringLiteral("ArrowRight"))};
    model::Score score;
    score.record(lesson, 0, first.answer);
    score.record(lesson, 1, second.choices[size_t(wrong)].id);
    for (int i = 2; i < rowQuestion; ++i) {
        actions << waitFor(QStringLiteral("!document.getElementById('question').hidden"))
                << key(QStringLiteral("1")) << key(QStringLiteral("ArrowRight"));
        score.record(lesson, i, lesson.questions[size_t(i)].choices[0].id);
    }
    // Asked before its step: the picture shows the step before, landed (not the answer yet).
    actions << waitFor(QStringLiteral("!document.getElementById('question').hidden"))
            << eval(kVisibleTexts
                    + QStringLiteral(".concat([String(document.querySelector("
                                     "'svg.diagram').getAnimations({subtree: true})"
                                     "[0].currentTime)])"))
            << eval(prompt)
            << click(QStringLiteral(".overlay .choice-row[data-choice=\"%1\"]").arg(third.answer))
            << eval(verdict) << key(QStringLiteral("End"))
            << eval(QStringLiteral("document.getElementById('score').textContent"));
    score.record(lesson, rowQuestion, third.answer);

    const QJsonArray r = drive(m_predictPage, actions).value(QStringLiteral("results")).toArray();
    QCOMPARE(r.size(), actions.size());
    QCOMPARE(r[0].toString(), first.prompt);
    QCOMPARE(r[2].toString(),
             QStringLiteral("Right.|%1|Score: 1 of 1 right").arg(first.explanation));
    QCOMPARE(r[4].toString(), second.prompt);
    QVERIFY(r[5].toBool());
    const QString shownWrong = r[6].toString();
    QVERIFY2(shownWrong.startsWith(QStringLiteral("Not quite: ")), qPrintable(shownWrong));
    QVERIFY2(shownWrong.endsWith(QStringLiteral("|%1|Score: 1 of 2 right").arg(second.explanation)),
             qPrintable(shownWrong));
    const qsizetype n = r.size();
    QVERIFY(third.step >= 1);
    QJsonArray held = r[n - 6].toArray();
    const double heldAt = held.last().toString().toDouble();
    held.removeLast();
    QCOMPARE(sorted(held), textsAt(third.step - 1));
    QVERIFY2(heldAt < double(diagram.timeline()->step(third.step).startMs),
             qPrintable(QString::number(heldAt)));
    QCOMPARE(r[n - 5].toString(), third.prompt);
    QVERIFY2(r[n - 4].toBool(), "no clickable row for the answer");
    QVERIFY2(r[n - 3].toString().startsWith(QStringLiteral("Right.|") + third.explanation),
             qPrintable(r[n - 3].toString()));
    QCOMPARE(r[n - 1].toString(), score.summary());
}

// --compare: the before and after designs play in step, each with its own narration.
void TestLessonPage::compareplaysBothDesignsInStep()
{
    const QString page = m_dir.filePath(QStringLiteral("compare.html"));
    const Run run = runExport({QStringLiteral("--example"), QStringLiteral("iot"),
                               QStringLiteral("--compare"), QStringLiteral("--pattern"), kPattern,
                               QStringLiteral("-o"), page});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QString narrations
        = QStringLiteral("[...document.querySelectorAll('.narration')].map(p => p.textContent)");
    const QJsonArray actions {eval(narrations), key(QStringLiteral("End")), eval(narrations),
                              eval(QStringLiteral("document.querySelectorAll('svg.diagram')"
                                                  ".length"))};
    const QJsonArray r = drive(page, actions).value(QStringLiteral("results")).toArray();
    QCOMPARE(r.size(), actions.size());
    const QString before
        = keyscope::testsupport::sourcePath("/resources/examples/iot/before.keyscope.json");
    const QJsonArray start = r[0].toArray();
    const QJsonArray end = r[2].toArray();
    QCOMPARE(start.size(), 2);
    QCOMPARE(start[0].toString(), QStringLiteral("Before: ") + captionAt(0, before));
    QCOMPARE(start[1].toString(), QStringLiteral("After: ") + captionAt(0));
    QCOMPARE(end[0].toString(), QStringLiteral("Before: ") + captionAt(-1, before));
    QCOMPARE(end[1].toString(), QStringLiteral("After: ") + captionAt(-1));
    QCOMPARE(r[3].toInt(), 2);
}

// Every request the page makes, through a whole play, is the file itself (the driver fails
// any other and drive() reports it); nothing in the file points elsewhere.
void TestLessonPage::makesNoNetworkRequest()
{
    for (const QString &page : {m_page, m_predictPage}) {
        const QJsonObject result
            = drive(page,
                    {key(QStringLiteral("End")), key(QStringLiteral("Home")),
                     eval(QStringLiteral("document.querySelectorAll('details').forEach("
                                         "d => d.open = true)")),
                     key(QStringLiteral(" ")), QJsonObject {{QStringLiteral("wait"), 1000}}});
        QVERIFY2(!result.isEmpty(), "the page asked for something besides itself");
        const QJsonArray requests = result.value(QStringLiteral("requests")).toArray();
        QVERIFY(!requests.isEmpty());
        for (const QJsonValue &request : requests)
            QCOMPARE(request.toString(), QUrl::fromLocalFile(page).toString());
        const QByteArray bytes = readAll(page);
        for (const QByteArray &outside :
             {QByteArrayLiteral("src="), QByteArrayLiteral("@import"), QByteArrayLiteral("https:")})
            QVERIFY2(!bytes.contains(outside), outside.constData());
        // The only url( are the four fonts, inside the page as data: URLs.
        QCOMPARE(bytes.count("url("), 4);
        QCOMPARE(bytes.count("url(data:font/ttf;base64,"), 4);
    }
}

// A fontconfig setup that hides DejaVu from Chromium, leaving the machine's other fonts (whose
// wider metrics would make labels run into each other) as its fallback.
static QProcessEnvironment withoutDejaVu(const QString &dir)
{
    const QString conf = dir + QStringLiteral("/fonts.conf");
    QFile file(conf);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write("<?xml version=\"1.0\"?>\n<!DOCTYPE fontconfig SYSTEM \"fonts.dtd\">\n<fontconfig>\n"
               "<include ignore_missing=\"yes\">/etc/fonts/fonts.conf</include>\n"
               "<selectfont><rejectfont><glob>*/DejaVu*</glob></rejectfont></selectfont>\n"
               "</fontconfig>\n");
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("FONTCONFIG_FILE"), conf);
    return env;
}

// The width of `text` in DejaVu as the renderer lays it out (the font file, unhinted).
static qreal dejaVuWidth(const QString &family, bool bold, int pixelSize, const QString &text)
{
    QFont font(family);
    font.setPixelSize(pixelSize);
    font.setBold(bold);
    font.setHintingPreference(QFont::PreferNoHinting);
    return QFontMetricsF(font).horizontalAdvance(text);
}

// The width of `text` in `font` (CSS shorthand) as the page's canvas measures it.
static QJsonObject measureText(const QString &font, const QString &text)
{
    const QString quoted
        = QString::fromUtf8(QJsonDocument(QJsonArray {text}).toJson(QJsonDocument::Compact))
              .mid(1)
              .chopped(1);
    return eval(QStringLiteral("(() => { const c = document.createElement('canvas')"
                               ".getContext('2d'); c.font = '%1'; return c.measureText(%2).width; "
                               "})()")
                    .arg(font, quoted));
}

// The page brings DejaVu Sans and DejaVu Sans Mono, regular and bold, in itself: on a machine
// without DejaVu, Chromium loads all four from the page (asking for nothing else) and the
// diagram's labels measure as the renderer laid them out.
void TestLessonPage::carriesItsFonts()
{
    QTemporaryDir fonts;
    QVERIFY(fonts.isValid());
    // What the diagrams draw; DejaVu Sans Mono has no ⋮ (U+22EE).
    const QString mono = QStringLiteral("Device#0042 · READING#2026-01-05 → … ↑ ↓ Ø é");
    const QString sans = mono + QStringLiteral(" ⋮ #1–#9");
    const QString loaded = QStringLiteral(
        "Promise.all(['400','700'].flatMap(w => ['DejaVu Sans', 'DejaVu Sans Mono']"
        ".map(f => document.fonts.load(`${w} 12px \"${f}\"`)))).then(() => [...document.fonts]"
        ".filter(f => f.status === 'loaded').map(f => f.family.replaceAll('\"', '') + ' ' + "
        "f.weight).sort())");
    const QJsonObject result
        = drive(m_page,
                {eval(loaded), eval(QStringLiteral("document.fonts.check('12px \"DejaVu Sans\"')")),
                 measureText(QStringLiteral("400 40px \"DejaVu Sans\""), sans),
                 measureText(QStringLiteral("700 40px \"DejaVu Sans Mono\""), mono)},
                {1280, 800}, false, withoutDejaVu(fonts.path()));
    QVERIFY2(!result.isEmpty(), "the page asked for something besides itself");
    const QJsonArray r = result.value(QStringLiteral("results")).toArray();
    QCOMPARE(sorted(r[0].toArray()),
             QStringList({QStringLiteral("DejaVu Sans 400"), QStringLiteral("DejaVu Sans 700"),
                          QStringLiteral("DejaVu Sans Mono 400"),
                          QStringLiteral("DejaVu Sans Mono 700")}));
    QVERIFY(r[1].toBool());
    const qreal sansWidth = dejaVuWidth(QStringLiteral("DejaVu Sans"), false, 40, sans);
    const qreal monoWidth = dejaVuWidth(QStringLiteral("DejaVu Sans Mono"), true, 40, mono);
    QVERIFY2(qAbs(r[2].toDouble() - sansWidth) < 1.0,
             qPrintable(QStringLiteral("%1 != %2").arg(r[2].toDouble()).arg(sansWidth)));
    QVERIFY2(qAbs(r[3].toDouble() - monoWidth) < 1.0,
             qPrintable(QStringLiteral("%1 != %2").arg(r[3].toDouble()).arg(monoWidth)));
}

void TestLessonPage::identicalInputsGiveIdenticalBytes()
{
    for (const QStringList &extra :
         {QStringList {}, QStringList {QStringLiteral("--predict")},
          QStringList {QStringLiteral("--theme"), QStringLiteral("dark")}}) {
        const QString a = exportPage(QStringLiteral("a.html"), extra);
        const QString b = exportPage(QStringLiteral("b.html"), extra);
        QVERIFY(!a.isEmpty() && !b.isEmpty());
        QCOMPARE(readAll(a), readAll(b));
    }
}

// Each built-in example's patterns export as a lesson page, with predict mode; those with a
// before design also as a before/after page.
void TestLessonPage::everyExampleExports()
{
    QFile index(keyscope::testsupport::sourcePath("/resources/examples/index.json"));
    QVERIFY(index.open(QIODevice::ReadOnly));
    const QJsonArray examples = QJsonDocument::fromJson(index.readAll()).array();
    QVERIFY(examples.size() >= 10);
    for (const QJsonValue &value : examples) {
        const QJsonObject example = value.toObject();
        const QString id = example.value(QStringLiteral("id")).toString();
        QFile project(keyscope::testsupport::sourcePath("/resources/examples/")
                      + example.value(QStringLiteral("after")).toString());
        QVERIFY(project.open(QIODevice::ReadOnly));
        const QJsonArray patterns = QJsonDocument::fromJson(project.readAll())
                                        .object()
                                        .value(QStringLiteral("accessPatterns"))
                                        .toArray();
        QVERIFY(!patterns.isEmpty());
        for (const QJsonValue &p : patterns) {
            const QString pattern = p.toObject().value(QStringLiteral("name")).toString();
            QStringList args {
                QStringLiteral("--example"), id,
                QStringLiteral("--pattern"), pattern,
                QStringLiteral("-o"),        m_dir.filePath(id + QStringLiteral(".html"))};
            const QString what = id + QStringLiteral(" / ") + pattern;
            Run run = runExport(args + QStringList {QStringLiteral("--predict")});
            QVERIFY2(run.exitCode == 0, qPrintable(what + QStringLiteral(": ") + run.err));
            const QJsonObject data
                = pageData(readAll(m_dir.filePath(id + QStringLiteral(".html"))));
            QVERIFY2(data.value(QStringLiteral("designs")).toArray().size() == 1, qPrintable(what));
            if (example.contains(QStringLiteral("before"))) {
                run = runExport(args + QStringList {QStringLiteral("--compare")});
                QVERIFY2(run.exitCode == 0, qPrintable(what + QStringLiteral(": ") + run.err));
            }
        }
    }
}

// At 1280x800 and 1024x700 nothing runs off the side, the player does not cover the diagram,
// and the transport's controls do not overlap one another.
void TestLessonPage::fitsCommonWindows()
{
    const QString checks = QStringLiteral(R"((() => {
const box = (e) => e.getBoundingClientRect();
const overlap = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5
    && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
const controls = [...document.querySelectorAll('.transport > *')].map(box);
let clash = 0;
controls.forEach((a, i) => controls.slice(i + 1).forEach((b) => { clash += overlap(a, b); }));
const panel = box(document.querySelector('.panel'));
const picture = box(document.querySelector('svg.diagram'));
return {wide: document.documentElement.scrollWidth <= innerWidth, clash,
        covered: overlap(panel, picture), pictureWidth: picture.width};
})())");
    for (const QSize size : {QSize(1280, 800), QSize(1024, 700)}) {
        const QString shot = m_dir.filePath(QStringLiteral("shot-%1.png").arg(size.width()));
        const QJsonArray actions {eval(checks), key(QStringLiteral("End")),
                                  QJsonObject {{QStringLiteral("screenshot"), shot}}};
        const QJsonArray r
            = drive(m_predictPage, actions, size).value(QStringLiteral("results")).toArray();
        QCOMPARE(r.size(), actions.size());
        const QJsonObject c = r[0].toObject();
        QVERIFY2(c.value(QStringLiteral("wide")).toBool(),
                 qPrintable(QString::number(size.width())));
        QCOMPARE(c.value(QStringLiteral("clash")).toInt(), 0);
        QCOMPARE(c.value(QStringLiteral("covered")).toBool(), false);
        QVERIFY(c.value(QStringLiteral("pictureWidth")).toDouble() > 600);
        QVERIFY(QFileInfo(shot).size() > 10000);
    }
}

// A course page next to the lesson holds the manual's iframe snippet as it stands: a click into
// the frame gives it the keys, which step the lesson and its narration without scrolling the
// course page; the frame asks for nothing but the lesson file; the lesson fits the frame's width
// (no sideways scrolling) on a wide screen and in a course site's narrower column.
void TestLessonPage::playsInTheManualsIframe()
{
    const QString snippet = manualIframeSnippet();
    QVERIFY2(snippet.contains(QStringLiteral("src=\"%1\"").arg(QFileInfo(m_page).fileName())),
             qPrintable(snippet));
    const QString host = m_dir.filePath(QStringLiteral("course.html"));
    QFile file(host);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
               "<title>Week 3</title></head><body>\n<h1>Week 3: sort keys</h1>\n"
               + snippet.toUtf8() + "\n<p>Questions? Ask in the forum.</p>\n</body></html>\n");
    file.close();
    const QString fits = QStringLiteral("document.documentElement.scrollWidth <= innerWidth");
    const QString scrolled = QStringLiteral("scrollY");
    const QJsonArray actions {click(QStringLiteral("iframe")),
                              eval(QStringLiteral("document.activeElement.tagName")),
                              inFrame(eval(kPosition)),
                              eval(scrolled),
                              key(QStringLiteral("ArrowRight")),
                              inFrame(waitFor(kLanded)),
                              key(QStringLiteral("PageDown")),
                              inFrame(waitFor(kLanded)),
                              inFrame(eval(kPosition)),
                              inFrame(eval(kNarration)),
                              inFrame(eval(fits)),
                              eval(scrolled)};
    for (const QSize size : {QSize(1280, 800), QSize(800, 800)}) {
        const QJsonObject result
            = drive(host, actions, size, false, QProcessEnvironment::systemEnvironment(), m_page);
        QVERIFY2(!result.isEmpty(), "the course page asked for something besides the lesson");
        const QJsonArray r = result.value(QStringLiteral("results")).toArray();
        QCOMPARE(r.size(), actions.size());
        QCOMPARE(r[1].toString(), QStringLiteral("IFRAME"));
        QCOMPARE(r[2].toString(), QStringLiteral("Step 1/%1").arg(m_steps));
        QCOMPARE(r[8].toString(), QStringLiteral("Step 3/%1").arg(m_steps));
        QCOMPARE(r[9].toString(), captionAt(2));
        QVERIFY2(r[10].toBool(), qPrintable(QString::number(size.width())));
        QCOMPARE(r[11].toDouble(), r[3].toDouble()); // the keys did not scroll the course page
        const QStringList allowed {QUrl::fromLocalFile(host).toString(),
                                   QUrl::fromLocalFile(m_page).toString()};
        const QJsonArray requests = result.value(QStringLiteral("requests")).toArray();
        QVERIFY(requests.contains(allowed[1]));
        for (const QJsonValue &request : requests)
            QVERIFY2(allowed.contains(request.toString()), qPrintable(request.toString()));
    }
}

// Printed (Chromium's print to PDF, its default margins, no backgrounds) on A4 and on Letter,
// the first page holds the title, the narration of the step showing and that step's diagram,
// whole: every text of it is on the page, none cut off at the right edge. The player's
// controls and key help are not printed.
void TestLessonPage::printsTheStepShown_data()
{
    QTest::addColumn<double>("width");
    QTest::addColumn<double>("height");
    QTest::newRow("A4") << 8.27 << 11.69;
    QTest::newRow("Letter") << 8.5 << 11.0;
}

void TestLessonPage::printsTheStepShown()
{
    QFETCH(double, width);
    QFETCH(double, height);
    const QString pdf
        = m_dir.filePath(QStringLiteral("printed-%1.pdf").arg(QTest::currentDataTag()));
    const QJsonArray actions {
        key(QStringLiteral("ArrowRight")),
        waitFor(kLanded),
        key(QStringLiteral("ArrowRight")),
        waitFor(kLanded),
        eval(kPosition),
        eval(QStringLiteral("[document.getElementById('speed').selectedOptions[0].text, "
                            "document.querySelector('.keys').textContent]")),
        QJsonObject {{QStringLiteral("pdf"), pdf},
                     {QStringLiteral("paper"), QJsonArray {width, height}}}};
    const QJsonArray r = drive(m_page, actions).value(QStringLiteral("results")).toArray();
    QCOMPARE(r.size(), actions.size());
    QCOMPARE(r[4].toString(), QStringLiteral("Step 3/%1").arg(m_steps));
    const QString all = pdfText(pdf);
    QVERIFY2(!all.isEmpty(), "pdftotext (poppler-utils, `make deps`) read nothing from the PDF");
    const QString first = pdfText(pdf, 1);
    auto created = ui::ExportDiagram::create(kProject, kPattern, std::nullopt);
    QVERIFY(std::holds_alternative<std::unique_ptr<ui::ExportDiagram>>(created));
    const QString title = std::get<std::unique_ptr<ui::ExportDiagram>>(created)->titleLine();
    QVERIFY2(first.contains(squashed(title)), qPrintable(first));
    QVERIFY2(first.contains(squashed(captionAt(2))), qPrintable(first));
    for (const QString &text : textsAt(2))
        QVERIFY2(first.contains(squashed(text)), qPrintable(text));
    QVERIFY(!all.contains(squashed(r[4].toString())));
    for (const QJsonValue &control : r[5].toArray())
        QVERIFY2(!all.contains(squashed(control.toString())), qPrintable(control.toString()));
}

void TestLessonPage::refusesWhatDoesNotApply()
{
    const QString out = m_dir.filePath(QStringLiteral("refused.html"));
    const QStringList base {kProject, QStringLiteral("--pattern"), kPattern, QStringLiteral("-o")};
    const struct
    {
        QStringList args;
        QString message;
    } cases[] = {
        {base + QStringList {m_dir.filePath(QStringLiteral("x.svg")), QStringLiteral("--predict")},
         QStringLiteral("--predict belongs to a lesson page: add --format html")},
        {base + QStringList {out, QStringLiteral("--step"), QStringLiteral("3")},
         QStringLiteral("--step does not apply to a lesson page: it plays every step")},
        {base
             + QStringList {out, QStringLiteral("--predict"), QStringLiteral("--compare"),
                            kProject},
         QStringLiteral("--predict asks about one design: give --compare or --predict, not both")},
    };
    for (const auto &c : cases) {
        const Run run = runExport(c.args);
        QCOMPARE(run.exitCode, 252);
        QVERIFY2(run.err.contains(c.message.toUtf8()), run.err.constData());
        QVERIFY(!QFileInfo::exists(out));
    }
}

QTEST_MAIN(TestLessonPage)
#include "tst_lessonpage.moc"
