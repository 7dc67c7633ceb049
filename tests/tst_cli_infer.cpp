// `keyscope infer` and `keyscope convert`'s inference, end to end: the real binary on files.

#include "model/design/projectfile.h"
#include "model/value/dynamojson.h"
#include "tests/support/runkeyscope.h"
#include "tests/support/testpaths.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest>

using namespace keyscope::model;
using keyscope::testsupport::runKeyscope;

namespace {

QString data(const QString &name)
{
    return keyscope::testsupport::testDataPath("/") + name;
}

Project readProject(const QString &path)
{
    auto read = ProjectFile::read(path);
    if (auto *errors = std::get_if<std::vector<IoError>>(&read)) {
        QStringList texts;
        for (const IoError &error : *errors)
            texts << error.toString();
        qWarning("%s", qPrintable(texts.join(u'\n')));
        return {};
    }
    return std::get<Project>(read);
}

const EntityType *entityWithSortKeyPrefix(const Project &project, const QString &prefix)
{
    for (const EntityType &entity : project.entities) {
        const auto sk = entity.keys.find(QStringLiteral("SK"));
        if (sk != entity.keys.end() && sk->second.startsWith(prefix))
            return &entity;
    }
    return nullptr;
}

// Each item as DynamoDB JSON text: what "the same item" means byte for byte.
QList<QByteArray> itemBytes(const Project &project)
{
    QList<QByteArray> bytes;
    for (const Item &values : project.items)
        bytes << QJsonDocument(dynamojson::itemToJson(values)).toJson(QJsonDocument::Compact);
    return bytes;
}

} // namespace

class TestCliInfer : public QObject
{
    Q_OBJECT

private slots:
    void help();
    void scanExportBecomesAProject();
    void jsonReport();
    void itemsWithoutKeysAreRefusedWithTheReason();
    void unreadableInput();
    void severalTablesNeedTable();
    void convertInfersByDefault();
    void convertNoInferKeepsItems();
    void convertKeepsWorkbenchItemsAndTheirDefects();
};

void TestCliInfer::help()
{
    const auto result = runKeyscope({QStringLiteral("infer"), QStringLiteral("--help")});
    QCOMPARE(result.exitCode, 0);
    QVERIFY(result.outText().contains(QLatin1String("usage: keyscope infer")));
    const auto top = runKeyscope({QStringLiteral("--help")});
    QVERIFY(top.outText().contains(QLatin1String("keyscope infer")));
}

void TestCliInfer::scanExportBecomesAProject()
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("recovered.keyscope.json"));
    const auto result = runKeyscope({QStringLiteral("infer"),
                                     data(QStringLiteral("cli_infer/scan-iot-orders.json")),
                                     QStringLiteral("-o"), out});
    QCOMPARE(result.exitCode, 0);
    QVERIFY2(result.err.contains(QLatin1String("wrote")), qPrintable(result.err));
    const Project project = readProject(out);
    // The report names what was inferred: the readings' and orders' templates.
    QVERIFY2(result.outText().contains(QLatin1String("READING#")), qPrintable(result.outText()));
    QVERIFY2(result.outText().contains(QLatin1String("ORDER#")), qPrintable(result.outText()));
    const EntityType *reading = entityWithSortKeyPrefix(project, QStringLiteral("READING#{"));
    QVERIFY2(reading, "no entity type writes READING#{...} sort keys");
    QCOMPARE(reading->name, QStringLiteral("Reading"));
    const EntityType *order = entityWithSortKeyPrefix(project, QStringLiteral("ORDER#{"));
    QVERIFY(order);
    QCOMPARE(order->name, QStringLiteral("Order"));
    // The entity types describe the items; every item is kept exactly as it was.
    QCOMPARE(project.items.size(), size_t(36));
    for (const EntityType &entity : project.entities)
        QCOMPARE(entity.countMax, 0);
    // The recovered design is a working project: it populates and checks.
    const auto populate = runKeyscope({QStringLiteral("populate"), out});
    QVERIFY2(populate.exitCode == 0, qPrintable(populate.err));
    QVERIFY(populate.outText().contains(QLatin1String("READING#")));
    const auto check = runKeyscope({QStringLiteral("check"), out});
    QVERIFY2(check.exitCode == 0 || check.exitCode == 1, qPrintable(check.err));
}

void TestCliInfer::jsonReport()
{
    const auto result = runKeyscope({QStringLiteral("infer"),
                                     data(QStringLiteral("cli_infer/scan-iot-orders.json")),
                                     QStringLiteral("--json")});
    QCOMPARE(result.exitCode, 0);
    const QJsonObject json = result.json();
    const QJsonArray proposals = json.value(QLatin1String("proposals")).toArray();
    QVERIFY2(proposals.size() >= 2, result.out.constData());
    QStringList names;
    for (const auto &p : proposals)
        names << p.toObject().value(QLatin1String("entity")).toString();
    QVERIFY2(names.contains(QStringLiteral("Reading")), qPrintable(names.join(u',')));
    QVERIFY(names.contains(QStringLiteral("Order")));
}

