// The AWS credential chain and region resolution, with a temporary HOME and a given
// environment: environment variables, profiles in ~/.aws/credentials and ~/.aws/config
// ("[profile x]" sections), precedence, and clear errors.

#include "model/live/awscredentials.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace keyscope::model::live;

class TestLiveCredentials : public QObject
{
    Q_OBJECT

    QTemporaryDir m_home;

    void write(const QString &relative, const QByteArray &text)
    {
        QDir(m_home.path()).mkpath(QFileInfo(m_home.filePath(relative)).path());
        QFile file(m_home.filePath(relative));
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(text);
    }

    std::variant<LiveConnection, QString> resolve(const CredentialChain::Options &options,
                                                  const std::map<QString, QString> &env = {})
    {
        return CredentialChain::resolve(options, env, m_home.path());
    }

private slots:
    void init()
    {
        QDir(m_home.path() + QStringLiteral("/.aws")).removeRecursively();
        write(QStringLiteral(".aws/credentials"),
              "# comment\n[default]\naws_access_key_id = DEFAULTKEY\naws_secret_access_key = "
              "defaultsecret\n\n[dev]\naws_access_key_id=DEVKEY\r\naws_secret_access_key="
              "devsecret\r\n"
              "aws_session_token = devtoken\n");
        write(QStringLiteral(".aws/config"),
              "[default]\nregion = eu-west-1\n\n[profile dev]\nregion = ap-southeast-2\n"
              "s3 =\n  region = ignored-nested\n\n[profile cfgonly]\naws_access_key_id = CFGKEY\n"
              "aws_secret_access_key = cfgsecret\nregion=us-west-2\n\n[profile role]\n"
              "role_arn = arn:aws:iam::123456789012:role/x\nsource_profile = default\n");
    }

    void environmentVariablesComeFirst()
    {
        auto result = resolve({},
                              {{"AWS_ACCESS_KEY_ID", "ENVKEY"},
                               {"AWS_SECRET_ACCESS_KEY", "envsecret"},
                               {"AWS_SESSION_TOKEN", "envtoken"},
                               {"AWS_PROFILE", "dev"}});
        QVERIFY(std::holds_alternative<LiveConnection>(result));
        const LiveConnection c = std::get<LiveConnection>(result);
        QCOMPARE(c.credentials.accessKeyId, QStringLiteral("ENVKEY"));
        QCOMPARE(c.credentials.sessionToken, QStringLiteral("envtoken"));
        // The region still comes from AWS_PROFILE's config section.
        QCOMPARE(c.region, QStringLiteral("ap-southeast-2"));
        QCOMPARE(c.endpoint, QUrl(QStringLiteral("https://dynamodb.ap-southeast-2.amazonaws.com")));
    }

    void explicitProfileBeatsEnvironment()
    {
        CredentialChain::Options options;
        options.profile = QStringLiteral("dev");
        auto result = resolve(
            options, {{"AWS_ACCESS_KEY_ID", "ENVKEY"}, {"AWS_SECRET_ACCESS_KEY", "envsecret"}});
        const LiveConnection c = std::get<LiveConnection>(result);
        QCOMPARE(c.credentials.accessKeyId, QStringLiteral("DEVKEY"));
        QCOMPARE(c.credentials.secretAccessKey, QStringLiteral("devsecret"));
        QCOMPARE(c.credentials.sessionToken, QStringLiteral("devtoken"));
        QVERIFY(c.credentials.source.contains(QLatin1String("profile 'dev'")));
    }

    void defaultProfile()
    {
        const LiveConnection c = std::get<LiveConnection>(resolve({}));
        QCOMPARE(c.credentials.accessKeyId, QStringLiteral("DEFAULTKEY"));
        QCOMPARE(c.region, QStringLiteral("eu-west-1"));
        QVERIFY(c.regionSource.contains(QLatin1String(".aws/config")));
    }

    void keysInConfigFile()
    {
        const LiveConnection c
            = std::get<LiveConnection>(resolve({}, {{"AWS_PROFILE", "cfgonly"}}));
        QCOMPARE(c.credentials.accessKeyId, QStringLiteral("CFGKEY"));
        QCOMPARE(c.region, QStringLiteral("us-west-2"));
    }

