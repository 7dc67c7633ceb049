#pragma once

#include "model/query/tracetimeline.h"
#include "ui/collection/collectionlayout.h"
#include "ui/collection/collectionstyle.h"

#include <QColor>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <set>
#include <vector>

class QFontMetricsF;

namespace keyscope::ui {

struct CollectionRenderState;

// What the trace shows at the step being drawn, read once for the label pass and the painter.
struct CollectionTraceState
{
    // What the trace did to one row by the step showing.
    struct Row
    {
        bool visited = false; // the cursor reached it
        bool read = false;    // returned or filtered (the stopping row is reached, not read)
        model::ItemFate fate = model::ItemFate::Returned;
        quint32 resultNumber = 0;
    };

    explicit CollectionTraceState(const CollectionRenderState &state);

    const model::TraceTimeline *timeline = nullptr; // null: no trace (or an empty one)
    int stepIndex = -1;
    const model::TimelineStep *step = nullptr;
    bool finalState = false;
    int visitsDone = 0;
    int probesDone = 0;
    double transition = 1.0;

    Row row(qsizetype row) const;
    bool traced() const { return timeline && timeline->trace().partitionFound; }
    bool seeking() const;  // a probe is showing
    bool sweeping() const; // the cursor is on a row
    bool stopped() const;  // the page has ended (Stop step or final state)
};

// One piece of text the collection diagram draws, with its box.
struct CollectionLabel
{
    enum class Kind {
        TreeTitle,    // "B-tree, fan-out 8" over the tree
        Partition,    // the partition key, once, in the header
        Facts,        // item count, index, hash order
        Entity,       // a legend entry in the header (swatch and name)
        TreeCaption,  // a B-tree level's node count (or a dense level's range, vertical)
        SortKey,      // row text...
        TableKey,     // ...the table's key beside an index's sort key
        Attributes,   //
        ParentPill,   // "Device · parent of 10"
        ResultNumber, // the badge in the gutter
        Position,     // "#41,200" in a row window
        Elision,      // "⋮ 1,200 rows between (#…–#…)"
        Range,        // a key range of the density strip or the compact bars
        Mark,         // the trace's label of a row: probe, start, bounds, Limit, page end...
    };
    // The colour a label is drawn in (the renderer maps it to the style).
    enum class Tone { Text, Dim, Bound, Probe, Cursor, Stop, Returned };

    Kind kind = Kind::SortKey;
    QRectF rect;        // where it is drawn (a pill's or a badge's box; a text's line box)
    QRectF visible;     // the part inside its area (rows under the header are cut): what overlaps
    QString text;       // what is drawn (possibly shortened)
    QString fullText;   // the whole text (tooltips, SVG <title>); equal to text when not shortened
    qsizetype row = -1; // the row it belongs to, or -1
    Tone tone = Tone::Text;
    bool filled = false; // pills: a filled pill (white text) rather than an outline
    bool bold = false;
    bool vertical = false; // drawn rotated (reads bottom to top) inside rect
    // Below 1: drawn smaller than its kind's style font (CollectionStyle::scaledFont), so that
    // it fits whole (a key before it is shortened, a legend on two lines).
    double fontScale = 1.0;
    QColor color; // entity swatch colour (Entity)

    bool shortened() const { return text != fullText; }
};

// The marks a picture draws (its legend lists these, and only these): the entity types' colour
// chips (the legend names each type drawn), then what the trace marks.
enum class TraceMark {
    Entity,
    Read,
    Returned,
    Filtered,
    Reached,
    Bounds,
    PageEnd,
    LastEvaluatedKey,
    Parent,
    SeekPath,
    Probe,
    Cursor
};

// The label pass: every text the collection diagram draws, placed knowing every other box, so
// that no label lies on another label or on another row's text. Pure geometry from the layout,
// the state and the style's fonts: tested without a window; the renderer only paints it.
//
// Rules: each row's text stays in its columns (keys shortened by KeyElision, attributes at the
// end); the trace's marks go to the marker lane right of the attributes, one label per row
// (two marks on one row merge into one text, never shortened: MarkLane moves or wraps it);
// header texts make room for the entity legend, whose names are never shortened (the facts
// give way first, then the partition key, then the legend takes two lines of a smaller font).
class CollectionLabels
{
public:
    static CollectionLabels compute(const CollectionLayout &layout,
                                    const CollectionRenderState &state,
                                    const CollectionStyle &style);

    const std::vector<CollectionLabel> &labels() const & { return m_labels; }
    // Of a temporary (compute(...).labels() in a range-for): the labels themselves.
    std::vector<CollectionLabel> labels() && { return std::move(m_labels); }
    // The label under a point (the last drawn wins), or null.
    const CollectionLabel *labelAt(const QPointF &point) const;
    const std::set<TraceMark> &marks() const { return m_marks; }
    // Entity indexes of the rows drawn (CollectionRows::entities()).
    const std::set<quint8> &entities() const { return m_entities; }

    // A key shortened to `width` with no neighbours to tell it from (KeyElision): whole '#'
    // segments where it can, the prefix and the distinctive end
    // ("ORG#ACME#USER#…#2024-05-01T10:22").
    static QString elideKey(const QString &key, const QFontMetricsF &metrics, double width);
    // As many whole parts as fit `width`, joined: a list of facts is never cut inside one.
    static QString wholeParts(const QStringList &parts, const QString &joiner,
                              const QFontMetricsF &metrics, double width);

private:
    friend class CollectionLabelPass;
    std::vector<CollectionLabel> m_labels;
    std::set<TraceMark> m_marks;
    std::set<quint8> m_entities;
};

} // namespace keyscope::ui
