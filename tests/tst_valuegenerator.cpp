// Value generators: every create() error, every kind's output for a fixed seed (exact where
// stable by construction, properties otherwise), timestamp formatting and precision, ids that
// sort by population order, ULID monotonicity, determinism.

#include "model/design/ids.h"
#include "model/design/valuegenerator.h"

#include <QDateTime>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

#include <cstring>

using namespace keyscope::model;
using Kind = GeneratorSpec::Kind;

Q_DECLARE_METATYPE(keyscope::model::AttributeSpec)

namespace {

AttributeSpec attribute(const QString &name, AttributeKind type, Kind kind)
{
    AttributeSpec spec;
    spec.name = name;
    spec.type = type;
    spec.generator.kind = kind;
    return spec;
}

ValueGenerator make(const AttributeSpec &spec)
{
    auto created = ValueGenerator::create(spec);
    if (auto *error = std::get_if<QString>(&created))
        qFatal("unexpected generator error: %s", qPrintable(*error));
    return std::get<ValueGenerator>(std::move(created));
}

GenerationContext at(qint64 ordinal, qint64 nowMs = 0, qint64 ordinalInParent = 0)
{
    GenerationContext context;
    context.ordinal = ordinal;
    context.ordinalInParent = ordinalInParent;
    context.nowMs = nowMs;
    return context;
}

// The values of ordinals 0..count-1, one Random for the run.
QList<TemplateInput> run(const AttributeSpec &spec, quint64 seed, int count, qint64 nowMs = 0)
{
    ValueGenerator generator = make(spec);
    Random random(seed);
    QList<TemplateInput> values;
    for (int i = 0; i < count; ++i)
        values.append(generator.next(random, at(i, nowMs)));
    return values;
}

QString text(const TemplateInput &input)
{
    switch (input.value.type()) {
    case AttributeValue::Type::N:
        return input.value.asNumber().toString();
    case AttributeValue::Type::Bool:
        return input.value.asBool() ? QStringLiteral("true") : QStringLiteral("false");
    case AttributeValue::Type::B:
        return QString::fromLatin1(input.value.bytes().toHex());
    default:
        return input.value.asString();
    }
}

int byteOrder(const QByteArray &a, const QByteArray &b)
{
    const int c = std::memcmp(a.constData(), b.constData(), size_t(std::min(a.size(), b.size())));
    if (c != 0)
        return c < 0 ? -1 : 1;
    return a.size() == b.size() ? 0 : (a.size() < b.size() ? -1 : 1);
}

} // namespace

class TestValueGenerator : public QObject
{
    Q_OBJECT

private slots:
    void createErrors_data();
    void createErrors();

    void constant_data();
    void constant();
    void sequence();
    void integerRange();
    void choice();
    void names();
    void timestampSteps_data();
    void timestampSteps();
    void timestampRandom();
    void timestampFromTexts();
    void isoFormatting_data();
    void isoFormatting();
    void isoFormattingMatchesQt();
    void uuid4();
    void ksuidTimes();
    void ulidTimesAndMonotonicity();
    void ulidFreshRandomWhenTimeMoves();
    void pattern();
    void determinism_data();
    void determinism();
};

