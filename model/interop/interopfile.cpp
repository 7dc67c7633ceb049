#include "model/interop/interopfile.h"

#include "model/design/populator.h"
#include "model/design/projectfile.h"
#include "model/design/recovery/hintchecks.h"
#include "model/interop/cloudformationtemplate.h"
#include "model/interop/interopjson.h"
#include "model/interop/itemsformats.h"
#include "model/interop/mcpdatamodel.h"
#include "model/interop/mcpschema.h"
#include "model/interop/mcpusagedata.h"
#include "model/interop/workbenchmodel.h"
#include "model/interop/yamldocument.h"
#include "model/io/fileset.h"
#include "model/io/importnotes.h"
#include "model/io/inputfile.h"
#include "model/io/itemsreader.h"
#include "model/io/jsonfile.h"
#include "model/io/jsonwriter.h"
#include "model/io/standardoutput.h"
#include "model/io/tabledefinitionfile.h"
#include "model/io/unicodetext.h"
#include "model/table/table.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace keyscope::model {

namespace {

const QString kUnknown = QStringLiteral(
    "not a file Keyscope can import: expected a Keyscope project (*.keyscope.json), a NoSQL "
    "Workbench data model, an AWS DynamoDB MCP schema (schema.json) or data model "
    "(dynamodb_data_model.json), a CloudFormation template "
    "(JSON or YAML), create-table or "
    "describe-table JSON, or items (batch-write-item request, scan output, a JSON array of "
    "items, or CSV with a header row)");

InteropFile::Input itemsInput(ItemsFile::Contents &&items)
{
    InteropFile::Input input;
    input.kind = InteropFile::Kind::Items;
    input.items = std::move(items);
    input.description = QStringLiteral("items (%1)").arg(ItemsFile::shapeName(input.items.shape));
    input.notes = input.items.notes;
    return input;
}

bool looksLikeItems(const QJsonDocument &document)
{
    if (document.isArray())
        return true;
    const QJsonObject root = document.object();
    if (root.value(QLatin1String("Items")).isArray()
        || root.value(QLatin1String("RequestItems")).isObject())
        return true;
    // A batch request: every member an array of {"PutRequest"|"DeleteRequest": ...}.
    if (root.isEmpty())
        return false;
    for (auto it = root.begin(); it != root.end(); ++it) {
        const QJsonArray requests = it.value().toArray();
        if (!it.value().isArray()
            || (!requests.isEmpty()
                && !requests.at(0).toObject().contains(QLatin1String("PutRequest"))
                && !requests.at(0).toObject().contains(QLatin1String("DeleteRequest"))))
            return false;
    }
    return true;
}

std::variant<InteropFile::Input, IoError> fromCloudFormation(const QJsonValue &document,
                                                             const QString &source,
                                                             const QString &table,
                                                             const QString &notation)
{
    auto read = CloudFormationTemplate::fromJson(document, source, table);
    if (auto *error = std::get_if<IoError>(&read))
        return *error;
    auto &imported = std::get<CloudFormationTemplate::Import>(read);
    InteropFile::Input input;
    input.kind = InteropFile::Kind::CloudFormation;
    input.description = QStringLiteral("CloudFormation template (%1)").arg(notation);
    input.notes = imported.notes;
    for (auto &entry : imported.tables) {
        input.tableNames << entry.project.table.tableName;
        input.projects.push_back(std::move(entry.project));
    }
    return input;
}

std::variant<InteropFile::Input, IoError> fromMcpSchema(const QJsonDocument &document,
                                                        const QString &source, const QString &table)
{
    auto read = McpSchema::fromDocument(document, source, table);
    if (auto *error = std::get_if<IoError>(&read))
        return *error;
    auto &imported = std::get<McpSchema::Import>(read);
    InteropFile::Input input;
    input.kind = InteropFile::Kind::McpSchema;
    input.description = QStringLiteral("AWS DynamoDB MCP schema");
    input.projects = std::move(imported.projects);
    input.tableNames = imported.tableNames;
    input.notes = imported.notes;
    return input;
}

std::variant<InteropFile::Input, IoError>
fromMcpDataModel(const QJsonDocument &document, const QString &source, const QString &table)
{
    auto read = McpDataModel::fromDocument(document, source, table);
    if (auto *error = std::get_if<IoError>(&read))
        return *error;
    auto &imported = std::get<McpSchema::Import>(read);
    InteropFile::Input input;
    input.kind = InteropFile::Kind::McpDataModel;
    input.description = QStringLiteral("AWS DynamoDB MCP data model");
    input.projects = std::move(imported.projects);
    input.tableNames = imported.tableNames;
    input.notes = imported.notes;
    return input;
}

} // namespace

