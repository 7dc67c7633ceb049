#include "ui/trace/tracepanel.h"

#include "ui/animation/traceplayer.h"
#include "ui/widgets/wrappedlabel.h"

#include <QAction>
#include <QComboBox>
#include <QEvent>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPlainTextEdit>
#include <QSignalBlocker>
#include <QSlider>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

namespace keyscope::ui {

namespace {

QToolButton *transportButton(QWidget *parent, const QString &name, const QString &shortcutHint)
{
    auto *button = new QToolButton(parent);
    button->setAccessibleName(name);
    button->setToolTip(QStringLiteral("%1 (%2)").arg(name, shortcutHint));
    button->setAutoRaise(true);
    return button;
}

// Transport glyphs drawn in the palette's text colour, so they read in light and dark themes
// alike (the style's media icons are dark grey). Drawn at 2x for HiDPI.
QIcon transportIcon(TracePanel::Glyph glyph, const QColor &color)
{
    const int size = 32;
    QPixmap pixmap(size, size);
    pixmap.fill(Qt::transparent);
    pixmap.setDevicePixelRatio(2.0);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(Qt::NoPen);
    painter.setBrush(color);
    const auto triangle = [&](double x, double w, bool right) {
        QPolygonF p;
        if (right)
            p << QPointF(x, 3) << QPointF(x + w, 8) << QPointF(x, 13);
        else
            p << QPointF(x + w, 3) << QPointF(x, 8) << QPointF(x + w, 13);
        painter.drawPolygon(p);
    };
    switch (glyph) {
    case TracePanel::Glyph::Play:
        triangle(4, 9, true);
        break;
    case TracePanel::Glyph::Pause:
        painter.drawRect(QRectF(4, 3, 3, 10));
        painter.drawRect(QRectF(9, 3, 3, 10));
        break;
    case TracePanel::Glyph::StepForward:
        triangle(3, 7, true);
        painter.drawRect(QRectF(11, 3, 2, 10));
        break;
    case TracePanel::Glyph::StepBack:
        painter.drawRect(QRectF(3, 3, 2, 10));
        triangle(6, 7, false);
        break;
    case TracePanel::Glyph::Restart:
        painter.drawRect(QRectF(2, 3, 2, 10));
        triangle(4, 5, false);
        triangle(9, 5, false);
        break;
    case TracePanel::Glyph::End:
        triangle(2, 5, true);
        triangle(7, 5, true);
        painter.drawRect(QRectF(12, 3, 2, 10));
        break;
    }
    return QIcon(pixmap);
}

} // namespace

void TracePanel::addTransportAction(QAction *action)
{
    auto *button = new QToolButton(this);
    button->setDefaultAction(action);
    button->setAutoRaise(true);
    // An icon when the action has one (its name and key in the tooltip): the timeline keeps the
    // row's width on a small screen.
    button->setToolButtonStyle(action->icon().isNull() ? Qt::ToolButtonTextOnly
                                                       : Qt::ToolButtonIconOnly);
    button->setAccessibleName(action->text().remove(QLatin1Char('&')).remove(QStringLiteral("…")));
    m_transport->addWidget(button);
}

TracePanel::TracePanel(TracePlayer *player, QWidget *parent)
    : QWidget(parent)
    , m_player(player)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);

    auto *transport = new QHBoxLayout;
    m_restart = transportButton(this, tr("Restart"), tr("Ctrl+R"));
    m_back = transportButton(this, tr("Step back"), tr("Left"));
    m_play = transportButton(this, tr("Play"), tr("Space"));
    m_forward = transportButton(this, tr("Step forward"), tr("Right"));
    m_end = transportButton(this, tr("Go to end"), tr("Ctrl+End"));
    for (QToolButton *button : {m_restart, m_back, m_play, m_forward, m_end})
        transport->addWidget(button);
    m_slider = new QSlider(Qt::Horizontal, this);
    m_slider->setAccessibleName(tr("Timeline"));
    m_slider->setToolTip(tr("Drag to scrub through the Query"));
    m_slider->setMinimumWidth(120);
    transport->addWidget(m_slider, 1);
    m_speed = new QComboBox(this);
    m_speed->setAccessibleName(tr("Speed"));
    for (double speed : {0.25, 0.5, 1.0, 2.0, 4.0})
        m_speed->addItem(QStringLiteral("%1×").arg(speed), speed);
    m_speed->setCurrentIndex(2);
    transport->addWidget(m_speed);
    m_stepLabel = new QLabel(this);
    m_stepLabel->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("Step 000/000")));
    transport->addWidget(m_stepLabel);
    layout->addLayout(transport);
    m_transport = transport;

    m_narration = new WrappedLabel(this);
    m_narration->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont big = m_narration->font();
    big.setPointSizeF(big.pointSizeF() * 1.15);
    m_narration->setFont(big);
    m_narration->setAccessibleName(tr("Narration"));
    layout->addWidget(m_narration);

    m_summary = new WrappedLabel(this);
    m_summary->setForegroundRole(QPalette::PlaceholderText);
    m_summary->setAccessibleName(tr("Summary"));
    layout->addWidget(m_summary);

    m_request = new QPlainTextEdit(this);
    m_request->setReadOnly(true);
    m_request->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_request->setAccessibleName(tr("Query"));
    m_request->setFrameShape(QFrame::NoFrame);
    m_request->setPlaceholderText(tr("Select an access pattern, or build a query, to see its "
                                     "traversal here."));
    // It scrolls, and yields its height to a narration of two lines before the panel grows
    // (which would move the collection's rows while a Query plays).
    m_request->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Ignored);
    layout->addWidget(m_request, 1);

    connect(m_restart, &QToolButton::clicked, m_player, &TracePlayer::restart);
    connect(m_back, &QToolButton::clicked, m_player, &TracePlayer::stepBack);
    connect(m_play, &QToolButton::clicked, m_player, &TracePlayer::togglePlayPause);
    connect(m_forward, &QToolButton::clicked, m_player, &TracePlayer::stepForward);
    connect(m_end, &QToolButton::clicked, m_player, &TracePlayer::goToEnd);
    connect(m_slider, &QSlider::sliderMoved, m_player,
            [this](int value) { m_player->seek(value); });
    connect(m_speed, &QComboBox::currentIndexChanged, m_player,
            [this](int index) { m_player->setSpeed(m_speed->itemData(index).toDouble()); });
    connect(m_player, &TracePlayer::currentTimeChanged, this, &TracePanel::updatePosition);
    connect(m_player, &TracePlayer::stepChanged, this, &TracePanel::updateStep);
    connect(m_player, &TracePlayer::playingChanged, this, &TracePanel::updatePlaying);
    setTimeline(nullptr);
    updateIcons();
}

