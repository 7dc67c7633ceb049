#pragma once

// Fixtures the suites share: tables from create-table JSON, projects read from files,
// populations, the local endpoint the fake DynamoDB transport answers as. Each stops the run
// with the reason when its input is bad: that is a mistake in the test's own data, not a
// finding of the code under test.

#include "model/design/populator.h"
#include "model/design/projectfile.h"
#include "model/live/dynamoclient.h"
#include "model/table/table.h"
#include "model/table/tabledefinition.h"
#include "tests/support/testpaths.h"

#include <QByteArray>
#include <QJsonDocument>
#include <QStringList>
#include <QtGlobal>

#include <memory>
#include <vector>

namespace keyscope::testsupport {

inline model::TableDefinition tableFromJson(const QByteArray &json)
{
    QString error;
    const auto table
        = model::TableDefinition::fromJson(QJsonDocument::fromJson(json).object(), &error);
    if (!table)
        qFatal("bad table in test: %s", qPrintable(error));
    return *table;
}

// Table `name`: PK (S, HASH) and SK (skType, RANGE).
inline model::TableDefinition pkSkTable(const char *skType = "S", const char *name = "T")
{
    return tableFromJson(QByteArray(R"({"TableName": ")") + name + R"(",
        "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
                                 {"AttributeName": "SK", "AttributeType": ")"
                         + skType + R"("}],
        "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                      {"AttributeName": "SK", "KeyType": "RANGE"}]})");
}

// A table holding `items`, written as PutItem would.
inline std::shared_ptr<model::Table> tableWith(const model::TableDefinition &definition,
                                               const std::vector<model::Item> &items)
{
    auto table = std::make_shared<model::Table>(definition);
    const auto result = table->putItems(items);
    if (const auto *e = std::get_if<model::Table::ItemError>(&result))
        qFatal("item rejected in test: %s", qPrintable(e->message));
    return table;
}

inline model::Project readProject(const QString &path)
{
    const auto read = model::ProjectFile::read(path);
    if (const auto *errors = std::get_if<std::vector<model::IoError>>(&read)) {
        QStringList texts;
        for (const model::IoError &e : *errors)
            texts << e.path + QStringLiteral(": ") + e.message;
        qFatal("cannot read %s: %s", qPrintable(path), qPrintable(texts.join(u'\n')));
    }
    return std::get<model::Project>(read);
}

// A project under tests/data ("cli_design/iot-pass.keyscope.json").
inline model::Project readTestProject(const QString &relativePath)
{
    return readProject(keyscope::testsupport::testDataPath("/") + relativePath);
}

inline model::Population populate(const model::Project &project)
{
    auto populated = model::Populator::populate(project);
    if (const auto *error = std::get_if<model::PopulationError>(&populated))
        qFatal("populate failed at %s: %s", qPrintable(error->path), qPrintable(error->message));
    return std::get<model::Population>(std::move(populated));
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
