#pragma once

#include "model/table/itemcodec.h"

#include <QStringList>

#include <functional>
#include <initializer_list>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace keyscope::model {

// A sequence of items kept encoded (itemcodec.h): a few hundred thousand imported items cost
// about their size in a file, not a map per item. Copies share the encoded bytes (copy on
// write), so a design copied for a background run, or kept in an undo step, costs nothing more.
// Reading an item decodes it: operator[] and the iterator give Items by value.
class ItemList
{
public:
    using value_type = Item;
    using size_type = std::size_t;

    ItemList() = default;
    ItemList(std::initializer_list<Item> items);
    // Implicit: a vector of items (a test, a live read) is the same items.
    ItemList(const std::vector<Item> &items);

    size_t size() const { return m_count; }
    bool empty() const { return m_count == 0; }

    // const, so that editing the decoded copy (items[i][name] = v) does not compile: it would
    // change nothing. set() changes an item.
    const Item operator[](size_t index) const;
    const Item at(size_t index) const { return (*this)[index]; }
    const Item front() const { return (*this)[0]; }
    const Item back() const { return (*this)[m_count - 1]; }
    // One top-level attribute of an item, without decoding the rest; Null type if absent.
    std::optional<AttributeValue> attribute(size_t index, const QString &name) const;
    // Only the named top-level attributes of an item (those it has).
    Item attributes(size_t index, const QStringList &names) const;
    // The item's DynamoDB size (itemSizeBytes()).
    qint64 sizeBytes(size_t index) const;
    struct Encoded
    {
        std::string_view bytes;
        const NameTable *names = nullptr;
        qint64 sizeBytes = 0;
    };
    // The item as stored (itemcodec.h), against its names.
    Encoded encoded(size_t index) const;

    void push_back(const Item &item);
    // Appends an item already encoded against names() (a reader of a large file).
    void appendEncoded(std::string_view encoded, qint64 sizeBytes);
    // The names appendEncoded()'s items are encoded against.
    NameTable &names();
    // Appends another list's items, sharing their bytes.
    void append(const ItemList &other);
    // Room for `count` more items' offsets and sizes (their bytes go in blocks anyway).
    void reserve(size_t count);
    // Gives back what the last appends reserved ahead (a list read whole from a file).
    void squeeze();
    void clear();
    // Replaces the item at index; the others keep sharing their bytes.
    void set(size_t index, const Item &item);
    // Replaces several items at once (index -> new item).
    void replace(const std::map<size_t, Item> &changes);
    // Removes count items from index.
    void erase(size_t index, size_t count = 1);
    // The first count items (shares the bytes).
    void truncate(size_t count);
    // The items [from, from + count) as a list of their own.
    ItemList mid(size_t from, size_t count) const;
    // The items whose index `keep` accepts, in order (sharing the bytes).
    ItemList keeping(const std::function<bool(size_t)> &keep) const;

    std::vector<Item> toVector() const;
    // Whether both hold the same items (the same shared bytes are equal without decoding).
    bool operator==(const ItemList &other) const;

    class const_iterator
    {
    public:
        using iterator_category = std::random_access_iterator_tag;
        using value_type = Item;
        using difference_type = std::ptrdiff_t;
        using pointer = void;
        using reference = const Item;

        const_iterator() = default;
        const_iterator(const ItemList *list, size_t index)
            : m_list(list)
            , m_index(index)
        { }
        const Item operator*() const { return (*m_list)[m_index]; }
        const Item operator[](difference_type n) const { return (*m_list)[size_t(difference_type(m_index) + n)]; }
        const_iterator &operator++() { ++m_index; return *this; }
        const_iterator operator++(int) { auto copy = *this; ++m_index; return copy; }
        const_iterator &operator--() { --m_index; return *this; }
        const_iterator &operator+=(difference_type n) { m_index = size_t(difference_type(m_index) + n); return *this; }
        const_iterator &operator-=(difference_type n) { return *this += -n; }
        friend const_iterator operator+(const_iterator it, difference_type n) { return it += n; }
        friend const_iterator operator-(const_iterator it, difference_type n) { return it -= n; }
        friend difference_type operator-(const const_iterator &a, const const_iterator &b)
        {
            return difference_type(a.m_index) - difference_type(b.m_index);
        }
        friend bool operator==(const const_iterator &a, const const_iterator &b)
        {
            return a.m_index == b.m_index;
        }
        friend auto operator<=>(const const_iterator &a, const const_iterator &b)
        {
            return a.m_index <=> b.m_index;
        }

    private:
        const ItemList *m_list = nullptr;
        size_t m_index = 0;
    };
    const_iterator begin() const { return {this, 0}; }
    const_iterator end() const { return {this, m_count}; }

private:
    // Items in blocks of about a megabyte that are never reallocated: a list of a few hundred
    // thousand items grows without copying itself (a string doubling as it grew held up to
    // twice the items, and three times while it moved), and an item's bytes stay where they are.
    struct Segment
    {
        NameTable names;
        std::vector<std::string> blocks; // an item never straddles two
        // Item i starts at offsets[i] (block << 32 | offset in it); the last entry is where the
        // last item ends. An item ends where the next starts, or with its block.
        std::vector<quint64> offsets {0};
        std::vector<quint32> sizes; // DynamoDB item sizes
        size_t count() const { return sizes.size(); }
        std::string_view item(size_t index) const;
        void add(std::string_view encoded, qint64 sizeBytes);
    };
    // A run of one segment's items; lists that share a segment may hold different runs of it.
    struct Piece
    {
        std::shared_ptr<Segment> segment;
        size_t begin = 0;
        size_t count = 0;
    };
    struct Located
    {
        const Segment *segment;
        size_t index;
    };
    Located locate(size_t index) const;
    // A segment to append to, owned by this list alone (a new one if the last is shared).
    Segment &writableTail();
    // Replaces the pieces by these runs [from, from + count) of the current list, in order.
    void keepRanges(const std::vector<std::pair<size_t, size_t>> &ranges);
    void recount();

    std::vector<Piece> m_pieces;
    std::vector<size_t> m_starts; // index of each piece's first item
    size_t m_count = 0;
};

} // namespace keyscope::model
