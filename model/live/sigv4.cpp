#include "model/live/sigv4.h"

#include "model/live/awscredentials.h"

#include <QCryptographicHash>
#include <QMessageAuthenticationCode>
#include <QStringList>
#include <QTimeZone>

#include <algorithm>
#include <map>

namespace keyscope::model::live {

namespace {

QByteArray sha256Hex(const QByteArray &data)
{
    return QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex();
}

QByteArray hmac(const QByteArray &key, const QByteArray &message)
{
    return QMessageAuthenticationCode::hash(message, key, QCryptographicHash::Sha256);
}

// Header values are trimmed and runs of spaces collapse to one (RFC 7230 obs-fold too).
QByteArray canonicalHeaderValue(const QByteArray &value)
{
    QByteArray out;
    out.reserve(value.size());
    bool space = false;
    for (char c : value.trimmed()) {
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            space = true;
            continue;
        }
        if (space && !out.isEmpty())
            out += ' ';
        space = false;
        out += c;
    }
    return out;
}

} // namespace

QByteArray SigV4::uriEncode(const QByteArray &utf8, bool keepSlash)
{
    static const char hex[] = "0123456789ABCDEF";
    QByteArray out;
    out.reserve(utf8.size() * 3);
    for (unsigned char c : utf8) {
        const bool unreserved = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')
            || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.' || c == '~';
        if (unreserved || (keepSlash && c == '/')) {
            out += char(c);
        } else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 0xF];
        }
    }
    return out;
}

QByteArray SigV4::canonicalUri(const QString &path)
{
    // Remove "." and ".." segments and empty segments (every service but S3 normalizes).
    QStringList segments;
    for (const QString &segment : path.split(QLatin1Char('/'))) {
        if (segment.isEmpty() || segment == QLatin1String("."))
            continue;
        if (segment == QLatin1String("..")) {
            if (!segments.isEmpty())
                segments.removeLast();
            continue;
        }
        segments << segment;
    }
    QByteArray out = "/";
    for (qsizetype i = 0; i < segments.size(); ++i) {
        if (i > 0)
            out += '/';
        out += uriEncode(segments.at(i).toUtf8(), false);
    }
    if (!segments.isEmpty() && path.endsWith(QLatin1Char('/')))
        out += '/';
    return out;
}

QByteArray SigV4::canonicalQuery(const std::vector<std::pair<QString, QString>> &query)
{
    std::vector<std::pair<QByteArray, QByteArray>> encoded;
    encoded.reserve(query.size());
    for (const auto &[key, value] : query)
        encoded.emplace_back(uriEncode(key.toUtf8(), false), uriEncode(value.toUtf8(), false));
    std::sort(encoded.begin(), encoded.end());
    QByteArray out;
    for (const auto &[key, value] : encoded) {
        if (!out.isEmpty())
            out += '&';
        out += key + '=' + value;
    }
    return out;
}

QByteArray SigV4::amzDate(const QDateTime &time)
{
    return time.toUTC().toString(QStringLiteral("yyyyMMdd'T'HHmmss'Z'")).toLatin1();
}

QByteArray SigV4::canonicalRequest(const HttpRequest &request, QByteArray *signedHeaders)
{
    // Lowercase names in byte order; repeated headers keep their values in request order.
    std::map<QByteArray, QByteArray> headers;
    for (const auto &[name, value] : request.headers) {
        QByteArray &joined = headers[name.toLower().trimmed()];
        if (!joined.isEmpty())
            joined += ',';
        joined += canonicalHeaderValue(value);
    }
    QByteArray canonicalHeaders;
    QByteArray names;
    for (const auto &[name, value] : headers) {
        canonicalHeaders += name + ':' + value + '\n';
        if (!names.isEmpty())
            names += ';';
        names += name;
    }
    if (signedHeaders)
        *signedHeaders = names;
    return request.method + '\n' + canonicalUri(request.path) + '\n' + canonicalQuery(request.query)
        + '\n' + canonicalHeaders + '\n' + names + '\n' + sha256Hex(request.body);
}

SigV4::Signed SigV4::sign(HttpRequest &request, const AwsCredentials &credentials,
                          const QString &region, const QString &service, const QDateTime &now)
{
    if (request.header("host").isEmpty())
        request.setHeader("Host", request.host.toUtf8());
    QByteArray date = request.header("x-amz-date");
    if (date.isEmpty()) {
        date = amzDate(now);
        request.setHeader("X-Amz-Date", date);
    }
    if (!credentials.sessionToken.isEmpty())
        request.setHeader("X-Amz-Security-Token", credentials.sessionToken.toUtf8());

    Signed result;
    QByteArray signedHeaders;
    result.canonicalRequest = canonicalRequest(request, &signedHeaders);
    const QByteArray day = date.left(8);
    const QByteArray scope = day + '/' + region.toUtf8() + '/' + service.toUtf8() + "/aws4_request";
    result.stringToSign
        = "AWS4-HMAC-SHA256\n" + date + '\n' + scope + '\n' + sha256Hex(result.canonicalRequest);

    const QByteArray dateKey = hmac("AWS4" + credentials.secretAccessKey.toUtf8(), day);
    const QByteArray regionKey = hmac(dateKey, region.toUtf8());
    const QByteArray serviceKey = hmac(regionKey, service.toUtf8());
    const QByteArray signingKey = hmac(serviceKey, "aws4_request");
    const QByteArray signature = hmac(signingKey, result.stringToSign).toHex();

    result.authorization = "AWS4-HMAC-SHA256 Credential=" + credentials.accessKeyId.toUtf8() + '/'
        + scope + ", SignedHeaders=" + signedHeaders + ", Signature=" + signature;
    request.setHeader("Authorization", result.authorization);
    return result;
}

} // namespace keyscope::model::live
