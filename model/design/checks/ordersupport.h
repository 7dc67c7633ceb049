#pragma once

// What the byte-order checks share (orderchecks.cpp, padchecks.cpp): one part of a rendered
// key and the key text around it, integers of any width in numeric order, and the words for
// a pair of items sorting out of the intended order.

#include "model/design/checks/checksupport.h"

#include <QByteArray>
#include <QString>

#include <optional>
#include <vector>

namespace keyscope::model::checks {

// A share as a percentage with one decimal: 0.8125 -> "81.3".
QString percent(double share);

// The context (collection and key text before the part) and the key from the part on.
struct PartView
{
    QByteArray context;
    QByteArray remainder;
    QString output;
    QString prefix;
    QString suffix;
};

// From part outputs (CheckContext::partOutputs) and the item's collection.
PartView partView(const QByteArray &collection, const std::vector<QString> &outputs, int part);
// From a rendered key's trace.
PartView partView(const CheckContext &context, const KeySite &site, qint64 item,
                  const KeyTemplate::Rendered &rendered, int part);

// A finding about the site, marking the placeholder (or the whole template without one).
Finding makeFinding(const CheckContext &context, const QString &id, Finding::Severity severity,
                    const KeySite &site, const PlaceholderRef *ref);

// The site's template with the placeholder written as ISO-8601 in UTC ({Name|iso8601}).
QString isoTemplate(const KeySite &site, const PlaceholderRef &ref);
// The edit to `iso` (isoTemplate's text): "Write Name as ISO-8601 in UTC: ...".
void setIsoEdit(Finding &f, const CheckContext &context, const KeySite &site,
                const PlaceholderRef &ref, const QString &iso);

// What a pair of items found by an InversionFinder says, in words.
struct PairText
{
    QString title;      // "'#READING#10' sorts before '#READING#2'"
    QString comparison; // explainKeyOrder of the two keys
    AttributeValue laterKey;
    AttributeValue earlierKey;
};
PairText pairText(const CheckContext &context, const QString &keyAttribute,
                  const InversionFinder::Pair &pair);

// The placeholder's input value of the item as text ("" when it has none).
QString inputOf(const CheckContext &context, const PlaceholderRef &ref, qint64 item);

// The template text with the filter's argument replaced ("pad:3" -> "pad:6").
QString replaceFilterArgument(const QString &templateText, const KeyTemplate::Filter &filter,
                              const QString &argument);

// A decimal integer as sign and digits without leading zeros ("0" for zero).
struct IntegerText
{
    bool negative = false;
    QString digits;

    static std::optional<IntegerText> from(const AttributeValue &value)
    {
        QString text;
        if (value.type() == AttributeValue::Type::N)
            text = value.asNumber().toString();
        else if (value.type() == AttributeValue::Type::S)
            text = value.asString();
        else
            return std::nullopt;
        IntegerText result;
        qsizetype i = 0;
        if (text.startsWith(u'-') || text.startsWith(u'+')) {
            result.negative = text.at(0) == u'-';
            i = 1;
        }
        if (i >= text.size())
            return std::nullopt;
        for (qsizetype k = i; k < text.size(); ++k) {
            if (text.at(k) < u'0' || text.at(k) > u'9')
                return std::nullopt;
        }
        result.digits = text.mid(i);
        while (result.digits.size() > 1 && result.digits.startsWith(u'0'))
            result.digits.remove(0, 1);
        if (result.digits == QLatin1String("0"))
            result.negative = false;
        return result;
    }
    QString text() const { return negative ? u'-' + digits : digits; }
    // Numeric order.
    bool lessThan(const IntegerText &other) const
    {
        if (negative != other.negative)
            return negative;
        const bool shorter = digits.size() != other.digits.size()
            ? digits.size() < other.digits.size()
            : digits < other.digits;
        const bool equal = digits == other.digits;
        if (equal)
            return false;
        return negative ? !shorter : shorter;
    }
    // Bytes whose memcmp order is numeric order, for any number of digits.
    QByteArray sortable() const
    {
        const QByteArray d = digits.toLatin1();
        if (!negative)
            return QByteArray(1, '\x02') + orderedInt64(d.size()) + d;
        QByteArray inverted = d;
        for (char &c : inverted)
            c = char(0xFF - quint8(c));
        return QByteArray(1, '\x01') + orderedInt64(-d.size()) + inverted + '\xFF';
    }
    double approx() const { return (negative ? -1.0 : 1.0) * digits.toDouble(); }
};

} // namespace keyscope::model::checks
