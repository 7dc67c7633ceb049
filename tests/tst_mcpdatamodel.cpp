// Importing the dynamodb_data_model.json of AWS's DynamoDB modeling assistant (issue 29, part 1):
// tables, items and access patterns; Query patterns read with `keyscope query`'s own parser;
// invalid files refused with the assistant's own facts (tests/data/mcp/README.md names the
// sources of the fixtures).

#include "model/design/accesspatternrunner.h"
#include "model/design/populator.h"
#include "model/design/projectfile.h"
#include "model/interop/interopfile.h"
#include "model/interop/mcpoperations.h"
#include "model/query/queryoptions.h"
#include "model/table/table.h"
#include "tests/support/runkeyscope.h"
#include "tests/support/testpaths.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace keyscope::model;

namespace {

const QString kModels = keyscope::testsupport::testDataPath("/mcp/datamodel/");
const QString kShop = kModels + "shop_data_model.json";

InteropFile::Input importFile(const QString &path, const QString &table = {})
{
    auto read = InteropFile::read(path, table);
    if (auto *error = std::get_if<IoError>(&read)) {
        qWarning("%s", qPrintable(error->toString()));
        return {};
    }
    return std::get<InteropFile::Input>(read);
}

const AccessPattern *findPattern(const Project &project, const QString &prefix)
{
    for (const AccessPattern &pattern : project.accessPatterns) {
        if (pattern.name.startsWith(prefix))
            return &pattern;
    }
    return nullptr;
}

QString notesWith(const QStringList &notes, const QString &text)
{
    for (const QString &note : notes) {
        if (note.contains(text))
            return note;
    }
    return {};
}

using Result = keyscope::testsupport::CliResult;

Result run(const QStringList &args, const QString &directory)
{
    keyscope::testsupport::CliOptions options;
    options.workingDirectory = directory;
    return keyscope::testsupport::runKeyscope(args, options);
}

} // namespace

class TestMcpDataModel : public QObject
{
    Q_OBJECT

private slots:
    void tablesItemsAndIndexes();
    void entityTypesFromItems();
    void queryPatternsRun();
    void otherOperationsListed();
    void implementationParsedAsQuery_data();
    void implementationParsedAsQuery();
    void invalidDataModel_data();
    void invalidDataModel();
    void cliCheck();
    void cliConvert();
    void roundTrip_data();
    void roundTrip();
    void exportRefusesItsInput();
};

void TestMcpDataModel::tablesItemsAndIndexes()
{
    const InteropFile::Input input = importFile(kShop);
    QCOMPARE(input.description, QStringLiteral("AWS DynamoDB MCP data model"));
    QCOMPARE(input.tableNames, QStringList({"ShopTable", "ProductTable"}));
    QCOMPARE(input.projects.size(), size_t(2));
    const Project &shop = input.projects.front();
    QCOMPARE(shop.items.size(), size_t(7));
    QCOMPARE(input.projects.back().items.size(), size_t(2));
    const IndexDefinition *multi = shop.table.index("StatusRegionIndex");
    QVERIFY(multi);
    QCOMPARE(multi->keys.hash.size(), size_t(2));
    QCOMPARE(multi->keys.range.size(), size_t(2));
    QCOMPARE(multi->keys.range.back().type, AttributeValue::Type::N);
    QCOMPARE(importFile(kShop, "ProductTable").projects.size(), size_t(1));
}

// No entity types in the file: they are inferred from the items' key prefixes, and the profile
// that sits in each user's partition with its orders is their parent.
void TestMcpDataModel::entityTypesFromItems()
{
    const InteropFile::Input input = importFile(kShop);
    QVERIFY(!input.projects.empty());
    const Project &shop = input.projects.front();
    QStringList names;
    for (const EntityType &entity : shop.entities)
        names << entity.name;
    QCOMPARE(shop.entities.size(), size_t(2));
    const auto order = std::find_if(shop.entities.begin(), shop.entities.end(),
                                    [](const EntityType &e) { return !e.parent.isEmpty(); });
    QVERIFY2(order != shop.entities.end(), qPrintable(names.join(", ")));
    QVERIFY2(order->keys.at("sk").startsWith("ORDER#"), qPrintable(order->keys.at("sk")));
    QVERIFY(shop.entity(order->parent));
    QCOMPARE(shop.entity(order->parent)->keys.at("sk"), QStringLiteral("PROFILE"));
}

