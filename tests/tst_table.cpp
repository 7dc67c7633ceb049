// Tables as a DynamoDB user sees them: the create-table JSON Keyscope accepts (and the errors it
// reports), PutItem-style loading (replacement, validation texts), and the order of item
// collections in the table and its sparse secondary indexes.

#include "model/table/table.h"
#include "model/table/tabledefinition.h"
#include "model/value/dynamojson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <algorithm>
#include <random>

using namespace keyscope::model;

namespace {

QJsonObject jsonObject(const QString &json)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json.toUtf8(), &error);
    if (!doc.isObject())
        qFatal("bad test JSON (%s): %s", qPrintable(error.errorString()), qPrintable(json));
    return doc.object();
}

Item itemFrom(const QString &json)
{
    QString error;
    const auto item = dynamojson::itemFromJson(jsonObject(json), &error);
    if (!item)
        qFatal("bad test item %s: %s", qPrintable(json), qPrintable(error));
    return *item;
}

std::vector<Item> itemsFrom(const QString &jsonArray)
{
    const QJsonDocument doc = QJsonDocument::fromJson(jsonArray.toUtf8());
    if (!doc.isArray())
        qFatal("bad test item array: %s", qPrintable(jsonArray));
    std::vector<Item> items;
    for (const QJsonValue &v : doc.array()) {
        QString error;
        const auto item = dynamojson::itemFromJson(v, &error);
        if (!item)
            qFatal("bad test item: %s", qPrintable(error));
        items.push_back(*item);
    }
    return items;
}

TableDefinition definitionFrom(const QString &json)
{
    QString error;
    auto definition = TableDefinition::fromJson(jsonObject(json), &error);
    if (!definition)
        qFatal("bad test table %s: %s", qPrintable(json), qPrintable(error));
    return *definition;
}

QString describeKeys(const KeySchema &keys)
{
    QStringList hash;
    for (const auto &k : keys.hash)
        hash << k.name + QLatin1Char(':') + AttributeValue::typeName(k.type);
    QStringList range;
    for (const auto &k : keys.range)
        range << k.name + QLatin1Char(':') + AttributeValue::typeName(k.type);
    return QStringLiteral("h=[%1] r=[%2]").arg(hash.join(u','), range.join(u','));
}

// "T h=[pk:S] r=[sk:N]; L1 L h=[pk:S] r=[l:S] KEYS_ONLY; G1 G h=[a:S] r=[] INCLUDE[x,y]"
QString describe(const TableDefinition &d)
{
    QStringList parts;
    parts << d.tableName + QLatin1Char(' ') + describeKeys(d.keys);
    for (const auto &index : d.indexes) {
        QString projection = index.projection == ProjectionType::All        ? QStringLiteral("ALL")
                             : index.projection == ProjectionType::KeysOnly ? QStringLiteral("KEYS_ONLY")
                                                                            : QStringLiteral("INCLUDE");
        if (index.projection == ProjectionType::Include)
            projection += QLatin1Char('[') + index.nonKeyAttributes.join(u',') + QLatin1Char(']');
        parts << QStringLiteral("%1 %2 %3 %4")
                     .arg(index.name, index.isGlobal() ? u"G" : u"L", describeKeys(index.keys),
                          projection);
    }
    return parts.join(u"; ");
}

// Compact create-table JSON: defs "pk:S,sk:N", keys "pk:HASH,sk:RANGE".
QString attributeDefinitions(const QString &spec)
{
    QStringList out;
    for (const QString &entry : spec.split(u',', Qt::SkipEmptyParts)) {
        const QStringList p = entry.split(u':');
        out << QStringLiteral(R"({"AttributeName":"%1","AttributeType":"%2"})").arg(p[0], p[1]);
    }
    return QLatin1Char('[') + out.join(u',') + QLatin1Char(']');
}

QString keySchema(const QString &spec)
{
    QStringList out;
    for (const QString &entry : spec.split(u',', Qt::SkipEmptyParts)) {
        const QStringList p = entry.split(u':');
        out << QStringLiteral(R"({"AttributeName":"%1","KeyType":"%2"})").arg(p[0], p[1]);
    }
    return QLatin1Char('[') + out.join(u',') + QLatin1Char(']');
}

QString tableJson(const QString &defs, const QString &keys, const QString &extra = {})
{
    return QStringLiteral(R"({"TableName":"T","AttributeDefinitions":%1,"KeySchema":%2%3})")
        .arg(attributeDefinitions(defs), keySchema(keys),
             extra.isEmpty() ? QString() : QLatin1Char(',') + extra);
}

QString index(const QString &name, const QString &keys, const QString &projection)
{
    return QStringLiteral(R"({"IndexName":"%1","KeySchema":%2,"Projection":%3})")
        .arg(name, keySchema(keys), projection);
}

// The sort-key attribute values of one partition, in stored (ascending) order.
QStringList partitionOrder(const Table &table, const QString &indexName,
                           const AttributeValue &partitionValue, const QString &attribute)
{
    const IndexStore *store = table.store(indexName);
    if (!store)
        return {QStringLiteral("<no store>")};
    const Partition *partition = store->findPartition(partitionValue.sortableBytes());
    if (!partition)
        return {};
    QStringList out;
    for (const PartitionEntry &e : partition->entries)
        out << table.attribute(e.item, attribute).debugString();
    return out;
}

QString sText(const QString &s)
{
    return AttributeValue::string(s).debugString();
}

} // namespace

class TestTable : public QObject
{
    Q_OBJECT

private slots:
    void fromJson_data();
    void fromJson();
    void fromJsonRoundTrip();
    void fromJsonErrors_data();
    void fromJsonErrors();