    void regionPrecedence()
    {
        CredentialChain::Options options;
        options.region = QStringLiteral("sa-east-1");
        QCOMPARE(
            std::get<LiveConnection>(resolve(options, {{"AWS_REGION", "ca-central-1"}})).region,
            QStringLiteral("sa-east-1"));
        QCOMPARE(
            std::get<LiveConnection>(
                resolve({}, {{"AWS_REGION", "ca-central-1"}, {"AWS_DEFAULT_REGION", "eu-north-1"}}))
                .region,
            QStringLiteral("ca-central-1"));
        QCOMPARE(
            std::get<LiveConnection>(resolve({}, {{"AWS_DEFAULT_REGION", "eu-north-1"}})).region,
            QStringLiteral("eu-north-1"));
    }

    void endpointGivesRegion()
    {
        QFile::remove(m_home.filePath(QStringLiteral(".aws/config")));
        CredentialChain::Options options;
        options.endpoint = QStringLiteral("https://dynamodb.eu-central-1.amazonaws.com");
        LiveConnection c = std::get<LiveConnection>(resolve(options));
        QCOMPARE(c.region, QStringLiteral("eu-central-1"));
        options.endpoint = QStringLiteral("http://127.0.0.1:8000");
        c = std::get<LiveConnection>(resolve(options));
        QCOMPARE(c.region, QStringLiteral("us-east-1"));
        QCOMPARE(c.endpoint.port(), 8000);
    }

    void typedInCredentials()
    {
        CredentialChain::Options options;
        options.typedIn
            = AwsCredentials {QStringLiteral("TYPED"), QStringLiteral("s"), QString(), QString()};
        const LiveConnection c = std::get<LiveConnection>(resolve(options));
        QCOMPARE(c.credentials.accessKeyId, QStringLiteral("TYPED"));
        QCOMPARE(c.credentials.source, QStringLiteral("typed in"));
    }

    void errors_data()
    {
        QTest::addColumn<QString>("profile");
        QTest::addColumn<QString>("endpoint");
        QTest::addColumn<bool>("removeFiles");
        QTest::addColumn<QString>("expected");
        QTest::newRow("unknown profile")
            << "nope"
            << "" << false << "the AWS profile 'nope' (from --profile) is not in";
        QTest::newRow("assume role") << "role"
                                     << "" << false
                                     << "gets its credentials through role_arn, which Keyscope "
                                        "does not run; export temporary credentials first";
        QTest::newRow("nothing") << ""
                                 << "http://localhost:8000" << true
                                 << "no AWS credentials found: set AWS_ACCESS_KEY_ID and "
                                    "AWS_SECRET_ACCESS_KEY";
        QTest::newRow("bad endpoint")
            << ""
            << "localhost:8000" << false
            << "endpoint 'localhost:8000' must start with http:// or https://";
        QTest::newRow("no region") << ""
                                   << "" << true << "";
    }

    void errors()
    {
        QFETCH(QString, profile);
        QFETCH(QString, endpoint);
        QFETCH(bool, removeFiles);
        QFETCH(QString, expected);
        if (removeFiles)
            QDir(m_home.path() + QStringLiteral("/.aws")).removeRecursively();
        CredentialChain::Options options;
        options.profile = profile;
        options.endpoint = endpoint;
        std::map<QString, QString> env;
        if (expected.isEmpty()) { // credentials but no region
            env = {{"AWS_ACCESS_KEY_ID", "K"}, {"AWS_SECRET_ACCESS_KEY", "S"}};
            expected = QStringLiteral("no region: give --region");
        }
        auto result = resolve(options, env);
        QVERIFY(std::holds_alternative<QString>(result));
        QVERIFY2(std::get<QString>(result).contains(expected),
                 qPrintable(std::get<QString>(result)));
    }

    void sharedFileVariables()
    {
        QTemporaryDir other;
        QFile file(other.filePath(QStringLiteral("creds")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("[default]\naws_access_key_id=ELSEWHERE\naws_secret_access_key=x\n");
        file.close();
        const LiveConnection c = std::get<LiveConnection>(
            resolve({}, {{"AWS_SHARED_CREDENTIALS_FILE", file.fileName()}}));
        QCOMPARE(c.credentials.accessKeyId, QStringLiteral("ELSEWHERE"));
    }

    void iniParser()
    {
        const auto ini = CredentialChain::parseIni(
            "; top comment\n[ profile  a ]\nKey = v = w\n  nested = no\n# c\nother=x\n");
        QCOMPARE(ini.at(QStringLiteral("profile a")).at(QStringLiteral("key")),
                 QStringLiteral("v = w"));
        QCOMPARE(ini.at(QStringLiteral("profile a")).at(QStringLiteral("other")),
                 QStringLiteral("x"));
        QVERIFY(!ini.at(QStringLiteral("profile a")).count(QStringLiteral("nested")));
    }
};

QTEST_GUILESS_MAIN(TestLiveCredentials)
#include "tst_live_credentials.moc"
