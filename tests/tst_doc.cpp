// `keyscope doc` (issue 29 §2): the design document as Markdown with one SVG per access pattern
// beside it, or as one self-contained HTML page; the same design gives the same bytes.
#include "tests/support/rendermarkdown.h"
#include "tests/support/runkeyscope.h"
#include "tests/support/testpaths.h"

#include <QDir>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using keyscope::testsupport::runKeyscope;

namespace {

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QString example(const char *relative)
{
    return keyscope::testsupport::sourcePath("/resources/examples/") + QLatin1String(relative);
}

} // namespace

class TestDoc : public QObject
{
    Q_OBJECT

private slots:
    void markdownLinksADiagramPerPattern();
    void sameDesignSameBytes();
    void htmlIsOnePageThatFetchesNothing();
    void failingPatternsShowWhyAndTheFix();
    void assistantsOtherOperationsAreListed();
    void everyExampleMakesADocument_data();
    void everyExampleMakesADocument();
    void diagramsOfAnEarlierLongerRunGo();
    void neverWritesOverItsInput();
    void theManualsExampleIsCurrent();
};

void TestDoc::markdownLinksADiagramPerPattern()
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("review/design.md"));
    const auto r = runKeyscope({QStringLiteral("doc"), QStringLiteral("--example"),
                                QStringLiteral("iot"), QStringLiteral("-o"), out});
    QCOMPARE(r.exitCode, 0);
    const QByteArray markdown = readAll(out);
    QVERIFY(markdown.startsWith("# IoT devices and readings (after)\n"));
    QVERIFY2(keyscope::testsupport::markedInstalled(), "marked is not installed: run `make deps`");
    const QString html = keyscope::testsupport::renderMarkdown(markdown);
    // Key templates and attributes of two types, the pattern matrix, the cost: six tables.
    QCOMPARE(html.count(QStringLiteral("<table>")), 6);
    QVERIFY(html.contains(QStringLiteral("<code>#READING#{Ts|iso8601}</code>")));
    QVERIFY(html.contains(QStringLiteral("<td>Device and its 10 newest readings</td>")));
    QVERIFY(html.contains(QStringLiteral("<strong>pass</strong>")));
    const QRegularExpression image(QStringLiteral("<img src=\"([^\"]+)\""));
    QStringList images;
    for (auto it = image.globalMatch(html); it.hasNext();)
        images << it.next().captured(1);
    QCOMPARE(images,
             QStringList({QStringLiteral("design.assets/pattern-1.svg"),
                          QStringLiteral("design.assets/pattern-2.svg")}));
    for (const QString &src : images) {
        const QByteArray svg = readAll(dir.filePath(QStringLiteral("review/") + src));
        QVERIFY2(svg.contains("<svg"), qPrintable(src));
        QVERIFY(svg.contains("DEVICE#d-")); // the collection's keys are drawn as text
    }
}

void TestDoc::sameDesignSameBytes()
{
    QTemporaryDir dir;
    for (const char *name : {"a", "b"}) {
        const QString out = dir.filePath(QLatin1String(name) + QStringLiteral("/design.md"));
        QCOMPARE(runKeyscope({QStringLiteral("doc"), example("saas/after.keyscope.json"),
                              QStringLiteral("-o"), out})
                     .exitCode,
                 0);
    }
    QCOMPARE(readAll(dir.filePath(QStringLiteral("a/design.md"))),
             readAll(dir.filePath(QStringLiteral("b/design.md"))));
    const QStringList svgs = QDir(dir.filePath(QStringLiteral("a/design.assets")))
                                 .entryList({QStringLiteral("*.svg")});
    QVERIFY(svgs.size() >= 2);
    for (const QString &svg : svgs)
        QCOMPARE(readAll(dir.filePath(QStringLiteral("a/design.assets/") + svg)),
                 readAll(dir.filePath(QStringLiteral("b/design.assets/") + svg)));
}

