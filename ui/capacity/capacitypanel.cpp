#include "ui/capacity/capacitypanel.h"

#include "ui/capacity/costtext.h"
#include "ui/document/document.h"
#include "ui/widgets/detailview.h"

#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QTabWidget>
#include <QTableWidget>
#include <QUrl>
#include <QVBoxLayout>

#include <utility>
#include <vector>

namespace keyscope::ui {

namespace {

using Header = std::pair<QString, QString>; // the column's title and what it means

QTableWidget *costTable(const QString &accessible, const std::vector<Header> &headers,
                        QWidget *parent)
{
    auto *table = new QTableWidget(0, int(headers.size()), parent);
    table->setAccessibleName(accessible);
    for (int column = 0; column < int(headers.size()); ++column) {
        auto *header = new QTableWidgetItem(headers[size_t(column)].first);
        header->setToolTip(headers[size_t(column)].second);
        table->setHorizontalHeaderItem(column, header);
    }
    table->verticalHeader()->hide();
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 6);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setTabKeyNavigation(false);
    table->setWordWrap(true); // long names and errors wrap (fitNameColumn)
    // Every column as wide as its widest figure or title: nothing is cut short; a narrow panel
    // scrolls sideways instead.
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->horizontalHeader()->setStretchLastSection(true);
    return table;
}

// The name column as wide as its longest name, up to about 24 characters: a longer name wraps
// onto another line rather than push the figures out of view.
void fitNameColumn(QTableWidget *table)
{
    table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Interactive);
    table->resizeColumnToContents(0);
    const int limit = table->fontMetrics().averageCharWidth() * 24;
    if (table->columnWidth(0) > limit)
        table->setColumnWidth(0, limit);
    table->resizeRowsToContents();
}

QTableWidgetItem *textCell(const QString &text, const QString &tip = {})
{
    auto *item = new QTableWidgetItem(text);
    item->setToolTip(tip.isEmpty() ? text : tip);
    return item;
}

QTableWidgetItem *figureCell(const QString &text, const QString &tip = {})
{
    auto *item = new QTableWidgetItem(text);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    if (!tip.isEmpty())
        item->setToolTip(tip);
    return item;
}

QColor errorColor(const QWidget *widget)
{
    // As ErrorLabel shows DynamoDB's errors.
    const bool dark = widget->palette().color(QPalette::Window).lightness() < 128;
    return dark ? QColor(0xff, 0x8a, 0x80) : QColor(0xc6, 0x28, 0x28);
}

