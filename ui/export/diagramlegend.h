#pragma once

#include "ui/collection/collectionlabels.h"
#include "ui/collection/collectionrows.h"
#include "ui/collection/collectionstyle.h"

#include <QColor>
#include <QRectF>
#include <QString>

#include <vector>

class QPainter;

namespace keyscope::ui {

// The key to an exported diagram: the entity colours of the rows drawn, then each mark the
// picture draws (read, returned #n, filtered, reached but not read, key-condition bounds,
// where Limit or 1 MB ended the page, the LastEvaluatedKey row, parent items, the seek's B-tree
// path, the probe, the cursor), as the label pass found them. Entries wrap into lines to fit a
// width; the swatches are drawn with the renderer's own colours and shapes.
class DiagramLegend
{
public:
    using Mark = TraceMark;
    struct Entry
    {
        Mark mark = Mark::Entity;
        QString label;
        QColor color; // entities only
    };

    DiagramLegend() = default;
    // entities: indexes into rows->entities(); marks: what the picture draws.
    DiagramLegend(const CollectionStyle &style, const CollectionRows *rows,
                  const std::set<quint8> &entities, const std::set<TraceMark> &marks,
                  model::StopReason stop = model::StopReason::Limit);

    const std::vector<Entry> &entries() const { return m_entries; }
    bool isEmpty() const { return m_entries.empty(); }
    // Height of the legend band laid out in `width` (0 when empty).
    double heightForWidth(double width) const;
    void paint(QPainter &painter, const QRectF &rect) const;

private:
    struct Placed
    {
        const Entry *entry;
        QRectF box;
    };
    std::vector<Placed> layout(const QRectF &rect) const;
    double entryWidth(const Entry &entry) const;
    void paintSwatch(QPainter &painter, const Entry &entry, const QRectF &swatch) const;
    void paintRoundSwatch(QPainter &painter, Mark mark, const QRectF &swatch) const;
    void paintRowSwatch(QPainter &painter, Mark mark, const QRectF &swatch) const;

    CollectionStyle m_style;
    std::vector<Entry> m_entries;
};

} // namespace keyscope::ui
