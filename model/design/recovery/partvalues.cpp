#include "model/design/recovery/partvalues.h"

#include "model/design/ids.h"
#include "model/value/civiltime.h"

#include <QDate>
#include <QDateTime>
#include <QLocale>
#include <QTimeZone>

#include <algorithm>

namespace keyscope::model::recovery::partvalues {

using Kind = PartKind::Kind;

namespace {

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

const char *const kMonthShort[]
    = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
const char *const kMonthLong[]
    = {"January", "February", "March",     "April",   "May",      "June",
       "July",    "August",   "September", "October", "November", "December"};

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

} // namespace

// ---- what one pass learns about a value's characters ----------------------------------------

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
    qint64 v = 0;
    for (const QChar c : t)
        v = v * 10 + (c.unicode() - u'0');
    return v;
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

std::optional<qint64> displayInstant(const DisplayFormat &f, QStringView t)
{
    const auto c = matchFormat(f, t);
    if (!c)
        return std::nullopt;
    return civilMs(c->y, c->mo, c->d, c->h, c->mi, c->s);
}

bool matchesFormat(const DisplayFormat &f, QStringView t)
{
    return matchFormat(f, t).has_value();
}

// Whether Qt's formatter (what the format filter calls) writes the value back exactly.
bool qtWritesBack(const DisplayFormat &f, const QString &text)
{
    const auto ms = displayInstant(f, text);
    return ms
        && QLocale::c().toString(QDateTime::fromMSecsSinceEpoch(*ms, QTimeZone::utc()), f.pattern)
        == text;
}

const DisplayFormat *commonFormat(const QStringList &texts)
{
    if (texts.isEmpty())
        return nullptr;
    for (const DisplayFormat &f : displayFormats()) {
        if (std::all_of(texts.begin(), texts.end(),
                        [&](const QString &t) { return matchesFormat(f, t); }))
            return &f;
    }
    return nullptr;
}

QString isoText(const DisplayFormat &f, qint64 ms)
{
    const QDateTime time = QDateTime::fromMSecsSinceEpoch(ms, QTimeZone::utc());
    return time.toString(f.unitMs >= kDayMs ? QStringLiteral("yyyy-MM-dd")
                                            : QStringLiteral("yyyy-MM-ddTHH:mm:ss'Z'"));
}

// ---- how an IsoDateTime part is written back ------------------------------------------------

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

} // namespace keyscope::model::recovery::partvalues
