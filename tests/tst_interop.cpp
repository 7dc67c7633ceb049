// NoSQL Workbench models, CloudFormation, create-table, batch-write, scan and CSV: import of
// each fixture, errors with JSON paths, and round trips through every format.

#include "model/design/projectfile.h"
#include "model/interop/cloudformationtemplate.h"
#include "model/interop/interopfile.h"
#include "model/interop/interopjson.h"
#include "model/interop/itemsformats.h"
#include "model/interop/workbenchmodel.h"
#include "model/interop/yamldocument.h"
#include "model/io/jsonfile.h"
#include "model/io/jsonwriter.h"
#include "model/value/dynamojson.h"
#include "model/value/number.h"
#include "tests/support/testpaths.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace keyscope::model;

namespace {

const QString kData = keyscope::testsupport::testDataPath("/interop/");
const QDateTime kNow = QDateTime(QDate(2026, 1, 2), QTime(3, 4), Qt::UTC);

InteropFile::Input readInput(const QString &name, const QString &table = {})
{
    auto read = InteropFile::read(kData + name, table);
    if (auto *error = std::get_if<IoError>(&read))
        qFatal("%s", qPrintable(error->toString()));
    return std::get<InteropFile::Input>(read);
}

IoError readError(const QString &path, const QString &table = {})
{
    auto read = InteropFile::read(path, table);
    if (!std::holds_alternative<IoError>(read))
        qFatal("expected an error from %s", qPrintable(path));
    return std::get<IoError>(read);
}

Project loadProject(const QString &path)
{
    auto read = ProjectFile::read(path);
    if (auto *errors = std::get_if<std::vector<IoError>>(&read))
        qFatal("%s", qPrintable(errors->front().toString()));
    return std::get<Project>(read);
}

QString itemText(const Item &item)
{
    return QString::fromUtf8(
        QJsonDocument(dynamojson::itemToJson(item)).toJson(QJsonDocument::Compact));
}

QStringList itemTexts(const ItemList &items)
{
    QStringList out;
    for (const Item &item : items)
        out << itemText(item);
    return out;
}

template<typename Variant>
QString errorText(const Variant &result)
{
    const IoError *error = std::get_if<IoError>(&result);
    return error ? error->toString() : QString();
}

const EntityType *entity(const Project &project, const QString &name)
{
    const EntityType *found = project.entity(name);
    if (!found)
        qFatal("no entity type %s", qPrintable(name));
    return found;
}

Project withoutWorkbenchExtra(Project project)
{
    project.extra.remove(QLatin1String(WorkbenchModel::kExtraMember));
    return project;
}

} // namespace

class TestInterop : public QObject
{
    Q_OBJECT

private slots:
    void workbench30();
    void workbench30PicksOneTable();
    void workbench20();
    void workbench10FacetData();
    void workbenchEarlyPlainValues();
    void workbenchErrors_data();
    void workbenchErrors();
    void workbenchBadItemLeftOut();
    void keyscopeWorkbenchKeyscope_data();
    void keyscopeWorkbenchKeyscope();
    void workbenchEditsSurvive();
    void plainModelKeepsSimpleTemplates();
    void workbenchKeyscopeWorkbench();
    void everyVersionRoundTrips_data();
    void everyVersionRoundTrips();
    void cloudFormationYamlShortForms();
    void cloudFormationUnresolvable();
    void tableFormatsRoundTrip_data();
    void tableFormatsRoundTrip();
    void batchWriteChunksOf25();
    void scanRoundTrip();
    void csvRoundTripsEveryType();
    void csvFixtureTypes();
    void csvErrors_data();
    void csvErrors();
    void yamlSyntaxErrorHasPosition();
    void yamlLimits_data();
    void yamlLimits();
    void yamlAliasesWithinLimitsExpand();
    void foundValueIsNamed_data();
    void foundValueIsNamed();
    void detectsByContent_data();
    void detectsByContent();
};

void TestInterop::workbench30()
{
    const auto input = readInput(QStringLiteral("workbench-3.0.json"));
    QCOMPARE(input.kind, InteropFile::Kind::Workbench);
    QCOMPARE(input.description, QStringLiteral("NoSQL Workbench model (version 3.0)"));
    QCOMPARE(input.tableNames, (QStringList {"MusicCollection", "Artists"}));
    QCOMPARE(input.projects.size(), 2u);
    const Project &music = input.projects[0];
    QCOMPARE(music.name, QStringLiteral("Music Library — MusicCollection"));
    QCOMPARE(music.description, QStringLiteral("Songs and their downloads"));
    QCOMPARE(music.table.tableName, QStringLiteral("MusicCollection"));
    QCOMPARE(music.table.keys.hash.front().name, QStringLiteral("SongId"));
    QCOMPARE(music.table.keys.range.front().name, QStringLiteral("Metadata"));
    QCOMPARE(music.table.indexes.size(), 1u);
    QCOMPARE(music.table.indexes[0].name, QStringLiteral("DownloadsByDay"));
    QCOMPARE(music.table.indexes[0].projection, ProjectionType::KeysOnly);
    QCOMPARE(music.tableJson.value("BillingMode").toString(), QStringLiteral("PROVISIONED"));
    QCOMPARE(music.tableJson.value("ProvisionedThroughput")
                 .toObject()
                 .value("ReadCapacityUnits")
                 .toInt(),
             5);

    // Facets -> entity types; an alias that is a name becomes an attribute and a template.
    QCOMPARE(music.entities.size(), 2u);
    const EntityType *details = entity(music, "SongDetails");
    QCOMPARE(details->keys.at("SongId"), QStringLiteral("{Song}"));
    QVERIFY(!details->keys.count("Metadata")); // the alias is the key's own name
    QStringList names;
    for (const auto &attribute : details->attributes)
        names << attribute.name;
    // Genres (SS) is not a generated attribute type: a note says so, its values stay in items.
    QCOMPARE(names,
             (QStringList {"Song", "Metadata", "Title", "Artist", "TotalDownloads", "Explicit"}));
    QVERIFY2(input.notes.join('\n').contains("attribute 'Genres' of type SS"),
             qPrintable(input.notes.join('\n')));
    const EntityType *downloads = entity(music, "Downloads");
    QCOMPARE(downloads->keys.at("Metadata"), QStringLiteral("{DownloadId}"));

    // Table data -> hand-written items.
    QCOMPARE(music.items.size(), 3u);
    QCOMPARE(music.items[0].at("Genres").type(), AttributeValue::Type::SS);
    QCOMPARE(music.items[0].at("TotalDownloads").asNumber().toString(), QStringLiteral("2"));

    const Project &artists = input.projects[1];
    QCOMPARE(artists.table.keys.hash.front().type, AttributeValue::Type::N);
    QCOMPARE(artists.tableJson.value("BillingMode").toString(), QStringLiteral("PAY_PER_REQUEST"));
    QCOMPARE(artists.items.size(), 1u);
}

