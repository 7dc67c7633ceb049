// Where the commands write: never over one of their own inputs, in place into a device or a FIFO,
// standard output for "-", every table of --all-tables to a file of its own, and a failed write
// to standard output reported with a non-zero exit. Runs the real binary.

#include "tests/support/runkeyscope.h"
#include "tests/support/testpaths.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

namespace {

using keyscope::testsupport::CliOptions;
using keyscope::testsupport::CliResult;

const QString kIot
    = keyscope::testsupport::sourcePath("/resources/examples/iot/after.keyscope.json");
const QString kCliData = keyscope::testsupport::testDataPath("/cli/");

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<missing>");
}

CliResult run(const QStringList &args, const QString &directory)
{
    CliOptions options;
    options.workingDirectory = directory;
    return keyscope::testsupport::runKeyscope(args, options);
}

bool isCharacterDevice(const QString &path)
{
    struct stat info
    { };
    return ::stat(QFile::encodeName(path).constData(), &info) == 0 && S_ISCHR(info.st_mode);
}

// Two tables whose names make one file name: "a.b" and "a_b" both give "-a_b".
const QByteArray kTwoTablesOneName = R"(Resources:
  First:
    Type: AWS::DynamoDB::Table
    Properties:
      TableName: a.b
      AttributeDefinitions: [{AttributeName: PK, AttributeType: S}]
      KeySchema: [{AttributeName: PK, KeyType: HASH}]
      BillingMode: PAY_PER_REQUEST
  Second:
    Type: AWS::DynamoDB::Table
    Properties:
      TableName: a_b
      AttributeDefinitions: [{AttributeName: ID, AttributeType: S}]
      KeySchema: [{AttributeName: ID, KeyType: HASH}]
      BillingMode: PAY_PER_REQUEST
)";

} // namespace

class TestCliOutputs : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
        QVERIFY(QFile::copy(kIot, file(QStringLiteral("P.keyscope.json"))));
        m_input = readAll(file(QStringLiteral("P.keyscope.json")));
    }

    void outputThatIsAnInputIsRefused_data();
    void outputThatIsAnInputIsRefused();
    void batchFileThatIsAnInputIsNeitherReplacedNorRemoved();
    void deviceOutputIsWrittenInPlace();
    void tablesWithOneFileNameGetFilesOfTheirOwn();
    void failedStandardOutputIsAnError_data();
    void failedStandardOutputIsAnError();
    void closedPipeIsAnError();
    void exportToDashWritesStandardOutput();

private:
    QString file(const QString &name) const { return m_dir->filePath(name); }
    QString folder() const { return m_dir->path(); }

    std::unique_ptr<QTemporaryDir> m_dir;
    QByteArray m_input;
};

void TestCliOutputs::outputThatIsAnInputIsRefused_data()
{
    QTest::addColumn<QStringList>("args"); // run in the folder that holds P.keyscope.json
    QTest::addColumn<QString>("output");   // what the output names, as the message shows it
    const QString pattern = QStringLiteral("Device and its 10 newest readings");
    QTest::newRow("export -o FILE")
        << QStringList {"export", "P.keyscope.json", "--pattern", pattern, "--format", "md",
                        "-o",     "P.keyscope.json"}
        << "P.keyscope.json";
    QTest::newRow("export -o the --compare FILE")
        << QStringList {"export",         "--example",       "iot",      "--pattern", pattern,
                        "--compare",      "P.keyscope.json", "--format", "svg",       "-o",
                        "P.keyscope.json"}
        << "P.keyscope.json";
    QTest::newRow("export through a symlink")
        << QStringList {"export", "P.keyscope.json", "--pattern", pattern, "-o", "link.md"}
        << "link.md";
    QTest::newRow("convert") << QStringList {"convert", "P.keyscope.json", "-o", "P.keyscope.json"}
                             << "P.keyscope.json";
    QTest::newRow("convert through a symlink")
        << QStringList {"convert", "P.keyscope.json", "--to", "csv", "-o", "link.md"} << "link.md";
    QTest::newRow("convert by another spelling")
        << QStringList {"convert", "P.keyscope.json",         "--to", "scan",
                        "-o",      "./sub/../P.keyscope.json"}
        << "./sub/../P.keyscope.json";
    QTest::newRow("populate --out")
        << QStringList {"populate", "P.keyscope.json", "--out", "P.keyscope.json"}
        << "P.keyscope.json";
    QTest::newRow("infer -o") << QStringList {"infer", "P.keyscope.json", "-o", "P.keyscope.json"}
                              << "P.keyscope.json";
}

