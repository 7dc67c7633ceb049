#include "model/codegen/codesnippets.h"

#include "model/io/jsonwriter.h"
#include "model/io/orderedjson.h"
#include "model/value/dynamojson.h"

#include <QRegularExpression>
#include <QStringList>

namespace keyscope::model {

namespace {

using Type = AttributeValue::Type;
using Language = CodeSnippets::Language;

QString effectiveTableName(const QueryRequest &request, const QString &tableName)
{
    return request.tableName.isEmpty() ? tableName : request.tableName;
}

bool hasReturnConsumedCapacity(const QueryRequest &request)
{
    return !request.returnConsumedCapacity.isEmpty();
}

// A string literal for Python, JavaScript or Java. Non-ASCII text stays as written (all three
// read UTF-8 sources). Java gets octal escapes for control characters: it turns \u000a into a
// real line break before it reads the literal.
QString quoted(const QString &text, Language language)
{
    QString out = QStringLiteral("\"");
    for (const QChar c : text) {
        switch (c.unicode()) {
        case '"':
            out += QStringLiteral("\\\"");
            break;
        case '\\':
            out += QStringLiteral("\\\\");
            break;
        case '\n':
            out += QStringLiteral("\\n");
            break;
        case '\r':
            out += QStringLiteral("\\r");
            break;
        case '\t':
            out += QStringLiteral("\\t");
            break;
        default:
            if (c.unicode() < 0x20 || c.unicode() == 0x7f || c.unicode() == 0x2028
                || c.unicode() == 0x2029) {
                if (language == Language::Java && c.unicode() < 0x100)
                    out += QStringLiteral("\\%1").arg(c.unicode(), 3, 8, QLatin1Char('0'));
                else
                    out += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0'));
            } else {
                out += c;
            }
        }
    }
    out += QLatin1Char('"');
    return out;
}

// Python bytes literal: printable ASCII as is, everything else as \xNN.
QString pythonBytes(const QByteArray &bytes)
{
    QString out = QStringLiteral("b\"");
    for (const char ch : bytes) {
        const auto b = static_cast<unsigned char>(ch);
        if (b == '"' || b == '\\') {
            out += QLatin1Char('\\');
            out += QLatin1Char(ch);
        } else if (b >= 0x20 && b < 0x7f) {
            out += QLatin1Char(ch);
        } else {
            out += QStringLiteral("\\x%1").arg(b, 2, 16, QLatin1Char('0'));
        }
    }
    out += QLatin1Char('"');
    return out;
}

QString base64(const QByteArray &bytes)
{
    return QString::fromLatin1(bytes.toBase64());
}

bool isJsIdentifier(const QString &key)
{
    static const QRegularExpression identifier(QStringLiteral("^[A-Za-z_$][A-Za-z0-9_$]*$"));
    return identifier.match(key).hasMatch();
}

QString jsKey(const QString &key)
{
    return isJsIdentifier(key) ? key : quoted(key, Language::JavaScript);
}

QString valueLiteral(const AttributeValue &value, Language language);

QString binaryLiteral(const QByteArray &bytes, Language language)
{
    switch (language) {
    case Language::Python:
        return pythonBytes(bytes);
    case Language::JavaScript:
        return QStringLiteral("Buffer.from(%1, \"base64\")").arg(quoted(base64(bytes), language));
    case Language::Java:
        return QStringLiteral("SdkBytes.fromByteArray(Base64.getDecoder().decode(%1))")
            .arg(quoted(base64(bytes), language));
    case Language::AwsCli:
        break;
    }
    return quoted(base64(bytes), language);
}

// The literal of one scalar inside a set or the value of S/N.
QString scalarLiteral(const AttributeValue &value, Language language)
{
    switch (value.type()) {
    case Type::S:
        return quoted(value.asString(), language);
    case Type::N:
        return quoted(value.asNumber().toString(), language);
    case Type::B:
        return binaryLiteral(value.bytes(), language);
    default:
        return valueLiteral(value, language);
    }
}

QStringList elementLiterals(const AttributeValue &value, Language language, bool scalars)
{
    QStringList out;
    for (const AttributeValue &element : value.elements())
        out << (scalars ? scalarLiteral(element, language) : valueLiteral(element, language));
    return out;
}

QString javaMap(const QStringList &keys, const QStringList &values, const QString &separator);

// The AttributeValue.builder() setter of a Java value: s("..."), m(Map.of(...)), ...
QString javaSetter(const AttributeValue &value)
{
    const Language language = Language::Java;
    const QString typeName = value.typeName();
    switch (value.type()) {
    case Type::Null:
        return QStringLiteral("nul(true)");
    case Type::Bool:
        return QStringLiteral("bool(%1)").arg(value.asBool() ? "true" : "false");
    case Type::S:
    case Type::N:
    case Type::B:
        return QStringLiteral("%1(%2)").arg(typeName.toLower(), scalarLiteral(value, language));
    case Type::SS:
    case Type::NS:
    case Type::BS:
        return QStringLiteral("%1(%2)").arg(
            typeName.toLower(), elementLiterals(value, language, true).join(QStringLiteral(", ")));
    case Type::L: {
        const QStringList elements = elementLiterals(value, language, false);
        return elements.isEmpty()
            ? QStringLiteral("l(List.of())")
            : QStringLiteral("l(%1)").arg(elements.join(QStringLiteral(", ")));
    }
    case Type::M: {
        QStringList keys, values;
        for (const auto &[name, member] : value.members()) {
            keys << quoted(name, language);
            values << valueLiteral(member, language);
        }
        return QStringLiteral("m(%1)").arg(javaMap(keys, values, QStringLiteral(", ")));
    }
    }
    return QString();
}

// A map's members in Python's or JavaScript's object syntax.
QString scriptMapContent(const AttributeValue &value, Language language)
{
    QStringList members;
    for (const auto &[name, member] : value.members()) {
        members << (language == Language::Python ? quoted(name, language) : jsKey(name))
                + QStringLiteral(": ") + valueLiteral(member, language);
    }
    if (members.isEmpty())
        return QStringLiteral("{}");
    if (language == Language::Python)
        return QLatin1Char('{') + members.join(QStringLiteral(", ")) + QLatin1Char('}');
    return QStringLiteral("{ ") + members.join(QStringLiteral(", ")) + QStringLiteral(" }");
}

// What follows the type name in Python's and JavaScript's {"S": ...}.
QString scriptValueContent(const AttributeValue &value, Language language)
{
    switch (value.type()) {
    case Type::Null:
    case Type::Bool: {
        const bool b = value.isNull() || value.asBool();
        return language == Language::Python
            ? (b ? QStringLiteral("True") : QStringLiteral("False"))
            : (b ? QStringLiteral("true") : QStringLiteral("false"));
    }
    case Type::S:
    case Type::N:
    case Type::B:
        return scalarLiteral(value, language);
    case Type::SS:
    case Type::NS:
    case Type::BS:
        return QLatin1Char('[') + elementLiterals(value, language, true).join(QStringLiteral(", "))
            + QLatin1Char(']');
    case Type::L:
        return QLatin1Char('[') + elementLiterals(value, language, false).join(QStringLiteral(", "))
            + QLatin1Char(']');
    case Type::M:
        return scriptMapContent(value, language);
    }
    return QString();
}

// A DynamoDB JSON value ({"S": "..."}) in the language's own literal syntax.
QString valueLiteral(const AttributeValue &value, Language language)
{
    if (language == Language::Java)
        return QStringLiteral("AttributeValue.builder().%1.build()").arg(javaSetter(value));
    const QString typeName = value.typeName();
    const QString content = scriptValueContent(value, language);
    if (language == Language::Python)
        return QStringLiteral("{%1: %2}").arg(quoted(typeName, language), content);
    return QStringLiteral("{ %1: %2 }").arg(typeName, content);
}

// Map.of takes at most 10 pairs; Map.ofEntries any number.
QString javaMap(const QStringList &keys, const QStringList &values, const QString &separator)
{
    if (keys.isEmpty())
        return QStringLiteral("Map.of()");
    QStringList parts;
    if (keys.size() <= 10) {
        for (qsizetype i = 0; i < keys.size(); ++i)
            parts << keys.at(i) + QStringLiteral(", ") + values.at(i);
        return QStringLiteral("Map.of(") + parts.join(separator) + QLatin1Char(')');
    }
    for (qsizetype i = 0; i < keys.size(); ++i)
        parts << QStringLiteral("Map.entry(%1, %2)").arg(keys.at(i), values.at(i));
    return QStringLiteral("Map.ofEntries(") + parts.join(separator) + QLatin1Char(')');
}

// One map-valued parameter (ExpressionAttributeNames, ...), as key and value literals.
struct MapLiteral
{
    QStringList keys;
    QStringList values;
};

MapLiteral namesLiteral(const std::map<QString, QString> &names, Language language)
{
    MapLiteral out;
    for (const auto &[key, name] : names) {
        out.keys << quoted(key, language);
        out.values << quoted(name, language);
    }
    return out;
}

MapLiteral valuesLiteral(const Item &values, Language language)
{
    MapLiteral out;
    for (const auto &[key, value] : values) {
        out.keys << quoted(key, language);
        out.values << valueLiteral(value, language);
    }
    return out;
}

// One request parameter, ready for a language: a scalar literal, or a map.
struct Parameter
{
    QString apiName;               // KeyConditionExpression
    QString literal;               // scalar parameters
    std::optional<MapLiteral> map; // map parameters
};

std::vector<Parameter> parameters(const QueryRequest &request, const QString &tableName,
                                  Language language)
{
    std::vector<Parameter> out;
    const auto str = [&](const char *name, const QString &text) {
        out.push_back({QLatin1String(name), quoted(text, language), {}});
    };
    const auto boolean = [&](const char *name, bool value) {
        QString literal = value ? QStringLiteral("true") : QStringLiteral("false");
        if (language == Language::Python)
            literal = value ? QStringLiteral("True") : QStringLiteral("False");
        out.push_back({QLatin1String(name), literal, {}});
    };
    const QString table = effectiveTableName(request, tableName);
    if (!table.isEmpty())
        str("TableName", table);
    if (!request.indexName.isEmpty())
        str("IndexName", request.indexName);
    str("KeyConditionExpression", request.keyConditionExpression);
    if (request.filterExpression)
        str("FilterExpression", *request.filterExpression);
    if (request.projectionExpression)
        str("ProjectionExpression", *request.projectionExpression);
    if (request.expressionAttributeNames)
        out.push_back({QStringLiteral("ExpressionAttributeNames"),
                       {},
                       namesLiteral(*request.expressionAttributeNames, language)});
    if (request.expressionAttributeValues)
        out.push_back({QStringLiteral("ExpressionAttributeValues"),
                       {},
                       valuesLiteral(*request.expressionAttributeValues, language)});
    if (!request.scanIndexForward)
        boolean("ScanIndexForward", false);
    if (request.limit)
        out.push_back({QStringLiteral("Limit"), QString::number(*request.limit), {}});
    if (request.exclusiveStartKey)
        out.push_back({QStringLiteral("ExclusiveStartKey"),
                       {},
                       valuesLiteral(*request.exclusiveStartKey, language)});
    if (request.select)
        str("Select", *request.select);
    if (request.consistentRead)
        boolean("ConsistentRead", true);
    if (hasReturnConsumedCapacity(request))
        str("ReturnConsumedCapacity", request.returnConsumedCapacity);
    return out;
}

bool usesBinary(const AttributeValue &value)
{
    if (value.type() == Type::B || value.type() == Type::BS)
        return true;
    if (value.type() == Type::L)
        return std::any_of(value.elements().begin(), value.elements().end(), usesBinary);
    if (value.type() == Type::M) {
        for (const auto &[name, member] : value.members()) {
            if (usesBinary(member))
                return true;
        }
    }
    return false;
}

bool usesBinary(const QueryRequest &request)
{
    for (const auto *item : {&request.expressionAttributeValues, &request.exclusiveStartKey}) {
        if (*item) {
            for (const auto &[key, value] : **item) {
                if (usesBinary(value))
                    return true;
            }
        }
    }
    return false;
}

bool usesEmptyList(const AttributeValue &value)
{
    if (value.type() == Type::L)
        return value.elements().empty()
            || std::any_of(value.elements().begin(), value.elements().end(), usesEmptyList);
    if (value.type() == Type::M) {
        for (const auto &[name, member] : value.members()) {
            if (usesEmptyList(member))
                return true;
        }
    }
    return false;
}

bool usesEmptyList(const QueryRequest &request)
{
    for (const auto *item : {&request.expressionAttributeValues, &request.exclusiveStartKey}) {
        if (*item) {
            for (const auto &[key, value] : **item) {
                if (usesEmptyList(value))
                    return true;
            }
        }
    }
    return false;
}

QString lowerFirst(const QString &name)
{
    return name.left(1).toLower() + name.mid(1);
}

QString jsonArgument(const QJsonValue &value)
{
    return QString::fromUtf8(JsonWriter::write(OrderedJson::fromQJson(value), 0));
}

} // namespace

QJsonObject CodeSnippets::requestJson(const QueryRequest &request, const QString &tableName)
{
    QJsonObject json;
    const QString table = effectiveTableName(request, tableName);
    if (!table.isEmpty())
        json.insert(QStringLiteral("TableName"), table);
    if (!request.indexName.isEmpty())
        json.insert(QStringLiteral("IndexName"), request.indexName);
    json.insert(QStringLiteral("KeyConditionExpression"), request.keyConditionExpression);
    if (request.filterExpression)
        json.insert(QStringLiteral("FilterExpression"), *request.filterExpression);
    if (request.projectionExpression)
        json.insert(QStringLiteral("ProjectionExpression"), *request.projectionExpression);
    if (request.expressionAttributeNames) {
        QJsonObject names;
        for (const auto &[key, name] : *request.expressionAttributeNames)
            names.insert(key, name);
        json.insert(QStringLiteral("ExpressionAttributeNames"), names);
    }
    if (request.expressionAttributeValues)
        json.insert(QStringLiteral("ExpressionAttributeValues"),
                    dynamojson::itemToJson(*request.expressionAttributeValues));
    if (!request.scanIndexForward)
        json.insert(QStringLiteral("ScanIndexForward"), false);
    if (request.limit)
        json.insert(QStringLiteral("Limit"), *request.limit);
    if (request.exclusiveStartKey)
        json.insert(QStringLiteral("ExclusiveStartKey"),
                    dynamojson::itemToJson(*request.exclusiveStartKey));
    if (request.select)
        json.insert(QStringLiteral("Select"), *request.select);
    if (request.consistentRead)
        json.insert(QStringLiteral("ConsistentRead"), true);
    if (hasReturnConsumedCapacity(request))
        json.insert(QStringLiteral("ReturnConsumedCapacity"), request.returnConsumedCapacity);
    return json;
}

QString CodeSnippets::shellQuote(const QString &word)
{
    static const QRegularExpression safe(QStringLiteral("^[A-Za-z0-9_@%+=:,./-]+$"));
    if (safe.match(word).hasMatch())
        return word;
    QString out = word;
    out.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + out + QLatin1Char('\'');
}

QString CodeSnippets::snippet(Language language, const QueryRequest &request,
                              const QString &tableName)
{
    switch (language) {
    case Language::AwsCli:
        return awsCli(request, tableName);
    case Language::Python:
        return python(request, tableName);
    case Language::JavaScript:
        return javaScript(request, tableName);
    case Language::Java:
        return java(request, tableName);
    }
    return {};
}

QString CodeSnippets::awsCli(const QueryRequest &request, const QString &tableName)
{
    // Options in the order `aws dynamodb query help` lists the request members.
    QStringList lines {QStringLiteral("aws dynamodb query")};
    const auto option = [&](const char *name, const QString &value) {
        lines << QStringLiteral("    --%1 %2").arg(QLatin1String(name), shellQuote(value));
    };
    const QJsonObject json = requestJson(request, tableName);
    const QString table = effectiveTableName(request, tableName);
    if (!table.isEmpty())
        option("table-name", table);
    if (!request.indexName.isEmpty())
        option("index-name", request.indexName);
    option("key-condition-expression", request.keyConditionExpression);
    if (request.filterExpression)
        option("filter-expression", *request.filterExpression);
    if (request.projectionExpression)
        option("projection-expression", *request.projectionExpression);
    if (request.expressionAttributeNames)
        option("expression-attribute-names",
               jsonArgument(json.value(QStringLiteral("ExpressionAttributeNames"))));
    if (request.expressionAttributeValues)
        option("expression-attribute-values",
               jsonArgument(json.value(QStringLiteral("ExpressionAttributeValues"))));
    if (!request.scanIndexForward)
        lines << QStringLiteral("    --no-scan-index-forward");
    if (request.limit)
        option("limit", QString::number(*request.limit));
    if (request.exclusiveStartKey)
        option("exclusive-start-key",
               jsonArgument(json.value(QStringLiteral("ExclusiveStartKey"))));
    if (request.select)
        option("select", *request.select);
    if (request.consistentRead)
        lines << QStringLiteral("    --consistent-read");
    if (hasReturnConsumedCapacity(request))
        option("return-consumed-capacity", request.returnConsumedCapacity);
    return lines.join(QStringLiteral(" \\\n")) + QLatin1Char('\n');
}

namespace {

// Python and JavaScript lay a map out on one line when it fits (black's 88 columns, prettier's
// 80), else one entry per line with a trailing comma.
QString scriptMap(const MapLiteral &map, Language language, const QString &indent,
                  qsizetype prefixWidth, int maxWidth)
{
    QStringList entries;
    for (qsizetype i = 0; i < map.keys.size(); ++i)
        entries << map.keys.at(i) + QStringLiteral(": ") + map.values.at(i);
    if (entries.isEmpty())
        return QStringLiteral("{}");
    const QString inlineMap = language == Language::Python
        ? QLatin1Char('{') + entries.join(QStringLiteral(", ")) + QLatin1Char('}')
        : QStringLiteral("{ ") + entries.join(QStringLiteral(", ")) + QStringLiteral(" }");
    if (prefixWidth + inlineMap.size() + 1 <= maxWidth)
        return inlineMap;
    // black indents by 4, prettier by 2.
    const QString step
        = language == Language::Python ? QStringLiteral("    ") : QStringLiteral("  ");
    QString out = QStringLiteral("{\n");
    for (const QString &entry : entries)
        out += indent + step + entry + QStringLiteral(",\n");
    return out + indent + QLatin1Char('}');
}

} // namespace

QString CodeSnippets::python(const QueryRequest &request, const QString &tableName)
{
    const QString indent = QStringLiteral("    ");
    QString out = QStringLiteral("import boto3\n\n"
                                 "client = boto3.client(\"dynamodb\")\n\n"
                                 "response = client.query(\n");
    for (const Parameter &p : parameters(request, tableName, Language::Python)) {
        const QString prefix = indent + p.apiName + QLatin1Char('=');
        const QString value
            = p.map ? scriptMap(*p.map, Language::Python, indent, prefix.size(), 88) : p.literal;
        out += prefix + value + QStringLiteral(",\n");
    }
    out += QStringLiteral(")\n");
    if (request.select == QStringLiteral("COUNT"))
        out += QStringLiteral("print(response[\"Count\"])\n");
    else
        out += QStringLiteral("for item in response[\"Items\"]:\n    print(item)\n");
    out += QStringLiteral("print(response.get(\"LastEvaluatedKey\"))\n");
    return out;
}

QString CodeSnippets::javaScript(const QueryRequest &request, const QString &tableName)
{
    const QString indent = QStringLiteral("    ");
    QString out = QStringLiteral(
        "import { DynamoDBClient, QueryCommand } from \"@aws-sdk/client-dynamodb\";\n\n"
        "const client = new DynamoDBClient({});\n\n"
        "const response = await client.send(\n"
        "  new QueryCommand({\n");
    for (const Parameter &p : parameters(request, tableName, Language::JavaScript)) {
        const QString prefix = indent + p.apiName + QStringLiteral(": ");
        const QString value = p.map
            ? scriptMap(*p.map, Language::JavaScript, indent, prefix.size(), 80)
            : p.literal;
        out += prefix + value + QStringLiteral(",\n");
    }
    out += QStringLiteral("  }),\n);\n");
    if (request.select == QStringLiteral("COUNT"))
        out += QStringLiteral("console.log(response.Count);\n");
    else
        out += QStringLiteral("console.log(response.Items);\n");
    out += QStringLiteral("console.log(response.LastEvaluatedKey);\n");
    return out;
}

QString CodeSnippets::java(const QueryRequest &request, const QString &tableName)
{
    const std::vector<Parameter> params = parameters(request, tableName, Language::Java);
    const bool needsMap = request.expressionAttributeNames || request.expressionAttributeValues
        || request.exclusiveStartKey;
    const bool needsAttributeValue = request.expressionAttributeValues || request.exclusiveStartKey;
    const bool binary = usesBinary(request);

    QStringList imports;
    if (binary)
        imports << QStringLiteral("software.amazon.awssdk.core.SdkBytes");
    imports << QStringLiteral("software.amazon.awssdk.services.dynamodb.DynamoDbClient");
    if (needsAttributeValue)
        imports << QStringLiteral("software.amazon.awssdk.services.dynamodb.model.AttributeValue");
    imports << QStringLiteral("software.amazon.awssdk.services.dynamodb.model.QueryRequest")
            << QStringLiteral("software.amazon.awssdk.services.dynamodb.model.QueryResponse");
    QStringList javaUtil;
    if (binary)
        javaUtil << QStringLiteral("java.util.Base64");
    if (usesEmptyList(request))
        javaUtil << QStringLiteral("java.util.List");
    if (needsMap)
        javaUtil << QStringLiteral("java.util.Map");

    QString out;
    for (const QString &name : imports)
        out += QStringLiteral("import %1;\n").arg(name);
    if (!javaUtil.isEmpty()) {
        out += QLatin1Char('\n');
        for (const QString &name : javaUtil)
            out += QStringLiteral("import %1;\n").arg(name);
    }
    out += QStringLiteral("\nDynamoDbClient client = DynamoDbClient.create();\n\n"
                          "QueryRequest request = QueryRequest.builder()\n");
    const QString indent = QStringLiteral("        ");
    for (const Parameter &p : params) {
        QString value = p.literal;
        if (p.map) {
            // One entry per line: names and values are what people read first.
            const QString entryIndent = indent + indent;
            const QString separator = QStringLiteral(",\n") + entryIndent;
            value = javaMap(p.map->keys, p.map->values, separator);
            if (!p.map->keys.isEmpty()) {
                const qsizetype open = value.indexOf(QLatin1Char('('));
                value.insert(open + 1, QLatin1Char('\n') + entryIndent);
            }
        }
        out += indent + QLatin1Char('.') + lowerFirst(p.apiName) + QLatin1Char('(') + value
            + QStringLiteral(")\n");
    }
    out += indent
        + QStringLiteral(".build();\n\n"
                         "QueryResponse response = client.query(request);\n");
    if (request.select == QStringLiteral("COUNT"))
        out += QStringLiteral("System.out.println(response.count());\n");
    else
        out += QStringLiteral("response.items().forEach(System.out::println);\n");
    out += QStringLiteral("System.out.println(response.lastEvaluatedKey());\n");
    return out;
}

} // namespace keyscope::model
