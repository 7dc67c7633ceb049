#pragma once

#include "model/live/httpmessage.h"

#include <QByteArray>
#include <QDateTime>
#include <QString>

namespace keyscope::model::live {

struct AwsCredentials;

// AWS Signature Version 4 (header form), as the published SigV4 test suite checks it:
// canonical request, string to sign, signing key derived per date/region/service, and the
// Authorization header. Every header present when signing is signed.
class SigV4
{
public:
    struct Signed
    {
        QByteArray canonicalRequest;
        QByteArray stringToSign;
        QByteArray authorization; // the Authorization header's value
    };

    // Adds X-Amz-Date (unless the request already has one), X-Amz-Security-Token (with a
    // session token) and Authorization to `request`, and returns the intermediate texts.
    static Signed sign(HttpRequest &request, const AwsCredentials &credentials,
                       const QString &region, const QString &service, const QDateTime &now);

    // The pieces, exposed for the test vectors.
    static QByteArray canonicalRequest(const HttpRequest &request, QByteArray *signedHeaders);
    static QByteArray canonicalUri(const QString &path);
    static QByteArray canonicalQuery(const std::vector<std::pair<QString, QString>> &query);
    static QByteArray uriEncode(const QByteArray &utf8, bool keepSlash);
    static QByteArray amzDate(const QDateTime &time); // 20150830T123600Z
};

} // namespace keyscope::model::live
