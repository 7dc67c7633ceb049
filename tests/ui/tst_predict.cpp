// Playback > Predict in the main window: for every built-in example, the questions before the
// steps are answered right and wrong (with the mouse, the keyboard, or a row of the collection),
// and the verdict, its explanation and the score are what a student sees.

#include "../support/manualclock.h"
#include "model/teach/lesson.h"
#include "tests/support/testpaths.h"
#include "ui/animation/traceplayer.h"
#include "ui/collection/collectionlayout.h"
#include "ui/collection/collectionpane.h"
#include "ui/collection/collectionview.h"
#include "ui/collection/keyorderexplainer.h"
#include "ui/document/document.h"
#include "ui/settings/settings.h"
#include "ui/shell/mainwindow.h"
#include "ui/teach/predictbar.h"
#include "ui/teach/predictmode.h"

#include <QAction>
#include <QApplication>
#include <QDirIterator>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace keyscope;
using keyscope::testsupport::ManualClock;
using State = ui::PredictMode::State;

namespace {

const QString kExamples = keyscope::testsupport::sourcePath("/resources/examples");

class TestWindow : public ui::MainWindow
{
public:
    using ui::MainWindow::MainWindow;
    QStringList errors;

protected:
    QMessageBox::StandardButton askSaveChanges() override { return QMessageBox::Discard; }
    void showError(const QString &title, const QString &text) override
    {
        errors << title + QStringLiteral(": ") + text;
    }
};

bool settle(ui::Document *document)
{
    return QTest::qWaitFor(
        [&] { return !document->isBusy() && document->resultsRevision() == document->revision(); },
        10000);
}

QAction *action(const QWidget &window, const char *name)
{
    return window.findChild<QAction *>(QString::fromLatin1(name));
}

QStringList exampleFiles()
{
    QStringList files;
    QDirIterator it(kExamples, {QStringLiteral("*.keyscope.json")}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        files << QDir(kExamples).relativeFilePath(it.next());
    files.sort();
    return files;
}

// A choice of the question that is not its answer.
QString wrongChoice(const model::Question &q)
{
    for (const model::Choice &c : q.choices) {
        if (c.id != q.answer)
            return c.id;
    }
    return {};
}

} // namespace

class TestPredict : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init();
    void cleanup();
    void everyExampleRightAndWrong_data();
    void everyExampleRightAndWrong();
    void keyboardOnly();
    void enterInATextFieldIsNoAnswer();
    void rowOfTheCollectionAnswers();
    void orderAnswerShowsTheByteExplainer();
    void traversalWaitsForTheAnswer();
    void predictionsAreNotEdits();
    void barNeverWidensTheWindow();
    void glidingStepsLandBeforeEachQuestion();
    void byteExplainerFitsTheSmallestWindow();

private:
    std::unique_ptr<TestWindow> openExample(const QString &file);
    // Plays the traversal (on the manual clock) until predict mode stops asking for time.
    static bool waitForQuestionOrEnd(ui::PredictMode &predict, ManualClock &clock);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ui::Settings> m_settings;
};

void TestPredict::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_settings = std::make_unique<ui::Settings>(m_dir->filePath(QStringLiteral("settings.ini")));
    m_settings->setReducedMotion(true);
}

void TestPredict::cleanup()
{
    m_settings.reset();
    m_dir.reset();
}

std::unique_ptr<TestWindow> TestPredict::openExample(const QString &file)
{
    auto window = std::make_unique<TestWindow>(m_settings.get(), kExamples);
    window->autosaver()->setRecoveryPath(m_dir->filePath(QStringLiteral("recovery.json")));
    window->resize(1280, 800);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()) || !window->openExample(kExamples + u'/' + file)
        || !settle(window->document()))
        return nullptr;
    return window;
}

bool TestPredict::waitForQuestionOrEnd(ui::PredictMode &predict, ManualClock &clock)
{
    for (int i = 0; i < 2000 && predict.state() == State::Playing; ++i)
        clock.advanceBy(100);
    return predict.state() == State::Asking || predict.state() == State::Done;
}

void TestPredict::everyExampleRightAndWrong_data()
{
    QTest::addColumn<QString>("file");
    for (const QString &file : exampleFiles())
        QTest::newRow(qPrintable(file)) << file;
}

