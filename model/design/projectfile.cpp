#include "model/design/projectfile.h"

// The facade over the project file's reader and writer (model/design/fileformat/).

#include "model/design/fileformat/projectreader.h"
#include "model/design/fileformat/projectwriter.h"
#include "model/io/atomicfile.h"
#include "model/io/inputfile.h"
#include "model/io/itemsreader.h"
#include "model/io/jsonfile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>

namespace keyscope::model {

std::variant<Project, std::vector<IoError>> ProjectFile::read(const QString &path)
{
    auto bytes = InputFile::read(path);
    if (auto *error = std::get_if<IoError>(&bytes))
        return std::vector<IoError> {*error};
    return parse(std::get<QByteArray>(bytes), path);
}

namespace {

std::variant<Project, std::vector<IoError>>
fromDocument(const QJsonDocument &document, const QString &source, const ItemList *items)
{
    fileformat::Reader reader(source);
    fileformat::ProjectReader projectReader(reader);
    auto project = projectReader.read(document, items);
    if (!project)
        return reader.takeErrors();
    return std::move(*project);
}

} // namespace

std::variant<Project, std::vector<IoError>> ProjectFile::parse(const QByteArray &data,
                                                               const QString &source)
{
    // Hand-written items (thousands, from an import) are read as they are parsed, and only the
    // rest of the file through a document: a document of every item costs twenty times the
    // file. Anything the streaming pass does not read exactly is read through the document.
    if (auto split = itemsreader::readItemsMember(data, QLatin1StringView("items"))) {
        if (auto project = fromItemsMember(*split, source))
            return std::move(*project);
    }
    auto document = JsonFile::parse(data, source);
    if (auto *error = std::get_if<IoError>(&document))
        return std::vector<IoError> {*error};
    return fromJson(std::get<QJsonDocument>(document), source);
}

std::optional<std::variant<Project, std::vector<IoError>>>
ProjectFile::fromItemsMember(const itemsreader::ItemsMember &split, const QString &source)
{
    auto rest = JsonFile::parse(split.rest, source);
    if (auto *document = std::get_if<QJsonDocument>(&rest))
        return fromDocument(*document, source, &split.items);
    return std::nullopt;
}

std::variant<Project, std::vector<IoError>> ProjectFile::fromJson(const QJsonDocument &document,
                                                                  const QString &source)
{
    return fromDocument(document, source, nullptr);
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
