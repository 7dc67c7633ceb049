#include "ui/checks/findingfixbutton.h"

#include "ui/patterns/fixdialog.h"

namespace keyscope::ui {

FindingFixButton::FindingFixButton(Document *document, QWidget *parent)
    : QPushButton(tr("Apply Fix..."), parent)
    , m_document(document)
{
    setObjectName(QStringLiteral("applyFindingFix"));
    setToolTip(tr("Show the change that fixes the selected finding, before and after side by "
                  "side, and make it"));
    setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Fixed);
    setAccessibleName(tr("Apply Fix"));
    setEnabled(false);
    connect(this, &QPushButton::clicked, this, [this] {
        if (m_edit)
            FixDialog::openFor(m_document, *m_edit, m_explanation, window());
    });
}

void FindingFixButton::setFinding(const model::Finding *finding)
{
    m_edit.reset();
    m_explanation.clear();
    if (finding && finding->edit && !finding->edit->isEmpty()) {
        m_edit = finding->edit;
        m_explanation = finding->explanation;
    }
    setEnabled(m_edit.has_value());
}

} // namespace keyscope::ui
