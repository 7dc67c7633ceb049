// Code snippets for a Query: exact texts people copy, and proof that each one sends the request
// it shows: the AWS CLI snippet through a real POSIX shell (and into `keyscope query`), Python
// with a stand-in boto3, JavaScript with a stand-in @aws-sdk/client-dynamodb, Java compiled
// against stand-in SDK classes. Interpreters that are missing skip their test.

#include "model/codegen/codesnippets.h"
#include "model/io/itemsfile.h"
#include "model/io/tabledefinitionfile.h"
#include "model/query/queryengine.h"
#include "model/value/dynamojson.h"
#include "tests/support/testpaths.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace keyscope::model;

Q_DECLARE_METATYPE(keyscope::model::QueryRequest)

namespace {

AttributeValue s(const QString &text)
{
    return AttributeValue::string(text);
}

AttributeValue n(const char *text)
{
    return AttributeValue::number(*Number::parse(QString::fromLatin1(text)));
}

// The IoT example's everyday query: one device's readings.
QueryRequest readings()
{
    QueryRequest r;
    r.keyConditionExpression = QStringLiteral("PK = :pk AND begins_with(SK, :sk)");
    r.expressionAttributeValues = Item {{QStringLiteral(":pk"), s(QStringLiteral("DEVICE#D-7731"))},
                                        {QStringLiteral(":sk"), s(QStringLiteral("#READING#"))}};
    return r;
}

// Every member a Query takes, with text that needs care in every language.
QueryRequest everything()
{
    QueryRequest r;
    r.tableName = QStringLiteral("Orders");
    r.indexName = QStringLiteral("GSI1");
    r.keyConditionExpression = QStringLiteral("#pk = :pk AND #sk BETWEEN :lo AND :hi");
    r.filterExpression = QStringLiteral("#st <> :st AND Total > :min");
    r.projectionExpression = QStringLiteral("#pk, #sk, #st, Total");
    r.expressionAttributeNames
        = std::map<QString, QString> {{QStringLiteral("#pk"), QStringLiteral("GSI1PK")},
                                      {QStringLiteral("#sk"), QStringLiteral("GSI1SK")},
                                      {QStringLiteral("#st"), QStringLiteral("Status")}};
    r.expressionAttributeValues
        = Item {{QStringLiteral(":pk"), s(QStringLiteral("CUSTOMER#O'Brien"))},
                {QStringLiteral(":lo"), s(QStringLiteral("ORDER#2024"))},
                {QStringLiteral(":hi"), s(QStringLiteral("ORDER#2025"))},
                {QStringLiteral(":st"), s(QStringLiteral("CANCELLED"))},
                {QStringLiteral(":min"), n("9.5")}};
    r.scanIndexForward = false;
    r.limit = 25;
    r.exclusiveStartKey = Item {{QStringLiteral("GSI1PK"), s(QStringLiteral("CUSTOMER#O'Brien"))},
                                {QStringLiteral("GSI1SK"), s(QStringLiteral("ORDER#2024-06"))},
                                {QStringLiteral("PK"), s(QStringLiteral("ORDER#42"))},
                                {QStringLiteral("SK"), s(QStringLiteral("ORDER#42"))}};
    r.select = QStringLiteral("ALL_PROJECTED_ATTRIBUTES");
    r.consistentRead = true;
    r.returnConsumedCapacity = QStringLiteral("INDEXES");
    return r;
}

// Values of every type, and strings a shell or a compiler would otherwise mangle.
QueryRequest allTypes()
{
    QueryRequest r;
    r.keyConditionExpression = QStringLiteral("PK = :pk");
    r.filterExpression = QStringLiteral(
        "Temp > :n AND Raw = :b AND Active = :t AND Gone = :z AND Tags = :l AND Meta = :m "
        "AND Colours = :ss AND Sizes = :ns AND Blobs = :bs AND Note = :q");
    Item m {{QStringLiteral("a"), s(QStringLiteral("x"))},
            {QStringLiteral("b c"), AttributeValue::boolean(false)}};
    r.expressionAttributeValues
        = Item {{QStringLiteral(":pk"), s(QStringLiteral("it's \"$HOME\" `id` \\ !1 é 🔥"))},
                {QStringLiteral(":n"), n("-18.50")},
                {QStringLiteral(":b"), AttributeValue::binary(QByteArray("\x00\x01\xff\"", 4))},
                {QStringLiteral(":t"), AttributeValue::boolean(true)},
                {QStringLiteral(":z"), AttributeValue::null()},
                {QStringLiteral(":l"),
                 AttributeValue::list({s(QStringLiteral("a")), n("1"), AttributeValue::list({})})},
                {QStringLiteral(":m"), AttributeValue::map(m)},
                {QStringLiteral(":ss"),
                 AttributeValue::stringSet({s(QStringLiteral("red")), s(QStringLiteral("blue"))})},
                {QStringLiteral(":ns"), AttributeValue::numberSet({n("1"), n("2.5")})},
                {QStringLiteral(":bs"), AttributeValue::binarySet({AttributeValue::binary("ab")})},
                {QStringLiteral(":q"), s(QStringLiteral("line 1\nline 2\ttab\x01"))}};
    return r;
}

// Expected snippets (kept out of the test macros: moc does not read raw strings in macro
// arguments).
struct Run
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

Run run(const QString &program, const QStringList &args, const QString &workDir = {},
        const QByteArray &input = {})
{
    QProcess process;
    if (!workDir.isEmpty())
        process.setWorkingDirectory(workDir);
    process.start(program, args);
    if (!process.waitForStarted(10000))
        return {};
    if (!input.isEmpty())
        process.write(input);
    process.closeWriteChannel();
    process.waitForFinished(120000);
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            process.readAllStandardOutput(), process.readAllStandardError()};
}

