#include "ui/widgets/wrappinglist.h"

#include <QListView>
#include <QStyledItemDelegate>

#include <algorithm>

namespace keyscope::ui {

namespace {

// Sizes each row for the list's width, so that the style wraps its text (the list's own
// options carry no width, and the style measures unwrapped text without one).
class WrappingDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        QStyleOptionViewItem wrapped = option;
        const auto *list = qobject_cast<const QListView *>(option.widget);
        if (list) {
            wrapped.rect = QRect(0, 0, list->viewport()->width() - 2 * list->spacing(),
                                 option.rect.height());
            wrapped.features |= QStyleOptionViewItem::WrapText;
        }
        QSize size = QStyledItemDelegate::sizeHint(wrapped, index);
        if (list)
            size.setWidth(std::min(size.width(), wrapped.rect.width()));
        return size;
    }
};

} // namespace

void makeWrappingList(QListView *list)
{
    list->setItemDelegate(new WrappingDelegate(list));
    list->setWordWrap(true);
    list->setTextElideMode(Qt::ElideNone);
    list->setUniformItemSizes(false);
    list->setResizeMode(QListView::Adjust);
    list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
}

} // namespace keyscope::ui
