#include "model/doc/markdowntext.h"

#include <QRegularExpression>

#include <algorithm>

namespace keyscope::model::doc {

QString markdownCode(const QString &text)
{
    if (text.isEmpty())
        return QStringLiteral("` `");
    int longest = 0;
    int run = 0;
    for (const QChar c : text) {
        run = c == QLatin1Char('`') ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    const QString fence(longest + 1, QLatin1Char('`'));
    QString body = text;
    body.replace(QLatin1Char('|'), QStringLiteral("\\|"));
    body.replace(QLatin1Char('\n'), QLatin1Char(' '));
    const bool pad = body.startsWith(QLatin1Char('`')) || body.endsWith(QLatin1Char('`'))
        || (body.startsWith(QLatin1Char(' ')) && body.endsWith(QLatin1Char(' ')));
    return pad ? fence + QLatin1Char(' ') + body + QLatin1Char(' ') + fence : fence + body + fence;
}

QString markdownText(const QString &text)
{
    static const QRegularExpression special(QStringLiteral("([\\\\`*_\\[\\]<>|])"));
    QString escaped = text;
    escaped.replace(special, QStringLiteral("\\\\1"));
    escaped.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return escaped;
}

} // namespace keyscope::model::doc
