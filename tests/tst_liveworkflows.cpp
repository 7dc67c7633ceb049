// The live workflows `keyscope live` and the Live Endpoint window share: the load form's
// request, the project a partition becomes, the check before a push and the push.

#include "model/design/projectfile.h"
#include "model/live/dynamoclient.h"
#include "model/live/liveworkflows.h"
#include "tests/fakedynamotransport.h"
#include "tests/support/fixtures.h"

#include <QJsonArray>
#include <QTest>

using namespace keyscope::model;
using namespace keyscope::model::live;
using keyscope::tests::FakeDynamoTransport;

namespace {

using keyscope::testsupport::localConnection;
using keyscope::testsupport::pkSkTable;

QJsonObject describedAs(const TableDefinition &definition)
{
    QJsonObject table = definition.toJson();
    table.insert(QStringLiteral("TableStatus"), QStringLiteral("ACTIVE"));
    return QJsonObject {{QStringLiteral("Table"), table}};
}

} // namespace

class TestLiveWorkflows : public QObject
{
    Q_OBJECT

private slots:
    void formBecomesTheWholeQuery()
    {
        PartitionForm form;
        form.tableName = QStringLiteral("T");
        form.indexName = QStringLiteral(" GSI1 ");
        form.keyConditionExpression = QStringLiteral("#p = :pk");
        form.filterExpression = QStringLiteral("Temp > :t");
        form.expressionAttributeNames = QStringLiteral(R"({"#p": "PK"})");
        form.expressionAttributeValues
            = QStringLiteral(R"({":pk": {"S": "D#1"}, ":t": {"N": "20"}})");
        form.scanIndexForward = false;
        form.limit = 10;
        auto formed = partitionRequest(form);
        QVERIFY(std::holds_alternative<QueryRequest>(formed));
        const QueryRequest &request = std::get<QueryRequest>(formed);
        QCOMPARE(request.indexName, QStringLiteral("GSI1"));
        QCOMPARE(request.filterExpression, std::optional<QString>(QStringLiteral("Temp > :t")));
        QCOMPARE(request.expressionAttributeNames->at(QStringLiteral("#p")), QStringLiteral("PK"));
        QCOMPARE(request.expressionAttributeValues->size(), size_t(2));
        QVERIFY(!request.scanIndexForward);
        QCOMPARE(request.limit, std::optional<qint64>(10));

        // Empty filter, names and Limit are no filter, no names and no Limit.
        PartitionForm plain;
        plain.expressionAttributeValues = QStringLiteral(R"({":pk": {"S": "x"}})");
        const QueryRequest bare = std::get<QueryRequest>(partitionRequest(plain));
        QVERIFY(!bare.filterExpression && !bare.expressionAttributeNames && !bare.limit);
        QVERIFY(bare.scanIndexForward);
    }

    void formMistakesSayWhatToWrite()
    {
        PartitionForm form;
        form.expressionAttributeValues = QStringLiteral("{\":pk\": ");
        auto bad = partitionRequest(form);
        QVERIFY(std::get<QString>(bad).startsWith(QLatin1String("Values: ")));
        QVERIFY(std::get<QString>(bad).contains(QLatin1String("write them as")));
        form.expressionAttributeValues = QStringLiteral(R"({":pk": {"Q": "x"}})");
        QVERIFY(
            std::get<QString>(partitionRequest(form)).startsWith(QLatin1String("Values: :pk: ")));
        form.expressionAttributeValues = QStringLiteral(R"({":pk": {"S": "x"}})");
        form.expressionAttributeNames = QStringLiteral(R"({"#p": 1})");
        QCOMPARE(std::get<QString>(partitionRequest(form)),
                 QStringLiteral("Names: #p: expected a string"));
    }

    void partitionProjectKeepsTheQuery()
    {
        QueryRequest request;
        request.tableName = QStringLiteral("T");
        request.indexName = QStringLiteral("GSI1");
        request.keyConditionExpression = QStringLiteral("#p = :pk");
        request.filterExpression = QStringLiteral("attribute_exists(Temp)");
        request.expressionAttributeNames
            = std::map<QString, QString> {{QStringLiteral("#p"), QStringLiteral("PK")}};
        request.expressionAttributeValues = std::map<QString, AttributeValue> {
            {QStringLiteral(":pk"), AttributeValue::string("D#1")}};
        request.scanIndexForward = false;
        request.limit = 25;
        const Item item {{QStringLiteral("PK"), AttributeValue::string("D#1")},
                         {QStringLiteral("SK"), AttributeValue::string("A")}};
        const Project project = partitionProject(request, pkSkTable(),
                                                 QStringLiteral("http://127.0.0.1:8000"), {item});
        QCOMPARE(project.name, QStringLiteral("T (loaded from http://127.0.0.1:8000)"));
        QCOMPARE(project.items.size(), size_t(1));
        QCOMPARE(project.accessPatterns.size(), size_t(1));
        const AccessPattern &pattern = project.accessPatterns.front();
        QCOMPARE(pattern.name, QStringLiteral("Loaded partition"));
        QCOMPARE(pattern.indexName, QStringLiteral("GSI1"));
        QCOMPARE(pattern.keyConditionExpression, QStringLiteral("#p = :pk"));
        QCOMPARE(pattern.filterExpression, request.filterExpression);
        QCOMPARE(pattern.names, *request.expressionAttributeNames);
        QCOMPARE(pattern.values.at(QStringLiteral(":pk")).literal,
                 std::optional(AttributeValue::string("D#1")));
        QVERIFY(!pattern.scanIndexForward);
        QCOMPARE(pattern.limit, std::optional<qint64>(25));
    }

    void keyTextAndDescribeKeys()
    {
        const TableDefinition table = pkSkTable("N");
        QCOMPARE(describeKeys(table.keys), QStringLiteral("PK (S, HASH), SK (N, RANGE)"));
        QVERIFY(sameKeys(table.keys, pkSkTable("N").keys));
        QVERIFY(!sameKeys(table.keys, pkSkTable("S").keys));
        const Item item {{QStringLiteral("SK"), AttributeValue::number(*Number::parse(u"7"))},
                         {QStringLiteral("PK"), AttributeValue::string("D#1")}};
        QCOMPARE(keyText(table, QString(), item), QStringLiteral("PK=D#1 SK=7"));
    }

    void pushCheckAndPush()
    {
        FakeDynamoTransport transport;
        bool exists = false;
        bool holdsItems = false;
        TableDefinition existing = pkSkTable();
        transport.handler = [&](const QString &operation, const QJsonObject &) {
            if (operation == QLatin1String("DescribeTable")) {
                if (!exists)
                    return FakeDynamoTransport::error(
                        400, QStringLiteral("ResourceNotFoundException"), QStringLiteral("no"));
                return FakeDynamoTransport::ok(describedAs(existing));
            }
            if (operation == QLatin1String("Scan"))
                return FakeDynamoTransport::ok(
                    {{QStringLiteral("Items"), QJsonArray()},
                     {QStringLiteral("Count"), holdsItems ? 1 : 0},
                     {QStringLiteral("ScannedCount"), holdsItems ? 1 : 0}});
            if (operation == QLatin1String("CreateTable")) {
                exists = true;
                return FakeDynamoTransport::ok({});
            }
            return FakeDynamoTransport::ok({{QStringLiteral("UnprocessedItems"), QJsonObject {}}});
        };
        DynamoClient client(transport, localConnection());
        LiveOperations operations(client);
        const TableDefinition definition = pkSkTable();

        // No table: the push creates it, then writes.
        PushCheck check = checkPush(operations, definition, QStringLiteral("E"), 30);
        QVERIFY(!check.error);
        QVERIFY(!check.plan.tableExists);
        QCOMPARE(check.plan.keys, QStringLiteral("PK (S, HASH), SK (S, RANGE)"));
        QCOMPARE(check.plan.items, qint64(30));
        std::vector<Item> items;
        for (int i = 0; i < 30; ++i)
            items.push_back({{QStringLiteral("PK"), AttributeValue::string("P")},
                             {QStringLiteral("SK"), AttributeValue::string(QString::number(i))}});
        const PushResult pushed = push(operations, check.plan, definition, {}, items);
        QVERIFY(!pushed.createError);
        QVERIFY(!pushed.write.error);
        QCOMPARE(pushed.write.written, qint64(30));
        QCOMPARE(transport.count(QStringLiteral("CreateTable")), 1);
        QCOMPARE(transport.count(QStringLiteral("BatchWriteItem")), 2);

        // It exists now: with items, and then with other keys.
        holdsItems = true;
        check = checkPush(operations, definition, QStringLiteral("E"), 30);
        QVERIFY(check.plan.tableExists);
        QVERIFY(check.plan.tableHasItems);
        QVERIFY(!check.keysDiffer());
        existing = pkSkTable("N");
        check = checkPush(operations, definition, QStringLiteral("E"), 30);
        QVERIFY(check.keysDiffer());
        QCOMPARE(check.existingKeys, QStringLiteral("PK (S, HASH), SK (N, RANGE)"));
    }
};

QTEST_GUILESS_MAIN(TestLiveWorkflows)
#include "tst_liveworkflows.moc"
