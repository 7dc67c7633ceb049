// `keyscope cost` and model/cost (issue 28): the report's read figures agree with what
// `keyscope query --return-consumed-capacity TOTAL` reports for the same request, page by page,
// for every access pattern of every built-in example; item sizes follow DynamoDB's rules
// (hand-computed, nested and binary attributes included); writes reach the indexes an item is
// projected into; prices come from the region or the project; the Markdown renders as tables.
#include "model/cost/costformat.h"
#include "model/cost/costreport.h"
#include "model/design/projectfile.h"
#include "model/value/dynamojson.h"
#include "tests/support/rendermarkdown.h"
#include "tests/support/runkeyscope.h"
#include "tests/support/testpaths.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace keyscope::model;
using keyscope::testsupport::runKeyscope;

namespace {

Project load(const QString &path)
{
    const auto read = ProjectFile::read(path);
    if (!std::holds_alternative<Project>(read))
        qFatal("cannot read %s: %s", qPrintable(path),
               qPrintable(std::get<std::vector<IoError>>(read).front().message));
    return std::get<Project>(read);
}

CostReport cost(const Project &project, const CostOptions &options = {})
{
    auto report = CostReport::compute(project, options);
    if (auto *error = std::get_if<QString>(&report))
        qFatal("cannot cost %s: %s", qPrintable(project.name), qPrintable(*error));
    return std::get<CostReport>(std::move(report));
}

QString costData(const char *name)
{
    return keyscope::testsupport::testDataPath("/cost/") + QLatin1String(name);
}

QString compactJson(const QJsonValue &value)
{
    return QString::fromUtf8(value.isObject()
                                 ? QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact)
                                 : QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact));
}

// `keyscope query` arguments for a pattern's request, as a user would type them.
QStringList queryArguments(const QString &file, const QueryRequest &request)
{
    QStringList args {QStringLiteral("query"),
                      QStringLiteral("--project"),
                      file,
                      QStringLiteral("--key-condition-expression"),
                      request.keyConditionExpression,
                      QStringLiteral("--return-consumed-capacity"),
                      QStringLiteral("TOTAL")};
    if (!request.indexName.isEmpty())
        args << QStringLiteral("--index-name") << request.indexName;
    if (request.filterExpression)
        args << QStringLiteral("--filter-expression") << *request.filterExpression;
    if (request.expressionAttributeNames) {
        QJsonObject names;
        for (const auto &[key, name] : *request.expressionAttributeNames)
            names.insert(key, name);
        args << QStringLiteral("--expression-attribute-names") << compactJson(names);
    }
    if (request.expressionAttributeValues) {
        QJsonObject values;
        for (const auto &[key, value] : *request.expressionAttributeValues)
            values.insert(key, dynamojson::valueToJson(value));
        args << QStringLiteral("--expression-attribute-values") << compactJson(values);
    }
    if (!request.scanIndexForward)
        args << QStringLiteral("--no-scan-index-forward");
    if (request.limit)
        args << QStringLiteral("--limit") << QString::number(*request.limit);
    if (request.consistentRead)
        args << QStringLiteral("--consistent-read");
    return args;
}

struct QueriedPages
{
    qint64 pages = 0;
    qint64 scanned = 0;
    qint64 count = 0;
    double capacity = 0;
    QString error;
};

// Runs the request with `keyscope query`, following LastEvaluatedKey when there is no Limit.
QueriedPages queryPages(const QString &file, const QueryRequest &request)
{
    QueriedPages pages;
    QStringList args = queryArguments(file, request);
    for (int page = 0; page < 1000; ++page) {
        const auto r = runKeyscope(args);
        if (r.exitCode != 0) {
            pages.error = r.err;
            return pages;
        }
        const QJsonObject response = r.json();
        ++pages.pages;
        pages.scanned += response.value(QStringLiteral("ScannedCount")).toInteger();
        pages.count += response.value(QStringLiteral("Count")).toInteger();
        pages.capacity += response.value(QStringLiteral("ConsumedCapacity"))
                              .toObject()
                              .value(QStringLiteral("CapacityUnits"))
                              .toDouble();
        const QJsonValue last = response.value(QStringLiteral("LastEvaluatedKey"));
        if (request.limit || !last.isObject())
            return pages;
        args = queryArguments(file, request)
            << QStringLiteral("--exclusive-start-key") << compactJson(last.toObject());
    }
    return pages;
}

