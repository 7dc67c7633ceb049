// Hostile input on the command line, end to end with the real binary: YAML that expands without
// bound, export scales QPainter cannot paint, plain HTTP to another machine, --timeout values
// past the timer's range and an empty --endpoint.

#include "tests/support/runkeyscope.h"
#include "tests/support/testpaths.h"

#include <QDir>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QtEndian>
#include <QtTest>

namespace {

const QString kHostile = keyscope::testsupport::testDataPath("/interop/hostile/");
const QString kPattern = QStringLiteral("Device and its 10 newest readings");

using Result = keyscope::testsupport::CliResult;

Result run(const QStringList &args, const QString &directory)
{
    keyscope::testsupport::CliOptions options;
    options.workingDirectory = directory;
    // Credentials that resolve without a profile; nothing here reaches a real endpoint.
    options.environment.insert(QStringLiteral("AWS_ACCESS_KEY_ID"), QStringLiteral("AKIDEXAMPLE"));
    options.environment.insert(QStringLiteral("AWS_SECRET_ACCESS_KEY"), QStringLiteral("secret"));
    options.environment.insert(QStringLiteral("AWS_SESSION_TOKEN"), QStringLiteral("token"));
    options.environment.insert(QStringLiteral("AWS_REGION"), QStringLiteral("us-east-1"));
    options.timeoutMs = 60000;
    return keyscope::testsupport::runKeyscope(args, options);
}

} // namespace

class TestCliLimits : public QObject
{
    Q_OBJECT

private slots:
    void init() { QVERIFY(m_dir.isValid()); }
    void convertRefusesYaml_data();
    void convertRefusesYaml();
    void exportBoundsTheImage_data();
    void exportBoundsTheImage();
    void livePlainHttp_data();
    void livePlainHttp();
    void liveTimeout_data();
    void liveTimeout();
    void liveEmptyEndpoint_data();
    void liveEmptyEndpoint();

private:
    QTemporaryDir m_dir;
};

void TestCliLimits::convertRefusesYaml_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("message");
    // Crashed (stack overflow) before.
    QTest::newRow("self-referencing alias")
        << "yaml-self-alias.yaml"
        << "yaml-self-alias.yaml:2:6: YAML: the alias *a is inside the node it refers to";
    // 32 s and 3.6 GB before.
    QTest::newRow("billion laughs") << "yaml-billion-laughs.yaml"
                                    << "YAML: aliases expand the document past 1,000,000 values";
}

void TestCliLimits::convertRefusesYaml()
{
    QFETCH(QString, file);
    QFETCH(QString, message);
    QElapsedTimer timer;
    timer.start();
    const Result result = run({"convert", kHostile + file, "-o", "x.keyscope.json"}, m_dir.path());
    QCOMPARE(result.exitCode, 255);
    QVERIFY2(result.err.contains(message), qPrintable(result.err));
    QVERIFY2(timer.elapsed() < 10000, qPrintable(QString::number(timer.elapsed())));
    QVERIFY(!QFile::exists(m_dir.filePath("x.keyscope.json")));
}

void TestCliLimits::exportBoundsTheImage_data()
{
    QTest::addColumn<QString>("scale");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    // Printed hundreds of QPainter warnings and wrote an empty image before.
    QTest::newRow("tiny") << "0.0001" << 252
                          << "argument --scale: expected a number from 0.1 to 16, got '0.0001'";
    QTest::newRow("zero") << "0" << 252 << "argument --scale: expected a number from 0.1 to 16";
    QTest::newRow("huge") << "17" << 252 << "argument --scale: expected a number from 0.1 to 16";
    QTest::newRow("too many pixels")
        << "16" << 252 << "Keyscope paints (32767 pixels a side, 100 million pixels)";
    QTest::newRow("in bounds") << "0.1" << 0 << "";
}

void TestCliLimits::exportBoundsTheImage()
{
    QFETCH(QString, scale);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    const QString out = m_dir.filePath("d.png");
    QFile::remove(out);
    const Result result
        = run({"export", "--example", "iot", "--pattern", kPattern, "--scale", scale, "-o", out},
              m_dir.path());
    QCOMPARE(result.exitCode, exitCode);
    QVERIFY2(!result.err.contains("QPainter"), qPrintable(result.err));
    if (exitCode != 0) {
        QVERIFY2(result.err.contains(message), qPrintable(result.err));
        QVERIFY(!QFile::exists(out));
        return;
    }
    // The PNG's IHDR: width and height, big-endian, at bytes 16 and 20.
    QFile file(out);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray png = file.readAll();
    QVERIFY(png.startsWith("\x89PNG\r\n\x1a\n") && png.size() > 24);
    const auto word = [&](int at) { return qFromBigEndian<quint32>(png.constData() + at); };
    QVERIFY2(word(16) >= 10 && word(20) >= 10,
             qPrintable(QStringLiteral("%1x%2").arg(word(16)).arg(word(20))));
}

