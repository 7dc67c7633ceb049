#include "model/query/commandline.h"

namespace keyscope::model::commandline {

namespace {

// Reads one quoted part starting after its opening quote; returns the index after the closing
// quote, or -1 when the quote is never closed.
qsizetype readQuoted(const QString &text, qsizetype i, QChar quote, QString &word)
{
    static const QString kDoubleEscapes = QStringLiteral("\"\\$`");
    while (i < text.size()) {
        const QChar c = text.at(i);
        if (c == quote)
            return i + 1;
        if (quote == u'"' && c == u'\\' && i + 1 < text.size()) {
            const QChar next = text.at(i + 1);
            if (next == u'\n') {
                i += 2;
                continue;
            }
            if (kDoubleEscapes.contains(next)) {
                word += next;
                i += 2;
                continue;
            }
        }
        word += c;
        ++i;
    }
    return -1;
}

} // namespace

std::variant<QStringList, QString> shellWords(const QString &text)
{
    QStringList words;
    QString word;
    bool inWord = false;
    qsizetype i = 0;
    while (i < text.size()) {
        const QChar c = text.at(i);
        if (c == u'\\' && i + 1 < text.size()) {
            if (text.at(i + 1) != u'\n') {
                word += text.at(i + 1);
                inWord = true;
            }
            i += 2;
        } else if (c == u'\'' || c == u'"') {
            const qsizetype end = readQuoted(text, i + 1, c, word);
            if (end < 0)
                return QStringLiteral("the %1 quote at character %2 is never closed")
                    .arg(c == u'"' ? QStringLiteral("double") : QStringLiteral("single"))
                    .arg(i + 1);
            inWord = true;
            i = end;
        } else if (c.isSpace()) {
            if (inWord)
                words << word;
            word.clear();
            inWord = false;
            ++i;
        } else {
            word += c;
            inWord = true;
            ++i;
        }
    }
    if (inWord)
        words << word;
    return words;
}

std::variant<std::vector<Token>, QString> splitOptions(const QStringList &args,
                                                       const OptionLookup &lookup)
{
    std::vector<Token> tokens;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString &arg = args.at(i);
        QString name = arg;
        std::optional<QString> inlineValue;
        const bool isLong = arg.startsWith(QLatin1String("--"));
        if (isLong) {
            const qsizetype equals = arg.indexOf(QLatin1Char('='));
            if (equals > 0) {
                name = arg.left(equals);
                inlineValue = arg.mid(equals + 1);
            }
        }
        const std::optional<bool> takesValue
            = arg.startsWith(QLatin1Char('-')) ? lookup(name) : std::nullopt;
        if (!takesValue) {
            tokens.push_back({arg, {}, false});
            continue;
        }
        Token token {name, {}, true};
        if (*takesValue) {
            if (inlineValue)
                token.value = *inlineValue;
            else if (i + 1 < args.size() && !args.at(i + 1).startsWith(QLatin1String("--")))
                token.value = args.at(++i);
            else
                return QStringLiteral("argument %1: expected one argument").arg(name);
        } else if (inlineValue) {
            return QStringLiteral("argument %1: ignored explicit argument '%2'")
                .arg(name, *inlineValue);
        }
        tokens.push_back(std::move(token));
    }
    return tokens;
}

} // namespace keyscope::model::commandline
