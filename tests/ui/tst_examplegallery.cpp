#include "tests/support/testpaths.h"
#include "ui/examples/examplecatalog.h"
#include "ui/examples/examplegallery.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QListView>
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocumentFragment>

using namespace keyscope;
using ui::ExampleCatalog;

namespace {

const QString kExamples = keyscope::testsupport::sourcePath("/resources/examples");

void write(const QString &path, const QByteArray &data)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(data);
}

} // namespace

class TestExampleGallery : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void catalogReadsIndex();
    void catalogScansFoldersWithoutIndex();
    void catalogReportsABrokenIndex();
    void galleryOpensAfterByDefaultAndBeforeOnRequest();
    void gallerySelectsTheOpenExample();
    void endShowsTheLastExampleWhole();
    void buttonsShowFromTheStart();
    void descriptionsShowTheirQuotes();
};

void TestExampleGallery::catalogReadsIndex()
{
    ExampleCatalog catalog;
    QAbstractItemModelTester tester(&catalog);
    QVERIFY(catalog.load(kExamples).isEmpty());
    QVERIFY(catalog.rowCount() >= 10);
    const int iot = catalog.rowOf(QStringLiteral("iot"));
    QVERIFY(iot >= 0);
    const ExampleCatalog::Entry *entry = catalog.entry(iot);
    QVERIFY(!entry->title.isEmpty());
    QVERIFY(!entry->description.isEmpty());
    QVERIFY(entry->after()->path.endsWith(QLatin1String("iot/after.keyscope.json")));
    QVERIFY(entry->before()->path.endsWith(QLatin1String("iot/before.keyscope.json")));
    for (const ExampleCatalog::Entry &e : catalog.entries()) {
        for (const ExampleCatalog::Variant &variant : e.variants)
            QVERIFY2(QFile::exists(variant.path), qPrintable(variant.path));
    }
    QCOMPARE(catalog.index(iot).data(ExampleCatalog::DescriptionRole).toString(),
             entry->description);
    QCOMPARE(catalog.index(iot).data(ExampleCatalog::PrimaryPathRole).toString(),
             entry->after()->path);
}

void TestExampleGallery::catalogScansFoldersWithoutIndex()
{
    QTemporaryDir dir;
    write(
        dir.filePath(QStringLiteral("shop/before.keyscope.json")),
        R"json({"keyscope": 1, "name": "Shop (before)", "description": "Orders by id. More text."})json");
    write(
        dir.filePath(QStringLiteral("shop/after.keyscope.json")),
        R"json({"keyscope": 1, "name": "Shop (after)", "description": "Orders by date. More text."})json");
    write(dir.filePath(QStringLiteral("shop/extra.keyscope.json")), R"({"keyscope": 1})");
    write(dir.filePath(QStringLiteral("empty/readme.txt")), "nothing here");
    ExampleCatalog catalog;
    QAbstractItemModelTester tester(&catalog);
    QVERIFY(catalog.load(dir.path()).isEmpty());
    QCOMPARE(catalog.rowCount(), 1);
    const ExampleCatalog::Entry *entry = catalog.entry(0);
    QCOMPARE(entry->title, QStringLiteral("Shop"));
    QCOMPARE(entry->description, QStringLiteral("Orders by date."));
    QCOMPARE(entry->variants.size(), size_t(3));
    QVERIFY(entry->after()->path.endsWith(QLatin1String("after.keyscope.json")));
    QVERIFY(entry->before()->path.endsWith(QLatin1String("before.keyscope.json")));
    QCOMPARE(entry->variants[2].label, QStringLiteral("Extra"));
}

void TestExampleGallery::catalogReportsABrokenIndex()
{
    QTemporaryDir dir;
    write(dir.filePath(QStringLiteral("index.json")), "[{\"id\": ");
    ExampleCatalog catalog;
    const QString error = catalog.load(dir.path());
    QVERIFY(error.contains(QLatin1String("index.json")));
    QCOMPARE(catalog.rowCount(), 0);
}

void TestExampleGallery::galleryOpensAfterByDefaultAndBeforeOnRequest()
{
    ui::ExampleGallery gallery(kExamples);
    gallery.show();
    QVERIFY(QTest::qWaitForWindowExposed(&gallery));
    QVERIFY(gallery.catalog()->rowCount() >= 10);
    gallery.selectExample(QStringLiteral("saas"));
    // Enter on the list opens the design that works.
    QTest::keyClick(gallery.list(), Qt::Key_Return);
    QCOMPARE(gallery.result(), int(QDialog::Accepted));
    QVERIFY(gallery.selectedPath().endsWith(QLatin1String("saas/after.keyscope.json")));

    ui::ExampleGallery again(kExamples);
    again.show();
    again.selectExample(QStringLiteral("ids"));
    QPushButton *before = nullptr;
    QStringList labels;
    for (QPushButton *button : again.findChildren<QPushButton *>()) {
        labels << button->text();
        if (button->text() == QLatin1String("Open Before"))
            before = button;
    }
    QVERIFY2(before, qPrintable(labels.join(QLatin1String(", "))));
    QVERIFY(labels.contains(QStringLiteral("Open ULID")));
    QTest::mouseClick(before, Qt::LeftButton);
    QVERIFY(again.selectedPath().endsWith(QLatin1String("ids/before.keyscope.json")));
}