    void putItemsReplaces_data();
    void putItemsReplaces();
    void putItemsAcrossBatches();
    void validation_data();
    void validation();
    void invalidItemWritesNothing();

    void sparseIndexes();
    void indexTiesBrokenByPrimaryKey();
    void stringOrderIsUtf8Bytes();
    void numberOrderIsNumeric();
    void binaryOrderIsUnsignedBytes();
    void multiAttributeIndexOrder();
};

void TestTable::fromJson_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("expected");

    QTest::newRow("hash only") << tableJson("pk:S", "pk:HASH") << "T h=[pk:S] r=[]";
    QTest::newRow("composite N sort") << tableJson("pk:S,sk:N", "pk:HASH,sk:RANGE")
                                      << "T h=[pk:S] r=[sk:N]";
    QTest::newRow("binary keys") << tableJson("pk:B,sk:B", "pk:HASH,sk:RANGE")
                                 << "T h=[pk:B] r=[sk:B]";
    QTest::newRow("describe-table shape")
        << QStringLiteral(R"({"Table":%1})").arg(tableJson("pk:S", "pk:HASH"))
        << "T h=[pk:S] r=[]";
    QTest::newRow("LSI")
        << tableJson("pk:S,sk:S,lsk:N", "pk:HASH,sk:RANGE",
                     QStringLiteral(R"("LocalSecondaryIndexes":[%1])")
                         .arg(index("L1", "pk:HASH,lsk:RANGE", R"({"ProjectionType":"ALL"})")))
        << "T h=[pk:S] r=[sk:S]; L1 L h=[pk:S] r=[lsk:N] ALL";
    QTest::newRow("GSI KEYS_ONLY hash only")
        << tableJson("pk:S,g:S", "pk:HASH",
                     QStringLiteral(R"("GlobalSecondaryIndexes":[%1])")
                         .arg(index("G1", "g:HASH", R"({"ProjectionType":"KEYS_ONLY"})")))
        << "T h=[pk:S] r=[]; G1 G h=[g:S] r=[] KEYS_ONLY";
    QTest::newRow("GSI INCLUDE")
        << tableJson("pk:S,sk:S,g:N,gs:B", "pk:HASH,sk:RANGE",
                     QStringLiteral(R"("GlobalSecondaryIndexes":[%1])")
                         .arg(index("G1", "g:HASH,gs:RANGE",
                                    R"({"ProjectionType":"INCLUDE","NonKeyAttributes":["x","y"]})")))
        << "T h=[pk:S] r=[sk:S]; G1 G h=[g:N] r=[gs:B] INCLUDE[x,y]";
    QTest::newRow("GSI ALL reusing table keys")
        << tableJson("pk:S,sk:S", "pk:HASH,sk:RANGE",
                     QStringLiteral(R"("GlobalSecondaryIndexes":[%1])")
                         .arg(index("Inverted", "sk:HASH,pk:RANGE", R"({"ProjectionType":"ALL"})")))
        << "T h=[pk:S] r=[sk:S]; Inverted G h=[sk:S] r=[pk:S] ALL";
    QTest::newRow("multi-attribute GSI 4+4")
        << tableJson("pk:S,a:S,b:N,c:B,d:S,e:S,f:N,g:B,h:S", "pk:HASH",
                     QStringLiteral(R"("GlobalSecondaryIndexes":[%1])")
                         .arg(index("M", "a:HASH,b:HASH,c:HASH,d:HASH,e:RANGE,f:RANGE,g:RANGE,h:RANGE",
                                    R"({"ProjectionType":"ALL"})")))
        << "T h=[pk:S] r=[]; M G h=[a:S,b:N,c:B,d:S] r=[e:S,f:N,g:B,h:S] ALL";
    QTest::newRow("LSI and two GSIs")
        << tableJson("pk:S,sk:S,l:S,g:S", "pk:HASH,sk:RANGE",
                     QStringLiteral(R"("LocalSecondaryIndexes":[%1],"GlobalSecondaryIndexes":[%2,%3])")
                         .arg(index("L", "pk:HASH,l:RANGE", R"({"ProjectionType":"KEYS_ONLY"})"),
                              index("G1", "g:HASH", R"({"ProjectionType":"ALL"})"),
                              index("G2", "g:HASH,l:RANGE", R"({"ProjectionType":"ALL"})")))
        << "T h=[pk:S] r=[sk:S]; L L h=[pk:S] r=[l:S] KEYS_ONLY; G1 G h=[g:S] r=[] ALL; "
           "G2 G h=[g:S] r=[l:S] ALL";
    QTest::newRow("ignores billing and throughput")
        << tableJson("pk:S", "pk:HASH",
                     R"("BillingMode":"PAY_PER_REQUEST","ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":5})")
        << "T h=[pk:S] r=[]";
}

void TestTable::fromJson()
{
    QFETCH(QString, json);
    QFETCH(QString, expected);
    QString error;
    const auto definition = TableDefinition::fromJson(jsonObject(json), &error);
    QVERIFY2(definition, qPrintable(error));
    QCOMPARE(describe(*definition), expected);
}

void TestTable::fromJsonRoundTrip()
{
    const QString json = tableJson(
        "pk:S,sk:N,l:S,g:B,a:S,b:N", "pk:HASH,sk:RANGE",
        QStringLiteral(R"("LocalSecondaryIndexes":[%1],"GlobalSecondaryIndexes":[%2,%3])")
            .arg(index("L", "pk:HASH,l:RANGE",
                       R"({"ProjectionType":"INCLUDE","NonKeyAttributes":["x"]})"),
                 index("G", "g:HASH,sk:RANGE", R"({"ProjectionType":"KEYS_ONLY"})"),
                 index("M", "a:HASH,b:HASH,l:RANGE,sk:RANGE", R"({"ProjectionType":"ALL"})")));
    const TableDefinition first = definitionFrom(json);
    QString error;
    const auto second = TableDefinition::fromJson(first.toJson(), &error);
    QVERIFY2(second, qPrintable(error));
    QCOMPARE(describe(*second), describe(first));
}

