// The DynamoDB MCP schema's fields as Keyscope attributes, and the helpers the import's files
// share (model/interop/mcpschemaparts.h).
#include "model/interop/mcpschemaparts.h"

#include "model/interop/mcpschema.h"

#include <QDateTime>
#include <QRegularExpression>

namespace keyscope::model::mcp {

const QStringList &fieldTypes()
{
    static const QStringList types {"string", "integer", "decimal", "boolean",
                                    "array",  "object",  "uuid"};
    return types;
}

const QStringList &operations()
{
    static const QStringList names {"GetItem", "PutItem",    "DeleteItem",   "Query",
                                    "Scan",    "UpdateItem", "BatchGetItem", "BatchWriteItem"};
    return names;
}

// Python's names for JSON values, as the assistant's messages write them ("got int").
QString pythonTypeName(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::String:
        return QStringLiteral("str");
    case QJsonValue::Bool:
        return QStringLiteral("bool");
    case QJsonValue::Double:
        return value.toDouble() == double(qint64(value.toDouble())) ? QStringLiteral("int")
                                                                    : QStringLiteral("float");
    case QJsonValue::Array:
        return QStringLiteral("list");
    case QJsonValue::Object:
        return QStringLiteral("dict");
    default:
        return QStringLiteral("NoneType");
    }
}

QStringList templateFields(const QString &text)
{
    static const QRegularExpression parameter(QStringLiteral("\\{(\\w+)\\}"));
    QStringList names;
    for (auto it = parameter.globalMatch(text); it.hasNext();) {
        const QString name = it.next().captured(1);
        if (!names.contains(name))
            names << name;
    }
    return names;
}

QStringList templateTexts(const QJsonValue &value)
{
    QStringList texts;
    if (value.isString())
        texts << value.toString();
    for (const QJsonValue &element : value.toArray())
        texts << element.toString();
    return texts;
}

QStringList keyNames(const QJsonValue &value)
{
    return templateTexts(value);
}

bool isTruthy(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Bool:
        return value.toBool();
    case QJsonValue::Double:
        return value.toDouble() != 0;
    case QJsonValue::String:
        return !value.toString().isEmpty();
    case QJsonValue::Array:
        return !value.toArray().isEmpty();
    case QJsonValue::Object:
        return !value.toObject().isEmpty();
    default:
        return false;
    }
}

void TableContext::note(const QString &at, const QString &text) const
{
    if (notes)
        *notes << QStringLiteral("%1: %2: %3").arg(source, at, text);
}

