// AttributeValue: DynamoDB's key order for S (unsigned UTF-8 bytes, not UTF-16), B (unsigned
// bytes) and N (by value), equality as "=" sees it, and item size as DynamoDB counts it.

#include "model/value/attributevalue.h"

#include <QTest>

#include <algorithm>
#include <random>
#include <vector>

using keyscope::model::AttributeValue;
using keyscope::model::Item;
using keyscope::model::kMaxItemSizeBytes;
using keyscope::model::Number;
using Type = AttributeValue::Type;

Q_DECLARE_METATYPE(keyscope::model::AttributeValue)

namespace {

AttributeValue S(const QString &s)
{
    return AttributeValue::string(s);
}

AttributeValue N(const QString &text)
{
    QString error;
    const auto n = Number::parse(text, &error);
    if (!n)
        qFatal("bad test number %s: %s", qPrintable(text), qPrintable(error));
    return AttributeValue::number(*n);
}

AttributeValue B(std::initializer_list<int> bytes)
{
    QByteArray out;
    for (int b : bytes)
        out.append(char(b));
    return AttributeValue::binary(out);
}

AttributeValue L(AttributeValue::List elements)
{
    return AttributeValue::list(std::move(elements));
}

AttributeValue M(AttributeValue::Map members)
{
    return AttributeValue::map(std::move(members));
}

AttributeValue SS(const QStringList &elements)
{
    AttributeValue::List list;
    for (const QString &e : elements)
        list.push_back(S(e));
    return AttributeValue::stringSet(std::move(list));
}

AttributeValue NS(const QStringList &elements)
{
    AttributeValue::List list;
    for (const QString &e : elements)
        list.push_back(N(e));
    return AttributeValue::numberSet(std::move(list));
}

AttributeValue BS(std::initializer_list<QByteArray> elements)
{
    AttributeValue::List list;
    for (const QByteArray &e : elements)
        list.push_back(AttributeValue::binary(e));
    return AttributeValue::binarySet(std::move(list));
}

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

QString describe(const AttributeValue &v)
{
    return v.debugString() + QStringLiteral(" [")
        + QString::fromLatin1(v.sortableBytes().toHex(' ')) + QLatin1Char(']');
}

const QString kEmoji = QString::fromUcs4(U"\U0001F600");  // F0 9F 98 80; UTF-16 D83D DE00
const QString kFullwidthTilde = QString(QChar(0xFF5E));   // EF BD 9E
const QString kPrivateUse = QString(QChar(0xE000));       // EE 80 80
const QString kInvertedQuestion = QString(QChar(0x00BF)); // C2 BF

} // namespace

class TestAttributeValue : public QObject
{
    Q_OBJECT

private slots:
    void keyOrder_data();
    void keyOrder();
    void stringVectorSorts();
    void utf8NotUtf16();
    void keyEquality_data();
    void keyEquality();
    void sortableBytesAreTheKeyBytes();

    void equality_data();
    void equality();

    void sizeBytes_data();
    void sizeBytes();
    void itemSize_data();
    void itemSize();
    void itemSizeLimitBoundary();

    void typeNames();
    void debugString_data();
    void debugString();
    void displayText_data();
    void displayText();
    void accessorsOnOtherTypes();
};

// ---- Key order --------------------------------------------------------------------------------

