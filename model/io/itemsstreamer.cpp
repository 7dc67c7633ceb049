// The streaming pass over an items file: the SAX handler that follows the top level and reads
// the entries of the array it takes, and the file or bytes it reads them from.
#include "model/io/itemsreaderparts.h"

#include "model/io/inputfile.h"
#include "model/io/jsonfile.h"

#include <QFile>
#include <QFileInfo>

#include <rapidjson/filereadstream.h>
#include <rapidjson/memorystream.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <memory>

namespace keyscope::model::itemsreader::detail {

namespace {

using Shape = ItemsFile::Shape;

// The SAX handler: follows the top level, collects what itemsentries::decide needs, and
// builds a Tree for each entry of the array most likely to be chosen (a top-level array, the
// table's own array, the first array, or "Items"); the choice is checked at the end.
class Streamer : public ValueEvents<Streamer>
{
    friend ValueEvents<Streamer>;

public:
    Streamer(const TableDefinition &definition, const QString &source, ItemsFile::BadItems badItems,
             ItemsFile::Contents &contents, Sink &sink)
        : m_definition(definition)
        , m_source(source)
        , m_badItems(badItems)
        , m_contents(contents)
        , m_sink(sink)
    { }

    // Set when the streaming pass cannot stand for the document path.
    bool fallback = false;
    bool cancelled = false;
    std::optional<IoError> entryError; // the first refused entry, in file order
    itemsentries::Root root;
    std::optional<itemsentries::Layout> provisional; // how the taken array was read
    std::unique_ptr<itemsentries::Entries> entries;
    std::function<bool()> tick; // progress; false cancels

    // RapidJSON handler interface: the values through ValueEvents, the keys here.
    bool Key(const char *text, rapidjson::SizeType length, bool)
    {
        if (m_builder.building) {
            m_builder.key(text, length);
            return true;
        }
        if (m_depth == 1 || (m_depth == 2 && m_inWrapper)) {
            auto &members = m_depth == 1 ? root.members : root.inner;
            const QString key = QString::fromUtf8(text, qsizetype(length));
            for (const auto &member : members) {
                if (member.key == key) {
                    fallback = true; // a repeated name: the document keeps the last one
                    return false;
                }
            }
            members.push_back({key, false, false});
            m_expectMember = true;
        }
        return true;
    }

    bool finished() const { return m_rootSeen && m_depth == 0; }
    bool hasTaken() const { return m_hasTaken; }
    bool takenWrapped() const { return m_takenWrapped; }
    const QString &takenKey() const { return m_takenKey; }

private:
    // A value starts at m_depth (before a container opens).
    bool valueStart(Tree::Kind kind)
    {
        if (m_depth == 0) {
            m_rootSeen = true;
            if (kind != Tree::Object && kind != Tree::Array) {
                fallback = true; // Qt's message for a bare scalar
                return false;
            }
            root.isArray = kind == Tree::Array;
            if (root.isArray)
                candidate(false, {}, true);
        } else if (m_expectMember) {
            m_expectMember = false;
            auto &member = (m_depth == 1 ? root.members : root.inner).back();
            member.isArray = kind == Tree::Array;
            member.isObject = kind == Tree::Object;
            if (m_depth == 1 && kind == Tree::Object && root.members.size() == 1
                && member.key == u"RequestItems")
                m_wrapperNext = true;
            if (kind == Tree::Array)
                candidate(m_depth == 2, member.key, false);
        }
        if (!m_builder.building && m_depth == m_elementDepth && m_elementDepth > 0) {
            const bool peek = m_peekFirst && m_index == 0;
            if (m_take || peek)
                m_builder.start();
        }
        if (m_builder.building)
            m_builder.node(kind);
        return true;
    }

    bool scalar(Tree::Kind kind, const char *text, rapidjson::SizeType length)
    {
        if (!valueStart(kind))
            return false;
        if (m_builder.building && m_builder.scalar(text, length))
            return elementDone();
        return true;
    }

    bool open(Tree::Kind kind)
    {
        if (!valueStart(kind))
            return false;
        if (m_builder.building)
            m_builder.opened();
        ++m_depth;
        if (m_wrapperNext) {
            m_wrapperNext = false;
            m_inWrapper = true;
        }
        if (m_depth > 500) {
            fallback = true; // Qt's own limit on nesting decides
            return false;
        }
        return true;
    }

    bool close()
    {
        --m_depth;
        if (m_depth == 1 && m_inWrapper)
            m_inWrapper = false;
        if (m_builder.building && m_builder.inside()) {
            if (m_builder.closed())
                return elementDone();
        } else if (m_depth == m_elementDepth - 1) {
            m_elementDepth = -1; // the array of entries ended
        }
        return true;
    }

