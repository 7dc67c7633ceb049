// DynamoDB JSON: every type round-trips, N comes back canonical, B is base64 of the raw bytes,
// and bad input gets DynamoDB's message plus the path to the offending value.

#include "model/value/dynamojson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using keyscope::model::AttributeValue;
using keyscope::model::Item;
using keyscope::model::Number;
namespace dynamojson = keyscope::model::dynamojson;
using Type = AttributeValue::Type;

namespace {

// Parses any JSON value (QJsonDocument only takes objects and arrays at the top).
QJsonValue json(const QByteArray &text)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson("[" + text + "]", &error);
    if (error.error != QJsonParseError::NoError || !doc.isArray() || doc.array().size() != 1)
        qFatal("bad test JSON %s: %s", text.constData(), qPrintable(error.errorString()));
    return doc.array().at(0);
}

QByteArray compact(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

const QString kPrefix = QStringLiteral("One or more parameter values were invalid: ");

} // namespace

class TestDynamoJson : public QObject
{
    Q_OBJECT

private slots:
    void roundTrip_data();
    void roundTrip();
    void decodedContent();
    void itemRoundTrip();

    void valueErrors_data();
    void valueErrors();
    void itemErrors_data();
    void itemErrors();
    void successLeavesErrorUntouched();
};

// ---- Round trip -------------------------------------------------------------------------------

void TestDynamoJson::roundTrip_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QByteArray>("output"); // expected valueToJson, as JSON text
    QTest::addColumn<int>("type");

    const auto same = [](const char *name, const QByteArray &text, Type type) {
        QTest::newRow(name) << text << text << int(type);
    };

    same("S", R"({"S":"hello"})", Type::S);
    same("S empty", R"({"S":""})", Type::S);
    same("S unicode", R"({"S":"¿ é 日本 😀 ～"})", Type::S);
    same("S escapes", R"({"S":"a\"b\\c\n\u0000"})", Type::S);
    same("N 42", R"({"N":"42"})", Type::N);
    same("N -7.1234", R"({"N":"-7.1234"})", Type::N);
    QTest::newRow("N 00042") << QByteArray(R"({"N":"00042"})") << QByteArray(R"({"N":"42"})")
                             << int(Type::N);
    QTest::newRow("N -0") << QByteArray(R"({"N":"-0"})") << QByteArray(R"({"N":"0"})")
                          << int(Type::N);
    QTest::newRow("N 1.5E2") << QByteArray(R"({"N":"1.5E2"})") << QByteArray(R"({"N":"150"})")
                             << int(Type::N);
    QTest::newRow("N 1.50") << QByteArray(R"({"N":"1.50"})") << QByteArray(R"({"N":"1.5"})")
                            << int(Type::N);
    QTest::newRow("N +3") << QByteArray(R"({"N":"+3"})") << QByteArray(R"({"N":"3"})")
                          << int(Type::N);
    QTest::newRow("N .123") << QByteArray(R"({"N":".123"})") << QByteArray(R"({"N":"0.123"})")
                            << int(Type::N);
    QTest::newRow("N 1E-5") << QByteArray(R"({"N":"1E-5"})") << QByteArray(R"({"N":"0.00001"})")
                            << int(Type::N);
    QTest::newRow("N 1E+100") << QByteArray(R"({"N":"1E+100"})")
                              << QByteArray(R"({"N":"1)") + QByteArray(100, '0') + "\"}"
                              << int(Type::N);
    same("B AAE=", R"({"B":"AAE="})", Type::B);
    same("B /w==", R"({"B":"/w=="})", Type::B);
    same("B empty", R"({"B":""})", Type::B);
    same("B 3 bytes", R"({"B":"AQID"})", Type::B);
    same("BOOL true", R"({"BOOL":true})", Type::Bool);
    same("BOOL false", R"({"BOOL":false})", Type::Bool);
    same("NULL", R"({"NULL":true})", Type::Null);
    same("L empty", R"({"L":[]})", Type::L);
    QTest::newRow("L mixed") << QByteArray(
        R"({"L":[{"S":"a"},{"N":"1.0"},{"NULL":true},{"L":[]}]})")
                             << QByteArray(R"({"L":[{"S":"a"},{"N":"1"},{"NULL":true},{"L":[]}]})")
                             << int(Type::L);
    same("M empty", R"({"M":{}})", Type::M);
    QTest::newRow("M nested")
        << QByteArray(R"({"M":{"b":{"L":[{"M":{"c":{"BOOL":false}}}]},"a":{"N":"010"}}})")
        << QByteArray(R"({"M":{"a":{"N":"10"},"b":{"L":[{"M":{"c":{"BOOL":false}}}]}}})")
        << int(Type::M);
    same("SS keeps given order", R"({"SS":["b","a","é"]})", Type::SS);
    QTest::newRow("NS canonical") << QByteArray(R"({"NS":["1.50","-0.0","1E2"]})")
                                  << QByteArray(R"({"NS":["1.5","0","100"]})") << int(Type::NS);
    same("BS", R"({"BS":["AAE=","/w==",""]})", Type::BS);
    same("SS with empty string", R"({"SS":["","a"]})", Type::SS);
}

