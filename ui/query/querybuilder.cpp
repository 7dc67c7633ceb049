#include "ui/query/querybuilder.h"

#include "model/codegen/codesnippets.h"
#include "model/expression/queryexpressions.h"
#include "model/expression/reservedwords.h"
#include "model/io/jsonwriter.h"
#include "model/io/orderedjson.h"
#include "model/query/queryengine.h"
#include "model/value/dynamojson.h"
#include "ui/query/errorlabel.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QFontDatabase>
#include <QFrame>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSet>
#include <QSpinBox>

#include <algorithm>

namespace keyscope::ui {

using model::AttributeValue;
using model::KeyAttribute;

namespace {

// The sort-key operator combo's rows.
enum Operator { None, Equal, Less, LessOrEqual, Greater, GreaterOrEqual, Between, BeginsWith };

// Partitions offered in the combo: the largest ones. Any other can be typed.
constexpr int kMaxListedPartitions = 1000;

// English plurals without a translation file.
QString itemCount(qsizetype n)
{
    return n == 1 ? QObject::tr("1 item") : QObject::tr("%1 items").arg(n);
}

QString typeHint(AttributeValue::Type type)
{
    switch (type) {
    case AttributeValue::Type::N:
        return QObject::tr("number");
    case AttributeValue::Type::B:
        return QObject::tr("base64 bytes");
    default:
        return QObject::tr("string");
    }
}

std::optional<AttributeValue> parseScalar(const QString &text, AttributeValue::Type type,
                                          const QString &attribute, QString *error)
{
    switch (type) {
    case AttributeValue::Type::N: {
        auto number = model::Number::parse(text.trimmed());
        if (!number) {
            *error = QObject::tr("%1 is a number (N): \"%2\" is not one.").arg(attribute, text);
            return std::nullopt;
        }
        return AttributeValue::number(*number);
    }
    case AttributeValue::Type::B: {
        const auto decoded = QByteArray::fromBase64Encoding(
            text.trimmed().toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded || text.trimmed().isEmpty()) {
            *error = QObject::tr("%1 is binary (B): give it as base64.").arg(attribute);
            return std::nullopt;
        }
        return AttributeValue::binary(*decoded);
    }
    default:
        return AttributeValue::string(text);
    }
}

// A key attribute can be named in the expression as it is, unless it is a reserved word or
// not a plain name.
bool isPlainName(const QString &name)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z][A-Za-z0-9_]*$"));
    return plain.match(name).hasMatch() && !model::ReservedWords::isReserved(name);
}

// Placeholders (#name, :value) an expression uses.
QSet<QString> placeholders(const QString &text)
{
    static const QRegularExpression token(QStringLiteral("[#:][A-Za-z0-9_]+"));
    QSet<QString> out;
    for (auto it = token.globalMatch(text); it.hasNext();)
        out.insert(it.next().captured());
    return out;
}

QString compactJson(const QJsonObject &object)
{
    return QString::fromUtf8(model::JsonWriter::write(model::OrderedJson::fromQJson(object), 0));
}

model::KeyConditionSchema schemaOf(const model::KeySchema &keys)
{
    return {keys.hash, keys.range};
}

std::size_t maxKeyAttributes(const model::TableDefinition &definition)
{
    std::size_t most = definition.keys.hash.size() + definition.keys.range.size();
    for (const auto &index : definition.indexes)
        most = std::max(most, index.keys.hash.size() + index.keys.range.size());
    return std::max<std::size_t>(most, 2);
}

} // namespace

QueryBuilder::QueryBuilder(QWidget *parent)
    : QWidget(parent)
{
    buildUi();
    updateSortControls();
    validate();
}

QueryBuilder::~QueryBuilder() = default;

void QueryBuilder::connectPartitionEdit()
{
    if (QLineEdit *edit = m_partition->lineEdit())
        connect(edit, &QLineEdit::editingFinished, this, &QueryBuilder::commit,
                Qt::UniqueConnection);
}

bool QueryBuilder::isComplete() const
{
    if (!m_valid)
        return false;
    const int op = m_operator->currentIndex();
    if (op == None || !m_value->isEnabled())
        return true;
    if (m_value->text().isEmpty())
        return false;
    return op != Between || !m_upper->text().isEmpty();
}

