#pragma once

#include "model/design/accesspatternrunner.h"
#include "model/design/populator.h"
#include "model/design/project.h"
#include "model/query/queryrequest.h"
#include "model/query/tracetimeline.h"
#include "ui/collection/collectionlabels.h"
#include "ui/collection/collectionlayout.h"
#include "ui/collection/collectionrows.h"
#include "ui/collection/collectionstyle.h"
#include "ui/export/diagramlegend.h"

#include <QByteArray>
#include <QColor>
#include <QImage>
#include <QSizeF>
#include <QString>

#include <functional>
#include <memory>
#include <optional>
#include <tuple>
#include <utility>
#include <variant>
#include <vector>

class QPainter;

namespace keyscope::ui {
struct CollectionRenderState;
}

namespace keyscope::ui {

// Frames: the whole traversal as numbered PNG files in a directory (framesequence.h). Html: the
// lesson page, one self-contained HTML file that plays the traversal (lessonpage.h).
enum class ExportFormat { Svg, Png, Pdf, Markdown, Frames, Html };

// Which rows a picture draws. Auto: every row up to kMaxDrawnRows, else the Touched window.
// All: every row (a collection over the limit is refused). Touched: the rows the traversal
// touches (each seek probe's row; the rows it reads, the key condition's bounds and the page
// end with `context` rows around them); the rows between are elided with their count. Range: rows
// first..last (1-based positions, inclusive).
struct RowWindow
{
    enum class Mode { Auto, All, Touched, Range };
    Mode mode = Mode::Auto;
    qsizetype first = 0;
    qsizetype last = 0;
    int context = 3;
};

// "auto", "all", "touched" or "FROM-TO" (1-based, inclusive); an error message otherwise.
std::variant<RowWindow, QString> parseRowWindow(const QString &text, int context = 3);

// How an export looks: an explicit export style per theme (never the desktop's), whether the
// legend is drawn, and the page behind the diagram.
struct ExportLook
{
    bool dark = false;
    bool legend = true;
    // Under the legend, before the narration: the design's and the pattern's names, and the
    // Query in one line ("Query IoT · PK = :pk · :pk = 'DEVICE#d-9468' · backward · Limit 11").
    bool heading = true;
    // The step's narration under the diagram (the lesson page shows it beside the picture).
    bool caption = true;
    // Invalid: white for light, the theme's own page colour for dark; Qt::transparent: none.
    QColor background;
    RowWindow rows;
};

// What `keyscope export` asks for: one access pattern's traversal (or any Query, `query`) at
// one step, as a file; with `compareProjectPath`, the same pattern or Query on a second design
// beside it (before on the left, after on the right).
struct ExportRequest
{
    QString projectPath;                // a *.keyscope.json file or a resource (":/examples/...")
    QString pattern;                    // access pattern name
    std::optional<int> step;            // 0-based timeline step; nullopt: the end (final state)
    std::optional<ExportFormat> format; // nullopt: from the output file's extension
    double scale = 1.0;                 // PNG only: device pixels per logical pixel
    bool animated = false;              // SVG: the whole traversal, looping (animatedsvg.h)
    bool predict = false;               // HTML: the lesson page asks predict mode's questions
    QString outputPath;

    std::optional<model::QueryRequest> query; // instead of `pattern`: any Query
    std::optional<quint64> seed;              // populate with this seed, not the project's
    QString compareProjectPath;               // before/after: this design on the right
    ExportLook look;
};

// Why an export failed, so the command line can pick its exit code.
struct ExportError
{
    // Rejected: the Query is one DynamoDB would reject (ValidationException).
    enum class Kind { None, Input, Request, Output, Rejected };
    Kind kind = Kind::None;
    QString message;
    explicit operator bool() const { return kind != Kind::None; }
};

// A collection diagram at one trace step, ready to paint on any device. Every device goes
// through CollectionRenderer::paint with the export style (STYLE.md: one renderer). Under the
// collection: the legend (ExportLook::legend) and the step's narration as a caption.
class ExportDiagram
{
public:
    // Everything the diagram draws, already built (the app passes its document's table,
    // population and the player's timeline; the command line loads a project).
    struct Source
    {
        std::shared_ptr<const model::Table> table;
        std::shared_ptr<const model::Population> population; // null: no entity colours
        std::vector<CollectionRows::EntityInfo> entities;
        std::shared_ptr<const model::TraceTimeline> timeline; // null: no Query drawn
        QString indexName;
        QByteArray partitionKey; // comparable bytes; empty: the largest collection
        QString projectName;
        QString patternName; // empty for a Query that is not a named pattern
        QString patternDescription;
        std::optional<model::QueryRequest> request;
    };

