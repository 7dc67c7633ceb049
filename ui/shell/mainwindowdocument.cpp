// File > Export Design Document (MainWindow): the open design, as it is in the window, written
// as `keyscope doc` writes it (ui/export/designdocumentexport.h).
#include "model/design/projectfile.h"
#include "ui/document/document.h"
#include "ui/export/designdocumentexport.h"
#include "ui/settings/settings.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/progressjob.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>

namespace keyscope::ui {

void MainWindow::showDesignDocumentDialog()
{
    QString directory = m_settings->lastExportFolder();
    if (directory.isEmpty())
        directory = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    QString name = QFileInfo(m_document->filePath()).fileName();
    name = name.isEmpty() ? QStringLiteral("design")
                          : name.section(QLatin1Char('.'), 0, 0) + QStringLiteral("-design");
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Design Document"), QDir(directory).filePath(name + QStringLiteral(".md")),
        tr("Markdown with SVG diagrams (*.md);;One HTML page (*.html)"));
    if (!path.isEmpty() && exportDesignDocument(path))
        m_settings->setLastExportFolder(QFileInfo(path).absolutePath());
}

bool MainWindow::exportDesignDocument(const QString &path)
{
    // The design as the window holds it, edits included: a copy in a private folder.
    QTemporaryDir scratch;
    const QString copy = scratch.filePath(QStringLiteral("design.keyscope.json"));
    if (auto error = model::ProjectFile::write(m_document->project(), copy)) {
        showError(tr("Export Design Document"), error->toString());
        return false;
    }
    DesignDocumentRequest request;
    request.projectPath = copy;
    request.outputPath = path;
    request.html = path.endsWith(QStringLiteral(".html"), Qt::CaseInsensitive);
    auto built = withFileProgress(
        this, tr("Writing the design document…"),
        [request](const model::ItemsFile::Progress &) { return buildDesignDocument(request); });
    std::optional<QString> error;
    if (auto *why = std::get_if<QString>(&built))
        error = why->replace(copy, m_document->displayName());
    else
        error = writeDesignDocument(std::get<DesignDocumentFiles>(built), {m_document->filePath()});
    if (error) {
        showError(tr("Export Design Document"),
                  tr("The design document was not written: %1").arg(*error));
        return false;
    }
    statusBar()->showMessage(tr("Wrote %1").arg(QDir::toNativeSeparators(path)), 5000);
    return true;
}

} // namespace keyscope::ui