void TestValueGenerator::createErrors_data()
{
    QTest::addColumn<AttributeSpec>("spec");
    QTest::addColumn<QString>("error");

    QTest::newRow("uuid4 on N") << attribute("Id", AttributeKind::N, Kind::Uuid4)
                                << "a uuid4 generator makes strings; attribute 'Id' is N";
    QTest::newRow("ksuid on B") << attribute("Id", AttributeKind::B, Kind::Ksuid)
                                << "a ksuid generator makes strings; attribute 'Id' is B";
    QTest::newRow("ulid on BOOL") << attribute("Done", AttributeKind::Bool, Kind::Ulid)
                                  << "a ulid generator makes strings; attribute 'Done' is BOOL";
    QTest::newRow("names on N") << attribute("Name", AttributeKind::N, Kind::Names)
                                << "a names generator makes strings; attribute 'Name' is N";
    QTest::newRow("pattern on timestamp")
        << attribute("At", AttributeKind::Timestamp, Kind::Pattern)
        << "a pattern generator makes strings; attribute 'At' is timestamp; use a timestamp "
           "generator (start and step, or random between min and max)";
    QTest::newRow("sequence on B") << attribute("Blob", AttributeKind::B, Kind::Sequence)
                                   << "a sequence generator makes numbers; attribute 'Blob' is B";
    QTest::newRow("integerRange on BOOL")
        << attribute("Flag", AttributeKind::Bool, Kind::IntegerRange)
        << "an integerRange generator makes numbers; attribute 'Flag' is BOOL";
    QTest::newRow("sequence on timestamp")
        << attribute("At", AttributeKind::Timestamp, Kind::Sequence)
        << "a sequence generator makes numbers; attribute 'At' is timestamp; use a timestamp "
           "generator (start and step, or random between min and max)";
    QTest::newRow("timestamp on B")
        << attribute("Blob", AttributeKind::B, Kind::Timestamp)
        << "a timestamp generator makes instants; attribute 'Blob' is B";

    auto range = attribute("Score", AttributeKind::N, Kind::IntegerRange);
    range.generator.min = 10;
    range.generator.max = 3;
    QTest::newRow("integerRange min > max")
        << range << "integerRange needs min <= max (got min 10, max 3)";

    QTest::newRow("choice empty") << attribute("Status", AttributeKind::S, Kind::Choice)
                                  << "choice needs at least one value";
    auto choiceN = attribute("Price", AttributeKind::N, Kind::Choice);
    choiceN.generator.choices = {"1.5", "abc"};
    QTest::newRow("choice not a number")
        << choiceN
        << "choice 2 ('abc') for N attribute 'Price' is not a number: The parameter cannot be "
           "converted to a numeric value: abc";
    auto choiceBool = attribute("Active", AttributeKind::Bool, Kind::Choice);
    choiceBool.generator.choices = {"true", "True"};
    QTest::newRow("choice BOOL")
        << choiceBool << "choice 2 ('True') for BOOL attribute 'Active' must be true or false";

    auto constantN = attribute("Count", AttributeKind::N, Kind::Constant);
    constantN.generator.constant = "ten";
    QTest::newRow("constant not a number")
        << constantN
        << "constant 'ten' for N attribute 'Count' is not a number: The parameter cannot be "
           "converted to a numeric value: ten";
    auto constantBig = attribute("Count", AttributeKind::N, Kind::Constant);
    constantBig.generator.constant = "1E126";
    QTest::newRow("constant overflow")
        << constantBig
        << "constant '1E126' for N attribute 'Count' is not a number: Number overflow. Attempting "
           "to store a number with magnitude larger than supported range";
    auto constantBool = attribute("Active", AttributeKind::Bool, Kind::Constant);
    constantBool.generator.constant = "yes";
    QTest::newRow("constant BOOL")
        << constantBool << "constant 'yes' for BOOL attribute 'Active' must be true or false";
    auto constantB = attribute("Blob", AttributeKind::B, Kind::Constant);
    constantB.generator.constant = "not base64!";
    QTest::newRow("constant B")
        << constantB
        << "constant 'not base64!' for B attribute 'Blob' is not base64 (B values are written in "
           "base64, like DynamoDB JSON: 'AAE=' is the bytes 00 01)";
    auto constantTs = attribute("At", AttributeKind::Timestamp, Kind::Constant);
    constantTs.generator.constant = "2023-07-10T14:48:00";
    QTest::newRow("timestamp without zone")
        << constantTs
        << "constant '2023-07-10T14:48:00' for timestamp attribute 'At' has no time zone; end it "
           "with Z (UTC) or an offset like +02:00";
    auto constantTsBad = attribute("At", AttributeKind::Timestamp, Kind::Constant);
    constantTsBad.generator.constant = "May 26, 1988";
    QTest::newRow("timestamp not ISO")
        << constantTsBad
        << "constant 'May 26, 1988' for timestamp attribute 'At' is not an ISO-8601 instant (write "
           "it like 2023-07-10T14:48:00Z)";

    QTest::newRow("pattern empty")
        << attribute("Code", AttributeKind::S, Kind::Pattern)
        << "pattern is empty; use '#' for a digit, 'A' for an uppercase letter, 'a' for a "
           "lowercase letter, '*' for a letter or digit";
    auto lone = attribute("Code", AttributeKind::S, Kind::Pattern);
    lone.generator.pattern = "AB-##\\";
    QTest::newRow("pattern lone backslash")
        << lone
        << "pattern 'AB-##\\' ends with a lone '\\' at column 6; write '\\\\' for a backslash";

    auto tsRandom = attribute("At", AttributeKind::Timestamp, Kind::Timestamp);
    tsRandom.generator.random = true;
    tsRandom.generator.min = 1688999280000;
    tsRandom.generator.max = 1688999279000;
    QTest::newRow("random timestamp min > max")
        << tsRandom
        << "a random timestamp needs min <= max (got min 1688999280000 (2023-07-10T14:28:00Z), "
           "max 1688999279000 (2023-07-10T14:27:59Z))";
    auto tsFar = attribute("At", AttributeKind::Timestamp, Kind::Timestamp);
    tsFar.generator.start = 253402300800000; // 10000-01-01
    QTest::newRow("timestamp start past 9999")
        << tsFar
        << "timestamp start 253402300800000 is outside the years 0000-9999; give milliseconds "
           "since 1970-01-01T00:00:00Z between -62167219200000 and 253402300799999";
    auto tsMaxFar = tsRandom;
    tsMaxFar.generator.min = 0;
    tsMaxFar.generator.max = 253402300800000;
    QTest::newRow("timestamp max past 9999")
        << tsMaxFar
        << "timestamp max 253402300800000 is outside the years 0000-9999; give milliseconds "
           "since 1970-01-01T00:00:00Z between -62167219200000 and 253402300799999";
    auto ksuidRandom = attribute("Id", AttributeKind::S, Kind::Ksuid);
    ksuidRandom.generator.random = true;
    ksuidRandom.generator.min = 5000;
    ksuidRandom.generator.max = 4000;
    QTest::newRow("ksuid random time min > max")
        << ksuidRandom
        << "a ksuid with a random time needs min <= max (got min 5000 (1970-01-01T00:00:05Z), max "
           "4000 (1970-01-01T00:00:04Z))";
}

