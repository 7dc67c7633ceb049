// Failing access patterns are diagnosed and fixed (issue 13): applyFix makes every kind of
// change by name and refuses a stale one; every failing pattern of the built-in examples'
// "before" designs carries a diagnosis and a fix that, applied, makes it pass; orderBy
// compares by meaning.

#include "model/design/accesspatternrunner.h"
#include "model/design/designfix.h"
#include "model/design/ordercomparison.h"
#include "model/design/patterndiagnosis.h"
#include "model/design/populator.h"
#include "model/design/projectfile.h"
#include "tests/support/testpaths.h"

#include <QDir>
#include <QTest>

using namespace keyscope::model;

namespace {

const QString kExamplesDir = keyscope::testsupport::sourcePath("/resources/examples/");

Project load(const QString &path)
{
    auto read = ProjectFile::read(path);
    if (auto *errors = std::get_if<std::vector<IoError>>(&read)) {
        qWarning("%s: %s", qPrintable(path), qPrintable(errors->front().message));
        return Project();
    }
    return std::get<Project>(std::move(read));
}

Project parse(const QByteArray &json)
{
    auto read = ProjectFile::parse(json, QStringLiteral("test"));
    if (auto *errors = std::get_if<std::vector<IoError>>(&read)) {
        qWarning("%s: %s", qPrintable(errors->front().path), qPrintable(errors->front().message));
        return Project();
    }
    return std::get<Project>(std::move(read));
}

// The project populated and every pattern run (and diagnosed).
std::vector<PatternResult> runAll(const Project &project)
{
    auto populated = Populator::populate(project);
    if (!std::holds_alternative<Population>(populated))
        return {};
    const Population &population = std::get<Population>(populated);
    auto built = AccessPatternRunner::buildTable(project, population);
    if (!std::holds_alternative<std::unique_ptr<Table>>(built))
        return {};
    return AccessPatternRunner::runAll(project, population,
                                       *std::get<std::unique_ptr<Table>>(built));
}

const PatternResult *named(const std::vector<PatternResult> &results, const QString &name)
{
    for (const PatternResult &result : results) {
        if (result.name == name)
            return &result;
    }
    return nullptr;
}

const QByteArray kLog = R"json({
  "keyscope": 1, "name": "Log", "seed": 3,
  "table": {"TableName": "Log",
            "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
                                     {"AttributeName": "SK", "AttributeType": "S"}],
            "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                          {"AttributeName": "SK", "KeyType": "RANGE"}]},
  "entities": [
    {"name": "Log", "attributes": [], "keys": {"PK": "LOG", "SK": "#LOG"}},
    {"name": "Entry", "parent": "Log", "count": 12,
     "attributes": [{"name": "Seq", "type": "N", "generator": {"kind": "sequence", "start": 1}},
                    {"name": "Stamp", "type": "S",
                     "generator": {"kind": "choice", "choices": ["2024-01-01T10:00:00+02:00"]}},
                    {"name": "Epoch", "type": "S",
                     "generator": {"kind": "choice", "choices": ["999999999", "1000000000"]}},
                    {"name": "Level", "type": "S", "generator": {"kind": "choice", "choices": ["a", "b"]}}],
     "keys": {"PK": "LOG", "SK": "ENTRY#{Seq|pad:3}"}}
  ],
  "accessPatterns": [
    {"name": "Entries", "keyCondition": "PK = :pk AND begins_with(SK, :p)",
     "values": {":pk": {"S": "LOG"}, ":p": {"S": "ENTRY#"}, ":l": {"S": "a"}}, "scanIndexForward": true,
     "limit": 5, "filter": "#l = :l", "names": {"#l": "Level"},
     "expect": {"entityTypes": ["Entry"], "orderBy": {"attribute": "Seq"}}}
  ]
})json";

} // namespace

