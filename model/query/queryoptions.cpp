#include "model/query/queryoptions.h"

#include "model/io/inputfile.h"
#include "model/io/ioerror.h"
#include "model/io/jsonfile.h"
#include "model/query/commandline.h"
#include "model/value/dynamojson.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonObject>

namespace keyscope::model {

namespace {

using Kind = QueryOptionFailure::Kind;
using Setter = void (*)(QueryOptions &, const QString &);

struct QueryOption
{
    const char *name;
    bool takesValue;
    Setter apply; // null: parsed by set() (it can fail)
};

const std::vector<QueryOption> &queryOptionTable()
{
    using O = QueryOptions;
    static const std::vector<QueryOption> list = {
        {"--table-name", true, [](O &o, const QString &v) { o.tableName = v; }},
        {"--index-name", true, [](O &o, const QString &v) { o.indexName = v; }},
        {"--key-condition-expression", true,
         [](O &o, const QString &v) { o.keyConditionExpression = v; }},
        {"--filter-expression", true, [](O &o, const QString &v) { o.filterExpression = v; }},
        {"--projection-expression", true,
         [](O &o, const QString &v) { o.projectionExpression = v; }},
        {"--expression-attribute-names", true,
         [](O &o, const QString &v) { o.expressionAttributeNames = v; }},
        {"--expression-attribute-values", true,
         [](O &o, const QString &v) { o.expressionAttributeValues = v; }},
        {"--exclusive-start-key", true, [](O &o, const QString &v) { o.exclusiveStartKey = v; }},
        {"--select", true, [](O &o, const QString &v) { o.select = v; }},
        {"--return-consumed-capacity", true,
         [](O &o, const QString &v) { o.returnConsumedCapacity = v; }},
        {"--limit", true, nullptr},
        {"--scan-index-forward", false, [](O &o, const QString &) { o.scanIndexForward = true; }},
        {"--no-scan-index-forward", false,
         [](O &o, const QString &) { o.scanIndexForward = false; }},
        {"--consistent-read", false, [](O &o, const QString &) { o.consistentRead = true; }},
        {"--no-consistent-read", false, [](O &o, const QString &) { o.consistentRead = false; }},
    };
    return list;
}

const QueryOption *findQueryOption(const QString &name)
{
    for (const QueryOption &option : queryOptionTable()) {
        if (name == QLatin1String(option.name))
            return &option;
    }
    return nullptr;
}

// The AWS CLI's global options: allowed on any command, no part of the request.
std::optional<bool> globalOptionTakesValue(const QString &name)
{
    static const QStringList withValue {QStringLiteral("--region"),
                                        QStringLiteral("--profile"),
                                        QStringLiteral("--output"),
                                        QStringLiteral("--endpoint-url"),
                                        QStringLiteral("--query"),
                                        QStringLiteral("--color"),
                                        QStringLiteral("--cli-read-timeout"),
                                        QStringLiteral("--cli-connect-timeout"),
                                        QStringLiteral("--page-size"),
                                        QStringLiteral("--max-items"),
                                        QStringLiteral("--starting-token"),
                                        QStringLiteral("--ca-bundle")};
    static const QStringList flags {QStringLiteral("--debug"), QStringLiteral("--no-paginate"),
                                    QStringLiteral("--no-verify-ssl"),
                                    QStringLiteral("--no-sign-request"),
                                    QStringLiteral("--no-cli-pager")};
    if (withValue.contains(name))
        return true;
    if (flags.contains(name))
        return false;
    return std::nullopt;
}

QueryOptionFailure paramFileFailure(const QString &prefix, const QString &text,
                                    const QString &detail)
{
    return {Kind::ParamFile,
            {},
            prefix + QStringLiteral("Unable to load paramfile %1: ").arg(text) + detail};
}

// A JSON argument: inline text or file://PATH, as the AWS CLI reads them.
std::variant<QJsonValue, QueryOptionFailure> readJsonArgument(const QString &option,
                                                              const QString &text)
{
    const QString prefix = QStringLiteral("Error parsing parameter '%1': ").arg(option);
    static const QLatin1String kFileScheme("file://");
    QByteArray bytes = text.toUtf8();
    QString source;
    if (text.startsWith(kFileScheme)) {
        source = text.mid(kFileScheme.size());
        QFile file(source);
        if (!file.open(QIODevice::ReadOnly)) {
            const QString reason = QFileInfo::exists(source)
                ? file.errorString()
                : QStringLiteral("No such file or directory");
            return paramFileFailure(prefix, text, QStringLiteral("%1: '%2'").arg(reason, source));
        }
        auto read = InputFile::read(file, source);
        if (auto *error = std::get_if<IoError>(&read))
            return paramFileFailure(prefix, text, error->message);
        bytes = std::get<QByteArray>(read);
    }
    auto document = JsonFile::parse(bytes, source);
    if (auto *error = std::get_if<IoError>(&document)) {
        if (!source.isEmpty())
            return QueryOptionFailure {
                Kind::ParamFile, {}, prefix + QStringLiteral("Invalid JSON: ") + error->toString()};
        const QString where = error->line > 0
            ? QStringLiteral("line %1 column %2: ").arg(error->line).arg(error->column)
            : QString();
        return QueryOptionFailure {Kind::Argument,
                                   {},
                                   prefix + QStringLiteral("Invalid JSON: ") + where
                                       + error->message + QStringLiteral("\nJSON received: ")
                                       + text};
    }
    const QJsonDocument &json = std::get<QJsonDocument>(document);
    return json.isObject() ? QJsonValue(json.object()) : QJsonValue(json.array());
}

// Messages dynamojson gives for a malformed shape (botocore rejects those client-side) rather
// than for a value DynamoDB itself refuses (a bad number, an empty set, duplicates).
bool isShapeError(const QString &message)
{
    return message.startsWith(QLatin1String("Invalid type"))
        || message.startsWith(QLatin1String("Unknown attribute value type"))
        || message.startsWith(QLatin1String("An attribute value must be"))
        || message.startsWith(QLatin1String("Invalid base64"));
}

QueryOptionFailure parameterFailure(const QString &message)
{
    return {Kind::Parameter, {}, message};
}

QueryOptionFailure validationFailure(const QString &message)
{
    return {Kind::Service, QStringLiteral("ValidationException"), message};
}

std::optional<QueryOptionFailure> readNames(const QString &text, QueryRequest &request)
{
    auto json = readJsonArgument(QStringLiteral("--expression-attribute-names"), text);
    if (auto *failure = std::get_if<QueryOptionFailure>(&json))
        return *failure;
    const QJsonValue value = std::get<QJsonValue>(json);
    if (!value.isObject())
        return parameterFailure(QStringLiteral("Invalid type for parameter "
                                               "ExpressionAttributeNames: expected an object "
                                               "such as {\"#n\": \"Name\"}"));
    std::map<QString, QString> names;
    const QJsonObject object = value.toObject();
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (!it.value().isString())
            return parameterFailure(QStringLiteral("Invalid type for parameter "
                                                   "ExpressionAttributeNames.%1: expected a "
                                                   "string")
                                        .arg(it.key()));
        names.emplace(it.key(), it.value().toString());
    }
    request.expressionAttributeNames = std::move(names);
    return std::nullopt;
}

std::optional<QueryOptionFailure> readValues(const QString &text, QueryRequest &request)
{
    auto json = readJsonArgument(QStringLiteral("--expression-attribute-values"), text);
    if (auto *failure = std::get_if<QueryOptionFailure>(&json))
        return *failure;
    const QJsonValue value = std::get<QJsonValue>(json);
    if (!value.isObject())
        return parameterFailure(QStringLiteral("Invalid type for parameter "
                                               "ExpressionAttributeValues: expected an object "
                                               "such as {\":v\": {\"S\": \"x\"}}"));
    std::map<QString, AttributeValue> values;
    const QJsonObject object = value.toObject();
    for (auto it = object.begin(); it != object.end(); ++it) {
        QString message;
        QString path;
        auto attribute = dynamojson::valueFromJson(it.value(), &message, &path);
        if (!attribute) {
            if (isShapeError(message))
                return parameterFailure(QStringLiteral("Invalid value for parameter "
                                                       "ExpressionAttributeValues.%1%2: %3")
                                            .arg(it.key(), path, message));
            return validationFailure(QStringLiteral("ExpressionAttributeValues contains invalid "
                                                    "value: %1 for key %2")
                                         .arg(message, it.key()));
        }
        values.emplace(it.key(), std::move(*attribute));
    }
    request.expressionAttributeValues = std::move(values);
    return std::nullopt;
}

std::optional<QueryOptionFailure> readStartKey(const QString &text, QueryRequest &request)
{
    auto json = readJsonArgument(QStringLiteral("--exclusive-start-key"), text);
    if (auto *failure = std::get_if<QueryOptionFailure>(&json))
        return *failure;
    QString message;
    QString path;
    auto key = dynamojson::itemFromJson(std::get<QJsonValue>(json), &message, &path);
    if (!key) {
        if (isShapeError(message))
            return parameterFailure(
                QStringLiteral("Invalid value for parameter ExclusiveStartKey%1: %2")
                    .arg(path.isEmpty() ? QString() : QLatin1Char('.') + path, message));
        return validationFailure(
            QStringLiteral("The provided starting key is invalid: %1").arg(message));
    }
    request.exclusiveStartKey = std::move(*key);
    return std::nullopt;
}

std::optional<QueryOptionFailure> checkScalars(const QueryOptions &options)
{
    if (options.limit && *options.limit < 1)
        return parameterFailure(QStringLiteral("Invalid value for parameter Limit, value: %1, "
                                               "valid min value: 1")
                                    .arg(*options.limit));
    // The engine takes any non-NONE text as TOTAL; DynamoDB checks the enum first.
    if (options.returnConsumedCapacity
        && !QStringList {QStringLiteral("INDEXES"), QStringLiteral("TOTAL"), QStringLiteral("NONE")}
                .contains(*options.returnConsumedCapacity))
        return validationFailure(QStringLiteral("1 validation error detected: Value '%1' at "
                                                "'returnConsumedCapacity' failed to satisfy "
                                                "constraint: Member must satisfy enum value set: "
                                                "[INDEXES, TOTAL, NONE]")
                                     .arg(*options.returnConsumedCapacity));
    return std::nullopt;
}

} // namespace

