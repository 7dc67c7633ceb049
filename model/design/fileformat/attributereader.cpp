#include "model/design/fileformat/readerparts.h"

#include "model/design/fileformat/names.h"
#include "model/io/suggestion.h"

#include "model/design/projectfile.h"
#include "model/design/valuegenerator.h"
#include "model/value/jsonnumbertext.h"
#include "model/value/number.h"

#include <QRegularExpression>

namespace keyscope::model::fileformat {

using Kind = GeneratorSpec::Kind;

std::optional<QString> nameProblem(const QString &name)
{
    if (name.trimmed().isEmpty())
        return QStringLiteral("must not be empty");
    for (const QChar c : name) {
        if (c == u'.' || c == u'{' || c == u'}' || c == u'|' || c == u':')
            return QStringLiteral("'%1' contains '%2', which key templates use as syntax "
                                  "({Parent.Attribute|filter:arg}); use letters, digits, '_' "
                                  "or '-'")
                .arg(name, QString(c));
    }
    return std::nullopt;
}

// A scalar from JSON as the text GeneratorSpec keeps: strings as-is, numbers in decimal,
// booleans as true/false.
std::optional<QString> scalarText(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::String:
        return value.toString();
    case QJsonValue::Double:
        return jsonNumberText(value.toDouble());
    case QJsonValue::Bool:
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    default:
        return std::nullopt;
    }
}

// Whether `text` is a valid value of an attribute of `type`; returns the canonical text (a
// timestamp becomes ISO-8601 UTC) or sets *error.
std::optional<QString> checkScalar(const QJsonValue &json, AttributeKind type, QString *error)
{
    const auto text = scalarText(json);
    if (!text) {
        *error = QStringLiteral("expected a string, number or true/false, found %1")
                     .arg(describe(json));
        return std::nullopt;
    }
    switch (type) {
    case AttributeKind::S:
        return text;
    case AttributeKind::N: {
        QString numberError;
        if (!Number::parse(*text, &numberError)) {
            *error
                = QStringLiteral("'%1' is not a number, but the attribute's type is N").arg(*text);
            return std::nullopt;
        }
        return text;
    }
    case AttributeKind::B: {
        const auto decoded = QByteArray::fromBase64Encoding(
            text->toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded || text->contains(QRegularExpression(QStringLiteral("[^A-Za-z0-9+/=]")))) {
            *error = QStringLiteral("'%1' is not base64, but the attribute's type is B (binary "
                                    "values are written in base64, e.g. \"AAE=\")")
                         .arg(JsonFile::elided(*text));
            return std::nullopt;
        }
        return text;
    }
    case AttributeKind::Bool:
        if (*text != u"true" && *text != u"false") {
            *error = QStringLiteral("'%1' is not true or false, but the attribute's type is BOOL")
                         .arg(*text);
            return std::nullopt;
        }
        return text;
    case AttributeKind::Timestamp: {
        QString instantError;
        const auto instant = ProjectFile::parseInstant(json, &instantError);
        if (!instant) {
            *error = instantError;
            return std::nullopt;
        }
        return ProjectFile::formatInstant(*instant);
    }
    }
    return text;
}

