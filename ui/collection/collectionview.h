#pragma once

#include "model/design/populator.h"
#include "model/query/tracetimeline.h"
#include "model/table/table.h"
#include "ui/collection/collectionlayout.h"
#include "ui/collection/collectionrenderer.h"
#include "ui/collection/collectionrows.h"
#include "ui/collection/collectionstyle.h"

#include <QAbstractScrollArea>
#include <QVariantAnimation>

#include <memory>
#include <optional>

namespace keyscope::ui {

// The custom-painted collection: one partition's items in sort-key order (top = smallest),
// with entity chips, parent frames and brackets, the B-tree overview, and the Query trace
// drawn at the step the player is showing. Virtualised: only visible rows are laid out and
// painted, so a million rows scroll as smoothly as forty.
//
// Wiring (main window):
//   view->setTable(table);                       // shared with the engine
//   view->setPopulation(&population, CollectionView::entitiesOf(project));
//   view->setIndexName(indexName);               // animated re-lay of the same items
//   view->setPartition(trace.partitionKey);      // comparable bytes; empty = largest
//   auto timeline = std::make_shared<const model::TraceTimeline>(trace, *table, options);
//   view->setTimeline(timeline); player->setTimeline(timeline);
//   connect(player, &TracePlayer::positionChanged, view, &CollectionView::setTimelineState);
//
// Mouse: click selects a row (itemActivated); Ctrl+click adds a second row
// (twoRowsSelected, for the "why this order" explainer); click in the B-tree scrolls there.
// Keys: Up/Down, PageUp/PageDown, Home/End move the selection; Ctrl+= / Ctrl+- / Ctrl+0 zoom;
// Ctrl+wheel zooms around the pointer. Left/Right and Space are left to the player.
// F8 / Shift+F8 go to the next / previous item a design finding concerns (setConcernedItems),
// across partitions. Alt+PageDown / Alt+PageUp select the next / previous partition in hash
// order; the partitions around the selected one are drawn as collapsed bands above and below
// the rows (PartitionOrder: MD5 of the key bytes, since DynamoDB's hash is not public), and
// clicking a band selects its partition.
class CollectionView : public QAbstractScrollArea
{
    Q_OBJECT

public:
    explicit CollectionView(QWidget *parent = nullptr);
    ~CollectionView() override;

    void setTable(std::shared_ptr<const model::Table> table);
    // Items' entity types (colour chips, density strip) and parents (frames, brackets).
    // population must outlive the view or be replaced; ItemId = population index.
    void setPopulation(const model::Population *population,
                       std::vector<CollectionRows::EntityInfo> entities);
    static std::vector<CollectionRows::EntityInfo> entitiesOf(const model::Project &project);

    // Empty for the table. Re-lays the same items in the index's order; rows slide from their
    // old places (skipped under reduced motion). Keeps the selected item's partition when it
    // exists in the index.
    void setIndexName(const QString &indexName);
    QString indexName() const { return m_indexName; }
    // Comparable bytes of the partition key (QueryTrace::partitionKey); empty: largest.
    void setPartition(const QByteArray &partitionKey);
    QByteArray partition() const;

    // The Query to draw; null clears it. Until setTimelineState is called the whole trace
    // (its final state) is shown.
    void setTimeline(std::shared_ptr<const model::TraceTimeline> timeline);
    // Convenience: builds a timeline with default options from a trace of this view's table.
    void setTrace(const model::QueryTrace *trace);
    const model::TraceTimeline *timeline() const { return m_timeline.get(); }

    // An explicit style (presenter mode, tests). Named apart from QWidget::setStyle(QStyle *).
    void setCollectionStyle(const CollectionStyle &style);
    void useDesktopStyle(); // follow the palette (default)
    const CollectionStyle &collectionStyle() const { return m_style; }
    void setReducedMotion(bool reduced) { m_reducedMotion = reduced; }
    void setShownAttributes(const QStringList &attributes);

    // Zoom: 1 is row detail; minZoom() fits the whole collection (density strip).
    double zoom() const { return m_zoom; }
    double minZoom() const;
    void setZoom(double zoom);

    const CollectionRows *rows() const { return m_rows.get(); }
    // The current geometry and state (what paintEvent draws), e.g. for hit tests or to export
    // exactly the visible part with another style.
    const CollectionLayout &currentLayout() const;
    CollectionRenderState renderState() const;

