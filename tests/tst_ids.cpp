// Time-sortable ids (SEMANTICS.md "Time-sortable ids", STRATEGIES.md §3): the KSUID and ULID
// vectors, round trips, time order of the text in byte order, ULID case and byte order, and
// uuid4's format and lack of any order. Seeded values were cross-checked with an independent
// Python implementation (SplitMix64 + int-based base62/base32, uuid.UUID).

#include "model/design/ids.h"

#include <QDateTime>
#include <QRegularExpression>
#include <QTest>
#include <QUuid>

#include <algorithm>
#include <cstring>

using namespace keyscope::model;

namespace {

// Unsigned byte order of the UTF-8 encodings, which is how DynamoDB compares S keys.
int byteOrder(const QString &a, const QString &b)
{
    const QByteArray x = a.toUtf8();
    const QByteArray y = b.toUtf8();
    const int c = std::memcmp(x.constData(), y.constData(), size_t(std::min(x.size(), y.size())));
    if (c != 0)
        return c < 0 ? -1 : 1;
    return x.size() == y.size() ? 0 : (x.size() < y.size() ? -1 : 1);
}

QByteArray fill(int size, char byte)
{
    return QByteArray(size, byte);
}

} // namespace

class TestIds : public QObject
{
    Q_OBJECT

private slots:
    void randomBytesTakesDrawsMostSignificantFirst();

    void ksuidVectors_data();
    void ksuidVectors();
    void ksuidRejects_data();
    void ksuidRejects();
    void ksuidRoundTripAndOrder();
    void ksuidSortsByTime();
    void ksuidClampsTime();
    void ksuidSeeded();

    void ulidVectors_data();
    void ulidVectors();
    void ulidRejects_data();
    void ulidRejects();
    void ulidRoundTripAndOrder();
    void ulidSortsByTime();
    void ulidIncrement_data();
    void ulidIncrement();
    void ulidSeeded();
    void lowercaseUlidSortsAfterUppercase();

    void uuid4Format();
    void uuid4Seeded();
    void uuid4HasNoCreationOrder();
};

void TestIds::randomBytesTakesDrawsMostSignificantFirst()
{
    Random reference(1);
    const quint64 first = reference.next();
    const quint64 second = reference.next();
    QCOMPARE(first, 0x910a2dec89025cc1ull); // SplitMix64, seed 1

    Random random(1);
    const QByteArray bytes = ids::randomBytes(random, 10);
    QCOMPARE(bytes.size(), 10);
    for (int i = 0; i < 8; ++i)
        QCOMPARE(quint8(bytes[i]), quint8(first >> (56 - 8 * i)));
    QCOMPARE(quint8(bytes[8]), quint8(second >> 56));
    QCOMPARE(quint8(bytes[9]), quint8(second >> 48));
    QCOMPARE(random.next(), reference.next()); // exactly two draws for 10 bytes
}

void TestIds::ksuidVectors_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QByteArray>("raw");
    QTest::addColumn<qint64>("unixSeconds");

    QTest::newRow("spec vector") << QStringLiteral("0ujtsYcgvSTl8PAuAdqWYSMnLOv")
                                 << QByteArray::fromHex("0669F7EFB5A1CD34B5F99D1154FB6853345C9735")
                                 << qint64(1400000000 + 107608047);
    QTest::newRow("zero") << QStringLiteral("000000000000000000000000000") << fill(20, '\0')
                          << qint64(1400000000);
    QTest::newRow("max") << QStringLiteral("aWgEPTl1tmebfsQzFP4bxwgy80V") << fill(20, '\xFF')
                         << qint64(1400000000) + 0xFFFFFFFFll;
    QTest::newRow("one") << QStringLiteral("000000000000000000000000001")
                         << QByteArray::fromHex("0000000000000000000000000000000000000001")
                         << qint64(1400000000);
    QTest::newRow("62") << QStringLiteral("000000000000000000000000010")
                        << QByteArray::fromHex("000000000000000000000000000000000000003E")
                        << qint64(1400000000);
}

void TestIds::ksuidVectors()
{
    QFETCH(QString, text);
    QFETCH(QByteArray, raw);
    QFETCH(qint64, unixSeconds);

    QCOMPARE(ids::ksuidFromRaw(raw), text);
    QCOMPARE(ids::ksuidToRaw(text), std::optional<QByteArray>(raw));
    QCOMPARE(ids::ksuidTime(text), std::optional<qint64>(unixSeconds));
    QCOMPARE(ids::ksuidFromParts(unixSeconds, raw.mid(4)), text);
}

