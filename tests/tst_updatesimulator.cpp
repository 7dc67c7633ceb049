#include "model/design/updatesimulator.h"

#include <QJsonDocument>
#include <QTest>

using namespace keyscope::model;

namespace {

// The ticket tracker of STRATEGIES.md §4. inKey: UpdatedAt is the table's sort key (the
// mistake); otherwise TicketId is, and a GSI sorts by UpdatedAt (the fix).
Project ticketTracker(bool inKey)
{
    Project project;
    const auto json = QJsonDocument::fromJson(R"({
        "TableName": "Tickets",
        "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
                                 {"AttributeName": "SK", "AttributeType": "S"},
                                 {"AttributeName": "UpdatedAt", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                      {"AttributeName": "SK", "KeyType": "RANGE"}],
        "GlobalSecondaryIndexes": [{"IndexName": "ByUpdated",
            "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                          {"AttributeName": "UpdatedAt", "KeyType": "RANGE"}],
            "Projection": {"ProjectionType": "ALL"}}]})");
    QString error;
    project.table = *TableDefinition::fromJson(json.object(), &error);
    EntityType ticket;
    ticket.name = QStringLiteral("Ticket");
    ticket.countMin = ticket.countMax = 50;
    AttributeSpec id;
    id.name = QStringLiteral("TicketId");
    id.type = AttributeKind::N;
    id.generator.kind = GeneratorSpec::Kind::Sequence;
    AttributeSpec updatedAt;
    updatedAt.name = QStringLiteral("UpdatedAt");
    updatedAt.type = AttributeKind::Timestamp;
    updatedAt.isMutable = true;
    updatedAt.generator.kind = GeneratorSpec::Kind::Timestamp;
    updatedAt.generator.start = 1704067200000;
    updatedAt.generator.step = 3600000;
    ticket.attributes = {id, updatedAt};
    ticket.keys[QStringLiteral("PK")] = QStringLiteral("ORG#ACME");
    ticket.keys[QStringLiteral("SK")] = inKey ? QStringLiteral("{UpdatedAt|iso8601}")
                                              : QStringLiteral("TICKET#{TicketId|pad:6}");
    project.entities = {ticket};
    return project;
}

} // namespace

class TestUpdateSimulator : public QObject
{
    Q_OBJECT

private slots:
    void mutableAttributeInTableKeyNeedsDeleteAndCreate();
    void mutableAttributeInIndexKeyMovesTheIndexEntry();
    void isDeterministicAndRespectsShare();
};

void TestUpdateSimulator::mutableAttributeInTableKeyNeedsDeleteAndCreate()
{
    const Project project = ticketTracker(true);
    const Population population = std::get<Population>(Populator::populate(project));
    const UpdateSimulation simulation = UpdateSimulator::simulate(project, population, 0.5, 3);
    QVERIFY(!simulation.updates.empty());
    for (const SimulatedUpdate &update : simulation.updates) {
        QCOMPARE(update.attribute, QStringLiteral("UpdatedAt"));
        QVERIFY(update.needsDeleteAndCreate());
        QCOMPARE(update.tableKeysChanged, QStringList{QStringLiteral("SK")});
        QCOMPARE(update.indexesMoved, QStringList{QStringLiteral("ByUpdated")});
        // Later, and the sort key follows it.
        QVERIFY(update.after.asString() > update.before.asString());
        const Item &item = simulation.population.items[size_t(update.item)];
        QCOMPARE(item.at("SK").asString(), update.after.asString());
    }
}

void TestUpdateSimulator::mutableAttributeInIndexKeyMovesTheIndexEntry()
{
    const Project project = ticketTracker(false);
    const Population population = std::get<Population>(Populator::populate(project));
    const UpdateSimulation simulation = UpdateSimulator::simulate(project, population, 0.5, 3);
    QVERIFY(!simulation.updates.empty());
    for (const SimulatedUpdate &update : simulation.updates) {
        QVERIFY(!update.needsDeleteAndCreate());
        QCOMPARE(update.indexesMoved, QStringList{QStringLiteral("ByUpdated")});
        const Item &item = simulation.population.items[size_t(update.item)];
        QCOMPARE(item.at("SK"), population.items[size_t(update.item)].at("SK"));
    }
}

void TestUpdateSimulator::isDeterministicAndRespectsShare()
{
    const Project project = ticketTracker(false);
    const Population population = std::get<Population>(Populator::populate(project));
    const auto a = UpdateSimulator::simulate(project, population, 0.2, 9);
    const auto b = UpdateSimulator::simulate(project, population, 0.2, 9);
    QCOMPARE(a.updates.size(), b.updates.size());
    QVERIFY(a.population.items == b.population.items);
    QVERIFY(UpdateSimulator::simulate(project, population, 0.0, 9).updates.empty());
    QCOMPARE(UpdateSimulator::simulate(project, population, 1.0, 9).updates.size(), size_t(50));
    QVERIFY(a.updates.size() < 30); // about a fifth of 50
}

QTEST_GUILESS_MAIN(TestUpdateSimulator)

#include "tst_updatesimulator.moc"
