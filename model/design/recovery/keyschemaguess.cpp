#include "model/design/recovery/keyschemaguess.h"

#include <QStringList>

#include <map>

namespace keyscope::model::recovery {

namespace {

struct Candidate
{
    qsizetype count = 0;
    std::optional<AttributeValue::Type> type;
    bool oneType = true;
};

} // namespace

std::optional<TableDefinition> guessTableKeys(const ItemList &items, QString *why)
{
    static const QStringList hashNames
        = {QStringLiteral("pk"), QStringLiteral("partitionkey"),  QStringLiteral("hashkey"),
           QStringLiteral("hk"), QStringLiteral("partition_key"), QStringLiteral("id")};
    static const QStringList rangeNames
        = {QStringLiteral("sk"), QStringLiteral("sortkey"), QStringLiteral("rangekey"),
           QStringLiteral("rk"), QStringLiteral("sort_key")};
    std::map<QString, Candidate> candidates;
    for (const Item &item : items) {
        for (const auto &[name, value] : item) {
            const QString lower = name.toLower();
            if (!hashNames.contains(lower) && !rangeNames.contains(lower))
                continue;
            Candidate &c = candidates[name];
            if (!value.isKeyType())
                continue;
            ++c.count;
            if (c.type && *c.type != value.type())
                c.oneType = false;
            c.type = value.type();
        }
    }
    auto pick = [&](const QStringList &names) -> std::optional<KeyAttribute> {
        for (const QString &wanted : names) {
            for (const auto &[name, c] : candidates) {
                if (name.toLower() == wanted && c.count == qsizetype(items.size()) && c.oneType
                    && c.type)
                    return KeyAttribute {name, *c.type};
            }
        }
        return std::nullopt;
    };
    const auto hash = pick(hashNames);
    if (!hash || items.empty()) {
        if (why)
            *why = QStringLiteral("no attribute that every item holds as a string, number or "
                                  "binary is named like a partition key (PK, pk, "
                                  "PartitionKey, HashKey, id)");
        return std::nullopt;
    }
    TableDefinition table;
    table.keys.hash.push_back(*hash);
    if (const auto range = pick(rangeNames))
        table.keys.range.push_back(*range);
    return table;
}

} // namespace keyscope::model::recovery
