// DynamoDB expression semantics for Query: key conditions, filters, projections and the exact
// ValidationException texts (and their order) that DynamoDB and the emulators checked against it
// (dynalite, moto) report.

#include "model/expression/conditionexpression.h"
#include "model/expression/expressionparser.h"
#include "model/expression/queryexpressions.h"
#include "model/expression/reservedwords.h"
#include "model/value/dynamojson.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace keyscope::model;

namespace {

// "pk:S" (hash only), "pk:S/sk:N" (hash and range), "h1:S,h2:N/r1:S,r2:B" (multi-attribute).
KeyConditionSchema schemaFrom(const QString &spec)
{
    KeyConditionSchema schema;
    const QStringList parts = spec.split(QLatin1Char('/'));
    auto fill = [](const QString &list, std::vector<KeyAttribute> &out) {
        for (const QString &entry : list.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const QStringList nameType = entry.split(QLatin1Char(':'));
            out.push_back({nameType[0], *AttributeValue::typeFromName(nameType[1])});
        }
    };
    fill(parts[0], schema.hash);
    if (parts.size() > 1)
        fill(parts[1], schema.range);
    return schema;
}

Item itemFrom(const QString &json)
{
    const QJsonDocument doc = QJsonDocument::fromJson(json.toUtf8());
    QString error;
    const auto item = dynamojson::itemFromJson(doc.object(), &error);
    if (!item)
        qFatal("bad test item %s: %s", qPrintable(json), qPrintable(error));
    return *item;
}

std::optional<std::map<QString, AttributeValue>> valuesFrom(const QString &json)
{
    if (json.isNull())
        return std::nullopt;
    const Item item = itemFrom(json);
    return std::map<QString, AttributeValue>(item.begin(), item.end());
}

std::optional<std::map<QString, QString>> namesFrom(const QString &json)
{
    if (json.isNull())
        return std::nullopt;
    std::map<QString, QString> names;
    const QJsonObject object = QJsonDocument::fromJson(json.toUtf8()).object();
    for (auto it = object.begin(); it != object.end(); ++it)
        names[it.key()] = it.value().toString();
    return names;
}

QString describe(const KeyCondition &condition)
{
    static const char *ops[] = {"=", "<", "<=", ">", ">=", "BETWEEN", "BEGINS_WITH"};
    QStringList hash;
    for (const AttributeValue &value : condition.hashValues)
        hash << value.debugString();
    QStringList range;
    for (const RangeCondition &r : condition.range) {
        QString text = r.attribute + QLatin1Char(' ') + QLatin1String(ops[int(r.op)])
            + QLatin1Char(' ') + r.value.debugString();
        if (r.op == SortKeyOperator::Between)
            text += QStringLiteral(" AND ") + r.upper.debugString();
        range << text;
    }
    return QStringLiteral("hash=[%1] range=[%2]").arg(hash.join(u", "), range.join(u", "));
}

QString itemJson(const Item &item)
{
    return QString::fromUtf8(
        QJsonDocument(dynamojson::itemToJson(item)).toJson(QJsonDocument::Compact));
}

} // namespace

class TestExpression : public QObject
{
    Q_OBJECT

private slots:
    void keyCondition_data();
    void keyCondition();
    void errors_data();
    void errors();
    void syntaxErrorPosition_data();
    void syntaxErrorPosition();
    void filter_data();
    void filter();
    void filterReferencedPaths();
    void filterNestedKeyPaths();
    void syntaxPhaseNeedsNoSchema();
    void keyAttributeCheckOrder();
    void sizeOfString_data();
    void sizeOfString();
    void projection_data();
    void projection();
    void projectionTopLevel();
    void reservedWords();
    void limits_data();
    void limits();
};

void TestExpression::keyCondition_data()
{
    QTest::addColumn<QString>("expression");
    QTest::addColumn<QString>("names");
    QTest::addColumn<QString>("values");
    QTest::addColumn<QString>("schema");
    QTest::addColumn<QString>("expected");

    const QString v = QStringLiteral(R"({":p":{"S":"a"},":s":{"N":"5"}})");
    const QString nullNames;
    QTest::newRow("hash only") << "pk = :p" << nullNames << R"({":p":{"S":"a"}})"
                               << "pk:S"
                               << "hash=[{S:a}] range=[]";
    QTest::newRow("hash flipped") << ":p = pk" << nullNames << R"({":p":{"S":"a"}})"
                                  << "pk:S"
                                  << "hash=[{S:a}] range=[]";
    QTest::newRow("range table, hash only") << "pk = :p" << nullNames << R"({":p":{"S":"a"}})"
                                            << "pk:S/sk:N"
                                            << "hash=[{S:a}] range=[]";
    QTest::newRow("sk =") << "pk = :p AND sk = :s" << nullNames << v << "pk:S/sk:N"
                          << "hash=[{S:a}] range=[sk = {N:5}]";
    QTest::newRow("sk <") << "pk = :p and sk < :s" << nullNames << v << "pk:S/sk:N"
                          << "hash=[{S:a}] range=[sk < {N:5}]";
    QTest::newRow("sk <=") << "pk = :p AND sk <= :s" << nullNames << v << "pk:S/sk:N"
                           << "hash=[{S:a}] range=[sk <= {N:5}]";
    QTest::newRow("sk >") << "pk = :p AND sk > :s" << nullNames << v << "pk:S/sk:N"
                          << "hash=[{S:a}] range=[sk > {N:5}]";
    QTest::newRow("sk >=") << "pk = :p AND sk >= :s" << nullNames << v << "pk:S/sk:N"
                           << "hash=[{S:a}] range=[sk >= {N:5}]";
    QTest::newRow("flipped <= means >=") << "pk = :p AND :s <= sk" << nullNames << v << "pk:S/sk:N"
                                         << "hash=[{S:a}] range=[sk >= {N:5}]";
    QTest::newRow("flipped < means >") << "pk = :p AND :s < sk" << nullNames << v << "pk:S/sk:N"
                                       << "hash=[{S:a}] range=[sk > {N:5}]";
    QTest::newRow("flipped > means <") << "pk = :p AND :s > sk" << nullNames << v << "pk:S/sk:N"
                                       << "hash=[{S:a}] range=[sk < {N:5}]";
    QTest::newRow("flipped >= means <=") << ":s >= sk AND :p = pk" << nullNames << v << "pk:S/sk:N"
                                         << "hash=[{S:a}] range=[sk <= {N:5}]";
    QTest::newRow("between") << "pk = :p AND sk BETWEEN :lo AND :hi" << nullNames
                             << R"({":p":{"S":"a"},":lo":{"N":"1"},":hi":{"N":"10"}})"
                             << "pk:S/sk:N"
                             << "hash=[{S:a}] range=[sk BETWEEN {N:1} AND {N:10}]";
    QTest::newRow("between equal bounds")
        << "pk = :p AND sk between :s and :s" << nullNames << v << "pk:S/sk:N"
        << "hash=[{S:a}] range=[sk BETWEEN {N:5} AND {N:5}]";
    QTest::newRow("begins_with") << "pk = :p AND begins_with(sk, :pre)" << nullNames
                                 << R"({":p":{"S":"a"},":pre":{"S":"ab"}})"
                                 << "pk:S/sk:S"
                                 << "hash=[{S:a}] range=[sk BEGINS_WITH {S:ab}]";
    QTest::newRow("begins_with binary") << "pk = :p AND begins_with(sk, :pre)" << nullNames
                                        << R"({":p":{"S":"a"},":pre":{"B":"AAE="}})"
                                        << "pk:S/sk:B"
                                        << "hash=[{S:a}] range=[sk BEGINS_WITH {B:AAE=}]";
    QTest::newRow("range first") << "sk > :s AND pk = :p" << nullNames << v << "pk:S/sk:N"
                                 << "hash=[{S:a}] range=[sk > {N:5}]";
    QTest::newRow("parentheses") << "(pk = :p) AND (sk > :s)" << nullNames << v << "pk:S/sk:N"
                                 << "hash=[{S:a}] range=[sk > {N:5}]";
    QTest::newRow("parenthesised operands")
        << "(pk) = (:p) AND ((sk) > :s)" << nullNames << v << "pk:S/sk:N"
        << "hash=[{S:a}] range=[sk > {N:5}]";
    QTest::newRow("whole in parentheses")
        << "(pk = :p AND sk > :s)" << nullNames << v << "pk:S/sk:N"
        << "hash=[{S:a}] range=[sk > {N:5}]";
    QTest::newRow("names") << "#p = :p AND #s >= :s"
                           << R"({"#p":"pk","#s":"sk"})" << v << "pk:S/sk:N"
                           << "hash=[{S:a}] range=[sk >= {N:5}]";
    QTest::newRow("name with dot and reserved word")
        << "#p = :p AND #s = :s"
        << R"({"#p":"a.b","#s":"status"})" << v << "a.b:S/status:N"
        << "hash=[{S:a}] range=[status = {N:5}]";
    QTest::newRow("keywords any case, spacing")
        << "pk=:p aNd sk BeTwEeN :s AnD :s" << nullNames << v << "pk:S/sk:N"
        << "hash=[{S:a}] range=[sk BETWEEN {N:5} AND {N:5}]";
    QTest::newRow("N key equal by value") << "pk = :p" << nullNames << R"({":p":{"N":"1.50"}})"
                                          << "pk:N"
                                          << "hash=[{N:1.5}] range=[]";
    QTest::newRow("multi hash") << "h2 = :b AND h1 = :a" << nullNames
                                << R"({":a":{"S":"x"},":b":{"N":"2"}})"
                                << "h1:S,h2:N"
                                << "hash=[{S:x}, {N:2}] range=[]";
    QTest::newRow("multi range prefix")
        << "h1 = :a AND r1 = :a AND r2 > :b" << nullNames << R"({":a":{"S":"x"},":b":{"N":"2"}})"
        << "h1:S/r1:S,r2:N,r3:S"
        << "hash=[{S:x}] range=[r1 = {S:x}, r2 > {N:2}]";
    QTest::newRow("multi range only first")
        << "h1 = :a AND begins_with(r1, :a)" << nullNames << R"({":a":{"S":"x"}})"
        << "h1:S/r1:S,r2:N"
        << "hash=[{S:x}] range=[r1 BEGINS_WITH {S:x}]";
    QTest::newRow("multi full")
        << "h1 = :a AND h2 = :a AND r1 = :a AND r2 BETWEEN :b AND :c" << nullNames
        << R"({":a":{"S":"x"},":b":{"N":"2"},":c":{"N":"3"}})"
        << "h1:S,h2:S/r1:S,r2:N"
        << "hash=[{S:x}, {S:x}] range=[r1 = {S:x}, r2 BETWEEN {N:2} AND {N:3}]";
}

