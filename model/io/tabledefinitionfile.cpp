#include "model/io/tabledefinitionfile.h"

#include "model/io/jsonfile.h"

namespace keyscope::model {

std::variant<TableDefinition, IoError> TableDefinitionFile::read(const QString &path)
{
    auto document = JsonFile::read(path);
    if (auto *error = std::get_if<IoError>(&document))
        return *error;
    return fromDocument(std::get<QJsonDocument>(document), path);
}

std::variant<TableDefinition, IoError>
TableDefinitionFile::fromDocument(const QJsonDocument &document, const QString &source)
{
    if (!document.isObject())
        return IoError {source,
                        0,
                        0,
                        {},
                        QStringLiteral("expected a table definition object such as the input of "
                                       "`aws dynamodb create-table --cli-input-json` "
                                       "({\"TableName\": ..., \"AttributeDefinitions\": [...], "
                                       "\"KeySchema\": [...]}) or the output of "
                                       "`aws dynamodb describe-table` ({\"Table\": {...}})")};
    QString message;
    auto definition = TableDefinition::fromJson(document.object(), &message);
    if (!definition)
        return IoError {source, 0, 0, {}, message};
    return *definition;
}

} // namespace keyscope::model