void TestCliInfer::itemsWithoutKeysAreRefusedWithTheReason()
{
    const auto result
        = runKeyscope({QStringLiteral("infer"), data(QStringLiteral("cli_infer/no-keys.json"))});
    QCOMPARE(result.exitCode, 255);
    QVERIFY2(result.err.contains(QLatin1String("cannot tell the table's keys")),
             qPrintable(result.err));
    QVERIFY(result.err.contains(QLatin1String("no-keys.json")));
}

void TestCliInfer::unreadableInput()
{
    const auto result
        = runKeyscope({QStringLiteral("infer"), data(QStringLiteral("cli_infer/missing.json"))});
    QCOMPARE(result.exitCode, 255);
    QVERIFY(result.err.contains(QLatin1String("missing.json")));
}

void TestCliInfer::severalTablesNeedTable()
{
    const auto result = runKeyscope(
        {QStringLiteral("infer"), data(QStringLiteral("interop/workbench-3.0.json"))});
    QCOMPARE(result.exitCode, 252);
    QVERIFY2(result.err.contains(QLatin1String("--table")), qPrintable(result.err));
}

void TestCliInfer::convertInfersByDefault()
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("converted.keyscope.json"));
    const auto result = runKeyscope({QStringLiteral("convert"),
                                     data(QStringLiteral("cli_infer/scan-iot-orders.json")),
                                     QStringLiteral("-o"), out});
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    QVERIFY2(result.err.contains(QLatin1String("inferred")), qPrintable(result.err));
    const Project project = readProject(out);
    QVERIFY(entityWithSortKeyPrefix(project, QStringLiteral("READING#{")));
    QCOMPARE(project.table.keys.hash.front().name, QStringLiteral("PK"));
}

void TestCliInfer::convertNoInferKeepsItems()
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("raw.keyscope.json"));
    const auto result = runKeyscope({QStringLiteral("convert"),
                                     data(QStringLiteral("cli_infer/scan-iot-orders.json")),
                                     QStringLiteral("-o"), out, QStringLiteral("--no-infer")});
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    QVERIFY(!result.err.contains(QLatin1String("inferred")));
    const Project project = readProject(out);
    QVERIFY(project.entities.empty());
    QCOMPARE(project.items.size(), size_t(36));
}

// AWS's Hotel Reservations model has a malformed time in a sort key (2021-09-15T02:00"00).
// convert infers entity types that describe its items: the items stay exactly as imported
// (compared with --no-infer), so the checks still read the defect in the user's data.
void TestCliInfer::convertKeepsWorkbenchItemsAndTheirDefects()
{
    QTemporaryDir dir;
    const QString model = data(QStringLiteral("workbench/hotel-reservations.json"));
    const QString raw = dir.filePath(QStringLiteral("raw.keyscope.json"));
    const QString inferred = dir.filePath(QStringLiteral("inferred.keyscope.json"));
    const auto plain = runKeyscope({QStringLiteral("convert"), model, QStringLiteral("-o"), raw,
                                    QStringLiteral("--no-infer")});
    QVERIFY2(plain.exitCode == 0, qPrintable(plain.err));
    const auto result
        = runKeyscope({QStringLiteral("convert"), model, QStringLiteral("-o"), inferred});
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    QVERIFY2(result.err.contains(QLatin1String("every item is kept")), qPrintable(result.err));
    const Project project = readProject(inferred);
    QVERIFY(!project.entities.empty());
    QCOMPARE(project.items.size(), size_t(5));
    QCOMPARE(itemBytes(project), itemBytes(readProject(raw)));
    const auto check = runKeyscope({QStringLiteral("check"), inferred});
    QVERIFY2(check.outText().contains(QLatin1String("Malformed time in SK '2021-09-15T02:00\"00'")),
             qPrintable(check.outText()));
    // Converting the result again infers nothing more: its design is no longer only items.
    const QString again = dir.filePath(QStringLiteral("again.keyscope.json"));
    const auto second
        = runKeyscope({QStringLiteral("convert"), inferred, QStringLiteral("-o"), again});
    QVERIFY2(second.exitCode == 0, qPrintable(second.err));
    QVERIFY(!second.err.contains(QLatin1String("inferred")));
}

QTEST_GUILESS_MAIN(TestCliInfer)
#include "tst_cli_infer.moc"
