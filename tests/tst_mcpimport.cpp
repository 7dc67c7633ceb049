// Importing the AWS DynamoDB MCP server's schema.json (issue 29, part 1): the public
// repository's fixtures (tests/data/mcp/README.md names their source) and one of our own built to
// the newest shape, through the model and through the real binary.

#include "model/design/accesspatternrunner.h"
#include "model/design/populator.h"
#include "model/design/projectfile.h"
#include "model/interop/interopfile.h"
#include "model/interop/mcpoperations.h"
#include "model/interop/mcpschema.h"
#include "model/table/table.h"
#include "tests/support/runkeyscope.h"
#include "tests/support/testpaths.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

using namespace keyscope::model;

namespace {

const QString kMcp = keyscope::testsupport::testDataPath("/mcp/");

QJsonObject schemaJson(const QString &file)
{
    QFile in(kMcp + file);
    if (!in.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(in.readAll()).object();
}

// The schema's Query patterns, by name, and every entity name, straight from the JSON.
QStringList queryNames(const QJsonObject &schema)
{
    QStringList names;
    for (const QJsonValue &table : schema.value("tables").toArray()) {
        const QJsonObject entities = table.toObject().value("entities").toObject();
        for (const QJsonValue &entity : entities) {
            for (const QJsonValue &pattern : entity.toObject().value("access_patterns").toArray()) {
                if (pattern.toObject().value("operation").toString() == "Query")
                    names << pattern.toObject().value("name").toString();
            }
        }
    }
    names.sort();
    return names;
}

QStringList entityNames(const QJsonObject &schema)
{
    QStringList names;
    for (const QJsonValue &table : schema.value("tables").toArray())
        names += table.toObject().value("entities").toObject().keys();
    names.sort();
    return names;
}

// The import, or an empty input with the error as a warning (the caller's QVERIFY then fails).
InteropFile::Input importFile(const QString &file)
{
    auto read = InteropFile::read(kMcp + file);
    if (auto *error = std::get_if<IoError>(&read)) {
        qWarning("%s", qPrintable(error->toString()));
        return {};
    }
    return std::get<InteropFile::Input>(read);
}

// The file's `table`-th table, imported into `project`.
#define IMPORT_TABLE(project, file, table)                                                         \
    const InteropFile::Input project##Input = importFile(file);                                    \
    QVERIFY2(project##Input.projects.size() > size_t(table), file);                                \
    const Project &project = project##Input.projects.at(table)

const AccessPattern *findPattern(const Project &project, const QString &name)
{
    for (const AccessPattern &pattern : project.accessPatterns) {
        if (pattern.name == name)
            return &pattern;
    }
    return nullptr;
}

const AttributeSpec *findAttribute(const Project &project, const QString &entity,
                                   const QString &name)
{
    const EntityType *type = project.entity(entity);
    for (const AttributeSpec &attribute : type ? type->attributes : std::vector<AttributeSpec> {}) {
        if (attribute.name == name)
            return &attribute;
    }
    return nullptr;
}

using Result = keyscope::testsupport::CliResult;

Result run(const QStringList &args, const QString &directory)
{
    keyscope::testsupport::CliOptions options;
    options.workingDirectory = directory;
    return keyscope::testsupport::runKeyscope(args, options);
}

} // namespace

class TestMcpImport : public QObject
{
    Q_OBJECT

private slots:
    void validSchema_data();
    void validSchema();
    void invalidSchema_data();
    void invalidSchema();
    void tablesAndTemplates();
    void parentWithItsChildren();
    void generatorsSuitFields();
    void patternsFromTheSchema();
    void otherOperationsListed();
    void keptOperationsKeepTheirChecks();
    void oneTable();
    void cliConvert();
    void cliCheck();
    void cliRefusesInvalid();
    void roundTrip_data();
    void roundTrip();
    void usageDataSeedsGenerators();
    void usageDataRefused_data();
    void usageDataRefused();
};

void TestMcpImport::validSchema_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("passing"); // the Query patterns whose expectation holds
    // Partitions that one entity type has to itself pass; a Query over a partition that several
    // types share (ORG#{org_id} holds the organisation, its invites and its members) returns
    // the others too, which the pattern's expectation ("returns OrganizationInvite") catches.
    QTest::newRow("gaming leaderboard")
        << "gaming_leaderboard_schema.json"
        << QStringList {"get_game_achievements", "get_player_achievements", "get_player_scores",
                        "get_top_scores", "get_tournament_rankings"};
    QTest::newRow("deals") << "deals_schema.json"
                           << QStringList {"get_brand_watchers",        "get_category_watchers",
                                           "get_deals_by_brand",        "get_deals_by_category",
                                           "get_recent_deals_by_brand", "get_user_watches"};
    QTest::newRow("project management (single-table)")
        << "project_management_schema.json" << QStringList {"get_organization_projects"};
    QTest::newRow("social media (single-table)")
        << "social_media_app_schema.json"
        << QStringList {"get_comments_for_post_range", "get_user_posts_by_prefix",
                        "get_user_profile_and_posts"};
    QTest::newRow("user analytics (four GSIs)")
        << "user_analytics_schema.json"
        << QStringList {"get_active_users",
                        "get_highly_engaged_users_by_session_range",
                        "get_recent_active_users",
                        "get_recent_signups_by_age_group",
                        "get_users_by_age_group",
                        "get_users_by_country_prefix",
                        "get_users_by_engagement_level",
                        "get_users_by_location",
                        "get_users_signup_date_range"};
    QTest::newRow("ecommerce (first two tables)")
        << "ecommerce_schema.json"
        << QStringList {"get_category_products_after_id", "get_product_reviews_by_id_prefix",
                        "get_products_by_category"};
    QTest::newRow("elearning (first five entities)")
        << "elearning_schema.json" << QStringList {"get_course_lessons", "get_user_enrollments"};
    // Every Query of the patient's partition lacks a sort key prefix, so each returns the
    // profile, the history and the allergies together.
    QTest::newRow("medical records (first table)")
        << "medical_records_schema.json" << QStringList {};
    QTest::newRow("our own: a parent with its children")
        << "org_collection_schema.json" << QStringList {"get_org_projects"};
    QTest::newRow("our own: multi-attribute GSI, filters, ranges")
        << "keyscope_features_schema.json"
        << QStringList {"customer_orders", "customer_orders_in_status",
                        "list_customers",  "orders_after",
                        "orders_between",  "recent_by_status"};
}

// Every table imports, every entity type is populated, and every Query runs as a valid request.
void TestMcpImport::validSchema()
{
    QFETCH(QString, file);
    QFETCH(QStringList, passing);
    const QJsonObject schema = schemaJson(file);
    const InteropFile::Input input = importFile(file);
    QVERIFY(!input.projects.empty());
    QCOMPARE(input.kind, InteropFile::Kind::McpSchema);
    QCOMPARE(input.description, QStringLiteral("AWS DynamoDB MCP schema"));
    QCOMPARE(qsizetype(input.projects.size()), schema.value("tables").toArray().size());

    QStringList entities;
    QStringList queries;
    QStringList passed;
    for (const Project &project : input.projects) {
        auto population = Populator::populate(project);
        if (auto *error = std::get_if<PopulationError>(&population))
            QFAIL(qPrintable(project.name + ": " + error->path + ": " + error->message));
        const Population &items = std::get<Population>(population);
        for (size_t e = 0; e < project.entities.size(); ++e) {
            const auto count = std::count(items.entityOf.begin(), items.entityOf.end(), int(e));
            QVERIFY2(count > 0, qPrintable(project.entities[e].name));
            entities << project.entities[e].name;
        }
        auto built = AccessPatternRunner::buildTable(project, items);
        if (auto *error = std::get_if<QString>(&built))
            QFAIL(qPrintable(project.name + ": " + *error));
        const auto &table = std::get<std::unique_ptr<Table>>(built);
        for (const PatternResult &result : AccessPatternRunner::runAll(project, items, *table)) {
            QVERIFY2(!result.error && result.response,
                     qPrintable(result.name + ": " + result.explanation));
            queries << result.name;
            if (result.passed)
                passed << result.name;
        }
    }
    entities.sort();
    queries.sort();
    passed.sort();
    QCOMPARE(entities, entityNames(schema));
    QCOMPARE(queries, queryNames(schema));
    QCOMPARE(passed, passing);
}

void TestMcpImport::invalidSchema_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("facts"); // "PATH: MESSAGE" as the assistant's validator says
    QTest::newRow("comprehensive")
        << "invalid/comprehensive_invalid_schema.json"
        << QStringList {"tables[0].entities.TestEntity.fields[0].type: Invalid type value "
                        "'strng' (Did you mean 'string'? Valid options: string, integer, "
                        "decimal, boolean, array, object, uuid)",
                        "tables[0].entities.TestEntity.fields[1].required: Missing required "
                        "field 'required'",
                        "tables[0].entities.TestEntity.fields[1].item_type: Array fields must "
                        "specify item_type",
                        "tables[0].entities.TestEntity.fields[4].name: Duplicate field name "
                        "'duplicate_field'",
                        "tables[0].entities.TestEntity.access_patterns[0].operation: Invalid "
                        "operation value 'GetItm' (Did you mean 'GetItem'?",
                        "Duplicate pattern name 'get_test' in entity 'TestEntity'",
                        "Duplicate pattern_id 1",
                        "access_patterns[3].parameters[0].entity_type: Entity parameters must "
                        "specify entity_type",
                        "access_patterns[4].parameters[0].entity_type: Unknown entity type "
                        "'NonExistentEntity'"};
    QTest::newRow("GSI")
        << "invalid/invalid_gsi_schema.json"
        << QStringList {
               "tables[0].gsi_list[1].name: Duplicate GSI name 'DuplicateIndex' found in table",
               "tables[0].entities.TestEntity.gsi_mappings[0].name: GSI 'NonExistentIndex' "
               "referenced in entity mapping but not found in table gsi_list (Use one of the "
               "available GSI names: DuplicateIndex, ValidIndex)",
               "tables[0].entities.TestEntity.gsi_mappings[1].pk_template.missing_field: Template "
               "parameter 'missing_field' not found in entity fields",
               "tables[0].entities.TestEntity.gsi_mappings[1].sk_template.another_missing_field: "
               "Template parameter 'another_missing_field' not found in entity fields",
               "tables[0].entities.TestEntity.access_patterns[1].index_name: Access pattern "
               "references unknown GSI 'NonExistentIndex'",
               "tables[0].entities.TestEntity.access_patterns[2].range_condition: Invalid "
               "range_condition 'invalid_condition'",
               "tables[0].entities.TestEntity.access_patterns[3].parameters: Range condition "
               "'between' requires exactly 3 parameters (partition key + 2 range values), got 2",
               "tables[0].entities.TestEntity.access_patterns[4].parameters: Range condition "
               "'begins_with' requires exactly 2 parameters (partition key + 1 range value), got 3",
               "tables[0].entities.AnotherTestEntity.gsi_mappings[0].pk_template: Template "
               "contains empty parameter placeholders {}",
               "tables[0].entities.AnotherTestEntity.gsi_mappings[1].pk_template: Unmatched "
               "braces in template: 1 opening, 0 closing",
               "tables[0].entities.AnotherTestEntity.access_patterns[0].operation: Invalid "
               "operation value 'InvalidOperation'"};
    QTest::newRow("entity from a later table")
        << "invalid/test_cross_table_entity_ref.json"
        << QStringList {"tables[0].entities.User.access_patterns[0].parameters[0].entity_type: "
                        "Unknown entity type 'Post' (Use one of: User)"};
    QTest::newRow("entity from a later table, again")
        << "invalid/test_cross_table_refs.json"
        << QStringList {"tables[0].entities.EntityA.access_patterns[0].parameters[0].entity_type: "
                        "Unknown entity type 'EntityB'"};
    QTest::newRow("entity names repeat")
        << "invalid/test_duplicate_entity_names.json"
        << QStringList {"tables[1].entities.User: Duplicate entity name 'User' across tables"};
    QTest::newRow("unknown entity")
        << "invalid/test_entity_ref_schema.json"
        << QStringList {"tables[0].entities.User.access_patterns[0].parameters[0].entity_type: "
                        "Unknown entity type 'NonExistentEntity'"};
    QTest::newRow("pattern ids repeat across tables")
        << "invalid/test_multi_table_schema.json"
        << QStringList {"tables[1].entities.Entity2.access_patterns[0].pattern_id: Duplicate "
                        "pattern_id 1 (Pattern IDs must be unique across all tables and "
                        "entities)"};
    QTest::newRow("ours: filter, consistent read, keys")
        << "invalid/keyscope_invalid_schema.json"
        << QStringList {
               "tables[1].gsi_list[0].partition_key: partition_key must be an attribute "
               "name or a list of 1 to 4 names (a multi-attribute key), got a list of 5",
               "tables[0].entities.Order.pk_template.tenant: Template parameter 'tenant' "
               "not found in entity fields",
               "tables[0].entities.Order.access_patterns[0].filter_expression.conditions[0]"
               ".field: Field 'totl' not found in entity fields (Did you mean 'total'?",
               "tables[0].entities.Order.access_patterns[1].consistent_read: Consistent "
               "reads are not supported on global secondary indexes"};
}

