#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace keyscope::model {

// A multi-file output (batch-write requests OUT-001.json..., PNG frames) written whole or not at
// all. Each file is first written through AtomicFile into a hidden folder beside its target;
// only when every one of them is safe are they moved over their targets, and then the files the
// set replaces (an earlier, longer run's) are removed. On a failure before that, nothing of the
// set is written and the earlier files stay as they were; the hidden folder is removed.
class FileSet
{
public:
    // `inputs`: the command's input files, which the set never writes over or removes.
    explicit FileSet(QStringList inputs = {});
    ~FileSet(); // an uncommitted set is thrown away
    FileSet(const FileSet &) = delete;
    FileSet &operator=(const FileSet &) = delete;

    // Stages the next file; false (and the set failed) when it cannot be written.
    bool add(const QString &path, const QByteArray &bytes);
    // A file of an earlier set that this one replaces: removed once every new file is in place.
    void removeAfterwards(const QString &path);
    // Moves every staged file over its target, then removes the replaced ones. False when
    // anything failed; errorString() then says what was written.
    bool commit();

    QStringList paths() const; // the set's files, in the order added
    // The file the failure concerns, and why ("cannot write: No space left on device; nothing
    // was written, the earlier files stay as they were").
    QString failedPath() const { return m_failedPath; }
    QString errorString() const { return m_error; }

private:
    struct Staged
    {
        QString target;
        QString staged;
    };
    QString stagingFolder(const QString &target);
    bool fail(const QString &path, const QString &reason);
    std::optional<QString> moveIntoPlace(const Staged &file);

    QStringList m_inputs;
    std::vector<Staged> m_files;
    QStringList m_replaced;
    std::map<QString, std::unique_ptr<QTemporaryDir>> m_staging; // by target folder
    QString m_failedPath;
    QString m_error;
    bool m_failed = false;
};

} // namespace keyscope::model
