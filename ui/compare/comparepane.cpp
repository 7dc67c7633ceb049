#include "ui/compare/comparepane.h"

#include "model/query/tracetimeline.h"
#include "ui/collection/collectionpane.h"
#include "ui/collection/collectionview.h"
#include "ui/icons/statusicon.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QRegularExpression>
#include <QStyle>
#include <QVBoxLayout>

#include <algorithm>

namespace keyscope::ui {

namespace {

QLabel *textLabel(QWidget *parent, const QString &accessibleName)
{
    auto *label = new QLabel(parent);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setAccessibleName(accessibleName);
    return label;
}

// A one-line label that gives way to its neighbours: it shrinks to a few letters and ends
// what does not fit with "…" (the whole text in the tooltip), so the step counter beside it
// always has its room.
class ElidedLabel : public QLabel
{
public:
    using QLabel::QLabel;

    QSize minimumSizeHint() const override
    {
        QSize size = QLabel::minimumSizeHint();
        size.setWidth(
            std::min(size.width(), fontMetrics().horizontalAdvance(QStringLiteral("Wi…"))));
        return size;
    }

protected:
    void paintEvent(QPaintEvent *) override
    {
        QPainter painter(this);
        const QRect area = contentsRect();
        const QString shown = fontMetrics().elidedText(text(), Qt::ElideRight, area.width());
        setToolTip(shown == text() ? QString() : text());
        style()->drawItemText(&painter, area, int(alignment()), palette(), isEnabled(), shown,
                              foregroundRole());
    }
};

} // namespace

ComparePane::ComparePane(QWidget *parent)
    : QWidget(parent)
{
    m_layout = new QVBoxLayout(this);
    m_layout->setContentsMargins(0, 6, 0, 4);
    m_layout->setSpacing(2);

    auto *header = new QHBoxLayout;
    header->setContentsMargins(8, 0, 8, 0);
    m_title = new ElidedLabel(this);
    m_title->setAccessibleName(tr("Design"));
    m_subtitle = new ElidedLabel(this);
    m_subtitle->setAccessibleName(tr("Design file"));
    m_subtitle->setForegroundRole(QPalette::PlaceholderText);
    m_subtitle->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // A long file name gives way (clipped) before the step counter does.
    m_subtitle->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_step = new QLabel(this);
    m_step->setAccessibleName(tr("Step shown"));
    m_step->setForegroundRole(QPalette::PlaceholderText);
    header->addWidget(m_title);
    header->addSpacing(8);
    header->addWidget(m_subtitle, 1);
    header->addWidget(m_step);
    m_layout->addLayout(header);

    m_verdictRow = new QWidget(this);
    auto *verdictLayout = new QHBoxLayout(m_verdictRow);
    verdictLayout->setContentsMargins(8, 0, 8, 0);
    m_verdictIcon = new QLabel(m_verdictRow);
    m_verdict = textLabel(m_verdictRow, tr("Verdict"));
    verdictLayout->addWidget(m_verdictIcon, 0, Qt::AlignTop);
    verdictLayout->addWidget(m_verdict, 1);
    m_layout->addWidget(m_verdictRow);
    m_verdictRow->hide();

    m_message = textLabel(this, tr("Comparison message"));
    m_message->setContentsMargins(8, 4, 8, 4);
    m_message->hide();
    m_layout->addWidget(m_message);

    // The collection pane goes here (index 3).

    m_narration = textLabel(this, tr("Narration"));
    m_narration->setContentsMargins(8, 2, 8, 0);
    m_layout->addWidget(m_narration);
    m_summary = textLabel(this, tr("Summary"));
    m_summary->setContentsMargins(8, 0, 8, 0);
    m_summary->setForegroundRole(QPalette::PlaceholderText);
    m_layout->addWidget(m_summary);
    applyFonts();
}

void ComparePane::setCollectionPane(CollectionPane *pane)
{
    if (pane == m_pane)
        return;
    if (m_pane) {
        m_layout->removeWidget(m_pane);
        m_pane = nullptr;
    }
    m_pane = pane;
    if (m_pane) {
        m_layout->insertWidget(3, m_pane, 1);
        m_pane->show();
    }
    m_timelineStale = true;
    m_shownStep = -2;
    setPosition(m_playerStep, m_transition);
}

void ComparePane::setTitle(const QString &title, const QString &subtitle)
{
    m_title->setText(title);
    m_subtitle->setText(subtitle);
    setAccessibleName(tr("Design %1").arg(title));
}

QString ComparePane::title() const
{
    return m_title->text();
}

QString ComparePane::subtitle() const
{
    return m_subtitle->text();
}

void ComparePane::setVerdict(std::optional<bool> passed, const QString &explanation)
{
    m_passed = passed;
    m_explanation = explanation;
    m_verdictRow->setVisible(passed.has_value());
    if (!passed) {
        m_verdict->clear();
        return;
    }
    const int size = m_verdict->fontMetrics().height();
    m_verdictIcon->setPixmap(statusIcon(*passed ? StatusIconKind::Pass : StatusIconKind::Fail)
                                 .pixmap(QSize(size, size), devicePixelRatioF()));
    // The first sentence reads at a glance; the whole explanation is in the tooltip.
    static const QRegularExpression sentenceEnd(QStringLiteral("\\.\\s+(?=[A-Z])"));
    const QRegularExpressionMatch end = sentenceEnd.match(explanation);
    const QString first = end.hasMatch() ? explanation.left(end.capturedStart() + 1) : explanation;
    m_verdict->setText(first.isEmpty() ? (*passed ? tr("Passes.") : tr("Fails."))
                                       : (*passed ? tr("Passes: %1") : tr("Fails: %1")).arg(first));
    m_verdict->setToolTip(explanation);
}

QString ComparePane::verdict() const
{
    return m_verdict->text();
}

void ComparePane::setMessage(const QString &text)
{
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
}

QString ComparePane::message() const
{
    return m_message->text();
}

void ComparePane::timelineChanged()
{
    m_timelineStale = true;
    m_shownStep = -2;
    setPosition(m_playerStep, m_transition);
}

QString ComparePane::narration() const
{
    return m_narration->text();
}

QString ComparePane::summary() const
{
    return m_summary->text();
}

void ComparePane::setPosition(int stepIndex, double transition)
{
    m_playerStep = stepIndex;
    m_transition = transition;
    const model::TraceTimeline *timeline = m_pane ? m_pane->view()->timeline() : nullptr;
    if (timeline != m_timeline || m_timelineStale) {
        m_timeline = timeline;
        m_timelineStale = false;
        m_summary->setText(timeline ? timeline->summary().text : QString());
        m_shownStep = -2;
    }
    if (!timeline || timeline->stepCount() == 0) {
        showStep(-1);
        return;
    }
    const int last = timeline->stepCount() - 1;
    const int step = stepIndex < 0 ? -1 : std::min(stepIndex, last);
    m_pane->view()->setTimelineState(step, stepIndex > last ? 1.0 : transition);
    showStep(step);
}

void ComparePane::showStep(int step)
{
    const model::TraceTimeline *timeline = m_pane ? m_pane->view()->timeline() : nullptr;
    const bool finished = timeline && m_playerStep >= timeline->stepCount();
    if (step == m_shownStep && finished == m_shownFinished)
        return;
    m_shownStep = step;
    m_shownFinished = finished;
    if (!timeline || step < 0) {
        m_narration->clear();
        m_step->clear();
        return;
    }
    m_narration->setText(timeline->step(step).narration);
    m_step->setText(finished ? tr("Step %1 of %2 · done").arg(step + 1).arg(timeline->stepCount())
                             : tr("Step %1 of %2").arg(step + 1).arg(timeline->stepCount()));
}

void ComparePane::setPresenting(bool presenting)
{
    m_presenting = presenting;
    applyFonts();
}

void ComparePane::applyFonts()
{
    const double scale = m_presenting ? 1.6 : 1.0;
    QFont base = font();
    QFont title = base;
    title.setBold(true);
    title.setPointSizeF(base.pointSizeF() * 1.25 * scale);
    m_title->setFont(title);
    QFont narration = base;
    narration.setPointSizeF(base.pointSizeF() * 1.15 * scale);
    m_narration->setFont(narration);
    QFont small = base;
    small.setPointSizeF(base.pointSizeF() * scale);
    for (QLabel *label : {m_subtitle, m_step, m_verdict, m_message, m_summary})
        label->setFont(small);
    if (m_passed)
        setVerdict(m_passed, m_explanation);
}

} // namespace keyscope::ui
