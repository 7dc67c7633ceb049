#include "ui/query/querybuilder.h"

#include "model/codegen/codesnippets.h"
#include "ui/query/errorlabel.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QFontDatabase>
#include <QFrame>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

// The query builder's widgets: made, named, laid out and connected (the behaviour is in
// querybuilder.cpp).

namespace keyscope::ui {

namespace {

QLabel *builderLabel(const QString &text, QWidget *buddy, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setBuddy(buddy);
    return label;
}

} // namespace

void QueryBuilder::buildUi()
{
    createKeyControls();
    createOptionControls();
    createActions();
    createExpressionControls();
    nameObjects();
    layOutControls();
    connectControls();
}

void QueryBuilder::createKeyControls()
{
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);

    m_index = new QComboBox(this);
    m_index->setAccessibleName(tr("Index"));
    m_index->setSizeAdjustPolicy(QComboBox::AdjustToContents);

    m_partition = new QComboBox(this);
    m_partition->setEditable(true);
    m_partition->setInsertPolicy(QComboBox::NoInsert);
    m_partition->setAccessibleName(tr("Partition key value"));
    m_partition->setMinimumContentsLength(14);
    m_partition->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_partition->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    m_partition->setFont(mono);
    m_partitionCount = new QLabel(this);
    m_partitionCount->setForegroundRole(QPalette::PlaceholderText);
    m_partitionLabel = builderLabel(tr("&Partition"), m_partition, this);

    m_operator = new QComboBox(this);
    m_operator->addItems({tr("(no condition)"), QStringLiteral("="), QStringLiteral("<"),
                          QStringLiteral("<="), QStringLiteral(">"), QStringLiteral(">="),
                          QStringLiteral("BETWEEN"), QStringLiteral("begins_with")});
    m_operator->setAccessibleName(tr("Sort key operator"));
    m_value = new QLineEdit(this);
    m_value->setAccessibleName(tr("Sort key value"));
    m_value->setFont(mono);
    m_andLabel = new QLabel(tr("and"), this);
    m_andLabel->setContentsMargins(4, 0, 4, 0);
    m_upper = new QLineEdit(this);
    m_upper->setAccessibleName(tr("Sort key upper bound"));
    m_upper->setFont(mono);
    m_sortLabel = builderLabel(tr("&Sort key"), m_operator, this);
}

void QueryBuilder::createOptionControls()
{
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);

    m_filter = new QLineEdit(this);
    m_filter->setAccessibleName(tr("Filter expression"));
    m_filter->setPlaceholderText(tr("e.g. attribute_exists(Battery)"));
    m_filter->setFont(mono);
    m_filter->setClearButtonEnabled(true);
    m_projection = new QLineEdit(this);
    m_projection->setAccessibleName(tr("Projection expression"));
    m_projection->setPlaceholderText(tr("all attributes"));
    m_projection->setFont(mono);
    m_projection->setClearButtonEnabled(true);

    m_limit = new QSpinBox(this);
    m_limit->setRange(0, 1000000);
    m_limit->setSpecialValueText(tr("none"));
    m_limit->setAccessibleName(tr("Limit"));
    m_limit->setToolTip(tr("Items read (evaluated) per page, before the filter. 0: no limit."));
    m_select = new QComboBox(this);
    m_select->addItem(tr("(default)"), QString());
    for (const char *select :
         {"ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES", "SPECIFIC_ATTRIBUTES", "COUNT"})
        m_select->addItem(QLatin1String(select), QLatin1String(select));
    m_select->setAccessibleName(tr("Select"));
    // ALL_PROJECTED_ATTRIBUTES is long: the combo shows as much as fits, the list all of it.
    m_select->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_select->setMinimumContentsLength(10);
    m_forward = new QCheckBox(tr("Scan&IndexForward"), this);
    m_forward->setChecked(true);
    m_forward->setAccessibleName(tr("Scan index forward"));
    m_forward->setToolTip(tr("Checked: ascending sort-key order. Cleared: descending."));
    m_consistent = new QCheckBox(tr("&ConsistentRead"), this);
    m_consistent->setAccessibleName(tr("Consistent read"));
    m_consistent->setToolTip(tr("Checked: a strongly consistent read, 1 RCU per 4 KB read. "
                                "Cleared: eventually consistent, half that. Not allowed on a "
                                "global secondary index."));
}