void TestAttributeValue::keyOrder_data()
{
    QTest::addColumn<AttributeValue>("lower");
    QTest::addColumn<AttributeValue>("higher");

    // S: the example vector from SEMANTICS.md, every pair.
    const QStringList vector = {"1", "10", "2", "A", "B", "a", "aa", "ab", "b"};
    for (int i = 0; i < vector.size(); ++i)
        for (int j = i + 1; j < vector.size(); ++j)
            QTest::addRow("S %s < %s", qPrintable(vector[i]), qPrintable(vector[j]))
                << S(vector[i]) << S(vector[j]);

    QTest::newRow("S z < ¿ (7A < C2 BF)") << S("z") << S(kInvertedQuestion);
    QTest::newRow("S ~ < é") << S("~") << S(QString(QChar(0xE9)));
    QTest::newRow("S U+FF5E < U+1F600") << S(kFullwidthTilde) << S(kEmoji);
    QTest::newRow("S U+E000 < U+1F600") << S(kPrivateUse) << S(kEmoji);
    QTest::newRow("S aU+FF5E < a😀")
        << S(QStringLiteral("a") + kFullwidthTilde) << S(QStringLiteral("a") + kEmoji);
    QTest::newRow("S DeBrie < Dean") << S("DeBrie") << S("Dean");
    QTest::newRow("S Dean < Dern") << S("Dean") << S("Dern");
    QTest::newRow("S DeBrie < Dern") << S("DeBrie") << S("Dern");
    QTest::newRow("S VanDyke < Vanbyke") << S("VanDyke") << S("Vanbyke");
    QTest::newRow("S # < 0") << S("#") << S("0");
    QTest::newRow("S 0 < A") << S("0") << S("A");
    QTest::newRow("S A < a") << S("A") << S("a");
    QTest::newRow("S # < a") << S("#") << S("a");
    QTest::newRow("S READING#10 < READING#2") << S("READING#10") << S("READING#2");
    QTest::newRow("S READING#00002 < READING#00010") << S("READING#00002") << S("READING#00010");
    QTest::newRow("S prefix first") << S("USER#1") << S("USER#1#ORDER");
    QTest::newRow("S empty < anything") << S("") << S(QString(QChar(0)));
    QTest::newRow("S a < a NUL") << S("a") << S(QStringLiteral("a") + QChar(0));
    QTest::newRow("S 2024-01-31 < 2024-02-01") << S("2024-01-31") << S("2024-02-01");
    QTest::newRow("S Z < a (case)") << S("Zebra") << S("apple");

    // B: unsigned bytes; a prefix sorts before its extensions.
    QTest::newRow("B 7f < 80") << B({0x7f}) << B({0x80});
    QTest::newRow("B 80 < ff") << B({0x80}) << B({0xff});
    QTest::newRow("B 7f < ff") << B({0x7f}) << B({0xff});
    QTest::newRow("B 00 < 01") << B({0x00}) << B({0x01});
    QTest::newRow("B empty < 00") << B({}) << B({0x00});
    QTest::newRow("B 00 < 00 00") << B({0x00}) << B({0x00, 0x00});
    QTest::newRow("B 01 02 < 01 02 00") << B({0x01, 0x02}) << B({0x01, 0x02, 0x00});
    QTest::newRow("B 01 ff < 02") << B({0x01, 0xff}) << B({0x02});
    QTest::newRow("B 7f ff ff < 80") << B({0x7f, 0xff, 0xff}) << B({0x80});

    // N: by value, not by text.
    QTest::newRow("N 9 < 10") << N("9") << N("10");
    QTest::newRow("N -10 < -9") << N("-10") << N("-9");
    QTest::newRow("N -0.1 < 0") << N("-0.1") << N("0");
    QTest::newRow("N 2 < 1E1") << N("2") << N("1E1");
    QTest::newRow("N 0.15 < 0.151") << N("0.15") << N("0.151");
    QTest::newRow("N -0.151 < -0.15") << N("-0.151") << N("-0.15");
}

void TestAttributeValue::keyOrder()
{
    QFETCH(AttributeValue, lower);
    QFETCH(AttributeValue, higher);
    const QByteArray context
        = (describe(lower) + QStringLiteral(" < ") + describe(higher)).toUtf8();
    QVERIFY2(AttributeValue::compareKeys(lower, higher) < 0, context.constData());
    QVERIFY2(AttributeValue::compareKeys(higher, lower) > 0, context.constData());
    QCOMPARE(AttributeValue::compareKeys(lower, lower), 0);
    QCOMPARE(AttributeValue::compareKeys(higher, higher), 0);
    QVERIFY2(byteOrder(lower.sortableBytes(), higher.sortableBytes()) < 0, context.constData());
    QVERIFY(lower != higher);
}