void TestIds::ksuidRejects_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("empty") << QString();
    QTest::newRow("26 characters") << QStringLiteral("0ujtsYcgvSTl8PAuAdqWYSMnLO");
    QTest::newRow("28 characters") << QStringLiteral("0ujtsYcgvSTl8PAuAdqWYSMnLOv0");
    QTest::newRow("hyphen") << QStringLiteral("0ujtsYcgvSTl8PAuAdqWYSMnLO-");
    QTest::newRow("non-ASCII") << QStringLiteral("0ujtsYcgvSTl8PAuAdqWYSMnLOé");
    QTest::newRow("max + 1") << QStringLiteral("aWgEPTl1tmebfsQzFP4bxwgy80W");
    QTest::newRow("above max in first char") << QStringLiteral("b00000000000000000000000000");
    QTest::newRow("all z") << QString(27, u'z');
}

void TestIds::ksuidRejects()
{
    QFETCH(QString, text);
    QVERIFY(!ids::ksuidToRaw(text));
    QVERIFY(!ids::ksuidTime(text));
}

void TestIds::ksuidRoundTripAndOrder()
{
    Random random(2024);
    QByteArray previousRaw;
    QString previousText;
    for (int i = 0; i < 2000; ++i) {
        QByteArray raw = ids::randomBytes(random, 20);
        if (i % 7 == 0)
            raw[int(random.range(0, 19))] = char(0); // leading zero bytes exercise the padding
        const QString text = ids::ksuidFromRaw(raw);
        QCOMPARE(text.size(), 27);
        QCOMPARE(ids::ksuidToRaw(text), std::optional<QByteArray>(raw));
        if (i > 0) {
            // Fixed width and an alphabet in ASCII order: the text sorts like the raw bytes.
            const int rawOrder = std::memcmp(raw.constData(), previousRaw.constData(), 20);
            QCOMPARE(byteOrder(text, previousText), (rawOrder > 0) - (rawOrder < 0));
        }
        previousRaw = raw;
        previousText = text;
    }
    QCOMPARE(ids::ksuidFromRaw(QByteArray(19, 'x')), QString());
}

void TestIds::ksuidSortsByTime()
{
    Random random(5);
    QString previous;
    for (qint64 seconds = 1500000000; seconds < 1500000000 + 500; seconds += 1) {
        const QString id = ids::ksuid(seconds, random);
        QCOMPARE(ids::ksuidTime(id), std::optional<qint64>(seconds));
        if (!previous.isEmpty())
            QVERIFY2(byteOrder(previous, id) < 0,
                     qPrintable(previous + QLatin1String(" !< ") + id));
        previous = id;
    }
}

void TestIds::ksuidClampsTime()
{
    Random random(1);
    QCOMPARE(ids::ksuidTime(ids::ksuid(0, random)), std::optional<qint64>(ids::kKsuidEpoch));
    QCOMPARE(ids::ksuidTime(ids::ksuid(std::numeric_limits<qint64>::max(), random)),
             std::optional<qint64>(ids::kKsuidEpoch + 0xFFFFFFFFll));
}

void TestIds::ksuidSeeded()
{
    Random random(42);
    QCOMPARE(ids::ksuid(1507608047, random), QStringLiteral("0ujtsYsBGWzXN39X88ELm8fD1gh"));
    QCOMPARE(ids::ksuid(1507608048, random), QStringLiteral("0ujtsd3bWKrQQyf233SsrOhe6S4"));
    QCOMPARE(QDateTime::fromSecsSinceEpoch(1507608047, Qt::UTC).toString(Qt::ISODate),
             QStringLiteral("2017-10-10T04:00:47Z"));
}

