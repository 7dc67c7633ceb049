#include "model/io/inputfile.h"

#include <QFile>
#include <QFileInfo>
#include <QLocale>

namespace keyscope::model {

namespace {

// "2 GiB" for a whole number of GiB or MiB, else the bytes alone.
QString boundText(qint64 bytes)
{
    const QLocale english(QLocale::English);
    QString unit;
    if (bytes >= (qint64(1) << 30) && bytes % (qint64(1) << 30) == 0)
        unit = english.toString(bytes >> 30) + QStringLiteral(" GiB (");
    else if (bytes >= (qint64(1) << 20) && bytes % (qint64(1) << 20) == 0)
        unit = english.toString(bytes >> 20) + QStringLiteral(" MiB (");
    const QString exact = english.toString(bytes)
        + (bytes == 1 ? QStringLiteral(" byte") : QStringLiteral(" bytes"));
    return unit.isEmpty() ? exact : unit + exact + QLatin1Char(')');
}

} // namespace

qint64 InputFile::maxBytes()
{
    bool ok = false;
    const qint64 bound = qEnvironmentVariable("KEYSCOPE_MAX_INPUT_BYTES").toLongLong(&ok);
    return ok && bound > 0 ? bound : kDefaultMaxBytes;
}

bool InputFile::isRegular(const QString &path)
{
    return QFileInfo(path).isFile();
}

IoError InputFile::tooLarge(const QString &path)
{
    return IoError {path,
                    0,
                    0,
                    {},
                    QStringLiteral("the input is larger than ") + boundText(maxBytes())
                        + QStringLiteral(", the most Keyscope reads from one file; set "
                                         "KEYSCOPE_MAX_INPUT_BYTES to a larger number of bytes "
                                         "to read it")};
}

std::variant<QByteArray, IoError> InputFile::read(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        const QString reason = !QFileInfo::exists(path)
            ? QStringLiteral("No such file or directory")
            : file.errorString();
        return IoError {path, 0, 0, {}, QStringLiteral("cannot read the file: ") + reason};
    }
    return read(file, path);
}

std::variant<QByteArray, IoError> InputFile::read(QFile &file, const QString &path)
{
    const qint64 bound = maxBytes();
    const bool sized = !file.isSequential();
    if (sized && file.size() > bound)
        return tooLarge(path);
    // In pieces, whatever the file is: a regular file may grow while it is read.
    constexpr qint64 kPiece = qint64(1) << 20;
    QByteArray bytes;
    if (sized)
        bytes.reserve(file.size() + 1);
    while (true) {
        const qint64 piece = std::min(kPiece, bound + 1 - bytes.size());
        const qsizetype at = bytes.size();
        bytes.resize(at + piece);
        const qint64 got = file.read(bytes.data() + at, piece);
        if (got < 0)
            return IoError {
                path, 0, 0, {}, QStringLiteral("cannot read the file: ") + file.errorString()};
        bytes.resize(at + got);
        if (bytes.size() > bound)
            return tooLarge(path);
        if (got == 0)
            break;
    }
    return bytes;
}

} // namespace keyscope::model
