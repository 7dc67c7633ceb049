#pragma once

// A tiny file system for full-disk tests: a tmpfs of a few KiB mounted on a temporary folder.
// Mounting needs root (CI runs as root); elsewhere isMounted() is false and skipReason() says
// why, for QSKIP.

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QString>
#include <QTemporaryDir>

#include <algorithm>

#include <unistd.h>

namespace keyscope::testsupport {

class TinyFileSystem
{
public:
    explicit TinyFileSystem(int kibibytes)
    {
        if (::geteuid() != 0) {
            m_reason = QStringLiteral("mounting a tmpfs needs root (CI runs as root)");
            return;
        }
        const int status = QProcess::execute(
            QStringLiteral("mount"),
            {QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"),
             QStringLiteral("size=%1k").arg(kibibytes), QStringLiteral("tmpfs"), m_dir.path()});
        if (status != 0)
            m_reason = QStringLiteral("mount -t tmpfs failed (exit %1)").arg(status);
        else
            m_mounted = true;
    }
    ~TinyFileSystem()
    {
        if (m_mounted)
            QProcess::execute(QStringLiteral("umount"), {m_dir.path()});
    }
    TinyFileSystem(const TinyFileSystem &) = delete;
    TinyFileSystem &operator=(const TinyFileSystem &) = delete;

    bool isMounted() const { return m_mounted; }
    QString skipReason() const { return m_reason; }
    QString path(const QString &name) const { return QDir(m_dir.path()).filePath(name); }
    QDir dir() const { return QDir(m_dir.path()); }

    // Writes `bytes` to `name` (a file the test then tries to replace).
    bool put(const QString &name, const QByteArray &bytes) const
    {
        QFile file(path(name));
        return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size() && file.flush();
    }
    // Fills what is left with a filler file, so the next write meets a full disk.
    void fill() const
    {
        QFile file(path(QStringLiteral(".filler")));
        if (!file.open(QIODevice::WriteOnly | QIODevice::Unbuffered))
            return;
        const QByteArray block(1024, 'x');
        while (file.write(block) == block.size()) { }
        const QByteArray byte(1, 'x');
        while (file.write(byte) == 1) { }
    }
    // Fills the disk, then frees `bytes` of it again: the next writes fit about that much.
    void fillLeaving(qint64 bytes) const
    {
        fill();
        QFile file(path(QStringLiteral(".filler")));
        file.resize(std::max<qint64>(0, file.size() - bytes));
    }
    // Frees the space the filler took.
    void unfill() const { QFile::remove(path(QStringLiteral(".filler"))); }
    // The files a test left, less the filler (a temporary from a failed write would show here).
    QStringList files() const
    {
        QStringList names = dir().entryList(QDir::Files | QDir::Hidden);
        names.removeAll(QStringLiteral(".filler"));
        return names;
    }

private:
    QTemporaryDir m_dir;
    bool m_mounted = false;
    QString m_reason;
};

} // namespace keyscope::testsupport
