#pragma once

#include <QColor>
#include <QFont>
#include <QPalette>

namespace keyscope::ui {

// Colours, fonts and metrics of the collection diagram. The widget builds one from the desktop
// palette; exports use exportStyle(), which never depends on the desktop theme.
struct CollectionStyle
{
    bool dark = false;

    // Surfaces and text.
    QColor background;
    QColor rowBackground;
    QColor rowAlternate;
    QColor text;
    QColor dimText;
    QColor gridLine;
    QColor headerBackground;
    QColor selection; // selected rows
    QColor focus;     // the keyboard's current row

    // Trace marks.
    QColor read;      // rows the cursor read (tint)
    QColor returned;  // result number badges
    QColor filtered;  // strike-through and its badge
    QColor bound;     // key-condition bound lines
    QColor boundFill; // tint of the rows inside the key condition
    QColor probe;     // seek probes and the B-tree path
    QColor cursor;    // the sweep cursor
    QColor stop;      // Limit / 1 MB page / LastEvaluatedKey
    QColor parentFrame;
    // Items a selected design finding concerns (tint, gutter bar).
    QColor concern = QColor(0xd9, 0x77, 0x06);

    // B-tree overview.
    QColor treeNode;
    QColor treeNodeBorder;
    QColor lens; // the part of the collection the rows show

    QFont monoFont;  // sort and partition keys
    QFont textFont;  // attributes, labels
    QFont smallFont; // badges, tree labels, marker captions

    // Metrics in logical pixels.
    double rowHeight = 24; // at zoom 1
    double headerHeight = 30;
    double treeWidth = 168;  // 0 hides the B-tree overview
    double lensGap = 28;     // between the tree and the rows (the lens is drawn there)
    double gutterWidth = 40; // result numbers
    double chipWidth = 10;
    double sortKeyWidth = 250;
    double partitionKeyWidth = 170; // the table's key beside an index's sort key
    double markerLaneWidth = 220;   // the trace's labels, right of the attributes
    double bracketLaneWidth = 14;
    int bracketLanes = 3;
    int treeFanout = 8;
    double bandHeight = 22; // a collapsed partition band

    static CollectionStyle fromPalette(const QPalette &palette);
    // Light (or dark), fixed fonts (DejaVu), independent of the desktop: for SVG/PNG/PDF
    // export.
    static CollectionStyle exportStyle(bool dark = false);
    // The same style with fonts and metrics multiplied (presenter mode).
    CollectionStyle scaled(double factor) const;
    // A font at `factor` of its size (in points, or in whole pixels for a pixel-sized font).
    static QFont scaledFont(QFont font, double factor);
};

} // namespace keyscope::ui
