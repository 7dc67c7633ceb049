#pragma once

#include "model/teach/collectionkeys.h"
#include "model/teach/lesson.h"

#include <vector>

namespace keyscope::model {

// Why a pair of keys is worth asking about: where byte order and a reader's guess part.
enum class KeyTrap : quint8 {
    None,
    Hash,      // '#' (0x23) sorts before every letter and digit: '#READING#' < 'DEVICE#'
    Case,      // upper case sorts before lower case: 'DeBrie' < 'Dean'
    Padding,   // digits compare one by one: 'POST#10' < 'POST#9'
    Timestamp, // a date written for people: 'Nov 2, 2023' < 'Oct 20, 2023'
};

QString keyTrapName(KeyTrap trap); // "hash", "case", "padding", "timestamp", ""

// The trap between two S or B keys (in either order); None for numbers and plain pairs.
KeyTrap keyTrap(const AttributeValue &a, const AttributeValue &b);

// Up to `count` "which of these two keys sorts first?" questions from the collection's rows,
// asked before step 0. Traps first, one of each kind (in the order Hash, Case, Padding,
// Timestamp), then plain pairs; pairs are neighbours in the collection (a few rows apart).
std::vector<Question> keyOrderQuestions(const CollectionKeys &keys, int count);

} // namespace keyscope::model
