#include "model/design/recovery/partclassifier.h"

#include "model/design/ids.h"
#include "model/design/valuegenerator.h" // formatIsoInstant
#include "model/value/number.h"

#include <QDate>
#include <QDateTime>
#include <QHash>
#include <QLocale>
#include <QSet>
#include <QTime>
#include <QTimeZone>

#include <algorithm>
#include <array>
#include <cmath>

// How a part's kind is decided (classifyPart):
// - One pass reads every value against every kind still possible; a kind is dropped as soon as
//   more than 10% of the values have failed it, so a million ISO timestamps cost one ISO parse
//   each plus a few cheap length checks. No regular expressions, no QDateTime parsing per value.
// - The most specific kind that at least 90% of the values fit wins, in this order:
//   IsoDateTime, IsoDate, Uuid, Ulid, Ksuid, EpochMillis, EpochSeconds, DisplayDate,
//   PaddedInteger, Integer, SignedNumber, Hex, Upper/Lower/MixedText, Text. The values that do
//   not fit it are its outliers.
// - PaddedInteger: the digit values of the most common width W >= 2, when at least one of them
//   starts with '0' (only padding writes a leading zero). Values of one width without a leading
//   zero ("10001".."10020") are an Integer: nothing shows that the design pads them.
// - Integer: digits without a leading zero ("0" itself is fine), at most 18 digits (qint64).
// - EpochSeconds / EpochMillis: digit values within 2001-01-01 .. 2100-01-01 as seconds (9-11
//   digits, in practice 10) or milliseconds (12-14 digits, in practice 13). 5-digit ids are not.
// - SignedNumber: the canonical text of a DynamoDB number with a sign or a fraction ("-3.5",
//   "0.25"), the only form an N attribute writes back ("1.50" is written "1.5", so it is Text).
// - DisplayDate: the people's format (English month names, exact widths: 'd' takes no leading
//   zero, 'dd' always two digits) that the most values match; formats of digits only
//   ("yyyyMMdd") need years 1900..2100. Qt's own formatter is asked to write a few values back.
// - Hex: hexadecimal digits of the most common width W >= 4, with a letter a-f in some value and
//   a digit in some value (so "cafe" and "face" stay words).
// - Upper/Lower/MixedText: letters, digits, '-', '_', ' ', '.' and '\'' (O'Neil), with at least
//   one letter somewhere; the case is decided across all fitting values.

