// The trace player: one clock, and every control is "set the time". Tests set the time
// instead of waiting for the clock.

#include "../support/manualclock.h"
#include "tests/support/fixtures.h"
#include "model/query/queryengine.h"
#include "model/query/tracetimeline.h"
#include "ui/animation/traceplayer.h"

#include <QAnimationDriver>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTest>

using namespace keyscope::model;
using keyscope::ui::TracePlayer;

namespace {

std::shared_ptr<const TraceTimeline> timeline(bool reducedMotion = false)
{
    Table table(keyscope::testsupport::pkSkTable());
    std::vector<Item> items;
    for (int i = 0; i < 20; ++i) {
        items.push_back(
            Item {{QStringLiteral("PK"), AttributeValue::string(QStringLiteral("P"))},
                  {QStringLiteral("SK"),
                   AttributeValue::string(QStringLiteral("K%1").arg(i, 2, 10, QLatin1Char('0')))}});
    }
    table.putItems(items);
    QueryRequest r;
    r.keyConditionExpression = QStringLiteral("PK = :p AND SK >= :k");
    r.expressionAttributeValues = std::map<QString, AttributeValue> {
        {QStringLiteral(":p"), AttributeValue::string(QStringLiteral("P"))},
        {QStringLiteral(":k"), AttributeValue::string(QStringLiteral("K10"))}};
    r.limit = 3;
    auto result = QueryEngine::query(table, r);
    TimelineOptions options;
    options.reducedMotion = reducedMotion;
    return std::make_shared<const TraceTimeline>(std::get<QueryResponse>(result).trace, table,
                                                 options);
}

using keyscope::testsupport::ManualClock;

} // namespace

class TestTracePlayer : public QObject
{
    Q_OBJECT

private slots:
    void startsPausedAtTheFirstStep();
    void seekShowsTheStepForTheTime();
    void stepForwardAndBack();
    void quickPressesAreNeverDropped();
    void reducedMotionJumps();
    void playRunsTheOneClock();
    void speedKeepsTheTime();
};

void TestTracePlayer::startsPausedAtTheFirstStep()
{
    TracePlayer player;
    QCOMPARE(player.currentStep(), -1);
    QSignalSpy steps(&player, &TracePlayer::stepChanged);
    const auto t = timeline();
    player.setTimeline(t);
    QCOMPARE(player.currentStep(), 0);
    QCOMPARE(player.currentTime(), 0);
    QCOMPARE(player.duration(), t->totalDuration());
    QVERIFY(!player.isPlaying());
    QCOMPARE(steps.count(), 1);
    QCOMPARE(steps.first().at(1).toString(), t->step(0).narration);
}

void TestTracePlayer::seekShowsTheStepForTheTime()
{
    TracePlayer player;
    const auto t = timeline();
    player.setTimeline(t);
    QSignalSpy steps(&player, &TracePlayer::stepChanged);
    QSignalSpy positions(&player, &TracePlayer::positionChanged);
    QSignalSpy times(&player, &TracePlayer::currentTimeChanged);
    for (int i = 0; i < t->stepCount(); ++i) {
        player.seek(t->startOf(i) + 1);
        QCOMPARE(player.currentStep(), i);
        QCOMPARE(player.currentNarration(), t->step(i).narration);
    }
    QCOMPARE(steps.count(), t->stepCount() - 1); // step 0 was already showing
    QCOMPARE(times.last().first().toLongLong(), t->startOf(t->stepCount() - 1) + 1);
    // Mid-transition of a visit: positions carry the movement.
    int visit = -1;
    for (int i = 0; i < t->stepCount(); ++i) {
        if (t->step(i).kind == TimelineStep::Kind::Visit) {
            visit = i;
            break;
        }
    }
    QVERIFY(visit > 0);
    player.seek(t->startOf(visit) + t->step(visit).transitionMs / 2);
    QCOMPARE(positions.last().at(0).toInt(), visit);
    QCOMPARE(positions.last().at(1).toDouble(), 0.5);
    // Clamped at both ends.
    player.seek(-100);
    QCOMPARE(player.currentTime(), 0);
    player.seek(t->totalDuration() + 100);
    QCOMPARE(player.currentTime(), t->totalDuration());
    QCOMPARE(player.currentStep(), t->stepCount() - 1);
}

