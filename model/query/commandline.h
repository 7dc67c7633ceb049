#pragma once

#include <QString>
#include <QStringList>

#include <functional>
#include <optional>
#include <variant>
#include <vector>

namespace keyscope::model::commandline {

// The words a POSIX shell makes of a command line: 'single quotes' keep everything,
// "double quotes" take \" \\ \$ \` escapes, a backslash outside quotes keeps the next
// character, and a backslash before a newline joins the lines (as `aws dynamodb ...` commands
// are written over several lines). An error names the quote left open.
std::variant<QStringList, QString> shellWords(const QString &text);

// One argument of a command line as argparse (which the AWS CLI uses) reads it.
struct Token
{
    QString name;  // "--limit"; for an unknown argument, the argument as given
    QString value; // the option's value (empty for a flag)
    bool known = false;
};

// Whether an option exists (nullopt: unknown) and whether it takes a value.
using OptionLookup = std::function<std::optional<bool>(const QString &name)>;

// `--opt VALUE` or `--opt=VALUE`; a value is the next argument unless it starts with "--".
// Errors as argparse words them: "argument --limit: expected one argument", "argument
// --trace: ignored explicit argument 'yes'".
std::variant<std::vector<Token>, QString> splitOptions(const QStringList &args,
                                                       const OptionLookup &lookup);

} // namespace keyscope::model::commandline
