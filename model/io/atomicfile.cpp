#include "model/io/atomicfile.h"

#include <QFileInfo>

namespace keyscope::model {

bool isSpecialFile(const QString &path)
{
    const QFileInfo info(path);
    return info.exists() && !info.isFile() && !info.isDir();
}

AtomicFile::AtomicFile(const QString &path)
    : m_path(path)
    , m_file(path)
    , m_inPlace(path)
{ }

QFileDevice &AtomicFile::device()
{
    if (m_writeInPlace)
        return m_inPlace;
    return m_file;
}

AtomicFile::~AtomicFile()
{
    if (!m_done)
        cancel();
}

bool AtomicFile::fail()
{
    if (!m_failed) {
        m_failed = true;
        m_error = device().errorString();
        if (m_error.isEmpty() || m_error == QLatin1String("Unknown error"))
            m_error = QStringLiteral("the write did not complete");
    }
    return false;
}

bool AtomicFile::open()
{
    // Unbuffered: each write goes to the file system now, so a full disk fails the write
    // that meets it instead of a flush nobody checks.
    m_writeInPlace = isSpecialFile(m_path);
    if (!device().open(QIODevice::WriteOnly | QIODevice::Unbuffered))
        return fail();
    return true;
}

bool AtomicFile::write(const QByteArray &bytes)
{
    QFileDevice &target = device();
    if (m_failed || !target.isOpen())
        return m_failed ? false : fail();
    if (target.write(bytes) != bytes.size() || target.error() != QFileDevice::NoError)
        return fail();
    return true;
}

bool AtomicFile::commit()
{
    if (m_done)
        return !m_failed;
    if (m_failed || !device().isOpen()) {
        cancel();
        return false;
    }
    if (!device().flush() || device().error() != QFileDevice::NoError) {
        fail();
        cancel();
        return false;
    }
    m_done = true;
    if (m_writeInPlace) {
        m_inPlace.close();
        return m_inPlace.error() == QFileDevice::NoError || fail();
    }
    if (!m_file.commit())
        return fail();
    return true;
}

void AtomicFile::cancel()
{
    m_done = true;
    if (m_writeInPlace) {
        m_inPlace.close(); // what reached a FIFO or a device cannot be taken back
        return;
    }
    if (m_file.isOpen())
        m_file.cancelWriting();
    if (m_file.isOpen())
        m_file.commit(); // with writing cancelled, commit() only removes the temporary file
}

std::optional<QString> writeFileAtomically(const QString &path, const QByteArray &bytes)
{
    AtomicFile file(path);
    if (!file.open() || !file.write(bytes) || !file.commit())
        return file.errorString();
    return std::nullopt;
}

} // namespace keyscope::model
