#include "ui/editors/tableeditor.h"

#include "ui/document/document.h"
#include "ui/editors/columnfitter.h"
#include "ui/editors/indexlistmodel.h"

#include <QAction>
#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace keyscope::ui {

using model::AttributeValue;
using model::IndexDefinition;
using model::KeyAttribute;
using model::ProjectionType;

namespace {

QComboBox *typeCombo(const QString &accessible, QWidget *parent)
{
    auto *combo = new QComboBox(parent);
    combo->setAccessibleName(accessible);
    combo->addItem(QStringLiteral("S"), int(AttributeValue::Type::S));
    combo->addItem(QStringLiteral("N"), int(AttributeValue::Type::N));
    combo->addItem(QStringLiteral("B"), int(AttributeValue::Type::B));
    combo->setToolTip(QObject::tr("S string, N number, B binary"));
    return combo;
}

AttributeValue::Type typeOf(const QComboBox *combo)
{
    return AttributeValue::Type(combo->currentData().toInt());
}

void setType(QComboBox *combo, AttributeValue::Type type)
{
    combo->setCurrentIndex(qMax(0, combo->findData(int(type))));
}

void setText(QLineEdit *edit, const QString &text)
{
    if (edit->text() != text)
        edit->setText(text);
}

} // namespace

TableEditor::TableEditor(Document *document, QWidget *parent)
    : DesignPanel(parent)
    , m_document(document)
    , m_indexes(new IndexListModel(this))
{
    setAccessibleName(tr("Table definition"));
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setFocusPolicy(Qt::NoFocus); // Tab goes to the fields inside
    outer->addWidget(scroll);
    auto *content = new QWidget;
    scroll->setWidget(content);
    auto *layout = new QVBoxLayout(content);
    layout->setContentsMargins(6, 6, 6, 6);

    // --- The table ---
    createTableFields(content, layout);

    // --- Indexes ---
    createIndexList(content, layout);

    // --- The selected index ---
    createIndexBox(content, layout);

    m_error = new QLabel(content);
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setStyleSheet(QStringLiteral("color: #c02020;"));
    m_error->hide();
    layout->addWidget(m_error);
    layout->addStretch();

    connect(m_indexView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &TableEditor::indexSelectionChanged);
    connect(m_indexes, &QAbstractItemModel::modelReset, this, &TableEditor::indexSelectionChanged);
    connect(m_document, &Document::projectChanged, this, &TableEditor::projectChanged);

    load(m_document->project().table);
}

// Table name, partition key and sort key.
void TableEditor::createTableFields(QWidget *content, QVBoxLayout *layout)
{
    auto *tableForm = new QFormLayout;
    tableForm->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_tableName = new QLineEdit(content);
    m_tableName->setAccessibleName(tr("Table name"));
    tableForm->addRow(tr("Table &name:"), m_tableName);
    const auto keyRow
        = [&](KeyRow &row, const QString &label, const QString &what, const QString &placeholder) {
              auto *line = new QHBoxLayout;
              row.name = new QLineEdit(content);
              row.name->setAccessibleName(tr("%1 attribute name").arg(what));
              row.name->setPlaceholderText(placeholder);
              row.type = typeCombo(tr("%1 type").arg(what), content);
              line->addWidget(row.name, 1);
              line->addWidget(row.type);
              auto *caption = new QLabel(label, content);
              caption->setBuddy(row.name);
              tableForm->addRow(caption, line);
              connect(row.name, &QLineEdit::editingFinished, this, &TableEditor::tableFieldsEdited);
              connect(row.type, &QComboBox::activated, this, &TableEditor::tableFieldsEdited);
          };
    keyRow(m_partitionKey, tr("&Partition key:"), tr("Partition key"), tr("e.g. PK"));
    keyRow(m_sortKey, tr("&Sort key:"), tr("Sort key"), tr("none (a table without a sort key)"));
    connect(m_tableName, &QLineEdit::editingFinished, this, &TableEditor::tableFieldsEdited);
    layout->addLayout(tableForm);
}

