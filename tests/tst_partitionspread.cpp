// How hot-partition estimates the spread of a key's values (model/design/checks/
// partitionspread.h): the Tickets of the hot-partition catalogue design keyed in GSI1 by
// templates that relate their values to the items in each way the estimate knows.
#include "model/cost/entitycosts.h"
#include "model/design/checks/partitionspread.h"
#include "model/design/keytemplate.h"
#include "model/design/populator.h"
#include "model/design/projectfile.h"
#include "tests/support/testpaths.h"

#include <QTest>

using namespace keyscope::model;
using keyscope::model::checks::PartitionSpread;

class TestPartitionSpread : public QObject
{
    Q_OBJECT

private slots:
    void spread_data();
    void spread();
    void shards_data();
    void shards();
};

void TestPartitionSpread::spread_data()
{
    QTest::addColumn<QString>("key");   // Ticket's GSI1PK template
    QTest::addColumn<int>("kind");      // PartitionSpread::Kind
    QTest::addColumn<QString>("owner"); // PerItem / PerOwner: whose count sets the spread
    QTest::addColumn<double>("partitions");
    QTest::addColumn<QString>("words"); // a substring of described("Ticket")

    // 20 Customers populated, 100,000 declared; 87 Tickets populated (about 4.35 each).
    QTest::newRow("a choice") << "STATUS#{Status}" << int(PartitionSpread::Kind::Bounded) << ""
                              << 3.0 << "3 values that do not grow with the items; 'STATUS#OPEN'";
    QTest::newRow("a literal") << "OPEN" << int(PartitionSpread::Kind::One) << "" << 1.0
                               << "one value, 'OPEN', for every Ticket";
    QTest::newRow("the same for all") << "T#{Customer.Region}" << int(PartitionSpread::Kind::One)
                                      << "" << 1.0 << "for every Ticket";
    QTest::newRow("per parent") << "CUSTOMER#{Customer.CustomerId}"
                                << int(PartitionSpread::Kind::PerOwner) << "Customer" << 100000.0
                                << "one value per Customer (100,000 at maturity)";
    QTest::newRow("per item") << "TICKET#{TicketId}" << int(PartitionSpread::Kind::PerItem)
                              << "Ticket" << 435000.0 << "one value per Ticket (435,000";
}

void TestPartitionSpread::spread()
{
    QFETCH(QString, key);
    QFETCH(int, kind);
    QFETCH(QString, owner);
    QFETCH(double, partitions);
    QFETCH(QString, words);

    const auto read = ProjectFile::read(
        keyscope::testsupport::testDataPath("/checks/catalog/hot-partition.keyscope.json"));
    QVERIFY(std::holds_alternative<Project>(read));
    Project project = std::get<Project>(read);
    AttributeSpec region = newAttribute(QStringLiteral("Region"));
    region.generator.kind = GeneratorSpec::Kind::Constant;
    region.generator.constant = QStringLiteral("EU");
    project.entities[0].attributes.push_back(region);
    project.entities[1].keys[QStringLiteral("GSI1PK")] = key;
    auto populated = Populator::populate(project);
    QVERIFY(std::holds_alternative<Population>(populated));
    const Population &population = std::get<Population>(populated);

    checks::SpreadInput input;
    const auto parsed = KeyTemplate::parse(key);
    input.literal = std::get<KeyTemplate>(parsed).placeholders().isEmpty();
    for (qsizetype i = 0; i < population.size(); ++i) {
        if (population.entityOf[std::size_t(i)] != 1)
            continue;
        input.members.push_back(i);
        input.values.push_back(
            population.items[std::size_t(i)].at(QStringLiteral("GSI1PK")).asString());
    }
    QCOMPARE(input.members.size(), std::size_t(87));
    const auto mature = costing::itemsAtMaturity(project, population);
    const PartitionSpread spread = checks::estimateSpread(input, project, population, mature);
    QCOMPARE(int(spread.kind), kind);
    QCOMPARE(spread.owner, owner);
    QCOMPARE(std::round(spread.partitions), partitions);
    const QString described = spread.described(QStringLiteral("Ticket"));
    QVERIFY2(described.contains(words), qPrintable(described));
    if (spread.kind != PartitionSpread::Kind::Bounded)
        QCOMPARE(spread.share, 1.0 / spread.partitions);
}

void TestPartitionSpread::shards_data()
{
    QTest::addColumn<double>("need");
    QTest::addColumn<double>("limit");
    QTest::addColumn<int>("shards");
    // need / (limit * 0.8), rounded up to a power of two, at least 2
    QTest::newRow("just over") << 1001.0 << 1000.0 << 2;
    QTest::newRow("headroom") << 1700.0 << 1000.0 << 4; // 2.125 -> 4
    QTest::newRow("exact power") << 6400.0 << 1000.0 << 8;
    QTest::newRow("reads") << 10000.0 << 3000.0 << 8; // 4.17 -> 8
}

void TestPartitionSpread::shards()
{
    QFETCH(double, need);
    QFETCH(double, limit);
    QFETCH(int, shards);
    QCOMPARE(checks::shardCount(need, limit), shards);
}

QTEST_GUILESS_MAIN(TestPartitionSpread)
#include "tst_partitionspread.moc"