// Every question of the first pattern's lesson, answered right and wrong in turn: the verdict
// says which and gives the explanation, the score counts, and the summary ends the lesson.
void TestPredict::everyExampleRightAndWrong()
{
    QFETCH(QString, file);
    ManualClock clock;
    auto window = openExample(file);
    QVERIFY(window);
    auto *predict = window->findChild<ui::PredictMode *>();
    auto *bar = window->findChild<ui::PredictBar *>();
    QVERIFY(predict && bar);
    QVERIFY(!bar->isVisible());
    action(*window, "actionPredict")->trigger();
    QVERIFY(bar->isVisible());
    const model::Lesson &lesson = predict->lesson();
    QVERIFY2(!lesson.questions.empty(), qPrintable(file));
    QVERIFY(waitForQuestionOrEnd(*predict, clock));

    int right = 0;
    for (int asked = 0; predict->state() == State::Asking; ++asked) {
        const int index = predict->currentQuestion();
        QCOMPARE(index, asked);
        const model::Question &q = lesson.questions[size_t(index)];
        QCOMPARE(bar->prompt(), q.prompt);
        QVERIFY(bar->heading().startsWith(
            QStringLiteral("Question %1 of %2").arg(index + 1).arg(lesson.questions.size())));
        // The player stands before the question's step: that step has not played yet.
        auto *player = window->findChild<ui::TracePlayer *>();
        QVERIFY2(q.step == 0 ? player->currentTime() == 0 : player->currentStep() == q.step - 1,
                 qPrintable(QStringLiteral("question %1 at step %2, player at %3")
                                .arg(index)
                                .arg(q.step)
                                .arg(player->currentStep())));
        const bool answerRight = index % 2 == 0;
        const QString choice = answerRight ? q.answer : wrongChoice(q);
        // Clicked on its button.
        QPushButton *button = nullptr;
        for (size_t i = 0; i < q.choices.size(); ++i) {
            if (q.choices[i].id == choice)
                button = bar->choiceButtons()[i];
        }
        QVERIFY(button);
        QTest::mouseClick(button, Qt::LeftButton);
        QCOMPARE(predict->state(), State::Answered);
        right += answerRight ? 1 : 0;
        const QString verdict = bar->verdict();
        QVERIFY2(verdict.startsWith(answerRight ? QStringLiteral("Right. ")
                                                : QStringLiteral("Not quite. ")),
                 qPrintable(verdict));
        // The explanation; for "which sorts first", the byte explainer's sentence under it.
        const QString explained = q.kind == model::QuestionKind::KeyOrder
            ? bar->explainer()->explanation().sentence
            : verdict;
        QVERIFY2(explained.contains(q.explanation), qPrintable(verdict));
        QCOMPARE(bar->explainer()->isVisible(), q.kind == model::QuestionKind::KeyOrder);
        QCOMPARE(bar->score(), QStringLiteral("Score %1 of %2").arg(right).arg(index + 1));
        action(*window, "actionPredictAnswer")->trigger(); // Continue
        QVERIFY(waitForQuestionOrEnd(*predict, clock));
    }
    QCOMPARE(predict->state(), State::Done);
    QCOMPARE(predict->score().answered(), int(lesson.questions.size()));
    QCOMPARE(predict->score().right(), right);
    QVERIFY2(bar->verdict().startsWith(
                 QStringLiteral("%1 of %2 right").arg(right).arg(lesson.questions.size())),
             qPrintable(bar->verdict()));
    // Start Again asks the first question again, the score cleared.
    QTest::mouseClick(bar->findChild<QPushButton *>(QStringLiteral("predictRestart")),
                      Qt::LeftButton);
    QCOMPARE(predict->state(), State::Asking);
    QCOMPARE(predict->currentQuestion(), 0);
    QCOMPARE(predict->score().answered(), 0);
    action(*window, "actionPredict")->trigger();
    QVERIFY(!bar->isVisible());
    QVERIFY(window->errors.isEmpty());
}

