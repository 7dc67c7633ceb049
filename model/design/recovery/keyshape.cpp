#include "model/design/recovery/keyshape.h"

namespace keyscope::model::recovery {

namespace {

bool isStrong(char c)
{
    return c == '#' || c == '|';
}

bool isWeak(char c)
{
    return c == ':' || c == '_';
}

bool isLetter(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

bool isHex(char c)
{
    return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// A UUID, or something that reads as a date or time ("2025-08-21", "10:30:00.123+02:00"):
// its ':' and '-' belong to the value.
bool atomicSegment(QByteArrayView s)
{
    if (s.size() == 36 && s[8] == '-' && s[13] == '-' && s[18] == '-' && s[23] == '-') {
        bool hex = true;
        for (qsizetype i = 0; i < s.size() && hex; ++i)
            hex = (i == 8 || i == 13 || i == 18 || i == 23) || isHex(s[i]);
        if (hex)
            return true;
    }
    if (s.size() < 5 || !isDigit(s[0]) || !isDigit(s[1]))
        return false;
    // A date or a time however it ends (a stray quote stays in the value, to be flagged).
    if (s.size() >= 6 && isDigit(s[2]) && isDigit(s[3]) && s[4] == '-' && isDigit(s[5]))
        return true;
    if (s[2] == ':' && isDigit(s[3]) && isDigit(s[4]))
        return true;
    bool punctuation = false;
    for (const char c : s) {
        if (c == '-' || c == ':')
            punctuation = true;
        else if (!isDigit(c) && c != '.' && c != 'T' && c != 'Z' && c != '+' && c != ' ')
            return false;
    }
    return punctuation;
}

void pushSeparator(std::vector<KeyToken> &tokens, qint32 start, qint32 length)
{
    if (!tokens.empty() && tokens.back().role == KeyToken::Role::Separator
        && tokens.back().start + tokens.back().length == start) {
        tokens.back().length += length;
        return;
    }
    tokens.push_back({KeyToken::Role::Separator, start, length});
}

void pushPiece(std::vector<KeyToken> &tokens, qint32 start, qint32 length)
{
    if (length > 0)
        tokens.push_back({KeyToken::Role::Value, start, length});
}

void splitSegment(QByteArrayView text, qint32 from, qint32 to, std::vector<KeyToken> &tokens)
{
    qint32 pieceStart = from;
    bool word = true;
    for (qint32 i = from; i < to; ++i) {
        const char c = text[i];
        const bool dashSplits
            = c == '-' && word && i > pieceStart && i + 1 < to && isDigit(text[i + 1]);
        if (isWeak(c) || dashSplits) {
            pushPiece(tokens, pieceStart, i - pieceStart);
            pushSeparator(tokens, i, 1);
            pieceStart = i + 1;
            word = true;
            continue;
        }
        word = word && isLetter(c);
    }
    pushPiece(tokens, pieceStart, to - pieceStart);
}

} // namespace

void tokenizeKey(QByteArrayView text, std::vector<KeyToken> &tokens)
{
    tokens.clear();
    const qint32 n = qint32(text.size());
    qint32 i = 0;
    while (i < n) {
        if (isStrong(text[i])) {
            pushSeparator(tokens, i, 1);
            ++i;
            continue;
        }
        qint32 j = i;
        while (j < n && !isStrong(text[j]))
            ++j;
        if (atomicSegment(text.sliced(i, j - i)))
            pushPiece(tokens, i, j - i);
        else
            splitSegment(text, i, j, tokens);
        i = j;
    }
    bool expectLabel = true;
    for (KeyToken &token : tokens) {
        if (token.role == KeyToken::Role::Separator)
            continue;
        bool word = true;
        for (const char c : token.in(text))
            word = word && isLetter(c);
        if (word && expectLabel) {
            token.role = KeyToken::Role::Label;
            expectLabel = false;
        } else {
            expectLabel = true;
        }
    }
}

bool sameStructure(QByteArrayView a, const std::vector<KeyToken> &ta, QByteArrayView b,
                   const std::vector<KeyToken> &tb)
{
    if (ta.size() != tb.size())
        return false;
    for (size_t i = 0; i < ta.size(); ++i) {
        if (ta[i].role != tb[i].role)
            return false;
        if (ta[i].role == KeyToken::Role::Separator && ta[i].in(a) != tb[i].in(b))
            return false;
    }
    return true;
}

} // namespace keyscope::model::recovery
