#pragma once

#include "model/design/populator.h"
#include "model/design/project.h"
#include "model/query/queryrequest.h"
#include "model/table/table.h"

#include <QDialog>
#include <QStringList>

#include <map>
#include <memory>
#include <optional>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace keyscope::ui {

class ErrorLabel;
class QueryBuilder;

// The form for one access pattern: everything a project file holds for it. The query part is
// the Query Builder (its controls and the typed key condition kept in sync); a value can
// instead come from a key template read from the parent item ("CUST#{CustomerId}"), so the
// pattern follows the design when the population changes. Choosing a parent type picks the
// item whose keys the query already uses and offers its key templates for those values.
//
// How often the pattern runs (its rate at peak and on average, for the cost report) sits under
// the parent item; ConsistentRead is the Query Builder's.
//
// The verdict on the pattern as it stands is shown live; OK is enabled only when the pattern is
// one the project file accepts (a name, unique; a query DynamoDB accepts; expectations that can
// pass).
class PatternEditor : public QDialog
{
    Q_OBJECT

public:
    PatternEditor(const model::Project &project,
                  std::shared_ptr<const model::Population> population,
                  std::shared_ptr<const model::Table> table, QWidget *parent = nullptr);
    ~PatternEditor() override;

    // Edits an existing pattern; members the form has no control for are kept.
    void setPattern(const model::AccessPattern &pattern);
    // Starts a new pattern from a query (the Query Builder's).
    void setRequest(const model::QueryRequest &request);
    // Names the pattern may not take: the project's other patterns.
    void setTakenNames(const QStringList &names);

    model::AccessPattern pattern() const;
    // Why OK is disabled, in words; empty when the pattern can be saved.
    QString problem() const { return m_problem; }
    // The verdict on the pattern as it stands: "Passes: ..." or "Fails: ...".
    QString verdict() const;

    // Chooses the parent item as the combo and the spin box do (index counts from 0).
    void setParentItem(const QString &entity, int index);
    // The key template a :placeholder's value comes from; empty for a literal value.
    QString templateText(const QString &placeholder) const;
    void setTemplateText(const QString &placeholder, const QString &templateText);

    QueryBuilder *builder() const { return m_builder; }
    QLineEdit *nameEdit() const { return m_name; }
    QPlainTextEdit *descriptionEdit() const { return m_description; }
    QComboBox *parentCombo() const { return m_parent; }
    QSpinBox *parentIndexSpin() const { return m_parentIndex; }
    QTableWidget *valuesTable() const { return m_values; }
    QListWidget *entityTypesList() const { return m_entityTypes; }
    QComboBox *countKindCombo() const { return m_countKind; }
    QSpinBox *countSpin() const { return m_count; }
    QComboBox *orderAttributeCombo() const { return m_orderAttribute; }
    QComboBox *orderDirectionCombo() const { return m_orderDirection; }
    QComboBox *parentPlaceCombo() const { return m_parentPlace; }
    QLineEdit *rateEdit() const { return m_rate; }
    QLineEdit *averageRateEdit() const { return m_averageRate; }
    QPushButton *okButton() const;

private:
    void buildUi();
    void createSourceFields();
    void createExpectationFields();
    void createRateFields();
    QLayout *rateRow();
    void layOutFields();
    void connectFields();
    void fillEntityTypes(const QStringList &checked);
    void fillOrderAttributes();
    void updateParentIndexRange();

    void onParentTypeChanged();
    void onParentIndexChanged();
    void onBuilderValidated();
    void onTemplateEdited(int row, int column);

    // The parent item as chosen (population index), -1 when none or not in the population.
    qint64 parentItem() const;
    // A template rendered against the chosen parent item, as the runner renders it.
    std::optional<model::AttributeValue> render(const QString &templateText, QString *error) const;
    // Puts the templates' rendered values into the builder's values.
    void renderTemplatesIntoBuilder();
    // Offers the parent's key templates for the builder's values that equal its keys.
    void suggestTemplates();
    void fillValuesTable();
    void revalidate();
    // Why the rates cannot be saved (as the project file refuses them); empty when they can.
    QString rateProblem() const;

    model::Project m_project;
    std::shared_ptr<const model::Population> m_population;
    std::shared_ptr<const model::Table> m_table;
    model::AccessPattern m_original;
    QStringList m_takenNames;
    std::map<QString, QString> m_templates; // :placeholder -> key template
    std::map<QString, QString> m_templateErrors;
    bool m_syncing = false;
    QString m_problem;

    QLineEdit *m_name = nullptr;
    QPlainTextEdit *m_description = nullptr;
    QComboBox *m_parent = nullptr;
    QSpinBox *m_parentIndex = nullptr;
    QueryBuilder *m_builder = nullptr;
    QTableWidget *m_values = nullptr;
    QListWidget *m_entityTypes = nullptr;
    QComboBox *m_countKind = nullptr;
    QSpinBox *m_count = nullptr;
    QComboBox *m_orderAttribute = nullptr;
    QComboBox *m_orderDirection = nullptr;
    QComboBox *m_parentPlace = nullptr;
    QLineEdit *m_rate = nullptr;
    QLineEdit *m_averageRate = nullptr;
    QLabel *m_verdictIcon = nullptr;
    QLabel *m_verdict = nullptr;
    ErrorLabel *m_problemLabel = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

} // namespace keyscope::ui