namespace {

bool readInstant(Reader &reader, ObjectReader &in, const QString &key, qint64 *out, bool required)
{
    const QJsonValue value = in.take(key);
    if (value.isUndefined()) {
        if (required)
            in.missing(key, QStringLiteral("an instant, e.g. \"2024-01-01T00:00:00Z\""));
        return false;
    }
    QString error;
    const auto parsed = ProjectFile::parseInstant(value, &error);
    if (!parsed) {
        reader.error(in.pathOf(key), error);
        return false;
    }
    *out = *parsed;
    return true;
}

// The time a timestamp's values, or a KSUID's or ULID's, carry: random in [min, max], or
// start + ordinal * step. A timestamp needs start and step; an id's time without them is the
// population's "now" + ordinal * step.
void readTimes(Reader &reader, ObjectReader &in, GeneratorSpec &spec, bool timestamp)
{
    spec.random = in.boolean(QStringLiteral("random")).value_or(false);
    if (spec.random) {
        const bool hasMin = readInstant(reader, in, QStringLiteral("min"), &spec.min, true);
        const bool hasMax = readInstant(reader, in, QStringLiteral("max"), &spec.max, true);
        if (hasMin && hasMax && spec.min > spec.max)
            reader.error(in.pathOf(QStringLiteral("min")),
                         QStringLiteral("min (%1) is after max (%2); swap them")
                             .arg(ProjectFile::formatInstant(spec.min),
                                  ProjectFile::formatInstant(spec.max)));
    } else {
        readInstant(reader, in, QStringLiteral("start"), &spec.start, timestamp);
        const QJsonValue step = in.take(QStringLiteral("step"));
        if (step.isUndefined()) {
            if (timestamp)
                in.missing(QStringLiteral("step"),
                           QStringLiteral("the time between consecutive values, e.g. \"step\": "
                                          "\"15m\" (units d, h, m, s, ms) or milliseconds"));
        } else {
            QString error;
            const auto parsed = ProjectFile::parseDuration(step, &error);
            if (parsed)
                spec.step = *parsed;
            else
                reader.error(in.pathOf(QStringLiteral("step")), error);
        }
    }
    spec.perParent = in.boolean(QStringLiteral("perParent")).value_or(false);
}

void readPattern(Reader &reader, ObjectReader &in, GeneratorSpec &spec)
{
    const auto pattern = in.string(QStringLiteral("pattern"),
                                   QStringLiteral("the pattern, e.g. \"pattern\": "
                                                  "\"AA-####\" ('#' digit, 'A' uppercase, "
                                                  "'a' lowercase, '*' letter or digit, "
                                                  "'\\' escapes)"));
    if (pattern) {
        spec.pattern = *pattern;
        if (pattern->isEmpty())
            reader.error(in.pathOf(QStringLiteral("pattern")),
                         QStringLiteral("is empty: write at least one character"));
        else {
            qsizetype trailing = 0;
            while (trailing < pattern->size()
                   && pattern->at(pattern->size() - 1 - trailing) == u'\\')
                ++trailing;
            if (trailing % 2 == 1)
                reader.error(in.pathOf(QStringLiteral("pattern")),
                             QStringLiteral("ends with an unfinished escape '\\': escape a "
                                            "backslash as '\\\\'"));
        }
    }
}

// A scalar (constant or choice) checked as `type`, its text in *out; false (reported) if not.
bool readScalarText(Reader &reader, const QJsonValue &value, const QString &valuePath,
                    AttributeKind type, QString *out)
{
    QString error;
    const auto text = checkScalar(value, type, &error);
    if (!text) {
        reader.error(valuePath, error);
        return false;
    }
    *out = *text;
    return true;
}

void readConstantValue(Reader &reader, ObjectReader &in, GeneratorSpec &spec, AttributeKind type)
{
    const QJsonValue value = in.take(QStringLiteral("value"));
    if (value.isUndefined())
        in.missing(QStringLiteral("value"),
                   QStringLiteral("the constant's value, e.g. "
                                  "\"value\": \"ACTIVE\""));
    else
        readScalarText(reader, value, in.pathOf(QStringLiteral("value")), type, &spec.constant);
}

void readSequenceSettings(ObjectReader &in, GeneratorSpec &spec)
{
    spec.start
        = in.integer(QStringLiteral("start"), std::numeric_limits<qint64>::min()).value_or(1);
    spec.step = in.integer(QStringLiteral("step"), std::numeric_limits<qint64>::min()).value_or(1);
    spec.perParent = in.boolean(QStringLiteral("perParent")).value_or(false);
}

void readIntegerRangeSettings(Reader &reader, ObjectReader &in, GeneratorSpec &spec)
{
    const auto min = in.integer(QStringLiteral("min"), std::numeric_limits<qint64>::min(),
                                QStringLiteral("the smallest value, e.g. \"min\": 1"));
    const auto max = in.integer(QStringLiteral("max"), std::numeric_limits<qint64>::min(),
                                QStringLiteral("the largest value, e.g. \"max\": 100"));
    spec.min = min.value_or(0);
    spec.max = max.value_or(0);
    if (min && max && *min > *max)
        reader.error(
            in.pathOf(QStringLiteral("min")),
            QStringLiteral("min (%1) is greater than max (%2); swap them").arg(*min).arg(*max));
}

void readChoiceValues(Reader &reader, ObjectReader &in, GeneratorSpec &spec, AttributeKind type)
{
    const auto choices = in.array(QStringLiteral("choices"),
                                  QStringLiteral("the values to choose from, e.g. "
                                                 "\"choices\": [\"OPEN\", \"CLOSED\"]"));
    if (!choices)
        return;
    if (choices->isEmpty())
        reader.error(in.pathOf(QStringLiteral("choices")),
                     QStringLiteral("is empty: list at least one value"));
    for (qsizetype i = 0; i < choices->size(); ++i) {
        QString text;
        if (readScalarText(reader, choices->at(i),
                           elementPath(in.pathOf(QStringLiteral("choices")), i), type, &text))
            spec.choices << text;
    }
}

// "kind": a known generator kind. When it is missing or unknown (reported), nullopt, with
// what the object holds kept in spec.extra.
std::optional<Kind> readGeneratorKindOf(Reader &reader, ObjectReader &in, const QJsonObject &json,
                                        GeneratorSpec &spec)
{
    const auto kindText = in.string(QStringLiteral("kind"),
                                    QStringLiteral("the generator's kind, one of ")
                                        + kindNames().join(QStringLiteral(", ")));
    if (!kindText) {
        spec.extra = in.extra();
        return std::nullopt;
    }
    const auto kind = ProjectFile::generatorKindFromName(*kindText);
    if (!kind) {
        reader.error(in.pathOf(QStringLiteral("kind")),
                     QStringLiteral("unknown generator kind '%1'%2 (valid kinds: %3)")
                         .arg(*kindText, didYouMean(*kindText, kindNames()),
                              kindNames().join(QStringLiteral(", "))));
        spec.extra = without(json, {QStringLiteral("kind")});
        // Keep the unknown kind's members so nothing is lost if the app saves anyway.
        spec.extra.insert(QStringLiteral("kind"), *kindText);
    }
    return kind;
}

} // namespace

