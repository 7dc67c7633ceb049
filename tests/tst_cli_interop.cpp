// `keyscope convert` end to end: the real binary on the interop fixtures.

#include "model/design/projectfile.h"
#include "model/interop/workbenchmodel.h"
#include "tests/support/runkeyscope.h"
#include "tests/support/testpaths.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace keyscope::model;

namespace {

const QString kInterop = keyscope::testsupport::testDataPath("/interop/");
const QString kIot = keyscope::testsupport::testDataPath("/project/iot.keyscope.json");

using Result = keyscope::testsupport::CliResult;

Result run(const QStringList &args, const QString &directory)
{
    keyscope::testsupport::CliOptions options;
    options.workingDirectory = directory;
    return keyscope::testsupport::runKeyscope(args, options);
}

QJsonObject readJson(const QString &path)
{
    return keyscope::testsupport::readJsonObject(path);
}

} // namespace

class TestCliInterop : public QObject
{
    Q_OBJECT

private slots:
    void init() { QVERIFY(m_dir.isValid()); }
    void projectThroughWorkbenchAndBack();
    void batchWriteFilesOf25();
    void severalTables();
    void csvWithCreateTable();
    void cloudFormationYaml();
    void errors_data();
    void errors();
    void badItemLeftOut();
    void scanNotesInWords();
    void help();

private:
    QTemporaryDir m_dir;
};

void TestCliInterop::projectThroughWorkbenchAndBack()
{
    const Result model
        = run({"convert", kIot, "-o", "model.json", "--to", "workbench"}, m_dir.path());
    QCOMPARE(model.exitCode, 0);
    QCOMPARE(model.err, QStringLiteral("keyscope: wrote model.json\n"));
    const QJsonObject root = readJson(m_dir.filePath("model.json"));
    QCOMPARE(root.value("ModelMetadata").toObject().value("Version").toString(),
             QStringLiteral("3.0"));
    const QJsonObject table = root.value("DataModel").toArray().at(0).toObject();
    QCOMPARE(table.value("TableFacets").toArray().at(1).toObject().value("FacetName").toString(),
             QStringLiteral("Reading"));

    const Result back = run({"convert", "model.json", "-o", "back.keyscope.json"}, m_dir.path());
    QCOMPARE(back.exitCode, 0);
    auto original = ProjectFile::read(kIot);
    auto reread = ProjectFile::read(m_dir.filePath("back.keyscope.json"));
    QVERIFY(std::holds_alternative<Project>(reread));
    Project project = std::get<Project>(reread);
    project.extra.remove(QLatin1String(WorkbenchModel::kExtraMember));
    QCOMPARE(QString::fromUtf8(ProjectFile::serialize(project)),
             QString::fromUtf8(ProjectFile::serialize(std::get<Project>(original))));
    // The populated collection is the same: `keyscope populate` gives the same bytes.
    const Result first = run({"populate", kIot}, m_dir.path());
    const Result second = run({"populate", "back.keyscope.json"}, m_dir.path());
    QCOMPARE(second.out, first.out);
}

void TestCliInterop::batchWriteFilesOf25()
{
    const Result populate = run({"populate", kIot}, m_dir.path());
    const qsizetype total
        = QJsonDocument::fromJson(populate.out).object().value("IoT").toArray().size();
    QVERIFY(total > 25);
    const Result written
        = run({"convert", kIot, "-o", "items.json", "--to", "batch-write"}, m_dir.path());
    QCOMPARE(written.exitCode, 0);
    const QStringList files
        = QDir(m_dir.path()).entryList({"items-*.json"}, QDir::Files, QDir::Name);
    QCOMPARE(files.size(), (total + 24) / 25);
    QCOMPARE(files.first(), QStringLiteral("items-001.json"));
    qsizetype sum = 0;
    for (const QString &file : files) {
        const QJsonArray requests = readJson(m_dir.filePath(file)).value("IoT").toArray();
        QVERIFY(requests.size() <= 25);
        QVERIFY(requests.at(0).toObject().value("PutRequest").toObject().contains("Item"));
        sum += requests.size();
    }
    QCOMPARE(sum, total);
    // Every file back into one scan output, with the table from a create-table file.
    QVERIFY(
        run({"convert", kIot, "-o", "table.json", "--to", "create-table"}, m_dir.path()).exitCode
        == 0);
    QStringList args {"convert", "table.json"};
    args << files << QStringList {"-o", "all.json", "--to", "scan"};
    const Result scan = run(args, m_dir.path());
    QCOMPARE(scan.exitCode, 0);
    QCOMPARE(readJson(m_dir.filePath("all.json")).value("Count").toInt(), total);
}

