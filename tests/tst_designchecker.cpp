#include "model/design/checks/checksupport.h"
#include "model/design/designchecker.h"
#include "model/design/populator.h"
#include "model/design/projectfile.h"
#include "tests/support/testpaths.h"

#include "tests/support/fixtures.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QTest>

#include <functional>
#include <map>

using namespace keyscope::model;

namespace {

// ---------------------------------------------------------------------------------------------
// Building projects in code.

TableDefinition pkSk(const char *skType = "S")
{
    return keyscope::testsupport::pkSkTable(skType);
}

GeneratorSpec sequence(qint64 start = 1, qint64 step = 1, bool perParent = false)
{
    GeneratorSpec g;
    g.kind = GeneratorSpec::Kind::Sequence;
    g.start = start;
    g.step = step;
    g.perParent = perParent;
    return g;
}

GeneratorSpec ofKind(GeneratorSpec::Kind kind)
{
    GeneratorSpec g;
    g.kind = kind;
    return g;
}

GeneratorSpec timestamps(qint64 startMs, qint64 stepMs, bool perParent = false)
{
    GeneratorSpec g;
    g.kind = GeneratorSpec::Kind::Timestamp;
    g.start = startMs;
    g.step = stepMs;
    g.perParent = perParent;
    return g;
}

GeneratorSpec randomTimestamps(qint64 minMs, qint64 maxMs)
{
    GeneratorSpec g;
    g.kind = GeneratorSpec::Kind::Timestamp;
    g.random = true;
    g.min = minMs;
    g.max = maxMs;
    return g;
}

GeneratorSpec pattern(const QString &text)
{
    GeneratorSpec g;
    g.kind = GeneratorSpec::Kind::Pattern;
    g.pattern = text;
    return g;
}

GeneratorSpec constant(const QString &value)
{
    GeneratorSpec g;
    g.kind = GeneratorSpec::Kind::Constant;
    g.constant = value;
    return g;
}

GeneratorSpec choice(const QStringList &choices)
{
    GeneratorSpec g;
    g.kind = GeneratorSpec::Kind::Choice;
    g.choices = choices;
    return g;
}

AttributeSpec attribute(const QString &name, AttributeKind type, GeneratorSpec generator)
{
    AttributeSpec spec;
    spec.name = name;
    spec.type = type;
    spec.generator = generator;
    return spec;
}

EntityType entity(const QString &name, std::vector<AttributeSpec> attributes,
                  std::map<QString, QString> keys, int countMin = 1, int countMax = -1,
                  const QString &parent = QString())
{
    EntityType e;
    e.name = name;
    e.attributes = std::move(attributes);
    e.keys = std::move(keys);
    e.countMin = countMin;
    e.countMax = countMax < 0 ? countMin : countMax;
    e.parent = parent;
    return e;
}

constexpr qint64 k2024 = 1704067200000; // 2024-01-01T00:00:00Z
constexpr qint64 kMinute = 60000;
constexpr qint64 kHour = 60 * kMinute;
constexpr qint64 kDay = 24 * kHour;

// The IoT design: Devices and their Readings in one collection; the Reading sort key varies.
Project iot(const QString &readingSk, int readingsMin = 25, int readingsMax = 40,
            const char *skType = "S")
{
    Project p;
    p.name = QStringLiteral("IoT");
    p.table = pkSk(skType);
    p.seed = 7;
    p.entities.push_back(
        entity(QStringLiteral("Device"),
               {attribute(QStringLiteral("DeviceId"), AttributeKind::N, sequence())},
               {{QStringLiteral("PK"), QStringLiteral("DEVICE#{DeviceId|pad:4}")},
                {QStringLiteral("SK"), QStringLiteral("DEVICE#{DeviceId|pad:4}")}},
               3));
    if (QByteArray(skType) == "N")
        p.entities[0].keys[QStringLiteral("SK")] = QStringLiteral("0");
    p.entities.push_back(
        entity(QStringLiteral("Reading"),
               {attribute(QStringLiteral("ReadingId"), AttributeKind::N, sequence(1, 1, true)),
                attribute(QStringLiteral("Ts"), AttributeKind::Timestamp,
                          timestamps(k2024, 15 * kMinute, true))},
               {{QStringLiteral("PK"), QStringLiteral("DEVICE#{Device.DeviceId|pad:4}")},
                {QStringLiteral("SK"), readingSk}},
               readingsMin, readingsMax, QStringLiteral("Device")));
    return p;
}

// One root entity type in one collection ("ALL"), keyed by `sk`.
Project flat(const QString &name, std::vector<AttributeSpec> attributes, const QString &sk,
             int count, const char *skType = "S")
{
    Project p;
    p.name = name;
    p.table = pkSk(skType);
    p.seed = 5;
    p.entities.push_back(
        entity(name, std::move(attributes),
               {{QStringLiteral("PK"), QStringLiteral("ALL")}, {QStringLiteral("SK"), sk}}, count));
    return p;
}

Project users(const QString &sk)
{
    return flat(
        QStringLiteral("User"),
        {attribute(QStringLiteral("UserId"), AttributeKind::S, ofKind(GeneratorSpec::Kind::Ksuid)),
         attribute(QStringLiteral("Name"), AttributeKind::S, ofKind(GeneratorSpec::Kind::Names))},
        sk, 60);
}

Project events(const QString &sk)
{
    return flat(QStringLiteral("Event"),
                {attribute(QStringLiteral("Ts"), AttributeKind::Timestamp,
                           randomTimestamps(k2024, k2024 + 300 * kDay))},
                sk, 40);
}

// Two entity types writing times into one sort-key position, in two precisions (or both
// through iso8601).
Project mixedPrecision(bool fixed)
{
    Project p;
    p.name = QStringLiteral("Audit");
    p.table = pkSk();
    p.seed = 9;
    p.entities.push_back(
        entity(QStringLiteral("Login"),
               {attribute(QStringLiteral("At"), AttributeKind::Timestamp, timestamps(k2024, 1000))},
               {{QStringLiteral("PK"), QStringLiteral("AUDIT")},
                {QStringLiteral("SK"),
                 fixed ? QStringLiteral("EVENT#{At|iso8601}") : QStringLiteral("EVENT#{At}")}},
               20));
    p.entities.push_back(entity(
        QStringLiteral("Logout"),
        {attribute(QStringLiteral("At"), AttributeKind::Timestamp, timestamps(k2024 + 250, 1000))},
        {{QStringLiteral("PK"), QStringLiteral("AUDIT")},
         {QStringLiteral("SK"),
          fixed ? QStringLiteral("EVENT#{At|iso8601}#OUT") : QStringLiteral("EVENT#{At}")}},
        20));
    return p;
}

// S timestamps given with different UTC offsets.
Project offsets(bool fixed)
{
    return flat(QStringLiteral("Meeting"),
                {attribute(QStringLiteral("StartsAt"), AttributeKind::S,
                           choice({QStringLiteral("2024-03-01T09:00:00+02:00"),
                                   QStringLiteral("2024-03-01T08:30:00Z"),
                                   QStringLiteral("2024-03-01T10:00:00+05:00"),
                                   QStringLiteral("2024-03-01T07:45:00Z")}))},
                fixed ? QStringLiteral("MEETING#{StartsAt|iso8601}#{Seq|pad:4}")
                      : QStringLiteral("MEETING#{StartsAt}#{Seq|pad:4}"),
                30);
}

Project comments(GeneratorSpec::Kind idKind)
{
    Project p;
    p.name = QStringLiteral("Blog");
    p.table = pkSk();
    p.seed = 4;
    p.entities.push_back(entity(QStringLiteral("Post"),
                                {attribute(QStringLiteral("PostId"), AttributeKind::N, sequence())},
                                {{QStringLiteral("PK"), QStringLiteral("POST#{PostId}")},
                                 {QStringLiteral("SK"), QStringLiteral("POST#{PostId}")}},
                                2));
    GeneratorSpec id = ofKind(idKind);
    if (idKind != GeneratorSpec::Kind::Uuid4) {
        id.start = k2024;
        id.step = kMinute;
    }
    p.entities.push_back(entity(QStringLiteral("Comment"),
                                {attribute(QStringLiteral("CommentId"), AttributeKind::S, id),
                                 attribute(QStringLiteral("CreatedAt"), AttributeKind::Timestamp,
                                           timestamps(k2024, kMinute))},
                                {{QStringLiteral("PK"), QStringLiteral("POST#{Post.PostId}")},
                                 {QStringLiteral("SK"), QStringLiteral("#COMMENT#{CommentId}")}},
                                10, 15, QStringLiteral("Post")));
    AccessPattern newest;
    newest.name = QStringLiteral("Newest comments of a post");
    newest.keyConditionExpression = QStringLiteral("PK = :pk AND begins_with(SK, :c)");
    newest.values[QStringLiteral(":pk")].templateText = QStringLiteral("POST#{PostId}");
    newest.values[QStringLiteral(":c")].literal
        = AttributeValue::string(QStringLiteral("#COMMENT#"));
    newest.parentEntity = QStringLiteral("Post");
    newest.scanIndexForward = false;
    newest.expect.entityTypes = {QStringLiteral("Comment")};
    newest.expect.orderAttribute = QStringLiteral("CreatedAt");
    newest.expect.orderAscending = false;
    p.accessPatterns.push_back(newest);
    return p;
}

Project documents(const QString &sk)
{
    return flat(QStringLiteral("Document"),
                {attribute(QStringLiteral("DocId"), AttributeKind::N, sequence()),
                 attribute(QStringLiteral("Body"), AttributeKind::S, pattern(QString(1100, u'A')))},
                sk, 3);
}

Project notes(const QString &sk)
{
    return flat(QStringLiteral("Note"),
                {attribute(QStringLiteral("NoteId"), AttributeKind::N, sequence()),
                 attribute(QStringLiteral("Tag"), AttributeKind::S, constant(QString()))},
                sk, 3);
}

Project orders(const QString &sk)
{
    GeneratorSpec id = ofKind(GeneratorSpec::Kind::Ulid);
    id.start = k2024;
    id.step = kHour;
    return flat(QStringLiteral("Order"),
                {attribute(QStringLiteral("OrderId"), AttributeKind::S, id)}, sk, 12);
}

// Orders whose URL id (OrderId) needs the date next to it in the key.
Project datedOrders(const QString &sk)
{
    AttributeSpec id
        = attribute(QStringLiteral("OrderId"), AttributeKind::S, pattern(QStringLiteral("######")));
    id.exposedInUrl = true;
    return flat(QStringLiteral("Order"),
                {id,
                 attribute(QStringLiteral("OrderDate"), AttributeKind::Timestamp,
                           timestamps(k2024, 26 * kHour))},
                sk, 8);
}

// A Meeting needs a Seq to tell equal start times apart.
Project withSeq(Project p)
{
    for (EntityType &e : p.entities)
        e.attributes.push_back(attribute(QStringLiteral("Seq"), AttributeKind::N, sequence()));
    return p;
}

Project fromFile(const QString &name)
{
    const auto read = ProjectFile::read(keyscope::testsupport::testDataPath("/checks/") + name);
    if (const auto *errors = std::get_if<std::vector<IoError>>(&read)) {
        QStringList texts;
        for (const IoError &e : *errors)
            texts << e.message;
        qFatal("cannot read %s: %s", qPrintable(name), qPrintable(texts.join(u'\n')));
    }
    return std::get<Project>(read);
}

const std::map<QString, std::function<Project()>> &fixtures()
{
    static const std::map<QString, std::function<Project()>> all = {
        // unpadded-number
        {"readings-unpadded", [] { return iot(QStringLiteral("READING#{ReadingId}")); }},
        {"readings-padded", [] { return iot(QStringLiteral("READING#{ReadingId|pad:6}")); }},
        {"readings-number-key", [] { return iot(QStringLiteral("{ReadingId}"), 25, 40, "N"); }},
        {"readings-few", [] { return iot(QStringLiteral("READING#{ReadingId}"), 9, 9); }},
        // pad-overflow, pad-near-limit
        {"pad-overflow", [] { return iot(QStringLiteral("READING#{ReadingId|pad:1}"), 12, 12); }},
        {"invert-overflow",
         [] { return iot(QStringLiteral("READING#{ReadingId|invert:1}"), 12, 12); }},
        {"pad-wide", [] { return iot(QStringLiteral("READING#{ReadingId|pad:5}"), 12, 12); }},
        {"pad-near-limit", [] { return iot(QStringLiteral("READING#{ReadingId|pad:2}"), 85, 90); }},
        {"pad-roomy", [] { return iot(QStringLiteral("READING#{ReadingId|pad:5}"), 85, 90); }},
        // mixed-case
        {"names-raw", [] { return users(QStringLiteral("USER#{Name}#{UserId}")); }},
        {"names-upper", [] { return users(QStringLiteral("USER#{Name|upper}#{UserId}")); }},
        {"ksuid-only", [] { return users(QStringLiteral("USER#{UserId}")); }},
        // unsortable-timestamp
        {"events-display-format",
         [] { return events(QStringLiteral("EVENT#{Ts|format:MMM d, yyyy}")); }},
        {"events-iso8601", [] { return events(QStringLiteral("EVENT#{Ts|iso8601}")); }},
        {"audit-mixed-precision", [] { return mixedPrecision(false); }},
        {"audit-iso8601", [] { return mixedPrecision(true); }},
        {"meetings-offsets", [] { return withSeq(offsets(false)); }},
        {"meetings-utc", [] { return withSeq(offsets(true)); }},
        // mutable-in-key
        {"ticket-updatedat-in-key",
         [] { return fromFile(QStringLiteral("ticket-updatedat-in-key.keyscope.json")); }},
        {"ticket-lsi", [] { return fromFile(QStringLiteral("ticket-lsi.keyscope.json")); }},
        // random-id-order
        {"comments-uuid4", [] { return comments(GeneratorSpec::Kind::Uuid4); }},
        {"comments-ulid", [] { return comments(GeneratorSpec::Kind::Ulid); }},
        {"comments-ksuid", [] { return comments(GeneratorSpec::Kind::Ksuid); }},
        // key-too-large, empty-key, duplicate-key
        {"documents-body-in-key", [] { return documents(QStringLiteral("DOC#{Body}")); }},
        {"documents-id-in-key", [] { return documents(QStringLiteral("DOC#{DocId|pad:6}")); }},
        {"notes-empty-key", [] { return notes(QStringLiteral("{Tag}")); }},
        {"notes-prefixed-key", [] { return notes(QStringLiteral("NOTE#{Tag}{NoteId|pad:6}")); }},
        {"readings-by-day", [] { return iot(QStringLiteral("#READING#{Ts|date}")); }},
        {"readings-by-instant", [] { return iot(QStringLiteral("#READING#{Ts|iso8601}")); }},
        {"hand-written-duplicate",
         [] {
             Project p = iot(QStringLiteral("#READING#{Ts|iso8601}"), 2, 2);
             p.items.push_back(
                 Item {{"PK", AttributeValue::string(QStringLiteral("DEVICE#0001"))},
                       {"SK", AttributeValue::string(QStringLiteral("DEVICE#0001"))}});
             return p;
         }},
        {"missing-sort-key",
         [] {
             Project p = iot(QStringLiteral("#READING#{Ts|iso8601}"), 2, 2);
             p.entities[1].keys.erase(QStringLiteral("SK"));
             return p;
         }},
        // lowercase-ulid
        {"orders-lower-ulid", [] { return orders(QStringLiteral("ORDER#{OrderId|lower}")); }},
        {"orders-ulid", [] { return orders(QStringLiteral("ORDER#{OrderId}")); }},
        {"orders-mixed-ulid",
         [] {
             Project p = orders(QStringLiteral("ORDER#{OrderId}"));
             Project lower = orders(QStringLiteral("ORDER#{OrderId|lower}"));
             lower.entities[0].name = QStringLiteral("LegacyOrder");
             lower.entities[0].attributes[0].generator.start = k2024 - 30 * kDay;
             p.entities.push_back(lower.entities[0]);
             return p;
         }},
        // url-unsafe-key
        {"orders-date-in-id",
         [] { return fromFile(QStringLiteral("orders-date-in-id.keyscope.json")); }},
        {"orders-ulid-id", [] { return fromFile(QStringLiteral("orders-ulid-id.keyscope.json")); }},
        {"orders-date-in-key",
         [] { return datedOrders(QStringLiteral("order#{OrderDate|date}#{OrderId}")); }},
        {"orders-id-in-key", [] { return datedOrders(QStringLiteral("ORDER#{OrderId}")); }},
    };
    return all;
}

using keyscope::testsupport::populate;

QString dump(const std::vector<Finding> &findings)
{
    QStringList lines;
    for (const Finding &f : findings)
        lines << QStringLiteral("[%1] %2 %3 (%4): %5\n  %6\n  fix: %7")
                     .arg(Finding::severityName(f.severity), f.id, f.path, f.attribute, f.title,
                          f.explanation, f.fix);
    return lines.join(u'\n');
}

QString keyText(const AttributeValue &value)
{
    return value.type() == AttributeValue::Type::N ? value.asNumber().toString() : value.asString();
}

bool isOrderingCheck(const QString &id)
{
    return id == QLatin1String("unpadded-number") || id == QLatin1String("mixed-case")
        || id == QLatin1String("unsortable-timestamp") || id == QLatin1String("random-id-order")
        || id == QLatin1String("lowercase-ulid") || id == QLatin1String("pad-overflow");
}

} // namespace

