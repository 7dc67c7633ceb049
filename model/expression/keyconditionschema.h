#pragma once

#include "model/value/attributevalue.h"

#include <QString>

#include <vector>

namespace keyscope::model {

// One key attribute of the table or index being queried; its type is S, N or B.
struct KeyAttribute
{
    QString name;
    AttributeValue::Type type = AttributeValue::Type::S;
};

// The key schema a key condition is checked against. A table or LSI has one HASH and at most one
// RANGE attribute; a multi-attribute GSI key has 1..4 HASH and 0..4 RANGE attributes.
struct KeyConditionSchema
{
    std::vector<KeyAttribute> hash;
    std::vector<KeyAttribute> range;
};

enum class SortKeyOperator {
    Equal,
    Less,
    LessOrEqual,
    Greater,
    GreaterOrEqual,
    Between,
    BeginsWith
};

// A condition on one RANGE attribute, already normalised so the attribute is on the left
// (":v <= sk" arrives here as sk >= :v).
struct RangeCondition
{
    QString attribute;
    SortKeyOperator op = SortKeyOperator::Equal;
    AttributeValue value;
    AttributeValue upper; // Between only
};

// A validated key condition. hashValues follow the schema's HASH order. range follows the
// schema's RANGE order with no gaps; every condition but the last is Equal.
struct KeyCondition
{
    std::vector<AttributeValue> hashValues;
    std::vector<RangeCondition> range;
};

} // namespace keyscope::model