// Keyboard only: the arrows and Page Down move the choice, Enter answers, Page Down goes on.
void TestPredict::keyboardOnly()
{
    ManualClock clock;
    auto window = openExample(QStringLiteral("iot/after.keyscope.json"));
    QVERIFY(window);
    window->collectionPane()->view()->setFocus();
    QTest::keyClick(window.get(), Qt::Key_F6);
    auto *predict = window->findChild<ui::PredictMode *>();
    auto *bar = window->findChild<ui::PredictBar *>();
    QCOMPARE(predict->state(), State::Asking);
    const model::Question &first = predict->lesson().questions.front();
    QCOMPARE(bar->highlighted(), 0);
    QTest::keyClick(window.get(), Qt::Key_Right);
    QCOMPARE(bar->highlighted(), 1);
    QTest::keyClick(window.get(), Qt::Key_Left);
    QCOMPARE(bar->highlighted(), 0);
    QTest::keyClick(window.get(), Qt::Key_PageDown); // a presenter's clicker
    QCOMPARE(bar->highlighted(), 1);
    QTest::keyClick(window.get(), Qt::Key_PageUp);
    QCOMPARE(bar->highlighted(), 0);
    // Move to the right answer and press Enter.
    const int answerAt = first.choices[0].id == first.answer ? 0 : 1;
    for (int i = 0; i < answerAt; ++i)
        QTest::keyClick(window.get(), Qt::Key_Right);
    QTest::keyClick(window.get(), Qt::Key_Return);
    QCOMPARE(predict->state(), State::Answered);
    QCOMPARE(predict->score().right(), 1);
    QVERIFY(bar->verdict().startsWith(QStringLiteral("Right. ")));
    QTest::keyClick(window.get(), Qt::Key_PageDown);
    QVERIFY(waitForQuestionOrEnd(*predict, clock));
    QCOMPARE(predict->currentQuestion(), 1);
    // Space answers too (Play / Pause), with the choice the keyboard is on.
    QTest::keyClick(window.get(), Qt::Key_Space);
    QCOMPARE(predict->state(), State::Answered);
    QCOMPARE(predict->score().answered(), 2);
}

// A question about rows is answered by clicking the row in the collection view.
// While predicting, Enter answers from the collection; in a text field it is the field's.
void TestPredict::enterInATextFieldIsNoAnswer()
{
    auto window = openExample(QStringLiteral("iot/after.keyscope.json"));
    QVERIFY(window);
    QTest::keyClick(window.get(), Qt::Key_F6);
    auto *predict = window->findChild<ui::PredictMode *>();
    QCOMPARE(predict->state(), State::Asking);
    QLineEdit *field = nullptr;
    for (QLineEdit *edit : window->findChildren<QLineEdit *>())
        if (edit->isVisible() && edit->isEnabled() && !edit->isReadOnly())
            field = edit;
    QVERIFY(field);
    field->setFocus();
    QSignalSpy returned(field, &QLineEdit::returnPressed);
    QTest::keyClick(field, Qt::Key_Return);
    QCOMPARE(returned.size(), 1);
    QCOMPARE(predict->state(), State::Asking);
    QCOMPARE(predict->score().answered(), 0);
    // From the collection, Enter answers.
    window->collectionPane()->view()->setFocus();
    QTest::keyClick(window->collectionPane()->view(), Qt::Key_Return);
    QCOMPARE(predict->score().answered(), 1);
}

void TestPredict::rowOfTheCollectionAnswers()
{
    ManualClock clock;
    auto window = openExample(QStringLiteral("iot/after.keyscope.json"));
    QVERIFY(window);
    action(*window, "actionPredict")->trigger();
    auto *predict = window->findChild<ui::PredictMode *>();
    auto *bar = window->findChild<ui::PredictBar *>();
    ui::CollectionView *view = window->collectionPane()->view();
    // Answer right until a question whose answer is a row other than "which sorts first".
    while (predict->state() == State::Asking) {
        const model::Question &q = predict->lesson().questions[size_t(predict->currentQuestion())];
        if (q.kind != model::QuestionKind::KeyOrder && q.answer.startsWith(u"row:"))
            break;
        predict->answer(q.answer);
        predict->enter();
        QVERIFY(waitForQuestionOrEnd(*predict, clock));
    }
    QCOMPARE(predict->state(), State::Asking);
    const model::Question &q = predict->lesson().questions[size_t(predict->currentQuestion())];
    const qsizetype row = q.answer.mid(4).toLongLong();
    view->scrollToRow(row);
    const ui::CollectionLayout &layout = view->currentLayout();
    const QRectF rect = layout.rowGeometry(row).sortKey;
    QVERIFY(layout.rowsRect().contains(rect.center()));
    // The bar sits above the rows: it covers none of them.
    QVERIFY(bar->geometry().bottom()
            < view->parentWidget()->mapTo(bar->parentWidget(), view->geometry().topLeft()).y() + 1);
    const int answered = predict->score().answered();
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, rect.center().toPoint());
    QCOMPARE(predict->state(), State::Answered);
    QCOMPARE(predict->score().answered(), answered + 1);
    QVERIFY2(bar->verdict().startsWith(QStringLiteral("Right. ")), qPrintable(bar->verdict()));
}