void QueryBuilder::commit()
{
    if (m_syncing || !isComplete())
        return;
    const model::QueryRequest r = request();
    const QJsonObject json = model::CodeSnippets::requestJson(r);
    if (json == m_lastCommitted)
        return;
    m_lastCommitted = json;
    emit requestCommitted(r);
}

void QueryBuilder::reset()
{
    m_syncing = true;
    m_table.reset();
    m_index->clear();
    m_partition->clear();
    m_partitionValues.clear();
    m_partitionCounts.clear();
    m_partition->setEditable(true);
    m_partition->setInsertPolicy(QComboBox::NoInsert);
    m_partition->clearEditText();
    m_partitionCount->clear();
    m_partitionLabel->setText(tr("&Partition"));
    m_operator->setCurrentIndex(None);
    for (QLineEdit *edit :
         {m_value, m_upper, m_filter, m_projection, m_expression, m_names, m_values})
        edit->clear();
    m_limit->setValue(0);
    m_select->setCurrentIndex(0);
    m_forward->setChecked(true);
    m_consistent->setChecked(false);
    m_returnConsumedCapacity.clear();
    m_controlsError->clearError();
    m_lastEmitted = {};
    m_lastCommitted = {};
    updateSortControls();
    m_syncing = false;
    connectPartitionEdit();
    validate();
}

void QueryBuilder::setPatternMode()
{
    for (QWidget *widget : std::initializer_list<QWidget *> {
             m_projection, m_projectionLabel, m_select, m_selectLabel, m_run, m_saveAsPattern})
        widget->hide();
    m_runAction->setEnabled(false);
    m_runAction->setVisible(false);
    m_saveAsPatternAction->setVisible(false);
    // The filter takes the projection's place.
    auto *grid = static_cast<QGridLayout *>(layout());
    grid->removeWidget(m_filter);
    grid->addWidget(m_filter, m_filterRow, 1, 1, 3);
    m_patternMode = true;
}

const model::IndexStore *QueryBuilder::store() const
{
    if (!m_table)
        return nullptr;
    return m_table->store(m_index->currentData().toString());
}

void QueryBuilder::setTable(std::shared_ptr<const model::Table> table)
{
    const bool first = !m_table;
    const QString partitionText = m_partition->currentText();
    m_table = std::move(table);
    m_syncing = true;
    fillIndexes();
    fillPartitions();
    if (!first) {
        const int row = m_partition->findText(partitionText);
        if (row >= 0)
            m_partition->setCurrentIndex(row);
        else if (m_partition->isEditable())
            m_partition->setEditText(partitionText);
    }
    updateSortControls();
    updatePartitionCount();
    m_syncing = false;
    if (first || m_expression->text().isEmpty())
        composeFromControls();
    else
        onTextChanged();
}

void QueryBuilder::fillIndexes()
{
    const QString current = m_index->currentData().toString();
    m_index->clear();
    if (!m_table)
        return;
    const model::TableDefinition &definition = m_table->definition();
    const auto keyText = [](const model::KeySchema &keys) {
        QStringList names;
        for (const KeyAttribute &key : keys.all())
            names << key.name;
        return names.join(QStringLiteral(", "));
    };
    m_index->addItem(tr("%1 (table)").arg(definition.tableName), QString());
    m_index->setItemData(0, keyText(definition.keys), Qt::ToolTipRole);
    for (const model::IndexDefinition &index : definition.indexes) {
        m_index->addItem(index.isGlobal() ? tr("%1 (global index)").arg(index.name)
                                          : tr("%1 (local index)").arg(index.name),
                         index.name);
        m_index->setItemData(m_index->count() - 1, keyText(index.keys), Qt::ToolTipRole);
    }
    const int row = m_index->findData(current);
    m_index->setCurrentIndex(row >= 0 ? row : 0);
}

