// DynamoDB numbers (type N): accepted and rejected texts with DynamoDB's messages, canonical
// output, exact order (compare() and memcmp of sortableBytes()), the item-size rule and a
// randomized check against an independent big-decimal comparison.

#include "model/value/number.h"

#include <QTest>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

using keyscope::model::Number;

namespace {

const QString kNotNumeric
    = QStringLiteral("The parameter cannot be converted to a numeric value: ");
const QString kOverflow = QStringLiteral(
    "Number overflow. Attempting to store a number with magnitude larger than supported range");
const QString kUnderflow = QStringLiteral(
    "Number underflow. Attempting to store a number with magnitude smaller than supported range");
const QString kTooManyDigits
    = QStringLiteral("Attempting to store more than 38 significant digits in a Number");

const QString kMax = QStringLiteral("9.9999999999999999999999999999999999999E+125"); // 38 nines
const QString kMaxFull = QString(38, u'9') + QString(88, u'0');
const QString kMinFull = QStringLiteral("0.") + QString(129, u'0') + u'1'; // 1E-130

Number num(const QString &text)
{
    QString error;
    const auto n = Number::parse(text, &error);
    if (!n)
        qFatal("test value %s does not parse: %s", qPrintable(text), qPrintable(error));
    return *n;
}

int sign(int v)
{
    return (v > 0) - (v < 0);
}

// Unsigned lexicographic byte order, like memcmp with the shorter-is-smaller tie break.
int byteOrder(const QByteArray &a, const QByteArray &b)
{
    const qsizetype n = std::min(a.size(), b.size());
    for (qsizetype i = 0; i < n; ++i) {
        const auto x = quint8(a[i]);
        const auto y = quint8(b[i]);
        if (x != y)
            return x < y ? -1 : 1;
    }
    return a.size() == b.size() ? 0 : (a.size() < b.size() ? -1 : 1);
}

QString hex(const QByteArray &bytes)
{
    return QString::fromLatin1(bytes.toHex(' '));
}

// The ascending vector from SEMANTICS.md.
const QStringList &specAscending()
{
    static const QStringList v
        = {QStringLiteral("-99.1"), QStringLiteral("-10.1"), QStringLiteral("-9.9"),
           QStringLiteral("-9"),    QStringLiteral("-1.01"), QStringLiteral("-1"),
           QStringLiteral("-0.9"),  QStringLiteral("-0.1"),  QStringLiteral("-0.09"),
           QStringLiteral("-0.01"), QStringLiteral("0"),     QStringLiteral("0.01"),
           QStringLiteral("0.09"),  QStringLiteral("0.1"),   QStringLiteral("0.9"),
           QStringLiteral("1"),     QStringLiteral("1.1"),   QStringLiteral("1.9"),
           QStringLiteral("9"),     QStringLiteral("9.1"),   QStringLiteral("10.1"),
           QStringLiteral("10.9"),  QStringLiteral("99.1")};
    return v;
}

// A wider ascending vector: the extremes of the range, prefixes (0.15 < 0.151), digits that
// differ only late, and values around powers of ten.
const QStringList &wideAscending()
{
    static const QStringList v = {
        QStringLiteral("-") + kMax,
        QStringLiteral("-9.9999999999999999999999999999999999998E+125"),
        QStringLiteral("-1E125"),
        QStringLiteral("-99999999999999999999999999999999999999"),
        QStringLiteral("-12345678901234567890123456789012345678"),
        QStringLiteral("-1000"),
        QStringLiteral("-999.9"),
        QStringLiteral("-100.01"),
        QStringLiteral("-100"),
        QStringLiteral("-10"),
        QStringLiteral("-2"),
        QStringLiteral("-1.0000000000000000000000000000000000001"),
        QStringLiteral("-1"),
        QStringLiteral("-0.999999999999999999999999999999999999"),
        QStringLiteral("-0.151"),
        QStringLiteral("-0.15"),
        QStringLiteral("-0.1"),
        QStringLiteral("-1E-129"),
        QStringLiteral("-1.1E-130"),
        QStringLiteral("-1E-130"),
        QStringLiteral("0"),
        QStringLiteral("1E-130"),
        QStringLiteral("1.1E-130"),
        QStringLiteral("1E-129"),
        QStringLiteral("0.1"),
        QStringLiteral("0.15"),
        QStringLiteral("0.151"),
        QStringLiteral("0.999999999999999999999999999999999999"),
        QStringLiteral("1"),
        QStringLiteral("1.0000000000000000000000000000000000001"),
        QStringLiteral("2"),
        QStringLiteral("10"),
        QStringLiteral("100"),
        QStringLiteral("100.01"),
        QStringLiteral("999.9"),
        QStringLiteral("1000"),
        QStringLiteral("12345678901234567890123456789012345678"),
        QStringLiteral("99999999999999999999999999999999999999"),
        QStringLiteral("1E125"),
        QStringLiteral("9.9999999999999999999999999999999999998E+125"),
        kMax,
    };
    return v;
}

// ---- An independent exact decimal used by the randomized test --------------------------------
// value = sign * digits * 10^-scale, digits a plain string of '0'..'9' (may have any zeros).
struct RefDecimal
{
    int sign = 1; // sign as written; ignored when the digits are all zero
    std::string digits;
    int scale = 0;