std::variant<InteropFile::Input, IoError>
InteropFile::read(const QString &path, const QString &table, const TableDefinition &itemsTable)
{
    auto bytes = InputFile::read(path);
    if (auto *error = std::get_if<IoError>(&bytes))
        return *error;
    return parse(std::get<QByteArray>(bytes), path, table, itemsTable);
}

std::variant<InteropFile::Input, IoError> InteropFile::parse(const QByteArray &data,
                                                             const QString &source,
                                                             const QString &table,
                                                             const TableDefinition &itemsTable)
{
    auto read = parseAnyKind(data, source, table, itemsTable);
    if (auto *input = std::get_if<Input>(&read)) {
        input->hints.resize(input->projects.size());
        // A file of a million repaired items would print a million lines: the first ones show
        // what was done and where, the count says how much more.
        if (input->notes.size() > kMaxNotes) {
            const qsizetype more = input->notes.size() - kMaxNotes;
            input->notes.resize(kMaxNotes);
            input->notes
                << QStringLiteral("%1: %2 more notes like the ones above").arg(source).arg(more);
        }
    }
    return read;
}

std::optional<IoError> InteropFile::applyUsageData(Input &input, const QString &schemaPath,
                                                   const std::optional<QString> &usageData,
                                                   bool allTables)
{
    if (input.kind != Kind::McpSchema)
        return std::nullopt;
    const QString path = usageData.value_or(
        QFileInfo(schemaPath).dir().filePath(QStringLiteral("usage_data.json")));
    if (!usageData && !QFileInfo::exists(path))
        return std::nullopt;
    auto bytes = InputFile::read(path);
    if (auto *error = std::get_if<IoError>(&bytes))
        return *error;
    auto document = JsonFile::parse(std::get<QByteArray>(bytes), path);
    if (auto *error = std::get_if<IoError>(&document))
        return *error;
    return McpUsageData::apply(std::get<QJsonDocument>(document), path, input.projects, allTables,
                               input.notes);
}

