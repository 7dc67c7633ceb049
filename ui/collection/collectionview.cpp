#include "ui/collection/collectionview.h"

#include "model/design/project.h"
#include "ui/collection/collectionlabels.h"

#include <QAccessible>
#include <QEvent>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace keyscope::ui {

namespace {
constexpr int kRelayoutMs = 450;
constexpr double kZoomStep = 1.25;
} // namespace

CollectionView::CollectionView(QWidget *parent)
    : QAbstractScrollArea(parent)
{
    setFocusPolicy(Qt::StrongFocus);
    viewport()->setMouseTracking(true);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setFrameShape(QFrame::NoFrame);
    setAccessibleName(tr("Collection"));
    m_style = CollectionStyle::fromPalette(palette());
    m_relayout.setStartValue(0.0);
    m_relayout.setEndValue(1.0);
    m_relayout.setDuration(kRelayoutMs);
    connect(&m_relayout, &QVariantAnimation::valueChanged, viewport(),
            qOverload<>(&QWidget::update));
    connect(&m_relayout, &QVariantAnimation::finished, this, [this] {
        m_previousRows.reset();
        m_previousLayout.reset();
        viewport()->update();
    });
}

CollectionView::~CollectionView() = default;

std::vector<CollectionRows::EntityInfo> CollectionView::entitiesOf(const model::Project &project)
{
    std::vector<CollectionRows::EntityInfo> out;
    for (const auto &e : project.entities)
        out.push_back({e.name, QColor(e.color)});
    return out;
}

void CollectionView::setTable(std::shared_ptr<const model::Table> table)
{
    m_table = std::move(table);
    m_indexName.clear();
    m_selected.clear();
    m_timeline.reset();
    m_step = -1;
    m_relayout.stop();
    m_previousRows.reset();
    m_previousLayout.reset();
    m_order.reset();
    m_concernedPerPartition.clear();
    rebuildRows({});
}

void CollectionView::setPopulation(const model::Population *population,
                                   std::vector<CollectionRows::EntityInfo> entities)
{
    m_population = population;
    m_entities = std::move(entities);
    rebuildRows(partition());
}

void CollectionView::setIndexName(const QString &indexName)
{
    if (indexName == m_indexName && m_rows)
        return;
    m_relayout.stop();
    m_previousRows.reset();
    m_previousLayout.reset();
    // Where the eye is: the selected item, else the row at the top of the view.
    std::optional<model::ItemId> anchor;
    double anchorY = 0;
    const CollectionLayout &before = currentLayout();
    if (m_rows && m_rows->rowCount() > 0) {
        qsizetype row = m_selected.empty() ? -1 : m_rows->rowOf(m_selected.back());
        if (row < 0 || row < before.firstVisibleRow() || row >= before.endVisibleRow())
            row = before.firstVisibleRow();
        if (row >= 0 && row < m_rows->rowCount()) {
            anchor = m_rows->itemAt(row);
            anchorY = before.rowTop(row);
        }
    }
    const bool animate = !m_reducedMotion && m_rows && m_rows->rowCount() > 0 && isVisible()
        && before.level() == CollectionLayout::Level::Rows;
    if (animate) {
        m_previousLayout = before;
        m_previousRows = std::move(m_rows);
    }
    m_indexName = indexName;
    m_order.reset();
    m_concernedPerPartition.clear();
    m_timeline.reset(); // a trace belongs to one store
    m_step = -1;

    // The partition holding the anchor item in the new index, if it is there.
    QByteArray key;
    const model::IndexStore *store = m_table ? m_table->store(indexName) : nullptr;
    if (store && anchor) {
        for (const auto &p : store->partitions()) {
            for (const auto &e : p.entries) {
                if (e.item == *anchor) {
                    key = p.key;
                    break;
                }
            }
            if (!key.isEmpty())
                break;
        }
    }
    rebuildRows(key);
    if (anchor && m_rows) {
        const qsizetype row = m_rows->rowOf(*anchor);
        if (row >= 0) {
            const CollectionLayout &now = currentLayout();
            verticalScrollBar()->setValue(int(
                std::lround(std::clamp(double(row) * now.pitch() - (anchorY - now.rowsRect().top()),
                                       0.0, now.maxScroll()))));
        }
    }
    if (animate) {
        m_relayout.stop();
        m_relayout.start();
    }
}

