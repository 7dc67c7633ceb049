#include "model/live/dynamoclient.h"

#include "model/live/sigv4.h"

#include <QJsonDocument>
#include <QJsonParseError>
#include <QRandomGenerator>
#include <QThread>

#include <algorithm>
#include <cmath>

namespace keyscope::model::live {

QString LiveError::toString() const
{
    switch (kind) {
    case Kind::Service:
        return QStringLiteral("An error occurred (%1) when calling the %2 operation: %3")
            .arg(code, operation, message);
    case Kind::Cancelled:
        return QStringLiteral("cancelled");
    default:
        return message;
    }
}

bool LiveError::isThrottling() const
{
    return kind == Kind::Service
        && (code == QLatin1String("ProvisionedThroughputExceededException")
            || code == QLatin1String("ThrottlingException")
            || code == QLatin1String("RequestLimitExceeded"));
}

int RetryPolicy::delayMs(int attempt, double random) const
{
    const double exponential = double(baseDelayMs) * std::pow(2.0, std::max(0, attempt - 2));
    const double capped = std::min(exponential, double(maxDelayMs));
    return int(capped / 2 + capped / 2 * random);
}

DynamoClient::DynamoClient(LiveTransport &transport, LiveConnection connection)
    : m_transport(transport)
    , m_connection(std::move(connection))
    , m_clock([] { return QDateTime::currentDateTimeUtc(); })
    , m_sleep([](int ms) { QThread::msleep(ulong(ms)); })
    , m_random([] { return QRandomGenerator::global()->generateDouble(); })
{ }

QString DynamoClient::endpointName() const
{
    return m_connection.endpoint.toString(QUrl::RemoveUserInfo | QUrl::StripTrailingSlash);
}

HttpRequest DynamoClient::buildRequest(const QString &operation, const QJsonObject &body)
{
    HttpRequest request;
    request.method = "POST";
    const QUrl &url = m_connection.endpoint;
    request.scheme = url.scheme();
    request.host = url.host(QUrl::FullyEncoded);
    // An IPv6 literal keeps its brackets in the URL and in the signed Host header ("[::1]:8000").
    if (request.host.contains(QLatin1Char(':')))
        request.host = QLatin1Char('[') + request.host + QLatin1Char(']');
    const int defaultPort = request.scheme == QLatin1String("https") ? 443 : 80;
    if (url.port(defaultPort) != defaultPort)
        request.host += QLatin1Char(':') + QString::number(url.port());
    request.path = url.path().isEmpty() ? QStringLiteral("/") : url.path();
    request.body = QJsonDocument(body).toJson(QJsonDocument::Compact);
    request.setHeader("Host", request.host.toUtf8());
    request.setHeader("Content-Type", "application/x-amz-json-1.0");
    request.setHeader("X-Amz-Target", "DynamoDB_20120810." + operation.toLatin1());
    SigV4::sign(request, m_connection.credentials, m_connection.region, QStringLiteral("dynamodb"),
                m_clock());
    return request;
}

namespace {

// Why no answer came (HttpResponse::failure), in words.
LiveError transportFailure(const QString &operation, const HttpResponse &response,
                           const QString &endpoint)
{
    LiveError error;
    error.operation = operation;
    error.httpStatus = response.status;
    error.kind = LiveError::Kind::Unreachable;
    const QString detail = response.failureMessage.isEmpty()
        ? QString()
        : QStringLiteral(" (%1)").arg(response.failureMessage);
    using Failure = HttpResponse::Failure;
    switch (response.failure) {
    case Failure::Timeout:
        error.kind = LiveError::Kind::Timeout;
        error.message = QStringLiteral("%1 did not answer the %2 request in time%3; is the "
                                       "endpoint overloaded or the network slow?")
                            .arg(endpoint, operation, detail);
        break;
    case Failure::Cancelled:
        error.kind = LiveError::Kind::Cancelled;
        error.message = QStringLiteral("cancelled");
        break;
    case Failure::TooLarge:
        error.kind = LiveError::Kind::Bound;
        error.message = QStringLiteral("%1 answered the %2 request with more than %3 MiB; Keyscope "
                                       "stopped reading there, as DynamoDB's answers are at most "
                                       "a few MB. Is it a DynamoDB endpoint?")
                            .arg(endpoint, operation,
                                 QString::number(LiveTransport::kMaxResponseBytes >> 20));
        break;
    case Failure::ConnectionRefused:
        error.message = QStringLiteral("cannot connect to %1: connection refused%2; is the "
                                       "endpoint running and is the port right?")
                            .arg(endpoint, detail);
        break;
    case Failure::HostNotFound:
        error.message = QStringLiteral("cannot connect to %1: host not found%2; check the "
                                       "endpoint URL or the region")
                            .arg(endpoint, detail);
        break;
    case Failure::Tls:
        error.message = QStringLiteral("cannot connect to %1: TLS failed%2").arg(endpoint, detail);
        break;
    default:
        error.message = QStringLiteral("cannot reach %1%2").arg(endpoint, detail);
        break;
    }
    return error;
}

} // namespace

std::variant<QJsonObject, LiveError> DynamoClient::parseResponse(const QString &operation,
                                                                 const HttpResponse &response,
                                                                 const QString &endpoint)
{
    if (response.failure != HttpResponse::Failure::None)
        return transportFailure(operation, response, endpoint);
    if (response.body.size() > LiveTransport::kMaxResponseBytes) {
        HttpResponse tooLarge;
        tooLarge.failure = HttpResponse::Failure::TooLarge;
        return transportFailure(operation, tooLarge, endpoint);
    }
    LiveError error;
    error.operation = operation;
    error.httpStatus = response.status;

    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(response.body, &parseError);
    const bool isObject = parseError.error == QJsonParseError::NoError && document.isObject();
    const QString snippet = QString::fromUtf8(response.body.left(200)).simplified();

    if (response.status >= 200 && response.status < 300) {
        if (!isObject) {
            error.kind = LiveError::Kind::Malformed;
            error.message
                = QStringLiteral("%1 answered the %2 request with something that is "
                                 "not DynamoDB JSON (%3%4): '%5'; is it a DynamoDB "
                                 "endpoint?")
                      .arg(endpoint, operation,
                           parseError.error == QJsonParseError::NoError
                               ? QStringLiteral("not an object")
                               : parseError.errorString()
                                   + QStringLiteral(" at offset %1").arg(parseError.offset),
                           QString(), snippet);
            return error;
        }
        return document.object();
    }

    // An error: {"__type": "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException",
    // "message": "..."} (some services write "Message"); the type may also come as a header.
    error.kind = LiveError::Kind::Service;
    QString type;
    QString message;
    if (isObject) {
        const QJsonObject object = document.object();
        type = object.value(QLatin1String("__type")).toString();
        message = object.value(QLatin1String("message")).toString();
        if (message.isEmpty())
            message = object.value(QLatin1String("Message")).toString();
    }
    if (type.isEmpty())
        type = QString::fromUtf8(response.header("x-amzn-ErrorType"))
                   .section(QLatin1Char(':'), 0, 0);
    if (type.contains(QLatin1Char('#')))
        type = type.section(QLatin1Char('#'), -1);
    if (type.isEmpty()) {
        // Not DynamoDB's error shape: a proxy, a web server, or something else on the port.
        error.kind = response.status >= 500 ? LiveError::Kind::Service : LiveError::Kind::Malformed;
        error.code = QStringLiteral("HTTP%1").arg(response.status);
        error.message = QStringLiteral("%1 answered the %2 request with HTTP %3 and no DynamoDB "
                                       "error: '%4'")
                            .arg(endpoint, operation)
                            .arg(response.status)
                            .arg(snippet);
        if (error.kind == LiveError::Kind::Service)
            error.message = QStringLiteral("HTTP %1: '%2'").arg(response.status).arg(snippet);
        return error;
    }
    error.code = type;
    error.message = message.isEmpty() ? QStringLiteral("(no message)") : message;
    return error;
}

std::variant<QJsonObject, LiveError> DynamoClient::call(const QString &operation,
                                                        const QJsonObject &body)
{
    LiveError last;
    for (int attempt = 1; attempt <= std::max(1, m_retry.maxAttempts); ++attempt) {
        if (cancelled()) {
            LiveError error;
            error.kind = LiveError::Kind::Cancelled;
            error.operation = operation;
            error.message = QStringLiteral("cancelled");
            return error;
        }
        if (attempt > 1)
            m_sleep(m_retry.delayMs(attempt, m_random()));
        // Signed per attempt: the signature carries the time.
        const HttpRequest request = buildRequest(operation, body);
        const HttpResponse response = m_transport.send(request, m_timeoutMs);
        auto result = parseResponse(operation, response, endpointName());
        if (std::holds_alternative<QJsonObject>(result))
            return result;
        last = std::get<LiveError>(result);
        last.attempts = attempt;
        const bool retryable = last.isThrottling()
            || (last.kind == LiveError::Kind::Service
                && (last.httpStatus >= 500 || last.code == QLatin1String("InternalServerError")
                    || last.code == QLatin1String("ServiceUnavailable")))
            || (last.kind == LiveError::Kind::Unreachable
                && response.failure == HttpResponse::Failure::Network);
        if (!retryable)
            return last;
    }
    if (last.attempts > 1)
        last.message += QStringLiteral(" (gave up after %1 attempts)").arg(last.attempts);
    return last;
}

} // namespace keyscope::model::live