    // An array where entries may be: take it if it is likelier to be chosen than the one taken.
    void candidate(bool wrapped, const QString &key, bool topLevelArray)
    {
        const bool items = !wrapped && !topLevelArray && key == u"Items";
        const bool preferred = topLevelArray || items || key == m_definition.tableName;
        m_elementDepth = m_depth + 1;
        m_index = 0;
        m_peekFirst = items;
        m_take = false;
        if (m_hasTaken && !(preferred && !m_takenPreferred))
            return;
        if (m_hasTaken) {
            m_sink.reset();
            entries.reset();
            provisional.reset();
            m_contents.notes.clear();
            m_contents.leftOut = 0;
            entryError.reset();
        }
        m_hasTaken = true;
        m_take = true;
        m_takenPreferred = preferred;
        m_takenWrapped = wrapped;
        m_takenKey = key;
        m_takenItems = items;
    }

    bool elementDone()
    {
        m_builder.building = false;
        const qsizetype index = m_index++;
        if (m_peekFirst && index == 0) {
            root.itemsIsNonEmpty = true;
            root.itemsFirstLooksLikeWriteRequest
                = itemsentries::looksLikeWriteRequest(m_tree.toJson(0));
        }
        if (!m_take)
            return true;
        if (!entries) {
            itemsentries::Layout layout;
            if (root.isArray) {
                layout.shape = Shape::ItemArray;
            } else if (m_takenItems && !root.itemsFirstLooksLikeWriteRequest) {
                layout.shape = Shape::ScanOutput;
                layout.memberKey = layout.arrayPath = QStringLiteral("Items");
            } else {
                layout.shape = Shape::BatchWriteRequest;
                layout.wrapped = m_takenWrapped;
                layout.memberKey = m_takenKey;
                layout.tableName = m_takenKey;
                layout.arrayPath
                    = (m_takenWrapped ? QStringLiteral("RequestItems.") : QString()) + m_takenKey;
            }
            provisional = layout;
            entries = std::make_unique<itemsentries::Entries>(
                *provisional, m_definition, m_source, m_badItems, m_contents, m_sink.deletes());
            m_sink.begin(*entries);
        }
        if ((index & 1023) == 0 && tick && !tick()) {
            cancelled = true;
            return false;
        }
        if (entryError)
            return true; // refused already; the rest is only checked for syntax
        if (!fast(index)) {
            if (auto error = entries->entry(m_tree.toJson(0), index))
                entryError = *error;
            if (entries->needsItems()) {
                fallback = true;
                return false;
            }
        }
        return true;
    }

    // A PutRequest or an item read without QJsonValue; false if it needs the slow path.
    bool fast(qsizetype index)
    {
        quint32 itemNode = 0;
        if (provisional->shape == Shape::BatchWriteRequest) {
            const auto &nodes = m_tree.nodes;
            if (nodes[0].kind != Tree::Object || nodes[0].count != 1
                || m_tree.key(1) != "PutRequest" || nodes[1].kind != Tree::Object)
                return false;
            quint32 child = 2;
            bool found = false;
            for (quint32 i = 0; i < nodes[1].count; ++i, child += nodes[child].size) {
                if (m_tree.key(child) == "Item") {
                    if (found)
                        return false; // a repeated "Item": the last one counts
                    found = true;
                    itemNode = child;
                }
            }
            if (!found)
                return false;
        }
        const FastItems fastItems(m_tree, m_names);
        if (auto *encoder = m_sink.encoder()) {
            if (fastItems.encode(itemNode, *encoder, m_encoded)) {
                m_sink.putEncoded(m_encoded, encoder->sizeBytes(), index);
                return true;
            }
        }
        Item item;
        if (!fastItems.item(itemNode, item))
            return false;
        entries->accept(std::move(item), index);
        return true;
    }

    const TableDefinition &m_definition;
    QString m_source;
    ItemsFile::BadItems m_badItems;
    ItemsFile::Contents &m_contents;
    Sink &m_sink;

    int m_depth = 0;
    bool m_rootSeen = false;
    bool m_wrapperNext = false;
    bool m_expectMember = false; // a top-level member's name was read, its value comes next
    bool m_inWrapper = false;
    int m_elementDepth = -1; // depth of the entries of the array being passed, -1 if none
    qsizetype m_index = 0;
    bool m_peekFirst = false;
    bool m_take = false;
    bool m_hasTaken = false;
    bool m_takenPreferred = false;
    bool m_takenWrapped = false;
    bool m_takenItems = false;
    QString m_takenKey;

