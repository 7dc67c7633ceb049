#include "model/design/accesspatternrunner.h"
#include "model/design/populator.h"

#include "tests/support/fixtures.h"

#include <QJsonDocument>
#include <QTest>

using namespace keyscope::model;

namespace {

TableDefinition pkSkTable()
{
    return keyscope::testsupport::pkSkTable("S", "IoT");
}

AttributeSpec attribute(const QString &name, AttributeKind type, GeneratorSpec generator)
{
    AttributeSpec spec;
    spec.name = name;
    spec.type = type;
    spec.generator = generator;
    return spec;
}

GeneratorSpec sequence(qint64 start = 1, qint64 step = 1, bool perParent = false)
{
    GeneratorSpec g;
    g.kind = GeneratorSpec::Kind::Sequence;
    g.start = start;
    g.step = step;
    g.perParent = perParent;
    return g;
}

// The IoT design of STRATEGIES.md §5: a Device and its Readings in one item collection.
// readingPrefix "#READING#" puts readings before the device; "READING#" after it.
Project iotProject(const QString &readingPrefix, int devices = 3)
{
    Project project;
    project.name = QStringLiteral("IoT");
    project.table = pkSkTable();
    project.seed = 7;

    EntityType device;
    device.name = QStringLiteral("Device");
    device.attributes.push_back(attribute(QStringLiteral("DeviceId"), AttributeKind::N, sequence(1)));
    device.keys = {{QStringLiteral("PK"), QStringLiteral("DEVICE#{DeviceId|pad:4}")},
                   {QStringLiteral("SK"), QStringLiteral("DEVICE#{DeviceId|pad:4}")}};
    device.countMin = device.countMax = devices;

    EntityType reading;
    reading.name = QStringLiteral("Reading");
    reading.parent = QStringLiteral("Device");
    reading.countMin = 25;
    reading.countMax = 40;
    GeneratorSpec ts;
    ts.kind = GeneratorSpec::Kind::Timestamp;
    ts.start = 1704067200000; // 2024-01-01T00:00:00Z
    ts.step = 60000;
    ts.perParent = true;
    reading.attributes.push_back(attribute(QStringLiteral("Ts"), AttributeKind::Timestamp, ts));
    GeneratorSpec temp;
    temp.kind = GeneratorSpec::Kind::IntegerRange;
    temp.min = 15;
    temp.max = 30;
    reading.attributes.push_back(attribute(QStringLiteral("Temp"), AttributeKind::N, temp));
    reading.keys = {{QStringLiteral("PK"), QStringLiteral("DEVICE#{Device.DeviceId|pad:4}")},
                    {QStringLiteral("SK"), readingPrefix + QStringLiteral("{Ts|iso8601}")}};

    project.entities = {device, reading};

    AccessPattern newest;
    newest.name = QStringLiteral("Device and its 10 newest readings");
    newest.keyConditionExpression = QStringLiteral("PK = :pk");
    newest.values[QStringLiteral(":pk")].templateText = QStringLiteral("{PK}");
    newest.parentEntity = QStringLiteral("Device");
    newest.parentIndex = 1;
    newest.scanIndexForward = false;
    newest.limit = 11;
    newest.expect.parentFirst = true;
    newest.expect.orderAttribute = QStringLiteral("Ts");
    newest.expect.orderAscending = false;
    newest.expect.count = 11;
    newest.expect.entityTypes = {QStringLiteral("Device"), QStringLiteral("Reading")};
    project.accessPatterns = {newest};
    return project;
}

} // namespace

class TestPopulator : public QObject
{
    Q_OBJECT

private slots:
    void generatesParentsAndChildren();
    void isDeterministicForASeed();
    void reportsTemplateErrorsWithTheirPath();
    void reportsParentCycles();
    void handWrittenItemsComeLast();
    void iotPatternPassesWithHashPrefix();
    void iotPatternFailsWithoutHashPrefix();
    void patternWithBadQueryFailsWithDynamoDbMessage();
};

void TestPopulator::generatesParentsAndChildren()
{
    const auto populated = Populator::populate(iotProject(QStringLiteral("#READING#")));
    QVERIFY(std::holds_alternative<Population>(populated));
    const Population &p = std::get<Population>(populated);
    qint64 devices = 0;
    qint64 readings = 0;
    for (qint64 i = 0; i < p.size(); ++i) {
        const Item &item = p.items[size_t(i)];
        if (p.entityOf[size_t(i)] == 0) {
            ++devices;
            QCOMPARE(p.parentOf[size_t(i)], qint64(-1));
            QCOMPARE(item.at("SK").asString(), item.at("PK").asString());
        } else {
            ++readings;
            const Item &parent = p.items[size_t(p.parentOf[size_t(i)])];
            // A child's partition key comes from its parent's attribute via "Device.DeviceId".
            QCOMPARE(item.at("PK").asString(), parent.at("PK").asString());
            QVERIFY(item.at("SK").asString().startsWith(QStringLiteral("#READING#2024-01-01T")));
        }
    }
    QCOMPARE(devices, qint64(3));
    QVERIFY(readings >= 3 * 25 && readings <= 3 * 40);
    QCOMPARE(p.items.front().at("PK").asString(), QStringLiteral("DEVICE#0001"));
}