namespace keyscope::model::recovery {

namespace {

using Kind = PartKind::Kind;
using LetterCase = PartKind::LetterCase;

// Bare integers read as instants must fall in 2001-01-01 .. 2100-01-01.
constexpr qint64 kEpochMinSeconds = 978307200;
constexpr qint64 kEpochMaxSeconds = 4102444800;
constexpr int kMaxIntegerWidth = 18; // every 18-digit integer fits in qint64
constexpr int kMaxTrackedWidth = 64;
constexpr qsizetype kMaxOutliersKept = 10;
constexpr qsizetype kMaxChoices = 20;
constexpr qint64 kDayMs = 86400000;

bool isDigit(char16_t c)
{
    return c >= u'0' && c <= u'9';
}

bool isHexDigit(char16_t c)
{
    return isDigit(c) || (c >= u'a' && c <= u'f') || (c >= u'A' && c <= u'F');
}

// The value of `count` decimal digits at `at`, or -1.
int digitsAt(QStringView t, qsizetype at, int count)
{
    if (at < 0 || at + count > t.size())
        return -1;
    int v = 0;
    for (qsizetype i = at; i < at + count; ++i) {
        if (!isDigit(t[i].unicode()))
            return -1;
        v = v * 10 + (t[i].unicode() - u'0');
    }
    return v;
}

// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil).
qint64 daysFromCivil(qint64 y, unsigned m, unsigned d)
{
    y -= m <= 2;
    const qint64 era = (y >= 0 ? y : y - 399) / 400;
    const unsigned yoe = unsigned(y - era * 400);
    const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + qint64(doe) - 719468;
}

qint64 civilMs(int y, int mo, int d, int h = 0, int mi = 0, int s = 0, int ms = 0)
{
    return ((daysFromCivil(y, unsigned(mo), unsigned(d)) * 24 + h) * 60 + mi) * 60000
        + qint64(s) * 1000 + ms;
}

// ---- what one pass learns about a value's characters ----------------------------------------

struct Scan
{
    qsizetype length = 0;
    bool allDigits = false;
    bool allHex = false;
    bool hexLetter = false;
    bool anyDigit = false;
    bool allBase62 = false;
    bool word = false; // letters, digits, - _ space . '
    bool anyLetter = false;
    bool upper = false;
    bool lower = false;
};

Scan scan(QStringView t)
{
    Scan s;
    s.length = t.size();
    bool digits = true, hex = true, base62 = true, word = true;
    for (const QChar qc : t) {
        const char16_t c = qc.unicode();
        if (isDigit(c)) {
            s.anyDigit = true;
            continue;
        }
        digits = false;
        if (c >= u'A' && c <= u'Z') {
            s.upper = s.anyLetter = true;
            hex = hex && c <= u'F';
            s.hexLetter = s.hexLetter || c <= u'F';
        } else if (c >= u'a' && c <= u'z') {
            s.lower = s.anyLetter = true;
            hex = hex && c <= u'f';
            s.hexLetter = s.hexLetter || c <= u'f';
        } else {
            hex = base62 = false;
            if (c == u'-' || c == u'_' || c == u' ' || c == u'.' || c == u'\'') {
            } else if (c >= 0x80 && qc.isLetter()) {
                s.anyLetter = true;
                s.upper = s.upper || qc.isUpper();
                s.lower = s.lower || qc.isLower();
            } else {
                word = false;
            }
        }
    }
    const bool some = !t.isEmpty();
    s.allDigits = some && digits;
    s.allHex = some && hex;
    s.allBase62 = some && base62;
    s.word = some && word;
    return s;
}

// ---- readers: a value under one kind --------------------------------------------------------

struct IsoValue
{
    bool dateOnly = false;
    char16_t separator = u'T';
    bool seconds = false;
    int fraction = 0; // digits after '.', 0 when none
    bool zoned = false;
    QStringView zoneText; // "Z", "+02:00"
    qint64 ms = 0;        // UTC; a value without a zone is read as UTC
};

// YYYY-MM-DD, or YYYY-MM-DD(T| )HH:MM[:SS[.f{1,9}]][Z|+HH:MM|+HHMM|+HH].
std::optional<IsoValue> parseIso(QStringView t)
{
    const qsizetype n = t.size();
    if (n < 10 || t[4] != u'-' || t[7] != u'-')
        return std::nullopt;
    const int y = digitsAt(t, 0, 4), mo = digitsAt(t, 5, 2), d = digitsAt(t, 8, 2);
    if (y < 0 || mo < 0 || d < 0 || !QDate::isValid(y, mo, d))
        return std::nullopt;
    IsoValue v;
    if (n == 10) {
        v.dateOnly = true;
        v.ms = civilMs(y, mo, d);
        return v;
    }
    v.separator = t[10].unicode();
    if ((v.separator != u'T' && v.separator != u' ') || n < 16 || t[13] != u':')
        return std::nullopt;
    const int h = digitsAt(t, 11, 2), mi = digitsAt(t, 14, 2);
    if (h < 0 || h > 23 || mi < 0 || mi > 59)
        return std::nullopt;
    qsizetype at = 16;
    int s = 0, ms = 0;
    if (at < n && t[at] == u':') {
        s = digitsAt(t, at + 1, 2);
        if (s < 0 || s > 59)
            return std::nullopt;
        v.seconds = true;
        at += 3;
        if (at < n && t[at] == u'.') {
            ++at;
            int scale = 100;
            while (at < n && isDigit(t[at].unicode()) && v.fraction < 9) {
                ms += (t[at].unicode() - u'0') * scale;
                scale /= 10;
                ++v.fraction;
                ++at;
            }
            if (v.fraction == 0)
                return std::nullopt;
        }
    }
    int offsetMinutes = 0;
    if (at < n) {
        v.zoned = true;
        v.zoneText = t.mid(at);
        const char16_t sign = t[at].unicode();
        if (sign == u'Z') {
            if (at + 1 != n)
                return std::nullopt;
        } else if (sign == u'+' || sign == u'-') {
            const qsizetype rest = n - at - 1;
            const int oh = digitsAt(t, at + 1, 2);
            int om = 0;
            if (rest == 5 && t[at + 3] == u':')
                om = digitsAt(t, at + 4, 2);
            else if (rest == 4)
                om = digitsAt(t, at + 3, 2);
            else if (rest != 2)
                return std::nullopt;
            if (oh < 0 || oh > 23 || om < 0 || om > 59)
                return std::nullopt;
            offsetMinutes = (oh * 60 + om) * (sign == u'-' ? -1 : 1);
        } else {
            return std::nullopt;
        }
    }
    v.ms = civilMs(y, mo, d, h, mi, s, ms) - qint64(offsetMinutes) * 60000;
    return v;
}

// The UUID version (0..15), or -1 when the text is not 8-4-4-4-12 hex.
int uuidVersionOf(QStringView t)
{
    if (t.size() != 36)
        return -1;
    for (qsizetype i = 0; i < 36; ++i) {
        const char16_t c = t[i].unicode();
        if (i == 8 || i == 13 || i == 18 || i == 23) {
            if (c != u'-')
                return -1;
        } else if (!isHexDigit(c)) {
            return -1;
        }
    }
    const char16_t v = t[14].unicode();
    return isDigit(v) ? v - u'0' : (v | 0x20) - u'a' + 10;
}

// Integer digits without a leading zero, or the digits of one width; -1 when not.
qint64 integerOf(const QString &t, const Scan &s)
{
    if (!s.allDigits || s.length > kMaxIntegerWidth)
        return -1;
    return t.toLongLong();
}

bool hasLeadingZero(const QString &t)
{
    return t.size() > 1 && t.front() == u'0';
}

// Canonical DynamoDB number text: [-]digits[.digits], no leading zero (but "0"), no trailing
// fraction zero, not "-0". That is exactly what an N attribute writes back.
bool isCanonicalNumber(QStringView t)
{
    qsizetype i = 0;
    const qsizetype n = t.size();
    if (i < n && t[i] == u'-')
        ++i;
    const qsizetype intFrom = i;
    while (i < n && isDigit(t[i].unicode()))
        ++i;
    const qsizetype intDigits = i - intFrom;
    if (intDigits == 0 || intDigits > 30 || (intDigits > 1 && t[intFrom] == u'0'))
        return false;
    bool nonZero = intDigits > 1 || t[intFrom] != u'0';
    if (i < n && t[i] == u'.') {
        const qsizetype fracFrom = ++i;
        while (i < n && isDigit(t[i].unicode())) {
            nonZero = nonZero || t[i] != u'0';
            ++i;
        }
        if (i == fracFrom || i - fracFrom > 7 || t[i - 1] == u'0')
            return false;
    }
    return i == n && (nonZero || intFrom == 0);
}

// ---- display dates --------------------------------------------------------------------------

enum class Token {
    Literal,
    Day,
    Day2,
    Month,
    Month2,
    MonthShort,
    MonthLong,
    Year4,
    Hour2,
    Minute2,
    Second2
};

struct FormatToken
{
    Token token = Token::Literal;
    char16_t literal = 0;
};

struct DisplayFormat
{
    QString pattern;
    std::vector<FormatToken> tokens;
    bool digitsOnly = true;  // "yyyyMMdd": needs a plausible year
    bool sortsByTime = true; // fixed widths, year first
    qint64 unitMs = kDayMs;  // the finest field it writes
};

const char *const kMonthShort[]
    = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
const char *const kMonthLong[]
    = {"January", "February", "March",     "April",   "May",      "June",
       "July",    "August",   "September", "October", "November", "December"};

DisplayFormat compileFormat(const QString &pattern)
{
    DisplayFormat f;
    f.pattern = pattern;
    int order = 0; // y M d H m s must come in this order, fixed width, for time order
    const auto rank = [&](int r, bool fixed) {
        f.sortsByTime = f.sortsByTime && fixed && r == order + 1;
        order = r;
    };
    for (qsizetype i = 0; i < pattern.size();) {
        const QChar c = pattern[i];
        qsizetype run = 1;
        while (i + run < pattern.size() && pattern[i + run] == c)
            ++run;
        FormatToken tok;
        if (c == u'd' && run <= 2) {
            tok.token = run == 1 ? Token::Day : Token::Day2;
            rank(3, run == 2);
        } else if (c == u'M' && run <= 4) {
            tok.token = run == 1 ? Token::Month
                : run == 2       ? Token::Month2
                : run == 3       ? Token::MonthShort
                                 : Token::MonthLong;
            f.digitsOnly = f.digitsOnly && run <= 2;
            rank(2, run == 2);
        } else if (c == u'y' && run == 4) {
            tok.token = Token::Year4;
            rank(1, true);
        } else if (c == u'H' && run == 2) {
            tok.token = Token::Hour2;
            f.unitMs = std::min<qint64>(f.unitMs, 3600000);
            rank(4, true);
        } else if (c == u'm' && run == 2) {
            tok.token = Token::Minute2;
            f.unitMs = std::min<qint64>(f.unitMs, 60000);
            rank(5, true);
        } else if (c == u's' && run == 2) {
            tok.token = Token::Second2;
            f.unitMs = std::min<qint64>(f.unitMs, 1000);
            rank(6, true);
        } else {
            for (qsizetype k = 0; k < run; ++k) {
                f.tokens.push_back({Token::Literal, c.unicode()});
                f.digitsOnly = false;
            }
            i += run;
            continue;
        }
        f.tokens.push_back(tok);
        i += run;
    }
    return f;
}

// The formats people write dates in, tried in this order (on a tie the earlier wins).
const std::vector<DisplayFormat> &displayFormats()
{
    static const std::vector<DisplayFormat> formats = [] {
        std::vector<DisplayFormat> list;
        for (const char *p : {"MMM d, yyyy",
                              "MMMM d, yyyy",
                              "MMM dd, yyyy",
                              "d MMM yyyy",
                              "dd MMM yyyy",
                              "d MMMM yyyy",
                              "MM/dd/yyyy",
                              "dd/MM/yyyy",
                              "M/d/yyyy",
                              "d/M/yyyy",
                              "yyyy/MM/dd",
                              "dd.MM.yyyy",
                              "d.M.yyyy",
                              "dd-MM-yyyy",
                              "MM-dd-yyyy",
                              "yyyy.MM.dd",
                              "yyyyMMdd",
                              "MM/dd/yyyy HH:mm",
                              "dd/MM/yyyy HH:mm",
                              "MM/dd/yyyy HH:mm:ss",
                              "dd/MM/yyyy HH:mm:ss",
                              "yyyy/MM/dd HH:mm:ss",
                              "d MMM yyyy HH:mm",
                              "MMM d, yyyy HH:mm",
                              "yyyyMMddHHmmss"})
            list.push_back(compileFormat(QString::fromLatin1(p)));
        return list;
    }();
    return formats;
}

const DisplayFormat *findFormat(const QString &pattern)
{
    for (const DisplayFormat &f : displayFormats()) {
        if (f.pattern == pattern)
            return &f;
    }
    return nullptr;
}

struct Civil
{
    int y = 1970, mo = 1, d = 1, h = 0, mi = 0, s = 0;
};

// Reads `t` in the format exactly as Qt's formatter writes it, so the round trip is exact.
std::optional<Civil> matchFormat(const DisplayFormat &f, QStringView t)
{
    Civil c;
    qsizetype at = 0;
    const qsizetype n = t.size();
    const auto fixed = [&](int width, int *out) {
        *out = digitsAt(t, at, width);
        at += width;
        return *out >= 0;
    };
    const auto oneOrTwo = [&](int *out) { // 'd', 'M': no leading zero
        if (at >= n || !isDigit(t[at].unicode()) || t[at] == u'0')
            return false;
        const int width = (at + 1 < n && isDigit(t[at + 1].unicode())) ? 2 : 1;
        return fixed(width, out);
    };
    const auto name = [&](const char *const *names, int *out) {
        for (int m = 0; m < 12; ++m) {
            const QLatin1StringView candidate(names[m]);
            if (t.mid(at).startsWith(candidate)) {
                *out = m + 1;
                at += candidate.size();
                return true;
            }
        }
        return false;
    };
    for (const FormatToken &tok : f.tokens) {
        bool ok = false;
        switch (tok.token) {
        case Token::Literal:
            ok = at < n && t[at] == tok.literal;
            ++at;
            break;
        case Token::Day:
            ok = oneOrTwo(&c.d);
            break;
        case Token::Day2:
            ok = fixed(2, &c.d);
            break;
        case Token::Month:
            ok = oneOrTwo(&c.mo);
            break;
        case Token::Month2:
            ok = fixed(2, &c.mo);
            break;
        case Token::MonthShort:
            ok = name(kMonthShort, &c.mo);
            break;
        case Token::MonthLong:
            ok = name(kMonthLong, &c.mo);
            break;
        case Token::Year4:
            ok = fixed(4, &c.y);
            break;
        case Token::Hour2:
            ok = fixed(2, &c.h) && c.h <= 23;
            break;
        case Token::Minute2:
            ok = fixed(2, &c.mi) && c.mi <= 59;
            break;
        case Token::Second2:
            ok = fixed(2, &c.s) && c.s <= 59;
            break;
        }
        if (!ok)
            return std::nullopt;
    }
    const int minYear = f.digitsOnly ? 1900 : 1000;
    const int maxYear = f.digitsOnly ? 2100 : 9999;
    if (at != n || c.y < minYear || c.y > maxYear || !QDate::isValid(c.y, c.mo, c.d))
        return std::nullopt;
    return c;
}

std::optional<qint64> displayInstant(const DisplayFormat &f, QStringView t)
{
    const auto c = matchFormat(f, t);
    if (!c)
        return std::nullopt;
    return civilMs(c->y, c->mo, c->d, c->h, c->mi, c->s);
}

// Whether Qt's formatter (what the format filter calls) writes the value back exactly.
bool qtWritesBack(const DisplayFormat &f, const QString &text)
{
    const auto ms = displayInstant(f, text);
    return ms
        && QLocale::c().toString(QDateTime::fromMSecsSinceEpoch(*ms, QTimeZone::utc()), f.pattern)
        == text;
}

// ---- how an IsoDateTime part is written back ------------------------------------------------

enum class IsoWrite {
    Iso8601,       // "|iso8601": every value "YYYY-MM-DDTHH:MM:SSZ"
    Format,        // "|format:...": no zone, one shape, no fraction
    AsIsTimestamp, // no filter, a Timestamp attribute holding the text: Z with milliseconds
    AsIsText,      // no filter, an S attribute holding the text: offsets, mixed zones, other
                   // fraction widths, which no filter writes (they write UTC, whole seconds)
};

IsoWrite isoWrite(const PartKind &kind)
{
    if (kind.mixedZones)
        return IsoWrite::AsIsText;
    if (!kind.hasZone)
        return kind.fractionWidths.isEmpty() && !kind.format.isEmpty() ? IsoWrite::Format
                                                                       : IsoWrite::AsIsText;
    // A Timestamp attribute holds "YYYY-MM-DDTHH:MM:SS[.fff]Z"; other Z forms stay text.
    if (kind.zone != u"Z" || kind.format != u"yyyy-MM-ddTHH:mm:ss")
        return IsoWrite::AsIsText;
    if (kind.fractionWidths.isEmpty())
        return IsoWrite::Iso8601;
    for (const int w : kind.fractionWidths) {
        if (w != 0 && w != 3)
            return IsoWrite::AsIsText;
    }
    return IsoWrite::AsIsTimestamp;
}

bool isInstantKind(Kind kind)
{
    return kind == Kind::IsoDateTime || kind == Kind::IsoDate || kind == Kind::DisplayDate
        || kind == Kind::EpochSeconds || kind == Kind::EpochMillis;
}

// The instant a value of an instant kind stands for; nullopt when it does not fit.
std::optional<qint64> instantOf(const PartKind &kind, const QString &text)
{
    switch (kind.kind) {
    case Kind::IsoDateTime: {
        const auto iso = parseIso(text);
        if (!iso || iso->dateOnly)
            return std::nullopt;
        if (isoWrite(kind) == IsoWrite::Format) {
            // The one shape the format writes: same separator, seconds or not, no zone.
            const qsizetype length = iso->seconds ? 19 : 16;
            if (iso->zoned || text.size() != length || iso->separator != kind.format[10])
                return std::nullopt;
        }
        return iso->ms;
    }
    case Kind::IsoDate: {
        const auto iso = parseIso(text);
        if (!iso || !iso->dateOnly)
            return std::nullopt;
        return iso->ms;
    }
    case Kind::DisplayDate: {
        thread_local QString cachedPattern;
        thread_local DisplayFormat cached;
        if (cachedPattern != kind.format) {
            const DisplayFormat *known = findFormat(kind.format);
            cached = known ? *known : compileFormat(kind.format);
            cachedPattern = kind.format;
        }
        return displayInstant(cached, text);
    }
    case Kind::EpochSeconds:
    case Kind::EpochMillis: {
        const Scan s = scan(text);
        const qint64 v = integerOf(text, s);
        if (v < 0 || hasLeadingZero(text))
            return std::nullopt;
        const bool millis = kind.kind == Kind::EpochMillis;
        const qint64 seconds = millis ? v / 1000 : v;
        if (seconds < kEpochMinSeconds || seconds > kEpochMaxSeconds)
            return std::nullopt;
        if (millis ? (s.length < 12 || s.length > 14) : (s.length < 9 || s.length > 11))
            return std::nullopt;
        return millis ? v : v * 1000;
    }
    default:
        return std::nullopt;
    }
}

// The integer a value of an Integer or PaddedInteger part stands for.
std::optional<qint64> integerValueOf(const PartKind &kind, const QString &text)
{
    const Scan s = scan(text);
    const qint64 v = integerOf(text, s);
    if (v < 0)
        return std::nullopt;
    if (kind.kind == Kind::PaddedInteger ? text.size() != kind.width : hasLeadingZero(text))
        return std::nullopt;
    return v;
}

// Whether a value fits a kind ordered as text (ids, hex, words, text).
bool fitsTextKind(const PartKind &kind, const QString &text)
{
    switch (kind.kind) {
    case Kind::Constant:
        return text == kind.constant;
    case Kind::Uuid:
        return uuidVersionOf(text) >= 0;
    case Kind::Ulid:
        return text.size() == ids::kUlidTextSize && ids::ulidToRaw(text).has_value();
    case Kind::Ksuid:
        return text.size() == ids::kKsuidTextSize && ids::ksuidToRaw(text).has_value();
    case Kind::Hex: {
        const Scan s = scan(text);
        return s.allHex && s.length == kind.width;
    }
    case Kind::UpperText:
    case Kind::LowerText:
    case Kind::MixedText:
        return scan(text).word;
    default:
        return true;
    }
}

// ---- classifyPart: the census pass ----------------------------------------------------------

enum Candidate {
    cIsoDateTime,
    cIsoDate,
    cUuid,
    cUlid,
    cKsuid,
    cEpochS,
    cEpochMs,
    cDigits,
    cInteger,
    cNumber,
    cHex,
    cWord,
    cCandidates
};

struct Census
{
    qsizetype n = 0;
    qsizetype allowed = 0; // failures a kind may have: 10% of the values
    std::array<qsizetype, cCandidates> fits {};
    std::array<qsizetype, cCandidates> fails {};
    std::vector<qsizetype> formatFits;
    std::vector<qsizetype> formatFails;
    std::array<qsizetype, kMaxTrackedWidth + 1> digitsByWidth {};
    std::array<bool, kMaxTrackedWidth + 1> leadingZeroByWidth {};
    std::array<qsizetype, kMaxTrackedWidth + 1> hexByWidth {};
    std::array<bool, kMaxTrackedWidth + 1> hexLetterByWidth {};
    std::array<bool, kMaxTrackedWidth + 1> hexDigitByWidth {};
    bool wordLetter = false;

