// Key templates: parsing (parts, columns, every error text with its column and the
// did-you-mean), every filter with its edge cases (pad of negatives, of wide values and of
// "007"; invert at and past its boundaries; time zones, pre-1970 instants, English format),
// the N/S/B output rules, render errors, the preview trace, and order properties of pad/invert.

#include "model/design/keytemplate.h"

#include <QDateTime>
#include <QTest>

#include <map>

using keyscope::model::AttributeValue;
using keyscope::model::KeyTemplate;
using keyscope::model::Number;
using keyscope::model::TemplateError;
using keyscope::model::TemplateInput;

namespace {

// A test input spec, "Attr=TYPE:value":
//   S:text   N:42   B:<base64>   BOOL:true
//   T:<ms>   a timestamp attribute as the generator makes it: instantMs plus the ISO-8601 text
//   I:<ms>   instantMs only, with a deliberately unparseable S value (proves instantMs wins)
std::map<QString, TemplateInput> makeInputs(const QStringList &specs)
{
    std::map<QString, TemplateInput> inputs;
    for (const QString &spec : specs) {
        const qsizetype eq = spec.indexOf(u'=');
        const qsizetype colon = spec.indexOf(u':', eq);
        const QString name = spec.left(eq);
        const QString type = spec.mid(eq + 1, colon - eq - 1);
        const QString text = spec.mid(colon + 1);
        TemplateInput input;
        if (type == u"S") {
            input.value = AttributeValue::string(text);
        } else if (type == u"N") {
            const auto number = Number::parse(text);
            if (!number)
                qFatal("bad N in test spec %s", qPrintable(spec));
            input.value = AttributeValue::number(*number);
        } else if (type == u"B") {
            input.value = AttributeValue::binary(QByteArray::fromBase64(text.toLatin1()));
        } else if (type == u"BOOL") {
            input.value = AttributeValue::boolean(text == u"true");
        } else if (type == u"T" || type == u"I") {
            const qint64 ms = text.toLongLong();
            input.instantMs = ms;
            input.value = AttributeValue::string(
                type == u"T" ? QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODate)
                             : QStringLiteral("not a date"));
        } else {
            qFatal("bad type in test spec %s", qPrintable(spec));
        }
        inputs[name] = input;
    }
    return inputs;
}

KeyTemplate::Lookup lookupFor(const std::map<QString, TemplateInput> &inputs)
{
    return [inputs](const QString &name) -> std::optional<TemplateInput> {
        const auto it = inputs.find(name);
        if (it == inputs.end())
            return std::nullopt;
        return it->second;
    };
}

KeyTemplate parsed(const QString &text)
{
    auto result = KeyTemplate::parse(text);
    if (const auto *error = std::get_if<TemplateError>(&result))
        qFatal("template %s does not parse: %s", qPrintable(text), qPrintable(error->message));
    return std::get<KeyTemplate>(std::move(result));
}

QString renderS(const KeyTemplate &t, qint64 n)
{
    const auto inputs = makeInputs({QStringLiteral("V=N:%1").arg(n)});
    const auto result = t.render(lookupFor(inputs));
    return std::get<KeyTemplate::Rendered>(result).value.asString();
}

// 1988-05-26T00:00:00Z, the "May 26, 1988" of STRATEGIES.md §2.
constexpr qint64 kMay26_1988 = 580608000000LL;
// 2023-07-10T14:48:00Z
constexpr qint64 kJul10_2023 = 1689000480000LL;

} // namespace

class TestKeyTemplate : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    void renders_data();
    void renders();

    void parseErrors_data();
    void parseErrors();

    void didYouMean_data();
    void didYouMean();

    void renderErrors_data();
    void renderErrors();

    void parts();
    void placeholdersAndFilters();
    void trace();
    void traceOfSingleNumber();
    void padKeepsNumericOrder();
    void invertReversesNumericOrder();
};

void TestKeyTemplate::initTestCase()
{
    // A zone far from UTC, so a value without an offset that were read as local time (Qt's
    // default) would render 9 hours off and fail the "no offset means UTC" rows.
    qputenv("TZ", "JST-9");
    QCOMPARE(QDateTime::fromMSecsSinceEpoch(0).offsetFromUtc(), 9 * 3600);
}

