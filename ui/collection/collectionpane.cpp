#include "ui/collection/collectionpane.h"

#include "model/query/tracetimeline.h"
#include "ui/collection/collectionmodel.h"
#include "ui/collection/collectionview.h"

#include <QComboBox>
#include <QFontDatabase>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace keyscope::ui {

namespace {

// "DEVICE#d-0001  (31 items)" -> "DEVICE#d-0001"
QString partitionKeyOf(const QString &label)
{
    const qsizetype end = label.lastIndexOf(QLatin1String("  ("));
    return end < 0 ? label : label.left(end);
}

} // namespace

CollectionPane::CollectionPane(QWidget *parent)
    : QWidget(parent)
    , m_model(new CollectionModel(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 4);
    layout->setSpacing(6);
    layout->addLayout(createChoiceBar());
    m_itemsView = createItemsView();
    createElsewhereBar();
    layout->addWidget(m_elsewhere);
    layout->addWidget(m_itemsView, 1);
    createOrderNote();
    layout->addWidget(m_orderNote);
    connectChoices();
}

// The index whose order is shown and the item collection.
QHBoxLayout *CollectionPane::createChoiceBar()
{
    auto *bar = new QHBoxLayout;
    m_indexBox = new QComboBox(this);
    m_indexBox->setAccessibleName(tr("Table or index"));
    m_indexBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_partitionBox = new QComboBox(this);
    m_partitionBox->setAccessibleName(tr("Item collection"));
    m_partitionBox->setMinimumContentsLength(24);
    m_partitionBox->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    auto *indexLabel = new QLabel(tr("&Order of:"), this);
    indexLabel->setBuddy(m_indexBox);
    auto *partitionLabel = new QLabel(tr("Co&llection:"), this);
    partitionLabel->setBuddy(m_partitionBox);
    bar->addWidget(indexLabel);
    bar->addWidget(m_indexBox);
    bar->addSpacing(12);
    bar->addWidget(partitionLabel);
    bar->addWidget(m_partitionBox, 1);
    return bar;
}

// Shown while the Query reads a collection other than the one shown, with the way back.
void CollectionPane::createElsewhereBar()
{
    m_elsewhere = new QFrame(this);
    m_elsewhere->setObjectName(QStringLiteral("QueryElsewhereBar"));
    m_elsewhere->setAccessibleName(tr("The Query reads another collection"));
    static_cast<QFrame *>(m_elsewhere)->setFrameShape(QFrame::StyledPanel);
    m_elsewhere->setAutoFillBackground(true);
    m_elsewhere->setBackgroundRole(QPalette::ToolTipBase);
    m_elsewhere->setForegroundRole(QPalette::ToolTipText);
    auto *elsewhereLayout = new QHBoxLayout(m_elsewhere);
    elsewhereLayout->setContentsMargins(8, 4, 4, 4);
    m_elsewhereText = new QLabel(m_elsewhere);
    m_elsewhereText->setWordWrap(true);
    m_elsewhereText->setForegroundRole(QPalette::ToolTipText);
    auto *back = new QPushButton(tr("Show the Query's Collection"), m_elsewhere);
    back->setObjectName(QStringLiteral("showQueryCollection"));
    connect(back, &QPushButton::clicked, this, [this] { showQueryCollection(); });
    elsewhereLayout->addWidget(m_elsewhereText, 1);
    elsewhereLayout->addWidget(back);
    m_elsewhere->hide();
}

void CollectionPane::createOrderNote()
{
    m_orderNote = new QLabel(this);
    m_orderNote->setWordWrap(true);
    m_orderNote->setForegroundRole(QPalette::PlaceholderText);
    // The rule in one line; the rest of the explanation on hover, so the rows keep the room.
    m_orderNote->setText(tr("Top = smallest. Sort keys compare as unsigned UTF-8 bytes "
                            "('#' < '0' < 'A' < 'a'), numbers by value."));
    m_orderNote->setToolTip(tr("The collection list above is largest first; the bands above and "
                               "below the rows are the other collections in hash order, as "
                               "DynamoDB places them (Keyscope's own MD5 of the key bytes: "
                               "DynamoDB's hash function is not public)."));
}

void CollectionPane::connectChoices()
{
    connect(m_indexBox, &QComboBox::currentIndexChanged, this, &CollectionPane::indexChosen);
    connect(m_model, &CollectionModel::partitionsChanged, this, &CollectionPane::refillPartitions);
    connect(m_partitionBox, &QComboBox::currentIndexChanged, this, [this](int row) {
        m_model->setPartition(row);
        m_view->setPartition(m_model->partitionKey(row));
        m_wantedPartition = partitionKeyOf(m_partitionBox->itemText(row));
    });
    connect(m_view, &CollectionView::partitionChanged, this, &CollectionPane::followViewPartition);
    connect(m_view, &CollectionView::timelineChanged, this, &CollectionPane::updateElsewhere);
}

// The view can change partition itself (a band clicked, Ctrl+PageDown, F8 to a concerned item
// elsewhere): the combo follows.
void CollectionPane::followViewPartition(const QByteArray &key)
{
    for (int i = 0; i < m_model->partitionCount(); ++i) {
        if (m_model->partitionKey(i) != key)
            continue;
        if (i != m_partitionBox->currentIndex()) {
            const QSignalBlocker blocker(m_partitionBox);
            m_partitionBox->setCurrentIndex(i);
            m_model->setPartition(i);
            m_wantedPartition = partitionKeyOf(m_partitionBox->itemText(i));
        }
        break;
    }
    updateElsewhere();
}