void TestTracePlayer::stepForwardAndBack()
{
    TracePlayer player;
    const auto t = timeline();
    player.setTimeline(t);
    player.setReducedMotion(true); // jumps: no waiting for the clock
    player.stepForward();
    QCOMPARE(player.currentStep(), 1);
    QCOMPARE(player.currentTime(), t->startOf(1)); // settled at once: no transition
    player.stepForward();
    player.stepForward();
    QCOMPARE(player.currentStep(), 3);
    player.stepBack();
    QCOMPARE(player.currentStep(), 2);
    QCOMPARE(player.currentTime(), t->startOf(2));
    player.goToStep(0);
    player.stepBack();
    QCOMPARE(player.currentStep(), 0);
    player.goToEnd();
    QCOMPARE(player.currentStep(), t->stepCount() - 1);
    player.stepForward(); // nothing after the end
    QCOMPARE(player.currentTime(), t->totalDuration());

    // With motion, stepping forward runs the clock to the next settled time, then pauses.
    player.setReducedMotion(false);
    player.goToStep(1);
    player.stepForward();
    QVERIFY(player.isPlaying());
    QTRY_VERIFY_WITH_TIMEOUT(!player.isPlaying(), 3000);
    QCOMPARE(player.currentStep(), 2);
    QCOMPARE(player.currentTime(), t->settledTime(2));
}

void TestTracePlayer::quickPressesAreNeverDropped()
{
    ManualClock clock;
    TracePlayer player;
    const auto t = timeline();
    QVERIFY(t->stepCount() >= 6);
    player.setTimeline(t);
    // Five presses 100 ms apart: each step's glide is longer than that, so every press comes
    // while the previous step is still moving. It lands at once and the next step begins.
    for (int press = 1; press <= 5; ++press) {
        player.stepForward();
        QVERIFY(player.isPlaying());
        QCOMPARE(player.currentStep(), press - 1);
        const qint64 before = player.currentTime();
        clock.advanceBy(100);
        QVERIFY2(player.currentTime() > before, "the clock runs");
        QVERIFY2(player.currentTime() < t->settledTime(press), "the glide is still in flight");
    }
    for (int i = 0; i < 20 && player.isPlaying(); ++i)
        clock.advanceBy(100);
    QVERIFY(!player.isPlaying());
    QCOMPARE(player.currentStep(), 5);
    QCOMPARE(player.currentTime(), t->settledTime(5));
}

void TestTracePlayer::reducedMotionJumps()
{
    TracePlayer player;
    const auto t = timeline();
    player.setTimeline(t);
    QSignalSpy positions(&player, &TracePlayer::positionChanged);
    player.seek(t->startOf(2) + 10);
    QVERIFY(positions.last().at(1).toDouble() < 1.0);
    player.setReducedMotion(true);
    QCOMPARE(positions.last().at(1).toDouble(), 1.0);
    player.seek(t->startOf(3) + 1);
    QCOMPARE(positions.last().at(0).toInt(), 3);
    QCOMPARE(positions.last().at(1).toDouble(), 1.0);

    // A timeline built with reduced motion has zero-length transitions.
    const auto reduced = timeline(true);
    TracePlayer other;
    other.setTimeline(reduced);
    other.seek(reduced->startOf(2));
    QCOMPARE(other.currentTransition(), 1.0);
}

void TestTracePlayer::playRunsTheOneClock()
{
    TracePlayer player;
    const auto t = timeline();
    player.setTimeline(t);
    QSignalSpy playing(&player, &TracePlayer::playingChanged);
    QSignalSpy finished(&player, &TracePlayer::finished);
    player.setSpeed(4.0);
    player.seek(t->totalDuration() - 200);
    player.play();
    QVERIFY(player.isPlaying());
    QCOMPARE(playing.count(), 1);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 3000);
    QVERIFY(!player.isPlaying());
    QCOMPARE(player.currentTime(), t->totalDuration());
    // Play at the end starts over.
    player.play();
    QVERIFY(player.currentTime() < 100);
    player.togglePlayPause();
    QVERIFY(!player.isPlaying());
    const qint64 paused = player.currentTime();
    QTest::qWait(50);
    QCOMPARE(player.currentTime(), paused);
}

void TestTracePlayer::speedKeepsTheTime()
{
    TracePlayer player;
    const auto t = timeline();
    player.setTimeline(t);
    player.seek(700);
    player.play();
    player.setSpeed(0.25);
    QVERIFY(qAbs(player.currentTime() - 700) < 50);
    QCOMPARE(player.speed(), 0.25);
    player.pause();
    player.setSpeed(10); // clamped
    QCOMPARE(player.speed(), 4.0);
}

QTEST_MAIN(TestTracePlayer)
#include "tst_traceplayer.moc"
