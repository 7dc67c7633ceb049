// Installed like a desktop application (issue 31 §1): `cmake --install` into a temporary prefix
// puts every file where the freedesktop.org specifications look, and each one is checked by the
// tool that reads it: the desktop entry by desktop-file-validate, the metainfo by appstreamcli,
// the MIME type by shared-mime-info (a sample project resolved by name and by content), the man
// page by man, the completion by bash, the icons by size.
#include "tests/support/runprogram.h"
#include "tests/support/testpaths.h"

#include <QDir>
#include <QMimeDatabase>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QtEndian>

namespace {

const QString kAppId = QStringLiteral("io.github.keyscope.Keyscope");

using keyscope::testsupport::runProgram;
using Run = keyscope::testsupport::ProgramRun;

QString tool(const char *name)
{
    return keyscope::testsupport::requiredTool(name);
}

} // namespace

class TestInstall : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void installsEveryFile();
    void desktopEntryAndMetainfoValidate();
    void projectFilesHaveTheirMimeType();
    void manPageRendersTheCommandsHelp();
    void bashCompletesCommandsExamplesAndPatterns();
    void iconsHaveTheirSizes();
    void installedBinaryRuns();

private:
    QString installed(const QString &relative) const { return m_prefix.filePath(relative); }
    QTemporaryDir m_prefix;
    QTemporaryDir m_data;
};

void TestInstall::initTestCase()
{
    // Before anything reads the MIME database: it comes from this test's own XDG data folder.
    qputenv("XDG_DATA_HOME", m_data.path().toUtf8());
    const QString build = QFileInfo(keyscope::testsupport::keyscopeBinary()).dir().filePath("..");
    const Run install = runProgram(
        tool("cmake"),
        {QStringLiteral("--install"), build, QStringLiteral("--prefix"), m_prefix.path()});
    QVERIFY2(install.exitCode == 0, qPrintable(install.err));
}

void TestInstall::installsEveryFile()
{
    const QStringList files {
        QStringLiteral("bin/keyscope"),
        QStringLiteral("share/applications/%1.desktop").arg(kAppId),
        QStringLiteral("share/metainfo/%1.metainfo.xml").arg(kAppId),
        QStringLiteral("share/mime/packages/%1.xml").arg(kAppId),
        QStringLiteral("share/icons/hicolor/scalable/apps/%1.svg").arg(kAppId),
        QStringLiteral("share/man/man1/keyscope.1"),
        QStringLiteral("share/bash-completion/completions/keyscope"),
        QStringLiteral("share/zsh/vendor-completions/_keyscope"),
    };
    for (const QString &file : files)
        QVERIFY2(QFileInfo(installed(file)).isFile(), qPrintable(file));
    QVERIFY(QFileInfo(installed(QStringLiteral("bin/keyscope"))).isExecutable());
}

void TestInstall::desktopEntryAndMetainfoValidate()
{
    const Run desktop
        = runProgram(tool("desktop-file-validate"),
                     {installed(QStringLiteral("share/applications/%1.desktop").arg(kAppId))});
    QVERIFY2(desktop.exitCode == 0, qPrintable(desktop.out + desktop.err));
    QVERIFY2(!desktop.out.contains(QStringLiteral("error")), qPrintable(desktop.out));
    const Run metainfo
        = runProgram(tool("appstreamcli"),
                     {QStringLiteral("validate"), QStringLiteral("--no-net"),
                      installed(QStringLiteral("share/metainfo/%1.metainfo.xml").arg(kAppId))});
    QVERIFY2(metainfo.exitCode == 0, qPrintable(metainfo.out + metainfo.err));
}

void TestInstall::projectFilesHaveTheirMimeType()
{
    QVERIFY(QDir().mkpath(m_data.filePath(QStringLiteral("mime/packages"))));
    QVERIFY(QFile::copy(installed(QStringLiteral("share/mime/packages/%1.xml").arg(kAppId)),
                        m_data.filePath(QStringLiteral("mime/packages/%1.xml").arg(kAppId))));
    const Run update
        = runProgram(tool("update-mime-database"), {m_data.filePath(QStringLiteral("mime"))});
    QVERIFY2(update.exitCode == 0, qPrintable(update.err));
    const QString sample
        = keyscope::testsupport::sourcePath("/resources/examples/iot/after.keyscope.json");
    QTemporaryDir files;
    const QString byName = files.filePath(QStringLiteral("sensors.keyscope.json"));
    const QString byContent = files.filePath(QStringLiteral("sensors-design")); // no extension
    QVERIFY(QFile::copy(sample, byName));
    QVERIFY(QFile::copy(sample, byContent));
    const QMimeDatabase mime;
    const QMimeType type = mime.mimeTypeForFile(byName);
    QCOMPARE(type.name(), QStringLiteral("application/x-keyscope-project+json"));
    QVERIFY(type.inherits(QStringLiteral("application/json")));
    QCOMPARE(mime.mimeTypeForFile(byContent).name(),
             QStringLiteral("application/x-keyscope-project+json"));
    // A JSON file that is not a design keeps its own type.
    const QString other = files.filePath(QStringLiteral("table"));
    QVERIFY(QFile::copy(keyscope::testsupport::sourcePath("/resources/examples/iot/table.json"),
                        other));
    QVERIFY(mime.mimeTypeForFile(other).name()
            != QStringLiteral("application/x-keyscope-project+json"));
}