namespace {

std::variant<InteropFile::Input, IoError>
interopCsvInput(const QByteArray &data, const QString &source, const TableDefinition &itemsTable)
{
    auto items = ItemsFormats::fromCsv(data, source, itemsTable, ItemsFile::BadItems::LeaveOut);
    if (auto *error = std::get_if<IoError>(&items))
        return *error;
    InteropFile::Input input;
    input.kind = InteropFile::Kind::Items;
    input.description = QStringLiteral("CSV items");
    input.items = std::get<ItemsFile::Contents>(std::move(items));
    input.notes = input.items.notes;
    return input;
}

// JSON's parser refuses bytes that are not UTF-8 itself; CSV and YAML would read them as
// U+FFFD, so that two different keys became one.
std::optional<IoError> invalidUtf8Error(const QByteArray &data, const QString &source)
{
    const qsizetype bad = invalidUtf8At(data);
    if (bad < 0)
        return std::nullopt;
    IoError error {source,
                   0,
                   0,
                   {},
                   QStringLiteral("invalid UTF-8 (byte 0x%1): keys and names are Unicode "
                                  "text, and DynamoDB refuses strings that are not; save "
                                  "the file as UTF-8")
                       .arg(QString::number(uchar(data.at(bad)), 16).toUpper())};
    JsonFile::lineColumn(data, bad, &error.line, &error.column);
    return error;
}

// A header row that YAML would not read as a mapping, sequence, comment or directive is tried
// as CSV first: YAML takes a CSV for one long scalar, which cost two thirds of a large CSV's
// import.
bool looksLikeCsvHeader(const QByteArray &firstLine)
{
    static const QByteArray yamlStarts("#-{[%&*!|>?");
    return firstLine.contains(',') && !yamlStarts.contains(firstLine.front())
        && !firstLine.contains(": ") && !firstLine.trimmed().endsWith(':');
}

// A template in YAML, else CSV (a header row with commas) under another name.
std::variant<InteropFile::Input, IoError>
parseTextKind(const QByteArray &data, const QByteArray &trimmed, const QString &source,
              const QString &table, const TableDefinition &itemsTable, bool yamlName)
{
    const QByteArray firstLine = trimmed.left(trimmed.indexOf('\n'));
    const bool csvFallback = !yamlName && firstLine.contains(',');
    if (!yamlName && looksLikeCsvHeader(firstLine)) {
        auto csv = interopCsvInput(data, source, itemsTable);
        if (std::holds_alternative<InteropFile::Input>(csv))
            return csv;
    }
    auto yaml = YamlDocument::parse(data, source);
    if (auto *error = std::get_if<IoError>(&yaml)) {
        if (csvFallback)
            return interopCsvInput(data, source, itemsTable);
        return *error;
    }
    const QJsonValue document = std::get<QJsonValue>(yaml);
    if (CloudFormationTemplate::looksLike(document))
        return fromCloudFormation(document, source, table, QStringLiteral("YAML"));
    if (csvFallback)
        return interopCsvInput(data, source, itemsTable);
    return IoError {source, 0, 0, {}, kUnknown};
}

std::variant<InteropFile::Input, IoError>
projectInput(std::variant<Project, std::vector<IoError>> project)
{
    if (auto *errors = std::get_if<std::vector<IoError>>(&project))
        return errors->front();
    InteropFile::Input input;
    input.kind = InteropFile::Kind::KeyscopeProject;
    input.description = QStringLiteral("Keyscope project");
    input.projects.push_back(std::get<Project>(std::move(project)));
    input.tableNames << input.projects.front().table.tableName;
    return input;
}

// Items (a scan export of a whole table, say) are read as they are parsed, without a document
// of the whole file, when nothing else could be meant; so are a project's hand-written items
// (a converted scan export).
std::optional<std::variant<InteropFile::Input, IoError>>
readWithoutDocument(const QByteArray &data, const QString &source,
                    const TableDefinition &itemsTable)
{
    if (auto items
        = itemsreader::readSurelyItems(data, source, itemsTable, ItemsFile::BadItems::LeaveOut))
        return itemsInput(std::move(*items));
    if (auto split = itemsreader::readItemsMember(data, QLatin1StringView("items"));
        split && split->members.contains(QLatin1String("keyscope"))) {
        if (auto project = ProjectFile::fromItemsMember(*split, source))
            return projectInput(std::move(*project));
    }
    return std::nullopt;
}

std::variant<InteropFile::Input, IoError> fromWorkbench(const QJsonDocument &document,
                                                        const QString &source, const QString &table)
{
    auto model = WorkbenchModel::fromDocument(document, source, table);
    if (auto *error = std::get_if<IoError>(&model))
        return *error;
    auto &imported = std::get<WorkbenchModel::Import>(model);
    InteropFile::Input input;
    input.kind = InteropFile::Kind::Workbench;
    input.description = imported.version.isEmpty()
        ? QStringLiteral("NoSQL Workbench model (early, no version)")
        : QStringLiteral("NoSQL Workbench model (version %1)").arg(imported.version);
    input.projects = std::move(imported.projects);
    input.hints = std::move(imported.hints);
    input.tableNames = imported.tableNames;
    input.notes = imported.notes;
    input.leftOut = imported.leftOut;
    for (size_t p = 0; p < input.projects.size() && p < input.hints.size(); ++p)
        input.notes += recovery::hintNotes(input.hints[p], input.projects[p].items, source);
    return input;
}

bool looksLikeTableDefinition(const QJsonObject &root)
{
    return (root.contains(QLatin1String("TableName")) && root.contains(QLatin1String("KeySchema")))
        || root.value(QLatin1String("Table")).isObject();
}

std::variant<InteropFile::Input, IoError> fromTableDefinition(const QJsonDocument &document,
                                                              const QString &source)
{
    const QJsonObject root = document.object();
    auto definition = TableDefinitionFile::fromDocument(document, source);
    if (auto *error = std::get_if<IoError>(&definition))
        return *error;
    const QJsonObject json = root.value(QLatin1String("Table")).isObject()
        ? std::get<TableDefinition>(definition).toJson()
        : root;
    InteropFile::Input input;
    input.kind = InteropFile::Kind::CreateTable;
    input.description = root.contains(QLatin1String("Table"))
        ? QStringLiteral("describe-table output")
        : QStringLiteral("create-table JSON");
    input.projects.push_back(
        interopjson::projectForTable(std::get<TableDefinition>(definition), json));
    input.tableNames << input.projects.front().table.tableName;
    return input;
}

std::variant<InteropFile::Input, IoError> fromItemsDocument(const QJsonDocument &document,
                                                            const QString &source,
                                                            const TableDefinition &itemsTable)
{
    auto items
        = ItemsFile::fromDocument(document, source, itemsTable, ItemsFile::BadItems::LeaveOut);
    if (auto *error = std::get_if<IoError>(&items))
        return *error;
    return itemsInput(std::get<ItemsFile::Contents>(std::move(items)));
}

std::variant<InteropFile::Input, IoError> fromJsonDocument(const QJsonDocument &document,
                                                           const QString &source,
                                                           const QString &table,
                                                           const TableDefinition &itemsTable)
{
    const QJsonObject root = document.object();
    if (root.contains(QLatin1String("keyscope")))
        return projectInput(ProjectFile::fromJson(document, source));
    if (WorkbenchModel::looksLike(document))
        return fromWorkbench(document, source, table);
    if (McpSchema::looksLike(document))
        return fromMcpSchema(document, source, table);
    if (McpDataModel::looksLike(document))
        return fromMcpDataModel(document, source, table);
    if (CloudFormationTemplate::looksLike(root))
        return fromCloudFormation(root, source, table, QStringLiteral("JSON"));
    if (looksLikeTableDefinition(root))
        return fromTableDefinition(document, source);
    if (looksLikeItems(document))
        return fromItemsDocument(document, source, itemsTable);
    return IoError {source, 0, 0, {}, kUnknown};
}

} // namespace