void TestMcpDataModel::queryPatternsRun()
{
    const InteropFile::Input input = importFile(kShop);
    QVERIFY(!input.projects.empty());
    const Project &shop = input.projects.front();
    QCOMPARE(shop.accessPatterns.size(), size_t(3));
    const AccessPattern *newest = findPattern(shop, "2:");
    QVERIFY(newest);
    QCOMPARE(newest->description, QStringLiteral("A user's orders, newest first"));
    QVERIFY(!newest->scanIndexForward);
    QCOMPARE(newest->limit, std::optional<qint64>(10));
    QCOMPARE(findPattern(shop, "4:")->indexName, QStringLiteral("StatusRegionIndex"));

    auto population = Populator::populate(shop);
    QVERIFY(std::holds_alternative<Population>(population));
    const Population &items = std::get<Population>(population);
    auto built = AccessPatternRunner::buildTable(shop, items);
    QVERIFY(std::holds_alternative<std::unique_ptr<Table>>(built));
    const auto &table = std::get<std::unique_ptr<Table>>(built);
    QMap<QString, qint64> counts;
    for (const PatternResult &result : AccessPatternRunner::runAll(shop, items, *table)) {
        QVERIFY2(result.passed, qPrintable(result.name + ": " + result.explanation));
        counts.insert(result.name.section(u':', 0, 0), result.response->itemIds.size());
    }
    QCOMPARE(counts.value("2"), qint64(2)); // USER#u1's two orders
    QCOMPARE(counts.value("3"), qint64(1));
    QCOMPARE(counts.value("4"), qint64(1)); // shipped in the EU since February: o3
}

void TestMcpDataModel::otherOperationsListed()
{
    const InteropFile::Input input = importFile(kShop);
    const QStringList &notes = input.notes;
    QVERIFY2(!notesWith(notes, "access_patterns[0]: GetItem").isEmpty(),
             qPrintable(notes.join('\n')));
    QVERIFY2(notesWith(notes, "access_patterns[5]: UpdateItem")
                 .contains("the key lacks the sort key sk"),
             qPrintable(notes.join('\n')));
    const QString scan = notesWith(notes, "access_patterns[6]: Scan");
    QVERIFY2(scan.contains("reads every item of table ShopTable") && scan.contains("RCU"),
             qPrintable(scan));
    QVERIFY2(notesWith(notes, "access_patterns[8]").contains("Served by OpenSearch"),
             qPrintable(notes.join('\n')));
    QVERIFY(!input.projects.empty());
    const QJsonObject kept = input.projects.front().extra.value("x-mcp").toObject();
    QCOMPARE(kept.value("operations").toArray().size(), qsizetype(4)); // 1, 5, 6, 7
    // The same four stay listed with their checks, the import's notes aside.
    QStringList listed;
    for (const KeptOperation &operation : keptOperations(input.projects.front()))
        listed << operation.operation + " | " + operation.detail + " | " + operation.problem;
    QCOMPARE(listed.size(), qsizetype(4));
    QVERIFY2(listed.at(0).startsWith("GetItem | key pk = ") && listed.at(0).endsWith(" | "),
             qPrintable(listed.join('\n')));
    QVERIFY2(listed.at(1).startsWith("PutItem | key pk = USER#u2, sk = ORDER#"),
             qPrintable(listed.join('\n')));
    QCOMPARE(listed.at(2), QStringLiteral("UpdateItem |  | the key lacks the sort key sk"));
    QVERIFY2(listed.at(3).startsWith("Scan | reads every item of table ShopTable | here its "),
             qPrintable(listed.join('\n')));
}

void TestMcpDataModel::implementationParsedAsQuery_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("error"); // empty: parses
    QTest::newRow("flags and =")
        << "aws dynamodb query --table-name T --key-condition-expression 'pk = :p' "
           "--limit=3 --no-scan-index-forward --region us-east-1 --output json"
        << "";
    QTest::newRow("continued lines")
        << "aws dynamodb query \\\n  --table-name T \\\n  --key-condition-expression \"pk = :p\""
        << "";
    QTest::newRow("unknown option") << "aws dynamodb query --table-name T "
                                       "--key-condition-expression 'pk = :p' --frobnicate"
                                    << "Unknown options: --frobnicate";
    QTest::newRow("bad limit") << "aws dynamodb query --key-condition-expression 'pk = :p' "
                                  "--limit ten"
                               << "argument --limit: invalid int value: 'ten'";
    QTest::newRow("open quote") << "aws dynamodb query --key-condition-expression 'pk = :p"
                                << "the single quote at character 47 is never closed";
    QTest::newRow("missing condition") << "aws dynamodb query --table-name T"
                                       << "the following arguments are required: "
                                          "--key-condition-expression";
}

