// Part classifier: which kind a key part's values are (from realistic samples, with outliers),
// the filters that write an inferred attribute back into the key exactly, the attribute value
// an item holds, the inferred generator, and the round trip generate -> render -> classify.

#include "model/design/ids.h"
#include "model/design/keytemplate.h"
#include "model/design/recovery/partclassifier.h"
#include "model/design/valuegenerator.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QElapsedTimer>
#include <QLocale>
#include <QRegularExpression>
#include <QTest>
#include <QTimeZone>

using namespace keyscope::model;
using namespace keyscope::model::recovery;
using Kind = PartKind::Kind;

Q_DECLARE_METATYPE(keyscope::model::recovery::PartKind::Kind)

namespace {

std::vector<QString> toVector(const QStringList &list)
{
    return std::vector<QString>(list.begin(), list.end());
}

qint64 utcMs(int y, int mo, int d, int h = 0, int mi = 0, int s = 0)
{
    return QDateTime(QDate(y, mo, d), QTime(h, mi, s), QTimeZone::utc()).toMSecsSinceEpoch();
}

// `count` instants from `startMs` every `stepMs`, written in a Qt pattern (English, UTC).
QStringList instants(int count, qint64 startMs, qint64 stepMs, const QString &pattern)
{
    QStringList out;
    for (int i = 0; i < count; ++i)
        out << QLocale::c().toString(
            QDateTime::fromMSecsSinceEpoch(startMs + i * stepMs, QTimeZone::utc()), pattern);
    return out;
}

QStringList isoZ(int count)
{
    return instants(count, utcMs(2023, 7, 10, 14, 48), 3600 * 1000 + 17000,
                    QStringLiteral("yyyy-MM-dd'T'HH:mm:ss'Z'"));
}

QStringList numbers(int from, int count, int width = 0, int step = 1)
{
    QStringList out;
    for (int i = 0; i < count; ++i)
        out << QStringLiteral("%1").arg(from + i * step, width, 10, QLatin1Char('0'));
    return out;
}

QStringList uuids(int count, QChar version)
{
    Random random(7);
    QStringList out;
    for (int i = 0; i < count; ++i) {
        QString u = ids::uuid4(random);
        u[14] = version;
        out << u;
    }
    return out;
}

QStringList ksuids(int count)
{
    Random random(3);
    QStringList out;
    for (int i = 0; i < count; ++i)
        out << ids::ksuid(1700000000 + i * 60, random);
    return out;
}

QStringList ulids(int count)
{
    Random random(5);
    QStringList out;
    for (int i = 0; i < count; ++i)
        out << ids::ulid(1700000000000 + i * 1234, random);
    return out;
}

QStringList hexes(int count)
{
    QStringList out;
    for (int i = 0; i < count; ++i)
        out << QString::fromLatin1(
            QCryptographicHash::hash(QByteArray::number(i), QCryptographicHash::Md5).toHex());
    return out;
}

QStringList uppered(QStringList list)
{
    for (QString &s : list)
        s = s.toUpper();
    return list;
}

QStringList lowered(QStringList list)
{
    for (QString &s : list)
        s = s.toLower();
    return list;
}

QStringList surnames()
{
    return {"Smith", "Dean",  "DeBrie", "Dern",   "Johnson", "Garcia", "McDonald", "Lee",
            "Brown", "Ng",    "Okafor", "Taylor", "Moore",   "Young",  "King",     "Hill",
            "Scott", "Adams", "Baker",  "Clark",  "Evans",   "Ford",   "Gray"};
}

QStringList epochMillis(int count)
{
    QStringList out;
    for (int i = 0; i < count; ++i)
        out << QString::number(utcMs(2024, 1, 1) + 123 + i * 60001LL);
    return out;
}

// Product codes of one shape, more than a choice holds.
QStringList codes()
{
    QStringList out;
    for (int i = 0; i < 30; ++i)
        out << QStringLiteral("SKU-%1X").arg(1000 + i * 7);
    return out;
}

// Email-like text of one shape ('#' is escaped in the pattern).
QStringList longText()
{
    QStringList out;
    for (int i = 0; i < 30; ++i)
        out << QStringLiteral("user%1#x@example.com").arg(100 + i);
    return out;
}

// What matters about a kind beyond its name, as one comparable line.
QString detailOf(const PartKind &k)
{
    switch (k.kind) {
    case Kind::Constant:
        return k.constant;
    case Kind::PaddedInteger:
        return QStringLiteral("width %1").arg(k.width);
    case Kind::Hex:
        return QStringLiteral("width %1 case %2").arg(k.width).arg(int(k.letterCase));
    case Kind::DisplayDate:
        return k.format;
    case Kind::IsoDateTime: {
        QStringList widths;
        for (int w : k.fractionWidths)
            widths << QString::number(w);
        return QStringLiteral("zone '%1' hasZone %2 mixed %3 fractions [%4] format '%5'")
            .arg(k.zone)
            .arg(k.hasZone)
            .arg(k.mixedZones)
            .arg(widths.join(u','), k.format);
    }
    case Kind::Uuid:
        return QStringLiteral("v%1 case %2").arg(k.uuidVersion).arg(int(k.letterCase));
    case Kind::Ulid:
        return QStringLiteral("case %1").arg(int(k.letterCase));
    default:
        return {};
    }
}

QString textOf(const AttributeValue &value)
{
    return value.type() == AttributeValue::Type::N ? value.asNumber().toString() : value.asString();
}

// Renders `{X<filters>}` with X = input.
std::optional<QString> render(const QString &filters, const TemplateInput &input)
{
    auto parsed = KeyTemplate::parse(QStringLiteral("{X") + filters + u'}');
    if (const auto *error = std::get_if<TemplateError>(&parsed)) {
        qWarning() << "template error" << error->message;
        return std::nullopt;
    }
    const auto result = std::get<KeyTemplate>(parsed).render(
        [&](const QString &) -> std::optional<TemplateInput> { return input; }, false);
    if (const auto *error = std::get_if<TemplateError>(&result)) {
        qWarning() << "render error" << error->message;
        return std::nullopt;
    }
    return textOf(std::get<KeyTemplate::Rendered>(result).value);
}

// Sample sets used by several tests: name, values.
struct Sample
{
    const char *name;
    QStringList values;
};

std::vector<Sample> samples()
{
    return {
        {"integers", numbers(1, 40)},
        {"padded integers", numbers(1, 40, 5, 7)},
        {"signed numbers", {"-3.5", "12", "0.25", "-7", "-12", "-0.5", "3"}},
        {"iso Z", isoZ(20)},
        {"iso no zone",
         instants(20, utcMs(2024, 2, 28, 23), 3600000, QStringLiteral("yyyy-MM-ddTHH:mm:ss"))},
        {"iso no zone, space",
         instants(20, utcMs(2024, 2, 28, 23), 60000, QStringLiteral("yyyy-MM-dd HH:mm"))},
        {"iso Z milliseconds",
         instants(20, utcMs(2023, 1, 1) + 250, 1500, QStringLiteral("yyyy-MM-ddTHH:mm:ss.zzz'Z'"))},
        {"iso offset",
         instants(20, utcMs(2023, 1, 1), 1000, QStringLiteral("yyyy-MM-ddTHH:mm:ss'+02:00'"))},
        {"iso date", instants(25, utcMs(2021, 12, 20), 86400000, QStringLiteral("yyyy-MM-dd"))},
        {"display MMM d, yyyy",
         instants(30, utcMs(1988, 5, 26), 86400000 * 11LL, QStringLiteral("MMM d, yyyy"))},
        {"display dd/MM/yyyy",
         instants(30, utcMs(2025, 8, 1), 86400000 * 3LL, QStringLiteral("dd/MM/yyyy"))},
        {"display yyyyMMdd",
         instants(30, utcMs(2025, 8, 1), 86400000 * 3LL, QStringLiteral("yyyyMMdd"))},
        {"epoch seconds", numbers(1688999280, 30, 0, 3600)},
        {"epoch millis", epochMillis(30)},
        {"uuid v4", uuids(20, u'4')},
        {"uuid uppercase", uppered(uuids(20, u'4'))},
        {"uuid v7", uuids(20, u'7')},
        {"uuid v1", uuids(20, u'1')},
        {"ksuid", ksuids(20)},
        {"ulid", ulids(20)},
        {"ulid lowercase", lowered(ulids(20))},
        {"hex", hexes(30)},
        {"hex uppercase", uppered(hexes(30))},
        {"short hex",
         hexes(30).replaceInStrings(QRegularExpression(QStringLiteral("^(.{8}).*")),
                                    QStringLiteral("\\1"))},
        {"upper text", {"ACTIVE", "PENDING", "SHIPPED", "CANCELLED", "ACTIVE", "RETURNED"}},
        {"lower text", {"active", "pending", "shipped", "on-hold", "active"}},
        {"surnames", surnames()},
        {"text", {"a@example.com", "bo@example.org", "c.d@example.net", "e#1"}},
        {"constant", {"META", "META", "META"}},
        {"codes", codes()},
        {"long text", longText()},
    };
}

} // namespace

