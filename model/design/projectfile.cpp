#include "model/design/projectfile.h"

#include "model/io/suggestion.h"

#include "model/design/keytemplate.h"
#include "model/design/populator.h"
#include "model/design/valuegenerator.h"
#include "model/io/atomicfile.h"
#include "model/io/jsonfile.h"
#include "model/io/jsonwriter.h"
#include "model/io/orderedjson.h"
#include "model/value/dynamojson.h"
#include "model/value/number.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QLocale>
#include <QRegularExpression>
#include <QSet>
#include <QTimeZone>

#include <algorithm>
#include <cmath>

namespace keyscope::model {

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

// At most a few names of a long list, so a message stays a sentence: "A, B, C, … (2,000 in
// all)".
QString someOf(const QStringList &names, const QString &separator = QStringLiteral(", "))
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

// --- JSON helpers ----------------------------------------------------------------------------

QString memberPath(const QString &path, const QString &key)
{
    return path.isEmpty() ? key : path + QLatin1Char('.') + key;
}

QString elementPath(const QString &path, qsizetype index)
{
    return QStringLiteral("%1[%2]").arg(path).arg(index);
}

QString numberText(double value)
{
    if (std::trunc(value) == value && std::abs(value) < 9007199254740992.0)
        return QString::number(qint64(value));
    return QString::number(value, 'g', 17);
}

QString elide(const QString &text)
{
    return text.size() > 40 ? text.left(37) + QStringLiteral("...") : text;
}

// "found ..." for wrong-type messages.
QString describe(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double:
        return QStringLiteral("the number %1").arg(numberText(value.toDouble()));
    case QJsonValue::String:
        return QStringLiteral("the string \"%1\"").arg(elide(value.toString()));
    case QJsonValue::Array:
        return QStringLiteral("an array");
    case QJsonValue::Object:
        return QStringLiteral("an object");
    case QJsonValue::Undefined:
        break;
    }
    return QStringLiteral("nothing");
}

bool isInteger(const QJsonValue &value)
{
    if (!value.isDouble())
        return false;
    const double d = value.toDouble();
    return std::trunc(d) == d && std::abs(d) <= 9007199254740992.0;
}

QJsonObject without(const QJsonObject &object, const QSet<QString> &known)
{
    QJsonObject rest;
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (!known.contains(it.key()))
            rest.insert(it.key(), it.value());
    }
    return rest;
}

// --- Reading ---------------------------------------------------------------------------------

class Reader
{
public:
    explicit Reader(QString source)
        : m_source(std::move(source))
    { }

    void error(const QString &path, const QString &message)
    {
        m_errors.push_back(IoError {m_source, 0, 0, path, message});
    }
    std::vector<IoError> takeErrors() { return std::move(m_errors); }
    bool hasErrors() const { return !m_errors.empty(); }
    qsizetype errorCount() const { return qsizetype(m_errors.size()); }

private:
    QString m_source;
    std::vector<IoError> m_errors;
};

// Reads the members of one object; what it was asked for is "known", the rest is extra.
class ObjectReader
{
public:
    ObjectReader(Reader &reader, QJsonObject object, QString path)
        : m_reader(reader)
        , m_object(std::move(object))
        , m_path(std::move(path))
    { }

    const QString &path() const { return m_path; }
    QString pathOf(const QString &key) const { return memberPath(m_path, key); }
    bool has(const QString &key) const { return m_object.contains(key); }
    const QJsonObject &object() const { return m_object; }

    QJsonValue take(const QString &key)
    {
        m_known.insert(key);
        return m_object.value(key);
    }

    void missing(const QString &key, const QString &what)
    {
        m_reader.error(pathOf(key), QStringLiteral("missing (%1)").arg(what));
    }

    void wrongType(const QString &key, const QString &expected, const QJsonValue &found)
    {
        m_reader.error(pathOf(key),
                       QStringLiteral("expected %1, found %2").arg(expected, describe(found)));
    }

    // `what` describes the member for a "missing" error ("the entity type's name, e.g. ...");
    // empty makes the member optional.
    std::optional<QString> string(const QString &key, const QString &what = {})
    {
        const QJsonValue value = take(key);
        if (value.isUndefined()) {
            if (!what.isEmpty())
                missing(key, what);
            return std::nullopt;
        }
        if (!value.isString()) {
            wrongType(key, QStringLiteral("a string"), value);
            return std::nullopt;
        }
        return value.toString();
    }

    std::optional<bool> boolean(const QString &key)
    {
        const QJsonValue value = take(key);
        if (value.isUndefined())
            return std::nullopt;
        if (!value.isBool()) {
            wrongType(key, QStringLiteral("true or false"), value);
            return std::nullopt;
        }
        return value.toBool();
    }

    std::optional<qint64> integer(const QString &key, qint64 min, const QString &what = {})
    {
        const QJsonValue value = take(key);
        if (value.isUndefined()) {
            if (!what.isEmpty())
                missing(key, what);
            return std::nullopt;
        }
        return checkInteger(m_reader, pathOf(key), value, min);
    }

    static std::optional<qint64> checkInteger(Reader &reader, const QString &path,
                                              const QJsonValue &value, qint64 min)
    {
        if (!isInteger(value)) {
            reader.error(path,
                         QStringLiteral("expected an integer, found %1").arg(describe(value)));
            return std::nullopt;
        }
        const qint64 number = qint64(value.toDouble());
        if (number < min) {
            reader.error(path,
                         QStringLiteral("must be at least %1, found %2").arg(min).arg(number));
            return std::nullopt;
        }
        return number;
    }

    std::optional<QJsonObject> object(const QString &key, const QString &what = {})
    {
        const QJsonValue value = take(key);
        if (value.isUndefined()) {
            if (!what.isEmpty())
                missing(key, what);
            return std::nullopt;
        }
        if (!value.isObject()) {
            wrongType(key, QStringLiteral("an object"), value);
            return std::nullopt;
        }
        return value.toObject();
    }

    std::optional<QJsonArray> array(const QString &key, const QString &what = {})
    {
        const QJsonValue value = take(key);
        if (value.isUndefined()) {
            if (!what.isEmpty())
                missing(key, what);
            return std::nullopt;
        }
        if (!value.isArray()) {
            wrongType(key, QStringLiteral("an array"), value);
            return std::nullopt;
        }
        return value.toArray();
    }

    QJsonObject extra() const { return without(m_object, m_known); }

    // The unknown members, after reporting the ones that look like a misspelt member of this
    // object (`"colour"`, `"atributes"`, `"keyConditionExpression"`) whose correct spelling is
    // absent: those are mistakes, not members of a newer format. Members named "x-..." are
    // never questioned.
    QJsonObject extra(const QStringList &members)
    {
        static const QHash<QString, QString> aliases = {
            {QStringLiteral("keyConditionExpression"), QStringLiteral("keyCondition")},
            {QStringLiteral("KeyConditionExpression"), QStringLiteral("keyCondition")},
            {QStringLiteral("filterExpression"), QStringLiteral("filter")},
            {QStringLiteral("FilterExpression"), QStringLiteral("filter")},
            {QStringLiteral("indexName"), QStringLiteral("index")},
            {QStringLiteral("IndexName"), QStringLiteral("index")},
            {QStringLiteral("expressionAttributeNames"), QStringLiteral("names")},
            {QStringLiteral("ExpressionAttributeNames"), QStringLiteral("names")},
            {QStringLiteral("expressionAttributeValues"), QStringLiteral("values")},
            {QStringLiteral("ExpressionAttributeValues"), QStringLiteral("values")},
            {QStringLiteral("colour"), QStringLiteral("color")},
            {QStringLiteral("template"), QStringLiteral("keys")},
            {QStringLiteral("templates"), QStringLiteral("keys")},
            {QStringLiteral("keyTemplates"), QStringLiteral("keys")},
            {QStringLiteral("isMutable"), QStringLiteral("mutable")},
            {QStringLiteral("parentEntity"), QStringLiteral("parent")},
            {QStringLiteral("tableDefinition"), QStringLiteral("table")},
            {QStringLiteral("entityTypes"), QStringLiteral("entities")},
            {QStringLiteral("patterns"), QStringLiteral("accessPatterns")},
            {QStringLiteral("expectation"), QStringLiteral("expect")},
            {QStringLiteral("expected"), QStringLiteral("expect")},
            {QStringLiteral("version"), QStringLiteral("keyscope")},
        };
        const QJsonObject rest = extra();
        for (auto it = rest.begin(); it != rest.end(); ++it) {
            const QString &key = it.key();
            if (key.startsWith(QStringLiteral("x-")))
                continue;
            QString meant = aliases.value(key);
            if (!members.contains(meant))
                meant = closestMatch(key, members);
            if (meant.isEmpty() || m_object.contains(meant))
                continue;
            m_reader.error(pathOf(key),
                           QStringLiteral("unknown member '%1'; did you mean '%2'? (Members this "
                                          "version does not know are kept as they are; name "
                                          "your own \"x-...\" to keep them without this "
                                          "check)")
                               .arg(key, meant));
        }
        return rest;
    }

private:
    Reader &m_reader;
    QJsonObject m_object;
    QString m_path;
    QSet<QString> m_known;
};

// A name a placeholder can refer to: no '.', braces, '|' or ':' (they mean something in a
// key template), not empty.
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
        return numberText(value.toDouble());
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
                         .arg(elide(*text));
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