// Refused with the facts the assistant's own validator gives, each with its JSON path; the
// message starts with the first of them and the error's path is its path.
void TestMcpImport::invalidSchema()
{
    QFETCH(QString, file);
    QFETCH(QStringList, facts);
    auto read = InteropFile::read(kMcp + file);
    QVERIFY(std::holds_alternative<IoError>(read));
    const IoError error = std::get<IoError>(read);
    const QString text = error.toString();
    QVERIFY2(text.startsWith(kMcp + file + ": " + error.path + ": "), qPrintable(text));
    for (const QString &fact : facts)
        QVERIFY2(text.contains(fact), qPrintable(fact + "\n  not in\n" + text));
}

void TestMcpImport::tablesAndTemplates()
{
    IMPORT_TABLE(shop, "keyscope_features_schema.json", 0);
    QCOMPARE(shopInput.projects.size(), size_t(1));
    QCOMPARE(shop.table.tableName, QStringLiteral("Shop"));
    const IndexDefinition *byCustomer = shop.table.index("ByCustomerStatus");
    QVERIFY(byCustomer);
    QCOMPARE(byCustomer->keys.hash.size(), size_t(2));
    QCOMPARE(byCustomer->keys.range.size(), size_t(2));
    QCOMPARE(byCustomer->keys.range[1].name, QStringLiteral("created_at"));
    QCOMPARE(byCustomer->projection, ProjectionType::Include);
    QCOMPARE(byCustomer->nonKeyAttributes, QStringList {"total"});
    QCOMPARE(shop.table.index("ByStatus")->projection, ProjectionType::KeysOnly);
    const EntityType *order = shop.entity("Order");
    QVERIFY(order);
    QCOMPARE(order->keys.at("pk"), QStringLiteral("TENANT#{tenant_id}"));
    QCOMPARE(order->keys.at("sk"), QStringLiteral("ORDER#{created_at}#{order_id}"));
    QCOMPARE(order->keys.at("gsi1pk"), QStringLiteral("STATUS#{status}"));
    // A multi-attribute key's attributes are the fields themselves: no templates.
    QVERIFY(!order->keys.count("tenant_id") && !order->keys.count("customer_id"));

    IMPORT_TABLE(leaderboard, "gaming_leaderboard_schema.json", 1);
    QCOMPARE(leaderboard.table.keys.range.front().type, AttributeValue::Type::N); // {score}
    QCOMPARE(leaderboard.table.keys.hash.front().type, AttributeValue::Type::S);
    IMPORT_TABLE(organisations, "project_management_schema.json", 0);
    QCOMPARE(organisations.entity("OrganizationMember")->keys.at("sk"),
             QStringLiteral("MEMBER#{user_id}"));
    QCOMPARE(organisations.entity("Organization")->keys.at("sk"), QStringLiteral("DETAILS"));
}

