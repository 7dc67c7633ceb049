#include "ui/editors/columnfitter.h"

#include <QAbstractItemModel>
#include <QEvent>
#include <QHeaderView>
#include <QTableView>
#include <QTimer>

namespace keyscope::ui {

ColumnFitter::ColumnFitter(QTableView *view, QList<int> optionalColumns)
    : QObject(view)
    , m_view(view)
    , m_optional(std::move(optionalColumns))
{
    m_view->viewport()->installEventFilter(this);
    m_view->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    if (QAbstractItemModel *model = m_view->model()) {
        connect(model, &QAbstractItemModel::modelReset, this, &ColumnFitter::scheduleFit);
        connect(model, &QAbstractItemModel::dataChanged, this, &ColumnFitter::scheduleFit);
        connect(model, &QAbstractItemModel::rowsInserted, this, &ColumnFitter::scheduleFit);
        connect(model, &QAbstractItemModel::rowsRemoved, this, &ColumnFitter::scheduleFit);
    }
}

bool ColumnFitter::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_view->viewport() && event->type() == QEvent::Resize)
        scheduleFit();
    return QObject::eventFilter(watched, event);
}

void ColumnFitter::scheduleFit()
{
    // Resize-to-contents sections take their widths once the view has laid itself out.
    if (m_scheduled)
        return;
    m_scheduled = true;
    QTimer::singleShot(0, this, [this] {
        m_scheduled = false;
        fit();
    });
}

void ColumnFitter::fit()
{
    QHeaderView *header = m_view->horizontalHeader();
    const int columns = header->count();
    const int room = m_view->viewport()->width();
    // Show every column, then hide optional ones until the rest fits.
    for (int column : m_optional)
        header->setSectionHidden(column, false);
    const auto total = [&] {
        int width = 0;
        for (int c = 0; c < columns; ++c) {
            if (header->isSectionHidden(c))
                continue;
            // A stretched section still needs room for its content.
            width += header->sectionResizeMode(c) == QHeaderView::Stretch ? std::max(
                         header->sectionSizeHint(c), m_view->fontMetrics().averageCharWidth() * 10)
                                                                          : header->sectionSize(c);
        }
        return width;
    };
    for (int column : m_optional) {
        if (total() <= room)
            break;
        header->setSectionHidden(column, true);
    }
}

} // namespace keyscope::ui