void TestValueGenerator::createErrors()
{
    QFETCH(AttributeSpec, spec);
    QFETCH(QString, error);
    const auto created = ValueGenerator::create(spec);
    QVERIFY2(std::holds_alternative<QString>(created), "expected an error");
    QCOMPARE(std::get<QString>(created), error);
}

void TestValueGenerator::constant_data()
{
    QTest::addColumn<int>("type");
    QTest::addColumn<QString>("constant");
    QTest::addColumn<int>("valueType");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<qint64>("instantMs"); // -1: none

    using T = AttributeValue::Type;
    QTest::newRow("S") << int(AttributeKind::S) << "ORG#MCDONALDS" << int(T::S) << "ORG#MCDONALDS"
                       << qint64(-1);
    QTest::newRow("S empty") << int(AttributeKind::S) << "" << int(T::S) << "" << qint64(-1);
    QTest::newRow("N canonical") << int(AttributeKind::N) << "0100.50" << int(T::N) << "100.5"
                                 << qint64(-1);
    QTest::newRow("N exponent") << int(AttributeKind::N) << "1.5E2" << int(T::N) << "150"
                                << qint64(-1);
    QTest::newRow("BOOL true") << int(AttributeKind::Bool) << "true" << int(T::Bool) << "true"
                               << qint64(-1);
    QTest::newRow("BOOL false") << int(AttributeKind::Bool) << "false" << int(T::Bool) << "false"
                                << qint64(-1);
    QTest::newRow("B base64") << int(AttributeKind::B) << "AAE=" << int(T::B) << "0001"
                              << qint64(-1);
    QTest::newRow("timestamp Z") << int(AttributeKind::Timestamp) << "2023-07-10T14:48:00Z"
                                 << int(T::S) << "2023-07-10T14:48:00Z" << qint64(1689000480000);
    QTest::newRow("timestamp offset to UTC")
        << int(AttributeKind::Timestamp) << "2023-07-10T16:48:00+02:00" << int(T::S)
        << "2023-07-10T14:48:00Z" << qint64(1689000480000);
    QTest::newRow("timestamp with ms")
        << int(AttributeKind::Timestamp) << "2023-07-10T14:48:00.250Z" << int(T::S)
        << "2023-07-10T14:48:00.250Z" << qint64(1689000480250);
    QTest::newRow("timestamp date only")
        << int(AttributeKind::Timestamp) << "1988-05-26" << int(T::S) << "1988-05-26T00:00:00Z"
        << qint64(580608000000);
}

void TestValueGenerator::constant()
{
    QFETCH(int, type);
    QFETCH(QString, constant);
    QFETCH(int, valueType);
    QFETCH(QString, expected);
    QFETCH(qint64, instantMs);

    auto spec = attribute("A", AttributeKind(type), Kind::Constant);
    spec.generator.constant = constant;
    const auto values = run(spec, 1, 3);
    for (const TemplateInput &value : values) {
        QCOMPARE(int(value.value.type()), valueType);
        QCOMPARE(text(value), expected);
        QCOMPARE(value.instantMs.value_or(-1), instantMs);
    }
}