class TestDesignChecker : public QObject
{
    Q_OBJECT

private slots:
    void findings_data();
    void findings();
    void numberKeysAreFine();
    void padAlertShareIsConfigurable();
    void sortedAndDeterministic();
    void mutableInIndexKeyIsFine();
    void fixesNameTheDesign();
    void largePopulation();
    void spansAndConcernedItems_data();
    void spansAndConcernedItems();
    void invalidItemMarksNoTemplate();
    void countsReadAsSentences_data();
    void countsReadAsSentences();
};

void TestDesignChecker::findings_data()
{
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<QString>("id");
    QTest::addColumn<bool>("fires");
    QTest::addColumn<QString>("severity");
    QTest::addColumn<QString>("path");
    // Whose values of the example items the explanation must quote: a key attribute ("SK") or
    // an attribute of the entity.
    QTest::addColumn<QString>("quoted");
    // Literal texts the explanation must contain.
    QTest::addColumn<QStringList>("mentions");

    const auto fire = [](const char *tag, const char *fixture, const char *id, const char *severity,
                         const char *path, const char *quoted, QStringList mentions = {}) {
        QTest::newRow(tag) << QString::fromLatin1(fixture) << QString::fromLatin1(id) << true
                           << QString::fromLatin1(severity) << QString::fromLatin1(path)
                           << QString::fromLatin1(quoted) << mentions;
    };
    const auto quiet = [](const char *tag, const char *fixture, const char *id) {
        QTest::newRow(tag) << QString::fromLatin1(fixture) << QString::fromLatin1(id) << false
                           << QString() << QString() << QString() << QStringList();
    };

    fire("unpadded-number", "readings-unpadded", "unpadded-number", "warning",
         "entities[1].keys.SK", "SK", {"'READING#1", "sorts before 'READING#", "at byte"});
    quiet("unpadded-number: padded", "readings-padded", "unpadded-number");
    quiet("unpadded-number: N key", "readings-number-key", "unpadded-number");
    quiet("unpadded-number: one digit", "readings-few", "unpadded-number");

    fire("pad-overflow", "pad-overflow", "pad-overflow", "error", "entities[1].keys.SK", "SK",
         {"wider than pad:1", "'READING#10'"});
    fire("pad-overflow: invert", "invert-overflow", "pad-overflow", "error", "entities[1].keys.SK",
         "SK", {"invert:1"});
    quiet("pad-overflow: wide", "pad-wide", "pad-overflow");
    fire("pad-near-limit", "pad-near-limit", "pad-near-limit", "warning", "entities[1].keys.SK",
         "SK", {"the largest value pad:2 can write", "'READING#100'"});
    quiet("pad-near-limit: roomy", "pad-roomy", "pad-near-limit");
    quiet("pad-near-limit: wide", "pad-wide", "pad-near-limit");

    fire("mixed-case", "names-raw", "mixed-case", "warning", "entities[0].keys.SK", "SK",
         {"alphabetically", "sorts before 'USER#"});
    quiet("mixed-case: upper", "names-upper", "mixed-case");
    quiet("mixed-case: ksuid", "ksuid-only", "mixed-case");

    fire("unsortable-timestamp: format", "events-display-format", "unsortable-timestamp", "warning",
         "entities[0].keys.SK", "SK", {"display format", "EVENT#"});
    quiet("unsortable-timestamp: iso8601", "events-iso8601", "unsortable-timestamp");
    fire("unsortable-timestamp: precision", "audit-mixed-precision", "unsortable-timestamp",
         "warning", "entities[0].keys.SK", "SK",
         {"The SK template of Login", "the SK template of Logout", "'.' (0x2E)"});
    quiet("unsortable-timestamp: one precision", "audit-iso8601", "unsortable-timestamp");
    fire("unsortable-timestamp: offsets", "meetings-offsets", "unsortable-timestamp", "warning",
         "entities[0].keys.SK", "StartsAt", {"offsets"});
    quiet("unsortable-timestamp: utc", "meetings-utc", "unsortable-timestamp");

    fire("mutable-in-key", "ticket-updatedat-in-key", "mutable-in-key", "error",
         "entities[1].keys.SK", "SK", {"delete plus a create", "UpdatedAt"});
    quiet("mutable-in-key: LSI", "ticket-lsi", "mutable-in-key");

    fire("random-id-order", "comments-uuid4", "random-id-order", "warning", "entities[1].keys.SK",
         "SK", {"Newest comments of a post", "CreatedAt"});
    quiet("random-id-order: ulid", "comments-ulid", "random-id-order");
    quiet("random-id-order: ksuid", "comments-ksuid", "random-id-order");

    fire("key-too-large", "documents-body-in-key", "key-too-large", "error", "entities[0].keys.SK",
         "",
         {"Aggregated size of all range keys has exceeded the size limit of 1024 bytes",
          "1104 bytes"});
    quiet("key-too-large: id", "documents-id-in-key", "key-too-large");
    fire("empty-key", "notes-empty-key", "empty-key", "error", "entities[0].keys.SK", "",
         {"cannot contain an empty string value"});
    quiet("empty-key: prefixed", "notes-prefixed-key", "empty-key");
    fire("invalid-item", "missing-sort-key", "invalid-item", "error", "entities[1].keys", "",
         {"Missing the key SK"});
    quiet("invalid-item: complete", "readings-by-instant", "invalid-item");
    fire("duplicate-key", "readings-by-day", "duplicate-key", "error", "entities[1].keys.SK", "SK",
         {"later write wins"});
    quiet("duplicate-key: instants", "readings-by-instant", "duplicate-key");
    fire("duplicate-key: hand-written", "hand-written-duplicate", "duplicate-key", "error",
         "items[0]", "SK", {"DEVICE#0001"});

    fire("lowercase-ulid: filter", "orders-lower-ulid", "lowercase-ulid", "warning",
         "entities[0].keys.SK", "SK", {"lower filter", "0x"});
    fire("lowercase-ulid: mixed", "orders-mixed-ulid", "lowercase-ulid", "warning",
         "entities[1].keys.SK", "SK", {"created after"});
    quiet("lowercase-ulid: uppercase", "orders-ulid", "lowercase-ulid");

    fire("url-unsafe-key", "orders-date-in-id", "url-unsafe-key", "warning",
         "entities[1].attributes[0]", "OrderId", {"'#' (0x23)", "%23", "fragment"});
    quiet("url-unsafe-key: ulid", "orders-ulid-id", "url-unsafe-key");
    fire("url-unsafe-key: composite key", "orders-date-in-key", "url-unsafe-key", "warning",
         "entities[0].keys.SK", "SK", {"also holds OrderDate", "%23", "the whole key"});
    quiet("url-unsafe-key: id alone", "orders-id-in-key", "url-unsafe-key");
}

