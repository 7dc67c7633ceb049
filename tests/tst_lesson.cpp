// Predict mode's questions (model/teach/lesson.h) for every built-in example's access patterns:
// each answer is checked against the trace the engine recorded, not against the lesson's own
// reasoning, and each explanation names the byte or number that decided it.

#include "model/design/designrun.h"
#include "model/teach/lesson.h"
#include "model/teach/orderquestions.h"
#include "tests/support/fixtures.h"
#include "tests/support/testpaths.h"

#include <QDirIterator>
#include <QRegularExpression>
#include <QTest>

using namespace keyscope::model;

namespace {

const QString kExamplesDir = keyscope::testsupport::sourcePath("/resources/examples/");

QStringList exampleFiles()
{
    QStringList files;
    QDirIterator it(kExamplesDir, {QStringLiteral("*.keyscope.json")}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        files << QDir(kExamplesDir).relativeFilePath(it.next());
    files.sort();
    return files;
}

// One pattern of one example, run.
struct PatternRun
{
    PreparedDesign design;
    DesignAnswer answer;
    std::shared_ptr<const TraceTimeline> timeline;
    Lesson lesson;
};

std::vector<PatternRun> runExample(const QString &file)
{
    const Project project = keyscope::testsupport::readProject(kExamplesDir + file);
    auto prepared = DesignRun::prepare(project);
    if (auto *e = std::get_if<DesignRunError>(&prepared))
        qFatal("%s: %s", qPrintable(file), qPrintable(e->message));
    const PreparedDesign design = std::get<PreparedDesign>(prepared);
    std::vector<PatternRun> runs;
    for (const AccessPattern &pattern : project.accessPatterns) {
        auto ran = DesignRun::pattern(project, design, pattern);
        if (std::holds_alternative<DesignRunError>(ran))
            continue;
        PatternRun run {design, std::get<DesignAnswer>(ran), {}, {}};
        run.timeline = DesignRun::timeline(*design.table, run.answer, false);
        run.lesson = makeLesson(*run.timeline, *design.table,
                                {file + u' ' + pattern.name, run.answer.request.limit, 3});
        runs.push_back(std::move(run));
    }
    return runs;
}

// The sort key of a row of the queried collection.
AttributeValue rowKey(const PatternRun &run, quint32 row)
{
    const QueryTrace &trace = run.timeline->trace();
    const IndexStore *store = run.design.table->store(trace.indexName);
    const Partition *partition = store->findPartition(trace.partitionKey);
    return run.design.table->attribute(partition->entries[row].item,
                                       store->keys().range.front().name);
}

quint32 rowOfId(const QString &id)
{
    return id.mid(4).toUInt();
}

QString fateId(ItemFate fate)
{
    switch (fate) {
    case ItemFate::Returned:
        return QStringLiteral("returned");
    case ItemFate::Filtered:
        return QStringLiteral("filtered");
    case ItemFate::OutsideRange:
        return QStringLiteral("outside");
    case ItemFate::LimitReached:
        return QStringLiteral("limit");
    case ItemFate::PageFull:
        return QStringLiteral("page");
    }
    return {};
}

// The 1-based byte where two byte strings first differ, counted here, not by the model.
int firstDifferingByte(const QByteArray &a, const QByteArray &b)
{
    for (int i = 0; i < std::min(a.size(), b.size()); ++i) {
        if (a[i] != b[i])
            return i + 1;
    }
    return 0;
}

// Whether a sentence names what decided an order: the first differing byte, a prefix, equal keys,
// or numbers by value (model::explainKeyOrder's forms).
bool namesTheDecider(const QString &sentence)
{
    static const QRegularExpression decider(
        QStringLiteral("at byte \\d+, .+ < |is a prefix of it|are the same key|numbers compare "
                       "by value"));
    return decider.match(sentence).hasMatch();
}

} // namespace

class TestLesson : public QObject
{
    Q_OBJECT

private slots:
    void everyPattern_data();
    void everyPattern();
    void answersAgreeWithTrace_data() { everyPattern_data(); }
    void answersAgreeWithTrace();
    void keyOrderNamesTheDecidingByte_data() { everyPattern_data(); }
    void keyOrderNamesTheDecidingByte();
    void trapsOfTheExamples_data();
    void trapsOfTheExamples();
    void keyTraps_data();
    void keyTraps();
    void deterministicJson();
    void score();
};

void TestLesson::everyPattern_data()
{
    QTest::addColumn<QString>("file");
    for (const QString &file : exampleFiles())
        QTest::newRow(qPrintable(file)) << file;
}

// Every pattern gets questions; every question has its answer among its choices, distinct
// choice ids, a prompt and an explanation, and precedes a step of its timeline.
void TestLesson::everyPattern()
{
    QFETCH(QString, file);
    const auto runs = runExample(file);
    QVERIFY2(!runs.empty(), qPrintable(file + QStringLiteral(": no pattern runs")));
    for (const PatternRun &run : runs) {
        const Lesson &lesson = run.lesson;
        QVERIFY2(lesson.questions.size() >= 3, qPrintable(lesson.title));
        for (const Question &q : lesson.questions) {
            const QString where = lesson.title + QStringLiteral(": ") + q.prompt;
            QVERIFY2(q.choice(q.answer), qPrintable(where));
            QVERIFY2(q.choices.size() >= 2, qPrintable(where));
            QSet<QString> ids;
            for (const Choice &c : q.choices)
                ids.insert(c.id);
            QCOMPARE(ids.size(), qsizetype(q.choices.size()));
            QVERIFY2(!q.prompt.isEmpty() && !q.explanation.isEmpty(), qPrintable(where));
            QVERIFY2(q.step >= 0 && q.step < run.timeline->stepCount(), qPrintable(where));
        }
    }
}

// Each answer is what the trace did at the step the question precedes.
void TestLesson::answersAgreeWithTrace()
{
    QFETCH(QString, file);
    for (const PatternRun &run : runExample(file)) {
        const QueryTrace &trace = run.timeline->trace();
        QSet<QuestionKind> kinds;
        for (const Question &q : run.lesson.questions) {
            kinds.insert(q.kind);
            const TimelineStep &step = run.timeline->step(q.step);
            const QString where = run.lesson.title + QStringLiteral(": ") + q.prompt;
            switch (q.kind) {
            case QuestionKind::ProbeRow:
                QCOMPARE(rowOfId(q.answer), trace.probes[size_t(step.probeIndex)].position);
                break;
            case QuestionKind::SeekDirection:
                QCOMPARE(q.answer == QStringLiteral("right"),
                         trace.probes[size_t(step.probeIndex)].wentRight);
                QVERIFY2(q.explanation.endsWith(QStringLiteral("go ") + q.answer)
                             || q.explanation.endsWith(QStringLiteral("goes ") + q.answer),
                         qPrintable(where + QStringLiteral(" / ") + q.explanation));
                // A seek for a value says which byte put the probe's row before or after it;
                // one for an end of the partition needs no byte ("Seek: ... < the end of ...").
                QVERIFY2(q.explanation.startsWith(QStringLiteral("Seek: "))
                             ? q.explanation.contains(QStringLiteral(" the "))
                             : namesTheDecider(q.explanation),
                         qPrintable(q.explanation));
                break;
            case QuestionKind::FirstRow:
                QCOMPARE(rowOfId(q.answer), trace.visits.front().position);
                break;
            case QuestionKind::NextRow:
                QCOMPARE(rowOfId(q.answer), trace.visits[size_t(step.visitIndex)].position);
                break;
            case QuestionKind::Fate: {
                const TraceVisit &visit = trace.visits[size_t(step.visitIndex)];
                QCOMPARE(q.answer, fateId(visit.fate));
                if (visit.fate == ItemFate::Returned)
                    QVERIFY2(q.explanation.endsWith(
                                 QStringLiteral("result #%1").arg(visit.resultNumber)),
                             qPrintable(q.explanation));
                if (visit.fate == ItemFate::OutsideRange && trace.sortCondition
                    && trace.sortCondition->value.type() == AttributeValue::Type::S)
                    QVERIFY2(namesTheDecider(q.explanation), qPrintable(q.explanation));
                if (visit.fate == ItemFate::LimitReached)
                    QVERIFY2(q.explanation.startsWith(
                                 QStringLiteral("Limit %1:").arg(*run.answer.request.limit)),
                             qPrintable(q.explanation));
                break;
            }
            case QuestionKind::PageEnd:
                QCOMPARE(step.kind, TimelineStep::Kind::Stop);
                QCOMPARE(q.answer == QStringLiteral("done"), !run.answer.response.lastEvaluatedKey);
                if (trace.lastEvaluatedPosition)
                    QCOMPARE(rowOfId(q.answer), *trace.lastEvaluatedPosition);
                break;
            case QuestionKind::ParentPlace: {
                const auto &ids = run.answer.response.itemIds;
                const auto it = std::find(ids.begin(), ids.end(), *run.answer.parentItem);
                const QString expected = it == ids.end() ? QStringLiteral("none")
                    : it == ids.begin()                  ? QStringLiteral("first")
                    : it + 1 == ids.end()                ? QStringLiteral("last")
                                                         : QStringLiteral("between");
                QCOMPARE(q.answer, expected);
                QCOMPARE(q.step, 0);
                break;
            }
            case QuestionKind::KeyOrder:
                QCOMPARE(q.step, 0);
                break;
            }
        }
        // A page that read rows asks where it starts, what happens to rows, and where it ends.
        if (!trace.visits.empty()) {
            // A collection of one row leaves nothing to guess about where the sweep starts.
            QCOMPARE(kinds.contains(QuestionKind::FirstRow), trace.partitionSize > 1);
            QVERIFY(kinds.contains(QuestionKind::Fate));
        }
        if (trace.partitionFound)
            QVERIFY(kinds.contains(QuestionKind::PageEnd));
        if (!trace.probes.empty())
            QVERIFY(kinds.contains(QuestionKind::SeekDirection));
        if (trace.visits.size() > 1)
            QVERIFY(kinds.contains(QuestionKind::NextRow));
    }
}

// "Which sorts first": the answer sorts first in DynamoDB's order, and the explanation names
// the first byte where the two differ (or says why no byte decides).
void TestLesson::keyOrderNamesTheDecidingByte()
{
    QFETCH(QString, file);
    static const QRegularExpression byteAt(QStringLiteral(": at byte (\\d+), (.+) < (.+)$"));
    for (const PatternRun &run : runExample(file)) {
        for (const Question &q : run.lesson.questions) {
            if (q.kind != QuestionKind::KeyOrder)
                continue;
            QVERIFY(q.keyPair);
            const quint32 right = rowOfId(q.answer);
            const quint32 other = q.keyPair->first == right ? q.keyPair->second : q.keyPair->first;
            const AttributeValue a = rowKey(run, right);
            const AttributeValue b = rowKey(run, other);
            QVERIFY2(AttributeValue::compareKeys(a, b) < 0, qPrintable(q.explanation));
            if (a.type() == AttributeValue::Type::N) {
                QVERIFY(q.explanation.endsWith(QStringLiteral("numbers compare by value")));
                continue;
            }
            const int at = firstDifferingByte(a.bytes(), b.bytes());
            if (at == 0) {
                QVERIFY(q.explanation.endsWith(QStringLiteral("it is a prefix of it")));
                continue;
            }
            const auto m = byteAt.match(q.explanation);
            QVERIFY2(m.hasMatch(), qPrintable(q.explanation));
            QCOMPARE(m.captured(1).toInt(), at);
            const QString hex = QStringLiteral("0x%1")
                                    .arg(quint8(a.bytes()[at - 1]), 2, 16, QLatin1Char('0'))
                                    .toUpper()
                                    .replace(QStringLiteral("0X"), QStringLiteral("0x"));
            QVERIFY2(m.captured(2).contains(hex), qPrintable(q.explanation + u' ' + hex));
        }
    }
}

void TestLesson::trapsOfTheExamples_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("trap");
    QTest::addColumn<QString>("byte"); // a byte the explanation must name
    QTest::newRow("iot after: '#' before 'D'") << "iot/after.keyscope.json"
                                               << "hash"
                                               << "'#'";
    QTest::newRow("case before: upper before lower") << "case/before.keyscope.json"
                                                     << "case"
                                                     << "";
    QTest::newRow("padding before: 19 before 2") << "padding/before.keyscope.json"
                                                 << "padding"
                                                 << "";
    QTest::newRow("timestamps before: Nov before Oct") << "timestamps/before.keyscope.json"
                                                       << "timestamp"
                                                       << "";
}

