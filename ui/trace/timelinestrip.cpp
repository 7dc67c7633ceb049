#include "ui/trace/timelinestrip.h"

#include "ui/animation/traceplayer.h"

#include <QLabel>
#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace keyscope::ui {

namespace {

constexpr int kGap = 12; // between the line and the step counter

} // namespace

TimelineStrip::TimelineStrip(TracePlayer *player, QWidget *parent)
    : QWidget(parent)
    , m_player(player)
    , m_step(new QLabel(this))
{
    setAccessibleName(tr("Timeline"));
    setToolTip(tr("Click or drag to scrub through the Query"));
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    m_step->setAccessibleName(tr("Step counter"));
    m_step->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    connect(m_player, &TracePlayer::currentTimeChanged, this, [this] { update(); });
    connect(m_player, &TracePlayer::stepChanged, this, &TimelineStrip::updateStep);
    updateStep();
}

void TimelineStrip::setScale(double scale)
{
    m_scale = scale;
    QFont font = QWidget::font();
    font.setPointSizeF(font.pointSizeF() * scale);
    m_step->setFont(font);
    updateStep();
}

QString TimelineStrip::stepText() const
{
    return m_step->text();
}

double TimelineStrip::progress() const
{
    const qint64 total = m_player->duration();
    return total > 0 ? double(m_player->currentTime()) / double(total) : 0.0;
}

int TimelineStrip::lineThickness() const
{
    return std::max(3, int(std::lround(3 * m_scale)));
}

QRect TimelineStrip::lineRect() const
{
    const int labelWidth = m_step->sizeHint().width();
    const int margin = 8;
    const int right = width() - margin - labelWidth - kGap;
    const int thickness = lineThickness();
    return QRect(margin, (height() - thickness) / 2, std::max(0, right - margin), thickness);
}

QSize TimelineStrip::sizeHint() const
{
    return QSize(400, m_step->sizeHint().height() + 8);
}

QSize TimelineStrip::minimumSizeHint() const
{
    return QSize(m_step->sizeHint().width() + 80, m_step->sizeHint().height() + 8);
}

void TimelineStrip::updateStep()
{
    const model::TraceTimeline *timeline = m_player->timeline();
    const int step = m_player->currentStep();
    if (!timeline || timeline->stepCount() == 0 || step < 0)
        m_step->setText(tr("No Query"));
    else
        m_step->setText(tr("Step %1 of %2").arg(step + 1).arg(timeline->stepCount()));
    // The counter keeps the width of its longest text, so the line does not jump.
    const int count = timeline ? timeline->stepCount() : 0;
    const QString widest = tr("Step %1 of %1").arg(std::max(count, 10));
    m_step->setMinimumWidth(m_step->fontMetrics().horizontalAdvance(widest));
    m_step->resize(m_step->sizeHint());
    resizeEvent(nullptr);
    updateGeometry();
    update();
}

void TimelineStrip::resizeEvent(QResizeEvent *)
{
    const QSize label = m_step->sizeHint();
    m_step->setGeometry(width() - 8 - label.width(), (height() - label.height()) / 2, label.width(),
                        label.height());
}

void TimelineStrip::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QRect line = lineRect();
    if (line.width() <= 0)
        return;
    QColor track = palette().color(QPalette::WindowText);
    track.setAlphaF(0.18);
    painter.setPen(Qt::NoPen);
    painter.setBrush(track);
    painter.drawRoundedRect(line, line.height() / 2.0, line.height() / 2.0);
    const model::TraceTimeline *timeline = m_player->timeline();
    if (!timeline || m_player->duration() <= 0)
        return;
    QRectF played = line;
    played.setWidth(line.width() * progress());
    painter.setBrush(palette().color(QPalette::Highlight));
    painter.drawRoundedRect(played, line.height() / 2.0, line.height() / 2.0);
    // A tick where each step starts, so the steps can be counted along the line.
    QColor tick = palette().color(QPalette::Window);
    painter.setPen(QPen(tick, 1));
    const double total = double(m_player->duration());
    if (timeline->stepCount() * 4 < line.width()) {
        for (int i = 1; i < timeline->stepCount(); ++i) {
            const double x = line.left() + line.width() * double(timeline->startOf(i)) / total;
            painter.drawLine(QPointF(x, line.top()), QPointF(x, line.bottom() + 1));
        }
    }
}

void TimelineStrip::seekTo(int x)
{
    const QRect line = lineRect();
    if (line.width() <= 0 || !m_player->timeline())
        return;
    const double share = std::clamp(double(x - line.left()) / line.width(), 0.0, 1.0);
    m_player->seek(qint64(std::llround(share * double(m_player->duration()))));
}

void TimelineStrip::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton)
        seekTo(event->position().toPoint().x());
}

void TimelineStrip::mouseMoveEvent(QMouseEvent *event)
{
    if (event->buttons() & Qt::LeftButton)
        seekTo(event->position().toPoint().x());
}

} // namespace keyscope::ui