void QueryBuilder::fillPartitions()
{
    m_partition->clear();
    m_partitionValues.clear();
    m_partitionCounts.clear();
    const model::IndexStore *st = store();
    if (!st) {
        m_partitionLabel->setText(tr("&Partition"));
        return;
    }
    const model::KeySchema &keys = st->keys();
    QStringList hashNames;
    for (const KeyAttribute &key : keys.hash)
        hashNames << key.name;
    m_partitionLabel->setText(tr("&Partition %1 =").arg(hashNames.join(QStringLiteral(", "))));

    std::vector<const model::Partition *> partitions;
    partitions.reserve(st->partitions().size());
    for (const model::Partition &partition : st->partitions()) {
        if (!partition.entries.empty())
            partitions.push_back(&partition);
    }
    const auto larger = [](const model::Partition *a, const model::Partition *b) {
        if (a->entries.size() != b->entries.size())
            return a->entries.size() > b->entries.size();
        return a->key < b->key;
    };
    const std::size_t listed = std::min<std::size_t>(partitions.size(), kMaxListedPartitions);
    std::partial_sort(partitions.begin(), partitions.begin() + qsizetype(listed), partitions.end(),
                      larger);
    partitions.resize(listed);

    for (const model::Partition *partition : partitions) {
        std::vector<AttributeValue> values;
        QStringList texts;
        for (const KeyAttribute &key : keys.hash) {
            values.push_back(m_table->attribute(partition->entries.front().item, key.name));
            texts << values.back().displayText();
        }
        m_partition->addItem(texts.join(QStringLiteral(" | ")));
        m_partition->setItemData(m_partition->count() - 1,
                                 itemCount(qsizetype(partition->entries.size())), Qt::ToolTipRole);
        m_partitionValues.push_back(std::move(values));
        m_partitionCounts.push_back(qsizetype(partition->entries.size()));
    }
    // A composite partition key is picked from the data (or typed as an expression).
    m_partition->setEditable(keys.hash.size() == 1);
    connectPartitionEdit();
    if (m_partition->isEditable()) {
        m_partition->setInsertPolicy(QComboBox::NoInsert);
        m_partition->lineEdit()->setPlaceholderText(typeHint(keys.hash.front().type));
        m_partition->setAccessibleName(tr("Partition key value"));
    }
    if (m_partition->count() > 0)
        m_partition->setCurrentIndex(0);
}

void QueryBuilder::updatePartitionCount()
{
    const model::IndexStore *st = store();
    qsizetype count = -1;
    const int row = m_partition->findText(m_partition->currentText());
    if (row >= 0 && row < int(m_partitionCounts.size())) {
        count = m_partitionCounts[row];
    } else if (st && st->keys().hash.size() == 1) {
        QString error;
        const KeyAttribute &hash = st->keys().hash.front();
        if (auto value = parseScalar(m_partition->currentText(), hash.type, hash.name, &error)) {
            const model::Partition *p = st->findPartition(value->sortableBytes());
            count = p ? qsizetype(p->entries.size()) : 0;
        }
    }
    if (count == 0)
        m_partitionCount->setText(tr("no items"));
    else if (count > 0)
        m_partitionCount->setText(itemCount(count));
    else
        m_partitionCount->clear();
}

void QueryBuilder::updateSortControls()
{
    const model::IndexStore *st = store();
    const bool hasRange = st && st->keys().hasRange();
    if (hasRange) {
        const KeyAttribute &range = st->keys().range.front();
        m_sortLabel->setText(tr("&Sort key %1").arg(range.name));
        m_value->setPlaceholderText(typeHint(range.type));
        m_upper->setPlaceholderText(typeHint(range.type));
    } else {
        m_sortLabel->setText(tr("&Sort key"));
        m_value->setPlaceholderText(st ? tr("this index has no sort key") : QString());
    }
    m_operator->setEnabled(hasRange);
    const int op = m_operator->currentIndex();
    m_value->setEnabled(hasRange && op != None);
    const bool between = op == Between;
    m_andLabel->setVisible(between);
    m_upper->setVisible(between);
    m_upper->setEnabled(hasRange && between);
}

void QueryBuilder::onIndexChanged()
{
    if (m_syncing)
        return;
    m_syncing = true;
    const QString partitionText = m_partition->currentText();
    fillPartitions();
    // An LSI shares the table's partition key: stay in the same partition.
    const int row = m_partition->findText(partitionText);
    if (row >= 0)
        m_partition->setCurrentIndex(row);
    updateSortControls();
    updatePartitionCount();
    m_syncing = false;
    composeFromControls();
}

void QueryBuilder::onKeyControlsChanged()
{
    if (m_syncing)
        return;
    updatePartitionCount();
    composeFromControls();
}

void QueryBuilder::onTextChanged()
{
    if (m_syncing)
        return;
    // The text is the authority now: a stale complaint about a control no longer applies.
    m_controlsError->clearError();
    decomposeToControls();
    validate();
}

void QueryBuilder::onOptionChanged()
{
    if (m_syncing)
        return;
    validate();
}

