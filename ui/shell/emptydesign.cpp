#include "ui/shell/emptydesign.h"

#include "ui/document/document.h"

#include <QAction>
#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>

namespace keyscope::ui {

namespace {

QToolButton *actionButton(QAction *action, const QString &text, QWidget *parent)
{
    auto *button = new QToolButton(parent);
    button->setDefaultAction(action);
    button->setText(text);
    button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    button->setIconSize(QSize(20, 20));
    button->setAutoRaise(false);
    button->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    button->setMinimumHeight(36);
    QString tip = action->text().remove(QLatin1Char('&'));
    if (!action->shortcut().isEmpty())
        tip += QStringLiteral(" (%1)").arg(action->shortcut().toString(QKeySequence::NativeText));
    button->setToolTip(tip);
    return button;
}

} // namespace

EmptyDesign::EmptyDesign(Document *document, QWidget *area, const Actions &actions)
    : QWidget(area)
    , m_document(document)
    , m_area(area)
{
    setObjectName(QStringLiteral("EmptyDesign"));
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::Base);

    auto *title = new QLabel(tr("Start a design"), this);
    QFont titleFont = title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.6);
    titleFont.setWeight(QFont::DemiBold);
    title->setFont(titleFont);

    auto *text = new QLabel(
        tr("A design is a table and its entity types, each with key templates such as "
           "<b>ORG#{OrgName|upper}</b>. Keyscope fills an item collection from them, shows it "
           "in DynamoDB's order and animates your access patterns over it."),
        this);
    text->setWordWrap(true);
    text->setTextFormat(Qt::RichText);
    text->setForegroundRole(QPalette::PlaceholderText);

    auto *buttons = new QGridLayout;
    buttons->setHorizontalSpacing(10);
    buttons->setVerticalSpacing(10);
    buttons->addWidget(actionButton(actions.addEntity, tr("Add an Entity Type"), this), 0, 0);
    buttons->addWidget(actionButton(actions.openExample, tr("Open an Example…"), this), 0, 1);
    buttons->addWidget(actionButton(actions.import, tr("Import a Table or Model…"), this), 1, 0);
    buttons->addWidget(actionButton(actions.open, tr("Open a Project…"), this), 1, 1);

    auto *hint = new QLabel(tr("Then name it in Save (Ctrl+S); access patterns are added in the "
                               "Access Patterns panel."),
                            this);
    hint->setWordWrap(true);
    hint->setForegroundRole(QPalette::PlaceholderText);

    auto *column = new QWidget(this);
    column->setMaximumWidth(560);
    auto *columnLayout = new QVBoxLayout(column);
    columnLayout->setContentsMargins(0, 0, 0, 0);
    columnLayout->setSpacing(14);
    columnLayout->addWidget(title);
    columnLayout->addWidget(text);
    columnLayout->addLayout(buttons);
    columnLayout->addWidget(hint);

    auto *layout = new QGridLayout(this);
    layout->setContentsMargins(24, 24, 24, 24);
    layout->addWidget(column, 1, 1);
    layout->setRowStretch(0, 1);
    layout->setRowStretch(2, 2);
    layout->setColumnStretch(0, 1);
    layout->setColumnStretch(2, 1);

    m_area->installEventFilter(this);
    connect(m_document, &Document::projectChanged, this, &EmptyDesign::update);
    update();
}

bool EmptyDesign::designIsEmpty() const
{
    const model::Project &project = m_document->project();
    return project.entities.empty() && project.items.empty();
}

bool EmptyDesign::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_area && (event->type() == QEvent::Resize || event->type() == QEvent::Show))
        setGeometry(m_area->rect());
    return QWidget::eventFilter(watched, event);
}

void EmptyDesign::update()
{
    const bool empty = designIsEmpty();
    setGeometry(m_area->rect());
    setVisible(empty);
    if (empty)
        raise();
}

} // namespace keyscope::ui