void CollectionView::setPartition(const QByteArray &partitionKey)
{
    if (m_rows && m_rows->partition() && m_rows->partitionKey() == partitionKey)
        return;
    rebuildRows(partitionKey);
}

QByteArray CollectionView::partition() const
{
    return m_rows ? m_rows->partitionKey() : QByteArray();
}

void CollectionView::rebuildRows(const QByteArray &partitionKey)
{
    const QByteArray previous = partition();
    m_rows = std::make_unique<CollectionRows>(m_table, m_indexName, partitionKey, m_population,
                                              m_entities);
    if (!partitionKey.isEmpty() && !m_rows->partition())
        m_rows = std::make_unique<CollectionRows>(m_table, m_indexName, QByteArray(), m_population,
                                                  m_entities);
    m_hoverRow = -1;
    rebuildConcerned();
    rebuildBands();
    m_zoom = std::max(m_zoom, minZoom());
    invalidateLayout();
    updateScrollBar();
    if (partition() != previous) {
        verticalScrollBar()->setValue(0);
        emit partitionChanged(partition());
    }
    updateAccessibleDescription();
    viewport()->update();
}

bool CollectionView::timelineApplies() const
{
    if (!m_timeline)
        return false;
    const model::QueryTrace &trace = m_timeline->trace();
    return trace.indexName == m_indexName
        && (!trace.partitionFound || trace.partitionKey == partition());
}

const PartitionOrder &CollectionView::partitionOrder() const
{
    if (!m_order)
        m_order.emplace(m_table ? m_table->store(m_indexName) : nullptr);
    return *m_order;
}

int CollectionView::currentPartitionIndex() const
{
    if (!m_rows || !m_rows->store() || !m_rows->partition())
        return -1;
    return int(m_rows->partition() - m_rows->store()->partitions().data());
}

void CollectionView::rebuildConcerned()
{
    m_concernedRows.clear();
    const model::IndexStore *store = m_table ? m_table->store(m_indexName) : nullptr;
    if (m_concernedItems.empty() || !store) {
        m_concernedPerPartition.clear();
        return;
    }
    if (m_concernedPerPartition.size() != store->partitions().size()) {
        // One pass over the store: which partition holds how many concerned items.
        std::vector<bool> wanted(size_t(m_concernedItems.back()) + 1, false);
        for (model::ItemId item : m_concernedItems)
            wanted[item] = true;
        m_concernedPerPartition.assign(store->partitions().size(), 0);
        for (size_t p = 0; p < store->partitions().size(); ++p) {
            for (const auto &e : store->partitions()[p].entries) {
                if (e.item < wanted.size() && wanted[e.item])
                    ++m_concernedPerPartition[p];
            }
        }
    }
    if (!m_rows)
        return;
    for (model::ItemId item : m_concernedItems) {
        const qsizetype row = m_rows->rowOf(item);
        if (row >= 0)
            m_concernedRows.push_back(row);
    }
    std::sort(m_concernedRows.begin(), m_concernedRows.end());
}

qsizetype CollectionView::concernedInStore() const
{
    qsizetype n = 0;
    for (qsizetype c : m_concernedPerPartition)
        n += c;
    return n;
}

