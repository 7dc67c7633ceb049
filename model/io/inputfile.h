#pragma once

#include "model/io/ioerror.h"

#include <QByteArray>
#include <QFile>
#include <QString>

#include <variant>

namespace keyscope::model {

// Every input file Keyscope reads (projects, items, table definitions, Workbench models,
// templates, CSV, file:// arguments) is read within one bound, so an endless input (/dev/zero,
// a pipe that never ends) is refused instead of filling the memory. The default, 2 GiB, holds
// the largest population Keyscope builds (10,000,000 items) written out as a batch-write file
// (about 1.8 GB for the IoT readings); KEYSCOPE_MAX_INPUT_BYTES sets another.
class InputFile
{
public:
    static constexpr qint64 kDefaultMaxBytes = qint64(2) << 30;

    // The bound: KEYSCOPE_MAX_INPUT_BYTES when set to a positive number, else the default.
    static qint64 maxBytes();

    // Whether `path` is a regular file (symbolic links followed): one that can be read twice
    // and whose size is known before it is read. A pipe or a device is not.
    static bool isRegular(const QString &path);

    // The whole file: a regular file larger than the bound is refused before it is read; any
    // other is read in pieces and refused as soon as it passes the bound. IoError::source is
    // the path as given; a file that cannot be opened says why ("No such file or directory").
    static std::variant<QByteArray, IoError> read(const QString &path);
    // The same for a file the caller has opened for reading.
    static std::variant<QByteArray, IoError> read(QFile &file, const QString &path);

    // "the input is larger than 2 GiB (2,147,483,648 bytes), the most Keyscope reads from one
    // file; set KEYSCOPE_MAX_INPUT_BYTES to a larger number of bytes to read it", for `path`.
    static IoError tooLarge(const QString &path);
};

} // namespace keyscope::model