void TestCliInterop::severalTables()
{
    const Result ambiguous
        = run({"convert", kInterop + "workbench-3.0.json", "-o", "x.keyscope.json"}, m_dir.path());
    QCOMPARE(ambiguous.exitCode, 252);
    QVERIFY2(ambiguous.err.contains(
                 "has 2 tables (MusicCollection, Artists): pick one with --table NAME, "
                 "or convert each with --all-tables"),
             qPrintable(ambiguous.err));
    const Result one = run(
        {"convert", kInterop + "workbench-3.0.json", "--table", "Artists", "-o", "a.keyscope.json"},
        m_dir.path());
    QCOMPARE(one.exitCode, 0);
    QCOMPARE(readJson(m_dir.filePath("a.keyscope.json"))
                 .value("table")
                 .toObject()
                 .value("TableName")
                 .toString(),
             QStringLiteral("Artists"));
    const Result all
        = run({"convert", kInterop + "workbench-3.0.json", "--all-tables", "-o", "m.keyscope.json"},
              m_dir.path());
    QCOMPARE(all.exitCode, 0);
    QVERIFY(QFile::exists(m_dir.filePath("m-MusicCollection.keyscope.json")));
    QVERIFY(QFile::exists(m_dir.filePath("m-Artists.keyscope.json")));
    QVERIFY(
        all.err.contains("keyscope: note: ")); // the SS attribute that is not an entity attribute
}

void TestCliInterop::csvWithCreateTable()
{
    QVERIFY(
        run({"convert", kIot, "-o", "table.json", "--to", "create-table"}, m_dir.path()).exitCode
        == 0);
    const Result scan = run(
        {"convert", "table.json", kInterop + "items.csv", "-o", "-", "--to", "scan"}, m_dir.path());
    QCOMPARE(scan.exitCode, 0);
    const QJsonObject out = QJsonDocument::fromJson(scan.out).object();
    QCOMPARE(out.value("Count").toInt(), 3);
    QCOMPARE(out.value("Items")
                 .toArray()
                 .at(1)
                 .toObject()
                 .value("Temp")
                 .toObject()
                 .value("N")
                 .toString(),
             QStringLiteral("21"));
    // And back to CSV: typed headers, keys first.
    const Result csv
        = run({"convert", "table.json", kInterop + "items.csv", "-o", "out.csv"}, m_dir.path());
    QCOMPARE(csv.exitCode, 0);
    QFile file(m_dir.filePath("out.csv"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(
        file.readLine(),
        QByteArray("PK (S),SK (S),Active (BOOL),\"Note, free text (S)\",Tags (SS),Temp (N)\n"));
}

void TestCliInterop::cloudFormationYaml()
{
    const Result table = run(
        {"convert", kInterop + "cfn-table.yaml", "-o", "-", "--to", "create-table"}, m_dir.path());
    QCOMPARE(table.exitCode, 0);
    const QJsonObject json = QJsonDocument::fromJson(table.out).object();
    QCOMPARE(json.value("TableName").toString(), QStringLiteral("orders-dev"));
    QCOMPARE(json.value("ProvisionedThroughput").toObject().value("ReadCapacityUnits").toInt(), 5);
    const Result yaml
        = run({"convert", kInterop + "cfn-table.yaml", "-o", "again.yaml"}, m_dir.path());
    QCOMPARE(yaml.exitCode, 0);
    const Result reread
        = run({"convert", "again.yaml", "-o", "-", "--to", "create-table"}, m_dir.path());
    QCOMPARE(reread.out, table.out);
}

void TestCliInterop::errors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    QTest::newRow("not a model") << QStringList {"convert", kInterop + "not-a-model.json", "-o",
                                                 "x.keyscope.json"}
                                 << 255
                                 << "keyscope: error: " + kInterop
            + "not-a-model.json: DataModel: expected an array of tables";
    QTest::newRow("unresolvable")
        << QStringList {"convert",     kInterop + "cfn-unresolvable.yaml", "-o", "x.json", "--to",
                        "create-table"}
        << 255 << "!Ref KeyName cannot be resolved: parameter KeyName has no Default";
    QTest::newRow("item does not fit the table") << QStringList {"convert",
                                                                 kInterop + "workbench-3.0.json",
                                                                 "--table",
                                                                 "Artists",
                                                                 kInterop + "items.csv",
                                                                 "-o",
                                                                 "x.json",
                                                                 "--to",
                                                                 "scan"}
                                                 << 255
                                                 << kInterop
            + "items.csv: line 2: One or more parameter values were invalid: Missing the key "
              "ArtistId";
    QTest::newRow("no output") << QStringList {"convert", kIot} << 252 << "required: -o/--output";
    QTest::newRow("unknown format") << QStringList {"convert", kIot, "-o", "x.json", "--to", "xml"}
                                    << 252 << "argument --to: invalid choice: 'xml'";
    QTest::newRow("format from name")
        << QStringList {"convert", kIot, "-o", "x.json"} << 252
        << "cannot tell the output format from 'x.json': add --to FORMAT";
    QTest::newRow("two tables") << QStringList {"convert",  kIot,     kInterop + "cfn-table.yaml",
                                                "-o",       "x.json", "--to",
                                                "workbench"}
                                << 252 << "describe a table";
    QTest::newRow("items need a table")
        << QStringList {"convert", kInterop + "items.csv", "-o", "x.json", "--to", "workbench"}
        << 252 << "--to workbench needs a table";
}

void TestCliInterop::errors()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    const Result result = run(args, m_dir.path());
    QCOMPARE(result.exitCode, exitCode);
    QVERIFY2(result.err.contains(message), qPrintable(result.err));
    QVERIFY(!QFile::exists(m_dir.filePath("x.keyscope.json"))
            && !QFile::exists(m_dir.filePath("x.json")));
}

