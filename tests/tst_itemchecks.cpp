// The design checks over hand-written items (issue 12, section 3): items with no entity type
// are read through the types inferred from their keys, and a finding on them names the items
// by key and the inferred template part, at the path of the user's item.

#include "model/design/designchecker.h"
#include "model/design/populator.h"
#include "model/design/projectfile.h"
#include "model/design/recovery/partclassifier.h"
#include "model/design/recovery/recoveryrun.h"
#include "tests/support/fixtures.h"
#include "tests/support/testpaths.h"

#include <QDir>
#include <QJsonDocument>
#include <QSet>
#include <QTest>

using namespace keyscope::model;
using recovery::PartKind;

namespace {

// The values each test is built on must classify as the test assumes; if they do not, the
// classifier changed and the test no longer tests what it says.
const char *const kNeedsClassifier
    = "the classifier no longer recognises the values this test is built on";

using keyscope::testsupport::populate;
using keyscope::testsupport::readProject;

TableDefinition pkSk()
{
    return keyscope::testsupport::pkSkTable();
}

Item item(const QString &pk, const QString &sk)
{
    return Item {{QStringLiteral("PK"), AttributeValue::string(pk)},
                 {QStringLiteral("SK"), AttributeValue::string(sk)}};
}

// Hand-written items only: one partition, the sort keys given.
Project handWritten(const QString &pk, const QStringList &sortKeys)
{
    Project project;
    project.name = QStringLiteral("hand-written");
    project.table = pkSk();
    for (const QString &sk : sortKeys)
        project.items.push_back(item(pk, sk));
    return project;
}

QString sortKey(const Population &population, qint64 item)
{
    const Item &it = population.items[size_t(item)];
    const auto found = it.find(QStringLiteral("SK"));
    return found == it.end() ? QString() : found->second.displayText();
}

std::vector<Finding> withId(const std::vector<Finding> &findings, const QString &id)
{
    std::vector<Finding> found;
    for (const Finding &f : findings) {
        if (f.id == id)
            found.push_back(f);
    }
    return found;
}

QString dump(const std::vector<Finding> &findings)
{
    QString text;
    for (const Finding &f : findings)
        text += QStringLiteral("%1 %2 at %3: %4\n  %5\n  fix: %6\n  scope: %7\n")
                    .arg(f.id, Finding::severityName(f.severity), f.path, f.title, f.explanation,
                         f.fix, f.scopeNote);
    return text;
}

// What every finding on hand-written items must be: at the path of its first example among
// Project::items, with no template span (the file has none), naming its items by key in the
// scope note, with no JSON path in its words.
void verifyItemFinding(const Finding &f, const Project &project, const Population &population)
{
    QVERIFY2(!f.items.empty(), qPrintable(dump({f})));
    const qint64 first = f.items.front();
    QVERIFY(first >= population.generatedCount && first < population.size());
    QCOMPARE(f.path, QStringLiteral("items[%1]").arg(first - population.generatedCount));
    QVERIFY(first - population.generatedCount < qint64(project.items.size()));
    QVERIFY2(!f.entity.isEmpty(), qPrintable(dump({f})));
    QVERIFY2(!project.entity(f.entity) || project.entity(f.entity)->countMax == 0,
             qPrintable(f.entity)); // an inferred type, not a template of the file
    QVERIFY(!f.hasTemplateSpan());
    QVERIFY(f.keyAttribute.isEmpty());
    QCOMPARE(f.column, 0);
    QVERIFY(!f.fix.isEmpty());
    QVERIFY(std::is_sorted(f.concerned.begin(), f.concerned.end()));
    QVERIFY(std::binary_search(f.concerned.begin(), f.concerned.end(), first));
    QVERIFY2(f.scopeNote.contains(QLatin1String("hand-written")), qPrintable(f.scopeNote));
    QVERIFY2(f.scopeNote.contains(QLatin1String("inferred")), qPrintable(f.scopeNote));
    for (const qint64 example : f.items) {
        QVERIFY(example >= population.generatedCount);
        const QString key = u'\'' + sortKey(population, example) + u'\'';
        QVERIFY2(f.scopeNote.contains(key),
                 qPrintable(key + QStringLiteral(" not in: ") + f.scopeNote));
        QVERIFY2(f.explanation.contains(key) || f.title.contains(key),
                 qPrintable(key + QStringLiteral(" not in: ") + f.explanation));
    }
    for (const QString &words : {f.title, f.explanation, f.fix, f.scopeNote}) {
        QVERIFY2(!words.contains(QLatin1String("entities[")), qPrintable(words));
        QVERIFY2(!words.contains(QLatin1String("items[")), qPrintable(words));
    }
}

bool sameFinding(const Finding &a, const Finding &b)
{
    return a.id == b.id && a.severity == b.severity && a.title == b.title
        && a.explanation == b.explanation && a.fix == b.fix && a.entity == b.entity
        && a.attribute == b.attribute && a.path == b.path && a.items == b.items
        && a.keyAttribute == b.keyAttribute && a.keyRole == b.keyRole && a.column == b.column
        && a.length == b.length && a.index == b.index && a.concerned == b.concerned
        && a.scopeNote == b.scopeNote;
}

} // namespace

