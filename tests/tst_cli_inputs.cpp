// Inputs that run away or mislead (issue 27), end to end with the real binary where a user meets
// them: an endless or huge input file, items over DynamoDB's 400 KB, strings that are not
// Unicode, CSV rows that fail, and a list of ten thousand tables. Each is refused (or counted)
// with a message that names where.

#include "model/design/projectfile.h"
#include "model/interop/interopfile.h"
#include "model/io/itemsfile.h"
#include "model/io/tabledefinitionfile.h"
#include "model/io/unicodetext.h"
#include "tests/support/runkeyscope.h"
#include "tests/support/testpaths.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

using namespace keyscope;
using keyscope::testsupport::CliOptions;
using keyscope::testsupport::CliResult;

namespace {

const QString kIotTable = testsupport::sourcePath("/resources/examples/iot/table.json");
const QString kIotProject = testsupport::sourcePath("/resources/examples/iot/after.keyscope.json");
const QString kBoundVariable = QStringLiteral("KEYSCOPE_MAX_INPUT_BYTES");

QString boundMessage(const QString &path, const QString &bound)
{
    return path + QStringLiteral(": the input is larger than ") + bound
        + QStringLiteral(", the most Keyscope reads from one file; set KEYSCOPE_MAX_INPUT_BYTES "
                         "to a larger number of bytes to read it");
}

CliResult run(const QStringList &args, const QString &directory, const QString &bound = {})
{
    CliOptions options;
    options.workingDirectory = directory;
    if (!bound.isEmpty())
        options.environment.insert(kBoundVariable, bound);
    options.timeoutMs = 60000;
    return testsupport::runKeyscope(args, options);
}

// A FIFO that a thread fills with `head`, then `repeat` over and over, for as long as a reader
// reads it: an input that never ends. The destructor opens it for reading itself and drains it,
// so the writer is never left waiting for a reader that did not come, or for room in a pipe
// that no one reads any more.
class EndlessFifo
{
public:
    EndlessFifo(const QString &path, const QByteArray &head, const QByteArray &repeat)
        : m_path(QFile::encodeName(path))
    {
        if (::mkfifo(m_path.constData(), 0600) != 0)
            return;
        m_writer = std::thread([this, head, repeat] {
            const int fd = ::open(m_path.constData(), O_WRONLY);
            if (fd >= 0) {
                bool open = ::write(fd, head.constData(), size_t(head.size())) > 0;
                while (open && !m_stop)
                    open = ::write(fd, repeat.constData(), size_t(repeat.size())) > 0;
                ::close(fd);
            }
            m_done = true;
        });
    }
    ~EndlessFifo()
    {
        m_stop = true;
        const int fd = ::open(m_path.constData(), O_RDONLY | O_NONBLOCK);
        // Drained until the writer is done: a writer still blocked on a full pipe when keyscope
        // exited would otherwise wait for room for ever, now that this end reads nothing.
        char buffer[65536];
        while (fd >= 0 && !m_done) {
            if (::read(fd, buffer, sizeof buffer) <= 0)
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        if (m_writer.joinable())
            m_writer.join();
        if (fd >= 0)
            ::close(fd);
    }

private:
    QByteArray m_path;
    std::atomic<bool> m_stop = false;
    std::atomic<bool> m_done = false;
    std::thread m_writer;
};

// The IoT project (after) with a constant attribute of `constantBytes` on each Reading, and
// `itemBytes` > 0: one hand-written Reading holding that many bytes.
QByteArray iotWith(qsizetype constantBytes, qsizetype itemBytes)
{
    QFile file(kIotProject);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QJsonObject project = QJsonDocument::fromJson(file.readAll()).object();
    if (constantBytes > 0) {
        QJsonArray entities = project.value("entities").toArray();
        QJsonObject reading = entities.at(1).toObject();
        QJsonArray attributes = reading.value("attributes").toArray();
        attributes.append(QJsonObject {
            {"name", "Blob"},
            {"type", "S"},
            {"generator",
             QJsonObject {{"kind", "constant"}, {"value", QString(constantBytes, u'x')}}}});
        reading.insert("attributes", attributes);
        entities.replace(1, reading);
        project.insert("entities", entities);
    }
    if (itemBytes > 0)
        project.insert(
            "items",
            QJsonArray {QJsonObject {{"PK", QJsonObject {{"S", "DEVICE#d-0001"}}},
                                     {"SK", QJsonObject {{"S", "#READING#x"}}},
                                     {"Blob", QJsonObject {{"S", QString(itemBytes, u'x')}}}}});
    return QJsonDocument(project).toJson(QJsonDocument::Compact);
}

} // namespace

class TestCliInputs : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void endlessInputsStopAtTheBound_data();
    void endlessInputsStopAtTheBound();
    void aFileOverTheBoundIsNotRead_data();
    void aFileOverTheBoundIsNotRead();
    void theAppsLoadersStopAtTheBound();
    void oversizedItemsAreRefused_data();
    void oversizedItemsAreRefused();
    void oversizedWorkbenchDataIsLeftOut();
    void itemsLeftOutFailTheConversion_data();
    void itemsLeftOutFailTheConversion();
    void unicodeIsChecked_data();
    void unicodeIsChecked();
    void stringsThatAreNotUnicodeAreRefused_data();
    void stringsThatAreNotUnicodeAreRefused();
    void argumentsThatAreNotUtf8AreRefused();
    void tenThousandTablesAreListedInShort_data();
    void tenThousandTablesAreListedInShort();

private:
    QTemporaryDir m_dir;
};

