// The `*.keyscope.json` project file: the example loads as written, saves byte for byte as it
// was read, keeps unknown members at every level, reports every problem with its JSON path and
// a fix, and writes atomically.

#include "model/design/projectfile.h"
#include "model/value/dynamojson.h"
#include "tests/support/testpaths.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace keyscope::model;

namespace {

QString dataPath(const QString &name)
{
    return keyscope::testsupport::testDataPath("/project/") + name;
}

QByteArray readBytes(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return file.readAll();
}

QString joinErrors(const std::vector<IoError> &errors)
{
    QStringList lines;
    for (const IoError &error : errors)
        lines << error.toString();
    return lines.join(u'\n');
}

// Loads a fixture; fails the test (returns nullopt) with every error if it does not load.
std::optional<Project> load(const QString &path)
{
    auto result = ProjectFile::read(path);
    if (auto *errors = std::get_if<std::vector<IoError>>(&result)) {
        qWarning("%s", qPrintable(joinErrors(*errors)));
        return std::nullopt;
    }
    return std::get<Project>(std::move(result));
}

// --- Editing a JSON document by path, for the error table ------------------------------------

struct Step
{
    QString key;
    int index = -1;
};

QList<Step> stepsOf(const QString &path)
{
    QList<Step> steps;
    for (const QString &part : path.split(u'.')) {
        QString rest = part;
        const qsizetype bracket = rest.indexOf(u'[');
        steps.append(Step {bracket < 0 ? rest : rest.left(bracket), -1});
        if (bracket >= 0) {
            rest = rest.mid(bracket);
            while (rest.startsWith(u'[')) {
                const qsizetype close = rest.indexOf(u']');
                steps.append(Step {{}, rest.mid(1, close - 1).toInt()});
                rest = rest.mid(close + 1);
            }
        }
    }
    return steps;
}

// Sets (or with nullopt removes) the value at steps[i...] inside node.
QJsonValue setAt(const QJsonValue &node, const QList<Step> &steps, qsizetype i,
                 const std::optional<QJsonValue> &value)
{
    if (i == steps.size())
        return *value;
    const Step &step = steps[i];
    const bool last = i + 1 == steps.size();
    if (step.index >= 0) {
        QJsonArray array = node.toArray();
        if (last && !value)
            array.removeAt(step.index);
        else if (step.index >= array.size())
            array.append(setAt(QJsonValue(), steps, i + 1, value));
        else
            array[step.index] = setAt(array.at(step.index), steps, i + 1, value);
        return array;
    }
    QJsonObject object = node.toObject();
    if (last && !value)
        object.remove(step.key);
    else
        object.insert(step.key, setAt(object.value(step.key), steps, i + 1, value));
    return object;
}

// "PATH => JSON" sets a value, "PATH => -" removes it.
QJsonObject edited(QJsonObject document, const QStringList &edits)
{
    for (const QString &edit : edits) {
        const qsizetype arrow = edit.indexOf(QStringLiteral(" => "));
        const QString path = edit.left(arrow);
        const QString text = edit.mid(arrow + 4);
        std::optional<QJsonValue> value;
        if (text != u"-") {
            const QJsonDocument wrapped = QJsonDocument::fromJson("[" + text.toUtf8() + "]");
            if (!wrapped.isArray())
                qFatal("bad edit value: %s", qPrintable(text));
            value = wrapped.array().at(0);
        }
        document = setAt(document, stepsOf(path), 0, value).toObject();
    }
    return document;
}

QJsonObject iotJson()
{
    return QJsonDocument::fromJson(readBytes(dataPath(QStringLiteral("iot.keyscope.json"))))
        .object();
}

} // namespace

class TestProjectFile : public QObject
{
    Q_OBJECT

private slots:
    void exampleLoadsAsWritten();
    void everyMemberLoads();
    void savedFileIsTheFileRead_data();
    void savedFileIsTheFileRead();
    void roundTrip_data();
    void roundTrip();
    void unknownMembersSurvive();
    void editedTableKeepsUnknownMembers();
    void outputIsDeterministic();
    void errors_data();
    void errors();
    void severalErrorsReportedTogether();
    void newerVersion();
    void notAProject();
    void syntaxErrorPosition();
    void missingFile();
    void instants_data();
    void instants();
    void durations_data();
    void durations();
    void atomicWrite();
    void writeIntoMissingDirectory();
    void projectEntityLookup();
};

