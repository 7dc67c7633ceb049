#include "ui/collection/collectionlayout.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace keyscope::ui {

namespace {

constexpr double kTreeMargin = 8;
constexpr double kMinTreeNodeHeight = 3;
constexpr double kTreeStrip = 16;

double clampZoom(const CollectionLayout::Params &p)
{
    return std::clamp(p.zoom, CollectionLayout::minZoom(p), CollectionLayout::kMaxZoom);
}

double bandsHeight(const CollectionLayout::Params &p)
{
    return double(std::max(0, p.bandsBefore) + std::max(0, p.bandsAfter)) * p.bandHeight;
}

double rowsHeight(const CollectionLayout::Params &p)
{
    return std::max(0.0, p.viewport.height() - p.headerHeight - bandsHeight(p));
}

double maxScrollFor(const CollectionLayout::Params &p, double pitch)
{
    return std::max(0.0, double(p.rowCount) * pitch - rowsHeight(p));
}

} // namespace

double CollectionLayout::minZoom(const Params &params)
{
    if (params.rowCount <= 0 || params.rowHeight <= 0)
        return 1.0;
    const double fit = rowsHeight(params) / (double(params.rowCount) * params.rowHeight);
    return std::min(1.0, fit);
}

CollectionLayout::CollectionLayout(const Params &params)
    : m_params(params)
{
    m_params.zoom = clampZoom(m_params);
    m_pitch = m_params.rowHeight * m_params.zoom;
    m_level = m_pitch >= kCompactPitch ? Level::Rows
        : m_pitch >= kDensityPitch     ? Level::Compact
                                       : Level::Density;
    m_params.scrollY = std::clamp(m_params.scrollY, 0.0, maxScrollFor(m_params, m_pitch));

    const double w = m_params.viewport.width();
    const double h = m_params.viewport.height();
    m_header = QRectF(0, 0, w, m_params.headerHeight);
    const double treeWidth = treeWidthFor(m_params);
    const double rowsLeft = treeWidth > 0 ? treeWidth + m_params.lensGap : 0;
    const double top = rowsTop(m_params);
    const double height = rowsHeight(m_params);
    Q_UNUSED(h);
    m_tree = treeWidth > 0 ? QRectF(0, top, treeWidth, height) : QRectF();
    m_rows = QRectF(rowsLeft, top, std::max(0.0, w - rowsLeft), height);
    for (int slot = 0; slot < std::max(0, m_params.bandsBefore); ++slot)
        m_bands.push_back(Band {
            slot, false,
            QRectF(0, m_params.headerHeight + slot * m_params.bandHeight, w, m_params.bandHeight)});
    for (int k = 0; k < std::max(0, m_params.bandsAfter); ++k)
        m_bands.push_back(
            Band {std::max(0, m_params.bandsBefore) + k, true,
                  QRectF(0, m_rows.bottom() + k * m_params.bandHeight, w, m_params.bandHeight)});

    if (!m_params.window.empty()) {
        // Spans clipped to the collection, each after the elision of the rows before it.
        double y = 0;
        qsizetype previous = 0;
        for (auto [first, end] : m_params.window) {
            first = std::clamp<qsizetype>(first, previous, m_params.rowCount);
            end = std::clamp<qsizetype>(end, first, m_params.rowCount);
            if (end <= first)
                continue;
            if (first > previous) {
                m_elisions.push_back(
                    Elision {previous, first,
                             QRectF(m_rows.left(), m_rows.top() + y - m_params.scrollY,
                                    m_rows.width(), m_params.elisionHeight)});
                y += m_params.elisionHeight;
            }
            m_spans.push_back(Span {first, end, y});
            y += double(end - first) * m_pitch;
            previous = end;
        }
        if (previous < m_params.rowCount)
            m_elisions.push_back(Elision {previous, m_params.rowCount,
                                          QRectF(m_rows.left(), m_rows.top() + y - m_params.scrollY,
                                                 m_rows.width(), m_params.elisionHeight)});
    }

    if (m_level == Level::Density)
        layoutDensity();
    else
        layoutRows();
    layoutTree();
    layoutBrackets();
    layoutMarks();
}

double CollectionLayout::rowsTop(const Params &params)
{
    return params.headerHeight + double(std::max(0, params.bandsBefore)) * params.bandHeight;
}

