// Hostile input never crashes, never runs away: small inputs that crashed Keyscope or ate all
// memory (issue: reliability), each refused with a message that names what and where.

#include "model/design/projectfile.h"
#include "support/runkeyscope.h"
#include "tests/support/testpaths.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace keyscope;
using keyscope::testsupport::runKeyscope;

namespace {

const QString kIot
    = keyscope::testsupport::sourcePath("/resources/examples/iot/after.keyscope.json");

model::Project iotProject()
{
    auto read = model::ProjectFile::read(kIot);
    if (!std::holds_alternative<model::Project>(read))
        qFatal("cannot read %s", qPrintable(kIot));
    return std::get<model::Project>(std::move(read));
}

} // namespace

class TestHostileInput : public QObject
{
    Q_OBJECT

private slots:
    void deepExpressionInAProject_data();
    void deepExpressionInAProject();
    void countsBeyondTheLimitAreRefused_data();
    void countsBeyondTheLimitAreRefused();
    void longParentChainsAndCyclesStayShort();
    void controlCharactersAreShownEscaped();
    void templateOfTenThousandPlaceholders();

private:
    QTemporaryDir m_dir;
};

void TestHostileInput::deepExpressionInAProject_data()
{
    QTest::addColumn<QString>("filter");
    QTest::addColumn<QString>("message");
    const auto nested = [](int depth) {
        return QString(depth, QLatin1Char('(')) + QStringLiteral("Temperature > :t")
            + QString(depth, QLatin1Char(')'));
    };
    QTest::newRow("10000 parentheses")
        << nested(10000) << "Expression size has exceeded the maximum allowed size";
    QTest::newRow("2000 parentheses") << nested(2000) << "nested too deeply";
    QTest::newRow("1000 NOT") << QStringLiteral("NOT ").repeated(1000) + "Temperature > :t"
                              << "nested too deeply";
}

// The same expression in a project file: `check` and `export` report the pattern's error and
// exit normally (the app runs the same check when it opens the project).
void TestHostileInput::deepExpressionInAProject()
{
    QFETCH(QString, filter);
    QFETCH(QString, message);
    model::Project project = iotProject();
    QVERIFY(!project.accessPatterns.empty());
    model::AccessPattern &pattern = project.accessPatterns.front();
    pattern.filterExpression = filter;
    pattern.values[QStringLiteral(":t")].templateText = QStringLiteral("20");
    const QString path
        = m_dir.filePath(QStringLiteral("%1.keyscope.json").arg(QTest::currentDataTag()));
    QVERIFY(!model::ProjectFile::write(project, path));

    const auto check = runKeyscope({QStringLiteral("check"), path});
    QCOMPARE(check.exitCode, 1); // the pattern fails; nothing crashed
    QVERIFY2(check.outText().contains(message) || check.err.contains(message),
             qPrintable(check.outText() + check.err));
    const auto exported
        = runKeyscope({QStringLiteral("export"), path, QStringLiteral("--pattern"), pattern.name,
                       QStringLiteral("-o"), m_dir.filePath(QStringLiteral("x.md"))});
    QVERIFY2(exported.exitCode == 254 || exported.exitCode == 255,
             qPrintable(QString::number(exported.exitCode) + exported.err));
    QVERIFY2(exported.err.contains(message), qPrintable(exported.err));
}

void TestHostileInput::countsBeyondTheLimitAreRefused_data()
{
    QTest::addColumn<QString>("deviceCount");  // JSON
    QTest::addColumn<QString>("readingCount"); // JSON
    QTest::addColumn<QString>("memory");       // KEYSCOPE_MEMORY_BYTES, empty: the machine's
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    QTest::newRow("a count of 1e12")
        << "1e12"
        << "[25, 40]" << QString() << 255
        << "entities[0].count: 1,000,000,000,000 items is more than Keyscope populates (at most "
           "10,000,000 items in all); lower the count";
    QTest::newRow("a range past the limit")
        << "3"
        << "[1, 20000000]" << QString() << 255
        << "entities[1].count[1]: 20,000,000 items is more than Keyscope populates";
    QTest::newRow("a product past the limit")
        << "10000"
        << "[2000, 2000]" << QString() << 255
        << "entities[1].count: the population would hold more than 10,000,000 items (the most "
           "Keyscope populates) once Reading makes 2,000 per Device; lower the count";
    QTest::newRow("more memory than the machine has")
        << "1000"
        << "[1000, 1000]" << QStringLiteral("100000000") << 255
        << "entities: populating 1,001,000 items needs about";
    QTest::newRow("within the limits") << "3"
                                       << "[25, 40]" << QString() << 0 << QString();
}