// The examples' own traps are among the ordering questions.
void TestLesson::trapsOfTheExamples()
{
    QFETCH(QString, file);
    QFETCH(QString, trap);
    QFETCH(QString, byte);
    bool found = false;
    for (const PatternRun &run : runExample(file)) {
        for (const Question &q : run.lesson.questions) {
            if (q.kind != QuestionKind::KeyOrder || q.trap != trap)
                continue;
            found = true;
            QVERIFY2(q.explanation.contains(byte), qPrintable(q.explanation));
            const AttributeValue a = rowKey(run, q.keyPair->first);
            const AttributeValue b = rowKey(run, q.keyPair->second);
            QCOMPARE(keyTrapName(keyTrap(a, b)), trap);
        }
    }
    QVERIFY2(found, qPrintable(file + QStringLiteral(" asks no '") + trap + u'\''));
}

void TestLesson::keyTraps_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<QString>("trap");
    QTest::newRow("hash") << "#READING#2024"
                          << "DEVICE#d-0001"
                          << "hash";
    QTest::newRow("case") << "DeBrie"
                          << "Dean"
                          << "case";
    QTest::newRow("case, other order") << "Dean"
                                       << "DeBrie"
                                       << "case";
    QTest::newRow("same case") << "Dean"
                               << "Dern"
                               << "";
    QTest::newRow("upper before later lower") << "Apple"
                                              << "banana"
                                              << "";
    QTest::newRow("padding") << "POST#19"
                             << "POST#2"
                             << "padding";
    QTest::newRow("padded") << "POST#00019"
                            << "POST#00002"
                            << "";
    QTest::newRow("same width") << "POST#18"
                                << "POST#19"
                                << "";
    QTest::newRow("display date") << "EVENT#Nov 2, 2023"
                                  << "EVENT#Oct 20, 2023"
                                  << "timestamp";
    QTest::newRow("iso date") << "EVENT#2023-11-02"
                              << "EVENT#2023-10-20"
                              << "";
    QTest::newRow("prefix") << "TASK"
                            << "TASKNOTE"
                            << "";
}

