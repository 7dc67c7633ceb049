#include "model/io/itemsreader.h"

#include "model/io/inputfile.h"
#include "model/io/itemsentries.h"
#include "model/io/jsonfile.h"
#include "model/table/itemcodec.h"
#include "model/value/dynamojson.h"
#include "model/value/number.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>

#include <rapidjson/filereadstream.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>

#include <cstdio>
#include <cstring>
#include <memory>

namespace keyscope::model::itemsreader {

namespace {

using Shape = ItemsFile::Shape;

// One entry of the array, as parsed: nodes in pre-order, each knowing how many nodes its
// subtree holds, so a node's children follow it and its next sibling is `size` further on.
struct Tree
{
    enum Kind : quint8 { Null, False, True, Number, String, Object, Array };
    struct Node
    {
        Kind kind = Null;
        quint32 size = 1;  // nodes in the subtree, this one included
        quint32 count = 0; // children
        quint32 keyOffset = 0;
        quint32 keyLength = 0;
        quint32 offset = 0; // text of a String or Number
        quint32 length = 0;
    };
    std::vector<Node> nodes;
    std::string text;

    void clear()
    {
        nodes.clear();
        text.clear();
    }
    std::string_view key(quint32 n) const
    {
        return {text.data() + nodes[n].keyOffset, nodes[n].keyLength};
    }
    std::string_view value(quint32 n) const
    {
        return {text.data() + nodes[n].offset, nodes[n].length};
    }
    QString keyString(quint32 n) const
    {
        const auto k = key(n);
        return QString::fromUtf8(k.data(), qsizetype(k.size()));
    }
    QString valueString(quint32 n) const
    {
        const auto v = value(n);
        return QString::fromUtf8(v.data(), qsizetype(v.size()));
    }

    // The node as Qt's parser would have given it.
    QJsonValue toJson(quint32 n) const
    {
        const Node &node = nodes[n];
        switch (node.kind) {
        case Null:
            return QJsonValue(QJsonValue::Null);
        case False:
            return false;
        case True:
            return true;
        case Number: {
            const QByteArray raw(text.data() + node.offset, qsizetype(node.length));
            bool integral = false;
            const qint64 whole = raw.contains('.') || raw.contains('e') || raw.contains('E')
                ? 0
                : raw.toLongLong(&integral);
            if (integral)
                return QJsonValue(whole);
            return raw.toDouble();
        }
        case String:
            return valueString(n);
        case Object: {
            QJsonObject object;
            quint32 child = n + 1;
            for (quint32 i = 0; i < node.count; ++i, child += nodes[child].size)
                object.insert(keyString(child), toJson(child)); // a repeated name: the last wins
            return object;
        }
        case Array: {
            QJsonArray array;
            quint32 child = n + 1;
            for (quint32 i = 0; i < node.count; ++i, child += nodes[child].size)
                array.append(toJson(child));
            return array;
        }
        }
        return {};
    }
};

// Builds the Tree of one entry from the SAX events inside it.
struct TreeBuilder
{
    Tree tree;
    bool building = false;

    void start()
    {
        building = true;
        tree.clear();
        m_open.clear();
        m_pendingKeyLength = 0;
    }
    void key(const char *text, rapidjson::SizeType length)
    {
        m_pendingKeyOffset = quint32(tree.text.size());
        m_pendingKeyLength = length;
        tree.text.append(text, length);
    }
    // A value starts (a scalar, or a container about to open).
    void node(Tree::Kind kind)
    {
        Tree::Node node;
        node.kind = kind;
        node.keyOffset = m_pendingKeyOffset;
        node.keyLength = m_pendingKeyLength;
        m_pendingKeyLength = 0;
        if (!m_open.empty())
            ++tree.nodes[m_open.back()].count;
        tree.nodes.push_back(node);
    }
    // The scalar node() began has this text; true when it was the whole entry.
    bool scalar(const char *text, rapidjson::SizeType length)
    {
        Tree::Node &node = tree.nodes.back();
        node.offset = quint32(tree.text.size());
        node.length = length;
        if (text)
            tree.text.append(text, length);
        return m_open.empty();
    }
    // The container node() began opened.
    void opened() { m_open.push_back(quint32(tree.nodes.size() - 1)); }
    // Whether a container of the entry is open (a close belongs to the entry).
    bool inside() const { return !m_open.empty(); }
    // The innermost container closed; true when it was the whole entry.
    bool closed()
    {
        const quint32 n = m_open.back();
        m_open.pop_back();
        tree.nodes[n].size = quint32(tree.nodes.size()) - n;
        return m_open.empty();
    }

private:
    std::vector<quint32> m_open;
    quint32 m_pendingKeyOffset = 0;
    quint32 m_pendingKeyLength = 0;
};

// Strict DynamoDB JSON straight from the tree, for items that are valid (nearly all of them).
// Anything unusual (an error, a repeated name, a binary set) answers false and the entry is
// read through QJsonValue and dynamojson instead, which gives the exact message.
class FastItems
{
public:
    // Attribute names repeat in every item: one QString each, shared by all items.
    struct Names
    {
        std::vector<std::pair<std::string, QString>> known;
        QString number; // scratch for a number's text

