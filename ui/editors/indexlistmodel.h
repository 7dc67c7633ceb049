#pragma once

#include "model/table/tabledefinition.h"

#include <QAbstractTableModel>

#include <vector>

namespace keyscope::ui {

// A table's secondary indexes as rows: name, kind (LSI/GSI), partition key attributes, sort
// key attributes, projection. It shows the table editor's working copy, which may hold an
// index being edited that is not valid yet.
class IndexListModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { NameColumn, KindColumn, HashColumn, RangeColumn, ProjectionColumn, ColumnCount };

    explicit IndexListModel(QObject *parent = nullptr);

    void setIndexes(const std::vector<model::IndexDefinition> &indexes);
    const std::vector<model::IndexDefinition> &indexes() const { return m_indexes; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // "PK (S)" or "TenantId (S) + Region (S)": a key's attributes in order.
    static QString keysText(const std::vector<model::KeyAttribute> &keys);
    static QString projectionText(const model::IndexDefinition &index);

private:
    std::vector<model::IndexDefinition> m_indexes;
};

} // namespace keyscope::ui