void TestDynamoJson::roundTrip()
{
    QFETCH(QByteArray, input);
    QFETCH(QByteArray, output);
    QFETCH(int, type);

    QString error;
    QString path;
    const auto value = dynamojson::valueFromJson(json(input), &error, &path);
    QVERIFY2(value.has_value(), qPrintable(error + QStringLiteral(" at ") + path));
    QCOMPARE(int(value->type()), type);
    const QJsonObject out = dynamojson::valueToJson(*value);
    QCOMPARE(QJsonValue(out), json(output));
    QCOMPARE(compact(out), compact(json(output).toObject()));

    // Writing and reading again gives an equal value and the same text.
    const auto again = dynamojson::valueFromJson(out);
    QVERIFY(again.has_value());
    QVERIFY(*again == *value);
    QCOMPARE(dynamojson::valueToJson(*again), out);
}

void TestDynamoJson::decodedContent()
{
    const auto b = dynamojson::valueFromJson(json(R"({"B":"AAE="})"));
    QVERIFY(b);
    QCOMPARE(b->bytes(), QByteArray("\x00\x01", 2));
    QCOMPARE(b->sizeBytes(), qint64(2)); // decoded bytes, not the 4 base64 characters

    const auto ff = dynamojson::valueFromJson(json(R"({"B":"/w=="})"));
    QVERIFY(ff);
    QCOMPARE(ff->bytes(), QByteArray("\xff"));
    // Order uses the decoded bytes: 0x00 0x01 < 0xff although "AAE=" > "/w==" as text.
    QVERIFY(AttributeValue::compareKeys(*b, *ff) < 0);

    const auto s = dynamojson::valueFromJson(json(R"({"S":"¿😀"})"));
    QVERIFY(s);
    QCOMPARE(s->bytes(), QByteArray("\xC2\xBF\xF0\x9F\x98\x80"));
    QCOMPARE(s->asString(), QString::fromUtf8("¿😀"));

    const auto n = dynamojson::valueFromJson(json(R"({"N":"1E2"})"));
    QVERIFY(n);
    QCOMPARE(n->asNumber().compare(*Number::parse(u"100")), 0);

    const auto bs = dynamojson::valueFromJson(json(R"({"BS":["AQID","AA=="]})"));
    QVERIFY(bs);
    QCOMPARE(bs->elements().size(), size_t(2));
    QCOMPARE(bs->elements()[0].bytes(), QByteArray("\x01\x02\x03"));
    QCOMPARE(bs->elements()[1].bytes(), QByteArray("\x00", 1));
    QCOMPARE(bs->sizeBytes(), qint64(4));

    const auto ns = dynamojson::valueFromJson(json(R"({"NS":["2","10"]})"));
    QVERIFY(ns);
    QCOMPARE(int(ns->elements()[0].type()), int(Type::N));
    QVERIFY(*ns == *dynamojson::valueFromJson(json(R"({"NS":["1E1","2.0"]})")));
}

