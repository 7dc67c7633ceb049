#include "model/design/valuegenerator.h"

#include "model/design/projectfile.h"

#include "model/design/ids.h"
#include "model/value/number.h"

#include <QDate>
#include <QDateTime>
#include <QtNumeric>

#include <algorithm>
#include <limits>

namespace keyscope::model {

namespace {

using GeneratorKind = GeneratorSpec::Kind; // not "Kind": unity units share this namespace

// ISO-8601 needs a four-digit year: 0000-01-01T00:00:00Z .. 9999-12-31T23:59:59.999Z.
constexpr qint64 kMinInstantMs = -62167219200000ll;
constexpr qint64 kMaxInstantMs = 253402300799999ll;

qint64 floorDiv(qint64 a, qint64 b)
{
    const qint64 q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

// start + n * step, saturating instead of overflowing.
qint64 linear(qint64 start, qint64 n, qint64 step)
{
    qint64 product = 0;
    qint64 sum = 0;
    if (qMulOverflow(n, step, &product))
        return (n < 0) != (step < 0) ? std::numeric_limits<qint64>::min()
                                     : std::numeric_limits<qint64>::max();
    if (qAddOverflow(start, product, &sum))
        return product < 0 ? std::numeric_limits<qint64>::min()
                           : std::numeric_limits<qint64>::max();
    return sum;
}

// What a generator kind makes, and which attribute types can hold it.
struct KindInfo
{
    const char *makes;
    bool s, n, b, boolean, timestamp;
};

KindInfo kindInfo(GeneratorKind kind)
{
    switch (kind) {
    case GeneratorKind::Constant:
    case GeneratorKind::Choice:
        return {"values of any type", true, true, true, true, true};
    case GeneratorKind::Sequence:
    case GeneratorKind::IntegerRange:
        return {"numbers", true, true, false, false, false};
    case GeneratorKind::Timestamp:
        return {"instants", true, true, false, false, true};
    case GeneratorKind::Names:
    case GeneratorKind::Uuid4:
    case GeneratorKind::Ksuid:
    case GeneratorKind::Ulid:
    case GeneratorKind::Pattern:
        return {"strings", true, false, false, false, false};
    }
    return {"nothing", false, false, false, false, false};
}

bool accepts(const KindInfo &info, AttributeKind type)
{
    switch (type) {
    case AttributeKind::S:
        return info.s;
    case AttributeKind::N:
        return info.n;
    case AttributeKind::B:
        return info.b;
    case AttributeKind::Bool:
        return info.boolean;
    case AttributeKind::Timestamp:
        return info.timestamp;
    }
    return false;
}

// An ISO-8601 instant with Z or an offset, or a bare date (UTC midnight). A date-time without a
// zone is refused: reading it in the machine's zone would make populations differ by machine.
std::optional<qint64> parseInstant(const QString &text, QString *why)
{
    if (text.size() == 10) {
        const QDate date = QDate::fromString(text, Qt::ISODate);
        if (date.isValid())
            return QDateTime(date, QTime(0, 0), Qt::UTC).toMSecsSinceEpoch();
    }
    const QDateTime dateTime = QDateTime::fromString(text, Qt::ISODateWithMs);
    if (!dateTime.isValid() || !text.contains(u'T')) {
        *why = QStringLiteral("is not an ISO-8601 instant (write it like 2023-07-10T14:48:00Z)");
        return std::nullopt;
    }
    if (dateTime.timeSpec() == Qt::LocalTime) {
        *why = QStringLiteral("has no time zone; end it with Z (UTC) or an offset like +02:00");
        return std::nullopt;
    }
    const qint64 ms = dateTime.toMSecsSinceEpoch();
    if (ms < kMinInstantMs || ms > kMaxInstantMs) {
        *why = QStringLiteral("is outside the years 0000-9999");
        return std::nullopt;
    }
    return ms;
}

QString quoted(const QString &text)
{
    return u'\'' + text + u'\'';
}

QString describeMs(qint64 ms)
{
    if (ms >= kMinInstantMs && ms <= kMaxInstantMs)
        return QStringLiteral("%1 (%2)").arg(ms).arg(formatIsoInstant(ms, ms % 1000 != 0));
    return QString::number(ms);
}

std::optional<QString> checkInstantRange(const QString &what, qint64 ms)
{
    if (ms >= kMinInstantMs && ms <= kMaxInstantMs)
        return std::nullopt;
    return QStringLiteral("%1 %2 is outside the years 0000-9999; give milliseconds since "
                          "1970-01-01T00:00:00Z between %3 and %4")
        .arg(what)
        .arg(ms)
        .arg(kMinInstantMs)
        .arg(kMaxInstantMs);
}

QString epochSecondsText(qint64 ms, bool wholeSeconds)
{
    if (wholeSeconds)
        return QString::number(floorDiv(ms, 1000));
    const quint64 magnitude = ms < 0 ? quint64(0) - quint64(ms) : quint64(ms);
    return QStringLiteral("%1%2.%3")
        .arg(ms < 0 ? QStringLiteral("-") : QString())
        .arg(magnitude / 1000)
        .arg(magnitude % 1000, 3, 10, QLatin1Char('0'));
}

} // namespace

std::vector<GeneratorSpec::Kind> generatorKindsFor(AttributeKind type)
{
    static constexpr GeneratorKind kAll[]
        = {GeneratorKind::Constant, GeneratorKind::Sequence, GeneratorKind::IntegerRange,
           GeneratorKind::Choice,   GeneratorKind::Names,    GeneratorKind::Timestamp,
           GeneratorKind::Uuid4,    GeneratorKind::Ksuid,    GeneratorKind::Ulid,
           GeneratorKind::Pattern};
    std::vector<GeneratorKind> kinds;
    for (GeneratorKind kind : kAll) {
        if (accepts(kindInfo(kind), type))
            kinds.push_back(kind);
    }
    return kinds;
}

GeneratorSpec::Kind defaultGeneratorKind(AttributeKind type)
{
    switch (type) {
    case AttributeKind::S:
        return GeneratorKind::Pattern;
    case AttributeKind::N:
        return GeneratorKind::Sequence;
    case AttributeKind::B:
        return GeneratorKind::Constant;
    case AttributeKind::Bool:
        return GeneratorKind::Choice;
    case AttributeKind::Timestamp:
        return GeneratorKind::Timestamp;
    }
    return GeneratorKind::Constant;
}

QString generatorKindName(GeneratorSpec::Kind kind)
{
    switch (kind) {
    case GeneratorKind::Constant:
        return QStringLiteral("constant");
    case GeneratorKind::Sequence:
        return QStringLiteral("sequence");
    case GeneratorKind::IntegerRange:
        return QStringLiteral("integerRange");
    case GeneratorKind::Choice:
        return QStringLiteral("choice");
    case GeneratorKind::Names:
        return QStringLiteral("names");
    case GeneratorKind::Timestamp:
        return QStringLiteral("timestamp");
    case GeneratorKind::Uuid4:
        return QStringLiteral("uuid4");
    case GeneratorKind::Ksuid:
        return QStringLiteral("ksuid");
    case GeneratorKind::Ulid:
        return QStringLiteral("ulid");
    case GeneratorKind::Pattern:
        return QStringLiteral("pattern");
    }
    return QStringLiteral("unknown");
}

QString formatIsoInstant(qint64 unixMs, bool withMilliseconds)
{
    const qint64 ms = std::clamp(unixMs, kMinInstantMs, kMaxInstantMs);
    const qint64 days = floorDiv(ms, 86400000);
    const qint64 msOfDay = ms - days * 86400000;
    // Civil date from days since 1970-01-01 (H. Hinnant's algorithm, proleptic Gregorian).
    const qint64 z = days + 719468;
    const qint64 era = floorDiv(z, 146097);
    const qint64 doe = z - era * 146097;
    const qint64 yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const qint64 doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const qint64 mp = (5 * doy + 2) / 153;
    const int day = int(doy - (153 * mp + 2) / 5 + 1);
    const int month = int(mp < 10 ? mp + 3 : mp - 9);
    const int year = int(yoe + era * 400 + (month <= 2 ? 1 : 0));

    char text[24];
    int out = 0;
    auto put = [&](qint64 value, int width) {
        for (int i = width - 1; i >= 0; --i) {
            text[out + i] = char('0' + value % 10);
            value /= 10;
        }
        out += width;
    };
    put(year, 4);
    text[out++] = '-';
    put(month, 2);
    text[out++] = '-';
    put(day, 2);
    text[out++] = 'T';
    put(msOfDay / 3600000, 2);
    text[out++] = ':';
    put(msOfDay / 60000 % 60, 2);
    text[out++] = ':';
    put(msOfDay / 1000 % 60, 2);
    if (withMilliseconds) {
        text[out++] = '.';
        put(msOfDay % 1000, 3);
    }
    text[out++] = 'Z';
    return QString::fromLatin1(text, out);
}

namespace {

// The generator's kind cannot make the attribute's type: the message saying so.
std::optional<QString> generatorTypeMismatch(const AttributeSpec &attribute)
{
    const QString kind = generatorKindName(attribute.generator.kind);
    const KindInfo info = kindInfo(attribute.generator.kind);
    if (accepts(info, attribute.type))
        return std::nullopt;
    const QString article = kind.startsWith(u'i') ? QStringLiteral("an") : QStringLiteral("a");
    QString message = QStringLiteral("%1 %2 generator makes %3; attribute '%4' is %5")
                          .arg(article, kind, QLatin1String(info.makes), attribute.name,
                               ProjectFile::attributeKindName(attribute.type));
    if (attribute.type == AttributeKind::Timestamp)
        message += QStringLiteral("; use a timestamp generator (start and step, or random "
                                  "between min and max)");
    return message;
}

// Reads one typed text (a constant or a choice) as the attribute's type.
std::optional<TemplateInput> typedValueFromText(AttributeKind type, const QString &text,
                                                QString *why)
{
    switch (type) {
    case AttributeKind::S:
        return TemplateInput {AttributeValue::string(text), std::nullopt};
    case AttributeKind::N: {
        QString error;
        const auto number = Number::parse(text, &error);
        if (!number) {
            *why = QStringLiteral("is not a number: ") + error;
            return std::nullopt;
        }
        return TemplateInput {AttributeValue::number(*number), std::nullopt};
    }
    case AttributeKind::B: {
        const auto decoded = QByteArray::fromBase64Encoding(
            text.toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded) {
            *why = QStringLiteral("is not base64 (B values are written in base64, like "
                                  "DynamoDB JSON: 'AAE=' is the bytes 00 01)");
            return std::nullopt;
        }
        return TemplateInput {AttributeValue::binary(*decoded), std::nullopt};
    }
    case AttributeKind::Bool:
        if (text == QLatin1String("true") || text == QLatin1String("false"))
            return TemplateInput {AttributeValue::boolean(text == QLatin1String("true")),
                                  std::nullopt};
        *why = QStringLiteral("must be true or false");
        return std::nullopt;
    case AttributeKind::Timestamp: {
        const auto ms = parseInstant(text, why);
        if (!ms)
            return std::nullopt;
        return TemplateInput {AttributeValue(), *ms}; // formatted by create(), one precision
    }
    }
    return std::nullopt;
}

// A constant's or the choices' texts read as the attribute's type into `values`; the problem
// with the first that does not read.
std::optional<QString> readGivenValues(const AttributeSpec &attribute,
                                       std::vector<TemplateInput> &values)
{
    const GeneratorSpec &spec = attribute.generator;
    const QString typedWhat
        = QStringLiteral("for %1 attribute '%2'")
              .arg(ProjectFile::attributeKindName(attribute.type), attribute.name);
    if (spec.kind == GeneratorKind::Constant) {
        QString why;
        auto value = typedValueFromText(attribute.type, spec.constant, &why);
        if (!value)
            return QStringLiteral("constant %1 %2 %3").arg(quoted(spec.constant), typedWhat, why);
        values.push_back(*value);
        return std::nullopt;
    }
    if (spec.choices.isEmpty())
        return QStringLiteral("choice needs at least one value");
    for (qsizetype i = 0; i < spec.choices.size(); ++i) {
        QString why;
        auto value = typedValueFromText(attribute.type, spec.choices[i], &why);
        if (!value)
            return QStringLiteral("choice %1 (%2) %3 %4")
                .arg(i + 1)
                .arg(quoted(spec.choices[i]), typedWhat, why);
        values.push_back(*value);
    }
    return std::nullopt;
}

// A timestamp generator's range; sets whether its instants are whole seconds.
std::optional<QString> timestampSpecProblem(const GeneratorSpec &spec, bool &wholeSeconds)
{
    if (spec.random) {
        if (spec.min > spec.max)
            return QStringLiteral("a random timestamp needs min <= max (got min %1, max %2)")
                .arg(describeMs(spec.min), describeMs(spec.max));
        if (auto error = checkInstantRange(QStringLiteral("timestamp min"), spec.min))
            return *error;
        if (auto error = checkInstantRange(QStringLiteral("timestamp max"), spec.max))
            return *error;
        wholeSeconds = spec.min % 1000 == 0 && spec.max % 1000 == 0;
    } else {
        if (auto error = checkInstantRange(QStringLiteral("timestamp start"), spec.start))
            return *error;
        wholeSeconds = spec.start % 1000 == 0 && spec.step % 1000 == 0;
    }
    return std::nullopt;
}

std::optional<QString> patternSpecProblem(const GeneratorSpec &spec)
{
    if (spec.pattern.isEmpty())
        return QStringLiteral("pattern is empty; use '#' for a digit, 'A' for an uppercase "
                              "letter, 'a' for a lowercase letter, '*' for a letter or digit");
    bool escaped = false;
    for (QChar c : spec.pattern)
        escaped = !escaped && c == u'\\';
    if (escaped)
        return QStringLiteral("pattern %1 ends with a lone '\\' at column %2; write '\\\\' "
                              "for a backslash")
            .arg(quoted(spec.pattern))
            .arg(spec.pattern.size());
    return std::nullopt;
}

// What is wrong with the generator's settings for its kind; fills the values it reads once
// (constant, choice, names) and the timestamp precision.
std::optional<QString> generatorSpecProblem(const AttributeSpec &attribute,
                                            std::vector<TemplateInput> &values, bool &wholeSeconds)
{
    const GeneratorSpec &spec = attribute.generator;
    switch (spec.kind) {
    case GeneratorKind::Constant:
    case GeneratorKind::Choice:
        return readGivenValues(attribute, values);
    case GeneratorKind::Sequence:
    case GeneratorKind::Uuid4:
        return std::nullopt;
    case GeneratorKind::IntegerRange:
        if (spec.min > spec.max)
            return QStringLiteral("integerRange needs min <= max (got min %1, max %2)")
                .arg(spec.min)
                .arg(spec.max);
        return std::nullopt;
    case GeneratorKind::Names:
        for (const QString &name : builtinNames())
            values.push_back({AttributeValue::string(name), std::nullopt});
        return std::nullopt;
    case GeneratorKind::Timestamp:
        return timestampSpecProblem(spec, wholeSeconds);
    case GeneratorKind::Ksuid:
    case GeneratorKind::Ulid:
        if (spec.random && spec.min > spec.max)
            return QStringLiteral("a %1 with a random time needs min <= max (got min %2, max %3)")
                .arg(generatorKindName(spec.kind), describeMs(spec.min), describeMs(spec.max));
        return std::nullopt;
    case GeneratorKind::Pattern:
        return patternSpecProblem(spec);
    }
    return std::nullopt;
}

} // namespace

std::variant<ValueGenerator, QString> ValueGenerator::create(const AttributeSpec &attribute)
{
    const GeneratorSpec &spec = attribute.generator;
    if (auto mismatch = generatorTypeMismatch(attribute))
        return *mismatch;
    ValueGenerator generator;
    generator.m_attribute = attribute;
    if (auto problem
        = generatorSpecProblem(attribute, generator.m_values, generator.m_wholeSeconds))
        return *problem;
    // Timestamp attributes given as texts (constant, choice): one precision for all of them.
    if (attribute.type == AttributeKind::Timestamp
        && (spec.kind == GeneratorKind::Constant || spec.kind == GeneratorKind::Choice)) {
        generator.m_wholeSeconds
            = std::all_of(generator.m_values.begin(), generator.m_values.end(),
                          [](const TemplateInput &input) { return *input.instantMs % 1000 == 0; });
        for (TemplateInput &input : generator.m_values)
            input = generator.instantValue(*input.instantMs);
    }
    return generator;
}

TemplateInput ValueGenerator::instantValue(qint64 ms) const
{
    qint64 instant = std::clamp(ms, kMinInstantMs, kMaxInstantMs);
    if (m_wholeSeconds)
        instant = floorDiv(instant, 1000) * 1000;
    if (m_attribute.type == AttributeKind::N) {
        const auto number = Number::parse(epochSecondsText(instant, m_wholeSeconds));
        return {AttributeValue::number(number.value_or(Number())), instant};
    }
    return {AttributeValue::stringUtf8(formatIsoInstant(instant, !m_wholeSeconds).toLatin1()),
            instant};
}

qint64 ValueGenerator::idInstantMs(Random &random, const GenerationContext &context) const
{
    const GeneratorSpec &spec = m_attribute.generator;
    const qint64 n = spec.perParent ? context.ordinalInParent : context.ordinal;
    if (spec.random)
        return random.range(spec.min, spec.max);
    if (spec.start > 1)
        return linear(spec.start, n, spec.step);
    return linear(context.nowMs, n, spec.step);
}

TemplateInput ValueGenerator::next(Random &random, const GenerationContext &context)
{
    const GeneratorSpec &spec = m_attribute.generator;
    const qint64 n = spec.perParent ? context.ordinalInParent : context.ordinal;
    auto integer = [&](qint64 value) -> TemplateInput {
        if (m_attribute.type == AttributeKind::N)
            return {AttributeValue::number(Number::fromInt(value)), std::nullopt};
        return {AttributeValue::stringUtf8(QByteArray::number(value)), std::nullopt};
    };
    auto pick = [&]() -> TemplateInput {
        return m_values[size_t(random.range(0, qint64(m_values.size()) - 1))];
    };

    switch (spec.kind) {
    case GeneratorKind::Constant:
        return m_values.front();
    case GeneratorKind::Choice:
    case GeneratorKind::Names:
        return pick();
    case GeneratorKind::Sequence:
        return integer(linear(spec.start, n, spec.step));
    case GeneratorKind::IntegerRange:
        return integer(random.range(spec.min, spec.max));
    case GeneratorKind::Timestamp:
        if (spec.random) {
            if (m_wholeSeconds)
                return instantValue(random.range(spec.min / 1000, spec.max / 1000) * 1000);
            return instantValue(random.range(spec.min, spec.max));
        }
        return instantValue(linear(spec.start, n, spec.step));
    case GeneratorKind::Uuid4:
        return {AttributeValue::stringUtf8(ids::uuid4Utf8(random)), std::nullopt};
    case GeneratorKind::Ksuid: {
        const qint64 ms = idInstantMs(random, context);
        return {AttributeValue::stringUtf8(ids::ksuidUtf8(floorDiv(ms, 1000), random)),
                std::nullopt};
    }
    case GeneratorKind::Ulid: {
        const qint64 ms = std::clamp<qint64>(idInstantMs(random, context), 0, ids::kUlidMaxMs);
        QByteArray payload;
        if (ms == m_lastUlidMs) {
            payload = m_lastUlidRandom;
            if (!ids::ulidIncrement(payload))
                payload = ids::randomBytes(random, ids::kUlidRandomSize); // 2^80 in one ms
        } else {
            payload = ids::randomBytes(random, ids::kUlidRandomSize);
        }
        m_lastUlidMs = ms;
        m_lastUlidRandom = payload;
        return {AttributeValue::stringUtf8(ids::ulidUtf8(ms, payload)), std::nullopt};
    }
    case GeneratorKind::Pattern: {
        static constexpr char kAlnum[]
            = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
        QString text;
        text.reserve(spec.pattern.size());
        bool escaped = false;
        for (QChar c : spec.pattern) {
            if (escaped) {
                text += c;
                escaped = false;
            } else if (c == u'\\') {
                escaped = true;
            } else if (c == u'#') {
                text += QChar(char16_t(u'0' + random.range(0, 9)));
            } else if (c == u'A') {
                text += QChar(char16_t(u'A' + random.range(0, 25)));
            } else if (c == u'a') {
                text += QChar(char16_t(u'a' + random.range(0, 25)));
            } else if (c == u'*') {
                text += QLatin1Char(kAlnum[random.range(0, 61)]);
            } else {
                text += c;
            }
        }
        return {AttributeValue::string(text), std::nullopt};
    }
    }
    return {};
}

const QStringList &builtinNames()
{
    // Realistic surnames. The mixed-case ones exist so the case check has something to catch:
    // in byte order DeBrie < Dean < Dern ('B' 0x42 < 'a' 0x61), VanDyke < Vanbyke, and
    // lowercase particles (deLuca, van der Berg) sort after every capitalised name. Müller
    // sorts after every ASCII name (UTF-8 C3 BC).
    static const QStringList names = {
        QStringLiteral("Smith"),        QStringLiteral("Johnson"),   QStringLiteral("Williams"),
        QStringLiteral("Brown"),        QStringLiteral("Jones"),     QStringLiteral("Garcia"),
        QStringLiteral("Miller"),       QStringLiteral("Davis"),     QStringLiteral("Rodriguez"),
        QStringLiteral("Martinez"),     QStringLiteral("Hernandez"), QStringLiteral("Lopez"),
        QStringLiteral("Gonzalez"),     QStringLiteral("Wilson"),    QStringLiteral("Anderson"),
        QStringLiteral("Thomas"),       QStringLiteral("Taylor"),    QStringLiteral("Moore"),
        QStringLiteral("Jackson"),      QStringLiteral("Martin"),    QStringLiteral("Lee"),
        QStringLiteral("Perez"),        QStringLiteral("Thompson"),  QStringLiteral("White"),
        QStringLiteral("Harris"),       QStringLiteral("Clark"),     QStringLiteral("Lewis"),
        QStringLiteral("Robinson"),     QStringLiteral("Walker"),    QStringLiteral("Young"),
        QStringLiteral("Allen"),        QStringLiteral("King"),      QStringLiteral("Wright"),
        QStringLiteral("Scott"),        QStringLiteral("Nguyen"),    QStringLiteral("Hill"),
        QStringLiteral("Green"),        QStringLiteral("Baker"),     QStringLiteral("Rivera"),
        QStringLiteral("Campbell"),     QStringLiteral("Dean"),      QStringLiteral("DeBrie"),
        QStringLiteral("Dern"),         QStringLiteral("VanDyke"),   QStringLiteral("Vanbyke"),
        QStringLiteral("McDonald"),     QStringLiteral("Mcdonald"),  QStringLiteral("MacAllister"),
        QStringLiteral("O'Neil"),       QStringLiteral("deLuca"),    QStringLiteral("DeLuca"),
        QStringLiteral("van der Berg"), QStringLiteral("Van Buren"), QStringLiteral("DiMaggio"),
        QStringLiteral("LaFleur"),      QStringLiteral("McAdams"),   QStringLiteral("d'Arcy"),
        QStringLiteral("von Trapp"),    QStringLiteral("O'Brien"),   QStringLiteral("Müller"),
        QStringLiteral("Ødegaard"),     QStringLiteral("Okafor"),    QStringLiteral("Kowalski"),
    };
    return names;
}

} // namespace keyscope::model
