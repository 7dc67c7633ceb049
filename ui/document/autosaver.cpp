#include "ui/document/autosaver.h"

#include "model/design/projectfile.h"
#include "ui/document/document.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTimer>

namespace keyscope::ui {

namespace {

const QString kRecoveryMember = QStringLiteral("x-keyscope-recovery");

} // namespace

Autosaver::Autosaver(Document *document, QObject *parent)
    : QObject(parent)
    , m_document(document)
    , m_path(defaultRecoveryPath())
    , m_timer(new QTimer(this))
{
    m_timer->setInterval(30 * 1000);
    connect(m_timer, &QTimer::timeout, this, &Autosaver::saveNow);
    connect(document, &Document::modifiedChanged, this, &Autosaver::modifiedChanged);
    if (document->isModified())
        m_timer->start();
}

QString Autosaver::defaultRecoveryPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)
        + QStringLiteral("/recovery") + QString::fromLatin1(model::ProjectFile::kSuffix);
}

void Autosaver::setRecoveryPath(const QString &path)
{
    m_path = path;
    m_wroteFile = false;
}

void Autosaver::setIntervalSeconds(int seconds)
{
    m_timer->setInterval(qMax(1, seconds) * 1000);
}

int Autosaver::intervalSeconds() const
{
    return m_timer->interval() / 1000;
}

void Autosaver::modifiedChanged(bool modified)
{
    if (modified) {
        m_timer->start();
        return;
    }
    m_timer->stop();
    // Only a file this session wrote: at startup an earlier session's file waits for the user.
    if (m_wroteFile)
        discard();
}

bool Autosaver::saveNow()
{
    if (!m_document->isModified())
        return false;
    if (m_wroteFile && m_savedRevision == m_document->revision())
        return true;
    model::Project project = m_document->project();
    project.extra.insert(kRecoveryMember,
                         QJsonObject {{QStringLiteral("file"), m_document->filePath()},
                                      {QStringLiteral("savedAt"),
                                       QDateTime::currentDateTimeUtc().toString(Qt::ISODate)}});
    QDir().mkpath(QFileInfo(m_path).absolutePath());
    if (auto error = model::ProjectFile::write(project, m_path)) {
        emit autosaveFailed(error->toString());
        return false;
    }
    m_wroteFile = true;
    m_savedRevision = m_document->revision();
    emit autosaved(m_path);
    return true;
}

void Autosaver::discard()
{
    m_timer->stop();
    QFile::remove(m_path);
    m_wroteFile = false;
}

std::optional<Autosaver::Recovery> Autosaver::pendingRecovery() const
{
    if (!QFileInfo::exists(m_path))
        return std::nullopt;
    auto read = model::ProjectFile::read(m_path);
    const auto *project = std::get_if<model::Project>(&read);
    if (!project)
        return std::nullopt;
    const QJsonObject meta = project->extra.value(kRecoveryMember).toObject();
    Recovery recovery;
    recovery.originalPath = meta.value(QStringLiteral("file")).toString();
    recovery.projectName = project->name.isEmpty() ? tr("Untitled") : project->name;
    recovery.savedAt
        = QDateTime::fromString(meta.value(QStringLiteral("savedAt")).toString(), Qt::ISODate);
    if (!recovery.savedAt.isValid())
        recovery.savedAt = QFileInfo(m_path).lastModified();
    return recovery;
}

QString Autosaver::restore()
{
    auto read = model::ProjectFile::read(m_path);
    if (auto *errors = std::get_if<std::vector<model::IoError>>(&read))
        return errors->empty() ? tr("Cannot read %1").arg(m_path) : errors->front().toString();
    model::Project project = std::move(std::get<model::Project>(read));
    const QString original
        = project.extra.value(kRecoveryMember).toObject().value(QStringLiteral("file")).toString();
    project.extra.remove(kRecoveryMember);
    m_document->setProject(std::move(project), original);
    m_document->setModified(true);
    // The file now belongs to this session: saving or discarding the project removes it.
    m_wroteFile = true;
    m_savedRevision = m_document->revision();
    return {};
}

} // namespace keyscope::ui
