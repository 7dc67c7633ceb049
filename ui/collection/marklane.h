#pragma once

#include "ui/collection/collectionlabels.h"

#include <QStringList>

#include <vector>

class QFontMetricsF;

namespace keyscope::ui {

// Where the trace's labels go: one per row, right-aligned in the marker lane. A mark is never
// shortened (issue 26): when its text does not fit the lane on one line it takes its shorter
// wording, then wraps onto more lines; labels closer than their height stack down the lane, and
// back up from the bottom. The lane is the marks' own: a row's text never depends on the step
// (an animated export paints each row's states once).
class MarkLane
{
public:
    struct Entry
    {
        CollectionLabel label; // kind, row, tone and fullText set; text and rect are placed
        QStringList wordings;  // the texts it may say, the fullest first
        QRectF lane;           // its row's lane
        double height = 0;     // a one-line label's height
    };

    static std::vector<CollectionLabel> place(const std::vector<Entry> &entries,
                                              const QFontMetricsF &metrics, const QRectF &area);
    // `text` broken into lines no wider than `width`: between its " · " parts first, then
    // between words, then after a '#' inside a key; never elsewhere inside a word. Empty when
    // some piece is wider than `width` still.
    static QStringList wrapped(const QString &text, const QFontMetricsF &metrics, double width);
};

} // namespace keyscope::ui
