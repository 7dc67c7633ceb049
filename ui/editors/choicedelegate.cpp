#include "ui/editors/choicedelegate.h"

#include <QComboBox>

namespace keyscope::ui {

ChoiceDelegate::ChoiceDelegate(Choices choices, QObject *parent)
    : QStyledItemDelegate(parent)
    , m_choices(std::move(choices))
{ }

QWidget *ChoiceDelegate::createEditor(QWidget *parent, const QStyleOptionViewItem &,
                                      const QModelIndex &index) const
{
    auto *combo = new QComboBox(parent);
    combo->setAccessibleName(index.model()->headerData(index.column(), Qt::Horizontal).toString());
    for (const auto &[text, value] : m_choices(index))
        combo->addItem(text, value);
    // Commit as soon as a choice is picked: one pick, one undo step.
    connect(combo, &QComboBox::activated, this, [this, combo] {
        emit const_cast<ChoiceDelegate *>(this)->commitData(combo);
        emit const_cast<ChoiceDelegate *>(this)->closeEditor(combo);
    });
    return combo;
}

void ChoiceDelegate::setEditorData(QWidget *editor, const QModelIndex &index) const
{
    auto *combo = static_cast<QComboBox *>(editor);
    const int at = combo->findData(index.data(Qt::EditRole).toString());
    combo->setCurrentIndex(qMax(0, at));
}

void ChoiceDelegate::setModelData(QWidget *editor, QAbstractItemModel *model,
                                  const QModelIndex &index) const
{
    auto *combo = static_cast<QComboBox *>(editor);
    if (combo->currentData().toString() != index.data(Qt::EditRole).toString())
        model->setData(index, combo->currentData(), Qt::EditRole);
}

} // namespace keyscope::ui