void TestIds::ulidVectors_data()
{
    QTest::addColumn<qint64>("ms");
    QTest::addColumn<QByteArray>("random10");
    QTest::addColumn<QString>("text");

    QTest::newRow("spec time, zero random")
        << qint64(1469918176385) << fill(10, '\0') << QStringLiteral("01ARYZ6S410000000000000000");
    QTest::newRow("largest") << ids::kUlidMaxMs << fill(10, '\xFF')
                             << QStringLiteral("7ZZZZZZZZZZZZZZZZZZZZZZZZZ");
    QTest::newRow("zero") << qint64(0) << fill(10, '\0')
                          << QStringLiteral("00000000000000000000000000");
    QTest::newRow("random all ones")
        << qint64(0) << fill(10, '\xFF') << QStringLiteral("0000000000ZZZZZZZZZZZZZZZZ");
    QTest::newRow("last bit") << qint64(0) << QByteArray::fromHex("00000000000000000001")
                              << QStringLiteral("00000000000000000000000001");
    QTest::newRow("1 ms") << qint64(1) << fill(10, '\0')
                          << QStringLiteral("00000000010000000000000000");
}

void TestIds::ulidVectors()
{
    QFETCH(qint64, ms);
    QFETCH(QByteArray, random10);
    QFETCH(QString, text);

    QCOMPARE(ids::ulidFromParts(ms, random10), text);
    QCOMPARE(ids::ulidTime(text), std::optional<qint64>(ms));
    QCOMPARE(ids::ulidTime(text.toLower()), std::optional<qint64>(ms)); // case-insensitive
    const auto raw = ids::ulidToRaw(text);
    QVERIFY(raw);
    QCOMPARE(raw->mid(6), random10);
    QCOMPARE(ids::ulidToRaw(text.toLower()), raw);
}

void TestIds::ulidRejects_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("empty") << QString();
    QTest::newRow("25 characters") << QStringLiteral("01ARYZ6S41000000000000000");
    QTest::newRow("27 characters") << QStringLiteral("01ARYZ6S41000000000000000000");
    QTest::newRow("overflow 8") << QStringLiteral("80000000000000000000000000");
    QTest::newRow("overflow Z") << QStringLiteral("Z0000000000000000000000000");
    QTest::newRow("I is not Crockford") << QStringLiteral("01ARYZ6S4I0000000000000000");
    QTest::newRow("L is not Crockford") << QStringLiteral("01ARYZ6S4L0000000000000000");
    QTest::newRow("O is not Crockford") << QStringLiteral("01ARYZ6S4O0000000000000000");
    QTest::newRow("U is not Crockford") << QStringLiteral("01ARYZ6S4U0000000000000000");
    QTest::newRow("hyphen") << QStringLiteral("01ARYZ6S4-0000000000000000");
}

void TestIds::ulidRejects()
{
    QFETCH(QString, text);
    QVERIFY(!ids::ulidToRaw(text));
    QVERIFY(!ids::ulidTime(text));
}

void TestIds::ulidRoundTripAndOrder()
{
    Random random(77);
    QByteArray previousRaw;
    QString previousText;
    for (int i = 0; i < 2000; ++i) {
        const qint64 ms = random.range(0, ids::kUlidMaxMs);
        const QByteArray random10 = ids::randomBytes(random, 10);
        const QString text = ids::ulidFromParts(ms, random10);
        QCOMPARE(text.size(), 26);
        QCOMPARE(ids::ulidTime(text), std::optional<qint64>(ms));
        const auto raw = ids::ulidToRaw(text);
        QVERIFY(raw);
        QCOMPARE(raw->mid(6), random10);
        if (i > 0) {
            const int rawOrder = std::memcmp(raw->constData(), previousRaw.constData(), 16);
            QCOMPARE(byteOrder(text, previousText), (rawOrder > 0) - (rawOrder < 0));
        }
        previousRaw = *raw;
        previousText = text;
    }
}

void TestIds::ulidSortsByTime()
{
    Random random(9);
    QString previous;
    for (qint64 ms = 1700000000000; ms < 1700000000000 + 1000; ++ms) {
        const QString id = ids::ulid(ms, random);
        if (!previous.isEmpty())
            QVERIFY2(byteOrder(previous, id) < 0,
                     qPrintable(previous + QLatin1String(" !< ") + id));
        previous = id;
    }
}

void TestIds::ulidIncrement_data()
{
    QTest::addColumn<QByteArray>("before");
    QTest::addColumn<QByteArray>("after");
    QTest::addColumn<bool>("ok");
    QTest::newRow("plain") << QByteArray::fromHex("00000000000000000000")
                           << QByteArray::fromHex("00000000000000000001") << true;
    QTest::newRow("carry") << QByteArray::fromHex("0000000000000000FFFF")
                           << QByteArray::fromHex("00000000000000010000") << true;
    QTest::newRow("overflow") << fill(10, '\xFF') << fill(10, '\0') << false;
}