void TestAttributeValue::stringVectorSorts()
{
    const QStringList expected = {"1", "10", "2", "A", "B", "a", "aa", "ab", "b"};
    std::vector<AttributeValue> values;
    for (auto it = expected.crbegin(); it != expected.crend(); ++it)
        values.push_back(S(*it));
    std::mt19937 rng(7);
    std::shuffle(values.begin(), values.end(), rng);
    std::sort(values.begin(), values.end(), [](const AttributeValue &a, const AttributeValue &b) {
        return AttributeValue::compareKeys(a, b) < 0;
    });
    QStringList got;
    for (const auto &v : values)
        got << v.asString();
    QCOMPARE(got, expected);
}

// The point of comparing UTF-8 bytes: UTF-16 code units (QString's own order) disagree for
// characters in U+E000..U+FFFF against supplementary characters such as emoji.
void TestAttributeValue::utf8NotUtf16()
{
    for (const QString &bmp : {kFullwidthTilde, kPrivateUse, QString(QChar(0xFFFD))}) {
        QVERIFY(QString::compare(bmp, kEmoji) > 0); // UTF-16: D83D < E000..FFFF
        QVERIFY2(AttributeValue::compareKeys(S(bmp), S(kEmoji)) < 0, qPrintable(describe(S(bmp))));
    }
    QCOMPARE(S(kEmoji).bytes(), QByteArray("\xF0\x9F\x98\x80"));
    QCOMPARE(S(kFullwidthTilde).bytes(), QByteArray("\xEF\xBD\x9E"));
    QCOMPARE(S(kInvertedQuestion).bytes(), QByteArray("\xC2\xBF"));
}

void TestAttributeValue::keyEquality_data()
{
    QTest::addColumn<AttributeValue>("a");
    QTest::addColumn<AttributeValue>("b");
    QTest::newRow("S same") << S("abc") << S("abc");
    QTest::newRow("S empty") << S("") << S(QString());
    QTest::newRow("S emoji") << S(kEmoji) << AttributeValue::stringUtf8("\xF0\x9F\x98\x80");
    QTest::newRow("B same") << B({0, 1, 0xff}) << B({0, 1, 0xff});
    QTest::newRow("N 100 = 1E2") << N("100") << N("1E2");
    QTest::newRow("N 100 = 100.0") << N("100") << N("100.0");
    QTest::newRow("N 100 = 0100") << N("100") << N("0100");
    QTest::newRow("N 0 = -0") << N("0") << N("-0");
}

void TestAttributeValue::keyEquality()
{
    QFETCH(AttributeValue, a);
    QFETCH(AttributeValue, b);
    QCOMPARE(AttributeValue::compareKeys(a, b), 0);
    QCOMPARE(AttributeValue::compareKeys(b, a), 0);
    QCOMPARE(a.sortableBytes(), b.sortableBytes());
    QVERIFY(a == b);
    QVERIFY(!(a != b));
}

void TestAttributeValue::sortableBytesAreTheKeyBytes()
{
    QCOMPARE(S("abc").sortableBytes(), QByteArray("abc"));
    QCOMPARE(S(kInvertedQuestion).sortableBytes(), QByteArray("\xC2\xBF"));
    QCOMPARE(B({0x00, 0xff}).sortableBytes(), QByteArray("\x00\xff", 2));
    QCOMPARE(N("1E2").sortableBytes(), Number::parse(u"100")->sortableBytes());
    QVERIFY(S("a").isKeyType());
    QVERIFY(N("1").isKeyType());
    QVERIFY(B({1}).isKeyType());
    for (const AttributeValue &v : {AttributeValue::null(), AttributeValue::boolean(true), L({}),
                                    M({}), SS({"a"}), NS({"1"}), BS({QByteArray("x")})})
        QVERIFY2(!v.isKeyType(), qPrintable(v.typeName()));
}

// ---- Equality ---------------------------------------------------------------------------------

