// End-to-end checks of the design commands: `keyscope check`, `keyscope populate`,
// `keyscope keys` and `keyscope query --project`. Runs the real binary on the projects in
// tests/data/cli_design/ and checks stdout, stderr and exit codes.

#include "tests/support/runkeyscope.h"
#include "tests/support/testpaths.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

const QString kDataDir = keyscope::testsupport::testDataPath("/cli_design");

QString fixture(const QString &name)
{
    return kDataDir + QLatin1Char('/') + name;
}

const QString kPass = fixture(QStringLiteral("iot-pass.keyscope.json"));
const QString kFail = fixture(QStringLiteral("iot-fail.keyscope.json"));
const QString kTickets = fixture(QStringLiteral("tickets.keyscope.json"));
const QString kInvalid = fixture(QStringLiteral("invalid.keyscope.json"));
const QString kMalformed = fixture(QStringLiteral("malformed.keyscope.json"));
const QString kOverflow = fixture(QStringLiteral("pad-overflow.keyscope.json"));

QJsonObject readObject(const QString &path)
{
    return keyscope::testsupport::readJsonObject(path);
}

} // namespace

class TestCliDesign : public QObject
{
    Q_OBJECT

private slots:
    void checkVerdicts_data();
    void checkVerdicts();
    void checkJson();
    void checkErrorLevelFinding();
    void checkSeed();
    void populateShapeAndDeterminism();
    void populateOut();
    void populateLoadsLikeQueryProject_data();
    void populateLoadsLikeQueryProject();
    void queryProjectOptions_data();
    void queryProjectOptions();
    void keysShowParts();
    void keysMatchPopulation();
    void keysSetOverrides();
    void keysErrors_data();
    void keysErrors();
    void fileErrors_data();
    void fileErrors();
    void usageErrors_data();
    void usageErrors();
    void progressOnlyOnStderr();
    void help_data();
    void help();

private:
    struct Result
    {
        int exitCode = -1;
        QByteArray out;
        QString err;
        QJsonObject json; // stdout parsed, when it is a JSON object
    };
    static Result run(const QStringList &args, const QStringList &environment = {});
};

TestCliDesign::Result TestCliDesign::run(const QStringList &args, const QStringList &environment)
{
    keyscope::testsupport::CliOptions options;
    options.environment.remove(QStringLiteral("KEYSCOPE_PROGRESS_AFTER_MS"));
    for (const QString &entry : environment) {
        const qsizetype equals = entry.indexOf(QLatin1Char('='));
        options.environment.insert(entry.left(equals), entry.mid(equals + 1));
    }
    options.workingDirectory = kDataDir;
    const keyscope::testsupport::CliResult r = keyscope::testsupport::runKeyscope(args, options);
    return {r.exitCode, r.out, r.err, r.json()};
}

void TestCliDesign::checkVerdicts_data()
{
    QTest::addColumn<QString>("project");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QStringList>("expected");

    // #READING# sorts before DEVICE#: the backward read with Limit 11 ends on the Device.
    QTest::newRow("pass") << kPass << 0
                          << QStringList {"Populated 176 items with seed 7 into table IoT.",
                                          "Access patterns: 1 of 1 pass",
                                          "  PASS  Device and its 10 newest readings\n"
                                          "        Returned 11 items",
                                          "OK: every access pattern passes"};
    // READING# sorts after DEVICE#: the Device is never reached, and the reason names bytes;
    // the parent-side check finds it from the templates, and the pattern's fix is the '#'.
    QTest::newRow("fail") << kFail << 1
                          << QStringList {"Access patterns: 0 of 1 pass",
                                          "  FAIL  Device and its 10 newest readings\n"
                                          "        The first result is Reading",
                                          "'D' (0x44) < 'R' (0x52)",
                                          "error   parent-side: ",
                                          "READING#{Ts|iso8601} -> #READING#{Ts|iso8601}",
                                          "FAILED: 1 error-level finding, 1 failing access "
                                          "pattern."};
}

void TestCliDesign::checkVerdicts()
{
    QFETCH(QString, project);
    QFETCH(int, exitCode);
    QFETCH(QStringList, expected);

    const Result result = run({"check", project});
    QCOMPARE(result.exitCode, exitCode);
    const QString out = QString::fromUtf8(result.out);
    for (const QString &text : expected)
        QVERIFY2(out.contains(text), qPrintable(text + QStringLiteral("\n---\n") + out));
    QVERIFY2(result.err.isEmpty(), qPrintable(result.err));
    QVERIFY(out.contains(QStringLiteral("Design checks: ")));
}