void TestKeyTemplate::renders_data()
{
    QTest::addColumn<QString>("templ");
    QTest::addColumn<QStringList>("inputs");
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("expected");

    const auto row = [](const char *name, const QString &templ, const QStringList &inputs,
                        const QString &type, const QString &expected) {
        QTest::newRow(name) << templ << inputs << type << expected;
    };
    const QString S = QStringLiteral("S");
    const QString N = QStringLiteral("N");
    const QString B = QStringLiteral("B");

    // STRATEGIES.md examples.
    row("org upper", "ORG#{OrgName|upper}", {"OrgName=S:McDonalds"}, S, "ORG#MCDONALDS");
    row("reading pad", "#READING#{ReadingId|pad:5}", {"ReadingId=N:42"}, S, "#READING#00042");
    row("invert 157", "{Id|invert:5}", {"Id=N:157"}, S, "99842");
    row("device", "DEVICE#{DeviceId}", {"DeviceId=S:d-0007"}, S, "DEVICE#d-0007");
    row("hierarchy", "{Chain}#{Country}#{State}#{City}",
        {"Chain=S:Wendys", "Country=S:US", "State=S:TX", "City=S:Austin"}, S,
        "Wendys#US#TX#Austin");
    row("parent attr", "DEVICE#{Device.DeviceId}#R", {"Device.DeviceId=S:d-1"}, S, "DEVICE#d-1#R");
    row("plain literal", "METADATA", {}, S, "METADATA");

    // upper / lower, Unicode-aware.
    row("lower", "{Name|lower}", {"Name=S:DeBrie"}, S, "debrie");
    row("upper unicode", "{Name|upper}", {"Name=S:straße ñandú"}, S, "STRASSE ÑANDÚ");
    row("lower unicode", "{Name|lower}", {"Name=S:ÀÉÎ Σ"}, S, "àéî σ");
    row("upper digits and symbols", "{Name|upper}", {"Name=S:a#1-b"}, S, "A#1-B");
    row("upper empty", "X{Name|upper}", {"Name=S:"}, S, "X");

    // escape: percent-encoding outside A-Z a-z 0-9 - . _ ~, so no value holds a separator.
    row("escape hash", "MEMBER#{Last|escape}#{Id}", {"Last=S:ANA#LU", "Id=S:7"}, S,
        "MEMBER#ANA%23LU#7");
    row("escape percent and space", "{V|escape}", {"V=S:50% off"}, S, "50%25%20off");
    row("escape unreserved kept", "{V|escape}", {"V=S:a-b.c_d~E9"}, S, "a-b.c_d~E9");
    row("escape non-ASCII as UTF-8", "{V|escape}", {"V=S:é𝄞"}, S, "%C3%A9%F0%9D%84%9E");
    row("escape empty", "X{V|escape}", {"V=S:"}, S, "X");
    row("escape then upper", "{V|escape|upper}", {"V=S:a#b"}, S, "A%23B");

    // offset: an integer plus N, so a following pad orders signed values.
    row("offset then pad", "LAP#{D|offset:50|pad:3}", {"D=N:-50"}, S, "LAP#000");
    row("offset top of range", "{D|offset:50|pad:3}", {"D=N:49"}, S, "099");
    row("offset negative amount", "{D|offset:-10}", {"D=N:3"}, S, "-7");
    row("offset to zero", "{D|offset:5}", {"D=S:-5"}, S, "0");
    row("offset plus sign", "{D|offset:+7}", {"D=N:1"}, S, "8");
    row("offset beyond 64 bits", "{D|offset:1}", {"D=S:99999999999999999999"}, S,
        "100000000000000000000");
    row("offset negative crosses zero", "{D|offset:-100}", {"D=N:-1"}, S, "-101");

    // pad: integers from N or from S text.
    row("pad N", "{V|pad:5}", {"V=N:42"}, S, "00042");
    row("pad exact width", "{V|pad:5}", {"V=N:12345"}, S, "12345");
    row("pad wider as-is", "{V|pad:5}", {"V=N:123456"}, S, "123456");
    row("pad zero", "{V|pad:3}", {"V=N:0"}, S, "000");
    row("pad S 007", "{V|pad:5}", {"V=S:007"}, S, "00007");
    row("pad S 007 narrower", "{V|pad:2}", {"V=S:007"}, S, "07");
    row("pad S plus sign", "{V|pad:4}", {"V=S:+42"}, S, "0042");
    row("pad S 000", "{V|pad:2}", {"V=S:000"}, S, "00");
    row("pad S minus zero", "{V|pad:3}", {"V=S:-0"}, S, "000");
    row("pad negative", "{V|pad:5}", {"V=N:-42"}, S, "-0042");
    row("pad negative S", "{V|pad:5}", {"V=S:-007"}, S, "-0007");
    row("pad negative fills width", "{V|pad:5}", {"V=N:-1234"}, S, "-1234");
    row("pad negative wider as-is", "{V|pad:5}", {"V=N:-12345"}, S, "-12345");
    row("pad negative width 1", "{V|pad:1}", {"V=N:-5"}, S, "-5");
    row("pad N integral with exponent", "{V|pad:6}", {"V=N:1.5E2"}, S, "000150");
    row("pad N written 100.0", "{V|pad:4}", {"V=N:100.0"}, S, "0100");
    row("pad N beyond int64", "{V|pad:40}", {"V=N:1E30"}, S,
        QString(9, u'0') + "1" + QString(30, u'0'));
    row("pad width with leading zero", "{V|pad:05}", {"V=N:7"}, S, "00007");
    row("pad width spaced", "{V| pad : 3 }", {"V=N:7"}, S, "007");

    // invert: (10^N - 1) - v, zero-padded; past the range written as-is.
    row("invert 0", "{V|invert:5}", {"V=N:0"}, S, "99999");
    row("invert max", "{V|invert:5}", {"V=N:99999"}, S, "00000");
    row("invert 1", "{V|invert:5}", {"V=N:1"}, S, "99998");
    row("invert max-1", "{V|invert:5}", {"V=N:99998"}, S, "00001");
    row("invert past max", "{V|invert:5}", {"V=N:100000"}, S, "-1");
    row("invert far past max", "{V|invert:3}", {"V=N:123456"}, S, "-122457");
    row("invert negative", "{V|invert:5}", {"V=N:-1"}, S, "100000");
    row("invert negative big", "{V|invert:3}", {"V=N:-1000"}, S, "1999");
    row("invert S 007", "{V|invert:3}", {"V=S:007"}, S, "992");
    row("invert width 1", "{V|invert:1}", {"V=N:3"}, S, "6");
    row("invert 38 digits", "{V|invert:38}", {"V=N:1"}, S, QString(37, u'9') + "8");

    // Time filters from instantMs.
    row("iso8601 instant", "{At|iso8601}", {"At=T:1689000480123"}, S, "2023-07-10T14:48:00Z");
    row("date instant", "{At|date}", {"At=T:1689000480000"}, S, "2023-07-10");
    row("epoch instant", "{At|epoch}", {"At=T:1689000480999"}, N, "1689000480");
    row("epochms instant", "{At|epochms}", {"At=T:1689000480123"}, N, "1689000480123");
    row("instantMs wins over S", "{At|iso8601}", {"At=I:1689000480000"}, S, "2023-07-10T14:48:00Z");
    row("format May 26, 1988", "{At|format:MMM d, yyyy}",
        {QStringLiteral("At=T:%1").arg(kMay26_1988)}, S, "May 26, 1988");
    row("format with colons", "{At|format:HH:mm:ss}", {"At=T:1689000480000"}, S, "14:48:00");
    row("format English names", "{At|format:dddd MMMM}",
        {QStringLiteral("At=T:%1").arg(kMay26_1988)}, S, "Thursday May");
    row("format quoted text", "{At|format:yyyy'w'MM}", {"At=T:1689000480000"}, S, "2023w07");
    row("format keeps leading space", "[{At|format: yyyy}]", {"At=T:1689000480000"}, S, "[ 2023]");

    // Pre-1970 instants: epoch floors toward the past.
    row("epoch -1500ms", "{At|epoch}", {"At=I:-1500"}, N, "-2");
    row("epoch -1000ms", "{At|epoch}", {"At=I:-1000"}, N, "-1");
    row("epoch -1ms", "{At|epoch}", {"At=I:-1"}, N, "-1");
    row("epochms -1500", "{At|epochms}", {"At=I:-1500"}, N, "-1500");
    row("iso8601 -1500ms", "{At|iso8601}", {"At=I:-1500"}, S, "1969-12-31T23:59:58Z");
    row("date 1969", "{At|date}", {"At=I:-1"}, S, "1969-12-31");
    row("epoch 1900 from S", "{At|epoch}", {"At=S:1900-01-01T00:00:00Z"}, N, "-2208988800");
    row("epoch zero", "{At|epoch}", {"At=S:1970-01-01T00:00:00Z"}, N, "0");

    // Time filters from S ISO-8601 text; offsets are honoured, no offset means UTC.
    row("iso S Z", "{At|iso8601}", {"At=S:2023-07-10T14:48:00Z"}, S, "2023-07-10T14:48:00Z");
    row("iso S +02:00 to UTC", "{At|iso8601}", {"At=S:2023-07-10T14:48:00+02:00"}, S,
        "2023-07-10T12:48:00Z");
    row("epoch S +02:00", "{At|epoch}", {"At=S:2023-07-10T14:48:00+02:00"}, N, "1688993280");
    row("date S +02:00 previous day", "{At|date}", {"At=S:2023-07-11T01:30:00+02:00"}, S,
        "2023-07-10");
    row("date S -05:00 next day", "{At|date}", {"At=S:2023-07-10T22:30:00-05:00"}, S, "2023-07-11");
    row("format S +05:30", "{At|format:yyyy-MM-dd HH:mm}", {"At=S:2023-07-10T05:00:00+05:30"}, S,
        "2023-07-09 23:30");
    row("iso S no zone is UTC", "{At|iso8601}", {"At=S:2023-07-10T14:48:00"}, S,
        "2023-07-10T14:48:00Z");
    row("epochms S no zone is UTC", "{At|epochms}", {"At=S:2023-07-10T14:48:00.250"}, N,
        "1689000480250");
    row("iso S with ms drops them", "{At|iso8601}", {"At=S:2023-07-10T14:48:00.999Z"}, S,
        "2023-07-10T14:48:00Z");
    row("date S date only", "{At|date}", {"At=S:2023-07-10"}, S, "2023-07-10");

    // Chains run left to right.
    row("chain lower upper", "{Name|lower|upper}", {"Name=S:DeBrie"}, S, "DEBRIE");
    row("chain pad then invert", "{V|pad:3|invert:5}", {"V=N:7"}, S, "99992");
    row("chain invert then pad", "{V|invert:3|pad:6}", {"V=N:7"}, S, "000992");
    row("chain iso then date", "{At|iso8601|date}", {"At=S:2023-07-10T23:48:00-02:00"}, S,
        "2023-07-11");
    row("chain epoch then pad", "{At|epoch|pad:12}", {"At=T:1689000480000"}, S, "001689000480");
    row("chain format then upper", "{At|format:MMM|upper}",
        {QStringLiteral("At=T:%1").arg(kMay26_1988)}, S, "MAY");
    row("chain iso then lower", "{At|iso8601|lower}", {"At=T:1689000480000"}, S,
        "2023-07-10t14:48:00z");
    row("same attr twice", "{V|invert:3}#{V|pad:3}", {"V=N:7"}, S, "992#007");

    // Literal braces.
    row("braces around placeholder", "{{{Name}}}", {"Name=S:x"}, S, "{x}");
    row("braces only", "{{}}", {}, S, "{}");
    row("braces in text", "a{{b}}c", {}, S, "a{b}c");
    row("close braces after placeholder", "{Name}}}", {"Name=S:x"}, S, "x}");
    row("escaped placeholder", "{{Name}}", {"Name=S:x"}, S, "{Name}");

    // Output type: only a whole-template placeholder ending in a number is N.
    row("N plain", "{V}", {"V=N:42"}, N, "42");
    row("N canonical", "{V}", {"V=N:0042.50"}, N, "42.5");
    row("N spaced placeholder", "{ V }", {"V=N:-7"}, N, "-7");
    row("N with literal is S", "R#{V}", {"V=N:0042.50"}, S, "R#42.5");
    row("N two placeholders is S", "{V}{V}", {"V=N:1"}, S, "11");
    row("N padded is S", "{V|pad:3}", {"V=N:1"}, S, "001");
    row("N inverted is S", "{V|invert:3}", {"V=N:1"}, S, "998");
    row("epoch whole is N", "{At|epoch}", {"At=T:1689000480000"}, N, "1689000480");
    row("epoch with literal is S", "T#{At|epoch}", {"At=T:1689000480000"}, S, "T#1689000480");
    row("S of digits stays S", "{V}", {"V=S:42"}, S, "42");
    row("S timestamp stays S", "{At}", {"At=T:1689000480000"}, S, "2023-07-10T14:48:00Z");
    row("B whole", "{Blob}", {"Blob=B:AAEC/w=="}, B, "AAEC/w==");
}

