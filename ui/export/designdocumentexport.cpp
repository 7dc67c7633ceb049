#include "ui/export/designdocumentexport.h"

#include "model/cost/costreport.h"
#include "model/design/projectfile.h"
#include "model/doc/designdocument.h"
#include "model/io/fileset.h"
#include "ui/export/diagramexporter.h"

#include <QDir>
#include <QFileInfo>

namespace keyscope::ui {

namespace {

using namespace keyscope::model;

void report(const DesignDocumentRequest &request, const QString &step)
{
    if (request.progress)
        request.progress(step);
}

std::variant<QByteArray, QString> patternSvg(const DesignDocumentRequest &request,
                                             const QString &pattern)
{
    ExportRequest exportRequest;
    exportRequest.projectPath = request.projectPath;
    exportRequest.pattern = pattern;
    exportRequest.format = ExportFormat::Svg;
    exportRequest.seed = request.seed;
    auto bytes = exportBytes(exportRequest);
    if (auto *error = std::get_if<ExportError>(&bytes))
        return QStringLiteral("the diagram of '%1': %2").arg(pattern, error->message);
    return std::get<QByteArray>(bytes);
}

struct Analysis
{
    Project project;
    PreparedDesign design;
    doc::DesignDocumentParts parts;
};

std::variant<std::unique_ptr<Analysis>, QString> analyse(const DesignDocumentRequest &request)
{
    auto read = ProjectFile::read(request.projectPath);
    if (auto *errors = std::get_if<std::vector<IoError>>(&read))
        return errors->front().toString();
    auto analysis = std::make_unique<Analysis>();
    analysis->project = std::get<Project>(std::move(read));
    report(request, QStringLiteral("populating"));
    auto prepared = DesignRun::prepare(analysis->project, request.seed);
    if (auto *error = std::get_if<DesignRunError>(&prepared))
        return QStringLiteral("%1: %2").arg(request.projectPath, error->withPath());
    analysis->design = std::get<PreparedDesign>(std::move(prepared));
    doc::DesignDocumentParts &parts = analysis->parts;
    parts.project = &analysis->project;
    parts.population = analysis->design.population.get();
    report(request, QStringLiteral("running the design checks"));
    parts.findings = DesignChecker::check(analysis->project, *parts.population);
    report(request, QStringLiteral("running the access patterns"));
    parts.patterns = AccessPatternRunner::runAll(analysis->project, *parts.population,
                                                 *analysis->design.table);
    parts.kept = keptOperations(analysis->project, analysis->design.table.get());
    auto cost = CostReport::compute(analysis->project, analysis->design);
    if (auto *report = std::get_if<CostReport>(&cost))
        parts.cost = std::move(*report);
    return analysis;
}

} // namespace

std::variant<DesignDocumentFiles, QString> buildDesignDocument(const DesignDocumentRequest &request)
{
    auto analysed = analyse(request);
    if (auto *error = std::get_if<QString>(&analysed))
        return *error;
    Analysis &analysis = *std::get<std::unique_ptr<Analysis>>(analysed);
    const QString assets = doc::assetsFolderFor(request.outputPath);
    analysis.parts.assetsFolder = assets;
    std::map<QString, QByteArray> svgs;
    const auto &patterns = analysis.project.accessPatterns;
    for (std::size_t i = 0; i < patterns.size(); ++i) {
        report(request, QStringLiteral("drawing pattern %1 of %2").arg(i + 1).arg(patterns.size()));
        auto svg = patternSvg(request, patterns[i].name);
        if (auto *error = std::get_if<QString>(&svg))
            return *error;
        svgs[doc::patternDiagramPath(assets, i)] = std::get<QByteArray>(std::move(svg));
    }
    const doc::Document document = doc::designDocument(analysis.parts);
    DesignDocumentFiles files;
    if (request.html) {
        const QString title = analysis.project.name.isEmpty() ? analysis.project.table.tableName
                                                              : analysis.project.name;
        files.emplace_back(request.outputPath, document.html(title, svgs));
        return files;
    }
    files.emplace_back(request.outputPath, document.markdown());
    const QDir folder = QFileInfo(request.outputPath).dir();
    for (const auto &[path, bytes] : svgs)
        files.emplace_back(folder.filePath(path), bytes);
    return files;
}

std::optional<QString> writeDesignDocument(const DesignDocumentFiles &files,
                                           const QStringList &inputs)
{
    FileSet set(inputs);
    for (const auto &[path, bytes] : files) {
        if (!QDir().mkpath(QFileInfo(path).absolutePath()))
            return QStringLiteral("%1: cannot make the folder").arg(QFileInfo(path).absolutePath());
        if (!set.add(path, bytes))
            break;
    }
    if (files.size() > 1) {
        const QDir assets = QFileInfo(files[1].first).dir();
        const QStringList written = set.paths();
        for (const QFileInfo &old : assets.entryInfoList({QStringLiteral("pattern-*.svg")})) {
            if (!written.contains(assets.filePath(old.fileName())))
                set.removeAfterwards(old.filePath());
        }
    }
    if (!set.commit())
        return QStringLiteral("%1: %2").arg(set.failedPath(), set.errorString());
    return std::nullopt;
}

} // namespace keyscope::ui
