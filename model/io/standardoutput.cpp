#include "model/io/standardoutput.h"

#include "model/io/atomicfile.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace keyscope::model {

namespace {

int g_firstError = 0; // errno of the first failed write to standard output

bool noteFailure()
{
    if (g_firstError == 0)
        g_firstError = errno != 0 ? errno : EIO;
    return false;
}

} // namespace

bool writeStandardOutput(const QByteArray &bytes)
{
    errno = 0;
    if (std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stdout) != size_t(bytes.size()))
        return noteFailure();
    if (std::fflush(stdout) != 0)
        return noteFailure();
    return g_firstError == 0;
}

std::optional<QString> standardOutputError()
{
    errno = 0;
    if (std::fflush(stdout) != 0 || std::ferror(stdout))
        noteFailure();
    if (g_firstError == 0)
        return std::nullopt;
    return QString::fromLocal8Bit(std::strerror(g_firstError));
}

std::optional<QString> writeOutput(const QString &path, const QByteArray &bytes)
{
    if (!isStandardOutput(path))
        return writeFileAtomically(path, bytes);
    writeStandardOutput(bytes);
    return std::nullopt;
}

} // namespace keyscope::model