void TestLesson::keyTraps()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(QString, trap);
    QCOMPARE(keyTrapName(keyTrap(AttributeValue::string(a), AttributeValue::string(b))), trap);
}

void TestLesson::deterministicJson()
{
    const auto first = runExample(QStringLiteral("iot/after.keyscope.json"));
    const auto second = runExample(QStringLiteral("iot/after.keyscope.json"));
    QCOMPARE(first.size(), second.size());
    for (size_t i = 0; i < first.size(); ++i) {
        const QJsonObject json = lessonJson(first[i].lesson);
        QCOMPARE(QJsonDocument(json).toJson(),
                 QJsonDocument(lessonJson(second[i].lesson)).toJson());
        QCOMPARE(json.value(u"format").toString(), QStringLiteral("keyscope-lesson"));
        QCOMPARE(json.value(u"stepCount").toInt(), first[i].timeline->stepCount());
        const QJsonArray questions = json.value(u"questions").toArray();
        QCOMPARE(questions.size(), qsizetype(first[i].lesson.questions.size()));
        for (const QJsonValue &v : questions) {
            const QJsonObject q = v.toObject();
            for (const char *field :
                 {"id", "kind", "step", "prompt", "choices", "answer", "explanation", "rows"})
                QVERIFY2(q.contains(QLatin1String(field)), field);
            bool answerIsChoice = false;
            for (const QJsonValue &c : q.value(u"choices").toArray())
                answerIsChoice |= c.toObject().value(u"id") == q.value(u"answer");
            QVERIFY(answerIsChoice);
        }
    }
}

