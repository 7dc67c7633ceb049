#include "ui/export/comparediagram.h"

#include <QFontMetricsF>
#include <QPainter>

#include <cmath>

namespace keyscope::ui {

namespace {

constexpr double kGap = 24;
constexpr double kTitlePadding = 10;

} // namespace

CompareDiagram::CompareDiagram(std::unique_ptr<ExportDiagram> before,
                               std::unique_ptr<ExportDiagram> after, QString beforeLabel,
                               QString afterLabel)
    : m_before(std::move(before))
    , m_after(std::move(after))
    , m_beforeLabel(std::move(beforeLabel))
    , m_afterLabel(std::move(afterLabel))
{
    // Each half's title is drawn over it; under it, its Query line stays.
    m_before->setTitleShown(false);
    m_after->setTitleShown(false);
}

QString CompareDiagram::title(const QString &label, const ExportDiagram &diagram) const
{
    return QStringLiteral("%1: %2").arg(label, diagram.projectName());
}

double CompareDiagram::titleHeight() const
{
    QFont bold = m_before->style().textFont;
    bold.setPixelSize(16);
    bold.setBold(true);
    const QFontMetricsF big(bold);
    const QFontMetricsF small(m_before->style().textFont);
    return std::ceil(2 * kTitlePadding + big.height() + 4 + small.height());
}

QSizeF CompareDiagram::logicalSize() const
{
    const QSizeF a = m_before->logicalSize();
    const QSizeF b = m_after->logicalSize();
    return QSizeF(a.width() + kGap + b.width(), titleHeight() + std::max(a.height(), b.height()));
}

void CompareDiagram::paint(QPainter &painter) const
{
    const CollectionStyle &style = m_before->style();
    const QSizeF size = logicalSize();
    painter.fillRect(QRectF(QPointF(0, 0), size), style.background);
    const double top = titleHeight();
    double x = 0;
    const struct
    {
        const ExportDiagram *diagram;
        const QString *label;
    } panels[] = {{m_before.get(), &m_beforeLabel}, {m_after.get(), &m_afterLabel}};
    for (const auto &panel : panels) {
        const QSizeF own = panel.diagram->logicalSize();
        painter.save();
        QFont bold = style.textFont;
        bold.setPixelSize(16);
        bold.setBold(true);
        const QFontMetricsF big(bold);
        painter.setFont(bold);
        painter.setPen(style.text);
        painter.drawText(
            QRectF(x + kTitlePadding, kTitlePadding, own.width() - 2 * kTitlePadding, big.height()),
            Qt::AlignLeft | Qt::AlignVCenter,
            big.elidedText(title(*panel.label, *panel.diagram), Qt::ElideRight,
                           own.width() - 2 * kTitlePadding));
        const QFontMetricsF small(style.textFont);
        painter.setFont(style.textFont);
        painter.setPen(style.dimText);
        painter.drawText(QRectF(x + kTitlePadding, kTitlePadding + big.height() + 4,
                                own.width() - 2 * kTitlePadding, small.height()),
                         Qt::AlignLeft | Qt::AlignVCenter,
                         small.elidedText(panel.diagram->subjectName(), Qt::ElideRight,
                                          own.width() - 2 * kTitlePadding));
        painter.translate(x, top);
        painter.setClipRect(QRectF(QPointF(0, 0), own));
        panel.diagram->paint(painter);
        painter.restore();
        x += own.width() + kGap;
    }
    painter.save();
    painter.setPen(QPen(style.gridLine, 1));
    const double rule = m_before->logicalSize().width() + kGap / 2;
    painter.drawLine(QPointF(rule, kTitlePadding), QPointF(rule, size.height() - kTitlePadding));
    painter.restore();
}

QImage CompareDiagram::toImage(double scale) const
{
    return renderDiagramImage(logicalSize(), scale, m_before->style().background,
                              [this](QPainter &p) { paint(p); });
}

QByteArray CompareDiagram::toSvg() const
{
    auto titles = m_before->elidedKeys();
    const auto more = m_after->elidedKeys();
    titles.insert(titles.end(), more.begin(), more.end());
    return renderDiagramSvg(
        logicalSize(),
        QStringLiteral("%1: %2 %3: %4")
            .arg(m_beforeLabel, m_before->caption(), m_afterLabel, m_after->caption()),
        [this](QPainter &p) { paint(p); }, titles);
}

QByteArray CompareDiagram::toPdf() const
{
    return renderDiagramPdf(logicalSize(), [this](QPainter &p) { paint(p); });
}

QByteArray CompareDiagram::toMarkdown() const
{
    QString md = QStringLiteral("# %1 vs %2: %3\n\n")
                     .arg(m_before->projectName(), m_after->projectName(), m_before->subjectName());
    md += QStringLiteral("## %1\n\n").arg(title(m_beforeLabel, *m_before));
    md += m_before->markdownSection();
    md += QStringLiteral("\n## %1\n\n").arg(title(m_afterLabel, *m_after));
    md += m_after->markdownSection();
    return md.toUtf8();
}

} // namespace keyscope::ui