    bool isZero() const { return digits.find_first_not_of('0') == std::string::npos; }
    int effectiveSign() const { return isZero() ? 0 : sign; }

    // Digits with leading zeros stripped; "" for zero.
    std::string stripped() const
    {
        const auto first = digits.find_first_not_of('0');
        return first == std::string::npos ? std::string() : digits.substr(first);
    }
    int significantDigits() const
    {
        std::string s = stripped();
        while (!s.empty() && s.back() == '0')
            s.pop_back();
        return int(s.size());
    }
    // Exponent of the leading digit in scientific notation d.ddd x 10^e.
    int scientificExponent() const { return int(stripped().size()) - 1 - scale; }

    // Canonical text written out in full, computed with plain string operations.
    std::string canonical() const
    {
        if (isZero())
            return "0";
        std::string s = stripped();
        std::string out;
        if (scale <= 0) {
            out = s + std::string(size_t(-scale), '0');
        } else {
            if (int(s.size()) <= scale)
                s = std::string(size_t(scale - int(s.size()) + 1), '0') + s;
            std::string intPart = s.substr(0, s.size() - size_t(scale));
            std::string frac = s.substr(s.size() - size_t(scale));
            while (!frac.empty() && frac.back() == '0')
                frac.pop_back();
            out = frac.empty() ? intPart : intPart + "." + frac;
        }
        return sign < 0 ? "-" + out : out;
    }
};

// Compare magnitudes by aligning both to the same scale and comparing integer strings.
int compareMagnitude(const RefDecimal &a, const RefDecimal &b)
{
    const int scale = std::max(a.scale, b.scale);
    std::string x = a.stripped() + std::string(size_t(scale - a.scale), '0');
    std::string y = b.stripped() + std::string(size_t(scale - b.scale), '0');
    if (a.isZero())
        x.clear();
    if (b.isZero())
        y.clear();
    if (x.size() != y.size())
        return x.size() < y.size() ? -1 : 1;
    const int c = x.compare(y);
    return sign(c);
}

int compareRef(const RefDecimal &a, const RefDecimal &b)
{
    const int sa = a.effectiveSign();
    const int sb = b.effectiveSign();
    if (sa != sb)
        return sa < sb ? -1 : 1;
    if (sa == 0)
        return 0;
    const int m = compareMagnitude(a, b);
    return sa > 0 ? m : -m;
}

// A small deterministic PRNG wrapper (std::mt19937 is specified bit-exactly; the distributions
// are not, so draw with modulo).
struct Rng
{
    std::mt19937 engine;
    explicit Rng(std::uint32_t seed)
        : engine(seed)
    { }
    int below(int n) { return int(engine() % std::uint32_t(n)); }
    bool chance(int percent) { return below(100) < percent; }
};

char randomDigit(Rng &rng)
{
    // Bias toward 0, 1 and 9 to provoke carries, prefixes and trailing-zero spellings.
    switch (rng.below(6)) {
    case 0:
        return '0';
    case 1:
        return '9';
    case 2:
        return '1';
    default:
        return char('0' + rng.below(10));
    }
}

// Writes value (sign, digits, scale) as DynamoDB number text, choosing among equivalent spellings:
// extra leading zeros, trailing zeros, the point anywhere, an exponent (e/E, optional '+').
QString spell(const RefDecimal &v, Rng &rng)
{
    int leading = rng.chance(30) ? rng.below(4) : 0;
    int trailing = rng.chance(30) ? rng.below(4) : 0;
    // The mantissa has `frac` digits after the point and is multiplied by 10^exp; for the text
    // to equal digits x 10^-scale: exp = frac - trailing - scale.
    const bool useExponent = rng.chance(60);
    int frac;
    if (useExponent) {
        frac = rng.below(leading + int(v.digits.size()) + trailing + 1);
    } else {
        // No exponent: the point must land exactly; pad with zeros so that it can.
        frac = v.scale + trailing;
        if (frac < 0) {
            trailing -= frac;
            frac = 0;
        }
        leading = std::max(leading, frac - int(v.digits.size()) - trailing);
    }
    const std::string mantissa
        = std::string(size_t(leading), '0') + v.digits + std::string(size_t(trailing), '0');
    const int exp = frac - trailing - v.scale;
    std::string out;
    if (v.sign < 0)
        out += '-';
    else if (rng.chance(10))
        out += '+';
    const std::string intPart = mantissa.substr(0, mantissa.size() - size_t(frac));
    const std::string fracPart = mantissa.substr(mantissa.size() - size_t(frac));
    if (intPart.empty() && rng.chance(50))
        out += '0'; // "0.5" as well as ".5"
    out += intPart;
    if (!fracPart.empty())
        out += "." + fracPart;
    else if (rng.chance(10))
        out += '.'; // "5."
    if (useExponent) {
        out += rng.chance(50) ? 'e' : 'E';
        if (exp >= 0 && rng.chance(30))
            out += '+';
        out += std::to_string(exp);
    } else if (exp != 0) {
        qFatal("spell: exponent %d without an exponent part", exp);
    }
    return QString::fromStdString(out);
}

} // namespace

