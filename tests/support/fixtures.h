#pragma once

// Fixtures model tests share: a project from tests/data, a PK/SK table, the local endpoint the
// fake DynamoDB transport answers as.

#include "model/design/projectfile.h"
#include "model/live/dynamoclient.h"
#include "model/table/tabledefinition.h"

#include <QJsonDocument>
#include <QtGlobal>

namespace keyscope::testsupport {

// A project under tests/data ("cli_design/iot-pass.keyscope.json"); a test fixture that does
// not read is a broken test, not a failing one.
inline model::Project readTestProject(const QString &relativePath)
{
    const QString path = QStringLiteral(KEYSCOPE_TEST_DATA_DIR "/") + relativePath;
    auto read = model::ProjectFile::read(path);
    if (!std::holds_alternative<model::Project>(read))
        qFatal("test project %s does not read", qPrintable(path));
    return std::get<model::Project>(std::move(read));
}

// Table "T": PK (S, HASH) and SK (skType, RANGE).
inline model::TableDefinition pkSkTable(const char *skType = "S")
{
    const QByteArray json = QByteArray(R"({"TableName": "T",
        "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
                                 {"AttributeName": "SK", "AttributeType": ")")
        + skType + R"("}],
        "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                      {"AttributeName": "SK", "KeyType": "RANGE"}]})";
    QString error;
    auto table = model::TableDefinition::fromJson(QJsonDocument::fromJson(json).object(), &error);
    if (!table)
        qFatal("bad table in test: %s", qPrintable(error));
    return *table;
}

// http://127.0.0.1:8000 in us-east-1 with fixed credentials.
inline model::live::LiveConnection localConnection()
{
    model::live::LiveConnection connection;
    connection.endpoint = QUrl(QStringLiteral("http://127.0.0.1:8000"));
    connection.region = QStringLiteral("us-east-1");
    connection.credentials
        = {QStringLiteral("AKID"), QStringLiteral("SECRET"), QString(), QStringLiteral("test")};
    return connection;
}

} // namespace keyscope::testsupport
