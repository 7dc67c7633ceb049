#pragma once

#include "model/query/tracetimeline.h"

#include <QObject>
#include <QVariantAnimation>

#include <memory>
#include <optional>

namespace keyscope::ui {

// Plays a TraceTimeline with one clock (a single QVariantAnimation) that drives everything
// showing the query: the collection view, the narration, the B-tree path. Play, pause, step,
// scrub and export-at-step are all "set the time"; listeners only ever see positions.
//
// Wiring (main window):
//   player->setTimeline(timeline);   // the same shared timeline the view draws
//   connect(player, &TracePlayer::positionChanged, view, &CollectionView::setTimelineState);
//   connect(player, &TracePlayer::jumped, view, &CollectionView::revealStep);
//   connect(player, &TracePlayer::stepChanged, narrationLabel, [..](int, QString text) {..});
//   Space -> togglePlayPause(), Right -> stepForward(), Left -> stepBack(), Ctrl+R -> restart(),
//   a slider over [0, duration()] -> seek(ms), currentTimeChanged -> the slider.
//
// Time is the timeline's own milliseconds; speed only changes how fast the clock runs.
class TracePlayer : public QObject
{
    Q_OBJECT

public:
    explicit TracePlayer(QObject *parent = nullptr);

    // Resets to time 0, paused. Null clears.
    void setTimeline(std::shared_ptr<const model::TraceTimeline> timeline);
    const model::TraceTimeline *timeline() const { return m_timeline.get(); }

    qint64 currentTime() const { return m_time; }
    qint64 duration() const { return m_timeline ? m_timeline->totalDuration() : 0; }
    // The step showing; -1 without a timeline.
    int currentStep() const { return m_step; }
    // The 0..1 movement within the current step (1 under reduced motion).
    double currentTransition() const;
    QString currentNarration() const;
    bool isPlaying() const { return m_clock.state() == QAbstractAnimation::Running; }
    double speed() const { return m_speed; }
    bool reducedMotion() const { return m_reducedMotion; }

public slots:
    void play(); // from the start again when at the end
    void pause();
    void togglePlayPause();
    // To the next step's settled state (animated, then paused; a jump under reduced motion).
    // Pressed while a step is still moving, that step lands first: no press is lost.
    void stepForward();
    // To the previous step's settled state (a jump).
    void stepBack();
    void goToStep(int index); // settled state of a step, paused
    void goToEnd();
    void restart(); // time 0, playing
    // Scrub: sets the time (clamped to [0, duration]); keeps playing if it was.
    void seek(qint64 ms);
    void setCurrentTime(qint64 ms) { seek(ms); }
    void setSpeed(double speed); // 0.25 .. 4
    // Steps jump: positions report transition 1 and stepping does not animate.
    void setReducedMotion(bool reduced);

signals:
    void currentTimeChanged(qint64 ms);
    void positionChanged(int stepIndex, double transition);
    void stepChanged(int index, const QString &narration);
    void playingChanged(bool playing);
    void finished(); // the clock reached the end of the timeline
    // The time was set rather than run: a step, Restart, Go to End, scrubbing. Views scroll the
    // step into view again, even when it is the step they were showing.
    void jumped(int stepIndex);

private:
    void apply(qint64 ms, bool force = false);
    void startClock();
    void onTick(const QVariant &value);
    qint64 settledTime(int step) const;

    std::shared_ptr<const model::TraceTimeline> m_timeline;
    QVariantAnimation m_clock;
    qint64 m_time = 0;
    int m_step = -1;
    double m_transition = 1.0;
    double m_speed = 1.0;
    bool m_reducedMotion = false;
    bool m_ignoreTicks = false;
    std::optional<qint64> m_stopAt; // stepForward: pause here
};

} // namespace keyscope::ui