// "On-demand reads ...: 0.125 (https://..., 2024-11-01)" per figure, for the prices' tooltip.
QString priceLines(const model::PriceTable &prices)
{
    QStringList lines;
    for (const model::PriceFigureMember &member : model::priceFigures()) {
        const model::PriceFigure &figure = prices.*member.figure;
        lines << QStringLiteral("%1: $%2 (%3, %4)")
                     .arg(QString::fromUtf8(member.label), QString::number(figure.value),
                          figure.source, figure.asOf);
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace

CapacityPanel::CapacityPanel(QWidget *parent)
    : QWidget(parent)
{
    setAccessibleName(tr("Capacity"));
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("capacityStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("capacitySummary"));
    makeSummaryLabel(m_summary);
    m_biggest = new QLabel(this);
    m_biggest->setObjectName(QStringLiteral("capacityBiggestCost"));
    m_biggest->setWordWrap(true);
    buildTables();

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 6);
    layout->setSpacing(4);
    layout->addWidget(m_status);
    layout->addWidget(m_summary);
    layout->addWidget(m_biggest);
    layout->addWidget(m_tabs, 1);
    clearFigures();
    updateStatus();
}

void CapacityPanel::buildTables()
{
    m_patterns = costTable(
        tr("Access pattern costs"),
        {{tr("Access pattern"), tr("The access pattern; its Query runs on the populated design")},
         {tr("Peak\nreq/s"),
          tr("Requests per second at peak (assumed 1 when the pattern declares "
             "none)")},
         {tr("Pages"), tr("Pages one request reads: until its Limit, or to the end")},
         {tr("Items\nread"), tr("Items read per request (ScannedCount over the pages)")},
         {tr("KB\nread"), tr("Kilobytes read per request, before the 4 KB rounding")},
         {tr("RCU per\nrequest"),
          tr("Read capacity units per request, as ConsumedCapacity reports "
             "it: each page's sizes summed, rounded up to 4 KB, half when "
             "eventually consistent")},
         {tr("RCU per\nsecond"), tr("Read capacity units per second at the peak rate")},
         {tr("On demand\n$/month"), tr("A month of read request units at the average rate")},
         {tr("Provisioned\n$/month"),
          tr("A month of read capacity for the peak rate at the assumed "
             "utilisation")}},
        this);
    m_patterns->setObjectName(QStringLiteral("capacityPatterns"));
    m_entities = costTable(
        tr("Entity type costs"),
        {{tr("Entity type"), tr("The entity type whose items are written")},
         {tr("Mean\nsize"), tr("Mean item size over the populated items, by DynamoDB's rules")},
         {tr("Max\nsize"), tr("Largest populated item")},
         {tr("WCU per\nwrite"), tr("Write capacity units of one put in the table (1 KB units)")},
         {tr("Index WCU\nper write"),
          tr("Write capacity units one write costs in the indexes the "
             "item is projected into")},
         {tr("Writes\nper second"), tr("Creates, updates and deletes per second at peak")},
         {tr("On demand\n$/month"), tr("A month of write request units at that rate")},
         {tr("Provisioned\n$/month"),
          tr("A month of write capacity for that rate at the assumed "
             "utilisation")}},
        this);
    m_entities->setObjectName(QStringLiteral("capacityEntities"));
    m_storage = costTable(
        tr("Storage costs"),
        {{tr("Table"), tr("The table")},
         {tr("Index"), tr("The index; (table) for the table itself")},
         {tr("Items"), tr("Items at maturity (the declared growth, else the populated count)")},
         {tr("Size"), tr("Item (or projection) bytes plus DynamoDB's 100 bytes per item")},
         {tr("$/month"), tr("A month of storage at the price per GB-month")}},
        this);
    m_storage->setObjectName(QStringLiteral("capacityStorage"));
    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_patterns, tr("Reads"));
    m_tabs->addTab(m_entities, tr("Writes"));
    m_tabs->addTab(m_storage, tr("Storage"));
    m_tabs->addTab(buildAssumptionsTab(), tr("Assumptions"));
    // The tables take the height there is and scroll; only the tab bar and a row or two are
    // asked for, so the panel does not scroll as a whole in a short dock.
    m_tabs->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Ignored);
    m_tabs->setMinimumHeight(m_tabs->minimumSizeHint().height());
}

// What the figures rest on and the prices: a tab of its own, so the figures keep the room.
QWidget *CapacityPanel::buildAssumptionsTab()
{
    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto *content = new QWidget(scroll);
    auto *layout = new QVBoxLayout(content);
    layout->setContentsMargins(4, 4, 4, 4);
    m_prices = new QLabel(content);
    m_prices->setObjectName(QStringLiteral("capacityPrices"));
    m_prices->setTextFormat(Qt::RichText);
    m_prices->setOpenExternalLinks(true);
    m_prices->setWordWrap(true);
    m_assumptions = new QLabel(content);
    m_assumptions->setObjectName(QStringLiteral("capacityAssumptions"));
    m_assumptions->setWordWrap(true);
    m_assumptions->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_prices);
    layout->addWidget(m_assumptions);
    layout->addStretch(1);
    scroll->setWidget(content);
    return scroll;
}

void CapacityPanel::setDocument(Document *document)
{
    if (m_document)
        m_document->disconnect(this);
    m_document = document;
    if (document) {
        connect(document, &Document::projectChanged, this, &CapacityPanel::updateStatus);
        connect(document, &Document::costReady, this, &CapacityPanel::showReport);
    }
    showReport();
}

bool CapacityPanel::isComputing() const
{
    return m_document && m_document->costRevision() != m_document->revision();
}

QString CapacityPanel::statusText() const
{
    if (!m_document)
        return {};
    if (isComputing())
        return tr("Computing\u2026");
    return m_document->costError();
}

void CapacityPanel::updateStatus()
{
    const QString text = statusText();
    m_status->setText(text);
    m_status->setVisible(!text.isEmpty());
    QPalette palette = m_status->palette();
    palette.setColor(QPalette::WindowText,
                     isComputing() ? this->palette().color(QPalette::PlaceholderText)
                                   : errorColor(this));
    m_status->setPalette(palette);
}

