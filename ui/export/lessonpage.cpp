#include "ui/export/lessonpage.h"

#include "model/query/tracetimeline.h"
#include "ui/export/animatedsvg.h"
#include "ui/export/lessonquestions.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <map>

namespace keyscope::ui {

namespace {

QByteArray lessonResource(const QString &name)
{
    QFile file(QStringLiteral(":/lesson/") + name);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// The fonts the diagrams name, regular and bold, as @font-face rules carrying each font as a
// data: URL: DejaVu cut down to the characters the diagrams draw (ui/CMakeLists.txt puts them
// in the qrc). The page and its SVGs use them on machines without DejaVu too, so labels measure
// as the renderer laid them out. Empty when one is missing from the build.
QByteArray lessonFontFaces()
{
    struct LessonFont
    {
        const char *file;
        const char *family;
        const char *weight;
    };
    static constexpr LessonFont kLessonFonts[]
        = {{"DejaVuSans", "DejaVu Sans", "400"},
           {"DejaVuSans-Bold", "DejaVu Sans", "700"},
           {"DejaVuSansMono", "DejaVu Sans Mono", "400"},
           {"DejaVuSansMono-Bold", "DejaVu Sans Mono", "700"}};
    QByteArray css;
    for (const LessonFont &font : kLessonFonts) {
        const QByteArray bytes
            = lessonResource(QStringLiteral("fonts/%1.ttf").arg(QLatin1String(font.file)));
        if (bytes.isEmpty())
            return {};
        css += QByteArray("@font-face { font-family: \"") + font.family
            + "\"; font-weight: " + font.weight
            + "; font-style: normal; font-display: block;\n  src: url(data:font/ttf;base64,"
            + bytes.toBase64() + ") format(\"truetype\"); }\n";
    }
    return css;
}

QByteArray escapedHtml(const QString &text)
{
    return text.toHtmlEscaped().toUtf8();
}

// JSON inside <script type="application/json">: '<' only occurs in strings, where \u003c
// keeps "</script>" and "<!--" out of the page's markup.
QByteArray scriptJson(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact).replace("<", "\\u003c");
}

// Replaces each {{name}} of the template once, in one pass: inserted text is never read again.
QByteArray fillTemplate(const QByteArray &page, const std::map<QByteArray, QByteArray> &values)
{
    QByteArray out;
    out.reserve(page.size() + 1024);
    qsizetype at = 0;
    while (true) {
        const qsizetype open = page.indexOf("{{", at);
        const qsizetype close = open < 0 ? -1 : page.indexOf("}}", open);
        if (close < 0)
            break;
        const auto value = values.find(page.mid(open + 2, close - open - 2));
        if (value == values.end()) {
            out += page.mid(at, close + 2 - at);
        } else {
            out += page.mid(at, open - at);
            out += value->second;
        }
        at = close + 2;
    }
    out += page.mid(at);
    return out;
}

// The narration shown at a step (-1: the final state), as the static export's caption.
QString narrationAt(ExportDiagram &diagram, int step)
{
    diagram.setStep(step);
    return diagram.caption();
}

// What the script needs of one design: its steps' times, narrations and rows (for keeping the
// cursor in view), and where the rows are drawn (for answering by clicking a row).
QJsonObject designJson(ExportDiagram &diagram, const QString &label)
{
    const model::TraceTimeline *timeline = diagram.timeline();
    QJsonArray steps;
    const CollectionLayout layout = diagram.layoutAt(-1);
    for (int i = 0; timeline && i < timeline->stepCount(); ++i) {
        const model::TimelineStep &s = timeline->step(i);
        QJsonObject step {{QStringLiteral("start"), s.startMs},
                          {QStringLiteral("duration"), s.durationMs},
                          {QStringLiteral("settled"), stepLandsAt({i, s.startMs, s.durationMs})},
                          {QStringLiteral("narration"), narrationAt(diagram, i)}};
        if (s.row != model::QueryTrace::kNoRow)
            step.insert(QStringLiteral("y"), layout.rowCenterY(qsizetype(s.row)));
        steps.append(step);
    }
    const QRectF rows = layout.rowsRect();
    const QJsonObject geometry {{QStringLiteral("left"), rows.left()},
                                {QStringLiteral("width"), rows.width()},
                                {QStringLiteral("pitch"), diagram.style().rowHeight}};
    return {{QStringLiteral("label"), label},
            {QStringLiteral("total"), timeline ? timeline->totalDuration() : 0},
            {QStringLiteral("steps"), steps},
            {QStringLiteral("final"), narrationAt(diagram, -1)},
            {QStringLiteral("rows"), geometry}};
}

// Each step's narration as a list; a button per step jumps there.
QByteArray transcript(const QJsonObject &design)
{
    QByteArray items;
    const QJsonArray steps = design.value(QStringLiteral("steps")).toArray();
    for (qsizetype i = 0; i < steps.size(); ++i) {
        const QString narration = steps[i].toObject().value(QStringLiteral("narration")).toString();
        items += "<li><button type=\"button\" class=\"goto\" data-step=\"" + QByteArray::number(i)
            + "\">Step " + QByteArray::number(i + 1) + "</button> " + escapedHtml(narration)
            + "</li>\n";
    }
    items += "<li><button type=\"button\" class=\"goto\" data-step=\"end\">End</button> "
        + escapedHtml(design.value(QStringLiteral("final")).toString()) + "</li>\n";
    return "<details class=\"transcript\"><summary>Every step's narration</summary>\n<ol>\n" + items
        + "</ol>\n</details>\n";
}

QByteArray figure(const ExportDiagram &diagram, const QString &label, int index,
                  const QByteArray &svg, const QJsonObject &data)
{
    QByteArray out
        = "<figure class=\"design\" data-design=\"" + QByteArray::number(index) + "\">\n";
    out += "<figcaption>";
    // One design: the page's heading names it already.
    if (!label.isEmpty())
        out += "<span class=\"label\">" + escapedHtml(label) + "</span> <span class=\"name\">"
            + escapedHtml(diagram.projectName()) + "</span>";
    if (const QString query = diagram.queryLine(); !query.isEmpty())
        out += "<code class=\"query\">" + escapedHtml(query) + "</code>";
    out += "</figcaption>\n<div class=\"picture\">\n" + svg + "</div>\n";
    out += transcript(data);
    return out + "</figure>\n";
}

QString pageTitle(const std::vector<LessonPageDesign> &designs)
{
    const ExportDiagram &first = *designs.front().diagram;
    if (designs.size() == 1)
        return first.titleLine();
    QStringList labels;
    for (const LessonPageDesign &design : designs)
        labels << design.label;
    return QStringLiteral("%1 · %2").arg(first.subjectName(), labels.join(QStringLiteral(" and ")));
}

} // namespace

ExportLook lessonLook(ExportLook look)
{
    look.heading = false;
    look.caption = false;
    return look;
}

std::variant<QByteArray, ExportError> lessonPageHtml(std::vector<LessonPageDesign> &designs,
                                                     bool predict)
{
    using Kind = ExportError::Kind;
    if (designs.empty())
        return ExportError {Kind::Request, QStringLiteral("a lesson page needs a design")};
    if (predict && designs.size() > 1)
        return ExportError {Kind::Request,
                            QStringLiteral("--predict asks about one design: give --compare or "
                                           "--predict, not both")};
    QByteArray figures;
    QJsonArray data;
    for (size_t i = 0; i < designs.size(); ++i) {
        ExportDiagram &diagram = *designs[i].diagram;
        if (const QString limit = diagram.pictureLimitMessage(); !limit.isEmpty())
            return ExportError {Kind::Request, limit};
        QString error;
        const QByteArray prefix = "d" + QByteArray::number(qsizetype(i)) + '-';
        const QByteArray svg = playerSvg(diagram, prefix, diagram.titleLine(), &error);
        if (svg.isEmpty())
            return ExportError {Kind::Output, error};
        const QJsonObject design = designJson(diagram, designs[i].label);
        data.append(design);
        figures += figure(diagram, designs[i].label, int(i), svg, design);
    }
    QJsonObject page {{QStringLiteral("designs"), data}};
    if (predict)
        page.insert(QStringLiteral("predict"), lessonQuestionsJson(*designs.front().diagram));

    const QByteArray script = lessonResource(QStringLiteral("lesson.js"));
    const QByteArray style = lessonResource(QStringLiteral("lesson.css"));
    const QByteArray body = lessonResource(QStringLiteral("lesson.html"));
    const QByteArray fonts = lessonFontFaces();
    if (script.isEmpty() || style.isEmpty() || body.isEmpty() || fonts.isEmpty())
        return ExportError {Kind::Output,
                            QStringLiteral("the lesson page's resources are missing from this "
                                           "build of Keyscope (:/lesson)")};
    const QString description = designs.front().diagram->source().patternDescription;
    return fillTemplate(
        body,
        {{"title", escapedHtml(pageTitle(designs))},
         {"description",
          description.isEmpty() ? QByteArray()
                                : "<p class=\"about\">" + escapedHtml(description) + "</p>"},
         {"layout", designs.size() > 1 ? "compare" : "single"},
         {"figures", figures},
         {"fonts", fonts},
         {"style", style},
         {"data", scriptJson(page)},
         {"script", script}});
}

ExportError exportLessonPage(const ExportRequest &request)
{
    using Kind = ExportError::Kind;
    if (request.step)
        return {Kind::Request,
                QStringLiteral("--step does not apply to a lesson page: it plays every step")};
    if (request.scale != 1.0)
        return {Kind::Request, QStringLiteral("--scale applies to PNG only")};
    std::vector<LessonPageDesign> designs;
    const bool compare = !request.compareProjectPath.isEmpty();
    for (const QString &path : compare
             ? QStringList {request.projectPath, request.compareProjectPath}
             : QStringList {request.projectPath}) {
        auto created = ExportDiagram::load(path, request.pattern, request.query, request.seed,
                                           std::nullopt, lessonLook(request.look));
        if (auto *error = std::get_if<ExportError>(&created))
            return *error;
        designs.push_back(
            {std::move(std::get<std::unique_ptr<ExportDiagram>>(created)),
             compare ? (designs.empty() ? QStringLiteral("Before") : QStringLiteral("After"))
                     : QString()});
    }
    auto page = lessonPageHtml(designs, request.predict);
    if (auto *error = std::get_if<ExportError>(&page)) {
        if (error->kind == Kind::Request && error->message.startsWith(u"the "))
            error->message = request.projectPath + QStringLiteral(": ") + error->message;
        return *error;
    }
    return writeExportFile(request.outputPath, std::get<QByteArray>(page));
}

} // namespace keyscope::ui