class TestPatternDiagnosis : public QObject
{
    Q_OBJECT

private slots:
    void applyFixMakesEveryKind();
    void applyFixRefusesStaleChanges();
    void everyFailingExamplePatternIsFixed_data();
    void everyFailingExamplePatternIsFixed();
    void orderByComparesByMeaning();
    void orderByReadsDisplayDates();
    void sharedPrefixGetsOneOfItsOwn();
    void orderByAsOverridesAndRoundTrips();
    void copiesOfAPatternAreDiagnosedAlike_data();
    void copiesOfAPatternAreDiagnosedAlike();
};

void TestPatternDiagnosis::applyFixMakesEveryKind()
{
    const Project project = load(kExamplesDir + QStringLiteral("orders/before.keyscope.json"));
    QVERIFY(!project.entities.empty());
    const QString pattern = QStringLiteral("A user's orders, newest first");
    DesignFix fix;
    fix.summary = QStringLiteral("everything");
    const auto change = [&](FixChange::Kind kind, const QString &before, const QString &after) {
        FixChange c;
        c.kind = kind;
        c.pattern = pattern;
        c.entity = QStringLiteral("Order");
        c.before = before;
        c.after = after;
        return c;
    };
    FixChange key = change(FixChange::Kind::KeyTemplate, QStringLiteral("order#{OrderId}"),
                           QStringLiteral("ORDER#{OrderId}"));
    key.key = QStringLiteral("SK");
    FixChange generator
        = change(FixChange::Kind::AttributeGenerator,
                 QStringLiteral("{ \"pattern\": \"######\", \"kind\": \"pattern\" }"),
                 QStringLiteral("{\"kind\":\"pattern\",\"pattern\":\"#######\"}"));
    generator.attribute = QStringLiteral("OrderId");
    FixChange mutableFlag = change(FixChange::Kind::AttributeMutable, QStringLiteral("false"),
                                   QStringLiteral("true"));
    mutableFlag.attribute = QStringLiteral("Total");
    FixChange value = change(FixChange::Kind::PatternValue, QStringLiteral("{\"S\":\"order#\"}"),
                             QStringLiteral("{\"S\": \"ORDER#\"}"));
    value.valueName = QStringLiteral(":prefix");
    FixChange index;
    index.kind = FixChange::Kind::TableIndex;
    index.key = QStringLiteral("LSI1SK");
    index.after = QStringLiteral("ByDate");
    FixChange indexKey = change(FixChange::Kind::KeyTemplate, QString(),
                                QStringLiteral("ORDER#{OrderDate|iso8601}"));
    indexKey.key = QStringLiteral("LSI1SK");
    fix.changes = {key,
                   generator,
                   mutableFlag,
                   value,
                   index,
                   indexKey,
                   change(FixChange::Kind::PatternDirection, QStringLiteral("backward"),
                          QStringLiteral("forward")),
                   change(FixChange::Kind::PatternKeyCondition,
                          QStringLiteral("PK = :pk AND begins_with(SK, :prefix)"),
                          QStringLiteral("PK = :pk AND begins_with(LSI1SK, :prefix)")),
                   change(FixChange::Kind::PatternFilter, QString(), QStringLiteral("Total > :t")),
                   change(FixChange::Kind::PatternLimit, QStringLiteral("5"), QString()),
                   change(FixChange::Kind::PatternIndex, QString(), QStringLiteral("ByDate"))};
    FixChange keysIndex;
    keysIndex.kind = FixChange::Kind::TableKeysIndex;
    keysIndex.after = QStringLiteral("SK-keys");
    keysIndex.attribute = QStringLiteral("Total,OrderDate");
    fix.changes.push_back(keysIndex);
    FixChange t
        = change(FixChange::Kind::PatternValue, QString(), QStringLiteral("{\"N\":\"10\"}"));
    t.valueName = QStringLiteral(":t");
    fix.changes.push_back(t);

    auto fixed = applyFix(project, fix);
    QVERIFY2(std::holds_alternative<Project>(fixed),
             qPrintable(std::get_if<QString>(&fixed) ? *std::get_if<QString>(&fixed) : QString()));
    const Project &after = std::get<Project>(fixed);
    const EntityType *order = after.entity(QStringLiteral("Order"));
    QCOMPARE(order->keys.at(QStringLiteral("SK")), QStringLiteral("ORDER#{OrderId}"));
    QCOMPARE(order->keys.at(QStringLiteral("LSI1SK")), QStringLiteral("ORDER#{OrderDate|iso8601}"));
    QCOMPARE(order->attributes[0].generator.pattern, QStringLiteral("#######"));
    QVERIFY(order->attributes[2].isMutable);
    QVERIFY(after.table.index(QStringLiteral("ByDate")));
    QVERIFY(!after.table.index(QStringLiteral("ByDate"))->isGlobal());
    // The keys-only index has the table's own key schema and projects just what was named.
    const IndexDefinition *keys = after.table.index(QStringLiteral("SK-keys"));
    QVERIFY(keys);
    QVERIFY(keys->isGlobal());
    QCOMPARE(keys->keys.hash.front().name, QStringLiteral("PK"));
    QCOMPARE(keys->keys.range.front().name, QStringLiteral("SK"));
    QCOMPARE(keys->projection, ProjectionType::Include);
    QCOMPARE(keys->nonKeyAttributes,
             (QStringList {QStringLiteral("Total"), QStringLiteral("OrderDate")}));
    const AccessPattern &p = after.accessPatterns[0];
    QCOMPARE(p.indexName, QStringLiteral("ByDate"));
    QVERIFY(p.scanIndexForward);
    QVERIFY(!p.limit);
    QCOMPARE(p.filterExpression.value_or(QString()), QStringLiteral("Total > :t"));
    QCOMPARE(p.keyConditionExpression, QStringLiteral("PK = :pk AND begins_with(LSI1SK, :prefix)"));
    QCOMPARE(p.values.at(QStringLiteral(":prefix")).literal->asString(), QStringLiteral("ORDER#"));
    QVERIFY(p.values.at(QStringLiteral(":t")).literal);
    // The untouched pattern and the rest of the design are as they were.
    QCOMPARE(after.accessPatterns[1].keyConditionExpression,
             project.accessPatterns[1].keyConditionExpression);
    QCOMPARE(after.entities.size(), project.entities.size());
    // The fixed design runs: the pattern now reads the index forward.
    QVERIFY(!runAll(after).empty());
}

