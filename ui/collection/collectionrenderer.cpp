#include "ui/collection/collectionrenderer.h"

#include "ui/collection/collectionlabels.h"

#include <QFontMetricsF>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <map>

namespace keyscope::ui {

using model::ItemFate;
using model::TimelineStep;

namespace {

double ease(double t)
{
    t = std::clamp(t, 0.0, 1.0);
    return t * t * (3 - 2 * t); // smoothstep: starts and lands softly
}

QColor withAlpha(QColor c, double alpha)
{
    c.setAlphaF(float(alpha));
    return c;
}

// What the trace did to one row by the step showing.
using RowTrace = CollectionTraceState::Row;

class Painter
{
public:
    Painter(QPainter &p, const CollectionLayout &layout, const CollectionRenderState &state,
            const CollectionStyle &style)
        : p(p)
        , layout(layout)
        , state(state)
        , style(style)
        , rows(state.rows)
        , mono(style.monoFont)
        , text(style.textFont)
        , small(style.smallFont)
        , labels(CollectionLabels::compute(layout, state, style))
        , trace(state)
        , timeline(trace.timeline)
        , stepIndex(trace.stepIndex)
        , step(trace.step)
        , finalState(trace.finalState)
        , visitsDone(trace.visitsDone)
        , probesDone(trace.probesDone)
    {
        for (const CollectionLabel &label : labels.labels()) {
            if (label.row >= 0 && label.kind != CollectionLabel::Kind::Mark)
                rowLabels[label.row].push_back(&label);
        }
    }

    void paint();

private:
    RowTrace traceOf(qsizetype row) const;
    bool inRange(qsizetype row) const;
    bool concerned(qsizetype row) const
    {
        return state.concernedRows
            && std::binary_search(state.concernedRows->begin(), state.concernedRows->end(), row);
    }
    bool anyConcerned(qsizetype first, qsizetype end) const
    {
        if (!state.concernedRows)
            return false;
        const auto it
            = std::lower_bound(state.concernedRows->begin(), state.concernedRows->end(), first);
        return it != state.concernedRows->end() && *it < end;
    }
    bool selected(qsizetype row) const
    {
        return std::find(state.selectedRows.begin(), state.selectedRows.end(), row)
            != state.selectedRows.end();
    }
    bool painted(qsizetype row) const
    {
        return state.paintedRowsFrom < 0
            || (row >= state.paintedRowsFrom && row < state.paintedRowsTo);
    }
    void paintHeader();
    void paintTree();
    void paintRows();
    void paintRow(const CollectionLayout::RowGeometry &g, double opacity);
    void paintCompactRow(const CollectionLayout::RowGeometry &g);
    void paintDensity();
    void paintBrackets();
    void paintElisions();
    void paintMarks();
    void paintProbes(const model::QueryTrace &trace, const QRectF &area);
    void paintSweepCursor(const QRectF &area);
    void paintPageEnd(const model::QueryTrace &trace, const QRectF &area);
    void paintBands();
    void paintBand(const CollectionLayout::Band &geometry, const PartitionBand &band, int more);
    void paintEntityStrip(const PartitionBand &band, const QRectF &strip);
    void paintBandTexts(const CollectionLayout::Band &geometry, const PartitionBand &band, int more,
                        double x);
    void paintBadge(const QRectF &gutter, const RowTrace &t);
    void paintLabels(CollectionLabel::Kind kind);
    void paintLabel(const CollectionLabel &label);
    QFont labelFont(const CollectionLabel &label) const;
    void paintMarkPill(const CollectionLabel &label, const QFont &font, const QColor &color);
    void paintBoxedLabel(const CollectionLabel &label);
    void paintPlainLabel(const CollectionLabel &label, const QColor &color);
    QColor toneColor(CollectionLabel::Tone tone) const;
    void paintEmpty(const QString &message);

