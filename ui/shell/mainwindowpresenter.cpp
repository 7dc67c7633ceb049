// Presenter mode (MainWindow): the collection full screen, in large type, with a caption.

#include "ui/animation/traceplayer.h"
#include "ui/collection/collectionpane.h"
#include "ui/collection/collectionstyle.h"
#include "ui/collection/collectionview.h"
#include "ui/shell/mainwindow.h"
#include "ui/trace/timelinestrip.h"
#include "ui/trace/tracepanel.h"

#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QLayout>
#include <QMenuBar>
#include <QStatusBar>
#include <QToolBar>

namespace keyscope::ui {

void MainWindow::createPresenterWidgets()
{
    m_caption = new QLabel(m_collection);
    m_caption->setWordWrap(true);
    m_caption->setAlignment(Qt::AlignCenter);
    m_caption->setAccessibleName(tr("Narration caption"));
    QFont font = m_caption->font();
    font.setPointSizeF(font.pointSizeF() * 1.8);
    m_caption->setFont(font);
    m_caption->setMargin(12);
    m_caption->setAutoFillBackground(true);
    m_collection->layout()->addWidget(m_caption);
    m_caption->hide();
    connect(m_player, &TracePlayer::stepChanged, m_caption,
            [this](int, const QString &narration) { m_caption->setText(narration); });
    m_presenterStrip = new TimelineStrip(m_player, m_collection);
    m_presenterStrip->setObjectName(QStringLiteral("PresenterTimeline"));
    m_presenterStrip->setScale(1.6);
    m_collection->layout()->addWidget(m_presenterStrip);
    m_presenterStrip->hide();
    // A presenter's clicker sends PageDown / PageUp; Home and End go to the ends of the Query.
    // Only while presenting: otherwise they move the selection in the collection.
    const auto key = [this](const QKeySequence &sequence, const char *name, auto slot) {
        auto *action = new QAction(this);
        action->setObjectName(QString::fromLatin1(name));
        action->setShortcut(sequence);
        action->setEnabled(false);
        connect(action, &QAction::triggered, m_player, slot);
        addAction(action);
        m_presenterKeys << action;
    };
    key(QKeySequence(Qt::Key_PageDown), "actionPresenterNext", &TracePlayer::stepForward);
    key(QKeySequence(Qt::Key_PageUp), "actionPresenterPrevious", &TracePlayer::stepBack);
    key(QKeySequence(Qt::Key_Home), "actionPresenterRestart", &TracePlayer::restart);
    key(QKeySequence(Qt::Key_End), "actionPresenterEnd", &TracePlayer::goToEnd);
}

void MainWindow::setPresenting(bool presenting)
{
    if (!m_caption)
        createPresenterWidgets();
    QSignalBlocker blocker(m_presenterAction);
    m_presenterAction->setChecked(presenting);
    updatePageKeys();
    CollectionView *view = m_collection->view();
    if (presenting) {
        m_layoutBeforePresenting = saveState();
        for (QDockWidget *dockWidget : findChildren<QDockWidget *>())
            dockWidget->hide();
        menuBar()->hide();
        m_toolBar->hide();
        statusBar()->hide();
        // Large type everywhere in the collection pane: its bar, its note, the caption.
        QFont large = font();
        large.setPointSizeF(large.pointSizeF() * 1.4);
        m_collection->setFont(large);
        m_caption->setText(m_tracePanel->narration());
        m_caption->show();
        m_presenterStrip->show();
        view->setCollectionStyle(CollectionStyle::fromPalette(view->palette()).scaled(1.6));
        showFullScreen();
        view->setFocus(Qt::OtherFocusReason);
    } else {
        m_caption->hide();
        m_presenterStrip->hide();
        m_collection->setFont(QFont());
        menuBar()->show();
        statusBar()->show();
        view->useDesktopStyle();
        showNormal();
        if (!m_layoutBeforePresenting.isEmpty())
            restoreState(m_layoutBeforePresenting);
    }
}

} // namespace keyscope::ui
