#include "ui/collection/collectionlabels.h"

#include "model/io/wording.h"
#include "ui/collection/collectionrenderer.h"
#include "ui/collection/keyelision.h"
#include "ui/collection/marklane.h"

#include <QFontMetricsF>
#include <QLocale>

#include <algorithm>
#include <cmath>
#include <map>

namespace keyscope::ui {

using model::ItemFate;
using model::TimelineStep;
using Label = CollectionLabel;
using Kind = CollectionLabel::Kind;
using Tone = CollectionLabel::Tone;

CollectionTraceState::CollectionTraceState(const CollectionRenderState &state)
{
    if (!state.timeline || state.timeline->stepCount() == 0)
        return;
    timeline = state.timeline;
    stepIndex = state.step < 0 ? timeline->stepCount() - 1
                               : std::min(state.step, timeline->stepCount() - 1);
    step = &timeline->step(stepIndex);
    finalState = state.step < 0;
    visitsDone = finalState ? int(timeline->trace().visits.size()) : step->visitsDone;
    probesDone = finalState ? int(timeline->trace().probes.size()) : step->probesDone;
    transition = state.transition;
}

CollectionTraceState::Row CollectionTraceState::row(qsizetype row) const
{
    Row t;
    if (!timeline)
        return t;
    const int v = timeline->visitIndexOfRow(quint32(row));
    if (v < 0 || v >= visitsDone)
        return t;
    const model::TraceVisit &visit = timeline->trace().visits[size_t(v)];
    t.visited = true;
    t.fate = visit.fate;
    t.read = visit.fate == ItemFate::Returned || visit.fate == ItemFate::Filtered;
    t.resultNumber = visit.resultNumber;
    return t;
}

bool CollectionTraceState::seeking() const
{
    return traced() && step && step->kind == TimelineStep::Kind::SeekProbe && !finalState;
}

bool CollectionTraceState::sweeping() const
{
    return traced() && step && !finalState
        && (step->kind == TimelineStep::Kind::SweepStart || step->kind == TimelineStep::Kind::Visit
            || step->kind == TimelineStep::Kind::Stop)
        && step->row != model::QueryTrace::kNoRow;
}

bool CollectionTraceState::stopped() const
{
    return traced() && (finalState || (step && step->kind == TimelineStep::Kind::Stop));
}

QString CollectionLabels::elideKey(const QString &key, const QFontMetricsF &metrics, double width)
{
    return KeyElision::elide(key, QString(), QString(), width, metrics);
}

const CollectionLabel *CollectionLabels::labelAt(const QPointF &point) const
{
    for (auto it = m_labels.rbegin(); it != m_labels.rend(); ++it) {
        if (it->visible.contains(point))
            return &*it;
    }
    return nullptr;
}

QString CollectionLabels::wholeParts(const QStringList &parts, const QString &joiner,
                                     const QFontMetricsF &metrics, double width)
{
    QString shown;
    for (const QString &part : parts) {
        const QString next = shown.isEmpty() ? part : shown + joiner + part;
        if (metrics.horizontalAdvance(next) > width)
            break;
        shown = next;
    }
    return shown;
}

namespace {

const QString kAttributeSeparator = QStringLiteral("  \u00b7  ");

// An attribute summary cut only between attributes (issue 26): the first ones that fit, then " …"
// where more are left out; nothing when not even the first fits.
QString wholeAttributes(const QStringList &attributes, const QFontMetricsF &metrics, double width)
{
    for (qsizetype k = attributes.size(); k > 0; --k) {
        QString shown = attributes.mid(0, k).join(kAttributeSeparator);
        if (k < attributes.size())
            shown += QStringLiteral(" \u2026");
        if (metrics.horizontalAdvance(shown) <= width)
            return shown;
    }
    return {};
}

} // namespace

// One thing the trace marks on a row: its text (and a shorter wording), its colour.
struct MarkText
{
    qsizetype row;
    int priority; // the first decides the pill's colour
    QString full;
    QString brief;
    CollectionLabel::Tone tone;
    bool filled;
};

// The pass itself: one object per computation, adding labels area by area.
class CollectionLabelPass
{
public:
    CollectionLabelPass(const CollectionLayout &layout, const CollectionRenderState &state,
                        const CollectionStyle &style, CollectionLabels &out)
        : layout(layout)
        , state(state)
        , style(style)
        , rows(state.rows)
        , trace(state)
        , out(out)
        , mono(style.monoFont)
        , text(style.textFont)
        , small(style.smallFont)
        , smallBold(boldOf(style.smallFont))
        , monoBold(boldOf(style.monoFont))
        , keyScale(keyFontScale(layout, state.rows, style))
        , keyMono(CollectionStyle::scaledFont(style.monoFont, keyScale))
        , keyMonoBold(boldOf(CollectionStyle::scaledFont(style.monoFont, keyScale)))
    { }