void CollectionView::rebuildBands()
{
    m_bands = PartitionBands();
    const int index = currentPartitionIndex();
    if (index < 0)
        return;
    // The rows come first: the bands yield until a screenful of rows (twelve) fits.
    int perSide = m_bandsPerSide;
    while (perSide > 0
           && viewport()->height()
               < m_style.headerHeight + 2 * perSide * m_style.bandHeight + 12 * m_style.rowHeight)
        --perSide;
    m_bands = PartitionBands::around(*m_table, *m_rows->store(), partitionOrder(), index, perSide,
                                     m_population, int(m_entities.size()),
                                     m_concernedPerPartition.empty() ? nullptr
                                                                     : &m_concernedPerPartition);
}

void CollectionView::setBandsPerSide(int count)
{
    m_bandsPerSide = std::max(0, count);
    rebuildBands();
    invalidateLayout();
    updateScrollBar();
    viewport()->update();
}

void CollectionView::setConcernedItems(std::vector<model::ItemId> items)
{
    std::sort(items.begin(), items.end());
    items.erase(std::unique(items.begin(), items.end()), items.end());
    m_concernedItems = std::move(items);
    m_concernedPerPartition.clear();
    rebuildConcerned();
    rebuildBands();
    updateAccessibleDescription();
    invalidateLayout();
    updateScrollBar();
    viewport()->update();
}

void CollectionView::showPartitionIndex(int index)
{
    const model::IndexStore *store = m_table ? m_table->store(m_indexName) : nullptr;
    if (!store || index < 0 || index >= int(store->partitions().size()))
        return;
    rebuildRows(store->partitions()[size_t(index)].key);
}

bool CollectionView::stepPartition(int delta)
{
    const PartitionOrder &order = partitionOrder();
    const int position = order.positionOf(currentPartitionIndex());
    if (position < 0 || order.count() < 2)
        return false;
    const int n = order.count();
    showPartitionIndex(order.partitionAt(((position + delta) % n + n) % n));
    return true;
}

bool CollectionView::goToConcerned(bool forward)
{
    if (!m_rows || m_concernedItems.empty())
        return false;
    const qsizetype current = currentRow();
    if (!m_concernedRows.empty()) {
        if (forward) {
            const auto it
                = std::upper_bound(m_concernedRows.begin(), m_concernedRows.end(), current);
            if (it != m_concernedRows.end()) {
                selectRow(*it, false);
                return true;
            }
        } else if (current != 0) {
            const qsizetype from = current < 0 ? m_rows->rowCount() : current;
            const auto it = std::lower_bound(m_concernedRows.begin(), m_concernedRows.end(), from);
            if (it != m_concernedRows.begin()) {
                selectRow(*std::prev(it), false);
                return true;
            }
        }
    }
    // On to the next partition in hash order holding one (this one again after a full turn).
    const PartitionOrder &order = partitionOrder();
    const int position = order.positionOf(currentPartitionIndex());
    const int n = order.count();
    if (position < 0)
        return false;
    for (int step = 1; step <= n; ++step) {
        const int at = ((position + (forward ? step : -step)) % n + n) % n;
        const int index = order.partitionAt(at);
        if (index >= int(m_concernedPerPartition.size())
            || m_concernedPerPartition[size_t(index)] == 0)
            continue;
        if (index != currentPartitionIndex())
            showPartitionIndex(index);
        if (m_concernedRows.empty())
            return false;
        selectRow(forward ? m_concernedRows.front() : m_concernedRows.back(), false);
        return true;
    }
    return false;
}

void CollectionView::setTimeline(std::shared_ptr<const model::TraceTimeline> timeline)
{
    m_timeline = std::move(timeline);
    m_step = -1;
    m_transition = 1.0;
    if (m_timeline && m_rows && m_timeline->trace().partitionFound
        && m_timeline->trace().indexName == m_indexName
        && m_timeline->trace().partitionKey != partition()) {
        rebuildRows(m_timeline->trace().partitionKey);
    }
    invalidateLayout();
    viewport()->update();
    emit timelineChanged();
}

