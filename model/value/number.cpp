#include "model/value/number.h"

#include <limits>

namespace keyscope::model {

namespace {

// In the 0.d1d2... x 10^E form DynamoDB's range is E in [-129, 126]:
// 1E-130 = 0.1 x 10^-129 and 9.99...E+125 = 0.999... x 10^126.
constexpr int kMinExponent = -129;
constexpr int kMaxExponent = 126;
constexpr int kMaxDigits = 38;

void setError(QString *error, const QString &message)
{
    if (error)
        *error = message;
}

int compareDigits(const QByteArray &a, const QByteArray &b)
{
    const qsizetype n = std::min(a.size(), b.size());
    for (qsizetype i = 0; i < n; ++i) {
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    }
    // No trailing zeros, so a proper prefix is the smaller magnitude (0.15 < 0.151).
    if (a.size() == b.size())
        return 0;
    return a.size() < b.size() ? -1 : 1;
}

// A number's text taken apart: sign, mantissa digits and the exponent.
struct NumberText
{
    int sign = 1;
    QByteArray digits;      // all mantissa digits, point removed
    qsizetype pointAt = -1; // number of mantissa digits before the point
    qint64 exponent = 0;
};

// Digits with at most one point; false when there is no digit.
bool readMantissa(QStringView text, qsizetype &i, NumberText &parts)
{
    bool anyDigit = false;
    for (; i < text.size(); ++i) {
        const QChar c = text[i];
        if (c >= u'0' && c <= u'9') {
            parts.digits.append(char(c.unicode()));
            anyDigit = true;
        } else if (c == u'.' && parts.pointAt < 0) {
            parts.pointAt = parts.digits.size();
        } else {
            break;
        }
    }
    if (parts.pointAt < 0)
        parts.pointAt = parts.digits.size();
    return anyDigit;
}

// "e" or "E", a sign and digits; false when the digits are missing.
bool readExponent(QStringView text, qsizetype &i, qint64 &exponent)
{
    const qsizetype n = text.size();
    if (i >= n || (text[i] != u'e' && text[i] != u'E'))
        return true;
    ++i;
    int expSign = 1;
    if (i < n && (text[i] == u'+' || text[i] == u'-')) {
        expSign = text[i] == u'-' ? -1 : 1;
        ++i;
    }
    bool anyExpDigit = false;
    for (; i < n && text[i] >= u'0' && text[i] <= u'9'; ++i) {
        anyExpDigit = true;
        // Saturate: anything this large is out of range (or zero) anyway.
        if (exponent < 100000000)
            exponent = exponent * 10 + (text[i].unicode() - u'0');
    }
    exponent *= expSign;
    return anyExpDigit;
}

// nullopt when the text is not a number.
std::optional<NumberText> splitNumberText(QStringView text)
{
    NumberText parts;
    qsizetype i = 0;
    if (i < text.size() && (text[i] == u'+' || text[i] == u'-')) {
        parts.sign = text[i] == u'-' ? -1 : 1;
        ++i;
    }
    if (!readMantissa(text, i, parts) || !readExponent(text, i, parts.exponent) || i != text.size())
        return std::nullopt;
    return parts;
}

// Why DynamoDB cannot store 0.significant x 10^e, if it cannot.
std::optional<QString> numberRangeProblem(qint64 e, qsizetype significantDigits)
{
    if (e > kMaxExponent)
        return QStringLiteral("Number overflow. Attempting to store a number with "
                              "magnitude larger than supported range");
    if (e < kMinExponent)
        return QStringLiteral("Number underflow. Attempting to store a number with "
                              "magnitude smaller than supported range");
    if (significantDigits > kMaxDigits)
        return QStringLiteral("Attempting to store more than 38 significant digits in a Number");
    return std::nullopt;
}

} // namespace

std::optional<Number> Number::parse(QStringView text, QString *error)
{
    const auto parts = splitNumberText(text);
    if (!parts) {
        setError(error,
                 QStringLiteral("The parameter cannot be converted to a numeric value: %1")
                     .arg(text.toString()));
        return std::nullopt;
    }
    // value = 0.digits x 10^(pointAt + exponent)
    const QByteArray &digits = parts->digits;
    qsizetype lead = 0;
    while (lead < digits.size() && digits[lead] == '0')
        ++lead;
    if (lead == digits.size())
        return Number(); // any spelling of zero, including 0e1000 and -0

    const qint64 e = qint64(parts->pointAt) + parts->exponent - lead;
    qsizetype end = digits.size();
    while (end > lead && digits[end - 1] == '0')
        --end;
    QByteArray significant = digits.mid(lead, end - lead);
    if (auto problem = numberRangeProblem(e, significant.size())) {
        setError(error, *problem);
        return std::nullopt;
    }
    Number result;
    result.m_sign = parts->sign;
    result.m_digits = std::move(significant);
    result.m_exponent = int(e);
    return result;
}

Number Number::fromInt(qint64 value)
{
    if (value == 0)
        return Number();
    const bool negative = value < 0;
    // Work in unsigned so INT64_MIN negates safely.
    quint64 magnitude = negative ? quint64(0) - quint64(value) : quint64(value);
    QByteArray digits = QByteArray::number(magnitude);
    Number result;
    result.m_sign = negative ? -1 : 1;
    result.m_exponent = int(digits.size());
    while (digits.endsWith('0'))
        digits.chop(1);
    result.m_digits = digits;
    return result;
}

QString Number::toString() const
{
    if (m_sign == 0)
        return QStringLiteral("0");
    QByteArray out;
    if (m_sign < 0)
        out.append('-');
    const int d = int(m_digits.size());
    if (m_exponent <= 0) {
        out.append("0.");
        out.append(QByteArray(-m_exponent, '0'));
        out.append(m_digits);
    } else if (m_exponent >= d) {
        out.append(m_digits);
        out.append(QByteArray(m_exponent - d, '0'));
    } else {
        out.append(m_digits.left(m_exponent));
        out.append('.');
        out.append(m_digits.mid(m_exponent));
    }
    return QString::fromLatin1(out);
}

QByteArray Number::sortableBytes() const
{
    if (m_sign == 0)
        return QByteArray(1, char(0x02));
    QByteArray out;
    out.reserve(m_digits.size() + 3);
    const int exponentByte = m_exponent - kMinExponent; // 0..255
    if (m_sign > 0) {
        out.append(char(0x03));
        out.append(char(exponentByte));
        out.append(m_digits);
    } else {
        // Inverting every byte reverses the order; the 0xFF terminator makes a longer digit
        // string (a larger magnitude, so a smaller negative) sort before its prefix.
        out.append(char(0x01));
        out.append(char(255 - exponentByte));
        for (char c : m_digits)
            out.append(char(255 - quint8(c)));
        out.append(char(0xFF));
    }
    return out;
}

std::optional<Number> Number::fromSortableBytes(QByteArrayView bytes)
{
    if (bytes.isEmpty())
        return std::nullopt;
    const quint8 marker = quint8(bytes[0]);
    if (marker == 0x02)
        return bytes.size() == 1 ? std::optional<Number>(Number()) : std::nullopt;
    if (bytes.size() < 3 || (marker != 0x01 && marker != 0x03))
        return std::nullopt;
    Number result;
    if (marker == 0x03) {
        result.m_sign = 1;
        result.m_exponent = int(quint8(bytes[1])) + kMinExponent;
        result.m_digits = bytes.sliced(2).toByteArray();
    } else {
        if (quint8(bytes.back()) != 0xFF || bytes.size() < 4)
            return std::nullopt;
        result.m_sign = -1;
        result.m_exponent = (255 - int(quint8(bytes[1]))) + kMinExponent;
        const QByteArrayView inverted = bytes.sliced(2, bytes.size() - 3);
        result.m_digits.reserve(inverted.size());
        for (char c : inverted)
            result.m_digits.append(char(255 - quint8(c)));
    }
    for (char c : result.m_digits) {
        if (c < '0' || c > '9')
            return std::nullopt;
    }
    if (result.m_digits.startsWith('0') || result.m_digits.endsWith('0'))
        return std::nullopt;
    return result;
}

int Number::compare(const Number &other) const
{
    if (m_sign != other.m_sign)
        return m_sign < other.m_sign ? -1 : 1;
    if (m_sign == 0)
        return 0;
    int magnitude;
    if (m_exponent != other.m_exponent)
        magnitude = m_exponent < other.m_exponent ? -1 : 1;
    else
        magnitude = compareDigits(m_digits, other.m_digits);
    return m_sign > 0 ? magnitude : -magnitude;
}

int Number::storageSize() const
{
    if (m_sign == 0)
        return 1;
    const int d = int(m_digits.size());
    const int scientificExponent = m_exponent - 1; // d1.d2d3... x 10^e
    int size = 1 + (d + 1) / 2;
    if (d % 2 == 0 && scientificExponent % 2 == 0)
        ++size;
    if (m_sign < 0)
        ++size;
    return size;
}

bool Number::toInt64(qint64 *out) const
{
    if (m_sign == 0) {
        if (out)
            *out = 0;
        return true;
    }
    const int d = int(m_digits.size());
    if (m_exponent < d || m_exponent > 19)
        return false; // has a fractional part, or too large
    QByteArray text = m_digits + QByteArray(m_exponent - d, '0');
    bool ok = false;
    const quint64 magnitude = text.toULongLong(&ok);
    if (!ok)
        return false;
    if (m_sign > 0) {
        if (magnitude > quint64(std::numeric_limits<qint64>::max()))
            return false;
        if (out)
            *out = qint64(magnitude);
    } else {
        if (magnitude > quint64(std::numeric_limits<qint64>::max()) + 1)
            return false;
        if (out)
            *out = qint64(quint64(0) - magnitude);
    }
    return true;
}

} // namespace keyscope::model
