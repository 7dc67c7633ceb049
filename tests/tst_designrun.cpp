// DesignRun: project -> population -> table -> Query -> TraceTimeline, as every caller runs it.

#include "model/design/designrun.h"
#include "model/design/projectfile.h"
#include "model/interop/interopfile.h"
#include "tests/support/testpaths.h"
#include "tests/support/fixtures.h"

#include <QTest>

using namespace keyscope::model;

namespace {

Project iotProject()
{
    return keyscope::testsupport::readTestProject(
        QStringLiteral("cli_design/iot-pass.keyscope.json"));
}

} // namespace

class TestDesignRun : public QObject
{
    Q_OBJECT

private slots:
    void preparesPopulationAndTableWithProgress()
    {
        const Project project = iotProject();
        qint64 lastDone = -1;
        qint64 lastTotal = -1;
        int tableSteps = 0;
        DesignRunObserver observer;
        observer.populating = [&](qint64 done, qint64 total) {
            QVERIFY(done >= lastDone);
            lastDone = done;
            lastTotal = total;
        };
        observer.buildingTable = [&] {
            QCOMPARE(lastDone, lastTotal); // the table comes after the whole population
            ++tableSteps;
        };
        auto prepared = DesignRun::prepare(project, {}, observer);
        QVERIFY(std::holds_alternative<PreparedDesign>(prepared));
        const PreparedDesign &design = std::get<PreparedDesign>(prepared);
        QVERIFY(design.population->size() > 5);
        QCOMPARE(qint64(design.table->itemCount()), qint64(design.population->size()));
        QCOMPARE(tableSteps, 1);
        QCOMPARE(lastTotal, qint64(design.population->generatedCount));

        // The same seed gives the same items; the project's own seed is the default.
        auto again = DesignRun::prepare(project, project.seed);
        QVERIFY(std::get<PreparedDesign>(again).population->items == design.population->items);
    }

    void cancelStopsBeforeAndAfterPopulating()
    {
        const Project project = iotProject();
        DesignRunObserver before;
        int populating = 0;
        before.populating = [&](qint64, qint64) { ++populating; };
        before.cancelled = [] { return true; };
        auto stopped = DesignRun::prepare(project, {}, before);
        QVERIFY(std::holds_alternative<DesignRunError>(stopped));
        QCOMPARE(std::get<DesignRunError>(stopped).stage, DesignRunError::Stage::Cancelled);
        QCOMPARE(populating, 0);

        // Cancelled while the table is built: no half-made design comes back.
        bool cancel = false;
        DesignRunObserver during;
        during.cancelled = [&cancel] { return cancel; };
        during.buildingTable = [&cancel] { cancel = true; };
        auto late = DesignRun::prepare(project, {}, during);
        QVERIFY(std::holds_alternative<DesignRunError>(late));
        QCOMPARE(std::get<DesignRunError>(late).stage, DesignRunError::Stage::Cancelled);
    }

    void populationErrorCarriesPathAndPlace()
    {
        Project project = iotProject();
        project.entities[1].keys[QStringLiteral("SK")] = QStringLiteral("READING#{Nope}");
        auto prepared = DesignRun::prepare(project);
        QVERIFY(std::holds_alternative<DesignRunError>(prepared));
        const DesignRunError &error = std::get<DesignRunError>(prepared);
        QCOMPARE(error.stage, DesignRunError::Stage::Population);
        QCOMPARE(error.path, QStringLiteral("entities[1].keys.SK"));
        QVERIFY2(error.message.contains(QLatin1String("Nope")), qPrintable(error.message));
        // The CLI names the JSON path, the app the place in the user's words.
        QCOMPARE(error.withPath(), QStringLiteral("entities[1].keys.SK: ") + error.message);
        QCOMPARE(error.inUserWords(), error.place + QStringLiteral(": ") + error.message);
        QVERIFY(error.place.contains(QLatin1String("Reading")));
    }

    void tableErrorNamesTheItem()
    {
        Project project = iotProject();
        project.items.push_back(Item {{QStringLiteral("Other"), AttributeValue::string("x")}});
        auto prepared = DesignRun::prepare(project);
        QVERIFY(std::holds_alternative<DesignRunError>(prepared));
        const DesignRunError &error = std::get<DesignRunError>(prepared);
        QCOMPARE(error.stage, DesignRunError::Stage::Table);
        QVERIFY2(error.message.startsWith(QLatin1String("items[0]: ")), qPrintable(error.message));
        QCOMPARE(error.withPath(), error.message);
    }