void TestPopulator::isDeterministicForASeed()
{
    const Project project = iotProject(QStringLiteral("#READING#"));
    const auto a = std::get<Population>(Populator::populate(project));
    const auto b = std::get<Population>(Populator::populate(project));
    QCOMPARE(a.items.size(), b.items.size());
    QVERIFY(a.items == b.items);
    const auto c = std::get<Population>(Populator::populate(project, quint64(8)));
    QVERIFY(a.items != c.items); // another seed: other counts or temperatures
}

void TestPopulator::reportsTemplateErrorsWithTheirPath()
{
    Project project = iotProject(QStringLiteral("#READING#"));
    project.entities[1].keys[QStringLiteral("SK")] = QStringLiteral("#READING#{Ts|padd:3}");
    const auto populated = Populator::populate(project);
    QVERIFY(std::holds_alternative<PopulationError>(populated));
    const auto &error = std::get<PopulationError>(populated);
    QCOMPARE(error.path, QStringLiteral("entities[1].keys.SK"));
    QVERIFY2(error.message.contains(QStringLiteral("did you mean 'pad'")), qPrintable(error.message));

    project = iotProject(QStringLiteral("#READING#"));
    project.entities[1].keys[QStringLiteral("SK")] = QStringLiteral("#READING#{Missing}");
    const auto missing = Populator::populate(project);
    QVERIFY(std::holds_alternative<PopulationError>(missing));
    QVERIFY(std::get<PopulationError>(missing).message.contains(QStringLiteral("Missing")));
}

void TestPopulator::reportsParentCycles()
{
    Project project = iotProject(QStringLiteral("#READING#"));
    project.entities[0].parent = QStringLiteral("Reading");
    const auto populated = Populator::populate(project);
    QVERIFY(std::holds_alternative<PopulationError>(populated));
    QVERIFY(std::get<PopulationError>(populated).message.contains(QStringLiteral("cycle")));
}

void TestPopulator::handWrittenItemsComeLast()
{
    Project project = iotProject(QStringLiteral("#READING#"), 1);
    project.items.push_back(Item{{"PK", AttributeValue::string(QStringLiteral("DEVICE#9999"))},
                                 {"SK", AttributeValue::string(QStringLiteral("NOTE#1"))}});
    const auto p = std::get<Population>(Populator::populate(project));
    QCOMPARE(p.size(), p.generatedCount + 1);
    QCOMPARE(p.entityOf.back(), -1);
    QCOMPARE(p.items.back().at("SK").asString(), QStringLiteral("NOTE#1"));
}

void TestPopulator::iotPatternPassesWithHashPrefix()
{
    const Project project = iotProject(QStringLiteral("#READING#"));
    const auto population = std::get<Population>(Populator::populate(project));
    auto table = AccessPatternRunner::buildTable(project, population);
    QVERIFY(std::holds_alternative<std::unique_ptr<Table>>(table));
    const auto results = AccessPatternRunner::runAll(project, population,
                                                     *std::get<std::unique_ptr<Table>>(table));
    QCOMPARE(results.size(), size_t(1));
    QVERIFY2(results[0].passed, qPrintable(results[0].explanation));
    QCOMPARE(results[0].response->count, qint64(11));
    QCOMPARE(qint64(results[0].response->itemIds.front()), results[0].parentItem);
}

void TestPopulator::iotPatternFailsWithoutHashPrefix()
{
    const Project project = iotProject(QStringLiteral("READING#"));
    const auto population = std::get<Population>(Populator::populate(project));
    auto table = std::move(std::get<std::unique_ptr<Table>>(
        AccessPatternRunner::buildTable(project, population)));
    const PatternResult result = AccessPatternRunner::run(project, population, *table,
                                                          project.accessPatterns.front());
    QVERIFY(!result.passed);
    // The explanation names the byte comparison that puts the Device last.
    QVERIFY2(result.explanation.contains(QStringLiteral("'D' (0x44) < 'R' (0x52)")),
             qPrintable(result.explanation));
    QVERIFY2(result.explanation.contains(QStringLiteral("backward")), qPrintable(result.explanation));
    QVERIFY(result.offendingItem >= 0);
    QCOMPARE(population.entityOf[size_t(result.offendingItem)], 1); // a Reading came first
}

void TestPopulator::patternWithBadQueryFailsWithDynamoDbMessage()
{
    Project project = iotProject(QStringLiteral("#READING#"));
    project.accessPatterns[0].keyConditionExpression = QStringLiteral("PK = :pk OR SK = :pk");
    const auto population = std::get<Population>(Populator::populate(project));
    auto table = std::move(std::get<std::unique_ptr<Table>>(
        AccessPatternRunner::buildTable(project, population)));
    const PatternResult result = AccessPatternRunner::run(project, population, *table,
                                                          project.accessPatterns.front());
    QVERIFY(!result.passed);
    QVERIFY(result.error.has_value());
    QVERIFY2(result.explanation.contains(QStringLiteral("Invalid operator used in "
                                                        "KeyConditionExpression: OR")),
             qPrintable(result.explanation));
}

QTEST_GUILESS_MAIN(TestPopulator)

#include "tst_populator.moc"
