#pragma once

#include "model/teach/collectionkeys.h"
#include "model/teach/lesson.h"

#include <vector>

namespace keyscope::model {

// The questions asked before the steps of a traversal: the parent's place before the first step,
// then one (or two) per step, each answered from the trace.
class TraceQuestions
{
public:
    TraceQuestions(const TraceTimeline &timeline, const CollectionKeys &keys,
                   const LessonOptions &options);
    std::vector<Question> build() const;

private:
    std::optional<Question> parentPlace() const;
    Question probeRow(int step, const SeekProbe &probe) const;
    Question seekDirection(int step, const SeekProbe &probe) const;
    Question firstRow(int step) const;
    Question nextRow(int step, quint32 from, quint32 to) const;
    Question fate(int step, const TraceVisit &visit) const;
    Question pageEnd(int step) const;
    void addStepQuestions(int step, std::vector<Question> &out) const;
    bool fateWorthAsking(int visitIndex) const;

    // What the seek looks for, as a value and in words.
    std::optional<AttributeValue> seekTargetValue() const;
    QString seekTargetWords() const;
    QString fateExplanation(const TraceVisit &visit) const;
    QString outsideExplanation(const TraceVisit &visit) const;
    // Row choices: the answer and the other rows given, existing and distinct, ascending.
    std::vector<Choice> rowChoices(std::vector<quint32> rows) const;
    QString directionWords() const;

    const TraceTimeline &m_timeline;
    const QueryTrace &m_trace;
    const CollectionKeys &m_keys;
    const LessonOptions &m_options;
};

} // namespace keyscope::model