void TestInterop::workbench30PicksOneTable()
{
    const auto input = readInput(QStringLiteral("workbench-3.0.json"), QStringLiteral("Artists"));
    QCOMPARE(input.projects.size(), 1u);
    QCOMPARE(input.projects[0].table.tableName, QStringLiteral("Artists"));
    const IoError error = readError(kData + "workbench-3.0.json", QStringLiteral("Songs"));
    QCOMPARE(error.path, QStringLiteral("DataModel"));
    QCOMPARE(
        error.message,
        QStringLiteral("the model has no table \"Songs\"; its tables: MusicCollection, Artists"));
}

void TestInterop::workbench20()
{
    const auto input = readInput(QStringLiteral("workbench-2.0.json"));
    QCOMPARE(input.description, QStringLiteral("NoSQL Workbench model (version 2.0)"));
    const Project &orders = input.projects.at(0);
    QCOMPARE(orders.name, QStringLiteral("Orders"));
    const IndexDefinition *gsi = orders.table.index("GSI1");
    QVERIFY(gsi);
    QCOMPARE(gsi->projection, ProjectionType::Include);
    QCOMPARE(gsi->nonKeyAttributes, QStringList {"Total"});
    // "CUSTOMER#<id>" becomes the template "CUSTOMER#{id}" with an attribute id.
    const EntityType *order = entity(orders, "Order");
    QCOMPARE(order->keys.at("PK"), QStringLiteral("CUSTOMER#{id}"));
    QCOMPARE(order->keys.at("SK"), QStringLiteral("ORDER#{date}"));
    QStringList names;
    for (const auto &attribute : order->attributes)
        names << attribute.name;
    QCOMPARE(names, (QStringList {"id", "date", "GSI1PK", "GSI1SK", "Total"}));
    QCOMPARE(orders.items.size(), 2u);
    QCOMPARE(orders.items[0].at("Total").asNumber().toString(), QStringLiteral("42.5"));
    // Exported again, the alias is the original text.
    const QByteArray exported = WorkbenchModel::serialize(orders, orders.items, kNow);
    QVERIFY(exported.contains("\"PartitionKeyAlias\": \"CUSTOMER#<id>\""));
    QVERIFY(exported.contains("\"SortKeyAlias\": \"ORDER#<date>\""));
    // ... and the attributes only the aliases name are not facet attributes.
    QCOMPARE(QJsonDocument::fromJson(exported)
                 .object()
                 .value("DataModel")[0]["TableFacets"][0]["NonKeyAttributes"]
                 .toArray(),
             (QJsonArray {"GSI1PK", "GSI1SK", "Total"}));
}