// The secondary indexes' list and its buttons.
void TableEditor::createIndexList(QWidget *content, QVBoxLayout *layout)
{
    auto *indexesTitle = new QLabel(tr("<b>Secondary indexes</b>"), content);
    layout->addSpacing(4);
    layout->addWidget(indexesTitle);
    m_indexView = new QTableView(content);
    m_indexView->setObjectName(QStringLiteral("indexes"));
    m_indexView->setAccessibleName(tr("Secondary indexes"));
    m_indexView->setModel(m_indexes);
    m_indexView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_indexView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_indexView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_indexView->setTabKeyNavigation(false);
    m_indexView->verticalHeader()->hide();
    m_indexView->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    m_indexView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_indexView->horizontalHeader()->setStretchLastSection(true);
    // The index box below shows projection and kind in full: they give way first.
    new ColumnFitter(m_indexView, {IndexListModel::ProjectionColumn, IndexListModel::KindColumn});
    m_indexView->setMinimumHeight(90);
    m_indexView->setMaximumHeight(130);
    layout->addWidget(m_indexView);
    auto *addGsi = button(tr("Add &GSI"), tr("Add global secondary index"),
                          tr("Add a global secondary index"), content);
    auto *addLsi = button(tr("Add &LSI"), tr("Add local secondary index"),
                          tr("Add a local secondary index (needs a table sort key)"), content);
    m_removeIndex = button(tr("Remove Index"), tr("Remove index"),
                           tr("Remove the selected index (Delete)"), content);
    addButtonRow(layout, {addGsi, addLsi, m_removeIndex});
    connect(addGsi, &QToolButton::clicked, this, &TableEditor::addGlobalIndex);
    connect(addLsi, &QToolButton::clicked, this, &TableEditor::addLocalIndex);
    connect(m_removeIndex, &QToolButton::clicked, this, &TableEditor::removeCurrentIndex);
    auto *remove = new QAction(tr("Remove Index"), m_indexView);
    remove->setShortcut(QKeySequence::Delete);
    remove->setShortcutContext(Qt::WidgetShortcut);
    connect(remove, &QAction::triggered, this, &TableEditor::removeCurrentIndex);
    m_indexView->addAction(remove);
}

// The selected index: name, kind, key attributes and projection.
void TableEditor::createIndexBox(QWidget *content, QVBoxLayout *layout)
{
    m_indexBox = new QGroupBox(tr("Index"), content);
    auto *indexLayout = new QVBoxLayout(m_indexBox);
    auto *indexForm = new QFormLayout;
    indexForm->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_indexName = new QLineEdit(m_indexBox);
    m_indexName->setAccessibleName(tr("Index name"));
    m_indexKind = new QLabel(m_indexBox);
    m_indexKind->setWordWrap(true);
    indexForm->addRow(tr("Na&me:"), m_indexName);
    indexForm->addRow(tr("Kind:"), m_indexKind);
    indexLayout->addLayout(indexForm);
    connect(m_indexName, &QLineEdit::editingFinished, this, &TableEditor::indexFieldsEdited);

    auto *keys = new QGridLayout;
    keys->setHorizontalSpacing(6);
    keys->setVerticalSpacing(3);
    for (const auto &[text, column] :
         {std::pair {tr("Partition key (HASH)"), 1}, std::pair {tr("Sort key (RANGE)"), 3}}) {
        auto *heading = new QLabel(text, m_indexBox);
        heading->setWordWrap(true); // "(HASH)" goes under when the panel is narrow
        keys->addWidget(heading, 0, column, 1, 2);
    }
    for (int i = 0; i < kMaxKeyAttributes; ++i) {
        keys->addWidget(new QLabel(QString::number(i + 1), m_indexBox), i + 1, 0);
        const auto make = [&](KeyRow &row, const QString &what, int column) {
            row.name = new QLineEdit(m_indexBox);
            row.name->setAccessibleName(tr("Index %1 attribute %2").arg(what).arg(i + 1));
            row.type = typeCombo(tr("Index %1 attribute %2 type").arg(what).arg(i + 1), m_indexBox);
            keys->addWidget(row.name, i + 1, column);
            keys->addWidget(row.type, i + 1, column + 1);
            connect(row.name, &QLineEdit::editingFinished, this, &TableEditor::indexFieldsEdited);
            connect(row.type, &QComboBox::activated, this, &TableEditor::indexFieldsEdited);
        };
        make(m_hash[size_t(i)], tr("partition key"), 1);
        make(m_range[size_t(i)], tr("sort key"), 3);
    }
    keys->setColumnStretch(1, 1);
    keys->setColumnStretch(3, 1);
    indexLayout->addLayout(keys);

    auto *projectionForm = new QFormLayout;
    projectionForm->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_projection = new QComboBox(m_indexBox);
    m_projection->setAccessibleName(tr("Projection"));
    m_projection->addItem(tr("ALL: every attribute"), int(ProjectionType::All));
    m_projection->addItem(tr("KEYS_ONLY: the keys only"), int(ProjectionType::KeysOnly));
    m_projection->addItem(tr("INCLUDE: the keys and these attributes"),
                          int(ProjectionType::Include));
    // Its longest choice would set the panel's width: show what fits, the list shows all.
    m_projection->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_projection->setMinimumContentsLength(12);
    projectionForm->addRow(tr("P&rojection:"), m_projection);
    m_include = new QLineEdit(m_indexBox);
    m_include->setAccessibleName(tr("Included attributes"));
    m_include->setPlaceholderText(tr("attribute names, separated by commas"));
    m_includeLabel = new QLabel(tr("&Include:"), m_indexBox);
    m_includeLabel->setBuddy(m_include);
    projectionForm->addRow(m_includeLabel, m_include);
    indexLayout->addLayout(projectionForm);
    connect(m_projection, &QComboBox::activated, this, &TableEditor::indexFieldsEdited);
    connect(m_include, &QLineEdit::editingFinished, this, &TableEditor::indexFieldsEdited);
    layout->addWidget(m_indexBox);
}