void TestProjectFile::exampleLoadsAsWritten()
{
    const auto project = load(dataPath(QStringLiteral("iot.keyscope.json")));
    QVERIFY(project);
    QCOMPARE(project->version, 1);
    QCOMPARE(project->name, QStringLiteral("IoT devices and readings"));
    QVERIFY(project->description.startsWith(QStringLiteral("A Device and its Readings")));
    QCOMPARE(project->seed, quint64(7));

    QCOMPARE(project->table.tableName, QStringLiteral("IoT"));
    QCOMPARE(project->table.keys.hash.size(), size_t(1));
    QCOMPARE(project->table.keys.hash[0].name, QStringLiteral("PK"));
    QCOMPARE(project->table.keys.range[0].name, QStringLiteral("SK"));
    QCOMPARE(project->tableJson.value(QStringLiteral("BillingMode")).toString(),
             QStringLiteral("PAY_PER_REQUEST"));

    QCOMPARE(project->entities.size(), size_t(2));
    const EntityType &device = project->entities[0];
    QCOMPARE(device.name, QStringLiteral("Device"));
    QCOMPARE(device.color, QStringLiteral("#4E79A7"));
    QVERIFY(device.parent.isEmpty());
    QCOMPARE(device.countMin, 5);
    QCOMPARE(device.countMax, 5);
    QCOMPARE(device.attributes.size(), size_t(3));
    QCOMPARE(device.attributes[0].name, QStringLiteral("DeviceId"));
    QCOMPARE(device.attributes[0].type, AttributeKind::S);
    QCOMPARE(device.attributes[0].generator.kind, GeneratorSpec::Kind::Pattern);
    QCOMPARE(device.attributes[0].generator.pattern, QStringLiteral("d-####"));
    QVERIFY(device.attributes[0].exposedInUrl);
    QVERIFY(!device.attributes[0].isMutable);
    QCOMPARE(device.attributes[1].generator.kind, GeneratorSpec::Kind::Choice);
    QCOMPARE(device.attributes[1].generator.choices, QStringList({"TH-100", "TH-200", "AQ-10"}));
    const AttributeSpec &updated = device.attributes[2];
    QCOMPARE(updated.type, AttributeKind::Timestamp);
    QVERIFY(updated.isMutable);
    QCOMPARE(updated.generator.kind, GeneratorSpec::Kind::Timestamp);
    QVERIFY(updated.generator.random);
    QCOMPARE(updated.generator.min, Q_INT64_C(1714521600000)); // 2024-05-01T00:00:00Z
    QCOMPARE(updated.generator.max, Q_INT64_C(1717199999000)); // 2024-05-31T23:59:59Z
    QCOMPARE(device.keys.size(), size_t(2));
    QCOMPARE(device.keys.at(QStringLiteral("PK")), QStringLiteral("DEVICE#{DeviceId}"));
    QCOMPARE(device.keys.at(QStringLiteral("SK")), QStringLiteral("DEVICE#{DeviceId}"));

    const EntityType &reading = project->entities[1];
    QCOMPARE(reading.name, QStringLiteral("Reading"));
    QCOMPARE(reading.color, QStringLiteral("#F28E2B"));
    QCOMPARE(reading.parent, QStringLiteral("Device"));
    QCOMPARE(reading.countMin, 25);
    QCOMPARE(reading.countMax, 40);
    const GeneratorSpec &ts = reading.attributes[0].generator;
    QCOMPARE(reading.attributes[0].name, QStringLiteral("Ts"));
    QCOMPARE(ts.kind, GeneratorSpec::Kind::Timestamp);
    QVERIFY(!ts.random);
    QCOMPARE(ts.start, Q_INT64_C(1717200000000)); // 2024-06-01T00:00:00Z
    QCOMPARE(ts.step, Q_INT64_C(900000));         // 15 minutes
    QVERIFY(ts.perParent);
    const GeneratorSpec &temperature = reading.attributes[1].generator;
    QCOMPARE(reading.attributes[1].type, AttributeKind::N);
    QCOMPARE(temperature.kind, GeneratorSpec::Kind::IntegerRange);
    QCOMPARE(temperature.min, 15);
    QCOMPARE(temperature.max, 30);
    QCOMPARE(reading.keys.at(QStringLiteral("PK")), QStringLiteral("DEVICE#{Device.DeviceId}"));
    QCOMPARE(reading.keys.at(QStringLiteral("SK")), QStringLiteral("#READING#{Ts|iso8601}"));

    QCOMPARE(project->accessPatterns.size(), size_t(1));
    const AccessPattern &pattern = project->accessPatterns[0];
    QCOMPARE(pattern.name, QStringLiteral("Device and its 10 newest readings"));
    QVERIFY(pattern.description.startsWith(QStringLiteral("Read the collection backward")));
    QVERIFY(pattern.indexName.isEmpty());
    QCOMPARE(pattern.keyConditionExpression, QStringLiteral("PK = :pk"));
    QVERIFY(!pattern.filterExpression);
    QVERIFY(pattern.names.empty());
    QCOMPARE(pattern.values.size(), size_t(1));
    QCOMPARE(pattern.values.at(QStringLiteral(":pk")).templateText,
             QStringLiteral("DEVICE#{DeviceId}"));
    QVERIFY(!pattern.values.at(QStringLiteral(":pk")).literal);
    QCOMPARE(pattern.parentEntity, QStringLiteral("Device"));
    QCOMPARE(pattern.parentIndex, 0);
    QVERIFY(!pattern.scanIndexForward);
    QCOMPARE(pattern.limit, std::optional<qint64>(11));
    QCOMPARE(pattern.expect.entityTypes, QStringList({"Device", "Reading"}));
    QCOMPARE(pattern.expect.parentFirst, std::optional<bool>(true));
    QCOMPARE(pattern.expect.orderAttribute, QStringLiteral("Ts"));
    QVERIFY(!pattern.expect.orderAscending);
    QCOMPARE(pattern.expect.count, std::optional<qint64>(11));
    QVERIFY(!pattern.expect.minCount);

    QCOMPARE(project->items.size(), size_t(1));
    QCOMPARE(project->items[0].at(QStringLiteral("PK")), AttributeValue::string("DEVICE#d-test"));
    QVERIFY(project->view.isEmpty());
    QVERIFY(project->extra.isEmpty());
}

void TestProjectFile::everyMemberLoads()
{
    const auto project = load(dataPath(QStringLiteral("everything.keyscope.json")));
    QVERIFY(project);
    QCOMPARE(project->table.indexes.size(), size_t(2));
    const EntityType &customer = project->entities[0];
    const auto generator = [&](int i) { return customer.attributes[size_t(i)].generator; };
    QCOMPARE(generator(0).kind, GeneratorSpec::Kind::Ulid);
    QCOMPARE(generator(0).start, Q_INT64_C(1704067200000));
    QCOMPARE(generator(0).step, Q_INT64_C(1000));
    QVERIFY(!generator(0).random);
    QCOMPARE(generator(1).kind, GeneratorSpec::Kind::Names);
    QCOMPARE(generator(2).kind, GeneratorSpec::Kind::Pattern);
    QCOMPARE(generator(2).pattern, QStringLiteral("aaaa\\.###@example.com"));
    QCOMPARE(generator(3).choices, QStringList({"gold", "silver", "bronze"}));
    QCOMPARE(generator(4).kind, GeneratorSpec::Kind::Constant);
    QCOMPARE(generator(4).constant, QStringLiteral("2024-01-01T00:00:00.250Z"));
    QCOMPARE(generator(5).choices, QStringList({"true", "false"}));
    QCOMPARE(generator(6).min, -5);
    QCOMPARE(generator(7).constant, QStringLiteral("3"));
    QCOMPARE(generator(8).constant, QStringLiteral("AAE="));
    QCOMPARE(customer.keys.size(), size_t(4));

    const EntityType &order = project->entities[1];
    QCOMPARE(order.countMin, 0);
    QCOMPARE(order.countMax, 3);
    QCOMPARE(order.attributes[0].generator.kind, GeneratorSpec::Kind::Ksuid);
    QVERIFY(order.attributes[0].generator.random);
    QCOMPARE(order.attributes[0].generator.min, Q_INT64_C(1709251200000));
    QCOMPARE(order.attributes[0].generator.max, Q_INT64_C(1711843200000));
    QCOMPARE(order.attributes[1].generator.kind, GeneratorSpec::Kind::Ulid);
    QCOMPARE(order.attributes[1].generator.start, 1); // not set: the population's "now"
    QCOMPARE(order.attributes[2].generator.kind, GeneratorSpec::Kind::Sequence);
    QVERIFY(order.attributes[2].generator.perParent);
    QCOMPARE(order.attributes[3].generator.kind, GeneratorSpec::Kind::Uuid4);
    QCOMPARE(order.attributes[4].generator.step, Q_INT64_C(5400000)); // 90m
    QCOMPARE(order.attributes[5].generator.start, 1000);
    QCOMPARE(order.attributes[5].generator.step, -7);

    const AccessPattern &byUpdate = project->accessPatterns[0];
    QCOMPARE(byUpdate.indexName, QStringLiteral("ByUpdated"));
    QCOMPARE(byUpdate.filterExpression, std::optional<QString>("attribute_exists(OrderId)"));
    QCOMPARE(byUpdate.names.at(QStringLiteral("#u")), QStringLiteral("UpdatedAt"));
    QCOMPARE(*byUpdate.values.at(QStringLiteral(":since")).literal,
             AttributeValue::string("2024-01-01T00:00:00Z"));
    QCOMPARE(byUpdate.parentIndex, 1);
    QCOMPARE(byUpdate.expect.parentFirst, std::optional<bool>(false));
    QCOMPARE(byUpdate.expect.minCount, std::optional<qint64>(1));
    QVERIFY(!byUpdate.expect.count);
    const AccessPattern &gold = project->accessPatterns[1];
    QVERIFY(gold.scanIndexForward);
    QVERIFY(!gold.limit);
    QVERIFY(gold.parentEntity.isEmpty());
    QVERIFY(gold.expect.orderAscending);
    QVERIFY(!gold.expect.parentFirst);
    QCOMPARE(project->view.value(QStringLiteral("zoom")).toDouble(), 1.5);
}

