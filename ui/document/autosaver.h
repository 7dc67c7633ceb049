#pragma once

#include <QDateTime>
#include <QObject>
#include <QString>

#include <optional>

class QTimer;

namespace keyscope::ui {

class Document;

// Writes the open project to a recovery file every few seconds while it has unsaved changes,
// so work survives a crash. The recovery file is an ordinary project file with one extra member,
// "x-keyscope-recovery": {"file": where it was saved, "savedAt": when}. It is removed when the
// project becomes unmodified (saved, or another project opened) and on a clean exit (discard()).
class Autosaver : public QObject
{
    Q_OBJECT

public:
    struct Recovery
    {
        QString originalPath; // empty for an untitled project
        QString projectName;
        QDateTime savedAt;
    };

    explicit Autosaver(Document *document, QObject *parent = nullptr);

    // <AppDataLocation>/recovery.keyscope.json
    static QString defaultRecoveryPath();
    QString recoveryPath() const { return m_path; }
    void setRecoveryPath(const QString &path);

    void setIntervalSeconds(int seconds);
    int intervalSeconds() const;

    // Writes the recovery file now if the project changed since the last write. True when the
    // file is up to date with the project.
    bool saveNow();
    // Removes the recovery file.
    void discard();

    // What a recovery file holds, if there is a readable one.
    std::optional<Recovery> pendingRecovery() const;
    // Loads the recovery file into the document: the project, its original path, marked
    // modified. Returns an error message, empty on success. The file stays until the project is
    // saved or discarded.
    QString restore();

signals:
    void autosaved(const QString &path);
    void autosaveFailed(const QString &message);

private:
    void modifiedChanged(bool modified);

    Document *m_document;
    QString m_path;
    QTimer *m_timer;
    quint64 m_savedRevision = 0;
    bool m_wroteFile = false;
};

} // namespace keyscope::ui
