#include "ui/export/diagramexporter.h"

#include "model/design/projectfile.h"
#include "model/query/queryengine.h"
#include "ui/collection/collectionlayout.h"
#include "ui/collection/collectionrenderer.h"
#include "ui/collection/collectionview.h"
#include "ui/export/animationexport.h"

#include <QBuffer>
#include <QFile>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>

namespace keyscope::ui {

namespace {

constexpr double kCaptionPadding = 8;
// Fixed metadata (no dates, no ids): identical inputs give byte-identical SVG.
const QString kTitle = QStringLiteral("Keyscope diagram");

} // namespace

std::variant<std::unique_ptr<ExportDiagram>, ExportError>
ExportDiagram::create(const QString &projectPath, const QString &patternName,
                      std::optional<int> step)
{
    using Kind = ExportError::Kind;
    auto read = model::ProjectFile::read(projectPath);
    if (auto *errors = std::get_if<std::vector<model::IoError>>(&read)) {
        QStringList lines;
        for (const model::IoError &error : *errors)
            lines << error.toString();
        return ExportError {Kind::Input, lines.join(QLatin1Char('\n'))};
    }
    std::unique_ptr<ExportDiagram> d(new ExportDiagram);
    d->m_project = std::get<model::Project>(std::move(read));

    const model::AccessPattern *pattern = nullptr;
    QStringList names;
    for (const model::AccessPattern &p : d->m_project.accessPatterns) {
        names << QLatin1Char('\'') + p.name + QLatin1Char('\'');
        if (p.name == patternName)
            pattern = &p;
    }
    if (!pattern) {
        return ExportError {
            Kind::Request,
            names.isEmpty()
                ? QStringLiteral("%1: the project has no access patterns").arg(projectPath)
                : QStringLiteral("no access pattern '%1'; the project has: %2")
                      .arg(patternName, names.join(QStringLiteral(", ")))};
    }

    auto populated = model::Populator::populate(d->m_project, std::nullopt);
    if (auto *error = std::get_if<model::PopulationError>(&populated))
        return ExportError {
            Kind::Input,
            QStringLiteral("%1: %2: %3").arg(projectPath, error->path, error->message)};
    d->m_population = std::get<model::Population>(std::move(populated));

    auto built = model::AccessPatternRunner::buildTable(d->m_project, d->m_population);
    if (auto *error = std::get_if<QString>(&built))
        return ExportError {
            Kind::Input,
            QStringLiteral("%1: the items do not fit the table: %2").arg(projectPath, *error)};
    d->m_table = std::shared_ptr<const model::Table>(
        std::move(std::get<std::unique_ptr<model::Table>>(built)));

    const model::PatternResult result
        = model::AccessPatternRunner::run(d->m_project, d->m_population, *d->m_table, *pattern);
    if (result.error || !result.response)
        return ExportError {Kind::Input,
                            QStringLiteral("%1: access pattern '%2' does not run: %3")
                                .arg(projectPath, pattern->name,
                                     result.error ? result.error->message : result.explanation)};

    const model::QueryRequest &request = result.request;
    const model::QueryResponse &response = *result.response;
    model::TimelineOptions options;
    options.filterExpression = request.filterExpression;
    options.exclusiveStartKey = request.exclusiveStartKey;
    if (result.parentItem >= 0)
        options.parentItem = model::ItemId(result.parentItem);
    options.reducedMotion = true;
    options.consumedCapacity = response.consumedCapacity
        ? response.consumedCapacity->capacityUnits
        : model::QueryEngine::capacityUnits(response.trace.bytesRead, request.consistentRead);
    d->m_timeline = std::make_unique<model::TraceTimeline>(response.trace, *d->m_table, options);

    if (step && (*step < 0 || *step >= d->m_timeline->stepCount()))
        return ExportError {
            Kind::Request,
            QStringLiteral("step %1 is out of range: '%2' has steps 0 to %3 (or 'end')")
                .arg(*step)
                .arg(pattern->name)
                .arg(d->m_timeline->stepCount() - 1)};
    d->m_step = step.value_or(-1);

    d->m_rows = std::make_unique<CollectionRows>(d->m_table, request.indexName,
                                                 response.trace.partitionKey, &d->m_population,
                                                 CollectionView::entitiesOf(d->m_project));
    return d;
}

double ExportDiagram::captionHeight() const
{
    const QFontMetricsF metrics(m_style.textFont);
    const QSizeF natural = CollectionRenderer::naturalSize(m_style, m_rows->rowCount());
    const QRectF text = metrics.boundingRect(
        QRectF(0, 0, natural.width() - 2 * kCaptionPadding, 10000), Qt::TextWordWrap, caption());
    return std::ceil(text.height()) + 2 * kCaptionPadding;
}

QSizeF ExportDiagram::logicalSize() const
{
    const QSizeF natural = CollectionRenderer::naturalSize(m_style, m_rows->rowCount());
    // Whole points on a PDF page (72 per 96 pixels): multiples of 4 pixels.
    const auto fit = [](double v) { return std::ceil(v / 4) * 4; };
    return QSizeF(fit(natural.width()), fit(natural.height() + captionHeight()))
        .expandedTo(m_minimumSize);
}

QString ExportDiagram::caption() const
{
    if (!m_timeline || m_timeline->stepCount() == 0)
        return QString();
    if (m_step < 0) {
        const QString last = m_timeline->step(m_timeline->stepCount() - 1).narration;
        const QString summary = m_timeline->summary().text;
        return summary.isEmpty() ? last : last + QLatin1Char(' ') + summary;
    }
    return m_timeline->step(m_step).narration;
}

void ExportDiagram::paint(QPainter &painter) const
{
    const QSizeF natural = CollectionRenderer::naturalSize(m_style, m_rows->rowCount());
    const QSizeF size = logicalSize();
    painter.fillRect(QRectF(QPointF(0, 0), size), m_style.background);

    CollectionRenderState state;
    state.rows = m_rows.get();
    state.timeline = m_timeline.get();
    state.step = m_step;
    state.transition = m_transition;
    std::tie(state.paintedRowsFrom, state.paintedRowsTo) = m_paintedRows;
    const CollectionLayout layout(
        CollectionRenderer::layoutParams(m_style, state, natural, 1.0, 0.0));
    painter.save();
    painter.setClipRect(QRectF(QPointF(0, 0), natural));
    CollectionRenderer::paint(painter, layout, state, m_style);
    painter.restore();

    painter.save();
    painter.setPen(m_style.gridLine);
    painter.drawLine(QPointF(0, natural.height() + 0.5),
                     QPointF(natural.width(), natural.height() + 0.5));
    painter.setPen(m_style.text);
    painter.setFont(m_style.textFont);
    painter.drawText(QRectF(kCaptionPadding, natural.height() + kCaptionPadding,
                            natural.width() - 2 * kCaptionPadding,
                            size.height() - natural.height() - 2 * kCaptionPadding),
                     Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, caption());
    painter.restore();
}

QImage ExportDiagram::toImage(double scale) const
{
    const QSizeF size = logicalSize();
    QImage image((size * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    painter.scale(scale, scale);
    paint(painter);
    painter.end();
    return image;
}

QByteArray ExportDiagram::toSvg() const
{
    const QSizeF size = logicalSize();
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(size.toSize());
    generator.setViewBox(QRectF(QPointF(0, 0), size));
    generator.setResolution(96);
    generator.setTitle(kTitle);
    generator.setDescription(caption());
    QPainter painter(&generator);
    painter.setRenderHint(QPainter::Antialiasing);
    paint(painter);
    painter.end();
    return bytes;
}

QByteArray ExportDiagram::toPdf() const
{
    const QSizeF size = logicalSize();
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter writer(&buffer);
        writer.setCreator(QStringLiteral("Keyscope"));
        writer.setTitle(kTitle);
        // The page is the diagram: 96 logical pixels per inch, 72 points per inch.
        writer.setPageSize(
            QPageSize(size * 72.0 / 96.0, QPageSize::Point, QString(), QPageSize::ExactMatch));
        writer.setPageMargins(QMarginsF(0, 0, 0, 0));
        QPainter painter(&writer);
        // QPdfWriter paints at 1200 dpi: map the logical size onto the whole page.
        painter.setWindow(QRectF(QPointF(0, 0), size).toRect());
        painter.setRenderHint(QPainter::Antialiasing);
        paint(painter);
        painter.end();
    }
    return bytes;
}

std::optional<ExportFormat> exportFormatNamed(const QString &name)
{
    const QString n = name.toLower();
    if (n == u"svg")
        return ExportFormat::Svg;
    if (n == u"png")
        return ExportFormat::Png;
    if (n == u"pdf")
        return ExportFormat::Pdf;
    if (n == u"frames")
        return ExportFormat::Frames;
    return std::nullopt;
}

std::optional<ExportFormat> exportFormatForPath(const QString &path)
{
    return exportFormatNamed(QFileInfo(path).suffix());
}

ExportError exportDiagram(const ExportRequest &request)
{
    using Kind = ExportError::Kind;
    const std::optional<ExportFormat> format
        = request.format ? request.format : exportFormatForPath(request.outputPath);
    if (!format)
        return {Kind::Request,
                QStringLiteral("cannot tell the format from '%1': use --format svg|png|pdf")
                    .arg(request.outputPath)};
    if (!(request.scale > 0) || request.scale > 16)
        return {Kind::Request, QStringLiteral("--scale must be between 0 and 16")};
    if (request.animated || *format == ExportFormat::Frames)
        return exportAnimation(request, *format);

    auto created = ExportDiagram::create(request.projectPath, request.pattern, request.step);
    if (auto *error = std::get_if<ExportError>(&created))
        return *error;
    const ExportDiagram &diagram = *std::get<std::unique_ptr<ExportDiagram>>(created);

    QByteArray bytes;
    switch (*format) {
    case ExportFormat::Svg:
        bytes = diagram.toSvg();
        break;
    case ExportFormat::Pdf:
        bytes = diagram.toPdf();
        break;
    case ExportFormat::Png: {
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        if (!diagram.toImage(request.scale).save(&buffer, "PNG"))
            return {Kind::Output, QStringLiteral("could not encode the PNG")};
        break;
    }
    case ExportFormat::Frames: // handled by exportAnimation above
        break;
    }
    QSaveFile file(request.outputPath);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return {Kind::Output, QStringLiteral("%1: %2").arg(request.outputPath, file.errorString())};
    return {};
}

} // namespace keyscope::ui
