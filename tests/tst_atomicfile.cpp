// The one atomic write and targets that are not regular files: a FIFO or a device is written in
// place (opened and written), never replaced by a renamed temporary.

#include "model/io/atomicfile.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

using namespace keyscope;

namespace {

mode_t fileType(const QString &path)
{
    struct stat info
    { };
    if (::stat(QFile::encodeName(path).constData(), &info) != 0)
        return 0;
    return info.st_mode & S_IFMT;
}

bool makeDevice(const QString &path, unsigned minor)
{
    return ::mknod(QFile::encodeName(path).constData(), S_IFCHR | 0666, makedev(1, minor)) == 0;
}

} // namespace

class TestAtomicFile : public QObject
{
    Q_OBJECT

private slots:
    void fifoIsWrittenInPlace();
    void devicesAreWrittenInPlace();
};

void TestAtomicFile::fifoIsWrittenInPlace()
{
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("pipe"));
    QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
    // A reader waits on the FIFO (non-blocking, so a regression fails instead of hanging).
    const int reader = ::open(QFile::encodeName(fifo).constData(), O_RDONLY | O_NONBLOCK);
    QVERIFY(reader >= 0);
    const QByteArray bytes = QByteArrayLiteral("through the pipe\n");
    const auto error = model::writeFileAtomically(fifo, bytes);
    QVERIFY2(!error, qPrintable(error.value_or(QString())));
    QByteArray received(256, '\0');
    const ssize_t got = ::read(reader, received.data(), size_t(received.size()));
    ::close(reader);
    QCOMPARE(received.left(got > 0 ? got : 0), bytes);
    QCOMPARE(fileType(fifo), mode_t(S_IFIFO));
    QCOMPARE(QDir(dir.path())
                 .entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System),
             QStringList {QStringLiteral("pipe")});
}

void TestAtomicFile::devicesAreWrittenInPlace()
{
    QTemporaryDir dir;
    // Nodes of our own first (the null and the full device): a regression must not replace the
    // machine's /dev/null.
    const QString null = dir.filePath(QStringLiteral("null"));
    const QString full = dir.filePath(QStringLiteral("full"));
    if (!makeDevice(null, 3) || !makeDevice(full, 7))
        QSKIP("making a device node needs root (CI runs as root)");
    QVERIFY(!model::writeFileAtomically(null, QByteArrayLiteral("gone")));
    QCOMPARE(fileType(null), mode_t(S_IFCHR));
    // A device that refuses the bytes: the system's reason, and the device stays.
    const auto error = model::writeFileAtomically(full, QByteArray(4096, 'x'));
    QVERIFY(error);
    QVERIFY2(error->contains(QLatin1String("No space left on device")), qPrintable(*error));
    QCOMPARE(fileType(full), mode_t(S_IFCHR));
    QCOMPARE(QDir(dir.path())
                 .entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System),
             (QStringList {QStringLiteral("full"), QStringLiteral("null")}));

    QVERIFY(!model::writeFileAtomically(QStringLiteral("/dev/null"), QByteArrayLiteral("gone")));
    QCOMPARE(fileType(QStringLiteral("/dev/null")), mode_t(S_IFCHR));
}

QTEST_GUILESS_MAIN(TestAtomicFile)

#include "tst_atomicfile.moc"
