// The built-in examples (resources/examples/): one project per strategy of STRATEGIES.md, a
// "before" that makes the mistake and an "after" that fixes it. Each example is loaded,
// populated, built into a table and every access pattern is run; the verdict of every
// (file, pattern) is pinned below, so a change in the engine or in an example that flips one
// shows up here.

#include "model/design/accesspatternrunner.h"
#include "model/design/populator.h"
#include "model/design/projectfile.h"
#include "tests/support/testpaths.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTest>

#include <map>
#include <memory>

using namespace keyscope::model;

namespace {

const QString kExamplesDir = keyscope::testsupport::sourcePath("/resources/examples/");

// One example, loaded, populated and judged.
struct ExampleRun
{
    Project project;
    Population population;
    std::unique_ptr<Table> table;
    std::vector<PatternResult> results;
    QString error; // why the example could not be run; empty when it ran

    const PatternResult *result(const QString &pattern) const
    {
        for (const PatternResult &r : results) {
            if (r.name == pattern)
                return &r;
        }
        return nullptr;
    }
};

ExampleRun runExample(const QString &relativePath)
{
    ExampleRun run;
    const QString path = kExamplesDir + relativePath;
    auto read = ProjectFile::read(path);
    if (auto *errors = std::get_if<std::vector<IoError>>(&read)) {
        QStringList messages;
        for (const IoError &e : *errors)
            messages << e.message;
        run.error = QStringLiteral("%1 does not load: %2").arg(relativePath, messages.join(u"; "));
        return run;
    }
    run.project = std::move(std::get<Project>(read));
    auto populated = Populator::populate(run.project);
    if (auto *e = std::get_if<PopulationError>(&populated)) {
        run.error
            = QStringLiteral("%1 does not populate: %2: %3").arg(relativePath, e->path, e->message);
        return run;
    }
    run.population = std::move(std::get<Population>(populated));
    auto table = AccessPatternRunner::buildTable(run.project, run.population);
    if (auto *e = std::get_if<QString>(&table)) {
        run.error = QStringLiteral("%1: the table cannot be built: %2").arg(relativePath, *e);
        return run;
    }
    run.table = std::move(std::get<std::unique_ptr<Table>>(table));
    run.results = AccessPatternRunner::runAll(run.project, run.population, *run.table);
    return run;
}

// Each example is run once per test process.
const ExampleRun &example(const QString &relativePath)
{
    static std::map<QString, ExampleRun> runs;
    auto it = runs.find(relativePath);
    if (it == runs.end())
        it = runs.emplace(relativePath, runExample(relativePath)).first;
    return it->second;
}

// Every example file on disk, relative to resources/examples/.
QStringList exampleFilesOnDisk()
{
    QStringList files;
    QDirIterator it(kExamplesDir, {QStringLiteral("*.keyscope.json")}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        files << QDir(kExamplesDir).relativeFilePath(it.next());
    files.sort();
    return files;
}

QJsonArray readIndex(QString *error)
{
    QFile file(kExamplesDir + QStringLiteral("index.json"));
    if (!file.open(QIODevice::ReadOnly)) {
        *error = file.errorString();
        return {};
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isArray()) {
        *error = parseError.errorString();
        return {};
    }
    return document.array();
}

// The files an index entry names: before, after and variants[].file.
QStringList filesOf(const QJsonObject &entry)
{
    QStringList files;
    for (const char *key : {"before", "after"}) {
        if (entry.contains(QLatin1String(key)))
            files << entry.value(QLatin1String(key)).toString();
    }
    for (const QJsonValue &variant : entry.value(QStringLiteral("variants")).toArray())
        files << variant.toObject().value(QStringLiteral("file")).toString();
    return files;
}

// The expected verdict of every access pattern of every example. `because` is a piece of the
// explanation that names the cause: for a failure, the bytes or the count that break the
// expectation.
struct Verdict
{
    const char *file;
    const char *pattern;
    bool passes;
    const char *because;
};

const std::vector<Verdict> &verdicts()
{
    static const std::vector<Verdict> table = {
        // §5 Where the parent sits: the Device sorts first ('D' < 'R'), a backward read meets
        // it last.
        {"iot/before.keyscope.json", "Device and its 10 newest readings", false,
         "'D' (0x44) < 'R' (0x52), reading backward (ScanIndexForward=false, descending sort "
         "keys) reaches the Device only after the page ends"},
        {"iot/before.keyscope.json", "The Device alone", true, ""},
        {"iot/after.keyscope.json", "Device and its 10 newest readings", true,
         "the Device first, then by Ts descending"},
        {"iot/after.keyscope.json", "The Device alone", true, ""},

        {"library/before.keyscope.json", "Book and its 5 newest reviews", false,
         "'B' (0x42) < 'R' (0x52)"},
        {"library/before.keyscope.json", "A book's reviews, oldest first", true, ""},
        {"library/after.keyscope.json", "Book and its 5 newest reviews", true,
         "the Book first, then by CreatedAt descending"},
        {"library/after.keyscope.json", "A book's reviews, oldest first", true, ""},

        // §6 Two relationships off the Org: with "TEAM#" both teams and users sort after it.
        {"saas/before.keyscope.json", "Org and its teams", false, "the pattern expects 5"},
        {"saas/before.keyscope.json", "Org and its users, alphabetical", false, "Team 'TEAM#"},
        {"saas/after.keyscope.json", "Org and its teams", true, "Returned 5 items"},
        {"saas/after.keyscope.json", "Org and its users, alphabetical", true,
         "Returned 13 items in one request, the Org first, then by UserName ascending"},

        // §1 Byte order is not alphabetical.
        {"case/before.keyscope.json", "Users alphabetically", false,
         "'USER#DeBrie#0025' sorts before 'USER#Dean#0023': at byte 8, 'B' (0x42) < 'a' (0x61)"},
        {"case/before.keyscope.json", "A user by email", true, ""},
        {"case/after.keyscope.json", "Users alphabetically", true, "by Email ascending"},
        {"case/after.keyscope.json", "A user by email", true, ""},

        // §2 Sortable timestamps: a display date sorts by month name and digit by digit.
        {"timestamps/before.keyscope.json", "Events in time order", false,
         "'EVENT#Dec 23, 2023' sorts before 'EVENT#Dec 4, 2023'"},
        {"timestamps/before.keyscope.json", "December's events", false,
         "Returned 6 items; the pattern expects 8"},
        {"timestamps/after.keyscope.json", "Events in time order", true, "by At ascending"},
        {"timestamps/after.keyscope.json", "December's events", true, "Returned 8 items"},

        // §3 Ids that sort by time.
        {"ids/before.keyscope.json", "Newest posts first", false,
         "but the pattern wants CreatedAt descending"},
        {"ids/before.keyscope.json", "A post by its id", true, ""},
        {"ids/after.keyscope.json", "Newest posts first", true, "by CreatedAt descending"},
        {"ids/after.keyscope.json", "A post by its id", true, ""},
        {"ids/ulid.keyscope.json", "Newest posts first", true, "by CreatedAt descending"},
        {"ids/ulid.keyscope.json", "A post by its id", true, ""},

        // §4 Nothing mutable in the key. The before's range read works; its damage is on
        // writes (the mutable-in-key check) and on lookups by id.
        {"tickets/before.keyscope.json", "Most recently updated tickets first", true,
         "by UpdatedAt descending"},
        {"tickets/before.keyscope.json", "A ticket by its id", false,
         "Returned 0 items; the pattern expects 1"},
        {"tickets/after.keyscope.json", "Most recently updated tickets first", true,
         "by UpdatedAt descending"},
        {"tickets/after.keyscope.json", "A ticket by its id", true, ""},

        {"orders/before.keyscope.json", "A user's orders, newest first", false,
         "but the pattern wants OrderDate descending"},
        {"orders/before.keyscope.json", "An order by its id", true, ""},
        {"orders/dateinid.keyscope.json", "A user's orders, newest first", true, ""},
        {"orders/dateinid.keyscope.json", "An order by its id", true, ""},
        {"orders/after.keyscope.json", "A user's orders, newest first", true,
         "by OrderDate descending"},
        {"orders/after.keyscope.json", "An order by its id", true, ""},

        // §7 Zero-padding, and a value wider than the width.
        {"padding/before.keyscope.json", "Posts in order", false,
         "'POST#14' sorts before 'POST#2': at byte 6, '1' (0x31) < '2' (0x32)"},
        {"padding/before.keyscope.json", "The thread alone", true, ""},
        {"padding/after.keyscope.json", "Posts in order", true, "by PostNo ascending"},
        {"padding/after.keyscope.json", "The thread alone", true, ""},
        {"padding/overflow.keyscope.json", "Posts in order", false,
         "'POST#105' sorts before 'POST#11'"},
        {"padding/overflow.keyscope.json", "The thread alone", true, ""},

        // §8 The zero-padded difference: padded PR numbers ascend away from the Repo.
        {"invert/before.keyscope.json", "Repo and its 5 newest issues", true, ""},
        {"invert/before.keyscope.json", "Repo and its 5 newest pull requests", false,
         "'PR#00002' sorts before 'PR#00004'"},
        {"invert/after.keyscope.json", "Repo and its 5 newest issues", true,
         "the Repo first, then by IssueNo descending"},
        {"invert/after.keyscope.json", "Repo and its 5 newest pull requests", true,
         "the Repo first, then by PrNo descending"},

        // §9 Hierarchical sort keys: each longer prefix selects fewer restaurants.
        {"hierarchy/restaurants.keyscope.json", "A chain", true, "Returned 26 items"},
        {"hierarchy/restaurants.keyscope.json", "A chain in a country", true, "Returned 18 items"},
        {"hierarchy/restaurants.keyscope.json", "A chain in a state", true, "Returned 7 items"},
        {"hierarchy/restaurants.keyscope.json", "A chain in a city", true, "Returned 4 items"},
    };
    return table;
}

} // namespace

class TestExamples : public QObject
{
    Q_OBJECT

private slots:
    void verdicts_data();
    void verdicts();
    void everyPatternHasAVerdict();
    void indexListsEveryExample();
    void afterVersionsPassAndBeforeVersionsFail();
    void examplesAreSmallAndDeterministic_data();
    void examplesAreSmallAndDeterministic();
    void examplesAreSavedInCanonicalForm_data();
    void examplesAreSavedInCanonicalForm();
};

void TestExamples::verdicts_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<bool>("passes");
    QTest::addColumn<QString>("because");
    for (const Verdict &v : ::verdicts()) {
        QTest::addRow("%s: %s", v.file, v.pattern)
            << QString::fromUtf8(v.file) << QString::fromUtf8(v.pattern) << v.passes
            << QString::fromUtf8(v.because);
    }
}

