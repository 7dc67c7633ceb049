#pragma once

#include "model/design/project.h"

#include <QFrame>

class QAction;
class QLabel;
class QPushButton;
class QToolButton;

namespace keyscope::ui {

class Document;

// The bar over the collection after a file brings hand-written items but no entity types that
// generate items (a scan export, a Workbench model whose facets list items): "These 40 items
// have no entity types." with a button to infer them. Not modal, dismissed with its close
// button or by inferring; a new project (open, import, new) brings it back when it applies.
class InferOffer : public QFrame
{
    Q_OBJECT

public:
    InferOffer(Document *document, QAction *infer, QWidget *parent = nullptr);

    QString text() const;
    QPushButton *inferButton() const { return m_infer; }
    QToolButton *dismissButton() const { return m_dismiss; }
    void dismiss();
    // Showing (in a window that may itself be hidden).
    bool isOffered() const { return !isHidden(); }

    // The project's design lives only in its items (recovery::designOnlyInItems): hand-written
    // items and no entity type but imported facets.
    static bool applies(const model::Project &project);

private:
    void projectReset();
    void projectChanged();
    void showOffer();

    Document *m_document;
    QLabel *m_text;
    QPushButton *m_infer;
    QToolButton *m_dismiss;
    bool m_dismissed = false;
    size_t m_items = 0;
};

} // namespace keyscope::ui
