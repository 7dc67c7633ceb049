#include "model/design/projectfile.h"

#include "model/design/fileformat/jsonreader.h"

#include <QDateTime>
#include <QRegularExpression>
#include <QTimeZone>

// The project file's time texts: instants ("2023-07-10T14:48:00Z", epoch milliseconds) and
// durations ("15m", "1h", "500ms", milliseconds).

namespace keyscope::model {

using fileformat::describe;
using fileformat::isInteger;

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
        return fail(expected + QStringLiteral(", found \"%1\"").arg(JsonFile::elided(text)));
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

} // namespace keyscope::model
