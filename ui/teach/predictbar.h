#pragma once

#include "model/teach/lesson.h"

#include <QFrame>

#include <vector>

class QGridLayout;
class QLabel;
class QPushButton;

namespace keyscope::ui {

class KeyOrderExplainer;

// Predict mode's panel over the collection (a bar above the rows, so it never covers the rows a
// question asks about): the question, its choices as buttons, then the verdict in one sentence
// and the score. It only shows; PredictMode decides what.
class PredictBar : public QFrame
{
    Q_OBJECT

public:
    explicit PredictBar(QWidget *parent = nullptr);

    // A question waiting for its answer. heading: "Question 3 of 24 · Which way the seek goes".
    void showQuestion(const model::Question &question, const QString &heading,
                      const QString &score);
    // The verdict on the question shown: the choices stay, the chosen and the right one marked.
    void showVerdict(const model::Question &question, const QString &chosen, bool right,
                     const QString &score);
    // The traversal plays up to the next question (or the end).
    void showPlaying(const QString &text, const QString &score);
    // The lesson is over: the score summary and a way to start again.
    void showSummary(const QString &summary);

    // The byte explainer, shown under a "which sorts first" verdict.
    KeyOrderExplainer *explainer() const { return m_explainer; }

    // The choice the keyboard is on (-1 when the question has no choices showing).
    int highlighted() const { return m_highlighted; }
    void moveHighlight(int delta);
    QString highlightedChoice() const;

    QString heading() const;
    QString prompt() const;
    QString verdict() const;
    QString score() const;
    const std::vector<QPushButton *> &choiceButtons() const { return m_buttons; }

signals:
    void choiceClicked(const QString &choiceId);
    void continueClicked();
    void restartClicked();
    void leaveClicked();

protected:
    void keyPressEvent(QKeyEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void setChoices(const model::Question &question);
    void clearChoices();
    void setHighlighted(int index);
    void elideChoices();
    void elide(QPushButton *button);

    QLabel *m_heading = nullptr;
    QLabel *m_score = nullptr;
    QLabel *m_prompt = nullptr;
    QWidget *m_choiceBox = nullptr;
    QGridLayout *m_choiceGrid = nullptr;
    QLabel *m_verdict = nullptr;
    KeyOrderExplainer *m_explainer = nullptr;
    QPushButton *m_continue = nullptr;
    QPushButton *m_restart = nullptr;
    std::vector<QPushButton *> m_buttons;
    std::vector<QString> m_ids;
    int m_highlighted = -1;
};

} // namespace keyscope::ui
