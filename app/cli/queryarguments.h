#pragma once

#include "model/query/queryoptions.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <variant>

namespace keyscope {

// The options of `keyscope query`, as given (JSON arguments not yet parsed): the request
// options of `aws dynamodb query` (model/query/queryoptions.h, one parser for them) plus
// --table-definition and --items (or --project and --seed) and --trace.
struct QueryArguments : model::QueryOptions
{
    QString tableDefinition;
    QString items;
    std::optional<QString> project; // a *.keyscope.json: query its populated items instead
    std::optional<quint64> seed;    // with --project: populate with this seed
    bool trace = false;
    bool help = false;
    bool version = false;
};

// A command-line mistake: printed after the usage line, exit code 252 (as the AWS CLI does).
struct UsageError
{
    QString message;
};

class QueryArgumentParser
{
public:
    // argparse rules, as the AWS CLI uses them: `--opt VALUE` or `--opt=VALUE`, the last
    // occurrence wins, unknown options are all listed together.
    static std::variant<QueryArguments, UsageError> parse(const QStringList &args);
    // `keyscope live load` queries an endpoint: no table files or project (they are refused).
    static std::variant<QueryArguments, UsageError> parseWithoutSource(const QStringList &args);
    // Whether `name` ("--limit") is one of the options above, and whether it takes a value
    // (other commands pass query options through, e.g. `keyscope export`).
    static std::optional<bool> optionTakesValue(const QString &name);

    // "usage: keyscope query [options]" plus where to get help (stderr on mistakes).
    static QString usage();
    // The full option reference (`keyscope query --help`, stdout).
    static QString help();
};

} // namespace keyscope