int CollectionLayout::bandAt(const QPointF &point) const
{
    for (const Band &band : m_bands) {
        if (band.rect.contains(point))
            return band.slot;
    }
    return -1;
}

double CollectionLayout::contentHeight() const
{
    return windowHeight(m_params, m_pitch);
}

double CollectionLayout::maxScroll() const
{
    return maxScrollFor(m_params, m_pitch);
}

double CollectionLayout::windowHeight(const Params &params, double pitch)
{
    if (params.window.empty())
        return double(params.rowCount) * pitch;
    double height = 0;
    qsizetype previous = 0;
    for (auto [first, end] : params.window) {
        first = std::clamp<qsizetype>(first, previous, params.rowCount);
        end = std::clamp<qsizetype>(end, first, params.rowCount);
        if (end <= first)
            continue;
        if (first > previous)
            height += params.elisionHeight;
        height += double(end - first) * pitch;
        previous = end;
    }
    if (previous < params.rowCount)
        height += params.elisionHeight;
    return height;
}

double CollectionLayout::rowTop(qsizetype row) const
{
    if (m_spans.empty())
        return m_rows.top() + double(row) * m_pitch - m_params.scrollY;
    // A row inside a span sits at its place; a row left out lies proportionally within its
    // elision band (so a bound or a cursor on it still points into the right gap).
    double y = 0;
    for (const Span &span : m_spans) {
        if (row < span.first) {
            const auto elision
                = std::find_if(m_elisions.begin(), m_elisions.end(),
                               [&](const Elision &e) { return e.endRow == span.first; });
            if (elision != m_elisions.end() && row >= elision->firstRow) {
                const double f = double(row - elision->firstRow)
                    / double(std::max<qsizetype>(1, elision->endRow - elision->firstRow));
                return m_rows.top() + span.y - m_params.elisionHeight * (1 - f) - m_params.scrollY;
            }
            return m_rows.top() + span.y - m_params.scrollY;
        }
        if (row < span.end)
            return m_rows.top() + span.y + double(row - span.first) * m_pitch - m_params.scrollY;
        y = span.y + double(span.end - span.first) * m_pitch;
    }
    const Span &last = m_spans.back();
    const qsizetype after = m_params.rowCount - last.end;
    const double f = after > 0 ? double(row - last.end) / double(after) : 0;
    return m_rows.top() + y + m_params.elisionHeight * std::clamp(f, 0.0, 1.0) - m_params.scrollY;
}

CollectionLayout::Columns CollectionLayout::columns(const Params &params, double left, double width)
{
    Columns c;
    const double brackets = params.groups && !params.groups->empty()
        ? params.bracketLanes * params.bracketLaneWidth
        : 0;
    c.keys = left + params.gutterWidth + 4 + params.chipWidth + 8;
    // A row window numbers its rows (the reader sees where in the collection they are).
    c.position = params.window.empty() ? 0 : 64;
    c.right = left + width - brackets - c.position;
    // The marker lane takes at most 30% of the row.
    c.lane = params.markerLaneWidth > 0
        ? std::min(params.markerLaneWidth, std::max(0.0, c.right - c.keys) * 0.3)
        : 0;
    return c;
}

double CollectionLayout::treeWidthFor(const Params &params)
{
    // Narrower than this the overview says nothing: it goes whole.
    constexpr double kMinTreeWidth = 64;
    const double w = params.viewport.width();
    double tree = params.treeWidth > 0 ? std::min(params.treeWidth, w / 3) : 0;
    // The overview yields to the keys: it narrows, then goes, until the sort key has its width.
    const auto keyRoom = [&](double tree) {
        const double left = tree > 0 ? tree + params.lensGap : 0;
        const Columns c = columns(params, left, std::max(0.0, w - left));
        return c.right - c.lane - c.keys - 12;
    };
    while (tree > 0 && keyRoom(tree) < params.sortKeyWidth)
        tree = tree - 8 >= kMinTreeWidth ? tree - 8 : 0;
    return tree;
}

