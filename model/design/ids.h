#pragma once

#include "model/design/random.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace keyscope::model::ids {

// KSUID: 20 bytes = 4-byte big-endian seconds since 1400000000 + 16 random bytes, written as
// 27 base62 characters (0-9A-Za-z), zero-padded. Sorts by creation second.
constexpr qint64 kKsuidEpoch = 1400000000;
QString ksuidFromRaw(const QByteArray &raw20);
std::optional<QByteArray> ksuidToRaw(const QString &text);
QString ksuid(qint64 unixSeconds, Random &random);
// Seconds since the Unix epoch a KSUID carries (its creation time leaks).
std::optional<qint64> ksuidTime(const QString &text);

// ULID: 48-bit milliseconds + 80 random bits, 26 Crockford base32 characters.
QString ulidFromParts(qint64 unixMs, const QByteArray &random10);
std::optional<qint64> ulidTime(const QString &text);

// A random (version 4) UUID, lowercase with hyphens: no time order at all.
QString uuid4(Random &random);

} // namespace keyscope::model::ids