QString command(const char *name)
{
    return QStandardPaths::findExecutable(QString::fromLatin1(name));
}

const QString kData = keyscope::testsupport::testDataPath("/codesnippets/");
// Stand-ins for boto3, @aws-sdk/client-dynamodb and the Java SDK that print the request sent.
const QString kStubs = kData + QStringLiteral("stubs/");

QString expected(const QString &name)
{
    QFile file(kData + name);
    if (!file.open(QIODevice::ReadOnly))
        return QStringLiteral("<missing fixture %1>").arg(name);
    return QString::fromUtf8(file.readAll());
}

bool copyTree(const QString &from, const QString &to)
{
    QDirIterator it(from, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString source = it.next();
        const QString target = to + QLatin1Char('/') + QDir(from).relativeFilePath(source);
        QDir().mkpath(QFileInfo(target).absolutePath());
        if (!QFile::copy(source, target))
            return false;
    }
    return true;
}

bool writeFile(const QString &path, const QByteArray &text)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(text) == text.size();
}

// The shell's words for the AWS CLI snippet, after `aws dynamodb query`.
QStringList shellWords(const QString &snippet)
{
    QString script = snippet;
    script.replace(QStringLiteral("aws dynamodb query"), QStringLiteral("printf '%s\\0'"));
    const Run result = run(command("sh"), {QStringLiteral("-c"), script});
    if (result.exitCode != 0)
        return {QStringLiteral("<sh failed: %1>").arg(QString::fromUtf8(result.err))};
    QStringList words = QString::fromUtf8(result.out).split(QChar(0));
    words.removeLast(); // after the last NUL
    return words;
}

} // namespace

class TestCodeSnippets : public QObject
{
    Q_OBJECT

private slots:
    void awsCliText();
    void pythonText();
    void javaScriptText();
    void javaText();
    void everyMemberAppears();
    void absentMembersDoNotAppear();
    void valueLiterals();
    void shellQuote_data();
    void shellQuote();
    void awsCliThroughTheShell_data();
    void awsCliThroughTheShell();
    void awsCliRunsInKeyscope();
    void pythonSendsTheRequest_data();
    void pythonSendsTheRequest();
    void javaScriptSendsTheRequest_data();
    void javaScriptSendsTheRequest();
    void javaCompiles();
};