void TestExamples::verdicts()
{
    QFETCH(QString, file);
    QFETCH(QString, pattern);
    QFETCH(bool, passes);
    QFETCH(QString, because);

    const ExampleRun &run = example(file);
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
    const PatternResult *result = run.result(pattern);
    QVERIFY2(result,
             qPrintable(QStringLiteral("%1 has no access pattern '%2'").arg(file, pattern)));
    QVERIFY2(!result->error, qPrintable(result->explanation)); // the Query itself is valid
    QVERIFY2(result->passed == passes,
             qPrintable(QStringLiteral("expected %1, got: %2")
                            .arg(passes ? QStringLiteral("pass") : QStringLiteral("fail"),
                                 result->explanation)));
    QVERIFY2(result->explanation.contains(because),
             qPrintable(QStringLiteral("explanation does not mention \"%1\": %2")
                            .arg(because, result->explanation)));
    if (!passes && !result->explanation.startsWith(QStringLiteral("Returned")))
        QVERIFY(result->offendingItem >= 0); // an ordering failure names the item
}

void TestExamples::everyPatternHasAVerdict()
{
    QSet<QString> pinned;
    QSet<QString> pinnedFiles;
    for (const Verdict &v : ::verdicts()) {
        pinned.insert(QString::fromUtf8(v.file) + u'|' + QString::fromUtf8(v.pattern));
        pinnedFiles.insert(QString::fromUtf8(v.file));
    }
    const QStringList files = exampleFilesOnDisk();
    QVERIFY(files.size() >= 20);
    for (const QString &file : files) {
        QVERIFY2(pinnedFiles.contains(file), qPrintable(file + QStringLiteral(" has no verdicts")));
        const ExampleRun &run = example(file);
        QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
        QVERIFY2(!run.project.accessPatterns.empty(), qPrintable(file));
        for (const AccessPattern &pattern : run.project.accessPatterns)
            QVERIFY2(pinned.contains(file + u'|' + pattern.name),
                     qPrintable(QStringLiteral("%1: no verdict for '%2'").arg(file, pattern.name)));
    }
}