QString TableEditor::errorText() const
{
    return m_error->isHidden() ? QString() : m_error->text();
}

int TableEditor::currentIndexRow() const
{
    const QModelIndex current = m_indexView->currentIndex();
    return current.isValid() ? current.row() : -1;
}

void TableEditor::setCurrentIndexRow(int row)
{
    m_indexView->setCurrentIndex(m_indexes->index(row, IndexListModel::NameColumn));
}

void TableEditor::projectChanged()
{
    const model::TableDefinition &table = m_document->project().table;
    // Changed elsewhere (undo, redo, another file): the document's table wins over the draft.
    if (table.toJson() != m_applied)
        load(table);
}

void TableEditor::load(const model::TableDefinition &definition)
{
    const int row = currentIndexRow();
    m_draft = definition;
    m_applied = m_document->project().table.toJson();
    m_error->hide();
    fillTableFields();
    m_indexes->setIndexes(m_draft.indexes);
    if (row >= 0 && row < m_indexes->rowCount())
        setCurrentIndexRow(row);
    else if (m_indexes->rowCount() > 0 && currentIndexRow() < 0)
        setCurrentIndexRow(0);
    fillIndexFields();
}

void TableEditor::fillTableFields()
{
    m_filling = true;
    setText(m_tableName, m_draft.tableName);
    const KeyAttribute hash
        = m_draft.keys.hash.empty() ? KeyAttribute {} : m_draft.keys.hash.front();
    const KeyAttribute range
        = m_draft.keys.range.empty() ? KeyAttribute {} : m_draft.keys.range.front();
    setText(m_partitionKey.name, hash.name);
    setType(m_partitionKey.type, hash.type);
    setText(m_sortKey.name, range.name);
    setType(m_sortKey.type, range.type);
    m_filling = false;
}

void TableEditor::indexSelectionChanged()
{
    fillIndexFields();
}

