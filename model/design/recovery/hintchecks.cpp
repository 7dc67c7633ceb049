#include "model/design/recovery/hintchecks.h"

#include "model/io/suggestion.h"

namespace keyscope::model::recovery {

namespace {

// The text up to and including the n-th '#', or empty when it has fewer.
QString throughSeparator(const QString &text, int n)
{
    qsizetype at = -1;
    for (int i = 0; i < n; ++i) {
        at = text.indexOf(u'#', at + 1);
        if (at < 0)
            return {};
    }
    return text.left(at + 1);
}

} // namespace

QStringList hintNotes(const std::vector<TypeHint> &hints, const ItemList &items,
                      const QString &source)
{
    QStringList notes;
    for (const TypeHint &hint : hints) {
        for (const auto &[key, alias] : hint.keyAliases) {
            const qsizetype last = alias.lastIndexOf(u'#');
            if (last < 1 || alias.contains(u'{') || alias.contains(u'<'))
                continue;
            const QString prefix = alias.left(last + 1);
            // A constant as prefixes are written ("#METADATA#"); "SubId#SKU" names attributes.
            if (prefix != prefix.toUpper())
                continue;
            const int separators = int(prefix.count(u'#'));
            for (const qsizetype i : hint.items) {
                if (i < 0 || i >= qsizetype(items.size()))
                    continue;
                const auto found = items.attribute(size_t(i), key);
                if (!found || found->type() != AttributeValue::Type::S)
                    continue;
                const QString value = found->asString();
                const QString written = throughSeparator(value, separators);
                if (value.startsWith(prefix) || written.isEmpty())
                    continue;
                const int distance = editDistance(prefix, written);
                if (distance == 0 || distance > 2 || distance * 3 > prefix.size())
                    continue;
                notes << source + QStringLiteral(": ") + hint.source
                             + QStringLiteral(": its alias for %1, '%2', spells the prefix '%3', "
                                              "but its items write '%4' (%1 '%5'): a typo in "
                                              "the alias or in the items; key templates follow "
                                              "the items")
                                   .arg(key, alias, prefix, written, value);
                break;
            }
        }
    }
    return notes;
}

} // namespace keyscope::model::recovery
