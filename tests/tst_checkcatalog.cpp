// The catalogue of classic sort-key mistakes (issue 13): one small design per mistake in
// tests/data/checks/catalog/NAME.keyscope.json and its fixed twin NAME.fixed.keyscope.json.
// Each row says which check must fire, what its fix proposes, and the exact text its
// Finding::edit writes (a template, a Limit removed, a new index); applying that edit, and the
// fixed twin, must leave no finding of it and every access pattern passing.
#include "model/design/accesspatternrunner.h"
#include "model/design/designchecker.h"
#include "model/design/populator.h"
#include "model/design/projectfile.h"
#include "tests/support/testpaths.h"

#include <QDirIterator>
#include <QRegularExpression>
#include <QTest>
#include <QUrl>

using namespace keyscope::model;

namespace {

Project load(const QString &name)
{
    const auto read
        = ProjectFile::read(keyscope::testsupport::testDataPath("/checks/catalog/") + name);
    if (!std::holds_alternative<Project>(read))
        qFatal("cannot read %s: %s", qPrintable(name),
               qPrintable(std::get<std::vector<IoError>>(read).front().message));
    return std::get<Project>(read);
}

Population populate(const Project &project)
{
    auto populated = Populator::populate(project);
    if (!std::holds_alternative<Population>(populated))
        qFatal("cannot populate %s: %s", qPrintable(project.name),
               qPrintable(std::get<PopulationError>(populated).message));
    return std::get<Population>(std::move(populated));
}

std::vector<Finding> check(const Project &project)
{
    return DesignChecker::check(project, populate(project));
}

std::vector<Finding> withId(const std::vector<Finding> &findings, const QString &id)
{
    std::vector<Finding> result;
    for (const Finding &f : findings) {
        if (f.id == id)
            result.push_back(f);
    }
    return result;
}

// Every access pattern run and judged (and diagnosed when it fails).
std::vector<PatternResult> runPatterns(const Project &project)
{
    const Population population = populate(project);
    auto built = AccessPatternRunner::buildTable(project, population);
    if (auto *error = std::get_if<QString>(&built))
        qFatal("cannot build the table of %s: %s", qPrintable(project.name), qPrintable(*error));
    return AccessPatternRunner::runAll(project, population,
                                       *std::get<std::unique_ptr<Table>>(built));
}

// The access patterns that fail, with why: "" when every one passes.
QString failingPatterns(const Project &project)
{
    QStringList failing;
    for (const PatternResult &result : runPatterns(project)) {
        if (!result.passed)
            failing << result.name + QStringLiteral(": ") + result.explanation;
    }
    return failing.join(u'\n');
}

QString summary(const std::vector<Finding> &findings)
{
    QStringList lines;
    for (const Finding &f : findings)
        lines << f.id + u' ' + f.path + QStringLiteral(": ") + f.title;
    return lines.join(u'\n');
}

} // namespace

class TestCheckCatalog : public QObject
{
    Q_OBJECT

private slots:
    void catalog_data();
    void catalog();
    void delimiterIsNotMixedCase();
    void displayDatesAreComparedAsTime();
    void displayDateBoundsAreRewritten();
    void compositeValuesAreNoCollision();
    void severities();
    void failedCandidatesAreNeverOffered();
    void userTextIsNeverReadAsPlaceholders();
    void hotPartitionReads();
    void hotPartitionScalesWithGrowth();
    void scanLikeQueryDefersToLimitBeforeFilter();
    void costChecksOnExamples();
};

