#pragma once

#include "ui/collection/collectionrows.h"

#include <QRectF>
#include <QSizeF>

#include <optional>
#include <utility>
#include <vector>

namespace keyscope::ui {

// Where the trace's marks are, in rows; the layout turns them into geometry.
struct CollectionMarks
{
    std::optional<qsizetype> rangeBegin; // rows [rangeBegin, rangeEnd) satisfy the key condition
    std::optional<qsizetype> rangeEnd;
    qsizetype probeRow = -1;  // the probe showing
    qsizetype seekWindow = 0; // high - low of the binary search at that probe
    qsizetype pathRow = -1;   // the B-tree path leads to this row's leaf...
    int pathLevels = 0;       // ...lit down this many levels (0: no path; -1: as deep as
                              // the seek window fits in one node)
    qsizetype cursorRow = -1; // the sweep cursor
    qsizetype stopRow = -1;   // Limit / 1 MB page / LastEvaluatedKey: the page ends after...
    bool forward = true;      // ...this row in the sweep direction
};

// Pure geometry of the collection diagram: a header band, the B-tree overview on the left, a
// lens joining it to the rows, and the rows themselves (only the visible ones). Computed from
// numbers alone, so it is tested without a window and reused for hit-testing.
//
// Zoom scales the row pitch: 1 is row detail (rowHeight pixels a row). Zooming out goes
// through compact bars (no text) to the density strip, where each pixel line summarises many
// rows by their most common entity.
class CollectionLayout
{
public:
    enum class Level { Rows, Compact, Density };
    static constexpr double kCompactPitch = 14; // below this pitch rows carry no text
    static constexpr double kDensityPitch = 2;  // below this pitch rows become a density strip
    static constexpr double kMaxZoom = 2.0;

    struct Params
    {
        qsizetype rowCount = 0;
        QSizeF viewport;
        double zoom = 1.0;
        double scrollY = 0; // content pixels above the top of the rows area
        double rowHeight = 24;
        double headerHeight = 30;
        double treeWidth = 168; // 0: no B-tree overview
        double lensGap = 28;
        double gutterWidth = 40;
        double chipWidth = 10;
        double sortKeyWidth = 250;
        // The second key column (the table's key in an index; 0: none, the header names the
        // partition key once).
        double partitionKeyWidth = 170;
        // Right of the attributes: the lane where the trace's labels go (0: none). Constant for
        // a diagram, so a row's text never depends on the step.
        double markerLaneWidth = 0;
        double bracketLaneWidth = 14;
        int bracketLanes = 3;
        int fanout = 8;
        // Collapsed bands for the partitions before and after this one (hash order): drawn
        // between the header and the rows, and under the rows. 0 and 0 leave them out.
        int bandsBefore = 0;
        int bandsAfter = 0;
        double bandHeight = 22;
        // Optional per-row data: entity (density colours) and parent groups (brackets).
        const std::vector<quint8> *rowEntities = nullptr;
        const std::vector<CollectionRows::ParentGroup> *groups = nullptr;
        CollectionMarks marks;
        // A row window (exports of large collections): only these rows [first, end), ascending
        // and disjoint, are laid out; every run of rows left out becomes an elision band of
        // elisionHeight. Empty: every row.
        std::vector<std::pair<qsizetype, qsizetype>> window;
        double elisionHeight = 24;
    };

    struct RowGeometry
    {
        qsizetype row = 0;
        QRectF rect;   // the whole row across the rows area
        QRectF gutter; // result number
        QRectF chip;   // entity colour
        QRectF sortKey;
        QRectF partitionKey;
        QRectF attributes;
        QRectF lane;     // the trace's label for this row (empty without a lane)
        QRectF position; // the row's place in the collection (row windows only), else empty
    };

    // One line of the density strip: rows [firstRow, endRow) drawn as one pixel band.
    struct DensityBucket
    {
        QRectF rect;
        qsizetype firstRow = 0;
        qsizetype endRow = 0;
        quint8 entity = CollectionRows::kNoEntity; // the most common entity among its rows
    };

    struct TreeLevel
    {
        int level = 0;   // 0 = root
        qint64 span = 0; // rows under one node of this level
        qint64 nodeCount = 0;
        QRectF band;        // the column of this level
        bool dense = false; // too many nodes to draw one by one: drawn as a band
    };

    struct TreeNode
    {
        int level = 0;
        qint64 index = 0; // node number within its level
        qint64 firstRow = 0;
        qint64 endRow = 0;
        QRectF rect;
        bool onPath = false;
    };

    struct Bracket
    {
        int group = 0;      // index into the groups given
        QRectF span;        // lane x, children's first..last row
        double parentY = 0; // centre of the parent row (may be outside the viewport)
        int lane = 0;
    };