class TestPartClassifier : public QObject
{
    Q_OBJECT

private slots:
    void classify_data();
    void classify();
    void outliers_data();
    void outliers();
    void zones_data();
    void zones();
    void orderAndDistinct();
    void describe_data();
    void describe();
    void templateFilters_data();
    void templateFilters();
    void writesBack_data();
    void writesBack();
    void attributeValue_data();
    void attributeValue();
    void inferred_data();
    void inferred();
    void roundTrip_data();
    void roundTrip();
    void million();
};

void TestPartClassifier::classify_data()
{
    QTest::addColumn<QStringList>("values");
    QTest::addColumn<Kind>("kind");
    QTest::addColumn<QString>("detail");

    QTest::newRow("constant") << QStringList {"PROFILE", "PROFILE", "PROFILE"} << Kind::Constant
                              << "PROFILE";
    QTest::newRow("integers") << numbers(1, 25) << Kind::Integer << "";
    QTest::newRow("padded") << numbers(1, 30, 5) << Kind::PaddedInteger << "width 5";
    QTest::newRow("one width, no leading zero: integer")
        << numbers(10001, 20) << Kind::Integer << "";
    QTest::newRow("5-digit ids are not epochs") << numbers(10000, 20, 0, 37) << Kind::Integer << "";
    QTest::newRow("10-digit out of the epoch range")
        << numbers(900000000, 20, 0, 1) << Kind::Integer << ""; // 1998: before 2001
    QTest::newRow("epoch seconds") << numbers(1688999280, 30, 0, 3600) << Kind::EpochSeconds << "";
    QTest::newRow("epoch millis") << epochMillis(30) << Kind::EpochMillis << "";
    QTest::newRow("signed") << QStringList {"-3.5", "12", "0.25", "-7"} << Kind::SignedNumber << "";
    QTest::newRow("trailing zeros are text")
        << QStringList {"1.50", "2.00", "3.25"} << Kind::Text << "";
    QTest::newRow("iso Z")
        << isoZ(20) << Kind::IsoDateTime
        << "zone 'Z' hasZone 1 mixed 0 fractions [] format 'yyyy-MM-ddTHH:mm:ss'";
    QTest::newRow("iso date") << QStringList {"2025-08-21", "2025-08-22", "2024-02-29"}
                              << Kind::IsoDate << "";
    QTest::newRow("display MMM d, yyyy")
        << QStringList {"May 26, 1988", "Jan 1, 2020", "Dec 31, 1999"} << Kind::DisplayDate
        << "MMM d, yyyy";
    QTest::newRow("display MMMM d, yyyy")
        << QStringList {"May 26, 1988", "January 1, 2020", "December 31, 1999"} << Kind::DisplayDate
        << "MMMM d, yyyy";
    QTest::newRow("display d MMM yyyy") << QStringList {"26 May 1988", "1 Jan 2020", "31 Dec 1999"}
                                        << Kind::DisplayDate << "d MMM yyyy";
    QTest::newRow("display dd/MM/yyyy (a day past 12)")
        << QStringList {"21/08/2025", "03/04/2025", "30/12/2024"} << Kind::DisplayDate
        << "dd/MM/yyyy";
    QTest::newRow("display MM/dd/yyyy") << QStringList {"08/21/2025", "03/04/2025", "12/30/2024"}
                                        << Kind::DisplayDate << "MM/dd/yyyy";
    QTest::newRow("display M/d/yyyy")
        << QStringList {"8/21/2025", "3/4/2025", "12/30/2024"} << Kind::DisplayDate << "M/d/yyyy";
    QTest::newRow("display dd.MM.yyyy")
        << QStringList {"21.08.2025", "03.04.2025"} << Kind::DisplayDate << "dd.MM.yyyy";
    QTest::newRow("display yyyyMMdd")
        << QStringList {"20250821", "20250304", "20241230"} << Kind::DisplayDate << "yyyyMMdd";
    QTest::newRow("8 digits that are not dates")
        << QStringList {"10000001", "10000002", "10000003"} << Kind::Integer << "";
    QTest::newRow("uuid v4") << uuids(10, u'4') << Kind::Uuid << "v4 case 2";
    QTest::newRow("uuid v1") << uuids(10, u'1') << Kind::Uuid << "v1 case 2";
    QTest::newRow("uuid v7") << uuids(10, u'7') << Kind::Uuid << "v7 case 2";
    QTest::newRow("uuid mixed versions")
        << (uuids(5, u'4') + uuids(5, u'7')) << Kind::Uuid << "v0 case 2";
    QTest::newRow("ksuid") << ksuids(20) << Kind::Ksuid << "";
    QTest::newRow("ulid") << ulids(20) << Kind::Ulid << "case 1";
    QTest::newRow("ulid lowercase") << lowered(ulids(20)) << Kind::Ulid << "case 2";
    QTest::newRow("hex") << hexes(20) << Kind::Hex << "width 32 case 2";
    QTest::newRow("hex uppercase") << uppered(hexes(20)) << Kind::Hex << "width 32 case 1";
    QTest::newRow("short hex") << QStringList {"9f86d081", "60303ae2", "fd61a031", "a4e2b7c0"}
                               << Kind::Hex << "width 8 case 2";
    QTest::newRow("hex-letter words stay words")
        << QStringList {"cafe", "face", "bead", "fade"} << Kind::LowerText << "";
    QTest::newRow("upper") << QStringList {"ACTIVE", "ON_HOLD", "SHIPPED 2"} << Kind::UpperText
                           << "";
    QTest::newRow("lower") << QStringList {"active", "on-hold", "shipped"} << Kind::LowerText << "";
    QTest::newRow("mixed across values")
        << QStringList {"Dean", "DeBrie", "smith"} << Kind::MixedText << "";
    QTest::newRow("names with apostrophes")
        << surnames() + QStringList {"O'Neil", "d'Arcy"} << Kind::MixedText << "";
    QTest::newRow("text") << QStringList {"a@example.com", "b@example.org"} << Kind::Text << "";
    QTest::newRow("too many misfits: text")
        << (numbers(1, 15) + QStringList {"n/a", "n/a", "-", "?", "tbd"}) << Kind::Text << "";
}