class TestItemChecks : public QObject
{
    Q_OBJECT

private slots:
    void handWrittenProject_data();
    void handWrittenProject();
    void declaredFindingsUnchanged_data();
    void declaredFindingsUnchanged();
    void recoveredDesignGrowsWithTheSameFindings();
    void strayKeyText();
    void itemsOfNoTypeStayQuiet();
    void malformedTimestamp();
    void mixedZones();
    void zonelessTimes();
    void paddedWidthExceeded();
    void randomIdOrder();
    void urlUnsafeIds_data();
    void urlUnsafeIds();
};

// ---------------------------------------------------------------------------------------------
// The fixture of the issue: READING#10 before READING#2, Dean/DeBrie/dean, dates written for
// people, a customer written twice.

void TestItemChecks::handWrittenProject_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("severity");
    QTest::addColumn<QStringList>("keys"); // the examples' sort keys, in any order
    QTest::addColumn<QStringList>("concerns");
    QTest::addColumn<QString>("fixMentions");
    QTest::addColumn<bool>("needsClassifier");

    QTest::newRow("unpadded-number")
        << QStringLiteral("unpadded-number") << QStringLiteral("warning")
        << QStringList {QStringLiteral("READING#10"), QStringLiteral("READING#2")}
        << QStringList {QStringLiteral("READING#10"), QStringLiteral("READING#2")}
        << QStringLiteral("'READING#00002' for 'READING#2'") << false;
    QTest::newRow("mixed-case") << QStringLiteral("mixed-case") << QStringLiteral("warning")
                                << QStringList {}
                                << QStringList {QStringLiteral("CUSTOMER#Dean"),
                                                QStringLiteral("CUSTOMER#DeBrie"),
                                                QStringLiteral("CUSTOMER#dean")}
                                << QStringLiteral("|upper}") << false;
    QTest::newRow("duplicate-key")
        << QStringLiteral("duplicate-key") << QStringLiteral("error")
        << QStringList {QStringLiteral("CUSTOMER#DeBrie"), QStringLiteral("CUSTOMER#DeBrie")}
        << QStringList {QStringLiteral("CUSTOMER#DeBrie")} << QStringLiteral("a key of its own")
        << false;
    QTest::newRow("unsortable-timestamp")
        << QStringLiteral("unsortable-timestamp") << QStringLiteral("warning") << QStringList {}
        << QStringList {QStringLiteral("EVENT#June 3, 1990"), QStringLiteral("EVENT#May 26, 1988")}
        << QStringLiteral("ISO-8601") << true;
}