void TestCliOutputs::outputThatIsAnInputIsRefused()
{
    QFETCH(QStringList, args);
    QFETCH(QString, output);
    QVERIFY(QDir(folder()).mkdir(QStringLiteral("sub")));
    QVERIFY(QFile::link(QStringLiteral("P.keyscope.json"), file(QStringLiteral("link.md"))));
    const CliResult result = run(args, folder());
    QCOMPARE(result.exitCode, 255);
    QVERIFY2(result.err.contains(QStringLiteral("keyscope: error: %1: ").arg(output))
                 && result.err.contains(QLatin1String("would replace the input"))
                 && result.err.contains(QLatin1String("give another output file")),
             qPrintable(result.err));
    QCOMPARE(readAll(file(QStringLiteral("P.keyscope.json"))), m_input);
    QVERIFY(QFileInfo(file(QStringLiteral("link.md"))).isSymLink());
    QStringList left
        = QDir(folder()).entryList(QDir::Files | QDir::Hidden | QDir::System, QDir::Name);
    QCOMPARE(left, (QStringList {"P.keyscope.json", "link.md"}));
}

void TestCliOutputs::batchFileThatIsAnInputIsNeitherReplacedNorRemoved()
{
    // A first run splits the items into OUT-001.json... (the IoT example has over 25 items).
    const CliResult first
        = run({"convert", "P.keyscope.json", "--to", "batch-write", "-o", "OUT.json"}, folder());
    QCOMPARE(first.exitCode, 0);
    const QByteArray second = readAll(file(QStringLiteral("OUT-002.json")));
    QVERIFY(second.startsWith('{'));
    // Its second file read back as items, written as one set again with another seed.
    const CliResult again = run({"convert", "P.keyscope.json", "OUT-002.json", "--seed", "7",
                                 "--to", "batch-write", "-o", "OUT.json"},
                                folder());
    QCOMPARE(again.exitCode, 255);
    QVERIFY2(again.err.contains(QLatin1String("OUT-002.json: "))
                 && again.err.contains(QLatin1String("would replace the input")),
             qPrintable(again.err));
    QCOMPARE(readAll(file(QStringLiteral("OUT-002.json"))), second);
}

void TestCliOutputs::deviceOutputIsWrittenInPlace()
{
    // A node of the null device of our own first: a regression must not take the machine's.
    const QString node = file(QStringLiteral("null"));
    if (::mknod(QFile::encodeName(node).constData(), S_IFCHR | 0666, makedev(1, 3)) != 0)
        QSKIP("making a device node needs root (CI runs as root)");
    const CliResult own = run({"explain", "Dean", "DeBrie", "-o", node}, folder());
    QCOMPARE(own.exitCode, 0);
    QVERIFY2(isCharacterDevice(node), "the device node was replaced by a regular file");
    const CliResult items = run({"populate", "P.keyscope.json", "--out", node}, folder());
    QCOMPARE(items.exitCode, 0);
    QVERIFY(isCharacterDevice(node));
    QCOMPARE(QDir(folder()).entryList(QDir::Files | QDir::Hidden | QDir::System, QDir::Name),
             (QStringList {"P.keyscope.json", "null"}));

    const CliResult devNull = run({"explain", "Dean", "DeBrie", "-o", "/dev/null"}, folder());
    QCOMPARE(devNull.exitCode, 0);
    QVERIFY(isCharacterDevice(QStringLiteral("/dev/null")));
}

void TestCliOutputs::tablesWithOneFileNameGetFilesOfTheirOwn()
{
    QFile yaml(file(QStringLiteral("two.yaml")));
    QVERIFY(yaml.open(QIODevice::WriteOnly));
    yaml.write(kTwoTablesOneName);
    yaml.close();
    const CliResult result
        = run({"convert", "two.yaml", "--all-tables", "--to", "create-table", "-o", "out.json"},
              folder());
    QCOMPARE(result.exitCode, 0);
    QStringList written = QDir(folder()).entryList({QStringLiteral("out*.json")}, QDir::Files);
    QCOMPARE(written.size(), qsizetype(2));
    QStringList tables;
    for (const QString &name : written) {
        QVERIFY2(result.err.contains(name), qPrintable(result.err));
        tables << keyscope::testsupport::readJsonObject(file(name))
                      .value(QLatin1String("TableName"))
                      .toString();
    }
    tables.sort();
    QCOMPARE(tables, (QStringList {"a.b", "a_b"}));
}

