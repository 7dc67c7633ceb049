#include "model/io/outputtarget.h"

#include <QFile>
#include <QFileInfo>

#if defined(Q_OS_UNIX)
#include <sys/stat.h>
#endif

namespace keyscope::model {

bool isSameFile(const QString &a, const QString &b)
{
#if defined(Q_OS_UNIX)
    struct stat first
    { };
    struct stat second
    { };
    if (::stat(QFile::encodeName(a).constData(), &first) != 0
        || ::stat(QFile::encodeName(b).constData(), &second) != 0)
        return false;
    return first.st_dev == second.st_dev && first.st_ino == second.st_ino && S_ISREG(first.st_mode);
#else
    const QString canonical = QFileInfo(a).canonicalFilePath();
    return QFileInfo(a).isFile() && !canonical.isEmpty()
        && canonical == QFileInfo(b).canonicalFilePath();
#endif
}

std::optional<QString> inputWrittenOver(const QString &output, const QStringList &inputs)
{
    for (const QString &input : inputs) {
        if (!isSameFile(output, input))
            continue;
        const QString which = input == output
            ? QStringLiteral("is an input")
            : QStringLiteral("is the input ") + input + QStringLiteral(" (the same file)");
        return which
            + QStringLiteral(": writing it would replace the input; give another output file");
    }
    return std::nullopt;
}

} // namespace keyscope::model
