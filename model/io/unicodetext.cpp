#include "model/io/unicodetext.h"

namespace keyscope::model {

namespace {

// The length of the well-formed UTF-8 sequence at `at`, or 0 (Unicode's table 3-7).
qsizetype sequenceAt(QByteArrayView bytes, qsizetype at)
{
    const auto byte = [&](qsizetype i) { return i < bytes.size() ? uchar(bytes[i]) : 0; };
    const uchar lead = byte(at);
    if (lead < 0x80)
        return 1;
    const auto trail = [&](qsizetype i, uchar low = 0x80, uchar high = 0xBF) {
        return byte(at + i) >= low && byte(at + i) <= high;
    };
    if (lead >= 0xC2 && lead <= 0xDF)
        return trail(1) ? 2 : 0;
    if (lead >= 0xE0 && lead <= 0xEF) {
        const uchar low = lead == 0xE0 ? 0xA0 : 0x80;
        const uchar high = lead == 0xED ? 0x9F : 0xBF; // ED A0..BF would be a surrogate
        return trail(1, low, high) && trail(2) ? 3 : 0;
    }
    if (lead >= 0xF0 && lead <= 0xF4) {
        const uchar low = lead == 0xF0 ? 0x90 : 0x80;
        const uchar high = lead == 0xF4 ? 0x8F : 0xBF;
        return trail(1, low, high) && trail(2) && trail(3) ? 4 : 0;
    }
    return 0;
}

// The code unit of a \uXXXX escape whose 'u' is at `at`, or -1.
int escapedUnit(QByteArrayView json, qsizetype at)
{
    if (at + 4 >= json.size() || json[at] != 'u')
        return -1;
    bool ok = false;
    const int unit = QByteArray(json.data() + at + 1, 4).toInt(&ok, 16);
    return ok ? unit : -1;
}

} // namespace

qsizetype invalidUtf8At(QByteArrayView bytes)
{
    for (qsizetype at = 0; at < bytes.size();) {
        const qsizetype length = sequenceAt(bytes, at);
        if (length == 0)
            return at;
        at += length;
    }
    return -1;
}

qsizetype loneSurrogateAt(QByteArrayView json, QString *escape)
{
    for (qsizetype at = json.indexOf('\\'); at >= 0 && at + 1 < json.size();
         at = json.indexOf('\\', at)) {
        const int unit = escapedUnit(json, at + 1);
        if (unit < 0xD800 || unit > 0xDFFF) {
            at += 2; // the escaped character, a backslash included, is not an escape's start
            continue;
        }
        const bool high = unit <= 0xDBFF;
        const int next
            = at + 6 < json.size() && json[at + 6] == '\\' ? escapedUnit(json, at + 7) : -1;
        if (high && next >= 0xDC00 && next <= 0xDFFF) {
            at += 12;
            continue;
        }
        if (escape)
            *escape = QString::fromLatin1(
                json.sliced(at, std::min<qsizetype>(6, json.size() - at)).toByteArray());
        return at;
    }
    return -1;
}

QString loneSurrogateMessage(const QString &escape)
{
    return QStringLiteral("a lone surrogate %1 in a string: it is no Unicode character, and "
                          "DynamoDB refuses strings that are not Unicode; write a character "
                          "outside the Basic Multilingual Plane as a pair (\\ud83d\\ude00)")
        .arg(escape);
}

QString showBytes(QByteArrayView bytes)
{
    QString shown;
    for (qsizetype at = 0; at < bytes.size();) {
        const qsizetype length = sequenceAt(bytes, at);
        if (length == 0) {
            shown += QStringLiteral("\\x")
                + QString::number(uchar(bytes[at]), 16).toUpper().rightJustified(2, u'0');
            ++at;
            continue;
        }
        shown += QString::fromUtf8(bytes.sliced(at, length));
        at += length;
    }
    return shown;
}

} // namespace keyscope::model
