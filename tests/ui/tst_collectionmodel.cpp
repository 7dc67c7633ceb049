#include "ui/collection/collectionmodel.h"

#include <QAbstractItemModelTester>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTest>

using namespace keyscope;
using model::AttributeValue;
using model::Item;

namespace {

std::shared_ptr<model::Table> saasTable()
{
    const auto json = QJsonDocument::fromJson(R"({
        "TableName": "SaaS",
        "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
                                 {"AttributeName": "SK", "AttributeType": "S"},
                                 {"AttributeName": "Joined", "AttributeType": "N"}],
        "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                      {"AttributeName": "SK", "KeyType": "RANGE"}],
        "GlobalSecondaryIndexes": [{"IndexName": "ByJoined",
            "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                          {"AttributeName": "Joined", "KeyType": "RANGE"}],
            "Projection": {"ProjectionType": "ALL"}}]})");
    QString error;
    auto table
        = std::make_shared<model::Table>(*model::TableDefinition::fromJson(json.object(), &error));
    const auto item = [](const char *pk, const char *sk, int joined) {
        Item i {{"PK", AttributeValue::string(QString::fromUtf8(pk))},
                {"SK", AttributeValue::string(QString::fromUtf8(sk))}};
        if (joined)
            i.emplace("Joined", AttributeValue::number(model::Number::fromInt(joined)));
        return i;
    };
    table->putItems(std::vector<model::Item>
        {item("ORG#MCDONALDS", "USER#dean", 30), item("ORG#MCDONALDS", "USER#DeBrie", 10),
         item("ORG#MCDONALDS", "ORG#MCDONALDS", 0), item("ORG#MCDONALDS", "#TEAM#FINANCE", 20),
         item("ORG#BURGERKING", "ORG#BURGERKING", 0)});
    return table;
}

QStringList sortKeyColumn(const ui::CollectionModel &model)
{
    QStringList keys;
    for (int row = 0; row < model.rowCount(); ++row)
        keys << model.index(row, ui::CollectionModel::SortKeyColumn).data().toString();
    return keys;
}

} // namespace

class TestCollectionModel : public QObject
{
    Q_OBJECT

private slots:
    void listsLargestCollectionInByteOrder();
    void indexReordersAndDropsSparseItems();
    void switchesPartitions();
    void passesModelTester();
};

void TestCollectionModel::listsLargestCollectionInByteOrder()
{
    ui::CollectionModel model;
    model.setTable(saasTable());
    QCOMPARE(model.partitionCount(), 2);
    QVERIFY(model.partitionLabel(0).startsWith(QStringLiteral("ORG#MCDONALDS")));
    // '#' (0x23) < 'O' < 'U', and 'B' (0x42) < 'd' (0x64): byte order, not alphabetical.
    QCOMPARE(sortKeyColumn(model),
             (QStringList {"#TEAM#FINANCE", "ORG#MCDONALDS", "USER#DeBrie", "USER#dean"}));
    QCOMPARE(model.index(0, ui::CollectionModel::PositionColumn).data().toInt(), 1);
}

void TestCollectionModel::indexReordersAndDropsSparseItems()
{
    ui::CollectionModel model;
    model.setTable(saasTable());
    model.setIndexName(QStringLiteral("ByJoined"));
    // Items without Joined are not in the index; the rest sort numerically.
    QCOMPARE(sortKeyColumn(model), (QStringList {"10", "20", "30"}));
    QVERIFY(model.headerData(ui::CollectionModel::SortKeyColumn, Qt::Horizontal)
                .toString()
                .contains(QStringLiteral("Joined")));
}

void TestCollectionModel::switchesPartitions()
{
    ui::CollectionModel model;
    model.setTable(saasTable());
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    model.setPartition(1);
    QCOMPARE(reset.count(), 1);
    QCOMPARE(sortKeyColumn(model), QStringList {"ORG#BURGERKING"});
}

void TestCollectionModel::passesModelTester()
{
    ui::CollectionModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setTable(saasTable());
    model.setIndexName(QStringLiteral("ByJoined"));
    model.setPartition(0);
    model.setIndexName(QString());
    QVERIFY(model.rowCount() > 0);
}

QTEST_MAIN(TestCollectionModel)

#include "tst_collectionmodel.moc"
