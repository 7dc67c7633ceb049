#pragma once

#include "model/query/tracetimeline.h"
#include "ui/collection/collectionlayout.h"
#include "ui/collection/collectionrows.h"
#include "ui/collection/collectionstyle.h"
#include "ui/collection/partitionbands.h"

#include <QSizeF>
#include <QStringList>

#include <vector>

class QPainter;

namespace keyscope::ui {

// Everything that is not geometry: what the diagram shows at this moment.
struct CollectionRenderState
{
    const CollectionRows *rows = nullptr;
    // The query being animated (null: no query) and the step showing. step -1 shows the whole
    // trace (its final state); transition is the 0..1 movement within the step.
    const model::TraceTimeline *timeline = nullptr;
    int step = -1;
    double transition = 1.0;

    std::vector<qsizetype> selectedRows;
    qsizetype currentRow = -1; // keyboard focus row (drawn only when focused)
    bool focused = false;
    qsizetype hoverRow = -1;
    QStringList shownAttributes; // empty: every non-key attribute
    // Only rows in [paintedRowsFrom, paintedRowsTo) are painted, everything else is (an
    // animated export paints each row's states once, animatedsvg.h). -1: every row.
    qsizetype paintedRowsFrom = -1;
    qsizetype paintedRowsTo = -1;

    // Rows the selected design finding concerns, ascending (null or empty: none), and how many
    // items it concerns in the whole store (shown in the header).
    const std::vector<qsizetype> *concernedRows = nullptr;
    qsizetype concernedTotal = 0;
    // The other partitions as collapsed bands around the rows, in hash order (null: none; the
    // exporter leaves them out, since a Query reads one partition).
    const PartitionBands *bands = nullptr;

    // Switching index: rows slide from where they were in the previous layout. Both pointers
    // stay valid for the transition; relayout runs 0..1.
    const CollectionRows *previousRows = nullptr;
    const CollectionLayout *previousLayout = nullptr;
    double relayout = 1.0;
};

// Paints the collection diagram. One routine for the widget and for every export device
// (QImage, QSvgGenerator, QPdfWriter): it reads only the layout, the state and the style.
class CollectionRenderer
{
public:
    static void paint(QPainter &painter, const CollectionLayout &layout,
                      const CollectionRenderState &state, const CollectionStyle &style);

    // Layout parameters for a viewport from the style's metrics, the rows and the trace step.
    static CollectionLayout::Params layoutParams(const CollectionStyle &style,
                                                 const CollectionRenderState &state,
                                                 const QSizeF &viewport, double zoom,
                                                 double scrollY);
    // The trace's marks at a step (-1: final state) as rows for the layout.
    static CollectionMarks marks(const model::TraceTimeline *timeline, int step);
    // A viewport tall enough to show every row at zoom 1 (for exporting a whole diagram).
    static QSizeF naturalSize(const CollectionStyle &style, qsizetype rowCount, double width = 980);
};

} // namespace keyscope::ui
