#pragma once

#include "model/table/tabledefinition.h"
#include "ui/editors/designpanel.h"

#include <QJsonObject>
#include <QWidget>

#include <array>

class QComboBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QTableView;
class QVBoxLayout;
class QToolButton;

namespace keyscope::ui {

class Document;
class IndexListModel;

// The table definition: name, partition and sort key attributes with their types, local and
// global secondary indexes (a GSI key may have up to 4 partition and 4 sort key attributes),
// and each index's projection (KEYS_ONLY, INCLUDE with attributes, ALL).
//
// The editor works on a copy. Each finished change (a field left, a choice made, an index
// added or removed) is checked the way create-table checks it (TableDefinition::fromJson) and,
// when valid, applied with Document::setTableDefinition as one undo step. An invalid copy stays
// in the editor with DynamoDB's message and the document keeps the last valid table; undo and
// redo load the document's table back into the editor.
class TableEditor : public DesignPanel
{
    Q_OBJECT

public:
    static constexpr int kMaxKeyAttributes = 4; // per HASH / RANGE of a multi-attribute GSI key

    explicit TableEditor(Document *document, QWidget *parent = nullptr);
    ~TableEditor() override;

    // The definition as edited (possibly not valid, so not applied yet).
    const model::TableDefinition &draft() const { return m_draft; }
    // What is wrong with the draft (create-table's message), empty when it was applied.
    QString errorText() const;

    IndexListModel *indexModel() const { return m_indexes; }
    QTableView *indexView() const { return m_indexView; }
    int currentIndexRow() const;
    void setCurrentIndexRow(int row);

    // Checks a definition as create-table would: the message, empty when it is valid.
    static QString validate(const model::TableDefinition &definition);

public slots:
    // A GSI named GSI<n> keyed GSI<n>PK / GSI<n>SK (S), projecting ALL.
    void addGlobalIndex();
    // An LSI named LSI<n> on the table's partition key with sort key LSI<n>SK (S).
    void addLocalIndex();
    void removeCurrentIndex();

signals:
    // A definition was applied to the document.
    void tableApplied();

private:
    struct KeyRow
    {
        QLineEdit *name = nullptr;
        QComboBox *type = nullptr;
    };

    // The constructor's parts, each added to `layout` in `content`.
    void createTableFields(QWidget *content, QVBoxLayout *layout);
    void createIndexList(QWidget *content, QVBoxLayout *layout);
    void createIndexBox(QWidget *content, QVBoxLayout *layout);
    void load(const model::TableDefinition &definition);
    void fillTableFields();
    void fillIndexFields();
    void tableFieldsEdited();
    void indexFieldsEdited();
    void commit();
    void projectChanged();
    void indexSelectionChanged();

    Document *m_document;
    model::TableDefinition m_draft;
    QJsonObject m_applied; // the document's table when the draft last matched it
    bool m_filling = false;

    QLineEdit *m_tableName;
    KeyRow m_partitionKey;
    KeyRow m_sortKey;
    IndexListModel *m_indexes;
    QTableView *m_indexView;
    QToolButton *m_removeIndex;
    QGroupBox *m_indexBox;
    QLineEdit *m_indexName;
    QLabel *m_indexKind;
    std::array<KeyRow, kMaxKeyAttributes> m_hash;
    std::array<KeyRow, kMaxKeyAttributes> m_range;
    QComboBox *m_projection;
    QLineEdit *m_include;
    QLabel *m_includeLabel;
    QLabel *m_error;
};

} // namespace keyscope::ui