    TreeBuilder m_builder;
    const Tree &m_tree = m_builder.tree;
    FastItems::Names m_names;
    std::string m_encoded;
};

} // namespace

template<typename Input>
Outcome streamFrom(Input &input, qint64 total, const QString &path,
                   const TableDefinition &definition, ItemsFile::BadItems badItems,
                   const Progress &progress, Sink &sink, ItemsFile::Contents &contents,
                   itemsentries::Layout *layout, IoError *error, itemsentries::Root *rootSeen)
{
    Streamer streamer(definition, path, badItems, contents, sink);
    if (progress)
        streamer.tick = [&] { return progress(qint64(input.Tell()), total); };
    rapidjson::Reader reader;
    constexpr unsigned kFlags
        = rapidjson::kParseValidateEncodingFlag | rapidjson::kParseNumbersAsStringsFlag;
    const auto parsed = reader.Parse<kFlags>(input, streamer);
    if (streamer.cancelled)
        return Outcome::Cancelled;
    if (parsed.IsError() || streamer.fallback || !streamer.finished())
        return Outcome::Fallback;
    std::sort(streamer.root.members.begin(), streamer.root.members.end(),
              [](const auto &a, const auto &b) { return a.key < b.key; });
    std::sort(streamer.root.inner.begin(), streamer.root.inner.end(),
              [](const auto &a, const auto &b) { return a.key < b.key; });
    if (rootSeen)
        *rootSeen = streamer.root;
    auto decided = itemsentries::decide(streamer.root, definition, path);
    if (auto *failure = std::get_if<IoError>(&decided)) {
        *error = *failure;
        return Outcome::Failed;
    }
    *layout = std::get<itemsentries::Layout>(decided);
    if (streamer.provisional
        && (streamer.provisional->shape != layout->shape
            || streamer.provisional->wrapped != layout->wrapped
            || streamer.provisional->memberKey != layout->memberKey))
        return Outcome::Fallback; // another array was chosen than the one read
    if (!streamer.root.isArray
        && (!streamer.hasTaken() || streamer.takenWrapped() != layout->wrapped
            || streamer.takenKey() != layout->memberKey))
        return Outcome::Fallback;
    if (streamer.entryError) {
        *error = *streamer.entryError;
        return Outcome::Failed;
    }
    if (streamer.entries)
        streamer.entries->finish();
    sink.finish();
    contents.shape = layout->shape;
    contents.tableName = layout->tableName;
    contents.notes = layout->notes + contents.notes;
    return Outcome::Done;
}

template Outcome streamFrom(rapidjson::MemoryStream &input, qint64 total, const QString &path,
                            const TableDefinition &definition, ItemsFile::BadItems badItems,
                            const Progress &progress, Sink &sink, ItemsFile::Contents &contents,
                            itemsentries::Layout *layout, IoError *error,
                            itemsentries::Root *rootSeen);

namespace {

// A RapidJSON stream over a file that ends (Peek() gives '\0') once more than `bound` bytes
// were read, and says so: a file that grows while it is read stays within the input bound.
class BoundedFileStream
{
public:
    using Ch = char;
    BoundedFileStream(std::FILE *file, std::vector<char> &buffer, qint64 bound)
        : m_input(file, buffer.data(), buffer.size())
        , m_bound(bound)
    { }
    Ch Peek() const { return passed() ? '\0' : m_input.Peek(); }
    Ch Take() { return passed() ? '\0' : m_input.Take(); }
    size_t Tell() const { return m_input.Tell(); }
    bool passed() const { return qint64(m_input.Tell()) > m_bound; }
    Ch *PutBegin() { return nullptr; }
    void Put(Ch) { }
    void Flush() { }
    size_t PutEnd(Ch *) { return 0; }

private:
    rapidjson::FileReadStream m_input;
    qint64 m_bound;
};

} // namespace

std::variant<Source, IoError> openSource(const QString &path)
{
    if (!InputFile::isRegular(path)) {
        auto bytes = InputFile::read(path);
        if (auto *error = std::get_if<IoError>(&bytes))
            return *error;
        return Source {path, std::get<QByteArray>(std::move(bytes))};
    }
    if (QFileInfo(path).size() > InputFile::maxBytes())
        return InputFile::tooLarge(path);
    return Source {path, std::nullopt};
}

Outcome stream(const Source &source, const TableDefinition &definition,
               ItemsFile::BadItems badItems, const Progress &progress, Sink &sink,
               ItemsFile::Contents &contents, itemsentries::Layout *layout, IoError *error)
{
    const QString &path = source.path;
    if (source.bytes) {
        rapidjson::MemoryStream input(source.bytes->constData(), size_t(source.bytes->size()));
        return streamFrom(input, source.bytes->size(), path, definition, badItems, progress, sink,
                          contents, layout, error);
    }
    std::FILE *file = std::fopen(QFile::encodeName(path).constData(), "rb");
    if (!file)
        return Outcome::Fallback; // JsonFile words why
    const qint64 total = QFileInfo(path).size();
    std::unique_ptr<std::FILE, int (*)(std::FILE *)> closer(file, &std::fclose);
    std::vector<char> buffer(1 << 16);
    BoundedFileStream input(file, buffer, InputFile::maxBytes());
    const Outcome outcome = streamFrom(input, total, path, definition, badItems, progress, sink,
                                       contents, layout, error);
    if (input.passed()) {
        *error = InputFile::tooLarge(path);
        return Outcome::Failed;
    }
    return outcome;
}

// The document a file the streaming pass cannot read is read through.
std::variant<QJsonDocument, IoError> sourceDocument(const Source &source)
{
    return source.bytes ? JsonFile::parse(*source.bytes, source.path) : JsonFile::read(source.path);
}

} // namespace keyscope::model::itemsreader::detail
