// `keyscope check` with diagnoses and fixes (issue 13): patterns[].diagnosis and .fix for a
// failing pattern, findings[].edit, and --strict failing on warnings with the same JSON shape.

#include "support/runkeyscope.h"
#include "tests/support/testpaths.h"

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace keyscope::testsupport;

namespace {

const QString kExamples = keyscope::testsupport::sourcePath("/resources/examples/");

// A Limit with a filter: the pattern passes (it expects nothing of the count), but Limit 4
// counts the items before the filter keeps the "a" ones: a warning.
const QByteArray kFiltered = R"json({
  "keyscope": 1, "name": "Log", "seed": 3,
  "table": {"TableName": "Log",
            "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
                                     {"AttributeName": "SK", "AttributeType": "S"}],
            "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                          {"AttributeName": "SK", "KeyType": "RANGE"}]},
  "entities": [
    {"name": "Entry", "count": 12,
     "attributes": [{"name": "Seq", "type": "N", "generator": {"kind": "sequence", "start": 1}},
                    {"name": "Level", "type": "S",
                     "generator": {"kind": "choice", "choices": ["a", "b", "c"]}}],
     "keys": {"PK": "LOG", "SK": "ENTRY#{Seq|pad:4}"}}
  ],
  "accessPatterns": [
    {"name": "Level a", "keyCondition": "PK = :pk", "filter": "#l = :l", "names": {"#l": "Level"},
     "values": {":pk": {"S": "LOG"}, ":l": {"S": "a"}}, "scanIndexForward": true, "limit": 4,
     "expect": {"entityTypes": ["Entry"]}}
  ]
})json";

QStringList keysOf(const QJsonObject &object)
{
    return object.keys();
}

} // namespace

class TestCliFix : public QObject
{
    Q_OBJECT

private slots:
    void failingPatternsCarryDiagnosisAndFix();
    void strictFailsOnWarningsWithTheSameShape();
};

void TestCliFix::failingPatternsCarryDiagnosisAndFix()
{
    const CliResult run = runKeyscope({QStringLiteral("check"), QStringLiteral("--json"),
                                       kExamples + "padding/before.keyscope.json"});
    QCOMPARE(run.exitCode, 1);
    const QJsonArray patterns = run.json().value(QStringLiteral("patterns")).toArray();
    bool failing = false;
    for (const QJsonValue &value : patterns) {
        const QJsonObject p = value.toObject();
        if (p.value(QStringLiteral("passed")).toBool()) {
            QVERIFY(p.value(QStringLiteral("diagnosis")).isNull());
            QVERIFY(p.value(QStringLiteral("fix")).isNull());
            continue;
        }
        failing = true;
        QVERIFY(p.value(QStringLiteral("diagnosis")).toString().contains(QStringLiteral("PostNo")));
        QCOMPARE(p.value(QStringLiteral("findingId")).toString(),
                 QStringLiteral("unpadded-number"));
        const QJsonObject fix = p.value(QStringLiteral("fix")).toObject();
        QVERIFY(!fix.value(QStringLiteral("summary")).toString().isEmpty());
        const QJsonObject change = fix.value(QStringLiteral("changes")).toArray().at(0).toObject();
        QCOMPARE(change.value(QStringLiteral("kind")).toString(), QStringLiteral("key-template"));
        QCOMPARE(change.value(QStringLiteral("targets")).toObject().value(QStringLiteral("entity")),
                 QJsonValue(QStringLiteral("Post")));
        QCOMPARE(change.value(QStringLiteral("before")).toString(),
                 QStringLiteral("POST#{PostNo}"));
        QCOMPARE(change.value(QStringLiteral("after")).toString(),
                 QStringLiteral("POST#{PostNo|pad:5}"));
    }
    QVERIFY(failing);

    // The text report says why and how too.
    const CliResult text
        = runKeyscope({QStringLiteral("check"), kExamples + "padding/before.keyscope.json"});
    QVERIFY(text.outText().contains(QStringLiteral("Why: PostNo")));
    QVERIFY(text.outText().contains(QStringLiteral("POST#{PostNo} -> POST#{PostNo|pad:5}")));
}

void TestCliFix::strictFailsOnWarningsWithTheSameShape()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("log.keyscope.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(kFiltered);
    file.close();

    const CliResult plain = runKeyscope({QStringLiteral("check"), QStringLiteral("--json"), path});
    QCOMPARE(plain.exitCode, 0);
    const QJsonArray findings = plain.json().value(QStringLiteral("findings")).toArray();
    QJsonObject limit;
    for (const QJsonValue &f : findings) {
        if (f.toObject().value(QStringLiteral("id")).toString()
            == QLatin1String("limit-before-filter"))
            limit = f.toObject();
    }
    QVERIFY2(!limit.isEmpty(), plain.out.constData());
    QVERIFY(limit.value(QStringLiteral("explanation"))
                .toString()
                .contains(QStringLiteral("ScannedCount")));
    QCOMPARE(limit.value(QStringLiteral("edit"))
                 .toObject()
                 .value(QStringLiteral("changes"))
                 .toArray()
                 .at(0)
                 .toObject()
                 .value(QStringLiteral("kind"))
                 .toString(),
             QStringLiteral("pattern-limit"));

    const CliResult strict = runKeyscope(
        {QStringLiteral("check"), QStringLiteral("--json"), QStringLiteral("--strict"), path});
    QCOMPARE(strict.exitCode, 1);
    QCOMPARE(keysOf(strict.json()), keysOf(plain.json()));
    QCOMPARE(keysOf(strict.json().value(QStringLiteral("summary")).toObject()),
             keysOf(plain.json().value(QStringLiteral("summary")).toObject()));
    QCOMPARE(
        strict.json().value(QStringLiteral("summary")).toObject().value(QStringLiteral("passed")),
        QJsonValue(false));
    const CliResult strictText
        = runKeyscope({QStringLiteral("check"), QStringLiteral("--strict"), path});
    QCOMPARE(strictText.exitCode, 1);
    QVERIFY(strictText.outText().contains(QStringLiteral("(--strict)")));
}

QTEST_GUILESS_MAIN(TestCliFix)
#include "tst_cli_fix.moc"