void TestValueGenerator::sequence()
{
    auto spec = attribute("ReadingId", AttributeKind::N, Kind::Sequence);
    spec.generator.start = 10;
    spec.generator.step = 5;
    ValueGenerator generator = make(spec);
    Random random(1);
    QStringList got;
    for (int i = 0; i < 4; ++i)
        got << text(generator.next(random, at(i, 0, 100 + i)));
    QCOMPARE(got, QStringList({"10", "15", "20", "25"}));
    QCOMPARE(random.next(), Random(1).next()); // a sequence draws nothing

    // As text in an S attribute: not padded, which is what the padding check is about.
    spec.type = AttributeKind::S;
    const auto asText = run(spec, 1, 3);
    QCOMPARE(asText[2].value.type(), AttributeValue::Type::S);
    QCOMPARE(text(asText[2]), QStringLiteral("20"));

    // perParent counts from start again under each parent.
    spec.type = AttributeKind::N;
    spec.generator.start = 1;
    spec.generator.step = 1;
    spec.generator.perParent = true;
    ValueGenerator perParent = make(spec);
    QCOMPARE(text(perParent.next(random, at(57, 0, 0))), QStringLiteral("1"));
    QCOMPARE(text(perParent.next(random, at(58, 0, 1))), QStringLiteral("2"));
    QCOMPARE(text(perParent.next(random, at(59, 0, 0))), QStringLiteral("1"));

    // Descending steps and saturation instead of overflow.
    spec.generator.perParent = false;
    spec.generator.start = 0;
    spec.generator.step = -3;
    QCOMPARE(text(make(spec).next(random, at(4))), QStringLiteral("-12"));
    spec.generator.start = std::numeric_limits<qint64>::max() - 1;
    spec.generator.step = 1000;
    QCOMPARE(text(make(spec).next(random, at(5))),
             QString::number(std::numeric_limits<qint64>::max()));
}

void TestValueGenerator::integerRange()
{
    auto spec = attribute("Score", AttributeKind::N, Kind::IntegerRange);
    spec.generator.min = -3;
    spec.generator.max = 3;
    QSet<QString> seen;
    const auto values = run(spec, 7, 500);
    for (const TemplateInput &value : values) {
        QCOMPARE(value.value.type(), AttributeValue::Type::N);
        qint64 n = 0;
        QVERIFY(value.value.asNumber().toInt64(&n));
        QVERIFY(n >= -3 && n <= 3);
        seen.insert(text(value));
    }
    QCOMPARE(seen.size(), 7); // every value in range turns up

    // Exactly Random::range: min + next() % span.
    Random reference(7);
    QCOMPARE(text(values[0]), QString::number(reference.range(-3, 3)));
    QCOMPARE(text(values[1]), QString::number(reference.range(-3, 3)));

    spec.generator.min = spec.generator.max = 42;
    spec.type = AttributeKind::S;
    const auto single = run(spec, 7, 3);
    QCOMPARE(single[0].value.type(), AttributeValue::Type::S);
    QCOMPARE(text(single[2]), QStringLiteral("42"));
}

void TestValueGenerator::choice()
{
    auto spec = attribute("Status", AttributeKind::S, Kind::Choice);
    spec.generator.choices = {"OPEN", "CLOSED", "open"};
    QMap<QString, int> counts;
    for (const TemplateInput &value : run(spec, 3, 600))
        ++counts[text(value)];
    QCOMPARE(counts.keys(), QStringList({"CLOSED", "OPEN", "open"}));
    for (int count : counts)
        QVERIFY2(count > 150, qPrintable(QString::number(count))); // about 200 each

    auto numbers = attribute("Size", AttributeKind::N, Kind::Choice);
    numbers.generator.choices = {"10", "1e1", "010.0"}; // one value three ways
    for (const TemplateInput &value : run(numbers, 3, 20))
        QCOMPARE(text(value), QStringLiteral("10"));

    auto flags = attribute("Active", AttributeKind::Bool, Kind::Choice);
    flags.generator.choices = {"true", "false"};
    QSet<QString> seen;
    for (const TemplateInput &value : run(flags, 3, 50)) {
        QCOMPARE(value.value.type(), AttributeValue::Type::Bool);
        seen.insert(text(value));
    }
    QCOMPARE(seen.size(), 2);
}

void TestValueGenerator::names()
{
    const QStringList &list = builtinNames();
    QVERIFY2(list.size() >= 55 && list.size() <= 80, qPrintable(QString::number(list.size())));
    QCOMPARE(QSet<QString>(list.begin(), list.end()).size(), list.size()); // no duplicates
    for (const char *name : {"DeBrie", "Dean", "Dern", "VanDyke", "Vanbyke", "McDonald",
                             "MacAllister", "O'Neil", "deLuca", "van der Berg", "Smith"})
        QVERIFY2(list.contains(QString::fromUtf8(name)), name);

    // The reason the list has them: byte order is not alphabetical order.
    const QByteArray deBrie("DeBrie"), dean("Dean"), dern("Dern");
    QVERIFY(byteOrder(deBrie, dean) < 0 && byteOrder(dean, dern) < 0);
    QVERIFY(byteOrder("VanDyke", "Vanbyke") < 0);
    QVERIFY(byteOrder("deLuca", "Young") > 0);

    auto spec = attribute("LastName", AttributeKind::S, Kind::Names);
    QSet<QString> seen;
    for (const TemplateInput &value : run(spec, 11, 3000)) {
        QVERIFY(list.contains(value.value.asString()));
        seen.insert(value.value.asString());
    }
    QCOMPARE(seen.size(), list.size());
}

