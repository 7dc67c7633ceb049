// `make package` (issue 31 §1): CPack's Debian package holds exactly what `cmake --install`
// installs, under /usr; its Depends come from dpkg-shlibdeps (the Qt 6 libraries the binary
// links, with versions); apt accepts it; and the binary in it runs.
#include "tests/support/runprogram.h"
#include "tests/support/testpaths.h"

#include <QDir>
#include <QDirIterator>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace {

using keyscope::testsupport::runProgram;
using Run = keyscope::testsupport::ProgramRun;

QString tool(const char *name)
{
    return keyscope::testsupport::requiredTool(name);
}

QString buildDir()
{
    return QDir::cleanPath(
        QFileInfo(keyscope::testsupport::keyscopeBinary()).dir().filePath(QStringLiteral("..")));
}

} // namespace

class TestPackage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void holdsWhatInstallInstalls();
    void dependsAreTheLinkedLibraries();
    void aptAcceptsIt();
    void itsBinaryRuns();

private:
    QTemporaryDir m_out;
    QString m_deb;
};

void TestPackage::initTestCase()
{
    const QString build = buildDir();
    const Run cpack
        = runProgram(tool("cpack"),
                     {QStringLiteral("--config"), build + QStringLiteral("/CPackConfig.cmake"),
                      QStringLiteral("-B"), m_out.path()},
                     {}, build);
    QVERIFY2(cpack.exitCode == 0, qPrintable(cpack.out + cpack.err));
    const QStringList debs
        = QDir(m_out.path()).entryList({QStringLiteral("keyscope_*.deb")}, QDir::Files);
    QCOMPARE(debs.size(), 1);
    QVERIFY2(QRegularExpression(QStringLiteral("^keyscope_\\d+\\.\\d+\\.\\d+_[a-z0-9]+\\.deb$"))
                 .match(debs.first())
                 .hasMatch(),
             qPrintable(debs.first()));
    m_deb = m_out.filePath(debs.first());
}

void TestPackage::holdsWhatInstallInstalls()
{
    QTemporaryDir prefix;
    const Run install = runProgram(
        tool("cmake"),
        {QStringLiteral("--install"), buildDir(), QStringLiteral("--prefix"), prefix.path()});
    QVERIFY2(install.exitCode == 0, qPrintable(install.err));
    QStringList installed;
    QDirIterator it(prefix.path(), QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        installed << QStringLiteral("./usr/") + QDir(prefix.path()).relativeFilePath(it.next());
    installed.sort();

    const Run contents = runProgram(tool("dpkg-deb"), {QStringLiteral("--contents"), m_deb});
    QCOMPARE(contents.exitCode, 0);
    QStringList packaged;
    for (const QString &line : contents.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const QString path = line.section(QLatin1Char(' '), -1);
        if (!line.startsWith(QLatin1Char('d')))
            packaged << path;
    }
    packaged.sort();
    QVERIFY(installed.size() >= 16);
    QCOMPARE(packaged, installed);
}

void TestPackage::dependsAreTheLinkedLibraries()
{
    const Run depends = runProgram(tool("dpkg-deb"),
                                   {QStringLiteral("--field"), m_deb, QStringLiteral("Depends")});
    QCOMPARE(depends.exitCode, 0);
    // dpkg-shlibdeps writes each library's package with the version the binary needs.
    for (const char *library : {"libqt6core6 (>=", "libqt6gui6 (>=", "libqt6widgets6 (>=",
                                "libqt6svg6 (>=", "libqt6network6 (>=", "libc6 (>="})
        QVERIFY2(depends.out.contains(QLatin1String(library)), qPrintable(depends.out));
}

void TestPackage::aptAcceptsIt()
{
    // A simulated `apt install ./keyscope_*.deb`: the package is well formed and every
    // dependency resolves on this Debian.
    const Run simulate = runProgram(tool("apt-get"),
                                    {QStringLiteral("--simulate"), QStringLiteral("install"),
                                     QStringLiteral("--no-install-recommends"), m_deb});
    QVERIFY2(simulate.exitCode == 0, qPrintable(simulate.out + simulate.err));
    QVERIFY2(simulate.out.contains(QStringLiteral("Inst keyscope")), qPrintable(simulate.out));
}

void TestPackage::itsBinaryRuns()
{
    QTemporaryDir root;
    const Run extract = runProgram(tool("dpkg-deb"), {QStringLiteral("-x"), m_deb, root.path()});
    QVERIFY2(extract.exitCode == 0, qPrintable(extract.err));
    const Run version = runProgram(root.filePath(QStringLiteral("usr/bin/keyscope")),
                                   {QStringLiteral("--version")});
    QCOMPARE(version.exitCode, 0);
    const Run built
        = runProgram(keyscope::testsupport::keyscopeBinary(), {QStringLiteral("--version")});
    QCOMPARE(version.out, built.out);
    QVERIFY(version.out.startsWith(QStringLiteral("keyscope ")));
    // Stripped: the package carries no debug information.
    QVERIFY(QFileInfo(root.filePath(QStringLiteral("usr/bin/keyscope"))).size()
            < QFileInfo(keyscope::testsupport::keyscopeBinary()).size() / 2);
}

QTEST_GUILESS_MAIN(TestPackage)
#include "tst_package.moc"
