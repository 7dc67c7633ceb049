#include "ui/collection/keyelision.h"

#include <QFontMetricsF>

#include <algorithm>
#include <initializer_list>
#include <tuple>
#include <vector>

namespace keyscope::ui {

namespace {

const QChar kEllipsis(0x2026);

// Words are runs of letters and digits; '#', '-', ':' and the like separate them.
bool isWord(QChar c)
{
    return c.isLetterOrNumber();
}

// The start of the word holding `i`, and the end of the word holding `i`.
qsizetype wordStart(const QString &key, qsizetype i)
{
    while (i > 0 && isWord(key[i - 1]) && isWord(key[i]))
        --i;
    return i;
}

qsizetype wordEnd(const QString &key, qsizetype i)
{
    while (i < key.size() && isWord(key[i]))
        ++i;
    return i;
}

// The start of the word before position `i` (skipping the separators in between).
qsizetype previousWordStart(const QString &key, qsizetype i)
{
    while (i > 0 && !isWord(key[i - 1]))
        --i;
    while (i > 0 && isWord(key[i - 1]))
        --i;
    return i;
}

// The end of the word after position `i` (skipping the separators in between).
qsizetype nextWordEnd(const QString &key, qsizetype i)
{
    while (i < key.size() && !isWord(key[i]))
        ++i;
    return wordEnd(key, i);
}

// The parts of a key kept so far, [from, to) each, in key order; the first is the prefix.
class Shortening
{
public:
    struct Part
    {
        qsizetype from = 0;
        qsizetype to = 0;
    };

    Shortening(const QString &key, double width, const KeyElision::Measure &measure)
        : m_key(key)
        , m_width(width)
        , m_measure(measure)
    { }

    std::vector<Part> parts;

    QString text() const
    {
        QString out;
        qsizetype at = 0;
        for (const Part &part : parts) {
            if (part.from > at)
                out += kEllipsis;
            if (part.to > std::max(at, part.from))
                out += m_key.mid(std::max(at, part.from), part.to - std::max(at, part.from));
            at = std::max(at, part.to);
        }
        if (at < m_key.size())
            out += kEllipsis;
        return out;
    }

    bool fits() const { return m_measure(text()) <= m_width; }

    // Moves the start of part i left towards `target`, as far as it fits (all or nothing when
    // `whole`). Whether it moved at all.
    bool growLeft(size_t i, qsizetype target, bool whole)
    {
        return grow(parts[i].from, std::min(target, parts[i].from), whole);
    }
    bool growRight(size_t i, qsizetype target, bool whole)
    {
        return grow(parts[i].to, std::max(target, parts[i].to), whole);
    }

private:
    // Moves `end` towards `target`: the text grows with the distance (where two parts meet an
    // ellipsis goes away, so the whole move is tried first).
    bool grow(qsizetype &end, qsizetype target, bool whole)
    {
        const qsizetype start = end;
        end = target;
        if (target == start || fits())
            return target != start;
        end = start;
        if (whole)
            return false;
        qsizetype good = start;
        qsizetype bad = target;
        while (std::abs(bad - good) > 1) {
            end = good + (bad - good) / 2;
            (fits() ? good : bad) = end;
        }
        end = good;
        return good != start;
    }