void TestValueGenerator::timestampSteps_data()
{
    QTest::addColumn<int>("type");
    QTest::addColumn<qint64>("start");
    QTest::addColumn<qint64>("step");
    QTest::addColumn<QStringList>("expected");

    // 1688999280000 = 2023-07-10T14:28:00Z
    QTest::newRow("minutes") << int(AttributeKind::Timestamp) << qint64(1688999280000)
                             << qint64(60000)
                             << QStringList {"2023-07-10T14:28:00Z", "2023-07-10T14:29:00Z",
                                             "2023-07-10T14:30:00Z"};
    QTest::newRow("S attribute") << int(AttributeKind::S) << qint64(1688999280000)
                                 << qint64(86400000)
                                 << QStringList {"2023-07-10T14:28:00Z", "2023-07-11T14:28:00Z",
                                                 "2023-07-12T14:28:00Z"};
    QTest::newRow("sub-second step keeps ms")
        << int(AttributeKind::Timestamp) << qint64(1688999280000) << qint64(250)
        << QStringList {"2023-07-10T14:28:00.000Z", "2023-07-10T14:28:00.250Z",
                        "2023-07-10T14:28:00.500Z"};
    QTest::newRow("backwards across a year")
        << int(AttributeKind::Timestamp) << qint64(1704067200000) << qint64(-1000)
        << QStringList {"2024-01-01T00:00:00Z", "2023-12-31T23:59:59Z", "2023-12-31T23:59:58Z"};
    QTest::newRow("N epoch seconds")
        << int(AttributeKind::N) << qint64(1688999280000) << qint64(60000)
        << QStringList {"1688999280", "1688999340", "1688999400"};
    QTest::newRow("N fractional seconds")
        << int(AttributeKind::N) << qint64(1688999280000) << qint64(250)
        << QStringList {"1688999280", "1688999280.25", "1688999280.5"};
    QTest::newRow("N before 1970") << int(AttributeKind::N) << qint64(-1500) << qint64(500)
                                   << QStringList {"-1.5", "-1", "-0.5"};
}

void TestValueGenerator::timestampSteps()
{
    QFETCH(int, type);
    QFETCH(qint64, start);
    QFETCH(qint64, step);
    QFETCH(QStringList, expected);

    auto spec = attribute("At", AttributeKind(type), Kind::Timestamp);
    spec.generator.start = start;
    spec.generator.step = step;
    const auto values = run(spec, 1, int(expected.size()));
    QStringList got;
    for (int i = 0; i < values.size(); ++i) {
        got << text(values[i]);
        QCOMPARE(values[i].instantMs, std::optional<qint64>(start + i * step));
        QCOMPARE(values[i].value.type(),
                 AttributeKind(type) == AttributeKind::N ? AttributeValue::Type::N
                                                         : AttributeValue::Type::S);
    }
    QCOMPARE(got, expected);
}

void TestValueGenerator::timestampRandom()
{
    static const QRegularExpression seconds(
        QStringLiteral("^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ$"));
    static const QRegularExpression millis(
        QStringLiteral("^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z$"));

    // Whole-second bounds: whole-second values, all in range, one format.
    auto spec = attribute("At", AttributeKind::Timestamp, Kind::Timestamp);
    spec.generator.random = true;
    spec.generator.min = 1672531200000; // 2023-01-01
    spec.generator.max = 1672531260000; // one minute later
    QSet<qint64> distinct;
    for (const TemplateInput &value : run(spec, 5, 400)) {
        const qint64 ms = *value.instantMs;
        QVERIFY(ms >= spec.generator.min && ms <= spec.generator.max);
        QCOMPARE(ms % 1000, 0);
        QVERIFY2(seconds.match(value.value.asString()).hasMatch(), qPrintable(text(value)));
        distinct.insert(ms);
    }
    QCOMPARE(distinct.size(), 61); // both ends reachable

    // A bound with milliseconds: every value carries milliseconds, so the format never mixes
    // ("...:00Z" would sort after "...:00.500Z" because 'Z' > '.').
    spec.generator.max = 1672531200999;
    for (const TemplateInput &value : run(spec, 5, 200)) {
        QVERIFY(*value.instantMs >= spec.generator.min && *value.instantMs <= spec.generator.max);
        QVERIFY2(millis.match(value.value.asString()).hasMatch(), qPrintable(text(value)));
    }

    // The text sorts like the instant (fixed width, fixed precision).
    const auto values = run(spec, 6, 300);
    for (int i = 1; i < values.size(); ++i) {
        const qint64 a = *values[i - 1].instantMs, b = *values[i].instantMs;
        QCOMPARE(byteOrder(values[i - 1].value.bytes(), values[i].value.bytes()),
                 (a > b) - (a < b));
    }
}