// A parent stored with its children in one collection (its sort key template the twin of its
// partition key template) is its children's parent: their partition key names its attribute, so
// each is generated in its parent's collection. Written back as the assistant wrote it.
void TestMcpImport::parentWithItsChildren()
{
    IMPORT_TABLE(orgs, "org_collection_schema.json", 0);
    const EntityType *org = orgs.entity("Org");
    const EntityType *project = orgs.entity("Project");
    QVERIFY(org && project);
    QCOMPARE(org->parent, QString());
    QCOMPARE(project->parent, QStringLiteral("Org"));
    QCOMPARE(project->keys.at("pk"), QStringLiteral("ORG#{Org.org_id}"));
    QCOMPARE(project->keys.at("sk"), QStringLiteral("PROJECT#{project_id}"));
    QVERIFY(!findAttribute(orgs, "Project", "org_id")); // the parent's, not one of its own
    // One item per org (its key holds nothing but the org id), each project in an org's
    // collection.
    auto population = Populator::populate(orgs);
    QVERIFY(std::holds_alternative<Population>(population));
    const Population &items = std::get<Population>(population);
    QSet<QString> orgKeys;
    qsizetype orgItems = 0;
    for (size_t i = 0; i < items.items.size(); ++i) {
        if (items.entityOf[i] == 0) {
            ++orgItems;
            orgKeys.insert(items.items[i].at("pk").asString());
        }
    }
    QVERIFY(orgItems > 1);
    QCOMPARE(qsizetype(orgKeys.size()), orgItems);
    for (size_t i = 0; i < items.items.size(); ++i) {
        if (items.entityOf[i] == 1)
            QVERIFY(orgKeys.contains(items.items[i].at("pk").asString()));
    }
    const QJsonObject written
        = QJsonDocument::fromJson(
              InteropFile::render(InteropFile::Format::McpSchema, orgs, {}, {}).front())
              .object();
    const QJsonObject projectJson = written.value("tables")
                                        .toArray()
                                        .last()
                                        .toObject()
                                        .value("entities")
                                        .toObject()
                                        .value("Project")
                                        .toObject();
    QCOMPARE(projectJson.value("pk_template").toString(), QStringLiteral("ORG#{org_id}"));
    QCOMPARE(projectJson,
             schemaJson("org_collection_schema.json")
                 .value("tables")
                 .toArray()
                 .first()
                 .toObject()
                 .value("entities")
                 .toObject()
                 .value("Project")
                 .toObject());

    // A sort key that is not the partition key's twin ("META") makes no parent.
    IMPORT_TABLE(teams, "org_collection_schema.json", 1);
    QCOMPARE(teams.entity("Player")->parent, QString());
    QCOMPARE(teams.entity("Player")->keys.at("pk"), QStringLiteral("TEAM#{team_id}"));
}