// The key condition being written: its parts, and the names and values they use, kept apart
// from those the filter and the projection use.
struct QueryBuilder::KeyCondition
{
    QStringList parts;
    std::map<QString, QString> names;
    model::Item values;
    QSet<QString> others; // the placeholders of the filter and the projection

    QString fresh(const QString &base) const
    {
        QString name = base;
        for (int i = 2; others.contains(name) || names.count(name) || values.count(name); ++i)
            name = base + QString::number(i);
        return name;
    }
    // The key's name as the expression may write it: itself, or a new #name.
    QString reference(const KeyAttribute &key, const QString &base)
    {
        if (isPlainName(key.name))
            return key.name;
        const QString placeholder = fresh(QLatin1Char('#') + base);
        names[placeholder] = key.name;
        return placeholder;
    }
    // A new :value placeholder holding `value`.
    QString valueOf(const QString &base, const AttributeValue &value)
    {
        const QString placeholder = fresh(base);
        values[placeholder] = value;
        return placeholder;
    }
    void addPartition(const std::vector<KeyAttribute> &hash,
                      const std::vector<AttributeValue> &partition)
    {
        for (std::size_t i = 0; i < partition.size() && i < hash.size(); ++i) {
            const QString base
                = hash.size() == 1 ? QStringLiteral("pk") : QStringLiteral("pk%1").arg(i + 1);
            const QString ref = reference(hash[i], base);
            parts << ref + QStringLiteral(" = ") + valueOf(QLatin1Char(':') + base, partition[i]);
        }
    }
};

void QueryBuilder::composeFromControls()
{
    const model::IndexStore *st = store();
    if (!st) {
        validate();
        return;
    }
    const model::KeySchema &keys = st->keys();
    if (keys.hash.size() == 1 && m_partition->currentText().isEmpty()) {
        awaitPartitionValue(keys.hash.front().name);
        return;
    }
    KeyCondition condition = conditionToRewrite();
    QString error;
    condition.addPartition(keys.hash, chosenPartition(keys, &error));
    if (error.isEmpty() && m_operator->currentIndex() != None && keys.hasRange())
        addRangePart(keys.range.front(), condition, &error);
    if (!error.isEmpty()) {
        refuseControls(error);
        return;
    }
    m_controlsError->clearError();
    writeKeyCondition(condition);
    validate();
}

// Nothing to ask yet (a new design has no items to pick from): no complaint, and no key
// condition, until a partition key value is given.
void QueryBuilder::awaitPartitionValue(const QString &keyName)
{
    m_syncing = true;
    m_expression->clear();
    m_syncing = false;
    clearErrors();
    m_controlsError->clearError();
    m_valid = false;
    m_errorMessage = tr("Give the partition key value (%1).").arg(keyName);
    m_runAction->setEnabled(false);
    m_run->setEnabled(false);
}

// The names and values typed so far, without those of the previous key condition unless the
// filter or the projection uses them too.
QueryBuilder::KeyCondition QueryBuilder::conditionToRewrite() const
{
    KeyCondition condition;
    QString ignored;
    condition.names = parsedNames(&ignored).value_or(std::map<QString, QString> {});
    condition.values = parsedValues(&ignored).value_or(model::Item {});
    condition.others = placeholders(m_filter->text() + QLatin1Char(' ') + m_projection->text());
    for (const QString &used : placeholders(m_expression->text())) {
        if (!condition.others.contains(used)) {
            condition.names.erase(used);
            condition.values.erase(used);
        }
    }
    return condition;
}

// The partition key values picked from the list or typed.
std::vector<AttributeValue> QueryBuilder::chosenPartition(const model::KeySchema &keys,
                                                          QString *error) const
{
    std::vector<AttributeValue> partition;
    const int row = m_partition->findText(m_partition->currentText());
    if (row >= 0 && row < int(m_partitionValues.size())) {
        partition = m_partitionValues[row];
    } else if (keys.hash.size() == 1) {
        const KeyAttribute &hash = keys.hash.front();
        if (auto value = parseScalar(m_partition->currentText(), hash.type, hash.name, error))
            partition.push_back(*value);
    } else {
        *error = tr("Pick the partition from the list, or type the key condition below.");
    }
    return partition;
}

