#include "model/design/ids.h"

#include <algorithm>
#include <array>
#include <cstring>

namespace keyscope::model::ids {

namespace {

constexpr char kBase62[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
constexpr char kCrockford[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

int base62Digit(char16_t c)
{
    if (c >= u'0' && c <= u'9')
        return c - u'0';
    if (c >= u'A' && c <= u'Z')
        return c - u'A' + 10;
    if (c >= u'a' && c <= u'z')
        return c - u'a' + 36;
    return -1;
}

// Crockford base32, either case. I, L, O and U are not digits of the ULID alphabet.
int crockfordDigit(char16_t c)
{
    if (c >= u'a' && c <= u'z')
        c = char16_t(c - u'a' + u'A');
    if (c >= 0x80)
        return -1;
    const char *found = std::strchr(kCrockford, char(c));
    return (found && c != 0) ? int(found - kCrockford) : -1;
}

void fillRandom(Random &random, quint8 *out, int count)
{
    for (int i = 0; i < count; i += 8) {
        const quint64 word = random.next();
        for (int j = 0; j < 8 && i + j < count; ++j)
            out[i + j] = quint8(word >> (56 - 8 * j));
    }
}

// The 160-bit number as five big-endian 32-bit words, divided by 62^5 per pass; each remainder
// gives five digits. 62^27 > 2^160, so 27 digits always suffice.
void ksuidText(const quint8 *raw, char *text)
{
    constexpr quint64 kChunk = 62ull * 62 * 62 * 62 * 62; // 916132832 < 2^32
    std::array<quint32, 5> words {};
    for (int i = 0; i < 5; ++i) {
        for (int j = 0; j < 4; ++j)
            words[i] = (words[i] << 8) | raw[i * 4 + j];
    }
    int position = kKsuidTextSize;
    while (position > 0) {
        quint64 remainder = 0;
        for (quint32 &word : words) {
            const quint64 accumulator = (remainder << 32) | word;
            word = quint32(accumulator / kChunk);
            remainder = accumulator % kChunk;
        }
        for (int k = 0; k < 5 && position > 0; ++k) {
            text[--position] = kBase62[remainder % 62];
            remainder /= 62;
        }
    }
}

void ksuidRaw(qint64 unixSeconds, const quint8 *payload16, quint8 *raw)
{
    const quint64 offset = quint64(std::clamp<qint64>(unixSeconds - kKsuidEpoch, 0, 0xFFFFFFFFll));
    for (int j = 0; j < 4; ++j)
        raw[j] = quint8(offset >> (24 - 8 * j));
    std::memcpy(raw + 4, payload16, 16);
}

// 26 characters of 5 bits cover 130 bits: the 128-bit value with two leading zero bits.
void ulidText(const quint8 *raw, char *text)
{
    quint64 high = 0;
    quint64 low = 0;
    for (int j = 0; j < 8; ++j) {
        high = (high << 8) | raw[j];
        low = (low << 8) | raw[8 + j];
    }
    text[0] = kCrockford[high >> 61];
    for (int i = 1; i < kUlidTextSize; ++i) {
        const int first = 5 * i - 2; // first bit of the group, 0 = most significant
        quint64 group;
        if (first + 5 <= 64)
            group = high >> (59 - first);
        else if (first >= 64)
            group = low >> (59 - (first - 64));
        else
            group = (high << (first + 5 - 64)) | (low >> (128 - first - 5));
        text[i] = kCrockford[group & 31];
    }
}

void ulidRaw(qint64 unixMs, const QByteArray &random10, quint8 *raw)
{
    const quint64 ms = quint64(std::clamp<qint64>(unixMs, 0, kUlidMaxMs));
    for (int j = 0; j < 6; ++j)
        raw[j] = quint8(ms >> (40 - 8 * j));
    std::memset(raw + 6, 0, kUlidRandomSize);
    std::memcpy(raw + 6, random10.constData(),
                size_t(std::min<qsizetype>(random10.size(), kUlidRandomSize)));
}

} // namespace

QByteArray randomBytes(Random &random, int count)
{
    QByteArray bytes(qMax(count, 0), Qt::Uninitialized);
    fillRandom(random, reinterpret_cast<quint8 *>(bytes.data()), int(bytes.size()));
    return bytes;
}

// ---- KSUID ----------------------------------------------------------------------------------

QString ksuidFromRaw(const QByteArray &raw20)
{
    if (raw20.size() != kKsuidRawSize)
        return {};
    char text[kKsuidTextSize];
    ksuidText(reinterpret_cast<const quint8 *>(raw20.constData()), text);
    return QString::fromLatin1(text, kKsuidTextSize);
}

std::optional<QByteArray> ksuidToRaw(const QString &text)
{
    if (text.size() != kKsuidTextSize)
        return std::nullopt;
    for (QChar c : text) {
        if (base62Digit(c.unicode()) < 0)
            return std::nullopt;
    }
    // The alphabet is in ASCII order, so comparing the text compares the values.
    if (text > QLatin1String(kKsuidMax))
        return std::nullopt;
    std::array<quint32, 5> words {}; // big-endian
    for (QChar c : text) {
        quint64 carry = quint64(base62Digit(c.unicode()));
        for (int i = 4; i >= 0; --i) {
            const quint64 product = quint64(words[i]) * 62 + carry;
            words[i] = quint32(product);
            carry = product >> 32;
        }
    }
    QByteArray raw(kKsuidRawSize, Qt::Uninitialized);
    for (int i = 0; i < 5; ++i) {
        for (int j = 0; j < 4; ++j)
            raw[i * 4 + j] = char(quint8(words[i] >> (24 - 8 * j)));
    }
    return raw;
}

QString ksuidFromParts(qint64 unixSeconds, const QByteArray &payload16)
{
    quint8 payload[16] = {};
    std::memcpy(payload, payload16.constData(), size_t(std::min<qsizetype>(payload16.size(), 16)));
    quint8 raw[kKsuidRawSize];
    ksuidRaw(unixSeconds, payload, raw);
    char text[kKsuidTextSize];
    ksuidText(raw, text);
    return QString::fromLatin1(text, kKsuidTextSize);
}

QByteArray ksuidUtf8(qint64 unixSeconds, Random &random)
{
    quint8 payload[16];
    fillRandom(random, payload, 16);
    quint8 raw[kKsuidRawSize];
    ksuidRaw(unixSeconds, payload, raw);
    QByteArray text(kKsuidTextSize, Qt::Uninitialized);
    ksuidText(raw, text.data());
    return text;
}

QString ksuid(qint64 unixSeconds, Random &random)
{
    return QString::fromLatin1(ksuidUtf8(unixSeconds, random));
}

std::optional<qint64> ksuidTime(const QString &text)
{
    const auto raw = ksuidToRaw(text);
    if (!raw)
        return std::nullopt;
    quint32 offset = 0;
    for (int j = 0; j < 4; ++j)
        offset = (offset << 8) | quint8(raw->at(j));
    return kKsuidEpoch + qint64(offset);
}

// ---- ULID -----------------------------------------------------------------------------------

QByteArray ulidUtf8(qint64 unixMs, const QByteArray &random10)
{
    quint8 raw[16];
    ulidRaw(unixMs, random10, raw);
    QByteArray text(kUlidTextSize, Qt::Uninitialized);
    ulidText(raw, text.data());
    return text;
}

QString ulidFromParts(qint64 unixMs, const QByteArray &random10)
{
    return QString::fromLatin1(ulidUtf8(unixMs, random10));
}

QString ulid(qint64 unixMs, Random &random)
{
    return ulidFromParts(unixMs, randomBytes(random, kUlidRandomSize));
}

std::optional<QByteArray> ulidToRaw(const QString &text)
{
    if (text.size() != kUlidTextSize)
        return std::nullopt;
    QByteArray raw(16, '\0');
    for (int i = 0; i < kUlidTextSize; ++i) {
        const int digit = crockfordDigit(text[i].unicode());
        if (digit < 0)
            return std::nullopt;
        for (int b = 0; b < 5; ++b) {
            const int bit = 5 * i + b - 2;
            const int value = (digit >> (4 - b)) & 1;
            if (bit < 0) {
                if (value)
                    return std::nullopt; // larger than 128 bits: first character above '7'
                continue;
            }
            if (value)
                raw[bit / 8] = char(quint8(raw[bit / 8]) | (0x80 >> (bit % 8)));
        }
    }
    return raw;
}

std::optional<qint64> ulidTime(const QString &text)
{
    const auto raw = ulidToRaw(text);
    if (!raw)
        return std::nullopt;
    quint64 ms = 0;
    for (int j = 0; j < 6; ++j)
        ms = (ms << 8) | quint8(raw->at(j));
    return qint64(ms);
}

bool ulidIncrement(QByteArray &random10)
{
    for (qsizetype i = random10.size() - 1; i >= 0; --i) {
        const quint8 byte = quint8(random10[i]) + 1;
        random10[i] = char(byte);
        if (byte != 0)
            return true;
    }
    return false;
}

// ---- UUID -----------------------------------------------------------------------------------

QByteArray uuid4Utf8(Random &random)
{
    quint8 bytes[16];
    fillRandom(random, bytes, 16);
    bytes[6] = quint8((bytes[6] & 0x0F) | 0x40); // version 4
    bytes[8] = quint8((bytes[8] & 0x3F) | 0x80); // variant 10 (RFC 4122)
    static constexpr char kHex[] = "0123456789abcdef";
    QByteArray text(36, Qt::Uninitialized);
    int out = 0;
    for (int i = 0; i < 16; ++i) {
        if (i == 4 || i == 6 || i == 8 || i == 10)
            text[out++] = '-';
        text[out++] = kHex[bytes[i] >> 4];
        text[out++] = kHex[bytes[i] & 0x0F];
    }
    return text;
}

QString uuid4(Random &random)
{
    return QString::fromLatin1(uuid4Utf8(random));
}

} // namespace keyscope::model::ids
