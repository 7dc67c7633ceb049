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

namespace {

using EnvironmentMap = std::map<QString, QString>;
using IniSection = std::map<QString, QString>;

// The profile the user picked (--profile, AWS_PROFILE, AWS_DEFAULT_PROFILE) and the two files
// that may hold it, read.
struct AwsProfileFiles
{
    QString profile;
    QString profileSource;
    bool explicitProfile = false; // --profile
    bool namedProfile = false;    // --profile or an environment variable
    QString credentialsPath;
    QString configPath;
    IniSource credentialsFile;
    IniSource configFile;
    const IniSection *credentialsSection = nullptr;
    const IniSection *configProfile = nullptr;
};

void chooseProfile(const CredentialChain::Options &options, const EnvironmentMap &environment,
                   AwsProfileFiles &files)
{
    QString profile = options.profile.trimmed();
    files.explicitProfile = !profile.isEmpty();
    QString profileSource = QStringLiteral("--profile");
    if (profile.isEmpty()) {
        profile = env(environment, "AWS_PROFILE");
        profileSource = QStringLiteral("AWS_PROFILE");
    }
    if (profile.isEmpty()) {
        profile = env(environment, "AWS_DEFAULT_PROFILE");
        profileSource = QStringLiteral("AWS_DEFAULT_PROFILE");
    }
    files.namedProfile = !profile.isEmpty();
    if (profile.isEmpty())
        profile = QStringLiteral("default");
    files.profile = profile;
    files.profileSource = profileSource;
}

// Reads the credentials and config files and finds the profile in them; an error if a file
// cannot be read or a profile the user named is in neither.
std::optional<QString> readProfileFiles(const EnvironmentMap &environment, const QString &homeDir,
                                        AwsProfileFiles &files)
{
    const QString home = homeDir.isEmpty() ? QDir::homePath() : homeDir;
    files.credentialsPath = env(environment, "AWS_SHARED_CREDENTIALS_FILE");
    if (files.credentialsPath.isEmpty())
        files.credentialsPath = home + QStringLiteral("/.aws/credentials");
    files.configPath = env(environment, "AWS_CONFIG_FILE");
    if (files.configPath.isEmpty())
        files.configPath = home + QStringLiteral("/.aws/config");
    files.credentialsFile = readIni(files.credentialsPath);
    files.configFile = readIni(files.configPath);
    for (const IniSource *file : {&files.credentialsFile, &files.configFile}) {
        if (!file->error.isEmpty())
            return file->error;
    }
    files.credentialsSection = section(files.credentialsFile, files.profile);
    files.configProfile = configSection(files.configFile, files.profile);
    if (files.namedProfile && !files.credentialsSection && !files.configProfile
        && (files.explicitProfile || env(environment, "AWS_ACCESS_KEY_ID").isEmpty()))
        return QStringLiteral("the AWS profile '%1' (from %2) is not in %3 nor in %4")
            .arg(files.profile, files.profileSource, files.credentialsPath, files.configPath);
    return std::nullopt;
}

std::optional<AwsCredentials> profileCredentials(const AwsProfileFiles &files)
{
    for (const auto &[file, found] : {std::pair {&files.credentialsFile, files.credentialsSection},
                                      std::pair {&files.configFile, files.configProfile}}) {
        const QString key = value(found, "aws_access_key_id");
        const QString secret = value(found, "aws_secret_access_key");
        if (!key.isEmpty() && !secret.isEmpty())
            return AwsCredentials {
                key, secret, value(found, "aws_session_token"),
                QStringLiteral("profile '%1' in %2").arg(files.profile, file->path)};
    }
    return std::nullopt;
}

// Why no credentials were found, and what to do about it.
QString missingCredentialsError(const AwsProfileFiles &files, const QString &envKey,
                                const QString &envSecret)
{
    for (const char *unsupported : {"role_arn", "sso_start_url", "sso_session",
                                    "credential_process", "web_identity_token_file"}) {
        if (!value(files.configProfile, unsupported).isEmpty()
            || !value(files.credentialsSection, unsupported).isEmpty())
            return QStringLiteral("the AWS profile '%1' gets its credentials through %2, which "
                                  "Keyscope does not run; export temporary credentials first "
                                  "(eval \"$(aws configure export-credentials --profile %1 "
                                  "--format env)\") and try again")
                .arg(files.profile, QString::fromLatin1(unsupported));
    }
    if (!envKey.isEmpty() && envSecret.isEmpty())
        return QStringLiteral("AWS_ACCESS_KEY_ID is set but AWS_SECRET_ACCESS_KEY "
                              "is not; set both");
    return QStringLiteral("no AWS credentials found: set AWS_ACCESS_KEY_ID and "
                          "AWS_SECRET_ACCESS_KEY, or add aws_access_key_id and "
                          "aws_secret_access_key for profile '%1' to %2 (a local endpoint "
                          "such as DynamoDB Local or dynalite accepts any values)")
        .arg(files.profile, files.credentialsPath);
}

// Typed in, else the environment (unless --profile names a profile), else the profile.
std::variant<AwsCredentials, QString> chooseCredentials(const CredentialChain::Options &options,
                                                        const EnvironmentMap &environment,
                                                        const AwsProfileFiles &files)
{
    if (options.typedIn) {
        AwsCredentials credentials = *options.typedIn;
        if (credentials.source.isEmpty())
            credentials.source = QStringLiteral("typed in");
        if (!credentials.isValid())
            return QStringLiteral("both an access key id and a secret access key are needed");
        return credentials;
    }
    const QString envKey = env(environment, "AWS_ACCESS_KEY_ID");
    const QString envSecret = env(environment, "AWS_SECRET_ACCESS_KEY");
    if (!files.explicitProfile && !envKey.isEmpty() && !envSecret.isEmpty())
        return AwsCredentials {envKey, envSecret, env(environment, "AWS_SESSION_TOKEN"),
                               QStringLiteral("environment (AWS_ACCESS_KEY_ID)")};
    if (auto credentials = profileCredentials(files))
        return *credentials;
    return missingCredentialsError(files, envKey, envSecret);
}

// The first region given: --region, AWS_REGION, AWS_DEFAULT_REGION, the profile's.
void chooseRegion(const CredentialChain::Options &options, const EnvironmentMap &environment,
                  const AwsProfileFiles &files, LiveConnection &connection)
{
    const std::pair<QString, QString> regionCandidates[] = {
        {options.region.trimmed(), QStringLiteral("--region")},
        {env(environment, "AWS_REGION"), QStringLiteral("AWS_REGION")},
        {env(environment, "AWS_DEFAULT_REGION"), QStringLiteral("AWS_DEFAULT_REGION")},
        {value(files.configProfile, "region"),
         QStringLiteral("profile '%1' in %2").arg(files.profile, files.configPath)},
    };
    for (const auto &[region, source] : regionCandidates) {
        if (!region.isEmpty()) {
            connection.region = region;
            connection.regionSource = source;
            break;
        }
    }
}

// With no region given, an AWS endpoint's host names it; a custom endpoint gets us-east-1.
void regionFromEndpoint(const QUrl &endpoint, LiveConnection &connection)
{
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

std::optional<QString> chooseEndpointAndRegion(const CredentialChain::Options &options,
                                               const EnvironmentMap &environment,
                                               const AwsProfileFiles &files,
                                               LiveConnection &connection)
{
    QUrl endpoint;
    if (!options.endpoint.trimmed().isEmpty()) {
        auto parsed = CredentialChain::parseEndpoint(options.endpoint);
        if (auto *error = std::get_if<QString>(&parsed))
            return *error;
        endpoint = std::get<QUrl>(parsed);
    }
    chooseRegion(options, environment, files, connection);
    if (connection.region.isEmpty() && endpoint.isValid())
        regionFromEndpoint(endpoint, connection);
    if (connection.region.isEmpty())
        return QStringLiteral("no region: give --region (or set AWS_REGION, or `region` for "
                              "profile '%1' in %2), or an --endpoint URL")
            .arg(files.profile, files.configPath);
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
    return std::nullopt;
}

} // namespace

std::variant<LiveConnection, QString>
CredentialChain::resolve(const Options &options, const std::map<QString, QString> &environment,
                         const QString &homeDir)
{
    AwsProfileFiles files;
    chooseProfile(options, environment, files);
    if (auto error = readProfileFiles(environment, homeDir, files))
        return *error;
    LiveConnection connection;
    auto credentials = chooseCredentials(options, environment, files);
    if (auto *error = std::get_if<QString>(&credentials))
        return *error;
    connection.credentials = std::get<AwsCredentials>(credentials);
    if (auto error = chooseEndpointAndRegion(options, environment, files, connection))
        return *error;
    return connection;
}

} // namespace keyscope::model::live