void TestCliDesign::checkJson()
{
    const Result pass = run({"check", kPass, "--json"});
    QCOMPARE(pass.exitCode, 0);
    QVERIFY2(!pass.json.isEmpty(), pass.out.constData());
    // Documented member order.
    QVERIFY(pass.out.startsWith("{\n    \"file\": "));
    const QStringList order
        = {"\"file\"",       "\"project\"",  "\"table\"",    "\"seed\"",   "\"itemCount\"",
           "\"tableError\"", "\"findings\"", "\"patterns\"", "\"summary\""};
    qsizetype at = 0;
    for (const QString &member : order) {
        const qsizetype next = pass.out.indexOf(member.toUtf8(), at);
        QVERIFY2(next >= at, qPrintable(member));
        at = next;
    }
    QCOMPARE(pass.json.value("project").toString(),
             QStringLiteral("IoT after: #READING# sorts before DEVICE#"));
    QCOMPARE(pass.json.value("table").toString(), QStringLiteral("IoT"));
    QCOMPARE(pass.json.value("seed").toInt(), 7);
    QCOMPARE(pass.json.value("itemCount").toInt(), 176);
    QVERIFY(pass.json.value("tableError").isNull());
    QVERIFY(pass.json.value("findings").isArray());
    const QJsonObject summary = pass.json.value("summary").toObject();
    QCOMPARE(summary.value("passed").toBool(), true);
    QCOMPARE(summary.value("patterns").toInt(), 1);
    QCOMPARE(summary.value("patternsPassed").toInt(), 1);
    QCOMPARE(summary.value("errors").toInt(), 0);
    const QJsonObject passed = pass.json.value("patterns").toArray().at(0).toObject();
    QCOMPARE(passed.value("name").toString(), QStringLiteral("Device and its 10 newest readings"));
    QCOMPARE(passed.value("passed").toBool(), true);
    QCOMPARE(passed.value("count").toInt(), 11);
    QVERIFY(passed.value("offendingItem").isNull());
    const QJsonObject parent = passed.value("parentItem").toObject();
    QCOMPARE(parent.value("index").toInt(), 0);
    QCOMPARE(parent.value("entity").toString(), QStringLiteral("Device"));
    QVERIFY(parent.value("key").toObject().value("PK").toObject().value("S").toString().startsWith(
        QStringLiteral("DEVICE#d-")));

    const Result fail = run({"check", kFail, "--json"});
    QCOMPARE(fail.exitCode, 1);
    QCOMPARE(fail.json.value("summary").toObject().value("passed").toBool(), false);
    QCOMPARE(fail.json.value("summary").toObject().value("patternsFailed").toInt(), 1);
    const QJsonObject failed = fail.json.value("patterns").toArray().at(0).toObject();
    QCOMPARE(failed.value("passed").toBool(), false);
    QVERIFY(failed.value("explanation").toString().contains(QStringLiteral("0x44")));
    const QJsonObject offending = failed.value("offendingItem").toObject();
    QCOMPARE(offending.value("entity").toString(), QStringLiteral("Reading"));
    QVERIFY(
        offending.value("key").toObject().value("SK").toObject().value("S").toString().startsWith(
            QStringLiteral("READING#")));
}