void TestCheckCatalog::catalog_data()
{
    QTest::addColumn<QString>("design");
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("severity");
    QTest::addColumn<QStringList>("explanation"); // substrings: the user's own keys and values
    QTest::addColumn<QString>("fix");             // a substring of the fix sentence
    QTest::addColumn<QString>("after");           // the first change's new text; "" when no edit,
                                                  // "(remove)" when it removes (a Limit)

    const auto row = [](const char *name, const char *id, const char *severity,
                        QStringList explanation, const char *fix, const char *after) {
        QTest::newRow(name) << QString::fromLatin1(name) << QString::fromLatin1(id)
                            << QString::fromLatin1(severity) << explanation
                            << QString::fromUtf8(fix) << QString::fromUtf8(after);
    };
    row("delimiter-in-value", "delimiter-in-value", "warning",
        {"MEMBER#{Last}#{First}#{MemberId}", "contain '#'", "begins_with(SK, 'MEMBER#"},
        "escape it in the key with MEMBER#{Last}#{First|escape}#{MemberId}",
        "MEMBER#{Last}#{First|escape}#{MemberId}");
    row("epoch-digits", "unsortable-timestamp", "warning",
        {"digit count", "9 to 10 digits", "'999999999' > '1000000000'"}, "EVENT#{At|epoch|pad:10}",
        "EVENT#{At|epoch|pad:10}");
    row("zoneless-timestamp", "zoneless-timestamp", "warning",
        {"LOGIN#{At}#{LoginId}", "without 'Z' or an offset", "daylight-saving"},
        "UTC with a 'Z': LOGIN#{At|iso8601}#{LoginId}", "LOGIN#{At|iso8601}#{LoginId}");
    row("prefix-overlap", "prefix-overlap", "warning",
        {"'TASK'", "'TASKNOTE#'", "begins_with(SK, 'TASK')"}, "SK = TASK#{TaskId}",
        "TASK#{TaskId}");
    row("signed-pad", "signed-pad", "error", {"LAP#{Delta|pad:3}#{LapId}", "reverse order"},
        "add 50, so -50..49 becomes 0..99: LAP#{Delta|offset:50|pad:3}#{LapId}",
        "LAP#{Delta|offset:50|pad:3}#{LapId}");
    row("prefix-nested", "prefix-overlap", "warning",
        {"'A customer's orders' expects Order items", "both start their SK with 'ORDER#'",
         "parent stored with its children on purpose"},
        "SK = ITEM#{Order.OrderId}#{ItemId|pad:3}", "ITEM#{Order.OrderId}#{ItemId|pad:3}");
    row("parent-side", "parent-side", "error",
        {"reads backward with Limit 4", "'FORUM#' sorts before the Post prefix 'POST#'"},
        "Key Post SK as #POST#{PostedAt|iso8601}", "#POST#{PostedAt|iso8601}");
    row("limit-before-filter", "limit-before-filter", "warning",
        {"read 3 items (ScannedCount)", "(Count)", "more items follow"},
        "Move the filtered value into the key", "(remove)");
    row("page-size", "page-size", "warning", {"1 MB", "expects 300", "takes 2 requests"},
        "KEYS_ONLY", "SK-keys");
    row("mixed-width", "mixed-width", "warning", {"'R#'", "3 digits and the other to 5"},
        "Pad both to one width, the wider: R#{Seq|pad:5}", "R#{Seq|pad:5}");
    row("pad-range", "pad-overflow", "error", {"range 0..1000", "whatever the seed"},
        "SCORE#{Points|pad:6}#{ScoreId}", "SCORE#{Points|pad:6}#{ScoreId}");
    row("mutable-by-name", "mutable-in-key", "warning",
        {"Status is named like a value that changes", "TICKET#{Status}#{TicketId}"},
        "Keep an immutable id in the key", "");
    row("unpadded-number", "unpadded-number", "warning", {"#READING#{ReadingId}"},
        "#READING#{ReadingId|pad:5}", "#READING#{ReadingId|pad:5}");
    row("mixed-case", "mixed-case", "warning", {"CUSTOMER#{Name}", "0x41-0x5A"},
        "CUSTOMER#{Name|upper}", "CUSTOMER#{Name|upper}");
    row("pad-overflow", "pad-overflow", "error", {"'PAGE#100'", "wider than pad:2"},
        "PAGE#{PageNo|pad:6}", "PAGE#{PageNo|pad:6}");
    row("duplicate-key", "duplicate-key", "error", {"later write wins"}, "a key of its own", "");
    // Issue 26: mistakes that raised nothing, or the wrong thing.
    row("pattern-prefix", "prefix-overlap", "warning",
        {"begins_with(SK, 'TASK')", "'TASKNOTE#'", "'A project's tasks'"}, "'TASK#'", "TASK#");
    row("mixed-case-items", "mixed-case", "warning", {"'DeBrie'", "'Dean'", "0x41-0x5A"},
        "'DEBRIE'", "");
    row("separator-collision", "delimiter-in-value", "warning",
        {"'ANA#LU'", "'LU#RUIZ'", "'MEMBER#ANA#LU#RUIZ'", "same key"}, "'MEMBER#ANA%23LU#RUIZ'",
        "");
    row("display-date", "unsortable-timestamp", "warning",
        {"VISIT#{VisitedAt}#{VisitId}", "dates written for people", "MMM d, yyyy",
         "as text, character by character"},
        "'Dec 4, 2023' as '2023-12-04'",
        R"({"choices":["2023-12-04","2023-11-30","2024-01-15","2024-02-02","2024-03-09",)"
        R"("2023-08-21"],"kind":"choice"})");
    // Issue 28: what a design costs.
    row("hot-partition", "hot-partition", "error",
        {"'STATUS#OPEN' on GSI1", "Ticket declares 600 creates, 1,200 updates",
         "3,000 WCU/s in GSI1", "3 values", "over the 1,000", "assumes the load spreads"},
        "key GSI1PK as STATUS#{Status}#{Shard}", "");
    row("lsi-collection-limit", "lsi-collection-limit", "error",
        {"ByTemperature", "ItemCollectionSizeLimitExceededException",
         "1 Device item and 50,000,000 Reading items", "'DEVICE#d-"},
        "global secondary index on the same keys", "");
    row("gsi-projection-cost", "gsi-projection-cost", "warning",
        {"No access pattern Queries ByCategory", "every attribute (ALL)", "a month on demand"},
        "Project KEYS_ONLY into ByCategory", R"({"ProjectionType":"KEYS_ONLY"})");
    row("scan-like-query", "scan-like-query", "warning",
        {"'A customer's returned orders' reads", "#s = :returned", "(ScannedCount)", "(Count)",
         "RCU per request", "a month on demand"},
        "put the filtered attribute in the sort key", "");
}