void TestMcpImport::generatorsSuitFields()
{
    IMPORT_TABLE(shop, "keyscope_features_schema.json", 0);
    using K = GeneratorSpec::Kind;
    const auto kindOf = [&](const QString &entity, const QString &name) {
        const AttributeSpec *attribute = findAttribute(shop, entity, name);
        return attribute ? attribute->generator.kind : K::Constant;
    };
    QCOMPARE(findAttribute(shop, "Customer", "created_at")->type, AttributeKind::Timestamp);
    QCOMPARE(kindOf("Customer", "created_at"), K::Timestamp);
    QCOMPARE(kindOf("Customer", "email"), K::Pattern);
    QVERIFY(findAttribute(shop, "Customer", "email")->generator.pattern.contains('@'));
    QCOMPARE(kindOf("Customer", "name"), K::Names);
    QCOMPARE(findAttribute(shop, "Customer", "tier")->generator.choices,
             QStringList({"FREE", "PRO", "ENTERPRISE"}));
    QCOMPARE(findAttribute(shop, "Customer", "is_vip")->type, AttributeKind::Bool);
    QCOMPARE(kindOf("Customer", "customer_id"), K::Ulid); // tells items of a partition apart
    QCOMPARE(kindOf("Order", "tenant_id"), K::Choice);    // shared by a partition
    QCOMPARE(findAttribute(shop, "Order", "item_count")->type, AttributeKind::N);
    QCOMPARE(kindOf("Order", "item_count"), K::IntegerRange);
    QVERIFY(!findAttribute(shop, "Order", "tags")); // an array: not generated, with a note

    // An entity whose partition key is its whole identity numbers its items, so the items
    // that point at it (ORG#{org_id}) meet it.
    IMPORT_TABLE(organisations, "project_management_schema.json", 0);
    QCOMPARE(findAttribute(organisations, "Organization", "org_id")->generator.kind, K::Sequence);
    QCOMPARE(findAttribute(organisations, "OrganizationMember", "org_id")->generator.kind,
             K::Choice);
}