std::optional<bool> QueryOptions::takesValue(const QString &name)
{
    if (const QueryOption *option = findQueryOption(name))
        return option->takesValue;
    return std::nullopt;
}

std::optional<QString> QueryOptions::set(const QString &name, const QString &value)
{
    const QueryOption *option = findQueryOption(name);
    if (!option)
        return QStringLiteral("Unknown options: %1").arg(name);
    if (option->apply) {
        option->apply(*this, value);
        return std::nullopt;
    }
    bool ok = false;
    const qint64 number = value.trimmed().toLongLong(&ok);
    if (!ok)
        return QStringLiteral("argument --limit: invalid int value: '%1'").arg(value);
    limit = number;
    return std::nullopt;
}

std::variant<QueryOptions, QString> QueryOptions::fromCommandLine(const QString &text)
{
    auto words = commandline::shellWords(text);
    if (auto *error = std::get_if<QString>(&words))
        return *error;
    QStringList args = std::get<QStringList>(words);
    const QStringList command {QStringLiteral("aws"), QStringLiteral("dynamodb"),
                               QStringLiteral("query")};
    if (args.mid(0, 3) != command)
        return QStringLiteral("expected a command line starting \"aws dynamodb query\"");
    args = args.mid(3);
    const auto lookup = [](const QString &name) {
        const auto own = takesValue(name);
        return own ? own : globalOptionTakesValue(name);
    };
    auto split = commandline::splitOptions(args, lookup);
    if (auto *error = std::get_if<QString>(&split))
        return *error;
    QueryOptions options;
    QStringList unknown;
    for (const commandline::Token &token : std::get<std::vector<commandline::Token>>(split)) {
        if (!token.known)
            unknown << token.name;
        else if (takesValue(token.name)) {
            if (auto error = options.set(token.name, token.value))
                return *error;
        }
    }
    if (!unknown.isEmpty())
        return QStringLiteral("Unknown options: %1").arg(unknown.join(u", "));
    if (!options.keyConditionExpression)
        return QStringLiteral("the following arguments are required: --key-condition-expression");
    return options;
}

std::optional<QueryOptionFailure> buildQueryRequest(const QueryOptions &options,
                                                    QueryRequest &request)
{
    request.tableName = options.tableName.value_or(QString());
    request.indexName = options.indexName.value_or(QString());
    request.keyConditionExpression = options.keyConditionExpression.value_or(QString());
    request.filterExpression = options.filterExpression;
    request.projectionExpression = options.projectionExpression;
    request.scanIndexForward = options.scanIndexForward;
    request.consistentRead = options.consistentRead;
    request.select = options.select;
    request.returnConsumedCapacity = options.returnConsumedCapacity.value_or(QString());
    request.limit = options.limit;
    if (auto failure = checkScalars(options))
        return failure;
    if (options.expressionAttributeNames) {
        if (auto failure = readNames(*options.expressionAttributeNames, request))
            return failure;
    }
    if (options.expressionAttributeValues) {
        if (auto failure = readValues(*options.expressionAttributeValues, request))
            return failure;
    }
    if (options.exclusiveStartKey) {
        if (auto failure = readStartKey(*options.exclusiveStartKey, request))
            return failure;
    }
    return std::nullopt;
}

} // namespace keyscope::model