// The same parser as `keyscope query`: its messages are argparse's.
void TestMcpDataModel::implementationParsedAsQuery()
{
    QFETCH(QString, command);
    QFETCH(QString, error);
    auto parsed = QueryOptions::fromCommandLine(command);
    if (error.isEmpty()) {
        const QString *why = std::get_if<QString>(&parsed);
        QVERIFY2(!why, qPrintable(why ? *why : QString()));
        const QueryOptions &options = std::get<QueryOptions>(parsed);
        QCOMPARE(options.keyConditionExpression, std::optional<QString>("pk = :p"));
        QCOMPARE(options.tableName, std::optional<QString>("T"));
    } else {
        QVERIFY(std::holds_alternative<QString>(parsed));
        QCOMPARE(std::get<QString>(parsed), error);
    }
}

void TestMcpDataModel::invalidDataModel_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("message");
    QTest::newRow("missing items") << "missing_items.json"
                                   << "root"
                                   << "Missing required keys in data model: ['items']";
    QTest::newRow("attribute type")
        << "bad_attribute_type.json"
        << "tables[0].AttributeDefinitions[1].AttributeType"
        << "tables[0].AttributeDefinitions[1].AttributeType must be 'S', 'N', or 'B'";
    QTest::newRow("key not defined")
        << "key_not_defined.json"
        << "tables[0].KeySchema[1]"
        << "tables[0].KeySchema[1]: AttributeName 'sk' not found in AttributeDefinitions";
    QTest::newRow("two hash keys") << "two_hash_keys.json"
                                   << "tables[0].KeySchema"
                                   << "tables[0].KeySchema must contain exactly one HASH key, "
                                      "found 2";
    QTest::newRow("five hash keys")
        << "gsi_five_hash_keys.json"
        << "tables[0].GlobalSecondaryIndexes[0].KeySchema"
        << "tables[0].GlobalSecondaryIndexes[0].KeySchema must contain at most 4 HASH keys, "
           "found 5";
    QTest::newRow("include without attributes")
        << "include_without_attributes.json"
        << "tables[0].GlobalSecondaryIndexes[0].Projection.NonKeyAttributes"
        << "tables[0].GlobalSecondaryIndexes[0].Projection.NonKeyAttributes is required when "
           "ProjectionType is INCLUDE";
    QTest::newRow("duplicate tables") << "duplicate_table_names.json"
                                      << "tables"
                                      << "Data model contains duplicate table names. "
                                         "table_names: Orders";
    QTest::newRow("table name") << "table_name_characters.json"
                                << "tables[0].TableName"
                                << "tables[0].TableName must contain only letters, digits, and "
                                   "the characters _ (underscore), . (dot) and - (hyphen)";
    QTest::newRow("not an aws command") << "not_an_aws_command.json"
                                        << "access_patterns[0].implementation"
                                        << "Command must start with 'aws dynamodb'";
}

void TestMcpDataModel::invalidDataModel()
{
    QFETCH(QString, file);
    QFETCH(QString, path);
    QFETCH(QString, message);
    auto read = InteropFile::read(kModels + "invalid/" + file);
    QVERIFY(std::holds_alternative<IoError>(read));
    const IoError &error = std::get<IoError>(read);
    QCOMPARE(error.path, path);
    QVERIFY2(error.message.contains(message), qPrintable(error.message));
}

// A drop-in for the assistant's validation step: every pattern with pass/fail, no Docker.
void TestMcpDataModel::cliCheck()
{
    QTemporaryDir dir;
    const Result text = run({"check", kShop, "--table", "ShopTable"}, dir.path());
    QVERIFY2(text.outText().contains("PASS  2: A user's orders, newest first"),
             qPrintable(text.outText() + text.err));
    QVERIFY2(text.err.contains("access_patterns[6]: Scan"), qPrintable(text.err));

    const Result json = run({"check", kShop, "--json"}, dir.path());
    const QJsonArray reports = QJsonDocument::fromJson(json.out).array();
    QCOMPARE(reports.size(), qsizetype(2));
    QCOMPARE(reports.at(0).toObject().value("patterns").toArray().size(), qsizetype(3));
    for (const QJsonValue &pattern : reports.at(0).toObject().value("patterns").toArray())
        QVERIFY(pattern.toObject().value("passed").toBool());

    const Result invalid = run({"check", kModels + "invalid/missing_items.json"}, dir.path());
    QCOMPARE(invalid.exitCode, 255);
    QVERIFY2(invalid.err.contains("root: Missing required keys in data model: ['items']"),
             qPrintable(invalid.err));
}

