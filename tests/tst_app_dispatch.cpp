// End-to-end checks of the keyscope executable's argument dispatch (app/main.cpp).

#include "tests/support/runkeyscope.h"

#include <QProcess>
#include <QTest>

class TestAppDispatch : public QObject
{
    Q_OBJECT

private slots:
    void version();
    void help();
    void unknownOption();

private:
    struct Result
    {
        int exitCode = -1;
        QString out;
        QString err;
    };
    static Result run(const QStringList &args);
};

TestAppDispatch::Result TestAppDispatch::run(const QStringList &args)
{
    keyscope::testsupport::CliOptions options;
    options.timeoutMs = 30000;
    const keyscope::testsupport::CliResult r = keyscope::testsupport::runKeyscope(args, options);
    return {r.exitCode, r.outText(), r.err};
}

void TestAppDispatch::version()
{
    const Result result = run({QStringLiteral("--version")});
    QCOMPARE(result.exitCode, 0);
    QCOMPARE(result.out, QStringLiteral("keyscope 0.1.0\n"));
}

void TestAppDispatch::help()
{
    const Result result = run({QStringLiteral("--help")});
    QCOMPARE(result.exitCode, 0);
    QVERIFY2(result.out.contains(QStringLiteral("keyscope query")), qPrintable(result.out));
}

void TestAppDispatch::unknownOption()
{
    const Result result = run({QStringLiteral("--no-such-option")});
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(result.err.contains(QStringLiteral("--no-such-option")), qPrintable(result.err));
}

QTEST_GUILESS_MAIN(TestAppDispatch)

#include "tst_app_dispatch.moc"
