#pragma once

// The desktop's shared list of recently used files: $XDG_DATA_HOME/recently-used.xbel, as the
// freedesktop.org Desktop Bookmark Specification describes it and GTK's file chooser, GNOME's
// and KDE's "Recent" places read it. Keyscope records each project it opens or saves there, as
// other desktop applications do, beside its own Open Recent.

#include <QByteArray>
#include <QDateTime>
#include <QString>

#include <optional>
#include <variant>

namespace keyscope::model {

struct RecentUse
{
    QString uri;      // "file:///home/ana/iot.keyscope.json"
    QString mimeType; // "application/x-keyscope-project+json"
    QString appName;  // "Keyscope"
    QString exec;     // "'keyscope %u'" (the specification's quoting)
    QDateTime when;   // UTC
};

// `xbel` (empty: no file yet) with `use` recorded: the file's bookmark gets its modified and
// visited times and this application's count and time (a new bookmark when the file is not
// listed); every other bookmark, application and metadata is copied as it was. The reason,
// and no document, when `xbel` is not well-formed XML or not an XBEL document, so a file
// Keyscope cannot read is never overwritten.
std::variant<QByteArray, QString> recordRecentUse(const QByteArray &xbel, const RecentUse &use);

// Records `use` in the file at `path` (created with its folder when missing) through the atomic
// write. nullopt on success, else why it was not recorded; the file is left as it was.
std::optional<QString> recordRecentUseInFile(const QString &path, const RecentUse &use);

} // namespace keyscope::model