void TestMcpImport::patternsFromTheSchema()
{
    IMPORT_TABLE(shop, "keyscope_features_schema.json", 0);
    const AccessPattern *consistent = findPattern(shop, "orders_for_tenant");
    QVERIFY(consistent);
    QVERIFY(consistent->consistentRead);
    QCOMPARE(consistent->keyConditionExpression, QStringLiteral("#pk0 = :pk0"));
    QCOMPARE(consistent->values.at(":pk0").templateText, QStringLiteral("TENANT#{tenant_id}"));
    QCOMPARE(consistent->expect.entityTypes, QStringList {"Order"});

    const AccessPattern *between = findPattern(shop, "orders_between");
    QCOMPARE(between->keyConditionExpression,
             QStringLiteral("#pk0 = :pk0 AND #sk BETWEEN :sk AND :sk2"));
    QCOMPARE(between->values.at(":sk").templateText, QStringLiteral("ORDER#"));
    QCOMPARE(between->values.at(":sk2").templateText,
             QStringLiteral("ORDER#{created_at}#{order_id}"));
    QCOMPARE(findPattern(shop, "list_customers")->keyConditionExpression,
             QStringLiteral("#pk0 = :pk0 AND begins_with(#sk, :sk)"));

    const AccessPattern *filtered = findPattern(shop, "customer_orders");
    QCOMPARE(filtered->indexName, QStringLiteral("ByCustomerStatus"));
    QCOMPARE(filtered->keyConditionExpression, QStringLiteral("#pk0 = :pk0 AND #pk1 = :pk1"));
    QCOMPARE(filtered->filterExpression.value_or(QString()),
             QStringLiteral("#f0 >= :f0 AND contains(#f1, :f1)"));
    const AccessPattern *either = findPattern(shop, "recent_by_status");
    QCOMPARE(either->filterExpression.value_or(QString()),
             QStringLiteral("attribute_exists(#f0) OR #f1 BETWEEN :f1a AND :f1b OR #f2 IN "
                            "(:f2_0, :f2_1)"));
    // The schema's own words are kept for the way back.
    QCOMPARE(either->extra.value(McpSchema::kExtraMember).toObject().value("pattern_id").toInt(),
             11);
}