void CapacityPanel::showReport()
{
    updateStatus();
    if (isComputing())
        return; // the figures on show stay until the current ones arrive
    m_report = m_document ? m_document->costReport() : nullptr;
    if (!m_report) {
        clearFigures();
        return;
    }
    fillSummary(*m_report);
    fillPatterns(*m_report);
    fillEntities(*m_report);
    fillStorage(*m_report);
    fillFooter(*m_report);
    for (QTableWidget *table : {m_patterns, m_entities, m_storage})
        fitNameColumn(table);
    m_tabs->setEnabled(true);
}

void CapacityPanel::clearFigures()
{
    m_summary->clear();
    m_summary->hide();
    m_biggest->clear();
    m_biggest->hide();
    for (QTableWidget *table : {m_patterns, m_entities, m_storage})
        table->setRowCount(0);
    m_tabs->setEnabled(false);
    m_tabs->setTabText(AssumptionsTab, tr("Assumptions"));
    m_assumptions->clear();
    m_prices->clear();
}

void CapacityPanel::fillSummary(const model::CostReport &report)
{
    const model::CostTotals &totals = report.totals;
    m_summary->setText(tr("A month in %1: %2 on demand, %3 provisioned")
                           .arg(report.prices.region, CostText::money(totals.onDemand),
                                CostText::money(totals.provisioned)));
    m_summary->setToolTip(
        tr("On demand: reads %1, writes %2, storage %3.\nProvisioned at %4% utilisation: reads "
           "%5, writes %6, storage %3.")
            .arg(CostText::money(totals.reads), CostText::money(totals.writes),
                 CostText::money(totals.storage),
                 QString::number(qRound(report.prices.utilisation * 100)),
                 CostText::money(totals.readsProvisioned),
                 CostText::money(totals.writesProvisioned)));
    m_summary->show();
    m_biggest->setText(report.biggestCost);
    m_biggest->setVisible(!report.biggestCost.isEmpty());
}

void CapacityPanel::fillPatterns(const model::CostReport &report)
{
    m_patterns->clearSpans();
    m_patterns->setRowCount(int(report.patterns.size()));
    const QColor error = errorColor(this);
    for (int row = 0; row < int(report.patterns.size()); ++row) {
        const model::PatternCost &cost = report.patterns[size_t(row)];
        m_patterns->setItem(
            row, PatternName,
            textCell(cost.name,
                     cost.index.isEmpty()
                         ? tr("%1: a Query on the table").arg(cost.name)
                         : tr("%1: a Query on the index %2").arg(cost.name, cost.index)));
        if (!cost.error.isEmpty()) {
            QTableWidgetItem *why = textCell(cost.error);
            why->setForeground(error);
            m_patterns->setItem(row, PatternRate, why);
            m_patterns->setSpan(row, PatternRate, 1, PatternColumnCount - PatternRate);
            continue;
        }
        const QString rate = CostText::figure(cost.rate);
        m_patterns->setItem(
            row, PatternRate,
            cost.rateAssumed
                ? figureCell(tr("%1 (assumed)").arg(rate),
                             tr("No rate declared: %1 request per second assumed").arg(rate))
                : figureCell(
                    rate,
                    tr("%1 at peak, %2 on average").arg(rate, CostText::figure(cost.averageRate))));
        m_patterns->setItem(row, PatternPages, figureCell(CostText::count(cost.pages)));
        m_patterns->setItem(row, PatternItems,
                            figureCell(CostText::count(cost.itemsRead),
                                       tr("%1 read, %2 returned")
                                           .arg(CostText::count(cost.itemsRead),
                                                CostText::count(cost.itemsReturned))));
        m_patterns->setItem(row, PatternKilobytes,
                            figureCell(CostText::figure(double(cost.bytesRead) / 1024),
                                       CostText::bytes(double(cost.bytesRead))));
        m_patterns->setItem(row, PatternRcuPerRequest,
                            figureCell(CostText::figure(cost.rcuPerRequest),
                                       cost.consistentRead ? tr("Strongly consistent")
                                                           : tr("Eventually consistent")));
        m_patterns->setItem(row, PatternRcuPerSecond,
                            figureCell(CostText::figure(cost.rcuPerSecond)));
        m_patterns->setItem(row, PatternOnDemand,
                            figureCell(CostText::money(cost.monthlyOnDemand)));
        m_patterns->setItem(row, PatternProvisioned,
                            figureCell(CostText::money(cost.monthlyProvisioned)));
    }
}

