#pragma once

#include "model/io/ioerror.h"
#include "model/table/tabledefinition.h"

#include <QJsonDocument>
#include <QString>

#include <variant>

namespace keyscope::model {

// Loads a table definition from the files users already have: the
// `aws dynamodb create-table --cli-input-json` input, or `aws dynamodb describe-table` output
// ({"Table": {...}}). Capacity, billing, streams, SSE, tags and the like are ignored.
class TableDefinitionFile
{
public:
    static std::variant<TableDefinition, IoError> read(const QString &path);
    static std::variant<TableDefinition, IoError> fromDocument(const QJsonDocument &document,
                                                               const QString &source);
};

} // namespace keyscope::model