void TestMcpDataModel::cliConvert()
{
    QTemporaryDir dir;
    const Result several = run({"convert", kShop, "-o", "out.keyscope.json"}, dir.path());
    QCOMPARE(several.exitCode, 252);
    QVERIFY2(several.err.contains("--all-tables"), qPrintable(several.err));

    const Result one
        = run({"convert", kShop, "--table", "ShopTable", "-o", "shop.keyscope.json"}, dir.path());
    QVERIFY2(one.exitCode == 0, qPrintable(one.err));
    auto project = ProjectFile::read(dir.filePath("shop.keyscope.json"));
    QVERIFY(std::holds_alternative<Project>(project));
    QCOMPARE(std::get<Project>(project).accessPatterns.size(), size_t(3));
    QCOMPARE(std::get<Project>(project).items.size(), size_t(7));

    const Result all = run({"convert", kShop, "--all-tables", "-o", "m.keyscope.json"}, dir.path());
    QVERIFY2(all.exitCode == 0, qPrintable(all.err));
    QVERIFY(QFile::exists(dir.filePath("m-ProductTable.keyscope.json")));
}

namespace {

// A project as its file holds it, but for the description (which names the file it came from).
QJsonObject comparable(const Project &project)
{
    QJsonObject json = ProjectFile::toJson(project);
    json.remove("description");
    return json;
}

} // namespace

void TestMcpDataModel::roundTrip_data()
{
    QTest::addColumn<QString>("table");
    QTest::newRow("ShopTable") << "ShopTable";
    QTest::newRow("ProductTable") << "ProductTable";
}

// Imported, written back with --to mcp-data-model and imported again: nothing changes.
void TestMcpDataModel::roundTrip()
{
    QFETCH(QString, table);
    const InteropFile::Input first = importFile(kShop, table);
    QCOMPARE(first.projects.size(), size_t(1));
    const Project &project = first.projects.front();
    const std::vector<QByteArray> files
        = InteropFile::render(InteropFile::Format::McpDataModel, project, project.items, {});
    QCOMPARE(files.size(), size_t(1));
    auto again = InteropFile::parse(files.front(), "again.json");
    const IoError *error = std::get_if<IoError>(&again);
    QVERIFY2(!error, qPrintable(error ? error->toString() : QString()));
    const InteropFile::Input &second = std::get<InteropFile::Input>(again);
    QCOMPARE(second.kind, InteropFile::Kind::McpDataModel);
    QCOMPARE(second.projects.size(), size_t(1));
    QCOMPARE(comparable(second.projects.front()), comparable(project));
}

void TestMcpDataModel::exportRefusesItsInput()
{
    QTemporaryDir dir;
    QVERIFY(QFile::copy(kShop, dir.filePath("model.json")));
    QFile in(dir.filePath("model.json"));
    QVERIFY(in.open(QIODevice::ReadOnly));
    const QByteArray before = in.readAll();
    in.close();
    const Result same = run({"convert", "model.json", "--table", "ShopTable", "--to",
                             "mcp-data-model", "-o", "model.json"},
                            dir.path());
    QVERIFY2(same.exitCode != 0, qPrintable(same.err));
    QVERIFY(in.open(QIODevice::ReadOnly));
    QCOMPARE(in.readAll(), before);
    in.close();

    const Result out = run({"convert", "model.json", "--table", "ShopTable", "--to",
                            "mcp-data-model", "-o", "back.json"},
                           dir.path());
    QVERIFY2(out.exitCode == 0, qPrintable(out.err));
    const Result check = run({"check", "back.json"}, dir.path());
    QVERIFY2(check.outText().contains("PASS  4: Shipped orders in a region since a date"),
             qPrintable(check.outText() + check.err));
}

QTEST_GUILESS_MAIN(TestMcpDataModel)
#include "tst_mcpdatamodel.moc"