GeneratorSpec readGenerator(Reader &reader, const QJsonObject &json, const QString &path,
                            AttributeKind type, bool typeKnown)
{
    GeneratorSpec spec;
    ObjectReader in(reader, json, path);
    const auto kind = readGeneratorKindOf(reader, in, json, spec);
    if (!kind)
        return spec;
    spec.kind = *kind;
    const AttributeKind scalarType = typeKnown ? type : AttributeKind::S;
    switch (*kind) {
    case Kind::Constant:
        readConstantValue(reader, in, spec, scalarType);
        break;
    case Kind::Sequence:
        readSequenceSettings(in, spec);
        break;
    case Kind::IntegerRange:
        readIntegerRangeSettings(reader, in, spec);
        break;
    case Kind::Choice:
        readChoiceValues(reader, in, spec, scalarType);
        break;
    case Kind::Timestamp:
        readTimes(reader, in, spec, true);
        break;
    case Kind::Pattern:
        readPattern(reader, in, spec);
        break;
    case Kind::Ksuid:
    case Kind::Ulid:
        readTimes(reader, in, spec, false);
        break;
    case Kind::Names:
    case Kind::Uuid4:
        break;
    }
    spec.extra = in.extra(QStringList {QStringLiteral("kind"), QStringLiteral("value"),
                                       QStringLiteral("start"), QStringLiteral("step"),
                                       QStringLiteral("perParent"), QStringLiteral("min"),
                                       QStringLiteral("max"), QStringLiteral("choices"),
                                       QStringLiteral("random"), QStringLiteral("pattern")});
    return spec;
}

} // namespace keyscope::model::fileformat