// Both fixtures are in the canonical form, so saving what was read gives the same bytes.
void TestProjectFile::savedFileIsTheFileRead_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("iot") << QStringLiteral("iot.keyscope.json");
    QTest::newRow("everything") << QStringLiteral("everything.keyscope.json");
    // Items are written one at a time, laid out as one array of them always was (these two
    // files were written by the writer that built the whole array first).
    QTest::newRow("items on one line") << QStringLiteral("items-one-line.keyscope.json");
    QTest::newRow("items, short and long, nested, non-ASCII")
        << QStringLiteral("items-many.keyscope.json");
}

void TestProjectFile::savedFileIsTheFileRead()
{
    QFETCH(QString, file);
    const auto project = load(dataPath(file));
    QVERIFY(project);
    const QByteArray expected = readBytes(dataPath(file));
    const QByteArray actual = ProjectFile::serialize(*project);
    if (actual != expected) {
        QFile out(QDir::temp().filePath(file + QStringLiteral(".actual")));
        if (out.open(QIODevice::WriteOnly))
            out.write(actual);
        QFAIL(qPrintable(
            QStringLiteral("saved bytes differ from %1; see %2").arg(file, out.fileName())));
    }
}

void TestProjectFile::roundTrip_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::newRow("iot") << readBytes(dataPath(QStringLiteral("iot.keyscope.json")));
    QTest::newRow("everything") << readBytes(dataPath(QStringLiteral("everything.keyscope.json")));
    // Other spellings of the same values come back canonical, and stay that way.
    QTest::newRow("epoch numbers and compact layout")
        << QByteArray(R"({"seed": "18446744073709551615", "keyscope": 1, "name": "n",
            "table": {"TableName": "T", "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}],
                      "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "N"}]},
            "entities": [{"name": "E", "count": [2, 2], "keys": {"PK": "{Id}"},
              "attributes": [
                {"name": "Id", "type": "N", "generator": {"kind": "sequence"}},
                {"name": "At", "type": "timestamp", "generator": {"kind": "timestamp",
                   "start": 1704067200123, "step": 86400000}},
                {"name": "Flag", "type": "BOOL", "generator": {"kind": "constant", "value": "true"}}
              ]}],
            "accessPatterns": [{"name": "all", "keyCondition": "PK = :pk",
              "values": {":pk": {"N": "1"}}}]})");
}

void TestProjectFile::roundTrip()
{
    QFETCH(QByteArray, json);
    auto first = ProjectFile::parse(json, QStringLiteral("in.keyscope.json"));
    if (auto *errors = std::get_if<std::vector<IoError>>(&first))
        QFAIL(qPrintable(joinErrors(*errors)));
    const QByteArray saved = ProjectFile::serialize(std::get<Project>(first));
    auto second = ProjectFile::parse(saved, QStringLiteral("saved.keyscope.json"));
    if (auto *errors = std::get_if<std::vector<IoError>>(&second))
        QFAIL(qPrintable(joinErrors(*errors) + u'\n' + QString::fromUtf8(saved)));
    QCOMPARE(ProjectFile::serialize(std::get<Project>(second)), saved);
    QCOMPARE(ProjectFile::toJson(std::get<Project>(second)),
             ProjectFile::toJson(std::get<Project>(first)));
    // Loading the saved file gives the same project, member by member.
    const Project &a = std::get<Project>(first);
    const Project &b = std::get<Project>(second);
    QCOMPARE(b.seed, a.seed);
    QCOMPARE(b.entities.size(), a.entities.size());
    for (std::size_t e = 0; e < a.entities.size(); ++e) {
        QCOMPARE(b.entities[e].keys, a.entities[e].keys);
        QCOMPARE(b.entities[e].countMin, a.entities[e].countMin);
        QCOMPARE(b.entities[e].countMax, a.entities[e].countMax);
        for (std::size_t i = 0; i < a.entities[e].attributes.size(); ++i) {
            const GeneratorSpec &x = a.entities[e].attributes[i].generator;
            const GeneratorSpec &y = b.entities[e].attributes[i].generator;
            QCOMPARE(y.kind, x.kind);
            QCOMPARE(y.start, x.start);
            QCOMPARE(y.step, x.step);
            QCOMPARE(y.constant, x.constant);
            QCOMPARE(y.choices, x.choices);
        }
    }
}

