#include "ui/patterns/keptoperationslist.h"

#include "ui/icons/statusicon.h"
#include "ui/widgets/wrappinglist.h"

#include <QEvent>
#include <QLabel>
#include <QListWidget>
#include <QVBoxLayout>

namespace keyscope::ui {

KeptOperationsList::KeptOperationsList(QWidget *parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
    , m_list(new QListWidget(this))
{
    m_title->setWordWrap(true);
    m_list->setAccessibleName(tr("Other operations, not run"));
    makeWrappingList(m_list);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_title);
    layout->addWidget(m_list);
    // Rows wrap to the list's width: their height, and so the list's, follows the width.
    m_list->installEventFilter(this);
    connect(m_list, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0 && row < count())
            emit operationChosen(explanation(m_operations[size_t(row)]));
    });
    setVisible(false);
}

void KeptOperationsList::setOperations(std::vector<model::KeptOperation> operations)
{
    const int row = m_list->currentRow();
    m_operations = std::move(operations);
    m_list->clear();
    for (const model::KeptOperation &operation : m_operations) {
        auto *item
            = new QListWidgetItem(statusIcon(operation.problem.isEmpty() ? StatusIconKind::Info
                                                                         : StatusIconKind::Warning),
                                  operation.operation + u' ' + operation.name, m_list);
        item->setToolTip(explanation(operation));
    }
    m_title->setText(tr("Other operations, not run: %1").arg(count()));
    m_title->setToolTip(tr("The file's GetItem, PutItem, Scan and other operations: Keyscope "
                           "runs Queries only, and keeps these so that an export gives them "
                           "back."));
    fitHeight();
    if (row >= 0 && row < count()) {
        const QSignalBlocker blocker(m_list);
        m_list->setCurrentRow(row);
    }
    setVisible(!m_operations.empty());
}

bool KeptOperationsList::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_list && event->type() == QEvent::Resize)
        QMetaObject::invokeMethod(this, &KeptOperationsList::fitHeight, Qt::QueuedConnection);
    return QWidget::eventFilter(watched, event);
}

// Up to four rows tall, then a scroll bar: the access patterns above keep the room.
void KeptOperationsList::fitHeight()
{
    m_list->doItemsLayout(); // the rows as wrapped at the list's present width
    int height = 2 * m_list->frameWidth();
    for (int row = 0; row < std::min(count(), 4); ++row)
        height += m_list->visualItemRect(m_list->item(row)).height();
    m_list->setFixedHeight(std::max(height, m_list->fontMetrics().height()));
}

QString KeptOperationsList::explanation(const model::KeptOperation &operation)
{
    QString text = operation.operation + u' ' + operation.name;
    if (!operation.entity.isEmpty())
        text += tr(" (entity type %1)").arg(operation.entity);
    text += QStringLiteral(".\n");
    if (operation.operation == u"Scan")
        text += tr("It %1.\n").arg(operation.detail);
    else if (!operation.detail.isEmpty())
        text += tr("It uses the %1.\n").arg(operation.detail);
    if (!operation.problem.isEmpty())
        text += (operation.operation == u"Scan" ? tr("Cost: %1.\n") : tr("Problem: %1.\n"))
                    .arg(operation.problem);
    text += tr("Keyscope runs Queries only; this operation is kept in the project so that an "
               "export to the assistant's format gives it back.");
    return text;
}

} // namespace keyscope::ui
