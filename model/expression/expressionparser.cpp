#include "model/expression/expressionparser.h"

namespace keyscope::model {

namespace {

using Kind = ConditionNode::Kind;
using TokenKind = ExpressionToken::Kind;

// Recursive descent with backtracking where the grammar is ambiguous (a '(' may open a
// parenthesised condition or a parenthesised operand). Like the PEG parsers DynamoDB emulators
// use, a failure is reported at the farthest token any alternative reached.
class Parser
{
public:
    Parser(const QString &source, bool projection)
        : m_source(source)
        , m_tokens(ExpressionLexer::tokenize(source))
        , m_projection(projection)
    { }

    std::optional<ConditionNode> condition()
    {
        ConditionNode node;
        if (!parseOr(node))
            return std::nullopt;
        if (!atEnd()) {
            fail();
            return std::nullopt;
        }
        return node;
    }

    std::optional<std::vector<ExpressionParser::RawPath>> projection()
    {
        std::vector<ExpressionParser::RawPath> paths;
        while (true) {
            ConditionNode node;
            if (!parsePath(node))
                return std::nullopt;
            paths.push_back(std::move(node.rawPath));
            if (peek().isPunct(u",")) {
                ++m_pos;
                continue;
            }
            if (!atEnd()) {
                fail();
                return std::nullopt;
            }
            return paths;
        }
    }

    ExpressionParser::SyntaxError error() const
    {
        if (m_limit)
            return *m_limit;
        const size_t bad = std::min(m_farthest, m_tokens.size() - 1);
        const ExpressionToken &token = m_tokens[bad];
        // DynamoDB quotes the previous token, the bad one and the next one with the text
        // between them: token "-", near "CourseId-Index"; token "<EOF>", near ":theme".
        int start = token.position;
        if (bad > 0)
            start = m_tokens[bad - 1].position;
        int end = int(m_source.size());
        if (token.kind != TokenKind::End) {
            const ExpressionToken &next = m_tokens[bad + 1];
            end = next.kind == TokenKind::End ? token.position + token.length
                                              : next.position + next.length;
        }
        const QString near = m_source.mid(start, end - start);
        return {QStringLiteral("Syntax error; token: \"%1\", near: \"%2\"").arg(token.text, near),
                token.position};
    }

private:
    const ExpressionToken &peek(size_t ahead = 0) const
    {
        return m_tokens[std::min(m_pos + ahead, m_tokens.size() - 1)];
    }
    bool atEnd() const { return peek().kind == TokenKind::End; }

    // A limit DynamoDB (or Keyscope) sets on the expression's shape: reported instead of a
    // syntax error, and it stops every alternative at once.
    bool refuse(const QString &message)
    {
        if (!m_limit)
            m_limit = ExpressionParser::SyntaxError {message, peek().position};
        return false;
    }

    // Counts one level of nesting for as long as it lives.
    class Nesting
    {
    public:
        explicit Nesting(Parser &parser)
            : m_parser(parser)
        {
            ++m_parser.m_depth;
        }
        ~Nesting() { --m_parser.m_depth; }
        bool tooDeep() const
        {
            if (m_parser.m_depth <= ExpressionParser::kMaxNesting)
                return false;
            m_parser.refuse(QStringLiteral("The expression is nested too deeply (parentheses, NOT "
                                           "and function calls); Keyscope accepts at most %1 "
                                           "levels")
                                .arg(ExpressionParser::kMaxNesting));
            return true;
        }

    private:
        Parser &m_parser;
    };
    void fail() { m_farthest = std::max(m_farthest, m_pos); }
    bool expectPunct(QStringView punct)
    {
        if (peek().isPunct(punct)) {
            ++m_pos;
            return true;
        }
        fail();
        return false;
    }

    // A node of `kind` at `position` over `children`, in order.
    template<typename... Children>
    static ConditionNode makeNode(Kind kind, int position, Children &&...children)
    {
        ConditionNode node;
        node.kind = kind;
        node.position = position;
        (node.children.push_back(std::move(children)), ...);
        return node;
    }

