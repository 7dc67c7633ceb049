#include "ui/query/codepanel.h"

#include <QApplication>
#include <QClipboard>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>

namespace keyscope::ui {

namespace {

constexpr CodePanel::Language kLanguages[]
    = {CodePanel::Language::AwsCli, CodePanel::Language::Python, CodePanel::Language::JavaScript,
       CodePanel::Language::Java};

QString languageTitle(CodePanel::Language language)
{
    switch (language) {
    case CodePanel::Language::AwsCli:
        return QObject::tr("AWS CLI");
    case CodePanel::Language::Python:
        return QObject::tr("Python");
    case CodePanel::Language::JavaScript:
        return QObject::tr("JavaScript");
    case CodePanel::Language::Java:
        return QObject::tr("Java");
    }
    return {};
}

QString languageDescription(CodePanel::Language language)
{
    switch (language) {
    case CodePanel::Language::AwsCli:
        return QObject::tr("aws dynamodb query (POSIX shell quoting)");
    case CodePanel::Language::Python:
        return QObject::tr("Python, boto3 client");
    case CodePanel::Language::JavaScript:
        return QObject::tr("JavaScript, AWS SDK v3 (@aws-sdk/client-dynamodb)");
    case CodePanel::Language::Java:
        return QObject::tr("Java, AWS SDK v2");
    }
    return {};
}

} // namespace

CodePanel::CodePanel(QWidget *parent)
    : QWidget(parent)
{
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("languages"));
    m_tabs->setDocumentMode(true);
    m_tabs->setAccessibleName(tr("Code language"));
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    for (int i = 0; i < 4; ++i) {
        auto *editor = new QPlainTextEdit(m_tabs);
        editor->setReadOnly(true);
        editor->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
        editor->setFont(mono);
        editor->setLineWrapMode(QPlainTextEdit::NoWrap);
        editor->setFrameShape(QFrame::NoFrame);
        editor->document()->setDocumentMargin(8);
        editor->setAccessibleName(tr("%1 code").arg(languageTitle(kLanguages[i])));
        editor->setAccessibleDescription(languageDescription(kLanguages[i]));
        editor->setPlaceholderText(tr("Build a query to see it as code."));
        editor->installEventFilter(this);
        static const char *const kNames[] = {"awsCli", "python", "javaScript", "java"};
        editor->setObjectName(QLatin1String(kNames[i]));
        m_editors[i] = editor;
        m_tabs->addTab(editor, languageTitle(kLanguages[i]));
        m_tabs->setTabToolTip(i, languageDescription(kLanguages[i]));
    }

    m_copy = new QPushButton(tr("&Copy"), this);
    m_copy->setAccessibleName(tr("Copy code"));
    m_copy->setToolTip(tr("Copy the whole snippet (Ctrl+C with nothing selected)"));
    m_copy->setObjectName(QStringLiteral("copy"));
    m_copy->setEnabled(false);
    connect(m_copy, &QPushButton::clicked, this, &CodePanel::copy);
    // The button says "Copied" for a moment: the corner widget does not re-lay out for a
    // separate status text.
    m_copy->setMinimumWidth(qMax(m_copy->sizeHint().width(),
                                 m_copy->fontMetrics().horizontalAdvance(tr("Copied"))
                                     + 2 * m_copy->fontMetrics().height()));
    m_copiedTimer = new QTimer(this);
    m_copiedTimer->setSingleShot(true);
    m_copiedTimer->setInterval(1500);
    connect(m_copiedTimer, &QTimer::timeout, this, [this] { m_copy->setText(tr("&Copy")); });

    auto *corner = new QWidget(this);
    auto *cornerLayout = new QHBoxLayout(corner);
    cornerLayout->setContentsMargins(0, 2, 4, 2);
    cornerLayout->addWidget(m_copy);
    m_tabs->setCornerWidget(corner, Qt::TopRightCorner);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tabs);
}

void CodePanel::setTableName(const QString &name)
{
    m_tableName = name;
    refresh();
}

CodePanel::Language CodePanel::currentLanguage() const
{
    return kLanguages[qBound(0, m_tabs->currentIndex(), 3)];
}

void CodePanel::setCurrentLanguage(Language language)
{
    m_tabs->setCurrentIndex(int(language));
}

QString CodePanel::snippet(Language language) const
{
    if (!m_request)
        return {};
    return model::CodeSnippets::snippet(language, *m_request, m_tableName);
}

QString CodePanel::currentSnippet() const
{
    return snippet(currentLanguage());
}

void CodePanel::setRequest(const model::QueryRequest &request)
{
    m_request = request;
    refresh();
}

void CodePanel::clear()
{
    m_request.reset();
    refresh();
}

void CodePanel::refresh()
{
    for (int i = 0; i < 4; ++i) {
        QPlainTextEdit *editor = m_editors[i];
        const QString text = snippet(kLanguages[i]);
        if (editor->toPlainText() != text)
            editor->setPlainText(text);
    }
    m_copy->setEnabled(m_request.has_value());
}

void CodePanel::copy()
{
    const QString text = currentSnippet();
    if (text.isEmpty())
        return;
    QGuiApplication::clipboard()->setText(text);
    m_copy->setText(tr("Copied"));
    m_copiedTimer->start();
    emit copied(text);
}

bool CodePanel::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::KeyPress) {
        auto *key = static_cast<QKeyEvent *>(event);
        auto *editor = qobject_cast<QPlainTextEdit *>(watched);
        if (editor && key->matches(QKeySequence::Copy) && !editor->textCursor().hasSelection()) {
            copy();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace keyscope::ui