void TestPartClassifier::classify()
{
    QFETCH(QStringList, values);
    QFETCH(Kind, kind);
    QFETCH(QString, detail);
    const PartKind found = classifyPart(toVector(values));
    QCOMPARE(found.kind, kind);
    QCOMPARE(detailOf(found), detail);
    QCOMPARE(found.outlierCount, 0);
}

void TestPartClassifier::outliers_data()
{
    QTest::addColumn<QStringList>("values");
    QTest::addColumn<Kind>("kind");
    QTest::addColumn<QList<qsizetype>>("outliers");
    QTest::addColumn<qsizetype>("count");

    QStringList stray = isoZ(20);
    stray[7] += u'\'';
    QTest::newRow("stray quote among timestamps")
        << stray << Kind::IsoDateTime << QList<qsizetype> {7} << qsizetype(1);

    QStringList dates
        = instants(30, utcMs(2024, 1, 1), 86400000 * 2LL, QStringLiteral("MMM d, yyyy"));
    dates[12] = QStringLiteral("Feb 30, 2024");
    QTest::newRow("one impossible date among 30")
        << dates << Kind::DisplayDate << QList<qsizetype> {12} << qsizetype(1);

    QStringList wide = numbers(1, 30, 5);
    wide[29] = QStringLiteral("123456"); // pad:5 writes a wider value as is
    QTest::newRow("a value wider than the padding")
        << wide << Kind::PaddedInteger << QList<qsizetype> {29} << qsizetype(1);

    QStringList many = numbers(1, 200);
    for (int i = 0; i < 15; ++i)
        many[i * 10] = QStringLiteral("n/a");
    QList<qsizetype> firstTen;
    for (int i = 0; i < 10; ++i)
        firstTen << i * 10;
    QTest::newRow("at most 10 kept, all counted")
        << many << Kind::Integer << firstTen << qsizetype(15);

    QStringList ids = ulids(20);
    ids[3] = QStringLiteral("pending");
    QTest::newRow("ulid with a placeholder value")
        << ids << Kind::Ulid << QList<qsizetype> {3} << qsizetype(1);
}