void TestMcpImport::otherOperationsListed()
{
    const InteropFile::Input input = importFile("keyscope_features_schema.json");
    QVERIFY(!input.projects.empty());
    const QString notes = input.notes.join('\n');
    QVERIFY2(notes.contains("access_patterns[2]: Scan export_everything reads every item of table "
                            "Shop"),
             qPrintable(notes));
    QVERIFY2(notes.contains("DeleteItem delete_customer kept, not run (Keyscope runs Queries): "
                            "key pk = TENANT#{tenant_id}, sk = CUSTOMER#{customer_id}; its "
                            "parameters (tenant_id) do not give customer_id, which the key needs"),
             qPrintable(notes));
    QVERIFY(notes.contains("GetItem get_customer kept, not run (Keyscope runs Queries): key pk = "
                           "TENANT#{tenant_id}, sk = CUSTOMER#{customer_id}\n"));
    QVERIFY(notes.contains("tags is an array: not generated"));
    const QJsonArray operations = input.projects.front()
                                      .extra.value(McpSchema::kExtraMember)
                                      .toObject()
                                      .value("operations")
                                      .toArray();
    QStringList kept;
    for (const QJsonValue &operation : operations)
        kept << operation.toObject().value("name").toString();
    QCOMPARE(kept,
             QStringList({"get_customer", "export_everything", "delete_customer", "get_customers",
                          "place_order", "set_status", "import_orders"}));
}

// The operations Keyscope does not run stay listed after the import, each with its key and what
// is wrong with it, also once the project is saved and opened again; a Scan says what it reads
// on the populated table.
void TestMcpImport::keptOperationsKeepTheirChecks()
{
    const InteropFile::Input input = importFile("keyscope_features_schema.json");
    QVERIFY(!input.projects.empty());
    auto reopened = ProjectFile::parse(ProjectFile::serialize(input.projects.front()), "shop");
    QVERIFY(std::holds_alternative<Project>(reopened));
    const Project &shop = std::get<Project>(reopened);
    QStringList listed;
    for (const KeptOperation &kept : keptOperations(shop))
        listed << QStringList {kept.operation, kept.name, kept.entity, kept.detail, kept.problem}
                      .join(" | ");
    QVERIFY2(listed.contains("GetItem | get_customer | Customer | key pk = TENANT#{tenant_id}, "
                             "sk = CUSTOMER#{customer_id} | "),
             qPrintable(listed.join('\n')));
    QVERIFY2(listed.contains("DeleteItem | delete_customer | Customer | key pk = "
                             "TENANT#{tenant_id}, sk = CUSTOMER#{customer_id} | its parameters "
                             "(tenant_id) do not give customer_id, which the key needs"),
             qPrintable(listed.join('\n')));
    QCOMPARE(listed.size(), qsizetype(7));

    auto population = Populator::populate(shop);
    QVERIFY(std::holds_alternative<Population>(population));
    auto built = AccessPatternRunner::buildTable(shop, std::get<Population>(population));
    QVERIFY(std::holds_alternative<std::unique_ptr<Table>>(built));
    const auto &table = *std::get<std::unique_ptr<Table>>(built);
    const auto withTable = keptOperations(shop, &table);
    const auto scan = std::find_if(withTable.begin(), withTable.end(),
                                   [](const KeptOperation &k) { return k.operation == "Scan"; });
    QVERIFY(scan != withTable.end());
    QCOMPARE(scan->detail, QStringLiteral("reads every item of table Shop"));
    QVERIFY2(scan->problem.startsWith(QStringLiteral("here its %1 items, ").arg(table.itemCount()))
                 && scan->problem.contains("RCU"),
             qPrintable(scan->problem));
}

void TestMcpImport::oneTable()
{
    auto read = InteropFile::read(kMcp + "deals_schema.json", "Brands");
    QVERIFY(std::holds_alternative<InteropFile::Input>(read));
    const auto &input = std::get<InteropFile::Input>(read);
    QCOMPARE(input.projects.size(), size_t(1));
    QCOMPARE(input.projects.front().table.tableName, QStringLiteral("Brands"));
    QCOMPARE(input.tableNames, QStringList({"Deals", "Users", "Brands", "UserWatches"}));
    auto unknown = InteropFile::read(kMcp + "deals_schema.json", "Brand");
    QVERIFY(std::get<IoError>(unknown).message.contains(
        "the schema has no table \"Brand\"; its tables: Deals, Users, Brands, UserWatches"));
}

void TestMcpImport::cliConvert()
{
    QTemporaryDir dir;
    const Result several
        = run({"convert", kMcp + "deals_schema.json", "-o", "out.keyscope.json"}, dir.path());
    QCOMPARE(several.exitCode, 252);
    QVERIFY2(several.err.contains("--all-tables"), qPrintable(several.err));

    const Result one = run({"convert", kMcp + "project_management_schema.json", "--table",
                            "OrganizationTable", "-o", "out.keyscope.json"},
                           dir.path());
    QVERIFY2(one.exitCode == 0, qPrintable(one.err));
    auto project = ProjectFile::read(dir.filePath("out.keyscope.json"));
    QVERIFY(std::holds_alternative<Project>(project));
    QCOMPARE(std::get<Project>(project).entities.size(), size_t(3));
    QCOMPARE(std::get<Project>(project).accessPatterns.size(), size_t(2));

    const Result all = run({"convert", kMcp + "gaming_leaderboard_schema.json", "--all-tables",
                            "-o", "game.keyscope.json"},
                           dir.path());
    QVERIFY2(all.exitCode == 0, qPrintable(all.err));
    QVERIFY(QFile::exists(dir.filePath("game-LeaderboardTable.keyscope.json")));
    QVERIFY(QFile::exists(dir.filePath("game-TournamentTable.keyscope.json")));
}

