#include "ui/export/diagramexporter.h"

#include "model/design/designrun.h"
#include "model/design/projectfile.h"
#include "model/io/standardoutput.h"
#include "ui/collection/collectionlayout.h"
#include "ui/collection/collectionrenderer.h"
#include "ui/collection/collectionview.h"
#include "ui/export/animationexport.h"
#include "ui/export/comparediagram.h"
#include "ui/export/lessonpage.h"

#include <QBuffer>
#include <QFile>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSvgGenerator>
#include <QXmlStreamReader>

#include <algorithm>
#include <cmath>

namespace keyscope::ui {

namespace {

constexpr double kCaptionPadding = 8;
// Fixed metadata (no dates, no ids): identical inputs give byte-identical SVG.
const QString kTitle = QStringLiteral("Keyscope diagram");

// Whole points on a PDF page (72 per 96 pixels): multiples of 4 pixels.
double fitToPoints(double v)
{
    return std::ceil(v / 4) * 4;
}

const model::AccessPattern *exportedPattern(const model::Project &project, const QString &name)
{
    const model::AccessPattern *found = nullptr;
    for (const model::AccessPattern &p : project.accessPatterns) {
        if (p.name == name)
            found = &p;
    }
    return found;
}

ExportError noSuchPattern(const model::Project &project, const QString &name, const QString &path)
{
    QStringList names;
    for (const model::AccessPattern &p : project.accessPatterns)
        names << QLatin1Char('\'') + p.name + QLatin1Char('\'');
    return ExportError {ExportError::Kind::Request,
                        names.isEmpty()
                            ? QStringLiteral("%1: the project has no access patterns").arg(path)
                            : QStringLiteral("no access pattern '%1' in %2; the project has: %3")
                                  .arg(name, path, names.join(QStringLiteral(", ")))};
}

// The pattern's Query fails on the design; a Query given on the command line is rejected.
ExportError doesNotRun(const model::DesignRunError &error, const model::AccessPattern *pattern,
                       const QString &path)
{
    if (pattern)
        return ExportError {ExportError::Kind::Input,
                            QStringLiteral("%1: access pattern '%2' does not run: %3")
                                .arg(path, pattern->name, error.message)};
    return ExportError {
        ExportError::Kind::Rejected,
        QStringLiteral("%1: the Query is rejected (%2): %3").arg(path, error.type, error.message)};
}

ExportError stepOutOfRange(int step, const model::TraceTimeline &timeline,
                           const model::AccessPattern *pattern, const QString &path)
{
    const QString subject = pattern ? QLatin1Char('\'') + pattern->name + QLatin1Char('\'')
                                    : QStringLiteral("the Query");
    return ExportError {
        ExportError::Kind::Request,
        QStringLiteral("step %1 is out of range: %2 in %3 has steps 0 to %4 (or 'end')")
            .arg(step)
            .arg(subject, path)
            .arg(timeline.stepCount() - 1)};
}

// What the diagram of a pattern's (or a Query's) answer draws, but its timeline; the project's
// name, empty when it has none.
ExportDiagram::Source sourceOf(const model::Project &project, const model::PreparedDesign &design,
                               const model::DesignAnswer &answer,
                               const model::AccessPattern *pattern)
{
    ExportDiagram::Source source;
    source.table = design.table;
    source.population = design.population;
    source.entities = CollectionView::entitiesOf(project);
    source.indexName = answer.request.indexName;
    source.partitionKey = answer.response.trace.partitionKey;
    source.projectName = project.name;
    if (pattern) {
        source.patternName = pattern->name;
        source.patternDescription = pattern->description;
    }
    source.request = answer.request;
    return source;
}

} // namespace

std::variant<std::unique_ptr<ExportDiagram>, ExportError>
ExportDiagram::create(const QString &projectPath, const QString &patternName,
                      std::optional<int> step)
{
    return load(projectPath, patternName, std::nullopt, std::nullopt, step);
}

std::variant<std::unique_ptr<ExportDiagram>, ExportError>
ExportDiagram::load(const QString &projectPath, const QString &patternName,
                    const std::optional<model::QueryRequest> &query, std::optional<quint64> seed,
                    std::optional<int> step, const ExportLook &look)
{
    using Kind = ExportError::Kind;
    auto read = model::ProjectFile::read(projectPath);
    if (auto *errors = std::get_if<std::vector<model::IoError>>(&read)) {
        QStringList lines;
        for (const model::IoError &error : *errors)
            lines << error.toString();
        return ExportError {Kind::Input, lines.join(QLatin1Char('\n'))};
    }
    const model::Project project = std::get<model::Project>(std::move(read));
    const model::AccessPattern *pattern = nullptr;
    if (!query) {
        pattern = exportedPattern(project, patternName);
        if (!pattern)
            return noSuchPattern(project, patternName, projectPath);
    }

    auto prepared = model::DesignRun::prepare(project, seed);
    if (auto *error = std::get_if<model::DesignRunError>(&prepared)) {
        const QString problem = error->stage == model::DesignRunError::Stage::Table
            ? QStringLiteral("the items do not fit the table: ") + error->message
            : error->withPath();
        return ExportError {Kind::Input, projectPath + QStringLiteral(": ") + problem};
    }
    const model::PreparedDesign &design = std::get<model::PreparedDesign>(prepared);
    auto answered = pattern ? model::DesignRun::pattern(project, design, *pattern)
                            : model::DesignRun::query(*design.table, *query);
    if (auto *error = std::get_if<model::DesignRunError>(&answered))
        return doesNotRun(*error, pattern, projectPath);
    const model::DesignAnswer &answer = std::get<model::DesignAnswer>(answered);
    auto timeline = model::DesignRun::timeline(*design.table, answer, true);
    if (step && (*step < 0 || *step >= timeline->stepCount()))
        return stepOutOfRange(*step, *timeline, pattern, projectPath);

    Source source = sourceOf(project, design, answer, pattern);
    source.timeline = timeline;
    if (source.projectName.isEmpty())
        source.projectName = QFileInfo(projectPath).fileName();
    return fromSource(std::move(source), step, look);
}

std::unique_ptr<ExportDiagram> ExportDiagram::fromSource(Source source, std::optional<int> step,
                                                         const ExportLook &look)
{
    std::unique_ptr<ExportDiagram> d(new ExportDiagram);
    d->m_source = std::move(source);
    d->m_look = look;
    d->m_style = CollectionStyle::exportStyle(look.dark);
    // Docs pages are white: the light export sits on white unless told otherwise; the dark
    // one keeps its own page colour.
    if (look.background.isValid())
        d->m_style.background = look.background;
    else if (!look.dark)
        d->m_style.background = Qt::white;
    d->m_step = step.value_or(-1);
    if (d->m_source.timeline && d->m_step >= d->m_source.timeline->stepCount())
        d->m_step = -1;
    d->m_rows = std::make_unique<CollectionRows>(
        d->m_source.table, d->m_source.indexName, d->m_source.partitionKey,
        d->m_source.population.get(), d->m_source.entities);
    d->computeWindow();
    d->buildLegend(false);
    return d;
}

CollectionLayout ExportDiagram::layoutAt(int step) const
{
    CollectionRenderState state;
    state.rows = m_rows.get();
    state.timeline = m_source.timeline.get();
    state.step = step;
    return CollectionLayout(layoutParams(state));
}

CollectionLabels ExportDiagram::labelsAt(int step) const
{
    CollectionRenderState state;
    state.rows = m_rows.get();
    state.timeline = m_source.timeline.get();
    state.step = step;
    return CollectionLabels::compute(layoutAt(step), state, m_style);
}

void ExportDiagram::buildLegend(bool everyStep)
{
    m_legend = DiagramLegend();
    if (!m_look.legend)
        return;
    // The legend names what the picture draws: at its step, or at any step of an animation.
    std::set<quint8> entities;
    std::set<TraceMark> marks;
    const auto gather = [&](int step) {
        const CollectionLabels labels = labelsAt(step);
        entities.insert(labels.entities().begin(), labels.entities().end());
        marks.insert(labels.marks().begin(), labels.marks().end());
    };
    gather(m_step);
    const int steps = m_source.timeline ? m_source.timeline->stepCount() : 0;
    for (int step = 0; everyStep && step < steps; ++step)
        gather(step);
    const model::StopReason stop
        = m_source.timeline ? m_source.timeline->trace().stop : model::StopReason::Limit;
    m_legend = DiagramLegend(m_style, m_rows.get(), entities, marks, stop);
}

void ExportDiagram::setLegendCoversEveryStep()
{
    buildLegend(true);
}

std::variant<RowWindow, QString> parseRowWindow(const QString &text, int context)
{
    RowWindow window;
    window.context = context;
    if (context < 0 || context > 1000)
        return QStringLiteral("--context must be between 0 and 1000 rows (got %1)").arg(context);
    const QString t = text.trimmed().toLower();
    if (t.isEmpty() || t == u"auto")
        return window;
    if (t == u"all") {
        window.mode = RowWindow::Mode::All;
        return window;
    }
    if (t == u"touched") {
        window.mode = RowWindow::Mode::Touched;
        return window;
    }
    static const QRegularExpression range(QStringLiteral("^(\\d+)-(\\d+)$"));
    const QRegularExpressionMatch m = range.match(t);
    bool okFirst = false, okLast = false;
    const qsizetype first = m.hasMatch() ? m.captured(1).toLongLong(&okFirst) : 0;
    const qsizetype last = m.hasMatch() ? m.captured(2).toLongLong(&okLast) : 0;
    if (!okFirst || !okLast || first < 1 || last < first)
        return QStringLiteral("--rows '%1' is not a row window: use auto, all, touched or FROM-TO "
                              "(1-based row positions, FROM <= TO, e.g. 41200-41260)")
            .arg(text);
    window.mode = RowWindow::Mode::Range;
    window.first = first;
    window.last = last;
    return window;
}

void ExportDiagram::computeWindow()
{
    m_window.clear();
    const qsizetype n = m_rows->rowCount();
    const RowWindow &w = m_look.rows;
    if (n == 0 || w.mode == RowWindow::Mode::All
        || (w.mode == RowWindow::Mode::Auto && n <= kMaxDrawnRows))
        return;
    std::vector<std::pair<qsizetype, qsizetype>> spans;
    const qsizetype c = std::max(0, w.context);
    const auto around = [&](qsizetype first, qsizetype last) { // rows first..last inclusive
        spans.emplace_back(std::max<qsizetype>(0, first - c), std::min(n, last + 1 + c));
    };
    if (w.mode == RowWindow::Mode::Range) {
        spans.emplace_back(std::min(n, w.first - 1), std::min(n, w.last));
    } else {
        const model::TraceTimeline *timeline = m_source.timeline.get();
        const bool traced = timeline && timeline->trace().partitionFound;
        if (traced) {
            const model::QueryTrace &t = timeline->trace();
            // The seek's probes land far apart: each keeps its own row, the rows between
            // are elided.
            for (const model::SeekProbe &probe : t.probes)
                spans.emplace_back(qsizetype(probe.position), qsizetype(probe.position) + 1);
            if (!t.visits.empty()) {
                qsizetype lo = n, hi = -1;
                for (const model::TraceVisit &v : t.visits) {
                    lo = std::min(lo, qsizetype(v.position));
                    hi = std::max(hi, qsizetype(v.position));
                }
                // A read longer than the picture keeps its two ends; its middle is elided.
                const qsizetype edge = kMaxDrawnRows / 4;
                if (hi - lo + 1 > 2 * edge) {
                    around(lo, lo + edge - 1);
                    around(hi - edge + 1, hi);
                } else {
                    around(lo, hi);
                }
            } else if (t.startPosition < t.partitionSize) {
                around(qsizetype(t.startPosition), qsizetype(t.startPosition));
            }
            if (t.sortCondition) {
                // Both bounds of the key condition, from the rows on either side of them.
                around(qsizetype(t.rangeBegin) - 1, qsizetype(t.rangeBegin));
                around(qsizetype(t.rangeEnd) - 1, qsizetype(t.rangeEnd));
            }
            if (t.lastEvaluatedPosition)
                around(qsizetype(*t.lastEvaluatedPosition), qsizetype(*t.lastEvaluatedPosition));
        }
        if (!traced || spans.empty())
            spans.emplace_back(0, std::min<qsizetype>(n, 2 * c + 1)); // nothing touched: the start
    }
    std::sort(spans.begin(), spans.end());
    for (const auto &span : spans) {
        if (span.second <= span.first)
            continue;
        // Spans a few rows apart join: an elision must save more room than it takes.
        if (!m_window.empty() && span.first <= m_window.back().second + 2)
            m_window.back().second = std::max(m_window.back().second, span.second);
        else
            m_window.push_back(span);
    }
    if (w.mode != RowWindow::Mode::Range && m_window.size() == 1
        && m_window.front() == std::pair<qsizetype, qsizetype>(0, n))
        m_window.clear();
}

qsizetype ExportDiagram::drawnRowCount() const
{
    if (m_window.empty())
        return m_rows->rowCount();
    qsizetype count = 0;
    for (const auto &[first, end] : m_window)
        count += end - first;
    return count;
}

double ExportDiagram::rowCenterY(qsizetype row) const
{
    CollectionRenderState state;
    state.rows = m_rows.get();
    return CollectionLayout(layoutParams(state)).rowCenterY(row);
}

QString ExportDiagram::pictureLimitMessage() const
{
    if (drawnRowCount() <= kMaxDrawnRows)
        return QString();
    if (m_window.empty())
        return QStringLiteral(
                   "the collection %1 has %2 items; --rows all draws every row and stops "
                   "at %3: leave --rows at auto (the rows the Query touches), give "
                   "--rows FROM-TO, or export Markdown (--format md)")
            .arg(m_rows->partitionLabel())
            .arg(m_rows->rowCount())
            .arg(kMaxDrawnRows);
    return QStringLiteral("the row window of the collection %1 has %2 rows; pictures stop at %3: "
                          "give a shorter --rows FROM-TO or a smaller --context, or export "
                          "Markdown (--format md)")
        .arg(m_rows->partitionLabel())
        .arg(drawnRowCount())
        .arg(kMaxDrawnRows);
}

QString ExportDiagram::subjectName() const
{
    return m_source.patternName.isEmpty() ? QStringLiteral("Query") : m_source.patternName;
}

CollectionLayout::Params ExportDiagram::layoutParams(const CollectionRenderState &state) const
{
    const QSizeF natural = collectionSize();
    CollectionLayout::Params params
        = CollectionRenderer::layoutParams(m_style, state, natural, 1.0, 0.0);
    params.window = m_window;
    params.elisionHeight = m_style.rowHeight;
    return params;
}

QSizeF ExportDiagram::collectionSize() const
{
    if (m_window.empty())
        return CollectionRenderer::naturalSize(m_style, m_rows->rowCount());
    CollectionLayout::Params params;
    params.rowCount = m_rows->rowCount();
    params.window = m_window;
    params.elisionHeight = m_style.rowHeight;
    const QSizeF natural = CollectionRenderer::naturalSize(m_style, 1);
    return QSizeF(natural.width(),
                  m_style.headerHeight + CollectionLayout::windowHeight(params, m_style.rowHeight));
}

double ExportDiagram::captionHeight() const
{
    const QString text = caption();
    if (text.isEmpty() || !m_look.caption)
        return 0;
    const QFontMetricsF metrics(m_style.textFont);
    const QRectF box
        = metrics.boundingRect(QRectF(0, 0, collectionSize().width() - 2 * kCaptionPadding, 10000),
                               Qt::TextWordWrap, text);
    return std::ceil(box.height()) + 2 * kCaptionPadding;
}

QString ExportDiagram::titleLine() const
{
    QStringList names;
    for (const QString &name : {m_source.projectName, subjectName()}) {
        if (!name.isEmpty())
            names << name;
    }
    return names.join(QStringLiteral(" · "));
}

QString ExportDiagram::queryLine() const
{
    const std::optional<model::QueryRequest> &request = m_source.request;
    if (!request)
        return QString();
    const QString table = !request->tableName.isEmpty() || !m_source.table
        ? request->tableName
        : m_source.table->definition().tableName;
    QStringList parts;
    parts << (request->indexName.isEmpty()
                  ? QStringLiteral("Query %1").arg(table)
                  : QStringLiteral("Query %1, index %2").arg(table, request->indexName));
    parts << request->keyConditionExpression;
    if (request->expressionAttributeValues) {
        for (const auto &[name, value] : *request->expressionAttributeValues)
            parts << QStringLiteral("%1 = '%2'").arg(name, model::keyValueText(value));
    }
    if (request->filterExpression)
        parts << QStringLiteral("FilterExpression %1").arg(*request->filterExpression);
    parts << (request->scanIndexForward ? QStringLiteral("forward")
                                        : QStringLiteral("backward (ScanIndexForward false)"));
    if (request->limit)
        parts << QStringLiteral("Limit %1").arg(*request->limit);
    if (request->exclusiveStartKey)
        parts << QStringLiteral("from an ExclusiveStartKey");
    return parts.join(QStringLiteral(" · "));
}

// The title (bold) and the Query (keys' font) wrap at spaces when wider than the diagram;
// nothing is cut.
double ExportDiagram::headingHeight() const
{
    if (!m_look.heading || !m_source.request)
        return 0;
    const double width = collectionSize().width() - 2 * kCaptionPadding;
    QFont bold = m_style.textFont;
    bold.setBold(true);
    double height = kCaptionPadding;
    if (m_titleShown)
        height += std::ceil(
                      QFontMetricsF(bold)
                          .boundingRect(QRectF(0, 0, width, 10000), Qt::TextWordWrap, titleLine())
                          .height())
            + 2;
    height += std::ceil(QFontMetricsF(m_style.monoFont)
                            .boundingRect(QRectF(0, 0, width, 10000), Qt::TextWordWrap, queryLine())
                            .height());
    return height;
}

double ExportDiagram::paintHeading(QPainter &painter, double y, double width) const
{
    const double height = headingHeight();
    if (height <= 0)
        return y;
    const QRectF box(kCaptionPadding, y + kCaptionPadding, width - 2 * kCaptionPadding, height);
    double top = box.top();
    if (m_titleShown) {
        QFont bold = m_style.textFont;
        bold.setBold(true);
        painter.setFont(bold);
        painter.setPen(m_style.text);
        QRectF used;
        painter.drawText(QRectF(box.left(), top, box.width(), box.height()),
                         Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, titleLine(), &used);
        top = used.bottom() + 2;
    }
    painter.setFont(m_style.monoFont);
    painter.setPen(m_style.dimText);
    painter.drawText(QRectF(box.left(), top, box.width(), box.bottom() - top),
                     Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, queryLine());
    return y + height;
}

double ExportDiagram::legendHeight() const
{
    return m_look.legend ? std::ceil(m_legend.heightForWidth(collectionSize().width())) : 0;
}

QSizeF ExportDiagram::logicalSize() const
{
    const QSizeF natural = collectionSize();
    return QSizeF(
               fitToPoints(natural.width()),
               fitToPoints(natural.height() + legendHeight() + headingHeight() + captionHeight()))
        .expandedTo(m_minimumSize);
}

QString ExportDiagram::caption() const
{
    const model::TraceTimeline *timeline = m_source.timeline.get();
    if (!timeline || timeline->stepCount() == 0)
        return QString();
    if (m_step < 0) {
        QString last = timeline->step(timeline->stepCount() - 1).narration;
        const QString summary = timeline->summary().text;
        if (summary.isEmpty())
            return last;
        if (!last.isEmpty() && !last.endsWith(QLatin1Char('.')) && !last.endsWith(QLatin1Char('}')))
            last += QLatin1Char('.');
        return last + QLatin1Char(' ') + summary;
    }
    return timeline->step(m_step).narration;
}

void ExportDiagram::paint(QPainter &painter) const
{
    const QSizeF natural = collectionSize();
    const QSizeF size = logicalSize();
    painter.fillRect(QRectF(QPointF(0, 0), size), m_style.background);

    CollectionRenderState state;
    state.rows = m_rows.get();
    state.timeline = m_source.timeline.get();
    state.step = m_step;
    state.transition = m_transition;
    std::tie(state.paintedRowsFrom, state.paintedRowsTo) = m_paintedRows;
    const CollectionLayout layout(layoutParams(state));
    painter.save();
    painter.setClipRect(QRectF(QPointF(0, 0), natural));
    CollectionRenderer::paint(painter, layout, state, m_style);
    painter.restore();

    double y = natural.height();
    painter.save();
    painter.setPen(m_style.gridLine);
    painter.drawLine(QPointF(0, y + 0.5), QPointF(natural.width(), y + 0.5));
    const double legend = legendHeight();
    if (legend > 0) {
        m_legend.paint(painter, QRectF(0, y, natural.width(), legend));
        y += legend;
        painter.setPen(m_style.gridLine);
        painter.drawLine(QPointF(kCaptionPadding, y + 0.5),
                         QPointF(natural.width() - kCaptionPadding, y + 0.5));
    }
    y = paintHeading(painter, y, natural.width());
    if (!m_look.caption) {
        painter.restore();
        return;
    }
    painter.setPen(m_style.text);
    painter.setFont(m_style.textFont);
    painter.drawText(QRectF(kCaptionPadding, y + kCaptionPadding,
                            natural.width() - 2 * kCaptionPadding,
                            std::max(0.0, size.height() - y - 2 * kCaptionPadding)),
                     Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, caption());
    painter.restore();
}

std::vector<std::pair<QString, QString>> ExportDiagram::elidedKeys() const
{
    std::vector<std::pair<QString, QString>> elided;
    for (const auto &[shown, full, kind] : shortened()) {
        if (kind == CollectionLabel::Kind::SortKey || kind == CollectionLabel::Kind::TableKey)
            elided.emplace_back(shown, full);
    }
    return elided;
}

std::vector<std::pair<QString, QString>> ExportDiagram::shortenedTexts() const
{
    std::vector<std::pair<QString, QString>> texts;
    for (const auto &[shown, full, kind] : shortened())
        texts.emplace_back(shown, full);
    return texts;
}

std::vector<std::tuple<QString, QString, CollectionLabel::Kind>> ExportDiagram::shortened() const
{
    // The label pass knows which texts it shortened, in the order the renderer paints them.
    std::vector<std::tuple<QString, QString, CollectionLabel::Kind>> out;
    const CollectionLabels labels = labelsAt(m_step);
    for (const CollectionLabel &label : labels.labels()) {
        if (label.shortened())
            out.emplace_back(label.text, label.fullText, label.kind);
    }
    return out;
}

QImage ExportDiagram::toImage(double scale) const
{
    return renderDiagramImage(logicalSize(), scale, m_style.background,
                              [this](QPainter &p) { paint(p); });
}

QByteArray ExportDiagram::toSvg() const
{
    return renderDiagramSvg(
        logicalSize(), caption(), [this](QPainter &p) { paint(p); }, shortenedTexts());
}

QByteArray ExportDiagram::toPdf() const
{
    return renderDiagramPdf(logicalSize(), [this](QPainter &p) { paint(p); });
}

QString imageScaleProblem(double scale)
{
    if (scale >= kMinImageScale && scale <= kMaxImageScale) // false for NaN
        return {};
    return QStringLiteral("the scale must be from %1 to %2 (PNG pixels per diagram pixel)")
        .arg(kMinImageScale)
        .arg(kMaxImageScale);
}

QString imageSizeProblem(const QSizeF &size, double scale)
{
    if (QString problem = imageScaleProblem(scale); !problem.isEmpty())
        return problem;
    const QSize pixels = (size * scale).toSize();
    const qint64 area = qint64(pixels.width()) * pixels.height();
    if (pixels.width() >= 1 && pixels.height() >= 1 && pixels.width() <= kMaxImageSide
        && pixels.height() <= kMaxImageSide && area <= kMaxImagePixels)
        return {};
    const QString what = QStringLiteral("at scale %1 the PNG would be %2 x %3 pixels")
                             .arg(scale)
                             .arg(pixels.width())
                             .arg(pixels.height());
    if (pixels.width() < 1 || pixels.height() < 1)
        return what + QStringLiteral(": use a larger scale");
    const double fits
        = std::min({double(kMaxImageSide) / size.width(), double(kMaxImageSide) / size.height(),
                    std::sqrt(double(kMaxImagePixels) / (size.width() * size.height()))});
    return what
        + QStringLiteral(", more than Keyscope paints (%1 pixels a side, %2 million pixels); "
                         "use a scale of at most %3")
              .arg(kMaxImageSide)
              .arg(kMaxImagePixels / 1'000'000)
              .arg(std::floor(fits * 100) / 100);
}

QImage renderDiagramImage(const QSizeF &size, double scale, const QColor &background,
                          const DiagramPaint &paint)
{
    if (!imageSizeProblem(size, scale).isEmpty())
        return QImage();
    QImage image((size * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
    image.fill(background.alpha() == 255 ? background : QColor(Qt::transparent));
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    painter.scale(scale, scale);
    paint(painter);
    painter.end();
    return image;
}

QByteArray paintDiagramSvg(const QSizeF &size, const DiagramPaint &paint, const QString &title,
                           const QString &description)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(size.toSize());
    generator.setViewBox(QRectF(QPointF(0, 0), size));
    generator.setResolution(96);
    if (!title.isEmpty())
        generator.setTitle(title);
    // QSvgGenerator writes the description as is: escape it ("'a' < 'b'" in a caption).
    if (!description.isEmpty())
        generator.setDescription(description.toHtmlEscaped());
    QPainter painter(&generator);
    painter.setRenderHint(QPainter::Antialiasing);
    paint(painter);
    painter.end();
    return bytes;
}

QByteArray renderDiagramSvg(const QSizeF &size, const QString &description,
                            const DiagramPaint &paint,
                            const std::vector<std::pair<QString, QString>> &titles)
{
    const QByteArray bytes = paintDiagramSvg(size, paint, kTitle, description);
    return titles.empty() ? bytes : addSvgTitles(bytes, titles);
}

QByteArray encodePng(const QImage &image)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!image.save(&buffer, "PNG"))
        return {};
    return bytes;
}