void TestPartClassifier::outliers()
{
    QFETCH(QStringList, values);
    QFETCH(Kind, kind);
    QFETCH(QList<qsizetype>, outliers);
    QFETCH(qsizetype, count);
    const PartKind found = classifyPart(toVector(values));
    QCOMPARE(found.kind, kind);
    QCOMPARE(QList<qsizetype>(found.outliers.begin(), found.outliers.end()), outliers);
    QCOMPARE(found.outlierCount, count);
    for (qsizetype at : outliers)
        QVERIFY(!attributeValueOf(found, values[at]).has_value());
}

void TestPartClassifier::zones_data()
{
    QTest::addColumn<QStringList>("values");
    QTest::addColumn<QString>("detail");
    QTest::addColumn<QString>("filters");

    QTest::newRow("Z") << isoZ(5)
                       << "zone 'Z' hasZone 1 mixed 0 fractions [] format 'yyyy-MM-ddTHH:mm:ss'"
                       << "|iso8601";
    QTest::newRow("no zone")
        << QStringList {"2023-07-10T14:48:00", "2023-07-11T09:00:05"}
        << "zone '' hasZone 0 mixed 0 fractions [] format 'yyyy-MM-ddTHH:mm:ss'"
        << "|format:yyyy-MM-ddTHH:mm:ss";
    QTest::newRow("no zone, minutes")
        << QStringList {"2023-07-10T14:48", "2023-07-11T09:00"}
        << "zone '' hasZone 0 mixed 0 fractions [] format 'yyyy-MM-ddTHH:mm'"
        << "|format:yyyy-MM-ddTHH:mm";
    QTest::newRow("some with a zone, some without")
        << QStringList {"2023-07-10T14:48:00Z", "2023-07-11T09:00:05"}
        << "zone '' hasZone 0 mixed 1 fractions [] format 'yyyy-MM-ddTHH:mm:ss'"
        << "";
    QTest::newRow("several offsets")
        << QStringList {"2023-07-10T14:48:00+02:00", "2023-07-11T09:00:05-05:00"}
        << "zone '' hasZone 1 mixed 1 fractions [] format 'yyyy-MM-ddTHH:mm:ss'"
        << "";
    QTest::newRow("one offset")
        << QStringList {"2023-07-10T14:48:00+02:00", "2023-07-11T09:00:05+02:00"}
        << "zone '+02:00' hasZone 1 mixed 0 fractions [] format 'yyyy-MM-ddTHH:mm:ss'"
        << "";
    QTest::newRow("milliseconds")
        << QStringList {"2023-07-10T14:48:00.250Z", "2023-07-11T09:00:05.000Z"}
        << "zone 'Z' hasZone 1 mixed 0 fractions [3] format 'yyyy-MM-ddTHH:mm:ss'"
        << "";
    QTest::newRow("with and without milliseconds")
        << QStringList {"2023-07-10T14:48:00.250Z", "2023-07-11T09:00:05Z"}
        << "zone 'Z' hasZone 1 mixed 0 fractions [0,3] format 'yyyy-MM-ddTHH:mm:ss'"
        << "";
    QTest::newRow("Z with a space: as written")
        << QStringList {"2023-07-10 14:48:00Z", "2023-07-11 09:00:05Z"}
        << "zone 'Z' hasZone 1 mixed 0 fractions [] format 'yyyy-MM-dd HH:mm:ss'"
        << "";
    QTest::newRow("microseconds")
        << QStringList {"2023-07-10T14:48:00.250123Z", "2023-07-11T09:00:05.1Z"}
        << "zone 'Z' hasZone 1 mixed 0 fractions [1,6] format 'yyyy-MM-ddTHH:mm:ss'"
        << "";
}