    // Loads, populates, builds the table and runs the pattern.
    static std::variant<std::unique_ptr<ExportDiagram>, ExportError>
    create(const QString &projectPath, const QString &pattern, std::optional<int> step);
    // The same for a named pattern or, with `query`, any Query on the populated project.
    static std::variant<std::unique_ptr<ExportDiagram>, ExportError>
    load(const QString &projectPath, const QString &pattern,
         const std::optional<model::QueryRequest> &query, std::optional<quint64> seed,
         std::optional<int> step, const ExportLook &look = {});
    // From parts already built. step must be in range (or nullopt: the final state).
    static std::unique_ptr<ExportDiagram> fromSource(Source source, std::optional<int> step,
                                                     const ExportLook &look = {});

    // Pictures draw at most this many rows at full height; a longer collection draws its row
    // window (RowWindow), and a window still longer is refused for SVG, PNG and PDF
    // (Markdown takes any size).
    static constexpr qsizetype kMaxDrawnRows = 5000;
    // The rows drawn as [first, end) spans, ascending; empty: every row.
    const std::vector<std::pair<qsizetype, qsizetype>> &rowWindow() const { return m_window; }
    qsizetype drawnRowCount() const;
    // Where a row's centre is drawn, in logical pixels (inside its elision when left out).
    double rowCenterY(qsizetype row) const;
    // Why this diagram cannot be drawn as a picture (too many rows), or empty.
    QString pictureLimitMessage() const;

    // Size in logical pixels: the collection at zoom 1, the legend band and the caption band.
    QSizeF logicalSize() const;
    // The step's narration (the final state adds the page's summary), drawn under the diagram.
    QString caption() const;
    // The heading over the caption (ExportLook::heading): "IoT devices and readings · Device
    // and its 10 newest readings" and the Query in one line; empty without a Query.
    QString titleLine() const;
    QString queryLine() const;
    // Side by side draws the designs' names over the halves: the halves keep the Query line.
    void setTitleShown(bool shown) { m_titleShown = shown; }
    // "IoT devices and readings", "Device and its 10 newest readings" (or "Query").
    QString projectName() const { return m_source.projectName; }
    QString subjectName() const;
    int stepCount() const { return m_source.timeline ? m_source.timeline->stepCount() : 0; }
    const ExportLook &look() const { return m_look; }
    const Source &source() const { return m_source; }
    const CollectionStyle &style() const { return m_style; }
    const CollectionRows &rows() const { return *m_rows; }
    const DiagramLegend &legend() const { return m_legend; }
    // Paints in logical coordinates (0,0)-(logicalSize).
    void paint(QPainter &painter) const;

    // For the animated exports (animationexport.h), which paint every step at one size.
    const model::TraceTimeline *timeline() const { return m_source.timeline.get(); }
    void setStep(int step) { m_step = step; } // -1: the final state
    // The step's movement, 0..1 (CollectionRenderState::transition); 1: landed.
    void setTransition(double transition) { m_transition = transition; }
    int step() const { return m_step; } // -1: the final state
    // logicalSize() is at least this (the tallest caption of all steps).
    void setMinimumSize(const QSizeF &size) { m_minimumSize = size; }
    // Paint only rows [from, to) of the collection (CollectionRenderState); -1: all.
    void setPaintedRows(qsizetype from, qsizetype to) { m_paintedRows = {from, to}; }

    // Sort and table keys the diagram shortens to fit, in paint order: (shown, full).
    std::vector<std::pair<QString, QString>> elidedKeys() const;
    // Every text it shortens (keys, labels, the B-tree's counts), in paint order: the SVG's
    // <title>s.
    std::vector<std::pair<QString, QString>> shortenedTexts() const;
    // The layout and the label pass of the diagram at a step (-1: final state).
    CollectionLayout layoutAt(int step) const;
    CollectionLabels labelsAt(int step) const;
    // An animation draws every step: its legend names what any step draws.
    void setLegendCoversEveryStep();