// Counts beyond what Keyscope populates are refused before anything is generated (they used
// to be clamped, then populated until the allocator gave up).
void TestHostileInput::countsBeyondTheLimitAreRefused()
{
    QFETCH(QString, deviceCount);
    QFETCH(QString, readingCount);
    QFETCH(QString, memory);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    QFile file(kIot);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
    QJsonArray entities = root.value(QStringLiteral("entities")).toArray();
    QCOMPARE(entities.size(), qsizetype(2));
    QJsonObject device = entities[0].toObject();
    QJsonObject reading = entities[1].toObject();
    QCOMPARE(reading.value(QStringLiteral("parent")).toString(), QStringLiteral("Device"));
    device.insert(QStringLiteral("count"),
                  QJsonDocument::fromJson("[" + deviceCount.toUtf8() + "]").array().at(0));
    reading.insert(QStringLiteral("count"),
                   QJsonDocument::fromJson("[" + readingCount.toUtf8() + "]").array().at(0));
    entities[0] = device;
    entities[1] = reading;
    root.insert(QStringLiteral("entities"), entities);
    const QString path = m_dir.filePath(
        QStringLiteral("counts-%1.keyscope.json").arg(QTest::currentDataTag()).replace(u' ', u'-'));
    QFile out(path);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(QJsonDocument(root).toJson());
    out.close();

    testsupport::CliOptions options;
    if (!memory.isEmpty())
        options.environment.insert(QStringLiteral("KEYSCOPE_MEMORY_BYTES"), memory);
    const auto result = runKeyscope({QStringLiteral("populate"), path, QStringLiteral("--out"),
                                     m_dir.filePath(QStringLiteral("items.json"))},
                                    options);
    QCOMPARE(result.exitCode, exitCode);
    if (!message.isEmpty())
        QVERIFY2(result.err.contains(message), qPrintable(result.err));
}

// A 2,000-type parent chain validates in one pass, and a cycle through 2,000 types is
// reported in a sentence, not a page.
void TestHostileInput::longParentChainsAndCyclesStayShort()
{
    for (const bool cycle : {false, true}) {
        model::Project project = iotProject();
        const model::EntityType device = project.entities.front();
        project.entities.clear();
        project.accessPatterns.clear();
        constexpr int kTypes = 2000;
        for (int i = 0; i < kTypes; ++i) {
            model::EntityType type = device;
            type.name = QStringLiteral("T%1").arg(i);
            type.countMin = type.countMax = i == 0 ? 1 : 0;
            type.parent = i == 0 ? (cycle ? QStringLiteral("T%1").arg(kTypes - 1) : QString())
                                 : QStringLiteral("T%1").arg(i - 1);
            project.entities.push_back(type);
        }
        const QString path = m_dir.filePath(QStringLiteral("chain-%1.keyscope.json").arg(cycle));
        QVERIFY(!model::ProjectFile::write(project, path));
        auto read = model::ProjectFile::read(path);
        if (!cycle) {
            QVERIFY(std::holds_alternative<model::Project>(read));
            continue;
        }
        QVERIFY(std::holds_alternative<std::vector<model::IoError>>(read));
        const auto &errors = std::get<std::vector<model::IoError>>(read);
        QCOMPARE(errors.size(), size_t(1));
        const QString text = errors.front().toString();
        QVERIFY2(text.contains(QLatin1String("the parents form a cycle (T0 -> T1999 -> T1998 ->")),
                 qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("(2000 in all)")), qPrintable(text));
        QVERIFY2(text.size() < 400, qPrintable(text));
    }
}

// A DEL inside a member name used to read "unknown member 'attributes'; did you mean
// 'attributes'?": the name is shown escaped.
void TestHostileInput::controlCharactersAreShownEscaped()
{
    QFile file(kIot);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QByteArray bytes = file.readAll();
    const qsizetype at = bytes.indexOf("\"attributes\"");
    QVERIFY(at > 0);
    bytes.insert(at + 5, '\x7f'); // "attr\x7fibutes"
    const QString path = m_dir.filePath(QStringLiteral("del.keyscope.json"));
    QFile out(path);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(bytes);
    out.close();
    auto read = model::ProjectFile::read(path);
    QVERIFY(std::holds_alternative<std::vector<model::IoError>>(read));
    const QString text = std::get<std::vector<model::IoError>>(read).front().toString();
    QVERIFY2(text.contains(QLatin1String("attr\\u007fibutes")), qPrintable(text));
    QVERIFY2(!text.contains(QChar(0x7f)), qPrintable(text));
    QCOMPARE(model::escapeControls(QStringLiteral("a\tb\u202ec")),
             QStringLiteral("a\\u0009b\\u202ec"));
    QCOMPARE(model::escapeControls(QStringLiteral("ORG#ACME")), QStringLiteral("ORG#ACME"));
}

// A template of 10,000 placeholders: the ordering checks follow a bounded number of them (it
// took 32 s and 5 GB), and the check still reports the key that cannot fit.
void TestHostileInput::templateOfTenThousandPlaceholders()
{
    model::Project project = iotProject();
    project.accessPatterns.clear();
    model::EntityType &reading = project.entities.back();
    reading.keys[QStringLiteral("SK")]
        = QStringLiteral("#READING#") + QStringLiteral("{Temperature}").repeated(10000);
    reading.countMin = reading.countMax = 3;
    const QString path = m_dir.filePath(QStringLiteral("many.keyscope.json"));
    QVERIFY(!model::ProjectFile::write(project, path));
    const auto result
        = runKeyscope({QStringLiteral("check"), path, QStringLiteral("--json")},
                      {QString(), QProcessEnvironment::systemEnvironment(), {}, true, 60000});
    QCOMPARE(result.exitCode, 1);
    QVERIFY2(result.outText().contains(QLatin1String("1024")), qPrintable(result.err));
}

QTEST_GUILESS_MAIN(TestHostileInput)

#include "tst_hostileinput.moc"