    bool alive(int c) const { return fails[size_t(c)] <= allowed; }
    void count(int c, bool fit)
    {
        if (fit)
            ++fits[size_t(c)];
        else
            ++fails[size_t(c)];
    }
    bool wins(qsizetype fit) const { return fit > 0 && fit >= n - allowed; }
};

void countValue(Census &census, const QString &v)
{
    const Scan s = scan(v);
    if (census.alive(cIsoDateTime) || census.alive(cIsoDate)) {
        const auto iso = s.length >= 10 ? parseIso(v) : std::nullopt;
        census.count(cIsoDateTime, iso && !iso->dateOnly);
        census.count(cIsoDate, iso && iso->dateOnly);
    }
    if (census.alive(cUuid))
        census.count(cUuid, s.length == 36 && uuidVersionOf(v) >= 0);
    if (census.alive(cUlid))
        census.count(
            cUlid, s.length == ids::kUlidTextSize && s.allBase62 && ids::ulidToRaw(v).has_value());
    if (census.alive(cKsuid))
        census.count(cKsuid,
                     s.length == ids::kKsuidTextSize && s.allBase62
                         && ids::ksuidToRaw(v).has_value());
    const bool needInteger = census.alive(cDigits) || census.alive(cInteger)
        || census.alive(cEpochS) || census.alive(cEpochMs);
    const qint64 integer = needInteger ? integerOf(v, s) : -1;
    const bool leadingZero = hasLeadingZero(v);
    if (census.alive(cDigits)) {
        census.count(cDigits, integer >= 0);
        if (integer >= 0) {
            ++census.digitsByWidth[size_t(s.length)];
            census.leadingZeroByWidth[size_t(s.length)] |= leadingZero;
        }
    }
    if (census.alive(cInteger))
        census.count(cInteger, integer >= 0 && !leadingZero);
    if (census.alive(cEpochS))
        census.count(cEpochS,
                     integer >= 0 && !leadingZero && s.length >= 9 && s.length <= 11
                         && integer >= kEpochMinSeconds && integer <= kEpochMaxSeconds);
    if (census.alive(cEpochMs))
        census.count(cEpochMs,
                     integer >= 0 && !leadingZero && s.length >= 12 && s.length <= 14
                         && integer / 1000 >= kEpochMinSeconds
                         && integer / 1000 <= kEpochMaxSeconds);
    if (census.alive(cNumber))
        census.count(cNumber, (s.anyDigit && isCanonicalNumber(v)));
    if (census.alive(cHex)) {
        const bool fit = s.allHex && s.length <= kMaxTrackedWidth;
        census.count(cHex, fit);
        if (fit) {
            ++census.hexByWidth[size_t(s.length)];
            census.hexLetterByWidth[size_t(s.length)] |= s.hexLetter;
            census.hexDigitByWidth[size_t(s.length)] |= s.anyDigit;
        }
    }
    if (census.alive(cWord)) {
        census.count(cWord, s.word);
        census.wordLetter = census.wordLetter || (s.word && s.anyLetter);
    }
    if (s.anyDigit) {
        const auto &formats = displayFormats();
        for (size_t f = 0; f < formats.size(); ++f) {
            if (census.formatFails[f] > census.allowed)
                continue;
            if (matchFormat(formats[f], v))
                ++census.formatFits[f];
            else
                ++census.formatFails[f];
        }
    } else {
        for (qsizetype &fails : census.formatFails)
            ++fails;
    }
}

Census emptyCensus(qsizetype n)
{
    Census census;
    census.n = n;
    census.allowed = n / 10;
    census.formatFits.assign(displayFormats().size(), 0);
    census.formatFails.assign(displayFormats().size(), 0);
    return census;
}

// On many values, a kind that fails more than a quarter of 1024 values spread evenly over the
// list is dropped before the full pass (it would need nine in ten overall), so the full pass
// tries only the kinds that can win: a million timestamps are parsed as timestamps only.
void ruleOutBySample(Census &census, const std::vector<QString> &values)
{
    constexpr size_t kSample = 1024;
    if (values.size() < 4 * kSample)
        return;
    Census sample = emptyCensus(qsizetype(kSample));
    sample.allowed = qsizetype(kSample); // count every candidate on every sampled value
    const size_t stride = values.size() / kSample;
    for (size_t i = 0; i < kSample; ++i)
        countValue(sample, values[i * stride]);
    const qsizetype limit = qsizetype(kSample / 4);
    for (int c = 0; c < cCandidates; ++c) {
        if (sample.fails[size_t(c)] > limit)
            census.fails[size_t(c)] = census.allowed + 1;
    }
    for (size_t f = 0; f < sample.formatFails.size(); ++f) {
        if (sample.formatFails[f] > limit)
            census.formatFails[f] = census.allowed + 1;
    }
}

// Distinct texts, counted by their 64-bit hashes sorted (a collision among a million values is
// about one chance in 10^7): a hash set of a million strings costs several times as much.
qsizetype distinctCount(const std::vector<QString> &values)
{
    std::vector<size_t> hashes;
    hashes.reserve(values.size());
    for (const QString &v : values)
        hashes.push_back(qHash(v, 0x9e3779b9u));
    std::sort(hashes.begin(), hashes.end());
    return qsizetype(std::unique(hashes.begin(), hashes.end()) - hashes.begin());
}

// The most common tracked width and how many values have it.
int modalWidth(const std::array<qsizetype, kMaxTrackedWidth + 1> &byWidth)
{
    return int(std::max_element(byWidth.begin(), byWidth.end()) - byWidth.begin());
}

// The display format the most values match (Qt writing a sample of them back), or -1.
int bestFormat(const Census &census, const std::vector<QString> &values)
{
    const auto &formats = displayFormats();
    std::vector<int> order;
    for (int f = 0; f < int(formats.size()); ++f) {
        if (census.wins(census.formatFits[size_t(f)]))
            order.push_back(f);
    }
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return census.formatFits[size_t(a)] > census.formatFits[size_t(b)];
    });
    for (const int f : order) {
        int checked = 0;
        bool ok = true;
        for (size_t i = 0; i < values.size() && checked < 3 && ok; ++i) {
            if (!matchFormat(formats[size_t(f)], values[i]))
                continue;
            ok = qtWritesBack(formats[size_t(f)], values[i]);
            ++checked;
        }
        if (ok)
            return f;
    }
    return -1;
}