void TestItemChecks::handWrittenProject()
{
    QFETCH(QString, id);
    QFETCH(QString, severity);
    QFETCH(QStringList, keys);
    QFETCH(QStringList, concerns);
    QFETCH(QString, fixMentions);
    QFETCH(bool, needsClassifier);
    if (needsClassifier
        && recovery::classifyPart({QStringLiteral("May 26, 1988"), QStringLiteral("June 3, 1990"),
                                   QStringLiteral("January 9, 1975")})
                .kind
            != PartKind::Kind::DisplayDate)
        QFAIL(kNeedsClassifier);

    const Project project = readProject(
        keyscope::testsupport::testDataPath("/checks/handwritten-items.keyscope.json"));
    QVERIFY(project.entities.empty());
    const Population population = populate(project);
    QCOMPARE(population.generatedCount, 0);
    const std::vector<Finding> all = DesignChecker::check(project, population);
    const std::vector<Finding> found = withId(all, id);
    QVERIFY2(found.size() == 1, qPrintable(dump(all)));
    const Finding &f = found.front();
    QCOMPARE(Finding::severityName(f.severity), severity);
    verifyItemFinding(f, project, population);
    QCOMPARE(f.attribute, QStringLiteral("SK"));
    if (!keys.isEmpty()) {
        QStringList named;
        for (const qint64 item : f.items)
            named << sortKey(population, item);
        named.sort();
        keys.sort();
        QCOMPARE(named, keys);
    }
    QStringList concerned;
    for (const qint64 item : f.concerned)
        concerned << sortKey(population, item);
    for (const QString &key : concerns)
        QVERIFY2(concerned.contains(key),
                 qPrintable(key + QStringLiteral(" not concerned: ") + concerned.join(u' ')));
    QVERIFY2(f.fix.contains(fixMentions), qPrintable(f.fix));
    // The inferred template part is named, not only the items.
    if (id != QLatin1String("duplicate-key"))
        QVERIFY2(f.scopeNote.contains(QLatin1String("part")), qPrintable(f.scopeNote));
}

// ---------------------------------------------------------------------------------------------
// Declared entity types: the same findings with hand-written items beside them, and the items
// are checked too.

void TestItemChecks::declaredFindingsUnchanged_data()
{
    QTest::addColumn<QString>("path");
    const QDir examples(keyscope::testsupport::sourcePath("/resources/examples"));
    int rows = 0;
    for (const QString &folder : examples.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QDir dir(examples.filePath(folder));
        for (const QString &file : dir.entryList({QStringLiteral("*.keyscope.json")})) {
            QTest::newRow(qPrintable(folder + u'/' + file)) << dir.filePath(file);
            ++rows;
        }
    }
    QVERIFY(rows >= 20);
}

void TestItemChecks::declaredFindingsUnchanged()
{
    QFETCH(QString, path);
    const Project project = readProject(path);
    QVERIFY(!project.entities.empty());
    const Population population = populate(project);
    const std::vector<Finding> before = DesignChecker::check(project, population);

    // Notes typed in by hand, in a partition of their own, with an unpadded number.
    Project withItems = project;
    const auto keys = project.table.keys.all();
    if (keys.size() != 2 || keys[0].type != AttributeValue::Type::S
        || keys[1].type != AttributeValue::Type::S)
        QSKIP("the table's keys are not two strings");
    for (const char *note : {"NOTE#10", "NOTE#2", "NOTE#3"}) {
        withItems.items.push_back(
            Item {{keys[0].name, AttributeValue::string(QStringLiteral("HANDWRITTEN#1"))},
                  {keys[1].name, AttributeValue::string(QString::fromLatin1(note))}});
    }
    const Population populated = populate(withItems);
    const std::vector<Finding> after = DesignChecker::check(withItems, populated);

    std::vector<Finding> declared;
    std::vector<Finding> items;
    for (const Finding &f : after)
        (f.path.startsWith(QLatin1String("items")) ? items : declared).push_back(f);
    QCOMPARE(declared.size(), before.size());
    for (size_t i = 0; i < before.size(); ++i)
        QVERIFY2(sameFinding(declared[i], before[i]), qPrintable(dump({declared[i], before[i]})));

    const auto unpadded = withId(items, QStringLiteral("unpadded-number"));
    QVERIFY2(unpadded.size() == 1, qPrintable(dump(items)));
    verifyItemFinding(unpadded.front(), withItems, populated);
    QStringList named;
    for (const qint64 item : unpadded.front().items)
        named << populated.items[size_t(item)].at(keys[1].name).displayText();
    QVERIFY2(named.contains(QStringLiteral("NOTE#10")), qPrintable(named.join(u' ')));
}

