#include "app/gui/mainwindow.h"

#include "app/gui/designloader.h"
#include "ui/collection/collectionmodel.h"

#include <QApplication>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QTableView>
#include <QVBoxLayout>

namespace keyscope::app {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
{
    setWindowTitle(tr("Keyscope"));
    resize(1100, 720);

    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *open = file->addAction(tr("&Open Table and Items…"), this, &MainWindow::openDialog);
    open->setShortcut(QKeySequence::Open);
    QMenu *examples = file->addMenu(tr("Open &Example"));
    examples->addAction(tr("IoT: a device and its readings (#READING# before DEVICE#)"), this,
                        [this] { openExample(QStringLiteral("iot")); });
    examples->addAction(tr("SaaS: teams before the org, users after it"), this,
                        [this] { openExample(QStringLiteral("saas")); });
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), qApp, &QApplication::closeAllWindows);
    quit->setShortcut(QKeySequence::Quit);

    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    auto *bar = new QHBoxLayout;
    m_indexBox = new QComboBox(central);
    m_indexBox->setAccessibleName(tr("Table or index"));
    m_partitionBox = new QComboBox(central);
    m_partitionBox->setAccessibleName(tr("Item collection"));
    m_partitionBox->setMinimumContentsLength(32);
    auto *indexLabel = new QLabel(tr("&Order of:"), central);
    indexLabel->setBuddy(m_indexBox);
    auto *partitionLabel = new QLabel(tr("&Collection:"), central);
    partitionLabel->setBuddy(m_partitionBox);
    bar->addWidget(indexLabel);
    bar->addWidget(m_indexBox);
    bar->addSpacing(16);
    bar->addWidget(partitionLabel);
    bar->addWidget(m_partitionBox, 1);
    layout->addLayout(bar);

    m_model = new ui::CollectionModel(this);
    m_view = new QTableView(central);
    m_view->setModel(m_model);
    m_view->setAccessibleName(tr("Items in sort-key order"));
    m_view->setAlternatingRowColors(true);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->verticalHeader()->hide();
    // Fixed row height keeps a million-row collection cheap to scroll.
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_view->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    m_view->horizontalHeader()->setStretchLastSection(false);
    m_view->horizontalHeader()->setSectionResizeMode(ui::CollectionModel::AttributesColumn,
                                                     QHeaderView::Stretch);
    layout->addWidget(m_view, 1);

    m_orderNote = new QLabel(central);
    m_orderNote->setWordWrap(true);
    m_orderNote->setText(tr("Rows are in DynamoDB's order: sort keys compare as unsigned UTF-8 "
                            "bytes (so '#' < '0' < 'A' < 'a'), numbers by value. Collections "
                            "are listed largest first; DynamoDB places them by hash."));
    layout->addWidget(m_orderNote);
    setCentralWidget(central);

    connect(m_indexBox, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_model->setIndexName(i <= 0 ? QString() : m_indexBox->itemText(i));
    });
    connect(m_model, &ui::CollectionModel::partitionsChanged, this,
            &MainWindow::refillPartitions);
    connect(m_partitionBox, &QComboBox::currentIndexChanged, m_model,
            &ui::CollectionModel::setPartition);
}

void MainWindow::openDialog()
{
    const QString table = QFileDialog::getOpenFileName(
        this, tr("Open Table Definition (create-table JSON)"), {}, tr("JSON (*.json);;All (*)"));
    if (table.isEmpty())
        return;
    const QString items = QFileDialog::getOpenFileName(
        this, tr("Open Items (batch-write-item, scan output or array)"),
        QFileInfo(table).absolutePath(), tr("JSON (*.json);;All (*)"));
    if (items.isEmpty())
        return;
    openFiles(table, items);
}

bool MainWindow::openFiles(const QString &tablePath, const QString &itemsPath)
{
    DesignLoadResult result = loadDesign(tablePath, itemsPath);
    if (!result.table) {
        QMessageBox::warning(this, tr("Cannot open"), result.error);
        statusBar()->showMessage(result.error);
        return false;
    }
    showTable(std::move(result.table), QFileInfo(tablePath).fileName(), result.replaced);
    return true;
}

void MainWindow::openExample(const QString &name)
{
    const QString base = QStringLiteral(":/examples/%1/").arg(name);
    openFiles(base + QStringLiteral("table.json"), base + QStringLiteral("items.json"));
}

void MainWindow::showTable(std::shared_ptr<const model::Table> table, const QString &title,
                           qsizetype replaced)
{
    const model::TableDefinition &definition = table->definition();
    setWindowTitle(tr("%1 — Keyscope").arg(definition.tableName.isEmpty() ? title
                                                                           : definition.tableName));
    const QSignalBlocker blocker(m_indexBox);
    m_indexBox->clear();
    m_indexBox->addItem(tr("Table %1").arg(definition.tableName));
    for (const auto &index : definition.indexes)
        m_indexBox->addItem(index.name);
    const qsizetype partitions = qsizetype(table->store()->partitions().size());
    statusBar()->showMessage(
        tr("%1 items in %2 collections%3")
            .arg(QLocale().toString(qlonglong(table->itemCount())),
                 QLocale().toString(qlonglong(partitions)),
                 replaced ? tr("; %1 writes replaced an item with the same key").arg(replaced)
                          : QString()));
    m_model->setTable(std::move(table));
    m_view->resizeColumnsToContents();
}

void MainWindow::refillPartitions()
{
    const QSignalBlocker blocker(m_partitionBox);
    m_partitionBox->clear();
    for (int i = 0; i < m_model->partitionCount(); ++i)
        m_partitionBox->addItem(m_model->partitionLabel(i));
    m_partitionBox->setCurrentIndex(m_model->partition());
    m_view->resizeColumnsToContents();
}

} // namespace keyscope::app