void TestDesignChecker::findings()
{
    QFETCH(QString, fixture);
    QFETCH(QString, id);
    QFETCH(bool, fires);
    QFETCH(QString, severity);
    QFETCH(QString, path);
    QFETCH(QString, quoted);
    QFETCH(QStringList, mentions);

    const Project project = fixtures().at(fixture)();
    const Population population = populate(project);
    const std::vector<Finding> all = DesignChecker::check(project, population);
    if (qEnvironmentVariableIsSet("KEYSCOPE_DUMP_FINDINGS"))
        qInfo("%s", qPrintable(dump(all)));
    std::vector<Finding> found;
    for (const Finding &f : all) {
        QVERIFY2(DesignChecker::checkIds().contains(f.id), qPrintable(f.id));
        if (f.id == id)
            found.push_back(f);
    }
    if (!fires) {
        QVERIFY2(found.empty(), qPrintable(dump(found)));
        return;
    }
    QVERIFY2(found.size() == 1, qPrintable(dump(all)));
    const Finding &f = found.front();
    QCOMPARE(Finding::severityName(f.severity), severity);
    QCOMPARE(f.path, path);
    // Hand-written items name the type inferred from their keys, if any; templates their own.
    if (!path.startsWith(QLatin1String("items[")))
        QVERIFY(!f.entity.isEmpty());
    QVERIFY(!f.title.isEmpty());
    QVERIFY(!f.fix.isEmpty());
    QVERIFY(!f.items.empty());
    // Every finding names the items it concerns, sorted, and its first example among them
    // (pad-overflow's second example is the neighbour its overflowing item lands next to).
    QVERIFY(!f.concerned.empty());
    QVERIFY(std::is_sorted(f.concerned.begin(), f.concerned.end()));
    QVERIFY(std::adjacent_find(f.concerned.begin(), f.concerned.end()) == f.concerned.end());
    QVERIFY2(std::any_of(f.items.begin(), f.items.end(),
                         [&](qint64 item) {
                             return std::binary_search(f.concerned.begin(), f.concerned.end(),
                                                       item);
                         }),
             qPrintable(dump({f})));
    // A template span lies inside the template it names; otherwise the finding says why not.
    if (f.hasTemplateSpan()) {
        const EntityType *type = project.entity(f.entity);
        QVERIFY(type);
        QVERIFY(type->keys.count(f.keyAttribute));
        QVERIFY(f.column - 1 + f.length <= type->keys.at(f.keyAttribute).size());
        QVERIFY(!f.keyRole.isEmpty());
    } else {
        QVERIFY(!f.scopeNote.isEmpty());
    }
    for (const QString &text : mentions)
        QVERIFY2(f.explanation.contains(text),
                 qPrintable(text + QStringLiteral(" not in: ") + f.explanation));
    // The words are the user's ("the SK template of Reading"); the JSON path is only in path.
    for (const QString &words : {f.title, f.explanation, f.fix, f.scopeNote}) {
        QVERIFY2(!words.contains(QLatin1String("entities[")), qPrintable(words));
        QVERIFY2(!words.contains(QLatin1String("items[")), qPrintable(words));
    }
    // The explanation quotes the example items' real values: the first, and the second of a
    // pair (the other examples of key-limit and URL findings are listed, not described).
    const bool pair = isOrderingCheck(id) || id == QLatin1String("duplicate-key");
    for (size_t n = 0; n < f.items.size() && n < (pair ? 2u : 1u); ++n) {
        const qint64 item = f.items[n];
        QVERIFY(item >= 0 && item < population.size());
        const Item &it = population.items[size_t(item)];
        // Named as the user counts, from 1: "Reading 3 (PK ...)", never by population index.
        QVERIFY2(f.explanation.contains(populationItemName(project, population, item)
                                        + QStringLiteral(" (")),
                 qPrintable(f.explanation));
        if (quoted.isEmpty())
            continue;
        const auto value = it.find(quoted);
        QVERIFY2(value != it.end(), qPrintable(quoted));
        QVERIFY2(f.explanation.contains(keyText(value->second)),
                 qPrintable(keyText(value->second) + QStringLiteral(" not in: ") + f.explanation));
    }
    // An ordering finding's first item really sorts before its second, in one collection.
    if (isOrderingCheck(id) && f.items.size() == 2) {
        const Item &a = population.items[size_t(f.items[0])];
        const Item &b = population.items[size_t(f.items[1])];
        QCOMPARE(a.at("PK"), b.at("PK"));
        QVERIFY(AttributeValue::compareKeys(a.at("SK"), b.at("SK")) < 0);
    }
}