// The kind at least 90% of the values agree on (see the rules at the top of this file).
PartKind decideKind(const Census &census, const std::vector<QString> &values)
{
    PartKind kind;
    const auto is = [&](Kind k) {
        kind.kind = k;
        return kind;
    };
    if (census.wins(census.fits[cIsoDateTime]))
        return is(Kind::IsoDateTime);
    if (census.wins(census.fits[cIsoDate]))
        return is(Kind::IsoDate);
    if (census.wins(census.fits[cUuid]))
        return is(Kind::Uuid);
    if (census.wins(census.fits[cUlid]))
        return is(Kind::Ulid);
    if (census.wins(census.fits[cKsuid]))
        return is(Kind::Ksuid);
    if (census.wins(census.fits[cEpochMs]))
        return is(Kind::EpochMillis);
    if (census.wins(census.fits[cEpochS]))
        return is(Kind::EpochSeconds);
    if (const int f = bestFormat(census, values); f >= 0) {
        kind.format = displayFormats()[size_t(f)].pattern;
        return is(Kind::DisplayDate);
    }
    const int digitsWidth = modalWidth(census.digitsByWidth);
    if (digitsWidth >= 2 && census.wins(census.digitsByWidth[size_t(digitsWidth)])
        && census.leadingZeroByWidth[size_t(digitsWidth)]) {
        kind.width = digitsWidth;
        return is(Kind::PaddedInteger);
    }
    if (census.wins(census.fits[cInteger]))
        return is(Kind::Integer);
    if (census.wins(census.fits[cNumber]))
        return is(Kind::SignedNumber);
    const int hexWidth = modalWidth(census.hexByWidth);
    if (hexWidth >= 4 && census.wins(census.hexByWidth[size_t(hexWidth)])
        && census.hexLetterByWidth[size_t(hexWidth)] && census.hexDigitByWidth[size_t(hexWidth)]) {
        kind.width = hexWidth;
        return is(Kind::Hex);
    }
    if (census.wins(census.fits[cWord]) && census.wordLetter)
        return is(Kind::MixedText); // the case is read in the second pass
    return is(Kind::Text);
}