void CollectionView::setTrace(const model::QueryTrace *trace)
{
    if (!trace || !m_table) {
        setTimeline(nullptr);
        return;
    }
    setTimeline(std::make_shared<const model::TraceTimeline>(*trace, *m_table));
}

void CollectionView::setTimelineState(int stepIndex, double transition)
{
    if (stepIndex == m_step && transition == m_transition)
        return;
    const int previousStep = m_step;
    m_step = stepIndex;
    m_transition = transition;
    invalidateLayout();
    // Keep the rows the step is about in view (when the step changes, not on every frame).
    if (stepIndex != previousStep)
        revealStep(stepIndex);
    viewport()->update();
}

CollectionView::StepRows CollectionView::stepRows(int stepIndex) const
{
    StepRows rows;
    if (!timelineApplies() || !m_rows || m_rows->rowCount() == 0 || m_timeline->stepCount() == 0)
        return rows;
    const int count = m_timeline->stepCount();
    const model::TimelineStep &step
        = m_timeline->step(stepIndex < 0 || stepIndex >= count ? count - 1 : stepIndex);
    const model::QueryTrace &trace = m_timeline->trace();
    const qsizetype n = m_rows->rowCount();
    const auto valid = [n](qsizetype row) { return row >= 0 && row < n; };
    qsizetype focus = step.row == model::QueryTrace::kNoRow ? -1 : qsizetype(step.row);
    if (!valid(focus)) {
        // The partition lookup: where the seek or the sweep begins.
        focus = !trace.probes.empty() ? qsizetype(trace.probes.front().position)
            : !trace.visits.empty()   ? qsizetype(trace.visits.front().position)
                                      : -1;
    }
    if (!valid(focus))
        return rows;
    rows.first = rows.last = rows.focus = focus;
    // A sweep shows what it has read so far with its cursor.
    const int visits = std::min<int>(step.visitsDone, int(trace.visits.size()));
    if (step.probeIndex < 0 && visits > 0) {
        for (const qsizetype row : {qsizetype(trace.visits.front().position),
                                    qsizetype(trace.visits[size_t(visits - 1)].position)}) {
            if (valid(row)) {
                rows.first = std::min(rows.first, row);
                rows.last = std::max(rows.last, row);
            }
        }
    }
    return rows;
}

void CollectionView::revealStep(int stepIndex)
{
    const StepRows rows = stepRows(stepIndex);
    if (rows.first < 0)
        return;
    const CollectionLayout &layout = currentLayout();
    const double pitch = layout.pitch();
    const double height = layout.rowsRect().height();
    const double scrollY = layout.params().scrollY;
    const double top = double(rows.first) * pitch;
    const double bottom = double(rows.last + 1) * pitch;
    const double focusTop = double(rows.focus) * pitch;
    const bool focusShown = focusTop >= scrollY && focusTop + pitch <= scrollY + height;
    const bool allShown = top >= scrollY && bottom <= scrollY + height;
    if (allShown || (focusShown && bottom - top > height))
        return;
    // Centre the focus row, so the path ahead stays visible, as far as the rows read so far
    // still fit above it.
    double scroll = focusTop - (height - pitch) / 2;
    if (bottom - top <= height)
        scroll = std::clamp(scroll, bottom - height, top);
    // Whole rows from the top: the first one is never half under the header or a band.
    scroll = std::clamp(scroll, 0.0, layout.maxScroll());
    if (layout.level() != CollectionLayout::Level::Density) {
        // Unless that would cut the rows to show (at the very end of the collection).
        const auto shows = [height](double at, double from, double to) {
            return from >= at - 0.5 && to <= at + height + 0.5;
        };
        const double down = std::floor(scroll / pitch) * pitch;
        const double up = std::min(std::ceil(scroll / pitch) * pitch, layout.maxScroll());
        if (shows(down, top, bottom)
            || (!shows(up, top, bottom) && shows(down, focusTop, focusTop + pitch)))
            scroll = down;
        else if (shows(up, top, bottom) || shows(up, focusTop, focusTop + pitch))
            scroll = up;
    }
    if (int(std::lround(scroll)) != verticalScrollBar()->value()) {
        verticalScrollBar()->setValue(int(std::lround(scroll)));
        invalidateLayout();
    }
}