// Items in order, whatever their type, give no finding.
// The design recovered from the hand-written items, grown to 100,000 items, gets the same
// ordering findings as the sample: its generators reproduce the sample's formats (unpadded
// numbers, mixed-case names, display dates), so the checks now fire on its templates.
void TestItemChecks::recoveredDesignGrowsWithTheSameFindings()
{
    const Project sample = readProject(
        keyscope::testsupport::testDataPath("/checks/handwritten-items.keyscope.json"));
    const auto sampleFindings = DesignChecker::check(sample, populate(sample));
    QSet<QString> sampleIds;
    for (const Finding &f : sampleFindings)
        sampleIds.insert(f.id);
    for (const char *id : {"unpadded-number", "mixed-case", "unsortable-timestamp"})
        QVERIFY2(sampleIds.contains(QLatin1String(id)), id);

    // Inferred types generate nothing; asked to, each generates as many as its proposal saw,
    // and the generated items alone are checked.
    const recovery::InferredProject inferred = recovery::inferProject(sample);
    Project grown = inferred.project;
    grown.items = {};
    for (EntityType &entity : grown.entities) {
        for (const recovery::EntityProposal &proposal : inferred.result.proposals) {
            if (proposal.entity.name == entity.name) {
                entity.countMin = proposal.entity.countMin;
                entity.countMax = proposal.entity.countMax;
            }
        }
    }
    QVERIFY(!grown.entities.empty());
    // Scale the roots until the population holds at least 100,000 items.
    qsizetype size = populate(grown).size();
    QVERIFY(size > 0);
    const int factor = int((100000 + size - 1) / size) + 1;
    for (EntityType &entity : grown.entities) {
        if (entity.parent.isEmpty()) {
            entity.countMin *= factor;
            entity.countMax *= factor;
        }
    }
    const Population population = populate(grown);
    QVERIFY2(population.size() >= 100000, qPrintable(QString::number(population.size())));
    QSet<QString> grownIds;
    for (const Finding &f : DesignChecker::check(grown, population))
        grownIds.insert(f.id);
    for (const char *id : {"unpadded-number", "mixed-case", "unsortable-timestamp"})
        QVERIFY2(grownIds.contains(QLatin1String(id)),
                 qPrintable(QStringLiteral("%1 not found on %2 items; found: %3")
                                .arg(QLatin1String(id))
                                .arg(population.size())
                                .arg(QStringList(grownIds.values()).join(u", "))));
}

// Key text typed by accident or left unfilled is reported on the items, by key.
void TestItemChecks::strayKeyText()
{
    Project project;
    project.table = pkSk();
    std::vector<Item> items {
        item(QStringLiteral("ORG#1"), QStringLiteral("USER#ann ")),
        item(QStringLiteral("ORG#1"), QStringLiteral("USER#bob\t")),
        item(QStringLiteral("ORG#1"), QStringLiteral("EVENT#${date}")),
        item(QStringLiteral("ORG#1"), QStringLiteral("USER#cy")),
        item(QStringLiteral("ORG#1"), QStringLiteral("EQUIPMENTS#001EQUIPMENTS#002")),
        item(QStringLiteral("ORG#1"), QStringLiteral("REC#12023-05-28T14:15:39.24#SKU#9")),
        // Not garbled: the part equals an attribute; a neighbour that only
        // resembles one (another instant a second later); an id of its own.
        item(QStringLiteral("ORG#1"), QStringLiteral("REC#2023-05-28T14:15:39.247Z")),
        item(QStringLiteral("ORG#1"), QStringLiteral("LOG#2023-05-28T14:15:40.247Z")),
        item(QStringLiteral("ORG#1"), QStringLiteral("A#B#A#C"))};
    items[5][QStringLiteral("ProcessedDate")]
        = AttributeValue::string(QStringLiteral("2023-05-28T14:15:39.247Z"));
    items[6][QStringLiteral("ProcessedDate")]
        = AttributeValue::string(QStringLiteral("2023-05-28T14:15:39.247Z"));
    items[7][QStringLiteral("UpdatedAt")]
        = AttributeValue::string(QStringLiteral("2023-05-28T14:15:39.247Z"));
    project.items = items;
    const Population population = populate(project);
    QStringList titles;
    std::vector<qint64> concerned;
    for (const Finding &f : DesignChecker::check(project, population)) {
        if (f.id != QLatin1String("stray-key-text"))
            continue;
        titles << f.title;
        concerned.insert(concerned.end(), f.concerned.begin(), f.concerned.end());
        QVERIFY(f.path.startsWith(QLatin1String("items[")));
    }
    std::sort(concerned.begin(), concerned.end());
    QCOMPARE(concerned, (std::vector<qint64> {0, 1, 2, 4, 5}));
    QVERIFY2(titles.join(u'|').contains(QLatin1String(
                 "'EQUIPMENTS#001EQUIPMENTS#002' holds two keys glued together ('EQUIPMENTS#' "
                 "again after '001')")),
             qPrintable(titles.join(u'|')));
    QVERIFY2(titles.join(u'|').contains(QLatin1String(
                 "holds '12023-05-28T14:15:39.24', a garbled copy of the item's ProcessedDate "
                 "('2023-05-28T14:15:39.247Z')")),
             qPrintable(titles.join(u'|')));
    QVERIFY2(titles.join(u'|').contains(QLatin1String("'USER#bob\\t' holds a control character")),
             qPrintable(titles.join(u'|')));
    QVERIFY(titles.join(u'|').contains(QLatin1String("unfilled placeholder ${date}")));
    QVERIFY(titles.join(u'|').contains(QLatin1String("white space at its start or end")));
}

