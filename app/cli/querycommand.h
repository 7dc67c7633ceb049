#pragma once

#include <QStringList>

#include <memory>
#include <optional>
#include <variant>

namespace keyscope {

struct QueryArguments;
namespace model {
struct QueryRequest;
class Table;
} // namespace model

// What `keyscope query` would print on stderr for a mistake, and its exit code.
struct QueryCommandFailure
{
    int exitCode = 255;
    QString message;
};

// The request `keyscope query` builds from its arguments (JSON arguments read and checked);
// `keyscope live` reuses it.
std::optional<QueryCommandFailure> buildQueryRequest(const QueryArguments &args,
                                                     model::QueryRequest &request);
// The table `keyscope query` queries (--table-definition and --items, or a populated
// --project); problems are printed on stderr and the exit code is returned instead.
std::variant<std::shared_ptr<const model::Table>, int> loadQueryTable(const QueryArguments &args);

} // namespace keyscope

// `keyscope query ...`: args are the arguments after "query" (argv[0] and "query" stripped).
// Returns the process exit code. Runs under a QCoreApplication (no display needed).
int runQueryCommand(const QStringList &args);