    void run()
    {
        header();
        if (!rows || rows->rowCount() == 0)
            return;
        tree();
        std::vector<Label> lane = marks();
        if (layout.level() == CollectionLayout::Level::Rows) {
            for (const auto &g : layout.rows()) {
                // An animated export paints rows one at a time (paintedRows): only theirs.
                if (state.paintedRowsFrom < 0
                    || (g.row >= state.paintedRowsFrom && g.row < state.paintedRowsTo))
                    rowTexts(g);
            }
        } else {
            ranges();
        }
        elisions();
        for (Label &label : lane)
            add(std::move(label), layout.rowsRect());
        drawnMarks();
    }

private:
    static QFont boldOf(QFont f)
    {
        f.setBold(true);
        return f;
    }

    // A one-line text box centred on cy.
    static QRectF line(double x, double cy, double width, const QFontMetricsF &metrics)
    {
        return QRectF(x, cy - metrics.height() / 2, width, metrics.height());
    }

    void add(Label label, const QRectF &area)
    {
        label.visible = label.rect.intersected(area);
        if (label.visible.isEmpty() || label.text.isEmpty())
            return;
        if (label.fullText.isEmpty())
            label.fullText = label.text;
        out.m_labels.push_back(std::move(label));
    }

    // The key of a row, empty past either end: a shortened key is told from its neighbours.
    QString keyAt(qsizetype row) const
    {
        return row >= 0 && row < rows->rowCount() ? rows->sortKeyText(row) : QString();
    }

    static double keyFontScale(const CollectionLayout &layout, const CollectionRows *rows,
                               const CollectionStyle &style);
    void header();
    void treeTitle();
    Label partitionLabel(double x, double width) const;
    Label factsLabel(double x, double right) const;
    std::vector<quint8> presentEntities() const;
    static std::vector<std::vector<quint8>> legendLines(const std::vector<quint8> &present,
                                                        bool stacked);
    double legendWidth(const std::vector<quint8> &present, bool stacked) const;
    std::vector<Label> legendLabels(const std::vector<quint8> &present, double right,
                                    bool stacked) const;
    void tree();
    Label sortKeyLabel(const CollectionLayout::RowGeometry &g) const;
    Label tableKeyLabel(const CollectionLayout::RowGeometry &g) const;
    void rowTexts(const CollectionLayout::RowGeometry &g);
    void ranges();
    void elisions();
    std::vector<MarkText> markTexts() const;
    std::vector<Label> marks() const;
    void drawnMarks();