void TestValueGenerator::timestampFromTexts()
{
    // Choices of a timestamp attribute share one precision: one with ms makes all carry ms.
    auto spec = attribute("At", AttributeKind::Timestamp, Kind::Choice);
    spec.generator.choices = {"2023-07-10T14:48:00Z", "2023-07-10T14:48:00.500Z"};
    QSet<QString> seen;
    for (const TemplateInput &value : run(spec, 2, 40))
        seen.insert(text(value));
    QCOMPARE(seen, QSet<QString>({"2023-07-10T14:48:00.000Z", "2023-07-10T14:48:00.500Z"}));

    // An S attribute keeps texts exactly as typed: that is how a design shows mixed formats.
    auto raw = attribute("When", AttributeKind::S, Kind::Choice);
    raw.generator.choices = {"May 26, 1988", "2023-07-10T14:48:00+02:00"};
    seen.clear();
    for (const TemplateInput &value : run(raw, 2, 40)) {
        QVERIFY(!value.instantMs);
        seen.insert(text(value));
    }
    QCOMPARE(seen, QSet<QString>({"May 26, 1988", "2023-07-10T14:48:00+02:00"}));

    // A timestamp attribute read as N: epoch seconds.
    auto constantTs = attribute("At", AttributeKind::Timestamp, Kind::Constant);
    constantTs.generator.constant = "1970-01-01T00:00:01Z";
    QCOMPARE(*run(constantTs, 1, 1)[0].instantMs, qint64(1000));
}

void TestValueGenerator::isoFormatting_data()
{
    QTest::addColumn<qint64>("ms");
    QTest::addColumn<bool>("withMs");
    QTest::addColumn<QString>("expected");
    QTest::newRow("epoch") << qint64(0) << false << "1970-01-01T00:00:00Z";
    QTest::newRow("epoch ms") << qint64(0) << true << "1970-01-01T00:00:00.000Z";
    QTest::newRow("one ms before") << qint64(-1) << true << "1969-12-31T23:59:59.999Z";
    QTest::newRow("truncates, never rounds") << qint64(999) << false << "1970-01-01T00:00:00Z";
    QTest::newRow("negative truncates down") << qint64(-1) << false << "1969-12-31T23:59:59Z";
    QTest::newRow("leap day") << qint64(1709164800000) << false << "2024-02-29T00:00:00Z";
    QTest::newRow("2000 is leap") << qint64(951782400000) << false << "2000-02-29T00:00:00Z";
    QTest::newRow("1900 is not") << qint64(-2203891200000) << false << "1900-03-01T00:00:00Z";
    QTest::newRow("KSUID vector") << qint64(1507608047000) << false << "2017-10-10T04:00:47Z";
    QTest::newRow("ULID vector") << qint64(1469918176385) << true << "2016-07-30T22:36:16.385Z";
    QTest::newRow("year 0") << qint64(-62167219200000) << false << "0000-01-01T00:00:00Z";
    QTest::newRow("year 9999") << qint64(253402300799999) << true << "9999-12-31T23:59:59.999Z";
    QTest::newRow("clamped high") << std::numeric_limits<qint64>::max() << false
                                  << "9999-12-31T23:59:59Z";
    QTest::newRow("clamped low") << std::numeric_limits<qint64>::min() << false
                                 << "0000-01-01T00:00:00Z";
}

void TestValueGenerator::isoFormatting()
{
    QFETCH(qint64, ms);
    QFETCH(bool, withMs);
    QFETCH(QString, expected);
    QCOMPARE(formatIsoInstant(ms, withMs), expected);
}

void TestValueGenerator::isoFormattingMatchesQt()
{
    Random random(2);
    for (int i = 0; i < 5000; ++i) {
        const qint64 ms = random.range(-2208988800000, 4102444800000); // 1900..2100
        const QString qt = QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODateWithMs);
        QCOMPARE(formatIsoInstant(ms, true), qt);
    }
}

void TestValueGenerator::uuid4()
{
    auto spec = attribute("Id", AttributeKind::S, Kind::Uuid4);
    const auto values = run(spec, 42, 3);
    // Exactly ids::uuid4 on the generator's Random (values cross-checked in tst_ids).
    QCOMPARE(text(values[0]), QStringLiteral("bdd73226-2feb-4e95-a8ef-e333b266f103"));
    QCOMPARE(text(values[1]), QStringLiteral("47526757-130f-4f52-981c-e1ff0e4ae394"));
    QVERIFY(!values[0].instantMs);
    // Made in order 0, 1 but sorted 1, 0: no creation order.
    QVERIFY(byteOrder(values[1].value.bytes(), values[0].value.bytes()) < 0);
}

