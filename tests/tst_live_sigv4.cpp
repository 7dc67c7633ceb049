// SigV4 signing against AWS's published Signature Version 4 test suite and a DynamoDB-shaped
// request signed by curl (tests/data/live/sigv4/README.md names the sources).

#include "model/live/awscredentials.h"
#include "model/live/dynamoclient.h"
#include "model/live/sigv4.h"
#include "tests/support/testpaths.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QtTest>

using namespace keyscope::model::live;

namespace {

const QString kVectors = keyscope::testsupport::testDataPath("/live/sigv4");
const QDateTime kTime(QDate(2015, 8, 30), QTime(12, 36), Qt::UTC);

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// NAME.req: "METHOD URI HTTP/1.1", then "Name:value" lines, a blank line and the body.
HttpRequest parseRequest(const QByteArray &text)
{
    HttpRequest request;
    const qsizetype blank = text.indexOf("\n\n");
    const QByteArray head = blank < 0 ? text : text.left(blank);
    request.body = blank < 0 ? QByteArray() : text.mid(blank + 2);
    const QList<QByteArray> lines = head.split('\n');
    const QList<QByteArray> first = lines.first().split(' ');
    request.method = first.at(0);
    const QString uri = QString::fromUtf8(first.at(1));
    const qsizetype question = uri.indexOf(QLatin1Char('?'));
    request.path = question < 0 ? uri : uri.left(question);
    if (question >= 0) {
        for (const QString &pair : uri.mid(question + 1).split(QLatin1Char('&'))) {
            const qsizetype equals = pair.indexOf(QLatin1Char('='));
            request.query.emplace_back(equals < 0 ? pair : pair.left(equals),
                                       equals < 0 ? QString() : pair.mid(equals + 1));
        }
    }
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype colon = lines.at(i).indexOf(':');
        request.headers.emplace_back(lines.at(i).left(colon), lines.at(i).mid(colon + 1));
        if (lines.at(i).left(colon).compare("host", Qt::CaseInsensitive) == 0)
            request.host = QString::fromUtf8(lines.at(i).mid(colon + 1).trimmed());
    }
    return request;
}

AwsCredentials exampleCredentials()
{
    return {QStringLiteral("AKIDEXAMPLE"),
            QStringLiteral("wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"), QString(),
            QStringLiteral("test")};
}

} // namespace

class TestLiveSigV4 : public QObject
{
    Q_OBJECT

private slots:
    void suite_data()
    {
        QTest::addColumn<QString>("name");
        const QStringList names = QDir(kVectors).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        QVERIFY2(names.size() >= 14, "the vectors are missing");
        for (const QString &name : names)
            QTest::newRow(qPrintable(name)) << name;
    }

    void suite()
    {
        QFETCH(QString, name);
        const QString base = kVectors + QLatin1Char('/') + name + QLatin1Char('/') + name;
        HttpRequest request = parseRequest(readFile(base + QStringLiteral(".req")));
        AwsCredentials credentials = exampleCredentials();
        if (!request.header("x-amz-security-token").isEmpty())
            credentials.sessionToken = QString::fromUtf8(request.header("x-amz-security-token"));
        const QString service = name.startsWith(QLatin1String("dynamodb"))
            ? QStringLiteral("dynamodb")
            : QStringLiteral("service");
        const SigV4::Signed signedRequest
            = SigV4::sign(request, credentials, QStringLiteral("us-east-1"), service, kTime);

        const QByteArray creq = readFile(base + QStringLiteral(".creq"));
        if (!creq.isEmpty())
            QCOMPARE(signedRequest.canonicalRequest, creq);
        const QByteArray sts = readFile(base + QStringLiteral(".sts"));
        if (!sts.isEmpty())
            QCOMPARE(signedRequest.stringToSign, sts);
        const QByteArray authz = readFile(base + QStringLiteral(".authz"));
        QVERIFY(!authz.isEmpty());
        QCOMPARE(signedRequest.authorization, authz);
        QCOMPARE(request.header("authorization"), authz);
    }

    // The client's own request for a Query: same headers, same body bytes, same signature as
    // curl's, so what goes on the wire is signed correctly end to end.
    void dynamoClientSignsLikeCurl()
    {
        struct NoTransport : LiveTransport
        {
            HttpResponse send(const HttpRequest &, int) override { return {}; }
        } transport;
        LiveConnection connection;
        connection.endpoint = QUrl(QStringLiteral("http://dynamodb.us-east-1.amazonaws.com"));
        connection.region = QStringLiteral("us-east-1");
        connection.credentials = exampleCredentials();
        DynamoClient client(transport, connection);
        client.setClock([] { return kTime; });
        QJsonObject body;
        body.insert(QStringLiteral("TableName"), QStringLiteral("IoT"));
        body.insert(QStringLiteral("KeyConditionExpression"), QStringLiteral("PK = :pk"));
        body.insert(
            QStringLiteral("ExpressionAttributeValues"),
            QJsonObject {{QStringLiteral(":pk"),
                          QJsonObject {{QStringLiteral("S"), QStringLiteral("DEVICE#d-9468")}}}});
        body.insert(QStringLiteral("ScanIndexForward"), false);
        body.insert(QStringLiteral("Limit"), 11);
        const HttpRequest request = client.buildRequest(QStringLiteral("Query"), body);
        const QByteArray expected
            = readFile(kVectors + QStringLiteral("/dynamodb-query/dynamodb-query.authz"));
        QCOMPARE(request.header("Authorization"), expected);
        QCOMPARE(request.header("X-Amz-Target"), QByteArray("DynamoDB_20120810.Query"));
        QCOMPARE(request.header("Content-Type"), QByteArray("application/x-amz-json-1.0"));
        QCOMPARE(request.url(), QStringLiteral("http://dynamodb.us-east-1.amazonaws.com/"));
    }

    void sessionTokenIsSigned()
    {
        HttpRequest request;
        request.host = QStringLiteral("example.amazonaws.com");
        AwsCredentials credentials = exampleCredentials();
        credentials.sessionToken = QStringLiteral("TOKEN");
        const auto result = SigV4::sign(request, credentials, QStringLiteral("us-east-1"),
                                        QStringLiteral("dynamodb"), kTime);
        QCOMPARE(request.header("X-Amz-Security-Token"), QByteArray("TOKEN"));
        QVERIFY(
            result.authorization.contains("SignedHeaders=host;x-amz-date;x-amz-security-token"));
        QVERIFY(result.canonicalRequest.contains("x-amz-security-token:TOKEN\n"));
    }

    void canonicalUriNormalizes()
    {
        QCOMPARE(SigV4::canonicalUri(QStringLiteral("/example/..")), QByteArray("/"));
        QCOMPARE(SigV4::canonicalUri(QStringLiteral("//")), QByteArray("/"));
        QCOMPARE(SigV4::canonicalUri(QStringLiteral("/./example")), QByteArray("/example"));
        QCOMPARE(SigV4::canonicalUri(QStringLiteral("/example space/")),
                 QByteArray("/example%20space/"));
    }
};

QTEST_GUILESS_MAIN(TestLiveSigV4)
#include "tst_live_sigv4.moc"