void TestInterop::workbench10FacetData()
{
    const auto input = readInput(QStringLiteral("workbench-1.0.json"));
    QCOMPARE(input.description, QStringLiteral("NoSQL Workbench model (version 1.0)"));
    const Project &project = input.projects.at(0);
    QCOMPARE(project.entities.size(), 2u);
    QCOMPARE(entity(project, "Employee")->keys.at("PK"), QStringLiteral("{EmployeeId}"));
    // Each facet's items, in facet order; the item keyed by the alias gets the real key name.
    QCOMPARE(itemTexts(project.items),
             (QStringList {R"({"Name":{"S":"Ada"},"PK":{"S":"E-1"},"SK":{"S":"PROFILE"}})",
                           R"({"Name":{"S":"Grace"},"PK":{"S":"E-2"},"SK":{"S":"PROFILE"}})",
                           R"({"Floor":{"N":"3"},"PK":{"S":"E-1"},"SK":{"S":"DESK#12"}})"}));
}

void TestInterop::workbenchEarlyPlainValues()
{
    const auto input = readInput(QStringLiteral("workbench-early.json"));
    QCOMPARE(input.description, QStringLiteral("NoSQL Workbench model (early, no version)"));
    const Project &project = input.projects.at(0);
    QCOMPARE(itemTexts(project.items),
             (QStringList {
                 R"({"Reading":{"S":"21.5"},"SensorId":{"S":"s-1"},"Ts":{"N":"1568628000"}})",
                 R"({"Reading":{"S":"21.7"},"SensorId":{"S":"s-1"},"Ts":{"N":"1568628060"}})"}));
}

void TestInterop::workbenchErrors_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("message");
    QTest::newRow("DataModel not an array") << "not-a-model.json"
                                            << "DataModel"
                                            << "expected an array of tables";
    QTest::newRow("bad key type") << "bad-key-model.json"
                                  << "table 'Bad', KeyAttributes.PartitionKey.AttributeType"
                                  << "a key attribute's type is S, N or B, found \"BOOL\"";
}

// A malformed sample item no longer refuses the model (issue 12): it is left out with a note
// naming the file and the item's path, and the other item is imported.
void TestInterop::workbenchBadItemLeftOut()
{
    const auto input = readInput(QStringLiteral("bad-item-model.json"));
    QCOMPARE(itemTexts(input.projects.at(0).items), QStringList {R"({"PK":{"S":"a"}})"});
    QCOMPARE(input.notes.size(), qsizetype(1));
    QVERIFY2(input.notes.front().startsWith(kData
                                            + "bad-item-model.json: table 'T', item 2 (PK 'b'): "
                                              "left out this item (the rest is imported): "
                                              "attribute 'Count'"),
             qPrintable(input.notes.front()));
    QVERIFY2(input.notes.front().endsWith("(at DataModel[0].TableData[1].Count.N)"),
             qPrintable(input.notes.front()));
    QVERIFY2(input.notes.front().contains("left out this item")
                 && input.notes.front().contains("many"),
             qPrintable(input.notes.front()));
}

void TestInterop::workbenchErrors()
{
    QFETCH(QString, file);
    QFETCH(QString, path);
    QFETCH(QString, message);
    const IoError error = readError(kData + file);
    QVERIFY2(error.path.startsWith(path), qPrintable(error.toString()));
    QVERIFY2(error.message.contains(message), qPrintable(error.toString()));
    QVERIFY(error.toString().startsWith(kData + file + ": " + path));
}

void TestInterop::keyscopeWorkbenchKeyscope_data()
{
    QTest::addColumn<QString>("path");
    QTest::newRow("iot") << keyscope::testsupport::testDataPath("/project/iot.keyscope.json");
    QTest::newRow("everything") << keyscope::testsupport::testDataPath(
        "/project/everything.keyscope.json");
}

void TestInterop::keyscopeWorkbenchKeyscope()
{
    QFETCH(QString, path);
    const Project original = loadProject(path);
    auto items = InteropFile::populatedItems(original, path);
    QVERIFY(std::holds_alternative<ItemList>(items));
    const QByteArray model = WorkbenchModel::serialize(original, std::get<ItemList>(items), kNow);
    // A Workbench 3.0 model: facets, table data.
    const QJsonObject root = QJsonDocument::fromJson(model).object();
    QCOMPARE(root.value("ModelMetadata").toObject().value("Version").toString(),
             QStringLiteral("3.0"));
    QCOMPARE(root.value("ModelMetadata").toObject().value("DateLastModified").toString(),
             QStringLiteral("Jan 02, 2026, 03:04 AM"));
    const QJsonObject table = root.value("DataModel").toArray().at(0).toObject();
    QCOMPARE(table.value("TableFacets").toArray().size(), qsizetype(original.entities.size()));
    QCOMPARE(table.value("TableData").toArray().size(),
             qsizetype(std::get<ItemList>(items).size()));

    auto back = InteropFile::parse(model, "model.json");
    QVERIFY2(std::holds_alternative<InteropFile::Input>(back), qPrintable(errorText(back)));
    const auto &input = std::get<InteropFile::Input>(back);
    QCOMPARE(input.notes, QStringList());
    QCOMPARE(input.projects.size(), 1u);
    // Nothing lost: the same project file, byte for byte.
    QCOMPARE(QString::fromUtf8(ProjectFile::serialize(withoutWorkbenchExtra(input.projects[0]))),
             QString::fromUtf8(ProjectFile::serialize(original)));
}

void TestInterop::workbenchEditsSurvive()
{
    // An item edited and one added in NoSQL Workbench come back as hand-written items.
    const Project original
        = loadProject(keyscope::testsupport::testDataPath("/project/iot.keyscope.json"));
    std::vector<Item> items
        = std::get<ItemList>(InteropFile::populatedItems(original, {})).toVector();
    items[1]["Model"] = AttributeValue::string("EDITED");
    Item added {{"PK", AttributeValue::string("DEVICE#new")},
                {"SK", AttributeValue::string("DEVICE#new")}};
    items.push_back(added);
    auto back = InteropFile::parse(WorkbenchModel::serialize(original, items, kNow), "model.json");
    const Project &project = std::get<InteropFile::Input>(back).projects.at(0);
    QCOMPARE(project.items.size(), original.items.size() + 2);
    QCOMPARE(itemText(project.items.back()), itemText(added));
    QCOMPARE(project.items[project.items.size() - 2].at("Model").asString(),
             QStringLiteral("EDITED"));
    QVERIFY(std::get<InteropFile::Input>(back).notes.join(' ').contains(
        "2 items of the table data differ"));
}

void TestInterop::plainModelKeepsSimpleTemplates()
{
    // Without its KeyscopeProject member, a model still gives back the templates its aliases
    // spell out with plain placeholders; others leave the key an attribute of its own.
    const Project original
        = loadProject(keyscope::testsupport::testDataPath("/project/iot.keyscope.json"));
    QJsonObject root
        = QJsonDocument::fromJson(WorkbenchModel::serialize(original, {}, kNow)).object();
    QJsonArray tables = root.value("DataModel").toArray();
    QJsonObject table = tables.at(0).toObject();
    table.remove(WorkbenchModel::kProjectMember);
    tables[0] = table;
    root.insert("DataModel", tables);
    auto read = InteropFile::parse(QJsonDocument(root).toJson(), "plain.json");
    QVERIFY2(std::holds_alternative<InteropFile::Input>(read), qPrintable(errorText(read)));
    const Project &plain = std::get<InteropFile::Input>(read).projects.at(0);
    QCOMPARE(entity(plain, "Device")->keys, entity(original, "Device")->keys);
    QVERIFY(entity(plain, "Reading")->keys.empty()); // {Device.DeviceId}, {Ts|iso8601}
}

void TestInterop::workbenchKeyscopeWorkbench()
{
    const auto input
        = readInput(QStringLiteral("workbench-3.0.json"), QStringLiteral("MusicCollection"));
    const Project &project = input.projects.at(0);
    const QByteArray exported = WorkbenchModel::serialize(project, project.items, kNow);
    const QJsonObject root = QJsonDocument::fromJson(exported).object();
    // Unknown members of the imported file survive, at every level.
    QCOMPARE(root.value("x-model-note").toObject().value("kept").toBool(), true);
    QCOMPARE(root.value("ModelMetadata").toObject().value("DateCreated").toString(),
             QStringLiteral("Jan 12, 2023, 10:14 AM"));
    QCOMPARE(root.value("ModelMetadata").toObject().value("Author").toString(),
             QStringLiteral("Keyscope tests"));
    const QJsonObject table = root.value("DataModel").toArray().at(0).toObject();
    QCOMPARE(table.value("x-vendor-note").toString(),
             QStringLiteral("an unknown table member that must survive export"));
    QCOMPARE(table.value("ProvisionedCapacitySettings")
                 .toObject()
                 .value("AutoScalingRead")
                 .toObject()
                 .value("ScalingPolicyConfiguration")
                 .toObject()
                 .value("TargetValue")
                 .toInt(),
             70);
    QCOMPARE(table.value("BillingMode").toString(), QStringLiteral("PROVISIONED"));
    // The facets read as they were written.
    const QJsonArray facets = table.value("TableFacets").toArray();
    QCOMPARE(facets.at(0).toObject().value("KeyAttributeAlias").toObject(),
             (QJsonObject {{"PartitionKeyAlias", "Song"}, {"SortKeyAlias", "Metadata"}}));
    QCOMPARE(facets.at(1).toObject().value("KeyAttributeAlias").toObject(),
             (QJsonObject {{"PartitionKeyAlias", "Song"}, {"SortKeyAlias", "DownloadId"}}));
    QCOMPARE(facets.at(0).toObject().value("NonKeyAttributes").toArray(),
             (QJsonArray {"Title", "Artist", "TotalDownloads", "Explicit"}));
    // Declared attributes are all still declared, Genres included.
    QStringList declared;
    for (const QJsonValue &attribute : table.value("NonKeyAttributes").toArray())
        declared << attribute.toObject().value("AttributeName").toString();
    QCOMPARE(declared,
             (QStringList {"Title", "Artist", "TotalDownloads", "DownloadTimestamp", "Explicit",
                           "Genres"}));
    QCOMPARE(table.value("TableData").toArray().size(), 3);

    // And back again: the same project.
    auto again = InteropFile::parse(exported, "again.json");
    const Project &reread = std::get<InteropFile::Input>(again).projects.at(0);
    QCOMPARE(QString::fromUtf8(ProjectFile::serialize(reread)),
             QString::fromUtf8(ProjectFile::serialize(project)));
}

void TestInterop::everyVersionRoundTrips_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("table");
    QTest::newRow("3.0 MusicCollection") << "workbench-3.0.json"
                                         << "MusicCollection";
    QTest::newRow("3.0 Artists") << "workbench-3.0.json"
                                 << "Artists";
    QTest::newRow("2.0") << "workbench-2.0.json"
                         << "";
    QTest::newRow("1.0") << "workbench-1.0.json"
                         << "";
    QTest::newRow("early") << "workbench-early.json"
                           << "";
}

void TestInterop::everyVersionRoundTrips()
{
    // Workbench -> Keyscope -> Workbench 3.0 -> Keyscope: the same project both times.
    QFETCH(QString, file);
    QFETCH(QString, table);
    const Project first = readInput(file, table).projects.at(0);
    const QByteArray model = WorkbenchModel::serialize(first, first.items, kNow);
    auto back = InteropFile::parse(model, "again.json");
    QVERIFY2(std::holds_alternative<InteropFile::Input>(back), qPrintable(errorText(back)));
    const auto &input = std::get<InteropFile::Input>(back);
    QCOMPARE(input.description, QStringLiteral("NoSQL Workbench model (version 3.0)"));
    const Project &second = input.projects.at(0);
    // The design is the same; the Workbench members Keyscope keeps only gain 3.0's defaults
    // (DataAccess, typed NonKeyAttributes) ...
    const auto design = [](Project project) {
        project.extra.remove(QLatin1String(WorkbenchModel::kExtraMember));
        for (EntityType &type : project.entities)
            type.extra.remove(QLatin1String(WorkbenchModel::kExtraMember));
        return QString::fromUtf8(ProjectFile::serialize(project));
    };
    QCOMPARE(design(second), design(first));
    // ... after which the round trip is exact.
    auto third
        = InteropFile::parse(WorkbenchModel::serialize(second, second.items, kNow), "third.json");
    QCOMPARE(QString::fromUtf8(
                 ProjectFile::serialize(std::get<InteropFile::Input>(third).projects.at(0))),
             QString::fromUtf8(ProjectFile::serialize(second)));
    // The model is valid on its own too: without the KeyscopeProject member it reads back to
    // the same table, facets and items.
    QJsonObject root = QJsonDocument::fromJson(model).object();
    QJsonArray tables = root.value("DataModel").toArray();
    QJsonObject tableJson = tables.at(0).toObject();
    tableJson.remove(WorkbenchModel::kProjectMember);
    tables[0] = tableJson;
    root.insert("DataModel", tables);
    auto plain = InteropFile::parse(QJsonDocument(root).toJson(), "plain.json");
    QVERIFY2(std::holds_alternative<InteropFile::Input>(plain), qPrintable(errorText(plain)));
    const Project &bare = std::get<InteropFile::Input>(plain).projects.at(0);
    QCOMPARE(bare.table.toJson(), first.table.toJson());
    QCOMPARE(itemTexts(bare.items), itemTexts(first.items));
    QCOMPARE(bare.entities.size(), first.entities.size());
    for (std::size_t i = 0; i < first.entities.size(); ++i)
        QCOMPARE(bare.entities[i].keys, first.entities[i].keys);
}

void TestInterop::cloudFormationYamlShortForms()
{
    const auto input = readInput(QStringLiteral("cfn-table.yaml"));
    QCOMPARE(input.kind, InteropFile::Kind::CloudFormation);
    QCOMPARE(input.description, QStringLiteral("CloudFormation template (YAML)"));
    QCOMPARE(input.projects.size(), 1u);
    const Project &project = input.projects[0];
    QCOMPARE(project.table.tableName, QStringLiteral("orders-dev")); // !Sub with a Default
    QCOMPARE(project.tableJson.value("ProvisionedThroughput")
                 .toObject()
                 .value("ReadCapacityUnits")
                 .toInt(),
             5);
    QVERIFY(project.table.index("GSI1"));
    // !If elsewhere is kept as written (long form), not resolved and not an error.
    QCOMPARE(project.tableJson.value("x-cloudformation")
                 .toObject()
                 .value("Properties")
                 .toObject()
                 .value("StreamSpecification")
                 .toObject()
                 .value("StreamViewType")
                 .toObject()
                 .value("Fn::If")
                 .toArray()
                 .at(0)
                 .toString(),
             QStringLiteral("HasStream"));
    // ... and written back to CloudFormation, but not to create-table JSON.
    QVERIFY(CloudFormationTemplate::serializeYaml(project).contains("StreamSpecification:"));
    QVERIFY(CloudFormationTemplate::serializeYaml(project).contains(
        "\n  OrdersTable:\n")); // its logical id
    QVERIFY(!InteropFile::render(InteropFile::Format::CreateTable, project, {}, kNow)[0].contains(
        "Stream"));
    // The same template in JSON reads the same.
    auto json = InteropFile::parse(CloudFormationTemplate::serializeJson(project), "t.json");
    QCOMPARE(std::get<InteropFile::Input>(json).projects.at(0).table.toJson(),
             project.table.toJson());
}

void TestInterop::cloudFormationUnresolvable()
{
    const IoError error = readError(kData + "cfn-unresolvable.yaml");
    QCOMPARE(error.path,
             QStringLiteral("Resources.Things.Properties.AttributeDefinitions[0].AttributeName"));
    QCOMPARE(error.message,
             QStringLiteral("!Ref KeyName cannot be resolved: parameter KeyName has no "
                            "Default; write the value itself"));
    // Give the parameter a default: the table name still needs the stack, so it is the logical id.
    QFile file(kData + "cfn-unresolvable.yaml");
    QVERIFY(file.open(QIODevice::ReadOnly));
    QByteArray text = file.readAll();
    text.replace("    Type: String\n", "    Type: String\n    Default: Id\n");
    auto read = InteropFile::parse(text, "fixed.yaml");
    QVERIFY2(std::holds_alternative<InteropFile::Input>(read), qPrintable(errorText(read)));
    const auto &input = std::get<InteropFile::Input>(read);
    QCOMPARE(input.projects.at(0).table.tableName, QStringLiteral("Things"));
    QCOMPARE(input.projects.at(0).table.keys.hash.front().name, QStringLiteral("Id"));
    QVERIFY(
        input.notes.join(' ').contains("AWS::StackName is only known when the stack is deployed"));
}

void TestInterop::tableFormatsRoundTrip_data()
{
    QTest::addColumn<int>("format");
    QTest::newRow("cloudformation") << int(InteropFile::Format::CloudFormation);
    QTest::newRow("cloudformation-yaml") << int(InteropFile::Format::CloudFormationYaml);
    QTest::newRow("create-table") << int(InteropFile::Format::CreateTable);
    QTest::newRow("workbench") << int(InteropFile::Format::Workbench);
}

void TestInterop::tableFormatsRoundTrip()
{
    QFETCH(int, format);
    // A table with an LSI, a GSI with INCLUDE, a number key and provisioned capacity.
    QString error;
    const QJsonObject json = QJsonDocument::fromJson(R"({
        "TableName": "Round-Trip", "BillingMode": "PROVISIONED",
        "ProvisionedThroughput": {"ReadCapacityUnits": 3, "WriteCapacityUnits": 4},
        "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
            {"AttributeName": "SK", "AttributeType": "N"}, {"AttributeName": "L", "AttributeType": "B"},
            {"AttributeName": "G", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
        "LocalSecondaryIndexes": [{"IndexName": "ByL", "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
            {"AttributeName": "L", "KeyType": "RANGE"}], "Projection": {"ProjectionType": "KEYS_ONLY"}}],
        "GlobalSecondaryIndexes": [{"IndexName": "ByG", "KeySchema": [{"AttributeName": "G", "KeyType": "HASH"}],
            "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["X", "Y"]}}]})")
                                 .object();
    auto table = TableDefinition::fromJson(json, &error);
    QVERIFY2(table, qPrintable(error));
    const Project project = interopjson::projectForTable(*table, json);
    const auto rendered = InteropFile::render(InteropFile::Format(format), project, {}, kNow);
    QCOMPARE(rendered.size(), 1u);
    auto back = InteropFile::parse(rendered[0],
                                   format == int(InteropFile::Format::CloudFormationYaml)
                                       ? QStringLiteral("t.yaml")
                                       : QStringLiteral("t.json"));
    QVERIFY2(std::holds_alternative<InteropFile::Input>(back), qPrintable(errorText(back)));
    const Project &reread = std::get<InteropFile::Input>(back).projects.at(0);
    QCOMPARE(reread.table.toJson(), project.table.toJson());
    QCOMPARE(reread.tableJson.value("BillingMode").toString(), QStringLiteral("PROVISIONED"));
    QCOMPARE(reread.tableJson.value("ProvisionedThroughput").toObject(),
             (QJsonObject {{"ReadCapacityUnits", 3}, {"WriteCapacityUnits", 4}}));
}

void TestInterop::batchWriteChunksOf25()
{
    std::vector<Item> items;
    for (int i = 0; i < 60; ++i)
        items.push_back({{"PK", AttributeValue::string(QStringLiteral("P%1").arg(i % 3))},
                         {"SK", AttributeValue::number(Number::fromInt(i))}});
    const auto files = ItemsFormats::batchWriteChunks("T", items);
    QCOMPARE(files.size(), 3u);
    QCOMPARE(ItemsFormats::batchFileNames("out/items.json", 3),
             (QStringList {"out/items-001.json", "out/items-002.json", "out/items-003.json"}));
    QCOMPARE(ItemsFormats::batchFileNames("items.json", 1), QStringList {"items.json"});
    std::vector<Item> back;
    QList<qsizetype> sizes;
    TableDefinition definition;
    definition.tableName = "T";
    for (const QByteArray &file : files) {
        auto document = JsonFile::parse(file, "chunk");
        QVERIFY(std::holds_alternative<QJsonDocument>(document));
        QCOMPARE(std::get<QJsonDocument>(document).object().keys(), QStringList {"T"});
        auto contents
            = ItemsFile::fromDocument(std::get<QJsonDocument>(document), "chunk", definition);
        const auto &read = std::get<ItemsFile::Contents>(contents);
        QCOMPARE(read.shape, ItemsFile::Shape::BatchWriteRequest);
        sizes << qsizetype(read.items.size());
        back.insert(back.end(), read.items.begin(), read.items.end());
    }
    QCOMPARE(sizes, (QList<qsizetype> {25, 25, 10}));
    QCOMPARE(itemTexts(back), itemTexts(items));
}

void TestInterop::scanRoundTrip()
{
    const Project project
        = loadProject(keyscope::testsupport::testDataPath("/project/iot.keyscope.json"));
    const auto items = std::get<ItemList>(InteropFile::populatedItems(project, {}));
    const QByteArray scan = ItemsFormats::scanOutput(items);
    QVERIFY(scan.startsWith("{\n    \"Items\": [\n"));
    auto back = InteropFile::parse(scan, "scan.json", {}, project.table);
    const auto &input = std::get<InteropFile::Input>(back);
    QCOMPARE(input.items.shape, ItemsFile::Shape::ScanOutput);
    QCOMPARE(itemTexts(input.items.items), itemTexts(items));
}

void TestInterop::csvRoundTripsEveryType()
{
    const auto value = [](const char *json) {
        return *dynamojson::valueFromJson(QJsonDocument::fromJson(json).object());
    };
    std::vector<Item> items {
        {{"PK", value(R"({"S": "a,b \"q\""})")},
         {"SK", value(R"({"N": "-1.5E3"})")},
         {"Bin", value(R"({"B": "AAEC"})")},
         {"Flag", value(R"({"BOOL": true})")},
         {"Nothing", value(R"({"NULL": true})")},
         {"List", value(R"({"L": [{"S": "x"}, {"N": "1"}]})")},
         {"Map", value(R"({"M": {"k": {"SS": ["a", "b"]}}})")},
         {"Set", value(R"({"NS": ["1", "2"]})")},
         {"Bins", value(R"({"BS": ["AA=="]})")},
         {"Mixed", value(R"({"S": "text"})")}},
        {{"PK", value(R"({"S": "line\nbreak"})")},
         {"SK", value(R"({"N": "2"})")},
         {"Empty", value(R"({"S": ""})")},
         {"Mixed", value(R"({"N": "7"})")}},
    };
    TableDefinition table;
    table.tableName = "T";
    table.keys.hash = {{"PK", AttributeValue::Type::S}};
    table.keys.range = {{"SK", AttributeValue::Type::N}};
    const QByteArray csv = ItemsFormats::toCsv(items, table);
    QVERIFY(csv.startsWith("PK (S),SK (N),"));
    QVERIFY(csv.contains("Mixed (S)") && csv.contains("Mixed (N)"));
    auto back = ItemsFormats::fromCsv(csv, "items.csv", table);
    QVERIFY2(std::holds_alternative<ItemsFile::Contents>(back), qPrintable(errorText(back)));
    QCOMPARE(itemTexts(std::get<ItemsFile::Contents>(back).items), itemTexts(items));
}

void TestInterop::csvFixtureTypes()
{
    const auto input = readInput(QStringLiteral("items.csv"));
    QCOMPARE(input.kind, InteropFile::Kind::Items);
    QCOMPARE(
        itemTexts(input.items.items),
        (QStringList {
            R"({"Active":{"BOOL":true},"Note, free text":{"S":"says \"hi\""},"PK":{"S":"DEVICE#1"},"SK":{"S":"READING#001"},"Tags":{"SS":["a","b"]},"Temp":{"N":"21.5"}})",
            R"({"Active":{"BOOL":false},"Note, free text":{"S":""},"PK":{"S":"DEVICE#1"},"SK":{"S":"READING#002"},"Temp":{"N":"21"}})",
            R"({"Active":{"BOOL":true},"PK":{"S":"DEVICE#2"},"SK":{"S":"READING#001"},"Tags":{"SS":["c"]},"Temp":{"N":"-3"}})"}));
}

void TestInterop::csvErrors_data()
{
    QTest::addColumn<QByteArray>("csv");
    QTest::addColumn<QString>("expected");
    QTest::newRow("bad number") << QByteArray("PK (S),Temp (N)\nA,1\nB,abc\n")
                                << "items.csv:3:3: column \"Temp (N)\": \"abc\" is not a number";
    QTest::newRow("unclosed quote")
        << QByteArray("PK (S)\n\"open\n") << "items.csv:2:1: a quoted cell is never closed";
    QTest::newRow("too many cells") << QByteArray("PK (S)\nA,B\n")
                                    << "items.csv:2:3: row has 2 cells but the header has 1 column";
    QTest::newRow("bad bool")
        << QByteArray("PK (S),F (BOOL)\nA,yes\n")
        << "items.csv:2:3: column \"F (BOOL)\": expected true or false, found \"yes\"";
    QTest::newRow("bad list")
        << QByteArray("PK (S),L (L)\nA,[x]\n")
        << "items.csv:2:3: column \"L (L)\": expected the DynamoDB JSON inside L";
    // Issue 27: JSON inside a cell holds to the same Unicode rule as a JSON file.
    QTest::newRow("lone surrogate in a map")
        << QByteArray("PK (S),M (M)\nA,\"{\"\"k\"\": {\"\"S\"\": \"\"\\ud800\"\"}}\"\n")
        << "items.csv:2:3: column \"M (M)\": a lone surrogate \\ud800 in a string";
}

void TestInterop::csvErrors()
{
    QFETCH(QByteArray, csv);
    QFETCH(QString, expected);
    auto read = ItemsFormats::fromCsv(csv, "items.csv", {});
    QVERIFY(std::holds_alternative<IoError>(read));
    QVERIFY2(std::get<IoError>(read).toString().startsWith(expected), qPrintable(errorText(read)));
}

void TestInterop::yamlSyntaxErrorHasPosition()
{
    auto read = InteropFile::parse("Resources:\n  T:\n    Type: [unclosed\n", "bad.yaml");
    QVERIFY(std::holds_alternative<IoError>(read));
    const IoError &error = std::get<IoError>(read);
    QVERIFY2(error.line >= 3 && error.message.startsWith("YAML: "), qPrintable(error.toString()));
}

void TestInterop::yamlLimits_data()
{
    QTest::addColumn<QByteArray>("yaml");
    QTest::addColumn<QString>("expected"); // the start of IoError::toString()
    const auto fixture = [](const char *name) {
        QFile file(kData + "hostile/" + name);
        if (!file.open(QIODevice::ReadOnly))
            qFatal("cannot read %s", name);
        return file.readAll();
    };
    // 14 bytes that used to overflow the stack in the YAML-to-JSON conversion.
    QTest::newRow("alias inside its own node")
        << fixture("yaml-self-alias.yaml")
        << "t.yaml:2:6: YAML: the alias *a is inside the node it refers to (&a at line 1, "
           "column 4): expanding it would never end";
    // "Billion laughs": 9 levels of 9 aliases, 387 million strings (32 s and 3.6 GB before).
    QTest::newRow("billion laughs")
        << fixture("yaml-billion-laughs.yaml")
        << "t.yaml:7:8: YAML: aliases expand the document past 1,000,000 values, the most "
           "Keyscope reads (the alias *f here repeats 597,871 values)";
    QTest::newRow("deeper than the limit")
        << QByteArray("a: " + QByteArray(300, '[') + QByteArray(300, ']') + "\n")
        << "t.yaml:1:259: YAML: sequences and maps nested deeper than 256 levels, the most "
           "Keyscope reads";
    QTest::newRow("deeper than the limit through an alias")
        << QByteArray("a: &a " + QByteArray(200, '[') + QByteArray(200, ']')
                      + "\nb: " + QByteArray(100, '[') + "*a" + QByteArray(100, ']') + "\n")
        << "t.yaml:2:104: YAML: the alias *a here expands to sequences and maps nested deeper "
           "than 256 levels, the most Keyscope reads";
    // Past yaml-cpp's own recursion bound, which used to say only "YAML: bad file".
    QTest::newRow("deeper than the YAML reader goes")
        << QByteArray("a:\n" + QByteArray(3000, '[') + "\n") << "t.yaml:2:";
}

void TestInterop::yamlLimits()
{
    QFETCH(QByteArray, yaml);
    QFETCH(QString, expected);
    QElapsedTimer timer;
    timer.start();
    auto read = YamlDocument::parse(yaml, "t.yaml");
    QVERIFY2(std::holds_alternative<IoError>(read), "the document was read");
    const QString text = std::get<IoError>(read).toString();
    QVERIFY2(text.startsWith(expected), qPrintable(text));
    QVERIFY2(!text.contains("bad file"), qPrintable(text));
    QVERIFY2(timer.elapsed() < 2000, qPrintable(QString::number(timer.elapsed())));
    // File > Import and `convert` read it through InteropFile: the same refusal.
    QCOMPARE(errorText(InteropFile::parse(yaml, "t.yaml")), text);
}

void TestInterop::yamlAliasesWithinLimitsExpand()
{
    const QByteArray yaml = "base: &b {Type: S, Tags: [x, y]}\n"
                            "copies: [*b, *b, {nested: *b}]\n";
    auto read = YamlDocument::parse(yaml, "t.yaml");
    QVERIFY2(std::holds_alternative<QJsonValue>(read), qPrintable(errorText(read)));
    const QJsonObject root = std::get<QJsonValue>(read).toObject();
    const QJsonObject base {{"Type", "S"}, {"Tags", QJsonArray {"x", "y"}}};
    QCOMPARE(root.value("base").toObject(), base);
    QCOMPARE(root.value("copies").toArray(),
             (QJsonArray {base, base, QJsonObject {{"nested", base}}}));
}

void TestInterop::foundValueIsNamed_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expected");
    const auto workbench = [](const QByteArray &type) {
        return R"({"ModelName": "M", "ModelMetadata": {"Version": "3.0"}, "DataModel": [
            {"TableName": "T", "KeyAttributes": {"PartitionKey":
                {"AttributeName": "PK", "AttributeType": )"
            + type + "}}}]}";
    };
    // Used to say `found ""` for anything but a string.
    QTest::newRow("number") << workbench("5")
                            << "m.json: table 'T', KeyAttributes.PartitionKey.AttributeType: "
                               "a key attribute's type is S, N or B, found 5";
    QTest::newRow("true") << workbench("true") << "found true";
    QTest::newRow("null") << workbench("null") << "found null";
    QTest::newRow("array") << workbench(R"(["S"])") << "found an array";
    QTest::newRow("string") << workbench(R"("BOOL")") << R"(found "BOOL")";
    QTest::newRow("non-key attribute")
        << QByteArray(R"({"ModelName": "M", "ModelMetadata": {"Version": "3.0"}, "DataModel": [
            {"TableName": "T", "KeyAttributes": {"PartitionKey":
                {"AttributeName": "PK", "AttributeType": "S"}},
             "NonKeyAttributes": [{"AttributeName": "Temp", "AttributeType": 1.5}]}]})")
        << "m.json: table 'T', attribute 'Temp', AttributeType: unknown type 1.5 (valid: S,";
    QTest::newRow("create-table attribute type")
        << QByteArray(
               R"({"TableName": "T", "KeySchema": [{"AttributeName": "K", "KeyType": "HASH"}],
            "AttributeDefinitions": [{"AttributeName": "K", "AttributeType": 5}]})")
        << "m.json: 1 validation error detected: Value '5' at "
           "'attributeDefinitions.1.member.attributeType'";
    QTest::newRow("create-table key type")
        << QByteArray(R"({"TableName": "T", "KeySchema": [{"AttributeName": "K", "KeyType": 1}],
            "AttributeDefinitions": [{"AttributeName": "K", "AttributeType": "S"}]})")
        << "m.json: 1 validation error detected: Value '1' at 'KeySchema[0].keyType'";
}

