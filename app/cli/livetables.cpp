// `keyscope live tables` and `live describe`: ListTables and DescribeTable, as the AWS CLI.

#include "app/cli/clisupport.h"
#include "app/cli/livecommandparts.h"

#include <QJsonArray>

namespace keyscope::cli::livecmd {

using namespace keyscope::model;
using namespace keyscope::model::live;

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

} // namespace keyscope::cli::livecmd
