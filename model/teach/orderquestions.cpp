#include "model/teach/orderquestions.h"

#include "model/value/keyorder.h"

#include <QRegularExpression>

namespace keyscope::model {

namespace {

// Rows compared with each of the next few: traps sit between neighbours in key order.
constexpr quint32 kPairReach = 4;
// The rows looked at in a large collection, from its start.
constexpr quint32 kRowsScanned = 4000;

bool isAsciiLetter(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

// The run of digits around byte `at`, as a number with its leading zeros removed.
QByteArray digitRun(const QByteArray &bytes, qsizetype at)
{
    qsizetype begin = at;
    while (begin > 0 && isDigit(bytes[begin - 1]))
        --begin;
    qsizetype end = at;
    while (end < bytes.size() && isDigit(bytes[end]))
        ++end;
    QByteArray run = bytes.mid(begin, end - begin);
    while (run.size() > 1 && run.startsWith('0'))
        run.remove(0, 1);
    return run;
}

// Whether the digits at `at` compare by value the other way from their bytes.
bool digitsMislead(const QByteArray &first, const QByteArray &second, qsizetype at)
{
    const QByteArray x = digitRun(first, at);
    const QByteArray y = digitRun(second, at);
    const bool valueFirst = x.size() != y.size() ? x.size() < y.size() : x < y;
    return !valueFirst && x != y;
}

bool looksLikeDate(const QByteArray &bytes)
{
    static const QRegularExpression date(
        QStringLiteral("(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \\d|"
                       "\\d{1,2}/\\d{1,2}/\\d{2,4}"));
    return date.match(QString::fromUtf8(bytes)).hasMatch();
}

KeyTrap trapAtDifference(const QByteArray &first, const QByteArray &second, qsizetype at)
{
    const char x = first[at];
    const char y = second[at];
    if (x == '#' || y == '#')
        return KeyTrap::Hash;
    const bool dated = looksLikeDate(first) && looksLikeDate(second);
    if (dated && (isAsciiLetter(x) || isDigit(x)) && (isAsciiLetter(y) || isDigit(y)))
        return KeyTrap::Timestamp;
    if (isAsciiLetter(x) && isAsciiLetter(y)) {
        const bool upperX = x < 'a';
        const bool upperY = y < 'a';
        if (upperX != upperY && (x | 0x20) >= (y | 0x20))
            return KeyTrap::Case;
    }
    if (isDigit(x) && isDigit(y) && digitsMislead(first, second, at))
        return KeyTrap::Padding;
    return KeyTrap::None;
}

struct Pair
{
    quint32 first = 0; // sorts first
    quint32 second = 0;
    KeyTrap trap = KeyTrap::None;
};

Question orderQuestion(const CollectionKeys &keys, const Pair &pair, int number)
{
    Question q;
    q.kind = QuestionKind::KeyOrder;
    q.step = 0;
    q.prompt = QStringLiteral("Which of these two keys sorts first?");
    // Alternate which side the right answer is on, so its place gives nothing away.
    const bool swap = number % 2 == 0;
    const quint32 shownFirst = swap ? pair.second : pair.first;
    const quint32 shownSecond = swap ? pair.first : pair.second;
    q.keyPair = std::make_pair(shownFirst, shownSecond);
    for (quint32 row : {shownFirst, shownSecond})
        q.choices.push_back(Choice {QStringLiteral("row:%1").arg(row), keys.text(row), row});
    q.rows = {shownFirst, shownSecond};
    q.answer = QStringLiteral("row:%1").arg(pair.first);
    q.explanation = explainKeyOrder(*keys.value(pair.first), *keys.value(pair.second));
    q.trap = keyTrapName(pair.trap);
    return q;
}

} // namespace

QString keyTrapName(KeyTrap trap)
{
    switch (trap) {
    case KeyTrap::Hash:
        return QStringLiteral("hash");
    case KeyTrap::Case:
        return QStringLiteral("case");
    case KeyTrap::Padding:
        return QStringLiteral("padding");
    case KeyTrap::Timestamp:
        return QStringLiteral("timestamp");
    case KeyTrap::None:
        break;
    }
    return {};
}

KeyTrap keyTrap(const AttributeValue &a, const AttributeValue &b)
{
    if (a.type() == AttributeValue::Type::N || a.type() != b.type())
        return KeyTrap::None;
    const bool aFirst = AttributeValue::compareKeys(a, b) < 0;
    const QByteArray &first = aFirst ? a.bytes() : b.bytes();
    const QByteArray &second = aFirst ? b.bytes() : a.bytes();
    const qsizetype at = firstDifference(first, second);
    return at < 0 ? KeyTrap::None : trapAtDifference(first, second, at);
}

std::vector<Question> keyOrderQuestions(const CollectionKeys &keys, int count)
{
    const quint32 rows = std::min(keys.rowCount(), kRowsScanned);
    std::map<KeyTrap, Pair> firstOfTrap; // the first pair of each trap, in row order
    for (quint32 i = 0; i < rows; ++i) {
        const auto a = keys.value(i);
        for (quint32 j = i + 1; a && j < std::min(rows, i + 1 + kPairReach); ++j) {
            const auto b = keys.value(j);
            if (!b || AttributeValue::compareKeys(*a, *b) == 0)
                continue;
            const KeyTrap trap = keyTrap(*a, *b);
            if (!firstOfTrap.count(trap))
                firstOfTrap.emplace(trap, Pair {i, j, trap});
        }
    }
    std::vector<Question> out;
    for (KeyTrap trap :
         {KeyTrap::Hash, KeyTrap::Case, KeyTrap::Padding, KeyTrap::Timestamp, KeyTrap::None}) {
        const auto it = firstOfTrap.find(trap);
        if (it == firstOfTrap.end() || int(out.size()) >= count)
            continue;
        if (trap == KeyTrap::None && !out.empty())
            continue; // a plain pair only when the collection has no trap
        out.push_back(orderQuestion(keys, it->second, int(out.size()) + 1));
    }
    return out;
}

} // namespace keyscope::model