void TestDynamoJson::itemRoundTrip()
{
    const QByteArray text = R"({"pk":{"S":"USER#1"},"sk":{"N":"007"},"data":{"B":"AAE="},)"
                            R"("Tags":{"L":[{"S":"a"},{"M":{"k":{"NS":["1","2.50"]}}}]},)"
                            R"("flag":{"BOOL":true},"none":{"NULL":true},"é":{"SS":["x"]}})";
    QString error;
    QString path;
    const auto item = dynamojson::itemFromJson(json(text), &error, &path);
    QVERIFY2(item.has_value(), qPrintable(error + QStringLiteral(" at ") + path));
    QCOMPARE(item->size(), size_t(7));
    QCOMPARE(item->at("sk").asNumber().toString(), QStringLiteral("7"));
    QCOMPARE(item->at(QString(QChar(0xE9))).elements().front().asString(), QStringLiteral("x"));

    const QJsonObject out = dynamojson::itemToJson(*item);
    const QByteArray expected = R"({"pk":{"S":"USER#1"},"sk":{"N":"7"},"data":{"B":"AAE="},)"
                                R"("Tags":{"L":[{"S":"a"},{"M":{"k":{"NS":["1","2.5"]}}}]},)"
                                R"("flag":{"BOOL":true},"none":{"NULL":true},"é":{"SS":["x"]}})";
    QCOMPARE(QJsonValue(out), json(expected));
    const auto again = dynamojson::itemFromJson(out);
    QVERIFY(again.has_value());
    QVERIFY(*again == *item);

    const auto empty = dynamojson::itemFromJson(json("{}"));
    QVERIFY(empty.has_value());
    QVERIFY(empty->empty());
}

// ---- Errors -----------------------------------------------------------------------------------

