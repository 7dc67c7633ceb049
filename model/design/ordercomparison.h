#pragma once

#include "model/design/project.h"
#include "model/value/attributevalue.h"

#include <QString>

#include <optional>
#include <vector>

namespace keyscope::model {

// How an access pattern's orderBy compares two values of its attribute: by what they mean.
// Numbers written as text compare as numbers, ISO-8601 instants (with Z or an offset) as
// instants, where equal instants are ties, and dates written for people ("Dec 4, 2023", every
// value in one format) as dates; anything else byte by byte, as DynamoDB sorts keys.
// The pattern's "orderBy": {"as": "bytes" | "number" | "instant"} overrides; otherwise the
// attribute's declared kind and generator decide, then the values themselves.
struct OrderComparison
{
    enum class As { Bytes, Number, Instant };

    As as = As::Bytes;
    QString reason; // "CreatedAt is a timestamp", "every value is a number written as text"
    QString error;  // an "as" that is none of the three
    // Instant: the display format every value is written in ("MMM d, yyyy"); empty for ISO-8601.
    QString dateFormat;

    static OrderComparison choose(const Project &project, const AccessPattern &pattern,
                                  const std::vector<AttributeValue> &values);
    static QString asName(As as); // "bytes", "number", "instant"

    // Negative, zero or positive; nullopt when the two cannot be compared (different types,
    // or a value that is not what `as` says), which the order check skips.
    std::optional<int> compare(const AttributeValue &a, const AttributeValue &b) const;
    // "compared as instants: CreatedAt is a timestamp"
    QString description() const;
};

} // namespace keyscope::model