void TestCodeSnippets::awsCliText()
{
    QCOMPARE(CodeSnippets::awsCli(readings(), QStringLiteral("IoT")),
             expected(QStringLiteral("readings.aws.sh")));

    QCOMPARE(CodeSnippets::awsCli(everything(), QStringLiteral("ignored: the request names it")),
             expected(QStringLiteral("everything.aws.sh")));
}

void TestCodeSnippets::pythonText()
{
    QCOMPARE(CodeSnippets::python(readings(), QStringLiteral("IoT")),
             expected(QStringLiteral("readings.py")));

    QCOMPARE(CodeSnippets::python(everything()), expected(QStringLiteral("everything.py")));
}

void TestCodeSnippets::javaScriptText()
{
    QueryRequest r = readings();
    r.select = QStringLiteral("COUNT");
    QCOMPARE(CodeSnippets::javaScript(r, QStringLiteral("IoT")),
             expected(QStringLiteral("readings-count.mjs")));
}

void TestCodeSnippets::javaText()
{
    QueryRequest r = readings();
    r.scanIndexForward = false;
    r.limit = 10;
    QCOMPARE(CodeSnippets::java(r, QStringLiteral("IoT")),
             expected(QStringLiteral("readings-descending.java")));
}

void TestCodeSnippets::everyMemberAppears()
{
    const QueryRequest r = everything();
    const QStringList api = {"TableName",
                             "IndexName",
                             "KeyConditionExpression",
                             "FilterExpression",
                             "ProjectionExpression",
                             "ExpressionAttributeNames",
                             "ExpressionAttributeValues",
                             "ScanIndexForward",
                             "Limit",
                             "ExclusiveStartKey",
                             "Select",
                             "ConsistentRead",
                             "ReturnConsumedCapacity"};
    const QString cli = CodeSnippets::awsCli(r);
    const QString py = CodeSnippets::python(r);
    const QString js = CodeSnippets::javaScript(r);
    const QString java = CodeSnippets::java(r);
    QCOMPARE(CodeSnippets::requestJson(r).keys().size(), api.size());
    for (const QString &member : api) {
        QVERIFY2(CodeSnippets::requestJson(r).contains(member), qPrintable(member));
        QVERIFY2(py.contains(QStringLiteral("\n    %1=").arg(member)), qPrintable(member));
        QVERIFY2(js.contains(QStringLiteral("\n    %1: ").arg(member)), qPrintable(member));
        const QString javaName = member.left(1).toLower() + member.mid(1);
        QVERIFY2(java.contains(QStringLiteral("\n        .%1(").arg(javaName)), qPrintable(member));
        // --no-scan-index-forward and --consistent-read are flags.
        QString option;
        for (const QChar c : member) {
            if (c.isUpper() && !option.isEmpty())
                option += QLatin1Char('-');
            option += c.toLower();
        }
        if (member == QLatin1String("ScanIndexForward"))
            option = QStringLiteral("no-scan-index-forward");
        QVERIFY2(cli.contains(QStringLiteral("\n    --%1").arg(option)), qPrintable(option));
    }
}

void TestCodeSnippets::absentMembersDoNotAppear()
{
    const QueryRequest r = readings();
    const QStringList absent = {"IndexName",
                                "FilterExpression",
                                "ProjectionExpression",
                                "ExpressionAttributeNames",
                                "ScanIndexForward",
                                "Limit",
                                "ExclusiveStartKey",
                                "Select",
                                "ConsistentRead",
                                "ReturnConsumedCapacity"};
    for (const QString &member : absent) {
        QVERIFY(!CodeSnippets::requestJson(r).contains(member));
        QVERIFY2(!CodeSnippets::python(r).contains(member), qPrintable(member));
        QVERIFY2(!CodeSnippets::javaScript(r).contains(member), qPrintable(member));
        const QString javaName = member.left(1).toLower() + member.mid(1);
        QVERIFY2(!CodeSnippets::java(r).contains(QLatin1Char('.') + javaName + QLatin1Char('(')),
                 qPrintable(member));
    }
    const QString cli = CodeSnippets::awsCli(r);
    for (const char *option :
         {"--index-name", "--filter-expression", "--projection-expression",
          "--expression-attribute-names", "scan-index-forward", "--limit", "--exclusive-start-key",
          "--select", "--consistent-read", "--return-consumed-capacity", "--table-name"})
        QVERIFY2(!cli.contains(QLatin1String(option)), option);
}

