#pragma once

#include "model/query/tracetimeline.h"
#include "model/table/table.h"
#include "model/teach/lesson.h"

#include <QObject>

#include <memory>

namespace keyscope::ui {

class CollectionView;
class PredictBar;
class TracePlayer;

// Playback > Predict: before each step of the traversal the player holds, PredictBar asks what
// happens next, the student answers (a choice, or a row of the collection view), the answer is
// checked against the trace, explained and scored, and the step plays. A lesson is the Query
// showing (the open design and the chosen pattern); a new Query starts a new lesson. Playback,
// predictions and the score are not edits: nothing here touches the document.
class PredictMode : public QObject
{
    Q_OBJECT

public:
    enum class State {
        Off,      // predict mode is off
        NoQuery,  // on, but no Query is showing
        Asking,   // a question waits for its answer
        Answered, // its verdict shows; Continue goes on
        Playing,  // the traversal plays up to the next question
        Done,     // the lesson is over: the score summary
    };

    PredictMode(TracePlayer *player, CollectionView *view, PredictBar *bar,
                QObject *parent = nullptr);

    // The Query showing (null: none). Starts the lesson again when predict mode is on.
    void setTrace(std::shared_ptr<const model::TraceTimeline> timeline,
                  std::shared_ptr<const model::Table> table, const model::LessonOptions &options);

    bool isActive() const { return m_state != State::Off; }
    State state() const { return m_state; }
    const model::Lesson &lesson() const { return m_lesson; }
    const model::Score &score() const { return m_score; }
    // The question asked or just answered; -1 when none.
    int currentQuestion() const;

public slots:
    void setActive(bool active);
    // Right / Page Down: the next choice while asking, else go on.
    void forward();
    // Left / Page Up: the previous choice while asking.
    void back();
    // Enter / Space: answer with the chosen choice while asking, else go on.
    void enter();
    void answer(const QString &choiceId);
    // The lesson from its first question, the score cleared.
    void restart();

signals:
    void activeChanged(bool active);
    void answered(int question, bool right);

private:
    void startLesson();
    void ask(int question);
    void goOn();
    void finish();
    void rowClicked(qsizetype row);
    void positionChanged(int step, double transition);
    // Holds the player at the settled state of m_holdStep (time 0 for -1).
    void pin();
    bool showsTraceCollection() const;
    QString scoreText() const;
    void showExplainer(const model::Question &question);

    TracePlayer *m_player;
    CollectionView *m_view;
    PredictBar *m_bar;
    std::shared_ptr<const model::TraceTimeline> m_timeline;
    std::shared_ptr<const model::Table> m_table;
    model::LessonOptions m_options;
    model::Lesson m_lesson;
    model::Score m_score;
    State m_state = State::Off;
    int m_next = 0; // the next question to ask
    static constexpr int kNoHold = -2;
    int m_holdStep = kNoHold; // the player may run up to this step's settled state
    bool m_pinning = false;
};

} // namespace keyscope::ui
