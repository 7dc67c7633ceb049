#include "model/design/displaydates.h"

#include "model/design/projectfile.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace keyscope::model {

namespace partvalues = recovery::partvalues;

namespace {

bool hasToken(const partvalues::DisplayFormat &format, partvalues::Token token)
{
    for (const partvalues::FormatToken &t : format.tokens) {
        if (t.token == token)
            return true;
    }
    return false;
}

bool yearFirst(const partvalues::DisplayFormat &format)
{
    for (const partvalues::FormatToken &t : format.tokens) {
        if (t.token != partvalues::Token::Literal)
            return t.token == partvalues::Token::Year4;
    }
    return false;
}

// The generator object the project file holds for an entity type's attribute, or an empty one.
QJsonObject generatorJson(const Project &project, const QString &entity, const QString &attribute)
{
    const QJsonArray entities
        = ProjectFile::toJson(project).value(QLatin1String("entities")).toArray();
    for (const QJsonValue &e : entities) {
        if (e.toObject().value(QLatin1String("name")).toString() != entity)
            continue;
        for (const QJsonValue &a : e.toObject().value(QLatin1String("attributes")).toArray()) {
            if (a.toObject().value(QLatin1String("name")).toString() == attribute)
                return a.toObject().value(QLatin1String("generator")).toObject();
        }
    }
    return QJsonObject();
}

QString compactText(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

} // namespace

QString DisplayDates::whyUnsorted() const
{
    using partvalues::Token;
    QStringList reasons;
    if (hasToken(*format, Token::MonthShort) || hasToken(*format, Token::MonthLong))
        reasons << QStringLiteral("month names sort alphabetically ('Apr' before 'Dec')");
    if (hasToken(*format, Token::Day) || hasToken(*format, Token::Month))
        reasons << QStringLiteral("unpadded numbers sort by their first digit ('10' before '4')");
    if (!yearFirst(*format))
        reasons << QStringLiteral("the year is written last, so a 2024 date can sort before "
                                  "a 2023 one");
    return reasons.join(QStringLiteral("; "));
}

QString DisplayDates::rewrites(qsizetype most) const
{
    QStringList pairs;
    for (qsizetype i = 0; i < values.size() && i < most; ++i)
        pairs << u'\'' + values[i] + QStringLiteral("' as '") + iso[i] + u'\'';
    return pairs.join(QStringLiteral(", "));
}

std::optional<DisplayDates> displayDatesOf(const AttributeSpec &attribute)
{
    if (attribute.type != AttributeKind::S
        || attribute.generator.kind != GeneratorSpec::Kind::Choice)
        return std::nullopt;
    DisplayDates dates;
    dates.values = attribute.generator.choices;
    dates.format = partvalues::commonFormat(dates.values);
    if (!dates.format || dates.format->sortsByTime)
        return std::nullopt;
    for (const QString &value : dates.values)
        dates.iso << partvalues::isoText(*dates.format,
                                         *partvalues::displayInstant(*dates.format, value));
    return dates;
}

namespace {

std::optional<FixChange> isoChoicesChange(const Project &project, const QString &entity,
                                          const QString &attribute, const DisplayDates &dates)
{
    QJsonObject generator = generatorJson(project, entity, attribute);
    if (generator.isEmpty())
        return std::nullopt;
    FixChange change;
    change.kind = FixChange::Kind::AttributeGenerator;
    change.entity = entity;
    change.attribute = attribute;
    change.before = compactText(generator);
    generator.insert(QStringLiteral("choices"), QJsonArray::fromStringList(dates.iso));
    change.after = compactText(generator);
    return change;
}

// `text` with the date that follows `prefix` written as ISO-8601, or nullopt when no date of the
// format follows it.
std::optional<QString> isoAfter(const QString &text, const QString &prefix,
                                const DisplayDates &dates)
{
    if (prefix.isEmpty() || !text.startsWith(prefix))
        return std::nullopt;
    const QStringView rest = QStringView(text).mid(prefix.size());
    for (qsizetype n = rest.size(); n > 0; --n) {
        if (const auto ms = partvalues::displayInstant(*dates.format, rest.left(n)))
            return prefix + partvalues::isoText(*dates.format, *ms) + rest.mid(n).toString();
    }
    return std::nullopt;
}

// The patterns' literal S values holding a date after `prefix`, rewritten.
void isoBoundChanges(const Project &project, const QString &prefix, const DisplayDates &dates,
                     std::vector<FixChange> &changes)
{
    const auto json = [](const QString &text) {
        return compactText(QJsonObject {{QStringLiteral("S"), text}});
    };
    for (const AccessPattern &pattern : project.accessPatterns) {
        for (const auto &[name, value] : pattern.values) {
            if (!value.literal || value.literal->type() != AttributeValue::Type::S)
                continue;
            const auto iso = isoAfter(value.literal->asString(), prefix, dates);
            if (!iso)
                continue;
            FixChange change;
            change.kind = FixChange::Kind::PatternValue;
            change.pattern = pattern.name;
            change.valueName = name;
            change.before = json(value.literal->asString());
            change.after = json(*iso);
            changes.push_back(std::move(change));
        }
    }
}

} // namespace

std::optional<DesignFix> isoDatesFix(const Project &project, const QString &entity,
                                     const QString &attribute, const QString &prefix,
                                     const DisplayDates &dates)
{
    auto choices = isoChoicesChange(project, entity, attribute, dates);
    if (!choices)
        return std::nullopt;
    DesignFix fix;
    fix.summary = QStringLiteral("Write ") + attribute
        + QStringLiteral("'s values as ISO-8601 dates: ") + dates.iso.join(QStringLiteral(", "));
    fix.changes.push_back(std::move(*choices));
    isoBoundChanges(project, prefix, dates, fix.changes);
    return fix;
}

} // namespace keyscope::model
