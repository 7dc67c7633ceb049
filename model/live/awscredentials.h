#pragma once

#include <QString>
#include <QUrl>

#include <map>
#include <optional>
#include <variant>

namespace keyscope::model::live {

// Secret material. Lives in memory only: Keyscope never writes it to a project file or to
// settings. `source` says where it came from, for messages ("environment",
// "profile 'dev' in /home/me/.aws/credentials", "typed in").
struct AwsCredentials
{
    QString accessKeyId;
    QString secretAccessKey;
    QString sessionToken;
    QString source;

    bool isValid() const { return !accessKeyId.isEmpty() && !secretAccessKey.isEmpty(); }
};

// Where to send requests and how to sign them.
struct LiveConnection
{
    QUrl endpoint; // https://dynamodb.eu-west-1.amazonaws.com or http://127.0.0.1:8000
    QString region;
    QString regionSource; // "--region", "AWS_REGION", "profile 'dev' in ~/.aws/config", ...
    AwsCredentials credentials;
};

// The AWS CLI's resolution order, read from an environment and a home directory (both given,
// so tests use a temporary HOME):
//   credentials: with no explicit profile, AWS_ACCESS_KEY_ID + AWS_SECRET_ACCESS_KEY
//   (+ AWS_SESSION_TOKEN); else the profile (--profile, AWS_PROFILE, AWS_DEFAULT_PROFILE or
//   "default") from AWS_SHARED_CREDENTIALS_FILE (~/.aws/credentials, section [name]), then
//   AWS_CONFIG_FILE (~/.aws/config, section [profile name], or [default]).
//   region: --region, AWS_REGION, AWS_DEFAULT_REGION, the profile's `region` in the config
//   file, the region in an AWS endpoint's host name, else us-east-1 for a custom endpoint.
//   endpoint: --endpoint, else https://dynamodb.<region>.amazonaws.com.
// Profiles that need an STS call (role_arn, sso_*, credential_process, web identity) are
// refused with what to do instead.
class CredentialChain
{
public:
    struct Options
    {
        QString endpoint; // empty: AWS for the region
        QString region;
        QString profile;
        // Typed in for one session: used as is, the chain is not consulted.
        std::optional<AwsCredentials> typedIn;
    };

    static std::variant<LiveConnection, QString>
    resolve(const Options &options, const std::map<QString, QString> &environment,
            const QString &homeDir);

    // The process environment as a map (for resolve()).
    static std::map<QString, QString> processEnvironment();

    // A minimal INI reader for the AWS files: [section] headers, `key = value` lines,
    // '#'/';' comments; indented lines (nested s3 settings) are skipped.
    using IniFile = std::map<QString, std::map<QString, QString>>;
    static IniFile parseIni(const QByteArray &text);

    // Checks an endpoint URL: http or https with a host. On error returns the message.
    static std::variant<QUrl, QString> parseEndpoint(const QString &text);
};

} // namespace keyscope::model::live
