#pragma once

#include "model/design/project.h"

#include <QAbstractTableModel>
#include <QStringList>

namespace keyscope::ui {

class Document;

// One entity type's attributes as a table: name, type, generator kind, its parameters (a
// summary; the editor's generator form changes them), mutable, exposed in URLs. Edits replace
// the entity type through Document::setEntity, so each is one undo step.
class AttributeListModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        NameColumn,
        TypeColumn,
        GeneratorColumn,
        ParametersColumn,
        MutableColumn,
        UrlColumn,
        ColumnCount
    };

    explicit AttributeListModel(Document *document, QObject *parent = nullptr);

    void setEntity(const QString &entity);
    QString entity() const { return m_entity; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;

    // The attribute at `row` of the current entity, or null.
    const model::AttributeSpec *attribute(int row) const;
    // Replaces the attribute at `row` (one undo step). False when the name is taken or empty.
    bool setAttribute(int row, const model::AttributeSpec &spec);
    bool addAttribute();
    bool removeAttribute(int row);

    static QStringList typeNames();
    static QStringList generatorKindNames();
    // The parameters of a generator in a few words: "start 1, step 1", "d-####".
    static QString parametersSummary(const model::AttributeSpec &spec);
    // The generator a user most likely means on switching to `kind`: the old parameters where
    // they apply, sensible ones where they do not (a choice gets two choices).
    static model::GeneratorSpec defaultsFor(model::GeneratorSpec::Kind kind,
                                            const model::AttributeSpec &spec);
    // Why ValueGenerator::create refuses the attribute, empty when it accepts it.
    static QString generatorProblem(const model::AttributeSpec &spec);
    // The generator an attribute gets when its type changes: its own while it still makes
    // values of the new type, else the type's default generator (a timestamp for timestamps).
    static model::GeneratorSpec generatorForType(const model::AttributeSpec &spec);

signals:
    void editRejected(const QString &message);

private:
    void projectChanged();
    const model::EntityType *entityType() const;
    bool replace(const model::EntityType &entity);

    Document *m_document;
    QString m_entity;
    int m_rows = 0;
};

} // namespace keyscope::ui
