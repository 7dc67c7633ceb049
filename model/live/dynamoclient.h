#pragma once

#include "model/live/awscredentials.h"
#include "model/live/liveerror.h"
#include "model/live/livetransport.h"

#include <QDateTime>
#include <QJsonObject>

#include <atomic>
#include <functional>
#include <variant>

namespace keyscope::model::live {

// Retries with capped exponential backoff and jitter, as the AWS SDKs do for DynamoDB:
// throttling (ProvisionedThroughputExceededException, ThrottlingException,
// RequestLimitExceeded), InternalServerError/ServiceUnavailable, any 5xx, and connections that
// fail before an answer. Validation and other client errors are never retried.
struct RetryPolicy
{
    int maxAttempts = 6;
    int baseDelayMs = 50;
    int maxDelayMs = 5000;

    // Delay before attempt `attempt` (2, 3, ...), given a random fraction in [0, 1): half
    // fixed, half jittered, so throttled clients spread out.
    int delayMs(int attempt, double random) const;
};

// Calls the DynamoDB JSON protocol (POST /, X-Amz-Target: DynamoDB_20120810.<Operation>,
// Content-Type: application/x-amz-json-1.0, SigV4 for service "dynamodb") over a LiveTransport.
class DynamoClient
{
public:
    DynamoClient(LiveTransport &transport, LiveConnection connection);

    // JSON in, JSON out; every failure as a LiveError. Blocks (sleeping between retries).
    std::variant<QJsonObject, LiveError> call(const QString &operation, const QJsonObject &body);

    const LiveConnection &connection() const { return m_connection; }
    // A short name for messages: the endpoint's URL.
    QString endpointName() const;

    void setTimeoutMs(int ms) { m_timeoutMs = ms; } // 0: no limit
    int timeoutMs() const { return m_timeoutMs; }
    void setRetryPolicy(RetryPolicy policy) { m_retry = policy; }
    const RetryPolicy &retryPolicy() const { return m_retry; }
    // Tests replace the clock, the sleep between retries and the jitter.
    void setClock(std::function<QDateTime()> clock) { m_clock = std::move(clock); }
    QDateTime now() const { return m_clock(); }
    void setSleeper(std::function<void(int ms)> sleeper) { m_sleep = std::move(sleeper); }
    void setRandom(std::function<double()> random) { m_random = std::move(random); }
    // Checked between attempts and pages; set from another thread to cancel.
    void setCancelFlag(const std::atomic_bool *cancel) { m_cancel = cancel; }
    bool cancelled() const { return m_cancel && m_cancel->load(); }
    // Waits as the retry policy does (through the replaceable sleeper).
    void sleep(int ms) const { m_sleep(ms); }

    // The request call() would send (signed), for tests and --debug output.
    HttpRequest buildRequest(const QString &operation, const QJsonObject &body);
    // Reads an answer: the JSON object, or the error it reports (parsing `__type` and message).
    static std::variant<QJsonObject, LiveError>
    parseResponse(const QString &operation, const HttpResponse &response, const QString &endpoint);

private:
    LiveTransport &m_transport;
    LiveConnection m_connection;
    int m_timeoutMs = 15000;
    RetryPolicy m_retry;
    std::function<QDateTime()> m_clock;
    std::function<void(int)> m_sleep;
    std::function<double()> m_random;
    const std::atomic_bool *m_cancel = nullptr;
};

} // namespace keyscope::model::live