void TestTable::fromJsonErrors_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("expected");

    QTest::newRow("LSI without table range key")
        << tableJson("pk:S,l:S", "pk:HASH",
                     QStringLiteral(R"("LocalSecondaryIndexes":[%1])")
                         .arg(index("L", "pk:HASH,l:RANGE", R"({"ProjectionType":"ALL"})")))
        << "One or more parameter values were invalid: Table KeySchema does not have a range key, "
           "which is required when specifying a LocalSecondaryIndex";
    QTest::newRow("INCLUDE without NonKeyAttributes")
        << tableJson("pk:S,g:S", "pk:HASH",
                     QStringLiteral(R"("GlobalSecondaryIndexes":[%1])")
                         .arg(index("G", "g:HASH", R"({"ProjectionType":"INCLUDE"})")))
        << "One or more parameter values were invalid: ProjectionType is INCLUDE, but "
           "NonKeyAttributes is not specified";
    QTest::newRow("undefined table key attribute")
        << tableJson("pk:S,x:N", "pk:HASH,sk:RANGE")
        << "One or more parameter values were invalid: Some index key attributes are not defined "
           "in AttributeDefinitions. Keys: [sk], AttributeDefinitions: [pk, x]";
    QTest::newRow("undefined index key attribute")
        << tableJson("pk:S", "pk:HASH",
                     QStringLiteral(R"("GlobalSecondaryIndexes":[%1])")
                         .arg(index("G", "g:HASH", R"({"ProjectionType":"ALL"})")))
        << "One or more parameter values were invalid: Some index key attributes are not defined "
           "in AttributeDefinitions. Keys: [g], AttributeDefinitions: [pk]";
    QTest::newRow("extra AttributeDefinitions")
        << tableJson("pk:S,unused:S", "pk:HASH")
        << "One or more parameter values were invalid: Number of attributes in KeySchema does not "
           "exactly match number of attributes defined in AttributeDefinitions";
    QTest::newRow("first key not HASH")
        << tableJson("pk:S,sk:S", "sk:RANGE,pk:HASH")
        << "Invalid KeySchema: The first KeySchemaElement is not a HASH key type";
    QTest::newRow("bad KeyType")
        << tableJson("pk:S", "pk:PRIMARY")
        << "1 validation error detected: Value 'PRIMARY' at 'KeySchema[0].keyType' failed to "
           "satisfy constraint: Member must satisfy enum value set: [HASH, RANGE]";
    QTest::newRow("bad AttributeType")
        << tableJson("pk:BOOL", "pk:HASH")
        << "1 validation error detected: Value 'BOOL' at 'attributeDefinitions.1.member."
           "attributeType' failed to satisfy constraint: Member must satisfy enum value set: "
           "[B, N, S]";
    QTest::newRow("table with two HASH keys")
        << tableJson("pk:S,p2:S", "pk:HASH,p2:HASH")
        << "Invalid KeySchema: KeySchema may have one HASH and at most one RANGE key "
           "(multi-attribute keys are for global secondary indexes only)";
    QTest::newRow("LSI with a different hash key")
        << tableJson("pk:S,sk:S,o:S", "pk:HASH,sk:RANGE",
                     QStringLiteral(R"("LocalSecondaryIndexes":[%1])")
                         .arg(index("L", "o:HASH,sk:RANGE", R"({"ProjectionType":"ALL"})")))
        << "One or more parameter values were invalid: Index KeySchema does not have the same "
           "leading hash key as table KeySchema for index: L. index hash key: o, table hash "
           "key: pk";
    QTest::newRow("multi-attribute LSI")
        << tableJson("pk:S,sk:S,a:S,b:S", "pk:HASH,sk:RANGE",
                     QStringLiteral(R"("LocalSecondaryIndexes":[%1])")
                         .arg(index("L", "pk:HASH,a:RANGE,b:RANGE", R"({"ProjectionType":"ALL"})")))
        << "Invalid KeySchema: LocalSecondaryIndexes[0].KeySchema may have one HASH and at most "
           "one RANGE key (multi-attribute keys are for global secondary indexes only)";
    QTest::newRow("GSI with 5 HASH attributes")
        << tableJson("pk:S,a:S,b:S,c:S,d:S,e:S", "pk:HASH",
                     QStringLiteral(R"("GlobalSecondaryIndexes":[%1])")
                         .arg(index("G", "a:HASH,b:HASH,c:HASH,d:HASH,e:HASH",
                                    R"({"ProjectionType":"ALL"})")))
        << "One or more parameter values were invalid: GlobalSecondaryIndexes[0].KeySchema has "
           "more than 4 HASH or 4 RANGE attributes";
    QTest::newRow("GSI with 5 RANGE attributes")
        << tableJson("pk:S,a:S,b:S,c:S,d:S,e:S", "pk:HASH",
                     QStringLiteral(R"("GlobalSecondaryIndexes":[%1])")
                         .arg(index("G", "pk:HASH,a:RANGE,b:RANGE,c:RANGE,d:RANGE,e:RANGE",
                                    R"({"ProjectionType":"ALL"})")))
        << "One or more parameter values were invalid: GlobalSecondaryIndexes[0].KeySchema has "
           "more than 4 HASH or 4 RANGE attributes";
    QTest::newRow("GSI HASH after RANGE")
        << tableJson("pk:S,a:S,b:S", "pk:HASH",
                     QStringLiteral(R"("GlobalSecondaryIndexes":[%1])")
                         .arg(index("G", "a:HASH,b:RANGE,pk:HASH", R"({"ProjectionType":"ALL"})")))
        << "Invalid KeySchema: GlobalSecondaryIndexes[0].KeySchema lists a HASH key after a RANGE "
           "key; all HASH keys come first";
    QTest::newRow("duplicate index name")
        << tableJson("pk:S,g:S", "pk:HASH",
                     QStringLiteral(R"("GlobalSecondaryIndexes":[%1,%2])")
                         .arg(index("G", "g:HASH", R"({"ProjectionType":"ALL"})"),
                              index("G", "g:HASH", R"({"ProjectionType":"KEYS_ONLY"})")))
        << "One or more parameter values were invalid: Duplicate index name: G";
    QTest::newRow("NonKeyAttributes with ALL")
        << tableJson("pk:S,g:S", "pk:HASH",
                     QStringLiteral(R"("GlobalSecondaryIndexes":[%1])")
                         .arg(index("G", "g:HASH",
                                    R"({"ProjectionType":"ALL","NonKeyAttributes":["x"]})")))
        << "One or more parameter values were invalid: ProjectionType is ALL, but "
           "NonKeyAttributes is specified";
}