    // The items a design finding concerns (population indexes = ItemIds); empty clears them.
    // They are tinted wherever they show, counted in the header and on the bands.
    void setConcernedItems(std::vector<model::ItemId> items);
    const std::vector<model::ItemId> &concernedItems() const { return m_concernedItems; }
    // Concerned rows of the partition showing, ascending; concerned items in the whole store.
    const std::vector<qsizetype> &concernedRows() const { return m_concernedRows; }
    qsizetype concernedInStore() const;
    // Selects the next (previous) concerned item after (before) the selection, moving on to the
    // next partition in hash order that holds one (wrapping). False when there is none.
    bool goToConcerned(bool forward);

    // The collapsed bands of the other partitions (hash order) and up to how many each side.
    const PartitionBands &partitionBands() const { return m_bands; }
    void setBandsPerSide(int count);
    int bandsPerSide() const { return m_bandsPerSide; }
    // Selects the partition `delta` places away in hash order (wrapping); false if none.
    bool stepPartition(int delta);
    const PartitionOrder &partitionOrder() const;
    // The Query's trace is of the partition (and store) showing, so it is drawn.
    bool timelineApplies() const;

    // Small: the window decides the view's width (side by side, 1024 px screens).
    QSize minimumSizeHint() const override { return QSize(240, 160); }

    std::vector<model::ItemId> selectedItems() const { return m_selected; }
    void selectItem(model::ItemId item); // selects and scrolls to it
    void scrollToRow(qsizetype row);

public slots:
    // The player's position: the step showing and the 0..1 movement within it; step -1 shows
    // the final state.
    void setTimelineState(int stepIndex, double transition);
    // Scrolls the rows a step is about into view: its probe, cursor or stopping row, with the
    // rows read so far when they fit (the Stop step shows the page it returned). Step -1 is the
    // final state. setTimelineState does this when the step changes; a player's jump (Ctrl+End,
    // Restart, a step, scrubbing) calls it too, so the step shows even if it did not change.
    void revealStep(int stepIndex);
    void zoomIn();
    void zoomOut();
    void zoomToFit();
    void resetZoom();

signals:
    void itemActivated(keyscope::model::ItemId item);
    // A row was clicked (found with the layout's hit-testing); predict mode answers with it.
    void rowClicked(qsizetype row);
    void twoRowsSelected(keyscope::model::ItemId first, keyscope::model::ItemId second);
    void selectionChanged();
    void zoomChanged(double zoom);
    void partitionChanged(const QByteArray &partitionKey);
    // setTimeline: another Query (or none) is drawn.
    void timelineChanged();

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void changeEvent(QEvent *event) override;
    bool viewportEvent(QEvent *event) override;

private:
    void rebuildRows(const QByteArray &partitionKey);
    void rebuildConcerned(); // per-partition counts and this partition's rows
    void rebuildBands();
    int currentPartitionIndex() const;
    void showPartitionIndex(int index);
    // The rows [first, last] step `stepIndex` is about and the one to centre; first -1: none.
    struct StepRows
    {
        qsizetype first = -1;
        qsizetype last = -1;
        qsizetype focus = -1;
    };
    StepRows stepRows(int stepIndex) const;
    void applyStyle(const CollectionStyle &style);
    static double partRowHeight(const CollectionLayout::Params &params);
    void invalidateLayout();
    void updateScrollBar();
    void zoomAround(double zoom, const QPointF &anchor);
    void selectRow(qsizetype row, bool extend);
    void updateAccessibleDescription();
    qsizetype currentRow() const;

    std::shared_ptr<const model::Table> m_table;
    const model::Population *m_population = nullptr;
    std::vector<CollectionRows::EntityInfo> m_entities;
    QString m_indexName;
    std::unique_ptr<CollectionRows> m_rows;
    std::shared_ptr<const model::TraceTimeline> m_timeline;
    int m_step = -1;
    double m_transition = 1.0;

    CollectionStyle m_style;
    bool m_desktopStyle = true;
    bool m_reducedMotion = false;
    QStringList m_shownAttributes;
    double m_zoom = 1.0;

    std::vector<model::ItemId> m_selected; // at most two, oldest first
    qsizetype m_hoverRow = -1;

    mutable std::optional<CollectionLayout> m_layout;

    std::vector<model::ItemId> m_concernedItems; // ascending
    std::vector<qsizetype> m_concernedRows;
    std::vector<qsizetype> m_concernedPerPartition; // by partition index of the store
    mutable std::optional<PartitionOrder> m_order;
    PartitionBands m_bands;
    int m_bandsPerSide = 3;

    // Index switch: the rows and geometry being left, while the rows slide.
    std::unique_ptr<CollectionRows> m_previousRows;
    std::optional<CollectionLayout> m_previousLayout;
    QVariantAnimation m_relayout;
};

} // namespace keyscope::ui
