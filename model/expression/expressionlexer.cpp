#include "model/expression/expressionlexer.h"

namespace keyscope::model {

namespace {

bool isAsciiLetter(QChar c)
{
    const char16_t u = c.unicode();
    return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z');
}

bool isAsciiDigit(QChar c)
{
    const char16_t u = c.unicode();
    return u >= '0' && u <= '9';
}

bool isIdentifierPart(QChar c)
{
    return isAsciiLetter(c) || isAsciiDigit(c) || c == QLatin1Char('_');
}

bool isSpace(QChar c)
{
    // The whitespace DynamoDB's grammar skips between tokens.
    return c == QLatin1Char(' ') || c == QLatin1Char('\t') || c == QLatin1Char('\r')
        || c == QLatin1Char('\n');
}

} // namespace

bool ExpressionToken::isKeyword(QStringView keyword) const
{
    return kind == Kind::Identifier && text.compare(keyword, Qt::CaseInsensitive) == 0;
}

bool ExpressionToken::isAnyKeyword() const
{
    return isKeyword(u"AND") || isKeyword(u"OR") || isKeyword(u"NOT") || isKeyword(u"BETWEEN")
        || isKeyword(u"IN");
}

std::vector<ExpressionToken> ExpressionLexer::tokenize(const QString &source)
{
    std::vector<ExpressionToken> tokens;
    const int n = int(source.size());
    int i = 0;
    auto push = [&](ExpressionToken::Kind kind, int start, int end) {
        tokens.push_back({kind, source.mid(start, end - start), start, end - start});
    };
    while (i < n) {
        const QChar c = source.at(i);
        if (isSpace(c)) {
            ++i;
            continue;
        }
        const int start = i;
        if (isAsciiLetter(c)) {
            while (i < n && isIdentifierPart(source.at(i)))
                ++i;
            push(ExpressionToken::Kind::Identifier, start, i);
        } else if (isAsciiDigit(c)) {
            while (i < n && isAsciiDigit(source.at(i)))
                ++i;
            push(ExpressionToken::Kind::Number, start, i);
        } else if ((c == QLatin1Char('#') || c == QLatin1Char(':')) && i + 1 < n
                   && isIdentifierPart(source.at(i + 1))) {
            ++i;
            while (i < n && isIdentifierPart(source.at(i)))
                ++i;
            push(c == QLatin1Char('#') ? ExpressionToken::Kind::NamePlaceholder
                                       : ExpressionToken::Kind::ValuePlaceholder,
                 start, i);
        } else if (c == QLatin1Char('<')) {
            ++i;
            if (i < n && (source.at(i) == QLatin1Char('=') || source.at(i) == QLatin1Char('>')))
                ++i;
            push(ExpressionToken::Kind::Punct, start, i);
        } else if (c == QLatin1Char('>')) {
            ++i;
            if (i < n && source.at(i) == QLatin1Char('='))
                ++i;
            push(ExpressionToken::Kind::Punct, start, i);
        } else if (QStringView(u"()[],.=").contains(c)) {
            ++i;
            push(ExpressionToken::Kind::Punct, start, i);
        } else {
            // One character (a whole surrogate pair for characters outside the BMP).
            ++i;
            if (c.isHighSurrogate() && i < n && source.at(i).isLowSurrogate())
                ++i;
            push(ExpressionToken::Kind::Invalid, start, i);
        }
    }
    tokens.push_back({ExpressionToken::Kind::End, QStringLiteral("<EOF>"), n, 0});
    return tokens;
}

} // namespace keyscope::model
