// The sort-key strategies of STRATEGIES.md, run as the Queries a designer would issue: each test
// asserts the order the user sees, including the order that goes wrong when the key is not shaped
// for the access pattern.

#include "model/query/queryengine.h"
#include "model/table/table.h"
#include "model/table/tabledefinition.h"
#include "tests/support/fixtures.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <algorithm>
#include <memory>
#include <random>

using namespace keyscope::model;

namespace {

AttributeValue S(const QString &s)
{
    return AttributeValue::string(s);
}

// A table "T" with S keys PK/SK plus optional extra JSON (indexes, extra definitions).
std::unique_ptr<Table> makeTable(const QString &extraDefinitions, const QString &extra,
                                 std::vector<Item> items)
{
    const QString json
        = QStringLiteral(
              R"({"TableName":"T","AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"},
            {"AttributeName":"SK","AttributeType":"S"}%1],
            "KeySchema":[{"AttributeName":"PK","KeyType":"HASH"},{"AttributeName":"SK","KeyType":"RANGE"}]%2})")
              .arg(extraDefinitions, extra);
    auto table = std::make_unique<Table>(keyscope::testsupport::tableFromJson(json.toUtf8()));
    // Written in a scrambled order: only the key decides the order.
    std::mt19937 rng(42);
    std::shuffle(items.begin(), items.end(), rng);
    const auto result = table->putItems(items);
    if (auto *e = std::get_if<Table::ItemError>(&result))
        qFatal("item rejected: %s", qPrintable(e->message));
    return table;
}

std::unique_ptr<Table> makeTable(std::vector<Item> items)
{
    return makeTable({}, {}, std::move(items));
}

Item item(const QString &pk, const QString &sk,
          std::initializer_list<std::pair<const char *, QString>> more = {})
{
    Item i {{"PK", S(pk)}, {"SK", S(sk)}};
    for (const auto &[name, value] : more)
        i.emplace(QString::fromLatin1(name), S(value));
    return i;
}

struct Run
{
    Run(QString condition, std::map<QString, AttributeValue> vals, bool isForward = true,
        std::optional<qint64> pageLimit = std::nullopt, QString indexName = {})
        : keyCondition(std::move(condition))
        , values(std::move(vals))
        , forward(isForward)
        , limit(pageLimit)
        , index(std::move(indexName))
    { }

    QString keyCondition;
    std::map<QString, AttributeValue> values;
    bool forward = true;
    std::optional<qint64> limit;
    QString index;
    QString attribute = QStringLiteral("SK"); // which attribute to list
};

QStringList query(const Table &table, const Run &run, QueryResponse *out = nullptr)
{
    QueryRequest r;
    r.keyConditionExpression = run.keyCondition;
    r.expressionAttributeValues = run.values;
    r.scanIndexForward = run.forward;
    r.limit = run.limit;
    r.indexName = run.index;
    auto result = QueryEngine::query(table, r);
    if (auto *error = std::get_if<QueryError>(&result))
        qFatal("query failed: %s", qPrintable(error->message));
    QueryResponse &response = std::get<QueryResponse>(result);
    QStringList values;
    for (const Item &i : response.items)
        values << i.at(run.attribute).asString();
    if (out)
        *out = std::move(response);
    return values;
}

QString pad(int n, int width)
{
    return QStringLiteral("%1").arg(n, width, 10, QLatin1Char('0'));
}

} // namespace

class TestStrategies : public QObject
{
    Q_OBJECT

private slots:
    void byteOrderIsNotAlphabetical();
    void normalisedCaseRestoresAlphabeticalOrder();
    void timestampsMustBeSortable();
    void zeroPadding();
    void zeroPaddedDifference();
    void saasTwoDirections();
    void iotParentPlacement();
    void hierarchicalKeys_data();
    void hierarchicalKeys();
    void ticketTrackerIndexOnUpdatedAt();
    void ordersByDateInAnLsi();
};