void TestPatternDiagnosis::applyFixRefusesStaleChanges()
{
    const Project project = load(kExamplesDir + QStringLiteral("padding/before.keyscope.json"));
    FixChange change;
    change.kind = FixChange::Kind::KeyTemplate;
    change.entity = QStringLiteral("Post");
    change.key = QStringLiteral("SK");
    change.before = QStringLiteral("POST#{PostNo|pad:3}"); // not what the design holds
    change.after = QStringLiteral("POST#{PostNo|pad:5}");
    auto refused = applyFix(project, DesignFix {QStringLiteral("pad"), {change}});
    QVERIFY(std::holds_alternative<QString>(refused));
    QVERIFY2(std::get<QString>(refused).contains(QStringLiteral("POST#{PostNo}")),
             qPrintable(std::get<QString>(refused)));

    change.entity = QStringLiteral("Comment");
    refused = applyFix(project, DesignFix {QStringLiteral("pad"), {change}});
    QVERIFY(
        std::get<QString>(refused).contains(QStringLiteral("No entity type is named 'Comment'")));

    FixChange direction;
    direction.kind = FixChange::Kind::PatternDirection;
    direction.pattern = QStringLiteral("Posts in order");
    direction.before = QStringLiteral("backward"); // it reads forward
    direction.after = QStringLiteral("forward");
    QVERIFY(std::holds_alternative<QString>(
        applyFix(project, DesignFix {QStringLiteral("dir"), {direction}})));

    // A change whose result is not a valid design is refused with the reader's words.
    FixChange broken;
    broken.kind = FixChange::Kind::KeyTemplate;
    broken.entity = QStringLiteral("Post");
    broken.key = QStringLiteral("SK");
    broken.before = QStringLiteral("POST#{PostNo}");
    broken.after = QStringLiteral("POST#{PostNo|padd:5}");
    refused = applyFix(project, DesignFix {QStringLiteral("bad"), {broken}});
    QVERIFY(std::holds_alternative<QString>(refused));
    QVERIFY(std::get<QString>(refused).contains(QStringLiteral("padd")));
}

