#include "ui/document/document.h"
#include "ui/document/recomputestage.h"
#include "ui/document/tableitemsimport.h"

#include "model/design/projectfile.h"

#include <QFileInfo>
#include <QFutureWatcher>
#include <QJsonDocument>
#include <QTimer>
#include <QUndoStack>

namespace keyscope::ui {

using model::Project;

namespace {

model::TableDefinition defaultTable()
{
    const QJsonObject json = QJsonDocument::fromJson(R"({
        "TableName": "MyTable",
        "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
                                 {"AttributeName": "SK", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                      {"AttributeName": "SK", "KeyType": "RANGE"}]})")
                                 .object();
    QString error;
    return *model::TableDefinition::fromJson(json, &error);
}

} // namespace

Document::Document(QObject *parent)
    : QObject(parent)
    , m_undoStack(new QUndoStack(this))
    , m_recomputeTimer(new QTimer(this))
{
    // Coalesces bursts (typing, undo of several steps) into one recompute.
    m_recomputeTimer->setSingleShot(true);
    m_recomputeTimer->setInterval(15);
    connect(m_recomputeTimer, &QTimer::timeout, this, &Document::startRecompute);
    connect(m_undoStack, &QUndoStack::cleanChanged, this, &Document::updateModified);
    m_project.table = defaultTable();
}

Document::~Document()
{
    if (m_watcher) {
        m_watcher->disconnect(this);
        m_watcher->future().cancel();
        m_watcher->future().waitForFinished();
    }
}

void Document::newProject()
{
    // No name yet: the first save asks for one (displayName() says "Untitled" meanwhile).
    Project project;
    project.table = defaultTable();
    resetProject(std::move(project), {});
}

std::vector<model::IoError> Document::open(const QString &path)
{
    auto read = model::ProjectFile::read(path);
    if (auto *errors = std::get_if<std::vector<model::IoError>>(&read))
        return *errors;
    resetProject(std::move(std::get<Project>(read)), path);
    return {};
}

void Document::setProject(model::Project project, const QString &filePath)
{
    resetProject(std::move(project), filePath);
}

QString Document::importTableAndItems(const QString &tablePath, const QString &itemsPath)
{
    auto read = readTableAndItems(tablePath, itemsPath);
    if (auto *error = std::get_if<QString>(&read))
        return *error;
    resetProject(std::get<Project>(std::move(read)), {});
    return {};
}

std::optional<model::IoError> Document::save()
{
    if (m_filePath.isEmpty())
        return model::IoError {QString(), 0, 0, QString(), tr("The project has no file name yet")};
    return saveAs(m_filePath);
}

std::optional<model::IoError> Document::saveAs(const QString &path)
{
    if (auto error = model::ProjectFile::write(m_project, path))
        return error;
    setFilePath(path);
    m_forcedModified = false;
    m_undoStack->setClean();
    updateModified();
    return std::nullopt;
}

bool Document::isUnnamed() const
{
    const QString name = m_project.name.trimmed();
    return name.isEmpty() || name == tr("Untitled");
}

QString Document::displayName() const
{
    if (!m_filePath.isEmpty())
        return QFileInfo(m_filePath).fileName();
    if (!m_project.name.isEmpty())
        return m_project.name;
    return tr("Untitled");
}

bool Document::isModified() const
{
    return m_forcedModified || !m_undoStack->isClean();
}

void Document::setModified(bool modified)
{
    m_forcedModified = modified;
    if (!modified)
        m_undoStack->setClean();
    updateModified();
}

void Document::updateModified()
{
    const bool modified = isModified();
    if (modified == m_lastModified)
        return;
    m_lastModified = modified;
    emit modifiedChanged(modified);
}

void Document::resetProject(model::Project project, const QString &filePath)
{
    m_project = std::move(project);
    m_importedHints = {};
    m_undoStack->clear();
    m_forcedModified = false;
    setFilePath(filePath);
    updateModified();
    emit projectReset();
    changed();
}

void Document::setFilePath(const QString &path)
{
    if (path == m_filePath)
        return;
    m_filePath = path;
    emit filePathChanged(path);
}

void Document::changed()
{
    ++m_revision;
    emit projectChanged();
    setBusy(true);
    m_recomputeTimer->start();
}

} // namespace keyscope::ui
