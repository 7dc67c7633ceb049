#pragma once

#include <QLocale>
#include <QString>

namespace keyscope::ui {

// "1 item", "1,204 items": a count with its noun, singular or plural, never "item(s)".
inline QString counted(qint64 n, const QString &one, const QString &many)
{
    return QStringLiteral("%1 %2").arg(QLocale().toString(n), n == 1 ? one : many);
}

} // namespace keyscope::ui