void TestDoc::htmlIsOnePageThatFetchesNothing()
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("design.html"));
    const auto r = runKeyscope(
        {QStringLiteral("doc"), example("iot/after.keyscope.json"), QStringLiteral("-o"), out});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot),
             QStringList {QStringLiteral("design.html")});
    const QString html = QString::fromUtf8(readAll(out));
    QVERIFY(html.startsWith(QStringLiteral("<!DOCTYPE html>")));
    QCOMPARE(html.count(QStringLiteral("<svg")), 2);
    QCOMPARE(html.count(QStringLiteral("<table>")), 6);
    for (const char *fetch : {"<script", "<link", "<img", "@import", "url(", "src=\"http"})
        QVERIFY2(!html.contains(QLatin1String(fetch)), fetch);
    QVERIFY(html.contains(QStringLiteral("@media print")));
}

void TestDoc::failingPatternsShowWhyAndTheFix()
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("before.md"));
    QCOMPARE(runKeyscope({QStringLiteral("doc"), example("iot/before.keyscope.json"),
                          QStringLiteral("-o"), out})
                 .exitCode,
             0);
    const QString markdown = QString::fromUtf8(readAll(out));
    QVERIFY(markdown.contains(QStringLiteral("| **FAIL** |")));
    QVERIFY(markdown.contains(QStringLiteral("**Fails.**")));
    QVERIFY2(markdown.contains(QStringLiteral("Fix: ")), qPrintable(markdown));
    QVERIFY(QFileInfo::exists(dir.filePath(QStringLiteral("before.assets/pattern-1.svg"))));
}

// A design converted from the AWS modeling assistant's schema keeps its GetItem, PutItem and
// Scan patterns: the document lists them with their keys, what is wrong with one, and what the
// Scan reads.
void TestDoc::assistantsOtherOperationsAreListed()
{
    QTemporaryDir dir;
    const QString project = dir.filePath(QStringLiteral("shop.keyscope.json"));
    QCOMPARE(runKeyscope({QStringLiteral("convert"),
                          keyscope::testsupport::testDataPath("/mcp/keyscope_features_schema.json"),
                          QStringLiteral("-o"), project})
                 .exitCode,
             0);
    const QString out = dir.filePath(QStringLiteral("shop.md"));
    QCOMPARE(runKeyscope({QStringLiteral("doc"), project, QStringLiteral("-o"), out}).exitCode, 0);
    const QString markdown = QString::fromUtf8(readAll(out));
    QVERIFY2(markdown.contains(QStringLiteral("## Other operations\n")), qPrintable(markdown));
    // (Markdown escapes the underscores.)
    QVERIFY2(markdown.contains(QStringLiteral("| GetItem | get\\_customer | Customer | key pk = "
                                              "TENANT#{tenant\\_id}, sk = "
                                              "CUSTOMER#{customer\\_id} |  |")),
             qPrintable(markdown));
    QVERIFY2(markdown.contains(QStringLiteral("| its parameters (tenant\\_id) do not give "
                                              "customer\\_id, which the key needs |")),
             qPrintable(markdown));
    QVERIFY2(markdown.contains(QStringLiteral("| Scan | export\\_everything | Customer | reads "
                                              "every item of table Shop | here its 40 items")),
             qPrintable(markdown));
}

void TestDoc::everyExampleMakesADocument_data()
{
    QTest::addColumn<QString>("file");
    const QDir examples(keyscope::testsupport::sourcePath("/resources/examples"));
    for (const QString &folder : examples.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        for (const QString &name :
             QDir(examples.filePath(folder)).entryList({QStringLiteral("after.keyscope.json")}))
            QTest::newRow(qPrintable(folder))
                << examples.filePath(folder + QLatin1Char('/') + name);
    }
}