void TestStrategies::byteOrderIsNotAlphabetical()
{
    const auto table
        = makeTable({item("FAMILY", "Dern"), item("FAMILY", "DeBrie"), item("FAMILY", "Dean"),
                     item("FAMILY", "Vanbyke"), item("FAMILY", "VanDyke"), item("FAMILY", "#hash"),
                     item("FAMILY", "9lives"), item("FAMILY", "zed"), item("FAMILY", "Zed")});
    // 'B' (0x42) < 'a' (0x61): DeBrie before Dean. '#' < digits < upper < lower.
    QCOMPARE(query(*table, {"PK = :p", {{":p", S("FAMILY")}}}),
             (QStringList {"#hash", "9lives", "DeBrie", "Dean", "Dern", "VanDyke", "Vanbyke", "Zed",
                           "zed"}));
    QCOMPARE(
        query(*table, {"PK = :p AND begins_with(SK, :d)", {{":p", S("FAMILY")}, {":d", S("De")}}}),
        (QStringList {"DeBrie", "Dean", "Dern"}));
    // begins_with is case-sensitive: "de" finds nothing.
    QCOMPARE(
        query(*table, {"PK = :p AND begins_with(SK, :d)", {{":p", S("FAMILY")}, {":d", S("de")}}}),
        QStringList {});
}

void TestStrategies::normalisedCaseRestoresAlphabeticalOrder()
{
    std::vector<Item> items;
    for (const QString &name :
         {QStringLiteral("Dern"), QStringLiteral("DeBrie"), QStringLiteral("Dean")})
        items.push_back(item("FAMILY", name.toUpper(), {{"Display", name}}));
    const auto table = makeTable(items);
    Run run {"PK = :p", {{":p", S("FAMILY")}}};
    run.attribute = "Display";
    QCOMPARE(query(*table, run), (QStringList {"Dean", "DeBrie", "Dern"}));
}

void TestStrategies::timestampsMustBeSortable()
{
    const auto table
        = makeTable({item("EVENTS", "2023-07-11T15:00:00Z"), item("EVENTS", "2023-07-10T14:48:00Z"),
                     item("EVENTS", "1988-05-26T09:00:00Z"), item("EVENTS", "2023-07-10T09:05:00Z"),
                     item("DISPLAY", "May 26, 1988"), item("DISPLAY", "Jul 10, 2023"),
                     item("DISPLAY", "Jul 11, 2023"), item("DISPLAY", "Aug 1, 1999")});
    QCOMPARE(query(*table, {"PK = :p", {{":p", S("EVENTS")}}}),
             (QStringList {"1988-05-26T09:00:00Z", "2023-07-10T09:05:00Z", "2023-07-10T14:48:00Z",
                           "2023-07-11T15:00:00Z"}));
    // A range of days is a BETWEEN on the ISO text.
    QCOMPARE(query(*table,
                   {"PK = :p AND SK BETWEEN :a AND :b",
                    {{":p", S("EVENTS")}, {":a", S("2023-07-10")}, {":b", S("2023-07-10T99")}}}),
             (QStringList {"2023-07-10T09:05:00Z", "2023-07-10T14:48:00Z"}));
    // Display dates sort by month name, not by time.
    QCOMPARE(query(*table, {"PK = :p", {{":p", S("DISPLAY")}}}),
             (QStringList {"Aug 1, 1999", "Jul 10, 2023", "Jul 11, 2023", "May 26, 1988"}));
}

void TestStrategies::zeroPadding()
{
    std::vector<Item> items;
    for (int i : {1, 2, 10, 11, 3, 12, 20, 100})
        items.push_back(item("DEVICE#1", "READING#" + QString::number(i)));
    for (int i : {1, 2, 10, 11, 3, 12, 20, 100})
        items.push_back(item("DEVICE#2", "READING#" + pad(i, 5)));
    // Wider than the width: no error, just the wrong place.
    items.push_back(item("DEVICE#2", "READING#" + QString::number(100000)));
    items.push_back(item("DEVICE#2", "READING#" + pad(20000, 5)));
    const auto table = makeTable(items);

    // READING#10 sorts before READING#2 because '1' < '2'.
    QCOMPARE(query(*table, {"PK = :p", {{":p", S("DEVICE#1")}}}),
             (QStringList {"READING#1", "READING#10", "READING#100", "READING#11", "READING#12",
                           "READING#2", "READING#20", "READING#3"}));
    // Padding restores numeric order ...
    QCOMPARE(
        query(*table, {"PK = :p AND SK < :w", {{":p", S("DEVICE#2")}, {":w", S("READING#1")}}}),
        (QStringList {"READING#00001", "READING#00002", "READING#00003", "READING#00010",
                      "READING#00011", "READING#00012", "READING#00020", "READING#00100"}));
    // ... until a value outgrows the width: 100000 lands before 20000.
    QCOMPARE(
        query(*table, {"PK = :p AND SK > :w", {{":p", S("DEVICE#2")}, {":w", S("READING#00100")}}}),
        (QStringList {"READING#100000", "READING#20000"}));
}