void TestDesignChecker::numberKeysAreFine()
{
    const Project project = iot(QStringLiteral("{ReadingId}"), 25, 40, "N");
    const Population population = populate(project);
    const auto findings = DesignChecker::check(project, population);
    QVERIFY2(findings.empty(), qPrintable(dump(findings)));
}

void TestDesignChecker::padAlertShareIsConfigurable()
{
    // Up to 90 readings under pad:2: 90% of 99.
    const Project project = iot(QStringLiteral("READING#{ReadingId|pad:2}"), 85, 90);
    const Population population = populate(project);
    CheckOptions options;
    options.padAlertShare = 0.95;
    for (const Finding &f : DesignChecker::check(project, population, options))
        QVERIFY2(f.id != QLatin1String("pad-near-limit"), qPrintable(f.explanation));
    options.padAlertShare = 0.5;
    const auto findings = DesignChecker::check(project, population, options);
    QCOMPARE(findings.size(), size_t(1));
    QVERIFY(findings[0].explanation.contains(QStringLiteral("the alert share is 50%")));
    QVERIFY2(findings[0].fix.contains(QStringLiteral("READING#{ReadingId|pad:5}")),
             qPrintable(findings[0].fix));
}

void TestDesignChecker::sortedAndDeterministic()
{
    // A design with several mistakes: errors come first, then warnings, each by path.
    Project project = fromFile(QStringLiteral("ticket-updatedat-in-key.keyscope.json"));
    project.entities[0].countMin = project.entities[0].countMax = 30;
    project.entities[0].keys[QStringLiteral("PK")] = QStringLiteral("ORGS");
    project.entities[1].keys[QStringLiteral("PK")] = QStringLiteral("ORG#{Org.OrgName|pad:1}");
    project.entities[1].keys[QStringLiteral("SK")]
        = QStringLiteral("TICKET#{UpdatedAt|format:d MMM yyyy}");
    const Population population = populate(project);
    const auto a = DesignChecker::check(project, population);
    const auto b = DesignChecker::check(project, population);
    QStringList summary;
    for (const Finding &f : a)
        summary << Finding::severityName(f.severity) + u' ' + f.id + u' ' + f.path;
    const QStringList expected {
        QStringLiteral("error mutable-in-key entities[1].keys.SK"),
        // "d MMM yyyy" also drops the time: tickets updated on one day share a key, and the
        // later PutItem silently replaces the earlier item (issue 13: an error).
        QStringLiteral("error duplicate-key entities[1].keys.SK"),
        QStringLiteral("warning unpadded-number entities[0].keys.SK"),
        QStringLiteral("warning unsortable-timestamp entities[1].keys.SK"),
    };
    QVERIFY2(summary == expected, qPrintable(summary.join(u'\n')));
    QCOMPARE(a.size(), b.size());
    for (size_t i = 0; i < a.size(); ++i) {
        QCOMPARE(a[i].explanation, b[i].explanation);
        QCOMPARE(a[i].items, b[i].items);
    }
}

