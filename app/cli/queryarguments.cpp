#include "app/cli/queryarguments.h"

#include "app/cli/clisupport.h"

#include <functional>

namespace keyscope {

namespace {

struct Option
{
    const char *name;
    bool takesValue;
    std::function<void(QueryArguments &, const QString &)> apply;
};

const std::vector<Option> &options()
{
    using A = QueryArguments;
    static const std::vector<Option> list = {
        {"--table-definition", true, [](A &a, const QString &v) { a.tableDefinition = v; }},
        {"--items", true, [](A &a, const QString &v) { a.items = v; }},
        {"--project", true, [](A &a, const QString &v) { a.project = v; }},
        {"--seed", true, nullptr}, // parsed below: it can fail
        {"--table-name", true, [](A &a, const QString &v) { a.tableName = v; }},
        {"--index-name", true, [](A &a, const QString &v) { a.indexName = v; }},
        {"--key-condition-expression", true,
         [](A &a, const QString &v) { a.keyConditionExpression = v; }},
        {"--filter-expression", true, [](A &a, const QString &v) { a.filterExpression = v; }},
        {"--projection-expression", true,
         [](A &a, const QString &v) { a.projectionExpression = v; }},
        {"--expression-attribute-names", true,
         [](A &a, const QString &v) { a.expressionAttributeNames = v; }},
        {"--expression-attribute-values", true,
         [](A &a, const QString &v) { a.expressionAttributeValues = v; }},
        {"--exclusive-start-key", true, [](A &a, const QString &v) { a.exclusiveStartKey = v; }},
        {"--select", true, [](A &a, const QString &v) { a.select = v; }},
        {"--return-consumed-capacity", true,
         [](A &a, const QString &v) { a.returnConsumedCapacity = v; }},
        {"--limit", true, nullptr}, // parsed below: it can fail
        {"--scan-index-forward", false, [](A &a, const QString &) { a.scanIndexForward = true; }},
        {"--no-scan-index-forward", false,
         [](A &a, const QString &) { a.scanIndexForward = false; }},
        {"--consistent-read", false, [](A &a, const QString &) { a.consistentRead = true; }},
        {"--no-consistent-read", false, [](A &a, const QString &) { a.consistentRead = false; }},
        {"--trace", false, [](A &a, const QString &) { a.trace = true; }},
        {"--help", false, [](A &a, const QString &) { a.help = true; }},
        {"--version", false, [](A &a, const QString &) { a.version = true; }},
    };
    return list;
}

const Option *findOption(const QString &name)
{
    for (const Option &option : options()) {
        if (name == QLatin1String(option.name))
            return &option;
    }
    return nullptr;
}

} // namespace

namespace {

std::variant<QueryArguments, UsageError> parseArguments(const QStringList &args, bool needSource);

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

namespace {

std::variant<QueryArguments, UsageError> parseArguments(const QStringList &args, bool needSource)
{
    QueryArguments result;
    QStringList unknown;
    std::optional<QString> limitText;
    std::optional<QString> seedText;
    bool haveTableDefinition = false;
    bool haveItems = false;

    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString &arg = args.at(i);
        if (arg == QLatin1String("-h")) {
            result.help = true;
            continue;
        }
        QString name = arg;
        std::optional<QString> inlineValue;
        if (arg.startsWith(QLatin1String("--"))) {
            const qsizetype equals = arg.indexOf(QLatin1Char('='));
            if (equals > 0) {
                name = arg.left(equals);
                inlineValue = arg.mid(equals + 1);
            }
        }
        const Option *option = arg.startsWith(QLatin1String("--")) ? findOption(name) : nullptr;
        const bool sourceOption = name == QLatin1String("--table-definition")
            || name == QLatin1String("--items") || name == QLatin1String("--project")
            || name == QLatin1String("--seed");
        if (!option || (!needSource && sourceOption)) {
            unknown << arg;
            continue;
        }
        QString value;
        if (option->takesValue) {
            if (inlineValue) {
                value = *inlineValue;
            } else if (i + 1 < args.size() && !args.at(i + 1).startsWith(QLatin1String("--"))) {
                value = args.at(++i);
            } else {
                return UsageError {QStringLiteral("argument %1: expected one argument").arg(name)};
            }
        } else if (inlineValue) {
            return UsageError {QStringLiteral("argument %1: ignored explicit argument '%2'")
                                   .arg(name, *inlineValue)};
        }
        if (name == QLatin1String("--limit"))
            limitText = value;
        else if (name == QLatin1String("--seed"))
            seedText = value;
        else
            option->apply(result, value);
        haveTableDefinition = haveTableDefinition || name == QLatin1String("--table-definition");
        haveItems = haveItems || name == QLatin1String("--items");
    }

    // --help and --version answer even when the rest of the command line is incomplete.
    if (result.help || result.version)
        return result;
    if (!unknown.isEmpty())
        return UsageError {QStringLiteral("Unknown options: %1").arg(unknown.join(u", "))};

    // Either files (--table-definition and --items) or a project (--project), as argparse
    // reports mutually exclusive options.
    if (result.project) {
        if (haveTableDefinition)
            return UsageError {QStringLiteral("argument --project: not allowed with argument "
                                              "--table-definition")};
        if (haveItems)
            return UsageError {
                QStringLiteral("argument --project: not allowed with argument --items")};
    } else if (seedText) {
        return UsageError {QStringLiteral("argument --seed: only allowed with --project")};
    }

    QStringList missing;
    if (needSource && !haveTableDefinition && !result.project)
        missing << QStringLiteral("--table-definition");
    if (needSource && !haveItems && !result.project)
        missing << QStringLiteral("--items");
    if (!result.keyConditionExpression)
        missing << QStringLiteral("--key-condition-expression");
    if (!missing.isEmpty())
        return UsageError {
            QStringLiteral("the following arguments are required: %1").arg(missing.join(u", "))};

    if (limitText) {
        bool ok = false;
        const qint64 limit = limitText->trimmed().toLongLong(&ok);
        if (!ok)
            return UsageError {
                QStringLiteral("argument --limit: invalid int value: '%1'").arg(*limitText)};
        result.limit = limit;
    }
    if (seedText) {
        bool ok = false;
        const quint64 seed = seedText->trimmed().toULongLong(&ok);
        if (!ok || seedText->trimmed().startsWith(QLatin1Char('+')))
            return UsageError {
                QStringLiteral("argument --seed: invalid value: '%1' (a whole number from 0 to "
                               "18446744073709551615)")
                    .arg(*seedText)};
        result.seed = seed;
    }
    return result;
}

} // namespace

std::optional<bool> QueryArgumentParser::optionTakesValue(const QString &name)
{
    if (const Option *option = findOption(name))
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