    // One collapsed partition band: slot 0..bandsBefore-1 top to bottom above the rows, then
    // bandsBefore..bandsBefore+bandsAfter-1 below them.
    struct Band
    {
        int slot = 0;
        bool after = false;
        QRectF rect;
    };

    // Rows [firstRow, endRow) left out of a row window, drawn as one band.
    struct Elision
    {
        qsizetype firstRow = 0;
        qsizetype endRow = 0;
        QRectF rect;
    };

    struct BoundLine
    {
        enum class Kind { RangeBegin, RangeEnd };
        Kind kind = Kind::RangeBegin;
        qsizetype row = 0; // the line lies on this row's top edge
        double y = 0;
        QRectF labelAnchor; // right end of the line, where its caption goes
    };

    CollectionLayout() = default;
    explicit CollectionLayout(const Params &params);

    const Params &params() const { return m_params; }
    Level level() const { return m_level; }
    double pitch() const { return m_pitch; }
    double minZoom() const { return minZoom(m_params); }
    static double minZoom(const Params &params);
    double contentHeight() const; // all rows at this zoom
    double maxScroll() const;

    QRectF headerRect() const { return m_header; }
    QRectF treeRect() const { return m_tree; }
    QRectF rowsRect() const { return m_rows; }
    const std::vector<Band> &bands() const { return m_bands; }
    // The band slot under a point, or -1.
    int bandAt(const QPointF &point) const;
    // Top of the rows area for some parameters (the header and the bands above).
    static double rowsTop(const Params &params);

    // Visible rows (Rows and Compact levels; empty for Density).
    const std::vector<RowGeometry> &rows() const { return m_visibleRows; }
    qsizetype firstVisibleRow() const { return m_firstRow; }
    qsizetype endVisibleRow() const { return m_endRow; }
    // Geometry of any row, visible or not (its y may lie outside the viewport).
    RowGeometry rowGeometry(qsizetype row) const;
    double rowTop(qsizetype row) const;
    double rowCenterY(qsizetype row) const { return rowTop(row) + m_pitch / 2; }
    // The row under a point in the rows area, or -1.
    qsizetype rowAt(const QPointF &point) const;
    // The row a point of the B-tree overview stands for (proportional), or -1.
    qsizetype treeRowAt(const QPointF &point) const;
    // Scroll offset that puts a row in view (centred when far, unchanged when visible).
    double scrollToShow(qsizetype row) const;
    // The scroll offset keeping `row` under y after changing zoom.
    static double scrollKeeping(const Params &next, qsizetype row, double fractionInRow, double y);

    const std::vector<DensityBucket> &density() const { return m_density; }
    const std::vector<Elision> &elisions() const { return m_elisions; }
    // Height of the rows area a row window needs at a pitch (all rows when the window is empty).
    static double windowHeight(const Params &params, double pitch);

    const std::vector<TreeLevel> &treeLevels() const { return m_treeLevels; }
    const std::vector<TreeNode> &treeNodes() const { return m_treeNodes; }
    // Tree y of a row (the overview maps the whole collection onto the tree's height).
    double treeY(double row) const;
    QRectF lensInTree() const; // the visible rows, in the tree's coordinates

    const std::vector<Bracket> &brackets() const { return m_brackets; }
    const std::vector<BoundLine> &boundLines() const { return m_boundLines; }
    // y of the page end after marks.stopRow in the sweep direction; nullopt without one.
    std::optional<double> stopLineY() const;
    // The marker beside the probed row (arrow in the gutter), empty without a probe.
    QRectF probeMarker() const;

private:
    // Across a row: where the key columns start, where the row's text ends (before the bracket
    // lanes and the position), the marker lane's width and the position's.
    struct Columns
    {
        double keys = 0;
        double right = 0;
        double lane = 0;
        double position = 0;
    };
    static Columns columns(const Params &params, double left, double width);
    static double treeWidthFor(const Params &params);

    void layoutRows();
    void layoutDensity();
    void layoutTree();
    void layoutBrackets();
    void layoutMarks();

    Params m_params;
    Level m_level = Level::Rows;
    double m_pitch = 24;
    QRectF m_header, m_tree, m_rows;
    qsizetype m_firstRow = 0, m_endRow = 0;
    std::vector<RowGeometry> m_visibleRows;
    std::vector<DensityBucket> m_density;
    std::vector<TreeLevel> m_treeLevels;
    std::vector<TreeNode> m_treeNodes;
    std::vector<Bracket> m_brackets;
    std::vector<BoundLine> m_boundLines;
    std::vector<Band> m_bands;
    std::vector<Elision> m_elisions;
    // The row window's spans with the content y of each span's first row.
    struct Span
    {
        qsizetype first = 0, end = 0;
        double y = 0;
    };
    std::vector<Span> m_spans;
};

} // namespace keyscope::ui