void TestCliLimits::livePlainHttp_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    QTest::addColumn<bool>("warned");
    // 192.0.2.1 is TEST-NET-1: never a real host.
    QTest::newRow("another machine")
        << QStringList {"live", "tables", "--endpoint", "http://192.0.2.1:8000"} << 252
        << "keyscope: error: http://192.0.2.1:8000 is plain HTTP to "
           "another machine: the requests, their signatures, the "
           "access key id and any security token would travel "
           "unencrypted.\nUse https://, or pass --yes"
        << true;
    QTest::newRow("a host name, load")
        << QStringList {"live",
                        "load",
                        "--endpoint",
                        "http://dynamo.example:8000",
                        "--table-name",
                        "T",
                        "--key-condition-expression",
                        "PK = :p",
                        "--expression-attribute-values",
                        R"({":p": {"S": "a"}})",
                        "-o",
                        "x.keyscope.json"}
        << 252 << "http://dynamo.example:8000 is plain HTTP to another machine" << true;
    // Confirmed: sent (and, as nothing answers there, unreachable).
    QTest::newRow("confirmed by --yes")
        << QStringList {"live",  "tables",    "--endpoint", "http://192.0.2.1:8000",
                        "--yes", "--timeout", "1"}
        << 255 << "keyscope: warning: http://192.0.2.1:8000 is plain HTTP to another machine"
        << true;
    // This machine: no warning (port 1: nothing listens, so the connection is refused).
    QTest::newRow("127.0.0.1") << QStringList {"live", "tables", "--endpoint", "http://127.0.0.1:1"}
                               << 255 << "" << false;
    QTest::newRow("127.0.0.0/8") << QStringList {"live", "tables", "--endpoint",
                                                 "http://127.1.2.3:1"}
                                 << 255 << "" << false;
    QTest::newRow("localhost") << QStringList {"live", "tables", "--endpoint", "http://localhost:1"}
                               << 255 << "" << false;
    QTest::newRow("::1") << QStringList {"live", "tables", "--endpoint", "http://[::1]:1"} << 255
                         << "" << false;
}

void TestCliLimits::livePlainHttp()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    QFETCH(bool, warned);
    const Result result = run(args, m_dir.path());
    QVERIFY2(result.exitCode == exitCode, qPrintable(result.err));
    QVERIFY2(result.err.contains(message), qPrintable(result.err));
    QCOMPARE(result.err.contains("plain HTTP"), warned);
    QVERIFY(!QFile::exists(m_dir.filePath("x.keyscope.json")));
}

// --timeout as the AWS CLI reads --cli-read-timeout: whole seconds, 0 for no limit. Anything
// else (NaN, inf, negative, fractions, past the timer's range) is refused before anything is sent.
void TestCliLimits::liveTimeout_data()
{
    QTest::addColumn<QString>("timeout");
    QTest::addColumn<int>("exitCode");
    for (const char *refused : {"NaN", "nan", "inf", "-inf", "-1", "0.5", "1e10", "2147484",
                                "99999999999999999999", "5s", "0x10", "1_000"})
        QTest::newRow(refused) << refused << 252;
    // Accepted: sent to port 1 of this machine, where nothing listens.
    for (const char *accepted : {"0", "1", "2147483", "+3", " 5 "})
        QTest::newRow(accepted) << accepted << 255;
}

void TestCliLimits::liveTimeout()
{
    QFETCH(QString, timeout);
    QFETCH(int, exitCode);
    const Result result = run(
        {"live", "tables", "--endpoint", "http://127.0.0.1:1", "--timeout", timeout}, m_dir.path());
    QVERIFY2(result.exitCode == exitCode, qPrintable(result.err));
    const QString refusal = QStringLiteral("keyscope: error: argument --timeout: invalid value: "
                                           "'%1' (a whole number of seconds from 0 to 2147483, "
                                           "about 24 days; 0 waits without a limit)")
                                .arg(timeout);
    if (exitCode == 252)
        QVERIFY2(result.err.contains(refusal), qPrintable(result.err));
    else
        QVERIFY2(result.err.contains("connection refused"), qPrintable(result.err));
}

// An unset shell variable ("--endpoint $ENDPOINT") must not send the user's credentials to AWS.
void TestCliLimits::liveEmptyEndpoint_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("shown");
    QTest::newRow("empty") << QStringList {"live", "tables", "--endpoint", ""} << "";
    QTest::newRow("--endpoint=") << QStringList {"live", "tables", "--endpoint="} << "";
    QTest::newRow("blank") << QStringList {"live", "tables", "--endpoint", "  "} << "  ";
    QTest::newRow("load") << QStringList {"live",
                                          "load",
                                          "--endpoint",
                                          "",
                                          "--table-name",
                                          "T",
                                          "--key-condition-expression",
                                          "PK = :p",
                                          "--expression-attribute-values",
                                          R"({":p": {"S": "a"}})",
                                          "-o",
                                          "x.keyscope.json"}
                          << "";
}

void TestCliLimits::liveEmptyEndpoint()
{
    QFETCH(QStringList, args);
    QFETCH(QString, shown);
    const Result result = run(args, m_dir.path());
    QVERIFY2(result.exitCode == 252, qPrintable(result.err));
    QVERIFY2(result.err.contains(
                 QStringLiteral("keyscope: error: argument --endpoint: empty value '%1' (an unset "
                                "shell variable?); give the endpoint's URL, or leave --endpoint "
                                "out to use AWS. Nothing was sent.")
                     .arg(shown)),
             qPrintable(result.err));
    QVERIFY(!QFile::exists(m_dir.filePath("x.keyscope.json")));
}

QTEST_GUILESS_MAIN(TestCliLimits)
#include "tst_cli_limits.moc"