    // '(' what `inner` reads ')': the node keeps its place and that it was parenthesised.
    bool parseParenthesized(ConditionNode &out, bool (Parser::*inner)(ConditionNode &))
    {
        const int position = peek().position;
        ++m_pos;
        ConditionNode node;
        if (!(this->*inner)(node) || !expectPunct(u")"))
            return false;
        out = std::move(node);
        out.redundantParens = out.redundantParens || out.parenthesized;
        out.parenthesized = true;
        out.position = position;
        return true;
    }

    bool parseOr(ConditionNode &out)
    {
        return parseLeftAssociative(out, u"OR", Kind::Or, &Parser::parseAnd);
    }

    bool parseAnd(ConditionNode &out)
    {
        return parseLeftAssociative(out, u"AND", Kind::And, &Parser::parseNot);
    }

    // operand (KEYWORD operand)*, folded to the left: a OR b OR c is (a OR b) OR c.
    bool parseLeftAssociative(ConditionNode &out, QStringView keyword, Kind kind,
                              bool (Parser::*operand)(ConditionNode &))
    {
        ConditionNode left;
        if (!(this->*operand)(left))
            return false;
        while (peek().isKeyword(keyword)) {
            const int position = left.position;
            ++m_pos;
            ConditionNode right;
            if (!(this->*operand)(right))
                return false;
            left = makeNode(kind, position, std::move(left), std::move(right));
        }
        out = std::move(left);
        return true;
    }

    bool parseNot(ConditionNode &out)
    {
        if (m_limit)
            return false;
        const Nesting nesting(*this);
        if (nesting.tooDeep())
            return false;
        if (peek().isKeyword(u"NOT")) {
            const int position = peek().position;
            ++m_pos;
            ConditionNode inner;
            if (!parseNot(inner))
                return false;
            out = makeNode(Kind::Not, position, std::move(inner));
            return true;
        }
        return parsePrimary(out);
    }

    bool parsePrimary(ConditionNode &out)
    {
        if (peek().isPunct(u"(")) {
            // "(a) = :v" is a comparison of a parenthesised operand; "(a = :v)" a parenthesised
            // condition. Try the comparison first and fall back.
            const size_t saved = m_pos;
            if (parseSimple(out))
                return true;
            m_pos = saved;
            return parseParenthesized(out, &Parser::parseOr);
        }
        return parseSimple(out);
    }

    bool parseSimple(ConditionNode &out)
    {
        ConditionNode first;
        if (!parseOperand(first))
            return false;
        const ExpressionToken &token = peek();
        static const QStringView comparators[] = {u"=", u"<>", u"<", u"<=", u">", u">="};
        for (QStringView comparator : comparators) {
            if (token.isPunct(comparator)) {
                ++m_pos;
                ConditionNode second;
                if (!parseOperand(second))
                    return false;
                const int position = first.position;
                out = makeNode(Kind::Compare, position, std::move(first), std::move(second));
                out.op = comparator.toString();
                return true;
            }
        }
        if (token.isKeyword(u"BETWEEN")) {
            ++m_pos;
            ConditionNode lower, upper;
            if (!parseOperand(lower))
                return false;
            if (!peek().isKeyword(u"AND")) {
                fail();
                return false;
            }
            ++m_pos;
            if (!parseOperand(upper))
                return false;
            const int position = first.position;
            out = makeNode(Kind::Between, position, std::move(first), std::move(lower),
                           std::move(upper));
            return true;
        }
        if (token.isKeyword(u"IN")) {
            ++m_pos;
            std::vector<ConditionNode> candidates;
            if (!expectPunct(u"(") || !parseOperandList(candidates) || !expectPunct(u")"))
                return false;
            if (candidates.size() > size_t(ExpressionParser::kMaxInOperands))
                return refuse(QStringLiteral("The IN operator is provided with too many operands; "
                                             "number of operands: %1")
                                  .arg(candidates.size()));
            const int position = first.position;
            out = makeNode(Kind::In, position, std::move(first));
            for (ConditionNode &candidate : candidates)
                out.children.push_back(std::move(candidate));
            return true;
        }
        if (first.kind == Kind::Function && !first.parenthesized) {
            out = std::move(first); // a function used as a condition
            return true;
        }
        fail();
        return false;
    }