void TestCliDesign::checkErrorLevelFinding()
{
    // Seq 1..120 through pad:2: "ENTRY#100" sorts between "ENTRY#10" and "ENTRY#11". The only
    // access pattern passes, so the exit code comes from the error-level finding alone.
    const Result result = run({"check", kOverflow, "--json"});
    QVERIFY2(!result.json.isEmpty(), result.out.constData());
    QCOMPARE(result.json.value("summary").toObject().value("patternsFailed").toInt(), 0);
    QCOMPARE(result.exitCode, 1);
    bool found = false;
    for (const auto &value : result.json.value("findings").toArray()) {
        const QJsonObject finding = value.toObject();
        if (finding.value("id").toString() == QLatin1String("pad-overflow")) {
            found = true;
            QCOMPARE(finding.value("severity").toString(), QStringLiteral("error"));
            QVERIFY(!finding.value("title").toString().isEmpty());
            QVERIFY(finding.value("path").toString().startsWith(QStringLiteral("entities[0]")));
            // The template part at fault, and every entry whose Seq (100..120) overflows pad:2.
            const QJsonObject span = finding.value("span").toObject();
            QCOMPARE(span.value("key").toString(), QStringLiteral("SK"));
            QCOMPARE(span.value("role").toString(), QStringLiteral("table sort key"));
            QCOMPARE(span.value("text").toString(), QStringLiteral("pad:2"));
            QCOMPARE(span.value("column").toInt(), 12); // ENTRY#{Seq|pad:2}
            QCOMPARE(span.value("length").toInt(), 5);
            QVERIFY(finding.value("scope").isNull());
            QCOMPARE(finding.value("concernedCount").toInt(), 21);
            const QJsonArray concerned = finding.value("concerned").toArray();
            QCOMPARE(concerned.size(), 21);
            QCOMPARE(concerned.first().toInt(), 99); // Seq 100 is the 100th entry, index 99
            QCOMPARE(concerned.last().toInt(), 119);
        }
    }
    QVERIFY2(found, result.out.constData());
    const Result text = run({"check", kOverflow});
    QCOMPARE(text.exitCode, 1);
    QVERIFY2(text.out.contains("  error   pad-overflow: "), text.out.constData());
    QVERIFY2(text.out.contains("    Part: SK (table sort key), column 12: pad:2\n"),
             text.out.constData());
    QVERIFY2(text.out.contains("    Concerns: 21 items\n"), text.out.constData());
    QVERIFY2(text.out.contains("error-level finding"), text.out.constData());
    // The text counts items from 1, as the explanation does (the JSON's index 99 above is the
    // 100th Entry): "Entry 100", never "Entry #99".
    QVERIFY2(text.out.contains("    Items: Entry 100 (PK 'LOG', SK 'ENTRY#100')\n"),
             text.out.constData());
    QVERIFY2(text.out.contains("Seq 100 in Entry 100 (PK 'LOG', SK 'ENTRY#100')"),
             text.out.constData());
    QVERIFY2(!text.out.contains("(s)") && !text.out.contains(" #"), text.out.constData());
}

void TestCliDesign::checkSeed()
{
    const Result seven = run({"check", kPass, "--json"});
    const Result again = run({"check", kPass, "--json", "--seed", "7"});
    QCOMPARE(again.out, seven.out);
    const Result other = run({"check", kPass, "--json", "--seed=8"});
    QCOMPARE(other.exitCode, 0);
    QCOMPARE(other.json.value("seed").toInt(), 8);
    QVERIFY(other.out != seven.out);
}

void TestCliDesign::populateShapeAndDeterminism()
{
    const Result first = run({"populate", kPass});
    QCOMPARE(first.exitCode, 0);
    QVERIFY2(first.err.isEmpty(), qPrintable(first.err));
    const Result second = run({"populate", kPass});
    QCOMPARE(second.out, first.out);

    // {"IoT": [{"PutRequest": {"Item": {...}}}, ...]}, one request per line.
    QCOMPARE(first.json.keys(), QStringList {"IoT"});
    const QJsonArray requests = first.json.value("IoT").toArray();
    QCOMPARE(requests.size(), 176);
    for (const auto &request : requests) {
        const QJsonObject object = request.toObject();
        QCOMPARE(object.keys(), QStringList {"PutRequest"});
        const QJsonObject item = object.value("PutRequest").toObject().value("Item").toObject();
        QVERIFY(item.value("PK").toObject().contains("S"));
        QVERIFY(item.value("SK").toObject().contains("S"));
    }
    const QList<QByteArray> lines = first.out.split('\n');
    QCOMPARE(lines.at(0), QByteArray("{"));
    QCOMPARE(lines.at(1), QByteArray("    \"IoT\": ["));
    QVERIFY(
        lines.at(2).startsWith("        {\"PutRequest\": {\"Item\": {\"DeviceId\": {\"S\": \"d-"));
    QCOMPARE(lines.size(), 176 + 5); // {, "IoT": [, the items, ], }, and the final newline
    // Parents come before their children: the five Devices, then the Readings.
    for (int i = 0; i < 5; ++i)
        QVERIFY(requests.at(i)
                    .toObject()
                    .value("PutRequest")
                    .toObject()
                    .value("Item")
                    .toObject()
                    .contains("DeviceId"));
    QVERIFY(requests.at(5)
                .toObject()
                .value("PutRequest")
                .toObject()
                .value("Item")
                .toObject()
                .contains("Ts"));

    const Result seeded = run({"populate", kPass, "--seed", "8"});
    QCOMPARE(seeded.exitCode, 0);
    QVERIFY(seeded.out != first.out);
}