void TestStrategies::zeroPaddedDifference()
{
    QCOMPARE(pad(99999 - 157, 5), QStringLiteral("99842"));
    std::vector<Item> items {item("USER#alex", "#PROFILE")};
    for (int id : {157, 3, 9001, 42, 12000})
        items.push_back(
            item("USER#alex", "ORDER#" + pad(99999 - id, 5), {{"OrderId", QString::number(id)}}));
    const auto table = makeTable(items);
    QueryResponse response;
    Run run {"PK = :p", {{":p", S("USER#alex")}}};
    run.limit = 4;
    QCOMPARE(query(*table, run, &response),
             (QStringList {"#PROFILE", "ORDER#87999", "ORDER#90998", "ORDER#99842"}));
    // Reading forward from the parent at the top returns the largest ids first.
    run.attribute = "OrderId";
    run.keyCondition = "PK = :p AND begins_with(SK, :o)";
    run.values[":o"] = S("ORDER#");
    run.limit.reset();
    QCOMPARE(query(*table, run), (QStringList {"12000", "9001", "157", "42", "3"}));
}

void TestStrategies::saasTwoDirections()
{
    const auto table = makeTable({item("ORG#MCDONALDS", "ORG#MCDONALDS", {{"Type", "Org"}}),
                                  item("ORG#MCDONALDS", "#TEAM#Marketing", {{"Type", "Team"}}),
                                  item("ORG#MCDONALDS", "#TEAM#Engineering", {{"Type", "Team"}}),
                                  item("ORG#MCDONALDS", "#TEAM#Design", {{"Type", "Team"}}),
                                  item("ORG#MCDONALDS", "USER#carol", {{"Type", "User"}}),
                                  item("ORG#MCDONALDS", "USER#alice", {{"Type", "User"}}),
                                  item("ORG#MCDONALDS", "USER#bob", {{"Type", "User"}}),
                                  item("ORG#BURGERKING", "ORG#BURGERKING", {{"Type", "Org"}}),
                                  item("ORG#BURGERKING", "USER#zed", {{"Type", "User"}})});
    // The whole collection: teams < org < users.
    QCOMPARE(query(*table, {"PK = :p", {{":p", S("ORG#MCDONALDS")}}}),
             (QStringList {"#TEAM#Design", "#TEAM#Engineering", "#TEAM#Marketing", "ORG#MCDONALDS",
                           "USER#alice", "USER#bob", "USER#carol"}));
    const std::map<QString, AttributeValue> values {{":pk", S("ORG#MCDONALDS")},
                                                    {":sk", S("ORG#MCDONALDS")}};
    // "Org and its teams": backward from the Org item.
    Run teams {"PK = :pk AND SK <= :sk", values, false};
    QCOMPARE(
        query(*table, teams),
        (QStringList {"ORG#MCDONALDS", "#TEAM#Marketing", "#TEAM#Engineering", "#TEAM#Design"}));
    teams.attribute = "Type";
    QCOMPARE(query(*table, teams), (QStringList {"Org", "Team", "Team", "Team"}));
    // "Org and its users, alphabetical": forward from the Org item.
    Run users {"PK = :pk AND SK >= :sk", values, true};
    QCOMPARE(query(*table, users),
             (QStringList {"ORG#MCDONALDS", "USER#alice", "USER#bob", "USER#carol"}));
    // The Org item is always the first item of either page.
    teams.limit = 1;
    users.limit = 1;
    teams.attribute = "SK";
    QCOMPARE(query(*table, teams), QStringList {"ORG#MCDONALDS"});
    QCOMPARE(query(*table, users), QStringList {"ORG#MCDONALDS"});
}