    QImage toImage(double scale = 1.0) const;
    QByteArray toSvg() const;
    QByteArray toPdf() const;
    // The collection in sort-key order with each row's result number and fate at this step,
    // under a caption: the pattern, its Query and what the page came to. UTF-8, deterministic.
    QByteArray toMarkdown() const;
    // The same body without the document heading (for a section of a larger document).
    QString markdownSection() const;

private:
    ExportDiagram() = default;
    double captionHeight() const;
    double headingHeight() const;
    double paintHeading(QPainter &painter, double y, double width) const;
    double legendHeight() const;
    QSizeF collectionSize() const;
    void computeWindow();
    void buildLegend(bool everyStep);
    std::vector<std::tuple<QString, QString, CollectionLabel::Kind>> shortened() const;
    CollectionLayout::Params layoutParams(const CollectionRenderState &state) const;

    Source m_source;
    ExportLook m_look;
    bool m_titleShown = true;
    CollectionStyle m_style = CollectionStyle::exportStyle();
    std::unique_ptr<CollectionRows> m_rows;
    DiagramLegend m_legend;
    int m_step = -1; // -1: final state
    QSizeF m_minimumSize;
    double m_transition = 1.0;
    std::pair<qsizetype, qsizetype> m_paintedRows {-1, -1};
    std::vector<std::pair<qsizetype, qsizetype>> m_window;
};

// Paints a diagram of `size` logical pixels onto each device. Fixed metadata (no dates, no
// ids): identical inputs give byte-identical SVG. `titles` are (shown, full) texts of the
// drawing whose <text> element gets a <title> with the full text (hover shows it, search
// finds it).
using DiagramPaint = std::function<void(QPainter &)>;

// PNG bounds (--scale, the export dialog, the clipboard, frames): a scale from 0.1 to 16 device
// pixels per diagram pixel and an image of 1 to 32,767 pixels a side, at most 100 million pixels
// (400 MB); past them QPainter cannot paint the image or its memory is not there.
constexpr double kMinImageScale = 0.1;
constexpr double kMaxImageScale = 16;
constexpr int kMaxImageSide = 32767;
constexpr qint64 kMaxImagePixels = 100'000'000;
// Why `scale` is refused ("--scale must be from 0.1 to 16"), or empty.
QString imageScaleProblem(double scale);
// Why a PNG of a `size` diagram at `scale` cannot be made (its pixel size, the bound and the
// largest scale that fits), or empty.
QString imageSizeProblem(const QSizeF &size, double scale);
// A null image when imageSizeProblem() refuses the size.
QImage renderDiagramImage(const QSizeF &size, double scale, const QColor &background,
                          const DiagramPaint &paint);
// What `paint` draws as SVG at 96 dpi, the view box the logical size; a title and a description
// only where given (the animated SVG's frames have neither).
QByteArray paintDiagramSvg(const QSizeF &size, const DiagramPaint &paint, const QString &title = {},
                           const QString &description = {});
QByteArray renderDiagramSvg(const QSizeF &size, const QString &description,
                            const DiagramPaint &paint,
                            const std::vector<std::pair<QString, QString>> &titles = {});
QByteArray renderDiagramPdf(const QSizeF &size, const DiagramPaint &paint);
// The image as the bytes of a PNG file; empty when Qt cannot encode it.
QByteArray encodePng(const QImage &image);
// Wraps the <text> elements showing `titles[i].first` (in order) in a group titled with
// `titles[i].second`.
QByteArray addSvgTitles(const QByteArray &svg,
                        const std::vector<std::pair<QString, QString>> &titles);

// The format a file name asks for ("out.svg"), or nullopt.
std::optional<ExportFormat> exportFormatForPath(const QString &path);
std::optional<ExportFormat> exportFormatNamed(const QString &name);
QString exportFormatSuffix(ExportFormat format);

// Writes the requested file. Returns an empty error on success.
ExportError exportDiagram(const ExportRequest &request);
// The bytes of the requested export (what exportDiagram writes).
std::variant<QByteArray, ExportError> exportBytes(const ExportRequest &request);
// Writes bytes atomically (AtomicFile): the old file stays intact when anything fails; "-"
// writes standard output.
ExportError writeExportFile(const QString &path, const QByteArray &bytes);

} // namespace keyscope::ui
