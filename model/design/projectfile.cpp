#include "model/design/projectfile.h"

// The facade over the project file's reader and writer (model/design/fileformat/).

#include "model/design/fileformat/projectreader.h"
#include "model/design/fileformat/projectwriter.h"
#include "model/io/atomicfile.h"
#include "model/io/jsonfile.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>

namespace keyscope::model {

std::variant<Project, std::vector<IoError>> ProjectFile::read(const QString &path)
{
    auto document = JsonFile::read(path);
    if (auto *error = std::get_if<IoError>(&document))
        return std::vector<IoError> {*error};
    return fromJson(std::get<QJsonDocument>(document), path);
}

std::variant<Project, std::vector<IoError>> ProjectFile::parse(const QByteArray &data,
                                                               const QString &source)
{
    auto document = JsonFile::parse(data, source);
    if (auto *error = std::get_if<IoError>(&document))
        return std::vector<IoError> {*error};
    return fromJson(std::get<QJsonDocument>(document), source);
}

std::variant<Project, std::vector<IoError>> ProjectFile::fromJson(const QJsonDocument &document,
                                                                  const QString &source)
{
    fileformat::Reader reader(source);
    fileformat::ProjectReader projectReader(reader);
    auto project = projectReader.read(document);
    if (!project)
        return reader.takeErrors();
    return std::move(*project);
}

QByteArray ProjectFile::serialize(const Project &project)
{
    return fileformat::serializeProject(project);
}

QJsonObject ProjectFile::toJson(const Project &project)
{
    return QJsonDocument::fromJson(serialize(project)).object();
}

std::optional<IoError> ProjectFile::write(const Project &project, const QString &path)
{
    const QFileInfo info(path);
    if (!info.absoluteDir().exists())
        return IoError {path,
                        0,
                        0,
                        {},
                        QStringLiteral("cannot write the file: the directory %1 does not exist")
                            .arg(QDir::toNativeSeparators(info.absolutePath()))};
    if (auto reason = writeFileAtomically(path, serialize(project)))
        return IoError {path, 0, 0, {}, QStringLiteral("cannot write the file: ") + *reason};
    return std::nullopt;
}

} // namespace keyscope::model