void CollectionView::setCollectionStyle(const CollectionStyle &style)
{
    m_desktopStyle = false;
    applyStyle(style);
}

void CollectionView::useDesktopStyle()
{
    m_desktopStyle = true;
    applyStyle(CollectionStyle::fromPalette(palette()));
}

void CollectionView::applyStyle(const CollectionStyle &style)
{
    // The same row stays on top, whole, in the new row height.
    const double topRow = std::round(verticalScrollBar()->value() / currentLayout().pitch());
    m_style = style;
    rebuildBands(); // taller bands: fewer of them, so the rows keep their room
    invalidateLayout();
    updateScrollBar();
    verticalScrollBar()->setValue(int(std::lround(topRow * currentLayout().pitch())));
    invalidateLayout();
    revealStep(m_step); // larger rows: the step's rows may have left the view
    viewport()->update();
}

void CollectionView::setShownAttributes(const QStringList &attributes)
{
    m_shownAttributes = attributes;
    viewport()->update();
}

double CollectionView::minZoom() const
{
    CollectionLayout::Params p
        = CollectionRenderer::layoutParams(m_style, renderState(), viewport()->size(), 1, 0);
    return CollectionLayout::minZoom(p);
}

void CollectionView::setZoom(double zoom)
{
    zoomAround(zoom, QPointF(viewport()->width() / 2.0, viewport()->height() / 2.0));
}

void CollectionView::zoomIn()
{
    setZoom(m_zoom * kZoomStep);
}
void CollectionView::zoomOut()
{
    setZoom(m_zoom / kZoomStep);
}
void CollectionView::zoomToFit()
{
    setZoom(minZoom());
}
void CollectionView::resetZoom()
{
    setZoom(1.0);
}

void CollectionView::zoomAround(double zoom, const QPointF &anchor)
{
    const CollectionLayout &before = currentLayout();
    CollectionLayout::Params next = before.params();
    next.zoom = std::clamp(zoom, CollectionLayout::minZoom(next), CollectionLayout::kMaxZoom);
    if (std::abs(next.zoom - before.params().zoom) < 1e-9)
        return;
    const QPointF inRows(
        std::clamp(anchor.x(), before.rowsRect().left(), before.rowsRect().right()),
        std::clamp(anchor.y(), before.rowsRect().top(), before.rowsRect().bottom() - 1));
    qsizetype row = before.rowAt(inRows);
    double fraction = 0.5;
    if (row < 0) {
        row = before.firstVisibleRow();
        fraction = 0;
    } else {
        fraction = (inRows.y() - before.rowTop(row)) / before.pitch();
    }
    const double scroll = CollectionLayout::scrollKeeping(next, row, fraction, inRows.y());
    m_zoom = next.zoom;
    invalidateLayout();
    updateScrollBar();
    verticalScrollBar()->setValue(int(std::lround(scroll)));
    invalidateLayout();
    viewport()->update();
    emit zoomChanged(m_zoom);
}