const PatternCost &patternNamed(const CostReport &report, const QString &name)
{
    for (const PatternCost &p : report.patterns) {
        if (p.name == name)
            return p;
    }
    qFatal("no pattern %s", qPrintable(name));
}

const EntityCost &entityNamed(const CostReport &report, const QString &name)
{
    for (const EntityCost &e : report.entities) {
        if (e.name == name)
            return e;
    }
    qFatal("no entity type %s", qPrintable(name));
}

} // namespace

class TestCost : public QObject
{
    Q_OBJECT

private slots:
    void readsAgreeWithQueryCommand_data();
    void readsAgreeWithQueryCommand();
    void handWrittenItemSizesFollowDynamoDbRules();
    void writesReachTheIndexesTheItemIsIn();
    void anUpdateThatMovesAnIndexKeyIsADeleteAndAPut();
    void storageGrowsToTheDeclaredCounts();
    void moneyFollowsTheRatesAndPrices();
    void projectPricesOverrideTheRegion();
    void unknownRegionIsRefused();
    void ratesAndWritesRoundTrip();
    void invalidRatesAreRefusedWithTheirPath();
    void consistentReadOnAGlobalIndexIsRejectedAsDynamoDbDoes();
    void jsonHasTheDocumentedMembers();
    void markdownRendersAsTables();
    void outputFileIsWrittenAndNeverTheInput();
};

void TestCost::readsAgreeWithQueryCommand_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("pattern");
    QStringList files;
    const QDir examples(keyscope::testsupport::sourcePath("/resources/examples"));
    for (const QString &folder : examples.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        for (const QString &name :
             QDir(examples.filePath(folder)).entryList({QStringLiteral("*.keyscope.json")}))
            files << examples.filePath(folder + QLatin1Char('/') + name);
    }
    files << costData("pages.keyscope.json") << costData("writes.keyscope.json");
    QVERIFY(files.size() > 20);
    for (const QString &file : files) {
        for (const AccessPattern &pattern : load(file).accessPatterns)
            QTest::newRow(qPrintable(QFileInfo(file).dir().dirName() + QLatin1Char('/')
                                     + QFileInfo(file).fileName() + QStringLiteral(": ")
                                     + pattern.name))
                << file << pattern.name;
    }
}