void TestProjectFile::unknownMembersSurvive()
{
    const QString path = dataPath(QStringLiteral("everything.keyscope.json"));
    const auto project = load(path);
    QVERIFY(project);
    QCOMPARE(
        project->extra.value(QStringLiteral("x-root")).toObject().value("kept").toArray().size(),
        3);
    QCOMPARE(project->tableJson.value(QStringLiteral("x-table")).toString(),
             QStringLiteral("kept"));
    QCOMPARE(project->entities[0].extra.keys(), QStringList({"x-entity"}));
    QCOMPARE(project->entities[0].attributes[8].extra.keys(), QStringList({"x-attribute"}));
    QCOMPARE(project->entities[0].attributes[1].generator.extra.keys(),
             QStringList({"x-generator"}));
    QCOMPARE(project->accessPatterns[0].extra.keys(), QStringList({"x-pattern"}));
    QCOMPARE(project->accessPatterns[0].expect.extra.keys(), QStringList({"x-expect"}));
    QCOMPARE(project->accessPatterns[0].expect.orderByExtra.keys(), QStringList({"x-orderBy"}));

    // Saved and compared as JSON: nothing lost, nothing added.
    const QJsonObject original = QJsonDocument::fromJson(readBytes(path)).object();
    QCOMPARE(ProjectFile::toJson(*project), original);
    const QJsonObject table = ProjectFile::toJson(*project).value("table").toObject();
    QCOMPARE(table.value("BillingMode").toString(), QStringLiteral("PROVISIONED"));
    QCOMPARE(table.value("GlobalSecondaryIndexes")
                 .toArray()
                 .at(0)
                 .toObject()
                 .value("ProvisionedThroughput")
                 .toObject()
                 .value("ReadCapacityUnits")
                 .toInt(),
             5);
}

// The app edits Project::table (not tableJson): the edit is saved, and the members the
// definition does not model stay, at the table and at each index that still exists.
void TestProjectFile::editedTableKeepsUnknownMembers()
{
    auto project = load(dataPath(QStringLiteral("everything.keyscope.json")));
    QVERIFY(project);
    project->table.tableName = QStringLiteral("Shop2");
    project->table.indexes[1].nonKeyAttributes << QStringLiteral("Tier");
    const QJsonObject table = ProjectFile::toJson(*project).value("table").toObject();
    QCOMPARE(table.value("TableName").toString(), QStringLiteral("Shop2"));
    QCOMPARE(table.value("x-table").toString(), QStringLiteral("kept"));
    QCOMPARE(table.value("BillingMode").toString(), QStringLiteral("PROVISIONED"));
    const QJsonObject gsi = table.value("GlobalSecondaryIndexes").toArray().at(0).toObject();
    QCOMPARE(gsi.value("Projection").toObject().value("NonKeyAttributes").toArray().size(), 2);
    QVERIFY(gsi.contains("ProvisionedThroughput"));
    // And it reads back as edited.
    auto reloaded = ProjectFile::parse(ProjectFile::serialize(*project), QStringLiteral("x"));
    QVERIFY(std::holds_alternative<Project>(reloaded));
    QCOMPARE(std::get<Project>(reloaded).table.tableName, QStringLiteral("Shop2"));
}

void TestProjectFile::outputIsDeterministic()
{
    const auto a = load(dataPath(QStringLiteral("everything.keyscope.json")));
    const auto b = load(dataPath(QStringLiteral("everything.keyscope.json")));
    QVERIFY(a && b);
    QCOMPARE(ProjectFile::serialize(*a), ProjectFile::serialize(*b));
    // A project built in code (no tableJson, keys inserted in any order) is written in
    // key-schema order, known members first.
    Project project;
    project.name = QStringLiteral("Built");
    project.table = a->table;
    EntityType entity;
    entity.name = QStringLiteral("E");
    entity.keys[QStringLiteral("GSI1SK")] = QStringLiteral("B");
    entity.keys[QStringLiteral("SK")] = QStringLiteral("A");
    entity.keys[QStringLiteral("PK")] = QStringLiteral("P");
    entity.keys[QStringLiteral("GSI1PK")] = QStringLiteral("G");
    project.entities.push_back(entity);
    const QByteArray text = ProjectFile::serialize(project);
    QVERIFY2(text.contains(R"("keys": {"PK": "P", "SK": "A", "GSI1PK": "G", "GSI1SK": "B"})"),
             text.constData());
    QVERIFY(text.startsWith("{\n  \"keyscope\": 1,\n  \"name\": \"Built\",\n"));
    QVERIFY(text.endsWith("}\n"));
    QCOMPARE(ProjectFile::serialize(project), text);
}