void TestTable::fromJsonErrors()
{
    QFETCH(QString, json);
    QFETCH(QString, expected);
    QString error;
    const auto definition = TableDefinition::fromJson(jsonObject(json), &error);
    QVERIFY(!definition);
    QCOMPARE(error, expected);
}

void TestTable::putItemsReplaces_data()
{
    QTest::addColumn<QString>("keys");  // "pk:S" or "pk:S,sk:N"
    QTest::addColumn<QString>("items"); // JSON array; each item has "v"
    QTest::addColumn<int>("replaced");
    QTest::addColumn<int>("itemCount");
    QTest::addColumn<QStringList>("survivingV"); // v of the surviving items, ascending key order

    QTest::newRow("distinct keys")
        << "pk:S,sk:N"
        << R"([{"pk":{"S":"a"},"sk":{"N":"1"},"v":{"S":"1"}},
               {"pk":{"S":"a"},"sk":{"N":"2"},"v":{"S":"2"}},
               {"pk":{"S":"b"},"sk":{"N":"1"},"v":{"S":"3"}}])"
        << 0 << 3 << QStringList{"1", "2", "3"};
    QTest::newRow("100, 100.0 and 1E2 are one sort key")
        << "pk:S,sk:N"
        << R"([{"pk":{"S":"a"},"sk":{"N":"100"},"v":{"S":"first"}},
               {"pk":{"S":"a"},"sk":{"N":"100.0"},"v":{"S":"second"}},
               {"pk":{"S":"a"},"sk":{"N":"1E2"},"v":{"S":"third"}},
               {"pk":{"S":"a"},"sk":{"N":"0100"},"v":{"S":"fourth"}},
               {"pk":{"S":"a"},"sk":{"N":"1E1"},"v":{"S":"ten"}}])"
        << 3 << 2 << QStringList{"ten", "fourth"};
    QTest::newRow("same sort key, different partitions")
        << "pk:S,sk:N"
        << R"([{"pk":{"S":"a"},"sk":{"N":"1"},"v":{"S":"a"}},
               {"pk":{"S":"b"},"sk":{"N":"1"},"v":{"S":"b"}}])"
        << 0 << 2 << QStringList{"a", "b"};
    QTest::newRow("hash-only repeated key, last write wins")
        << "pk:S"
        << R"([{"pk":{"S":"x"},"v":{"S":"old"}},
               {"pk":{"S":"y"},"v":{"S":"y"}},
               {"pk":{"S":"x"},"v":{"S":"new"}}])"
        << 1 << 2 << QStringList{"new", "y"};
    QTest::newRow("N partition key -0 and 0 are one key")
        << "pk:N"
        << R"([{"pk":{"N":"0"},"v":{"S":"zero"}},
               {"pk":{"N":"-0"},"v":{"S":"minus zero"}},
               {"pk":{"N":"0.000"},"v":{"S":"zero again"}}])"
        << 2 << 1 << QStringList{"zero again"};
    QTest::newRow("S keys differing only in case are distinct")
        << "pk:S,sk:S"
        << R"([{"pk":{"S":"a"},"sk":{"S":"Key"},"v":{"S":"upper"}},
               {"pk":{"S":"a"},"sk":{"S":"key"},"v":{"S":"lower"}}])"
        << 0 << 2 << QStringList{"upper", "lower"};
}

void TestTable::putItemsReplaces()
{
    QFETCH(QString, keys);
    QFETCH(QString, items);
    QFETCH(int, replaced);
    QFETCH(int, itemCount);
    QFETCH(QStringList, survivingV);

    const bool composite = keys.contains(u',');
    const QString hashType = keys.section(u',', 0, 0).section(u':', 1);
    Table table(definitionFrom(tableJson(keys, composite ? "pk:HASH,sk:RANGE" : "pk:HASH")));
    const std::vector<Item> list = itemsFrom(items);
    const auto result = table.putItems(list);
    QVERIFY(std::holds_alternative<Table::LoadResult>(result));
    const auto load = std::get<Table::LoadResult>(result);
    QCOMPARE(load.written, qsizetype(list.size()));
    QCOMPARE(load.replaced, qsizetype(replaced));
    QCOMPARE(table.itemCount(), qsizetype(itemCount));
    QCOMPARE(table.store()->entryCount(), qsizetype(itemCount));

    // Surviving items in ascending primary-key order (partitions by key bytes, then sort key).
    std::vector<ItemId> ids;
    for (const Partition &p : table.store()->partitions()) {
        for (const PartitionEntry &e : p.entries)
            ids.push_back(e.item);
    }
    std::sort(ids.begin(), ids.end(), [&](ItemId a, ItemId b) {
        return table.compareTablePrimaryKey(a, b) < 0;
    });
    QStringList values;
    for (ItemId id : ids)
        values << table.attribute(id, QStringLiteral("v")).asString();
    QCOMPARE(values, survivingV);
    Q_UNUSED(hashType);
}