void TestCliInputs::initTestCase()
{
    QVERIFY(m_dir.isValid());
    std::signal(SIGPIPE, SIG_IGN); // the FIFO writers see EPIPE when keyscope stops reading
}

void TestCliInputs::endlessInputsStopAtTheBound_data()
{
    QTest::addColumn<QString>("input"); // "/dev/zero", or "fifo": an endless array of items
    QTest::addColumn<QStringList>("args");
    const QStringList query = {"query",
                               "--table-definition",
                               kIotTable,
                               "--items",
                               "INPUT",
                               "--key-condition-expression",
                               "PK = :pk",
                               "--expression-attribute-values",
                               R"({":pk": {"S": "DEVICE#1"}})"};
    // Each ate all memory (4 GB, then std::bad_alloc and SIGABRT) or never ended before.
    QTest::newRow("check /dev/zero") << "/dev/zero" << QStringList {"check", "INPUT"};
    QTest::newRow("convert /dev/zero")
        << "/dev/zero" << QStringList {"convert", "INPUT", "-o", "out.keyscope.json"};
    QTest::newRow("query --items /dev/zero") << "/dev/zero" << query;
    QTest::newRow("query --table-definition /dev/zero")
        << "/dev/zero"
        << QStringList {"query",   "--table-definition",         "INPUT",   "--items",
                        kIotTable, "--key-condition-expression", "PK = :pk"};
    QTest::newRow("convert an endless FIFO")
        << "fifo" << QStringList {"convert", "INPUT", "-o", "out.keyscope.json"};
    QTest::newRow("query --items an endless FIFO") << "fifo" << query;
}

// An endless input is read in pieces and refused at the bound (1 MiB here), naming the file,
// the bound and how to raise it; nothing is written.
void TestCliInputs::endlessInputsStopAtTheBound()
{
    QFETCH(QString, input);
    QFETCH(QStringList, args);
    std::optional<EndlessFifo> fifo;
    if (input == u"fifo") {
        input = m_dir.filePath(QStringLiteral("%1.fifo").arg(QTest::currentDataTag()));
        fifo.emplace(input, QByteArray("["),
                     QByteArray(R"({"PK": {"S": "DEVICE#1"}, "SK": {"S": "R"}},)"));
    }
    args.replaceInStrings(QStringLiteral("INPUT"), input);
    const CliResult result = run(args, m_dir.path(), QStringLiteral("1048576"));
    QCOMPARE(result.exitCode, 255);
    QVERIFY2(result.err.contains(boundMessage(input, QStringLiteral("1 MiB (1,048,576 bytes)"))),
             qPrintable(result.err));
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("out.keyscope.json"))));
}

void TestCliInputs::aFileOverTheBoundIsNotRead_data()
{
    QTest::addColumn<QString>("bound"); // KEYSCOPE_MAX_INPUT_BYTES, or "" for the default
    QTest::addColumn<qint64>("size");   // of the file: a valid project, then nothing (0: as is)
    QTest::addColumn<QString>("named"); // the bound as the message names it
    QTest::newRow("set to 1000 bytes") << "1000" << qint64(0) << "1,000 bytes";
    // A sparse file: nothing is written to the disk, and nothing is read.
    QTest::newRow("the default") << "" << (qint64(2) << 30) + 1 << "2 GiB (2,147,483,648 bytes)";
}