void TestDesignChecker::mutableInIndexKeyIsFine()
{
    const Project project = fromFile(QStringLiteral("ticket-lsi.keyscope.json"));
    const Population population = populate(project);
    const auto findings = DesignChecker::check(project, population);
    QVERIFY2(findings.empty(), qPrintable(dump(findings)));
}

void TestDesignChecker::fixesNameTheDesign()
{
    const auto findingOf = [](const QString &fixture, const QString &id) {
        const Project project = fixtures().at(fixture)();
        const Population population = populate(project);
        for (const Finding &f : DesignChecker::check(project, population)) {
            if (f.id == id)
                return f;
        }
        return Finding {};
    };
    QVERIFY(findingOf(QStringLiteral("readings-unpadded"), QStringLiteral("unpadded-number"))
                .fix.contains(QStringLiteral("READING#{ReadingId|pad:5}")));
    QVERIFY(findingOf(QStringLiteral("pad-overflow"), QStringLiteral("pad-overflow"))
                .fix.contains(QStringLiteral("READING#{ReadingId|pad:5}")));
    const Finding mixedCase = findingOf(QStringLiteral("names-raw"), QStringLiteral("mixed-case"));
    QVERIFY2(mixedCase.fix.contains(QStringLiteral("USER#{Name|upper}#{UserId}")),
             qPrintable(mixedCase.fix));
    QVERIFY(mixedCase.fix.contains(QStringLiteral("display")));
    QVERIFY(
        findingOf(QStringLiteral("events-display-format"), QStringLiteral("unsortable-timestamp"))
            .fix.contains(QStringLiteral("EVENT#{Ts|iso8601}")));
    const Finding mutableKey
        = findingOf(QStringLiteral("ticket-updatedat-in-key"), QStringLiteral("mutable-in-key"));
    QVERIFY2(mutableKey.fix.contains(QStringLiteral("SK = TICKET#{TicketId}")),
             qPrintable(mutableKey.fix));
    QVERIFY(mutableKey.fix.contains(QStringLiteral("local secondary index 'ByUpdatedAt'")));
    QVERIFY(mutableKey.fix.contains(QStringLiteral("ScanIndexForward=false")));
    const Finding random
        = findingOf(QStringLiteral("comments-uuid4"), QStringLiteral("random-id-order"));
    QVERIFY(random.fix.contains(QStringLiteral("KSUID")));
    QVERIFY(random.fix.contains(QStringLiteral("ULID")));
    QVERIFY(random.fix.contains(QStringLiteral("when it was created")));
    QVERIFY(random.fix.contains(QStringLiteral("#COMMENT#{CreatedAt|iso8601}#{CommentId}")));
    QVERIFY(findingOf(QStringLiteral("orders-lower-ulid"), QStringLiteral("lowercase-ulid"))
                .fix.contains(QStringLiteral(": ORDER#{OrderId},")));
}