std::variant<InteropFile::Input, IoError>
InteropFile::parseAnyKind(const QByteArray &data, const QString &source, const QString &table,
                          const TableDefinition &itemsTable)
{
    const QString lower = source.toLower();
    const QByteArray trimmed = data.trimmed();
    const bool jsonLike = trimmed.startsWith('{') || trimmed.startsWith('[');
    if (trimmed.isEmpty())
        return IoError {source, 0, 0, {}, QStringLiteral("the file is empty: ") + kUnknown};
    if (!jsonLike) {
        if (auto error = invalidUtf8Error(data, source))
            return *error;
    }
    const bool yamlName
        = lower.endsWith(QLatin1String(".yaml")) || lower.endsWith(QLatin1String(".yml"));
    if (lower.endsWith(QLatin1String(".csv")))
        return interopCsvInput(data, source, itemsTable);
    if (!jsonLike)
        return parseTextKind(data, trimmed, source, table, itemsTable, yamlName);
    if (auto read = readWithoutDocument(data, source, itemsTable))
        return std::move(*read);
    auto parsed = JsonFile::parse(data, source);
    if (auto *error = std::get_if<IoError>(&parsed))
        return *error;
    return fromJsonDocument(std::get<QJsonDocument>(parsed), source, table, itemsTable);
}

