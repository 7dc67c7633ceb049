#include "ui/export/animatedsvg.h"

#include "model/query/tracetimeline.h"
#include "ui/export/diagramexporter.h"
#include "ui/export/svgframeparser.h"

#include <QHash>
#include <QPainter>

#include <QPointF>

#include <algorithm>
#include <cctype>
#include <optional>
#include <string_view>

namespace keyscope::ui {

namespace {

using namespace svgframes;

// The diagram through QSvgGenerator, as ExportDiagram::toSvg paints it but without metadata.
QByteArray paintSvg(const ExportDiagram &diagram)
{
    return paintDiagramSvg(diagram.logicalSize(), [&diagram](QPainter &p) { diagram.paint(p); });
}

// Frames [first, last) during which an element is drawn, in order.
using Presence = std::vector<std::pair<int, int>>;

struct Entry
{
    int unit = 0;
    Presence frames;
};

// Adds a frame's units to the merged list. Units are matched in order to the earliest unused
// occurrence at or after the previous match; the rest are inserted where the frame has them.
// The merged list thus keeps the paint order of every frame merged so far.
void merge(std::vector<Entry> &merged, const std::vector<int> &frame, int frameIndex, int unitCount)
{
    // For each unit, its occurrences in the merged list as a chain.
    std::vector<int> head(size_t(unitCount), -1);
    std::vector<int> next(merged.size(), -1);
    for (int p = int(merged.size()) - 1; p >= 0; --p) {
        next[size_t(p)] = head[size_t(merged[size_t(p)].unit)];
        head[size_t(merged[size_t(p)].unit)] = p;
    }
    const auto mark = [frameIndex](Entry &e) {
        if (!e.frames.empty() && e.frames.back().second == frameIndex)
            e.frames.back().second = frameIndex + 1;
        else
            e.frames.emplace_back(frameIndex, frameIndex + 1);
    };
    std::vector<Entry> out;
    out.reserve(merged.size() + frame.size() / 8 + 8);
    int cursor = 0;
    for (const int unit : frame) {
        int p = head[size_t(unit)];
        while (p >= 0 && p < cursor)
            p = next[size_t(p)];
        head[size_t(unit)] = p;
        if (p < 0) {
            Entry e;
            e.unit = unit;
            mark(e);
            out.push_back(std::move(e));
            continue;
        }
        for (; cursor < p; ++cursor)
            out.push_back(std::move(merged[size_t(cursor)]));
        mark(merged[size_t(p)]);
        out.push_back(std::move(merged[size_t(p)]));
        cursor = p + 1;
    }
    for (; cursor < int(merged.size()); ++cursor)
        out.push_back(std::move(merged[size_t(cursor)]));
    merged = std::move(out);
}

// A shape up to its vertical place: its markup with every y made relative to the first, and
// that first y. For rects, circles, polylines and paths; nullopt for anything else, and for
// pills (rects rounded to half their height), whose caption is text and cannot move with them.
std::optional<std::pair<QByteArray, double>> verticalShape(const QByteArray &element)
{
    const std::string_view e(element.constData(), size_t(element.size()));
    std::string_view attribute;
    bool list = false;
    if (e.substr(0, 6) == "<rect ") {
        attribute = " y=\"";
        const Attrs attrs = parseAttributes(e.substr(5, e.size() - 7));
        const double rx = bytes(keyscope::ui::attribute(attrs, "rx")).toDouble();
        const double height = bytes(keyscope::ui::attribute(attrs, "height")).toDouble();
        if (rx > 0 && 2 * rx >= height - 0.01)
            return std::nullopt;
    } else if (e.substr(0, 8) == "<circle ") {
        attribute = " cy=\"";
    } else if (e.substr(0, 10) == "<polyline ") {
        attribute = " points=\"";
        list = true;
    } else if (e.substr(0, 6) == "<path ") {
        attribute = " d=\"";
        list = true;
    } else {
        return std::nullopt;
    }
    const size_t start = e.find(attribute);
    if (start == std::string_view::npos)
        return std::nullopt;
    const size_t valueStart = start + attribute.size();
    const size_t valueEnd = e.find('"', valueStart);
    const std::string_view value = e.substr(valueStart, valueEnd - valueStart);
    const auto number = [](double v) { return QByteArray::number(v, 'g', 6); };

    QByteArray relative;
    double first = 0;
    bool ok = false;
    if (!list) {
        first = bytes(value).toDouble(&ok);
        if (!ok)
            return std::nullopt;
        relative = "0";
    } else {
        bool haveFirst = false;
        size_t i = 0;
        while (i < value.size()) {
            const size_t comma = value.find(',', i);
            if (comma == std::string_view::npos)
                break;
            size_t end = value.find(' ', comma);
            if (end == std::string_view::npos)
                end = value.size();
            const double y = bytes(value.substr(comma + 1, end - comma - 1)).toDouble(&ok);
            if (!ok)
                return std::nullopt;
            if (!haveFirst) {
                first = y;
                haveFirst = true;
            }
            relative += bytes(value.substr(i, comma + 1 - i)) + number(y - first) + ' ';
            i = end;
            while (i < value.size() && value[i] == ' ')
                ++i;
        }
        if (!haveFirst)
            return std::nullopt;
    }
    return std::pair {bytes(e.substr(0, valueStart)) + relative + bytes(e.substr(valueEnd)), first};
}

// Shapes that move: the same shape drawn in consecutive frames at different heights (the sweep
// cursor, the seek probe's arrow) becomes one element that glides from one place to the next
// during the step's movement (the frame painted at transition 0), as in the app.
struct Motion
{
    std::vector<std::pair<int, double>> moves; // (frame, offset from the first place)
};

void findMotions(std::vector<Entry> &merged, const FrameParser &parser, std::vector<int> &motionOf,
                 std::vector<char> &removed, std::vector<Motion> &motions)
{
    const size_t n = merged.size();
    motionOf.assign(n, -1);
    removed.assign(n, 0);
    std::vector<QByteArray> keys(n);
    std::vector<double> ys(n, 0);
    QHash<QByteArray, std::vector<size_t>> byStart;
    QHash<QByteArray, std::vector<size_t>> byEnd;
    for (size_t i = 0; i < n; ++i) {
        const Entry &e = merged[i];
        const FrameParser::Unit &unit = parser.unit(e.unit);
        if (e.frames.size() != 1 || !parser.style(unit.style).transform.isEmpty())
            continue;
        const auto shape = verticalShape(unit.element);
        if (!shape)
            continue;
        keys[i] = QByteArray::number(unit.style) + ' ' + shape->first;
        ys[i] = shape->second;
        byStart[keys[i] + '@' + QByteArray::number(e.frames[0].first)].push_back(i);
        byEnd[keys[i] + '@' + QByteArray::number(e.frames[0].second)].push_back(i);
    }
    // One successor each way: a shape that starts where exactly one like it ends.
    std::vector<qsizetype> next(n, -1);
    std::vector<char> hasPrevious(n, 0);
    for (size_t i = 0; i < n; ++i) {
        if (keys[i].isEmpty())
            continue;
        const QByteArray at = keys[i] + '@' + QByteArray::number(merged[i].frames[0].second);
        const auto starts = byStart.constFind(at);
        if (starts == byStart.cend() || starts->size() != 1 || byEnd.value(at).size() != 1)
            continue;
        const size_t j = starts->front();
        if (ys[j] == ys[i])
            continue;
        next[i] = qsizetype(j);
        hasPrevious[j] = 1;
    }
    for (size_t head = 0; head < n; ++head) {
        if (hasPrevious[head] || next[head] < 0)
            continue;
        std::vector<size_t> chain {head};
        for (qsizetype k = next[head]; k >= 0; k = next[size_t(k)])
            chain.push_back(size_t(k));
        Motion motion;
        for (size_t c = 1; c < chain.size(); ++c) {
            motion.moves.emplace_back(merged[chain[c]].frames[0].first, ys[chain[c]] - ys[head]);
            removed[chain[c]] = 1;
        }
        merged[head].frames
            = {{merged[head].frames[0].first, merged[chain.back()].frames[0].second}};
        motionOf[head] = int(motions.size());
        motions.push_back(std::move(motion));
    }
}

QByteArray percent(qint64 ms, qint64 total)
{
    QByteArray text = QByteArray::number(100.0 * double(ms) / double(total), 'f', 3);
    while (text.endsWith('0'))
        text.chop(1);
    if (text.endsWith('.'))
        text.chop(1);
    return text + '%';
}

QByteArray seconds(qint64 ms)
{
    QByteArray text = QByteArray::number(double(ms) / 1000.0, 'f', 3);
    while (text.endsWith('0'))
        text.chop(1);
    if (text.endsWith('.'))
        text.chop(1);
    return text + 's';
}

QByteArray escaped(const QString &text)
{
    return text.toHtmlEscaped().toUtf8();
}

// The rows drawn: every row, or those of the diagram's row window.
std::vector<qsizetype> drawnRows(const ExportDiagram &diagram, qsizetype rowCount)
{
    std::vector<qsizetype> drawn;
    if (diagram.rowWindow().empty()) {
        drawn.resize(size_t(rowCount));
        for (qsizetype row = 0; row < rowCount; ++row)
            drawn[size_t(row)] = row;
    } else {
        for (const auto &[first, end] : diagram.rowWindow()) {
            for (qsizetype row = first; row < std::min(end, rowCount); ++row)
                drawn.push_back(row);
        }
    }
    return drawn;
}

// Composes each frame from its painting without rows and the block of units each row adds to
// it, painted once per row and state (see composeFrames).
class RowBlockComposer
{
public:
    RowBlockComposer(ExportDiagram &diagram, const std::vector<AnimationFrame> &frames,
                     FrameParser &parser, QString *error)
        : m_diagram(diagram)
        , m_frames(frames)
        , m_parser(parser)
        , m_error(error)
        , m_timeline(*diagram.timeline())
        , m_drawn(drawnRows(diagram, qsizetype(m_timeline.trace().partitionSize)))
    {
        const size_t rowCount = size_t(m_timeline.trace().partitionSize);
        for (int state = 0; state < 2; ++state) {
            m_blocks[state].resize(rowCount);
            m_known[state].assign(rowCount, 0);
        }
    }

