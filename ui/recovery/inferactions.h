#pragma once

#include "model/design/project.h"
#include "model/design/recovery/designrecovery.h"

#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

class QAction;
class QWidget;

namespace keyscope::ui {

class Document;
class InferDialog;

// Design > Infer Entity Types…: recovers entity types from the document's hand-written items
// (a progress dialog with Cancel while it takes a while), shows them for review and applies
// what the user accepts as one undo step. Nothing to infer is said in a message, not shown as
// an empty dialog.
class InferActions : public QObject
{
    Q_OBJECT

public:
    struct Hooks
    {
        // Shows the review; true when the user applies it (the dialog holds the decisions).
        std::function<bool(InferDialog &dialog)> review;
        std::function<void(const QString &title, const QString &text)> showInformation;
        std::function<void(const QString &message)> status;
    };

    InferActions(QWidget *window, Document *document);

    Hooks &hooks() { return m_hooks; }
    QAction *action() const { return m_action; }

    // The whole command: recover, review, apply. True when entity types were added.
    bool infer();
    // Reviews a result recovered from `project` (the document's current project) and applies
    // what the user accepts. True when entity types were added.
    bool review(const model::recovery::RecoveryResult &result, const model::Project &project);
    // DesignRecovery::recover on the project's items with recoveryHints(project, hints), off the
    // GUI thread; nullopt when the user cancelled.
    std::optional<model::recovery::RecoveryResult>
    recover(std::shared_ptr<const model::Project> project,
            std::vector<model::recovery::TypeHint> hints = {});

private:
    QWidget *m_window;
    Document *m_document;
    QAction *m_action;
    Hooks m_hooks;
};

} // namespace keyscope::ui
