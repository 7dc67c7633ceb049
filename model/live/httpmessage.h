#pragma once

#include <QByteArray>
#include <QString>

#include <utility>
#include <vector>

namespace keyscope::model::live {

// One HTTP request as the signer and a transport see it. Headers keep their order and may
// repeat (SigV4 joins repeated values with ','); `path` is the decoded path ("/", "/ሴ") and
// `query` the decoded query parameters, both percent-encoded by whoever puts them on the wire.
struct HttpRequest
{
    QByteArray method = "POST";
    QString scheme = QStringLiteral("https");
    QString host; // with ":port" when not the scheme's default; an IPv6 literal in brackets
    QString path = QStringLiteral("/");
    std::vector<std::pair<QString, QString>> query;
    std::vector<std::pair<QByteArray, QByteArray>> headers;
    QByteArray body;

    // The first value of a header (case-insensitive name), or empty.
    QByteArray header(const QByteArray &name) const;
    void setHeader(const QByteArray &name, const QByteArray &value); // replaces every value
    QString url() const; // scheme://host/path?query, percent-encoded
};

// What came back, or why nothing did.
struct HttpResponse
{
    enum class Failure {
        None,
        ConnectionRefused, // nothing listens on the endpoint's port
        HostNotFound,
        Timeout, // no complete answer within the timeout
        Tls,     // certificate or handshake problem
        Network, // any other transport problem (reset, unreachable, ...)
        Cancelled,
        TooLarge, // the answer passed LiveTransport::kMaxResponseBytes; reading stopped there
    };

    Failure failure = Failure::None;
    QString failureMessage; // the transport's own words
    int status = 0;
    std::vector<std::pair<QByteArray, QByteArray>> headers;
    QByteArray body;

    QByteArray header(const QByteArray &name) const;
};

} // namespace keyscope::model::live
