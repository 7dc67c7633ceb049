#include "model/io/jsonfile.h"

#include "model/io/inputfile.h"
#include "model/io/unicodetext.h"

#include <QFile>
#include <QFileInfo>
#include <QLocale>

namespace keyscope::model {

namespace {

// QJsonParseError::errorString() is terse ("unterminated object"); say what was expected.
// `previous` is the last non-space character before the error position (0 if none).
QString describe(QJsonParseError::ParseError error, char previous)
{
    switch (error) {
    case QJsonParseError::NoError:
        return {};
    case QJsonParseError::UnterminatedObject:
        if (previous == '{' || previous == ',')
            return QStringLiteral("expected an object member name in double quotes");
        return QStringLiteral("missing comma: expected ',' or '}' after an object member");
    case QJsonParseError::MissingNameSeparator:
        return QStringLiteral("missing colon: expected ':' after the member name");
    case QJsonParseError::UnterminatedArray:
        return QStringLiteral("unterminated array: expected ',' or ']' after an array element");
    case QJsonParseError::MissingValueSeparator:
        return QStringLiteral("missing comma: expected ',' or ']' between array elements");
    case QJsonParseError::IllegalValue:
        if (previous == 0)
            return QStringLiteral("expected a JSON object or array");
        return QStringLiteral("illegal value: expected a string, number, object, array, true, "
                              "false or null");
    case QJsonParseError::TerminationByNumber:
        return QStringLiteral("unexpected end of input after a number: expected ',', ']' or "
                              "'}'");
    case QJsonParseError::IllegalNumber:
        return QStringLiteral("illegal number");
    case QJsonParseError::IllegalEscapeSequence:
        return QStringLiteral("illegal escape sequence in a string");
    case QJsonParseError::IllegalUTF8String:
        return QStringLiteral("invalid UTF-8 in a string");
    case QJsonParseError::UnterminatedString:
        return QStringLiteral("unterminated string: expected a closing '\"'");
    case QJsonParseError::MissingObject:
        return QStringLiteral("trailing comma: expected a value after ','");
    case QJsonParseError::DeepNesting:
        return QStringLiteral("the document is nested too deeply");
    case QJsonParseError::DocumentTooLarge:
        return QStringLiteral("the document is too large");
    case QJsonParseError::GarbageAtEnd:
        return QStringLiteral("unexpected text after the end of the JSON document");
    }
    return {};
}

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

// Whether every bracket so far matches and at least one is still open at the end: the
// document is cut short rather than wrong.
bool endsInsideOpenBracket(const QByteArray &data)
{
    QByteArray open;
    bool inString = false;
    for (qsizetype i = 0; i < data.size(); ++i) {
        const char c = data.at(i);
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            open += c;
        } else if (c == '}' || c == ']') {
            if (open.isEmpty() || open.back() != (c == '}' ? '{' : '['))
                return false;
            open.chop(1);
        }
    }
    return !open.isEmpty();
}

} // namespace

QString JsonFile::foundText(const QJsonValue &json)
{
    switch (json.type()) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return json.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double:
        return QString::number(json.toDouble(), 'g', QLocale::FloatingPointShortest);
    case QJsonValue::String:
        return u'"' + elided(json.toString()) + u'"';
    case QJsonValue::Array:
        return QStringLiteral("an array");
    case QJsonValue::Object:
        return QStringLiteral("an object");
    case QJsonValue::Undefined:
        break;
    }
    return QStringLiteral("nothing");
}

QString JsonFile::elided(const QString &text)
{
    return text.size() > 40 ? text.left(37) + QStringLiteral("...") : text;
}

void JsonFile::lineColumn(const QByteArray &data, qsizetype offset, int *line, int *column)
{
    offset = qBound(qsizetype(0), offset, data.size());
    int l = 1;
    int c = 1;
    for (qsizetype i = 0; i < offset; ++i) {
        const uchar byte = uchar(data.at(i));
        if (byte == '\n') {
            ++l;
            c = 1;
        } else if ((byte & 0xC0) != 0x80) { // count code points, not UTF-8 continuation bytes
            ++c;
        }
    }
    *line = l;
    *column = c;
}

