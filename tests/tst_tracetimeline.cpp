// The traversal timeline: one narrated, timed step per thing a Query did, and "which step shows
// at time t". Traces come from the real engine on a small SaaS-style collection.

#include "model/query/queryengine.h"
#include "model/query/tracetimeline.h"
#include "model/table/table.h"
#include "tests/support/fixtures.h"

#include <QJsonDocument>
#include <QTest>

using namespace keyscope::model;
using Kind = TimelineStep::Kind;

namespace {

AttributeValue S(const QString &s)
{
    return AttributeValue::string(s);
}
AttributeValue N(const QString &n)
{
    return AttributeValue::number(*Number::parse(n, nullptr));
}

std::shared_ptr<Table> saasTable()
{
    auto table = std::make_shared<Table>(keyscope::testsupport::pkSkTable("S", "SaaS"));
    std::vector<Item> items;
    const auto add = [&](const QString &pk, const QString &sk, int score) {
        items.push_back(Item {{QStringLiteral("PK"), S(pk)},
                              {QStringLiteral("SK"), S(sk)},
                              {QStringLiteral("Score"), N(QString::number(score))}});
    };
    const QString mc = QStringLiteral("ORG#MCDONALDS");
    add(mc, mc, 0);                                  // item 0: the parent
    add(mc, QStringLiteral("#TEAM#ENGINEERING"), 5); // sorts first ('#' < 'O')
    add(mc, QStringLiteral("#TEAM#FINANCE"), 5);
    add(mc, QStringLiteral("#TEAM#MARKETING"), 5);
    add(mc, QStringLiteral("USER#DEAN"), 30);
    add(mc, QStringLiteral("USER#DEBRIE"), 10);
    add(mc, QStringLiteral("USER#DERN"), 40);
    add(mc, QStringLiteral("USER#VANDYKE"), 50);
    add(mc, QStringLiteral("VENUE#1"), 0);
    add(QStringLiteral("ORG#BURGERKING"), QStringLiteral("ORG#BURGERKING"), 0);
    const auto result = table->putItems(items);
    if (const auto *e = std::get_if<Table::ItemError>(&result))
        qFatal("bad items: %s", qPrintable(e->message));
    return table;
}

QueryRequest usersRequest()
{
    QueryRequest r;
    r.keyConditionExpression = QStringLiteral("PK = :pk AND begins_with(SK, :u)");
    r.expressionAttributeValues = std::map<QString, AttributeValue> {
        {QStringLiteral(":pk"), S(QStringLiteral("ORG#MCDONALDS"))},
        {QStringLiteral(":u"), S(QStringLiteral("USER#"))}};
    return r;
}

QueryTrace run(const Table &table, const QueryRequest &request)
{
    auto result = QueryEngine::query(table, request);
    if (auto *error = std::get_if<QueryError>(&result))
        qFatal("query failed: %s", qPrintable(error->message));
    return std::get<QueryResponse>(result).trace;
}

QStringList narrations(const TraceTimeline &timeline)
{
    QStringList out;
    for (const auto &s : timeline.steps())
        out << s.narration;
    return out;
}

} // namespace

class TestTraceTimeline : public QObject
{
    Q_OBJECT

private slots:
    void forwardBeginsWith();
    void backwardLimit();
    void filterNamesTheExpression();
    void exclusiveStartKeyContinues();
    void missingPartition();
    void parentInSummary();
    void stepAtBoundaries();
    void reducedMotionJumps();
    void speedScalesDurations();
    void visitIndexOfRow();
};

