#include "ui/document/populationprogress.h"

#include "ui/document/document.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QTimer>
#include <QToolButton>

namespace keyscope::ui {

PopulationProgress::PopulationProgress(Document *document, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
    , m_label(new QLabel(this))
    , m_bar(new QProgressBar(this))
    , m_cancel(new QToolButton(this))
    , m_delay(new QTimer(this))
{
    setAccessibleName(tr("Background work"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(6);
    m_label->setAccessibleName(tr("Background work status"));
    m_bar->setAccessibleName(tr("Background work progress"));
    m_bar->setRange(0, 1000);
    m_bar->setMaximumWidth(140);
    m_bar->setTextVisible(false);
    m_cancel->setText(tr("Cancel"));
    m_cancel->setAccessibleName(tr("Cancel population"));
    m_cancel->setToolTip(tr("Stop populating; the collection keeps the items it had"));
    // Room for the longest text, so the bar does not jump as the numbers grow.
    m_label->setMinimumWidth(m_label->fontMetrics().horizontalAdvance(
        tr("Populating %1 items… %2%").arg(QLocale().toString(qlonglong(99999999)), u"100")));
    layout->addWidget(m_label);
    layout->addWidget(m_bar);
    layout->addWidget(m_cancel);
    hide();

    m_delay->setSingleShot(true);
    m_delay->setInterval(250);
    connect(m_delay, &QTimer::timeout, this, [this] {
        update(m_perMille);
        show();
    });
    connect(m_cancel, &QToolButton::clicked, m_document, &Document::cancelRecompute);
    connect(m_document, &Document::busyChanged, this, [this](bool busy) {
        if (busy) {
            m_perMille = 0;
            m_delay->start();
        } else {
            m_delay->stop();
            hide();
        }
    });
    connect(m_document, &Document::progressChanged, this, &PopulationProgress::update);
    connect(m_document, &Document::populatingItemsChanged, this, [this] { update(m_perMille); });
}

void PopulationProgress::setDelay(int ms)
{
    m_delay->setInterval(ms);
}

QString PopulationProgress::text() const
{
    return m_label->text();
}

void PopulationProgress::update(int perMille)
{
    m_perMille = perMille;
    m_bar->setValue(perMille);
    const bool populating = perMille < Document::kPopulateShare;
    m_cancel->setVisible(populating);
    if (!populating) {
        m_label->setText(tr("Running access patterns and checks…"));
        return;
    }
    const qint64 items = m_document->populatingItems();
    const int percent = perMille * 100 / Document::kPopulateShare;
    m_label->setText(items > 0 ? tr("Populating %1 items… %2%")
                                     .arg(QLocale().toString(items), QString::number(percent))
                               : tr("Populating… %1%").arg(percent));
}

} // namespace keyscope::ui