void TestValueGenerator::ksuidTimes()
{
    // No start: the context's clock, advanced by ordinal * step ms.
    auto spec = attribute("Id", AttributeKind::S, Kind::Ksuid);
    spec.generator.step = 1000;
    const qint64 now = 1507608047000;
    const auto values = run(spec, 42, 50, now);
    QCOMPARE(text(values[0]), QStringLiteral("0ujtsYsBGWzXN39X88ELm8fD1gh")); // as tst_ids
    QCOMPARE(text(values[1]), QStringLiteral("0ujtsd3bWKrQQyf233SsrOhe6S4"));
    for (int i = 0; i < values.size(); ++i) {
        QCOMPARE(ids::ksuidTime(text(values[i])), std::optional<qint64>(now / 1000 + i));
        if (i > 0)
            QVERIFY(byteOrder(values[i - 1].value.bytes(), values[i].value.bytes()) < 0);
    }

    // Default step (1 ms): a thousand ids share a second, and KSUID is random within it.
    spec.generator.step = 1;
    const auto sameSecond = run(spec, 42, 100, now);
    int inversions = 0;
    for (int i = 1; i < sameSecond.size(); ++i) {
        QCOMPARE(ids::ksuidTime(text(sameSecond[i])), std::optional<qint64>(now / 1000));
        inversions += byteOrder(sameSecond[i - 1].value.bytes(), sameSecond[i].value.bytes()) > 0;
    }
    QVERIFY(inversions > 20);

    // A start: start + ordinal * step, whatever the clock says.
    spec.generator.start = 1600000000000;
    spec.generator.step = 3600000;
    const auto hourly = run(spec, 1, 5, now);
    for (int i = 0; i < hourly.size(); ++i)
        QCOMPARE(ids::ksuidTime(text(hourly[i])), std::optional<qint64>(1600000000 + 3600 * i));

    // Random times stay inside [min, max].
    spec.generator.random = true;
    spec.generator.min = 1600000000000;
    spec.generator.max = 1600000009999;
    for (const TemplateInput &value : run(spec, 1, 100)) {
        const qint64 seconds = *ids::ksuidTime(text(value));
        QVERIFY(seconds >= 1600000000 && seconds <= 1600000009);
    }
}

void TestValueGenerator::ulidTimesAndMonotonicity()
{
    auto spec = attribute("Id", AttributeKind::S, Kind::Ulid);
    const qint64 now = 1469918176385;
    const auto values = run(spec, 42, 300, now);
    QCOMPARE(text(values[0]), QStringLiteral("01ARYZ6S41QQBK49HFXDQ9AA7F")); // as tst_ids
    QCOMPARE(text(values[1]), QStringLiteral("01ARYZ6S428X96ENRK1YFN4P0W"));
    for (int i = 0; i < values.size(); ++i) {
        QCOMPARE(ids::ulidTime(text(values[i])), std::optional<qint64>(now + i));
        if (i > 0)
            QVERIFY(byteOrder(values[i - 1].value.bytes(), values[i].value.bytes()) < 0);
    }

    // 100 ids in one millisecond (step 0): each is the previous one plus one, strictly
    // increasing, and only the first one draws random bytes.
    spec.generator.start = now;
    spec.generator.step = 0;
    ValueGenerator generator = make(spec);
    Random random(42);
    QList<QString> ids;
    for (int i = 0; i < 100; ++i)
        ids << text(generator.next(random, at(i)));
    QCOMPARE(ids.first(), QStringLiteral("01ARYZ6S41QQBK49HFXDQ9AA7F"));
    QCOMPARE(ids[1], QStringLiteral("01ARYZ6S41QQBK49HFXDQ9AA7G"));
    for (int i = 1; i < ids.size(); ++i) {
        QCOMPARE(ids::ulidTime(ids[i]), std::optional<qint64>(now));
        QVERIFY2(byteOrder(ids[i - 1].toLatin1(), ids[i].toLatin1()) < 0,
                 qPrintable(ids[i - 1] + QLatin1String(" !< ") + ids[i]));
        QByteArray expected = ids::ulidToRaw(ids[i - 1])->mid(6);
        QVERIFY(ids::ulidIncrement(expected));
        QCOMPARE(ids::ulidToRaw(ids[i])->mid(6), expected);
    }
    Random afterFirst(42);
    ids::randomBytes(afterFirst, 10);
    QCOMPARE(random.next(), afterFirst.next());
}