CollectionRenderState CollectionView::renderState() const
{
    CollectionRenderState s;
    s.rows = m_rows.get();
    // The trace is drawn only on the collection it traversed: a band click or F8 can show
    // another partition while the player still holds the query.
    if (timelineApplies())
        s.timeline = m_timeline.get();
    s.step = m_step;
    s.transition = m_transition;
    for (model::ItemId item : m_selected) {
        if (m_rows) {
            const qsizetype row = m_rows->rowOf(item);
            if (row >= 0)
                s.selectedRows.push_back(row);
        }
    }
    s.currentRow = currentRow();
    s.focused = hasFocus();
    s.hoverRow = m_hoverRow;
    s.shownAttributes = m_shownAttributes;
    if (!m_concernedItems.empty()) {
        s.concernedRows = &m_concernedRows;
        s.concernedTotal = concernedInStore();
    }
    if (!m_bands.before.empty() || !m_bands.after.empty())
        s.bands = &m_bands;
    if (m_previousRows && m_previousLayout && m_relayout.state() == QAbstractAnimation::Running) {
        s.previousRows = m_previousRows.get();
        s.previousLayout = &*m_previousLayout;
        s.relayout = m_relayout.currentValue().toDouble();
    }
    return s;
}

const CollectionLayout &CollectionView::currentLayout() const
{
    if (!m_layout) {
        CollectionLayout::Params p = CollectionRenderer::layoutParams(
            m_style, renderState(), viewport()->size(), m_zoom, verticalScrollBar()->value());
        p.viewport.setHeight(p.viewport.height() - partRowHeight(p));
        m_layout.emplace(p);
    }
    return *m_layout;
}

double CollectionView::partRowHeight(const CollectionLayout::Params &params)
{
    // A collection taller than the view gets a rows area of whole rows (the rest of the height
    // stays empty under the last band), so scrolled by whole rows no row is cut at the top,
    // half under the header or a band, nor at the bottom.
    const double pitch = params.rowHeight * params.zoom;
    if (pitch < CollectionLayout::kCompactPitch || !params.window.empty())
        return 0;
    const double height = params.viewport.height() - params.headerHeight
        - double(params.bandsBefore + params.bandsAfter) * params.bandHeight;
    if (double(params.rowCount) * pitch <= height || height <= pitch)
        return 0;
    return std::fmod(height, pitch);
}

void CollectionView::invalidateLayout()
{
    m_layout.reset();
}

void CollectionView::updateScrollBar()
{
    invalidateLayout();
    const CollectionLayout &layout = currentLayout();
    QScrollBar *bar = verticalScrollBar();
    const QSignalBlocker blocker(bar);
    bar->setRange(0, int(std::ceil(layout.maxScroll())));
    bar->setPageStep(int(layout.rowsRect().height()));
    bar->setSingleStep(std::max(1, int(layout.pitch() * 3)));
    invalidateLayout();
}

void CollectionView::scrollToRow(qsizetype row)
{
    const double scroll = currentLayout().scrollToShow(row);
    if (int(std::lround(scroll)) != verticalScrollBar()->value())
        verticalScrollBar()->setValue(int(std::lround(scroll)));
}

void CollectionView::paintEvent(QPaintEvent *)
{
    QPainter painter(viewport());
    CollectionRenderer::paint(painter, currentLayout(), renderState(), m_style);
}

void CollectionView::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    rebuildBands();
    m_zoom = std::max(m_zoom, minZoom());
    updateScrollBar();
    revealStep(m_step); // a smaller view (full screen left, a dock shown) keeps the step
}

void CollectionView::scrollContentsBy(int, int)
{
    invalidateLayout();
    viewport()->update();
}

void CollectionView::wheelEvent(QWheelEvent *event)
{
    if (event->modifiers() & Qt::ControlModifier) {
        const double notches = event->angleDelta().y() / 120.0;
        if (notches != 0)
            zoomAround(m_zoom * std::pow(kZoomStep, notches), event->position());
        event->accept();
        return;
    }
    QAbstractScrollArea::wheelEvent(event);
}

