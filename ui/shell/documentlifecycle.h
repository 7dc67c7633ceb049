#pragma once

#include "ui/document/autosaver.h"

#include <QMessageBox>
#include <QObject>
#include <QString>

#include <functional>

class QMenu;
class QWidget;

namespace keyscope::ui {

class Document;
class Settings;

// The document's life in the window: new, open (files, examples, recent files), import, save,
// save as, the unsaved-changes prompt and crash recovery. Questions to the user go through the
// hooks, so the window (and tests through it) answer them.
class DocumentLifecycle : public QObject
{
    Q_OBJECT

public:
    struct Hooks
    {
        std::function<QMessageBox::StandardButton()> askSaveChanges;
        // The project's name, asked on the first save of an unnamed project (empty: cancel).
        std::function<QString()> askProjectName;
        std::function<QString()> askSavePath;
        std::function<QString()> askOpenPath;
        std::function<bool(const Autosaver::Recovery &)> askRestoreRecovery;
        std::function<void(const QString &title, const QString &text)> showError;
        std::function<void(const QString &message, int timeout)> showStatus;
    };

    DocumentLifecycle(QWidget *window, Document *document, Autosaver *autosaver, Settings *settings,
                      const QString &examplesDirectory);

    Hooks &hooks() { return m_hooks; }

    void newProject();
    // Opens a project file (recorded in Open Recent). Shows the problems and returns false when
    // it cannot be read.
    bool openFile(const QString &path);
    // Opens an example project as an untitled copy (Save asks where).
    bool openExample(const QString &path);
    bool importFiles(const QString &tablePath, const QString &itemsPath);
    bool save();
    // Asks for a name first when the project has none (a new one), then where to save: the
    // name offered is made from the project's name.
    bool saveAs();
    // Asks Save/Discard/Cancel when there are unsaved changes; true when it is fine to go on.
    bool maybeSave();
    // Offers the recovery file left by a session that did not close cleanly. True when the
    // user restored it.
    bool offerRecovery(bool lastSessionCrashed);

    void openDialog();
    void importDialog();
    void showExampleGallery();
    // Fills File > Open Recent from the settings (numbered, with a Clear List entry).
    void fillRecentMenu(QMenu *menu);
    // The name Save As offers: the file's own, else one made from the project's name.
    QString suggestedSavePath() const;

signals:
    // An example was opened (side-by-side mode offers its before/after sibling).
    void exampleOpened(const QString &path);

private:
    void status(const QString &message, int timeout);

    QWidget *m_window;
    Document *m_document;
    Autosaver *m_autosaver;
    Settings *m_settings;
    QString m_examplesDirectory;
    QString m_examplePath; // the example the document was opened from, until another reset
    Hooks m_hooks;
};

} // namespace keyscope::ui