// `keyscope check schema.json` checks every table (or --table NAME) without Docker: each Query
// passes or fails with its reason, and the exit status says whether all passed.
void TestMcpImport::cliCheck()
{
    QTemporaryDir dir;
    const Result passing = run({"check", kMcp + "deals_schema.json"}, dir.path());
    QVERIFY2(passing.exitCode == 0, qPrintable(passing.outText() + passing.err));
    QVERIFY2(passing.outText().contains("PASS  get_recent_deals_by_brand"),
             qPrintable(passing.outText()));
    QVERIFY(passing.outText().contains("table Deals")
            && passing.outText().contains("table UserWatches"));
    // The GetItem and PutItem patterns are listed in the report, their keys shown.
    QVERIFY2(passing.outText().contains("Other operations: 2, kept for export, not run (Keyscope "
                                        "runs Queries)\n  GetItem  get_user_by_id (User)\n"
                                        "        key user_id = {user_id}\n"),
             qPrintable(passing.outText()));

    const Result features
        = run({"check", kMcp + "keyscope_features_schema.json", "--json"}, dir.path());
    QStringList kept;
    for (const QJsonValue &value : features.json().value("keptOperations").toArray()) {
        const QJsonObject operation = value.toObject();
        if (!operation.value("problem").isNull())
            kept << operation.value("name").toString() + ": "
                    + operation.value("problem").toString().section(u';', 0, 0);
    }
    QCOMPARE(kept, QStringList({"export_everything: here its 40 items, 8636 bytes, 1.5 RCU "
                                "eventually consistent",
                                "delete_customer: its parameters (tenant_id) do not give "
                                "customer_id, which the key needs"}));

    const Result failing = run({"check", kMcp + "project_management_schema.json", "--table",
                                "OrganizationTable", "--json"},
                               dir.path());
    QCOMPARE(failing.exitCode, 1);
    const QJsonObject report = failing.json();
    QCOMPARE(report.value("table").toString(), QStringLiteral("OrganizationTable"));
    QStringList failed;
    for (const QJsonValue &pattern : report.value("patterns").toArray()) {
        if (!pattern.toObject().value("passed").toBool())
            failed << pattern.toObject().value("name").toString();
    }
    QCOMPARE(failed, QStringList({"get_organization_invites", "get_organization_members"}));
}

void TestMcpImport::cliRefusesInvalid()
{
    QTemporaryDir dir;
    const QString file = kMcp + "invalid/test_multi_table_schema.json";
    for (const QStringList &args :
         {QStringList {"check", file}, QStringList {"convert", file, "-o", "x.keyscope.json"}}) {
        const Result result = run(args, dir.path());
        QCOMPARE(result.exitCode, 255);
        QVERIFY2(result.err.contains("keyscope: error: " + file
                                     + ": tables[1].entities.Entity2.access_patterns[0].pattern_id"
                                       ": Duplicate pattern_id 1"),
                 qPrintable(result.err));
        QVERIFY(!QFile::exists(dir.filePath("x.keyscope.json")));
    }
}

void TestMcpImport::roundTrip_data()
{
    QTest::addColumn<QString>("file");
    for (const char *file :
         {"gaming_leaderboard_schema.json", "deals_schema.json", "project_management_schema.json",
          "keyscope_features_schema.json", "social_media_app_schema.json",
          "user_analytics_schema.json", "ecommerce_schema.json", "elearning_schema.json",
          "medical_records_schema.json", "org_collection_schema.json"})
        QTest::newRow(file) << file;
}

// Every table of every schema, written back with --to mcp-schema and imported again: the same
// project (but for the description, which names the file it came from).
void TestMcpImport::roundTrip()
{
    QFETCH(QString, file);
    const InteropFile::Input input = importFile(file);
    QVERIFY(!input.projects.empty());
    for (const Project &project : input.projects) {
        const std::vector<QByteArray> files
            = InteropFile::render(InteropFile::Format::McpSchema, project, {}, {});
        auto again = InteropFile::parse(files.front(), "again.json");
        const IoError *error = std::get_if<IoError>(&again);
        QVERIFY2(!error, qPrintable(error ? error->toString() : QString()));
        // A table whose patterns name another table's entity types brings those tables along.
        const InteropFile::Input &second = std::get<InteropFile::Input>(again);
        const qsizetype at = second.tableNames.indexOf(project.table.tableName);
        QCOMPARE(at, second.tableNames.size() - 1);
        QJsonObject before = ProjectFile::toJson(project);
        QJsonObject after = ProjectFile::toJson(second.projects.at(size_t(at)));
        before.remove("description");
        after.remove("description");
        QCOMPARE(after, before);
    }
}