// ---- classifyPart: the second pass over the decided kind -----------------------------------

void addOutlier(PartKind &kind, qsizetype index)
{
    if (qsizetype(kind.outliers.size()) < kMaxOutliersKept)
        kind.outliers.push_back(index);
    ++kind.outlierCount;
}

// Walks the values under the kind: outliers, and the smallest and largest by `key`.
template<typename Key, typename Read>
void finish(PartKind &kind, const std::vector<QString> &values, Read read)
{
    std::optional<Key> lo, hi;
    qsizetype loAt = -1, hiAt = -1;
    for (qsizetype i = 0; i < qsizetype(values.size()); ++i) {
        std::optional<Key> key = read(values[size_t(i)]);
        if (!key) {
            addOutlier(kind, i);
            continue;
        }
        if (!lo || *key < *lo) {
            lo = key;
            loAt = i;
        }
        if (!hi || *hi < *key) {
            hi = key;
            hiAt = i;
        }
    }
    if (loAt >= 0) {
        kind.minText = values[size_t(loAt)];
        kind.maxText = values[size_t(hiAt)];
    }
}

void finishIsoDateTime(PartKind &kind, const std::vector<QString> &values)
{
    bool anyZone = false, anyBare = false, zonesDiffer = false, shapesDiffer = false;
    bool anyFraction = false, anyWhole = false;
    QString zone;
    char16_t separator = 0;
    bool seconds = false;
    std::array<bool, 10> fractions {};
    finish<qint64>(kind, values, [&](const QString &v) -> std::optional<qint64> {
        const auto iso = parseIso(v);
        if (!iso || iso->dateOnly)
            return std::nullopt;
        if (iso->zoned) {
            if (!anyZone)
                zone = iso->zoneText.toString();
            else
                zonesDiffer = zonesDiffer || iso->zoneText != zone;
            anyZone = true;
        } else {
            anyBare = true;
        }
        if (separator == 0) {
            separator = iso->separator;
            seconds = iso->seconds;
        }
        shapesDiffer = shapesDiffer || separator != iso->separator || seconds != iso->seconds;
        fractions[size_t(iso->fraction)] = true;
        (iso->fraction ? anyFraction : anyWhole) = true;
        return iso->ms;
    });
    kind.hasZone = !anyBare;
    kind.mixedZones = (anyZone && anyBare) || zonesDiffer;
    kind.zone = kind.hasZone && !kind.mixedZones ? zone : QString();
    if (anyFraction) {
        for (int w = anyWhole ? 0 : 1; w < 10; ++w) {
            if (fractions[size_t(w)])
                kind.fractionWidths.push_back(w);
        }
    }
    if (!shapesDiffer) {
        kind.format = QStringLiteral("yyyy-MM-dd") + QChar(separator)
            + (seconds ? QStringLiteral("HH:mm:ss") : QStringLiteral("HH:mm"));
    }
}