    const CollectionLayout &layout;
    const CollectionRenderState &state;
    const CollectionStyle &style;
    const CollectionRows *rows;
    const CollectionTraceState trace;
    CollectionLabels &out;
    const QFontMetricsF mono;
    const QFontMetricsF text;
    const QFontMetricsF small;
    const QFontMetricsF smallBold;
    const QFontMetricsF monoBold;
    // The sort keys' font: the mono font, smaller when the longest key needs it.
    const double keyScale;
    const QFontMetricsF keyMono;
    const QFontMetricsF keyMonoBold;
};

void CollectionLabelPass::header()
{
    if (!rows || !rows->store())
        return;
    const QRectF h = layout.headerRect();
    treeTitle();
    const double left = layout.rowsRect().left() + 8;
    const double right = h.right() - 10;
    // Legend names are never shortened: the facts give way first, then the partition key
    // (down to its prefix), then the legend takes two lines of the small font.
    const std::vector<quint8> present = presentEntities();
    const double oneLine = legendWidth(present, false);
    const double half = std::max(40.0, (right - left) * 0.5);
    const auto fits = [&](const Label &partition, double legend) {
        return partition.rect.right() + 12 + legend <= right;
    };
    bool stacked = false;
    Label partition = partitionLabel(left, half);
    if (!fits(partition, oneLine)) {
        partition = partitionLabel(left, std::max(40.0, right - left - 12 - oneLine));
        stacked = !fits(partition, oneLine);
        if (stacked)
            partition = partitionLabel(
                left, std::clamp(right - left - 12 - legendWidth(present, true), 40.0, half));
    }
    add(partition, h);
    std::vector<Label> legend = legendLabels(present, right, stacked);
    double legendLeft = right + 14;
    for (const Label &label : legend)
        legendLeft = std::min(legendLeft, label.rect.left());
    add(factsLabel(partition.rect.right() + 12, legendLeft - 14), h);
    for (Label &label : legend)
        add(std::move(label), h);
}

void CollectionLabelPass::treeTitle()
{
    if (layout.treeRect().isEmpty())
        return;
    const QString title = QStringLiteral("B-tree, fan-out %1").arg(layout.params().fanout);
    const double room = layout.treeRect().width() + layout.params().lensGap - 8;
    Label label;
    label.kind = Kind::TreeTitle;
    label.fullText = title;
    label.text = small.elidedText(title, Qt::ElideRight, room);
    label.tone = Tone::Dim;
    label.rect
        = line(8, layout.headerRect().center().y(), small.horizontalAdvance(label.text), small);
    add(label, layout.headerRect());
}

// The partition key, named once for every row (bold).
CollectionLabel CollectionLabelPass::partitionLabel(double x, double width) const
{
    Label partition;
    partition.kind = Kind::Partition;
    partition.bold = true;
    partition.fullText = rows->partitionLabel();
    partition.text = CollectionLabels::elideKey(partition.fullText, monoBold, width);
    partition.rect = line(x, layout.headerRect().center().y(),
                          monoBold.horizontalAdvance(partition.text), monoBold);
    return partition;
}

// What the header says about the collection, as many whole facts as fit [x, right].
CollectionLabel CollectionLabelPass::factsLabel(double x, double right) const
{
    QStringList facts;
    facts << QStringLiteral("%1 %2").arg(QLocale().toString(qlonglong(rows->rowCount())),
                                         rows->rowCount() == 1 ? QStringLiteral("item")
                                                               : QStringLiteral("items"));
    if (!rows->indexName().isEmpty())
        facts << QStringLiteral("index %1").arg(rows->indexName());
    if (state.bands && state.bands->position >= 0 && state.bands->total > 1)
        facts << QStringLiteral("partition %1 of %2 in hash order (not key order)")
                     .arg(state.bands->position + 1)
                     .arg(state.bands->total);
    else if (rows->partitionCount() > 1)
        facts << QStringLiteral("one of %1 partitions (placed by hash, not in key order)")
                     .arg(rows->partitionCount());
    const qsizetype concernedHere
        = state.concernedRows ? qsizetype(state.concernedRows->size()) : 0;
    if (state.concernedTotal > 0)
        facts << QStringLiteral("\u26a0 %1 of %2 concerned items here")
                     .arg(QLocale().toString(qlonglong(concernedHere)),
                          QLocale().toString(qlonglong(state.concernedTotal)));
    Label label;
    label.kind = Kind::Facts;
    label.tone = Tone::Dim;
    label.fullText = facts.join(QStringLiteral("  \u00b7  "));
    label.text = CollectionLabels::wholeParts(facts, QStringLiteral("  \u00b7  "), text, right - x);
    label.rect
        = line(x, layout.headerRect().center().y(), text.horizontalAdvance(label.text), text);
    return label;
}

// The entity types of this collection's rows, in the project's order.
std::vector<quint8> CollectionLabelPass::presentEntities() const
{
    std::vector<char> seen(rows->entities().size(), 0);
    for (quint8 e : rows->rowEntities()) {
        if (e < seen.size())
            seen[e] = 1;
    }
    std::vector<quint8> present;
    for (size_t e = 0; e < seen.size(); ++e) {
        if (seen[e])
            present.push_back(quint8(e));
    }
    return present;
}

namespace {

constexpr double kLegendSwatch = 14; // an entry's swatch and its gap before the name
constexpr double kLegendGap = 14;    // between entries

} // namespace

// The legend's entries: on one line, or on two (the first half above) in the small font.
std::vector<std::vector<quint8>>
CollectionLabelPass::legendLines(const std::vector<quint8> &present, bool stacked)
{
    if (!stacked)
        return {present};
    const auto half = present.begin() + qsizetype(present.size() + 1) / 2;
    return {std::vector<quint8>(present.begin(), half), std::vector<quint8>(half, present.end())};
}

double CollectionLabelPass::legendWidth(const std::vector<quint8> &present, bool stacked) const
{
    const QFontMetricsF &metrics = stacked ? small : text;
    double widest = 0;
    for (const auto &entries : legendLines(present, stacked)) {
        double w = 0;
        for (quint8 e : entries)
            w += kLegendSwatch + metrics.horizontalAdvance(rows->entities()[e].name) + kLegendGap;
        widest = std::max(widest, w);
    }
    return widest;
}

std::vector<CollectionLabel> CollectionLabelPass::legendLabels(const std::vector<quint8> &present,
                                                               double right, bool stacked) const
{
    const QFontMetricsF &metrics = stacked ? small : text;
    const auto lines = legendLines(present, stacked);
    const double cy = layout.headerRect().center().y();
    std::vector<Label> legend;
    for (size_t l = 0; l < lines.size(); ++l) {
        const double y = stacked ? cy + (double(l) - 0.5) * metrics.height() : cy;
        double x = right;
        for (auto it = lines[l].rbegin(); it != lines[l].rend(); ++it) {
            const auto &entity = rows->entities()[*it];
            const double w = metrics.horizontalAdvance(entity.name);
            Label label;
            label.kind = Kind::Entity;
            label.fullText = entity.name;
            label.text = entity.name.isEmpty() ? QStringLiteral(" ") : entity.name;
            label.color = entity.color;
            label.tone = Tone::Dim;
            label.fontScale
                = stacked ? style.smallFont.pointSizeF() / style.textFont.pointSizeF() : 1.0;
            label.rect = QRectF(x - w - kLegendSwatch, y - metrics.height() / 2, w + kLegendSwatch,
                                metrics.height());
            legend.insert(legend.begin(), label);
            x -= w + kLegendSwatch + kLegendGap;
        }
    }
    return legend;
}

namespace {

QString abbreviated(qint64 n)
{
    if (n < 1000)
        return QString::number(n);
    if (n < 10'000)
        return QString::number(double(n) / 1000.0, 'f', 1) + QLatin1Char('k');
    if (n < 1'000'000)
        return QString::number(n / 1000) + QLatin1Char('k');
    return QString::number(double(n) / 1e6, 'f', 1) + QLatin1Char('M');
}

// Whether a row is among the rows laid out (they are in ascending order).
bool laidOut(const CollectionLayout &layout, qsizetype row)
{
    const auto &rows = layout.rows();
    const auto it = std::lower_bound(rows.begin(), rows.end(), row,
                                     [](const auto &g, qsizetype r) { return g.row < r; });
    return it != rows.end() && it->row == row;
}

} // namespace

void CollectionLabelPass::tree()
{
    const QRectF tree = layout.treeRect();
    if (tree.isEmpty())
        return;
    const QLocale english(QLocale::English);
    for (const auto &level : layout.treeLevels()) {
        // Each level says how many nodes it has, at the top of its column.
        Label caption;
        caption.kind = Kind::TreeCaption;
        caption.tone = Tone::Dim;
        caption.fullText = QStringLiteral("B-tree level %1: %2 of up to %3 rows")
                               .arg(level.level + 1)
                               .arg(model::counted(level.nodeCount, QStringLiteral("node"),
                                                   QStringLiteral("nodes")),
                                    english.toString(level.span));
        caption.text = abbreviated(level.nodeCount);
        const QString words = caption.text
            + (level.nodeCount == 1 ? QStringLiteral(" node") : QStringLiteral(" nodes"));
        if (small.horizontalAdvance(words) + 4 <= level.band.width())
            caption.text = words;
        // A caption may use its column's gap (6 px), not its neighbour's.
        const double w = small.horizontalAdvance(caption.text) + 2;
        if (w > level.band.width() + 4)
            continue;
        caption.rect
            = QRectF(level.band.center().x() - w / 2, level.band.top() + 1, w, small.height());
        add(caption, tree);

        // A level with too many nodes to draw is one block: it says what it holds, along it.
        if (!level.dense || level.band.width() < small.height())
            continue;
        Label range;
        range.kind = Kind::TreeCaption;
        range.vertical = true;
        range.tone = Tone::Dim;
        range.fullText = caption.fullText;
        const double room = level.band.height() - small.height() - 8;
        range.text = small.elidedText(
            QStringLiteral("%1 nodes \u00b7 %2 rows each")
                .arg(english.toString(level.nodeCount), english.toString(level.span)),
            Qt::ElideRight, room);
        if (range.text.size() < 4)
            continue;
        const double length = small.horizontalAdvance(range.text);
        range.rect = QRectF(level.band.center().x() - small.height() / 2, caption.rect.bottom() + 6,
                            small.height(), length);
        add(range, tree);
    }
}

namespace {

// The sizes a key may take, as factors of the style's key font, largest first: the font itself,
// then down to the smallest legible size, 8 pt (or three quarters of a larger font: presenter
// mode stays readable from the back of the room).
std::vector<double> keyFontFactors(const QFont &font)
{
    std::vector<double> factors {1.0};
    if (font.pointSizeF() > 0) {
        const double size = font.pointSizeF();
        const double smallest = std::max(8.0, 0.75 * size);
        for (double s = size - 0.5; s > smallest; s -= 0.5)
            factors.push_back(s / size);
        if (smallest < size)
            factors.push_back(smallest / size);
    } else {
        const int size = font.pixelSize();
        const int smallest = std::max(11, int(std::ceil(0.75 * size))); // 8 pt at 96 dpi
        for (int s = size - 1; s >= smallest; --s)
            factors.push_back(double(s) / double(size));
    }
    return factors;
}

} // namespace

// A key is shortened only when it cannot fit at the smallest legible size: the column takes the
// largest size at which its longest key fits whole (one size for every row).
double CollectionLabelPass::keyFontScale(const CollectionLayout &layout, const CollectionRows *rows,
                                         const CollectionStyle &style)
{
    if (!rows || rows->rowCount() == 0 || layout.level() != CollectionLayout::Level::Rows)
        return 1.0;
    const double column = layout.rowGeometry(layout.firstVisibleRow()).sortKey.width();
    qsizetype longest = rows->longestSortKey();
    for (const auto &g : layout.rows())
        longest = std::max(longest, rows->sortKeyText(g.row).size());
    const QString widest(longest, QLatin1Char('M'));
    const std::vector<double> factors = keyFontFactors(style.monoFont);
    for (double factor : factors) {
        const QFont font = boldOf(CollectionStyle::scaledFont(style.monoFont, factor));
        if (QFontMetricsF(font).horizontalAdvance(widest) <= column)
            return factor;
    }
    return factors.back();
}

CollectionLabel CollectionLabelPass::sortKeyLabel(const CollectionLayout::RowGeometry &g) const
{
    const qsizetype row = g.row;
    const CollectionTraceState::Row t = trace.row(row);
    Label sortKey;
    sortKey.kind = Kind::SortKey;
    sortKey.row = row;
    sortKey.bold = rows->groupOfParentRow(row) >= 0;
    sortKey.tone = t.visited && t.fate == ItemFate::Filtered ? Tone::Dim : Tone::Text;
    sortKey.fullText = rows->sortKeyText(row);
    const QFontMetricsF &keyMetrics = sortKey.bold ? keyMonoBold : keyMono;
    sortKey.fontScale = keyScale;
    sortKey.text = KeyElision::elide(sortKey.fullText, keyAt(row - 1), keyAt(row + 1),
                                     g.sortKey.width(), keyMetrics);
    sortKey.rect = line(g.sortKey.left(), g.rect.center().y(),
                        keyMetrics.horizontalAdvance(sortKey.text), keyMetrics)
                       .intersected(g.rect);
    return sortKey;
}

CollectionLabel CollectionLabelPass::tableKeyLabel(const CollectionLayout::RowGeometry &g) const
{
    Label tableKey;
    if (g.partitionKey.width() <= 0 || !rows->hasTableKeyColumn())
        return tableKey;
    tableKey.kind = Kind::TableKey;
    tableKey.row = g.row;
    tableKey.tone = Tone::Dim;
    tableKey.fullText = rows->tableKeyText(g.row);
    tableKey.text = CollectionLabels::elideKey(tableKey.fullText, mono, g.partitionKey.width());
    // The table's key yields to the sort key: too narrow for its prefix, it is left out.
    if (mono.horizontalAdvance(tableKey.text) > g.partitionKey.width())
        return Label();
    tableKey.rect = line(g.partitionKey.left(), g.rect.center().y(),
                         mono.horizontalAdvance(tableKey.text), mono)
                        .intersected(g.rect);
    return tableKey;
}

void CollectionLabelPass::rowTexts(const CollectionLayout::RowGeometry &g)
{
    const qsizetype row = g.row;
    const QRectF area = layout.rowsRect();
    const double cy = g.rect.center().y();
    const CollectionTraceState::Row t = trace.row(row);
    const bool isParent = rows->groupOfParentRow(row) >= 0;
    add(sortKeyLabel(g), area);
    add(tableKeyLabel(g), area);

    const double attributesRight = g.attributes.right();
    double attributesLeft = g.attributes.left();
    if (isParent) {
        const QString name = rows->entityName(row);
        const auto &group = rows->parentGroups()[size_t(rows->groupOfParentRow(row))];
        Label pill;
        pill.kind = Kind::ParentPill;
        pill.row = row;
        pill.color = rows->entityColor(row);
        pill.fullText = QStringLiteral("%1 \u00b7 parent of %2")
                            .arg(name.isEmpty() ? QStringLiteral("item") : name)
                            .arg(group.childCount);
        // Whole words or nothing: the full text, then "parent of 39" (the chip's colour names
        // the type).
        const QString shorter = QStringLiteral("parent of %1").arg(group.childCount);
        const double room = attributesRight - attributesLeft - 12;
        pill.text = small.horizontalAdvance(pill.fullText) <= room ? pill.fullText
            : small.horizontalAdvance(shorter) <= room             ? shorter
                                                                   : QString();
        const double w = small.horizontalAdvance(pill.text) + 12;
        const double h = std::min(g.rect.height() - 4, small.height() + 4);
        if (!pill.text.isEmpty()) {
            pill.rect = QRectF(attributesLeft, cy - h / 2, w, h);
            add(pill, area);
            attributesLeft += w + 8;
        }
    }
    const double attributesWidth = attributesRight - attributesLeft;
    if (attributesWidth > 20) {
        Label attributes;
        attributes.kind = Kind::Attributes;
        attributes.row = row;
        attributes.tone = Tone::Dim;
        const QStringList all = rows->attributeTexts(row, state.shownAttributes);
        attributes.fullText = all.join(kAttributeSeparator);
        attributes.text = wholeAttributes(all, text, attributesWidth);
        attributes.rect = line(attributesLeft, cy, text.horizontalAdvance(attributes.text), text)
                              .intersected(g.rect);
        add(attributes, area);
    }

    if (!g.position.isEmpty()) {
        Label position;
        position.kind = Kind::Position;
        position.row = row;
        position.tone = Tone::Dim;
        position.text = QStringLiteral("#") + QLocale(QLocale::English).toString(qint64(row) + 1);
        const double w = small.horizontalAdvance(position.text);
        position.rect = line(g.position.right() - w, cy, w, small).intersected(g.rect);
        add(position, area);
    }

    // The result number last: the order the renderer has always painted a row in.
    if (t.visited && t.fate == ItemFate::Returned) {
        const double d = std::min(g.gutter.height() - 4, 20.0);
        QRectF badge(g.gutter.right() - d - 6, cy - d / 2, d, d);
        Label label;
        label.kind = Kind::ResultNumber;
        label.row = row;
        label.bold = true;
        label.filled = true;
        label.tone = Tone::Returned;
        label.text = QString::number(t.resultNumber);
        const double w = smallBold.horizontalAdvance(label.text) + 8;
        if (w > d)
            badge.setLeft(badge.right() - w);
        label.rect = badge;
        add(label, area);
    }
}

void CollectionLabelPass::ranges()
{
    // Compact bars and the density strip carry no row text: every few lines a label names the
    // key range below it and how many items it holds.
    const QRectF area = layout.rowsRect();
    const qsizetype n = rows->rowCount();
    const double pitch = layout.pitch();
    if (n <= 0 || pitch <= 0)
        return;
    const double height = small.height() + 4;
    const double segment = std::max(4 * height, 56.0);
    const CollectionLayout::RowGeometry first = layout.rowGeometry(0);
    const double left = first.sortKey.left();
    const double right = first.lane.isEmpty() ? first.attributes.right() : first.lane.left() - 8;
    const QLocale english(QLocale::English);
    const double scroll = layout.params().scrollY;
    for (double y = area.top(); y + height <= area.bottom(); y += segment) {
        const qsizetype from
            = std::clamp<qsizetype>(qsizetype(std::floor((y - area.top() + scroll) / pitch)), 0, n);
        const qsizetype to = std::clamp<qsizetype>(
            qsizetype(
                std::ceil((std::min(y + segment, area.bottom()) - area.top() + scroll) / pitch)),
            from, n);
        if (to <= from)
            break;
        Label label;
        label.kind = Kind::Range;
        const QString a = rows->sortKeyText(from);
        const QString b = rows->sortKeyText(to - 1);
        const QString count
            = model::counted(qint64(to - from), QStringLiteral("item"), QStringLiteral("items"));
        label.fullText = QStringLiteral("rows #%1\u2013#%2: %3 \u2013 %4 (%5)")
                             .arg(english.toString(qint64(from) + 1), english.toString(qint64(to)),
                                  a, b, count);
        const double room = right - left - 12;
        if (room < 60)
            break;
        const double countWidth = small.horizontalAdvance(QStringLiteral(" \u00b7 ") + count);
        const double keyRoom = std::max(
            20.0, (room - countWidth - small.horizontalAdvance(QStringLiteral(" \u2013 "))) / 2);
        label.text = to - from == 1
            ? CollectionLabels::elideKey(a, small, keyRoom * 2) + QStringLiteral(" \u00b7 ") + count
            : CollectionLabels::elideKey(a, small, keyRoom) + QStringLiteral(" \u2013 ")
                + CollectionLabels::elideKey(b, small, keyRoom) + QStringLiteral(" \u00b7 ")
                + count;
        label.text = small.elidedText(label.text, Qt::ElideRight, room);
        label.rect = QRectF(left, y + 2, small.horizontalAdvance(label.text) + 12, height);
        add(label, area);
    }
}

void CollectionLabelPass::elisions()
{
    const QLocale english(QLocale::English);
    const qsizetype n = rows->rowCount();
    const QRectF area = layout.rowsRect();
    for (const auto &e : layout.elisions()) {
        const qsizetype count = e.endRow - e.firstRow;
        const QString where = e.firstRow == 0 ? QStringLiteral("above")
            : e.endRow >= n                   ? QStringLiteral("below")
                                              : QStringLiteral("between");
        Label label;
        label.kind = Kind::Elision;
        label.tone = Tone::Dim;
        label.fullText
            = QStringLiteral("\u22ee %1 %2 (#%3\u2013#%4)")
                  .arg(model::counted(qint64(count), QStringLiteral("row"), QStringLiteral("rows")),
                       where, english.toString(qint64(e.firstRow) + 1),
                       english.toString(qint64(e.endRow)));
        const double x = e.rect.left() + layout.params().gutterWidth + 4;
        label.text = text.elidedText(label.fullText, Qt::ElideRight, e.rect.right() - x - 4);
        label.rect = line(x, e.rect.center().y(), text.horizontalAdvance(label.text), text)
                         .intersected(e.rect);
        add(label, area);
    }
}

std::vector<MarkText> CollectionLabelPass::markTexts() const
{
    const model::QueryTrace &t = trace.timeline->trace();
    const bool rowLevel = layout.level() == CollectionLayout::Level::Rows;
    const qsizetype n = rows->rowCount();
    std::vector<MarkText> marks;
    const bool stopped = trace.stopped() && t.lastEvaluatedPosition && layout.stopLineY();
    if (stopped) {
        const QString arrow = t.forward ? QStringLiteral("\u2193") : QStringLiteral("\u2191");
        const QString page = t.stop == model::StopReason::Limit
            ? QStringLiteral("Limit %1 \u00b7 page ends %2").arg(t.scannedCount).arg(arrow)
            : QStringLiteral("1 MB page ends %1").arg(arrow);
        marks.push_back({qsizetype(*t.lastEvaluatedPosition), 0,
                         page + QStringLiteral(" \u00b7 LastEvaluatedKey"), page, Tone::Stop,
                         true});
    }
    const bool seeking = trace.seeking();
    if (seeking && rowLevel && trace.transition >= 1)
        marks.push_back({qsizetype(trace.step->row), 1, trace.step->marker, trace.step->marker,
                         Tone::Probe, true});
    if (trace.sweeping() && rowLevel && trace.transition >= 1 && !trace.step->marker.isEmpty()
        && trace.step->kind != TimelineStep::Kind::Visit) {
        const bool stop = trace.step->kind == TimelineStep::Kind::Stop;
        // The page-end label already says Limit (or 1 MB) and LastEvaluatedKey.
        const bool samePageEnd = stop && stopped
            && (t.stop == model::StopReason::Limit || t.stop == model::StopReason::PageFull);
        if (!samePageEnd)
            marks.push_back({qsizetype(trace.step->row), 2, trace.step->marker, trace.step->marker,
                             stop ? Tone::Stop : Tone::Cursor, !stop});
    }
    if (t.sortCondition && rowLevel) {
        const qsizetype begin = qsizetype(t.rangeBegin);
        const qsizetype end = qsizetype(t.rangeEnd);
        if (begin < n)
            marks.push_back({begin, 3, QStringLiteral("key condition starts \u2193"),
                             QStringLiteral("range starts"), Tone::Bound, false});
        else
            marks.push_back({n - 1, 3, QStringLiteral("key condition starts after the last row"),
                             QStringLiteral("range after the end"), Tone::Bound, false});
        if (end > 0 && end > begin)
            marks.push_back({end - 1, 3, QStringLiteral("key condition ends \u2191"),
                             QStringLiteral("range ends"), Tone::Bound, false});
    }
    // A row window keeps the rows the seek probed, far apart: each says which probe it was.
    if (!layout.params().window.empty() && rowLevel) {
        const int shown = seeking ? trace.probesDone - 1 : trace.probesDone;
        for (int i = 0; i < shown; ++i) {
            const qsizetype row = qsizetype(t.probes[size_t(i)].position);
            marks.push_back({row, 4, QStringLiteral("seek probe %1").arg(i + 1),
                             QStringLiteral("probe %1").arg(i + 1), Tone::Probe, false});
        }
    }
    return marks;
}

std::vector<CollectionLabel> CollectionLabelPass::marks() const
{
    if (!trace.traced())
        return {};
    const std::vector<MarkText> marks = markTexts();
    const bool rowLevel = layout.level() == CollectionLayout::Level::Rows;
    // One label per row: its marks merged, in priority order.
    std::map<qsizetype, std::vector<const MarkText *>> byRow;
    for (const MarkText &m : marks) {
        if (m.row >= 0 && m.row < rows->rowCount())
            byRow[m.row].push_back(&m);
    }
    const double pillHeight = smallBold.height() + 4;
    std::vector<MarkLane::Entry> entries;
    for (auto &[row, list] : byRow) {
        std::stable_sort(list.begin(), list.end(), [](const MarkText *a, const MarkText *b) {
            return a->priority < b->priority;
        });
        const auto g = layout.rowGeometry(row);
        if (g.lane.isEmpty())
            continue;
        if (rowLevel && !laidOut(layout, row))
            continue; // not drawn (scrolled away or inside an elision)
        QStringList full, brief;
        for (const MarkText *m : list) {
            if (!full.contains(m->full))
                full << m->full;
            if (!brief.contains(m->brief))
                brief << m->brief;
        }
        MarkLane::Entry e;
        e.label.kind = Kind::Mark;
        e.label.row = row;
        e.label.bold = true;
        e.label.tone = list.front()->tone;
        e.label.filled = list.front()->filled;
        e.label.fullText = full.join(QStringLiteral(" \u00b7 "));
        e.wordings = QStringList {e.label.fullText, brief.join(QStringLiteral(" \u00b7 "))};
        e.wordings.removeDuplicates();
        e.lane = g.lane;
        e.height = rowLevel ? std::min(pillHeight, g.rect.height() - 2) : pillHeight;
        entries.push_back(e);
    }
    return MarkLane::place(entries, smallBold, layout.rowsRect());
}

void CollectionLabelPass::drawnMarks()
{
    // Entity types and marks the picture draws (its legend's entries).
    auto &entities = out.m_entities;
    if (layout.level() == CollectionLayout::Level::Density) {
        for (const auto &bucket : layout.density()) {
            if (bucket.entity != CollectionRows::kNoEntity)
                entities.insert(bucket.entity);
        }
    } else {
        for (const auto &g : layout.rows()) {
            const quint8 e = rows->rowEntities()[size_t(g.row)];
            if (e != CollectionRows::kNoEntity)
                entities.insert(e);
            if (rows->groupOfParentRow(g.row) >= 0)
                out.m_marks.insert(TraceMark::Parent);
        }
    }
    if (!layout.brackets().empty())
        out.m_marks.insert(TraceMark::Parent);
    if (!trace.traced())
        return;
    const model::QueryTrace &t = trace.timeline->trace();
    for (const auto &node : layout.treeNodes()) {
        if (node.onPath)
            out.m_marks.insert(TraceMark::SeekPath);
    }
    const auto drawn = [&](qsizetype row) {
        if (layout.level() == CollectionLayout::Level::Density)
            return true;
        return laidOut(layout, row);
    };
    for (int v = 0; v < trace.visitsDone && v < int(t.visits.size()); ++v) {
        const model::TraceVisit &visit = t.visits[size_t(v)];
        if (!drawn(qsizetype(visit.position)))
            continue;
        if (visit.fate == ItemFate::Returned) {
            out.m_marks.insert(TraceMark::Read);
            out.m_marks.insert(TraceMark::Returned);
        } else if (visit.fate == ItemFate::Filtered) {
            out.m_marks.insert(TraceMark::Read);
            out.m_marks.insert(TraceMark::Filtered);
        } else {
            out.m_marks.insert(TraceMark::Reached);
        }
    }
    if (t.sortCondition && !layout.boundLines().empty())
        out.m_marks.insert(TraceMark::Bounds);
    if (trace.stopped() && t.lastEvaluatedPosition && layout.stopLineY()) {
        out.m_marks.insert(TraceMark::PageEnd);
        if (layout.level() == CollectionLayout::Level::Rows)
            out.m_marks.insert(TraceMark::LastEvaluatedKey);
    }
    if (trace.seeking())
        out.m_marks.insert(TraceMark::Probe);
    if (trace.sweeping())
        out.m_marks.insert(TraceMark::Cursor);
}

CollectionLabels CollectionLabels::compute(const CollectionLayout &layout,
                                           const CollectionRenderState &state,
                                           const CollectionStyle &style)
{
    CollectionLabels labels;
    CollectionLabelPass(layout, state, style, labels).run();
    return labels;
}

} // namespace keyscope::ui
