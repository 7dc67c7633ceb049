// Why items do or do not belong to a group: the near misses, the outliers, the reason each
// proposal gives (groupplan.h).

#include "model/design/recovery/groupplan.h"
#include "model/io/wording.h"

#include <algorithm>

namespace keyscope::model::recovery::detail::groups {

namespace {

QString keyDisplay(const Context &context, qsizetype item)
{
    QStringList parts;
    for (int k = 0; k < context.keyCount() && k < 2; ++k) {
        if (const QByteArrayView *text = context.key(item, k))
            parts << QString::fromUtf8(*text);
    }
    return parts.join(QLatin1String(" / "));
}

QString describeOutlier(const Context &context, const EntityProposal &proposal,
                        const EntityProposal::Outlier &o)
{
    QString kind;
    for (const InferredKey &key : proposal.keys) {
        if (key.keyAttribute == o.keyAttribute && o.part < int(key.parts.size()))
            kind = key.parts[size_t(o.part)].kind.describe();
    }
    return QStringLiteral("'%1': %2 part %3 '%4' does not fit the others (%5)")
        .arg(keyDisplay(context, o.item), o.keyAttribute)
        .arg(o.part + 1)
        .arg(o.text, kind);
}

int nonSeparators(const std::vector<KeyToken> &tokens)
{
    int n = 0;
    for (const KeyToken &t : tokens)
        n += t.role != KeyToken::Role::Separator;
    return n;
}

// Why an item with the group's prefix is not in the group.
QString whyNot(const Context &context, const GroupPlan &plan, qsizetype item)
{
    std::vector<KeyToken> tokens;
    for (int k = 0; k < int(plan.keys.size()); ++k) {
        const KeyPlan &key = plan.keys[size_t(k)];
        const QByteArrayView *text = context.key(item, k);
        const QString name = context.keyNames[k];
        if (key.present && !text)
            return QStringLiteral("has no %1").arg(name);
        if (!key.present && text)
            return QStringLiteral("has a %1, the others none").arg(name);
        if (!key.present || key.whole)
            continue;
        tokenizeKey(*text, tokens);
        const int mine = nonSeparators(tokens);
        const int theirs = nonSeparators(key.tokens);
        if (mine != theirs)
            return QStringLiteral("%1 has %2 parts where the others have %3")
                .arg(name)
                .arg(mine)
                .arg(theirs);
        if (tokens.size() != key.tokens.size())
            return QStringLiteral("%1 is separated differently").arg(name);
        for (size_t t = 0; t < tokens.size(); ++t) {
            const QByteArrayView a = tokens[t].in(*text);
            const QByteArrayView b = key.tokens[t].in(*key.firstText);
            const int u = key.unitOfToken[t];
            const bool literal = u < 0 || !plan.units[size_t(u)].placeholder;
            if (literal && a != b)
                return QStringLiteral("%1 has '%2' where the others have '%3'")
                    .arg(name, QString::fromUtf8(a), QString::fromUtf8(b));
            if (tokens[t].role != key.tokens[t].role && !literal) {
                const Unit &unit = plan.units[size_t(u)];
                return QStringLiteral("%1 part '%2' does not fit the others (%3)")
                    .arg(name, QString::fromUtf8(a), unit.kind.describe());
            }
        }
    }
    QString typeAttribute;
    if (context.typeOf(item, &typeAttribute) != context.typeOf(plan.members.front()))
        return QStringLiteral("its type attribute differs");
    return QStringLiteral("its other keys differ");
}

QByteArrayView leadingLiteral(const GroupPlan &plan, int k)
{
    const KeyPlan &key = plan.keys[size_t(k)];
    if (!key.present || key.whole)
        return {};
    qint32 end = 0;
    for (size_t t = 0; t < key.tokens.size(); ++t) {
        const int u = key.unitOfToken[t];
        if (u >= 0 && plan.units[size_t(u)].placeholder)
            break;
        end = key.tokens[t].start + key.tokens[t].length;
    }
    return QByteArrayView(*key.firstText).first(end);
}

// "ORDER#" of "ORDER#2025-08-21#123", "#READING#" of "#READING#00042": through the first label
// and the separator after it.
QByteArrayView prefixOf(QByteArrayView text, std::vector<KeyToken> &tokens)
{
    tokenizeKey(text, tokens);
    for (size_t t = 0; t < tokens.size(); ++t) {
        if (tokens[t].role == KeyToken::Role::Label) {
            qint32 end = tokens[t].start + tokens[t].length;
            if (t + 1 < tokens.size() && tokens[t + 1].role == KeyToken::Role::Separator)
                end += tokens[t + 1].length;
            return text.first(end);
        }
    }
    return {};
}

} // namespace

QString prefixName(const Context &context, const GroupPlan &plan, int *namingKey)
{
    const int sortKey = context.table.keys.hasRange() ? 1 : -1;
    // The label before the first placeholder of the sort key, else of the partition key.
    const auto labelBeforeVariable = [&](int k) -> QString {
        if (k < 0 || k >= int(plan.keys.size()) || !plan.keys[size_t(k)].present)
            return {};
        const KeyPlan &key = plan.keys[size_t(k)];
        QString label;
        for (size_t t = 0; t < key.tokens.size(); ++t) {
            const int u = key.unitOfToken[t];
            if (u >= 0 && plan.units[size_t(u)].placeholder)
                return label;
            if (key.tokens[t].role == KeyToken::Role::Label)
                label = QString::fromUtf8(key.tokens[t].in(*key.firstText));
        }
        return {};
    };
    for (const int k : {sortKey, 0}) {
        const QString label = labelBeforeVariable(k);
        if (!label.isEmpty()) {
            *namingKey = k;
            return label;
        }
    }
    for (int k = 0; k < int(plan.keys.size()); ++k) {
        const KeyPlan &key = plan.keys[size_t(k)];
        if (!key.present)
            continue;
        for (size_t t = 0; t < key.tokens.size(); ++t) {
            // A label a placeholder writes ("Liz" of {CustomerID}) is one item's value.
            const int u = key.unitOfToken[t];
            if (key.tokens[t].role != KeyToken::Role::Label
                || (u >= 0 && plan.units[size_t(u)].placeholder))
                continue;
            *namingKey = k;
            return QString::fromUtf8(key.tokens[t].in(*key.firstText));
        }
    }
    *namingKey = sortKey > 0 && plan.keys[size_t(sortKey)].present ? sortKey : 0;
    return {};
}

void findNearMisses(const Context &context, std::vector<GroupPlan> &plans,
                    const std::vector<int> &groupOfItem, RecoveryResult &result)
{
    // The largest proposal per (naming key, prefix) owns the items with that prefix.
    QHash<QByteArray, int> owners;
    std::vector<KeyToken> tokens;
    for (int g = 0; g < int(plans.size()); ++g) {
        GroupPlan &plan = plans[size_t(g)];
        if (plan.proposal < 0)
            continue;
        int namingKey = 0;
        prefixName(context, plan, &namingKey);
        const QByteArrayView *text = context.key(plan.members.front(), namingKey);
        if (!text)
            continue;
        const QByteArrayView prefix = prefixOf(*text, tokens);
        if (prefix.isEmpty())
            continue;
        const QByteArray id = QByteArray::number(namingKey) + '\0' + prefix.toByteArray();
        const auto it = owners.find(id);
        if (it == owners.end() || plans[size_t(*it)].members.size() < plan.members.size())
            owners.insert(id, g);
    }
    if (owners.isEmpty())
        return;
    QSet<int> namingKeys;
    for (auto it = owners.cbegin(); it != owners.cend(); ++it)
        namingKeys.insert(it.key().left(it.key().indexOf('\0')).toInt());
    // Only items outside proposals, or in proposals much smaller than an owner, can miss.
    size_t largest = 0;
    for (auto it = owners.cbegin(); it != owners.cend(); ++it)
        largest = std::max(largest, plans[size_t(*it)].members.size());
    std::vector<qsizetype> candidates;
    for (const GroupPlan &plan : plans) {
        if (plan.proposal < 0 || plan.members.size() * 4 <= largest)
            candidates.insert(candidates.end(), plan.members.begin(), plan.members.end());
    }
    std::sort(candidates.begin(), candidates.end());
    for (const qsizetype i : candidates) {
        const int own = groupOfItem[size_t(i)];
        for (const int k : namingKeys) {
            const QByteArrayView *text = context.key(i, k);
            if (!text)
                continue;
            const QByteArrayView prefix = prefixOf(*text, tokens);
            if (prefix.isEmpty())
                continue;
            const auto it = owners.constFind(QByteArray::number(k) + '\0' + prefix.toByteArray());
            if (it == owners.cend() || *it == own)
                continue;
            GroupPlan &owner = plans[size_t(*it)];
            if (own >= 0 && plans[size_t(own)].proposal >= 0
                && plans[size_t(own)].members.size() * 4 > owner.members.size())
                continue;
            bool sameStart = true;
            for (int key = 0; key < int(owner.keys.size()) && sameStart; ++key) {
                const QByteArrayView *mine = context.key(i, key);
                const QByteArrayView lead = leadingLiteral(owner, key);
                sameStart = lead.isEmpty() || (mine && QByteArrayView(*mine).startsWith(lead));
            }
            if (!sameStart)
                continue;
            EntityProposal &proposal = result.proposals[size_t(owner.proposal)];
            if (proposal.nearMisses.size() >= size_t(kNearMissesKept))
                continue;
            proposal.nearMisses.push_back(i);
            proposal.nearMissReasons.push_back(
                QStringLiteral("'%1': %2").arg(keyDisplay(context, i), whyNot(context, owner, i)));
        }
    }
}

QString reasonFor(const Context &context, const std::vector<GroupPlan> &plans,
                  const GroupPlan &plan, const EntityProposal &proposal)
{
    int namingKey = 0;
    prefixName(context, plan, &namingKey);
    const qsizetype n = qsizetype(plan.members.size());
    const QByteArrayView lead = leadingLiteral(plan, namingKey);
    const QString items = counted(n, QStringLiteral("item"), QStringLiteral("items"));
    const QString have = n == 1 ? QStringLiteral("has") : QStringLiteral("have");
    QString reason = lead.isEmpty()
        ? QStringLiteral("%1 %2 this key shape").arg(items, have)
        : QStringLiteral("%1 whose %2 starts '%3' %4 this key shape")
              .arg(items, context.keyNames[namingKey], QString::fromUtf8(lead), have);
    if (!proposal.nearMisses.empty())
        reason += QStringLiteral("; %1 with the same prefix %2 not (%3)")
                      .arg(QString::number(proposal.nearMisses.size()),
                           proposal.nearMisses.size() == 1 ? QStringLiteral("does")
                                                           : QStringLiteral("do"),
                           proposal.nearMissReasons.front());
    if (!proposal.outliers.empty()) {
        const EntityProposal::Outlier &o = proposal.outliers.front();
        reason += (proposal.outlierCount == 1 ? QStringLiteral("; %1 does not fit its part (%2)")
                                              : QStringLiteral("; %1 do not fit their part (%2)"))
                      .arg(counted(proposal.outlierCount, QStringLiteral("value"),
                                   QStringLiteral("values")),
                           describeOutlier(context, proposal, o));
    }
    if (plan.parent >= 0)
        reason += QStringLiteral("; they live in the partitions of %1 items (%2 to %3 each)")
                      .arg(plans[size_t(plan.parent)].name)
                      .arg(plan.countMin)
                      .arg(plan.countMax);
    return reason;
}

} // namespace keyscope::model::recovery::detail::groups