// The sort key condition the operator and its value fields describe.
void QueryBuilder::addRangePart(const KeyAttribute &range, KeyCondition &condition,
                                QString *error) const
{
    const int op = m_operator->currentIndex();
    const auto value = parseScalar(m_value->text(), range.type, range.name, error);
    std::optional<AttributeValue> upper;
    if (value && op == Between)
        upper = parseScalar(m_upper->text(), range.type, range.name, error);
    if (!value || (op == Between && !upper))
        return;
    const QString ref = condition.reference(range, QStringLiteral("sk"));
    if (op == Between) {
        const QString low = condition.valueOf(QStringLiteral(":sk1"), *value);
        const QString high = condition.valueOf(QStringLiteral(":sk2"), *upper);
        condition.parts << QStringLiteral("%1 BETWEEN %2 AND %3").arg(ref, low, high);
        return;
    }
    const QString placeholder = condition.valueOf(QStringLiteral(":sk"), *value);
    if (op == BeginsWith)
        condition.parts << QStringLiteral("begins_with(%1, %2)").arg(ref, placeholder);
    else
        condition.parts
            << QStringLiteral("%1 %2 %3").arg(ref, m_operator->currentText(), placeholder);
}

void QueryBuilder::refuseControls(const QString &error)
{
    m_controlsError->showError(error);
    m_valid = false;
    m_errorMessage = error;
    m_runAction->setEnabled(false);
    m_run->setEnabled(false);
    emit validated();
}

void QueryBuilder::writeKeyCondition(const KeyCondition &condition)
{
    QJsonObject namesJson;
    for (const auto &[key, name] : condition.names)
        namesJson.insert(key, name);
    m_syncing = true;
    m_expression->setText(condition.parts.join(QStringLiteral(" AND ")));
    m_names->setText(condition.names.empty() ? QString() : compactJson(namesJson));
    m_values->setText(condition.values.empty()
                          ? QString()
                          : compactJson(model::dynamojson::itemToJson(condition.values)));
    // Show the start of rewritten text, not its end.
    for (QLineEdit *edit : {m_expression, m_names, m_values})
        edit->setCursorPosition(0);
    m_syncing = false;
}

void QueryBuilder::decomposeToControls()
{
    const model::IndexStore *st = store();
    if (!st)
        return;
    QString error;
    const auto names = parsedNames(&error);
    if (!error.isEmpty())
        return;
    const auto values = parsedValues(&error);
    if (!error.isEmpty())
        return;
    model::QueryExpressionText text;
    text.keyConditionExpression = m_expression->text();
    if (!m_filter->text().trimmed().isEmpty())
        text.filterExpression = m_filter->text();
    if (!m_projection->text().trimmed().isEmpty())
        text.projectionExpression = m_projection->text();
    text.names = names;
    text.values = values;
    text.maxKeyConditions = maxKeyAttributes(m_table->definition());
    const auto syntax = model::parseQueryExpressionSyntax(text);
    if (!std::holds_alternative<model::QueryExpressionSyntax>(syntax))
        return;
    const auto matched = model::matchKeyCondition(
        std::get<model::QueryExpressionSyntax>(syntax).keyTerms, schemaOf(st->keys()));
    if (!std::holds_alternative<model::KeyCondition>(matched))
        return;
    const model::KeyCondition &condition = std::get<model::KeyCondition>(matched);

    m_syncing = true;
    const auto row
        = std::find(m_partitionValues.begin(), m_partitionValues.end(), condition.hashValues);
    if (row != m_partitionValues.end())
        m_partition->setCurrentIndex(int(row - m_partitionValues.begin()));
    else if (m_partition->isEditable() && condition.hashValues.size() == 1)
        m_partition->setEditText(condition.hashValues.front().displayText());

    // The controls describe one condition on the first sort-key attribute; a condition over
    // several attributes of a composite sort key stays text only.
    if (condition.range.empty()) {
        m_operator->setCurrentIndex(None);
    } else if (condition.range.size() == 1) {
        const model::RangeCondition &range = condition.range.front();
        // The combo's rows, by the operator each stands for.
        static const std::pair<model::SortKeyOperator, int> rows[]
            = {{model::SortKeyOperator::Equal, Equal},
               {model::SortKeyOperator::Less, Less},
               {model::SortKeyOperator::LessOrEqual, LessOrEqual},
               {model::SortKeyOperator::Greater, Greater},
               {model::SortKeyOperator::GreaterOrEqual, GreaterOrEqual},
               {model::SortKeyOperator::Between, Between},
               {model::SortKeyOperator::BeginsWith, BeginsWith}};
        int op = None;
        for (const auto &[sortOperator, row] : rows) {
            if (sortOperator == range.op)
                op = row;
        }
        m_operator->setCurrentIndex(op);
        m_value->setText(range.value.displayText());
        if (op == Between)
            m_upper->setText(range.upper.displayText());
    }
    updateSortControls();
    updatePartitionCount();
    m_controlsError->clearError();
    m_syncing = false;
}

