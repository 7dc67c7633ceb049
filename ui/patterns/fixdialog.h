#pragma once

#include "model/design/designfix.h"

#include <QDialog>

class QLabel;
class QTableWidget;

namespace keyscope::ui {

class Document;

// "Apply Fix": what is wrong, and every change of the fix with its before and after text side
// by side, before anything is changed. Apply makes the changes as one undo step on the
// document; a fix the design no longer matches is refused and says why.
class FixDialog : public QDialog
{
    Q_OBJECT

public:
    FixDialog(Document *document, const model::DesignFix &fix, const QString &diagnosis,
              QWidget *parent = nullptr);

    QTableWidget *changesTable() const { return m_changes; }
    // Applies the fix; false (the dialog stays open with the reason) when refused.
    bool apply();

    // Opens the dialog (window-modal) for a fix: the one way the panels offer Apply Fix.
    static void openFor(Document *document, const model::DesignFix &fix, const QString &diagnosis,
                        QWidget *parent);

private:
    Document *m_document;
    model::DesignFix m_fix;
    QTableWidget *m_changes;
    QLabel *m_error;
};

} // namespace keyscope::ui