void TestCliDesign::populateOut()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString out = dir.filePath("items.json");
    QFile old(out);
    QVERIFY(old.open(QIODevice::WriteOnly));
    old.write("old contents");
    old.close();

    const Result toFile = run({"populate", kTickets, "--out", out});
    QCOMPARE(toFile.exitCode, 0);
    QVERIFY(toFile.out.isEmpty());
    const Result toStdout = run({"populate", kTickets});
    QFile written(out);
    QVERIFY(written.open(QIODevice::ReadOnly));
    QCOMPARE(written.readAll(), toStdout.out);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList {"items.json"}); // no temp left

    const Result noDir = run({"populate", kTickets, "--out", dir.filePath("missing/items.json")});
    QCOMPARE(noDir.exitCode, 255);
    QVERIFY2(noDir.err.contains(QStringLiteral("missing/items.json")), qPrintable(noDir.err));
}

void TestCliDesign::populateLoadsLikeQueryProject_data()
{
    QTest::addColumn<QStringList>("query");
    QTest::addColumn<QString>("project");
    QTest::addColumn<int>("count");

    const QString device = QStringLiteral(R"({":pk": {"S": "DEVICE#d-9468"}})");
    QTest::newRow("forward") << QStringList {"--key-condition-expression", "PK = :pk",
                                             "--expression-attribute-values", device}
                             << kPass << 40;
    QTest::newRow("backward, limit 11") << QStringList {"--key-condition-expression",
                                                        "PK = :pk",
                                                        "--expression-attribute-values",
                                                        device,
                                                        "--no-scan-index-forward",
                                                        "--limit",
                                                        "11"}
                                        << kPass << 11;
    QTest::newRow("begins_with and filter")
        << QStringList {"--key-condition-expression",
                        "PK = :pk AND begins_with(SK, :r)",
                        "--filter-expression",
                        "Temperature > :t",
                        "--expression-attribute-values",
                        R"({":pk": {"S": "DEVICE#d-9468"}, ":r": {"S": "#READING#"}, ":t": {"N": "25"}})"}
        << kPass << -1;
    QTest::newRow("GSI, N sort key")
        << QStringList {"--index-name",
                        "GSI1",
                        "--key-condition-expression",
                        "GSI1PK = :d AND GSI1SK >= :p",
                        "--expression-attribute-values",
                        R"({":d": {"S": "CREATED#2024-01-01"}, ":p": {"N": "3"}})",
                        "--trace"}
        << kTickets << -1;
}

void TestCliDesign::populateLoadsLikeQueryProject()
{
    QFETCH(QStringList, query);
    QFETCH(QString, project);
    QFETCH(int, count);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString items = dir.filePath("items.json");
    QCOMPARE(run({"populate", project, "--out", items}).exitCode, 0);
    // The project's "table" member is create-table JSON, as --table-definition takes it.
    const QString table = dir.filePath("table.json");
    QFile tableFile(table);
    QVERIFY(tableFile.open(QIODevice::WriteOnly));
    tableFile.write(QJsonDocument(readObject(project).value("table").toObject()).toJson());
    tableFile.close();

    const Result fromFiles
        = run(QStringList {"query", "--table-definition", table, "--items", items} + query);
    const Result fromProject = run(QStringList {"query", "--project", project} + query);
    QCOMPARE(fromFiles.exitCode, 0);
    QCOMPARE(fromProject.exitCode, 0);
    QVERIFY2(fromProject.err.isEmpty(), qPrintable(fromProject.err));
    QCOMPARE(fromProject.out, fromFiles.out);
    if (count >= 0)
        QCOMPARE(fromProject.json.value("Count").toInt(), count);
    else
        QVERIFY(fromProject.json.value("Count").toInt() > 0);
}

void TestCliDesign::queryProjectOptions_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("expected"); // in stdout (exit 0) or stderr

    const QStringList pk = {"--key-condition-expression", "PK = :pk",
                            "--expression-attribute-values", R"({":pk": {"S": "DEVICE#d-9468"}})"};
    QTest::newRow("table name defaults to the project's")
        << (QStringList {"query", "--project", kPass} + pk) << 0 << "\"Count\": 40";
    QTest::newRow("matching table name")
        << (QStringList {"query", "--project", kPass, "--table-name", "IoT"} + pk) << 0
        << "\"Count\": 40";
    QTest::newRow("other table name")
        << (QStringList {"query", "--project", kPass, "--table-name", "Other"} + pk) << 254
        << "An error occurred (ResourceNotFoundException) when calling the Query operation";
    QTest::newRow("another seed has other devices")
        << (QStringList {"query", "--project", kPass, "--seed", "8"} + pk) << 0 << "\"Count\": 0";
    QTest::newRow("project with items")
        << (QStringList {"query", "--project", kPass, "--items", "x.json"} + pk) << 252
        << "keyscope: error: argument --project: not allowed with argument --items";
    QTest::newRow("project with table definition")
        << (QStringList {"query", "--project", kPass, "--table-definition", "x.json"} + pk) << 252
        << "keyscope: error: argument --project: not allowed with argument --table-definition";
    QTest::newRow("seed without project")
        << (QStringList {"query", "--table-definition", "t.json", "--items", "i.json", "--seed",
                         "3"}
            + pk)
        << 252 << "keyscope: error: argument --seed: only allowed with --project";
    QTest::newRow("bad seed") << (QStringList {"query", "--project", kPass, "--seed", "-1"} + pk)
                              << 252 << "keyscope: error: argument --seed: invalid value: '-1'";
    QTest::newRow("missing key condition") << QStringList {"query", "--project", kPass} << 252
                                           << "the following arguments are required: "
                                              "--key-condition-expression";
    QTest::newRow("invalid project") << (QStringList {"query", "--project", kInvalid} + pk) << 255
                                     << "invalid.keyscope.json: entities[1].keys.SK: ";
    QTest::newRow("missing project")
        << (QStringList {"query", "--project", "nope.keyscope.json"} + pk) << 255
        << "keyscope: error: nope.keyscope.json: ";
}

void TestCliDesign::queryProjectOptions()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, expected);

    const Result result = run(args);
    QCOMPARE(result.exitCode, exitCode);
    const QString text = exitCode == 0 ? QString::fromUtf8(result.out) : result.err;
    QVERIFY2(text.contains(expected), qPrintable(text));
    if (exitCode != 0)
        QVERIFY(result.out.isEmpty());
}

