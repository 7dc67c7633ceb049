// Reading and loading items files: where the items go (the contents read, or a table), and the
// document the file is read through when the streaming pass cannot stand for it.
#include "model/io/itemsreaderparts.h"

#include <rapidjson/memorystream.h>

#include <memory>

namespace keyscope::model::itemsreader {

using detail::openSource;
using detail::Outcome;
using detail::Sink;
using detail::Source;
using detail::sourceDocument;
using detail::stream;
using detail::streamFrom;

namespace {

// Items go to contents.items; an item of scalars is encoded there straight from the file.
struct ContentsSink : Sink
{
    explicit ContentsSink(ItemsFile::Contents &contents)
        : contents(contents)
    { }
    void begin(itemsentries::Entries &entries) override { this->entries = &entries; }
    void reset() override
    {
        scalarEncoder.reset(); // it encodes against the names of the items cleared here
        contents.items.clear();
        contents.paths.clear();
        contents.deleteRequests = 0;
        contents.deleted = 0;
    }
    bool deletes() const override { return true; }
    itemcodec::ScalarItemEncoder *encoder() override
    {
        if (!scalarEncoder)
            scalarEncoder.emplace(contents.items.names());
        return &*scalarEncoder;
    }
    void putEncoded(std::string_view encoded, qint64 sizeBytes, qsizetype index) override
    {
        contents.items.appendEncoded(encoded, sizeBytes);
        contents.paths.append(index);
        entries->added();
    }
    ItemsFile::Contents &contents;
    itemsentries::Entries *entries = nullptr; // alive while the file is read
    std::optional<itemcodec::ScalarItemEncoder> scalarEncoder;
};

// Items go to the table in pieces; the first item the table refuses is kept (the file is still
// read to the end: an invalid entry later on is reported first, as the document path does).
struct TableSink : Sink
{
    explicit TableSink(Table &table)
        : table(table)
        , scalarEncoder(table.names())
    { }
    itemcodec::ScalarItemEncoder *encoder() override { return &scalarEncoder; }
    void putEncoded(std::string_view encoded, qint64 sizeBytes, qsizetype index) override
    {
        if (tableError)
            return;
        flush(); // items keep the file's order: a later one replaces an earlier one
        if (auto error = table.appendEncoded(encoded, sizeBytes))
            tableError = std::make_pair(entries->itemPath(index), *error);
    }
    void begin(itemsentries::Entries &entries) override
    {
        this->entries = &entries;
        entries.put = [this](Item &&item, qsizetype index) {
            if (tableError)
                return;
            piece.push_back(std::move(item));
            indexes.push_back(index);
            if (piece.size() >= 4096)
                flush();
        };
    }
    void reset() override
    {
        table.discardAppended();
        piece.clear();
        indexes.clear();
        tableError.reset();
    }
    bool deletes() const override { return false; }
    void finish() override { flush(); }
    void flush()
    {
        if (!tableError && !piece.empty()) {
            if (auto error = table.appendItems(piece))
                tableError = std::make_pair(entries->itemPath(indexes[size_t(error->index)]),
                                            error->message);
        }
        piece.clear();
        indexes.clear();
    }