void TestCliOutputs::failedStandardOutputIsAnError_data()
{
    QTest::addColumn<QStringList>("args");
    const QString values = QStringLiteral(R"({":pk": {"S": "ORG#MCDONALDS"}})");
    QTest::newRow("query") << QStringList {"query",
                                           "--table-definition",
                                           kCliData + "saas-table.json",
                                           "--items",
                                           kCliData + "saas-items.json",
                                           "--key-condition-expression",
                                           "PK = :pk",
                                           "--expression-attribute-values",
                                           values};
    QTest::newRow("check") << QStringList {"check", "P.keyscope.json"};
    QTest::newRow("keys") << QStringList {"keys", "P.keyscope.json", "--entity", "Reading"};
    QTest::newRow("populate") << QStringList {"populate", "P.keyscope.json"};
    QTest::newRow("explain") << QStringList {"explain", "Dean", "DeBrie"};
    QTest::newRow("infer") << QStringList {"infer", "P.keyscope.json"};
    QTest::newRow("convert -o -") << QStringList {
        "convert", "P.keyscope.json", "--to", "create-table", "-o", "-"};
    QTest::newRow("help") << QStringList {"check", "--help"};
}

void TestCliOutputs::failedStandardOutputIsAnError()
{
    QFETCH(QStringList, args);
    QProcess process;
    process.setWorkingDirectory(folder());
    process.setStandardOutputFile(QStringLiteral("/dev/full"));
    process.start(keyscope::testsupport::keyscopeBinary(), args);
    QVERIFY(process.waitForFinished(120000));
    const QString err = QString::fromUtf8(process.readAllStandardError());
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    QCOMPARE(process.exitCode(), 255);
    QVERIFY2(err.contains(QLatin1String("keyscope: error: cannot write to standard output: "
                                        "No space left on device")),
             qPrintable(err));
    QCOMPARE(err.count(QLatin1String("standard output")), qsizetype(1));
}

void TestCliOutputs::closedPipeIsAnError()
{
    int ends[2];
    QVERIFY(::pipe(ends) == 0);
    ::close(ends[0]); // nobody reads: the reader went away (`keyscope ... | head -0`)
    const int writeEnd = ends[1];
    QProcess process;
    process.setChildProcessModifier([writeEnd] { ::dup2(writeEnd, STDOUT_FILENO); });
    process.start(keyscope::testsupport::keyscopeBinary(), {"explain", "Dean", "DeBrie"});
    const bool finished = process.waitForFinished(120000);
    ::close(writeEnd);
    QVERIFY(finished);
    const QString err = QString::fromUtf8(process.readAllStandardError());
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    QCOMPARE(process.exitCode(), 255);
    QVERIFY2(err.contains(QLatin1String("keyscope: error: cannot write to standard output: "
                                        "Broken pipe")),
             qPrintable(err));
}

void TestCliOutputs::exportToDashWritesStandardOutput()
{
    const CliResult result = run({"export", "P.keyscope.json", "--pattern",
                                  "Device and its 10 newest readings", "--format", "md", "-o", "-"},
                                 folder());
    QCOMPARE(result.exitCode, 0);
    QVERIFY2(result.outText().contains(QLatin1String("| ")), qPrintable(result.outText()));
    QVERIFY(!QFileInfo::exists(file(QStringLiteral("-"))));
    // A directory of frames cannot go to standard output.
    const CliResult frames
        = run({"export", "P.keyscope.json", "--pattern", "Device and its 10 newest readings",
               "--format", "frames", "-o", "-"},
              folder());
    QCOMPARE(frames.exitCode, 252);
    QVERIFY(!QFileInfo::exists(file(QStringLiteral("-"))));
}

QTEST_GUILESS_MAIN(TestCliOutputs)

#include "tst_cli_outputs.moc"