    bool parseOperandList(std::vector<ConditionNode> &out)
    {
        while (true) {
            ConditionNode operand;
            if (!parseOperand(operand))
                return false;
            out.push_back(std::move(operand));
            if (!peek().isPunct(u","))
                return true;
            ++m_pos;
        }
    }

    bool parseOperand(ConditionNode &out)
    {
        if (m_limit)
            return false;
        const Nesting nesting(*this);
        if (nesting.tooDeep())
            return false;
        const ExpressionToken &token = peek();
        if (token.isPunct(u"("))
            return parseParenthesized(out, &Parser::parseOperand);
        if (token.kind == TokenKind::ValuePlaceholder) {
            out = ConditionNode {};
            out.kind = Kind::Value;
            out.placeholder = token.text;
            out.position = token.position;
            ++m_pos;
            return true;
        }
        if (token.kind == TokenKind::Identifier && !token.isAnyKeyword() && peek(1).isPunct(u"(")) {
            out = ConditionNode {};
            out.kind = Kind::Function;
            out.op = token.text;
            out.position = token.position;
            m_pos += 2;
            return parseOperandList(out.children) && expectPunct(u")");
        }
        return parsePath(out);
    }

    // identifier or #name, then any of .identifier, .#name, [digits]
    bool parsePathElement(ConditionNode &out)
    {
        const ExpressionToken &token = peek();
        const bool identifier
            = token.kind == TokenKind::Identifier && (m_projection || !token.isAnyKeyword());
        if (!identifier && token.kind != TokenKind::NamePlaceholder) {
            fail();
            return false;
        }
        ConditionNode::RawPathElement element;
        element.text = token.text;
        element.placeholder = token.kind == TokenKind::NamePlaceholder;
        element.position = token.position;
        out.rawPath.push_back(element);
        ++m_pos;
        return true;
    }

    bool parsePath(ConditionNode &out)
    {
        out = ConditionNode {};
        out.kind = Kind::Path;
        out.position = peek().position;
        if (!parsePathElement(out))
            return false;
        while (true) {
            if (peek().isPunct(u".")) {
                ++m_pos;
                if (!parsePathElement(out))
                    return false;
            } else if (peek().isPunct(u"[")) {
                ++m_pos;
                const ExpressionToken &number = peek();
                if (number.kind != TokenKind::Number) {
                    fail();
                    return false;
                }
                ConditionNode::RawPathElement element;
                bool ok = false;
                element.index = number.text.toInt(&ok);
                if (!ok)
                    element.index = std::numeric_limits<int>::max();
                element.position = number.position;
                out.rawPath.push_back(element);
                ++m_pos;
                if (!expectPunct(u"]"))
                    return false;
            } else {
                return true;
            }
        }
    }

    const QString &m_source;
    std::vector<ExpressionToken> m_tokens;
    bool m_projection = false;
    size_t m_pos = 0;
    size_t m_farthest = 0;
    int m_depth = 0;
    std::optional<ExpressionParser::SyntaxError> m_limit;
};

} // namespace

std::variant<ConditionNode, ExpressionParser::SyntaxError>
ExpressionParser::parseCondition(const QString &source)
{
    Parser parser(source, false);
    if (auto node = parser.condition())
        return std::move(*node);
    return parser.error();
}

std::variant<std::vector<ExpressionParser::RawPath>, ExpressionParser::SyntaxError>
ExpressionParser::parseProjection(const QString &source)
{
    Parser parser(source, true);
    if (auto paths = parser.projection())
        return std::move(*paths);
    return parser.error();
}

} // namespace keyscope::model