void QueryBuilder::createActions()
{
    m_runAction = new QAction(tr("&Run"), this);
    m_runAction->setShortcuts(
        {QKeySequence(Qt::CTRL | Qt::Key_Return), QKeySequence(Qt::CTRL | Qt::Key_Enter)});
    m_runAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_runAction->setToolTip(tr("Run the query and play its trace (Ctrl+Return)"));
    addAction(m_runAction);
    connect(m_runAction, &QAction::triggered, this, [this] {
        if (!m_valid)
            return;
        m_lastCommitted = model::CodeSnippets::requestJson(request());
        emit runRequested();
    });
    m_run = new QPushButton(tr("Run"), this);
    m_run->setAccessibleName(tr("Run query"));
    m_run->setToolTip(m_runAction->toolTip());
    m_run->setDefault(false);
    m_run->setAutoDefault(false);
    connect(m_run, &QPushButton::clicked, m_runAction, &QAction::trigger);

    m_saveAsPatternAction = new QAction(tr("Save as Access &Pattern..."), this);
    m_saveAsPatternAction->setToolTip(
        tr("Make this query an access pattern of the project, with expectations to check"));
    connect(m_saveAsPatternAction, &QAction::triggered, this,
            &QueryBuilder::saveAsPatternRequested);
    m_saveAsPattern = new QPushButton(tr("Save as Access Pattern..."), this);
    m_saveAsPattern->setAccessibleName(tr("Save as access pattern"));
    m_saveAsPattern->setToolTip(m_saveAsPatternAction->toolTip());
    m_saveAsPattern->setAutoDefault(false);
    connect(m_saveAsPattern, &QPushButton::clicked, m_saveAsPatternAction, &QAction::trigger);
}

void QueryBuilder::createExpressionControls()
{
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);

    m_expression = new QLineEdit(this);
    m_expression->setAccessibleName(tr("Key condition expression"));
    m_expression->setFont(mono);
    m_names = new QLineEdit(this);
    m_names->setAccessibleName(tr("Expression attribute names"));
    m_names->setPlaceholderText(QStringLiteral("{\"#n\": \"Name\"}"));
    m_names->setFont(mono);
    m_values = new QLineEdit(this);
    m_values->setAccessibleName(tr("Expression attribute values"));
    m_values->setPlaceholderText(QStringLiteral("{\":v\": {\"S\": \"...\"}}"));
    m_values->setFont(mono);

    m_controlsError = new ErrorLabel(this);
    m_filterError = new ErrorLabel(this);
    m_optionsError = new ErrorLabel(this);
    m_expressionError = new ErrorLabel(this);
    m_attributesError = new ErrorLabel(this);
}

// Object names: for the main window's state and for tests.
void QueryBuilder::nameObjects()
{
    m_index->setObjectName(QStringLiteral("index"));
    m_partition->setObjectName(QStringLiteral("partition"));
    m_partitionCount->setObjectName(QStringLiteral("partitionCount"));
    m_operator->setObjectName(QStringLiteral("sortOperator"));
    m_value->setObjectName(QStringLiteral("sortValue"));
    m_upper->setObjectName(QStringLiteral("sortUpper"));
    m_filter->setObjectName(QStringLiteral("filterExpression"));
    m_projection->setObjectName(QStringLiteral("projectionExpression"));
    m_limit->setObjectName(QStringLiteral("limit"));
    m_select->setObjectName(QStringLiteral("select"));
    m_forward->setObjectName(QStringLiteral("scanIndexForward"));
    m_consistent->setObjectName(QStringLiteral("consistentRead"));
    m_run->setObjectName(QStringLiteral("run"));
    m_saveAsPattern->setObjectName(QStringLiteral("saveAsPattern"));
    m_expression->setObjectName(QStringLiteral("keyConditionExpression"));
    m_names->setObjectName(QStringLiteral("expressionAttributeNames"));
    m_values->setObjectName(QStringLiteral("expressionAttributeValues"));
    m_controlsError->setObjectName(QStringLiteral("controlsError"));
    m_filterError->setObjectName(QStringLiteral("filterError"));
    m_optionsError->setObjectName(QStringLiteral("optionsError"));
    m_expressionError->setObjectName(QStringLiteral("keyConditionError"));
    m_attributesError->setObjectName(QStringLiteral("attributesError"));
}

