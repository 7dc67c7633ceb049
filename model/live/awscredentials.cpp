#include "model/live/awscredentials.h"

#include "model/io/inputfile.h"

#include <QDir>
#include <QFile>
#include <QProcessEnvironment>
#include <QRegularExpression>

namespace keyscope::model::live {

namespace {

QString env(const std::map<QString, QString> &environment, const char *name)
{
    const auto it = environment.find(QString::fromLatin1(name));
    return it == environment.end() ? QString() : it->second.trimmed();
}

struct IniSource
{
    QString path;
    bool exists = false;
    CredentialChain::IniFile sections;
    QString error; // the file is there but too large to read
};

IniSource readIni(const QString &path)
{
    IniSource source;
    source.path = path;
    QFile file(path);
    if (file.open(QIODevice::ReadOnly)) {
        source.exists = true;
        auto bytes = InputFile::read(file, path);
        if (auto *error = std::get_if<IoError>(&bytes))
            source.error = error->toString();
        else
            source.sections = CredentialChain::parseIni(std::get<QByteArray>(bytes));
    }
    return source;
}

const std::map<QString, QString> *section(const IniSource &source, const QString &name)
{
    const auto it = source.sections.find(name);
    return it == source.sections.end() ? nullptr : &it->second;
}

QString value(const std::map<QString, QString> *section, const char *key)
{
    if (!section)
        return {};
    const auto it = section->find(QString::fromLatin1(key));
    return it == section->end() ? QString() : it->second;
}

// The config file names profiles "[profile NAME]", except "[default]".
const std::map<QString, QString> *configSection(const IniSource &config, const QString &profile)
{
    if (const auto *found = section(config, QStringLiteral("profile ") + profile))
        return found;
    return profile == QLatin1String("default") ? section(config, profile) : nullptr;
}

} // namespace

CredentialChain::IniFile CredentialChain::parseIni(const QByteArray &text)
{
    IniFile result;
    QString current;
    bool inSection = false;
    for (const QByteArray &rawLine : text.split('\n')) {
        const QString line = QString::fromUtf8(rawLine).remove(QLatin1Char('\r'));
        const QString trimmed = line.trimmed();
        if (trimmed.isEmpty() || trimmed.startsWith(QLatin1Char('#'))
            || trimmed.startsWith(QLatin1Char(';')))
            continue;
        if (trimmed.startsWith(QLatin1Char('[')) && trimmed.endsWith(QLatin1Char(']'))) {
            current = trimmed.mid(1, trimmed.size() - 2).simplified();
            inSection = true;
            result[current];
            continue;
        }
        if (!inSection || line.front().isSpace()) // nested settings ("s3 =\n  key = v")
            continue;
        const qsizetype equals = trimmed.indexOf(QLatin1Char('='));
        if (equals <= 0)
            continue;
        result[current][trimmed.left(equals).trimmed().toLower()]
            = trimmed.mid(equals + 1).trimmed();
    }
    return result;
}

std::variant<QUrl, QString> CredentialChain::parseEndpoint(const QString &text)
{
    if (!text.contains(QLatin1String("://")))
        return QStringLiteral("endpoint '%1' must start with http:// or https:// (for example "
                              "http://%1)")
            .arg(text.trimmed());
    const QUrl url(text.trimmed(), QUrl::StrictMode);
    if (!url.isValid() || url.host().isEmpty())
        return QStringLiteral("'%1' is not an endpoint URL; write it as "
                              "http://127.0.0.1:8000 or https://dynamodb.eu-west-1.amazonaws.com")
            .arg(text);
    if (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https"))
        return QStringLiteral("endpoint '%1' must start with http:// or https://").arg(text);
    return url;
}

std::map<QString, QString> CredentialChain::processEnvironment()
{
    std::map<QString, QString> result;
    const QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const QString &key : environment.keys())
        result[key] = environment.value(key);
    return result;
}

std::variant<LiveConnection, QString>
CredentialChain::resolve(const Options &options, const std::map<QString, QString> &environment,
                         const QString &homeDir)
{
    LiveConnection connection;

    QString profile = options.profile.trimmed();
    const bool explicitProfile = !profile.isEmpty();
    QString profileSource = QStringLiteral("--profile");
    if (profile.isEmpty()) {
        profile = env(environment, "AWS_PROFILE");
        profileSource = QStringLiteral("AWS_PROFILE");
    }
    if (profile.isEmpty()) {
        profile = env(environment, "AWS_DEFAULT_PROFILE");
        profileSource = QStringLiteral("AWS_DEFAULT_PROFILE");
    }
    const bool namedProfile = !profile.isEmpty();
    if (profile.isEmpty())
        profile = QStringLiteral("default");

    const QString home = homeDir.isEmpty() ? QDir::homePath() : homeDir;
    QString credentialsPath = env(environment, "AWS_SHARED_CREDENTIALS_FILE");
    if (credentialsPath.isEmpty())
        credentialsPath = home + QStringLiteral("/.aws/credentials");
    QString configPath = env(environment, "AWS_CONFIG_FILE");
    if (configPath.isEmpty())
        configPath = home + QStringLiteral("/.aws/config");
    const IniSource credentialsFile = readIni(credentialsPath);
    const IniSource configFile = readIni(configPath);
    for (const IniSource *file : {&credentialsFile, &configFile}) {
        if (!file->error.isEmpty())
            return file->error;
    }
    const auto *credentialsSection = section(credentialsFile, profile);
    const auto *configProfile = configSection(configFile, profile);

    if (namedProfile && !credentialsSection && !configProfile
        && (explicitProfile || env(environment, "AWS_ACCESS_KEY_ID").isEmpty()))
        return QStringLiteral("the AWS profile '%1' (from %2) is not in %3 nor in %4")
            .arg(profile, profileSource, credentialsPath, configPath);

    // Credentials.
    if (options.typedIn) {
        connection.credentials = *options.typedIn;
        if (connection.credentials.source.isEmpty())
            connection.credentials.source = QStringLiteral("typed in");
        if (!connection.credentials.isValid())
            return QStringLiteral("both an access key id and a secret access key are needed");
    } else {
        const QString envKey = env(environment, "AWS_ACCESS_KEY_ID");
        const QString envSecret = env(environment, "AWS_SECRET_ACCESS_KEY");
        if (!explicitProfile && !envKey.isEmpty() && !envSecret.isEmpty()) {
            connection.credentials = {envKey, envSecret, env(environment, "AWS_SESSION_TOKEN"),
                                      QStringLiteral("environment (AWS_ACCESS_KEY_ID)")};
        } else {
            for (const auto &[file, found] : {std::pair {&credentialsFile, credentialsSection},
                                              std::pair {&configFile, configProfile}}) {
                const QString key = value(found, "aws_access_key_id");
                const QString secret = value(found, "aws_secret_access_key");
                if (!key.isEmpty() && !secret.isEmpty()) {
                    connection.credentials
                        = {key, secret, value(found, "aws_session_token"),
                           QStringLiteral("profile '%1' in %2").arg(profile, file->path)};
                    break;
                }
            }
            if (!connection.credentials.isValid()) {
                for (const char *unsupported : {"role_arn", "sso_start_url", "sso_session",
                                                "credential_process", "web_identity_token_file"}) {
                    if (!value(configProfile, unsupported).isEmpty()
                        || !value(credentialsSection, unsupported).isEmpty())
                        return QStringLiteral(
                                   "the AWS profile '%1' gets its credentials through %2, which "
                                   "Keyscope does not run; export temporary credentials first "
                                   "(eval \"$(aws configure export-credentials --profile %1 "
                                   "--format env)\") and try again")
                            .arg(profile, QString::fromLatin1(unsupported));
                }
                if (!envKey.isEmpty() && envSecret.isEmpty())
                    return QStringLiteral("AWS_ACCESS_KEY_ID is set but AWS_SECRET_ACCESS_KEY "
                                          "is not; set both");
                return QStringLiteral(
                           "no AWS credentials found: set AWS_ACCESS_KEY_ID and "
                           "AWS_SECRET_ACCESS_KEY, or add aws_access_key_id and "
                           "aws_secret_access_key for profile '%1' to %2 (a local endpoint "
                           "such as DynamoDB Local or dynalite accepts any values)")
                    .arg(profile, credentialsPath);
            }
        }
    }

    // Endpoint and region.
    QUrl endpoint;
    if (!options.endpoint.trimmed().isEmpty()) {
        auto parsed = parseEndpoint(options.endpoint);
        if (auto *error = std::get_if<QString>(&parsed))
            return *error;
        endpoint = std::get<QUrl>(parsed);
    }
    const std::pair<QString, QString> regionCandidates[] = {
        {options.region.trimmed(), QStringLiteral("--region")},
        {env(environment, "AWS_REGION"), QStringLiteral("AWS_REGION")},
        {env(environment, "AWS_DEFAULT_REGION"), QStringLiteral("AWS_DEFAULT_REGION")},
        {value(configProfile, "region"),
         QStringLiteral("profile '%1' in %2").arg(profile, configPath)},
    };
    for (const auto &[region, source] : regionCandidates) {
        if (!region.isEmpty()) {
            connection.region = region;
            connection.regionSource = source;
            break;
        }
    }
    if (connection.region.isEmpty() && endpoint.isValid()) {
        static const QRegularExpression awsHost(
            QStringLiteral(R"(^dynamodb(?:-fips)?\.([a-z0-9-]+)\.amazonaws\.com(?:\.cn)?$)"));
        const auto match = awsHost.match(endpoint.host());
        if (match.hasMatch()) {
            connection.region = match.captured(1);
            connection.regionSource = QStringLiteral("the endpoint's host name");
        } else {
            connection.region = QStringLiteral("us-east-1");
            connection.regionSource = QStringLiteral("default for a custom endpoint");
        }
    }
    if (connection.region.isEmpty())
        return QStringLiteral("no region: give --region (or set AWS_REGION, or `region` for "
                              "profile '%1' in %2), or an --endpoint URL")
            .arg(profile, configPath);
    static const QRegularExpression regionName(QStringLiteral("^[a-z0-9-]+$"));
    if (!regionName.match(connection.region).hasMatch())
        return QStringLiteral("'%1' (from %2) is not a region name such as eu-west-1")
            .arg(connection.region, connection.regionSource);
    if (!endpoint.isValid()) {
        const QString suffix = connection.region.startsWith(QLatin1String("cn-"))
            ? QStringLiteral(".amazonaws.com.cn")
            : QStringLiteral(".amazonaws.com");
        endpoint = QUrl(QStringLiteral("https://dynamodb.") + connection.region + suffix);
    }
    connection.endpoint = endpoint;
    return connection;
}

} // namespace keyscope::model::live
