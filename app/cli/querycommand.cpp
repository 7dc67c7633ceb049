// `keyscope query`: loads a table from files, runs one Query page and prints what
// `aws dynamodb query` would print, with the AWS CLI's exit codes:
//   0 success, 252 command-line mistake, 254 service error, 255 anything else (bad files).

#include "app/cli/querycommand.h"

#include "app/cli/clisupport.h"
#include "app/cli/queryarguments.h"
#include "model/design/designrun.h"
#include "model/io/inputfile.h"
#include "model/io/itemsfile.h"
#include "model/io/jsonfile.h"
#include "model/io/jsonwriter.h"
#include "model/io/queryresponsejson.h"
#include "model/io/tabledefinitionfile.h"
#include "model/io/tracejson.h"
#include "model/query/queryengine.h"
#include "model/value/dynamojson.h"
#include "model/version.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>

#include <cstdio>

namespace keyscope {

namespace {

using namespace keyscope::model;
using cli::print;

constexpr int kExitUsage = 252;
constexpr int kExitService = 254;
constexpr int kExitOther = 255;

// Why the command stops early: what to print on stderr and the exit code.
struct Failure
{
    int exitCode = kExitOther;
    QString message;
};

Failure usageFailure(const QString &message)
{
    return {kExitUsage,
            QueryArgumentParser::usage() + QStringLiteral("\nkeyscope: error: ") + message
                + QLatin1Char('\n')};
}

// botocore validates parameter shapes before sending; its report looks like this.
Failure parameterValidation(const QString &message)
{
    return {kExitUsage,
            QStringLiteral("\nParameter validation failed:\n") + message + QLatin1Char('\n')};
}

Failure serviceError(const QString &type, const QString &message)
{
    return {kExitService,
            QStringLiteral("\nAn error occurred (%1) when calling the Query "
                           "operation: %2\n")
                .arg(type, message)};
}

Failure fileFailure(const IoError &error)
{
    return {kExitOther, QStringLiteral("keyscope: error: ") + error.toString() + QLatin1Char('\n')};
}

// A JSON argument: inline text or file://PATH, as the AWS CLI reads them.
std::variant<QJsonValue, Failure> readJsonArgument(const QString &option, const QString &text)
{
    const QString prefix = QStringLiteral("Error parsing parameter '%1': ").arg(option);
    static const QLatin1String kFileScheme("file://");
    if (text.startsWith(kFileScheme)) {
        const QString path = text.mid(kFileScheme.size());
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            const QString reason = QFileInfo::exists(path)
                ? file.errorString()
                : QStringLiteral("No such file or directory");
            return Failure {kExitOther,
                            QLatin1Char('\n') + prefix
                                + QStringLiteral("Unable to load paramfile %1: %2: "
                                                 "'%3'\n")
                                      .arg(text, reason, path)};
        }
        auto bytes = InputFile::read(file, path);
        if (auto *error = std::get_if<IoError>(&bytes))
            return Failure {kExitOther,
                            QLatin1Char('\n') + prefix
                                + QStringLiteral("Unable to load paramfile %1: ").arg(text)
                                + error->message + QLatin1Char('\n')};
        auto document = JsonFile::parse(std::get<QByteArray>(bytes), path);
        if (auto *error = std::get_if<IoError>(&document))
            return Failure {kExitOther,
                            QLatin1Char('\n') + prefix + QStringLiteral("Invalid JSON: ")
                                + error->toString() + QLatin1Char('\n')};
        const QJsonDocument &json = std::get<QJsonDocument>(document);
        return json.isObject() ? QJsonValue(json.object()) : QJsonValue(json.array());
    }
    auto document = JsonFile::parse(text.toUtf8(), QString());
    if (auto *error = std::get_if<IoError>(&document)) {
        const QString where = error->line > 0
            ? QStringLiteral("line %1 column %2: ").arg(error->line).arg(error->column)
            : QString();
        return Failure {kExitUsage,
                        QLatin1Char('\n') + prefix + QStringLiteral("Invalid JSON: ") + where
                            + error->message + QStringLiteral("\nJSON received: ") + text
                            + QLatin1Char('\n')};
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

std::optional<Failure> buildRequest(const QueryArguments &args, QueryRequest &request)
{
    request.tableName = args.tableName.value_or(QString());
    request.indexName = args.indexName.value_or(QString());
    request.keyConditionExpression = args.keyConditionExpression.value_or(QString());
    request.filterExpression = args.filterExpression;
    request.projectionExpression = args.projectionExpression;
    request.scanIndexForward = args.scanIndexForward;
    request.consistentRead = args.consistentRead;
    request.select = args.select;
    request.returnConsumedCapacity = args.returnConsumedCapacity.value_or(QString());

    if (args.limit) {
        if (*args.limit < 1)
            return parameterValidation(QStringLiteral("Invalid value for parameter Limit, value: "
                                                      "%1, valid min value: 1")
                                           .arg(*args.limit));
        request.limit = *args.limit;
    }
    // The engine takes any non-NONE text as TOTAL; DynamoDB checks the enum first.
    if (args.returnConsumedCapacity
        && !QStringList {QStringLiteral("INDEXES"), QStringLiteral("TOTAL"), QStringLiteral("NONE")}
                .contains(*args.returnConsumedCapacity))
        return serviceError(QStringLiteral("ValidationException"),
                            QStringLiteral("1 validation error detected: Value '%1' at "
                                           "'returnConsumedCapacity' failed to satisfy "
                                           "constraint: Member must satisfy enum value set: "
                                           "[INDEXES, TOTAL, NONE]")
                                .arg(*args.returnConsumedCapacity));

    if (args.expressionAttributeNames) {
        auto json = readJsonArgument(QStringLiteral("--expression-attribute-names"),
                                     *args.expressionAttributeNames);
        if (auto *failure = std::get_if<Failure>(&json))
            return *failure;
        const QJsonValue value = std::get<QJsonValue>(json);
        if (!value.isObject())
            return parameterValidation(QStringLiteral("Invalid type for parameter "
                                                      "ExpressionAttributeNames: expected an "
                                                      "object such as {\"#n\": \"Name\"}"));
        std::map<QString, QString> names;
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (!it.value().isString())
                return parameterValidation(QStringLiteral("Invalid type for parameter "
                                                          "ExpressionAttributeNames.%1: expected "
                                                          "a string")
                                               .arg(it.key()));
            names.emplace(it.key(), it.value().toString());
        }
        request.expressionAttributeNames = std::move(names);
    }

    if (args.expressionAttributeValues) {
        auto json = readJsonArgument(QStringLiteral("--expression-attribute-values"),
                                     *args.expressionAttributeValues);
        if (auto *failure = std::get_if<Failure>(&json))
            return *failure;
        const QJsonValue value = std::get<QJsonValue>(json);
        if (!value.isObject())
            return parameterValidation(QStringLiteral("Invalid type for parameter "
                                                      "ExpressionAttributeValues: expected an "
                                                      "object such as {\":v\": {\"S\": \"x\"}}"));
        std::map<QString, AttributeValue> values;
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            QString message;
            QString path;
            auto attribute = dynamojson::valueFromJson(it.value(), &message, &path);
            if (!attribute) {
                if (isShapeError(message))
                    return parameterValidation(QStringLiteral("Invalid value for parameter "
                                                              "ExpressionAttributeValues.%1%2: %3")
                                                   .arg(it.key(), path, message));
                return serviceError(QStringLiteral("ValidationException"),
                                    QStringLiteral("ExpressionAttributeValues contains invalid "
                                                   "value: %1 for key %2")
                                        .arg(message, it.key()));
            }
            values.emplace(it.key(), std::move(*attribute));
        }
        request.expressionAttributeValues = std::move(values);
    }