void TestDoc::everyExampleMakesADocument()
{
    QFETCH(QString, file);
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("doc.md"));
    const auto r = runKeyscope({QStringLiteral("doc"), file, QStringLiteral("-o"), out});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QString markdown = QString::fromUtf8(readAll(out));
    QVERIFY(markdown.contains(QStringLiteral("## Access patterns")));
    QVERIFY(markdown.contains(QStringLiteral("## Checks")));
    QVERIFY(QFileInfo::exists(dir.filePath(QStringLiteral("doc.assets/pattern-1.svg"))));
}

void TestDoc::diagramsOfAnEarlierLongerRunGo()
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("design.md"));
    QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("design.assets"))));
    QFile stale(dir.filePath(QStringLiteral("design.assets/pattern-3.svg")));
    QVERIFY(stale.open(QIODevice::WriteOnly));
    stale.write("<svg/>");
    stale.close();
    QCOMPARE(runKeyscope({QStringLiteral("doc"), example("iot/after.keyscope.json"),
                          QStringLiteral("-o"), out})
                 .exitCode,
             0);
    QVERIFY(!stale.exists());
    QVERIFY(QFileInfo::exists(dir.filePath(QStringLiteral("design.assets/pattern-2.svg"))));
}

void TestDoc::neverWritesOverItsInput()
{
    QTemporaryDir dir;
    const QString input = dir.filePath(QStringLiteral("design.keyscope.json"));
    QVERIFY(QFile::copy(example("iot/after.keyscope.json"), input));
    const QByteArray before = readAll(input);
    const auto r = runKeyscope({QStringLiteral("doc"), input, QStringLiteral("-o"), input,
                                QStringLiteral("--format"), QStringLiteral("md")});
    QCOMPARE(r.exitCode, 255);
    QVERIFY2(r.err.contains(QStringLiteral("writing it would replace the input")),
             qPrintable(r.err));
    QCOMPARE(readAll(input), before);
    const auto bad = runKeyscope({QStringLiteral("doc"), input, QStringLiteral("-o"),
                                  dir.filePath(QStringLiteral("x.md")), QStringLiteral("--format"),
                                  QStringLiteral("pdf")});
    QCOMPARE(bad.exitCode, 252);
    QVERIFY(bad.err.contains(QStringLiteral("invalid choice: 'pdf'")));
}

// The README shows the IoT example's document from resources/manual/examples: it must be what
// `keyscope doc --example iot` writes today, diagrams included, or it shows a stale design.
void TestDoc::theManualsExampleIsCurrent()
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("iot-design.md"));
    QCOMPARE(runKeyscope({QStringLiteral("doc"), QStringLiteral("--example"), QStringLiteral("iot"),
                          QStringLiteral("-o"), out})
                 .exitCode,
             0);
    const QString committed
        = keyscope::testsupport::sourcePath("/resources/manual/examples/iot-design");
    const char *regenerate = "stale: run `keyscope doc --example iot -o "
                             "resources/manual/examples/iot-design.md`";
    QVERIFY2(readAll(committed + QStringLiteral(".md")) == readAll(out), regenerate);
    for (const char *svg : {"/pattern-1.svg", "/pattern-2.svg"})
        QVERIFY2(
            readAll(committed + QStringLiteral(".assets") + QLatin1String(svg))
                == readAll(dir.filePath(QStringLiteral("iot-design.assets")) + QLatin1String(svg)),
            regenerate);
    // The excerpt in the README is the document's own matrix.
    const QString readme
        = QString::fromUtf8(readAll(keyscope::testsupport::sourcePath("/README.md")));
    const QString markdown = QString::fromUtf8(readAll(out));
    const qsizetype row = markdown.indexOf(QStringLiteral("| 1 | Device and its 10 newest"));
    QVERIFY(row > 0);
    QVERIFY(readme.contains(markdown.mid(row, markdown.indexOf(QLatin1Char('\n'), row) - row)));
}

QTEST_GUILESS_MAIN(TestDoc)
#include "tst_doc.moc"