void TestDesignChecker::largePopulation()
{
    // 200 devices x 1000 readings (KEYSCOPE_CHECK_DEVICES=1000 for a million), with an
    // unpadded number, a padded one and a timestamp in the keys: the checks stay fast and still
    // find the pair.
    const int devices = qEnvironmentVariableIsSet("KEYSCOPE_CHECK_DEVICES")
        ? qEnvironmentVariableIntValue("KEYSCOPE_CHECK_DEVICES")
        : 200;
    Project big = iot(QStringLiteral("READING#{ReadingId}#{Ts|iso8601}"), 1000, 1000);
    big.entities[0].countMin = big.entities[0].countMax = devices;
    const Population population = populate(big);
    QCOMPARE(population.size(), qint64(devices) * 1001);
    QElapsedTimer timer;
    timer.start();
    const auto findings = DesignChecker::check(big, population);
    qInfo("checked %lld items in %lld ms", population.size(), timer.elapsed());
    QVERIFY2(findings.size() == 1, qPrintable(dump(findings)));
    QCOMPARE(findings[0].id, QStringLiteral("unpadded-number"));
}

void TestDesignChecker::spansAndConcernedItems_data()
{
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("keyAttribute");
    QTest::addColumn<QString>("keyRole");
    QTest::addColumn<QString>("spanText"); // the template's characters the span covers
    // Which items are concerned, judged here independently from the population:
    //   "inverted:ATTR"  items of one PK whose SK order disagrees with ATTR's order (numbers by
    //                    value, text case-folded, instants by time) with some other item
    //   "above:ATTR:N"   items whose ATTR is greater than N
    //   "entity:NAME"    every item of the entity type
    //   "duplicates"     items sharing PK and SK with another item
    QTest::addColumn<QString>("rule");

    QTest::newRow("unpadded-number") << "readings-unpadded"
                                     << "unpadded-number"
                                     << "SK"
                                     << "table sort key"
                                     << "{ReadingId}"
                                     << "inverted:ReadingId";
    QTest::newRow("mixed-case") << "names-raw"
                                << "mixed-case"
                                << "SK"
                                << "table sort key"
                                << "{Name}"
                                << "inverted:Name";
    QTest::newRow("unsortable-timestamp") << "events-display-format"
                                          << "unsortable-timestamp"
                                          << "SK"
                                          << "table sort key"
                                          << "{Ts|format:MMM d, yyyy}"
                                          << "inverted:Ts";
    QTest::newRow("random-id-order") << "comments-uuid4"
                                     << "random-id-order"
                                     << "SK"
                                     << "table sort key"
                                     << "{CommentId}"
                                     << "inverted:CreatedAt";
    QTest::newRow("pad-overflow") << "pad-overflow"
                                  << "pad-overflow"
                                  << "SK"
                                  << "table sort key"
                                  << "pad:1"
                                  << "above:ReadingId:9";
    QTest::newRow("pad-near-limit") << "pad-near-limit"
                                    << "pad-near-limit"
                                    << "SK"
                                    << "table sort key"
                                    << "pad:2"
                                    << "above:ReadingId:79";
    QTest::newRow("mutable-in-key") << "ticket-updatedat-in-key"
                                    << "mutable-in-key"
                                    << "SK"
                                    << "table sort key"
                                    << "{UpdatedAt|iso8601}"
                                    << "entity:Ticket";
    QTest::newRow("lowercase-ulid") << "orders-lower-ulid"
                                    << "lowercase-ulid"
                                    << "SK"
                                    << "table sort key"
                                    << "lower"
                                    << "entity:Order";
    QTest::newRow("url-unsafe-key: the literal '#'") << "orders-date-in-key"
                                                     << "url-unsafe-key"
                                                     << "SK"
                                                     << "table sort key"
                                                     << "#"
                                                     << "entity:Order";
    QTest::newRow("key-too-large") << "documents-body-in-key"
                                   << "key-too-large"
                                   << "SK"
                                   << "table sort key"
                                   << "{Body}"
                                   << "entity:Document";
    QTest::newRow("empty-key") << "notes-empty-key"
                               << "empty-key"
                               << "SK"
                               << "table sort key"
                               << "{Tag}"
                               << "entity:Note";
    QTest::newRow("duplicate-key") << "readings-by-day"
                                   << "duplicate-key"
                                   << "SK"
                                   << "table sort key"
                                   << "#READING#{Ts|date}"
                                   << "duplicates";
}