void TestTraceTimeline::forwardBeginsWith()
{
    const auto table = saasTable();
    const TraceTimeline t(run(*table, usersRequest()), *table);
    // Rows: #TEAM#ENGINEERING #TEAM#FINANCE #TEAM#MARKETING ORG#MCDONALDS USER#DEAN USER#DEBRIE
    //       USER#DERN USER#VANDYKE VENUE#1
    const QStringList expected {
        QStringLiteral("Hash PK = 'ORG#MCDONALDS' to its item collection: 9 items, in sort-key "
                       "order"),
        QStringLiteral("Seek: 'USER#DEAN' > 'USER#', go left"),
        QStringLiteral("Seek: '#TEAM#MARKETING' < 'USER#', go right"),
        QStringLiteral("Seek: 'ORG#MCDONALDS' < 'USER#', go right"),
        QStringLiteral("Start reading at USER#DEAN, going forward (ascending)"),
        QStringLiteral("Read USER#DEAN: result #1"),
        QStringLiteral("Read USER#DEBRIE: result #2"),
        QStringLiteral("Read USER#DERN: result #3"),
        QStringLiteral("Read USER#VANDYKE: result #4"),
        QStringLiteral("'USER#' range ends before VENUE#1"),
    };
    QCOMPARE(narrations(t), expected);

    const auto &steps = t.steps();
    QCOMPARE(steps[0].kind, Kind::PartitionLookup);
    QCOMPARE(steps[1].kind, Kind::SeekProbe);
    QCOMPARE(steps[1].row, 4u);
    QCOMPARE(steps[3].probesDone, 3);
    QCOMPARE(steps[4].kind, Kind::SweepStart);
    QCOMPARE(steps[4].row, 4u);
    QCOMPARE(steps[5].kind, Kind::Visit);
    QCOMPARE(steps[5].visitsDone, 1);
    QCOMPARE(steps[9].kind, Kind::Stop);
    QCOMPARE(steps[9].row, 8u); // the row outside the range that ends the sweep
    QCOMPARE(steps[9].visitsDone, 5);
    QCOMPARE(steps[1].marker, QStringLiteral("> 'USER#' \u00b7 go left"));
    QCOMPARE(steps[5].marker, QStringLiteral("#1"));
    QCOMPARE(steps[9].marker, QStringLiteral("outside the key condition: stop"));
    QCOMPARE(steps[1].durationMs, TraceTimeline::kProbeMs);
    QCOMPARE(steps[5].durationMs, TraceTimeline::kVisitMs);
    QCOMPARE(t.totalDuration(),
             TraceTimeline::kLookupMs + 3 * TraceTimeline::kProbeMs + TraceTimeline::kSweepStartMs
                 + 4 * TraceTimeline::kVisitMs + TraceTimeline::kStopMs);
    QCOMPARE(t.summary().count, 4);
    QCOMPARE(t.summary().scannedCount, 4);
}

void TestTraceTimeline::backwardLimit()
{
    const auto table = saasTable();
    QueryRequest r = usersRequest();
    r.scanIndexForward = false;
    r.limit = 2;
    const TraceTimeline t(run(*table, r), *table);
    const QStringList n = narrations(t);
    QVERIFY2(n.contains(QStringLiteral("Seek: 'USER#DEAN' < the end of 'USER#'\u2026, go right")),
             qPrintable(n.join(u'\n')));
    QVERIFY(
        n.contains(QStringLiteral("Start reading at USER#VANDYKE, going backward (descending)")));
    QVERIFY(n.contains(QStringLiteral("Read USER#VANDYKE: result #1")));
    QVERIFY(n.contains(QStringLiteral("Read USER#DERN: result #2")));
    QCOMPARE(n.last(),
             QStringLiteral("Limit 2 reached: LastEvaluatedKey = {PK: 'ORG#MCDONALDS', "
                            "SK: 'USER#DERN'}"));
    QCOMPARE(t.steps().back().row, 5u); // USER#DEBRIE: the row Limit kept the cursor from reading
    QCOMPARE(t.trace().lastEvaluatedPosition, std::optional<quint32>(6));
}

void TestTraceTimeline::filterNamesTheExpression()
{
    const auto table = saasTable();
    QueryRequest r = usersRequest();
    r.filterExpression = QStringLiteral("Score > :t");
    (*r.expressionAttributeValues)[QStringLiteral(":t")] = N(QStringLiteral("20"));
    TimelineOptions options;
    options.filterExpression = r.filterExpression;
    const TraceTimeline t(run(*table, r), *table, options);
    const QStringList n = narrations(t);
    QVERIFY(n.contains(QStringLiteral("Read USER#DEAN: result #1")));
    QVERIFY2(n.contains(QStringLiteral("Filtered out: USER#DEBRIE (Score > :t is false)")),
             qPrintable(n.join(u'\n')));
    QVERIFY(n.contains(QStringLiteral("Read USER#DERN: result #2")));

    const TraceTimeline generic(t.trace(), *table);
    QVERIFY(narrations(generic).contains(
        QStringLiteral("Filtered out: USER#DEBRIE (read, then dropped by the filter)")));
    QCOMPARE(t.summary().count, 3);
    QCOMPARE(t.summary().scannedCount, 4);
}