void finishCase(PartKind &kind, const std::vector<QString> &values)
{
    bool upper = false, lower = false;
    finish<QStringView>(kind, values, [&](const QString &v) -> std::optional<QStringView> {
        if (!fitsTextKind(kind, v))
            return std::nullopt;
        const Scan s = scan(v);
        upper = upper || s.upper;
        lower = lower || s.lower;
        return QStringView(v);
    });
    const LetterCase letters = upper && lower ? LetterCase::Mixed
        : upper                               ? LetterCase::Upper
        : lower                               ? LetterCase::Lower
                                              : LetterCase::None;
    if (kind.kind == Kind::MixedText) {
        kind.kind = letters == LetterCase::Upper ? Kind::UpperText
            : letters == LetterCase::Lower       ? Kind::LowerText
                                                 : Kind::MixedText;
    } else {
        kind.letterCase = letters;
    }
}

void finishUuid(PartKind &kind, const std::vector<QString> &values)
{
    int version = -1;
    bool mixed = false;
    finishCase(kind, values);
    for (const QString &v : values) {
        const int found = uuidVersionOf(v);
        if (found < 0)
            continue;
        mixed = mixed || (version >= 0 && found != version);
        version = found;
        if (mixed)
            break;
    }
    kind.uuidVersion = mixed || (version != 1 && version != 4 && version != 7) ? 0 : version;
}

// ---- inferredAttribute ----------------------------------------------------------------------

// The finest unit the part's text shows: generated instants step by whole units so they write
// like the sample (whole days for dates, whole seconds for second-precision times).
qint64 instantUnitMs(const PartKind &kind)
{
    switch (kind.kind) {
    case Kind::IsoDate:
        return kDayMs;
    case Kind::DisplayDate: {
        const DisplayFormat *known = findFormat(kind.format);
        return known ? known->unitMs : compileFormat(kind.format).unitMs;
    }
    case Kind::EpochMillis:
        return 1;
    case Kind::IsoDateTime: {
        if (!kind.fractionWidths.isEmpty())
            return 1;
        const auto iso = parseIso(kind.minText);
        return iso && !iso->seconds ? 60000 : 1000;
    }
    default:
        return 1000;
    }
}

// A step so that `count` values from `lo` span to `hi`, in whole units (at least one).
qint64 spanningStep(qint64 lo, qint64 hi, qint64 count, qint64 unit)
{
    const qint64 step = count > 1 ? (hi - lo) / (count - 1) : unit;
    return std::max(unit, step / unit * unit);
}

// A value's shape in the pattern generator's syntax: '#' digit, 'A' / 'a' ASCII letter, every
// other character written as is (escaped where the syntax would read it as a class).
QString shapeOf(QStringView v)
{
    QString shape;
    shape.reserve(v.size());
    for (const QChar qc : v) {
        const char16_t c = qc.unicode();
        if (isDigit(c))
            shape += u'#';
        else if (c >= u'A' && c <= u'Z')
            shape += u'A';
        else if (c >= u'a' && c <= u'z')
            shape += u'a';
        else if (c == u'#' || c == u'*' || c == u'\\')
            shape.append(u'\\').append(qc);
        else
            shape += qc;
    }
    return shape;
}

// Up to 4096 values spread over the whole list, for decisions that need no exact count.
template<typename Visit>
void forSample(const std::vector<QString> &values, Visit visit)
{
    const size_t stride = std::max<size_t>(1, values.size() / 4096);
    for (size_t i = 0; i < values.size(); i += stride)
        visit(values[i]);
}

// The shape most sampled fitting values have.
QString modalShape(const PartKind &kind, const std::vector<QString> &values)
{
    QHash<QString, qsizetype> shapes;
    forSample(values, [&](const QString &v) {
        if (fitsTextKind(kind, v) && !v.isEmpty())
            ++shapes[shapeOf(v)];
    });
    QString best;
    qsizetype bestCount = 0;
    for (auto it = shapes.cbegin(); it != shapes.cend(); ++it) {
        if (it.value() > bestCount || (it.value() == bestCount && it.key() < best)) {
            best = it.key();
            bestCount = it.value();
        }
    }
    return best;
}

// The pattern syntax has no hex-digit class, so a hex value's letters are kept from a sample
// value (written as themselves) and its digits are random; enough positions are made random for
// the values to stay distinct, one letter is kept so they still read as hexadecimal.
QString hexPattern(const PartKind &kind, const std::vector<QString> &values)
{
    QString sample;
    for (const QString &v : values) {
        const Scan s = scan(v);
        if (s.allHex && v.size() == kind.width && s.hexLetter) {
            sample = v;
            break;
        }
    }
    std::vector<bool> random(size_t(sample.size()));
    qsizetype randomCount = 0, lastLetter = -1;
    for (qsizetype i = 0; i < sample.size(); ++i) {
        random[size_t(i)] = isDigit(sample[i].unicode());
        randomCount += random[size_t(i)] ? 1 : 0;
        if (!random[size_t(i)])
            lastLetter = i;
    }
    const qsizetype wanted = std::min<qsizetype>(sample.size() - 1, 12);
    for (qsizetype i = 0; i < sample.size() && randomCount < wanted; ++i) {
        if (!random[size_t(i)] && i != lastLetter) {
            random[size_t(i)] = true;
            ++randomCount;
        }
    }
    QString pattern;
    for (qsizetype i = 0; i < sample.size(); ++i) {
        if (random[size_t(i)])
            pattern += u'#';
        else if (sample[i] == u'a' || sample[i] == u'A')
            pattern.append(u'\\').append(sample[i]);
        else
            pattern += sample[i];
    }
    return pattern;
}

// The distinct fitting values, sorted, when there are at most kMaxChoices; empty otherwise.
QStringList fewChoices(const PartKind &kind, const std::vector<QString> &values)
{
    QSet<QString> seen;
    for (const QString &v : values) {
        if (!fitsTextKind(kind, v))
            continue;
        seen.insert(v);
        if (seen.size() > kMaxChoices)
            return {};
    }
    QStringList choices(seen.begin(), seen.end());
    choices.sort();
    return choices;
}

// Surnames: letters (and ' - space) only, starting with a letter.
bool looksLikeNames(const std::vector<QString> &values)
{
    bool names = true;
    forSample(values, [&](const QString &v) {
        const Scan s = scan(v);
        names = names && s.word && !s.anyDigit && !v.isEmpty() && v.front().isLetter()
            && v.size() <= 30;
    });
    return names;
}