// "Which sorts first": the byte explainer shows why once it is answered, not before.
void TestPredict::orderAnswerShowsTheByteExplainer()
{
    auto window = openExample(QStringLiteral("iot/after.keyscope.json"));
    QVERIFY(window);
    action(*window, "actionPredict")->trigger();
    auto *predict = window->findChild<ui::PredictMode *>();
    auto *bar = window->findChild<ui::PredictBar *>();
    const model::Question &q = predict->lesson().questions.front();
    QCOMPARE(q.kind, model::QuestionKind::KeyOrder);
    QVERIFY(!bar->explainer()->isVisible());
    predict->answer(wrongChoice(q));
    QVERIFY(bar->explainer()->isVisible());
    QVERIFY2(bar->explainer()->explanation().sentence.contains(
                 QStringLiteral("'#' (0x23) < 'D' (0x44)")),
             qPrintable(bar->explainer()->explanation().sentence));
    QVERIFY(bar->verdict().startsWith(QStringLiteral("Not quite. ")));
    QCOMPARE(bar->score(), QStringLiteral("Score 0 of 1"));
}

// Playing or scrubbing past a question waiting for its answer goes back to it.
void TestPredict::traversalWaitsForTheAnswer()
{
    ManualClock clock;
    auto window = openExample(QStringLiteral("iot/after.keyscope.json"));
    QVERIFY(window);
    action(*window, "actionPredict")->trigger();
    auto *predict = window->findChild<ui::PredictMode *>();
    auto *player = window->findChild<ui::TracePlayer *>();
    // To the first question after step 0.
    while (predict->lesson().questions[size_t(predict->currentQuestion())].step == 0) {
        predict->answer(predict->lesson().questions[size_t(predict->currentQuestion())].answer);
        predict->enter();
        QVERIFY(waitForQuestionOrEnd(*predict, clock));
    }
    const int step = predict->lesson().questions[size_t(predict->currentQuestion())].step;
    QCOMPARE(player->currentStep(), step - 1);
    player->goToStep(step + 3);
    QCOMPARE(player->currentStep(), step - 1);
    player->play();
    for (int i = 0; i < 30; ++i)
        clock.advanceBy(100);
    QCOMPARE(player->currentStep(), step - 1);
    QCOMPARE(predict->state(), State::Asking);
    // Leaving predict mode gives the player back.
    action(*window, "actionPredict")->trigger();
    player->goToStep(step + 3);
    QCOMPARE(player->currentStep(), step + 3);
}

// Answers and the score are not edits: nothing on the undo stack, the design unmodified.
void TestPredict::predictionsAreNotEdits()
{
    auto window = openExample(QStringLiteral("case/before.keyscope.json"));
    QVERIFY(window);
    const int undoCount = window->document()->undoStack()->count();
    const bool modified = window->document()->isModified();
    action(*window, "actionPredict")->trigger();
    auto *predict = window->findChild<ui::PredictMode *>();
    predict->answer(predict->lesson().questions.front().answer);
    QCOMPARE(predict->score().answered(), 1);
    QCOMPARE(window->document()->undoStack()->count(), undoCount);
    QCOMPARE(window->document()->isModified(), modified);
}

