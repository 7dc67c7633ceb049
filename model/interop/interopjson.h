#pragma once

#include "model/design/project.h"
#include "model/io/ioerror.h"
#include "model/io/orderedjson.h"
#include "model/value/attributevalue.h"

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <optional>

namespace keyscope::model::interopjson {

// A plain JSON value (as early NoSQL Workbench files and CSV cells hold them) as DynamoDB
// value of the declared type ("S", "N", "B", "BOOL", ...; empty: from the JSON type). Strings
// are read as numbers for N and as base64 for B; numbers become N, booleans BOOL, null NULL,
// arrays L and objects M.
std::optional<AttributeValue> valueFromPlainJson(const QJsonValue &json, const QString &declared,
                                                 QString *error, QString *errorPath);

// The project's table as `aws dynamodb create-table --cli-input-json` takes it, members in the
// API's order (TableName, AttributeDefinitions, KeySchema, LocalSecondaryIndexes,
// GlobalSecondaryIndexes, BillingMode, ProvisionedThroughput, then the rest the project kept).
OrderedJson createTableJson(const Project &project);

// A project holding just a table (and optionally items): what importing a create-table file or
// a CloudFormation resource gives.
Project projectForTable(const TableDefinition &table, const QJsonObject &tableJson);

} // namespace keyscope::model::interopjson
