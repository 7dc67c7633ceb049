#include "model/design/recovery/partclassifier.h"

// First slice: constants, integers (padded or not) and text. The other kinds are recognised
// by the full classifier.

namespace keyscope::model::recovery {

namespace {

bool allDigits(const QString &text)
{
    if (text.isEmpty())
        return false;
    for (const QChar c : text) {
        if (c < QLatin1Char('0') || c > QLatin1Char('9'))
            return false;
    }
    return true;
}

} // namespace

QString PartKind::describe() const
{
    switch (kind) {
    case Kind::Constant:
        return QStringLiteral("constant '%1'").arg(constant);
    case Kind::Integer:
        return QStringLiteral("integer, not zero-padded");
    case Kind::PaddedInteger:
        return QStringLiteral("zero-padded integer (%1 digits)").arg(width);
    default:
        return QStringLiteral("text");
    }
}

PartKind classifyPart(const std::vector<QString> &values)
{
    PartKind kind;
    if (values.empty())
        return kind;
    bool same = true;
    bool digits = true;
    int width = -1;
    bool oneWidth = true;
    bool leadingZero = false;
    for (const QString &v : values) {
        same = same && v == values.front();
        if (!allDigits(v)) {
            digits = false;
            continue;
        }
        if (width < 0)
            width = int(v.size());
        oneWidth = oneWidth && width == v.size();
        leadingZero = leadingZero || (v.size() > 1 && v.front() == QLatin1Char('0'));
    }
    if (same) {
        kind.kind = PartKind::Kind::Constant;
        kind.constant = values.front();
    } else if (digits) {
        kind.kind
            = oneWidth && leadingZero ? PartKind::Kind::PaddedInteger : PartKind::Kind::Integer;
        kind.width = oneWidth ? width : 0;
    }
    kind.distinct = qsizetype(values.size());
    return kind;
}

QString templateFilters(const PartKind &kind)
{
    if (kind.kind == PartKind::Kind::PaddedInteger)
        return QStringLiteral("|pad:%1").arg(kind.width);
    return {};
}

AttributeSpec inferredAttribute(const QString &name, const PartKind &kind,
                                const std::vector<QString> &values)
{
    AttributeSpec spec;
    spec.name = name;
    if (kind.kind == PartKind::Kind::Integer || kind.kind == PartKind::Kind::PaddedInteger) {
        spec.type = AttributeKind::N;
        spec.generator.kind = GeneratorSpec::Kind::Sequence;
    } else {
        spec.generator.kind = GeneratorSpec::Kind::Choice;
        for (const QString &v : values) {
            if (!spec.generator.choices.contains(v))
                spec.generator.choices.push_back(v);
        }
    }
    return spec;
}

std::optional<AttributeValue> attributeValueOf(const PartKind &kind, const QString &text)
{
    if (kind.kind == PartKind::Kind::Integer || kind.kind == PartKind::Kind::PaddedInteger) {
        if (!allDigits(text))
            return std::nullopt;
        return AttributeValue::number(Number::fromInt(text.toLongLong()));
    }
    return AttributeValue::string(text);
}

} // namespace keyscope::model::recovery