void TestValueGenerator::ulidFreshRandomWhenTimeMoves()
{
    auto spec = attribute("Id", AttributeKind::S, Kind::Ulid);
    ValueGenerator generator = make(spec);
    Random random(8);
    const QString a = text(generator.next(random, at(0, 1000)));
    const QString b = text(generator.next(random, at(0, 1000))); // same ms: a + 1
    const QString c = text(generator.next(random, at(0, 1001))); // next ms: fresh random
    QByteArray expected = ids::ulidToRaw(a)->mid(6);
    ids::ulidIncrement(expected);
    QCOMPARE(ids::ulidToRaw(b)->mid(6), expected);
    QVERIFY(ids::ulidToRaw(c)->mid(6) != ids::ulidToRaw(b)->mid(6));
    QCOMPARE(ids::ulidTime(c), std::optional<qint64>(1001));
    // Time going backwards is not monotonic (a fresh draw at the earlier time).
    const QString d = text(generator.next(random, at(0, 1000)));
    QCOMPARE(ids::ulidTime(d), std::optional<qint64>(1000));
    QVERIFY(ids::ulidToRaw(d)->mid(6) != ids::ulidToRaw(c)->mid(6));
}

void TestValueGenerator::pattern()
{
    auto spec = attribute("Code", AttributeKind::S, Kind::Pattern);
    spec.generator.pattern = QStringLiteral("ORD-####-AAaa-**\\#\\\\x-é");
    static const QRegularExpression shape(
        QStringLiteral("^ORD-\\d{4}-[A-Z]{2}[a-z]{2}-[0-9A-Za-z]{2}#\\\\x-é$"));
    QSet<QChar> alnum;
    for (const TemplateInput &value : run(spec, 4, 500)) {
        QVERIFY2(shape.match(value.value.asString()).hasMatch(), qPrintable(text(value)));
        alnum.insert(value.value.asString().at(14));
        alnum.insert(value.value.asString().at(15));
    }
    QCOMPARE(alnum.size(), 62); // '*' reaches digits and both cases

    // Only literals: no draws, the same text every time.
    spec.generator.pattern = QStringLiteral("\\A\\a-fixed");
    ValueGenerator fixed = make(spec);
    Random random(4);
    QCOMPARE(text(fixed.next(random, at(0))), QStringLiteral("Aa-fixed"));
    QCOMPARE(random.next(), Random(4).next());
}

void TestValueGenerator::determinism_data()
{
    QTest::addColumn<AttributeSpec>("spec");
    QTest::addColumn<bool>("random"); // different seeds give different values

    auto add = [](const char *name, AttributeSpec spec, bool random) {
        QTest::newRow(name) << spec << random;
    };
    auto constant = attribute("A", AttributeKind::S, Kind::Constant);
    constant.generator.constant = "x";
    add("constant", constant, false);
    add("sequence", attribute("A", AttributeKind::N, Kind::Sequence), false);
    auto range = attribute("A", AttributeKind::N, Kind::IntegerRange);
    range.generator.max = 1000000;
    add("integerRange", range, true);
    auto choice = attribute("A", AttributeKind::S, Kind::Choice);
    choice.generator.choices = {"a", "b", "c", "d"};
    add("choice", choice, true);
    add("names", attribute("A", AttributeKind::S, Kind::Names), true);
    auto steps = attribute("A", AttributeKind::Timestamp, Kind::Timestamp);
    steps.generator.start = 1688999280000;
    add("timestamp steps", steps, false);
    auto randomTs = steps;
    randomTs.generator.random = true;
    randomTs.generator.min = 0;
    randomTs.generator.max = 4102444800000;
    add("timestamp random", randomTs, true);
    add("uuid4", attribute("A", AttributeKind::S, Kind::Uuid4), true);
    add("ksuid", attribute("A", AttributeKind::S, Kind::Ksuid), true);
    add("ulid", attribute("A", AttributeKind::S, Kind::Ulid), true);
    auto pattern = attribute("A", AttributeKind::S, Kind::Pattern);
    pattern.generator.pattern = "AAA-###-***";
    add("pattern", pattern, true);
}

void TestValueGenerator::determinism()
{
    QFETCH(AttributeSpec, spec);
    QFETCH(bool, random);

    auto texts = [&](quint64 seed) {
        QStringList out;
        for (const TemplateInput &value : run(spec, seed, 200, 1700000000000))
            out << text(value);
        return out;
    };
    const QStringList first = texts(99);
    QCOMPARE(texts(99), first);
    QCOMPARE(texts(100) != first, random);
}

QTEST_GUILESS_MAIN(TestValueGenerator)
#include "tst_valuegenerator.moc"
