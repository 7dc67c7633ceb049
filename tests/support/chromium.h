#pragma once

// The headless Chromium the browser tests open exports in (Debian's `chromium`, installed by
// `make deps`); KEYSCOPE_CHROMIUM names another. Empty when there is none.

#include <QFileInfo>
#include <QStandardPaths>
#include <QString>

namespace keyscope::testsupport {

inline QString findChromium()
{
    const QString configured = qEnvironmentVariable("KEYSCOPE_CHROMIUM");
    if (!configured.isEmpty())
        return QFileInfo(configured).isExecutable() ? configured : QString();
    for (const QString &name : {QStringLiteral("chromium"), QStringLiteral("chromium-browser")}) {
        const QString path = QStandardPaths::findExecutable(name);
        if (!path.isEmpty())
            return path;
    }
    return QString();
}

} // namespace keyscope::testsupport
