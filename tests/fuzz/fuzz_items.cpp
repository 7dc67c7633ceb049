// Items files and DynamoDB JSON: batch-write requests, scan output, arrays of items, JSON lines,
// read for a table with a string partition key and sort key.

#include "model/io/itemsfile.h"
#include "model/io/jsonfile.h"
#include "model/table/tabledefinition.h"

#include <QJsonArray>
#include <QJsonObject>

#include <cstddef>
#include <cstdint>

using namespace keyscope::model;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    static const TableDefinition table = [] {
        QString error;
        const QJsonObject json {
            {"TableName", "T"},
            {"KeySchema",
             QJsonArray {QJsonObject {{"AttributeName", "PK"}, {"KeyType", "HASH"}},
                         QJsonObject {{"AttributeName", "SK"}, {"KeyType", "RANGE"}}}},
            {"AttributeDefinitions",
             QJsonArray {QJsonObject {{"AttributeName", "PK"}, {"AttributeType", "S"}},
                         QJsonObject {{"AttributeName", "SK"}, {"AttributeType", "S"}}}}};
        return *TableDefinition::fromJson(json, &error);
    }();
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    auto parsed = JsonFile::parse(bytes, QStringLiteral("fuzz.json"));
    if (auto *document = std::get_if<QJsonDocument>(&parsed))
        (void)ItemsFile::fromDocument(*document, QStringLiteral("fuzz.json"), table);
    return 0;
}