CollectionLayout::RowGeometry CollectionLayout::rowGeometry(qsizetype row) const
{
    RowGeometry g;
    g.row = row;
    const double top = rowTop(row);
    g.rect = QRectF(m_rows.left(), top, m_rows.width(), m_pitch);
    g.gutter = QRectF(m_rows.left(), top, m_params.gutterWidth, m_pitch);
    const double inset = std::min(4.0, m_pitch / 6);
    g.chip = QRectF(m_rows.left() + m_params.gutterWidth + 4, top + inset, m_params.chipWidth,
                    m_pitch - 2 * inset);
    const Columns c = columns(m_params, m_rows.left(), m_rows.width());
    // The sort key takes the width it wants first (the attributes yield to it, the table's key
    // takes what is left up to its own width); attributes take the rest.
    const double available = std::max(0.0, c.right - c.lane - c.keys);
    const bool secondKey = m_params.partitionKeyWidth > 0;
    const double sortWidth = std::clamp(available - 12, 0.0, m_params.sortKeyWidth);
    const double pkWidth
        = secondKey ? std::clamp(available - sortWidth - 20, 0.0, m_params.partitionKeyWidth) : 0;
    double x = c.keys;
    g.sortKey = QRectF(x, top, sortWidth, m_pitch);
    x += sortWidth + 8;
    g.partitionKey = QRectF(x, top, pkWidth, m_pitch);
    if (secondKey)
        x += pkWidth + 8;
    g.attributes = QRectF(x, top, std::max(0.0, c.right - c.lane - x - 4), m_pitch);
    if (c.lane > 0)
        g.lane = QRectF(c.right - c.lane, top, c.lane - 4, m_pitch);
    if (c.position > 0)
        g.position = QRectF(c.right + 4, top, c.position - 4, m_pitch);
    return g;
}

void CollectionLayout::layoutRows()
{
    const qsizetype n = m_params.rowCount;
    if (n <= 0 || m_pitch <= 0)
        return;
    if (!m_spans.empty()) {
        // A row window lays out the rows of its spans that meet the rows area.
        m_firstRow = m_spans.front().first;
        m_endRow = m_spans.back().end;
        for (const Span &span : m_spans) {
            for (qsizetype r = span.first; r < span.end; ++r) {
                const RowGeometry g = rowGeometry(r);
                if (g.rect.bottom() > m_rows.top() && g.rect.top() < m_rows.bottom())
                    m_visibleRows.push_back(g);
            }
        }
        return;
    }
    m_firstRow = std::clamp<qsizetype>(qsizetype(std::floor(m_params.scrollY / m_pitch)), 0, n);
    m_endRow = std::clamp<qsizetype>(
        qsizetype(std::ceil((m_params.scrollY + m_rows.height()) / m_pitch)), m_firstRow, n);
    m_visibleRows.reserve(size_t(m_endRow - m_firstRow));
    for (qsizetype r = m_firstRow; r < m_endRow; ++r)
        m_visibleRows.push_back(rowGeometry(r));
}

void CollectionLayout::layoutDensity()
{
    const qsizetype n = m_params.rowCount;
    if (n <= 0)
        return;
    const std::vector<quint8> *entities = m_params.rowEntities;
    const int lines = int(std::ceil(m_rows.height()));
    m_firstRow = -1;
    std::array<quint32, 256> counts {};
    for (int line = 0; line < lines; ++line) {
        // The epsilon keeps 0.99999 of a row from losing the last row to rounding.
        const qsizetype first = qsizetype(std::floor((m_params.scrollY + line) / m_pitch + 1e-7));
        if (first >= n)
            break;
        const qsizetype end = std::clamp<qsizetype>(
            qsizetype(std::floor((m_params.scrollY + line + 1) / m_pitch + 1e-7)), first + 1, n);
        if (m_firstRow < 0)
            m_firstRow = first;
        m_endRow = end;

        // The most common entity of the line; large buckets are sampled (at most 64 rows).
        quint8 entity = CollectionRows::kNoEntity;
        if (entities && qsizetype(entities->size()) >= end) {
            const qsizetype count = end - first;
            const qsizetype stride = std::max<qsizetype>(1, count / 64);
            quint32 best = 0;
            for (qsizetype r = first; r < end; r += stride)
                ++counts[(*entities)[size_t(r)]];
            for (qsizetype r = first; r < end; r += stride) {
                const quint8 e = (*entities)[size_t(r)];
                if (counts[e] > best || (counts[e] == best && e < entity)) {
                    best = counts[e];
                    entity = e;
                }
            }
            for (qsizetype r = first; r < end; r += stride)
                counts[(*entities)[size_t(r)]] = 0;
        }
        const QRectF rect(m_rows.left(), m_rows.top() + line, m_rows.width(), 1);
        // Neighbouring lines of one entity merge into one band (fewer rectangles to paint).
        if (!m_density.empty() && m_density.back().entity == entity
            && m_density.back().endRow == first) {
            m_density.back().rect.setBottom(rect.bottom());
            m_density.back().endRow = end;
        } else {
            m_density.push_back(DensityBucket {rect, first, end, entity});
        }
    }
    if (m_firstRow < 0)
        m_firstRow = m_endRow = 0;
}