void TestItemChecks::itemsOfNoTypeStayQuiet()
{
    Project project = handWritten(QStringLiteral("DEVICE#1"),
                                  {QStringLiteral("READING#0001"), QStringLiteral("READING#0002"),
                                   QStringLiteral("READING#0010"), QStringLiteral("CUSTOMER#DEAN"),
                                   QStringLiteral("CUSTOMER#DEBRIE"), QStringLiteral("META")});
    const Population population = populate(project);
    const auto findings = DesignChecker::check(project, population);
    QVERIFY2(findings.empty(), qPrintable(dump(findings)));
}

// ---------------------------------------------------------------------------------------------
// What only the part's own values show (the classifier's kinds and outliers).

void TestItemChecks::malformedTimestamp()
{
    QStringList keys;
    std::vector<QString> values;
    for (int h = 10; h < 20; ++h) {
        const QString time = QStringLiteral("2023-07-10T%1:48:00Z").arg(h);
        keys << QStringLiteral("LOG#") + time;
        values.push_back(time);
    }
    const QString bad = QStringLiteral("2023-07-10T14:49:00Z'"); // a stray quote
    keys << QStringLiteral("LOG#") + bad;
    values.push_back(bad);
    const PartKind kind = recovery::classifyPart(values);
    if (kind.kind != PartKind::Kind::IsoDateTime || kind.outlierCount != 1)
        QFAIL(kNeedsClassifier);

    const Project project = handWritten(QStringLiteral("SERVER#1"), keys);
    const Population population = populate(project);
    const auto all = DesignChecker::check(project, population);
    const auto found = withId(all, QStringLiteral("unsortable-timestamp"));
    QVERIFY2(found.size() == 1, qPrintable(dump(all)));
    const Finding &f = found.front();
    verifyItemFinding(f, project, population);
    QCOMPARE(f.items, std::vector<qint64> {10});
    QCOMPARE(f.concerned, std::vector<qint64> {10});
    QVERIFY2(f.title.contains(QStringLiteral("LOG#") + bad), qPrintable(f.title));
}

void TestItemChecks::mixedZones()
{
    // 16:30+02:00 is 14:30Z: earlier than 14:48Z, yet its key sorts after.
    const std::vector<QString> values {
        QStringLiteral("2023-07-10T14:48:00Z"), QStringLiteral("2023-07-10T15:10:00Z"),
        QStringLiteral("2023-07-10T16:30:00+02:00"), QStringLiteral("2023-07-10T17:00:00Z")};
    const PartKind kind = recovery::classifyPart(values);
    if (kind.kind != PartKind::Kind::IsoDateTime || !kind.mixedZones)
        QFAIL(kNeedsClassifier);
    QStringList keys;
    for (const QString &v : values)
        keys << QStringLiteral("EVENT#") + v;
    const Project project = handWritten(QStringLiteral("CALENDAR#1"), keys);
    const Population population = populate(project);
    const auto all = DesignChecker::check(project, population);
    const auto found = withId(all, QStringLiteral("unsortable-timestamp"));
    QVERIFY2(found.size() == 1, qPrintable(dump(all)));
    const Finding &f = found.front();
    verifyItemFinding(f, project, population);
    QVERIFY2(std::binary_search(f.concerned.begin(), f.concerned.end(), qint64(2)),
             qPrintable(dump({f})));
    QVERIFY2(f.fix.contains(QLatin1String("2023-07-10T14:30:00Z")), qPrintable(f.fix));
}

