// A key condition as a range of sort-key bytes, and a partition's key as bytes.

#include "model/query/queryengineparts.h"

namespace keyscope::model::queryinternal {

namespace {

void setUpper(ByteRange &range, const QByteArray &upper)
{
    // prefixEnd() returns empty when no byte string follows: then there is no upper bound.
    range.upper = upper;
    range.hasUpper = !upper.isEmpty();
}

} // namespace

ByteRange singleAttributeRange(const RangeCondition &c)
{
    ByteRange r;
    const QByteArray v = c.value.sortableBytes();
    switch (c.op) {
    case SortKeyOperator::Equal:
        r.lower = v;
        setUpper(r, keyencoding::successor(v));
        break;
    case SortKeyOperator::Less:
        setUpper(r, v);
        break;
    case SortKeyOperator::LessOrEqual:
        setUpper(r, keyencoding::successor(v));
        break;
    case SortKeyOperator::Greater:
        r.lower = keyencoding::successor(v);
        break;
    case SortKeyOperator::GreaterOrEqual:
        r.lower = v;
        break;
    case SortKeyOperator::Between:
        r.lower = v;
        setUpper(r, keyencoding::successor(c.upper.sortableBytes()));
        break;
    case SortKeyOperator::BeginsWith:
        r.lower = v;
        setUpper(r, keyencoding::prefixEnd(v));
        break;
    }
    return r;
}

// Multi-attribute keys are tuples (keyencoding.h): equalities on the leading components fix a
// prefix; the last condition bounds the next component within it.
ByteRange tupleRange(const std::vector<RangeCondition> &conditions)
{
    ByteRange r;
    if (conditions.empty())
        return r;
    QByteArray prefix;
    for (std::size_t i = 0; i + 1 < conditions.size(); ++i)
        keyencoding::appendComponent(prefix, conditions[i].value.sortableBytes());
    const RangeCondition &c = conditions.back();
    const auto component = [&](const AttributeValue &v) {
        QByteArray out = prefix;
        keyencoding::appendComponent(out, v.sortableBytes());
        return out;
    };
    const QByteArray v = component(c.value);
    const QByteArray prefixUpper = keyencoding::prefixEnd(prefix);
    switch (c.op) {
    case SortKeyOperator::Equal:
        r.lower = v;
        setUpper(r, keyencoding::prefixEnd(v));
        break;
    case SortKeyOperator::Less:
        r.lower = prefix;
        setUpper(r, v);
        break;
    case SortKeyOperator::LessOrEqual:
        r.lower = prefix;
        setUpper(r, keyencoding::prefixEnd(v));
        break;
    case SortKeyOperator::Greater:
        r.lower = keyencoding::prefixEnd(v);
        setUpper(r, prefixUpper);
        break;
    case SortKeyOperator::GreaterOrEqual:
        r.lower = v;
        setUpper(r, prefixUpper);
        break;
    case SortKeyOperator::Between:
        r.lower = v;
        setUpper(r, keyencoding::prefixEnd(component(c.upper)));
        break;
    case SortKeyOperator::BeginsWith: {
        QByteArray p = prefix;
        keyencoding::appendComponentPrefix(p, c.value.sortableBytes());
        r.lower = p;
        setUpper(r, keyencoding::prefixEnd(p));
        break;
    }
    }
    return r;
}

QByteArray partitionBytes(const IndexStore &store, const std::vector<AttributeValue> &hashValues)
{
    if (!store.isMultiAttribute())
        return hashValues.front().sortableBytes();
    return keyencoding::encodeTuple(hashValues);
}

} // namespace keyscope::model::queryinternal