void CollectionView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton) {
        QAbstractScrollArea::mousePressEvent(event);
        return;
    }
    const CollectionLayout &layout = currentLayout();
    const qsizetype row = layout.rowAt(event->position());
    if (row >= 0) {
        selectRow(row, event->modifiers() & Qt::ControlModifier);
        emit rowClicked(row);
        return;
    }
    const int slot = layout.bandAt(event->position());
    if (slot >= 0) {
        const int before = int(m_bands.before.size());
        const PartitionBand &band
            = slot < before ? m_bands.before[size_t(slot)] : m_bands.after[size_t(slot - before)];
        rebuildRows(band.key);
        return;
    }
    const qsizetype treeRow = layout.treeRowAt(event->position());
    if (treeRow >= 0) {
        const double scroll
            = std::clamp(double(treeRow) * layout.pitch() - layout.rowsRect().height() / 2, 0.0,
                         layout.maxScroll());
        verticalScrollBar()->setValue(int(std::lround(scroll)));
    }
}

void CollectionView::mouseReleaseEvent(QMouseEvent *event)
{
    event->accept();
}

void CollectionView::mouseMoveEvent(QMouseEvent *event)
{
    const qsizetype row = currentLayout().rowAt(event->position());
    if (row != m_hoverRow) {
        m_hoverRow = row;
        viewport()->update();
    }
    QAbstractScrollArea::mouseMoveEvent(event);
}

void CollectionView::leaveEvent(QEvent *event)
{
    if (m_hoverRow >= 0) {
        m_hoverRow = -1;
        viewport()->update();
    }
    QAbstractScrollArea::leaveEvent(event);
}

