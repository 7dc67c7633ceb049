#pragma once

#include "model/design/accesspatternrunner.h"
#include "model/design/populator.h"
#include "model/design/project.h"
#include "model/query/tracetimeline.h"
#include "ui/collection/collectionrows.h"
#include "ui/collection/collectionstyle.h"

#include <QByteArray>
#include <QImage>
#include <QSizeF>
#include <QString>

#include <memory>
#include <optional>

class QPainter;

namespace keyscope::ui {

enum class ExportFormat { Svg, Png, Pdf, Frames };

// What `keyscope export` asks for: one access pattern's traversal at one step, as a file.
struct ExportRequest
{
    QString projectPath;                // a *.keyscope.json file or a resource (":/examples/...")
    QString pattern;                    // access pattern name
    std::optional<int> step;            // 0-based timeline step; nullopt: the end (final state)
    std::optional<ExportFormat> format; // nullopt: from the output file's extension
    double scale = 1.0;                 // PNG only: device pixels per logical pixel
    bool animated = false;              // SVG: the whole traversal, looping (animatedsvg.h)
    QString outputPath;
};

// Why an export failed, so the command line can pick its exit code.
struct ExportError
{
    enum class Kind { None, Input, Request, Output };
    Kind kind = Kind::None;
    QString message;
    explicit operator bool() const { return kind != Kind::None; }
};

// A collection diagram at one trace step, ready to paint on any device. Every device goes
// through CollectionRenderer::paint with the export style (STYLE.md: one renderer).
class ExportDiagram
{
public:
    // Loads, populates, builds the table and runs the pattern.
    static std::variant<std::unique_ptr<ExportDiagram>, ExportError>
    create(const QString &projectPath, const QString &pattern, std::optional<int> step);

    // Size in logical pixels: the collection at zoom 1 plus the caption band.
    QSizeF logicalSize() const;
    // The step's narration, drawn under the diagram.
    QString caption() const;
    int stepCount() const { return m_timeline ? m_timeline->stepCount() : 0; }
    // Paints in logical coordinates (0,0)-(logicalSize).
    void paint(QPainter &painter) const;

    QImage toImage(double scale = 1.0) const;
    QByteArray toSvg() const;
    QByteArray toPdf() const;

    // For the animated exports (animationexport.h), which paint every step at one size.
    const model::TraceTimeline *timeline() const { return m_timeline.get(); }
    void setStep(int step) { m_step = step; } // -1: the final state
    // The step's movement, 0..1 (CollectionRenderState::transition); 1: landed.
    void setTransition(double transition) { m_transition = transition; }
    int step() const { return m_step; }
    // logicalSize() is at least this (the tallest caption of all steps).
    void setMinimumSize(const QSizeF &size) { m_minimumSize = size; }
    // Paint only rows [from, to) of the collection (CollectionRenderState); -1: all.
    void setPaintedRows(qsizetype from, qsizetype to) { m_paintedRows = {from, to}; }

private:
    ExportDiagram() = default;
    double captionHeight() const;

    CollectionStyle m_style = CollectionStyle::exportStyle();
    model::Project m_project;
    model::Population m_population;
    std::shared_ptr<const model::Table> m_table;
    std::unique_ptr<model::TraceTimeline> m_timeline;
    std::unique_ptr<CollectionRows> m_rows;
    int m_step = -1; // -1: final state
    QSizeF m_minimumSize;
    double m_transition = 1.0;
    std::pair<qsizetype, qsizetype> m_paintedRows {-1, -1};
};

// The format a file name asks for ("out.svg"), or nullopt.
std::optional<ExportFormat> exportFormatForPath(const QString &path);
std::optional<ExportFormat> exportFormatNamed(const QString &name);

// Writes the requested file. Returns an empty error on success.
ExportError exportDiagram(const ExportRequest &request);

} // namespace keyscope::ui