void TestCliDesign::keysShowParts()
{
    const Result text = run({"keys", kPass, "--entity", "Reading"});
    QCOMPARE(text.exitCode, 0);
    QVERIFY2(text.err.isEmpty(), qPrintable(text.err));
    const QString out = QString::fromUtf8(text.out);
    QVERIFY2(out.contains(QStringLiteral("Reading: sample values from the first Reading generated "
                                         "(item 6 of the items `keyscope populate` writes)")),
             qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("PK = \"DEVICE#d-9468\" (S; table partition key)\n"
                                         "    DEVICE#            literal\n"
                                         "    {Device.DeviceId}  Device.DeviceId \"d-9468\"\n")),
             qPrintable(out));
    QVERIFY2(
        out.contains(QStringLiteral("SK = \"#READING#2024-06-01T00:00:00Z\" (S; table sort key)\n"
                                    "    #READING#     literal\n"
                                    "    {Ts|iso8601}  Ts \"2024-06-01T00:00:00Z\" -> iso8601 "
                                    "\"2024-06-01T00:00:00Z\"\n")),
        qPrintable(out));

    // Index keys too, in key-schema order, and an N key from a single placeholder.
    const Result tickets = run({"keys", kTickets, "--entity", "Ticket", "--json"});
    QCOMPARE(tickets.exitCode, 0);
    const QJsonArray keys = tickets.json.value("keys").toArray();
    QStringList attributes;
    for (const auto &key : keys)
        attributes << key.toObject().value("attribute").toString();
    QCOMPARE(attributes, (QStringList {"PK", "SK", "GSI1PK", "GSI1SK"}));
    const QJsonObject sk = keys.at(1).toObject();
    QCOMPARE(sk.value("template").toString(), QStringLiteral("#TICKET#{Number|pad:5}"));
    QCOMPARE(sk.value("roles").toArray().at(0).toString(), QStringLiteral("table sort key"));
    QCOMPARE(sk.value("value").toObject().value("S").toString(), QStringLiteral("#TICKET#00001"));
    QVERIFY(sk.value("error").isNull());
    const QJsonArray parts = sk.value("parts").toArray();
    QCOMPARE(parts.size(), 2);
    const QJsonObject literal = parts.at(0).toObject();
    QCOMPARE(literal.value("source").toString(), QStringLiteral("#TICKET#"));
    QCOMPARE(literal.value("placeholder").toBool(), false);
    QCOMPARE(literal.value("column").toInt(), 1);
    const QJsonObject placeholder = parts.at(1).toObject();
    QCOMPARE(placeholder.value("source").toString(), QStringLiteral("{Number|pad:5}"));
    QCOMPARE(placeholder.value("column").toInt(), 9);
    QCOMPARE(placeholder.value("attribute").toString(), QStringLiteral("Number"));
    QCOMPARE(placeholder.value("origin").toString(), QStringLiteral("sample"));
    const QJsonArray steps = placeholder.value("steps").toArray();
    QCOMPARE(steps.size(), 2);
    QCOMPARE(steps.at(0).toObject().value("label").toString(), QStringLiteral("Number"));
    QCOMPARE(steps.at(0).toObject().value("value").toString(), QStringLiteral("1"));
    QCOMPARE(steps.at(1).toObject().value("label").toString(), QStringLiteral("pad:5"));
    QCOMPARE(steps.at(1).toObject().value("value").toString(), QStringLiteral("00001"));
    QCOMPARE(placeholder.value("output").toString(), QStringLiteral("00001"));
    const QJsonObject gsi1sk = keys.at(3).toObject();
    QCOMPARE(gsi1sk.value("roles").toArray().at(0).toString(), QStringLiteral("GSI1 sort key"));
    QVERIFY(gsi1sk.value("value").toObject().contains("N"));
}