void TestAttributeValue::equality_data()
{
    QTest::addColumn<AttributeValue>("a");
    QTest::addColumn<AttributeValue>("b");
    QTest::addColumn<bool>("equal");

    const AttributeValue t = AttributeValue::boolean(true);
    const AttributeValue f = AttributeValue::boolean(false);
    const AttributeValue null = AttributeValue::null();

    QTest::newRow("NULL = NULL") << null << AttributeValue() << true;
    QTest::newRow("BOOL true = true") << t << AttributeValue::boolean(true) << true;
    QTest::newRow("BOOL true != false") << t << f << false;
    QTest::newRow("NULL != BOOL false") << null << f << false;
    QTest::newRow("S a = a") << S("a") << S("a") << true;
    QTest::newRow("S a != A") << S("a") << S("A") << false;
    QTest::newRow("S a != B a") << S("a") << AttributeValue::binary("a") << false;
    QTest::newRow("S 1 != N 1") << S("1") << N("1") << false;
    QTest::newRow("S empty != NULL") << S("") << null << false;
    QTest::newRow("N 1 = 1.0") << N("1") << N("1.0") << true;
    QTest::newRow("N 1 != 2") << N("1") << N("2") << false;
    QTest::newRow("N 1 != -1") << N("1") << N("-1") << false;
    QTest::newRow("B same") << B({1, 2}) << B({1, 2}) << true;
    QTest::newRow("B prefix") << B({1, 2}) << B({1, 2, 0}) << false;

    QTest::newRow("SS order ignored") << SS({"a", "b", "c"}) << SS({"c", "a", "b"}) << true;
    QTest::newRow("SS different member") << SS({"a", "b"}) << SS({"a", "c"}) << false;
    QTest::newRow("SS subset") << SS({"a"}) << SS({"a", "b"}) << false;
    QTest::newRow("SS superset") << SS({"a", "b"}) << SS({"a"}) << false;
    QTest::newRow("NS order ignored, by value") << NS({"1", "2.50"}) << NS({"2.5", "1.0"}) << true;
    QTest::newRow("NS different") << NS({"1", "2"}) << NS({"1", "3"}) << false;
    QTest::newRow("BS order ignored") << BS({QByteArray("\x01"), QByteArray("\xff")})
                                      << BS({QByteArray("\xff"), QByteArray("\x01")}) << true;
    QTest::newRow("SS != NS") << SS({"1"}) << NS({"1"}) << false;
    QTest::newRow("SS != L") << SS({"a"}) << L({S("a")}) << false;

    QTest::newRow("L same") << L({N("1"), S("a")}) << L({N("1"), S("a")}) << true;
    QTest::newRow("L order matters") << L({N("1"), N("2")}) << L({N("2"), N("1")}) << false;
    QTest::newRow("L numbers by value") << L({N("1")}) << L({N("1.00")}) << true;
    QTest::newRow("L length") << L({N("1")}) << L({N("1"), N("1")}) << false;
    QTest::newRow("L empty = empty") << L({}) << L({}) << true;
    QTest::newRow("L empty != M empty") << L({}) << M({}) << false;

    QTest::newRow("M same, any insertion order")
        << M({{"a", N("1")}, {"b", S("x")}}) << M({{"b", S("x")}, {"a", N("1.0")}}) << true;
    QTest::newRow("M different value") << M({{"a", N("1")}}) << M({{"a", N("2")}}) << false;
    QTest::newRow("M different name") << M({{"a", N("1")}}) << M({{"A", N("1")}}) << false;
    QTest::newRow("M extra member")
        << M({{"a", N("1")}}) << M({{"a", N("1")}, {"b", null}}) << false;
    QTest::newRow("nested equal") << L({M({{"tags", SS({"x", "y"})}, {"n", L({N("10")})}})})
                                  << L({M({{"n", L({N("1E1")})}, {"tags", SS({"y", "x"})}})})
                                  << true;
    QTest::newRow("nested differs deep")
        << M({{"a", L({M({{"b", t}})})}}) << M({{"a", L({M({{"b", f}})})}}) << false;
}

