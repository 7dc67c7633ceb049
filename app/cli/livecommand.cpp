// `keyscope live`: browse a real DynamoDB endpoint, load a partition into a project, push a
// project's items into a table, and verify a query's order against the real engine.
//
// Exit codes: 0 success, 1 verify found a difference or a push was not confirmed, 252
// command-line mistake, 253 credentials/region/endpoint could not be resolved, 254 the
// endpoint answered with an error (code and message shown), 255 the endpoint could not be
// reached, timed out or answered something that is not DynamoDB, or a file problem.

#include "app/cli/livecommand.h"

#include "app/cli/clisupport.h"
#include "app/cli/queryarguments.h"
#include "app/cli/querycommand.h"
#include "app/live/networktransport.h"
#include "model/design/projectfile.h"
#include "model/io/atomicfile.h"
#include "model/io/jsonwriter.h"
#include "model/io/orderedjson.h"
#include "model/io/suggestion.h"
#include "model/live/awscredentials.h"
#include "model/live/cleartextendpoint.h"
#include "model/live/liveoperations.h"
#include "model/live/liveverify.h"
#include "model/live/liveworkflows.h"
#include "model/query/queryengine.h"
#include "model/value/dynamojson.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QTextStream>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <limits>
#include <map>

#if defined(Q_OS_UNIX)
#include <unistd.h>
#endif

namespace keyscope::cli {

namespace {

using namespace keyscope::model;
using namespace keyscope::model::live;

constexpr int kExitConfig = 253;
constexpr int kExitUnreachable = 255;

std::atomic_bool g_interrupted = false;

extern "C" void onInterrupt(int)
{
    g_interrupted = true;
}

QString usageText(const QString &sub)
{
    return shortUsage(
        QStringLiteral("usage: keyscope live ")
            + (sub.isEmpty() ? QStringLiteral("tables|describe|load|push|verify") : sub)
            + QStringLiteral(" [options]\n"),
        QStringLiteral("live"));
}

QString helpText()
{
    return QStringLiteral(
        "usage: keyscope live tables   [connection]\n"
        "       keyscope live describe [connection] --table-name NAME\n"
        "       keyscope live load     [connection] --table-name NAME\n"
        "                              --key-condition-expression EXPR [query options]\n"
        "                              (--out FILE.keyscope.json | --items-out FILE\n"
        "                               [--table-definition-out FILE]) [--max-items N]\n"
        "       keyscope live push     [connection] --project FILE [--seed N]\n"
        "                              [--table-name NAME] [--yes] [--confirm-table NAME]\n"
        "       keyscope live verify   [connection] (--project FILE | --table-definition FILE\n"
        "                              --items FILE) --key-condition-expression EXPR\n"
        "                              [query options] [--table-name NAME]\n"
        "\n"
        "Talks to a DynamoDB endpoint: AWS, DynamoDB Local, ScyllaDB Alternator, dynalite.\n"
        "\n"
        "Connection:\n"
        "  --endpoint URL      http://127.0.0.1:8000, http://[::1]:8000 or an AWS endpoint;\n"
        "                      default https://dynamodb.<region>.amazonaws.com (an empty URL\n"
        "                      is refused)\n"
        "  --region REGION     Default: AWS_REGION, AWS_DEFAULT_REGION, the profile's region,\n"
        "                      the endpoint's host name, us-east-1 for a custom endpoint.\n"
        "  --profile NAME      A profile of ~/.aws/credentials or ~/.aws/config. Without it,\n"
        "                      AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY/AWS_SESSION_TOKEN,\n"
        "                      then AWS_PROFILE (or 'default'). Credentials are only read.\n"
        "  --timeout SECONDS   Per request (default 15): whole seconds up to 2147483 (about\n"
        "                      24 days), 0 for no limit, as the AWS CLI's --cli-read-timeout.\n"
        "                      Throttling and 5xx answers are retried with backoff.\n"
        "  --yes               Send over plain HTTP to another machine (not localhost,\n"
        "                      127.0.0.0/8 or ::1) anyway: without it such an endpoint is\n"
        "                      refused, as the access key id and any security token would\n"
        "                      travel unencrypted. (push: also confirms the push.)\n"
        "\n"
        "tables     Lists every table (ListTables, all pages) as `aws dynamodb list-tables`.\n"
        "describe   Prints DescribeTable's answer as `aws dynamodb describe-table`.\n"
        "load       Reads one partition (Query, all pages; the `keyscope query` options\n"
        "           --index-name, --filter-expression, --projection-expression,\n"
        "           --expression-attribute-names/-values, --[no-]scan-index-forward, --limit\n"
        "           (per page), --consistent-read apply) up to --max-items items (default\n"
        "           100000), with progress on stderr, and writes a project (the table and the\n"
        "           items as hand-written items, plus the query as an access pattern) or the\n"
        "           items ({\"Items\": [...]}) and the create-table JSON. Ctrl+C or an error\n"
        "           part-way still writes what was read, and says so.\n"
        "push       Creates the table from the project (unless it exists with the same keys)\n"
        "           and writes the project's populated items (BatchWriteItem, 25 at a time,\n"
        "           unprocessed items re-sent). Asks for confirmation naming the endpoint and\n"
        "           table (type yes); --yes confirms for scripts. A table that already holds\n"
        "           items is refused unless --confirm-table repeats its name.\n"
        "verify     Runs the query on the endpoint and in Keyscope (all pages each), prints\n"
        "           both results side by side, marks every row that differs with '!', and\n"
        "           compares Count and ScannedCount. --table-name names the endpoint's table\n"
        "           (default: the project's).\n"
        "\n"
        "Exit codes:\n"
        "  0    success; verify: no difference\n"
        "  1    verify: the results differ; push: not confirmed or refused\n"
        "  252  command-line mistake\n"
        "  253  no credentials, region or a bad endpoint URL\n"
        "  254  the endpoint answered with an error: \"An error occurred (CODE) when calling\n"
        "       the OPERATION operation: MESSAGE\"\n"
        "  255  the endpoint is down, timed out or answered something that is not DynamoDB\n"
        "       (an answer over 16 MiB, pages that never end, numbers DynamoDB never sends);\n"
        "       a read passed 100,000 pages or 60 minutes; or a file could not be read or\n"
        "       written\n");
}

// Options of `keyscope live` itself; everything else goes to the query parser (load, verify).
struct LiveOptions
{
    std::map<QString, QString> values;
    std::map<QString, bool> flags;
    QStringList rest;