void TestProjectFile::errors_data()
{
    QTest::addColumn<QStringList>("edits");    // "PATH => JSON" or "PATH => -" (remove)
    QTest::addColumn<QStringList>("expected"); // "PATH :: part of the message", all of them

    QTest::newRow("unknown generator kind")
        << QStringList {"entities[0].attributes[0].generator.kind => \"sqnc\""}
        << QStringList {"entities[0].attributes[0].generator.kind :: unknown generator kind 'sqnc' "
                        "(valid kinds: constant, sequence, integerRange, choice, names, "
                        "timestamp, uuid4, ksuid, ulid, pattern)"};
    // The shared "did you mean" rule: a word that starts one kind's name is that kind.
    QTest::newRow("generator kind prefix")
        << QStringList {"entities[0].attributes[0].generator.kind => \"seq\""}
        << QStringList {"entities[0].attributes[0].generator.kind :: unknown generator kind 'seq'; "
                        "did you mean 'sequence'?"};
    QTest::newRow("generator kind typo")
        << QStringList {"entities[1].attributes[1].generator.kind => \"integer_range\""}
        << QStringList {"entities[1].attributes[1].generator.kind :: unknown generator kind "
                        "'integer_range'; did you mean 'integerRange'?"};
    QTest::newRow("generator that cannot make the type")
        << QStringList {"entities[1].attributes[1].generator => {\"kind\": \"uuid4\"}"}
        << QStringList {"entities[1].attributes[1].generator :: a uuid4 generator makes strings; "
                        "attribute 'Temperature' is N"};
    QTest::newRow("generator member missing")
        << QStringList {"entities[1].attributes[1].generator.max => -"}
        << QStringList {"entities[1].attributes[1].generator.max :: missing (the largest value"};
    QTest::newRow("integerRange min > max")
        << QStringList {"entities[1].attributes[1].generator.min => 31"}
        << QStringList {"entities[1].attributes[1].generator.min :: min (31) is greater than max "
                        "(30); swap them"};
    QTest::newRow("choice value of the wrong type")
        << QStringList {"entities[0].attributes[1].generator.choices[1] => [1]"}
        << QStringList {"entities[0].attributes[1].generator.choices[1] :: expected a string, "
                        "number or true/false, found an array"};
    QTest::newRow("constant not a number")
        << QStringList {"entities[1].attributes[1].generator => {\"kind\": \"constant\", "
                        "\"value\": \"warm\"}"}
        << QStringList {"entities[1].attributes[1].generator.value :: 'warm' is not a number, "
                        "but the attribute's type is N"};
    QTest::newRow("timestamp without a zone")
        << QStringList {"entities[1].attributes[0].generator.start => \"2024-06-01T00:00:00\""}
        << QStringList {"entities[1].attributes[0].generator.start :: '2024-06-01T00:00:00' has "
                        "no time zone"};
    QTest::newRow("bad duration")
        << QStringList {"entities[1].attributes[0].generator.step => \"15 minutes\""}
        << QStringList {"entities[1].attributes[0].generator.step :: expected a duration"};
    QTest::newRow("unknown attribute type")
        << QStringList {"entities[0].attributes[1].type => \"string\""}
        << QStringList {"entities[0].attributes[1].type :: unknown type 'string'; did you mean "
                        "'S'? (valid types: S, N, B, BOOL, timestamp)"};
    QTest::newRow("wrong member types")
        << QStringList {"entities[0].count => \"5\"", "accessPatterns[0].limit => \"11\"",
                        "entities[0].attributes[0].exposedInUrl => \"yes\"",
                        "accessPatterns[0].scanIndexForward => 0", "name => 3"}
        << QStringList {"name :: expected a string, found the number 3",
                        "entities[0].count :: expected a count (25) or a range [min, max] "
                        "([25, 40]), found the string \"5\"",
                        "entities[0].attributes[0].exposedInUrl :: expected true or false, found "
                        "the string \"yes\"",
                        "accessPatterns[0].limit :: expected an integer, found the string \"11\"",
                        "accessPatterns[0].scanIndexForward :: expected true or false, found the "
                        "number 0"};
    QTest::newRow("missing required members")
        << QStringList {"entities[0].attributes[1].type => -",
                        "accessPatterns[0].keyCondition => -",
                        "entities[1].attributes[0].generator => -"}
        << QStringList {"entities[0].attributes[1].type :: missing (the attribute's type, one of "
                        "S, N, B, BOOL, timestamp)",
                        "entities[1].attributes[0].generator :: missing (how values are made",
                        "accessPatterns[0].keyCondition :: missing (the KeyConditionExpression"};
    QTest::newRow("missing table")
        << QStringList {"table => -"}
        << QStringList {"table :: missing (the table definition, as `aws dynamodb create-table"};
    QTest::newRow("invalid table") << QStringList {"table.KeySchema => -"}
                                   << QStringList {"table :: KeySchema is missing or empty"};
    QTest::newRow("limit below 1")
        << QStringList {"accessPatterns[0].limit => 0", "accessPatterns[0].expect.count => -"}
        << QStringList {"accessPatterns[0].limit :: must be at least 1, found 0"};
    QTest::newRow("parent names no entity")
        << QStringList {"entities[1].parent => \"Devise\""}
        << QStringList {"entities[1].parent :: parent 'Devise' names no entity type; did you mean "
                        "'Device'? (entity types: Device)"};
    QTest::newRow("cycle of parents")
        << QStringList {"entities[0].parent => \"Reading\""}
        << QStringList {"entities[0].parent :: the parents form a cycle (Device -> Reading -> "
                        "Device); one of them must be a root type without \"parent\""};
    QTest::newRow("own parent") << QStringList {"entities[0].parent => \"Device\""}
                                << QStringList {
                                       "entities[0].parent :: Device names itself as its parent"};
    QTest::newRow("countMin > countMax")
        << QStringList {"entities[1].count => [40, 25]"}
        << QStringList {"entities[1].count :: countMin 40 is greater than countMax 25: write "
                        "[25, 40]"};
    QTest::newRow("count range of the wrong shape")
        << QStringList {"entities[1].count => [25, 2.5, 40]"}
        << QStringList {"entities[1].count :: expected [min, max] (two integers, e.g. [25, 40]), "
                        "found an array of 3"};
    QTest::newRow("negative count")
        << QStringList {"entities[1].count => [-1, 3]"}
        << QStringList {"entities[1].count[0] :: must be at least 0, found -1"};
    QTest::newRow("template for an attribute that is no key")
        << QStringList {"entities[0].keys.Sk => \"X\""}
        << QStringList {"entities[0].keys.Sk :: Sk is not a key attribute of the table or of any "
                        "index; did you mean 'SK'? (key attributes: PK, SK)"};
    QTest::newRow("root entity without the sort key")
        << QStringList {"entities[0].keys.SK => -"}
        << QStringList {"entities[0].keys :: Device has no template for the table's sort key SK; "
                        "every item needs the whole primary key: add \"SK\": "
                        "\"DEVICE#{DeviceId}\""};
    QTest::newRow("child entity without the partition key")
        << QStringList {"entities[1].keys.PK => -"}
        << QStringList {"entities[1].keys :: Reading has no template for the table's partition "
                        "key PK; every item needs the whole primary key. To keep it in its "
                        "parent's item collection, repeat the parent's partition key with "
                        "{Device.<attribute>} placeholders"};
    QTest::newRow("template syntax error with its column")
        << QStringList {"entities[1].keys.SK => \"#READING#{Ts|iso860}\""}
        << QStringList {"entities[1].keys.SK :: in template \"#READING#{Ts|iso860}\": unknown "
                        "filter 'iso860' at column 14"};
    QTest::newRow("unknown placeholder")
        << QStringList {"entities[1].keys.SK => \"#READING#{Tss|iso8601}\""}
        << QStringList {
               "entities[1].keys.SK :: in template \"#READING#{Tss|iso8601}\": {Tss} names "
               "no attribute of Reading (its attributes: Ts, Temperature); did you mean "
               "'Ts'?"};
    QTest::newRow("parent's attribute without the parent's name")
        << QStringList {"entities[1].keys.PK => \"DEVICE#{DeviceId}\""}
        << QStringList {"entities[1].keys.PK :: {DeviceId} names no attribute of Reading (its "
                        "attributes: Ts, Temperature); Device has it: write {Device.DeviceId}"};
    QTest::newRow("placeholder naming a non-ancestor")
        << QStringList {"entities[0].keys.SK => \"DEVICE#{Reading.Ts}\""}
        << QStringList {"entities[0].keys.SK :: {Reading.Ts}: Reading is not Device, and Device "
                        "has no parent"};
    QTest::newRow("N key with text in its template")
        << QStringList {"table.AttributeDefinitions[1].AttributeType => \"N\""}
        << QStringList {"entities[0].keys.SK :: SK is a number (N) key, but the template writes "
                        "the text 'DEVICE#' at column 1",
                        "entities[1].keys.SK :: SK is a number (N) key, but the template writes "
                        "the text '#READING#' at column 1",
                        "items[0].SK :: SK is the table's sort key, a number (N), but the item's "
                        "value is S"};
    QTest::newRow("attribute used as a key with the wrong type")
        << QStringList {"entities[0].keys.SK => -",
                        "entities[0].attributes[3] => {\"name\": \"SK\", \"type\": \"N\", "
                        "\"generator\": {\"kind\": \"sequence\"}}"}
        << QStringList {"entities[0].attributes[3].type :: SK is the table's sort key, a string "
                        "(S), but the attribute's type is N"};
    QTest::newRow("attribute and template for one key")
        << QStringList {"entities[0].attributes[3] => {\"name\": \"SK\", \"type\": \"S\", "
                        "\"generator\": {\"kind\": \"uuid4\"}}"}
        << QStringList {"entities[0].keys.SK :: SK is both an attribute of Device and a key "
                        "template"};
    QTest::newRow("index key template without the index's other key")
        << QStringList {"table.AttributeDefinitions[2] => {\"AttributeName\": \"G1PK\", "
                        "\"AttributeType\": \"S\"}",
                        "table.AttributeDefinitions[3] => {\"AttributeName\": \"G1SK\", "
                        "\"AttributeType\": \"S\"}",
                        "table.GlobalSecondaryIndexes => [{\"IndexName\": \"G1\", \"KeySchema\": "
                        "[{\"AttributeName\": \"G1PK\", \"KeyType\": \"HASH\"}, "
                        "{\"AttributeName\": \"G1SK\", \"KeyType\": \"RANGE\"}], \"Projection\": "
                        "{\"ProjectionType\": \"ALL\"}}]",
                        "entities[1].keys.G1SK => \"{Ts}\""}
        << QStringList {"entities[1].keys.G1SK :: Reading has a template for G1SK but not the "
                        "other keys of index G1 (missing G1PK), so its items never appear in it"};
    QTest::newRow("duplicate names and a bad colour")
        << QStringList {"entities[1].name => \"Device\"", "entities[1].color => \"orange\"",
                        "entities[0].attributes[1].name => \"DeviceId\"",
                        "entities[0].attributes[2].name => \"Up.dated\""}
        << QStringList {"entities[0].attributes[1].name :: Device already has an attribute named "
                        "DeviceId",
                        "entities[0].attributes[2].name :: 'Up.dated' contains '.', which key "
                        "templates use as syntax",
                        "entities[1].color :: expected a colour as \"#RRGGBB\" (e.g. \"#4E79A7\"), "
                        "found \"orange\"",
                        "entities[1].name :: another entity type is already named Device",
                        "entities[1].parent :: Device names itself as its parent",
                        "accessPatterns[0].expect.entityTypes[1] :: 'Reading' names no entity "
                        "type (entity types: Device)"};
    QTest::newRow("index named by an access pattern does not exist")
        << QStringList {"accessPatterns[0].index => \"GSI1\""}
        << QStringList {"accessPatterns[0].index :: the table has no index named GSI1 (it has no "
                        "indexes); leave \"index\" out to query the table"};
    QTest::newRow("access pattern parent and expectations")
        << QStringList {"accessPatterns[0].parent => \"Devices\"",
                        "accessPatterns[0].expect.entityTypes[1] => \"Readings\"",
                        "accessPatterns[0].expect.orderBy.attribute => \"Tz\"",
                        "accessPatterns[0].expect.count => 12",
                        "accessPatterns[0].expect.minCount => 13"}
        << QStringList {
               "accessPatterns[0].parent :: parent 'Devices' names no entity type; did you "
               "mean 'Device'? (entity types: Device, Reading)",
               "accessPatterns[0].expect.entityTypes[1] :: 'Readings' names no entity "
               "type; did you mean 'Reading'?",
               "accessPatterns[0].expect.orderBy.attribute :: no Device or Readings has an "
               "attribute Tz",
               "accessPatterns[0].expect.minCount :: minCount 13 is greater than count 12",
               "accessPatterns[0].expect.count :: count 12 is more than the pattern's "
               "limit 11: a page holds at most 11 items, so it could never pass"};
    QTest::newRow("parentIndex past the parent's count")
        << QStringList {"accessPatterns[0].parentIndex => 5"}
        << QStringList {"accessPatterns[0].parentIndex :: there are at most 5 Device items (its "
                        "count), so index 5 names none; parentIndex counts from 0 (0..4)"};
    QTest::newRow("values that need a parent")
        << QStringList {"accessPatterns[0].parent => -", "accessPatterns[0].parentIndex => -"}
        << QStringList {"accessPatterns[0].values.:pk :: in template \"DEVICE#{DeviceId}\": "
                        "{DeviceId} needs an item to take its value from; name its type with "
                        "\"parent\"",
                        "accessPatterns[0].expect.parentFirst :: expects the parent item first, "
                        "but the pattern has no \"parent\""};
    QTest::newRow("bad values")
        << QStringList {"accessPatterns[0].values.:pk => 42",
                        "accessPatterns[0].values.:x => {\"N\": \"abc\"}",
                        "accessPatterns[0].values.:y => \"{Model|upper\"",
                        "accessPatterns[0].values.:z => \"{Color}\""}
        << QStringList {"accessPatterns[0].values.:pk :: expected a key template string "
                        "(\"DEVICE#{DeviceId}\") or a DynamoDB JSON value",
                        "accessPatterns[0].values.:x.N :: ",
                        "accessPatterns[0].values.:y :: in template \"{Model|upper\": ",
                        "accessPatterns[0].values.:z :: in template \"{Color}\": {Color} names no "
                        "attribute of Device (its attributes: DeviceId, Model, UpdatedAt)"};
    QTest::newRow("bad items")
        << QStringList {"items[0].SK => -",
                        "items[1] => {\"PK\": {\"S\": \"x\"}, \"SK\": "
                        "{\"S\": \"y\"}, \"Temp\": {\"N\": \"abc\"}}",
                        "items[2] => {\"PK\": {\"N\": \"1\"}, \"SK\": {\"S\": \"y\"}}"}
        << QStringList {"items[0] :: the item has no SK (the table's sort key); every item needs "
                        "the table's whole primary key",
                        "items[1].Temp.N :: ",
                        "items[2].PK :: PK is the table's partition key, a string (S), but the "
                        "item's value is N"};
    QTest::newRow("misspelt members")
        << QStringList {"accessPatterns[0].keyConditionExpression => \"PK = :pk\"",
                        "accessPatterns[0].keyCondition => -",
                        "entities[0].attributes[2].generator.perparent => true",
                        "entities[1].colour => \"#FFFFFF\"",
                        "entities[1].color => -",
                        "entities[0].x-colour => \"kept\"",
                        "entities[0].Keys => {}"}
        << QStringList {"entities[0].attributes[2].generator.perparent :: unknown member "
                        "'perparent'; did you mean 'perParent'? (Members this version does not "
                        "know are kept as they are; name your own \"x-...\" to keep them without "
                        "this check)",
                        "entities[1].colour :: unknown member 'colour'; did you mean 'color'?",
                        "accessPatterns[0].keyCondition :: missing (the KeyConditionExpression",
                        "accessPatterns[0].keyConditionExpression :: unknown member "
                        "'keyConditionExpression'; did you mean 'keyCondition'?"};
    QTest::newRow("seed and view") << QStringList {"seed => -3", "view => []"}
                                   << QStringList {"seed :: must be at least 0, found -3",
                                                   "view :: expected an object, found an array"};
    QTest::newRow("seed too large for a JSON number")
        << QStringList {"seed => 18446744073709551615"}
        << QStringList {"seed :: is above 9007199254740992, too large for a JSON number to hold "
                        "exactly; write it as a string of digits"};
}

