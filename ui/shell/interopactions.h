#pragma once

#include "model/interop/interopfile.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>

class QAction;
class QMenu;

namespace keyscope::ui {

class Document;
class MainWindow;

// File > Import… (any file Keyscope reads, recognised by its content), Export Table As… and
// Export Items As…. A design file (NoSQL Workbench model, CloudFormation template,
// create-table JSON) opens as a new untitled project, like opening a file; an items file adds
// its items to the open project as one undoable step; a Keyscope project is opened.
class InteropActions : public QObject
{
    Q_OBJECT

public:
    // Dialogs go through these, so tests can answer them.
    struct Hooks
    {
        std::function<QString()> askImportPath;
        // Returns the path; sets *filter to the chosen one of `filters`.
        std::function<QString(const QString &title, const QStringList &filters, QString *filter)>
            askExportPath;
        // One of `choices` (the tables, then allTablesChoice()), or empty to cancel.
        std::function<QString(const QStringList &choices)> chooseTable;
        // A folder for "all tables" (each saved there as a project), or empty to cancel.
        std::function<QString()> askDirectory;
        std::function<void(const QString &title, const QString &text)> showError;
        std::function<void(const QString &title, const QString &text)> showNotes;
    };

    // Import… goes before `importBefore`, the exports before `exportBefore` in `fileMenu`.
    InteropActions(MainWindow *window, Document *document, QMenu *fileMenu, QAction *importBefore,
                   QAction *exportBefore);

    Hooks &hooks() { return m_hooks; }
    QAction *importAction() const { return m_import; }

    bool importFile(const QString &path);
    bool exportTable(const QString &path, model::InteropFile::Format format);
    bool exportItems(const QString &path, model::InteropFile::Format format);

    // The export dialogs' filters and the format each one writes.
    static QStringList tableFilters();
    static QStringList itemsFilters();
    static model::InteropFile::Format formatForFilter(const QString &filter);
    // The table chooser's entry for a table: "Deals (Deal; 3 access patterns)".
    static QString tableChoice(const model::Project &project);
    // The table chooser's last entry: import every table, each as a project file in a folder.
    static QString allTablesChoice(qsizetype tables);

private:
    void importDialog();
    // The file as `keyscope convert` reads it, an MCP schema with the usage_data.json beside
    // it; `tableName` picks one table (empty: every table).
    std::variant<model::InteropFile::Input, model::IoError> readInput(const QString &path,
                                                                      const QString &tableName);
    // The name of the table the user picks of several, allTablesChoice() for every table, or
    // empty when they cancel.
    QString pickTable(const model::InteropFile::Input &input);
    bool importItems(model::InteropFile::Input &input, const QString &path);
    // The project of `table` (empty: the only one) becomes the document.
    bool importDesign(model::InteropFile::Input input, const QString &path, const QString &table);
    bool importAllTables(std::vector<model::Project> projects, const QString &source);
    void exportDialog(bool items);
    // The populated collection, one item per primary key, as `keyscope convert` writes it (the
    // document's population when it is current, else populated here).
    std::variant<model::ItemList, model::IoError> populatedItems();
    std::variant<QStringList, model::IoError>
    write(model::InteropFile::Format format, const model::ItemList &items, const QString &path);
    void status(const QString &message);
    // The notes on the file at `path` (as InteropFile gives them), shown under its name.
    void notes(const QString &path, const QStringList &lines);

    MainWindow *m_window;
    Document *m_document;
    Hooks m_hooks;
    QAction *m_import;
};

} // namespace keyscope::ui