class TestNumber : public QObject
{
    Q_OBJECT

private slots:
    void accepted_data();
    void accepted();
    void rejected_data();
    void rejected();
    void rejectedWithoutErrorPointer();

    void ascendingVector_data();
    void ascendingVector();
    void extendedAscendingVector();

    void equalKeys_data();
    void equalKeys();

    void sortableBytesRoundTrip_data();
    void sortableBytesRoundTrip();
    void sortableBytesLayout();
    void fromSortableBytesRejectsGarbage_data();
    void fromSortableBytesRejectsGarbage();

    void storageSize_data();
    void storageSize();
    void storageSizeDerivedTable();

    void toInt64_data();
    void toInt64();
    void fromInt_data();
    void fromInt();

    void randomizedAgainstReference();
};

// ---- Accepted texts and canonical output ------------------------------------------------------

void TestNumber::accepted_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("canonical");
    QTest::addColumn<int>("digits"); // significant digits
    QTest::addColumn<bool>("negative");

    // From SEMANTICS.md, "Accepted text".
    QTest::newRow("3") << "3"
                       << "3" << 1 << false;
    QTest::newRow("-7.1234") << "-7.1234"
                             << "-7.1234" << 5 << true;
    QTest::newRow("-17e5") << "-17e5"
                           << "-1700000" << 2 << true;
    QTest::newRow("-17.4E37") << "-17.4E37" << QStringLiteral("-174") + QString(36, u'0') << 3
                              << true;
    QTest::newRow("+3") << "+3"
                        << "3" << 1 << false;
    QTest::newRow(".123") << ".123"
                          << "0.123" << 3 << false;
    QTest::newRow("0001.23") << "0001.23"
                             << "1.23" << 3 << false;
    QTest::newRow("1e+5") << "1e+5"
                          << "100000" << 1 << false;
    QTest::newRow("0e1000") << "0e1000"
                            << "0" << 0 << false;
    QTest::newRow("5.") << "5."
                        << "5" << 1 << false;
    QTest::newRow("-0") << "-0"
                        << "0" << 0 << false;

    // Canonical forms from SEMANTICS.md.
    QTest::newRow("00042") << "00042"
                           << "42" << 2 << false;
    QTest::newRow("1.5E2") << "1.5E2"
                           << "150" << 2 << false;
    QTest::newRow("1.0") << "1.0"
                         << "1" << 1 << false;
    QTest::newRow("1.50") << "1.50"
                          << "1.5" << 2 << false;
    QTest::newRow("1E+100") << "1E+100" << QStringLiteral("1") + QString(100, u'0') << 1 << false;
    QTest::newRow("1E-5") << "1E-5"
                          << "0.00001" << 1 << false;

    // Range limits.
    QTest::newRow("1E-130") << "1E-130" << kMinFull << 1 << false;
    QTest::newRow("-1E-130") << "-1E-130" << QStringLiteral("-") + kMinFull << 1 << true;
    QTest::newRow("0.1E-129") << "0.1E-129" << kMinFull << 1 << false;
    QTest::newRow("max") << kMax << kMaxFull << 38 << false;
    QTest::newRow("-max") << QStringLiteral("-") + kMax << QStringLiteral("-") + kMaxFull << 38
                          << true;
    QTest::newRow("1E125") << "1E125" << QStringLiteral("1") + QString(125, u'0') << 1 << false;

    // 38 significant digits; zeros beyond them do not count.
    QTest::newRow("38 digits + 000") << "12345678901234567890123456789012345678000"
                                     << "12345678901234567890123456789012345678000" << 38 << false;
    QTest::newRow("0.000 + 38 digits")
        << "0.00012345678901234567890123456789012345678"
        << "0.00012345678901234567890123456789012345678" << 38 << false;
    QTest::newRow("38 digits, point, zeros")
        << "1234567890123456789.0123456789012345678000000"
        << "1234567890123456789.0123456789012345678" << 38 << false;
    QTest::newRow("leading zeros do not count")
        << QString(50, u'0') + QStringLiteral("12345678901234567890123456789012345678")
        << "12345678901234567890123456789012345678" << 38 << false;

    // Other spellings.
    QTest::newRow("-.5") << "-.5"
                         << "-0.5" << 1 << true;
    QTest::newRow("+.5e1") << "+.5e1"
                           << "5" << 1 << false;
    QTest::newRow("0.0") << "0.0"
                         << "0" << 0 << false;
    QTest::newRow("-0.000e-5") << "-0.000e-5"
                               << "0" << 0 << false;
    QTest::newRow("000") << "000"
                         << "0" << 0 << false;
    QTest::newRow("0e-1000") << "0e-1000"
                             << "0" << 0 << false;
    QTest::newRow("0E99999999999999999999") << "0E99999999999999999999"
                                            << "0" << 0 << false;
    QTest::newRow("100.0") << "100.0"
                           << "100" << 1 << false;
    QTest::newRow("0.10") << "0.10"
                          << "0.1" << 1 << false;
    QTest::newRow("123.456e1") << "123.456e1"
                               << "1234.56" << 6 << false;
    QTest::newRow("1.5e-1") << "1.5e-1"
                            << "0.15" << 2 << false;
    QTest::newRow("1e0") << "1e0"
                         << "1" << 1 << false;
    QTest::newRow("1e-0") << "1e-0"
                          << "1" << 1 << false;
    QTest::newRow("1E0005") << "1E0005"
                            << "100000" << 1 << false;
    QTest::newRow("10.01") << "10.01"
                           << "10.01" << 4 << false;
    QTest::newRow("-1010") << "-1010"
                           << "-1010" << 3 << true;
    QTest::newRow("12345e-10") << "12345e-10"
                               << "0.0000012345" << 5 << false;
    QTest::newRow("1E-200 x 1E+100") << "0.0000000001E-120" << kMinFull << 1 << false;
    QTest::newRow("many zeros then 1E+something") << QStringLiteral("0.") + QString(200, u'0')
            + QStringLiteral("1E+201") << "1" << 1 << false;
    QTest::newRow("9223372036854775808") << "9223372036854775808"
                                         << "9223372036854775808" << 19 << false;
}