void TestProjectFile::errors()
{
    QFETCH(QStringList, edits);
    QFETCH(QStringList, expected);
    const QJsonObject json = edited(iotJson(), edits);
    auto result = ProjectFile::fromJson(QJsonDocument(json), QStringLiteral("p.keyscope.json"));
    QVERIFY2(std::holds_alternative<std::vector<IoError>>(result), "the project loaded");
    const auto &errors = std::get<std::vector<IoError>>(result);
    const QString all = joinErrors(errors);
    for (const QString &expectation : expected) {
        const qsizetype separator = expectation.indexOf(QStringLiteral(" :: "));
        const QString path = expectation.left(separator);
        const QString message = expectation.mid(separator + 4);
        const bool found = std::any_of(errors.begin(), errors.end(), [&](const IoError &error) {
            return error.path == path && error.message.contains(message);
        });
        QVERIFY2(found, qPrintable(QStringLiteral("expected %1\n got:\n%2").arg(expectation, all)));
    }
    QVERIFY2(
        errors.size() == size_t(expected.size()),
        qPrintable(QStringLiteral("expected %1 errors, got:\n%2").arg(expected.size()).arg(all)));
    for (const IoError &error : errors) {
        QCOMPARE(error.source, QStringLiteral("p.keyscope.json"));
        QCOMPARE(error.line, 0);
        QVERIFY(error.toString().startsWith(QStringLiteral("p.keyscope.json: ") + error.path
                                            + QStringLiteral(": ")));
    }
}

