#include "model/design/recovery/designrecovery.h"

#include <QJsonArray>
#include <QSet>

#include <algorithm>

// First slice: groups items by the literal prefix of their table sort key (the text up to the
// first digit or separator run) and infers one placeholder per variable part. The full
// recovery (every key, separators, typed parts, attribute matching, parents, confidence)
// replaces recover(), merge() and report().

namespace keyscope::model::recovery {

namespace {

QString keyText(const Item &item, const QString &attribute)
{
    const auto found = item.find(attribute);
    if (found == item.end())
        return {};
    return found->second.type() == AttributeValue::Type::S ? found->second.asString() : QString();
}

// The literal prefix: through the first separator ('#', '|', ':', '_') that follows a letter,
// else up to the first digit.
QString prefixOf(const QString &key)
{
    static const QString separators = QStringLiteral("#|:_");
    bool letter = false;
    for (qsizetype i = 0; i < key.size(); ++i) {
        if (separators.contains(key.at(i)) && letter) {
            while (i + 1 < key.size() && separators.contains(key.at(i + 1)))
                ++i;
            return key.left(i + 1);
        }
        letter = letter || key.at(i).isLetter();
    }
    qsizetype i = 0;
    while (i < key.size() && !key.at(i).isDigit())
        ++i;
    return key.left(i);
}

QString entityNameFromPrefix(const QString &prefix)
{
    QString letters;
    for (const QChar c : prefix) {
        if (c.isLetter())
            letters += letters.isEmpty() ? c.toUpper() : c.toLower();
        else if (!letters.isEmpty())
            break;
    }
    return letters.isEmpty() ? QStringLiteral("Item") : letters;
}

} // namespace

RecoveryResult DesignRecovery::recover(const TableDefinition &table, const std::vector<Item> &items,
                                       const RecoveryOptions &options)
{
    Q_UNUSED(options);
    RecoveryResult result;
    result.groupOf.assign(items.size(), -1);
    if (table.keys.range.empty() || table.keys.hash.empty()) {
        for (qsizetype i = 0; i < qsizetype(items.size()); ++i)
            result.unmatched.push_back(i);
        return result;
    }
    const QString sk = table.keys.range.front().name;
    std::map<QString, std::vector<qsizetype>> byPrefix;
    for (qsizetype i = 0; i < qsizetype(items.size()); ++i) {
        const QString key = keyText(items[size_t(i)], sk);
        const QString prefix = prefixOf(key);
        if (key.isEmpty() || prefix == key) {
            result.unmatched.push_back(i);
            continue;
        }
        byPrefix[prefix].push_back(i);
    }
    for (const auto &[prefix, members] : byPrefix) {
        EntityProposal proposal;
        proposal.entity.name = entityNameFromPrefix(prefix);
        proposal.nameSource = QStringLiteral("the prefix %1").arg(prefix);
        std::vector<QString> values;
        for (const qsizetype i : members)
            values.push_back(keyText(items[size_t(i)], sk).mid(prefix.size()));
        const PartKind kind = classifyPart(values);
        const QString attribute = proposal.entity.name + QStringLiteral("No");
        InferredKey key;
        key.keyAttribute = sk;
        key.templateText
            = prefix + QLatin1Char('{') + attribute + templateFilters(kind) + QLatin1Char('}');
        InferredKey::Part literal;
        literal.literal = prefix;
        literal.column = 1;
        literal.length = int(prefix.size());
        InferredKey::Part placeholder;
        placeholder.isPlaceholder = true;
        placeholder.attribute = attribute;
        placeholder.kind = kind;
        placeholder.column = int(prefix.size()) + 1;
        placeholder.length = int(key.templateText.size() - prefix.size());
        key.parts = {literal, placeholder};
        proposal.keys.push_back(key);
        proposal.entity.keys[sk] = key.templateText;
        proposal.entity.attributes.push_back(inferredAttribute(attribute, kind, values));
        proposal.entity.countMin = proposal.entity.countMax = int(members.size());
        proposal.items = members;
        proposal.confidence = 1.0;
        proposal.reason
            = QStringLiteral("%1 items whose %2 starts '%3'").arg(members.size()).arg(sk, prefix);
        for (const qsizetype i : members)
            result.groupOf[size_t(i)] = int(result.proposals.size());
        result.proposals.push_back(std::move(proposal));
    }
    return result;
}

std::vector<TypeHint> DesignRecovery::hintsFrom(const Project &project)
{
    std::vector<TypeHint> hints;
    for (const EntityType &entity : project.entities) {
        if (entity.countMax != 0)
            continue;
        TypeHint hint;
        hint.name = entity.name;
        hint.source = QStringLiteral("entity type '%1'").arg(entity.name);
        for (const auto &[attribute, text] : entity.keys) {
            if (text.startsWith(QLatin1Char('{')) && text.endsWith(QLatin1Char('}'))
                && text.count(QLatin1Char('{')) == 1)
                hint.keyAliases[attribute] = text.mid(1, text.size() - 2);
        }
        for (const AttributeSpec &spec : entity.attributes)
            hint.attributes.push_back(spec.name);
        hints.push_back(std::move(hint));
    }
    return hints;
}

RecoveryResult DesignRecovery::merge(const RecoveryResult &result, int into, int from,
                                     const TableDefinition &table, const std::vector<Item> &items)
{
    Q_UNUSED(table);
    Q_UNUSED(items);
    RecoveryResult merged = result;
    if (into == from || into < 0 || from < 0 || into >= int(result.proposals.size())
        || from >= int(result.proposals.size()))
        return merged;
    EntityProposal &target = merged.proposals[size_t(into)];
    const EntityProposal &source = result.proposals[size_t(from)];
    target.items.insert(target.items.end(), source.items.begin(), source.items.end());
    std::sort(target.items.begin(), target.items.end());
    merged.proposals.erase(merged.proposals.begin() + from);
    for (int &group : merged.groupOf) {
        if (group == from)
            group = into;
        if (group > from)
            --group;
    }
    return merged;
}

Project DesignRecovery::apply(const Project &project, const RecoveryResult &result,
                              const std::vector<Decision> &decisions)
{
    Project out = project;
    std::map<QString, QString> renamed; // proposal name -> name it gets
    QSet<qsizetype> absorbed;
    std::vector<EntityType> accepted;
    for (size_t p = 0; p < result.proposals.size(); ++p) {
        const EntityProposal &proposal = result.proposals[p];
        const Decision decision = p < decisions.size() ? decisions[p] : Decision {};
        if (!decision.accept)
            continue;
        EntityType entity = proposal.entity;
        if (!decision.name.isEmpty() && decision.name != entity.name) {
            renamed[entity.name] = decision.name;
            entity.name = decision.name;
        }
        accepted.push_back(std::move(entity));
        for (const qsizetype i : proposal.items)
            absorbed.insert(i);
    }
    QSet<QString> acceptedNames;
    for (EntityType &entity : accepted) {
        if (const auto it = renamed.find(entity.parent); it != renamed.end())
            entity.parent = it->second;
        for (auto &[attribute, text] : entity.keys) {
            for (const auto &[from, to] : renamed)
                text.replace(QLatin1Char('{') + from + QLatin1Char('.'),
                             QLatin1Char('{') + to + QLatin1Char('.'));
        }
        acceptedNames.insert(entity.name);
    }
    // A child whose parent was rejected keeps its templates but becomes a root: its parent's
    // attributes are then missing, which the design checks report.
    for (EntityType &entity : accepted) {
        if (!entity.parent.isEmpty() && !acceptedNames.contains(entity.parent))
            entity.parent.clear();
    }
    std::vector<EntityType> entities;
    for (const EntityType &entity : project.entities) {
        if (entity.countMax == 0 && acceptedNames.contains(entity.name))
            continue; // a facet the recovered type now describes
        entities.push_back(entity);
    }
    for (EntityType &entity : accepted)
        entities.push_back(std::move(entity));
    out.entities = std::move(entities);
    std::vector<Item> kept;
    for (qsizetype i = 0; i < qsizetype(project.items.size()); ++i) {
        if (!absorbed.contains(i))
            kept.push_back(project.items[size_t(i)]);
    }
    out.items = std::move(kept);
    return out;
}

Item DesignRecovery::withInferredAttributes(const Item &item, const EntityProposal &proposal)
{
    Item out = item;
    for (const InferredKey &key : proposal.keys) {
        const QString text = keyText(item, key.keyAttribute);
        qsizetype at = 0;
        for (size_t p = 0; p < key.parts.size(); ++p) {
            const InferredKey::Part &part = key.parts[p];
            if (!part.isPlaceholder) {
                if (!text.mid(at).startsWith(part.literal))
                    return out;
                at += part.literal.size();
                continue;
            }
            // The placeholder runs to the next literal (or the end).
            qsizetype end = text.size();
            if (p + 1 < key.parts.size() && !key.parts[p + 1].isPlaceholder) {
                end = text.indexOf(key.parts[p + 1].literal, at);
                if (end < 0)
                    return out;
            }
            const QString value = text.mid(at, end - at);
            at = end;
            if (part.attributeExisted || part.attribute.contains(QLatin1Char('.')))
                continue;
            if (out.count(part.attribute))
                continue;
            if (const auto v = attributeValueOf(part.kind, value))
                out[part.attribute] = *v;
        }
    }
    return out;
}

QString DesignRecovery::report(const RecoveryResult &result, const std::vector<Item> &items,
                               const TableDefinition &table)
{
    Q_UNUSED(items);
    Q_UNUSED(table);
    QString text;
    for (const EntityProposal &proposal : result.proposals) {
        text += QStringLiteral("%1 (%2): %3\n")
                    .arg(proposal.entity.name, proposal.nameSource, proposal.reason);
        for (const InferredKey &key : proposal.keys)
            text += QStringLiteral("  %1 = %2\n").arg(key.keyAttribute, key.templateText);
    }
    text += QStringLiteral("%1 item(s) match no entity type\n").arg(result.unmatched.size());
    return text;
}

QJsonObject DesignRecovery::reportJson(const RecoveryResult &result, const std::vector<Item> &items,
                                       const TableDefinition &table)
{
    Q_UNUSED(items);
    Q_UNUSED(table);
    QJsonArray proposals;
    for (const EntityProposal &proposal : result.proposals) {
        QJsonObject keys;
        for (const InferredKey &key : proposal.keys)
            keys.insert(key.keyAttribute, key.templateText);
        proposals.append(QJsonObject {{QStringLiteral("entity"), proposal.entity.name},
                                      {QStringLiteral("nameSource"), proposal.nameSource},
                                      {QStringLiteral("keys"), keys},
                                      {QStringLiteral("items"), qint64(proposal.items.size())},
                                      {QStringLiteral("confidence"), proposal.confidence},
                                      {QStringLiteral("reason"), proposal.reason}});
    }
    return QJsonObject {{QStringLiteral("proposals"), proposals},
                        {QStringLiteral("unmatched"), qint64(result.unmatched.size())}};
}

} // namespace keyscope::model::recovery