// Right and wrong answers are counted per kind; a second answer to one question does not count.
void TestLesson::score()
{
    const auto runs = runExample(QStringLiteral("iot/after.keyscope.json"));
    const Lesson &lesson = runs.front().lesson;
    Score score;
    QCOMPARE(score.summary(), QStringLiteral("No questions answered."));
    const Question &q0 = lesson.questions[0];
    QVERIFY(score.record(lesson, 0, q0.answer));
    QVERIFY(!score.record(lesson, 1, QStringLiteral("row:999999")));
    QVERIFY(score.record(lesson, 1, lesson.questions[1].answer)); // right now, but counted wrong
    QCOMPARE(score.answered(), 2);
    QCOMPARE(score.right(), 1);
    QCOMPARE(score.answerTo(1), QStringLiteral("row:999999"));
    const Score::Tally tally = score.tally(q0.kind);
    QCOMPARE(tally.right, 1);
    QCOMPARE(tally.answered, lesson.questions[1].kind == q0.kind ? 2 : 1);
    QVERIFY2(score.summary().startsWith(QStringLiteral("1 of 2 right (50%).")),
             qPrintable(score.summary()));
    score.clear();
    QCOMPARE(score.answered(), 0);
}

QTEST_GUILESS_MAIN(TestLesson)
#include "tst_lesson.moc"
