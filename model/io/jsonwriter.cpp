#include "model/io/jsonwriter.h"

#include <QLocale>

#include <cmath>

namespace keyscope::model {

namespace {

void writeValue(QByteArray &out, const OrderedJson &value, int indent, int depth)
{
    const auto newline = [&](int level) {
        if (indent <= 0)
            return;
        out += '\n';
        out += QByteArray(qsizetype(indent) * level, ' ');
    };
    // Compact output keeps Python's default separators (", " and ": ").
    const char *separator = indent > 0 ? "," : ", ";
    switch (value.kind()) {
    case OrderedJson::Kind::Null:
        out += "null";
        return;
    case OrderedJson::Kind::Bool:
        out += value.toBool() ? "true" : "false";
        return;
    case OrderedJson::Kind::Integer:
        out += QByteArray::number(value.toInteger());
        return;
    case OrderedJson::Kind::Float:
        out += JsonWriter::formatFloat(value.toDouble());
        return;
    case OrderedJson::Kind::String:
        out += JsonWriter::quote(value.toString());
        return;
    case OrderedJson::Kind::Array: {
        const auto &elements = value.elements();
        if (elements.empty()) {
            out += "[]";
            return;
        }
        out += '[';
        for (std::size_t i = 0; i < elements.size(); ++i) {
            if (i)
                out += separator;
            newline(depth + 1);
            writeValue(out, elements[i], indent, depth + 1);
        }
        newline(depth);
        out += ']';
        return;
    }
    case OrderedJson::Kind::Object: {
        const auto &members = value.members();
        if (members.empty()) {
            out += "{}";
            return;
        }
        out += '{';
        for (std::size_t i = 0; i < members.size(); ++i) {
            if (i)
                out += separator;
            newline(depth + 1);
            out += JsonWriter::quote(members[i].first);
            out += ": ";
            writeValue(out, members[i].second, indent, depth + 1);
        }
        newline(depth);
        out += '}';
        return;
    }
    }
}

} // namespace

QByteArray JsonWriter::write(const OrderedJson &value, int indent)
{
    QByteArray out;
    writeValue(out, value, indent, 0);
    return out;
}

QByteArray JsonWriter::quote(const QString &text)
{
    const QByteArray utf8 = text.toUtf8();
    QByteArray out;
    out.reserve(utf8.size() + 2);
    out += '"';
    for (const char ch : utf8) {
        const uchar c = uchar(ch);
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        case '\b':
            out += "\\b";
            break;
        case '\f':
            out += "\\f";
            break;
        default:
            if (c < 0x20) {
                out += "\\u00";
                out += QByteArray::number(c, 16).rightJustified(2, '0');
            } else {
                out += ch;
            }
        }
    }
    out += '"';
    return out;
}

QByteArray JsonWriter::formatFloat(double value)
{
    // Python writes these as bare words (not valid JSON, but what the AWS CLI would print).
    if (std::isnan(value))
        return "NaN";
    if (std::isinf(value))
        return value > 0 ? "Infinity" : "-Infinity";
    QByteArray text = QByteArray::number(value, 'g', QLocale::FloatingPointShortest);
    if (!text.contains('.') && !text.contains('e'))
        text += ".0";
    return text;
}

} // namespace keyscope::model
