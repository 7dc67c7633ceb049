#include "app/live/networktransport.h"

#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>
#include <QUrl>

namespace keyscope::app {

using model::live::HttpResponse;
using model::live::LiveTransport;

namespace {

QNetworkRequest networkRequest(const model::live::HttpRequest &request)
{
    QNetworkRequest networkRequest(QUrl(request.url(), QUrl::StrictMode));
    for (const auto &[name, value] : request.headers) {
        // Qt writes Host itself from the URL (host:port, an IPv6 literal in brackets), which is
        // what was signed.
        if (name.compare("host", Qt::CaseInsensitive) == 0)
            continue;
        networkRequest.setRawHeader(name, value);
    }
    networkRequest.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                                QNetworkRequest::ManualRedirectPolicy);
    networkRequest.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    return networkRequest;
}

HttpResponse::Failure failureOf(QNetworkReply::NetworkError error)
{
    switch (error) {
    case QNetworkReply::ConnectionRefusedError:
        return HttpResponse::Failure::ConnectionRefused;
    case QNetworkReply::HostNotFoundError:
        return HttpResponse::Failure::HostNotFound;
    case QNetworkReply::TimeoutError:
        return HttpResponse::Failure::Timeout;
    case QNetworkReply::SslHandshakeFailedError:
        return HttpResponse::Failure::Tls;
    default:
        return HttpResponse::Failure::Network;
    }
}

// Whether the answer announces, or has brought, more than LiveTransport::kMaxResponseBytes.
bool tooLarge(const QNetworkReply &reply, const QByteArray &body)
{
    const QVariant length = reply.header(QNetworkRequest::ContentLengthHeader);
    return body.size() > LiveTransport::kMaxResponseBytes
        || (length.isValid() && length.toLongLong() > LiveTransport::kMaxResponseBytes);
}

} // namespace

HttpResponse NetworkTransport::send(const model::live::HttpRequest &request, int timeoutMs)
{
    QNetworkAccessManager manager;
    QNetworkReply *reply
        = manager.sendCustomRequest(networkRequest(request), request.method, request.body);
    HttpResponse response;
    QByteArray body; // read as it comes, so an answer past the bound is never held whole
    QEventLoop loop;
    const auto stop = [&](HttpResponse::Failure failure) {
        if (response.failure == HttpResponse::Failure::None)
            response.failure = failure;
        reply->abort();
    };
    QTimer timeout;
    timeout.setSingleShot(true);
    QObject::connect(&timeout, &QTimer::timeout, &loop, [&] {
        stop(HttpResponse::Failure::Timeout);
        response.failureMessage = QStringLiteral("no answer within %1 s").arg(timeoutMs / 1000.0);
    });
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (m_cancel && m_cancel->load())
            stop(HttpResponse::Failure::Cancelled);
    });
    const auto read = [&] {
        body += reply->readAll();
        if (tooLarge(*reply, body))
            stop(HttpResponse::Failure::TooLarge);
    };
    QObject::connect(reply, &QNetworkReply::metaDataChanged, &loop, read);
    QObject::connect(reply, &QNetworkReply::readyRead, &loop, read);
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    if (timeoutMs > 0)
        timeout.start(timeoutMs);
    poll.start(100);
    if (!reply->isFinished())
        loop.exec();
    if (response.failure == HttpResponse::Failure::None)
        read();

    const QVariant status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
    if (response.failure != HttpResponse::Failure::None) {
        // Stopped by the timeout, a cancel or the size bound: nothing of the answer is kept.
    } else if (status.isValid()) {
        response.status = status.toInt();
        response.body = std::move(body);
        for (const auto &[name, value] : reply->rawHeaderPairs())
            response.headers.emplace_back(name, value);
    } else {
        response.failure = failureOf(reply->error());
        response.failureMessage = reply->errorString();
    }
    delete reply;
    return response;
}

} // namespace keyscope::app