void TestCodeSnippets::valueLiterals()
{
    const QueryRequest r = allTypes();
    const QString py = CodeSnippets::python(r, QStringLiteral("T"));
    QVERIFY2(py.contains(expected(QStringLiteral("all-types-values.py.txt"))), qPrintable(py));
    const QString js = CodeSnippets::javaScript(r, QStringLiteral("T"));
    QVERIFY2(js.contains(expected(QStringLiteral("all-types-values.mjs.txt"))), qPrintable(js));
    const QString java = CodeSnippets::java(r, QStringLiteral("T"));
    QVERIFY2(java.contains(expected(QStringLiteral("all-types-values.java.txt"))),
             qPrintable(java));
    QVERIFY(java.contains(QStringLiteral("import software.amazon.awssdk.core.SdkBytes;\n")));
    QVERIFY(java.contains(QStringLiteral("import java.util.Base64;\nimport java.util.List;\n")));
}

void TestCodeSnippets::shellQuote_data()
{
    QTest::addColumn<QString>("word");
    QTest::addColumn<QString>("quoted");
    QTest::newRow("plain") << "IoT"
                           << "IoT";
    QTest::newRow("safe punctuation") << "my-table_1.v2"
                                      << "my-table_1.v2";
    QTest::newRow("empty") << ""
                           << "''";
    QTest::newRow("space") << "PK = :pk"
                           << "'PK = :pk'";
    QTest::newRow("comment char") << "#pk"
                                  << "'#pk'";
    QTest::newRow("single quote") << "O'Brien"
                                  << R"('O'\''Brien')";
    QTest::newRow("only a quote") << "'"
                                  << R"(''\''')";
    QTest::newRow("dollar and backtick") << "$HOME`id`"
                                         << "'$HOME`id`'";
    QTest::newRow("glob") << "a*"
                          << "'a*'";
}

void TestCodeSnippets::shellQuote()
{
    QFETCH(QString, word);
    QFETCH(QString, quoted);
    QCOMPARE(CodeSnippets::shellQuote(word), quoted);
}

void TestCodeSnippets::awsCliThroughTheShell_data()
{
    QTest::addColumn<QueryRequest>("request");
    QTest::newRow("readings") << readings();
    QTest::newRow("everything") << everything();
    QTest::newRow("all types") << allTypes();
}

// The shell hands the AWS CLI exactly the request: each option's word, JSON that parses back.
void TestCodeSnippets::awsCliThroughTheShell()
{
    QFETCH(QueryRequest, request);
    if (command("sh").isEmpty())
        QSKIP("no sh");
    const QStringList words = shellWords(CodeSnippets::awsCli(request, QStringLiteral("T")));
    QJsonObject sent;
    for (qsizetype i = 0; i < words.size(); ++i) {
        const QString &word = words.at(i);
        QVERIFY2(word.startsWith(QLatin1String("--")), qPrintable(word));
        if (word == QLatin1String("--no-scan-index-forward")) {
            sent.insert(QStringLiteral("ScanIndexForward"), false);
            continue;
        }
        if (word == QLatin1String("--consistent-read")) {
            sent.insert(QStringLiteral("ConsistentRead"), true);
            continue;
        }
        QString member;
        for (const QString &part : word.mid(2).split(QLatin1Char('-')))
            member += part.left(1).toUpper() + part.mid(1);
        QVERIFY(i + 1 < words.size());
        const QString value = words.at(++i);
        if (member.startsWith(QLatin1String("ExpressionAttribute"))
            || member == QLatin1String("ExclusiveStartKey")) {
            QJsonParseError error;
            const QJsonDocument json = QJsonDocument::fromJson(value.toUtf8(), &error);
            QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
            sent.insert(member, json.object());
        } else if (member == QLatin1String("Limit")) {
            sent.insert(member, value.toLongLong());
        } else {
            sent.insert(member, value);
        }
    }
    QCOMPARE(sent, CodeSnippets::requestJson(request, QStringLiteral("T")));
}