    QPainter &p;
    const CollectionLayout &layout;
    const CollectionRenderState &state;
    const CollectionStyle &style;
    const CollectionRows *rows;
    QFontMetricsF mono;
    QFontMetricsF text;
    QFontMetricsF small;
    const CollectionLabels labels;
    // The step showing, read once (the label pass reads the same).
    const CollectionTraceState trace;
    const model::TraceTimeline *timeline;
    int stepIndex;
    const TimelineStep *step;
    bool finalState;
    int visitsDone;
    int probesDone;
    std::map<qsizetype, std::vector<const CollectionLabel *>> rowLabels;
};

RowTrace Painter::traceOf(qsizetype row) const
{
    return trace.row(row);
}

bool Painter::inRange(qsizetype row) const
{
    if (!timeline || !timeline->trace().sortCondition || !timeline->trace().partitionFound)
        return false;
    return row >= qsizetype(timeline->trace().rangeBegin)
        && row < qsizetype(timeline->trace().rangeEnd);
}

void Painter::paint()
{
    const QRectF all(QPointF(0, 0), layout.params().viewport);
    p.fillRect(all, style.background);
    p.fillRect(layout.rowsRect(), style.rowBackground);
    paintHeader();
    paintBands();
    if (!rows || rows->rowCount() == 0) {
        paintEmpty(rows && rows->store() ? QStringLiteral("No items in this collection")
                                         : QStringLiteral("No collection to show"));
        return;
    }
    paintTree();
    p.save();
    p.setClipRect(layout.rowsRect());
    paintRows();
    paintLabels(CollectionLabel::Kind::Range);
    paintElisions();
    paintBrackets();
    p.restore();
    paintMarks();
}

void Painter::paintEmpty(const QString &message)
{
    p.setPen(style.dimText);
    p.setFont(style.textFont);
    p.drawText(layout.rowsRect(), Qt::AlignCenter, message);
}

void Painter::paintHeader()
{
    const QRectF h = layout.headerRect();
    p.fillRect(h, style.headerBackground);
    p.setPen(QPen(style.gridLine, 1));
    p.drawLine(QPointF(h.left(), h.bottom() - 0.5), QPointF(h.right(), h.bottom() - 0.5));
    for (const CollectionLabel::Kind kind :
         {CollectionLabel::Kind::TreeTitle, CollectionLabel::Kind::Partition,
          CollectionLabel::Kind::Facts, CollectionLabel::Kind::Entity})
        paintLabels(kind);
}

void Painter::paintTree()
{
    const QRectF tree = layout.treeRect();
    if (tree.isEmpty())
        return;
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);

    // The lens: the visible rows' place in the tree, widening to the rows area.
    const QRectF lens = layout.lensInTree();
    if (!lens.isEmpty()) {
        QPainterPath path;
        path.moveTo(lens.right(), lens.top());
        path.lineTo(layout.rowsRect().left(), layout.rowsRect().top());
        path.lineTo(layout.rowsRect().left(), layout.rowsRect().bottom());
        path.lineTo(lens.right(), lens.bottom());
        path.closeSubpath();
        p.fillPath(path, style.lens);
        p.fillRect(lens, style.lens);
    }

    for (const auto &level : layout.treeLevels()) {
        if (!level.dense)
            continue;
        p.setPen(Qt::NoPen);
        p.setBrush(style.treeNode);
        p.drawRoundedRect(level.band, 2, 2);
    }
    p.setPen(QPen(style.treeNodeBorder, 0.8));
    p.setBrush(style.treeNode);
    for (const auto &node : layout.treeNodes()) {
        if (node.onPath)
            continue;
        p.drawRoundedRect(node.rect, 2, 2);
    }

    // The key condition's rows and the rows read, as bars beside the leaves.
    const double barX = tree.right() - 5;
    if (timeline && timeline->trace().partitionFound) {
        const auto &t = timeline->trace();
        if (t.sortCondition) {
            p.setPen(Qt::NoPen);
            p.setBrush(style.bound);
            const double top = layout.treeY(t.rangeBegin);
            p.drawRect(QRectF(barX, top, 3, std::max(1.5, layout.treeY(t.rangeEnd) - top)));
        }
        if (visitsDone > 0) {
            const auto &visits = t.visits;
            const double a = layout.treeY(visits.front().position);
            const double b = layout.treeY(visits[size_t(visitsDone - 1)].position + 1);
            p.setBrush(style.cursor);
            p.drawRect(QRectF(barX - 4, std::min(a, b), 3, std::max(1.5, std::abs(b - a))));
        }
    }

