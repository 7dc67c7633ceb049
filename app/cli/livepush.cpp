// `keyscope live push`: creates the project's table on the endpoint and writes its items.

#include "app/cli/clisupport.h"
#include "app/cli/livecommandparts.h"
#include "model/live/liveworkflows.h"
#include "model/table/table.h"

#include <QTextStream>
#include <csignal>

namespace keyscope::cli::livecmd {

using namespace keyscope::model;
using namespace keyscope::model::live;

namespace {

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

} // namespace

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

} // namespace keyscope::cli::livecmd
