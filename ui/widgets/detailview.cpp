#include "ui/widgets/detailview.h"

#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QVBoxLayout>

namespace keyscope::ui {

QPlainTextEdit *detailView(QWidget *parent, const QString &accessibleName)
{
    auto *view = new QPlainTextEdit(parent);
    view->setReadOnly(true);
    view->setFrameShape(QFrame::NoFrame);
    view->setBackgroundRole(QPalette::Window);
    view->viewport()->setBackgroundRole(QPalette::Window);
    view->setAccessibleName(accessibleName);
    view->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    // At spaces only: a key such as ORG#ACME#USER#0042 is never cut in two.
    view->setWordWrapMode(QTextOption::WordWrap);
    return view;
}

QSplitter *listAndDetail(QWidget *parent, QWidget *list, QWidget *detail)
{
    auto *splitter = new QSplitter(Qt::Vertical, parent);
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(list);
    splitter->addWidget(detail);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    return splitter;
}

void makeSummaryLabel(QLabel *label)
{
    label->setWordWrap(true);
    QFont font = label->font();
    font.setWeight(QFont::DemiBold);
    label->setFont(font);
    label->setContentsMargins(0, 2, 0, 2);
}

QWidget *panelContent(QWidget *parent, std::initializer_list<QWidget *> widgets, int stretchIndex)
{
    auto *content = new QWidget(parent);
    auto *layout = new QVBoxLayout(content);
    layout->setContentsMargins(6, 4, 6, 6);
    layout->setSpacing(4);
    int i = 0;
    for (QWidget *widget : widgets)
        layout->addWidget(widget, i++ == stretchIndex ? 1 : 0);
    return content;
}

} // namespace keyscope::ui