void QueryBuilder::layOutControls()
{
    // Label column, then the fields; rows that hold several controls get their own box so
    // the label column stays aligned.
    auto *grid = new QGridLayout(this);
    grid->setColumnStretch(1, 1);
    grid->setColumnStretch(3, 1);
    grid->setHorizontalSpacing(8);
    grid->setVerticalSpacing(6);
    // Rows hold few controls each, so the builder fits a narrow bottom dock (its width is the
    // width of everything under the collection).
    int row = layOutKeyRows(grid, 0);
    row = layOutFilterRows(grid, row);
    row = layOutOptionRows(grid, row);
    auto *line = new QFrame(this);
    line->setFrameShape(QFrame::HLine);
    line->setFrameShadow(QFrame::Sunken);
    grid->addWidget(line, row++, 0, 1, 4);
    row = layOutMemberRows(grid, row);
    grid->setRowStretch(row, 1);
}

// The index and partition, then the sort key condition; returns the next free row.
int QueryBuilder::layOutKeyRows(QGridLayout *grid, int row)
{
    grid->addWidget(builderLabel(tr("I&ndex"), m_index, this), row, 0);
    auto *indexRow = new QHBoxLayout;
    indexRow->addWidget(m_index);
    indexRow->addSpacing(12);
    indexRow->addWidget(m_partitionLabel);
    indexRow->addWidget(m_partition, 1);
    indexRow->addWidget(m_partitionCount);
    grid->addLayout(indexRow, row, 1, 1, 3);
    ++row;

    grid->addWidget(m_sortLabel, row, 0);
    auto *sortRow = new QHBoxLayout;
    sortRow->addWidget(m_operator);
    sortRow->addWidget(m_value, 1);
    sortRow->addWidget(m_andLabel);
    sortRow->addWidget(m_upper, 1);
    grid->addLayout(sortRow, row, 1, 1, 3);
    ++row;
    grid->addWidget(m_controlsError, row++, 1, 1, 3);
    return row;
}

int QueryBuilder::layOutFilterRows(QGridLayout *grid, int row)
{
    m_filterRow = row;
    grid->addWidget(builderLabel(tr("&Filter"), m_filter, this), row, 0);
    grid->addWidget(m_filter, row, 1);
    m_projectionLabel = builderLabel(tr("Pro&jection"), m_projection, this);
    grid->addWidget(m_projectionLabel, row, 2);
    grid->addWidget(m_projection, row, 3);
    ++row;
    grid->addWidget(m_filterError, row++, 1, 1, 3);
    return row;
}

// Limit and Select, then the read's direction and consistency beside Run.
int QueryBuilder::layOutOptionRows(QGridLayout *grid, int row)
{
    grid->addWidget(builderLabel(tr("&Limit"), m_limit, this), row, 0);
    auto *optionsRow = new QHBoxLayout;
    optionsRow->addWidget(m_limit);
    optionsRow->addSpacing(12);
    m_selectLabel = builderLabel(tr("Selec&t"), m_select, this);
    m_selectLabel->setContentsMargins(0, 0, 4, 0);
    optionsRow->addWidget(m_selectLabel);
    optionsRow->addWidget(m_select, 1);
    optionsRow->addStretch(1);
    grid->addLayout(optionsRow, row, 1, 1, 3);
    ++row;
    auto *readRow = new QHBoxLayout;
    readRow->addWidget(m_forward);
    readRow->addSpacing(12);
    readRow->addWidget(m_consistent);
    readRow->addStretch(1);
    readRow->addWidget(m_run);
    grid->addLayout(readRow, row, 1, 1, 3);
    ++row;
    grid->addWidget(m_optionsError, row++, 1, 1, 3);
    return row;
}