double CollectionLayout::treeY(double row) const
{
    const double top = m_tree.top() + kTreeMargin;
    const double height = std::max(0.0, m_tree.height() - 2 * kTreeMargin);
    const qsizetype n = std::max<qsizetype>(1, m_params.rowCount);
    return top + row / double(n) * height;
}

QRectF CollectionLayout::lensInTree() const
{
    if (m_tree.isEmpty() || m_params.rowCount <= 0)
        return {};
    const double top = treeY(double(m_firstRow));
    const double bottom = std::max(top + 2, treeY(double(m_endRow)));
    return QRectF(m_tree.right() - kTreeStrip + 2, top, kTreeStrip - 2, bottom - top);
}

void CollectionLayout::layoutTree()
{
    const qsizetype n = m_params.rowCount;
    if (m_tree.isEmpty() || n <= 0)
        return;
    const int fanout = std::max(2, m_params.fanout);
    int levels = 1;
    qint64 capacity = fanout;
    while (capacity < n) {
        capacity *= fanout;
        ++levels;
    }
    // The right edge of the tree is a strip for the lens and the range/read bars.
    const double columnWidth = (m_tree.width() - kTreeStrip) / levels;
    const double treeHeight = std::max(0.0, m_tree.height() - 2 * kTreeMargin);
    const CollectionMarks &marks = m_params.marks;
    int pathLevels = 0;
    if (marks.pathRow >= 0 && marks.pathRow < n) {
        pathLevels = marks.pathLevels;
        if (pathLevels < 0) {
            // Each probe halves the search window; a level lights up once the window fits in
            // one of its nodes, so the path grows root to leaf as the binary search narrows.
            pathLevels = 1;
            qint64 span = capacity / fanout;
            while (pathLevels < levels && span >= marks.seekWindow) {
                ++pathLevels;
                span /= fanout;
            }
        }
    }

    qint64 span = capacity;
    for (int d = 0; d < levels; ++d) {
        TreeLevel level;
        level.level = d;
        level.span = span;
        level.nodeCount = (n + span - 1) / span;
        level.band = QRectF(m_tree.left() + d * columnWidth + 2, m_tree.top() + kTreeMargin,
                            columnWidth - 6, treeHeight);
        level.dense = double(level.nodeCount) * kMinTreeNodeHeight > treeHeight;
        m_treeLevels.push_back(level);

        const qint64 pathIndex = d < pathLevels ? qint64(marks.pathRow) / span : -1;
        const auto nodeRect = [&](qint64 index) {
            const qint64 first = index * span;
            const qint64 end = std::min<qint64>(n, first + span);
            double top = treeY(double(first));
            double bottom = treeY(double(end));
            if (bottom - top < kMinTreeNodeHeight) {
                const double mid = (top + bottom) / 2;
                top = mid - kMinTreeNodeHeight / 2;
                bottom = mid + kMinTreeNodeHeight / 2;
            } else if (bottom - top > 4) {
                top += 1; // a gap between sibling nodes
                bottom -= 1;
            }
            TreeNode node;
            node.level = d;
            node.index = index;
            node.firstRow = first;
            node.endRow = end;
            node.rect = QRectF(level.band.left(), top, level.band.width(), bottom - top);
            return node;
        };
        if (!level.dense) {
            for (qint64 i = 0; i < level.nodeCount; ++i) {
                TreeNode node = nodeRect(i);
                node.onPath = i == pathIndex;
                m_treeNodes.push_back(node);
            }
        } else if (pathIndex >= 0) {
            TreeNode node = nodeRect(pathIndex);
            node.onPath = true;
            m_treeNodes.push_back(node);
        }
        span /= fanout;
    }
}