void TestExampleGallery::gallerySelectsTheOpenExample()
{
    ui::ExampleGallery gallery(kExamples);
    const auto currentId
        = [&] { return gallery.list()->currentIndex().data(ExampleCatalog::IdRole).toString(); };
    // Any variant names its example: the mistake, the fix, an extra.
    QVERIFY(gallery.selectExampleFile(kExamples + QStringLiteral("/tickets/before.keyscope.json")));
    QCOMPARE(currentId(), QStringLiteral("tickets"));
    QVERIFY(
        gallery.selectExampleFile(kExamples + QStringLiteral("/ids/../ids/ulid.keyscope.json")));
    QCOMPARE(currentId(), QStringLiteral("ids"));
    // A file that is no example leaves the selection alone.
    QVERIFY(!gallery.selectExampleFile(QStringLiteral("/tmp/mine.keyscope.json")));
    QVERIFY(!gallery.selectExampleFile(QString()));
    QCOMPARE(currentId(), QStringLiteral("ids"));
}

void TestExampleGallery::endShowsTheLastExampleWhole()
{
    for (const QSize size : {QSize(760, 520), QSize(640, 420)}) {
        ui::ExampleGallery gallery(kExamples);
        gallery.resize(size);
        gallery.show();
        QVERIFY(QTest::qWaitForWindowExposed(&gallery));
        QListView *list = gallery.list();
        list->setFocus();
        QTest::keyClick(list, Qt::Key_End);
        const QModelIndex last = gallery.catalog()->index(gallery.catalog()->rowCount() - 1);
        QCOMPARE(list->currentIndex(), last);
        QTest::qWait(50); // the details and buttons of the new entry are laid out
        for (QPushButton *button : gallery.findChildren<QPushButton *>())
            QVERIFY(button->isVisible());
        QTRY_VERIFY2(list->viewport()->rect().contains(list->visualRect(last)),
                     qPrintable(QStringLiteral("last row %1,%2 %3x%4 in a viewport %5 high")
                                    .arg(list->visualRect(last).x())
                                    .arg(list->visualRect(last).y())
                                    .arg(list->visualRect(last).width())
                                    .arg(list->visualRect(last).height())
                                    .arg(list->viewport()->height())));
        if (const QString dir = qEnvironmentVariable("KEYSCOPE_GRAB_DIR"); !dir.isEmpty())
            gallery.grab().save(QStringLiteral("%1/gallery-end-%2x%3.png")
                                    .arg(dir)
                                    .arg(size.width())
                                    .arg(size.height()));
        // And back: Home shows the first whole.
        QTest::keyClick(list, Qt::Key_Home);
        QTest::qWait(50);
        QTRY_VERIFY(
            list->viewport()->rect().contains(list->visualRect(gallery.catalog()->index(0))));
    }
}

void TestExampleGallery::buttonsShowFromTheStart()
{
    // The first example's Open buttons and Cancel are there when the dialog opens, before the
    // selection moves.
    ui::ExampleGallery gallery(kExamples);
    gallery.show();
    QVERIFY(QTest::qWaitForWindowExposed(&gallery));
    QStringList shown;
    for (QPushButton *button : gallery.findChildren<QPushButton *>()) {
        if (button->isVisible())
            shown << button->text();
    }
    QVERIFY2(shown.contains(QStringLiteral("Cancel")), qPrintable(shown.join(u", ")));
    QVERIFY2(shown.contains(QStringLiteral("Open After")), qPrintable(shown.join(u", ")));
}

void TestExampleGallery::descriptionsShowTheirQuotes()
{
    // Every example's details read as written: quotes and angle brackets, not &quot; or &lt;.
    ui::ExampleGallery gallery(kExamples);
    gallery.show();
    QVERIFY(QTest::qWaitForWindowExposed(&gallery));
    QLabel *details = nullptr;
    for (QLabel *label : gallery.findChildren<QLabel *>()) {
        if (label->accessibleName() == QLatin1String("Example description"))
            details = label;
    }
    QVERIFY(details);
    int quoted = 0;
    for (int row = 0; row < gallery.catalog()->rowCount(); ++row) {
        gallery.list()->setCurrentIndex(gallery.catalog()->index(row));
        const QString text = details->text();
        const bool html = details->textFormat() == Qt::RichText
            || (details->textFormat() == Qt::AutoText && Qt::mightBeRichText(text));
        const QString shown = html ? QTextDocumentFragment::fromHtml(text).toPlainText() : text;
        const QString description = gallery.catalog()->entry(row)->description;
        QVERIFY2(shown.startsWith(description), qPrintable(shown));
        quoted += description.contains(u'"') ? 1 : 0;
    }
    QVERIFY(quoted >= 2); // the examples this guards
}

int main(int argc, char **argv)
{
    QCoreApplication::setAttribute(Qt::AA_Use96Dpi);
    QApplication app(argc, argv);
    TestExampleGallery test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_examplegallery.moc"