void inferInstants(AttributeSpec &spec, const PartKind &kind, const std::vector<QString> &values,
                   qint64 count)
{
    std::vector<qint64> instants;
    instants.reserve(values.size());
    for (const QString &v : values) {
        if (const auto ms = instantOf(kind, v))
            instants.push_back(*ms);
    }
    const bool asText = kind.kind == Kind::IsoDateTime && isoWrite(kind) == IsoWrite::AsIsText;
    // Offsets, mixed zones and odd fractions are kept as the text (S); the generator still
    // writes instants, in UTC, so the population sorts by time like the sample's instants.
    spec.type = asText ? AttributeKind::S : AttributeKind::Timestamp;
    spec.generator.kind = GeneratorSpec::Kind::Timestamp;
    if (instants.empty()) {
        spec.generator.start = 0;
        spec.generator.step = 1000;
        return;
    }
    std::sort(instants.begin(), instants.end());
    const qint64 distinct
        = qint64(std::unique(instants.begin(), instants.end()) - instants.begin());
    const qint64 unit = instantUnitMs(kind);
    spec.generator.start = instants.front();
    spec.generator.step = spanningStep(instants.front(), instants[size_t(distinct - 1)],
                                       count > 0 ? count : distinct, unit);
    // The generator writes milliseconds only when start or step is not whole seconds; the sample
    // has fractions, so the population must have them too.
    if (kind.kind == Kind::IsoDateTime && isoWrite(kind) == IsoWrite::AsIsTimestamp
        && spec.generator.start % 1000 == 0 && spec.generator.step % 1000 == 0)
        spec.generator.step += 1;
}

void inferIntegers(AttributeSpec &spec, const PartKind &kind, const std::vector<QString> &values)
{
    spec.type = AttributeKind::N;
    std::vector<qint64> ints;
    ints.reserve(values.size());
    for (const QString &v : values) {
        if (const auto i = integerValueOf(kind, v))
            ints.push_back(*i);
    }
    GeneratorSpec &g = spec.generator;
    std::sort(ints.begin(), ints.end());
    if (ints.empty()) {
        g.kind = GeneratorSpec::Kind::Sequence;
        return;
    }
    if (std::adjacent_find(ints.begin(), ints.end()) != ints.end()) {
        g.kind = GeneratorSpec::Kind::IntegerRange;
        g.min = ints.front();
        g.max = ints.back();
        return;
    }
    // Distinct integers: a sequence from the smallest, by the median gap (one far jump in the
    // sample does not stretch every step).
    g.kind = GeneratorSpec::Kind::Sequence;
    g.start = ints.front();
    std::vector<qint64> gaps;
    gaps.reserve(ints.size());
    for (size_t i = 1; i < ints.size(); ++i)
        gaps.push_back(ints[i] - ints[i - 1]);
    g.step = 1;
    if (!gaps.empty()) {
        std::nth_element(gaps.begin(), gaps.begin() + qsizetype(gaps.size() / 2), gaps.end());
        g.step = std::max<qint64>(1, gaps[gaps.size() / 2]);
    }
}

// KSUID and ULID generators take their time from start + ordinal * step (ms): span the sample.
void inferIdTimes(AttributeSpec &spec, const std::vector<QString> &values, qint64 count, bool ksuid)
{
    std::vector<qint64> times;
    times.reserve(values.size());
    for (const QString &v : values) {
        if (ksuid) {
            if (const auto s = ids::ksuidTime(v))
                times.push_back(*s * 1000);
        } else if (const auto ms = ids::ulidTime(v)) {
            times.push_back(*ms);
        }
    }
    if (times.empty())
        return;
    std::sort(times.begin(), times.end());
    const qint64 distinct = qint64(std::unique(times.begin(), times.end()) - times.begin());
    const qint64 unit = ksuid ? 1000 : 1;
    spec.generator.start = std::max<qint64>(times.front(), 2); // 0 and 1 mean "now"
    spec.generator.step = spanningStep(times.front(), times[size_t(distinct - 1)],
                                       count > 0 ? count : std::max<qint64>(distinct, 2), unit);
}

QString caseNote(LetterCase letters)
{
    switch (letters) {
    case LetterCase::Upper:
        return QStringLiteral(", uppercase");
    case LetterCase::Lower:
        return QStringLiteral(", lowercase");
    case LetterCase::Mixed:
        return QStringLiteral(", mixed case");
    case LetterCase::None:
        break;
    }
    return {};
}

} // namespace

QString PartKind::describe() const
{
    switch (kind) {
    case Kind::Constant:
        return QStringLiteral("constant '%1'").arg(constant);
    case Kind::Integer:
        // Integers of one width sort by value even unpadded; mixed widths do not ("10" < "9").
        return minText.size() == maxText.size()
            ? QStringLiteral("integer, not zero-padded")
            : QStringLiteral("integer, not zero-padded: does not sort by value");
    case Kind::PaddedInteger:
        return QStringLiteral("zero-padded integer (%1 digits)").arg(width);
    case Kind::SignedNumber:
        return QStringLiteral("number with a sign or a fraction: does not sort by value");
    case Kind::IsoDateTime: {
        QString text = QStringLiteral("ISO-8601 date and time");
        if (mixedZones)
            text += QStringLiteral(" with mixed time zones: does not sort by time");
        else if (!hasZone)
            text += QStringLiteral(" without a time zone");
        else if (zone == u"Z")
            text += QStringLiteral(" in UTC");
        else
            text += QStringLiteral(" at offset ") + zone;
        if (fractionWidths.size() > 1)
            text += QStringLiteral(", fractions of mixed widths: does not sort by time");
        else if (!fractionWidths.isEmpty())
            text += QStringLiteral(", %1-digit fractions").arg(fractionWidths.front());
        return text;
    }
    case Kind::IsoDate:
        return QStringLiteral("ISO-8601 date");
    case Kind::DisplayDate: {
        const DisplayFormat *known = findFormat(format);
        const bool sorts = known ? known->sortsByTime : compileFormat(format).sortsByTime;
        return QStringLiteral("display date (%1)").arg(format)
            + (sorts ? QString() : QStringLiteral(": does not sort by time"));
    }
    case Kind::EpochSeconds:
        return QStringLiteral("seconds since 1970 (epoch)");
    case Kind::EpochMillis:
        return QStringLiteral("milliseconds since 1970 (epoch)");
    case Kind::Uuid:
        switch (uuidVersion) {
        case 1:
            return QStringLiteral("UUID version 1 (time-based, but does not sort by time)")
                + caseNote(letterCase);
        case 4:
            return QStringLiteral("UUID version 4 (random: no time order)") + caseNote(letterCase);
        case 7:
            return QStringLiteral("UUID version 7 (sorts by creation time)") + caseNote(letterCase);
        default:
            return QStringLiteral("UUID of mixed versions") + caseNote(letterCase);
        }
    case Kind::Ksuid:
        return QStringLiteral("KSUID (sorts by creation second)");
    case Kind::Ulid:
        if (letterCase == LetterCase::Mixed)
            return QStringLiteral("ULID in mixed case: does not sort by time");
        return letterCase == LetterCase::Lower
            ? QStringLiteral("ULID in lowercase (sorts by creation time)")
            : QStringLiteral("ULID (sorts by creation time)");
    case Kind::Hex:
        return QStringLiteral("hexadecimal (%1 digits)").arg(width) + caseNote(letterCase);
    case Kind::UpperText:
        return QStringLiteral("uppercase text");
    case Kind::LowerText:
        return QStringLiteral("lowercase text");
    case Kind::MixedText:
        return QStringLiteral("mixed-case text: uppercase sorts before lowercase ('DeBrie' < "
                              "'Dean')");
    case Kind::Text:
        break;
    }
    return QStringLiteral("text");
}

