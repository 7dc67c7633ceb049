// The main window's files (MainWindow): DocumentLifecycle's work, the window's dialogs.

#include "ui/compare/comparemode.h"
#include "ui/document/document.h"
#include "ui/query/querybuilder.h"
#include "ui/recovery/inferdialog.h"
#include "ui/shell/documentlifecycle.h"
#include "ui/shell/interopactions.h"
#include "ui/shell/mainwindow.h"

#include <QCloseEvent>
#include <QCoreApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLineEdit>
#include <QLocale>
#include <QProcess>
#include <QStatusBar>
#include <QTimer>

namespace keyscope::ui {

void MainWindow::newProject()
{
    m_lifecycle->newProject();
}

std::optional<model::QueryRequest> MainWindow::currentQuery() const
{
    if (!m_builder || !m_builder->isValid())
        return std::nullopt;
    return m_builder->request();
}

bool MainWindow::openFile(const QString &path)
{
    return m_lifecycle->openFile(path);
}

bool MainWindow::openExample(const QString &path)
{
    return m_lifecycle->openExample(path);
}

bool MainWindow::importFiles(const QString &tablePath, const QString &itemsPath)
{
    return m_lifecycle->importFiles(tablePath, itemsPath);
}

void MainWindow::openLaunchFiles(const QStringList &absolutePaths)
{
    if (isMinimized())
        showNormal();
    raise();
    activateWindow();
    if (absolutePaths.isEmpty())
        return;
    const auto isProject = [](const QString &path) {
        return path.endsWith(QLatin1String(".keyscope.json"), Qt::CaseInsensitive);
    };
    if (absolutePaths.size() == 2 && !isProject(absolutePaths[0]) && !isProject(absolutePaths[1])) {
        if (maybeSave())
            importFiles(absolutePaths[0], absolutePaths[1]);
        return;
    }
    for (qsizetype i = 1; i < absolutePaths.size(); ++i) {
        if (m_startAnother)
            m_startAnother(absolutePaths[i]);
        else
            QProcess::startDetached(QCoreApplication::applicationFilePath(),
                                    {QStringLiteral("--new-instance"), absolutePaths[i]});
    }
    const QString first = absolutePaths.first();
    if (isProject(first)) {
        if (maybeSave())
            openFile(first);
        return;
    }
    // A Workbench model, a template...: may ask which table, so once the window shows.
    QTimer::singleShot(0, this, [this, first] { interop()->importFile(first); });
}

void MainWindow::setStartAnotherKeyscope(std::function<void(const QString &)> start)
{
    m_startAnother = std::move(start);
}

void MainWindow::showExampleGallery()
{
    m_lifecycle->showExampleGallery();
}

bool MainWindow::save()
{
    return m_lifecycle->save();
}

bool MainWindow::saveAs()
{
    return m_lifecycle->saveAs();
}

bool MainWindow::maybeSave()
{
    return m_lifecycle->maybeSave();
}

bool MainWindow::offerRecovery(bool lastSessionCrashed)
{
    return m_lifecycle->offerRecovery(lastSessionCrashed);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    // The layout to come back to is the user's own, not presenter mode's or side by side's.
    if (m_presenterAction->isChecked())
        m_presenterAction->setChecked(false);
    m_compare->leave();
    m_settings->setWindowGeometry(saveGeometry());
    m_settings->setWindowState(saveState());
    m_autosaver->discard();
    event->accept();
}

QMessageBox::StandardButton MainWindow::askSaveChanges()
{
    return QMessageBox::warning(
        this, tr("Unsaved Changes"),
        tr("Save the changes to “%1” before closing it?").arg(m_document->displayName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
}

QString MainWindow::askProjectName()
{
    return QInputDialog::getText(this, tr("Name the Project"),
                                 tr("The project's name (the file is named after it):"),
                                 QLineEdit::Normal, QString());
}

QString MainWindow::askSavePath()
{
    return QFileDialog::getSaveFileName(this, tr("Save Project"), m_lifecycle->suggestedSavePath(),
                                        tr("Keyscope projects (*.keyscope.json);;All files (*)"));
}

QString MainWindow::askOpenPath()
{
    return QFileDialog::getOpenFileName(this, tr("Open Project"), {},
                                        tr("Keyscope projects (*.keyscope.json);;JSON (*.json);;"
                                           "All files (*)"));
}

bool MainWindow::askRestoreRecovery(const Autosaver::Recovery &recovery)
{
    const QString what = recovery.originalPath.isEmpty()
        ? tr("“%1”").arg(recovery.projectName)
        : QFileInfo(recovery.originalPath).fileName();
    return QMessageBox::question(
               this, tr("Restore Unsaved Changes?"),
               tr("Keyscope did not close properly last time. Restore the unsaved changes to %1 "
                  "(autosaved %2)?")
                   .arg(what,
                        QLocale().toString(recovery.savedAt.toLocalTime(), QLocale::ShortFormat)),
               QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes)
        == QMessageBox::Yes;
}

void MainWindow::showError(const QString &title, const QString &text)
{
    statusBar()->showMessage(title, 6000);
    QMessageBox box(QMessageBox::Warning, title, title, QMessageBox::Ok, this);
    box.setInformativeText(text.section(QLatin1Char('\n'), 0, 9));
    if (text.count(QLatin1Char('\n')) >= 10)
        box.setDetailedText(text);
    box.exec();
}

void MainWindow::showInformation(const QString &title, const QString &text)
{
    QMessageBox::information(this, title, text);
}

bool MainWindow::askReviewProposals(InferDialog &dialog)
{
    return dialog.exec() == QDialog::Accepted;
}

void MainWindow::updateTitle()
{
    setWindowTitle(tr("%1[*] — Keyscope").arg(m_document->displayName()));
    setWindowModified(m_document->isModified());
}

} // namespace keyscope::ui