void TestCliDesign::keysMatchPopulation()
{
    // The preview renders the first generated item of the entity: its keys are that item's.
    for (const QString &project : {kPass, kTickets}) {
        const Result populate = run({"populate", project});
        const QJsonArray items = populate.json.begin().value().toArray();
        const QJsonObject definition = readObject(project);
        for (const auto &entityValue : definition.value("entities").toArray()) {
            const QString entity = entityValue.toObject().value("name").toString();
            const Result keys = run({"keys", project, "--entity", entity, "--json"});
            QCOMPARE(keys.exitCode, 0);
            const int index = keys.json.value("sample").toObject().value("index").toInt(-1);
            QVERIFY(index >= 0 && index < items.size());
            const QJsonObject item = items.at(index)
                                         .toObject()
                                         .value("PutRequest")
                                         .toObject()
                                         .value("Item")
                                         .toObject();
            for (const auto &key : keys.json.value("keys").toArray()) {
                const QString attribute = key.toObject().value("attribute").toString();
                QCOMPARE(key.toObject().value("value").toObject(),
                         item.value(attribute).toObject());
            }
        }
    }
}

void TestCliDesign::keysSetOverrides()
{
    const Result result = run({"keys", kPass, "--entity", "Reading", "--set", "Ts=1704067200000",
                               "--set", "Device.DeviceId=d-0007", "--json"});
    QCOMPARE(result.exitCode, 0);
    const QJsonArray keys = result.json.value("keys").toArray();
    QCOMPARE(keys.at(0).toObject().value("value").toObject().value("S").toString(),
             QStringLiteral("DEVICE#d-0007"));
    QCOMPARE(keys.at(1).toObject().value("value").toObject().value("S").toString(),
             QStringLiteral("#READING#2024-01-01T00:00:00Z"));
    const QJsonObject ts = keys.at(1).toObject().value("parts").toArray().at(1).toObject();
    QCOMPARE(ts.value("origin").toString(), QStringLiteral("set"));
    QCOMPARE(result.json.value("set").toObject().value("Ts").toObject().value("S").toString(),
             QStringLiteral("2024-01-01T00:00:00Z"));

    // ISO-8601 with an offset, and the text form marks the overridden part.
    const Result text
        = run({"keys", kPass, "--entity", "Reading", "--set", "Ts=2024-01-01T02:00:00+02:00"});
    QCOMPARE(text.exitCode, 0);
    QVERIFY2(text.out.contains("SK = \"#READING#2024-01-01T00:00:00Z\""), text.out.constData());
    QVERIFY2(text.out.contains("(--set)"), text.out.constData());
    QVERIFY2(text.out.contains(", --set Ts\n"), text.out.constData());
}

