#pragma once

// What the streaming items reader's files share (model/io/itemsreader.h): one entry of an array
// as parsed (itemtree.cpp), where the items go, and the streaming pass (itemsstreamer.cpp).

#include "model/io/itemsentries.h"
#include "model/io/itemsreader.h"
#include "model/table/itemcodec.h"
#include "model/value/number.h"

#include <QJsonValue>

#include <rapidjson/reader.h>

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace keyscope::model::itemsreader::detail {

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

    QJsonValue toJson(quint32 n) const;
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

        QString name(std::string_view utf8);
    };

    FastItems(const Tree &tree, Names &names)
        : m_tree(tree)
        , m_names(names)
    { }

    bool item(quint32 n, Item &out) const;

    // An item whose attributes are all S, N, B, BOOL or NULL, encoded without an Item; false
    // for anything else (containers, a repeated name, an invalid value): the Item path decides.
    bool encode(quint32 n, itemcodec::ScalarItemEncoder &encoder, std::string &out) const;

private:
    std::optional<Number> parseNumber(std::string_view text) const;
    bool scalar(char type, quint32 n, AttributeValue &out) const;
    // Reads each element of the array node `n` with read(child, element) into `elements`.
    template<typename Read>
    bool readElements(quint32 n, AttributeValue::List &elements, Read &&read) const;
    bool set(char type, quint32 n, AttributeValue &out) const;
    bool value(quint32 n, AttributeValue &out) const;

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

enum class Outcome { Done, Fallback, Failed, Cancelled };

// Runs the streaming pass over `input` (a RapidJSON stream); on Done the contents are complete
// (and `*layout` the decision), on Failed *error is the file's error. *rootSeen, if given,
// receives what the pass saw of the top level.
template<typename Input>
Outcome streamFrom(Input &input, qint64 total, const QString &path,
                   const TableDefinition &definition, ItemsFile::BadItems badItems,
                   const Progress &progress, Sink &sink, ItemsFile::Contents &contents,
                   itemsentries::Layout *layout, IoError *error,
                   itemsentries::Root *rootSeen = nullptr);

// Where one read takes its bytes from: a regular file is streamed from the disk; anything else
// (a pipe, a device) is read whole first, within the input bound, so that the document the
// fallback reads holds the same bytes.
struct Source
{
    QString path;
    std::optional<QByteArray> bytes;
};

std::variant<Source, IoError> openSource(const QString &path);
Outcome stream(const Source &source, const TableDefinition &definition,
               ItemsFile::BadItems badItems, const Progress &progress, Sink &sink,
               ItemsFile::Contents &contents, itemsentries::Layout *layout, IoError *error);
// The document a file the streaming pass cannot read is read through.
std::variant<QJsonDocument, IoError> sourceDocument(const Source &source);

// RapidJSON's value callbacks for a handler (CRTP) that takes each scalar as
// scalar(kind, text, length) and each object or array as open(kind) ... close(); the handler
// gives Key itself.
template<typename Handler>
struct ValueEvents
{
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

private:
    bool scalar(Tree::Kind kind, const char *text, rapidjson::SizeType length)
    {
        return static_cast<Handler *>(this)->scalar(kind, text, length);
    }
    bool open(Tree::Kind kind) { return static_cast<Handler *>(this)->open(kind); }
    bool close() { return static_cast<Handler *>(this)->close(); }
};

} // namespace keyscope::model::itemsreader::detail