        QString name(std::string_view utf8)
        {
            for (const auto &[bytes, name] : known) {
                if (bytes == utf8)
                    return name;
            }
            QString name = QString::fromUtf8(utf8.data(), qsizetype(utf8.size()));
            if (known.size() < 256)
                known.emplace_back(std::string(utf8), name);
            return name;
        }
    };

    FastItems(const Tree &tree, Names &names)
        : m_tree(tree)
        , m_names(names)
    { }

    bool item(quint32 n, Item &out) const
    {
        const Tree::Node &node = m_tree.nodes[n];
        if (node.kind != Tree::Object)
            return false;
        quint32 child = n + 1;
        for (quint32 i = 0; i < node.count; ++i, child += m_tree.nodes[child].size) {
            AttributeValue value;
            if (!this->value(child, value))
                return false;
            if (!out.emplace(m_names.name(m_tree.key(child)), std::move(value)).second)
                return false;
        }
        return true;
    }

    // An item whose attributes are all S, N, B, BOOL or NULL, encoded without an Item; false
    // for anything else (containers, a repeated name, an invalid value): the Item path decides.
    bool encode(quint32 n, itemcodec::ScalarItemEncoder &encoder, std::string &out) const
    {
        const Tree::Node &node = m_tree.nodes[n];
        if (node.kind != Tree::Object)
            return false;
        encoder.clear();
        quint32 child = n + 1;
        for (quint32 slot = 0; slot < node.count; ++slot, child += m_tree.nodes[child].size) {
            const Tree::Node &typed = m_tree.nodes[child];
            if (typed.kind != Tree::Object || typed.count != 1)
                return false;
            const std::string_view name = m_tree.key(child);
            const quint32 inner = child + 1;
            const Tree::Node &payload = m_tree.nodes[inner];
            const std::string_view type = m_tree.key(inner);
            if (type.size() == 1 && (type[0] == 'S' || type[0] == 'N')) {
                if (payload.kind != Tree::String)
                    return false;
                if (type[0] == 'S') {
                    encoder.string(name, slot, m_tree.value(inner));
                } else {
                    auto number = parseNumber(m_tree.value(inner));
                    if (!number)
                        return false;
                    encoder.number(name, slot, *number);
                }
            } else if (type == "BOOL"
                       && (payload.kind == Tree::True || payload.kind == Tree::False)) {
                encoder.boolean(name, slot, payload.kind == Tree::True);
            } else if (type == "NULL" && payload.kind == Tree::True) {
                encoder.null(name, slot);
            } else {
                return false; // B, a set, a list, a map, or an error: the Item path
            }
        }
        return encoder.finish(out);
    }

private:
    std::optional<Number> parseNumber(std::string_view text) const
    {
        QString &digits = m_names.number;
        digits.resize(qsizetype(text.size()));
        for (std::size_t i = 0; i < text.size(); ++i) {
            if (uchar(text[i]) >= 0x80)
                return std::nullopt; // not a number; dynamojson words why
            digits[qsizetype(i)] = QLatin1Char(text[i]);
        }
        return Number::parse(digits);
    }