void TestCheckCatalog::catalog()
{
    QFETCH(QString, design);
    QFETCH(QString, id);
    QFETCH(QString, severity);
    QFETCH(QStringList, explanation);
    QFETCH(QString, fix);
    QFETCH(QString, after);

    const Project project = load(design + QStringLiteral(".keyscope.json"));
    const auto findings = check(project);
    const auto found = withId(findings, id);
    QVERIFY2(!found.empty(), qPrintable(summary(findings)));
    const Finding &f = found.front();
    QCOMPARE(Finding::severityName(f.severity), severity);
    for (const QString &words : explanation)
        QVERIFY2(f.explanation.contains(words) || f.title.contains(words),
                 qPrintable(words + QStringLiteral(" not in: ") + f.explanation));
    QVERIFY2(f.fix.contains(fix), qPrintable(f.fix));
    // The explanation speaks of entity types, keys and templates, not JSON paths.
    QVERIFY2(!f.explanation.contains(QLatin1String("entities[")), qPrintable(f.explanation));

    if (after.isEmpty()) {
        QVERIFY2(!f.edit, qPrintable(f.edit ? f.edit->summary : QString()));
    } else {
        QVERIFY(f.edit.has_value());
        QVERIFY(!f.edit->summary.isEmpty());
        const FixChange &change = f.edit->changes.front();
        QCOMPARE(change.after, after == QLatin1String("(remove)") ? QString() : after);
        if (change.kind == FixChange::Kind::KeyTemplate) {
            const EntityType *entity = project.entity(change.entity);
            QVERIFY(entity);
            QCOMPARE(change.before, entity->keys.at(change.key));
        }
        const auto edited = applyFix(project, *f.edit);
        if (const auto *refused = std::get_if<QString>(&edited))
            QFAIL(qPrintable(*refused));
        const Project &fixedByEdit = std::get<Project>(edited);
        const auto afterEdit = check(fixedByEdit);
        QVERIFY2(withId(afterEdit, id).empty(), qPrintable(summary(afterEdit)));
        const QString failing = failingPatterns(fixedByEdit);
        QVERIFY2(failing.isEmpty(), qPrintable(failing));
    }

    // A pattern the mistake makes fail is diagnosed by this check, and its fix makes it pass.
    for (const PatternResult &result : runPatterns(project)) {
        if (result.passed)
            continue;
        QCOMPARE(result.findingId, id);
        QVERIFY2(result.fix, qPrintable(result.diagnosis));
        const auto edited = applyFix(project, *result.fix);
        QVERIFY(std::holds_alternative<Project>(edited));
        const QString failing = failingPatterns(std::get<Project>(edited));
        QVERIFY2(failing.isEmpty(), qPrintable(failing));
    }

    // The fixed twin passes this check and every one of its access patterns.
    const Project twin = load(design + QStringLiteral(".fixed.keyscope.json"));
    const auto fixed = check(twin);
    QVERIFY2(withId(fixed, id).empty(), qPrintable(summary(fixed)));
    const QString failing = failingPatterns(twin);
    QVERIFY2(failing.isEmpty(), qPrintable(failing));
}