void TestPatternDiagnosis::everyFailingExamplePatternIsFixed_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("pattern");
    int failing = 0;
    for (const QString &dir : QDir(kExamplesDir).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QString file = dir + QStringLiteral("/before.keyscope.json");
        if (!QFile::exists(kExamplesDir + file))
            continue;
        for (const PatternResult &result : runAll(load(kExamplesDir + file))) {
            if (result.passed)
                continue;
            ++failing;
            QTest::newRow(qPrintable(file + QLatin1Char(':') + result.name)) << file << result.name;
        }
    }
    QVERIFY(failing >= 10); // the examples' before designs fail in ten patterns or more
}

void TestPatternDiagnosis::everyFailingExamplePatternIsFixed()
{
    QFETCH(QString, file);
    QFETCH(QString, pattern);
    const Project project = load(kExamplesDir + file);
    const std::vector<PatternResult> results = runAll(project);
    const PatternResult *result = named(results, pattern);
    QVERIFY(result && !result->passed);
    QVERIFY2(!result->diagnosis.isEmpty(), qPrintable(result->explanation));
    QVERIFY2(result->fix && !result->fix->isEmpty(), qPrintable(result->diagnosis));
    QVERIFY(!result->fix->summary.isEmpty());
    QVERIFY2(!result->diagnosis.contains(QStringLiteral("No candidate"))
                 && !result->diagnosis.contains(QStringLiteral("another pattern fail")),
             qPrintable(result->diagnosis));

    auto fixed = applyFix(project, *result->fix);
    QVERIFY2(
        std::holds_alternative<Project>(fixed),
        qPrintable(std::holds_alternative<QString>(fixed) ? std::get<QString>(fixed) : QString()));
    const std::vector<PatternResult> afterResults = runAll(std::get<Project>(fixed));
    const PatternResult *after = named(afterResults, pattern);
    QVERIFY(after);
    QVERIFY2(after->passed,
             qPrintable(result->fix->changesText() + QStringLiteral("\n") + after->explanation));
}