void TestTable::putItemsAcrossBatches()
{
    Table table(definitionFrom(
        tableJson("pk:S,sk:S,g:S", "pk:HASH,sk:RANGE",
                  QStringLiteral(R"("GlobalSecondaryIndexes":[%1])")
                      .arg(index("G", "g:HASH", R"({"ProjectionType":"KEYS_ONLY"})")))));
    auto first = table.putItems(itemsFrom(R"([{"pk":{"S":"a"},"sk":{"S":"1"},"g":{"S":"old"}},
                                              {"pk":{"S":"a"},"sk":{"S":"2"},"g":{"S":"old"}}])"));
    QCOMPARE(std::get<Table::LoadResult>(first).replaced, 0);
    // A rewrite in a later batch replaces the item in the table AND moves it in the index.
    auto second = table.putItems(itemsFrom(R"([{"pk":{"S":"a"},"sk":{"S":"1"},"g":{"S":"new"}},
                                               {"pk":{"S":"a"},"sk":{"S":"3"}}])"));
    QCOMPARE(std::get<Table::LoadResult>(second).written, 2);
    QCOMPARE(std::get<Table::LoadResult>(second).replaced, 1);
    QCOMPARE(table.itemCount(), 3);
    QCOMPARE(partitionOrder(table, {}, AttributeValue::string("a"), "sk"),
             (QStringList{sText("1"), sText("2"), sText("3")}));
    QCOMPARE(partitionOrder(table, "G", AttributeValue::string("old"), "sk"),
             QStringList{sText("2")});
    QCOMPARE(partitionOrder(table, "G", AttributeValue::string("new"), "sk"),
             QStringList{sText("1")});
    QCOMPARE(table.store("G")->entryCount(), 2);
}

void TestTable::validation_data()
{
    QTest::addColumn<QString>("item");
    QTest::addColumn<QString>("expected"); // empty: valid

    // Table: pk S hash, sk S range; LSI "lsi1" (pk, ln N); GSIs "gsi2" (g S) and "gsi1"
    // (g S, gb B) both use g: errors name the alphabetically first index.
    const QString pkSk = R"("pk":{"S":"p"},"sk":{"S":"s"})";
    const auto with = [&](const QString &extra) {
        return QStringLiteral("{%1,%2}").arg(pkSk, extra);
    };
    const QString threeByte = QString(342, QChar(0x20AC)); // '€' is 3 UTF-8 bytes: 1026 bytes
    const QString threeByteOk = QString(341, QChar(0x20AC)); // 1023 bytes

    QTest::newRow("valid") << with(R"("x":{"N":"1"})") << "";
    QTest::newRow("missing hash key")
        << R"({"sk":{"S":"s"}})"
        << "One or more parameter values were invalid: Missing the key pk in the item";
    QTest::newRow("missing range key")
        << R"({"pk":{"S":"p"},"x":{"S":"s"}})"
        << "One or more parameter values were invalid: Missing the key sk in the item";
    QTest::newRow("hash type mismatch")
        << R"({"pk":{"N":"1"},"sk":{"S":"s"}})"
        << "One or more parameter values were invalid: Type mismatch for key pk expected: S "
           "actual: N";
    QTest::newRow("range type mismatch (list)")
        << R"({"pk":{"S":"p"},"sk":{"L":[{"S":"s"}]}})"
        << "One or more parameter values were invalid: Type mismatch for key sk expected: S "
           "actual: L";
    QTest::newRow("hash checked before range")
        << R"({"pk":{"B":"AA=="},"sk":{"N":"1"}})"
        << "One or more parameter values were invalid: Type mismatch for key pk expected: S "
           "actual: B";
    QTest::newRow("empty string hash key")
        << R"({"pk":{"S":""},"sk":{"S":"s"}})"
        << "One or more parameter values are not valid. The AttributeValue for a key attribute "
           "cannot contain an empty string value. Key: pk";
    QTest::newRow("empty string range key")
        << R"({"pk":{"S":"p"},"sk":{"S":""}})"
        << "One or more parameter values are not valid. The AttributeValue for a key attribute "
           "cannot contain an empty string value. Key: sk";
    QTest::newRow("empty string in a non-key attribute is fine")
        << with(R"("note":{"S":""})") << "";
    QTest::newRow("hash key 2048 bytes")
        << QStringLiteral(R"({"pk":{"S":"%1"},"sk":{"S":"s"}})").arg(QString(2048, u'a'))
        << "";
    QTest::newRow("hash key 2049 bytes")
        << QStringLiteral(R"({"pk":{"S":"%1"},"sk":{"S":"s"}})").arg(QString(2049, u'a'))
        << "One or more parameter values were invalid: Size of hashkey has exceeded the maximum "
           "size limit of2048 bytes";
    QTest::newRow("hash key 683 x 3-byte chars (2049 bytes)")
        << QStringLiteral(R"({"pk":{"S":"%1"},"sk":{"S":"s"}})").arg(QString(683, QChar(0x20AC)))
        << "One or more parameter values were invalid: Size of hashkey has exceeded the maximum "
           "size limit of2048 bytes";
    QTest::newRow("sort key 1024 bytes")
        << QStringLiteral(R"({"pk":{"S":"p"},"sk":{"S":"%1"}})").arg(QString(1024, u'z'))
        << "";
    QTest::newRow("sort key 1025 bytes")
        << QStringLiteral(R"({"pk":{"S":"p"},"sk":{"S":"%1"}})").arg(QString(1025, u'z'))
        << "One or more parameter values were invalid: Aggregated size of all range keys has "
           "exceeded the size limit of 1024 bytes";
    QTest::newRow("sort key 342 chars = 1026 UTF-8 bytes")
        << QStringLiteral(R"({"pk":{"S":"p"},"sk":{"S":"%1"}})").arg(threeByte)
        << "One or more parameter values were invalid: Aggregated size of all range keys has "
           "exceeded the size limit of 1024 bytes";
    QTest::newRow("sort key 341 chars = 1023 UTF-8 bytes")
        << QStringLiteral(R"({"pk":{"S":"p"},"sk":{"S":"%1"}})").arg(threeByteOk) << "";
    QTest::newRow("index key type mismatch names alphabetically first index")
        << with(R"("g":{"N":"5"})")
        << "One or more parameter values were invalid: Type mismatch for Index Key g Expected: S "
           "Actual: N IndexName: gsi1";
    QTest::newRow("LSI key type mismatch")
        << with(R"("ln":{"S":"5"})")
        << "One or more parameter values were invalid: Type mismatch for Index Key ln Expected: N "
           "Actual: S IndexName: lsi1";
    QTest::newRow("index key of map type")
        << with(R"("gb":{"M":{}})")
        << "One or more parameter values were invalid: Type mismatch for Index Key gb Expected: B "
           "Actual: M IndexName: gsi1";
    QTest::newRow("empty string index key")
        << with(R"("g":{"S":""})")
        << "One or more parameter values are not valid. A value specified for a secondary index "
           "key is not supported. The AttributeValue for a key attribute cannot contain an empty "
           "string value. IndexName: gsi1, IndexKey: g";
    QTest::newRow("index hash key too large")
        << with(QStringLiteral(R"("g":{"S":"%1"})").arg(QString(2049, u'g')))
        << "One or more parameter values were invalid: Size limit exceeded for Index Key g Actual "
           "Size: 2049 bytes Max Size: 2048 bytes IndexName: gsi1";
    QTest::newRow("item lacking index keys is valid (sparse)") << with(R"("other":{"S":"x"})")
                                                               << "";
    // Item size: "pk"(2)+"p"(1) + "sk"(2)+"s"(1) + "big"(3) + value = 409600 at most.
    QTest::newRow("item of exactly 400 KB")
        << with(QStringLiteral(R"("big":{"S":"%1"})").arg(QString(409600 - 9, u'x'))) << "";
    QTest::newRow("item one byte over 400 KB")
        << with(QStringLiteral(R"("big":{"S":"%1"})").arg(QString(409600 - 8, u'x')))
        << "Item size has exceeded the maximum allowed size";
}

