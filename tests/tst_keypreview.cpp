// KeyPreview: the key templates preview the app's panel and `keyscope keys` both present.

#include "model/design/designrun.h"
#include "model/design/keypreview.h"
#include "model/design/projectfile.h"
#include "model/table/keyroles.h"
#include "tests/support/fixtures.h"

#include <QJsonDocument>
#include <QTest>

using namespace keyscope::model;

namespace {

Project iotProject()
{
    return keyscope::testsupport::readTestProject(
        QStringLiteral("cli_design/iot-pass.keyscope.json"));
}

const AttributeSpec &specOf(const Project &project, const QString &entity, const QString &name)
{
    for (const AttributeSpec &spec : project.entity(entity)->attributes) {
        if (spec.name == name)
            return spec;
    }
    qFatal("no such attribute");
}

} // namespace

class TestKeyPreview : public QObject
{
    Q_OBJECT

private slots:
    void timestampTextKeepsTheDateParsersReason()
    {
        const Project project = iotProject();
        const AttributeSpec &ts = specOf(project, QStringLiteral("Reading"), QStringLiteral("Ts"));
        // The reason is the project reader's, the same everywhere a timestamp is typed.
        QString parserError;
        QVERIFY(!ProjectFile::parseInstant(QJsonValue(QStringLiteral("2024-02-30T00:00:00Z")),
                                           &parserError));
        auto typed = KeyPreview::inputFromText(ts, QStringLiteral("2024-02-30T00:00:00Z"));
        QCOMPARE(std::get<QString>(typed), parserError);
        QCOMPARE(parserError,
                 QStringLiteral("'2024-02-30T00:00:00Z' is not a valid date and time"));
        auto unzoned = KeyPreview::inputFromText(ts, QStringLiteral("2024-01-01T00:00:00"));
        QVERIFY2(std::get<QString>(unzoned).contains(QLatin1String("has no time zone")),
                 qPrintable(std::get<QString>(unzoned)));

        auto ok = KeyPreview::inputFromText(ts, QStringLiteral("1704067200000"));
        const TemplateInput &input = std::get<TemplateInput>(ok);
        QCOMPARE(input.value.asString(), QStringLiteral("2024-01-01T00:00:00Z"));
        QCOMPARE(input.instantMs, std::optional<qint64>(1704067200000));
    }

    void keysOfAPopulatedItemWithTypedOverrides()
    {
        const Project project = iotProject();
        const Population population = std::get<Population>(DesignRun::populate(project));
        const int reading = 1;
        const qint64 item = KeyPreview::firstItemOf(population, reading);
        QVERIFY(item >= 0);
        std::vector<SampleValue> samples = KeyPreview::itemSamples(project, population, item);
        QStringList names;
        for (const SampleValue &sample : samples)
            names << sample.name;
        QCOMPARE(names,
                 (QStringList {"Ts", "Temperature", "Device.DeviceId", "Device.Model",
                               "Device.UpdatedAt"}));
        QVERIFY(samples.front().fromItem);

        const SampleAttribute ts
            = KeyPreview::resolve(project, reading, QStringLiteral("Reading.Ts"));
        QCOMPARE(ts.name, QStringLiteral("Ts"));
        QVERIFY(!KeyPreview::resolve(project, reading, QStringLiteral("Tss")).spec);
        QCOMPARE(KeyPreview::attributeNames(project, reading), names);
        KeyPreview::overrideSample(
            samples, ts,
            std::get<TemplateInput>(KeyPreview::inputFromText(*ts.spec, QStringLiteral("0"))),
            QStringLiteral("0"));

        const std::vector<KeyView> keys
            = KeyPreview::keys(project, *project.entity(QStringLiteral("Reading")), samples);
        QCOMPARE(keys.size(), size_t(2));
        QCOMPARE(keys[0].attribute, QStringLiteral("PK")); // key-schema order
        QCOMPARE(keys[0].roles, QStringList {QStringLiteral("table partition key")});
        const QString device = population.items[size_t(population.parentOf[size_t(item)])]
                                   .at(QStringLiteral("PK"))
                                   .asString();
        QCOMPARE(keys[0].value->asString(), device);
        QCOMPARE(keys[0].parts[1].attribute, QStringLiteral("Device.DeviceId"));
        QCOMPARE(keys[0].parts[1].overridden, std::optional<bool>(false));
        QCOMPARE(keys[1].value->asString(), QStringLiteral("#READING#1970-01-01T00:00:00Z"));
        QCOMPARE(keys[1].parts[0].overridden, std::optional<bool>()); // a literal
        QCOMPARE(keys[1].parts[1].overridden, std::optional<bool>(true));
    }

    void keyTypeErrorsAndRoles()
    {
        Project project = iotProject();
        const QByteArray table = R"({"TableName": "T",
            "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
                                     {"AttributeName": "SK", "AttributeType": "N"},
                                     {"AttributeName": "GSI1PK", "AttributeType": "S"}],
            "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                          {"AttributeName": "SK", "KeyType": "RANGE"}],
            "GlobalSecondaryIndexes": [{"IndexName": "GSI1",
                "KeySchema": [{"AttributeName": "GSI1PK", "KeyType": "HASH"},
                              {"AttributeName": "PK", "KeyType": "RANGE"}],
                "Projection": {"ProjectionType": "ALL"}}]})";
        QString error;
        project.table = *TableDefinition::fromJson(QJsonDocument::fromJson(table).object(), &error);
        QCOMPARE(keyRoleTexts(project.table),
                 (std::vector<std::pair<QString, QStringList>> {
                     {"PK", {"table partition key", "GSI1 sort key"}},
                     {"SK", {"table sort key"}},
                     {"GSI1PK", {"GSI1 partition key"}}}));
        QCOMPARE(keyType(project.table, QStringLiteral("SK")),
                 std::optional(AttributeValue::Type::N));
        QCOMPARE(keyType(project.table, QStringLiteral("GSI1PK")),
                 std::optional(AttributeValue::Type::S));
        QVERIFY(!keyType(project.table, QStringLiteral("Ts")));

        // The SK template makes text; SK is a number key: the error says so, with no value.
        const std::vector<SampleValue> samples
            = KeyPreview::samples(project, nullptr, QStringLiteral("Reading"));
        const std::vector<KeyView> keys
            = KeyPreview::keys(project, *project.entity(QStringLiteral("Reading")), samples);
        QCOMPARE(keys[1].attribute, QStringLiteral("SK"));
        QVERIFY(!keys[1].value);
        QVERIFY2(keys[1].error->message.contains(QLatin1String("is a number (N) key")),
                 qPrintable(keys[1].error->message));
        QVERIFY(!keys[1].parts.empty()); // still shows how its parts were made
    }
};

QTEST_GUILESS_MAIN(TestKeyPreview)
#include "tst_keypreview.moc"