    void patternRunsToATimelineAboutItsParent()
    {
        const Project project = iotProject();
        const PreparedDesign design = std::get<PreparedDesign>(DesignRun::prepare(project));
        auto answered = DesignRun::pattern(project, design, project.accessPatterns.front());
        QVERIFY(std::holds_alternative<DesignAnswer>(answered));
        const DesignAnswer &answer = std::get<DesignAnswer>(answered);
        QVERIFY(answer.parentItem.has_value());
        QCOMPARE(answer.response.count, qint64(11)); // the device and its 10 newest readings
        QVERIFY(answer.request.expressionAttributeValues.has_value()); // values rendered

        const auto timeline = DesignRun::timeline(*design.table, answer, true);
        QVERIFY(timeline->stepCount() > 0);
        QCOMPARE(timeline->step(0).transitionMs, qint64(0)); // reduced motion
        QVERIFY(timeline->summary().parentRow.has_value());
        QCOMPARE(timeline->summary().parentResultNumber, quint32(1));
        QCOMPARE(*timeline->summary().consumedCapacity,
                 QueryEngine::capacityUnits(answer.response.trace.bytesRead, false));
    }

    // An MCP schema's pattern takes its values from an item of the entity type it returns, a
    // Customer for the customers of a tenant: that item is one of the results, not their
    // parent, and the summary does not call it one.
    void valuesItemThatIsNoParentIsNotCalledOne()
    {
        auto read = InteropFile::read(
            keyscope::testsupport::testDataPath("/mcp/keyscope_features_schema.json"));
        QVERIFY(std::holds_alternative<InteropFile::Input>(read));
        const Project project = std::get<InteropFile::Input>(read).projects.front();
        const PreparedDesign design = std::get<PreparedDesign>(DesignRun::prepare(project));
        const AccessPattern *customers = nullptr;
        for (const AccessPattern &pattern : project.accessPatterns)
            customers = pattern.name == u"list_customers" ? &pattern : customers;
        QVERIFY(customers);
        auto answered = DesignRun::pattern(project, design, *customers);
        QVERIFY(std::holds_alternative<DesignAnswer>(answered));
        const DesignAnswer &answer = std::get<DesignAnswer>(answered);
        QVERIFY(answer.response.count > 1);
        QVERIFY(!answer.parentItem.has_value());
        const auto timeline = DesignRun::timeline(*design.table, answer, true);
        QVERIFY2(!timeline->summary().text.contains(QLatin1String("parent")),
                 qPrintable(timeline->summary().text));
        QVERIFY(!timeline->summary().parentRow.has_value());
    }

    void rejectedQueryKeepsDynamoDbErrorType()
    {
        const Project project = iotProject();
        const PreparedDesign design = std::get<PreparedDesign>(DesignRun::prepare(project));
        QueryRequest request;
        request.keyConditionExpression = QStringLiteral("PK = :missing");
        auto answered = DesignRun::query(*design.table, request);
        QVERIFY(std::holds_alternative<DesignRunError>(answered));
        const DesignRunError &error = std::get<DesignRunError>(answered);
        QCOMPARE(error.stage, DesignRunError::Stage::Query);
        QCOMPARE(error.type, QStringLiteral("ValidationException"));
        QVERIFY(!error.message.isEmpty());

        // A filter and a start key are named by the timeline; the capacity the response
        // reports wins over the estimate.
        request.keyConditionExpression = QStringLiteral("PK = :pk");
        request.expressionAttributeValues = std::map<QString, AttributeValue> {
            {QStringLiteral(":pk"), AttributeValue::string("DEVICE#d-0001")}};
        request.filterExpression = QStringLiteral("attribute_exists(Temperature)");
        request.returnConsumedCapacity = QStringLiteral("TOTAL");
        auto ok = DesignRun::query(*design.table, request);
        QVERIFY(std::holds_alternative<DesignAnswer>(ok));
        const DesignAnswer &answer = std::get<DesignAnswer>(ok);
        const TimelineOptions options
            = DesignRun::timelineOptions(answer.request, answer.response, std::nullopt, false);
        QCOMPARE(options.filterExpression, request.filterExpression);
        QVERIFY(answer.response.consumedCapacity.has_value());
        QCOMPARE(*options.consumedCapacity, answer.response.consumedCapacity->capacityUnits);
        QVERIFY(!options.reducedMotion);
    }
};

QTEST_GUILESS_MAIN(TestDesignRun)
#include "tst_designrun.moc"