void CapacityPanel::fillEntities(const model::CostReport &report)
{
    m_entities->setRowCount(int(report.entities.size()));
    for (int row = 0; row < int(report.entities.size()); ++row) {
        const model::EntityCost &cost = report.entities[size_t(row)];
        m_entities->setItem(row, EntityName, textCell(cost.name));
        m_entities->setItem(row, EntityMeanSize, figureCell(CostText::bytes(cost.meanItemBytes)));
        m_entities->setItem(row, EntityMaxSize,
                            figureCell(CostText::bytes(double(cost.maxItemBytes))));
        m_entities->setItem(row, EntityWcuPerWrite, figureCell(CostText::figure(cost.wcuPerWrite)));
        m_entities->setItem(
            row, EntityIndexWcuPerWrite,
            figureCell(CostText::figure(cost.indexWritesPerWrite),
                       cost.indexes.isEmpty()
                           ? tr("Projected into no index")
                           : tr("Projected into %1").arg(cost.indexes.join(QStringLiteral(", ")))));
        const QString rate = CostText::figure(cost.writeRate);
        m_entities->setItem(row, EntityWriteRate,
                            cost.writesAssumed
                                ? figureCell(tr("%1 (none declared)").arg(rate),
                                             tr("No writes declared: none counted"))
                                : figureCell(rate,
                                             tr("%1 creates, %2 updates, %3 deletes per second")
                                                 .arg(CostText::figure(cost.create.rate),
                                                      CostText::figure(cost.update.rate),
                                                      CostText::figure(cost.remove.rate))));
        m_entities->setItem(row, EntityOnDemand, figureCell(CostText::money(cost.monthlyOnDemand)));
        m_entities->setItem(row, EntityProvisioned,
                            figureCell(CostText::money(cost.monthlyProvisioned)));
    }
}

void CapacityPanel::fillStorage(const model::CostReport &report)
{
    m_storage->setRowCount(int(report.storage.size()));
    for (int row = 0; row < int(report.storage.size()); ++row) {
        const model::StorageCost &cost = report.storage[size_t(row)];
        m_storage->setItem(row, StorageTable, textCell(cost.table));
        m_storage->setItem(row, StorageIndex,
                           textCell(cost.index.isEmpty() ? tr("(table)") : cost.index));
        m_storage->setItem(row, StorageItems, figureCell(CostText::count(cost.items)));
        m_storage->setItem(row, StorageSize, figureCell(CostText::bytes(cost.bytes)));
        m_storage->setItem(row, StorageMonthly, figureCell(CostText::money(cost.monthly)));
    }
}

void CapacityPanel::fillFooter(const model::CostReport &report)
{
    m_tabs->setTabText(AssumptionsTab, tr("Assumptions (%1)").arg(report.assumptions.size()));
    QStringList bullets;
    for (const QString &assumption : report.assumptions)
        bullets << QStringLiteral("\u2022 ") + assumption;
    m_assumptions->setText(bullets.join(QLatin1Char('\n')));

    const model::PriceTable &prices = report.prices;
    const QString source = prices.readRequestUnitsPerMillion.source;
    const QString link = source.startsWith(QLatin1String("http"))
        ? QStringLiteral("<a href=\"%1\">%2</a>")
              .arg(source.toHtmlEscaped(), QUrl(source).host().toHtmlEscaped())
        : source.toHtmlEscaped();
    m_prices->setText((prices.overridden
                           ? tr("Prices: %1 with the project's figures, standard table class, USD; "
                                "%2 as of %3")
                           : tr("Prices: %1, standard table class, USD; %2 as of %3"))
                          .arg(prices.region.toHtmlEscaped(), link,
                               prices.readRequestUnitsPerMillion.asOf.toHtmlEscaped()));
    m_prices->setToolTip(priceLines(prices));
}

} // namespace keyscope::ui