    // Frame f's units; false when a row's drawing is not one insertion into the frame without
    // rows, is not the same in every frame, or does not parse.
    bool compose(int f, std::vector<int> &frame)
    {
        if (!render(f, 0, 0, m_bare))
            return false;
        const int done = visitsDone(m_frames[size_t(f)].step);
        m_split = -1;
        for (const qsizetype row : m_drawn) {
            const int state = reached(row, done);
            if (!m_known[state][size_t(row)] && !paintRow(f, row, state))
                return false;
        }
        if (m_split < 0 && !m_drawn.empty()
            && !paintRow(f, m_drawn.front(), reached(m_drawn.front(), done)))
            return false;

        const auto split = m_bare.begin() + std::max<qsizetype>(0, m_split);
        frame.assign(m_bare.begin(), split);
        for (const qsizetype row : m_drawn) {
            const auto &block = m_blocks[reached(row, done)][size_t(row)];
            frame.insert(frame.end(), block.begin(), block.end());
        }
        frame.insert(frame.end(), split, m_bare.end());
        return true;
    }

    // Frame f painted with rows [from, to) only (-1, -1: all of them), as units.
    bool render(int f, qsizetype from, qsizetype to, std::vector<int> &out)
    {
        m_diagram.setStep(m_frames[size_t(f)].step);
        m_diagram.setTransition(m_frames[size_t(f)].transition);
        m_diagram.setPaintedRows(from, to);
        out.clear();
        const bool ok = m_parser.parse(paintSvg(m_diagram), out, m_error);
        m_diagram.setPaintedRows(-1, -1);
        return ok;
    }

private:
    int visitsDone(int step) const
    {
        return step < 0 ? int(m_timeline.trace().visits.size()) : m_timeline.step(step).visitsDone;
    }
    int reached(qsizetype row, int done) const
    {
        const int v = m_timeline.visitIndexOfRow(quint32(row));
        return v >= 0 && v < done ? 1 : 0;
    }

