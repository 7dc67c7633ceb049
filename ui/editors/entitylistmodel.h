#pragma once

#include <QAbstractTableModel>
#include <QStringList>

namespace keyscope::ui {

class Document;

// The document's entity types as a table: name, colour, count per parent (or in total for a
// root type), parent. Every edit goes through the Document, so it is undoable; the model
// follows projectChanged (rows change only when the list of names does).
class EntityListModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { NameColumn, ColorColumn, CountColumn, ParentColumn, ColumnCount };
    enum Role { EntityNameRole = Qt::UserRole + 1 };

    explicit EntityListModel(Document *document, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;

    QString entityName(int row) const;
    int rowOf(const QString &entity) const;

    // "25" or "25-40" (also "25–40", "25..40") as min and max; false when it is neither.
    static bool parseCount(const QString &text, int *countMin, int *countMax);
    static QString countText(int countMin, int countMax);

signals:
    // An edit the document refused, in words for the user ("'Device' is already taken").
    void editRejected(const QString &message);

private:
    void projectChanged();

    Document *m_document;
    QStringList m_names; // the rows as last announced to views
};

} // namespace keyscope::ui