void CollectionPane::addBar(QWidget *bar)
{
    auto *column = static_cast<QVBoxLayout *>(layout());
    column->insertWidget(column->indexOf(m_elsewhere), bar);
}

void CollectionPane::updateElsewhere()
{
    const model::TraceTimeline *timeline = m_view->timeline();
    const model::IndexStore *shownStore = m_table ? m_table->store(m_view->indexName()) : nullptr;
    const model::IndexStore *queryStore
        = m_table && timeline ? m_table->store(timeline->trace().indexName) : nullptr;
    const bool elsewhere = timeline && queryStore && shownStore && m_view->rows()
        && m_view->rows()->rowCount() > 0 && !m_view->timelineApplies();
    if (!elsewhere) {
        m_elsewhere->hide();
        m_elsewhereText->clear();
        return;
    }
    const model::QueryTrace &trace = timeline->trace();
    const QString shown
        = model::partitionKeyText(*m_table, *shownStore, m_view->rows()->partitionKey());
    const QString read = model::partitionKeyText(*m_table, *queryStore, trace.partitionKey);
    if (trace.indexName == m_view->indexName()) {
        m_elsewhereText->setText(tr("Showing %1 — the Query reads %2").arg(shown, read));
    } else {
        const auto storeName = [this](const QString &index) {
            return index.isEmpty() ? tr("the table") : tr("index %1").arg(index);
        };
        m_elsewhereText->setText(
            tr("Showing %1 in %2 — the Query reads %3 in %4")
                .arg(shown, storeName(m_view->indexName()), read, storeName(trace.indexName)));
    }
    m_elsewhere->show();
}

QString CollectionPane::elsewhereText() const
{
    return m_elsewhere->isHidden() ? QString() : m_elsewhereText->text();
}

bool CollectionPane::showQueryCollection()
{
    const model::TraceTimeline *timeline = m_view->timeline();
    if (!timeline)
        return false;
    const model::QueryTrace &trace = timeline->trace();
    const int row = m_indexBox->findData(trace.indexName);
    if (row < 0)
        return false;
    if (row != m_indexBox->currentIndex())
        m_indexBox->setCurrentIndex(row);
    if (trace.partitionFound)
        m_view->setPartition(trace.partitionKey);
    m_view->revealStep(m_view->renderState().step);
    m_view->setFocus(Qt::OtherFocusReason);
    updateElsewhere();
    return m_view->timelineApplies();
}

QWidget *CollectionPane::createItemsView()
{
    m_view = new CollectionView(this);
    m_view->setAccessibleName(tr("Items in sort-key order"));
    return m_view;
}

void CollectionPane::setPopulation(std::shared_ptr<const model::Population> population,
                                   const model::Project &project)
{
    m_population = std::move(population);
    m_view->setPopulation(m_population.get(), CollectionView::entitiesOf(project));
}

void CollectionPane::setTable(std::shared_ptr<const model::Table> table)
{
    const QString index = indexName();
    const QString partition = m_wantedPartition;
    {
        const QSignalBlocker blocker(m_indexBox);
        m_indexBox->clear();
        if (table) {
            const model::TableDefinition &definition = table->definition();
            m_indexBox->addItem(tr("Table %1").arg(definition.tableName), QString());
            for (const auto &indexDefinition : definition.indexes)
                m_indexBox->addItem(indexDefinition.name, indexDefinition.name);
        }
        const int row = m_indexBox->findData(index);
        m_indexBox->setCurrentIndex(row < 0 ? 0 : row);
    }
    m_wantedPartition = partition;
    m_table = table;
    m_view->setTable(table);
    m_view->setIndexName(indexName());
    m_model->setTable(std::move(table));
    if (!indexName().isEmpty())
        m_model->setIndexName(indexName());
    m_view->setPartition(m_model->partitionKey(m_model->partition()));
    updateElsewhere();
}

bool CollectionPane::showCollection(const QString &indexName, const QString &partition)
{
    const int row = m_indexBox->findData(indexName);
    if (row < 0)
        return false;
    m_wantedPartition = partition;
    if (row != m_indexBox->currentIndex())
        m_indexBox->setCurrentIndex(row);
    else
        selectPartition(partition);
    return partitionText() == partition;
}

void CollectionPane::setOrderNoteVisible(bool visible)
{
    m_orderNote->setVisible(visible);
}

QString CollectionPane::indexName() const
{
    return m_indexBox->currentData().toString();
}

QString CollectionPane::partitionText() const
{
    return partitionKeyOf(m_partitionBox->currentText());
}

void CollectionPane::indexChosen(int row)
{
    const QString index = m_indexBox->itemData(row).toString();
    m_view->setIndexName(index);
    m_model->setIndexName(index);
    updateElsewhere();
}

void CollectionPane::refillPartitions()
{
    {
        const QSignalBlocker blocker(m_partitionBox);
        m_partitionBox->clear();
        for (int i = 0; i < m_model->partitionCount(); ++i)
            m_partitionBox->addItem(m_model->partitionLabel(i));
        m_partitionBox->setCurrentIndex(m_model->partition());
    }
    selectPartition(m_wantedPartition);
    m_view->setPartition(m_model->partitionKey(m_model->partition()));
}

void CollectionPane::selectPartition(const QString &text)
{
    if (text.isEmpty())
        return;
    for (int i = 0; i < m_partitionBox->count(); ++i) {
        if (partitionKeyOf(m_partitionBox->itemText(i)) == text) {
            m_partitionBox->setCurrentIndex(i); // also tells the model
            if (m_model->partition() != i)
                m_model->setPartition(i);
            return;
        }
    }
}

} // namespace keyscope::ui