// On the smallest screen Keyscope is made for, the bar takes the collection's width as it is
// (the docks beside it keep theirs) and a key too long for its button is shortened, never cut.
void TestPredict::barNeverWidensTheWindow()
{
    ManualClock clock;
    auto window = std::make_unique<TestWindow>(m_settings.get(), kExamples);
    window->autosaver()->setRecoveryPath(m_dir->filePath(QStringLiteral("recovery.json")));
    window->resize(1024, 700);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QVERIFY(window->openExample(kExamples + QStringLiteral("/iot/after.keyscope.json")));
    QVERIFY(settle(window->document()));
    QTest::qWait(50);
    const int paneWidth = window->collectionPane()->width();
    action(*window, "actionPredict")->trigger();
    auto *predict = window->findChild<ui::PredictMode *>();
    auto *bar = window->findChild<ui::PredictBar *>();
    QVERIFY(waitForQuestionOrEnd(*predict, clock));
    while (predict->state() == State::Asking) {
        const model::Question &q = predict->lesson().questions[size_t(predict->currentQuestion())];
        predict->answer(wrongChoice(q)); // the marks make the texts longer
        QTest::qWait(20);
        QCOMPARE(window->collectionPane()->width(), paneWidth);
        for (QPushButton *button : bar->choiceButtons()) {
            const int text = button->fontMetrics().horizontalAdvance(button->text());
            QVERIFY2(text <= button->width() - 8,
                     qPrintable(QStringLiteral("'%1' (%2 px) on a button %3 px wide")
                                    .arg(button->text())
                                    .arg(text)
                                    .arg(button->width())));
        }
        predict->enter();
        QVERIFY(waitForQuestionOrEnd(*predict, clock));
    }
}

// With motion on, the steps glide between questions and each question finds its previous step
// landed (settled), not caught mid-glide; the traversal ends on its last step.
void TestPredict::glidingStepsLandBeforeEachQuestion()
{
    m_settings->setReducedMotion(false);
    ManualClock clock;
    auto window = openExample(QStringLiteral("saas/after.keyscope.json"));
    QVERIFY(window);
    action(*window, "actionPredict")->trigger();
    auto *predict = window->findChild<ui::PredictMode *>();
    auto *player = window->findChild<ui::TracePlayer *>();
    QVERIFY(waitForQuestionOrEnd(*predict, clock));
    while (predict->state() == State::Asking) {
        const model::Question &q = predict->lesson().questions[size_t(predict->currentQuestion())];
        if (q.step > 0) {
            QCOMPARE(player->currentStep(), q.step - 1);
            QCOMPARE(player->currentTransition(), 1.0);
            QVERIFY(!player->isPlaying());
        }
        predict->answer(q.answer);
        predict->enter();
        QVERIFY(waitForQuestionOrEnd(*predict, clock));
    }
    QCOMPARE(predict->state(), State::Done);
    QCOMPARE(player->currentStep(), player->timeline()->stepCount() - 1);
    QCOMPARE(predict->score().right(), predict->score().answered());
}

// At 1024x700 the byte explainer shows whole under its verdict, and the collection keeps its
// height: the docks around it are not pushed away. The note on byte order, which would give
// the answers away, is hidden while predicting.
void TestPredict::byteExplainerFitsTheSmallestWindow()
{
    auto window = std::make_unique<TestWindow>(m_settings.get(), kExamples);
    window->autosaver()->setRecoveryPath(m_dir->filePath(QStringLiteral("recovery.json")));
    window->resize(1024, 700);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QVERIFY(window->openExample(kExamples + QStringLiteral("/case/before.keyscope.json")));
    QVERIFY(settle(window->document()));
    QTest::qWait(50);
    const int paneHeight = window->collectionPane()->height();
    const auto noteShowing = [&] {
        for (QLabel *label : window->collectionPane()->findChildren<QLabel *>()) {
            if (label->text().startsWith(QStringLiteral("Top = smallest")))
                return label->isVisible();
        }
        return false;
    };
    QVERIFY(noteShowing());
    action(*window, "actionPredict")->trigger();
    QVERIFY(!noteShowing());
    auto *predict = window->findChild<ui::PredictMode *>();
    auto *bar = window->findChild<ui::PredictBar *>();
    const model::Question &q = predict->lesson().questions.front();
    QCOMPARE(q.kind, model::QuestionKind::KeyOrder);
    predict->answer(q.answer);
    QTest::qWait(50);
    ui::KeyOrderExplainer *explainer = bar->explainer();
    QVERIFY(explainer->isVisible());
    auto *bytes = explainer->findChild<QLabel *>();
    QVERIFY(bytes);
    const int needed = bytes->heightForWidth(bytes->width());
    QVERIFY2(bytes->height() >= needed,
             qPrintable(QStringLiteral("%1 px of %2").arg(bytes->height()).arg(needed)));
    QCOMPARE(window->collectionPane()->height(), paneHeight);
    action(*window, "actionPredict")->trigger();
    QVERIFY(noteShowing());
}

int main(int argc, char **argv)
{
    QCoreApplication::setAttribute(Qt::AA_Use96Dpi);
    QApplication app(argc, argv);
    TestPredict test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_predict.moc"