namespace {

// Text a pattern generator writes as it is: '#', 'A', 'a', '*' and '\' escaped.
QString literalPattern(const QString &text)
{
    QString out;
    for (const QChar c : text) {
        if (c == u'#' || c == u'A' || c == u'a' || c == u'*' || c == u'\\')
            out += u'\\';
        out += c;
    }
    return out;
}

bool nameMatches(const QString &name, const char *pattern)
{
    const QRegularExpression re(QLatin1String(pattern), QRegularExpression::CaseInsensitiveOption);
    return re.match(name).hasMatch();
}

GeneratorSpec patternOf(const QString &pattern)
{
    GeneratorSpec spec;
    spec.kind = GeneratorSpec::Kind::Pattern;
    spec.pattern = pattern;
    return spec;
}

GeneratorSpec kindOf(GeneratorSpec::Kind kind)
{
    GeneratorSpec spec;
    spec.kind = kind;
    return spec;
}

GeneratorSpec choiceOf(const QStringList &choices)
{
    GeneratorSpec spec;
    spec.kind = GeneratorSpec::Kind::Choice;
    spec.choices = choices;
    return spec;
}

GeneratorSpec rangeOf(qint64 min, qint64 max)
{
    GeneratorSpec spec;
    spec.kind = GeneratorSpec::Kind::IntegerRange;
    spec.min = min;
    spec.max = max;
    return spec;
}

// Random whole-second instants over 2024 and 2025.
GeneratorSpec timestamps()
{
    GeneratorSpec spec;
    spec.kind = GeneratorSpec::Kind::Timestamp;
    spec.random = true;
    spec.min = QDateTime(QDate(2024, 1, 1), QTime(0, 0), Qt::UTC).toMSecsSinceEpoch();
    spec.max = QDateTime(QDate(2025, 12, 31), QTime(23, 59, 59), Qt::UTC).toMSecsSinceEpoch();
    return spec;
}

// The values a schema lists for a field ("enum", "values" or "allowed_values"), as text.
QStringList listedValues(const QJsonObject &field)
{
    QStringList values;
    for (const char *member : {"enum", "values", "allowed_values"}) {
        for (const QJsonValue &value : field.value(QLatin1String(member)).toArray()) {
            if (value.isString())
                values << value.toString();
            else if (value.isDouble())
                values << QString::number(value.toDouble(), 'g', 17);
            else if (value.isBool())
                values << (value.toBool() ? QStringLiteral("true") : QStringLiteral("false"));
        }
        if (!values.isEmpty())
            break;
    }
    return values;
}

// 1, 2, ... n: what identifier and partition fields hold, so items that point at each other
// (ORG#{org_id} of an organisation and of its members) meet.
QStringList ordinals(int n)
{
    QStringList values;
    for (int i = 1; i <= n; ++i)
        values << QString::number(i);
    return values;
}

bool isTimeName(const QString &name)
{
    return nameMatches(name,
                       "(^|_)(at|date|time|timestamp|since|until|expires|expiry|deadline|"
                       "created|updated|modified|deleted)$|^(last|first)_(login|seen|active)$"
                       "|(At|Date|Time)$");
}

// A string field's generator, from its name.
std::pair<AttributeKind, GeneratorSpec> stringGenerator(const QString &name, FieldRole role)
{
    using K = AttributeKind;
    if (isTimeName(name))
        return {K::Timestamp, timestamps()};
    if (nameMatches(name, "(^|_)id$|Id$|_key$")) {
        if (role == FieldRole::SortOrder)
            return {K::S, kindOf(GeneratorSpec::Kind::Ulid)};
        QString stem = name.section(u'_', 0, 0).left(3).toUpper();
        return {K::S,
                patternOf(literalPattern(stem.isEmpty() ? QStringLiteral("ID") : stem)
                          + QStringLiteral("-#####"))};
    }
    if (nameMatches(name, "e_?mail"))
        return {K::S, patternOf(QStringLiteral("aaaaaaaa@") + literalPattern("example.com"))};
    if (nameMatches(name, "(url|uri|link|website)$"))
        return {K::S, patternOf(literalPattern("https://example.com/") + "aaaaaaaa")};
    if (nameMatches(name, "phone|mobile"))
        return {K::S, patternOf(QStringLiteral("+1-###-###-####"))};
    if (nameMatches(name, "name$"))
        return {K::S, kindOf(GeneratorSpec::Kind::Names)};
    if (nameMatches(name, "(^|_)status$|(^|_)state$"))
        return {K::S, choiceOf({"ACTIVE", "INACTIVE", "PENDING"})};
    if (nameMatches(name, "(^|_)role$"))
        return {K::S, choiceOf({"ADMIN", "MEMBER", "VIEWER"})};
    if (nameMatches(name, "priority$"))
        return {K::S, choiceOf({"LOW", "MEDIUM", "HIGH"})};
    if (nameMatches(name, "currency$"))
        return {K::S, choiceOf({"USD", "EUR", "GBP"})};
    if (nameMatches(name, "title|description|comment|content|body|text|message|notes?$"))
        return {K::S, patternOf(QStringLiteral("Aaaaaaa aaaaa aaaaaa"))};
    return {K::S, patternOf(QStringLiteral("Aaaaaaaa"))};
}

GeneratorSpec numberGenerator(const QString &name)
{
    if (nameMatches(name, "count$|quantity|qty|(^|_)num_|size$|players|wins|losses|level"))
        return rangeOf(0, 100);
    if (nameMatches(name, "age$"))
        return rangeOf(18, 90);
    if (nameMatches(name, "year$"))
        return rangeOf(2000, 2030);
    if (nameMatches(name, "score|points|rating"))
        return rangeOf(0, 10000);
    if (nameMatches(name, "rank|ranking|position|order$|seq"))
        return kindOf(GeneratorSpec::Kind::Sequence);
    if (isTimeName(name) || nameMatches(name, "epoch|ttl"))
        return rangeOf(1704067200, 1767225599); // 2024 and 2025, seconds since 1970
    return rangeOf(1, 1000);
}

} // namespace

std::optional<AttributeSpec> fieldAttribute(const QJsonObject &field, FieldRole role)
{
    AttributeSpec attribute;
    attribute.name = field.value(QLatin1String("name")).toString();
    const QString type = field.value(QLatin1String("type")).toString();
    const bool number = type == u"integer" || type == u"decimal";
    if (type == u"array" || type == u"object")
        return std::nullopt;
    attribute.type = number ? AttributeKind::N : AttributeKind::S;
    if (role == FieldRole::Identifier) {
        attribute.generator = kindOf(GeneratorSpec::Kind::Sequence);
    } else if (role == FieldRole::Partition) {
        attribute.generator = choiceOf(ordinals(kIdentifiedCount));
    } else if (const QStringList values = listedValues(field); !values.isEmpty()) {
        attribute.generator = choiceOf(values);
    } else if (type == u"boolean") {
        attribute.type = AttributeKind::Bool;
        attribute.generator = choiceOf({"true", "false"});
    } else if (type == u"uuid") {
        attribute.generator = kindOf(GeneratorSpec::Kind::Uuid4);
    } else if (number) {
        attribute.generator = numberGenerator(attribute.name);
    } else {
        std::tie(attribute.type, attribute.generator) = stringGenerator(attribute.name, role);
    }
    attribute.isMutable = nameMatches(attribute.name, "updated|modified|last_|status|state$");
    return attribute;
}

} // namespace keyscope::model::mcp
