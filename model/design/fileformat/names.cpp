#include "model/design/fileformat/names.h"

#include "model/design/projectfile.h"

namespace keyscope::model {

namespace fileformat {

namespace {

using Kind = GeneratorSpec::Kind;

// --- Names -----------------------------------------------------------------------------------

struct KindName
{
    Kind kind;
    const char *name;
};

constexpr KindName kKindNames[] = {
    {Kind::Constant, "constant"},
    {Kind::Sequence, "sequence"},
    {Kind::IntegerRange, "integerRange"},
    {Kind::Choice, "choice"},
    {Kind::Names, "names"},
    {Kind::Timestamp, "timestamp"},
    {Kind::Uuid4, "uuid4"},
    {Kind::Ksuid, "ksuid"},
    {Kind::Ulid, "ulid"},
    {Kind::Pattern, "pattern"},
};

struct AttributeKindName
{
    AttributeKind kind;
    const char *name;
};

constexpr AttributeKindName kAttributeKindNames[] = {
    {AttributeKind::S, "S"},
    {AttributeKind::N, "N"},
    {AttributeKind::B, "B"},
    {AttributeKind::Bool, "BOOL"},
    {AttributeKind::Timestamp, "timestamp"},
};

} // namespace

QStringList kindNames()
{
    QStringList names;
    for (const auto &k : kKindNames)
        names << QLatin1String(k.name);
    return names;
}

QStringList attributeKindNames()
{
    QStringList names;
    for (const auto &k : kAttributeKindNames)
        names << QLatin1String(k.name);
    return names;
}

QString someOf(const QStringList &names, const QString &separator)
{
    constexpr qsizetype kShown = 10;
    if (names.size() <= kShown)
        return names.join(separator);
    return names.mid(0, kShown).join(separator) + separator
        + QStringLiteral("… (%1 in all)").arg(names.size());
}

QString listOrNone(const QStringList &names)
{
    return names.isEmpty() ? QStringLiteral("none") : someOf(names);
}

} // namespace fileformat

using fileformat::kAttributeKindNames;
using fileformat::kKindNames;

QString ProjectFile::generatorKindName(GeneratorSpec::Kind kind)
{
    for (const auto &k : kKindNames) {
        if (k.kind == kind)
            return QLatin1String(k.name);
    }
    return {};
}

std::optional<GeneratorSpec::Kind> ProjectFile::generatorKindFromName(const QString &name)
{
    for (const auto &k : kKindNames) {
        if (name == QLatin1String(k.name))
            return k.kind;
    }
    return std::nullopt;
}

QString ProjectFile::attributeKindName(AttributeKind kind)
{
    for (const auto &k : kAttributeKindNames) {
        if (k.kind == kind)
            return QLatin1String(k.name);
    }
    return {};
}

std::optional<AttributeKind> ProjectFile::attributeKindFromName(const QString &name)
{
    for (const auto &k : kAttributeKindNames) {
        if (name == QLatin1String(k.name))
            return k.kind;
    }
    return std::nullopt;
}

} // namespace keyscope::model