void TestIds::ulidIncrement()
{
    QFETCH(QByteArray, before);
    QFETCH(QByteArray, after);
    QFETCH(bool, ok);
    QCOMPARE(ids::ulidIncrement(before), ok);
    QCOMPARE(before, after);
}

void TestIds::ulidSeeded()
{
    Random random(42);
    QCOMPARE(ids::ulid(1469918176385, random), QStringLiteral("01ARYZ6S41QQBK49HFXDQ9AA7F"));
    QCOMPARE(ids::ulid(1469918176386, random), QStringLiteral("01ARYZ6S428X96ENRK1YFN4P0W"));
}

void TestIds::lowercaseUlidSortsAfterUppercase()
{
    // Same decoded value, different bytes: 'a'-'z' (0x61-0x7A) sort after '0'-'9' and 'A'-'Z'.
    const QString earlier = QStringLiteral("01ARYZ6S410000000000000000");
    const QString later = QStringLiteral("01BX5ZZKBK0000000000000000");
    QVERIFY(*ids::ulidTime(earlier) < *ids::ulidTime(later));
    QVERIFY(byteOrder(earlier, later) < 0);
    QVERIFY(byteOrder(earlier.toLower(), later) > 0); // the earlier id now sorts last
    QCOMPARE(ids::ulidTime(earlier.toLower()), ids::ulidTime(earlier));

    // Ids made within one second share their time prefix ("01HF7YAT" for November 2023), and
    // it holds letters: lowercase the odd ones and every one of them sorts after every
    // uppercase one, whatever their times.
    Random random(3);
    QStringList upper;
    QStringList lower;
    for (int i = 0; i < 200; ++i) {
        const QString id = ids::ulid(1700000000000 + i, random);
        QVERIFY(id.startsWith(QLatin1String("01HF7YAT")));
        (i % 2 ? lower : upper).append(i % 2 ? id.toLower() : id);
    }
    for (const QString &l : lower) {
        for (const QString &u : upper)
            QVERIFY2(byteOrder(u, l) < 0, qPrintable(u + QLatin1String(" vs ") + l));
    }
}

void TestIds::uuid4Format()
{
    static const QRegularExpression shape(
        QStringLiteral("^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$"));
    Random random(11);
    QSet<QString> seen;
    for (int i = 0; i < 1000; ++i) {
        const QString id = ids::uuid4(random);
        QVERIFY2(shape.match(id).hasMatch(), qPrintable(id));
        const QUuid parsed(id);
        QCOMPARE(parsed.version(), QUuid::Random);
        QCOMPARE(parsed.variant(), QUuid::DCE);
        QCOMPARE(parsed.toString(QUuid::WithoutBraces), id);
        seen.insert(id);
    }
    QCOMPARE(seen.size(), 1000);
}

void TestIds::uuid4Seeded()
{
    Random random(42);
    QCOMPARE(ids::uuid4(random), QStringLiteral("bdd73226-2feb-4e95-a8ef-e333b266f103"));
    QCOMPARE(ids::uuid4(random), QStringLiteral("47526757-130f-4f52-981c-e1ff0e4ae394"));
    QCOMPARE(ids::uuid4(random), QStringLiteral("09bc585a-2448-43f2-9e44-31fa3c80db06"));
}

void TestIds::uuid4HasNoCreationOrder()
{
    // Seed 42: the second uuid4 made sorts before the first one.
    Random random(42);
    const QString first = ids::uuid4(random);
    const QString second = ids::uuid4(random);
    QVERIFY(byteOrder(second, first) < 0);

    // And over many ids, creation order and byte order disagree about half the time.
    Random more(42);
    QString previous = ids::uuid4(more);
    int inversions = 0;
    for (int i = 0; i < 1000; ++i) {
        const QString id = ids::uuid4(more);
        inversions += byteOrder(id, previous) < 0;
        previous = id;
    }
    QVERIFY2(inversions > 400 && inversions < 600, qPrintable(QString::number(inversions)));
}

QTEST_GUILESS_MAIN(TestIds)
#include "tst_ids.moc"