void TracePanel::updateIcons()
{
    const QColor color = palette().color(QPalette::ButtonText);
    m_restart->setIcon(transportIcon(Glyph::Restart, color));
    m_back->setIcon(transportIcon(Glyph::StepBack, color));
    m_play->setIcon(transportIcon(m_playing ? Glyph::Pause : Glyph::Play, color));
    m_forward->setIcon(transportIcon(Glyph::StepForward, color));
    m_end->setIcon(transportIcon(Glyph::End, color));
}

void TracePanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange)
        updateIcons();
    QWidget::changeEvent(event);
}

void TracePanel::setRequestText(const QString &text)
{
    m_request->setPlainText(text);
}

void TracePanel::setTimeline(std::shared_ptr<const model::TraceTimeline> timeline)
{
    m_timeline = std::move(timeline);
    const bool any = m_timeline && m_timeline->stepCount() > 0;
    for (QWidget *w :
         std::initializer_list<QWidget *> {m_restart, m_back, m_play, m_forward, m_end, m_slider})
        w->setEnabled(any);
    {
        const QSignalBlocker blocker(m_slider);
        m_slider->setRange(0, any ? int(m_timeline->totalDuration()) : 0);
    }
    m_summary->setText(any ? m_timeline->summary().text : QString());
    if (!any) {
        m_narration->clear();
        m_stepLabel->clear();
    }
}

QString TracePanel::narration() const
{
    return m_narration->text();
}

void TracePanel::updatePosition(qint64 ms)
{
    const QSignalBlocker blocker(m_slider);
    m_slider->setValue(int(ms));
}

void TracePanel::updateStep(int index, const QString &narration)
{
    m_narration->setText(narration);
    if (m_timeline)
        m_stepLabel->setText(tr("Step %1/%2").arg(index + 1).arg(m_timeline->stepCount()));
}

void TracePanel::updatePlaying(bool playing)
{
    m_playing = playing;
    updateIcons();
    m_play->setAccessibleName(playing ? tr("Pause") : tr("Play"));
}

} // namespace keyscope::ui
