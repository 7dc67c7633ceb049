#include "app/cli/queryarguments.h"

#include "app/cli/clisupport.h"
#include "model/query/commandline.h"

namespace keyscope {

namespace {

using model::commandline::Token;

// The options `keyscope query` adds to the request options of `aws dynamodb query`.
struct AppOption
{
    const char *name;
    bool takesValue;
    bool source; // names where the items come from (refused by parseWithoutSource)
};

const std::vector<AppOption> &appOptions()
{
    static const std::vector<AppOption> list = {
        {"--table-definition", true, true}, {"--items", true, true},
        {"--project", true, true},          {"--seed", true, true},
        {"--trace", false, false},          {"--help", false, false},
        {"--version", false, false},        {"-h", false, false},
    };
    return list;
}

const AppOption *findAppOption(const QString &name)
{
    for (const AppOption &option : appOptions()) {
        if (name == QLatin1String(option.name))
            return &option;
    }
    return nullptr;
}

// What the loop over the tokens gathered besides the arguments themselves.
struct ParseState
{
    QStringList unknown;
    std::optional<QString> limitError;
    std::optional<QString> seedText;
    bool haveTableDefinition = false;
    bool haveItems = false;
};

void applyAppOption(QueryArguments &result, ParseState &state, const Token &token)
{
    const QString &name = token.name;
    if (name == QLatin1String("--table-definition")) {
        result.tableDefinition = token.value;
        state.haveTableDefinition = true;
    } else if (name == QLatin1String("--items")) {
        result.items = token.value;
        state.haveItems = true;
    } else if (name == QLatin1String("--project")) {
        result.project = token.value;
    } else if (name == QLatin1String("--seed")) {
        state.seedText = token.value;
    } else if (name == QLatin1String("--trace")) {
        result.trace = true;
    } else if (name == QLatin1String("--version")) {
        result.version = true;
    } else {
        result.help = true;
    }
}

// Either files (--table-definition and --items) or a project (--project), as argparse
// reports mutually exclusive options; then what is required.
std::optional<UsageError> checkSources(const QueryArguments &result, const ParseState &state,
                                       bool needSource)
{
    if (result.project) {
        if (state.haveTableDefinition)
            return UsageError {QStringLiteral("argument --project: not allowed with argument "
                                              "--table-definition")};
        if (state.haveItems)
            return UsageError {
                QStringLiteral("argument --project: not allowed with argument --items")};
    } else if (state.seedText) {
        return UsageError {QStringLiteral("argument --seed: only allowed with --project")};
    }
    QStringList missing;
    if (needSource && !state.haveTableDefinition && !result.project)
        missing << QStringLiteral("--table-definition");
    if (needSource && !state.haveItems && !result.project)
        missing << QStringLiteral("--items");
    if (!result.keyConditionExpression)
        missing << QStringLiteral("--key-condition-expression");
    if (!missing.isEmpty())
        return UsageError {
            QStringLiteral("the following arguments are required: %1").arg(missing.join(u", "))};
    return std::nullopt;
}

std::optional<UsageError> readSeed(QueryArguments &result, const ParseState &state)
{
    if (!state.seedText)
        return std::nullopt;
    const QString text = state.seedText->trimmed();
    bool ok = false;
    const quint64 seed = text.toULongLong(&ok);
    if (!ok || text.startsWith(QLatin1Char('+')))
        return UsageError {QStringLiteral("argument --seed: invalid value: '%1' (a whole number "
                                          "from 0 to 18446744073709551615)")
                               .arg(*state.seedText)};
    result.seed = seed;
    return std::nullopt;
}

std::variant<QueryArguments, UsageError> parseArguments(const QStringList &args, bool needSource)
{
    const auto lookup = [needSource](const QString &name) -> std::optional<bool> {
        if (const auto takes = model::QueryOptions::takesValue(name))
            return takes;
        const AppOption *option = findAppOption(name);
        if (!option || (!needSource && option->source))
            return std::nullopt;
        return option->takesValue;
    };
    auto split = model::commandline::splitOptions(args, lookup);
    if (auto *error = std::get_if<QString>(&split))
        return UsageError {*error};
    QueryArguments result;
    ParseState state;
    for (const Token &token : std::get<std::vector<Token>>(split)) {
        if (!token.known)
            state.unknown << token.name;
        else if (model::QueryOptions::takesValue(token.name)) {
            auto error = result.set(token.name, token.value); // only --limit can fail
            if (token.name == QLatin1String("--limit"))
                state.limitError = error; // the last occurrence wins
        } else {
            applyAppOption(result, state, token);
        }
    }
    // --help and --version answer even when the rest of the command line is incomplete.
    if (result.help || result.version)
        return result;
    if (!state.unknown.isEmpty())
        return UsageError {QStringLiteral("Unknown options: %1").arg(state.unknown.join(u", "))};
    if (auto error = checkSources(result, state, needSource))
        return *error;
    if (state.limitError)
        return UsageError {*state.limitError};
    if (auto error = readSeed(result, state))
        return *error;
    return result;
}

} // namespace

std::variant<QueryArguments, UsageError> QueryArgumentParser::parse(const QStringList &args)
{
    return parseArguments(args, true);
}

std::variant<QueryArguments, UsageError>
QueryArgumentParser::parseWithoutSource(const QStringList &args)
{
    return parseArguments(args, false);
}

std::optional<bool> QueryArgumentParser::optionTakesValue(const QString &name)
{
    if (const auto takes = model::QueryOptions::takesValue(name))
        return takes;
    const AppOption *option = findAppOption(name);
    if (option && name.startsWith(QLatin1String("--")))
        return option->takesValue;
    return std::nullopt;
}

QString QueryArgumentParser::usage()
{
    return cli::shortUsage(QStringLiteral("usage: keyscope query [options]\n"),
                           QStringLiteral("query"));
}

QString QueryArgumentParser::help()
{
    return QStringLiteral(
        "usage: keyscope query --table-definition FILE --items FILE\n"
        "                      --key-condition-expression EXPR [options]\n"
        "       keyscope query --project FILE [--seed N]\n"
        "                      --key-condition-expression EXPR [options]\n"
        "\n"
        "Runs a DynamoDB Query against a table loaded from files, or against a design\n"
        "project's populated items, and prints the response as `aws dynamodb query` would\n"
        "(JSON, same member order, exit codes).\n"
        "\n"
        "Input files:\n"
        "  --table-definition FILE   Table as `aws dynamodb create-table --cli-input-json`\n"
        "                            takes it, or `aws dynamodb describe-table` output.\n"
        "  --items FILE              Items in DynamoDB JSON: a batch-write-item request\n"
        "                            {\"<Table>\": [{\"PutRequest\": {\"Item\": {...}}}]}, scan "
        "or\n"
        "                            query output {\"Items\": [...]}, or a JSON array of items.\n"
        "                            A repeated primary key replaces the earlier item.\n"
        "  --project FILE            A Keyscope project (*.keyscope.json) instead of the two\n"
        "                            files above: its table, populated as `keyscope populate\n"
        "                            FILE` writes it (generated items, then hand-written ones).\n"
        "                            --table-name defaults to the project's table.\n"
        "  --seed N                  With --project: populate with seed N instead of the\n"
        "                            project's.\n"
        "\n"
        "Query parameters (as in `aws dynamodb query`):\n"
        "  --table-name NAME         Must match the definition's TableName if given.\n"
        "  --index-name NAME         Query a local or global secondary index.\n"
        "  --key-condition-expression EXPR   (required)\n"
        "  --filter-expression EXPR\n"
        "  --projection-expression EXPR\n"
        "  --expression-attribute-names JSON    {\"#n\": \"Name\"}\n"
        "  --expression-attribute-values JSON   {\":v\": {\"S\": \"x\"}} (DynamoDB JSON)\n"
        "  --scan-index-forward | --no-scan-index-forward\n"
        "                            Ascending (default) or descending sort key order.\n"
        "  --limit N                 Items to evaluate (read) in this page, N >= 1.\n"
        "  --exclusive-start-key JSON\n"
        "                            A previous page's LastEvaluatedKey (DynamoDB JSON).\n"
        "  --select VALUE            ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES,\n"
        "                            SPECIFIC_ATTRIBUTES or COUNT.\n"
        "  --consistent-read | --no-consistent-read\n"
        "  --return-consumed-capacity TOTAL|INDEXES|NONE\n"
        "\n"
        "JSON arguments take inline JSON or file://PATH (relative to the current directory).\n"
        "\n"
        "Keyscope options:\n"
        "  --trace                   Add a \"Trace\" member: the partition lookup, the seek,\n"
        "                            every row visited and why the page stopped.\n"
        "  --help                    Show this help.\n"
        "  --version                 Show the version.\n"
        "\n"
        "Exit codes:\n"
        "  0    success\n"
        "  252  command-line mistake (unknown or missing option, bad value)\n"
        "  254  the query failed as DynamoDB would fail it (ValidationException,\n"
        "       ResourceNotFoundException), reported as\n"
        "       \"An error occurred (<type>) when calling the Query operation: <message>\"\n"
        "  255  an input file could not be read or is malformed (FILE:LINE:COLUMN: ...),\n"
        "       or the project is invalid (FILE: JSON.PATH: ..., every problem listed)\n");
}

} // namespace keyscope