// One file with a problem in every section: all of them come back, in document order.
void TestProjectFile::severalErrorsReportedTogether()
{
    const QJsonObject json = edited(iotJson(),
                                    {
                                        "seed => \"many\"",
                                        "entities[0].attributes[0].generator.kind => \"seq\"",
                                        "entities[1].count => [40, 25]",
                                        "entities[1].keys.SK => \"#READING#{Ts|iso860}\"",
                                        "accessPatterns[0].index => \"GSI1\"",
                                        "items[0].PK => -",
                                    });
    auto result = ProjectFile::fromJson(QJsonDocument(json), QStringLiteral("p.keyscope.json"));
    QVERIFY(std::holds_alternative<std::vector<IoError>>(result));
    QStringList paths;
    for (const IoError &error : std::get<std::vector<IoError>>(result))
        paths << error.path;
    QCOMPARE(paths,
             QStringList({"seed", "entities[0].attributes[0].generator.kind", "entities[1].count",
                          "entities[1].keys.SK", "accessPatterns[0].index", "items[0]"}));
}

void TestProjectFile::newerVersion()
{
    // Nothing else is checked: a newer format may mean something else by every member.
    auto result = ProjectFile::parse(R"({"keyscope": 2, "table": 5, "entities": {}})",
                                     QStringLiteral("new.keyscope.json"));
    QVERIFY(std::holds_alternative<std::vector<IoError>>(result));
    const auto &errors = std::get<std::vector<IoError>>(result);
    QCOMPARE(errors.size(), size_t(1));
    QCOMPARE(errors[0].toString(),
             QStringLiteral("new.keyscope.json: keyscope: written by a newer Keyscope (version 2); "
                            "this one reads version 1. Open it with a newer Keyscope"));
}

void TestProjectFile::notAProject()
{
    auto table
        = ProjectFile::parse(R"({"TableName": "T", "KeySchema": []})", QStringLiteral("t.json"));
    QVERIFY(std::holds_alternative<std::vector<IoError>>(table));
    QCOMPARE(std::get<std::vector<IoError>>(table).size(), size_t(1));
    QVERIFY(std::get<std::vector<IoError>>(table)[0].message.contains(
        QStringLiteral("this looks like a table definition, not a Keyscope project")));

    auto array = ProjectFile::parse("[1]", QStringLiteral("a.json"));
    QVERIFY(std::holds_alternative<std::vector<IoError>>(array));
    QCOMPARE(std::get<std::vector<IoError>>(array)[0].toString(),
             QStringLiteral("a.json: expected a Keyscope project: a JSON object that starts with "
                            "{\"keyscope\": 1, ...}"));

    auto version = ProjectFile::parse(R"({"keyscope": "1"})", QStringLiteral("v.json"));
    QCOMPARE(std::get<std::vector<IoError>>(version)[0].toString(),
             QStringLiteral("v.json: keyscope: expected the format version, a positive integer "
                            "such as 1, found the string \"1\""));
}

void TestProjectFile::syntaxErrorPosition()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("broken.keyscope.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{\n  \"keyscope\": 1,\n  \"name\": \"x\"\n  \"seed\": 3\n}\n");
    file.close();
    auto result = ProjectFile::read(path);
    QVERIFY(std::holds_alternative<std::vector<IoError>>(result));
    const auto &errors = std::get<std::vector<IoError>>(result);
    QCOMPARE(errors.size(), size_t(1));
    QCOMPARE(errors[0].line, 4);
    QCOMPARE(errors[0].column, 3);
    QCOMPARE(errors[0].toString(),
             path
                 + QStringLiteral(":4:3: missing comma: expected ',' or '}' after an object "
                                  "member, found '\"'"));
}

void TestProjectFile::missingFile()
{
    auto result = ProjectFile::read(QStringLiteral("/nonexistent/x.keyscope.json"));
    QVERIFY(std::holds_alternative<std::vector<IoError>>(result));
    QCOMPARE(std::get<std::vector<IoError>>(result)[0].toString(),
             QStringLiteral("/nonexistent/x.keyscope.json: cannot read the file: No such file or "
                            "directory"));
}

