#include "ui/shell/tracedisplay.h"

#include "model/design/designrun.h"
#include "model/value/dynamojson.h"
#include "ui/animation/traceplayer.h"
#include "ui/collection/collectionmodel.h"
#include "ui/collection/collectionpane.h"
#include "ui/collection/collectionview.h"
#include "ui/compare/comparemode.h"
#include "ui/document/document.h"
#include "ui/query/codepanel.h"
#include "ui/query/querybuilder.h"
#include "ui/settings/settings.h"
#include "ui/trace/tracepanel.h"

#include <QJsonDocument>
#include <QStringList>

namespace keyscope::ui {

namespace {

QString valueText(const model::AttributeValue &value)
{
    return QString::fromUtf8(
        QJsonDocument(model::dynamojson::valueToJson(value)).toJson(QJsonDocument::Compact));
}

} // namespace

TraceDisplay::TraceDisplay(Document *document, Settings *settings, const Panels &panels,
                           QObject *parent)
    : QObject(parent)
    , m_document(document)
    , m_settings(settings)
    , m_panels(panels)
{
    connect(m_document, &Document::projectReset, this, &TraceDisplay::projectReset);
}

void TraceDisplay::projectReset()
{
    m_panels.builder->reset();
    m_panels.codePanel->clear();
    m_panels.tracePanel->setRequestText(QString());
    clear({}, {});
    CollectionView *view = m_panels.collection->view();
    view->setTimeline(nullptr);
    // The table's own order and its first collection, not the old project's choice.
    m_panels.collection->showCollection(QString(), QString());
    m_shownTimeline.reset();
    m_shownRequest.reset();
    m_shownPattern.clear();
    m_shownPatternDescription.clear();
}

QString TraceDisplay::requestText(const model::PatternResult &result) const
{
    const model::QueryRequest &request = result.request;
    QStringList lines;
    lines << tr("Query %1%2")
                 .arg(m_document->project().table.tableName,
                      request.indexName.isEmpty() ? QString()
                                                  : tr(" index %1").arg(request.indexName));
    lines << QStringLiteral("  KeyConditionExpression: %1").arg(request.keyConditionExpression);
    if (request.filterExpression)
        lines << QStringLiteral("  FilterExpression: %1").arg(*request.filterExpression);
    if (request.expressionAttributeNames) {
        for (const auto &[name, attribute] : *request.expressionAttributeNames)
            lines << QStringLiteral("  %1 = %2").arg(name, attribute);
    }
    if (request.expressionAttributeValues) {
        for (const auto &[name, value] : *request.expressionAttributeValues)
            lines << QStringLiteral("  %1 = %2").arg(name, valueText(value));
    }
    lines << QStringLiteral("  ScanIndexForward: %1")
                 .arg(request.scanIndexForward ? QStringLiteral("true") : QStringLiteral("false"));
    if (request.limit)
        lines << QStringLiteral("  Limit: %1").arg(*request.limit);
    lines << QString();
    const auto table = m_document->table();
    if (result.error) {
        lines << tr("%1: %2").arg(result.error->type, result.error->message);
    } else if (result.response && table) {
        const model::QueryResponse &response = *result.response;
        lines << tr("Count %1 · ScannedCount %2 · %3")
                     .arg(response.count)
                     .arg(response.scannedCount)
                     .arg(response.lastEvaluatedKey ? tr("LastEvaluatedKey returned")
                                                    : tr("no LastEvaluatedKey"));
        const model::IndexStore *store = table->store(request.indexName);
        const QString sortKey
            = store && !store->keys().range.empty() ? store->keys().range.front().name : QString();
        int number = 1;
        for (model::ItemId id : response.itemIds) {
            const QString key = sortKey.isEmpty()
                ? QString()
                : CollectionModel::displayText(table->attribute(id, sortKey));
            lines << QStringLiteral("  %1. %2%3")
                         .arg(number, 2)
                         .arg(key,
                              qint64(id) == result.offendingItem ? tr("   ← breaks the expectation")
                                                                 : QString());
            if (++number > 200) {
                lines << tr("  … %1 more").arg(response.itemIds.size() - 200);
                break;
            }
        }
    }
    return lines.join(QLatin1Char('\n'));
}

void TraceDisplay::showPattern(const model::PatternResult *result)
{
    if (!result) {
        m_panels.tracePanel->setRequestText(QString());
        clear({}, {});
        return;
    }
    const model::QueryRequest &request = result->request;
    m_panels.tracePanel->setRequestText(requestText(*result));
    {
        // Load the pattern's query into the builder and the code panel without running it twice.
        const QSignalBlocker blocker(m_panels.builder);
        m_panels.builder->setRequest(request);
    }
    m_panels.codePanel->setRequest(request);

    if (result->response && m_document->table()) {
        showTrace(request, *result->response, result->shownParent(), result->name);
        m_shownPattern = result->name;
        for (const model::AccessPattern &pattern : m_document->project().accessPatterns) {
            if (pattern.name == result->name)
                m_shownPatternDescription = pattern.description;
        }
    } else {
        clear(request, result->name);
    }
}

void TraceDisplay::showBuilderPage(const model::QueryRequest &request,
                                   const model::QueryResponse &response, int page)
{
    m_panels.tracePanel->setRequestText(tr("Query built in the Query Builder (page %1)\n  "
                                           "KeyConditionExpression: %2")
                                            .arg(page)
                                            .arg(request.keyConditionExpression));
    showTrace(request, response, std::nullopt, {});
}

void TraceDisplay::clear(const model::QueryRequest &request, const QString &patternName)
{
    m_panels.tracePanel->setTimeline(nullptr);
    m_panels.player->setTimeline(nullptr);
    m_panels.compare->primaryTraceShown(request, patternName, nullptr);
    emit traceShown(nullptr, request, patternName);
}

void TraceDisplay::showTrace(const model::QueryRequest &request,
                             const model::QueryResponse &response,
                             std::optional<model::ItemId> parentItem, const QString &patternName)
{
    const auto table = m_document->table();
    if (!table)
        return;
    // Show the collection the Query reads, then its traversal on it.
    CollectionPane *collection = m_panels.collection;
    const model::IndexStore *store = table->store(request.indexName);
    if (store && store->keys().hash.size() == 1) {
        if (const model::Partition *partition = store->findPartition(response.trace.partitionKey);
            partition && !partition->entries.empty()) {
            collection->showCollection(
                request.indexName,
                CollectionModel::displayText(table->attribute(partition->entries.front().item,
                                                              store->keys().hash.front().name)));
        }
    }
    auto timeline = model::DesignRun::timeline(*table, request, response, parentItem,
                                               m_settings->reducedMotion());
    m_shownTimeline = timeline;
    m_shownRequest = request;
    m_shownPattern.clear();
    m_shownPatternDescription.clear();
    CollectionView *view = collection->view();
    view->setIndexName(request.indexName);
    view->setPartition(response.trace.partitionKey);
    view->setTimeline(timeline);
    m_panels.tracePanel->setTimeline(timeline);
    TracePlayer *player = m_panels.player;
    player->setTimeline(timeline);
    if (m_settings->reducedMotion())
        player->goToEnd();
    else
        player->restart();
    m_panels.compare->primaryTraceShown(request, patternName, timeline);
    emit traceShown(timeline, request, patternName);
}

std::optional<ExportDiagram::Source> TraceDisplay::diagramSource(const QString &fallbackName) const
{
    const auto table = m_document->table();
    CollectionView *view = m_panels.collection->view();
    if (!table || !view->rows() || !view->rows()->store())
        return std::nullopt;
    ExportDiagram::Source source;
    source.table = table;
    source.population = m_document->population();
    source.entities = CollectionView::entitiesOf(m_document->project());
    source.indexName = view->indexName();
    source.partitionKey = view->rows()->partitionKey();
    source.projectName
        = m_document->project().name.isEmpty() ? fallbackName : m_document->project().name;
    // The Query's marks only on the collection it read (the view may show another partition
    // or index while the player still holds the Query).
    const bool sameCollection = m_shownTimeline && m_shownRequest
        && m_shownRequest->indexName == view->indexName()
        && (!m_shownTimeline->trace().partitionFound
            || m_shownTimeline->trace().partitionKey == source.partitionKey);
    if (sameCollection && view->timeline() == m_shownTimeline.get()) {
        source.timeline = m_shownTimeline;
        source.request = m_shownRequest;
        source.patternName = m_shownPattern;
        source.patternDescription = m_shownPatternDescription;
    }
    return source;
}

int TraceDisplay::playerStepFor(const ExportDiagram::Source &source,
                                const std::optional<ExportDiagram::Source> &other) const
{
    // The player's step when it plays the traversal shown (in side-by-side mode it plays the
    // longer of the two).
    const model::TraceTimeline *playing = m_panels.player->timeline();
    if (!playing)
        return -1;
    if (source.timeline && playing == source.timeline.get())
        return m_panels.player->currentStep();
    if (other && other->timeline && playing == other->timeline.get())
        return m_panels.player->currentStep();
    return -1;
}

} // namespace keyscope::ui