void TestPatternDiagnosis::sharedPrefixGetsOneOfItsOwn()
{
    // Orders (ORDER#{OrderId}) and their items (ORDER#{Order.OrderId}#ITEM#...) start alike:
    // "A customer's orders" gets the items too. The fix gives the items a prefix of their own,
    // and the pattern that reads an order's items by the old prefix follows it.
    Project project
        = load(keyscope::testsupport::testDataPath("/checks/catalog/prefix-nested.keyscope.json"));
    QVERIFY(!project.entities.empty());
    AccessPattern items;
    items.name = QStringLiteral("An order's items");
    items.keyConditionExpression = QStringLiteral("PK = :pk AND begins_with(SK, :p)");
    items.values[QStringLiteral(":pk")].templateText
        = QStringLiteral("CUSTOMER#{Customer.CustomerId}");
    items.values[QStringLiteral(":p")].templateText = QStringLiteral("ORDER#{OrderId}#ITEM#");
    items.parentEntity = QStringLiteral("Order");
    items.expect.entityTypes = {QStringLiteral("OrderItem")};
    items.expect.minCount = 1;
    project.accessPatterns.push_back(items);

    const auto results = runAll(project);
    const PatternResult *orders = named(results, QStringLiteral("A customer's orders"));
    QVERIFY(orders);
    QVERIFY(!orders->passed);
    QVERIFY(named(results, items.name)->passed);
    QCOMPARE(orders->findingId, QStringLiteral("prefix-overlap"));
    QVERIFY2(orders->diagnosis.contains(QLatin1String("both start SK with 'ORDER#'")),
             qPrintable(orders->diagnosis));
    QVERIFY(orders->fix);
    QCOMPARE(orders->fix->changes.size(), size_t(2));
    QCOMPARE(orders->fix->changes[0].kind, FixChange::Kind::KeyTemplate);
    QCOMPARE(orders->fix->changes[0].after, QStringLiteral("ITEM#{Order.OrderId}#{ItemId|pad:3}"));
    QCOMPARE(orders->fix->changes[1].kind, FixChange::Kind::PatternValue);
    QCOMPARE(orders->fix->changes[1].pattern, items.name);
    QCOMPARE(orders->fix->changes[1].after, QStringLiteral("ITEM#{OrderId}#"));

    auto fixed = applyFix(project, *orders->fix);
    QVERIFY(std::holds_alternative<Project>(fixed));
    for (const PatternResult &result : runAll(std::get<Project>(fixed)))
        QVERIFY2(result.passed,
                 qPrintable(result.name + QStringLiteral(": ") + result.explanation));
}

void TestPatternDiagnosis::orderByComparesByMeaning()
{
    Project project = parse(kLog);
    QVERIFY(!project.entities.empty());
    AccessPattern &pattern = project.accessPatterns[0];
    pattern.limit.reset();
    pattern.filterExpression.reset();
    pattern.names.clear();
    pattern.values.erase(QStringLiteral(":l"));

    // Seq is N: numbers; pad:3 keeps them in order.
    std::vector<PatternResult> results = runAll(project);
    QVERIFY2(results[0].passed, qPrintable(results[0].explanation));
    QVERIFY(results[0].explanation.contains(QStringLiteral("compared as numbers")));

    // Epoch seconds as S compare as numbers: 999999999 < 1000000000 although '9' > '1'.
    std::vector<AttributeValue> epochs {AttributeValue::string(QStringLiteral("999999999")),
                                        AttributeValue::string(QStringLiteral("1000000000"))};
    pattern.expect.orderAttribute = QStringLiteral("Level");
    OrderComparison byValues = OrderComparison::choose(project, pattern, epochs);
    QCOMPARE(byValues.as, OrderComparison::As::Number);
    QCOMPARE(byValues.compare(epochs[0], epochs[1]), std::optional<int>(-1));
    QVERIFY(byValues.description().contains(QStringLiteral("number written as text")));

    // ISO instants with offsets compare as instants; equal instants are ties.
    std::vector<AttributeValue> times {
        AttributeValue::string(QStringLiteral("2024-01-01T10:00:00+02:00")),
        AttributeValue::string(QStringLiteral("2024-01-01T08:00:00Z")),
        AttributeValue::string(QStringLiteral("2024-01-01T09:30:00Z"))};
    OrderComparison instants = OrderComparison::choose(project, pattern, times);
    QCOMPARE(instants.as, OrderComparison::As::Instant);
    QCOMPARE(instants.compare(times[0], times[1]), std::optional<int>(0));
    QCOMPARE(instants.compare(times[0], times[2]), std::optional<int>(-1)); // bytes say +1
    QVERIFY(AttributeValue::compareKeys(times[0], times[2]) > 0);
}