void TestTraceTimeline::exclusiveStartKeyContinues()
{
    const auto table = saasTable();
    QueryRequest r = usersRequest();
    r.exclusiveStartKey = Item {{QStringLiteral("PK"), S(QStringLiteral("ORG#MCDONALDS"))},
                                {QStringLiteral("SK"), S(QStringLiteral("USER#DEBRIE"))}};
    TimelineOptions options;
    options.exclusiveStartKey = r.exclusiveStartKey;
    const TraceTimeline t(run(*table, r), *table, options);
    const QStringList n = narrations(t);
    QVERIFY2(n.contains(QStringLiteral("Seek: 'USER#DEAN' < 'USER#DEBRIE', go right")),
             qPrintable(n.join(u'\n')));
    QVERIFY(n.contains(QStringLiteral("Continue after the ExclusiveStartKey at USER#DERN, going "
                                      "forward (ascending)")));
    QVERIFY(n.contains(QStringLiteral("Read USER#DERN: result #1")));
    QVERIFY(n.contains(QStringLiteral("Read USER#VANDYKE: result #2")));
    QCOMPARE(t.trace().seekTarget, SeekTarget::ExclusiveStartKey);
}

void TestTraceTimeline::missingPartition()
{
    const auto table = saasTable();
    QueryRequest r = usersRequest();
    (*r.expressionAttributeValues)[QStringLiteral(":pk")] = S(QStringLiteral("ORG#NOPE"));
    const TraceTimeline t(run(*table, r), *table);
    QCOMPARE(t.stepCount(), 2);
    QCOMPARE(t.steps()[0].narration,
             QStringLiteral("No item has PK = 'ORG#NOPE': nothing to read"));
    QCOMPARE(t.steps()[1].kind, Kind::Stop);
}

void TestTraceTimeline::parentInSummary()
{
    const auto table = saasTable();
    QueryRequest all;
    all.keyConditionExpression = QStringLiteral("PK = :pk");
    all.expressionAttributeValues = std::map<QString, AttributeValue> {
        {QStringLiteral(":pk"), S(QStringLiteral("ORG#MCDONALDS"))}};
    TimelineOptions options;
    options.parentItem = 0;
    options.consumedCapacity = 0.5;
    const TraceTimeline t(run(*table, all), *table, options);
    QCOMPARE(t.summary().parentRow, std::optional<quint32>(3));
    QCOMPARE(t.summary().parentResultNumber, 4u);
    QVERIFY2(t.summary().text.startsWith(QStringLiteral("Count 9, ScannedCount 9, 0.5 RCU")),
             qPrintable(t.summary().text));
    QVERIFY(t.summary().text.endsWith(QStringLiteral("The parent ORG#MCDONALDS is result #4.")));

    const TraceTimeline users(run(*table, usersRequest()), *table, options);
    QCOMPARE(users.summary().parentResultNumber, 0u);
    QVERIFY2(users.summary().text.endsWith(QStringLiteral(
                 "The parent ORG#MCDONALDS (row 4 of 9) was not read by this page.")),
             qPrintable(users.summary().text));

    // A parent outside the collection read is named by its primary key, never left blank.
    QueryRequest other;
    other.keyConditionExpression = QStringLiteral("PK = :pk");
    other.expressionAttributeValues = std::map<QString, AttributeValue> {
        {QStringLiteral(":pk"), S(QStringLiteral("ORG#BURGERKING"))}};
    const TraceTimeline elsewhere(run(*table, other), *table, options);
    QVERIFY(!elsewhere.summary().parentRow);
    QVERIFY2(elsewhere.summary().text.endsWith(
                 QStringLiteral("The parent item (PK 'ORG#MCDONALDS', SK 'ORG#MCDONALDS') is not "
                                "in this item collection.")),
             qPrintable(elsewhere.summary().text));
}

