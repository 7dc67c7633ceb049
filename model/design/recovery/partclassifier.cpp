#include "model/design/recovery/partclassifier.h"

#include "model/design/recovery/partvalues.h"

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

using namespace partvalues;
using Kind = PartKind::Kind;
using LetterCase = PartKind::LetterCase;

constexpr int kMaxTrackedWidth = 64;
constexpr qsizetype kMaxOutliersKept = 10;

// ---- classifyPart: the census pass ----------------------------------------------------------

enum PartCandidate {
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
            if (matchesFormat(formats[f], v))
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
            if (!matchesFormat(formats[size_t(f)], values[i]))
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
