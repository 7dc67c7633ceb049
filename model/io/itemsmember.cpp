// A Keyscope project's "items" member read as it is parsed, and the document without it.
#include "model/io/itemsreaderparts.h"

#include "model/value/dynamojson.h"

#include <rapidjson/memorystream.h>

#include <functional>

namespace keyscope::model::itemsreader {

using detail::FastItems;
using detail::Tree;
using detail::TreeBuilder;
using detail::ValueEvents;

namespace {

// The SAX handler of readItemsMember: follows the top level of an object, and reads each entry
// of the array of the given member name into items, as the project reader would take it.
class MemberItems : public ValueEvents<MemberItems>
{
    friend ValueEvents<MemberItems>;

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

} // namespace

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

} // namespace keyscope::model::itemsreader