void TestCost::readsAgreeWithQueryCommand()
{
    QFETCH(QString, file);
    QFETCH(QString, pattern);
    const auto r = runKeyscope({QStringLiteral("cost"), file, QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    QJsonObject reported;
    for (const QJsonValue &p : r.json().value(QStringLiteral("patterns")).toArray()) {
        if (p.toObject().value(QStringLiteral("name")).toString() == pattern)
            reported = p.toObject();
    }
    QVERIFY2(!reported.isEmpty(), qPrintable(r.outText()));
    const CostReport report = cost(load(file));
    const PatternCost &inProcess = patternNamed(report, pattern);
    if (!inProcess.error.isEmpty()) {
        QCOMPARE(reported.value(QStringLiteral("error")).toString(), inProcess.error);
        return;
    }
    const QueriedPages queried = queryPages(file, inProcess.request);
    QVERIFY2(queried.error.isEmpty(), qPrintable(queried.error));
    QCOMPARE(reported.value(QStringLiteral("pages")).toInteger(), queried.pages);
    QCOMPARE(reported.value(QStringLiteral("itemsRead")).toInteger(), queried.scanned);
    QCOMPARE(reported.value(QStringLiteral("itemsReturned")).toInteger(), queried.count);
    QCOMPARE(reported.value(QStringLiteral("rcuPerRequest")).toDouble(), queried.capacity);
    QVERIFY(queried.capacity > 0);
}

void TestCost::handWrittenItemSizesFollowDynamoDbRules()
{
    // Item 1: PK "A" (2+1) + SK "1" (2+1) + Data, 3 raw bytes (4+3)
    //   + Doc (3) M: 3 + 1 per element (2) + "x" N 5 (1 + 2) + "tags" (4) L: 3 + 2 + "ab" (2)
    //   + true (1) = 3 + 3 + 7 + 23 = 36 bytes. Item 2: PK and SK alone = 6 bytes.
    const CostReport report = cost(load(costData("sizes.keyscope.json")));
    const EntityCost &items = entityNamed(report, QStringLiteral("Hand-written items"));
    QCOMPARE(items.items, 2);
    QCOMPARE(items.maxItemBytes, 36);
    QCOMPARE(items.meanItemBytes, 21.0);
    QCOMPARE(items.wcuPerWrite, 1.0);
    QCOMPARE(report.storage.size(), 1u);
    QCOMPARE(report.storage.front().bytes, double(36 + 100 + 6 + 100));
    // Both items in one 4 KB unit, eventually consistent: 0.5 RCU.
    QCOMPARE(patternNamed(report, QStringLiteral("Both items")).bytesRead, 42);
    QCOMPARE(patternNamed(report, QStringLiteral("Both items")).rcuPerRequest, 0.5);
}

void TestCost::writesReachTheIndexesTheItemIsIn()
{
    // An Order is in ByStatus (ALL) and ById (KEYS_ONLY); a Customer has neither key (sparse).
    // An update changes Notes: ByStatus carries it (one write), ById does not (none).
    const CostReport report = cost(load(costData("writes.keyscope.json")));
    const EntityCost &order = entityNamed(report, QStringLiteral("Order"));
    QCOMPARE(order.indexes, QStringList({QStringLiteral("ByStatus"), QStringLiteral("ById")}));
    QVERIFY(order.maxItemBytes < 1024);
    QCOMPARE(order.wcuPerWrite, 1.0);
    QCOMPARE(order.create.indexUnits, 2.0);
    QCOMPARE(order.update.indexUnits, 1.0);
    QCOMPARE(order.remove.indexUnits, 2.0);
    // Per index: ByStatus takes the update, ById (keys only) does not.
    QCOMPARE(order.indexWrites.size(), size_t(2));
    QCOMPARE(order.indexWrites[0].index, QStringLiteral("ByStatus"));
    QCOMPARE(order.indexWrites[0].create, 1.0);
    QCOMPARE(order.indexWrites[0].update, 1.0);
    QCOMPARE(order.indexWrites[0].remove, 1.0);
    QCOMPARE(order.indexWrites[1].index, QStringLiteral("ById"));
    QCOMPARE(order.indexWrites[1].update, 0.0);
    QCOMPARE(order.writeRate, 16.0);
    QCOMPARE(order.indexWritesPerWrite, (10 * 2.0 + 5 * 1.0 + 1 * 2.0) / 16);
    QCOMPARE(order.wcuPerSecond, 10 * 3.0 + 5 * 2.0 + 1 * 3.0);
    const EntityCost &customer = entityNamed(report, QStringLiteral("Customer"));
    QVERIFY(customer.indexes.isEmpty());
    QCOMPARE(customer.create.indexUnits, 0.0);
    QVERIFY(customer.writesAssumed);
    QCOMPARE(customer.monthlyOnDemand, 0.0);
}

void TestCost::anUpdateThatMovesAnIndexKeyIsADeleteAndAPut()
{
    Project project = load(costData("writes.keyscope.json"));
    EntityType &order = project.entities[1];
    order.writes->updatedAttributes = {QStringLiteral("Status")}; // in ByStatus's GSI1PK
    const EntityCost moved = entityNamed(cost(project), QStringLiteral("Order"));
    QCOMPARE(moved.update.indexUnits, 2.0);
    QCOMPARE(moved.indexWrites[0].update, 2.0); // ByStatus: a delete and a put
    QCOMPARE(moved.indexWrites[1].update, 0.0);
    // None named: the attributes marked mutable (Status) are what an update changes.
    order.writes->updatedAttributes.clear();
    QCOMPARE(entityNamed(cost(project), QStringLiteral("Order")).update.indexUnits, 2.0);
    for (AttributeSpec &attribute : order.attributes)
        attribute.isMutable = false;
    QCOMPARE(entityNamed(cost(project), QStringLiteral("Order")).update.indexUnits, 1.0);
}

void TestCost::storageGrowsToTheDeclaredCounts()
{
    // 1,000 customers with 20 orders each at maturity, from 4 customers of 5 orders populated.
    const CostReport report = cost(load(costData("writes.keyscope.json")));
    const EntityCost &order = entityNamed(report, QStringLiteral("Order"));
    const EntityCost &customer = entityNamed(report, QStringLiteral("Customer"));
    QCOMPARE(order.items, 20);
    QCOMPARE(order.itemsAtMaturity, 20000);
    QCOMPARE(customer.itemsAtMaturity, 1000);
    const StorageCost &table = report.storage[0];
    QVERIFY(table.index.isEmpty());
    QCOMPARE(table.items, 21000);
    QCOMPARE(table.bytes,
             1000 * (customer.meanItemBytes + 100) + 20000 * (order.meanItemBytes + 100));
    const StorageCost &byStatus = report.storage[1];
    QCOMPARE(byStatus.index, QStringLiteral("ByStatus"));
    QCOMPARE(byStatus.items, 20000);
    QCOMPARE(byStatus.bytes, 20000 * (order.meanItemBytes + 100)); // ALL: the whole item
    const StorageCost &byId = report.storage[2];
    QVERIFY(byId.bytes < byStatus.bytes); // KEYS_ONLY: keys alone
    QCOMPARE(table.monthly, table.bytes / (1024.0 * 1024 * 1024) * 0.25);
}

void TestCost::moneyFollowsTheRatesAndPrices()
{
    const CostReport report = cost(load(costData("writes.keyscope.json")));
    // 20 requests/s at peak, 5 on average, 0.5 RCU each (eventually consistent, one 4 KB unit).
    const PatternCost &open = patternNamed(report, QStringLiteral("Open orders"));
    QCOMPARE(open.rcuPerRequest, 0.5);
    QCOMPARE(open.rcuPerSecond, 10.0);
    QCOMPARE(open.monthlyOnDemand, 5 * 0.5 * 730 * 3600 / 1e6 * 0.125);
    QCOMPARE(open.monthlyProvisioned, 10.0 / 0.7 * 0.00013 * 730);
    // Strongly consistent: a whole unit.
    const PatternCost &customer = patternNamed(report, QStringLiteral("Customer and orders"));
    QVERIFY(customer.consistentRead);
    QCOMPARE(customer.rcuPerRequest, 1.0);
    const EntityCost &order = entityNamed(report, QStringLiteral("Order"));
    QCOMPARE(order.monthlyOnDemand, 43 * 730 * 3600 / 1e6 * 0.625);
    double onDemand = report.totals.storage;
    for (const PatternCost &p : report.patterns)
        onDemand += p.monthlyOnDemand;
    for (const EntityCost &e : report.entities)
        onDemand += e.monthlyOnDemand;
    QCOMPARE(report.totals.onDemand, onDemand);
    QVERIFY2(report.biggestCost.contains(QStringLiteral("writing Order items")),
             qPrintable(report.biggestCost));
    QVERIFY(report.assumptions.join('\n').contains(
        QStringLiteral("No \"writes\" declared for Customer")));
}

void TestCost::projectPricesOverrideTheRegion()
{
    Project project = load(costData("writes.keyscope.json"));
    const double before
        = patternNamed(cost(project), QStringLiteral("Open orders")).monthlyOnDemand;
    project.prices = QJsonObject {{QStringLiteral("region"), QStringLiteral("us-west-2")},
                                  {QStringLiteral("onDemandReadPerMillion"), 0.25}};
    const CostReport report = cost(project);
    QCOMPARE(report.prices.region, QStringLiteral("us-west-2"));
    QCOMPARE(patternNamed(report, QStringLiteral("Open orders")).monthlyOnDemand, 2 * before);
    QVERIFY(report.assumptions.join('\n').contains(QStringLiteral("\"prices\" overrides")));
    // A region of its own, with every figure given.
    project.prices = QJsonObject {{QStringLiteral("region"), QStringLiteral("eu-west-1")},
                                  {QStringLiteral("onDemandReadPerMillion"), 0.1415},
                                  {QStringLiteral("onDemandWritePerMillion"), 0.7075},
                                  {QStringLiteral("provisionedRcuHour"), 0.000147},
                                  {QStringLiteral("provisionedWcuHour"), 0.000735},
                                  {QStringLiteral("storageGbMonth"), 0.283},
                                  {QStringLiteral("utilisation"), 0.5}};
    const CostReport eu = cost(project);
    QCOMPARE(eu.prices.region, QStringLiteral("eu-west-1"));
    QCOMPARE(patternNamed(eu, QStringLiteral("Open orders")).monthlyProvisioned,
             10.0 / 0.5 * 0.000147 * 730);
}

void TestCost::unknownRegionIsRefused()
{
    const auto r = runKeyscope({QStringLiteral("cost"), costData("writes.keyscope.json"),
                                QStringLiteral("--region"), QStringLiteral("us-east-3")});
    QCOMPARE(r.exitCode, 252);
    QVERIFY2(r.err.contains(QStringLiteral("no prices for region 'us-east-3'"))
                 && r.err.contains(QStringLiteral("us-east-1, us-east-2, us-west-2")),
             qPrintable(r.err));
    QVERIFY(r.out.isEmpty());
    const auto west = runKeyscope({QStringLiteral("cost"), costData("writes.keyscope.json"),
                                   QStringLiteral("--region"), QStringLiteral("us-west-2"),
                                   QStringLiteral("--json")});
    QCOMPARE(west.exitCode, 0);
    QCOMPARE(west.json()
                 .value(QStringLiteral("prices"))
                 .toObject()
                 .value(QStringLiteral("region"))
                 .toString(),
             QStringLiteral("us-west-2"));
}

void TestCost::ratesAndWritesRoundTrip()
{
    Project project = load(costData("writes.keyscope.json"));
    project.prices = QJsonObject {{QStringLiteral("region"), QStringLiteral("us-east-2")}};
    const QByteArray bytes = ProjectFile::serialize(project);
    const auto reread = ProjectFile::parse(bytes, QStringLiteral("round.keyscope.json"));
    QVERIFY(std::holds_alternative<Project>(reread));
    const Project &again = std::get<Project>(reread);
    QCOMPARE(again.accessPatterns[0].rate, std::optional<double>(20));
    QCOMPARE(again.accessPatterns[0].averageRate, std::optional<double>(5));
    QVERIFY(!again.accessPatterns[0].consistentRead);
    QVERIFY(again.accessPatterns[1].consistentRead);
    QVERIFY(!again.accessPatterns[1].averageRate);
    QVERIFY(again.entities[1].writes);
    QCOMPARE(again.entities[1].writes->creates, 10.0);
    QCOMPARE(again.entities[1].writes->updatedAttributes, QStringList {QStringLiteral("Notes")});
    QCOMPARE(again.entities[1].countPerParent, std::optional<qint64>(20));
    QVERIFY(!again.entities[0].writes);
    QCOMPARE(again.prices, project.prices);
    QCOMPARE(ProjectFile::serialize(again), bytes);
    QVERIFY(bytes.contains("\"rate\": 20,"));
}

void TestCost::invalidRatesAreRefusedWithTheirPath()
{
    QJsonObject json = keyscope::testsupport::readJsonObject(costData("writes.keyscope.json"));
    QJsonArray patterns = json.value(QStringLiteral("accessPatterns")).toArray();
    QJsonObject open = patterns[0].toObject();
    open.insert(QStringLiteral("averageRate"), 50); // above its rate, 20
    patterns[0] = open;
    json.insert(QStringLiteral("accessPatterns"), patterns);
    QJsonArray entities = json.value(QStringLiteral("entities")).toArray();
    QJsonObject order = entities[1].toObject();
    order.insert(
        QStringLiteral("writes"),
        QJsonObject {{QStringLiteral("creates"), -1},
                     {QStringLiteral("updatedAttributes"), QJsonArray {QStringLiteral("Notse")}}});
    entities[1] = order;
    json.insert(QStringLiteral("entities"), entities);
    json.insert(QStringLiteral("prices"),
                QJsonObject {{QStringLiteral("region"), QStringLiteral("mars-1")}});
    const auto read = ProjectFile::parse(QJsonDocument(json).toJson(), QStringLiteral("bad.json"));
    QVERIFY(std::holds_alternative<std::vector<IoError>>(read));
    QStringList messages;
    for (const IoError &e : std::get<std::vector<IoError>>(read))
        messages << e.path + QStringLiteral(": ") + e.message;
    const QString all = messages.join('\n');
    QVERIFY2(all.contains(QStringLiteral("accessPatterns[0].averageRate: 50 requests per second is "
                                         "above the peak \"rate\" 20")),
             qPrintable(all));
    QVERIFY2(all.contains(QStringLiteral("entities[1].writes.creates: must be at least 0")),
             qPrintable(all));
    QVERIFY2(all.contains(QStringLiteral("entities[1].writes.updatedAttributes[0]: Order has no "
                                         "attribute named Notse; did you mean 'Notes'?")),
             qPrintable(all));
    QVERIFY2(all.contains(QStringLiteral("prices.region: Keyscope has no prices for region "
                                         "'mars-1'")),
             qPrintable(all));
}

void TestCost::consistentReadOnAGlobalIndexIsRejectedAsDynamoDbDoes()
{
    Project project = load(costData("writes.keyscope.json"));
    project.accessPatterns[0].consistentRead = true; // on ByStatus, a global index
    const CostReport report = cost(project);
    const PatternCost &open = patternNamed(report, QStringLiteral("Open orders"));
    QVERIFY2(open.error.contains(QStringLiteral("Consistent reads are not supported on global "
                                                "secondary indexes")),
             qPrintable(open.error));
    QCOMPARE(open.rcuPerRequest, 0.0);
    QCOMPARE(open.monthlyOnDemand, 0.0);
}

void TestCost::jsonHasTheDocumentedMembers()
{
    const auto r = runKeyscope(
        {QStringLiteral("cost"), costData("writes.keyscope.json"), QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject json = r.json();
    for (const char *member :
         {"patterns", "entities", "storage", "totals", "prices", "assumptions"})
        QVERIFY2(json.contains(QLatin1String(member)), member);
    const QJsonObject pattern = json.value(QStringLiteral("patterns")).toArray()[0].toObject();
    for (const char *member : {"name", "rate", "pages", "itemsRead", "bytesRead", "rcuPerRequest",
                               "rcuPerSecond", "monthlyOnDemand", "monthlyProvisioned"})
        QVERIFY2(pattern.contains(QLatin1String(member)), member);
    const QJsonObject entity = json.value(QStringLiteral("entities")).toArray()[1].toObject();
    for (const char *member :
         {"name", "meanItemBytes", "maxItemBytes", "wcuPerWrite", "indexWritesPerWrite",
          "writeRate", "monthlyOnDemand", "monthlyProvisioned"})
        QVERIFY2(entity.contains(QLatin1String(member)), member);
    const QJsonObject storage = json.value(QStringLiteral("storage")).toArray()[1].toObject();
    QCOMPARE(storage.value(QStringLiteral("index")).toString(), QStringLiteral("ByStatus"));
    const QJsonObject prices = json.value(QStringLiteral("prices")).toObject();
    QCOMPARE(prices.value(QStringLiteral("onDemandReadPerMillion")).toDouble(), 0.125);
    QCOMPARE(prices.value(QStringLiteral("hoursPerMonth")).toInteger(), 730);
    for (const QJsonValue &source : prices.value(QStringLiteral("sources")).toArray())
        QVERIFY(source.toObject()
                    .value(QStringLiteral("source"))
                    .toString()
                    .startsWith(QStringLiteral("https://aws.amazon.com/dynamodb/pricing/")));
    // Deterministic: the same bytes twice.
    QCOMPARE(runKeyscope({QStringLiteral("cost"), costData("writes.keyscope.json"),
                          QStringLiteral("--json")})
                 .out,
             r.out);
}

void TestCost::markdownRendersAsTables()
{
    // Rendered as GitHub renders it (GFM tables).
    QVERIFY2(keyscope::testsupport::markedInstalled(),
             "marked is not installed: run `make deps` (npm ci in tests/live)");
    const auto r = runKeyscope({QStringLiteral("cost"), costData("writes.keyscope.json")});
    QCOMPARE(r.exitCode, 0);
    const QString html = keyscope::testsupport::renderMarkdown(r.out);
    // Summary, patterns, entity types, storage, prices: five tables, none left as text.
    QCOMPARE(html.count(QStringLiteral("<table>")), 5);
    QVERIFY2(!html.contains(QStringLiteral("|---")), qPrintable(html));
    QVERIFY(html.contains(QStringLiteral("<td>Open orders</td>")));
    QVERIFY(html.contains(QStringLiteral("<td align=\"right\">$70.63</td>"))); // Order writes
    // Every body row has as many cells as its header.
    const QRegularExpression table(QStringLiteral("<table>(.*?)</table>"),
                                   QRegularExpression::DotMatchesEverythingOption);
    for (auto it = table.globalMatch(html); it.hasNext();) {
        const QString t = it.next().captured(1);
        const qsizetype header = t.count(QRegularExpression(QStringLiteral("<th[ >]")));
        const qsizetype rows = t.count(QStringLiteral("<tr>")) - 1;
        QCOMPARE(t.count(QStringLiteral("<td")), header * rows);
    }
}

void TestCost::outputFileIsWrittenAndNeverTheInput()
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("cost.md"));
    const auto r = runKeyscope(
        {QStringLiteral("cost"), costData("writes.keyscope.json"), QStringLiteral("-o"), out});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.isEmpty());
    QFile file(out);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.readAll().startsWith("# What Orders with two indexes costs"));
    const QString input = dir.filePath(QStringLiteral("design.keyscope.json"));
    QVERIFY(QFile::copy(costData("writes.keyscope.json"), input));
    const auto refused = runKeyscope({QStringLiteral("cost"), input, QStringLiteral("-o"), input});
    QCOMPARE(refused.exitCode, 255);
    QVERIFY2(refused.err.contains(QStringLiteral("writing it would replace the input")),
             qPrintable(refused.err));
    QCOMPARE(keyscope::testsupport::readJsonObject(input),
             keyscope::testsupport::readJsonObject(costData("writes.keyscope.json")));
}

QTEST_GUILESS_MAIN(TestCost)
#include "tst_cost.moc"