void TestNumber::accepted()
{
    QFETCH(QString, text);
    QFETCH(QString, canonical);
    QFETCH(int, digits);
    QFETCH(bool, negative);

    QString error = QStringLiteral("<untouched>");
    const auto n = Number::parse(text, &error);
    QVERIFY2(n.has_value(), qPrintable(error));
    QCOMPARE(error, QStringLiteral("<untouched>"));
    QCOMPARE(n->toString(), canonical);
    QCOMPARE(n->significantDigits(), digits);
    QCOMPARE(n->isNegative(), negative);
    QCOMPARE(n->isZero(), canonical == u"0");

    // The canonical text parses back to the same value and is a fixed point.
    const auto again = Number::parse(canonical);
    QVERIFY(again.has_value());
    QCOMPARE(again->toString(), canonical);
    QCOMPARE(again->compare(*n), 0);
    QCOMPARE(again->sortableBytes(), n->sortableBytes());
}

// ---- Rejected texts ---------------------------------------------------------------------------

void TestNumber::rejected_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("message");

    const auto notNumeric = [](const QString &t) { return kNotNumeric + t; };
    for (const char *t :
         {"NaN",  "nan", "Infinity", "-Infinity", "inf",  "dog",   " 1",  "1 ",  " ",   "1e", "1E+",
          "1e-",  ".",   "-.",       "+",         "-",    "1.2.3", "--1", "+-1", "-+1", "e5", ".e5",
          "0x10", "1,5", "1_000",    "1e5.5",     "1e 5", "1 000", "١",   "1d",  "1f"}) {
        const QString text = QString::fromUtf8(t);
        QTest::addRow("\"%s\"", t) << text << notNumeric(text);
    }
    QTest::newRow("tab 1") << "\t1" << notNumeric(QStringLiteral("\t1"));
    QTest::newRow("1 newline") << "1\n" << notNumeric(QStringLiteral("1\n"));
    // Keyscope reports the (empty) text after the colon like every other unparsable text.
    QTest::newRow("empty") << QString() << notNumeric(QString());

    // Range.
    QTest::newRow("1E126") << "1E126" << kOverflow;
    QTest::newRow("-1E126") << "-1E126" << kOverflow;
    QTest::newRow("10E125") << "10E125" << kOverflow;
    QTest::newRow("1 followed by 126 zeros")
        << QStringLiteral("1") + QString(126, u'0') << kOverflow;
    QTest::newRow("1E+99999999999999999999") << "1E+99999999999999999999" << kOverflow;
    QTest::newRow("1E-131") << "1E-131" << kUnderflow;
    QTest::newRow("-1E-131") << "-1E-131" << kUnderflow;
    QTest::newRow("0.9E-130") << "0.9E-130" << kUnderflow;
    QTest::newRow("0.01E-129") << "0.01E-129" << kUnderflow;
    QTest::newRow("1E-99999999999999999999") << "1E-99999999999999999999" << kUnderflow;

    // 39 significant digits.
    QTest::newRow("39 digits") << "123456789012345678901234567890123456789" << kTooManyDigits;
    QTest::newRow("-39 digits") << "-123456789012345678901234567890123456789" << kTooManyDigits;
    QTest::newRow("39 digits with point")
        << "1.23456789012345678901234567890123456789" << kTooManyDigits;
    QTest::newRow("39 digits after zeros")
        << "0.000123456789012345678901234567890123456789" << kTooManyDigits;
    QTest::newRow("39 digits, inner zeros")
        << "100000000000000000000000000000000000001" << kTooManyDigits;
    QTest::newRow("39 nines at E+125")
        << "9.99999999999999999999999999999999999999E+125" << kTooManyDigits;
}

void TestNumber::rejected()
{
    QFETCH(QString, text);
    QFETCH(QString, message);
    QString error;
    const auto n = Number::parse(text, &error);
    QVERIFY2(!n.has_value(), qPrintable(n ? n->toString() : QString()));
    QCOMPARE(error, message);
}

void TestNumber::rejectedWithoutErrorPointer()
{
    QVERIFY(!Number::parse(u"dog"));
    QVERIFY(!Number::parse(u"1E126"));
    QVERIFY(!Number::parse(u"1E-131"));
    QVERIFY(!Number::parse(u"123456789012345678901234567890123456789"));
}