    // Learns a row's block in a state, and where rows go in this frame, from the row painted
    // alone.
    bool paintRow(int f, qsizetype row, int state)
    {
        if (!render(f, row, row + 1, m_withRow))
            return false;
        const size_t n = m_bare.size();
        const size_t m = m_withRow.size();
        if (m < n)
            return false;
        size_t prefix = 0;
        while (prefix < n && m_bare[prefix] == m_withRow[prefix])
            ++prefix;
        size_t suffix = 0;
        while (suffix < n && m_bare[n - 1 - suffix] == m_withRow[m - 1 - suffix])
            ++suffix;
        if (prefix + suffix < n)
            return false; // not one insertion
        const qsizetype at = qsizetype(prefix);
        if (m_split >= 0 && m_split != at)
            return false;
        m_split = at;
        std::vector<int> block(m_withRow.begin() + ptrdiff_t(prefix),
                               m_withRow.begin() + ptrdiff_t(prefix + m - n));
        if (m_known[state][size_t(row)] && m_blocks[state][size_t(row)] != block)
            return false;
        m_blocks[state][size_t(row)] = std::move(block);
        m_known[state][size_t(row)] = 1;
        return true;
    }

    ExportDiagram &m_diagram;
    const std::vector<AnimationFrame> &m_frames;
    FrameParser &m_parser;
    QString *m_error;
    const model::TraceTimeline &m_timeline;
    const std::vector<qsizetype> m_drawn;
    // Row blocks by (reached, row): the units a row adds to a frame painted without rows.
    std::vector<std::vector<int>> m_blocks[2];
    std::vector<char> m_known[2];
    std::vector<int> m_bare;
    std::vector<int> m_withRow;
    qsizetype m_split = -1; // where rows go in the frame being composed
};

// Every frame as a sequence of units without painting every frame whole. A frame is its
// non-row drawing (header, B-tree, brackets, marks, caption: painted per frame with no rows)
// with the rows' drawing inserted where the renderer paints rows; a row's drawing depends only
// on whether the cursor has reached it yet, so each row is painted once per state, alone
// (CollectionRenderState::paintedRows). Checked against whole paintings of the first and last
// frames: returns false with no error when they differ, and the caller paints every frame.
bool composeFrames(ExportDiagram &diagram, const std::vector<AnimationFrame> &frames,
                   FrameParser &parser, std::vector<Entry> &merged, QString *error)
{
    const model::TraceTimeline *timeline = diagram.timeline();
    if (!timeline || !timeline->trace().partitionFound)
        return false;
    RowBlockComposer composer(diagram, frames, parser, error);
    const int frameCount = int(frames.size());
    std::vector<int> frame;
    std::vector<int> whole;
    for (int f = 0; f < frameCount; ++f) {
        if (!composer.compose(f, frame))
            return false;
        if (f == 0 || f == frameCount - 1) {
            if (!composer.render(f, -1, -1, whole))
                return false;
            if (whole != frame)
                return false;
        }
        merge(merged, frame, f, parser.unitCount());
    }
    return true;
}

// Each step twice: as its movement starts (transition 0: the cursor still on the previous
// row, a probe not landed) and once it has landed. Shapes drawn at both places glide.
std::vector<AnimationFrame> glidingFrames(const model::TraceTimeline *timeline, qint64 holdMs)
{
    std::vector<AnimationFrame> frames;
    for (const AnimationFrame &frame : timeline
             ? animationFrames(*timeline, holdMs)
             : std::vector<AnimationFrame> {{-1, 0, std::max<qint64>(1, holdMs)}}) {
        const qint64 glide = frame.step < 0 ? 0 : stepLandsAt(frame) - frame.startMs;
        if (glide > 0) {
            frames.push_back({frame.step, frame.startMs, glide, 0.0});
            frames.push_back({frame.step, frame.startMs + glide, frame.durationMs - glide, 1.0});
        } else {
            frames.push_back(frame);
        }
    }
    return frames;
}

// The CSS of animated presence class aN (n): keyframes where the group appears or disappears,
// and those of its glide when it moves.
QByteArray presenceRules(const Presence &presence, const Motion *motion,
                         const std::vector<AnimationFrame> &frames, qint64 totalMs,
                         const QByteArray &n, const QByteArray &prefix)
{
    const int frameCount = int(frames.size());
    // Keyframes where the group appears or disappears; the underlying value (the
    // class's) is the final state, so 0% and 100% are implicit when they match it.
    const bool finalShown = presence.back().second >= frameCount;
    QByteArray shownAt;
    QByteArray hiddenAt;
    const auto at = [&](int frame, bool show) {
        QByteArray &list = show ? shownAt : hiddenAt;
        if (!list.isEmpty())
            list += ',';
        list += percent(frames[size_t(frame)].startMs, totalMs);
    };
    const bool startShown = presence.front().first == 0;
    if (startShown != finalShown)
        at(0, startShown);
    for (const auto &[a, b] : presence) {
        if (a > 0)
            at(a, true);
        if (b < frameCount)
            at(b, false);
    }
    QByteArray keyframes;
    if (!hiddenAt.isEmpty())
        keyframes += hiddenAt + "{visibility:hidden}";
    if (!shownAt.isEmpty())
        keyframes += shownAt + "{visibility:visible}";
    // Without animation (or with reduced motion) the picture is the final state.
    QByteArray rule = '.' + prefix + 'a' + n + "{animation-name:" + prefix + 'k' + n;
    QByteArray glide;
    if (motion) {
        const auto offset = [](double dy) {
            return "{transform:translateY(" + QByteArray::number(dy, 'g', 6) + "px)}";
        };
        double from = 0;
        glide = percent(frames[size_t(presence[0].first)].startMs, totalMs) + offset(0);
        for (const auto &[frame, dy] : motion->moves) {
            // Glides through the frame before, if that is a step's movement;
            // otherwise jumps.
            const AnimationFrame &before = frames[size_t(frame - 1)];
            const qint64 arrives = frames[size_t(frame)].startMs;
            const qint64 leaves = before.transition < 1 ? before.startMs : arrives - 1;
            glide
                += percent(leaves, totalMs) + offset(from) + percent(arrives, totalMs) + offset(dy);
            from = dy;
        }
        rule += ',' + prefix + 'm' + n + ";animation-timing-function:step-end,ease-in-out";
        if (finalShown)
            rule += ";transform:translateY(" + QByteArray::number(from, 'g', 6) + "px)";
    }
    rule += finalShown ? "}\n" : ";visibility:hidden}\n";
    QByteArray rules = rule + "@keyframes " + prefix + 'k' + n + '{' + keyframes + "}\n";
    if (motion)
        rules += "@keyframes " + prefix + 'm' + n + '{' + glide + "}\n";
    return rules;
}

// Who the SVG is for: a file of its own (prefix empty), or the lesson page, which inlines it
// (class and keyframe names prefixed, animations paused for its script, no title).
struct Flavour
{
    QByteArray prefix;
    bool player = false;
    QString label; // player: the picture's accessible name
};

// The document: size, title, description, the style sheet, then the root group's attributes
// around the body.
QByteArray svgDocument(const QSizeF &size, const QString &title, const QString &caption,
                       qint64 totalMs, const QByteArray &styleRules,
                       const QByteArray &animationRules, const Attrs &rootAttributes,
                       const QByteArray &body, const Flavour &flavour)
{
    const QByteArray w = QByteArray::number(size.width());
    const QByteArray h = QByteArray::number(size.height());
    QByteArray svg;
    svg.reserve(body.size() + styleRules.size() + animationRules.size() + 1024);
    if (!flavour.player)
        svg += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    svg += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" + w + "\" height=\""
        + h + "\" viewBox=\"0 0 " + w + ' ' + h + '"';
    if (flavour.player)
        svg += " class=\"diagram\" role=\"img\" aria-label=\"" + escaped(flavour.label) + '"';
    svg += ">\n";
    if (!flavour.player) {
        svg += "<title>" + escaped(title) + "</title>\n";
        svg += "<desc>" + escaped(caption) + "</desc>\n";
    }
    svg += "<style>\n";
    // Every animated group has an aN class (style classes are sN).
    svg += "[class*=" + flavour.prefix + "a]{animation-duration:" + seconds(totalMs)
        + ";animation-timing-function:step-end;animation-iteration-count:infinite";
    // The page's script sets the time of each animation (Web Animations API).
    svg += flavour.player ? ";animation-play-state:paused}\n" : "}\n";
    svg += styleRules;
    svg += animationRules;
    // Reduced motion: the final state, still. (The page jumps from step to step instead.)
    if (!flavour.player)
        svg += "@media (prefers-reduced-motion:reduce){[class*=a]{animation:none}}\n";
    svg += "</style>\n";
    svg += "<g";
    for (const Attr &a : rootAttributes)
        svg += ' ' + bytes(a.name) + "=\"" + bytes(a.value) + '"';
    svg += ">\n";
    svg += body;
    svg += "</g>\n</svg>\n";
    return svg;
}

} // namespace

qint64 stepLandsAt(const AnimationFrame &frame)
{
    const qint64 glide
        = qint64(std::llround(double(frame.durationMs) * model::TraceTimeline::kTransitionShare));
    return glide > 0 && glide < frame.durationMs ? frame.startMs + glide : frame.startMs;
}

std::vector<AnimationFrame> animationFrames(const model::TraceTimeline &timeline, qint64 holdMs)
{
    std::vector<AnimationFrame> frames;
    frames.reserve(size_t(timeline.stepCount()) + 1);
    for (int i = 0; i < timeline.stepCount(); ++i) {
        const model::TimelineStep &step = timeline.step(i);
        frames.push_back({i, step.startMs, step.durationMs});
    }
    frames.push_back({-1, timeline.totalDuration(), std::max<qint64>(1, holdMs)});
    return frames;
}

void fitAllFrames(ExportDiagram &diagram)
{
    const int shown = diagram.step();
    QSizeF size;
    diagram.setLegendCoversEveryStep(); // every frame shares one legend
    diagram.setMinimumSize(QSizeF());
    for (int step = -1; step < diagram.stepCount(); ++step) {
        diagram.setStep(step);
        size = size.expandedTo(diagram.logicalSize());
    }
    diagram.setMinimumSize(size);
    diagram.setStep(shown);
}

namespace {

// Every frame's units merged into one list (see merge): composed from row blocks when that
// works, else from whole paintings. False on an error.
bool mergeAllFrames(ExportDiagram &diagram, const std::vector<AnimationFrame> &frames,
                    FrameParser &parser, std::vector<Entry> &merged, bool wholeFrames,
                    bool *composed, QString *error)
{
    *composed = false;
    if (!wholeFrames) {
        *composed = composeFrames(diagram, frames, parser, merged, error);
        if (!*composed && error && !error->isEmpty())
            return false;
    }
    if (*composed)
        return true;
    merged.clear();
    std::vector<int> sequence;
    for (int f = 0; f < int(frames.size()); ++f) {
        diagram.setStep(frames[size_t(f)].step);
        diagram.setTransition(frames[size_t(f)].transition);
        sequence.clear();
        if (!parser.parse(paintSvg(diagram), sequence, error))
            return false;
        merge(merged, sequence, f, parser.unitCount());
    }
    return true;
}

// The body of the animated SVG and its style sheet. Consecutive units drawn in the same frames
// with the same style share a group, whose classes say how it looks (sN) and when it shows
// (aN), numbered in order of first use.
class AnimatedBody
{
public:
    AnimatedBody(const FrameParser &parser, const std::vector<AnimationFrame> &frames,
                 qint64 totalMs, const QByteArray &prefix)
        : m_parser(parser)
        , m_frames(frames)
        , m_totalMs(totalMs)
        , m_prefix(prefix)
        , m_always {{0, int(frames.size())}}
    { }

