#include "model/table/keyencoding.h"

#include <cstring>

namespace keyscope::model::keyencoding {

void appendComponentPrefix(QByteArray &out, QByteArrayView comparableBytes)
{
    for (char c : comparableBytes) {
        out.append(c);
        if (c == '\0')
            out.append(char(0xFF));
    }
}

void appendComponent(QByteArray &out, QByteArrayView comparableBytes)
{
    appendComponentPrefix(out, comparableBytes);
    out.append('\0');
    out.append(char(0x01));
}

QByteArray encodeTuple(const std::vector<AttributeValue> &values)
{
    QByteArray out;
    for (const auto &v : values)
        appendComponent(out, v.sortableBytes());
    return out;
}

QByteArray prefixEnd(QByteArrayView prefix)
{
    QByteArray end = prefix.toByteArray();
    while (!end.isEmpty() && quint8(end.back()) == 0xFF)
        end.chop(1);
    if (end.isEmpty())
        return {};
    end.back() = char(quint8(end.back()) + 1);
    return end;
}

QByteArray successor(QByteArrayView bytes)
{
    QByteArray out = bytes.toByteArray();
    out.append('\0');
    return out;
}

int compareBytes(QByteArrayView a, QByteArrayView b)
{
    const qsizetype n = std::min(a.size(), b.size());
    const int c = n ? std::memcmp(a.data(), b.data(), size_t(n)) : 0;
    if (c != 0)
        return c < 0 ? -1 : 1;
    if (a.size() == b.size())
        return 0;
    return a.size() < b.size() ? -1 : 1;
}

} // namespace keyscope::model::keyencoding
