#include "model/design/ordercomparison.h"

#include "model/design/recovery/partvalues.h"
#include "model/value/number.h"

#include <QDateTime>
#include <QRegularExpression>

namespace keyscope::model {

namespace partvalues = recovery::partvalues;

namespace {

// An ISO-8601 date-time with a zone (Z or +hh:mm), as milliseconds since the epoch.
std::optional<qint64> instantOf(const QString &text)
{
    static const QRegularExpression zoned(
        QStringLiteral(R"(^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)$)"));
    if (!zoned.match(text).hasMatch())
        return std::nullopt;
    const QDateTime time = QDateTime::fromString(text, Qt::ISODateWithMs);
    if (!time.isValid())
        return std::nullopt;
    return time.toMSecsSinceEpoch();
}

// The instant of a text: ISO-8601 with a zone, or a date in the display format `format`.
std::optional<qint64> instantIn(const QString &format, const QString &text)
{
    if (format.isEmpty())
        return instantOf(text);
    const partvalues::DisplayFormat *f = partvalues::findFormat(format);
    return f ? partvalues::displayInstant(*f, text) : std::nullopt;
}

// The display format every value (missing ones aside) is written in, or nullptr.
const partvalues::DisplayFormat *displayFormatOf(const std::vector<AttributeValue> &values)
{
    QStringList texts;
    for (const AttributeValue &value : values) {
        if (value.type() == AttributeValue::Type::Null)
            continue;
        if (value.type() != AttributeValue::Type::S)
            return nullptr;
        texts << value.asString();
    }
    return partvalues::commonFormat(texts);
}

std::optional<Number> numberOf(const AttributeValue &value)
{
    if (value.type() == AttributeValue::Type::N)
        return value.asNumber();
    if (value.type() != AttributeValue::Type::S)
        return std::nullopt;
    static const QRegularExpression decimal(QStringLiteral(R"(^[+-]?\d+(\.\d+)?$)"));
    const QString text = value.asString();
    if (!decimal.match(text).hasMatch())
        return std::nullopt;
    return Number::parse(text);
}

const AttributeSpec *declared(const Project &project, const AccessPattern &pattern,
                              const QString &name)
{
    for (const EntityType &entity : project.entities) {
        if (!pattern.expect.entityTypes.isEmpty()
            && !pattern.expect.entityTypes.contains(entity.name))
            continue;
        for (const AttributeSpec &attribute : entity.attributes) {
            if (attribute.name == name)
                return &attribute;
        }
    }
    return nullptr;
}

} // namespace

QString OrderComparison::asName(As as)
{
    switch (as) {
    case As::Number:
        return QStringLiteral("number");
    case As::Instant:
        return QStringLiteral("instant");
    case As::Bytes:
        break;
    }
    return QStringLiteral("bytes");
}

namespace {

// What the pattern's orderBy "as" says, or its error.
OrderComparison fromAs(const QJsonValue &as, const std::vector<AttributeValue> &values)
{
    OrderComparison out;
    const QString text = as.toString();
    for (auto candidate :
         {OrderComparison::As::Bytes, OrderComparison::As::Number, OrderComparison::As::Instant}) {
        if (text == OrderComparison::asName(candidate)) {
            out.as = candidate;
            out.reason
                = QStringLiteral("the pattern's orderBy says \"as\": \"") + text + QLatin1Char('"');
            const auto *format = displayFormatOf(values);
            if (candidate == OrderComparison::As::Instant && format)
                out.dateFormat = format->pattern;
            return out;
        }
    }
    out.error = QStringLiteral("orderBy \"as\" must be \"bytes\", \"number\" or \"instant\", "
                               "not ")
        + (as.isString() ? QLatin1Char('"') + text + QLatin1Char('"')
                         : QStringLiteral("a non-string"))
        + QLatin1Char('.');
    return out;
}

// What the attribute's declared type or generator says, if anything.
std::optional<OrderComparison> fromDeclared(const AttributeSpec &spec)
{
    using As = OrderComparison::As;
    const GeneratorSpec::Kind kind = spec.generator.kind;
    if (spec.type == AttributeKind::Timestamp || kind == GeneratorSpec::Kind::Timestamp)
        return OrderComparison {As::Instant, spec.name + QStringLiteral(" is a timestamp"), {}, {}};
    if (spec.type == AttributeKind::N)
        return OrderComparison {As::Number, spec.name + QStringLiteral(" is a number (N)"), {}, {}};
    if (kind == GeneratorSpec::Kind::Sequence || kind == GeneratorSpec::Kind::IntegerRange)
        return OrderComparison {
            As::Number, spec.name + QStringLiteral("'s generator makes numbers"), {}, {}};
    return std::nullopt;
}

// What every value is: numbers or instants written as text, dates written for people.
OrderComparison fromValues(const std::vector<AttributeValue> &values)
{
    OrderComparison out;
    bool numbers = !values.empty();
    bool instants = !values.empty();
    for (const AttributeValue &value : values) {
        if (value.type() == AttributeValue::Type::Null)
            continue;
        numbers = numbers && numberOf(value).has_value();
        instants = instants && value.type() == AttributeValue::Type::S
            && instantOf(value.asString()).has_value();
    }
    if (numbers && !values.empty() && values.front().type() == AttributeValue::Type::S) {
        out.as = OrderComparison::As::Number;
        out.reason = QStringLiteral("every value is a number written as text");
    } else if (instants) {
        out.as = OrderComparison::As::Instant;
        out.reason = QStringLiteral("every value is an ISO-8601 instant with a zone");
    } else if (const auto *format = displayFormatOf(values)) {
        out.as = OrderComparison::As::Instant;
        out.dateFormat = format->pattern;
        out.reason = QStringLiteral("every value is a date written for people (") + format->pattern
            + QLatin1Char(')');
    }
    return out;
}

} // namespace

OrderComparison OrderComparison::choose(const Project &project, const AccessPattern &pattern,
                                        const std::vector<AttributeValue> &values)
{
    const QJsonValue as = pattern.expect.orderByExtra.value(QLatin1String("as"));
    if (!as.isUndefined())
        return fromAs(as, values);
    if (const AttributeSpec *spec = declared(project, pattern, pattern.expect.orderAttribute)) {
        if (auto out = fromDeclared(*spec))
            return *out;
    }
    return fromValues(values);
}

std::optional<int> OrderComparison::compare(const AttributeValue &a, const AttributeValue &b) const
{
    if (as == As::Number) {
        const auto x = numberOf(a);
        const auto y = numberOf(b);
        if (x && y)
            return x->compare(*y);
    } else if (as == As::Instant && a.type() == AttributeValue::Type::S
               && b.type() == AttributeValue::Type::S) {
        const auto x = instantIn(dateFormat, a.asString());
        const auto y = instantIn(dateFormat, b.asString());
        if (x && y)
            return *x < *y ? -1 : (*x > *y ? 1 : 0);
    }
    if (a.isKeyType() && a.type() == b.type())
        return AttributeValue::compareKeys(a, b);
    return std::nullopt;
}

QString OrderComparison::description() const
{
    QString out = as == As::Bytes ? QStringLiteral("compared as bytes")
        : as == As::Number        ? QStringLiteral("compared as numbers")
        : dateFormat.isEmpty()    ? QStringLiteral("compared as instants")
                                  : QStringLiteral("compared as dates");
    if (!reason.isEmpty())
        out += QStringLiteral(": ") + reason;
    return out;
}

} // namespace keyscope::model
