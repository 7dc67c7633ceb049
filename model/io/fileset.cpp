#include "model/io/fileset.h"

#include "model/io/atomicfile.h"
#include "model/io/outputtarget.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cstdio>

namespace keyscope::model {

namespace {

// Where a file of the set really goes: through a symlink to the file it names, as AtomicFile
// writes through one.
QString realTarget(const QString &path)
{
    const QFileInfo info(path);
    return info.isSymLink() ? info.symLinkTarget() : path;
}

// "cannot write: REASON; nothing was written, ..." or "...; wrote only A, B".
QString cannotWrite(const QString &reason, const QStringList &written)
{
    return QStringLiteral("cannot write: ") + reason
        + (written.isEmpty()
               ? QStringLiteral("; nothing was written, the earlier files stay as they were")
               : QStringLiteral("; wrote only ") + written.join(QStringLiteral(", ")));
}

QByteArray readStaged(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

FileSet::FileSet(QStringList inputs)
    : m_inputs(std::move(inputs))
{ }

FileSet::~FileSet() = default; // the staging folders go with their QTemporaryDir

bool FileSet::fail(const QString &path, const QString &reason)
{
    if (!m_failed) {
        m_failed = true;
        m_failedPath = path;
        m_error = reason;
    }
    return false;
}

QString FileSet::stagingFolder(const QString &target)
{
    const QString folder = QFileInfo(target).absolutePath();
    auto &staging = m_staging[folder];
    if (!staging) {
        staging = std::make_unique<QTemporaryDir>(
            QDir(folder).filePath(QStringLiteral(".keyscope-XXXXXX")));
        if (!staging->isValid())
            return {};
    }
    return staging->path();
}

bool FileSet::add(const QString &path, const QByteArray &bytes)
{
    if (m_failed)
        return false;
    if (const auto reason = inputWrittenOver(path, m_inputs))
        return fail(path, *reason);
    const QString target = realTarget(path);
    const QString folder = stagingFolder(target);
    if (folder.isEmpty())
        return fail(path,
                    cannotWrite(m_staging[QFileInfo(target).absolutePath()]->errorString(), {}));
    const QString staged = QDir(folder).filePath(QString::number(m_files.size()));
    if (const auto reason = writeFileAtomically(staged, bytes))
        return fail(path, cannotWrite(*reason, {}));
    if (QFileInfo(target).isFile())
        QFile::setPermissions(staged, QFileInfo(target).permissions());
    m_files.push_back({path, staged});
    return true;
}

void FileSet::removeAfterwards(const QString &path)
{
    if (!inputWrittenOver(path, m_inputs))
        m_replaced << path;
}

std::optional<QString> FileSet::moveIntoPlace(const Staged &file)
{
    const QString target = realTarget(file.target);
    // A FIFO or a device is written in place; a move would replace the node.
    if (!isSpecialFile(target)
        && std::rename(QFile::encodeName(file.staged).constData(),
                       QFile::encodeName(target).constData())
            == 0)
        return std::nullopt;
    // Not moved (another file system behind a symlink, say): written where it is, atomically.
    return writeFileAtomically(target, readStaged(file.staged));
}

bool FileSet::commit()
{
    if (m_failed) {
        m_staging.clear();
        return false;
    }
    QStringList written;
    for (const Staged &file : m_files) {
        if (const auto reason = moveIntoPlace(file)) {
            m_staging.clear();
            return fail(file.target, cannotWrite(*reason, written));
        }
        written << file.target;
    }
    m_staging.clear();
    for (const QString &path : m_replaced) {
        if (!written.contains(path))
            QFile::remove(path);
    }
    return true;
}

QStringList FileSet::paths() const
{
    QStringList names;
    for (const Staged &file : m_files)
        names << file.target;
    return names;
}

} // namespace keyscope::model