// ---- Order ------------------------------------------------------------------------------------

void TestNumber::ascendingVector_data()
{
    QTest::addColumn<QString>("lower");
    QTest::addColumn<QString>("higher");
    const QStringList &v = specAscending();
    for (int i = 0; i < v.size(); ++i) {
        for (int j = i + 1; j < v.size(); ++j)
            QTest::addRow("%s < %s", qPrintable(v[i]), qPrintable(v[j])) << v[i] << v[j];
    }
}

void TestNumber::ascendingVector()
{
    QFETCH(QString, lower);
    QFETCH(QString, higher);
    const Number a = num(lower);
    const Number b = num(higher);
    QCOMPARE(sign(a.compare(b)), -1);
    QCOMPARE(sign(b.compare(a)), 1);
    QVERIFY(a < b);
    QVERIFY(!(b < a));
    QVERIFY(!(a == b));
    QVERIFY2(byteOrder(a.sortableBytes(), b.sortableBytes()) < 0,
             qPrintable(hex(a.sortableBytes()) + QStringLiteral(" vs ") + hex(b.sortableBytes())));
    QVERIFY(byteOrder(b.sortableBytes(), a.sortableBytes()) > 0);
    // memcmp on the common prefix is what a storage engine would do.
    const QByteArray x = a.sortableBytes();
    const QByteArray y = b.sortableBytes();
    const int c = std::memcmp(x.constData(), y.constData(), size_t(std::min(x.size(), y.size())));
    QVERIFY(c < 0 || (c == 0 && x.size() < y.size()));
}

void TestNumber::extendedAscendingVector()
{
    const QStringList &v = wideAscending();
    std::vector<Number> nums;
    for (const QString &t : v)
        nums.push_back(num(t));
    for (size_t i = 0; i < nums.size(); ++i) {
        for (size_t j = 0; j < nums.size(); ++j) {
            const int expected = i < j ? -1 : (i == j ? 0 : 1);
            const QByteArray context = (v[int(i)] + QStringLiteral(" vs ") + v[int(j)]).toUtf8();
            QVERIFY2(sign(nums[i].compare(nums[j])) == expected, context.constData());
            QVERIFY2(byteOrder(nums[i].sortableBytes(), nums[j].sortableBytes()) == expected,
                     context.constData());
        }
    }
    // Sorting by sortableBytes reproduces the vector.
    std::vector<Number> shuffled(nums.rbegin(), nums.rend());
    std::stable_sort(shuffled.begin(), shuffled.end(), [](const Number &a, const Number &b) {
        return byteOrder(a.sortableBytes(), b.sortableBytes()) < 0;
    });
    for (size_t i = 0; i < nums.size(); ++i)
        QCOMPARE(shuffled[i].toString(), nums[i].toString());
}

void TestNumber::equalKeys_data()
{
    QTest::addColumn<QStringList>("spellings");
    QTest::newRow("100") << QStringList {"100",  "100.0", "1E2",  "0100",      "1e+2",
                                         "+100", "10E1",  ".1E3", "100000E-3", "0100.000"};
    QTest::newRow("0") << QStringList {"0", "-0", "0.0", "+0", "0e1000", "-0E-1000", ".0", "0."};
    QTest::newRow("-1.5") << QStringList {"-1.5", "-1.50", "-15E-1", "-0.15e1", "-001.5"};
    QTest::newRow("42") << QStringList {"42", "00042", "42.", "4.2E1", "420e-1"};
    QTest::newRow("1E-130") << QStringList {"1E-130", "0.1E-129", "10E-131", kMinFull};
    QTest::newRow("max") << QStringList {kMax, kMaxFull, kMaxFull + QStringLiteral(".000")};
}

void TestNumber::equalKeys()
{
    QFETCH(QStringList, spellings);
    const Number first = num(spellings.first());
    for (const QString &s : spellings) {
        const Number n = num(s);
        QVERIFY2(n.compare(first) == 0, qPrintable(s));
        QVERIFY2(first.compare(n) == 0, qPrintable(s));
        QVERIFY2(n == first, qPrintable(s));
        QVERIFY(!(n < first) && !(first < n));
        QCOMPARE(n.sortableBytes(), first.sortableBytes());
        QCOMPARE(n.toString(), first.toString());
        QCOMPARE(n.storageSize(), first.storageSize());
    }
}

// ---- sortableBytes round trip -----------------------------------------------------------------

void TestNumber::sortableBytesRoundTrip_data()
{
    QTest::addColumn<QString>("text");
    QStringList all = specAscending() + wideAscending();
    all << "1E-130"
        << "-1E-130" << kMax << QStringLiteral("-") + kMax << "1E125"
        << "-1E125"
        << "123456789012345678901234567890123456780000"
        << "-0.0000000000000000000000000000012"
        << "101"
        << "-101"
        << "0.00101"
        << "9223372036854775807"
        << "-9223372036854775808";
    all.removeDuplicates();
    for (const QString &t : all)
        QTest::newRow(qPrintable(t)) << t;
}