void TestDesignChecker::spansAndConcernedItems()
{
    QFETCH(QString, fixture);
    QFETCH(QString, id);
    QFETCH(QString, keyAttribute);
    QFETCH(QString, keyRole);
    QFETCH(QString, spanText);
    QFETCH(QString, rule);

    const Project project = fixtures().at(fixture)();
    const Population population = populate(project);
    const auto all = DesignChecker::check(project, population);
    const auto it
        = std::find_if(all.begin(), all.end(), [&](const Finding &f) { return f.id == id; });
    QVERIFY2(it != all.end(), qPrintable(dump(all)));
    const Finding &f = *it;

    QVERIFY(f.hasTemplateSpan());
    QCOMPARE(f.keyAttribute, keyAttribute);
    QCOMPARE(f.keyRole, keyRole);
    const QString text = project.entity(f.entity)->keys.at(f.keyAttribute);
    QCOMPARE(text.mid(f.column - 1, f.length), spanText);

    // What the rule says, item by item, straight from the population.
    const auto valueOf = [&](qint64 item, const QString &attribute) -> AttributeValue {
        const Item &i = population.items[size_t(item)];
        const auto found = i.find(attribute);
        return found == i.end() ? AttributeValue() : found->second;
    };
    const auto intendedLess = [&](const AttributeValue &a, const AttributeValue &b) {
        if (a.type() == AttributeValue::Type::N)
            return a.asNumber() < b.asNumber();
        const auto ta = checks::parseInstant(a.asString());
        const auto tb = checks::parseInstant(b.asString());
        if (ta && tb)
            return *ta < *tb;
        return a.asString().toCaseFolded() < b.asString().toCaseFolded();
    };
    std::vector<qint64> expected;
    const QStringList words = rule.split(u':');
    for (qint64 i = 0; i < population.size(); ++i) {
        const QString entity = population.entityOf[size_t(i)] >= 0
            ? project.entities[size_t(population.entityOf[size_t(i)])].name
            : QString();
        if (words[0] == QLatin1String("entity")) {
            if (entity == words[1])
                expected.push_back(i);
        } else if (words[0] == QLatin1String("above")) {
            const AttributeValue v = valueOf(i, words[1]);
            if (v.type() == AttributeValue::Type::N
                && v.asNumber().toString().toLongLong() > words[2].toLongLong())
                expected.push_back(i);
        } else {
            const AttributeValue pk = valueOf(i, QStringLiteral("PK"));
            const AttributeValue sk = valueOf(i, QStringLiteral("SK"));
            for (qint64 j = 0; j < population.size(); ++j) {
                if (j == i || valueOf(j, QStringLiteral("PK")) != pk)
                    continue;
                const AttributeValue skj = valueOf(j, QStringLiteral("SK"));
                if (words[0] == QLatin1String("duplicates")) {
                    if (skj == sk) {
                        expected.push_back(i);
                        break;
                    }
                    continue;
                }
                const AttributeValue a = valueOf(i, words[1]);
                const AttributeValue b = valueOf(j, words[1]);
                if (a.type() == AttributeValue::Type::Null || b.type() != a.type())
                    continue;
                const int keyOrder = AttributeValue::compareKeys(sk, skj);
                if ((intendedLess(a, b) && keyOrder > 0) || (intendedLess(b, a) && keyOrder < 0)) {
                    expected.push_back(i);
                    break;
                }
            }
        }
    }
    QVERIFY(!expected.empty());
    QCOMPARE(f.concerned, expected);
}