    // The seek path, root to leaf, lit as the probes narrow the search.
    std::vector<QRectF> path;
    for (const auto &node : layout.treeNodes()) {
        if (node.onPath)
            path.push_back(node.rect);
    }
    if (!path.empty()) {
        p.setPen(QPen(style.probe, 2));
        for (size_t i = 1; i < path.size(); ++i) {
            p.drawLine(QPointF(path[i - 1].right(), path[i - 1].center().y()),
                       QPointF(path[i].left(), path[i].center().y()));
        }
        p.setPen(QPen(style.probe, 1.6));
        p.setBrush(withAlpha(style.probe, 0.30));
        for (const QRectF &r : path)
            p.drawRoundedRect(r.adjusted(0.8, 0.8, -0.8, -0.8), 2, 2);
    }
    p.restore();
    paintLabels(CollectionLabel::Kind::TreeCaption);
}

void Painter::paintRows()
{
    switch (layout.level()) {
    case CollectionLayout::Level::Density:
        paintDensity();
        return;
    case CollectionLayout::Level::Compact:
        for (const auto &g : layout.rows()) {
            if (painted(g.row))
                paintCompactRow(g);
        }
        return;
    case CollectionLayout::Level::Rows:
        break;
    }
    const bool relayout = state.previousRows && state.previousLayout && state.relayout < 1.0;
    const double t = ease(state.relayout);
    const QRectF area = layout.rowsRect();
    for (const auto &g : layout.rows()) {
        if (!painted(g.row))
            continue;
        if (!relayout) {
            paintRow(g, 1.0);
            continue;
        }
        // Slide from the item's place in the previous index; new items fade in.
        const qsizetype before = state.previousRows->rowOf(rows->itemAt(g.row));
        if (before < 0) {
            paintRow(g, t);
            continue;
        }
        const double from
            = std::clamp(state.previousLayout->rowTop(before), area.top() - 2 * g.rect.height(),
                         area.bottom() + g.rect.height());
        const double dy = (from - g.rect.top()) * (1 - t);
        p.save();
        p.translate(0, dy);
        paintRow(g, 1.0);
        p.restore();
    }
}

void Painter::paintRow(const CollectionLayout::RowGeometry &g, double opacity)
{
    const qsizetype row = g.row;
    const RowTrace t = traceOf(row);
    const bool isParent = rows->groupOfParentRow(row) >= 0;
    p.save();
    p.setOpacity(opacity);

    QColor background = row % 2 ? style.rowAlternate : style.rowBackground;
    p.fillRect(g.rect, background);
    if (inRange(row))
        p.fillRect(g.rect, style.boundFill);
    if (t.read)
        p.fillRect(g.rect, style.read);
    const bool isConcerned = concerned(row);
    if (isConcerned) {
        p.fillRect(g.rect, withAlpha(style.concern, style.dark ? 0.22 : 0.16));
        p.fillRect(QRectF(g.rect.left(), g.rect.top(), 4, g.rect.height()), style.concern);
    }
    if (selected(row))
        p.fillRect(g.rect, style.selection);
    else if (row == state.hoverRow)
        p.fillRect(g.rect, withAlpha(style.selection, 0.12));
    p.setPen(QPen(style.gridLine, 1));
    p.drawLine(QPointF(g.rect.left(), g.rect.bottom() - 0.5),
               QPointF(g.rect.right(), g.rect.bottom() - 0.5));

    // Entity chip.
    p.setRenderHint(QPainter::Antialiasing, true);
    const QColor chip = rows->entityColor(row);
    if (chip.isValid()) {
        p.setPen(Qt::NoPen);
        p.setBrush(chip);
    } else {
        p.setPen(QPen(style.treeNodeBorder, 1));
        p.setBrush(Qt::NoBrush);
    }
    p.drawRoundedRect(g.chip, 2.5, 2.5);

    // Parent items: a frame (their pill is one of the row's labels).
    if (isParent) {
        p.setPen(QPen(style.parentFrame, 1.4));
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(g.rect.adjusted(g.gutter.width() + 1.5, 1.5, -1.5, -1.5), 4, 4);
    }
    p.setRenderHint(QPainter::Antialiasing, false);

    // Keys, attributes, the result number: the label pass placed them.
    const bool struck = t.visited && t.fate == ItemFate::Filtered;
    if (const auto it = rowLabels.find(row); it != rowLabels.end()) {
        for (const CollectionLabel *label : it->second) {
            paintLabel(*label);
            if (struck && label->kind == CollectionLabel::Kind::SortKey) {
                p.setPen(QPen(style.filtered, 1.6));
                const double y = std::round(g.rect.center().y()) + 0.5;
                p.drawLine(QPointF(label->rect.left() - 2, y), QPointF(label->rect.right() + 2, y));
            }
        }
    }
    paintBadge(g.gutter, t);

    if (state.focused && row == state.currentRow) {
        p.setPen(QPen(style.focus, 1, Qt::DotLine));
        p.setBrush(Qt::NoBrush);
        p.drawRect(g.rect.adjusted(0.5, 0.5, -1.5, -1.5));
    }
    p.restore();
}

void Painter::paintBadge(const QRectF &gutter, const RowTrace &t)
{
    if (!t.visited)
        return;
    const double d = std::min(gutter.height() - 4, 20.0);
    const QRectF circle(gutter.right() - d - 6, gutter.center().y() - d / 2, d, d);
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    if (t.fate == ItemFate::Returned) {
        // The number is a label (the label pass knows its box).
    } else if (t.fate == ItemFate::Filtered) {
        p.setPen(QPen(style.filtered, 1.6));
        p.setBrush(style.rowBackground);
        p.drawEllipse(circle.adjusted(1, 1, -1, -1));
        const QRectF x = circle.adjusted(d * 0.32, d * 0.32, -d * 0.32, -d * 0.32);
        p.drawLine(x.topLeft(), x.bottomRight());
        p.drawLine(x.topRight(), x.bottomLeft());
    } else {
        // Reached but not read: the row that ended the page or the range.
        p.setPen(QPen(style.stop, 1.4, Qt::DashLine));
        p.setBrush(Qt::NoBrush);
        p.drawEllipse(circle.adjusted(1, 1, -1, -1));
    }
    p.restore();
}

void Painter::paintCompactRow(const CollectionLayout::RowGeometry &g)
{
    const qsizetype row = g.row;
    const RowTrace t = traceOf(row);
    const QColor chip = rows->entityColor(row);
    QRectF bar = g.rect.adjusted(g.gutter.width(), 0, 0, g.rect.height() > 4 ? -1 : 0);
    p.fillRect(bar, chip.isValid() ? withAlpha(chip, 0.22) : style.rowAlternate);
    p.fillRect(QRectF(g.chip.left(), bar.top(), g.chip.width(), bar.height()),
               chip.isValid() ? chip : style.treeNodeBorder);
    if (inRange(row))
        p.fillRect(bar, style.boundFill);
    if (t.visited) {
        const QColor mark = t.fate == ItemFate::Returned ? style.returned
            : t.fate == ItemFate::Filtered               ? style.filtered
                                                         : style.stop;
        p.fillRect(QRectF(g.gutter.right() - 16, bar.top(), 12, bar.height()), mark);
    }
    if (rows->groupOfParentRow(row) >= 0)
        p.fillRect(QRectF(g.chip.right() + 2, bar.top(), 3, bar.height()), style.parentFrame);
    if (concerned(row))
        p.fillRect(QRectF(g.rect.left(), bar.top(), 6, bar.height()), style.concern);
    if (selected(row))
        p.fillRect(g.rect, style.selection);
}

void Painter::paintDensity()
{
    const auto &entities = rows->entities();
    for (const auto &bucket : layout.density()) {
        const QColor c = bucket.entity < entities.size() ? entities[bucket.entity].color
                                                         : style.treeNodeBorder;
        QRectF r = bucket.rect;
        r.setLeft(r.left() + layout.params().gutterWidth);
        p.fillRect(r, withAlpha(c, 0.75));
    }
    // Concerned rows: a mark in the gutter on every line holding one.
    if (state.concernedRows && !state.concernedRows->empty()) {
        for (const auto &bucket : layout.density()) {
            const double lines = std::max(1.0, bucket.rect.height());
            const qsizetype span = bucket.endRow - bucket.firstRow;
            for (int line = 0; line < int(lines); ++line) {
                const qsizetype first = bucket.firstRow + qsizetype(double(span) * line / lines);
                const qsizetype end
                    = bucket.firstRow + qsizetype(double(span) * (line + 1) / lines);
                if (anyConcerned(first, std::max(end, first + 1)))
                    p.fillRect(QRectF(bucket.rect.left(), bucket.rect.top() + line, 6, 1),
                               style.concern);
            }
        }
    }
    if (!timeline || visitsDone == 0)
        return;
    // The rows read, as a band in the gutter.
    const auto &visits = timeline->trace().visits;
    const double a = layout.rowTop(visits.front().position);
    const double b = layout.rowTop(visits[size_t(visitsDone - 1)].position + 1);
    const QRectF area = layout.rowsRect();
    p.fillRect(QRectF(area.left() + 8, std::min(a, b), layout.params().gutterWidth - 16,
                      std::max(2.0, std::abs(b - a))),
               style.cursor);
}

void Painter::paintElisions()
{
    // Rows a row window leaves out: one band each, saying how many and which.
    for (const auto &e : layout.elisions()) {
        p.fillRect(e.rect, style.background);
        p.setPen(QPen(style.gridLine, 1, Qt::DashLine));
        p.drawLine(QPointF(e.rect.left(), e.rect.top() + 0.5),
                   QPointF(e.rect.right(), e.rect.top() + 0.5));
        p.drawLine(QPointF(e.rect.left(), e.rect.bottom() - 0.5),
                   QPointF(e.rect.right(), e.rect.bottom() - 0.5));
    }
    paintLabels(CollectionLabel::Kind::Elision);
}

void Painter::paintBrackets()
{
    if (layout.brackets().empty())
        return;
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    const auto &groups = rows->parentGroups();
    for (const auto &b : layout.brackets()) {
        const auto &group = groups[size_t(b.group)];
        const QColor color = rows->entityColor(group.parentRow).isValid()
            ? rows->entityColor(group.parentRow)
            : style.parentFrame;
        const QRectF s = b.span;
        const double x = s.left() + 4;
        QPainterPath bracket;
        bracket.moveTo(s.left() + 1, s.top());
        bracket.lineTo(x, s.top());
        bracket.lineTo(x, s.bottom());
        bracket.lineTo(s.left() + 1, s.bottom());
        p.setPen(QPen(color, 1.6));
        p.setBrush(Qt::NoBrush);
        p.drawPath(bracket);
        // A tick from the bracket to its parent row, on the side where the parent lies.
        const double py = b.parentY;
        p.setPen(QPen(color, 1.6));
        p.drawLine(QPointF(x, std::clamp(py, s.top(), s.bottom())), QPointF(x, py));
        p.setBrush(color);
        p.drawEllipse(QPointF(x, py), 2.6, 2.6);
    }
    p.restore();
}

void Painter::paintBands()
{
    if (!state.bands || layout.bands().empty())
        return;
    const PartitionBands &bands = *state.bands;
    for (const auto &geometry : layout.bands()) {
        if (!geometry.after && geometry.slot < int(bands.before.size()))
            paintBand(geometry, bands.before[size_t(geometry.slot)],
                      geometry.slot == 0 ? bands.moreBefore : 0);
        const int k = geometry.slot - int(bands.before.size());
        if (geometry.after && k >= 0 && k < int(bands.after.size()))
            paintBand(geometry, bands.after[size_t(k)],
                      k == int(bands.after.size()) - 1 ? bands.moreAfter : 0);
    }
}

void Painter::paintBand(const CollectionLayout::Band &geometry, const PartitionBand &band, int more)
{
    const QRectF r = geometry.rect;
    p.save();
    p.fillRect(r, style.headerBackground);
    p.setPen(QPen(style.gridLine, 1));
    p.drawLine(QPointF(r.left(), r.bottom() - 0.5), QPointF(r.right(), r.bottom() - 0.5));
    if (geometry.slot == 0 || !geometry.after)
        p.drawLine(QPointF(r.left(), r.top() + 0.5), QPointF(r.right(), r.top() + 0.5));
    const double cy = r.center().y();
    double x = r.left() + 8;
    // A collapsed disclosure triangle: this partition is folded away.
    p.setRenderHint(QPainter::Antialiasing, true);
    QPainterPath triangle;
    triangle.moveTo(x, cy - 4);
    triangle.lineTo(x + 6, cy);
    triangle.lineTo(x, cy + 4);
    triangle.closeSubpath();
    p.fillPath(triangle, style.dimText);
    x += 14;
    const double stripWidth = 90;
    paintEntityStrip(band, QRectF(x, cy - 3.5, stripWidth, 7));
    x += stripWidth + 10;
    paintBandTexts(geometry, band, more, x);
    p.restore();
}

// The entity mix as a mini strip, proportional to the item counts.
void Painter::paintEntityStrip(const PartitionBand &band, const QRectF &strip)
{
    qsizetype total = 0;
    for (qsizetype c : band.entityCounts)
        total += c;
    double sx = strip.left();
    const auto &entities = rows ? rows->entities() : std::vector<CollectionRows::EntityInfo>();
    for (size_t e = 0; e < band.entityCounts.size() && total > 0; ++e) {
        if (band.entityCounts[e] == 0)
            continue;
        const double w = strip.width() * double(band.entityCounts[e]) / double(total);
        const QColor c = e < entities.size() ? entities[e].color : style.treeNodeBorder;
        p.fillRect(QRectF(sx, strip.top(), std::max(1.0, w), strip.height()), c);
        sx += w;
    }
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setPen(QPen(style.gridLine, 1));
    p.setBrush(Qt::NoBrush);
    p.drawRect(strip);
}

// From x on: the partition key, its facts, the concern pill and the hash (right-aligned).
void Painter::paintBandTexts(const CollectionLayout::Band &geometry, const PartitionBand &band,
                             int more, double x)
{
    const QRectF r = geometry.rect;
    QStringList facts;
    facts << QStringLiteral("%1 %2").arg(QLocale().toString(qlonglong(band.itemCount)),
                                         band.itemCount == 1 ? QStringLiteral("item")
                                                             : QStringLiteral("items"));
    if (more > 0)
        facts << QStringLiteral("%1 more partition%2 %3")
                     .arg(more)
                     .arg(more == 1 ? QString() : QStringLiteral("s"))
                     .arg(geometry.after ? QStringLiteral("below") : QStringLiteral("above"));
    const QString mark = QStringLiteral("\u26a0 %1 concerned").arg(band.concerned);
    const double pillWidth = band.concerned > 0 ? small.horizontalAdvance(mark) + 12 : 0;
    // The key has the room first; the hash, then the facts, yield.
    const PartitionBandTexts texts
        = PartitionBandTexts::fit(band, facts, pillWidth, mono, small, r.right() - 10 - x);
    p.setFont(style.monoFont);
    p.setPen(style.text);
    const double keyWidth = mono.horizontalAdvance(texts.key);
    p.drawText(QRectF(x, r.top(), keyWidth + 4, r.height()), Qt::AlignVCenter | Qt::AlignLeft,
               texts.key);
    x += keyWidth + 12;
    p.setFont(style.smallFont);
    p.setPen(style.dimText);
    double right = r.right() - 10;
    if (!texts.hash.isEmpty()) {
        const double hashWidth = small.horizontalAdvance(texts.hash);
        p.drawText(QRectF(right - hashWidth, r.top(), hashWidth + 4, r.height()),
                   Qt::AlignVCenter | Qt::AlignRight, texts.hash);
        right -= hashWidth + 10;
    }
    if (texts.pill) {
        const QRectF pill(right - pillWidth, r.center().y() - 8, pillWidth, 16);
        p.setRenderHint(QPainter::Antialiasing, true);
        p.setPen(Qt::NoPen);
        p.setBrush(withAlpha(style.concern, 0.25));
        p.drawRoundedRect(pill, 8, 8);
        p.setPen(style.text);
        p.drawText(pill, Qt::AlignCenter, mark);
    }
    p.setPen(style.dimText);
    p.drawText(QRectF(x, r.top(), small.horizontalAdvance(texts.facts) + 4, r.height()),
               Qt::AlignVCenter | Qt::AlignLeft, texts.facts);
}

QColor Painter::toneColor(CollectionLabel::Tone tone) const
{
    switch (tone) {
    case CollectionLabel::Tone::Text:
        return style.text;
    case CollectionLabel::Tone::Dim:
        return style.dimText;
    case CollectionLabel::Tone::Bound:
        return style.bound;
    case CollectionLabel::Tone::Probe:
        return style.probe;
    case CollectionLabel::Tone::Cursor:
        return style.cursor;
    case CollectionLabel::Tone::Stop:
        return style.stop;
    case CollectionLabel::Tone::Returned:
        return style.returned;
    }
    return style.text;
}

void Painter::paintLabels(CollectionLabel::Kind kind)
{
    for (const CollectionLabel &label : labels.labels()) {
        if (label.kind == kind)
            paintLabel(label);
    }
}

QFont Painter::labelFont(const CollectionLabel &label) const
{
    using Kind = CollectionLabel::Kind;
    QFont font = style.textFont;
    switch (label.kind) {
    case Kind::Partition:
    case Kind::SortKey:
    case Kind::TableKey:
        font = style.monoFont;
        break;
    case Kind::TreeTitle:
    case Kind::TreeCaption:
    case Kind::ParentPill:
    case Kind::Position:
    case Kind::Range:
    case Kind::Mark:
    case Kind::ResultNumber:
        font = style.smallFont;
        break;
    case Kind::Facts:
    case Kind::Entity:
    case Kind::Attributes:
    case Kind::Elision:
        break;
    }
    if (label.fontScale != 1.0)
        font = CollectionStyle::scaledFont(font, label.fontScale);
    font.setBold(label.bold);
    return font;
}

void Painter::paintLabel(const CollectionLabel &label)
{
    using Kind = CollectionLabel::Kind;
    const QFont font = labelFont(label);
    const QColor color = toneColor(label.tone);
    p.save();
    p.setFont(font);
    switch (label.kind) {
    case Kind::Mark:
    case Kind::ResultNumber:
        paintMarkPill(label, font, color);
        break;
    case Kind::ParentPill:
    case Kind::Range:
        paintBoxedLabel(label);
        break;
    case Kind::Entity:
        p.setRenderHint(QPainter::Antialiasing, true);
        p.setPen(Qt::NoPen);
        p.setBrush(label.color);
        p.drawRoundedRect(QRectF(label.rect.left(), label.rect.center().y() - 5, 10, 10), 2, 2);
        p.setPen(color);
        p.drawText(label.rect.adjusted(14, 0, 0, 0), Qt::AlignVCenter | Qt::AlignLeft, label.text);
        break;
    default:
        paintPlainLabel(label, color);
        break;
    }
    p.restore();
}

// A pill; a mark wrapped onto more lines keeps a one-line pill's corners.
void Painter::paintMarkPill(const CollectionLabel &label, const QFont &font, const QColor &color)
{
    const QRectF r = label.rect;
    const double radius = std::min(r.height(), QFontMetricsF(font).height() + 4) / 2;
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(label.filled ? Qt::NoPen : QPen(color, 1.2));
    p.setBrush(label.filled ? color : style.rowBackground);
    p.drawRoundedRect(r, radius, radius);
    p.setPen(label.filled ? QColor(Qt::white) : color);
    p.drawText(r, Qt::AlignCenter, label.text);
}

// A parent's pill (in its entity's colour), or a key condition's range in a framed box.
void Painter::paintBoxedLabel(const CollectionLabel &label)
{
    const QRectF r = label.rect;
    p.setRenderHint(QPainter::Antialiasing, true);
    if (label.kind == CollectionLabel::Kind::ParentPill) {
        p.setPen(Qt::NoPen);
        p.setBrush(label.color.isValid() ? withAlpha(label.color, 0.18) : style.treeNode);
        p.drawRoundedRect(r, r.height() / 2, r.height() / 2);
    } else {
        p.setPen(QPen(style.gridLine, 1));
        p.setBrush(withAlpha(style.rowBackground, 0.9));
        p.drawRoundedRect(r, 3, 3);
    }
    p.setPen(style.text);
    p.drawText(r, Qt::AlignCenter, label.text);
}

void Painter::paintPlainLabel(const CollectionLabel &label, const QColor &color)
{
    const QRectF r = label.rect;
    p.setPen(color);
    if (label.vertical) {
        p.translate(r.left(), r.bottom());
        p.rotate(-90);
        p.drawText(QRectF(0, 0, r.height(), r.width()), Qt::AlignCenter, label.text);
    } else {
        p.drawText(r, Qt::AlignVCenter | Qt::AlignLeft, label.text);
    }
}

void Painter::paintMarks()
{
    if (!timeline || !timeline->trace().partitionFound)
        return;
    const model::QueryTrace &trace = timeline->trace();
    const QRectF area = layout.rowsRect();
    p.save();
    p.setClipRect(QRectF(layout.treeRect().right(), area.top(),
                         area.right() - layout.treeRect().right(), area.height()));
    p.setRenderHint(QPainter::Antialiasing, true);

    // Key-condition bounds: the lines now, their labels last (beside any pill, never under one).
    for (const auto &line : layout.boundLines()) {
        p.setPen(QPen(style.bound, 1.6, Qt::DashLine));
        p.drawLine(QPointF(area.left(), line.y), QPointF(area.right(), line.y));
    }
    paintProbes(trace, area);
    paintSweepCursor(area);
    paintPageEnd(trace, area);
    // Every label of a mark, last: over the lines and frames, never over another label.
    paintLabels(CollectionLabel::Kind::Mark);
    p.restore();
}

// Probes already made: small ticks in the lens gap; the current one: an arrow and caption.
void Painter::paintProbes(const model::QueryTrace &trace, const QRectF &area)
{
    const bool seeking = step && step->kind == TimelineStep::Kind::SeekProbe && !finalState;
    const int pastProbes = seeking ? probesDone - 1 : 0;
    for (int i = 0; i < pastProbes; ++i) {
        const double y = layout.rowCenterY(trace.probes[size_t(i)].position);
        p.setPen(QPen(withAlpha(style.probe, 0.55), 2));
        p.drawLine(QPointF(area.left() - 10, y), QPointF(area.left() - 3, y));
    }
    if (!seeking)
        return;
    const QRectF m = layout.probeMarker();
    const double landing = ease(state.transition);
    // The marker drops onto its row from the previous probe's row.
    double y = m.center().y();
    if (step->probeIndex > 0 && landing < 1) {
        const double from = layout.rowCenterY(trace.probes[size_t(step->probeIndex - 1)].position);
        y = from + (y - from) * landing;
    }
    QPainterPath arrow;
    arrow.moveTo(m.left(), y - m.height() / 2);
    arrow.lineTo(m.right(), y);
    arrow.lineTo(m.left(), y + m.height() / 2);
    arrow.closeSubpath();
    p.setPen(Qt::NoPen);
    p.fillPath(arrow, style.probe);
    if (landing >= 1 && layout.level() == CollectionLayout::Level::Rows) {
        const auto g = layout.rowGeometry(step->row);
        p.setPen(QPen(style.probe, 2));
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(g.rect.adjusted(1, 1, -1, -1), 3, 3);
    } else if (landing >= 1) {
        p.setPen(QPen(style.probe, 2));
        p.drawLine(QPointF(area.left(), y), QPointF(area.right(), y));
    }
}

// The sweep cursor glides from the previous row to this step's row.
void Painter::paintSweepCursor(const QRectF &area)
{
    const bool sweeping = step && !finalState
        && (step->kind == TimelineStep::Kind::SweepStart || step->kind == TimelineStep::Kind::Visit
            || step->kind == TimelineStep::Kind::Stop)
        && step->row != model::QueryTrace::kNoRow;
    if (!sweeping)
        return;
    double y = layout.rowTop(step->row);
    if (stepIndex > 0 && state.transition < 1) {
        const TimelineStep &previous = timeline->step(stepIndex - 1);
        if (previous.row != model::QueryTrace::kNoRow
            && previous.kind != TimelineStep::Kind::PartitionLookup) {
            const double from = layout.rowTop(previous.row);
            y = from + (y - from) * ease(state.transition);
        }
    }
    const double h = layout.pitch();
    const QRectF cursor(area.left() + 1, y + 0.5, area.width() - 2, std::max(2.0, h - 1));
    p.setPen(QPen(style.cursor, layout.level() == CollectionLayout::Level::Density ? 2 : 2.2));
    p.setBrush(Qt::NoBrush);
    if (layout.level() == CollectionLayout::Level::Density)
        p.drawLine(QPointF(area.left(), y), QPointF(area.right(), y));
    else
        p.drawRoundedRect(cursor, 3, 3);
    QPainterPath arrow;
    const double cy = y + h / 2;
    arrow.moveTo(area.left() - 14, cy - 6);
    arrow.lineTo(area.left() - 3, cy);
    arrow.lineTo(area.left() - 14, cy + 6);
    arrow.closeSubpath();
    p.setPen(Qt::NoPen);
    p.fillPath(arrow, style.cursor);
}

// Where the page ends: Limit or 1 MB, after the LastEvaluatedKey row.
void Painter::paintPageEnd(const model::QueryTrace &trace, const QRectF &area)
{
    const bool stopped = finalState || (step && step->kind == TimelineStep::Kind::Stop);
    if (!stopped || !trace.lastEvaluatedPosition)
        return;
    const auto y = layout.stopLineY();
    if (!y)
        return;
    p.setPen(QPen(style.stop, 2.4));
    p.drawLine(QPointF(area.left(), *y), QPointF(area.right(), *y));
    if (layout.level() == CollectionLayout::Level::Rows) {
        const auto g = layout.rowGeometry(qsizetype(*trace.lastEvaluatedPosition));
        p.setPen(QPen(style.stop, 1.4));
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(g.rect.adjusted(g.gutter.width() + 1, 1, -1, -1), 3, 3);
    }
}

} // namespace

