#pragma once

#include "model/design/designchecker.h"

#include <QPushButton>

#include <optional>

namespace keyscope::ui {

class Document;

// "Apply Fix..." under the selected finding: enabled when the finding knows its fix as exact
// changes (Finding::edit); opens the before/after dialog, which applies it as one undo step.
class FindingFixButton : public QPushButton
{
    Q_OBJECT

public:
    FindingFixButton(Document *document, QWidget *parent = nullptr);

    // The finding shown (null: none); the button keeps a copy of its fix.
    void setFinding(const model::Finding *finding);

private:
    Document *m_document;
    std::optional<model::DesignFix> m_edit;
    QString m_explanation;
};

} // namespace keyscope::ui
