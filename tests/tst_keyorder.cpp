#include "model/value/keyorder.h"

#include <QTest>

using namespace keyscope::model;

class TestKeyOrder : public QObject
{
    Q_OBJECT

private slots:
    void explains_data();
    void explains();
};

void TestKeyOrder::explains_data()
{
    QTest::addColumn<AttributeValue>("a");
    QTest::addColumn<AttributeValue>("b");
    QTest::addColumn<QString>("expected");
    const auto s = [](const char *text) { return AttributeValue::string(QString::fromUtf8(text)); };
    const auto n = [](const char *text) { return AttributeValue::number(*Number::parse(QString::fromLatin1(text))); };
    QTest::newRow("case") << s("Dean") << s("DeBrie")
                          << "'DeBrie' sorts before 'Dean': at byte 3, 'B' (0x42) < 'a' (0x61)";
    QTest::newRow("unpadded") << s("READING#2") << s("READING#10")
                              << "'READING#10' sorts before 'READING#2': at byte 9, '1' (0x31) < '2' (0x32)";
    QTest::newRow("hash prefix") << s("DEVICE#d1") << s("#READING#1")
                                 << "'#READING#1' sorts before 'DEVICE#d1': at byte 1, '#' (0x23) < 'D' (0x44)";
    QTest::newRow("prefix") << s("ABC") << s("AB") << "'AB' sorts before 'ABC': it is a prefix of it";
    QTest::newRow("non-ascii") << s("z") << s("\xc2\xbf")
                               << "'z' sorts before '\xc2\xbf': at byte 1, 'z' (0x7A) < 0xC2";
    QTest::newRow("numbers") << n("10") << n("9") << "9 sorts before 10: numbers compare by value";
    QTest::newRow("same") << n("100") << n("1E2") << "100 and 100 are the same key";
    QTest::newRow("binary") << AttributeValue::binary(QByteArray("\x80", 1))
                            << AttributeValue::binary(QByteArray("\x7f", 1))
                            << "0x7F sorts before 0x80: at byte 1, 0x7F < 0x80";
}

void TestKeyOrder::explains()
{
    QFETCH(AttributeValue, a);
    QFETCH(AttributeValue, b);
    QFETCH(QString, expected);
    QCOMPARE(explainKeyOrder(a, b), expected);
}

QTEST_GUILESS_MAIN(TestKeyOrder)

#include "tst_keyorder.moc"
