#pragma once

// Markdown rendered as GitHub renders it (GFM: tables, code spans, images), by marked, the npm
// test tool in tests/live (`make deps` installs it). Empty when node or marked is missing.

#include "tests/support/testpaths.h"

#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QString>

namespace keyscope::testsupport {

inline QString markedPath()
{
    return sourcePath("/tests/live/node_modules/marked");
}

inline bool markedInstalled()
{
    return QFileInfo::exists(markedPath() + QStringLiteral("/package.json"));
}

inline QString renderMarkdown(const QByteArray &markdown)
{
    QProcess node;
    node.start(QStandardPaths::findExecutable(QStringLiteral("node")),
               {QStringLiteral("-e"),
                QStringLiteral("const {marked} = require(process.argv[1]); let s = ''; "
                               "process.stdin.on('data', d => s += d); process.stdin.on('end', "
                               "() => process.stdout.write(marked.parse(s)));"),
                markedPath()});
    node.write(markdown);
    node.closeWriteChannel();
    node.waitForFinished(60000);
    return QString::fromUtf8(node.readAllStandardOutput());
}

} // namespace keyscope::testsupport