void CollectionRenderer::paint(QPainter &painter, const CollectionLayout &layout,
                               const CollectionRenderState &state, const CollectionStyle &style)
{
    painter.save();
    Painter(painter, layout, state, style).paint();
    painter.restore();
}

CollectionMarks CollectionRenderer::marks(const model::TraceTimeline *timeline, int step)
{
    CollectionMarks m;
    if (!timeline || timeline->stepCount() == 0)
        return m;
    const model::QueryTrace &t = timeline->trace();
    if (!t.partitionFound)
        return m;
    m.forward = t.forward;
    if (t.sortCondition) {
        m.rangeBegin = t.rangeBegin;
        m.rangeEnd = t.rangeEnd;
    }
    const bool final = step < 0;
    const TimelineStep &s = timeline->step(final ? timeline->stepCount() - 1
                                                 : std::min(step, timeline->stepCount() - 1));
    const bool startsOnRow = t.startPosition < t.partitionSize;
    switch (s.kind) {
    case TimelineStep::Kind::PartitionLookup:
        break;
    case TimelineStep::Kind::SeekProbe: {
        const model::SeekProbe &probe = t.probes[size_t(s.probeIndex)];
        m.probeRow = probe.position;
        m.seekWindow = qsizetype(probe.high - probe.low);
        m.pathRow = probe.position;
        m.pathLevels = -1;
        break;
    }
    case TimelineStep::Kind::SweepStart:
    case TimelineStep::Kind::Visit:
    case TimelineStep::Kind::Stop:
        if (startsOnRow) {
            m.pathRow = t.startPosition;
            m.pathLevels = 64;
        }
        if (!final && s.row != model::QueryTrace::kNoRow)
            m.cursorRow = s.row;
        break;
    }
    if ((final || s.kind == TimelineStep::Kind::Stop) && t.lastEvaluatedPosition)
        m.stopRow = *t.lastEvaluatedPosition;
    return m;
}

