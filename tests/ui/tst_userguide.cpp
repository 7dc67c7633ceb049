// Help > User Guide: the manual compiled into the program is the repository's own text, every
// page opens with its pictures, links between pages land on their headings, and the window's
// page list, Back and Find work.

#include "model/doc/markdowntext.h"
#include "tests/support/testpaths.h"
#include "ui/help/manualbrowser.h"
#include "ui/help/userguide.h"

#include <QApplication>
#include <QDirIterator>
#include <QFile>
#include <QLineEdit>
#include <QListWidget>
#include <QScrollBar>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>

using keyscope::ui::ManualBrowser;
using keyscope::ui::UserGuide;

namespace {

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QStringList bundledPages()
{
    QStringList pages;
    QDirIterator it(QStringLiteral(":/manual"), {QStringLiteral("*.md")}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        pages << it.next();
    pages.sort();
    return pages;
}

int headingCount(const QTextDocument *document)
{
    int headings = 0;
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next())
        headings += block.blockFormat().headingLevel() > 0 ? 1 : 0;
    return headings;
}

} // namespace

class TestUserGuide : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void bundledManualIsTheRepositorysText();
    void everyPageOpensWithItsPictures();
    void linkLandsOnItsHeading();
    void pageListBackAndFind();
};

void TestUserGuide::bundledManualIsTheRepositorysText()
{
    const QStringList pages = bundledPages();
    QVERIFY(pages.size() >= 14);
    QVERIFY(pages.contains(QStringLiteral(":/manual/index.md")));
    for (const QString &page : pages) {
        const QString source = keyscope::testsupport::sourcePath("/resources") + page.mid(1);
        QVERIFY2(readAll(page) == readAll(source), qPrintable(page + QStringLiteral(" is stale")));
    }
}

void TestUserGuide::everyPageOpensWithItsPictures()
{
    ManualBrowser browser;
    browser.resize(800, 600);
    for (const QString &page : bundledPages()) {
        const QUrl url(QStringLiteral("qrc") + page);
        browser.setSource(url);
        QCOMPARE(browser.source(), url);
        QVERIFY2(browser.missingResources().isEmpty(),
                 qPrintable(page + QStringLiteral(": ") + browser.missingResources().join(u' ')));
        QVERIFY2(!browser.pageTitle().isEmpty(), qPrintable(page));
        const auto anchors
            = keyscope::model::doc::markdownHeadingAnchors(QString::fromUtf8(readAll(page)));
        QCOMPARE(headingCount(browser.document()), anchors.size());
    }
    // A page with a screenshot shows it, scaled to the page's width.
    browser.setSource(QUrl(QStringLiteral("qrc:/manual/cost.md")));
    QTextCursor cursor = browser.document()->find(QStringLiteral("\uFFFC"));
    QVERIFY(!cursor.isNull());
    const QTextImageFormat image = cursor.charFormat().toImageFormat();
    QVERIFY(image.isValid());
    QVERIFY(image.width() > 100 && image.width() < 800);
}

void TestUserGuide::linkLandsOnItsHeading()
{
    ManualBrowser browser;
    browser.resize(800, 500);
    browser.show();
    browser.setSource(ManualBrowser::contentsUrl());
    QCOMPARE(browser.verticalScrollBar()->value(), 0);
    emit browser.anchorClicked(QUrl(QStringLiteral("checks.md#keyscope-check")));
    QCOMPARE(browser.source().adjusted(QUrl::RemoveFragment),
             QUrl(QStringLiteral("qrc:/manual/checks.md")));
    QCOMPARE(browser.pageTitle(), QStringLiteral("Checks"));
    // The heading is at the top of the view, far down the page.
    QVERIFY(browser.verticalScrollBar()->value() > 500);
    const QTextCursor top = browser.cursorForPosition(QPoint(40, 20));
    QVERIFY2(top.block().text().contains(QStringLiteral("keyscope check")),
             qPrintable(top.block().text()));
    // A link to a page the manual does not have leaves the page shown and is reported.
    emit browser.anchorClicked(QUrl(QStringLiteral("nowhere.md")));
    QCOMPARE(browser.pageTitle(), QStringLiteral("Checks"));
    QVERIFY(browser.missingResources().join(u' ').contains(QStringLiteral("nowhere.md")));
}

void TestUserGuide::pageListBackAndFind()
{
    UserGuide guide;
    guide.show();
    QVERIFY(QTest::qWaitForWindowExposed(&guide));
    QCOMPARE(guide.browser()->source(), ManualBrowser::contentsUrl());
    QCOMPARE(guide.windowTitle(), QStringLiteral("User Guide"));
    QListWidget *pages = guide.pages();
    QVERIFY(pages->count() >= 14);
    QList<QListWidgetItem *> limits
        = pages->findItems(QStringLiteral("Limits"), Qt::MatchStartsWith);
    QCOMPARE(limits.size(), 1);
    QTest::mouseClick(pages->viewport(), Qt::LeftButton, {},
                      pages->visualItemRect(limits.first()).center());
    QCOMPARE(guide.browser()->source(), QUrl(QStringLiteral("qrc:/manual/limits.md")));
    QCOMPARE(guide.windowTitle(), QStringLiteral("Limits Keyscope enforces — User Guide"));
    QCOMPARE(pages->currentItem(), limits.first());

    auto *find = guide.findChild<QLineEdit *>(QStringLiteral("userGuideFind"));
    QVERIFY(find);
    QTest::keyClick(&guide, Qt::Key_F, Qt::ControlModifier);
    QVERIFY(find->hasFocus());
    QTest::keyClicks(find, QStringLiteral("409,600"));
    QTest::keyClick(find, Qt::Key_Return);
    QCOMPARE(guide.browser()->textCursor().selectedText(), QStringLiteral("409,600"));

    QTest::keyClick(&guide, Qt::Key_Left, Qt::AltModifier);
    QCOMPARE(guide.browser()->source(), ManualBrowser::contentsUrl());
    QCOMPARE(pages->currentRow(), 0);
}

QTEST_MAIN(TestUserGuide)
#include "tst_userguide.moc"
