#pragma once

#include "model/design/project.h"
#include "model/io/ioerror.h"
#include "model/io/orderedjson.h"

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <variant>
#include <vector>

namespace keyscope::model {

// AWS CloudFormation templates with `AWS::DynamoDB::Table` resources, in JSON or YAML.
//
// Export writes one resource whose Properties are the project's table (TableName,
// AttributeDefinitions, KeySchema, indexes, BillingMode, ProvisionedThroughput, Tags); a table
// without provisioned throughput is PAY_PER_REQUEST, and each GSI of a PROVISIONED table gets
// the table's throughput unless it has its own.
//
// Import reads every AWS::DynamoDB::Table resource (AWS::DynamoDB::GlobalTable too). Intrinsic
// functions are resolved where the template itself has the answer: {"Ref": P} and ${P} in
// Fn::Sub take parameter P's Default, Fn::Join joins resolved parts. A TableName that cannot be
// resolved (!Ref of a parameter without a Default, ${AWS::StackName}) becomes the resource's
// logical id, with a note; an unresolvable key, attribute or index member is an error naming
// its JSON path and the function.
class CloudFormationTemplate
{
public:
    // The table JSON member that keeps a resource's logical id and other properties
    // (StreamSpecification, SSESpecification, ...) as written, for the next CloudFormation
    // export: {"LogicalId": "OrdersTable", "Properties": {...}}.
    static constexpr const char *kExtraMember = "x-cloudformation";

    struct Table
    {
        QString logicalId;
        Project project; // the table alone: no entity types, no items
    };
    struct Import
    {
        std::vector<Table> tables; // in resource order (alphabetical, as JSON objects keep them)
        QStringList notes;
    };

    // An object with "Resources" or "AWSTemplateFormatVersion".
    static bool looksLike(const QJsonValue &document);
    // `table` picks one table by TableName or logical id; empty takes every one.
    static std::variant<Import, IoError> fromJson(const QJsonValue &document, const QString &source,
                                                  const QString &table = {});

    static OrderedJson toJson(const Project &project);
    static QByteArray serializeJson(const Project &project); // 2-space indentation
    static QByteArray serializeYaml(const Project &project);
    // A valid logical id for the table: its name's letters and digits ("iot-readings" ->
    // "IotReadingsTable").
    static QString logicalIdFor(const QString &tableName);
};

} // namespace keyscope::model