// A regular file larger than the bound is refused before a byte of it is read.
void TestCliInputs::aFileOverTheBoundIsNotRead()
{
    QFETCH(QString, bound);
    QFETCH(qint64, size);
    QFETCH(QString, named);
    const QString path = m_dir.filePath(QStringLiteral("large.keyscope.json"));
    QFile::remove(path);
    QVERIFY(QFile::copy(kIotProject, path));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadWrite));
    QVERIFY(file.size() > 1000);
    QVERIFY(size == 0 || file.resize(size));
    file.close();
    for (const QStringList &args :
         {QStringList {"check", path}, QStringList {"convert", path, "-o", "out.keyscope.json"}}) {
        const CliResult result = run(args, m_dir.path(), bound);
        QCOMPARE(result.exitCode, 255);
        QVERIFY2(result.err.contains(boundMessage(path, named)), qPrintable(result.err));
    }
    QVERIFY(QFile::remove(path));
}

// The app opens projects, items, table definitions and imports through the same readers.
void TestCliInputs::theAppsLoadersStopAtTheBound()
{
    qputenv(kBoundVariable.toLatin1(), "65536");
    const QString zero = QStringLiteral("/dev/zero");
    const QString message = boundMessage(zero, QStringLiteral("65,536 bytes"));
    const auto project = model::ProjectFile::read(zero);
    QVERIFY(std::holds_alternative<std::vector<model::IoError>>(project));
    QCOMPARE(std::get<std::vector<model::IoError>>(project).front().toString(), message);
    const auto definition = model::TableDefinitionFile::read(zero);
    QVERIFY(std::holds_alternative<model::IoError>(definition));
    QCOMPARE(std::get<model::IoError>(definition).toString(), message);
    const auto imported = model::InteropFile::read(zero);
    QVERIFY(std::holds_alternative<model::IoError>(imported));
    QCOMPARE(std::get<model::IoError>(imported).toString(), message);
    const auto table = model::TableDefinitionFile::read(kIotTable);
    QVERIFY(std::holds_alternative<model::TableDefinition>(table));
    model::Table items(std::get<model::TableDefinition>(table));
    const auto loaded = model::ItemsFile::load(items, zero);
    QVERIFY(std::holds_alternative<model::IoError>(loaded));
    QCOMPARE(std::get<model::IoError>(loaded).toString(), message);
    qunsetenv(kBoundVariable.toLatin1());
}

void TestCliInputs::oversizedItemsAreRefused_data()
{
    QTest::addColumn<QByteArray>("project");
    QTest::addColumn<QStringList>("args"); // PROJECT is the project's path
    QTest::addColumn<QString>("message");  // after "PROJECT: "
    const QString generated = QStringLiteral(
        "entities[1]: Item size has exceeded the maximum allowed size: Reading 1 takes 512,085 "
        "bytes, more than DynamoDB's 409,600 (400 KB); its largest attribute, Blob, takes "
        "512,000 bytes: make it smaller");
    const QString handWritten
        = QStringLiteral("items[0]: Item size has exceeded the maximum allowed size");
    const QStringList populate = {"populate", "PROJECT", "--out", "out.json"};
    const QStringList convert = {"convert", "PROJECT", "-o", "out.json", "--to", "batch-write"};
    // Written with exit 0 before (53 MB of items over 400 KB).
    QTest::newRow("populate, a 500 KB constant") << iotWith(512000, 0) << populate << generated;
    QTest::newRow("check, a 500 KB constant")
        << iotWith(512000, 0) << QStringList {"check", "PROJECT"} << generated;
    QTest::newRow("convert, a 500 KB constant") << iotWith(512000, 0) << convert << generated;
    // Ran away (100 items of 50 MB) before.
    QTest::newRow("populate, a 50 MB constant")
        << iotWith(50 << 20, 0) << populate
        << "entities[1]: Item size has exceeded the maximum allowed size: Reading 1 takes "
           "52,428,885 bytes";
    QTest::newRow("populate, a hand-written item of 500 KB")
        << iotWith(0, 512000) << populate << handWritten;
    QTest::newRow("convert, a hand-written item of 500 KB")
        << iotWith(0, 512000) << convert << handWritten;
    // One byte more than DynamoDB allows: "PK" "SK" "Blob" and their values.
    QTest::newRow("check, a hand-written item of 409,601 bytes")
        << iotWith(0, 409601 - 2 - 13 - 2 - 10 - 4) << QStringList {"check", "PROJECT"}
        << handWritten;
}