QByteArray renderDiagramPdf(const QSizeF &size, const DiagramPaint &paint)
{
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

QByteArray addSvgTitles(const QByteArray &svg,
                        const std::vector<std::pair<QString, QString>> &titles)
{
    if (titles.empty())
        return svg;
    // QSvgGenerator writes each run of text as one <text ...>escaped</text> element.
    static const QRegularExpression textElement(QStringLiteral("<text [^>]*>([^<]*)</text>"));
    const QString source = QString::fromUtf8(svg);
    QString out;
    out.reserve(source.size() + 64 * qsizetype(titles.size()));
    qsizetype last = 0;
    size_t next = 0;
    auto it = textElement.globalMatch(source);
    while (it.hasNext() && next < titles.size()) {
        const QRegularExpressionMatch match = it.next();
        // Unescape the element's text through the XML reader.
        QXmlStreamReader reader(QStringLiteral("<t>") + match.captured(1) + QStringLiteral("</t>"));
        reader.readNextStartElement();
        const QString text = reader.readElementText();
        if (text != titles[next].first)
            continue;
        out += QStringView(source).mid(last, match.capturedStart() - last);
        out += QStringLiteral("<g><title>") + titles[next].second.toHtmlEscaped()
            + QStringLiteral("</title>") + match.captured(0) + QStringLiteral("</g>");
        last = match.capturedEnd();
        ++next;
    }
    out += QStringView(source).mid(last);
    return out.toUtf8();
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
    if (n == u"md" || n == u"markdown")
        return ExportFormat::Markdown;
    if (n == u"frames")
        return ExportFormat::Frames;
    if (n == u"html" || n == u"htm")
        return ExportFormat::Html;
    return std::nullopt;
}

std::optional<ExportFormat> exportFormatForPath(const QString &path)
{
    return exportFormatNamed(QFileInfo(path).suffix());
}

QString exportFormatSuffix(ExportFormat format)
{
    switch (format) {
    case ExportFormat::Svg:
        return QStringLiteral("svg");
    case ExportFormat::Png:
        return QStringLiteral("png");
    case ExportFormat::Pdf:
        return QStringLiteral("pdf");
    case ExportFormat::Markdown:
        return QStringLiteral("md");
    case ExportFormat::Html:
        return QStringLiteral("html");
    case ExportFormat::Frames:
        return QString();
    }
    return QString();
}

namespace {

// One diagram (ExportDiagram) or a before/after pair (CompareDiagram) as one file's bytes.
template<class Diagram>
std::variant<QByteArray, ExportError> encodeDiagram(const Diagram &diagram, ExportFormat format,
                                                    double scale)
{
    using Kind = ExportError::Kind;
    switch (format) {
    case ExportFormat::Svg:
        return diagram.toSvg();
    case ExportFormat::Pdf:
        return diagram.toPdf();
    case ExportFormat::Markdown:
        return diagram.toMarkdown();
    case ExportFormat::Frames: // exportAnimation
    case ExportFormat::Html:   // exportLessonPage
        break;
    case ExportFormat::Png: {
        if (const QString problem = imageSizeProblem(diagram.logicalSize(), scale);
            !problem.isEmpty())
            return ExportError {Kind::Request, problem};
        const QByteArray bytes = encodePng(diagram.toImage(scale));
        if (bytes.isEmpty())
            return ExportError {Kind::Output, QStringLiteral("could not encode the PNG")};
        return bytes;
    }
    }
    return ExportError {Kind::Request, QStringLiteral("unknown format")};
}

} // namespace

std::variant<QByteArray, ExportError> exportBytes(const ExportRequest &request)
{
    using Kind = ExportError::Kind;
    const std::optional<ExportFormat> format
        = request.format ? request.format : exportFormatForPath(request.outputPath);
    if (!format)
        return ExportError {
            Kind::Request,
            QStringLiteral("cannot tell the format from '%1': use --format svg|png|pdf|md")
                .arg(request.outputPath)};
    if (const QString problem = imageScaleProblem(request.scale); !problem.isEmpty())
        return ExportError {Kind::Request, problem};
    if (request.animated || *format == ExportFormat::Frames || *format == ExportFormat::Html)
        return ExportError {Kind::Request,
                            QStringLiteral("the animated SVG, PNG frames and the lesson page are "
                                           "written by exportDiagram, not by exportBytes")};

    auto created = ExportDiagram::load(request.projectPath, request.pattern, request.query,
                                       request.seed, request.step, request.look);
    if (auto *error = std::get_if<ExportError>(&created))
        return *error;
    std::unique_ptr<ExportDiagram> diagram
        = std::move(std::get<std::unique_ptr<ExportDiagram>>(created));
    if (*format != ExportFormat::Markdown) {
        if (const QString limit = diagram->pictureLimitMessage(); !limit.isEmpty())
            return ExportError {Kind::Request,
                                QStringLiteral("%1: %2").arg(request.projectPath, limit)};
    }

    if (!request.compareProjectPath.isEmpty()) {
        auto other = ExportDiagram::load(request.compareProjectPath, request.pattern, request.query,
                                         request.seed, request.step, request.look);
        if (auto *error = std::get_if<ExportError>(&other))
            return *error;
        if (*format != ExportFormat::Markdown) {
            const auto &right = *std::get<std::unique_ptr<ExportDiagram>>(other);
            if (const QString limit = right.pictureLimitMessage(); !limit.isEmpty())
                return ExportError {
                    Kind::Request, QStringLiteral("%1: %2").arg(request.compareProjectPath, limit)};
        }
        const CompareDiagram compare(std::move(diagram),
                                     std::move(std::get<std::unique_ptr<ExportDiagram>>(other)));
        return encodeDiagram(compare, *format, request.scale);
    }
    return encodeDiagram(*diagram, *format, request.scale);
}

ExportError writeExportFile(const QString &path, const QByteArray &bytes)
{
    if (auto reason = model::writeOutput(path, bytes))
        return {ExportError::Kind::Output, path + QStringLiteral(": ") + *reason};
    return {};
}

ExportError exportDiagram(const ExportRequest &request)
{
    const std::optional<ExportFormat> format
        = request.format ? request.format : exportFormatForPath(request.outputPath);
    if (format == ExportFormat::Html && !request.animated)
        return exportLessonPage(request);
    if (request.predict)
        return {ExportError::Kind::Request,
                QStringLiteral("--predict belongs to a lesson page: add --format html")};
    if (format && (request.animated || *format == ExportFormat::Frames)) {
        if (const QString problem = imageScaleProblem(request.scale); !problem.isEmpty())
            return {ExportError::Kind::Request, problem};
        return exportAnimation(request, *format);
    }
    auto bytes = exportBytes(request);
    if (auto *error = std::get_if<ExportError>(&bytes))
        return *error;
    return writeExportFile(request.outputPath, std::get<QByteArray>(bytes));
}

} // namespace keyscope::ui