void TestPartClassifier::zones()
{
    QFETCH(QStringList, values);
    QFETCH(QString, detail);
    QFETCH(QString, filters);
    const PartKind found = classifyPart(toVector(values));
    QCOMPARE(found.kind, Kind::IsoDateTime);
    QCOMPARE(detailOf(found), detail);
    QCOMPARE(recovery::templateFilters(found), filters);
}

void TestPartClassifier::orderAndDistinct()
{
    // Integers by value, not as text ("100" < "9" as text).
    PartKind ints = classifyPart({"9", "100", "10", "10", "42"});
    QCOMPARE(ints.kind, Kind::Integer);
    QCOMPARE(ints.minText, QStringLiteral("9"));
    QCOMPARE(ints.maxText, QStringLiteral("100"));
    QCOMPARE(ints.distinct, 4);

    // Instants by time: 10:00+02:00 is 08:00Z, before 09:00Z.
    PartKind times = classifyPart({"2023-07-10T09:00:00Z", "2023-07-10T10:00:00+02:00"});
    QCOMPARE(times.minText, QStringLiteral("2023-07-10T10:00:00+02:00"));
    QCOMPARE(times.maxText, QStringLiteral("2023-07-10T09:00:00Z"));

    // Display dates by date, not by month name.
    PartKind dates = classifyPart({"Jan 5, 2024", "Dec 1, 2023", "Aug 30, 2024"});
    QCOMPARE(dates.minText, QStringLiteral("Dec 1, 2023"));
    QCOMPARE(dates.maxText, QStringLiteral("Aug 30, 2024"));

    PartKind signedNumbers = classifyPart({"-3.5", "12", "-10", "0.25"});
    QCOMPARE(signedNumbers.minText, QStringLiteral("-10"));
    QCOMPARE(signedNumbers.maxText, QStringLiteral("12"));

    PartKind words = classifyPart({"b", "a", "c", "a"});
    QCOMPARE(words.minText, QStringLiteral("a"));
    QCOMPARE(words.maxText, QStringLiteral("c"));
    QCOMPARE(words.distinct, 3);
}

void TestPartClassifier::describe_data()
{
    QTest::addColumn<QStringList>("values");
    QTest::addColumn<QString>("text");

    QTest::newRow("padded") << numbers(1, 20, 5) << "zero-padded integer (5 digits)";
    QTest::newRow("unpadded") << numbers(1, 20)
                              << "integer, not zero-padded: does not sort by value";
    QTest::newRow("no zone") << QStringList {"2023-07-10T14:48:00", "2023-07-11T09:00:05"}
                             << "ISO-8601 date and time without a time zone";
    QTest::newRow("Z") << isoZ(3) << "ISO-8601 date and time in UTC";
    QTest::newRow("mixed zones")
        << QStringList {"2023-07-10T14:48:00Z", "2023-07-11T09:00:05+02:00"}
        << "ISO-8601 date and time with mixed time zones: does not sort by time";
    QTest::newRow("display") << QStringList {"May 26, 1988", "Jan 1, 2020"}
                             << "display date (MMM d, yyyy): does not sort by time";
    QTest::newRow("display that sorts")
        << QStringList {"2025/08/21", "2024/01/02"} << "display date (yyyy/MM/dd)";
    QTest::newRow("uuid v4") << uuids(3, u'4')
                             << "UUID version 4 (random: no time order), lowercase";
    QTest::newRow("ulid") << ulids(3) << "ULID (sorts by creation time)";
    QTest::newRow("mixed") << QStringList {"Dean", "DeBrie"}
                           << "mixed-case text: uppercase sorts before lowercase ('DeBrie' < "
                              "'Dean')";
}

void TestPartClassifier::describe()
{
    QFETCH(QStringList, values);
    QFETCH(QString, text);
    QCOMPARE(classifyPart(toVector(values)).describe(), text);
}

