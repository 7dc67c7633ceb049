#include "ui/patterns/patterneditor.h"

#include "model/design/accesspatternrunner.h"
#include "ui/icons/statusicon.h"
#include "ui/query/errorlabel.h"
#include "ui/query/querybuilder.h"
#include "ui/widgets/numbertext.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSet>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace keyscope::ui {

using model::AccessPattern;
using model::AttributeValue;

namespace {

enum CountKind { AnyCount, ExactCount, MinimumCount };
enum ParentPlace { PlaceNotChecked, PlaceFirst, PlaceNotFirst };
enum ValueColumn { PlaceholderColumn, TemplateColumn, ValueColumn, ValueColumnCount };

const QString kProbe = QStringLiteral(":value");

int entityIndexOf(const model::Project &project, const QString &name)
{
    for (size_t i = 0; i < project.entities.size(); ++i) {
        if (project.entities[i].name == name)
            return int(i);
    }
    return -1;
}

// The attributes an expectation can order by on an entity type: its own and its keys.
QStringList orderableAttributes(const model::EntityType &entity)
{
    QStringList names;
    for (const model::AttributeSpec &attribute : entity.attributes)
        names << attribute.name;
    for (const auto &[key, text] : entity.keys) {
        if (!names.contains(key))
            names << key;
    }
    return names;
}

QLabel *buddyLabel(const QString &text, QWidget *buddy, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setBuddy(buddy);
    return label;
}

} // namespace

PatternEditor::PatternEditor(const model::Project &project,
                             std::shared_ptr<const model::Population> population,
                             std::shared_ptr<const model::Table> table, QWidget *parent)
    : QDialog(parent)
    , m_project(project)
    , m_population(std::move(population))
    , m_table(std::move(table))
{
    setWindowTitle(tr("New Access Pattern"));
    buildUi();
    m_syncing = true;
    m_builder->setTable(m_table);
    m_syncing = false;
    fillEntityTypes({});
    fillOrderAttributes();
    updateParentIndexRange();
    fillValuesTable();
    revalidate();
}

PatternEditor::~PatternEditor() = default;

void PatternEditor::buildUi()
{
    createSourceFields();
    createExpectationFields();
    createRateFields();
    layOutFields();
    connectFields();
}

// What the pattern is, where its values come from, and the query.
void PatternEditor::createSourceFields()
{
    m_name = new QLineEdit(this);
    m_name->setObjectName(QStringLiteral("patternName"));
    m_name->setAccessibleName(tr("Pattern name"));
    m_name->setPlaceholderText(tr("e.g. Customer and their 5 newest orders"));
    m_description = new QPlainTextEdit(this);
    m_description->setObjectName(QStringLiteral("patternDescription"));
    m_description->setAccessibleName(tr("Pattern description"));
    m_description->setTabChangesFocus(true);
    m_description->setPlaceholderText(tr("Why the design answers it (optional)"));
    m_description->setFixedHeight(m_description->fontMetrics().lineSpacing() * 3 + 12);

    m_parent = new QComboBox(this);
    m_parent->setObjectName(QStringLiteral("parentEntity"));
    m_parent->setAccessibleName(tr("Parent entity type"));
    m_parent->setToolTip(tr("The item the values' key templates read, e.g. the Customer whose "
                            "orders the pattern fetches"));
    m_parent->addItem(tr("(none: literal values only)"), QString());
    // The entity type's name shows whole however narrow the column gets.
    m_parent->setMinimumContentsLength(14);
    m_parent->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    for (const model::EntityType &entity : m_project.entities)
        m_parent->addItem(colorChipIcon(QColor(entity.color)), entity.name, entity.name);
    m_parentIndex = new QSpinBox(this);
    m_parentIndex->setObjectName(QStringLiteral("parentIndex"));
    m_parentIndex->setAccessibleName(tr("Which parent item"));
    m_parentIndex->setPrefix(QStringLiteral("#"));
    m_parentIndex->setToolTip(tr("Which item of that type, in generation order (#1 is the first)"));

    m_builder = new QueryBuilder(this);
    m_builder->setPatternMode();

    m_values = new QTableWidget(0, ValueColumnCount, this);
    m_values->setObjectName(QStringLiteral("patternValues"));
    m_values->setAccessibleName(tr("Values from the parent item"));
    m_values->setHorizontalHeaderLabels(
        {tr("Placeholder"), tr("Key template"), tr("In the query")});
    m_values->verticalHeader()->hide();
    m_values->horizontalHeader()->setSectionResizeMode(PlaceholderColumn,
                                                       QHeaderView::ResizeToContents);
    m_values->horizontalHeader()->setSectionResizeMode(TemplateColumn, QHeaderView::Stretch);
    m_values->horizontalHeader()->setSectionResizeMode(ValueColumn, QHeaderView::ResizeToContents);
    m_values->setSelectionMode(QAbstractItemView::SingleSelection);
    m_values->setTabKeyNavigation(false); // Tab walks the form; arrows walk the cells
    // Room for three values (a key condition and a filter rarely use more), then it scrolls.
    m_values->setFixedHeight(m_values->verticalHeader()->defaultSectionSize() * 3
                             + m_values->horizontalHeader()->sizeHint().height() + 4);
    m_values->setToolTip(tr("A key template (\"CUST#{CustomerId}\") is rendered against the "
                            "parent item; leave it empty to keep the value as typed"));
}

