#include "ui/shell/documentlifecycle.h"

#include "model/design/projectfile.h"
#include "ui/document/document.h"
#include "ui/document/tableitemsimport.h"
#include "ui/examples/examplegallery.h"
#include "ui/settings/settings.h"
#include "ui/shell/progressjob.h"

#include <algorithm>

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLocale>
#include <QMenu>
#include <QRegularExpression>

namespace keyscope::ui {

DocumentLifecycle::DocumentLifecycle(QWidget *window, Document *document, Autosaver *autosaver,
                                     Settings *settings, const QString &examplesDirectory)
    : QObject(window)
    , m_window(window)
    , m_document(document)
    , m_autosaver(autosaver)
    , m_settings(settings)
    , m_examplesDirectory(examplesDirectory)
{
    connect(m_document, &Document::projectReset, this, [this] { m_examplePath.clear(); });
}

void DocumentLifecycle::status(const QString &message, int timeout)
{
    if (m_hooks.showStatus)
        m_hooks.showStatus(message, timeout);
}

void DocumentLifecycle::newProject()
{
    if (!maybeSave())
        return;
    m_document->newProject();
    status(tr("New project"), 3000);
}

bool DocumentLifecycle::openFile(const QString &path)
{
    const auto errors = m_document->open(path);
    if (!errors.empty()) {
        QStringList lines;
        for (const model::IoError &error : errors)
            lines << error.toString();
        m_hooks.showError(tr("Cannot open %1").arg(QFileInfo(path).fileName()),
                          lines.join(QLatin1Char('\n')));
        if (!QFileInfo::exists(path))
            m_settings->removeRecentFile(path);
        return false;
    }
    m_settings->addRecentFile(path);
    status(tr("Opened %1").arg(QDir::toNativeSeparators(path)), 4000);
    return true;
}

bool DocumentLifecycle::openExample(const QString &path)
{
    auto read = model::ProjectFile::read(path);
    if (auto *errors = std::get_if<std::vector<model::IoError>>(&read)) {
        m_hooks.showError(tr("Cannot open the example"),
                          errors->empty() ? path : errors->front().toString());
        return false;
    }
    m_document->setProject(std::move(std::get<model::Project>(read)));
    m_examplePath = path; // after the reset, which forgets the example
    emit exampleOpened(path);
    status(tr("Opened the example “%1”").arg(m_document->project().name), 4000);
    return true;
}

bool DocumentLifecycle::importFiles(const QString &tablePath, const QString &itemsPath)
{
    // A scan export of a real table is easily hundreds of thousands of items: read off the GUI
    // thread, with progress and Cancel; the document changes only once all is read.
    bool cancelled = false;
    auto read = withFileProgress(
        m_window, tr("Reading %1…").arg(QFileInfo(itemsPath).fileName()),
        [tablePath, itemsPath, &cancelled](const model::ItemsFile::Progress &progress) {
            return readTableAndItems(tablePath, itemsPath, progress, &cancelled);
        });
    if (cancelled) {
        status(tr("Import cancelled; nothing changed"), 4000);
        return false;
    }
    if (auto *error = std::get_if<QString>(&read)) {
        m_hooks.showError(tr("Cannot import"), *error);
        return false;
    }
    m_document->setProject(std::get<model::Project>(std::move(read)));
    status(tr("Imported %1 and %2")
               .arg(QFileInfo(tablePath).fileName(), QFileInfo(itemsPath).fileName()),
           4000);
    return true;
}

void DocumentLifecycle::openDialog()
{
    if (!maybeSave())
        return;
    const QString path = m_hooks.askOpenPath();
    if (!path.isEmpty())
        openFile(path);
}

void DocumentLifecycle::importDialog()
{
    if (!maybeSave())
        return;
    const QString table = QFileDialog::getOpenFileName(
        m_window, tr("Import Table Definition (create-table or describe-table JSON)"), {},
        tr("JSON (*.json);;All files (*)"));
    if (table.isEmpty())
        return;
    const QString items = QFileDialog::getOpenFileName(
        m_window, tr("Import Items (batch-write-item, scan output or an array)"),
        QFileInfo(table).absolutePath(), tr("JSON (*.json);;All files (*)"));
    if (!items.isEmpty())
        importFiles(table, items);
}

void DocumentLifecycle::showExampleGallery()
{
    if (!maybeSave())
        return;
    ExampleGallery gallery(m_examplesDirectory, m_window);
    gallery.selectExampleFile(m_examplePath);
    if (gallery.exec() == QDialog::Accepted && !gallery.selectedPath().isEmpty())
        openExample(gallery.selectedPath());
}

bool DocumentLifecycle::save()
{
    if (m_document->filePath().isEmpty())
        return saveAs();
    if (auto error = m_document->save()) {
        m_hooks.showError(tr("Cannot save"), error->toString());
        return false;
    }
    status(tr("Saved %1").arg(m_document->displayName()), 3000);
    return true;
}

bool DocumentLifecycle::saveAs()
{
    if (m_document->filePath().isEmpty() && m_document->isUnnamed() && m_hooks.askProjectName) {
        const QString name = m_hooks.askProjectName().trimmed();
        if (name.isEmpty())
            return false;
        m_document->setName(name);
        m_document->finishEditing();
    }
    QString path = m_hooks.askSavePath();
    if (path.isEmpty())
        return false;
    const QString suffix = QString::fromLatin1(model::ProjectFile::kSuffix);
    if (!path.endsWith(suffix) && !path.endsWith(QLatin1String(".json")))
        path += suffix;
    if (m_document->isUnnamed()) {
        // Not asked (no one to ask): the file's name names the project.
        QString name = QFileInfo(path).fileName();
        name.chop(name.endsWith(suffix) ? suffix.size() : 5);
        m_document->setName(name);
        m_document->finishEditing();
    }
    if (auto error = m_document->saveAs(path)) {
        m_hooks.showError(tr("Cannot save"), error->toString());
        return false;
    }
    m_settings->addRecentFile(path);
    status(tr("Saved %1").arg(m_document->displayName()), 3000);
    return true;
}

bool DocumentLifecycle::maybeSave()
{
    if (!m_document->isModified())
        return true;
    switch (m_hooks.askSaveChanges()) {
    case QMessageBox::Save:
        return save();
    case QMessageBox::Discard:
        return true;
    default:
        return false;
    }
}

bool DocumentLifecycle::offerRecovery(bool lastSessionCrashed)
{
    const auto recovery = m_autosaver->pendingRecovery();
    if (!recovery)
        return false;
    if (!lastSessionCrashed || !m_hooks.askRestoreRecovery(*recovery)) {
        m_autosaver->discard();
        return false;
    }
    const QString error = m_autosaver->restore();
    if (!error.isEmpty()) {
        m_hooks.showError(tr("Cannot restore"), error);
        m_autosaver->discard();
        return false;
    }
    status(tr("Restored unsaved changes from %1")
               .arg(QLocale().toString(recovery->savedAt.toLocalTime(), QLocale::ShortFormat)),
           6000);
    return true;
}

namespace {

// A recent file's menu text: its name, numbered for the keyboard, and where it lies when
// another recent file has the same name ("design.keyscope.json — ~/work/shop").
QString recentFileText(const QString &path, int number, const QStringList &files)
{
    const QString name = QFileInfo(path).fileName();
    const auto sameName = std::count_if(files.begin(), files.end(), [&name](const QString &f) {
        return QFileInfo(f).fileName() == name;
    });
    QString text = name;
    text.replace(QLatin1Char('&'), QStringLiteral("&&"));
    if (sameName > 1) {
        QString folder = QDir::toNativeSeparators(QFileInfo(path).absolutePath());
        const QString home = QDir::toNativeSeparators(QDir::homePath());
        if (folder.startsWith(home + QDir::separator()) || folder == home)
            folder = QLatin1Char('~') + folder.mid(home.size());
        text += QStringLiteral(" — ") + folder.replace(QLatin1Char('&'), QStringLiteral("&&"));
    }
    return number <= 9 ? QStringLiteral("&%1  %2").arg(number).arg(text) : text;
}

} // namespace

void DocumentLifecycle::fillRecentMenu(QMenu *menu)
{
    menu->clear();
    const QStringList files = m_settings->recentFiles();
    int number = 1;
    for (const QString &path : files) {
        QAction *action = menu->addAction(recentFileText(path, number, files), this, [this, path] {
            if (maybeSave())
                openFile(path);
        });
        action->setToolTip(QDir::toNativeSeparators(path));
        action->setStatusTip(QDir::toNativeSeparators(path));
        ++number;
    }
    if (!files.isEmpty())
        menu->addSeparator();
    QAction *clear = menu->addAction(tr("&Clear List"), m_settings, &Settings::clearRecentFiles);
    clear->setEnabled(!files.isEmpty());
    menu->setEnabled(true);
}

QString DocumentLifecycle::suggestedSavePath() const
{
    QString suggestion = m_document->filePath();
    if (suggestion.isEmpty()) {
        QString base = m_document->project().name;
        base.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_-]+")), QStringLiteral("-"));
        suggestion = base.isEmpty() ? QStringLiteral("untitled") : base.toLower();
        suggestion += QString::fromLatin1(model::ProjectFile::kSuffix);
    }
    return suggestion;
}

} // namespace keyscope::ui
