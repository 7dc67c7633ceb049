// `keyscope live verify`: a query on the endpoint and in Keyscope, results side by side.

#include "model/live/liveverify.h"
#include "app/cli/clisupport.h"
#include "app/cli/livecommandparts.h"
#include "app/cli/queryarguments.h"
#include "app/cli/querycommand.h"
#include "model/live/liveworkflows.h"
#include "model/query/queryengine.h"

#include <cstdio>

#if defined(Q_OS_UNIX)
#include <unistd.h>
#endif

namespace keyscope::cli::livecmd {

using namespace keyscope::model;
using namespace keyscope::model::live;

namespace {

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

} // namespace

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

} // namespace keyscope::cli::livecmd
