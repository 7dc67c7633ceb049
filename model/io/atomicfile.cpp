#include "model/io/atomicfile.h"

namespace keyscope::model {

AtomicFile::AtomicFile(const QString &path)
    : m_path(path)
    , m_file(path)
{ }

AtomicFile::~AtomicFile()
{
    if (!m_done)
        cancel();
}

bool AtomicFile::fail()
{
    if (!m_failed) {
        m_failed = true;
        m_error = m_file.errorString();
        if (m_error.isEmpty() || m_error == QLatin1String("Unknown error"))
            m_error = QStringLiteral("the write did not complete");
    }
    return false;
}

bool AtomicFile::open()
{
    // Unbuffered: each write goes to the file system now, so a full disk fails the write
    // that meets it instead of a flush nobody checks.
    if (!m_file.open(QIODevice::WriteOnly | QIODevice::Unbuffered))
        return fail();
    return true;
}

bool AtomicFile::write(const QByteArray &bytes)
{
    if (m_failed || !m_file.isOpen())
        return m_failed ? false : fail();
    if (m_file.write(bytes) != bytes.size() || m_file.error() != QFileDevice::NoError)
        return fail();
    return true;
}

bool AtomicFile::commit()
{
    if (m_done)
        return !m_failed;
    if (m_failed || !m_file.isOpen()) {
        cancel();
        return false;
    }
    if (!m_file.flush() || m_file.error() != QFileDevice::NoError) {
        fail();
        cancel();
        return false;
    }
    m_done = true;
    if (!m_file.commit())
        return fail();
    return true;
}

void AtomicFile::cancel()
{
    m_done = true;
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
