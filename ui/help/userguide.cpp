#include "ui/help/userguide.h"

#include "ui/help/manualbrowser.h"

#include <QAction>
#include <QFile>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QListWidget>
#include <QRegularExpression>
#include <QSplitter>
#include <QToolBar>
#include <QVBoxLayout>

namespace keyscope::ui {

namespace {

// The pages the contents page links to, in its order, each with its link text.
QList<std::pair<QString, QUrl>> contentsLinks()
{
    QFile file(QLatin1Char(':') + ManualBrowser::contentsUrl().path());
    if (!file.open(QIODevice::ReadOnly))
        return {};
    static const QRegularExpression link(QStringLiteral("\\[([^\\]]+)\\]\\(([^)#]+\\.md)\\)"));
    QList<std::pair<QString, QUrl>> links;
    for (auto it = link.globalMatch(QString::fromUtf8(file.readAll())); it.hasNext();) {
        const QRegularExpressionMatch match = it.next();
        links.append({match.captured(1), ManualBrowser::contentsUrl().resolved(match.captured(2))});
    }
    return links;
}

} // namespace

UserGuide::UserGuide(QWidget *parent)
    : QWidget(parent, Qt::Window)
{
    setObjectName(QStringLiteral("userGuide"));
    setWindowTitle(tr("User Guide"));
    resize(1000, 680);
    m_browser = new ManualBrowser(this);
    m_pages = new QListWidget(this);
    m_pages->setObjectName(QStringLiteral("userGuidePages"));
    m_pages->setWordWrap(true);
    m_pages->setTextElideMode(Qt::ElideNone);
    m_pages->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_pages->setSpacing(2);
    m_find = new QLineEdit(this);
    m_find->setObjectName(QStringLiteral("userGuideFind"));
    m_find->setPlaceholderText(tr("Find in page (Ctrl+F)"));
    m_find->setClearButtonEnabled(true);

    QToolBar *bar = createToolBar();

    auto *split = new QSplitter(this);
    split->addWidget(m_pages);
    split->addWidget(m_browser);
    split->setStretchFactor(1, 1);
    split->setSizes({220, 780});
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(bar);
    layout->addWidget(split);

    listPages();
    connect(m_browser, &QTextBrowser::sourceChanged, this, &UserGuide::pageShown);
    connect(m_pages, &QListWidget::itemActivated, this,
            [this](QListWidgetItem *item) { showPage(item->data(Qt::UserRole).toUrl()); });
    connect(m_pages, &QListWidget::itemClicked, this,
            [this](QListWidgetItem *item) { showPage(item->data(Qt::UserRole).toUrl()); });
    showPage(ManualBrowser::contentsUrl());
}

// Back, Forward, Contents and Find, with the keys a help browser answers to.
QToolBar *UserGuide::createToolBar()
{
    auto *bar = new QToolBar(this);
    QAction *back = bar->addAction(QIcon::fromTheme(QStringLiteral("go-previous")), tr("Back"),
                                   m_browser, &QTextBrowser::backward);
    back->setShortcut(QKeySequence::Back);
    QAction *forward = bar->addAction(QIcon::fromTheme(QStringLiteral("go-next")), tr("Forward"),
                                      m_browser, &QTextBrowser::forward);
    forward->setShortcut(QKeySequence::Forward);
    QAction *home = bar->addAction(QIcon::fromTheme(QStringLiteral("go-home")), tr("Contents"),
                                   this, [this] { showPage(ManualBrowser::contentsUrl()); });
    home->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Home));
    connect(m_browser, &QTextBrowser::backwardAvailable, back, &QAction::setEnabled);
    connect(m_browser, &QTextBrowser::forwardAvailable, forward, &QAction::setEnabled);
    bar->addWidget(m_find);
    auto *findAction = new QAction(this);
    findAction->setShortcut(QKeySequence::Find);
    connect(findAction, &QAction::triggered, m_find, [this] {
        m_find->setFocus();
        m_find->selectAll();
    });
    addAction(findAction);
    connect(m_find, &QLineEdit::returnPressed, this, [this] { find(false); });
    for (const auto &[key, backward] : {std::pair {QKeySequence::FindNext, false},
                                        std::pair {QKeySequence::FindPrevious, true}}) {
        auto *again = new QAction(this);
        again->setShortcut(key);
        connect(again, &QAction::triggered, this, [this, backward = backward] { find(backward); });
        addAction(again);
    }
    auto *close = new QAction(this);
    close->setShortcuts({QKeySequence::Close, QKeySequence(Qt::Key_Escape)});
    connect(close, &QAction::triggered, this, &QWidget::close);
    addAction(close);
    return bar;
}

void UserGuide::showPage(const QUrl &page)
{
    m_browser->setSource(page);
}

void UserGuide::listPages()
{
    auto *contents = new QListWidgetItem(tr("Contents"), m_pages);
    contents->setData(Qt::UserRole, ManualBrowser::contentsUrl());
    for (const auto &[title, url] : contentsLinks()) {
        auto *item = new QListWidgetItem(title, m_pages);
        item->setData(Qt::UserRole, url);
    }
}

void UserGuide::pageShown(const QUrl &page)
{
    const QUrl shown = page.adjusted(QUrl::RemoveFragment);
    // The desktop adds the application's name.
    setWindowTitle(shown == ManualBrowser::contentsUrl()
                       ? tr("User Guide")
                       : tr("%1 — User Guide").arg(m_browser->pageTitle()));
    for (int row = 0; row < m_pages->count(); ++row) {
        if (m_pages->item(row)->data(Qt::UserRole).toUrl() == shown) {
            const QSignalBlocker block(m_pages);
            m_pages->setCurrentRow(row);
            return;
        }
    }
    m_pages->clearSelection();
}

void UserGuide::find(bool backward)
{
    const QString text = m_find->text();
    if (text.isEmpty())
        return;
    const QTextDocument::FindFlags flags
        = backward ? QTextDocument::FindBackward : QTextDocument::FindFlags();
    if (!m_browser->find(text, flags)) {
        QTextCursor cursor = m_browser->textCursor();
        cursor.movePosition(backward ? QTextCursor::End : QTextCursor::Start);
        m_browser->setTextCursor(cursor);
        m_browser->find(text, flags);
    }
}

} // namespace keyscope::ui