// What must come back, the verdict and the buttons.
void PatternEditor::createExpectationFields()
{
    m_entityTypes = new QListWidget(this);
    m_entityTypes->setObjectName(QStringLiteral("expectedEntityTypes"));
    m_entityTypes->setAccessibleName(tr("Expected entity types"));
    m_entityTypes->setToolTip(tr("Every item returned is one of the checked types (none "
                                 "checked: any type)"));

    m_countKind = new QComboBox(this);
    m_countKind->setObjectName(QStringLiteral("countKind"));
    m_countKind->setAccessibleName(tr("Expected count"));
    m_countKind->addItems({tr("any number"), tr("exactly"), tr("at least")});
    m_count = new QSpinBox(this);
    m_count->setObjectName(QStringLiteral("count"));
    m_count->setAccessibleName(tr("Expected number of items"));
    m_count->setRange(0, 1000000);
    m_count->setSuffix(tr(" items"));

    m_orderAttribute = new QComboBox(this);
    m_orderAttribute->setObjectName(QStringLiteral("orderAttribute"));
    m_orderAttribute->setAccessibleName(tr("Expected order attribute"));
    m_orderAttribute->setToolTip(tr("The items other than the parent come back in this "
                                    "attribute's order"));
    m_orderDirection = new QComboBox(this);
    m_orderDirection->setObjectName(QStringLiteral("orderDirection"));
    m_orderDirection->setAccessibleName(tr("Expected order direction"));
    m_orderDirection->addItems({tr("ascending"), tr("descending")});

    m_parentPlace = new QComboBox(this);
    m_parentPlace->setObjectName(QStringLiteral("parentPlace"));
    m_parentPlace->setAccessibleName(tr("Where the parent item comes"));
    m_parentPlace->addItems(
        {tr("(not checked)"), tr("is the first result"), tr("is not the first result")});

    m_verdictIcon = new QLabel(this);
    m_verdict = new QLabel(this);
    m_verdict->setObjectName(QStringLiteral("verdict"));
    m_verdict->setAccessibleName(tr("Verdict"));
    m_verdict->setWordWrap(true);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_problemLabel = new ErrorLabel(this);
    m_problemLabel->setObjectName(QStringLiteral("patternProblem"));

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        if (m_problem.isEmpty())
            accept();
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

// How often the pattern runs: what its reads cost (the Capacity panel, `keyscope cost`).
void PatternEditor::createRateFields()
{
    m_rate = new QLineEdit(this);
    m_rate->setObjectName(QStringLiteral("patternRate"));
    m_rate->setAccessibleName(tr("Peak rate, requests per second"));
    m_rate->setPlaceholderText(tr("not declared: 1"));
    m_rate->setToolTip(tr("Requests per second at the busiest time: sizes the provisioned read "
                          "capacity. Empty: not declared, the cost report assumes 1."));
    m_averageRate = new QLineEdit(this);
    m_averageRate->setObjectName(QStringLiteral("patternAverageRate"));
    m_averageRate->setAccessibleName(tr("Average rate, requests per second"));
    m_averageRate->setPlaceholderText(tr("same as the peak"));
    m_averageRate->setToolTip(tr("Requests per second averaged over a month: what on-demand "
                                 "reads cost. At most the peak rate. Empty: the peak rate."));
}

// One row: "Requests/s: [200] at peak, [40] on average"; each label says what its figure means.
QLayout *PatternEditor::rateRow()
{
    auto *row = new QHBoxLayout;
    const auto add = [&](QLineEdit *edit, const QString &text) {
        edit->setMinimumWidth(edit->fontMetrics().horizontalAdvance(edit->placeholderText()) + 16);
        row->addWidget(edit, 1);
        QLabel *label = buddyLabel(text, edit, this);
        label->setToolTip(edit->toolTip());
        row->addWidget(label);
    };
    add(m_rate, tr("at peak,"));
    add(m_averageRate, tr("on avera&ge"));
    return row;
}

void PatternEditor::layOutFields()
{
    // Left: what the pattern is and the query; right: where values come from and what must
    // come back.
    auto *about = new QFormLayout;
    about->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    about->addRow(buddyLabel(tr("Na&me:"), m_name, this), m_name);
    about->addRow(buddyLabel(tr("&Description:"), m_description, this), m_description);
    auto *parentRow = new QHBoxLayout;
    parentRow->addWidget(m_parent, 1);
    parentRow->addWidget(m_parentIndex);
    about->addRow(buddyLabel(tr("Pa&rent item:"), m_parent, this), parentRow);
    QLabel *rateLabel = buddyLabel(tr("Re&quests/s:"), m_rate, this);
    rateLabel->setToolTip(tr("How often the pattern runs, for what its reads cost (the Capacity "
                             "panel)"));
    about->addRow(rateLabel, rateRow());

    auto *queryBox = new QGroupBox(tr("Query"), this);
    auto *queryLayout = new QVBoxLayout(queryBox);
    queryLayout->setContentsMargins(6, 6, 6, 6);
    queryLayout->addWidget(m_builder);

    auto *left = new QVBoxLayout;
    left->addLayout(about);
    left->addWidget(queryBox, 1);

    auto *valuesBox = new QGroupBox(tr("Values from the parent item"), this);
    auto *valuesLayout = new QVBoxLayout(valuesBox);
    valuesLayout->setContentsMargins(6, 6, 6, 6);
    valuesLayout->addWidget(m_values);

    auto *expectBox = new QGroupBox(tr("Expectations"), this);
    auto *expect = new QFormLayout(expectBox);
    expect->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    expect->addRow(buddyLabel(tr("&Entity types:"), m_entityTypes, this), m_entityTypes);
    auto *countRow = new QHBoxLayout;
    countRow->addWidget(m_countKind);
    countRow->addWidget(m_count, 1);
    expect->addRow(buddyLabel(tr("Co&unt:"), m_countKind, this), countRow);
    auto *orderRow = new QHBoxLayout;
    orderRow->addWidget(m_orderAttribute, 1);
    orderRow->addWidget(m_orderDirection);
    expect->addRow(buddyLabel(tr("&Order by:"), m_orderAttribute, this), orderRow);
    expect->addRow(buddyLabel(tr("T&he parent item:"), m_parentPlace, this), m_parentPlace);

    auto *verdictRow = new QHBoxLayout;
    verdictRow->addWidget(m_verdictIcon, 0, Qt::AlignTop);
    verdictRow->addWidget(m_verdict, 1);

    auto *right = new QVBoxLayout;
    right->addWidget(valuesBox);
    right->addWidget(expectBox);
    right->addLayout(verdictRow);
    right->addStretch(1);

    auto *columns = new QHBoxLayout;
    columns->addLayout(left, 3);
    columns->addLayout(right, 2);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(columns, 1);
    layout->addWidget(m_problemLabel);
    layout->addWidget(m_buttons);
}

void PatternEditor::connectFields()
{
    // The rates are made after the query's controls; Tab reaches them under the parent item.
    setTabOrder(m_parentIndex, m_rate);
    setTabOrder(m_rate, m_averageRate);
    connect(m_name, &QLineEdit::textChanged, this, &PatternEditor::revalidate);
    for (QLineEdit *edit : {m_rate, m_averageRate})
        connect(edit, &QLineEdit::textChanged, this, [this] {
            if (!m_syncing)
                revalidate();
        });
    connect(m_parent, &QComboBox::currentIndexChanged, this, &PatternEditor::onParentTypeChanged);
    connect(m_parentIndex, &QSpinBox::valueChanged, this, &PatternEditor::onParentIndexChanged);
    connect(m_builder, &QueryBuilder::validated, this, &PatternEditor::onBuilderValidated);
    connect(m_values, &QTableWidget::cellChanged, this, &PatternEditor::onTemplateEdited);
    connect(m_entityTypes, &QListWidget::itemChanged, this, [this] {
        if (m_syncing)
            return;
        fillOrderAttributes();
        revalidate();
    });
    for (QComboBox *combo : {m_countKind, m_orderAttribute, m_orderDirection, m_parentPlace})
        connect(combo, &QComboBox::currentIndexChanged, this, [this] {
            if (!m_syncing)
                revalidate();
        });
    connect(m_count, &QSpinBox::valueChanged, this, [this] {
        if (!m_syncing)
            revalidate();
    });
}

QPushButton *PatternEditor::okButton() const
{
    return m_buttons->button(QDialogButtonBox::Ok);
}

// --- Loading ---

void PatternEditor::setPattern(const model::AccessPattern &pattern)
{
    m_original = pattern;
    setWindowTitle(tr("Edit Access Pattern"));
    m_syncing = true;
    m_name->setText(pattern.name);
    m_description->setPlainText(pattern.description);
    int parentRow = m_parent->findData(pattern.parentEntity);
    if (parentRow < 0) {
        m_parent->addItem(pattern.parentEntity, pattern.parentEntity);
        parentRow = m_parent->count() - 1;
    }
    m_parent->setCurrentIndex(parentRow);
    updateParentIndexRange();
    m_parentIndex->setValue(pattern.parentIndex + 1);

    m_templates.clear();
    for (const auto &[placeholder, value] : pattern.values) {
        if (!value.literal)
            m_templates[placeholder] = value.templateText;
    }
    model::QueryRequest request;
    request.indexName = pattern.indexName;
    request.keyConditionExpression = pattern.keyConditionExpression;
    request.filterExpression = pattern.filterExpression;
    if (!pattern.names.empty())
        request.expressionAttributeNames = pattern.names;
    std::map<QString, AttributeValue> values;
    for (const auto &[placeholder, value] : pattern.values) {
        QString ignored;
        if (value.literal)
            values[placeholder] = *value.literal;
        else if (auto rendered = render(value.templateText, &ignored))
            values[placeholder] = *rendered;
    }
    if (!values.empty())
        request.expressionAttributeValues = values;
    request.scanIndexForward = pattern.scanIndexForward;
    request.limit = pattern.limit;
    request.consistentRead = pattern.consistentRead;
    m_builder->setRequest(request);
    m_rate->setText(pattern.rate ? NumberText::format(*pattern.rate) : QString());
    m_averageRate->setText(pattern.averageRate ? NumberText::format(*pattern.averageRate)
                                               : QString());

    const model::PatternExpectation &expect = pattern.expect;
    fillEntityTypes(expect.entityTypes);
    m_countKind->setCurrentIndex(expect.count ? ExactCount
                                              : (expect.minCount ? MinimumCount : AnyCount));
    m_count->setValue(int(expect.count.value_or(expect.minCount.value_or(0))));
    fillOrderAttributes();
    int orderRow = m_orderAttribute->findData(expect.orderAttribute);
    if (orderRow < 0) {
        m_orderAttribute->addItem(expect.orderAttribute, expect.orderAttribute);
        orderRow = m_orderAttribute->count() - 1;
    }
    m_orderAttribute->setCurrentIndex(orderRow);
    m_orderDirection->setCurrentIndex(expect.orderAscending ? 0 : 1);
    m_parentPlace->setCurrentIndex(
        !expect.parentFirst ? PlaceNotChecked : (*expect.parentFirst ? PlaceFirst : PlaceNotFirst));
    m_syncing = false;
    renderTemplatesIntoBuilder();
    fillValuesTable();
    revalidate();
}

void PatternEditor::setRequest(const model::QueryRequest &request)
{
    // A pattern has no projection or Select.
    model::QueryRequest query = request;
    query.projectionExpression.reset();
    query.select.reset();
    query.exclusiveStartKey.reset();
    m_syncing = true;
    m_builder->setRequest(query);
    m_syncing = false;
    fillValuesTable();
    revalidate();
}

void PatternEditor::setTakenNames(const QStringList &names)
{
    m_takenNames = names;
    revalidate();
}

void PatternEditor::fillEntityTypes(const QStringList &checked)
{
    const bool wasSyncing = m_syncing;
    m_syncing = true;
    m_entityTypes->clear();
    QStringList names;
    for (const model::EntityType &entity : m_project.entities)
        names << entity.name;
    for (const QString &name : checked) {
        if (!names.contains(name))
            names << name;
    }
    for (const QString &name : names) {
        auto *item = new QListWidgetItem(name, m_entityTypes);
        if (const model::EntityType *entity = m_project.entity(name))
            item->setIcon(colorChipIcon(QColor(entity->color)));
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
        item->setCheckState(checked.contains(name) ? Qt::Checked : Qt::Unchecked);
    }
    // Every type in view up to five (then it scrolls): a long verdict grows the form instead.
    const int rows = std::clamp(int(names.size()), 1, 5);
    const int rowHeight
        = std::max(m_entityTypes->sizeHintForRow(0), m_entityTypes->fontMetrics().lineSpacing());
    m_entityTypes->setFixedHeight(rows * rowHeight + 2 * m_entityTypes->frameWidth() + 2);
    m_syncing = wasSyncing;
}

void PatternEditor::fillOrderAttributes()
{
    const bool wasSyncing = m_syncing;
    m_syncing = true;
    const QString current = m_orderAttribute->currentData().toString();
    QStringList checked;
    for (int i = 0; i < m_entityTypes->count(); ++i) {
        if (m_entityTypes->item(i)->checkState() == Qt::Checked)
            checked << m_entityTypes->item(i)->text();
    }
    QStringList attributes;
    for (const model::EntityType &entity : m_project.entities) {
        if (!checked.isEmpty() && !checked.contains(entity.name))
            continue;
        for (const QString &name : orderableAttributes(entity)) {
            if (!attributes.contains(name))
                attributes << name;
        }
    }
    m_orderAttribute->clear();
    m_orderAttribute->addItem(tr("(not checked)"), QString());
    for (const QString &name : attributes)
        m_orderAttribute->addItem(name, name);
    int row = m_orderAttribute->findData(current);
    if (row < 0) {
        // Kept so the choice is not lost silently; validation says why it cannot stay.
        m_orderAttribute->addItem(current, current);
        row = m_orderAttribute->count() - 1;
    }
    m_orderAttribute->setCurrentIndex(row);
    m_syncing = wasSyncing;
}

void PatternEditor::updateParentIndexRange()
{
    const bool wasSyncing = m_syncing;
    m_syncing = true;
    const QString parent = m_parent->currentData().toString();
    const int entity = entityIndexOf(m_project, parent);
    int available = 0;
    if (entity >= 0 && m_population) {
        for (qsizetype i = 0; i < m_population->generatedCount; ++i)
            available += m_population->entityOf[size_t(i)] == entity ? 1 : 0;
    } else if (entity >= 0) {
        available = m_project.entities[size_t(entity)].countMax;
    }
    m_parentIndex->setEnabled(entity >= 0);
    m_parentIndex->setRange(1, std::max(1, available));
    m_parentIndex->setSuffix(entity >= 0 ? tr(" of %1").arg(available) : QString());
    m_parentPlace->setEnabled(!parent.isEmpty());
    m_syncing = wasSyncing;
}

// --- Parent item and templates ---

qint64 PatternEditor::parentItem() const
{
    const int entity = entityIndexOf(m_project, m_parent->currentData().toString());
    if (entity < 0 || !m_population)
        return -1;
    qint64 seen = 0;
    for (qsizetype i = 0; i < m_population->generatedCount; ++i) {
        if (m_population->entityOf[size_t(i)] == entity && seen++ == m_parentIndex->value() - 1)
            return i;
    }
    return -1;
}

std::optional<AttributeValue> PatternEditor::render(const QString &templateText,
                                                    QString *error) const
{
    if (!m_population || !m_table) {
        *error = tr("the design does not populate, so there is no parent item to read");
        return std::nullopt;
    }
    // The runner renders a pattern's values before it queries: one value, no query.
    AccessPattern probe;
    probe.parentEntity = m_parent->currentData().toString();
    probe.parentIndex = probe.parentEntity.isEmpty() ? 0 : m_parentIndex->value() - 1;
    probe.values[kProbe] = model::PatternValue {templateText, std::nullopt};
    const model::PatternResult result
        = model::AccessPatternRunner::run(m_project, *m_population, *m_table, probe);
    if (result.request.expressionAttributeValues) {
        const auto found = result.request.expressionAttributeValues->find(kProbe);
        if (found != result.request.expressionAttributeValues->end())
            return found->second;
    }
    const QString prefix = QStringLiteral("Value ") + kProbe + QStringLiteral(": ");
    *error = result.explanation.startsWith(prefix) ? result.explanation.mid(prefix.size())
                                                   : result.explanation;
    return std::nullopt;
}

void PatternEditor::renderTemplatesIntoBuilder()
{
    m_templateErrors.clear();
    model::QueryRequest request = m_builder->request();
    std::map<QString, AttributeValue> values
        = request.expressionAttributeValues.value_or(std::map<QString, AttributeValue> {});
    bool changed = false;
    for (const auto &[placeholder, text] : m_templates) {
        QString error;
        const auto rendered = render(text, &error);
        if (!rendered) {
            m_templateErrors[placeholder] = error;
            continue;
        }
        const auto found = values.find(placeholder);
        if (found == values.end() || !(found->second == *rendered)) {
            values[placeholder] = *rendered;
            changed = true;
        }
    }
    if (!changed)
        return;
    request.expressionAttributeValues = values;
    m_syncing = true;
    m_builder->setRequest(request);
    m_syncing = false;
}

void PatternEditor::suggestTemplates()
{
    const qint64 item = parentItem();
    const model::EntityType *entity = m_project.entity(m_parent->currentData().toString());
    const model::QueryRequest request = m_builder->request();
    if (item < 0 || !entity || !request.expressionAttributeValues)
        return;
    const model::Item &parent = m_population->items[size_t(item)];
    for (const auto &[placeholder, value] : *request.expressionAttributeValues) {
        if (m_templates.count(placeholder))
            continue;
        for (const auto &[key, text] : entity->keys) {
            const auto found = parent.find(key);
            if (found == parent.end() || !(found->second == value))
                continue;
            QString error;
            const auto rendered = render(text, &error);
            if (rendered && *rendered == value) {
                m_templates[placeholder] = text;
                break;
            }
        }
    }
}

void PatternEditor::onParentTypeChanged()
{
    if (m_syncing)
        return;
    updateParentIndexRange();
    const QString parent = m_parent->currentData().toString();
    if (parent.isEmpty()) {
        // No parent item to read: the values stay as they are now, literal.
        m_templates.clear();
        m_parentPlace->setCurrentIndex(PlaceNotChecked);
    }
    // The item of that type whose keys the query already uses (the partition picked in the
    // builder), else the first.
    const int entity = entityIndexOf(m_project, parent);
    const model::QueryRequest request = m_builder->request();
    int chosen = 0;
    if (entity >= 0 && m_population && request.expressionAttributeValues) {
        const model::EntityType &type = m_project.entities[size_t(entity)];
        int seen = 0;
        for (qsizetype i = 0; i < m_population->generatedCount && chosen == 0; ++i) {
            if (m_population->entityOf[size_t(i)] != entity)
                continue;
            ++seen;
            const model::Item &candidate = m_population->items[size_t(i)];
            for (const auto &[key, text] : type.keys) {
                const auto found = candidate.find(key);
                if (found == candidate.end())
                    continue;
                for (const auto &[placeholder, value] : *request.expressionAttributeValues) {
                    if (value == found->second)
                        chosen = seen;
                }
            }
        }
    }
    chosen = std::max(chosen, 1);
    m_syncing = true;
    m_parentIndex->setValue(chosen);
    m_syncing = false;
    renderTemplatesIntoBuilder();
    suggestTemplates();
    fillValuesTable();
    revalidate();
}

void PatternEditor::onParentIndexChanged()
{
    if (m_syncing)
        return;
    renderTemplatesIntoBuilder();
    suggestTemplates();
    fillValuesTable();
    revalidate();
}

void PatternEditor::setParentItem(const QString &entity, int index)
{
    const int row = m_parent->findData(entity);
    if (row < 0)
        return;
    if (row != m_parent->currentIndex())
        m_parent->setCurrentIndex(row);
    m_parentIndex->setValue(index + 1);
}

QString PatternEditor::templateText(const QString &placeholder) const
{
    const auto found = m_templates.find(placeholder);
    return found != m_templates.end() ? found->second : QString();
}

void PatternEditor::setTemplateText(const QString &placeholder, const QString &templateText)
{
    if (templateText.isEmpty())
        m_templates.erase(placeholder);
    else
        m_templates[placeholder] = templateText;
    renderTemplatesIntoBuilder();
    fillValuesTable();
    revalidate();
}

void PatternEditor::onTemplateEdited(int row, int column)
{
    if (m_syncing || column != TemplateColumn)
        return;
    const QTableWidgetItem *placeholder = m_values->item(row, PlaceholderColumn);
    const QTableWidgetItem *text = m_values->item(row, TemplateColumn);
    if (placeholder && text)
        setTemplateText(placeholder->text(), text->text().trimmed());
}

void PatternEditor::onBuilderValidated()
{
    if (m_syncing)
        return;
    // A value that is no longer what its template gives was chosen in the builder (another
    // partition): it is literal now. Only a query that parses says which values it holds.
    if (m_builder->isValid()) {
        const model::QueryRequest request = m_builder->request();
        const auto values
            = request.expressionAttributeValues.value_or(std::map<QString, AttributeValue> {});
        for (auto it = m_templates.begin(); it != m_templates.end();) {
            const auto found = values.find(it->first);
            QString error;
            const auto rendered = found == values.end() ? std::nullopt : render(it->second, &error);
            const bool keep = found != values.end()
                && (m_templateErrors.count(it->first) || (rendered && *rendered == found->second));
            it = keep ? std::next(it) : m_templates.erase(it);
        }
    }
    fillValuesTable();
    revalidate();
}

void PatternEditor::fillValuesTable()
{
    const model::QueryRequest request = m_builder->request();
    std::map<QString, AttributeValue> values
        = request.expressionAttributeValues.value_or(std::map<QString, AttributeValue> {});
    QStringList placeholders;
    for (const auto &[placeholder, value] : values)
        placeholders << placeholder;
    for (const auto &[placeholder, text] : m_templates) {
        if (!values.count(placeholder))
            placeholders << placeholder;
    }
    placeholders.sort();

    const bool wasSyncing = m_syncing;
    m_syncing = true;
    if (m_values->rowCount() != placeholders.size())
        m_values->setRowCount(int(placeholders.size()));
    for (int row = 0; row < placeholders.size(); ++row) {
        const QString &placeholder = placeholders[row];
        auto *name = m_values->item(row, PlaceholderColumn);
        if (!name) {
            name = new QTableWidgetItem;
            name->setFlags(Qt::ItemIsEnabled);
            m_values->setItem(row, PlaceholderColumn, name);
        }
        name->setText(placeholder);
        auto *text = m_values->item(row, TemplateColumn);
        if (!text) {
            text = new QTableWidgetItem;
            m_values->setItem(row, TemplateColumn, text);
        }
        if (text->text() != templateText(placeholder))
            text->setText(templateText(placeholder));
        auto *value = m_values->item(row, ValueColumn);
        if (!value) {
            value = new QTableWidgetItem;
            value->setFlags(Qt::ItemIsEnabled);
            m_values->setItem(row, ValueColumn, value);
        }
        const auto error = m_templateErrors.find(placeholder);
        const auto found = values.find(placeholder);
        if (error != m_templateErrors.end()) {
            value->setText(error->second);
            value->setForeground(palette().brush(QPalette::Disabled, QPalette::Text));
        } else {
            value->setText(found != values.end() ? found->second.displayText() : QString());
            value->setForeground(palette().brush(QPalette::Text));
        }
        value->setToolTip(value->text());
    }
    m_syncing = wasSyncing;
}

// --- Result ---

model::AccessPattern PatternEditor::pattern() const
{
    AccessPattern pattern = m_original;
    pattern.name = m_name->text().trimmed();
    pattern.description = m_description->toPlainText();
    const model::QueryRequest request = m_builder->request();
    pattern.indexName = request.indexName;
    pattern.keyConditionExpression = request.keyConditionExpression;
    pattern.filterExpression = request.filterExpression;
    pattern.names = request.expressionAttributeNames.value_or(std::map<QString, QString> {});
    pattern.values.clear();
    if (request.expressionAttributeValues) {
        for (const auto &[placeholder, value] : *request.expressionAttributeValues) {
            const QString text = templateText(placeholder);
            pattern.values[placeholder] = text.isEmpty() ? model::PatternValue {QString(), value}
                                                         : model::PatternValue {text, std::nullopt};
        }
    }
    pattern.parentEntity = m_parent->currentData().toString();
    pattern.parentIndex = pattern.parentEntity.isEmpty() ? 0 : m_parentIndex->value() - 1;
    pattern.scanIndexForward = request.scanIndexForward;
    pattern.limit = request.limit;
    pattern.consistentRead = request.consistentRead;
    pattern.rate = NumberText::parse(m_rate->text()).value;
    pattern.averageRate = NumberText::parse(m_averageRate->text()).value;

    model::PatternExpectation &expect = pattern.expect;
    QStringList checked;
    for (int i = 0; i < m_entityTypes->count(); ++i) {
        if (m_entityTypes->item(i)->checkState() == Qt::Checked)
            checked << m_entityTypes->item(i)->text();
    }
    // The order the file had, when the same types are expected.
    if (QSet<QString>(checked.begin(), checked.end())
        != QSet<QString>(expect.entityTypes.begin(), expect.entityTypes.end()))
        expect.entityTypes = checked;
    expect.count.reset();
    expect.minCount.reset();
    if (m_countKind->currentIndex() == ExactCount)
        expect.count = m_count->value();
    else if (m_countKind->currentIndex() == MinimumCount)
        expect.minCount = m_count->value();
    const QString order = m_orderAttribute->currentData().toString();
    if (order != expect.orderAttribute)
        expect.orderByExtra = {};
    expect.orderAttribute = order;
    expect.orderAscending = order.isEmpty() || m_orderDirection->currentIndex() == 0;
    switch (m_parentPlace->currentIndex()) {
    case PlaceFirst:
        expect.parentFirst = true;
        break;
    case PlaceNotFirst:
        expect.parentFirst = false;
        break;
    default:
        expect.parentFirst.reset();
    }
    if (pattern.parentEntity.isEmpty())
        expect.parentFirst.reset();
    return pattern;
}

QString PatternEditor::rateProblem() const
{
    const NumberText rate = NumberText::parse(m_rate->text());
    if (!rate.problem.isEmpty())
        return tr("Rate: %1.").arg(rate.problem);
    const NumberText average = NumberText::parse(m_averageRate->text());
    if (!average.problem.isEmpty())
        return tr("Average rate: %1.").arg(average.problem);
    if (rate.value && average.value && *average.value > *rate.value)
        return tr("The average rate %1 requests per second is above the peak rate %2: the "
                  "average cannot exceed the peak; raise the peak or lower the average.")
            .arg(NumberText::format(*average.value), NumberText::format(*rate.value));
    return {};
}

QString PatternEditor::verdict() const
{
    return m_verdict->text();
}

void PatternEditor::revalidate()
{
    m_count->setEnabled(m_countKind->currentIndex() != AnyCount);
    m_orderDirection->setEnabled(!m_orderAttribute->currentData().toString().isEmpty());
    const AccessPattern current = pattern();

    QString problem;
    const auto limitProblem = [&]() -> QString {
        const auto wanted = current.expect.count ? current.expect.count : current.expect.minCount;
        if (!current.limit || !wanted || *wanted <= *current.limit)
            return {};
        return tr("The expected count %1 is more than the Limit %2: a page holds at most %2 "
                  "items, so the pattern could never pass.")
            .arg(*wanted)
            .arg(*current.limit);
    };
    const auto orderProblem = [&]() -> QString {
        const QString &attribute = current.expect.orderAttribute;
        if (attribute.isEmpty())
            return {};
        for (const model::EntityType &entity : m_project.entities) {
            if ((current.expect.entityTypes.isEmpty()
                 || current.expect.entityTypes.contains(entity.name))
                && orderableAttributes(entity).contains(attribute))
                return {};
        }
        return tr("No expected entity type has the attribute %1 to order by.").arg(attribute);
    };
    if (current.name.isEmpty())
        problem = tr("Give the pattern a name.");
    else if (m_takenNames.contains(current.name))
        problem = tr("Another access pattern is already named \u201c%1\u201d; names must be "
                     "unique.")
                      .arg(current.name);
    else if (!m_table)
        problem = tr("The design does not populate, so the query cannot be checked: fix the "
                     "design first.");
    else if (!m_builder->isValid())
        problem = tr("The query is not valid: %1").arg(m_builder->errorMessage());
    else if (!m_templateErrors.empty())
        problem = tr("Value %1: %2")
                      .arg(m_templateErrors.begin()->first, m_templateErrors.begin()->second);
    else if (const QString limit = limitProblem(); !limit.isEmpty())
        problem = limit;
    else if (const QString order = orderProblem(); !order.isEmpty())
        problem = order;
    else if (const QString rate = rateProblem(); !rate.isEmpty())
        problem = rate;
    m_problem = problem;
    okButton()->setEnabled(problem.isEmpty());
    if (problem.isEmpty())
        m_problemLabel->clearError();
    else
        m_problemLabel->showError(problem);

    // The verdict as the document will give it, whenever the query can run.
    if (m_table && m_population && m_builder->isValid() && m_templateErrors.empty()) {
        const model::PatternResult result
            = model::AccessPatternRunner::run(m_project, *m_population, *m_table, current);
        m_verdictIcon->setPixmap(
            statusIcon(result.passed ? StatusIconKind::Pass : StatusIconKind::Fail).pixmap(16, 16));
        m_verdict->setText(
            (result.passed ? tr("Passes: %1") : tr("Fails: %1")).arg(result.explanation));
    } else {
        m_verdictIcon->clear();
        m_verdict->setText(tr("Not run yet: the query is incomplete."));
    }
}

} // namespace keyscope::ui
