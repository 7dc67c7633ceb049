// `keyscope live load`: one partition from the endpoint into a project or an items file.

#include "app/cli/clisupport.h"
#include "app/cli/livecommandparts.h"
#include "app/cli/queryarguments.h"
#include "app/cli/querycommand.h"
#include "model/design/projectfile.h"
#include "model/io/jsonwriter.h"
#include "model/io/orderedjson.h"
#include "model/live/liveworkflows.h"
#include "model/value/dynamojson.h"

#include <QFileInfo>
#include <csignal>

namespace keyscope::cli::livecmd {

using namespace keyscope::model;
using namespace keyscope::model::live;

namespace {

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

} // namespace

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

} // namespace keyscope::cli::livecmd
