#include "ui/teach/predictbar.h"

#include "ui/collection/keyorderexplainer.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QPushButton>
#include <QToolButton>
#include <QVBoxLayout>

namespace keyscope::ui {

namespace {

// The whole text of a choice button, elided to the button's width when shown.
constexpr const char *kFullText = "predictFullText";

constexpr int kChoiceColumns = 2;

} // namespace

PredictBar::PredictBar(QWidget *parent)
    : QFrame(parent)
{
    setObjectName(QStringLiteral("PredictBar"));
    setAccessibleName(tr("Predict mode question"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::AlternateBase);
    setFocusPolicy(Qt::StrongFocus);

    m_heading = new QLabel(this);
    QFont bold = m_heading->font();
    bold.setBold(true);
    m_heading->setFont(bold);
    m_heading->setWordWrap(true);
    m_score = new QLabel(this);
    m_score->setObjectName(QStringLiteral("predictScore"));
    auto *leave = new QToolButton(this);
    leave->setText(tr("Leave"));
    leave->setToolTip(tr("Leave predict mode (F6)"));
    leave->setAutoRaise(true);
    connect(leave, &QToolButton::clicked, this, &PredictBar::leaveClicked);
    auto *top = new QHBoxLayout;
    top->setSpacing(12);
    top->addWidget(m_heading, 1);
    top->addWidget(m_score);
    top->addWidget(leave);

    m_prompt = new QLabel(this);
    m_prompt->setObjectName(QStringLiteral("predictPrompt"));
    m_prompt->setWordWrap(true);
    m_choiceBox = new QWidget(this);
    m_choiceGrid = new QGridLayout(m_choiceBox);
    m_choiceGrid->setContentsMargins(0, 0, 0, 0);
    m_verdict = new QLabel(this);
    m_verdict->setObjectName(QStringLiteral("predictVerdict"));
    m_verdict->setWordWrap(true);
    m_verdict->setTextFormat(Qt::PlainText);
    m_explainer = new KeyOrderExplainer(this);
    // The two keys' bytes whole or not at all: the rows below give up the height first.
    m_explainer->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
    m_explainer->hide();

    m_continue = new QPushButton(tr("Continue"), this);
    m_continue->setObjectName(QStringLiteral("predictContinue"));
    connect(m_continue, &QPushButton::clicked, this, &PredictBar::continueClicked);
    m_restart = new QPushButton(tr("Start Again"), this);
    m_restart->setObjectName(QStringLiteral("predictRestart"));
    connect(m_restart, &QPushButton::clicked, this, &PredictBar::restartClicked);
    auto *bottom = new QHBoxLayout;
    bottom->addWidget(m_verdict, 1);
    bottom->addWidget(m_restart, 0, Qt::AlignBottom);
    bottom->addWidget(m_continue, 0, Qt::AlignBottom);

    auto *column = new QVBoxLayout(this);
    column->setContentsMargins(8, 4, 8, 6);
    column->setSpacing(4);
    column->addLayout(top);
    column->addWidget(m_prompt);
    column->addWidget(m_choiceBox);
    column->addLayout(bottom);
    column->addWidget(m_explainer);
    hide();
}

void PredictBar::clearChoices()
{
    for (QPushButton *button : m_buttons)
        delete button;
    m_buttons.clear();
    m_ids.clear();
    m_highlighted = -1;
}

void PredictBar::setChoices(const model::Question &question)
{
    clearChoices();
    for (const model::Choice &choice : question.choices) {
        auto *button = new QPushButton(m_choiceBox);
        button->setProperty(kFullText, choice.text);
        button->installEventFilter(this);
        button->setCheckable(true);
        // The bar never widens the window: a long key is cut on its button (the tooltip and the
        // accessible name keep it whole).
        button->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
        button->setMinimumWidth(80);
        button->setAutoDefault(false);
        button->setToolTip(choice.text);
        button->setAccessibleName(choice.text);
        const QString id = choice.id;
        connect(button, &QPushButton::clicked, this, [this, id] { emit choiceClicked(id); });
        const int index = int(m_buttons.size());
        m_choiceGrid->addWidget(button, index / kChoiceColumns, index % kChoiceColumns);
        m_buttons.push_back(button);
        m_ids.push_back(choice.id);
    }
}

void PredictBar::showQuestion(const model::Question &question, const QString &heading,
                              const QString &score)
{
    m_heading->setText(heading);
    m_score->setText(score);
    m_prompt->setText(question.prompt);
    m_prompt->show();
    setChoices(question);
    m_choiceBox->show();
    setHighlighted(m_buttons.empty() ? -1 : 0);
    elideChoices();
    m_verdict->setText(tr("Click your answer (or a row), or pick it with \u2190 \u2192 and press "
                          "Enter."));
    m_explainer->hide();
    m_continue->hide();
    m_restart->hide();
    show();
}

void PredictBar::showVerdict(const model::Question &question, const QString &chosen, bool right,
                             const QString &score)
{
    m_score->setText(score);
    for (size_t i = 0; i < m_buttons.size(); ++i) {
        QPushButton *button = m_buttons[i];
        const bool isAnswer = m_ids[i] == question.answer;
        const bool isChosen = m_ids[i] == chosen;
        button->setChecked(isAnswer || isChosen);
        button->setEnabled(isAnswer || isChosen);
        const QString mark = isAnswer ? QStringLiteral("\u2713 ")
            : isChosen                ? QStringLiteral("\u2717 ")
                                      : QString();
        button->setProperty(kFullText, mark + button->toolTip());
    }
    elideChoices();
    m_highlighted = -1;
    const QString head = right ? tr("Right.") : tr("Not quite.");
    // Which sorts first: the byte explainer under the verdict gives the sentence with the bytes.
    if (question.kind == model::QuestionKind::KeyOrder) {
        m_verdict->setText(head + u' ' + tr("Why, byte by byte:"));
        m_choiceBox->hide(); // the explainer shows both keys, the first one first
    } else {
        m_verdict->setText(head + u' ' + question.explanation + u'.');
    }
    m_continue->setText(tr("Continue (Enter)"));
    m_continue->show();
    m_restart->hide();
}

void PredictBar::showPlaying(const QString &text, const QString &score)
{
    m_score->setText(score);
    m_prompt->hide();
    clearChoices();
    m_choiceBox->hide();
    m_explainer->hide();
    m_verdict->setText(text);
    m_continue->hide();
    m_restart->hide();
}

void PredictBar::showSummary(const QString &summary)
{
    m_heading->setText(tr("Lesson done"));
    m_score->clear();
    m_prompt->hide();
    clearChoices();
    m_choiceBox->hide();
    m_explainer->hide();
    m_verdict->setText(summary);
    m_continue->hide();
    m_restart->show();
    show();
}

// A key too long for its button keeps its start (the entity prefix) and its end (where
// neighbours differ).
void PredictBar::elideChoices()
{
    for (QPushButton *button : m_buttons)
        elide(button);
}

void PredictBar::elide(QPushButton *button)
{
    const QString full = button->property(kFullText).toString();
    const int room = std::max(20, button->width() - 16);
    button->setText(button->fontMetrics().elidedText(full, Qt::ElideMiddle, room));
}

// A choice button laid out anew (the bar resized, the window fitted) elides its text again.
bool PredictBar::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Resize) {
        if (auto *button = qobject_cast<QPushButton *>(watched))
            elide(button);
    }
    return QFrame::eventFilter(watched, event);
}

void PredictBar::setHighlighted(int index)
{
    m_highlighted = index;
    for (int i = 0; i < int(m_buttons.size()); ++i)
        m_buttons[size_t(i)]->setChecked(i == index);
}

void PredictBar::moveHighlight(int delta)
{
    if (m_buttons.empty() || m_highlighted < 0)
        return;
    const int count = int(m_buttons.size());
    setHighlighted(((m_highlighted + delta) % count + count) % count);
}

QString PredictBar::highlightedChoice() const
{
    return m_highlighted >= 0 ? m_ids[size_t(m_highlighted)] : QString();
}

QString PredictBar::heading() const
{
    return m_heading->text();
}

QString PredictBar::prompt() const
{
    return m_prompt->text();
}

QString PredictBar::verdict() const
{
    return m_verdict->text();
}

QString PredictBar::score() const
{
    return m_score->text();
}

void PredictBar::keyPressEvent(QKeyEvent *event)
{
    // Up and Down move through the choices too when the bar itself has the focus.
    if (event->key() == Qt::Key_Up || event->key() == Qt::Key_Down) {
        moveHighlight(event->key() == Qt::Key_Down ? 1 : -1);
        return;
    }
    QFrame::keyPressEvent(event);
}

} // namespace keyscope::ui
