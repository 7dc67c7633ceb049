#pragma once

#include <QStyledItemDelegate>

#include <functional>

namespace keyscope::ui {

// Edits a cell with a combo box of fixed choices (types, generator kinds, parent names). The
// choices are asked for each time an editor opens, so they follow the document.
class ChoiceDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    // Each choice is {shown text, stored value}.
    using Choices = std::function<QList<QPair<QString, QString>>(const QModelIndex &)>;

    ChoiceDelegate(Choices choices, QObject *parent = nullptr);

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option,
                          const QModelIndex &index) const override;
    void setEditorData(QWidget *editor, const QModelIndex &index) const override;
    void setModelData(QWidget *editor, QAbstractItemModel *model,
                      const QModelIndex &index) const override;

private:
    Choices m_choices;
};

} // namespace keyscope::ui