PartKind classifyPart(const std::vector<QString> &values)
{
    PartKind kind;
    if (values.empty())
        return kind;

    const qsizetype distinct = distinctCount(values);
    if (distinct == 1 && std::all_of(values.begin(), values.end(), [&](const QString &v) {
            return v == values.front();
        })) {
        kind.kind = Kind::Constant;
        kind.constant = kind.minText = kind.maxText = values.front();
        kind.distinct = 1;
        return kind;
    }

    Census census = emptyCensus(qsizetype(values.size()));
    ruleOutBySample(census, values);
    for (const QString &v : values)
        countValue(census, v);

    kind = decideKind(census, values);
    kind.distinct = std::max<qsizetype>(distinct, 2);
    switch (kind.kind) {
    case Kind::IsoDateTime:
        finishIsoDateTime(kind, values);
        break;
    case Kind::IsoDate:
    case Kind::DisplayDate:
    case Kind::EpochSeconds:
    case Kind::EpochMillis:
        finish<qint64>(kind, values, [&](const QString &v) { return instantOf(kind, v); });
        break;
    case Kind::Integer:
    case Kind::PaddedInteger:
        finish<qint64>(kind, values, [&](const QString &v) { return integerValueOf(kind, v); });
        break;
    case Kind::SignedNumber:
        finish<Number>(kind, values, [](const QString &v) -> std::optional<Number> {
            if (!isCanonicalNumber(v))
                return std::nullopt;
            return Number::parse(v);
        });
        break;
    case Kind::Uuid:
        finishUuid(kind, values);
        break;
    default:
        finishCase(kind, values);
        break;
    }
    return kind;
}

QString templateFilters(const PartKind &kind)
{
    switch (kind.kind) {
    case Kind::PaddedInteger:
        return QStringLiteral("|pad:%1").arg(kind.width);
    case Kind::IsoDateTime:
        switch (isoWrite(kind)) {
        case IsoWrite::Iso8601:
            return QStringLiteral("|iso8601");
        case IsoWrite::Format:
            return QStringLiteral("|format:") + kind.format;
        case IsoWrite::AsIsTimestamp: // iso8601 would drop the milliseconds
        case IsoWrite::AsIsText:      // no filter writes an offset or other fractions
            return {};
        }
        return {};
    case Kind::IsoDate:
        return QStringLiteral("|date");
    case Kind::DisplayDate:
        return QStringLiteral("|format:") + kind.format;
    case Kind::EpochSeconds:
        return QStringLiteral("|epoch");
    case Kind::EpochMillis:
        return QStringLiteral("|epochms");
    case Kind::Uuid: // the uuid4 generator writes lowercase
        return kind.letterCase == PartKind::LetterCase::Upper ? QStringLiteral("|upper")
                                                              : QString();
    case Kind::Ulid: // the ulid generator writes uppercase
        return kind.letterCase == PartKind::LetterCase::Lower ? QStringLiteral("|lower")
                                                              : QString();
    default:
        return {};
    }
}

AttributeSpec inferredAttribute(const QString &name, const PartKind &kind,
                                const std::vector<QString> &values, qint64 count)
{
    AttributeSpec spec;
    spec.name = name;
    spec.type = AttributeKind::S;
    GeneratorSpec &g = spec.generator;
    if (isInstantKind(kind.kind)) {
        inferInstants(spec, kind, values, count);
        return spec;
    }
    switch (kind.kind) {
    case Kind::Constant:
        g.kind = GeneratorSpec::Kind::Constant;
        g.constant = kind.constant;
        return spec;
    case Kind::Integer:
    case Kind::PaddedInteger:
        inferIntegers(spec, kind, values);
        return spec;
    case Kind::SignedNumber: {
        // An integer range over the observed values: the signs (which break the text order)
        // come through; fractions do not, as no generator makes them.
        spec.type = AttributeKind::N;
        g.kind = GeneratorSpec::Kind::IntegerRange;
        g.min = qint64(std::floor(kind.minText.toDouble()));
        g.max = qint64(std::ceil(kind.maxText.toDouble()));
        return spec;
    }
    case Kind::Uuid:
        // Versions 1 and 7 are written as version 4: no generator makes time-based UUIDs, and
        // a v1 text does not sort by time anyway. A v7 design gets random order instead of
        // creation order; the report says which version the sample had.
        g.kind = GeneratorSpec::Kind::Uuid4;
        return spec;
    case Kind::Ksuid:
        g.kind = GeneratorSpec::Kind::Ksuid;
        inferIdTimes(spec, values, count, true);
        return spec;
    case Kind::Ulid:
        g.kind = GeneratorSpec::Kind::Ulid;
        inferIdTimes(spec, values, count, false);
        return spec;
    default:
        break;
    }
    if (const QStringList choices = fewChoices(kind, values); !choices.isEmpty()) {
        g.kind = GeneratorSpec::Kind::Choice;
        g.choices = choices;
        return spec;
    }
    if (kind.kind == Kind::Hex) {
        g.kind = GeneratorSpec::Kind::Pattern;
        g.pattern = hexPattern(kind, values);
        if (!g.pattern.isEmpty())
            return spec;
    }
    if (kind.kind == Kind::MixedText && looksLikeNames(values)) {
        g.kind = GeneratorSpec::Kind::Names;
        return spec;
    }
    g.kind = GeneratorSpec::Kind::Pattern;
    g.pattern = modalShape(kind, values);
    if (g.pattern.isEmpty()) { // only empty values
        g.kind = GeneratorSpec::Kind::Constant;
        g.constant.clear();
    }
    return spec;
}

std::optional<AttributeValue> attributeValueOf(const PartKind &kind, const QString &text)
{
    if (isInstantKind(kind.kind)) {
        const auto ms = instantOf(kind, text);
        if (!ms)
            return std::nullopt;
        if (kind.kind == Kind::IsoDateTime) {
            const IsoWrite write = isoWrite(kind);
            if (write == IsoWrite::AsIsTimestamp || write == IsoWrite::AsIsText)
                return AttributeValue::string(text);
        }
        return AttributeValue::string(formatIsoInstant(*ms, kind.kind == Kind::EpochMillis));
    }
    switch (kind.kind) {
    case Kind::Integer:
    case Kind::PaddedInteger:
        if (const auto v = integerValueOf(kind, text))
            return AttributeValue::number(Number::fromInt(*v));
        return std::nullopt;
    case Kind::SignedNumber:
        if (!isCanonicalNumber(text))
            return std::nullopt;
        if (const auto number = Number::parse(text))
            return AttributeValue::number(*number);
        return std::nullopt;
    default:
        if (!fitsTextKind(kind, text))
            return std::nullopt;
        return AttributeValue::string(text);
    }
}

} // namespace keyscope::model::recovery
