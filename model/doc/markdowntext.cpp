#include "model/doc/markdowntext.h"

#include <QHash>
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

QString markdownHeadingAnchor(const QString &shownText)
{
    QString anchor;
    for (const QChar c : shownText.toLower()) {
        if (c == QLatin1Char(' '))
            anchor += QLatin1Char('-');
        else if (c.isLetterOrNumber() || c.isMark() || c == QLatin1Char('-')
                 || c == QLatin1Char('_'))
            anchor += c;
    }
    return anchor;
}

namespace {

// A heading's text as a Markdown renderer shows it: links by their text, code spans and
// emphasis without their marks.
QString shownHeadingText(QString text)
{
    static const QRegularExpression link(QStringLiteral("!?\\[([^\\]]*)\\]\\([^)]*\\)"));
    static const QRegularExpression closing(QStringLiteral("\\s+#+\\s*$"));
    text.replace(link, QStringLiteral("\\1"));
    text.remove(closing);
    text.remove(QLatin1Char('`'));
    text.remove(QLatin1Char('*'));
    return text.trimmed();
}

} // namespace

QStringList markdownHeadingAnchors(const QString &markdown)
{
    static const QRegularExpression heading(QStringLiteral("^ {0,3}#{1,6}[ \\t]+(.*)$"));
    QStringList anchors;
    QHash<QString, int> seen;
    bool fenced = false;
    for (const QString &line : markdown.split(QLatin1Char('\n'))) {
        if (line.trimmed().startsWith(QStringLiteral("```"))) {
            fenced = !fenced;
            continue;
        }
        const QRegularExpressionMatch match = heading.match(line);
        if (fenced || !match.hasMatch())
            continue;
        const QString anchor = markdownHeadingAnchor(shownHeadingText(match.captured(1)));
        const int repeats = seen.value(anchor, 0);
        seen.insert(anchor, repeats + 1);
        anchors << (repeats == 0 ? anchor : anchor + QLatin1Char('-') + QString::number(repeats));
    }
    return anchors;
}

} // namespace keyscope::model::doc
