#pragma once

// Reading a JSON document member by member with the path of each value, so every problem is
// reported with where it is ("entities[1].keys.SK") and nothing the reader does not know is
// lost (ObjectReader::extra). Shared by the project file's readers (model/design/fileformat/).

#include "model/io/ioerror.h"
#include "model/io/jsonfile.h"
#include "model/io/suggestion.h"
#include "model/value/jsonnumbertext.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QSet>
#include <QString>
#include <QStringList>

#include <cmath>
#include <optional>
#include <vector>

namespace keyscope::model::fileformat {

inline QString memberPath(const QString &path, const QString &key)
{
    return path.isEmpty() ? key : path + QLatin1Char('.') + key;
}

inline QString elementPath(const QString &path, qsizetype index)
{
    return QStringLiteral("%1[%2]").arg(path).arg(index);
}

// "found ..." for wrong-type messages, naming numbers and strings ("the number 5").
inline QString describe(const QJsonValue &value)
{
    if (value.isDouble())
        return QStringLiteral("the number %1").arg(jsonNumberText(value.toDouble()));
    if (value.isString())
        return QStringLiteral("the string ") + JsonFile::foundText(value);
    return JsonFile::foundText(value);
}

inline bool isInteger(const QJsonValue &value)
{
    if (!value.isDouble())
        return false;
    const double d = value.toDouble();
    return std::trunc(d) == d && std::abs(d) <= 9007199254740992.0;
}

inline QJsonObject without(const QJsonObject &object, const QSet<QString> &known)
{
    QJsonObject rest;
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (!known.contains(it.key()))
            rest.insert(it.key(), it.value());
    }
    return rest;
}

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

    // A finite JSON number of at least `min` (a rate, a price).
    std::optional<double> number(const QString &key, double min)
    {
        const QJsonValue value = take(key);
        if (value.isUndefined())
            return std::nullopt;
        if (!value.isDouble() || !std::isfinite(value.toDouble())) {
            wrongType(key, QStringLiteral("a number"), value);
            return std::nullopt;
        }
        if (value.toDouble() < min) {
            m_reader.error(
                pathOf(key),
                QStringLiteral("must be at least %1, found %2").arg(min).arg(value.toDouble()));
            return std::nullopt;
        }
        return value.toDouble();
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

} // namespace keyscope::model::fileformat