void TestCheckCatalog::delimiterIsNotMixedCase()
{
    // Every value is upper case: a '#' inside one is a delimiter collision, never mixed case,
    // and |upper (which would change nothing) is not proposed.
    const auto findings = check(load(QStringLiteral("delimiter-in-value.keyscope.json")));
    QVERIFY2(withId(findings, QStringLiteral("mixed-case")).empty(), qPrintable(summary(findings)));
    for (const Finding &f : findings)
        QVERIFY2(!f.fix.contains(QLatin1String("|upper")), qPrintable(f.fix));
}

void TestCheckCatalog::displayDatesAreComparedAsTime()
{
    // "Dec 4, 2023" sorts after "Aug 21, 2023" and before "Feb 2, 2024" as text: a pattern
    // expecting VisitedAt in time order fails, naming two dates out of order, and its fix
    // (the same dates written ISO-8601) passes. The ISO twin passes as it is.
    const auto results = runPatterns(load(QStringLiteral("display-date.keyscope.json")));
    QCOMPARE(results.size(), size_t(1));
    const PatternResult &result = results.front();
    QVERIFY2(!result.passed, qPrintable(result.explanation));
    const QRegularExpression date(QStringLiteral("VisitedAt '[A-Z][a-z]{2} \\d{1,2}, \\d{4}'"));
    QCOMPARE(result.explanation.count(date), 2);
    QVERIFY2(result.explanation.contains(QLatin1String("compared as dates")),
             qPrintable(result.explanation));
    QVERIFY2(result.explanation.contains(QLatin1String("MMM d, yyyy")),
             qPrintable(result.explanation));
    QCOMPARE(result.findingId, QStringLiteral("unsortable-timestamp"));
    QVERIFY2(result.diagnosis.contains(QLatin1String("2023-12-04")), qPrintable(result.diagnosis));
    const QString twin = failingPatterns(load(QStringLiteral("display-date.fixed.keyscope.json")));
    QVERIFY2(twin.isEmpty(), qPrintable(twin));
}

