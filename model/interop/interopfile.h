#pragma once

#include "model/design/project.h"
#include "model/design/recovery/designrecovery.h"
#include "model/io/ioerror.h"
#include "model/io/itemsfile.h"

#include <QByteArray>
#include <QDateTime>
#include <QString>
#include <QStringList>

#include <optional>
#include <variant>
#include <vector>

namespace keyscope::model {

// Reads any file Keyscope imports, deciding what it is by its content (the extension only
// breaks ties: `.csv`, `.yaml`/`.yml`), and writes any format Keyscope exports. Shared by
// `keyscope convert` and the GUI's File > Import… / Export … As….
class InteropFile
{
public:
    enum class Kind {
        KeyscopeProject,
        Workbench,
        CloudFormation,
        CreateTable,
        Items,
        McpSchema,    // schema.json of AWS's DynamoDB MCP server
        McpDataModel, // its dynamodb_data_model.json
    };
    enum class Format {
        Keyscope,           // *.keyscope.json
        Workbench,          // NoSQL Workbench 3.0 model
        CloudFormation,     // template, JSON
        CloudFormationYaml, // template, YAML
        CreateTable,        // aws dynamodb create-table --cli-input-json
        BatchWrite,         // batch-write-item requests, 25 puts per file
        Scan,               // aws dynamodb scan output
        Csv,                // header row + one item per row
        McpSchema,          // schema.json of AWS's DynamoDB MCP server, one table
        McpDataModel,       // its dynamodb_data_model.json, one table
    };

    // Notes an Input holds at most (then one saying how many more there were).
    static constexpr qsizetype kMaxNotes = 200;

    struct Input
    {
        Kind kind = Kind::Items;
        QString description;           // "NoSQL Workbench model (version 3.0)", "CSV items", ...
        std::vector<Project> projects; // design inputs: one per table read
        // Parallel to projects: what the file says about each project's items' types (a
        // NoSQL Workbench model's facets); empty for other kinds.
        std::vector<std::vector<recovery::TypeHint>> hints;
        QStringList tableNames;    // design inputs: every table in the file
        ItemsFile::Contents items; // Kind::Items
        // Things the user may not expect, each naming the file and the JSON path (or CSV line)
        // and what was done: a bad item left out, plain JSON read as DynamoDB values, ...
        QStringList notes;
        qsizetype leftOut = 0; // a design input's sample items left out (items: items.leftOut)
    };

    // `table` picks one table of a Workbench model, a CloudFormation template, an MCP schema or
    // an MCP data model (empty: all).
    // `itemsTable` is the table items files are read for (picks a batch file's table, types a
    // CSV's bare key columns); it may be empty.
    static std::variant<Input, IoError> read(const QString &path, const QString &table = {},
                                             const TableDefinition &itemsTable = {});
    static std::variant<Input, IoError> parse(const QByteArray &data, const QString &source,
                                              const QString &table = {},
                                              const TableDefinition &itemsTable = {});

    // An MCP schema's usage data (`usageData`, or usage_data.json beside the schema at
    // `schemaPath` when there is one) seeds the generators of `input`'s projects, with a note
    // saying what was seeded; nothing for other kinds. `allTables`: the projects hold every
    // table (an entity missing from the usage data is then an error). An invalid file is
    // refused with its JSON path.
    static std::optional<IoError> applyUsageData(Input &input, const QString &schemaPath,
                                                 const std::optional<QString> &usageData = {},
                                                 bool allTables = true);

    // Whether every item fits `table` as PutItem would take it (the whole primary key, key
    // types, sizes); the error names the item by its path ("Items[3]", "line 4").
    static std::optional<IoError> checkItems(const ItemsFile::Contents &items,
                                             const TableDefinition &table, const QString &source);
    // The import's form of checkItems: leaves out each item that does not fit `table`, with a
    // note naming the file, the item's path and why (appended to items.notes and, when given,
    // *notes); an error (the first item's) only when no item fits.
    static std::optional<IoError> leaveOutUnfitItems(ItemsFile::Contents &items,
                                                     const TableDefinition &table,
                                                     const QString &source,
                                                     QStringList *notes = nullptr);

    static QStringList formatNames(); // for --to
    static QString formatName(Format format);
    static std::optional<Format> formatFromName(const QString &name);
    // From an output path: `.keyscope.json`, `.yaml`/`.yml`, `.csv`; nullopt for plain `.json`.
    static std::optional<Format> formatFromPath(const QString &path);
    static bool isItemsFormat(Format format);

    // The bytes of each file `format` writes for `project` (`items`: what items formats and the
    // Workbench model's TableData hold): one file, except batch-write (one per 25 items).
    static std::vector<QByteArray> render(Format format, const Project &project,
                                          const ItemList &items, const QDateTime &now);
    // The OUT-NNN.json batch-write files numbered past `written` (an earlier, longer run's);
    // only files holding a batch-write request.
    static QStringList staleBatchFiles(const QString &path, qsizetype written);
    // Renders and writes, every file or none (a FileSet; "-": standard output, one file only);
    // batch-write files are named by ItemsFormats::batchFileNames, and an earlier run's extra
    // ones are removed. Never writes over or removes one of `inputs`. Returns the paths written.
    static std::variant<QStringList, IoError> write(Format format, const Project &project,
                                                    const ItemList &items, const QString &path,
                                                    const QDateTime &now,
                                                    const QStringList &inputs = {});

    // A project's collection as it is stored: populated items (generated, then hand-written),
    // one per primary key.
    static std::variant<ItemList, IoError>
    populatedItems(const Project &project, const QString &source, std::optional<quint64> seed = {});

private:
    static std::variant<Input, IoError> parseAnyKind(const QByteArray &data, const QString &source,
                                                     const QString &table,
                                                     const TableDefinition &itemsTable);
};

} // namespace keyscope::model