    bool scalar(char type, quint32 n, AttributeValue &out) const
    {
        if (m_tree.nodes[n].kind != Tree::String)
            return false;
        const auto text = m_tree.value(n);
        if (type == 'S') {
            out = AttributeValue::stringUtf8(QByteArray(text.data(), qsizetype(text.size())));
            return true;
        }
        if (type == 'N') {
            auto number = parseNumber(text);
            if (!number)
                return false;
            out = AttributeValue::number(*number);
            return true;
        }
        auto decoded
            = QByteArray::fromBase64Encoding(QByteArray(text.data(), qsizetype(text.size())),
                                             QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded)
            return false;
        out = AttributeValue::binary(*decoded);
        return true;
    }

    // Reads each element of the array node `n` with read(child, element) into `elements`.
    template<typename Read>
    bool readElements(quint32 n, AttributeValue::List &elements, Read &&read) const
    {
        const Tree::Node &node = m_tree.nodes[n];
        elements.reserve(node.count);
        quint32 child = n + 1;
        for (quint32 i = 0; i < node.count; ++i, child += m_tree.nodes[child].size) {
            AttributeValue element;
            if (!read(child, element))
                return false;
            elements.push_back(std::move(element));
        }
        return true;
    }

    bool set(char type, quint32 n, AttributeValue &out) const
    {
        const Tree::Node &node = m_tree.nodes[n];
        if (node.kind != Tree::Array || node.count == 0)
            return false;
        AttributeValue::List elements;
        const bool read = readElements(n, elements, [&](quint32 child, AttributeValue &element) {
            // Duplicates are refused here; dynamojson words DynamoDB's message.
            return scalar(type, child, element)
                && std::find(elements.begin(), elements.end(), element) == elements.end();
        });
        if (!read)
            return false;
        out = type == 'S' ? AttributeValue::stringSet(std::move(elements))
                          : AttributeValue::numberSet(std::move(elements));
        return true;
    }

    bool value(quint32 n, AttributeValue &out) const
    {
        const Tree::Node &node = m_tree.nodes[n];
        if (node.kind != Tree::Object || node.count != 1)
            return false;
        const quint32 inner = n + 1;
        const std::string_view type = m_tree.key(inner);
        const Tree::Node &payload = m_tree.nodes[inner];
        if (type == "S" || type == "N" || type == "B")
            return scalar(type[0], inner, out);
        if (type == "SS" || type == "NS")
            return set(type[0], inner, out);
        if (type == "BOOL") {
            if (payload.kind != Tree::True && payload.kind != Tree::False)
                return false;
            out = AttributeValue::boolean(payload.kind == Tree::True);
            return true;
        }
        if (type == "NULL") {
            if (payload.kind != Tree::True)
                return false;
            out = AttributeValue::null();
            return true;
        }
        if (type == "M") {
            Item members;
            if (!item(inner, members))
                return false;
            out = AttributeValue::map(std::move(members));
            return true;
        }
        if (type == "L") {
            if (payload.kind != Tree::Array)
                return false;
            AttributeValue::List elements;
            const bool read
                = readElements(inner, elements, [&](quint32 child, AttributeValue &element) {
                      return value(child, element);
                  });
            if (!read)
                return false;
            out = AttributeValue::list(std::move(elements));
            return true;
        }
        return false; // BS, an unknown type name
    }

    const Tree &m_tree;
    Names &m_names;
};

// Where the items go: Contents (read) or a Table (load).
struct Sink
{
    virtual ~Sink() = default;
    virtual void begin(itemsentries::Entries &entries) = 0; // sets entries.put
    virtual void reset() = 0;                               // another array is taken instead
    virtual bool deletes() const = 0;
    virtual void finish() { } // the last entry was read (the entries are still alive)
    // A sink that stores encoded items: its encoder, and where an encoded item goes.
    virtual itemcodec::ScalarItemEncoder *encoder() { return nullptr; }
    virtual void putEncoded(std::string_view, qint64, qsizetype) { }
};

// The SAX handler: follows the top level, collects what itemsentries::decide needs, and
// builds a Tree for each entry of the array most likely to be chosen (a top-level array, the
// table's own array, the first array, or "Items"); the choice is checked at the end.
class Streamer
{
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

