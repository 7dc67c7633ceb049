#pragma once

#include <QFile>
#include <QSaveFile>
#include <QString>

#include <optional>

namespace keyscope::model {

// Every file Keyscope writes goes through here. The bytes go to a temporary file beside the
// target; every write reaches the file system at once (no buffer whose failure would only show
// later), the flush is checked, and only then is the temporary renamed over the target. On any
// failure the old file stays as it was, the temporary is removed, and errorString() gives the
// system's reason ("No space left on device").
//
// Qt 6.4's QSaveFile alone is not enough: a buffered write that fails in the final flush is
// not seen by write(), and commit() renames the short file over the old one.
//
// A target that is neither a regular file nor a folder (a FIFO, a device such as /dev/null) is
// written in place: opened and written, never replaced, so the node stays what it was.
class AtomicFile
{
public:
    explicit AtomicFile(const QString &path);
    ~AtomicFile(); // an uncommitted file is discarded
    AtomicFile(const AtomicFile &) = delete;
    AtomicFile &operator=(const AtomicFile &) = delete;

    bool open();
    // False once any write has failed; later writes do nothing.
    bool write(const QByteArray &bytes);
    // Flushes, checks and renames. False (and the old file kept) when anything failed.
    bool commit();
    // Throws the written bytes away; the old file stays.
    void cancel();

    QString path() const { return m_path; }
    // The reason of the first failure, as the system gives it.
    QString errorString() const { return m_error; }

private:
    bool fail();
    QFileDevice &device();

    QString m_path;
    QSaveFile m_file;
    QFile m_inPlace; // a FIFO or a device
    bool m_writeInPlace = false;
    QString m_error;
    bool m_failed = false;
    bool m_done = false;
};

// Writes `bytes` to `path` through AtomicFile. nullopt on success, else the reason.
std::optional<QString> writeFileAtomically(const QString &path, const QByteArray &bytes);

// True when `path` names something that exists and is neither a regular file nor a folder
// (symlinks followed): a FIFO, a device, a socket. Such a target is written in place.
bool isSpecialFile(const QString &path);

} // namespace keyscope::model
