#include "ui/recovery/inferoffer.h"

#include "model/design/recovery/recoveryrun.h"
#include "ui/document/document.h"

#include <QAction>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QToolButton>

namespace keyscope::ui {

InferOffer::InferOffer(Document *document, QAction *infer, QWidget *parent)
    : QFrame(parent)
    , m_document(document)
{
    // Looks like the collection's other bar ("the Query reads another collection").
    setObjectName(QStringLiteral("InferOfferBar"));
    setAccessibleName(tr("Offer to infer entity types"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::ToolTipBase);
    setForegroundRole(QPalette::ToolTipText);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 4, 4);
    m_text = new QLabel(this);
    m_text->setWordWrap(true);
    m_text->setForegroundRole(QPalette::ToolTipText);
    m_infer = new QPushButton(tr("Infer Entity Types…"), this);
    m_infer->setObjectName(QStringLiteral("inferEntityTypes"));
    m_infer->setToolTip(infer->toolTip());
    connect(m_infer, &QPushButton::clicked, infer, &QAction::trigger);
    m_dismiss = new QToolButton(this);
    m_dismiss->setObjectName(QStringLiteral("dismissInferOffer"));
    m_dismiss->setText(tr("Dismiss"));
    m_dismiss->setAutoRaise(true);
    m_dismiss->setToolTip(tr("Keep the items as they are (Design > Infer Entity Types… still "
                             "offers it)"));
    connect(m_dismiss, &QToolButton::clicked, this, &InferOffer::dismiss);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_infer);
    layout->addWidget(m_dismiss);
    hide();

    // Once the user has asked (from the bar or the menu), the offer has done its job.
    connect(infer, &QAction::triggered, this, &InferOffer::dismiss);
    connect(m_document, &Document::projectReset, this, &InferOffer::projectReset);
    connect(m_document, &Document::projectChanged, this, &InferOffer::projectChanged);
    projectReset();
}

bool InferOffer::applies(const model::Project &project)
{
    return model::recovery::designOnlyInItems(project);
}

QString InferOffer::text() const
{
    return m_text->text();
}

void InferOffer::dismiss()
{
    m_dismissed = true;
    hide();
}

void InferOffer::projectReset()
{
    m_dismissed = false;
    m_items = m_document->project().items.size();
    if (applies(m_document->project()))
        showOffer();
    else
        hide();
}

void InferOffer::projectChanged()
{
    // Items imported into a project without entity types bring the offer too.
    const model::Project &project = m_document->project();
    const size_t items = project.items.size();
    const bool grew = items > m_items;
    m_items = items;
    if (!applies(project))
        hide();
    else if (isOffered() || (grew && !m_dismissed))
        showOffer();
}

void InferOffer::showOffer()
{
    const qsizetype items = qsizetype(m_document->project().items.size());
    m_text->setText(
        items == 1
            ? tr("This item has no entity type.")
            : tr("These %1 items have no entity types.").arg(QLocale().toString(qlonglong(items))));
    setVisible(true);
}

} // namespace keyscope::ui