std::optional<IoError> InteropFile::leaveOutUnfitItems(ItemsFile::Contents &items,
                                                       const TableDefinition &table,
                                                       const QString &source, QStringList *notes)
{
    const Table scratch(table);
    std::vector<bool> fits(items.items.size(), false);
    bool anyFits = false;
    std::optional<IoError> first;
    for (std::size_t i = 0; i < items.items.size(); ++i) {
        if (const auto why = scratch.validate(items.items[i])) {
            ItemPlace place = qsizetype(i) < items.paths.size()
                ? ImportNotes::placeAt(items.paths.at(qsizetype(i)))
                : ItemPlace {{}, {}, qsizetype(i), {}, {}};
            place.keys = ImportNotes::keysOf(items.items[i], table.keys);
            const QString note = ImportNotes::leftOut(source, place, {}, *why);
            items.notes << note;
            ++items.leftOut;
            if (notes)
                *notes << note;
            if (!first)
                first = IoError {source, 0, 0, place.inWords(), *why};
            continue;
        }
        fits[i] = true;
        anyFits = true;
    }
    const bool noneFit = !anyFits && first;
    items.items = items.items.keeping([&](size_t i) { return fits[i]; });
    items.paths.keepOnly([&](qsizetype i) { return size_t(i) < fits.size() && fits[size_t(i)]; });
    if (noneFit)
        return first;
    return std::nullopt;
}

std::optional<IoError> InteropFile::checkItems(const ItemsFile::Contents &items,
                                               const TableDefinition &table, const QString &source)
{
    Table scratch(table);
    auto put = ItemsFile::put(scratch, items, source);
    if (auto *error = std::get_if<IoError>(&put))
        return *error;
    return std::nullopt;
}

QStringList InteropFile::formatNames()
{
    return {QStringLiteral("keyscope"),       QStringLiteral("workbench"),
            QStringLiteral("cloudformation"), QStringLiteral("cloudformation-yaml"),
            QStringLiteral("create-table"),   QStringLiteral("batch-write"),
            QStringLiteral("scan"),           QStringLiteral("csv"),
            QStringLiteral("mcp-schema"),     QStringLiteral("mcp-data-model")};
}

QString InteropFile::formatName(Format format)
{
    return formatNames().at(int(format));
}

std::optional<InteropFile::Format> InteropFile::formatFromName(const QString &name)
{
    const qsizetype index = formatNames().indexOf(name);
    if (index < 0)
        return std::nullopt;
    return Format(index);
}

std::optional<InteropFile::Format> InteropFile::formatFromPath(const QString &path)
{
    const QString lower = path.toLower();
    if (lower.endsWith(QLatin1String(ProjectFile::kSuffix)))
        return Format::Keyscope;
    if (lower.endsWith(QLatin1String(".yaml")) || lower.endsWith(QLatin1String(".yml")))
        return Format::CloudFormationYaml;
    if (lower.endsWith(QLatin1String(".csv")))
        return Format::Csv;
    return std::nullopt;
}

bool InteropFile::isItemsFormat(Format format)
{
    return format == Format::BatchWrite || format == Format::Scan || format == Format::Csv;
}