namespace {

// Where Qt's parser stopped, as a person reads it: the line and column of the unexpected token
// and what was expected there.
IoError syntaxError(const QByteArray &data, const QJsonParseError &error, const QString &source)
{
    // Qt reports the offset just past the character it stopped at for most errors; point at
    // that character instead (the unexpected token), as Python's json module does.
    qsizetype offset = error.offset;
    bool showFound = false;
    switch (error.error) {
    case QJsonParseError::UnterminatedObject:
    case QJsonParseError::MissingNameSeparator:
    case QJsonParseError::UnterminatedArray:
    case QJsonParseError::MissingValueSeparator:
    case QJsonParseError::IllegalValue:
    case QJsonParseError::MissingObject:
    case QJsonParseError::IllegalNumber:
        offset -= 1;
        showFound = true;
        break;
    case QJsonParseError::GarbageAtEnd:
        showFound = true;
        break;
    default:
        break;
    }
    offset = qBound(qsizetype(0), offset, data.size());
    // When the input simply ends with a bracket left open, Qt's offset lands on the last
    // (valid) closing bracket; report the end of the input instead.
    if (error.offset >= data.size()
        && (error.error == QJsonParseError::UnterminatedObject
            || error.error == QJsonParseError::UnterminatedArray
            || error.error == QJsonParseError::MissingValueSeparator)
        && endsInsideOpenBracket(data))
        offset = data.size();
    char previous = 0;
    for (qsizetype p = offset - 1; p >= 0; --p) {
        if (!isSpace(data.at(p))) {
            previous = data.at(p);
            break;
        }
    }
    IoError result;
    result.source = source;
    JsonFile::lineColumn(data, offset, &result.line, &result.column);
    result.message = describe(error.error, previous);
    if (offset >= data.size() && error.error == QJsonParseError::UnterminatedObject)
        result.message = QStringLiteral("unexpected end of input: expected ',' or '}' (an object "
                                        "is not closed)");
    else if (offset >= data.size()
             && (error.error == QJsonParseError::UnterminatedArray
                 || error.error == QJsonParseError::MissingValueSeparator))
        result.message = QStringLiteral("unexpected end of input: expected ',' or ']' (an array "
                                        "is not closed)");
    else if (offset >= data.size())
        showFound = false;
    if (showFound && offset < data.size()) {
        if (uchar(data.at(offset)) >= 0x20 && uchar(data.at(offset)) < 0x7f)
            result.message += QStringLiteral(", found '%1'").arg(QLatin1Char(data.at(offset)));
    }
    return result;
}

} // namespace

std::variant<QJsonDocument, IoError> JsonFile::parse(const QByteArray &data, const QString &source)
{
    if (data.trimmed().isEmpty())
        return IoError {source, 0, 0, {}, QStringLiteral("empty input: expected a JSON document")};
    QJsonParseError error;
    QJsonDocument document = QJsonDocument::fromJson(data, &error);
    if (error.error != QJsonParseError::NoError)
        return syntaxError(data, error, source);
    // Qt reads a lone surrogate escape as '?': two different strings would be one key.
    QString escape;
    const qsizetype lone = loneSurrogateAt(data, &escape);
    if (lone < 0)
        return document;
    IoError result {source, 0, 0, {}, loneSurrogateMessage(escape)};
    lineColumn(data, lone, &result.line, &result.column);
    return result;
}

std::variant<QJsonDocument, IoError> JsonFile::read(const QString &path)
{
    auto bytes = InputFile::read(path);
    if (auto *error = std::get_if<IoError>(&bytes))
        return *error;
    return parse(std::get<QByteArray>(bytes), path);
}

} // namespace keyscope::model