void TestStrategies::iotParentPlacement()
{
    std::vector<Item> withHash {item("DEVICE#d1", "DEVICE#d1", {{"Type", "Device"}})};
    std::vector<Item> withoutHash {item("DEVICE#d1", "DEVICE#d1", {{"Type", "Device"}})};
    for (int minute = 0; minute < 30; ++minute) {
        const QString ts = QStringLiteral("2024-03-01T10:%1:00Z").arg(pad(minute, 2));
        withHash.push_back(item("DEVICE#d1", "#READING#" + ts, {{"Type", "Reading"}}));
        withoutHash.push_back(item("DEVICE#d1", "READING#" + ts, {{"Type", "Reading"}}));
    }
    const std::map<QString, AttributeValue> values {{":p", S("DEVICE#d1")}};

    // '#READING' sorts before 'DEVICE': a backward Query with Limit 11 returns the Device first,
    // then its 10 newest readings, in one request.
    const auto good = makeTable(withHash);
    Run run {"PK = :p", values, false, 11};
    QStringList expected {"DEVICE#d1"};
    for (int minute = 29; minute >= 20; --minute)
        expected << QStringLiteral("#READING#2024-03-01T10:%1:00Z").arg(pad(minute, 2));
    QueryResponse response;
    QCOMPARE(query(*good, run, &response), expected);
    QCOMPARE(response.count, 11);

    // 'READING' sorts after 'DEVICE': backward reads readings first and reaches the Device last.
    const auto bad = makeTable(withoutHash);
    run.attribute = "Type";
    const QStringList types = query(*bad, run);
    QCOMPARE(types, QStringList(11, QStringLiteral("Reading")));
    run.limit.reset();
    const QStringList all = query(*bad, run);
    QCOMPARE(all.size(), 31);
    QCOMPARE(all.last(), QStringLiteral("Device"));
    QCOMPARE(all.indexOf(QStringLiteral("Device")), 30);
}

void TestStrategies::hierarchicalKeys_data()
{
    QTest::addColumn<QString>("prefix");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("chain") << "McD#"
                           << QStringList {"McD#CA#ON#Toronto", "McD#US#CA#Los Angeles",
                                           "McD#US#CA#San Diego", "McD#US#NY#New York",
                                           "McD#USA#TX#Austin"};
    QTest::newRow("country with delimiter")
        << "McD#US#"
        << QStringList {"McD#US#CA#Los Angeles", "McD#US#CA#San Diego", "McD#US#NY#New York"};
    QTest::newRow("country without delimiter also matches USA")
        << "McD#US"
        << QStringList {"McD#US#CA#Los Angeles", "McD#US#CA#San Diego", "McD#US#NY#New York",
                        "McD#USA#TX#Austin"};
    QTest::newRow("state") << "McD#US#CA#"
                           << QStringList {"McD#US#CA#Los Angeles", "McD#US#CA#San Diego"};
    QTest::newRow("city") << "McD#US#CA#San Diego" << QStringList {"McD#US#CA#San Diego"};
    QTest::newRow("none") << "Wendys#" << QStringList {};
}

void TestStrategies::hierarchicalKeys()
{
    QFETCH(QString, prefix);
    QFETCH(QStringList, expected);
    const auto table = makeTable(
        {item("RESTAURANTS", "McD#US#CA#San Diego"), item("RESTAURANTS", "McD#US#CA#Los Angeles"),
         item("RESTAURANTS", "McD#US#NY#New York"), item("RESTAURANTS", "McD#USA#TX#Austin"),
         item("RESTAURANTS", "McD#CA#ON#Toronto"), item("RESTAURANTS", "BK#US#CA#Fresno"),
         item("RESTAURANTS", "McDonalds#US#CA#Davis")});
    const std::map<QString, AttributeValue> values {{":p", S("RESTAURANTS")}, {":x", S(prefix)}};
    QCOMPARE(query(*table, {"PK = :p AND begins_with(SK, :x)", values}), expected);
    QStringList backward = expected;
    std::reverse(backward.begin(), backward.end());
    QCOMPARE(query(*table, {"PK = :p AND begins_with(SK, :x)", values, false}), backward);
}

