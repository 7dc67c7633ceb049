#pragma once

// A scripted stand-in for a DynamoDB endpoint: each request's X-Amz-Target operation and JSON
// body go to a handler that answers with a status and a JSON body (or a transport failure).
// Every request is recorded, so tests check what was sent.

#include "model/live/livetransport.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <functional>
#include <vector>

namespace keyscope::tests {

class FakeDynamoTransport : public model::live::LiveTransport
{
public:
    using HttpResponse = model::live::HttpResponse;
    using Handler = std::function<HttpResponse(const QString &operation, const QJsonObject &body)>;

    struct Sent
    {
        QString operation;
        QJsonObject body;
        model::live::HttpRequest request;
    };

    Handler handler;
    std::vector<Sent> sent;

    HttpResponse send(const model::live::HttpRequest &request, int) override
    {
        const QString target = QString::fromLatin1(request.header("X-Amz-Target"));
        const QString operation = target.section(QLatin1Char('.'), 1);
        const QJsonObject body = QJsonDocument::fromJson(request.body).object();
        sent.push_back({operation, body, request});
        return handler(operation, body);
    }

    int count(const QString &operation) const
    {
        int n = 0;
        for (const Sent &s : sent)
            n += s.operation == operation;
        return n;
    }

    static HttpResponse ok(const QJsonObject &body)
    {
        HttpResponse response;
        response.status = 200;
        response.body = QJsonDocument(body).toJson(QJsonDocument::Compact);
        return response;
    }
    static HttpResponse error(int status, const QString &code, const QString &message)
    {
        HttpResponse response;
        response.status = status;
        response.body
            = QJsonDocument(
                  QJsonObject {{QStringLiteral("__type"),
                                QStringLiteral("com.amazonaws.dynamodb.v20120810#") + code},
                               {QStringLiteral("message"), message}})
                  .toJson(QJsonDocument::Compact);
        return response;
    }
    static HttpResponse raw(int status, const QByteArray &body)
    {
        HttpResponse response;
        response.status = status;
        response.body = body;
        return response;
    }
    static HttpResponse failure(HttpResponse::Failure failure, const QString &message)
    {
        HttpResponse response;
        response.failure = failure;
        response.failureMessage = message;
        return response;
    }
};

} // namespace keyscope::tests