    Table &table;
    itemcodec::ScalarItemEncoder scalarEncoder;
    itemsentries::Entries *entries = nullptr; // alive while the file is read
    std::vector<Item> piece;
    std::vector<qsizetype> indexes;
    std::optional<std::pair<QString, QString>> tableError; // path, message
};

// Whether a document with this top level is read as items by InteropFile, whatever else it
// holds: no other kind's mark (a Keyscope project, a Workbench model, a CloudFormation
// template, create-table or describe-table JSON) and items for certain (an array, a scan
// output's "Items", or a batch request of one table whose entries were all read).
bool surelyItems(const itemsentries::Root &root, const ItemsFile::Contents &contents)
{
    if (root.isArray)
        return true;
    const auto member = [&](QLatin1StringView key) -> const itemsentries::Member * {
        for (const auto &m : root.members) {
            if (m.key == key)
                return &m;
        }
        return nullptr;
    };
    const auto *table = member(QLatin1StringView("Table"));
    const auto *dataModel = member(QLatin1StringView("DataModel"));
    const auto *resources = member(QLatin1StringView("Resources"));
    if (member(QLatin1StringView("keyscope")) || (dataModel && dataModel->isArray)
        || (member(QLatin1StringView("ModelName")) && member(QLatin1StringView("ModelMetadata")))
        || (resources && resources->isObject)
        || member(QLatin1StringView("AWSTemplateFormatVersion"))
        || (member(QLatin1StringView("TableName")) && member(QLatin1StringView("KeySchema")))
        || (table && table->isObject))
        return false;
    if (contents.shape == ItemsFile::Shape::ScanOutput) {
        const auto *items = member(QLatin1StringView("Items"));
        return items && items->isArray;
    }
    // A batch request: InteropFile looks at the first entry of every table's array, so only
    // a request for one table, with every entry read and none left out, is certain.
    return root.members.size() == 1 && contents.notes.isEmpty() && !contents.items.empty();
}

IoError cancelledError(const QString &path, bool *cancelled)
{
    if (cancelled)
        *cancelled = true;
    return IoError {path, 0, 0, {}, QStringLiteral("cancelled")};
}

} // namespace

std::optional<ItemsFile::Contents> readSurelyItems(const QByteArray &data, const QString &source,
                                                   const TableDefinition &definition,
                                                   ItemsFile::BadItems badItems)
{
    ItemsFile::Contents contents;
    ContentsSink sink(contents);
    itemsentries::Layout layout;
    IoError error;
    itemsentries::Root root;
    rapidjson::MemoryStream input(data.constData(), size_t(data.size()));
    if (streamFrom(input, data.size(), source, definition, badItems, {}, sink, contents, &layout,
                   &error, &root)
            != Outcome::Done
        || !surelyItems(root, contents))
        return std::nullopt;
    return contents;
}

namespace {

std::variant<ItemsFile::Contents, IoError> readSource(const Source &source,
                                                      const TableDefinition &definition,
                                                      ItemsFile::BadItems badItems,
                                                      const Progress &progress, bool *cancelled)
{
    ItemsFile::Contents contents;
    ContentsSink sink(contents);
    itemsentries::Layout layout;
    IoError error;
    switch (stream(source, definition, badItems, progress, sink, contents, &layout, &error)) {
    case Outcome::Done:
        return contents;
    case Outcome::Failed:
        return error;
    case Outcome::Cancelled:
        return cancelledError(source.path, cancelled);
    case Outcome::Fallback:
        break;
    }
    auto read = sourceDocument(source);
    if (auto *failure = std::get_if<IoError>(&read))
        return *failure;
    return ItemsFile::fromDocument(std::get<QJsonDocument>(read), source.path, definition,
                                   badItems);
}

} // namespace

std::variant<ItemsFile::Contents, IoError> read(const QString &path,
                                                const TableDefinition &definition,
                                                ItemsFile::BadItems badItems,
                                                const Progress &progress, bool *cancelled)
{
    auto opened = openSource(path);
    if (auto *failure = std::get_if<IoError>(&opened))
        return *failure;
    return readSource(std::get<Source>(opened), definition, badItems, progress, cancelled);
}

std::variant<ItemsFile::LoadResult, IoError> load(Table &table, const QString &path,
                                                  const Progress &progress, bool *cancelled)
{
    auto opened = openSource(path);
    if (auto *failure = std::get_if<IoError>(&opened))
        return *failure;
    const Source &source = std::get<Source>(opened);
    ItemsFile::Contents contents;
    TableSink sink(table);
    itemsentries::Layout layout;
    IoError error;
    const Outcome outcome = stream(source, table.definition(), ItemsFile::BadItems::Refuse,
                                   progress, sink, contents, &layout, &error);
    if (outcome == Outcome::Done) {
        if (sink.tableError) {
            table.discardAppended();
            return IoError {path, 0, 0, sink.tableError->first, sink.tableError->second};
        }
        const Table::LoadResult written = table.finishAppending();
        return itemsentries::loadResult(contents, written);
    }
    table.discardAppended();
    if (outcome == Outcome::Failed)
        return error;
    if (outcome == Outcome::Cancelled)
        return cancelledError(path, cancelled);
    auto read = readSource(source, table.definition(), ItemsFile::BadItems::Refuse, {}, nullptr);
    if (auto *failure = std::get_if<IoError>(&read))
        return *failure;
    return ItemsFile::put(table, std::get<ItemsFile::Contents>(read), path);
}

} // namespace keyscope::model::itemsreader
