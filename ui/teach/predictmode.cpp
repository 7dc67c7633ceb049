#include "ui/teach/predictmode.h"

#include "model/teach/collectionkeys.h"
#include "ui/animation/traceplayer.h"
#include "ui/collection/collectionview.h"
#include "ui/collection/keyorderexplainer.h"
#include "ui/teach/predictbar.h"

#include <QScopedValueRollback>

namespace keyscope::ui {

PredictMode::PredictMode(TracePlayer *player, CollectionView *view, PredictBar *bar,
                         QObject *parent)
    : QObject(parent)
    , m_player(player)
    , m_view(view)
    , m_bar(bar)
{
    connect(m_bar, &PredictBar::choiceClicked, this, &PredictMode::answer);
    connect(m_bar, &PredictBar::continueClicked, this, &PredictMode::goOn);
    connect(m_bar, &PredictBar::restartClicked, this, &PredictMode::restart);
    connect(m_bar, &PredictBar::leaveClicked, this, [this] { setActive(false); });
    connect(m_view, &CollectionView::rowClicked, this, &PredictMode::rowClicked);
    connect(m_player, &TracePlayer::positionChanged, this, &PredictMode::positionChanged);
}

void PredictMode::setTrace(std::shared_ptr<const model::TraceTimeline> timeline,
                           std::shared_ptr<const model::Table> table,
                           const model::LessonOptions &options)
{
    m_timeline = std::move(timeline);
    m_table = std::move(table);
    m_options = options;
    if (isActive())
        startLesson();
}

int PredictMode::currentQuestion() const
{
    if (m_state == State::Asking)
        return m_next;
    if (m_state == State::Answered)
        return m_next - 1;
    return -1;
}

void PredictMode::setActive(bool active)
{
    if (active == isActive())
        return;
    if (active) {
        m_state = State::NoQuery;
        startLesson();
    } else {
        m_state = State::Off;
        m_holdStep = kNoHold;
        m_bar->hide();
    }
    emit activeChanged(active);
}

void PredictMode::startLesson()
{
    m_score.clear();
    m_next = 0;
    m_holdStep = kNoHold;
    if (!m_timeline || !m_table || m_timeline->stepCount() == 0) {
        m_lesson = {};
        m_state = State::NoQuery;
        m_bar->showQuestion({}, tr("Predict"), {});
        m_bar->showPlaying(tr("Choose an access pattern (or run a Query) to predict its "
                              "traversal."),
                           {});
        return;
    }
    m_lesson = model::makeLesson(*m_timeline, *m_table, m_options);
    m_state = State::Playing;
    m_holdStep = -1;
    pin();
    goOn();
}

void PredictMode::restart()
{
    if (isActive())
        startLesson();
}

// The next question once the player stands just before its step; otherwise play up to there.
void PredictMode::goOn()
{
    if (m_state == State::NoQuery || m_state == State::Off)
        return;
    const int count = int(m_lesson.questions.size());
    const int hold = m_next < count ? m_lesson.questions[size_t(m_next)].step - 1
                                    : m_timeline->stepCount() - 1;
    const bool there = hold < 0
        ? m_player->currentTime() == 0
        : m_player->currentStep() == hold && m_player->currentTransition() >= 1.0;
    m_holdStep = hold;
    if (there || (hold >= 0 && m_player->currentStep() > hold)) {
        pin();
        m_next < count ? ask(m_next) : finish();
        return;
    }
    m_state = State::Playing;
    m_bar->showPlaying(m_next < count ? tr("Watch the traversal up to the next question\u2026")
                                      : tr("Watch the end of the traversal\u2026"),
                       scoreText());
    m_player->play();
}

void PredictMode::positionChanged(int step, double transition)
{
    const bool holding
        = m_state == State::Playing || m_state == State::Asking || m_state == State::Answered;
    if (m_pinning || !holding || m_holdStep == kNoHold)
        return;
    const bool reached = m_holdStep < 0
        ? m_player->currentTime() > 0
        : step > m_holdStep || (step == m_holdStep && transition >= 1.0);
    if (!reached)
        return;
    if (m_state == State::Playing) {
        pin();
        const int count = int(m_lesson.questions.size());
        m_next < count ? ask(m_next) : finish();
    } else if (step > m_holdStep || m_holdStep < 0) {
        pin(); // played or scrubbed past the question: back to where it is asked
    }
}

void PredictMode::pin()
{
    const QScopedValueRollback<bool> guard(m_pinning, true);
    m_player->pause();
    if (m_holdStep < 0)
        m_player->seek(0);
    else
        m_player->goToStep(m_holdStep);
}

void PredictMode::ask(int question)
{
    const model::Question &q = m_lesson.questions[size_t(question)];
    m_state = State::Asking;
    m_next = question;
    const QString heading = tr("Question %1 of %2 \u00b7 %3")
                                .arg(question + 1)
                                .arg(m_lesson.questions.size())
                                .arg(model::questionKindTitle(q.kind));
    m_bar->showQuestion(q, heading, scoreText());
    // The rows it asks about in view (not for "which sorts first": their places would tell).
    if (q.kind != model::QuestionKind::KeyOrder && !q.rows.empty() && showsTraceCollection())
        m_view->scrollToRow(qsizetype(q.rows.front()));
}

void PredictMode::answer(const QString &choiceId)
{
    if (m_state != State::Asking || choiceId.isEmpty())
        return;
    const int index = m_next;
    const model::Question &q = m_lesson.questions[size_t(index)];
    const bool right = m_score.record(m_lesson, index, choiceId);
    m_state = State::Answered;
    ++m_next;
    m_bar->showVerdict(q, choiceId, right, scoreText());
    showExplainer(q);
    emit answered(index, right);
}

// "Which sorts first" answered: the byte explainer shows why.
void PredictMode::showExplainer(const model::Question &question)
{
    if (question.kind != model::QuestionKind::KeyOrder || !question.keyPair)
        return;
    const model::CollectionKeys keys(*m_table, m_timeline->trace());
    const auto a = keys.value(question.keyPair->first);
    const auto b = keys.value(question.keyPair->second);
    if (!a || !b)
        return;
    m_bar->explainer()->setKeys(*a, *b);
    m_bar->explainer()->show();
}

void PredictMode::finish()
{
    m_state = State::Done;
    m_holdStep = kNoHold;
    m_bar->showSummary(m_score.summary());
}

void PredictMode::forward()
{
    if (m_state == State::Asking)
        m_bar->moveHighlight(1);
    else if (m_state == State::Answered)
        goOn();
}

void PredictMode::back()
{
    if (m_state == State::Asking)
        m_bar->moveHighlight(-1);
}

void PredictMode::enter()
{
    if (m_state == State::Asking)
        answer(m_bar->highlightedChoice());
    else if (m_state == State::Answered)
        goOn();
}

bool PredictMode::showsTraceCollection() const
{
    return m_timeline && m_view->indexName() == m_timeline->trace().indexName
        && m_view->partition() == m_timeline->trace().partitionKey;
}

// A row clicked answers a question whose choices are rows.
void PredictMode::rowClicked(qsizetype row)
{
    if (m_state != State::Asking || row < 0 || !showsTraceCollection())
        return;
    const model::Question &q = m_lesson.questions[size_t(m_next)];
    const bool rowsAnswer = std::any_of(q.choices.begin(), q.choices.end(),
                                        [](const model::Choice &c) { return c.row.has_value(); });
    if (rowsAnswer)
        answer(QStringLiteral("row:%1").arg(row));
}

QString PredictMode::scoreText() const
{
    return tr("Score %1 of %2").arg(m_score.right()).arg(m_score.answered());
}

} // namespace keyscope::ui