bool CollectionView::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::ToolTip && m_rows) {
        auto *help = static_cast<QHelpEvent *>(event);
        const int slot = currentLayout().bandAt(help->pos());
        if (slot >= 0) {
            QToolTip::showText(help->globalPos(),
                               tr("A collapsed partition: click to show it (Alt+PageUp/PageDown "
                                  "step through them). Partitions are drawn in hash order: MD5 of "
                                  "the key bytes, Keyscope's own stand-in, since DynamoDB's hash "
                                  "function is not public. It only shows that partitions are not "
                                  "kept in key order."),
                               viewport());
            return true;
        }
        // A label shortened to fit (or a B-tree level's count) shows its whole text.
        const CollectionLabels labels
            = CollectionLabels::compute(currentLayout(), renderState(), m_style);
        const CollectionLabel *label = labels.labelAt(help->pos());
        if (label && label->shortened() && label->kind != CollectionLabel::Kind::SortKey) {
            QToolTip::showText(help->globalPos(), label->fullText, viewport());
            return true;
        }
        const qsizetype row = currentLayout().rowAt(help->pos());
        if (row >= 0) {
            QString tip = m_rows->sortKeyText(row);
            const QString entity = m_rows->entityName(row);
            if (!entity.isEmpty())
                tip += QStringLiteral("\n") + entity;
            tip += QStringLiteral("\nrow %1 of %2").arg(row + 1).arg(m_rows->rowCount());
            if (std::binary_search(m_concernedRows.begin(), m_concernedRows.end(), row))
                tip += tr("\nConcerned by the selected design finding (F8: next one)");
            QToolTip::showText(help->globalPos(), tip, viewport());
        } else {
            QToolTip::hideText();
        }
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

qsizetype CollectionView::currentRow() const
{
    if (!m_rows || m_selected.empty())
        return -1;
    return m_rows->rowOf(m_selected.back());
}

void CollectionView::selectRow(qsizetype row, bool extend)
{
    if (!m_rows || row < 0 || row >= m_rows->rowCount())
        return;
    const model::ItemId item = m_rows->itemAt(row);
    if (extend && !m_selected.empty()) {
        const auto it = std::find(m_selected.begin(), m_selected.end(), item);
        if (it != m_selected.end()) {
            m_selected.erase(it);
        } else {
            if (m_selected.size() >= 2)
                m_selected.erase(m_selected.begin());
            m_selected.push_back(item);
        }
    } else {
        m_selected = {item};
    }
    scrollToRow(row);
    invalidateLayout();
    viewport()->update();
    updateAccessibleDescription();
    emit selectionChanged();
    emit itemActivated(item);
    if (m_selected.size() == 2)
        emit twoRowsSelected(m_selected[0], m_selected[1]);
}

void CollectionView::selectItem(model::ItemId item)
{
    if (!m_rows)
        return;
    const qsizetype row = m_rows->rowOf(item);
    if (row >= 0)
        selectRow(row, false);
}

void CollectionView::keyPressEvent(QKeyEvent *event)
{
    if (event->matches(QKeySequence::ZoomIn)
        || (event->modifiers() & Qt::ControlModifier && event->key() == Qt::Key_Equal)) {
        zoomIn();
        return;
    }
    if (event->matches(QKeySequence::ZoomOut)) {
        zoomOut();
        return;
    }
    if (event->modifiers() & Qt::ControlModifier && event->key() == Qt::Key_0) {
        resetZoom();
        return;
    }
    if (event->key() == Qt::Key_F8) {
        goToConcerned(!(event->modifiers() & Qt::ShiftModifier));
        return;
    }
    if (event->modifiers() & Qt::AltModifier
        && (event->key() == Qt::Key_PageDown || event->key() == Qt::Key_PageUp)) {
        stepPartition(event->key() == Qt::Key_PageDown ? 1 : -1);
        return;
    }
    if (!m_rows || m_rows->rowCount() == 0) {
        QAbstractScrollArea::keyPressEvent(event);
        return;
    }
    const qsizetype n = m_rows->rowCount();
    const qsizetype current = currentRow();
    const qsizetype page = std::max<qsizetype>(
        1, qsizetype(currentLayout().rowsRect().height() / currentLayout().pitch()) - 1);
    qsizetype next = -1;
    switch (event->key()) {
    case Qt::Key_Down:
        next = current < 0 ? currentLayout().firstVisibleRow() : current + 1;
        break;
    case Qt::Key_Up:
        next = current < 0 ? currentLayout().firstVisibleRow() : current - 1;
        break;
    case Qt::Key_PageDown:
        next = std::max<qsizetype>(0, current) + page;
        break;
    case Qt::Key_PageUp:
        next = std::max<qsizetype>(0, current) - page;
        break;
    case Qt::Key_Home:
        next = 0;
        break;
    case Qt::Key_End:
        next = n - 1;
        break;
    default:
        QAbstractScrollArea::keyPressEvent(event);
        return;
    }
    selectRow(std::clamp<qsizetype>(next, 0, n - 1), false);
}

void CollectionView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange && m_desktopStyle) {
        m_style = CollectionStyle::fromPalette(palette());
        invalidateLayout();
        viewport()->update();
    }
    QAbstractScrollArea::changeEvent(event);
}

void CollectionView::updateAccessibleDescription()
{
    QString description;
    if (!m_rows || m_rows->rowCount() == 0) {
        description = tr("No items");
    } else {
        description = m_rows->rowCount() == 1 ? tr("%1, 1 item").arg(m_rows->partitionLabel())
                                              : tr("%1, %2 items in sort-key order")
                                                    .arg(m_rows->partitionLabel())
                                                    .arg(m_rows->rowCount());
        if (m_bands.total > 1)
            description += tr(", partition %1 of %2 in hash order")
                               .arg(m_bands.position + 1)
                               .arg(m_bands.total);
        if (!m_concernedItems.empty())
            description += tr(", %1 concerned by the selected finding (F8 next)")
                               .arg(m_concernedRows.size());
        const qsizetype row = currentRow();
        if (row >= 0) {
            description += tr(". Selected row %1: %2").arg(row + 1).arg(m_rows->sortKeyText(row));
            const QString entity = m_rows->entityName(row);
            if (!entity.isEmpty())
                description += QStringLiteral(" (%1)").arg(entity);
        }
    }
    setAccessibleDescription(description);
    viewport()->setAccessibleDescription(description);
}

} // namespace keyscope::ui
