#include "model/teach/lesson.h"

#include "model/teach/orderquestions.h"
#include "model/teach/tracequestions.h"

#include <QJsonArray>

namespace keyscope::model {

const Choice *Question::choice(const QString &id) const
{
    for (const Choice &c : choices) {
        if (c.id == id)
            return &c;
    }
    return nullptr;
}

const Choice *Question::choiceForRow(quint32 row) const
{
    for (const Choice &c : choices) {
        if (c.row == row)
            return &c;
    }
    return nullptr;
}

std::vector<int> Lesson::questionsBefore(int step) const
{
    std::vector<int> indexes;
    for (int i = 0; i < int(questions.size()); ++i) {
        if (questions[size_t(i)].step == step)
            indexes.push_back(i);
    }
    return indexes;
}

Lesson makeLesson(const TraceTimeline &timeline, const Table &table, const LessonOptions &options)
{
    Lesson lesson;
    lesson.title = options.title;
    lesson.stepCount = timeline.stepCount();
    if (timeline.stepCount() == 0)
        return lesson;
    const CollectionKeys keys(table, timeline.trace());
    lesson.questions = keyOrderQuestions(keys, options.keyOrderQuestions);
    std::vector<Question> steps = TraceQuestions(timeline, keys, options).build();
    lesson.questions.insert(lesson.questions.end(), std::make_move_iterator(steps.begin()),
                            std::make_move_iterator(steps.end()));
    return lesson;
}

QString questionKindName(QuestionKind kind)
{
    switch (kind) {
    case QuestionKind::KeyOrder:
        return QStringLiteral("keyOrder");
    case QuestionKind::ParentPlace:
        return QStringLiteral("parentPlace");
    case QuestionKind::ProbeRow:
        return QStringLiteral("probeRow");
    case QuestionKind::SeekDirection:
        return QStringLiteral("seekDirection");
    case QuestionKind::FirstRow:
        return QStringLiteral("firstRow");
    case QuestionKind::NextRow:
        return QStringLiteral("nextRow");
    case QuestionKind::Fate:
        return QStringLiteral("fate");
    case QuestionKind::PageEnd:
        return QStringLiteral("pageEnd");
    }
    return {};
}

QString questionKindTitle(QuestionKind kind)
{
    switch (kind) {
    case QuestionKind::KeyOrder:
        return QStringLiteral("Which sorts first");
    case QuestionKind::ParentPlace:
        return QStringLiteral("Where the parent sits");
    case QuestionKind::ProbeRow:
        return QStringLiteral("Where the probe lands");
    case QuestionKind::SeekDirection:
        return QStringLiteral("Which way the seek goes");
    case QuestionKind::FirstRow:
        return QStringLiteral("First row read");
    case QuestionKind::NextRow:
        return QStringLiteral("Next row read");
    case QuestionKind::Fate:
        return QStringLiteral("What happens to a row");
    case QuestionKind::PageEnd:
        return QStringLiteral("Where the page ends");
    }
    return {};
}

bool Score::record(const Lesson &lesson, int index, const QString &choiceId)
{
    if (index < 0 || index >= int(lesson.questions.size()))
        return false;
    const Question &q = lesson.questions[size_t(index)];
    const bool right = q.isRight(choiceId);
    if (m_answers.count(index))
        return right;
    m_answers.emplace(index, choiceId);
    Tally &kind = m_kinds[q.kind];
    ++kind.answered;
    ++m_total.answered;
    if (right) {
        ++kind.right;
        ++m_total.right;
    }
    return right;
}

std::optional<QString> Score::answerTo(int index) const
{
    const auto it = m_answers.find(index);
    if (it == m_answers.end())
        return std::nullopt;
    return it->second;
}

Score::Tally Score::tally(QuestionKind kind) const
{
    const auto it = m_kinds.find(kind);
    return it == m_kinds.end() ? Tally {} : it->second;
}

QString Score::summary() const
{
    if (m_total.answered == 0)
        return QStringLiteral("No questions answered.");
    QString text = QStringLiteral("%1 of %2 right (%3%).")
                       .arg(m_total.right)
                       .arg(m_total.answered)
                       .arg(qRound(100.0 * m_total.right / m_total.answered));
    QStringList kinds;
    for (const auto &[kind, tally] : m_kinds)
        kinds << QStringLiteral("%1: %2 of %3")
                     .arg(questionKindTitle(kind))
                     .arg(tally.right)
                     .arg(tally.answered);
    return text + u' ' + kinds.join(QStringLiteral(" \u00b7 ")) + u'.';
}

void Score::clear()
{
    m_answers.clear();
    m_kinds.clear();
    m_total = {};
}

namespace {

QJsonObject choiceJson(const Choice &choice)
{
    QJsonObject object {{QStringLiteral("id"), choice.id}, {QStringLiteral("text"), choice.text}};
    if (choice.row)
        object.insert(QStringLiteral("row"), qint64(*choice.row));
    return object;
}

QJsonObject questionJson(const Question &q, int index)
{
    QJsonArray choices;
    for (const Choice &c : q.choices)
        choices.append(choiceJson(c));
    QJsonArray rows;
    for (quint32 row : q.rows)
        rows.append(qint64(row));
    QJsonObject object {{QStringLiteral("id"), QStringLiteral("q%1").arg(index + 1)},
                        {QStringLiteral("kind"), questionKindName(q.kind)},
                        {QStringLiteral("step"), q.step},
                        {QStringLiteral("prompt"), q.prompt},
                        {QStringLiteral("choices"), choices},
                        {QStringLiteral("answer"), q.answer},
                        {QStringLiteral("explanation"), q.explanation},
                        {QStringLiteral("rows"), rows}};
    if (q.keyPair) {
        object.insert(QStringLiteral("keyPair"),
                      QJsonArray {qint64(q.keyPair->first), qint64(q.keyPair->second)});
        object.insert(QStringLiteral("trap"), q.trap);
    }
    return object;
}

} // namespace

QJsonObject lessonJson(const Lesson &lesson)
{
    QJsonArray questions;
    for (int i = 0; i < int(lesson.questions.size()); ++i)
        questions.append(questionJson(lesson.questions[size_t(i)], i));
    return QJsonObject {{QStringLiteral("format"), QStringLiteral("keyscope-lesson")},
                        {QStringLiteral("version"), 1},
                        {QStringLiteral("title"), lesson.title},
                        {QStringLiteral("stepCount"), lesson.stepCount},
                        {QStringLiteral("questions"), questions}};
}

} // namespace keyscope::model
