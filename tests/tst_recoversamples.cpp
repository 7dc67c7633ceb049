// Design recovery on the public NoSQL Workbench models kept in tests/data/workbench (sources in
// its README): every table comes back with entity types and key templates that make a valid,
// populating project, and the design checks find the defects in the sample data itself.

#include "model/design/designchecker.h"
#include "model/design/populator.h"
#include "model/design/projectfile.h"
#include "model/design/recovery/recoveryrun.h"
#include "model/interop/interopfile.h"
#include "model/value/dynamojson.h"
#include "tests/support/testpaths.h"

#include <QDir>
#include <QJsonDocument>
#include <QtTest>

using namespace keyscope::model;
using namespace keyscope::model::recovery;

class TestRecoverSamples : public QObject
{
    Q_OBJECT

private slots:
    void everyModelComesBack_data();
    void everyModelComesBack();
    void checksFindTheSamplesDefects_data();
    void checksFindTheSamplesDefects();
    void typesPerModel_data();
    void typesPerModel();
    void cartItemsAreOneType();
};

namespace {

QString fixture(const QString &name)
{
    return keyscope::testsupport::testDataPath("/workbench/") + name;
}

QStringList findingIds(const Project &project)
{
    auto populated = Populator::populate(project);
    if (!std::holds_alternative<Population>(populated))
        return {QStringLiteral("<does not populate>")};
    QStringList ids;
    for (const Finding &finding : DesignChecker::check(project, std::get<Population>(populated))) {
        ids << finding.id + u':' + finding.attribute;
        if (finding.title.startsWith(QLatin1String("Malformed time")))
            ids << QStringLiteral("malformed:") + finding.id + u':' + finding.attribute;
    }
    return ids;
}

// Each item as DynamoDB JSON text: what "the same item" means byte for byte.
QList<QByteArray> itemBytes(const Project &project)
{
    QList<QByteArray> bytes;
    for (const Item &values : project.items)
        bytes << QJsonDocument(dynamojson::itemToJson(values)).toJson(QJsonDocument::Compact);
    return bytes;
}

} // namespace

void TestRecoverSamples::everyModelComesBack_data()
{
    QTest::addColumn<QString>("file");
    const QStringList files = QDir(keyscope::testsupport::testDataPath("/workbench"))
                                  .entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    QVERIFY(files.size() >= 10);
    for (const QString &file : files)
        QTest::newRow(qPrintable(file)) << file;
}

// Each table's items become entity types whose templates write every key of the table, the
// recovered project reads back as a valid project and populates with the sample's key shapes.
void TestRecoverSamples::everyModelComesBack()
{
    QFETCH(QString, file);
    auto read = InteropFile::read(fixture(file));
    if (auto *error = std::get_if<IoError>(&read))
        QFAIL(qPrintable(error->toString()));
    const auto &input = std::get<InteropFile::Input>(read);
    QVERIFY(!input.projects.empty());
    for (size_t p = 0; p < input.projects.size(); ++p) {
        const Project &project = input.projects[p];
        QVERIFY2(designOnlyInItems(project), qPrintable(project.table.tableName));
        RecoveryOptions options;
        if (p < input.hints.size())
            options.hints = input.hints[p];
        const InferredProject inferred = inferProject(project, options);
        QVERIFY2(!inferred.result.proposals.empty(), qPrintable(project.table.tableName));
        // The types describe the items that are there: every item stays byte for byte.
        QCOMPARE(itemBytes(inferred.project), itemBytes(project));
        QVERIFY(!designOnlyInItems(inferred.project));
        // Most items are described by an entity type.
        QVERIFY2(inferred.result.unmatched.size() * 2 <= project.items.size(),
                 qPrintable(QStringLiteral("%1: %2 of %3 items unmatched")
                                .arg(project.table.tableName)
                                .arg(inferred.result.unmatched.size())
                                .arg(project.items.size())));
        for (const EntityProposal &proposal : inferred.result.proposals) {
            QVERIFY(!proposal.entity.name.isEmpty());
            QVERIFY2(!proposal.entity.name.startsWith(QLatin1String("Entity")),
                     qPrintable(proposal.entity.name));
            for (const auto &key : project.table.keys.all())
                QVERIFY2(proposal.entity.keys.count(key.name),
                         qPrintable(proposal.entity.name + QStringLiteral(" has no ") + key.name));
        }
        // The recovered design is a project Keyscope reads back and populates.
        auto reread = ProjectFile::parse(ProjectFile::serialize(inferred.project),
                                         QStringLiteral("recovered.keyscope.json"));
        if (auto *errors = std::get_if<std::vector<IoError>>(&reread))
            QFAIL(qPrintable(errors->front().toString()));
        auto populated = Populator::populate(std::get<Project>(reread));
        if (auto *error = std::get_if<PopulationError>(&populated))
            QFAIL(qPrintable(error->path + u' ' + error->message));
        QVERIFY(std::get<Population>(populated).size() >= qsizetype(project.items.size()) / 2);
    }
}

