#pragma once

#include "model/design/recovery/designrecovery.h"
#include "model/design/recovery/keyshape.h"

#include <QByteArray>
#include <QHash>
#include <QSet>

// Internals shared by the recovery's passes (designrecovery.cpp groups the items,
// groupinference.cpp turns each group into a proposal). Not part of the API.

namespace keyscope::model::recovery::detail {

// What every pass reads: the key attributes, each item's key values as UTF-8 (read once: the
// items are kept encoded), the type attribute and hint of each item.
struct Context
{
    Context(const TableDefinition &table, const ItemList &items,
            const std::vector<TypeHint> &hints);

    const TableDefinition &table;
    const ItemList &items;
    const std::vector<TypeHint> &hints;
    QStringList keyNames; // table HASH, RANGE, then every index's keys, each once
    QSet<QString> keyNameSet;
    QSet<QString> tableKeyNames; // the table's own HASH and RANGE
    QStringList typeAttributes;  // the type attributes (Type, __typename, ...) the items use
    std::vector<int> hintOf;     // per item: the hint listing it, or -1
    qsizetype binaryKeys = 0;    // B key values, which recovery leaves alone

    int keyCount() const { return int(keyNames.size()); }
    // The key value's UTF-8 text; nullptr when the item has no S or N value for the key.
    const QByteArrayView *key(qsizetype item, int k) const
    {
        const QByteArrayView &text = m_keys[size_t(item) * size_t(keyNames.size()) + size_t(k)];
        return text.data() ? &text : nullptr;
    }
    // The item's type attribute value (empty when none), and its name.
    QByteArray typeOf(qsizetype item, QString *attribute = nullptr) const;

private:
    // Per item and key: a view of m_keyTexts (no data: the item has none). One arena for all
    // the texts: a QByteArray per key cost three times the text of a few hundred thousand keys.
    std::vector<QByteArrayView> m_keys;
    QByteArray m_keyTexts; // S values, N values as text
};

// Calls the progress callback about every 64k items; remembers a cancel.
struct Progress
{
    const std::function<bool(qsizetype, qsizetype)> *callback = nullptr;
    qsizetype total = 0;
    int passes = 1; // passes over the items; done counts all of them as one run to total
    int pass = 0;   // the pass under way (0-based)
    bool cancelled = false;

    // The i-th item of the current pass is being examined; false when the caller cancelled.
    bool tick(qsizetype i)
    {
        if (cancelled)
            return false;
        if (!callback || !*callback || (i & 0xFFFF) != 0)
            return true;
        const qsizetype done = (qsizetype(pass) * total + i) / passes;
        cancelled = !(*callback)(done, total);
        return !cancelled;
    }
};

// A span of a key's tokens (first..last, inclusive) whose text an attribute of the items
// holds: exactly, upper- or lower-cased, as the number it writes, or rendered through a time
// filter ("|date"), in at least 90% of the sampled items.
struct SpanMatch
{
    enum class Mode { Exact, Number, Case, Render };
    int key = 0;
    int first = 0;
    int last = 0;
    QString attribute;
    Mode mode = Mode::Exact;
    QString filters;      // "|upper", "|pad:5", "|date"
    bool related = false; // the attribute's name contains the label before the span
};

// The spans of the sample's keys (tokens of sample[0] per key in `layout`; a token is
// considered only where `eligible` says so) that attributes hold, best first (longest, then
// related names, then exact before number before case before time).
std::vector<SpanMatch> matchSpans(const Context &context, const std::vector<qsizetype> &sample,
                                  const std::vector<std::vector<KeyToken>> &layout,
                                  const std::vector<std::vector<bool>> &eligible);

// Up to `limit` members spread evenly over the group (all when fewer).
std::vector<qsizetype> sampleOf(const std::vector<qsizetype> &members, qsizetype limit);

// Turns groups of items (each one key shape) into the result: proposals with templates,
// attributes, parents, names, near misses and outliers; the rest unmatched. `names` may hold
// a name (and its source) to keep per group (merge keeps the user's view stable).
// `mixedShapes` marks groups that may hold items of different key shapes (merged), whose
// differing keys then get whole-key placeholders.
RecoveryResult buildResult(const Context &context, std::vector<std::vector<qsizetype>> groups,
                           const std::vector<std::pair<QString, QString>> &names,
                           const std::vector<bool> &mixedShapes, Progress &progress);

// "ORDER_ITEM" -> "OrderItem", "reading" -> "Reading".
QString camelName(QStringView label);

} // namespace keyscope::model::recovery::detail
