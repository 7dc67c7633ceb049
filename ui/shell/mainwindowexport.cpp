// Exporting and copying the diagram (MainWindow): the export dialog and the clipboard.

#include "ui/compare/comparemode.h"
#include "ui/document/document.h"
#include "ui/export/exportdialog.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/tracedisplay.h"

#include <QClipboard>
#include <QDir>
#include <QFileInfo>
#include <QGuiApplication>
#include <QMimeData>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QStatusBar>

namespace keyscope::ui {

std::optional<ExportDiagram::Source> MainWindow::diagramSource() const
{
    return m_traces->diagramSource(m_document->displayName());
}

int MainWindow::playerStepFor(const ExportDiagram::Source &source,
                              const std::optional<ExportDiagram::Source> &other) const
{
    return m_traces->playerStepFor(source, other);
}

ExportDialog *MainWindow::showExportDialog()
{
    auto source = diagramSource();
    if (!source) {
        showError(tr("Export Diagram"),
                  tr("There is no collection to export yet: open a project "
                     "or an example first."));
        return nullptr;
    }
    const auto other = m_compare->isActive() ? m_compare->secondarySource() : std::nullopt;
    const int step = playerStepFor(*source, other);
    QString name = source->patternName.isEmpty() ? source->projectName : source->patternName;
    name = name.toLower().replace(QRegularExpression(QStringLiteral("[^a-z0-9]+")),
                                  QStringLiteral("-"));
    name.remove(QRegularExpression(QStringLiteral("^-+|-+$")));
    if (name.isEmpty())
        name = QStringLiteral("diagram");
    if (step >= 0)
        name += QStringLiteral("-step-%1").arg(step + 1); // as the player numbers it
    // The folder of the last export, else Documents (created on export when missing).
    QString directory = m_settings->lastExportFolder();
    if (directory.isEmpty())
        directory = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    auto *dialog = new ExportDialog(*source, step >= 0 ? std::optional<int>(step) : std::nullopt,
                                    QDir(directory).filePath(name + QStringLiteral(".svg")), this);
    // Side-by-side mode: both designs, as one before/after diagram, by default.
    if (other)
        dialog->setCompare(*other, m_compare->exportLabel(false), m_compare->exportLabel(true));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        m_settings->setLastExportFolder(QFileInfo(dialog->path()).absolutePath());
        statusBar()->showMessage(tr("Exported %1").arg(QDir::toNativeSeparators(dialog->path())),
                                 5000);
    });
    dialog->open();
    return dialog;
}

void MainWindow::copyDiagram(bool asSvg)
{
    auto source = diagramSource();
    if (!source) {
        statusBar()->showMessage(tr("Nothing to copy: there is no collection yet."), 5000);
        return;
    }
    const auto other = m_compare->isActive() ? m_compare->secondarySource() : std::nullopt;
    const int step = playerStepFor(*source, other);
    // Each design at the player's step; the shorter traversal holds its last step.
    const auto stepOf = [step](const ExportDiagram::Source &s) -> std::optional<int> {
        const int steps = s.timeline ? s.timeline->stepCount() : 0;
        if (step < 0 || steps == 0)
            return std::nullopt;
        return std::min(step, steps - 1);
    };
    if (other) {
        const CompareDiagram both(ExportDiagram::fromSource(*source, stepOf(*source)),
                                  ExportDiagram::fromSource(*other, stepOf(*other)),
                                  m_compare->exportLabel(false), m_compare->exportLabel(true));
        QString limit = both.before().pictureLimitMessage();
        if (limit.isEmpty())
            limit = both.after().pictureLimitMessage();
        if (!limit.isEmpty()) {
            statusBar()->showMessage(tr("Not copied: %1").arg(limit), 8000);
            return;
        }
        QGuiApplication::clipboard()->setMimeData(asSvg ? ExportDialog::svgMimeData(both)
                                                        : ExportDialog::imageMimeData(both));
        statusBar()->showMessage(asSvg ? tr("Copied both designs side by side as SVG")
                                       : tr("Copied both designs side by side as an image"),
                                 3000);
        return;
    }
    const auto diagram = ExportDiagram::fromSource(*source, stepOf(*source));
    if (const QString limit = diagram->pictureLimitMessage(); !limit.isEmpty()) {
        statusBar()->showMessage(tr("Not copied: %1").arg(limit), 8000);
        return;
    }
    QGuiApplication::clipboard()->setMimeData(asSvg ? ExportDialog::svgMimeData(*diagram)
                                                    : ExportDialog::imageMimeData(*diagram));
    statusBar()->showMessage(
        asSvg ? tr("Copied the diagram as SVG") : tr("Copied the diagram as an image"), 3000);
}

} // namespace keyscope::ui