// An item over DynamoDB's 400 KB is refused wherever it comes from, with DynamoDB's message, at
// the first one; nothing is written.
void TestCliInputs::oversizedItemsAreRefused()
{
    QFETCH(QByteArray, project);
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    QVERIFY(!project.isEmpty());
    const QString path = m_dir.filePath(QStringLiteral("large-items.keyscope.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(file.write(project), project.size());
    file.close();
    args.replaceInStrings(QStringLiteral("PROJECT"), path);
    const CliResult result = run(args, m_dir.path());
    QCOMPARE(result.exitCode, 255);
    QVERIFY2(result.err.contains(path + QStringLiteral(": ") + message), qPrintable(result.err));
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("out.json"))));
}

// A Workbench model's sample item over 400 KB is left out like any other bad sample item, with
// DynamoDB's message; it was taken into the project before.
void TestCliInputs::oversizedWorkbenchDataIsLeftOut()
{
    const QString path = m_dir.filePath(QStringLiteral("large-model.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QByteArray model = R"({"ModelName": "Large", "ModelMetadata": {"Version": "3.0"},
        "DataModel": [{"TableName": "T",
            "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "S"}},
            "TableData": [{"PK": {"S": "a"}}, {"PK": {"S": "b"}, "Blob": {"S": "BLOB"}}]}]})";
    model.replace("BLOB", QByteArray(409600, 'x'));
    file.write(model);
    file.close();
    const CliResult result
        = run({"convert", path, "--skip-invalid", "-o", "x.keyscope.json"}, m_dir.path());
    QCOMPARE(result.exitCode, 0);
    QVERIFY2(result.err.contains(path
                                 + ": table 'T', item 2 (PK 'b'): left out this item (the rest is "
                                   "imported): Item size has exceeded the maximum allowed size"),
             qPrintable(result.err));
    QFile written(m_dir.filePath(QStringLiteral("x.keyscope.json")));
    QVERIFY(written.open(QIODevice::ReadOnly));
    QCOMPARE(QJsonDocument::fromJson(written.readAll()).object().value("items").toArray().size(),
             qsizetype(1));
}

void TestCliInputs::itemsLeftOutFailTheConversion_data()
{
    QTest::addColumn<QByteArray>("items");
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("skipInvalid");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message"); // after "keyscope: error: "
    QTest::addColumn<int>("written");     // items in the project written, -1: none written
    const QByteArray someFail = "PK (S),SK (S),Temp (N)\nDEVICE#1,R1,20\nDEVICE#1,R2,x\n";
    const QByteArray allFail = "PK (S),SK (S),Temp (N)\nDEVICE#1,R1,x\nDEVICE#1,R2,y\n";
    const QString refused
        = QStringLiteral("1 item would be left out (the notes above say which and why), so "
                         "nothing was written: fix them, or pass --skip-invalid to convert the "
                         "rest");
    // Both wrote the project, exit 0, before.
    QTest::newRow("a CSV row fails") << someFail << "items.csv" << false << 255 << refused << -1;
    QTest::newRow("every CSV row fails")
        << allFail << "items.csv" << true << 255
        << "items.csv: no item could be read (2 items left out, the notes above say why); nothing "
           "was written"
        << -1;
    QTest::newRow("a CSV row fails, --skip-invalid")
        << someFail << "items.csv" << true << 0 << "" << 1;
    QTest::newRow("a JSON item fails")
        << QByteArray(R"([{"PK": {"S": "DEVICE#1"}, "SK": {"S": "1"}},
                          {"PK": {"S": "DEVICE#1"}, "SK": {"S": "2"}, "Temp": {"N": "x"}}])")
        << "items.json" << false << 255 << refused << -1;
}

// A conversion that leaves out rows or items it cannot read says so in its exit status and
// writes nothing, unless --skip-invalid accepts that; an input whose every row fails is never
// converted to nothing.
void TestCliInputs::itemsLeftOutFailTheConversion()
{
    QFETCH(QByteArray, items);
    QFETCH(QString, name);
    QFETCH(bool, skipInvalid);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    QFETCH(int, written);
    const QString path = m_dir.filePath(name);
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(items);
    file.close();
    const QString out = m_dir.filePath(QStringLiteral("left-out.keyscope.json"));
    QFile::remove(out);
    QStringList args = {"convert", kIotTable, path, "-o", out};
    if (skipInvalid)
        args << "--skip-invalid";
    const CliResult result = run(args, m_dir.path());
    QCOMPARE(result.exitCode, exitCode);
    QVERIFY2(result.err.contains("left out this"), qPrintable(result.err));
    if (!message.isEmpty()) {
        message.replace(name, path);
        QVERIFY2(result.err.contains("keyscope: error: " + message), qPrintable(result.err));
    }
    QCOMPARE(QFile::exists(out), written >= 0);
    if (written >= 0)
        QCOMPARE(testsupport::readJsonObject(out).value("items").toArray().size(),
                 qsizetype(written));
}

void TestCliInputs::unicodeIsChecked_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<int>("invalidAt"); // invalidUtf8At
    QTest::addColumn<int>("loneAt");    // loneSurrogateAt, the bytes read as JSON text
    QTest::newRow("ASCII") << QByteArray("abc") << -1 << -1;
    QTest::newRow("an emoji, 4 bytes") << QByteArray("a\xF0\x9F\x98\x80") << -1 << -1;
    QTest::newRow("0xFF") << QByteArray("ab\xFF") << 2 << -1;
    QTest::newRow("overlong NUL") << QByteArray("a\xC0\x80") << 1 << -1;
    QTest::newRow("a surrogate as UTF-8 (CESU)") << QByteArray("\xED\xA0\x80") << 0 << -1;
    QTest::newRow("past U+10FFFF") << QByteArray("\xF4\x90\x80\x80") << 0 << -1;
    QTest::newRow("cut short") << QByteArray("a\xE2\x82") << 1 << -1;
    QTest::newRow("a surrogate pair escaped") << QByteArray(R"("\ud83d\ude00")") << -1 << -1;
    QTest::newRow("a lone high surrogate") << QByteArray(R"("a\ud800")") << -1 << 2;
    QTest::newRow("a lone low surrogate") << QByteArray(R"("\udc00")") << -1 << 1;
    QTest::newRow("two highs") << QByteArray(R"("\uD800\uD800")") << -1 << 1;
    QTest::newRow("an escaped backslash, then text") << QByteArray(R"("\\ud800")") << -1 << -1;
}

