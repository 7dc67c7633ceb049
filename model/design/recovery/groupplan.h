#pragma once

// What the steps from groups of items to proposals share (groupinference.cpp, which plans and
// names each group, and groupexplain.cpp, which says why items do or do not belong).

#include "model/design/recovery/recoverycontext.h"

#include <QHash>
#include <QSet>

#include <optional>
#include <vector>

namespace keyscope::model::recovery::detail::groups {

constexpr qsizetype kSampleSize = 256;
constexpr int kNearMissesKept = 1000; // per proposal; the report shows 10

inline bool wordOnly(QStringView text)
{
    if (text.isEmpty())
        return false;
    for (const QChar c : text) {
        if (!((c >= QLatin1Char('A') && c <= QLatin1Char('Z'))
              || (c >= QLatin1Char('a') && c <= QLatin1Char('z'))))
            return false;
    }
    return true;
}

// One part of a key that is either literal or one placeholder: a single token, a span an
// attribute holds, or (items of several shapes) the whole value.
struct Unit
{
    int key = 0;
    int first = 0;
    int last = 0;
    bool label = false;
    bool whole = false;
    std::optional<SpanMatch> match;

    QHash<QByteArrayView, qsizetype> index;
    std::vector<QString> values; // distinct, in order of first appearance
    std::vector<qsizetype> firstItem;
    QByteArrayView lastSeen;
    bool seen = false;

    bool placeholder = false;
    PartKind kind;
    QString attribute;
    QString filters;
    bool existed = false;
    QString labelText; // the label before the part ("ORDER"), empty when none

    // Values are kept once each while they repeat; a part whose first 4096 values are all
    // different (a timestamp, a sequence number) keeps every value without the lookup.
    bool dedupe = true;
    qsizetype tracked = 0;

    void track(QByteArrayView value, qsizetype item)
    {
        if (seen && value == lastSeen)
            return;
        seen = true;
        lastSeen = value;
        if (dedupe) {
            ++tracked;
            if (index.contains(value))
                return;
            index.insert(value, qsizetype(values.size()));
            if (tracked >= 4096 && index.size() == tracked) {
                dedupe = false;
                index = {};
            }
        }
        values.push_back(QString::fromUtf8(value));
        firstItem.push_back(item);
    }
};

struct KeyPlan
{
    bool present = false;
    bool whole = false;
    const QByteArrayView *firstText = nullptr;
    std::vector<KeyToken> tokens;
    std::vector<int> unitOfToken; // -1: a literal separator
};

struct GroupPlan
{
    std::vector<qsizetype> members;
    std::vector<KeyPlan> keys;
    std::vector<Unit> units;
    QHash<QByteArrayView, int> partitionCounts;
    bool variable = false;
    bool rootLike = false; // its sort key repeats its partition key, or is literal
    int parent = -1;
    int countMin = 0;
    int countMax = 0;
    QString name;
    QString nameSource;
    QSet<QString> namesInUse; // the items' attribute names and the inferred ones
    std::vector<qsizetype> sample;
    int proposal = -1;
    std::vector<int> partOfUnit; // index into its key's InferredKey::parts
};

inline QByteArrayView spanText(QByteArrayView text, const std::vector<KeyToken> &tokens, int first,
                               int last)
{
    const qint32 start = tokens[size_t(first)].start;
    const qint32 end = tokens[size_t(last)].start + tokens[size_t(last)].length;
    return text.sliced(start, end - start);
}

// The label a group is named after: before the first placeholder of the sort key, else of the
// partition key, else the first label; *namingKey says which key.
QString prefixName(const Context &context, const GroupPlan &plan, int *namingKey);

// Items that share a group's prefix but not its shape, with why (proposal.nearMisses).
void findNearMisses(const Context &context, std::vector<GroupPlan> &plans,
                    const std::vector<int> &groupOfItem, RecoveryResult &result);
// "42 of 43 items whose SK starts 'ORDER#' match; ..." (EntityProposal::reason).
QString reasonFor(const Context &context, const std::vector<GroupPlan> &plans,
                  const GroupPlan &plan, const EntityProposal &proposal);

} // namespace keyscope::model::recovery::detail::groups