void TestKeyTemplate::renders()
{
    QFETCH(QString, templ);
    QFETCH(QStringList, inputs);
    QFETCH(QString, type);
    QFETCH(QString, expected);

    const KeyTemplate t = parsed(templ);
    const auto values = makeInputs(inputs);
    auto result = t.render(lookupFor(values));
    if (const auto *error = std::get_if<TemplateError>(&result))
        QFAIL(qPrintable(QStringLiteral("render failed: ") + error->message));
    const auto &rendered = std::get<KeyTemplate::Rendered>(result);
    QCOMPARE(rendered.value.typeName(), type);
    QCOMPARE(rendered.value.displayText(), expected);
    QCOMPARE(int(rendered.trace.size()), int(t.parts().size()));
}

void TestKeyTemplate::parseErrors_data()
{
    QTest::addColumn<QString>("templ");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("message");

    const auto row
        = [](const char *name, const QString &templ, int column, const QString &message) {
              QTest::newRow(name) << templ << column << message;
          };

    row("empty template", "", 0,
        "the template is empty; write text and placeholders, e.g. ORG#{OrgName}");
    row("unclosed", "ORG#{OrgName", 5,
        "'{' at column 5 is never closed; write '{{' for a literal brace");
    row("unclosed at end", "ORG#{", 5,
        "'{' at column 5 is never closed; write '{{' for a literal brace");
    row("unclosed before next", "A{B{C}", 2,
        "'{' at column 2 is never closed; write '{{' for a literal brace");
    row("unclosed after escaped", "{{{", 3,
        "'{' at column 3 is never closed; write '{{' for a literal brace");
    row("stray close", "ORG}#", 4,
        "'}' at column 4 has no matching '{'; write '}}' for a literal brace");
    row("stray close after placeholder", "{A}}", 4,
        "'}' at column 4 has no matching '{'; write '}}' for a literal brace");
    row("stray close odd run", "}}}", 3,
        "'}' at column 3 has no matching '{'; write '}}' for a literal brace");
    row("empty placeholder", "ORG#{}", 5,
        "empty placeholder at column 5; name an attribute, e.g. {OrgName}, or write '{{}}' for "
        "literal braces");
    row("blank placeholder", "X{  }", 2,
        "empty placeholder at column 2; name an attribute, e.g. {OrgName}, or write '{{}}' for "
        "literal braces");
    row("missing attribute", "X{|upper}", 3,
        "missing attribute name at column 3; a placeholder starts with one, e.g. "
        "{OrgName|upper}");
    row("space in name", "{Org Name}", 5,
        "invalid attribute name 'Org Name' at column 5: ' ' is not allowed; use letters, "
        "digits, '_' and '-', and '.' for a parent's attribute");
    row("hash in name", "PK#{Org#Id}", 8,
        "invalid attribute name 'Org#Id' at column 8: '#' is not allowed; use letters, digits, "
        "'_' and '-', and '.' for a parent's attribute");
    row("leading dot", "{.Id}", 2,
        "invalid attribute name '.Id' at column 2: '.' must join two names, as in "
        "Device.DeviceId");
    row("trailing dot", "{Device.}", 8,
        "invalid attribute name 'Device.' at column 8: '.' must join two names, as in "
        "Device.DeviceId");
    row("double dot", "{Device..Id}", 8,
        "invalid attribute name 'Device..Id' at column 8: '.' must join two names, as in "
        "Device.DeviceId");
    row("offset without amount", "{V|offset}", 4,
        "offset at column 4 needs a whole number of at most 18 digits, e.g. offset:50 or "
        "offset:-50");
    row("offset of text", "{V|offset:ten}", 11,
        "offset at column 4 needs a whole number of at most 18 digits, e.g. offset:50 or "
        "offset:-50");
    row("offset too large", "{V|offset:1234567890123456789}", 11,
        "offset at column 4 needs a whole number of at most 18 digits, e.g. offset:50 or "
        "offset:-50");
    row("escape with argument", "{V|escape:#}", 4,
        "escape at column 4 takes no argument; remove ':#'");
    row("unknown filter", "ORG#{OrgName|padd}", 14,
        "unknown filter 'padd' at column 14; did you mean 'pad'?");
    row("unknown filter with arg", "ORG#{OrgName|padd:5}", 14,
        "unknown filter 'padd' at column 14; did you mean 'pad'?");
    row("unknown filter no suggestion", "{A|reverse}", 4,
        "unknown filter 'reverse' at column 4; filters are upper, lower, pad:N, invert:N, "
        "iso8601, date, epoch, epochms, format:PATTERN, escape, offset:N");
    row("unknown second filter", "{A|upper|lowr}", 10,
        "unknown filter 'lowr' at column 10; did you mean 'lower'?");
    row("empty filter at end", "{A|}", 3,
        "empty filter at column 3; filters are upper, lower, pad:N, invert:N, iso8601, date, "
        "epoch, epochms, format:PATTERN, escape, offset:N");
    row("empty filter between", "{A||upper}", 3,
        "empty filter at column 3; filters are upper, lower, pad:N, invert:N, iso8601, date, "
        "epoch, epochms, format:PATTERN, escape, offset:N");
    row("filter name missing before colon", "{A|:5}", 4,
        "empty filter at column 4; filters are upper, lower, pad:N, invert:N, iso8601, date, "
        "epoch, epochms, format:PATTERN, escape, offset:N");
    row("pad no width", "#R#{Id|pad}", 8, "pad at column 8 needs a width, e.g. pad:5");
    row("pad empty width", "#R#{Id|pad:}", 8, "pad at column 8 needs a width, e.g. pad:5");
    row("pad blank width", "#R#{Id|pad: }", 8, "pad at column 8 needs a width, e.g. pad:5");
    row("pad word width", "#R#{Id|pad:five}", 12,
        "pad width 'five' at column 12 is not an integer; write e.g. pad:5");
    row("pad fraction width", "{Id|pad:2.5}", 9,
        "pad width '2.5' at column 9 is not an integer; write e.g. pad:5");
    row("pad zero width", "{Id|pad:0}", 9, "pad width 0 at column 9 must be at least 1");
    row("pad negative width", "{Id|pad:-3}", 9, "pad width -3 at column 9 must be at least 1");
    row("pad huge width", "{Id|pad:5000}", 9,
        "pad width 5000 at column 9 is too large; at most 1024 (a sort key holds at most 1024 "
        "bytes)");
    row("pad very huge width", "{Id|pad:99999999999}", 9,
        "pad width 99999999999 at column 9 is too large; at most 1024 (a sort key holds at "
        "most 1024 bytes)");
    row("invert no width", "{Id|invert}", 5, "invert at column 5 needs a width, e.g. invert:5");
    row("invert word width", "{Id|invert:x}", 12,
        "invert width 'x' at column 12 is not an integer; write e.g. invert:5");
    row("invert zero width", "{Id|invert:0}", 12, "invert width 0 at column 12 must be at least 1");
    row("format no pattern", "{At|format}", 5,
        "format at column 5 needs a pattern, e.g. format:yyyy-MM-dd or format:MMM d, yyyy");
    row("format empty pattern", "{At|format:}", 5,
        "format at column 5 needs a pattern, e.g. format:yyyy-MM-dd or format:MMM d, yyyy");
    row("format blank pattern", "{At|format:  |upper}", 5,
        "format at column 5 needs a pattern, e.g. format:yyyy-MM-dd or format:MMM d, yyyy");
    row("upper with argument", "{A|upper:5}", 4,
        "upper at column 4 takes no argument; remove ':5'");
    row("epoch with argument", "{A|epoch:ms}", 4,
        "epoch at column 4 takes no argument; remove ':ms'");
    row("date with empty argument", "{A|date:}", 4,
        "date at column 4 takes no argument; remove ':'");
    row("format pattern with brace", "{At|format:yyyy{MM}", 1,
        "'{' at column 1 is never closed; write '{{' for a literal brace");
}