    std::optional<QString> value(const QString &name) const
    {
        const auto it = values.find(name);
        return it == values.end() ? std::nullopt : std::optional<QString>(it->second);
    }
    bool flag(const QString &name) const { return flags.count(name) > 0; }
};

std::variant<LiveOptions, QString> splitOptions(const QStringList &args,
                                                const QStringList &valueOptions,
                                                const QStringList &flagOptions)
{
    LiveOptions options;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString &arg = args.at(i);
        QString name = arg;
        std::optional<QString> inlineValue;
        const qsizetype equals = arg.indexOf(QLatin1Char('='));
        if (arg.startsWith(QLatin1String("--")) && equals > 0) {
            name = arg.left(equals);
            inlineValue = arg.mid(equals + 1);
        }
        if (name == QLatin1String("-o"))
            name = QStringLiteral("--out");
        if (valueOptions.contains(name)) {
            if (inlineValue)
                options.values[name] = *inlineValue;
            else if (i + 1 < args.size() && !args.at(i + 1).startsWith(QLatin1String("--")))
                options.values[name] = args.at(++i);
            else
                return QStringLiteral("argument %1: expected one argument").arg(name);
        } else if (flagOptions.contains(name)) {
            if (inlineValue)
                return QStringLiteral("argument %1: ignored explicit argument '%2'")
                    .arg(name, *inlineValue);
            options.flags[name] = true;
        } else {
            options.rest << arg;
        }
    }
    return options;
}

const QStringList kConnectionOptions = {QStringLiteral("--endpoint"), QStringLiteral("--region"),
                                        QStringLiteral("--profile"), QStringLiteral("--timeout")};
const QStringList kConnectionFlags = {QStringLiteral("--yes")};

struct Session
{
    app::NetworkTransport transport;
    std::unique_ptr<DynamoClient> client;
    std::unique_ptr<LiveOperations> operations;
};

// --timeout as the AWS CLI reads --cli-read-timeout: a whole number of seconds (spaces around
// it and a leading '+' allowed), 0 for no limit; at most what the timer holds in milliseconds.
constexpr qint64 kMaxTimeoutSeconds = std::numeric_limits<int>::max() / 1000;

std::optional<int> timeoutMs(const QString &text)
{
    QString digits = text.trimmed();
    if (digits.startsWith(QLatin1Char('+')))
        digits.remove(0, 1);
    if (digits.isEmpty() || digits.size() > 10
        || !std::all_of(digits.begin(), digits.end(), [](QChar c) { return c.isDigit(); }))
        return std::nullopt;
    const qint64 seconds = digits.toLongLong();
    if (seconds > kMaxTimeoutSeconds)
        return std::nullopt;
    return int(seconds * 1000);
}

// Refuses connection options that would send somewhere other than meant, or never stop:
// kExitOk, or the exit code after the message.
int checkConnectionOptions(const LiveOptions &options)
{
    if (const auto endpoint = options.value(QStringLiteral("--endpoint"));
        endpoint && endpoint->trimmed().isEmpty())
        // An unset shell variable ("--endpoint $URL") must not fall back to AWS with the user's
        // credentials.
        return usageError(usageText({}),
                          QStringLiteral("argument --endpoint: empty value '") + *endpoint
                              + QStringLiteral("' (an unset shell variable?); give the "
                                               "endpoint's URL, or leave --endpoint out to use "
                                               "AWS. Nothing was sent."));
    if (const auto text = options.value(QStringLiteral("--timeout")); text && !timeoutMs(*text))
        return usageError(usageText({}),
                          QStringLiteral("argument --timeout: invalid value: '") + *text
                              + QStringLiteral("' (a whole number of seconds from 0 to %1, about "
                                               "24 days; 0 waits without a limit)")
                                    .arg(kMaxTimeoutSeconds));
    return kExitOk;
}

// Resolves the connection (printing why it cannot be) and opens a client on it.
std::variant<std::unique_ptr<Session>, int> openSession(const LiveOptions &options)
{
    if (int code = checkConnectionOptions(options))
        return code;
    CredentialChain::Options chain;
    chain.endpoint = options.value(QStringLiteral("--endpoint")).value_or(QString());
    chain.region = options.value(QStringLiteral("--region")).value_or(QString());
    chain.profile = options.value(QStringLiteral("--profile")).value_or(QString());
    auto resolved = CredentialChain::resolve(chain, CredentialChain::processEnvironment(), {});
    if (auto *error = std::get_if<QString>(&resolved)) {
        print(stderr, QStringLiteral("keyscope: error: %1\n").arg(*error));
        return kExitConfig;
    }
    const LiveConnection &connection = std::get<LiveConnection>(resolved);
    if (const QString warning = cleartextEndpointWarning(connection.endpoint); !warning.isEmpty()) {
        if (!options.flag(QStringLiteral("--yes"))) {
            print(stderr,
                  QStringLiteral("keyscope: error: ") + warning
                      + QStringLiteral(".\nUse https://, or pass --yes to send anyway. Nothing "
                                       "was sent.\n"));
            return kExitUsage;
        }
        print(stderr,
              QStringLiteral("keyscope: warning: ") + warning
                  + QStringLiteral(" (sent anyway: --yes).\n"));
    }
    auto session = std::make_unique<Session>();
    session->client = std::make_unique<DynamoClient>(session->transport, connection);
    session->client->setTimeoutMs(
        timeoutMs(options.value(QStringLiteral("--timeout")).value_or(QStringLiteral("15")))
            .value_or(15000));
    session->client->setCancelFlag(&g_interrupted);
    session->transport.setCancelFlag(&g_interrupted);
    session->operations = std::make_unique<LiveOperations>(*session->client);
    return session;
}

int failWith(const LiveError &error)
{
    if (error.kind == LiveError::Kind::Service)
        print(stderr, QStringLiteral("\n%1\n").arg(error.toString()));
    else
        print(stderr, QStringLiteral("keyscope: error: %1\n").arg(error.toString()));
    return error.kind == LiveError::Kind::Service ? kExitService : kExitUnreachable;
}

int requireNoRest(const QString &sub, const LiveOptions &options)
{
    if (options.rest.isEmpty())
        return kExitOk;
    return usageError(usageText(sub),
                      QStringLiteral("Unknown options: %1").arg(options.rest.join(u", ")));
}

std::optional<QString> writeAtomically(const QString &path, const QByteArray &bytes)
{
    if (auto reason = writeFileAtomically(path, bytes))
        return path + QStringLiteral(": cannot write: ") + *reason;
    return std::nullopt;
}

QByteArray prettyJson(const QJsonObject &object)
{
    return JsonWriter::write(OrderedJson::fromQJson(object)) + '\n';
}

// ---- tables, describe -------------------------------------------------------------------

int runTables(const QStringList &args)
{
    auto split = splitOptions(args, kConnectionOptions, kConnectionFlags);
    if (auto *error = std::get_if<QString>(&split))
        return usageError(usageText(QStringLiteral("tables")), *error);
    const LiveOptions &options = std::get<LiveOptions>(split);
    if (int code = requireNoRest(QStringLiteral("tables"), options))
        return code;
    auto opened = openSession(options);
    if (auto *code = std::get_if<int>(&opened))
        return *code;
    auto &session = *std::get<std::unique_ptr<Session>>(opened);
    auto tables = session.operations->listTables();
    if (auto *error = std::get_if<LiveError>(&tables))
        return failWith(*error);
    print(stdout,
          prettyJson({{QStringLiteral("TableNames"),
                       QJsonArray::fromStringList(std::get<QStringList>(tables))}}));
    return kExitOk;
}

int runDescribe(const QStringList &args)
{
    auto split = splitOptions(
        args, kConnectionOptions + QStringList {QStringLiteral("--table-name")}, kConnectionFlags);
    if (auto *error = std::get_if<QString>(&split))
        return usageError(usageText(QStringLiteral("describe")), *error);
    const LiveOptions &options = std::get<LiveOptions>(split);
    if (int code = requireNoRest(QStringLiteral("describe"), options))
        return code;
    const auto table = options.value(QStringLiteral("--table-name"));
    if (!table)
        return usageError(usageText(QStringLiteral("describe")),
                          QStringLiteral("the following arguments are required: --table-name"));
    auto opened = openSession(options);
    if (auto *code = std::get_if<int>(&opened))
        return *code;
    auto &session = *std::get<std::unique_ptr<Session>>(opened);
    auto described = session.operations->describeTable(*table);
    if (auto *error = std::get_if<LiveError>(&described))
        return failWith(*error);
    print(stdout,
          prettyJson({{QStringLiteral("Table"), std::get<TableDescription>(described).raw}}));
    return kExitOk;
}

// ---- load --------------------------------------------------------------------------------

std::optional<QString> writeLoadedProject(const QueryRequest &request,
                                          const TableDescription &description,
                                          const QString &endpoint, const ReadResult &read,
                                          const QString &path)
{
    const Project project = partitionProject(request, description.definition, endpoint, read.items);
    if (auto error = ProjectFile::write(project, path))
        return error->toString();
    return std::nullopt;
}

// One item per line, as `keyscope populate` writes them.
std::optional<QString> writeLoadedItems(const ReadResult &read, const QString &path)
{
    QByteArray bytes = "{\n    \"Items\": [";
    for (std::size_t i = 0; i < read.items.size(); ++i) {
        const QJsonObject item = dynamojson::itemToJson(read.items[i]);
        bytes += (i ? ",\n        " : "\n        ")
            + JsonWriter::write(OrderedJson::fromQJson(item), 0).replace('\n', "");
    }
    bytes += read.items.empty() ? "]\n}\n" : "\n    ]\n}\n";
    return writeAtomically(path, bytes);
}

// A load that ended early: what became of the items read, then the error (or 130 on a cancel).
int incompleteLoad(const LiveError &error, std::size_t itemsRead, const QString &target,
                   bool written)
{
    const bool cancelled = error.kind == LiveError::Kind::Cancelled;
    const QString when = cancelled ? QStringLiteral("the cancel") : QStringLiteral("the error");
    const QString count = QString::number(itemsRead);
    const QString what = written
        ? QStringLiteral("wrote the %1 items read before %2 to %3").arg(count, when, target)
        : QStringLiteral("%1 was left as it was; the %2 items read before %3 were not written")
              .arg(target, count, when);
    print(stderr,
          QStringLiteral("keyscope: %1: %2; the partition is incomplete\n")
              .arg(cancelled ? QStringLiteral("cancelled") : QStringLiteral("error"), what));
    return cancelled ? 130 : failWith(error);
}

// What `live load` was asked for: the connection, the query and where the items go.
struct LoadArguments
{
    LiveOptions options;
    QueryRequest request;
    std::optional<QString> out;
    std::optional<QString> itemsOut;
    std::optional<QString> definitionOut;
    qint64 maxItems = 100000;
};

// --out (a project), or --items-out with an optional --table-definition-out: kExitOk, or the
// exit code after the message.
int checkLoadOutputs(const LoadArguments &load)
{
    const QString sub = QStringLiteral("load");
    if (!load.out && !load.itemsOut)
        return usageError(usageText(sub),
                          QStringLiteral("the following arguments are required: "
                                         "--out (a project) or --items-out"));
    if (load.out && (load.itemsOut || load.definitionOut))
        return usageError(usageText(sub),
                          QStringLiteral("argument --out: not allowed with "
                                         "argument --items-out or "
                                         "--table-definition-out"));
    if (load.out && !load.out->endsWith(QLatin1String(ProjectFile::kSuffix)))
        return usageError(usageText(sub),
                          QStringLiteral("argument --out: a project file ends in "
                                         "%1 ('%2')")
                              .arg(QLatin1String(ProjectFile::kSuffix), *load.out));
    return kExitOk;
}

int readMaxItems(const LiveOptions &options, qint64 &maxItems)
{
    if (auto text = options.value(QStringLiteral("--max-items"))) {
        bool ok = false;
        maxItems = text->toLongLong(&ok);
        if (!ok || maxItems < 1)
            return usageError(usageText(QStringLiteral("load")),
                              QStringLiteral("argument --max-items: invalid value: "
                                             "'%1' (a whole number, at least 1)")
                                  .arg(*text));
    }
    return kExitOk;
}

std::variant<LoadArguments, int> parseLoadArguments(const QStringList &args)
{
    const QString sub = QStringLiteral("load");
    auto split = splitOptions(
        args,
        kConnectionOptions
            + QStringList {QStringLiteral("--out"), QStringLiteral("--items-out"),
                           QStringLiteral("--table-definition-out"), QStringLiteral("--max-items")},
        kConnectionFlags);
    if (auto *error = std::get_if<QString>(&split))
        return usageError(usageText(sub), *error);
    LoadArguments load;
    load.options = std::get<LiveOptions>(std::move(split));
    auto parsed = QueryArgumentParser::parseWithoutSource(load.options.rest);
    if (auto *error = std::get_if<UsageError>(&parsed))
        return usageError(usageText(sub), error->message);
    const QueryArguments &queryArgs = std::get<QueryArguments>(parsed);
    if (!queryArgs.tableName)
        return usageError(usageText(sub),
                          QStringLiteral("the following arguments are required: --table-name"));
    load.out = load.options.value(QStringLiteral("--out"));
    load.itemsOut = load.options.value(QStringLiteral("--items-out"));
    load.definitionOut = load.options.value(QStringLiteral("--table-definition-out"));
    if (int code = checkLoadOutputs(load))
        return code;
    if (int code = readMaxItems(load.options, load.maxItems))
        return code;
    if (auto failure = buildQueryRequest(queryArgs, load.request)) {
        print(stderr, failure->message);
        return failure->exitCode;
    }
    return load;
}

// Every page of the partition up to maxItems, with progress; Ctrl+C stops it.
ReadResult readPartition(Session &session, const QueryRequest &request, qint64 maxItems)
{
    std::signal(SIGINT, onInterrupt);
    Progress progress;
    ReadResult read = session.operations->queryAll(request, maxItems, [&](qint64 done, qint64) {
        progress.update(QStringLiteral("loading"), done, maxItems);
    });
    progress.finish();
    std::signal(SIGINT, SIG_DFL);
    return read;
}

// Writes the project or the items (when writeTarget) and the table definition: kExitOk, or
// kExitFile after the message. After a failed run an existing table definition is left alone.
int writeLoaded(const LoadArguments &load, const TableDescription &description,
                const QString &endpoint, const ReadResult &read, bool writeTarget)
{
    const bool failed = read.error.has_value();
    if (writeTarget) {
        const auto error = load.out
            ? writeLoadedProject(load.request, description, endpoint, read, *load.out)
            : writeLoadedItems(read, *load.itemsOut);
        if (error) {
            print(stderr, QStringLiteral("keyscope: error: %1\n").arg(*error));
            return kExitFile;
        }
    }
    if (load.definitionOut && (!failed || !QFileInfo::exists(*load.definitionOut))) {
        if (auto error
            = writeAtomically(*load.definitionOut, prettyJson(description.definition.toJson()))) {
            print(stderr, QStringLiteral("keyscope: error: %1\n").arg(*error));
            return kExitFile;
        }
    }
    return kExitOk;
}

void printLoaded(const LoadArguments &load, const ReadResult &read, const QString &endpoint,
                 const QString &target)
{
    print(stderr,
          QStringLiteral("Loaded %1 items (%2 pages, %3 read) from %4 on %5 into %6%7\n")
              .arg(read.items.size())
              .arg(read.pages)
              .arg(read.scannedCount)
              .arg(load.request.tableName, endpoint, target,
                   read.capped ? QStringLiteral("; stopped at --max-items %1, the "
                                                "partition has more")
                                     .arg(load.maxItems)
                               : QString()));
}

int runLoad(const QStringList &args)
{
    auto parsed = parseLoadArguments(args);
    if (auto *code = std::get_if<int>(&parsed))
        return *code;
    const LoadArguments &load = std::get<LoadArguments>(parsed);
    auto opened = openSession(load.options);
    if (auto *code = std::get_if<int>(&opened))
        return *code;
    auto &session = *std::get<std::unique_ptr<Session>>(opened);
    const QString endpoint = session.client->endpointName();
    auto described = session.operations->describeTable(load.request.tableName);
    if (auto *error = std::get_if<LiveError>(&described))
        return failWith(*error);
    const ReadResult read = readPartition(session, load.request, load.maxItems);
    // Whatever was read is written, also after an error or a cancel: nothing is lost. But a
    // failed run never replaces an existing output (it may hold a complete partition).
    const bool failed = read.error.has_value();
    const QString target = load.out ? *load.out : *load.itemsOut;
    const bool writeTarget = !failed || !QFileInfo::exists(target);
    if (int code
        = writeLoaded(load, std::get<TableDescription>(described), endpoint, read, writeTarget))
        return code;
    if (failed)
        return incompleteLoad(*read.error, read.items.size(), target, writeTarget);
    printLoaded(load, read, endpoint, target);
    return kExitOk;
}

// ---- push --------------------------------------------------------------------------------

// The items a push writes: the population as the engine would hold it (every item valid), a
// repeated key keeping the later item (BatchWriteItem refuses the same key twice in one
// request). Problems are printed; the exit code comes back instead.
std::variant<ItemList, int> pushItems(const QString &projectPath, const Project &project,
                                      std::optional<quint64> seed,
                                      const TableDefinition &definition)
{
    Progress populateProgress;
    auto populated = populateProject(projectPath, project, seed, populateProgress);
    populateProgress.finish();
    if (auto *code = std::get_if<int>(&populated))
        return *code;
    const Population &population = std::get<Population>(populated);
    Table check(definition);
    auto written = check.putItems(population.items);
    if (auto *error = std::get_if<Table::ItemError>(&written)) {
        print(stderr,
              QStringLiteral("keyscope: error: %1: %2: %3\n")
                  .arg(projectPath, populationItemName(project, population, error->index),
                       error->message));
        return kExitFile;
    }
    return LiveOperations::uniqueByKey(definition, population.items);
}

// "About to ...; Type yes to continue" on a terminal, or --yes. kExitOk to go on.
int confirmPush(const QString &plan, bool yes)
{
    if (yes) {
        print(stderr, QStringLiteral("Confirmed by --yes: %1.\n").arg(plan));
        return kExitOk;
    }
    print(stderr, QStringLiteral("About to %1.\nType yes to continue: ").arg(plan));
    QTextStream in(stdin);
    const QString answer = in.readLine(1024); // a line, not an endless input
    if (answer.isNull()) {
        print(stderr,
              QStringLiteral("\nkeyscope: not confirmed (no answer on standard input); "
                             "nothing was written. Pass --yes to push from a script.\n"));
        return kExitFailed;
    }
    if (answer.trimmed().toLower() != QLatin1String("yes")) {
        print(stderr, QStringLiteral("keyscope: not confirmed; nothing was written.\n"));
        return kExitFailed;
    }
    return kExitOk;
}

// Why the endpoint's table cannot take the push as it is; kExitOk when it can.
int refusePush(const PushCheck &check, const LiveOptions &options)
{
    const PushPlan &plan = check.plan;
    if (check.error)
        return failWith(*check.error);
    if (check.keysDiffer()) {
        print(stderr,
              QStringLiteral("keyscope: error: table %1 on %2 already exists with other "
                             "keys (%3; the project has %4); push to another "
                             "--table-name\n")
                  .arg(plan.table, plan.endpoint, check.existingKeys, plan.keys));
        return kExitFailed;
    }
    if (plan.tableHasItems
        && options.value(QStringLiteral("--confirm-table")) != std::optional<QString>(plan.table)) {
        print(stderr,
              QStringLiteral("keyscope: error: table %1 on %2 already holds items; "
                             "writing the project's items would mix them with those "
                             "(and replace items with the same key). To write into it "
                             "anyway, repeat its name: --confirm-table %1\n")
                  .arg(plan.table, plan.endpoint));
        return kExitFailed;
    }
    return kExitOk;
}

// What `live push` was asked for.
struct PushArguments
{
    LiveOptions options;
    QString projectPath;
    std::optional<quint64> seed;
};

std::variant<PushArguments, int> parsePushArguments(const QStringList &args)
{
    const QString sub = QStringLiteral("push");
    auto split = splitOptions(
        args,
        kConnectionOptions
            + QStringList {QStringLiteral("--project"), QStringLiteral("--seed"),
                           QStringLiteral("--table-name"), QStringLiteral("--confirm-table")},
        {QStringLiteral("--yes")});
    if (auto *error = std::get_if<QString>(&split))
        return usageError(usageText(sub), *error);
    PushArguments push;
    push.options = std::get<LiveOptions>(std::move(split));
    if (int code = requireNoRest(sub, push.options))
        return code;
    const auto projectPath = push.options.value(QStringLiteral("--project"));
    if (!projectPath)
        return usageError(usageText(sub),
                          QStringLiteral("the following arguments are required: --project"));
    push.projectPath = *projectPath;
    if (auto text = push.options.value(QStringLiteral("--seed"))) {
        bool ok = false;
        push.seed = text->toULongLong(&ok);
        if (!ok)
            return usageError(usageText(sub),
                              QStringLiteral("argument --seed: invalid value: '%1'").arg(*text));
    }
    return push;
}

QString pushPlanText(const PushPlan &plan, std::size_t itemCount)
{
    return plan.tableExists ? QStringLiteral("write %1 items into the existing table %2 on %3")
                                  .arg(itemCount)
                                  .arg(plan.table, plan.endpoint)
                            : QStringLiteral("create table %1 (%2) on %3 and write %4 items")
                                  .arg(plan.table, plan.keys, plan.endpoint)
                                  .arg(itemCount);
}

// Creates the table if need be and writes the items, with progress; Ctrl+C stops it.
PushResult pushWithProgress(Session &session, const PushPlan &plan,
                            const TableDefinition &definition, const Project &project,
                            const ItemList &items)
{
    std::signal(SIGINT, onInterrupt);
    Progress progress;
    PushResult pushed = push(*session.operations, plan, definition, project.tableJson, items,
                             [&](qint64 done, qint64 total) {
                                 progress.update(QStringLiteral("writing"), done, total);
                             });
    progress.finish();
    std::signal(SIGINT, SIG_DFL);
    return pushed;
}

int reportPush(const PushResult &pushed, const PushPlan &plan, std::size_t itemCount)
{
    if (pushed.createError)
        return failWith(*pushed.createError);
    const WriteResult &written = pushed.write;
    if (written.error) {
        print(stderr,
              QStringLiteral("keyscope: %1 of %2 items were written before the %3\n")
                  .arg(written.written)
                  .arg(itemCount)
                  .arg(written.error->kind == LiveError::Kind::Cancelled
                           ? QStringLiteral("cancel")
                           : QStringLiteral("error")));
        return written.error->kind == LiveError::Kind::Cancelled ? 130 : failWith(*written.error);
    }
    print(stderr,
          QStringLiteral("Wrote %1 items to %2 on %3 (%4 BatchWriteItem requests%5).\n")
              .arg(written.written)
              .arg(plan.table, plan.endpoint)
              .arg(written.requests)
              .arg(written.unprocessedRetries ? QStringLiteral(", %1 re-sent unprocessed items")
                                                    .arg(written.unprocessedRetries)
                                              : QString()));
    return kExitOk;
}

int runPush(const QStringList &args)
{
    auto parsed = parsePushArguments(args);
    if (auto *code = std::get_if<int>(&parsed))
        return *code;
    const PushArguments &arguments = std::get<PushArguments>(parsed);
    auto loaded = loadProject(arguments.projectPath);
    if (auto *code = std::get_if<int>(&loaded))
        return *code;
    const Project &project = std::get<Project>(loaded);
    TableDefinition definition = project.table;
    definition.tableName
        = arguments.options.value(QStringLiteral("--table-name")).value_or(definition.tableName);
    auto prepared = pushItems(arguments.projectPath, project, arguments.seed, definition);
    if (auto *code = std::get_if<int>(&prepared))
        return *code;
    const ItemList &items = std::get<ItemList>(prepared);
    auto opened = openSession(arguments.options);
    if (auto *code = std::get_if<int>(&opened))
        return *code;
    auto &session = *std::get<std::unique_ptr<Session>>(opened);
    const PushCheck check = checkPush(*session.operations, definition,
                                      session.client->endpointName(), qint64(items.size()));
    if (int code = refusePush(check, arguments.options))
        return code;
    if (int code = confirmPush(pushPlanText(check.plan, items.size()),
                               arguments.options.flag(QStringLiteral("--yes"))))
        return code;
    const PushResult pushed = pushWithProgress(session, check.plan, definition, project, items);
    return reportPush(pushed, check.plan, items.size());
}

// ---- verify ------------------------------------------------------------------------------

// What `live verify` was asked for: the connection, the query and the table Keyscope runs it on.
struct VerifyArguments
{
    LiveOptions options;
    QueryArguments query;
    QueryRequest request;
    std::shared_ptr<const Table> table;
};

std::variant<VerifyArguments, int> parseVerifyArguments(const QStringList &args)
{
    const QString sub = QStringLiteral("verify");
    auto split = splitOptions(args, kConnectionOptions, kConnectionFlags);
    if (auto *error = std::get_if<QString>(&split))
        return usageError(usageText(sub), *error);
    VerifyArguments verify;
    verify.options = std::get<LiveOptions>(std::move(split));
    auto parsed = QueryArgumentParser::parse(verify.options.rest);
    if (auto *error = std::get_if<UsageError>(&parsed))
        return usageError(usageText(sub), error->message);
    verify.query = std::get<QueryArguments>(std::move(parsed));
    if (auto failure = buildQueryRequest(verify.query, verify.request)) {
        print(stderr, failure->message);
        return failure->exitCode;
    }
    auto loaded = loadQueryTable(verify.query);
    if (auto *code = std::get_if<int>(&loaded))
        return *code;
    verify.table = std::get<std::shared_ptr<const Table>>(loaded);
    if (verify.request.tableName.isEmpty())
        verify.request.tableName = verify.table->definition().tableName;
    return verify;
}

bool stdoutTakesColor()
{
    bool color = false;
#if defined(Q_OS_UNIX)
    color = isatty(fileno(stdout)) && qEnvironmentVariableIsEmpty("NO_COLOR");
#endif
    return color;
}

QString redWhen(bool red, const QString &line)
{
    return red ? QStringLiteral("\x1b[1;31m") + line + QStringLiteral("\x1b[0m") : line;
}

// Each row's key on the endpoint (left) and in Keyscope (right), and the left column's width.
struct VerifyColumns
{
    QStringList left;
    QStringList right;
    qsizetype width = 0;
};

VerifyColumns verifyColumns(const VerifyResult &result, const TableDefinition &definition,
                            const QString &indexName)
{
    VerifyColumns columns;
    for (const auto &row : result.rows) {
        columns.left << (row.endpoint ? keyText(definition, indexName, *row.endpoint)
                                      : QStringLiteral("-"));
        columns.right << (row.keyscope ? keyText(definition, indexName, *row.keyscope)
                                       : QStringLiteral("-"));
    }
    qsizetype width = QStringLiteral("endpoint").size();
    for (const QString &text : columns.left)
        width = std::max(width, text.size());
    columns.width = std::min<qsizetype>(width, 60);
    return columns;
}

QString verifyRows(const VerifyResult &result, const VerifyColumns &columns, bool color)
{
    QString out;
    for (size_t i = 0; i < result.rows.size(); ++i) {
        const auto &row = result.rows[i];
        const bool differs = !row.sameItem;
        const QString line
            = QStringLiteral("%1 %2 %3  %4  %5")
                  .arg(differs ? QLatin1Char('!') : QLatin1Char(' '))
                  .arg(i + 1, 4)
                  .arg(columns.left.at(qsizetype(i)).leftJustified(columns.width))
                  .arg(differs ? (row.sameKey ? QStringLiteral("~") : QStringLiteral("≠"))
                               : QStringLiteral("="))
                  .arg(columns.right.at(qsizetype(i)));
        out += redWhen(differs && color, line) + QLatin1Char('\n');
    }
    return out;
}

// Laid out like a result row: the endpoint's number under "endpoint", Keyscope's under
// "keyscope".
QString verifyCountLine(const QString &label, qint64 a, qint64 b, qsizetype width, bool color)
{
    const QString line
        = QStringLiteral("%1 %2  %3  %4")
              .arg(a == b ? QLatin1Char(' ') : QLatin1Char('!'))
              .arg((label + QLatin1Char(' ') + QString::number(a)).leftJustified(4 + width))
              .arg(a == b ? QStringLiteral("=") : QStringLiteral("≠"))
              .arg(b);
    return redWhen(a != b && color, line) + QLatin1Char('\n');
}

// Both results side by side, the counts, the pages and the verdict.
QString verifyReport(const VerifyArguments &verify, const VerifyResult &result,
                     const QString &endpoint, bool color)
{
    const QueryRequest &request = verify.request;
    const VerifyColumns columns
        = verifyColumns(result, verify.table->definition(), request.indexName);
    QString out
        = QStringLiteral("Query on %1%2 (%3) vs Keyscope (%4)\n")
              .arg(request.tableName,
                   request.indexName.isEmpty() ? QString()
                                               : QStringLiteral(" index %1").arg(request.indexName),
                   endpoint, verify.query.project ? *verify.query.project : verify.query.items);
    out += QStringLiteral("       %1    %2\n")
               .arg(QStringLiteral("endpoint").leftJustified(columns.width),
                    QStringLiteral("keyscope"));
    out += verifyRows(result, columns, color);
    out += verifyCountLine(QStringLiteral("Count"), result.endpoint.count, result.keyscopeCount,
                           columns.width, color);
    out += verifyCountLine(QStringLiteral("ScannedCount"), result.endpoint.scannedCount,
                           result.keyscopeScannedCount, columns.width, color);
    out += QStringLiteral("  Pages %1 on the endpoint, %2 in Keyscope\n")
               .arg(result.endpoint.pages)
               .arg(result.keyscopePages);
    if (result.identical()) {
        out += QStringLiteral("Same: %1 items in the same order, with the same attributes.\n")
                   .arg(result.endpoint.items.size());
    } else {
        out += QStringLiteral("DIFFERENT: %1.\n").arg(result.differences.join(u"; "));
    }
    return out;
}

int runVerify(const QStringList &args)
{
    auto parsed = parseVerifyArguments(args);
    if (auto *code = std::get_if<int>(&parsed))
        return *code;
    const VerifyArguments &verify = std::get<VerifyArguments>(parsed);
    auto opened = openSession(verify.options);
    if (auto *code = std::get_if<int>(&opened))
        return *code;
    auto &session = *std::get<std::unique_ptr<Session>>(opened);
    const QString endpoint = session.client->endpointName();
    const VerifyResult result
        = LiveVerifier::verify(*session.operations, *verify.table, verify.request);
    if (result.endpoint.error)
        return failWith(*result.endpoint.error);
    if (result.keyscopeError) {
        print(stderr,
              QStringLiteral("\nKeyscope rejected the query (%1): %2\n")
                  .arg(result.keyscopeError->type, result.keyscopeError->message));
        return kExitService;
    }
    print(stdout, verifyReport(verify, result, endpoint, stdoutTakesColor()));
    return result.identical() ? kExitOk : kExitFailed;
}

} // namespace

