#pragma once

#include <QByteArrayView>
#include <QString>

namespace keyscope::model {

// Keys and names are Unicode text that DynamoDB stores as UTF-8 and orders byte by byte, and it
// refuses a string that is not well-formed. Keyscope refuses the same instead of reading such
// bytes as U+FFFD or '?', which would make two different strings the same key.

// The offset of the first byte of `bytes` that does not belong to well-formed UTF-8 (no
// overlong forms, no surrogates U+D800..U+DFFF, nothing past U+10FFFF), or -1.
qsizetype invalidUtf8At(QByteArrayView bytes);

// The offset of the first \uD800..\uDFFF escape in JSON text that is not one half of a
// surrogate pair (a high one followed by a low one), or -1. *escape receives it ("\ud800").
qsizetype loneSurrogateAt(QByteArrayView json, QString *escape = nullptr);

// The message for a lone surrogate escape: "a lone surrogate \ud800 in a string: ...".
QString loneSurrogateMessage(const QString &escape);

// `bytes` as a message may show them: valid UTF-8 as text, every other byte as \xFF.
QString showBytes(QByteArrayView bytes);

} // namespace keyscope::model
