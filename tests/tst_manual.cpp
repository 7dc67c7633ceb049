// The README and the manual under resources/manual (the pages Help > User Guide shows): the
// README stays a front page, every link in either resolves to a file of the checkout and, with
// a fragment, to a heading of that file, and every manual page can be reached from its contents.

#include "model/doc/markdowntext.h"
#include "support/testpaths.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>
#include <QUrl>
#include <QtTest>

using keyscope::model::doc::markdownHeadingAnchors;
using keyscope::testsupport::sourcePath;

namespace {

QString readText(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

struct Link
{
    QString target;
    int line = 0;
};

// Every inline link and image target outside code fences and code spans.
QList<Link> linksOf(const QString &markdown)
{
    static const QRegularExpression codeSpan(QStringLiteral("`+[^`]*`+"));
    static const QRegularExpression target(
        QStringLiteral("\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)"));
    QList<Link> links;
    bool fenced = false;
    const QStringList lines = markdown.split(QLatin1Char('\n'));
    for (int i = 0; i < lines.size(); ++i) {
        if (lines[i].trimmed().startsWith(QStringLiteral("```"))) {
            fenced = !fenced;
            continue;
        }
        if (fenced)
            continue;
        QString text = lines[i];
        text.remove(codeSpan);
        for (auto it = target.globalMatch(text); it.hasNext();)
            links.append({it.next().captured(1), i + 1});
    }
    return links;
}

QStringList manualPages()
{
    QStringList pages;
    QDirIterator it(sourcePath("/resources/manual"), {QStringLiteral("*.md")}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        pages << QFileInfo(it.next()).canonicalFilePath();
    pages.sort();
    return pages;
}

// What is wrong with one link of `page`, or nothing.
QString brokenLink(const QString &page, const Link &link)
{
    const QUrl url(link.target);
    const QString where
        = page + QLatin1Char(':') + QString::number(link.line) + QStringLiteral(": ");
    if (!url.scheme().isEmpty()) {
        const bool web
            = url.scheme() == QLatin1String("https") || url.scheme() == QLatin1String("http");
        return web && url.isValid() && !url.host().isEmpty()
            ? QString()
            : where + link.target + QStringLiteral(" is not a web address");
    }
    const QString path = url.path();
    const QString file = path.isEmpty()
        ? page
        : QFileInfo(QFileInfo(page).dir().filePath(QUrl::fromPercentEncoding(path.toUtf8())))
              .canonicalFilePath();
    if (file.isEmpty())
        return where + link.target + QStringLiteral(": no such file");
    if (!file.startsWith(QDir(keyscope::testsupport::sourceDir()).canonicalPath()))
        return where + link.target + QStringLiteral(": outside the checkout");
    if (url.hasFragment() && !markdownHeadingAnchors(readText(file)).contains(url.fragment()))
        return where + link.target + QStringLiteral(": no heading with that anchor in ") + file;
    return {};
}

} // namespace

class TestManual : public QObject
{
    Q_OBJECT

private slots:
    void anchorsAreGitHubs_data();
    void anchorsAreGitHubs();
    void readmeIsAFrontPage();
    void everyLinkResolves();
    void everyPageIsReachableFromTheContents();
};

void TestManual::anchorsAreGitHubs_data()
{
    QTest::addColumn<QString>("markdown");
    QTest::addColumn<QStringList>("anchors");
    QTest::newRow("code span and parentheses")
        << QStringLiteral("## Recovering a design from items (`keyscope infer`)")
        << QStringList {QStringLiteral("recovering-a-design-from-items-keyscope-infer")};
    QTest::newRow("punctuation, link and repeat")
        << QStringLiteral("# Interop: NoSQL Workbench, CloudFormation\n## [Checks](checks.md)\n"
                          "## Checks\n```\n# not a heading\n```")
        << QStringList {QStringLiteral("interop-nosql-workbench-cloudformation"),
                        QStringLiteral("checks"), QStringLiteral("checks-1")};
    QTest::newRow("file name") << QStringLiteral("# Project files (`*.keyscope.json`)")
                               << QStringList {QStringLiteral("project-files-keyscopejson")};
}

void TestManual::anchorsAreGitHubs()
{
    QFETCH(QString, markdown);
    QFETCH(QStringList, anchors);
    QCOMPARE(markdownHeadingAnchors(markdown), anchors);
}

void TestManual::readmeIsAFrontPage()
{
    const QString readme = readText(sourcePath("/README.md"));
    QVERIFY(!readme.isEmpty());
    QVERIFY2(readme.count(QLatin1Char('\n')) <= 250,
             "README.md is a front page of at most 250 lines; move detail into resources/manual");
    for (const char *start : {"make run", "make test", "resources/manual/index.md"})
        QVERIFY2(readme.contains(QLatin1String(start)), start);
}

void TestManual::everyLinkResolves()
{
    QStringList pages = manualPages();
    pages.prepend(QFileInfo(sourcePath("/README.md")).canonicalFilePath());
    QVERIFY(pages.size() > 10);
    QStringList broken;
    int checked = 0;
    for (const QString &page : pages) {
        for (const Link &link : linksOf(readText(page))) {
            ++checked;
            const QString problem = brokenLink(page, link);
            if (!problem.isEmpty())
                broken << problem;
        }
    }
    QVERIFY(checked > 50);
    QVERIFY2(broken.isEmpty(), qPrintable(broken.join(QLatin1Char('\n'))));
}

void TestManual::everyPageIsReachableFromTheContents()
{
    const QString contents
        = QFileInfo(sourcePath("/resources/manual/index.md")).canonicalFilePath();
    QSet<QString> reached {contents};
    QStringList queue {contents};
    while (!queue.isEmpty()) {
        const QString page = queue.takeFirst();
        for (const Link &link : linksOf(readText(page))) {
            const QUrl url(link.target);
            if (!url.scheme().isEmpty() || !url.path().endsWith(QLatin1String(".md")))
                continue;
            const QString file
                = QFileInfo(QFileInfo(page).dir().filePath(url.path())).canonicalFilePath();
            if (!file.isEmpty() && !reached.contains(file)) {
                reached.insert(file);
                queue << file;
            }
        }
    }
    QStringList unreached;
    for (const QString &page : manualPages())
        if (!reached.contains(page))
            unreached << page;
    QVERIFY2(unreached.isEmpty(),
             qPrintable(QStringLiteral("not linked from index.md: ")
                        + unreached.join(QStringLiteral(", "))));
}

QTEST_GUILESS_MAIN(TestManual)
#include "tst_manual.moc"
