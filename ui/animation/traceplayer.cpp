#include "ui/animation/traceplayer.h"

#include <algorithm>
#include <cmath>

namespace keyscope::ui {

TracePlayer::TracePlayer(QObject *parent)
    : QObject(parent)
{
    m_clock.setStartValue(0.0);
    m_clock.setEndValue(0.0);
    m_clock.setDuration(1);
    m_clock.setEasingCurve(QEasingCurve::Linear);
    connect(&m_clock, &QVariantAnimation::valueChanged, this, &TracePlayer::onTick);
    connect(&m_clock, &QAbstractAnimation::stateChanged, this,
            [this](QAbstractAnimation::State state, QAbstractAnimation::State old) {
                if ((state == QAbstractAnimation::Running) != (old == QAbstractAnimation::Running))
                    emit playingChanged(state == QAbstractAnimation::Running);
            });
    connect(&m_clock, &QAbstractAnimation::finished, this, [this] {
        apply(duration());
        emit finished();
    });
}

void TracePlayer::setTimeline(std::shared_ptr<const model::TraceTimeline> timeline)
{
    m_ignoreTicks = true;
    m_clock.stop();
    m_ignoreTicks = false;
    m_stopAt.reset();
    m_timeline = std::move(timeline);
    const double total = double(duration());
    m_clock.setEndValue(total);
    m_step = -2; // force stepChanged
    apply(0, true);
}

double TracePlayer::currentTransition() const
{
    return m_transition;
}

QString TracePlayer::currentNarration() const
{
    if (!m_timeline || m_step < 0 || m_step >= m_timeline->stepCount())
        return {};
    return m_timeline->step(m_step).narration;
}

void TracePlayer::apply(qint64 ms, bool force)
{
    const qint64 t = std::clamp<qint64>(ms, 0, duration());
    const bool timeChanged = t != m_time;
    m_time = t;
    int step = -1;
    double transition = 1.0;
    if (m_timeline && m_timeline->stepCount() > 0) {
        const auto position = m_timeline->stepAt(t);
        step = position.step;
        transition = m_reducedMotion ? 1.0 : position.transition;
    }
    const bool stepDiffers = step != m_step;
    const bool transitionDiffers = transition != m_transition;
    m_step = step;
    m_transition = transition;
    if (timeChanged || force)
        emit currentTimeChanged(m_time);
    if (stepDiffers || transitionDiffers || force)
        emit positionChanged(m_step, m_transition);
    if (stepDiffers || force)
        emit stepChanged(m_step, currentNarration());
}

void TracePlayer::onTick(const QVariant &value)
{
    if (m_ignoreTicks)
        return;
    const qint64 t = qint64(std::llround(value.toDouble()));
    if (m_stopAt && t >= *m_stopAt) {
        const qint64 target = *m_stopAt;
        m_stopAt.reset();
        m_ignoreTicks = true;
        m_clock.stop();
        m_ignoreTicks = false;
        apply(target);
        return;
    }
    apply(t);
}

void TracePlayer::startClock()
{
    if (!m_timeline || duration() <= 0)
        return;
    m_ignoreTicks = true;
    m_clock.stop();
    m_clock.setDuration(std::max(1, int(std::ceil(double(duration()) / m_speed))));
    m_clock.start(); // starting rewinds to 0: ignored, then moved to the current time
    m_clock.setCurrentTime(int(std::lround(double(m_time) / m_speed)));
    m_ignoreTicks = false;
}

qint64 TracePlayer::settledTime(int step) const
{
    // Under reduced motion a step is settled the moment it starts.
    if (m_reducedMotion)
        return m_timeline->startOf(std::clamp(step, 0, m_timeline->stepCount() - 1));
    return m_timeline->settledTime(step);
}

void TracePlayer::play()
{
    if (!m_timeline || isPlaying())
        return;
    m_stopAt.reset();
    if (m_time >= duration())
        apply(0);
    startClock();
}

void TracePlayer::pause()
{
    m_stopAt.reset();
    if (!isPlaying())
        return;
    m_ignoreTicks = true;
    m_clock.pause();
    m_ignoreTicks = false;
}

void TracePlayer::togglePlayPause()
{
    if (isPlaying())
        pause();
    else
        play();
}

void TracePlayer::stepForward()
{
    if (!m_timeline || m_timeline->stepCount() == 0)
        return;
    // A step still moving lands at once, so every press counts: five quick presses advance
    // five steps instead of restarting the same glide.
    const std::optional<qint64> inFlight = m_stopAt;
    pause();
    if (inFlight)
        apply(*inFlight);
    // Always the next step: a step caught mid-glide (playing, scrubbed) counts as shown.
    const int next = std::max(0, m_step) + 1;
    const qint64 target = next < m_timeline->stepCount() ? settledTime(next) : duration();
    if (target <= m_time)
        return;
    if (m_reducedMotion) {
        seek(target);
        return;
    }
    m_stopAt = target;
    startClock();
    emit jumped(m_step);
}

void TracePlayer::stepBack()
{
    if (!m_timeline || m_timeline->stepCount() == 0)
        return;
    pause();
    seek(settledTime(std::max(0, m_step - 1)));
}

void TracePlayer::goToStep(int index)
{
    if (!m_timeline || m_timeline->stepCount() == 0)
        return;
    pause();
    seek(settledTime(index));
}

void TracePlayer::goToEnd()
{
    pause();
    seek(duration());
}

void TracePlayer::restart()
{
    pause();
    seek(0);
    play();
}

void TracePlayer::seek(qint64 ms)
{
    const bool playing = isPlaying();
    apply(ms);
    if (playing)
        startClock();
    emit jumped(m_step);
}

void TracePlayer::setSpeed(double speed)
{
    speed = std::clamp(speed, 0.25, 4.0);
    if (speed == m_speed)
        return;
    m_speed = speed;
    if (isPlaying()) {
        const std::optional<qint64> stopAt = m_stopAt;
        startClock();
        m_stopAt = stopAt;
    }
}

void TracePlayer::setReducedMotion(bool reduced)
{
    if (reduced == m_reducedMotion)
        return;
    m_reducedMotion = reduced;
    apply(m_time, true);
}

} // namespace keyscope::ui