void TestKeyTemplate::parseErrors()
{
    QFETCH(QString, templ);
    QFETCH(int, column);
    QFETCH(QString, message);

    const auto result = KeyTemplate::parse(templ);
    const auto *error = std::get_if<TemplateError>(&result);
    QVERIFY2(error, qPrintable(QStringLiteral("parsed: ") + templ));
    QCOMPARE(error->message, message);
    QCOMPARE(error->column, column);
}

void TestKeyTemplate::didYouMean_data()
{
    QTest::addColumn<QString>("typo");
    QTest::addColumn<QString>("suggestion"); // empty: none

    QTest::newRow("padd") << "padd"
                          << "pad";
    QTest::newRow("pa") << "pa"
                        << "pad";
    QTest::newRow("uper") << "uper"
                          << "upper";
    QTest::newRow("UPPER (case)") << "UPPER"
                                  << "upper";
    QTest::newRow("Lower (case)") << "Lower"
                                  << "lower";
    QTest::newRow("lowercase") << "lowercase"
                               << "lower"; // prefix
    QTest::newRow("invrt") << "invrt"
                           << "invert";
    QTest::newRow("inverse") << "inverse"
                             << "invert";
    QTest::newRow("iso") << "iso"
                         << "iso8601"; // prefix
    QTest::newRow("iso8061") << "iso8061"
                             << "iso8601";
    QTest::newRow("epoch_ms") << "epoch_ms"
                              << "epochms";
    QTest::newRow("epochs") << "epochs"
                            << "epoch";
    QTest::newRow("dte") << "dte"
                         << "date";
    QTest::newRow("formt") << "formt"
                           << "format";
    QTest::newRow("xyz") << "xyz"
                         << "";
    QTest::newRow("sha256") << "sha256"
                            << "";
}