void TestItemChecks::zonelessTimes()
{
    const std::vector<QString> values {QStringLiteral("2023-07-10T14:48:00"),
                                       QStringLiteral("2023-07-10T15:10:00"),
                                       QStringLiteral("2023-07-11T09:00:00")};
    const PartKind kind = recovery::classifyPart(values);
    if (kind.kind != PartKind::Kind::IsoDateTime || kind.hasZone || kind.mixedZones)
        QFAIL(kNeedsClassifier);
    QStringList keys;
    for (const QString &v : values)
        keys << QStringLiteral("EVENT#") + v;
    const Project project = handWritten(QStringLiteral("CALENDAR#1"), keys);
    const Population population = populate(project);
    const auto all = DesignChecker::check(project, population);
    const auto found = withId(all, QStringLiteral("unsortable-timestamp"));
    QVERIFY2(found.size() == 1, qPrintable(dump(all)));
    verifyItemFinding(found.front(), project, population);
    QVERIFY(found.front().title.contains(QLatin1String("no time zone")));
    QCOMPARE(found.front().concerned.size(), size_t(3));
}

void TestItemChecks::paddedWidthExceeded()
{
    std::vector<QString> values;
    QStringList keys;
    for (int n = 1; n <= 12; ++n) {
        values.push_back(QString::number(n * 37).rightJustified(5, u'0'));
        keys << QStringLiteral("ORDER#") + values.back();
    }
    values.push_back(QStringLiteral("123456"));
    keys << QStringLiteral("ORDER#123456");
    const PartKind kind = recovery::classifyPart(values);
    if (kind.kind != PartKind::Kind::PaddedInteger || kind.width != 5 || kind.outlierCount != 1)
        QFAIL(kNeedsClassifier);
    const Project project = handWritten(QStringLiteral("USER#1"), keys);
    const Population population = populate(project);
    const auto all = DesignChecker::check(project, population);
    const auto found = withId(all, QStringLiteral("pad-overflow"));
    QVERIFY2(found.size() == 1, qPrintable(dump(all)));
    const Finding &f = found.front();
    QCOMPARE(f.severity, Finding::Severity::Error);
    verifyItemFinding(f, project, population);
    QCOMPARE(f.concerned, std::vector<qint64> {12});
    QVERIFY2(f.fix.contains(QLatin1String("'ORDER#000123456'")), qPrintable(f.fix));
}

void TestItemChecks::randomIdOrder()
{
    const std::vector<QString> ids {QStringLiteral("f47ac10b-58cc-4372-a567-0e02b2c3d479"),
                                    QStringLiteral("0b8a6c1e-3f1d-4e7a-9c2b-5d4e3f2a1b0c"),
                                    QStringLiteral("9e107d9d-372b-4b6e-8d4b-1a2b3c4d5e6f"),
                                    QStringLiteral("3c2b1a09-8f7e-4d6c-b5a4-9f8e7d6c5b4a")};
    const std::vector<QString> times {
        QStringLiteral("2025-08-21T09:00:00Z"), QStringLiteral("2025-08-21T10:00:00Z"),
        QStringLiteral("2025-08-21T11:00:00Z"), QStringLiteral("2025-08-21T12:00:00Z")};
    const PartKind idKind = recovery::classifyPart(ids);
    if (idKind.kind != PartKind::Kind::Uuid || idKind.uuidVersion != 4
        || recovery::classifyPart(times).kind != PartKind::Kind::IsoDateTime)
        QFAIL(kNeedsClassifier);
    Project project;
    project.table = pkSk();
    for (size_t i = 0; i < ids.size(); ++i) {
        Item it = item(QStringLiteral("USER#1"), QStringLiteral("ORDER#") + ids[i]);
        it[QStringLiteral("CreatedAt")] = AttributeValue::string(times[i]);
        project.items.push_back(it);
    }
    AccessPattern recent;
    recent.name = QStringLiteral("Orders of a user, oldest first");
    recent.keyConditionExpression = QStringLiteral("PK = :pk AND begins_with(SK, :sk)");
    recent.values[QStringLiteral(":pk")].literal = AttributeValue::string(QStringLiteral("USER#1"));
    recent.values[QStringLiteral(":sk")].literal = AttributeValue::string(QStringLiteral("ORDER#"));
    recent.expect.orderAttribute = QStringLiteral("CreatedAt");
    project.accessPatterns.push_back(recent);
    const Population population = populate(project);
    const auto all = DesignChecker::check(project, population);
    const auto found = withId(all, QStringLiteral("random-id-order"));
    QVERIFY2(found.size() == 1, qPrintable(dump(all)));
    verifyItemFinding(found.front(), project, population);
    QVERIFY2(found.front().fix.contains(QLatin1String("ULID")), qPrintable(found.front().fix));
}