// The snippet, pointed at `keyscope query` instead of `aws dynamodb query`, answers as the
// engine does.
void TestCodeSnippets::awsCliRunsInKeyscope()
{
    const QString binary = keyscope::testsupport::keyscopeBinary();
    if (!QFileInfo::exists(binary) || command("sh").isEmpty())
        QSKIP("no keyscope binary or sh");
    const QString dir = keyscope::testsupport::sourcePath("/resources/examples/iot/");
    auto definition = TableDefinitionFile::read(dir + QStringLiteral("table.json"));
    QVERIFY(std::holds_alternative<TableDefinition>(definition));
    Table table(std::get<TableDefinition>(definition));
    QVERIFY(std::holds_alternative<ItemsFile::LoadResult>(
        ItemsFile::load(table, dir + QStringLiteral("items.json"))));

    QueryRequest r = readings();
    r.scanIndexForward = false;
    r.limit = 2;
    r.returnConsumedCapacity = QStringLiteral("TOTAL");
    const auto expected = QueryEngine::query(table, r);
    QVERIFY(std::holds_alternative<QueryResponse>(expected));
    const QueryResponse &response = std::get<QueryResponse>(expected);
    QCOMPARE(response.count, 2);

    QString script = CodeSnippets::awsCli(r, QStringLiteral("IoT"));
    script.replace(QStringLiteral("aws dynamodb query"),
                   QStringLiteral("%1 query --table-definition %2 --items %3")
                       .arg(CodeSnippets::shellQuote(binary),
                            CodeSnippets::shellQuote(dir + QStringLiteral("table.json")),
                            CodeSnippets::shellQuote(dir + QStringLiteral("items.json"))));
    const Run result = run(command("sh"), {QStringLiteral("-c"), script});
    QVERIFY2(result.exitCode == 0, result.err.constData());
    const QJsonObject output = QJsonDocument::fromJson(result.out).object();
    QCOMPARE(output.value(QStringLiteral("Count")).toInt(), 2);
    QJsonArray items;
    for (const Item &item : response.items)
        items.append(dynamojson::itemToJson(item));
    QCOMPARE(output.value(QStringLiteral("Items")).toArray(), items);
    QCOMPARE(output.value(QStringLiteral("LastEvaluatedKey")).toObject(),
             dynamojson::itemToJson(*response.lastEvaluatedKey));
    QVERIFY(output.contains(QStringLiteral("ConsumedCapacity")));
}

void TestCodeSnippets::pythonSendsTheRequest_data()
{
    awsCliThroughTheShell_data();
}

// Python runs the snippet with a stand-in boto3 that prints what client.query() was given.
void TestCodeSnippets::pythonSendsTheRequest()
{
    QFETCH(QueryRequest, request);
    const QString python = command("python3");
    if (python.isEmpty())
        QSKIP("no python3");
    QTemporaryDir dir;
    QVERIFY(copyTree(kStubs + QStringLiteral("python"), dir.path()));
    const QString snippet = CodeSnippets::python(request, QStringLiteral("T"));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("snippet.py")), snippet.toUtf8()));
    const Run result = run(python, {QStringLiteral("snippet.py")}, dir.path());
    QVERIFY2(result.exitCode == 0, result.err.constData());
    QJsonParseError error;
    const QJsonDocument sent = QJsonDocument::fromJson(result.err, &error);
    QVERIFY2(error.error == QJsonParseError::NoError, result.err.constData());
    QCOMPARE(sent.object(), CodeSnippets::requestJson(request, QStringLiteral("T")));
}

void TestCodeSnippets::javaScriptSendsTheRequest_data()
{
    awsCliThroughTheShell_data();
}

