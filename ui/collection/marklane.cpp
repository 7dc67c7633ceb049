#include "ui/collection/marklane.h"

#include <QFontMetricsF>

#include <algorithm>

namespace keyscope::ui {

namespace {

constexpr double kPillPadding = 16; // a pill's text inset, both sides together

// The pieces of a text at one level of breaking, and what joins them on one line: the marks'
// " · " parts, then words, then a key's '#' segments, then characters.
QStringList piecesAt(const QString &text, int level, QString *joiner)
{
    const QString parts = QStringLiteral(" \u00b7 ");
    *joiner = level == 0 ? parts : level == 1 ? QStringLiteral(" ") : QString();
    if (level == 0)
        return text.split(parts);
    if (level == 1)
        return text.split(QLatin1Char(' '));
    QStringList pieces;
    qsizetype from = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (level == 3 || (text[i] == u'#' && i + 1 < text.size())) {
            pieces << text.mid(from, i + 1 - from);
            from = i + 1;
        }
    }
    if (from < text.size())
        pieces << text.mid(from);
    return pieces;
}

bool wrapInto(const QString &text, int level, const QFontMetricsF &metrics, double width,
              QStringList &lines)
{
    QString joiner;
    QString current;
    for (const QString &piece : piecesAt(text, level, &joiner)) {
        const QString joined = current.isEmpty() ? piece : current + joiner + piece;
        if (metrics.horizontalAdvance(joined) <= width) {
            current = joined;
            continue;
        }
        if (!current.isEmpty())
            lines << current;
        current = piece;
        if (metrics.horizontalAdvance(piece) <= width)
            continue;
        QStringList inner;
        if (level == 3 || !wrapInto(piece, level + 1, metrics, width, inner))
            return false;
        current = inner.takeLast();
        lines << inner;
    }
    if (!current.isEmpty())
        lines << current;
    return true;
}

double widest(const QStringList &lines, const QFontMetricsF &metrics)
{
    double w = 0;
    for (const QString &line : lines)
        w = std::max(w, metrics.horizontalAdvance(line));
    return w;
}

// One label where it fits: on one line, else on the fewest lines (the fullest wording on a tie).
CollectionLabel placed(const MarkLane::Entry &e, const QFontMetricsF &metrics)
{
    CollectionLabel label = e.label;
    const double room = e.lane.width() - kPillPadding;
    QStringList best;
    for (const QString &text : e.wordings) {
        if (metrics.horizontalAdvance(text) <= room) {
            best = QStringList {text};
            break;
        }
    }
    for (const QString &text : e.wordings) {
        if (best.size() == 1)
            break;
        const QStringList lines = MarkLane::wrapped(text, metrics, room);
        if (!lines.isEmpty() && (best.isEmpty() || lines.size() < best.size()))
            best = lines;
    }
    if (best.isEmpty())
        best = QStringList {e.wordings.value(0)};
    label.text = best.join(QLatin1Char('\n'));
    const double w = widest(best, metrics) + kPillPadding;
    const double h = e.height + double(best.size() - 1) * metrics.lineSpacing();
    label.rect = QRectF(e.lane.right() - w, e.lane.center().y() - h / 2, w, h);
    return label;
}

// Labels closer than their height stack down the lane, and back up from the bottom when they
// run out of room.
void stack(std::vector<CollectionLabel> &lane, const QRectF &area)
{
    for (size_t i = 1; i < lane.size(); ++i) {
        const double top = lane[i - 1].rect.bottom() + 2;
        if (lane[i].rect.top() < top)
            lane[i].rect.moveTop(top);
    }
    for (size_t i = lane.size(); i-- > 0;) {
        const double bottom = i + 1 < lane.size() ? lane[i + 1].rect.top() - 2 : area.bottom();
        if (lane[i].rect.bottom() > bottom)
            lane[i].rect.moveBottom(bottom);
    }
}

} // namespace

QStringList MarkLane::wrapped(const QString &text, const QFontMetricsF &metrics, double width)
{
    QStringList lines;
    if (!wrapInto(text, 0, metrics, width, lines))
        return {};
    return lines;
}

std::vector<CollectionLabel> MarkLane::place(const std::vector<Entry> &entries,
                                             const QFontMetricsF &metrics, const QRectF &area)
{
    std::vector<CollectionLabel> lane;
    for (const Entry &entry : entries)
        lane.push_back(placed(entry, metrics));
    stack(lane, area);
    return lane;
}

} // namespace keyscope::ui
