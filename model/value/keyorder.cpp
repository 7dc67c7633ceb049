#include "model/value/keyorder.h"

namespace keyscope::model {

qsizetype firstDifference(const QByteArray &a, const QByteArray &b)
{
    const qsizetype n = std::min(a.size(), b.size());
    for (qsizetype i = 0; i < n; ++i) {
        if (a[i] != b[i])
            return i;
    }
    return -1;
}

QString describeByte(quint8 byte)
{
    const QString hex = QStringLiteral("0x")
                        + QString::number(byte, 16).toUpper().rightJustified(2, QLatin1Char('0'));
    if (byte >= 0x20 && byte < 0x7F)
        return QStringLiteral("'%1' (%2)").arg(QString(QLatin1Char(char(byte))), hex);
    return hex;
}

QString explainKeyOrder(const AttributeValue &a, const AttributeValue &b)
{
    const auto shown = [](const AttributeValue &v) {
        switch (v.type()) {
        case AttributeValue::Type::S:
            return QStringLiteral("'%1'").arg(v.asString());
        case AttributeValue::Type::N:
            return v.asNumber().toString();
        default:
            return QStringLiteral("0x") + QString::fromLatin1(v.bytes().toHex()).toUpper();
        }
    };
    const int c = AttributeValue::compareKeys(a, b);
    if (c == 0)
        return QStringLiteral("%1 and %2 are the same key").arg(shown(a), shown(b));
    const AttributeValue &first = c < 0 ? a : b;
    const AttributeValue &second = c < 0 ? b : a;
    const QString head = QStringLiteral("%1 sorts before %2").arg(shown(first), shown(second));
    if (first.type() == AttributeValue::Type::N)
        return head + QStringLiteral(": numbers compare by value");
    const QByteArray x = first.bytes();
    const QByteArray y = second.bytes();
    const qsizetype at = firstDifference(x, y);
    if (at < 0)
        return head + QStringLiteral(": it is a prefix of it");
    return head
           + QStringLiteral(": at byte %1, %2 < %3")
                 .arg(at + 1)
                 .arg(describeByte(quint8(x[at])), describeByte(quint8(y[at])));
}

} // namespace keyscope::model