void TestStrategies::ticketTrackerIndexOnUpdatedAt()
{
    const QString defs
        = R"(,{"AttributeName":"Org","AttributeType":"S"},{"AttributeName":"UpdatedAt","AttributeType":"S"})";
    const QString gsi = R"(,"GlobalSecondaryIndexes":[{"IndexName":"ByUpdated","KeySchema":[
        {"AttributeName":"Org","KeyType":"HASH"},{"AttributeName":"UpdatedAt","KeyType":"RANGE"}],
        "Projection":{"ProjectionType":"ALL"}}])";
    const auto ticket = [](const QString &id, const QString &updated) {
        return item("ORG#acme", "TICKET#" + id, {{"Org", "acme"}, {"UpdatedAt", updated}});
    };
    const auto table
        = makeTable(defs, gsi,
                    {ticket("001", "2024-05-01T09:00:00Z"), ticket("002", "2024-05-03T12:00:00Z"),
                     ticket("003", "2024-05-02T08:30:00Z"), ticket("004", "2024-04-30T23:59:59Z")});
    Run recent {"Org = :o", {{":o", S("acme")}}, false, std::nullopt, "ByUpdated"};
    QCOMPARE(query(*table, recent),
             (QStringList {"TICKET#002", "TICKET#003", "TICKET#001", "TICKET#004"}));

    // Updating a ticket rewrites the item under the same (immutable) key; the index moves it.
    const auto result = table->putItems(std::vector<Item> {ticket("004", "2024-05-04T07:00:00Z")});
    QCOMPARE(std::get<Table::LoadResult>(result).replaced, 1);
    QCOMPARE(query(*table, recent),
             (QStringList {"TICKET#004", "TICKET#002", "TICKET#003", "TICKET#001"}));
    recent.limit = 2;
    QCOMPARE(query(*table, recent), (QStringList {"TICKET#004", "TICKET#002"}));
    // The table itself still lists tickets by id.
    QCOMPARE(query(*table, {"PK = :p", {{":p", S("ORG#acme")}}}),
             (QStringList {"TICKET#001", "TICKET#002", "TICKET#003", "TICKET#004"}));
}

void TestStrategies::ordersByDateInAnLsi()
{
    const QString defs = R"(,{"AttributeName":"OrderDate","AttributeType":"S"})";
    const QString lsi = R"(,"LocalSecondaryIndexes":[{"IndexName":"ByDate","KeySchema":[
        {"AttributeName":"PK","KeyType":"HASH"},{"AttributeName":"OrderDate","KeyType":"RANGE"}],
        "Projection":{"ProjectionType":"KEYS_ONLY"}}])";
    const auto table
        = makeTable(defs, lsi,
                    {item("user#101", "profile"),
                     item("user#101", "123", {{"OrderDate", "order#2025-08-21#123"}}),
                     item("user#101", "077", {{"OrderDate", "order#2025-09-02#077"}}),
                     item("user#101", "200", {{"OrderDate", "order#2024-12-31#200"}}),
                     item("user#102", "300", {{"OrderDate", "order#2025-01-01#300"}})});
    Run byDate {"PK = :p AND begins_with(OrderDate, :o)",
                {{":p", S("user#101")}, {":o", S("order#")}},
                false,
                std::nullopt,
                "ByDate"};
    QCOMPARE(query(*table, byDate), (QStringList {"077", "123", "200"}));
    byDate.keyCondition = "PK = :p AND OrderDate BETWEEN :a AND :b";
    byDate.values = {{":p", S("user#101")}, {":a", S("order#2025-")}, {":b", S("order#2025-12")}};
    byDate.forward = true;
    QCOMPARE(query(*table, byDate), (QStringList {"123", "077"}));
}

QTEST_GUILESS_MAIN(TestStrategies)
#include "tst_strategies.moc"
