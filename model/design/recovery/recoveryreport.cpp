#include "model/design/recovery/designrecovery.h"

#include "model/design/projectfile.h"
#include "model/io/wording.h"

#include <QJsonArray>

// What `keyscope infer` prints and the review dialog shows: per proposal its name and where
// the name came from, the templates, the attributes with their kinds, how sure and why, near
// misses and outliers; then the unmatched items.

namespace keyscope::model::recovery {

namespace {

constexpr int kListed = 10;    // near misses and outliers per proposal
constexpr int kUnmatched = 20; // unmatched items

QString keyOf(const Item &item, const TableDefinition &table)
{
    QStringList parts;
    for (const KeyAttribute &k : table.keys.all()) {
        const auto found = item.find(k.name);
        if (found != item.end())
            parts << found->second.displayText();
    }
    return parts.join(QLatin1String(" / "));
}

// The kind of each placeholder attribute, from the templates.
std::map<QString, QString> kindsOf(const EntityProposal &proposal)
{
    std::map<QString, QString> kinds;
    for (const InferredKey &key : proposal.keys) {
        for (const InferredKey::Part &part : key.parts) {
            if (part.isPlaceholder && !kinds.count(part.attribute))
                kinds[part.attribute] = part.kind.describe()
                    + (part.attributeExisted ? QStringLiteral(", an attribute of the items")
                                             : QStringLiteral(", inferred from the keys"));
        }
    }
    for (const auto &[name, kind] : proposal.attributeKinds) {
        if (!kinds.count(name))
            kinds[name] = kind + QStringLiteral(", an attribute of the items");
    }
    return kinds;
}

QString percent(double confidence)
{
    return QString::number(qRound(confidence * 100)) + QLatin1Char('%');
}

} // namespace

QString DesignRecovery::report(const RecoveryResult &result, const ItemList &items,
                               const TableDefinition &table)
{
    QString text;
    text
        += QStringLiteral("%1 inferred from %2\n")
               .arg(counted(qint64(result.proposals.size()), QStringLiteral("entity type"),
                            QStringLiteral("entity types")),
                    counted(qint64(items.size()), QStringLiteral("item"), QStringLiteral("items")));
    for (const EntityProposal &proposal : result.proposals) {
        const EntityType &entity = proposal.entity;
        text += QStringLiteral("\n%1 (named from %2), %3, confidence %4\n")
                    .arg(entity.name, proposal.nameSource,
                         counted(qint64(proposal.items.size()), QStringLiteral("item"),
                                 QStringLiteral("items")),
                         percent(proposal.confidence));
        if (!entity.parent.isEmpty())
            text += QStringLiteral("  child of %1, %2 to %3 per %1\n")
                        .arg(entity.parent)
                        .arg(entity.countMin)
                        .arg(entity.countMax);
        for (const InferredKey &key : proposal.keys)
            text += QStringLiteral("  %1 = %2\n").arg(key.keyAttribute, key.templateText);
        const auto kinds = kindsOf(proposal);
        for (const AttributeSpec &spec : entity.attributes) {
            const auto kind = kinds.find(spec.name);
            text += QStringLiteral("  attribute %1 (%2)%3\n")
                        .arg(spec.name, ProjectFile::attributeKindName(spec.type),
                             kind == kinds.end() ? QString() : QStringLiteral(": ") + kind->second);
        }
        text += QStringLiteral("  why: %1\n").arg(proposal.reason);
        for (size_t m = 0; m < proposal.nearMisses.size() && m < size_t(kListed); ++m)
            text += QStringLiteral("  near miss: %1\n")
                        .arg(proposal.nearMissReasons.value(qsizetype(m)));
        if (proposal.nearMisses.size() > size_t(kListed))
            text += QStringLiteral("  and %1\n")
                        .arg(counted(qint64(proposal.nearMisses.size() - size_t(kListed)),
                                     QStringLiteral("more near miss"),
                                     QStringLiteral("more near misses")));
        for (size_t o = 0; o < proposal.outliers.size() && o < size_t(kListed); ++o) {
            const EntityProposal::Outlier &outlier = proposal.outliers[o];
            text += QStringLiteral("  outlier: '%1': %2 part %3 is '%4'\n")
                        .arg(outlier.item >= 0 && outlier.item < qsizetype(items.size())
                                 ? keyOf(items[size_t(outlier.item)], table)
                                 : QString(),
                             outlier.keyAttribute)
                        .arg(outlier.part + 1)
                        .arg(outlier.text);
        }
        if (proposal.outlierCount > qsizetype(std::min<size_t>(proposal.outliers.size(), kListed)))
            text += QStringLiteral("  and %1\n")
                        .arg(counted(
                            proposal.outlierCount
                                - qsizetype(std::min<size_t>(proposal.outliers.size(), kListed)),
                            QStringLiteral("more outlier"), QStringLiteral("more outliers")));
    }
    text += QStringLiteral("\n%1 %2 no entity type%3\n")
                .arg(counted(qint64(result.unmatched.size()), QStringLiteral("item"),
                             QStringLiteral("items")),
                     result.unmatched.size() == 1 ? QStringLiteral("matches")
                                                  : QStringLiteral("match"),
                     result.unmatched.empty() ? QString() : QStringLiteral(":"));
    for (size_t u = 0; u < result.unmatched.size() && u < size_t(kUnmatched); ++u) {
        const qsizetype i = result.unmatched[u];
        if (i >= 0 && i < qsizetype(items.size()))
            text += QStringLiteral("  %1\n").arg(keyOf(items[size_t(i)], table));
    }
    if (result.unmatched.size() > size_t(kUnmatched))
        text += QStringLiteral("  and %1 more\n").arg(result.unmatched.size() - size_t(kUnmatched));
    for (const QString &note : result.notes)
        text += QStringLiteral("note: %1\n").arg(note);
    return text;
}

QJsonObject DesignRecovery::reportJson(const RecoveryResult &result, const ItemList &items,
                                       const TableDefinition &table)
{
    const auto keyAt = [&](qsizetype i) {
        return i >= 0 && i < qsizetype(items.size()) ? keyOf(items[size_t(i)], table) : QString();
    };
    QJsonArray proposals;
    for (const EntityProposal &proposal : result.proposals) {
        const EntityType &entity = proposal.entity;
        QJsonObject keys;
        for (const InferredKey &key : proposal.keys)
            keys.insert(key.keyAttribute, key.templateText);
        const auto kinds = kindsOf(proposal);
        QJsonArray attributes;
        for (const AttributeSpec &spec : entity.attributes) {
            const auto kind = kinds.find(spec.name);
            attributes.append(QJsonObject {
                {QStringLiteral("name"), spec.name},
                {QStringLiteral("type"), ProjectFile::attributeKindName(spec.type)},
                {QStringLiteral("kind"), kind == kinds.end() ? QString() : kind->second}});
        }
        QJsonArray nearMisses;
        for (size_t m = 0; m < proposal.nearMisses.size() && m < size_t(kListed); ++m)
            nearMisses.append(QJsonObject {
                {QStringLiteral("key"), keyAt(proposal.nearMisses[m])},
                {QStringLiteral("why"), proposal.nearMissReasons.value(qsizetype(m))}});
        QJsonArray outliers;
        for (size_t o = 0; o < proposal.outliers.size() && o < size_t(kListed); ++o) {
            const EntityProposal::Outlier &outlier = proposal.outliers[o];
            outliers.append(QJsonObject {{QStringLiteral("key"), keyAt(outlier.item)},
                                         {QStringLiteral("keyAttribute"), outlier.keyAttribute},
                                         {QStringLiteral("part"), outlier.part},
                                         {QStringLiteral("text"), outlier.text}});
        }
        QJsonObject object {{QStringLiteral("entity"), entity.name},
                            {QStringLiteral("nameSource"), proposal.nameSource},
                            {QStringLiteral("keys"), keys},
                            {QStringLiteral("attributes"), attributes},
                            {QStringLiteral("items"), qint64(proposal.items.size())},
                            {QStringLiteral("countMin"), entity.countMin},
                            {QStringLiteral("countMax"), entity.countMax},
                            {QStringLiteral("confidence"), proposal.confidence},
                            {QStringLiteral("reason"), proposal.reason},
                            {QStringLiteral("nearMissCount"), qint64(proposal.nearMisses.size())},
                            {QStringLiteral("nearMisses"), nearMisses},
                            {QStringLiteral("outlierCount"), qint64(proposal.outlierCount)},
                            {QStringLiteral("outliers"), outliers}};
        if (!entity.parent.isEmpty())
            object.insert(QStringLiteral("parent"), entity.parent);
        proposals.append(object);
    }
    QJsonArray unmatchedKeys;
    for (size_t u = 0; u < result.unmatched.size() && u < size_t(kUnmatched); ++u)
        unmatchedKeys.append(keyAt(result.unmatched[u]));
    QJsonArray notes;
    for (const QString &note : result.notes)
        notes.append(note);
    return QJsonObject {{QStringLiteral("proposals"), proposals},
                        {QStringLiteral("unmatched"), qint64(result.unmatched.size())},
                        {QStringLiteral("unmatchedKeys"), unmatchedKeys},
                        {QStringLiteral("notes"), notes}};
}

} // namespace keyscope::model::recovery
