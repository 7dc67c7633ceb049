#include "model/table/itemlist.h"

#include <algorithm>

namespace keyscope::model {

ItemList::ItemList(std::initializer_list<Item> items)
{
    for (const Item &item : items)
        push_back(item);
}

ItemList::ItemList(const std::vector<Item> &items)
{
    for (const Item &item : items)
        push_back(item);
}

ItemList::Located ItemList::locate(size_t index) const
{
    Q_ASSERT(index < m_count);
    size_t p = 0;
    if (m_pieces.size() > 1) {
        p = size_t(std::upper_bound(m_starts.begin(), m_starts.end(), index) - m_starts.begin())
            - 1;
    }
    const Piece &piece = m_pieces[p];
    return {piece.segment.get(), piece.begin + (index - m_starts[p])};
}

namespace {

constexpr size_t kFirstBlockBytes = 256;
constexpr size_t kBlockBytes = size_t(1) << 20;

size_t blockOf(quint64 offset)
{
    return size_t(offset >> 32);
}

size_t offsetIn(quint64 offset)
{
    return size_t(offset & 0xffffffffu);
}

} // namespace

std::string_view ItemList::Segment::item(size_t index) const
{
    const quint64 from = offsets[index];
    const quint64 next = offsets[index + 1];
    const std::string &block = blocks[blockOf(from)];
    const size_t end = blockOf(next) == blockOf(from) ? offsetIn(next) : block.size();
    return std::string_view(block.data() + offsetIn(from), end - offsetIn(from));
}

void ItemList::Segment::add(std::string_view encoded, qint64 sizeBytes)
{
    // A new block when the item does not fit: appending past a block's capacity would move it.
    // Blocks double from 256 bytes up to kBlockBytes, so a list of one edited item stays small.
    if (blocks.empty() || blocks.back().size() + encoded.size() > blocks.back().capacity()) {
        const size_t grown = blocks.empty() ? kFirstBlockBytes : 2 * blocks.back().capacity();
        blocks.emplace_back().reserve(std::max(std::min(grown, kBlockBytes), encoded.size()));
        offsets.back() = quint64(blocks.size() - 1) << 32;
    }
    std::string &block = blocks.back();
    block.append(encoded);
    offsets.push_back((quint64(blocks.size() - 1) << 32) | quint64(block.size()));
    sizes.push_back(quint32(sizeBytes));
}

const Item ItemList::operator[](size_t index) const
{
    const auto [segment, i] = locate(index);
    const std::string_view bytes = segment->item(i);
    return itemcodec::decode(bytes.data(), qsizetype(bytes.size()), segment->names);
}

std::optional<AttributeValue> ItemList::attribute(size_t index, const QString &name) const
{
    const auto [segment, i] = locate(index);
    const qint64 id = segment->names.find(name);
    if (id < 0)
        return std::nullopt;
    const std::string_view bytes = segment->item(i);
    const auto located = itemcodec::find(bytes.data(), qsizetype(bytes.size()), quint32(id));
    if (!located.found)
        return std::nullopt;
    return itemcodec::decodeValue(located, segment->names);
}

Item ItemList::attributes(size_t index, const QStringList &names) const
{
    Item out;
    for (const QString &name : names) {
        if (auto value = attribute(index, name))
            out.emplace(name, std::move(*value));
    }
    return out;
}

qint64 ItemList::sizeBytes(size_t index) const
{
    const auto [segment, i] = locate(index);
    return segment->sizes[i];
}

ItemList::Encoded ItemList::encoded(size_t index) const
{
    const auto [segment, i] = locate(index);
    return {segment->item(i), &segment->names, segment->sizes[i]};
}

ItemList::Segment &ItemList::writableTail()
{
    if (!m_pieces.empty()) {
        Piece &last = m_pieces.back();
        if (last.segment.use_count() == 1 && last.begin + last.count == last.segment->count())
            return *last.segment;
    }
    m_starts.push_back(m_count);
    m_pieces.push_back({std::make_shared<Segment>(), 0, 0});
    return *m_pieces.back().segment;
}

NameTable &ItemList::names()
{
    return writableTail().names;
}

void ItemList::appendEncoded(std::string_view encoded, qint64 sizeBytes)
{
    writableTail().add(encoded, sizeBytes);
    ++m_pieces.back().count;
    ++m_count;
}

void ItemList::push_back(const Item &item)
{
    std::string encoded;
    itemcodec::encode(item, names(), encoded);
    appendEncoded(encoded, itemSizeBytes(item));
}

void ItemList::reserve(size_t count)
{
    if (count == 0)
        return;
    Segment &tail = writableTail();
    tail.offsets.reserve(tail.offsets.size() + count);
    tail.sizes.reserve(tail.sizes.size() + count);
}

void ItemList::squeeze()
{
    for (Piece &piece : m_pieces) {
        if (piece.segment.use_count() == 1) {
            piece.segment->offsets.shrink_to_fit();
            piece.segment->sizes.shrink_to_fit();
        }
    }
    m_pieces.shrink_to_fit();
    m_starts.shrink_to_fit();
}

void ItemList::append(const ItemList &other)
{
    if (&other == this) {
        const ItemList copy = other;
        append(copy);
        return;
    }
    for (const Piece &piece : other.m_pieces) {
        m_starts.push_back(m_count);
        m_pieces.push_back(piece);
        m_count += piece.count;
    }
}

void ItemList::clear()
{
    m_pieces.clear();
    m_starts.clear();
    m_count = 0;
}

void ItemList::recount()
{
    std::erase_if(m_pieces, [](const Piece &piece) { return piece.count == 0; });
    m_starts.clear();
    m_count = 0;
    for (const Piece &piece : m_pieces) {
        m_starts.push_back(m_count);
        m_count += piece.count;
    }
}

void ItemList::keepRanges(const std::vector<std::pair<size_t, size_t>> &ranges)
{
    std::vector<Piece> kept;
    for (const auto &[from, count] : ranges) {
        size_t at = from;
        size_t left = std::min(count, m_count - std::min(from, m_count));
        while (left > 0) {
            const size_t p = size_t(std::upper_bound(m_starts.begin(), m_starts.end(), at)
                                    - m_starts.begin())
                - 1;
            const Piece &piece = m_pieces[p];
            const size_t offset = at - m_starts[p];
            const size_t take = std::min(left, piece.count - offset);
            kept.push_back({piece.segment, piece.begin + offset, take});
            at += take;
            left -= take;
        }
    }
    m_pieces = std::move(kept);
    recount();
}

void ItemList::set(size_t index, const Item &item)
{
    replace({{index, item}});
}

void ItemList::replace(const std::map<size_t, Item> &changes)
{
    if (changes.empty())
        return;
    ItemList changed;
    for (const auto &[index, item] : changes)
        changed.push_back(item);
    ItemList out;
    size_t next = 0;
    size_t c = 0;
    for (const auto &[index, item] : changes) {
        Q_ASSERT(index < m_count);
        out.append(mid(next, index - next));
        out.append(changed.mid(c++, 1));
        next = index + 1;
    }
    out.append(mid(next, m_count - next));
    *this = std::move(out);
}

void ItemList::erase(size_t index, size_t count)
{
    keepRanges({{0, index}, {index + count, m_count - std::min(m_count, index + count)}});
}

void ItemList::truncate(size_t count)
{
    if (count < m_count)
        keepRanges({{0, count}});
}

ItemList ItemList::mid(size_t from, size_t count) const
{
    ItemList out = *this;
    out.keepRanges({{from, count}});
    return out;
}

ItemList ItemList::keeping(const std::function<bool(size_t)> &keep) const
{
    std::vector<std::pair<size_t, size_t>> ranges;
    for (size_t i = 0; i < m_count; ++i) {
        if (!keep(i))
            continue;
        if (!ranges.empty() && ranges.back().first + ranges.back().second == i)
            ++ranges.back().second;
        else
            ranges.emplace_back(i, 1);
    }
    ItemList out = *this;
    out.keepRanges(ranges);
    return out;
}

std::vector<Item> ItemList::toVector() const
{
    std::vector<Item> out;
    out.reserve(m_count);
    for (size_t i = 0; i < m_count; ++i)
        out.push_back((*this)[i]);
    return out;
}

bool ItemList::operator==(const ItemList &other) const
{
    if (m_count != other.m_count)
        return false;
    if (m_starts == other.m_starts
        && std::equal(m_pieces.begin(), m_pieces.end(), other.m_pieces.begin(),
                      [](const Piece &a, const Piece &b) {
                          return a.segment == b.segment && a.begin == b.begin
                              && a.count == b.count;
                      })) {
        return true;
    }
    for (size_t i = 0; i < m_count; ++i) {
        if ((*this)[i] != other[i])
            return false;
    }
    return true;
}

} // namespace keyscope::model