// Node runs the snippet as an ES module with a stand-in @aws-sdk/client-dynamodb.
void TestCodeSnippets::javaScriptSendsTheRequest()
{
    QFETCH(QueryRequest, request);
    const QString node = command("node");
    if (node.isEmpty())
        QSKIP("no node");
    QTemporaryDir dir;
    QVERIFY(copyTree(kStubs + QStringLiteral("node_modules"),
                     dir.filePath(QStringLiteral("node_modules"))));
    const QString snippet = CodeSnippets::javaScript(request, QStringLiteral("T"));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("snippet.mjs")), snippet.toUtf8()));
    const Run result = run(node, {QStringLiteral("snippet.mjs")}, dir.path());
    QVERIFY2(result.exitCode == 0, result.err.constData());
    QJsonParseError error;
    const QJsonDocument sent = QJsonDocument::fromJson(result.err, &error);
    QVERIFY2(error.error == QJsonParseError::NoError, result.err.constData());
    QCOMPARE(sent.object(), CodeSnippets::requestJson(request, QStringLiteral("T")));
}

// javac compiles the snippet against stand-in SDK classes that record every builder call; the
// program then prints the request it built.
void TestCodeSnippets::javaCompiles()
{
    const QString javac = command("javac");
    if (javac.isEmpty() || command("java").isEmpty())
        QSKIP("no javac/java");
    QTemporaryDir dir;
    QStringList sources;
    QDirIterator it(kStubs + QStringLiteral("java"), {QStringLiteral("*.java")}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        sources << it.next();
    const Run compiled
        = run(javac,
              QStringList {QStringLiteral("-encoding"), QStringLiteral("UTF-8"),
                           QStringLiteral("-d"), dir.filePath(QStringLiteral("classes"))}
                  + sources);
    QVERIFY2(compiled.exitCode == 0, compiled.err.constData());

    // The snippet's imports, then its statements as the body of main().
    for (const QueryRequest &request : {readings(), everything(), allTypes()}) {
        const QStringList lines
            = CodeSnippets::java(request, QStringLiteral("T")).split(QLatin1Char('\n'));
        QString imports, body;
        for (const QString &line : lines)
            (line.startsWith(QLatin1String("import ")) ? imports : body)
                += line + QLatin1Char('\n');
        const QString source = imports
            + QStringLiteral("public class Snippet {\npublic static void main(String[] args) {\n")
            + body + QStringLiteral("}\n}\n");
        QTemporaryDir work;
        QVERIFY(writeFile(work.filePath(QStringLiteral("Snippet.java")), source.toUtf8()));
        const QString classes = dir.filePath(QStringLiteral("classes"));
        const Run built = run(javac,
                              {QStringLiteral("-encoding"), QStringLiteral("UTF-8"),
                               QStringLiteral("-cp"), classes, QStringLiteral("-d"), work.path(),
                               work.filePath(QStringLiteral("Snippet.java"))});
        QVERIFY2(built.exitCode == 0, qPrintable(QString::fromUtf8(built.err) + source));
        const Run result
            = run(command("java"),
                  {QStringLiteral("-Dstderr.encoding=UTF-8"),
                   QStringLiteral("-Dfile.encoding=UTF-8"), QStringLiteral("-cp"),
                   classes + QLatin1Char(':') + work.path(), QStringLiteral("Snippet")});
        QVERIFY2(result.exitCode == 0, result.err.constData());
        const qsizetype at = result.err.indexOf("SENT ");
        QVERIFY2(at >= 0, result.err.constData());
        const QByteArray json = result.err.mid(at + 5).split('\n').first();
        QJsonParseError error;
        const QJsonDocument sent = QJsonDocument::fromJson(json, &error);
        QVERIFY2(error.error == QJsonParseError::NoError, json.constData());
        QCOMPARE(sent.object(), CodeSnippets::requestJson(request, QStringLiteral("T")));
    }
}

QTEST_GUILESS_MAIN(TestCodeSnippets)
#include "tst_codesnippets.moc"