void TestPartClassifier::templateFilters_data()
{
    QTest::addColumn<QStringList>("values");
    QTest::addColumn<QString>("filters");

    QTest::newRow("padded") << numbers(1, 20, 5) << "|pad:5";
    QTest::newRow("integer") << numbers(1, 20) << "";
    QTest::newRow("iso Z") << isoZ(3) << "|iso8601";
    QTest::newRow("iso date") << QStringList {"2025-08-21", "2024-02-29"} << "|date";
    QTest::newRow("display") << QStringList {"May 26, 1988", "Jan 1, 2020"}
                             << "|format:MMM d, yyyy";
    QTest::newRow("epoch") << numbers(1688999280, 5, 0, 60) << "|epoch";
    QTest::newRow("epochms") << epochMillis(5) << "|epochms";
    QTest::newRow("uuid") << uuids(3, u'4') << "";
    QTest::newRow("uppercase uuid") << uppered(uuids(3, u'4')) << "|upper";
    QTest::newRow("ulid") << ulids(3) << "";
    QTest::newRow("lowercase ulid") << lowered(ulids(3)) << "|lower";
    QTest::newRow("text") << QStringList {"a b", "c d"} << "";
}

void TestPartClassifier::templateFilters()
{
    QFETCH(QStringList, values);
    QFETCH(QString, filters);
    QCOMPARE(recovery::templateFilters(classifyPart(toVector(values))), filters);
}

// For every value: the attribute value it gives, rendered through the filters, is the value.
void TestPartClassifier::writesBack_data()
{
    QTest::addColumn<QStringList>("values");
    for (const Sample &s : samples())
        QTest::newRow(s.name) << s.values;
    QTest::newRow("mixed zones") << QStringList {"2023-07-10T14:48:00Z",
                                                 "2023-07-11T09:00:05+02:00"};
    QTest::newRow("Z with a space") << QStringList {"2023-07-10 14:48:00Z", "2023-07-11 09:00:05Z"};
    QTest::newRow("with and without milliseconds")
        << QStringList {"2023-07-10T14:48:00.250Z", "2023-07-11T09:00:05Z"};
    QTest::newRow("display with time") << instants(20, utcMs(2024, 3, 1, 9, 30), 3600000 * 7LL,
                                                   QStringLiteral("dd/MM/yyyy HH:mm"));
}

void TestPartClassifier::writesBack()
{
    QFETCH(QStringList, values);
    const PartKind kind = classifyPart(toVector(values));
    QCOMPARE(kind.outlierCount, 0);
    const QString filters = recovery::templateFilters(kind);
    for (const QString &v : values) {
        const auto value = attributeValueOf(kind, v);
        QVERIFY2(value, qPrintable(v));
        // As the checks read an item: the stored value, the instant parsed from it.
        const auto rendered = render(filters, TemplateInput {*value, std::nullopt});
        QVERIFY2(rendered, qPrintable(v));
        QCOMPARE(*rendered, v);
    }
}

void TestPartClassifier::attributeValue_data()
{
    QTest::addColumn<QStringList>("values");
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("isNumber");
    QTest::addColumn<QString>("expected"); // empty: no value (an outlier)

    QTest::newRow("padded") << numbers(1, 20, 5) << "00042" << true << "42";
    QTest::newRow("padded, wrong width") << numbers(1, 20, 5) << "042" << true << "";
    QTest::newRow("integer") << numbers(1, 20) << "17" << true << "17";
    QTest::newRow("signed") << QStringList {"-3.5", "12"} << "-0.25" << true << "-0.25";
    QTest::newRow("iso Z") << isoZ(3) << "2023-07-10T14:48:00Z" << false << "2023-07-10T14:48:00Z";
    QTest::newRow("iso no zone is read as UTC")
        << QStringList {"2023-07-10T14:48:00", "2023-07-11T09:00:05"} << "2023-07-10T14:48:00"
        << false << "2023-07-10T14:48:00Z";
    QTest::newRow("iso stray quote") << isoZ(3) << "2023-07-10T14:48:00Z'" << false << "";
    QTest::newRow("iso date") << QStringList {"2025-08-21", "2024-02-29"} << "2025-08-21" << false
                              << "2025-08-21T00:00:00Z";
    QTest::newRow("display") << QStringList {"May 26, 1988", "Jan 1, 2020"} << "May 26, 1988"
                             << false << "1988-05-26T00:00:00Z";
    QTest::newRow("display, impossible date")
        << QStringList {"May 26, 1988", "Jan 1, 2020"} << "Feb 30, 2020" << false << "";
    QTest::newRow("epoch") << numbers(1688999280, 5, 0, 60) << "1688999280" << false
                           << "2023-07-10T14:28:00Z";
    QTest::newRow("epochms") << epochMillis(5) << "1688999280250" << false
                             << "2023-07-10T14:28:00.250Z";
    QTest::newRow("offset kept as written")
        << QStringList {"2023-07-10T14:48:00+02:00", "2023-07-11T09:00:05+02:00"}
        << "2023-07-10T14:48:00+02:00" << false << "2023-07-10T14:48:00+02:00";
    QTest::newRow("text") << QStringList {"a b", "c d"} << "e f" << false << "e f";
    QTest::newRow("uuid, not a uuid") << uuids(3, u'4') << "nope" << false << "";
}