void TestTable::validation()
{
    QFETCH(QString, item);
    QFETCH(QString, expected);
    Table table(definitionFrom(tableJson(
        "pk:S,sk:S,ln:N,g:S,gb:B", "pk:HASH,sk:RANGE",
        QStringLiteral(R"("LocalSecondaryIndexes":[%1],"GlobalSecondaryIndexes":[%2,%3])")
            .arg(index("lsi1", "pk:HASH,ln:RANGE", R"({"ProjectionType":"ALL"})"),
                 index("gsi2", "g:HASH", R"({"ProjectionType":"ALL"})"),
                 index("gsi1", "g:HASH,gb:RANGE", R"({"ProjectionType":"KEYS_ONLY"})")))));
    const Item parsed = itemFrom(item);
    const auto error = table.validate(parsed);
    QCOMPARE(error.value_or(QString()), expected);
    const auto result = table.putItems(std::vector<Item> {parsed});
    if (expected.isEmpty()) {
        QVERIFY(std::holds_alternative<Table::LoadResult>(result));
        QCOMPARE(table.itemCount(), 1);
    } else {
        QVERIFY(std::holds_alternative<Table::ItemError>(result));
        QCOMPARE(std::get<Table::ItemError>(result).message, expected);
        QCOMPARE(std::get<Table::ItemError>(result).index, 0);
        QCOMPARE(table.itemCount(), 0);
    }
}

void TestTable::invalidItemWritesNothing()
{
    Table table(definitionFrom(tableJson("pk:S,sk:N", "pk:HASH,sk:RANGE")));
    const auto result = table.putItems(itemsFrom(R"([{"pk":{"S":"a"},"sk":{"N":"1"}},
                                                     {"pk":{"S":"a"},"sk":{"N":"2"}},
                                                     {"pk":{"S":"a"},"sk":{"S":"3"}},
                                                     {"pk":{"S":"a"}}])"));
    QVERIFY(std::holds_alternative<Table::ItemError>(result));
    QCOMPARE(std::get<Table::ItemError>(result).index, 2);
    QCOMPARE(std::get<Table::ItemError>(result).message,
             QStringLiteral("One or more parameter values were invalid: Type mismatch for key sk "
                            "expected: N actual: S"));
    QCOMPARE(table.itemCount(), 0);
    QCOMPARE(table.store()->entryCount(), 0);
}

