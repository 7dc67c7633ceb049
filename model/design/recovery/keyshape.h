#pragma once

#include <QByteArrayView>
#include <QtGlobal>

#include <vector>

namespace keyscope::model::recovery {

// One piece of a key value (UTF-8): a run of separators, or the text between two runs.
struct KeyToken
{
    enum class Role : quint8 {
        Separator, // '#', '|', ':', '_', or a '-' between a word and digits
        Label,     // letters only where a label is expected: first, or after a value
        Value,     // everything else
    };
    Role role = Role::Value;
    qint32 start = 0;
    qint32 length = 0;

    QByteArrayView in(QByteArrayView text) const { return text.sliced(start, length); }
};

// Splits a key value into tokens. '#' and '|' always separate; ':' and '_' separate except
// inside an ISO-8601 date/time or a UUID (which stay one value); '-' separates only a word from
// the digits after it ("d-0001"). A word of letters is a Label where a label is expected (the
// first piece, or the piece after a value: "USER#alice#ORDER#5" has labels USER and ORDER),
// otherwise a Value. Consecutive separators form one token.
void tokenizeKey(QByteArrayView text, std::vector<KeyToken> &tokens);

// Tokens of a key have the same structure (count, roles, separator text) as another's.
bool sameStructure(QByteArrayView a, const std::vector<KeyToken> &ta, QByteArrayView b,
                   const std::vector<KeyToken> &tb);

} // namespace keyscope::model::recovery
