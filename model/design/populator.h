#pragma once

#include "model/design/project.h"
#include "model/value/attributevalue.h"

#include <QString>

#include <functional>
#include <optional>
#include <variant>
#include <vector>

namespace keyscope::model {

// The items a project generates, with where each came from.
struct Population
{
    ItemList items;               // generated items in generation order, then hand-written
    std::vector<int> entityOf;    // index into Project::entities; -1 for hand-written
    std::vector<qint64> parentOf; // index of the parent item; -1 for roots, hand-written
    qsizetype generatedCount = 0; // items before the hand-written ones

    qsizetype size() const { return qsizetype(items.size()); }
};

// How messages name one item of a population, counted from 1 as the pattern editor counts a
// parent: "Org 1" is the first Org generated, "hand-written item 3" the project's items[2].
// `ordinal` is the item's place among the generated items of its type, from 1, when the caller
// knows it (CheckContext looks it up); otherwise the items before it are counted.
QString populationItemName(const Project &project, const Population &population, qint64 item,
                           qint64 ordinal = 0);

struct PopulationError
{
    QString path;    // JSON path in the project: "entities[1].keys.SK"
    QString message; // what is wrong and how to fix it
    QString place;   // the path in the user's words: "the SK template of Reading"
};

// A rendered key value converted to the type its key attribute is defined with: an N rendered
// for an S key is written in canonical form; S text for an N key must be a number.
std::optional<AttributeValue> coerceKeyValue(const AttributeValue &value,
                                             AttributeValue::Type wanted, const QString &attribute,
                                             QString *error);

// Generates a project's items: root entities first, then each child type under each of its
// parents, attributes from their generators, keys from their templates. Deterministic for a
// seed: each entity type draws from its own random stream, so editing one type does not
// reshuffle the others.
class Populator
{
public:
    using Progress = std::function<void(qint64 done, qint64 total)>;

    // The most items one population may hold (generated and hand-written): the engine is
    // built and measured for collections up to this size. Larger designs are refused with the
    // path of the count that makes them too big.
    static constexpr qint64 kMaxItems = 10'000'000;
    // What one generated item is expected to take in memory while the population and its
    // table exist, per attribute and for the item itself (measured on the examples, rounded up).
    static constexpr qint64 kBytesPerItem = 320;
    static constexpr qint64 kBytesPerAttribute = 160;
    // The memory the machine has (0 when unknown), or KEYSCOPE_MEMORY_BYTES when set: a
    // population estimated to need more than 80% of it is refused before it starts.
    static qint64 physicalMemory();

    static std::variant<Population, PopulationError> populate(const Project &project,
                                                              std::optional<quint64> seed = {},
                                                              const Progress &progress = {});
};

} // namespace keyscope::model
