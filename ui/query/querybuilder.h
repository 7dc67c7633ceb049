#pragma once

#include "model/query/queryrequest.h"
#include "model/table/table.h"

#include <QJsonObject>
#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class QAction;
class QCheckBox;
class QComboBox;
class QGridLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace keyscope::ui {

class ErrorLabel;

// The "Query & trace" dock's request editor. Two views of one Query, kept in sync:
//  - controls: index, partition value (picked from the data, largest partition first, or
//    typed), sort-key operator and value(s), filter, projection, Limit, Select,
//    ScanIndexForward, ConsistentRead;
//  - text: the KeyConditionExpression with its ExpressionAttributeNames/Values as DynamoDB
//    JSON.
// Editing a control rewrites the text; typing text that parses sets the controls. The request
// is checked as DynamoDB would (QueryEngine against the table); a problem shows DynamoDB's
// message under the field it concerns, with the offending token underlined, and nothing is
// emitted until it is fixed.
class QueryBuilder : public QWidget
{
    Q_OBJECT

public:
    explicit QueryBuilder(QWidget *parent = nullptr);
    ~QueryBuilder() override;

    // The table whose indexes and partitions the controls offer (null: nothing to query). The
    // first table given starts with the largest partition and no sort-key condition; later
    // ones (re-populations) keep the current query.
    void setTable(std::shared_ptr<const model::Table> table);
    std::shared_ptr<const model::Table> table() const { return m_table; }

    // Loads a request (an access pattern's) into the controls and text. Paging members
    // (ExclusiveStartKey) are left out: next pages belong to QueryRunner.
    void setRequest(const model::QueryRequest &request);
    // The request as it stands; only meaningful when isValid().
    model::QueryRequest request() const;
    bool isValid() const { return m_valid; }
    // DynamoDB's message for the current problem, empty when valid.
    QString errorMessage() const { return m_errorMessage; }

    // "Run" (Ctrl+Return while focus is in the builder): emits runRequested.
    QAction *runAction() const { return m_runAction; }
    // "Save as Access Pattern...": emits saveAsPatternRequested (the main window opens the
    // pattern form prefilled with request()).
    QAction *saveAsPatternAction() const { return m_saveAsPatternAction; }

    // The builder inside the access pattern form: only what a pattern holds (no projection,
    // Select, Run or Save as).
    void setPatternMode();

    // A new project: no table, every field empty, as on first use.
    void reset();
    // Valid, and every operand the sort-key operator needs is given (a chosen begins_with with
    // no value yet is still being composed).
    bool isComplete() const;

signals:
    // The request changed and DynamoDB would accept it (on every keystroke: for previews).
    void requestChanged(const keyscope::model::QueryRequest &request);
    // The user finished a change of a complete request: Return or leaving a field, a pick from
    // a list, an option toggled (not the operator alone: its value comes next). The query to
    // run; emitted once per distinct request.
    void requestCommitted(const keyscope::model::QueryRequest &request);
    void runRequested();
    void saveAsPatternRequested();
    // The request was checked again, valid or not (isValid(), errorMessage()).
    void validated();

private:
    struct KeyParts;

    // querybuilderlayout.cpp: buildUi() makes the widgets in these steps.
    void buildUi();
    void createKeyControls();
    void createOptionControls();
    void createActions();
    void createExpressionControls();
    void nameObjects();
    void layOutControls();
    int layOutKeyRows(QGridLayout *grid, int row);
    int layOutFilterRows(QGridLayout *grid, int row);
    int layOutOptionRows(QGridLayout *grid, int row);
    int layOutMemberRows(QGridLayout *grid, int row);
    void connectControls();
    const model::IndexStore *store() const;
    void fillIndexes();
    void fillPartitions();
    void updateSortControls();
    void updatePartitionCount();

    void onIndexChanged();
    void onKeyControlsChanged();
    void onTextChanged();
    void onOptionChanged();
    void commit();
    void connectPartitionEdit();

    // Writes the key condition the controls describe into the expression, names and values.
    void composeFromControls();
    struct KeyCondition;
    void awaitPartitionValue(const QString &keyName);
    KeyCondition conditionToRewrite() const;
    std::vector<model::AttributeValue> chosenPartition(const model::KeySchema &keys,
                                                       QString *error) const;
    void addRangePart(const model::KeyAttribute &range, KeyCondition &condition,
                      QString *error) const;
    void refuseControls(const QString &error);
    void writeKeyCondition(const KeyCondition &condition);
    // Sets the controls from the typed key condition, when it parses against the schema.
    void decomposeToControls();
    void validate();
    void showError(const model::QueryError &error);
    void clearErrors();

    std::optional<std::map<QString, QString>> parsedNames(QString *error) const;
    std::optional<model::Item> parsedValues(QString *error) const;
    model::QueryRequest assemble(bool *ok) const;

    std::shared_ptr<const model::Table> m_table;
    std::vector<std::vector<model::AttributeValue>> m_partitionValues; // by combo row
    std::vector<qsizetype> m_partitionCounts;                          // by combo row

    QComboBox *m_index = nullptr;
    QLabel *m_partitionLabel = nullptr;
    QComboBox *m_partition = nullptr;
    QLabel *m_partitionCount = nullptr;
    QLabel *m_sortLabel = nullptr;
    QComboBox *m_operator = nullptr;
    QLineEdit *m_value = nullptr;
    QLabel *m_andLabel = nullptr;
    QLineEdit *m_upper = nullptr;
    QLineEdit *m_filter = nullptr;
    QLineEdit *m_projection = nullptr;
    QLabel *m_projectionLabel = nullptr;
    QLabel *m_selectLabel = nullptr;
    int m_filterRow = 0;
    QSpinBox *m_limit = nullptr;
    QComboBox *m_select = nullptr;
    QCheckBox *m_forward = nullptr;
    QCheckBox *m_consistent = nullptr;
    QPushButton *m_run = nullptr;
    QPushButton *m_saveAsPattern = nullptr;
    QLineEdit *m_expression = nullptr;
    QLineEdit *m_names = nullptr;
    QLineEdit *m_values = nullptr;
    ErrorLabel *m_controlsError = nullptr;
    ErrorLabel *m_filterError = nullptr;
    ErrorLabel *m_optionsError = nullptr;
    ErrorLabel *m_expressionError = nullptr;
    ErrorLabel *m_attributesError = nullptr;
    QAction *m_runAction = nullptr;
    QAction *m_saveAsPatternAction = nullptr;

    QString m_returnConsumedCapacity; // kept from setRequest; no control of its own
    bool m_syncing = false;
    bool m_patternMode = false;
    bool m_valid = false;
    QString m_errorMessage;
    QJsonObject m_lastEmitted;
    QJsonObject m_lastCommitted; // the last request run (committed, run, or loaded)
};

} // namespace keyscope::ui