void TestKeyTemplate::didYouMean()
{
    QFETCH(QString, typo);
    QFETCH(QString, suggestion);

    const QString templ = QStringLiteral("K#{A|%1}").arg(typo);
    const auto result = KeyTemplate::parse(templ);
    const auto *error = std::get_if<TemplateError>(&result);
    QVERIFY(error);
    QCOMPARE(error->column, 6);
    const QString head = QStringLiteral("unknown filter '%1' at column 6").arg(typo);
    if (suggestion.isEmpty())
        QCOMPARE(error->message,
                 head
                     + QStringLiteral("; filters are upper, lower, pad:N, invert:N, iso8601, "
                                      "date, epoch, epochms, format:PATTERN, escape, offset:N"));
    else
        QCOMPARE(error->message, head + QStringLiteral("; did you mean '%1'?").arg(suggestion));
}

void TestKeyTemplate::renderErrors_data()
{
    QTest::addColumn<QString>("templ");
    QTest::addColumn<QStringList>("inputs");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("message");

    const auto row = [](const char *name, const QString &templ, const QStringList &inputs,
                        int column, const QString &message) {
        QTest::newRow(name) << templ << inputs << column << message;
    };

    row("missing", "#READING#{ReadingId|pad:5}", {}, 11, "no value for 'ReadingId' at column 11");
    row("missing second", "{A}#{ B }", {"A=S:x"}, 7, "no value for 'B' at column 7");
    row("missing parent attr", "{Device.DeviceId}", {"DeviceId=S:x"}, 2,
        "no value for 'Device.DeviceId' at column 2");
    row("offset of text", "{V|offset:5}", {"V=S:abc"}, 4,
        "offset at column 4 needs an integer, got 'abc'");
    row("escape of number", "{V|escape}", {"V=N:5"}, 4,
        "escape at column 4 needs a string, got N 5");
    row("pad of text", "#READING#{ReadingId|pad:5}", {"ReadingId=S:abc"}, 21,
        "pad at column 21 needs an integer, got 'abc'");
    row("pad of fraction", "{V|pad:5}", {"V=N:4.5"}, 4,
        "pad at column 4 needs an integer, got N 4.5");
    row("pad of S fraction", "{V|pad:5}", {"V=S:4.0"}, 4,
        "pad at column 4 needs an integer, got '4.0'");
    row("pad of S with spaces", "{V|pad:5}", {"V=S: 42"}, 4,
        "pad at column 4 needs an integer, got ' 42'");
    row("pad of S exponent", "{V|pad:5}", {"V=S:1e3"}, 4,
        "pad at column 4 needs an integer, got '1e3'");
    row("pad of empty S", "{V|pad:5}", {"V=S:"}, 4, "pad at column 4 needs an integer, got ''");
    row("pad of sign only", "{V|pad:5}", {"V=S:-"}, 4, "pad at column 4 needs an integer, got '-'");
    row("invert of text", "{V|invert:5}", {"V=S:x1"}, 4,
        "invert at column 4 needs an integer, got 'x1'");
    row("pad of B", "{V|pad:5}", {"V=B:AAE="}, 4, "pad at column 4 needs an integer, got B AAE=");
    row("upper of N", "{V|upper}", {"V=N:42"}, 4, "upper at column 4 needs a string, got N 42");
    row("upper of epoch", "{At|epoch|upper}", {"At=T:0"}, 11,
        "upper at column 11 needs a string, got N 0");
    row("date of N", "{At|date}", {"At=N:42"}, 5,
        "date at column 5 needs a timestamp attribute, got N 42");
    row("epoch of N", "{At|epoch}", {"At=N:1689000480"}, 5,
        "epoch at column 5 needs a timestamp attribute, got N 1689000480");
    row("iso of display text", "{At|iso8601}", {"At=S:May 26, 1988"}, 5,
        "iso8601 at column 5 needs an ISO-8601 timestamp such as 2023-07-10T14:48:00Z, got "
        "'May 26, 1988'");
    row("date of bad time", "{At|date}", {"At=S:2023-07-10T25:00:00Z"}, 5,
        "date at column 5 needs an ISO-8601 timestamp such as 2023-07-10T14:48:00Z, got "
        "'2023-07-10T25:00:00Z'");
    row("format of B", "{At|format:yyyy}", {"At=B:AAE="}, 5,
        "format at column 5 needs a timestamp attribute, got B AAE=");
    row("date after epoch", "{At|epoch|date}", {"At=T:0"}, 11,
        "date at column 11 needs a timestamp attribute, got N 0");
    row("B with literal", "BLOB#{Blob}", {"Blob=B:AAE="}, 7,
        "'Blob' at column 7 is binary (B); a binary value can only be a whole key, a template "
        "that is just {Blob}");
    row("B twice", "{Blob}{Blob}", {"Blob=B:AAE="}, 2,
        "'Blob' at column 2 is binary (B); a binary value can only be a whole key, a template "
        "that is just {Blob}");
    row("B with filter", "{Blob|upper}", {"Blob=B:AAE="}, 7,
        "upper at column 7 needs a string, got B AAE=");
    row("BOOL", "F#{Flag}", {"Flag=BOOL:true"}, 4,
        "'Flag' at column 4 is BOOL; keys are built from S, N or B values");
}