void TestRecoverSamples::checksFindTheSamplesDefects_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("finding"); // id:attribute
    // Times without a time zone in sort keys (the models' own sample data).
    QTest::newRow("online shop") << "an-online-shop-facets.json"
                                 << "unsortable-timestamp:GSI2-SK";
    QTest::newRow("cart") << "cart-table.json"
                          << "unsortable-timestamp:Date#Status";
    QTest::newRow("complaints") << "complaint-management.json"
                                << "unsortable-timestamp:SK";
    QTest::newRow("device state log") << "device-state-log.json"
                                      << "unsortable-timestamp:Date";
    QTest::newRow("phone billing") << "phone-billing.json"
                                   << "unsortable-timestamp:SK";
    // Times typed by hand: a stray quote (2021-09-15T02:00"00), a basic-format time in an
    // extended date (2019-09-25T010101), a suffix glued on (2021-07-07T16:36:42-1).
    QTest::newRow("hotel: stray quote") << "hotel-reservations.json"
                                        << "malformed:unsortable-timestamp:SK";
    QTest::newRow("bank: basic-format time") << "bank-payments.json"
                                             << "malformed:unsortable-timestamp:ScheduledTime";
    // A tab at the end of a sort key, a placeholder no one filled in ("<sub_feature>").
    QTest::newRow("vehicles: stray tab and placeholder") << "connected-vehicles.json"
                                                         << "stray-key-text:SK";
    // Two sort keys pasted into one (EQUIPMENTS#001EQUIPMENTS#002); a sort key written from
    // ProcessedDate by hand (REC#12023-05-28T14:15:39.24#... for 2023-05-28T14:15:39.247Z).
    QTest::newRow("game profiles: glued keys") << "game-player-profiles.json"
                                               << "stray-key-text:SK";
    QTest::newRow("recurring payments: garbled copy") << "recurring-payments.json"
                                                      << "stray-key-text:SK";
    QTest::newRow("phone billing: glued suffix") << "phone-billing.json"
                                                 << "malformed:unsortable-timestamp:GSI1SK";
}

// The checks read the sample items themselves (no entity types in the file), through the types
// recovery infers.
void TestRecoverSamples::checksFindTheSamplesDefects()
{
    QFETCH(QString, file);
    QFETCH(QString, finding);
    auto read = InteropFile::read(fixture(file));
    QVERIFY(std::holds_alternative<InteropFile::Input>(read));
    const InteropFile::Input &input = std::get<InteropFile::Input>(read);
    const Project &project = input.projects.front();
    const QStringList ids = findingIds(project);
    QVERIFY2(ids.contains(finding), qPrintable(ids.join(u", ")));
    // Inferring types for the items keeps them, and the checks still read the defect.
    RecoveryOptions options;
    options.hints = input.hints.front();
    const QStringList inferredIds = findingIds(inferProject(project, options).project);
    QVERIFY2(inferredIds.contains(finding), qPrintable(inferredIds.join(u", ")));
}