void TestPartClassifier::attributeValue()
{
    QFETCH(QStringList, values);
    QFETCH(QString, text);
    QFETCH(bool, isNumber);
    QFETCH(QString, expected);
    const auto value = attributeValueOf(classifyPart(toVector(values)), text);
    if (expected.isEmpty()) {
        QVERIFY(!value);
        return;
    }
    QVERIFY(value);
    QCOMPARE(value->type() == AttributeValue::Type::N, isNumber);
    QCOMPARE(textOf(*value), expected);
}

void TestPartClassifier::inferred_data()
{
    using G = GeneratorSpec::Kind;
    QTest::addColumn<QStringList>("values");
    QTest::addColumn<AttributeKind>("type");
    QTest::addColumn<G>("generator");
    QTest::addColumn<qint64>("start");   // start or min
    QTest::addColumn<qint64>("step");    // step or max
    QTest::addColumn<QString>("detail"); // choices, pattern or constant

    QTest::newRow("distinct integers: a sequence by the typical gap")
        << (numbers(100, 20, 0, 10) + QStringList {"5000"}) << AttributeKind::N << G::Sequence
        << qint64(100) << qint64(10) << "";
    QTest::newRow("repeated integers: a range")
        << QStringList {"3", "7", "3", "12"} << AttributeKind::N << G::IntegerRange << qint64(3)
        << qint64(12) << "";
    QTest::newRow("padded: a sequence from the smallest")
        << numbers(42, 20, 5) << AttributeKind::N << G::Sequence << qint64(42) << qint64(1) << "";
    QTest::newRow("signed: a range") << QStringList {"-3.5", "12", "0.25"} << AttributeKind::N
                                     << G::IntegerRange << qint64(-4) << qint64(12) << "";
    QTest::newRow("iso Z: timestamps spanning the sample")
        << QStringList {"2023-07-10T00:00:00Z", "2023-07-10T02:00:00Z", "2023-07-10T01:00:00Z"}
        << AttributeKind::Timestamp << G::Timestamp << utcMs(2023, 7, 10) << qint64(3600000) << "";
    QTest::newRow("iso date: whole days")
        << QStringList {"2025-01-01", "2025-01-11", "2025-01-06", "2025-01-08"}
        << AttributeKind::Timestamp << G::Timestamp << utcMs(2025, 1, 1) << qint64(86400000 * 3LL)
        << "";
    QTest::newRow("offsets are kept as text")
        << QStringList {"2023-07-10T00:00:00+02:00", "2023-07-10T01:00:00+02:00"}
        << AttributeKind::S << G::Timestamp << utcMs(2023, 7, 9, 22) << qint64(3600000) << "";
    QTest::newRow("epoch seconds") << numbers(1688999280, 3, 0, 60) << AttributeKind::Timestamp
                                   << G::Timestamp << qint64(1688999280000) << qint64(60000) << "";
    QTest::newRow("uuid") << uuids(30, u'4') << AttributeKind::S << G::Uuid4 << qint64(1)
                          << qint64(1) << "";
    QTest::newRow("uuid v7 as v4")
        << uuids(30, u'7') << AttributeKind::S << G::Uuid4 << qint64(1) << qint64(1) << "";
    QTest::newRow("ksuid") << ksuids(21) << AttributeKind::S << G::Ksuid << qint64(1700000000000)
                           << qint64(60000) << "";
    QTest::newRow("ulid") << ulids(21) << AttributeKind::S << G::Ulid << qint64(1700000000000)
                          << qint64(1234) << "";
    QTest::newRow("few values: a choice")
        << QStringList {"SHIPPED", "ACTIVE", "ACTIVE", "PENDING"} << AttributeKind::S << G::Choice
        << qint64(1) << qint64(1) << "ACTIVE,PENDING,SHIPPED";
    QTest::newRow("surnames") << surnames() << AttributeKind::S << G::Names << qint64(1)
                              << qint64(1) << "";
    QTest::newRow("fixed-shape codes: a pattern")
        << codes() << AttributeKind::S << G::Pattern << qint64(1) << qint64(1) << "AAA-####A";
    QTest::newRow("constant") << QStringList {"META", "META"} << AttributeKind::S << G::Constant
                              << qint64(1) << qint64(1) << "META";
}

void TestPartClassifier::inferred()
{
    using G = GeneratorSpec::Kind;
    QFETCH(QStringList, values);
    QFETCH(AttributeKind, type);
    QFETCH(G, generator);
    QFETCH(qint64, start);
    QFETCH(qint64, step);
    QFETCH(QString, detail);
    const auto v = toVector(values);
    const AttributeSpec spec = inferredAttribute(QStringLiteral("X"), classifyPart(v), v);
    QCOMPARE(spec.name, QStringLiteral("X"));
    QCOMPARE(spec.type, type);
    QCOMPARE(spec.generator.kind, generator);
    const GeneratorSpec &g = spec.generator;
    switch (generator) {
    case G::Sequence:
    case G::Timestamp:
    case G::Ksuid:
    case G::Ulid:
        QCOMPARE(g.start, start);
        QCOMPARE(g.step, step);
        break;
    case G::IntegerRange:
        QCOMPARE(g.min, start);
        QCOMPARE(g.max, step);
        break;
    case G::Choice:
        QCOMPARE(g.choices.join(u','), detail);
        break;
    case G::Pattern:
        QCOMPARE(g.pattern, detail);
        break;
    case G::Constant:
        QCOMPARE(g.constant, detail);
        break;
    default:
        break;
    }
    QVERIFY(std::holds_alternative<ValueGenerator>(ValueGenerator::create(spec)));
}

