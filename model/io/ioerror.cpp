#include "model/io/ioerror.h"

namespace keyscope::model {

QString escapeControls(const QString &text)
{
    QString out;
    bool changed = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        const char16_t u = c.unicode();
        // C0 controls, DEL, C1 controls, and the bidirectional overrides and isolates that
        // would make a name read as another ("Trojan Source").
        const bool control = u < 0x20 || (u >= 0x7f && u <= 0x9f) || (u >= 0x202a && u <= 0x202e)
            || (u >= 0x2066 && u <= 0x2069) || u == 0x200b || u == 0xfeff;
        if (!control) {
            if (changed)
                out += c;
            continue;
        }
        if (!changed) {
            out = text.left(i);
            changed = true;
        }
        out += QStringLiteral("\\u%1").arg(int(u), 4, 16, QLatin1Char('0'));
    }
    return changed ? out : text;
}

QString IoError::toString() const
{
    QString text = escapeControls(source);
    if (line > 0)
        text += QStringLiteral(":%1:%2").arg(line).arg(column);
    text += QStringLiteral(": ");
    if (!path.isEmpty())
        text += escapeControls(path) + QStringLiteral(": ");
    return text + escapeControls(message);
}

} // namespace keyscope::model