void TestPatternDiagnosis::orderByReadsDisplayDates()
{
    Project project = parse(kLog);
    QVERIFY(!project.entities.empty());
    AccessPattern &pattern = project.accessPatterns[0];
    pattern.expect.orderAttribute = QStringLiteral("Level");
    const auto strings = [](const QStringList &texts) {
        std::vector<AttributeValue> values;
        for (const QString &text : texts)
            values.push_back(AttributeValue::string(text));
        return values;
    };

    // Dates written for people compare as dates: "Dec 10" after "Dec 4", April before December,
    // 2023 before 2024, although the bytes say otherwise.
    const auto dates = strings({QStringLiteral("Dec 4, 2023"), QStringLiteral("Dec 10, 2023"),
                                QStringLiteral("Apr 30, 2024"), QStringLiteral("Apr 2, 2023")});
    const OrderComparison byDate = OrderComparison::choose(project, pattern, dates);
    QCOMPARE(byDate.as, OrderComparison::As::Instant);
    QCOMPARE(byDate.compare(dates[0], dates[1]), std::optional<int>(-1));
    QVERIFY(AttributeValue::compareKeys(dates[0], dates[1]) > 0);
    QCOMPARE(byDate.compare(dates[1], dates[2]), std::optional<int>(-1));
    QCOMPARE(byDate.compare(dates[3], dates[0]), std::optional<int>(-1));
    QCOMPARE(byDate.compare(dates[0], dates[0]), std::optional<int>(0));
    QVERIFY2(byDate.description().contains(QStringLiteral("compared as dates")),
             qPrintable(byDate.description()));
    QVERIFY2(byDate.description().contains(QStringLiteral("MMM d, yyyy")),
             qPrintable(byDate.description()));

    // One format for every value, the first that fits them all: beside "30/12/2023" the day
    // comes first, so "03/04/2024" (3 April) is before "02/05/2024" (2 May).
    const auto slashes = strings(
        {QStringLiteral("03/04/2024"), QStringLiteral("02/05/2024"), QStringLiteral("30/12/2023")});
    const OrderComparison dayFirst = OrderComparison::choose(project, pattern, slashes);
    QCOMPARE(dayFirst.as, OrderComparison::As::Instant);
    QCOMPARE(dayFirst.compare(slashes[0], slashes[1]), std::optional<int>(-1));
    QCOMPARE(dayFirst.compare(slashes[2], slashes[0]), std::optional<int>(-1));

    // A value that is no date in that format leaves the comparison to the bytes.
    const auto mixed = strings({QStringLiteral("Dec 4, 2023"), QStringLiteral("soon")});
    QCOMPARE(OrderComparison::choose(project, pattern, mixed).as, OrderComparison::As::Bytes);
}

void TestPatternDiagnosis::orderByAsOverridesAndRoundTrips()
{
    QByteArray json = kLog;
    json.replace(R"("orderBy": {"attribute": "Seq"})",
                 R"("orderBy": {"attribute": "Epoch", "as": "bytes"})");
    Project project = parse(json);
    QVERIFY(!project.entities.empty());
    AccessPattern &pattern = project.accessPatterns[0];
    std::vector<AttributeValue> epochs {AttributeValue::string(QStringLiteral("999999999")),
                                        AttributeValue::string(QStringLiteral("1000000000"))};
    OrderComparison bytes = OrderComparison::choose(project, pattern, epochs);
    QCOMPARE(bytes.as, OrderComparison::As::Bytes);
    QVERIFY(bytes.compare(epochs[0], epochs[1]) > 0);
    QVERIFY(bytes.description().contains(QStringLiteral("\"as\": \"bytes\"")));
    // The member survives a save and a read.
    const Project again = parse(ProjectFile::serialize(project));
    QCOMPARE(again.accessPatterns[0].expect.orderByExtra.value(QStringLiteral("as")).toString(),
             QStringLiteral("bytes"));

    // Anything else fails the pattern and says what is allowed.
    pattern.expect.orderByExtra.insert(QStringLiteral("as"), QStringLiteral("date"));
    pattern.limit.reset();
    const std::vector<PatternResult> results = runAll(project);
    QVERIFY(!results[0].passed);
    QVERIFY2(
        results[0].explanation.contains(QStringLiteral("\"bytes\", \"number\" or \"instant\"")),
        qPrintable(results[0].explanation));
}