void TestRecoverSamples::typesPerModel_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("table"); // empty: the model's only table
    QTest::addColumn<QStringList>("types");
    QTest::newRow("online shop") << "an-online-shop-facets.json"
                                 << "" << QStringList {"customer",      "product",   "warehouse",
                                                       "warehouseItem", "orderItem", "Express",
                                                       "shipmentItem",  "invoice",   "GiftCard",
                                                       "MasterCard"};
    // A status leads the sort key (PENDING#...): each status is still a type of its own.
    QTest::newRow("bank: payments")
        << "bank-payments.json"
        << "PaymentScheduler" << QStringList {"Pending", "Processed", "Scheduled"};
    // No label in the keys: the items are what the table holds.
    QTest::newRow("bank: transactions")
        << "bank-payments.json"
        << "TransactionHistory" << QStringList {"TransactionHistory"};
    QTest::newRow("cart") << "cart-table.json"
                          << "" << QStringList {"Cart"};
    QTest::newRow("complaints") << "complaint-management.json"
                                << "" << QStringList {"Comm", "Metadata"};
    QTest::newRow("vehicles") << "connected-vehicles.json"
                              << "" << QStringList {"Vehicle", "User"};
    QTest::newRow("device log") << "device-state-log.json"
                                << "" << QStringList {"D"};
    QTest::newRow("game profiles")
        << "game-player-profiles.json"
        << "" << QStringList {"Metadata", "Friends", "Item", "Equipment", "Task", "Activity"};
    QTest::newRow("hotel") << "hotel-reservations.json"
                           << ""
                           << QStringList {"hotel", "rate", "customert", "booking", "summary"};
    QTest::newRow("phone billing")
        << "phone-billing.json"
        << "" << QStringList {"customer", "address", "phone", "call", "detail"};
    QTest::newRow("recurring payments") << "recurring-payments.json"
                                        << "" << QStringList {"Subscription", "Receipts"};
    QTest::newRow("sessions") << "session-management.json"
                              << "" << QStringList {"Child", "C"};
}

// The entity types each public model's items come back as: one per kind of item, never one
// per customer or per status.
void TestRecoverSamples::typesPerModel()
{
    QFETCH(QString, file);
    QFETCH(QString, table);
    QFETCH(QStringList, types);
    auto read = InteropFile::read(fixture(file), table);
    if (auto *error = std::get_if<IoError>(&read))
        QFAIL(qPrintable(error->toString()));
    const auto &input = std::get<InteropFile::Input>(read);
    RecoveryOptions options;
    options.hints = input.hints.front();
    const InferredProject inferred = inferProject(input.projects.front(), options);
    QStringList names;
    for (const EntityProposal &proposal : inferred.result.proposals)
        names << proposal.entity.name;
    QCOMPARE(names, types);
}

// CartTable's keys are a customer's name (Liz, Chad, Sue) and a time with the cart line's status
// (#Active, #Saved, #Shipped): values of one kind of item, not names of types.
void TestRecoverSamples::cartItemsAreOneType()
{
    auto read = InteropFile::read(fixture(QStringLiteral("cart-table.json")));
    QVERIFY(std::holds_alternative<InteropFile::Input>(read));
    const Project &project = std::get<InteropFile::Input>(read).projects.front();
    const RecoveryResult result = DesignRecovery::recover(project.table, project.items);
    QCOMPARE(result.proposals.size(), std::size_t(1));
    const EntityProposal &cart = result.proposals.front();
    QCOMPARE(cart.entity.name, QStringLiteral("Cart"));
    QCOMPARE(cart.items, (std::vector<qsizetype> {0, 1, 2, 3, 4}));
    QVERIFY(result.unmatched.empty());
    const QString sortKey = cart.entity.keys.at(QStringLiteral("Date#Status"));
    QVERIFY2(sortKey.startsWith(u'{') && sortKey.endsWith(u'}')
                 && !sortKey.contains(QLatin1String("Active")),
             qPrintable(sortKey));
}

QTEST_GUILESS_MAIN(TestRecoverSamples)
#include "tst_recoversamples.moc"
