#pragma once

#include "model/io/ioerror.h"

#include <QByteArray>
#include <QJsonDocument>
#include <QJsonValue>
#include <QString>

#include <variant>

namespace keyscope::model {

// Reads JSON with errors a user can act on. QJsonParseError only gives a byte offset and a
// terse text; this turns them into a line, a column and what was expected there.
class JsonFile
{
public:
    // Reads and parses `path`. IoError::source is the path as given.
    static std::variant<QJsonDocument, IoError> read(const QString &path);
    // Parses `data`; `source` names it in errors (a file name or an option name).
    static std::variant<QJsonDocument, IoError> parse(const QByteArray &data,
                                                      const QString &source);

    // What a message says it found instead of what it expected: a string quoted ("BOOL", long
    // ones cut), a number, true, false or null as JSON writes them, "an array", "an object",
    // and "nothing" for a missing member.
    static QString foundText(const QJsonValue &json);
    // Text quoted in a message: at most 40 characters, a longer one cut with "...".
    static QString elided(const QString &text);

    // 1-based line and column (in code points) of a byte offset in UTF-8 `data`.
    static void lineColumn(const QByteArray &data, qsizetype offset, int *line, int *column);
};

} // namespace keyscope::model