void TestNumber::sortableBytesRoundTrip()
{
    QFETCH(QString, text);
    const Number n = num(text);
    const QByteArray bytes = n.sortableBytes();
    const auto back = Number::fromSortableBytes(bytes);
    QVERIFY2(back.has_value(), qPrintable(hex(bytes)));
    QCOMPARE(back->compare(n), 0);
    QCOMPARE(back->toString(), n.toString());
    QCOMPARE(back->sortableBytes(), bytes);
    QCOMPARE(back->storageSize(), n.storageSize());
    QCOMPARE(back->significantDigits(), n.significantDigits());
    QCOMPARE(back->isNegative(), n.isNegative());
}

void TestNumber::sortableBytesLayout()
{
    // Zero is the single byte 0x02, between every negative (0x01...) and positive (0x03...).
    QCOMPARE(Number().sortableBytes(), QByteArray(1, char(0x02)));
    QCOMPARE(num("-0").sortableBytes(), QByteArray(1, char(0x02)));
    QCOMPARE(quint8(num("1").sortableBytes().at(0)), quint8(0x03));
    QCOMPARE(quint8(num("-1").sortableBytes().at(0)), quint8(0x01));
    // Negative numbers end with the 0xFF terminator.
    QCOMPARE(quint8(num("-1").sortableBytes().back()), quint8(0xFF));
    QCOMPARE(quint8(num(QStringLiteral("-") + kMax).sortableBytes().back()), quint8(0xFF));
}

void TestNumber::fromSortableBytesRejectsGarbage_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::newRow("empty") << QByteArray();
    QTest::newRow("zero with tail") << QByteArray("\x02\x00", 2);
    QTest::newRow("bad marker") << QByteArray("\x04\x80"
                                              "1");
    QTest::newRow("positive without digits") << QByteArray("\x03\x80");
    QTest::newRow("positive, non-digit") << QByteArray("\x03\x80"
                                                       "1a");
    QTest::newRow("positive, leading zero") << QByteArray("\x03\x80"
                                                          "01");
    QTest::newRow("positive, trailing zero") << QByteArray("\x03\x80"
                                                           "10");
    QTest::newRow("negative without terminator") << QByteArray("\x01\x7f\xce");
    QTest::newRow("negative without digits") << QByteArray("\x01\x7f\xff");
}

void TestNumber::fromSortableBytesRejectsGarbage()
{
    QFETCH(QByteArray, bytes);
    QVERIFY(!Number::fromSortableBytes(bytes).has_value());
}

// ---- Item size --------------------------------------------------------------------------------

void TestNumber::storageSize_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("bytes");

    // Rule (SEMANTICS.md): 1 + ceil(d/2), +1 if d is even and the scientific exponent is even,
    // +1 if negative; zero is 1 byte.
    QTest::newRow("0") << "0" << 1;
    QTest::newRow("-0") << "-0" << 1;
    QTest::newRow("1E125 (example)") << "1E125" << 2;
    QTest::newRow("1") << "1" << 2;
    QTest::newRow("-1") << "-1" << 3;
    QTest::newRow("100") << "100" << 2;
    QTest::newRow("1000000") << "1000000" << 2;
    QTest::newRow("12 (d=2, e=1)") << "12" << 2;
    QTest::newRow("1.2 (d=2, e=0)") << "1.2" << 3;
    QTest::newRow("-1.2") << "-1.2" << 4;
    QTest::newRow("120 (d=2, e=2)") << "120" << 3;
    QTest::newRow("123 (d=3)") << "123" << 3;
    QTest::newRow("1234 (d=4, e=3)") << "1234" << 3;
    QTest::newRow("12.34 (d=4, e=1)") << "12.34" << 3;
    QTest::newRow("1.234 (d=4, e=0)") << "1.234" << 4;
    QTest::newRow("12345 (d=5)") << "12345" << 4;
    QTest::newRow("-12345") << "-12345" << 5;
    QTest::newRow("0.12 (d=2, e=-1)") << "0.12" << 2;
    QTest::newRow("0.012 (d=2, e=-2)") << "0.012" << 3;
    QTest::newRow("-0.012") << "-0.012" << 4;
    QTest::newRow("1E-130") << "1E-130" << 2;
    QTest::newRow("1.1E-130 (e=-130 even)") << "1.1E-130" << 3;
    QTest::newRow("1.1E-129 (e odd)") << "1.1E-129" << 2;
    QTest::newRow("38 digits, e=37 (example)") << "12345678901234567890123456789012345678" << 20;
    QTest::newRow("-38 digits, e=37") << "-12345678901234567890123456789012345678" << 21;
    QTest::newRow("38 digits, e=0") << "1.2345678901234567890123456789012345678" << 21;
    QTest::newRow("38 digits, e=36") << "1234567890123456789012345678901234567.8" << 21;
    QTest::newRow("-38 digits, e=0") << "-1.2345678901234567890123456789012345678" << 22;
    QTest::newRow("max (38 digits, e=125)") << kMax << 20;
    QTest::newRow("-max") << QStringLiteral("-") + kMax << 21;
    QTest::newRow("37 digits") << "1234567890123456789012345678901234567" << 20;
    QTest::newRow("trailing zeros are free") << "12345678901234567890123456789012345678000" << 21;
}