CollectionLayout::Params CollectionRenderer::layoutParams(const CollectionStyle &style,
                                                          const CollectionRenderState &state,
                                                          const QSizeF &viewport, double zoom,
                                                          double scrollY)
{
    CollectionLayout::Params p;
    p.rowCount = state.rows ? state.rows->rowCount() : 0;
    p.viewport = viewport;
    p.zoom = zoom;
    p.scrollY = scrollY;
    p.rowHeight = style.rowHeight;
    p.headerHeight = style.headerHeight;
    p.treeWidth = style.treeWidth;
    p.lensGap = style.lensGap;
    p.gutterWidth = style.gutterWidth;
    p.chipWidth = style.chipWidth;
    // One partition's rows share their partition key (the header names it): its width goes to
    // the sort key. An index's rows show the table's key there instead.
    const bool tableKey = state.rows && state.rows->hasTableKeyColumn();
    // The sort key column is as wide as the longest key needs (at least a share of that): the
    // layout gives it that before the attributes and the B-tree overview take theirs.
    const double widest = style.sortKeyWidth + (tableKey ? 0 : style.partitionKeyWidth + 8);
    // A monospaced key of `chars` characters, with a little air.
    const auto keyWidth = [](const QFont &font, qsizetype chars) {
        return QFontMetricsF(font).horizontalAdvance(QStringLiteral("M")) * double(chars) + 6;
    };
    QFont bold = style.monoFont;
    bold.setBold(true);
    const double needed = state.rows ? keyWidth(bold, state.rows->longestSortKey()) : widest;
    p.sortKeyWidth = std::max(needed, std::min(widest, style.sortKeyWidth * 0.4));
    // The table's key, a key too, takes what its longest value needs before the attributes.
    const double tableKeyNeeded
        = tableKey ? keyWidth(style.monoFont, state.rows->longestTableKey()) : 0;
    p.partitionKeyWidth = tableKey ? std::max(style.partitionKeyWidth, tableKeyNeeded) : 0;
    // The lane for the trace's labels is there whenever a trace is, at every step alike.
    p.markerLaneWidth = state.timeline ? style.markerLaneWidth : 0;
    p.bracketLaneWidth = style.bracketLaneWidth;
    p.bracketLanes = style.bracketLanes;
    p.fanout = style.treeFanout;
    if (state.bands) {
        p.bandsBefore = int(state.bands->before.size());
        p.bandsAfter = int(state.bands->after.size());
        p.bandHeight = style.bandHeight;
    }
    if (state.rows) {
        p.rowEntities = &state.rows->rowEntities();
        p.groups = &state.rows->parentGroups();
    }
    p.marks = marks(state.timeline, state.step);
    return p;
}

QSizeF CollectionRenderer::naturalSize(const CollectionStyle &style, qsizetype rowCount,
                                       double width)
{
    return QSizeF(width,
                  style.headerHeight + double(std::max<qsizetype>(1, rowCount)) * style.rowHeight);
}

} // namespace keyscope::ui