void TestKeyTemplate::renderErrors()
{
    QFETCH(QString, templ);
    QFETCH(QStringList, inputs);
    QFETCH(int, column);
    QFETCH(QString, message);

    const KeyTemplate t = parsed(templ);
    const auto values = makeInputs(inputs);
    const auto result = t.render(lookupFor(values));
    const auto *error = std::get_if<TemplateError>(&result);
    QVERIFY2(error, qPrintable(QStringLiteral("rendered: ") + templ));
    QCOMPARE(error->message, message);
    QCOMPARE(error->column, column);
}

void TestKeyTemplate::parts()
{
    const KeyTemplate t = parsed(QStringLiteral("a{{b#{ Device.Id |pad: 5|format:MMM d, yyyy}}}"));
    QCOMPARE(t.text(), QStringLiteral("a{{b#{ Device.Id |pad: 5|format:MMM d, yyyy}}}"));
    const auto &parts = t.parts();
    QCOMPARE(int(parts.size()), 3);

    QVERIFY(!parts[0].isPlaceholder);
    QCOMPARE(parts[0].text, QStringLiteral("a{b#"));
    QCOMPARE(parts[0].column, 1);
    QCOMPARE(parts[0].length, 5);
    QVERIFY(parts[0].filters.empty());

    QVERIFY(parts[1].isPlaceholder);
    QCOMPARE(parts[1].text, QStringLiteral("Device.Id"));
    QCOMPARE(parts[1].column, 6);
    QCOMPARE(parts[1].length, 39);
    QCOMPARE(int(parts[1].filters.size()), 2);
    QCOMPARE(parts[1].filters[0].name, QStringLiteral("pad"));
    QCOMPARE(parts[1].filters[0].argument, QStringLiteral("5"));
    QCOMPARE(parts[1].filters[0].column, 19);
    QCOMPARE(parts[1].filters[1].name, QStringLiteral("format"));
    QCOMPARE(parts[1].filters[1].argument, QStringLiteral("MMM d, yyyy"));
    QCOMPARE(parts[1].filters[1].column, 26);

    QVERIFY(!parts[2].isPlaceholder);
    QCOMPARE(parts[2].text, QStringLiteral("}"));
    QCOMPARE(parts[2].column, 45);
    QCOMPARE(parts[2].length, 2);

    // Filter names are listed for editors in the order messages use.
    QCOMPARE(KeyTemplate::filterNames(),
             QStringList({"upper", "lower", "pad", "invert", "iso8601", "date", "epoch", "epochms",
                          "format", "escape", "offset"}));
}

