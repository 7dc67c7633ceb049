#include "ui/collection/keyorderexplainer.h"

#include "model/value/keyorder.h"
#include "ui/collection/collectionrows.h"

#include <QLabel>
#include <QVBoxLayout>

namespace keyscope::ui {

namespace {

constexpr qsizetype kContext = 14; // bytes shown either side of the difference

QString byteCells(const QByteArray &bytes, qsizetype highlight, qsizetype from, qsizetype to)
{
    QString chars;
    QString hex;
    if (from > 0) {
        chars += QStringLiteral("<td>\u2026</td>");
        hex += QStringLiteral("<td></td>");
    }
    for (qsizetype i = from; i < std::min(to, bytes.size()); ++i) {
        const auto b = quint8(bytes[i]);
        const QString c = b >= 0x20 && b < 0x7F ? QString(QLatin1Char(char(b))).toHtmlEscaped()
                                                : QStringLiteral("\u00b7");
        const QString style = i == highlight
            ? QStringLiteral(" style=\"background:#fde68a;font-weight:bold\"")
            : QString();
        chars += QStringLiteral("<td align=\"center\"%1>%2</td>").arg(style, c);
        hex += QStringLiteral("<td align=\"center\"%1><small>%2</small></td>")
                   .arg(style,
                        QString::number(b, 16).toUpper().rightJustified(2, QLatin1Char('0')));
    }
    if (to < bytes.size()) {
        chars += QStringLiteral("<td>\u2026</td>");
        hex += QStringLiteral("<td></td>");
    }
    return QStringLiteral("<tr>%1</tr><tr>%2</tr>").arg(chars, hex);
}

} // namespace

KeyOrderExplanation describeKeyOrder(const model::AttributeValue &first,
                                     const model::AttributeValue &second)
{
    KeyOrderExplanation e;
    e.sentence = model::explainKeyOrder(first, second);
    e.firstIsSmaller = model::AttributeValue::compareKeys(first, second) <= 0;
    const model::AttributeValue &a = e.firstIsSmaller ? first : second;
    const model::AttributeValue &b = e.firstIsSmaller ? second : first;
    if (a.type() == model::AttributeValue::Type::N) {
        e.html = e.sentence.toHtmlEscaped();
        return e;
    }
    const QByteArray x = a.bytes();
    const QByteArray y = b.bytes();
    const qsizetype at = model::firstDifference(x, y);
    e.differingByte = int(at);
    const qsizetype focus = at >= 0 ? at : std::min(x.size(), y.size());
    const qsizetype from = std::max<qsizetype>(0, focus - kContext);
    const qsizetype to = focus + kContext;
    e.html = QStringLiteral("<p>%1</p><table style=\"font-family:monospace\" cellspacing=\"1\" "
                            "cellpadding=\"2\">%2<tr><td>&nbsp;</td></tr>%3</table>")
                 .arg(e.sentence.toHtmlEscaped(), byteCells(x, at, from, to),
                      byteCells(y, at, from, to));
    return e;
}

KeyOrderExplainer::KeyOrderExplainer(QWidget *parent)
    : QWidget(parent)
    , m_label(new QLabel(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    m_label->setTextFormat(Qt::RichText);
    m_label->setWordWrap(true);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_label);
    layout->addStretch();
    setAccessibleName(tr("Why this order"));
    clear();
}

void KeyOrderExplainer::setKeys(const model::AttributeValue &first,
                                const model::AttributeValue &second)
{
    m_explanation = describeKeyOrder(first, second);
    m_label->setText(m_explanation.html);
    setAccessibleDescription(m_explanation.sentence);
}

void KeyOrderExplainer::setItems(const CollectionRows &rows, model::ItemId first,
                                 model::ItemId second)
{
    const qsizetype a = rows.rowOf(first);
    const qsizetype b = rows.rowOf(second);
    if (a < 0 || b < 0) {
        clear();
        return;
    }
    setKeys(rows.sortKeyValue(a), rows.sortKeyValue(b));
}

void KeyOrderExplainer::clear()
{
    m_explanation = {};
    m_label->setText(tr("Select two rows (Ctrl+click) to see why they sort in this order."));
}

} // namespace keyscope::ui