void TestAttributeValue::equality()
{
    QFETCH(AttributeValue, a);
    QFETCH(AttributeValue, b);
    QFETCH(bool, equal);
    QVERIFY2((a == b) == equal,
             qPrintable(a.debugString() + QStringLiteral(" vs ") + b.debugString()));
    QVERIFY((b == a) == equal);
    QVERIFY((a != b) == !equal);
    QVERIFY(a == a);
    // Copies share storage but compare like values.
    const AttributeValue copy = a;
    QVERIFY(copy == a);
}

// ---- Size -------------------------------------------------------------------------------------

void TestAttributeValue::sizeBytes_data()
{
    QTest::addColumn<AttributeValue>("value");
    QTest::addColumn<qint64>("bytes");

    QTest::newRow("NULL") << AttributeValue::null() << qint64(1);
    QTest::newRow("BOOL true") << AttributeValue::boolean(true) << qint64(1);
    QTest::newRow("BOOL false") << AttributeValue::boolean(false) << qint64(1);
    QTest::newRow("S empty") << S("") << qint64(0);
    QTest::newRow("S abc") << S("abc") << qint64(3);
    QTest::newRow("S é (2 bytes)") << S(QString(QChar(0xE9))) << qint64(2);
    QTest::newRow("S ¿") << S(kInvertedQuestion) << qint64(2);
    QTest::newRow("S U+FF5E (3 bytes)") << S(kFullwidthTilde) << qint64(3);
    QTest::newRow("S emoji (4 bytes, 2 UTF-16 units)") << S(kEmoji) << qint64(4);
    QTest::newRow("S 日本語 (9 bytes)") << S(QString::fromUtf8("日本語")) << qint64(9);
    QTest::newRow("B empty") << B({}) << qint64(0);
    QTest::newRow("B 3 bytes") << B({0, 1, 0xff}) << qint64(3);
    QTest::newRow("N 0") << N("0") << qint64(1);
    QTest::newRow("N 1") << N("1") << qint64(2);
    QTest::newRow("N -1") << N("-1") << qint64(3);
    QTest::newRow("N 1E125") << N("1E125") << qint64(2);
    QTest::newRow("N 12345") << N("12345") << qint64(4);
    QTest::newRow("N 1.2") << N("1.2") << qint64(3);
    QTest::newRow("N 38 digits") << N("12345678901234567890123456789012345678") << qint64(20);

    // Sets: the sum of their members.
    QTest::newRow("SS a, bc") << SS({"a", "bc"}) << qint64(3);
    QTest::newRow("SS é, 😀") << SS({QString(QChar(0xE9)), kEmoji}) << qint64(6);
    QTest::newRow("NS 1, 12345") << NS({"1", "12345"}) << qint64(6);
    QTest::newRow("NS -1, 0") << NS({"-1", "0"}) << qint64(4);
    QTest::newRow("BS") << BS({QByteArray("\x01\x02"), QByteArray("\x03")}) << qint64(3);

    // L and M: 3 + 1 per element + nested sizes (M also counts each member name in UTF-8).
    QTest::newRow("L empty") << L({}) << qint64(3);
    QTest::newRow("L [S a]") << L({S("a")}) << qint64(3 + 1 + 1);
    QTest::newRow("L [N 1, BOOL]")
        << L({N("1"), AttributeValue::boolean(true)}) << qint64(3 + (1 + 2) + (1 + 1));
    QTest::newRow("L [S empty]") << L({S("")}) << qint64(3 + 1 + 0);
    QTest::newRow("L [L []]") << L({L({})}) << qint64(3 + 1 + 3);
    QTest::newRow("M empty") << M({}) << qint64(3);
    QTest::newRow("M {a: S bc}") << M({{"a", S("bc")}}) << qint64(3 + 1 + 1 + 2);
    QTest::newRow("M {é: NULL} name in UTF-8")
        << M({{QString(QChar(0xE9)), AttributeValue()}}) << qint64(3 + 1 + 2 + 1);
    QTest::newRow("M {😀: S x}") << M({{kEmoji, S("x")}}) << qint64(3 + 1 + 4 + 1);
    QTest::newRow("M two members")
        << M({{"ab", N("12")}, {"c", SS({"xy"})}}) << qint64(3 + (1 + 2 + 2) + (1 + 1 + 2));
    // L [ M { x: L [ S ab ] } ]: inner L = 3+1+2 = 6, M = 3+1+1+6 = 11, outer = 3+1+11 = 15.
    QTest::newRow("nested L/M/L") << L({M({{"x", L({S("ab")})}})}) << qint64(15);
    // M { outer: M { inner: L [ N 1, NULL ] } }: L = 3+3+2 = 8; inner M = 3+1+5+8 = 17;
    // outer M = 3+1+5+17 = 26.
    QTest::newRow("nested M/M/L") << M({{"outer", M({{"inner", L({N("1"), AttributeValue()})}})}})
                                  << qint64(26);
}

