#include "app/live/networktransport.h"

#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>
#include <QUrl>

namespace keyscope::app {

using model::live::HttpResponse;

HttpResponse NetworkTransport::send(const model::live::HttpRequest &request, int timeoutMs)
{
    QNetworkAccessManager manager;
    QNetworkRequest networkRequest(QUrl(request.url(), QUrl::StrictMode));
    for (const auto &[name, value] : request.headers) {
        // Qt writes Host itself from the URL (host:port), which is what was signed.
        if (name.compare("host", Qt::CaseInsensitive) == 0)
            continue;
        networkRequest.setRawHeader(name, value);
    }
    networkRequest.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                                QNetworkRequest::ManualRedirectPolicy);
    networkRequest.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);

    QNetworkReply *reply = manager.sendCustomRequest(networkRequest, request.method, request.body);
    QEventLoop loop;
    bool timedOut = false;
    bool cancelled = false;
    QTimer timeout;
    timeout.setSingleShot(true);
    QObject::connect(&timeout, &QTimer::timeout, &loop, [&] {
        timedOut = true;
        reply->abort();
    });
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (m_cancel && m_cancel->load()) {
            cancelled = true;
            reply->abort();
        }
    });
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    timeout.start(timeoutMs);
    poll.start(100);
    if (!reply->isFinished())
        loop.exec();

    HttpResponse response;
    const QVariant status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
    if (cancelled) {
        response.failure = HttpResponse::Failure::Cancelled;
    } else if (timedOut) {
        response.failure = HttpResponse::Failure::Timeout;
        response.failureMessage = QStringLiteral("no answer within %1 s").arg(timeoutMs / 1000.0);
    } else if (status.isValid()) {
        response.status = status.toInt();
        response.body = reply->readAll();
        for (const auto &[name, value] : reply->rawHeaderPairs())
            response.headers.emplace_back(name, value);
    } else {
        switch (reply->error()) {
        case QNetworkReply::ConnectionRefusedError:
            response.failure = HttpResponse::Failure::ConnectionRefused;
            break;
        case QNetworkReply::HostNotFoundError:
            response.failure = HttpResponse::Failure::HostNotFound;
            break;
        case QNetworkReply::TimeoutError:
            response.failure = HttpResponse::Failure::Timeout;
            break;
        case QNetworkReply::SslHandshakeFailedError:
            response.failure = HttpResponse::Failure::Tls;
            break;
        default:
            response.failure = HttpResponse::Failure::Network;
            break;
        }
        response.failureMessage = reply->errorString();
    }
    delete reply;
    return response;
}

} // namespace keyscope::app