namespace {

// A JSON object typed into a parameter box, read as the AWS CLI reads `option`: nullopt with
// *error empty for an empty box, nullopt with the CLI's message for text that is not an object.
std::optional<QJsonObject> parameterObject(const QString &typed, const QString &option,
                                           QString *error)
{
    error->clear();
    const QString text = typed.trimmed();
    if (text.isEmpty())
        return std::nullopt;
    QJsonParseError parseError;
    const QJsonDocument json = QJsonDocument::fromJson(text.toUtf8(), &parseError);
    if (parseError.error != QJsonParseError::NoError || !json.isObject()) {
        *error = QStringLiteral("Error parsing parameter '") + option
            + QStringLiteral("': Invalid JSON: ")
            + (json.isNull() ? parseError.errorString() : QStringLiteral("expected an object"));
        return std::nullopt;
    }
    return json.object();
}

} // namespace

std::optional<std::map<QString, QString>> QueryBuilder::parsedNames(QString *error) const
{
    const std::optional<QJsonObject> object
        = parameterObject(m_names->text(), QStringLiteral("--expression-attribute-names"), error);
    if (!object)
        return std::nullopt;
    std::map<QString, QString> names;
    for (auto it = object->begin(); it != object->end(); ++it) {
        if (!it.value().isString()) {
            *error = QStringLiteral("Invalid type for parameter ExpressionAttributeNames.%1, "
                                    "valid types: <class 'str'>")
                         .arg(it.key());
            return std::nullopt;
        }
        names[it.key()] = it.value().toString();
    }
    return names;
}

std::optional<model::Item> QueryBuilder::parsedValues(QString *error) const
{
    const std::optional<QJsonObject> object
        = parameterObject(m_values->text(), QStringLiteral("--expression-attribute-values"), error);
    if (!object)
        return std::nullopt;
    QString message, path;
    auto item = model::dynamojson::itemFromJson(*object, &message, &path);
    if (!item) {
        *error = QStringLiteral("ExpressionAttributeValues.%1: %2").arg(path, message);
        return std::nullopt;
    }
    return item;
}

model::QueryRequest QueryBuilder::assemble(bool *ok) const
{
    *ok = true;
    model::QueryRequest r;
    if (m_table)
        r.tableName = m_table->definition().tableName;
    r.indexName = m_index->currentData().toString();
    r.keyConditionExpression = m_expression->text();
    if (!m_filter->text().trimmed().isEmpty())
        r.filterExpression = m_filter->text();
    if (!m_projection->text().trimmed().isEmpty())
        r.projectionExpression = m_projection->text();
    QString error;
    r.expressionAttributeNames = parsedNames(&error);
    *ok = *ok && error.isEmpty();
    r.expressionAttributeValues = parsedValues(&error);
    *ok = *ok && error.isEmpty();
    r.scanIndexForward = m_forward->isChecked();
    if (m_limit->value() > 0)
        r.limit = m_limit->value();
    const QString select = m_select->currentData().toString();
    if (!select.isEmpty())
        r.select = select;
    r.consistentRead = m_consistent->isChecked();
    r.returnConsumedCapacity = m_returnConsumedCapacity;
    return r;
}

model::QueryRequest QueryBuilder::request() const
{
    bool ok = false;
    return assemble(&ok);
}

