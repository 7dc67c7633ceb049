#pragma once

#include "ui/export/diagramexporter.h"

#include <QByteArray>
#include <QImage>
#include <QSizeF>
#include <QString>

#include <memory>

class QPainter;

namespace keyscope::ui {

// Two designs side by side, as one picture: the same access pattern (or Query) on a "before"
// and an "after" project, each under a title naming its design and the pattern, each with its
// own legend and caption (what its page came to).
class CompareDiagram
{
public:
    CompareDiagram(std::unique_ptr<ExportDiagram> before, std::unique_ptr<ExportDiagram> after,
                   QString beforeLabel = QStringLiteral("Before"),
                   QString afterLabel = QStringLiteral("After"));

    QSizeF logicalSize() const;
    void paint(QPainter &painter) const;
    const ExportDiagram &before() const { return *m_before; }
    const ExportDiagram &after() const { return *m_after; }

    QImage toImage(double scale = 1.0) const;
    QByteArray toSvg() const;
    QByteArray toPdf() const;
    QByteArray toMarkdown() const;

private:
    double titleHeight() const;
    QString title(const QString &label, const ExportDiagram &diagram) const;

    std::unique_ptr<ExportDiagram> m_before;
    std::unique_ptr<ExportDiagram> m_after;
    QString m_beforeLabel;
    QString m_afterLabel;
};

} // namespace keyscope::ui