void TestCheckCatalog::displayDateBoundsAreRewritten()
{
    // A pattern that reads from a date written the old way ("VISIT#Aug 1, 2023") would read
    // nothing once the dates are ISO-8601: the edit rewrites its bound too, and the fixed
    // design passes.
    Project project = load(QStringLiteral("display-date.keyscope.json"));
    AccessPattern &pattern = project.accessPatterns.front();
    pattern.keyConditionExpression = QStringLiteral("PK = :pk AND SK >= :from");
    pattern.values.erase(QStringLiteral(":sk"));
    PatternValue from;
    from.literal = AttributeValue::string(QStringLiteral("VISIT#Aug 1, 2023"));
    pattern.values[QStringLiteral(":from")] = from;

    const auto found = withId(check(project), QStringLiteral("unsortable-timestamp"));
    QVERIFY(!found.empty() && found.front().edit);
    const DesignFix &edit = *found.front().edit;
    QCOMPARE(edit.changes.size(), size_t(2));
    QCOMPARE(edit.changes[1].kind, FixChange::Kind::PatternValue);
    QCOMPARE(edit.changes[1].after, QStringLiteral(R"({"S":"VISIT#2023-08-01"})"));
    const auto edited = applyFix(project, edit);
    QVERIFY(std::holds_alternative<Project>(edited));
    QString failing = failingPatterns(std::get<Project>(edited));
    QVERIFY2(failing.isEmpty(), qPrintable(failing));

    const auto results = runPatterns(project);
    QVERIFY(!results.front().passed);
    QCOMPARE(results.front().findingId, QStringLiteral("unsortable-timestamp"));
    QVERIFY2(results.front().fix, qPrintable(results.front().diagnosis));
    const auto diagnosed = applyFix(project, *results.front().fix);
    QVERIFY(std::holds_alternative<Project>(diagnosed));
    failing = failingPatterns(std::get<Project>(diagnosed));
    QVERIFY2(failing.isEmpty(), qPrintable(failing));
}

void TestCheckCatalog::compositeValuesAreNoCollision()
{
    // The hierarchy example's Location values are all COUNTRY#STATE#CITY, read level by level
    // with begins_with: the same separators in every value is a deliberate composite.
    const auto read = ProjectFile::read(keyscope::testsupport::sourcePath(
        "/resources/examples/hierarchy/restaurants.keyscope.json"));
    QVERIFY(std::holds_alternative<Project>(read));
    const auto findings = check(std::get<Project>(read));
    QVERIFY2(withId(findings, QStringLiteral("delimiter-in-value")).empty(),
             qPrintable(summary(findings)));
}

void TestCheckCatalog::severities()
{
    // A duplicate key silently overwrites an item: an error. A name that merely sounds
    // mutable is a warning; "mutable": true is an error.
    Project project = load(QStringLiteral("mutable-by-name.keyscope.json"));
    auto found = withId(check(project), QStringLiteral("mutable-in-key"));
    QCOMPARE(found.size(), size_t(1));
    QCOMPARE(found.front().severity, Finding::Severity::Warning);
    project.entities[1].attributes[0].isMutable = true;
    found = withId(check(project), QStringLiteral("mutable-in-key"));
    QCOMPARE(found.size(), size_t(1));
    QCOMPARE(found.front().severity, Finding::Severity::Error);
    QVERIFY(found.front().explanation.contains(QLatin1String("is marked mutable")));
}

void TestCheckCatalog::failedCandidatesAreNeverOffered()
{
    // No change makes four tasks come back as five: the diagnosis says so and offers nothing,
    // rather than a candidate that was tried and left the pattern failing.
    Project project = load(QStringLiteral("pattern-prefix.fixed.keyscope.json"));
    project.accessPatterns.front().expect.count = 5;
    const auto results = runPatterns(project);
    QCOMPARE(results.size(), size_t(1));
    const PatternResult &result = results.front();
    QVERIFY(!result.passed);
    QVERIFY2(!result.fix, qPrintable(result.fix ? result.fix->summary : QString()));
    QVERIFY2(result.findingId.isEmpty(), qPrintable(result.findingId));
    QVERIFY2(result.diagnosis.contains(QLatin1String("No automatic fix was found")),
             qPrintable(result.diagnosis));
    QVERIFY2(result.diagnosis.contains(QLatin1String("by hand")), qPrintable(result.diagnosis));
}

void TestCheckCatalog::userTextIsNeverReadAsPlaceholders()
{
    // Values holding '%1', ':', '#', quotes and non-ASCII letters go through every check that
    // quotes them: no message may show an unfilled "%N", or text mangled by a placeholder.
    const QStringList hostile {QStringLiteral("Ana%1:Lu#\"x"), QStringLiteral("b%2'\u00e9:%9"),
                               QStringLiteral("C%3#%14"), QStringLiteral("d\u00fc%5%6"),
                               QStringLiteral("Eve%7")};
    Project project = load(QStringLiteral("delimiter-in-value.keyscope.json"));
    EntityType &member = project.entities[1];
    member.attributes[0].generator.choices = hostile;
    member.attributes[1].generator.choices = hostile;
    member.attributes[0].exposedInUrl = true;
    member.attributes[1].exposedInUrl = true;
    // Another type whose key prefix the member prefix begins, padded numbers of another width
    // and a zoneless time: every template check quotes the keys.
    EntityType note = member;
    note.name = QStringLiteral("MemberNote%1");
    note.keys[QStringLiteral("SK")] = QStringLiteral("MEMBERNOTE#{Last}#{First}");
    member.keys[QStringLiteral("SK")] = QStringLiteral("MEMBER{Last}#{First}#{MemberId}");
    project.entities.push_back(note);
    const Population population = populate(project);
    const auto findings = DesignChecker::check(project, population);
    QStringList ids;
    for (const Finding &f : findings)
        ids << f.id;
    for (const char *id : {"url-unsafe-key", "delimiter-in-value", "mixed-case", "prefix-overlap"})
        QVERIFY2(ids.contains(QLatin1String(id)), qPrintable(summary(findings)));

    // Everything the user wrote, raw and percent-encoded, is taken out before looking for
    // placeholders: what remains is the checks' own text.
    QStringList userText;
    for (const Item &item : population.items) {
        for (const auto &[name, value] : item) {
            Q_UNUSED(name);
            if (value.type() == AttributeValue::Type::S)
                userText << value.asString() << value.asString().toUpper(); // as |upper shows it
        }
    }
    for (const QString &value : hostile)
        userText << value.section(u'#', 0, 0); // delimiter-in-value quotes the part before '#'
    userText << note.name << note.name.toUpper();
    std::sort(userText.begin(), userText.end(),
              [](const QString &a, const QString &b) { return a.size() > b.size(); });
    const QRegularExpression placeholder(QStringLiteral("%\\d"));
    for (const Finding &f : findings) {
        for (QString text : {f.title, f.explanation, f.fix}) {
            for (const QString &user : userText) {
                text.remove(user);
                text.remove(QString::fromLatin1(QUrl::toPercentEncoding(user)));
            }
            QVERIFY2(!placeholder.match(text).hasMatch(),
                     qPrintable(f.id + QStringLiteral(": ") + text));
        }
    }
    // The values themselves come through whole.
    const auto url = withId(findings, QStringLiteral("url-unsafe-key"));
    QVERIFY(!url.empty());
    bool quotesValue = false;
    for (const QString &value : hostile)
        quotesValue = quotesValue || url.front().title.contains(value);
    QVERIFY2(quotesValue, qPrintable(url.front().title));
}

void TestCheckCatalog::hotPartitionReads()
{
    // The support queue Queries the literal STATUS#OPEN#0: its whole rate is on one partition.
    // At 50 requests a second it fits; at 20,000 it needs more than 3,000 RCU/s there, and as
    // each request reads its Limit from every shard, more shards would not help: a cache does.
    Project project = load(QStringLiteral("hot-partition.fixed.keyscope.json"));
    const QString path = QStringLiteral("accessPatterns[0]");
    const auto onPattern = [&](const std::vector<Finding> &findings) {
        std::vector<Finding> result;
        for (const Finding &f : withId(findings, QStringLiteral("hot-partition"))) {
            if (f.path == path)
                result.push_back(f);
        }
        return result;
    };
    QVERIFY(onPattern(check(project)).empty());
    project.accessPatterns.front().rate = 20000;
    const auto found = onPattern(check(project));
    QCOMPARE(found.size(), size_t(1));
    const Finding &f = found.front();
    QCOMPARE(f.severity, Finding::Severity::Warning);
    QCOMPARE(f.index, QStringLiteral("GSI1"));
    for (const char *words : {"'STATUS#OPEN#0'", "20,000 requests per second",
                              "one value, 'STATUS#OPEN#0', for every request", "3,000"})
        QVERIFY2(f.title.contains(QLatin1String(words))
                     || f.explanation.contains(QLatin1String(words)),
                 qPrintable(words + QStringLiteral(" not in: ") + f.title + u'\n' + f.explanation));
    QVERIFY2(f.fix.contains(QLatin1String("Sharding cannot split it")), qPrintable(f.fix));
    QVERIFY2(f.fix.contains(QLatin1String("cache")), qPrintable(f.fix));
}

void TestCheckCatalog::hotPartitionScalesWithGrowth()
{
    // Tickets are keyed in the table by their Customer: 1,800 WCU/s spread over the 100,000
    // Customers declared at maturity is nothing; declared as one Customer, every write lands
    // on one partition key value, and the finding names it.
    Project project = load(QStringLiteral("hot-partition.fixed.keyscope.json"));
    const auto onTable = [](const std::vector<Finding> &findings) {
        std::vector<Finding> result;
        for (const Finding &f : withId(findings, QStringLiteral("hot-partition"))) {
            if (f.index.isEmpty())
                result.push_back(f);
        }
        return result;
    };
    QVERIFY2(onTable(check(project)).empty(), qPrintable(summary(check(project))));
    project.entities[0].countPerParent = 1;
    const auto found = onTable(check(project));
    QCOMPARE(found.size(), size_t(1));
    QCOMPARE(found.front().severity, Finding::Severity::Error);
    QVERIFY2(found.front().title.contains(QLatin1String("'CUSTOMER#c-")),
             qPrintable(found.front().title));
    QVERIFY2(
        found.front().explanation.contains(QLatin1String("one value per Customer (1 at maturity)")),
        qPrintable(found.front().explanation));
    QVERIFY2(found.front().fix.contains(QLatin1String("CUSTOMER#{Customer.CustomerId}#{Shard}")),
             qPrintable(found.front().fix));
}

void TestCheckCatalog::scanLikeQueryDefersToLimitBeforeFilter()
{
    // Limit 30 with a filter keeping one Ticket in 8: limit-before-filter says so, and
    // scan-like-query does not say it again. Without the Limit the pattern reads all 40 Tickets
    // for about 5, and scan-like-query is the one that fires.
    Project project = load(QStringLiteral("limit-before-filter.keyscope.json"));
    project.accessPatterns.front().limit = 30;
    auto findings = check(project);
    QVERIFY2(!withId(findings, QStringLiteral("limit-before-filter")).empty(),
             qPrintable(summary(findings)));
    QVERIFY2(withId(findings, QStringLiteral("scan-like-query")).empty(),
             qPrintable(summary(findings)));
    project.accessPatterns.front().limit.reset();
    findings = check(project);
    QVERIFY2(withId(findings, QStringLiteral("limit-before-filter")).empty(),
             qPrintable(summary(findings)));
    QVERIFY2(!withId(findings, QStringLiteral("scan-like-query")).empty(),
             qPrintable(summary(findings)));
}

void TestCheckCatalog::costChecksOnExamples()
{
    // The built-in examples declare no rates, writes or growth, and every index they have is
    // Queried by a pattern, so none of them costs more than it must: no cost check fires.
    const QStringList ids {QStringLiteral("hot-partition"), QStringLiteral("lsi-collection-limit"),
                           QStringLiteral("gsi-projection-cost"),
                           QStringLiteral("scan-like-query")};
    QDirIterator files(keyscope::testsupport::sourcePath("/resources/examples"),
                       {QStringLiteral("*.keyscope.json")}, QDir::Files,
                       QDirIterator::Subdirectories);
    int examples = 0;
    while (files.hasNext()) {
        const QString file = files.next();
        const auto read = ProjectFile::read(file);
        QVERIFY2(std::holds_alternative<Project>(read), qPrintable(file));
        ++examples;
        for (const Finding &f : check(std::get<Project>(read)))
            QVERIFY2(!ids.contains(f.id), qPrintable(file + QStringLiteral(": ") + f.title));
    }
    QVERIFY(examples >= 20);
}

QTEST_GUILESS_MAIN(TestCheckCatalog)
#include "tst_checkcatalog.moc"
