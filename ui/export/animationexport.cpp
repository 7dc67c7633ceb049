#include "ui/export/animationexport.h"

#include "model/io/standardoutput.h"
#include "ui/export/animatedsvg.h"
#include "ui/export/framesequence.h"

namespace keyscope::ui {

ExportError exportAnimation(const ExportRequest &request, ExportFormat format)
{
    using Kind = ExportError::Kind;
    if (request.animated && format != ExportFormat::Svg)
        return {Kind::Request,
                QStringLiteral("--animated writes SVG only (use --format frames for PNG frames)")};
    if (request.step)
        return {Kind::Request,
                QStringLiteral("--step does not apply to %1: it shows every step")
                    .arg(request.animated ? QStringLiteral("--animated")
                                          : QStringLiteral("--format frames"))};

    if (format == ExportFormat::Frames && model::isStandardOutput(request.outputPath))
        return {Kind::Request,
                QStringLiteral("--format frames writes a directory of PNG files: give a "
                               "directory to -o instead of -")};
    if (!request.compareProjectPath.isEmpty())
        return {Kind::Request,
                QStringLiteral("--compare draws one step (svg, png, pdf or md); "
                               "it does not combine with %1")
                    .arg(request.animated ? QStringLiteral("--animated")
                                          : QStringLiteral("--format frames"))};
    // Theme, background, legend and any Query as for a static export.
    auto created = ExportDiagram::load(request.projectPath, request.pattern, request.query,
                                       request.seed, std::nullopt, request.look);
    if (auto *error = std::get_if<ExportError>(&created))
        return *error;
    ExportDiagram &diagram = *std::get<std::unique_ptr<ExportDiagram>>(created);
    if (const QString limit = diagram.pictureLimitMessage(); !limit.isEmpty())
        return {Kind::Request, QStringLiteral("%1: %2").arg(request.projectPath, limit)};

    if (format == ExportFormat::Frames) {
        if (const QString problem = imageSizeProblem(diagram.logicalSize(), request.scale);
            !problem.isEmpty())
            return {Kind::Request, problem};
        return writeFrameSequence(diagram, request.outputPath, request.scale,
                                  {request.projectPath});
    }

    QString message;
    const QByteArray bytes
        = animatedSvg(diagram, QStringLiteral("Keyscope: %1").arg(request.pattern), &message);
    if (bytes.isEmpty())
        return {Kind::Output, message};
    return writeExportFile(request.outputPath, bytes);
}

} // namespace keyscope::ui
