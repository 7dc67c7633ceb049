// mixed-case on hand-written sort keys that no inferred template reads as a placeholder: keys
// typed as they are said ("Dean", "DeBrie", "dern"), each its own literal, in one collection.

#include "model/design/checks/ordersupport.h"

#include <map>

namespace keyscope::model::checks {

namespace {

// One store's string sort key: the index name ("" the table), its partition key attributes.
struct SortKeyOf
{
    QString store;
    QStringList hash;
    QString range;
};

std::vector<SortKeyOf> stringSortKeys(const TableDefinition &table)
{
    std::vector<SortKeyOf> out;
    const auto add = [&](const QString &store, const KeySchema &keys) {
        if (keys.range.size() != 1 || keys.range.front().type != AttributeValue::Type::S)
            return;
        SortKeyOf key {store, {}, keys.range.front().name};
        for (const KeyAttribute &hash : keys.hash)
            key.hash << hash.name;
        out.push_back(std::move(key));
    };
    add(QString(), table.keys);
    for (const IndexDefinition &index : table.indexes)
        add(index.name, index.keys);
    return out;
}

// Items already in a mixed-case finding (an inferred template's placeholder) are not told
// again.
std::vector<qint64> reportedItems(const std::vector<Finding> &findings)
{
    std::vector<qint64> out;
    for (const Finding &f : findings) {
        if (f.id == QLatin1String("mixed-case"))
            out.insert(out.end(), f.concerned.begin(), f.concerned.end());
    }
    std::sort(out.begin(), out.end());
    return out;
}

// Per group, its items: the hand-written items of one collection whose keys begin with one
// letter, case aside. Keys of different entity types ("ORDER#1" beside "customer#1") are not
// compared.
using Groups = std::map<QByteArray, std::vector<qint64>>;

void sampleKeys(const CheckContext &context, const SortKeyOf &key,
                const std::vector<qint64> &reported, InversionFinder &finder, Groups &groups)
{
    const Population &population = context.population;
    for (qint64 i = population.generatedCount; i < population.size(); ++i) {
        if (std::binary_search(reported.begin(), reported.end(), i))
            continue;
        const Item item = context.item(i);
        QByteArray group;
        bool ok = true;
        for (const QString &name : key.hash)
            ok = ok && appendKeyBytes(group, item, name);
        const auto value = item.find(key.range);
        if (!ok || value == item.end() || value->second.type() != AttributeValue::Type::S)
            continue;
        const QString text = value->second.asString();
        if (text.isEmpty() || !text.front().isLetter())
            continue;
        group += text.left(1).toCaseFolded().toUtf8();
        groups[group].push_back(i);
        finder.add(group, text.toCaseFolded().toUtf8(), text.toUtf8(), i);
    }
}

// "PK 'SHOP#1'" (of index ByName)
QString collectionText(const CheckContext &context, const SortKeyOf &key, qint64 item)
{
    QStringList parts;
    for (const QString &name : key.hash)
        parts << name + u' ' + CheckContext::quoted(context.keyValue(item, name));
    QString text = parts.join(QStringLiteral(", "));
    if (!key.store.isEmpty())
        text += QStringLiteral(" of index ") + key.store;
    return text;
}

void report(const CheckContext &context, const SortKeyOf &key, const InversionFinder::Pair &pair,
            const std::vector<qint64> &group, std::vector<Finding> &findings)
{
    const int entity = context.entityOf(pair.later.item);
    Finding f = findingOf(
        QStringLiteral("mixed-case"), Finding::Severity::Warning,
        entity >= 0 ? context.entityName(entity) : QString(), key.range,
        QStringLiteral("items[%1]").arg(pair.later.item - context.population.generatedCount));
    f.index = key.store;
    f.items = {pair.later.item, pair.earlier.item};
    setConcerned(f, group);
    const PairText words = pairText(context, key.range, pair);
    f.title = words.title;
    QStringList keys;
    QStringList rewrites;
    for (const qint64 item : group) {
        const QString text = context.keyValue(item, key.range).asString();
        keys << u'\'' + text + u'\'';
        rewrites << QStringLiteral("'%1' for '%2'").arg(text.toUpper(), text);
    }
    f.explanation
        = QStringLiteral("The hand-written items of one collection (%1) write %2 in mixed case: "
                         "%3. DynamoDB compares UTF-8 bytes, where every uppercase letter "
                         "(0x41-0x5A) sorts before every lowercase one (0x61-0x7A), so byte "
                         "order is not alphabetical order: %4, although alphabetically '%5' "
                         "comes first.")
              .arg(collectionText(context, key, pair.later.item), key.range,
                   keys.join(QStringLiteral(", ")), words.comparison,
                   CheckContext::valueText(words.earlierKey));
    f.fix = QStringLiteral("Write these keys in one case: %1; keep the text as typed in another "
                           "attribute for display.")
                .arg(rewrites.join(QStringLiteral(", ")));
    f.scopeNote = QStringLiteral("About the hand-written items' key values, not a key template.");
    findings.push_back(std::move(f));
}

} // namespace

void checkHandWrittenCase(const CheckContext &context, std::vector<Finding> &findings)
{
    if (context.population.size() == context.population.generatedCount)
        return;
    const std::vector<qint64> reported = reportedItems(findings);
    for (const SortKeyOf &key : stringSortKeys(context.project.table)) {
        InversionFinder finder;
        Groups groups;
        sampleKeys(context, key, reported, finder, groups);
        if (const auto pair = finder.find())
            report(context, key, *pair, groups[pair->later.context], findings);
    }
}

} // namespace keyscope::model::checks
