#pragma once

#include "model/value/attributevalue.h"

#include <QString>

namespace keyscope::model {

// Why DynamoDB orders two key values the way it does, in words:
//   "'DeBrie' sorts before 'Dean': at byte 3, 'B' (0x42) < 'a' (0x61)"
//   "'READING#10' sorts before 'READING#2': at byte 9, '1' (0x31) < '2' (0x32)"
//   "'AB' sorts before 'ABC': it is a prefix of it"
//   "9 sorts before 10: numbers compare by value"
// Bytes are counted from 1. Both values must be of one key type (S, N or B).
QString explainKeyOrder(const AttributeValue &a, const AttributeValue &b);

// The first byte where two byte strings differ (0-based), or -1 when one is a prefix of the
// other (or they are equal).
qsizetype firstDifference(const QByteArray &a, const QByteArray &b);

// One byte as a person reads it: 'B' (0x42), or 0xC2 for a byte that is not printable ASCII.
QString describeByte(quint8 byte);

} // namespace keyscope::model