void TestDynamoJson::valueErrors_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("path");

    const QString empty = QStringLiteral(
        "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes");
    const QString twoTypes = QStringLiteral(
        "Supplied AttributeValue has more than one datatypes set, must contain exactly one of "
        "the supported datatypes");
    const QString notNumeric = QStringLiteral("The parameter cannot be converted to a numeric "
                                              "value: ");

    QTest::newRow("{}") << QByteArray("{}") << empty << "";
    QTest::newRow("S and N") << QByteArray(R"({"S":"a","N":"1"})") << twoTypes << "";
    QTest::newRow("NULL false") << QByteArray(R"({"NULL":false})")
                                << kPrefix
            + "Null attribute value types must have the value of true"
                                << ".NULL";
    QTest::newRow("NULL \"true\"")
        << QByteArray(R"({"NULL":"true"})")
        << kPrefix + "Null attribute value types must have the value of true"
        << ".NULL";

    // Empty sets: DynamoDB's texts, including "An string set  may not be empty" with two spaces
    // and the different wording for binary sets.
    QTest::newRow("SS empty") << QByteArray(R"({"SS":[]})")
                              << kPrefix + "An string set  may not be empty"
                              << ".SS";
    QTest::newRow("NS empty") << QByteArray(R"({"NS":[]})")
                              << kPrefix + "An number set  may not be empty"
                              << ".NS";
    QTest::newRow("BS empty") << QByteArray(R"({"BS":[]})")
                              << kPrefix + "Binary sets should not be empty"
                              << ".BS";

    // Duplicates (DynamoDB lists SS and BS input, with "]of type BS" unspaced; NS by value).
    QTest::newRow("SS duplicate") << QByteArray(R"({"SS":["a","a"]})")
                                  << kPrefix + "Input collection [a, a] contains duplicates."
                                  << ".SS[1]";
    QTest::newRow("SS duplicate later")
        << QByteArray(R"({"SS":["a","b","c","b"]})")
        << kPrefix + "Input collection [a, b, c, b] contains duplicates."
        << ".SS[3]";
    QTest::newRow("NS duplicate by value")
        << QByteArray(R"({"NS":["1","1.0"]})") << kPrefix + "Input collection contains duplicates"
        << ".NS[1]";
    QTest::newRow("NS duplicate 100 = 1E2") << QByteArray(R"({"NS":["5","100","1E2"]})")
                                            << kPrefix + "Input collection contains duplicates"
                                            << ".NS[2]";
    QTest::newRow("BS duplicate") << QByteArray(R"({"BS":["Yg==","Yg=="]})")
                                  << kPrefix
            + "Input collection [Yg==, Yg==]of type BS contains duplicates."
                                  << ".BS[1]";
    // Numbers are checked before duplicates.
    QTest::newRow("NS duplicate then bad number")
        << QByteArray(R"({"NS":["1","1","x"]})") << notNumeric + "x"
        << ".NS[2]";
    QTest::newRow("sets are case-sensitive")
        << QByteArray(R"({"SS":["a","A"]})") << QString() << QString();

    // Numbers.
    QTest::newRow("N x") << QByteArray(R"({"N":"x"})") << notNumeric + "x"
                         << ".N";
    QTest::newRow("N empty") << QByteArray(R"({"N":""})") << notNumeric << ".N";
    QTest::newRow("N NaN") << QByteArray(R"({"N":"NaN"})") << notNumeric + "NaN"
                           << ".N";
    QTest::newRow("N overflow") << QByteArray(R"({"N":"1E126"})")
                                << "Number overflow. Attempting to store a number with magnitude "
                                   "larger than supported range"
                                << ".N";
    QTest::newRow("N underflow") << QByteArray(R"({"N":"1E-131"})")
                                 << "Number underflow. Attempting to store a number with magnitude "
                                    "smaller than supported range"
                                 << ".N";
    QTest::newRow("N 39 digits")
        << QByteArray(R"({"N":"123456789012345678901234567890123456789"})")
        << "Attempting to store more than 38 significant digits in a Number"
        << ".N";
    QTest::newRow("NS bad number") << QByteArray(R"({"NS":["1","x"]})") << notNumeric + "x"
                                   << ".NS[1]";
    QTest::newRow("NS overflow") << QByteArray(R"({"NS":["1E126"]})")
                                 << "Number overflow. Attempting to store a number with magnitude "
                                    "larger than supported range"
                                 << ".NS[0]";

    // Keyscope's own messages for malformed JSON shapes.
    QTest::newRow("N as JSON number")
        << QByteArray(R"({"N":42})") << "Invalid type for N: expected a string such as \"42\""
        << ".N";
    QTest::newRow("S as number") << QByteArray(R"({"S":5})")
                                 << "Invalid type for S: expected a string"
                                 << ".S";
    QTest::newRow("BOOL as string")
        << QByteArray(R"({"BOOL":"true"})") << "Invalid type for BOOL: expected true or false"
        << ".BOOL";
    QTest::newRow("L as object") << QByteArray(R"({"L":{}})")
                                 << "Invalid type for L: expected an array"
                                 << ".L";
    QTest::newRow("M as array") << QByteArray(R"({"M":[]})")
                                << "Invalid type: expected an object of attributes"
                                << ".M";
    QTest::newRow("SS as string") << QByteArray(R"({"SS":"a"})")
                                  << "Invalid type for SS: expected an array"
                                  << ".SS";
    QTest::newRow("SS member not a string")
        << QByteArray(R"({"SS":["a",1]})") << "Invalid type for S: expected a string"
        << ".SS[1]";
    QTest::newRow("not an object")
        << QByteArray(R"("abc")")
        << "An attribute value must be an object such as {\"S\": \"text\"}"
        << "";
    QTest::newRow("unknown type") << QByteArray(R"({"X":"a"})")
                                  << "Unknown attribute value type \"X\"; expected one of S, N, B, "
                                     "BOOL, NULL, L, M, SS, NS, BS"
                                  << "";
    QTest::newRow("type names are case-sensitive")
        << QByteArray(R"({"s":"a"})")
        << "Unknown attribute value type \"s\"; expected one of S, N, B, BOOL, NULL, L, M, SS, "
           "NS, BS"
        << "";

    // Base64.
    QTest::newRow("B invalid") << QByteArray(R"({"B":"not base64!"})")
                               << "Invalid base64: \"not base64!\""
                               << ".B";
    QTest::newRow("B url-safe alphabet")
        << QByteArray(R"({"B":"-_8="})") << "Invalid base64: \"-_8=\""
        << ".B";
    QTest::newRow("B as number") << QByteArray(R"({"B":1})")
                                 << "Invalid type for B: expected a base64 string"
                                 << ".B";
    QTest::newRow("BS invalid member")
        << QByteArray(R"({"BS":["AAE=","@@@@"]})") << "Invalid base64: \"@@@@\""
        << ".BS[1]";

    // Paths through nesting.
    QTest::newRow("in L") << QByteArray(R"({"L":[{"S":"a"},{"N":"x"}]})") << notNumeric + "x"
                          << ".L[1].N";
    QTest::newRow("in M") << QByteArray(R"({"M":{"a":{"S":"ok"},"b":{"NULL":false}}})")
                          << kPrefix + "Null attribute value types must have the value of true"
                          << ".M.b.NULL";
    QTest::newRow("deep empty") << QByteArray(R"({"M":{"a":{"L":[{"S":"x"},{"M":{"b":{}}}]}}})")
                                << empty << ".M.a.L[1].M.b";
    QTest::newRow("deep set duplicate") << QByteArray(R"({"L":[{"M":{"t":{"SS":["x","x"]}}}]})")
                                        << kPrefix + "Input collection [x, x] contains duplicates."
                                        << ".L[0].M.t.SS[1]";
    QTest::newRow("deep empty set")
        << QByteArray(R"({"L":[{"L":[{"BS":[]}]}]})") << kPrefix + "Binary sets should not be empty"
        << ".L[0].L[0].BS";
}