    // RapidJSON handler interface.
    bool Null() { return scalar(Tree::Null, nullptr, 0); }
    bool Bool(bool b) { return scalar(b ? Tree::True : Tree::False, nullptr, 0); }
    bool Int(int) { return scalar(Tree::Number, nullptr, 0); }
    bool Uint(unsigned) { return scalar(Tree::Number, nullptr, 0); }
    bool Int64(int64_t) { return scalar(Tree::Number, nullptr, 0); }
    bool Uint64(uint64_t) { return scalar(Tree::Number, nullptr, 0); }
    bool Double(double) { return scalar(Tree::Number, nullptr, 0); }
    bool RawNumber(const char *text, rapidjson::SizeType length, bool)
    {
        return scalar(Tree::Number, text, length);
    }
    bool String(const char *text, rapidjson::SizeType length, bool)
    {
        return scalar(Tree::String, text, length);
    }
    bool StartObject() { return open(Tree::Object); }
    bool StartArray() { return open(Tree::Array); }
    bool EndObject(rapidjson::SizeType) { return close(); }
    bool EndArray(rapidjson::SizeType) { return close(); }
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

enum class Outcome { Done, Fallback, Failed, Cancelled };

// Runs the streaming pass over `input` (a RapidJSON stream); on Done the contents are complete
// (and `*layout` the decision), on Failed *error is the file's error. *rootSeen, if given,
// receives what the pass saw of the top level.
template<typename Input>
Outcome streamFrom(Input &input, qint64 total, const QString &path,
                   const TableDefinition &definition, ItemsFile::BadItems badItems,
                   const Progress &progress, Sink &sink, ItemsFile::Contents &contents,
                   itemsentries::Layout *layout, IoError *error,
                   itemsentries::Root *rootSeen = nullptr)
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

// Where one read takes its bytes from: a regular file is streamed from the disk; anything else
// (a pipe, a device) is read whole first, within the input bound, so that the document the
// fallback reads holds the same bytes.
struct Source
{
    QString path;
    std::optional<QByteArray> bytes;
};

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

// The SAX handler of readItemsMember: follows the top level of an object, and reads each entry
// of the array of the given member name into items, as the project reader would take it.
class MemberItems
{
public:
    MemberItems(QLatin1StringView member, const rapidjson::MemoryStream &input)
        : m_member(member)
        , m_input(input)
        , m_encoder(items.names())
    { }

    bool failed = false;  // not an object, the member twice, an entry that is no item
    qsizetype begin = -1; // the array's '['
    qsizetype end = -1;   // just past its ']'
    QStringList members;  // the top-level names, in file order
    ItemList items;
    std::function<bool()> tick; // progress; false cancels
    bool cancelled = false;

    bool Null() { return scalar(Tree::Null, nullptr, 0); }
    bool Bool(bool b) { return scalar(b ? Tree::True : Tree::False, nullptr, 0); }
    bool Int(int) { return scalar(Tree::Number, nullptr, 0); }
    bool Uint(unsigned) { return scalar(Tree::Number, nullptr, 0); }
    bool Int64(int64_t) { return scalar(Tree::Number, nullptr, 0); }
    bool Uint64(uint64_t) { return scalar(Tree::Number, nullptr, 0); }
    bool Double(double) { return scalar(Tree::Number, nullptr, 0); }
    bool RawNumber(const char *text, rapidjson::SizeType length, bool)
    {
        return scalar(Tree::Number, text, length);
    }
    bool String(const char *text, rapidjson::SizeType length, bool)
    {
        return scalar(Tree::String, text, length);
    }
    bool StartObject() { return open(Tree::Object); }
    bool StartArray() { return open(Tree::Array); }
    bool EndObject(rapidjson::SizeType) { return close(); }
    bool EndArray(rapidjson::SizeType) { return close(); }
    bool Key(const char *text, rapidjson::SizeType length, bool)
    {
        if (m_builder.building) {
            m_builder.key(text, length);
        } else if (m_depth == 1) {
            const QString key = QString::fromUtf8(text, qsizetype(length));
            if (members.contains(key))
                return fail(); // a repeated name: the document keeps the last one
            members.push_back(key);
            m_next = key == m_member;
        }
        return true;
    }

private:
    bool fail()
    {
        failed = true;
        return false;
    }