void TestInterop::foundValueIsNamed()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, expected);
    const QString text = errorText(InteropFile::parse(json, "m.json"));
    QVERIFY2(text.contains(expected), qPrintable(text));
}

void TestInterop::detectsByContent_data()
{
    QTest::addColumn<QByteArray>("data");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("description"); // or "error: ..." for the start of the error
    QTest::newRow("csv with colons, any name")
        << QByteArray("PK,Ts\nA,2024-01-01T00:00:00Z\n") << "export.txt"
        << "CSV items";
    QTest::newRow("yaml template, any name")
        << QByteArray("Resources:\n  T:\n    Type: AWS::DynamoDB::Table\n    Properties:\n      "
                      "AttributeDefinitions: [{AttributeName: K, AttributeType: S}]\n      "
                      "KeySchema: [{AttributeName: K, KeyType: HASH}]\n")
        << "stack.template"
        << "CloudFormation template (YAML)";
    QTest::newRow("create-table") << QByteArray(
        R"({"TableName": "T", "KeySchema": [{"AttributeName": "K", "KeyType": "HASH"}],
        "AttributeDefinitions": [{"AttributeName": "K", "AttributeType": "S"}]})")
                                  << "t.json"
                                  << "create-table JSON";
    QTest::newRow("describe-table") << QByteArray(
        R"({"Table": {"TableName": "T", "KeySchema": [{"AttributeName": "K", "KeyType": "HASH"}],
        "AttributeDefinitions": [{"AttributeName": "K", "AttributeType": "S"}], "ItemCount": 0}})")
                                    << "t.json"
                                    << "describe-table output";
    QTest::newRow("items array") << QByteArray(R"([{"K": {"S": "a"}}])") << "i.json"
                                 << "items (array of items)";
    QTest::newRow("empty") << QByteArray("  \n") << "e.json"
                           << "error: e.json: the file is empty";
    QTest::newRow("other json") << QByteArray(R"({"hello": "world"})") << "h.json"
                                << "error: h.json: not a file Keyscope can import";
    QTest::newRow("other yaml") << QByteArray("hello: world\n") << "h.yaml"
                                << "error: h.yaml: not a file Keyscope can import";
}

void TestInterop::detectsByContent()
{
    QFETCH(QByteArray, data);
    QFETCH(QString, name);
    QFETCH(QString, description);
    auto read = InteropFile::parse(data, name);
    if (description.startsWith("error: ")) {
        QVERIFY(std::holds_alternative<IoError>(read));
        QVERIFY2(errorText(read).startsWith(description.mid(7)), qPrintable(errorText(read)));
    } else {
        QVERIFY2(std::holds_alternative<InteropFile::Input>(read), qPrintable(errorText(read)));
        QCOMPARE(std::get<InteropFile::Input>(read).description, description);
    }
}

QTEST_GUILESS_MAIN(TestInterop)
#include "tst_interop.moc"
