#pragma once

// Predict mode's questions, as plain data: a Lesson is one Query traversal (a TraceTimeline)
// turned into questions asked before its steps, each checked against the trace itself. The app
// asks them before each step; the HTML lesson page embeds them as lessonJson().

#include "model/query/tracetimeline.h"
#include "model/table/table.h"

#include <QJsonObject>
#include <QString>

#include <map>
#include <optional>
#include <vector>

namespace keyscope::model {

enum class QuestionKind : quint8 {
    KeyOrder,      // which of two keys of the collection sorts first
    ParentPlace,   // where the pattern's parent item lands among the results
    ProbeRow,      // which row the first seek probe lands on
    SeekDirection, // which way the binary search goes after a probe
    FirstRow,      // the row the sweep reads first
    NextRow,       // the row the cursor reads next (the direction of the sweep)
    Fate,          // what happens to the row the cursor reaches
    PageEnd,       // where the page ends and what LastEvaluatedKey is
};

// One answer a student can give. Ids are stable across runs of the same input:
//   "row:<n>"    a row of the collection (0-based position in the partition, ascending)
//   "left", "right"                                         SeekDirection
//   "returned", "filtered", "outside", "limit", "page"      Fate (model::ItemFate)
//   "first", "between", "last", "none"                      ParentPlace
//   "row:<n>" or "done" (no LastEvaluatedKey)               PageEnd
struct Choice
{
    QString id;
    QString text;               // what the button says
    std::optional<quint32> row; // the row this choice names, clickable in the collection
};

struct Question
{
    QuestionKind kind = QuestionKind::KeyOrder;
    QString prompt;
    std::vector<Choice> choices;
    QString answer;      // the right Choice::id
    QString explanation; // one sentence: the byte or number that decided it
    int step = 0;        // the timeline step this question is asked before
    // Rows the question is about (kept in view, never covered); choices' rows included.
    std::vector<quint32> rows;
    // KeyOrder only: the two keys as their rows, in the order the choices show them.
    std::optional<std::pair<quint32, quint32>> keyPair;
    QString trap; // KeyOrder only: "case", "padding", "timestamp", "hash" or "" (none)

    // Whether a choice id is the right answer. A row id that is no choice is a wrong answer.
    bool isRight(const QString &choiceId) const { return choiceId == answer; }
    const Choice *choice(const QString &id) const;
    // The choice naming a row, or null.
    const Choice *choiceForRow(quint32 row) const;
};

struct Lesson
{
    QString title;                   // "IoT: a device ... · Device and its 10 newest readings"
    std::vector<Question> questions; // in the order asked: by step, then as built
    int stepCount = 0;               // the timeline's steps

    // The questions asked before a step (indexes into questions).
    std::vector<int> questionsBefore(int step) const;
};

struct LessonOptions
{
    QString title;
    std::optional<qint64> limit; // the request's Limit, named by the fate questions
    int keyOrderQuestions = 3;   // at most this many "which sorts first" questions
};

// The questions for one traversal: ordering questions drawn from the queried collection and
// where the parent lands before the first step; then, before each step, what that step does.
// Deterministic: the same timeline and table give the same lesson.
Lesson makeLesson(const TraceTimeline &timeline, const Table &table,
                  const LessonOptions &options = {});

// Answers given so far. Recording an answer twice for one question counts it once (the first).
class Score
{
public:
    struct Tally
    {
        int answered = 0;
        int right = 0;
    };

    // Records a student's choice for question `index` of a lesson; returns whether it is right.
    bool record(const Lesson &lesson, int index, const QString &choiceId);
    bool hasAnswered(int index) const { return m_answers.count(index) != 0; }
    std::optional<QString> answerTo(int index) const;
    int answered() const { return m_total.answered; }
    int right() const { return m_total.right; }
    Tally tally(QuestionKind kind) const;
    // "7 of 9 right (78%). Which sorts first: 2 of 3 · Next row read: 1 of 1 · ..."
    QString summary() const;
    void clear();

private:
    std::map<int, QString> m_answers;
    std::map<QuestionKind, Tally> m_kinds;
    Tally m_total;
};

// Stable names of the kinds ("keyOrder", "parentPlace", "probeRow", "seekDirection", "firstRow",
// "nextRow", "fate", "pageEnd") and their words for people ("Which sorts first").
QString questionKindName(QuestionKind kind);
QString questionKindTitle(QuestionKind kind);

// The lesson as JSON for the HTML lesson page. Field names are stable:
//   { "format": "keyscope-lesson", "version": 1, "title": str, "stepCount": int,
//     "questions": [ { "id": "q1", "kind": questionKindName, "step": int, "prompt": str,
//                      "choices": [ { "id": str, "text": str, "row": int (only when it names
//                                     a row) } ],
//                      "answer": str, "explanation": str, "rows": [int],
//                      "keyPair": [int, int] (KeyOrder only), "trap": str (KeyOrder only) } ] }
// Steps are indexes into the TraceTimeline's steps; rows are 0-based positions in the queried
// collection, ascending key order. A question with "step": s is asked before step s plays.
QJsonObject lessonJson(const Lesson &lesson);

} // namespace keyscope::model
