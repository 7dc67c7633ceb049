#pragma once

#include "model/io/orderedjson.h"

#include <QByteArray>

namespace keyscope::model {

// Writes JSON the way the AWS CLI's default `--output json` does (Python's json.dumps with
// indent=4, ensure_ascii=False): 4-space indentation, ", " never at line ends, ": " after keys,
// empty containers as [] and {}, non-ASCII text as raw UTF-8, floats as 0.5 / 1.0.
class JsonWriter
{
public:
    // Indented output without a trailing newline; indent 0 writes one compact line.
    static QByteArray write(const OrderedJson &value, int indent = 4);
    // A JSON string literal with Python's escapes (\", \\, \n, \r, \t, \b, \f, \u00XX).
    static QByteArray quote(const QString &text);
    // Python's repr for a float: shortest round-trip digits, always with a '.' or exponent.
    static QByteArray formatFloat(double value);
};

} // namespace keyscope::model