void TestProjectFile::instants_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<qint64>("ms");
    QTest::addColumn<QString>("written"); // empty: an error
    QTest::newRow("utc") << "\"2024-01-01T00:00:00Z\"" << Q_INT64_C(1704067200000)
                         << "2024-01-01T00:00:00Z";
    QTest::newRow("milliseconds") << "\"2024-01-01T00:00:00.250Z\"" << Q_INT64_C(1704067200250)
                                  << "2024-01-01T00:00:00.250Z";
    QTest::newRow("offset") << "\"2024-01-01T02:00:00+02:00\"" << Q_INT64_C(1704067200000)
                            << "2024-01-01T00:00:00Z";
    QTest::newRow("date") << "\"2024-01-01\"" << Q_INT64_C(1704067200000) << "2024-01-01T00:00:00Z";
    QTest::newRow("epoch ms") << "1704067200000" << Q_INT64_C(1704067200000)
                              << "2024-01-01T00:00:00Z";
    QTest::newRow("before 1970") << "-1000" << Q_INT64_C(-1000) << "1969-12-31T23:59:59Z";
    QTest::newRow("no zone") << "\"2024-01-01T00:00:00\"" << Q_INT64_C(-1) << "";
    QTest::newRow("display format") << "\"May 26, 1988\"" << Q_INT64_C(-1) << "";
    QTest::newRow("bad date") << "\"2024-02-30\"" << Q_INT64_C(-1) << "";
    QTest::newRow("fraction") << "1.5" << Q_INT64_C(-1) << "";
    QTest::newRow("bool") << "true" << Q_INT64_C(-1) << "";
}

void TestProjectFile::instants()
{
    QFETCH(QString, json);
    QFETCH(qint64, ms);
    QFETCH(QString, written);
    const QJsonValue value = QJsonDocument::fromJson("[" + json.toUtf8() + "]").array().at(0);
    QString error;
    const auto parsed = ProjectFile::parseInstant(value, &error);
    if (written.isEmpty()) {
        QVERIFY(!parsed);
        QVERIFY(!error.isEmpty());
        return;
    }
    QCOMPARE(parsed, std::optional<qint64>(ms));
    QCOMPARE(ProjectFile::formatInstant(ms), written);
}

void TestProjectFile::durations_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<qint64>("ms");
    QTest::addColumn<QString>("written"); // empty: an error; JSON text otherwise
    QTest::newRow("minutes") << "\"15m\"" << Q_INT64_C(900000) << "\"15m\"";
    QTest::newRow("combined") << "\"1h30m\"" << Q_INT64_C(5400000) << "\"90m\"";
    QTest::newRow("days") << "\"2d\"" << Q_INT64_C(172800000) << "\"2d\"";
    QTest::newRow("negative") << "\"-1h\"" << Q_INT64_C(-3600000) << "\"-1h\"";
    QTest::newRow("ms text") << "\"250ms\"" << Q_INT64_C(250) << "250";
    QTest::newRow("number") << "60000" << Q_INT64_C(60000) << "\"1m\"";
    QTest::newRow("seconds") << "\"90s\"" << Q_INT64_C(90000) << "\"90s\"";
    QTest::newRow("zero") << "0" << Q_INT64_C(0) << "0";
    QTest::newRow("no unit") << "\"15\"" << Q_INT64_C(0) << "";
    QTest::newRow("words") << "\"15 minutes\"" << Q_INT64_C(0) << "";
    QTest::newRow("fraction") << "0.5" << Q_INT64_C(0) << "";
}

void TestProjectFile::durations()
{
    QFETCH(QString, json);
    QFETCH(qint64, ms);
    QFETCH(QString, written);
    const QJsonValue value = QJsonDocument::fromJson("[" + json.toUtf8() + "]").array().at(0);
    QString error;
    const auto parsed = ProjectFile::parseDuration(value, &error);
    if (written.isEmpty()) {
        QVERIFY(!parsed);
        QVERIFY(error.startsWith(QStringLiteral("expected a duration")));
        return;
    }
    QCOMPARE(parsed, std::optional<qint64>(ms));
    const QJsonValue out = ProjectFile::formatDuration(ms);
    QCOMPARE(QJsonDocument(QJsonArray {out}).toJson(QJsonDocument::Compact),
             "[" + written.toUtf8() + "]");
}

void TestProjectFile::atomicWrite()
{
    const auto project = load(dataPath(QStringLiteral("iot.keyscope.json")));
    QVERIFY(project);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("saved.keyscope.json"));
    QCOMPARE(ProjectFile::write(*project, path), std::nullopt);
    QCOMPARE(readBytes(path), ProjectFile::serialize(*project));

    // Overwriting replaces the whole file and leaves no temporary files behind.
    QFile old(path);
    QVERIFY(old.open(QIODevice::WriteOnly));
    old.write(QByteArray(100000, 'x'));
    old.close();
    Project renamed = *project;
    renamed.name = QStringLiteral("Renamed");
    QCOMPARE(ProjectFile::write(renamed, path), std::nullopt);
    auto reread = ProjectFile::read(path);
    QVERIFY(std::holds_alternative<Project>(reread));
    QCOMPARE(std::get<Project>(reread).name, QStringLiteral("Renamed"));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
             QStringList({"saved.keyscope.json"}));
}

void TestProjectFile::writeIntoMissingDirectory()
{
    const auto project = load(dataPath(QStringLiteral("iot.keyscope.json")));
    QVERIFY(project);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString missing = dir.filePath(QStringLiteral("no/such/dir"));
    const QString path = missing + QStringLiteral("/p.keyscope.json");
    const auto error = ProjectFile::write(*project, path);
    QVERIFY(error);
    QCOMPARE(error->source, path);
    QVERIFY2(error->message.contains(QStringLiteral("does not exist")), qPrintable(error->message));
    QVERIFY(!QFileInfo::exists(path));
    QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("no"))));
    QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
             QStringList());

    // A directory where the file should be: an error, the directory untouched.
    const QString occupied = dir.filePath(QStringLiteral("taken.keyscope.json"));
    QVERIFY(QDir().mkpath(occupied));
    QVERIFY(ProjectFile::write(*project, occupied));
    QVERIFY(QFileInfo(occupied).isDir());
    QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
             QStringList({"taken.keyscope.json"}));
}

void TestProjectFile::projectEntityLookup()
{
    const auto project = load(dataPath(QStringLiteral("iot.keyscope.json")));
    QVERIFY(project);
    QCOMPARE(project->entity(QStringLiteral("Reading")), &project->entities[1]);
    QCOMPARE(project->entity(QStringLiteral("reading")), nullptr);
}

QTEST_GUILESS_MAIN(TestProjectFile)
#include "tst_projectfile.moc"