void TestTable::sparseIndexes()
{
    Table table(definitionFrom(tableJson(
        "pk:S,sk:S,l:N,g:S,gs:N", "pk:HASH,sk:RANGE",
        QStringLiteral(R"("LocalSecondaryIndexes":[%1],"GlobalSecondaryIndexes":[%2,%3])")
            .arg(index("L", "pk:HASH,l:RANGE", R"({"ProjectionType":"ALL"})"),
                 index("G", "g:HASH", R"({"ProjectionType":"KEYS_ONLY"})"),
                 index("GS", "g:HASH,gs:RANGE", R"({"ProjectionType":"ALL"})")))));
    const auto result = table.putItems(itemsFrom(R"([
        {"pk":{"S":"a"},"sk":{"S":"1"},"l":{"N":"3"},"g":{"S":"x"},"gs":{"N":"1"}},
        {"pk":{"S":"a"},"sk":{"S":"2"},"l":{"N":"2"}},
        {"pk":{"S":"a"},"sk":{"S":"3"},"g":{"S":"x"}},
        {"pk":{"S":"a"},"sk":{"S":"4"},"gs":{"N":"0"}},
        {"pk":{"S":"b"},"sk":{"S":"5"},"l":{"N":"1"},"g":{"S":"y"},"gs":{"N":"2"}}])"));
    QVERIFY(std::holds_alternative<Table::LoadResult>(result));
    QCOMPARE(table.store()->entryCount(), 5);
    QCOMPARE(table.store("L")->entryCount(), 3);
    QCOMPARE(table.store("G")->entryCount(), 3);
    QCOMPARE(table.store("GS")->entryCount(), 2); // needs both g and gs
    QCOMPARE(partitionOrder(table, "L", AttributeValue::string("a"), "sk"),
             (QStringList{sText("2"), sText("1")})); // by l: 2 then 3
    QCOMPARE(partitionOrder(table, "G", AttributeValue::string("x"), "sk"),
             (QStringList{sText("1"), sText("3")}));
    QCOMPARE(partitionOrder(table, "GS", AttributeValue::string("x"), "sk"),
             QStringList{sText("1")});
    QVERIFY(!table.store("G")->findPartition(AttributeValue::string("z").sortableBytes()));
    QVERIFY(!table.store("nope"));
}

void TestTable::indexTiesBrokenByPrimaryKey()
{
    Table table(definitionFrom(tableJson(
        "pk:S,sk:N,g:S,gs:S", "pk:HASH,sk:RANGE",
        QStringLiteral(R"("GlobalSecondaryIndexes":[%1,%2])")
            .arg(index("G", "g:HASH,gs:RANGE", R"({"ProjectionType":"ALL"})"),
                 index("H", "g:HASH", R"({"ProjectionType":"ALL"})")))));
    // Written in scrambled order; equal index keys must come out by (pk bytes, sk numerically).
    const auto result = table.putItems(itemsFrom(R"([
        {"pk":{"S":"b"},"sk":{"N":"10"},"g":{"S":"x"},"gs":{"S":"same"},"v":{"S":"b10"}},
        {"pk":{"S":"a"},"sk":{"N":"9"},"g":{"S":"x"},"gs":{"S":"same"},"v":{"S":"a9"}},
        {"pk":{"S":"B"},"sk":{"N":"1"},"g":{"S":"x"},"gs":{"S":"same"},"v":{"S":"B1"}},
        {"pk":{"S":"a"},"sk":{"N":"10"},"g":{"S":"x"},"gs":{"S":"same"},"v":{"S":"a10"}},
        {"pk":{"S":"a"},"sk":{"N":"-1"},"g":{"S":"x"},"gs":{"S":"same"},"v":{"S":"a-1"}},
        {"pk":{"S":"z"},"sk":{"N":"0"},"g":{"S":"x"},"gs":{"S":"earlier"},"v":{"S":"z0"}},
        {"pk":{"S":"b"},"sk":{"N":"2"},"g":{"S":"x"},"gs":{"S":"same"},"v":{"S":"b2"}}])"));
    QVERIFY(std::holds_alternative<Table::LoadResult>(result));
    const QStringList expectedG{sText("z0"), sText("B1"), sText("a-1"), sText("a9"),
                                sText("a10"), sText("b2"), sText("b10")};
    QCOMPARE(partitionOrder(table, "G", AttributeValue::string("x"), "v"), expectedG);
    // Hash-only index: every entry ties; the table's primary key decides.
    const QStringList expectedH{sText("B1"), sText("a-1"), sText("a9"), sText("a10"),
                                sText("b2"), sText("b10"), sText("z0")};
    QCOMPARE(partitionOrder(table, "H", AttributeValue::string("x"), "v"), expectedH);
}

void TestTable::stringOrderIsUtf8Bytes()
{
    Table table(definitionFrom(tableJson("pk:S,sk:S", "pk:HASH,sk:RANGE")));
    // Ascending by UTF-8 bytes. U+FF5E (EF BD 9E) sorts before U+1F600 (F0 9F 98 80) even
    // though UTF-16 would put the emoji (D83D DE00) first.
    const QStringList ascending{
        QStringLiteral("#"),  QStringLiteral("1"),   QStringLiteral("10"),
        QStringLiteral("2"),  QStringLiteral("A"),   QStringLiteral("B"),
        QStringLiteral("a"),  QStringLiteral("aa"),  QStringLiteral("ab"),
        QStringLiteral("b"),  QStringLiteral("z"),   QString(QChar(0xBF)), // ¿ C2 BF
        QStringLiteral("é"),  QString(QChar(0xE000)), QString(QChar(0xFF5E)),
        QString::fromUcs4(U"\U0001F600"), QString::fromUcs4(U"\U0001F600a"),
    };
    std::vector<Item> items;
    QStringList shuffled = ascending;
    std::mt19937 rng(7);
    std::shuffle(shuffled.begin(), shuffled.end(), rng);
    for (const QString &s : shuffled)
        items.push_back(Item{{"pk", AttributeValue::string("p")}, {"sk", AttributeValue::string(s)}});
    QVERIFY(std::holds_alternative<Table::LoadResult>(table.putItems(items)));
    QStringList expected;
    for (const QString &s : ascending)
        expected << sText(s);
    QCOMPARE(partitionOrder(table, {}, AttributeValue::string("p"), "sk"), expected);
}