void TestInstall::manPageRendersTheCommandsHelp()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("MANWIDTH"), QStringLiteral("100"));
    const Run man = runProgram(
        tool("man"), {QStringLiteral("-l"), installed(QStringLiteral("share/man/man1/keyscope.1"))},
        env);
    QVERIFY2(man.exitCode == 0, qPrintable(man.err));
    QVERIFY(man.out.contains(QStringLiteral("keyscope - DynamoDB sort-key design visualizer")));
    // Each command's own --help, word for word.
    const Run cost = runProgram(keyscope::testsupport::keyscopeBinary(),
                                {QStringLiteral("cost"), QStringLiteral("--help")});
    const QString firstLine = cost.out.section(QLatin1Char('\n'), 0, 0);
    QVERIFY(man.out.contains(firstLine));
    QVERIFY(man.out.contains(QStringLiteral("usage: keyscope doc (FILE | --example ID)")));
    QVERIFY2(!man.err.contains(QStringLiteral("warning")), qPrintable(man.err));
}

void TestInstall::bashCompletesCommandsExamplesAndPatterns()
{
    const QString script = installed(QStringLiteral("share/bash-completion/completions/keyscope"));
    const QString project
        = keyscope::testsupport::sourcePath("/resources/examples/iot/after.keyscope.json");
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("PATH"),
               installed(QStringLiteral("bin")) + QLatin1Char(':') + env.value("PATH"));
    const auto complete = [&](const QString &line) {
        const Run r = runProgram(
            tool("bash"),
            {QStringLiteral("-c"),
             QStringLiteral("source '%1'; COMP_WORDS=(%2); COMP_CWORD=$((${#COMP_WORDS[@]}-1)); "
                            "_keyscope; printf '%s\\n' \"${COMPREPLY[@]}\"")
                 .arg(script, line)},
            env);
        return r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    };
    QVERIFY(complete(QStringLiteral("keyscope co")).contains(QStringLiteral("cost")));
    QVERIFY(complete(QStringLiteral("keyscope co")).contains(QStringLiteral("convert")));
    QVERIFY(
        complete(QStringLiteral("keyscope export --example i")).contains(QStringLiteral("iot")));
    const QStringList patterns
        = complete(QStringLiteral("keyscope export '%1' --pattern ''").arg(project));
    QVERIFY2(patterns.contains(QStringLiteral("The\\ Device\\ alone")),
             qPrintable(patterns.join('|')));
    QVERIFY(complete(QStringLiteral("keyscope cost '%1' --re").arg(project))
                .contains(QStringLiteral("--region")));
}

void TestInstall::iconsHaveTheirSizes()
{
    for (const int size : {16, 24, 32, 48, 64, 128, 256, 512}) {
        QFile png(installed(
            QStringLiteral("share/icons/hicolor/%1x%1/apps/%2.png").arg(size).arg(kAppId)));
        QVERIFY(png.open(QIODevice::ReadOnly));
        const QByteArray bytes = png.readAll();
        // PNG signature, then the IHDR chunk: width and height (big-endian), bit depth, colour
        // type 6 (RGBA: the corners are transparent).
        QVERIFY(bytes.startsWith("\x89PNG\r\n\x1a\n") && bytes.mid(12, 4) == "IHDR");
        QCOMPARE(qFromBigEndian<quint32>(bytes.constData() + 16), quint32(size));
        QCOMPARE(qFromBigEndian<quint32>(bytes.constData() + 20), quint32(size));
        QCOMPARE(int(bytes.at(25)), 6);
    }
}

void TestInstall::installedBinaryRuns()
{
    const Run version
        = runProgram(installed(QStringLiteral("bin/keyscope")), {QStringLiteral("--version")});
    QCOMPARE(version.exitCode, 0);
    QVERIFY(version.out.startsWith(QStringLiteral("keyscope ")));
}

QTEST_GUILESS_MAIN(TestInstall)
#include "tst_install.moc"
