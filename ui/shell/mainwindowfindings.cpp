// What the main window's panels show as the document computes: population, patterns, findings.

#include "ui/checks/findingfixbutton.h"
#include "ui/checks/findinglistmodel.h"
#include "ui/collection/collectionmodel.h"
#include "ui/collection/collectionpane.h"
#include "ui/collection/collectionview.h"
#include "ui/document/document.h"
#include "ui/editors/entitieseditor.h"
#include "ui/patterns/patternspanel.h"
#include "ui/query/codepanel.h"
#include "ui/query/querybuilder.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/tracedisplay.h"
#include "ui/widgets/counted.h"

#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QLayout>
#include <QListView>
#include <QPlainTextEdit>
#include <QSpinBox>
#include <QStatusBar>

namespace keyscope::ui {

void MainWindow::refreshEntities()
{
    const model::Project &project = m_document->project();
    m_refreshingEntities = true;
    m_seed->setValue(int(qMin<quint64>(project.seed, quint64(m_seed->maximum()))));
    m_refreshingEntities = false;
}

void MainWindow::populationReady()
{
    if (auto population = m_document->population())
        m_collection->setPopulation(population, m_document->project());
    m_collection->setTable(m_document->table());
    {
        // A new table keeps the builder's query without running it: the selected pattern
        // drives the animation until the user runs a query of their own.
        const QSignalBlocker blocker(m_builder);
        m_builder->setTable(m_document->table());
    }
    m_codePanel->setTableName(m_document->project().table.tableName);
    showStatusCounts();
}

void MainWindow::showStatusCounts()
{
    const auto table = m_document->table();
    if (!table) {
        m_itemCount->clear();
        return;
    }
    const qsizetype collections = qsizetype(table->store()->partitions().size());
    m_itemCount->setText(tr("%1 in %2")
                             .arg(counted(table->itemCount(), tr("item"), tr("items")),
                                  counted(collections, tr("collection"), tr("collections"))));
}

void MainWindow::patternsReady()
{
    m_patterns->setResults(m_document->patternResults(), m_document->project().accessPatterns,
                           m_document->populationError());
}

void MainWindow::patternSelected()
{
    m_traces->showPattern(m_patterns->currentResult());
}

void MainWindow::checksReady()
{
    m_findingModel->setFindings(m_document->findings());
    using Severity = model::Finding::Severity;
    const QString populationError = m_document->populationError();
    if (!populationError.isEmpty()) {
        m_findingSummary->setText(tr("The project does not populate: %1").arg(populationError));
    } else if (m_findingModel->rowCount() == 0) {
        m_findingSummary->setText(tr("No problems found."));
    } else {
        QStringList parts;
        if (int n = m_findingModel->count(Severity::Error))
            parts << counted(n, tr("error"), tr("errors"));
        if (int n = m_findingModel->count(Severity::Warning))
            parts << counted(n, tr("warning"), tr("warnings"));
        if (int n = m_findingModel->count(Severity::Info))
            parts << counted(n, tr("note"), tr("notes"));
        m_findingSummary->setText(parts.join(QLatin1String(", ")));
    }
    fitChecksToFindings();
    // Re-selecting after a recheck marks the items again, but while the user is editing the
    // design it leaves focus, the editor and the collection where they are.
    const QWidget *focus = QApplication::focusWidget();
    const QDockWidget *design = dock(QStringLiteral("EntitiesDock"));
    m_refreshingFindings = focus && design && design->isAncestorOf(focus);
    if (m_findingModel->rowCount() > 0)
        m_findingList->setCurrentIndex(m_findingModel->index(0));
    else
        findingSelected();
    m_refreshingFindings = false;
}

void MainWindow::fitChecksToFindings()
{
    const bool empty = m_findingModel->rowCount() == 0;
    if (empty == m_findingBody->isHidden())
        return;
    for (QWidget *part : {m_findingBody, static_cast<QWidget *>(m_findingConcern),
                          static_cast<QWidget *>(m_findingFix)})
        part->setVisible(!empty);
    QDockWidget *checks = dock(QStringLiteral("ChecksDock"));
    QWidget *content = checks->widget();
    if (empty) {
        content->layout()->activate();
        content->setMaximumHeight(content->sizeHint().height());
        return;
    }
    content->setMaximumHeight(QWIDGETSIZE_MAX);
    // Back to the working height the panel starts at.
    resizeDocks({dock(QStringLiteral("PatternsDock")), checks},
                {kPatternsPanelHeight, kChecksPanelHeight}, Qt::Vertical);
}

void MainWindow::goToConcerned(bool forward)
{
    CollectionView *view = m_collection->view();
    if (view->goToConcerned(forward))
        updateConcernLabel();
    else
        statusBar()->showMessage(tr("No item concerned by the selected finding"), 4000);
}

void MainWindow::updateConcernLabel()
{
    const model::Finding *finding = m_findingModel->finding(m_findingList->currentIndex().row());
    if (!finding || finding->concerned.empty()) {
        m_findingConcern->clear();
        return;
    }
    const CollectionView *view = m_collection->view();
    const qsizetype total = qsizetype(finding->concerned.size());
    const QString place
        = view->indexName().isEmpty() ? tr("the table") : tr("index %1").arg(view->indexName());
    m_findingConcern->setText(concernSentence({total, qsizetype(view->concernedRows().size()),
                                               view->concernedInStore(), place})
                              + tr(" F8 selects the next, Shift+F8 the previous."));
}

void MainWindow::findingSelected()
{
    const model::Finding *finding = m_findingModel->finding(m_findingList->currentIndex().row());
    CollectionView *view = m_collection->view();
    m_findingFix->setFinding(finding);
    if (!finding) {
        m_findingDetail->clear();
        m_findingConcern->clear();
        view->setConcernedItems({});
        m_entitiesEditor->clearFindingMarks();
        return;
    }
    QString text = finding->explanation;
    if (!finding->fix.isEmpty())
        text += QStringLiteral("\n\n") + tr("Fix: %1").arg(finding->fix);
    if (finding->hasTemplateSpan()) {
        text += QStringLiteral("\n\n")
            + tr("Marked in the editor: %1 of %2 (%3), columns %4-%5.")
                  .arg(finding->keyAttribute, finding->entity, finding->keyRole)
                  .arg(finding->column)
                  .arg(finding->column + finding->length - 1);
    } else if (!finding->scopeNote.isEmpty()) {
        text += QStringLiteral("\n\n") + finding->scopeNote + u' '
            + tr("Nothing is marked in the template editor.");
    }
    m_findingDetail->setPlainText(text);

    // What the finding concerns: the template part in the editor, every concerned item in the
    // collection (in the store whose order it is about), the first example selected.
    const auto population = m_document->population();
    const auto table = m_document->table();
    std::vector<model::ItemId> items;
    if (population) {
        for (qint64 item : finding->concerned) {
            if (item >= 0 && item < qint64(population->items.size()))
                items.push_back(model::ItemId(item));
        }
    }
    if (m_refreshingFindings) {
        // The user is editing the design: mark the part in place, however the text changed.
        if (finding->hasTemplateSpan())
            m_entitiesEditor->markKeyTemplate(finding->entity, finding->keyAttribute,
                                              finding->column, finding->length);
        else
            m_entitiesEditor->clearFindingMarks();
    }
    if (!m_refreshingFindings) {
        if (finding->hasTemplateSpan())
            m_entitiesEditor->showKeyTemplate(finding->entity, finding->keyAttribute,
                                              finding->column, finding->length);
        else
            m_entitiesEditor->clearFindingMarks();
        const model::IndexStore *store = table ? table->store(finding->index) : nullptr;
        if (store && !finding->items.empty() && population
            && finding->items.front() < qint64(population->items.size())) {
            const model::ItemId item = model::ItemId(finding->items.front());
            const QString partitionKey = store->keys().hash.front().name;
            const auto value = table->attribute(item, partitionKey);
            if (value.isKeyType())
                m_collection->showCollection(finding->index, CollectionModel::displayText(value));
        }
    }
    view->setConcernedItems(std::move(items));
    if (!m_refreshingFindings && !finding->items.empty()) {
        const qsizetype row
            = view->rows() ? view->rows()->rowOf(model::ItemId(finding->items.front())) : -1;
        if (row >= 0)
            view->selectItem(model::ItemId(finding->items.front()));
        else
            view->goToConcerned(true);
    }
    updateConcernLabel();
}

} // namespace keyscope::ui
