#pragma once

#include <QString>

#include <functional>

class QFontMetricsF;

namespace keyscope::ui {

// How a key is shortened when it cannot fit: the rule every picture of keys follows.
//
// A shortened key keeps its entity prefix ("USER#", "#READING#") and the characters where it
// first differs from its neighbours (the rows above and below it), since those decide its place
// in the order; an ellipsis stands wherever text is dropped. Room left over goes first to the
// words around those characters, then to the end of the key (it usually tells rows apart), then
// to the rest. Without neighbours (or when they differ from it only in the prefix) a key keeps
// whole '#' segments at its start and its end, or else is cut in the middle.
class KeyElision
{
public:
    using Measure = std::function<double(const QString &)>;

    // The entity prefix: up to and including the first '#' segment ("USER#" of "USER#ANA#007",
    // "#ORDER#" of "#ORDER#2024-01-01"); 0 when the key has no '#' after its first character.
    static qsizetype prefixLength(const QString &key);
    // Where `key` first differs from `other` (the length of their common start), at most the
    // key's last character; -1 when they are equal or `other` is empty.
    static qsizetype firstDifference(const QString &key, const QString &other);

    // `key` as it fits `width` (measured by `measure`), between the neighbours `above` and
    // `below` (either may be empty). The whole key when it fits; the best shortening otherwise,
    // which may still be wider than `width` when not even the prefix and the differing
    // characters fit.
    static QString elide(const QString &key, const QString &above, const QString &below,
                         double width, const Measure &measure);
    static QString elide(const QString &key, const QString &above, const QString &below,
                         double width, const QFontMetricsF &metrics);
};

} // namespace keyscope::ui
