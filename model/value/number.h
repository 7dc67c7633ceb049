#pragma once

#include <QByteArray>
#include <QString>
#include <QStringView>

#include <optional>

namespace keyscope::model {

// A DynamoDB number (type N): an exact decimal, never a double.
// At most 38 significant digits; magnitude 1E-130 .. 9.99...9E+125 (38 nines), or zero.
// Equal values are equal keys: 100, 100.0, 1E2 and 0100 are one Number.
class Number
{
public:
    Number() = default; // zero

    // Parses DynamoDB number text ("3", "-7.1234", "-17e5", "+3", ".123", "0001.23", "1e+5").
    // On failure returns nullopt and, if error is given, DynamoDB's ValidationException message.
    static std::optional<Number> parse(QStringView text, QString *error = nullptr);
    static Number fromInt(qint64 value);

    // Canonical text as DynamoDB returns it: 00042 -> 42, -0 -> 0, 1.5E2 -> 150, 1.50 -> 1.5,
    // 1E+100 written out in full, 1E-5 -> 0.00001.
    QString toString() const;

    // Bytes whose unsigned lexicographic (memcmp) order equals numeric order.
    // Zero: 0x02. Positive: 0x03, exponent byte, digits ('1'..'9' ASCII), no terminator.
    // Negative: 0x01, inverted exponent byte, inverted digits, terminator 0xFF.
    QByteArray sortableBytes() const;
    static std::optional<Number> fromSortableBytes(QByteArrayView bytes);

    // Numeric comparison: negative, zero or positive like memcmp.
    int compare(const Number &other) const;
    bool operator==(const Number &other) const { return compare(other) == 0; }
    bool operator<(const Number &other) const { return compare(other) < 0; }

    // Bytes this number counts toward item size: 1 + ceil(d/2), +1 if d and exponent are both
    // even (the digits do not pack into whole base-100 pairs), +1 if negative; zero is 1 byte.
    int storageSize() const;

    bool isZero() const { return m_sign == 0; }
    bool isNegative() const { return m_sign < 0; }
    int significantDigits() const { return int(m_digits.size()); }
    // Whether the value is an integer that fits in qint64; sets *out when it does.
    bool toInt64(qint64 *out) const;

private:
    int m_sign = 0;       // -1, 0 or +1
    QByteArray m_digits;  // significant digits '1'..'9' first and last non-zero; empty for zero
    int m_exponent = 0;   // value = 0.d1d2...dn x 10^m_exponent
};

} // namespace keyscope::model