void TestKeyTemplate::placeholdersAndFilters()
{
    const KeyTemplate t
        = parsed(QStringLiteral("{Org|upper}#{Device.Id|pad:4}#{Org|lower}#{At|date}#{Org}"));
    QCOMPARE(t.placeholders(), QStringList({"Org", "Device.Id", "At"}));
    QVERIFY(t.usesFilter("Org", "upper"));
    QVERIFY(t.usesFilter("Org", "lower"));
    QVERIFY(t.usesFilter("Device.Id", "pad"));
    QVERIFY(t.usesFilter("At", "date"));
    QVERIFY(!t.usesFilter("Org", "pad"));
    QVERIFY(!t.usesFilter("Id", "pad")); // the whole dotted name, not its last segment
    QVERIFY(!t.usesFilter("Missing", "upper"));

    QVERIFY(parsed(QStringLiteral("METADATA")).placeholders().isEmpty());
    QVERIFY(parsed(QStringLiteral("{{Org}}")).placeholders().isEmpty());
}

void TestKeyTemplate::trace()
{
    const KeyTemplate t = parsed(QStringLiteral("#READING#{ReadingId|pad:5}{{{Name|lower|upper}"));
    const auto values = makeInputs({"ReadingId=N:42", "Name=S:DeBrie"});
    const auto result = t.render(lookupFor(values));
    const auto &rendered = std::get<KeyTemplate::Rendered>(result);
    QCOMPARE(rendered.value.asString(), QStringLiteral("#READING#00042{DEBRIE"));
    QCOMPARE(int(rendered.trace.size()), 4);

    const auto &literal = rendered.trace[0];
    QVERIFY(!literal.isPlaceholder);
    QCOMPARE(literal.column, 1);
    QCOMPARE(literal.source, QStringLiteral("#READING#"));
    QCOMPARE(literal.steps, QStringList({"#READING#"}));
    QCOMPARE(literal.stepLabels, QStringList({""}));
    QCOMPARE(literal.output, QStringLiteral("#READING#"));

    const auto &pad = rendered.trace[1];
    QVERIFY(pad.isPlaceholder);
    QCOMPARE(pad.column, 10);
    QCOMPARE(pad.source, QStringLiteral("{ReadingId|pad:5}"));
    QCOMPARE(pad.steps, QStringList({"42", "00042"}));
    QCOMPARE(pad.stepLabels, QStringList({"ReadingId", "pad:5"}));
    QCOMPARE(pad.output, QStringLiteral("00042"));

    const auto &brace = rendered.trace[2];
    QCOMPARE(brace.column, 27);
    QCOMPARE(brace.source, QStringLiteral("{{"));
    QCOMPARE(brace.output, QStringLiteral("{"));

    const auto &name = rendered.trace[3];
    QCOMPARE(name.column, 29);
    QCOMPARE(name.source, QStringLiteral("{Name|lower|upper}"));
    QCOMPARE(name.steps, QStringList({"DeBrie", "debrie", "DEBRIE"}));
    QCOMPARE(name.stepLabels, QStringList({"Name", "lower", "upper"}));
    QCOMPARE(name.output, QStringLiteral("DEBRIE"));

    // Time steps show the input as stored and each formatted form.
    const KeyTemplate time = parsed(QStringLiteral("{At|iso8601|date}"));
    const auto timeValues = makeInputs({QStringLiteral("At=S:2023-07-10T23:48:00-02:00")});
    const auto timeResult = time.render(lookupFor(timeValues));
    QCOMPARE(std::get<KeyTemplate::Rendered>(timeResult).trace[0].steps,
             QStringList({"2023-07-10T23:48:00-02:00", "2023-07-11T01:48:00Z", "2023-07-11"}));
}

