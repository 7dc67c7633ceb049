#include "model/live/httpmessage.h"

#include "model/live/sigv4.h"

namespace keyscope::model::live {

namespace {

QByteArray findHeader(const std::vector<std::pair<QByteArray, QByteArray>> &headers,
                      const QByteArray &name)
{
    for (const auto &[key, value] : headers) {
        if (key.compare(name, Qt::CaseInsensitive) == 0)
            return value;
    }
    return {};
}

} // namespace

QByteArray HttpRequest::header(const QByteArray &name) const
{
    return findHeader(headers, name);
}

void HttpRequest::setHeader(const QByteArray &name, const QByteArray &value)
{
    std::erase_if(headers, [&](const auto &header) {
        return header.first.compare(name, Qt::CaseInsensitive) == 0;
    });
    headers.emplace_back(name, value);
}

QString HttpRequest::url() const
{
    QString out = scheme + QStringLiteral("://") + host
        + QString::fromLatin1(SigV4::uriEncode(path.toUtf8(), true));
    if (!query.empty())
        out += QLatin1Char('?') + QString::fromLatin1(SigV4::canonicalQuery(query));
    return out;
}

QByteArray HttpResponse::header(const QByteArray &name) const
{
    return findHeader(headers, name);
}

} // namespace keyscope::model::live