void TestCliDesign::keysErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("expected"); // in stderr (252) or stdout (1)

    QTest::newRow("unknown entity") << QStringList {"keys", kPass, "--entity", "Readng"} << 252
                                    << "keyscope: error: argument --entity: " + kPass
            + " has no entity type named 'Readng'; did you mean 'Reading'? (entity types: "
              "Device, Reading)";
    QTest::newRow("missing entity")
        << QStringList {"keys", kPass} << 252 << "the following arguments are required: --entity";
    QTest::newRow("set without =")
        << QStringList {"keys", kPass, "--entity", "Reading", "--set", "Ts"} << 252
        << "keyscope: error: argument --set: expected ATTR=VALUE, got "
           "'Ts'";
    QTest::newRow("set without name")
        << QStringList {"keys", kPass, "--entity", "Reading", "--set", "=x"} << 252
        << "argument --set: expected ATTR=VALUE, got '=x'";
    QTest::newRow("set without value")
        << QStringList {"keys", kPass, "--entity", "Reading", "--set"} << 252
        << "argument --set: expected one argument";
    QTest::newRow("unknown attribute")
        << QStringList {"keys", kTickets, "--entity", "Ticket", "--set", "Priorty=1"} << 252
        << "argument --set: Ticket has no attribute 'Priorty'; did you mean 'Priority'? "
           "(attributes: Number, Created, Priority, Project.ProjectKey)";
    QTest::newRow("attribute prefix")
        << QStringList {"keys", kTickets, "--entity", "Ticket", "--set", "Prio=1"} << 252
        << "did you mean 'Priority'?";
    QTest::newRow("not a number")
        << QStringList {"keys", kTickets, "--entity", "Ticket", "--set", "Priority=high"} << 252
        << "argument --set Priority: 'high' is not a number (Priority is N)";
    QTest::newRow("not a timestamp")
        << QStringList {"keys", kPass, "--entity", "Reading", "--set", "Ts=yesterday"} << 252
        << "argument --set Ts: ";
    // The date parser's own reason, as the app's key templates panel shows it.
    QTest::newRow("not a date")
        << QStringList {"keys", kPass, "--entity", "Reading", "--set", "Ts=2024-02-30T00:00:00Z"}
        << 252 << "argument --set Ts: '2024-02-30T00:00:00Z' is not a valid date and time";
    // A value the template cannot take: the error names the column, the other keys still show.
    QTest::newRow("template error with column")
        << QStringList {"keys", kTickets, "--entity", "Ticket", "--set", "Number=abc"} << 1
        << "SK: error: pad at column 17 needs an integer, got 'abc'\n"
           "    #TICKET#{Number|pad:5}\n"
           "                    ^\n";
}

void TestCliDesign::keysErrors()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, expected);

    const Result result = run(args);
    QCOMPARE(result.exitCode, exitCode);
    if (exitCode == 252) {
        QVERIFY2(result.err.contains(expected), qPrintable(result.err));
        QVERIFY2(result.err.startsWith(QStringLiteral("usage: keyscope keys ")),
                 qPrintable(result.err));
        QVERIFY(result.out.isEmpty());
    } else {
        QVERIFY2(QString::fromUtf8(result.out).contains(expected), result.out.constData());
        QVERIFY2(result.out.contains("PK = \"PROJECT#"), result.out.constData());
        const Result json = run(args << "--json");
        QCOMPARE(json.exitCode, exitCode);
        const QJsonObject sk = json.json.value("keys").toArray().at(1).toObject();
        QCOMPARE(sk.value("error").toObject().value("column").toInt(), 17);
        QVERIFY(sk.value("value").isNull());
    }
}

void TestCliDesign::fileErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QStringList>("expected");

    const QStringList invalid
        = {"keyscope: error: invalid.keyscope.json: entities[1].parent: parent 'Devise' names no "
           "entity type; did you mean 'Device'?",
           "keyscope: error: invalid.keyscope.json: entities[1].keys.SK: ",
           "unknown filter 'isodate' at column 14",
           "keyscope: error: invalid.keyscope.json: accessPatterns[0].keyCondition: missing",
           "keyscope: 4 problems in invalid.keyscope.json"};
    const QStringList malformed = {"keyscope: error: malformed.keyscope.json:4:3: "};
    const QStringList missing
        = {"keyscope: error: nope.keyscope.json: cannot read the file: No such file or directory"};
    const QList<QStringList> commands
        = {{"check"}, {"check", "--json"}, {"populate"}, {"keys", "--entity", "Reading"}};
    for (const QStringList &command : commands) {
        const QString name = command.join(u' ');
        const auto with = [&](const QString &file) {
            QStringList args = command;
            args.insert(1, file);
            return args;
        };
        QTest::addRow("%s: invalid", qPrintable(name)) << with("invalid.keyscope.json") << invalid;
        QTest::addRow("%s: malformed", qPrintable(name))
            << with("malformed.keyscope.json") << malformed;
        QTest::addRow("%s: missing", qPrintable(name)) << with("nope.keyscope.json") << missing;
    }
}

void TestCliDesign::fileErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QStringList, expected);

    const Result result = run(args);
    QCOMPARE(result.exitCode, 255);
    QVERIFY2(result.out.isEmpty(), result.out.constData());
    for (const QString &text : expected)
        QVERIFY2(result.err.contains(text),
                 qPrintable(text + QStringLiteral("\n---\n") + result.err));
}