    const QString &m_key;
    double m_width;
    const KeyElision::Measure &m_measure;
};

// Room left at the end of a pass goes to whole characters, not to a dangling separator.
void fillRoom(Shortening &s, const QString &key)
{
    auto &last = s.parts.back();
    const qsizetype to = last.to;
    if (s.growRight(s.parts.size() - 1, key.size(), false)) {
        while (last.to > to && !isWord(key[last.to - 1]))
            --last.to;
    }
    for (size_t i = s.parts.size(); i-- > 1;) {
        auto &part = s.parts[i];
        const qsizetype from = part.from;
        if (s.growLeft(i, s.parts[i - 1].to, false)) {
            while (part.from < from && !isWord(key[part.from]))
                ++part.from;
        }
    }
}

// What a shortening must keep: the prefix, and each character where the key first differs from
// a neighbour beyond the prefix. False when there is none.
bool keepDifferences(Shortening &s, const QString &key, std::initializer_list<QString> neighbours)
{
    const qsizetype prefix = KeyElision::prefixLength(key);
    s.parts.push_back({0, prefix});
    std::vector<qsizetype> differences;
    for (const QString &neighbour : neighbours) {
        const qsizetype d = KeyElision::firstDifference(key, neighbour);
        if (d >= prefix)
            differences.push_back(d);
    }
    std::sort(differences.begin(), differences.end());
    differences.erase(std::unique(differences.begin(), differences.end()), differences.end());
    for (qsizetype d : differences)
        s.parts.push_back({d, d + 1});
    return !differences.empty();
}

// The words holding the kept characters: from their start, then whole, then a character at a
// time to each in turn (two places keep a share each).
void growOwnWords(Shortening &s, const QString &key)
{
    std::vector<qsizetype> ends;
    for (size_t i = 1; i < s.parts.size(); ++i) {
        s.growLeft(i, std::max(wordStart(key, s.parts[i].from), s.parts[i - 1].to), false);
        ends.push_back(wordEnd(key, s.parts[i].from));
    }
    for (size_t i = 1; i < s.parts.size(); ++i)
        s.growRight(i, ends[i - 1], true);
    for (bool grew = true; grew;) {
        grew = false;
        for (size_t i = 1; i < s.parts.size(); ++i) {
            if (s.parts[i].to < ends[i - 1])
                grew = s.growRight(i, s.parts[i].to + 1, true) || grew;
        }
    }
}

// The room goes to the words holding the kept characters, then to the end of the key in one
// piece, then to whole words on either side.
void growWords(Shortening &s, const QString &key)
{
    const qsizetype n = key.size();
    growOwnWords(s, key);
    s.growRight(s.parts.size() - 1, n, true);
    for (size_t i = s.parts.size(); i-- > 1;) {
        while (s.parts[i].from > s.parts[i - 1].to
               && s.growLeft(
                   i, std::max(previousWordStart(key, s.parts[i].from), s.parts[i - 1].to), true)) {
        }
    }
    for (size_t i = 1; i < s.parts.size(); ++i) {
        const qsizetype limit = i + 1 < s.parts.size() ? s.parts[i + 1].from : n;
        while (s.parts[i].to < limit
               && s.growRight(i, std::min(nextWordEnd(key, s.parts[i].to), limit), true)) { }
    }
}

// Without neighbours to tell it apart from: a cut in the middle, the prefix kept whole.
QString middleCut(const QString &key, double width, const KeyElision::Measure &measure)
{
    const qsizetype prefix = KeyElision::prefixLength(key);
    const auto cut = [&](qsizetype shown) {
        const qsizetype head = std::max(prefix, (shown + 1) / 2);
        return key.left(head) + kEllipsis + key.right(std::max(qsizetype(0), shown - head));
    };
    qsizetype good = prefix;
    qsizetype bad = key.size();
    while (bad - good > 1) {
        const qsizetype mid = good + (bad - good) / 2;
        (measure(cut(mid)) <= width ? good : bad) = mid;
    }
    return cut(good);
}

// Without neighbours, whole '#' segments: a start ending in '#' (at least the prefix, and the
// first two segments where they fit: the type and the id, "ORDER#0001#") and an end starting
// with one; the longest pair that fits wins (ties go to the longer end: it tells rows apart).
QString wholeSegments(const QString &key, double width, const KeyElision::Measure &measure)
{
    std::vector<qsizetype> hashes;
    for (qsizetype i = 0; i < key.size(); ++i) {
        if (key[i] == u'#')
            hashes.push_back(i);
    }
    const qsizetype prefix = KeyElision::prefixLength(key);
    QString best;
    qsizetype bestShown = 0, bestEnd = 0;
    bool bestHead = false;
    for (size_t si = hashes.size(); si-- > 0;) {
        const QString end = key.mid(hashes[si]);
        if (measure(kEllipsis + end) > width)
            break;
        for (size_t pi = 0; pi < si; ++pi) {
            if (hashes[pi] + 1 < prefix)
                continue;
            const QString candidate = key.left(hashes[pi] + 1) + kEllipsis + end;
            if (measure(candidate) > width)
                break;
            const bool head = pi >= 1 || hashes.size() <= 2;
            const qsizetype shown = candidate.size() - 1;
            if (std::tuple(head, shown, end.size()) > std::tuple(bestHead, bestShown, bestEnd)) {
                best = candidate;
                std::tie(bestHead, bestShown, bestEnd) = std::tuple(head, shown, end.size());
            }
        }
    }
    // Whole segments unless they throw away much more than a middle cut would.
    const QString middle = middleCut(key, width, measure);
    return !best.isEmpty() && bestShown * 10 >= (middle.size() - 1) * 6 ? best : middle;
}

} // namespace

qsizetype KeyElision::prefixLength(const QString &key)
{
    const qsizetype hash = key.indexOf(u'#', 1);
    return hash < 0 ? 0 : hash + 1;
}

qsizetype KeyElision::firstDifference(const QString &key, const QString &other)
{
    if (other.isEmpty() || key == other || key.isEmpty())
        return -1;
    qsizetype i = 0;
    while (i < key.size() && i < other.size() && key[i] == other[i])
        ++i;
    return std::min(i, key.size() - 1);
}

QString KeyElision::elide(const QString &key, const QString &above, const QString &below,
                          double width, const Measure &measure)
{
    if (measure(key) <= width)
        return key;
    Shortening s(key, width, measure);
    if (!keepDifferences(s, key, {above, below}))
        return wholeSegments(key, width, measure);
    if (s.fits()) {
        growWords(s, key);
        fillRoom(s, key);
    }
    return s.text();
}

QString KeyElision::elide(const QString &key, const QString &above, const QString &below,
                          double width, const QFontMetricsF &metrics)
{
    return elide(key, above, below, width,
                 [&metrics](const QString &text) { return metrics.horizontalAdvance(text); });
}

} // namespace keyscope::ui