void TestAttributeValue::sizeBytes()
{
    QFETCH(AttributeValue, value);
    QFETCH(qint64, bytes);
    QCOMPARE(value.sizeBytes(), bytes);
}

void TestAttributeValue::itemSize_data()
{
    QTest::addColumn<Item>("item");
    QTest::addColumn<qint64>("bytes");

    QTest::newRow("empty") << Item {} << qint64(0);
    QTest::newRow("pk S") << Item {{"pk", S("abc")}} << qint64(2 + 3);
    QTest::newRow("three attributes")
        << Item {{"pk", S("abc")},
                 {"n", N("12345")},
                 {QString(QChar(0xE9)), AttributeValue::boolean(false)}}
        << qint64((2 + 3) + (1 + 4) + (2 + 1));
    QTest::newRow("name 名前 counts 6 bytes")
        << Item {{QString::fromUtf8("名前"), S("x")}} << qint64(6 + 1);
    QTest::newRow("name with emoji") << Item {{kEmoji, AttributeValue()}} << qint64(4 + 1);
    QTest::newRow("nested") << Item {{"pk", S("USER#1")},
                                     {"Tags", L({S("a"), M({{"k", N("-1")}})})}}
                            << qint64((2 + 6) + (4 + (3 + (1 + 1) + (1 + (3 + 1 + 1 + 3)))));
}

void TestAttributeValue::itemSize()
{
    QFETCH(Item, item);
    QFETCH(qint64, bytes);
    QCOMPARE(keyscope::model::itemSizeBytes(item), bytes);
}

void TestAttributeValue::itemSizeLimitBoundary()
{
    QCOMPARE(kMaxItemSizeBytes, qint64(400 * 1024));
    QCOMPARE(kMaxItemSizeBytes, qint64(409600));

    // ASCII: "pk" + "x" + "data" + payload exactly at the limit, then one byte over.
    const qint64 fixed = 2 + 1 + 4;
    Item item {{"pk", S("x")}, {"data", S(QString(int(kMaxItemSizeBytes - fixed), u'a'))}};
    QCOMPARE(keyscope::model::itemSizeBytes(item), kMaxItemSizeBytes);
    item["data"] = S(QString(int(kMaxItemSizeBytes - fixed + 1), u'a'));
    QCOMPARE(keyscope::model::itemSizeBytes(item), kMaxItemSizeBytes + 1);
    QVERIFY(keyscope::model::itemSizeBytes(item) > kMaxItemSizeBytes);

    // Two-byte characters count twice: 204,799 x "é" under the name "d" is 409,599 bytes though
    // it is only 204,800 UTF-16 units long.
    const QString e(QChar(0xE9));
    Item wide {{"d", S(e.repeated(204799))}};
    QCOMPARE(keyscope::model::itemSizeBytes(wide), kMaxItemSizeBytes - 1);
    wide["d"] = S(e.repeated(204799) + QStringLiteral("a"));
    QCOMPARE(keyscope::model::itemSizeBytes(wide), kMaxItemSizeBytes);
    wide["d"] = S(e.repeated(204800));
    QCOMPARE(keyscope::model::itemSizeBytes(wide), kMaxItemSizeBytes + 1);

    // Binary counts raw (decoded) bytes; a list adds its overhead.
    Item bin {{"b", AttributeValue::binary(QByteArray(int(kMaxItemSizeBytes - 1), '\xff'))}};
    QCOMPARE(keyscope::model::itemSizeBytes(bin), kMaxItemSizeBytes);
    Item listed {{"b", L({AttributeValue::binary(QByteArray(int(kMaxItemSizeBytes - 1 - 4), 0))})}};
    QCOMPARE(keyscope::model::itemSizeBytes(listed), kMaxItemSizeBytes);
}

