#pragma once

#include "model/value/attributevalue.h"

#include <QByteArray>
#include <QByteArrayView>

#include <vector>

namespace keyscope::model::keyencoding {

// Multi-attribute keys sort by the tuple of their values, each by its own type. A tuple is
// encoded so that memcmp order is tuple order: each component's comparable bytes with 0x00
// escaped as 0x00 0xFF, then the terminator 0x00 0x01.
void appendComponent(QByteArray &out, QByteArrayView comparableBytes);
// The escaped bytes without terminator: every encoding of a component starting with these bytes
// starts with this (used by begins_with on the last component).
void appendComponentPrefix(QByteArray &out, QByteArrayView comparableBytes);
QByteArray encodeTuple(const std::vector<AttributeValue> &values);

// The smallest byte string greater than every string that starts with `prefix`;
// empty when there is none (prefix is all 0xFF or empty).
QByteArray prefixEnd(QByteArrayView prefix);

// The smallest byte string greater than `bytes` (bytes + 0x00).
QByteArray successor(QByteArrayView bytes);

int compareBytes(QByteArrayView a, QByteArrayView b);

} // namespace keyscope::model::keyencoding