void TestKeyTemplate::traceOfSingleNumber()
{
    const KeyTemplate t = parsed(QStringLiteral("{At|epochms|epoch}"));
    // epoch after epochms: the N output of epochms has no instant, so this is an error...
    const auto values = makeInputs({QStringLiteral("At=T:%1").arg(kJul10_2023)});
    QVERIFY(std::holds_alternative<TemplateError>(t.render(lookupFor(values))));

    // ...while a single epoch is an N key with a two-step trace.
    const KeyTemplate e = parsed(QStringLiteral("{At|epoch}"));
    const auto result = e.render(lookupFor(values));
    const auto &rendered = std::get<KeyTemplate::Rendered>(result);
    QCOMPARE(rendered.value.type(), AttributeValue::Type::N);
    QCOMPARE(rendered.value.asNumber().toString(), QStringLiteral("1689000480"));
    QCOMPARE(rendered.trace[0].steps, QStringList({"2023-07-10T14:48:00Z", "1689000480"}));
    QCOMPARE(rendered.trace[0].output, QStringLiteral("1689000480"));
}

// pad exists to make byte order equal numeric order for values that fit the width.
void TestKeyTemplate::padKeepsNumericOrder()
{
    const KeyTemplate t = parsed(QStringLiteral("R#{V|pad:3}"));
    QString previous;
    for (qint64 v = 0; v <= 999; ++v) {
        const QString key = renderS(t, v);
        QCOMPARE(key.size(), 5);
        if (v > 0)
            QVERIFY2(previous.toUtf8() < key.toUtf8(), qPrintable(previous + " vs " + key));
        previous = key;
    }
    // ...and the documented overflow: 1000 is written as-is and lands between 100 and 101.
    const QString wide = renderS(t, 1000);
    QCOMPARE(wide, QStringLiteral("R#1000"));
    QVERIFY(renderS(t, 100).toUtf8() < wide.toUtf8());
    QVERIFY(wide.toUtf8() < renderS(t, 101).toUtf8());
    // The documented negative rule: before every non-negative value, reversed among themselves.
    QVERIFY(renderS(t, -1).toUtf8() < renderS(t, 0).toUtf8());
    QVERIFY(renderS(t, -1).toUtf8() < renderS(t, -42).toUtf8());
}

// invert is the zero-padded difference: byte order is the reverse of numeric order within
// 0..10^N-1, and the fixed width holds there.
void TestKeyTemplate::invertReversesNumericOrder()
{
    for (int width = 1; width <= 3; ++width) {
        const KeyTemplate t = parsed(QStringLiteral("{V|invert:%1}").arg(width));
        qint64 top = 1;
        for (int i = 0; i < width; ++i)
            top *= 10;
        QString previous;
        for (qint64 v = 0; v < top; ++v) {
            const QString key = renderS(t, v);
            QCOMPARE(key.size(), width);
            QCOMPARE(key.toLongLong(), top - 1 - v);
            if (v > 0)
                QVERIFY2(key.toUtf8() < previous.toUtf8(), qPrintable(previous + " vs " + key));
            previous = key;
        }
        // Past the top the difference goes negative: "-1" sorts before every in-range key.
        QCOMPARE(renderS(t, top), QStringLiteral("-1"));
        QCOMPARE(renderS(t, -1), QString::number(top));
    }
}

QTEST_GUILESS_MAIN(TestKeyTemplate)
#include "tst_keytemplate.moc"