namespace {

// The IoT design with one pattern that reads the readings forward but wants them newest first:
// its fix changes only the pattern (read backward).
Project readingsForward()
{
    Project project = load(kExamplesDir + QStringLiteral("iot/after.keyscope.json"));
    if (project.accessPatterns.empty())
        return project;
    AccessPattern pattern = project.accessPatterns.front();
    pattern.name = QStringLiteral("Newest readings");
    pattern.keyConditionExpression = QStringLiteral("PK = :pk AND begins_with(SK, :p)");
    pattern.values[QStringLiteral(":p")].templateText = QStringLiteral("#READING#");
    pattern.scanIndexForward = true;
    pattern.limit = 5;
    pattern.expect = PatternExpectation();
    pattern.expect.entityTypes = QStringList {QStringLiteral("Reading")};
    pattern.expect.orderAttribute = QStringLiteral("Ts");
    pattern.expect.orderAscending = false;
    pattern.expect.count = 5;
    project.accessPatterns = {pattern};
    return project;
}

} // namespace

void TestPatternDiagnosis::copiesOfAPatternAreDiagnosedAlike_data()
{
    QTest::addColumn<QString>("file");
    for (const QString &dir : QDir(kExamplesDir).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        if (QFile::exists(kExamplesDir + dir + QStringLiteral("/before.keyscope.json")))
            QTest::newRow(qPrintable(dir)) << dir + QStringLiteral("/before.keyscope.json");
    }
    QTest::newRow("a fix of the pattern alone") << QString();
}

// A project whose patterns are each there three times (under other names) gets, for every
// copy, the diagnosis and the fix the pattern gets alone; the fix makes the copy pass and breaks
// no pattern that passed. The fixes of one run are tried once per run, so `check` stays linear
// in the number of failing patterns (tests/bench/bench_check.cpp measures it).
void TestPatternDiagnosis::copiesOfAPatternAreDiagnosedAlike()
{
    QFETCH(QString, file);
    const Project project = file.isEmpty() ? readingsForward() : load(kExamplesDir + file);
    QVERIFY(!project.accessPatterns.empty());
    const std::vector<PatternResult> alone = runAll(project);
    Project copies = project;
    for (int copy = 2; copy <= 3; ++copy) {
        for (AccessPattern pattern : project.accessPatterns) {
            pattern.name += QStringLiteral(" (copy %1)").arg(copy);
            copies.accessPatterns.push_back(pattern);
        }
    }
    const std::vector<PatternResult> results = runAll(copies);
    QCOMPARE(results.size(), 3 * alone.size());
    int failing = 0;
    for (std::size_t i = 0; i < results.size(); ++i) {
        const PatternResult &original = alone[i % alone.size()];
        const PatternResult &result = results[i];
        QCOMPARE(result.passed, original.passed);
        QCOMPARE(result.diagnosis, original.diagnosis);
        QCOMPARE(result.findingId, original.findingId);
        QCOMPARE(result.fix.has_value(), original.fix.has_value());
        if (result.passed || !result.fix)
            continue;
        ++failing;
        QCOMPARE(result.fix->summary, original.fix->summary);
        auto fixed = applyFix(copies, *result.fix);
        QVERIFY(std::holds_alternative<Project>(fixed));
        const std::vector<PatternResult> after = runAll(std::get<Project>(fixed));
        QVERIFY2(after[i].passed,
                 qPrintable(result.name + QStringLiteral(": ") + after[i].explanation));
        const bool breaks = result.diagnosis.contains(QStringLiteral("another pattern fail"));
        bool broke = false;
        for (std::size_t j = 0; j < after.size(); ++j)
            broke = broke || (results[j].passed && !after[j].passed);
        QCOMPARE(broke, breaks);
    }
    QVERIFY(failing > 0);
}

QTEST_GUILESS_MAIN(TestPatternDiagnosis)
#include "tst_patterndiagnosis.moc"
