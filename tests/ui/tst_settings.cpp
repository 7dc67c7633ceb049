#include "ui/settings/settings.h"

#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace keyscope;
using ui::Settings;

class TestSettings : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void defaults();
    void roundTrip();
    void recentFilesAreMostRecentFirstWithoutDuplicates();
    void autosaveIntervalHasAFloor();
};

void TestSettings::defaults()
{
    QTemporaryDir dir;
    Settings settings(dir.filePath(QStringLiteral("s.ini")));
    QVERIFY(settings.recentFiles().isEmpty());
    QCOMPARE(settings.theme(), Settings::Theme::System);
    QVERIFY(!settings.reducedMotion());
    QCOMPARE(settings.autosaveIntervalSeconds(), Settings::kDefaultAutosaveSeconds);
    QVERIFY(!settings.sessionRunning());
    QVERIFY(settings.windowState().isEmpty());
}

void TestSettings::roundTrip()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("s.ini"));
    {
        Settings settings(path);
        QSignalSpy theme(&settings, &Settings::themeChanged);
        QSignalSpy motion(&settings, &Settings::reducedMotionChanged);
        settings.setTheme(Settings::Theme::Dark);
        settings.setTheme(Settings::Theme::Dark); // unchanged: no second signal
        settings.setReducedMotion(true);
        settings.setAutosaveIntervalSeconds(45);
        settings.setWindowGeometry(QByteArray("geometry\0bytes", 14));
        settings.setWindowState(QByteArray("state"));
        settings.addRecentFile(dir.filePath(QStringLiteral("a.keyscope.json")));
        settings.setSessionRunning(true);
        QCOMPARE(theme.count(), 1);
        QCOMPARE(theme.first().first().value<Settings::Theme>(), Settings::Theme::Dark);
        QCOMPARE(motion.count(), 1);
    }
    Settings settings(path);
    QCOMPARE(settings.theme(), Settings::Theme::Dark);
    QVERIFY(settings.reducedMotion());
    QCOMPARE(settings.autosaveIntervalSeconds(), 45);
    QCOMPARE(settings.windowGeometry(), QByteArray("geometry\0bytes", 14));
    QCOMPARE(settings.windowState(), QByteArray("state"));
    QCOMPARE(settings.recentFiles(), QStringList {dir.filePath(QStringLiteral("a.keyscope.json"))});
    QVERIFY(settings.sessionRunning());
    settings.setSessionRunning(false);
    QVERIFY(!Settings(path).sessionRunning());
}

void TestSettings::recentFilesAreMostRecentFirstWithoutDuplicates()
{
    QTemporaryDir dir;
    Settings settings(dir.filePath(QStringLiteral("s.ini")));
    QSignalSpy changed(&settings, &Settings::recentFilesChanged);
    const auto file
        = [&](int i) { return dir.filePath(QStringLiteral("f%1.keyscope.json").arg(i)); };
    for (int i = 0; i < Settings::kMaxRecentFiles + 3; ++i)
        settings.addRecentFile(file(i));
    QCOMPARE(settings.recentFiles().size(), Settings::kMaxRecentFiles);
    QCOMPARE(settings.recentFiles().first(), file(Settings::kMaxRecentFiles + 2));
    settings.addRecentFile(file(5));
    QCOMPARE(settings.recentFiles().first(), file(5));
    QCOMPARE(settings.recentFiles().count(file(5)), 1);
    settings.removeRecentFile(file(5));
    QVERIFY(!settings.recentFiles().contains(file(5)));
    settings.clearRecentFiles();
    QVERIFY(settings.recentFiles().isEmpty());
    QCOMPARE(changed.count(), Settings::kMaxRecentFiles + 3 + 3);
}

void TestSettings::autosaveIntervalHasAFloor()
{
    QTemporaryDir dir;
    Settings settings(dir.filePath(QStringLiteral("s.ini")));
    settings.setAutosaveIntervalSeconds(1);
    QCOMPARE(settings.autosaveIntervalSeconds(), 5);
}

QTEST_GUILESS_MAIN(TestSettings)
#include "tst_settings.moc"
