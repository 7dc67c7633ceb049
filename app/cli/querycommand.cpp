// `keyscope query`: loads a table from files, runs one Query page and prints what
// `aws dynamodb query` would print, with the AWS CLI's exit codes:
//   0 success, 252 command-line mistake, 254 service error, 255 anything else (bad files).

#include "app/cli/querycommand.h"

#include "app/cli/clisupport.h"
#include "app/cli/queryarguments.h"
#include "model/design/designrun.h"
#include "model/io/itemsfile.h"
#include "model/io/jsonwriter.h"
#include "model/io/queryresponsejson.h"
#include "model/io/tabledefinitionfile.h"
#include "model/io/tracejson.h"
#include "model/query/queryengine.h"
#include "model/query/queryoptions.h"
#include "model/version.h"

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

Failure failureOf(const QueryOptionFailure &failure)
{
    switch (failure.kind) {
    case QueryOptionFailure::Kind::Argument:
        return {kExitUsage, QLatin1Char('\n') + failure.message + QLatin1Char('\n')};
    case QueryOptionFailure::Kind::ParamFile:
        return {kExitOther, QLatin1Char('\n') + failure.message + QLatin1Char('\n')};
    case QueryOptionFailure::Kind::Parameter:
        return parameterValidation(failure.message);
    case QueryOptionFailure::Kind::Service:
        break;
    }
    return serviceError(failure.type, failure.message);
}

std::optional<Failure> buildRequest(const QueryArguments &args, QueryRequest &request)
{
    if (auto failure = model::buildQueryRequest(args, request))
        return failureOf(*failure);
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