    void write(std::vector<Entry> &merged)
    {
        std::vector<int> motionOf;
        std::vector<char> removed;
        std::vector<Motion> motions;
        findMotions(merged, m_parser, motionOf, removed, motions);
        body.reserve(qsizetype(merged.size()) * 64);
        size_t i = 0;
        while (i < merged.size()) {
            if (removed[i]) {
                ++i;
                continue;
            }
            const Entry &first = merged[i];
            const int styleId = m_parser.unit(first.unit).style;
            const int motion = motionOf[i];
            size_t j = i + 1;
            while (motion < 0 && j < merged.size()
                   && (removed[j]
                       || (motionOf[j] < 0 && merged[j].frames == first.frames
                           && m_parser.unit(merged[j].unit).style == styleId)))
                ++j;
            writeGroup(merged, i, j, removed, motion >= 0 ? &motions[size_t(motion)] : nullptr);
            i = j;
        }
    }

    QByteArray body;
    QByteArray styleRules;
    QByteArray animationRules;

private:
    // Units [begin, end) of `merged` in one group.
    void writeGroup(const std::vector<Entry> &merged, size_t begin, size_t end,
                    const std::vector<char> &removed, const Motion *motion)
    {
        const Entry &first = merged[begin];
        const int styleId = m_parser.unit(first.unit).style;
        const Style &style = m_parser.style(styleId);
        QByteArray classes;
        if (!style.css.isEmpty())
            classes += styleClass(styleId, style);
        if (first.frames != m_always || motion)
            classes += (classes.isEmpty() ? QByteArray() : QByteArray(" "))
                + presenceClass(first.frames, motion);
        body += "<g";
        if (!classes.isEmpty())
            body += " class=\"" + classes + '"';
        if (!style.transform.isEmpty())
            body += " transform=\"" + style.transform + '"';
        body += ">\n";
        for (size_t k = begin; k < end; ++k) {
            if (!removed[k])
                body += m_parser.unit(merged[k].unit).element + '\n';
        }
        body += "</g>\n";
    }

