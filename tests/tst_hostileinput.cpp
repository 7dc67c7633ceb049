// Hostile input never crashes, never runs away: small inputs that crashed Keyscope or ate all
// memory (issue: reliability), each refused with a message that names what and where.

#include "model/design/projectfile.h"
#include "support/runkeyscope.h"

#include <QTemporaryDir>
#include <QTest>

using namespace keyscope;
using keyscope::testsupport::runKeyscope;

namespace {

const QString kIot
    = QStringLiteral(KEYSCOPE_SOURCE_DIR "/resources/examples/iot/after.keyscope.json");

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

QTEST_GUILESS_MAIN(TestHostileInput)

#include "tst_hostileinput.moc"