void QueryBuilder::setRequest(const model::QueryRequest &request)
{
    m_syncing = true;
    int row = m_index->findData(request.indexName);
    if (row < 0 && m_table) {
        // Kept so the request stays as given; validation says the index is missing.
        m_index->addItem(tr("%1 (not in this table)").arg(request.indexName), request.indexName);
        row = m_index->count() - 1;
    }
    if (row >= 0 && row != m_index->currentIndex()) {
        m_index->setCurrentIndex(row);
        fillPartitions();
    }
    m_expression->setText(request.keyConditionExpression);
    QJsonObject names;
    if (request.expressionAttributeNames) {
        for (const auto &[key, name] : *request.expressionAttributeNames)
            names.insert(key, name);
    }
    m_names->setText(request.expressionAttributeNames ? compactJson(names) : QString());
    m_values->setText(request.expressionAttributeValues ? compactJson(
                          model::dynamojson::itemToJson(*request.expressionAttributeValues))
                                                        : QString());
    m_filter->setText(request.filterExpression.value_or(QString()));
    m_projection->setText(request.projectionExpression.value_or(QString()));
    m_limit->setValue(int(std::clamp<qint64>(request.limit.value_or(0), 0, m_limit->maximum())));
    const int select = m_select->findData(request.select.value_or(QString()));
    m_select->setCurrentIndex(select >= 0 ? select : 0);
    m_forward->setChecked(request.scanIndexForward);
    m_consistent->setChecked(request.consistentRead);
    m_returnConsumedCapacity = request.returnConsumedCapacity;
    for (QLineEdit *edit : {m_expression, m_names, m_values, m_filter, m_projection})
        edit->setCursorPosition(0);
    updateSortControls();
    m_syncing = false;
    decomposeToControls();
    validate();
    // Loaded, not composed: leaving a field unchanged does not run it again.
    m_lastCommitted = model::CodeSnippets::requestJson(this->request());
}

void QueryBuilder::clearErrors()
{
    for (ErrorLabel *label : {m_filterError, m_optionsError, m_expressionError, m_attributesError})
        label->clearError();
}

void QueryBuilder::showError(const model::QueryError &error)
{
    const QString &p = error.parameter;
    if (p == QLatin1String("KeyConditionExpression")) {
        m_expressionError->showError(error.message, m_expression->text(), error.position);
    } else if (p == QLatin1String("FilterExpression")) {
        m_filterError->showError(error.message, m_filter->text(), error.position);
    } else if (p == QLatin1String("ProjectionExpression")) {
        m_filterError->showError(error.message, m_projection->text(), error.position);
    } else if (p == QLatin1String("ExpressionAttributeNames")) {
        m_attributesError->showError(error.message, m_names->text(), error.position);
    } else if (p == QLatin1String("ExpressionAttributeValues")) {
        m_attributesError->showError(error.message, m_values->text(), error.position);
    } else if (p.isEmpty()
               && (error.message.contains(QLatin1String("condition"), Qt::CaseInsensitive)
                   || error.message.contains(QLatin1String("key"), Qt::CaseInsensitive))
               && !error.message.contains(QLatin1String("starting key"))) {
        m_expressionError->showError(error.message, m_expression->text(), error.position);
    } else {
        m_optionsError->showError(error.message);
    }
}

void QueryBuilder::validate()
{
    clearErrors();
    const auto invalid = [this](const QString &message) {
        m_valid = false;
        m_errorMessage = message;
        m_runAction->setEnabled(false);
        m_run->setEnabled(false);
        emit validated();
    };
    if (!m_controlsError->message().isEmpty()) {
        invalid(m_controlsError->message());
        return;
    }
    if (!m_table) {
        invalid(tr("There is no table to query yet."));
        return;
    }
    QString error;
    parsedNames(&error);
    if (!error.isEmpty()) {
        m_attributesError->showError(error);
        invalid(error);
        return;
    }
    parsedValues(&error);
    if (!error.isEmpty()) {
        m_attributesError->showError(error);
        invalid(error);
        return;
    }

    bool ok = false;
    const model::QueryRequest r = assemble(&ok);
    // DynamoDB's own checks, in its order: one item is enough to hear them.
    model::QueryRequest probe = r;
    probe.limit = 1;
    model::QueryEngine::Options options;
    options.materializeItems = false;
    const auto result = model::QueryEngine::query(*m_table, probe, options);
    if (const auto *queryError = std::get_if<model::QueryError>(&result)) {
        showError(*queryError);
        invalid(queryError->message);
        return;
    }
    m_valid = true;
    m_errorMessage.clear();
    m_runAction->setEnabled(!m_patternMode);
    m_run->setEnabled(true);
    const QJsonObject json = model::CodeSnippets::requestJson(r);
    if (json != m_lastEmitted) {
        m_lastEmitted = json;
        emit requestChanged(r);
    }
    emit validated();
}

} // namespace keyscope::ui