void TestCliInputs::unicodeIsChecked()
{
    QFETCH(QByteArray, bytes);
    QFETCH(int, invalidAt);
    QFETCH(int, loneAt);
    QCOMPARE(model::invalidUtf8At(bytes), qsizetype(invalidAt));
    QCOMPARE(model::loneSurrogateAt(bytes), qsizetype(loneAt));
}

void TestCliInputs::stringsThatAreNotUnicodeAreRefused_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QStringList>("args"); // FILE is the file's path
    QTest::addColumn<QString>("message");  // after "FILE"
    const QString lone = QStringLiteral(
        "a lone surrogate %1 in a string: it is no Unicode character, and DynamoDB refuses "
        "strings that are not Unicode");
    const QStringList query = {"query",
                               "--table-definition",
                               kIotTable,
                               "--items",
                               "FILE",
                               "--key-condition-expression",
                               "PK = :pk",
                               "--expression-attribute-values",
                               R"({":pk": {"S": "a"}})"};
    // Each was read as '?' or U+FFFD before: the two items became one key.
    QTest::newRow("items, \\ud800 and \\udc00")
        << "surrogates.json" << QByteArray(R"([{"PK": {"S": "a"}, "SK": {"S": "\ud800"}},
                          {"PK": {"S": "a"}, "SK": {"S": "\udc00"}}])")
        << query << ":1:34: " + lone.arg("\\ud800");
    QTest::newRow("a project's entity name")
        << "surrogate.keyscope.json"
        << QByteArray(R"({"keyscope": 1, "name": "x", "table": {"TableName": "T",
            "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}],
            "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}]},
            "entities": [{"name": "A\udc00", "attributes": [], "keys": {"PK": "A"}}]})")
        << QStringList {"check", "FILE"} << ":4:37: " + lone.arg("\\udc00");
    QTest::newRow("CSV, 0xFF and 0xFE")
        << "latin1.csv" << QByteArray("PK (S),SK (S)\na,\xFF\na,\xFE\n")
        << QStringList {"convert", kIotTable, "FILE", "-o", "out.keyscope.json"}
        << ":2:3: invalid UTF-8 (byte 0xFF): keys and names are Unicode text, and DynamoDB "
           "refuses strings that are not; save the file as UTF-8";
}

