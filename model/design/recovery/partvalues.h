#pragma once

#include "model/design/recovery/partclassifier.h"

#include <QString>
#include <QStringList>
#include <QStringView>

#include <optional>
#include <vector>

// How one text reads as each part kind: the readers the classifier's census, its second pass,
// attributeValueOf and inferredAttribute share, so a value fits a kind by the same rule in
// each of them. Internal to the part classifier.

namespace keyscope::model::recovery::partvalues {

// Bare integers read as instants must fall in 2001-01-01 .. 2100-01-01.
constexpr qint64 kEpochMinSeconds = 978307200;
constexpr qint64 kEpochMaxSeconds = 4102444800;
constexpr int kMaxIntegerWidth = 18; // every 18-digit integer fits in qint64
constexpr qint64 kDayMs = 86400000;

inline bool isDigit(char16_t c)
{
    return c >= u'0' && c <= u'9';
}

inline bool isHexDigit(char16_t c)
{
    return isDigit(c) || (c >= u'a' && c <= u'f') || (c >= u'A' && c <= u'F');
}

// What one pass over a value's characters learns.
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

Scan scan(QStringView t);

// An ISO-8601 date, or date and time.
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
std::optional<IsoValue> parseIso(QStringView t);

// The UUID version (0..15), or -1 when the text is not 8-4-4-4-12 hex.
int uuidVersionOf(QStringView t);

// The integer of a value of decimal digits (at most kMaxIntegerWidth), or -1.
qint64 integerOf(const QString &t, const Scan &s);
bool hasLeadingZero(const QString &t);

// Canonical DynamoDB number text: [-]digits[.digits], no leading zero (but "0"), no trailing
// fraction zero, not "-0". That is exactly what an N attribute writes back.
bool isCanonicalNumber(QStringView t);

// A display date pattern, compiled.
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

DisplayFormat compileFormat(const QString &pattern);
// The formats people write dates in, tried in this order (on a tie the earlier wins).
const std::vector<DisplayFormat> &displayFormats();
// The known format with that pattern, else nullptr.
const DisplayFormat *findFormat(const QString &pattern);
// The instant (UTC) of a text written exactly as Qt's formatter writes it in the format.
std::optional<qint64> displayInstant(const DisplayFormat &f, QStringView t);
bool matchesFormat(const DisplayFormat &f, QStringView t);
// Whether Qt's formatter (what the format filter calls) writes the value back exactly.
bool qtWritesBack(const DisplayFormat &f, const QString &text);
// The first of displayFormats() every text is written in; nullptr when one fits none, or there
// is no text. One format reads them all: beside "30/12/2023", "03/04/2024" is 3 April.
const DisplayFormat *commonFormat(const QStringList &texts);
// A display date as ISO-8601: the date alone for a format of whole days ("2023-12-04"), else
// the date and time in UTC ("2023-12-04T10:30:00Z").
QString isoText(const DisplayFormat &f, qint64 ms);

// How an IsoDateTime part is written back.
enum class IsoWrite {
    Iso8601,       // "|iso8601": every value "YYYY-MM-DDTHH:MM:SSZ"
    Format,        // "|format:...": no zone, one shape, no fraction
    AsIsTimestamp, // no filter, a Timestamp attribute holding the text: Z with milliseconds
    AsIsText,      // no filter, an S attribute holding the text: offsets, mixed zones, other
                   // fraction widths, which no filter writes (they write UTC, whole seconds)
};
IsoWrite isoWrite(const PartKind &kind);

bool isInstantKind(PartKind::Kind kind);
// The instant a value of an instant kind stands for; nullopt when it does not fit.
std::optional<qint64> instantOf(const PartKind &kind, const QString &text);
// The integer a value of an Integer or PaddedInteger part stands for.
std::optional<qint64> integerValueOf(const PartKind &kind, const QString &text);
// Whether a value fits a kind ordered as text (constant, ids, hex, words, text).
bool fitsTextKind(const PartKind &kind, const QString &text);

} // namespace keyscope::model::recovery::partvalues