void TableEditor::fillIndexFields()
{
    m_filling = true;
    const int row = currentIndexRow();
    const bool has = row >= 0 && row < int(m_draft.indexes.size());
    m_indexBox->setEnabled(has);
    m_removeIndex->setEnabled(has);
    const IndexDefinition index = has ? m_draft.indexes[size_t(row)] : IndexDefinition {};
    m_indexBox->setTitle(has ? tr("Index %1").arg(index.name) : tr("Index (select one above)"));
    setText(m_indexName, index.name);
    const bool global = index.isGlobal();
    m_indexKind->setText(!has ? QString()
                             : global
                             ? tr("Global (up to %1 + %1 key attributes)").arg(kMaxKeyAttributes)
                             : tr("Local (the table's partition key)"));
    m_indexKind->setToolTip(!has ? QString()
                                : global
                                ? tr("A global secondary index has its own partition key; "
                                     "its key may have up to %1 partition and %1 sort key "
                                     "attributes")
                                      .arg(kMaxKeyAttributes)
                                : tr("A local secondary index shares the table's partition "
                                     "key and sorts by another attribute"));
    for (int i = 0; i < kMaxKeyAttributes; ++i) {
        const auto fill = [&](KeyRow &row, const std::vector<KeyAttribute> &keys, bool enabled) {
            const KeyAttribute key = size_t(i) < keys.size() ? keys[size_t(i)] : KeyAttribute {};
            setText(row.name, key.name);
            setType(row.type, key.type);
            row.name->setEnabled(enabled);
            row.type->setEnabled(enabled);
        };
        // An LSI shares the table's partition key and has exactly one sort key.
        fill(m_hash[size_t(i)], index.keys.hash, global);
        fill(m_range[size_t(i)], index.keys.range, global || i == 0);
    }
    m_projection->setCurrentIndex(qMax(0, m_projection->findData(int(index.projection))));
    setText(m_include, index.nonKeyAttributes.join(QStringLiteral(", ")));
    const bool include = index.projection == ProjectionType::Include;
    m_include->setEnabled(include);
    m_includeLabel->setEnabled(include);
    m_filling = false;
}

void TableEditor::tableFieldsEdited()
{
    if (m_filling)
        return;
    m_draft.tableName = m_tableName->text().trimmed();
    const QString hash = m_partitionKey.name->text().trimmed();
    const QString range = m_sortKey.name->text().trimmed();
    const QString oldHash = m_draft.keys.hash.empty() ? QString() : m_draft.keys.hash.front().name;
    m_draft.keys.hash.clear();
    m_draft.keys.range.clear();
    if (!hash.isEmpty())
        m_draft.keys.hash.push_back({hash, typeOf(m_partitionKey.type)});
    if (!range.isEmpty())
        m_draft.keys.range.push_back({range, typeOf(m_sortKey.type)});
    // LSIs share the table's partition key: they follow its renaming.
    for (IndexDefinition &index : m_draft.indexes) {
        if (!index.isGlobal() && !m_draft.keys.hash.empty() && !index.keys.hash.empty()
            && index.keys.hash.front().name == oldHash)
            index.keys.hash.front() = m_draft.keys.hash.front();
    }
    m_indexes->setIndexes(m_draft.indexes);
    commit();
}

void TableEditor::indexFieldsEdited()
{
    const int row = currentIndexRow();
    if (m_filling || row < 0 || row >= int(m_draft.indexes.size()))
        return;
    IndexDefinition &index = m_draft.indexes[size_t(row)];
    index.name = m_indexName->text().trimmed();
    const auto read = [](const std::array<KeyRow, kMaxKeyAttributes> &rows) {
        std::vector<KeyAttribute> keys;
        for (const KeyRow &row : rows) {
            const QString name = row.name->text().trimmed();
            if (!name.isEmpty() && row.name->isEnabled())
                keys.push_back({name, typeOf(row.type)});
        }
        return keys;
    };
    if (index.isGlobal())
        index.keys.hash = read(m_hash);
    index.keys.range = read(m_range);
    index.projection = ProjectionType(m_projection->currentData().toInt());
    index.nonKeyAttributes.clear();
    if (index.projection == ProjectionType::Include) {
        for (const QString &name : m_include->text().split(u',', Qt::SkipEmptyParts)) {
            if (!name.trimmed().isEmpty())
                index.nonKeyAttributes << name.trimmed();
        }
    }
    m_indexes->setIndexes(m_draft.indexes);
    const bool include = index.projection == ProjectionType::Include;
    m_include->setEnabled(include);
    m_includeLabel->setEnabled(include);
    m_indexBox->setTitle(tr("Index %1").arg(index.name));
    commit();
}