    if (args.exclusiveStartKey) {
        auto json
            = readJsonArgument(QStringLiteral("--exclusive-start-key"), *args.exclusiveStartKey);
        if (auto *failure = std::get_if<Failure>(&json))
            return *failure;
        QString message;
        QString path;
        auto key = dynamojson::itemFromJson(std::get<QJsonValue>(json), &message, &path);
        if (!key) {
            if (isShapeError(message))
                return parameterValidation(
                    QStringLiteral("Invalid value for parameter "
                                   "ExclusiveStartKey%1: %2")
                        .arg(path.isEmpty() ? QString() : QLatin1Char('.') + path, message));
            return serviceError(
                QStringLiteral("ValidationException"),
                QStringLiteral("The provided starting key is invalid: %1").arg(message));
        }
        request.exclusiveStartKey = std::move(*key);
    }
    return std::nullopt;
}

// The table: from --table-definition and --items, or a populated --project. Problems are
// printed; the exit code comes back instead of a table.
std::variant<std::shared_ptr<const Table>, int> loadTable(const QueryArguments &args)
{
    const auto fail = [](const Failure &failure) {
        print(stderr, failure.message);
        return failure.exitCode;
    };
    if (args.project) {
        auto project = cli::loadProject(*args.project);
        if (auto *exitCode = std::get_if<int>(&project))
            return *exitCode;
        cli::Progress progress;
        auto prepared
            = DesignRun::prepare(std::get<Project>(project), args.seed, cli::observer(progress));
        progress.finish();
        if (auto *error = std::get_if<DesignRunError>(&prepared))
            return fail({kExitOther,
                         QStringLiteral("keyscope: error: ") + *args.project + QStringLiteral(": ")
                             + error->withPath() + QLatin1Char('\n')});
        return std::get<PreparedDesign>(prepared).table;
    }
    auto definition = TableDefinitionFile::read(args.tableDefinition);
    if (auto *error = std::get_if<IoError>(&definition))
        return fail(fileFailure(*error));
    auto table = std::make_shared<Table>(std::get<TableDefinition>(std::move(definition)));

    auto loaded = ItemsFile::load(*table, args.items);
    if (auto *error = std::get_if<IoError>(&loaded))
        return fail(fileFailure(*error));
    const auto &load = std::get<ItemsFile::LoadResult>(loaded);
    // The table is right either way; these only explain a count the user may not expect.
    for (const QString &note : load.notes)
        print(stderr, QStringLiteral("keyscope: note: %1\n").arg(note));
    if (load.replaced > 0)
        print(stderr,
              QStringLiteral("keyscope: note: %1: %2 of %3 items repeated a primary key "
                             "and replaced the earlier item (PutItem semantics)\n")
                  .arg(args.items)
                  .arg(load.replaced)
                  .arg(load.written));
    return std::shared_ptr<const Table>(std::move(table));
}

int run(const QStringList &argv)
{
    auto parsed = QueryArgumentParser::parse(argv);
    if (auto *error = std::get_if<UsageError>(&parsed)) {
        const Failure failure = usageFailure(error->message);
        print(stderr, failure.message);
        return failure.exitCode;
    }
    const QueryArguments &args = std::get<QueryArguments>(parsed);
    if (args.help) {
        print(stdout, QueryArgumentParser::help());
        return 0;
    }
    if (args.version) {
        print(stdout, QStringLiteral("keyscope %1\n").arg(model::versionString()));
        return 0;
    }

    const auto fail = [](const Failure &failure) {
        print(stderr, failure.message);
        return failure.exitCode;
    };

    // Request parameters first: a mistake on the command line should not wait for a big load.
    QueryRequest request;
    if (auto failure = buildRequest(args, request))
        return fail(*failure);

    auto loaded = loadTable(args);
    if (auto *exitCode = std::get_if<int>(&loaded))
        return *exitCode;
    const std::shared_ptr<const Table> table = std::get<std::shared_ptr<const Table>>(loaded);

    auto result = DesignRun::query(*table, request);
    if (auto *error = std::get_if<DesignRunError>(&result))
        return fail(serviceError(error->type, error->message));
    const QueryResponse &response = std::get<DesignAnswer>(result).response;

    OrderedJson output = QueryResponseJson::toJson(response);
    if (args.trace)
        output.insert(QStringLiteral("Trace"), TraceJson::toJson(response.trace, *table));
    print(stdout, JsonWriter::write(output) + '\n');
    return 0;
}

} // namespace

std::optional<QueryCommandFailure> buildQueryRequest(const QueryArguments &args,
                                                     model::QueryRequest &request)
{
    if (auto failure = buildRequest(args, request))
        return QueryCommandFailure {failure->exitCode, failure->message};
    return std::nullopt;
}

std::variant<std::shared_ptr<const model::Table>, int> loadQueryTable(const QueryArguments &args)
{
    return loadTable(args);
}

} // namespace keyscope

int runQueryCommand(const QStringList &args)
{
    return keyscope::run(args);
}
