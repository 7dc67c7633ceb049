#pragma once

#include <QString>
#include <QStringList>

#include <optional>

namespace keyscope::model {

// Checks of where a command's output goes, made before anything is written.

// True when `a` and `b` name one existing regular file: the same device and inode, symlinks
// followed (`P.json`, `./P.json`, `sub/../P.json` and a link to it are one file). A device or a
// FIFO is written in place, never replaced, so it is never "the same file" here.
bool isSameFile(const QString &a, const QString &b);

// When `output` is one of `inputs` (the same file), why it cannot be written: "is the input
// P.keyscope.json (the same file): writing it would replace the input; give another output
// file". nullopt when it is none of them.
std::optional<QString> inputWrittenOver(const QString &output, const QStringList &inputs);

} // namespace keyscope::model