std::vector<QByteArray> InteropFile::render(Format format, const Project &project,
                                            const ItemList &items, const QDateTime &now)
{
    switch (format) {
    case Format::Keyscope:
        return {ProjectFile::serialize(project)};
    case Format::Workbench:
        return {WorkbenchModel::serialize(project, items, now)};
    case Format::CloudFormation:
        return {CloudFormationTemplate::serializeJson(project)};
    case Format::CloudFormationYaml:
        return {CloudFormationTemplate::serializeYaml(project)};
    case Format::CreateTable:
        return {JsonWriter::write(interopjson::createTableJson(project), 4) + '\n'};
    case Format::BatchWrite:
        return ItemsFormats::batchWriteChunks(project.table.tableName, items);
    case Format::Scan:
        return {ItemsFormats::scanOutput(items)};
    case Format::Csv:
        return {ItemsFormats::toCsv(items, project.table)};
    case Format::McpSchema:
        return {McpSchema::serialize(project)};
    case Format::McpDataModel:
        return {McpDataModel::serialize(project, items)};
    }
    return {};
}

namespace {

// A batch-write-item request as Keyscope writes it: {"Table": [{"PutRequest": ...}, ...]}.
bool isBatchWriteRequest(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly) || file.size() > 64 * 1024 * 1024)
        return false;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll());
    if (!document.isObject() || document.object().size() != 1)
        return false;
    const QJsonValue requests = *document.object().begin();
    if (!requests.isArray())
        return false;
    for (const QJsonValue &request : requests.toArray()) {
        if (!request.isObject() || !request.toObject().contains(QLatin1String("PutRequest")))
            return false;
    }
    return true;
}

} // namespace

QStringList InteropFile::staleBatchFiles(const QString &path, qsizetype written)
{
    // OUT-NNN.json files numbered past this run's, left by an earlier run that needed more:
    // `aws dynamodb batch-write-item` over OUT-*.json would load them again. Only files that
    // hold a batch-write request; anything else of that name is the user's.
    const QFileInfo info(path);
    QString stem = info.fileName();
    if (stem.endsWith(QLatin1String(".json"), Qt::CaseInsensitive))
        stem.chop(5);
    const QRegularExpression numbered(
        QStringLiteral("^%1-(\\d{3,})\\.json$").arg(QRegularExpression::escape(stem)),
        QRegularExpression::CaseInsensitiveOption);
    const qsizetype kept = written <= 1 ? 0 : written;
    QStringList stale;
    const QDir dir = info.dir();
    for (const QString &name : dir.entryList(QDir::Files)) {
        const auto match = numbered.match(name);
        if (match.hasMatch() && match.captured(1).toLongLong() > kept
            && isBatchWriteRequest(dir.filePath(name)))
            stale << dir.filePath(name);
    }
    return stale;
}

std::variant<QStringList, IoError> InteropFile::write(Format format, const Project &project,
                                                      const ItemList &items, const QString &path,
                                                      const QDateTime &now,
                                                      const QStringList &inputs)
{
    const std::vector<QByteArray> files = render(format, project, items, now);
    if (isStandardOutput(path) && files.size() == 1) {
        writeOutput(path, files.front()); // a failure is reported as the program ends
        return QStringList {path};
    }
    const QStringList paths = ItemsFormats::batchFileNames(path, qsizetype(files.size()));
    FileSet set(inputs);
    for (std::size_t i = 0; i < files.size(); ++i)
        set.add(paths.at(qsizetype(i)), files[i]);
    if (format == Format::BatchWrite) {
        for (const QString &stale : staleBatchFiles(path, qsizetype(files.size())))
            set.removeAfterwards(stale);
    }
    if (!set.commit())
        return IoError {set.failedPath(), 0, 0, {}, set.errorString()};
    return paths;
}

std::variant<ItemList, IoError> InteropFile::populatedItems(const Project &project,
                                                            const QString &source,
                                                            std::optional<quint64> seed)
{
    auto population = Populator::populate(project, seed);
    if (auto *error = std::get_if<PopulationError>(&population))
        return IoError {source, 0, 0, error->path, error->message};
    return ItemsFormats::uniqueByKey(std::get<Population>(population).items, project.table.keys);
}

} // namespace keyscope::model