    bool valueStart(Tree::Kind kind)
    {
        if (m_depth == 0 && kind != Tree::Object)
            return fail();
        if (m_depth == 2 && m_inMember && !m_builder.building)
            m_builder.start();
        if (m_builder.building)
            m_builder.node(kind);
        return true;
    }

    bool scalar(Tree::Kind kind, const char *text, rapidjson::SizeType length)
    {
        if (!valueStart(kind))
            return false;
        m_next = false;
        if (m_builder.building && m_builder.scalar(text, length))
            return entryDone();
        return true;
    }

    bool open(Tree::Kind kind)
    {
        if (!valueStart(kind))
            return false;
        if (m_builder.building)
            m_builder.opened();
        if (m_depth == 1 && m_next && kind == Tree::Array) {
            m_inMember = true;
            begin = qsizetype(m_input.Tell()) - 1; // the reader took the '['
        }
        m_next = false;
        if (++m_depth > 500)
            return fail(); // Qt's own limit on nesting decides
        return true;
    }

    bool close()
    {
        --m_depth;
        if (m_builder.building && m_builder.inside()) {
            if (m_builder.closed())
                return entryDone();
        } else if (m_inMember && m_depth == 1) {
            m_inMember = false;
            end = qsizetype(m_input.Tell());
        }
        return true;
    }

    bool entryDone()
    {
        m_builder.building = false;
        if ((m_index++ & 1023) == 0 && tick && !tick()) {
            cancelled = true;
            return false;
        }
        const FastItems fastItems(m_builder.tree, m_names);
        if (fastItems.encode(0, m_encoder, m_encoded)) {
            items.appendEncoded(m_encoded, m_encoder.sizeBytes());
            return true;
        }
        Item item;
        if (fastItems.item(0, item)) {
            items.push_back(item);
            return true;
        }
        auto read = dynamojson::itemFromJson(m_builder.tree.toJson(0));
        if (!read)
            return fail(); // the document path words it, with the item's path
        items.push_back(*read);
        return true;
    }

    QLatin1StringView m_member;
    const rapidjson::MemoryStream &m_input;
    itemcodec::ScalarItemEncoder m_encoder;
    int m_depth = 0;
    bool m_next = false;     // the member's value comes next
    bool m_inMember = false; // inside its array
    qsizetype m_index = 0;
    TreeBuilder m_builder;
    FastItems::Names m_names;
    std::string m_encoded;
};

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

std::optional<ItemsMember> readItemsMember(const QByteArray &data, QLatin1StringView member,
                                           const Progress &progress, bool *cancelled)
{
    rapidjson::MemoryStream input(data.constData(), size_t(data.size()));
    MemberItems handler(member, input);
    if (progress)
        handler.tick = [&] { return progress(qint64(input.Tell()), data.size()); };
    rapidjson::Reader reader;
    constexpr unsigned kFlags
        = rapidjson::kParseValidateEncodingFlag | rapidjson::kParseNumbersAsStringsFlag;
    const auto parsed = reader.Parse<kFlags>(input, handler);
    if (handler.cancelled && cancelled)
        *cancelled = true;
    if (parsed.IsError() || handler.failed || handler.cancelled || handler.begin < 0
        || handler.end < 0)
        return std::nullopt;
    // Only white space may follow the document (RapidJSON stops at its end).
    for (qsizetype at = qsizetype(input.Tell()); at < data.size(); ++at) {
        const char c = data.at(at);
        if (c != ' ' && c != '\t' && c != '\r' && c != '\n')
            return std::nullopt;
    }
    ItemsMember out;
    out.rest.reserve(data.size() - (handler.end - handler.begin) + 2);
    out.rest.append(data.constData(), handler.begin);
    out.rest.append("[]", 2);
    out.rest.append(data.constData() + handler.end, data.size() - handler.end);
    out.items = std::move(handler.items);
    out.members = std::move(handler.members);
    return out;
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