// Items cannot say that an id goes into URLs; the project can, with an entity type that
// describes the items without generating any (as an imported facet does) or any entity type
// declaring the attribute exposedInUrl. The ids' keys hold '#' and the date next to the id, so
// the URL must carry (and percent-encode) the whole key.
void TestItemChecks::urlUnsafeIds_data()
{
    QTest::addColumn<QString>("declaredAs"); // "" declares nothing
    QTest::addColumn<bool>("exposed");
    QTest::addColumn<bool>("expected");
    QTest::newRow("count-0 entity type of the items' name") << "Order" << true << true;
    QTest::newRow("another entity type declaring the id") << "Invoice" << true << true;
    QTest::newRow("declared but not exposed") << "Order" << false << false;
    QTest::newRow("nothing declared") << "" << false << false;
}

void TestItemChecks::urlUnsafeIds()
{
    QFETCH(QString, declaredAs);
    QFETCH(bool, exposed);
    QFETCH(bool, expected);
    Project project;
    project.table = pkSk();
    if (!declaredAs.isEmpty()) {
        EntityType declared;
        declared.name = declaredAs;
        declared.countMin = declared.countMax = 0;
        AttributeSpec id;
        id.name = QStringLiteral("OrderId");
        id.exposedInUrl = exposed;
        declared.attributes.push_back(id);
        project.entities.push_back(declared);
    }
    const QStringList dates {QStringLiteral("2025-08-21"), QStringLiteral("2025-08-22"),
                             QStringLiteral("2025-09-01"), QStringLiteral("2025-09-03")};
    for (int i = 0; i < int(dates.size()); ++i) {
        const QString id = QString::number(120 + i);
        Item it
            = item(QStringLiteral("CUSTOMER#c1"), QStringLiteral("ORDER#%1#%2").arg(dates[i], id));
        it[QStringLiteral("OrderId")] = AttributeValue::string(id);
        it[QStringLiteral("OrderDate")] = AttributeValue::string(dates[i]);
        project.items.push_back(it);
    }
    const Population population = populate(project);
    const auto all = DesignChecker::check(project, population);
    const auto found = withId(all, QStringLiteral("url-unsafe-key"));
    if (!expected) {
        QVERIFY2(found.empty(), qPrintable(dump(all)));
        return;
    }
    QVERIFY2(found.size() == 1, qPrintable(dump(all)));
    const Finding &f = found.front();
    // The explanation works one example through (its key, the id, the encoded URL text); the
    // scope note names every example.
    Finding first = f;
    first.items.resize(1);
    verifyItemFinding(first, project, population);
    for (const qint64 example : f.items)
        QVERIFY2(f.scopeNote.contains(sortKey(population, example)), qPrintable(f.scopeNote));
    QVERIFY2(f.explanation.contains(QLatin1String("OrderId")), qPrintable(f.explanation));
    QVERIFY2(f.explanation.contains(QLatin1String("ORDER%232025-08-21%23120")),
             qPrintable(f.explanation));
    QCOMPARE(qsizetype(f.concerned.size()), dates.size());
}

QTEST_GUILESS_MAIN(TestItemChecks)
#include "tst_itemchecks.moc"