void TestTraceTimeline::stepAtBoundaries()
{
    const auto table = saasTable();
    const TraceTimeline t(run(*table, usersRequest()), *table);
    QCOMPARE(t.stepAt(-10).step, 0);
    QCOMPARE(t.stepAt(-10).progress, 0.0);
    QCOMPARE(t.stepAt(0).step, 0);
    QCOMPARE(t.stepAt(0).progress, 0.0);
    for (int i = 1; i < t.stepCount(); ++i) {
        const qint64 start = t.startOf(i);
        QCOMPARE(start, t.startOf(i - 1) + t.step(i - 1).durationMs);
        QCOMPARE(t.stepAt(start).step, i);
        QCOMPARE(t.stepAt(start).progress, 0.0);
        QCOMPARE(t.stepAt(start - 1).step, i - 1);
        QVERIFY(t.stepAt(start - 1).progress < 1.0);
        QVERIFY(t.stepAt(start - 1).progress > 0.9);
    }
    // Half way through a probe, its transition is done (60% of the step moves).
    const qint64 probe = t.startOf(1);
    QCOMPARE(t.stepAt(probe + TraceTimeline::kProbeMs / 2).progress, 0.5);
    QCOMPARE(t.stepAt(probe + 150).transition, 0.5);
    QCOMPARE(t.stepAt(probe + 300).transition, 1.0);
    QCOMPARE(t.settledTime(1), probe + 300);
    const auto end = t.stepAt(t.totalDuration());
    QCOMPARE(end.step, t.stepCount() - 1);
    QCOMPARE(end.progress, 1.0);
    QCOMPARE(t.stepAt(t.totalDuration() + 5000).step, t.stepCount() - 1);
    QCOMPARE(t.startOf(t.stepCount()), t.totalDuration());

    const TraceTimeline empty;
    QCOMPARE(empty.stepAt(0).step, -1);
    QCOMPARE(empty.totalDuration(), 0);
}

void TestTraceTimeline::reducedMotionJumps()
{
    const auto table = saasTable();
    TimelineOptions options;
    options.reducedMotion = true;
    const TraceTimeline t(run(*table, usersRequest()), *table, options);
    for (int i = 0; i < t.stepCount(); ++i) {
        QCOMPARE(t.step(i).transitionMs, 0);
        QCOMPARE(t.stepAt(t.startOf(i)).transition, 1.0);
        QCOMPARE(t.settledTime(i), t.startOf(i));
    }
}

void TestTraceTimeline::speedScalesDurations()
{
    const auto table = saasTable();
    const QueryTrace trace = run(*table, usersRequest());
    TimelineOptions fast;
    fast.speed = 2.0;
    const TraceTimeline normal(trace, *table);
    const TraceTimeline doubled(trace, *table, fast);
    QCOMPARE(doubled.stepCount(), normal.stepCount());
    QCOMPARE(doubled.totalDuration() * 2, normal.totalDuration());
    QCOMPARE(doubled.step(1).durationMs, TraceTimeline::kProbeMs / 2);
}

void TestTraceTimeline::visitIndexOfRow()
{
    const auto table = saasTable();
    QueryRequest r = usersRequest();
    r.scanIndexForward = false;
    const TraceTimeline t(run(*table, r), *table);
    // Backward: VANDYKE (7), DERN (6), DEBRIE (5), DEAN (4), then ORG#MCDONALDS (3) stops it.
    QCOMPARE(t.visitIndexOfRow(7), 0);
    QCOMPARE(t.visitIndexOfRow(4), 3);
    QCOMPARE(t.visitIndexOfRow(3), 4);
    QCOMPARE(t.visitIndexOfRow(8), -1);
    QCOMPARE(t.visitIndexOfRow(0), -1);
}

QTEST_GUILESS_MAIN(TestTraceTimeline)
#include "tst_tracetimeline.moc"
