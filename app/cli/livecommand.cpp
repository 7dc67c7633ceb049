// `keyscope live`: browse a real DynamoDB endpoint, load a partition into a project, push a
// project's items into a table, and verify a query's order against the real engine.
//
// Exit codes: 0 success, 1 verify found a difference or a push was not confirmed, 252
// command-line mistake, 253 credentials/region/endpoint could not be resolved, 254 the
// endpoint answered with an error (code and message shown), 255 the endpoint could not be
// reached, timed out or answered something that is not DynamoDB, or a file problem.

#include "app/cli/livecommand.h"

#include "app/cli/clisupport.h"
#include "app/cli/livecommandparts.h"
#include "model/io/suggestion.h"

namespace keyscope::cli {

namespace livecmd {

QString usageText(const QString &sub)
{
    return shortUsage(
        QStringLiteral("usage: keyscope live ")
            + (sub.isEmpty() ? QStringLiteral("tables|describe|load|push|verify") : sub)
            + QStringLiteral(" [options]\n"),
        QStringLiteral("live"));
}

} // namespace livecmd

namespace {

using namespace keyscope::model;
using namespace keyscope::model::live;

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

} // namespace

int runLiveCommand(const QStringList &args)
{
    const QString sub = args.isEmpty() ? QString() : args.first();
    const QStringList rest = args.mid(1);
    if (sub.isEmpty())
        return usageError(livecmd::usageText({}),
                          QStringLiteral("a command is required: tables, describe, "
                                         "load, push or verify"));
    if (sub == QLatin1String("--help") || sub == QLatin1String("-h")
        || rest.contains(QStringLiteral("--help")) || rest.contains(QStringLiteral("-h"))) {
        print(stdout, helpText());
        return kExitOk;
    }
    if (sub == QLatin1String("tables"))
        return livecmd::runTables(rest);
    if (sub == QLatin1String("describe"))
        return livecmd::runDescribe(rest);
    if (sub == QLatin1String("load"))
        return livecmd::runLoad(rest);
    if (sub == QLatin1String("push"))
        return livecmd::runPush(rest);
    if (sub == QLatin1String("verify"))
        return livecmd::runVerify(rest);
    const QString guess
        = closestMatch(sub,
                       {QStringLiteral("tables"), QStringLiteral("describe"),
                        QStringLiteral("load"), QStringLiteral("push"), QStringLiteral("verify")});
    return usageError(
        livecmd::usageText({}),
        QStringLiteral("unknown command '%1'%2 (commands: tables, "
                       "describe, load, push, verify)")
            .arg(sub,
                 guess.isEmpty() ? QString() : QStringLiteral("; did you mean '%1'?").arg(guess)));
}

} // namespace keyscope::cli
