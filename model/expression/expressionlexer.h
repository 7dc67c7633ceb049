#pragma once

#include <QString>

#include <vector>

namespace keyscope::model {

// One token of a DynamoDB expression.
struct ExpressionToken
{
    enum class Kind {
        Identifier,       // letter first, then letters, digits, '_'
        NamePlaceholder,  // #name
        ValuePlaceholder, // :value
        Number,           // digits (only valid as a list index)
        Punct,            // ( ) [ ] , . = <> < <= > >=
        Invalid,          // any other single character
        End,              // end of input
    };
    Kind kind = Kind::End;
    QString text;
    int position = 0; // offset of the first character in the expression
    int length = 0;

    bool isPunct(QStringView punct) const { return kind == Kind::Punct && text == punct; }
    // AND, OR, NOT, BETWEEN, IN in any letter case: the grammar's keywords.
    bool isKeyword(QStringView keyword) const;
    bool isAnyKeyword() const;
};

// Splits an expression into tokens. Never fails: characters DynamoDB cannot lex become Invalid
// tokens so the parser can report them the way DynamoDB does (token "-" near "CourseId-Index").
class ExpressionLexer
{
public:
    static std::vector<ExpressionToken> tokenize(const QString &source);
};

} // namespace keyscope::model
