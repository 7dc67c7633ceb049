// `keyscope explain KEY1 KEY2 [--type S|N|B] [-o OUT]`: the byte explainer as Markdown.

#include "app/cli/explaincommand.h"

#include "app/cli/clisupport.h"
#include "model/value/number.h"
#include "ui/export/diagramexporter.h"
#include "ui/export/markdownexport.h"

namespace keyscope::cli {

namespace {

const QString kExplainHelp = QStringLiteral(
    "usage: keyscope explain KEY1 KEY2 [--type S|N|B] [-o OUT]\n"
    "\n"
    "Explains why DynamoDB orders two sort key values the way it does, as Markdown: one\n"
    "sentence (\"'DeBrie' sorts before 'Dean': at byte 3, 'B' (0x42) < 'a' (0x61)\"), then for\n"
    "strings and binary values a table of the bytes around the first difference, the\n"
    "deciding byte in bold. The same bytes always give the same text.\n"
    "\n"
    "Options:\n"
    "  --type T          The key type: S (string, default; compared as UTF-8 bytes),\n"
    "                    N (number; compared by value) or B (binary, given as base64).\n"
    "  -o, --output OUT  Write to OUT (atomically) instead of standard output.\n"
    "  --help            Show this help.\n"
    "\n"
    "Exit codes:\n"
    "  0    explained\n"
    "  252  command-line mistake (missing key, unknown type, a value that is not a number\n"
    "       or not base64)\n"
    "  255  OUT could not be written\n");

const QString kExplainUsage = shortUsage(kExplainHelp, QStringLiteral("explain"));

std::variant<model::AttributeValue, QString> keyValue(const QString &text, const QString &type,
                                                      int which)
{
    if (type == u"S")
        return model::AttributeValue::string(text);
    if (type == u"N") {
        QString error;
        const auto number = model::Number::parse(text, &error);
        if (!number)
            return QStringLiteral("KEY%1: '%2' is not a number: %3").arg(which).arg(text, error);
        return model::AttributeValue::number(*number);
    }
    auto decoded
        = QByteArray::fromBase64Encoding(text.toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded || text.contains(QChar(0x100)) || text.isEmpty())
        return QStringLiteral("KEY%1: '%2' is not base64 (binary keys are given as base64, "
                              "as DynamoDB JSON writes them)")
            .arg(which)
            .arg(text);
    return model::AttributeValue::binary(*decoded);
}

} // namespace

int runExplainCommand(const QStringList &args)
{
    auto parsed
        = parseCommand(args, {{QStringLiteral("--type"), true}, {QStringLiteral("--output"), true}},
                       kExplainUsage, kExplainHelp);
    if (const int *exitCode = std::get_if<int>(&parsed))
        return *exitCode;
    const ParsedOptions &options = std::get<ParsedOptions>(parsed);
    if (options.positionals.size() < 2)
        return usageError(kExplainUsage,
                          QStringLiteral("the following arguments are required: %1")
                              .arg(options.positionals.isEmpty() ? QStringLiteral("KEY1, KEY2")
                                                                 : QStringLiteral("KEY2")));
    if (options.positionals.size() > 2)
        return usageError(kExplainUsage,
                          QStringLiteral("unrecognized arguments: %1")
                              .arg(options.positionals.mid(2).join(u' ')));
    const QString type = options.value(QStringLiteral("--type")).value_or(QStringLiteral("S"));
    if (type != u"S" && type != u"N" && type != u"B")
        return usageError(kExplainUsage,
                          QStringLiteral("argument --type: invalid choice: '%1' (choose from "
                                         "'S', 'N', 'B')")
                              .arg(type));
    auto first = keyValue(options.positionals.at(0), type, 1);
    if (auto *message = std::get_if<QString>(&first))
        return usageError(kExplainUsage, *message);
    auto second = keyValue(options.positionals.at(1), type, 2);
    if (auto *message = std::get_if<QString>(&second))
        return usageError(kExplainUsage, *message);

    const QByteArray markdown = ui::explainKeysMarkdown(std::get<model::AttributeValue>(first),
                                                        std::get<model::AttributeValue>(second))
                                    .toUtf8();
    if (auto output = options.value(QStringLiteral("--output"))) {
        const ui::ExportError error = ui::writeExportFile(*output, markdown);
        if (error) {
            print(stderr, QStringLiteral("keyscope: error: %1\n").arg(error.message));
            return kExitFile;
        }
        return kExitOk;
    }
    print(stdout, markdown);
    return kExitOk;
}

} // namespace keyscope::cli