void TestExamples::indexListsEveryExample()
{
    QString error;
    const QJsonArray index = readIndex(&error);
    QVERIFY2(!index.isEmpty(), qPrintable(QStringLiteral("index.json: ") + error));
    QCOMPARE(index.first().toObject().value(QStringLiteral("id")).toString(),
             QStringLiteral("iot")); // the example the app opens with comes first

    QSet<QString> ids;
    QStringList listed;
    for (const QJsonValue &value : index) {
        const QJsonObject entry = value.toObject();
        const QString id = entry.value(QStringLiteral("id")).toString();
        QVERIFY2(!id.isEmpty(), "an index entry without an id");
        QVERIFY2(!ids.contains(id), qPrintable(QStringLiteral("duplicate id ") + id));
        ids.insert(id);
        for (const char *key : {"title", "strategy", "description"}) {
            const QString text = entry.value(QLatin1String(key)).toString();
            QVERIFY2(!text.isEmpty() && !text.contains(u'\n'),
                     qPrintable(QStringLiteral("%1: %2 must be one non-empty line").arg(id, key)));
        }
        QVERIFY2(entry.contains(QStringLiteral("after")),
                 qPrintable(id + QStringLiteral(": no after")));
        for (const QString &file : filesOf(entry)) {
            QVERIFY2(!file.isEmpty(), qPrintable(id + QStringLiteral(": an empty file name")));
            QVERIFY2(QFile::exists(kExamplesDir + file),
                     qPrintable(QStringLiteral("%1: %2 does not exist").arg(id, file)));
            QVERIFY2(!listed.contains(file), qPrintable(file + QStringLiteral(" is listed twice")));
            listed << file;
        }
    }
    listed.sort();
    QCOMPARE(listed, exampleFilesOnDisk());
}