void CollectionLayout::layoutBrackets()
{
    if (!m_params.groups || m_level == Level::Density || m_endRow <= m_firstRow)
        return;
    const auto &groups = *m_params.groups;
    const int lanes = std::max(1, m_params.bracketLanes);
    for (int g = 0; g < int(groups.size()); ++g) {
        const auto &group = groups[size_t(g)];
        const qsizetype lo = std::min(group.parentRow, group.firstChildRow);
        const qsizetype hi = std::max(group.parentRow, group.lastChildRow);
        if (lo >= m_endRow)
            break; // groups are sorted by their first row
        if (hi < m_firstRow)
            continue;
        Bracket b;
        b.group = g;
        b.lane = std::min(group.depth, lanes - 1);
        const double x = m_rows.right() - (b.lane + 1) * m_params.bracketLaneWidth;
        const double top = rowTop(group.firstChildRow) + 2;
        const double bottom = rowTop(group.lastChildRow) + m_pitch - 2;
        b.span = QRectF(x, top, m_params.bracketLaneWidth, std::max(2.0, bottom - top));
        b.parentY = rowCenterY(group.parentRow);
        m_brackets.push_back(b);
    }
}

void CollectionLayout::layoutMarks()
{
    const CollectionMarks &marks = m_params.marks;
    const auto add = [&](BoundLine::Kind kind, qsizetype row) {
        BoundLine line;
        line.kind = kind;
        line.row = row;
        line.y = rowTop(row);
        const double width = std::min(260.0, m_rows.width() / 2);
        // A row window's row numbers keep the right edge.
        const double right = m_rows.right() - (m_params.window.empty() ? 4 : 68);
        line.labelAnchor = kind == BoundLine::Kind::RangeBegin
            ? QRectF(right - width, line.y + 1, width, 15)
            : QRectF(right - width, line.y - 16, width, 15);
        m_boundLines.push_back(line);
    };
    if (marks.rangeBegin)
        add(BoundLine::Kind::RangeBegin, *marks.rangeBegin);
    if (marks.rangeEnd)
        add(BoundLine::Kind::RangeEnd, *marks.rangeEnd);
}

std::optional<double> CollectionLayout::stopLineY() const
{
    const CollectionMarks &marks = m_params.marks;
    if (marks.stopRow < 0)
        return std::nullopt;
    return marks.forward ? rowTop(marks.stopRow + 1) : rowTop(marks.stopRow);
}

QRectF CollectionLayout::probeMarker() const
{
    const qsizetype row = m_params.marks.probeRow;
    if (row < 0 || row >= m_params.rowCount)
        return {};
    const double size = std::clamp(m_pitch, 8.0, 14.0);
    return QRectF(m_rows.left() - size - 4, rowCenterY(row) - size / 2, size, size);
}

qsizetype CollectionLayout::rowAt(const QPointF &point) const
{
    if (!m_rows.contains(point) || m_pitch <= 0)
        return -1;
    if (!m_spans.empty()) {
        for (const RowGeometry &g : m_visibleRows) {
            if (g.rect.contains(point))
                return g.row;
        }
        return -1;
    }
    const auto row = qsizetype(std::floor((point.y() - m_rows.top() + m_params.scrollY) / m_pitch));
    return row >= 0 && row < m_params.rowCount ? row : -1;
}

qsizetype CollectionLayout::treeRowAt(const QPointF &point) const
{
    if (!m_tree.contains(point) || m_params.rowCount <= 0)
        return -1;
    const double top = m_tree.top() + kTreeMargin;
    const double height = std::max(1.0, m_tree.height() - 2 * kTreeMargin);
    const double f = std::clamp((point.y() - top) / height, 0.0, 1.0);
    return std::min<qsizetype>(m_params.rowCount - 1, qsizetype(f * double(m_params.rowCount)));
}

double CollectionLayout::scrollToShow(qsizetype row) const
{
    const double top = double(row) * m_pitch;
    const double height = m_rows.height();
    double scroll = m_params.scrollY;
    if (top < scroll || top + m_pitch > scroll + height) {
        const bool far = top + m_pitch < scroll - height || top > scroll + 2 * height;
        if (far)
            scroll = top - (height - m_pitch) / 2;
        else if (top < scroll)
            scroll = top;
        else
            scroll = top + m_pitch - height;
    }
    return std::clamp(scroll, 0.0, maxScroll());
}

double CollectionLayout::scrollKeeping(const Params &next, qsizetype row, double fractionInRow,
                                       double y)
{
    const double pitch = next.rowHeight * clampZoom(next);
    const double scroll = (double(row) + fractionInRow) * pitch - (y - rowsTop(next));
    return std::clamp(scroll, 0.0, maxScrollFor(next, pitch));
}

} // namespace keyscope::ui