namespace {

const QString kUsage = kMcp + "usage/";

QStringList choicesOf(const QString &projectPath, const QString &entity, const QString &name)
{
    auto project = ProjectFile::read(projectPath);
    if (!std::holds_alternative<Project>(project))
        return {"(no project)"};
    const AttributeSpec *attribute = findAttribute(std::get<Project>(project), entity, name);
    if (!attribute || attribute->generator.kind != GeneratorSpec::Kind::Choice)
        return {"(not a choice)"};
    return attribute->generator.choices;
}

} // namespace

// usage_data.json's values become the choices of the entity's non-key attributes, given with
// --usage-data or found beside the schema; key fields keep their generators.
void TestMcpImport::usageDataSeedsGenerators()
{
    QTemporaryDir dir;
    const Result given
        = run({"convert", kMcp + "deals_schema.json", "--table", "Brands", "--usage-data",
               kUsage + "deals_usage_data.json", "-o", "brands.keyscope.json"},
              dir.path());
    QVERIFY2(given.exitCode == 0, qPrintable(given.err));
    QCOMPARE(choicesOf(dir.filePath("brands.keyscope.json"), "Brand", "brand_name"),
             QStringList({"Acme", "Acme Ltd"}));
    QVERIFY2(given.err.contains("entities.Brand: brand_name, description draw from the usage "
                                "data's values"),
             qPrintable(given.err));

    QVERIFY(QFile::copy(kMcp + "deals_schema.json", dir.filePath("schema.json")));
    QVERIFY(QFile::copy(kUsage + "deals_usage_data.json", dir.filePath("usage_data.json")));
    const Result beside
        = run({"convert", "schema.json", "--all-tables", "-o", "d.keyscope.json"}, dir.path());
    QVERIFY2(beside.exitCode == 0, qPrintable(beside.err));
    QCOMPARE(choicesOf(dir.filePath("d-Deals.keyscope.json"), "Deal", "status"),
             QStringList({"ACTIVE", "EXPIRED"}));
    QCOMPARE(choicesOf(dir.filePath("d-Deals.keyscope.json"), "Deal", "price"),
             QStringList({"19.99", "14.99"}));
    QCOMPARE(choicesOf(dir.filePath("d-Users.keyscope.json"), "User", "user_id"),
             QStringList({"(not a choice)"})); // the partition key keeps its generator
}

void TestMcpImport::usageDataRefused_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("error"); // after "FILE: "
    QTest::newRow("top-level key")
        << "unknown_top_level_keys.json"
        << "root: Unknown top-level keys: description; the only key is \"entities\"";
    QTest::newRow("unknown entity")
        << "unknown_entities.json"
        << "entities.UnknownEntity: Unknown entities: UnknownEntity; the schema's entities: "
           "Brand, Deal, User, UserWatch";
    QTest::newRow("missing entity") << "missing_entities.json"
                                    << "entities: Missing required entities: Brand";
    QTest::newRow("missing sections") << "missing_required_sections.json"
                                      << "entities.User: Missing required sections for entity "
                                         "User: access_pattern_data, update_data";
    QTest::newRow("unknown field")
        << "invalid_field_names.json"
        << "entities.Brand.sample_data.brand_nam: Unknown field 'brand_nam' for entity Brand; "
           "did you mean 'brand_name'?";
    QTest::newRow("empty section") << "empty_sample_data.json"
                                   << "entities.Deal.sample_data: Empty sample_data for entity "
                                      "Deal: give at least one field's value";
    QTest::newRow("not an object") << "invalid_json_structure.json"
                                   << "entities: entities must be an object";
}

void TestMcpImport::usageDataRefused()
{
    QFETCH(QString, file);
    QFETCH(QString, error);
    QTemporaryDir dir;
    const QString usage = kUsage + "invalid/" + file;
    for (const QStringList &args :
         {QStringList {"check", kMcp + "deals_schema.json", "--usage-data", usage},
          QStringList {"convert", kMcp + "deals_schema.json", "--all-tables", "--usage-data", usage,
                       "-o", "x.keyscope.json"}}) {
        const Result result = run(args, dir.path());
        QCOMPARE(result.exitCode, 255);
        QVERIFY2(result.err.contains("keyscope: error: " + usage + ": " + error),
                 qPrintable(result.err));
        QVERIFY(QDir(dir.path()).entryList(QDir::Files).isEmpty());
    }
}

QTEST_GUILESS_MAIN(TestMcpImport)
#include "tst_mcpimport.moc"
