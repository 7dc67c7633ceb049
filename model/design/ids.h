#pragma once

#include "model/design/random.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace keyscope::model::ids {

// Random bytes are taken from Random::next() eight at a time, most significant byte first;
// the unused tail of the last draw is discarded. So n bytes cost ceil(n / 8) draws.
QByteArray randomBytes(Random &random, int count);

// KSUID: 20 bytes = 4-byte big-endian seconds since 1400000000 + 16 random bytes, written as
// 27 base62 characters (0-9A-Za-z), zero-padded. Sorts by creation second; within one second
// the order is random. The text sorts (bytewise) exactly like the raw bytes.
constexpr qint64 kKsuidEpoch = 1400000000;
constexpr int kKsuidRawSize = 20;
constexpr int kKsuidTextSize = 27;
// The largest KSUID (20 bytes of 0xFF).
inline constexpr char kKsuidMax[] = "aWgEPTl1tmebfsQzFP4bxwgy80V";
// Empty when raw20 is not 20 bytes.
QString ksuidFromRaw(const QByteArray &raw20);
// nullopt unless text is 27 characters of 0-9A-Za-z no larger than kKsuidMax (case matters).
std::optional<QByteArray> ksuidToRaw(const QString &text);
// Seconds outside the representable range (1400000000 .. 1400000000 + 2^32 - 1) are clamped.
// Draws 16 random bytes (two Random::next() calls).
QString ksuid(qint64 unixSeconds, Random &random);
QString ksuidFromParts(qint64 unixSeconds, const QByteArray &payload16);
// Seconds since the Unix epoch a KSUID carries (its creation time leaks).
std::optional<qint64> ksuidTime(const QString &text);

// ULID: 48-bit milliseconds + 80 random bits, 26 Crockford base32 characters
// (0123456789ABCDEFGHJKMNPQRSTVWXYZ), written in uppercase. Decoding is case-insensitive, as
// the spec says, but byte order is not: a lowercased ULID sorts after every uppercase ULID
// that agrees with it up to its first letter (ids of one era share a prefix such as "01HF"),
// so mixing cases in a key breaks time order.
constexpr int kUlidRandomSize = 10;
constexpr int kUlidTextSize = 26;
constexpr qint64 kUlidMaxMs = (qint64(1) << 48) - 1;
// Milliseconds outside 0 .. 2^48 - 1 are clamped; random10 shorter than 10 bytes is
// zero-extended on the right, longer is cut.
QString ulidFromParts(qint64 unixMs, const QByteArray &random10);
// Draws 10 random bytes (two Random::next() calls).
QString ulid(qint64 unixMs, Random &random);
// The 16 bytes (6 time + 10 random) of a ULID; nullopt unless 26 Crockford characters (any
// case) whose value fits in 128 bits (first character 0-7).
std::optional<QByteArray> ulidToRaw(const QString &text);
std::optional<qint64> ulidTime(const QString &text);
// The monotonic step: adds one to the 80-bit random part (big-endian). Returns false, leaving
// the bytes all zero, when it overflows (the spec's "generation fails" case).
bool ulidIncrement(QByteArray &random10);

// A random (version 4) UUID, lowercase with hyphens: no time order at all. Draws 16 random
// bytes, then sets the version nibble to 4 and the variant bits to 10.
QString uuid4(Random &random);

// The same texts as ASCII bytes (which are their UTF-8), for code making millions of them
// (AttributeValue::stringUtf8 takes them without conversion).
QByteArray ksuidUtf8(qint64 unixSeconds, Random &random);
QByteArray ulidUtf8(qint64 unixMs, const QByteArray &random10);
QByteArray uuid4Utf8(Random &random);

} // namespace keyscope::model::ids