void TestExpression::keyCondition()
{
    QFETCH(QString, expression);
    QFETCH(QString, names);
    QFETCH(QString, values);
    QFETCH(QString, schema);
    QFETCH(QString, expected);

    QueryExpressionsInput input;
    input.keyConditionExpression = expression;
    input.names = namesFrom(names);
    input.values = valuesFrom(values);
    input.schema = schemaFrom(schema);
    const auto result = parseQueryExpressions(input);
    if (const auto *error = std::get_if<ValidationError>(&result))
        QFAIL(qPrintable(error->message));
    const auto &parsed = std::get<ParsedQueryExpressions>(result);
    QCOMPARE(describe(parsed.keyCondition), expected);
    QVERIFY(!parsed.filter);
    QVERIFY(!parsed.projection);
}

void TestExpression::errors_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("filter");     // null: absent
    QTest::addColumn<QString>("projection"); // null: absent
    QTest::addColumn<QString>("names");
    QTest::addColumn<QString>("values");
    QTest::addColumn<QString>("schema");
    QTest::addColumn<QString>("message");

    const QString none;
    const QString pv = QStringLiteral(R"({":p":{"S":"a"}})");
    const QString psv = QStringLiteral(R"({":p":{"S":"a"},":s":{"S":"b"}})");
    const QString range = QStringLiteral("pk:S/sk:S");
    auto row = [&](const char *name, const QString &key, const QString &filter,
                   const QString &projection, const QString &names, const QString &values,
                   const QString &schema, const QString &message) {
        QTest::newRow(name) << key << filter << projection << names << values << schema << message;
    };

    // Attribute names and values maps.
    row("names empty", "pk = :p", none, none, "{}", pv, range,
        "ExpressionAttributeNames must not be empty");
    row("names bad key", "pk = :p", none, none, R"({"n":"x"})", pv, range,
        R"(ExpressionAttributeNames contains invalid key: Syntax error; key: "n")");
    row("values empty", "pk = :p", none, none, none, "{}", range,
        "ExpressionAttributeValues must not be empty");
    row("values bad key", "pk = :p", none, none, none, R"({"p":{"S":"a"}})", range,
        R"(ExpressionAttributeValues contains invalid key: Syntax error; key: "p")");

    // Empty expressions, in the order DynamoDB checks them.
    row("key empty", "", "", "", none, pv, range,
        "Invalid KeyConditionExpression: The expression can not be empty;");
    row("filter empty", "pk = :p", "", "", none, pv, range,
        "Invalid FilterExpression: The expression can not be empty;");
    row("projection empty", "pk = :p", "a = :p", "", none, pv, range,
        "Invalid ProjectionExpression: The expression can not be empty;");

    // Syntax errors: token and its neighbours.
    row("numeric literal", "pk > 4", none, none, none, pv, range,
        R"(Invalid KeyConditionExpression: Syntax error; token: "4", near: "> 4")");
    row("dash in name", "CourseId-Index = :p", none, none, none, pv, range,
        R"(Invalid KeyConditionExpression: Syntax error; token: "-", near: "CourseId-Index")");
    row("leading underscore", "pk = :p AND __typename = :s", none, none, none, psv, range,
        R"(Invalid KeyConditionExpression: Syntax error; token: "_", near: "AND __")");
    row("missing value", "pk = :p AND", none, none, none, pv, range,
        R"(Invalid KeyConditionExpression: Syntax error; token: "<EOF>", near: "AND")");
    row("unclosed call", "pk = :p", "contains (a, :p", none, none, pv, range,
        R"(Invalid FilterExpression: Syntax error; token: "<EOF>", near: ":p")");
    row("words", "things are not gonna be ok", none, none, none, none, range,
        R"(Invalid KeyConditionExpression: Syntax error; token: "are", near: "things are not")");
    row("negative index", "pk = :p", "a[-1] = :p", none, none, pv, range,
        R"(Invalid FilterExpression: Syntax error; token: "-", near: "[-1")");
    row("keyword as name", "pk = :p", "between = :p", none, none, pv, range,
        R"(Invalid FilterExpression: Syntax error; token: "between", near: "between =")");
    row("projection function", "pk = :p", none, "size(a)", none, pv, range,
        R"(Invalid ProjectionExpression: Syntax error; token: "(", near: "size(a")");
    // Each expression is parsed and resolved completely before the next one is looked at.
    row("key condition meaning before filter syntax", "#x = :p", "a = ", none, none, pv, range,
        "Invalid KeyConditionExpression: An expression attribute name used in the document path is "
        "not defined; attribute name: #x");
    row("trailing space in near", "pk = :p", "a = ", none, none, pv, range,
        R"(Invalid FilterExpression: Syntax error; token: "<EOF>", near: "= ")");

    // Meaning, within one expression: parentheses, functions, reserved words, then the rest.
    row("redundant parentheses", "((pk = :p))", none, none, none, pv, range,
        "Invalid KeyConditionExpression: The expression has redundant parentheses;");
    row("unknown function", "pk = :p", "foo(a)", none, none, pv, range,
        "Invalid FilterExpression: Invalid function name; function: foo");
    row("function names are case sensitive", "pk = :p", "BEGINS_WITH(a, :p)", none, none, pv, range,
        "Invalid FilterExpression: Invalid function name; function: BEGINS_WITH");
    row("misused function", "pk = :p", "begins_with(a, :p) = :p", none, none, pv, range,
        "Invalid FilterExpression: The function is not allowed to be used this way in an "
        "expression; function: begins_with");
    row("size as condition", "pk = :p", "size(a)", none, none, pv, range,
        "Invalid FilterExpression: The function is not allowed to be used this way in an "
        "expression; function: size");
    row("reserved word", "pk = :p", "#a = :p AND status = :p", none, R"({"#a":"x"})", pv, range,
        "Invalid FilterExpression: Attribute name is a reserved keyword; reserved keyword: status");
    row("reserved word in key condition", "name = :p", none, none, none, pv, "name:S",
        "Invalid KeyConditionExpression: Attribute name is a reserved keyword; reserved keyword: "
        "name");
    row("reserved nested", "pk = :p", none, "a.Comment", none, pv, range,
        "Invalid ProjectionExpression: Attribute name is a reserved keyword; reserved keyword: "
        "Comment");
    row("reserved before undefined", "pk = :p", "#nope = :p AND size = :p", none, none, pv, range,
        "Invalid FilterExpression: Attribute name is a reserved keyword; reserved keyword: size");
    row("undefined name", "#p = :p", none, none, none, pv, range,
        "Invalid KeyConditionExpression: An expression attribute name used in the document path is "
        "not defined; attribute name: #p");
    row("undefined value", "pk = :p AND sk = :s", none, none, none, pv, range,
        "Invalid KeyConditionExpression: An expression attribute value used in expression is not "
        "defined; attribute value: :s");
    row("undefined name in projection", "pk = :p", none, "a, #b", none, pv, range,
        "Invalid ProjectionExpression: An expression attribute name used in the document path is "
        "not defined; attribute name: #b");
    row("operand count", "pk = :p", "attribute_exists(a, b)", none, none, pv, range,
        "Invalid FilterExpression: Incorrect number of operands for operator or function; operator "
        "or function: attribute_exists, number of operands: 2");
    row("distinct operands", "pk = :p", "a.b = a.b", none, none, pv, range,
        "Invalid FilterExpression: The first operand must be distinct from the remaining operands "
        "for this operator or function; operator: =, first operand: [a, b]");
    row("exists needs path", "pk = :p", "attribute_exists(:p)", none, none, pv, range,
        "Invalid FilterExpression: Operator or function requires a document path; operator or "
        "function: attribute_exists");
    row("begins_with on N", "pk = :p AND begins_with(sk, :n)", none, none, none,
        R"({":p":{"S":"a"},":n":{"N":"1"}})", "pk:S/sk:N",
        "Invalid KeyConditionExpression: Incorrect operand type for operator or function; "
        "operator or function: begins_with, operand type: N");
    row("size of number", "pk = :p", "size(:n) > :n", none, none,
        R"({":p":{"S":"a"},":n":{"N":"1"}})", range,
        "Invalid FilterExpression: Incorrect operand type for operator or function; operator or "
        "function: size, operand type: N");
    row("attribute_type bad name", "pk = :p", "attribute_type(a, :t)", none, none,
        R"({":p":{"S":"a"},":t":{"S":"STRING"}})", range,
        "Invalid FilterExpression: Invalid attribute type name found; type: STRING, valid types: "
        "{B,NULL,SS,BOOL,L,BS,N,NS,S,M}");
    row("attribute_type non-string", "pk = :p", "attribute_type(a, :n)", none, none,
        R"({":p":{"S":"a"},":n":{"N":"1"}})", range,
        "Invalid FilterExpression: Incorrect operand type for operator or function; operator or "
        "function: attribute_type, operand type: N");
    row("between reversed", "pk = :p AND sk BETWEEN :hi AND :lo", none, none, none,
        R"({":p":{"S":"a"},":lo":{"S":"a"},":hi":{"S":"b"}})", range,
        "Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be greater "
        "than or equal to lower bound; lower bound operand: AttributeValue: {S:b}, upper bound "
        "operand: AttributeValue: {S:a}");
    row("between mixed types", "pk = :p AND sk BETWEEN :n AND :p", none, none, none,
        R"({":p":{"S":"a"},":n":{"N":"1"}})", range,
        "Invalid KeyConditionExpression: The BETWEEN operator requires same data type for lower "
        "and upper bounds; lower bound operand: AttributeValue: {N:1}, upper bound operand: "
        "AttributeValue: {S:a}");
    row("first condition's error wins", "pk = :p", "size(a, b) > :p AND c = :nope", none, none, pv,
        range,
        "Invalid FilterExpression: Incorrect number of operands for operator or function; operator "
        "or function: size, number of operands: 2");
    row("projection overlap", "pk = :p", none, "a.b, a", none, pv, range,
        "Invalid ProjectionExpression: Two document paths overlap with each other; must remove or "
        "rewrite one of these paths; path one: [a, b], path two: [a]");
    row("projection duplicate", "pk = :p", none, "a, #a", R"({"#a":"a"})", pv, range,
        "Invalid ProjectionExpression: Two document paths overlap with each other; must remove or "
        "rewrite one of these paths; path one: [a], path two: [a]");
    row("projection conflict", "pk = :p", none, "a.b, a[0]", none, pv, range,
        "Invalid ProjectionExpression: Two document paths conflict with each other; must remove or "
        "rewrite one of these paths; path one: [a, b], path two: [a, [0]]");

    // Unused names and values come after every expression parsed.
    row("unused name", "pk = :p", none, none, R"({"#sk":"sk"})", pv, range,
        "Value provided in ExpressionAttributeNames unused in expressions: keys: {#sk}");
    row("unused names listed", "pk = :p", none, none, R"({"#a":"a","#b":"b"})", pv, range,
        "Value provided in ExpressionAttributeNames unused in expressions: keys: {#a, #b}");
    row("unused value", "pk = :p", none, none, none, R"({":p":{"S":"a"},":v":{"N":"1"}})", range,
        "Value provided in ExpressionAttributeValues unused in expressions: keys: {:v}");
    row("names before values", "pk = :p", none, none, R"({"#n":"x"})",
        R"({":p":{"S":"a"},":v":{"N":"1"}})", range,
        "Value provided in ExpressionAttributeNames unused in expressions: keys: {#n}");
    row("name used only by projection", "pk = :p", none, "#n", R"({"#n":"x"})",
        R"({":p":{"S":"a"},":v":{"N":"1"}})", range,
        "Value provided in ExpressionAttributeValues unused in expressions: keys: {:v}");
    row("undefined in filter before unused", "pk = :p", "#q = :p", none, R"({"#n":"x"})", pv, range,
        "Invalid FilterExpression: An expression attribute name used in the document path is not "
        "defined; attribute name: #q");

    // Key condition shape.
    row("OR", "pk = :p OR sk = :s", none, none, none, psv, range,
        "Invalid operator used in KeyConditionExpression: OR");
    row("NOT", "NOT pk = :p", none, none, none, pv, range,
        "Invalid operator used in KeyConditionExpression: NOT");
    row("IN", "pk IN (:p, :s)", none, none, none, psv, range,
        "Invalid operator used in KeyConditionExpression: IN");
    row("not equal", "pk <> :p", none, none, none, pv, range,
        "Invalid operator used in KeyConditionExpression: <>");
    row("contains", "pk = :p AND contains(sk, :s)", none, none, none, psv, range,
        "Invalid operator used in KeyConditionExpression: contains");
    row("attribute_exists", "attribute_exists(pk)", none, none, none, none, range,
        "Invalid operator used in KeyConditionExpression: attribute_exists");
    row("OR found before size", "a > b and size(b) > c or a > c", none, none, none, none, range,
        "Invalid operator used in KeyConditionExpression: OR");
    row("size", "pk = :p AND size(sk) > :s", none, none, none, psv, range,
        "KeyConditionExpressions cannot contain nested operations");
    row("between value first", "pk = :p AND :s BETWEEN sk AND :s", none, none, none, psv, range,
        "Invalid condition in KeyConditionExpression: BETWEEN operator must have the key attribute "
        "as its first operand");
    row("begins_with value first", "pk = :p AND begins_with(:s, sk)", none, none, none, psv, range,
        "Invalid condition in KeyConditionExpression: begins_with operator must have the key "
        "attribute as its first operand");
    row("two attributes", "pk = :p AND sk = pk2", none, none, none, pv, range,
        "Invalid condition in KeyConditionExpression: Multiple attribute names used in one "
        "condition");
    row("nested attribute", "pk.x = :p", none, none, none, pv, range,
        "KeyConditionExpressions cannot have conditions on nested attributes");
    row("indexed attribute", "pk[0] = :p", none, none, none, pv, range,
        "KeyConditionExpressions cannot have conditions on nested attributes");
    row("no attribute", ":p = :s AND pk = :p", none, none, none, psv, range,
        "Invalid condition in KeyConditionExpression: No key attribute specified");
    row("two conditions on one key", "pk = :p AND sk > :s AND sk < :s", none, none, none, psv,
        range, "KeyConditionExpressions must only contain one condition per key");
    row("EQ with BOOL", "pk = :b", none, none, none, R"({":b":{"BOOL":true}})", range,
        "One or more parameter values were invalid: ComparisonOperator EQ is not valid for BOOL "
        "AttributeValue type");
    row("GT with SS", "pk = :p AND sk > :ss", none, none, none,
        R"({":p":{"S":"a"},":ss":{"SS":["x"]}})", range,
        "One or more parameter values were invalid: ComparisonOperator GT is not valid for SS "
        "AttributeValue type");
    row("three conditions", "pk = :p AND sk = :s AND x = :s", none, none, none, psv, range,
        "Conditions can be of length 1 or 2 only");

    // Key condition against the schema.
    row("missing partition key", "sk = :s", none, none, none, R"({":s":{"S":"b"}})", range,
        "Query condition missed key schema element: pk");
    row("missing partition key, between", "z BETWEEN :s AND :s", none, none, none,
        R"({":s":{"S":"b"}})", range, "Query condition missed key schema element: pk");
    row("sort condition on non-key attribute", "pk = :p AND extra = :s", none, none, none, psv,
        range, "Query condition missed key schema element: sk");
    row("second condition on hash-only table", "pk = :p AND sk = :s", none, none, none, psv, "pk:S",
        "Query key condition not supported");
    row("two non-key conditions on hash-only table", "y = :p AND z = :p", none, none, none, pv,
        "pk:S", "Query key condition not supported");
    row("partition key not equality", "pk > :p", none, none, none, pv, range,
        "Query key condition not supported");
    row("partition key begins_with", "begins_with(pk, :p)", none, none, none, pv, "pk:S",
        "Query key condition not supported");
    row("partition key between", "pk BETWEEN :p AND :p", none, none, none, pv, "pk:S",
        "Query key condition not supported");
    row("type mismatch before operator check", ":n > pk", none, none, none, R"({":n":{"N":"1"}})",
        "pk:S",
        "One or more parameter values were invalid: Condition parameter type does not match schema "
        "type");
    row("sort key type mismatch", "pk = :p AND sk = :n", none, none, none,
        R"({":p":{"S":"a"},":n":{"N":"1"}})", range,
        "One or more parameter values were invalid: Condition parameter type does not match schema "
        "type");
    row("set value for key", "pk = :ss", none, none, none, R"({":ss":{"SS":["x"]}})", range,
        "One or more parameter values were invalid: Condition parameter type does not match schema "
        "type");
    row("multi: missing second hash", "h1 = :a", none, none, none, R"({":a":{"S":"x"}})",
        "h1:S,h2:S/r1:S", "Query condition missed key schema element: h2");
    row("multi: range gap", "h1 = :a AND r2 = :a", none, none, none, R"({":a":{"S":"x"}})",
        "h1:S/r1:S,r2:S", "Query condition missed key schema element: r1");
    row("multi: inequality before last", "h1 = :a AND r1 > :a AND r2 = :a", none, none, none,
        R"({":a":{"S":"x"}})", "h1:S/r1:S,r2:S", "Query key condition not supported");
    row("multi: hash inequality", "h1 = :a AND h2 < :a", none, none, none, R"({":a":{"S":"x"}})",
        "h1:S,h2:S", "Query key condition not supported");

    // Filter restrictions that need the key schema.
    row("filter on sort key", "pk = :p", "sk = :p", none, none, pv, range,
        "Filter Expression can only contain non-primary key attributes: Primary key attribute: sk");
    row("filter on partition key in function", "pk = :p", "x = :p OR attribute_exists(#k)", none,
        R"({"#k":"pk"})", pv, range,
        "Filter Expression can only contain non-primary key attributes: Primary key attribute: pk");
}

void TestExpression::errors()
{
    QFETCH(QString, key);
    QFETCH(QString, filter);
    QFETCH(QString, projection);
    QFETCH(QString, names);
    QFETCH(QString, values);
    QFETCH(QString, schema);
    QFETCH(QString, message);

    QueryExpressionsInput input;
    input.keyConditionExpression = key;
    if (!filter.isNull())
        input.filterExpression = filter;
    if (!projection.isNull())
        input.projectionExpression = projection;
    input.names = namesFrom(names);
    input.values = valuesFrom(values);
    input.schema = schemaFrom(schema);
    const auto result = parseQueryExpressions(input);
    const auto *error = std::get_if<ValidationError>(&result);
    QVERIFY2(error, "expected a ValidationException");
    QCOMPARE(error->message, message);
}

void TestExpression::syntaxErrorPosition_data()
{
    QTest::addColumn<QString>("expression");
    QTest::addColumn<int>("position");
    QTest::newRow("number") << "pk > 4" << 5;
    QTest::newRow("end") << "pk = " << 5;
    QTest::newRow("dash") << "a-b = :v" << 1;
    QTest::newRow("unclosed paren") << "(pk = :v" << 8;
}

void TestExpression::syntaxErrorPosition()
{
    QFETCH(QString, expression);
    QFETCH(int, position);
    QueryExpressionsInput input;
    input.keyConditionExpression = expression;
    input.values = valuesFrom(R"({":v":{"S":"a"}})");
    input.schema = schemaFrom("pk:S");
    const auto result = parseQueryExpressions(input);
    const auto *error = std::get_if<ValidationError>(&result);
    QVERIFY(error);
    QVERIFY2(error->message.startsWith("Invalid KeyConditionExpression: Syntax error; token: "),
             qPrintable(error->message));
    QCOMPARE(error->position, position);
    QCOMPARE(error->expression, QStringLiteral("KeyConditionExpression"));
}

void TestExpression::filter_data()
{
    QTest::addColumn<QString>("filter");
    QTest::addColumn<QString>("names");
    QTest::addColumn<QString>("values"); // merged with :pk
    QTest::addColumn<QString>("item");
    QTest::addColumn<bool>("expected");

    const QString none;
    const QString item = QStringLiteral(
        R"({"pk":{"S":"x"},"s":{"S":"hello"},"n":{"N":"10"},"b":{"B":"AAEC"},"t":{"BOOL":true},)"
        R"("z":{"NULL":true},"ss":{"SS":["red","blue"]},"ns":{"NS":["1","2","3"]},)"
        R"("l":{"L":[{"S":"a"},{"N":"2"},{"M":{"k":{"S":"v"}}}]},)"
        R"("m":{"M":{"mid":{"M":{"deep":{"N":"7"}}},"arr":{"L":[{"N":"1"},{"N":"2"}]}}},)"
        R"("u":{"S":"héllo"}})");
    auto row = [&](const char *name, const QString &filter, const QString &names,
                   const QString &values, bool expected) {
        QTest::newRow(name) << filter << names << values << item << expected;
    };
    const QString n5 = QStringLiteral(R"({":v":{"N":"5"}})");
    const QString n10 = QStringLiteral(R"({":v":{"N":"10"}})");
    const QString sHello = QStringLiteral(R"({":v":{"S":"hello"}})");

    row("= N", "n = :v", none, n10, true);
    row("= N by value", "n = :v", none, R"({":v":{"N":"1E1"}})", true);
    row("= N false", "n = :v", none, n5, false);
    row("= different type", "n = :v", none, R"({":v":{"S":"10"}})", false);
    row("<> N", "n <> :v", none, n5, true);
    row("<> same", "n <> :v", none, n10, false);
    row("<> different type", "n <> :v", none, R"({":v":{"S":"10"}})", true);
    row("<> missing attribute", "nope <> :v", none, n10, true);
    row("= missing attribute", "nope = :v", none, n10, false);
    row("< N", "n < :v", none, R"({":v":{"N":"10.5"}})", true);
    row("< N equal", "n < :v", none, n10, false);
    row("<= N equal", "n <= :v", none, n10, true);
    row("> N numeric not text", "n > :v", none, R"({":v":{"N":"9"}})", true);
    row(">= N", "n >= :v", none, R"({":v":{"N":"11"}})", false);
    row("< S bytes", "s < :v", none, R"({":v":{"S":"help"}})", true);
    row("> S", "s > :v", none, R"({":v":{"S":"Hello"}})", true);
    row("< B unsigned", "b < :v", none, R"({":v":{"B":"gA=="}})", true);
    row("< across types false", "n < :v", none, R"({":v":{"S":"z"}})", false);
    row("< on BOOL false", "t < :v", none, R"({":v":{"BOOL":true}})", false);
    row("< on sets false", "ns < :v", none, R"({":v":{"NS":["9"]}})", false);
    row("= set order-free", "ss = :v", none, R"({":v":{"SS":["blue","red"]}})", true);
    row("= list", "l[1] = :v", none, R"({":v":{"N":"2"}})", true);
    row("= map", "l[2] = :v", none, R"({":v":{"M":{"k":{"S":"v"}}}})", true);
    row("= NULL", "z = :v", none, R"({":v":{"NULL":true}})", true);
    row("path to path", "n > ns[0]", none, none, false);
    row("between", "n BETWEEN :a AND :b", none, R"({":a":{"N":"1"},":b":{"N":"10"}})", true);
    row("between outside", "n BETWEEN :a AND :b", none, R"({":a":{"N":"11"},":b":{"N":"20"}})",
        false);
    row("between S", "s between :a and :b", none, R"({":a":{"S":"h"},":b":{"S":"i"}})", true);
    row("between type mismatch", "n BETWEEN :a AND :b", none, R"({":a":{"S":"a"},":b":{"S":"z"}})",
        false);
    row("in", "n IN (:a, :b)", none, R"({":a":{"N":"1"},":b":{"N":"10"}})", true);
    row("in none", "s IN (:a, :b)", none, R"({":a":{"S":"x"},":b":{"N":"10"}})", false);
    row("begins_with S", "begins_with(s, :v)", none, R"({":v":{"S":"hel"}})", true);
    row("begins_with S case", "begins_with(s, :v)", none, R"({":v":{"S":"Hel"}})", false);
    row("begins_with B", "begins_with(b, :v)", none, R"({":v":{"B":"AAE="}})", true);
    row("begins_with wrong type", "begins_with(n, :v)", none, R"({":v":{"S":"1"}})", false);
    row("contains S", "contains(s, :v)", none, R"({":v":{"S":"ell"}})", true);
    row("contains S no", "contains(s, :v)", none, R"({":v":{"S":"xyz"}})", false);
    row("contains SS", "contains(ss, :v)", none, R"({":v":{"S":"red"}})", true);
    row("contains SS no partial", "contains(ss, :v)", none, R"({":v":{"S":"re"}})", false);
    row("contains NS by value", "contains(ns, :v)", none, R"({":v":{"N":"2.0"}})", true);
    row("contains L", "contains(l, :v)", none, R"({":v":{"N":"2"}})", true);
    row("contains L map element", "contains(l, :v)", none, R"({":v":{"M":{"k":{"S":"v"}}}})", true);
    row("contains L no", "contains(l, :v)", none, R"({":v":{"S":"b"}})", false);
    row("contains on N", "contains(n, :v)", none, R"({":v":{"N":"1"}})", false);
    row("attribute_exists", "attribute_exists(s)", none, none, true);
    row("attribute_exists nested", "attribute_exists(m.mid.deep)", none, none, true);
    row("attribute_exists missing", "attribute_exists(m.mid.nope)", none, none, false);
    row("attribute_exists index past end", "attribute_exists(l[3])", none, none, false);
    row("attribute_not_exists", "attribute_not_exists(nope)", none, none, true);
    row("attribute_not_exists present", "attribute_not_exists(z)", none, none, false);
    row("attribute_type S", "attribute_type(s, :t)", none, R"({":t":{"S":"S"}})", true);
    row("attribute_type NS", "attribute_type(ns, :t)", none, R"({":t":{"S":"NS"}})", true);
    row("attribute_type wrong", "attribute_type(ns, :t)", none, R"({":t":{"S":"SS"}})", false);
    row("attribute_type NULL", "attribute_type(z, :t)", none, R"({":t":{"S":"NULL"}})", true);
    row("attribute_type BOOL", "attribute_type(t, :t)", none, R"({":t":{"S":"BOOL"}})", true);
    row("attribute_type missing", "attribute_type(nope, :t)", none, R"({":t":{"S":"S"}})", false);
    row("size S", "size(s) = :v", none, R"({":v":{"N":"5"}})", true);
    row("size S counts UTF-16 units, not UTF-8 bytes", "size(u) = :v", none, R"({":v":{"N":"5"}})",
        true);
    row("size B", "size(b) = :v", none, R"({":v":{"N":"3"}})", true);
    row("size SS", "size(ss) = :v", none, R"({":v":{"N":"2"}})", true);
    row("size L", "size(l) > :v", none, R"({":v":{"N":"2"}})", true);
    row("size M", "size(m) = :v", none, R"({":v":{"N":"2"}})", true);
    row("size nested", "size(m.arr) = :v", none, R"({":v":{"N":"2"}})", true);
    row("size N is no value", "size(n) <> :v", none, R"({":v":{"N":"2"}})", true);
    row("size N compares false", "size(n) >= :v", none, R"({":v":{"N":"0"}})", false);
    row("size missing", "size(nope) >= :v", none, R"({":v":{"N":"0"}})", false);
    row("size on right", ":v < size(s)", none, R"({":v":{"N":"4"}})", true);
    row("nested map", "m.mid.deep = :v", none, R"({":v":{"N":"7"}})", true);
    row("nested list", "m.#l[1] = :v", R"({"#l":"arr"})", R"({":v":{"N":"2"}})", true);
    row("list in list item map", "l[2].k = :v", none, R"({":v":{"S":"v"}})", true);
    row("index into map false", "m[0] = :v", none, R"({":v":{"N":"7"}})", false);
    row("name with dot is one attribute", "#d = :v", R"({"#d":"m.mid"})", R"({":v":{"N":"7"}})",
        false);
    row("AND", "n = :a AND s = :b", none, R"({":a":{"N":"10"},":b":{"S":"hello"}})", true);
    row("AND false", "n = :a AND s = :b", none, R"({":a":{"N":"10"},":b":{"S":"x"}})", false);
    row("OR", "n = :a OR s = :b", none, R"({":a":{"N":"1"},":b":{"S":"hello"}})", true);
    row("NOT", "NOT n = :a", none, R"({":a":{"N":"1"}})", true);
    row("NOT binds tighter than AND", "NOT n = :a AND n = :a", none, R"({":a":{"N":"10"}})", false);
    row("AND binds tighter than OR", "n = :x OR n = :a AND s = :x", none,
        R"({":a":{"N":"10"},":x":{"N":"1"}})", false);
    row("AND binds tighter than OR 2", "n = :a OR n = :x AND s = :x", none,
        R"({":a":{"N":"10"},":x":{"N":"1"}})", true);
    row("parentheses override", "(n = :x OR n = :a) AND s = :x", none,
        R"({":a":{"N":"10"},":x":{"N":"1"}})", false);
    row("NOT parentheses", "NOT (n = :x OR s = :s)", none, R"({":x":{"N":"1"},":s":{"S":"q"}})",
        true);
    row("NOT NOT", "NOT NOT attribute_exists(s)", none, none, true);
    row("BETWEEN inside AND", "n BETWEEN :a AND :b AND s = :s", none,
        R"({":a":{"N":"1"},":b":{"N":"10"},":s":{"S":"hello"}})", true);
}

void TestExpression::filter()
{
    QFETCH(QString, filter);
    QFETCH(QString, names);
    QFETCH(QString, values);
    QFETCH(QString, item);
    QFETCH(bool, expected);

    QueryExpressionsInput input;
    input.keyConditionExpression = QStringLiteral("pk = :pk");
    input.filterExpression = filter;
    input.names = namesFrom(names);
    auto merged = valuesFrom(values).value_or(std::map<QString, AttributeValue>());
    merged[QStringLiteral(":pk")] = AttributeValue::string(QStringLiteral("x"));
    input.values = merged;
    input.schema = schemaFrom("pk:S");
    const auto result = parseQueryExpressions(input);
    if (const auto *error = std::get_if<ValidationError>(&result))
        QFAIL(qPrintable(error->message));
    const auto &parsed = std::get<ParsedQueryExpressions>(result);
    QVERIFY(parsed.filter);
    QCOMPARE(parsed.filter->evaluate(itemFrom(item)), expected);
}

void TestExpression::filterReferencedPaths()
{
    QueryExpressionsInput input;
    input.keyConditionExpression = QStringLiteral("pk = :pk");
    input.filterExpression = QStringLiteral("a.b[2] = :pk OR size(#c) > :n");
    input.names = namesFrom(R"({"#c":"c.d"})");
    input.values = valuesFrom(R"({":pk":{"S":"x"},":n":{"N":"1"}})");
    input.schema = schemaFrom("pk:S");
    const auto result = parseQueryExpressions(input);
    QVERIFY(std::holds_alternative<ParsedQueryExpressions>(result));
    const auto &paths = std::get<ParsedQueryExpressions>(result).filter->referencedPaths();
    QCOMPARE(paths.size(), size_t(2));
    QCOMPARE(paths[0].toString(), QStringLiteral("a.b[2]"));
    QCOMPARE(paths[0].toDebugList(), QStringLiteral("[a, b, [2]]"));
    QCOMPARE(paths[1].topLevelName(), QStringLiteral("c.d"));
    QVERIFY(!paths[1].isNested());
}

void TestExpression::filterNestedKeyPaths()
{
    // Querying a GSI (gpk/gsk): a filter may read the table's keys, but never inside them, and
    // never inside any index's keys.
    QueryExpressionsInput input;
    input.keyConditionExpression = QStringLiteral("gpk = :p");
    input.values = valuesFrom(R"({":p":{"S":"a"}})");
    input.schema = schemaFrom("gpk:S/gsk:S");
    input.tableKeyAttributes = QStringList({"pk", "sk"});
    input.indexKeyAttributes = QStringList({"gpk", "gsk", "lsk"});

    input.filterExpression = QStringLiteral("pk = :p");
    QVERIFY(std::holds_alternative<ParsedQueryExpressions>(parseQueryExpressions(input)));

    input.filterExpression = QStringLiteral("sk.x = :p");
    auto result = parseQueryExpressions(input);
    QVERIFY(std::holds_alternative<ValidationError>(result));
    QCOMPARE(
        std::get<ValidationError>(result).message,
        QStringLiteral("Key attributes must be scalars; list random access '[]' and map lookup "
                       "'.' are not allowed: Key: sk"));

    input.filterExpression = QStringLiteral("lsk[0] = :p");
    result = parseQueryExpressions(input);
    QVERIFY(std::holds_alternative<ValidationError>(result));
    QCOMPARE(
        std::get<ValidationError>(result).message,
        QStringLiteral("Key attributes must be scalars; list random access '[]' and map lookup "
                       "'.' are not allowed: IndexKey: lsk"));

    input.filterExpression = QStringLiteral("gsk.x = :p");
    result = parseQueryExpressions(input);
    QVERIFY(std::holds_alternative<ValidationError>(result));
    QCOMPARE(std::get<ValidationError>(result).message,
             QStringLiteral("Filter Expression can only contain non-primary key attributes: "
                            "Primary key attribute: gsk"));
}

void TestExpression::syntaxPhaseNeedsNoSchema()
{
    // Everything DynamoDB checks before it looks the table up works without a key schema.
    QueryExpressionText text;
    text.keyConditionExpression = QStringLiteral(":v < sk AND anything = :w");
    text.filterExpression = QStringLiteral("sk = :v");
    text.values = valuesFrom(R"({":v":{"S":"a"},":w":{"N":"1"}})");
    auto result = parseQueryExpressionSyntax(text);
    if (const auto *error = std::get_if<ValidationError>(&result))
        QFAIL(qPrintable(error->message));
    const auto &syntax = std::get<QueryExpressionSyntax>(result);
    QCOMPARE(syntax.keyTerms.size(), std::size_t(2));
    QCOMPARE(syntax.keyTerms[0].attribute, QStringLiteral("sk"));
    QCOMPARE(syntax.keyTerms[0].op, QStringLiteral("GT")); // ":v < sk" reads as sk > :v
    QCOMPARE(syntax.keyTerms[1].attribute, QStringLiteral("anything"));
    QCOMPARE(syntax.keyTerms[1].op, QStringLiteral("EQ"));
    QVERIFY(syntax.filter); // a filter on a key attribute is a schema check, made later
    QVERIFY(!syntax.projection);

    // Three conditions: too many for plain keys, fine when a multi-attribute key allows them.
    text.keyConditionExpression = QStringLiteral("a = :v AND b = :v AND c = :w");
    text.filterExpression.reset();
    result = parseQueryExpressionSyntax(text);
    QVERIFY(std::holds_alternative<ValidationError>(result));
    QCOMPARE(std::get<ValidationError>(result).message,
             QStringLiteral("Conditions can be of length 1 or 2 only"));
    text.maxKeyConditions = 3;
    QVERIFY(std::holds_alternative<QueryExpressionSyntax>(parseQueryExpressionSyntax(text)));
    // ... but then the queried schema's own ceiling applies.
    const auto terms = std::get<QueryExpressionSyntax>(parseQueryExpressionSyntax(text)).keyTerms;
    const auto matched = matchKeyCondition(terms, schemaFrom("a:S/b:S"));
    QVERIFY(std::holds_alternative<ValidationError>(matched));
    QCOMPARE(std::get<ValidationError>(matched).message,
             QStringLiteral("Conditions can be of length 1 or 2 only"));
}

void TestExpression::keyAttributeCheckOrder()
{
    // matchKeyCondition() calls the check once per key attribute, HASH first, before that
    // attribute's condition is looked at (DynamoDB validates ExclusiveStartKey there).
    QueryExpressionText text;
    auto termsOf = [&](const QString &expression) {
        text.keyConditionExpression = expression;
        std::map<QString, AttributeValue> values;
        if (expression.contains(u":p"))
            values.emplace(QStringLiteral(":p"), AttributeValue::string(QStringLiteral("a")));
        if (expression.contains(u":n"))
            values.emplace(QStringLiteral(":n"), AttributeValue::number(Number::fromInt(1)));
        text.values = values;
        auto result = parseQueryExpressionSyntax(text);
        if (const auto *error = std::get_if<ValidationError>(&result))
            qFatal("%s", qPrintable(error->message));
        return std::get<QueryExpressionSyntax>(result).keyTerms;
    };
    const KeyConditionSchema schema = schemaFrom("pk:S/sk:N");

    QStringList visited;
    QString failOn;
    const KeyAttributeCheck check
        = [&](const KeyAttribute &key, bool isHash) -> std::optional<ValidationError> {
        visited << key.name + (isHash ? QStringLiteral(":hash") : QStringLiteral(":range"));
        if (key.name == failOn)
            return ValidationError {QStringLiteral("check failed on ") + key.name, -1, {}};
        return std::nullopt;
    };
    auto messageOf = [&](const std::vector<KeyConditionTerm> &terms) {
        visited.clear();
        const auto result = matchKeyCondition(terms, schema, check);
        if (const auto *error = std::get_if<ValidationError>(&result))
            return error->message;
        return QStringLiteral("<no error>");
    };

    // Every key attribute is visited, the RANGE one even without a condition on it.
    QCOMPARE(messageOf(termsOf("pk = :p")), QStringLiteral("<no error>"));
    QCOMPARE(visited, QStringList({"pk:hash", "sk:range"}));
    // The check on the HASH attribute comes before its missing condition...
    failOn = "pk";
    QCOMPARE(messageOf(termsOf("sk = :n")), QStringLiteral("check failed on pk"));
    QCOMPARE(visited, QStringList({"pk:hash"}));
    failOn.clear();
    QCOMPARE(messageOf(termsOf("sk = :n")),
             QStringLiteral("Query condition missed key schema element: pk"));
    // ... and the HASH condition's errors come before the check on the RANGE attribute.
    failOn = "sk";
    QCOMPARE(messageOf(termsOf("pk = :n")),
             QStringLiteral("One or more parameter values were invalid: Condition parameter type "
                            "does not match schema type"));
    QCOMPARE(messageOf(termsOf("pk = :p AND sk = :p")), QStringLiteral("check failed on sk"));
    QCOMPARE(visited, QStringList({"pk:hash", "sk:range"}));
    failOn.clear();
    QCOMPARE(messageOf(termsOf("pk = :p AND sk = :p")),
             QStringLiteral("One or more parameter values were invalid: Condition parameter type "
                            "does not match schema type"));

    // A hash-only schema with two conditions: the check still comes first.
    failOn = "pk";
    const auto result = matchKeyCondition(termsOf("pk = :p AND x = :n"), schemaFrom("pk:S"), check);
    QCOMPARE(std::get<ValidationError>(result).message, QStringLiteral("check failed on pk"));
    QCOMPARE(std::get<ValidationError>(result).expression, QString());
    const auto plain = matchKeyCondition(termsOf("pk = :p AND x = :n"), schemaFrom("pk:S"));
    QCOMPARE(std::get<ValidationError>(plain).message,
             QStringLiteral("Query key condition not supported"));
    QCOMPARE(std::get<ValidationError>(plain).expression, QStringLiteral("KeyConditionExpression"));
}

// Whether a filter keeps the item (with :n bound to a number), as Query evaluates it.
static bool filterKeeps(const Item &item, const QString &filter, qint64 n)
{
    QueryExpressionsInput input;
    input.keyConditionExpression = QStringLiteral("pk = :pk");
    input.filterExpression = filter;
    input.values = std::map<QString, AttributeValue> {
        {QStringLiteral(":pk"), AttributeValue::string(QStringLiteral("p"))},
        {QStringLiteral(":n"), AttributeValue::number(Number::fromInt(n))}};
    input.schema = schemaFrom("pk:S");
    const auto result = parseQueryExpressions(input);
    if (!std::holds_alternative<ParsedQueryExpressions>(result))
        return false;
    return std::get<ParsedQueryExpressions>(result).filter->evaluate(item);
}

void TestExpression::sizeOfString_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("size");
    QTest::addColumn<qint64>("utf8Bytes");
    QTest::newRow("empty") << QString() << qint64(0) << qint64(0);
    QTest::newRow("ASCII") << QStringLiteral("READING#42") << qint64(10) << qint64(10);
    QTest::newRow("Latin-1") << QStringLiteral("Müller-Lüdenscheidt") << qint64(19) << qint64(21);
    QTest::newRow("CJK") << QStringLiteral("東京都") << qint64(3) << qint64(9);
    QTest::newRow("astral") << QString::fromUcs4(U"\U0001F600") << qint64(2) << qint64(4);
    QTest::newRow("e-acute and G clef")
        << QString::fromUcs4(U"\u00E9\U0001D11E") << qint64(3) << qint64(6);
    QTest::newRow("combining mark") << QString::fromUcs4(U"e\u0301") << qint64(2) << qint64(3);
}

// size() of a String is its length in UTF-16 code units, as DynamoDB counts it (size("é𝄞") is
// 3); a filter on size() of non-ASCII text keeps the items DynamoDB keeps.
void TestExpression::sizeOfString()
{
    QFETCH(QString, text);
    QFETCH(qint64, size);
    QFETCH(qint64, utf8Bytes);
    const AttributeValue value = AttributeValue::string(text);
    QCOMPARE(value.bytes().size(), utf8Bytes);
    QCOMPARE(ConditionExpression::sizeOf(value), std::optional<qint64>(size));
    // Binary stays bytes.
    QCOMPARE(ConditionExpression::sizeOf(AttributeValue::binary(text.toUtf8())),
             std::optional<qint64>(utf8Bytes));
    // Through a whole filter, as Query evaluates it.
    Item item {{QStringLiteral("pk"), AttributeValue::string(QStringLiteral("p"))},
               {QStringLiteral("t"), value}};
    QCOMPARE(filterKeeps(item, QStringLiteral("size(t) = :n"), size), true);
    QCOMPARE(filterKeeps(item, QStringLiteral("size(t) = :n"), utf8Bytes), size == utf8Bytes);
}

void TestExpression::projection_data()
{
    QTest::addColumn<QString>("projection");
    QTest::addColumn<QString>("names");
    QTest::addColumn<QString>("expected");

    const QString none;
    QTest::newRow("top level") << "a, c" << none << R"({"a":{"S":"1"},"c":{"N":"3"}})";
    QTest::newRow("missing ignored") << "a, nope" << none << R"({"a":{"S":"1"}})";
    QTest::newRow("map key") << "m.x" << none << R"({"m":{"M":{"x":{"N":"1"}}}})";
    QTest::newRow("two map keys merge")
        << "m.x, m.y.z" << none << R"({"m":{"M":{"x":{"N":"1"},"y":{"M":{"z":{"S":"deep"}}}}}})";
    QTest::newRow("list elements close up")
        << "l[3], l[1]" << none << R"({"l":{"L":[{"S":"l1"},{"S":"l3"}]}})";
    QTest::newRow("list index past end") << "l[9]" << none << R"({})";
    QTest::newRow("map inside list")
        << "l[0].k" << none << R"({"l":{"L":[{"M":{"k":{"S":"v"}}}]}})";
    QTest::newRow("wrong type step") << "a.b, c[0]" << none << R"({})";
    QTest::newRow("placeholders") << "#m.#x, #d"
                                  << R"({"#m":"m","#x":"x","#d":"a.b"})"
                                  << R"({"a.b":{"S":"dotted"},"m":{"M":{"x":{"N":"1"}}}})";
    QTest::newRow("reserved via placeholder") << "#s"
                                              << R"({"#s":"status"})"
                                              << R"({"status":{"S":"on"}})";
}

void TestExpression::projection()
{
    QFETCH(QString, projection);
    QFETCH(QString, names);
    QFETCH(QString, expected);

    QueryExpressionsInput input;
    input.keyConditionExpression = QStringLiteral("pk = :pk");
    input.projectionExpression = projection;
    input.names = namesFrom(names);
    input.values = valuesFrom(R"({":pk":{"S":"x"}})");
    input.schema = schemaFrom("pk:S");
    const auto result = parseQueryExpressions(input);
    if (const auto *error = std::get_if<ValidationError>(&result))
        QFAIL(qPrintable(error->message));
    const auto &parsed = std::get<ParsedQueryExpressions>(result);
    QVERIFY(parsed.projection);
    const Item item = itemFrom(
        R"({"pk":{"S":"x"},"a":{"S":"1"},"c":{"N":"3"},"a.b":{"S":"dotted"},"status":{"S":"on"},)"
        R"("m":{"M":{"x":{"N":"1"},"y":{"M":{"z":{"S":"deep"},"w":{"S":"no"}}},"q":{"N":"9"}}},)"
        R"("l":{"L":[{"M":{"k":{"S":"v"},"j":{"S":"w"}}},{"S":"l1"},{"S":"l2"},{"S":"l3"}]}})");
    QCOMPARE(itemJson(parsed.projection->apply(item)), itemJson(itemFrom(expected)));
}

void TestExpression::projectionTopLevel()
{
    QueryExpressionsInput input;
    input.keyConditionExpression = QStringLiteral("pk = :pk");
    input.projectionExpression = QStringLiteral("m.x, a, m.y, #n[0]");
    input.names = namesFrom(R"({"#n":"n"})");
    input.values = valuesFrom(R"({":pk":{"S":"x"}})");
    input.schema = schemaFrom("pk:S");
    const auto result = parseQueryExpressions(input);
    QVERIFY(std::holds_alternative<ParsedQueryExpressions>(result));
    const auto &projection = *std::get<ParsedQueryExpressions>(result).projection;
    QCOMPARE(projection.topLevelAttributes(), QStringList({"m", "a", "n"}));
    QCOMPARE(projection.paths().size(), size_t(4));
}

void TestExpression::reservedWords()
{
    QCOMPARE(ReservedWords::count(), 573);
    QVERIFY(ReservedWords::isReserved(u"status"));
    QVERIFY(ReservedWords::isReserved(u"Name"));
    QVERIFY(ReservedWords::isReserved(u"ZONE"));
    QVERIFY(ReservedWords::isReserved(u"abort"));
    QVERIFY(!ReservedWords::isReserved(u"pk"));
    QVERIFY(!ReservedWords::isReserved(u"statuses"));
    QVERIFY(!ReservedWords::isReserved(u""));
}

// DynamoDB's expression limits, checked before (and while) parsing with its texts, so hostile
// input (thousands of parentheses or NOTs, megabytes of text) is refused instead of
// overflowing the stack.
void TestExpression::limits_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("filter"); // null: absent
    QTest::addColumn<QString>("values");
    QTest::addColumn<QString>("message"); // empty: accepted

    const QString none;
    const QString pv = QStringLiteral(R"({":p":{"S":"a"},":v":{"N":"1"}})");
    const auto nested = [](int depth, const QString &inner) {
        return QString(depth, QLatin1Char('(')) + inner + QString(depth, QLatin1Char(')'));
    };
    const auto nots = [](int count) { return QStringLiteral("NOT ").repeated(count) + "a = :v"; };
    // 4,096 bytes exactly is allowed; one more is not (UTF-8 bytes, not characters).
    const QString filterAtLimit
        = QStringLiteral("a") + QString(4096 - 6, u'b') + QStringLiteral(" = :v");
    const QString filterOverLimit = filterAtLimit + QLatin1Char(' ');

    QTest::newRow("filter of 4096 bytes") << "pk = :p" << filterAtLimit << pv << QString();
    QTest::newRow("filter of 4097 bytes")
        << "pk = :p" << filterOverLimit << pv
        << "Invalid FilterExpression: Expression size has exceeded the maximum allowed size; "
           "expression size: 4097";
    QTest::newRow("size counts UTF-8 bytes")
        << "pk = :p" << QStringLiteral("a") + QString(2100, QChar(0x00e9)) + " = :v" << pv
        << "Invalid FilterExpression: Expression size has exceeded the maximum allowed size; "
           "expression size: 4206";
    QTest::newRow("10000 parentheses in a key condition")
        << nested(10000, "pk = :p") << none << pv
        << "Invalid KeyConditionExpression: Expression size has exceeded the maximum allowed "
           "size; expression size: 20007";
    QTest::newRow("10000 NOT in a filter")
        << "pk = :p" << nots(10000) << pv
        << "Invalid FilterExpression: Expression size has exceeded the maximum allowed size; "
           "expression size: 40006";
    QTest::newRow("2000 parentheses within 4 KB")
        << "pk = :p" << nested(2000, "a = :v") << pv
        << "Invalid FilterExpression: The expression is nested too deeply (parentheses, NOT and "
           "function calls); Keyscope accepts at most 256 levels";
    QTest::newRow("1000 NOT within 4 KB")
        << "pk = :p" << nots(1000) << pv
        << "Invalid FilterExpression: The expression is nested too deeply (parentheses, NOT and "
           "function calls); Keyscope accepts at most 256 levels";
    // DynamoDB refuses redundant parentheses ("((a = :v))"), so deep nesting needs a condition
    // at every level: a = :v AND (a = :v AND (...)).
    QString deep = QStringLiteral("a = :v");
    for (int i = 0; i < 100; ++i)
        deep = QStringLiteral("a = :v AND (") + deep + QLatin1Char(')');
    QTest::newRow("100 nested conditions are fine") << "pk = :p" << deep << pv << QString();
    QTest::newRow("100 NOT are fine") << "pk = :p" << nots(100) << pv << QString();

    QStringList candidates;
    QString values = QStringLiteral(R"({":p":{"S":"a"})");
    for (int i = 0; i < 101; ++i) {
        candidates << QStringLiteral(":c%1").arg(i);
        values += QStringLiteral(R"(,":c%1":{"N":"%1"})").arg(i);
    }
    values += QLatin1Char('}');
    QTest::newRow("IN with 101 operands")
        << "pk = :p"
        << "a IN (" + candidates.join(u", ") + ")" << values
        << "Invalid FilterExpression: The IN operator is provided with too many operands; number "
           "of operands: 101";
    QString values100 = QStringLiteral(R"({":p":{"S":"a"})");
    for (int i = 0; i < 100; ++i)
        values100 += QStringLiteral(R"(,":c%1":{"N":"%1"})").arg(i);
    values100 += QLatin1Char('}');
    QTest::newRow("IN with 100 operands")
        << "pk = :p"
        << "a IN (" + candidates.mid(0, 100).join(u", ") + ")" << values100 << QString();

    const QString longKey = QLatin1Char(':') + QString(255, u'v');
    QTest::newRow("value placeholder of 256 bytes")
        << "pk = " + longKey << none << QStringLiteral(R"({"%1":{"S":"a"}})").arg(longKey)
        << "ExpressionAttributeValues contains invalid key: The expression attribute map contains "
           "a key that is too long; size of key: 256";
    const QString maxKey = QLatin1Char(':') + QString(254, u'v');
    QTest::newRow("value placeholder of 255 bytes")
        << "pk = " + maxKey << none << QStringLiteral(R"({"%1":{"S":"a"}})").arg(maxKey)
        << QString();
}

void TestExpression::limits()
{
    QFETCH(QString, key);
    QFETCH(QString, filter);
    QFETCH(QString, values);
    QFETCH(QString, message);

    QueryExpressionsInput input;
    input.keyConditionExpression = key;
    if (!filter.isNull())
        input.filterExpression = filter;
    input.values = valuesFrom(values);
    input.schema = schemaFrom(QStringLiteral("pk:S/sk:S"));
    const auto result = parseQueryExpressions(input);
    const auto *error = std::get_if<ValidationError>(&result);
    if (message.isEmpty()) {
        QVERIFY2(!error, error ? qPrintable(error->message) : "");
        return;
    }
    QVERIFY2(error, "expected a ValidationException");
    QCOMPARE(error->message, message);
}

QTEST_GUILESS_MAIN(TestExpression)
#include "tst_expression.moc"