void TestDynamoJson::valueErrors()
{
    QFETCH(QByteArray, input);
    QFETCH(QString, message);
    QFETCH(QString, path);

    QString error = QStringLiteral("<untouched>");
    QString errorPath = QStringLiteral("<untouched>");
    const auto value = dynamojson::valueFromJson(json(input), &error, &errorPath);
    if (message.isEmpty()) { // a row that must be accepted
        QVERIFY2(value.has_value(), qPrintable(error));
        return;
    }
    QVERIFY2(!value.has_value(), qPrintable(value ? value->debugString() : QString()));
    QCOMPARE(error, message);
    QCOMPARE(errorPath, path);
    // The pointers are optional.
    QVERIFY(!dynamojson::valueFromJson(json(input)).has_value());
}

void TestDynamoJson::itemErrors_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("path");

    const QString notNumeric = QStringLiteral("The parameter cannot be converted to a numeric "
                                              "value: ");
    QTest::newRow("Tags.L[1].N") << QByteArray(
        R"({"pk":{"S":"a"},"Tags":{"L":[{"S":"a"},{"N":"x"}]}})")
                                 << notNumeric + "x"
                                 << "Tags.L[1].N";
    QTest::newRow("Temp.N") << QByteArray(R"({"Temp":{"N":"dog"}})") << notNumeric + "dog"
                            << "Temp.N";
    QTest::newRow("empty attribute value") << QByteArray(R"({"pk":{}})")
                                           << "Supplied AttributeValue is empty, must contain "
                                              "exactly one of the supported datatypes"
                                           << "pk";
    QTest::newRow("empty set") << QByteArray(R"({"pk":{"S":"a"},"colors":{"SS":[]}})")
                               << kPrefix + "An string set  may not be empty"
                               << "colors.SS";
    QTest::newRow("nested NS duplicate") << QByteArray(R"({"a":{"M":{"b":{"NS":["1","1.0"]}}}})")
                                         << kPrefix + "Input collection contains duplicates"
                                         << "a.M.b.NS[1]";
    QTest::newRow("non-ASCII name")
        << QByteArray(R"({"名前":{"BOOL":1}})") << "Invalid type for BOOL: expected true or false"
        << QString::fromUtf8("名前.BOOL");
    QTest::newRow("attribute not an object") << QByteArray(R"({"pk":"abc"})")
                                             << "An attribute value must be an object such as "
                                                "{\"S\": \"text\"}"
                                             << "pk";
    QTest::newRow("item not an object")
        << QByteArray("[1]") << "Invalid type: expected an object of attributes"
        << "";
}

void TestDynamoJson::itemErrors()
{
    QFETCH(QByteArray, input);
    QFETCH(QString, message);
    QFETCH(QString, path);

    QString error;
    QString errorPath;
    const auto item = dynamojson::itemFromJson(json(input), &error, &errorPath);
    QVERIFY(!item.has_value());
    QCOMPARE(error, message);
    QCOMPARE(errorPath, path);
}

void TestDynamoJson::successLeavesErrorUntouched()
{
    QString error = QStringLiteral("keep");
    QString path = QStringLiteral("keep");
    QVERIFY(dynamojson::valueFromJson(json(R"({"S":"a"})"), &error, &path));
    QVERIFY(dynamojson::itemFromJson(json(R"({"a":{"S":"a"}})"), &error, &path));
    QCOMPARE(error, QStringLiteral("keep"));
    QCOMPARE(path, QStringLiteral("keep"));
}

QTEST_GUILESS_MAIN(TestDynamoJson)

#include "tst_dynamojson.moc"