// The request's own members: each label names its member in a tooltip.
int QueryBuilder::layOutMemberRows(QGridLayout *grid, int row)
{
    const auto memberLabel = [&](const QString &text, QWidget *field, const QString &member) {
        auto *label = builderLabel(text, field, this);
        label->setToolTip(member);
        grid->addWidget(label, row, 0);
    };
    memberLabel(tr("&Key condition"), m_expression, QStringLiteral("KeyConditionExpression"));
    grid->addWidget(m_expression, row, 1, 1, 3);
    ++row;
    grid->addWidget(m_expressionError, row++, 1, 1, 3);

    memberLabel(tr("N&ames"), m_names, QStringLiteral("ExpressionAttributeNames"));
    grid->addWidget(m_names, row, 1, 1, 3);
    ++row;
    memberLabel(tr("&Values"), m_values, QStringLiteral("ExpressionAttributeValues"));
    // Save as Pattern sits at the end of the query, not in the options row: that row already
    // decides how narrow the dock can get.
    auto *valuesRow = new QHBoxLayout;
    valuesRow->addWidget(m_values, 1);
    valuesRow->addWidget(m_saveAsPattern);
    grid->addLayout(valuesRow, row, 1, 1, 3);
    ++row;
    grid->addWidget(m_attributesError, row++, 1, 1, 3);
    return row;
}

void QueryBuilder::connectControls()
{
    connect(m_index, &QComboBox::currentIndexChanged, this, &QueryBuilder::onIndexChanged);
    connect(m_partition, &QComboBox::currentTextChanged, this, &QueryBuilder::onKeyControlsChanged);
    connect(m_operator, &QComboBox::currentIndexChanged, this, [this] {
        updateSortControls();
        onKeyControlsChanged();
    });
    connect(m_value, &QLineEdit::textChanged, this, &QueryBuilder::onKeyControlsChanged);
    connect(m_upper, &QLineEdit::textChanged, this, &QueryBuilder::onKeyControlsChanged);
    for (QLineEdit *edit : {m_expression, m_names, m_values})
        connect(edit, &QLineEdit::textChanged, this, &QueryBuilder::onTextChanged);
    for (QLineEdit *edit : {m_filter, m_projection})
        connect(edit, &QLineEdit::textChanged, this, &QueryBuilder::onOptionChanged);
    connect(m_limit, &QSpinBox::valueChanged, this, &QueryBuilder::onOptionChanged);
    connect(m_select, &QComboBox::currentIndexChanged, this, &QueryBuilder::onOptionChanged);
    connect(m_forward, &QCheckBox::toggled, this, &QueryBuilder::onOptionChanged);
    connect(m_consistent, &QCheckBox::toggled, this, &QueryBuilder::onOptionChanged);

    // What runs the query: a finished change, never a keystroke or the operator alone.
    for (QLineEdit *edit :
         {m_value, m_upper, m_filter, m_projection, m_expression, m_names, m_values})
        connect(edit, &QLineEdit::editingFinished, this, &QueryBuilder::commit);
    connect(m_limit, &QSpinBox::editingFinished, this, &QueryBuilder::commit);
    for (QComboBox *combo : {m_index, m_partition, m_select})
        connect(combo, &QComboBox::activated, this, &QueryBuilder::commit);
    for (QCheckBox *box : {m_forward, m_consistent})
        connect(box, &QCheckBox::clicked, this, &QueryBuilder::commit);
    connectPartitionEdit();
}

} // namespace keyscope::ui