int runLiveCommand(const QStringList &args)
{
    const QString sub = args.isEmpty() ? QString() : args.first();
    const QStringList rest = args.mid(1);
    if (sub.isEmpty())
        return usageError(usageText({}),
                          QStringLiteral("a command is required: tables, describe, "
                                         "load, push or verify"));
    if (sub == QLatin1String("--help") || sub == QLatin1String("-h")
        || rest.contains(QStringLiteral("--help")) || rest.contains(QStringLiteral("-h"))) {
        print(stdout, helpText());
        return kExitOk;
    }
    if (sub == QLatin1String("tables"))
        return runTables(rest);
    if (sub == QLatin1String("describe"))
        return runDescribe(rest);
    if (sub == QLatin1String("load"))
        return runLoad(rest);
    if (sub == QLatin1String("push"))
        return runPush(rest);
    if (sub == QLatin1String("verify"))
        return runVerify(rest);
    const QString guess
        = closestMatch(sub,
                       {QStringLiteral("tables"), QStringLiteral("describe"),
                        QStringLiteral("load"), QStringLiteral("push"), QStringLiteral("verify")});
    return usageError(
        usageText({}),
        QStringLiteral("unknown command '%1'%2 (commands: tables, "
                       "describe, load, push, verify)")
            .arg(sub,
                 guess.isEmpty() ? QString() : QStringLiteral("; did you mean '%1'?").arg(guess)));
}

} // namespace keyscope::cli