QString TableEditor::validate(const model::TableDefinition &definition)
{
    // toJson keeps one type per attribute name, so a clash would pass silently: say it here.
    QHash<QString, AttributeValue::Type> types;
    QHash<QString, QString> where;
    const auto check = [&](const model::KeySchema &keys, const QString &owner) -> QString {
        for (const KeyAttribute &key : keys.all()) {
            const auto found = types.constFind(key.name);
            if (found != types.constEnd() && *found != key.type)
                return tr("%1 is %2 in %3 but %4 in %5: an attribute has one type")
                    .arg(key.name, AttributeValue::typeName(*found), where.value(key.name),
                         AttributeValue::typeName(key.type), owner);
            types.insert(key.name, key.type);
            where.insert(key.name, owner);
        }
        return {};
    };
    QString problem = check(definition.keys, tr("the table"));
    for (const IndexDefinition &index : definition.indexes) {
        if (problem.isEmpty())
            problem = check(index.keys, index.name);
    }
    if (!problem.isEmpty())
        return problem;
    if (definition.tableName.isEmpty())
        return tr("The table needs a name");
    QString error;
    if (!model::TableDefinition::fromJson(definition.toJson(), &error))
        return error.isEmpty() ? tr("The table definition is not valid") : error;
    return {};
}

void TableEditor::commit()
{
    const QString problem = validate(m_draft);
    m_error->setText(problem.isEmpty() ? QString() : tr("✗ Not applied: %1").arg(problem));
    m_error->setVisible(!problem.isEmpty());
    if (!problem.isEmpty())
        return;
    QString error;
    const auto parsed = model::TableDefinition::fromJson(m_draft.toJson(), &error);
    const QJsonObject json = parsed->toJson();
    if (json == m_document->project().table.toJson())
        return;
    m_applied = json;
    m_document->setTableDefinition(*parsed);
    // Each finished change is its own undo step.
    m_document->finishEditing();
    emit tableApplied();
}

void TableEditor::addGlobalIndex()
{
    int n = 1;
    while (m_draft.index(QStringLiteral("GSI%1").arg(n)))
        ++n;
    IndexDefinition index;
    index.kind = IndexDefinition::Kind::Global;
    index.name = QStringLiteral("GSI%1").arg(n);
    index.keys.hash.push_back({QStringLiteral("GSI%1PK").arg(n), AttributeValue::Type::S});
    index.keys.range.push_back({QStringLiteral("GSI%1SK").arg(n), AttributeValue::Type::S});
    m_draft.indexes.push_back(index);
    m_indexes->setIndexes(m_draft.indexes);
    setCurrentIndexRow(int(m_draft.indexes.size()) - 1);
    commit();
}

void TableEditor::addLocalIndex()
{
    int n = 1;
    while (m_draft.index(QStringLiteral("LSI%1").arg(n)))
        ++n;
    IndexDefinition index;
    index.kind = IndexDefinition::Kind::Local;
    index.name = QStringLiteral("LSI%1").arg(n);
    if (!m_draft.keys.hash.empty())
        index.keys.hash.push_back(m_draft.keys.hash.front());
    index.keys.range.push_back({QStringLiteral("LSI%1SK").arg(n), AttributeValue::Type::S});
    m_draft.indexes.push_back(index);
    m_indexes->setIndexes(m_draft.indexes);
    setCurrentIndexRow(int(m_draft.indexes.size()) - 1);
    commit();
}

void TableEditor::removeCurrentIndex()
{
    const int row = currentIndexRow();
    if (row < 0 || row >= int(m_draft.indexes.size()))
        return;
    m_draft.indexes.erase(m_draft.indexes.begin() + row);
    m_indexes->setIndexes(m_draft.indexes);
    if (!m_draft.indexes.empty())
        setCurrentIndexRow(qMin(row, int(m_draft.indexes.size()) - 1));
    fillIndexFields();
    commit();
}

TableEditor::~TableEditor()
{
    // Children outlive this object's members: a field losing focus while the window closes
    // must not reach the slots above.
    for (QWidget *child : findChildren<QWidget *>())
        child->disconnect(this);
}

} // namespace keyscope::ui
