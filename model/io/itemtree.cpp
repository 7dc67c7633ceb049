// One entry of an items array as parsed (a tree of its JSON), and items read straight from it.
#include "model/io/itemsreaderparts.h"

#include "model/value/dynamojson.h"

#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>

namespace keyscope::model::itemsreader::detail {

// The node as Qt's parser would have given it.
QJsonValue Tree::toJson(quint32 n) const
{
    const Node &node = nodes[n];
    switch (node.kind) {
    case Null:
        return QJsonValue(QJsonValue::Null);
    case False:
        return false;
    case True:
        return true;
    case Number: {
        const QByteArray raw(text.data() + node.offset, qsizetype(node.length));
        bool integral = false;
        const qint64 whole = raw.contains('.') || raw.contains('e') || raw.contains('E')
            ? 0
            : raw.toLongLong(&integral);
        if (integral)
            return QJsonValue(whole);
        return raw.toDouble();
    }
    case String:
        return valueString(n);
    case Object: {
        QJsonObject object;
        quint32 child = n + 1;
        for (quint32 i = 0; i < node.count; ++i, child += nodes[child].size)
            object.insert(keyString(child), toJson(child)); // a repeated name: the last wins
        return object;
    }
    case Array: {
        QJsonArray array;
        quint32 child = n + 1;
        for (quint32 i = 0; i < node.count; ++i, child += nodes[child].size)
            array.append(toJson(child));
        return array;
    }
    }
    return {};
}

QString FastItems::Names::name(std::string_view utf8)
{
    for (const auto &[bytes, name] : known) {
        if (bytes == utf8)
            return name;
    }
    QString name = QString::fromUtf8(utf8.data(), qsizetype(utf8.size()));
    if (known.size() < 256)
        known.emplace_back(std::string(utf8), name);
    return name;
}

bool FastItems::item(quint32 n, Item &out) const
{
    const Tree::Node &node = m_tree.nodes[n];
    if (node.kind != Tree::Object)
        return false;
    quint32 child = n + 1;
    for (quint32 i = 0; i < node.count; ++i, child += m_tree.nodes[child].size) {
        AttributeValue value;
        if (!this->value(child, value))
            return false;
        if (!out.emplace(m_names.name(m_tree.key(child)), std::move(value)).second)
            return false;
    }
    return true;
}

bool FastItems::encode(quint32 n, itemcodec::ScalarItemEncoder &encoder, std::string &out) const
{
    const Tree::Node &node = m_tree.nodes[n];
    if (node.kind != Tree::Object)
        return false;
    encoder.clear();
    quint32 child = n + 1;
    for (quint32 slot = 0; slot < node.count; ++slot, child += m_tree.nodes[child].size) {
        const Tree::Node &typed = m_tree.nodes[child];
        if (typed.kind != Tree::Object || typed.count != 1)
            return false;
        const std::string_view name = m_tree.key(child);
        const quint32 inner = child + 1;
        const Tree::Node &payload = m_tree.nodes[inner];
        const std::string_view type = m_tree.key(inner);
        if (type.size() == 1 && (type[0] == 'S' || type[0] == 'N')) {
            if (payload.kind != Tree::String)
                return false;
            if (type[0] == 'S') {
                encoder.string(name, slot, m_tree.value(inner));
            } else {
                auto number = parseNumber(m_tree.value(inner));
                if (!number)
                    return false;
                encoder.number(name, slot, *number);
            }
        } else if (type == "BOOL" && (payload.kind == Tree::True || payload.kind == Tree::False)) {
            encoder.boolean(name, slot, payload.kind == Tree::True);
        } else if (type == "NULL" && payload.kind == Tree::True) {
            encoder.null(name, slot);
        } else {
            return false; // B, a set, a list, a map, or an error: the Item path
        }
    }
    return encoder.finish(out);
}

std::optional<Number> FastItems::parseNumber(std::string_view text) const
{
    QString &digits = m_names.number;
    digits.resize(qsizetype(text.size()));
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (uchar(text[i]) >= 0x80)
            return std::nullopt; // not a number; dynamojson words why
        digits[qsizetype(i)] = QLatin1Char(text[i]);
    }
    return Number::parse(digits);
}

bool FastItems::scalar(char type, quint32 n, AttributeValue &out) const
{
    if (m_tree.nodes[n].kind != Tree::String)
        return false;
    const auto text = m_tree.value(n);
    if (type == 'S') {
        out = AttributeValue::stringUtf8(QByteArray(text.data(), qsizetype(text.size())));
        return true;
    }
    if (type == 'N') {
        auto number = parseNumber(text);
        if (!number)
            return false;
        out = AttributeValue::number(*number);
        return true;
    }
    auto decoded = QByteArray::fromBase64Encoding(QByteArray(text.data(), qsizetype(text.size())),
                                                  QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        return false;
    out = AttributeValue::binary(*decoded);
    return true;
}

template<typename Read>
bool FastItems::readElements(quint32 n, AttributeValue::List &elements, Read &&read) const
{
    const Tree::Node &node = m_tree.nodes[n];
    elements.reserve(node.count);
    quint32 child = n + 1;
    for (quint32 i = 0; i < node.count; ++i, child += m_tree.nodes[child].size) {
        AttributeValue element;
        if (!read(child, element))
            return false;
        elements.push_back(std::move(element));
    }
    return true;
}

bool FastItems::set(char type, quint32 n, AttributeValue &out) const
{
    const Tree::Node &node = m_tree.nodes[n];
    if (node.kind != Tree::Array || node.count == 0)
        return false;
    AttributeValue::List elements;
    const bool read = readElements(n, elements, [&](quint32 child, AttributeValue &element) {
        // Duplicates are refused here; dynamojson words DynamoDB's message.
        return scalar(type, child, element)
            && std::find(elements.begin(), elements.end(), element) == elements.end();
    });
    if (!read)
        return false;
    out = type == 'S' ? AttributeValue::stringSet(std::move(elements))
                      : AttributeValue::numberSet(std::move(elements));
    return true;
}

bool FastItems::value(quint32 n, AttributeValue &out) const
{
    const Tree::Node &node = m_tree.nodes[n];
    if (node.kind != Tree::Object || node.count != 1)
        return false;
    const quint32 inner = n + 1;
    const std::string_view type = m_tree.key(inner);
    const Tree::Node &payload = m_tree.nodes[inner];
    if (type == "S" || type == "N" || type == "B")
        return scalar(type[0], inner, out);
    if (type == "SS" || type == "NS")
        return set(type[0], inner, out);
    if (type == "BOOL") {
        if (payload.kind != Tree::True && payload.kind != Tree::False)
            return false;
        out = AttributeValue::boolean(payload.kind == Tree::True);
        return true;
    }
    if (type == "NULL") {
        if (payload.kind != Tree::True)
            return false;
        out = AttributeValue::null();
        return true;
    }
    if (type == "M") {
        Item members;
        if (!item(inner, members))
            return false;
        out = AttributeValue::map(std::move(members));
        return true;
    }
    if (type == "L") {
        if (payload.kind != Tree::Array)
            return false;
        AttributeValue::List elements;
        const bool read
            = readElements(inner, elements, [&](quint32 child, AttributeValue &element) {
                  return value(child, element);
              });
        if (!read)
            return false;
        out = AttributeValue::list(std::move(elements));
        return true;
    }
    return false; // BS, an unknown type name
}

} // namespace keyscope::model::itemsreader::detail