void TestCliDesign::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("expected");

    for (const QString &command :
         {QStringLiteral("check"), QStringLiteral("populate"), QStringLiteral("keys")}) {
        QTest::addRow("%s: no file", qPrintable(command))
            << QStringList {command}
            << "keyscope: error: the following arguments are required: FILE";
        QTest::addRow("%s: unknown option", qPrintable(command))
            << QStringList {command, kPass, "--entity", "Reading", "--frobnicate", "-x"}
            << (command == QLatin1String("keys")
                    ? "keyscope: error: Unknown options: --frobnicate, -x"
                    : "keyscope: error: Unknown options: --entity, --frobnicate, -x");
        QTest::addRow("%s: bad seed", qPrintable(command))
            << QStringList {command, kPass, "--entity", "Reading", "--seed", "abc"}
            << (command == QLatin1String("keys")
                    ? "keyscope: error: argument --seed: invalid value: 'abc'"
                    : "keyscope: error: Unknown options: --entity");
        QTest::addRow("%s: two files", qPrintable(command))
            << QStringList {command, kPass, kFail, "--entity", "Reading"}
            << (command == QLatin1String("keys") ? "keyscope: error: unrecognized arguments: "
                                                 : "keyscope: error: Unknown options: --entity");
    }
    QTest::newRow("check: seed out of range")
        << QStringList {"check", kPass, "--seed", "18446744073709551616"}
        << "keyscope: error: argument --seed: invalid value: '18446744073709551616'";
    QTest::newRow("check: two files") << QStringList {"check", kPass, kFail}
                                      << "keyscope: error: unrecognized arguments: " + kFail;
    QTest::newRow("populate: --out without value")
        << QStringList {"populate", kPass, "--out"} << "argument --out: expected one argument";
    QTest::newRow("check: flag with a value") << QStringList {"check", kPass, "--json=yes"}
                                              << "argument --json: ignored explicit argument 'yes'";
}

void TestCliDesign::usageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, expected);

    const Result result = run(args);
    QCOMPARE(result.exitCode, 252);
    QVERIFY(result.out.isEmpty());
    QVERIFY2(result.err.startsWith(QStringLiteral("usage: keyscope ") + args.first()),
             qPrintable(result.err));
    QVERIFY2(result.err.contains(expected), qPrintable(result.err));
}

void TestCliDesign::progressOnlyOnStderr()
{
    // Progress waits a second before it shows; KEYSCOPE_PROGRESS_AFTER_MS=0 shows it at once.
    const QStringList now = {QStringLiteral("KEYSCOPE_PROGRESS_AFTER_MS=0")};
    const Result quiet = run({"populate", kPass});
    const Result shown = run({"populate", kPass}, now);
    QCOMPARE(shown.exitCode, 0);
    QCOMPARE(shown.out, quiet.out);
    QVERIFY(quiet.err.isEmpty());
    QVERIFY2(shown.err.contains(QStringLiteral("keyscope: populating: 176 of 176 items (100%)\n")),
             qPrintable(shown.err));
    QVERIFY2(shown.err.contains(QStringLiteral("keyscope: writing: 176 of 176 items (100%)\n")),
             qPrintable(shown.err));

    const Result check = run({"check", kPass, "--json"}, now);
    QCOMPARE(check.exitCode, 0);
    QCOMPARE(check.out, run({"check", kPass, "--json"}).out);
    QVERIFY2(check.err.contains(QStringLiteral("keyscope: running the access patterns...")),
             qPrintable(check.err));
}

void TestCliDesign::help_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QStringList>("expected");

    QTest::newRow("keyscope") << QStringList {"--help"}
                              << QStringList {"keyscope check FILE", "keyscope populate FILE",
                                              "keyscope keys FILE --entity NAME", "--project FILE"};
    QTest::newRow("check") << QStringList {"check", "--help"}
                           << QStringList {
                                  "usage: keyscope check FILE [--json] [--strict] [--seed N]",
                                  "\"summary\"", "  1    "};
    QTest::newRow("populate") << QStringList {"populate", "-h"}
                              << QStringList {"usage: keyscope populate FILE", "25", "PutRequest",
                                              "--out FILE"};
    QTest::newRow("keys") << QStringList {"keys", "--help"}
                          << QStringList {"usage: keyscope keys FILE --entity NAME",
                                          "--set ATTR=VALUE", "\"parts\""};
    QTest::newRow("query") << QStringList {"query", "--help"}
                           << QStringList {"--project FILE", "--seed N"};
}

void TestCliDesign::help()
{
    QFETCH(QStringList, args);
    QFETCH(QStringList, expected);

    const Result result = run(args);
    QCOMPARE(result.exitCode, 0);
    QVERIFY(result.err.isEmpty());
    for (const QString &text : expected)
        QVERIFY2(result.out.contains(text.toUtf8()), qPrintable(text + "\n---\n" + result.out));
}

QTEST_GUILESS_MAIN(TestCliDesign)

#include "tst_cli_design.moc"