// A string that is not Unicode is refused where it stands (file, line and column), as DynamoDB
// refuses it, instead of being read as '?' or U+FFFD.
void TestCliInputs::stringsThatAreNotUnicodeAreRefused()
{
    QFETCH(QString, name);
    QFETCH(QByteArray, content);
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const QString path = m_dir.filePath(name);
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(content);
    file.close();
    args.replaceInStrings(QStringLiteral("FILE"), path);
    const CliResult result = run(args, m_dir.path());
    QCOMPARE(result.exitCode, 255);
    QVERIFY2(result.err.contains(path + message), qPrintable(result.err));
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("out.keyscope.json"))));
}

// `keyscope explain` called two different byte strings "the same key" when neither was UTF-8.
void TestCliInputs::argumentsThatAreNotUtf8AreRefused()
{
    QProcess process;
    process.start(QStringLiteral("/bin/sh"),
                  {"-c", R"sh(exec "$0" explain "$(printf 'a\377')" "$(printf 'a\376')")sh",
                   testsupport::keyscopeBinary()});
    QVERIFY(process.waitForFinished(60000));
    QCOMPARE(process.exitCode(), 252);
    QCOMPARE(process.readAllStandardOutput(), QByteArray());
    const QString err = QString::fromUtf8(process.readAllStandardError());
    QVERIFY2(err.startsWith("keyscope: error: argument 2 (a\\xFF) is not UTF-8: byte 2 is 0xFF. "
                            "Keys, names and file names are read as Unicode text"),
             qPrintable(err));
}

void TestCliInputs::tenThousandTablesAreListedInShort_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    const QString first = QStringLiteral("T00001, T00002, T00003, T00004, T00005, T00006, T00007, "
                                         "T00008, T00009, T00010 and 9,990 more");
    QTest::newRow("convert") << QStringList {"convert", "TEMPLATE", "-o", "x.keyscope.json"} << 252
                             << "has 10000 tables (" + first + "): pick one with --table NAME";
    QTest::newRow("infer") << QStringList {"infer", "TEMPLATE"} << 252
                           << "has 10000 tables (" + first + "): pick one with --table NAME";
    QTest::newRow("convert --table")
        << QStringList {"convert", "TEMPLATE", "--table", "Nope", "-o", "x.keyscope.json"} << 255
        << "the template has no table \"Nope\"; its tables: " + first;
}

// A template of 10,000 tables: the message names ten and counts the rest (it listed every name
// on one line of 80 KB).
void TestCliInputs::tenThousandTablesAreListedInShort()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    const QString path = m_dir.filePath(QStringLiteral("tables.template.json"));
    if (!QFile::exists(path)) {
        QByteArray resources;
        for (int i = 1; i <= 10000; ++i) {
            const QByteArray name = QByteArray::number(i).rightJustified(5, '0');
            resources += QByteArray(i > 1 ? ",\"T" : "\"T") + name
                + R"(": {"Type": "AWS::DynamoDB::Table", "Properties": {"TableName": "T)" + name
                + R"(", "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}],)"
                + R"( "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}]}})";
        }
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"AWSTemplateFormatVersion": "2010-09-09", "Resources": {)" + resources
                   + "}}");
    }
    args.replaceInStrings(QStringLiteral("TEMPLATE"), path);
    const CliResult result = run(args, m_dir.path());
    QCOMPARE(result.exitCode, exitCode);
    QVERIFY2(result.err.contains(message), qPrintable(result.err.left(2000)));
    for (const QString &line : result.err.split(u'\n'))
        QVERIFY2(line.size() < 400, qPrintable(line.left(400)));
}

QTEST_GUILESS_MAIN(TestCliInputs)
#include "tst_cli_inputs.moc"