void TestPartClassifier::roundTrip_data()
{
    QTest::addColumn<QStringList>("values");
    QTest::addColumn<Kind>("kind");
    QTest::addColumn<QString>("detail");
    for (const Sample &s : samples()) {
        const PartKind k = classifyPart(toVector(s.values));
        PartKind expected = k;
        // Documented: the uuid4 generator stands in for every version.
        if (k.kind == Kind::Uuid)
            expected.uuidVersion = 4;
        // Documented: the generator writes instants in UTC.
        if (k.kind == Kind::IsoDateTime && !k.zone.isEmpty() && k.zone != u"Z")
            expected.zone = QStringLiteral("Z");
        QTest::newRow(s.name) << s.values << expected.kind << detailOf(expected);
    }
}

void TestPartClassifier::roundTrip()
{
    QFETCH(QStringList, values);
    QFETCH(Kind, kind);
    QFETCH(QString, detail);
    const auto sample = toVector(values);
    const PartKind classified = classifyPart(sample);
    const AttributeSpec spec = inferredAttribute(QStringLiteral("X"), classified, sample, 1000);
    auto created = ValueGenerator::create(spec);
    if (const auto *error = std::get_if<QString>(&created))
        QFAIL(qPrintable(*error));
    ValueGenerator generator = std::get<ValueGenerator>(std::move(created));
    const QString filters = recovery::templateFilters(classified);
    Random random(11);
    std::vector<QString> generated;
    for (int i = 0; i < 1000; ++i) {
        GenerationContext context;
        context.ordinal = context.ordinalInParent = i;
        context.nowMs = 1700000000000;
        const auto rendered = render(filters, generator.next(random, context));
        QVERIFY(rendered);
        generated.push_back(*rendered);
    }
    const PartKind again = classifyPart(generated);
    QCOMPARE(again.kind, kind);
    QCOMPARE(detailOf(again), detail);
    QCOMPARE(again.outlierCount, 0);
    // Instants span the sample: 1000 generated ones start at its first and end by its last.
    const auto instant = [](const PartKind &k, const QString &text) {
        const auto value = attributeValueOf(k, text);
        return value ? QDateTime::fromString(value->asString(), Qt::ISODateWithMs) : QDateTime();
    };
    if (kind == Kind::IsoDateTime || kind == Kind::IsoDate || kind == Kind::DisplayDate
        || kind == Kind::EpochSeconds || kind == Kind::EpochMillis) {
        QCOMPARE(instant(again, again.minText), instant(classified, classified.minText));
        // Unless the sample spans fewer than 1000 of the units its text shows (days for dates):
        // then the generator steps by one unit and runs past the sample's last instant.
        const qint64 span = instant(classified, classified.minText)
                                .msecsTo(instant(classified, classified.maxText));
        if (spec.generator.step * 999 <= span)
            QVERIFY(instant(again, again.maxText) <= instant(classified, classified.maxText));
        else
            QVERIFY(spec.generator.step == 1000 || spec.generator.step == 60000
                    || spec.generator.step == 86400000);
    }
}

void TestPartClassifier::million()
{
    const qsizetype n = 1000000;
    std::vector<QString> timestamps;
    std::vector<QString> padded;
    timestamps.reserve(n);
    padded.reserve(n);
    for (qsizetype i = 0; i < n; ++i) {
        timestamps.push_back(formatIsoInstant(1688999280000 + i * 1000, false));
        padded.push_back(QStringLiteral("%1").arg(i, 7, 10, QLatin1Char('0')));
    }
    QElapsedTimer timer;
    timer.start();
    const PartKind times = classifyPart(timestamps);
    const qint64 timesMs = timer.restart();
    const PartKind numbers = classifyPart(padded);
    const qint64 numbersMs = timer.restart();
    const AttributeSpec spec = inferredAttribute(QStringLiteral("X"), times, timestamps);
    const qint64 inferMs = timer.elapsed();
    qInfo("classified 1,000,000 ISO timestamps in %lld ms, 1,000,000 padded integers in %lld ms; "
          "inferred the timestamp attribute in %lld ms",
          timesMs, numbersMs, inferMs);
    QCOMPARE(times.kind, Kind::IsoDateTime);
    QCOMPARE(times.distinct, n);
    QCOMPARE(numbers.kind, Kind::PaddedInteger);
    QCOMPARE(numbers.width, 7);
    QCOMPARE(spec.generator.kind, GeneratorSpec::Kind::Timestamp);
    QCOMPARE(spec.generator.step, 1000);
}

QTEST_GUILESS_MAIN(TestPartClassifier)
#include "tst_partclassifier.moc"