// The contract of the gallery: an "after" (and the hierarchy example, which has only one)
// passes every pattern; a "before" fails at least one and names the item that breaks it or
// the count that is wrong.
void TestExamples::afterVersionsPassAndBeforeVersionsFail()
{
    QString error;
    const QJsonArray index = readIndex(&error);
    QVERIFY2(!index.isEmpty(), qPrintable(error));
    for (const QJsonValue &value : index) {
        const QJsonObject entry = value.toObject();
        const QString after = entry.value(QStringLiteral("after")).toString();
        const ExampleRun &good = example(after);
        QVERIFY2(good.error.isEmpty(), qPrintable(good.error));
        for (const PatternResult &r : good.results)
            QVERIFY2(
                r.passed,
                qPrintable(QStringLiteral("%1: '%2' fails: %3").arg(after, r.name, r.explanation)));
        if (!entry.contains(QStringLiteral("before")))
            continue;
        const QString before = entry.value(QStringLiteral("before")).toString();
        const ExampleRun &bad = example(before);
        QVERIFY2(bad.error.isEmpty(), qPrintable(bad.error));
        const bool someFail = std::any_of(bad.results.begin(), bad.results.end(),
                                          [](const PatternResult &r) { return !r.passed; });
        QVERIFY2(someFail, qPrintable(before + QStringLiteral(" passes every pattern")));
        // Before and after answer the same questions.
        QStringList beforeNames;
        QStringList afterNames;
        for (const AccessPattern &p : bad.project.accessPatterns)
            beforeNames << p.name;
        for (const AccessPattern &p : good.project.accessPatterns)
            afterNames << p.name;
        QCOMPARE(beforeNames, afterNames);
    }
}

void TestExamples::examplesAreSmallAndDeterministic_data()
{
    QTest::addColumn<QString>("file");
    for (const QString &file : exampleFilesOnDisk())
        QTest::newRow(qPrintable(file)) << file;
}

// Small enough to read in the app, and the same items on every run and machine.
void TestExamples::examplesAreSmallAndDeterministic()
{
    QFETCH(QString, file);
    const ExampleRun &run = example(file);
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
    QVERIFY2(run.population.size() >= 10 && run.population.size() <= 300,
             qPrintable(QStringLiteral("%1 items").arg(run.population.size())));
    QVERIFY(!run.project.description.isEmpty());
    QVERIFY(!run.project.description.contains(u'\n'));
    for (const AccessPattern &pattern : run.project.accessPatterns)
        QVERIFY2(!pattern.description.isEmpty(), qPrintable(pattern.name));

    const auto again = Populator::populate(run.project);
    QVERIFY(std::holds_alternative<Population>(again));
    QVERIFY(std::get<Population>(again).items == run.population.items);
}

void TestExamples::examplesAreSavedInCanonicalForm_data()
{
    examplesAreSmallAndDeterministic_data();
}

// The files are in the form Keyscope writes, so opening an example and saving it changes
// nothing.
void TestExamples::examplesAreSavedInCanonicalForm()
{
    QFETCH(QString, file);
    QFile in(kExamplesDir + file);
    QVERIFY(in.open(QIODevice::ReadOnly));
    const ExampleRun &run = example(file);
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
    QCOMPARE(ProjectFile::serialize(run.project), in.readAll());
}

QTEST_GUILESS_MAIN(TestExamples)

#include "tst_examples.moc"
