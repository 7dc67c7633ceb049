#include "model/live/cleartextendpoint.h"

#include <QStringList>

namespace keyscope::model::live {

namespace {

// 127.x.y.z with four decimal octets.
bool isLoopbackIpv4(const QString &host)
{
    const QStringList parts = host.split(u'.');
    if (parts.size() != 4)
        return false;
    for (const QString &part : parts) {
        bool ok = false;
        const int octet = part.toInt(&ok, 10);
        if (!ok || part.isEmpty() || part.size() > 3 || octet < 0 || octet > 255)
            return false;
    }
    return parts.front().toInt() == 127;
}

// ::1 in any spelling (0:0:0:0:0:0:0:1, ::0001), or an IPv4-mapped 127.x.y.z.
bool isLoopbackIpv6(QString host)
{
    if (host.startsWith(u'[') && host.endsWith(u']'))
        host = host.mid(1, host.size() - 2);
    if (!host.contains(u':'))
        return false;
    if (host.startsWith(QLatin1String("::ffff:")))
        return isLoopbackIpv4(host.mid(7));
    const QStringList groups = host.split(u':');
    if (groups.size() < 3 || groups.size() > 8)
        return false;
    bool last = true;
    for (qsizetype i = groups.size() - 1; i >= 0; --i) {
        const QString &group = groups.at(i);
        if (group.isEmpty())
            continue; // the "::" run
        bool ok = false;
        const uint value = group.toUInt(&ok, 16);
        if (!ok || group.size() > 4 || value != (last ? 1u : 0u))
            return false;
        last = false;
    }
    return !last; // some group held the 1
}

} // namespace

bool isLocalHost(const QString &host)
{
    const QString name = host.toLower();
    if (name == u"localhost" || name.endsWith(QLatin1String(".localhost")))
        return true;
    return isLoopbackIpv4(name) || isLoopbackIpv6(name);
}

QString cleartextEndpointWarning(const QUrl &endpoint)
{
    if (endpoint.scheme().compare(QLatin1String("http"), Qt::CaseInsensitive) != 0
        || isLocalHost(endpoint.host()))
        return {};
    return endpoint.toString(QUrl::RemoveUserInfo | QUrl::StripTrailingSlash)
        + QStringLiteral(" is plain HTTP to another machine: the requests, their signatures, the "
                         "access key id and any security token would travel unencrypted");
}

} // namespace keyscope::model::live