void TestNumber::storageSize()
{
    QFETCH(QString, text);
    QFETCH(int, bytes);
    QCOMPARE(num(text).storageSize(), bytes);
}

// The rule applied to every digit count 1..38 at odd and even exponents across the range,
// computed here from the rule's words, not from the implementation's formula.
void TestNumber::storageSizeDerivedTable()
{
    const int exponents[] = {-130, -129, -100, -3, -2, -1, 0, 1, 2, 3, 36, 37, 124, 125};
    int checked = 0;
    for (int d = 1; d <= 38; ++d) {
        // d significant digits: "1", "12", "123", ... with a non-zero last digit.
        QString digits;
        for (int i = 0; i < d; ++i)
            digits.append(QChar(u'1' + (i % 9)));
        for (int e : exponents) {
            for (bool negative : {false, true}) {
                QString text = negative ? QStringLiteral("-") : QString();
                text += digits.left(1);
                if (d > 1)
                    text += u'.' + digits.mid(1);
                text += QStringLiteral("E%1").arg(e);
                const auto n = Number::parse(text);
                QVERIFY2(n.has_value(), qPrintable(text));
                const int halfUp = d / 2 + (d % 2 != 0 ? 1 : 0);
                const bool dEven = d % 2 == 0;
                const bool eEven = (e % 2 + 2) % 2 == 0;
                const int expected = 1 + halfUp + (dEven && eEven ? 1 : 0) + (negative ? 1 : 0);
                QVERIFY2(n->storageSize() == expected,
                         qPrintable(QStringLiteral("%1: got %2, want %3")
                                        .arg(text)
                                        .arg(n->storageSize())
                                        .arg(expected)));
                ++checked;
            }
        }
    }
    QCOMPARE(checked, 38 * 14 * 2);
}

// ---- Integers ---------------------------------------------------------------------------------

void TestNumber::toInt64_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<qint64>("value");

    QTest::newRow("0") << "0" << true << qint64(0);
    QTest::newRow("-0") << "-0" << true << qint64(0);
    QTest::newRow("42") << "42" << true << qint64(42);
    QTest::newRow("-42") << "-42" << true << qint64(-42);
    QTest::newRow("100.000") << "100.000" << true << qint64(100);
    QTest::newRow("1E2") << "1E2" << true << qint64(100);
    QTest::newRow("1.5E1") << "1.5E1" << true << qint64(15);
    QTest::newRow("1E18") << "1E18" << true << qint64(1000000000000000000LL);
    QTest::newRow("int64 max") << "9223372036854775807" << true
                               << std::numeric_limits<qint64>::max();
    QTest::newRow("int64 min") << "-9223372036854775808" << true
                               << std::numeric_limits<qint64>::min();
    QTest::newRow("int64 max + 1") << "9223372036854775808" << false << qint64(0);
    QTest::newRow("int64 min - 1") << "-9223372036854775809" << false << qint64(0);
    QTest::newRow("1E19") << "1E19" << false << qint64(0);
    QTest::newRow("-1E19") << "-1E19" << false << qint64(0);
    QTest::newRow("1E20") << "1E20" << false << qint64(0);
    QTest::newRow("1E125") << "1E125" << false << qint64(0);
    QTest::newRow("18446744073709551616") << "18446744073709551616" << false << qint64(0);
    QTest::newRow("1.5") << "1.5" << false << qint64(0);
    QTest::newRow("-1.5") << "-1.5" << false << qint64(0);
    QTest::newRow("0.1") << "0.1" << false << qint64(0);
    QTest::newRow("1E-5") << "1E-5" << false << qint64(0);
    QTest::newRow("1E-130") << "1E-130" << false << qint64(0);
    QTest::newRow("10.01") << "10.01" << false << qint64(0);
    QTest::newRow("1000000000000000000.5") << "1000000000000000000.5" << false << qint64(0);
}

void TestNumber::toInt64()
{
    QFETCH(QString, text);
    QFETCH(bool, ok);
    QFETCH(qint64, value);
    const Number n = num(text);
    qint64 out = 777;
    QCOMPARE(n.toInt64(&out), ok);
    if (ok)
        QCOMPARE(out, value);
    else
        QCOMPARE(out, qint64(777)); // untouched on failure
    QCOMPARE(n.toInt64(nullptr), ok);
}

void TestNumber::fromInt_data()
{
    QTest::addColumn<qint64>("value");
    QTest::addColumn<QString>("text");
    QTest::newRow("0") << qint64(0) << "0";
    QTest::newRow("1") << qint64(1) << "1";
    QTest::newRow("-1") << qint64(-1) << "-1";
    QTest::newRow("100") << qint64(100) << "100";
    QTest::newRow("-1010") << qint64(-1010) << "-1010";
    QTest::newRow("max") << std::numeric_limits<qint64>::max() << "9223372036854775807";
    QTest::newRow("min") << std::numeric_limits<qint64>::min() << "-9223372036854775808";
    QTest::newRow("1E18") << qint64(1000000000000000000LL) << "1000000000000000000";
}