    QByteArray styleClass(int styleId, const Style &style)
    {
        auto it = m_styleClass.constFind(styleId);
        if (it == m_styleClass.cend()) {
            it = m_styleClass.insert(styleId, int(m_styleClass.size()));
            styleRules += '.' + m_prefix + 's' + QByteArray::number(*it) + '{' + style.css + "}\n";
        }
        return m_prefix + 's' + QByteArray::number(*it);
    }

    QByteArray presenceClass(const Presence &presence, const Motion *motion)
    {
        QByteArray key;
        for (const auto &[a, b] : presence)
            key += QByteArray::number(a) + '-' + QByteArray::number(b) + ',';
        if (motion) {
            for (const auto &[frame, dy] : motion->moves)
                key += 'm' + QByteArray::number(frame) + ':' + QByteArray::number(dy, 'g', 6);
        }
        auto it = m_presenceClass.constFind(key);
        if (it == m_presenceClass.cend()) {
            it = m_presenceClass.insert(key, int(m_presenceClass.size()));
            animationRules += presenceRules(presence, motion, m_frames, m_totalMs,
                                            QByteArray::number(*it), m_prefix);
        }
        return m_prefix + 'a' + QByteArray::number(*it);
    }

    const FrameParser &m_parser;
    const std::vector<AnimationFrame> &m_frames;
    const qint64 m_totalMs;
    const QByteArray m_prefix;
    const Presence m_always;
    QHash<int, int> m_styleClass;
    QHash<QByteArray, int> m_presenceClass;
};

QByteArray buildAnimatedSvg(ExportDiagram &diagram, const QString &title, QString *error,
                            qint64 holdMs, bool wholeFrames, bool *composedOut,
                            const Flavour &flavour)
{
    const int shown = diagram.step();
    fitAllFrames(diagram);
    const std::vector<AnimationFrame> frames = glidingFrames(diagram.timeline(), holdMs);
    const qint64 totalMs = frames.back().startMs + frames.back().durationMs;

    FrameParser parser;
    std::vector<Entry> merged;
    bool composed = false;
    if (!mergeAllFrames(diagram, frames, parser, merged, wholeFrames, &composed, error)) {
        diagram.setStep(shown);
        return {};
    }
    diagram.setTransition(1.0);
    if (composedOut)
        *composedOut = composed;
    diagram.setStep(-1);
    const QString finalCaption = diagram.caption();
    diagram.setStep(shown);

    AnimatedBody body(parser, frames, totalMs, flavour.prefix);
    body.write(merged);
    return svgDocument(parser.size().isEmpty() ? diagram.logicalSize() : parser.size(), title,
                       finalCaption, totalMs, body.styleRules, body.animationRules,
                       parser.rootAttributes(), body.body, flavour);
}

} // namespace

QByteArray animatedSvg(ExportDiagram &diagram, const QString &title, QString *error, qint64 holdMs,
                       bool wholeFrames, bool *composedOut)
{
    return buildAnimatedSvg(diagram, title, error, holdMs, wholeFrames, composedOut, Flavour {});
}

QByteArray playerSvg(ExportDiagram &diagram, const QByteArray &prefix, const QString &label,
                     QString *error)
{
    return buildAnimatedSvg(diagram, QString(), error, kAnimationHoldMs, false, nullptr,
                            Flavour {prefix, true, label});
}

} // namespace keyscope::ui
