#include "ui/query/errorlabel.h"

#include <QEvent>

namespace keyscope::ui {

namespace {

bool isNameChar(QChar c)
{
    return c.isLetterOrNumber() || c == QLatin1Char('_') || c == QLatin1Char('#')
        || c == QLatin1Char(':') || c == QLatin1Char('.');
}

bool isOperatorChar(QChar c)
{
    return c == QLatin1Char('<') || c == QLatin1Char('>') || c == QLatin1Char('=')
        || c == QLatin1Char('!');
}

// Characters shown either side of the token when the text is long.
constexpr int kContext = 40;

} // namespace

ErrorLabel::ErrorLabel(QWidget *parent)
    : QLabel(parent)
{
    setTextFormat(Qt::RichText);
    setWordWrap(true);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    setAccessibleName(tr("Error"));
    hide();
}

int ErrorLabel::tokenLength(const QString &source, int position)
{
    if (position < 0 || position >= source.size())
        return 0;
    const QChar first = source.at(position);
    int end = position + 1;
    if (isNameChar(first)) {
        while (end < source.size() && isNameChar(source.at(end)))
            ++end;
    } else if (isOperatorChar(first)) {
        while (end < source.size() && isOperatorChar(source.at(end)))
            ++end;
    }
    return end - position;
}

int ErrorLabel::locateNamedToken(const QString &message, const QString &source, int *length)
{
    const qsizetype colon = message.lastIndexOf(QLatin1String(": "));
    if (colon < 0 || source.isEmpty())
        return -1;
    QString token = message.mid(colon + 2).trimmed();
    if (token.startsWith(QLatin1Char('{')) && token.endsWith(QLatin1Char('}')))
        token = token.mid(1, token.size() - 2);
    if (token.isEmpty() || token.contains(QLatin1Char(' ')) || token.contains(QLatin1Char(',')))
        return -1;
    for (qsizetype at = source.indexOf(token, 0, Qt::CaseInsensitive); at >= 0;
         at = source.indexOf(token, at + 1, Qt::CaseInsensitive)) {
        const qsizetype end = at + token.size();
        const bool alone = (at == 0 || !isNameChar(source.at(at - 1)))
            && (end == source.size() || !isNameChar(source.at(end)));
        if (alone) {
            *length = int(token.size());
            return int(at);
        }
    }
    return -1;
}

void ErrorLabel::showError(const QString &message, const QString &source, int position)
{
    m_message = message;
    m_source = source;
    m_tokenStart = -1;
    m_tokenLength = 0;
    if (position >= 0 && position <= source.size()) {
        m_tokenStart = position;
        m_tokenLength = tokenLength(source, position);
    } else if (position < 0) {
        int length = 0;
        const int at = locateNamedToken(message, source, &length);
        if (at >= 0) {
            m_tokenStart = at;
            m_tokenLength = length;
        }
    }
    setAccessibleDescription(message);
    setToolTip(message);
    render();
    show();
}

void ErrorLabel::clearError()
{
    m_message.clear();
    m_source.clear();
    m_tokenStart = -1;
    m_tokenLength = 0;
    setAccessibleDescription({});
    setToolTip({});
    clear();
    hide();
}

void ErrorLabel::changeEvent(QEvent *event)
{
    QLabel::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && !m_message.isEmpty())
        render();
}

void ErrorLabel::render()
{
    const bool dark = palette().color(QPalette::Window).lightness() < 128;
    const QString red = dark ? QStringLiteral("#ff8a80") : QStringLiteral("#c62828");
    QString html;
    if (m_tokenStart >= 0) {
        // The end of the text is a position too (an expression that stops too early).
        const QString token
            = m_tokenLength > 0 ? m_source.mid(m_tokenStart, m_tokenLength) : QStringLiteral(" ");
        const int from = qMax(0, m_tokenStart - kContext);
        const int to = qMin(int(m_source.size()), m_tokenStart + m_tokenLength + kContext);
        QString before = m_source.mid(from, m_tokenStart - from).toHtmlEscaped();
        QString after
            = m_source.mid(m_tokenStart + m_tokenLength, to - m_tokenStart - m_tokenLength)
                  .toHtmlEscaped();
        if (from > 0)
            before.prepend(QChar(0x2026));
        if (to < m_source.size())
            after.append(QChar(0x2026));
        html += QStringLiteral("<div style=\"font-family: monospace; white-space: pre;\">%1"
                               "<span style=\"color: %2; text-decoration: underline; "
                               "font-weight: bold;\">%3</span>%4</div>")
                    .arg(before, red, token.toHtmlEscaped(), after);
    }
    html
        += QStringLiteral("<div style=\"color: %1;\">%2</div>").arg(red, m_message.toHtmlEscaped());
    setText(html);
}

} // namespace keyscope::ui
