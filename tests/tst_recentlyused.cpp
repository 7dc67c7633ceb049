// The desktop's recently-used.xbel: Keyscope records its projects there beside what other
// applications recorded, and GLib (GTK's file chooser, GNOME's and KDE's Recent) reads it back.
#include "model/io/recentlyused.h"
#include "tests/support/runprogram.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace keyscope::model;

namespace {

// A file as GLib 2.74's GBookmarkFile writes it (g_bookmark_file_to_file): a text file opened
// with gedit, and a bookmark with no applications block.
const QByteArray kGtkWritten
    = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<xbel version=\"1.0\"\n"
      "      xmlns:bookmark=\"http://www.freedesktop.org/standards/desktop-bookmarks\"\n"
      "      xmlns:mime=\"http://www.freedesktop.org/standards/shared-mime-info\"\n"
      ">\n"
      "  <bookmark href=\"file:///home/ana/notes.txt\" added=\"2026-11-30T09:12:44.120913Z\" "
      "modified=\"2026-11-30T09:12:44.120921Z\" visited=\"2026-11-30T09:12:44.120914Z\">\n"
      "    <info>\n"
      "      <metadata owner=\"http://freedesktop.org\">\n"
      "        <mime:mime-type type=\"text/plain\"/>\n"
      "        <bookmark:applications>\n"
      "          <bookmark:application name=\"gedit\" exec=\"&apos;gedit %u&apos;\" "
      "modified=\"2026-11-30T09:12:44.120917Z\" count=\"3\"/>\n"
      "        </bookmark:applications>\n"
      "      </metadata>\n"
      "    </info>\n"
      "  </bookmark>\n"
      "</xbel>";

RecentUse use(const QString &uri, const QDateTime &when)
{
    return RecentUse {uri, QStringLiteral("application/x-keyscope-project+json"),
                      QStringLiteral("Keyscope"), QStringLiteral("'keyscope %u'"), when};
}

const QDateTime kMonday(QDate(2026, 12, 7), QTime(10, 0), Qt::UTC);

} // namespace

class TestRecentlyUsed : public QObject
{
    Q_OBJECT

private:
    // What GLib reads in `xbel`, a line per bookmark (tests/support/xbelread.cpp); GLib gives
    // each application's command with its %u filled in.
    QStringList readByGlib(const QByteArray &xbel)
    {
        QTemporaryDir dir;
        QFile file(dir.filePath("recently-used.xbel"));
        if (!file.open(QIODevice::WriteOnly) || file.write(xbel) != xbel.size())
            return {QStringLiteral("cannot write the file")};
        file.close();
        const auto result = keyscope::testsupport::runProgram(QStringLiteral(KEYSCOPE_XBELREAD),
                                                              {file.fileName()});
        if (result.exitCode != 0)
            return {QStringLiteral("GLib refused it: ") + result.err};
        return result.out.split(u'\n', Qt::SkipEmptyParts);
    }

private slots:
    void firstUseMakesAFileGlibReads()
    {
        auto recorded = recordRecentUse({}, use("file:///home/ana/iot.keyscope.json", kMonday));
        QVERIFY(std::holds_alternative<QByteArray>(recorded));
        QCOMPARE(readByGlib(std::get<QByteArray>(recorded)),
                 QStringList({"file:///home/ana/iot.keyscope.json\t"
                              "application/x-keyscope-project+json\tKeyscope=1 (keyscope "
                              "file:///home/ana/iot.keyscope.json)"}));
    }

    void otherApplicationsEntriesStay()
    {
        const QStringList before = readByGlib(kGtkWritten);
        QCOMPARE(before,
                 QStringList({"file:///home/ana/notes.txt\ttext/plain\tgedit=3 (gedit "
                              "file:///home/ana/notes.txt)"}));
        auto recorded
            = recordRecentUse(kGtkWritten, use("file:///home/ana/iot.keyscope.json", kMonday));
        QVERIFY(std::holds_alternative<QByteArray>(recorded));
        const QByteArray after = std::get<QByteArray>(recorded);
        QCOMPARE(readByGlib(after),
                 QStringList({before.front(),
                              "file:///home/ana/iot.keyscope.json\t"
                              "application/x-keyscope-project+json\tKeyscope=1 (keyscope "
                              "file:///home/ana/iot.keyscope.json)"}));
        // gedit's bookmark is the same text, not only the same meaning (an apostrophe may be
        // written as itself rather than as &apos;).
        QByteArray gedit = kGtkWritten.mid(kGtkWritten.indexOf("<bookmark "));
        gedit = gedit.left(gedit.indexOf("</bookmark>")).replace("&apos;", "'");
        QVERIFY2(after.contains(gedit), after.constData());
    }

    void usingAFileAgainCountsIt()
    {
        const QString uri = QStringLiteral("file:///home/ana/notes.txt");
        auto first = recordRecentUse(kGtkWritten, use(uri, kMonday));
        auto second = recordRecentUse(std::get<QByteArray>(first), use(uri, kMonday.addDays(1)));
        QVERIFY(std::holds_alternative<QByteArray>(second));
        const QByteArray xbel = std::get<QByteArray>(second);
        QCOMPARE(readByGlib(xbel),
                 QStringList({"file:///home/ana/notes.txt\ttext/plain\tgedit=3 (gedit "
                              "file:///home/ana/notes.txt)\tKeyscope=2 (keyscope "
                              "file:///home/ana/notes.txt)"}));
        QVERIFY(xbel.contains("added=\"2026-11-30T09:12:44.120913Z\""));
        QVERIFY(xbel.contains("visited=\"2026-12-08T10:00:00.000000Z\""));
    }

    void unreadableFileIsLeftAlone_data()
    {
        QTest::addColumn<QByteArray>("xbel");
        QTest::addColumn<QString>("reason");
        QTest::newRow("cut short") << kGtkWritten.left(300) << "line ";
        QTest::newRow("not xbel") << QByteArray("<html><body/></html>")
                                  << "it is not an XBEL document";
    }

    void unreadableFileIsLeftAlone()
    {
        QFETCH(QByteArray, xbel);
        QFETCH(QString, reason);
        QTemporaryDir dir;
        const QString path = dir.filePath("recently-used.xbel");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(xbel) == xbel.size());
        file.close();
        const auto why = recordRecentUseInFile(path, use("file:///x.keyscope.json", kMonday));
        QVERIFY(why.has_value());
        QVERIFY2(why->contains(reason) && why->endsWith("; left as it is"), qPrintable(*why));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), xbel);
    }

    void fileAndFolderMadeWhenMissing()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("share/recently-used.xbel");
        QVERIFY(!recordRecentUseInFile(path, use("file:///x.keyscope.json", kMonday)));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(readByGlib(file.readAll()).size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestRecentlyUsed)
#include "tst_recentlyused.moc"