void TestDesignChecker::invalidItemMarksNoTemplate()
{
    // An item without a sort key has no template to mark: the finding says so, and still
    // lists every rejected item.
    const Project project = fixtures().at(QStringLiteral("missing-sort-key"))();
    const Population population = populate(project);
    const auto all = DesignChecker::check(project, population);
    const auto it = std::find_if(all.begin(), all.end(), [](const Finding &f) {
        return f.id == QLatin1String("invalid-item");
    });
    QVERIFY2(it != all.end(), qPrintable(dump(all)));
    QVERIFY(!it->hasTemplateSpan());
    QVERIFY(it->keyAttribute.isEmpty());
    QVERIFY2(it->scopeNote.contains(QLatin1String("not a part of a key template")),
             qPrintable(it->scopeNote));
    std::vector<qint64> readings;
    for (qint64 i = 0; i < population.size(); ++i) {
        if (project.entities[size_t(population.entityOf[size_t(i)])].name
            == QLatin1String("Reading"))
            readings.push_back(i);
    }
    QCOMPARE(it->concerned, readings);
}

// Findings read as English whether one item or several are concerned (issue 26, section 3):
// never "item(s)" or "1 values", and items counted from 1 ("Reading 10"), never "#0" or
// "item 0". One Device with 10 Readings under pad:1 overflows once (ReadingId 10); three
// Devices overflow three times.
void TestDesignChecker::countsReadAsSentences_data()
{
    QTest::addColumn<int>("devices");
    QTest::addColumn<QStringList>("mentions");
    QTest::newRow("one concerned item")
        << 1
        << QStringList {"1 digit holds at most 9",
                        "1 value of ReadingId in your data overflows the width."};
    QTest::newRow("several concerned items")
        << 3
        << QStringList {"1 digit holds at most 9",
                        "3 values of ReadingId in your data overflow the width."};
}

void TestDesignChecker::countsReadAsSentences()
{
    QFETCH(int, devices);
    QFETCH(QStringList, mentions);
    Project project = iot(QStringLiteral("READING#{ReadingId|pad:1}"), 10, 10);
    project.entities[0].countMin = project.entities[0].countMax = devices;
    const Population population = populate(project);
    const std::vector<Finding> findings = DesignChecker::check(project, population);
    const auto overflow = std::find_if(findings.begin(), findings.end(), [](const Finding &f) {
        return f.id == QLatin1String("pad-overflow");
    });
    QVERIFY2(overflow != findings.end(), qPrintable(dump(findings)));
    QCOMPARE(qsizetype(overflow->concerned.size()), qsizetype(devices));
    for (const QString &text : mentions)
        QVERIFY2(overflow->explanation.contains(text), qPrintable(overflow->explanation));
    // The first Device's tenth Reading, whatever its place in the population.
    QVERIFY2(overflow->explanation.contains(QStringLiteral("in Reading 10 (PK 'DEVICE#0001'")),
             qPrintable(overflow->explanation));

    const QRegularExpression hedged(QStringLiteral("[a-z]\\(s\\)|[a-z]\\(es\\)"));
    const QRegularExpression oneMany(QStringLiteral("\\b1 (items|values|digits|entity types)\\b"));
    const QRegularExpression fromZero(QStringLiteral("#0\\b|\\bitem 0\\b|\\b[A-Z]\\w* 0 \\("));
    for (const Finding &f : findings) {
        for (const QString &words : {f.title, f.explanation, f.fix, f.scopeNote}) {
            QVERIFY2(!hedged.match(words).hasMatch(),
                     qPrintable(f.id + QStringLiteral(": ") + words));
            QVERIFY2(!oneMany.match(words).hasMatch(),
                     qPrintable(f.id + QStringLiteral(": ") + words));
            QVERIFY2(!fromZero.match(words).hasMatch(),
                     qPrintable(f.id + QStringLiteral(": ") + words));
        }
    }
}

QTEST_GUILESS_MAIN(TestDesignChecker)

#include "tst_designchecker.moc"
