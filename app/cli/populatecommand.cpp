// `keyscope populate FILE [--seed N] [--out FILE]`: a project's populated items as one
// batch-write-item request, {"<TableName>": [{"PutRequest": {"Item": {...}}}, ...]}.

#include "app/cli/populatecommand.h"

#include "app/cli/clisupport.h"
#include "model/io/atomicfile.h"
#include "model/io/jsonwriter.h"
#include "model/io/queryresponsejson.h"
#include "model/io/standardoutput.h"

namespace keyscope::cli {

namespace {

using namespace keyscope::model;

const QString kPopulateHelp = QStringLiteral(
    "usage: keyscope populate FILE [--seed N] [--out FILE]\n"
    "\n"
    "Populates a Keyscope project (*.keyscope.json) and writes its items as one\n"
    "`aws dynamodb batch-write-item` request, in DynamoDB JSON:\n"
    "\n"
    "    {\n"
    "        \"<TableName>\": [\n"
    "            {\"PutRequest\": {\"Item\": {\"PK\": {\"S\": \"...\"}, ...}}},\n"
    "            ...\n"
    "        ]\n"
    "    }\n"
    "\n"
    "one item per line, attributes in name order: the generated items in generation order\n"
    "(parents before their children), then the project's hand-written items. The output is\n"
    "the same for the same project and seed, on every machine. `keyscope query --items`\n"
    "loads it as it is; `keyscope query --project FILE` queries the same items.\n"
    "\n"
    "DynamoDB takes at most 25 put requests per BatchWriteItem call (and no primary key\n"
    "twice in one call), so split the list into groups of 25 before sending it with\n"
    "`aws dynamodb batch-write-item --request-items file://...`; Keyscope's own loaders\n"
    "take any length, and a repeated key replaces the earlier item (PutItem semantics).\n"
    "\n"
    "Options:\n"
    "  --seed N        Populate with seed N instead of the project's \"seed\".\n"
    "  --out FILE      Write to FILE (atomically: an existing FILE is replaced only when\n"
    "                  everything was written) instead of standard output.\n"
    "  --help          Show this help.\n"
    "\n"
    "Progress goes to standard error when populating takes more than a second.\n"
    "\n"
    "Exit codes:\n"
    "  0    success\n"
    "  252  command-line mistake (unknown or missing option, bad value)\n"
    "  255  the project could not be read or is invalid (every problem is listed with its\n"
    "       JSON path), or the output could not be written\n");

const QString kPopulateUsage = shortUsage(kPopulateHelp, QStringLiteral("populate"));

// Writes to stdout (a failure is reported as the command ends), or to an AtomicFile committed
// at the end.
class Output
{
public:
    explicit Output(const std::optional<QString> &path)
    {
        if (path)
            m_file.emplace(*path);
    }
    bool open() { return !m_file || m_file->open(); }
    bool write(const QByteArray &bytes)
    {
        if (!m_file)
            return writeStandardOutput(bytes);
        return m_file->write(bytes);
    }
    bool commit()
    {
        if (!m_file)
            return !standardOutputError();
        return m_file->commit();
    }
    bool isFile() const { return m_file.has_value(); }
    QString errorString() const { return m_file ? m_file->errorString() : QString(); }

private:
    std::optional<AtomicFile> m_file;
};

} // namespace

int runPopulateCommand(const QStringList &args)
{
    auto parsed = parseFileCommand(
        args, {{QStringLiteral("--seed"), true}, {QStringLiteral("--out"), true}}, kPopulateUsage,
        kPopulateHelp);
    if (const int *exitCode = std::get_if<int>(&parsed))
        return *exitCode;
    const FileCommand &command = std::get<FileCommand>(parsed);
    const ParsedOptions &options = command.options;
    const std::optional<QString> out = options.value(QStringLiteral("--out"));
    if (out && out->isEmpty())
        return usageError(kPopulateUsage, QStringLiteral("argument --out: expected a file name"));

    const QString &path = command.file;
    if (out) {
        if (auto exitCode = refuseInputAsOutput(*out, {path}))
            return *exitCode;
    }
    auto loaded = loadProject(path);
    if (auto *exitCode = std::get_if<int>(&loaded))
        return *exitCode;
    const Project &project = std::get<Project>(loaded);

    Progress progress;
    auto populated = populateProject(path, project, command.seed, progress);
    if (auto *exitCode = std::get_if<int>(&populated))
        return *exitCode;
    const Population &population = std::get<Population>(populated);

    Output output(out);
    const auto writeFailed = [&] {
        progress.finish();
        if (output.isFile())
            print(stderr,
                  QStringLiteral("keyscope: error: %1: %2\n").arg(*out, output.errorString()));
        return kExitFile;
    };
    if (!output.open())
        return writeFailed();

    // Streamed a chunk at a time: a million items need not sit in memory twice over.
    QByteArray chunk = "{\n    " + JsonWriter::quote(project.table.tableName) + ": [";
    const qint64 total = population.size();
    for (qint64 i = 0; i < total; ++i) {
        OrderedJson request = OrderedJson::object();
        OrderedJson put = OrderedJson::object();
        put.insert(QStringLiteral("Item"),
                   QueryResponseJson::itemToJson(population.items[size_t(i)]));
        request.insert(QStringLiteral("PutRequest"), std::move(put));
        chunk += i == 0 ? "\n        " : ",\n        ";
        chunk += JsonWriter::write(request, 0);
        if (chunk.size() >= (1 << 20)) {
            if (!output.write(chunk))
                return writeFailed();
            chunk.clear();
            progress.update(QStringLiteral("writing"), i + 1, total);
        }
    }
    chunk += total > 0 ? "\n    ]\n}\n" : "]\n}\n";
    if (!output.write(chunk) || !output.commit())
        return writeFailed();
    progress.update(QStringLiteral("writing"), total, total);
    progress.finish();
    return kExitOk;
}

} // namespace keyscope::cli