// ---- Names, debug text, accessors -------------------------------------------------------------

void TestAttributeValue::typeNames()
{
    const std::pair<Type, const char *> all[]
        = {{Type::S, "S"},       {Type::N, "N"},  {Type::B, "B"}, {Type::Bool, "BOOL"},
           {Type::Null, "NULL"}, {Type::L, "L"},  {Type::M, "M"}, {Type::SS, "SS"},
           {Type::NS, "NS"},     {Type::BS, "BS"}};
    for (const auto &[type, name] : all) {
        QCOMPARE(AttributeValue::typeName(type), QString::fromLatin1(name));
        const auto back = AttributeValue::typeFromName(QString::fromLatin1(name));
        QVERIFY(back.has_value());
        QCOMPARE(int(*back), int(type));
    }
    for (const char *bad : {"s", "bool", "Null", "SSS", "", "STRING", "N "})
        QVERIFY2(!AttributeValue::typeFromName(QString::fromLatin1(bad)).has_value(), bad);

    QVERIFY(SS({"a"}).isSet());
    QVERIFY(NS({"1"}).isSet());
    QVERIFY(BS({QByteArray("a")}).isSet());
    QVERIFY(!L({S("a")}).isSet());
    QVERIFY(AttributeValue().isNull());
    QCOMPARE(AttributeValue().type(), Type::Null);
}

void TestAttributeValue::debugString_data()
{
    QTest::addColumn<AttributeValue>("value");
    QTest::addColumn<QString>("text");
    QTest::newRow("S") << S("abc") << "{S:abc}";
    QTest::newRow("N canonical") << N("00042.0") << "{N:42}";
    QTest::newRow("B base64") << B({0x00, 0x01}) << "{B:AAE=}";
    QTest::newRow("BOOL") << AttributeValue::boolean(false) << "{BOOL:false}";
    QTest::newRow("NULL") << AttributeValue() << "{NULL:true}";
}

void TestAttributeValue::debugString()
{
    QFETCH(AttributeValue, value);
    QFETCH(QString, text);
    QCOMPARE(value.debugString(), text);
}

void TestAttributeValue::displayText_data()
{
    QTest::addColumn<AttributeValue>("value");
    QTest::addColumn<QString>("text");
    QTest::newRow("S as typed") << S("ORG#Acme") << "ORG#Acme";
    QTest::newRow("N canonical") << N("00042.50") << "42.5";
    QTest::newRow("B base64") << B({0x00, 0x01}) << "AAE=";
    QTest::newRow("BOOL") << AttributeValue::boolean(true) << "true";
    QTest::newRow("NULL") << AttributeValue() << "null";
    QTest::newRow("list as debug") << AttributeValue::list({S("a"), N("1")}) << "{L:[{S:a},{N:1}]}";
}

void TestAttributeValue::displayText()
{
    QFETCH(AttributeValue, value);
    QFETCH(QString, text);
    QCOMPARE(value.displayText(), text);
}

void TestAttributeValue::accessorsOnOtherTypes()
{
    const AttributeValue n = N("5");
    QVERIFY(n.bytes().isEmpty());
    QVERIFY(n.elements().empty());
    QVERIFY(n.members().empty());
    QVERIFY(!n.asBool());
    QVERIFY(S("x").asNumber().isZero());
    QCOMPARE(S(kEmoji).asString(), kEmoji);
    QCOMPARE(L({S("a"), S("b")}).elements().size(), size_t(2));
    QCOMPARE(M({{"k", S("v")}}).members().at("k"), S("v"));
    QVERIFY(AttributeValue::boolean(true).asBool());
}

QTEST_GUILESS_MAIN(TestAttributeValue)

#include "tst_attributevalue.moc"