void TestTable::numberOrderIsNumeric()
{
    Table table(definitionFrom(tableJson("pk:S,sk:N", "pk:HASH,sk:RANGE")));
    const QStringList ascending{"-9.9999999999999999999999999999999999999E+125", "-1E+10",
                                "-99.1", "-10.1", "-9.9", "-9", "-1.01", "-1", "-0.9", "-0.1",
                                "-0.09", "-0.01", "-1E-130", "0", "1E-130", "0.01", "0.09", "0.1",
                                "0.9", "1", "1.1", "1.9", "9", "9.1", "10", "10.1", "10.9", "99.1",
                                "100.5", "1E+10", "9.9999999999999999999999999999999999999E+125"};
    QStringList shuffled = ascending;
    std::mt19937 rng(11);
    std::shuffle(shuffled.begin(), shuffled.end(), rng);
    std::vector<Item> items;
    for (const QString &text : shuffled) {
        items.push_back(Item{{"pk", AttributeValue::string("p")},
                             {"sk", AttributeValue::number(*Number::parse(text))}});
    }
    QVERIFY(std::holds_alternative<Table::LoadResult>(table.putItems(items)));
    QStringList expected;
    for (const QString &text : ascending)
        expected << AttributeValue::number(*Number::parse(text)).debugString();
    QCOMPARE(partitionOrder(table, {}, AttributeValue::string("p"), "sk"), expected);
}

void TestTable::binaryOrderIsUnsignedBytes()
{
    Table table(definitionFrom(tableJson("pk:B,sk:B", "pk:HASH,sk:RANGE")));
    const std::vector<QByteArray> ascending{
        QByteArray::fromHex("00"),   QByteArray::fromHex("0000"), QByteArray::fromHex("01"),
        QByteArray::fromHex("7f"),   QByteArray::fromHex("7fff"), QByteArray::fromHex("80"),
        QByteArray::fromHex("8000"), QByteArray::fromHex("fe"),   QByteArray::fromHex("ff"),
        QByteArray::fromHex("ff00"), QByteArray::fromHex("ffff"),
    };
    std::vector<QByteArray> shuffled = ascending;
    std::mt19937 rng(5);
    std::shuffle(shuffled.begin(), shuffled.end(), rng);
    std::vector<Item> items;
    const AttributeValue pk = AttributeValue::binary(QByteArray::fromHex("ff80"));
    for (const QByteArray &b : shuffled)
        items.push_back(Item{{"pk", pk}, {"sk", AttributeValue::binary(b)}});
    QVERIFY(std::holds_alternative<Table::LoadResult>(table.putItems(items)));
    QStringList expected;
    for (const QByteArray &b : ascending)
        expected << AttributeValue::binary(b).debugString();
    QCOMPARE(partitionOrder(table, {}, pk, "sk"), expected);
}

void TestTable::multiAttributeIndexOrder()
{
    Table table(definitionFrom(tableJson(
        "pk:S,h1:S,h2:N,r1:S,r2:N", "pk:HASH",
        QStringLiteral(R"("GlobalSecondaryIndexes":[%1])")
            .arg(index("M", "h1:HASH,h2:HASH,r1:RANGE,r2:RANGE", R"({"ProjectionType":"ALL"})")))));
    const auto result = table.putItems(itemsFrom(R"([
        {"pk":{"S":"1"},"h1":{"S":"t"},"h2":{"N":"1"},"r1":{"S":"b"},"r2":{"N":"1"}},
        {"pk":{"S":"2"},"h1":{"S":"t"},"h2":{"N":"1"},"r1":{"S":"a"},"r2":{"N":"10"}},
        {"pk":{"S":"3"},"h1":{"S":"t"},"h2":{"N":"1"},"r1":{"S":"a"},"r2":{"N":"9"}},
        {"pk":{"S":"4"},"h1":{"S":"t"},"h2":{"N":"1"},"r1":{"S":"a"},"r2":{"N":"-100"}},
        {"pk":{"S":"5"},"h1":{"S":"t"},"h2":{"N":"1"},"r1":{"S":"ab"},"r2":{"N":"0"}},
        {"pk":{"S":"6"},"h1":{"S":"t"},"h2":{"N":"2"},"r1":{"S":"a"},"r2":{"N":"0"}},
        {"pk":{"S":"7"},"h1":{"S":"t"},"h2":{"N":"1"},"r1":{"S":"a"}},
        {"pk":{"S":"8"},"h1":{"S":"t"},"h2":{"N":"1.0"},"r1":{"S":"a"},"r2":{"N":"9"}}])"));
    QVERIFY(std::holds_alternative<Table::LoadResult>(result));
    QCOMPARE(table.store("M")->entryCount(), 7); // item 7 lacks r2
    QCOMPARE(table.store("M")->partitions().size(), std::size_t(2));
    // ("a",-100) < ("a",9) [pk 3, then pk 8] < ("a",10) < ("ab",0) < ("b",1)
    const IndexStore *store = table.store("M");
    const Partition *partition = nullptr;
    for (const Partition &p : store->partitions()) {
        if (p.entries.size() == 6)
            partition = &p;
    }
    QVERIFY(partition);
    QStringList order;
    for (const PartitionEntry &e : partition->entries)
        order << table.attribute(e.item, "pk").asString();
    QCOMPARE(order, (QStringList{"4", "3", "8", "2", "5", "1"}));
}

QTEST_GUILESS_MAIN(TestTable)
#include "tst_table.moc"