GeneratorSpec readGenerator(Reader &reader, const QJsonObject &json, const QString &path,
                            AttributeKind type, bool typeKnown)
{
    GeneratorSpec spec;
    ObjectReader in(reader, json, path);
    const auto kindText = in.string(QStringLiteral("kind"),
                                    QStringLiteral("the generator's kind, one of ")
                                        + kindNames().join(QStringLiteral(", ")));
    if (!kindText) {
        spec.extra = in.extra();
        return spec;
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
        return spec;
    }
    spec.kind = *kind;

    const auto instant = [&](const QString &key, qint64 *out, bool required) {
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
    };
    const auto scalar = [&](const QJsonValue &value, const QString &valuePath, QString *out) {
        QString error;
        const auto text = checkScalar(value, typeKnown ? type : AttributeKind::S, &error);
        if (!text) {
            reader.error(valuePath, error);
            return false;
        }
        *out = *text;
        return true;
    };

    switch (*kind) {
    case Kind::Constant: {
        const QJsonValue value = in.take(QStringLiteral("value"));
        if (value.isUndefined())
            in.missing(QStringLiteral("value"),
                       QStringLiteral("the constant's value, e.g. "
                                      "\"value\": \"ACTIVE\""));
        else
            scalar(value, in.pathOf(QStringLiteral("value")), &spec.constant);
        break;
    }
    case Kind::Sequence:
        spec.start
            = in.integer(QStringLiteral("start"), std::numeric_limits<qint64>::min()).value_or(1);
        spec.step
            = in.integer(QStringLiteral("step"), std::numeric_limits<qint64>::min()).value_or(1);
        spec.perParent = in.boolean(QStringLiteral("perParent")).value_or(false);
        break;
    case Kind::IntegerRange: {
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
        break;
    }
    case Kind::Choice: {
        const auto choices = in.array(QStringLiteral("choices"),
                                      QStringLiteral("the values to choose from, e.g. "
                                                     "\"choices\": [\"OPEN\", \"CLOSED\"]"));
        if (choices) {
            if (choices->isEmpty())
                reader.error(in.pathOf(QStringLiteral("choices")),
                             QStringLiteral("is empty: list at least one value"));
            for (qsizetype i = 0; i < choices->size(); ++i) {
                QString text;
                if (scalar(choices->at(i), elementPath(in.pathOf(QStringLiteral("choices")), i),
                           &text))
                    spec.choices << text;
            }
        }
        break;
    }
    case Kind::Timestamp: {
        spec.random = in.boolean(QStringLiteral("random")).value_or(false);
        if (spec.random) {
            const bool hasMin = instant(QStringLiteral("min"), &spec.min, true);
            const bool hasMax = instant(QStringLiteral("max"), &spec.max, true);
            if (hasMin && hasMax && spec.min > spec.max)
                reader.error(in.pathOf(QStringLiteral("min")),
                             QStringLiteral("min (%1) is after max (%2); swap them")
                                 .arg(ProjectFile::formatInstant(spec.min),
                                      ProjectFile::formatInstant(spec.max)));
        } else {
            instant(QStringLiteral("start"), &spec.start, true);
            const QJsonValue step = in.take(QStringLiteral("step"));
            if (step.isUndefined()) {
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
        break;
    }
    case Kind::Pattern: {
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
        break;
    }
    case Kind::Ksuid:
    case Kind::Ulid:
        // The time the id carries: random in [min, max], or start + ordinal * step, or (neither)
        // the population's "now" + ordinal * step.
        spec.random = in.boolean(QStringLiteral("random")).value_or(false);
        if (spec.random) {
            const bool hasMin = instant(QStringLiteral("min"), &spec.min, true);
            const bool hasMax = instant(QStringLiteral("max"), &spec.max, true);
            if (hasMin && hasMax && spec.min > spec.max)
                reader.error(in.pathOf(QStringLiteral("min")),
                             QStringLiteral("min (%1) is after max (%2); swap them")
                                 .arg(ProjectFile::formatInstant(spec.min),
                                      ProjectFile::formatInstant(spec.max)));
        } else {
            instant(QStringLiteral("start"), &spec.start, false);
            const QJsonValue step = in.take(QStringLiteral("step"));
            if (!step.isUndefined()) {
                QString error;
                const auto parsed = ProjectFile::parseDuration(step, &error);
                if (parsed)
                    spec.step = *parsed;
                else
                    reader.error(in.pathOf(QStringLiteral("step")), error);
            }
        }
        spec.perParent = in.boolean(QStringLiteral("perParent")).value_or(false);
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

std::optional<KeyTemplate> parseTemplate(Reader &reader, const QString &path, const QString &text)
{
    auto parsed = KeyTemplate::parse(text);
    if (auto *error = std::get_if<TemplateError>(&parsed)) {
        QString message = error->message;
        if (error->column > 0 && !message.contains(QStringLiteral("column")))
            message += QStringLiteral(" (column %1)").arg(error->column);
        reader.error(path, QStringLiteral("in template \"%1\": %2").arg(text, message));
        return std::nullopt;
    }
    return std::get<KeyTemplate>(std::move(parsed));
}

// Entity types after the structural pass, with what the cross-checks need.
struct EntityInfo
{
    QString path;
    bool chainOk = true;   // the parent chain ends at a root (no unknown parent, no cycle)
    QStringList ancestors; // parent first
    QHash<QString, QString> keyPaths;       // key attribute -> JSON path of its template
    QHash<QString, QString> attributePaths; // attribute name -> JSON path of its type
};

const AttributeSpec *findAttribute(const EntityType &entity, const QString &name)
{
    for (const auto &attribute : entity.attributes) {
        if (attribute.name == name)
            return &attribute;
    }
    return nullptr;
}

QStringList attributeNames(const EntityType &entity)
{
    QStringList names;
    for (const auto &attribute : entity.attributes)
        names << attribute.name;
    return names;
}

// Resolves a placeholder against `owner` (own attribute, or "Ancestor.Attribute"). On failure
// returns nullptr and says why.
const AttributeSpec *resolvePlaceholder(const Project &project, const EntityType &owner,
                                        const QStringList &ancestors, const QString &placeholder,
                                        QString *why)
{
    const qsizetype dot = placeholder.indexOf(QLatin1Char('.'));
    if (dot < 0) {
        if (const AttributeSpec *attribute = findAttribute(owner, placeholder))
            return attribute;
        QString hint = didYouMean(placeholder, attributeNames(owner));
        if (hint.isEmpty()) {
            for (const QString &ancestor : ancestors) {
                const EntityType *type = project.entity(ancestor);
                if (type && findAttribute(*type, placeholder)) {
                    hint = QStringLiteral("; %1 has it: write {%1.%2}").arg(ancestor, placeholder);
                    break;
                }
            }
        }
        *why = QStringLiteral("{%1} names no attribute of %2 (its attributes: %3)%4")
                   .arg(placeholder, owner.name, listOrNone(attributeNames(owner)), hint);
        return nullptr;
    }
    const QString typeName = placeholder.left(dot);
    const QString attributeName = placeholder.mid(dot + 1);
    const EntityType *type = nullptr;
    if (typeName == owner.name)
        type = &owner;
    else if (ancestors.contains(typeName))
        type = project.entity(typeName);
    if (!type) {
        QStringList candidates = ancestors;
        candidates.prepend(owner.name);
        *why = ancestors.isEmpty()
            ? QStringLiteral("{%1}: %2 is not %3, and %3 has no parent; a placeholder names "
                             "an attribute of %3 or of an ancestor (\"parent\")")
                  .arg(placeholder, typeName, owner.name)
            : QStringLiteral("{%1}: %2 is not %3 or one of its ancestors (%4)%5")
                  .arg(placeholder, typeName, owner.name, ancestors.join(QStringLiteral(", ")),
                       didYouMean(typeName, candidates));
        return nullptr;
    }
    if (const AttributeSpec *attribute = findAttribute(*type, attributeName))
        return attribute;
    *why = QStringLiteral("{%1}: %2 has no attribute %3 (its attributes: %4)%5")
               .arg(placeholder, type->name, attributeName, listOrNone(attributeNames(*type)),
                    didYouMean(attributeName, attributeNames(*type)));
    return nullptr;
}

QString keyTypeName(AttributeValue::Type type)
{
    switch (type) {
    case AttributeValue::Type::S:
        return QStringLiteral("a string (S)");
    case AttributeValue::Type::N:
        return QStringLiteral("a number (N)");
    case AttributeValue::Type::B:
        return QStringLiteral("a binary (B)");
    default:
        return AttributeValue::typeName(type);
    }
}

std::optional<AttributeValue::Type> keyTypeOf(const TableDefinition &table, const QString &name)
{
    for (const auto &k : table.keys.all()) {
        if (k.name == name)
            return k.type;
    }
    for (const auto &index : table.indexes) {
        for (const auto &k : index.keys.all()) {
            if (k.name == name)
                return k.type;
        }
    }
    return std::nullopt;
}

// What an attribute of `kind` stores as an item value; nullopt for BOOL (never a key).
std::optional<AttributeValue::Type> storedType(AttributeKind kind)
{
    switch (kind) {
    case AttributeKind::S:
    case AttributeKind::Timestamp:
        return AttributeValue::Type::S;
    case AttributeKind::N:
        return AttributeValue::Type::N;
    case AttributeKind::B:
        return AttributeValue::Type::B;
    case AttributeKind::Bool:
        return std::nullopt;
    }
    return std::nullopt;
}

// "the table's partition key PK", "the sort key of index GSI1 (GSI1SK)".
QString keyRole(const TableDefinition &table, const QString &name)
{
    QStringList roles;
    for (const auto &k : table.keys.hash) {
        if (k.name == name)
            roles << QStringLiteral("the table's partition key");
    }
    for (const auto &k : table.keys.range) {
        if (k.name == name)
            roles << QStringLiteral("the table's sort key");
    }
    for (const auto &index : table.indexes) {
        for (const auto &k : index.keys.hash) {
            if (k.name == name)
                roles << QStringLiteral("the partition key of index %1").arg(index.name);
        }
        for (const auto &k : index.keys.range) {
            if (k.name == name)
                roles << QStringLiteral("the sort key of index %1").arg(index.name);
        }
    }
    return roles.join(QStringLiteral(" and "));
}

// An example template for a missing table key, from the entity's name and first attribute.
QString exampleTemplate(const EntityType &entity)
{
    const QString prefix = entity.name.toUpper() + QLatin1Char('#');
    if (entity.attributes.empty())
        return prefix;
    return prefix + QLatin1Char('{') + entity.attributes.front().name + QLatin1Char('}');
}

class ProjectReader
{
public:
    ProjectReader(Reader &reader)
        : m_reader(reader)
    { }

    std::optional<Project> read(const QJsonDocument &document);

private:
    void readTable(ObjectReader &root);
    void readEntities(ObjectReader &root);
    EntityType readEntity(const QJsonObject &json, const QString &path, EntityInfo &info);
    AttributeSpec readAttribute(const QJsonObject &json, const QString &path);
    void checkParents();
    void checkKeys(std::size_t index);
    void readAccessPatterns(ObjectReader &root);
    AccessPattern readAccessPattern(const QJsonObject &json, const QString &path);
    void readExpectation(const QJsonObject &json, const QString &path, AccessPattern &pattern);
    void readItems(ObjectReader &root);
    const EntityInfo *infoOf(const QString &entityName) const;

    Reader &m_reader;
    Project m_project;
    bool m_tableOk = false;
    std::vector<EntityInfo> m_info;
};

std::optional<Project> ProjectReader::read(const QJsonDocument &document)
{
    if (!document.isObject()) {
        m_reader.error({},
                       QStringLiteral("expected a Keyscope project: a JSON object that starts "
                                      "with {\"keyscope\": 1, ...}"));
        return std::nullopt;
    }
    ObjectReader root(m_reader, document.object(), {});
    const QJsonValue version = root.take(QStringLiteral("keyscope"));
    if (version.isUndefined()) {
        const bool looksLikeTable = root.has(QStringLiteral("KeySchema"))
            || root.has(QStringLiteral("TableName")) || root.has(QStringLiteral("Table"));
        m_reader.error(QStringLiteral("keyscope"),
                       looksLikeTable
                           ? QStringLiteral("missing: this looks like a table definition, not a "
                                            "Keyscope project; a project starts with "
                                            "{\"keyscope\": 1, ...} and holds the table "
                                            "definition in \"table\"")
                           : QStringLiteral("missing: a Keyscope project starts with "
                                            "{\"keyscope\": 1, ...} (the format version)"));
        return std::nullopt;
    }
    if (!isInteger(version) || version.toDouble() < 1) {
        m_reader.error(QStringLiteral("keyscope"),
                       QStringLiteral("expected the format version, a positive integer such as "
                                      "1, found %1")
                           .arg(describe(version)));
        return std::nullopt;
    }
    const qint64 fileVersion = qint64(version.toDouble());
    if (fileVersion > Project::kFormatVersion) {
        // Everything else may mean something different in a newer format: stop here.
        m_reader.error(QStringLiteral("keyscope"),
                       QStringLiteral("written by a newer Keyscope (version %1); this one reads "
                                      "version %2. Open it with a newer Keyscope")
                           .arg(fileVersion)
                           .arg(Project::kFormatVersion));
        return std::nullopt;
    }
    m_project.version = int(fileVersion);

    m_project.name = root.string(QStringLiteral("name")).value_or(QString());
    m_project.description = root.string(QStringLiteral("description")).value_or(QString());
    const QJsonValue seed = root.take(QStringLiteral("seed"));
    if (seed.isString()) {
        bool ok = false;
        m_project.seed = seed.toString().toULongLong(&ok);
        if (!ok)
            m_reader.error(
                QStringLiteral("seed"),
                QStringLiteral("expected a non-negative integer, found %1").arg(describe(seed)));
    } else if (seed.isDouble() && seed.toDouble() > 9007199254740992.0) {
        m_reader.error(QStringLiteral("seed"),
                       QStringLiteral("is above 9007199254740992, too large for a JSON number "
                                      "to hold exactly; write it as a string of digits, e.g. "
                                      "\"18446744073709551615\""));
    } else if (!seed.isUndefined()) {
        if (const auto value
            = ObjectReader::checkInteger(m_reader, QStringLiteral("seed"), seed, 0))
            m_project.seed = quint64(*value);
    }
    readTable(root);
    readEntities(root);
    readAccessPatterns(root);
    readItems(root);
    if (const auto view = root.object(QStringLiteral("view")))
        m_project.view = *view;
    m_project.extra = root.extra(QStringList {
        QStringLiteral("keyscope"), QStringLiteral("name"), QStringLiteral("description"),
        QStringLiteral("seed"), QStringLiteral("table"), QStringLiteral("entities"),
        QStringLiteral("accessPatterns"), QStringLiteral("items"), QStringLiteral("view")});
    if (m_reader.hasErrors())
        return std::nullopt;
    return std::move(m_project);
}

void ProjectReader::readTable(ObjectReader &root)
{
    const auto table = root.object(
        QStringLiteral("table"),
        QStringLiteral("the table definition, as `aws dynamodb create-table --cli-input-json` "
                       "takes it: {\"TableName\": ..., \"AttributeDefinitions\": [...], "
                       "\"KeySchema\": [...]}"));
    if (!table)
        return;
    m_project.tableJson = *table;
    QString error;
    auto definition = TableDefinition::fromJson(*table, &error);
    if (!definition) {
        m_reader.error(QStringLiteral("table"), error);
        return;
    }
    m_project.table = std::move(*definition);
    m_tableOk = true;
}

AttributeSpec ProjectReader::readAttribute(const QJsonObject &json, const QString &path)
{
    AttributeSpec attribute;
    ObjectReader in(m_reader, json, path);
    if (const auto name = in.string(QStringLiteral("name"),
                                    QStringLiteral("the attribute's name, e.g. \"DeviceId\""))) {
        attribute.name = *name;
        if (const auto problem = nameProblem(*name))
            m_reader.error(in.pathOf(QStringLiteral("name")), *problem);
    }
    bool typeKnown = false;
    if (const auto type = in.string(QStringLiteral("type"),
                                    QStringLiteral("the attribute's type, one of S, N, B, BOOL, "
                                                   "timestamp"))) {
        if (const auto kind = ProjectFile::attributeKindFromName(*type)) {
            attribute.type = *kind;
            typeKnown = true;
        } else {
            static const QHash<QString, QString> synonyms = {
                {QStringLiteral("string"), QStringLiteral("S")},
                {QStringLiteral("number"), QStringLiteral("N")},
                {QStringLiteral("binary"), QStringLiteral("B")},
                {QStringLiteral("boolean"), QStringLiteral("BOOL")},
                {QStringLiteral("bool"), QStringLiteral("BOOL")},
                {QStringLiteral("datetime"), QStringLiteral("timestamp")},
                {QStringLiteral("date"), QStringLiteral("timestamp")},
                {QStringLiteral("time"), QStringLiteral("timestamp")},
            };
            QString hint;
            if (synonyms.contains(type->toLower()))
                hint = QStringLiteral("; did you mean '%1'?").arg(synonyms.value(type->toLower()));
            else
                hint = didYouMean(*type, attributeKindNames());
            m_reader.error(in.pathOf(QStringLiteral("type")),
                           QStringLiteral("unknown type '%1'%2 (valid types: %3)")
                               .arg(*type, hint, attributeKindNames().join(QStringLiteral(", "))));
        }
    }
    const qsizetype errorsBefore = m_reader.errorCount();
    if (const auto generator
        = in.object(QStringLiteral("generator"),
                    QStringLiteral("how values are made, e.g. "
                                   "{\"kind\": \"sequence\", \"start\": 1}"))) {
        attribute.generator
            = readGenerator(m_reader, *generator, in.pathOf(QStringLiteral("generator")),
                            attribute.type, typeKnown);
        // What the file says is well-formed: let the generator itself judge the combination
        // (a kind that cannot make the attribute's type, ...), as population will.
        if (typeKnown && m_reader.errorCount() == errorsBefore) {
            const auto created = ValueGenerator::create(attribute);
            if (const auto *error = std::get_if<QString>(&created))
                m_reader.error(in.pathOf(QStringLiteral("generator")), *error);
        }
    }
    attribute.isMutable = in.boolean(QStringLiteral("mutable")).value_or(false);
    attribute.exposedInUrl = in.boolean(QStringLiteral("exposedInUrl")).value_or(false);
    attribute.extra = in.extra(QStringList {QStringLiteral("name"), QStringLiteral("type"),
                                            QStringLiteral("generator"), QStringLiteral("mutable"),
                                            QStringLiteral("exposedInUrl")});
    return attribute;
}

EntityType ProjectReader::readEntity(const QJsonObject &json, const QString &path, EntityInfo &info)
{
    EntityType entity;
    ObjectReader in(m_reader, json, path);
    if (const auto name = in.string(QStringLiteral("name"),
                                    QStringLiteral("the entity type's name, e.g. \"Device\""))) {
        entity.name = *name;
        if (const auto problem = nameProblem(*name))
            m_reader.error(in.pathOf(QStringLiteral("name")), *problem);
    }
    if (const auto color = in.string(QStringLiteral("color"))) {
        entity.color = *color;
        static const QRegularExpression rgb(QStringLiteral("^#[0-9A-Fa-f]{6}$"));
        if (!rgb.match(*color).hasMatch())
            m_reader.error(in.pathOf(QStringLiteral("color")),
                           QStringLiteral("expected a colour as \"#RRGGBB\" (e.g. \"#4E79A7\"), "
                                          "found \"%1\"")
                               .arg(*color));
    }
    entity.parent = in.string(QStringLiteral("parent")).value_or(QString());

    const QJsonValue count = in.take(QStringLiteral("count"));
    const QString countPath = in.pathOf(QStringLiteral("count"));
    // A count above what one population may hold is refused here, quoting the number as
    // written (it would not fit the int it is kept in anyway).
    const auto overLimit = [&](const QString &path, qint64 n) {
        if (n <= Populator::kMaxItems)
            return false;
        m_reader.error(path,
                       QStringLiteral("%1 items is more than Keyscope populates (at most %2 "
                                      "items in all); lower the count")
                           .arg(QLocale(QLocale::English).toString(n),
                                QLocale(QLocale::English).toString(Populator::kMaxItems)));
        return true;
    };
    if (count.isDouble()) {
        if (const auto n = ObjectReader::checkInteger(m_reader, countPath, count, 0);
            n && !overLimit(countPath, *n))
            entity.countMin = entity.countMax = int(*n);
    } else if (count.isArray()) {
        const QJsonArray range = count.toArray();
        if (range.size() != 2) {
            m_reader.error(countPath,
                           QStringLiteral("expected [min, max] (two integers, e.g. "
                                          "[25, 40]), found an array of %1")
                               .arg(range.size()));
        } else {
            const auto min
                = ObjectReader::checkInteger(m_reader, elementPath(countPath, 0), range.at(0), 0);
            const auto max
                = ObjectReader::checkInteger(m_reader, elementPath(countPath, 1), range.at(1), 0);
            if (min && max && !overLimit(elementPath(countPath, 0), *min)
                && !overLimit(elementPath(countPath, 1), *max)) {
                entity.countMin = int(*min);
                entity.countMax = int(*max);
                if (*min > *max)
                    m_reader.error(countPath,
                                   QStringLiteral("countMin %1 is greater than countMax %2: write "
                                                  "[%2, %1]")
                                       .arg(*min)
                                       .arg(*max));
            }
        }
    } else if (!count.isUndefined()) {
        m_reader.error(countPath,
                       QStringLiteral("expected a count (25) or a range [min, max] "
                                      "([25, 40]), found %1")
                           .arg(describe(count)));
    }

    if (const auto attributes = in.array(QStringLiteral("attributes"))) {
        const QString attributesPath = in.pathOf(QStringLiteral("attributes"));
        QSet<QString> seen;
        for (qsizetype i = 0; i < attributes->size(); ++i) {
            const QString attributePath = elementPath(attributesPath, i);
            if (!attributes->at(i).isObject()) {
                m_reader.error(attributePath,
                               QStringLiteral("expected an attribute object {\"name\": ..., "
                                              "\"type\": ..., \"generator\": {...}}, found %1")
                                   .arg(describe(attributes->at(i))));
                continue;
            }
            AttributeSpec attribute = readAttribute(attributes->at(i).toObject(), attributePath);
            if (!attribute.name.isEmpty()) {
                if (seen.contains(attribute.name))
                    m_reader.error(memberPath(attributePath, QStringLiteral("name")),
                                   QStringLiteral("%1 already has an attribute named %2")
                                       .arg(entity.name, attribute.name));
                seen.insert(attribute.name);
                info.attributePaths.insert(attribute.name,
                                           memberPath(attributePath, QStringLiteral("type")));
            }
            entity.attributes.push_back(std::move(attribute));
        }
    }

    if (const auto keys = in.object(QStringLiteral("keys"))) {
        const QString keysPath = in.pathOf(QStringLiteral("keys"));
        for (auto it = keys->begin(); it != keys->end(); ++it) {
            const QString keyPath = memberPath(keysPath, it.key());
            if (!it.value().isString()) {
                m_reader.error(keyPath,
                               QStringLiteral("expected a key template string such as "
                                              "\"DEVICE#{DeviceId}\", found %1")
                                   .arg(describe(it.value())));
                continue;
            }
            entity.keys[it.key()] = it.value().toString();
            info.keyPaths.insert(it.key(), keyPath);
        }
    }
    entity.extra = in.extra(QStringList {QStringLiteral("name"), QStringLiteral("color"),
                                         QStringLiteral("parent"), QStringLiteral("count"),
                                         QStringLiteral("attributes"), QStringLiteral("keys")});
    return entity;
}

void ProjectReader::readEntities(ObjectReader &root)
{
    const auto entities = root.array(QStringLiteral("entities"));
    if (!entities)
        return;
    QSet<QString> names;
    for (qsizetype i = 0; i < entities->size(); ++i) {
        const QString path = elementPath(QStringLiteral("entities"), i);
        EntityInfo info;
        info.path = path;
        if (!entities->at(i).isObject()) {
            m_reader.error(path,
                           QStringLiteral("expected an entity type object {\"name\": ..., "
                                          "\"attributes\": [...], \"keys\": {...}}, "
                                          "found %1")
                               .arg(describe(entities->at(i))));
            info.chainOk = false;
            m_project.entities.emplace_back();
            m_info.push_back(info);
            continue;
        }
        EntityType entity = readEntity(entities->at(i).toObject(), path, info);
        if (!entity.name.isEmpty()) {
            if (names.contains(entity.name))
                m_reader.error(memberPath(path, QStringLiteral("name")),
                               QStringLiteral("another entity type is already named %1; names "
                                              "must be unique")
                                   .arg(entity.name));
            names.insert(entity.name);
        }
        m_project.entities.push_back(std::move(entity));
        m_info.push_back(std::move(info));
    }
    checkParents();
    for (std::size_t i = 0; i < m_project.entities.size(); ++i) {
        if (entities->at(qsizetype(i)).isObject())
            checkKeys(i);
    }
}

const EntityInfo *ProjectReader::infoOf(const QString &entityName) const
{
    for (std::size_t i = 0; i < m_project.entities.size(); ++i) {
        if (m_project.entities[i].name == entityName)
            return &m_info[i];
    }
    return nullptr;
}

void ProjectReader::checkParents()
{
    // Linear in the number of types: one index by name, and each chain walked once (a type
    // whose parent is settled takes its result and ancestors from it).
    QHash<QString, std::size_t> byName;
    QStringList names;
    for (std::size_t i = 0; i < m_project.entities.size(); ++i) {
        const QString &name = m_project.entities[i].name;
        if (!byName.contains(name)) {
            byName.insert(name, i);
            names << name;
        }
    }
    enum class State { Unvisited, Walking, Settled };
    std::vector<State> state(m_project.entities.size(), State::Unvisited);
    QSet<QString> reportedCycle;

    // Settles `start` and every unsettled type above it; returns whether start's chain is ok.
    const auto settle = [&](std::size_t start) {
        std::vector<std::size_t> walk;
        std::size_t current = start;
        bool ok = true;
        while (true) {
            if (state[current] == State::Settled) {
                ok = m_info[current].chainOk;
                break;
            }
            if (state[current] == State::Walking) {
                // A cycle: the types from `current` on in the walk. Reported once, at the type
                // that closes it when that is where the walk began.
                const auto from = std::find(walk.begin(), walk.end(), current);
                QStringList cycle;
                for (auto it = from; it != walk.end(); ++it)
                    cycle << m_project.entities[*it].name;
                QStringList sorted = cycle;
                sorted.sort();
                const QString key = sorted.join(u',');
                if (!reportedCycle.contains(key)) {
                    reportedCycle.insert(key);
                    const std::size_t at = *from;
                    m_reader.error(memberPath(m_info[at].path, QStringLiteral("parent")),
                                   QStringLiteral("the parents form a cycle (%1 -> %2); one of "
                                                  "them must be a root type without \"parent\"")
                                       .arg(someOf(cycle, QStringLiteral(" -> ")),
                                            m_project.entities[at].name));
                }
                ok = false;
                break;
            }
            state[current] = State::Walking;
            walk.push_back(current);
            const EntityType &entity = m_project.entities[current];
            EntityInfo &info = m_info[current];
            if (!info.chainOk) {
                ok = false;
                break;
            }
            if (entity.parent.isEmpty())
                break; // a root
            const QString parentPath = memberPath(info.path, QStringLiteral("parent"));
            if (entity.parent == entity.name) {
                m_reader.error(parentPath,
                               QStringLiteral("%1 names itself as its parent; a root "
                                              "type has no \"parent\"")
                                   .arg(entity.name));
                info.chainOk = false;
                ok = false;
                break;
            }
            const auto parent = byName.constFind(entity.parent);
            if (parent == byName.constEnd()) {
                QStringList others = names;
                others.removeAll(entity.name);
                m_reader.error(
                    parentPath,
                    QStringLiteral("parent '%1' names no entity type%2 (entity types: "
                                   "%3)")
                        .arg(entity.parent, didYouMean(entity.parent, others), listOrNone(others)));
                info.chainOk = false;
                ok = false;
                break;
            }
            current = *parent;
        }
        // Everything walked shares the outcome; ancestors come from the settled parent.
        for (auto it = walk.rbegin(); it != walk.rend(); ++it) {
            const std::size_t index = *it;
            state[index] = State::Settled;
            EntityInfo &info = m_info[index];
            info.chainOk = info.chainOk && ok;
            info.ancestors.clear();
            const QString &parentName = m_project.entities[index].parent;
            if (info.chainOk && !parentName.isEmpty()) {
                const std::size_t parent = byName.value(parentName);
                info.ancestors.reserve(m_info[parent].ancestors.size() + 1);
                info.ancestors << parentName << m_info[parent].ancestors;
            }
        }
        return ok;
    };
    for (std::size_t i = 0; i < m_project.entities.size(); ++i)
        settle(i);
}

void ProjectReader::checkKeys(std::size_t index)
{
    const EntityType &entity = m_project.entities[index];
    const EntityInfo &info = m_info[index];
    const TableDefinition &table = m_project.table;
    const QStringList keyNames = table.allKeyAttributeNames();

    for (const auto &[attribute, text] : entity.keys) {
        const QString path = info.keyPaths.value(attribute);
        if (m_tableOk && !keyNames.contains(attribute)) {
            m_reader.error(
                path,
                QStringLiteral("%1 is not a key attribute of the table or of any "
                               "index%2 (key attributes: %3); a key template "
                               "only makes sense for a key, other attributes "
                               "go in \"attributes\"")
                    .arg(attribute, didYouMean(attribute, keyNames), listOrNone(keyNames)));
            continue;
        }
        if (findAttribute(entity, attribute)) {
            m_reader.error(path,
                           QStringLiteral("%1 is both an attribute of %2 and a key "
                                          "template; keep one (the template overwrites "
                                          "the generated value)")
                               .arg(attribute, entity.name));
        }
        const auto parsed = parseTemplate(m_reader, path, text);
        if (!parsed)
            continue;
        // Placeholders must name attributes the item (or its ancestors) has.
        QStringList problems;
        const AttributeSpec *single = nullptr;
        for (const QString &placeholder : parsed->placeholders()) {
            QString why;
            const AttributeSpec *resolved = info.chainOk || !placeholder.contains(u'.')
                ? resolvePlaceholder(m_project, entity, info.ancestors, placeholder, &why)
                : nullptr;
            if (!resolved && !why.isEmpty())
                problems << why;
            single = resolved;
        }
        for (const QString &problem : problems)
            m_reader.error(path, QStringLiteral("in template \"%1\": %2").arg(text, problem));
        if (!m_tableOk || !problems.isEmpty())
            continue;
        const auto keyType = keyTypeOf(table, attribute);
        if (!keyType)
            continue;
        const auto &parts = parsed->parts();
        const bool isSingle = parts.size() == 1 && parts.front().isPlaceholder;
        if (*keyType == AttributeValue::Type::N) {
            static const QRegularExpression nonNumeric(QStringLiteral("[^0-9.eE+-]"));
            for (const auto &part : parts) {
                if (!part.isPlaceholder && part.text.contains(nonNumeric)) {
                    m_reader.error(path,
                                   QStringLiteral("in template \"%1\": %2 is %3 key, but the "
                                                  "template writes the text '%4' at column %5; "
                                                  "an N key's template is one placeholder over a "
                                                  "number, e.g. {Seq} or {Ts|epochms}")
                                       .arg(text, attribute, keyTypeName(*keyType), part.text)
                                       .arg(part.column));
                    break;
                }
            }
        } else if (*keyType == AttributeValue::Type::B) {
            if (!isSingle || !single || single->type != AttributeKind::B
                || !parts.front().filters.empty())
                m_reader.error(path,
                               QStringLiteral("in template \"%1\": %2 is a binary (B) key; "
                                              "its template must be exactly one "
                                              "placeholder over a B attribute, e.g. "
                                              "{Hash}")
                                   .arg(text, attribute));
        }
    }

    if (!m_tableOk)
        return;

    // Attributes used directly as keys (no template) must have the key's type.
    const auto provides = [&](const QString &key) {
        return entity.keys.count(key) > 0 || findAttribute(entity, key) != nullptr;
    };
    for (const auto &attribute : entity.attributes) {
        const auto keyType = keyTypeOf(table, attribute.name);
        if (!keyType || entity.keys.count(attribute.name))
            continue;
        const auto stored = storedType(attribute.type);
        if (stored != keyType) {
            m_reader.error(info.attributePaths.value(attribute.name),
                           QStringLiteral("%1 is %2, %3, but the attribute's type is %4; make "
                                          "them match")
                               .arg(attribute.name, keyRole(table, attribute.name),
                                    keyTypeName(*keyType),
                                    ProjectFile::attributeKindName(attribute.type)));
        }
    }

    // Every item is written to the table, so it needs the table's whole primary key.
    const QString keysPath = memberPath(info.path, QStringLiteral("keys"));
    for (const auto &key : table.keys.all()) {
        if (provides(key.name))
            continue;
        const bool hash = std::any_of(table.keys.hash.begin(), table.keys.hash.end(),
                                      [&](const KeyAttribute &k) { return k.name == key.name; });
        QString message
            = QStringLiteral("%1 has no template for %2 %3")
                  .arg(entity.name.isEmpty() ? QStringLiteral("the entity type") : entity.name,
                       hash ? QStringLiteral("the table's partition key")
                            : QStringLiteral("the table's sort key"),
                       key.name);
        if (entity.parent.isEmpty())
            message += QStringLiteral("; every item needs the whole primary key: add \"%1\": "
                                      "\"%2\" (or an attribute named %1)")
                           .arg(key.name, exampleTemplate(entity));
        else if (hash)
            message += QStringLiteral("; every item needs the whole primary key. To keep it in "
                                      "its parent's item collection, repeat the parent's "
                                      "partition key with {%1.<attribute>} placeholders")
                           .arg(entity.parent);
        else
            message += QStringLiteral("; every item needs the whole primary key, and its sort "
                                      "key must tell it apart from the %1 item it sits next to")
                           .arg(entity.parent);
        m_reader.error(keysPath, message);
    }

    // An index key template is only useful if the entity has all of that index's keys.
    for (const auto &[attribute, text] : entity.keys) {
        if (table.keys.contains(attribute) || !keyNames.contains(attribute))
            continue;
        QStringList incomplete;
        bool appearsSomewhere = false;
        for (const auto &definition : table.indexes) {
            if (!definition.keys.contains(attribute))
                continue;
            QStringList missing;
            for (const auto &k : definition.keys.all()) {
                if (!provides(k.name))
                    missing << k.name;
            }
            if (missing.isEmpty())
                appearsSomewhere = true;
            else
                incomplete << QStringLiteral("%1 (missing %2)")
                                  .arg(definition.name, missing.join(QStringLiteral(", ")));
        }
        if (!appearsSomewhere && !incomplete.isEmpty())
            m_reader.error(
                info.keyPaths.value(attribute),
                QStringLiteral("%1 has a template for %2 but not the other keys of "
                               "index %3, so its items never appear in it; add the "
                               "missing templates or remove this one")
                    .arg(entity.name, attribute, incomplete.join(QStringLiteral(", index "))));
    }
}

void ProjectReader::readAccessPatterns(ObjectReader &root)
{
    const auto patterns = root.array(QStringLiteral("accessPatterns"));
    if (!patterns)
        return;
    QSet<QString> names;
    for (qsizetype i = 0; i < patterns->size(); ++i) {
        const QString path = elementPath(QStringLiteral("accessPatterns"), i);
        if (!patterns->at(i).isObject()) {
            m_reader.error(path,
                           QStringLiteral("expected an access pattern object {\"name\": "
                                          "..., \"keyCondition\": ..., ...}, found %1")
                               .arg(describe(patterns->at(i))));
            continue;
        }
        AccessPattern pattern = readAccessPattern(patterns->at(i).toObject(), path);
        if (!pattern.name.isEmpty()) {
            if (names.contains(pattern.name))
                m_reader.error(memberPath(path, QStringLiteral("name")),
                               QStringLiteral("another access pattern is already named \"%1\"; "
                                              "names must be unique")
                                   .arg(pattern.name));
            names.insert(pattern.name);
        }
        m_project.accessPatterns.push_back(std::move(pattern));
    }
}

AccessPattern ProjectReader::readAccessPattern(const QJsonObject &json, const QString &path)
{
    AccessPattern pattern;
    ObjectReader in(m_reader, json, path);
    pattern.name = in.string(QStringLiteral("name"),
                             QStringLiteral("the access pattern's name, e.g. \"Device and its "
                                            "10 newest readings\""))
                       .value_or(QString());
    pattern.description = in.string(QStringLiteral("description")).value_or(QString());
    if (const auto index = in.string(QStringLiteral("index"))) {
        pattern.indexName = *index;
        if (m_tableOk && !m_project.table.index(*index)) {
            QStringList indexes;
            for (const auto &definition : m_project.table.indexes)
                indexes << definition.name;
            m_reader.error(in.pathOf(QStringLiteral("index")),
                           indexes.isEmpty()
                               ? QStringLiteral("the table has no index named %1 (it has no "
                                                "indexes); leave \"index\" out to query the "
                                                "table")
                                     .arg(*index)
                               : QStringLiteral("the table has no index named %1%2 (indexes: "
                                                "%3); leave \"index\" out to query the table")
                                     .arg(*index, didYouMean(*index, indexes),
                                          indexes.join(QStringLiteral(", "))));
        }
    }
    if (const auto condition = in.string(QStringLiteral("keyCondition"),
                                         QStringLiteral("the KeyConditionExpression, e.g. "
                                                        "\"PK = :pk\""))) {
        pattern.keyConditionExpression = *condition;
        if (condition->trimmed().isEmpty())
            m_reader.error(in.pathOf(QStringLiteral("keyCondition")),
                           QStringLiteral("is empty: a Query needs a key condition on the "
                                          "partition key, e.g. \"PK = :pk\""));
    }
    if (const auto filter = in.string(QStringLiteral("filter")))
        pattern.filterExpression = *filter;
    if (const auto names = in.object(QStringLiteral("names"))) {
        for (auto it = names->begin(); it != names->end(); ++it) {
            if (!it.value().isString()) {
                m_reader.error(memberPath(in.pathOf(QStringLiteral("names")), it.key()),
                               QStringLiteral("expected the attribute name as a string, found %1")
                                   .arg(describe(it.value())));
                continue;
            }
            pattern.names[it.key()] = it.value().toString();
        }
    }

    if (const auto parent = in.string(QStringLiteral("parent"))) {
        pattern.parentEntity = *parent;
        if (!m_project.entity(*parent)) {
            QStringList names;
            for (const auto &entity : m_project.entities)
                names << entity.name;
            names.removeDuplicates();
            m_reader.error(in.pathOf(QStringLiteral("parent")),
                           QStringLiteral("parent '%1' names no entity type%2 (entity types: %3)")
                               .arg(*parent, didYouMean(*parent, names), listOrNone(names)));
        }
    }
    pattern.parentIndex
        = int(std::min<qint64>(in.integer(QStringLiteral("parentIndex"), 0).value_or(0), INT_MAX));
    if (in.has(QStringLiteral("parentIndex")) && pattern.parentEntity.isEmpty())
        m_reader.error(in.pathOf(QStringLiteral("parentIndex")),
                       QStringLiteral("chooses which parent item to use, but the pattern has no "
                                      "\"parent\"; add \"parent\": \"<entity type>\""));
    const EntityType *parentEntity
        = pattern.parentEntity.isEmpty() ? nullptr : m_project.entity(pattern.parentEntity);
    const EntityInfo *parentInfo = parentEntity ? infoOf(pattern.parentEntity) : nullptr;
    if (parentEntity && parentEntity->parent.isEmpty()
        && pattern.parentIndex >= parentEntity->countMax)
        m_reader.error(in.pathOf(QStringLiteral("parentIndex")),
                       QStringLiteral("there %1 (its count), so index %2 names none; "
                                      "parentIndex counts from 0 (0..%3)")
                           .arg(parentEntity->countMax == 1
                                    ? QStringLiteral("is at most 1 %1 item").arg(parentEntity->name)
                                    : QStringLiteral("are at most %1 %2 items")
                                          .arg(parentEntity->countMax)
                                          .arg(parentEntity->name))
                           .arg(pattern.parentIndex)
                           .arg(std::max(0, parentEntity->countMax - 1)));

    if (const auto values = in.object(QStringLiteral("values"))) {
        const QString valuesPath = in.pathOf(QStringLiteral("values"));
        for (auto it = values->begin(); it != values->end(); ++it) {
            const QString valuePath = memberPath(valuesPath, it.key());
            PatternValue value;
            if (it.value().isString()) {
                value.templateText = it.value().toString();
                const auto parsed = parseTemplate(m_reader, valuePath, value.templateText);
                if (parsed && !parsed->placeholders().isEmpty()) {
                    if (pattern.parentEntity.isEmpty()) {
                        m_reader.error(
                            valuePath,
                            QStringLiteral("in template \"%1\": {%2} needs an item to "
                                           "take its value from; name its type with "
                                           "\"parent\" (and \"parentIndex\" for "
                                           "which one), or give a literal such as "
                                           "{\"S\": \"...\"}")
                                .arg(value.templateText, parsed->placeholders().front()));
                    } else if (parentEntity && parentInfo) {
                        for (const QString &placeholder : parsed->placeholders()) {
                            // The parent item's keys are readable too: ":pk": "{PK}".
                            if (parentEntity->keys.count(placeholder))
                                continue;
                            QString why;
                            if (!resolvePlaceholder(m_project, *parentEntity, parentInfo->ancestors,
                                                    placeholder, &why))
                                m_reader.error(valuePath,
                                               QStringLiteral("in template \"%1\": %2")
                                                   .arg(value.templateText, why));
                        }
                    }
                }
            } else if (it.value().isObject()) {
                QString error;
                QString errorPath;
                value.literal = dynamojson::valueFromJson(it.value(), &error, &errorPath);
                if (!value.literal)
                    m_reader.error(valuePath + errorPath, error);
            } else {
                m_reader.error(valuePath,
                               QStringLiteral("expected a key template string (\"DEVICE#"
                                              "{DeviceId}\") or a DynamoDB JSON value "
                                              "({\"S\": \"DEVICE#d-0007\"}, {\"N\": \"42\"}), "
                                              "found %1")
                                   .arg(describe(it.value())));
                continue;
            }
            pattern.values[it.key()] = std::move(value);
        }
    }
    pattern.scanIndexForward = in.boolean(QStringLiteral("scanIndexForward")).value_or(true);
    if (const auto limit = in.integer(QStringLiteral("limit"), 1))
        pattern.limit = *limit;
    if (const auto expect = in.object(QStringLiteral("expect")))
        readExpectation(*expect, in.pathOf(QStringLiteral("expect")), pattern);
    pattern.extra = in.extra(QStringList {
        QStringLiteral("name"), QStringLiteral("description"), QStringLiteral("index"),
        QStringLiteral("keyCondition"), QStringLiteral("filter"), QStringLiteral("names"),
        QStringLiteral("values"), QStringLiteral("parent"), QStringLiteral("parentIndex"),
        QStringLiteral("scanIndexForward"), QStringLiteral("limit"), QStringLiteral("expect")});
    return pattern;
}

void ProjectReader::readExpectation(const QJsonObject &json, const QString &path,
                                    AccessPattern &pattern)
{
    PatternExpectation &expect = pattern.expect;
    ObjectReader in(m_reader, json, path);
    QStringList entityNames;
    for (const auto &entity : m_project.entities)
        entityNames << entity.name;
    entityNames.removeDuplicates();
    if (const auto types = in.array(QStringLiteral("entityTypes"))) {
        for (qsizetype i = 0; i < types->size(); ++i) {
            const QString typePath = elementPath(in.pathOf(QStringLiteral("entityTypes")), i);
            if (!types->at(i).isString()) {
                m_reader.error(typePath,
                               QStringLiteral("expected an entity type name, found %1")
                                   .arg(describe(types->at(i))));
                continue;
            }
            const QString name = types->at(i).toString();
            if (!m_project.entity(name))
                m_reader.error(
                    typePath,
                    QStringLiteral("'%1' names no entity type%2 (entity types: %3)")
                        .arg(name, didYouMean(name, entityNames), listOrNone(entityNames)));
            expect.entityTypes << name;
        }
    }
    expect.parentFirst = in.boolean(QStringLiteral("parentFirst"));
    if (expect.parentFirst && *expect.parentFirst && pattern.parentEntity.isEmpty())
        m_reader.error(in.pathOf(QStringLiteral("parentFirst")),
                       QStringLiteral("expects the parent item first, but the pattern has no "
                                      "\"parent\"; add \"parent\": \"<entity type>\""));
    if (const auto orderBy = in.object(QStringLiteral("orderBy"))) {
        ObjectReader order(m_reader, *orderBy, in.pathOf(QStringLiteral("orderBy")));
        if (const auto attribute = order.string(
                QStringLiteral("attribute"),
                QStringLiteral("the attribute the results are ordered by, e.g. \"Ts\""))) {
            expect.orderAttribute = *attribute;
            // The attribute must exist on some entity type that may come back.
            QStringList candidates;
            bool found = false;
            for (const auto &entity : m_project.entities) {
                if (!expect.entityTypes.isEmpty() && !expect.entityTypes.contains(entity.name))
                    continue;
                const QStringList names = attributeNames(entity);
                for (const QString &name : names) {
                    if (!candidates.contains(name))
                        candidates << name;
                }
                if (names.contains(*attribute) || entity.keys.count(*attribute))
                    found = true;
            }
            if (!found && !m_project.entities.empty())
                m_reader.error(order.pathOf(QStringLiteral("attribute")),
                               QStringLiteral("no %1 has an attribute %2%3 (attributes: %4)")
                                   .arg(expect.entityTypes.isEmpty()
                                            ? QStringLiteral("entity type")
                                            : expect.entityTypes.join(QStringLiteral(" or ")),
                                        *attribute, didYouMean(*attribute, candidates),
                                        listOrNone(candidates)));
        }
        expect.orderAscending = !order.boolean(QStringLiteral("descending")).value_or(false);
        expect.orderByExtra
            = order.extra(QStringList {QStringLiteral("attribute"), QStringLiteral("descending")});
    }
    if (const auto count = in.integer(QStringLiteral("count"), 0))
        expect.count = *count;
    if (const auto minCount = in.integer(QStringLiteral("minCount"), 0))
        expect.minCount = *minCount;
    if (expect.count && expect.minCount && *expect.minCount > *expect.count)
        m_reader.error(in.pathOf(QStringLiteral("minCount")),
                       QStringLiteral("minCount %1 is greater than count %2; the pattern could "
                                      "never pass")
                           .arg(*expect.minCount)
                           .arg(*expect.count));
    if (pattern.limit) {
        const auto overLimit = [&](const QString &key, qint64 wanted) {
            m_reader.error(in.pathOf(key),
                           QStringLiteral("%1 %2 is more than the pattern's limit %3: a page "
                                          "holds at most %4, so it could never pass")
                               .arg(key)
                               .arg(wanted)
                               .arg(*pattern.limit)
                               .arg(*pattern.limit == 1
                                        ? QStringLiteral("1 item")
                                        : QStringLiteral("%1 items").arg(*pattern.limit)));
        };
        if (expect.count && *expect.count > *pattern.limit)
            overLimit(QStringLiteral("count"), *expect.count);
        else if (expect.minCount && *expect.minCount > *pattern.limit)
            overLimit(QStringLiteral("minCount"), *expect.minCount);
    }
    expect.extra = in.extra(QStringList {QStringLiteral("entityTypes"),
                                         QStringLiteral("parentFirst"), QStringLiteral("orderBy"),
                                         QStringLiteral("count"), QStringLiteral("minCount")});
}

void ProjectReader::readItems(ObjectReader &root)
{
    const auto items = root.array(QStringLiteral("items"));
    if (!items)
        return;
    const TableDefinition &table = m_project.table;
    for (qsizetype i = 0; i < items->size(); ++i) {
        const QString path = elementPath(QStringLiteral("items"), i);
        QString error;
        QString errorPath;
        const auto item = dynamojson::itemFromJson(items->at(i), &error, &errorPath);
        if (!item) {
            m_reader.error(errorPath.isEmpty() ? path : memberPath(path, errorPath), error);
            continue;
        }
        if (m_tableOk) {
            for (const auto &key : table.keys.all()) {
                const auto it = item->find(key.name);
                if (it == item->end())
                    m_reader.error(path,
                                   QStringLiteral("the item has no %1 (%2); every item "
                                                  "needs the table's whole primary key")
                                       .arg(key.name, keyRole(table, key.name)));
            }
            for (const auto &[name, value] : *item) {
                const auto keyType = keyTypeOf(table, name);
                if (keyType && value.type() != *keyType)
                    m_reader.error(memberPath(path, name),
                                   QStringLiteral("%1 is %2, %3, but the item's value is %4")
                                       .arg(name, keyRole(table, name), keyTypeName(*keyType),
                                            value.typeName()));
            }
        }
        m_project.items.push_back(*item);
    }
}

// --- Writing ---------------------------------------------------------------------------------

constexpr int kIndent = 2;
constexpr int kLineWidth = 120;

// How deeply containers nest inside `value` (a scalar is 0, [1, 2] is 1, [{"a": 1}] is 2).
int nesting(const OrderedJson &value)
{
    int deepest = 0;
    if (value.kind() == OrderedJson::Kind::Array) {
        for (const auto &element : value.elements())
            deepest = std::max(deepest, nesting(element));
        return deepest + 1;
    }
    if (value.kind() == OrderedJson::Kind::Object) {
        for (const auto &member : value.members())
            deepest = std::max(deepest, nesting(member.second));
        return deepest + 1;
    }
    return 0;
}

void writeCompact(QByteArray &out, const OrderedJson &value)
{
    switch (value.kind()) {
    case OrderedJson::Kind::Array: {
        out += '[';
        bool first = true;
        for (const auto &element : value.elements()) {
            if (!first)
                out += ", ";
            first = false;
            writeCompact(out, element);
        }
        out += ']';
        return;
    }
    case OrderedJson::Kind::Object: {
        out += '{';
        bool first = true;
        for (const auto &member : value.members()) {
            if (!first)
                out += ", ";
            first = false;
            out += JsonWriter::quote(member.first);
            out += ": ";
            writeCompact(out, member.second);
        }
        out += '}';
        return;
    }
    default:
        out += JsonWriter::write(value, 0);
        return;
    }
}

// Pretty JSON that stays readable: a container that nests at most three levels and fits on
// the line (`"count": [25, 40]`, `{"kind": "sequence", "start": 1, "step": 1}`) is written on one
// line, anything bigger one member per line. `column` is where the value starts.
void writePretty(QByteArray &out, const OrderedJson &value, int depth, qsizetype column)
{
    const bool container
        = value.kind() == OrderedJson::Kind::Array || value.kind() == OrderedJson::Kind::Object;
    if (!container || value.size() == 0) {
        writeCompact(out, value);
        return;
    }
    if (nesting(value) <= 3) {
        QByteArray compact;
        writeCompact(compact, value);
        // +1 for a ',' that may follow.
        if (column + QString::fromUtf8(compact).size() + 1 <= kLineWidth) {
            out += compact;
            return;
        }
    }
    const QByteArray inner(qsizetype(depth + 1) * kIndent, ' ');
    if (value.kind() == OrderedJson::Kind::Array) {
        out += "[\n";
        const auto &elements = value.elements();
        for (std::size_t i = 0; i < elements.size(); ++i) {
            out += inner;
            writePretty(out, elements[i], depth + 1, inner.size());
            out += i + 1 < elements.size() ? ",\n" : "\n";
        }
        out += QByteArray(qsizetype(depth) * kIndent, ' ') + ']';
        return;
    }
    out += "{\n";
    const auto &members = value.members();
    for (std::size_t i = 0; i < members.size(); ++i) {
        out += inner;
        const QByteArray key = JsonWriter::quote(members[i].first) + ": ";
        out += key;
        writePretty(out, members[i].second, depth + 1,
                    inner.size() + QString::fromUtf8(key).size());
        out += i + 1 < members.size() ? ",\n" : "\n";
    }
    out += QByteArray(qsizetype(depth) * kIndent, ' ') + '}';
}

// Appends `extra` members that are not already present, in alphabetical order.
void appendExtra(OrderedJson &object, const QJsonObject &extra)
{
    for (auto it = extra.begin(); it != extra.end(); ++it) {
        if (!object.contains(it.key()))
            object.insert(it.key(), OrderedJson::fromQJson(it.value()));
    }
}

// Members in the create-table order, the rest alphabetically.
OrderedJson tableOrdered(const QJsonValue &value)
{
    static const QStringList preferred = {
        QStringLiteral("TableName"),
        QStringLiteral("IndexName"),
        QStringLiteral("AttributeDefinitions"),
        QStringLiteral("KeySchema"),
        QStringLiteral("LocalSecondaryIndexes"),
        QStringLiteral("GlobalSecondaryIndexes"),
        QStringLiteral("AttributeName"),
        QStringLiteral("AttributeType"),
        QStringLiteral("KeyType"),
        QStringLiteral("Projection"),
        QStringLiteral("ProjectionType"),
        QStringLiteral("NonKeyAttributes"),
    };
    if (value.isArray()) {
        OrderedJson array = OrderedJson::array();
        for (const QJsonValue &element : value.toArray())
            array.append(tableOrdered(element));
        return array;
    }
    if (!value.isObject())
        return OrderedJson::fromQJson(value);
    const QJsonObject object = value.toObject();
    OrderedJson out = OrderedJson::object();
    for (const QString &key : preferred) {
        if (object.contains(key))
            out.insert(key, tableOrdered(object.value(key)));
    }
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (!out.contains(it.key()))
            out.insert(it.key(), tableOrdered(it.value()));
    }
    return out;
}

// The "table" member: the JSON as read when it still describes project.table (so every member
// survives), else project.table with the members TableDefinition does not model carried over.
QJsonObject tableJsonOf(const Project &project)
{
    const QJsonObject current = project.table.toJson();
    if (!project.tableJson.isEmpty()) {
        QString error;
        const auto parsed = TableDefinition::fromJson(project.tableJson, &error);
        if (parsed && parsed->toJson() == current)
            return project.tableJson;
    }
    QJsonObject source = project.tableJson;
    if (source.value(QLatin1String("Table")).isObject())
        source = source.value(QLatin1String("Table")).toObject();
    static const QSet<QString> modeled = {
        QStringLiteral("TableName"),
        QStringLiteral("AttributeDefinitions"),
        QStringLiteral("KeySchema"),
        QStringLiteral("LocalSecondaryIndexes"),
        QStringLiteral("GlobalSecondaryIndexes"),
    };
    QJsonObject out = current;
    for (auto it = source.begin(); it != source.end(); ++it) {
        if (!modeled.contains(it.key()))
            out.insert(it.key(), it.value());
    }
    // Per-index members (ProvisionedThroughput, ...) of indexes that still exist.
    QHash<QString, QJsonObject> sourceIndexes;
    for (const char *member : {"LocalSecondaryIndexes", "GlobalSecondaryIndexes"}) {
        for (const QJsonValue &index : source.value(QLatin1String(member)).toArray())
            sourceIndexes.insert(index.toObject().value(QLatin1String("IndexName")).toString(),
                                 index.toObject());
    }
    static const QSet<QString> modeledIndex
        = {QStringLiteral("IndexName"), QStringLiteral("KeySchema"), QStringLiteral("Projection")};
    for (const char *member : {"LocalSecondaryIndexes", "GlobalSecondaryIndexes"}) {
        if (!out.contains(QLatin1String(member)))
            continue;
        QJsonArray indexes = out.value(QLatin1String(member)).toArray();
        for (qsizetype i = 0; i < indexes.size(); ++i) {
            QJsonObject index = indexes.at(i).toObject();
            const QJsonObject old
                = sourceIndexes.value(index.value(QLatin1String("IndexName")).toString());
            for (auto it = old.begin(); it != old.end(); ++it) {
                if (!modeledIndex.contains(it.key()))
                    index.insert(it.key(), it.value());
            }
            indexes[i] = index;
        }
        out.insert(QLatin1String(member), indexes);
    }
    return out;
}

// A generated value as JSON, typed by the attribute: N as a number when it is an exact
// integer, BOOL as true/false, everything else as a string.
OrderedJson scalarJson(const QString &text, AttributeKind type)
{
    if (type == AttributeKind::N) {
        bool ok = false;
        const qint64 n = text.toLongLong(&ok);
        if (ok && QString::number(n) == text && std::abs(n) <= 9007199254740992LL)
            return OrderedJson::integer(n);
    }
    if (type == AttributeKind::Bool && (text == u"true" || text == u"false"))
        return OrderedJson::boolean(text == u"true");
    return OrderedJson::string(text);
}

OrderedJson durationJson(qint64 ms)
{
    const QJsonValue value = ProjectFile::formatDuration(ms);
    return value.isString() ? OrderedJson::string(value.toString()) : OrderedJson::integer(ms);
}

OrderedJson generatorJson(const GeneratorSpec &spec, AttributeKind type)
{
    OrderedJson out = OrderedJson::object();
    out.insert(QStringLiteral("kind"),
               OrderedJson::string(ProjectFile::generatorKindName(spec.kind)));
    switch (spec.kind) {
    case Kind::Constant:
        out.insert(QStringLiteral("value"), scalarJson(spec.constant, type));
        break;
    case Kind::Sequence:
        out.insert(QStringLiteral("start"), OrderedJson::integer(spec.start));
        out.insert(QStringLiteral("step"), OrderedJson::integer(spec.step));
        if (spec.perParent)
            out.insert(QStringLiteral("perParent"), OrderedJson::boolean(true));
        break;
    case Kind::IntegerRange:
        out.insert(QStringLiteral("min"), OrderedJson::integer(spec.min));
        out.insert(QStringLiteral("max"), OrderedJson::integer(spec.max));
        break;
    case Kind::Choice: {
        OrderedJson choices = OrderedJson::array();
        for (const QString &choice : spec.choices)
            choices.append(scalarJson(choice, type));
        out.insert(QStringLiteral("choices"), choices);
        break;
    }
    case Kind::Timestamp:
        if (spec.random) {
            out.insert(QStringLiteral("random"), OrderedJson::boolean(true));
            out.insert(QStringLiteral("min"),
                       OrderedJson::string(ProjectFile::formatInstant(spec.min)));
            out.insert(QStringLiteral("max"),
                       OrderedJson::string(ProjectFile::formatInstant(spec.max)));
        } else {
            out.insert(QStringLiteral("start"),
                       OrderedJson::string(ProjectFile::formatInstant(spec.start)));
            out.insert(QStringLiteral("step"), durationJson(spec.step));
        }
        if (spec.perParent)
            out.insert(QStringLiteral("perParent"), OrderedJson::boolean(true));
        break;
    case Kind::Pattern:
        out.insert(QStringLiteral("pattern"), OrderedJson::string(spec.pattern));
        break;
    case Kind::Ksuid:
    case Kind::Ulid:
        if (spec.random) {
            out.insert(QStringLiteral("random"), OrderedJson::boolean(true));
            out.insert(QStringLiteral("min"),
                       OrderedJson::string(ProjectFile::formatInstant(spec.min)));
            out.insert(QStringLiteral("max"),
                       OrderedJson::string(ProjectFile::formatInstant(spec.max)));
        } else {
            // start 0 or 1 (the default) means "not set": the population's "now".
            if (spec.start > 1)
                out.insert(QStringLiteral("start"),
                           OrderedJson::string(ProjectFile::formatInstant(spec.start)));
            if (spec.step != 1 || spec.start > 1)
                out.insert(QStringLiteral("step"), durationJson(spec.step));
        }
        if (spec.perParent)
            out.insert(QStringLiteral("perParent"), OrderedJson::boolean(true));
        break;
    case Kind::Names:
    case Kind::Uuid4:
        break;
    }
    appendExtra(out, spec.extra);
    return out;
}

// Key templates in key-schema order: the table's keys, each index's, then any others.
QStringList keyOrder(const Project &project, const EntityType &entity)
{
    QStringList order;
    for (const QString &name : project.table.allKeyAttributeNames()) {
        if (entity.keys.count(name))
            order << name;
    }
    for (const auto &[name, text] : entity.keys) {
        if (!order.contains(name))
            order << name;
    }
    return order;
}

OrderedJson entityJson(const Project &project, const EntityType &entity)
{
    OrderedJson out = OrderedJson::object();
    out.insert(QStringLiteral("name"), OrderedJson::string(entity.name));
    if (!entity.color.isEmpty())
        out.insert(QStringLiteral("color"), OrderedJson::string(entity.color));
    if (!entity.parent.isEmpty())
        out.insert(QStringLiteral("parent"), OrderedJson::string(entity.parent));
    if (entity.countMin == entity.countMax) {
        out.insert(QStringLiteral("count"), OrderedJson::integer(entity.countMin));
    } else {
        OrderedJson range = OrderedJson::array();
        range.append(OrderedJson::integer(entity.countMin));
        range.append(OrderedJson::integer(entity.countMax));
        out.insert(QStringLiteral("count"), range);
    }
    OrderedJson attributes = OrderedJson::array();
    for (const auto &attribute : entity.attributes) {
        OrderedJson a = OrderedJson::object();
        a.insert(QStringLiteral("name"), OrderedJson::string(attribute.name));
        a.insert(QStringLiteral("type"),
                 OrderedJson::string(ProjectFile::attributeKindName(attribute.type)));
        a.insert(QStringLiteral("generator"), generatorJson(attribute.generator, attribute.type));
        if (attribute.isMutable)
            a.insert(QStringLiteral("mutable"), OrderedJson::boolean(true));
        if (attribute.exposedInUrl)
            a.insert(QStringLiteral("exposedInUrl"), OrderedJson::boolean(true));
        appendExtra(a, attribute.extra);
        attributes.append(a);
    }
    out.insert(QStringLiteral("attributes"), attributes);
    OrderedJson keys = OrderedJson::object();
    for (const QString &name : keyOrder(project, entity))
        keys.insert(name, OrderedJson::string(entity.keys.at(name)));
    out.insert(QStringLiteral("keys"), keys);
    appendExtra(out, entity.extra);
    return out;
}

OrderedJson patternJson(const AccessPattern &pattern)
{
    OrderedJson out = OrderedJson::object();
    out.insert(QStringLiteral("name"), OrderedJson::string(pattern.name));
    if (!pattern.description.isEmpty())
        out.insert(QStringLiteral("description"), OrderedJson::string(pattern.description));
    if (!pattern.indexName.isEmpty())
        out.insert(QStringLiteral("index"), OrderedJson::string(pattern.indexName));
    out.insert(QStringLiteral("keyCondition"), OrderedJson::string(pattern.keyConditionExpression));
    if (pattern.filterExpression)
        out.insert(QStringLiteral("filter"), OrderedJson::string(*pattern.filterExpression));
    if (!pattern.names.empty()) {
        OrderedJson names = OrderedJson::object();
        for (const auto &[placeholder, name] : pattern.names)
            names.insert(placeholder, OrderedJson::string(name));
        out.insert(QStringLiteral("names"), names);
    }
    if (!pattern.values.empty()) {
        OrderedJson values = OrderedJson::object();
        for (const auto &[placeholder, value] : pattern.values) {
            values.insert(placeholder,
                          value.literal
                              ? OrderedJson::fromQJson(dynamojson::valueToJson(*value.literal))
                              : OrderedJson::string(value.templateText));
        }
        out.insert(QStringLiteral("values"), values);
    }
    if (!pattern.parentEntity.isEmpty()) {
        out.insert(QStringLiteral("parent"), OrderedJson::string(pattern.parentEntity));
        out.insert(QStringLiteral("parentIndex"), OrderedJson::integer(pattern.parentIndex));
    }
    out.insert(QStringLiteral("scanIndexForward"), OrderedJson::boolean(pattern.scanIndexForward));
    if (pattern.limit)
        out.insert(QStringLiteral("limit"), OrderedJson::integer(*pattern.limit));

    const PatternExpectation &expect = pattern.expect;
    OrderedJson e = OrderedJson::object();
    if (!expect.entityTypes.isEmpty()) {
        OrderedJson types = OrderedJson::array();
        for (const QString &type : expect.entityTypes)
            types.append(OrderedJson::string(type));
        e.insert(QStringLiteral("entityTypes"), types);
    }
    if (expect.parentFirst)
        e.insert(QStringLiteral("parentFirst"), OrderedJson::boolean(*expect.parentFirst));
    if (!expect.orderAttribute.isEmpty()) {
        OrderedJson order = OrderedJson::object();
        order.insert(QStringLiteral("attribute"), OrderedJson::string(expect.orderAttribute));
        order.insert(QStringLiteral("descending"), OrderedJson::boolean(!expect.orderAscending));
        appendExtra(order, expect.orderByExtra);
        e.insert(QStringLiteral("orderBy"), order);
    }
    if (expect.count)
        e.insert(QStringLiteral("count"), OrderedJson::integer(*expect.count));
    if (expect.minCount)
        e.insert(QStringLiteral("minCount"), OrderedJson::integer(*expect.minCount));
    appendExtra(e, expect.extra);
    if (e.size() > 0)
        out.insert(QStringLiteral("expect"), e);
    appendExtra(out, pattern.extra);
    return out;
}

OrderedJson projectJson(const Project &project)
{
    OrderedJson out = OrderedJson::object();
    out.insert(QStringLiteral("keyscope"), OrderedJson::integer(Project::kFormatVersion));
    out.insert(QStringLiteral("name"), OrderedJson::string(project.name));
    if (!project.description.isEmpty())
        out.insert(QStringLiteral("description"), OrderedJson::string(project.description));
    // JSON numbers are exact to 2^53; larger seeds are written as strings.
    out.insert(QStringLiteral("seed"),
               project.seed <= 9007199254740992ULL
                   ? OrderedJson::integer(qint64(project.seed))
                   : OrderedJson::string(QString::number(project.seed)));
    out.insert(QStringLiteral("table"), tableOrdered(tableJsonOf(project)));
    OrderedJson entities = OrderedJson::array();
    for (const auto &entity : project.entities)
        entities.append(entityJson(project, entity));
    out.insert(QStringLiteral("entities"), entities);
    OrderedJson patterns = OrderedJson::array();
    for (const auto &pattern : project.accessPatterns)
        patterns.append(patternJson(pattern));
    out.insert(QStringLiteral("accessPatterns"), patterns);
    if (!project.items.empty()) {
        OrderedJson items = OrderedJson::array();
        for (const Item &item : project.items)
            items.append(OrderedJson::fromQJson(dynamojson::itemToJson(item)));
        out.insert(QStringLiteral("items"), items);
    }
    if (!project.view.isEmpty())
        out.insert(QStringLiteral("view"), OrderedJson::fromQJson(project.view));
    appendExtra(out, project.extra);
    return out;
}

} // namespace

// --- ProjectFile -----------------------------------------------------------------------------

std::variant<Project, std::vector<IoError>> ProjectFile::read(const QString &path)
{
    auto document = JsonFile::read(path);
    if (auto *error = std::get_if<IoError>(&document))
        return std::vector<IoError> {*error};
    return fromJson(std::get<QJsonDocument>(document), path);
}

std::variant<Project, std::vector<IoError>> ProjectFile::parse(const QByteArray &data,
                                                               const QString &source)
{
    auto document = JsonFile::parse(data, source);
    if (auto *error = std::get_if<IoError>(&document))
        return std::vector<IoError> {*error};
    return fromJson(std::get<QJsonDocument>(document), source);
}

std::variant<Project, std::vector<IoError>> ProjectFile::fromJson(const QJsonDocument &document,
                                                                  const QString &source)
{
    Reader reader(source);
    ProjectReader projectReader(reader);
    auto project = projectReader.read(document);
    if (!project)
        return reader.takeErrors();
    return std::move(*project);
}

QByteArray ProjectFile::serialize(const Project &project)
{
    QByteArray out;
    writePretty(out, projectJson(project), 0, 0);
    return out + '\n';
}

QJsonObject ProjectFile::toJson(const Project &project)
{
    return QJsonDocument::fromJson(serialize(project)).object();
}

std::optional<IoError> ProjectFile::write(const Project &project, const QString &path)
{
    const QFileInfo info(path);
    if (!info.absoluteDir().exists())
        return IoError {path,
                        0,
                        0,
                        {},
                        QStringLiteral("cannot write the file: the directory %1 does not exist")
                            .arg(QDir::toNativeSeparators(info.absolutePath()))};
    if (auto reason = writeFileAtomically(path, serialize(project)))
        return IoError {path, 0, 0, {}, QStringLiteral("cannot write the file: ") + *reason};
    return std::nullopt;
}

std::optional<qint64> ProjectFile::parseInstant(const QJsonValue &json, QString *error)
{
    const auto fail = [&](const QString &message) -> std::optional<qint64> {
        if (error)
            *error = message;
        return std::nullopt;
    };
    const QString expected = QStringLiteral("expected a timestamp: an ISO-8601 string with a "
                                            "zone such as \"2024-01-01T00:00:00Z\", or "
                                            "milliseconds since 1970 such as 1704067200000");
    if (json.isDouble()) {
        if (!isInteger(json))
            return fail(expected + QStringLiteral(", found %1").arg(describe(json)));
        return qint64(json.toDouble());
    }
    if (!json.isString())
        return fail(expected + QStringLiteral(", found %1").arg(describe(json)));
    const QString text = json.toString().trimmed();
    static const QRegularExpression dateOnly(QStringLiteral("^\\d{4}-\\d{2}-\\d{2}$"));
    if (dateOnly.match(text).hasMatch()) {
        const QDate date = QDate::fromString(text, Qt::ISODate);
        if (!date.isValid())
            return fail(QStringLiteral("'%1' is not a valid date").arg(text));
        return QDateTime(date, QTime(0, 0), QTimeZone::utc()).toMSecsSinceEpoch();
    }
    static const QRegularExpression zoned(
        QStringLiteral("^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?"
                       "(Z|[+-]\\d{2}:?\\d{2})$"));
    if (!zoned.match(text).hasMatch()) {
        static const QRegularExpression unzoned(
            QStringLiteral("^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?$"));
        if (unzoned.match(text).hasMatch())
            return fail(QStringLiteral("'%1' has no time zone, so it would mean a different "
                                       "instant on each machine; add 'Z' for UTC (\"%1Z\")")
                            .arg(text));
        return fail(expected + QStringLiteral(", found \"%1\"").arg(elide(text)));
    }
    const QDateTime parsed = QDateTime::fromString(text, Qt::ISODateWithMs);
    if (!parsed.isValid())
        return fail(QStringLiteral("'%1' is not a valid date and time").arg(text));
    return parsed.toMSecsSinceEpoch();
}

QString ProjectFile::formatInstant(qint64 msSinceEpoch)
{
    const QDateTime time = QDateTime::fromMSecsSinceEpoch(msSinceEpoch, QTimeZone::utc());
    return time.toString(msSinceEpoch % 1000 == 0 ? QStringLiteral("yyyy-MM-dd'T'HH:mm:ss'Z'")
                                                  : QStringLiteral("yyyy-MM-dd'T'HH:mm:ss.zzz'Z'"));
}

std::optional<qint64> ProjectFile::parseDuration(const QJsonValue &json, QString *error)
{
    const QString expected = QStringLiteral("expected a duration: milliseconds (900000) or a "
                                            "string such as \"15m\", \"1h30m\", \"1d\" (units d, "
                                            "h, m, s, ms)");
    const auto fail = [&](const QString &found) -> std::optional<qint64> {
        if (error)
            *error = expected + QStringLiteral(", found ") + found;
        return std::nullopt;
    };
    if (json.isDouble()) {
        if (!isInteger(json))
            return fail(describe(json));
        return qint64(json.toDouble());
    }
    if (!json.isString())
        return fail(describe(json));
    QString text = json.toString().trimmed();
    bool negative = false;
    if (text.startsWith(u'-')) {
        negative = true;
        text.remove(0, 1);
    }
    static const QRegularExpression part(QStringLiteral("(\\d+)(ms|d|h|m|s)"));
    qint64 total = 0;
    qsizetype at = 0;
    auto it = part.globalMatch(text);
    while (it.hasNext()) {
        const auto match = it.next();
        if (match.capturedStart() != at)
            return fail(describe(json));
        at = match.capturedEnd();
        const qint64 n = match.captured(1).toLongLong();
        const QString unit = match.captured(2);
        const qint64 scale = unit == u"ms" ? 1
            : unit == u"s"                 ? 1000
            : unit == u"m"                 ? 60000
            : unit == u"h"                 ? 3600000
                                           : 86400000;
        total += n * scale;
    }
    if (at == 0 || at != text.size())
        return fail(describe(json));
    return negative ? -total : total;
}

QJsonValue ProjectFile::formatDuration(qint64 ms)
{
    if (ms == 0)
        return 0;
    struct Unit
    {
        qint64 scale;
        const char *name;
    };
    static constexpr Unit units[] = {{86400000, "d"}, {3600000, "h"}, {60000, "m"}, {1000, "s"}};
    for (const Unit &unit : units) {
        if (ms % unit.scale == 0)
            return QString::number(ms / unit.scale) + QLatin1String(unit.name);
    }
    return double(ms);
}

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