// Issue 12: a malformed sample item is left out with a note; with --skip-invalid the rest of
// the model converts (issue 27: without it, nothing is written and the exit status says so).
void TestCliInterop::badItemLeftOut()
{
    const Result refused
        = run({"convert", kInterop + "bad-item-model.json", "-o", "x.keyscope.json"}, m_dir.path());
    QCOMPARE(refused.exitCode, 255);
    QVERIFY(!QFile::exists(m_dir.filePath("x.keyscope.json")));
    const Result result = run(
        {"convert", kInterop + "bad-item-model.json", "--skip-invalid", "-o", "x.keyscope.json"},
        m_dir.path());
    QCOMPARE(result.exitCode, 0);
    QVERIFY2(result.err.contains("keyscope: note: " + kInterop
                                 + "bad-item-model.json: table 'T', item 2 (PK 'b'): left "
                                   "out this item"),
             qPrintable(result.err));
    QFile file(m_dir.filePath("x.keyscope.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(QJsonDocument::fromJson(file.readAll()).object().value("items").toArray().size(),
             qsizetype(1));
}

// Issue 26: a scan export's left-out item is named as the user counts items, its JSON path last;
// the inferred types' note reads as a sentence.
void TestCliInterop::scanNotesInWords()
{
    QFile scan(m_dir.filePath("scan.json"));
    QVERIFY(scan.open(QIODevice::WriteOnly));
    scan.write(R"({"Items": [{"PK": {"S": "a"}, "SK": {"S": "1"}},
        {"PK": {"S": "b"}, "SK": {"S": "2"}, "N": {"N": "abc"}}], "Count": 2, "ScannedCount": 2})");
    scan.close();
    const Result result
        = run({"convert", "scan.json", "-o", "x.keyscope.json", "--skip-invalid"}, m_dir.path());
    QCOMPARE(result.exitCode, 0);
    QVERIFY2(result.err.contains("keyscope: note: scan.json: item 2: left out this item (the rest "
                                 "is imported): attribute 'N': The parameter cannot be converted "
                                 "to a numeric value: abc (at Items[1].N.N)"),
             qPrintable(result.err));
    QVERIFY2(result.err.contains("inferred 1 entity type describing the one item of the table;"),
             qPrintable(result.err));
}

void TestCliInterop::help()
{
    const Result help = run({"convert", "--help"}, m_dir.path());
    QCOMPARE(help.exitCode, 0);
    for (const char *format : {"keyscope", "workbench", "cloudformation-yaml", "create-table",
                               "batch-write", "scan", "csv"})
        QVERIFY2(help.out.contains(QByteArray("  ") + format + ' '), format);
    const Result usage = run({"--help"}, m_dir.path());
    QVERIFY(usage.out.contains("keyscope convert IN... -o OUT [--to FORMAT]"));
}

QTEST_GUILESS_MAIN(TestCliInterop)
#include "tst_cli_interop.moc"
