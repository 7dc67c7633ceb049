#pragma once

#include "model/design/accesspatternrunner.h"
#include "model/query/queryrequest.h"

#include <QPointer>
#include <QWidget>

class QAction;
class QLabel;
class QListView;
class QPlainTextEdit;
class QToolBar;

namespace keyscope::ui {

class Document;
class KeptOperationsList;
class PatternEditor;
class PatternListModel;

// The Access Patterns panel: a summary line ("2 of 5 fail."), the patterns with their pass/fail
// badges, and the explanation of the selected one. With a document it also authors them: new,
// edit (double-click, Return), duplicate, move up and down, delete (Delete), from the toolbar,
// the list's context menu or the keys, each one undo step on the document. Showing the selected
// pattern's Query is the main window's business (currentPatternChanged).
class PatternsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit PatternsPanel(QWidget *parent = nullptr);

    // The document whose patterns the actions edit (none: the panel only presents).
    void setDocument(Document *document);

    // New verdicts; the pattern selected before stays selected when it still exists (after an
    // edit from this panel: the pattern it made). With a document the rows already follow its
    // patterns (a new one shows as not run until its verdict arrives).
    // populationError: why nothing could run (empty when the project populates).
    void setResults(std::vector<model::PatternResult> results,
                    std::vector<model::AccessPattern> patterns, const QString &populationError);

    const model::PatternResult *currentResult() const;
    int currentRow() const;
    PatternListModel *model() const { return m_model; }
    QListView *listView() const { return m_list; }
    KeptOperationsList *keptOperations() const { return m_kept; }
    QToolBar *toolBar() const { return m_toolBar; }
    // The pattern form while it is open, else null.
    PatternEditor *editor() const;

    QAction *newAction() const { return m_new; }
    QAction *editAction() const { return m_edit; }
    QAction *duplicateAction() const { return m_duplicate; }
    QAction *moveUpAction() const { return m_moveUp; }
    QAction *moveDownAction() const { return m_moveDown; }
    QAction *deleteAction() const { return m_delete; }
    // Opens the fix of the selected failing pattern, its before and after side by side.
    QAction *applyFixAction() const { return m_applyFix; }

public slots:
    // Open the pattern form (window-modal; OK adds or replaces the pattern).
    void newPattern();
    void newPatternFromQuery(const keyscope::model::QueryRequest &request);
    void editCurrent();
    void duplicateCurrent();
    void moveCurrentUp();
    void moveCurrentDown();
    void deleteCurrent();
    void applyFixToCurrent();

signals:
    void currentPatternChanged();

protected:
    void changeEvent(QEvent *event) override;

private:
    void createActions();
    // Rows follow the project at once; verdicts follow when the document has run them.
    void followProject();
    void selectByName(const QString &name);
    void showCurrent();
    void updateActions();
    // The selected pattern's position in the project, -1 when none.
    int currentPatternIndex() const;
    PatternEditor *openEditor();
    void startNew(PatternEditor *editor);
    void moveCurrent(int delta);

    Document *m_document = nullptr;
    PatternListModel *m_model;
    QLabel *m_summary;
    QToolBar *m_toolBar;
    QListView *m_list;
    QPlainTextEdit *m_detail;
    KeptOperationsList *m_kept; // an MCP file's operations that are not run
    QPointer<PatternEditor> m_editor;
    QString m_pendingSelection; // the pattern to select when the next verdicts arrive

    QAction *m_new = nullptr;
    QAction *m_edit = nullptr;
    QAction *m_duplicate = nullptr;
    QAction *m_moveUp = nullptr;
    QAction *m_moveDown = nullptr;
    QAction *m_delete = nullptr;
    QAction *m_applyFix = nullptr;
};

} // namespace keyscope::ui
