// How a key is shortened when it cannot fit (issue 26): it keeps its entity prefix and the
// characters where it differs from its neighbours, with an ellipsis wherever text is dropped.
// Widths are counted in characters here (the ellipsis is one), so each case reads as text.

#include "ui/collection/keyelision.h"

#include <QTest>

using keyscope::ui::KeyElision;

namespace {

double characters(const QString &text)
{
    return double(text.size());
}

} // namespace

class TestKeyElision : public QObject
{
    Q_OBJECT

private slots:
    void prefix_data();
    void prefix();
    void keepsWhatOrdersTheKey_data();
    void keepsWhatOrdersTheKey();
};

void TestKeyElision::prefix_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("prefix");
    QTest::newRow("type first") << QStringLiteral("USER#ANA#007") << QStringLiteral("USER#");
    QTest::newRow("a leading '#' stays with its type")
        << QStringLiteral("#ORDER#2024-01-01") << QStringLiteral("#ORDER#");
    QTest::newRow("no '#'") << QStringLiteral("2024-01-01T10:00:00Z") << QString();
    QTest::newRow("only a leading '#'") << QStringLiteral("#ORG") << QString();
}

void TestKeyElision::prefix()
{
    QFETCH(QString, key);
    QFETCH(QString, prefix);
    QCOMPARE(key.left(KeyElision::prefixLength(key)), prefix);
}

void TestKeyElision::keepsWhatOrdersTheKey_data()
{
    QTest::addColumn<QString>("above");
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("below");
    QTest::addColumn<int>("width");
    QTest::addColumn<QString>("shown");
    QTest::newRow("fits") << QString() << QStringLiteral("USER#ANA#007") << QString() << 12
                          << QStringLiteral("USER#ANA#007");
    // Readings a day apart: the day orders them, not "05:45:00Z" (issue 26 saw
    // "#READING#…05:45:00Z" on every row).
    QTest::newRow("the date that orders readings")
        << QStringLiteral("#READING#2024-06-01T05:45:00Z")
        << QStringLiteral("#READING#2024-06-02T05:45:00Z")
        << QStringLiteral("#READING#2024-06-03T05:45:00Z") << 20
        << QStringLiteral("#READING#\u202606-02T05\u2026");
    // Users in name order: the name orders them, not the number ("USER#…#010").
    QTest::newRow("the name that orders users")
        << QStringLiteral("USER#WALKER#004") << QStringLiteral("USER#WASHINGTON#010")
        << QStringLiteral("USER#WATSON#002") << 16 << QStringLiteral("USER#WASHINGTON\u2026");
    // A leading '#' belongs to the type: "#ORDER#", not "#" ("#…#2024-01-01T15:00:00Z").
    QTest::newRow("the type of a '#' key") << QStringLiteral("#ORDER#2024-01-01T14:00:00Z")
                                           << QStringLiteral("#ORDER#2024-01-01T15:00:00Z")
                                           << QStringLiteral("#ORDER#2024-01-01T16:00:00Z") << 20
                                           << QStringLiteral("#ORDER#\u202601T15:00:00Z");
    // Two neighbours differing in two places: both places stay.
    QTest::newRow("two places") << QStringLiteral("USER#MONTGOMERY-ADAMS#003")
                                << QStringLiteral("USER#MONTGOMERY-WASHINGTON#010")
                                << QStringLiteral("USER#MORRIS#001") << 22
                                << QStringLiteral("USER#MONTGOMERY-WASHI\u2026");
    QTest::newRow("far apart") << QStringLiteral("USER#MONTGOMERY-ADAMS#003")
                               << QStringLiteral("USER#MONTGOMERY-WASHINGTON#010")
                               << QStringLiteral("USER#MORRIS#001") << 16
                               << QStringLiteral("USER#MONTGO\u2026WAS\u2026");
    // No neighbours (the only row): whole segments at both ends.
    QTest::newRow("alone") << QString() << QStringLiteral("#ORDER#2024-01-01T15:00:00Z#A-17")
                           << QString() << 20 << QStringLiteral("#ORDER#\u2026#A-17");
}

void TestKeyElision::keepsWhatOrdersTheKey()
{
    QFETCH(QString, above);
    QFETCH(QString, key);
    QFETCH(QString, below);
    QFETCH(int, width);
    QFETCH(QString, shown);
    const QString elided = KeyElision::elide(key, above, below, width, characters);
    QCOMPARE(elided, shown);
    QVERIFY(elided.size() <= width);
}

QTEST_MAIN(TestKeyElision)

#include "tst_keyelision.moc"