void TestNumber::fromInt()
{
    QFETCH(qint64, value);
    QFETCH(QString, text);
    const Number n = Number::fromInt(value);
    QCOMPARE(n.toString(), text);
    const Number parsed = num(text);
    QCOMPARE(n.compare(parsed), 0);
    QCOMPARE(n.sortableBytes(), parsed.sortableBytes());
    QCOMPARE(n.storageSize(), parsed.storageSize());
    QCOMPARE(n.significantDigits(), parsed.significantDigits());
    qint64 back = 0;
    QVERIFY(n.toInt64(&back));
    QCOMPARE(back, value);
}

// ---- Randomized property test -----------------------------------------------------------------

void TestNumber::randomizedAgainstReference()
{
    Rng rng(20240611u);

    struct Sample
    {
        RefDecimal ref;
        QString text;
        Number number;
    };
    std::vector<Sample> samples;
    int rejected = 0;

    std::vector<RefDecimal> bases;
    for (int i = 0; i < 700; ++i) {
        RefDecimal v;
        v.sign = rng.chance(45) ? -1 : 1;
        const int length = rng.chance(15) ? 36 + rng.below(6) : 1 + rng.below(20);
        for (int k = 0; k < length; ++k)
            v.digits += randomDigit(rng);
        if (rng.chance(3))
            v.digits = std::string(size_t(length), '0');
        // Mostly small scales; sometimes near or past the ends of the range.
        v.scale = rng.chance(10) ? rng.below(300) - 150 : rng.below(41) - 20;
        bases.push_back(v);
        // Near neighbours: last digit bumped, one digit appended, same digits another scale.
        if (rng.chance(50)) {
            RefDecimal w = v;
            char &last = w.digits.back();
            last = last == '9' ? '8' : char(last + 1);
            bases.push_back(w);
        }
        if (rng.chance(40)) {
            RefDecimal w = v;
            w.digits += char('1' + rng.below(9));
            w.scale += 1;
            bases.push_back(w);
        }
        if (rng.chance(20)) {
            RefDecimal w = v;
            w.sign = -w.sign;
            bases.push_back(w);
        }
    }

    for (const RefDecimal &base : bases) {
        const int spellings = 1 + rng.below(4);
        for (int s = 0; s < spellings; ++s) {
            const QString text = spell(base, rng);
            QString error;
            const auto parsed = Number::parse(text, &error);

            // Expected verdict, computed independently.
            QString expectedError;
            if (!base.isZero()) {
                const int e = base.scientificExponent();
                if (e > 125)
                    expectedError = kOverflow;
                else if (e < -130)
                    expectedError = kUnderflow;
                else if (base.significantDigits() > 38)
                    expectedError = kTooManyDigits;
            }
            if (!expectedError.isEmpty()) {
                QVERIFY2(!parsed, qPrintable(text));
                QVERIFY2(error == expectedError,
                         qPrintable(text + QStringLiteral(": ") + error + QStringLiteral(" != ")
                                    + expectedError));
                ++rejected;
                continue;
            }
            QVERIFY2(parsed, qPrintable(text + QStringLiteral(": ") + error));
            QVERIFY2(parsed->toString() == QString::fromStdString(base.canonical()),
                     qPrintable(text + QStringLiteral(" -> ") + parsed->toString()
                                + QStringLiteral(", want ")
                                + QString::fromStdString(base.canonical())));
            samples.push_back({base, text, *parsed});
        }
    }
    QVERIFY2(samples.size() > 2000, qPrintable(QString::number(samples.size())));
    QVERIFY(rejected > 50);

    const auto check = [](const Sample &a, const Sample &b) -> bool {
        const int expected = compareRef(a.ref, b.ref);
        const int got = sign(a.number.compare(b.number));
        const int bytes = byteOrder(a.number.sortableBytes(), b.number.sortableBytes());
        if (got == expected && bytes == expected)
            return true;
        qWarning("%s vs %s: reference %d, compare() %d, sortableBytes %d", qPrintable(a.text),
                 qPrintable(b.text), expected, got, bytes);
        return false;
    };

    // Random pairs.
    int equalPairs = 0;
    for (int k = 0; k < 40000; ++k) {
        const Sample &a = samples[size_t(rng.below(int(samples.size())))];
        const Sample &b = samples[size_t(rng.below(int(samples.size())))];
        QVERIFY(check(a, b));
    }
    // Sorted by the reference, every adjacent pair (this covers all the near and equal values).
    std::vector<size_t> order(samples.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) {
        return compareRef(samples[x].ref, samples[y].ref) < 0;
    });
    for (size_t i = 0; i + 1 < order.size(); ++i) {
        const Sample &a = samples[order[i]];
        const Sample &b = samples[order[i + 1]];
        QVERIFY(check(a, b));
        QVERIFY(check(b, a));
        if (compareRef(a.ref, b.ref) == 0) {
            ++equalPairs;
            QCOMPARE(a.number.sortableBytes(), b.number.sortableBytes());
            QCOMPARE(a.number.toString(), b.number.toString());
        }
        // And the round trip for every sample.
        const auto back = Number::fromSortableBytes(a.number.sortableBytes());
        QVERIFY(back && back->compare(a.number) == 0);
    }
    QVERIFY2(equalPairs > 300, qPrintable(QString::number(equalPairs)));
}

QTEST_GUILESS_MAIN(TestNumber)

#include "tst_number.moc"
